//! kube-scheduler (`kubectl.md` §7): filters (nodeSelector, required node affinity, taints,
//! resource fit incl. extended resources — terminating pods still hold theirs), then binding;
//! `Scheduled` and `FailedScheduling` events with the real FitError text.

use super::events::{record, EventType};
use super::Cluster;
use crate::api::object::{get, get_str, labels, rfc3339};
use crate::api::pod_resources::pod_requests_and_limits;
use crate::api::quantity::Quantity;
use crate::api::server::kind_info;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const COMPONENT: &str = "default-scheduler";

/// A pod's effective requests in nano-units (see [`pod_requests_and_limits`]).
pub fn pod_requests(pod: &Value) -> BTreeMap<String, i128> {
    pod_requests_and_limits(pod).0.into_iter().map(|(k, q)| (k, q.nanos)).collect()
}

fn allocatable(node: &Value) -> BTreeMap<String, i128> {
    get(node, &["status", "allocatable"])
        .and_then(Value::as_object)
        .map(|m| m.iter().filter_map(|(k, v)| Some((k.clone(), Quantity::parse(v.as_str()?).ok()?.nanos))).collect())
        .unwrap_or_default()
}

fn tolerates(pod: &Value, taint: &Value) -> bool {
    get(pod, &["spec", "tolerations"]).and_then(Value::as_array).is_some_and(|ts| {
        ts.iter().any(|t| {
            let key_ok = match t.get("key").and_then(Value::as_str) {
                None | Some("") => t.get("operator").and_then(Value::as_str) == Some("Exists"),
                Some(k) => Some(k) == taint.get("key").and_then(Value::as_str),
            };
            let op = t.get("operator").and_then(Value::as_str).unwrap_or("Equal");
            let value_ok = op == "Exists"
                || t.get("value").and_then(Value::as_str).unwrap_or("") == taint.get("value").and_then(Value::as_str).unwrap_or("");
            let effect_ok = t
                .get("effect")
                .and_then(Value::as_str)
                .is_none_or(|e| e.is_empty() || Some(e) == taint.get("effect").and_then(Value::as_str));
            key_ok && value_ok && effect_ok
        })
    })
}

/// Required node affinity (`In`, `NotIn`, `Exists`, `DoesNotExist` on labels).
fn affinity_matches(pod: &Value, node_labels: &BTreeMap<String, String>) -> bool {
    let Some(terms) =
        get(pod, &["spec", "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"])
            .and_then(Value::as_array)
    else {
        return true;
    };
    terms.iter().any(|term| {
        term.get("matchExpressions").and_then(Value::as_array).into_iter().flatten().all(|e| {
            let key = e.get("key").and_then(Value::as_str).unwrap_or("");
            let values: Vec<&str> = e.get("values").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
            let v = node_labels.get(key);
            match e.get("operator").and_then(Value::as_str).unwrap_or("") {
                "In" => v.is_some_and(|v| values.contains(&v.as_str())),
                "NotIn" => !v.is_some_and(|v| values.contains(&v.as_str())),
                "Exists" => v.is_some(),
                "DoesNotExist" => v.is_none(),
                _ => false,
            }
        })
    })
}

/// Why `pod` does not fit `node` (scheduler reason strings), and whether preemption could help.
fn filter(pod: &Value, node: &Value, used: &BTreeMap<String, i128>) -> (Vec<String>, bool) {
    let node_labels = labels(node);
    let selector = get(pod, &["spec", "nodeSelector"]).and_then(Value::as_object).cloned().unwrap_or_default();
    if !selector.iter().all(|(k, v)| node_labels.get(k).map(String::as_str) == v.as_str()) || !affinity_matches(pod, &node_labels) {
        return (vec!["node(s) didn't match Pod's node affinity/selector".into()], false);
    }
    if get(node, &["spec", "unschedulable"]).and_then(Value::as_bool).unwrap_or(false) {
        return (vec!["node(s) were unschedulable".into()], false);
    }
    for t in get(node, &["spec", "taints"]).and_then(Value::as_array).into_iter().flatten() {
        let effect = t.get("effect").and_then(Value::as_str).unwrap_or("");
        if (effect == "NoSchedule" || effect == "NoExecute") && !tolerates(pod, t) {
            let k = t.get("key").and_then(Value::as_str).unwrap_or("");
            let v = t.get("value").and_then(Value::as_str).unwrap_or("");
            return (vec![format!("node(s) had untolerated taint {{{k}: {v}}}")], false);
        }
    }
    let alloc = allocatable(node);
    let mut reasons = Vec::new();
    let mut helpful = true;
    for (res, req) in pod_requests(pod) {
        if req == 0 {
            continue;
        }
        let cap = alloc.get(&res).copied().unwrap_or(0);
        if used.get(&res).copied().unwrap_or(0) + req > cap {
            reasons.push(format!("Insufficient {res}"));
            if req > cap {
                helpful = false;
            }
        }
    }
    (reasons, helpful)
}

/// What the pods bound to each node hold (terminating pods too; finished pods do not).
fn node_usage(c: &Cluster) -> BTreeMap<String, BTreeMap<String, i128>> {
    let mut usage: BTreeMap<String, BTreeMap<String, i128>> = BTreeMap::new();
    for p in c.api.list_objects(kind_info("Pod"), None, &Default::default(), &Default::default()).unwrap_or_default() {
        let Some(node) = get_str(&p, &["spec", "nodeName"]) else { continue };
        if matches!(get_str(&p, &["status", "phase"]), Some("Succeeded" | "Failed")) {
            continue;
        }
        let entry = usage.entry(node.to_string()).or_default();
        for (k, v) in pod_requests(&p) {
            *entry.entry(k).or_default() += v;
        }
        *entry.entry("pods".into()).or_default() += 1_000_000_000;
    }
    usage
}

pub fn sync(c: &mut Cluster) {
    let pending: Vec<Value> = c
        .api
        .list_objects(kind_info("Pod"), None, &Default::default(), &Default::default())
        .unwrap_or_default()
        .into_iter()
        .filter(|p| get(p, &["spec", "nodeName"]).is_none() && get(p, &["metadata", "deletionTimestamp"]).is_none())
        .filter(|p| get(p, &["spec", "schedulingGates"]).and_then(Value::as_array).is_none_or(Vec::is_empty))
        .collect();
    if pending.is_empty() {
        return;
    }
    let nodes = c.api.list_objects(kind_info("Node"), None, &Default::default(), &Default::default()).unwrap_or_default();
    // What each node holds, kept current as this pass binds pods.
    let mut node_used = node_usage(c);
    for pod in pending {
        let mut usage = node_used.clone();
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        let mut helpful_nodes = 0;
        let mut chosen = None;
        for node in &nodes {
            let node_name = get_str(node, &["metadata", "name"]).unwrap_or("").to_string();
            let mut with_pods = usage.remove(&node_name).unwrap_or_default();
            with_pods.entry("pods".into()).or_default();
            let (why, helpful) = filter(&pod, node, &with_pods);
            if why.is_empty() {
                chosen = Some(node_name);
                break;
            }
            if helpful {
                helpful_nodes += 1;
            }
            for r in why {
                *reasons.entry(r).or_default() += 1;
            }
        }
        let ns = get_str(&pod, &["metadata", "namespace"]).unwrap_or("").to_string();
        let name = get_str(&pod, &["metadata", "name"]).unwrap_or("").to_string();
        let now = rfc3339(c.now_unix());
        match chosen {
            Some(node) => {
                let mut p = pod.clone();
                p["spec"]["nodeName"] = json!(node);
                let Ok(bound) = c.api.update(c.now_unix(), kind_info("Pod"), &ns, p, false, false) else { continue };
                let entry = node_used.entry(node.clone()).or_default();
                for (k, v) in pod_requests(&bound) {
                    *entry.entry(k).or_default() += v;
                }
                *entry.entry("pods".into()).or_default() += 1_000_000_000;
                let mut s = bound.clone();
                set_scheduled(&mut s, "True", None, &now);
                let _ = c.api.update(c.now_unix(), kind_info("Pod"), &ns, s, true, false);
                record(c, &bound, EventType::Normal, "Scheduled", &format!("Successfully assigned {ns}/{name} to {node}"), COMPONENT);
            }
            None => {
                let total = nodes.len();
                let mut parts: Vec<String> = reasons.iter().map(|(r, n)| format!("{n} {r}")).collect();
                parts.sort();
                let preemption = if helpful_nodes > 0 {
                    format!("0/{total} nodes are available: {helpful_nodes} No preemption victims found for incoming pod.")
                } else {
                    format!("0/{total} nodes are available: {total} Preemption is not helpful for scheduling.")
                };
                let message = format!("0/{total} nodes are available: {}. preemption: {preemption}", parts.join(", "));
                let already = get(&pod, &["status", "conditions"])
                    .and_then(Value::as_array)
                    .is_some_and(|cs| cs.iter().any(|c| c["type"] == "PodScheduled" && c["message"] == json!(message)));
                // The scheduler retries on cluster changes; a repeat with the same message is one
                // more count on the same event.
                let retry_due = c.scheduler_retry.get(&format!("{ns}/{name}")).is_none_or(|t| c.now_ms() >= *t);
                if !already || retry_due {
                    let mut s = pod.clone();
                    set_scheduled(&mut s, "False", Some(&message), &now);
                    let _ = c.api.update(c.now_unix(), kind_info("Pod"), &ns, s, true, false);
                    record(c, &pod, EventType::Warning, "FailedScheduling", &message, COMPONENT);
                    // Unschedulable pods are retried at least every 5 minutes (the flush interval).
                    let next = c.now_ms() + 300_000;
                    c.scheduler_retry.insert(format!("{ns}/{name}"), next);
                    c.wake_at(next);
                }
            }
        }
    }
}

fn set_scheduled(pod: &mut Value, status: &str, message: Option<&str>, now: &str) {
    let mut cond = json!({"type": "PodScheduled", "status": status, "lastProbeTime": null, "lastTransitionTime": now});
    if let Some(m) = message {
        cond["reason"] = json!("Unschedulable");
        cond["message"] = json!(m);
    }
    if !pod.get("status").is_some_and(Value::is_object) {
        pod["status"] = json!({});
    }
    let conds = pod["status"]["conditions"].as_array_mut();
    match conds {
        Some(list) => match list.iter_mut().find(|c| c["type"] == "PodScheduled") {
            Some(c) => *c = cond,
            None => list.push(cond),
        },
        None => pod["status"]["conditions"] = json!([cond]),
    }
}
