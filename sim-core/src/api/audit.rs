//! The API server's audit log of the learner's requests (moved from `cluster/`: an audit log is the
//! API server's concept; `cluster::audit` re-exports it so saved states and the bridge read the same forms).
//!
//! What the learner asked the API server to write, in order — the request bodies an audit log
//! would keep. The simulator's controllers write too; only the learner's own writes can be
//! replayed on a real cluster (the bridge's replay mode), where the real controllers redo the rest.

use crate::json::Value;
use serde::{Deserialize, Serialize};

/// A learner's write and when it was made (virtual ms since boot), so that a replay can keep the
/// learner's pauses: a Job deleted five seconds after it was created must have had its five
/// seconds on the real cluster too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimedWrite {
    #[serde(default, rename = "atMs")]
    pub at_ms: u64,
    #[serde(flatten)]
    pub write: LearnerWrite,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum LearnerWrite {
    /// Create the object, or bring an existing one to it (what `kubectl apply`/`create` sent).
    Apply { object: Value },
    /// A patch as kubectl sent it (`label`, `annotate`, `patch`).
    Patch {
        #[serde(rename = "apiVersion")]
        api_version: String,
        kind: String,
        #[serde(default)]
        namespace: String,
        name: String,
        #[serde(rename = "patchType")]
        patch_type: String,
        patch: Value,
    },
    Delete {
        #[serde(rename = "apiVersion")]
        api_version: String,
        kind: String,
        #[serde(default)]
        namespace: String,
        name: String,
    },
}

impl LearnerWrite {
    /// (apiVersion, kind, namespace, name) of the object written.
    pub fn target(&self) -> (String, String, String, String) {
        match self {
            LearnerWrite::Apply { object } => {
                let s = |p: &str| object.pointer(p).and_then(Value::as_str).unwrap_or("").to_string();
                (s("/apiVersion"), s("/kind"), s("/metadata/namespace"), s("/metadata/name"))
            }
            LearnerWrite::Patch { api_version, kind, namespace, name, .. }
            | LearnerWrite::Delete { api_version, kind, namespace, name } => {
                (api_version.clone(), kind.clone(), namespace.clone(), name.clone())
            }
        }
    }

    /// The object as the learner sent it, without what only a server sets.
    pub fn apply(mut object: Value, namespace: &str, namespaced: bool) -> LearnerWrite {
        if let Some(meta) = object.get_mut("metadata").and_then(Value::as_object_mut) {
            for k in ["uid", "resourceVersion", "creationTimestamp", "generation", "managedFields", "selfLink"] {
                meta.remove(k);
            }
            if namespaced && !namespace.is_empty() {
                meta.insert("namespace", Value::String(namespace.to_string().into()));
            }
        }
        if let Some(o) = object.as_object_mut() {
            o.remove("status");
        }
        LearnerWrite::Apply { object }
    }
}
