//! Kueue's scheduler cache (`pkg/cache/scheduler/cache.go`, `clusterqueue.go`, `cohort.go`,
//! `pkg/cache/hierarchy`): ClusterQueues with their quotas and the workloads holding quota in
//! them, Cohorts (declared by a Cohort object or only named by a `cohortName`/`parentName`), and
//! ResourceFlavors — kept current from watch events, one change at a time, never re-listed.
//! Each scheduling cycle takes a [`Snapshot`] of it.

use super::info::WorkloadInfo;
use super::snapshot::{accumulate, cq_node, CohortSnapshot, CqSnapshot, Fr, Quota, ResourceNode, Snapshot};
use crate::api::object::{get, get_str};
use crate::api::quantity::Quantity;
use crate::hash::WordHasher;
use crate::json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// A `PreemptionPolicy` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    #[default]
    Never,
    LowerPriority,
    LowerOrNewerEqualPriority,
    Any,
}

impl Policy {
    fn parse(v: Option<&str>) -> Self {
        match v {
            Some("LowerPriority") => Policy::LowerPriority,
            Some("LowerOrNewerEqualPriority") => Policy::LowerOrNewerEqualPriority,
            Some("Any") => Policy::Any,
            _ => Policy::Never,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Preemption {
    pub within_cluster_queue: Policy,
    pub reclaim_within_cohort: Policy,
    /// `borrowWithinCohort.policy: LowerPriority`, with its `maxPriorityThreshold`.
    pub borrow_within_cohort: Option<Option<i64>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Preference {
    #[default]
    BorrowingOverPreemption,
    PreemptionOverBorrowing,
}

/// `flavorFungibility`, defaulted (`whenCanBorrow: MayStopSearch`, `whenCanPreempt: TryNextFlavor`).
#[derive(Debug, Clone, PartialEq)]
pub struct Fungibility {
    pub borrow_try_next: bool,
    pub preempt_try_next: bool,
    pub preference: Option<Preference>,
}

impl Default for Fungibility {
    fn default() -> Self {
        Fungibility { borrow_try_next: false, preempt_try_next: true, preference: None }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResourceGroup {
    pub covered: Vec<String>,
    pub flavors: Vec<String>,
}

/// What a ClusterQueue's spec means to the scheduler.
#[derive(Debug, Clone, Default)]
pub struct CqSpec {
    pub groups: Vec<ResourceGroup>,
    pub quotas: Arc<BTreeMap<Fr, Quota>>,
    pub cohort: Option<String>,
    pub strict_fifo: bool,
    pub namespace_selector: Option<Value>,
    pub preemption: Preemption,
    pub fungibility: Fungibility,
    pub fair_weight: f64,
    pub stopped: bool,
    /// `stopPolicy: HoldAndDrain`: admitted workloads are evicted too.
    pub drain: bool,
    /// AdmissionChecks named by `admissionChecksStrategy`, sorted.
    pub admission_checks: Vec<String>,
    pub generation: i64,
}

impl CqSpec {
    /// The resource group covering `resource`.
    pub fn group_of(&self, resource: &str) -> Option<&ResourceGroup> {
        self.groups.iter().find(|g| g.covered.iter().any(|r| r == resource))
    }

    pub fn flavor_names(&self) -> impl Iterator<Item = &String> {
        self.groups.iter().flat_map(|g| g.flavors.iter())
    }
}

pub fn quantity(v: &Value) -> i128 {
    let text = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    Quantity::parse(&text).map(|q| q.nanos).unwrap_or(0)
}

/// `fairSharing.weight` (1 when absent).
pub fn fair_weight(spec: Option<&Value>) -> f64 {
    spec.and_then(|s| s.pointer("/fairSharing/weight")).map(|w| quantity(w) as f64 / 1e9).unwrap_or(1.0)
}

/// Quotas and groups from `resourceGroups` (a ClusterQueue's or a Cohort's).
pub fn parse_groups(groups: Option<&Value>) -> (Vec<ResourceGroup>, BTreeMap<Fr, Quota>) {
    let mut out = Vec::new();
    let mut quotas = BTreeMap::new();
    for g in groups.and_then(Value::as_array).into_iter().flatten() {
        let covered = g
            .get("coveredResources")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        let mut flavors = Vec::new();
        for f in g.get("flavors").and_then(Value::as_array).into_iter().flatten() {
            let name = f.get("name").and_then(Value::as_str).unwrap_or("").to_string();
            for r in f.get("resources").and_then(Value::as_array).into_iter().flatten() {
                let res = r.get("name").and_then(Value::as_str).unwrap_or("").to_string();
                quotas.insert(
                    (name.clone(), res),
                    Quota {
                        nominal: r.get("nominalQuota").map(quantity).unwrap_or(0),
                        borrowing_limit: r.get("borrowingLimit").map(quantity),
                        lending_limit: r.get("lendingLimit").map(quantity),
                    },
                );
            }
            flavors.push(name);
        }
        out.push(ResourceGroup { covered, flavors });
    }
    (out, quotas)
}

impl CqSpec {
    pub fn parse(cq: &Value) -> Self {
        let spec = cq.get("spec");
        let (groups, quotas) = parse_groups(get(cq, &["spec", "resourceGroups"]));
        let p = |path: &[&str]| get_str(cq, path).map(str::to_string);
        let borrow_within = match get_str(cq, &["spec", "preemption", "borrowWithinCohort", "policy"]) {
            Some("LowerPriority") => {
                Some(get(cq, &["spec", "preemption", "borrowWithinCohort", "maxPriorityThreshold"]).and_then(Value::as_i64))
            }
            _ => None,
        };
        let try_next = |v: Option<String>, default: bool| v.map(|s| s == "TryNextFlavor").unwrap_or(default);
        CqSpec {
            groups,
            quotas: Arc::new(quotas),
            cohort: p(&["spec", "cohortName"]).filter(|c| !c.is_empty()),
            strict_fifo: p(&["spec", "queueingStrategy"]).as_deref() == Some("StrictFIFO"),
            namespace_selector: get(cq, &["spec", "namespaceSelector"]).cloned(),
            preemption: Preemption {
                within_cluster_queue: Policy::parse(get_str(cq, &["spec", "preemption", "withinClusterQueue"])),
                reclaim_within_cohort: Policy::parse(get_str(cq, &["spec", "preemption", "reclaimWithinCohort"])),
                borrow_within_cohort: borrow_within,
            },
            fungibility: Fungibility {
                borrow_try_next: try_next(p(&["spec", "flavorFungibility", "whenCanBorrow"]), false),
                preempt_try_next: try_next(p(&["spec", "flavorFungibility", "whenCanPreempt"]), true),
                preference: match get_str(cq, &["spec", "flavorFungibility", "preference"]) {
                    Some("BorrowingOverPreemption") => Some(Preference::BorrowingOverPreemption),
                    Some("PreemptionOverBorrowing") => Some(Preference::PreemptionOverBorrowing),
                    _ => None,
                },
            },
            fair_weight: fair_weight(spec),
            stopped: p(&["spec", "stopPolicy"]).is_some_and(|s| s != "None"),
            drain: p(&["spec", "stopPolicy"]).as_deref() == Some("HoldAndDrain"),
            admission_checks: {
                let mut v: Vec<String> = get(cq, &["spec", "admissionChecksStrategy", "admissionChecks"])
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|r| r.get("name").and_then(Value::as_str).map(str::to_string))
                    .collect();
                crate::sort::sort(&mut v);
                v.dedup();
                v
            },
            generation: get(cq, &["metadata", "generation"]).and_then(Value::as_i64).unwrap_or(1),
        }
    }
}

/// A ClusterQueue in the cache.
#[derive(Debug, Clone)]
pub struct CqState {
    pub spec: CqSpec,
    pub terminating: bool,
    pub missing_flavors: Vec<String>,
    /// AdmissionChecks it names that do not exist, or exist but are not Active (sorted).
    pub missing_checks: Vec<String>,
    pub inactive_checks: Vec<String>,
    /// Its TAS flavors (`topologyName` set) as `(topology, flavor)`: the simulator serves no
    /// Topology, so none is ever found.
    pub missing_topologies: Vec<(String, String)>,
    /// Workloads holding quota here, and their total usage (reserved; admitted only).
    pub workloads: BTreeMap<String, Arc<WorkloadInfo>>,
    pub usage: BTreeMap<Fr, i128>,
    pub admitted_usage: BTreeMap<Fr, i128>,
    /// Bumped when what the ClusterQueue offers changes (`AllocatableResourceGeneration`).
    pub allocatable_generation: u64,
}

impl CqState {
    /// The `Active` condition (`kueue.md` §8): status, reason, message.
    pub fn active(&self) -> (bool, &'static str, String) {
        if self.terminating {
            return (false, "Terminating", "Can't admit new workloads; clusterQueue is terminating".into());
        }
        let mut reasons: Vec<&'static str> = Vec::new();
        let mut messages = Vec::new();
        if self.spec.stopped {
            reasons.push("Stopped");
            messages.push("is stopped".to_string());
        }
        if !self.missing_flavors.is_empty() {
            reasons.push("FlavorNotFound");
            messages.push(format!("references missing ResourceFlavor(s): {}", self.missing_flavors.join(",")));
        }
        if !self.missing_checks.is_empty() {
            reasons.push("AdmissionCheckNotFound");
            messages.push(format!("references missing AdmissionCheck(s): {}", self.missing_checks.join(",")));
        }
        if !self.inactive_checks.is_empty() {
            reasons.push("AdmissionCheckInactive");
            messages.push(format!("references inactive AdmissionCheck(s): {}", self.inactive_checks.join(",")));
        }
        for (topology, flavor) in &self.missing_topologies {
            reasons.push("TopologyNotFound");
            messages.push(format!("there is no Topology {topology:?} for TAS flavor {flavor:?}"));
        }
        match reasons.first() {
            Some(r) => (false, r, format!("Can't admit new workloads: {}.", messages.join(", "))),
            None => (true, "Ready", "Can admit new workloads".into()),
        }
    }

    pub fn is_active(&self) -> bool {
        self.active().0
    }

    fn add(&mut self, wl: Arc<WorkloadInfo>) {
        for (fr, v) in wl.usage.iter() {
            *self.usage.entry(fr.clone()).or_default() += v;
            if wl.admitted {
                *self.admitted_usage.entry(fr.clone()).or_default() += v;
            }
        }
        self.workloads.insert(wl.key.clone(), wl);
    }

    fn remove(&mut self, key: &str) -> Option<Arc<WorkloadInfo>> {
        let wl = self.workloads.remove(key)?;
        for (fr, v) in wl.usage.iter() {
            *self.usage.entry(fr.clone()).or_default() -= v;
            if wl.admitted {
                *self.admitted_usage.entry(fr.clone()).or_default() -= v;
            }
        }
        Some(wl)
    }
}

/// A Cohort in the cache: declared by an object, or implied by being named.
#[derive(Debug, Clone, Default)]
pub struct CohortState {
    /// The Cohort object's quotas and weight, when there is one.
    pub quotas: Arc<BTreeMap<Fr, Quota>>,
    pub fair_weight: f64,
    pub declared: bool,
    pub parent: Option<String>,
    pub child_cqs: BTreeSet<String>,
    pub child_cohorts: BTreeSet<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Cache {
    pub cqs: BTreeMap<String, CqState>,
    pub cohorts: BTreeMap<String, CohortState>,
    pub flavors: BTreeMap<String, Arc<Value>>,
    /// AdmissionChecks by name: whether their `Active` condition is True.
    pub checks: BTreeMap<String, bool>,
    /// Reserving workloads whose ClusterQueue is not (yet) in the cache, by ClusterQueue.
    detached: BTreeMap<String, BTreeMap<String, Arc<WorkloadInfo>>>,
    /// Where each reserving workload is counted. A hash map: only looked up, never walked (every
    /// workload change looks its key up here).
    workload_cq: HashMap<String, String, BuildHasherDefault<WordHasher>>,
    /// Bumped on every change that can change a scheduling decision.
    pub generation: u64,
}

impl Cache {
    fn touch(&mut self) {
        self.generation += 1;
    }

    fn missing_flavors(&self, spec: &CqSpec) -> Vec<String> {
        let mut missing: Vec<String> = Vec::new();
        for f in spec.flavor_names() {
            if !self.flavors.contains_key(f) && !missing.contains(f) {
                missing.push(f.clone());
            }
        }
        missing
    }

    /// What else keeps a ClusterQueue inactive: missing or inactive AdmissionChecks, TAS flavors
    /// without their Topology.
    #[allow(clippy::type_complexity)]
    fn other_problems(&self, spec: &CqSpec) -> (Vec<String>, Vec<String>, Vec<(String, String)>) {
        let missing = spec.admission_checks.iter().filter(|a| !self.checks.contains_key(*a)).cloned().collect();
        let inactive = spec.admission_checks.iter().filter(|a| self.checks.get(*a) == Some(&false)).cloned().collect();
        let mut tas: Vec<(String, String)> = Vec::new();
        let mut names: Vec<&String> = spec.flavor_names().collect();
        crate::sort::sort(&mut names);
        names.dedup();
        for f in names {
            if let Some(t) = self.flavors.get(f).and_then(|rf| rf.pointer("/spec/topologyName")).and_then(Value::as_str) {
                tas.push((t.to_string(), f.clone()));
            }
        }
        (missing, inactive, tas)
    }

    /// An AdmissionCheck came, changed or went.
    pub fn update_check(&mut self, name: &str, active: Option<bool>) {
        match active {
            Some(a) => self.checks.insert(name.to_string(), a),
            None => self.checks.remove(name),
        };
        self.refresh_missing_flavors();
    }

    fn cohort_entry(&mut self, name: &str) -> &mut CohortState {
        self.cohorts.entry(name.to_string()).or_insert_with(|| CohortState { fair_weight: 1.0, ..Default::default() })
    }

    /// Drops a Cohort nobody declares or names any more.
    fn prune_cohort(&mut self, name: &str) {
        let Some(c) = self.cohorts.get(name) else { return };
        if c.declared || !c.child_cqs.is_empty() || !c.child_cohorts.is_empty() {
            return;
        }
        let parent = c.parent.clone();
        self.cohorts.remove(name);
        if let Some(p) = parent {
            if let Some(pc) = self.cohorts.get_mut(&p) {
                pc.child_cohorts.remove(name);
            }
            self.prune_cohort(&p);
        }
    }

    pub fn update_cq(&mut self, cq: &Value) {
        let name = get_str(cq, &["metadata", "name"]).unwrap_or("").to_string();
        let spec = CqSpec::parse(cq);
        let terminating = get(cq, &["metadata", "deletionTimestamp"]).is_some();
        let missing = self.missing_flavors(&spec);
        let (missing_checks, inactive_checks, missing_topologies) = self.other_problems(&spec);
        let old_cohort = self.cqs.get(&name).and_then(|c| c.spec.cohort.clone());
        if old_cohort != spec.cohort {
            if let Some(old) = &old_cohort {
                self.cohort_entry(old).child_cqs.remove(&name);
                self.prune_cohort(old);
            }
            if let Some(new) = &spec.cohort {
                self.cohort_entry(new).child_cqs.insert(name.clone());
            }
        }
        let detached = self.detached.remove(&name).unwrap_or_default();
        let entry = self.cqs.entry(name.clone()).or_insert_with(|| CqState {
            spec: CqSpec::default(),
            terminating,
            missing_flavors: Vec::new(),
            missing_checks: Vec::new(),
            inactive_checks: Vec::new(),
            missing_topologies: Vec::new(),
            workloads: BTreeMap::new(),
            usage: BTreeMap::new(),
            admitted_usage: BTreeMap::new(),
            allocatable_generation: 0,
        });
        if entry.spec.quotas != spec.quotas || entry.spec.groups != spec.groups {
            entry.allocatable_generation += 1;
        }
        entry.spec = spec;
        entry.terminating = terminating;
        entry.missing_flavors = missing;
        entry.missing_checks = missing_checks;
        entry.inactive_checks = inactive_checks;
        entry.missing_topologies = missing_topologies;
        for (_, wl) in detached {
            entry.add(wl);
        }
        self.touch();
    }

    pub fn delete_cq(&mut self, name: &str) {
        if let Some(cq) = self.cqs.remove(name) {
            if let Some(c) = &cq.spec.cohort {
                self.cohort_entry(c).child_cqs.remove(name);
                self.prune_cohort(c);
            }
            if !cq.workloads.is_empty() {
                self.detached.insert(name.to_string(), cq.workloads);
            }
        }
        self.touch();
    }

    pub fn update_cohort(&mut self, obj: &Value) {
        let name = get_str(obj, &["metadata", "name"]).unwrap_or("").to_string();
        let (_, quotas) = parse_groups(get(obj, &["spec", "resourceGroups"]));
        let parent = get_str(obj, &["spec", "parentName"]).filter(|p| !p.is_empty()).map(str::to_string);
        let old_parent = self.cohorts.get(&name).and_then(|c| c.parent.clone());
        {
            let c = self.cohort_entry(&name);
            c.quotas = Arc::new(quotas);
            c.fair_weight = fair_weight(obj.get("spec"));
            c.declared = true;
            c.parent = parent.clone();
        }
        if old_parent != parent {
            if let Some(old) = &old_parent {
                self.cohort_entry(old).child_cohorts.remove(&name);
                self.prune_cohort(old);
            }
            if let Some(p) = &parent {
                self.cohort_entry(p).child_cohorts.insert(name.clone());
            }
        }
        self.touch();
    }

    pub fn delete_cohort(&mut self, name: &str) {
        if let Some(c) = self.cohorts.get_mut(name) {
            c.declared = false;
            c.quotas = Arc::new(BTreeMap::new());
            c.fair_weight = 1.0;
            // A Cohort that is only named keeps no parent of its own.
            if let Some(p) = c.parent.take() {
                self.cohort_entry(&p).child_cohorts.remove(name);
                self.prune_cohort(&p);
            }
        }
        self.prune_cohort(name);
        self.touch();
    }

    pub fn update_flavor(&mut self, obj: Arc<Value>) {
        let name = get_str(&obj, &["metadata", "name"]).unwrap_or("").to_string();
        self.flavors.insert(name, obj);
        self.refresh_missing_flavors();
    }

    pub fn delete_flavor(&mut self, name: &str) {
        self.flavors.remove(name);
        self.refresh_missing_flavors();
    }

    fn refresh_missing_flavors(&mut self) {
        let names: Vec<String> = self.cqs.keys().cloned().collect();
        for n in names {
            let missing = self.missing_flavors(&self.cqs[&n].spec);
            let (checks, inactive, tas) = self.other_problems(&self.cqs[&n].spec);
            let q = self.cqs.get_mut(&n).expect("listed");
            q.missing_flavors = missing;
            q.missing_checks = checks;
            q.inactive_checks = inactive;
            q.missing_topologies = tas;
        }
        self.touch();
    }

    /// A workload changed: it holds quota where its admission says, or nowhere.
    pub fn update_workload(&mut self, wl: Arc<WorkloadInfo>) {
        let same = self.workload(&wl.key).is_some_and(|old| {
            old.holds_quota() == wl.holds_quota()
                && old.cluster_queue == wl.cluster_queue
                && old.usage == wl.usage
                && old.admitted == wl.admitted
                && old.evicted == wl.evicted
                && old.priority == wl.priority
                && old.reserved_at == wl.reserved_at
        });
        if same && wl.holds_quota() {
            // Nothing the cache counts changed: the new info takes the old one's place, and the
            // ClusterQueue's usage stays as it is (not taken away and added back).
            let held = match self.cqs.get_mut(&wl.cluster_queue) {
                Some(cq) => cq.workloads.get_mut(&wl.key),
                None => self.detached.get_mut(&wl.cluster_queue).and_then(|m| m.get_mut(&wl.key)),
            };
            if let Some(held) = held {
                *held = wl;
                return;
            }
        }
        self.delete_workload(&wl.key);
        if wl.holds_quota() {
            self.workload_cq.insert(wl.key.clone(), wl.cluster_queue.clone());
            match self.cqs.get_mut(&wl.cluster_queue) {
                Some(cq) => cq.add(wl),
                None => {
                    self.detached.entry(wl.cluster_queue.clone()).or_default().insert(wl.key.clone(), wl);
                }
            }
        }
        if !same {
            self.touch();
        }
    }

    pub fn delete_workload(&mut self, key: &str) {
        let Some(cq) = self.workload_cq.remove(key) else { return };
        let removed = match self.cqs.get_mut(&cq) {
            Some(c) => c.remove(key).is_some(),
            None => self.detached.get_mut(&cq).and_then(|m| m.remove(key)).is_some(),
        };
        if removed {
            self.touch();
        }
    }

    /// The workload as the cache holds it (while it holds quota).
    pub fn workload(&self, key: &str) -> Option<&Arc<WorkloadInfo>> {
        let cq = self.workload_cq.get(key)?;
        self.cqs.get(cq).and_then(|c| c.workloads.get(key)).or_else(|| self.detached.get(cq).and_then(|m| m.get(key)))
    }

    /// Whether walking up from `cohort` ever comes back to a Cohort already seen.
    pub fn has_cycle(&self, cohort: &str) -> bool {
        let mut seen = BTreeSet::new();
        let mut at = Some(cohort.to_string());
        while let Some(c) = at {
            if !seen.insert(c.clone()) {
                return true;
            }
            at = self.cohorts.get(&c).and_then(|s| s.parent.clone());
        }
        false
    }

    /// The Cohorts from `cohort` up to its root (empty in a cycle).
    pub fn path_to_root(&self, cohort: &str) -> Vec<String> {
        if self.has_cycle(cohort) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut at = Some(cohort.to_string());
        while let Some(c) = at {
            at = self.cohorts.get(&c).and_then(|s| s.parent.clone());
            out.push(c);
        }
        out
    }

    /// The root of the tree a ClusterQueue belongs to (itself when it has no Cohort).
    pub fn root_of_cq(&self, cq: &str) -> String {
        match self.cqs.get(cq).and_then(|c| c.spec.cohort.clone()) {
            Some(c) => self.path_to_root(&c).last().cloned().map(|r| format!("cohort:{r}")).unwrap_or(format!("cq:{cq}")),
            None => format!("cq:{cq}"),
        }
    }

    /// Every ClusterQueue in the tree under the root Cohort `root`.
    pub fn cqs_under(&self, root: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![root.to_string()];
        let mut seen = BTreeSet::new();
        while let Some(c) = stack.pop() {
            if !seen.insert(c.clone()) {
                continue;
            }
            if let Some(s) = self.cohorts.get(&c) {
                out.extend(s.child_cqs.iter().cloned());
                stack.extend(s.child_cohorts.iter().cloned());
            }
        }
        crate::sort::sort(&mut out);
        out
    }

    /// Whether the ClusterQueue can take part in scheduling cycles.
    pub fn schedulable(&self, cq: &str) -> bool {
        self.cqs.get(cq).is_some_and(|c| c.is_active() && c.spec.cohort.as_deref().is_none_or(|co| !self.has_cycle(co)))
    }

    /// The per-cycle snapshot (`Cache.Snapshot`).
    pub fn snapshot(&self) -> Snapshot<'_> {
        let mut s = Snapshot {
            cqs: Vec::new(),
            cohorts: Vec::new(),
            cq_by_name: BTreeMap::new(),
            cohort_by_name: BTreeMap::new(),
            flavors: &self.flavors,
            inactive: BTreeSet::new(),
        };
        for (name, c) in &self.cohorts {
            if self.has_cycle(name) {
                continue;
            }
            s.cohort_by_name.insert(name.clone(), s.cohorts.len());
            s.cohorts.push(CohortSnapshot {
                name: name.clone(),
                parent: None,
                child_cqs: Vec::new(),
                child_cohorts: Vec::new(),
                node: ResourceNode { quotas: c.quotas.clone(), ..Default::default() },
                fair_weight: c.fair_weight,
            });
        }
        for (name, c) in &self.cohorts {
            let (Some(&i), Some(p)) = (s.cohort_by_name.get(name), c.parent.as_ref()) else { continue };
            if let Some(&pi) = s.cohort_by_name.get(p) {
                s.cohorts[i].parent = Some(pi);
                s.cohorts[pi].child_cohorts.push(i);
            }
        }
        let mut extra: BTreeMap<usize, Vec<ResourceNode>> = BTreeMap::new();
        for (name, cq) in &self.cqs {
            let parent = cq.spec.cohort.as_ref().and_then(|c| s.cohort_by_name.get(c).copied());
            let in_cycle = cq.spec.cohort.is_some() && parent.is_none();
            let node = cq_node(&cq.spec.quotas, &cq.usage);
            if !cq.is_active() || in_cycle {
                s.inactive.insert(name.clone());
                if let Some(p) = parent {
                    extra.entry(p).or_default().push(node);
                }
                continue;
            }
            let i = s.cqs.len();
            s.cq_by_name.insert(name.clone(), i);
            s.cqs.push(CqSnapshot { name: name.clone(), parent, spec: &cq.spec, node, workloads: &cq.workloads });
            if let Some(p) = parent {
                s.cohorts[p].child_cqs.push(i);
            }
        }
        let roots: Vec<usize> = (0..s.cohorts.len()).filter(|&i| s.cohorts[i].parent.is_none()).collect();
        for r in roots {
            accumulate(&mut s, r, &extra);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{json, Value};

    /// A workload holding 1 GPU of flavor `gpu` in ClusterQueue `cq`, with `conditions` after
    /// its QuotaReserved one.
    fn holding(conditions: Value) -> Arc<WorkloadInfo> {
        let mut conds = vec![
            json!({"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved", "lastTransitionTime": "2026-01-01T00:00:00Z"}),
        ];
        conds.extend(conditions.as_array().into_iter().flatten().cloned());
        Arc::new(WorkloadInfo::new(Arc::new(json!({
            "metadata": {"name": "w", "namespace": "team-a", "uid": "u"},
            "spec": {"queueName": "lq", "podSets": [{"name": "main", "count": 1, "template": {"spec": {"containers": [{"name": "c", "resources": {"requests": {"nvidia.com/gpu": "1"}}}]}}}]},
            "status": {
                "admission": {"clusterQueue": "cq", "podSetAssignments": [{"name": "main", "count": 1, "flavors": {"nvidia.com/gpu": "gpu"}, "resourceUsage": {"nvidia.com/gpu": "1"}}]},
                "conditions": conds,
            },
        }))))
    }

    /// A write that changes nothing the cache counts (a condition it does not read) leaves the
    /// usage and the generation as they were, and the cache then holds the new info, not the old.
    #[test]
    fn a_change_that_counts_nothing_replaces_the_info_held() {
        let mut cache = Cache::default();
        let first = holding(json!([]));
        cache.update_workload(first.clone());
        let generation = cache.generation;
        let second =
            holding(json!([{"type": "PodsReady", "status": "True", "reason": "PodsReady", "lastTransitionTime": "2026-01-01T00:00:05Z"}]));
        cache.update_workload(second.clone());
        assert_eq!(cache.generation, generation);
        assert!(Arc::ptr_eq(cache.workload(&second.key).expect("held"), &second), "the info held is the newest");
        // A change it counts (admitted) is a new generation, and the info held is again the newest.
        let third =
            holding(json!([{"type": "Admitted", "status": "True", "reason": "Admitted", "lastTransitionTime": "2026-01-01T00:00:06Z"}]));
        cache.update_workload(third.clone());
        assert!(cache.generation > generation);
        assert!(Arc::ptr_eq(cache.workload(&third.key).expect("held"), &third));
    }
}
