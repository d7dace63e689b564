//! Workloads for Jobs (`pkg/controller/jobframework/workload_names.go`, `pkg/workload/*`): the
//! exact name hash, the object Kueue builds from a Job, condition writing, requests and the
//! quantity formatting Kueue uses in messages and status (`kueue.md` §6.4–6.5, §7.10).

use crate::api::object::{get, get_str, rfc3339};
use crate::api::quantity::{Format, Quantity};
use crate::json::{json, Map, Value};
use sha1::{Digest, Sha1};
use std::collections::BTreeMap;

pub const JOB_UID_LABEL: &str = "kueue.x-k8s.io/job-uid";
pub const PRIORITY_CLASS_LABEL: &str = "kueue.x-k8s.io/priority-class";

/// `job-<name>-<first 5 hex of SHA-1("Job\nbatch\n<name>\n<uid>")>`.
/// Joined without `format!` (six of them per Workload were a third of a percent of a big
/// cluster's instructions).
pub fn workload_name(job_name: &str, job_uid: &str) -> String {
    let mut h = Sha1::new();
    h.update(["Job\nbatch\n", job_name, "\n", job_uid].concat());
    let digest = h.finalize();
    // The first five hex digits: the top 20 bits.
    let top = u32::from_be_bytes([digest[0], digest[1], digest[2], 0]) >> 12;
    let mut name: String = ["job-", job_name].concat().chars().take(247).collect();
    name.push('-');
    for shift in (0..5).rev() {
        name.push(char::from(b"0123456789abcdef"[(top >> (4 * shift)) as usize & 15]));
    }
    name
}

/// The Workload Kueue creates for a Job.
pub fn for_job(job: &Value, queue: &str, priority: i64, priority_ref: Option<Value>) -> Value {
    let name = get_str(job, &["metadata", "name"]).unwrap_or("");
    let ns = get_str(job, &["metadata", "namespace"]).unwrap_or("");
    let uid = get_str(job, &["metadata", "uid"]).unwrap_or("");
    let parallelism = get(job, &["spec", "parallelism"]).and_then(Value::as_i64).unwrap_or(1);
    let count = match get(job, &["spec", "completions"]).and_then(Value::as_i64) {
        Some(c) => parallelism.min(c),
        None => parallelism,
    };
    let mut template = get(job, &["spec", "template"]).cloned().unwrap_or(json!({}));
    if let Some(labels) = template.pointer_mut("/metadata/labels").and_then(Value::as_object_mut) {
        for k in ["controller-uid", "job-name", "batch.kubernetes.io/controller-uid"] {
            labels.remove(k);
        }
    }
    let mut spec = json!({
        "active": true,
        "queueName": queue,
        "priority": priority,
        "podSets": [{"name": "main", "count": count, "template": template, "topologyRequest": {"podIndexLabel": "batch.kubernetes.io/job-completion-index"}}],
    });
    // `minPodsCount`: the Job webhook has checked the annotation is a number below the count.
    if let Some(min) = min_parallelism(job) {
        spec["podSets"][0]["minCount"] = json!(min);
    }
    if let Some(r) = priority_ref {
        spec["priorityClassRef"] = r;
    }
    // `MaximumExecutionTimeSecondsForObject` (the Job webhook has checked it is a positive int32).
    if let Some(max) = crate::api::object::label(job, crate::api::admission::MAX_EXEC_TIME_LABEL).and_then(|v| v.parse::<i32>().ok()) {
        spec["maximumExecutionTimeSeconds"] = json!(max);
    }
    json!({
        "apiVersion": "kueue.x-k8s.io/v1beta2",
        "kind": "Workload",
        "metadata": {
            "name": workload_name(name, uid),
            "namespace": ns,
            "labels": {JOB_UID_LABEL: uid},
            "finalizers": ["kueue.x-k8s.io/resource-in-use"],
            "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": name, "uid": uid, "controller": true, "blockOwnerDeletion": true}],
        },
        "spec": spec,
    })
}

/// The Job's `kueue.x-k8s.io/job-min-parallelism` when it is a number (`minPodsCount`: Go's
/// `strconv.Atoi`, then `int32`).
pub fn min_parallelism(job: &Value) -> Option<i64> {
    let text = get_str(job, &["metadata", "annotations", crate::api::admission::MIN_PARALLELISM_ANNOTATION])?;
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i64>().ok().map(|v| v as i32 as i64)
}

/// Total requests of the workload's first pod set (limits stand in for missing requests), in nanos.
pub fn requests(wl: &Value) -> BTreeMap<String, i128> {
    let ps = get(wl, &["spec", "podSets"]).and_then(Value::as_array).and_then(|a| a.first()).cloned().unwrap_or(json!({}));
    let count = ps.get("count").and_then(Value::as_i64).unwrap_or(1) as i128;
    let mut out: BTreeMap<String, i128> = BTreeMap::new();
    for c in get(&ps, &["template", "spec", "containers"]).and_then(Value::as_array).into_iter().flatten() {
        let mut merged = get(c, &["resources", "limits"]).and_then(Value::as_object).cloned().unwrap_or_default();
        merged.extend(get(c, &["resources", "requests"]).and_then(Value::as_object).cloned().unwrap_or_default());
        for (k, v) in merged {
            let text = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
            if let Ok(q) = Quantity::parse(&text) {
                *out.entry(k.to_string()).or_default() += q.nanos * count;
            }
        }
    }
    out.retain(|_, v| *v != 0);
    out
}

/// Kueue's quantity text (`pkg/resources/resource_formatter.go`): cpu in milli, memory-like
/// resources binary-canonical, everything else plain decimal.
pub fn format_quantity(resource: &str, nanos: i128) -> String {
    let binary = resource == "memory" || resource == "ephemeral-storage" || resource.starts_with("hugepages-");
    let format = if binary { Format::BinarySI } else { Format::DecimalSI };
    Quantity { nanos, format }.to_string()
}

pub use crate::api::object::condition;

pub fn is_true(wl: &Value, ty: &str) -> bool {
    status_is(condition(wl, ty), "True")
}

/// Whether a condition found has this status.
pub fn status_is(cond: Option<&Value>, status: &str) -> bool {
    cond.and_then(|c| c.get("status")).and_then(Value::as_str) == Some(status)
}

/// The conditions Kueue reads of a Workload, each the first of its type (as `condition` finds
/// it), found in one walk of the list: Kueue makes an info at every write of a Workload
/// (`info.rs`), and reconciles the Job at most of them (`jobs::sync_job`), where a look-up per
/// type was a walk comparing type texts.
#[derive(Default)]
pub struct Conditions<'a> {
    pub quota_reserved: Option<&'a Value>,
    pub evicted: Option<&'a Value>,
    pub admitted: Option<&'a Value>,
    pub finished: Option<&'a Value>,
    pub requeued: Option<&'a Value>,
    pub pods_ready: Option<&'a Value>,
}

impl<'a> Conditions<'a> {
    pub fn of(w: &'a Value) -> Self {
        let mut found = Conditions::default();
        for c in get(w, &["status", "conditions"]).and_then(Value::as_array).map(|a| a.as_slice()).unwrap_or_default() {
            let slot = match c.get("type").and_then(Value::as_str) {
                Some("QuotaReserved") => &mut found.quota_reserved,
                Some("Evicted") => &mut found.evicted,
                Some("Admitted") => &mut found.admitted,
                Some("Finished") => &mut found.finished,
                Some("Requeued") => &mut found.requeued,
                Some("PodsReady") => &mut found.pods_ready,
                _ => continue,
            };
            slot.get_or_insert(c);
        }
        found
    }
}

/// A Workload's generation and status without the rest (its pod templates are most of it): what
/// `set_condition` reads and changes, so a condition can be set on a copy of only these and sent
/// with `ApiServer::update_status_internal`.
pub fn status_part(wl: &Value) -> Value {
    let mut meta = Map::new();
    if let Some(g) = get(wl, &["metadata", "generation"]) {
        meta.insert("generation", g.clone());
    }
    let mut part = Map::new();
    part.insert("metadata", Value::Object(meta));
    if let Some(s) = wl.get("status") {
        part.insert("status", s.clone());
    }
    Value::Object(part)
}

/// `meta.SetStatusCondition`: replaces a condition of the same type (the transition time moves
/// only when the status changes) or appends a new one. Returns whether anything changed.
pub fn set_condition(wl: &mut Value, ty: &str, status: &str, reason: &str, message: &str, now: i64) -> bool {
    let generation = get(wl, &["metadata", "generation"]).and_then(Value::as_i64).unwrap_or(1);
    if !wl.get("status").is_some_and(Value::is_object) {
        wl["status"] = json!({});
    }
    let list = wl["status"].as_object_mut().expect("status object").entry("conditions").or_insert_with(|| json!([]));
    let Some(list) = list.as_array_mut() else { return false };
    set_condition_in(list, generation, ty, status, reason, message, now)
}

/// [`set_condition`] on a list of conditions, for an object of `generation`.
pub fn set_condition_in(
    list: &mut crate::json::Array,
    generation: i64,
    ty: &str,
    status: &str,
    reason: &str,
    message: &str,
    now: i64,
) -> bool {
    let mut cond = json!({"type": ty, "status": status, "lastTransitionTime": rfc3339(now), "reason": reason, "message": message, "observedGeneration": generation});
    match list.iter_mut().find(|c| c.get("type").and_then(Value::as_str) == Some(ty)) {
        Some(existing) => {
            if existing.get("status") == cond.get("status") {
                cond["lastTransitionTime"] = existing.get("lastTransitionTime").cloned().unwrap_or(json!(rfc3339(now)));
            }
            if *existing == cond {
                return false;
            }
            *existing = cond;
            true
        }
        None => {
            list.push(cond);
            true
        }
    }
}

/// Whether `set_condition` with these values would change the object.
pub fn condition_differs(wl: &Value, ty: &str, status: &str, reason: &str, message: &str) -> bool {
    differs(wl, condition(wl, ty), status, reason, message)
}

/// `condition_differs` of a condition already found in `wl`.
pub fn differs(wl: &Value, current: Option<&Value>, status: &str, reason: &str, message: &str) -> bool {
    let generation = get(wl, &["metadata", "generation"]).and_then(Value::as_i64).unwrap_or(1);
    current.is_none_or(|c| {
        c["status"] != status
            || c["reason"] != reason
            || c["message"] != message
            || c.get("observedGeneration").and_then(Value::as_i64) != Some(generation)
    })
}

/// `SetStatusCondition` for a condition Kueue writes without `observedGeneration` (Preempted).
pub fn set_condition_without_generation(wl: &mut Value, ty: &str, status: &str, reason: &str, message: &str, now: i64) -> bool {
    let changed = set_condition(wl, ty, status, reason, message, now);
    if let Some(c) = wl.pointer_mut("/status/conditions").and_then(Value::as_array_mut).and_then(|l| l.iter_mut().find(|c| c["type"] == ty))
    {
        if let Some(m) = c.as_object_mut() {
            m.remove("observedGeneration");
        }
    }
    changed
}

/// `resetActiveCondition`: a condition that is True turns False with `reason` and
/// `Previously: <its message>`.
pub fn reset_active_condition(wl: &mut Value, ty: &str, reason: &str, now: i64) -> bool {
    let Some(prev) = condition(wl, ty).filter(|c| c["status"] == "True").cloned() else { return false };
    let message = format!("Previously: {}", prev["message"].as_str().unwrap_or(""));
    set_condition(wl, ty, "False", reason, &message, now)
}

/// `UnsetQuotaReservationWithCondition`: QuotaReserved False, no admission, and the Admitted
/// condition in step.
pub fn unset_quota_reservation(wl: &mut Value, reason: &str, message: &str, now: i64) -> bool {
    let mut changed = set_condition(wl, "QuotaReserved", "False", reason, message, now);
    if let Some(st) = wl["status"].as_object_mut() {
        changed |= st.remove("admission").is_some();
    }
    changed |= set_condition(wl, "Admitted", "False", "NoReservation", "The workload has no reservation", now);
    changed
}

/// `SetQuotaReservation` with no admission checks: the admission, QuotaReserved and Admitted
/// True, and any active Evicted/Preempted condition turned False.
pub fn set_quota_reservation(wl: &mut Value, cq: &str, pod_set_assignments: Value, now: i64) {
    if !wl.get("status").is_some_and(Value::is_object) {
        wl["status"] = json!({});
    }
    wl["status"]["admission"] = json!({"clusterQueue": cq, "podSetAssignments": pod_set_assignments});
    set_condition(wl, "QuotaReserved", "True", "QuotaReserved", &["Quota reserved in ClusterQueue ", cq].concat(), now);
    reset_active_condition(wl, "Evicted", "QuotaReserved", now);
    reset_active_condition(wl, "Preempted", "QuotaReserved", now);
    set_condition(wl, "Admitted", "True", "Admitted", "The workload is admitted", now);
    if let Some(m) = wl["status"].as_object_mut() {
        m.remove("resourceRequests");
    }
}

/// `workloadEvictionStateInc`: `status.schedulingStats.evictions[reason, cause].count` + 1.
pub fn count_eviction(w: &mut Value, reason: &str, cause: &str) {
    let stats = &mut w["status"]["schedulingStats"];
    if !stats.is_object() {
        *stats = json!({});
    }
    let entry = || {
        if cause.is_empty() {
            json!({"reason": reason, "count": 1})
        } else {
            json!({"reason": reason, "underlyingCause": cause, "count": 1})
        }
    };
    match stats["evictions"].as_array_mut() {
        Some(l) => {
            match l.iter_mut().find(|e| e["reason"] == reason && e.get("underlyingCause").and_then(Value::as_str).unwrap_or("") == cause) {
                Some(e) => e["count"] = json!(e["count"].as_i64().unwrap_or(0) + 1),
                None => l.push(entry()),
            }
        }
        None => stats["evictions"] = json!([entry()]),
    }
}

/// `status.resourceRequests` of a pending workload (`PropagateResourceRequests`).
pub fn resource_requests(info: &super::info::WorkloadInfo) -> Value {
    Value::Array(
        info.pod_sets
            .iter()
            .map(|ps| {
                let res: crate::json::Map = ps.requests.iter().map(|(k, v)| (k.clone(), json!(format_quantity(k, *v)))).collect();
                json!({"name": ps.name.clone(), "resources": res})
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_hash_matches_kueues_test_vector() {
        assert_eq!(workload_name("name", "uid"), "job-name-ef3a1");
    }

    /// The name as `format!` made it: the hash's first five hex digits, the prefix cut at 247
    /// characters — short and long names, of one-, two- and three-byte characters, with
    /// several uids.
    #[test]
    fn names_are_what_the_formatted_form_was() {
        let formatted = |job_name: &str, job_uid: &str| {
            let mut h = Sha1::new();
            h.update(format!("Job\nbatch\n{job_name}\n{job_uid}").as_bytes());
            let hex: String = h.finalize().iter().take(3).map(|b| format!("{b:02x}")).collect();
            let prefix: String = format!("job-{job_name}").chars().take(247).collect();
            format!("{prefix}-{}", &hex[..5])
        };
        for n in [0, 1, 200, 242, 243, 244, 250, 300] {
            for unit in ["a", "é", "가"] {
                for uid in ["", "u", "0b4a52d1-9c5e-4a0b-8f1e-3c2d1e0f9a8b"] {
                    let name = unit.repeat(n);
                    assert_eq!(workload_name(&name, uid), formatted(&name, uid), "{n} × {unit:?}, {uid:?}");
                }
            }
        }
    }

    #[test]
    fn quantities_format_as_kueue_prints_them() {
        assert_eq!(format_quantity("cpu", 500_000_000), "500m");
        assert_eq!(format_quantity("cpu", 2_000_000_000), "2");
        assert_eq!(format_quantity("memory", 512 * 1024 * 1024 * 1_000_000_000), "512Mi");
        assert_eq!(format_quantity("memory", 512_000_000 * 1_000_000_000), "500000Ki");
        assert_eq!(format_quantity("nvidia.com/gpu", 1_000_000_000), "1");
        assert_eq!(format_quantity("nvidia.com/gpu", 0), "0");
    }
}
