//! Which admitted workloads a pending one may preempt, and the fewest that make it fit — models
//! Kueue's `pkg/scheduler/preemption/{preemption.go, preemption_oracle.go}`, `classical/*`
//! (candidates by policy and by position in the Cohort tree), `common/*` (candidate ordering,
//! policies) and `fairsharing/*` (dominant-resource-share strategies).
//!
//! Everything here works on a [`Snapshot`]: candidates are taken out of it one by one until the
//! preemptor fits, then put back where not needed (the minimal set), and the snapshot is restored.

use super::cache::Policy;
use super::fair_sharing::{compare as compare_drs, dominant_resource_share, Drs};
use super::info::WorkloadInfo;
use super::snapshot::{Fr, NodeId, Snapshot};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

pub const IN_CLUSTER_QUEUE: &str = "InClusterQueue";
pub const IN_COHORT_RECLAMATION: &str = "InCohortReclamation";
pub const IN_COHORT_FAIR_SHARING: &str = "InCohortFairSharing";
pub const IN_COHORT_RECLAIM_WHILE_BORROWING: &str = "InCohortReclaimWhileBorrowing";

/// The words a preemption message uses for each reason.
pub fn human_reason(reason: &str) -> &'static str {
    match reason {
        IN_CLUSTER_QUEUE => "prioritization in the ClusterQueue",
        IN_COHORT_RECLAMATION => "reclamation within the cohort",
        IN_COHORT_FAIR_SHARING => "Fair Sharing within the cohort",
        IN_COHORT_RECLAIM_WHILE_BORROWING => "reclamation within the cohort while borrowing",
        _ => "UNKNOWN",
    }
}

/// The Kueue configuration's `fairSharing` (present = enabled).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FairSharingConfig {
    /// `preemptionStrategies` (default: LessThanOrEqualToFinalShare, then LessThanInitialShare).
    #[serde(default)]
    pub preemption_strategies: Vec<Strategy>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Strategy {
    LessThanOrEqualToFinalShare,
    LessThanInitialShare,
}

impl FairSharingConfig {
    fn strategies(&self) -> Vec<Strategy> {
        if self.preemption_strategies.is_empty() {
            vec![Strategy::LessThanOrEqualToFinalShare, Strategy::LessThanInitialShare]
        } else {
            self.preemption_strategies.clone()
        }
    }
}

/// A workload to preempt, why, and the ClusterQueue it holds quota in.
#[derive(Debug, Clone)]
pub struct Target {
    pub wl: Arc<WorkloadInfo>,
    pub reason: &'static str,
    pub cq: usize,
}

/// What the preemptor asks for.
pub struct Request<'r> {
    pub wl: &'r WorkloadInfo,
    pub cq: usize,
    /// Its usage with the flavors assigned.
    pub usage: BTreeMap<Fr, i128>,
    /// The flavor-resources whose quota must come from preemption.
    pub frs: BTreeSet<Fr>,
}

/// `SatisfiesPreemptionPolicy`.
fn satisfies(preemptor: &WorkloadInfo, candidate: &WorkloadInfo, policy: Policy) -> bool {
    match policy {
        Policy::Never => false,
        Policy::Any => true,
        Policy::LowerPriority => preemptor.priority > candidate.priority,
        Policy::LowerOrNewerEqualPriority => {
            preemptor.priority > candidate.priority
                || (preemptor.priority == candidate.priority && preemptor.queue_order < candidate.queue_order)
        }
    }
}

/// `CandidatesOrdering`: evicted first, other ClusterQueues' before the preemptor's own, lower
/// priority first, most recently reserved first, then UID.
pub fn candidates_ordering(a: &WorkloadInfo, b: &WorkloadInfo, cq: &str, now: i64) -> Ordering {
    b.evicted
        .cmp(&a.evicted)
        .then((a.cluster_queue == cq).cmp(&(b.cluster_queue == cq)))
        .then(a.priority.cmp(&b.priority))
        .then(b.reserved_at.unwrap_or(now).cmp(&a.reserved_at.unwrap_or(now)))
        .then(a.uid.cmp(&b.uid))
}

fn fits(s: &Snapshot, req: &Request, allow_borrowing: bool) -> bool {
    let id = NodeId::Cq(req.cq);
    req.usage.iter().all(|(fr, v)| (allow_borrowing || !s.borrowing_with(id, fr, *v)) && *v <= s.available(id, fr))
}

/// Puts back, newest first, the targets the preemptor can do without (`fillBackWorkloads`).
fn fill_back(s: &mut Snapshot, req: &Request, mut targets: Vec<Target>, allow_borrowing: bool, fair: bool) -> Vec<Target> {
    if targets.len() < 2 {
        return targets;
    }
    for i in (0..targets.len() - 1).rev() {
        s.add_workload(&targets[i].wl);
        let ok = if fair { fits_fair(s, req) } else { fits(s, req, allow_borrowing) };
        if ok {
            let last = targets.pop().expect("non-empty");
            if i < targets.len() {
                targets[i] = last;
            }
        } else {
            s.remove_workload(&targets[i].wl);
        }
    }
    targets
}

fn restore(s: &mut Snapshot, targets: &[Target]) {
    for t in targets {
        s.add_workload(&t.wl);
    }
}

/// The targets that make `req` fit, or none.
pub fn get_targets(s: &mut Snapshot, req: &Request, fair_sharing: Option<&FairSharingConfig>, now: i64) -> Vec<Target> {
    match fair_sharing {
        Some(cfg) => fair_preemptions(s, req, &cfg.strategies(), now),
        None => classical_preemptions(s, req, now),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    Never,
    WithinCq,
    HierarchicalReclaim,
    ReclaimWithoutBorrowing,
    ReclaimWhileBorrowing,
}

impl Variant {
    fn reason(self) -> &'static str {
        match self {
            Variant::WithinCq => IN_CLUSTER_QUEUE,
            Variant::HierarchicalReclaim | Variant::ReclaimWithoutBorrowing => IN_COHORT_RECLAMATION,
            Variant::ReclaimWhileBorrowing => IN_COHORT_RECLAIM_WHILE_BORROWING,
            Variant::Never => "Unknown",
        }
    }
}

struct Candidate {
    wl: Arc<WorkloadInfo>,
    cq: usize,
    /// The Cohort whose subtree the candidate was found in (its lowest common ancestor with the
    /// preemptor).
    lca: Option<usize>,
    variant: Variant,
}

fn classify(s: &Snapshot, req: &Request, wl: &WorkloadInfo, own: bool, advantage: bool) -> Variant {
    if !wl.uses_any(&req.frs) {
        return Variant::Never;
    }
    let p = &s.cqs[req.cq].spec.preemption;
    let policy = if own { p.within_cluster_queue } else { p.reclaim_within_cohort };
    if !satisfies(req.wl, wl, policy) {
        return Variant::Never;
    }
    if own {
        return Variant::WithinCq;
    }
    if advantage {
        return Variant::HierarchicalReclaim;
    }
    let Some(threshold) = p.borrow_within_cohort else { return Variant::ReclaimWithoutBorrowing };
    // Above the threshold (or not lower than the preemptor): only reclaimable without borrowing.
    if wl.priority >= req.wl.priority || threshold.is_some_and(|t| wl.priority > t) {
        return Variant::ReclaimWithoutBorrowing;
    }
    Variant::ReclaimWhileBorrowing
}

fn candidates_in_cq(s: &Snapshot, req: &Request, cq: usize, lca: Option<usize>, advantage: bool) -> Vec<Candidate> {
    s.cqs[cq]
        .workloads
        .values()
        .filter_map(|wl| {
            let variant = classify(s, req, wl, cq == req.cq, advantage);
            (variant != Variant::Never).then(|| Candidate { wl: wl.clone(), cq, lca, variant })
        })
        .collect()
}

fn collect_in_subtree(
    s: &Snapshot,
    req: &Request,
    cohort: usize,
    root: usize,
    skip: Option<usize>,
    advantage: bool,
    out: &mut Vec<Candidate>,
) {
    for &child in &s.cohorts[cohort].child_cohorts {
        if Some(child) == skip || s.within_nominal(NodeId::Cohort(child), &req.frs) {
            continue;
        }
        collect_in_subtree(s, req, child, root, skip, advantage, out);
    }
    for &cq in &s.cohorts[cohort].child_cqs {
        if cq != req.cq && !s.within_nominal(NodeId::Cq(cq), &req.frs) {
            out.extend(candidates_in_cq(s, req, cq, Some(root), advantage));
        }
    }
}

/// Candidates in other ClusterQueues of the tree: those the preemptor reclaims with a
/// hierarchical advantage (it fits within a subtree's quota), and the others.
fn hierarchical_candidates(s: &Snapshot, req: &Request) -> (Vec<Candidate>, Vec<Candidate>) {
    let (mut hierarchy, mut priority) = (Vec::new(), Vec::new());
    if s.cqs[req.cq].parent.is_none() || s.cqs[req.cq].spec.preemption.reclaim_within_cohort == Policy::Never {
        return (hierarchy, priority);
    }
    let (mut advantage, mut remaining) = s.fits_in_quota(NodeId::Cq(req.cq), &req.usage);
    let mut previous = None;
    for cohort in s.ancestors(req.cq) {
        let list = if advantage { &mut hierarchy } else { &mut priority };
        collect_in_subtree(s, req, cohort, cohort, previous, advantage, list);
        let (fit, rest) = s.fits_in_quota(NodeId::Cohort(cohort), &remaining);
        remaining = rest;
        advantage = advantage || fit;
        previous = Some(cohort);
    }
    (hierarchy, priority)
}

fn candidate_valid(s: &Snapshot, req: &Request, c: &Candidate, borrowing: bool) -> bool {
    if c.cq == req.cq {
        return true;
    }
    if borrowing && c.variant == Variant::ReclaimWithoutBorrowing {
        return false;
    }
    if s.within_nominal(NodeId::Cq(c.cq), &req.frs) {
        return false;
    }
    for node in s.ancestors(c.cq) {
        if Some(node) == c.lca {
            break;
        }
        if s.within_nominal(NodeId::Cohort(node), &req.frs) {
            return false;
        }
    }
    true
}

fn classical_preemptions(s: &mut Snapshot, req: &Request, now: i64) -> Vec<Target> {
    let cq_name = s.cqs[req.cq].name.clone();
    let order = |a: &Candidate, b: &Candidate| candidates_ordering(&a.wl, &b.wl, &cq_name, now);
    let mut same = if s.cqs[req.cq].spec.preemption.within_cluster_queue == Policy::Never {
        Vec::new()
    } else {
        candidates_in_cq(s, req, req.cq, None, false)
    };
    let (mut hierarchy, mut priority) = hierarchical_candidates(s, req);
    crate::sort::sort_by(&mut same, order);
    crate::sort::sort_by(&mut priority, order);
    crate::sort::sort_by(&mut hierarchy, order);
    let no_other_queues = hierarchy.is_empty() && priority.is_empty();
    let no_hierarchical = hierarchy.is_empty();
    let split = |v: Vec<Candidate>| -> (Vec<Candidate>, Vec<Candidate>) { v.into_iter().partition(|c| c.wl.evicted) };
    let (eh, nh) = split(hierarchy);
    let (ep, np) = split(priority);
    let (es, ns) = split(same);
    let all: Vec<Candidate> = eh.into_iter().chain(ep).chain(es).chain(nh).chain(np).chain(ns).collect();

    let borrow_forbidden = s.cqs[req.cq].spec.preemption.borrow_within_cohort.is_none();
    let under_nominal = req.frs.iter().all(|fr| s.nominal(req.cq, fr) > s.cqs[req.cq].node.used(fr));
    let attempts: &[bool] = if no_other_queues || (borrow_forbidden && !under_nominal) {
        &[true]
    } else if borrow_forbidden && no_hierarchical {
        &[false, true]
    } else {
        &[true, false]
    };
    for &borrowing in attempts {
        let mut targets = Vec::new();
        for c in &all {
            if !candidate_valid(s, req, c, borrowing) {
                continue;
            }
            s.remove_workload(&c.wl);
            targets.push(Target { wl: c.wl.clone(), reason: c.variant.reason(), cq: c.cq });
            if fits(s, req, borrowing) {
                let targets = fill_back(s, req, targets, borrowing, false);
                restore(s, &targets);
                return targets;
            }
        }
        restore(s, &targets);
    }
    Vec::new()
}

/// `findCandidates` for fair sharing: the preemptor's own ClusterQueue by its policy, and every
/// borrowing ClusterQueue of the tree by `reclaimWithinCohort`.
fn fair_candidates(s: &Snapshot, req: &Request) -> Vec<(Arc<WorkloadInfo>, usize)> {
    let mut out = Vec::new();
    let p = &s.cqs[req.cq].spec.preemption;
    let take = |cq: usize, policy: Policy, out: &mut Vec<(Arc<WorkloadInfo>, usize)>| {
        for wl in s.cqs[cq].workloads.values() {
            if satisfies(req.wl, wl, policy) && wl.uses_any(&req.frs) {
                out.push((wl.clone(), cq));
            }
        }
    };
    if p.within_cluster_queue != Policy::Never {
        take(req.cq, p.within_cluster_queue, &mut out);
    }
    if let (Some(parent), true) = (s.cqs[req.cq].parent, p.reclaim_within_cohort != Policy::Never) {
        for cq in s.subtree_cqs(s.root_cohort(parent)) {
            let borrowing = req.frs.iter().any(|fr| s.borrowing_with(NodeId::Cq(cq), fr, 0));
            if cq != req.cq && borrowing {
                take(cq, p.reclaim_within_cohort, &mut out);
            }
        }
    }
    out
}

fn fits_fair(s: &mut Snapshot, req: &Request) -> bool {
    // The preemptor's usage is simulated in its ClusterQueue while strategies run.
    s.remove_cq_usage(req.cq, &req.usage);
    let ok = fits(s, req, true);
    s.add_cq_usage(req.cq, &req.usage);
    ok
}

/// Orders target ClusterQueues by dominant resource share, from the root down
/// (`fairsharing.TargetClusterQueueOrdering`).
struct Ordering_ {
    preemptor_cq: usize,
    ancestors: BTreeSet<usize>,
    targets: BTreeMap<usize, Vec<Arc<WorkloadInfo>>>,
    pruned_cqs: BTreeSet<usize>,
    pruned_cohorts: BTreeSet<usize>,
}

impl Ordering_ {
    fn new(s: &Snapshot, cq: usize, candidates: &[(Arc<WorkloadInfo>, usize)]) -> Self {
        let mut targets: BTreeMap<usize, Vec<Arc<WorkloadInfo>>> = BTreeMap::new();
        for (wl, c) in candidates {
            targets.entry(*c).or_default().push(wl.clone());
        }
        Ordering_ {
            preemptor_cq: cq,
            ancestors: crate::sort::set_from(s.ancestors(cq)),
            targets,
            pruned_cqs: BTreeSet::new(),
            pruned_cohorts: BTreeSet::new(),
        }
    }

    fn has_workload(&self, cq: usize) -> bool {
        self.targets.get(&cq).is_some_and(|v| !v.is_empty())
    }

    fn pop(&mut self, cq: usize) -> Arc<WorkloadInfo> {
        self.targets.get_mut(&cq).expect("has workloads").remove(0)
    }

    /// The next ClusterQueue to take a target from, or `None` when every one is pruned.
    fn next(&mut self, s: &Snapshot, now: i64) -> Option<usize> {
        match s.cqs[self.preemptor_cq].parent {
            None => (!self.pruned_cqs.contains(&self.preemptor_cq) && self.has_workload(self.preemptor_cq)).then_some(self.preemptor_cq),
            Some(p) => {
                let root = s.root_cohort(p);
                while !self.pruned_cohorts.contains(&root) {
                    if let Some(cq) = self.next_in(s, root, now) {
                        return Some(cq);
                    }
                }
                None
            }
        }
    }

    fn next_in(&mut self, s: &Snapshot, cohort: usize, now: i64) -> Option<usize> {
        let mut best_cq: Option<usize> = None;
        let mut best_cq_drs = Drs::negative();
        for &cq in &s.cohorts[cohort].child_cqs {
            if self.pruned_cqs.contains(&cq) {
                continue;
            }
            let drs = dominant_resource_share(s, NodeId::Cq(cq), None);
            if (!drs.borrowing && cq != self.preemptor_cq) || !self.has_workload(cq) {
                self.pruned_cqs.insert(cq);
                continue;
            }
            match compare_drs(&drs, &best_cq_drs) {
                Ordering::Equal => {
                    let best = best_cq.expect("a share equal to the negative start belongs to a queue");
                    let name = &s.cqs[self.preemptor_cq].name;
                    if candidates_ordering(&self.targets[&cq][0], &self.targets[&best][0], name, now) == Ordering::Less {
                        best_cq = Some(cq);
                    }
                }
                Ordering::Greater => {
                    best_cq_drs = drs;
                    best_cq = Some(cq);
                }
                Ordering::Less => {}
            }
        }
        let mut best_cohort: Option<usize> = None;
        let mut best_cohort_drs = Drs::negative();
        for &child in &s.cohorts[cohort].child_cohorts {
            if self.pruned_cohorts.contains(&child) {
                continue;
            }
            let drs = dominant_resource_share(s, NodeId::Cohort(child), None);
            if !drs.borrowing && !self.ancestors.contains(&child) {
                self.pruned_cohorts.insert(child);
            } else if compare_drs(&drs, &best_cohort_drs) != Ordering::Less {
                best_cohort_drs = drs;
                best_cohort = Some(child);
            }
        }
        if best_cohort.is_none() && best_cq.is_none() {
            self.pruned_cohorts.insert(cohort);
            return None;
        }
        if compare_drs(&best_cohort_drs, &best_cq_drs) != Ordering::Less {
            return self.next_in(s, best_cohort.expect("a cohort beats the queues only if there is one"), now);
        }
        best_cq
    }
}

/// The child of the lowest common ancestor on the way to each of the two ClusterQueues.
fn almost_lcas(s: &Snapshot, preemptor: usize, target: usize) -> (NodeId, NodeId) {
    let preemptor_ancestors = s.ancestors(preemptor);
    let lca = s.ancestors(target).into_iter().find(|a| preemptor_ancestors.contains(a)).expect("both in one tree");
    let below = |cq: usize| {
        let mut node = NodeId::Cq(cq);
        for a in s.ancestors(cq) {
            if a == lca {
                break;
            }
            node = NodeId::Cohort(a);
        }
        node
    };
    (below(preemptor), below(target))
}

fn strategy_passes(strategy: Strategy, preemptor_new: &Drs, target_old: &Drs, target_new: &Drs) -> bool {
    match strategy {
        Strategy::LessThanOrEqualToFinalShare => compare_drs(preemptor_new, target_new) != Ordering::Greater,
        Strategy::LessThanInitialShare => compare_drs(preemptor_new, target_old) == Ordering::Less,
    }
}

fn fair_preemptions(s: &mut Snapshot, req: &Request, strategies: &[Strategy], now: i64) -> Vec<Target> {
    let mut candidates = fair_candidates(s, req);
    if candidates.is_empty() {
        return Vec::new();
    }
    let cq_name = s.cqs[req.cq].name.clone();
    crate::sort::sort_by(&mut candidates, |a, b| candidates_ordering(&a.0, &b.0, &cq_name, now));
    s.add_cq_usage(req.cq, &req.usage);
    let within_nominal = req.frs.iter().all(|fr| !s.borrowing_with(NodeId::Cq(req.cq), fr, 0));
    let mut targets: Vec<Target> = Vec::new();
    let mut retry: Vec<(Arc<WorkloadInfo>, usize)> = Vec::new();
    let mut fit = false;
    // First strategy.
    let mut ordering = Ordering_::new(s, req.cq, &candidates);
    'first: while let Some(cand_cq) = ordering.next(s, now) {
        if cand_cq == req.cq || within_nominal {
            let wl = ordering.pop(cand_cq);
            s.remove_workload(&wl);
            let reason = if cand_cq == req.cq { IN_CLUSTER_QUEUE } else { IN_COHORT_RECLAMATION };
            targets.push(Target { wl, reason, cq: cand_cq });
            if fits_fair(s, req) {
                fit = true;
                break 'first;
            }
            continue;
        }
        let (p_node, t_node) = almost_lcas(s, req.cq, cand_cq);
        let preemptor_new = dominant_resource_share(s, p_node, None);
        let target_old = dominant_resource_share(s, t_node, None);
        if preemptor_new.weighted_share().is_infinite() && !target_old.weighted_share().is_infinite() {
            while ordering.has_workload(cand_cq) {
                retry.push((ordering.pop(cand_cq), cand_cq));
            }
            continue;
        }
        while ordering.has_workload(cand_cq) {
            let wl = ordering.pop(cand_cq);
            s.remove_cq_usage(cand_cq, &wl.usage);
            let target_new = dominant_resource_share(s, t_node, None);
            s.add_cq_usage(cand_cq, &wl.usage);
            if strategy_passes(strategies[0], &preemptor_new, &target_old, &target_new) {
                s.remove_workload(&wl);
                targets.push(Target { wl, reason: IN_COHORT_FAIR_SHARING, cq: cand_cq });
                if fits_fair(s, req) {
                    fit = true;
                    break 'first;
                }
                break;
            }
            retry.push((wl, cand_cq));
        }
    }
    // Second strategy, over the candidates the first one passed over.
    if !fit && strategies.len() > 1 {
        let mut ordering = Ordering_::new(s, req.cq, &retry);
        while let Some(cand_cq) = ordering.next(s, now) {
            let (p_node, t_node) = almost_lcas(s, req.cq, cand_cq);
            let preemptor_new = dominant_resource_share(s, p_node, None);
            let target_old = dominant_resource_share(s, t_node, None);
            let wl = ordering.pop(cand_cq);
            if strategy_passes(strategies[1], &preemptor_new, &target_old, &target_old) {
                s.remove_workload(&wl);
                targets.push(Target { wl, reason: IN_COHORT_FAIR_SHARING, cq: cand_cq });
                if fits_fair(s, req) {
                    fit = true;
                    break;
                }
            }
            ordering.pruned_cqs.insert(cand_cq);
        }
    }
    s.remove_cq_usage(req.cq, &req.usage);
    if !fit {
        restore(s, &targets);
        return Vec::new();
    }
    let targets = fill_back(s, req, targets, true, false);
    restore(s, &targets);
    targets
}

/// What the flavor assigner learns from simulating preemption for one flavor-resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Possibility {
    NoCandidates,
    Preempt,
    Reclaim,
}

impl Possibility {
    pub fn name(self) -> &'static str {
        match self {
            Possibility::NoCandidates => "NoCandidates",
            Possibility::Preempt => "Preempt",
            Possibility::Reclaim => "Reclaim",
        }
    }
}

/// `PreemptionOracle.SimulatePreemption`: whether preempting could free `quantity` of `fr`, and
/// how high the workload would still borrow afterwards.
pub fn simulate(
    s: &mut Snapshot,
    wl: &WorkloadInfo,
    cq: usize,
    fr: &Fr,
    quantity: i128,
    fair: Option<&FairSharingConfig>,
    now: i64,
) -> (Possibility, usize) {
    let req = Request { wl, cq, usage: BTreeMap::from([(fr.clone(), quantity)]), frs: BTreeSet::from([fr.clone()]) };
    let targets = get_targets(s, &req, fair, now);
    if targets.is_empty() {
        return (Possibility::NoCandidates, s.borrow_height(cq, fr, quantity).0);
    }
    for t in &targets {
        s.remove_workload(&t.wl);
    }
    let borrow = s.borrow_height(cq, fr, quantity).0;
    restore(s, &targets);
    if targets.iter().any(|t| t.cq == cq) {
        (Possibility::Preempt, borrow)
    } else {
        (Possibility::Reclaim, borrow)
    }
}

/// `CanAlwaysReclaim`.
pub fn can_always_reclaim(s: &Snapshot, cq: usize) -> bool {
    s.cqs[cq].spec.preemption.reclaim_within_cohort == Policy::Any
}
