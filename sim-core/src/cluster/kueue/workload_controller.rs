//! The workload controller's part in pending workloads (`pkg/controller/core/workload_controller.go`):
//! a workload whose LocalQueue or ClusterQueue is missing, stopped or inactive says so on its
//! QuotaReserved condition (`Misconfigured`, `Suspended`), without events — the scheduler never
//! sees it.

use super::jobs::drain_kueue;
use super::workload::set_condition;
use crate::api::object::get_str;
use crate::api::server::kind_info;
use crate::api::store::Key;
use crate::cluster::Cluster;
use serde_json::Value;

pub fn sync(c: &mut Cluster) {
    drain_kueue(c, |c| &mut c.kueue.pending_checks, check);
}

/// Why the workload cannot even be queued, as `(reason, message)`.
fn queue_problem(c: &Cluster, ns: &str, queue: &str) -> Option<(&'static str, String)> {
    let Some(lq) = c.kueue.queues.lqs.get(&(ns.to_string(), queue.to_string())) else {
        return Some(("Misconfigured", format!("LocalQueue {queue} doesn't exist")));
    };
    if lq.stopped {
        return Some(("Suspended", format!("LocalQueue {queue} is inactive")));
    }
    let cq = &lq.cluster_queue;
    if !c.kueue.cache.cqs.contains_key(cq) {
        return Some(("Misconfigured", format!("ClusterQueue {cq} doesn't exist")));
    }
    if !c.kueue.cache.schedulable(cq) {
        return Some(("Suspended", format!("ClusterQueue {cq} is inactive")));
    }
    None
}

/// A workload back in its queue (pending evaluation, or unblocked) that waits because an
/// equivalent one just failed says so (`shouldCheckEquivalenceHash`, `GetNoFitReason`).
fn bypassed(c: &Cluster, wl: &super::info::WorkloadInfo) -> Option<(&'static str, String)> {
    let current = super::workload::condition(&wl.obj, "QuotaReserved")?.get("reason").and_then(Value::as_str).unwrap_or("");
    if !matches!(current, "" | "PendingEvaluation" | "Suspended" | "Deactivated" | "Pending") {
        return None;
    }
    let reason = c.kueue.queues.bulk_reason(&wl.key)?;
    Some((reason, "Bypassed scheduling evaluation because an equivalent workload recently failed".to_string()))
}

fn check(c: &mut Cluster, key: &Key) {
    let Some(wl) = c.kueue.queues.workloads.get(&format!("{}/{}", key.namespace, key.name)).cloned() else { return };
    if !wl.is_pending() {
        return;
    }
    let queue = get_str(&wl.obj, &["spec", "queueName"]).unwrap_or("").to_string();
    let problem = queue_problem(c, &key.namespace, &queue).or_else(|| bypassed(c, &wl));
    let Some((reason, message)) = problem else { return };
    let Some(mut w) = c.api.get_arc(kind_info("Workload"), &key.namespace, &key.name).map(|w| Value::clone(w)) else { return };
    let now = c.now_unix();
    let mut changed = set_condition(&mut w, "QuotaReserved", "False", reason, &message, now);
    changed |= set_condition(&mut w, "Admitted", "False", "NoReservation", "The workload has no reservation", now);
    if changed {
        let _ = c.api.update_internal(now, kind_info("Workload"), &key.namespace, w, true);
    }
}
