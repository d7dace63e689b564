//! The Job controller (`pkg/controller/job/job_controller.go`, `kubectl.md` §6.3–6.4): suspend and
//! resume, pods from the template, status counts, completion and backoff on failure.

use super::events::{record, EventType};
use super::informer::{Stage, Wake};
use super::Cluster;
use crate::api::object::{get, get_str, rfc3339};
use crate::api::server::kind_info;
use crate::api::store::{Key, Store};
use crate::json::{json, Map, Value};

const COMPONENT: &str = "job-controller";

use crate::api::object::condition;

fn condition_true(job: &Value, ty: &str) -> bool {
    condition(job, ty).and_then(|c| c.get("status")).and_then(Value::as_str) == Some("True")
}

/// Sets (or replaces) a Job condition, keeping the list order.
fn set_condition(job: &mut Value, ty: &str, status: &str, reason: &str, message: &str, now: &str) {
    let conds = job["status"]["conditions"].as_array_mut();
    let new = json!({"type": ty, "status": status, "lastProbeTime": now, "lastTransitionTime": now, "reason": reason, "message": message});
    match conds {
        Some(list) => match list.iter_mut().find(|c| c.get("type").and_then(Value::as_str) == Some(ty)) {
            Some(c) => *c = new,
            None => list.push(new),
        },
        None => job["status"]["conditions"] = json!([new]),
    }
}

/// The pods this Job controls (the store's owner index, in key order).
fn owned_pods(c: &Cluster, job: &Value) -> Vec<std::sync::Arc<Value>> {
    let uid = get_str(job, &["metadata", "uid"]).unwrap_or("");
    if uid.is_empty() {
        return Vec::new();
    }
    let store = c.api.store();
    store
        .dependents(uid)
        .filter(|k| k.kind == "Pod")
        .filter_map(|k| store.get(k))
        .filter(|p| {
            get(p, &["metadata", "ownerReferences"]).and_then(Value::as_array).is_some_and(|refs| {
                refs.iter().any(|r| {
                    r.get("uid").and_then(Value::as_str) == Some(uid) && r.get("controller").and_then(Value::as_bool) == Some(true)
                })
            })
        })
        .cloned()
        .collect()
}

fn phase(p: &Value) -> &str {
    get_str(p, &["status", "phase"]).unwrap_or("Pending")
}

/// One pass: orphaned pods first, then the Jobs whose Job, pods or back-off changed.
pub const PASS: &[Stage] = &[
    Stage::Drain(|c| &mut c.queues.orphan_pods, release_orphan_pod),
    Stage::Drain(
        |c| &mut c.queues.jobs,
        |c, k| {
            if let Some(job) = c.api.store().get(k).cloned() {
                sync_job(c, job);
            }
        },
    ),
];

/// Whether a pod is an orphan whose tracking finalizer the Job controller takes off
/// (`syncOrphanPod`): it has no controller, or its controller is a batch/v1 Job that is gone. A
/// pod controlled by anything else keeps the finalizer.
fn orphaned(store: &Store, pod: &Value) -> bool {
    let controller = get(pod, &["metadata", "ownerReferences"])
        .and_then(Value::as_array)
        .and_then(|refs| refs.iter().find(|r| r.get("controller").and_then(Value::as_bool) == Some(true)));
    match controller {
        None => true,
        Some(r) if r["kind"] != "Job" || r["apiVersion"] != "batch/v1" => false,
        Some(r) => r.get("uid").and_then(Value::as_str).is_none_or(|u| store.job_of_uid(u).is_none()),
    }
}

/// A pod whose Job is gone loses the tracking finalizer once it finished or is being deleted, so
/// its deletion can finish.
fn release_orphan_pod(c: &mut Cluster, key: &Key) {
    let Some(p) = c.api.store().get(key).cloned() else { return };
    let tracked = get(&p, &["metadata", "finalizers"])
        .and_then(Value::as_array)
        .is_some_and(|f| f.iter().any(|x| x == "batch.kubernetes.io/job-tracking"));
    let orphan = orphaned(c.api.store(), &p);
    let finished_or_deleting = get(&p, &["metadata", "deletionTimestamp"]).is_some() || matches!(phase(&p), "Succeeded" | "Failed");
    if tracked && orphan && finished_or_deleting {
        let mut p2 = Value::clone(&p);
        if let Some(f) = p2["metadata"]["finalizers"].as_array_mut() {
            f.retain(|x| x != "batch.kubernetes.io/job-tracking");
        }
        let _ = c.api.update_internal(c.now_unix(), kind_info("Pod"), &key.namespace, p2, false);
    }
}

fn sync_job(c: &mut Cluster, stored: std::sync::Arc<Value>) {
    if get(&stored, &["metadata", "deletionTimestamp"]).is_some() {
        return;
    }
    if super::ttl_after_finished::reconcile(c, &stored) {
        return;
    }
    // Only the status changes: it is worked on in a copy of just the status (`job` holds nothing
    // else; the spec is read from `original`) and written back only if it changed. Events name
    // the Job as it was.
    let original: &Value = &stored;
    let mut job = Value::Object(Map::new());
    if let Some(s) = original.get("status") {
        job["status"] = s.clone();
    }
    let now_s = rfc3339(c.now_unix());
    let ns = get_str(original, &["metadata", "namespace"]).unwrap_or("").to_string();
    let name = get_str(original, &["metadata", "name"]).unwrap_or("").to_string();
    let pods = owned_pods(c, original);
    let finished = condition_true(&job, "Complete") || condition_true(&job, "Failed");

    // Pods that reached a terminal phase are accounted for: drop the tracking finalizer.
    for p in &pods {
        let terminal = matches!(phase(p), "Succeeded" | "Failed");
        let tracked = get(p, &["metadata", "finalizers"])
            .and_then(Value::as_array)
            .is_some_and(|f| f.iter().any(|x| x == "batch.kubernetes.io/job-tracking"));
        if terminal && tracked {
            let mut p2 = Value::clone(p);
            if let Some(f) = p2["metadata"]["finalizers"].as_array_mut() {
                f.retain(|x| x != "batch.kubernetes.io/job-tracking");
            }
            let pns = get_str(p, &["metadata", "namespace"]).unwrap_or("").to_string();
            let _ = c.api.update_internal(c.now_unix(), kind_info("Pod"), &pns, p2, false);
        }
    }

    let deleting = |p: &Value| get(p, &["metadata", "deletionTimestamp"]).is_some();
    let active: Vec<&Value> = pods.iter().map(|p| &**p).filter(|p| !matches!(phase(p), "Succeeded" | "Failed") && !deleting(p)).collect();
    let succeeded = pods.iter().filter(|p| phase(p) == "Succeeded").count() as i64;
    let failed = pods.iter().filter(|p| phase(p) == "Failed").count() as i64;
    let terminating = pods.iter().filter(|p| deleting(p) && !matches!(phase(p), "Succeeded" | "Failed")).count() as i64;
    let ready = active
        .iter()
        .filter(|p| {
            get(p, &["status", "conditions"])
                .and_then(Value::as_array)
                .is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True"))
        })
        .count() as i64;
    let suspend = get(original, &["spec", "suspend"]).and_then(Value::as_bool).unwrap_or(false);
    let parallelism = get(original, &["spec", "parallelism"]).and_then(Value::as_i64).unwrap_or(1);
    let completions = get(original, &["spec", "completions"]).and_then(Value::as_i64);
    let backoff_limit = get(original, &["spec", "backoffLimit"]).and_then(Value::as_i64).unwrap_or(6);
    if job.get("status").is_none_or(|s| !s.is_object()) {
        job["status"] = json!({});
    }

    if !finished {
        if suspend {
            let was = condition(&job, "Suspended").and_then(|c| c.get("status")).and_then(Value::as_str) == Some("True");
            if !was {
                set_condition(&mut job, "Suspended", "True", "JobSuspended", "Job suspended", &now_s);
                if let Some(m) = job["status"].as_object_mut() {
                    m.remove("startTime");
                }
                record(c, original, EventType::Normal, "Suspended", "Job suspended", COMPONENT);
            }
            for p in &active {
                let pname = get_str(p, &["metadata", "name"]).unwrap_or("").to_string();
                if c.api.delete(c.now_unix(), kind_info("Pod"), &ns, &pname, &Default::default()).is_ok() {
                    record(c, original, EventType::Normal, "SuccessfulDelete", &["Deleted pod: ", pname.as_ref()].concat(), COMPONENT);
                }
            }
        } else {
            if condition(&job, "Suspended").and_then(|c| c.get("status")).and_then(Value::as_str) == Some("True") {
                set_condition(&mut job, "Suspended", "False", "JobResumed", "Job resumed", &now_s);
                job["status"]["startTime"] = json!(now_s.clone());
                record(c, original, EventType::Normal, "Resumed", "Job resumed", COMPONENT);
            }
            if get(&job, &["status", "startTime"]).is_none() {
                job["status"]["startTime"] = json!(now_s.clone());
            }
            let target_done = completions.unwrap_or(1);
            if failed > backoff_limit {
                set_condition(
                    &mut job,
                    "FailureTarget",
                    "True",
                    "BackoffLimitExceeded",
                    "Job has reached the specified backoff limit",
                    &now_s,
                );
                if terminating == 0 {
                    set_condition(
                        &mut job,
                        "Failed",
                        "True",
                        "BackoffLimitExceeded",
                        "Job has reached the specified backoff limit",
                        &now_s,
                    );
                    record(
                        c,
                        original,
                        EventType::Warning,
                        "BackoffLimitExceeded",
                        "Job has reached the specified backoff limit",
                        COMPONENT,
                    );
                }
                for p in &active {
                    let pname = get_str(p, &["metadata", "name"]).unwrap_or("").to_string();
                    let _ = c.api.delete(c.now_unix(), kind_info("Pod"), &ns, &pname, &Default::default());
                }
            } else if succeeded >= target_done {
                set_condition(
                    &mut job,
                    "SuccessCriteriaMet",
                    "True",
                    "CompletionsReached",
                    "Reached expected number of succeeded pods",
                    &now_s,
                );
                if terminating == 0 && active.is_empty() {
                    set_condition(&mut job, "Complete", "True", "CompletionsReached", "Reached expected number of succeeded pods", &now_s);
                    job["status"]["completionTime"] = json!(now_s);
                    record(c, original, EventType::Normal, "Completed", "Job completed", COMPONENT);
                }
            } else {
                // Pods to create: up to parallelism, and no more than the completions still needed
                // (without completions, parallelism pods until one succeeds).
                let remaining = if completions.is_some() { target_done - succeeded } else { parallelism };
                let want = parallelism.min(remaining).max(0) - active.len() as i64;
                // Failed pods are replaced after the exponential back-off (10 s, 20 s, …).
                let backoff_ms = if failed > 0 { 10_000u64 << (failed - 1).min(6) } else { 0 };
                let last_failure_ms = c.job_failures.get(&[ns.as_ref(), "/", name.as_ref()].concat()).copied().unwrap_or(0);
                if want > 0 && failed > 0 && c.now_ms() < last_failure_ms + backoff_ms {
                    let key = c.api.store().key("Job", &ns, &name);
                    c.wake(last_failure_ms + backoff_ms, Wake::Job(key));
                } else {
                    for _ in 0..want.max(0) {
                        create_pod(c, original);
                    }
                }
            }
        }
    }

    // Status counts (zero counts are omitted except the pointer fields ready and terminating).
    // Members already as they should be are left as they are: a status that changes nothing stays
    // the stored one's, shared, and is found unchanged below without comparing its members.
    let status = job["status"].as_object_mut().expect("status is an object");
    let set = |status: &mut Map, key: &str, value: Value| {
        if status.get(key) != Some(&value) {
            status.insert(key, value);
        }
    };
    for (k, v) in [("active", active.len() as i64), ("succeeded", succeeded), ("failed", failed)] {
        if v > 0 {
            set(status, k, json!(v));
        } else {
            status.remove(k);
        }
    }
    set(status, "ready", json!(ready));
    set(status, "terminating", json!(terminating));
    set(status, "uncountedTerminatedPods", json!({}));
    let status = job["status"].take();
    if original.get("status") != Some(&status) {
        let _ = c.api.update_status_internal(c.now_unix(), kind_info("Job"), &ns, &name, status);
    }
}

fn create_pod(c: &mut Cluster, job: &Value) {
    let ns = get_str(job, &["metadata", "namespace"]).unwrap_or("").to_string();
    let name = get_str(job, &["metadata", "name"]).unwrap_or("").to_string();
    let uid = get_str(job, &["metadata", "uid"]).unwrap_or("").to_string();
    let template = get(job, &["spec", "template"]).cloned().unwrap_or(json!({}));
    let mut meta = template.get("metadata").cloned().unwrap_or(json!({}));
    meta["generateName"] = json!([name.as_ref(), "-"].concat());
    meta["namespace"] = json!(ns.clone());
    meta["ownerReferences"] =
        json!([{"apiVersion": "batch/v1", "kind": "Job", "name": name, "uid": uid, "controller": true, "blockOwnerDeletion": true}]);
    meta["finalizers"] = json!(["batch.kubernetes.io/job-tracking"]);
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": template.get("spec").cloned().unwrap_or(json!({}))});
    match c.api.create_internal(c.now_unix(), kind_info("Pod"), &ns, pod) {
        Ok((at, _)) => {
            let pname = at.name;
            record(c, job, EventType::Normal, "SuccessfulCreate", &["Created pod: ", pname.as_ref()].concat(), COMPONENT);
        }
        Err(e) => record(c, job, EventType::Warning, "FailedCreate", &format!("Error creating: {}", e.message), COMPONENT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::store::WatchType;
    use std::sync::Arc;

    fn pod_controlled_by(kind: &str, api_version: &str, uid: &str) -> Value {
        json!({"metadata": {"name": "p", "ownerReferences": [
            {"apiVersion": api_version, "kind": kind, "name": "owner", "uid": uid, "controller": true}
        ]}})
    }

    /// As `syncOrphanPod` decides: only a pod without a controller, or whose batch/v1 Job is
    /// gone, is an orphan; a Job that exists, or a controller of another kind, keeps the pod.
    #[test]
    fn a_pod_is_an_orphan_only_without_a_controller_or_without_its_job() {
        let mut store = Store::default();
        let job = json!({"metadata": {"name": "owner", "uid": "job-uid"}});
        store.put(Key::new("Job", "default", "owner"), Arc::new(job), 1, WatchType::Added);
        assert!(!orphaned(&store, &pod_controlled_by("Job", "batch/v1", "job-uid")));
        assert!(orphaned(&store, &pod_controlled_by("Job", "batch/v1", "gone-uid")));
        assert!(!orphaned(&store, &pod_controlled_by("ReplicaSet", "apps/v1", "rs-uid")));
        assert!(!orphaned(&store, &pod_controlled_by("Job", "example.com/v1", "gone-uid")));
        assert!(orphaned(&store, &json!({"metadata": {"name": "p"}})));
        // An owner that is not the controller does not count.
        let not_controller = json!({"metadata": {"name": "p", "ownerReferences": [
            {"apiVersion": "batch/v1", "kind": "Job", "name": "owner", "uid": "job-uid"}
        ]}});
        assert!(orphaned(&store, &not_controller));
    }
}
