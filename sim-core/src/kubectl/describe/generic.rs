//! The generic describer Kueue's custom resources get (upstream `describe.go`: `genericDescriber`, `printUnstructuredContent`).

use super::printer::{annotations_block, events_block, labels_block, scalar, smart_label};
use crate::api::client::Client;
use crate::api::object::{get, get_str};
use crate::json::Value;
use crate::kubectl::tabwriter::KUBECTL_DESCRIBE;

fn indent(level: usize) -> String {
    "  ".repeat(level)
}

/// `printUnstructuredContent`: every field under a smart label, nested two spaces a level; the
/// metadata shown above (name, namespace, labels, annotations) and managedFields skipped.
fn unstructured(out: &mut String, level: usize, content: &crate::json::Map, prefix: &str) {
    const SKIP: [&str; 5] =
        [".metadata.name", ".metadata.namespace", ".metadata.labels", ".metadata.annotations", ".metadata.managedFields"];
    for (field, value) in content {
        let path = format!("{prefix}.{field}");
        if SKIP.contains(&path.as_str()) {
            continue;
        }
        match value {
            Value::Object(m) => {
                out.push_str(&format!("{}{}:\n", indent(level), smart_label(field)));
                unstructured(out, level + 1, m, &path);
            }
            Value::Array(items) => {
                out.push_str(&format!("{}{}:\n", indent(level), smart_label(field)));
                for item in items {
                    match item {
                        Value::Object(m) => unstructured(out, level + 1, m, &path),
                        other => out.push_str(&format!("{}{}\n", indent(level + 1), scalar(other))),
                    }
                }
            }
            other => out.push_str(&format!("{}{}:\t{}\n", indent(level), smart_label(field), scalar(other))),
        }
    }
}

/// Name, namespace, labels and annotations, the rest of the object, then the Events section.
pub fn describe_generic(c: &mut dyn Client, now: i64, obj: &Value) -> String {
    let mut text = format!(
        "Name:\t{}\nNamespace:\t{}\n",
        get_str(obj, &["metadata", "name"]).unwrap_or(""),
        get_str(obj, &["metadata", "namespace"]).unwrap_or("")
    );
    labels_block(&mut text, "", "Labels", &get(obj, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default());
    annotations_block(&mut text, "", &get(obj, &["metadata", "annotations"]).and_then(Value::as_object).cloned().unwrap_or_default());
    if let Some(m) = obj.as_object() {
        unstructured(&mut text, 0, m, "");
    }
    let events = events_block(c, now, obj);
    // `Events:\t<none>` joins the block above it; an events table is laid out on its own.
    if events.starts_with("Events:\t") {
        text.push_str(&events);
        KUBECTL_DESCRIBE.format(&text)
    } else {
        format!("{}{events}", KUBECTL_DESCRIBE.format(&text))
    }
}
