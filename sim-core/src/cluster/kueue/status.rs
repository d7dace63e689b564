//! ClusterQueue, LocalQueue and Cohort status (`kueue.md` §8, §9;
//! `pkg/controller/core/{clusterqueue,localqueue,cohort}_controller.go`): counts, per-flavor
//! reservation and usage (with what each ClusterQueue borrows), the Active condition, and the
//! fair-sharing share when fair sharing is on — written at most once per 1 s batch after a
//! change, from the caches, for the objects a change touched.

use super::cache::CqState;
use super::fair_sharing::dominant_resource_share;
use super::queue::BATCH_MS;
use super::snapshot::{Fr, NodeId};
use super::workload::{format_quantity, set_condition_in};
use crate::api::object::get_str;
use crate::api::server::kind_info;
use crate::cluster::informer::Wake;
use crate::cluster::Cluster;
use crate::json::{json, Value};
use std::collections::BTreeMap;

/// `[{name: flavor, resources: [{name, total, borrowed}]}]` over the ClusterQueue's flavors.
fn flavor_usage(cq: &CqState, usage: &BTreeMap<Fr, i128>, with_borrowed: bool) -> Value {
    let mut out = Vec::new();
    for g in &cq.spec.groups {
        for f in &g.flavors {
            let mut resources: Vec<&String> = g.covered.iter().collect();
            crate::sort::sort(&mut resources);
            let list: Vec<Value> = resources
                .into_iter()
                .map(|r| {
                    let key = (f.clone(), r.clone());
                    let total = usage.get(&key).copied().unwrap_or(0);
                    let mut e = json!({"name": r, "total": format_quantity(r, total)});
                    if with_borrowed {
                        let nominal = cq.spec.quotas.get(&key).map(|q| q.nominal).unwrap_or(0);
                        let borrowed = if cq.spec.cohort.is_none() { 0 } else { (total - nominal).max(0) };
                        e["borrowed"] = json!(format_quantity(r, borrowed));
                    }
                    e
                })
                .collect();
            out.push(json!({"name": f, "resources": list}));
        }
    }
    json!(out)
}

/// Writes `desired` as the object's status once the batch period since the first difference
/// has passed; conditions keep their transition time when unchanged.
fn batched_write(c: &mut Cluster, kind: &'static str, ns: &str, obj: &Value, mut desired: Value, active: Option<(bool, &str, &str)>) {
    let now = c.now_unix();
    if let Some(active) = active {
        let mut conditions = obj.pointer("/status/conditions").and_then(Value::as_array).cloned().unwrap_or_default();
        let generation = obj.pointer("/metadata/generation").and_then(Value::as_i64).unwrap_or(1);
        set_condition_in(&mut conditions, generation, "Active", if active.0 { "True" } else { "False" }, active.1, active.2, now);
        desired["conditions"] = Value::Array(conditions);
    }
    let name = get_str(obj, &["metadata", "name"]).unwrap_or("").to_string();
    let key = format!("{kind}/{ns}/{name}");
    if obj.get("status") == Some(&desired) {
        c.kueue.status_due.remove(&key);
        return;
    }
    let first_due = c.now_ms() + BATCH_MS;
    let due = *c.kueue.status_due.entry(key.clone()).or_insert(first_due);
    if c.now_ms() < due {
        c.wake(due, Wake::Kueue(format!("status {key}")));
        return;
    }
    c.kueue.status_due.remove(&key);
    let _ = c.api.update_status_internal(now, kind_info(kind), ns, &name, desired);
}

/// Whether a write of this object is already scheduled for later: its timer brings it back,
/// so the desired status is not computed on every pass in between.
fn write_pending(c: &Cluster, kind: &str, ns: &str, name: &str) -> bool {
    c.kueue.status_due.get(&format!("{kind}/{ns}/{name}")).is_some_and(|&due| c.now_ms() < due)
}

pub fn sync(c: &mut Cluster) {
    let fair = c.kueue.config.fair_sharing.is_some();
    let mut cqs = std::mem::take(&mut c.kueue.status_cqs);
    cqs.retain(|n| !write_pending(c, "ClusterQueue", "", n));
    let mut lqs = std::mem::take(&mut c.kueue.status_lqs);
    lqs.retain(|(ns, n)| !write_pending(c, "LocalQueue", ns, n));
    let mut cohorts = std::mem::take(&mut c.kueue.status_cohorts);
    cohorts.retain(|n| !write_pending(c, "Cohort", "", n));
    let shares = if fair && !(cqs.is_empty() && cohorts.is_empty()) { shares(c) } else { BTreeMap::new() };
    for name in cqs {
        let Some(obj) = c.api.get_arc(kind_info("ClusterQueue"), "", &name).cloned() else { continue };
        let Some(cq) = c.kueue.cache.cqs.get(&name) else { continue };
        let admitted = cq.workloads.values().filter(|w| w.admitted).count();
        // Built by moving the parts in: `json!` would copy each (it serializes them).
        let mut status = crate::json::Map::new();
        status.insert("admittedWorkloads", admitted.into());
        status.insert("flavorsReservation", flavor_usage(cq, &cq.usage, true));
        status.insert("flavorsUsage", flavor_usage(cq, &cq.admitted_usage, true));
        status.insert("pendingWorkloads", c.kueue.queues.pending_in(&name).into());
        status.insert("reservingWorkloads", cq.workloads.len().into());
        let mut desired = Value::Object(status);
        if fair {
            desired["fairSharing"] = json!({"weightedShare": shares.get(&format!("cq:{name}")).copied().unwrap_or(0)});
        }
        let (a, r, m) = cq.active();
        batched_write(c, "ClusterQueue", "", &obj, desired, Some((a, r, &m)));
    }
    for (ns, name) in lqs {
        let Some(obj) = c.api.get_arc(kind_info("LocalQueue"), &ns, &name).cloned() else { continue };
        let cq_name = get_str(&obj, &["spec", "clusterQueue"]).unwrap_or("").to_string();
        let stopped = get_str(&obj, &["spec", "stopPolicy"]).is_some_and(|s| s != "None");
        let mine = c.kueue.queues.by_lq.get(&(ns.clone(), name.clone()));
        let reserving: Vec<_> = mine.into_iter().flat_map(|m| m.values()).filter(|w| w.holds_quota()).collect();
        let admitted = reserving.iter().filter(|w| w.admitted).count();
        let cq = c.kueue.cache.cqs.get(&cq_name);
        let pending =
            if stopped || cq.is_none() { 0 } else { mine.into_iter().flat_map(|m| m.values()).filter(|w| w.is_pending()).count() };
        let (active, reason, message) = match cq {
            _ if stopped => (false, "Stopped", "LocalQueue is stopped"),
            None => (false, "ClusterQueueDoesNotExist", "Can't submit new workloads to clusterQueue"),
            Some(q) if !q.is_active() => (false, "ClusterQueueIsInactive", "Can't submit new workloads to clusterQueue"),
            Some(_) => (true, "Ready", "Can submit new workloads to localQueue"),
        };
        let mut desired = json!({"admittedWorkloads": admitted, "pendingWorkloads": pending, "reservingWorkloads": reserving.len()});
        if let Some(q) = cq {
            let sum = |admitted_only: bool| {
                let mut u: BTreeMap<Fr, i128> = BTreeMap::new();
                for w in reserving.iter().filter(|w| w.cluster_queue == cq_name && (!admitted_only || w.admitted)) {
                    for (fr, v) in w.usage.iter() {
                        // The key is copied only the first time: thousands of workloads share it.
                        match u.get_mut(fr) {
                            Some(total) => *total += v,
                            None => {
                                u.insert(fr.clone(), *v);
                            }
                        }
                    }
                }
                u
            };
            desired["flavorsReservation"] = flavor_usage(q, &sum(false), false);
            desired["flavorsUsage"] = flavor_usage(q, &sum(true), false);
        }
        batched_write(c, "LocalQueue", &ns, &obj, desired, Some((active, reason, message)));
    }
    if fair {
        for name in cohorts {
            let Some(obj) = c.api.get_arc(kind_info("Cohort"), "", &name).cloned() else { continue };
            let desired = json!({"fairSharing": {"weightedShare": shares.get(&format!("cohort:{name}")).copied().unwrap_or(0)}});
            batched_write(c, "Cohort", "", &obj, desired, None);
        }
    }
}

/// Every ClusterQueue's and Cohort's weighted share, from a snapshot of the cache.
fn shares(c: &Cluster) -> BTreeMap<String, i64> {
    let s = c.kueue.cache.snapshot();
    let mut out = BTreeMap::new();
    for (i, q) in s.cqs.iter().enumerate() {
        out.insert(format!("cq:{}", q.name), dominant_resource_share(&s, NodeId::Cq(i), None).rounded_weighted_share());
    }
    for (i, co) in s.cohorts.iter().enumerate() {
        out.insert(format!("cohort:{}", co.name), dominant_resource_share(&s, NodeId::Cohort(i), None).rounded_weighted_share());
    }
    out
}
