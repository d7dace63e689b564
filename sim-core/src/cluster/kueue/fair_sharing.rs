//! Dominant resource share (`pkg/cache/scheduler/fair_sharing.go`): how far a ClusterQueue or
//! Cohort borrows, as the largest share (per mille) of what its parent's tree could lend, divided
//! by its fair-sharing weight. Lower goes first when admitting; higher is preempted first.

use super::snapshot::{Fr, NodeId, Snapshot};
use std::cmp::Ordering;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq)]
pub struct Drs {
    pub fair_weight: f64,
    pub unweighted_ratio: f64,
    pub dominant_resource: String,
    pub borrowing: bool,
    pub borrowed_frs: Vec<Fr>,
}

impl Drs {
    /// The starting point of a search for the highest share.
    pub fn negative() -> Self {
        Drs { fair_weight: 1.0, unweighted_ratio: -1.0, dominant_resource: String::new(), borrowing: false, borrowed_frs: Vec::new() }
    }

    pub fn is_zero(&self) -> bool {
        self.unweighted_ratio == 0.0
    }

    fn zero_weight_borrows(&self) -> bool {
        self.fair_weight == 0.0 && !self.is_zero()
    }

    pub fn weighted_share(&self) -> f64 {
        if self.is_zero() {
            0.0
        } else if self.fair_weight == 0.0 {
            f64::INFINITY
        } else {
            self.unweighted_ratio / self.fair_weight
        }
    }

    /// `status.fairSharing.weightedShare`: rounded up; the largest int64 for a zero weight that borrows.
    pub fn rounded_weighted_share(&self) -> i64 {
        if self.zero_weight_borrows() {
            i64::MAX
        } else {
            self.weighted_share().ceil() as i64
        }
    }

    /// Whether the node borrows any of the given flavor-resources.
    pub fn borrowing_on(&self, requested: &BTreeMap<Fr, i128>) -> bool {
        self.borrowed_frs.iter().any(|fr| requested.get(fr).is_some_and(|v| *v > 0))
    }
}

/// `CompareDRS`.
pub fn compare(a: &Drs, b: &Drs) -> Ordering {
    match (a.zero_weight_borrows(), b.zero_weight_borrows()) {
        (true, true) => a.unweighted_ratio.partial_cmp(&b.unweighted_ratio).unwrap_or(Ordering::Equal),
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => a.weighted_share().partial_cmp(&b.weighted_share()).unwrap_or(Ordering::Equal),
    }
}

/// The node's share, as if `extra` were added to its usage.
pub fn dominant_resource_share(s: &Snapshot, id: NodeId, extra: Option<&BTreeMap<Fr, i128>>) -> Drs {
    let mut drs = Drs {
        fair_weight: s.fair_weight(id),
        unweighted_ratio: 0.0,
        dominant_resource: String::new(),
        borrowing: false,
        borrowed_frs: Vec::new(),
    };
    let Some(parent) = s.parent(id) else { return drs };
    let node = s.node(id);
    let mut borrowed: BTreeMap<&str, i128> = BTreeMap::new();
    for (fr, quota) in &node.subtree_quota {
        let b = extra.and_then(|e| e.get(fr)).copied().unwrap_or(0) + node.used(fr) - quota;
        if b > 0 {
            *borrowed.entry(fr.1.as_str()).or_default() += b;
            drs.borrowed_frs.push(fr.clone());
        }
    }
    if borrowed.is_empty() {
        return drs;
    }
    drs.borrowing = true;
    let lendable = lendable(s, parent);
    for (res, b) in borrowed {
        let Some(l) = lendable.get(res).filter(|l| **l > 0) else { continue };
        let ratio = b as f64 * 1000.0 / *l as f64;
        if ratio > drs.unweighted_ratio || (ratio == drs.unweighted_ratio && res < drs.dominant_resource.as_str()) {
            drs.unweighted_ratio = ratio;
            drs.dominant_resource = res.to_string();
        }
    }
    drs
}

/// What the tree could give `node`, per resource name, over all flavors (`calculateLendable`).
fn lendable(s: &Snapshot, node: NodeId) -> BTreeMap<String, i128> {
    let mut root = node;
    while let Some(p) = s.parent(root) {
        root = p;
    }
    let mut out: BTreeMap<String, i128> = BTreeMap::new();
    for fr in s.node(root).subtree_quota.keys() {
        *out.entry(fr.1.clone()).or_default() += s.potential_available(node, fr);
    }
    out
}
