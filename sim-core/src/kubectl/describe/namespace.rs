//! `kubectl describe namespace` (upstream `describe.go`: `NamespaceDescriber`, `describeNamespace`).

use super::printer::{annotations_block, labels_block};
use crate::api::object::{get, get_str};
use crate::json::Value;
use crate::kubectl::tabwriter::KUBECTL_DESCRIBE;

/// A Namespace: labels, annotations, phase, and no quota or limit range.
pub fn describe_namespace(ns: &Value) -> String {
    let mut t = format!("Name:\t{}\n", get_str(ns, &["metadata", "name"]).unwrap_or(""));
    labels_block(&mut t, "", "Labels", &get(ns, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default());
    annotations_block(&mut t, "", &get(ns, &["metadata", "annotations"]).and_then(Value::as_object).cloned().unwrap_or_default());
    t.push_str(&format!("Status:\t{}\n", get_str(ns, &["status", "phase"]).unwrap_or("")));
    format!("{}\nNo resource quota.\n\nNo LimitRange resource.\n", KUBECTL_DESCRIBE.format(&t))
}
