//! The Job integration (`kueue.md` §6): one Workload per managed Job; start on admission
//! (flavor node labels into the template's nodeSelector, labels and annotation, unsuspend);
//! stop when not admitted; Finished on completion; orphaned Workloads finalized; PodsReady.

use super::workload::{self, is_true, set_condition, PRIORITY_CLASS_LABEL};
use super::write_workload_status;
use crate::api::admission::{KUEUE_EXCLUDED_NAMESPACES, QUEUE_NAME_LABEL};
use crate::api::object::{get, get_str, name, namespace};
use crate::api::server::kind_info;
use crate::api::store::Key;
use crate::cluster::events::{record, EventType};
use crate::cluster::informer::drain;
use crate::cluster::Cluster;
use crate::json::{json, Value};

const COMPONENT: &str = "batch/job-kueue-controller";
/// The transient annotation a Job carries while Kueue stops it (`Job.Stop`, `kueue.md` §6.8).
const STOPPING_ANNOTATION: &str = "kueue.x-k8s.io/stopping";

fn owner_uid(wl: &Value) -> Option<&str> {
    get(wl, &["metadata", "ownerReferences"])
        .and_then(Value::as_array)
        .and_then(|r| r.iter().find(|o| o["kind"] == "Job"))
        .and_then(|o| o.get("uid"))
        .and_then(Value::as_str)
}

fn update_job(c: &mut Cluster, job: Value) -> bool {
    let ns = get_str(&job, &["metadata", "namespace"]).unwrap_or("").to_string();
    c.api.update_internal(c.now_unix(), kind_info("Job"), &ns, job, false).is_ok()
}

fn remove_finalizer(c: &mut Cluster, wl: &Value) {
    let mut w = wl.clone();
    if let Some(f) = w.pointer_mut("/metadata/finalizers").and_then(Value::as_array_mut) {
        if !f.iter().any(|x| x == "kueue.x-k8s.io/resource-in-use") {
            return;
        }
        f.retain(|x| x != "kueue.x-k8s.io/resource-in-use");
    } else {
        return;
    }
    let ns = get_str(wl, &["metadata", "namespace"]).unwrap_or("").to_string();
    let _ = c.api.update_internal(c.now_unix(), kind_info("Workload"), &ns, w, false);
}

/// Priority and its reference (`ExtractPriority`): the WorkloadPriorityClass the Job's label
/// names (missing: a Warning and no Workload yet), else the pod template's PriorityClass (missing:
/// no Workload yet), else the cluster's default PriorityClass, else 0.
fn priority(c: &mut Cluster, job: &Value) -> Option<(i64, Option<Value>)> {
    if let Some(wpc) = crate::api::object::label(job, PRIORITY_CLASS_LABEL).filter(|w| !w.is_empty()).map(str::to_string) {
        return match c.api.get_arc(kind_info("WorkloadPriorityClass"), "", &wpc) {
            Some(obj) => {
                let v = obj.get("value").and_then(Value::as_i64).unwrap_or(0);
                Some((v, Some(json!({"group": "kueue.x-k8s.io", "kind": "WorkloadPriorityClass", "name": wpc}))))
            }
            None => {
                record(
                    c,
                    job,
                    EventType::Warning,
                    "WorkloadPriorityClassNotFound",
                    &format!("WorkloadPriorityClass {wpc:?} not found"),
                    COMPONENT,
                );
                None
            }
        };
    }
    let pc_ref = |o: &Value| {
        let name = get_str(o, &["metadata", "name"]).unwrap_or("").to_string();
        (
            o.get("value").and_then(Value::as_i64).unwrap_or(0),
            Some(json!({"group": "scheduling.k8s.io", "kind": "PriorityClass", "name": name})),
        )
    };
    if let Some(pc) = get_str(job, &["spec", "template", "spec", "priorityClassName"]).filter(|p| !p.is_empty()) {
        return c.api.get_arc(kind_info("PriorityClass"), "", pc).map(|o| pc_ref(o));
    }
    let default = c
        .api
        .iter_kind(kind_info("PriorityClass"), None)
        .filter(|p| p.get("globalDefault").and_then(Value::as_bool) == Some(true))
        .max_by_key(|p| p.get("value").and_then(Value::as_i64).unwrap_or(0))
        .map(|p| pc_ref(p));
    Some(default.unwrap_or((0, None)))
}

/// The Job's `kueue.x-k8s.io/priority-class` label changed: its Workload takes the new class
/// and value (`UpdateWorkloadPriority`), unless it holds quota without any class (a class can
/// no longer be added then). Returns whether it wrote.
fn update_priority(c: &mut Cluster, job: &Value, wl: &Value) -> bool {
    let wanted = crate::api::object::label(job, PRIORITY_CLASS_LABEL).unwrap_or_default().to_string();
    let current_ref = get(wl, &["spec", "priorityClassRef"]);
    let is_wpc = current_ref.is_some_and(|r| r["kind"] == "WorkloadPriorityClass");
    if current_ref.is_some() && !is_wpc {
        return false;
    }
    if current_ref.is_none() && is_true(wl, "QuotaReserved") {
        return false;
    }
    let current_name = current_ref.and_then(|r| r["name"].as_str()).unwrap_or("");
    if current_name == wanted {
        return false;
    }
    let Some((value, new_ref)) = priority(c, job) else { return false };
    let mut w = wl.clone();
    w["spec"]["priority"] = json!(value);
    match new_ref {
        Some(r) => w["spec"]["priorityClassRef"] = r,
        None => {
            if let Some(spec) = w["spec"].as_object_mut() {
                spec.remove("priorityClassRef");
            }
        }
    }
    if w == *wl {
        return false;
    }
    let ns = get_str(wl, &["metadata", "namespace"]).unwrap_or("").to_string();
    let name = get_str(wl, &["metadata", "name"]).unwrap_or("").to_string();
    if c.api.update_internal(c.now_unix(), kind_info("Workload"), &ns, w, false).is_ok() {
        record(c, job, EventType::Normal, "UpdatedWorkload", &format!("Updated workload priority class: {ns}/{name}"), COMPONENT);
        return true;
    }
    false
}

/// The WorkloadPriorityClass controller (`workloadpriorityclass_controller.go`): a class whose
/// value changed gives it to every Workload that names it.
pub fn sync_priority_class(c: &mut Cluster, name: &str) {
    let Some(value) = c.api.get_arc(kind_info("WorkloadPriorityClass"), "", name).and_then(|w| w.get("value").and_then(Value::as_i64))
    else {
        return;
    };
    let stale: Vec<Value> = c
        .api
        .iter_kind(kind_info("Workload"), None)
        .filter(|w| w.pointer("/spec/priorityClassRef/kind") == Some(&json!("WorkloadPriorityClass")))
        .filter(|w| w.pointer("/spec/priorityClassRef/name").and_then(Value::as_str) == Some(name))
        .filter(|w| get(w, &["spec", "priority"]).and_then(Value::as_i64) != Some(value))
        .map(|w| Value::clone(w))
        .collect();
    for mut w in stale {
        w["spec"]["priority"] = json!(value);
        let ns = get_str(&w, &["metadata", "namespace"]).unwrap_or("").to_string();
        let _ = c.api.update_internal(c.now_unix(), kind_info("Workload"), &ns, w, false);
    }
}

/// One pass: Workloads whose Job is gone (or that are being deleted) first, then the Jobs.
pub fn sync(c: &mut Cluster) {
    drain(c, |c| &mut c.kueue.orphans, finalize_orphan);
    drain(
        c,
        |c| &mut c.kueue.jobs,
        |c, k| {
            if let Some(job) = c.api.store().get(k).cloned() {
                sync_job(c, job);
            }
        },
    );
}

/// A Workload whose owner is gone is marked Finished (`OwnerNotFound`) and released; one being
/// deleted is released once its Job is stopped (`ReconcileGenericJob` step 1.1: a running Job
/// whose Workload is deleted no longer holds an admission, and is suspended with its template
/// restored — else it would run on beside the Workloads admitted into the quota it freed).
fn finalize_orphan(c: &mut Cluster, key: &Key) {
    let Some(mut wl) = c.api.store().get(key).cloned() else { return };
    let owner = owner_uid(&wl).and_then(|u| c.api.store().job_of_uid(u)).cloned();
    let orphan = owner_uid(&wl).is_some() && owner.is_none();
    let deleting = get(&wl, &["metadata", "deletionTimestamp"]).is_some();
    if !orphan && !deleting {
        return;
    }
    // A Finished Workload's Job is done: only its finalizer goes (the reconciler's earlier step).
    if let Some(job) = owner.and_then(|k| c.api.store().get(&k).cloned()).filter(|_| deleting && !is_true(&wl, "Finished")) {
        stop_job(c, Value::clone(&job), &wl, "Workload is deleted");
        wl = c.api.store().get(key).cloned().unwrap_or(wl);
    }
    let mut part = workload::status_part(&wl);
    if !deleting
        && !is_true(&wl, "Finished")
        && set_condition(&mut part, "Finished", "True", "OwnerNotFound", "The workload's owner no longer exists", c.now_unix())
    {
        write_workload_status(c, &key.namespace, &key.name, part);
        wl = c.api.store().get(key).cloned().unwrap_or(wl);
    }
    remove_finalizer(c, &wl);
}

fn sync_job(c: &mut Cluster, job: std::sync::Arc<Value>) {
    if get(&job, &["metadata", "deletionTimestamp"]).is_some() {
        return;
    }
    let ns = get_str(&job, &["metadata", "namespace"]).unwrap_or("").to_string();
    if KUEUE_EXCLUDED_NAMESPACES.contains(&ns.as_str()) {
        return;
    }
    let Some(queue) = crate::api::object::label(&job, QUEUE_NAME_LABEL).filter(|q| !q.is_empty()).map(str::to_string) else { return };
    let uid = get_str(&job, &["metadata", "uid"]).unwrap_or("").to_string();
    let now = c.now_unix();
    let owned = c.api.store().dependents(&uid).filter(|k| k.kind == "Workload").find_map(|k| c.api.store().get(k)).cloned();
    let Some(wl) = owned.filter(|w| owner_uid(w) == Some(uid.as_str())) else {
        // No Workload yet: create it (once the Job has no active pods).
        if get(&job, &["status", "active"]).and_then(Value::as_i64).unwrap_or(0) > 0 {
            return;
        }
        let Some((prio, pref)) = priority(c, &job) else { return };
        let new = workload::for_job(&job, &queue, prio, pref);
        if let Ok((at, _)) = c.api.create_internal(now, kind_info("Workload"), &ns, new) {
            let name = at.name;
            record(c, &job, EventType::Normal, "CreatedWorkload", &format!("Created Workload: {ns}/{name}"), COMPONENT);
        }
        return;
    };
    let wl_name = get_str(&wl, &["metadata", "name"]).unwrap_or("").to_string();
    if get(&wl, &["metadata", "deletionTimestamp"]).is_some() {
        return;
    }
    if update_priority(c, &job, &wl) {
        return;
    }
    let job_finished = ["Complete", "Failed"].into_iter().find(|t| {
        get(&job, &["status", "conditions"])
            .and_then(Value::as_array)
            .is_some_and(|cs| cs.iter().any(|c| c["type"] == *t && c["status"] == "True"))
    });
    let conditions = workload::Conditions::of(&wl);
    if workload::status_is(conditions.finished, "True") {
        if get(&wl, &["metadata", "finalizers"]).and_then(Value::as_array).is_some_and(|f| !f.is_empty()) {
            remove_finalizer(c, &wl);
        }
        return;
    }
    if let Some(t) = job_finished {
        let (reason, message) = {
            let cond = get(&job, &["status", "conditions"])
                .and_then(Value::as_array)
                .and_then(|cs| cs.iter().find(|c| c["type"] == t))
                .cloned()
                .unwrap_or(json!({}));
            (if t == "Complete" { "Succeeded" } else { "Failed" }, cond.get("message").and_then(Value::as_str).unwrap_or("").to_string())
        };
        let mut w = workload::status_part(&wl);
        if set_condition(&mut w, "Finished", "True", reason, &message, now) {
            write_workload_status(c, namespace(&wl), name(&wl), w);
            record(c, &job, EventType::Normal, "FinishedWorkload", &format!("Workload '{ns}/{wl_name}' is declared finished"), COMPONENT);
        }
        return;
    }

    // PodsReady (WaitForPodsReady is on by default): `generatePodsReadyCondition`.
    let admitted = workload::status_is(conditions.admitted, "True");
    // `Job.PodsReady` counts against the Job's own pod count (lowered by partial admission).
    let count = pods_count(&job);
    let ready = get(&job, &["status", "ready"]).and_then(Value::as_i64).unwrap_or(0)
        + get(&job, &["status", "succeeded"]).and_then(Value::as_i64).unwrap_or(0);
    const NOT_READY: &str = "Not all pods are ready or succeeded";
    const RECOVERING: &str = "At least one pod has failed, waiting for recovery";
    let current = conditions.pods_ready;
    let current_reason = current.and_then(|p| p["reason"].as_str()).unwrap_or("");
    let desired = if !admitted {
        ("False", "WaitForStart", NOT_READY)
    } else if ready >= count {
        let reason = if matches!(current_reason, "WaitForRecovery" | "Recovered") { "Recovered" } else { "Started" };
        ("True", reason, "All pods reached readiness and the workload is running")
    } else if current.is_some_and(|p| p["status"] == "True") || current_reason == "WaitForRecovery" {
        ("False", "WaitForRecovery", RECOVERING)
    } else {
        ("False", "WaitForStart", NOT_READY)
    };
    let desired = Some(desired);
    // Copied only when the condition is to change.
    if let Some((status, reason, message)) = desired.filter(|d| workload::differs(&wl, current, d.0, d.1, d.2)) {
        let mut w = workload::status_part(&wl);
        set_condition(&mut w, "PodsReady", status, reason, message, now);
        write_workload_status(c, namespace(&wl), name(&wl), w);
    }

    // Evicted: stop the Job; once no pod of it is active, its quota is given back and the
    // Workload waits again (`kueue.md` §7.5).
    if let Some(ev) = conditions.evicted.filter(|e| e["status"] == "True").cloned() {
        let message = ev["message"].as_str().unwrap_or("").to_string();
        let reason = ev["reason"].as_str().unwrap_or("").to_string();
        let job = stop_job(c, Value::clone(&job), &wl, &message);
        let active = get(&job, &["status", "active"]).and_then(Value::as_i64).unwrap_or(0);
        if workload::status_is(conditions.quota_reserved, "True") && active == 0 {
            let key = (get_str(&wl, &["metadata", "namespace"]).unwrap_or("").to_string(), wl_name.clone());
            let Some(stored) = c.api.get_arc(kind_info("Workload"), &key.0, &key.1).cloned() else { return };
            let mut w = workload::status_part(&stored);
            let requeued = reason == "Preempted" || reason == "NodeFailures";
            set_condition(&mut w, "Requeued", if requeued { "True" } else { "False" }, &reason, &message, now);
            workload::unset_quota_reservation(&mut w, "PendingEvaluation", &message, now);
            write_workload_status(c, namespace(&stored), name(&stored), w);
        }
        return;
    }

    let suspended = get(&job, &["spec", "suspend"]).and_then(Value::as_bool).unwrap_or(false);
    if suspended && admitted {
        start(c, &job, &wl);
    } else if !suspended && !admitted {
        suspend(c, Value::clone(&job), "Not admitted by cluster queue");
    } else if suspended && !admitted && get(&job, &["status", "startTime"]).is_none() {
        restore_template(c, &job, &wl);
    }
}

/// `podsCount`: parallelism, or completions when fewer.
fn pods_count(job: &Value) -> i64 {
    let parallelism = get(job, &["spec", "parallelism"]).and_then(Value::as_i64).unwrap_or(1);
    get(job, &["spec", "completions"]).and_then(Value::as_i64).map_or(parallelism, |c| parallelism.min(c))
}

/// Sets the parallelism, and the completions with it when `kueue.x-k8s.io/job-completions-equal-parallelism`
/// is true (`syncCompletionWithParallelism`).
fn set_parallelism(job: &mut Value, n: i64) {
    job["spec"]["parallelism"] = json!(n);
    let sync = get_str(job, &["metadata", "annotations", crate::api::admission::SYNC_COMPLETIONS_ANNOTATION])
        .is_some_and(|v| crate::api::admission::go_parse_bool(v) == Ok(true));
    if sync {
        job["spec"]["completions"] = json!(n);
    }
}

/// Injects what admission decided into the Job's template and unsuspends it (`kueue.md` §6.7).
fn start(c: &mut Cluster, stored: &Value, wl: &Value) {
    let cq = get_str(wl, &["status", "admission", "clusterQueue"]).unwrap_or("").to_string();
    let queue = get_str(wl, &["spec", "queueName"]).unwrap_or("").to_string();
    let wl_name = get_str(wl, &["metadata", "name"]).unwrap_or("").to_string();
    let flavors: std::collections::BTreeSet<String> = get(wl, &["status", "admission", "podSetAssignments"])
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|a| {
            a.get("flavors")
                .and_then(Value::as_object)
                .map(|m| m.values().filter_map(|v| v.as_str().map(str::to_string)).collect::<Vec<_>>())
                .unwrap_or_default()
        })
        .collect();
    let mut job = Value::clone(stored);
    let template = &mut job["spec"]["template"];
    for f in &flavors {
        let Some(rf) = c.api.get_arc(kind_info("ResourceFlavor"), "", f).cloned() else { continue };
        if let Some(nl) = get(&rf, &["spec", "nodeLabels"]).and_then(Value::as_object) {
            for (k, v) in nl {
                template["spec"]["nodeSelector"][k] = v.clone();
            }
        }
        for t in get(&rf, &["spec", "tolerations"]).and_then(Value::as_array).into_iter().flatten() {
            if !template["spec"]["tolerations"].is_array() {
                template["spec"]["tolerations"] = json!([]);
            }
            let list = template["spec"]["tolerations"].as_array_mut().expect("made an array");
            if !list.contains(t) {
                list.push(t.clone());
            }
        }
    }
    template["metadata"]["labels"]["kueue.x-k8s.io/podset"] = json!("main");
    template["metadata"]["labels"]["kueue.x-k8s.io/local-queue-name"] = json!(queue);
    if crate::api::validation::dns1123_label(&cq).is_empty() {
        template["metadata"]["labels"]["kueue.x-k8s.io/cluster-queue-name"] = json!(cq.clone());
    }
    template["metadata"]["annotations"]["kueue.x-k8s.io/workload"] = json!(wl_name);
    // Partial admission: the Job runs with the pods it was admitted with.
    if workload::min_parallelism(&job).is_some() {
        if let Some(n) = wl.pointer("/status/admission/podSetAssignments/0/count").and_then(Value::as_i64) {
            set_parallelism(&mut job, n);
        }
    }
    job["spec"]["suspend"] = json!(false);
    // The Event names the Job as it was before the write (the stored one, shared).
    if update_job(c, job) {
        record(c, stored, EventType::Normal, "Started", &format!("Admitted by clusterQueue {cq}"), COMPONENT);
    }
}

/// `Job.Stop` for an evicted Workload: suspend (marked as stopping), forget the start time, put
/// back the template Kueue stored; returns the Job as it is afterwards.
fn stop_job(c: &mut Cluster, mut job: Value, wl: &Value, message: &str) -> Value {
    let ns = get_str(&job, &["metadata", "namespace"]).unwrap_or("").to_string();
    let name = get_str(&job, &["metadata", "name"]).unwrap_or("").to_string();
    let current = |c: &Cluster, fallback: Value| c.api.get_arc(kind_info("Job"), &ns, &name).map(|j| Value::clone(j)).unwrap_or(fallback);
    if get(&job, &["spec", "suspend"]).and_then(Value::as_bool) != Some(true) {
        job["spec"]["suspend"] = json!(true);
        job["metadata"]["annotations"][STOPPING_ANNOTATION] = json!("true");
        let original = job.clone();
        if update_job(c, job.clone()) {
            record(c, &original, EventType::Normal, "Stopped", message, COMPONENT);
        }
        job = current(c, job);
        if get(&job, &["status", "startTime"]).is_some() {
            let mut j = job.clone();
            if let Some(st) = j["status"].as_object_mut() {
                st.remove("startTime");
            }
            let _ = c.api.update_internal(c.now_unix(), kind_info("Job"), &ns, j, true);
            job = current(c, job);
        }
        restore_template(c, &job, wl);
        job = current(c, job);
    }
    job
}

/// Suspends a running Job that is not admitted (`kueue.md` §6.6 step 12); the template is
/// restored once the Job controller has stopped it.
fn suspend(c: &mut Cluster, mut job: Value, message: &str) {
    job["spec"]["suspend"] = json!(true);
    let original = job.clone();
    if update_job(c, job) {
        record(c, &original, EventType::Normal, "Stopped", message, COMPONENT);
    }
}

/// Puts back the template Kueue stored in the Workload: nodeSelector, tolerations, scheduling
/// gates, labels (keeping the Job controller's) and annotations (`kueue.md` §6.8).
///
/// What the Job is to be is worked out first and compared with what it is: a pending Job is
/// reconciled again at every change of its Workload, and is then already as it should be — no
/// copy is changed and compared, and nothing is written.
fn restore_template(c: &mut Cluster, before: &Value, wl: &Value) {
    let stored = get(wl, &["spec", "podSets"])
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(|p| p.get("template"))
        .cloned()
        .unwrap_or(json!({}));
    // Partial admission: the parallelism the Workload asks for again (`RestorePodSetsInfo`).
    let parallelism = workload::min_parallelism(before)
        .and(wl.pointer("/spec/podSets/0/count").and_then(Value::as_i64))
        .filter(|n| get(before, &["spec", "parallelism"]).and_then(Value::as_i64) != Some(*n));
    // The end of `Job.Stop`: the Job is no longer stopping.
    let stopping = get(before, &["metadata", "annotations", STOPPING_ANNOTATION]).is_some();
    let spec_fields = ["nodeSelector", "tolerations", "schedulingGates"].map(|key| (key, get(&stored, &["spec", key])));
    let template = get(before, &["spec", "template"]).unwrap_or(&Value::Null);
    let mut labels = get(&stored, &["metadata", "labels"]).cloned().unwrap_or(json!({}));
    if let Some(cur) = get(template, &["metadata", "labels"]).and_then(Value::as_object) {
        for k in ["controller-uid", "job-name", "batch.kubernetes.io/controller-uid", "batch.kubernetes.io/job-name"] {
            if let Some(v) = cur.get(k) {
                labels[k] = v.clone();
            }
        }
    }
    let annotations = get(&stored, &["metadata", "annotations"]);
    let restored = spec_fields.iter().all(|(key, v)| get(template, &["spec", key]) == *v)
        && get(template, &["metadata", "labels"]) == Some(&labels)
        && get(template, &["metadata", "annotations"]) == annotations;
    if parallelism.is_none() && !stopping && restored {
        return;
    }
    let mut job = before.clone();
    if let Some(n) = parallelism {
        set_parallelism(&mut job, n);
    }
    // Reached without indexing: `job["metadata"]["annotations"]` would add `annotations: null`
    // to a Job that has none, and store it.
    if let Some(a) = job.pointer_mut("/metadata/annotations").and_then(Value::as_object_mut) {
        if a.remove(STOPPING_ANNOTATION).is_some() && a.is_empty() {
            job["metadata"].as_object_mut().expect("metadata").remove("annotations");
        }
    }
    let t = &mut job["spec"]["template"];
    for (key, v) in spec_fields {
        match v {
            Some(v) => t["spec"][key] = v.clone(),
            None => {
                if let Some(m) = t["spec"].as_object_mut() {
                    m.remove(key);
                }
            }
        }
    }
    t["metadata"]["labels"] = labels;
    match annotations {
        Some(a) => t["metadata"]["annotations"] = a.clone(),
        None => {
            if let Some(m) = t["metadata"].as_object_mut() {
                m.remove("annotations");
            }
        }
    }
    // Past the look above something differs; and a write that changes nothing, the apiserver
    // does not store.
    update_job(c, job);
}
