//! Kueue's scheduling cycle (`pkg/scheduler/scheduler.go`, `fair_sharing_iterator.go`): take one
//! head per ClusterQueue, snapshot the cache, find each head a flavor assignment (and preemption
//! targets), order the heads (non-borrowing first, or by dominant resource share under fair
//! sharing), then admit, preempt, or put each back with the reason in Kueue's words.
//!
//! A cycle is planned on the snapshot first and written afterwards, in the order Kueue writes:
//! admissions and preemptions as the heads are processed, then the pending conditions.

use super::fair_sharing::{compare as compare_drs, dominant_resource_share, Drs};
use super::flavor_assigner::{Assigner, Assignment, Mode};
use super::info::WorkloadInfo;
use super::preemption::{can_always_reclaim, get_targets, human_reason, Request, Target};
use super::snapshot::{Fr, NodeId, Snapshot};
use super::workload::{self, set_condition, set_condition_without_generation};
use super::{write_workload_status, KueueState};
use crate::api::object::{get, get_str, name, namespace, parse_rfc3339};
use crate::api::server::kind_info;
use crate::cluster::events::{record, EventType};
use crate::cluster::Cluster;
use crate::json::Value;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::Arc;

const COMPONENT: &str = "kueue-admission";

/// A safety net against a cycle that keeps finding work; never reached by a correct model.
const MAX_CYCLES: usize = 100_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Requeue {
    Generic,
    NoFit,
    NamespaceMismatch,
    PreemptionNoCandidates,
    PendingPreemption,
    FailedAfterNomination,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    NotNominated,
    Skipped,
    Assumed,
}

struct Entry {
    cq_name: String,
    cq: Option<usize>,
    wl: Arc<WorkloadInfo>,
    assignment: Option<Assignment>,
    targets: Vec<Target>,
    status: Status,
    message: String,
    reason: &'static str,
    requeue: Requeue,
}

/// What a cycle decided, in the order it is written.
enum Action {
    Admit { wl: Arc<WorkloadInfo>, cq: String, assignments: Value, considered: String },
    Preempt { preemptor: Arc<WorkloadInfo>, targets: Vec<(Arc<WorkloadInfo>, &'static str, String, String, String)> },
}

pub fn sync(c: &mut Cluster) {
    for _ in 0..MAX_CYCLES {
        c.dispatch();
        let heads = c.kueue.queues.heads(&c.kueue.cache);
        if heads.is_empty() {
            return;
        }
        cycle(c, heads);
    }
}

fn cycle(c: &mut Cluster, heads: Vec<(String, Arc<WorkloadInfo>)>) {
    let now = c.now_unix();
    let generation = c.kueue.cache.generation;
    let (actions, entries) = plan(&c.kueue, heads, now);
    for a in actions {
        apply(c, a);
    }
    for e in entries {
        requeue_and_update(c, e, generation);
    }
}

fn plan(k: &KueueState, heads: Vec<(String, Arc<WorkloadInfo>)>, now: i64) -> (Vec<Action>, Vec<Entry>) {
    let mut s = k.cache.snapshot();
    let fair = k.config.fair_sharing.as_ref();
    let mut entries = Vec::new();
    let mut rejected = Vec::new();
    // Nominate.
    for (cq_name, wl) in heads {
        let mut e = Entry {
            cq: s.cq(&cq_name),
            cq_name: cq_name.clone(),
            wl,
            assignment: None,
            targets: Vec::new(),
            status: Status::NotNominated,
            message: String::new(),
            reason: "",
            requeue: Requeue::Generic,
        };
        if s.inactive.contains(&cq_name) {
            e.message = format!("ClusterQueue {cq_name} is inactive");
            e.reason = "Suspended";
        } else if e.cq.is_none() {
            e.message = format!("ClusterQueue {cq_name} not found");
            e.reason = "Misconfigured";
        } else if !namespace_ok(k, &s, &e) {
            e.message = "workload namespace doesn't match ClusterQueue selector".into();
            e.reason = "Misconfigured";
            e.requeue = Requeue::NamespaceMismatch;
        } else {
            let cq = e.cq.expect("checked");
            let (a, targets) = assignments(&mut s, &e.wl, cq, fair, now);
            e.message = a.message();
            e.assignment = Some(a);
            e.targets = targets;
            entries.push(e);
            continue;
        }
        rejected.push(e);
    }
    // Order and process.
    let mut actions = Vec::new();
    let mut preempted: BTreeMap<String, Arc<WorkloadInfo>> = BTreeMap::new();
    let order: Vec<usize> = if fair.is_some() { fair_order(&mut s, &entries, now) } else { classical_order(&entries) };
    for &i in &order {
        process(&mut s, &mut entries[i], &mut preempted, &mut actions, fair, now);
    }
    let mut done: Vec<Entry> = Vec::new();
    let mut slots: Vec<Option<Entry>> = entries.into_iter().map(Some).collect();
    for i in order {
        done.push(slots[i].take().expect("each once"));
    }
    done.extend(rejected);
    (actions, done)
}

fn namespace_ok(k: &KueueState, s: &Snapshot, e: &Entry) -> bool {
    let selector = e.cq.and_then(|i| s.cqs[i].spec.namespace_selector.as_ref());
    k.namespaces.get(&e.wl.namespace).is_some_and(|l| super::namespace_matches(selector, l))
}

/// `getInitialAssignments`: the flavor assignment, and targets when it needs preemption.
fn assignments(
    s: &mut Snapshot,
    wl: &WorkloadInfo,
    cq: usize,
    fair: Option<&super::preemption::FairSharingConfig>,
    now: i64,
) -> (Assignment, Vec<Target>) {
    let a = Assigner { wl, cq, fair_sharing: fair, now }.assign(s);
    match a.mode() {
        Mode::Fit => return (a, Vec::new()),
        Mode::Preempt => {
            let req = Request { wl, cq, usage: a.usage.clone(), frs: a.frs_needing_preemption() };
            let targets = get_targets(s, &req, fair, now);
            if !targets.is_empty() {
                return (a, targets);
            }
        }
        Mode::NoFit => {}
    }
    // Partial admission (beta, on): the most pods, down to each pod set's minCount, that fit
    // or can preempt; otherwise the full assignment without targets.
    if wl.can_be_partially_admitted() {
        let found = reduce_pod_sets(&wl.count_range(), |counts| {
            let scaled = wl.scaled_to(counts);
            let a = Assigner { wl: &scaled, cq, fair_sharing: fair, now }.assign(s);
            match a.mode() {
                Mode::Fit => Some((a, Vec::new())),
                Mode::Preempt => {
                    let req = Request { wl: &scaled, cq, usage: a.usage.clone(), frs: a.frs_needing_preemption() };
                    let targets = get_targets(s, &req, fair, now);
                    (!targets.is_empty()).then_some((a, targets))
                }
                Mode::NoFit => None,
            }
        });
        if let Some(found) = found {
            return found;
        }
    }
    (a, Vec::new())
}

/// `PodSetReducer.Search`: index 0 is every pod set at its count, index `total` (the sum of
/// count − minCount) every one at its minCount, index i takes `delta·i/total` off each; a
/// binary search (`sort.Search`) for the first index that `fits`, assuming fewer pods fit
/// whenever more do.
fn reduce_pod_sets<R>(ranges: &[(i64, i64)], mut fits: impl FnMut(&[i64]) -> Option<R>) -> Option<R> {
    let deltas: Vec<i64> = ranges.iter().map(|(count, min)| (count - min).max(0)).collect();
    let total: i64 = deltas.iter().sum();
    if total <= 0 {
        return None;
    }
    let counts_at = |i: i64| -> Vec<i64> { ranges.iter().zip(&deltas).map(|((count, _), d)| count - d * i / total).collect() };
    let (mut lo, mut hi) = (0i64, total + 1);
    let mut last_good: Option<(i64, R)> = None;
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match fits(&counts_at(mid)) {
            Some(r) => {
                hi = mid;
                last_good = Some((mid, r));
            }
            None => lo = mid + 1,
        }
    }
    last_good.filter(|(i, _)| *i == lo).map(|(_, r)| r)
}

/// `makeClassicalIterator`: non-borrowing first, then higher priority, then older.
fn classical_order(entries: &[Entry]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..entries.len()).collect();
    crate::sort::sort_by(&mut idx, |&a, &b| {
        let (ea, eb) = (&entries[a], &entries[b]);
        let borrows = |e: &Entry| e.assignment.as_ref().map_or(0, |a| a.borrowing);
        borrows(ea).cmp(&borrows(eb)).then(eb.wl.priority.cmp(&ea.wl.priority)).then(ea.wl.queue_order.cmp(&eb.wl.queue_order))
    });
    idx
}

/// `fairSharingIterator`: repeatedly the tournament winner of a tree, by dominant resource share
/// with each entry's usage added (non-borrowing first, then lower share, priority, age).
fn fair_order(s: &mut Snapshot, entries: &[Entry], _now: i64) -> Vec<usize> {
    let mut remaining: BTreeMap<usize, usize> =
        crate::sort::map_from(entries.iter().enumerate().map(|(i, e)| (e.cq.expect("nominated"), i)));
    let mut out = Vec::new();
    while let Some((&cq, &entry)) = remaining.iter().next() {
        let Some(parent) = s.cqs[cq].parent else {
            out.push(entry);
            remaining.remove(&cq);
            continue;
        };
        let root = s.root_cohort(parent);
        // The share each entry would give its ClusterQueue and every Cohort on the way up.
        let mut drs: BTreeMap<(usize, usize), Drs> = BTreeMap::new();
        let mut requested: BTreeMap<usize, BTreeMap<Fr, i128>> = BTreeMap::new();
        for q in s.subtree_cqs(root) {
            let Some(&i) = remaining.get(&q) else { continue };
            let usage = entries[i].assignment.as_ref().map(|a| a.usage.clone()).unwrap_or_default();
            s.add_cq_usage(q, &usage);
            let mut share = dominant_resource_share(s, NodeId::Cq(q), None);
            for a in s.ancestors(q) {
                drs.insert((a, i), share);
                share = dominant_resource_share(s, NodeId::Cohort(a), None);
            }
            s.remove_cq_usage(q, &usage);
            requested.insert(i, usage);
        }
        let winner = tournament(s, root, &remaining, &drs, &requested, entries).expect("a tree with an entry has a winner");
        out.push(winner);
        remaining.retain(|_, i| *i != winner);
    }
    out
}

fn tournament(
    s: &Snapshot,
    cohort: usize,
    remaining: &BTreeMap<usize, usize>,
    drs: &BTreeMap<(usize, usize), Drs>,
    requested: &BTreeMap<usize, BTreeMap<Fr, i128>>,
    entries: &[Entry],
) -> Option<usize> {
    let mut candidates: Vec<usize> = Vec::new();
    for &child in &s.cohorts[cohort].child_cohorts {
        if let Some(w) = tournament(s, child, remaining, drs, requested, entries) {
            candidates.push(w);
        }
    }
    for q in &s.cohorts[cohort].child_cqs {
        if let Some(&i) = remaining.get(q) {
            candidates.push(i);
        }
    }
    let mut best = *candidates.first()?;
    for &cur in &candidates[1..] {
        if fair_less(cur, best, cohort, drs, requested, entries) {
            best = cur;
        }
    }
    Some(best)
}

fn fair_less(
    a: usize,
    b: usize,
    cohort: usize,
    drs: &BTreeMap<(usize, usize), Drs>,
    requested: &BTreeMap<usize, BTreeMap<Fr, i128>>,
    entries: &[Entry],
) -> bool {
    let none = Drs::negative();
    let (da, db) = (drs.get(&(cohort, a)).unwrap_or(&none), drs.get(&(cohort, b)).unwrap_or(&none));
    let empty = BTreeMap::new();
    let (ba, bb) = (da.borrowing_on(requested.get(&a).unwrap_or(&empty)), db.borrowing_on(requested.get(&b).unwrap_or(&empty)));
    if ba != bb {
        return !ba;
    }
    match compare_drs(da, db) {
        Ordering::Less => return true,
        Ordering::Greater => return false,
        Ordering::Equal => {}
    }
    let (wa, wb) = (&entries[a].wl, &entries[b].wl);
    if wa.priority != wb.priority {
        return wa.priority > wb.priority;
    }
    wa.queue_order < wb.queue_order
}

/// Whether the usage fits once the workloads preempted in this cycle and the entry's own
/// targets are gone.
fn fits_after(
    s: &mut Snapshot,
    cq: usize,
    usage: &BTreeMap<Fr, i128>,
    preempted: &BTreeMap<String, Arc<WorkloadInfo>>,
    targets: &[Target],
) -> bool {
    let mut gone: BTreeMap<String, Arc<WorkloadInfo>> = preempted.clone();
    for t in targets {
        gone.insert(t.wl.key.clone(), t.wl.clone());
    }
    for w in gone.values() {
        s.remove_workload(w);
    }
    let ok = usage.iter().all(|(fr, v)| s.available(NodeId::Cq(cq), fr) >= *v);
    for w in gone.values() {
        s.add_workload(w);
    }
    ok
}

/// `processEntry`.
fn process(
    s: &mut Snapshot,
    e: &mut Entry,
    preempted: &mut BTreeMap<String, Arc<WorkloadInfo>>,
    actions: &mut Vec<Action>,
    fair: Option<&super::preemption::FairSharingConfig>,
    now: i64,
) {
    let cq = e.cq.expect("nominated");
    let mut a = e.assignment.clone().expect("nominated");
    let overlap = e.targets.iter().any(|t| preempted.contains_key(&t.wl.key));
    let mut fits = fits_after(s, cq, &a.usage, preempted, &e.targets);
    let mut deferred = false;
    if overlap {
        // Targets another entry already preempts: assign again as if those were gone
        // (`RecomputeAssignmentUponPreemptionTargetsOverlap`).
        for w in preempted.values() {
            s.remove_workload(w);
        }
        let (na, nt) = assignments(s, &e.wl, cq, fair, now);
        for w in preempted.values() {
            s.add_workload(w);
        }
        deferred = na.mode() == Mode::Fit;
        a = na;
        e.targets = nt;
        e.message = a.message();
        fits = fits_after(s, cq, &a.usage, preempted, &e.targets);
        e.assignment = Some(a.clone());
    }
    match a.mode() {
        Mode::NoFit => {
            e.requeue = Requeue::NoFit;
            e.reason = a.no_fit_reason;
            return;
        }
        Mode::Preempt if e.targets.is_empty() && !deferred => {
            e.requeue = Requeue::PreemptionNoCandidates;
            e.reason = "WaitingForQuota";
            // Keeps lower-priority workloads elsewhere in the tree from taking what this one
            // is waiting to reclaim.
            if !can_always_reclaim(s, cq) {
                let reserve = resources_to_reserve(s, cq, &a);
                s.add_cq_usage(cq, &reserve);
            }
            return;
        }
        _ => {}
    }
    if deferred {
        e.message =
            "Workload has overlapping preemption targets with another workload, but will fit after these preemptions complete".into();
        e.reason = "WaitingForPreemptedWorkloads";
        e.requeue = Requeue::PendingPreemption;
        s.add_cq_usage(cq, &a.usage);
        return;
    }
    if e.targets.iter().any(|t| preempted.contains_key(&t.wl.key)) {
        e.status = Status::Skipped;
        e.message = "Workload has overlapping preemption targets with another workload".into();
        e.reason = "WaitingForQuota";
        return;
    }
    if !fits {
        e.status = Status::Skipped;
        e.message = "Workload no longer fits after processing another workload".into();
        e.reason = "WaitingForQuota";
        return;
    }
    for t in &e.targets {
        preempted.insert(t.wl.key.clone(), t.wl.clone());
    }
    s.add_cq_usage(cq, &a.usage);
    if a.mode() == Mode::Preempt {
        e.reason = "WaitingForPreemptedWorkloads";
        let preemptor_path = s.path(cq);
        let targets = e
            .targets
            .iter()
            .map(|t| (t.wl.clone(), t.reason, preemptor_path.clone(), s.path(t.cq), s.cqs[t.cq].name.clone()))
            .collect::<Vec<_>>();
        e.message.push_str(&format!(". Pending the preemption of {} workload(s)", targets.len()));
        e.requeue = Requeue::PendingPreemption;
        actions.push(Action::Preempt { preemptor: e.wl.clone(), targets });
        return;
    }
    e.status = Status::Assumed;
    actions.push(Action::Admit { wl: e.wl.clone(), cq: e.cq_name.clone(), assignments: a.to_api(), considered: a.considered() });
}

/// `quotaResourcesToReserve`: what a preemptor without candidates holds back in this cycle.
fn resources_to_reserve(s: &Snapshot, cq: usize, a: &Assignment) -> BTreeMap<Fr, i128> {
    let mut out = BTreeMap::new();
    for (fr, usage) in &a.usage {
        let q = s.quota(cq, fr);
        let used = s.cqs[cq].node.used(fr);
        let v = if a.borrowing > 0 {
            match q.borrowing_limit {
                None => *usage,
                Some(limit) => (*usage).min(q.nominal + limit - used),
            }
        } else {
            (*usage).min(q.nominal - used).max(0)
        };
        out.insert(fr.clone(), v);
    }
    out
}

/// The Workload as stored now (shared, not copied).
fn current(c: &Cluster, wl: &WorkloadInfo) -> Option<Arc<Value>> {
    c.api.get_arc(kind_info("Workload"), &wl.namespace, &wl.name).cloned()
}

fn priority_note(p: i64) -> String {
    format!("{p} (base: {p}, boost: 0)")
}

fn apply(c: &mut Cluster, action: Action) {
    let now = c.now_unix();
    match action {
        Action::Admit { wl, cq, assignments, considered } => {
            let Some(before) = current(c, &wl) else { return };
            // Queued since creation, or since the last requeue.
            let since = workload::condition(&before, "Requeued")
                .and_then(|r| r.get("lastTransitionTime"))
                .and_then(Value::as_str)
                .or(get_str(&before, &["metadata", "creationTimestamp"]))
                .and_then(parse_rfc3339)
                .unwrap_or(now);
            let mut w = workload::status_part(&before);
            workload::set_quota_reservation(&mut w, &cq, assignments, now);
            if !write_workload_status(c, namespace(&before), name(&before), w) {
                return;
            }
            c.kueue.queues.admitted(&cq, &wl.key);
            let now_ms = c.now_ms();
            c.kueue.metrics.admitted(&cq, now_ms);
            let mut message = format!("Quota reserved in ClusterQueue {cq}, wait time since queued was {}s", (now - since).max(0));
            if !considered.is_empty() {
                message.push_str(&format!("; Flavors considered: {considered}"));
            }
            record(c, &before, EventType::Normal, "QuotaReserved", &message, COMPONENT);
            record(
                c,
                &before,
                EventType::Normal,
                "Admitted",
                &format!("Admitted by ClusterQueue {cq}, wait time since reservation was 0s"),
                COMPONENT,
            );
        }
        Action::Preempt { preemptor, targets } => {
            for (victim, reason, preemptor_path, preemptee_path, victim_cq) in targets {
                let Some(before) = current(c, &victim) else { continue };
                if workload::is_true(&before, "Evicted") {
                    continue;
                }
                let message = format!(
                    "Preempted to accommodate a workload (UID: {}, JobUID: {}) due to {}; preemptor path: {preemptor_path}; preemptee path: {preemptee_path}",
                    if preemptor.uid.is_empty() { "UNKNOWN" } else { &preemptor.uid },
                    if preemptor.job_uid.is_empty() { "UNKNOWN" } else { &preemptor.job_uid },
                    human_reason(reason),
                );
                let mut w = workload::status_part(&before);
                set_condition_without_generation(&mut w, "Preempted", "True", reason, &message, now);
                set_condition(&mut w, "Evicted", "True", "Preempted", &message, now);
                workload::count_eviction(&mut w, "Preempted", "");
                if !write_workload_status(c, namespace(&before), name(&before), w) {
                    continue;
                }
                let now_ms = c.now_ms();
                c.kueue.metrics.preempted(&victim_cq, now_ms);
                // `Evict` reports the eviction on the Workload as it now is (`EvictedDueTo<reason>`).
                if let Some(evicted) = current(c, &victim) {
                    record(c, &evicted, EventType::Normal, "EvictedDueToPreempted", &message, COMPONENT);
                }
                let priorities = format!(
                    "; preemptor effective priority: {}; preemptee effective priority: {}",
                    priority_note(preemptor.priority),
                    priority_note(victim.priority)
                );
                record(c, &before, EventType::Normal, "Preempted", &format!("{message}{priorities}"), COMPONENT);
                let preemptor_obj = current(c, &preemptor).unwrap_or_else(|| preemptor.obj.clone());
                record(
                    c,
                    &preemptor_obj,
                    EventType::Normal,
                    "PreemptedWorkload",
                    &format!("Preempted workload {} (UID: {}) in ClusterQueue {victim_cq}{priorities}", victim.key, victim.uid),
                    COMPONENT,
                );
            }
        }
    }
}

/// `requeueAndUpdate`: the head goes back to its queue; if it was not admitted, its
/// QuotaReserved condition says why and a Warning event repeats it.
fn requeue_and_update(c: &mut Cluster, mut e: Entry, generation: u64) {
    if e.status == Status::Assumed {
        return;
    }
    if e.status != Status::NotNominated && e.requeue == Requeue::Generic {
        e.requeue = Requeue::FailedAfterNomination;
    }
    let strict = c.kueue.cache.cqs.get(&e.cq_name).is_some_and(|q| q.spec.strict_fifo);
    let immediate = if strict {
        e.requeue != Requeue::NamespaceMismatch
    } else {
        matches!(e.requeue, Requeue::FailedAfterNomination | Requeue::PendingPreemption)
    };
    let bulk = matches!(e.requeue, Requeue::NoFit | Requeue::PreemptionNoCandidates).then_some(e.reason);
    c.kueue.queues.requeue(&e.cq_name, &e.wl.key, immediate, e.requeue == Requeue::PendingPreemption && !strict, generation, bulk);
    let Some(stored) = c.api.get_arc(kind_info("Workload"), &e.wl.namespace, &e.wl.name).cloned() else { return };
    if workload::is_true(&stored, "QuotaReserved") {
        return;
    }
    let rr = workload::resource_requests(&e.wl);
    let unchanged = !workload::condition_differs(&stored, "QuotaReserved", "False", e.reason, &e.message)
        && !workload::condition_differs(&stored, "Admitted", "False", "NoReservation", "The workload has no reservation")
        && get(&stored, &["status", "resourceRequests"]) == Some(&rr);
    if unchanged {
        record(c, &stored, EventType::Warning, e.reason, &e.message, COMPONENT);
        return;
    }
    let mut w = workload::status_part(&stored);
    let before = &stored;
    let now = c.now_unix();
    let mut changed = set_condition(&mut w, "QuotaReserved", "False", e.reason, &e.message, now);
    changed |= set_condition(&mut w, "Admitted", "False", "NoReservation", "The workload has no reservation", now);
    if get(&w, &["status", "resourceRequests"]) != Some(&rr) {
        w["status"]["resourceRequests"] = rr;
        changed = true;
    }
    if changed {
        write_workload_status(c, namespace(before), name(before), w);
    }
    record(c, before, EventType::Warning, e.reason, &e.message, COMPONENT);
}

#[cfg(test)]
mod tests {
    use super::reduce_pod_sets;

    #[test]
    fn the_reducer_finds_the_most_pods_that_fit() {
        // 5 pods, at least 2, 4 fit: tries 3 (fits), 4 (fits), 5 (does not).
        let mut tried = Vec::new();
        let found = reduce_pod_sets(&[(5, 2)], |c| {
            tried.push(c[0]);
            (c[0] <= 4).then_some(c[0])
        });
        assert_eq!(found, Some(4));
        assert_eq!(tried, vec![3, 4, 5]);
        // Two pod sets lowered together, each by its delta·i/total: i=6 of 12 gives 5 and 3.
        let found = reduce_pod_sets(&[(10, 0), (4, 2)], |c| (c[0] + c[1] <= 9).then(|| c.to_vec()));
        assert_eq!(found, Some(vec![5, 3]));
        // Nothing fits, or nothing to lower.
        assert_eq!(reduce_pod_sets(&[(5, 2)], |_| None::<()>), None);
        assert_eq!(reduce_pod_sets(&[(5, 5)], |_| Some(())), None);
    }
}
