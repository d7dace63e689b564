//! Decoding with the kinds' types, as the apiserver decodes a request body: the object is read
//! into its Go type (`go_json`; the built-in kinds' types generated from k8s-openapi's schemas,
//! Kueue's in `kueue_types`), which prunes fields the type does not know; strict field
//! validation reports them instead (`strict decoding error: unknown field "spec.foo"`,
//! `kubectl.md` §2.3).

use super::builtin_types as bt;
use super::go_json::{self, Struct};
use super::kueue_types as kt;
use super::registry::KindInfo;
use crate::json::Value;

/// `?fieldValidation=` (kubectl 1.32 sends `Strict` by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FieldValidation {
    #[default]
    Strict,
    Warn,
    Ignore,
}

/// The Go type a kind's body is decoded into; `None` for kinds the simulator keeps as sent.
pub fn root(kind: &str) -> Option<&'static Struct> {
    builtin_root(kind).or(match kind {
        "ResourceFlavor" => Some(&kt::RESOURCE_FLAVOR),
        "ClusterQueue" => Some(&kt::CLUSTER_QUEUE),
        "LocalQueue" => Some(&kt::LOCAL_QUEUE),
        "Workload" => Some(&kt::WORKLOAD),
        "Cohort" => Some(&kt::COHORT),
        "AdmissionCheck" => Some(&kt::ADMISSION_CHECK),
        "WorkloadPriorityClass" => Some(&kt::WORKLOAD_PRIORITY_CLASS),
        _ => None,
    })
}

/// The built-in kinds' types (generated from k8s-openapi's schemas: `builtin_types`).
pub fn builtin_root(kind: &str) -> Option<&'static Struct> {
    Some(match kind {
        "Job" => &bt::BATCH_V1_JOB,
        "Pod" => &bt::CORE_V1_POD,
        "Namespace" => &bt::CORE_V1_NAMESPACE,
        "Node" => &bt::CORE_V1_NODE,
        "Event" => &bt::CORE_V1_EVENT,
        "ServiceAccount" => &bt::CORE_V1_SERVICE_ACCOUNT,
        "ConfigMap" => &bt::CORE_V1_CONFIG_MAP,
        "PriorityClass" => &bt::SCHEDULING_V1_PRIORITY_CLASS,
        _ => return None,
    })
}

/// Decodes a request body: the pruned object and the warnings to return, or the error text
/// after `<Kind> in version "<v>" cannot be handled as a <Kind>: `.
pub fn decode_body(kind: &KindInfo, obj: &Value, validation: FieldValidation) -> Result<(Value, Vec<String>), String> {
    let Some(root) = root(kind.kind) else {
        return Ok((obj.clone(), Vec::new()));
    };
    let decoded = go_json::decode(root, obj)?;
    let listed: Vec<String> = decoded.unknown.iter().map(|p| format!("unknown field {p:?}")).collect();
    match validation {
        FieldValidation::Strict if !listed.is_empty() => Err(format!("strict decoding error: {}", listed.join(", "))),
        FieldValidation::Warn => Ok((decoded.object, listed)),
        _ => Ok((decoded.object, Vec::new())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::server::kind_info;
    use crate::json::json;

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
        assert_eq!(decode_body(kind_info("ClusterQueue"), &cq, FieldValidation::Strict).unwrap().0, cq);
        let job = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "x"},
            "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "i", "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}});
        assert_eq!(decode_body(kind_info("Job"), &job, FieldValidation::Strict).unwrap().0, job);
    }

    #[test]
    fn a_wrong_type_is_refused_in_gos_words() {
        let job = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "x"},
            "spec": {"backoffLimit": "lots", "template": {"spec": {"containers": [{"name": "c", "image": "i", "ports": [{"containerPort": "80"}]}]}}}});
        assert_eq!(
            decode_body(kind_info("Job"), &job, FieldValidation::Strict).unwrap_err(),
            "json: cannot unmarshal string into Go struct field JobSpec.spec.backoffLimit of type int32"
        );
        let cq = json!({"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue", "metadata": {"name": "q", "labels": {"a": 1}}});
        assert_eq!(
            decode_body(kind_info("ClusterQueue"), &cq, FieldValidation::Strict).unwrap_err(),
            "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string"
        );
    }

    /// The decoder finds fields by binary search: every table it can reach is sorted by name.
    #[test]
    fn every_type_lists_its_fields_in_order() {
        fn visit(ty: &'static go_json::Ty, seen: &mut Vec<&'static str>) {
            match ty {
                go_json::Ty::Struct(s) => {
                    if seen.contains(&s.name) {
                        return;
                    }
                    seen.push(s.name);
                    assert!(s.fields.windows(2).all(|w| w[0].name < w[1].name), "{} is not sorted", s.name);
                    s.fields.iter().for_each(|f| visit(&f.ty, seen));
                }
                go_json::Ty::Slice(t) | go_json::Ty::Map(t) => visit(t, seen),
                _ => {}
            }
        }
        let mut seen = Vec::new();
        for kind in crate::api::registry::SERVED.iter().map(|k| k.kind) {
            if let Some(root) = root(kind) {
                let ty: &'static go_json::Ty = Box::leak(Box::new(go_json::Ty::Struct(root)));
                visit(ty, &mut seen);
            }
        }
        assert!(seen.len() > 100, "{} types", seen.len());
    }
}
