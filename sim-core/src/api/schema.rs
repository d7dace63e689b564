//! Decoding with the kinds' schemas, as the apiserver decodes a request body: the object goes
//! through its typed form (k8s-openapi for built-in kinds, `kueue_types` for Kueue's), which
//! prunes fields the schema does not know; strict field validation reports them instead
//! (`strict decoding error: unknown field "spec.foo"`, `kubectl.md` §2.3).

use super::kueue_types as kt;
use super::registry::KindInfo;
use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;

/// `?fieldValidation=` (kubectl 1.32 sends `Strict` by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FieldValidation {
    #[default]
    Strict,
    Warn,
    Ignore,
}

fn round_trip<T: DeserializeOwned + Serialize>(obj: &Value) -> Result<Value, String> {
    let typed: T = serde_path_to_error::deserialize(obj).map_err(|e| {
        let path = e.path().to_string();
        if path == "." || path.is_empty() {
            e.inner().to_string()
        } else {
            format!("{path}: {}", e.inner())
        }
    })?;
    serde_json::to_value(typed).map_err(|e| e.to_string())
}

/// JSON numbers where Kubernetes expects a Quantity become strings (Quantity accepts both on the
/// wire; k8s-openapi's type reads strings).
fn quantities_as_strings(v: &mut Value, in_quantity_map: bool) {
    match v {
        Value::Object(m) => {
            for (k, child) in m.iter_mut() {
                let quantity_map = matches!(k.as_str(), "requests" | "limits" | "overhead" | "capacity" | "allocatable");
                if k == "sizeLimit" {
                    if let Value::Number(n) = child {
                        *child = Value::String(n.to_string());
                    }
                }
                quantities_as_strings(child, quantity_map);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| quantities_as_strings(x, false)),
        Value::Number(n) if in_quantity_map => *v = Value::String(n.to_string()),
        _ => {}
    }
}

/// The object as its typed form sees it, or the decode error.
pub fn decode(kind: &KindInfo, obj: &Value) -> Result<Value, String> {
    use k8s_openapi::api::{batch::v1::Job, core::v1 as core, scheduling::v1::PriorityClass};
    let mut owned;
    let obj = if kind.columns.is_none() {
        owned = obj.clone();
        quantities_as_strings(&mut owned, false);
        &owned
    } else {
        obj
    };
    match kind.kind {
        "Job" => round_trip::<Job>(obj),
        "Pod" => round_trip::<core::Pod>(obj),
        "Namespace" => round_trip::<core::Namespace>(obj),
        "Node" => round_trip::<core::Node>(obj),
        "Event" => round_trip::<core::Event>(obj),
        "ServiceAccount" => round_trip::<core::ServiceAccount>(obj),
        "ConfigMap" => round_trip::<core::ConfigMap>(obj),
        "PriorityClass" => round_trip::<PriorityClass>(obj),
        "ResourceFlavor" => round_trip::<kt::Object<kt::ResourceFlavorSpec>>(obj),
        "ClusterQueue" => round_trip::<kt::Object<kt::ClusterQueueSpec>>(obj),
        "LocalQueue" => round_trip::<kt::Object<kt::LocalQueueSpec>>(obj),
        "Workload" => round_trip::<kt::Object<kt::WorkloadSpec>>(obj),
        "Cohort" => round_trip::<kt::Object<kt::CohortSpec>>(obj),
        "AdmissionCheck" => round_trip::<kt::Object<kt::AdmissionCheckSpec>>(obj),
        "WorkloadPriorityClass" => round_trip::<kt::WorkloadPriorityClass>(obj),
        _ => Ok(obj.clone()),
    }
}

/// Paths present (and not null) in `input` but absent from its decoded form.
pub fn unknown_fields(input: &Value, decoded: &Value) -> Vec<String> {
    let mut out = Vec::new();
    walk(input, decoded, "", &mut out);
    out
}

fn walk(input: &Value, decoded: &Value, prefix: &str, out: &mut Vec<String>) {
    match (input, decoded) {
        (Value::Object(i), Value::Object(d)) => {
            for (k, v) in i {
                if v.is_null() {
                    continue;
                }
                let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                match d.get(k) {
                    None => out.push(path),
                    Some(dv) => walk(v, dv, &path, out),
                }
            }
        }
        (Value::Array(i), Value::Array(d)) => {
            for (n, (iv, dv)) in i.iter().zip(d).enumerate() {
                walk(iv, dv, &format!("{prefix}[{n}]"), out);
            }
        }
        _ => {}
    }
}

/// Decodes a request body: the pruned object and the warnings to return, or the error text
/// after `<Kind> in version "<v>" cannot be handled as a <Kind>: `.
pub fn decode_body(kind: &KindInfo, obj: &Value, validation: FieldValidation) -> Result<(Value, Vec<String>), String> {
    let decoded = decode(kind, obj)?;
    let mut normalized = obj.clone();
    quantities_as_strings(&mut normalized, false);
    let unknown = unknown_fields(&normalized, &decoded);
    let listed: Vec<String> = unknown.iter().map(|p| format!("unknown field {p:?}")).collect();
    match validation {
        FieldValidation::Strict if !listed.is_empty() => Err(format!("strict decoding error: {}", listed.join(", "))),
        FieldValidation::Warn => Ok((decoded, listed)),
        _ => Ok((decoded, Vec::new())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::server::kind_info;
    use serde_json::json;

    #[test]
    fn unknown_fields_are_found_with_their_paths() {
        let job = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "x"},
            "spec": {"foo": 1, "template": {"spec": {"containers": [{"name": "c", "image": "i", "bar": true}]}}}});
        assert_eq!(
            decode_body(kind_info("Job"), &job, FieldValidation::Strict).unwrap_err(),
            r#"strict decoding error: unknown field "spec.foo", unknown field "spec.template.spec.containers[0].bar""#
        );
        let (pruned, warnings) = decode_body(kind_info("Job"), &job, FieldValidation::Warn).unwrap();
        assert_eq!(warnings.len(), 2);
        assert!(pruned["spec"].get("foo").is_none());
        let cq = json!({"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue", "metadata": {"name": "q"},
            "spec": {"namespaceSelector": {}, "resourceGroups": [{"coveredResources": ["cpu"], "flavors": [{"name": "f", "resources": [{"name": "cpu", "nominalQuota": 2, "quota": 1}]}]}]}});
        assert_eq!(
            decode_body(kind_info("ClusterQueue"), &cq, FieldValidation::Strict).unwrap_err(),
            r#"strict decoding error: unknown field "spec.resourceGroups[0].flavors[0].resources[0].quota""#
        );
    }

    #[test]
    fn known_objects_round_trip_unchanged() {
        let cq = json!({"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue", "metadata": {"name": "q", "labels": {"a": "b"}},
            "spec": {"namespaceSelector": {}, "queueingStrategy": "BestEffortFIFO", "resourceGroups": [{"coveredResources": ["cpu"], "flavors": [{"name": "f", "resources": [{"name": "cpu", "nominalQuota": 2}]}]}]}});
        assert_eq!(decode(kind_info("ClusterQueue"), &cq).unwrap(), cq);
        let job = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "x"},
            "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "i", "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}});
        assert_eq!(decode(kind_info("Job"), &job).unwrap(), job);
    }
}
