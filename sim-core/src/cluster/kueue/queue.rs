//! Kueue's queue manager (`pkg/cache/queue/{manager.go, cluster_queue.go, local_queue.go}`):
//! which workloads wait for which ClusterQueue (through their LocalQueue), in what order (sticky
//! preemptor first, then higher priority, older, UID), which are parked as inadmissible after a
//! failed attempt, and the batched requeue (1 s) that moves parked workloads back when quota
//! may have freed up in their Cohort tree.

use super::cache::Cache;
use super::info::WorkloadInfo;
use crate::api::object::get;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The requeue batch period (`requeueBatchPeriod`) and status batch (`UpdatesBatchPeriod`).
pub const BATCH_MS: u64 = 1_000;

/// A workload's place in its ClusterQueue's heap (sticky preemptor, priority, age, UID), holding
/// the workload itself so that ordering never copies its names.
#[derive(Debug, Clone)]
struct Order {
    not_sticky: bool,
    neg_priority: i64,
    queue_order: i64,
    wl: Arc<WorkloadInfo>,
}

impl Order {
    fn key(&self) -> &str {
        &self.wl.key
    }
}

impl PartialEq for Order {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}

impl Eq for Order {}

impl PartialOrd for Order {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Order {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.not_sticky, self.neg_priority, self.queue_order)
            .cmp(&(other.not_sticky, other.neg_priority, other.queue_order))
            .then_with(|| self.wl.uid.cmp(&other.wl.uid))
            .then_with(|| self.wl.key.cmp(&other.wl.key))
    }
}

fn order(wl: &Arc<WorkloadInfo>, sticky: bool) -> Order {
    Order { not_sticky: !sticky, neg_priority: -wl.priority, queue_order: wl.queue_order, wl: wl.clone() }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalQueueState {
    pub cluster_queue: String,
    pub stopped: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct QueueManager {
    /// Per ClusterQueue: its active heap.
    #[serde(skip)]
    heaps: BTreeMap<String, BTreeSet<Order>>,
    #[serde(skip)]
    in_heap: BTreeMap<String, (String, Order)>,
    /// Per ClusterQueue: workloads parked after a failed attempt (kept across a reload).
    #[serde(default)]
    pub inadmissible: BTreeMap<String, BTreeSet<String>>,
    /// Per ClusterQueue: the preemptor waiting for its victims (BestEffortFIFO keeps it first).
    #[serde(default)]
    sticky: BTreeMap<String, String>,
    /// Per tree root (`cohort:<name>` or `cq:<name>`): when its batched requeue runs (ms).
    #[serde(default)]
    pub requeue_at: BTreeMap<String, u64>,
    #[serde(skip)]
    pub lqs: BTreeMap<(String, String), LocalQueueState>,
    /// Every workload Kueue knows, by `namespace/name`.
    #[serde(skip)]
    pub workloads: BTreeMap<String, Arc<WorkloadInfo>>,
    /// Workloads by the LocalQueue they name (`namespace`, `queueName`).
    #[serde(skip)]
    pub by_lq: BTreeMap<(String, String), BTreeSet<String>>,
    /// Which ClusterQueue's queue holds each pending workload.
    #[serde(skip)]
    queued_in: BTreeMap<String, String>,
    /// Heads tried at a cache generation and put back unchanged: not tried again until the
    /// cache or the head changes (the scheduler would only repeat itself).
    #[serde(skip)]
    stale: BTreeMap<String, (String, u64)>,
    /// Per BestEffortFIFO ClusterQueue: scheduling hashes that failed since the last requeue, with
    /// the reason (`hashToBulkMoveReason`): equivalent workloads wait without being tried.
    #[serde(skip)]
    bulk_moved: BTreeMap<String, BTreeMap<u64, &'static str>>,
    /// ClusterQueues scheduling by StrictFIFO (no equivalence bulk moves there).
    #[serde(skip)]
    pub strict: BTreeSet<String>,
    /// Heap members by ClusterQueue and scheduling hash (for bulk moves).
    #[serde(skip)]
    heap_by_hash: BTreeMap<(String, u64), BTreeSet<String>>,
}

/// Whether a workload change makes a parked workload worth another try (`PushOrUpdate`).
fn changed_for_scheduling(old: &WorkloadInfo, new: &WorkloadInfo) -> bool {
    let cond = |w: &Value, t: &str| super::workload::condition(w, t).cloned();
    old.obj.get("spec") != new.obj.get("spec")
        || cond(&old.obj, "Evicted") != cond(&new.obj, "Evicted")
        || cond(&old.obj, "Requeued") != cond(&new.obj, "Requeued")
        || get(&old.obj, &["status", "reclaimablePods"]) != get(&new.obj, &["status", "reclaimablePods"])
}

impl QueueManager {
    /// The ClusterQueue a pending workload should wait in, if any.
    fn target(&self, wl: &WorkloadInfo, cache: &Cache) -> Option<String> {
        if !wl.is_pending() {
            return None;
        }
        let lq = self.lqs.get(&(wl.namespace.clone(), wl.queue_name.clone()))?;
        if lq.stopped || !cache.cqs.contains_key(&lq.cluster_queue) {
            return None;
        }
        Some(lq.cluster_queue.clone())
    }

    /// Takes a workload out of whichever heap holds it.
    fn leave_heap(&mut self, key: &str) {
        if let Some((cq, o)) = self.in_heap.remove(key) {
            if let Some(h) = self.heaps.get_mut(&cq) {
                h.remove(&o);
            }
            let hk = (cq, o.wl.scheduling_hash);
            if let Some(set) = self.heap_by_hash.get_mut(&hk) {
                set.remove(key);
                if set.is_empty() {
                    self.heap_by_hash.remove(&hk);
                }
            }
        }
    }

    fn unqueue(&mut self, key: &str) {
        if let Some(cq) = self.queued_in.remove(key) {
            self.leave_heap(key);
            if let Some(set) = self.inadmissible.get_mut(&cq) {
                set.remove(key);
            }
            if self.sticky.get(&cq).map(String::as_str) == Some(key) {
                self.sticky.remove(&cq);
            }
        }
    }

    fn push_heap(&mut self, cq: &str, wl: &Arc<WorkloadInfo>) {
        self.leave_heap(&wl.key);
        if let Some(set) = self.inadmissible.get_mut(cq) {
            set.remove(&wl.key);
        }
        let o = order(wl, self.sticky.get(cq) == Some(&wl.key));
        self.heaps.entry(cq.to_string()).or_default().insert(o.clone());
        self.heap_by_hash.entry((cq.to_string(), wl.scheduling_hash)).or_default().insert(wl.key.clone());
        self.in_heap.insert(wl.key.clone(), (cq.to_string(), o));
        self.queued_in.insert(wl.key.clone(), cq.to_string());
    }

    fn park(&mut self, cq: &str, wl: &WorkloadInfo) {
        self.leave_heap(&wl.key);
        self.inadmissible.entry(cq.to_string()).or_default().insert(wl.key.clone());
        self.queued_in.insert(wl.key.clone(), cq.to_string());
    }

    /// Places (or moves, or removes) a workload after it changed.
    fn place(&mut self, wl: &Arc<WorkloadInfo>, old: Option<&WorkloadInfo>, cache: &Cache) {
        let target = self.target(wl, cache);
        let current = self.queued_in.get(&wl.key).cloned();
        match (current, target) {
            (Some(c), Some(t)) if c == t => {
                let parked = self.inadmissible.get(&c).is_some_and(|s| s.contains(&wl.key));
                if parked && old.is_none_or(|o| !changed_for_scheduling(o, wl)) {
                    return;
                }
                self.push_heap(&t, wl);
            }
            (current, Some(t)) => {
                if current.is_some() {
                    self.unqueue(&wl.key);
                }
                // A workload parked before a reload stays parked; one equivalent to a workload that
                // just failed waits with it.
                let equivalent_failed =
                    !self.strict.contains(&t) && self.bulk_moved.get(&t).is_some_and(|m| m.contains_key(&wl.scheduling_hash));
                if self.inadmissible.get(&t).is_some_and(|s| s.contains(&wl.key)) || equivalent_failed {
                    self.inadmissible.entry(t.clone()).or_default().insert(wl.key.clone());
                    self.queued_in.insert(wl.key.clone(), t);
                } else {
                    self.push_heap(&t, wl);
                }
            }
            (Some(_), None) => self.unqueue(&wl.key),
            (None, None) => {}
        }
    }

    /// A workload was added or changed (or deleted, with `None`).
    pub fn observe_workload(&mut self, key: &str, wl: Option<Arc<WorkloadInfo>>, cache: &Cache) {
        let old = self.workloads.remove(key);
        if let Some(o) = &old {
            let lq = (o.namespace.clone(), o.queue_name.clone());
            if let Some(set) = self.by_lq.get_mut(&lq) {
                set.remove(key);
                if set.is_empty() {
                    self.by_lq.remove(&lq);
                }
            }
        }
        match wl {
            Some(wl) => {
                self.by_lq.entry((wl.namespace.clone(), wl.queue_name.clone())).or_default().insert(key.to_string());
                self.place(&wl, old.as_deref(), cache);
                self.workloads.insert(key.to_string(), wl);
            }
            None => self.unqueue(key),
        }
    }

    /// A LocalQueue was added, changed or deleted: its workloads move accordingly.
    pub fn observe_local_queue(&mut self, ns: &str, name: &str, state: Option<LocalQueueState>, cache: &Cache) {
        let key = (ns.to_string(), name.to_string());
        match state {
            Some(s) => self.lqs.insert(key.clone(), s),
            None => self.lqs.remove(&key),
        };
        self.replace_all(self.by_lq.get(&key).cloned().unwrap_or_default(), cache);
    }

    /// A ClusterQueue came or went: the workloads of every LocalQueue naming it move.
    pub fn observe_cluster_queue(&mut self, cq: &str, cache: &Cache) {
        let keys: BTreeSet<String> = self
            .lqs
            .iter()
            .filter(|(_, s)| s.cluster_queue == cq)
            .flat_map(|(k, _)| self.by_lq.get(k).cloned().unwrap_or_default())
            .collect();
        if !cache.cqs.contains_key(cq) {
            self.heaps.remove(cq);
            self.stale.remove(cq);
        }
        self.replace_all(keys, cache);
    }

    fn replace_all(&mut self, keys: BTreeSet<String>, cache: &Cache) {
        for k in keys {
            if let Some(wl) = self.workloads.get(&k).cloned() {
                self.place(&wl, Some(&wl), cache);
            }
        }
    }

    /// One head per ClusterQueue that can schedule, in ClusterQueue name order (`Heads`); the
    /// heads leave their heaps while the cycle works on them.
    pub fn heads(&mut self, cache: &Cache) -> Vec<(String, Arc<WorkloadInfo>)> {
        let mut out = Vec::new();
        let cqs: Vec<String> = self.heaps.iter().filter(|(_, h)| !h.is_empty()).map(|(k, _)| k.clone()).collect();
        for cq in cqs {
            if !cache.schedulable(&cq) {
                continue;
            }
            let top = self.heaps[&cq].iter().next().cloned().expect("non-empty");
            if self.stale.get(&cq).is_some_and(|(k, g)| k == top.key() && *g == cache.generation) {
                continue;
            }
            self.leave_heap(top.key());
            if let Some(wl) = self.workloads.get(top.key()).cloned() {
                out.push((cq, wl));
            }
        }
        out
    }

    /// A head that was not admitted goes back: to the heap at once (`immediate`: StrictFIFO, or a
    /// preemptor waiting for its victims), else among the inadmissible. `generation` is the cache
    /// generation it was tried at.
    /// `bulk` (NoFit or no preemption candidates, with the reason) also parks every equivalent
    /// workload of a BestEffortFIFO heap (`SchedulingEquivalenceHashing`).
    pub fn requeue(&mut self, cq: &str, key: &str, immediate: bool, sticky: bool, generation: u64, bulk: Option<&'static str>) {
        let Some(wl) = self.workloads.get(key).cloned() else { return };
        if self.queued_in.get(key).map(String::as_str) != Some(cq) {
            return;
        }
        if sticky {
            self.sticky.insert(cq.to_string(), key.to_string());
        }
        if immediate {
            self.push_heap(cq, &wl);
            self.stale.insert(cq.to_string(), (key.to_string(), generation));
            return;
        }
        self.park(cq, &wl);
        if let (Some(reason), false) = (bulk, self.strict.contains(cq)) {
            let reason = if reason.is_empty() { "PendingEvaluation" } else { reason };
            self.bulk_moved.entry(cq.to_string()).or_default().insert(wl.scheduling_hash, reason);
            let same: Vec<String> = self.heap_by_hash.get(&(cq.to_string(), wl.scheduling_hash)).into_iter().flatten().cloned().collect();
            for k in same {
                if let Some(w) = self.workloads.get(&k).cloned() {
                    self.park(cq, &w);
                }
            }
        }
    }

    /// The reason an equivalent workload failed, for a parked workload that was never tried
    /// (`GetNoFitReason`).
    pub fn bulk_reason(&self, key: &str) -> Option<&'static str> {
        let cq = self.queued_in.get(key)?;
        if !self.inadmissible.get(cq).is_some_and(|s| s.contains(key)) {
            return None;
        }
        let hash = self.workloads.get(key)?.scheduling_hash;
        self.bulk_moved.get(cq)?.get(&hash).copied()
    }

    /// The head was admitted: it leaves the queues.
    pub fn admitted(&mut self, cq: &str, key: &str) {
        self.unqueue(key);
        if self.sticky.get(cq).map(String::as_str) == Some(key) {
            self.sticky.remove(cq);
        }
    }

    /// Asks for the batched requeue of a whole tree (rooted at `root`), at `at_ms` unless one is
    /// already due earlier; returns the time it will run.
    pub fn request_requeue(&mut self, root: &str, at_ms: u64) -> u64 {
        *self.requeue_at.entry(root.to_string()).or_insert(at_ms)
    }

    /// Runs the requeues due by `now_ms`: parked workloads of each tree go back to their heaps,
    /// unless their namespace still does not match their ClusterQueue's selector.
    pub fn run_due_requeues(&mut self, now_ms: u64, cache: &Cache, namespace_ok: &dyn Fn(&str, &str) -> bool) -> bool {
        let due: Vec<String> = self.requeue_at.iter().filter(|(_, t)| **t <= now_ms).map(|(k, _)| k.clone()).collect();
        for root in &due {
            self.requeue_at.remove(root);
            let cqs = match root.split_once(':') {
                Some(("cohort", c)) => cache.cqs_under(c),
                Some((_, c)) => vec![c.to_string()],
                None => Vec::new(),
            };
            for cq in cqs {
                self.stale.remove(&cq);
                self.bulk_moved.remove(&cq);
                let parked: Vec<String> = self.inadmissible.get(&cq).cloned().unwrap_or_default().into_iter().collect();
                for k in parked {
                    let Some(wl) = self.workloads.get(&k).cloned() else { continue };
                    if namespace_ok(&cq, &wl.namespace) {
                        self.push_heap(&cq, &wl);
                    }
                }
            }
        }
        !due.is_empty()
    }

    /// Pending workloads of a ClusterQueue: its heap and its parked ones.
    pub fn pending_in(&self, cq: &str) -> usize {
        self.heaps.get(cq).map_or(0, BTreeSet::len) + self.inadmissible.get(cq).map_or(0, BTreeSet::len)
    }

    /// The workloads that wait for a ClusterQueue, heap first in order, then the parked ones.
    pub fn pending_workloads(&self, cq: &str) -> Vec<Arc<WorkloadInfo>> {
        let heap = self.heaps.get(cq).into_iter().flatten().map(|o| o.key().to_string());
        let parked = self.inadmissible.get(cq).into_iter().flatten().cloned();
        heap.chain(parked).filter_map(|k| self.workloads.get(&k).cloned()).collect()
    }

    pub fn is_parked(&self, key: &str) -> bool {
        self.queued_in.get(key).is_some_and(|cq| self.inadmissible.get(cq).is_some_and(|s| s.contains(key)))
    }

    /// Forgets everything rebuilt from the store on a restore (keeps parked sets and requeues).
    pub fn clear_caches(&mut self) {
        let keep = QueueManager {
            inadmissible: std::mem::take(&mut self.inadmissible),
            sticky: std::mem::take(&mut self.sticky),
            requeue_at: std::mem::take(&mut self.requeue_at),
            ..Default::default()
        };
        *self = keep;
    }
}
