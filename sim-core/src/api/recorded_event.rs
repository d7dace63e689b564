//! An Event as the recorder writes it, kept as its parts until someone reads it.
//!
//! At 10,000 Jobs the recorder writes ≈ 100,000 Events and the cluster's controllers read none
//! of them: only `kubectl`, the lab's checks, a watch or a save do. As JSON each was ≈ 1 KiB in
//! ten allocations, built at every write. Kept as parts, the JSON is made at the first read
//! (and kept: every later read shares it). What a reader gets is byte for byte the object a
//! create of the same body stores (the test `a_recorded_event_is_what_a_create_stores` in
//! `cluster/events.rs`).
//!
//! A change to a recorded Event (the recorder's `count` bump, a client's update) stores JSON in
//! its place, as any write does.

use super::object::rfc3339;
use crate::json::{json, JsonStr, Map, Value};
use crate::rand::uuid_from;
use std::sync::{Arc, OnceLock};

/// What the recorder says of an Event; the server adds the rest (`RecordedEvent::new`).
pub struct EventParts {
    /// `involvedObject` and `source`, maps the recorder shares among its Events.
    pub involved: Map,
    pub source: Map,
    pub reason: JsonStr,
    pub message: JsonStr,
    /// `reportingComponent`.
    pub component: JsonStr,
    /// `Normal` or `Warning`.
    pub ty: &'static str,
}

pub struct RecordedEvent {
    /// The store's texts of the Event's key.
    namespace: Arc<str>,
    name: Arc<str>,
    /// The words of its uid (`SimRng::uuid_words`), drawn at the write.
    uid: (u64, u64),
    resource_version: u64,
    /// When it was written (unix seconds): its creationTimestamp, firstTimestamp and
    /// lastTimestamp.
    at: i64,
    parts: EventParts,
    json: OnceLock<Arc<Value>>,
}

impl RecordedEvent {
    pub fn new(namespace: Arc<str>, name: Arc<str>, uid: (u64, u64), resource_version: u64, at: i64, parts: EventParts) -> RecordedEvent {
        RecordedEvent { namespace, name, uid, resource_version, at, parts, json: OnceLock::new() }
    }

    /// When the Event was last written (unix seconds): what the Event TTL counts from.
    pub fn last_written(&self) -> i64 {
        self.at
    }

    /// Its `involvedObject`.
    pub fn involved(&self) -> &Map {
        &self.parts.involved
    }

    /// Whether its JSON was made (someone read it).
    #[cfg(test)]
    pub fn is_json_made(&self) -> bool {
        self.json.get().is_some()
    }

    /// The Event as JSON, made at the first call.
    pub fn json(&self) -> &Arc<Value> {
        self.json.get_or_init(|| Arc::new(self.to_value()))
    }

    fn to_value(&self) -> Value {
        let p = &self.parts;
        let stamp = Value::from(rfc3339(self.at));
        let metadata = [
            (json!(@key "creationTimestamp"), stamp.clone()),
            (json!(@key "name"), Value::from(&*self.name)),
            (json!(@key "namespace"), Value::from(&*self.namespace)),
            (json!(@key "resourceVersion"), Value::from(self.resource_version.to_string())),
            (json!(@key "uid"), Value::from(uuid_from(self.uid.0, self.uid.1))),
        ];
        Value::Object(Map::from_array([
            (json!(@key "apiVersion"), Value::from("v1")),
            (json!(@key "count"), 1.into()),
            (json!(@key "eventTime"), Value::Null),
            (json!(@key "firstTimestamp"), stamp.clone()),
            (json!(@key "involvedObject"), Value::Object(p.involved.clone())),
            (json!(@key "kind"), Value::from("Event")),
            (json!(@key "lastTimestamp"), stamp),
            (json!(@key "message"), Value::from(p.message.clone())),
            (json!(@key "metadata"), Value::Object(Map::from_array(metadata))),
            (json!(@key "reason"), Value::from(p.reason.clone())),
            (json!(@key "reportingComponent"), Value::from(p.component.clone())),
            (json!(@key "reportingInstance"), Value::from("")),
            (json!(@key "source"), Value::Object(p.source.clone())),
            (json!(@key "type"), Value::from(p.ty)),
        ]))
    }
}
