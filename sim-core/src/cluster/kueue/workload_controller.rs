//! The workload controller (`pkg/controller/core/workload_controller.go`), in the order its
//! `Reconcile` takes things:
//! - deactivation: `spec.active: false` evicts (`Deactivated`, or `DeactivatedDueTo<cause>` when
//!   Kueue itself asked through the `DeactivationTarget` condition) and a pending one says
//!   `Deactivated`; reactivation sets `Requeued=True/Reactivated`;
//! - a restarted LocalQueue or ClusterQueue (`stopPolicy` back to `None`) sets `Requeued=True`
//!   on the workloads it had evicted;
//! - a pending workload whose LocalQueue or ClusterQueue is missing, stopped or inactive says so
//!   on its QuotaReserved condition (`Misconfigured`, `Suspended`), without events — the
//!   scheduler never sees it;
//! - an admitted workload is evicted when its LocalQueue or ClusterQueue is `HoldAndDrain`
//!   (`LocalQueueStopped`, `ClusterQueueStopped`), or marked for deactivation once it has run
//!   longer than `spec.maximumExecutionTimeSeconds`.

use super::workload::{condition, count_eviction, is_true, set_condition, status_part};
use crate::api::object::{get, parse_rfc3339};
use crate::api::server::kind_info;
use crate::api::store::Key;
use crate::cluster::events::{record, EventType};
use crate::cluster::informer::drain;
use crate::cluster::informer::Wake;
use crate::cluster::Cluster;
use crate::json::{json, Value};
use std::sync::Arc;

const COMPONENT: &str = "kueue-workload-controller";

pub fn sync(c: &mut Cluster) {
    drain(c, |c| &mut c.kueue.pending_checks, check);
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
    let current = condition(&wl.obj, "QuotaReserved")?.get("reason").and_then(Value::as_str).unwrap_or("");
    if !matches!(current, "" | "PendingEvaluation" | "Suspended" | "Deactivated" | "Pending") {
        return None;
    }
    let reason = c.kueue.queues.bulk_reason(&wl.key)?;
    Some((reason, "Bypassed scheduling evaluation because an equivalent workload recently failed".to_string()))
}

/// The Workload as stored now (shared, not copied).
fn stored(c: &Cluster, key: &Key) -> Option<Arc<Value>> {
    c.api.get_arc(kind_info("Workload"), &key.namespace, &key.name).cloned()
}

/// A copy of the stored Workload's generation and status (`workload::status_part`): what the
/// writers below change.
fn status_part_of(c: &Cluster, key: &Key) -> Option<Value> {
    c.api.get_arc(kind_info("Workload"), &key.namespace, &key.name).map(|w| status_part(w))
}

/// Writes the status of `part` (from `status_part_of` or `status_part`) as the Workload's status.
fn write_status(c: &mut Cluster, key: &Key, part: Value) -> bool {
    super::write_workload_status(c, &key.namespace, &key.name, part)
}

/// `Requeued` False with this reason.
fn requeue_disabled_by(wl: &Value, reason: &str) -> bool {
    condition(wl, "Requeued").is_some_and(|r| r["status"] == "False" && r["reason"] == reason)
}

/// `workloadevict.Evict`: `prepare` (the caller's custom step), Evicted=True (reason, or
/// `DeactivatedDueTo<cause>`), the eviction counted in `schedulingStats`, and
/// `EvictedDueTo<…>` on the workload when it had an admission.
fn evict(c: &mut Cluster, key: &Key, reason: &str, cause: &str, message: &str, prepare: impl FnOnce(&mut Cluster, &mut Value)) {
    let Some(mut w) = status_part_of(c, key) else { return };
    let now = c.now_unix();
    let had_admission = get(&w, &["status", "admission"]).is_some();
    let full = if reason == "Deactivated" && !cause.is_empty() { format!("{reason}DueTo{cause}") } else { reason.to_string() };
    prepare(c, &mut w);
    set_condition(&mut w, "Evicted", "True", &full, message, now);
    count_eviction(&mut w, reason, cause);
    if !write_status(c, key, w) || !had_admission {
        return;
    }
    if let Some(evicted) = stored(c, key) {
        record(c, &evicted, EventType::Normal, &format!("EvictedDueTo{full}"), message, COMPONENT);
    }
}

/// The deactivation's own step: the `DeactivationTarget` condition and the requeue state go.
fn forget_deactivation_target(_: &mut Cluster, w: &mut Value) {
    if let Some(list) = w.pointer_mut("/status/conditions").and_then(Value::as_array_mut) {
        list.retain(|c| c["type"] != "DeactivationTarget");
    }
    if let Some(st) = w["status"].as_object_mut() {
        st.remove("requeueState");
    }
}

fn set_requeued(c: &mut Cluster, key: &Key, reason: &str, message: &str) {
    let Some(mut w) = status_part_of(c, key) else { return };
    if set_condition(&mut w, "Requeued", "True", reason, message, c.now_unix()) {
        write_status(c, key, w);
    }
}

fn check(c: &mut Cluster, key: &Key) {
    let Some(wl) = c.kueue.queues.workloads.get(&[&*key.namespace, "/", &*key.name].concat()).cloned() else { return };
    if wl.finished || wl.deleting {
        return;
    }
    let obj: &Value = &wl.obj;
    let now = c.now_unix();
    if !wl.active {
        if !wl.evicted {
            let target = condition(obj, "DeactivationTarget").cloned();
            let (cause, message) = match &target {
                Some(t) => (
                    t["reason"].as_str().unwrap_or("").to_string(),
                    format!("The workload is deactivated due to {}", t["message"].as_str().unwrap_or("")),
                ),
                None => (String::new(), "The workload is deactivated".to_string()),
            };
            evict(c, key, "Deactivated", &cause, &message, forget_deactivation_target);
        } else if !wl.reserving {
            let Some(mut w) = status_part_of(c, key) else { return };
            let mut changed = set_condition(&mut w, "QuotaReserved", "False", "Deactivated", "The workload is deactivated", now);
            changed |= set_condition(&mut w, "Admitted", "False", "NoReservation", "The workload has no reservation", now);
            if changed {
                write_status(c, key, w);
            }
        }
        return;
    }
    if is_true(obj, "DeactivationTarget") {
        let mut w = Value::clone(obj);
        w["spec"]["active"] = json!(false);
        let _ = c.api.update_internal(now, kind_info("Workload"), &key.namespace, w, false);
        return;
    }
    // The backoff after a PodsReady timeout: wait until `requeueAt`, then forget it.
    if let Some(at) = requeue_at(obj) {
        let at_ms = clock_ms(c, at);
        if at_ms > c.now_ms() {
            c.wake(at_ms, Wake::Kueue(["workload ", &*key.namespace, "/", &*key.name].concat()));
            return;
        }
        if wl.is_pending() {
            let mut w = status_part(obj);
            if let Some(rs) = w.pointer_mut("/status/requeueState").and_then(Value::as_object_mut) {
                rs.remove("requeueAt");
            }
            write_status(c, key, w);
            return;
        }
    }
    // The info already knows whether `Requeued` is False (`requeue_blocked`): only then is the
    // reason looked for (most workloads have no `Requeued` condition at all).
    let disabled_by = |reason: &str| wl.requeue_blocked && requeue_disabled_by(obj, reason);
    if disabled_by("Deactivated") {
        set_requeued(c, key, "Reactivated", "The workload was reactivated");
        return;
    }
    if disabled_by("PodsReadyTimeout") || disabled_by("AdmissionCheck") {
        set_requeued(c, key, "BackoffFinished", "The workload backoff was finished");
        return;
    }
    let lq = c.kueue.queues.lqs.get(&(wl.namespace.clone(), wl.queue_name.clone())).cloned();
    if lq.as_ref().is_some_and(|l| !l.stopped) && disabled_by("LocalQueueStopped") {
        set_requeued(c, key, "LocalQueueRestarted", "The LocalQueue was restarted after being stopped");
        return;
    }
    let cq_name = lq.as_ref().map(|l| l.cluster_queue.clone()).filter(|q| c.kueue.cache.cqs.contains_key(q));
    let cq_drain = cq_name.as_ref().and_then(|q| c.kueue.cache.cqs.get(q)).map(|q| (q.spec.stopped, q.spec.drain));
    if cq_drain.is_some_and(|(stopped, _)| !stopped) && disabled_by("ClusterQueueStopped") {
        set_requeued(c, key, "ClusterQueueRestarted", "The ClusterQueue was restarted after being stopped");
        return;
    }
    if wl.is_pending() {
        let problem = queue_problem(c, &key.namespace, &wl.queue_name).or_else(|| bypassed(c, &wl));
        let Some((reason, message)) = problem else { return };
        let Some(mut w) = status_part_of(c, key) else { return };
        let mut changed = set_condition(&mut w, "QuotaReserved", "False", reason, &message, now);
        changed |= set_condition(&mut w, "Admitted", "False", "NoReservation", "The workload has no reservation", now);
        if changed {
            write_status(c, key, w);
        }
        return;
    }
    if !wl.admitted || wl.evicted {
        return;
    }
    if lq.as_ref().is_some_and(|l| l.drain) {
        evict(c, key, "LocalQueueStopped", "", "The LocalQueue is stopped", |_, _| {});
        return;
    }
    if cq_drain.is_some_and(|(_, drain)| drain) {
        evict(c, key, "ClusterQueueStopped", "", "The ClusterQueue is stopped", |_, _| {});
        return;
    }
    if pods_ready_timeout(c, key, obj) {
        return;
    }
    max_execution_time(c, key, obj);
}

/// A unix time (whole seconds, as conditions and `requeueAt` hold it) on the clock's millisecond
/// scale.
fn clock_ms(c: &Cluster, unix: i64) -> u64 {
    let now_ms = c.now_ms();
    let whole_second_ms = (now_ms - now_ms % 1000) as i64;
    (whole_second_ms + (unix - c.now_unix()) * 1000).max(0) as u64
}

/// `status.requeueState.requeueAt` in unix seconds.
fn requeue_at(obj: &Value) -> Option<i64> {
    obj.pointer("/status/requeueState/requeueAt").and_then(Value::as_str).and_then(parse_rfc3339)
}

/// `reconcileNotReadyTimeout`: an admitted workload whose PodsReady is not True — waiting for
/// its pods to start (since admission), or for a failed pod's replacement (since PodsReady went
/// False) — past its timeout is evicted `PodsReadyTimeout` with its requeue state moved on, or,
/// once it has been requeued `backoffLimitCount` times, marked for deactivation; before the
/// timeout it is looked at again when it is due. Returns whether it wrote.
fn pods_ready_timeout(c: &mut Cluster, key: &Key, obj: &Value) -> bool {
    let config = c.kueue.config.wait_for_pods_ready.clone();
    let pods_ready = condition(obj, "PodsReady");
    if pods_ready.is_some_and(|p| p["status"] == "True") {
        return false;
    }
    let since = |cond: Option<&Value>| cond.and_then(|a| a.get("lastTransitionTime")).and_then(Value::as_str).and_then(parse_rfc3339);
    let reason = pods_ready.and_then(|p| p["reason"].as_str()).unwrap_or("");
    let (cause, start, timeout_ms) = match reason {
        "" | "WaitForStart" | "PodsReady" => ("WaitForStart", since(condition(obj, "Admitted")), config.timeout_ms()),
        "WaitForRecovery" => ("WaitForRecovery", since(pods_ready), config.recovery_timeout_ms()),
        _ => return false,
    };
    let Some(start) = start else { return false };
    let deadline_ms = clock_ms(c, start) + timeout_ms;
    if deadline_ms > c.now_ms() {
        c.wake(deadline_ms, Wake::Kueue(["workload ", &*key.namespace, "/", &*key.name].concat()));
        return false;
    }
    let count = obj.pointer("/status/requeueState/count").and_then(Value::as_i64).unwrap_or(0);
    if config.backoff_limit_count().is_some_and(|limit| count + 1 > limit) {
        // `triggerDeactivation`.
        let mut w = status_part(obj);
        let changed = set_condition(
            &mut w,
            "DeactivationTarget",
            "True",
            "RequeuingLimitExceeded",
            "exceeding the maximum number of re-queuing retries",
            c.now_unix(),
        );
        return changed && write_status(c, key, w);
    }
    let message = format!("Exceeded the PodsReady timeout {}/{}", key.namespace, key.name);
    evict(c, key, "PodsReadyTimeout", cause, &message, |c, w| {
        // `UpdateRequeueState`: one more requeue, not before now + backoff (kept if later).
        let n = count + 1;
        let wait_ms = config.backoff_ms(n, c.api.random_unit());
        let at = c.now_unix() + ((c.now_ms() % 1000 + wait_ms) / 1000) as i64;
        let rs = &mut w["status"]["requeueState"];
        if !rs.is_object() {
            *rs = json!({});
        }
        if rs.get("requeueAt").and_then(Value::as_str).and_then(parse_rfc3339).is_none_or(|cur| cur < at) {
            rs["requeueAt"] = json!(crate::api::object::rfc3339(at));
        }
        rs["count"] = json!(n);
    });
    true
}

/// `reconcileMaxExecutionTime`: an admitted workload that has run (in total) longer than
/// `spec.maximumExecutionTimeSeconds` is marked for deactivation; otherwise it is looked at again
/// when the time is up.
fn max_execution_time(c: &mut Cluster, key: &Key, obj: &Value) {
    let Some(max) = get(obj, &["spec", "maximumExecutionTimeSeconds"]).and_then(Value::as_i64) else { return };
    let Some(admitted_at) = condition(obj, "Admitted")
        .filter(|a| a["status"] == "True")
        .and_then(|a| a.get("lastTransitionTime"))
        .and_then(Value::as_str)
        .and_then(parse_rfc3339)
    else {
        return;
    };
    let past = get(obj, &["status", "accumulatedPastExecutionTimeSeconds"]).and_then(Value::as_i64).unwrap_or(0);
    // The deadline in the clock's milliseconds (transition times are whole seconds).
    let now_ms = c.now_ms();
    let whole_second_ms = (now_ms - now_ms % 1000) as i64;
    let deadline_ms = (whole_second_ms + (admitted_at + max - past - c.now_unix()) * 1000).max(0) as u64;
    if deadline_ms > now_ms {
        c.wake(deadline_ms, Wake::Kueue(["workload ", &*key.namespace, "/", &*key.name].concat()));
        return;
    }
    if is_true(obj, "DeactivationTarget") {
        return;
    }
    let mut w = status_part(obj);
    set_condition(
        &mut w,
        "DeactivationTarget",
        "True",
        "MaximumExecutionTimeExceeded",
        "exceeding the maximum execution time",
        c.now_unix(),
    );
    if let Some(st) = w["status"].as_object_mut() {
        st.remove("accumulatedPastExecutionTimeSeconds");
    }
    // The Event names the Workload as it was before the write.
    if write_status(c, key, w) {
        record(
            c,
            obj,
            EventType::Warning,
            "MaximumExecutionTimeExceeded",
            &format!("The maximum execution time ({max}s) exceeded"),
            COMPONENT,
        );
    }
}
