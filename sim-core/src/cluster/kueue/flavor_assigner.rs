//! Choosing a ResourceFlavor for each resource of each pod set — models Kueue's
//! `pkg/scheduler/flavorassigner/{flavorassigner.go, flavor_assigner_attempts.go}`.
//!
//! For every resource group a pod set needs, flavors are tried in the ClusterQueue's order: a
//! flavor must tolerate-match the pods (taints, node selector and required node affinity on the
//! flavor's node labels), then each resource must fit the quota (`Fit`, possibly by borrowing),
//! need preemption (`Preempt`, with or without candidates, asked of the preemption oracle), or
//! not fit at all. Flavor fungibility decides whether to stop at the first usable flavor or look
//! further; the best one found wins.

use super::cache::Preference;
use super::info::WorkloadInfo;
use super::preemption::{simulate, FairSharingConfig, Possibility};
use super::snapshot::{fr, Fr, NodeId, Snapshot};
use super::workload::format_quantity;
use crate::json::Value;
use std::collections::BTreeMap;

/// How a flavor serves a resource (`FlavorAssignmentMode`), worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    NoFit,
    Preempt,
    Fit,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::NoFit => "NoFit",
            Mode::Preempt => "Preempt",
            Mode::Fit => "Fit",
        }
    }
}

/// The finer mode the search compares flavors by (`preemptionMode`), worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum PMode {
    NoFit,
    NoCandidates,
    Preempt,
    Reclaim,
    Fit,
}

impl PMode {
    fn mode(self) -> Mode {
        match self {
            PMode::NoFit => Mode::NoFit,
            PMode::Fit => Mode::Fit,
            _ => Mode::Preempt,
        }
    }

    fn possibility(self) -> Option<Possibility> {
        match self {
            PMode::NoCandidates => Some(Possibility::NoCandidates),
            PMode::Preempt => Some(Possibility::Preempt),
            PMode::Reclaim => Some(Possibility::Reclaim),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Granular {
    mode: PMode,
    borrow: usize,
}

const WORST: Granular = Granular { mode: PMode::NoFit, borrow: usize::MAX };
const BEST: Granular = Granular { mode: PMode::Fit, borrow: 0 };

/// `isPreferred`: whether `a` is a better outcome than `b`.
fn preferred(a: Granular, b: Granular, preference: Preference) -> bool {
    if a.mode == PMode::NoFit {
        return false;
    }
    if b.mode == PMode::NoFit {
        return true;
    }
    let (a_none, b_none) = (a.mode == PMode::NoCandidates, b.mode == PMode::NoCandidates);
    if a_none != b_none {
        return !a_none;
    }
    match preference {
        Preference::BorrowingOverPreemption => {
            if a.mode != b.mode {
                a.mode > b.mode
            } else {
                a.borrow < b.borrow
            }
        }
        Preference::PreemptionOverBorrowing => {
            if a.borrow != b.borrow {
                a.borrow < b.borrow
            } else {
                a.mode > b.mode
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct FlavorAssignment {
    pub name: String,
    pub mode: Mode,
    pub borrow: usize,
}

/// One flavor tried for a pod set (for the QuotaReserved event's "Flavors considered").
#[derive(Debug, Clone, PartialEq)]
pub struct Attempt {
    pub flavor: String,
    pub mode: Mode,
    pub borrow: usize,
    pub possibility: Option<Possibility>,
    pub reasons: Vec<String>,
    /// The QuotaReserved reason this flavor would give (`NoMatchingFlavor`, `ExceedsMaxQuota`, `WaitingForQuota`).
    pub no_fit_reason: &'static str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PodSetAssignment {
    pub name: String,
    pub count: i64,
    /// Resource → flavor.
    pub flavors: BTreeMap<String, FlavorAssignment>,
    /// Why it does not fit (sorted when printed); empty when it fits.
    pub reasons: Vec<String>,
    pub requests: BTreeMap<String, i128>,
    pub attempts: Vec<Attempt>,
}

impl PodSetAssignment {
    pub fn mode(&self) -> Mode {
        if self.reasons.is_empty() {
            return Mode::Fit;
        }
        if self.flavors.is_empty() {
            return Mode::NoFit;
        }
        self.flavors.values().map(|f| f.mode).min().unwrap_or(Mode::NoFit)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Assignment {
    pub pod_sets: Vec<PodSetAssignment>,
    /// How high in the Cohort tree the workload borrows (0 = within nominal quota).
    pub borrowing: usize,
    /// Usage per flavor-resource with these flavors.
    pub usage: BTreeMap<Fr, i128>,
    /// For a NoFit assignment: the QuotaReserved reason.
    pub no_fit_reason: &'static str,
    /// Overrides the mode (a deferred fit is treated as preemption pending elsewhere).
    pub mode_override: Option<Mode>,
}

impl Assignment {
    pub fn mode(&self) -> Mode {
        if let Some(m) = self.mode_override {
            return m;
        }
        if self.pod_sets.is_empty() {
            return Mode::NoFit;
        }
        self.pod_sets.iter().map(PodSetAssignment::mode).min().unwrap_or(Mode::NoFit)
    }

    /// `couldn't assign flavors to pod set main: …` for every pod set that does not fit.
    pub fn message(&self) -> String {
        self.pod_sets
            .iter()
            .filter(|ps| !ps.reasons.is_empty())
            .map(|ps| {
                let mut r = ps.reasons.clone();
                crate::sort::sort(&mut r);
                format!("couldn't assign flavors to pod set {}: {}", ps.name, r.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Flavor-resources whose quota needs preemption.
    pub fn frs_needing_preemption(&self) -> std::collections::BTreeSet<Fr> {
        let mut out = std::collections::BTreeSet::new();
        for ps in &self.pod_sets {
            for (res, f) in &ps.flavors {
                if f.mode == Mode::Preempt {
                    out.insert(fr(&f.name, res));
                }
            }
        }
        out
    }

    /// `FormatFlavorAssignmentAttemptsForEvents`: the flavors that did not simply fit.
    pub fn considered(&self) -> String {
        let mut parts = Vec::new();
        for ps in &self.pod_sets {
            let tried: Vec<String> = ps
                .attempts
                .iter()
                .filter(|a| !(a.mode == Mode::Fit && a.borrow == 0))
                .map(|a| {
                    let mut s = format!("{}(", a.flavor);
                    match a.possibility {
                        Some(p) => s.push_str(&format!("preemptionMode={}", p.name())),
                        None => s.push_str(a.mode.name()),
                    }
                    if a.borrow > 0 {
                        s.push_str(&format!(";borrow={}", a.borrow));
                    }
                    if !a.reasons.is_empty() {
                        s.push(';');
                        s.push_str(&a.reasons.join(";"));
                    }
                    s.push(')');
                    s
                })
                .collect();
            if !tried.is_empty() {
                parts.push(format!("{}: {}", ps.name, tried.join(", ")));
            }
        }
        parts.join(" | ")
    }

    /// `status.admission.podSetAssignments` as JSON.
    pub fn to_api(&self) -> Value {
        Value::Array(
            self.pod_sets
                .iter()
                .map(|ps| {
                    let flavors: crate::json::Map =
                        ps.flavors.iter().map(|(r, f)| (r.clone(), Value::String(f.name.clone().into()))).collect();
                    let usage: crate::json::Map = ps
                        .flavors
                        .keys()
                        .map(|r| (r.clone(), Value::String(format_quantity(r, ps.requests.get(r).copied().unwrap_or(0)).into())))
                        .collect();
                    crate::json::json!({"name": ps.name.clone(), "count": ps.count, "flavors": flavors, "resourceUsage": usage})
                })
                .collect(),
        )
    }
}

fn severity(reason: &str) -> u8 {
    match reason {
        "NoMatchingFlavor" => 4,
        "ExceedsMaxQuota" => 3,
        "WaitingForQuota" => 2,
        "TopologyPlacementFailed" => 1,
        _ => 0,
    }
}

fn most_severe(a: &'static str, b: &'static str) -> &'static str {
    if severity(a) >= severity(b) {
        a
    } else {
        b
    }
}

/// Whether the flavor can host the pods at all: `None` when it can, else why not.
fn check_flavor(flavor: Option<&Value>, name: &str, template: &Value) -> Option<String> {
    let Some(rf) = flavor else { return Some(format!("flavor {name} not found")) };
    let spec = template.get("spec").cloned().unwrap_or(Value::Null);
    let mut tolerations: Vec<Value> = spec.get("tolerations").and_then(Value::as_array).map(|a| a.to_vec()).unwrap_or_default();
    tolerations.extend(rf.pointer("/spec/tolerations").and_then(Value::as_array).cloned().unwrap_or_default());
    for t in rf.pointer("/spec/nodeTaints").and_then(Value::as_array).into_iter().flatten() {
        let effect = t.get("effect").and_then(Value::as_str).unwrap_or("");
        if (effect == "NoSchedule" || effect == "NoExecute") && !tolerations.iter().any(|tol| tolerates(tol, t)) {
            let s = |k: &str| t.get(k).and_then(Value::as_str).unwrap_or("").to_string();
            return Some(format!("untolerated taint {{{} {} {} <nil>}} in flavor {name}", s("key"), s("value"), s("effect")));
        }
    }
    let labels: BTreeMap<String, String> = crate::api::object::string_map(rf.pointer("/spec/nodeLabels"));
    if !selector_matches(&spec, &labels) {
        return Some(format!("flavor {name} doesn't match node affinity"));
    }
    None
}

fn tolerates(tol: &Value, taint: &Value) -> bool {
    let op = tol.get("operator").and_then(Value::as_str).unwrap_or("Equal");
    let key_ok = match tol.get("key").and_then(Value::as_str) {
        None | Some("") => op == "Exists",
        Some(k) => Some(k) == taint.get("key").and_then(Value::as_str),
    };
    let value_ok = op == "Exists"
        || tol.get("value").and_then(Value::as_str).unwrap_or("") == taint.get("value").and_then(Value::as_str).unwrap_or("");
    let effect_ok =
        tol.get("effect").and_then(Value::as_str).is_none_or(|e| e.is_empty() || Some(e) == taint.get("effect").and_then(Value::as_str));
    key_ok && value_ok && effect_ok
}

/// The pods' node selector and required node affinity, restricted to the keys the flavor's node
/// labels define (`flavorSelector`), matched against those labels.
fn selector_matches(spec: &Value, labels: &BTreeMap<String, String>) -> bool {
    let selector_ok = spec
        .get("nodeSelector")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter(|(k, _)| labels.contains_key(k.as_str()))
        .all(|(k, v)| labels.get(k.as_str()).map(String::as_str) == v.as_str());
    if !selector_ok {
        return false;
    }
    let Some(terms) =
        spec.pointer("/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms").and_then(Value::as_array)
    else {
        return true;
    };
    let mut kept: Vec<Vec<&Value>> = Vec::new();
    for t in terms {
        let exprs: Vec<&Value> = t
            .get("matchExpressions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|e| e.get("key").and_then(Value::as_str).is_some_and(|k| labels.contains_key(k)))
            .collect();
        // A term with nothing about these labels matches any flavor.
        if exprs.is_empty() {
            return true;
        }
        kept.push(exprs);
    }
    kept.iter().any(|exprs| {
        exprs.iter().all(|e| {
            let key = e.get("key").and_then(Value::as_str).unwrap_or("");
            let values: Vec<&str> = e.get("values").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
            let v = labels.get(key);
            match e.get("operator").and_then(Value::as_str).unwrap_or("") {
                "In" => v.is_some_and(|v| values.contains(&v.as_str())),
                "NotIn" => !v.is_some_and(|v| values.contains(&v.as_str())),
                "Exists" => v.is_some(),
                "DoesNotExist" => v.is_none(),
                _ => false,
            }
        })
    })
}

pub struct Assigner<'x> {
    pub wl: &'x WorkloadInfo,
    pub cq: usize,
    pub fair_sharing: Option<&'x FairSharingConfig>,
    pub now: i64,
}

struct ResourceOutcome {
    flavors: BTreeMap<String, FlavorAssignment>,
    reasons: Vec<String>,
    fit: bool,
    attempts: Vec<Attempt>,
}

impl Assigner<'_> {
    /// `FlavorAssigner.Assign` for every pod set.
    pub fn assign(&self, s: &mut Snapshot) -> Assignment {
        let mut a = Assignment { pod_sets: Vec::new(), borrowing: 0, usage: BTreeMap::new(), no_fit_reason: "", mode_override: None };
        let templates: Vec<Value> = self
            .wl
            .obj
            .pointer("/spec/podSets")
            .and_then(Value::as_array)
            .map(|v| v.iter().map(|p| p.get("template").cloned().unwrap_or(Value::Null)).collect())
            .unwrap_or_default();
        for (i, ps) in self.wl.pod_sets.iter().enumerate() {
            let template = templates.get(i).cloned().unwrap_or(Value::Null);
            let mut psa = PodSetAssignment {
                name: ps.name.clone(),
                count: ps.count,
                flavors: BTreeMap::new(),
                reasons: Vec::new(),
                requests: ps.requests.clone(),
                attempts: Vec::new(),
            };
            let mut attempts: BTreeMap<String, Attempt> = BTreeMap::new();
            let mut failed = false;
            for res in ps.requests.keys() {
                if psa.flavors.contains_key(res) {
                    continue;
                }
                let out = self.find_flavor(s, &template, &ps.requests, res, &a.usage);
                merge_attempts(&mut attempts, out.attempts);
                if out.flavors.is_empty() {
                    psa.flavors.clear();
                    psa.reasons = out.reasons;
                    failed = true;
                    break;
                }
                psa.flavors.extend(out.flavors);
                if !out.fit {
                    psa.reasons.extend(out.reasons);
                }
            }
            psa.attempts = attempts.into_values().collect();
            for (res, f) in &psa.flavors {
                a.borrowing = a.borrowing.max(f.borrow);
                *a.usage.entry(fr(&f.name, res)).or_default() += ps.requests.get(res).copied().unwrap_or(0);
            }
            a.pod_sets.push(psa);
            if failed {
                a.no_fit_reason = resolve_no_fit_reason(&a, s, self.cq);
                return a;
            }
        }
        if a.mode() == Mode::NoFit {
            a.no_fit_reason = resolve_no_fit_reason(&a, s, self.cq);
        }
        a
    }

    /// `findFlavorForPodSets` for the resource group that covers `res`.
    fn find_flavor(
        &self,
        s: &mut Snapshot,
        template: &Value,
        requests: &BTreeMap<String, i128>,
        res: &str,
        assumed: &BTreeMap<Fr, i128>,
    ) -> ResourceOutcome {
        let spec = s.cqs[self.cq].spec;
        let Some(group) = spec.group_of(res) else {
            return ResourceOutcome {
                flavors: BTreeMap::new(),
                reasons: vec![format!("resource {res} unavailable in ClusterQueue")],
                fit: false,
                attempts: Vec::new(),
            };
        };
        let covered: Vec<(String, i128)> =
            requests.iter().filter(|(r, _)| group.covered.contains(r)).map(|(r, v)| (r.clone(), *v)).collect();
        let fungibility = spec.fungibility.clone();
        let preference = fungibility.preference.unwrap_or_default();
        let mut reasons: Vec<String> = Vec::new();
        let mut attempts = Vec::new();
        let mut best: BTreeMap<String, FlavorAssignment> = BTreeMap::new();
        let mut best_mode = WORST;
        for flavor in group.flavors.clone() {
            if let Some(why) = check_flavor(s.flavors.get(&flavor).map(|v| &**v), &flavor, template) {
                reasons.push(why.clone());
                attempts.push(Attempt {
                    flavor,
                    mode: Mode::NoFit,
                    borrow: 0,
                    possibility: None,
                    reasons: vec![why],
                    no_fit_reason: "NoMatchingFlavor",
                });
                continue;
            }
            let mut assignments = BTreeMap::new();
            let mut representative = BEST;
            let mut max_borrow = 0;
            let mut flavor_reasons = Vec::new();
            let mut flavor_no_fit: &'static str = "";
            for (r, val) in &covered {
                let f = fr(&flavor, r);
                let (mode, borrow, why, no_fit) = self.fits_quota(s, &f, assumed.get(&f).copied().unwrap_or(0), *val);
                if let Some(w) = why {
                    flavor_reasons.push(w.clone());
                    reasons.push(w);
                    flavor_no_fit = most_severe(flavor_no_fit, no_fit);
                }
                max_borrow = max_borrow.max(borrow);
                let g = Granular { mode, borrow };
                if preferred(representative, g, preference) {
                    representative = g;
                }
                if representative.mode == PMode::NoFit {
                    continue;
                }
                assignments.insert(r.clone(), FlavorAssignment { name: flavor.clone(), mode: mode.mode(), borrow });
            }
            crate::sort::sort(&mut flavor_reasons);
            attempts.push(Attempt {
                flavor: flavor.clone(),
                mode: representative.mode.mode(),
                borrow: max_borrow,
                possibility: representative.mode.possibility(),
                reasons: flavor_reasons,
                no_fit_reason: flavor_no_fit,
            });
            let try_next = match representative.mode {
                PMode::NoFit | PMode::NoCandidates => true,
                PMode::Preempt | PMode::Reclaim if fungibility.preempt_try_next => true,
                _ => representative.borrow > 0 && fungibility.borrow_try_next,
            };
            if !try_next {
                best = assignments;
                best_mode = representative;
                break;
            }
            if preferred(representative, best_mode, preference) {
                best = assignments;
                best_mode = representative;
            }
        }
        let fit = best_mode.mode == PMode::Fit;
        ResourceOutcome { flavors: best, reasons: if fit { Vec::new() } else { reasons }, fit, attempts }
    }

    /// `fitsResourceQuota`: the mode for `request` more of `f` (on top of `assumed` from this
    /// workload's earlier pod sets), how high it borrows, and why it does not simply fit.
    fn fits_quota(&self, s: &mut Snapshot, f: &Fr, assumed: i128, request: i128) -> (PMode, usize, Option<String>, &'static str) {
        let id = NodeId::Cq(self.cq);
        let available = s.available(id, f);
        let max = s.potential_available(id, f);
        let val = assumed + request;
        let res = &f.1;
        if val > max {
            let why = format!(
                "insufficient quota for {res} in flavor {}, previously considered podsets requests ({}) + current podset request ({}) > maximum capacity ({})",
                f.0,
                format_quantity(res, assumed),
                format_quantity(res, request),
                format_quantity(res, max)
            );
            return (PMode::NoFit, 0, Some(why), "ExceedsMaxQuota");
        }
        let (borrow, may_reclaim) = s.borrow_height(self.cq, f, val);
        if val <= available {
            return (PMode::Fit, borrow, None, "");
        }
        let why = format!("insufficient unused quota for {res} in flavor {}, {} more needed", f.0, format_quantity(res, val - available));
        let p = &s.cqs[self.cq].spec.preemption;
        let can_preempt_while_borrowing =
            p.borrow_within_cohort.is_some() || (self.fair_sharing.is_some() && p.reclaim_within_cohort != super::cache::Policy::Never);
        if s.nominal(self.cq, f) >= val || may_reclaim || can_preempt_while_borrowing {
            let (possibility, borrow_after) = simulate(s, self.wl, self.cq, f, val, self.fair_sharing, self.now);
            let mode = match possibility {
                Possibility::NoCandidates => PMode::NoCandidates,
                Possibility::Preempt => PMode::Preempt,
                Possibility::Reclaim => PMode::Reclaim,
            };
            return (mode, borrow_after, Some(why), "");
        }
        (PMode::NoFit, borrow, Some(why), "WaitingForQuota")
    }
}

/// Merges one resource's attempts into the pod set's (worst mode, most borrowing, all reasons).
fn merge_attempts(into: &mut BTreeMap<String, Attempt>, from: Vec<Attempt>) {
    for a in from {
        match into.get_mut(&a.flavor) {
            Some(e) => {
                e.mode = e.mode.min(a.mode);
                e.borrow = e.borrow.max(a.borrow);
                if let Some(p) = a.possibility {
                    if e.possibility.is_none_or(|ep| p < ep) {
                        e.possibility = Some(p);
                    }
                }
                for r in a.reasons {
                    if !e.reasons.contains(&r) {
                        e.reasons.push(r);
                    }
                }
                crate::sort::sort(&mut e.reasons);
                e.no_fit_reason = most_severe(e.no_fit_reason, a.no_fit_reason);
            }
            None => {
                into.insert(a.flavor.clone(), a);
            }
        }
    }
}

/// `resolveNoFitReason`: per resource group the least severe reason among its flavors, then the
/// most severe over groups and pod sets.
fn resolve_no_fit_reason(a: &Assignment, s: &Snapshot, cq: usize) -> &'static str {
    if a.mode() != Mode::NoFit {
        return "";
    }
    let groups = &s.cqs[cq].spec.groups;
    let mut overall = "";
    for ps in a.pod_sets.iter().filter(|ps| ps.mode() == Mode::NoFit) {
        if ps.attempts.is_empty() {
            overall = most_severe(overall, "NoMatchingFlavor");
            continue;
        }
        let mut per_group: BTreeMap<i64, &'static str> = BTreeMap::new();
        for (i, att) in ps.attempts.iter().enumerate() {
            if att.mode != Mode::NoFit {
                continue;
            }
            let mut idx: Vec<i64> =
                groups.iter().enumerate().filter(|(_, g)| g.flavors.contains(&att.flavor)).map(|(g, _)| g as i64).collect();
            if idx.is_empty() {
                idx.push(-1 - i as i64);
            }
            for g in idx {
                let e = per_group.entry(g).or_insert(att.no_fit_reason);
                if severity(att.no_fit_reason) < severity(e) {
                    *e = att.no_fit_reason;
                }
            }
        }
        let ps_reason = per_group.values().fold("", |acc, r| most_severe(acc, r));
        overall = most_severe(overall, ps_reason);
    }
    overall
}
