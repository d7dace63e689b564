//! Kueue's queue manager (`pkg/cache/queue/{manager.go, cluster_queue.go, local_queue.go}`):
//! which workloads wait for which ClusterQueue (through their LocalQueue), in what order (sticky
//! preemptor first, then higher priority, older, UID), which are parked as inadmissible after a
//! failed attempt, and the batched requeue (1 s) that moves parked workloads back when quota
//! may have freed up in their Cohort tree.

use super::cache::Cache;
use super::info::WorkloadInfo;
use crate::api::object::get;
use crate::hash::WordHasher;
use crate::json::Value;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::BuildHasherDefault;
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
    /// `stopPolicy: HoldAndDrain`: admitted workloads are evicted too.
    pub drain: bool,
}

/// One ClusterQueue's pending workloads (`pkg/cache/queue/cluster_queue.go`): the active heap
/// and the parked (inadmissible) ones, both kept in queue order so that a requeue moves the
/// parked set back in one step, not one workload at a time.
#[derive(Debug, Clone, Default)]
struct CqQueue {
    heap: BTreeSet<Order>,
    parked: BTreeSet<Order>,
    /// Every member — in the heap, parked, or out as this cycle's head — by scheduling hash
    /// (for bulk moves of equivalent workloads).
    by_hash: BTreeMap<u64, BTreeSet<Order>>,
    /// Keys parked before a reload whose workloads have not been observed again yet.
    restored: BTreeSet<String>,
}

impl CqQueue {
    fn is_empty(&self) -> bool {
        self.heap.is_empty() && self.parked.is_empty() && self.by_hash.is_empty() && self.restored.is_empty()
    }
}

/// Where a queued workload is: its ClusterQueue and its place there.
#[derive(Debug, Clone)]
struct Entry {
    cq: String,
    order: Order,
}

/// Saved form of the parked sets: ClusterQueue → keys (what survives a reload).
fn save_parked<S: serde::Serializer>(cqs: &BTreeMap<String, CqQueue>, s: S) -> Result<S::Ok, S::Error> {
    let saved: BTreeMap<&String, BTreeSet<&str>> = crate::sort::map_from(
        cqs.iter()
            .map(|(name, q)| (name, crate::sort::set_from(q.parked.iter().map(Order::key).chain(q.restored.iter().map(String::as_str)))))
            .filter(|(_, keys)| !keys.is_empty()),
    );
    saved.serialize(s)
}

fn load_parked<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<String, CqQueue>, D::Error> {
    let saved = BTreeMap::<String, BTreeSet<String>>::deserialize(d)?;
    Ok(crate::sort::map_from(saved.into_iter().map(|(name, restored)| (name, CqQueue { restored, ..Default::default() }))))
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct QueueManager {
    /// Per ClusterQueue: its heap and parked workloads (the parked ones are kept across a reload).
    #[serde(default, rename = "inadmissible", serialize_with = "save_parked", deserialize_with = "load_parked")]
    cqs: BTreeMap<String, CqQueue>,
    /// Every queued workload's ClusterQueue and order. A hash map, as `workloads` is: only
    /// looked up.
    #[serde(skip)]
    entries: HashMap<String, Entry, BuildHasherDefault<WordHasher>>,
    /// Per ClusterQueue: the preemptor waiting for its victims (BestEffortFIFO keeps it first).
    #[serde(default)]
    sticky: BTreeMap<String, String>,
    /// Per tree root (`cohort:<name>` or `cq:<name>`): when its batched requeue runs (ms).
    #[serde(default)]
    pub requeue_at: BTreeMap<String, u64>,
    #[serde(skip)]
    pub lqs: BTreeMap<(String, String), LocalQueueState>,
    /// Every workload Kueue knows, by `namespace/name`. A hash map: it is only looked up, never
    /// walked, and in a tree each step of a search compared two such keys, most of whose first
    /// bytes (`team-a/job-`) are the same, with a `memcmp` call.
    #[serde(skip)]
    pub workloads: HashMap<String, Arc<WorkloadInfo>, BuildHasherDefault<WordHasher>>,
    /// Workloads by the LocalQueue they name (`namespace`, `queueName`).
    #[serde(skip)]
    pub by_lq: BTreeMap<(String, String), BTreeMap<String, Arc<WorkloadInfo>>>,
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
}

/// Whether a workload change makes a parked workload worth another try (`PushOrUpdate`).
fn changed_for_scheduling(old: &WorkloadInfo, new: &WorkloadInfo) -> bool {
    let cond = |w: &Value, t: &str| super::workload::condition(w, t).cloned();
    old.obj.get("spec") != new.obj.get("spec")
        || cond(&old.obj, "Evicted") != cond(&new.obj, "Evicted")
        || cond(&old.obj, "Requeued") != cond(&new.obj, "Requeued")
        || get(&old.obj, &["status", "reclaimablePods"]) != get(&new.obj, &["status", "reclaimablePods"])
}

/// Whether two places in a heap are the same in every respect, the workload included.
fn same_order(a: &Order, b: &Order) -> bool {
    a.not_sticky == b.not_sticky && a.neg_priority == b.neg_priority && a.queue_order == b.queue_order && Arc::ptr_eq(&a.wl, &b.wl)
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

    /// Takes a workload out of its ClusterQueue entirely.
    fn remove_entry(&mut self, key: &str) {
        let Some(e) = self.entries.remove(key) else { return };
        if let Some(q) = self.cqs.get_mut(&e.cq) {
            if !q.heap.remove(&e.order) {
                q.parked.remove(&e.order);
            }
            let h = e.order.wl.scheduling_hash;
            if let Some(set) = q.by_hash.get_mut(&h) {
                set.remove(&e.order);
                if set.is_empty() {
                    q.by_hash.remove(&h);
                }
            }
        }
    }

    /// Puts a workload into `cq`'s heap (or among its parked ones), wherever it was before.
    fn put(&mut self, cq: &str, wl: &Arc<WorkloadInfo>, parked: bool) {
        let o = order(wl, self.sticky.get(cq) == Some(&wl.key));
        let fast = self.entries.get(&wl.key).is_some_and(|e| e.cq == cq && same_order(&e.order, &o));
        if !fast {
            self.remove_entry(&wl.key);
        }
        let q = match self.cqs.get_mut(cq) {
            Some(q) => q,
            None => self.cqs.entry(cq.to_string()).or_default(),
        };
        if fast {
            // Same place, same workload: only which set holds it changes.
            q.heap.remove(&o);
            q.parked.remove(&o);
        } else {
            q.restored.remove(&wl.key);
            q.by_hash.entry(wl.scheduling_hash).or_default().insert(o.clone());
            self.entries.insert(wl.key.clone(), Entry { cq: cq.to_string(), order: o.clone() });
        }
        if parked {
            q.parked.insert(o);
        } else {
            q.heap.insert(o);
        }
    }

    fn push_heap(&mut self, cq: &str, wl: &Arc<WorkloadInfo>) {
        self.put(cq, wl, false);
    }

    fn park(&mut self, cq: &str, wl: &Arc<WorkloadInfo>) {
        self.put(cq, wl, true);
    }

    fn unqueue(&mut self, key: &str) {
        if let Some(cq) = self.entries.get(key).map(|e| e.cq.clone()) {
            self.remove_entry(key);
            if self.sticky.get(&cq).map(String::as_str) == Some(key) {
                self.sticky.remove(&cq);
            }
        }
    }

    /// Places (or moves, or removes) a workload after it changed.
    fn place(&mut self, wl: &Arc<WorkloadInfo>, old: Option<&WorkloadInfo>, cache: &Cache) {
        let target = self.target(wl, cache);
        let current = self.entries.get(&wl.key).map(|e| e.cq.clone());
        match (current, target) {
            (Some(c), Some(t)) if c == t => {
                if self.is_parked(&wl.key) && old.is_none_or(|o| !changed_for_scheduling(o, wl)) {
                    return;
                }
                // `backoffWaitingTimeExpired` is false while Requeued is False.
                self.put(&t, wl, wl.requeue_blocked);
            }
            (current, Some(t)) => {
                if current.is_some() {
                    self.unqueue(&wl.key);
                }
                // A workload parked before a reload stays parked; one equivalent to a workload that
                // just failed waits with it.
                let restored = self.cqs.get(&t).is_some_and(|q| q.restored.contains(&wl.key));
                let equivalent_failed =
                    !self.strict.contains(&t) && self.bulk_moved.get(&t).is_some_and(|m| m.contains_key(&wl.scheduling_hash));
                self.put(&t, wl, restored || equivalent_failed || wl.requeue_blocked);
            }
            (Some(_), None) => self.unqueue(&wl.key),
            (None, None) => {}
        }
    }

    /// A workload was added or changed (or deleted, with `None`). Most changes keep its
    /// LocalQueue: its info is then replaced where it is held, the keys kept (no search to take
    /// it out and another to put it back, no key made again).
    /// `old` is the info held for `key` (`workloads`), which the caller has looked up already.
    pub fn observe_workload(&mut self, key: &str, old: Option<Arc<WorkloadInfo>>, wl: Option<Arc<WorkloadInfo>>, cache: &Cache) {
        debug_assert!(old.as_ref().map(Arc::as_ptr) == self.workloads.get(key).map(Arc::as_ptr), "the info held for {key}");
        let same_lq = matches!((&old, &wl), (Some(o), Some(w)) if o.namespace == w.namespace && o.queue_name == w.queue_name);
        if let Some(o) = old.as_ref().filter(|_| !same_lq) {
            let lq = (o.namespace.clone(), o.queue_name.clone());
            if let Some(set) = self.by_lq.get_mut(&lq) {
                set.remove(key);
                if set.is_empty() {
                    self.by_lq.remove(&lq);
                }
            }
        }
        let Some(wl) = wl else {
            self.workloads.remove(key);
            self.unqueue(key);
            return;
        };
        let set = self.by_lq.entry((wl.namespace.clone(), wl.queue_name.clone())).or_default();
        match set.get_mut(key) {
            Some(held) => *held = wl.clone(),
            None => {
                set.insert(key.to_string(), wl.clone());
            }
        }
        self.place(&wl, old.as_deref(), cache);
        match self.workloads.get_mut(key) {
            Some(held) => *held = wl,
            None => {
                self.workloads.insert(key.to_string(), wl);
            }
        }
    }

    /// A LocalQueue was added, changed or deleted: its workloads move accordingly.
    pub fn observe_local_queue(&mut self, ns: &str, name: &str, state: Option<LocalQueueState>, cache: &Cache) {
        let key = (ns.to_string(), name.to_string());
        match state {
            Some(s) => self.lqs.insert(key.clone(), s),
            None => self.lqs.remove(&key),
        };
        let keys: BTreeSet<String> = crate::sort::set_from(self.by_lq.get(&key).into_iter().flat_map(|m| m.keys().cloned()));
        self.replace_all(keys, cache);
    }

    /// A ClusterQueue came or went: the workloads of every LocalQueue naming it move.
    pub fn observe_cluster_queue(&mut self, cq: &str, cache: &Cache) {
        let keys: BTreeSet<String> = crate::sort::set_from(
            self.lqs
                .iter()
                .filter(|(_, s)| s.cluster_queue == cq)
                .flat_map(|(k, _)| self.by_lq.get(k).into_iter().flat_map(|m| m.keys().cloned())),
        );
        self.replace_all(keys, cache);
        if !cache.cqs.contains_key(cq) {
            if self.cqs.get(cq).is_some_and(|q| q.heap.is_empty() && q.parked.is_empty() && q.by_hash.is_empty()) {
                self.cqs.remove(cq);
            }
            self.stale.remove(cq);
        }
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
        for (cq, q) in self.cqs.iter_mut() {
            let Some(top) = q.heap.first() else { continue };
            if !cache.schedulable(cq) {
                continue;
            }
            if self.stale.get(cq).is_some_and(|(k, g)| k == top.key() && *g == cache.generation) {
                continue;
            }
            let top = q.heap.pop_first().expect("non-empty");
            if let Some(wl) = self.workloads.get(top.key()) {
                out.push((cq.clone(), wl.clone()));
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
        if self.entries.get(key).map(|e| e.cq.as_str()) != Some(cq) {
            return;
        }
        if sticky {
            self.sticky.insert(cq.to_string(), key.to_string());
        }
        if immediate && !wl.requeue_blocked {
            self.push_heap(cq, &wl);
            self.stale.insert(cq.to_string(), (key.to_string(), generation));
            return;
        }
        self.park(cq, &wl);
        if let (Some(reason), false) = (bulk, self.strict.contains(cq)) {
            let reason = if reason.is_empty() { "PendingEvaluation" } else { reason };
            self.bulk_moved.entry(cq.to_string()).or_default().insert(wl.scheduling_hash, reason);
            if let Some(q) = self.cqs.get_mut(cq) {
                // The equivalents still in the heap: walked from the smaller side (thousands of
                // identical Jobs share one hash, and after the first bulk move few of them are
                // left in the heap).
                let Some(equivalent) = q.by_hash.get(&wl.scheduling_hash) else { return };
                let same: Vec<Order> = if q.heap.len() < equivalent.len() {
                    q.heap.iter().filter(|o| equivalent.contains(o)).cloned().collect()
                } else {
                    equivalent.iter().filter(|o| q.heap.contains(o)).cloned().collect()
                };
                for o in same {
                    q.heap.remove(&o);
                    q.parked.insert(o);
                }
            }
        }
    }

    /// The reason an equivalent workload failed, for a parked workload that was never tried
    /// (`GetNoFitReason`).
    pub fn bulk_reason(&self, key: &str) -> Option<&'static str> {
        let cq = &self.entries.get(key)?.cq;
        if !self.is_parked(key) {
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
                let Some(q) = self.cqs.get_mut(&cq) else { continue };
                // Whole namespaces match or not: ask once per namespace met in a row.
                let mut last: Option<(&str, bool)> = None;
                let mut all_ok = true;
                for o in &q.parked {
                    let ns = o.wl.namespace.as_str();
                    let ok = match last {
                        Some((n, ok)) if n == ns => ok,
                        _ => namespace_ok(&cq, ns),
                    };
                    last = Some((ns, ok));
                    if !ok {
                        all_ok = false;
                        break;
                    }
                }
                let mut back = std::mem::take(&mut q.parked);
                if back.iter().any(|o| o.wl.requeue_blocked) {
                    let (stay, go): (BTreeSet<Order>, BTreeSet<Order>) = back.into_iter().partition(|o| o.wl.requeue_blocked);
                    q.parked = stay;
                    back = go;
                }
                if !all_ok {
                    let (go, mut stay): (BTreeSet<Order>, BTreeSet<Order>) =
                        back.into_iter().partition(|o| namespace_ok(&cq, &o.wl.namespace));
                    q.parked.append(&mut stay);
                    back = go;
                }
                if q.heap.is_empty() {
                    q.heap = back;
                } else {
                    q.heap.append(&mut back);
                }
            }
        }
        !due.is_empty()
    }

    /// Pending workloads of a ClusterQueue: its heap and its parked ones.
    pub fn pending_in(&self, cq: &str) -> usize {
        self.cqs.get(cq).map_or(0, |q| q.heap.len() + q.parked.len() + q.restored.len())
    }

    /// The workloads that wait for a ClusterQueue, heap first in order, then the parked ones.
    pub fn pending_workloads(&self, cq: &str) -> Vec<Arc<WorkloadInfo>> {
        let Some(q) = self.cqs.get(cq) else { return Vec::new() };
        q.heap.iter().chain(&q.parked).filter_map(|o| self.workloads.get(o.key()).cloned()).collect()
    }

    pub fn is_parked(&self, key: &str) -> bool {
        self.entries.get(key).is_some_and(|e| self.cqs.get(&e.cq).is_some_and(|q| q.parked.contains(&e.order)))
    }

    /// Forgets everything rebuilt from the store on a restore (keeps parked sets and requeues).
    pub fn clear_caches(&mut self) {
        let cqs = crate::sort::map_from(
            std::mem::take(&mut self.cqs)
                .into_iter()
                .map(|(name, q)| {
                    let mut restored = q.restored;
                    restored.extend(q.parked.iter().map(|o| o.key().to_string()));
                    (name, CqQueue { restored, ..Default::default() })
                })
                .filter(|(_, q)| !q.is_empty()),
        );
        let keep = QueueManager {
            cqs,
            sticky: std::mem::take(&mut self.sticky),
            requeue_at: std::mem::take(&mut self.requeue_at),
            ..Default::default()
        };
        *self = keep;
    }
}
