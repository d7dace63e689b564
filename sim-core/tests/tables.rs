//! Server-side tables rendered as kubectl prints them, held against the reference's Verified
//! outputs (`shared/reference/kubectl.md` §3.2, §10; `k3s.md` §9, `kueue.md` §3).

use sim_core::api::server::{kind_info, ApiServer};
use sim_core::api::table::{table, IncludeObject};
use sim_core::clock::LAB_EPOCH_UNIX;
use sim_core::json::{json, Value};
use sim_core::kubectl::table_printer::{print_table, PrintOptions};

const NOW: i64 = LAB_EPOCH_UNIX + 4 * 3600;

fn at(ago: i64) -> i64 {
    NOW - ago
}

fn ts(unix: i64) -> String {
    sim_core::api::object::rfc3339(unix).to_string()
}

fn render(s: &ApiServer, kind: &str, ns: Option<&str>, opts: &PrintOptions) -> String {
    let k = kind_info(kind);
    let objs: Vec<&sim_core::json::Value> =
        s.list_shared(k, ns, &Default::default(), &Default::default()).unwrap().into_iter().map(|o| &**o).collect();
    print_table(&table(k, &objs, NOW, s.resource_version(), IncludeObject::Metadata), opts)
}

fn set_status(s: &mut ApiServer, kind: &str, ns: &str, name: &str, status: Value) {
    let k = kind_info(kind);
    let mut o = s.get(k, ns, name).unwrap();
    o["status"] = status;
    s.update(NOW, k, ns, o, true, false).unwrap();
}

fn pod(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "team-a"},
           "spec": {"containers": [{"name": "trainer", "image": "busybox:1.36"}]}})
}

fn job(name: &str) -> Value {
    json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name, "namespace": "team-a"},
           "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "trainer", "image": "busybox:1.36"}]}}}})
}

fn cluster() -> ApiServer {
    let mut s = sim_core::cluster::boot::api_server(3, LAB_EPOCH_UNIX);
    s.create(at(12 * 60), kind_info("Namespace"), "", json!({"metadata": {"name": "team-a"}}), false).unwrap();
    // What the cluster's ServiceAccount and root-CA publishers do next (no cluster runs here).
    sim_core::cluster::service_account::publish(&mut s, at(12 * 60), "team-a");
    s
}

#[test]
fn pods_table_matches_the_verified_output() {
    let mut s = cluster();
    for (name, ago) in [("big-1-q4w8n", 70), ("done-1-b2mzt", 3 * 3600 + 240), ("train-2-ccccc", 25), ("train-2-x7k9p", 6 * 60 + 34)] {
        s.create(at(ago), kind_info("Pod"), "team-a", pod(name), false).unwrap();
    }
    set_status(&mut s, "Pod", "team-a", "big-1-q4w8n", json!({"phase": "Pending"}));
    let mut done = s.get(kind_info("Pod"), "team-a", "done-1-b2mzt").unwrap();
    done["spec"]["nodeName"] = json!("lab-node-1");
    s.update(NOW, kind_info("Pod"), "team-a", done, false, false).unwrap();
    set_status(
        &mut s,
        "Pod",
        "team-a",
        "done-1-b2mzt",
        json!({"phase": "Succeeded", "podIPs": [{"ip": "10.42.0.9"}],
               "containerStatuses": [{"name": "trainer", "ready": false, "restartCount": 0, "state": {"terminated": {"exitCode": 0, "reason": "Completed"}}}]}),
    );
    for (name, status) in [
        (
            "train-2-ccccc",
            json!({"phase": "Pending", "containerStatuses": [{"name": "trainer", "ready": false, "restartCount": 0, "state": {"waiting": {"reason": "ContainerCreating"}}}]}),
        ),
        (
            "train-2-x7k9p",
            json!({"phase": "Running", "podIPs": [{"ip": "10.42.0.17"}], "containerStatuses": [{"name": "trainer", "ready": true, "restartCount": 0, "state": {"running": {}}}]}),
        ),
    ] {
        let mut p = s.get(kind_info("Pod"), "team-a", name).unwrap();
        p["spec"]["nodeName"] = json!("lab-node-1");
        s.update(NOW, kind_info("Pod"), "team-a", p, false, false).unwrap();
        set_status(&mut s, "Pod", "team-a", name, status);
    }
    assert_eq!(
        render(&s, "Pod", Some("team-a"), &PrintOptions::default()),
        "NAME            READY   STATUS              RESTARTS   AGE
big-1-q4w8n     0/1     Pending             0          70s
done-1-b2mzt    0/1     Completed           0          3h4m
train-2-ccccc   0/1     ContainerCreating   0          25s
train-2-x7k9p   1/1     Running             0          6m34s
"
    );
    assert_eq!(
        render(&s, "Pod", Some("team-a"), &PrintOptions { wide: true, ..Default::default() }),
        "NAME            READY   STATUS              RESTARTS   AGE     IP           NODE         NOMINATED NODE   READINESS GATES
big-1-q4w8n     0/1     Pending             0          70s     <none>       <none>       <none>           <none>
done-1-b2mzt    0/1     Completed           0          3h4m    10.42.0.9    lab-node-1   <none>           <none>
train-2-ccccc   0/1     ContainerCreating   0          25s     <none>       lab-node-1   <none>           <none>
train-2-x7k9p   1/1     Running             0          6m34s   10.42.0.17   lab-node-1   <none>           <none>
"
    );
    // Several kinds at once: kind prefixes on the names.
    assert!(render(&s, "Pod", Some("team-a"), &PrintOptions { kind_prefix: Some("pod".into()), ..Default::default() })
        .contains("\npod/big-1-q4w8n     0/1 "));
}

#[test]
fn jobs_table_matches_the_verified_output() {
    let mut s = cluster();
    s.create(at(3 * 3600 + 240), kind_info("Job"), "team-a", job("done-1"), false).unwrap();
    let mut suspended = job("train-1");
    suspended["spec"]["suspend"] = json!(true);
    s.create(at(100), kind_info("Job"), "team-a", suspended, false).unwrap();
    s.create(at(6 * 60 + 45), kind_info("Job"), "team-a", job("train-2"), false).unwrap();
    let start = at(3 * 3600 + 230);
    set_status(
        &mut s,
        "Job",
        "team-a",
        "done-1",
        json!({"startTime": ts(start), "completionTime": ts(start + 37), "succeeded": 1,
               "conditions": [{"type": "SuccessCriteriaMet", "status": "True"}, {"type": "Complete", "status": "True"}]}),
    );
    set_status(
        &mut s,
        "Job",
        "team-a",
        "train-1",
        json!({"conditions": [{"type": "Suspended", "status": "True", "reason": "JobSuspended"}]}),
    );
    set_status(&mut s, "Job", "team-a", "train-2", json!({"startTime": ts(at(6 * 60 + 35)), "active": 1}));
    assert_eq!(
        render(&s, "Job", Some("team-a"), &PrintOptions::default()),
        "NAME      STATUS      COMPLETIONS   DURATION   AGE
done-1    Complete    1/1           37s        3h4m
train-1   Suspended   0/1                      100s
train-2   Running     0/1           6m35s      6m45s
"
    );
    let wide = render(&s, "Job", Some("team-a"), &PrintOptions { wide: true, ..Default::default() });
    let uid = s.get(kind_info("Job"), "team-a", "train-1").unwrap()["metadata"]["uid"].as_str().unwrap().to_string();
    assert!(wide.starts_with("NAME      STATUS      COMPLETIONS   DURATION   AGE     CONTAINERS   IMAGES         SELECTOR\n"), "{wide}");
    assert!(
        wide.contains(&format!(
            "train-1   Suspended   0/1                      100s    trainer      busybox:1.36   batch.kubernetes.io/controller-uid={uid}\n"
        )),
        "{wide}"
    );
}

#[test]
fn namespaces_with_show_labels() {
    let s = cluster();
    let out = render(&s, "Namespace", None, &PrintOptions { show_labels: true, ..Default::default() });
    assert_eq!(
        out,
        "NAME              STATUS   AGE   LABELS
default           Active   4h    kubernetes.io/metadata.name=default
kube-node-lease   Active   4h    kubernetes.io/metadata.name=kube-node-lease
kube-public       Active   4h    kubernetes.io/metadata.name=kube-public
kube-system       Active   4h    kubernetes.io/metadata.name=kube-system
team-a            Active   12m   kubernetes.io/metadata.name=team-a
"
    );
}

#[test]
fn kueue_tables_follow_their_printer_columns() {
    let mut s = cluster();
    s.create(at(13 * 60), kind_info("ResourceFlavor"), "", json!({"metadata": {"name": "fake-gpu"}}), false).unwrap();
    s.create(at(10), kind_info("ResourceFlavor"), "", json!({"metadata": {"name": "default-flavor"}}), false).unwrap();
    let cq = json!({"metadata": {"name": "team-a"}, "spec": {"namespaceSelector": {}, "resourceGroups": [{"coveredResources": ["nvidia.com/gpu"], "flavors": [{"name": "fake-gpu", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": 2}]}]}]}});
    s.create(at(60), kind_info("ClusterQueue"), "", cq, false).unwrap();
    set_status(&mut s, "ClusterQueue", "", "team-a", json!({"pendingWorkloads": 1, "admittedWorkloads": 2, "reservingWorkloads": 2}));
    s.create(at(60), kind_info("LocalQueue"), "team-a", json!({"metadata": {"name": "lq"}, "spec": {"clusterQueue": "team-a"}}), false)
        .unwrap();
    s.create(
        at(60),
        kind_info("LocalQueue"),
        "team-a",
        json!({"metadata": {"name": "empty-queue"}, "spec": {"clusterQueue": "nonexistent"}}),
        false,
    )
    .unwrap();
    set_status(&mut s, "LocalQueue", "team-a", "lq", json!({"pendingWorkloads": 1, "admittedWorkloads": 2}));
    assert_eq!(render(&s, "ClusterQueue", None, &PrintOptions::default()), "NAME     COHORT   PENDING WORKLOADS\nteam-a            1\n");
    assert_eq!(
        render(&s, "ClusterQueue", None, &PrintOptions { wide: true, ..Default::default() }),
        "NAME     COHORT   STRATEGY         PENDING WORKLOADS   ADMITTED WORKLOADS\nteam-a            BestEffortFIFO   1                   2\n"
    );
    // 24 trailing spaces: the empty cells are still padded (kubectl.md §1.4, §3.3).
    assert_eq!(
        render(&s, "LocalQueue", Some("team-a"), &PrintOptions::default()),
        "NAME          CLUSTERQUEUE   PENDING WORKLOADS   ADMITTED WORKLOADS\nempty-queue   nonexistent                        \nlq            team-a         1                   2\n"
    );
    assert_eq!(
        render(&s, "LocalQueue", None, &PrintOptions { with_namespace: true, kind_prefix: Some("localqueue.kueue.x-k8s.io".into()), ..Default::default() }),
        "NAMESPACE   NAME                                    CLUSTERQUEUE   PENDING WORKLOADS   ADMITTED WORKLOADS\nteam-a      localqueue.kueue.x-k8s.io/empty-queue   nonexistent                        \nteam-a      localqueue.kueue.x-k8s.io/lq            team-a         1                   2\n"
    );
    assert_eq!(
        render(&s, "ResourceFlavor", None, &PrintOptions::default()),
        "NAME             AGE\ndefault-flavor   10s\nfake-gpu         13m\n"
    );
    let wl = |name: &str| json!({"metadata": {"name": name}, "spec": {"queueName": "user-queue", "podSets": [{"name": "main", "count": 1, "template": {"spec": {"containers": []}}}]}});
    s.create(at(105), kind_info("Workload"), "team-a", wl("job-train-1-3b9a1"), false).unwrap();
    s.create(at(6 * 60 + 50), kind_info("Workload"), "team-a", wl("job-train-2-5f1c3"), false).unwrap();
    set_status(
        &mut s,
        "Workload",
        "team-a",
        "job-train-2-5f1c3",
        json!({"admission": {"clusterQueue": "team-a-cq"}, "conditions": [{"type": "QuotaReserved", "status": "True"}, {"type": "Admitted", "status": "True"}]}),
    );
    assert_eq!(
        render(&s, "Workload", Some("team-a"), &PrintOptions::default()),
        "NAME                QUEUE        RESERVED IN   ADMITTED   FINISHED   AGE\njob-train-1-3b9a1   user-queue                                       105s\njob-train-2-5f1c3   user-queue   team-a-cq     True                  6m50s\n"
    );
}

#[test]
fn an_empty_list_prints_nothing() {
    let s = cluster();
    assert_eq!(render(&s, "Job", Some("team-a"), &PrintOptions::default()), "");
}

#[test]
fn service_accounts_and_config_maps() {
    let s = cluster();
    assert_eq!(
        render(&s, "ServiceAccount", Some("team-a"), &PrintOptions::default()),
        "NAME      SECRETS   AGE\ndefault   0         12m\n"
    );
    assert_eq!(
        render(&s, "ConfigMap", Some("team-a"), &PrintOptions::default()),
        "NAME               DATA   AGE\nkube-root-ca.crt   1      12m\n"
    );
}

/// Every served kind's table, default and `-o wide`, in one golden file (review diffs by eye;
/// `UPDATE_GOLDEN=1` rewrites it).
#[test]
fn every_kind_golden() {
    let mut s = cluster();
    let node = json!({"metadata": {"name": "lab-node-1", "labels": {"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true", "nvidia.com/gpu.present": "true"}},
        "status": {"conditions": [{"type": "Ready", "status": "True"}], "addresses": [{"type": "InternalIP", "address": "10.0.0.10"}, {"type": "Hostname", "address": "lab-node-1"}],
                   "nodeInfo": {"kubeletVersion": "v1.32.4+k3s1", "osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1021-gcp", "containerRuntimeVersion": "containerd://2.0.4-k3s2"}}});
    s.create(at(5 * 60 + 1), kind_info("Node"), "", node, false).unwrap();
    set_status(
        &mut s,
        "Node",
        "",
        "lab-node-1",
        json!({"conditions": [{"type": "Ready", "status": "True"}], "addresses": [{"type": "InternalIP", "address": "10.0.0.10"}, {"type": "Hostname", "address": "lab-node-1"}],
        "nodeInfo": {"kubeletVersion": "v1.32.4+k3s1", "osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1021-gcp", "containerRuntimeVersion": "containerd://2.0.4-k3s2"}}),
    );
    let event = |name: &str, reason: &str, kind: &str, obj: &str, msg: &str, ty: &str, ago: i64, component: &str| {
        json!({"metadata": {"name": name, "namespace": "team-a"}, "involvedObject": {"kind": kind, "name": obj, "namespace": "team-a"},
               "reason": reason, "message": msg, "type": ty, "source": {"component": component}, "firstTimestamp": ts(at(ago)), "lastTimestamp": ts(at(ago)), "count": 1})
    };
    for e in [
        event("big-1-q4w8n.1", "FailedScheduling", "Pod", "big-1-q4w8n", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..", "Warning", 23, "default-scheduler"),
        event("train-1.1", "Suspended", "Job", "train-1", "Job suspended", "Normal", 110, "job-controller"),
    ] {
        s.create(NOW, kind_info("Event"), "team-a", e, false).unwrap();
    }
    s.create(at(30), kind_info("WorkloadPriorityClass"), "", json!({"metadata": {"name": "high"}, "value": 1000}), false).unwrap();
    s.create(at(30), kind_info("Cohort"), "", json!({"metadata": {"name": "all-teams"}}), false).unwrap();
    s.create(
        at(30),
        kind_info("AdmissionCheck"),
        "",
        json!({"metadata": {"name": "prov"}, "spec": {"controllerName": "kueue.x-k8s.io/provisioning-request"}}),
        false,
    )
    .unwrap();
    let mut out = String::new();
    for kind in
        ["Node", "Event", "PriorityClass", "CustomResourceDefinition", "WorkloadPriorityClass", "Cohort", "AdmissionCheck", "Namespace"]
    {
        for wide in [false, true] {
            let ns = if kind_info(kind).namespaced { Some("team-a") } else { None };
            out.push_str(&format!("# get {kind}{}\n", if wide { " -o wide" } else { "" }));
            out.push_str(&render(&s, kind, ns, &PrintOptions { wide, ..Default::default() }));
            out.push('\n');
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/tables/every-kind.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &out).unwrap();
    }
    assert_eq!(out, std::fs::read_to_string(&path).unwrap_or_default());
}
