//! `sim_core::json` answers as serde_json's `Value` does: the same text out for the same text in,
//! the same lookups, the same indexing rules. Every object the simulator keeps lives in this tree,
//! so any difference would show in what kubectl prints; the goldens hold the common cases, these
//! hold the tree itself over random documents.

use proptest::prelude::*;
use sim_core::json::{json, Map, Value};

/// Random JSON text: objects with keys that collide, repeat and sort in interesting ways.
fn any_json() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<u64>().prop_map(serde_json::Value::from),
        (-1e9f64..1e9).prop_map(serde_json::Value::from),
        "[a-c~/é ]{0,4}".prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
            prop::collection::vec(("[a-dB~/]{0,3}", inner), 0..10)
                .prop_map(|members| serde_json::Value::Object(members.into_iter().collect())),
        ]
    })
}

/// Every JSON Pointer into `v`, escaped, plus some that miss.
fn pointers(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    out.push(format!("{at}/nope"));
    match v {
        serde_json::Value::Object(m) => {
            for (k, child) in m {
                pointers(child, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out);
            }
        }
        serde_json::Value::Array(a) => {
            out.push(format!("{at}/{}", a.len()));
            out.push(format!("{at}/01"));
            for (i, child) in a.iter().enumerate() {
                pointers(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

proptest! {
    #[test]
    fn text_round_trips_as_serde_json_does(doc in any_json()) {
        let text = serde_json::to_string(&doc).unwrap();
        // Compared with serde_json's own reading of the text: without its `float_roundtrip`
        // feature a float may come back one unit off, in both trees alike.
        let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
        let text = serde_json::to_string(&doc).unwrap();
        let ours: Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(serde_json::to_string(&ours).unwrap(), text.clone());
        prop_assert_eq!(ours.to_string(), doc.to_string());
        prop_assert_eq!(format!("{ours:#}"), format!("{doc:#}"));
        prop_assert_eq!(serde_json::Value::from(ours.clone()), doc.clone());
        prop_assert_eq!(Value::from(doc.clone()), ours.clone());
        // Through YAML too, as a learner's manifest comes in.
        let yaml = serde_norway::to_string(&doc).unwrap();
        let from_yaml: Value = serde_norway::from_str(&yaml).unwrap();
        let serde_from_yaml: serde_json::Value = serde_norway::from_str(&yaml).unwrap();
        prop_assert_eq!(from_yaml.to_string(), serde_from_yaml.to_string());
    }

    #[test]
    fn lookups_answer_as_serde_json_does(doc in any_json()) {
        let ours = Value::from(doc.clone());
        let mut paths = Vec::new();
        pointers(&doc, String::new(), &mut paths);
        paths.extend(["/".to_string(), "nope".to_string(), "//".to_string()]);
        for p in &paths {
            prop_assert_eq!(ours.pointer(p).map(Value::to_string), doc.pointer(p).map(serde_json::Value::to_string), "{}", p);
        }
        for key in ["a", "B", "~", "", "a/b"] {
            prop_assert_eq!(ours[key].to_string(), doc[key].to_string());
            prop_assert_eq!(ours.get(key).is_some(), doc.get(key).is_some());
        }
        for i in 0..3 {
            prop_assert_eq!(ours[i].to_string(), doc[i].to_string());
        }
    }

    #[test]
    fn map_edits_answer_as_serde_json_does(
        doc in any_json(),
        edits in prop::collection::vec((0u8..4, "[a-dB]{0,2}", any::<i32>()), 0..20),
    ) {
        let serde_json::Value::Object(mut theirs) = doc else { return Ok(()) };
        let Value::Object(mut ours) = Value::from(serde_json::Value::Object(theirs.clone())) else { unreachable!() };
        for (op, key, n) in edits {
            match op {
                0 => prop_assert_eq!(ours.insert(key.clone(), n.into()).map(|v| v.to_string()), theirs.insert(key, n.into()).map(|v| v.to_string())),
                1 => prop_assert_eq!(ours.remove(&key).map(|v| v.to_string()), theirs.remove(&key).map(|v| v.to_string())),
                2 => {
                    ours.entry(key.clone()).or_insert(n.into());
                    theirs.entry(key).or_insert(n.into());
                }
                _ => {
                    ours.retain(|k, _| k.len() != (n as usize % 3));
                    theirs.retain(|k, _| k.len() != (n as usize % 3));
                }
            }
            prop_assert_eq!(ours.len(), theirs.len());
            prop_assert!(ours.keys().eq(theirs.keys()));
        }
        prop_assert_eq!(Value::Object(ours).to_string(), serde_json::Value::Object(theirs).to_string());
    }
}

#[test]
fn a_key_given_twice_keeps_its_last_value() {
    let v: Value = serde_json::from_str(r#"{"b":1,"a":2,"b":3}"#).unwrap();
    assert_eq!(v.to_string(), r#"{"a":2,"b":3}"#);
    let m: Map = [("z".to_string(), json!(1)), ("y".to_string(), json!(2)), ("z".to_string(), json!(3))].into_iter().collect();
    assert_eq!(Value::Object(m).to_string(), r#"{"y":2,"z":3}"#);
}

#[test]
fn indexing_as_serde_json() {
    let mut v = Value::Null;
    v["spec"]["suspend"] = json!(true);
    assert_eq!(v, json!({"spec": {"suspend": true}}));
    assert!(v["missing"]["deeper"].is_null());
    assert!(v[3].is_null());
    assert_eq!(v["spec"]["suspend"], true);
    assert_eq!(json!(5), 5);
    assert_eq!(json!(5), 5u64);
    assert_ne!(json!(5), 6);
    assert_eq!(json!("x"), "x");
    assert_eq!(json!(1.5), 1.5);
    let caught = std::panic::catch_unwind(|| {
        let mut s = json!("text");
        s["key"] = json!(1);
    });
    assert!(caught.is_err(), "indexing a string mutably panics, as serde_json's does");
}

#[test]
fn a_large_object_stays_sorted_and_searchable() {
    let mut m = Map::new();
    for i in (0..200).rev() {
        m.insert(format!("k{i:03}"), json!(i));
    }
    assert!(m.keys().is_sorted());
    assert_eq!(m.get("k150"), Some(&json!(150)));
    assert_eq!(m.remove("k007"), Some(json!(7)));
    assert!(!m.contains_key("k007"));
    assert_eq!(m.len(), 199);
}

/// `json!` builds the tree serde_json's macro would: the same text for the same literal,
/// whatever its nesting, trailing commas, `null`s and interpolated expressions.
#[test]
fn the_json_macro_builds_what_serde_jsons_builds() {
    let name = String::from("train-1");
    let gpus = 4;
    let labels: Vec<&str> = vec!["a", "b"];
    let ours = json!({
        "apiVersion": "batch/v1",
        "metadata": {"name": &name, "labels": {"kueue.x-k8s.io/queue-name": "team-a",}, "annotations": {}},
        "spec": {
            "parallelism": gpus / 2,
            "suspend": true,
            "template": {"spec": {"containers": [{"name": "c", "resources": {"limits": {"nvidia.com/gpu": gpus.to_string()}}}], "nodeSelector": null}},
            "list": [1, -2, 2.5, null, [], [null, {}], "x", format!("{}-{}", name, gpus), labels.clone(),],
        },
        (format!("computed-{gpus}")): Some("yes"),
        "none": Option::<i64>::None,
    });
    let theirs = serde_json::json!({
        "apiVersion": "batch/v1",
        "metadata": {"name": &name, "labels": {"kueue.x-k8s.io/queue-name": "team-a",}, "annotations": {}},
        "spec": {
            "parallelism": gpus / 2,
            "suspend": true,
            "template": {"spec": {"containers": [{"name": "c", "resources": {"limits": {"nvidia.com/gpu": gpus.to_string()}}}], "nodeSelector": null}},
            "list": [1, -2, 2.5, null, [], [null, {}], "x", format!("{}-{}", name, gpus), labels,],
        },
        (format!("computed-{gpus}")): Some("yes"),
        "none": Option::<i64>::None,
    });
    assert_eq!(ours.to_string(), theirs.to_string());
    assert_eq!(json!(null), Value::Null);
    assert_eq!(json!([]).to_string(), "[]");
    assert_eq!(json!({}).to_string(), "{}");
    assert_eq!(json!(name).to_string(), "\"train-1\"");
}

/// Pointer lookups answer as serde_json's on the edge cases: escapes, array indexes written
/// `01`, `+1` or `-`, empty tokens, misses, paths through scalars.
#[test]
fn pointer_edge_cases_answer_as_serde_json() {
    let mut v = json!({
        "a": {"b": [10, {"c": "x"}], "": {"": 1}, "k/l": 2, "m~n": 3, "0": "zero"},
        "list": [[1, 2], []],
    });
    let paths = [
        "",
        "/",
        "/a",
        "/a/b",
        "/a/b/0",
        "/a/b/1/c",
        "/a/b/2",
        "/a/b/01",
        "/a/b/+1",
        "/a/b/-",
        "/a/b/x",
        "/a/",
        "/a//",
        "/a/k~1l",
        "/a/m~0n",
        "/a/k/l",
        "/a/0",
        "/list/0/1",
        "/list/1/0",
        "a",
        "/nope",
        "/a/b/1/c/d",
        "/a/b/0/0",
    ];
    for p in paths {
        let mut theirs = serde_json::Value::from(v.clone());
        assert_eq!(v.pointer(p).map(Value::to_string), theirs.pointer(p).map(serde_json::Value::to_string), "{p}");
        assert_eq!(v.pointer_mut(p).map(|x| x.to_string()), theirs.pointer_mut(p).map(|x| x.to_string()), "{p} (mut)");
    }
    *v.pointer_mut("/a/b/1/c").unwrap() = json!("y");
    assert_eq!(v["a"]["b"][1]["c"], "y");
}

/// YAML keys that are not strings (`1:`, `true:`, `null:`, a list) read as serde_json's tree
/// reads them: the same tree or the same error.
#[test]
fn yaml_keys_that_are_not_strings_read_as_serde_jsons() {
    for doc in ["1: a\n", "true: b\n", "~: c\n", "1.5: d\n", "[1, 2]: e\n", "{a: 1}: f\n", "a: {2: x}\n", "? |\n  block\n: g\n"] {
        let ours = serde_norway::from_str::<Value>(doc).map(|v| v.to_string()).map_err(|e| e.to_string());
        let theirs = serde_norway::from_str::<serde_json::Value>(doc).map(|v| v.to_string()).map_err(|e| e.to_string());
        assert_eq!(ours, theirs, "{doc:?}");
    }
}
