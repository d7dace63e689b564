//! The namespace controller (`pkg/controller/namespace`): a Terminating namespace's contents are
//! deleted, then the namespace is finalized — removed once nothing is left in it (objects held
//! by finalizers keep it Terminating).
//!
//! Runs inside the namespace's DELETE (`SyncControllers::namespace_terminating`): see
//! ARCHITECTURE.md, *Controllers inside a write*.

use crate::api::server::{kind_info, ApiServer, DeleteOptions, Key};

/// The namespace `name` was just marked Terminating.
pub fn namespace_terminating(api: &mut ApiServer, now: i64, name: &str) {
    let contents: Vec<Key> = api.store().keys_in_namespace(name);
    for k in contents {
        let _ = api.delete(now, kind_info(k.kind), &k.namespace, &k.name, &DeleteOptions::default());
    }
    api.finalize_namespace(name);
}
