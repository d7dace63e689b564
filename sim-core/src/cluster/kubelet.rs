//! The kubelet (`kubectl.md` §4, §6.6, §8): pod phases and container states over time
//! (ContainerCreating → Running → Completed/Error), readiness, what the simulated command prints
//! (`echo`, a fake `nvidia-smi` listing the pod's GPUs), and termination with the grace period —
//! a container that ignores SIGTERM (`sleep` or `sh` as PID 1) holds its pod in Terminating until
//! `terminationGracePeriodSeconds`, one that traps it exits at once.

use super::events::{record_with_path, EventType};
use super::informer::{Stage, Wake};
use super::{Cluster, PodRuntime};
use crate::api::object::{get, get_str, rfc3339};
use crate::api::server::{kind_info, DeleteOptions};
use crate::json::{json, Value};

const COMPONENT: &str = "kubelet";
/// Image pull plus container creation, as a fresh pull of a small image takes.
const START_DELAY_MS: u64 = 3_000;

/// What a container's command does, as far as the simulator models it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandModel {
    /// `None`: runs until it is stopped.
    pub runtime_ms: Option<u64>,
    pub exit_code: i32,
    /// Output lines; `{GPUS}` stands for the fake nvidia-smi listing.
    pub output: Vec<String>,
    pub handles_sigterm: bool,
}

fn parse_seconds(s: &str) -> Option<u64> {
    let (num, mult) = match s.chars().last()? {
        's' => (&s[..s.len() - 1], 1.0),
        'm' => (&s[..s.len() - 1], 60.0),
        'h' => (&s[..s.len() - 1], 3600.0),
        'd' => (&s[..s.len() - 1], 86400.0),
        _ => (s, 1.0),
    };
    let v: f64 = num.parse().ok()?;
    (v >= 0.0 && v.is_finite()).then_some((v * mult * 1000.0) as u64)
}

/// Models `command` + `args` of a container.
pub fn model_command(argv: &[String]) -> CommandModel {
    let mut m = CommandModel { runtime_ms: Some(0), exit_code: 0, output: Vec::new(), handles_sigterm: false };
    match argv.first().map(|s| s.rsplit('/').next().unwrap_or(s)) {
        None => m.runtime_ms = None,
        Some("sleep") => m.runtime_ms = argv.get(1).and_then(|s| parse_seconds(s)).or(None),
        Some("sh" | "bash" | "ash") if argv.get(1).map(String::as_str) == Some("-c") => {
            let script = argv.get(2).cloned().unwrap_or_default();
            m.handles_sigterm = script.contains("trap");
            let mut total: u64 = 0;
            for stmt in script.split(['\n', ';']).flat_map(|s| s.split("&&")).map(str::trim).filter(|s| !s.is_empty()) {
                let words: Vec<&str> = stmt.split_whitespace().collect();
                match words.first().copied() {
                    Some("echo") => m.output.push(words[1..].join(" ").trim_matches(['"', '\'']).to_string()),
                    Some("sleep") => match words.get(1).and_then(|s| parse_seconds(s)) {
                        Some(ms) => total += ms,
                        None => {
                            m.runtime_ms = None;
                            return m;
                        }
                    },
                    Some("nvidia-smi") => m.output.push("{GPUS}".into()),
                    Some("exit") => {
                        m.exit_code = words.get(1).and_then(|c| c.parse().ok()).unwrap_or(0);
                        break;
                    }
                    Some("trap" | "true" | ":" | "wait" | "exec" | "set") => {}
                    Some("false") => m.exit_code = 1,
                    _ => {
                        // Anything else the simulator does not model: it runs until stopped.
                        m.runtime_ms = None;
                        return m;
                    }
                }
            }
            m.runtime_ms = Some(total);
        }
        Some("echo") => m.output.push(argv[1..].join(" ")),
        Some("nvidia-smi") => m.output.push("{GPUS}".into()),
        Some("true") => {}
        Some("false") => m.exit_code = 1,
        _ => m.runtime_ms = None,
    }
    m
}

fn container_argv(c: &Value) -> Vec<String> {
    let list = |k: &str| {
        c.get(k)
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    let mut argv = list("command");
    argv.extend(list("args"));
    argv
}

/// The fake nvidia-smi's listing of the GPUs a pod holds.
fn gpu_listing(indices: &[usize], node: &str) -> String {
    let mut s = String::new();
    for (i, idx) in indices.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&format!("GPU {i}: Tesla-K80 (UUID: GPU-{node}-{idx:02})"));
    }
    if indices.is_empty() {
        s.push_str("No devices were found");
    }
    s
}

fn set_pod_status(c: &mut Cluster, pod: &Value, status: Value) {
    let ns = get_str(pod, &["metadata", "namespace"]).unwrap_or("");
    let name = get_str(pod, &["metadata", "name"]).unwrap_or("");
    let _ = c.api.update_status_internal(c.now_unix(), kind_info("Pod"), ns, name, status);
}

fn conditions(ready: bool, since: &str, scheduled_since: &str) -> Value {
    let s = if ready { "True" } else { "False" };
    let mut ready_c = json!({"type": "Ready", "status": s, "lastProbeTime": null, "lastTransitionTime": since});
    let mut cr = json!({"type": "ContainersReady", "status": s, "lastProbeTime": null, "lastTransitionTime": since});
    if !ready {
        ready_c["reason"] = json!("ContainersNotReady");
        cr["reason"] = json!("ContainersNotReady");
    }
    json!([
        {"type": "PodReadyToStartContainers", "status": if ready { "True" } else { "False" }, "lastProbeTime": null, "lastTransitionTime": since},
        {"type": "Initialized", "status": "True", "lastProbeTime": null, "lastTransitionTime": scheduled_since},
        ready_c,
        cr,
        {"type": "PodScheduled", "status": "True", "lastProbeTime": null, "lastTransitionTime": scheduled_since},
    ])
}

fn release_gpus(c: &mut Cluster, key: &str) {
    for slots in c.gpu_slots.values_mut() {
        for s in slots.iter_mut() {
            if s.as_deref() == Some(key) {
                *s = None;
            }
        }
    }
}

/// One pass: pods that are gone free their GPUs and runtime first, then the pods bound to a node
/// that changed or asked to be looked at again.
pub const PASS: &[Stage] = &[
    Stage::Drain(
        |c| &mut c.queues.kubelet_gone,
        |c, k| {
            if c.api.store().contains(k) {
                return;
            }
            let key = [&*k.namespace, "/", &*k.name].concat();
            if c.pods.remove(&key).is_some() {
                release_gpus(c, &key);
            }
        },
    ),
    Stage::Drain(
        |c| &mut c.queues.kubelet,
        |c, k| {
            let Some(pod) = c.api.store().get(k).cloned() else { return };
            let Some(node) = get_str(&pod, &["spec", "nodeName"]).map(str::to_string) else { return };
            sync_pod(c, &pod, &node);
        },
    ),
];

/// A pod's `hostIP`: its Node's first `InternalIP`, as the kubelet reads its Node from its
/// informer (`getHostIPsAnyWay`), or the address the node was made with when its Node is gone.
/// The Node is found by key: a walk through the cluster's shape compared names with most of its
/// nodes (at 1,000 nodes, ≈ 500 `memcmp` calls per pod started).
fn host_ip(c: &Cluster, node: &str) -> String {
    let from_node = c.api.get_arc(kind_info("Node"), "", node).and_then(|n| {
        get(n, &["status", "addresses"])?
            .as_array()?
            .iter()
            .find(|a| a.get("type").and_then(Value::as_str) == Some("InternalIP"))?
            .get("address")?
            .as_str()
    });
    match from_node {
        Some(ip) => ip.to_string(),
        None => c.shape.nodes.iter().find(|n| n.name == node).map(|n| n.ip.clone()).unwrap_or_default(),
    }
}

fn sync_pod(c: &mut Cluster, pod: &Value, node: &str) {
    let ns = get_str(pod, &["metadata", "namespace"]).unwrap_or("").to_string();
    let name = get_str(pod, &["metadata", "name"]).unwrap_or("").to_string();
    let key = [ns.as_str(), "/", name.as_str()].concat();
    let wake = Wake::Kubelet(c.api.store().key("Pod", &ns, &name));
    let now_ms = c.now_ms();
    let now = rfc3339(c.now_unix());
    let phase = get_str(pod, &["status", "phase"]).unwrap_or("Pending").to_string();
    let terminal = phase == "Succeeded" || phase == "Failed";
    let containers: Vec<Value> = get(pod, &["spec", "containers"]).and_then(Value::as_array).map(|a| a.to_vec()).unwrap_or_default();
    let first = containers.first().cloned().unwrap_or(json!({}));
    let cname = first.get("name").and_then(Value::as_str).unwrap_or("").to_string();
    let image = first.get("image").and_then(Value::as_str).unwrap_or("").to_string();
    let field_path = ["spec.containers{", cname.as_str(), "}"].concat();
    let scheduled_since = get(pod, &["status", "conditions"])
        .and_then(Value::as_array)
        .and_then(|cs| cs.iter().find(|x| x["type"] == "PodScheduled"))
        .and_then(|x| x.get("lastTransitionTime"))
        .and_then(Value::as_str)
        .unwrap_or(&now)
        .to_string();

    // Deletion: stop the container (at once if it traps SIGTERM, else when the grace period
    // ends), then remove the pod.
    if let Some(deadline) = get_str(pod, &["metadata", "deletionTimestamp"]).and_then(crate::api::object::parse_time) {
        let rt = c.pods.get(&key).cloned().unwrap_or_default();
        let running = !terminal && rt.started_ms.is_some();
        let deadline_ms = ((deadline - c.clock.start_unix).max(0) as u64) * 1000;
        if running && !rt.handles_sigterm && now_ms < deadline_ms {
            if !rt.stopping {
                if let Some(r) = c.pods.get_mut(&key) {
                    r.stopping = true;
                }
                record_with_path(
                    c,
                    pod,
                    EventType::Normal,
                    "Killing",
                    &format!("Stopping container {cname}"),
                    COMPONENT,
                    Some(&field_path),
                );
            }
            c.wake(deadline_ms, wake.clone());
            return;
        }
        if running {
            if rt.handles_sigterm {
                record_with_path(
                    c,
                    pod,
                    EventType::Normal,
                    "Killing",
                    &format!("Stopping container {cname}"),
                    COMPONENT,
                    Some(&field_path),
                );
            }
            // A trapped SIGTERM exits cleanly; an ignored one ends in SIGKILL (137).
            let code = if rt.handles_sigterm { 0 } else { 137 };
            terminate(c, pod, &rt, code, &now, &scheduled_since);
        }
        release_gpus(c, &key);
        c.pods.remove(&key);
        let _ = c.api.delete(
            c.now_unix(),
            kind_info("Pod"),
            &ns,
            &name,
            &DeleteOptions { grace_period_seconds: Some(0), ..Default::default() },
        );
        return;
    }
    if terminal {
        return;
    }
    match c.pods.get(&key).cloned() {
        None => {
            // Just bound: pull the image (unless the node has it and the policy lets the kubelet
            // use it) and create the container.
            let present = c.node_images.get(node).is_some_and(|images| images.contains(&image));
            let pulls_image = pull_policy(&first) == "Always" || !present;
            c.pods.insert(key.clone(), PodRuntime { starts_at_ms: now_ms + START_DELAY_MS, pulls_image, ..Default::default() });
            let mut status = pod.get("status").cloned().unwrap_or(json!({}));
            let node_ip = host_ip(c, node);
            status["phase"] = json!("Pending");
            status["hostIP"] = json!(node_ip.clone());
            status["hostIPs"] = json!([{"ip": node_ip}]);
            status["startTime"] = json!(now.clone());
            status["conditions"] = conditions(false, &now, &scheduled_since);
            let waiting: Vec<Value> = containers
                .iter()
                .map(|ct| json!({"name": ct["name"].clone(), "image": ct["image"].clone(), "imageID": "", "ready": false, "restartCount": 0, "started": false, "state": {"waiting": {"reason": "ContainerCreating"}}}))
                .collect();
            status["containerStatuses"] = json!(waiting);
            set_pod_status(c, pod, status);
            if pulls_image {
                record_with_path(c, pod, EventType::Normal, "Pulling", &format!("Pulling image {image:?}"), COMPONENT, Some(&field_path));
            }
            c.wake(now_ms + START_DELAY_MS, wake.clone());
        }
        Some(rt) if rt.started_ms.is_none() => {
            if now_ms < rt.starts_at_ms {
                c.wake(rt.starts_at_ms, wake.clone());
                return;
            }
            // Start the container: the device plugin hands out GPUs, the command runs.
            let gpus = crate::cluster::scheduler::pod_requests(pod).get("nvidia.com/gpu").copied().unwrap_or(0) / 1_000_000_000;
            let mut held = Vec::new();
            if let Some(slots) = c.gpu_slots.get_mut(node) {
                for (i, s) in slots.iter_mut().enumerate() {
                    if held.len() as i128 >= gpus {
                        break;
                    }
                    if s.is_none() {
                        *s = Some(key.clone());
                        held.push(i);
                    }
                }
            }
            let model = model_command(&container_argv(&first));
            let listing = gpu_listing(&held, node);
            let log: String = model.output.iter().map(|l| if l == "{GPUS}" { format!("{listing}\n") } else { format!("{l}\n") }).collect();
            let ip = c.next_pod_ip();
            let exits_ms = model.runtime_ms.map(|d| now_ms + d);
            c.pods.insert(
                key.clone(),
                PodRuntime {
                    starts_at_ms: rt.starts_at_ms,
                    started_ms: Some(now_ms),
                    exits_ms,
                    exit_code: model.exit_code,
                    handles_sigterm: model.handles_sigterm,
                    stopping: false,
                    log,
                    ip: Some(ip.clone()),
                    pulls_image: rt.pulls_image,
                },
            );
            let mut status = pod.get("status").cloned().unwrap_or(json!({}));
            status["phase"] = json!("Running");
            status["podIP"] = json!(ip.clone());
            status["podIPs"] = json!([{"ip": ip}]);
            status["conditions"] = conditions(true, &now, &scheduled_since);
            let running: Vec<Value> = containers
                .iter()
                .map(|ct| json!({"name": ct["name"].clone(), "image": ct["image"].clone(), "imageID": format!("docker.io/library/{}", ct["image"].as_str().unwrap_or("")), "containerID": ["containerd://", name.as_str()].concat(), "ready": true, "restartCount": 0, "started": true, "state": {"running": {"startedAt": now.clone()}}}))
                .collect();
            status["containerStatuses"] = json!(running);
            set_pod_status(c, pod, status);
            let pulled = if rt.pulls_image {
                c.node_images.entry(node.to_string()).or_default().insert(image.clone());
                format!("Successfully pulled image {image:?} in 2.512s (2.512s including waiting). Image size: 2167176 bytes.")
            } else {
                format!("Container image {image:?} already present on machine")
            };
            record_with_path(c, pod, EventType::Normal, "Pulled", &pulled, COMPONENT, Some(&field_path));
            record_with_path(
                c,
                pod,
                EventType::Normal,
                "Created",
                &["Created container ", cname.as_str()].concat(),
                COMPONENT,
                Some(&field_path),
            );
            record_with_path(
                c,
                pod,
                EventType::Normal,
                "Started",
                &["Started container ", cname.as_str()].concat(),
                COMPONENT,
                Some(&field_path),
            );
            if let Some(e) = exits_ms {
                c.wake(e, wake.clone());
            }
        }
        Some(rt) => {
            let Some(exit_at) = rt.exits_ms else { return };
            if now_ms < exit_at {
                c.wake(exit_at, wake.clone());
                return;
            }
            terminate(c, pod, &rt, rt.exit_code, &now, &scheduled_since);
            if rt.exit_code != 0 {
                if let Some(job) = get(pod, &["metadata", "ownerReferences"])
                    .and_then(Value::as_array)
                    .and_then(|r| r.first())
                    .and_then(|r| r.get("name"))
                    .and_then(Value::as_str)
                {
                    c.job_failures.insert(format!("{ns}/{job}"), now_ms);
                }
            }
            release_gpus(c, &key);
        }
    }
}

/// Writes the terminated container state and the pod's final phase.
fn terminate(c: &mut Cluster, pod: &Value, rt: &PodRuntime, code: i32, now: &str, scheduled_since: &str) {
    let name = get_str(pod, &["metadata", "name"]).unwrap_or("");
    let first = get(pod, &["spec", "containers"]).and_then(Value::as_array).and_then(|a| a.first()).cloned().unwrap_or(json!({}));
    let image = first.get("image").and_then(Value::as_str).unwrap_or("");
    let mut status = pod.get("status").cloned().unwrap_or(json!({}));
    status["phase"] = json!(if code == 0 { "Succeeded" } else { "Failed" });
    status["conditions"] = conditions(false, now, scheduled_since);
    let started = rt.started_ms.map(|s| rfc3339(c.clock.start_unix + (s / 1000) as i64)).unwrap_or_else(|| now.into());
    status["containerStatuses"] = json!([{"name": first["name"].clone(), "image": image, "imageID": format!("docker.io/library/{image}"), "containerID": ["containerd://", name].concat(), "ready": false, "restartCount": 0, "started": false,
        "state": {"terminated": {"exitCode": code, "reason": if code == 0 { "Completed" } else { "Error" }, "startedAt": started, "finishedAt": now}}}]);
    set_pod_status(c, pod, status);
}

/// The container's `imagePullPolicy`, or what the API server defaults it to: `Always` for an
/// image without a tag or tagged `:latest`, `IfNotPresent` otherwise.
fn pull_policy(container: &Value) -> &str {
    if let Some(p) = container.get("imagePullPolicy").and_then(Value::as_str) {
        return p;
    }
    let image = container.get("image").and_then(Value::as_str).unwrap_or("");
    let name = image.rsplit('/').next().unwrap_or(image);
    let untagged = !name.contains(':') && !name.contains('@');
    if untagged || name.ends_with(":latest") {
        "Always"
    } else {
        "IfNotPresent"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn commands_are_modelled() {
        assert_eq!(model_command(&argv(&["sleep", "3600"])).runtime_ms, Some(3_600_000));
        let m = model_command(&argv(&["sh", "-c", "echo training; sleep 30"]));
        assert_eq!((m.runtime_ms, m.output.clone(), m.handles_sigterm), (Some(30_000), vec!["training".to_string()], false));
        let m = model_command(&argv(&["sh", "-c", "trap 'exit 0' TERM; nvidia-smi; sleep 60"]));
        assert!(m.handles_sigterm);
        assert_eq!(m.output, vec!["{GPUS}".to_string()]);
        assert_eq!(model_command(&argv(&["python", "train.py"])).runtime_ms, None);
        assert_eq!(model_command(&[]).runtime_ms, None);
    }
}
