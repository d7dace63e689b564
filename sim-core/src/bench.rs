//! The engine's lab-scale benchmark, shared by the native bench (`benches/cluster.rs`) and the
//! browser's wasm build (`app`'s `bench_lab_apply` export, run by `cargo xtask bench-startup`),
//! so both measure the same work. The caller passes its clock: sim-core reads none.

use crate::api::server::kind_info;
use crate::cluster::Cluster;
use crate::json::{json, Value};

/// A Job asking for `gpus` GPUs through the LocalQueue `queue` in `ns`.
pub fn job(name: &str, ns: &str, queue: &str, gpus: u32) -> Value {
    json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name, "namespace": ns, "labels": {"kueue.x-k8s.io/queue-name": queue}},
        "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "trainer", "image": "busybox:1.36", "command": ["sh", "-c", "sleep 600"],
            "resources": {"requests": {"cpu": "500m", "memory": "512Mi", "nvidia.com/gpu": gpus.to_string()}, "limits": {"nvidia.com/gpu": gpus.to_string()}}}]}}}})
}

/// The lab's cluster at the point where the learner submits a Job: the fake-GPU flavor, a
/// ClusterQueue `team-a` with 2 GPUs and its LocalQueue `lq` in namespace `team-a`, settled.
pub fn lab_cluster() -> Cluster {
    let mut c = Cluster::new(1);
    let now = c.now_unix();
    let objects = [
        ("Namespace", "", json!({"metadata": {"name": "team-a"}})),
        ("ResourceFlavor", "", json!({"metadata": {"name": "fake-gpu"}, "spec": {"nodeLabels": {"nvidia.com/gpu.present": "true"}}})),
        (
            "ClusterQueue",
            "",
            json!({"metadata": {"name": "team-a"}, "spec": {"namespaceSelector": {}, "resourceGroups": [{"coveredResources": ["cpu", "memory", "nvidia.com/gpu"], "flavors": [{"name": "fake-gpu", "resources": [{"name": "cpu", "nominalQuota": 2}, {"name": "memory", "nominalQuota": "2Gi"}, {"name": "nvidia.com/gpu", "nominalQuota": 2}]}]}]}}),
        ),
        ("LocalQueue", "team-a", json!({"metadata": {"name": "lq"}, "spec": {"clusterQueue": "team-a"}})),
    ];
    for (kind, ns, obj) in objects {
        c.api.create(now, kind_info(kind), ns, obj, false).expect("the bench's fixtures are valid");
    }
    c.advance(2000);
    c
}

/// Mean milliseconds, over `runs` fresh lab clusters, of one `kubectl apply` of a Job and the
/// settle after it (what the learner's command costs the engine). `now_ms` is the host's clock.
pub fn lab_apply_ms(runs: u32, mut now_ms: impl FnMut() -> f64) -> f64 {
    let mut total = 0.0;
    for i in 0..runs {
        let mut c = lab_cluster();
        let j = job(&format!("train-{i}"), "team-a", "lq", 1);
        let start = now_ms();
        crate::kubectl::apply::apply(&mut c, kind_info("Job"), "team-a", &j, false).expect("the bench's Job applies");
        c.settle();
        total += now_ms() - start;
    }
    total / runs.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bench measures real work: the Job it applies is admitted by Kueue and its pod bound.
    #[test]
    fn the_bench_job_is_admitted_and_its_pod_bound() {
        let mut c = lab_cluster();
        crate::kubectl::apply::apply(&mut c, kind_info("Job"), "team-a", &job("train", "team-a", "lq", 1), false).unwrap();
        c.settle();
        let wl = c.api.iter_kind(kind_info("Workload"), Some("team-a")).next().expect("a Workload for the Job").clone();
        let admitted =
            wl["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Admitted" && c["status"] == "True"));
        assert!(admitted, "{wl:#}");
        c.advance(1000);
        let pod = c.api.iter_kind(kind_info("Pod"), Some("team-a")).next().expect("the Job's pod").clone();
        assert!(pod["spec"]["nodeName"].is_string(), "{pod:#}");
    }

    #[test]
    fn the_mean_is_per_run_on_the_callers_clock() {
        let mut t = 0.0;
        // Each run reads the clock twice; a clock that moves 1 ms per read gives 1 ms per run.
        let ms = lab_apply_ms(2, || {
            t += 1.0;
            t
        });
        assert_eq!(ms, 1.0);
    }
}
