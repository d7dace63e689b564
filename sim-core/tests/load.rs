//! Load over time: a lab's simulated teams submitting Jobs (`traffic:`), nodes made in groups,
//! the lab's own setup, and finished Jobs cleaned up by `ttlSecondsAfterFinished` — what a scale
//! lab runs on.

use sim_core::lab::Lab;
use sim_core::session::{lab_session, new_session};
use std::collections::BTreeMap;

fn lab(yaml: &str) -> Lab {
    let mut files = BTreeMap::new();
    files.insert("lab.yaml".to_string(), yaml.to_string());
    files.insert("solution.sh".to_string(), "true\n".to_string());
    Lab::from_files(&files).unwrap()
}

const SCALE: &str = r#"
id: load-test
title: {ko: 부하, en: Load}
workdir: /root/load
cluster:
  node_groups:
  - {prefix: gpu-node-, count: 12, cpu: 32, memory_ki: 263978008, gpus: 8}
setup: |
  kubectl create namespace team-a
  kubectl apply -f - <<'EOF'
  apiVersion: kueue.x-k8s.io/v1beta2
  kind: ResourceFlavor
  metadata:
    name: gpu
  spec:
    nodeLabels:
      nvidia.com/gpu.present: "true"
  ---
  apiVersion: kueue.x-k8s.io/v1beta2
  kind: ClusterQueue
  metadata:
    name: team-a
  spec:
    namespaceSelector: {}
    resourceGroups:
    - coveredResources: ["cpu", "memory", "nvidia.com/gpu"]
      flavors:
      - name: gpu
        resources:
        - {name: cpu, nominalQuota: 100}
        - {name: memory, nominalQuota: 1Ti}
        - {name: nvidia.com/gpu, nominalQuota: 16}
  ---
  apiVersion: kueue.x-k8s.io/v1beta2
  kind: LocalQueue
  metadata:
    name: lq
    namespace: team-a
  spec:
    clusterQueue: team-a
  EOF
traffic:
- {namespace: team-a, name_prefix: train-, every_seconds: 2, count: 40, gpus: 2, runtime_seconds: 30}
steps:
- id: look
  title: {ko: 보기, en: Look}
  text: {ko: 보기, en: Look}
  checks:
  - {check: object, kind: ClusterQueue, name: team-a}
"#;

fn out(sh: &mut sim_core::shell::Shell<sim_core::cluster::Cluster>, c: &mut sim_core::cluster::Cluster, line: &str) -> String {
    sh.run(c, line).output.text()
}

#[test]
fn teams_submit_jobs_over_time_and_kueue_keeps_them_within_quota() {
    let lab = lab(SCALE);
    let (mut sh, mut c) = lab_session(&lab, 3);
    assert!(c.learner_writes.is_empty(), "the lab's setup is not the learner's work");
    assert!(sh.state.history.is_empty(), "nor in the learner's history");
    let nodes = out(&mut sh, &mut c, "kubectl get nodes --no-headers");
    assert_eq!(nodes.lines().count(), 12, "{nodes}");
    assert!(nodes.starts_with("gpu-node-0001 "), "{nodes}");
    // 20 s: ten Jobs submitted, at most eight admitted (16 GPUs / 2 each).
    c.advance(19_000);
    assert_eq!(c.traffic.progress(), (10, 40));
    let jobs = out(&mut sh, &mut c, "kubectl get jobs -n team-a --no-headers");
    assert_eq!(jobs.lines().count(), 10, "{jobs}");
    assert!(jobs.lines().next().unwrap().starts_with("train-00001 "), "{jobs}");
    let cq = out(&mut sh, &mut c, "kubectl get clusterqueue team-a -o jsonpath={.status.admittedWorkloads}/{.status.pendingWorkloads}");
    assert_eq!(cq, "8/2", "never more than the quota allows");
    // Long after: every Job was submitted, ran and completed.
    c.advance(600_000);
    assert_eq!(c.traffic.progress(), (40, 40));
    let done = out(&mut sh, &mut c, "kubectl get jobs -n team-a -o jsonpath={.items[*].status.succeeded}");
    assert_eq!(done.split(' ').filter(|s| *s == "1").count(), 40, "{done}");
}

#[test]
fn the_same_lab_gives_the_same_traffic() {
    let lab = lab(SCALE);
    let run = || {
        let (mut sh, mut c) = lab_session(&lab, 3);
        c.advance(120_000);
        out(
            &mut sh,
            &mut c,
            "kubectl get workloads -n team-a -o jsonpath={range .items[*]}{.metadata.name} {.status.conditions[*].type}{\"\\n\"}{end}",
        )
    };
    assert_eq!(run(), run());
}

#[test]
fn a_finished_job_with_a_ttl_is_deleted_with_its_pods() {
    let (mut sh, mut c) = new_session(5);
    let manifest = "kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: quick
spec:
  ttlSecondsAfterFinished: 30
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox:1.36
        command: [\"sh\", \"-c\", \"echo done\"]
EOF";
    assert_eq!(out(&mut sh, &mut c, manifest), "job.batch/quick created\n");
    c.advance(10_000);
    let status = out(&mut sh, &mut c, "kubectl get job quick -o jsonpath={.status.succeeded}");
    assert_eq!(status, "1");
    c.advance(15_000);
    assert!(out(&mut sh, &mut c, "kubectl get job quick --no-headers").starts_with("quick "), "not yet: the TTL counts from completion");
    c.advance(30_000);
    assert_eq!(sh.run(&mut c, "kubectl get job quick").output.text(), "Error from server (NotFound): jobs.batch \"quick\" not found\n");
    assert_eq!(out(&mut sh, &mut c, "kubectl get pods -l job-name=quick"), "No resources found in default namespace.\n");
}

#[test]
fn lab_files_refuse_what_the_simulator_cannot_run() {
    let too_many = SCALE.replace("count: 12,", "count: 5000,");
    let mut files = BTreeMap::new();
    files.insert("lab.yaml".to_string(), too_many);
    files.insert("solution.sh".to_string(), "true\n".to_string());
    let err = Lab::from_files(&files).unwrap_err();
    assert!(err.contains("5000 nodes"), "{err}");
    let mut files = BTreeMap::new();
    files.insert("lab.yaml".to_string(), SCALE.replace("every_seconds: 2", "every_seconds: 0"));
    files.insert("solution.sh".to_string(), "true\n".to_string());
    assert!(Lab::from_files(&files).unwrap_err().contains("every_seconds"));
}

#[test]
fn time_in_slices_gives_the_same_cluster_as_time_in_one_go() {
    let lab = lab(SCALE);
    let (_, mut whole) = lab_session(&lab, 3);
    whole.advance(120_000);
    let whole_text = serde_json::to_string(&whole).unwrap();
    // Out of time after every step (a key reconciled, a timer's work), every third, or at steps
    // a seeded generator picks, as a browser's frame budget would cut it.
    let mut rng = sim_core::rand::SimRng::new(11);
    type Cut = Box<dyn FnMut(usize) -> bool>;
    let mut cuts: Vec<(&str, Cut)> = vec![
        ("every step", Box::new(|_| true)),
        ("every third step", Box::new(|n| n.is_multiple_of(3))),
        ("random steps", Box::new(move |_| rng.next_u64().is_multiple_of(20))),
    ];
    for (how, cut) in &mut cuts {
        let (_, mut sliced) = lab_session(&lab, 3);
        let mut slices = 0;
        let mut within_an_instant = 0;
        let mut left = 120_000;
        while left > 0 || sliced.settling() {
            let mut calls = 0;
            left -= sliced.advance_within(left, &mut || {
                calls += 1;
                cut(calls)
            });
            slices += 1;
            within_an_instant += usize::from(sliced.settling());
        }
        assert!(slices > 10, "{how}: the catch-up was cut into slices ({slices})");
        assert!(within_an_instant > 10, "{how}: slices stopped between two keys of a settle ({within_an_instant})");
        assert_eq!(sliced.now_ms(), whole.now_ms(), "{how}");
        assert!(serde_json::to_string(&sliced).unwrap() == whole_text, "{how}: the cluster differs from time in one go");
    }
    // The admission counter agrees with the QuotaReserved events Kueue recorded.
    let events = whole.api.iter_kind(sim_core::api::server::kind_info("Event"), Some("team-a"));
    let reserved: u64 = events.filter(|e| e["reason"] == "QuotaReserved").map(|e| e["count"].as_u64().unwrap_or(1)).sum();
    assert!(reserved > 20, "{reserved}");
    assert_eq!(whole.kueue.metrics.admitted["team-a"].total, reserved);
}
