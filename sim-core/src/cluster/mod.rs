//! The cluster comes alive: the API server core plus the controllers that act on it — the Job
//! controller, kube-scheduler, the kubelet, and Kueue — all driven by one virtual clock.
//!
//! Controllers are level-triggered: each pass reads the store and writes what should change.
//! `settle` runs passes until nothing changes; `advance` moves the clock through the wake-ups
//! the controllers asked for (container start, command end, Kueue's 1 s batches), settling at
//! each. Same seed and inputs ⇒ the same objects, events and timestamps, byte for byte.

pub mod audit;
pub mod boot;
pub mod events;
pub mod job_controller;
pub mod kubelet;
pub mod kueue;
pub mod scheduler;

use crate::api::server::ApiServer;
use crate::clock::Clock;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The shape of the simulated cluster, so other labs can ask for more nodes or GPUs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClusterShape {
    pub nodes: Vec<NodeShape>,
    /// How long before the learner arrives the node booted (the system pods' ages).
    pub booted_secs_ago: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeShape {
    pub name: String,
    pub ip: String,
    pub cpu: u32,
    /// Memory capacity in KiB, as the kubelet reports it.
    pub memory_ki: u64,
    pub gpus: u32,
}

impl Default for ClusterShape {
    /// The lab's VM: one k3s node with 4 fake GPUs, about five minutes after boot (`k3s.md` §6–7).
    fn default() -> Self {
        ClusterShape {
            nodes: vec![NodeShape { name: "lab-node-1".into(), ip: "10.0.0.10".into(), cpu: 4, memory_ki: 8_029_828, gpus: 4 }],
            booted_secs_ago: 293,
        }
    }
}

/// What the kubelet knows about a pod beyond its API object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct PodRuntime {
    /// Virtual ms when the container is due to start (image pulled, container created).
    pub starts_at_ms: u64,
    /// Virtual ms when the container started running.
    pub started_ms: Option<u64>,
    /// When the command exits by itself (`None` = runs until stopped).
    pub exits_ms: Option<u64>,
    pub exit_code: i32,
    /// The command traps SIGTERM and exits at once when the pod is deleted.
    pub handles_sigterm: bool,
    /// SIGTERM was sent and ignored; the container is killed when the grace period ends.
    pub stopping: bool,
    /// What the container printed (`kubectl logs`).
    pub log: String,
    pub ip: Option<String>,
}

#[derive(Clone, Serialize, Deserialize)]
pub struct Cluster {
    pub api: ApiServer,
    pub clock: Clock,
    pub shape: ClusterShape,
    /// Virtual ms at which some controller wants to look again.
    wakeups: BTreeSet<u64>,
    pub pods: BTreeMap<String, PodRuntime>,
    pub kueue: kueue::KueueState,
    /// Pod IPs handed out per node (`10.42.0.N`).
    next_ip: u32,
    /// When a Job's last pod failed (virtual ms), for the Job controller's back-off.
    pub job_failures: BTreeMap<String, u64>,
    /// When the scheduler next retries an unschedulable pod (virtual ms).
    pub scheduler_retry: BTreeMap<String, u64>,
    /// The fake device plugin's GPU slots per node: which pod (`ns/name`) holds each GPU.
    pub gpu_slots: BTreeMap<String, Vec<Option<String>>>,
    /// The event recorder's aggregation cache: (object uid, reason, message) → the Event's
    /// namespace and name. Rebuilt from the Events after a restore.
    #[serde(skip)]
    pub event_index: BTreeMap<(String, String, String), (String, String)>,
    /// The learner's own writes, in order (`audit.rs`).
    #[serde(default)]
    pub learner_writes: Vec<audit::LearnerWrite>,
}

/// Upper bound on controller passes per settle: a safety net against a controller that keeps
/// writing, never reached by correct controllers.
const MAX_PASSES: usize = 10_000;

impl Cluster {
    /// The lab's cluster at the moment the learner arrives.
    pub fn new(seed: u64) -> Self {
        Self::with_shape(seed, ClusterShape::default())
    }

    pub fn with_shape(seed: u64, shape: ClusterShape) -> Self {
        Self::with_shape_at(seed, shape, Clock::default().start_unix)
    }

    /// A cluster whose virtual time starts at `start_unix` instead of the lab's fixed epoch (a
    /// host serving real clients, whose own clocks compute ages, passes its wall time).
    pub fn with_shape_at(seed: u64, shape: ClusterShape, start_unix: i64) -> Self {
        let clock = Clock { start_unix, elapsed_ms: 0 };
        let boot_time = clock.now_unix() - shape.booted_secs_ago;
        let api = ApiServer::new(seed, boot_time);
        let mut c = Cluster {
            api,
            clock,
            shape,
            wakeups: BTreeSet::new(),
            pods: BTreeMap::new(),
            kueue: kueue::KueueState::default(),
            next_ip: 17,
            job_failures: BTreeMap::new(),
            scheduler_retry: BTreeMap::new(),
            gpu_slots: BTreeMap::new(),
            event_index: BTreeMap::new(),
            learner_writes: Vec::new(),
        };
        for n in &c.shape.nodes {
            c.gpu_slots.insert(n.name.clone(), vec![None; n.gpus as usize]);
        }
        boot::boot(&mut c, boot_time);
        c.settle();
        c
    }

    /// A cluster restored from its JSON form (what the browser keeps in local storage).
    pub fn restore(json: &str) -> Result<Self, String> {
        let mut c: Cluster = serde_json::from_str(json).map_err(|e| e.to_string())?;
        for e in
            c.api.list_objects(crate::api::server::kind_info("Event"), None, &Default::default(), &Default::default()).unwrap_or_default()
        {
            let key = (
                e.pointer("/involvedObject/uid").and_then(serde_json::Value::as_str).unwrap_or("").to_string(),
                e.get("reason").and_then(serde_json::Value::as_str).unwrap_or("").to_string(),
                e.get("message").and_then(serde_json::Value::as_str).unwrap_or("").to_string(),
            );
            let at = (
                e.pointer("/metadata/namespace").and_then(serde_json::Value::as_str).unwrap_or("").to_string(),
                e.pointer("/metadata/name").and_then(serde_json::Value::as_str).unwrap_or("").to_string(),
            );
            c.event_index.insert(key, at);
        }
        Ok(c)
    }

    pub fn now_unix(&self) -> i64 {
        self.clock.now_unix()
    }

    pub fn now_ms(&self) -> u64 {
        self.clock.elapsed_ms
    }

    /// Asks for another controller pass at virtual time `ms`.
    pub fn wake_at(&mut self, ms: u64) {
        if ms > self.now_ms() {
            self.wakeups.insert(ms);
        }
    }

    pub fn next_pod_ip(&mut self) -> String {
        let ip = format!("10.42.0.{}", self.next_ip);
        self.next_ip += 1;
        ip
    }

    /// Runs controller passes until the store stops changing.
    pub fn settle(&mut self) {
        for _ in 0..MAX_PASSES {
            let before = self.api.resource_version();
            job_controller::sync(self);
            kueue::sync(self);
            scheduler::sync(self);
            kubelet::sync(self);
            if self.api.resource_version() == before {
                return;
            }
        }
    }

    /// Lets `ms` of virtual time pass, stopping at every wake-up on the way.
    pub fn advance(&mut self, ms: u64) {
        let target = self.now_ms().saturating_add(ms);
        while let Some(&due) = self.wakeups.iter().next() {
            if due > target {
                break;
            }
            self.wakeups.remove(&due);
            if due > self.clock.elapsed_ms {
                self.clock.elapsed_ms = due;
            }
            self.settle();
        }
        self.clock.elapsed_ms = target;
        self.settle();
    }

    /// The next moment something is scheduled to happen, if any.
    pub fn next_wakeup(&self) -> Option<u64> {
        self.wakeups.iter().next().copied()
    }
}

impl crate::clock::World for Cluster {
    fn now_unix(&self) -> i64 {
        self.clock.now_unix()
    }
    fn now_ms(&self) -> u64 {
        Cluster::now_ms(self)
    }
    fn sleep(&mut self, ms: u64) {
        self.advance(ms);
    }
}
