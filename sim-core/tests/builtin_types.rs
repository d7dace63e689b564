//! `src/api/builtin_types.rs` is generated from k8s-openapi's schemas of the built-in kinds the
//! simulator serves; this test regenerates it and fails if the committed file differs
//! (`BLESS=1 cargo test -p sim-core --test builtin_types` rewrites it). A second test holds the
//! decoder built on those tables (`api::go_json`) to k8s-openapi's own typed round trip, which
//! the simulator used before: the same objects are accepted, printed back and found to carry
//! unknown fields, over the labs' manifests, a settled cluster and thousands of mutations of them.

use k8s_openapi::api::{batch::v1::Job, core::v1 as core, scheduling::v1::PriorityClass};
use serde::{de::DeserializeOwned, Serialize};
use sim_core::api::go_json;
use sim_core::api::server::kind_info;
use sim_core::json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

const GENERATED: &str = "src/api/builtin_types.rs";

/// The kinds (and the extra roots Kueue's types embed) the table covers, with their statics.
fn roots(g: &mut schemars::SchemaGenerator) -> Vec<String> {
    let mut names = Vec::new();
    let mut add = |s: schemars::Schema| {
        let r = s.as_object().and_then(|o| o.get("$ref")).and_then(serde_json::Value::as_str).expect("a $ref").to_string();
        names.push(r.trim_start_matches("#/$defs/").to_string());
    };
    add(g.subschema_for::<Job>());
    add(g.subschema_for::<core::Pod>());
    add(g.subschema_for::<core::Namespace>());
    add(g.subschema_for::<core::Node>());
    add(g.subschema_for::<core::Event>());
    add(g.subschema_for::<core::ServiceAccount>());
    add(g.subschema_for::<core::ConfigMap>());
    add(g.subschema_for::<PriorityClass>());
    add(g.subschema_for::<core::PodTemplateSpec>());
    add(g.subschema_for::<k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta>());
    names
}

/// `CORE_V1_POD_SPEC` for `io.k8s.api.core.v1.PodSpec`.
fn static_name(def: &str) -> String {
    let parts: Vec<&str> = def.rsplit('.').take(3).collect();
    let (ty, version, group) = (parts[0], parts[1], parts[2]);
    let mut out = format!("{}_{}_", group.to_uppercase(), version.to_uppercase());
    for (i, c) in ty.chars().enumerate() {
        let prev_lower = i > 0 && ty.chars().nth(i - 1).is_some_and(|p| p.is_lowercase() || p.is_ascii_digit());
        if c.is_uppercase() && prev_lower {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// `v1.PodSpec` for `io.k8s.api.core.v1.PodSpec`.
fn go_name(def: &str) -> String {
    let parts: Vec<&str> = def.rsplit('.').take(2).collect();
    format!("{}.{}", parts[1], parts[0])
}

/// The `Ty` expression for a property's schema.
fn ty(s: &Value, defs: &Map, structs: &mut BTreeSet<String>) -> String {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let def = r.trim_start_matches("#/$defs/");
        return match def.rsplit('.').next().unwrap_or_default() {
            "Quantity" => "Ty::Quantity".into(),
            "IntOrString" => "Ty::IntOrString".into(),
            "Time" => "Ty::Time".into(),
            "MicroTime" => "Ty::MicroTime".into(),
            "FieldsV1" | "RawExtension" => "Ty::Raw".into(),
            _ => {
                assert!(defs[def].get("properties").is_some(), "{def}: a definition without properties");
                structs.insert(def.to_string());
                format!("Ty::Struct(&{})", static_name(def))
            }
        };
    }
    let t = s.get("type").and_then(Value::as_str).unwrap_or_default();
    let f = s.get("format").and_then(Value::as_str);
    match (t, f) {
        ("string", Some("byte")) => "Ty::Bytes".into(),
        ("string", None) => "Ty::String".into(),
        ("boolean", None) => "Ty::Bool".into(),
        ("integer", Some("int32")) => "Ty::Int32".into(),
        ("integer", Some("int64")) => "Ty::Int64".into(),
        ("array", None) => format!("Ty::Slice(&{})", ty(&s["items"], defs, structs)),
        ("object", None) if s.get("additionalProperties").is_some() => {
            format!("Ty::Map(&{})", ty(&s["additionalProperties"], defs, structs))
        }
        _ => panic!("a schema the generator does not know: {s}"),
    }
}

fn generate() -> String {
    let mut g = schemars::SchemaGenerator::default();
    let roots = roots(&mut g);
    let Value::Object(defs) = Value::from(serde_json::Value::Object(g.definitions().clone())) else { unreachable!() };
    let mut pending: BTreeSet<String> = roots.iter().cloned().collect();
    let mut done = BTreeMap::new();
    while let Some(def) = pending.pop_first() {
        if done.contains_key(&def) {
            continue;
        }
        let schema = &defs[&def];
        let required: BTreeSet<&str> =
            schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let mut fields = String::new();
        let mut found = BTreeSet::new();
        for (name, prop) in schema["properties"].as_object().expect("properties") {
            let t = ty(prop, &defs, &mut found);
            let _ = writeln!(fields, "        Field {{ name: {name:?}, ty: {t}, required: {} }},", required.contains(name.as_str()));
        }
        let mut text = String::new();
        let _ = writeln!(text, "pub static {}: Struct = Struct {{\n    name: {:?},\n    fields: &[", static_name(&def), go_name(&def));
        text.push_str(&fields);
        text.push_str("    ],\n};\n");
        done.insert(def.clone(), text);
        pending.extend(found.into_iter().filter(|d| !done.contains_key(d)));
    }
    let names: BTreeSet<String> = done.keys().map(|d| static_name(d)).collect();
    assert_eq!(names.len(), done.len(), "two definitions share a static's name");
    let mut out = String::from(
        "//! The built-in kinds' Go types as the JSON decoder (`go_json`) reads them. Generated from\n\
         //! k8s-openapi's schemas (Kubernetes 1.32) by `sim-core/tests/builtin_types.rs`; do not edit\n\
         //! (`BLESS=1 cargo test -p sim-core --test builtin_types` rewrites it).\n\n\
         use super::go_json::{Field, Struct, Ty};\n",
    );
    for text in done.values() {
        out.push('\n');
        out.push_str(text);
    }
    out
}

#[test]
fn the_generated_table_is_k8s_openapis() {
    let fresh = generate();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GENERATED);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write the table");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == fresh, "{GENERATED} is not what k8s-openapi's schemas give; rerun with BLESS=1 and review the diff");
}

// ---- the decoder against k8s-openapi's typed round trip ----

/// What the simulator did before: JSON numbers in quantity maps as strings, then the typed form.
fn quantities_as_strings(v: &mut Value, in_quantity_map: bool) {
    match v {
        Value::Object(m) => {
            for (k, child) in m.iter_mut() {
                let quantity_map = matches!(k.as_str(), "requests" | "limits" | "overhead" | "capacity" | "allocatable");
                if k == "sizeLimit" {
                    if let Value::Number(n) = child {
                        *child = Value::String(n.to_string().into());
                    }
                }
                quantities_as_strings(child, quantity_map);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| quantities_as_strings(x, false)),
        Value::Number(n) if in_quantity_map => *v = Value::String(n.to_string().into()),
        _ => {}
    }
}

fn typed<T: DeserializeOwned + Serialize>(obj: &Value) -> Option<Value> {
    let t: T = sim_core::json::from_value(obj.clone()).ok()?;
    Some(sim_core::json::to_value(t).expect("serialises"))
}

fn old_decode(kind: &str, obj: &Value) -> Option<Value> {
    let mut obj = obj.clone();
    quantities_as_strings(&mut obj, false);
    match kind {
        "Job" => typed::<Job>(&obj),
        "Pod" => typed::<core::Pod>(&obj),
        "Namespace" => typed::<core::Namespace>(&obj),
        "Node" => typed::<core::Node>(&obj),
        "Event" => typed::<core::Event>(&obj),
        "ServiceAccount" => typed::<core::ServiceAccount>(&obj),
        "ConfigMap" => typed::<core::ConfigMap>(&obj),
        "PriorityClass" => typed::<PriorityClass>(&obj),
        _ => unreachable!(),
    }
}

/// Paths in `input` (not null) that `decoded` lacks: how the old decoder found unknown fields.
fn old_unknown(input: &Value, decoded: &Value, prefix: &str, out: &mut Vec<String>) {
    match (input, decoded) {
        (Value::Object(i), Value::Object(d)) => {
            for (k, v) in i {
                if v.is_null() {
                    continue;
                }
                let path = if prefix.is_empty() { k.to_string() } else { format!("{prefix}.{k}") };
                match d.get(k) {
                    None => out.push(path),
                    Some(dv) => old_unknown(v, dv, &path, out),
                }
            }
        }
        (Value::Array(i), Value::Array(d)) => {
            for (n, (iv, dv)) in i.iter().zip(d).enumerate() {
                old_unknown(iv, dv, &format!("{prefix}[{n}]"), out);
            }
        }
        _ => {}
    }
}

const KINDS: [&str; 8] = ["Job", "Pod", "Namespace", "Node", "Event", "ServiceAccount", "ConfigMap", "PriorityClass"];

/// The built-in objects of the labs' files and of a settled cluster that ran a Job.
fn corpus() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    let labs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../labs");
    let mut files = Vec::new();
    let mut dirs = vec![labs];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                files.push(p);
            }
        }
    }
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for doc in serde_norway::Deserializer::from_str(&text) {
            let Ok(v) = <Value as serde::Deserialize>::deserialize(doc) else { continue };
            if let Some(kind) = v.get("kind").and_then(Value::as_str).filter(|k| KINDS.contains(k)) {
                out.push((kind.to_string(), v));
            }
        }
    }
    let mut c = sim_core::bench::lab_cluster();
    let job = sim_core::bench::job("train", "team-a", "lq", 1);
    sim_core::kubectl::apply::apply(&mut c, kind_info("Job"), "team-a", &job, false).expect("applies");
    c.settle();
    out.push(("Job".into(), job));
    for kind in KINDS {
        let sel = Default::default();
        let fields = Default::default();
        for v in c.api.list_objects(kind_info(kind), None, &sel, &fields).expect("lists") {
            out.push((kind.to_string(), v));
        }
    }
    out
}

/// Every object with one leaf (or subtree) replaced by a value of another JSON type.
fn mutations(v: &Value) -> Vec<Value> {
    let replacements = [
        Value::String("x".into()),
        Value::from(7),
        Value::from(-3),
        Value::Bool(true),
        Value::Object(Map::new()),
        Value::Array(vec![Value::from(1)].into()),
        sim_core::json::json!({"unknownField": 1}),
    ];
    let mut paths = Vec::new();
    fn collect(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
        out.push(path.clone());
        match v {
            Value::Object(m) => {
                for (k, c) in m {
                    path.push(Value::from(k.as_str()));
                    collect(c, path, out);
                    path.pop();
                }
            }
            Value::Array(a) => {
                for (i, c) in a.iter().enumerate() {
                    path.push(Value::from(i));
                    collect(c, path, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    collect(v, &mut Vec::new(), &mut paths);
    let mut out = Vec::new();
    for path in paths.iter().filter(|p| !p.is_empty()) {
        if path.len() == 1 && matches!(path[0].as_str(), Some("apiVersion" | "kind")) {
            continue;
        }
        for r in &replacements {
            let mut copy = v.clone();
            let mut at = &mut copy;
            for step in path {
                at = match step {
                    Value::String(k) => &mut at[k.as_str()],
                    Value::Number(i) => &mut at[i.as_u64().unwrap_or(0) as usize],
                    _ => unreachable!(),
                };
            }
            *at = r.clone();
            out.push(copy);
        }
    }
    out
}

#[test]
fn the_decoder_accepts_and_prints_what_k8s_openapi_did() {
    let corpus = corpus();
    assert!(corpus.len() > 20, "the corpus is {} objects", corpus.len());
    let mut checked = 0;
    for (kind, obj) in &corpus {
        let root = sim_core::api::schema::builtin_root(kind).expect("a root");
        for input in std::iter::once(obj.clone()).chain(mutations(obj)) {
            let old = old_decode(kind, &input);
            let new = go_json::decode(root, &input);
            match (&old, &new) {
                (Some(o), Ok(n)) => {
                    assert_eq!(o, &n.object, "{kind}: printed differently\n{input}");
                    let mut normalized = input.clone();
                    quantities_as_strings(&mut normalized, false);
                    let mut unknown = Vec::new();
                    old_unknown(&normalized, o, "", &mut unknown);
                    assert_eq!(unknown, n.unknown, "{kind}: unknown fields differ\n{input}");
                }
                (None, Err(_)) => {}
                _ => panic!("{kind}: old accepts: {}, new: {new:?}\n{input}", old.is_some()),
            }
            checked += 1;
        }
    }
    assert!(checked > 5000, "{checked} objects checked");
}
