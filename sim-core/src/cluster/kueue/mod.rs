//! Kueue v0.20 (`shared/reference/kueue.md`), split as Kueue itself is:
//! - `jobs` — the Job integration (`pkg/controller/jobframework/reconciler.go`): Workload per
//!   Job, start (inject + unsuspend), stop, finish, orphan finalization, PodsReady;
//! - `queues` — the cache and queue manager (`pkg/cache/scheduler`, `pkg/cache/queue`):
//!   ClusterQueue quota and usage, pending workloads, inadmissible sets and their 1 s requeue;
//! - `scheduler` — one scheduling cycle (`pkg/scheduler/scheduler.go`) with the flavor assigner
//!   (`pkg/scheduler/flavorassigner/flavorassigner.go`);
//! - `status` — ClusterQueue and LocalQueue status with their 1 s batched writes
//!   (`pkg/controller/core/{clusterqueue,localqueue}_controller.go`);
//! - `finalizers` — a deleted ClusterQueue or ResourceFlavor goes once nothing uses it.

pub mod finalizers;
pub mod jobs;
pub mod queues;
pub mod scheduler;
pub mod status;
pub mod workload;

use super::Cluster;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Kueue's in-memory state (what its caches hold beyond the API objects).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct KueueState {
    /// Per ClusterQueue: workloads (`ns/name`) parked after a failed attempt.
    pub inadmissible: BTreeMap<String, BTreeSet<String>>,
    /// Per ClusterQueue: when the batched requeue of its inadmissible workloads runs (ms).
    pub requeue_at: BTreeMap<String, u64>,
    /// Workloads holding quota at the last look (`ns/name` → ClusterQueue), to see releases.
    pub reserving: BTreeMap<String, String>,
    /// ClusterQueue generations and existing flavors at the last look, to see spec changes.
    pub cq_generations: BTreeMap<String, i64>,
    pub flavors: BTreeSet<String>,
    /// Per `Kind/name`: when a batched status write is due (ms).
    pub status_due: BTreeMap<String, u64>,
    /// Something Kueue watches changed since its last pass.
    #[serde(skip)]
    pub dirty: bool,
}

pub fn sync(c: &mut Cluster) {
    c.dispatch();
    if !std::mem::take(&mut c.kueue.dirty) {
        return;
    }
    jobs::sync(c);
    queues::sync(c);
    scheduler::sync(c);
    status::sync(c);
    finalizers::sync(c);
}
