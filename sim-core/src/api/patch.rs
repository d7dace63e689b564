//! Server-side patches: JSON merge patch (RFC 7386), JSON patch (RFC 6902), strategic merge patch
//! for the built-in kinds (lists merged by their patch merge keys, `$patch`, `$setElementOrder`,
//! `$deleteFromPrimitiveList`, `$retainKeys`). kubectl's client-side apply (the three-way merge)
//! is the client's: `kubectl/apply.rs`.

use crate::json::{self, Map, Value};
use json_patch::jsonptr::PointerBuf;
use json_patch::{
    AddOperation, CopyOperation, MoveOperation, PatchErrorKind, PatchOperation, RemoveOperation, ReplaceOperation, TestOperation,
};

/// How a list field merges under a strategic merge patch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListStrategy {
    /// Elements are maps merged by this key.
    MergeKey(&'static str),
    /// A list of primitives merged as a set (`finalizers`).
    PrimitiveSet,
    /// Replaced whole.
    Replace,
}

/// The patch strategy of the list fields the served built-in kinds have (`k8s.io/api` struct tags).
pub fn list_strategy(field: &str) -> ListStrategy {
    match field {
        "containers" | "initContainers" | "ephemeralContainers" | "volumes" | "env" | "imagePullSecrets" | "resourceClaims" => {
            ListStrategy::MergeKey("name")
        }
        "ports" => ListStrategy::MergeKey("containerPort"),
        "volumeMounts" => ListStrategy::MergeKey("mountPath"),
        "volumeDevices" => ListStrategy::MergeKey("devicePath"),
        "ownerReferences" => ListStrategy::MergeKey("uid"),
        "conditions" | "addresses" => ListStrategy::MergeKey("type"),
        "hostAliases" => ListStrategy::MergeKey("ip"),
        "topologySpreadConstraints" => ListStrategy::MergeKey("topologyKey"),
        "finalizers" => ListStrategy::PrimitiveSet,
        _ => ListStrategy::Replace,
    }
}

/// RFC 7386 (the `json-patch` crate's `merge`): `null` deletes, objects merge, everything else
/// replaces.
pub fn merge_patch(target: &mut Value, patch: &Value) {
    let mut doc = json::to_serde(target.take());
    json_patch::merge(&mut doc, &json::to_serde(patch.clone()));
    *target = doc.into();
}

/// A JSON pointer's tokens, unescaped (`~1` → `/`, then `~0` → `~`), as the apiserver's json-patch
/// library reads them.
fn pointer_tokens(path: &str) -> Result<Vec<String>, String> {
    if path.is_empty() {
        return Ok(Vec::new());
    }
    let Some(rest) = path.strip_prefix('/') else { return Err(format!("JSON pointer must be empty or start with a \"/\": {path:?}")) };
    Ok(rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect())
}

fn pointer(path: &str) -> Result<PointerBuf, String> {
    Ok(PointerBuf::from_tokens(pointer_tokens(path)?))
}

/// RFC 6902 (add, remove, replace, move, copy, test) through the `json-patch` crate, one operation
/// at a time so each error names its operation as the apiserver does. The document is left
/// unchanged on error.
pub fn json_patch(doc: &Value, patch: &Value) -> Result<Value, String> {
    let Some(ops) = patch.as_array() else { return Err("json: cannot unmarshal object into Go value of type jsonpatch.Patch".into()) };
    let mut out = json::to_serde(doc.clone());
    for op in ops {
        let kind = op.get("op").and_then(Value::as_str).unwrap_or("");
        let path = op.get("path").and_then(Value::as_str).unwrap_or("");
        let from = op.get("from").and_then(Value::as_str).unwrap_or("");
        let value = || json::to_serde(op.get("value").cloned().unwrap_or(Value::Null));
        let missing = |p: &str| format!("{kind} operation does not apply: doc is missing path: {p:?}: missing value");
        let test_failed = || format!("testing value {path} failed: test failed");
        let operation = match kind {
            "add" => PatchOperation::Add(AddOperation { path: pointer(path)?, value: value() }),
            // The root is not removed or replaced (there is no parent to take it from).
            "remove" | "replace" if path.is_empty() => return Err(missing(path)),
            "remove" => PatchOperation::Remove(RemoveOperation { path: pointer(path)? }),
            "replace" => PatchOperation::Replace(ReplaceOperation { path: pointer(path)?, value: value() }),
            "move" => {
                if from.is_empty() {
                    return Err(missing(from));
                }
                PatchOperation::Move(MoveOperation { from: pointer(from)?, path: pointer(path)? })
            }
            "copy" => {
                let Ok(from_ptr) = pointer(from) else {
                    return Err(format!("copy operation does not apply: doc is missing from path: {from:?}: missing value"));
                };
                PatchOperation::Copy(CopyOperation { from: from_ptr, path: pointer(path)? })
            }
            "test" => {
                let Ok(ptr) = pointer(path) else {
                    // An unreadable pointer finds nothing, which only a missing value equals.
                    if op.get("value").is_none() {
                        continue;
                    }
                    return Err(test_failed());
                };
                match op.get("value") {
                    Some(v) => PatchOperation::Test(TestOperation { path: ptr, value: json::to_serde(v.clone()) }),
                    // No value: the test holds where nothing is.
                    None if out.pointer(ptr.as_str()).is_none() => continue,
                    None => return Err(test_failed()),
                }
            }
            other => return Err(format!("Unexpected kind: {other}")),
        };
        json_patch::patch_unsafe(&mut out, std::slice::from_ref(&operation)).map_err(|e| match e.kind {
            PatchErrorKind::TestFailed => test_failed(),
            PatchErrorKind::InvalidFromPointer if kind == "copy" => {
                format!("copy operation does not apply: doc is missing from path: {from:?}: missing value")
            }
            PatchErrorKind::InvalidFromPointer => missing(from),
            _ if kind == "test" => test_failed(),
            _ => missing(path),
        })?;
    }
    Ok(out.into())
}

pub fn key_of<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.get(key)
}

/// Applies a strategic merge patch to `target` (a map).
pub fn strategic_merge(target: &mut Value, patch: &Value) {
    let Value::Object(p) = patch else {
        *target = patch.clone();
        return;
    };
    if p.get("$patch").and_then(Value::as_str) == Some("replace") {
        let mut clean = p.clone();
        clean.remove("$patch");
        *target = Value::Object(clean);
        return;
    }
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    let retain: Option<Vec<String>> =
        p.get("$retainKeys").and_then(Value::as_array).map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect());
    let t = target.as_object_mut().expect("made an object");
    if let Some(keep) = &retain {
        t.retain(|k, _| keep.iter().any(|w| w == k.as_str()));
    }
    // Element orders come after the lists they order.
    let mut orders = Vec::new();
    for (k, v) in p {
        if k == "$patch" || k == "$retainKeys" {
            continue;
        }
        if let Some(field) = k.strip_prefix("$setElementOrder/") {
            orders.push((field.to_string(), v.clone()));
            continue;
        }
        if let Some(field) = k.strip_prefix("$deleteFromPrimitiveList/") {
            if let (Some(Value::Array(list)), Some(remove)) = (t.get_mut(field), v.as_array()) {
                list.retain(|x| !remove.contains(x));
            }
            continue;
        }
        if v.is_null() {
            t.remove(k);
            continue;
        }
        match (v, list_strategy(k)) {
            (Value::Array(items), ListStrategy::MergeKey(mk)) => {
                let entry = t.entry(*k).or_insert_with(|| Value::Array(crate::json::Array::new()));
                if !entry.is_array() {
                    *entry = Value::Array(crate::json::Array::new());
                }
                let list = entry.as_array_mut().expect("made an array");
                for item in items {
                    let Some(kv) = key_of(item, mk).cloned() else {
                        list.push(item.clone());
                        continue;
                    };
                    let pos = list.iter().position(|e| key_of(e, mk) == Some(&kv));
                    match (item.get("$patch").and_then(Value::as_str), pos) {
                        (Some("delete"), Some(i)) => {
                            list.remove(i);
                        }
                        (Some("delete"), None) => {}
                        (_, Some(i)) => strategic_merge(&mut list[i], item),
                        (_, None) => {
                            let mut fresh = Value::Object(Map::new());
                            strategic_merge(&mut fresh, item);
                            list.push(fresh);
                        }
                    }
                }
            }
            (Value::Array(items), ListStrategy::PrimitiveSet) => {
                let entry = t.entry(*k).or_insert_with(|| Value::Array(crate::json::Array::new()));
                if let Value::Array(list) = entry {
                    for item in items {
                        if !list.contains(item) {
                            list.push(item.clone());
                        }
                    }
                } else {
                    *entry = v.clone();
                }
            }
            (Value::Object(_), _) => strategic_merge(t.entry(*k).or_insert(Value::Null), v),
            _ => {
                t.insert(*k, v.clone());
            }
        }
    }
    for (field, order) in orders {
        let (Some(Value::Array(list)), Some(order)) = (t.get_mut(&field), order.as_array()) else { continue };
        let ListStrategy::MergeKey(mk) = list_strategy(&field) else { continue };
        let mut sorted: Vec<Value> = Vec::new();
        for o in order {
            if let Some(i) = list.iter().position(|e| key_of(e, mk) == key_of(o, mk) || (e == o)) {
                sorted.push(list.remove(i));
            }
        }
        sorted.extend(std::mem::take(list));
        *list = sorted.into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    #[test]
    fn merge_patch_rfc7386() {
        let mut t = json!({"a": "b", "c": {"d": "e", "f": "g"}});
        merge_patch(&mut t, &json!({"a": "z", "c": {"f": null}}));
        assert_eq!(t, json!({"a": "z", "c": {"d": "e"}}));
    }

    #[test]
    fn json_patch_ops_and_errors() {
        let doc = json!({"spec": {"x": [1, 2]}});
        let out = json_patch(&doc, &json!([{"op": "add", "path": "/spec/x/-", "value": 3}, {"op": "replace", "path": "/spec/x/0", "value": 0}, {"op": "test", "path": "/spec/x/1", "value": 2}])).unwrap();
        assert_eq!(out, json!({"spec": {"x": [0, 2, 3]}}));
        assert_eq!(
            json_patch(&doc, &json!([{"op": "remove", "path": "/spec/y"}])).unwrap_err(),
            r#"remove operation does not apply: doc is missing path: "/spec/y": missing value"#
        );
    }

    #[test]
    fn json_patch_error_texts_are_the_apiservers() {
        let doc = json!({"spec": {"x": [1, 2], "y": "a"}});
        let err = |ops: Value| json_patch(&doc, &ops).unwrap_err();
        assert_eq!(err(json!({"op": "add"})), "json: cannot unmarshal object into Go value of type jsonpatch.Patch");
        assert_eq!(err(json!([{"op": "add", "path": "spec", "value": 1}])), r#"JSON pointer must be empty or start with a "/": "spec""#);
        assert_eq!(err(json!([{"op": "frob", "path": "/spec"}])), "Unexpected kind: frob");
        assert_eq!(err(json!([{"op": "test", "path": "/spec/x/0", "value": 9}])), "testing value /spec/x/0 failed: test failed");
        assert_eq!(err(json!([{"op": "test", "path": "/spec/z", "value": 9}])), "testing value /spec/z failed: test failed");
        assert_eq!(
            err(json!([{"op": "copy", "from": "/nope", "path": "/spec/z"}])),
            r#"copy operation does not apply: doc is missing from path: "/nope": missing value"#
        );
        assert_eq!(
            err(json!([{"op": "move", "from": "/nope", "path": "/spec/z"}])),
            r#"move operation does not apply: doc is missing path: "/nope": missing value"#
        );
        assert_eq!(
            err(json!([{"op": "move", "from": "/spec", "path": "/spec/z"}])),
            r#"move operation does not apply: doc is missing path: "/spec/z": missing value"#
        );
        assert_eq!(
            err(json!([{"op": "replace", "path": "/spec/z", "value": 1}])),
            r#"replace operation does not apply: doc is missing path: "/spec/z": missing value"#
        );
        assert_eq!(
            err(json!([{"op": "add", "path": "/spec/x/5", "value": 1}])),
            r#"add operation does not apply: doc is missing path: "/spec/x/5": missing value"#
        );
        assert_eq!(
            err(json!([{"op": "add", "path": "/status/a", "value": 1}])),
            r#"add operation does not apply: doc is missing path: "/status/a": missing value"#
        );
        assert_eq!(
            err(json!([{"op": "remove", "path": ""}])),
            r#"remove operation does not apply: doc is missing path: "": missing value"#
        );
        assert_eq!(
            err(json!([{"op": "remove", "path": "/spec/x/-"}])),
            r#"remove operation does not apply: doc is missing path: "/spec/x/-": missing value"#
        );
        // A later failure leaves nothing of the earlier operations.
        assert!(json_patch(&doc, &json!([{"op": "remove", "path": "/spec/y"}, {"op": "remove", "path": "/spec/y"}])).is_err());
    }

    #[test]
    fn json_patch_moves_copies_and_tests() {
        let doc = json!({"a": {"b": 1}, "l": ["x", "y"], "k~/": 2});
        let out = json_patch(
            &doc,
            &json!([
                {"op": "move", "from": "/a/b", "path": "/c"},
                {"op": "copy", "from": "/l/1", "path": "/l/0"},
                {"op": "test", "path": "/k~0~1", "value": 2},
                {"op": "test", "path": "/nothing"},
                {"op": "replace", "path": "/l/2", "value": "z"},
                {"op": "add", "path": "", "value": {"whole": true}},
                {"op": "add", "path": "/w", "value": null}
            ]),
        )
        .unwrap();
        assert_eq!(out, json!({"whole": true, "w": null}));
        let out = json_patch(&doc, &json!([{"op": "move", "from": "/l/0", "path": "/l/-"}, {"op": "remove", "path": "/k~0~1"}])).unwrap();
        assert_eq!(out, json!({"a": {"b": 1}, "l": ["y", "x"]}));
    }

    #[test]
    fn strategic_merge_by_keys_and_directives() {
        let mut pod =
            json!({"spec": {"containers": [{"name": "a", "image": "x"}, {"name": "b", "image": "y"}]}, "metadata": {"finalizers": ["f1"]}});
        strategic_merge(
            &mut pod,
            &json!({"spec": {"containers": [{"name": "b", "image": "z"}, {"name": "a", "$patch": "delete"}]}, "metadata": {"finalizers": ["f2"], "$deleteFromPrimitiveList/finalizers": ["f1"]}}),
        );
        assert_eq!(pod, json!({"spec": {"containers": [{"name": "b", "image": "z"}]}, "metadata": {"finalizers": ["f2"]}}));
    }
}
