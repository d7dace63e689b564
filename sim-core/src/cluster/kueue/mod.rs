//! Kueue v0.20 (`shared/reference/kueue.md`), split as Kueue itself is:
//! - `jobs` — the Job integration (`pkg/controller/jobframework/reconciler.go`): Workload per
//!   Job, start (inject + unsuspend), stop on eviction, finish, orphan finalization, PodsReady;
//! - `workload_controller` — queue problems reported on pending Workloads
//!   (`pkg/controller/core/workload_controller.go`);
//! - `info` — what the caches know of a Workload (`pkg/workload`);
//! - `cache` + `snapshot` + `fair_sharing` — ClusterQueues, Cohorts and flavors with quota and
//!   usage (`pkg/cache/scheduler`), and the per-cycle snapshot of the Cohort tree;
//! - `queue` — the queue manager (`pkg/cache/queue`): heaps, inadmissible sets, 1 s requeues;
//! - `flavor_assigner` (`pkg/scheduler/flavorassigner`), `preemption`
//!   (`pkg/scheduler/preemption`), `scheduler` — the scheduling cycle (`pkg/scheduler/scheduler.go`);
//! - `status` — ClusterQueue, LocalQueue and Cohort status with their 1 s batched writes
//!   (`pkg/controller/core/{clusterqueue,localqueue,cohort}_controller.go`);
//! - `finalizers` — a deleted ClusterQueue or ResourceFlavor goes once nothing uses it.
//!
//! Everything is driven by watch events ([`observe`]) and work queues, like the rest of the
//! cluster: nothing here lists the store.

pub mod cache;
pub mod fair_sharing;
pub mod finalizers;
pub mod flavor_assigner;
pub mod info;
pub mod jobs;
pub mod metrics;
pub mod pods_ready;
pub mod preemption;
pub mod queue;
pub mod scheduler;
pub mod snapshot;
pub mod status;
pub mod visibility;
pub mod workload;
pub mod workload_controller;

use super::informer::{Stage, Wake, WorkQueue};
use super::Cluster;
use crate::api::object::{get, get_str, labels};
use crate::api::store::{Key, WatchEvent, WatchType};
use crate::json::Value;
use cache::Cache;
use info::WorkloadInfo;
use queue::{LocalQueueState, QueueManager, BATCH_MS};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The parts of Kueue's Configuration (`config.kueue.x-k8s.io/v1beta2`) the simulator models; a
/// lab may set them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KueueConfig {
    /// `fairSharing` (absent = disabled, as shipped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_sharing: Option<preemption::FairSharingConfig>,
    /// `waitForPodsReady` (always defaulted upstream, so on as shipped).
    #[serde(default, skip_serializing_if = "pods_ready::WaitForPodsReady::is_default")]
    pub wait_for_pods_ready: pods_ready::WaitForPodsReady,
}

/// Kueue's in-memory state: its caches (rebuilt from the store on a restore), its queues and
/// the few things it keeps across a reload.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct KueueState {
    #[serde(default)]
    pub config: KueueConfig,
    #[serde(skip)]
    pub cache: Cache,
    #[serde(default)]
    pub queues: QueueManager,
    /// Admission and preemption counters (`metrics.rs`).
    #[serde(default)]
    pub metrics: metrics::Metrics,
    /// Per `Kind/namespace/name`: when a batched status write is due (ms).
    #[serde(default)]
    pub status_due: BTreeMap<String, u64>,
    /// Namespace labels, for ClusterQueues' namespace selectors.
    #[serde(skip)]
    pub namespaces: BTreeMap<String, BTreeMap<String, String>>,
    /// Jobs for the Job integration; Workloads whose owner is gone; pending Workloads whose queue
    /// may be misconfigured.
    #[serde(skip)]
    pub jobs: WorkQueue<Key>,
    #[serde(skip)]
    pub orphans: WorkQueue<Key>,
    #[serde(skip)]
    pub pending_checks: WorkQueue<Key>,
    /// ClusterQueues, LocalQueues and Cohorts whose status may need a write.
    #[serde(skip)]
    pub status_cqs: BTreeSet<String>,
    #[serde(skip)]
    pub status_lqs: BTreeSet<(String, String)>,
    #[serde(skip)]
    pub status_cohorts: BTreeSet<String>,
    /// WorkloadPriorityClasses whose value workloads may need.
    #[serde(skip)]
    pub priority_classes: BTreeSet<String>,
    /// ClusterQueues and ResourceFlavors being deleted, held by their finalizer.
    #[serde(skip)]
    pub terminating: BTreeSet<(String, String)>,
    /// Something Kueue watches changed, or a Kueue timer fired, since its last pass.
    #[serde(skip)]
    pub dirty: bool,
}

impl KueueState {
    fn mark_all_status(&mut self) {
        self.status_cqs.extend(self.cache.cqs.keys().cloned());
        self.status_lqs.extend(self.queues.lqs.keys().cloned());
        self.status_cohorts.extend(self.cache.cohorts.keys().cloned());
    }

    /// The ClusterQueue a workload's LocalQueue points to, if the LocalQueue exists.
    pub fn cq_of_lq(&self, ns: &str, lq: &str) -> Option<&str> {
        self.queues.lqs.get(&(ns.to_string(), lq.to_string())).map(|l| l.cluster_queue.as_str())
    }

    /// Every pending workload waiting for `cq`, in queue order (the visibility API's order).
    pub fn pending_in_order(&self, cq: &str) -> Vec<Arc<WorkloadInfo>> {
        let mut v = self.queues.pending_workloads(cq);
        crate::sort::sort_by(&mut v, |a, b| b.priority.cmp(&a.priority).then(a.queue_order.cmp(&b.queue_order)).then(a.uid.cmp(&b.uid)));
        v
    }
}

/// The tree a ClusterQueue belongs to, for batched requeues.
fn request_requeue(c: &mut Cluster, cq: &str) {
    let root = c.kueue.cache.root_of_cq(cq);
    let at = c.kueue.queues.request_requeue(&root, c.now_ms() + BATCH_MS);
    c.wake(at, Wake::Kueue(format!("requeue {root}")));
}

fn request_requeue_all(c: &mut Cluster) {
    let cqs: Vec<String> = c.kueue.cache.cqs.keys().cloned().collect();
    for cq in cqs {
        request_requeue(c, &cq);
    }
}

fn key_of(obj: &Value, kind: &'static str) -> Key {
    Key::new(kind, crate::api::object::namespace(obj), crate::api::object::name(obj))
}

fn owner_job_uid(obj: &Value) -> Option<&str> {
    get(obj, &["metadata", "ownerReferences"])
        .and_then(Value::as_array)
        .and_then(|r| r.iter().find(|o| o["kind"] == "Job"))
        .and_then(|o| o.get("uid"))
        .and_then(Value::as_str)
}

/// Kueue's event handlers: one change updates the caches and queues and marks what to reconcile.
pub fn observe(c: &mut Cluster, e: &WatchEvent) {
    if e.key.kind == "Event" {
        // Kueue watches no Events (and reading one would make a recorded Event JSON).
        return;
    }
    let deleted = e.event == WatchType::Deleted;
    let obj: &Value = &e.object;
    match e.key.kind {
        "Job" => {
            // The change's key is the store's (its texts shared, nothing made).
            c.kueue.jobs.add(e.key.clone());
            if deleted {
                let uid = get_str(obj, &["metadata", "uid"]).unwrap_or("").to_string();
                let owned: Vec<Key> = c.api.store().dependents(&uid).filter(|k| k.kind == "Workload").cloned().collect();
                for k in owned {
                    c.kueue.orphans.add(k);
                }
            }
        }
        "Workload" => observe_workload(c, &e.key, &e.object, deleted),
        "ClusterQueue" => {
            let name = crate::api::object::name(obj).to_string();
            // A status write (Kueue's own, every second) changes nothing Kueue schedules by.
            let generation = get(obj, &["metadata", "generation"]).and_then(Value::as_i64).unwrap_or(1);
            let terminating = get(obj, &["metadata", "deletionTimestamp"]).is_some();
            if !deleted && c.kueue.cache.cqs.get(&name).is_some_and(|q| q.spec.generation == generation && q.terminating == terminating) {
                return;
            }
            let old = c.kueue.cache.cqs.get(&name).map(|q| (q.spec.generation, q.spec.cohort.clone()));
            if deleted {
                c.kueue.cache.delete_cq(&name);
                c.kueue.terminating.remove(&("ClusterQueue".into(), name.clone()));
            } else {
                c.kueue.cache.update_cq(obj);
                if get(obj, &["metadata", "deletionTimestamp"]).is_some() {
                    c.kueue.terminating.insert(("ClusterQueue".into(), name.clone()));
                }
            }
            c.kueue.queues.observe_cluster_queue(&name, &c.kueue.cache);
            // A spec change may make parked workloads fit (`UpdateClusterQueue`), in the old tree too.
            if let Some((generation, cohort)) = old {
                let new_generation = get(obj, &["metadata", "generation"]).and_then(Value::as_i64).unwrap_or(1);
                if deleted || generation != new_generation {
                    if let Some(co) = cohort {
                        if let Some(root) = c.kueue.cache.path_to_root(&co).last().cloned() {
                            let at = c.kueue.queues.request_requeue(&format!("cohort:{root}"), c.now_ms() + BATCH_MS);
                            c.wake(at, Wake::Kueue(format!("requeue cohort:{root}")));
                        }
                    }
                    if !deleted {
                        request_requeue(c, &name);
                    }
                }
            }
            recheck_pending(c, Some(&name));
            // A drained ClusterQueue evicts what it admitted.
            let holding: Vec<String> = c.kueue.cache.cqs.get(&name).map(|q| q.workloads.keys().cloned().collect()).unwrap_or_default();
            for k in holding {
                if let Some((ns, n)) = k.split_once('/') {
                    check_workload(c, ns, n);
                }
            }
            c.kueue.status_cqs.insert(name.clone());
            let lqs: Vec<(String, String)> =
                c.kueue.queues.lqs.iter().filter(|(_, l)| l.cluster_queue == name).map(|(k, _)| k.clone()).collect();
            c.kueue.status_lqs.extend(lqs);
            c.kueue.status_cohorts.extend(c.kueue.cache.cohorts.keys().cloned());
        }
        "Cohort" => {
            let name = crate::api::object::name(obj).to_string();
            if deleted {
                c.kueue.cache.delete_cohort(&name);
            } else {
                c.kueue.cache.update_cohort(obj);
            }
            if let Some(root) = c.kueue.cache.path_to_root(&name).last().cloned() {
                let at = c.kueue.queues.request_requeue(&format!("cohort:{root}"), c.now_ms() + BATCH_MS);
                c.wake(at, Wake::Kueue(format!("requeue cohort:{root}")));
            }
            c.kueue.mark_all_status();
        }
        "ResourceFlavor" => {
            let name = crate::api::object::name(obj).to_string();
            if deleted {
                c.kueue.cache.delete_flavor(&name);
                c.kueue.terminating.remove(&("ResourceFlavor".into(), name));
            } else {
                c.kueue.cache.update_flavor(Arc::clone(&e.object));
                if get(obj, &["metadata", "deletionTimestamp"]).is_some() {
                    c.kueue.terminating.insert(("ResourceFlavor".into(), name));
                }
            }
            request_requeue_all(c);
            recheck_pending(c, None);
            c.kueue.mark_all_status();
        }
        "AdmissionCheck" => {
            let name = crate::api::object::name(obj).to_string();
            let active = (!deleted).then(|| {
                get(obj, &["status", "conditions"])
                    .and_then(Value::as_array)
                    .is_some_and(|cs| cs.iter().any(|c| c["type"] == "Active" && c["status"] == "True"))
            });
            if c.kueue.cache.checks.get(&name).copied() == active {
                return;
            }
            c.kueue.cache.update_check(&name, active);
            request_requeue_all(c);
            recheck_pending(c, None);
            c.kueue.mark_all_status();
        }
        "LocalQueue" => {
            let ns = crate::api::object::namespace(obj).to_string();
            let name = crate::api::object::name(obj).to_string();
            let state = (!deleted).then(|| LocalQueueState {
                cluster_queue: get_str(obj, &["spec", "clusterQueue"]).unwrap_or("").to_string(),
                stopped: get_str(obj, &["spec", "stopPolicy"]).is_some_and(|s| s != "None"),
                drain: get_str(obj, &["spec", "stopPolicy"]) == Some("HoldAndDrain"),
            });
            // A status write (Kueue's own) changes nothing about where workloads wait.
            if state.is_some() && c.kueue.queues.lqs.get(&(ns.clone(), name.clone())) == state.as_ref() {
                return;
            }
            if let Some(old) = c.kueue.cq_of_lq(&ns, &name).map(str::to_string) {
                c.kueue.status_cqs.insert(old);
            }
            if let Some(s) = &state {
                c.kueue.status_cqs.insert(s.cluster_queue.clone());
            }
            c.kueue.queues.observe_local_queue(&ns, &name, state, &c.kueue.cache);
            let keys: Vec<String> =
                c.kueue.queues.by_lq.get(&(ns.clone(), name.clone())).into_iter().flat_map(|m| m.keys().cloned()).collect();
            for k in keys {
                if let Some((wns, wname)) = k.split_once('/') {
                    check_workload(c, wns, wname);
                }
            }
            if !deleted {
                c.kueue.status_lqs.insert((ns, name));
            }
        }
        "Namespace" => {
            let name = crate::api::object::name(obj).to_string();
            let new_labels = labels(obj);
            let old = if deleted { c.kueue.namespaces.remove(&name) } else { c.kueue.namespaces.insert(name.clone(), new_labels.clone()) };
            // New labels may make a namespace match a ClusterQueue's selector.
            if old.is_some_and(|o| o != new_labels) && !deleted {
                request_requeue_all(c);
            }
        }
        "WorkloadPriorityClass" | "PriorityClass" => {
            if e.key.kind == "WorkloadPriorityClass" && !deleted {
                c.kueue.priority_classes.insert(crate::api::object::name(obj).to_string());
            }
            // Jobs waiting for their priority class get another look.
            let jobs: Vec<Key> = c.api.iter_kind(crate::api::server::kind_info("Job"), None).map(|j| key_of(j, "Job")).collect();
            for k in jobs {
                c.kueue.jobs.add(k);
            }
        }
        _ => return,
    }
    c.kueue.dirty = true;
}

fn observe_workload(c: &mut Cluster, key: &Key, shared: &Arc<Value>, deleted: bool) {
    let obj: &Value = shared;
    let wl_key = [&*key.namespace, "/", &*key.name].concat();
    let previous = c.kueue.queues.workloads.get(&wl_key).cloned();
    let info = (!deleted).then(|| Arc::new(WorkloadInfo::with_previous(shared.clone(), previous.as_deref())));
    // A changed priority may reorder who goes first in the tree.
    if let (Some(old), Some(new)) = (previous.as_ref(), info.as_ref()) {
        if old.priority != new.priority {
            let cq = if new.holds_quota() {
                Some(new.cluster_queue.clone())
            } else {
                c.kueue.cq_of_lq(&new.namespace, &new.queue_name).map(str::to_string)
            };
            if let Some(cq) = cq.filter(|q| c.kueue.cache.cqs.contains_key(q)) {
                request_requeue(c, &cq);
            }
        }
    }
    // Quota released (the workload is gone, finished or no longer reserving): its tree retries.
    if let Some(old) = c.kueue.cache.workload(&wl_key).cloned() {
        let still = info.as_ref().is_some_and(|i| i.holds_quota() && i.cluster_queue == old.cluster_queue);
        if !still {
            request_requeue(c, &old.cluster_queue);
        }
        mark(&mut c.kueue.status_cqs, &old.cluster_queue);
    }
    match &info {
        Some(i) => c.kueue.cache.update_workload(i.clone()),
        None => c.kueue.cache.delete_workload(&wl_key),
    }
    c.kueue.queues.observe_workload(&wl_key, previous, info.clone(), &c.kueue.cache);
    // The LocalQueue's key, made once: looked up, then marked for a status write.
    let lq_key = (key.namespace.to_string(), get_str(obj, &["spec", "queueName"]).unwrap_or("").to_string());
    let kueue = &mut c.kueue;
    if let Some(lq) = kueue.queues.lqs.get(&lq_key) {
        mark(&mut kueue.status_cqs, &lq.cluster_queue);
    }
    if let Some(i) = info.as_ref().filter(|i| i.holds_quota()) {
        mark(&mut c.kueue.status_cqs, &i.cluster_queue);
    }
    c.kueue.status_lqs.insert(lq_key);
    // The Job integration reconciles the owner; a Workload without one is finalized.
    match owner_job_uid(obj).map(|u| c.api.store().job_of_uid(u).cloned()) {
        Some(Some(job)) => c.kueue.jobs.add(job),
        Some(_) => c.kueue.orphans.add(key.clone()),
        None => {}
    }
    if !deleted && get(obj, &["metadata", "deletionTimestamp"]).is_some() {
        c.kueue.orphans.add(key.clone());
    }
    if !deleted {
        c.kueue.pending_checks.add(key.clone());
    }
}

/// Adds `name` to a set of names to write the status of, copying it only when it is not there
/// yet: Kueue marks a ClusterQueue at every change of its workloads, and most are marked already.
fn mark(names: &mut BTreeSet<String>, name: &str) {
    if !names.contains(name) {
        names.insert(name.to_string());
    }
}

/// Pending workloads whose queue may have become misconfigured or inactive (of one
/// ClusterQueue, or all) get another look from the workload controller.
fn recheck_pending(c: &mut Cluster, cq: Option<&str>) {
    // In the hash map's order: they go into a work queue, which takes them in key order.
    let keys: Vec<String> = c
        .kueue
        .queues
        .workloads
        .values()
        .filter(|w| w.is_pending())
        .filter(|w| cq.is_none_or(|cq| c.kueue.cq_of_lq(&w.namespace, &w.queue_name) == Some(cq)))
        .map(|w| w.key.clone())
        .collect();
    for k in keys {
        if let Some((ns, name)) = k.split_once('/') {
            check_workload(c, ns, name);
        }
    }
}

/// Queues the Workload `ns/name` for the workload controller's checks, under a key that
/// shares the store's namespace text.
fn check_workload(c: &mut Cluster, ns: &str, name: &str) {
    let key = c.api.store().key("Workload", ns, name);
    c.kueue.pending_checks.add(key);
}

/// A Kueue timer fired.
/// Writes the status of `part` — a `workload::status_part` the caller changed — as the status
/// of the Workload `namespace/name` (the server keeps the rest as stored).
pub(super) fn write_workload_status(c: &mut Cluster, namespace: &str, name: &str, mut part: Value) -> bool {
    let now = c.now_unix();
    c.api.update_status_internal(now, crate::api::server::kind_info("Workload"), namespace, name, part["status"].take()).is_ok()
}

pub fn wake(c: &mut Cluster, what: &str) {
    if let Some(rest) = what.strip_prefix("status ") {
        let mut parts = rest.splitn(3, '/');
        match (parts.next(), parts.next(), parts.next()) {
            (Some("ClusterQueue"), _, Some(n)) => {
                c.kueue.status_cqs.insert(n.to_string());
            }
            (Some("LocalQueue"), Some(ns), Some(n)) => {
                c.kueue.status_lqs.insert((ns.to_string(), n.to_string()));
            }
            (Some("Cohort"), _, Some(n)) => {
                c.kueue.status_cohorts.insert(n.to_string());
            }
            _ => {}
        }
    }
    if let Some((ns, name)) = what.strip_prefix("workload ").and_then(|k| k.split_once('/')) {
        check_workload(c, ns, name);
    }
    c.kueue.dirty = true;
}

/// Forgets the caches (they are refilled by routing every object again).
pub fn clear_caches(c: &mut Cluster) {
    c.kueue.cache = Cache::default();
    c.kueue.queues.clear_caches();
    c.kueue.namespaces.clear();
}

/// One Kueue pass, in the order of its controllers, as one stage: its scheduling cycle works on
/// a snapshot and is not cut.
pub const PASS: &[Stage] = &[Stage::Whole(sync)];

fn sync(c: &mut Cluster) {
    c.dispatch();
    if !std::mem::take(&mut c.kueue.dirty) {
        return;
    }
    for wpc in std::mem::take(&mut c.kueue.priority_classes) {
        jobs::sync_priority_class(c, &wpc);
    }
    jobs::sync(c);
    let now = c.now_ms();
    c.dispatch();
    let cache = std::mem::take(&mut c.kueue.cache);
    let namespaces = std::mem::take(&mut c.kueue.namespaces);
    let ok = |cq: &str, ns: &str| {
        let selector = cache.cqs.get(cq).and_then(|q| q.spec.namespace_selector.clone());
        namespaces.get(ns).is_some_and(|l| namespace_matches(selector.as_ref(), l))
    };
    c.kueue.queues.run_due_requeues(now, &cache, &ok);
    c.kueue.cache = cache;
    c.kueue.namespaces = namespaces;
    workload_controller::sync(c);
    scheduler::sync(c);
    status::sync(c);
    finalizers::sync(c);
}

/// Whether a namespace's labels match a ClusterQueue's `namespaceSelector` (nil matches none).
pub fn namespace_matches(selector: Option<&Value>, ns_labels: &BTreeMap<String, String>) -> bool {
    selector.is_some_and(|sel| crate::api::selector::object_matches(sel, ns_labels))
}
