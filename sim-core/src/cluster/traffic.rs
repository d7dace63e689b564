//! Simulated teams submitting Jobs over virtual time — a scale lab's background load. Each source
//! creates a Job every `every_seconds`, through the API server's full create path (defaulting,
//! Kueue's Job webhook, validation), exactly as a user's `kubectl create` would; the Jobs then
//! flow through Kueue, the scheduler and the kubelet like any other. Nothing here is random: a
//! Job's run time varies around `runtime_seconds` by a hash of its source and number, so the
//! same lab gives the same traffic every time.

use crate::api::server::kind_info;
use crate::cluster::informer::Wake;
use crate::cluster::Cluster;
use crate::json::{json, Value};
use serde::{Deserialize, Serialize};

/// One team's submissions, as a lab declares them (`traffic:` in lab.yaml).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrafficSpec {
    pub namespace: String,
    /// The LocalQueue the Jobs name (`kueue.x-k8s.io/queue-name`).
    #[serde(default = "default_queue")]
    pub queue: String,
    /// Jobs are named `<name_prefix><n>` (n from 1, five digits).
    #[serde(default = "default_prefix")]
    pub name_prefix: String,
    /// Seconds after the lab starts before the first Job.
    #[serde(default)]
    pub start_seconds: u64,
    pub every_seconds: u64,
    /// How many Jobs in all.
    pub count: u32,
    #[serde(default = "one")]
    pub gpus: u32,
    /// A Job's pod runs about this long (±25 %), then succeeds.
    pub runtime_seconds: u64,
    /// A WorkloadPriorityClass for the Jobs (`kueue.x-k8s.io/priority-class`).
    #[serde(default)]
    pub priority_class: Option<String>,
    /// Jobs submitted together each time (a team sending a sweep at once).
    #[serde(default = "one")]
    pub burst: u32,
    /// The Jobs' `spec.ttlSecondsAfterFinished`: finished Jobs are cleaned up, as busy clusters do.
    #[serde(default)]
    pub ttl_seconds_after_finished: Option<u32>,
}

fn default_queue() -> String {
    "lq".into()
}
fn default_prefix() -> String {
    "job-".into()
}
fn one() -> u32 {
    1
}

/// The sources and how far each has got (saved with the cluster, so a reload continues).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Traffic {
    sources: Vec<Source>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Source {
    spec: TrafficSpec,
    submitted: u32,
}

impl Traffic {
    /// Jobs submitted so far, and in all, over every source.
    pub fn progress(&self) -> (u32, u32) {
        self.sources.iter().fold((0, 0), |(s, t), src| (s + src.submitted, t + src.spec.count))
    }
}

/// Starts the sources: the first Job of each is due `start_seconds` from now.
pub fn start(c: &mut Cluster, specs: &[TrafficSpec]) {
    let now = c.now_ms();
    for spec in specs {
        let index = c.traffic.sources.len();
        c.traffic.sources.push(Source { spec: spec.clone(), submitted: 0 });
        if spec.count > 0 && spec.start_seconds > 0 {
            c.wake(now + spec.start_seconds * 1000, Wake::Traffic(index));
        } else if spec.count > 0 {
            fire(c, index);
        }
    }
    c.settle();
}

/// Within a burst, one Job every this many ms (as a script's `kubectl create` loop would), so
/// no single moment of virtual time carries a whole burst's work.
pub const BURST_GAP_MS: u64 = 100;

/// A source's next Job is due: submit it and schedule the next (in the same burst, or the
/// burst after).
pub fn fire(c: &mut Cluster, index: usize) {
    let Some(src) = c.traffic.sources.get(index) else { return };
    let spec = src.spec.clone();
    let n = src.submitted + 1;
    if n > spec.count {
        return;
    }
    let job = job_for(&spec, index, n);
    let now = c.now_unix();
    // A source whose namespace or queue is missing still counts the attempt (as a user's
    // failed `kubectl create` would), so the load keeps its shape.
    let _ = c.api.create(now, kind_info("Job"), &spec.namespace, job, false);
    c.traffic.sources[index].submitted = n;
    if n < spec.count {
        let in_burst = u64::from((n - 1) % spec.burst.max(1));
        let next = if in_burst + 1 < u64::from(spec.burst) {
            c.now_ms() + BURST_GAP_MS
        } else {
            c.now_ms() - in_burst * BURST_GAP_MS + spec.every_seconds.max(1) * 1000
        };
        c.wake(next, Wake::Traffic(index));
    }
}

/// A number in [0, 1) from the source and the Job's number (FNV-1a, then mixed), for run-time spread.
fn spread(index: usize, n: u32) -> f64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in (index as u64).to_le_bytes().into_iter().chain(n.to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // FNV's high bits barely depend on the last bytes; a splitmix64 finaliser spreads them.
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^= h >> 31;
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// The Job a user of this team would submit: one pod, the GPUs, a command that runs for a while.
fn job_for(spec: &TrafficSpec, index: usize, n: u32) -> Value {
    let runtime = ((spec.runtime_seconds as f64) * (0.75 + 0.5 * spread(index, n))).round().max(1.0) as u64;
    let mut labels = json!({"kueue.x-k8s.io/queue-name": spec.queue.clone()});
    if let Some(pc) = &spec.priority_class {
        labels["kueue.x-k8s.io/priority-class"] = json!(pc);
    }
    let mut job = json!({
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": format!("{}{n:05}", spec.name_prefix), "namespace": spec.namespace.clone(), "labels": labels},
        "spec": {"template": {"spec": {
            "restartPolicy": "Never",
            "containers": [{
                "name": "trainer",
                "image": "busybox:1.36",
                "command": ["sh", "-c", format!("echo training; sleep {runtime}")],
                "resources": {"requests": {"cpu": "500m", "memory": "512Mi"}, "limits": {"nvidia.com/gpu": spec.gpus}},
            }],
        }}},
    });
    if let Some(ttl) = spec.ttl_seconds_after_finished {
        job["spec"]["ttlSecondsAfterFinished"] = json!(ttl);
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_times_spread_around_the_mean_and_repeat() {
        let spec = TrafficSpec {
            namespace: "team-a".into(),
            queue: "lq".into(),
            name_prefix: "train-".into(),
            start_seconds: 0,
            every_seconds: 5,
            count: 3,
            gpus: 2,
            runtime_seconds: 100,
            priority_class: Some("high".into()),
            burst: 1,
            ttl_seconds_after_finished: None,
        };
        let secs: Vec<String> =
            (1..=50).map(|n| job_for(&spec, 0, n)["spec"]["template"]["spec"]["containers"][0]["command"][2].to_string()).collect();
        assert!(secs.iter().all(|s| {
            let v: u64 = s.trim_matches('"').rsplit(' ').next().unwrap().parse().unwrap();
            (75..=125).contains(&v)
        }));
        assert!(secs.iter().collect::<std::collections::BTreeSet<_>>().len() > 10, "run times vary");
        assert_eq!(job_for(&spec, 0, 7), job_for(&spec, 0, 7));
        let j = job_for(&spec, 0, 7);
        assert_eq!(j["metadata"]["name"], "train-00007");
        assert_eq!(j["metadata"]["labels"]["kueue.x-k8s.io/priority-class"], "high");
    }
}
