//! The cluster pane: what the lab teaches, drawn from the simulated store — who holds each GPU,
//! how full each ClusterQueue's quota is (its own part, what it borrows from its cohort, what it
//! lends), ClusterQueues grouped by cohort with the cohort's pool, the LocalQueues, the Workloads
//! (priority; pending ones with Kueue's reason and a plain-language reading of it; preempted ones
//! with their preemptor and why), and the latest events. Read-only, and computed only from the API
//! objects a real cluster would show (`c.api`), never from Kueue's private state.

use crate::i18n::Lang;
use sim_core::api::duration::human_duration;
use sim_core::api::object::{self, condition, parse_rfc3339};
use sim_core::api::quantity::{Format, Quantity};
use sim_core::api::server::kind_info;
use sim_core::api::store::WatchType;
use sim_core::cluster::Cluster;
use sim_core::json::Value;
use std::collections::{BTreeMap, BTreeSet};
use yew::prelude::*;

/// How many of the newest events the feed shows.
const EVENTS_SHOWN: usize = 12;

/// A sentence in both languages, side by side: `tr!(lang, "한국어 {x}", "English {x}")`.
macro_rules! tr {
    ($lang:expr, $ko:literal, $en:literal $(,)?) => {
        match $lang {
            Lang::Ko => format!($ko),
            Lang::En => format!($en),
        }
    };
}

fn list(c: &Cluster, kind: &str) -> Vec<Value> {
    c.api.list_objects(kind_info(kind), None, &Default::default(), &Default::default()).unwrap_or_default()
}

fn s<'a>(v: &'a Value, ptr: &str) -> &'a str {
    v.pointer(ptr).and_then(Value::as_str).unwrap_or("")
}

/// Quantities in nano-units, exactly as the API server holds them.
type Nanos = i128;

fn nanos(v: &Value) -> Option<Nanos> {
    let text = match v {
        Value::String(s) => s.to_string(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    Quantity::parse(&text).ok().map(|q| q.nanos)
}

/// A quantity as Kueue prints it: memory-like resources in binary units, the rest decimal.
fn qty(resource: &str, n: Nanos) -> String {
    let binary = resource == "memory" || resource == "ephemeral-storage" || resource.starts_with("hugepages-");
    Quantity { nanos: n, format: if binary { Format::BinarySI } else { Format::DecimalSI } }.to_string()
}

fn is_true(obj: &Value, ty: &str) -> bool {
    condition(obj, ty).is_some_and(|c| c["status"] == "True")
}

// ---------------------------------------------------------------------------------------------
// The quota model: ClusterQueues and cohorts as their objects describe them.
// ---------------------------------------------------------------------------------------------

/// One flavor × resource of a ClusterQueue (or a Cohort): its quota and what is reserved now.
#[derive(Debug, Clone, PartialEq)]
pub struct Quota {
    pub flavor: String,
    pub resource: String,
    pub nominal: Nanos,
    pub borrowing_limit: Option<Nanos>,
    pub lending_limit: Option<Nanos>,
    /// `status.flavorsReservation[].resources[].total`: everything reserved, borrowed included.
    pub total: Nanos,
    /// The part of `total` above the nominal quota, taken from the cohort.
    pub borrowed: Nanos,
}

impl Quota {
    fn key(&self) -> (String, String) {
        (self.flavor.clone(), self.resource.clone())
    }
    /// What it uses of its own nominal quota.
    fn own(&self) -> Nanos {
        (self.total - self.borrowed).max(0)
    }
    /// Nominal quota it does not use itself.
    fn idle(&self) -> Nanos {
        (self.nominal - self.own()).max(0)
    }
    /// The idle quota others in the cohort may use (a lending limit keeps the rest back).
    fn lendable_idle(&self) -> Nanos {
        self.lending_limit.map_or(self.idle(), |l| self.idle().min(l))
    }
    /// What it puts into its cohort's pool.
    fn pool_share(&self) -> Nanos {
        self.lending_limit.map_or(self.nominal, |l| l.min(self.nominal))
    }
}

/// The quotas of a ClusterQueue or Cohort: `spec.resourceGroups` with the reservations in
/// `status.flavorsReservation`.
fn quotas(obj: &Value) -> Vec<Quota> {
    let reserved = |flavor: &str, resource: &str, field: &str| {
        obj.pointer("/status/flavorsReservation")
            .and_then(Value::as_array)
            .and_then(|fs| fs.iter().find(|f| f["name"] == flavor))
            .and_then(|f| f["resources"].as_array())
            .and_then(|rs| rs.iter().find(|r| r["name"] == resource))
            .and_then(|r| nanos(&r[field]))
            .unwrap_or(0)
    };
    let mut out = Vec::new();
    for group in obj.pointer("/spec/resourceGroups").and_then(Value::as_array).into_iter().flatten() {
        for flavor in group["flavors"].as_array().into_iter().flatten() {
            let fname = s(flavor, "/name");
            for res in flavor["resources"].as_array().into_iter().flatten() {
                let rname = s(res, "/name");
                out.push(Quota {
                    flavor: fname.to_string(),
                    resource: rname.to_string(),
                    nominal: nanos(&res["nominalQuota"]).unwrap_or(0),
                    borrowing_limit: nanos(&res["borrowingLimit"]),
                    lending_limit: nanos(&res["lendingLimit"]),
                    total: reserved(fname, rname, "total"),
                    borrowed: reserved(fname, rname, "borrowed"),
                });
            }
        }
    }
    out
}

pub struct CqInfo<'a> {
    pub obj: &'a Value,
    pub name: &'a str,
    pub cohort: Option<&'a str>,
    pub quotas: Vec<Quota>,
}

/// A cohort: declared by a Cohort object, or only named (by a ClusterQueue's `cohortName` or a
/// Cohort's `parentName`), as Kueue builds its tree.
#[derive(Default)]
pub struct CohortInfo {
    pub declared: bool,
    pub parent: Option<String>,
    /// The Cohort's own `spec.resourceGroups`.
    pub own: Vec<Quota>,
    /// Indexes into [`QuotaModel::cqs`].
    pub cqs: Vec<usize>,
    pub children: Vec<String>,
}

/// A cohort's pool for one flavor × resource.
#[derive(Debug, Clone, PartialEq)]
pub struct Pool {
    pub flavor: String,
    pub resource: String,
    pub total: Nanos,
    /// Who puts how much into the pool: (name, share, nominal).
    pub parts: Vec<(String, Nanos, Nanos)>,
    /// The ClusterQueues of the cohort's subtree that borrow now, and how much.
    pub borrowers: Vec<(String, Nanos)>,
    /// Who the borrowed quota comes from, when the objects tell it unambiguously.
    pub lenders: Vec<(String, Nanos)>,
}

impl Pool {
    fn borrowed(&self) -> Nanos {
        self.borrowers.iter().map(|b| b.1).sum()
    }
}

pub struct QuotaModel<'a> {
    pub cqs: Vec<CqInfo<'a>>,
    pub cohorts: BTreeMap<String, CohortInfo>,
    /// (ClusterQueue, flavor, resource) → what it lends now and to whom, where that is known.
    lending: BTreeMap<(String, String, String), (Nanos, Vec<String>)>,
}

impl<'a> QuotaModel<'a> {
    pub fn new(cqs: &'a [Value], cohort_objs: &'a [Value]) -> Self {
        let mut cohorts: BTreeMap<String, CohortInfo> = BTreeMap::new();
        for co in cohort_objs {
            let name = s(co, "/metadata/name").to_string();
            let parent = Some(s(co, "/spec/parentName")).filter(|p| !p.is_empty()).map(str::to_string);
            let e = cohorts.entry(name).or_default();
            e.declared = true;
            e.parent = parent.clone();
            e.own = quotas(co);
            if let Some(p) = parent {
                cohorts.entry(p).or_default();
            }
        }
        let cqs: Vec<CqInfo> = cqs
            .iter()
            .map(|cq| CqInfo {
                obj: cq,
                name: s(cq, "/metadata/name"),
                cohort: Some(s(cq, "/spec/cohortName")).filter(|c| !c.is_empty()),
                quotas: quotas(cq),
            })
            .collect();
        for (i, cq) in cqs.iter().enumerate() {
            if let Some(c) = cq.cohort {
                cohorts.entry(c.to_string()).or_default().cqs.push(i);
            }
        }
        let links: Vec<(String, String)> = cohorts.iter().filter_map(|(n, c)| c.parent.clone().map(|p| (p, n.clone()))).collect();
        for (parent, child) in links {
            if let Some(p) = cohorts.get_mut(&parent) {
                p.children.push(child);
            }
        }
        let mut model = QuotaModel { cqs, cohorts, lending: BTreeMap::new() };
        let roots: Vec<String> = model.cohorts.iter().filter(|(_, c)| c.parent.is_none()).map(|(n, _)| n.clone()).collect();
        for root in roots {
            for pool in model.pools(&root) {
                for (who, n) in &pool.lenders {
                    if !model.cqs.iter().any(|c| c.name == who) {
                        continue;
                    }
                    let to = pool.borrowers.iter().filter(|b| &b.0 != who).map(|b| b.0.clone()).collect();
                    model.lending.insert((who.clone(), pool.flavor.clone(), pool.resource.clone()), (*n, to));
                }
            }
        }
        model
    }

    /// The ClusterQueues and cohorts in a cohort's subtree (itself included), cycle-safe.
    fn subtree(&self, name: &str) -> (Vec<usize>, Vec<String>) {
        let (mut cqs, mut names) = (Vec::new(), Vec::new());
        let mut seen = BTreeSet::new();
        let mut stack = vec![name.to_string()];
        while let Some(n) = stack.pop() {
            if !seen.insert(n.clone()) {
                continue;
            }
            if let Some(c) = self.cohorts.get(&n) {
                cqs.extend(&c.cqs);
                stack.extend(c.children.iter().rev().cloned());
            }
            names.push(n);
        }
        (cqs, names)
    }

    /// A cohort's pool per flavor × resource: its own quota, its ClusterQueues' lendable nominal
    /// quota and its child cohorts' pools; who borrows now and, for a root cohort, who lends.
    pub fn pools(&self, name: &str) -> Vec<Pool> {
        self.pools_guarded(name, &mut BTreeSet::new())
    }

    fn pools_guarded(&self, name: &str, seen: &mut BTreeSet<String>) -> Vec<Pool> {
        let Some(co) = self.cohorts.get(name) else { return Vec::new() };
        if !seen.insert(name.to_string()) {
            return Vec::new();
        }
        let mut pools: BTreeMap<(String, String), Pool> = BTreeMap::new();
        let mut add = |key: (String, String), who: String, share: Nanos, nominal: Nanos| {
            let p = pools.entry(key.clone()).or_insert_with(|| Pool {
                flavor: key.0,
                resource: key.1,
                total: 0,
                parts: Vec::new(),
                borrowers: Vec::new(),
                lenders: Vec::new(),
            });
            p.total += share;
            p.parts.push((who, share, nominal));
        };
        for q in &co.own {
            add(q.key(), name.to_string(), q.nominal, q.nominal);
        }
        for &i in &co.cqs {
            for q in &self.cqs[i].quotas {
                add(q.key(), self.cqs[i].name.to_string(), q.pool_share(), q.nominal);
            }
        }
        for child in &co.children {
            let limits = self.cohorts.get(child).map(|c| c.own.clone()).unwrap_or_default();
            for p in self.pools_guarded(child, seen) {
                let limit = limits.iter().find(|q| q.flavor == p.flavor && q.resource == p.resource).and_then(|q| q.lending_limit);
                let share = limit.map_or(p.total, |l| l.min(p.total));
                add((p.flavor, p.resource), child.clone(), share, p.total);
            }
        }
        let (sub_cqs, sub_cohorts) = self.subtree(name);
        let root = co.parent.is_none();
        for pool in pools.values_mut() {
            let key = (pool.flavor.clone(), pool.resource.clone());
            let mut sources: Vec<(String, Nanos)> = Vec::new();
            for &i in &sub_cqs {
                if let Some(q) = self.cqs[i].quotas.iter().find(|q| q.key() == key) {
                    if q.borrowed > 0 {
                        pool.borrowers.push((self.cqs[i].name.to_string(), q.borrowed));
                    }
                    if q.lendable_idle() > 0 {
                        sources.push((self.cqs[i].name.to_string(), q.lendable_idle()));
                    }
                }
            }
            for n in &sub_cohorts {
                if let Some(q) = self.cohorts.get(n).and_then(|c| c.own.iter().find(|q| q.key() == key)) {
                    if q.nominal > 0 {
                        sources.push((n.clone(), q.nominal));
                    }
                }
            }
            // Kueue does not say whose quota a borrower uses; the objects tell it only when a
            // root cohort has one source, or sources that are all in use.
            let borrowed = pool.borrowed();
            if root && borrowed > 0 {
                if let [(who, idle)] = sources.as_slice() {
                    pool.lenders.push((who.clone(), borrowed.min(*idle)));
                } else if sources.iter().map(|s| s.1).sum::<Nanos>() == borrowed {
                    pool.lenders = sources;
                }
            }
        }
        pools.into_values().collect()
    }

    /// What a ClusterQueue lends now of one flavor × resource, and to whom, when that is known.
    pub fn lent_by(&self, cq: &str, flavor: &str, resource: &str) -> Option<(Nanos, Vec<String>)> {
        self.lending.get(&(cq.to_string(), flavor.to_string(), resource.to_string())).cloned()
    }

    /// Who lends to a ClusterQueue now, and how much, where that is known.
    fn lenders_to(&self, cq: &str, flavor: &str, resource: &str) -> Vec<(String, Nanos)> {
        self.lending
            .iter()
            .filter(|((who, f, r), (n, to))| who != cq && f == flavor && r == resource && *n > 0 && to.iter().any(|b| b == cq))
            .map(|((who, ..), (n, _))| (who.clone(), *n))
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// The workload model: priority and preemption, read from Workload conditions.
// ---------------------------------------------------------------------------------------------

/// A Workload's priority, when it has one: (value, class name).
pub fn priority(w: &Value) -> Option<(i64, Option<&str>)> {
    let class = Some(s(w, "/spec/priorityClassRef/name")).filter(|n| !n.is_empty());
    let value = w.pointer("/spec/priority").and_then(Value::as_i64);
    match (value, class) {
        (Some(v), c) if v != 0 || c.is_some() => Some((v, c)),
        (None, Some(c)) => Some((0, Some(c))),
        _ => None,
    }
}

/// What Kueue's `Preempted` condition says about a Workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Preemption {
    /// `InClusterQueue`, `InCohortReclamation`, `InCohortReclaimWhileBorrowing`, `InCohortFairSharing`.
    pub reason: String,
    pub message: String,
    /// The preemptor Workload's UID, from "Preempted to accommodate a workload (UID: …, …)".
    pub preemptor_uid: String,
    pub preemptor_cq: String,
    pub preemptee_cq: String,
    /// True while the condition holds; false once the Workload got quota again ("Previously: …").
    pub current: bool,
}

fn after<'a>(text: &'a str, marker: &str, ends: &[char]) -> &'a str {
    text.find(marker).map_or("", |i| {
        let rest = &text[i + marker.len()..];
        rest.find(ends).map_or(rest, |e| &rest[..e]).trim()
    })
}

fn last_segment(path: &str) -> String {
    path.rsplit('/').next().unwrap_or("").to_string()
}

pub fn preemption(w: &Value) -> Option<Preemption> {
    let c = condition(w, "Preempted")?;
    let message = s(c, "/message");
    let current = c["status"] == "True";
    let preemptor_uid = after(message, "(UID: ", &[',', ')']).to_string();
    if preemptor_uid.is_empty() {
        return None;
    }
    // While it holds, the reason is the preemption's; afterwards the reason is the new state's, and
    // the Evicted condition keeps the message only, so the reason is read back from the message.
    let reason = if current {
        s(c, "/reason").to_string()
    } else if message.contains("reclamation within the cohort while borrowing") {
        "InCohortReclaimWhileBorrowing".into()
    } else if message.contains("reclamation within the cohort") {
        "InCohortReclamation".into()
    } else if message.contains("Fair Sharing") {
        "InCohortFairSharing".into()
    } else {
        "InClusterQueue".into()
    };
    Some(Preemption {
        reason,
        message: message.to_string(),
        preemptor_uid,
        preemptor_cq: last_segment(after(message, "preemptor path: ", &[';'])),
        preemptee_cq: last_segment(after(message, "preemptee path: ", &[';'])),
        current,
    })
}

/// Kueue's reason for a pending, preempting or preempted Workload, in plain words.
pub fn explain_reason(reason: &str, lang: Lang) -> &'static str {
    match reason {
        "WaitingForQuota" | "Pending" => lang.pick(
            "쿼터가 지금은 찼습니다. 앞의 작업이 끝나 쿼터가 풀리면 차례대로 들어갑니다.",
            "The quota is in use right now. It gets in, in order, once earlier work frees the quota.",
        ),
        "ExceedsMaxQuota" => lang.pick(
            "ClusterQueue 쿼터 전체보다 큰 요청입니다. 쿼터를 올리거나 요청을 줄이지 않으면 영원히 기다립니다.",
            "It asks for more than the ClusterQueue's whole quota. It waits forever unless the quota grows or the request shrinks.",
        ),
        "NoMatchingFlavor" => lang.pick(
            "요청한 자원이 ClusterQueue 의 어떤 플레이버에도 없습니다. coveredResources 를 확인하세요.",
            "No flavor of the ClusterQueue offers a resource it asks for. Check coveredResources.",
        ),
        "Suspended" | "Inadmissible" | "Misconfigured" => lang.pick(
            "큐가 작업을 받을 수 없는 상태입니다(없는 ClusterQueue·플레이버, 또는 멈춘 큐). 큐의 Active 조건을 보세요.",
            "Its queue cannot take work (a missing ClusterQueue or flavor, or a stopped queue). Look at the queue's Active condition.",
        ),
        "WaitingForPreemptedWorkloads" => lang.pick(
            "이 작업이 들어갈 자리를 만들려고 Kueue 가 다른 작업을 선점(preempt)했습니다. 그 작업들이 멈추고 쿼터를 돌려주면 들어갑니다.",
            "Kueue has preempted other workloads to make room for this one. It gets in once they have stopped and given their quota back.",
        ),
        "InClusterQueue" => lang.pick(
            "같은 ClusterQueue 에 우선순위가 더 높은 작업이 들어와야 해서, 우선순위가 낮은 이 작업이 멈췄습니다(preemption.withinClusterQueue).",
            "A higher-priority workload in the same ClusterQueue needed the quota, so this lower-priority one was stopped (preemption.withinClusterQueue).",
        ),
        "InCohortReclamation" => lang.pick(
            "이 작업은 코호트의 다른 ClusterQueue 에게서 빌린 쿼터로 돌고 있었습니다. 그 큐가 자기 몫(nominalQuota)을 쓰려고 되찾았습니다(preemption.reclaimWithinCohort).",
            "This workload ran on quota borrowed from another ClusterQueue of the cohort. That queue needed its own nominal quota and took it back (preemption.reclaimWithinCohort).",
        ),
        "InCohortReclaimWhileBorrowing" => lang.pick(
            "다른 ClusterQueue 의 우선순위가 더 높은 작업이, 자신도 빌려 쓰면서, 이 작업이 빌려 쓰던 쿼터를 가져갔습니다(preemption.borrowWithinCohort).",
            "A higher-priority workload of another ClusterQueue, itself borrowing, took the quota this workload had borrowed (preemption.borrowWithinCohort).",
        ),
        "InCohortFairSharing" => lang.pick(
            "공정 분배: 이 작업의 ClusterQueue 가 코호트에서 제 몫보다 많이 쓰고 있어서, 제 몫보다 덜 쓰는 큐의 작업에 자리를 내주었습니다.",
            "Fair sharing: this workload's ClusterQueue used more than its fair share of the cohort, so it made room for a queue using less than its share.",
        ),
        "Preempted" => lang.pick(
            "다른 작업에 자리를 내주려고 Kueue 가 이 작업을 멈췄습니다(선점).",
            "Kueue stopped this workload to make room for another one (preemption).",
        ),
        _ => lang.pick("Kueue 가 아직 이 Workload 를 살펴보지 않았습니다.", "Kueue has not looked at this Workload yet."),
    }
}

/// A preemption's reason in a few words, naming the ClusterQueues involved.
fn short_reason(p: &Preemption, lang: Lang) -> String {
    let (by, of) = (&p.preemptor_cq, &p.preemptee_cq);
    match p.reason.as_str() {
        "InClusterQueue" => tr!(
            lang,
            "같은 ClusterQueue {by} 의 더 높은 우선순위 작업에 자리를 내줌",
            "a higher-priority workload in the same ClusterQueue {by} needed the quota"
        ),
        "InCohortReclamation" => {
            tr!(lang, "{by}: {of} 에 빌려준 자기 쿼터를 되찾음", "{by} took back its own quota, which {of} had borrowed")
        }
        "InCohortReclaimWhileBorrowing" => tr!(
            lang,
            "빌려 쓰는 {by} 의 더 높은 우선순위 작업이 {of} 의 빌린 쿼터를 가져감",
            "a higher-priority workload of {by}, itself borrowing, took the quota {of} had borrowed"
        ),
        "InCohortFairSharing" => tr!(
            lang,
            "공정 분배: {of} 의 사용량이 제 몫보다 많아 {by} 에 돌려줌",
            "fair sharing: {of} used more than its share, so {by} got it back"
        ),
        other => other.to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

pub fn view(c: &Cluster, lang: Lang) -> Html {
    if crate::cluster_summary::is_big(c) {
        return crate::cluster_summary::view(c, lang);
    }
    html! {
        <div class="cluster-view" data-testid="cluster-view">
            { gpus(c, lang) }
            { cluster_queues(c, lang) }
            { local_queues(c, lang) }
            { workloads(c, lang) }
            { events(c, lang) }
        </div>
    }
}

/// Text that may be long: one line, cut with an ellipsis, the whole of it in the tooltip.
fn name(text: &str) -> Html {
    html! { <span class="name" title={text.to_string()}>{ text }</span> }
}

/// What the pane knows of the pod holding a GPU: deleted and in its grace period (`kubectl get
/// pods` says `Terminating`), and whether Kueue admitted it — a pod whose Job has no Workload
/// (no queue label) or that has no Job walked past Kueue, and no ClusterQueue counts its GPU.
struct SlotPod {
    terminating: bool,
    bypassed: bool,
}

fn slot_pod(c: &Cluster, key: &str, kueue_jobs: &BTreeSet<&str>) -> SlotPod {
    let (ns, pod_name) = key.split_once('/').unwrap_or(("", key));
    let Some(pod) = c.api.get_arc(kind_info("Pod"), ns, pod_name) else { return SlotPod { terminating: false, bypassed: false } };
    let terminating = pod.pointer("/metadata/deletionTimestamp").is_some_and(|t| !t.is_null());
    let owners = pod.pointer("/metadata/ownerReferences").and_then(Value::as_array).cloned().unwrap_or_default();
    let bypassed = match owners.iter().find(|o| o["kind"] == "Job") {
        // A Job of Kueue's, or one already deleted (its Workload went with it: nothing to tell).
        Some(job) => {
            let uid = s(job, "/uid");
            let exists = c.api.get_arc(kind_info("Job"), ns, s(job, "/name")).is_some_and(|j| s(j, "/metadata/uid") == uid);
            exists && !kueue_jobs.contains(uid)
        }
        // A plain pod: the simulator does not model Kueue's pod integration, it runs ungated.
        None => owners.is_empty(),
    };
    SlotPod { terminating, bypassed }
}

fn gpus(c: &Cluster, lang: Lang) -> Html {
    let workloads = list(c, "Workload");
    // The Jobs Kueue manages: those a Workload belongs to.
    let kueue_jobs: BTreeSet<&str> = sim_core::sort::set_from(
        workloads
            .iter()
            .filter_map(|w| w.pointer("/metadata/ownerReferences").and_then(Value::as_array))
            .flatten()
            .filter(|o| o["kind"] == "Job")
            .map(|o| s(o, "/uid")),
    );
    let mut bypassing: Vec<String> = Vec::new();
    let (mut any_used, mut any_terminating) = (false, false);
    let nodes = c.gpu_slots.iter().map(|(node, slots)| {
        let cells = slots.iter().enumerate().map(|(i, holder)| {
            let Some(pod) = holder else {
                let free = lang.pick("비어 있음", "free");
                return html! { <li class="slot free" data-testid="gpu-slot" title={free}><b>{ format!("GPU {i}") }</b><span>{ free }</span></li> };
            };
            any_used = true;
            let info = slot_pod(c, pod, &kueue_jobs);
            any_terminating |= info.terminating;
            if info.bypassed && !bypassing.contains(pod) {
                bypassing.push(pod.clone());
            }
            let class = classes!("slot", "used", info.terminating.then_some("terminating"), info.bypassed.then_some("bypassed"));
            html! {
                <li {class} data-testid="gpu-slot" title={pod.clone()} data-terminating={info.terminating.to_string()} data-bypassed={info.bypassed.to_string()}>
                    <b>{ format!("GPU {i}") }</b><span>{ pod }</span>
                    if info.terminating || info.bypassed {
                        <span class="marks">
                            if info.terminating { <em class="mark-terminating" data-testid="slot-terminating">{ "Terminating" }</em> }
                            if info.bypassed { <em class="mark-bypassed" data-testid="slot-bypassed">{ lang.pick("Kueue 우회", "bypassed Kueue") }</em> }
                        </span>
                    }
                </li>
            }
        });
        let cells: Vec<Html> = cells.collect();
        html! { <div class="node"><h4>{ name(node) }</h4><ul class="slots">{ for cells }</ul></div> }
    });
    let nodes: Vec<Html> = nodes.collect();
    let item = |class: &'static str, text: &'static str| {
        html! { <li><span class={classes!("swatch", class)} aria-hidden="true"></span>{ text }</li> }
    };
    let note = (!bypassing.is_empty()).then(|| {
        let (n, who) = (bypassing.len(), bypassing.join(", "));
        tr!(
            lang,
            "Kueue 를 거치지 않은 파드 {n}개가 GPU 를 쓰고 있습니다 ({who}). 큐 라벨이 없어 Workload 가 없으니, 어떤 ClusterQueue 의 쿼터 막대에도 잡히지 않습니다.",
            "{n} pod(s) hold GPUs without going through Kueue ({who}). With no queue label they have no Workload, so no ClusterQueue's quota bar counts them."
        )
    });
    html! {
        <section><h3>{ lang.pick("노드의 GPU", "GPUs on the node") }</h3>
            { for nodes }
            if any_used {
                <ul class="legend" data-testid="gpu-legend" aria-label={lang.pick("GPU 범례", "GPU legend")}>
                    { item("slot-used", lang.pick("파드가 쓰는 중", "in use by a pod")) }
                    if !bypassing.is_empty() { { item("slot-bypassed", lang.pick("Kueue 우회: 큐 라벨 없이 바로 실행됨, 쿼터에 안 잡힘", "bypassed Kueue: ran without the queue label, counted in no quota")) } }
                    if any_terminating { { item("slot-terminating", lang.pick("Terminating: 삭제되어 유예 시간 동안 멈추는 중", "Terminating: deleted, stopping within its grace period")) } }
                </ul>
            }
            if let Some(note) = note { <p class="gpu-note" data-testid="gpu-bypass-note">{ note }</p> }
        </section>
    }
}

/// What the bar's parts mean, in words beside their patterns (borrowing and lending only where
/// there is a cohort to borrow from).
fn legend(lang: Lang, sharing: bool) -> Html {
    let item = |class: &'static str, text: &'static str| {
        html! { <li><span class={classes!("swatch", class)} aria-hidden="true"></span>{ text }</li> }
    };
    html! {
        <ul class="legend" data-testid="quota-legend" aria-label={lang.pick("막대 범례", "Bar legend")}>
            { item("own", lang.pick("자기 몫 사용", "own quota in use")) }
            if sharing {
                { item("borrowed", lang.pick("코호트에서 빌림", "borrowed from the cohort")) }
                { item("lent", lang.pick("놀아서 빌려줌", "idle, lent out")) }
                { item("mark", lang.pick("명목 쿼터 경계", "nominal quota")) }
            }
        </ul>
    }
}

pub(crate) fn cluster_queues(c: &Cluster, lang: Lang) -> Html {
    let cq_objs = list(c, "ClusterQueue");
    let cohort_objs = list(c, "Cohort");
    let title = lang.pick("ClusterQueue 쿼터 (예약 / 명목)", "ClusterQueue quota (reserved / nominal)");
    if cq_objs.is_empty() && cohort_objs.is_empty() {
        return html! { <section><h3>{ title }</h3><p class="empty">{ lang.pick("아직 없습니다.", "None yet.") }</p></section> };
    }
    let model = QuotaModel::new(&cq_objs, &cohort_objs);
    let mut shown = BTreeSet::new();
    let roots: Vec<&String> = model.cohorts.iter().filter(|(_, c)| c.parent.is_none()).map(|(n, _)| n).collect();
    let mut trees: Vec<Html> = roots.into_iter().map(|r| cohort_view(&model, r, lang, &mut shown)).collect();
    // Cohorts in a parent cycle have no root; show them anyway.
    let rest: Vec<String> = model.cohorts.keys().filter(|n| !shown.contains(*n)).cloned().collect();
    for n in rest {
        trees.push(cohort_view(&model, &n, lang, &mut shown));
    }
    let loose: Vec<Html> = model.cqs.iter().filter(|cq| cq.cohort.is_none()).map(|cq| cq_view(&model, cq, lang)).collect();
    let any_cohort = !model.cohorts.is_empty();
    html! {
        <section data-testid="quota">
            <h3>{ title }</h3>
            { legend(lang, any_cohort) }
            { for trees }
            if any_cohort && !loose.is_empty() {
                <h4 class="loose">{ lang.pick("코호트 없음 (빌리지도 빌려주지도 않음)", "No cohort (neither borrows nor lends)") }</h4>
            }
            { for loose }
        </section>
    }
}

fn cohort_view(model: &QuotaModel, cohort: &str, lang: Lang, shown: &mut BTreeSet<String>) -> Html {
    if !shown.insert(cohort.to_string()) {
        return html! {};
    }
    let Some(co) = model.cohorts.get(cohort) else { return html! {} };
    let pools = model.pools(cohort).into_iter().map(|p| {
        let (flavor, r) = (&p.flavor, &p.resource);
        let total = qty(r, p.total);
        let parts = p
            .parts
            .iter()
            .map(|(who, share, nominal)| {
                let (share, nominal) = (qty(r, *share), qty(r, *nominal));
                if share == nominal { format!("{who} {share}") } else { tr!(lang, "{who} {share}(명목 {nominal} 중)", "{who} {share} (of {nominal})") }
            })
            .collect::<Vec<_>>()
            .join(" + ");
        let borrowed = qty(r, p.borrowed());
        let borrowers = p.borrowers.iter().map(|b| b.0.as_str()).collect::<Vec<_>>().join(", ");
        let lenders = p
            .lenders
            .iter()
            .map(|(who, n)| {
                let n = qty(r, *n);
                tr!(lang, "{who} 의 놀고 있는 쿼터 {n}", "{who} lends its idle {n}")
            })
            .collect::<Vec<_>>()
            .join(", ");
        let flow = if p.borrowed() == 0 {
            None
        } else if lenders.is_empty() {
            Some(tr!(lang, "빌려 쓰는 중: {borrowers} (합계 {borrowed})", "{borrowers} borrows {borrowed} now"))
        } else {
            Some(tr!(lang, "빌려 쓰는 중: {borrowers} (합계 {borrowed}) ← {lenders}", "{borrowers} borrows {borrowed} now: {lenders}"))
        };
        html! {
            <div class="pool" data-testid="cohort-pool" data-flavor={p.flavor.clone()} data-resource={p.resource.clone()} data-total={total.clone()} data-borrowed={borrowed}>
                <p>{ tr!(lang, "풀 {flavor} · {r}: {total} = {parts}", "Pool {flavor} · {r}: {total} = {parts}") }</p>
                if let Some(flow) = flow { <p class="flow" data-testid="cohort-flow">{ flow }</p> }
            </div>
        }
    });
    let members = co.cqs.iter().map(|&i| cq_view(model, &model.cqs[i], lang));
    let children: Vec<Html> = co.children.iter().map(|ch| cohort_view(model, ch, lang, shown)).collect();
    let label = tr!(lang, "코호트 {cohort}", "Cohort {cohort}");
    html! {
        <div class="cohort" data-testid="cohort" data-name={cohort.to_string()} role="group" aria-label={label}>
            <h4 class="cohort-head">
                <span class="tag">{ lang.pick("코호트", "Cohort") }</span>{ " " }{ name(cohort) }
                if let Some(p) = &co.parent { <small>{ tr!(lang, " ⊂ 상위 코호트 {p}", " ⊂ parent cohort {p}") }</small> }
                if !co.declared { <small title={lang.pick("Cohort 오브젝트 없이 이름으로만 묶였습니다", "No Cohort object: grouped by name only")}>{ lang.pick(" (이름만)", " (by name)") }</small> }
            </h4>
            { for pools }
            if co.cqs.is_empty() && co.children.is_empty() {
                <p class="empty">{ lang.pick("아직 이 코호트에 든 ClusterQueue 가 없습니다.", "No ClusterQueue in this cohort yet.") }</p>
            }
            { for members }
            { for children }
        </div>
    }
}

fn cq_view(model: &QuotaModel, cq: &CqInfo, lang: Lang) -> Html {
    let cq_name = cq.name;
    let (state, why) = match condition(cq.obj, "Active") {
        Some(a) if a["status"] == "True" => ("Active".to_string(), String::new()),
        Some(a) => (format!("Inactive ({})", s(a, "/reason")), s(a, "/message").to_string()),
        None => ("…".to_string(), String::new()),
    };
    let bars = cq.quotas.iter().map(|q| quota_view(model, cq, q, lang));
    let pending = cq.obj.pointer("/status/pendingWorkloads").and_then(Value::as_i64).unwrap_or(0);
    let admitted = cq.obj.pointer("/status/admittedWorkloads").and_then(Value::as_i64).unwrap_or(0);
    html! {
        <div class="cq" data-testid="cq" data-name={cq_name.to_string()} data-cohort={cq.cohort.unwrap_or("").to_string()}>
            <h4>{ name(cq_name) }<small>{ format!(" {state}") }</small></h4>
            if !why.is_empty() { <p class="why">{ why }</p> }
            { for bars }
            <p class="counts">{ format!("{} {admitted} · {} {pending}", lang.pick("입장", "admitted"), lang.pick("대기", "pending")) }</p>
        </div>
    }
}

fn pct(part: Nanos, scale: Nanos) -> String {
    let p = if scale > 0 { (part as f64 * 100.0 / scale as f64).clamp(0.0, 100.0) } else { 0.0 };
    format!("{p:.2}%")
}

fn quota_view(model: &QuotaModel, cq: &CqInfo, q: &Quota, lang: Lang) -> Html {
    let r = q.resource.as_str();
    let (total, nominal, own, borrowed, idle) = (qty(r, q.total), qty(r, q.nominal), qty(r, q.own()), qty(r, q.borrowed), qty(r, q.idle()));
    let cohort = cq.cohort.unwrap_or("");
    let lent = cq.cohort.and_then(|_| model.lent_by(cq.name, &q.flavor, r)).filter(|l| l.0 > 0);
    let lent_n = lent.as_ref().map_or(0, |l| l.0);
    let in_cohort = cq.cohort.is_some();
    let scale = q.nominal.max(q.total).max(if in_cohort { q.nominal + q.borrowing_limit.unwrap_or(0) } else { 0 });
    // The sentence a learner reads: own part, borrowed part and from whom, idle part and to whom.
    let detail = if q.borrowed > 0 {
        let lenders = model
            .lenders_to(cq.name, &q.flavor, r)
            .into_iter()
            .map(|(who, n)| {
                let n = qty(r, n);
                tr!(lang, "{who} 의 놀고 있는 쿼터 {n}", "{who} lends its idle {n}")
            })
            .collect::<Vec<_>>()
            .join(", ");
        let base = tr!(
            lang,
            "{total} 사용 = 자기 몫 {own} + 코호트 {cohort} 에서 빌린 {borrowed}",
            "uses {total} = {own} of its own + {borrowed} borrowed from the cohort {cohort}"
        );
        Some(if lenders.is_empty() { base } else { tr!(lang, "{base} (← {lenders})", "{base} ({lenders})") })
    } else if in_cohort {
        let base = tr!(lang, "자기 몫 {nominal} 중 {own} 사용", "uses {own} of its own {nominal}");
        let rest = if let Some((n, to)) = &lent {
            let (n, to) = (qty(r, *n), to.join(", "));
            tr!(lang, "; 놀고 있는 {idle} 중 {n} 만큼 {to} 에 빌려줌", "; lends {n} of its idle {idle} to {to}")
        } else if q.idle() > 0 && q.lendable_idle() == 0 {
            tr!(lang, "; 놀고 있지만 빌려주지 않음: {idle} (lendingLimit 0)", "; its idle {idle} is kept back (lendingLimit 0)")
        } else if q.idle() > 0 {
            let l = qty(r, q.lendable_idle());
            if q.lendable_idle() < q.idle() {
                tr!(
                    lang,
                    "; 놀고 있는 {idle} 중 {l} 까지 {cohort} 의 다른 큐가 빌려 쓸 수 있음",
                    "; of its idle {idle}, up to {l} may be borrowed by others in {cohort}"
                )
            } else {
                tr!(
                    lang,
                    "; 놀고 있는 {idle} 만큼 {cohort} 의 다른 큐가 빌려 쓸 수 있음",
                    "; its idle {idle} may be borrowed by others in {cohort}"
                )
            }
        } else {
            String::new()
        };
        Some(base + &rest)
    } else {
        None
    };
    let mut limits = Vec::new();
    if let Some(b) = q.borrowing_limit {
        let b = qty(r, b);
        limits.push(tr!(lang, "빌리기 한도 {b} (borrowingLimit)", "borrowing limit {b} (borrowingLimit)"));
    }
    if let Some(l) = q.lending_limit {
        let l = qty(r, l);
        limits.push(tr!(lang, "빌려주기 한도 {l} (lendingLimit)", "lending limit {l} (lendingLimit)"));
    }
    let summary = {
        let mut t = tr!(lang, "자기 몫 {own} 사용", "{own} own in use");
        if q.borrowed > 0 {
            t += &tr!(lang, ", 빌림 {borrowed}", ", {borrowed} borrowed");
        }
        if lent_n > 0 {
            let n = qty(r, lent_n);
            t += &tr!(lang, ", 빌려줌 {n}", ", {n} lent out");
        }
        t + &tr!(lang, "; 명목 쿼터 {nominal}", "; nominal quota {nominal}")
    };
    let full = q.nominal > 0 && q.own() >= q.nominal && q.borrowed == 0;
    let label = format!("{} · {}", q.flavor, q.resource);
    html! {
        <div class="quota" data-testid="quota" data-flavor={q.flavor.clone()} data-resource={q.resource.clone()}>
            <div class="bar-row" data-testid="quota-bar" data-resource={q.resource.clone()} data-flavor={q.flavor.clone()}
                data-total={total.clone()} data-nominal={nominal.clone()} data-borrowed={borrowed.clone()} data-lent={qty(r, lent_n)}>
                <span class="res" title={label.clone()}>{ label }</span>
                <span class="bar" role="img" aria-label={summary.clone()} title={summary}>
                    <span class={classes!("seg", "own", full.then_some("full"))} style={format!("width:{}", pct(q.own(), scale))}></span>
                    if lent_n > 0 { <span class="seg lent" style={format!("width:{}", pct(lent_n, scale))}></span> }
                    if q.borrowed > 0 { <span class="seg borrowed" style={format!("width:{}", pct(q.borrowed, scale))}></span> }
                    if scale > q.nominal && q.nominal > 0 { <span class="mark" style={format!("left:{}", pct(q.nominal, scale))}></span> }
                </span>
                <span class="num">{ format!("{total} / {nominal}") }</span>
            </div>
            if let Some(d) = detail { <p class="detail" data-testid="quota-detail">{ d }</p> }
            if !limits.is_empty() { <p class="limits" data-testid="quota-limits">{ limits.join(" · ") }</p> }
        </div>
    }
}

fn local_queues(c: &Cluster, lang: Lang) -> Html {
    let lqs = list(c, "LocalQueue");
    if lqs.is_empty() {
        return html! {};
    }
    // A list rather than a table: it wraps at any width.
    let items = lqs.iter().map(|lq| {
        let active = condition(lq, "Active").is_some_and(|a| a["status"] == "True");
        let lq_name = format!("{}/{}", s(lq, "/metadata/namespace"), s(lq, "/metadata/name"));
        let cq = s(lq, "/spec/clusterQueue");
        let pending = lq.pointer("/status/pendingWorkloads").and_then(Value::as_i64).unwrap_or(0);
        let admitted = lq.pointer("/status/admittedWorkloads").and_then(Value::as_i64).unwrap_or(0);
        html! {
            <li class={classes!("lq", (!active).then_some("inactive"))} data-testid="lq" data-name={lq_name.clone()}>
                <b class="name" title={lq_name.clone()}>{ lq_name }</b>
                <span class="to" title={cq.to_string()}>{ "→ " }{ cq }</span>
                <span class="state">{ if active { "Active" } else { "Inactive" } }</span>
                <span class="counts">{ format!("{} {pending} · {} {admitted}", lang.pick("대기", "pending"), lang.pick("입장", "admitted")) }</span>
            </li>
        }
    });
    html! {
        <section><h3>{ lang.pick("LocalQueue (네임스페이스/이름 → ClusterQueue)", "LocalQueue (namespace/name → ClusterQueue)") }</h3>
            <ul class="lqs">{ for items }</ul>
        </section>
    }
}

/// What the Workload list says about a preemption.
struct Preempted {
    /// "preempted by <preemptor> (<plain reason>)".
    line: String,
    reason: String,
    message: String,
    /// Whether and how it comes back.
    comeback: String,
    current: bool,
    /// The preemptor's priority beside this one's.
    prios: Option<String>,
}

/// A Workload named for a learner: its Job (owner) and namespace/name.
fn workload_label(w: &Value) -> String {
    let (ns, n, owner) = (s(w, "/metadata/namespace"), s(w, "/metadata/name"), s(w, "/metadata/ownerReferences/0/name"));
    if owner.is_empty() {
        format!("{ns}/{n}")
    } else {
        format!("{ns}/{n} ({} {owner})", s(w, "/metadata/ownerReferences/0/kind"))
    }
}

fn workloads(c: &Cluster, lang: Lang) -> Html {
    let wls = list(c, "Workload");
    if wls.is_empty() {
        return html! { <section><h3>{ "Workload" }</h3><p class="empty">{ lang.pick("아직 없습니다. 큐 라벨이 있는 Job 을 넣으면 Kueue 가 만듭니다.", "None yet. Kueue makes one for each Job with the queue label.") }</p></section> };
    }
    let by_uid: BTreeMap<&str, &Value> = sim_core::sort::map_from(wls.iter().map(|w| (s(w, "/metadata/uid"), w)));
    let preemptions: Vec<Option<Preemption>> = wls.iter().map(preemption).collect();
    let items = wls.iter().zip(&preemptions).map(|(w, pre)| {
        let wname = s(w, "/metadata/name");
        let uid = s(w, "/metadata/uid");
        let owner = s(w, "/metadata/ownerReferences/0/name");
        let finished = is_true(w, "Finished");
        let admitted = is_true(w, "Admitted");
        let evicted = is_true(w, "Evicted");
        let reserved = is_true(w, "QuotaReserved");
        let (state, class) = if finished {
            (lang.pick("끝남", "Finished"), "done")
        } else if evicted && reserved {
            (lang.pick("멈추는 중", "Stopping"), "evicting")
        } else if admitted {
            (lang.pick("입장", "Admitted"), "admitted")
        } else {
            (lang.pick("대기", "Pending"), "pending")
        };
        let pending = (!finished && !admitted).then(|| condition(w, "QuotaReserved")).flatten().filter(|q| q["status"] != "True");
        let prio = priority(w).map(|(v, class)| match class {
            Some(cl) => tr!(lang, "우선순위 {v} ({cl})", "priority {v} ({cl})"),
            None => tr!(lang, "우선순위 {v}", "priority {v}"),
        });
        let preempted = pre.as_ref().filter(|p| p.current || admitted || finished).map(|p| {
            let preemptor = by_uid.get(p.preemptor_uid.as_str());
            let by = preemptor.map(|pw| format!("{}/{}", s(pw, "/metadata/namespace"), s(pw, "/metadata/name")));
            // Priorities decide a preemption inside a ClusterQueue or while borrowing.
            let prios = preemptor.and_then(|pw| priority(pw)).map(|(pv, pc)| {
                let mine = priority(w).map_or(0, |m| m.0);
                let pc = pc.map(|c| format!(" ({c})")).unwrap_or_default();
                tr!(lang, "선점한 쪽 우선순위 {pv}{pc} · 이 작업 {mine}", "preemptor's priority {pv}{pc} · this workload's {mine}")
            });
            let by = by.unwrap_or_else(|| {
                let u = &p.preemptor_uid;
                tr!(lang, "이제 없는 Workload (UID {u})", "a workload that is gone (UID {u})")
            });
            let why = short_reason(p, lang);
            let line = if p.current {
                tr!(lang, "{by} 에게 선점당함 ({why})", "preempted by {by} ({why})")
            } else {
                tr!(lang, "예전에 {by} 에게 선점당함 ({why})", "was preempted earlier by {by} ({why})")
            };
            let comeback = if !p.current {
                if finished { lang.pick("그 뒤 다시 들어가 끝났습니다.", "It got back in afterwards and finished.") } else { lang.pick("그 뒤 다시 입장했습니다.", "It has been admitted again since.") }.to_string()
            } else if evicted && reserved {
                lang.pick("파드를 멈추는 중입니다. 멈추면 쿼터를 돌려주고 큐로 돌아갑니다.", "Its pods are stopping; then it gives the quota back and returns to its queue.").to_string()
            } else {
                match condition(w, "Requeued") {
                    Some(rq) if rq["status"] == "True" => lang
                        .pick("돌아오기를 기다리는 중: 큐에 다시 들어가 있고, 쿼터가 나면 다시 입장합니다.", "Waiting to come back: it is in its queue again and is admitted again when quota frees up.")
                        .to_string(),
                    Some(rq) => {
                        let (r, m) = (s(rq, "/reason"), s(rq, "/message"));
                        tr!(lang, "아직 큐로 돌아가지 않았습니다 ({r}: {m}).", "Not back in its queue yet ({r}: {m}).")
                    }
                    None => lang
                        .pick("돌아오기를 기다리는 중: 쿼터가 나면 다시 입장합니다.", "Waiting to come back: it is admitted again when quota frees up.")
                        .to_string(),
                }
            };
            Preempted { line, reason: p.reason.clone(), message: p.message.clone(), comeback, current: p.current, prios }
        });
        // The workloads this one preempted and that have not got back in yet.
        let victims = if uid.is_empty() {
            String::new()
        } else {
            wls.iter()
                .zip(&preemptions)
                .filter(|(_, p)| p.as_ref().is_some_and(|p| p.current && p.preemptor_uid == uid))
                .map(|(v, _)| workload_label(v))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let other_eviction = condition(w, "Evicted").filter(|e| e["status"] == "True" && e["reason"] != "Preempted");
        let head_title = format!("{}/{wname}", s(w, "/metadata/namespace"));
        html! {
            <li class={classes!("wl", class, preempted.as_ref().filter(|p| p.current).map(|_| "preempted"))} data-testid="workload" data-name={wname.to_string()}
                data-state={class} data-preempted={preempted.as_ref().map_or("false", |p| if p.current { "true" } else { "earlier" })}>
                <div class="head">
                    <b title={owner.to_string()}>{ owner }</b>
                    <small title={head_title.clone()}>{ head_title }</small>
                    <span class="state">{ state }</span>
                </div>
                if let Some(p) = prio { <div class="prio" data-testid="workload-priority">{ p }</div> }
                if let Some(Preempted { line, reason, message, comeback, current, prios }) = preempted {
                    <div class={classes!("preemption", (!current).then_some("past"))} data-testid="workload-preempted" data-reason={reason.clone()}>
                        <div class="by">{ line }</div>
                        if let (true, Some(prios)) = (current, prios) { <div class="prio">{ prios }</div> }
                        if current {
                            <div class="plain">{ explain_reason(&reason, lang) }</div>
                            <details><summary>{ lang.pick("Kueue 의 메시지", "Kueue's message") }</summary><code>{ format!("{reason}: {message}") }</code></details>
                        }
                        <div class="comeback" data-testid="workload-comeback">{ comeback }</div>
                    </div>
                }
                if let Some(e) = other_eviction {
                    <div class="reason" data-testid="workload-evicted"><code>{ format!("Evicted {}: {}", s(e, "/reason"), s(e, "/message")) }</code></div>
                }
                if let Some(q) = pending {
                    <div class="reason" data-testid="workload-reason"><code>{ format!("{}: {}", s(q, "/reason"), s(q, "/message")) }</code></div>
                    <div class="plain">{ explain_reason(s(q, "/reason"), lang) }</div>
                }
                if !victims.is_empty() {
                    <div class="preempts" data-testid="workload-preempts">{ tr!(lang, "자리를 만들려고 선점함: {victims}", "preempted to make room: {victims}") }</div>
                }
            </li>
        }
    });
    html! { <section><h3>{ "Workload" }</h3><ul class="wls">{ for items }</ul></section> }
}

fn events(c: &Cluster, lang: Lang) -> Html {
    events_list(c, list(c, "Event"), lang)
}

fn events_list(c: &Cluster, mut evs: Vec<Value>, lang: Lang) -> Html {
    let now = c.now_unix();
    sim_core::sort::sort_by_key(&mut evs, |e| std::cmp::Reverse(parse_rfc3339(s(e, "/lastTimestamp")).unwrap_or(0)));
    // One event a list item (age, reason, object, then the message below): it wraps at any width.
    let items = evs.iter().take(EVENTS_SHOWN).map(|e| {
        let age = parse_rfc3339(s(e, "/lastTimestamp")).map(|t| human_duration(now - t)).unwrap_or_default();
        let warn = e["type"] == "Warning";
        // A warning about an object that no longer exists is history, not a problem now.
        let gone = warn && !involved_exists(c, e);
        let object = format!("{}/{}", s(e, "/involvedObject/kind").to_lowercase(), s(e, "/involvedObject/name"));
        html! {
            <li class={classes!("event", (warn && !gone).then_some("warn"), gone.then_some("gone"))} data-testid="event"
                data-reason={s(e, "/reason").to_string()} data-gone={gone.to_string()}>
                <span class="age">{ age }</span>
                if warn { <span class="type">{ "Warning" }</span> }
                <b class="reason">{ s(e, "/reason") }</b>
                <span class="obj" title={object.clone()}>{ object }</span>
                if gone { <span class="gone-mark" data-testid="event-gone">{ lang.pick("(삭제된 객체)", "(object deleted)") }</span> }
                <div class="msg">{ s(e, "/message") }</div>
            </li>
        }
    });
    html! {
        <section><h3>{ lang.pick("최근 이벤트", "Recent events") }</h3>
            <ol class="events" data-testid="events">{ for items }</ol>
        </section>
    }
}

/// Whether the object an event is about still exists (the same object: its UID when the event
/// names one). Kinds the simulator does not serve count as existing.
fn involved_exists(c: &Cluster, e: &Value) -> bool {
    let kind = s(e, "/involvedObject/kind");
    let Some(info) = sim_core::api::registry::SERVED.iter().find(|k| k.kind == kind) else { return true };
    let ns = if info.namespaced { s(e, "/involvedObject/namespace") } else { "" };
    match c.api.get_arc(info, ns, s(e, "/involvedObject/name")) {
        Some(obj) => {
            let uid = s(e, "/involvedObject/uid");
            uid.is_empty() || s(obj, "/metadata/uid") == uid
        }
        None => false,
    }
}

/// The newest events only, picked without copying the rest (a big cluster has thousands).
pub(crate) fn newest_events(c: &Cluster, lang: Lang) -> Html {
    events_list(c, newest_event_objects(c), lang)
}

/// The Events written last, read backwards from the store's watch log: the recorder writes an
/// Event when it happens (a repeat updates its count and time), so these are the newest, found
/// without a look at the thousands of older ones — drawn a few times a second while a big
/// cluster runs, reading every Event's time cost the page milliseconds each time. When the log
/// (compacted like etcd's) holds fewer Events than are shown, every Event is read by its time.
fn newest_event_objects(c: &Cluster) -> Vec<Value> {
    let store = c.api.store();
    let mut seen = BTreeSet::new();
    let mut newest = Vec::new();
    for change in store.events_since(0).iter().rev().filter(|w| w.key.kind == "Event") {
        if seen.insert((object::namespace(&change.object), object::name(&change.object))) && change.event != WatchType::Deleted {
            newest.push(Value::clone(&change.object));
            if newest.len() == EVENTS_SHOWN {
                return newest;
            }
        }
    }
    if store.has_history_since(0) {
        return newest;
    }
    // Each event's time read once, not at every comparison.
    let mut by_time: Vec<(i64, &std::sync::Arc<Value>)> =
        c.api.iter_kind(kind_info("Event"), None).map(|e| (parse_rfc3339(s(e, "/lastTimestamp")).unwrap_or(0), e)).collect();
    if by_time.len() > EVENTS_SHOWN {
        by_time.select_nth_unstable_by_key(EVENTS_SHOWN, |(time, _)| std::cmp::Reverse(*time));
        by_time.truncate(EVENTS_SHOWN);
    }
    by_time.into_iter().map(|(_, e)| Value::clone(e)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::session::new_session;
    use sim_core::transcript;

    const SCENARIO: &str = include_str!("../../tests/e2e/cluster-view-scenario.sh");
    const MARK: &str = "# -- team-a takes its quota back --";

    fn objects(c: &Cluster) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
        (list(c, "ClusterQueue"), list(c, "Cohort"), list(c, "Workload"))
    }

    fn quota<'a>(m: &'a QuotaModel, cq: &str) -> &'a Quota {
        &m.cqs.iter().find(|c| c.name == cq).unwrap().quotas[0]
    }

    /// The Events the summary shows are the newest, whether they are found in the watch log or,
    /// once the log no longer reaches back to the start, by reading every Event's time.
    #[test]
    fn the_newest_events_are_the_last_written_with_or_without_the_whole_log() {
        let newest_by_time = |c: &Cluster| -> Vec<String> {
            let mut all: Vec<(i64, u64, String)> = list(c, "Event")
                .iter()
                .map(|e| {
                    let rv = s(e, "/metadata/resourceVersion").parse().unwrap();
                    (parse_rfc3339(s(e, "/lastTimestamp")).unwrap(), rv, s(e, "/metadata/name").to_string())
                })
                .collect();
            all.sort();
            all.into_iter().rev().take(EVENTS_SHOWN).map(|(_, _, n)| n).collect()
        };
        let picked = |c: &Cluster| -> Vec<String> {
            let mut v: Vec<(u64, String)> = newest_event_objects(c)
                .iter()
                .map(|e| (s(e, "/metadata/resourceVersion").parse().unwrap(), s(e, "/metadata/name").to_string()))
                .collect();
            v.sort();
            v.into_iter().rev().map(|(_, n)| n).collect()
        };
        let lab = sim_core::lab::Lab::bundled("scale").unwrap().unwrap();
        let mut session = sim_core::session::Session::new(lab, 7);
        session.cluster.advance(10_000);
        assert!(session.cluster.api.store().has_history_since(0), "the whole log, early on");
        assert_eq!(picked(&session.cluster).len(), EVENTS_SHOWN);
        assert_eq!(picked(&session.cluster), newest_by_time(&session.cluster));
        session.cluster.advance(120_000);
        assert!(!session.cluster.api.store().has_history_since(0), "the log compacted, later");
        assert_eq!(picked(&session.cluster), newest_by_time(&session.cluster));
        // A compacted log whose changes are all of other kinds: every Event is read by its time.
        let (_, mut c) = new_session(3);
        c.advance(60_000);
        let now = c.now_unix();
        for i in 0..9_000 {
            let cm = sim_core::json::json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": format!("cm-{i}")}});
            c.api.create(now, kind_info("ConfigMap"), "default", cm, false).unwrap();
        }
        // Routed by the cluster's informers, the changes may leave the log.
        c.settle();
        assert!(!c.api.store().has_history_since(0));
        assert!(c.api.store().events_since(0).iter().all(|w| w.key.kind != "Event"));
        assert_eq!(picked(&c).len(), list(&c, "Event").len().min(EVENTS_SHOWN));
        assert!(!picked(&c).is_empty());
        assert_eq!(picked(&c), newest_by_time(&c));
    }

    #[test]
    fn gpu_holders_that_bypassed_kueue_or_are_terminating_are_told_apart() {
        let lab = sim_core::lab::Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
        let (mut sh, mut c) = sim_core::session::lab_session(&lab, 2026);
        let solution = lab.solution.split("kubectl -n team-a delete job train-1").next().unwrap().to_string();
        transcript::run(&mut sh, &mut c, &solution, 0);
        let holders = |c: &Cluster| -> Vec<(String, bool, bool)> {
            let wls = list(c, "Workload");
            let jobs: BTreeSet<&str> = wls.iter().map(|w| s(w, "/metadata/ownerReferences/0/uid")).collect();
            let mut v: Vec<(String, bool, bool)> = c
                .gpu_slots
                .values()
                .flatten()
                .flatten()
                .map(|k| {
                    let p = slot_pod(c, k, &jobs);
                    (k.rsplit_once('-').map_or(k.as_str(), |(job, _)| job).to_string(), p.bypassed, p.terminating)
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            holders(&c),
            vec![("team-a/sneaky".into(), true, false), ("team-a/train-1".into(), false, false), ("team-a/train-2".into(), false, false)]
        );
        // Deleted, sneaky's pod ignores SIGTERM: Terminating for its 30 s grace, still on its GPU.
        transcript::run(&mut sh, &mut c, "kubectl -n team-a delete job sneaky\nsleep 5\n", 0);
        assert_eq!(holders(&c)[0], ("team-a/sneaky".into(), false, true));
        // The warning events of a Workload or Job that is gone are told apart from live ones.
        let evs = list(&c, "Event");
        let live =
            evs.iter().find(|e| s(e, "/involvedObject/kind") == "Pod" && s(e, "/involvedObject/name").starts_with("train-2")).unwrap();
        assert!(involved_exists(&c, live));
        transcript::run(&mut sh, &mut c, "kubectl -n team-a delete job train-2\nsleep 60\n", 0);
        assert!(!involved_exists(&c, live));
    }

    #[test]
    fn borrowing_lending_and_preemption_read_from_the_objects() {
        let (first, second) = SCENARIO.split_at(SCENARIO.find(MARK).unwrap());
        let (mut sh, mut cluster) = new_session(2026);
        for e in transcript::run(&mut sh, &mut cluster, first, 0) {
            assert_eq!(e.status, 0, "{} → {}", e.input, e.output);
        }
        let (cqs, cohorts, _) = objects(&cluster);
        let m = QuotaModel::new(&cqs, &cohorts);
        let b = quota(&m, "team-b");
        assert_eq!(
            (b.total, b.borrowed, b.own(), b.borrowing_limit),
            (4 * 1_000_000_000, 2_000_000_000, 2_000_000_000, Some(2_000_000_000))
        );
        assert_eq!(quota(&m, "team-a").idle(), 2_000_000_000);
        // The cohort is named only by the ClusterQueues; its pool is both nominal quotas.
        assert!(!m.cohorts["gpu-pool"].declared);
        let pools = m.pools("gpu-pool");
        assert_eq!(pools.len(), 1);
        let g = |n: i128| n * 1_000_000_000;
        assert_eq!(pools[0].total, g(4));
        assert_eq!(pools[0].borrowers, vec![("team-b".to_string(), g(2))]);
        assert_eq!(pools[0].lenders, vec![("team-a".to_string(), g(2))]);
        assert_eq!(m.lent_by("team-a", "fake-gpu", "nvidia.com/gpu"), Some((g(2), vec!["team-b".to_string()])));

        for e in transcript::run(&mut sh, &mut cluster, second, 0) {
            assert_eq!(e.status, 0, "{} → {}", e.input, e.output);
        }
        let (cqs, cohorts, wls) = objects(&cluster);
        let m = QuotaModel::new(&cqs, &cohorts);
        assert_eq!(quota(&m, "team-b").borrowed, g(1));
        assert_eq!(m.lent_by("team-a", "fake-gpu", "nvidia.com/gpu"), Some((g(1), vec!["team-b".to_string()])));
        let a1 = wls.iter().find(|w| s(w, "/metadata/ownerReferences/0/name") == "a1").unwrap();
        assert_eq!(priority(a1), Some((1000, Some("high"))));
        let victims: Vec<(&Value, Preemption)> = wls.iter().filter_map(|w| preemption(w).map(|p| (w, p))).collect();
        assert_eq!(victims.len(), 1);
        let (victim, p) = &victims[0];
        assert_eq!(s(victim, "/metadata/namespace"), "team-b");
        assert_eq!(priority(victim), None);
        assert_eq!(p.preemptor_uid, s(a1, "/metadata/uid"));
        assert_eq!(
            (p.reason.as_str(), p.preemptor_cq.as_str(), p.preemptee_cq.as_str(), p.current),
            ("InCohortReclamation", "team-a", "team-b", true)
        );
        assert_eq!(short_reason(p, Lang::En), "team-a took back its own quota, which team-b had borrowed");

        // Once a1 is done, the victim gets back in: the condition keeps who preempted it.
        transcript::run(&mut sh, &mut cluster, "sleep 120", 0);
        let wls = list(&cluster, "Workload");
        let victim = wls.iter().find(|w| s(w, "/metadata/uid") == s(victim, "/metadata/uid")).unwrap();
        assert!(is_true(victim, "Admitted"));
        let p = preemption(victim).unwrap();
        assert!(!p.current);
        assert_eq!((p.reason.as_str(), p.preemptor_uid.as_str()), ("InCohortReclamation", s(a1, "/metadata/uid")));
    }

    #[test]
    fn limits_and_declared_cohorts() {
        let cq = sim_core::json::json!({
            "metadata": {"name": "x"},
            "spec": {"cohortName": "child", "resourceGroups": [{"flavors": [{"name": "f", "resources": [
                {"name": "cpu", "nominalQuota": "4", "lendingLimit": "1"}]}]}]},
            "status": {"flavorsReservation": [{"name": "f", "resources": [{"name": "cpu", "total": "500m", "borrowed": "0"}]}]}
        });
        let cohorts = vec![
            sim_core::json::json!({"metadata": {"name": "child"}, "spec": {"parentName": "root"}}),
            sim_core::json::json!({"metadata": {"name": "root"}, "spec": {"resourceGroups": [{"flavors": [{"name": "f", "resources": [{"name": "cpu", "nominalQuota": "2"}]}]}]}}),
        ];
        let cqs = vec![cq];
        let m = QuotaModel::new(&cqs, &cohorts);
        let q = &m.cqs[0].quotas[0];
        assert_eq!((q.own(), q.idle(), q.lendable_idle(), q.pool_share()), (500_000_000, 3_500_000_000, 1_000_000_000, 1_000_000_000));
        assert_eq!(m.cohorts["root"].children, vec!["child".to_string()]);
        let root = m.pools("root");
        assert_eq!(root[0].total, 3_000_000_000, "{root:?}");
        assert_eq!(qty("cpu", 500_000_000), "500m");
        assert_eq!(qty("memory", 4 * 1024 * 1024 * 1024 * 1_000_000_000), "4Gi");
        // A cycle of parents does not loop.
        let cyc = vec![
            sim_core::json::json!({"metadata": {"name": "a"}, "spec": {"parentName": "b"}}),
            sim_core::json::json!({"metadata": {"name": "b"}, "spec": {"parentName": "a"}}),
        ];
        let none: Vec<Value> = Vec::new();
        let m = QuotaModel::new(&none, &cyc);
        assert!(m.pools("a").is_empty());
    }
}
