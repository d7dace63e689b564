//! The registry: every resource the lab's real cluster advertises in discovery, and the kinds the
//! simulator actually stores and serves, with their names, scope and printer columns.
//! (Facts: `shared/reference/k3s.md` §11, `kueue.md` §3.)

/// A resource as the real k3s + Kueue + fake-gpu-operator cluster lists it in discovery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Discovered {
    pub plural: &'static str,
    pub short_names: &'static [&'static str],
    /// `v1` for the core group, otherwise `group/version` (the preferred version).
    pub api_version: &'static str,
    pub namespaced: bool,
    pub kind: &'static str,
}

impl Discovered {
    pub fn group(&self) -> &'static str {
        self.api_version.rsplit_once('/').map_or("", |(g, _)| g)
    }
}

/// `kubectl api-resources` on the lab's cluster, in its order (group, then resource name).
pub const DISCOVERY: &[Discovered] = &[
    Discovered { plural: "bindings", short_names: &[], api_version: "v1", namespaced: true, kind: "Binding" },
    Discovered { plural: "componentstatuses", short_names: &["cs"], api_version: "v1", namespaced: false, kind: "ComponentStatus" },
    Discovered { plural: "configmaps", short_names: &["cm"], api_version: "v1", namespaced: true, kind: "ConfigMap" },
    Discovered { plural: "endpoints", short_names: &["ep"], api_version: "v1", namespaced: true, kind: "Endpoints" },
    Discovered { plural: "events", short_names: &["ev"], api_version: "v1", namespaced: true, kind: "Event" },
    Discovered { plural: "limitranges", short_names: &["limits"], api_version: "v1", namespaced: true, kind: "LimitRange" },
    Discovered { plural: "namespaces", short_names: &["ns"], api_version: "v1", namespaced: false, kind: "Namespace" },
    Discovered { plural: "nodes", short_names: &["no"], api_version: "v1", namespaced: false, kind: "Node" },
    Discovered {
        plural: "persistentvolumeclaims",
        short_names: &["pvc"],
        api_version: "v1",
        namespaced: true,
        kind: "PersistentVolumeClaim",
    },
    Discovered { plural: "persistentvolumes", short_names: &["pv"], api_version: "v1", namespaced: false, kind: "PersistentVolume" },
    Discovered { plural: "pods", short_names: &["po"], api_version: "v1", namespaced: true, kind: "Pod" },
    Discovered { plural: "podtemplates", short_names: &[], api_version: "v1", namespaced: true, kind: "PodTemplate" },
    Discovered {
        plural: "replicationcontrollers",
        short_names: &["rc"],
        api_version: "v1",
        namespaced: true,
        kind: "ReplicationController",
    },
    Discovered { plural: "resourcequotas", short_names: &["quota"], api_version: "v1", namespaced: true, kind: "ResourceQuota" },
    Discovered { plural: "secrets", short_names: &[], api_version: "v1", namespaced: true, kind: "Secret" },
    Discovered { plural: "serviceaccounts", short_names: &["sa"], api_version: "v1", namespaced: true, kind: "ServiceAccount" },
    Discovered { plural: "services", short_names: &["svc"], api_version: "v1", namespaced: true, kind: "Service" },
    Discovered {
        plural: "mutatingwebhookconfigurations",
        short_names: &[],
        api_version: "admissionregistration.k8s.io/v1",
        namespaced: false,
        kind: "MutatingWebhookConfiguration",
    },
    Discovered {
        plural: "validatingadmissionpolicies",
        short_names: &[],
        api_version: "admissionregistration.k8s.io/v1",
        namespaced: false,
        kind: "ValidatingAdmissionPolicy",
    },
    Discovered {
        plural: "validatingadmissionpolicybindings",
        short_names: &[],
        api_version: "admissionregistration.k8s.io/v1",
        namespaced: false,
        kind: "ValidatingAdmissionPolicyBinding",
    },
    Discovered {
        plural: "validatingwebhookconfigurations",
        short_names: &[],
        api_version: "admissionregistration.k8s.io/v1",
        namespaced: false,
        kind: "ValidatingWebhookConfiguration",
    },
    Discovered {
        plural: "customresourcedefinitions",
        short_names: &["crd", "crds"],
        api_version: "apiextensions.k8s.io/v1",
        namespaced: false,
        kind: "CustomResourceDefinition",
    },
    Discovered { plural: "apiservices", short_names: &[], api_version: "apiregistration.k8s.io/v1", namespaced: false, kind: "APIService" },
    Discovered { plural: "controllerrevisions", short_names: &[], api_version: "apps/v1", namespaced: true, kind: "ControllerRevision" },
    Discovered { plural: "daemonsets", short_names: &["ds"], api_version: "apps/v1", namespaced: true, kind: "DaemonSet" },
    Discovered { plural: "deployments", short_names: &["deploy"], api_version: "apps/v1", namespaced: true, kind: "Deployment" },
    Discovered { plural: "replicasets", short_names: &["rs"], api_version: "apps/v1", namespaced: true, kind: "ReplicaSet" },
    Discovered { plural: "statefulsets", short_names: &["sts"], api_version: "apps/v1", namespaced: true, kind: "StatefulSet" },
    Discovered {
        plural: "selfsubjectreviews",
        short_names: &[],
        api_version: "authentication.k8s.io/v1",
        namespaced: false,
        kind: "SelfSubjectReview",
    },
    Discovered {
        plural: "tokenreviews",
        short_names: &[],
        api_version: "authentication.k8s.io/v1",
        namespaced: false,
        kind: "TokenReview",
    },
    Discovered {
        plural: "localsubjectaccessreviews",
        short_names: &[],
        api_version: "authorization.k8s.io/v1",
        namespaced: true,
        kind: "LocalSubjectAccessReview",
    },
    Discovered {
        plural: "selfsubjectaccessreviews",
        short_names: &[],
        api_version: "authorization.k8s.io/v1",
        namespaced: false,
        kind: "SelfSubjectAccessReview",
    },
    Discovered {
        plural: "selfsubjectrulesreviews",
        short_names: &[],
        api_version: "authorization.k8s.io/v1",
        namespaced: false,
        kind: "SelfSubjectRulesReview",
    },
    Discovered {
        plural: "subjectaccessreviews",
        short_names: &[],
        api_version: "authorization.k8s.io/v1",
        namespaced: false,
        kind: "SubjectAccessReview",
    },
    Discovered {
        plural: "horizontalpodautoscalers",
        short_names: &["hpa"],
        api_version: "autoscaling/v2",
        namespaced: true,
        kind: "HorizontalPodAutoscaler",
    },
    Discovered { plural: "cronjobs", short_names: &["cj"], api_version: "batch/v1", namespaced: true, kind: "CronJob" },
    Discovered { plural: "jobs", short_names: &[], api_version: "batch/v1", namespaced: true, kind: "Job" },
    Discovered {
        plural: "certificatesigningrequests",
        short_names: &["csr"],
        api_version: "certificates.k8s.io/v1",
        namespaced: false,
        kind: "CertificateSigningRequest",
    },
    Discovered { plural: "leases", short_names: &[], api_version: "coordination.k8s.io/v1", namespaced: true, kind: "Lease" },
    Discovered { plural: "endpointslices", short_names: &[], api_version: "discovery.k8s.io/v1", namespaced: true, kind: "EndpointSlice" },
    Discovered { plural: "events", short_names: &["ev"], api_version: "events.k8s.io/v1", namespaced: true, kind: "Event" },
    Discovered {
        plural: "flowschemas",
        short_names: &[],
        api_version: "flowcontrol.apiserver.k8s.io/v1",
        namespaced: false,
        kind: "FlowSchema",
    },
    Discovered {
        plural: "prioritylevelconfigurations",
        short_names: &[],
        api_version: "flowcontrol.apiserver.k8s.io/v1",
        namespaced: false,
        kind: "PriorityLevelConfiguration",
    },
    Discovered {
        plural: "gatewayclasses",
        short_names: &["gc"],
        api_version: "gateway.networking.k8s.io/v1",
        namespaced: false,
        kind: "GatewayClass",
    },
    Discovered {
        plural: "gateways",
        short_names: &["gtw"],
        api_version: "gateway.networking.k8s.io/v1",
        namespaced: true,
        kind: "Gateway",
    },
    Discovered { plural: "grpcroutes", short_names: &[], api_version: "gateway.networking.k8s.io/v1", namespaced: true, kind: "GRPCRoute" },
    Discovered { plural: "httproutes", short_names: &[], api_version: "gateway.networking.k8s.io/v1", namespaced: true, kind: "HTTPRoute" },
    Discovered {
        plural: "referencegrants",
        short_names: &["refgrant"],
        api_version: "gateway.networking.k8s.io/v1beta1",
        namespaced: true,
        kind: "ReferenceGrant",
    },
    Discovered {
        plural: "helmchartconfigs",
        short_names: &[],
        api_version: "helm.cattle.io/v1",
        namespaced: true,
        kind: "HelmChartConfig",
    },
    Discovered { plural: "helmcharts", short_names: &[], api_version: "helm.cattle.io/v1", namespaced: true, kind: "HelmChart" },
    Discovered {
        plural: "accesscontrolpolicies",
        short_names: &[],
        api_version: "hub.traefik.io/v1alpha1",
        namespaced: false,
        kind: "AccessControlPolicy",
    },
    Discovered { plural: "aiservices", short_names: &[], api_version: "hub.traefik.io/v1alpha1", namespaced: true, kind: "AIService" },
    Discovered { plural: "apiaccesses", short_names: &[], api_version: "hub.traefik.io/v1alpha1", namespaced: true, kind: "APIAccess" },
    Discovered { plural: "apibundles", short_names: &[], api_version: "hub.traefik.io/v1alpha1", namespaced: true, kind: "APIBundle" },
    Discovered {
        plural: "apicatalogitems",
        short_names: &[],
        api_version: "hub.traefik.io/v1alpha1",
        namespaced: true,
        kind: "APICatalogItem",
    },
    Discovered { plural: "apiplans", short_names: &[], api_version: "hub.traefik.io/v1alpha1", namespaced: true, kind: "APIPlan" },
    Discovered { plural: "apiportals", short_names: &[], api_version: "hub.traefik.io/v1alpha1", namespaced: true, kind: "APIPortal" },
    Discovered {
        plural: "apiratelimits",
        short_names: &[],
        api_version: "hub.traefik.io/v1alpha1",
        namespaced: true,
        kind: "APIRateLimit",
    },
    Discovered { plural: "apis", short_names: &[], api_version: "hub.traefik.io/v1alpha1", namespaced: true, kind: "API" },
    Discovered { plural: "apiversions", short_names: &[], api_version: "hub.traefik.io/v1alpha1", namespaced: true, kind: "APIVersion" },
    Discovered {
        plural: "managedsubscriptions",
        short_names: &[],
        api_version: "hub.traefik.io/v1alpha1",
        namespaced: true,
        kind: "ManagedSubscription",
    },
    Discovered { plural: "addons", short_names: &[], api_version: "k3s.cattle.io/v1", namespaced: true, kind: "Addon" },
    Discovered {
        plural: "etcdsnapshotfiles",
        short_names: &[],
        api_version: "k3s.cattle.io/v1",
        namespaced: false,
        kind: "ETCDSnapshotFile",
    },
    Discovered {
        plural: "admissionchecks",
        short_names: &["ac"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: false,
        kind: "AdmissionCheck",
    },
    Discovered {
        plural: "clusterqueues",
        short_names: &["cq"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: false,
        kind: "ClusterQueue",
    },
    Discovered { plural: "cohorts", short_names: &["co"], api_version: "kueue.x-k8s.io/v1beta2", namespaced: false, kind: "Cohort" },
    Discovered {
        plural: "localqueues",
        short_names: &["queue", "queues", "lq"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: true,
        kind: "LocalQueue",
    },
    Discovered {
        plural: "multikueueclusters",
        short_names: &["mkc"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: false,
        kind: "MultiKueueCluster",
    },
    Discovered {
        plural: "multikueueconfigs",
        short_names: &["mkconf"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: false,
        kind: "MultiKueueConfig",
    },
    Discovered {
        plural: "provisioningrequestconfigs",
        short_names: &["prc"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: false,
        kind: "ProvisioningRequestConfig",
    },
    Discovered {
        plural: "resourceflavors",
        short_names: &["flavor", "flavors", "rf"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: false,
        kind: "ResourceFlavor",
    },
    Discovered { plural: "topologies", short_names: &["topo"], api_version: "kueue.x-k8s.io/v1beta2", namespaced: false, kind: "Topology" },
    Discovered {
        plural: "workloadpriorityclasses",
        short_names: &["wpc"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: false,
        kind: "WorkloadPriorityClass",
    },
    Discovered {
        plural: "workloads",
        short_names: &["kwl", "kueueworkload", "kueueworkloads"],
        api_version: "kueue.x-k8s.io/v1beta2",
        namespaced: true,
        kind: "Workload",
    },
    Discovered { plural: "nodes", short_names: &[], api_version: "metrics.k8s.io/v1beta1", namespaced: false, kind: "NodeMetrics" },
    Discovered { plural: "pods", short_names: &[], api_version: "metrics.k8s.io/v1beta1", namespaced: true, kind: "PodMetrics" },
    Discovered { plural: "ingressclasses", short_names: &[], api_version: "networking.k8s.io/v1", namespaced: false, kind: "IngressClass" },
    Discovered { plural: "ingresses", short_names: &["ing"], api_version: "networking.k8s.io/v1", namespaced: true, kind: "Ingress" },
    Discovered {
        plural: "networkpolicies",
        short_names: &["netpol"],
        api_version: "networking.k8s.io/v1",
        namespaced: true,
        kind: "NetworkPolicy",
    },
    Discovered { plural: "runtimeclasses", short_names: &[], api_version: "node.k8s.io/v1", namespaced: false, kind: "RuntimeClass" },
    Discovered { plural: "clusterpolicies", short_names: &[], api_version: "nvidia.com/v1", namespaced: false, kind: "ClusterPolicy" },
    Discovered {
        plural: "poddisruptionbudgets",
        short_names: &["pdb"],
        api_version: "policy/v1",
        namespaced: true,
        kind: "PodDisruptionBudget",
    },
    Discovered {
        plural: "clusterrolebindings",
        short_names: &[],
        api_version: "rbac.authorization.k8s.io/v1",
        namespaced: false,
        kind: "ClusterRoleBinding",
    },
    Discovered {
        plural: "clusterroles",
        short_names: &[],
        api_version: "rbac.authorization.k8s.io/v1",
        namespaced: false,
        kind: "ClusterRole",
    },
    Discovered {
        plural: "rolebindings",
        short_names: &[],
        api_version: "rbac.authorization.k8s.io/v1",
        namespaced: true,
        kind: "RoleBinding",
    },
    Discovered { plural: "roles", short_names: &[], api_version: "rbac.authorization.k8s.io/v1", namespaced: true, kind: "Role" },
    Discovered {
        plural: "computedomains",
        short_names: &[],
        api_version: "resource.nvidia.com/v1beta1",
        namespaced: true,
        kind: "ComputeDomain",
    },
    Discovered {
        plural: "priorityclasses",
        short_names: &["pc"],
        api_version: "scheduling.k8s.io/v1",
        namespaced: false,
        kind: "PriorityClass",
    },
    Discovered { plural: "csidrivers", short_names: &[], api_version: "storage.k8s.io/v1", namespaced: false, kind: "CSIDriver" },
    Discovered { plural: "csinodes", short_names: &[], api_version: "storage.k8s.io/v1", namespaced: false, kind: "CSINode" },
    Discovered {
        plural: "csistoragecapacities",
        short_names: &[],
        api_version: "storage.k8s.io/v1",
        namespaced: true,
        kind: "CSIStorageCapacity",
    },
    Discovered {
        plural: "storageclasses",
        short_names: &["sc"],
        api_version: "storage.k8s.io/v1",
        namespaced: false,
        kind: "StorageClass",
    },
    Discovered {
        plural: "volumeattachments",
        short_names: &[],
        api_version: "storage.k8s.io/v1",
        namespaced: false,
        kind: "VolumeAttachment",
    },
    Discovered { plural: "ingressroutes", short_names: &[], api_version: "traefik.io/v1alpha1", namespaced: true, kind: "IngressRoute" },
    Discovered {
        plural: "ingressroutetcps",
        short_names: &[],
        api_version: "traefik.io/v1alpha1",
        namespaced: true,
        kind: "IngressRouteTCP",
    },
    Discovered {
        plural: "ingressrouteudps",
        short_names: &[],
        api_version: "traefik.io/v1alpha1",
        namespaced: true,
        kind: "IngressRouteUDP",
    },
    Discovered { plural: "middlewares", short_names: &[], api_version: "traefik.io/v1alpha1", namespaced: true, kind: "Middleware" },
    Discovered { plural: "middlewaretcps", short_names: &[], api_version: "traefik.io/v1alpha1", namespaced: true, kind: "MiddlewareTCP" },
    Discovered {
        plural: "serverstransports",
        short_names: &[],
        api_version: "traefik.io/v1alpha1",
        namespaced: true,
        kind: "ServersTransport",
    },
    Discovered {
        plural: "serverstransporttcps",
        short_names: &[],
        api_version: "traefik.io/v1alpha1",
        namespaced: true,
        kind: "ServersTransportTCP",
    },
    Discovered { plural: "tlsoptions", short_names: &[], api_version: "traefik.io/v1alpha1", namespaced: true, kind: "TLSOption" },
    Discovered { plural: "tlsstores", short_names: &[], api_version: "traefik.io/v1alpha1", namespaced: true, kind: "TLSStore" },
    Discovered {
        plural: "traefikservices",
        short_names: &[],
        api_version: "traefik.io/v1alpha1",
        namespaced: true,
        kind: "TraefikService",
    },
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnType {
    String,
    Integer,
    /// A timestamp shown as an age (`5m`).
    Date,
}

/// A CRD's `additionalPrinterColumns` entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrinterColumn {
    pub name: &'static str,
    pub json_path: &'static str,
    pub ty: ColumnType,
    /// 0 = always shown; 1 = only with `-o wide`.
    pub priority: u8,
}

/// A resource in the discovery of an aggregated API server (an `APIService` in front of a Service,
/// not stored by the lab's apiserver), as that server's installer lists it: `verbs` from the
/// interfaces its REST storage implements, `singular_name` empty for a subresource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AggregatedResource {
    pub name: &'static str,
    pub singular_name: &'static str,
    pub namespaced: bool,
    pub kind: &'static str,
    pub verbs: &'static [&'static str],
}

/// An API group served through the aggregation layer: its versions in kube-aggregator's order
/// (highest `versionPriority`, then kube-aware version order; the first is preferred) and the
/// resources every version lists, sorted by path as the installer registers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AggregatedGroup {
    pub group: &'static str,
    pub versions: &'static [&'static str],
    pub resources: &'static [AggregatedResource],
}

/// The lab's aggregated APIs (`k3s.md` §5; upstream `config/components/visibility`,
/// `pkg/visibility/storage`): Kueue's visibility API, APIServices `v1beta1` and `v1beta2`, both
/// `groupPriorityMinimum: 100`, `versionPriority: 100`. Both versions share one storage map:
/// `clusterqueues` and `localqueues` implement no verb (they exist to carry the subresource), the
/// `pendingworkloads` subresources only GET. metrics-server's `metrics.k8s.io` is listed in
/// `DISCOVERY` instead, as kubectl shows its resources.
pub const AGGREGATED: &[AggregatedGroup] = &[AggregatedGroup {
    group: "visibility.kueue.x-k8s.io",
    versions: &["v1beta2", "v1beta1"],
    resources: &[
        AggregatedResource {
            name: "clusterqueues",
            singular_name: "clusterqueue",
            namespaced: false,
            kind: "PendingWorkloadsSummary",
            verbs: &[],
        },
        AggregatedResource {
            name: "clusterqueues/pendingworkloads",
            singular_name: "",
            namespaced: false,
            kind: "PendingWorkloadsSummary",
            verbs: &["get"],
        },
        AggregatedResource {
            name: "localqueues",
            singular_name: "localqueue",
            namespaced: true,
            kind: "PendingWorkloadsSummary",
            verbs: &[],
        },
        AggregatedResource {
            name: "localqueues/pendingworkloads",
            singular_name: "",
            namespaced: true,
            kind: "PendingWorkloadsSummary",
            verbs: &["get"],
        },
    ],
}];

/// A kind the simulator stores and serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindInfo {
    pub group: &'static str,
    pub version: &'static str,
    pub kind: &'static str,
    pub plural: &'static str,
    pub singular: &'static str,
    pub short_names: &'static [&'static str],
    pub namespaced: bool,
    pub categories: &'static [&'static str],
    pub status_subresource: bool,
    /// Served for reading only (the CRD objects themselves).
    pub read_only: bool,
    /// A CRD's printer columns; `None` for built-in kinds, whose tables are printed in code.
    pub columns: Option<&'static [PrinterColumn]>,
}

impl KindInfo {
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_string()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }
    /// `jobs.batch`, `pods`: how API errors name the resource.
    pub fn qualified_plural(&self) -> String {
        if self.group.is_empty() {
            self.plural.to_string()
        } else {
            format!("{}.{}", self.plural, self.group)
        }
    }
    /// `job.batch`, `pod`: how kubectl's success lines name the kind.
    pub fn qualified_singular(&self) -> String {
        if self.group.is_empty() {
            self.singular.to_string()
        } else {
            format!("{}.{}", self.singular, self.group)
        }
    }
}

const KUEUE: &str = "kueue.x-k8s.io";

use ColumnType::{Date, Integer, String as Str};

const fn col(name: &'static str, json_path: &'static str, ty: ColumnType, priority: u8) -> PrinterColumn {
    PrinterColumn { name, json_path, ty, priority }
}

const fn builtin(
    group: &'static str,
    kind: &'static str,
    plural: &'static str,
    singular: &'static str,
    short_names: &'static [&'static str],
    namespaced: bool,
    categories: &'static [&'static str],
) -> KindInfo {
    KindInfo {
        group,
        version: "v1",
        kind,
        plural,
        singular,
        short_names,
        namespaced,
        categories,
        status_subresource: true,
        read_only: false,
        columns: None,
    }
}

const fn kueue(
    kind: &'static str,
    plural: &'static str,
    singular: &'static str,
    short_names: &'static [&'static str],
    namespaced: bool,
    status_subresource: bool,
    columns: &'static [PrinterColumn],
) -> KindInfo {
    KindInfo {
        group: KUEUE,
        version: "v1beta2",
        kind,
        plural,
        singular,
        short_names,
        namespaced,
        categories: &[],
        status_subresource,
        read_only: false,
        columns: Some(columns),
    }
}

/// Every kind the simulator serves.
pub const SERVED: &[KindInfo] = &[
    builtin("", "Namespace", "namespaces", "namespace", &["ns"], false, &[]),
    builtin("", "Node", "nodes", "node", &["no"], false, &[]),
    builtin("", "Pod", "pods", "pod", &["po"], true, &["all"]),
    builtin("", "Event", "events", "event", &["ev"], true, &[]),
    builtin("", "ServiceAccount", "serviceaccounts", "serviceaccount", &["sa"], true, &[]),
    builtin("", "ConfigMap", "configmaps", "configmap", &["cm"], true, &[]),
    builtin("batch", "Job", "jobs", "job", &[], true, &["all"]),
    builtin("scheduling.k8s.io", "PriorityClass", "priorityclasses", "priorityclass", &["pc"], false, &[]),
    // Served so that lists (`kubectl describe namespace` asks for both) answer as the lab's
    // cluster does, with nothing: the simulator models no quotas or limit ranges, so writes are
    // refused rather than stored and ignored.
    KindInfo { read_only: true, ..builtin("", "ResourceQuota", "resourcequotas", "resourcequota", &["quota"], true, &[]) },
    KindInfo { read_only: true, ..builtin("", "LimitRange", "limitranges", "limitrange", &["limits"], true, &[]) },
    KindInfo {
        read_only: true,
        status_subresource: true,
        ..builtin(
            "apiextensions.k8s.io",
            "CustomResourceDefinition",
            "customresourcedefinitions",
            "customresourcedefinition",
            &["crd", "crds"],
            false,
            &[],
        )
    },
    kueue("ResourceFlavor", "resourceflavors", "resourceflavor", &["flavor", "flavors", "rf"], false, false, &[]),
    kueue(
        "ClusterQueue",
        "clusterqueues",
        "clusterqueue",
        &["cq"],
        false,
        true,
        &[
            col("Cohort", ".spec.cohortName", Str, 0),
            col("Strategy", ".spec.queueingStrategy", Str, 1),
            col("Pending Workloads", ".status.pendingWorkloads", Integer, 0),
            col("Admitted Workloads", ".status.admittedWorkloads", Integer, 1),
        ],
    ),
    kueue(
        "LocalQueue",
        "localqueues",
        "localqueue",
        &["queue", "queues", "lq"],
        true,
        true,
        &[
            col("ClusterQueue", ".spec.clusterQueue", Str, 0),
            col("Pending Workloads", ".status.pendingWorkloads", Integer, 0),
            col("Admitted Workloads", ".status.admittedWorkloads", Integer, 0),
        ],
    ),
    kueue(
        "Workload",
        "workloads",
        "workload",
        &["kwl", "kueueworkload", "kueueworkloads"],
        true,
        true,
        &[
            col("Queue", ".spec.queueName", Str, 0),
            col("Reserved in", ".status.admission.clusterQueue", Str, 0),
            col("Admitted", ".status.conditions[?(@.type=='Admitted')].status", Str, 0),
            col("Finished", ".status.conditions[?(@.type=='Finished')].status", Str, 0),
            col("Age", ".metadata.creationTimestamp", Date, 0),
        ],
    ),
    kueue(
        "WorkloadPriorityClass",
        "workloadpriorityclasses",
        "workloadpriorityclass",
        &["wpc"],
        false,
        false,
        &[col("Value", ".value", Integer, 0)],
    ),
    kueue("Cohort", "cohorts", "cohort", &["co"], false, true, &[]),
    kueue("AdmissionCheck", "admissionchecks", "admissioncheck", &["ac"], false, true, &[]),
];

/// What a name on kubectl's command line (or a manifest's kind) refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolved {
    /// A kind the simulator serves.
    Served(&'static KindInfo),
    /// A resource the real cluster has but the simulator does not model.
    Unserved(&'static Discovered),
}

/// Resolves a resource argument the way kubectl's REST mapper does: plural, singular, short name
/// or kind (any case), optionally qualified as `NAME.GROUP` or `NAME.VERSION.GROUP`.
/// The core group wins over others with the same name (`events`, `pods`, `nodes`).
pub fn resolve(arg: &str) -> Option<Resolved> {
    let lower = arg.to_ascii_lowercase();
    let (name, qualifier) = match lower.split_once('.') {
        Some((n, q)) => (n.to_string(), Some(q.to_string())),
        None => (lower.clone(), None),
    };
    let group_matches = |group: &str, version: &str| match &qualifier {
        None => true,
        Some(q) => q == group || *q == format!("{version}.{group}"),
    };
    let name_matches = |plural: &str, singular: &str, kind: &str, shorts: &[&str]| {
        name == plural || name == singular || name == kind.to_ascii_lowercase() || shorts.contains(&name.as_str())
    };
    if let Some(k) = SERVED.iter().find(|k| group_matches(k.group, k.version) && name_matches(k.plural, k.singular, k.kind, k.short_names))
    {
        return Some(Resolved::Served(k));
    }
    DISCOVERY
        .iter()
        .filter(|d| {
            let version = d.api_version.rsplit('/').next().unwrap_or("");
            group_matches(d.group(), version) && name_matches(d.plural, &d.kind.to_ascii_lowercase(), d.kind, d.short_names)
        })
        .min_by_key(|d| !d.group().is_empty())
        .map(Resolved::Unserved)
}

/// The served kind for a manifest's `apiVersion` and `kind`, if this cluster serves that version.
pub fn kind_for(api_version: &str, kind: &str) -> Option<&'static KindInfo> {
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    SERVED.iter().find(|k| k.group == group && k.version == version && k.kind == kind)
}

/// Whether the real cluster knows `apiVersion`/`kind` although the simulator does not store it.
pub fn discovered_kind(api_version: &str, kind: &str) -> Option<&'static Discovered> {
    DISCOVERY.iter().find(|d| d.api_version == api_version && d.kind == kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(arg: &str) -> &'static str {
        match resolve(arg) {
            Some(Resolved::Served(k)) => k.kind,
            other => panic!("{arg}: {other:?}"),
        }
    }

    #[test]
    fn resolves_names_as_kubectl_does() {
        assert_eq!(served("jobs"), "Job");
        assert_eq!(served("job"), "Job");
        assert_eq!(served("Job"), "Job");
        assert_eq!(served("jobs.batch"), "Job");
        assert_eq!(served("jobs.v1.batch"), "Job");
        assert_eq!(served("cq"), "ClusterQueue");
        assert_eq!(served("lq"), "LocalQueue");
        assert_eq!(served("rf"), "ResourceFlavor");
        assert_eq!(served("kwl"), "Workload");
        assert_eq!(served("workloads.kueue.x-k8s.io"), "Workload");
        assert_eq!(served("ev"), "Event");
        assert_eq!(served("po"), "Pod");
        assert!(matches!(resolve("deploy"), Some(Resolved::Unserved(d)) if d.kind == "Deployment"));
        assert!(matches!(resolve("events.events.k8s.io"), Some(Resolved::Unserved(d)) if d.api_version == "events.k8s.io/v1"));
        assert_eq!(resolve("foo"), None);
        assert_eq!(resolve("jobs.apps"), None);
    }

    #[test]
    fn v1beta1_kueue_is_not_served() {
        assert!(kind_for("kueue.x-k8s.io/v1beta2", "ResourceFlavor").is_some());
        assert!(kind_for("kueue.x-k8s.io/v1beta1", "ResourceFlavor").is_none());
        assert!(kind_for("batch/v1", "Job").is_some());
    }

    #[test]
    fn served_kinds_agree_with_discovery() {
        for k in SERVED {
            let d = DISCOVERY
                .iter()
                .find(|d| d.kind == k.kind && d.group() == k.group)
                .unwrap_or_else(|| panic!("{} not in discovery", k.kind));
            assert_eq!((d.plural, d.short_names, d.namespaced), (k.plural, k.short_names, k.namespaced), "{}", k.kind);
            assert_eq!(d.api_version, k.api_version());
        }
        assert_eq!(DISCOVERY.len(), 103);
    }
}
