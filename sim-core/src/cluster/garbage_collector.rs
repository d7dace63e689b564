//! The garbage collector's owner-reference cascade (`pkg/controller/garbagecollector`): when an
//! owner goes, its dependents are deleted (background), or released by dropping the owner
//! reference (orphan); with foreground deletion the dependents go first, then the owner's
//! `foregroundDeletion` finalizer.
//!
//! Upstream builds a dependency graph from watch events and works asynchronously; here the
//! store's owner index is the graph and the cascade runs inside the write that removed the owner
//! (`SyncControllers::removed` / `foreground`): see ARCHITECTURE.md, *Controllers inside a write*.

use crate::api::object::{self, ensure_map, finalizers};
use crate::api::registry::KindInfo;
use crate::api::server::{kind_info, ApiServer, DeleteOptions, Key, Propagation};
use crate::api::status::Status;
use crate::json::{json, Value};

/// `owner` was removed from the store: its dependents are deleted or released.
pub fn removed(api: &mut ApiServer, now: i64, owner: &Value, propagation: Propagation) {
    cascade(api, now, owner, propagation);
}

/// `kind/namespace/name` got the `foregroundDeletion` finalizer: its dependents are deleted
/// (foreground all the way down), then the finalizer is removed — which removes the owner if
/// no other finalizer holds it. Returns the owner as the DELETE answers it.
pub fn foreground(api: &mut ApiServer, now: i64, kind: &'static KindInfo, namespace: &str, name: &str) -> Result<Value, Status> {
    let owner = api.get(kind, namespace, name)?;
    cascade(api, now, &owner, Propagation::Foreground);
    let mut current = api.get_arc(kind, namespace, name).map(|o| Value::clone(o)).unwrap_or(owner);
    let rest: Vec<String> = finalizers(&current).into_iter().filter(|f| f != "foregroundDeletion").collect();
    let none_left = rest.is_empty();
    ensure_map(&mut current, &["metadata"]).insert("finalizers", json!(rest));
    if none_left {
        if let Some(m) = current.get_mut("metadata").and_then(Value::as_object_mut) {
            m.remove("finalizers");
        }
    }
    api.update(now, kind, namespace, current, false, false)
}

fn cascade(api: &mut ApiServer, now: i64, owner: &Value, propagation: Propagation) {
    let uid = object::get_str(owner, &["metadata", "uid"]).unwrap_or("").to_string();
    let dependents: Vec<Key> = if uid.is_empty() { Vec::new() } else { api.store().dependents(&uid).cloned().collect() };
    for key in dependents {
        let kind = kind_info(key.kind);
        match propagation {
            Propagation::Orphan => {
                if let Some(mut dep) = api.store().get(&key).map(|o| Value::clone(o)) {
                    if let Some(refs) = dep.pointer_mut("/metadata/ownerReferences").and_then(Value::as_array_mut) {
                        refs.retain(|r| r.get("uid").and_then(Value::as_str) != Some(uid.as_str()));
                        if refs.is_empty() {
                            if let Some(m) = dep.get_mut("metadata").and_then(Value::as_object_mut) {
                                m.remove("ownerReferences");
                            }
                        }
                    }
                    let _ = api.update(now, kind, &key.namespace, dep, false, false);
                }
            }
            _ => {
                let _ = api.delete(now, kind, &key.namespace, &key.name, &DeleteOptions { propagation, ..Default::default() });
            }
        }
    }
}
