//! The scheduler's view of quota for one cycle: a tree of resource nodes (ClusterQueue → Cohort →
//! parent Cohort) with quotas, what each subtree can lend, and usage — models Kueue's
//! `pkg/cache/scheduler/{snapshot.go, clusterqueue_snapshot.go, cohort_snapshot.go,
//! resource_node.go}`.
//!
//! The rules, in Kueue's terms: a node's *subtree quota* is its own nominal quota plus what its
//! children lend it (each child keeps `nominal − lendingLimit` to itself, its *local quota*);
//! usage a child cannot hold locally is *stored in* its parent. `available` is what a node can
//! still use (its local remainder plus what its parent can give, capped by `borrowingLimit`);
//! `potential_available` is the same assuming nothing is used — the "maximum capacity" in
//! Kueue's messages. A snapshot is built per cycle from the cache (`cache.rs`); the scheduler
//! and the preemptor change its usage while they simulate, never the cache.

use super::cache::CqSpec;
use super::info::WorkloadInfo;
use crate::json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A flavor and a resource: the unit quota is counted in.
pub type Fr = (String, String);

pub fn fr(flavor: &str, resource: &str) -> Fr {
    (flavor.to_string(), resource.to_string())
}

/// One resource's quota in a flavor (`ResourceQuota`); amounts in nano-units.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Quota {
    pub nominal: i128,
    pub borrowing_limit: Option<i128>,
    pub lending_limit: Option<i128>,
}

/// Quotas and usage of a ClusterQueue or a Cohort (`resourceNode`).
#[derive(Debug, Clone, Default)]
pub struct ResourceNode {
    pub quotas: Arc<BTreeMap<Fr, Quota>>,
    pub subtree_quota: BTreeMap<Fr, i128>,
    pub usage: BTreeMap<Fr, i128>,
}

impl ResourceNode {
    fn subtree(&self, fr: &Fr) -> i128 {
        self.subtree_quota.get(fr).copied().unwrap_or(0)
    }

    pub fn used(&self, fr: &Fr) -> i128 {
        self.usage.get(fr).copied().unwrap_or(0)
    }

    fn quota(&self, fr: &Fr) -> Quota {
        self.quotas.get(fr).cloned().unwrap_or_default()
    }

    /// What this subtree keeps to itself because of its lending limit.
    pub fn local_quota(&self, fr: &Fr) -> i128 {
        match self.quota(fr).lending_limit {
            Some(l) => (self.subtree(fr) - l).max(0),
            None => 0,
        }
    }

    pub fn local_available(&self, fr: &Fr) -> i128 {
        (self.local_quota(fr) - self.used(fr)).max(0)
    }
}

/// A node of the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NodeId {
    Cq(usize),
    Cohort(usize),
}

#[derive(Debug, Clone)]
pub struct CqSnapshot<'a> {
    pub name: String,
    pub parent: Option<usize>,
    pub spec: &'a CqSpec,
    pub node: ResourceNode,
    /// The workloads holding quota in this ClusterQueue (shared with the cache).
    pub workloads: &'a BTreeMap<String, Arc<WorkloadInfo>>,
}

#[derive(Debug, Clone)]
pub struct CohortSnapshot {
    pub name: String,
    pub parent: Option<usize>,
    pub child_cqs: Vec<usize>,
    pub child_cohorts: Vec<usize>,
    pub node: ResourceNode,
    pub fair_weight: f64,
}

#[derive(Debug, Clone)]
pub struct Snapshot<'a> {
    pub cqs: Vec<CqSnapshot<'a>>,
    pub cohorts: Vec<CohortSnapshot>,
    pub cq_by_name: BTreeMap<String, usize>,
    pub cohort_by_name: BTreeMap<String, usize>,
    pub flavors: &'a BTreeMap<String, Arc<Value>>,
    /// ClusterQueues that exist but take no part in this cycle (inactive, or in a cohort cycle).
    pub inactive: BTreeSet<String>,
}

impl<'a> Snapshot<'a> {
    pub fn cq(&self, name: &str) -> Option<usize> {
        self.cq_by_name.get(name).copied()
    }

    pub fn node(&self, id: NodeId) -> &ResourceNode {
        match id {
            NodeId::Cq(i) => &self.cqs[i].node,
            NodeId::Cohort(i) => &self.cohorts[i].node,
        }
    }

    fn node_mut(&mut self, id: NodeId) -> &mut ResourceNode {
        match id {
            NodeId::Cq(i) => &mut self.cqs[i].node,
            NodeId::Cohort(i) => &mut self.cohorts[i].node,
        }
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        match id {
            NodeId::Cq(i) => self.cqs[i].parent.map(NodeId::Cohort),
            NodeId::Cohort(i) => self.cohorts[i].parent.map(NodeId::Cohort),
        }
    }

    pub fn name(&self, id: NodeId) -> &str {
        match id {
            NodeId::Cq(i) => &self.cqs[i].name,
            NodeId::Cohort(i) => &self.cohorts[i].name,
        }
    }

    pub fn fair_weight(&self, id: NodeId) -> f64 {
        match id {
            NodeId::Cq(i) => self.cqs[i].spec.fair_weight,
            NodeId::Cohort(i) => self.cohorts[i].fair_weight,
        }
    }

    /// The Cohorts above a ClusterQueue, nearest first.
    pub fn ancestors(&self, cq: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = self.cqs[cq].parent;
        while let Some(c) = at {
            out.push(c);
            at = self.cohorts[c].parent;
        }
        out
    }

    pub fn root_cohort(&self, cohort: usize) -> usize {
        let mut c = cohort;
        while let Some(p) = self.cohorts[c].parent {
            c = p;
        }
        c
    }

    /// Every ClusterQueue below `cohort`: its own first, then its child Cohorts' (depth first).
    pub fn subtree_cqs(&self, cohort: usize) -> Vec<usize> {
        let mut out = self.cohorts[cohort].child_cqs.clone();
        for &c in &self.cohorts[cohort].child_cohorts {
            out.extend(self.subtree_cqs(c));
        }
        out
    }

    /// How much of `fr` the node can still use: what it keeps locally and what its parent can
    /// give, capped by its borrowing limit. Negative when over-admitted.
    fn available_raw(&self, id: NodeId, fr: &Fr) -> i128 {
        let n = self.node(id);
        let Some(parent) = self.parent(id) else { return n.subtree(fr) - n.used(fr) };
        let mut from_parent = self.available_raw(parent, fr);
        if let Some(limit) = n.quota(fr).borrowing_limit {
            let lq = n.local_quota(fr);
            let stored_in_parent = n.subtree(fr) - lq;
            let used_in_parent = (n.used(fr) - lq).max(0);
            from_parent = from_parent.min(stored_in_parent - used_in_parent + limit);
        }
        n.local_available(fr) + from_parent
    }

    /// `ClusterQueueSnapshot.Available`: never below zero.
    pub fn available(&self, id: NodeId, fr: &Fr) -> i128 {
        self.available_raw(id, fr).max(0)
    }

    /// The most the node could ever use of `fr` (nothing used anywhere), within its borrowing
    /// limit: the "maximum capacity" of Kueue's ExceedsMaxQuota message.
    pub fn potential_available(&self, id: NodeId, fr: &Fr) -> i128 {
        let n = self.node(id);
        let Some(parent) = self.parent(id) else { return n.subtree(fr) };
        let mut avail = n.local_quota(fr).saturating_add(self.potential_available(parent, fr));
        if let Some(limit) = n.quota(fr).borrowing_limit {
            avail = avail.min(n.subtree(fr).saturating_add(limit));
        }
        avail
    }

    /// Adds usage to a node; what exceeds its local remainder is stored in its parent.
    pub fn add_usage(&mut self, id: NodeId, fr: &Fr, val: i128) {
        let local_available = self.node(id).local_available(fr);
        *self.node_mut(id).usage.entry(fr.clone()).or_default() += val;
        if let Some(parent) = self.parent(id) {
            if val > local_available {
                self.add_usage(parent, fr, val - local_available);
            }
        }
    }

    /// Removes usage from a node, and what of it was stored in its parent.
    pub fn remove_usage(&mut self, id: NodeId, fr: &Fr, val: i128) {
        let n = self.node(id);
        let stored_in_parent = n.used(fr) - n.local_quota(fr);
        *self.node_mut(id).usage.entry(fr.clone()).or_default() -= val;
        if stored_in_parent <= 0 {
            return;
        }
        if let Some(parent) = self.parent(id) {
            self.remove_usage(parent, fr, val.min(stored_in_parent));
        }
    }

    pub fn add_cq_usage(&mut self, cq: usize, usage: &BTreeMap<Fr, i128>) {
        for (fr, v) in usage {
            self.add_usage(NodeId::Cq(cq), fr, *v);
        }
    }

    pub fn remove_cq_usage(&mut self, cq: usize, usage: &BTreeMap<Fr, i128>) {
        for (fr, v) in usage {
            self.remove_usage(NodeId::Cq(cq), fr, *v);
        }
    }

    /// Takes a workload's usage out of its ClusterQueue (as if it were evicted).
    pub fn remove_workload(&mut self, wl: &WorkloadInfo) {
        if let Some(cq) = self.cq(&wl.cluster_queue) {
            self.remove_cq_usage(cq, &wl.usage);
        }
    }

    pub fn add_workload(&mut self, wl: &WorkloadInfo) {
        if let Some(cq) = self.cq(&wl.cluster_queue) {
            self.add_cq_usage(cq, &wl.usage);
        }
    }

    pub fn nominal(&self, cq: usize, fr: &Fr) -> i128 {
        self.cqs[cq].node.quota(fr).nominal
    }

    pub fn quota(&self, cq: usize, fr: &Fr) -> Quota {
        self.cqs[cq].node.quota(fr)
    }

    /// Whether using `val` more of `fr` would take the node above its quota (a ClusterQueue's
    /// nominal, a Cohort's subtree quota).
    pub fn borrowing_with(&self, id: NodeId, fr: &Fr, val: i128) -> bool {
        let n = self.node(id);
        let limit = match id {
            NodeId::Cq(_) => n.quota(fr).nominal,
            NodeId::Cohort(_) => n.subtree(fr),
        };
        limit < n.used(fr) + val
    }

    /// `IsWithinNominalInResources`: usage within the subtree quota for every listed resource.
    pub fn within_nominal(&self, id: NodeId, frs: &BTreeSet<Fr>) -> bool {
        let n = self.node(id);
        frs.iter().all(|fr| n.subtree(fr) >= n.used(fr))
    }

    /// `QuantitiesFitInQuota`: whether the requests fit the node's quota, and what of them its
    /// local remainder cannot hold (to be asked of the parent).
    pub fn fits_in_quota(&self, id: NodeId, requests: &BTreeMap<Fr, i128>) -> (bool, BTreeMap<Fr, i128>) {
        let n = self.node(id);
        let mut fits = true;
        let mut remaining = BTreeMap::new();
        for (fr, v) in requests {
            if n.subtree(fr) < n.used(fr) + v {
                fits = false;
            }
            remaining.insert(fr.clone(), (v - n.local_available(fr)).max(0));
        }
        (fits, remaining)
    }

    /// The height of a Cohort's subtree (`getNodeHeight`): 1 for a Cohort of ClusterQueues.
    fn height(&self, cohort: usize) -> usize {
        let c = &self.cohorts[cohort];
        let mut h = (c.child_cqs.len() + c.child_cohorts.len()).min(1);
        for &k in &c.child_cohorts {
            h = h.max(self.height(k) + 1);
        }
        h
    }

    /// `FindHeightOfLowestSubtreeThatFits`: how high in the tree the workload must borrow to fit
    /// `val` of `fr` (0 = within the ClusterQueue's nominal), and whether a Cohort above that
    /// subtree could still have quota to reclaim.
    pub fn borrow_height(&self, cq: usize, fr: &Fr, val: i128) -> (usize, bool) {
        let id = NodeId::Cq(cq);
        let has_parent = self.cqs[cq].parent.is_some();
        if !self.borrowing_with(id, fr, val) || !has_parent {
            return (0, has_parent);
        }
        let mut remaining = val - self.node(id).local_available(fr);
        for c in self.ancestors(cq) {
            let cid = NodeId::Cohort(c);
            if !self.borrowing_with(cid, fr, remaining) {
                return (self.height(c), self.cohorts[c].parent.is_some());
            }
            remaining -= self.node(cid).local_available(fr);
        }
        let root = self.root_cohort(self.cqs[cq].parent.expect("has a parent"));
        (self.height(root), false)
    }

    /// `/<root>/…/<cohort>/<cq>`: where a ClusterQueue sits, as preemption messages print it.
    pub fn path(&self, cq: usize) -> String {
        let mut parts: Vec<&str> = self.ancestors(cq).iter().map(|&c| self.cohorts[c].name.as_str()).collect();
        parts.reverse();
        parts.push(&self.cqs[cq].name);
        format!("/{}", parts.join("/"))
    }
}

/// Builds the subtree quotas and usages of a tree from its leaves (`updateCohortResourceNode`),
/// given each ClusterQueue's quotas and usage.
pub fn accumulate(snapshot: &mut Snapshot, cohort: usize, extra: &BTreeMap<usize, Vec<ResourceNode>>) {
    let own: BTreeMap<Fr, i128> = crate::sort::map_from(snapshot.cohorts[cohort].node.quotas.iter().map(|(k, q)| (k.clone(), q.nominal)));
    snapshot.cohorts[cohort].node.subtree_quota = own;
    snapshot.cohorts[cohort].node.usage = BTreeMap::new();
    let child_cohorts = snapshot.cohorts[cohort].child_cohorts.clone();
    for k in child_cohorts {
        accumulate(snapshot, k, extra);
        let child = snapshot.cohorts[k].node.clone();
        add_child(&mut snapshot.cohorts[cohort].node, &child);
    }
    let mut children: Vec<ResourceNode> = snapshot.cohorts[cohort].child_cqs.iter().map(|&q| snapshot.cqs[q].node.clone()).collect();
    // ClusterQueues that take no part in the cycle still lend and use quota in the tree.
    children.extend(extra.get(&cohort).cloned().unwrap_or_default());
    for child in children {
        add_child(&mut snapshot.cohorts[cohort].node, &child);
    }
}

fn add_child(parent: &mut ResourceNode, child: &ResourceNode) {
    for (fr, q) in &child.subtree_quota {
        *parent.subtree_quota.entry(fr.clone()).or_default() += q - child.local_quota(fr);
    }
    for (fr, u) in &child.usage {
        let stored = (u - child.local_quota(fr)).max(0);
        *parent.usage.entry(fr.clone()).or_default() += stored;
    }
}

/// A ClusterQueue's own node: subtree quota = nominal.
pub fn cq_node(quotas: &Arc<BTreeMap<Fr, Quota>>, usage: &BTreeMap<Fr, i128>) -> ResourceNode {
    ResourceNode {
        quotas: quotas.clone(),
        subtree_quota: crate::sort::map_from(quotas.iter().map(|(k, q)| (k.clone(), q.nominal))),
        usage: usage.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::kueue::cache::CqSpec;

    const G: i128 = 1_000_000_000;

    fn quotas(n: i128, borrow: Option<i128>, lend: Option<i128>) -> Arc<BTreeMap<Fr, Quota>> {
        Arc::new(BTreeMap::from([(
            fr("gpu", "nvidia.com/gpu"),
            Quota { nominal: n * G, borrowing_limit: borrow.map(|b| b * G), lending_limit: lend.map(|l| l * G) },
        )]))
    }

    /// Two ClusterQueues in one Cohort; `a` uses `used_a`.
    fn two<'a>(
        spec: &'a CqSpec,
        empty: &'a BTreeMap<String, Arc<WorkloadInfo>>,
        flavors: &'a BTreeMap<String, Arc<Value>>,
        a: (i128, Option<i128>, Option<i128>),
        b: (i128, Option<i128>, Option<i128>),
        used_a: i128,
    ) -> Snapshot<'a> {
        let f = fr("gpu", "nvidia.com/gpu");
        let mut s = Snapshot {
            cqs: vec![
                CqSnapshot {
                    name: "a".into(),
                    parent: Some(0),
                    spec,
                    node: cq_node(&quotas(a.0, a.1, a.2), &BTreeMap::from([(f.clone(), used_a * G)])),
                    workloads: empty,
                },
                CqSnapshot {
                    name: "b".into(),
                    parent: Some(0),
                    spec,
                    node: cq_node(&quotas(b.0, b.1, b.2), &BTreeMap::new()),
                    workloads: empty,
                },
            ],
            cohorts: vec![CohortSnapshot {
                name: "pool".into(),
                parent: None,
                child_cqs: vec![0, 1],
                child_cohorts: vec![],
                node: ResourceNode::default(),
                fair_weight: 1.0,
            }],
            cq_by_name: BTreeMap::from([("a".into(), 0), ("b".into(), 1)]),
            cohort_by_name: BTreeMap::from([("pool".into(), 0)]),
            flavors,
            inactive: BTreeSet::new(),
        };
        accumulate(&mut s, 0, &BTreeMap::new());
        s
    }

    #[test]
    fn borrowing_and_lending_limits_shape_what_a_queue_can_use() {
        let spec = CqSpec::default();
        let (e, f) = (BTreeMap::new(), BTreeMap::new());
        let gpu = fr("gpu", "nvidia.com/gpu");
        // 2 + 2 in a pool: `a` can use all 4.
        let s = two(&spec, &e, &f, (2, None, None), (2, None, None), 0);
        assert_eq!((s.available(NodeId::Cq(0), &gpu), s.potential_available(NodeId::Cq(0), &gpu)), (4 * G, 4 * G));
        // A borrowing limit of 1: at most 3.
        let s = two(&spec, &e, &f, (2, Some(1), None), (2, None, None), 0);
        assert_eq!((s.available(NodeId::Cq(0), &gpu), s.potential_available(NodeId::Cq(0), &gpu)), (3 * G, 3 * G));
        // `b` lends only 1: `a` gets 3.
        let s = two(&spec, &e, &f, (2, None, None), (2, None, Some(1)), 0);
        assert_eq!(s.available(NodeId::Cq(0), &gpu), 3 * G);
        // `a` already uses 3 of them: 0 left for it, 1 left for `b` (its own kept half).
        let s = two(&spec, &e, &f, (2, None, None), (2, None, Some(1)), 3);
        assert_eq!((s.available(NodeId::Cq(0), &gpu), s.available(NodeId::Cq(1), &gpu)), (0, G));
        assert!(s.borrowing_with(NodeId::Cq(0), &gpu, 0));
    }

    #[test]
    fn usage_moves_up_and_back_down_the_tree() {
        let spec = CqSpec::default();
        let (e, f) = (BTreeMap::new(), BTreeMap::new());
        let gpu = fr("gpu", "nvidia.com/gpu");
        let mut s = two(&spec, &e, &f, (2, None, Some(1)), (2, None, None), 0);
        s.add_usage(NodeId::Cq(0), &gpu, 3 * G);
        // 1 held locally (nominal − lendingLimit), 2 stored in the Cohort.
        assert_eq!(s.cohorts[0].node.used(&gpu), 2 * G);
        s.remove_usage(NodeId::Cq(0), &gpu, 3 * G);
        assert_eq!((s.cqs[0].node.used(&gpu), s.cohorts[0].node.used(&gpu)), (0, 0));
        assert_eq!(s.path(0), "/pool/a");
    }
}
