//! The built-in kinds' Go types as the JSON decoder (`go_json`) reads them. Generated from
//! k8s-openapi's schemas (Kubernetes 1.32) by `sim-core/tests/builtin_types.rs`; do not edit
//! (`BLESS=1 cargo test -p sim-core --test builtin_types` rewrites it).

use super::go_json::{Field, Struct, Ty};

pub static BATCH_V1_JOB: Struct = Struct {
    name: "v1.Job",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
        Field { name: "spec", ty: Ty::Struct(&BATCH_V1_JOB_SPEC), required: false },
        Field { name: "status", ty: Ty::Struct(&BATCH_V1_JOB_STATUS), required: false },
    ],
};

pub static BATCH_V1_JOB_CONDITION: Struct = Struct {
    name: "v1.JobCondition",
    fields: &[
        Field { name: "lastProbeTime", ty: Ty::Time, required: false },
        Field { name: "lastTransitionTime", ty: Ty::Time, required: false },
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "reason", ty: Ty::String, required: false },
        Field { name: "status", ty: Ty::String, required: true },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static BATCH_V1_JOB_SPEC: Struct = Struct {
    name: "v1.JobSpec",
    fields: &[
        Field { name: "activeDeadlineSeconds", ty: Ty::Int64, required: false },
        Field { name: "backoffLimit", ty: Ty::Int32, required: false },
        Field { name: "backoffLimitPerIndex", ty: Ty::Int32, required: false },
        Field { name: "completionMode", ty: Ty::String, required: false },
        Field { name: "completions", ty: Ty::Int32, required: false },
        Field { name: "managedBy", ty: Ty::String, required: false },
        Field { name: "manualSelector", ty: Ty::Bool, required: false },
        Field { name: "maxFailedIndexes", ty: Ty::Int32, required: false },
        Field { name: "parallelism", ty: Ty::Int32, required: false },
        Field { name: "podFailurePolicy", ty: Ty::Struct(&BATCH_V1_POD_FAILURE_POLICY), required: false },
        Field { name: "podReplacementPolicy", ty: Ty::String, required: false },
        Field { name: "selector", ty: Ty::Struct(&META_V1_LABEL_SELECTOR), required: false },
        Field { name: "successPolicy", ty: Ty::Struct(&BATCH_V1_SUCCESS_POLICY), required: false },
        Field { name: "suspend", ty: Ty::Bool, required: false },
        Field { name: "template", ty: Ty::Struct(&CORE_V1_POD_TEMPLATE_SPEC), required: true },
        Field { name: "ttlSecondsAfterFinished", ty: Ty::Int32, required: false },
    ],
};

pub static BATCH_V1_JOB_STATUS: Struct = Struct {
    name: "v1.JobStatus",
    fields: &[
        Field { name: "active", ty: Ty::Int32, required: false },
        Field { name: "completedIndexes", ty: Ty::String, required: false },
        Field { name: "completionTime", ty: Ty::Time, required: false },
        Field { name: "conditions", ty: Ty::Slice(&Ty::Struct(&BATCH_V1_JOB_CONDITION)), required: false },
        Field { name: "failed", ty: Ty::Int32, required: false },
        Field { name: "failedIndexes", ty: Ty::String, required: false },
        Field { name: "ready", ty: Ty::Int32, required: false },
        Field { name: "startTime", ty: Ty::Time, required: false },
        Field { name: "succeeded", ty: Ty::Int32, required: false },
        Field { name: "terminating", ty: Ty::Int32, required: false },
        Field { name: "uncountedTerminatedPods", ty: Ty::Struct(&BATCH_V1_UNCOUNTED_TERMINATED_PODS), required: false },
    ],
};

pub static BATCH_V1_POD_FAILURE_POLICY: Struct = Struct {
    name: "v1.PodFailurePolicy",
    fields: &[
        Field { name: "rules", ty: Ty::Slice(&Ty::Struct(&BATCH_V1_POD_FAILURE_POLICY_RULE)), required: true },
    ],
};

pub static BATCH_V1_POD_FAILURE_POLICY_ON_EXIT_CODES_REQUIREMENT: Struct = Struct {
    name: "v1.PodFailurePolicyOnExitCodesRequirement",
    fields: &[
        Field { name: "containerName", ty: Ty::String, required: false },
        Field { name: "operator", ty: Ty::String, required: true },
        Field { name: "values", ty: Ty::Slice(&Ty::Int32), required: true },
    ],
};

pub static BATCH_V1_POD_FAILURE_POLICY_ON_POD_CONDITIONS_PATTERN: Struct = Struct {
    name: "v1.PodFailurePolicyOnPodConditionsPattern",
    fields: &[
        Field { name: "status", ty: Ty::String, required: true },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static BATCH_V1_POD_FAILURE_POLICY_RULE: Struct = Struct {
    name: "v1.PodFailurePolicyRule",
    fields: &[
        Field { name: "action", ty: Ty::String, required: true },
        Field { name: "onExitCodes", ty: Ty::Struct(&BATCH_V1_POD_FAILURE_POLICY_ON_EXIT_CODES_REQUIREMENT), required: false },
        Field { name: "onPodConditions", ty: Ty::Slice(&Ty::Struct(&BATCH_V1_POD_FAILURE_POLICY_ON_POD_CONDITIONS_PATTERN)), required: false },
    ],
};

pub static BATCH_V1_SUCCESS_POLICY: Struct = Struct {
    name: "v1.SuccessPolicy",
    fields: &[
        Field { name: "rules", ty: Ty::Slice(&Ty::Struct(&BATCH_V1_SUCCESS_POLICY_RULE)), required: true },
    ],
};

pub static BATCH_V1_SUCCESS_POLICY_RULE: Struct = Struct {
    name: "v1.SuccessPolicyRule",
    fields: &[
        Field { name: "succeededCount", ty: Ty::Int32, required: false },
        Field { name: "succeededIndexes", ty: Ty::String, required: false },
    ],
};

pub static BATCH_V1_UNCOUNTED_TERMINATED_PODS: Struct = Struct {
    name: "v1.UncountedTerminatedPods",
    fields: &[
        Field { name: "failed", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "succeeded", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_AWSELASTIC_BLOCK_STORE_VOLUME_SOURCE: Struct = Struct {
    name: "v1.AWSElasticBlockStoreVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "partition", ty: Ty::Int32, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "volumeID", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_AFFINITY: Struct = Struct {
    name: "v1.Affinity",
    fields: &[
        Field { name: "nodeAffinity", ty: Ty::Struct(&CORE_V1_NODE_AFFINITY), required: false },
        Field { name: "podAffinity", ty: Ty::Struct(&CORE_V1_POD_AFFINITY), required: false },
        Field { name: "podAntiAffinity", ty: Ty::Struct(&CORE_V1_POD_ANTI_AFFINITY), required: false },
    ],
};

pub static CORE_V1_APP_ARMOR_PROFILE: Struct = Struct {
    name: "v1.AppArmorProfile",
    fields: &[
        Field { name: "localhostProfile", ty: Ty::String, required: false },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_ATTACHED_VOLUME: Struct = Struct {
    name: "v1.AttachedVolume",
    fields: &[
        Field { name: "devicePath", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_AZURE_DISK_VOLUME_SOURCE: Struct = Struct {
    name: "v1.AzureDiskVolumeSource",
    fields: &[
        Field { name: "cachingMode", ty: Ty::String, required: false },
        Field { name: "diskName", ty: Ty::String, required: true },
        Field { name: "diskURI", ty: Ty::String, required: true },
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_AZURE_FILE_VOLUME_SOURCE: Struct = Struct {
    name: "v1.AzureFileVolumeSource",
    fields: &[
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretName", ty: Ty::String, required: true },
        Field { name: "shareName", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_CSIVOLUME_SOURCE: Struct = Struct {
    name: "v1.CSIVolumeSource",
    fields: &[
        Field { name: "driver", ty: Ty::String, required: true },
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "nodePublishSecretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "volumeAttributes", ty: Ty::Map(&Ty::String), required: false },
    ],
};

pub static CORE_V1_CAPABILITIES: Struct = Struct {
    name: "v1.Capabilities",
    fields: &[
        Field { name: "add", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "drop", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_CEPH_FSVOLUME_SOURCE: Struct = Struct {
    name: "v1.CephFSVolumeSource",
    fields: &[
        Field { name: "monitors", ty: Ty::Slice(&Ty::String), required: true },
        Field { name: "path", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretFile", ty: Ty::String, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: false },
        Field { name: "user", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_CINDER_VOLUME_SOURCE: Struct = Struct {
    name: "v1.CinderVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: false },
        Field { name: "volumeID", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_CLUSTER_TRUST_BUNDLE_PROJECTION: Struct = Struct {
    name: "v1.ClusterTrustBundleProjection",
    fields: &[
        Field { name: "labelSelector", ty: Ty::Struct(&META_V1_LABEL_SELECTOR), required: false },
        Field { name: "name", ty: Ty::String, required: false },
        Field { name: "optional", ty: Ty::Bool, required: false },
        Field { name: "path", ty: Ty::String, required: true },
        Field { name: "signerName", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_CONFIG_MAP: Struct = Struct {
    name: "v1.ConfigMap",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "binaryData", ty: Ty::Map(&Ty::Bytes), required: false },
        Field { name: "data", ty: Ty::Map(&Ty::String), required: false },
        Field { name: "immutable", ty: Ty::Bool, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
    ],
};

pub static CORE_V1_CONFIG_MAP_ENV_SOURCE: Struct = Struct {
    name: "v1.ConfigMapEnvSource",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "optional", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_CONFIG_MAP_KEY_SELECTOR: Struct = Struct {
    name: "v1.ConfigMapKeySelector",
    fields: &[
        Field { name: "key", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "optional", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_CONFIG_MAP_NODE_CONFIG_SOURCE: Struct = Struct {
    name: "v1.ConfigMapNodeConfigSource",
    fields: &[
        Field { name: "kubeletConfigKey", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "namespace", ty: Ty::String, required: true },
        Field { name: "resourceVersion", ty: Ty::String, required: false },
        Field { name: "uid", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_CONFIG_MAP_PROJECTION: Struct = Struct {
    name: "v1.ConfigMapProjection",
    fields: &[
        Field { name: "items", ty: Ty::Slice(&Ty::Struct(&CORE_V1_KEY_TO_PATH)), required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "optional", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_CONFIG_MAP_VOLUME_SOURCE: Struct = Struct {
    name: "v1.ConfigMapVolumeSource",
    fields: &[
        Field { name: "defaultMode", ty: Ty::Int32, required: false },
        Field { name: "items", ty: Ty::Slice(&Ty::Struct(&CORE_V1_KEY_TO_PATH)), required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "optional", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_CONTAINER: Struct = Struct {
    name: "v1.Container",
    fields: &[
        Field { name: "args", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "command", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "env", ty: Ty::Slice(&Ty::Struct(&CORE_V1_ENV_VAR)), required: false },
        Field { name: "envFrom", ty: Ty::Slice(&Ty::Struct(&CORE_V1_ENV_FROM_SOURCE)), required: false },
        Field { name: "image", ty: Ty::String, required: false },
        Field { name: "imagePullPolicy", ty: Ty::String, required: false },
        Field { name: "lifecycle", ty: Ty::Struct(&CORE_V1_LIFECYCLE), required: false },
        Field { name: "livenessProbe", ty: Ty::Struct(&CORE_V1_PROBE), required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "ports", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_PORT)), required: false },
        Field { name: "readinessProbe", ty: Ty::Struct(&CORE_V1_PROBE), required: false },
        Field { name: "resizePolicy", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_RESIZE_POLICY)), required: false },
        Field { name: "resources", ty: Ty::Struct(&CORE_V1_RESOURCE_REQUIREMENTS), required: false },
        Field { name: "restartPolicy", ty: Ty::String, required: false },
        Field { name: "securityContext", ty: Ty::Struct(&CORE_V1_SECURITY_CONTEXT), required: false },
        Field { name: "startupProbe", ty: Ty::Struct(&CORE_V1_PROBE), required: false },
        Field { name: "stdin", ty: Ty::Bool, required: false },
        Field { name: "stdinOnce", ty: Ty::Bool, required: false },
        Field { name: "terminationMessagePath", ty: Ty::String, required: false },
        Field { name: "terminationMessagePolicy", ty: Ty::String, required: false },
        Field { name: "tty", ty: Ty::Bool, required: false },
        Field { name: "volumeDevices", ty: Ty::Slice(&Ty::Struct(&CORE_V1_VOLUME_DEVICE)), required: false },
        Field { name: "volumeMounts", ty: Ty::Slice(&Ty::Struct(&CORE_V1_VOLUME_MOUNT)), required: false },
        Field { name: "workingDir", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_CONTAINER_IMAGE: Struct = Struct {
    name: "v1.ContainerImage",
    fields: &[
        Field { name: "names", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "sizeBytes", ty: Ty::Int64, required: false },
    ],
};

pub static CORE_V1_CONTAINER_PORT: Struct = Struct {
    name: "v1.ContainerPort",
    fields: &[
        Field { name: "containerPort", ty: Ty::Int32, required: true },
        Field { name: "hostIP", ty: Ty::String, required: false },
        Field { name: "hostPort", ty: Ty::Int32, required: false },
        Field { name: "name", ty: Ty::String, required: false },
        Field { name: "protocol", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_CONTAINER_RESIZE_POLICY: Struct = Struct {
    name: "v1.ContainerResizePolicy",
    fields: &[
        Field { name: "resourceName", ty: Ty::String, required: true },
        Field { name: "restartPolicy", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_CONTAINER_STATE: Struct = Struct {
    name: "v1.ContainerState",
    fields: &[
        Field { name: "running", ty: Ty::Struct(&CORE_V1_CONTAINER_STATE_RUNNING), required: false },
        Field { name: "terminated", ty: Ty::Struct(&CORE_V1_CONTAINER_STATE_TERMINATED), required: false },
        Field { name: "waiting", ty: Ty::Struct(&CORE_V1_CONTAINER_STATE_WAITING), required: false },
    ],
};

pub static CORE_V1_CONTAINER_STATE_RUNNING: Struct = Struct {
    name: "v1.ContainerStateRunning",
    fields: &[
        Field { name: "startedAt", ty: Ty::Time, required: false },
    ],
};

pub static CORE_V1_CONTAINER_STATE_TERMINATED: Struct = Struct {
    name: "v1.ContainerStateTerminated",
    fields: &[
        Field { name: "containerID", ty: Ty::String, required: false },
        Field { name: "exitCode", ty: Ty::Int32, required: true },
        Field { name: "finishedAt", ty: Ty::Time, required: false },
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "reason", ty: Ty::String, required: false },
        Field { name: "signal", ty: Ty::Int32, required: false },
        Field { name: "startedAt", ty: Ty::Time, required: false },
    ],
};

pub static CORE_V1_CONTAINER_STATE_WAITING: Struct = Struct {
    name: "v1.ContainerStateWaiting",
    fields: &[
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "reason", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_CONTAINER_STATUS: Struct = Struct {
    name: "v1.ContainerStatus",
    fields: &[
        Field { name: "allocatedResources", ty: Ty::Map(&Ty::Quantity), required: false },
        Field { name: "allocatedResourcesStatus", ty: Ty::Slice(&Ty::Struct(&CORE_V1_RESOURCE_STATUS)), required: false },
        Field { name: "containerID", ty: Ty::String, required: false },
        Field { name: "image", ty: Ty::String, required: true },
        Field { name: "imageID", ty: Ty::String, required: true },
        Field { name: "lastState", ty: Ty::Struct(&CORE_V1_CONTAINER_STATE), required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "ready", ty: Ty::Bool, required: true },
        Field { name: "resources", ty: Ty::Struct(&CORE_V1_RESOURCE_REQUIREMENTS), required: false },
        Field { name: "restartCount", ty: Ty::Int32, required: true },
        Field { name: "started", ty: Ty::Bool, required: false },
        Field { name: "state", ty: Ty::Struct(&CORE_V1_CONTAINER_STATE), required: false },
        Field { name: "user", ty: Ty::Struct(&CORE_V1_CONTAINER_USER), required: false },
        Field { name: "volumeMounts", ty: Ty::Slice(&Ty::Struct(&CORE_V1_VOLUME_MOUNT_STATUS)), required: false },
    ],
};

pub static CORE_V1_CONTAINER_USER: Struct = Struct {
    name: "v1.ContainerUser",
    fields: &[
        Field { name: "linux", ty: Ty::Struct(&CORE_V1_LINUX_CONTAINER_USER), required: false },
    ],
};

pub static CORE_V1_DAEMON_ENDPOINT: Struct = Struct {
    name: "v1.DaemonEndpoint",
    fields: &[
        Field { name: "Port", ty: Ty::Int32, required: true },
    ],
};

pub static CORE_V1_DOWNWARD_APIPROJECTION: Struct = Struct {
    name: "v1.DownwardAPIProjection",
    fields: &[
        Field { name: "items", ty: Ty::Slice(&Ty::Struct(&CORE_V1_DOWNWARD_APIVOLUME_FILE)), required: false },
    ],
};

pub static CORE_V1_DOWNWARD_APIVOLUME_FILE: Struct = Struct {
    name: "v1.DownwardAPIVolumeFile",
    fields: &[
        Field { name: "fieldRef", ty: Ty::Struct(&CORE_V1_OBJECT_FIELD_SELECTOR), required: false },
        Field { name: "mode", ty: Ty::Int32, required: false },
        Field { name: "path", ty: Ty::String, required: true },
        Field { name: "resourceFieldRef", ty: Ty::Struct(&CORE_V1_RESOURCE_FIELD_SELECTOR), required: false },
    ],
};

pub static CORE_V1_DOWNWARD_APIVOLUME_SOURCE: Struct = Struct {
    name: "v1.DownwardAPIVolumeSource",
    fields: &[
        Field { name: "defaultMode", ty: Ty::Int32, required: false },
        Field { name: "items", ty: Ty::Slice(&Ty::Struct(&CORE_V1_DOWNWARD_APIVOLUME_FILE)), required: false },
    ],
};

pub static CORE_V1_EMPTY_DIR_VOLUME_SOURCE: Struct = Struct {
    name: "v1.EmptyDirVolumeSource",
    fields: &[
        Field { name: "medium", ty: Ty::String, required: false },
        Field { name: "sizeLimit", ty: Ty::Quantity, required: false },
    ],
};

pub static CORE_V1_ENV_FROM_SOURCE: Struct = Struct {
    name: "v1.EnvFromSource",
    fields: &[
        Field { name: "configMapRef", ty: Ty::Struct(&CORE_V1_CONFIG_MAP_ENV_SOURCE), required: false },
        Field { name: "prefix", ty: Ty::String, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_SECRET_ENV_SOURCE), required: false },
    ],
};

pub static CORE_V1_ENV_VAR: Struct = Struct {
    name: "v1.EnvVar",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "value", ty: Ty::String, required: false },
        Field { name: "valueFrom", ty: Ty::Struct(&CORE_V1_ENV_VAR_SOURCE), required: false },
    ],
};

pub static CORE_V1_ENV_VAR_SOURCE: Struct = Struct {
    name: "v1.EnvVarSource",
    fields: &[
        Field { name: "configMapKeyRef", ty: Ty::Struct(&CORE_V1_CONFIG_MAP_KEY_SELECTOR), required: false },
        Field { name: "fieldRef", ty: Ty::Struct(&CORE_V1_OBJECT_FIELD_SELECTOR), required: false },
        Field { name: "resourceFieldRef", ty: Ty::Struct(&CORE_V1_RESOURCE_FIELD_SELECTOR), required: false },
        Field { name: "secretKeyRef", ty: Ty::Struct(&CORE_V1_SECRET_KEY_SELECTOR), required: false },
    ],
};

pub static CORE_V1_EPHEMERAL_CONTAINER: Struct = Struct {
    name: "v1.EphemeralContainer",
    fields: &[
        Field { name: "args", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "command", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "env", ty: Ty::Slice(&Ty::Struct(&CORE_V1_ENV_VAR)), required: false },
        Field { name: "envFrom", ty: Ty::Slice(&Ty::Struct(&CORE_V1_ENV_FROM_SOURCE)), required: false },
        Field { name: "image", ty: Ty::String, required: false },
        Field { name: "imagePullPolicy", ty: Ty::String, required: false },
        Field { name: "lifecycle", ty: Ty::Struct(&CORE_V1_LIFECYCLE), required: false },
        Field { name: "livenessProbe", ty: Ty::Struct(&CORE_V1_PROBE), required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "ports", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_PORT)), required: false },
        Field { name: "readinessProbe", ty: Ty::Struct(&CORE_V1_PROBE), required: false },
        Field { name: "resizePolicy", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_RESIZE_POLICY)), required: false },
        Field { name: "resources", ty: Ty::Struct(&CORE_V1_RESOURCE_REQUIREMENTS), required: false },
        Field { name: "restartPolicy", ty: Ty::String, required: false },
        Field { name: "securityContext", ty: Ty::Struct(&CORE_V1_SECURITY_CONTEXT), required: false },
        Field { name: "startupProbe", ty: Ty::Struct(&CORE_V1_PROBE), required: false },
        Field { name: "stdin", ty: Ty::Bool, required: false },
        Field { name: "stdinOnce", ty: Ty::Bool, required: false },
        Field { name: "targetContainerName", ty: Ty::String, required: false },
        Field { name: "terminationMessagePath", ty: Ty::String, required: false },
        Field { name: "terminationMessagePolicy", ty: Ty::String, required: false },
        Field { name: "tty", ty: Ty::Bool, required: false },
        Field { name: "volumeDevices", ty: Ty::Slice(&Ty::Struct(&CORE_V1_VOLUME_DEVICE)), required: false },
        Field { name: "volumeMounts", ty: Ty::Slice(&Ty::Struct(&CORE_V1_VOLUME_MOUNT)), required: false },
        Field { name: "workingDir", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_EPHEMERAL_VOLUME_SOURCE: Struct = Struct {
    name: "v1.EphemeralVolumeSource",
    fields: &[
        Field { name: "volumeClaimTemplate", ty: Ty::Struct(&CORE_V1_PERSISTENT_VOLUME_CLAIM_TEMPLATE), required: false },
    ],
};

pub static CORE_V1_EVENT: Struct = Struct {
    name: "v1.Event",
    fields: &[
        Field { name: "action", ty: Ty::String, required: false },
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "count", ty: Ty::Int32, required: false },
        Field { name: "eventTime", ty: Ty::MicroTime, required: false },
        Field { name: "firstTimestamp", ty: Ty::Time, required: false },
        Field { name: "involvedObject", ty: Ty::Struct(&CORE_V1_OBJECT_REFERENCE), required: true },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "lastTimestamp", ty: Ty::Time, required: false },
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
        Field { name: "reason", ty: Ty::String, required: false },
        Field { name: "related", ty: Ty::Struct(&CORE_V1_OBJECT_REFERENCE), required: false },
        Field { name: "reportingComponent", ty: Ty::String, required: false },
        Field { name: "reportingInstance", ty: Ty::String, required: false },
        Field { name: "series", ty: Ty::Struct(&CORE_V1_EVENT_SERIES), required: false },
        Field { name: "source", ty: Ty::Struct(&CORE_V1_EVENT_SOURCE), required: false },
        Field { name: "type", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_EVENT_SERIES: Struct = Struct {
    name: "v1.EventSeries",
    fields: &[
        Field { name: "count", ty: Ty::Int32, required: false },
        Field { name: "lastObservedTime", ty: Ty::MicroTime, required: false },
    ],
};

pub static CORE_V1_EVENT_SOURCE: Struct = Struct {
    name: "v1.EventSource",
    fields: &[
        Field { name: "component", ty: Ty::String, required: false },
        Field { name: "host", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_EXEC_ACTION: Struct = Struct {
    name: "v1.ExecAction",
    fields: &[
        Field { name: "command", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_FCVOLUME_SOURCE: Struct = Struct {
    name: "v1.FCVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "lun", ty: Ty::Int32, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "targetWWNs", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "wwids", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_FLEX_VOLUME_SOURCE: Struct = Struct {
    name: "v1.FlexVolumeSource",
    fields: &[
        Field { name: "driver", ty: Ty::String, required: true },
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "options", ty: Ty::Map(&Ty::String), required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: false },
    ],
};

pub static CORE_V1_FLOCKER_VOLUME_SOURCE: Struct = Struct {
    name: "v1.FlockerVolumeSource",
    fields: &[
        Field { name: "datasetName", ty: Ty::String, required: false },
        Field { name: "datasetUUID", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_GCEPERSISTENT_DISK_VOLUME_SOURCE: Struct = Struct {
    name: "v1.GCEPersistentDiskVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "partition", ty: Ty::Int32, required: false },
        Field { name: "pdName", ty: Ty::String, required: true },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_GRPCACTION: Struct = Struct {
    name: "v1.GRPCAction",
    fields: &[
        Field { name: "port", ty: Ty::Int32, required: true },
        Field { name: "service", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_GIT_REPO_VOLUME_SOURCE: Struct = Struct {
    name: "v1.GitRepoVolumeSource",
    fields: &[
        Field { name: "directory", ty: Ty::String, required: false },
        Field { name: "repository", ty: Ty::String, required: true },
        Field { name: "revision", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_GLUSTERFS_VOLUME_SOURCE: Struct = Struct {
    name: "v1.GlusterfsVolumeSource",
    fields: &[
        Field { name: "endpoints", ty: Ty::String, required: true },
        Field { name: "path", ty: Ty::String, required: true },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_HTTPGET_ACTION: Struct = Struct {
    name: "v1.HTTPGetAction",
    fields: &[
        Field { name: "host", ty: Ty::String, required: false },
        Field { name: "httpHeaders", ty: Ty::Slice(&Ty::Struct(&CORE_V1_HTTPHEADER)), required: false },
        Field { name: "path", ty: Ty::String, required: false },
        Field { name: "port", ty: Ty::IntOrString, required: true },
        Field { name: "scheme", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_HTTPHEADER: Struct = Struct {
    name: "v1.HTTPHeader",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "value", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_HOST_ALIAS: Struct = Struct {
    name: "v1.HostAlias",
    fields: &[
        Field { name: "hostnames", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "ip", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_HOST_IP: Struct = Struct {
    name: "v1.HostIP",
    fields: &[
        Field { name: "ip", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_HOST_PATH_VOLUME_SOURCE: Struct = Struct {
    name: "v1.HostPathVolumeSource",
    fields: &[
        Field { name: "path", ty: Ty::String, required: true },
        Field { name: "type", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_ISCSIVOLUME_SOURCE: Struct = Struct {
    name: "v1.ISCSIVolumeSource",
    fields: &[
        Field { name: "chapAuthDiscovery", ty: Ty::Bool, required: false },
        Field { name: "chapAuthSession", ty: Ty::Bool, required: false },
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "initiatorName", ty: Ty::String, required: false },
        Field { name: "iqn", ty: Ty::String, required: true },
        Field { name: "iscsiInterface", ty: Ty::String, required: false },
        Field { name: "lun", ty: Ty::Int32, required: true },
        Field { name: "portals", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: false },
        Field { name: "targetPortal", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_IMAGE_VOLUME_SOURCE: Struct = Struct {
    name: "v1.ImageVolumeSource",
    fields: &[
        Field { name: "pullPolicy", ty: Ty::String, required: false },
        Field { name: "reference", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_KEY_TO_PATH: Struct = Struct {
    name: "v1.KeyToPath",
    fields: &[
        Field { name: "key", ty: Ty::String, required: true },
        Field { name: "mode", ty: Ty::Int32, required: false },
        Field { name: "path", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_LIFECYCLE: Struct = Struct {
    name: "v1.Lifecycle",
    fields: &[
        Field { name: "postStart", ty: Ty::Struct(&CORE_V1_LIFECYCLE_HANDLER), required: false },
        Field { name: "preStop", ty: Ty::Struct(&CORE_V1_LIFECYCLE_HANDLER), required: false },
    ],
};

pub static CORE_V1_LIFECYCLE_HANDLER: Struct = Struct {
    name: "v1.LifecycleHandler",
    fields: &[
        Field { name: "exec", ty: Ty::Struct(&CORE_V1_EXEC_ACTION), required: false },
        Field { name: "httpGet", ty: Ty::Struct(&CORE_V1_HTTPGET_ACTION), required: false },
        Field { name: "sleep", ty: Ty::Struct(&CORE_V1_SLEEP_ACTION), required: false },
        Field { name: "tcpSocket", ty: Ty::Struct(&CORE_V1_TCPSOCKET_ACTION), required: false },
    ],
};

pub static CORE_V1_LINUX_CONTAINER_USER: Struct = Struct {
    name: "v1.LinuxContainerUser",
    fields: &[
        Field { name: "gid", ty: Ty::Int64, required: true },
        Field { name: "supplementalGroups", ty: Ty::Slice(&Ty::Int64), required: false },
        Field { name: "uid", ty: Ty::Int64, required: true },
    ],
};

pub static CORE_V1_LOCAL_OBJECT_REFERENCE: Struct = Struct {
    name: "v1.LocalObjectReference",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_NFSVOLUME_SOURCE: Struct = Struct {
    name: "v1.NFSVolumeSource",
    fields: &[
        Field { name: "path", ty: Ty::String, required: true },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "server", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_NAMESPACE: Struct = Struct {
    name: "v1.Namespace",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
        Field { name: "spec", ty: Ty::Struct(&CORE_V1_NAMESPACE_SPEC), required: false },
        Field { name: "status", ty: Ty::Struct(&CORE_V1_NAMESPACE_STATUS), required: false },
    ],
};

pub static CORE_V1_NAMESPACE_CONDITION: Struct = Struct {
    name: "v1.NamespaceCondition",
    fields: &[
        Field { name: "lastTransitionTime", ty: Ty::Time, required: false },
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "reason", ty: Ty::String, required: false },
        Field { name: "status", ty: Ty::String, required: true },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_NAMESPACE_SPEC: Struct = Struct {
    name: "v1.NamespaceSpec",
    fields: &[
        Field { name: "finalizers", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_NAMESPACE_STATUS: Struct = Struct {
    name: "v1.NamespaceStatus",
    fields: &[
        Field { name: "conditions", ty: Ty::Slice(&Ty::Struct(&CORE_V1_NAMESPACE_CONDITION)), required: false },
        Field { name: "phase", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_NODE: Struct = Struct {
    name: "v1.Node",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
        Field { name: "spec", ty: Ty::Struct(&CORE_V1_NODE_SPEC), required: false },
        Field { name: "status", ty: Ty::Struct(&CORE_V1_NODE_STATUS), required: false },
    ],
};

pub static CORE_V1_NODE_ADDRESS: Struct = Struct {
    name: "v1.NodeAddress",
    fields: &[
        Field { name: "address", ty: Ty::String, required: true },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_NODE_AFFINITY: Struct = Struct {
    name: "v1.NodeAffinity",
    fields: &[
        Field { name: "preferredDuringSchedulingIgnoredDuringExecution", ty: Ty::Slice(&Ty::Struct(&CORE_V1_PREFERRED_SCHEDULING_TERM)), required: false },
        Field { name: "requiredDuringSchedulingIgnoredDuringExecution", ty: Ty::Struct(&CORE_V1_NODE_SELECTOR), required: false },
    ],
};

pub static CORE_V1_NODE_CONDITION: Struct = Struct {
    name: "v1.NodeCondition",
    fields: &[
        Field { name: "lastHeartbeatTime", ty: Ty::Time, required: false },
        Field { name: "lastTransitionTime", ty: Ty::Time, required: false },
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "reason", ty: Ty::String, required: false },
        Field { name: "status", ty: Ty::String, required: true },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_NODE_CONFIG_SOURCE: Struct = Struct {
    name: "v1.NodeConfigSource",
    fields: &[
        Field { name: "configMap", ty: Ty::Struct(&CORE_V1_CONFIG_MAP_NODE_CONFIG_SOURCE), required: false },
    ],
};

pub static CORE_V1_NODE_CONFIG_STATUS: Struct = Struct {
    name: "v1.NodeConfigStatus",
    fields: &[
        Field { name: "active", ty: Ty::Struct(&CORE_V1_NODE_CONFIG_SOURCE), required: false },
        Field { name: "assigned", ty: Ty::Struct(&CORE_V1_NODE_CONFIG_SOURCE), required: false },
        Field { name: "error", ty: Ty::String, required: false },
        Field { name: "lastKnownGood", ty: Ty::Struct(&CORE_V1_NODE_CONFIG_SOURCE), required: false },
    ],
};

pub static CORE_V1_NODE_DAEMON_ENDPOINTS: Struct = Struct {
    name: "v1.NodeDaemonEndpoints",
    fields: &[
        Field { name: "kubeletEndpoint", ty: Ty::Struct(&CORE_V1_DAEMON_ENDPOINT), required: false },
    ],
};

pub static CORE_V1_NODE_FEATURES: Struct = Struct {
    name: "v1.NodeFeatures",
    fields: &[
        Field { name: "supplementalGroupsPolicy", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_NODE_RUNTIME_HANDLER: Struct = Struct {
    name: "v1.NodeRuntimeHandler",
    fields: &[
        Field { name: "features", ty: Ty::Struct(&CORE_V1_NODE_RUNTIME_HANDLER_FEATURES), required: false },
        Field { name: "name", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_NODE_RUNTIME_HANDLER_FEATURES: Struct = Struct {
    name: "v1.NodeRuntimeHandlerFeatures",
    fields: &[
        Field { name: "recursiveReadOnlyMounts", ty: Ty::Bool, required: false },
        Field { name: "userNamespaces", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_NODE_SELECTOR: Struct = Struct {
    name: "v1.NodeSelector",
    fields: &[
        Field { name: "nodeSelectorTerms", ty: Ty::Slice(&Ty::Struct(&CORE_V1_NODE_SELECTOR_TERM)), required: true },
    ],
};

pub static CORE_V1_NODE_SELECTOR_REQUIREMENT: Struct = Struct {
    name: "v1.NodeSelectorRequirement",
    fields: &[
        Field { name: "key", ty: Ty::String, required: true },
        Field { name: "operator", ty: Ty::String, required: true },
        Field { name: "values", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_NODE_SELECTOR_TERM: Struct = Struct {
    name: "v1.NodeSelectorTerm",
    fields: &[
        Field { name: "matchExpressions", ty: Ty::Slice(&Ty::Struct(&CORE_V1_NODE_SELECTOR_REQUIREMENT)), required: false },
        Field { name: "matchFields", ty: Ty::Slice(&Ty::Struct(&CORE_V1_NODE_SELECTOR_REQUIREMENT)), required: false },
    ],
};

pub static CORE_V1_NODE_SPEC: Struct = Struct {
    name: "v1.NodeSpec",
    fields: &[
        Field { name: "configSource", ty: Ty::Struct(&CORE_V1_NODE_CONFIG_SOURCE), required: false },
        Field { name: "externalID", ty: Ty::String, required: false },
        Field { name: "podCIDR", ty: Ty::String, required: false },
        Field { name: "podCIDRs", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "providerID", ty: Ty::String, required: false },
        Field { name: "taints", ty: Ty::Slice(&Ty::Struct(&CORE_V1_TAINT)), required: false },
        Field { name: "unschedulable", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_NODE_STATUS: Struct = Struct {
    name: "v1.NodeStatus",
    fields: &[
        Field { name: "addresses", ty: Ty::Slice(&Ty::Struct(&CORE_V1_NODE_ADDRESS)), required: false },
        Field { name: "allocatable", ty: Ty::Map(&Ty::Quantity), required: false },
        Field { name: "capacity", ty: Ty::Map(&Ty::Quantity), required: false },
        Field { name: "conditions", ty: Ty::Slice(&Ty::Struct(&CORE_V1_NODE_CONDITION)), required: false },
        Field { name: "config", ty: Ty::Struct(&CORE_V1_NODE_CONFIG_STATUS), required: false },
        Field { name: "daemonEndpoints", ty: Ty::Struct(&CORE_V1_NODE_DAEMON_ENDPOINTS), required: false },
        Field { name: "features", ty: Ty::Struct(&CORE_V1_NODE_FEATURES), required: false },
        Field { name: "images", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_IMAGE)), required: false },
        Field { name: "nodeInfo", ty: Ty::Struct(&CORE_V1_NODE_SYSTEM_INFO), required: false },
        Field { name: "phase", ty: Ty::String, required: false },
        Field { name: "runtimeHandlers", ty: Ty::Slice(&Ty::Struct(&CORE_V1_NODE_RUNTIME_HANDLER)), required: false },
        Field { name: "volumesAttached", ty: Ty::Slice(&Ty::Struct(&CORE_V1_ATTACHED_VOLUME)), required: false },
        Field { name: "volumesInUse", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_NODE_SYSTEM_INFO: Struct = Struct {
    name: "v1.NodeSystemInfo",
    fields: &[
        Field { name: "architecture", ty: Ty::String, required: true },
        Field { name: "bootID", ty: Ty::String, required: true },
        Field { name: "containerRuntimeVersion", ty: Ty::String, required: true },
        Field { name: "kernelVersion", ty: Ty::String, required: true },
        Field { name: "kubeProxyVersion", ty: Ty::String, required: true },
        Field { name: "kubeletVersion", ty: Ty::String, required: true },
        Field { name: "machineID", ty: Ty::String, required: true },
        Field { name: "operatingSystem", ty: Ty::String, required: true },
        Field { name: "osImage", ty: Ty::String, required: true },
        Field { name: "systemUUID", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_OBJECT_FIELD_SELECTOR: Struct = Struct {
    name: "v1.ObjectFieldSelector",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "fieldPath", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_OBJECT_REFERENCE: Struct = Struct {
    name: "v1.ObjectReference",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "fieldPath", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "name", ty: Ty::String, required: false },
        Field { name: "namespace", ty: Ty::String, required: false },
        Field { name: "resourceVersion", ty: Ty::String, required: false },
        Field { name: "uid", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_PERSISTENT_VOLUME_CLAIM_SPEC: Struct = Struct {
    name: "v1.PersistentVolumeClaimSpec",
    fields: &[
        Field { name: "accessModes", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "dataSource", ty: Ty::Struct(&CORE_V1_TYPED_LOCAL_OBJECT_REFERENCE), required: false },
        Field { name: "dataSourceRef", ty: Ty::Struct(&CORE_V1_TYPED_OBJECT_REFERENCE), required: false },
        Field { name: "resources", ty: Ty::Struct(&CORE_V1_VOLUME_RESOURCE_REQUIREMENTS), required: false },
        Field { name: "selector", ty: Ty::Struct(&META_V1_LABEL_SELECTOR), required: false },
        Field { name: "storageClassName", ty: Ty::String, required: false },
        Field { name: "volumeAttributesClassName", ty: Ty::String, required: false },
        Field { name: "volumeMode", ty: Ty::String, required: false },
        Field { name: "volumeName", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_PERSISTENT_VOLUME_CLAIM_TEMPLATE: Struct = Struct {
    name: "v1.PersistentVolumeClaimTemplate",
    fields: &[
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: false },
        Field { name: "spec", ty: Ty::Struct(&CORE_V1_PERSISTENT_VOLUME_CLAIM_SPEC), required: true },
    ],
};

pub static CORE_V1_PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE: Struct = Struct {
    name: "v1.PersistentVolumeClaimVolumeSource",
    fields: &[
        Field { name: "claimName", ty: Ty::String, required: true },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_PHOTON_PERSISTENT_DISK_VOLUME_SOURCE: Struct = Struct {
    name: "v1.PhotonPersistentDiskVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "pdID", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_POD: Struct = Struct {
    name: "v1.Pod",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
        Field { name: "spec", ty: Ty::Struct(&CORE_V1_POD_SPEC), required: false },
        Field { name: "status", ty: Ty::Struct(&CORE_V1_POD_STATUS), required: false },
    ],
};

pub static CORE_V1_POD_AFFINITY: Struct = Struct {
    name: "v1.PodAffinity",
    fields: &[
        Field { name: "preferredDuringSchedulingIgnoredDuringExecution", ty: Ty::Slice(&Ty::Struct(&CORE_V1_WEIGHTED_POD_AFFINITY_TERM)), required: false },
        Field { name: "requiredDuringSchedulingIgnoredDuringExecution", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_AFFINITY_TERM)), required: false },
    ],
};

pub static CORE_V1_POD_AFFINITY_TERM: Struct = Struct {
    name: "v1.PodAffinityTerm",
    fields: &[
        Field { name: "labelSelector", ty: Ty::Struct(&META_V1_LABEL_SELECTOR), required: false },
        Field { name: "matchLabelKeys", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "mismatchLabelKeys", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "namespaceSelector", ty: Ty::Struct(&META_V1_LABEL_SELECTOR), required: false },
        Field { name: "namespaces", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "topologyKey", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_POD_ANTI_AFFINITY: Struct = Struct {
    name: "v1.PodAntiAffinity",
    fields: &[
        Field { name: "preferredDuringSchedulingIgnoredDuringExecution", ty: Ty::Slice(&Ty::Struct(&CORE_V1_WEIGHTED_POD_AFFINITY_TERM)), required: false },
        Field { name: "requiredDuringSchedulingIgnoredDuringExecution", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_AFFINITY_TERM)), required: false },
    ],
};

pub static CORE_V1_POD_CONDITION: Struct = Struct {
    name: "v1.PodCondition",
    fields: &[
        Field { name: "lastProbeTime", ty: Ty::Time, required: false },
        Field { name: "lastTransitionTime", ty: Ty::Time, required: false },
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "reason", ty: Ty::String, required: false },
        Field { name: "status", ty: Ty::String, required: true },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_POD_DNSCONFIG: Struct = Struct {
    name: "v1.PodDNSConfig",
    fields: &[
        Field { name: "nameservers", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "options", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_DNSCONFIG_OPTION)), required: false },
        Field { name: "searches", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static CORE_V1_POD_DNSCONFIG_OPTION: Struct = Struct {
    name: "v1.PodDNSConfigOption",
    fields: &[
        Field { name: "name", ty: Ty::String, required: false },
        Field { name: "value", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_POD_IP: Struct = Struct {
    name: "v1.PodIP",
    fields: &[
        Field { name: "ip", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_POD_OS: Struct = Struct {
    name: "v1.PodOS",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_POD_READINESS_GATE: Struct = Struct {
    name: "v1.PodReadinessGate",
    fields: &[
        Field { name: "conditionType", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_POD_RESOURCE_CLAIM: Struct = Struct {
    name: "v1.PodResourceClaim",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "resourceClaimName", ty: Ty::String, required: false },
        Field { name: "resourceClaimTemplateName", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_POD_RESOURCE_CLAIM_STATUS: Struct = Struct {
    name: "v1.PodResourceClaimStatus",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "resourceClaimName", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_POD_SCHEDULING_GATE: Struct = Struct {
    name: "v1.PodSchedulingGate",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_POD_SECURITY_CONTEXT: Struct = Struct {
    name: "v1.PodSecurityContext",
    fields: &[
        Field { name: "appArmorProfile", ty: Ty::Struct(&CORE_V1_APP_ARMOR_PROFILE), required: false },
        Field { name: "fsGroup", ty: Ty::Int64, required: false },
        Field { name: "fsGroupChangePolicy", ty: Ty::String, required: false },
        Field { name: "runAsGroup", ty: Ty::Int64, required: false },
        Field { name: "runAsNonRoot", ty: Ty::Bool, required: false },
        Field { name: "runAsUser", ty: Ty::Int64, required: false },
        Field { name: "seLinuxChangePolicy", ty: Ty::String, required: false },
        Field { name: "seLinuxOptions", ty: Ty::Struct(&CORE_V1_SELINUX_OPTIONS), required: false },
        Field { name: "seccompProfile", ty: Ty::Struct(&CORE_V1_SECCOMP_PROFILE), required: false },
        Field { name: "supplementalGroups", ty: Ty::Slice(&Ty::Int64), required: false },
        Field { name: "supplementalGroupsPolicy", ty: Ty::String, required: false },
        Field { name: "sysctls", ty: Ty::Slice(&Ty::Struct(&CORE_V1_SYSCTL)), required: false },
        Field { name: "windowsOptions", ty: Ty::Struct(&CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS), required: false },
    ],
};

pub static CORE_V1_POD_SPEC: Struct = Struct {
    name: "v1.PodSpec",
    fields: &[
        Field { name: "activeDeadlineSeconds", ty: Ty::Int64, required: false },
        Field { name: "affinity", ty: Ty::Struct(&CORE_V1_AFFINITY), required: false },
        Field { name: "automountServiceAccountToken", ty: Ty::Bool, required: false },
        Field { name: "containers", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER)), required: true },
        Field { name: "dnsConfig", ty: Ty::Struct(&CORE_V1_POD_DNSCONFIG), required: false },
        Field { name: "dnsPolicy", ty: Ty::String, required: false },
        Field { name: "enableServiceLinks", ty: Ty::Bool, required: false },
        Field { name: "ephemeralContainers", ty: Ty::Slice(&Ty::Struct(&CORE_V1_EPHEMERAL_CONTAINER)), required: false },
        Field { name: "hostAliases", ty: Ty::Slice(&Ty::Struct(&CORE_V1_HOST_ALIAS)), required: false },
        Field { name: "hostIPC", ty: Ty::Bool, required: false },
        Field { name: "hostNetwork", ty: Ty::Bool, required: false },
        Field { name: "hostPID", ty: Ty::Bool, required: false },
        Field { name: "hostUsers", ty: Ty::Bool, required: false },
        Field { name: "hostname", ty: Ty::String, required: false },
        Field { name: "imagePullSecrets", ty: Ty::Slice(&Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE)), required: false },
        Field { name: "initContainers", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER)), required: false },
        Field { name: "nodeName", ty: Ty::String, required: false },
        Field { name: "nodeSelector", ty: Ty::Map(&Ty::String), required: false },
        Field { name: "os", ty: Ty::Struct(&CORE_V1_POD_OS), required: false },
        Field { name: "overhead", ty: Ty::Map(&Ty::Quantity), required: false },
        Field { name: "preemptionPolicy", ty: Ty::String, required: false },
        Field { name: "priority", ty: Ty::Int32, required: false },
        Field { name: "priorityClassName", ty: Ty::String, required: false },
        Field { name: "readinessGates", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_READINESS_GATE)), required: false },
        Field { name: "resourceClaims", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_RESOURCE_CLAIM)), required: false },
        Field { name: "resources", ty: Ty::Struct(&CORE_V1_RESOURCE_REQUIREMENTS), required: false },
        Field { name: "restartPolicy", ty: Ty::String, required: false },
        Field { name: "runtimeClassName", ty: Ty::String, required: false },
        Field { name: "schedulerName", ty: Ty::String, required: false },
        Field { name: "schedulingGates", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_SCHEDULING_GATE)), required: false },
        Field { name: "securityContext", ty: Ty::Struct(&CORE_V1_POD_SECURITY_CONTEXT), required: false },
        Field { name: "serviceAccount", ty: Ty::String, required: false },
        Field { name: "serviceAccountName", ty: Ty::String, required: false },
        Field { name: "setHostnameAsFQDN", ty: Ty::Bool, required: false },
        Field { name: "shareProcessNamespace", ty: Ty::Bool, required: false },
        Field { name: "subdomain", ty: Ty::String, required: false },
        Field { name: "terminationGracePeriodSeconds", ty: Ty::Int64, required: false },
        Field { name: "tolerations", ty: Ty::Slice(&Ty::Struct(&CORE_V1_TOLERATION)), required: false },
        Field { name: "topologySpreadConstraints", ty: Ty::Slice(&Ty::Struct(&CORE_V1_TOPOLOGY_SPREAD_CONSTRAINT)), required: false },
        Field { name: "volumes", ty: Ty::Slice(&Ty::Struct(&CORE_V1_VOLUME)), required: false },
    ],
};

pub static CORE_V1_POD_STATUS: Struct = Struct {
    name: "v1.PodStatus",
    fields: &[
        Field { name: "conditions", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_CONDITION)), required: false },
        Field { name: "containerStatuses", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_STATUS)), required: false },
        Field { name: "ephemeralContainerStatuses", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_STATUS)), required: false },
        Field { name: "hostIP", ty: Ty::String, required: false },
        Field { name: "hostIPs", ty: Ty::Slice(&Ty::Struct(&CORE_V1_HOST_IP)), required: false },
        Field { name: "initContainerStatuses", ty: Ty::Slice(&Ty::Struct(&CORE_V1_CONTAINER_STATUS)), required: false },
        Field { name: "message", ty: Ty::String, required: false },
        Field { name: "nominatedNodeName", ty: Ty::String, required: false },
        Field { name: "phase", ty: Ty::String, required: false },
        Field { name: "podIP", ty: Ty::String, required: false },
        Field { name: "podIPs", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_IP)), required: false },
        Field { name: "qosClass", ty: Ty::String, required: false },
        Field { name: "reason", ty: Ty::String, required: false },
        Field { name: "resize", ty: Ty::String, required: false },
        Field { name: "resourceClaimStatuses", ty: Ty::Slice(&Ty::Struct(&CORE_V1_POD_RESOURCE_CLAIM_STATUS)), required: false },
        Field { name: "startTime", ty: Ty::Time, required: false },
    ],
};

pub static CORE_V1_POD_TEMPLATE_SPEC: Struct = Struct {
    name: "v1.PodTemplateSpec",
    fields: &[
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: false },
        Field { name: "spec", ty: Ty::Struct(&CORE_V1_POD_SPEC), required: false },
    ],
};

pub static CORE_V1_PORTWORX_VOLUME_SOURCE: Struct = Struct {
    name: "v1.PortworxVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "volumeID", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_PREFERRED_SCHEDULING_TERM: Struct = Struct {
    name: "v1.PreferredSchedulingTerm",
    fields: &[
        Field { name: "preference", ty: Ty::Struct(&CORE_V1_NODE_SELECTOR_TERM), required: true },
        Field { name: "weight", ty: Ty::Int32, required: true },
    ],
};

pub static CORE_V1_PROBE: Struct = Struct {
    name: "v1.Probe",
    fields: &[
        Field { name: "exec", ty: Ty::Struct(&CORE_V1_EXEC_ACTION), required: false },
        Field { name: "failureThreshold", ty: Ty::Int32, required: false },
        Field { name: "grpc", ty: Ty::Struct(&CORE_V1_GRPCACTION), required: false },
        Field { name: "httpGet", ty: Ty::Struct(&CORE_V1_HTTPGET_ACTION), required: false },
        Field { name: "initialDelaySeconds", ty: Ty::Int32, required: false },
        Field { name: "periodSeconds", ty: Ty::Int32, required: false },
        Field { name: "successThreshold", ty: Ty::Int32, required: false },
        Field { name: "tcpSocket", ty: Ty::Struct(&CORE_V1_TCPSOCKET_ACTION), required: false },
        Field { name: "terminationGracePeriodSeconds", ty: Ty::Int64, required: false },
        Field { name: "timeoutSeconds", ty: Ty::Int32, required: false },
    ],
};

pub static CORE_V1_PROJECTED_VOLUME_SOURCE: Struct = Struct {
    name: "v1.ProjectedVolumeSource",
    fields: &[
        Field { name: "defaultMode", ty: Ty::Int32, required: false },
        Field { name: "sources", ty: Ty::Slice(&Ty::Struct(&CORE_V1_VOLUME_PROJECTION)), required: false },
    ],
};

pub static CORE_V1_QUOBYTE_VOLUME_SOURCE: Struct = Struct {
    name: "v1.QuobyteVolumeSource",
    fields: &[
        Field { name: "group", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "registry", ty: Ty::String, required: true },
        Field { name: "tenant", ty: Ty::String, required: false },
        Field { name: "user", ty: Ty::String, required: false },
        Field { name: "volume", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_RBDVOLUME_SOURCE: Struct = Struct {
    name: "v1.RBDVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "image", ty: Ty::String, required: true },
        Field { name: "keyring", ty: Ty::String, required: false },
        Field { name: "monitors", ty: Ty::Slice(&Ty::String), required: true },
        Field { name: "pool", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: false },
        Field { name: "user", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_RESOURCE_CLAIM: Struct = Struct {
    name: "v1.ResourceClaim",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "request", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_RESOURCE_FIELD_SELECTOR: Struct = Struct {
    name: "v1.ResourceFieldSelector",
    fields: &[
        Field { name: "containerName", ty: Ty::String, required: false },
        Field { name: "divisor", ty: Ty::Quantity, required: false },
        Field { name: "resource", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_RESOURCE_HEALTH: Struct = Struct {
    name: "v1.ResourceHealth",
    fields: &[
        Field { name: "health", ty: Ty::String, required: false },
        Field { name: "resourceID", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_RESOURCE_REQUIREMENTS: Struct = Struct {
    name: "v1.ResourceRequirements",
    fields: &[
        Field { name: "claims", ty: Ty::Slice(&Ty::Struct(&CORE_V1_RESOURCE_CLAIM)), required: false },
        Field { name: "limits", ty: Ty::Map(&Ty::Quantity), required: false },
        Field { name: "requests", ty: Ty::Map(&Ty::Quantity), required: false },
    ],
};

pub static CORE_V1_RESOURCE_STATUS: Struct = Struct {
    name: "v1.ResourceStatus",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "resources", ty: Ty::Slice(&Ty::Struct(&CORE_V1_RESOURCE_HEALTH)), required: false },
    ],
};

pub static CORE_V1_SELINUX_OPTIONS: Struct = Struct {
    name: "v1.SELinuxOptions",
    fields: &[
        Field { name: "level", ty: Ty::String, required: false },
        Field { name: "role", ty: Ty::String, required: false },
        Field { name: "type", ty: Ty::String, required: false },
        Field { name: "user", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_SCALE_IOVOLUME_SOURCE: Struct = Struct {
    name: "v1.ScaleIOVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "gateway", ty: Ty::String, required: true },
        Field { name: "protectionDomain", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: true },
        Field { name: "sslEnabled", ty: Ty::Bool, required: false },
        Field { name: "storageMode", ty: Ty::String, required: false },
        Field { name: "storagePool", ty: Ty::String, required: false },
        Field { name: "system", ty: Ty::String, required: true },
        Field { name: "volumeName", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_SECCOMP_PROFILE: Struct = Struct {
    name: "v1.SeccompProfile",
    fields: &[
        Field { name: "localhostProfile", ty: Ty::String, required: false },
        Field { name: "type", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_SECRET_ENV_SOURCE: Struct = Struct {
    name: "v1.SecretEnvSource",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "optional", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_SECRET_KEY_SELECTOR: Struct = Struct {
    name: "v1.SecretKeySelector",
    fields: &[
        Field { name: "key", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "optional", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_SECRET_PROJECTION: Struct = Struct {
    name: "v1.SecretProjection",
    fields: &[
        Field { name: "items", ty: Ty::Slice(&Ty::Struct(&CORE_V1_KEY_TO_PATH)), required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "optional", ty: Ty::Bool, required: false },
    ],
};

pub static CORE_V1_SECRET_VOLUME_SOURCE: Struct = Struct {
    name: "v1.SecretVolumeSource",
    fields: &[
        Field { name: "defaultMode", ty: Ty::Int32, required: false },
        Field { name: "items", ty: Ty::Slice(&Ty::Struct(&CORE_V1_KEY_TO_PATH)), required: false },
        Field { name: "optional", ty: Ty::Bool, required: false },
        Field { name: "secretName", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_SECURITY_CONTEXT: Struct = Struct {
    name: "v1.SecurityContext",
    fields: &[
        Field { name: "allowPrivilegeEscalation", ty: Ty::Bool, required: false },
        Field { name: "appArmorProfile", ty: Ty::Struct(&CORE_V1_APP_ARMOR_PROFILE), required: false },
        Field { name: "capabilities", ty: Ty::Struct(&CORE_V1_CAPABILITIES), required: false },
        Field { name: "privileged", ty: Ty::Bool, required: false },
        Field { name: "procMount", ty: Ty::String, required: false },
        Field { name: "readOnlyRootFilesystem", ty: Ty::Bool, required: false },
        Field { name: "runAsGroup", ty: Ty::Int64, required: false },
        Field { name: "runAsNonRoot", ty: Ty::Bool, required: false },
        Field { name: "runAsUser", ty: Ty::Int64, required: false },
        Field { name: "seLinuxOptions", ty: Ty::Struct(&CORE_V1_SELINUX_OPTIONS), required: false },
        Field { name: "seccompProfile", ty: Ty::Struct(&CORE_V1_SECCOMP_PROFILE), required: false },
        Field { name: "windowsOptions", ty: Ty::Struct(&CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS), required: false },
    ],
};

pub static CORE_V1_SERVICE_ACCOUNT: Struct = Struct {
    name: "v1.ServiceAccount",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "automountServiceAccountToken", ty: Ty::Bool, required: false },
        Field { name: "imagePullSecrets", ty: Ty::Slice(&Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE)), required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
        Field { name: "secrets", ty: Ty::Slice(&Ty::Struct(&CORE_V1_OBJECT_REFERENCE)), required: false },
    ],
};

pub static CORE_V1_SERVICE_ACCOUNT_TOKEN_PROJECTION: Struct = Struct {
    name: "v1.ServiceAccountTokenProjection",
    fields: &[
        Field { name: "audience", ty: Ty::String, required: false },
        Field { name: "expirationSeconds", ty: Ty::Int64, required: false },
        Field { name: "path", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_SLEEP_ACTION: Struct = Struct {
    name: "v1.SleepAction",
    fields: &[
        Field { name: "seconds", ty: Ty::Int64, required: true },
    ],
};

pub static CORE_V1_STORAGE_OSVOLUME_SOURCE: Struct = Struct {
    name: "v1.StorageOSVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "secretRef", ty: Ty::Struct(&CORE_V1_LOCAL_OBJECT_REFERENCE), required: false },
        Field { name: "volumeName", ty: Ty::String, required: false },
        Field { name: "volumeNamespace", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_SYSCTL: Struct = Struct {
    name: "v1.Sysctl",
    fields: &[
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "value", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_TCPSOCKET_ACTION: Struct = Struct {
    name: "v1.TCPSocketAction",
    fields: &[
        Field { name: "host", ty: Ty::String, required: false },
        Field { name: "port", ty: Ty::IntOrString, required: true },
    ],
};

pub static CORE_V1_TAINT: Struct = Struct {
    name: "v1.Taint",
    fields: &[
        Field { name: "effect", ty: Ty::String, required: true },
        Field { name: "key", ty: Ty::String, required: true },
        Field { name: "timeAdded", ty: Ty::Time, required: false },
        Field { name: "value", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_TOLERATION: Struct = Struct {
    name: "v1.Toleration",
    fields: &[
        Field { name: "effect", ty: Ty::String, required: false },
        Field { name: "key", ty: Ty::String, required: false },
        Field { name: "operator", ty: Ty::String, required: false },
        Field { name: "tolerationSeconds", ty: Ty::Int64, required: false },
        Field { name: "value", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_TOPOLOGY_SPREAD_CONSTRAINT: Struct = Struct {
    name: "v1.TopologySpreadConstraint",
    fields: &[
        Field { name: "labelSelector", ty: Ty::Struct(&META_V1_LABEL_SELECTOR), required: false },
        Field { name: "matchLabelKeys", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "maxSkew", ty: Ty::Int32, required: true },
        Field { name: "minDomains", ty: Ty::Int32, required: false },
        Field { name: "nodeAffinityPolicy", ty: Ty::String, required: false },
        Field { name: "nodeTaintsPolicy", ty: Ty::String, required: false },
        Field { name: "topologyKey", ty: Ty::String, required: true },
        Field { name: "whenUnsatisfiable", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_TYPED_LOCAL_OBJECT_REFERENCE: Struct = Struct {
    name: "v1.TypedLocalObjectReference",
    fields: &[
        Field { name: "apiGroup", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_TYPED_OBJECT_REFERENCE: Struct = Struct {
    name: "v1.TypedObjectReference",
    fields: &[
        Field { name: "apiGroup", ty: Ty::String, required: false },
        Field { name: "kind", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "namespace", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_VOLUME: Struct = Struct {
    name: "v1.Volume",
    fields: &[
        Field { name: "awsElasticBlockStore", ty: Ty::Struct(&CORE_V1_AWSELASTIC_BLOCK_STORE_VOLUME_SOURCE), required: false },
        Field { name: "azureDisk", ty: Ty::Struct(&CORE_V1_AZURE_DISK_VOLUME_SOURCE), required: false },
        Field { name: "azureFile", ty: Ty::Struct(&CORE_V1_AZURE_FILE_VOLUME_SOURCE), required: false },
        Field { name: "cephfs", ty: Ty::Struct(&CORE_V1_CEPH_FSVOLUME_SOURCE), required: false },
        Field { name: "cinder", ty: Ty::Struct(&CORE_V1_CINDER_VOLUME_SOURCE), required: false },
        Field { name: "configMap", ty: Ty::Struct(&CORE_V1_CONFIG_MAP_VOLUME_SOURCE), required: false },
        Field { name: "csi", ty: Ty::Struct(&CORE_V1_CSIVOLUME_SOURCE), required: false },
        Field { name: "downwardAPI", ty: Ty::Struct(&CORE_V1_DOWNWARD_APIVOLUME_SOURCE), required: false },
        Field { name: "emptyDir", ty: Ty::Struct(&CORE_V1_EMPTY_DIR_VOLUME_SOURCE), required: false },
        Field { name: "ephemeral", ty: Ty::Struct(&CORE_V1_EPHEMERAL_VOLUME_SOURCE), required: false },
        Field { name: "fc", ty: Ty::Struct(&CORE_V1_FCVOLUME_SOURCE), required: false },
        Field { name: "flexVolume", ty: Ty::Struct(&CORE_V1_FLEX_VOLUME_SOURCE), required: false },
        Field { name: "flocker", ty: Ty::Struct(&CORE_V1_FLOCKER_VOLUME_SOURCE), required: false },
        Field { name: "gcePersistentDisk", ty: Ty::Struct(&CORE_V1_GCEPERSISTENT_DISK_VOLUME_SOURCE), required: false },
        Field { name: "gitRepo", ty: Ty::Struct(&CORE_V1_GIT_REPO_VOLUME_SOURCE), required: false },
        Field { name: "glusterfs", ty: Ty::Struct(&CORE_V1_GLUSTERFS_VOLUME_SOURCE), required: false },
        Field { name: "hostPath", ty: Ty::Struct(&CORE_V1_HOST_PATH_VOLUME_SOURCE), required: false },
        Field { name: "image", ty: Ty::Struct(&CORE_V1_IMAGE_VOLUME_SOURCE), required: false },
        Field { name: "iscsi", ty: Ty::Struct(&CORE_V1_ISCSIVOLUME_SOURCE), required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "nfs", ty: Ty::Struct(&CORE_V1_NFSVOLUME_SOURCE), required: false },
        Field { name: "persistentVolumeClaim", ty: Ty::Struct(&CORE_V1_PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE), required: false },
        Field { name: "photonPersistentDisk", ty: Ty::Struct(&CORE_V1_PHOTON_PERSISTENT_DISK_VOLUME_SOURCE), required: false },
        Field { name: "portworxVolume", ty: Ty::Struct(&CORE_V1_PORTWORX_VOLUME_SOURCE), required: false },
        Field { name: "projected", ty: Ty::Struct(&CORE_V1_PROJECTED_VOLUME_SOURCE), required: false },
        Field { name: "quobyte", ty: Ty::Struct(&CORE_V1_QUOBYTE_VOLUME_SOURCE), required: false },
        Field { name: "rbd", ty: Ty::Struct(&CORE_V1_RBDVOLUME_SOURCE), required: false },
        Field { name: "scaleIO", ty: Ty::Struct(&CORE_V1_SCALE_IOVOLUME_SOURCE), required: false },
        Field { name: "secret", ty: Ty::Struct(&CORE_V1_SECRET_VOLUME_SOURCE), required: false },
        Field { name: "storageos", ty: Ty::Struct(&CORE_V1_STORAGE_OSVOLUME_SOURCE), required: false },
        Field { name: "vsphereVolume", ty: Ty::Struct(&CORE_V1_VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE), required: false },
    ],
};

pub static CORE_V1_VOLUME_DEVICE: Struct = Struct {
    name: "v1.VolumeDevice",
    fields: &[
        Field { name: "devicePath", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_VOLUME_MOUNT: Struct = Struct {
    name: "v1.VolumeMount",
    fields: &[
        Field { name: "mountPath", ty: Ty::String, required: true },
        Field { name: "mountPropagation", ty: Ty::String, required: false },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "recursiveReadOnly", ty: Ty::String, required: false },
        Field { name: "subPath", ty: Ty::String, required: false },
        Field { name: "subPathExpr", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_VOLUME_MOUNT_STATUS: Struct = Struct {
    name: "v1.VolumeMountStatus",
    fields: &[
        Field { name: "mountPath", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "readOnly", ty: Ty::Bool, required: false },
        Field { name: "recursiveReadOnly", ty: Ty::String, required: false },
    ],
};

pub static CORE_V1_VOLUME_PROJECTION: Struct = Struct {
    name: "v1.VolumeProjection",
    fields: &[
        Field { name: "clusterTrustBundle", ty: Ty::Struct(&CORE_V1_CLUSTER_TRUST_BUNDLE_PROJECTION), required: false },
        Field { name: "configMap", ty: Ty::Struct(&CORE_V1_CONFIG_MAP_PROJECTION), required: false },
        Field { name: "downwardAPI", ty: Ty::Struct(&CORE_V1_DOWNWARD_APIPROJECTION), required: false },
        Field { name: "secret", ty: Ty::Struct(&CORE_V1_SECRET_PROJECTION), required: false },
        Field { name: "serviceAccountToken", ty: Ty::Struct(&CORE_V1_SERVICE_ACCOUNT_TOKEN_PROJECTION), required: false },
    ],
};

pub static CORE_V1_VOLUME_RESOURCE_REQUIREMENTS: Struct = Struct {
    name: "v1.VolumeResourceRequirements",
    fields: &[
        Field { name: "limits", ty: Ty::Map(&Ty::Quantity), required: false },
        Field { name: "requests", ty: Ty::Map(&Ty::Quantity), required: false },
    ],
};

pub static CORE_V1_VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE: Struct = Struct {
    name: "v1.VsphereVirtualDiskVolumeSource",
    fields: &[
        Field { name: "fsType", ty: Ty::String, required: false },
        Field { name: "storagePolicyID", ty: Ty::String, required: false },
        Field { name: "storagePolicyName", ty: Ty::String, required: false },
        Field { name: "volumePath", ty: Ty::String, required: true },
    ],
};

pub static CORE_V1_WEIGHTED_POD_AFFINITY_TERM: Struct = Struct {
    name: "v1.WeightedPodAffinityTerm",
    fields: &[
        Field { name: "podAffinityTerm", ty: Ty::Struct(&CORE_V1_POD_AFFINITY_TERM), required: true },
        Field { name: "weight", ty: Ty::Int32, required: true },
    ],
};

pub static CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS: Struct = Struct {
    name: "v1.WindowsSecurityContextOptions",
    fields: &[
        Field { name: "gmsaCredentialSpec", ty: Ty::String, required: false },
        Field { name: "gmsaCredentialSpecName", ty: Ty::String, required: false },
        Field { name: "hostProcess", ty: Ty::Bool, required: false },
        Field { name: "runAsUserName", ty: Ty::String, required: false },
    ],
};

pub static SCHEDULING_V1_PRIORITY_CLASS: Struct = Struct {
    name: "v1.PriorityClass",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "description", ty: Ty::String, required: false },
        Field { name: "globalDefault", ty: Ty::Bool, required: false },
        Field { name: "kind", ty: Ty::String, required: false },
        Field { name: "metadata", ty: Ty::Struct(&META_V1_OBJECT_META), required: true },
        Field { name: "preemptionPolicy", ty: Ty::String, required: false },
        Field { name: "value", ty: Ty::Int32, required: true },
    ],
};

pub static META_V1_LABEL_SELECTOR: Struct = Struct {
    name: "v1.LabelSelector",
    fields: &[
        Field { name: "matchExpressions", ty: Ty::Slice(&Ty::Struct(&META_V1_LABEL_SELECTOR_REQUIREMENT)), required: false },
        Field { name: "matchLabels", ty: Ty::Map(&Ty::String), required: false },
    ],
};

pub static META_V1_LABEL_SELECTOR_REQUIREMENT: Struct = Struct {
    name: "v1.LabelSelectorRequirement",
    fields: &[
        Field { name: "key", ty: Ty::String, required: true },
        Field { name: "operator", ty: Ty::String, required: true },
        Field { name: "values", ty: Ty::Slice(&Ty::String), required: false },
    ],
};

pub static META_V1_MANAGED_FIELDS_ENTRY: Struct = Struct {
    name: "v1.ManagedFieldsEntry",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: false },
        Field { name: "fieldsType", ty: Ty::String, required: false },
        Field { name: "fieldsV1", ty: Ty::Raw, required: false },
        Field { name: "manager", ty: Ty::String, required: false },
        Field { name: "operation", ty: Ty::String, required: false },
        Field { name: "subresource", ty: Ty::String, required: false },
        Field { name: "time", ty: Ty::Time, required: false },
    ],
};

pub static META_V1_OBJECT_META: Struct = Struct {
    name: "v1.ObjectMeta",
    fields: &[
        Field { name: "annotations", ty: Ty::Map(&Ty::String), required: false },
        Field { name: "creationTimestamp", ty: Ty::Time, required: false },
        Field { name: "deletionGracePeriodSeconds", ty: Ty::Int64, required: false },
        Field { name: "deletionTimestamp", ty: Ty::Time, required: false },
        Field { name: "finalizers", ty: Ty::Slice(&Ty::String), required: false },
        Field { name: "generateName", ty: Ty::String, required: false },
        Field { name: "generation", ty: Ty::Int64, required: false },
        Field { name: "labels", ty: Ty::Map(&Ty::String), required: false },
        Field { name: "managedFields", ty: Ty::Slice(&Ty::Struct(&META_V1_MANAGED_FIELDS_ENTRY)), required: false },
        Field { name: "name", ty: Ty::String, required: false },
        Field { name: "namespace", ty: Ty::String, required: false },
        Field { name: "ownerReferences", ty: Ty::Slice(&Ty::Struct(&META_V1_OWNER_REFERENCE)), required: false },
        Field { name: "resourceVersion", ty: Ty::String, required: false },
        Field { name: "selfLink", ty: Ty::String, required: false },
        Field { name: "uid", ty: Ty::String, required: false },
    ],
};

pub static META_V1_OWNER_REFERENCE: Struct = Struct {
    name: "v1.OwnerReference",
    fields: &[
        Field { name: "apiVersion", ty: Ty::String, required: true },
        Field { name: "blockOwnerDeletion", ty: Ty::Bool, required: false },
        Field { name: "controller", ty: Ty::Bool, required: false },
        Field { name: "kind", ty: Ty::String, required: true },
        Field { name: "name", ty: Ty::String, required: true },
        Field { name: "uid", ty: Ty::String, required: true },
    ],
};
