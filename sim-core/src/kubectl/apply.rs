//! kubectl's client-side apply (upstream `kubectl/pkg/cmd/apply/apply.go`, `patcher.go`), a shared
//! leaf: GET the live object; if there is none, POST the file's object with the
//! last-applied-configuration annotation; otherwise merge three ways — the previous apply (the
//! annotation), the file, the live object — and PATCH the difference. The server only applies
//! the patch.
//!
//! The difference is sent as a JSON merge patch computed against the live object (every key the
//! merge changes, `null` for every key it removes, changed lists whole), which the server
//! applies to exactly the merged object; real kubectl sends a strategic merge patch for built-in
//! kinds, whose outcome is the same object.

use super::resource::{get, object_path, result};
use crate::api::client::Client;
use crate::api::patch::{key_of, list_strategy, ListStrategy};
use crate::api::registry::KindInfo;
use crate::api::rest::{Method, Request};
use crate::api::status::Status;
use crate::json::{json, Map, Value};

/// The last-applied-configuration annotation's key.
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// What an apply did to one object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApplyOutcome {
    Created,
    Configured,
    Unchanged,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    pub object: Value,
    pub outcome: ApplyOutcome,
    /// kubectl's warning for a live object without the last-applied annotation.
    pub warning: Option<String>,
}

/// Applies one object from a file (`namespace` is where it goes; "" for cluster-scoped kinds).
pub fn apply(c: &mut dyn Client, kind: &'static KindInfo, namespace: &str, file_obj: &Value, dry_run: bool) -> Result<Applied, Status> {
    let name = file_obj.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("").to_string();
    let annotation = last_applied_value(file_obj);
    let mut modified = file_obj.clone();
    if !modified.get("metadata").is_some_and(Value::is_object) {
        modified["metadata"] = json!({});
    }
    if !modified["metadata"].get("annotations").is_some_and(Value::is_object) {
        modified["metadata"]["annotations"] = json!({});
    }
    modified["metadata"]["annotations"][LAST_APPLIED] = json!(annotation);
    let dry = |req: Request| if dry_run { req.query("dryRun", "All") } else { req };
    let create = |c: &mut dyn Client, modified: Value| -> Result<Applied, Status> {
        let req = dry(Request::new(Method::Post, &object_path(kind, namespace, None)).body(modified));
        let object = result(c.request(&req))?.body;
        Ok(Applied { object, outcome: ApplyOutcome::Created, warning: None })
    };
    if name.is_empty() {
        return create(c, modified);
    }
    let current = match get(c, kind, namespace, &name) {
        Ok(o) => o,
        Err(e) if e.code == 404 => return create(c, modified),
        Err(e) => return Err(e),
    };
    let previous = current.pointer(&format!("/metadata/annotations/{}", LAST_APPLIED.replace('/', "~1"))).and_then(Value::as_str);
    let warning = previous.is_none().then(|| {
        format!(
            "Warning: resource {}/{name} is missing the {LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.",
            kind.plural
        )
    });
    let original: Value = previous.and_then(|p| serde_json::from_str(p).ok()).unwrap_or(json!({}));
    let mut merged = three_way_merge(&original, &modified, &current, kind.columns.is_none());
    // The live object's identity and version are kept.
    for k in ["apiVersion", "kind"] {
        if let Some(v) = current.get(k) {
            merged[k] = v.clone();
        }
    }
    if merged == current {
        return Ok(Applied { object: current, outcome: ApplyOutcome::Unchanged, warning });
    }
    let mut req = dry(Request::new(Method::Patch, &object_path(kind, namespace, Some(&name))).body(merge_patch_between(&current, &merged)));
    req.content_type = Some("application/merge-patch+json".into());
    let object = result(c.request(&req))?.body;
    Ok(Applied { object, outcome: ApplyOutcome::Configured, warning })
}

/// The JSON merge patch that turns `from` into `to`: changed keys with their new values (maps
/// recursively), removed keys as `null`.
fn merge_patch_between(from: &Value, to: &Value) -> Value {
    match (from, to) {
        (Value::Object(f), Value::Object(t)) => {
            let mut patch = Map::new();
            for k in f.keys().filter(|k| !t.contains_key(*k)) {
                patch.insert(*k, Value::Null);
            }
            for (k, tv) in t {
                match f.get(k) {
                    Some(fv) if fv == tv => {}
                    Some(fv @ Value::Object(_)) if tv.is_object() => {
                        patch.insert(*k, merge_patch_between(fv, tv));
                    }
                    _ => {
                        patch.insert(*k, tv.clone());
                    }
                }
            }
            Value::Object(patch)
        }
        _ => to.clone(),
    }
}

/// kubectl apply's three-way merge: the live object with the file's fields set, and the fields
/// the previous apply set but the file no longer has removed. `strategic` selects list merging
/// by patch merge keys (built-in kinds); custom resources replace lists whole (JSON merge).
pub fn three_way_merge(original: &Value, modified: &Value, current: &Value, strategic: bool) -> Value {
    merge3(Some(original), modified, Some(current), strategic, "")
}

fn merge3(original: Option<&Value>, modified: &Value, current: Option<&Value>, strategic: bool, field: &str) -> Value {
    match (modified, current) {
        (Value::Object(m), Some(Value::Object(c))) => {
            let o = original.and_then(Value::as_object);
            let mut out = c.clone();
            for (k, mv) in m {
                let merged = merge3(o.and_then(|o| o.get(k)), mv, c.get(k), strategic, k);
                out.insert(*k, merged);
            }
            if let Some(o) = o {
                for k in o.keys() {
                    if !m.contains_key(k) {
                        out.remove(k);
                    }
                }
            }
            Value::Object(out)
        }
        (Value::Array(m), Some(Value::Array(c))) if strategic => match list_strategy(field) {
            ListStrategy::MergeKey(mk) => {
                let o: Vec<Value> = original.and_then(Value::as_array).map(|a| a.to_vec()).unwrap_or_default();
                let mut out = Vec::new();
                for mv in m {
                    let kv = key_of(mv, mk);
                    let cv = c.iter().find(|e| kv.is_some() && key_of(e, mk) == kv);
                    let ov = o.iter().find(|e| kv.is_some() && key_of(e, mk) == kv);
                    out.push(merge3(ov, mv, cv, strategic, ""));
                }
                for cv in c {
                    let kv = key_of(cv, mk);
                    let in_modified = m.iter().any(|e| kv.is_some() && key_of(e, mk) == kv);
                    let in_original = o.iter().any(|e| kv.is_some() && key_of(e, mk) == kv);
                    if !in_modified && !in_original {
                        out.push(cv.clone());
                    }
                }
                Value::Array(out.into())
            }
            ListStrategy::PrimitiveSet => {
                let o: Vec<Value> = original.and_then(Value::as_array).map(|a| a.to_vec()).unwrap_or_default();
                let mut out: Vec<Value> = c.iter().filter(|x| m.contains(x) || !o.contains(x)).cloned().collect();
                for x in m {
                    if !out.contains(x) {
                        out.push(x.clone());
                    }
                }
                Value::Array(out.into())
            }
            ListStrategy::Replace => modified.clone(),
        },
        _ => modified.clone(),
    }
}

/// The annotation value kubectl stores: the file's object as compact JSON with sorted keys, with
/// `metadata.annotations` present (empty if the file had none) and a trailing newline.
pub fn last_applied_value(file_obj: &Value) -> String {
    let mut o = file_obj.clone();
    if let Some(meta) = o.get_mut("metadata").and_then(Value::as_object_mut) {
        let ann = meta.entry("annotations").or_insert_with(|| Value::Object(Map::new()));
        if let Some(a) = ann.as_object_mut() {
            a.remove(LAST_APPLIED);
        }
    }
    // serde_json's Map is a BTreeMap here, so keys come out sorted.
    format!("{}\n", serde_json::to_string(&o).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_way_keeps_server_fields_and_drops_removed_ones() {
        let original = json!({"spec": {"a": 1, "b": 2}});
        let modified = json!({"spec": {"a": 5}});
        let current = json!({"spec": {"a": 1, "b": 2, "defaulted": true}, "status": {"x": 1}});
        assert_eq!(
            three_way_merge(&original, &modified, &current, false),
            json!({"spec": {"a": 5, "defaulted": true}, "status": {"x": 1}})
        );
        // Unchanged file: the result is the live object.
        assert_eq!(three_way_merge(&original, &original, &current, false), current);
    }

    #[test]
    fn the_patch_between_two_objects_leads_from_one_to_the_other() {
        let from = json!({"metadata": {"name": "x", "labels": {"a": "1", "b": "2"}}, "spec": {"list": [1, 2], "n": 1}});
        let to = json!({"metadata": {"name": "x", "labels": {"a": "1", "c": "3"}}, "spec": {"list": [2], "n": {"deep": true}}});
        let patch = merge_patch_between(&from, &to);
        assert_eq!(patch, json!({"metadata": {"labels": {"b": null, "c": "3"}}, "spec": {"list": [2], "n": {"deep": true}}}));
        let mut applied = from.clone();
        crate::api::patch::merge_patch(&mut applied, &patch);
        assert_eq!(applied, to);
    }

    #[test]
    fn last_applied_is_compact_sorted_json_with_annotations() {
        let v = last_applied_value(&json!({"kind": "Namespace", "apiVersion": "v1", "metadata": {"name": "x"}}));
        assert_eq!(v, "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"annotations\":{},\"name\":\"x\"}}\n");
    }
}
