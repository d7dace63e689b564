//! Property test: no document, however malformed, panics the API core — on create, update or
//! delete, for any served kind. Documents mix arbitrary JSON with the shapes of real manifests.

use proptest::prelude::*;
use sim_core::api::registry::SERVED;
use sim_core::api::server::DeleteOptions;
use sim_core::clock::LAB_EPOCH_UNIX;
use sim_core::json::{json, Map, Value};

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| json!(f)),
        "[a-z0-9.-]{0,12}".prop_map(Value::from),
        any::<String>().prop_map(Value::from),
        prop_oneof![Just("2Gi"), Just("-1"), Just("abc"), Just("1e400"), Just("0.5"), Just("team-a"), Just("Never"), Just("lq")]
            .prop_map(|s| json!(s)),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("metadata".to_string()),
        Just("name".to_string()),
        Just("namespace".to_string()),
        Just("labels".to_string()),
        Just("finalizers".to_string()),
        Just("ownerReferences".to_string()),
        Just("spec".to_string()),
        Just("template".to_string()),
        Just("containers".to_string()),
        Just("resources".to_string()),
        Just("requests".to_string()),
        Just("resourceGroups".to_string()),
        Just("flavors".to_string()),
        Just("coveredResources".to_string()),
        Just("nominalQuota".to_string()),
        Just("suspend".to_string()),
        Just("kueue.x-k8s.io/queue-name".to_string()),
        Just("generateName".to_string()),
        "[a-zA-Z]{1,6}",
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| Value::Array(v.into())),
            prop::collection::vec((key(), inner), 0..6).prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn no_document_panics_the_api(kind_index in 0..SERVED.len(), doc in value(), name in "[a-z]{1,5}", ns in prop_oneof![Just("team-a"), Just("default"), Just("")]) {
        let kind = &SERVED[kind_index];
        let mut s = sim_core::cluster::boot::api_server(1, LAB_EPOCH_UNIX);
        let mut doc = doc;
        if let Some(m) = doc.as_object_mut() {
            if !m.get("metadata").is_some_and(Value::is_object) || m.get("metadata").and_then(|x| x.get("name")).is_none() {
                m.insert("metadata", json!({"name": name}));
            }
        }
        let created = s.create(LAB_EPOCH_UNIX, kind, ns, doc.clone(), false);
        let _ = s.update(LAB_EPOCH_UNIX, kind, ns, doc.clone(), false, false);
        let _ = s.update(LAB_EPOCH_UNIX, kind, ns, doc, true, false);
        if let Ok(obj) = created {
            let n = obj["metadata"]["name"].as_str().unwrap_or("").to_string();
            let _ = s.delete(LAB_EPOCH_UNIX, kind, ns, &n, &DeleteOptions::default());
        }
    }
}
