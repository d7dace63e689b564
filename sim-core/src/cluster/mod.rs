//! The cluster comes alive: the API server core plus the controllers that act on it — the Job
//! controller, kube-scheduler, the kubelet, and Kueue — all driven by one virtual clock.
//!
//! Controllers are driven the way client-go drives them (`informer.rs`): every change the store
//! logs is routed to the work queues of the controllers that care, and a controller's pass
//! reconciles only the keys in its queue. `settle` runs passes until no queue holds a key and
//! no change is left to route; `advance` jumps virtual time from one timer to the next (a
//! container's start, a command's end, Kueue's 1 s batches), settling at each. Same seed and
//! inputs ⇒ the same objects, events and timestamps, byte for byte.

pub mod audit;
pub mod boot;
pub mod event_ttl;
pub mod events;
pub mod garbage_collector;
pub mod informer;
pub mod job_controller;
pub mod kubelet;
pub mod kueue;
pub mod namespace_controller;
pub mod persist;
pub mod rest;
pub mod scheduler;
pub mod service_account;
pub mod traffic;
pub mod ttl_after_finished;

use crate::api::server::ApiServer;
use crate::clock::Clock;
use informer::{Queues, Timers, Wake};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    /// The kubelet pulls the image for this pod (not on the node yet, or `imagePullPolicy: Always`);
    /// otherwise it says the image is already present.
    #[serde(default)]
    pub pulls_image: bool,
}

#[derive(Clone, Serialize, Deserialize)]
pub struct Cluster {
    #[serde(deserialize_with = "api_with_controllers")]
    pub api: ApiServer,
    pub clock: Clock,
    pub shape: ClusterShape,
    /// When controllers want to look at a key again (virtual ms).
    #[serde(default)]
    timers: Timers,
    /// Keys each controller still has to reconcile (empty once settled).
    #[serde(skip)]
    pub queues: Queues,
    /// Where a settle that ran out of time stopped (`settle_within`); `None` when settled.
    #[serde(skip)]
    unsettled: Option<informer::SettlePoint>,
    pub pods: BTreeMap<String, PodRuntime>,
    pub kueue: kueue::KueueState,
    /// Pod IPs handed out per node (`10.42.0.N`).
    next_ip: u32,
    /// When a Job's last pod failed (virtual ms), for the Job controller's back-off.
    pub job_failures: BTreeMap<String, u64>,
    /// kube-scheduler's cache: what each node holds, and which pods wait for a node.
    #[serde(default)]
    pub scheduler: scheduler::SchedulerCache,
    /// The fake device plugin's GPU slots per node: which pod (`ns/name`) holds each GPU.
    pub gpu_slots: BTreeMap<String, Vec<Option<String>>>,
    /// Images the kubelet pulled on each node (the learner's; the system pods' images came with
    /// the node). A later pod with `imagePullPolicy: IfNotPresent` finds them there.
    #[serde(default)]
    pub node_images: BTreeMap<String, std::collections::BTreeSet<String>>,
    /// The event recorder's aggregation cache: the hash of (object uid, reason, message)
    /// (`events::aggregation_hash`) → the Event's key (the store's, sharing its texts). Rebuilt
    /// from the Events after a restore.
    #[serde(skip)]
    pub event_index: events::AggregationIndex,
    /// When each Event expires (`event_ttl.rs`), rebuilt from the store.
    #[serde(skip)]
    pub(crate) event_ttl: event_ttl::EventTtl,
    /// The event recorder's spam filter (per source and object).
    #[serde(default)]
    pub event_spam: events::SpamFilter,
    /// Parts of Events that many Events hold alike, made once and shared (`events::SharedParts`).
    #[serde(skip)]
    pub(crate) event_parts: events::SharedParts,
    /// The learner's own writes, in order (`audit.rs`).
    #[serde(default)]
    pub learner_writes: Vec<audit::TimedWrite>,
    /// Simulated teams submitting Jobs (a scale lab's load).
    #[serde(default)]
    pub traffic: traffic::Traffic,
}

/// A restored API server gets the controllers that act inside its writes (they do not persist).
fn api_with_controllers<'de, D: serde::Deserializer<'de>>(d: D) -> Result<ApiServer, D::Error> {
    let mut api = ApiServer::deserialize(d)?;
    api.set_sync_controllers(boot::SYNC_CONTROLLERS);
    Ok(api)
}

/// Upper bound on controller passes per settle: a safety net against a controller that keeps
/// writing, never reached by correct controllers.
const MAX_PASSES: usize = 10_000;

/// The controllers of a settle pass, in their order: the ServiceAccount publishers first (a new
/// namespace is furnished before anything else reacts to it), then the Job controller, Kueue,
/// kube-scheduler and the kubelet.
const PASS: [&[informer::Stage]; 5] = [service_account::PASS, job_controller::PASS, kueue::PASS, scheduler::PASS, kubelet::PASS];

/// The `i`th stage of a settle pass.
fn stage(i: usize) -> Option<informer::Stage> {
    PASS.iter().flat_map(|c| c.iter()).nth(i).copied()
}

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
        let mut api = boot::api_server(seed, boot_time);
        // The informers start from the beginning: the log keeps what they have not routed.
        api.routed_to(0);
        let mut c = Cluster {
            api,
            clock,
            shape,
            timers: Timers::default(),
            queues: Queues::default(),
            unsettled: None,
            pods: BTreeMap::new(),
            kueue: kueue::KueueState::default(),
            next_ip: 17,
            job_failures: BTreeMap::new(),
            scheduler: scheduler::SchedulerCache::default(),
            gpu_slots: BTreeMap::new(),
            node_images: BTreeMap::new(),
            event_index: events::AggregationIndex::default(),
            event_ttl: event_ttl::EventTtl::default(),
            event_spam: events::SpamFilter::default(),
            event_parts: events::SharedParts::default(),
            learner_writes: Vec::new(),
            traffic: traffic::Traffic::default(),
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
        let c: Cluster = serde_json::from_str(json).map_err(|e| e.to_string())?;
        Ok(c.restored())
    }

    /// A freshly deserialized cluster made whole: the caches its JSON leaves out are rebuilt.
    fn restored(mut self) -> Self {
        let c = &mut self;
        for (at, e) in c.api.store().range("Event", None) {
            c.event_index.insert(events::aggregation_hash(events::aggregation_key(e)), events::EventName::of(at));
        }
        // The caches are rebuilt from the store, as controllers do when they start.
        c.resync();
        c.settle();
        self
    }

    /// Every object goes through the controllers' event handlers again and their caches are
    /// rebuilt from the store: after a restore, whose log starts afresh (an informer's relist).
    /// The controllers' cursor is the store's (`ApiServer::routed`).
    pub fn resync(&mut self) {
        self.scheduler.clear();
        self.event_ttl.clear();
        kueue::clear_caches(self);
        // Pods the kubelet ran that are gone meanwhile free their GPUs.
        let gone: Vec<crate::api::store::Key> = self
            .pods
            .keys()
            .filter_map(|k| k.split_once('/'))
            .map(|(ns, name)| crate::api::store::Key::new("Pod", ns, name))
            .filter(|k| !self.api.store().contains(k))
            .collect();
        for k in gone {
            self.queues.kubelet_gone.add(k);
        }
        let cursor = self.api.resource_version();
        self.api.routed_to(cursor);
        let all: Vec<crate::api::store::WatchEvent> = self
            .api
            .store()
            .iter_stored()
            .map(|(key, o)| crate::api::store::WatchEvent::new(cursor, key.clone(), crate::api::store::WatchType::Added, o.clone()))
            .collect();
        // Kinds Kueue builds on come first, as its caches start from them.
        let rank = |k: &str| match k {
            "Namespace" => 0,
            "ResourceFlavor" | "Cohort" => 1,
            "ClusterQueue" => 2,
            "LocalQueue" => 3,
            _ => 4,
        };
        let mut all = all;
        crate::sort::sort_by_key(&mut all, |e| rank(e.key.kind));
        for e in &all {
            informer::route(self, e);
        }
        self.event_ttl.settle(self.api.store());
        self.kueue.dirty = true;
    }

    pub fn now_unix(&self) -> i64 {
        self.clock.now_unix()
    }

    pub fn now_ms(&self) -> u64 {
        self.clock.elapsed_ms
    }

    /// Asks for `wake` to be reconciled again at virtual time `ms`.
    pub fn wake(&mut self, ms: u64, wake: Wake) {
        if ms > self.now_ms() {
            self.timers.add(ms, wake);
        }
    }

    pub fn next_pod_ip(&mut self) -> String {
        let ip = format!("10.42.0.{}", self.next_ip);
        self.next_ip += 1;
        ip
    }

    /// Runs controller passes until no controller has anything left to reconcile.
    /// Notes a write the learner made, with the virtual time it was made at.
    pub fn record_learner_write(&mut self, write: audit::LearnerWrite) {
        let at_ms = self.now_ms();
        self.learner_writes.push(audit::TimedWrite { at_ms, write });
    }

    pub fn settle(&mut self) {
        self.settle_within(&mut || false);
    }

    /// Like `settle`, but asks `out_of_time()` after every key a controller reconciles (and after
    /// Kueue's pass): once it says so, stops there and keeps the point it reached, and the next
    /// settle of any kind goes on from that point. True when settled. Cut anywhere, the passes do
    /// what one uninterrupted settle does, key for key — unless something else writes in between
    /// (a learner's command), as it may on a busy real cluster.
    pub fn settle_within(&mut self, out_of_time: &mut dyn FnMut() -> bool) -> bool {
        use informer::Stage;
        let mut at = self.unsettled.take().unwrap_or_default();
        while at.pass < MAX_PASSES {
            // A pass begins by looking whether there is anything to do.
            if at.stage == 0 && at.last.is_none() {
                self.dispatch();
                if self.queues.is_empty() && !self.kueue.dirty {
                    return true;
                }
            }
            let Some(this) = stage(at.stage) else {
                at = informer::SettlePoint { pass: at.pass + 1, ..Default::default() };
                continue;
            };
            let (finished, stop) = match this {
                Stage::Drain(queue, reconcile) => {
                    let finished = informer::drain_within(self, queue, reconcile, &mut at.last, out_of_time);
                    (finished, !finished)
                }
                Stage::Whole(pass) => {
                    pass(self);
                    (true, out_of_time())
                }
            };
            if finished {
                at.stage += 1;
                at.last = None;
            }
            if stop {
                self.unsettled = Some(at);
                return false;
            }
        }
        true
    }

    /// Lets `ms` of virtual time pass, jumping from one timer to the next on the way.
    pub fn advance(&mut self, ms: u64) {
        self.advance_within(ms, &mut || false);
    }

    /// Like `advance`, but stops once `out_of_time()` says so — asked after every key a
    /// controller reconciles (`settle_within`) and after each timer's work — and returns the
    /// virtual milliseconds that did pass. A host with a frame to keep (the browser) spreads a
    /// long catch-up over several slices; the outcome is the same as one `advance`, because a
    /// settle cut short goes on where it stopped, before the clock moves again, and between timers
    /// the clock only waits for the next one.
    pub fn advance_within(&mut self, ms: u64, out_of_time: &mut dyn FnMut() -> bool) -> u64 {
        let start = self.now_ms();
        let target = start.saturating_add(ms);
        // A settle cut short goes on first; finished, it ends its instant as below.
        if self.settling() && (!self.settle_within(out_of_time) || out_of_time()) {
            return 0;
        }
        while let Some(due) = self.next_wakeup() {
            if due > target {
                break;
            }
            if due > self.clock.elapsed_ms {
                self.clock.elapsed_ms = due;
            }
            for w in self.timers.take_due(due) {
                self.fire(w);
            }
            if self.event_ttl_due_ms().is_some_and(|at| at <= due) {
                event_ttl::expire(self);
            }
            if !self.settle_within(out_of_time) || out_of_time() {
                return self.now_ms() - start;
            }
        }
        self.clock.elapsed_ms = target;
        self.settle();
        ms
    }

    /// Whether a settle that ran out of time has work left (`settle_within`): the controllers
    /// are between two keys, and the next settle or advance goes on from there.
    pub fn settling(&self) -> bool {
        self.unsettled.is_some()
    }

    /// When the earliest Event expires (virtual ms; now, if it is overdue).
    fn event_ttl_due_ms(&self) -> Option<u64> {
        let at = self.event_ttl.next_expiry(self.api.store())?;
        Some((u64::try_from(at - self.clock.start_unix).unwrap_or(0) * 1000).max(self.now_ms()))
    }

    /// A timer is due: its key goes back into its controller's queue.
    fn fire(&mut self, wake: Wake) {
        match wake {
            Wake::Job(k) => self.queues.jobs.add(k),
            Wake::SchedulePod(k) => self.queues.unscheduled.add(k),
            Wake::Kubelet(k) => self.queues.kubelet.add(k),
            Wake::Kueue(what) => kueue::wake(self, &what),
            Wake::Traffic(i) => traffic::fire(self, i),
        }
    }

    /// The next moment something is scheduled to happen, if any: a timer, or an Event's time
    /// to live running out (kept apart from the timers, as it is derived from the Events and
    /// not saved).
    pub fn next_wakeup(&self) -> Option<u64> {
        match (self.timers.next(), self.event_ttl_due_ms()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
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
    fn settle(&mut self) {
        Cluster::settle(self);
    }
}
