//! How controllers learn what changed — client-go's shared informer, work queue and delaying
//! queue, in one process (`k8s.io/client-go/tools/cache`, `util/workqueue`):
//! - the cluster reads the store's watch log from its cursor, which the store keeps so as to hold
//!   what is not routed yet (`ApiServer::routed`; [`Cluster::dispatch`]), and
//!   routes every change to the work queues of the controllers that care ([`route`]), as event
//!   handlers on shared informers do;
//! - a [`WorkQueue`] holds the keys a controller still has to reconcile; a pass takes them in key
//!   order, including keys added while the pass runs, so a pass over the changed keys does what
//!   a pass over every object would have done, in the same order;
//! - [`Timers`] hold the moments a controller asked to look at a key again (a container's start,
//!   a back-off's end, Kueue's 1 s batches): virtual time jumps from one to the next.
//!
//! Objects are never copied here: controllers read them from the store by key (`Arc`s).

use super::Cluster;
use crate::api::object::get;
use crate::api::store::{Key, WatchEvent, WatchType};
use crate::json::Value;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Keys waiting to be reconciled, each at most once.
#[derive(Debug, Clone)]
pub struct WorkQueue<K: Ord> {
    dirty: BTreeSet<K>,
}

impl<K: Ord> Default for WorkQueue<K> {
    fn default() -> Self {
        WorkQueue { dirty: BTreeSet::new() }
    }
}

impl<K: Ord + Clone> WorkQueue<K> {
    pub fn add(&mut self, key: K) {
        self.dirty.insert(key);
    }

    pub fn is_empty(&self) -> bool {
        self.dirty.is_empty()
    }

    pub fn len(&self) -> usize {
        self.dirty.len()
    }

    /// Takes the smallest key after `last` (the whole queue when `None`).
    pub fn pop_after(&mut self, last: Option<&K>) -> Option<K> {
        // A pass mostly takes the queue from its front (keys added behind the cursor wait for
        // the next pass, and they are few): then the key is taken without a search by it.
        if last.is_none_or(|l| self.dirty.first().is_some_and(|first| first > l)) {
            return self.dirty.pop_first();
        }
        let next = self.dirty.range((std::ops::Bound::Excluded(last?), std::ops::Bound::Unbounded)).next().cloned()?;
        self.dirty.remove(&next);
        Some(next)
    }
}

/// What a timer wakes: a controller's key.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Wake {
    /// The Job controller's back-off for a Job.
    Job(Key),
    /// kube-scheduler's periodic retry of an unschedulable pod.
    SchedulePod(Key),
    /// The kubelet's next step for a pod (start, exit, grace period's end).
    Kubelet(Key),
    /// A Kueue timer (batched status writes, requeues).
    Kueue(String),
    /// A traffic source's next Job (`traffic.rs`).
    Traffic(usize),
}

/// Wake-ups by virtual time (ms), earliest first.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Timers {
    due: BTreeMap<u64, BTreeSet<Wake>>,
}

impl Timers {
    pub fn add(&mut self, at_ms: u64, wake: Wake) {
        self.due.entry(at_ms).or_default().insert(wake);
    }

    pub fn next(&self) -> Option<u64> {
        self.due.keys().next().copied()
    }

    /// Removes and returns every wake-up due at or before `now_ms`.
    pub fn take_due(&mut self, now_ms: u64) -> Vec<Wake> {
        let later = self.due.split_off(&(now_ms + 1));
        let due = std::mem::replace(&mut self.due, later);
        due.into_values().flatten().collect()
    }

    pub fn len(&self) -> usize {
        self.due.values().map(BTreeSet::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.due.is_empty()
    }
}

/// The controllers' work queues (what client-go keeps per controller).
#[derive(Debug, Clone, Default)]
pub struct Queues {
    /// Job controller: Jobs to sync; pods whose Job is gone and that still carry its tracking
    /// finalizer.
    pub jobs: WorkQueue<Key>,
    pub orphan_pods: WorkQueue<Key>,
    /// kube-scheduler: pods without a node.
    pub unscheduled: WorkQueue<Key>,
    /// The kubelet: pods bound to a node; pods that are gone (their GPUs and runtime to free).
    pub kubelet: WorkQueue<Key>,
    pub kubelet_gone: WorkQueue<Key>,
    /// The ServiceAccount and root-CA publishers: namespaces to give (again) their `default`
    /// ServiceAccount and `kube-root-ca.crt`.
    pub namespaces: WorkQueue<Key>,
}

impl Queues {
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
            && self.orphan_pods.is_empty()
            && self.unscheduled.is_empty()
            && self.kubelet.is_empty()
            && self.kubelet_gone.is_empty()
            && self.namespaces.is_empty()
    }
}

// The routing reads objects by paths, not JSON Pointer texts: every change comes through here.
fn controller_owner_uid(obj: &Value) -> Option<&str> {
    get(obj, &["metadata", "ownerReferences"])
        .and_then(Value::as_array)?
        .iter()
        .find(|r| r.get("controller").and_then(Value::as_bool) == Some(true))
        .and_then(|r| r.get("uid"))
        .and_then(Value::as_str)
}

fn has_finalizer(obj: &Value, f: &str) -> bool {
    get(obj, &["metadata", "finalizers"]).and_then(Value::as_array).is_some_and(|l| l.iter().any(|x| x == f))
}

/// The event handlers: which controllers' queues one change goes to.
pub fn route(c: &mut Cluster, e: &WatchEvent) {
    let key = e.key.clone();
    match e.key.kind {
        "Job" => {
            if e.event == WatchType::Deleted {
                // Its pods may now be orphans holding the tracking finalizer.
                let uid = crate::api::object::get_str(&e.object, &["metadata", "uid"]).unwrap_or("").to_string();
                let pods: Vec<Key> = c.api.store().dependents(&uid).filter(|k| k.kind == "Pod").cloned().collect();
                for p in pods {
                    c.queues.orphan_pods.add(p);
                }
            } else {
                c.queues.jobs.add(key.clone());
            }
        }
        "Pod" => {
            if let Some(owner) = controller_owner_uid(&e.object) {
                // A controller that is not a Job the controller knows: the pod is queued as an
                // orphan, as upstream's update and delete handlers queue it; `syncOrphanPod`
                // (`release_orphan_pod`) then leaves one controlled by another kind alone.
                match c.api.store().job_of_uid(owner).cloned() {
                    Some(job) => c.queues.jobs.add(job),
                    None => {
                        if e.event != WatchType::Deleted && has_finalizer(&e.object, "batch.kubernetes.io/job-tracking") {
                            c.queues.orphan_pods.add(key.clone());
                        }
                    }
                }
            } else if e.event != WatchType::Deleted && has_finalizer(&e.object, "batch.kubernetes.io/job-tracking") {
                c.queues.orphan_pods.add(key.clone());
            }
            c.scheduler.observe_pod(e);
            if e.event == WatchType::Deleted {
                c.queues.kubelet_gone.add(key);
            } else if get(&e.object, &["spec", "nodeName"]).is_some() {
                c.queues.kubelet.add(key);
            } else {
                c.queues.unscheduled.add(key);
            }
        }
        "Node" => c.scheduler.observe_node(e),
        "Event" => c.event_ttl.observe(e, &key, c.clock.now_unix(), c.api.store()),
        "Namespace" if e.event != WatchType::Deleted => c.queues.namespaces.add(key),
        // Deleted, they are published again.
        "ServiceAccount" | "ConfigMap" if e.event == WatchType::Deleted && super::service_account::publishes(e.key.kind, &key.name) => {
            c.queues.namespaces.add(Key::of("Namespace", "".into(), key.namespace))
        }
        _ => {}
    }
    super::kueue::observe(c, e);
}

impl Cluster {
    /// Routes every change the store logged since the last call (the informers' watch).
    pub fn dispatch(&mut self) {
        loop {
            let (rv, cursor) = (self.api.resource_version(), self.api.routed());
            if rv == cursor {
                return;
            }
            // The log keeps what was not routed yet (`ApiServer::routed_to`), unless it was
            // forgotten (a restore): then relist, as an informer does.
            if !self.api.store().has_history_since(cursor) {
                self.resync();
                continue;
            }
            let events: Vec<WatchEvent> = self.api.events_since(cursor).to_vec();
            self.api.routed_to(rv);
            for e in &events {
                route(self, e);
            }
            self.event_ttl.settle(self.api.store());
            if self.scheduler.take_changed() {
                // A node's free capacity or shape changed: unschedulable pods try again.
                let waiting: Vec<Key> = self.scheduler.unschedulable.iter().cloned().collect();
                for k in waiting {
                    self.queues.unscheduled.add(k);
                }
            }
        }
    }
}

/// One stage of a controller's pass: its work queue drained key by key, or — for work that is
/// not kept by key (Kueue's scheduling cycle) — its whole pass at once.
#[derive(Clone, Copy)]
pub enum Stage {
    Drain(fn(&mut Cluster) -> &mut WorkQueue<Key>, fn(&mut Cluster, &Key)),
    Whole(fn(&mut Cluster)),
}

/// Where a settle stopped that was told it was out of time (`Cluster::settle_within`): its pass,
/// the stage within the pass, and the last key that stage reconciled. The next settle goes on
/// from exactly there, so a settle cut anywhere does what one uninterrupted settle does.
#[derive(Debug, Clone, Default)]
pub struct SettlePoint {
    pub pass: usize,
    pub stage: usize,
    pub last: Option<Key>,
}

/// Runs `reconcile` over a controller's queue: keys in order, each once per pass, including keys
/// that become dirty during the pass (after the one being reconciled).
pub fn drain(c: &mut Cluster, queue: fn(&mut Cluster) -> &mut WorkQueue<Key>, reconcile: fn(&mut Cluster, &Key)) {
    drain_within(c, queue, reconcile, &mut None, &mut || false);
}

/// [`drain`] from after the key `last`, asking `out_of_time()` after each key: false when it
/// stopped there (`last` is the key reconciled last), true when the pass over the queue is done.
pub fn drain_within(
    c: &mut Cluster,
    queue: fn(&mut Cluster) -> &mut WorkQueue<Key>,
    reconcile: fn(&mut Cluster, &Key),
    last: &mut Option<Key>,
    out_of_time: &mut dyn FnMut() -> bool,
) -> bool {
    loop {
        c.dispatch();
        let Some(k) = queue(c).pop_after(last.as_ref()) else { return true };
        reconcile(c, &k);
        *last = Some(k);
        if out_of_time() {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_takes_keys_in_order_including_later_ones_added_meanwhile() {
        let mut q = WorkQueue::default();
        q.add(2);
        q.add(5);
        assert_eq!(q.pop_after(None), Some(2));
        q.add(1); // before the cursor: next pass
        q.add(3); // after it: this pass
        assert_eq!(q.pop_after(Some(&2)), Some(3));
        assert_eq!(q.pop_after(Some(&3)), Some(5));
        assert_eq!(q.pop_after(Some(&5)), None);
        assert_eq!(q.pop_after(None), Some(1));
    }

    /// Taken from the front or searched after the cursor, a pass takes what the plain rule
    /// says: the smallest key after the cursor. Adds land before, at and after the cursor.
    #[test]
    fn a_pass_takes_the_smallest_key_after_the_cursor() {
        let mut q = WorkQueue::default();
        let mut model = BTreeSet::new();
        let mut last: Option<u32> = None;
        let mut rng = crate::rand::SimRng::new(7);
        let mut roll = |n: u64| rng.next_u64() % n;
        let (mut from_front, mut searched) = (0, 0);
        for _ in 0..20_000 {
            if roll(3) == 0 {
                let k = roll(200) as u32;
                q.add(k);
                model.insert(k);
                continue;
            }
            let expected = match last {
                None => model.iter().next().copied(),
                Some(l) => model.range(l + 1..).next().copied(),
            };
            match (last, model.iter().next()) {
                (Some(l), Some(&first)) if first <= l => searched += 1,
                _ => from_front += 1,
            }
            let got = q.pop_after(last.as_ref());
            assert_eq!(got, expected, "after {last:?}");
            if let Some(k) = got {
                model.remove(&k);
            }
            // A pass ends when nothing is left after its cursor; the next starts from the front.
            last = got;
            assert_eq!(q.len(), model.len());
        }
        assert!(from_front > 1000 && searched > 1000, "both ways were taken: {from_front} from the front, {searched} searched");
    }

    #[test]
    fn timers_release_what_is_due() {
        let mut t = Timers::default();
        t.add(30, Wake::Kueue("b".into()));
        t.add(10, Wake::Kueue("a".into()));
        t.add(10, Wake::Kueue("a".into()));
        assert_eq!(t.next(), Some(10));
        assert_eq!(t.take_due(20), vec![Wake::Kueue("a".into())]);
        assert_eq!(t.next(), Some(30));
    }
}
