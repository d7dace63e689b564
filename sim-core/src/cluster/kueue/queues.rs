//! The cache and the queue manager (`pkg/cache/scheduler`, `pkg/cache/queue`): what each
//! ClusterQueue offers, what its workloads use, which workloads wait for it and in what order,
//! and the 1 s batched requeue of inadmissible workloads when quota frees up (`kueue.md` §8, §10).

use super::workload::is_true;
use crate::api::object::{get, get_str, labels};
use crate::api::quantity::Quantity;
use crate::api::server::kind_info;
use crate::cluster::Cluster;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The requeue batch period (`requeueBatchPeriod`) and status batch (`UpdatesBatchPeriod`).
pub const BATCH_MS: u64 = 1_000;

#[derive(Debug, Clone, PartialEq)]
pub struct FlavorQuota {
    pub flavor: String,
    /// Nominal quota per resource, in nanos, in spec order.
    pub nominal: Vec<(String, i128)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub covered: Vec<String>,
    pub flavors: Vec<FlavorQuota>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClusterQueueInfo {
    pub name: String,
    pub groups: Vec<Group>,
    pub strict_fifo: bool,
    pub namespace_selector: Option<Value>,
    /// `(status, reason, message)` of the Active condition.
    pub active: (bool, &'static str, String),
    pub generation: i64,
    pub cohort: String,
}

fn quantity(v: &Value) -> i128 {
    let text = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    Quantity::parse(&text).map(|q| q.nanos).unwrap_or(0)
}

/// The names of the ResourceFlavors that exist.
fn flavor_names(c: &Cluster) -> BTreeSet<String> {
    c.api
        .list_objects(kind_info("ResourceFlavor"), None, &Default::default(), &Default::default())
        .unwrap_or_default()
        .iter()
        .map(|f| get_str(f, &["metadata", "name"]).unwrap_or("").to_string())
        .collect()
}

/// Every ClusterQueue as the cache sees it.
pub fn cluster_queues(c: &Cluster) -> BTreeMap<String, ClusterQueueInfo> {
    let flavors = flavor_names(c);
    let mut out = BTreeMap::new();
    for cq in c.api.list_objects(kind_info("ClusterQueue"), None, &Default::default(), &Default::default()).unwrap_or_default() {
        let name = get_str(&cq, &["metadata", "name"]).unwrap_or("").to_string();
        let groups: Vec<Group> = get(&cq, &["spec", "resourceGroups"])
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|g| Group {
                covered: g
                    .get("coveredResources")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
                flavors: g
                    .get("flavors")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|f| FlavorQuota {
                        flavor: f.get("name").and_then(Value::as_str).unwrap_or("").to_string(),
                        nominal: f
                            .get("resources")
                            .and_then(Value::as_array)
                            .into_iter()
                            .flatten()
                            .map(|r| {
                                (
                                    r.get("name").and_then(Value::as_str).unwrap_or("").to_string(),
                                    r.get("nominalQuota").map(quantity).unwrap_or(0),
                                )
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect();
        let mut missing: Vec<String> = Vec::new();
        for g in &groups {
            for f in &g.flavors {
                if !flavors.contains(&f.flavor) && !missing.contains(&f.flavor) {
                    missing.push(f.flavor.clone());
                }
            }
        }
        let stop = get_str(&cq, &["spec", "stopPolicy"]).unwrap_or("None");
        let terminating = get(&cq, &["metadata", "deletionTimestamp"]).is_some();
        let active = if terminating {
            (false, "Terminating", "Can't admit new workloads; clusterQueue is terminating".to_string())
        } else if stop != "None" {
            (false, "Stopped", "Can't admit new workloads: is stopped.".to_string())
        } else if !missing.is_empty() {
            (false, "FlavorNotFound", format!("Can't admit new workloads: references missing ResourceFlavor(s): {}.", missing.join(",")))
        } else {
            (true, "Ready", "Can admit new workloads".to_string())
        };
        out.insert(
            name.clone(),
            ClusterQueueInfo {
                name,
                groups,
                strict_fifo: get_str(&cq, &["spec", "queueingStrategy"]) == Some("StrictFIFO"),
                namespace_selector: get(&cq, &["spec", "namespaceSelector"]).cloned(),
                active,
                generation: get(&cq, &["metadata", "generation"]).and_then(Value::as_i64).unwrap_or(1),
                cohort: get_str(&cq, &["spec", "cohortName"]).unwrap_or("").to_string(),
            },
        );
    }
    out
}

pub fn key(wl: &Value) -> String {
    format!("{}/{}", get_str(wl, &["metadata", "namespace"]).unwrap_or(""), get_str(wl, &["metadata", "name"]).unwrap_or(""))
}

/// A workload that waits for quota: active, not finished, no reservation.
pub fn is_pending(wl: &Value) -> bool {
    get(wl, &["spec", "active"]).and_then(Value::as_bool) != Some(false)
        && !is_true(wl, "Finished")
        && !is_true(wl, "QuotaReserved")
        && get(wl, &["metadata", "deletionTimestamp"]).is_none()
}

/// A workload holding quota.
pub fn is_reserving(wl: &Value) -> bool {
    is_true(wl, "QuotaReserved") && !is_true(wl, "Finished")
}

pub fn workloads(c: &Cluster) -> Vec<Value> {
    c.api.list_objects(kind_info("Workload"), None, &Default::default(), &Default::default()).unwrap_or_default()
}

/// A snapshot of the workloads and where each one's LocalQueue leads, taken once per pass (the
/// cache → snapshot step of Kueue's scheduler).
pub struct Snapshot {
    pub workloads: Vec<Value>,
    /// Workload key → ClusterQueue name, or the Misconfigured message.
    pub routes: BTreeMap<String, Result<String, String>>,
}

impl Snapshot {
    pub fn take(c: &Cluster) -> Self {
        let lqs: BTreeMap<(String, String), String> = c
            .api
            .list_objects(kind_info("LocalQueue"), None, &Default::default(), &Default::default())
            .unwrap_or_default()
            .iter()
            .map(|lq| {
                let k = (
                    get_str(lq, &["metadata", "namespace"]).unwrap_or("").to_string(),
                    get_str(lq, &["metadata", "name"]).unwrap_or("").to_string(),
                );
                (k, get_str(lq, &["spec", "clusterQueue"]).unwrap_or("").to_string())
            })
            .collect();
        let workloads = workloads(c);
        let routes = workloads
            .iter()
            .map(|w| {
                let ns = get_str(w, &["metadata", "namespace"]).unwrap_or("").to_string();
                let lq = get_str(w, &["spec", "queueName"]).unwrap_or("").to_string();
                let r = lqs.get(&(ns, lq.clone())).cloned().ok_or_else(|| format!("LocalQueue {lq} doesn't exist"));
                (key(w), r)
            })
            .collect();
        Snapshot { workloads, routes }
    }

    pub fn route(&self, wl: &Value) -> Result<String, String> {
        self.routes.get(&key(wl)).cloned().unwrap_or_else(|| Err(String::new()))
    }

    /// Pending workloads of `cq`, in heap order: higher priority, then older, then UID.
    pub fn pending_for(&self, cq: &str) -> Vec<Value> {
        pending_sorted(
            self.workloads
                .iter()
                .filter(|w| is_pending(w) && self.routes.get(&key(w)).is_some_and(|r| r.as_deref() == Ok(cq)))
                .cloned()
                .collect(),
        )
    }
}

fn pending_sorted(mut v: Vec<Value>) -> Vec<Value> {
    v.sort_by(|a, b| {
        let p = |w: &Value| get(w, &["spec", "priority"]).and_then(Value::as_i64).unwrap_or(0);
        let t = |w: &Value| get_str(w, &["metadata", "creationTimestamp"]).unwrap_or("").to_string();
        let u = |w: &Value| get_str(w, &["metadata", "uid"]).unwrap_or("").to_string();
        p(b).cmp(&p(a)).then(t(a).cmp(&t(b))).then(u(a).cmp(&u(b)))
    });
    v
}

/// Usage per (flavor, resource) of the workloads reserving (or, with `admitted_only`, admitted
/// in) `cq`.
pub fn usage(all: &[Value], cq: &str, admitted_only: bool) -> BTreeMap<(String, String), i128> {
    let mut out = BTreeMap::new();
    for w in all.iter().filter(|w| is_reserving(w) && (!admitted_only || is_true(w, "Admitted"))) {
        if get_str(w, &["status", "admission", "clusterQueue"]) != Some(cq) {
            continue;
        }
        for psa in get(w, &["status", "admission", "podSetAssignments"]).and_then(Value::as_array).into_iter().flatten() {
            let flavors = psa.get("flavors").and_then(Value::as_object).cloned().unwrap_or_default();
            for (res, q) in psa.get("resourceUsage").and_then(Value::as_object).into_iter().flatten() {
                if let Some(f) = flavors.get(res).and_then(Value::as_str) {
                    *out.entry((f.to_string(), res.clone())).or_default() += quantity(q);
                }
            }
        }
    }
    out
}

/// Whether a namespace's labels match a ClusterQueue's `namespaceSelector` (nil matches none).
pub fn namespace_matches(selector: Option<&Value>, ns_labels: &BTreeMap<String, String>) -> bool {
    let Some(sel) = selector else { return false };
    let labels_ok = sel
        .get("matchLabels")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .all(|(k, v)| ns_labels.get(k).map(String::as_str) == v.as_str());
    let exprs_ok = sel.get("matchExpressions").and_then(Value::as_array).into_iter().flatten().all(|e| {
        let k = e.get("key").and_then(Value::as_str).unwrap_or("");
        let vals: Vec<&str> = e.get("values").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let v = ns_labels.get(k);
        match e.get("operator").and_then(Value::as_str).unwrap_or("") {
            "In" => v.is_some_and(|v| vals.contains(&v.as_str())),
            "NotIn" => !v.is_some_and(|v| vals.contains(&v.as_str())),
            "Exists" => v.is_some(),
            "DoesNotExist" => v.is_none(),
            _ => false,
        }
    });
    labels_ok && exprs_ok
}

pub fn namespace_labels(c: &Cluster, ns: &str) -> Option<BTreeMap<String, String>> {
    c.api.get(kind_info("Namespace"), "", ns).ok().map(|n| labels(&n))
}

fn request_requeue(c: &mut Cluster, cq: &str) {
    let due = c.now_ms() + BATCH_MS;
    let entry = c.kueue.requeue_at.entry(cq.to_string()).or_insert(due);
    let at = *entry;
    c.wake(at, crate::cluster::informer::Wake::Kueue("batch".into()));
}

/// Watches for what frees quota or changes a queue, and runs due requeues.
pub fn sync(c: &mut Cluster) {
    let all = workloads(c);
    let cqs = cluster_queues(c);
    // Quota released: a workload that held quota is gone or finished.
    let now_reserving: BTreeMap<String, String> = all
        .iter()
        .filter(|w| is_reserving(w))
        .map(|w| (key(w), get_str(w, &["status", "admission", "clusterQueue"]).unwrap_or("").to_string()))
        .collect();
    let released: Vec<String> =
        c.kueue.reserving.iter().filter(|(k, _)| !now_reserving.contains_key(*k)).map(|(_, cq)| cq.clone()).collect();
    for cq in released {
        request_requeue(c, &cq);
    }
    c.kueue.reserving = now_reserving;
    // A ClusterQueue's spec changed, or flavors came or went.
    let flavors = flavor_names(c);
    let flavors_changed = flavors != c.kueue.flavors;
    c.kueue.flavors = flavors;
    for (name, info) in &cqs {
        let seen = c.kueue.cq_generations.get(name).copied();
        if seen != Some(info.generation) || flavors_changed {
            c.kueue.cq_generations.insert(name.clone(), info.generation);
            if seen.is_some() || flavors_changed {
                request_requeue(c, name);
            }
        }
    }
    c.kueue.cq_generations.retain(|k, _| cqs.contains_key(k));
    // Run the requeues that are due.
    let now = c.now_ms();
    let due: Vec<String> = c.kueue.requeue_at.iter().filter(|(_, t)| **t <= now).map(|(k, _)| k.clone()).collect();
    for cq in due {
        c.kueue.requeue_at.remove(&cq);
        c.kueue.inadmissible.remove(&cq);
    }
}
