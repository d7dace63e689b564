//! The whole lab replayed through the API core and the controllers (no kubectl yet), asserting
//! after each step what `shared/reference/kueue.md` §1 and §16 describe.

use sim_core::api::object::get_str;
use sim_core::api::registry::kind_for;
use sim_core::api::server::{kind_info, DeleteOptions};
use sim_core::cluster::Cluster;
use sim_core::json::{json, Value};
use sim_core::kubectl::apply::ApplyOutcome;

fn yaml(s: &str) -> Value {
    serde_norway::from_str(s).unwrap()
}

fn apply(c: &mut Cluster, manifest: &str) -> ApplyOutcome {
    let obj = yaml(manifest);
    let kind = kind_for(obj["apiVersion"].as_str().unwrap(), obj["kind"].as_str().unwrap()).unwrap();
    let ns = obj["metadata"]["namespace"].as_str().unwrap_or("").to_string();
    let out = sim_core::kubectl::apply::apply(c, kind, &ns, &obj, false).unwrap_or_else(|e| panic!("{}", e.message)).outcome;
    c.settle();
    out
}

fn get(c: &Cluster, kind: &str, ns: &str, name: &str) -> Value {
    c.api.get(kind_info(kind), ns, name).unwrap_or_else(|e| panic!("{}", e.message))
}

fn list(c: &Cluster, kind: &str, ns: &str) -> Vec<Value> {
    c.api.list_objects(kind_info(kind), Some(ns), &Default::default(), &Default::default()).unwrap()
}

fn cond(obj: &Value, ty: &str) -> Option<(String, String, String)> {
    obj["status"]["conditions"].as_array()?.iter().find(|c| c["type"] == ty).map(|c| {
        (c["status"].as_str().unwrap_or("").into(), c["reason"].as_str().unwrap_or("").into(), c["message"].as_str().unwrap_or("").into())
    })
}

fn workload_of(c: &Cluster, job: &str) -> Value {
    let uid = get(c, "Job", "team-a", job)["metadata"]["uid"].clone();
    list(c, "Workload", "team-a")
        .into_iter()
        .find(|w| w["metadata"]["ownerReferences"][0]["uid"] == uid)
        .unwrap_or_else(|| panic!("no workload for {job}"))
}

fn pods_of(c: &Cluster, job: &str) -> Vec<Value> {
    list(c, "Pod", "team-a").into_iter().filter(|p| p["metadata"]["ownerReferences"][0]["name"] == job).collect()
}

fn events_for(c: &Cluster, ns: &str, name: &str) -> Vec<(String, String, String)> {
    list(c, "Event", ns)
        .into_iter()
        .filter(|e| e["involvedObject"]["name"] == name)
        .map(|e| (e["type"].as_str().unwrap().into(), e["reason"].as_str().unwrap().into(), e["message"].as_str().unwrap().into()))
        .collect()
}

const FLAVOR: &str = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: fake-gpu\nspec:\n  nodeLabels:\n    nvidia.com/gpu.present: \"true\"\n";
const CQ: &str = r#"apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu", "memory", "nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: cpu
        nominalQuota: 2
      - name: memory
        nominalQuota: 2Gi
      - name: nvidia.com/gpu
        nominalQuota: 2
"#;
const LQ: &str =
    "apiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: lq\n  namespace: team-a\nspec:\n  clusterQueue: team-a\n";

fn job(name: &str, label: Option<&str>, gpus: u32, command: &str) -> String {
    let labels = match label {
        Some(l) => format!("  labels:\n    {l}: lq\n"),
        None => String::new(),
    };
    format!(
        "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {name}\n  namespace: team-a\n{labels}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: trainer\n        image: busybox:1.36\n        command: [\"sh\", \"-c\", \"{command}\"]\n        resources:\n          requests:\n            cpu: 500m\n            memory: 512Mi\n            nvidia.com/gpu: {gpus}\n          limits:\n            nvidia.com/gpu: {gpus}\n"
    )
}

const QUEUE_LABEL: &str = "kueue.x-k8s.io/queue-name";

fn lab_until_step3() -> Cluster {
    let mut c = Cluster::new(7);
    apply(&mut c, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n");
    assert_eq!(apply(&mut c, FLAVOR), ApplyOutcome::Created);
    assert_eq!(apply(&mut c, CQ), ApplyOutcome::Created);
    assert_eq!(apply(&mut c, LQ), ApplyOutcome::Created);
    c.advance(2_000);
    c
}

#[test]
fn the_whole_lab() {
    let mut c = lab_until_step3();
    // Step 2: the ClusterQueue is Active with zero usage.
    let cq = get(&c, "ClusterQueue", "", "team-a");
    assert_eq!(cond(&cq, "Active"), Some(("True".into(), "Ready".into(), "Can admit new workloads".into())));
    assert_eq!(cq["status"]["pendingWorkloads"], 0);
    assert_eq!(cq["status"]["flavorsReservation"][0]["resources"][2], json!({"name": "nvidia.com/gpu", "total": "0", "borrowed": "0"}));
    // Step 3: the LocalQueue is Active.
    let lq = get(&c, "LocalQueue", "team-a", "lq");
    assert_eq!(cond(&lq, "Active"), Some(("True".into(), "Ready".into(), "Can submit new workloads to localQueue".into())));

    // Step 4: train-1 is admitted, its pod runs on the GPU node with the injected nodeSelector.
    apply(&mut c, &job("train-1", Some(QUEUE_LABEL), 1, "echo training; sleep 3600"));
    c.advance(5_000);
    let j1 = get(&c, "Job", "team-a", "train-1");
    assert_eq!(j1["spec"]["suspend"], false);
    assert_eq!(j1["spec"]["template"]["spec"]["nodeSelector"], json!({"nvidia.com/gpu.present": "true"}));
    let wl1 = workload_of(&c, "train-1");
    let wl1_name = wl1["metadata"]["name"].as_str().unwrap().to_string();
    assert!(wl1_name.starts_with("job-train-1-") && wl1_name.len() == "job-train-1-".len() + 5);
    assert_eq!(cond(&wl1, "QuotaReserved"), Some(("True".into(), "QuotaReserved".into(), "Quota reserved in ClusterQueue team-a".into())));
    assert_eq!(cond(&wl1, "Admitted"), Some(("True".into(), "Admitted".into(), "The workload is admitted".into())));
    assert_eq!(
        cond(&wl1, "PodsReady"),
        Some(("True".into(), "Started".into(), "All pods reached readiness and the workload is running".into()))
    );
    let p1 = pods_of(&c, "train-1");
    assert_eq!(p1.len(), 1);
    assert_eq!(p1[0]["status"]["phase"], "Running");
    assert_eq!(p1[0]["spec"]["nodeName"], "lab-node-1");
    let job_events = events_for(&c, "team-a", "train-1");
    assert!(
        job_events.contains(&("Normal".into(), "CreatedWorkload".into(), format!("Created Workload: team-a/{wl1_name}"))),
        "{job_events:?}"
    );
    assert!(job_events.contains(&("Normal".into(), "Started".into(), "Admitted by clusterQueue team-a".into())), "{job_events:?}");
    assert!(job_events.contains(&("Normal".into(), "Suspended".into(), "Job suspended".into())), "{job_events:?}");
    assert!(job_events.contains(&("Normal".into(), "Resumed".into(), "Job resumed".into())), "{job_events:?}");
    let wl_events = events_for(&c, "team-a", &wl1_name);
    assert!(
        wl_events.contains(&(
            "Normal".into(),
            "QuotaReserved".into(),
            "Quota reserved in ClusterQueue team-a, wait time since queued was 0s".into()
        )),
        "{wl_events:?}"
    );
    assert!(
        wl_events.contains(&(
            "Normal".into(),
            "Admitted".into(),
            "Admitted by ClusterQueue team-a, wait time since reservation was 0s".into()
        )),
        "{wl_events:?}"
    );

    // Step 5: train-2 admitted, train-3 waits for quota.
    apply(&mut c, &job("train-2", Some(QUEUE_LABEL), 1, "echo training; sleep 3600"));
    c.advance(5_000);
    apply(&mut c, &job("train-3", Some(QUEUE_LABEL), 1, "trap 'exit 0' TERM; echo training; sleep 3600"));
    c.advance(5_000);
    assert_eq!(get(&c, "Job", "team-a", "train-2")["spec"]["suspend"], false);
    let j3 = get(&c, "Job", "team-a", "train-3");
    assert_eq!(j3["spec"]["suspend"], true);
    let wl3 = workload_of(&c, "train-3");
    let waiting = "couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor fake-gpu, 1 more needed";
    assert_eq!(cond(&wl3, "QuotaReserved"), Some(("False".into(), "WaitingForQuota".into(), waiting.into())));
    assert_eq!(cond(&wl3, "Admitted"), Some(("False".into(), "NoReservation".into(), "The workload has no reservation".into())));
    assert_eq!(cond(&wl3, "PodsReady"), Some(("False".into(), "WaitForStart".into(), "Not all pods are ready or succeeded".into())));
    assert_eq!(
        wl3["status"]["resourceRequests"],
        json!([{"name": "main", "resources": {"cpu": "500m", "memory": "512Mi", "nvidia.com/gpu": "1"}}])
    );
    let wl3_name = wl3["metadata"]["name"].as_str().unwrap().to_string();
    assert!(events_for(&c, "team-a", &wl3_name).contains(&("Warning".into(), "WaitingForQuota".into(), waiting.into())));
    assert!(pods_of(&c, "train-3").is_empty());

    // Step 6: sneaky bypasses Kueue: runs at once, no Workload.
    apply(&mut c, &job("sneaky", None, 1, "sleep 3600"));
    c.advance(5_000);
    let sneaky = get(&c, "Job", "team-a", "sneaky");
    assert_eq!(sneaky["spec"]["suspend"], false);
    assert!(sneaky["spec"]["template"]["spec"].get("nodeSelector").is_none());
    let sneaky_uid = sneaky["metadata"]["uid"].clone();
    assert!(!list(&c, "Workload", "team-a").iter().any(|w| w["metadata"]["ownerReferences"][0]["uid"] == sneaky_uid));
    assert_eq!(pods_of(&c, "sneaky")[0]["status"]["phase"], "Running");

    // Step 7: the ClusterQueue's ledger.
    let cq = get(&c, "ClusterQueue", "", "team-a");
    assert_eq!(
        (cq["status"]["admittedWorkloads"].clone(), cq["status"]["pendingWorkloads"].clone(), cq["status"]["reservingWorkloads"].clone()),
        (json!(2), json!(1), json!(2))
    );
    assert_eq!(
        cq["status"]["flavorsReservation"],
        json!([{"name": "fake-gpu", "resources": [{"name": "cpu", "total": "1", "borrowed": "0"}, {"name": "memory", "total": "1Gi", "borrowed": "0"}, {"name": "nvidia.com/gpu", "total": "2", "borrowed": "0"}]}])
    );
    assert_eq!(cq["status"]["flavorsUsage"], cq["status"]["flavorsReservation"]);

    // Step 8: delete train-1; train-3 is admitted by itself.
    let now = c.now_unix();
    c.api.delete(now, kind_info("Job"), "team-a", "train-1", &DeleteOptions::default()).unwrap();
    c.settle();
    assert!(c.api.get(kind_info("Workload"), "team-a", &wl1_name).is_err(), "train-1's workload is gone");
    c.advance(2_000);
    let held = pods_of(&c, "train-1");
    assert_eq!(held.len(), 1, "train-1's pod is still terminating");
    assert!(held[0]["metadata"]["deletionTimestamp"].is_string());
    let wl3 = workload_of(&c, "train-3");
    assert_eq!(cond(&wl3, "QuotaReserved").map(|c| c.1), Some("QuotaReserved".into()));
    assert!(wl3["status"].get("resourceRequests").is_none());
    assert_eq!(get(&c, "Job", "team-a", "train-3")["spec"]["suspend"], false);
    // train-1's pod ignores SIGTERM (sh as PID 1) and holds its GPU for the grace period, so
    // train-3's pod waits for it (4 GPUs: train-1 terminating, train-2, sneaky, and one free).
    c.advance(35_000);
    assert!(pods_of(&c, "train-1").is_empty());
    assert_eq!(pods_of(&c, "train-3")[0]["status"]["phase"], "Running");
    let cq = get(&c, "ClusterQueue", "", "team-a");
    assert_eq!((cq["status"]["admittedWorkloads"].clone(), cq["status"]["pendingWorkloads"].clone()), (json!(2), json!(0)));
    assert_eq!(cq["status"]["flavorsReservation"][0]["resources"][2]["total"], "2");
    let _ = get_str(&cq, &["metadata", "name"]);
}

#[test]
fn a_cluster_queue_before_its_flavor_is_inactive_until_the_flavor_exists() {
    let mut c = Cluster::new(7);
    apply(&mut c, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n");
    apply(&mut c, CQ);
    apply(&mut c, LQ);
    c.advance(2_000);
    let cq = get(&c, "ClusterQueue", "", "team-a");
    assert_eq!(
        cond(&cq, "Active"),
        Some((
            "False".into(),
            "FlavorNotFound".into(),
            "Can't admit new workloads: references missing ResourceFlavor(s): fake-gpu.".into()
        ))
    );
    apply(&mut c, &job("train-1", Some(QUEUE_LABEL), 1, "sleep 60"));
    c.advance(2_000);
    assert_eq!(
        cond(&workload_of(&c, "train-1"), "QuotaReserved"),
        Some(("False".into(), "Suspended".into(), "ClusterQueue team-a is inactive".into()))
    );
    apply(&mut c, FLAVOR);
    c.advance(3_000);
    let cq = get(&c, "ClusterQueue", "", "team-a");
    assert_eq!(cond(&cq, "Active").map(|c| c.1), Some("Ready".into()));
    assert_eq!(cond(&workload_of(&c, "train-1"), "Admitted").map(|c| c.0), Some("True".into()));
}

/// A Job deleted (background propagation) takes its Workload with it: the garbage collector
/// deletes the Workload, and Kueue's Job reconciler lets go of it (removes its
/// `resource-in-use` finalizer), so it is gone and its quota is free.
#[test]
fn a_deleted_jobs_workload_is_released_and_gone() {
    let mut c = lab_until_step3();
    apply(&mut c, &job("short-lived", Some(QUEUE_LABEL), 1, "sleep 600"));
    c.advance(5_000);
    let wl = workload_of(&c, "short-lived");
    assert_eq!(cond(&wl, "Admitted").map(|a| a.0), Some("True".into()));
    let name = wl["metadata"]["name"].as_str().unwrap().to_string();
    c.api.delete(c.now_unix(), kind_info("Job"), "team-a", "short-lived", &DeleteOptions::default()).unwrap();
    c.settle();
    c.advance(60_000);
    assert!(c.api.get(kind_info("Workload"), "team-a", &name).is_err(), "the Workload is gone");
}

#[test]
fn learner_mistakes() {
    let mut c = lab_until_step3();
    // A Job asking for 3 GPUs can never fit the nominal quota of 2.
    apply(&mut c, &job("big", Some(QUEUE_LABEL), 3, "sleep 60"));
    c.advance(2_000);
    assert_eq!(
        cond(&workload_of(&c, "big"), "QuotaReserved"),
        Some((
            "False".into(),
            "ExceedsMaxQuota".into(),
            "couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor fake-gpu, previously considered podsets requests (0) + current podset request (3) > maximum capacity (2)".into()
        ))
    );
    // A Job in a namespace without the LocalQueue.
    apply(&mut c, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-b\n");
    apply(&mut c, &job("lost", Some(QUEUE_LABEL), 1, "sleep 60").replace("team-a", "team-b"));
    c.advance(2_000);
    let wl = list(&c, "Workload", "team-b").pop().unwrap();
    assert_eq!(cond(&wl, "QuotaReserved"), Some(("False".into(), "Misconfigured".into(), "LocalQueue lq doesn't exist".into())));
    assert_eq!(get(&c, "Job", "team-b", "lost")["spec"]["suspend"], true);
    // The wrong label key: the Job runs unmanaged.
    apply(&mut c, &job("wrong", Some("queue-name"), 1, "sleep 60"));
    c.advance(5_000);
    assert_eq!(get(&c, "Job", "team-a", "wrong")["spec"]["suspend"], false);
    assert_eq!(pods_of(&c, "wrong")[0]["status"]["phase"], "Running");
}

#[test]
fn same_seed_same_history() {
    let run = || {
        let mut c = lab_until_step3();
        for n in ["train-1", "train-2", "train-3"] {
            apply(&mut c, &job(n, Some(QUEUE_LABEL), 1, "echo hi; sleep 20"));
            c.advance(3_000);
        }
        c.advance(60_000);
        let events: Vec<Value> = c.api.list_objects(kind_info("Event"), None, &Default::default(), &Default::default()).unwrap();
        serde_json::to_string(&events).unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn a_restored_cluster_continues_exactly_like_the_original() {
    let mut a = lab_until_step3();
    apply(&mut a, &job("train-1", Some(QUEUE_LABEL), 1, "echo hi; sleep 20"));
    a.advance(1_500);
    let saved = serde_json::to_string(&a).unwrap();
    let mut b = Cluster::restore(&saved).unwrap();
    for c in [&mut a, &mut b] {
        apply(c, &job("train-2", Some(QUEUE_LABEL), 1, "sleep 5"));
        c.advance(30_000);
    }
    assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
}

/// Same inputs ⇒ the same history: every lab's reference solution, replayed twice, produces
/// the same log of changes (resourceVersion, kind, change, object) and the same transcript.
#[test]
fn every_lab_replays_to_the_same_change_log() {
    for id in sim_core::lab::Lab::bundled_ids() {
        let lab = sim_core::lab::Lab::bundled(id).unwrap().unwrap();
        let run = || {
            let (mut sh, mut c) = sim_core::session::lab_session(&lab, 2026);
            let entries = sim_core::transcript::run(&mut sh, &mut c, &lab.solution, 1000);
            let log: Vec<String> = c
                .api
                .events_since(0)
                .iter()
                .map(|e| format!("{} {} {:?} {}", e.resource_version, e.key.kind, e.event, serde_json::to_string(&**e.object).unwrap()))
                .collect();
            (sim_core::transcript::render(&entries, true), log, c.api.resource_version())
        };
        let (first, second) = (run(), run());
        assert!(!first.1.is_empty(), "{id}: no changes logged");
        assert_eq!(first.2, second.2, "{id}: a different number of writes");
        assert_eq!(first.0, second.0, "{id}: the transcripts differ");
        for (i, (a, b)) in first.1.iter().zip(&second.1).enumerate() {
            assert_eq!(a, b, "{id}: change {i} differs");
        }
    }
}

/// A pod's `hostIP` is its node's address: its Node's InternalIP, as the kubelet reads its Node
/// (a changed address is the one a pod started later gets), and the address the node was made
/// with once that Node object is gone.
#[test]
fn a_pods_host_ip_is_its_nodes_address() {
    let mut c = Cluster::new(1);
    let node = c.shape.nodes[0].clone();
    let pod = |name: &str| {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\n  namespace: default\nspec:\n  nodeName: {}\n  containers:\n  - name: c\n    image: busybox\n    command: [sleep, \"3600\"]\n",
            node.name
        )
    };
    let host_ip = |c: &Cluster, name: &str| get(c, "Pod", "default", name)["status"]["hostIP"].clone();
    apply(&mut c, &pod("with-node"));
    c.advance(5_000);
    assert_eq!(host_ip(&c, "with-node"), node.ip.as_str());
    let now = c.now_unix();
    let mut status = get(&c, "Node", "", &node.name)["status"].clone();
    status["addresses"][0]["address"] = json!("10.9.9.9");
    c.api.update_status_internal(now, kind_info("Node"), "", &node.name, status).unwrap();
    apply(&mut c, &pod("after-the-change"));
    c.advance(5_000);
    assert_eq!(host_ip(&c, "after-the-change"), "10.9.9.9");
    assert_eq!(host_ip(&c, "with-node"), node.ip.as_str(), "a running pod keeps its hostIP");
    c.api.delete(now, kind_info("Node"), "", &node.name, &DeleteOptions::default()).unwrap();
    apply(&mut c, &pod("without-node"));
    c.advance(5_000);
    assert_eq!(host_ip(&c, "without-node"), node.ip.as_str());
}
