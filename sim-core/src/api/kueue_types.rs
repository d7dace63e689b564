//! Kueue's v1beta2 objects as the decoder's types (`apis/kueue/v1beta2/*_types.go`,
//! `shared/reference/kueue.md` §4): the field names the API server knows, so that others are
//! pruned or refused. Leaves are `Raw` so that any value round-trips; schema rules (types, enums,
//! quantities, CEL) are checked in `admission`. Subtrees the lab does not use (topology requests,
//! admission-check parameters, status) are kept opaque. Fields are sorted by name.

use super::builtin_types::{CORE_V1_POD_TEMPLATE_SPEC, META_V1_OBJECT_META};
use super::go_json::{Field, Struct, Ty};

/// A field that is omitted when unset.
const fn opt(name: &'static str, ty: Ty) -> Field {
    Field { name, ty, required: false }
}

const RAW: Ty = Ty::Raw;

/// The top-level fields of a Kueue object with a `spec` and a `status`.
macro_rules! object {
    ($name:ident, $go:literal, $spec:expr) => {
        pub static $name: Struct = Struct {
            name: $go,
            fields: &[
                opt("apiVersion", Ty::String),
                opt("kind", Ty::String),
                opt("metadata", Ty::Struct(&META_V1_OBJECT_META)),
                opt("spec", Ty::Struct($spec)),
                opt("status", RAW),
            ],
        };
    };
}

static RESOURCE_FLAVOR_SPEC: Struct = Struct {
    name: "v1beta2.ResourceFlavorSpec",
    fields: &[opt("nodeLabels", RAW), opt("nodeTaints", RAW), opt("tolerations", RAW), opt("topologyName", RAW)],
};

static RESOURCE_QUOTA: Struct = Struct {
    name: "v1beta2.ResourceQuota",
    fields: &[opt("borrowingLimit", RAW), opt("lendingLimit", RAW), opt("name", RAW), opt("nominalQuota", RAW)],
};

static FLAVOR_QUOTAS: Struct =
    Struct { name: "v1beta2.FlavorQuotas", fields: &[opt("name", RAW), opt("resources", Ty::Slice(&Ty::Struct(&RESOURCE_QUOTA)))] };

static RESOURCE_GROUP: Struct = Struct {
    name: "v1beta2.ResourceGroup",
    fields: &[opt("coveredResources", RAW), opt("flavors", Ty::Slice(&Ty::Struct(&FLAVOR_QUOTAS)))],
};

static FLAVOR_FUNGIBILITY: Struct =
    Struct { name: "v1beta2.FlavorFungibility", fields: &[opt("preference", RAW), opt("whenCanBorrow", RAW), opt("whenCanPreempt", RAW)] };

static BORROW_WITHIN_COHORT: Struct =
    Struct { name: "v1beta2.BorrowWithinCohort", fields: &[opt("maxPriorityThreshold", RAW), opt("policy", RAW)] };

static CLUSTER_QUEUE_PREEMPTION: Struct = Struct {
    name: "v1beta2.ClusterQueuePreemption",
    fields: &[
        opt("borrowWithinCohort", Ty::Struct(&BORROW_WITHIN_COHORT)),
        opt("reclaimWithinCohort", RAW),
        opt("withinClusterQueue", RAW),
    ],
};

static FAIR_SHARING: Struct = Struct { name: "v1beta2.FairSharing", fields: &[opt("weight", RAW)] };

static CLUSTER_QUEUE_SPEC: Struct = Struct {
    name: "v1beta2.ClusterQueueSpec",
    fields: &[
        opt("admissionChecksStrategy", RAW),
        opt("admissionScope", RAW),
        opt("cohortName", RAW),
        opt("concurrentAdmissionPolicy", RAW),
        opt("fairSharing", Ty::Struct(&FAIR_SHARING)),
        opt("flavorFungibility", Ty::Struct(&FLAVOR_FUNGIBILITY)),
        opt("namespaceSelector", RAW),
        opt("preemption", Ty::Struct(&CLUSTER_QUEUE_PREEMPTION)),
        opt("queueingStrategy", RAW),
        opt("resourceGroups", Ty::Slice(&Ty::Struct(&RESOURCE_GROUP))),
        opt("stopPolicy", RAW),
    ],
};

static LOCAL_QUEUE_SPEC: Struct = Struct {
    name: "v1beta2.LocalQueueSpec",
    fields: &[opt("clusterQueue", RAW), opt("fairSharing", Ty::Struct(&FAIR_SHARING)), opt("stopPolicy", RAW)],
};

static POD_SET: Struct = Struct {
    name: "v1beta2.PodSet",
    fields: &[
        opt("count", RAW),
        opt("minCount", RAW),
        opt("name", RAW),
        opt("template", Ty::Struct(&CORE_V1_POD_TEMPLATE_SPEC)),
        opt("topologyRequest", RAW),
    ],
};

static WORKLOAD_SPEC: Struct = Struct {
    name: "v1beta2.WorkloadSpec",
    fields: &[
        opt("active", RAW),
        opt("maximumExecutionTimeSeconds", RAW),
        opt("podSets", Ty::Slice(&Ty::Struct(&POD_SET))),
        opt("preemptionGates", RAW),
        opt("priority", RAW),
        opt("priorityClassRef", RAW),
        opt("queueName", RAW),
    ],
};

static COHORT_SPEC: Struct = Struct {
    name: "v1beta2.CohortSpec",
    fields: &[
        opt("fairSharing", Ty::Struct(&FAIR_SHARING)),
        opt("parentName", RAW),
        opt("resourceGroups", Ty::Slice(&Ty::Struct(&RESOURCE_GROUP))),
    ],
};

static ADMISSION_CHECK_SPEC: Struct = Struct {
    name: "v1beta2.AdmissionCheckSpec",
    fields: &[opt("controllerName", RAW), opt("parameters", RAW), opt("retryDelayMinutes", RAW)],
};

object!(RESOURCE_FLAVOR, "v1beta2.ResourceFlavor", &RESOURCE_FLAVOR_SPEC);
object!(CLUSTER_QUEUE, "v1beta2.ClusterQueue", &CLUSTER_QUEUE_SPEC);
object!(LOCAL_QUEUE, "v1beta2.LocalQueue", &LOCAL_QUEUE_SPEC);
object!(WORKLOAD, "v1beta2.Workload", &WORKLOAD_SPEC);
object!(COHORT, "v1beta2.Cohort", &COHORT_SPEC);
object!(ADMISSION_CHECK, "v1beta2.AdmissionCheck", &ADMISSION_CHECK_SPEC);

/// WorkloadPriorityClass has no spec: `value` and `description` sit at the top level.
pub static WORKLOAD_PRIORITY_CLASS: Struct = Struct {
    name: "v1beta2.WorkloadPriorityClass",
    fields: &[
        opt("apiVersion", Ty::String),
        opt("description", RAW),
        opt("kind", Ty::String),
        opt("metadata", Ty::Struct(&META_V1_OBJECT_META)),
        opt("value", RAW),
    ],
};
