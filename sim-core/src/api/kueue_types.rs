//! Kueue's v1beta2 objects as Rust types (`apis/kueue/v1beta2/*_types.go`, `shared/reference/kueue.md`
//! §4): the field names the API server knows. Leaves are kept as JSON values so that any value
//! round-trips; schema rules (enums, quantities, CEL) are checked in `admission`. Subtrees the lab
//! does not use (topology requests, admission-check parameters, status) are kept opaque.

use k8s_openapi::api::core::v1::PodTemplateSpec;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A struct of optional camelCase fields, each omitted when absent.
macro_rules! fields {
    ($(#[$doc:meta])* $name:ident { $($field:ident : $ty:ty),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Default, Clone, Serialize, Deserialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $(#[serde(default, skip_serializing_if = "Option::is_none")] pub $field: Option<$ty>,)*
        }
    };
}

/// Any top-level Kueue object: `apiVersion`, `kind`, `metadata`, `spec`, `status`.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Object<Spec> {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<ObjectMeta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<Spec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Value>,
}

fields!(ResourceFlavorSpec { node_labels: Value, node_taints: Value, tolerations: Value, topology_name: Value });

fields!(ResourceQuota { name: Value, nominal_quota: Value, borrowing_limit: Value, lending_limit: Value });
fields!(FlavorQuotas { name: Value, resources: Vec<ResourceQuota> });
fields!(ResourceGroup { covered_resources: Value, flavors: Vec<FlavorQuotas> });
fields!(FlavorFungibility { when_can_borrow: Value, when_can_preempt: Value, preference: Value });
fields!(BorrowWithinCohort { policy: Value, max_priority_threshold: Value });
fields!(ClusterQueuePreemption { reclaim_within_cohort: Value, borrow_within_cohort: BorrowWithinCohort, within_cluster_queue: Value });
fields!(FairSharing { weight: Value });
fields!(ClusterQueueSpec {
    resource_groups: Vec<ResourceGroup>,
    cohort_name: Value,
    queueing_strategy: Value,
    namespace_selector: Value,
    flavor_fungibility: FlavorFungibility,
    preemption: ClusterQueuePreemption,
    admission_checks_strategy: Value,
    stop_policy: Value,
    fair_sharing: FairSharing,
    admission_scope: Value,
    concurrent_admission_policy: Value,
});

fields!(LocalQueueSpec { cluster_queue: Value, stop_policy: Value, fair_sharing: FairSharing });

fields!(PodSet { name: Value, template: PodTemplateSpec, count: Value, min_count: Value, topology_request: Value });
fields!(WorkloadSpec {
    pod_sets: Vec<PodSet>,
    queue_name: Value,
    priority_class_ref: Value,
    priority: Value,
    active: Value,
    maximum_execution_time_seconds: Value,
    preemption_gates: Value,
});

fields!(CohortSpec { parent_name: Value, resource_groups: Vec<ResourceGroup>, fair_sharing: FairSharing });
fields!(AdmissionCheckSpec { controller_name: Value, retry_delay_minutes: Value, parameters: Value });

/// WorkloadPriorityClass has no spec: `value` and `description` sit at the top level.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkloadPriorityClass {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<ObjectMeta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<Value>,
}
