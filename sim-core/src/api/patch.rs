//! Server-side patches: JSON merge patch (RFC 7386), JSON patch (RFC 6902), strategic merge patch
//! for the built-in kinds (lists merged by their patch merge keys, `$patch`, `$setElementOrder`,
//! `$deleteFromPrimitiveList`, `$retainKeys`). kubectl's client-side apply (the three-way merge)
//! is the client's: `kubectl/apply.rs`.

use serde_json::{Map, Value};

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

/// RFC 7386: `null` deletes, objects merge, everything else replaces.
pub fn merge_patch(target: &mut Value, patch: &Value) {
    let Value::Object(p) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    let t = target.as_object_mut().expect("made an object");
    for (k, v) in p {
        if v.is_null() {
            t.remove(k);
        } else {
            merge_patch(t.entry(k.clone()).or_insert(Value::Null), v);
        }
    }
}

/// Errors of a JSON patch, worded as the apiserver's json-patch library words them.
fn pointer_tokens(path: &str) -> Result<Vec<String>, String> {
    if path.is_empty() {
        return Ok(Vec::new());
    }
    let Some(rest) = path.strip_prefix('/') else { return Err(format!("JSON pointer must be empty or start with a \"/\": {path:?}")) };
    Ok(rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect())
}

fn parent_mut<'a>(doc: &'a mut Value, tokens: &[String], op: &str, path: &str) -> Result<&'a mut Value, String> {
    let mut cur = doc;
    for t in &tokens[..tokens.len().saturating_sub(1)] {
        cur = match cur {
            Value::Object(m) => m.get_mut(t),
            Value::Array(a) => t.parse::<usize>().ok().and_then(move |i| a.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| format!("{op} operation does not apply: doc is missing path: {path:?}: missing value"))?;
    }
    Ok(cur)
}

fn get_pointer<'a>(doc: &'a Value, path: &str) -> Option<&'a Value> {
    let tokens = pointer_tokens(path).ok()?;
    let pointer: String = tokens.iter().map(|t| format!("/{}", t.replace('~', "~0").replace('/', "~1"))).collect();
    doc.pointer(&pointer)
}

fn add_at(doc: &mut Value, path: &str, value: Value, op: &str) -> Result<(), String> {
    let tokens = pointer_tokens(path)?;
    let Some(last) = tokens.last().cloned() else {
        *doc = value;
        return Ok(());
    };
    match parent_mut(doc, &tokens, op, path)? {
        Value::Object(m) => {
            m.insert(last, value);
            Ok(())
        }
        Value::Array(a) => {
            let idx = if last == "-" {
                a.len()
            } else {
                last.parse::<usize>().map_err(|_| format!("{op} operation does not apply: doc is missing path: {path:?}: missing value"))?
            };
            if idx > a.len() {
                return Err(format!("{op} operation does not apply: doc is missing path: {path:?}: missing value"));
            }
            a.insert(idx, value);
            Ok(())
        }
        _ => Err(format!("{op} operation does not apply: doc is missing path: {path:?}: missing value")),
    }
}

fn remove_at(doc: &mut Value, path: &str, op: &str) -> Result<Value, String> {
    let tokens = pointer_tokens(path)?;
    let Some(last) = tokens.last().cloned() else {
        return Err(format!("{op} operation does not apply: doc is missing path: {path:?}: missing value"));
    };
    let missing = || format!("{op} operation does not apply: doc is missing path: {path:?}: missing value");
    match parent_mut(doc, &tokens, op, path)? {
        Value::Object(m) => m.remove(&last).ok_or_else(missing),
        Value::Array(a) => {
            let idx = last.parse::<usize>().map_err(|_| missing())?;
            if idx < a.len() {
                Ok(a.remove(idx))
            } else {
                Err(missing())
            }
        }
        _ => Err(missing()),
    }
}

/// RFC 6902 (add, remove, replace, move, copy, test). The document is left unchanged on error.
pub fn json_patch(doc: &Value, patch: &Value) -> Result<Value, String> {
    let Some(ops) = patch.as_array() else { return Err("json: cannot unmarshal object into Go value of type jsonpatch.Patch".into()) };
    let mut out = doc.clone();
    for op in ops {
        let kind = op.get("op").and_then(Value::as_str).unwrap_or("");
        let path = op.get("path").and_then(Value::as_str).unwrap_or("");
        match kind {
            "add" => add_at(&mut out, path, op.get("value").cloned().unwrap_or(Value::Null), "add")?,
            "remove" => {
                remove_at(&mut out, path, "remove")?;
            }
            "replace" => {
                remove_at(&mut out, path, "replace")?;
                add_at(&mut out, path, op.get("value").cloned().unwrap_or(Value::Null), "replace")?;
            }
            "move" | "copy" => {
                let from = op.get("from").and_then(Value::as_str).unwrap_or("");
                let v = if kind == "move" {
                    remove_at(&mut out, from, kind)?
                } else {
                    get_pointer(&out, from)
                        .cloned()
                        .ok_or_else(|| format!("copy operation does not apply: doc is missing from path: {from:?}: missing value"))?
                };
                add_at(&mut out, path, v, kind)?;
            }
            "test" => {
                if get_pointer(&out, path) != op.get("value") {
                    return Err(format!("testing value {path} failed: test failed"));
                }
            }
            other => return Err(format!("Unexpected kind: {other}")),
        }
    }
    Ok(out)
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
        t.retain(|k, _| keep.contains(k));
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
                let entry = t.entry(k.clone()).or_insert_with(|| Value::Array(Vec::new()));
                if !entry.is_array() {
                    *entry = Value::Array(Vec::new());
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
                let entry = t.entry(k.clone()).or_insert_with(|| Value::Array(Vec::new()));
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
            (Value::Object(_), _) => strategic_merge(t.entry(k.clone()).or_insert(Value::Null), v),
            _ => {
                t.insert(k.clone(), v.clone());
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
        sorted.append(list);
        *list = sorted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
