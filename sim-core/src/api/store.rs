//! The store behind the API server (etcd's part of kube-apiserver): objects by key in etcd's
//! order, shared as `Arc`s with every reader (caches, views, tables) so that a read never copies
//! an object; the few secondary indexes the server needs itself (uid → key, owner uid →
//! dependents); and the watch log of every change, compacted like etcd's history.
//!
//! Only `put` and `remove` change the store, so the indexes and the log cannot drift from it.

use super::object;
use crate::json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Where an object lives: kind, namespace (empty for cluster-scoped) and name. Ordered by kind
/// first, so one kind's objects form a contiguous range in namespace-then-name order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub kind: &'static str,
    pub namespace: String,
    pub name: String,
}

/// Ordered as `(kind, namespace, name)`. Kinds are the registry's `&'static str`s, so two keys of
/// one kind almost always hold the same pointer: that is looked at before the characters (the
/// store's searches compare keys of one kind far more often than of two).
impl Ord for Key {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let same_kind = std::ptr::eq(self.kind, other.kind);
        (if same_kind { std::cmp::Ordering::Equal } else { self.kind.cmp(other.kind) })
            .then_with(|| self.namespace.cmp(&other.namespace))
            .then_with(|| self.name.cmp(&other.name))
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Kept as `[kind, namespace, name]`; a kind the simulator does not serve does not restore.
impl serde::Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.kind, &self.namespace, &self.name).serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (kind, namespace, name) = <(String, String, String)>::deserialize(d)?;
        let kind = super::registry::SERVED
            .iter()
            .find(|k| k.kind == kind)
            .map(|k| k.kind)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown kind {kind:?}")))?;
        Ok(Key { kind, namespace, name })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchType {
    Added,
    Modified,
    Deleted,
}

/// One change, as a watch stream delivers it: the object after the change (before it, for a
/// deletion), shared with the store.
#[derive(Debug, Clone, PartialEq)]
pub struct WatchEvent {
    pub resource_version: u64,
    pub kind: &'static str,
    pub event: WatchType,
    pub object: Arc<Value>,
}

impl WatchEvent {
    /// The key of the object that changed.
    pub fn key(&self) -> Key {
        Key { kind: self.kind, namespace: object::namespace(&self.object).to_string(), name: object::name(&self.object).to_string() }
    }
}

/// How many changes the watch log keeps at least (etcd keeps five minutes of history; a
/// watcher further behind is told its resourceVersion is too old and lists again).
pub const WATCH_HISTORY: usize = 4_096;

/// How many changes the log drops at a time once it is full (`Store::compact`).
const COMPACT_CHUNK: usize = 256;

#[derive(Clone, Default)]
pub struct Store {
    objects: BTreeMap<Key, Arc<Value>>,
    by_uid: BTreeMap<String, Key>,
    /// Owner uid → keys of the objects whose ownerReferences name it.
    dependents: BTreeMap<String, BTreeSet<Key>>,
    /// Events by what they are about: (the Event's namespace, involvedObject kind, involvedObject
    /// name, the Event's name) — what the lab checks look up among thousands of Events in a big
    /// cluster (`kubectl describe` still lists its namespace's Events and filters them).
    events_about: BTreeSet<(String, String, String, String)>,
    watch: Vec<WatchEvent>,
    /// Changes at or below this resourceVersion are no longer in the log.
    compacted_to: u64,
}

fn owner_uids(obj: &Value) -> impl Iterator<Item = &str> {
    obj.pointer("/metadata/ownerReferences")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("uid").and_then(Value::as_str))
        .filter(|u| !u.is_empty())
}

/// The involvedObject an Event names: (kind, name).
fn involved(key: &Key, obj: &Value) -> Option<(String, String)> {
    (key.kind == "Event").then(|| {
        let io = &obj["involvedObject"];
        (io["kind"].as_str().unwrap_or("").to_string(), io["name"].as_str().unwrap_or("").to_string())
    })
}

fn uid(obj: &Value) -> Option<&str> {
    object::get_str(obj, &["metadata", "uid"]).filter(|u| !u.is_empty())
}

impl Store {
    pub fn get(&self, key: &Key) -> Option<&Arc<Value>> {
        self.objects.get(key)
    }

    pub fn contains(&self, key: &Key) -> bool {
        self.objects.contains_key(key)
    }

    /// The key of the object with this uid, if it exists.
    pub fn key_of_uid(&self, uid: &str) -> Option<&Key> {
        self.by_uid.get(uid)
    }

    /// Keys of the objects owned by `owner_uid`.
    pub fn dependents(&self, owner_uid: &str) -> impl Iterator<Item = &Key> {
        self.dependents.get(owner_uid).into_iter().flatten()
    }

    /// The objects of `kind` (in `namespace` when given), in etcd order.
    pub fn range<'a, 'n>(
        &'a self,
        kind: &'static str,
        namespace: Option<&'n str>,
    ) -> impl Iterator<Item = (&'a Key, &'a Arc<Value>)> + use<'a, 'n> {
        let start = Key { kind, namespace: namespace.unwrap_or("").to_string(), name: String::new() };
        self.objects.range(start..).take_while(move |(k, _)| k.kind == kind && namespace.is_none_or(|ns| k.namespace == ns))
    }

    /// Every key in `namespace`, whatever its kind.
    pub fn keys_in_namespace(&self, namespace: &str) -> Vec<Key> {
        self.objects.keys().filter(|k| k.namespace == namespace).cloned().collect()
    }

    pub fn any_in_namespace(&self, namespace: &str) -> bool {
        self.objects.keys().any(|k| k.namespace == namespace)
    }

    pub fn values(&self) -> impl Iterator<Item = &Arc<Value>> {
        self.objects.values()
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// Stores `obj` under `key` (created or replaced) and logs the change at `resource_version`.
    pub fn put(&mut self, key: Key, obj: Arc<Value>, resource_version: u64, event: WatchType) {
        match self.objects.get(&key).cloned() {
            // Most writes change neither identity nor owners: the indexes stay as they are.
            Some(old)
                if uid(&old) == uid(&obj)
                    && owner_uids(&old).eq(owner_uids(&obj))
                    && (key.kind != "Event" || old.get("involvedObject") == obj.get("involvedObject")) => {}
            Some(old) => {
                self.unindex(&key, &old);
                self.index(&key, &obj);
            }
            None => self.index(&key, &obj),
        }
        self.watch.push(WatchEvent { resource_version, kind: key.kind, event, object: obj.clone() });
        self.objects.insert(key, obj);
        self.compact();
    }

    /// Removes the object under `key` and logs its deletion (with `last`, its final state).
    pub fn remove(&mut self, key: &Key, last: Arc<Value>, resource_version: u64) {
        if let Some(old) = self.objects.remove(key) {
            self.unindex(key, &old);
        }
        self.watch.push(WatchEvent { resource_version, kind: key.kind, event: WatchType::Deleted, object: last });
        self.compact();
    }

    fn index(&mut self, key: &Key, obj: &Value) {
        if let Some(u) = uid(obj) {
            self.by_uid.insert(u.to_string(), key.clone());
        }
        for owner in owner_uids(obj) {
            self.dependents.entry(owner.to_string()).or_default().insert(key.clone());
        }
        if let Some((kind, name)) = involved(key, obj) {
            self.events_about.insert((key.namespace.clone(), kind, name, key.name.clone()));
        }
    }

    fn unindex(&mut self, key: &Key, obj: &Value) {
        if let Some(u) = uid(obj) {
            if self.by_uid.get(u) == Some(key) {
                self.by_uid.remove(u);
            }
        }
        for owner in owner_uids(obj) {
            if let Some(set) = self.dependents.get_mut(owner) {
                set.remove(key);
                if set.is_empty() {
                    self.dependents.remove(owner);
                }
            }
        }
        if let Some((kind, name)) = involved(key, obj) {
            self.events_about.remove(&(key.namespace.clone(), kind, name, key.name.clone()));
        }
    }

    /// The Events in `namespace` about an object of `kind` whose name starts with `name_prefix`
    /// (the whole name for one object), by the object's name then the Event's.
    pub fn events_about<'a>(&'a self, namespace: &str, kind: &str, name_prefix: &str) -> impl Iterator<Item = &'a Arc<Value>> + 'a {
        let start = (namespace.to_string(), kind.to_string(), name_prefix.to_string(), String::new());
        let (namespace, kind, name_prefix) = (namespace.to_string(), kind.to_string(), name_prefix.to_string());
        self.events_about
            .range(start..)
            .take_while(move |(ns, k, n, _)| *ns == namespace && *k == kind && n.starts_with(&name_prefix))
            .filter_map(|(ns, _, _, name)| self.objects.get(&Key { kind: "Event", namespace: ns.clone(), name: name.clone() }))
    }

    /// Every change after `resource_version` still in the log, oldest first.
    pub fn events_since(&self, resource_version: u64) -> &[WatchEvent] {
        let start = self.watch.partition_point(|e| e.resource_version <= resource_version);
        &self.watch[start..]
    }

    /// Whether the log still holds every change after `resource_version`.
    pub fn has_history_since(&self, resource_version: u64) -> bool {
        resource_version >= self.compacted_to
    }

    /// The oldest resourceVersion a watch may start from.
    pub fn compacted_to(&self) -> u64 {
        self.compacted_to
    }

    /// Once the log holds twice the history it must keep, drops its oldest `COMPACT_CHUNK`
    /// changes. Dropping a change may free an old version of an object (a JSON tree): dropping
    /// half the log at once freed thousands of them in one write (7–9 ms on the scale lab).
    fn compact(&mut self) {
        if self.watch.len() < 2 * WATCH_HISTORY {
            return;
        }
        let drop = COMPACT_CHUNK;
        self.compacted_to = self.watch[drop - 1].resource_version;
        self.watch.drain(..drop);
    }

    /// Forgets the log (after a restore: watchers start from the restored resourceVersion).
    pub fn reset_log(&mut self, resource_version: u64) {
        self.watch.clear();
        self.compacted_to = resource_version;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys order as their `(kind, namespace, name)` tuples, whether or not two equal kinds are
    /// the same pointer.
    #[test]
    fn keys_order_as_their_parts() {
        // The same kind at another address (a leaked copy of the text).
        let pod_elsewhere: &'static str = Box::leak(String::from("Pod").into_boxed_str());
        let kinds = ["Pod", pod_elsewhere, "Event", "Job", "Po", "Pods"];
        // Short names, long ones sharing long prefixes, and one not in ASCII.
        let names = [
            "",
            "a",
            "b",
            "a-1",
            "team-a",
            "job-00001-abcde",
            "job-00001-abcdf",
            "job-0000",
            "job-00001",
            "job-00001-abcde.18a7",
            "ü-non-ascii-name",
        ];
        let mut keys = Vec::new();
        for kind in kinds {
            for namespace in names {
                for name in names {
                    keys.push(Key { kind, namespace: namespace.into(), name: name.into() });
                }
            }
        }
        for a in &keys {
            for b in &keys {
                let expected = (a.kind, &a.namespace, &a.name).cmp(&(b.kind, &b.namespace, &b.name));
                assert_eq!(a.cmp(b), expected, "{a:?} vs {b:?}");
                assert_eq!(a == b, expected.is_eq());
            }
        }
    }
}
