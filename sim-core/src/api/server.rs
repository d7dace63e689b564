//! The store and its verbs, with kube-apiserver semantics: create (AlreadyExists, namespace
//! lifecycle), get/list (selectors), update (optimistic concurrency, status subresource),
//! delete (finalizers, graceful pod deletion; the cascade and namespace teardown are the
//! cluster's `SyncControllers`), and
//! a watch log controllers consume. No I/O; time comes in as `now` (unix seconds).

use super::admission::{self, Lookup};
use super::object::{self, ensure_map, finalizers, get, labels, rfc3339};
use super::recorded_event::{EventParts, RecordedEvent};
use super::registry::{KindInfo, SERVED};
use super::schema::{self, FieldValidation};
use super::selector::{FieldSelector, LabelSelector};
use super::status::Status;
pub use super::store::{Key, WatchEvent, WatchType};
use super::store::{Store, Stored};
use super::validation;
use crate::json::{json, Map, Value};
use crate::rand::SimRng;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Propagation {
    #[default]
    Background,
    Foreground,
    Orphan,
}

#[derive(Debug, Clone, Default)]
pub struct DeleteOptions {
    pub dry_run: bool,
    pub propagation: Propagation,
    /// Overrides a pod's `terminationGracePeriodSeconds`.
    pub grace_period_seconds: Option<i64>,
}

/// The patch formats the API accepts (`Content-Type` of a PATCH).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchType {
    /// `application/merge-patch+json`
    Merge,
    /// `application/json-patch+json`
    Json,
    /// `application/strategic-merge-patch+json` (built-in kinds only)
    Strategic,
}

/// A written object and the server's warnings about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub object: Value,
    pub warnings: Vec<String>,
}

/// The refusal of a write to a kind the simulator serves only for reading (the CRDs it
/// installs; quotas and limit ranges, which it never holds).
fn read_only(kind: &KindInfo) -> Status {
    Status::method_not_allowed(format!(
        "the simulator serves {} read-only (시뮬레이터는 이 종류를 읽기 전용으로만 제공합니다)",
        kind.qualified_plural()
    ))
}

/// Kinds whose objects carry `metadata.generation`.
fn has_generation(kind: &KindInfo) -> bool {
    matches!(kind.kind, "Job" | "CustomResourceDefinition") || kind.group == "kueue.x-k8s.io"
}

/// The garbage collector's foreground deletion of `kind/namespace/name` at `now`.
pub type ForegroundDeletion = fn(&mut ApiServer, i64, &'static KindInfo, &str, &str) -> Result<Value, Status>;

/// The controllers that act at once on the server's writes, inside the write that triggers them
/// (`cluster` installs them: the garbage collector, the namespace controller). Upstream they run beside the apiserver and react to watch events;
/// run here in the write itself, their writes take the resourceVersions, UIDs and order every
/// transcript was recorded with (ARCHITECTURE.md, *Controllers inside a write*). A bare server
/// has none: dependents stay, a deleted namespace stays Terminating.
#[derive(Clone, Copy, Default)]
pub struct SyncControllers {
    /// An object was removed from the store (its dependents deleted or released).
    pub removed: Option<fn(&mut ApiServer, i64, &Value, Propagation)>,
    /// An object got the `foregroundDeletion` finalizer (its dependents go first, then the
    /// finalizer); returns the object as the DELETE answers it.
    pub foreground: Option<ForegroundDeletion>,
    /// A namespace became Terminating (its contents deleted, then `finalize_namespace`).
    pub namespace_terminating: Option<fn(&mut ApiServer, i64, &str)>,
}

#[derive(Clone, serde::Deserialize)]
#[serde(from = "StoredServer")]
pub struct ApiServer {
    store: Store,
    resource_version: u64,
    rng: SimRng,
    controllers: SyncControllers,
}

/// What of the API server persists (the browser keeps it across reloads): the objects, the
/// resourceVersion counter and the random generator. The watch log starts empty again.
#[derive(serde::Deserialize)]
struct StoredServer {
    objects: Vec<Value>,
    resource_version: u64,
    rng: SimRng,
}

/// Written in `StoredServer`'s form straight from the store: the objects by reference, so a save
/// copies nothing (a cluster of thousands of objects is saved often).
impl serde::Serialize for ApiServer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        struct Objects<'a>(&'a Store);
        impl serde::Serialize for Objects<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.values().map(|o| &**o))
            }
        }
        let mut st = s.serialize_struct("StoredServer", 3)?;
        st.serialize_field("objects", &Objects(&self.store))?;
        st.serialize_field("resource_version", &self.resource_version)?;
        st.serialize_field("rng", &self.rng)?;
        st.end()
    }
}

/// The server's state without its objects (`resource_version` and `rng`, as in the full form),
/// for a save that writes only the objects that changed (`cluster::persist`).
pub struct WithoutObjects<'a>(pub &'a ApiServer);

impl serde::Serialize for WithoutObjects<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("StoredServer", 2)?;
        st.serialize_field("resource_version", &self.0.resource_version)?;
        st.serialize_field("rng", &self.0.rng)?;
        st.end()
    }
}

impl From<StoredServer> for ApiServer {
    fn from(s: StoredServer) -> Self {
        let mut store = Store::default();
        for mut o in s.objects {
            o.compact();
            let Some(kind) = o.get("kind").and_then(Value::as_str).and_then(|k| SERVED.iter().find(|x| x.kind == k)) else { continue };
            store.put(key_in(&store, kind, object::namespace(&o), object::name(&o)), Arc::new(o), s.resource_version, WatchType::Added);
        }
        store.reset_log(s.resource_version);
        ApiServer { store, resource_version: s.resource_version, rng: s.rng, controllers: SyncControllers::default() }
    }
}

/// The store's key of `kind/namespace/name` (no namespace for a cluster-scoped kind).
fn key_in(store: &Store, kind: &KindInfo, namespace: &str, name: &str) -> Key {
    store.key(kind.kind, if kind.namespaced { namespace } else { "" }, name)
}

struct StoreLookup<'a>(&'a Store);

impl Lookup for StoreLookup<'_> {
    fn exists(&self, kind: &str, namespace: &str, name: &str) -> bool {
        let Some(info) = SERVED.iter().find(|k| k.kind == kind) else { return false };
        self.0.contains(&key_in(self.0, info, namespace, name))
    }
}

pub fn kind_info(kind: &str) -> &'static KindInfo {
    SERVED.iter().find(|k| k.kind == kind).unwrap_or_else(|| panic!("{kind} is not a served kind"))
}

impl ApiServer {
    /// A number in [0, 1) from the cluster's seeded randomness (Go's `rand.Float64`, for jitter).
    pub fn random_unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An empty store with no controllers (`cluster::boot::api_server` gives the booted one).
    pub fn empty(seed: u64) -> Self {
        ApiServer { store: Store::default(), resource_version: 0, rng: SimRng::new(seed), controllers: SyncControllers::default() }
    }

    /// Installs the controllers that act inside writes (after a restore too: they do not persist).
    pub fn set_sync_controllers(&mut self, controllers: SyncControllers) {
        self.controllers = controllers;
    }

    /// Stores an object the cluster itself owns (no admission; kinds clients may only read).
    pub fn insert_system(&mut self, now: i64, kind: &'static KindInfo, mut obj: Value) {
        let uid = self.rng.uuid();
        let rv = self.bump();
        {
            let generation = has_generation(kind).then(|| ("generation", json!(1)));
            let meta = ensure_map(&mut obj, &["metadata"]);
            meta.extend(
                [("uid", json!(uid)), ("creationTimestamp", json!(rfc3339(now))), ("resourceVersion", json!(rv.to_string()))]
                    .into_iter()
                    .chain(generation),
            );
        }
        let key = self.key(kind, object::namespace(&obj), object::name(&obj));
        self.put(key, obj, WatchType::Added);
    }

    pub fn resource_version(&self) -> u64 {
        self.resource_version
    }

    /// Every change since `resource_version` (exclusive), oldest first.
    pub fn events_since(&self, resource_version: u64) -> &[WatchEvent] {
        self.store.events_since(resource_version)
    }

    /// The cluster's informers have routed every change up to `resource_version`; until then the
    /// log keeps the changes after it (`Store::routed_to`).
    pub fn routed_to(&mut self, resource_version: u64) {
        self.store.routed_to(resource_version);
    }

    /// How far the cluster's informers have routed the log (0 before they start).
    pub fn routed(&self) -> u64 {
        self.store.routed().unwrap_or(0)
    }

    /// The changes after `resource_version`, or `410 Expired` when the log no longer reaches
    /// back that far (the watcher must list again).
    pub fn watch_from(&self, resource_version: u64) -> Result<&[WatchEvent], Status> {
        if !self.store.has_history_since(resource_version) {
            return Err(Status {
                code: 410,
                reason: "Expired",
                message: format!("too old resource version: {resource_version} ({})", self.store.compacted_to() + 1),
                details: Box::default(),
            });
        }
        Ok(self.store.events_since(resource_version))
    }

    /// The store, for readers that share its objects instead of copying them (controllers'
    /// caches, the lab's view).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The object of `kind` named `name`, shared with the store.
    pub fn get_arc(&self, kind: &KindInfo, namespace: &str, name: &str) -> Option<&Arc<Value>> {
        self.store.get(&self.key(kind, namespace, name))
    }

    /// The objects of `kind` (in `namespace` when given), shared with the store, in etcd order.
    pub fn iter_kind<'a, 'n>(&'a self, kind: &KindInfo, namespace: Option<&'n str>) -> impl Iterator<Item = &'a Arc<Value>> + use<'a, 'n> {
        let namespace = if kind.namespaced { namespace } else { None };
        self.store.range(kind.kind, namespace).map(|(_, v)| v)
    }

    fn key(&self, kind: &KindInfo, namespace: &str, name: &str) -> Key {
        key_in(&self.store, kind, namespace, name)
    }

    fn bump(&mut self) -> u64 {
        self.resource_version += 1;
        self.resource_version
    }

    /// Stores `obj` at the current resourceVersion and logs the change.
    fn put(&mut self, key: Key, mut obj: Value, event: WatchType) -> Arc<Value> {
        obj.compact();
        let obj = Arc::new(obj);
        self.store.put(key, obj.clone(), self.resource_version, event);
        obj
    }

    /// Removes the object and logs its deletion at the current resourceVersion.
    fn remove(&mut self, key: &Key, last: Value) {
        self.store.remove(key, Arc::new(last), self.resource_version);
    }

    fn namespace_phase(&self, ns: &str) -> Option<&str> {
        let obj = self.store.namespace(ns)?;
        Some(object::get_str(obj, &["status", "phase"]).unwrap_or("Active"))
    }

    /// POST with strict field validation: creates `obj` (of `kind`, in `namespace` for namespaced kinds).
    pub fn create(&mut self, now: i64, kind: &'static KindInfo, namespace: &str, obj: Value, dry_run: bool) -> Result<Value, Status> {
        self.create_with(now, kind, namespace, obj, dry_run, FieldValidation::Strict).map(|w| w.object)
    }

    /// POST with a field-validation mode; warnings (`unknown field "x"`) come back with the object.
    pub fn create_with(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        obj: Value,
        dry_run: bool,
        validation: FieldValidation,
    ) -> Result<Written, Status> {
        if kind.read_only {
            return Err(read_only(kind));
        }
        let mut obj = obj;
        if obj.is_object() {
            obj["apiVersion"] = json!(kind.api_version());
            obj["kind"] = json!(kind.kind);
        }
        let (decoded, warnings) = schema::decode_body(kind, &obj, validation).map_err(|e| {
            Status::bad_request(format!("{} in version {:?} cannot be handled as a {}: {e}", kind.kind, kind.version, kind.kind))
        })?;
        let (_, created) = self.create_decoded(now, kind, namespace, decoded, dry_run)?;
        Ok(Written { object: Value::clone(&created), warnings })
    }

    fn create_decoded(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        mut obj: Value,
        dry_run: bool,
    ) -> Result<(Key, Arc<Value>), Status> {
        if kind.read_only {
            return Err(read_only(kind));
        }
        if !obj.is_object() {
            return Err(Status::bad_request(format!(
                "{} in version {:?} cannot be handled as a {}: expected an object",
                kind.kind, kind.version, kind.kind
            )));
        }
        obj["apiVersion"] = json!(kind.api_version());
        obj["kind"] = json!(kind.kind);
        let body_ns = object::namespace(&obj).to_string();
        let ns = if kind.namespaced {
            if !body_ns.is_empty() && !namespace.is_empty() && body_ns != namespace {
                return Err(Status::bad_request("the namespace of the provided object does not match the namespace sent on the request"));
            }
            if namespace.is_empty() {
                body_ns
            } else {
                namespace.to_string()
            }
        } else {
            String::new()
        };
        {
            let meta = ensure_map(&mut obj, &["metadata"]);
            if kind.namespaced {
                meta.insert("namespace", json!(ns.clone()));
            } else {
                meta.remove("namespace");
            }
            // Fields the server owns are not taken from the client.
            for k in [
                "uid",
                "resourceVersion",
                "creationTimestamp",
                "deletionTimestamp",
                "deletionGracePeriodSeconds",
                "generation",
                "managedFields",
                "selfLink",
            ] {
                meta.remove(k);
            }
            let name = meta.get("name").and_then(Value::as_str).unwrap_or("").to_string();
            let generate = meta.get("generateName").and_then(Value::as_str).unwrap_or("").to_string();
            if name.is_empty() && !generate.is_empty() {
                let mut name: String = generate.chars().take(58).collect();
                name.push_str(&self.rng.name_suffix(5));
                meta.insert("name", json!(name));
            }
        }
        let name = object::name(&obj).to_string();
        // NamespaceLifecycle admission comes first.
        if kind.namespaced {
            self.namespace_lifecycle(kind, &ns, &name)?;
        }
        // With a status subresource, a create does not set status (strategies' PrepareForCreate);
        // a node registers with its status.
        if kind.status_subresource && kind.kind != "Node" {
            if let Some(m) = obj.as_object_mut() {
                m.remove("status");
            }
        }
        let uid = self.rng.uuid();
        let suffix = if kind.kind == "Pod" { self.rng.name_suffix(5) } else { String::new() };
        admission::mutate_on_create(kind, &mut obj, &uid, &suffix, &StoreLookup(&self.store));
        admission::validate(kind, &obj, None)?;
        let key = self.key(kind, &ns, &name);
        let exists = || Status::already_exists(kind.plural, kind.group, &name);
        let generation = has_generation(kind).then(|| ("generation", json!(1)));
        // The next resourceVersion, taken only if the name is free: one search of the store
        // both finds the name taken and adds the object.
        let rv = self.resource_version + 1;
        let stamp = (!dry_run).then(|| ("resourceVersion", json!(rv.to_string())));
        let meta = ensure_map(&mut obj, &["metadata"]);
        meta.extend([("uid", json!(uid)), ("creationTimestamp", json!(rfc3339(now)))].into_iter().chain(generation).chain(stamp));
        if dry_run {
            return if self.store.contains(&key) { Err(exists()) } else { Ok((key, Arc::new(obj))) };
        }
        obj.compact();
        let obj = Arc::new(obj);
        let key = self.store.insert_new(key, obj.clone().into(), rv).ok_or_else(exists)?;
        self.resource_version = rv;
        Ok((key, obj))
    }

    /// NamespaceLifecycle admission of a create of `kind/name` in `ns`: the namespace exists and
    /// is not being terminated.
    fn namespace_lifecycle(&self, kind: &KindInfo, ns: &str, name: &str) -> Result<(), Status> {
        match self.namespace_phase(ns) {
            None => Err(Status::not_found("namespaces", "", ns)),
            Some("Terminating") => Err(Status::forbidden(
                kind.plural,
                kind.group,
                name,
                &format!("unable to create new content in namespace {ns} because it is being terminated"),
            )),
            Some(_) => Ok(()),
        }
    }

    /// A create of an Event the cluster's recorders make (`cluster/events.rs`), of the recorder's
    /// `parts`, in `namespace` under the first name not taken among `name`, `next_name(name)`, …
    /// (the recorder's nanosecond nudged on). The server admits and stores it as
    /// `create_internal` would — namespace lifecycle, the uid drawn at the same point, validation
    /// — searching the store once per name tried; the key comes back (the store's, its texts
    /// shared). What a reader gets is the object a create of the same body stores (the test
    /// `a_recorded_event_is_what_a_create_stores` in `cluster/events.rs`). It is stored as its
    /// parts (`RecordedEvent`): its JSON is made when someone reads it, and the controllers read
    /// none (ARCHITECTURE.md, *Cost model*).
    pub fn create_recorded_event(
        &mut self,
        now: i64,
        namespace: &str,
        name: String,
        next_name: impl Fn(&mut String),
        parts: EventParts,
    ) -> Result<Key, Status> {
        let kind = kind_info("Event");
        self.namespace_lifecycle(kind, namespace, &name)?;
        let rv = self.resource_version + 1;
        let rng = &mut self.rng;
        let key = self.store.insert_at_free_name("Event", namespace, name, next_name, |key| {
            let uid = rng.uuid_words();
            let event = RecordedEvent::new(key.namespace.clone(), key.name.clone(), uid, rv, now, parts);
            // `validate` checks an Event's ObjectMeta only, and a recorded Event has no labels or
            // annotations: its name is all that can fail. The error is made from the JSON, as for
            // any create.
            if !validation::dns1123_subdomain(&key.name).is_empty() {
                admission::validate(kind, event.json(), None)?;
            }
            Ok((Stored::Event(Arc::new(event)), rv))
        })?;
        self.resource_version = rv;
        Ok(key)
    }

    /// A create from a controller inside the cluster (events, pods, workloads): the same rules
    /// as `create`, without decoding the body again; the stored object comes back shared, with
    /// the key the store keeps for it (whose texts its indexes share).
    pub fn create_internal(&mut self, now: i64, kind: &'static KindInfo, namespace: &str, obj: Value) -> Result<(Key, Arc<Value>), Status> {
        self.create_decoded(now, kind, namespace, obj, false)
    }

    pub fn get(&self, kind: &KindInfo, namespace: &str, name: &str) -> Result<Value, Status> {
        self.store
            .get(&self.key(kind, namespace, name))
            .map(|o| Value::clone(o))
            .ok_or_else(|| Status::not_found(kind.plural, kind.group, name))
    }

    /// Objects of `kind` in `namespace` (all namespaces when `None`), by namespace then name.
    pub fn list_objects(
        &self,
        kind: &KindInfo,
        namespace: Option<&str>,
        labels_sel: &LabelSelector,
        fields: &FieldSelector,
    ) -> Result<Vec<Value>, Status> {
        Ok(self.list_shared(kind, namespace, labels_sel, fields)?.into_iter().map(|v| Value::clone(v)).collect())
    }

    /// `list_objects` without copying them: the stored objects, shared.
    pub fn list_shared<'a>(
        &'a self,
        kind: &KindInfo,
        namespace: Option<&str>,
        labels_sel: &LabelSelector,
        fields: &FieldSelector,
    ) -> Result<Vec<&'a Arc<Value>>, Status> {
        for (path, _, _) in &fields.terms {
            if field_value(kind, &json!({}), path).is_none() {
                return Err(Status::bad_request(format!("field label not supported: {path}")));
            }
        }
        // The Events about one object (`kubectl describe`'s search) come from the store's index,
        // not from every Event in the namespace; in the same order (by the Event's name).
        let about = match (kind.kind, namespace) {
            ("Event", Some(ns)) => fields.equal("involvedObject.kind").zip(fields.equal("involvedObject.name")).map(|k| (ns, k)),
            _ => None,
        };
        let candidates: Box<dyn Iterator<Item = &'a Arc<Value>>> = match about {
            Some((ns, (about_kind, about_name))) => Box::new(self.store.events_about(ns, about_kind, about_name)),
            None => Box::new(self.iter_kind(kind, namespace)),
        };
        Ok(candidates
            .filter(|v| labels_sel.is_empty() || labels_sel.matches(&labels(v)))
            .filter(|v| fields.terms.iter().all(|(path, want, eq)| (field_value(kind, v, path).as_deref() == Some(want.as_str())) == *eq))
            .collect())
    }

    /// GET on the collection: a `<Kind>List`.
    pub fn list(
        &self,
        kind: &KindInfo,
        namespace: Option<&str>,
        labels_sel: &LabelSelector,
        fields: &FieldSelector,
    ) -> Result<Value, Status> {
        let items = self.list_objects(kind, namespace, labels_sel, fields)?;
        Ok(json!({
            "apiVersion": kind.api_version(),
            "kind": format!("{}List", kind.kind),
            "metadata": {"resourceVersion": self.resource_version.to_string()},
            "items": items,
        }))
    }

    /// PUT on the object (`status` = the status subresource).
    pub fn update(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        obj: Value,
        status: bool,
        dry_run: bool,
    ) -> Result<Value, Status> {
        self.update_inner(now, kind, namespace, obj, status, dry_run, true).map(|o| Value::clone(&o))
    }

    /// An update from a controller inside the cluster: the same rules (concurrency, status
    /// subresource, admission, finalizers), but the body is not decoded again — controllers only
    /// write fields their kinds' schemas know — and the stored object comes back shared.
    pub fn update_internal(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        obj: Value,
        status: bool,
    ) -> Result<Arc<Value>, Status> {
        self.update_inner(now, kind, namespace, obj, status, false, false)
    }

    /// A controller's write of one object's status through the status subresource, given only
    /// the new status: the body names the object and carries the status, and the server puts the
    /// stored object's other parts back (as for any status write) — so the writer never copies the
    /// whole object to change its status.
    pub fn update_status_internal(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        name: &str,
        status: Value,
    ) -> Result<Arc<Value>, Status> {
        if !kind.status_subresource {
            // As kube-apiserver answers a PUT to a status subresource that a kind does not have.
            return Err(crate::api::rest::not_found_path());
        }
        let mut meta = Map::new();
        meta.insert("name", Value::from(name));
        let mut body = Map::new();
        body.insert("metadata", Value::Object(meta));
        body.insert("status", status);
        self.update_inner(now, kind, namespace, Value::Object(body), true, false, false)
    }

    #[allow(clippy::too_many_arguments)]
    fn update_inner(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        mut obj: Value,
        status: bool,
        dry_run: bool,
        decode: bool,
    ) -> Result<Arc<Value>, Status> {
        let key = self.key(kind, namespace, object::name(&obj));
        // The key's own text (a copy of the name was an allocation per write).
        let name = key.name.clone();
        let old = self.store.get(&key).cloned().ok_or_else(|| Status::not_found(kind.plural, kind.group, &name))?;
        if kind.read_only {
            return Err(read_only(kind));
        }
        if let Some(rv) = object::get_str(&obj, &["metadata", "resourceVersion"]) {
            if rv != object::get_str(&old, &["metadata", "resourceVersion"]).unwrap_or("") {
                return Err(Status::conflict(kind.plural, kind.group, &name));
            }
        }
        let status_write = kind.status_subresource && status;
        // A controller's status write keeps every member but status from the stored object
        // (below): the type it names would only be set to be dropped, each a new map.
        if decode || !status_write {
            obj["apiVersion"] = json!(kind.api_version());
            obj["kind"] = json!(kind.kind);
        }
        if decode {
            obj = schema::decode_body(kind, &obj, FieldValidation::Ignore)
                .map_err(|e| {
                    Status::bad_request(format!("{} in version {:?} cannot be handled as a {}: {e}", kind.kind, kind.version, kind.kind))
                })?
                .0;
        }
        // Server-owned metadata is kept from the stored object (a status write keeps all of it,
        // below).
        if !status_write {
            let old_meta = old.get("metadata");
            let meta = ensure_map(&mut obj, &["metadata"]);
            for k in ["uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation", "namespace", "name"] {
                // Set only where it differs: a map shared with the stored object stays shared.
                match old_meta.and_then(|m| m.get(k)) {
                    Some(v) if meta.get(k) != Some(v) => _ = meta.insert(k, v.clone()),
                    Some(_) => {}
                    None => _ = meta.remove(k),
                }
            }
        }
        if status_write {
            // Normalised before the stored parts are put back: a status write changes only
            // status, so what follows knows everything else is the stored object's.
            admission::normalize_on_update(kind, &mut obj, &old);
        }
        if kind.status_subresource {
            if status {
                // The status subresource changes only status: everything else is the stored
                // object's. One new map of the stored members and the body's status (inserting
                // them into the body one by one made a new map at every insert).
                match (obj.as_object_mut(), old.as_object()) {
                    (Some(o), Some(old_m)) => {
                        let status = o.remove("status");
                        let stored = old_m.iter().filter(|(k, _)| *k != "status").map(|(k, v)| (*k, v.clone()));
                        obj = Value::Object(stored.chain(status.map(|s| (json!(@key "status"), s))).collect());
                    }
                    _ => obj = Value::clone(&old),
                }
            } else if obj.get("status") != old.get("status") {
                match old.get("status") {
                    Some(s) => obj["status"] = s.clone(),
                    None => {
                        if let Some(m) = obj.as_object_mut() {
                            m.remove("status");
                        }
                    }
                }
            }
        }
        if !status_write {
            admission::normalize_on_update(kind, &mut obj, &old);
        }
        // A status write validates only status (`ValidateUpdateStatus`); nothing here checks it.
        if !status {
            admission::validate(kind, &obj, Some(&old))?;
        }
        // A status write leaves spec as stored, so it never moves the generation.
        if has_generation(kind) && !status_write && old.get("spec") != obj.get("spec") {
            let g = get(&old, &["metadata", "generation"]).and_then(Value::as_i64).unwrap_or(1);
            ensure_map(&mut obj, &["metadata"]).insert("generation", json!(g + 1));
        }
        if dry_run {
            return Ok(Arc::new(obj));
        }
        // A status write differs from the stored object only if its status does.
        let unchanged = if status_write { obj.get("status") == old.get("status") } else { obj == *old };
        if unchanged {
            return Ok(old);
        }
        let rv = self.bump();
        ensure_map(&mut obj, &["metadata"]).insert("resourceVersion", json!(rv.to_string()));
        // An object being deleted goes once its last finalizer is removed (a pod also waits
        // for the kubelet to end its grace period).
        let grace_over = get(&obj, &["metadata", "deletionGracePeriodSeconds"]).and_then(Value::as_i64).unwrap_or(0) == 0;
        if get(&obj, &["metadata", "deletionTimestamp"]).is_some() && finalizers(&obj).is_empty() && grace_over {
            self.remove(&key, obj.clone());
            self.after_removal(now, kind, &obj, Propagation::Background);
            return Ok(Arc::new(obj));
        }
        Ok(self.put(key, obj, WatchType::Modified))
    }

    /// DELETE: removes the object, or marks it for deletion while finalizers (or a running pod's
    /// grace period) hold it. Returns the object as it was at the end of the call.
    pub fn delete(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        name: &str,
        opts: &DeleteOptions,
    ) -> Result<Value, Status> {
        let key = self.key(kind, namespace, name);
        let mut obj = self.store.get(&key).map(|o| Value::clone(o)).ok_or_else(|| Status::not_found(kind.plural, kind.group, name))?;
        if kind.read_only {
            return Err(read_only(kind));
        }
        if opts.dry_run {
            return Ok(obj);
        }
        let already_deleting = get(&obj, &["metadata", "deletionTimestamp"]).is_some();
        // Pods on a node terminate gracefully; the kubelet removes them when the grace period ends.
        let grace = if kind.kind == "Pod" && get(&obj, &["spec", "nodeName"]).is_some() {
            opts.grace_period_seconds
                .unwrap_or_else(|| get(&obj, &["spec", "terminationGracePeriodSeconds"]).and_then(Value::as_i64).unwrap_or(30))
        } else {
            0
        };
        let mut fins = finalizers(&obj);
        if opts.propagation == Propagation::Foreground && !already_deleting && self.has_dependents(&obj) {
            fins.push("foregroundDeletion".into());
            ensure_map(&mut obj, &["metadata"]).insert("finalizers", json!(fins.clone()));
        }
        if kind.kind == "Namespace" {
            return Ok(self.delete_namespace(now, name, obj));
        }
        if already_deleting {
            // A shorter grace period (the kubelet's final delete) moves the deadline forward.
            let current = get(&obj, &["metadata", "deletionGracePeriodSeconds"]).and_then(Value::as_i64).unwrap_or(0);
            if grace < current {
                let meta = ensure_map(&mut obj, &["metadata"]);
                meta.insert("deletionTimestamp", json!(rfc3339(now + grace)));
                meta.insert("deletionGracePeriodSeconds", json!(grace));
                if fins.is_empty() && grace == 0 {
                    self.bump();
                    self.remove(&key, obj.clone());
                    self.after_removal(now, kind, &obj, opts.propagation);
                    return Ok(obj);
                }
                let rv = self.bump();
                ensure_map(&mut obj, &["metadata"]).insert("resourceVersion", json!(rv.to_string()));
                self.put(key, obj.clone(), WatchType::Modified);
            }
            return Ok(obj);
        }
        if !fins.is_empty() || grace > 0 {
            if !already_deleting {
                let meta = ensure_map(&mut obj, &["metadata"]);
                meta.insert("deletionTimestamp", json!(rfc3339(now + grace)));
                meta.insert("deletionGracePeriodSeconds", json!(grace));
                let rv = self.bump();
                ensure_map(&mut obj, &["metadata"]).insert("resourceVersion", json!(rv.to_string()));
                self.put(key, obj.clone(), WatchType::Modified);
            }
            if fins.iter().any(|f| f == "foregroundDeletion") {
                if let Some(foreground) = self.controllers.foreground {
                    return foreground(self, now, kind, namespace, name);
                }
            }
            return Ok(obj);
        }
        self.bump();
        self.remove(&key, obj.clone());
        self.after_removal(now, kind, &obj, opts.propagation);
        Ok(obj)
    }

    /// PATCH: applies `patch` to the stored object and updates it (optimistic concurrency does not
    /// apply unless the patch sets `metadata.resourceVersion`).
    #[allow(clippy::too_many_arguments)]
    pub fn patch(
        &mut self,
        now: i64,
        kind: &'static KindInfo,
        namespace: &str,
        name: &str,
        patch_type: PatchType,
        patch: &Value,
        status: bool,
        dry_run: bool,
    ) -> Result<Value, Status> {
        let current = self.get(kind, namespace, name)?;
        let mut obj = current.clone();
        match patch_type {
            PatchType::Merge => super::patch::merge_patch(&mut obj, patch),
            PatchType::Strategic if kind.columns.is_some() => {
                return Err(Status {
                    code: 415,
                    reason: "UnsupportedMediaType",
                    message: "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml".into(),
                    details: Box::default(),
                })
            }
            PatchType::Strategic => super::patch::strategic_merge(&mut obj, patch),
            PatchType::Json => {
                obj = super::patch::json_patch(&obj, patch).map_err(|e| Status { code: 422, reason: "Invalid", message: e, details: Box::default() })?;
            }
        }
        // A patch that does not pin the resourceVersion cannot conflict.
        if patch.pointer("/metadata/resourceVersion").is_none() {
            if let Some(rv) = current.pointer("/metadata/resourceVersion").cloned() {
                ensure_map(&mut obj, &["metadata"]).insert("resourceVersion", rv);
            }
        }
        ensure_map(&mut obj, &["metadata"]).insert("name", json!(name));
        self.update(now, kind, namespace, obj, status, dry_run)
    }

    fn has_dependents(&self, owner: &Value) -> bool {
        let uid = object::get_str(owner, &["metadata", "uid"]).unwrap_or("");
        !uid.is_empty() && self.store.dependents(uid).next().is_some()
    }

    /// The object is gone from the store: the garbage collector, if installed, deals with its
    /// dependents.
    fn after_removal(&mut self, now: i64, _kind: &KindInfo, obj: &Value, propagation: Propagation) {
        if let Some(removed) = self.controllers.removed {
            removed(self, now, obj, propagation);
        }
    }

    /// The namespace registry's part of a DELETE: mark the namespace Terminating; the namespace
    /// controller, if installed, empties it and calls `finalize_namespace`.
    fn delete_namespace(&mut self, now: i64, name: &str, mut ns: Value) -> Value {
        let key = Key::new("Namespace", "", name);
        {
            let meta = ensure_map(&mut ns, &["metadata"]);
            meta.entry("deletionTimestamp").or_insert(json!(rfc3339(now)));
        }
        ensure_map(&mut ns, &["status"]).insert("phase", json!("Terminating"));
        let rv = self.bump();
        ensure_map(&mut ns, &["metadata"]).insert("resourceVersion", json!(rv.to_string()));
        self.put(key, ns.clone(), WatchType::Modified);
        if let Some(terminating) = self.controllers.namespace_terminating {
            terminating(self, now, name);
        }
        ns
    }

    /// The namespace's `finalize` step: a Terminating namespace with nothing left in it is
    /// removed (objects held by finalizers keep it Terminating until they go).
    pub fn finalize_namespace(&mut self, name: &str) {
        let key = Key::new("Namespace", "", name);
        if self.store.any_in_namespace(name) {
            return;
        }
        let Some(ns) = self.store.get(&key).map(|o| Value::clone(o)) else { return };
        if get(&ns, &["metadata", "deletionTimestamp"]).is_none() {
            return;
        }
        self.bump();
        self.remove(&key, ns);
    }
}

/// The value a field selector compares, or `None` when the kind does not support that field.
fn field_value(kind: &KindInfo, obj: &Value, path: &str) -> Option<String> {
    let s = |p: &[&str]| object::get_str(obj, p).unwrap_or("").to_string();
    match path {
        "metadata.name" => Some(s(&["metadata", "name"])),
        "metadata.namespace" => Some(s(&["metadata", "namespace"])),
        _ => match (kind.kind, path) {
            ("Pod", "spec.nodeName") => Some(s(&["spec", "nodeName"])),
            ("Pod", "status.phase") => Some(s(&["status", "phase"])),
            ("Pod", "spec.restartPolicy") => Some(s(&["spec", "restartPolicy"])),
            ("Pod", "spec.schedulerName") => Some(s(&["spec", "schedulerName"])),
            ("Pod", "spec.serviceAccountName") => Some(s(&["spec", "serviceAccountName"])),
            ("Event", p) if p.starts_with("involvedObject.") => {
                let field = &p["involvedObject.".len()..];
                Some(s(&["involvedObject", field]))
            }
            ("Event", "reason") => Some(s(&["reason"])),
            ("Event", "type") => Some(s(&["type"])),
            ("Event", "source") => Some(s(&["source", "component"])),
            ("Job", "status.successful") => Some(get(obj, &["status", "succeeded"]).and_then(Value::as_i64).unwrap_or(0).to_string()),
            ("Namespace", "status.phase") => Some(s(&["status", "phase"])),
            ("Workload", "status.admission.clusterQueue") => Some(s(&["status", "admission", "clusterQueue"])),
            _ => None,
        },
    }
}
