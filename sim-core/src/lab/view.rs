//! What a lab check may look at: objects, events and the learner's files, read-only. The
//! simulator implements it here; the bridge implements it over a real cluster's API and a
//! directory on disk, so the very same checks judge both.

use crate::api::registry::SERVED;
use crate::api::server::ApiServer;
use crate::json::Value;
use crate::vfs::Vfs;

pub trait ClusterView {
    /// The object of `kind` (a Kind name: `Job`, `ClusterQueue`…); `namespace` is ignored for
    /// cluster-scoped kinds. Borrowed: judging runs after every change, and in a big cluster
    /// copying the thousands of Events or Jobs a check looks through cost the page tens of
    /// milliseconds each time.
    fn get(&self, kind: &str, namespace: &str, name: &str) -> Option<&Value>;
    /// The objects of `kind` in `namespace` (every namespace when empty), borrowed.
    fn list(&self, kind: &str, namespace: &str) -> Vec<&Value>;
    /// The first object of `kind` named `name` in any namespace (namespaces in name order).
    fn find_by_name(&self, kind: &str, name: &str) -> Option<&Value> {
        self.list(kind, "").into_iter().find(|o| o.pointer("/metadata/name").and_then(Value::as_str) == Some(name))
    }
    /// A file's content by absolute path; `None` when it does not exist or is a directory.
    fn file(&self, path: &str) -> Option<String>;
    /// The Events in `namespace` about an object of `kind` whose name starts with
    /// `name_prefix`.
    fn events_about(&self, namespace: &str, kind: &str, name_prefix: &str) -> Vec<&Value> {
        self.list("Event", namespace)
            .into_iter()
            .filter(|e| {
                let io = &e["involvedObject"];
                io["kind"] == kind && io["name"].as_str().is_some_and(|n| n.starts_with(name_prefix))
            })
            .collect()
    }
}

/// The simulator's store and the session's virtual filesystem.
pub struct SimView<'a> {
    pub api: &'a ApiServer,
    pub fs: &'a Vfs,
}

impl ClusterView for SimView<'_> {
    fn get(&self, kind: &str, namespace: &str, name: &str) -> Option<&Value> {
        let info = SERVED.iter().find(|k| k.kind == kind)?;
        let ns = if info.namespaced { namespace } else { "" };
        self.api.get_arc(info, ns, name).map(|o| &**o)
    }

    fn list(&self, kind: &str, namespace: &str) -> Vec<&Value> {
        let Some(info) = SERVED.iter().find(|k| k.kind == kind) else { return Vec::new() };
        let ns = (!namespace.is_empty()).then_some(namespace);
        self.api.iter_kind(info, ns).map(|o| &**o).collect()
    }

    /// A look in each namespace, not at every object of the kind (thousands of Jobs or Events
    /// in a big cluster, looked at each time the steps are judged).
    fn find_by_name(&self, kind: &str, name: &str) -> Option<&Value> {
        let info = SERVED.iter().find(|k| k.kind == kind)?;
        if !info.namespaced {
            return self.get(kind, "", name);
        }
        let namespaces = self.api.iter_kind(SERVED.iter().find(|k| k.kind == "Namespace")?, None);
        namespaces.filter_map(|n| self.get(kind, crate::api::object::name(n), name)).next()
    }

    fn file(&self, path: &str) -> Option<String> {
        self.fs.read(path).ok().map(str::to_string)
    }

    /// From the store's index, not a look at every Event; in etcd's order (by the Event's
    /// name), as a list returns them.
    fn events_about(&self, namespace: &str, kind: &str, name_prefix: &str) -> Vec<&Value> {
        let mut events: Vec<&Value> = self.api.store().events_about(namespace, kind, name_prefix).map(|e| &**e).collect();
        crate::sort::sort_by(&mut events, |a, b| crate::api::object::name(a).cmp(crate::api::object::name(b)));
        events
    }
}

/// Whether a kind can be looked at by checks (the simulator serves it).
pub fn is_known_kind(kind: &str) -> bool {
    SERVED.iter().any(|k| k.kind == kind)
}

/// Everything a check may read, gathered once: objects by Kind, and files by absolute path. The
/// bridge fills one from a real cluster (kube-rs) and the learner's directory, then judges the
/// lab against it with no further I/O.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Snapshot {
    pub objects: std::collections::BTreeMap<String, Vec<Value>>,
    pub files: std::collections::BTreeMap<String, String>,
}

impl ClusterView for Snapshot {
    fn get(&self, kind: &str, namespace: &str, name: &str) -> Option<&Value> {
        let namespaced = SERVED.iter().find(|k| k.kind == kind).is_none_or(|k| k.namespaced);
        self.objects.get(kind)?.iter().find(|o| {
            o.pointer("/metadata/name").and_then(Value::as_str) == Some(name)
                && (!namespaced || o.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or("") == namespace)
        })
    }

    fn list(&self, kind: &str, namespace: &str) -> Vec<&Value> {
        self.objects
            .get(kind)
            .map(|objs| {
                objs.iter()
                    .filter(|o| namespace.is_empty() || o.pointer("/metadata/namespace").and_then(Value::as_str) == Some(namespace))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn file(&self, path: &str) -> Option<String> {
        self.files.get(path).cloned()
    }
}
