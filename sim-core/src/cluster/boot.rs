//! The cluster as the real lab VM shows it when the learner arrives (`k3s.md` §6–7,
//! `fake-gpu-operator.md`): the node with its GPUs and labels, the k3s add-ons, fake-gpu-operator
//! and Kueue, their namespaces, all Running (or Completed where k3s shows that).

use super::{Cluster, NodeShape, PodRuntime};
use crate::api::object::rfc3339;
use crate::api::server::{kind_info, ApiServer, SyncControllers};
use crate::json::{json, Value};

/// The namespaces a fresh cluster has (`kubectl.md` §9).
pub const BOOT_NAMESPACES: [&str; 4] = ["default", "kube-node-lease", "kube-public", "kube-system"];

/// The two PriorityClasses kube-apiserver creates at start (`k3s.md` §9): name, value, description.
const SYSTEM_PRIORITY_CLASSES: [(&str, i64, &str); 2] = [
    (
        "system-cluster-critical",
        2_000_000_000,
        "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.",
    ),
    ("system-node-critical", 2_000_001_000, "Used for system critical pods that must not be moved from their current node."),
];

/// The controllers that act inside the server's writes (`api::server::SyncControllers`).
pub const SYNC_CONTROLLERS: SyncControllers = SyncControllers {
    removed: Some(super::garbage_collector::removed),
    foreground: Some(super::garbage_collector::foreground),
    namespace_terminating: Some(super::namespace_controller::namespace_terminating),
};

/// The API server as k3s starts it, with the cluster's controllers acting on its writes: the
/// boot namespaces (each with the ServiceAccount and root-CA ConfigMap their controllers gave it
/// right after — the cluster is minutes old when the learner arrives), the system
/// PriorityClasses and Kueue's CRDs.
pub fn api_server(seed: u64, now: i64) -> ApiServer {
    let mut s = ApiServer::empty(seed);
    s.set_sync_controllers(SYNC_CONTROLLERS);
    for ns in BOOT_NAMESPACES {
        s.create(now, kind_info("Namespace"), "", json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}}), false)
            .expect("boot namespaces are valid");
        super::service_account::publish(&mut s, now, ns);
    }
    for (name, value, description) in SYSTEM_PRIORITY_CLASSES {
        let pc = json!({"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name}, "value": value, "description": description, "globalDefault": false, "preemptionPolicy": "PreemptLowerPriority"});
        s.create(now, kind_info("PriorityClass"), "", pc, false).expect("system priority classes are valid");
    }
    for crd in kueue_crds() {
        s.insert_system(now, kind_info("CustomResourceDefinition"), crd);
    }
    s
}

/// Kueue's eleven CRDs as the simulator serves them: `v1beta2` only (the lab treats the
/// deprecated `v1beta1` as not served, `kueue.md` §2.1).
fn kueue_crds() -> Vec<Value> {
    crate::api::registry::DISCOVERY
        .iter()
        .filter(|d| d.group() == "kueue.x-k8s.io")
        .map(|d| {
            let served = crate::api::registry::SERVED.iter().find(|k| k.kind == d.kind);
            let columns: Vec<Value> = served
                .and_then(|k| k.columns)
                .unwrap_or(&[])
                .iter()
                .map(|c| {
                    let ty = match c.ty {
                        crate::api::registry::ColumnType::String => "string",
                        crate::api::registry::ColumnType::Integer => "integer",
                        crate::api::registry::ColumnType::Date => "date",
                    };
                    let mut col = json!({"name": c.name, "jsonPath": c.json_path, "type": ty});
                    if c.priority > 0 {
                        col["priority"] = json!(c.priority);
                    }
                    col
                })
                .collect();
            let singular = d.kind.to_ascii_lowercase();
            let names = json!({"kind": d.kind, "listKind": format!("{}List", d.kind), "plural": d.plural, "singular": singular, "shortNames": d.short_names});
            let mut version = json!({"name": "v1beta2", "served": true, "storage": true});
            if served.is_none_or(|k| k.status_subresource) {
                version["subresources"] = json!({"status": {}});
            }
            if !columns.is_empty() {
                version["additionalPrinterColumns"] = json!(columns);
            }
            json!({
                "apiVersion": "apiextensions.k8s.io/v1",
                "kind": "CustomResourceDefinition",
                "metadata": {"name": format!("{}.kueue.x-k8s.io", d.plural), "annotations": {"controller-gen.kubebuilder.io/version": "v0.20.1"}},
                "spec": {"group": "kueue.x-k8s.io", "names": names.clone(), "scope": if d.namespaced { "Namespaced" } else { "Cluster" }, "versions": [version]},
                "status": {"acceptedNames": names, "storedVersions": ["v1beta2"], "conditions": [
                    {"type": "NamesAccepted", "status": "True", "reason": "NoConflicts", "message": "no conflicts found"},
                    {"type": "Established", "status": "True", "reason": "InitialNamesAccepted", "message": "the initial names have been accepted"},
                ]},
            })
        })
        .collect()
}

/// A system pod: namespace, name, containers (name, image, cpu and memory requests, cpu and
/// memory limits; empty for none, as the charts set them),
/// seconds after boot it was created, completed?, restarts, IP suffix.
struct SystemPod {
    namespace: &'static str,
    name: &'static str,
    containers: &'static [(&'static str, &'static str, &'static str, &'static str, &'static str, &'static str)],
    created_after_boot: i64,
    completed: bool,
    restarts: i64,
    ip: u32,
    priority_class: Option<&'static str>,
    /// Pod labels as the owning controller stamps them (`k3s.md` §2–5; DaemonSet revision hashes
    /// are fixtures of the right shape).
    labels: &'static [(&'static str, &'static str)],
    service_account: &'static str,
}

const SYSTEM_PODS: &[SystemPod] = &[
    SystemPod {
        namespace: "gpu-operator",
        name: "device-plugin-8qtwk",
        labels: &[
            ("app", "device-plugin"),
            ("component", "device-plugin"),
            ("controller-revision-hash", "5b6d8f9c47"),
            ("pod-template-generation", "1"),
        ],
        service_account: "nvidia-device-plugin",
        containers: &[(
            "nvidia-device-plugin-ctr",
            "ghcr.io/run-ai/fake-gpu-operator/device-plugin:0.2.0",
            "100m",
            "100Mi",
            "200m",
            "200Mi",
        )],
        created_after_boot: 88,
        completed: false,
        restarts: 0,
        ip: 15,
        priority_class: None,
    },
    SystemPod {
        namespace: "gpu-operator",
        name: "kwok-gpu-device-plugin-6d9c7f55b4-x2lkd",
        labels: &[("app", "kwok-gpu-device-plugin"), ("component", "kwok-gpu-device-plugin"), ("pod-template-hash", "6d9c7f55b4")],
        service_account: "kwok-gpu-device-plugin",
        containers: &[(
            "kwok-gpu-device-plugin",
            "ghcr.io/run-ai/fake-gpu-operator/kwok-gpu-device-plugin:0.2.0",
            "100m",
            "200Mi",
            "200m",
            "400Mi",
        )],
        created_after_boot: 64,
        completed: false,
        restarts: 0,
        ip: 10,
        priority_class: None,
    },
    SystemPod {
        namespace: "gpu-operator",
        name: "nvidia-dcgm-exporter-kwok-7b96d8f4c5-sd9fh",
        labels: &[
            ("app", "nvidia-dcgm-exporter-kwok"),
            ("app.kubernetes.io/name", "nvidia-container-toolkit"),
            ("pod-template-hash", "7b96d8f4c5"),
        ],
        service_account: "status-exporter",
        containers: &[(
            "nvidia-dcgm-exporter-kwok",
            "ghcr.io/run-ai/fake-gpu-operator/status-exporter:0.2.0",
            "50m",
            "100Mi",
            "500m",
            "256Mi",
        )],
        created_after_boot: 64,
        completed: false,
        restarts: 0,
        ip: 11,
        priority_class: None,
    },
    SystemPod {
        namespace: "gpu-operator",
        name: "nvidia-dcgm-exporter-rv4nq",
        labels: &[
            ("app", "nvidia-dcgm-exporter"),
            ("app.kubernetes.io/name", "nvidia-container-toolkit"),
            ("component", "status-exporter"),
            ("controller-revision-hash", "7f4d9b8c65"),
            ("pod-template-generation", "1"),
        ],
        service_account: "status-exporter",
        containers: &[("nvidia-dcgm-exporter", "ghcr.io/run-ai/fake-gpu-operator/status-exporter:0.2.0", "100m", "100Mi", "200m", "200Mi")],
        created_after_boot: 88,
        completed: false,
        restarts: 0,
        ip: 14,
        priority_class: None,
    },
    SystemPod {
        namespace: "gpu-operator",
        name: "status-updater-5f8b66c9d7-m7qzp",
        labels: &[("app", "status-updater"), ("component", "status-updater"), ("pod-template-hash", "5f8b66c9d7")],
        service_account: "status-updater",
        containers: &[("status-updater", "ghcr.io/run-ai/fake-gpu-operator/status-updater:0.2.0", "200m", "200Mi", "400m", "400Mi")],
        created_after_boot: 64,
        completed: false,
        restarts: 0,
        ip: 12,
        priority_class: None,
    },
    SystemPod {
        namespace: "gpu-operator",
        name: "topology-server-67cb98d5c4-hzk4n",
        labels: &[("app", "topology-server"), ("component", "topology-server"), ("pod-template-hash", "67cb98d5c4")],
        service_account: "topology-server",
        containers: &[("topology-server", "ghcr.io/run-ai/fake-gpu-operator/topology-server:0.2.0", "100m", "100Mi", "200m", "200Mi")],
        created_after_boot: 64,
        completed: false,
        restarts: 0,
        ip: 9,
        priority_class: None,
    },
    SystemPod {
        namespace: "kube-system",
        name: "coredns-697968c856-xxssm",
        labels: &[("k8s-app", "kube-dns"), ("pod-template-hash", "697968c856")],
        service_account: "coredns",
        containers: &[("coredns", "rancher/mirrored-coredns-coredns:1.12.1", "100m", "70Mi", "", "170Mi")],
        created_after_boot: 0,
        completed: false,
        restarts: 0,
        ip: 2,
        priority_class: Some("system-cluster-critical"),
    },
    SystemPod {
        namespace: "kube-system",
        name: "helm-install-traefik-crd-jntf7",
        labels: &[
            ("batch.kubernetes.io/job-name", "helm-install-traefik-crd"),
            ("helmcharts.helm.cattle.io/chart", "traefik-crd"),
            ("job-name", "helm-install-traefik-crd"),
        ],
        service_account: "helm-traefik-crd",
        containers: &[("helm", "rancher/klipper-helm:v0.9.5-build20250306", "", "", "", "")],
        created_after_boot: 0,
        completed: true,
        restarts: 0,
        ip: 5,
        priority_class: None,
    },
    SystemPod {
        namespace: "kube-system",
        name: "helm-install-traefik-mkgds",
        labels: &[
            ("batch.kubernetes.io/job-name", "helm-install-traefik"),
            ("helmcharts.helm.cattle.io/chart", "traefik"),
            ("job-name", "helm-install-traefik"),
        ],
        service_account: "helm-traefik",
        containers: &[("helm", "rancher/klipper-helm:v0.9.5-build20250306", "", "", "", "")],
        created_after_boot: 0,
        completed: true,
        restarts: 1,
        ip: 6,
        priority_class: None,
    },
    SystemPod {
        namespace: "kube-system",
        name: "local-path-provisioner-774c6665dc-fd9qr",
        labels: &[("app", "local-path-provisioner"), ("pod-template-hash", "774c6665dc")],
        service_account: "local-path-provisioner-service-account",
        containers: &[("local-path-provisioner", "rancher/local-path-provisioner:v0.0.31", "", "", "", "")],
        created_after_boot: 0,
        completed: false,
        restarts: 0,
        ip: 4,
        priority_class: Some("system-node-critical"),
    },
    SystemPod {
        namespace: "kube-system",
        name: "metrics-server-6f4c6675d5-2lrl8",
        labels: &[("k8s-app", "metrics-server"), ("pod-template-hash", "6f4c6675d5")],
        service_account: "metrics-server",
        containers: &[("metrics-server", "rancher/mirrored-metrics-server:v0.7.2", "100m", "70Mi", "", "")],
        created_after_boot: 0,
        completed: false,
        restarts: 0,
        ip: 3,
        priority_class: Some("system-node-critical"),
    },
    SystemPod {
        namespace: "kube-system",
        name: "svclb-traefik-1c5a0d3e-btsvz",
        labels: &[
            ("app", "svclb-traefik-1c5a0d3e"),
            ("controller-revision-hash", "6c8b9d7f54"),
            ("pod-template-generation", "1"),
            ("svccontroller.k3s.cattle.io/svcname", "traefik"),
            ("svccontroller.k3s.cattle.io/svcnamespace", "kube-system"),
        ],
        service_account: "svclb",
        containers: &[
            ("lb-tcp-80", "rancher/klipper-lb:v0.4.13", "", "", "", ""),
            ("lb-tcp-443", "rancher/klipper-lb:v0.4.13", "", "", "", ""),
        ],
        created_after_boot: 19,
        completed: false,
        restarts: 0,
        ip: 7,
        priority_class: Some("system-node-critical"),
    },
    SystemPod {
        namespace: "kube-system",
        name: "traefik-c98fdf6fb-jcfxt",
        labels: &[
            ("app.kubernetes.io/instance", "traefik-kube-system"),
            ("app.kubernetes.io/managed-by", "Helm"),
            ("app.kubernetes.io/name", "traefik"),
            ("helm.sh/chart", "traefik-34.2.1_up34.2.0"),
            ("pod-template-hash", "c98fdf6fb"),
        ],
        service_account: "traefik",
        containers: &[("traefik", "rancher/mirrored-library-traefik:3.3.6", "", "", "", "")],
        created_after_boot: 19,
        completed: false,
        restarts: 0,
        ip: 8,
        priority_class: Some("system-cluster-critical"),
    },
    SystemPod {
        namespace: "kueue-system",
        name: "kueue-controller-manager-5d8f96c7b4-qwt6n",
        labels: &[("app.kubernetes.io/name", "kueue"), ("control-plane", "controller-manager"), ("pod-template-hash", "5d8f96c7b4")],
        service_account: "kueue-controller-manager",
        containers: &[("manager", "registry.k8s.io/kueue/kueue:v0.20.3", "500m", "512Mi", "2", "512Mi")],
        created_after_boot: 104,
        completed: false,
        restarts: 0,
        ip: 16,
        priority_class: None,
    },
];

fn node_object(n: &NodeShape) -> Value {
    let gpus = n.gpus.to_string();
    // ephemeral-storage allocatable: capacity minus the 5 % eviction threshold (k3s.md §7.1).
    let storage_ki: i64 = 40_458_684;
    let storage_bytes = storage_ki * 1024;
    let allocatable_storage = storage_bytes - (storage_bytes as f64 * f64::from(0.05f32)) as i64;
    let mut capacity = json!({"cpu": n.cpu.to_string(), "ephemeral-storage": format!("{storage_ki}Ki"), "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": format!("{}Ki", n.memory_ki), "pods": "110"});
    let mut allocatable = capacity.clone();
    allocatable["ephemeral-storage"] = json!(allocatable_storage.to_string());
    if n.gpus > 0 {
        capacity["nvidia.com/gpu"] = json!(gpus.clone());
        allocatable["nvidia.com/gpu"] = json!(gpus.clone());
    }
    json!({
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
            "name": n.name.clone(),
            "labels": {
                "beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/instance-type": "k3s", "beta.kubernetes.io/os": "linux",
                "kubernetes.io/arch": "amd64", "kubernetes.io/hostname": n.name.clone(), "kubernetes.io/os": "linux",
                "node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true", "node.kubernetes.io/instance-type": "k3s",
                "nvidia.com/gpu.count": gpus, "nvidia.com/gpu.deploy.compute-domain-dra-plugin": "true", "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.dra-plugin-gpu": "true", "nvidia.com/gpu.memory": "11441",
                "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "Tesla-K80", "nvidia.com/mig.strategy": "mixed",
                "run.ai/fake.gpu": "true", "run.ai/simulated-gpu-node-pool": "default",
            },
            "annotations": {
                "alpha.kubernetes.io/provided-node-ip": n.ip.clone(),
                "flannel.alpha.coreos.com/backend-data": "{\"VNI\":1,\"VtepMAC\":\"2e:9a:51:c4:7d:0b\"}",
                "flannel.alpha.coreos.com/backend-type": "vxlan",
                "flannel.alpha.coreos.com/kube-subnet-manager": "true",
                "flannel.alpha.coreos.com/public-ip": n.ip.clone(),
                "k3s.io/hostname": n.name.clone(),
                "k3s.io/internal-ip": n.ip.clone(),
                "k3s.io/node-args": "[\"server\"]",
                "k3s.io/node-config-hash": "MLFMUCBMRVINLJJKSG32TOUFWB4CN55GMSNY25AZPESQXZCYRN2A====",
                "k3s.io/node-env": "{}",
                "node.alpha.kubernetes.io/ttl": "0",
                "volumes.kubernetes.io/controller-managed-attach-detach": "true",
            },
        },
        "spec": {"podCIDR": "10.42.0.0/24", "podCIDRs": ["10.42.0.0/24"], "providerID": format!("k3s://{}", n.name)},
        "status": {
            "capacity": capacity,
            "allocatable": allocatable,
            "addresses": [{"type": "InternalIP", "address": n.ip.clone()}, {"type": "Hostname", "address": n.name.clone()}],
            "nodeInfo": {
                "architecture": "amd64", "bootID": "5d3f1a2b-8c4e-4f6a-9b7d-2e1c0f9a8b7c", "containerRuntimeVersion": "containerd://2.0.4-k3s2",
                "kernelVersion": "6.8.0-1021-gcp", "kubeProxyVersion": "v1.32.4+k3s1", "kubeletVersion": "v1.32.4+k3s1",
                "machineID": "0b6f3c2d9e8a4b7c8d1e2f3a4b5c6d7e", "operatingSystem": "linux", "osImage": "Ubuntu 22.04.5 LTS",
                "systemUUID": "ec2a8f1e-3b4c-4d5e-8f6a-7b8c9d0e1f2a",
            },
            "conditions": [],
        },
    })
}

/// The events a node collects while k3s starts (`k3s.md` §7.2), at their offsets from the node's
/// registration: (seconds, count, type, reason, message, component). `{n}` is the node's name.
const NODE_BOOT_EVENTS: &[(i64, i64, &str, &str, &str, &str)] = &[
    (-1, 1, "Normal", "Starting", "Starting kubelet.", "kubelet"),
    (-1, 1, "Warning", "InvalidDiskCapacity", "invalid capacity 0 on image filesystem", "kubelet"),
    (-1, 2, "Normal", "NodeHasSufficientMemory", "Node {n} status is now: NodeHasSufficientMemory", "kubelet"),
    (-1, 2, "Normal", "NodeHasNoDiskPressure", "Node {n} status is now: NodeHasNoDiskPressure", "kubelet"),
    (-1, 2, "Normal", "NodeHasSufficientPID", "Node {n} status is now: NodeHasSufficientPID", "kubelet"),
    (0, 1, "Normal", "NodeAllocatableEnforced", "Updated Node Allocatable limit across pods", "kubelet"),
    (1, 1, "Normal", "Synced", "Node synced successfully", "cloud-node-controller"),
    (1, 1, "Normal", "NodePasswordValidationComplete", "Deferred node password secret validation complete", "k3s-supervisor"),
    (2, 1, "Normal", "Starting", "", "kube-proxy"),
    (3, 1, "Normal", "RegisteredNode", "Node {n} event: Registered Node {n} in Controller", "node-controller"),
    (6, 1, "Normal", "NodeReady", "Node {n} status is now: NodeReady", "kubelet"),
];

/// Writes the node's boot events into `default`, as core/v1 Events. The kubelet, kube-proxy and
/// k3s-supervisor refer to the node by name in `involvedObject.uid`; the controllers by its uid.
fn node_events(c: &mut Cluster, node: &Value, registered: i64) {
    let name = node["metadata"]["name"].as_str().unwrap_or("").to_string();
    let uid = node["metadata"]["uid"].as_str().unwrap_or("").to_string();
    for (i, (offset, count, ty, reason, message, component)) in NODE_BOOT_EVENTS.iter().enumerate() {
        let first = registered + offset;
        // Repeated status events are re-sent when the node registers.
        let last = if *count > 1 { registered } else { first };
        let by_name = matches!(*component, "kubelet" | "kube-proxy" | "k3s-supervisor");
        let mut source = json!({"component": component});
        if matches!(*component, "kubelet" | "kube-proxy") {
            source["host"] = json!(name.clone());
        }
        let event = json!({
            "apiVersion": "v1",
            "kind": "Event",
            "metadata": {"name": format!("{name}.{:x}", (first as i128) * 1_000_000_000 + i as i128 * 1_000_000), "namespace": "default"},
            "involvedObject": {"apiVersion": "v1", "kind": "Node", "name": name.clone(), "uid": if by_name { name.clone() } else { uid.clone() }},
            "reason": reason,
            "message": message.replace("{n}", &name),
            "source": source,
            "firstTimestamp": rfc3339(first),
            "lastTimestamp": rfc3339(last),
            "count": count,
            "type": ty,
            "eventTime": null,
            "reportingComponent": component,
            "reportingInstance": if by_name { name.clone() } else { String::new() },
        });
        let _ = c.api.create(last, kind_info("Event"), "default", event, false);
    }
}

fn node_conditions(boot: i64) -> Value {
    let t = rfc3339(boot);
    let ready = rfc3339(boot + 6);
    let cond = |ty: &str, status: &str, reason: &str, message: &str, transition: &str| json!({"type": ty, "status": status, "lastHeartbeatTime": ready.clone(), "lastTransitionTime": transition, "reason": reason, "message": message});
    json!([
        cond("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", &t),
        cond("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure", &t),
        cond("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available", &t),
        cond("Ready", "True", "KubeletReady", "kubelet is posting ready status", &ready),
    ])
}

pub fn boot(c: &mut Cluster, boot_time: i64) {
    for ns in ["gpu-operator", "kueue-system"] {
        let _ = c.api.create(boot_time + 60, kind_info("Namespace"), "", json!({"metadata": {"name": ns}}), false);
        super::service_account::publish(&mut c.api, boot_time + 60, ns);
    }
    let nodes = c.shape.nodes.clone();
    for n in &nodes {
        let node = node_object(n);
        let _ = c.api.create(boot_time, kind_info("Node"), "", node, false);
        if let Ok(mut stored) = c.api.get(kind_info("Node"), "", &n.name) {
            stored["status"]["conditions"] = node_conditions(boot_time);
            let _ = c.api.update(boot_time, kind_info("Node"), "", stored, true, false);
        }
        if let Ok(stored) = c.api.get(kind_info("Node"), "", &n.name) {
            node_events(c, &stored, boot_time);
        }
    }
    let Some(node) = nodes.first() else { return };
    for p in SYSTEM_PODS {
        let created = boot_time + p.created_after_boot;
        let containers: Vec<Value> = p
            .containers
            .iter()
            .map(|(name, image, cpu, mem, cpu_limit, mem_limit)| {
                let mut c = json!({"name": name, "image": image});
                let pairs = |cpu: &str, mem: &str| {
                    let mut m = crate::json::Map::new();
                    for (k, v) in [("cpu", cpu), ("memory", mem)] {
                        if !v.is_empty() {
                            m.insert(k, json!(v));
                        }
                    }
                    m
                };
                let (requests, limits) = (pairs(cpu, mem), pairs(cpu_limit, mem_limit));
                if !limits.is_empty() {
                    c["resources"]["limits"] = Value::Object(limits);
                }
                if !requests.is_empty() {
                    c["resources"]["requests"] = Value::Object(requests);
                }
                c
            })
            .collect();
        let mut spec = json!({"containers": containers, "nodeName": node.name.clone(), "restartPolicy": if p.completed { "OnFailure" } else { "Always" }});
        if let Some(pc) = p.priority_class {
            spec["priorityClassName"] = json!(pc);
            spec["priority"] = json!(if pc == "system-node-critical" { 2_000_001_000 } else { 2_000_000_000 });
        }
        spec["serviceAccountName"] = json!(p.service_account);
        spec["serviceAccount"] = json!(p.service_account);
        let labels: crate::json::Map = p.labels.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": p.name, "namespace": p.namespace, "labels": labels}, "spec": spec});
        if c.api.create(created, kind_info("Pod"), p.namespace, pod, false).is_err() {
            continue;
        }
        let started = rfc3339(created + 3);
        let statuses: Vec<Value> = p
            .containers
            .iter()
            .map(|(name, image, ..)| {
                let state = if p.completed {
                    json!({"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": started.clone(), "finishedAt": rfc3339(created + 15)}})
                } else {
                    json!({"running": {"startedAt": started.clone()}})
                };
                json!({"name": name, "image": image, "imageID": "", "containerID": format!("containerd://{:064x}", p.ip), "ready": !p.completed, "restartCount": p.restarts, "started": !p.completed, "state": state})
            })
            .collect();
        let ip = format!("10.42.0.{}", p.ip);
        let ready = if p.completed { "False" } else { "True" };
        let cond = |ty: &str, status: &str| json!({"type": ty, "status": status, "lastProbeTime": null, "lastTransitionTime": &started});
        let status = json!({
            "phase": if p.completed { "Succeeded" } else { "Running" },
            "conditions": [cond("PodReadyToStartContainers", ready), cond("Initialized", "True"), cond("Ready", ready), cond("ContainersReady", ready), cond("PodScheduled", "True")],
            "hostIP": node.ip.clone(), "hostIPs": [{"ip": node.ip.clone()}], "podIP": ip.clone(), "podIPs": [{"ip": ip.clone()}],
            "startTime": rfc3339(created + 1),
            "containerStatuses": statuses,
            "qosClass": if p.containers.iter().any(|c| !c.2.is_empty()) { "Burstable" } else { "BestEffort" },
        });
        if let Ok(mut stored) = c.api.get(kind_info("Pod"), p.namespace, p.name) {
            stored["status"] = status;
            let _ = c.api.update(created, kind_info("Pod"), p.namespace, stored, true, false);
        }
        let key = format!("{}/{}", p.namespace, p.name);
        c.pods.insert(key, PodRuntime { started_ms: Some(0), ip: Some(ip), ..Default::default() });
    }
}
