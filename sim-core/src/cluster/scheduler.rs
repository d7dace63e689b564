//! kube-scheduler (`kubectl.md` §7): filters (nodeSelector, required node affinity, taints,
//! resource fit incl. extended resources — terminating pods still hold theirs), then binding;
//! `Scheduled` and `FailedScheduling` events with the real FitError text.

use super::events::{record, EventType};
use super::informer::{Stage, Wake};
use super::Cluster;
use crate::api::object::{get, get_str, labels, rfc3339};
use crate::api::pod_resources::pod_requests_and_limits;
use crate::api::quantity::Quantity;
use crate::api::server::kind_info;
use crate::api::store::{Key, WatchEvent, WatchType};
use crate::json::{json, Value};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

const COMPONENT: &str = "default-scheduler";

/// A pod's effective requests in nano-units (see [`pod_requests_and_limits`]).
pub fn pod_requests(pod: &Value) -> BTreeMap<String, i128> {
    crate::sort::map_from(pod_requests_and_limits(pod).0.into_iter().map(|(k, q)| (k, q.nanos)))
}

fn tolerates(tolerations: &[Value], taint: &Value) -> bool {
    tolerations.iter().any(|t| {
        let key_ok = match t.get("key").and_then(Value::as_str) {
            None | Some("") => t.get("operator").and_then(Value::as_str) == Some("Exists"),
            Some(k) => Some(k) == taint.get("key").and_then(Value::as_str),
        };
        let op = t.get("operator").and_then(Value::as_str).unwrap_or("Equal");
        let value_ok = op == "Exists"
            || t.get("value").and_then(Value::as_str).unwrap_or("") == taint.get("value").and_then(Value::as_str).unwrap_or("");
        let effect_ok =
            t.get("effect").and_then(Value::as_str).is_none_or(|e| e.is_empty() || Some(e) == taint.get("effect").and_then(Value::as_str));
        key_ok && value_ok && effect_ok
    })
}

/// Required node affinity (`In`, `NotIn`, `Exists`, `DoesNotExist` on labels).
fn affinity_matches(terms: Option<&[Value]>, node_labels: &BTreeMap<String, String>) -> bool {
    let Some(terms) = terms else {
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

/// A node as the scheduler's cache keeps it: parsed once when the node changes.
#[derive(Debug, Clone)]
struct NodeInfo {
    name: String,
    labels: BTreeMap<String, String>,
    taints: Vec<Value>,
    unschedulable: bool,
    allocatable: BTreeMap<String, i128>,
}

impl NodeInfo {
    fn from(node: &Value) -> Self {
        NodeInfo {
            name: get_str(node, &["metadata", "name"]).unwrap_or("").to_string(),
            labels: labels(node),
            taints: get(node, &["spec", "taints"]).and_then(Value::as_array).map(|a| a.to_vec()).unwrap_or_default(),
            unschedulable: get(node, &["spec", "unschedulable"]).and_then(Value::as_bool).unwrap_or(false),
            allocatable: get(node, &["status", "allocatable"])
                .and_then(Value::as_object)
                .map(|m| {
                    crate::sort::map_from(m.iter().filter_map(|(k, v)| Some((k.to_string(), Quantity::parse(v.as_str()?).ok()?.nanos))))
                })
                .unwrap_or_default(),
        }
    }
}

/// kube-scheduler's cache (`pkg/scheduler/backend/cache`): the nodes, what the pods bound to each
/// hold (terminating pods too, finished ones not), and which pods wait as unschedulable — kept
/// current from watch events, never by listing.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SchedulerCache {
    /// When an unschedulable pod is retried at the latest (`ns/name` → virtual ms).
    #[serde(default)]
    pub retry: BTreeMap<String, u64>,
    #[serde(skip)]
    nodes: BTreeMap<String, NodeInfo>,
    #[serde(skip)]
    used: BTreeMap<String, BTreeMap<String, i128>>,
    #[serde(skip)]
    /// Each bound pod's node and requests (a short sorted list: a B-tree map gave every pod a
    /// node of its own).
    holding: BTreeMap<Key, (String, Vec<(crate::json::JsonStr, i128)>)>,
    /// Pods that found no node; they try again when a node's capacity or shape changes.
    #[serde(skip)]
    pub unschedulable: BTreeSet<Key>,
    #[serde(skip)]
    changed: bool,
    #[serde(skip)]
    free: FreeIndex,
}

impl SchedulerCache {
    /// Forgets everything but the retry times (the cache is refilled from the store).
    pub fn clear(&mut self) {
        *self = SchedulerCache { retry: std::mem::take(&mut self.retry), ..Default::default() };
    }

    pub fn observe_node(&mut self, e: &WatchEvent) {
        let name = get_str(&e.object, &["metadata", "name"]).unwrap_or("").to_string();
        if e.event == WatchType::Deleted {
            self.nodes.remove(&name);
        } else {
            self.nodes.insert(name, NodeInfo::from(&e.object));
        }
        self.free.built = false;
        self.changed = true;
    }

    pub fn observe_pod(&mut self, e: &WatchEvent) {
        let pod = &e.object;
        let key = e.key.clone();
        let node = get_str(pod, &["spec", "nodeName"]);
        let finished = matches!(get_str(pod, &["status", "phase"]), Some("Succeeded" | "Failed"));
        if node.is_some() || e.event == WatchType::Deleted || get(pod, &["metadata", "deletionTimestamp"]).is_some() {
            self.unschedulable.remove(&key);
        }
        let holding_now = node.filter(|_| e.event != WatchType::Deleted && !finished);
        // A bound pod's requests never change: nothing to do while it stays where it is.
        if self.holding.get(&key).map(|(n, _)| n.as_str()) == holding_now {
            return;
        }
        let holds = holding_now.map(|n| {
            let mut req = pod_requests(pod);
            *req.entry("pods".to_string()).or_default() += 1_000_000_000;
            (n.to_string(), req.into_iter().map(|(k, v)| (crate::json::JsonStr::from(k), v)).collect::<Vec<_>>())
        });
        if let Some((n, req)) = self.holding.remove(&key) {
            let used = self.used.entry(n.clone()).or_default();
            for (k, v) in req {
                *used.entry(k.into_string()).or_default() -= v;
            }
            self.free.update(&n, &self.nodes, &self.used);
        }
        if let Some((n, req)) = holds {
            let used = self.used.entry(n.clone()).or_default();
            for (k, v) in &req {
                *used.entry(k.to_string()).or_default() += v;
            }
            self.free.update(&n, &self.nodes, &self.used);
            self.holding.insert(key, (n, req));
        }
        self.changed = true;
    }

    /// Whether free capacity or nodes changed since the last call.
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }
}

/// What the filters read of a pod, found once per scheduling attempt, not once per node.
struct PodNeeds<'a> {
    selector: Option<&'a crate::json::Map>,
    /// Required node affinity's terms.
    affinity: Option<&'a [Value]>,
    tolerations: &'a [Value],
    requests: &'a BTreeMap<String, i128>,
}

impl<'a> PodNeeds<'a> {
    fn of(pod: &'a Value, requests: &'a BTreeMap<String, i128>) -> Self {
        let affinity =
            get(pod, &["spec", "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"]);
        PodNeeds {
            selector: get(pod, &["spec", "nodeSelector"]).and_then(Value::as_object),
            affinity: affinity.and_then(Value::as_array).map(|a| a.as_slice()),
            tolerations: get(pod, &["spec", "tolerations"]).and_then(Value::as_array).map_or(&[], |a| a.as_slice()),
            requests,
        }
    }
}

/// One reason a node does not fit a pod; its `Display` is the scheduler's reason text. Kept as
/// borrowed parts, so that counting reasons over every node allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unfit<'a> {
    Affinity,
    Unschedulable,
    /// An untolerated taint's key and value.
    Taint(&'a str, &'a str),
    Insufficient(&'a str),
}

impl std::fmt::Display for Unfit<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfit::Affinity => f.write_str("node(s) didn't match Pod's node affinity/selector"),
            Unfit::Unschedulable => f.write_str("node(s) were unschedulable"),
            Unfit::Taint(k, v) => write!(f, "node(s) had untolerated taint {{{k}: {v}}}"),
            Unfit::Insufficient(res) => write!(f, "Insufficient {res}"),
        }
    }
}

/// Why `pod` does not fit `node` (into `why`, cleared first; empty when it fits), and whether
/// preemption could help.
fn filter<'a>(pod: &PodNeeds<'a>, node: &'a NodeInfo, used: Option<&BTreeMap<String, i128>>, why: &mut Vec<Unfit<'a>>) -> bool {
    why.clear();
    if !pod.selector.into_iter().flatten().all(|(k, v)| node.labels.get(k.as_str()).map(String::as_str) == v.as_str())
        || !affinity_matches(pod.affinity, &node.labels)
    {
        why.push(Unfit::Affinity);
        return false;
    }
    if node.unschedulable {
        why.push(Unfit::Unschedulable);
        return false;
    }
    for t in &node.taints {
        let effect = t.get("effect").and_then(Value::as_str).unwrap_or("");
        if (effect == "NoSchedule" || effect == "NoExecute") && !tolerates(pod.tolerations, t) {
            let k = t.get("key").and_then(Value::as_str).unwrap_or("");
            let v = t.get("value").and_then(Value::as_str).unwrap_or("");
            why.push(Unfit::Taint(k, v));
            return false;
        }
    }
    let mut helpful = true;
    for (res, req) in pod.requests {
        if *req == 0 {
            continue;
        }
        let cap = node.allocatable.get(res).copied().unwrap_or(0);
        if used.and_then(|u| u.get(res)).copied().unwrap_or(0) + req > cap {
            why.push(Unfit::Insufficient(res));
            if *req > cap {
                helpful = false;
            }
        }
    }
    helpful
}

/// Free capacity (allocatable − what bound pods hold) of every node in name order, with a max
/// tree per resource, so that the first node by name with room for a pod is found without
/// walking every full node before it: a large cluster fills from its first node, and a walk made
/// scheduling cost grow with the cluster. Rebuilt after a node changes; a pod's hold moving
/// updates its node's leaf.
#[derive(Debug, Clone, Default)]
struct FreeIndex {
    built: bool,
    /// The leaves: node names in order.
    names: Vec<String>,
    /// Every resource some node has allocatable; a resource no node has fits nowhere.
    resources: Vec<String>,
    /// Leaves rounded up to a power of two.
    size: usize,
    /// Per resource, a heap-ordered tree of `2 * size` maxima (leaf `i` at `size + i`; padding
    /// leaves hold `i128::MIN`).
    max: Vec<Vec<i128>>,
}

impl FreeIndex {
    fn free(node: &NodeInfo, used: Option<&BTreeMap<String, i128>>, res: &str) -> i128 {
        node.allocatable.get(res).copied().unwrap_or(0) - used.and_then(|u| u.get(res)).copied().unwrap_or(0)
    }

    fn build(&mut self, nodes: &BTreeMap<String, NodeInfo>, used: &BTreeMap<String, BTreeMap<String, i128>>) {
        self.names = nodes.keys().cloned().collect();
        self.resources = crate::sort::set_from(nodes.values().flat_map(|n| n.allocatable.keys()).cloned()).into_iter().collect();
        self.size = self.names.len().next_power_of_two().max(1);
        self.max = self
            .resources
            .iter()
            .map(|res| {
                let mut tree = vec![i128::MIN; 2 * self.size];
                for (i, node) in nodes.values().enumerate() {
                    tree[self.size + i] = Self::free(node, used.get(&node.name), res);
                }
                for i in (1..self.size).rev() {
                    tree[i] = tree[2 * i].max(tree[2 * i + 1]);
                }
                tree
            })
            .collect();
        self.built = true;
    }

    /// `name`'s usage changed: its leaf and the maxima above it.
    fn update(&mut self, name: &str, nodes: &BTreeMap<String, NodeInfo>, used: &BTreeMap<String, BTreeMap<String, i128>>) {
        if !self.built {
            return;
        }
        let (Ok(i), Some(node)) = (self.names.binary_search_by(|n| n.as_str().cmp(name)), nodes.get(name)) else { return };
        // Found once, not per resource: a search by node name in a tree of 1,000 compares
        // texts that share their first bytes.
        let used = used.get(name);
        for (r, res) in self.resources.iter().enumerate() {
            let tree = &mut self.max[r];
            let mut at = self.size + i;
            tree[at] = Self::free(node, used, res);
            while at > 1 {
                at /= 2;
                tree[at] = tree[2 * at].max(tree[2 * at + 1]);
            }
        }
    }

    /// The first leaf at or after `from` whose free capacity covers every `(resource, amount)`.
    fn first_from(&self, wanted: &[(usize, i128)], from: usize) -> Option<usize> {
        self.descend(wanted, 1, 0, self.size, from)
    }

    fn descend(&self, wanted: &[(usize, i128)], at: usize, lo: usize, hi: usize, from: usize) -> Option<usize> {
        if hi <= from || wanted.iter().any(|(r, amount)| self.max[*r][at] < *amount) {
            return None;
        }
        if hi - lo == 1 {
            return (lo < self.names.len()).then_some(lo);
        }
        let mid = (lo + hi) / 2;
        self.descend(wanted, 2 * at, lo, mid, from).or_else(|| self.descend(wanted, 2 * at + 1, mid, hi, from))
    }
}

/// The first node (by name) the pod fits: the free-capacity index finds the candidates with
/// room, then labels, selectors and taints are checked on those only (the same answer as
/// `filter` on every node in order, without building reasons a fitting node never needs).
fn first_fit(cache: &mut SchedulerCache, pod: &PodNeeds) -> Option<String> {
    let requests = pod.requests;
    if !cache.free.built {
        cache.free.build(&cache.nodes, &cache.used);
    }
    let mut wanted = Vec::new();
    for (res, amount) in requests.iter().filter(|(_, v)| **v != 0) {
        // A resource no node has fits nowhere (a negative request fits anywhere, as in `filter`).
        match cache.free.resources.iter().position(|r| r == res) {
            Some(r) => wanted.push((r, *amount)),
            None if *amount > 0 => return None,
            None => {}
        }
    }
    let mut from = 0;
    let mut why = Vec::new();
    while let Some(i) = cache.free.first_from(&wanted, from) {
        let name = &cache.free.names[i];
        let node = cache.nodes.get(name)?;
        filter(pod, node, cache.used.get(name), &mut why);
        if why.is_empty() {
            return Some(name.clone());
        }
        from = i + 1;
    }
    None
}

/// One pass over the pods that wait for a node.
pub const PASS: &[Stage] = &[Stage::Drain(|c| &mut c.queues.unscheduled, schedule_one)];

fn schedule_one(c: &mut Cluster, key: &Key) {
    let Some(pod) = c.api.store().get(key).cloned() else { return };
    let waiting = get(&pod, &["spec", "nodeName"]).is_none()
        && get(&pod, &["metadata", "deletionTimestamp"]).is_none()
        && get(&pod, &["spec", "schedulingGates"]).and_then(Value::as_array).is_none_or(|a| a.is_empty());
    if !waiting {
        return;
    }
    let mut requests = pod_requests(&pod);
    requests.entry("pods".to_string()).or_default();
    let needs = PodNeeds::of(&pod, &requests);
    let chosen = first_fit(&mut c.scheduler, &needs);
    let ns = key.namespace.clone();
    let name = key.name.clone();
    let now = rfc3339(c.now_unix());
    match chosen {
        Some(node) => {
            let mut p = Value::clone(&pod);
            p["spec"]["nodeName"] = json!(node.clone());
            let Ok(bound) = c.api.update_internal(c.now_unix(), kind_info("Pod"), &ns, p, false) else { return };
            let status = with_scheduled(&bound, "True", None, &now);
            let _ = c.api.update_status_internal(c.now_unix(), kind_info("Pod"), &ns, &name, status);
            record(c, &bound, EventType::Normal, "Scheduled", &format!("Successfully assigned {ns}/{name} to {node}"), COMPONENT);
        }
        None => {
            let (parts, helpful_nodes) = explain(&c.scheduler, &needs);
            c.scheduler.unschedulable.insert(key.clone());
            let total = c.scheduler.nodes.len();
            let preemption = if helpful_nodes > 0 {
                format!("0/{total} nodes are available: {helpful_nodes} No preemption victims found for incoming pod.")
            } else {
                format!("0/{total} nodes are available: {total} Preemption is not helpful for scheduling.")
            };
            let message = format!("0/{total} nodes are available: {}. preemption: {preemption}", parts.join(", "));
            let already = get(&pod, &["status", "conditions"])
                .and_then(Value::as_array)
                .is_some_and(|cs| cs.iter().any(|c| c["type"] == "PodScheduled" && c["message"] == json!(message.clone())));
            // The scheduler retries on cluster changes; a repeat with the same message is one
            // more count on the same event.
            let retry_due = c.scheduler.retry.get(&format!("{ns}/{name}")).is_none_or(|t| c.now_ms() >= *t);
            if !already || retry_due {
                let status = with_scheduled(&pod, "False", Some(&message), &now);
                let _ = c.api.update_status_internal(c.now_unix(), kind_info("Pod"), &ns, &name, status);
                record(c, &pod, EventType::Warning, "FailedScheduling", &message, COMPONENT);
                // Unschedulable pods are retried at least every 5 minutes (the flush interval).
                let next = c.now_ms() + 300_000;
                c.scheduler.retry.insert(format!("{ns}/{name}"), next);
                c.wake(next, Wake::SchedulePod(key.clone()));
            }
        }
    }
}

/// No node fits (`first_fit` found none): the filters again over every node, in their order,
/// for the reasons the FitError counts ("{n} {reason}", sorted) and how many nodes preemption
/// could help. A handful of distinct reasons, counted without a text per node.
fn explain(cache: &SchedulerCache, needs: &PodNeeds) -> (Vec<String>, usize) {
    let mut reasons: Vec<(Unfit, usize)> = Vec::new();
    let mut why = Vec::new();
    let mut helpful_nodes = 0;
    for node in cache.nodes.values() {
        if filter(needs, node, cache.used.get(&node.name), &mut why) {
            helpful_nodes += 1;
        }
        for r in why.drain(..) {
            match reasons.iter_mut().find(|(seen, _)| *seen == r) {
                Some((_, n)) => *n += 1,
                None => reasons.push((r, 1)),
            }
        }
    }
    let mut parts: Vec<String> = reasons.iter().map(|(r, n)| format!("{n} {r}")).collect();
    crate::sort::sort(&mut parts);
    (parts, helpful_nodes)
}

/// The pod's status with its PodScheduled condition set (a copy of the status only).
fn with_scheduled(pod: &Value, status: &str, message: Option<&str>, now: &str) -> Value {
    let mut cond = json!({"type": "PodScheduled", "status": status, "lastProbeTime": null, "lastTransitionTime": now});
    if let Some(m) = message {
        cond["reason"] = json!("Unschedulable");
        cond["message"] = json!(m);
    }
    let mut out = pod.get("status").filter(|s| s.is_object()).cloned().unwrap_or_else(|| json!({}));
    match out["conditions"].as_array_mut() {
        Some(list) => match list.iter_mut().find(|c| c["type"] == "PodScheduled") {
            Some(c) => *c = cond,
            None => list.push(cond),
        },
        None => out["conditions"] = json!([cond]),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rand::SimRng;

    /// The answer before the index: every node in name order, the first that passes `filter`.
    fn first_fit_by_walking(cache: &SchedulerCache, pod: &PodNeeds) -> Option<String> {
        let mut why = Vec::new();
        cache
            .nodes
            .values()
            .find(|n| {
                filter(pod, n, cache.used.get(&n.name), &mut why);
                why.is_empty()
            })
            .map(|n| n.name.clone())
    }

    /// The reasons' texts are kube-scheduler's (reference/kubectl.md §7).
    #[test]
    fn unfit_reasons_print_as_the_scheduler_does() {
        assert_eq!(Unfit::Affinity.to_string(), "node(s) didn't match Pod's node affinity/selector");
        assert_eq!(Unfit::Unschedulable.to_string(), "node(s) were unschedulable");
        assert_eq!(
            Unfit::Taint("node-role.kubernetes.io/control-plane", "").to_string(),
            "node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"
        );
        assert_eq!(Unfit::Insufficient("nvidia.com/gpu").to_string(), "Insufficient nvidia.com/gpu");
    }

    /// The FailedScheduling reasons as they were counted before `Unfit`: a text per node and
    /// reason, counted by text.
    fn explain_by_text(cache: &SchedulerCache, needs: &PodNeeds) -> (Vec<String>, usize) {
        let (mut counts, mut helpful_nodes, mut why) = (BTreeMap::<String, usize>::new(), 0, Vec::new());
        for node in cache.nodes.values() {
            let helpful = filter(needs, node, cache.used.get(&node.name), &mut why);
            helpful_nodes += usize::from(helpful);
            for r in &why {
                *counts.entry(r.to_string()).or_default() += 1;
            }
        }
        let mut parts: Vec<String> = counts.iter().map(|(r, n)| format!("{n} {r}")).collect();
        crate::sort::sort(&mut parts);
        (parts, helpful_nodes)
    }

    const G: i128 = 1_000_000_000;

    fn random_node(rng: &mut SimRng, i: usize) -> NodeInfo {
        let mut allocatable = BTreeMap::from([("cpu".to_string(), (1 + rng.next_u64() % 8) as i128 * G), ("pods".to_string(), 110 * G)]);
        if !rng.next_u64().is_multiple_of(3) {
            allocatable.insert("nvidia.com/gpu".to_string(), (rng.next_u64() % 5) as i128 * G);
        }
        let tainted = rng.next_u64().is_multiple_of(7);
        NodeInfo {
            name: format!("node-{:03}", (i * 37) % 101),
            labels: BTreeMap::from([("zone".to_string(), ["a", "b"][rng.next_u64() as usize % 2].to_string())]),
            taints: if tainted { vec![json!({"key": "dedicated", "value": "x", "effect": "NoSchedule"})] } else { vec![] },
            unschedulable: rng.next_u64().is_multiple_of(11),
            allocatable,
        }
    }

    fn random_pod(rng: &mut SimRng) -> (Value, BTreeMap<String, i128>) {
        let mut spec = json!({});
        if rng.next_u64().is_multiple_of(4) {
            spec["nodeSelector"] = json!({"zone": "b"});
        }
        if rng.next_u64().is_multiple_of(5) {
            spec["tolerations"] = json!([{"key": "dedicated", "operator": "Exists"}]);
        }
        let mut req = BTreeMap::from([("cpu".to_string(), (rng.next_u64() % 4) as i128 * G / 2), ("pods".to_string(), 0)]);
        match rng.next_u64() % 4 {
            0 => {}
            1 => {
                req.insert("example.com/fpga".to_string(), G);
            }
            _ => {
                req.insert("nvidia.com/gpu".to_string(), (rng.next_u64() % 3) as i128 * G);
            }
        }
        (json!({"spec": spec}), req)
    }

    /// The index gives the walk's answer, on random clusters (labels, taints, cordons, resources
    /// some nodes lack) as pods bind and leave.
    #[test]
    fn the_free_index_finds_the_node_the_walk_would() {
        let mut rng = SimRng::new(7);
        for _cluster in 0..20 {
            let mut cache = SchedulerCache::default();
            for i in 0..(1 + rng.next_u64() as usize % 60) {
                let n = random_node(&mut rng, i);
                cache.nodes.insert(n.name.clone(), n);
            }
            for _ in 0..300 {
                let (pod, req) = random_pod(&mut rng);
                let needs = PodNeeds::of(&pod, &req);
                let expected = first_fit_by_walking(&cache, &needs);
                assert_eq!(first_fit(&mut cache, &needs), expected, "pod {pod} requests {req:?}");
                if expected.is_none() {
                    assert_eq!(explain(&cache, &needs), explain_by_text(&cache, &needs), "pod {pod} requests {req:?}");
                }
                // Bind it there (or free a random node's usage), keeping the index current.
                let names: Vec<String> = cache.nodes.keys().cloned().collect();
                let (node, sign) = match expected {
                    Some(n) if !rng.next_u64().is_multiple_of(4) => (n, 1),
                    _ => (names[rng.next_u64() as usize % names.len()].clone(), -1),
                };
                let used = cache.used.entry(node.clone()).or_default();
                for (k, v) in &req {
                    let u = used.entry(k.clone()).or_default();
                    *u = (*u + sign * v).max(0);
                }
                cache.free.update(&node, &cache.nodes, &cache.used);
            }
        }
    }
}
