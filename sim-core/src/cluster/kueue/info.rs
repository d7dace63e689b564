//! What Kueue's caches know of a Workload (`pkg/workload/workload.go` `Info`): its pod sets'
//! total requests, priority, queue-order time, and — while it holds quota — where and how much,
//! read once from the object when it changes.

use super::snapshot::Fr;
use super::workload::{status_is, Conditions};
use crate::api::object::{get, get_str, parse_rfc3339};
use crate::api::pod_resources::spec_requests_and_limits;
use crate::api::quantity::Quantity;
use crate::hash::WordHash;
use crate::json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

pub const JOB_UID_LABEL: &str = "kueue.x-k8s.io/job-uid";

#[derive(Debug, Clone, PartialEq)]
pub struct PodSetInfo {
    pub name: String,
    pub count: i64,
    /// Requests of one pod.
    pub per_pod: BTreeMap<String, i128>,
    /// Requests of all `count` pods.
    pub requests: BTreeMap<String, i128>,
    /// While admitted: the flavor of each resource.
    pub flavors: BTreeMap<String, String>,
    /// `minCount` (partial admission): the fewest pods it may be admitted with.
    pub min_count: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct WorkloadInfo {
    /// `namespace/name`.
    pub key: String,
    pub namespace: String,
    pub name: String,
    pub uid: String,
    pub job_uid: String,
    pub queue_name: String,
    /// While it holds quota: the ClusterQueue it holds it in.
    pub cluster_queue: String,
    pub priority: i64,
    pub created: i64,
    /// The time that orders it in its queue (`GetQueueOrderTimestamp`).
    pub queue_order: i64,
    /// When its quota was reserved (the QuotaReserved condition's transition).
    pub reserved_at: Option<i64>,
    pub reserving: bool,
    pub admitted: bool,
    pub evicted: bool,
    pub finished: bool,
    pub active: bool,
    /// `Requeued` is False (an eviction that does not requeue by itself, a stopped queue, a
    /// deactivation): the workload waits among the inadmissible until it turns True.
    pub requeue_blocked: bool,
    pub deleting: bool,
    /// Shared with the info of the workload's previous version when neither its spec nor its
    /// admission changed (`with_previous`).
    pub pod_sets: Arc<Vec<PodSetInfo>>,
    /// While it holds quota: what it uses, per flavor and resource. Shared as `pod_sets` is.
    pub usage: Arc<BTreeMap<Fr, i128>>,
    /// What makes two workloads interchangeable to the scheduler (`computeSchedulingHash`):
    /// priority, and per pod set its name, count, requests and pod spec shape.
    pub scheduling_hash: u64,
    pub obj: Arc<Value>,
}

/// `SchedulingHash`: a hash of the scheduling-relevant shape (`pkg/util/pod.SpecShape`):
/// priority, and per pod set its name, count, per-pod requests, minCount, topology request, and
/// of its pod spec the containers' requests and ports and the fields that place a pod.
///
/// Only equality matters (workloads of one hash are tried as one), so the parts are hashed as
/// they are, not written out as JSON first: making that text had 1.6% of the samples in a
/// profile of the 10,000-Job case.
fn scheduling_hash(w: &Value, priority: i64, pod_sets: &[PodSetInfo]) -> u64 {
    let mut h = ShapeHash::default();
    h.word(priority as u64);
    let specs = get(w, &["spec", "podSets"]).and_then(Value::as_array).into_iter().flatten();
    for (ps, info) in specs.zip(pod_sets) {
        h.text(&info.name);
        h.word(info.count as u64);
        h.word(info.per_pod.len() as u64);
        for (resource, nanos) in &info.per_pod {
            h.text(resource);
            h.word(*nanos as u64);
            h.word((*nanos >> 64) as u64);
        }
        h.field(ps.get("minCount"));
        h.field(ps.get("topologyRequest"));
        let spec = ps.pointer("/template/spec");
        for list in ["initContainers", "containers"] {
            let containers = spec.and_then(|s| s.get(list)).and_then(Value::as_array).map_or(&[][..], |a| a.as_slice());
            h.word(containers.len() as u64);
            for c in containers {
                h.field(c.pointer("/resources/requests"));
                h.field(c.get("ports"));
            }
        }
        for k in [
            "nodeSelector",
            "affinity",
            "tolerations",
            "runtimeClassName",
            "priority",
            "topologySpreadConstraints",
            "overhead",
            "resourceClaims",
            "resources",
        ] {
            h.field(spec.and_then(|s| s.get(k)));
        }
    }
    h.0.finish()
}

/// The scheduling hash: words and texts as `WordHash` takes them, and JSON values tagged by
/// their type. Every part is tagged or counted, so two different shapes do not feed the same
/// words.
#[derive(Default)]
struct ShapeHash(WordHash);

impl ShapeHash {
    fn word(&mut self, w: u64) {
        self.0.word(w);
    }

    fn text(&mut self, t: &str) {
        self.0.text(t);
    }

    /// A field that may be missing (hashed as `null`, as the JSON shape wrote it).
    fn field(&mut self, v: Option<&Value>) {
        self.value(v.unwrap_or(&Value::Null));
    }

    fn value(&mut self, v: &Value) {
        match v {
            Value::Null => self.word(0),
            Value::Bool(b) => self.word(1 + u64::from(*b)),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => {
                    self.word(3);
                    self.word(u);
                }
                (None, Some(i)) => {
                    self.word(4);
                    self.word(i as u64);
                }
                _ => {
                    self.word(5);
                    self.word(n.as_f64().unwrap_or(0.0).to_bits());
                }
            },
            Value::String(t) => {
                self.word(6);
                self.text(t);
            }
            Value::Array(items) => {
                self.word(7);
                self.word(items.len() as u64);
                for x in items.iter() {
                    self.value(x);
                }
            }
            Value::Object(members) => {
                self.word(8);
                self.word(members.len() as u64);
                for (k, x) in members.iter() {
                    self.text(k);
                    self.value(x);
                }
            }
        }
    }
}

fn quantity(v: &Value) -> i128 {
    let text = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    Quantity::parse(&text).map(|q| q.nanos).unwrap_or(0)
}

/// One pod's requests from a pod set's template (limits stand in for missing requests; init
/// containers and overhead as the scheduler counts them). Zero requests are left out.
pub fn per_pod_requests(template: &Value) -> BTreeMap<String, i128> {
    crate::sort::map_from(
        spec_requests_and_limits(template.get("spec").unwrap_or(&Value::Null))
            .0
            .into_iter()
            .map(|(k, q)| (k.clone(), cap(&k, q.nanos)))
            .filter(|(_, v)| *v != 0),
    )
}

/// Kueue counts cpu in int64 millis and everything else in int64 units: larger amounts stop at
/// the largest int64 (`ResourceValue`).
pub fn cap(resource: &str, nanos: i128) -> i128 {
    let unit: i128 = if resource == "cpu" { 1_000_000 } else { 1_000_000_000 };
    nanos.min(i64::MAX as i128 * unit)
}

fn time_of(cond: Option<&Value>) -> Option<i64> {
    cond.and_then(|c| c.get("lastTransitionTime")).and_then(Value::as_str).and_then(parse_rfc3339)
}

/// The pod sets of workload `w` with its pod set assignments; one pod's requests are taken
/// from `same_spec`, the info of a version with the same spec, if there is one.
fn pod_sets_of(w: &Value, assignments: &[&Value], same_spec: Option<&WorkloadInfo>) -> Vec<PodSetInfo> {
    let mut pod_sets = Vec::new();
    for ps in get(w, &["spec", "podSets"]).and_then(Value::as_array).into_iter().flatten() {
        let ps_name = ps.get("name").and_then(Value::as_str).unwrap_or("main").to_string();
        let assigned = assignments.iter().find(|a| a.get("name").and_then(Value::as_str).unwrap_or("main") == ps_name);
        let count = assigned.and_then(|a| a.get("count")).or(ps.get("count")).and_then(Value::as_i64).unwrap_or(1);
        let per_pod = match same_spec.and_then(|p| p.pod_sets.iter().find(|x| x.name == ps_name)) {
            Some(prev) => prev.per_pod.clone(),
            None => per_pod_requests(ps.get("template").unwrap_or(&Value::Null)),
        };
        let requests = crate::sort::map_from(per_pod.iter().map(|(k, v)| (k.clone(), cap(k, v.saturating_mul(count as i128)))));
        let flavors = assigned
            .and_then(|a| a.get("flavors"))
            .and_then(Value::as_object)
            .map(|m| crate::sort::map_from(m.iter().filter_map(|(k, v)| Some((k.to_string(), v.as_str()?.to_string())))))
            .unwrap_or_default();
        let min_count = ps.get("minCount").and_then(Value::as_i64);
        pod_sets.push(PodSetInfo { name: ps_name, count, per_pod, requests, flavors, min_count });
    }
    pod_sets
}

/// What the pod set assignments use, per flavor and resource.
fn usage_of(assignments: &[&Value]) -> BTreeMap<Fr, i128> {
    let mut usage: BTreeMap<Fr, i128> = BTreeMap::new();
    for a in assignments {
        let flavors = a.get("flavors").and_then(Value::as_object);
        for (res, q) in a.get("resourceUsage").and_then(Value::as_object).into_iter().flatten() {
            if let Some(f) = flavors.and_then(|m| m.get(res)).and_then(Value::as_str) {
                *usage.entry((f.to_string(), res.to_string())).or_default() += quantity(q);
            }
        }
    }
    usage
}

impl WorkloadInfo {
    pub fn new(obj: Arc<Value>) -> Self {
        Self::with_previous(obj, None)
    }

    /// The info for a new version of a workload; what depends only on the spec is taken from
    /// `previous` when the spec did not change (requests, scheduling hash), and what depends on
    /// the spec and the admission held (pod sets, usage) when neither did — as after Kueue's own
    /// condition writes, which keep both maps shared.
    pub fn with_previous(obj: Arc<Value>, previous: Option<&WorkloadInfo>) -> Self {
        let w: &Value = &obj;
        let same_spec = previous.filter(|p| p.obj.get("spec") == w.get("spec"));
        let namespace = get_str(w, &["metadata", "namespace"]).unwrap_or("").to_string();
        let name = get_str(w, &["metadata", "name"]).unwrap_or("").to_string();
        let created = get_str(w, &["metadata", "creationTimestamp"]).and_then(parse_rfc3339).unwrap_or(0);
        let conditions = Conditions::of(w);
        let reserving = status_is(conditions.quota_reserved, "True");
        let evicted_cond = conditions.evicted.filter(|c| status_is(Some(c), "True"));
        // Evictions by the PodsReady timeout or an admission check requeue at the eviction time.
        let queue_order = match evicted_cond.and_then(|c| c.get("reason")).and_then(Value::as_str) {
            Some("PodsReadyTimeout" | "AdmissionCheck") => time_of(evicted_cond).unwrap_or(created),
            _ => created,
        };
        let admission = get(w, &["status", "admission"]).filter(|_| reserving);
        let same_shape = same_spec.filter(|p| get(&p.obj, &["status", "admission"]).filter(|_| p.reserving) == admission);
        let (pod_sets, usage) = match same_shape {
            Some(p) => (p.pod_sets.clone(), p.usage.clone()),
            None => {
                let assignments: Vec<&Value> = admission
                    .and_then(|a| a.get("podSetAssignments"))
                    .and_then(Value::as_array)
                    .map(|a| a.iter().collect())
                    .unwrap_or_default();
                (Arc::new(pod_sets_of(w, &assignments, same_spec)), Arc::new(usage_of(&assignments)))
            }
        };
        let priority = get(w, &["spec", "priority"]).and_then(Value::as_i64).unwrap_or(0);
        let hash = match same_spec {
            Some(p) if p.pod_sets.iter().map(|x| x.count).eq(pod_sets.iter().map(|x| x.count)) => p.scheduling_hash,
            _ => scheduling_hash(w, priority, &pod_sets),
        };
        WorkloadInfo {
            scheduling_hash: hash,
            key: [namespace.as_str(), "/", name.as_str()].concat(),
            uid: get_str(w, &["metadata", "uid"]).unwrap_or("").to_string(),
            job_uid: get_str(w, &["metadata", "labels", JOB_UID_LABEL]).unwrap_or("").to_string(),
            queue_name: get_str(w, &["spec", "queueName"]).unwrap_or("").to_string(),
            cluster_queue: admission.and_then(|a| a.get("clusterQueue")).and_then(Value::as_str).unwrap_or("").to_string(),
            priority,
            created,
            queue_order,
            reserved_at: if reserving { time_of(conditions.quota_reserved) } else { None },
            reserving,
            admitted: status_is(conditions.admitted, "True"),
            evicted: evicted_cond.is_some(),
            finished: status_is(conditions.finished, "True"),
            active: get(w, &["spec", "active"]).and_then(Value::as_bool) != Some(false),
            requeue_blocked: status_is(conditions.requeued, "False"),
            deleting: get(w, &["metadata", "deletionTimestamp"]).is_some(),
            pod_sets,
            usage,
            namespace,
            name,
            obj,
        }
    }

    /// Holds quota (and is not finished): counts in its ClusterQueue's usage.
    pub fn holds_quota(&self) -> bool {
        self.reserving && !self.finished
    }

    /// Waits for quota: active, not finished, no reservation, not being deleted.
    pub fn is_pending(&self) -> bool {
        self.active && !self.finished && !self.reserving && !self.deleting
    }

    /// `CanBePartiallyAdmitted`: some pod set may run with fewer pods than it asks for.
    pub fn can_be_partially_admitted(&self) -> bool {
        self.pod_sets.iter().any(|p| p.min_count.is_some_and(|m| m < p.count))
    }

    /// The pod sets' `(count, minCount)`, minCount defaulting to the count.
    pub fn count_range(&self) -> Vec<(i64, i64)> {
        self.pod_sets.iter().map(|p| (p.count, p.min_count.unwrap_or(p.count))).collect()
    }

    /// The same workload asking for `counts` pods per pod set (`PodSet.ScaledTo`).
    pub fn scaled_to(&self, counts: &[i64]) -> WorkloadInfo {
        let mut w = self.clone();
        for (p, &n) in Arc::make_mut(&mut w.pod_sets).iter_mut().zip(counts) {
            p.count = n;
            p.requests = crate::sort::map_from(p.per_pod.iter().map(|(k, v)| (k.clone(), cap(k, v.saturating_mul(n as i128)))));
        }
        w
    }

    /// The flavor-resources the workload uses in `frs`.
    pub fn uses_any(&self, frs: &std::collections::BTreeSet<Fr>) -> bool {
        self.usage.iter().any(|(fr, v)| *v > 0 && frs.contains(fr))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    /// The one walk finds, for each type, the condition `condition` finds: the first of it,
    /// whatever comes before or after, and none when it is missing or the list is not a list.
    #[test]
    fn one_walk_finds_each_types_first_condition() {
        use super::super::workload::condition;
        let types = ["QuotaReserved", "Evicted", "Admitted", "Finished", "Requeued", "PodsReady"];
        let mut rng = crate::rand::SimRng::new(11);
        for round in 0..2_000 {
            let mut next = || rng.next_u64() as usize;
            let n = next() % 7;
            let list: Vec<Value> = (0..n)
                .map(|i| match next() % 8 {
                    7 => json!({"status": "True"}),
                    t => json!({"type": types.get(t).copied().unwrap_or("Other"), "status": ["True", "False"][next() % 2], "reason": i}),
                })
                .collect();
            let w = if round % 50 == 0 { json!({"status": {"conditions": "no"}}) } else { json!({"status": {"conditions": list}}) };
            let found = Conditions::of(&w);
            for (ty, got) in [
                ("QuotaReserved", found.quota_reserved),
                ("Evicted", found.evicted),
                ("Admitted", found.admitted),
                ("Finished", found.finished),
                ("Requeued", found.requeued),
                ("PodsReady", found.pods_ready),
            ] {
                assert_eq!(got.map(|c| c as *const Value), condition(&w, ty).map(|c| c as *const Value), "{ty} in {w}");
            }
        }
    }

    /// What is changed, and how.
    type Edit = (&'static str, fn(&mut Value));

    fn workload(edit: impl FnOnce(&mut Value)) -> u64 {
        let mut w = json!({
            "metadata": {"name": "w", "namespace": "team-a", "labels": {"a": "b"}},
            "spec": {"queueName": "lq", "priority": 100, "podSets": [{"name": "main", "count": 2, "template": {"spec": {
                "containers": [{"name": "c", "image": "busybox", "resources": {"requests": {"cpu": "1", "nvidia.com/gpu": "1"}}, "ports": [{"containerPort": 80}]}],
                "nodeSelector": {"zone": "a"},
            }}}]},
        });
        edit(&mut w);
        WorkloadInfo::new(Arc::new(w)).scheduling_hash
    }

    /// Through a workload's versions, the info made from the previous one is the info made
    /// afresh; its pod sets and usage are the previous version's own exactly when neither the
    /// spec nor the admission held changed.
    #[test]
    fn an_info_keeps_what_did_not_change_and_only_that() {
        let pending = json!({
            "metadata": {"name": "w", "namespace": "team-a"},
            "spec": {"queueName": "lq", "podSets": [{"name": "main", "count": 2, "minCount": 1, "template": {"spec": {
                "containers": [{"name": "c", "image": "busybox", "resources": {"requests": {"cpu": "1", "nvidia.com/gpu": "1"}}}],
            }}}]},
        });
        let reserved = |mut w: Value, count: i64| {
            w["status"]["conditions"] = json!([{"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved", "lastTransitionTime": "2026-01-01T00:00:00Z"}]);
            w["status"]["admission"] = json!({"clusterQueue": "cq", "podSetAssignments": [{"name": "main", "count": count,
                "flavors": {"cpu": "default", "nvidia.com/gpu": "gpu"}, "resourceUsage": {"cpu": count.to_string(), "nvidia.com/gpu": count.to_string()}}]});
            w
        };
        let first = reserved(pending.clone(), 2);
        let mut admitted = first.clone();
        admitted["status"]["conditions"].as_array_mut().unwrap().push(json!({"type": "Admitted", "status": "True", "reason": "Admitted"}));
        let mut released = admitted.clone();
        released["status"]["conditions"][0]["status"] = json!("False");
        let mut bigger = pending.clone();
        bigger["spec"]["podSets"][0]["count"] = json!(3);
        // (version, whether it keeps the previous version's pod sets and usage)
        let versions = [
            (pending.clone(), false),
            (first, false),
            (admitted.clone(), true),
            (reserved(admitted, 1), false),
            (released.clone(), false),
            (released, true),
            (bigger, false),
        ];
        let mut previous: Option<WorkloadInfo> = None;
        for (i, (w, kept)) in versions.into_iter().enumerate() {
            let fresh = WorkloadInfo::new(Arc::new(w.clone()));
            let info = WorkloadInfo::with_previous(Arc::new(w), previous.as_ref());
            assert_eq!(
                (&info.pod_sets, &info.usage, info.scheduling_hash),
                (&fresh.pod_sets, &fresh.usage, fresh.scheduling_hash),
                "version {i}"
            );
            let shared = previous.as_ref().is_some_and(|p| Arc::ptr_eq(&p.pod_sets, &info.pod_sets) && Arc::ptr_eq(&p.usage, &info.usage));
            assert_eq!(shared, kept, "version {i}");
            previous = Some(info);
        }
    }

    /// Workloads of one shape share a hash, whatever else they hold; any change to the shape
    /// gives another.
    #[test]
    fn the_scheduling_hash_is_the_shape() {
        let base = workload(|_| {});
        let same: [Edit; 4] = [
            ("name", |w| w["metadata"]["name"] = json!("other")),
            ("labels", |w| w["metadata"]["labels"]["x"] = json!("y")),
            ("image", |w| w["spec"]["podSets"][0]["template"]["spec"]["containers"][0]["image"] = json!("nginx")),
            ("queue", |w| w["spec"]["queueName"] = json!("other")),
        ];
        for (what, edit) in same {
            assert_eq!(workload(edit), base, "{what} is not part of the shape");
        }
        let other: [Edit; 11] = [
            ("priority", |w| w["spec"]["priority"] = json!(101)),
            ("count", |w| w["spec"]["podSets"][0]["count"] = json!(3)),
            ("pod set name", |w| w["spec"]["podSets"][0]["name"] = json!("workers")),
            ("minCount", |w| w["spec"]["podSets"][0]["minCount"] = json!(1)),
            ("request", |w| w["spec"]["podSets"][0]["template"]["spec"]["containers"][0]["resources"]["requests"]["cpu"] = json!("2")),
            ("port", |w| w["spec"]["podSets"][0]["template"]["spec"]["containers"][0]["ports"][0]["containerPort"] = json!(81)),
            ("no ports", |w| w["spec"]["podSets"][0]["template"]["spec"]["containers"][0]["ports"] = json!([])),
            ("node selector", |w| w["spec"]["podSets"][0]["template"]["spec"]["nodeSelector"]["zone"] = json!("b")),
            ("tolerations", |w| w["spec"]["podSets"][0]["template"]["spec"]["tolerations"] = json!([{"operator": "Exists"}])),
            ("init container", |w| {
                w["spec"]["podSets"][0]["template"]["spec"]["initContainers"] = json!([{"name": "i", "image": "busybox"}])
            }),
            ("second pod set", |w| {
                let first = w["spec"]["podSets"][0].clone();
                w["spec"]["podSets"].as_array_mut().unwrap().push(first);
                w["spec"]["podSets"][1]["name"] = json!("second");
            }),
        ];
        let mut seen = vec![base];
        for (what, edit) in other {
            let h = workload(edit);
            assert!(!seen.contains(&h), "{what} changes the shape");
            seen.push(h);
        }
    }
}
