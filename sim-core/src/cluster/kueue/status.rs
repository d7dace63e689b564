//! ClusterQueue and LocalQueue status (`kueue.md` §8, §9): counts, per-flavor reservation and
//! usage, and the Active condition, written at most once per 1 s batch after a change.

use super::queues::{self, BATCH_MS};
use super::workload::{format_quantity, is_true, set_condition};
use crate::api::object::get_str;
use crate::api::server::kind_info;
use crate::cluster::Cluster;
use serde_json::{json, Value};

fn flavor_usage(info: &queues::ClusterQueueInfo, usage: &std::collections::BTreeMap<(String, String), i128>, with_borrowed: bool) -> Value {
    let mut out = Vec::new();
    for g in &info.groups {
        for f in &g.flavors {
            let mut resources: Vec<&String> = g.covered.iter().collect();
            resources.sort();
            let list: Vec<Value> = resources
                .into_iter()
                .map(|r| {
                    let total = usage.get(&(f.flavor.clone(), r.clone())).copied().unwrap_or(0);
                    let mut e = json!({"name": r, "total": format_quantity(r, total)});
                    if with_borrowed {
                        let nominal = f.nominal.iter().find(|(n, _)| n == r).map(|(_, q)| *q).unwrap_or(0);
                        let borrowed = if info.cohort.is_empty() { 0 } else { (total - nominal).max(0) };
                        e["borrowed"] = json!(format_quantity(r, borrowed));
                    }
                    e
                })
                .collect();
            out.push(json!({"name": f.flavor, "resources": list}));
        }
    }
    json!(out)
}

/// Writes `desired` as the object's status once the batch period since the first difference
/// has passed; conditions keep their transition time when unchanged.
fn batched_write(c: &mut Cluster, kind: &'static str, ns: &str, obj: &Value, mut desired: Value, active: (bool, &str, &str)) {
    let now = c.now_unix();
    let mut probe = obj.clone();
    probe["status"] = desired.clone();
    if let Some(existing) = obj.get("status").and_then(|s| s.get("conditions")) {
        probe["status"]["conditions"] = existing.clone();
    }
    set_condition(&mut probe, "Active", if active.0 { "True" } else { "False" }, active.1, active.2, now);
    desired["conditions"] = probe["status"]["conditions"].clone();
    let key = format!("{kind}/{ns}/{}", get_str(obj, &["metadata", "name"]).unwrap_or(""));
    if obj.get("status") == Some(&desired) {
        c.kueue.status_due.remove(&key);
        return;
    }
    let first_due = c.now_ms() + BATCH_MS;
    let due = *c.kueue.status_due.entry(key.clone()).or_insert(first_due);
    if c.now_ms() < due {
        c.wake(due, crate::cluster::informer::Wake::Kueue("batch".into()));
        return;
    }
    c.kueue.status_due.remove(&key);
    let mut o = obj.clone();
    o["status"] = desired;
    let _ = c.api.update(now, kind_info(kind), ns, o, true, false);
}

pub fn sync(c: &mut Cluster) {
    let cqs = queues::cluster_queues(c);
    let snap = queues::Snapshot::take(c);
    let all = &snap.workloads;
    for cq in c.api.list_objects(kind_info("ClusterQueue"), None, &Default::default(), &Default::default()).unwrap_or_default() {
        let name = get_str(&cq, &["metadata", "name"]).unwrap_or("").to_string();
        let Some(info) = cqs.get(&name) else { continue };
        let reserving: Vec<&Value> = all
            .iter()
            .filter(|w| queues::is_reserving(w) && get_str(w, &["status", "admission", "clusterQueue"]) == Some(name.as_str()))
            .collect();
        let admitted = reserving.iter().filter(|w| is_true(w, "Admitted")).count();
        let pending = snap.pending_for(&name).len();
        let desired = json!({
            "admittedWorkloads": admitted,
            "flavorsReservation": flavor_usage(info, &queues::usage(all, &name, false), true),
            "flavorsUsage": flavor_usage(info, &queues::usage(all, &name, true), true),
            "pendingWorkloads": pending,
            "reservingWorkloads": reserving.len(),
        });
        let active = (info.active.0, info.active.1, info.active.2.clone());
        batched_write(c, "ClusterQueue", "", &cq, desired, (active.0, active.1, &active.2));
    }
    for lq in c.api.list_objects(kind_info("LocalQueue"), None, &Default::default(), &Default::default()).unwrap_or_default() {
        let ns = get_str(&lq, &["metadata", "namespace"]).unwrap_or("").to_string();
        let name = get_str(&lq, &["metadata", "name"]).unwrap_or("").to_string();
        let cq_name = get_str(&lq, &["spec", "clusterQueue"]).unwrap_or("").to_string();
        let mine: Vec<&Value> = all
            .iter()
            .filter(|w| {
                get_str(w, &["metadata", "namespace"]) == Some(ns.as_str()) && get_str(w, &["spec", "queueName"]) == Some(name.as_str())
            })
            .collect();
        let reserving: Vec<Value> = mine.iter().filter(|w| queues::is_reserving(w)).map(|w| (*w).clone()).collect();
        let admitted = reserving.iter().filter(|w| is_true(w, "Admitted")).count();
        let stopped = get_str(&lq, &["spec", "stopPolicy"]).is_some_and(|s| s != "None");
        let info = cqs.get(&cq_name);
        let pending = if stopped || info.is_none() { 0 } else { mine.iter().filter(|w| queues::is_pending(w)).count() };
        let (active, reason, message) = match info {
            _ if stopped => (false, "Stopped", "LocalQueue is stopped"),
            None => (false, "ClusterQueueDoesNotExist", "Can't submit new workloads to clusterQueue"),
            Some(i) if !i.active.0 => (false, "ClusterQueueIsInactive", "Can't submit new workloads to clusterQueue"),
            Some(_) => (true, "Ready", "Can submit new workloads to localQueue"),
        };
        let mut desired = json!({"admittedWorkloads": admitted, "pendingWorkloads": pending, "reservingWorkloads": reserving.len()});
        if let Some(i) = info {
            let usage = |admitted_only: bool| {
                queues::usage(
                    &reserving.iter().filter(|w| !admitted_only || is_true(w, "Admitted")).cloned().collect::<Vec<_>>(),
                    &cq_name,
                    admitted_only,
                )
            };
            desired["flavorsReservation"] = flavor_usage(i, &usage(false), false);
            desired["flavorsUsage"] = flavor_usage(i, &usage(true), false);
        }
        batched_write(c, "LocalQueue", &ns, &lq, desired, (active, reason, message));
    }
}
