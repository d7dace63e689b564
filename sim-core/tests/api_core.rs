//! The API server core driven through its verbs, with the lab's manifests and the errors the
//! learner meets. Expected objects and messages come from shared/reference (kubectl.md §2, §6, §9;
//! kueue.md §1, §4, §5).

use sim_core::api::registry::{kind_for, resolve, Resolved};
use sim_core::api::selector::{FieldSelector, LabelSelector};
use sim_core::api::server::{kind_info, ApiServer, DeleteOptions, Propagation};
use sim_core::clock::LAB_EPOCH_UNIX;
use sim_core::json::{json, Value};

const NOW: i64 = LAB_EPOCH_UNIX + 300;

fn yaml(s: &str) -> Value {
    serde_norway::from_str(s).unwrap()
}

fn server() -> ApiServer {
    sim_core::cluster::boot::api_server(42, LAB_EPOCH_UNIX)
}

fn create(s: &mut ApiServer, manifest: &str) -> Result<Value, String> {
    let obj = yaml(manifest);
    let kind = kind_for(obj["apiVersion"].as_str().unwrap(), obj["kind"].as_str().unwrap()).expect("served kind");
    s.create(NOW, kind, "", obj, false).map_err(|e| e.message)
}

const FLAVOR: &str = r#"
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
"#;

const CQ: &str = r#"
apiVersion: kueue.x-k8s.io/v1beta2
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

const LQ: &str = r#"
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
"#;

const JOB: &str = r#"
apiVersion: batch/v1
kind: Job
metadata:
  name: train-1
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "echo training; sleep 30"]
        resources:
          requests:
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
"#;

fn lab_setup() -> ApiServer {
    let mut s = server();
    create(&mut s, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n").unwrap();
    create(&mut s, FLAVOR).unwrap();
    create(&mut s, CQ).unwrap();
    create(&mut s, LQ).unwrap();
    s
}

#[test]
fn a_fresh_cluster_has_its_namespaces_each_with_a_service_account_and_root_ca() {
    let s = server();
    let all = LabelSelector::default();
    let none = FieldSelector::default();
    let names: Vec<String> = s
        .list_objects(kind_info("Namespace"), None, &all, &none)
        .unwrap()
        .iter()
        .map(|n| n["metadata"]["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["default", "kube-node-lease", "kube-public", "kube-system"]);
    for ns in &names {
        s.get(kind_info("ServiceAccount"), ns, "default").unwrap();
        let cm = s.get(kind_info("ConfigMap"), ns, "kube-root-ca.crt").unwrap();
        assert!(cm["data"]["ca.crt"].as_str().unwrap().starts_with("-----BEGIN CERTIFICATE-----"));
    }
}

#[test]
fn namespace_is_stored_as_the_apiserver_stores_it() {
    let mut s = server();
    let ns = create(&mut s, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-d\n").unwrap();
    assert_eq!(ns["metadata"]["labels"], json!({"kubernetes.io/metadata.name": "team-d"}));
    assert_eq!(ns["spec"], json!({"finalizers": ["kubernetes"]}));
    assert_eq!(ns["status"], json!({"phase": "Active"}));
    assert_eq!(ns["metadata"]["creationTimestamp"], "2026-12-02T09:05:00Z");
    assert!(ns["metadata"].get("generation").is_none());
    assert_eq!(
        create(&mut s, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-d\n").unwrap_err(),
        r#"namespaces "team-d" already exists"#
    );
    assert_eq!(
        create(&mut s, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: Team_A\n").unwrap_err(),
        r#"Namespace "Team_A" is invalid: metadata.name: Invalid value: "Team_A": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"#
    );
}

#[test]
fn resource_flavor_and_cluster_queue_get_kueue_defaults() {
    let s = lab_setup();
    let rf = s.get(kind_info("ResourceFlavor"), "", "fake-gpu").unwrap();
    assert_eq!(rf["metadata"]["finalizers"], json!(["kueue.x-k8s.io/resource-in-use"]));
    assert_eq!(rf["metadata"]["generation"], 1);
    let cq = s.get(kind_info("ClusterQueue"), "", "team-a").unwrap();
    assert_eq!(cq["metadata"]["finalizers"], json!(["kueue.x-k8s.io/resource-in-use"]));
    // kueue.md §1 step 2: "All defaults".
    let want = yaml(
        r#"
flavorFungibility: {whenCanBorrow: MayStopSearch, whenCanPreempt: TryNextFlavor}
namespaceSelector: {}
preemption:
  borrowWithinCohort: {policy: Never}
  reclaimWithinCohort: Never
  withinClusterQueue: Never
queueingStrategy: BestEffortFIFO
resourceGroups:
- coveredResources: [cpu, memory, nvidia.com/gpu]
  flavors:
  - name: fake-gpu
    resources:
    - {name: cpu, nominalQuota: "2"}
    - {name: memory, nominalQuota: 2Gi}
    - {name: nvidia.com/gpu, nominalQuota: "2"}
stopPolicy: None
"#,
    );
    assert_eq!(cq["spec"], want);
    let lq = s.get(kind_info("LocalQueue"), "team-a", "lq").unwrap();
    assert_eq!(lq["spec"], json!({"clusterQueue": "team-a", "stopPolicy": "None"}));
}

#[test]
fn a_queued_job_is_suspended_and_defaulted_like_a_real_stored_job() {
    let mut s = lab_setup();
    let job = create(&mut s, JOB).unwrap();
    let uid = job["metadata"]["uid"].as_str().unwrap().to_string();
    // kubectl.md §6.2, with this job's uid.
    let want = yaml(&format!(
        r#"
backoffLimit: 6
completionMode: NonIndexed
completions: 1
manualSelector: false
parallelism: 1
podReplacementPolicy: TerminatingOrFailed
selector:
  matchLabels:
    batch.kubernetes.io/controller-uid: {uid}
suspend: true
template:
  metadata:
    labels:
      batch.kubernetes.io/controller-uid: {uid}
      batch.kubernetes.io/job-name: train-1
      controller-uid: {uid}
      job-name: train-1
  spec:
    containers:
    - command: [sh, -c, "echo training; sleep 30"]
      image: busybox:1.36
      imagePullPolicy: IfNotPresent
      name: trainer
      resources:
        limits:
          nvidia.com/gpu: "1"
        requests:
          nvidia.com/gpu: "1"
      terminationMessagePath: /dev/termination-log
      terminationMessagePolicy: File
    dnsPolicy: ClusterFirst
    restartPolicy: Never
    schedulerName: default-scheduler
    securityContext: {{}}
    terminationGracePeriodSeconds: 30
"#
    ));
    assert_eq!(job["spec"], want);
    // A Job with labels of its own keeps just them.
    assert_eq!(job["metadata"]["labels"], json!({"kueue.x-k8s.io/queue-name": "lq"}));
    assert_eq!(job["metadata"]["generation"], 1);
}

#[test]
fn a_job_without_the_queue_label_runs_unmanaged_and_copies_template_labels() {
    let mut s = lab_setup();
    let job = create(&mut s, &JOB.replace("train-1", "sneaky").replace("  labels:\n    kueue.x-k8s.io/queue-name: lq\n", "")).unwrap();
    assert_eq!(job["spec"]["suspend"], false);
    assert_eq!(job["metadata"]["labels"]["job-name"], "sneaky");
    // The wrong label key is not Kueue's.
    let job = create(&mut s, &JOB.replace("train-1", "wrong-key").replace("kueue.x-k8s.io/queue-name", "queue-name")).unwrap();
    assert_eq!(job["spec"]["suspend"], false);
}

#[test]
fn the_default_local_queue_rule_labels_and_suspends() {
    let mut s = lab_setup();
    create(&mut s, &LQ.replace("name: lq", "name: default")).unwrap();
    let job = create(&mut s, &JOB.replace("train-1", "plain").replace("  labels:\n    kueue.x-k8s.io/queue-name: lq\n", "")).unwrap();
    assert_eq!(job["metadata"]["labels"]["kueue.x-k8s.io/queue-name"], "default");
    assert_eq!(job["spec"]["suspend"], true);
}

#[test]
fn creating_in_a_missing_namespace_is_not_found() {
    let mut s = lab_setup();
    assert_eq!(create(&mut s, &JOB.replace("team-a", "team-b")).unwrap_err(), r#"namespaces "team-b" not found"#);
}

#[test]
fn get_of_a_missing_object_and_already_exists() {
    let mut s = lab_setup();
    assert_eq!(s.get(kind_info("Job"), "team-a", "nope").unwrap_err().message, r#"jobs.batch "nope" not found"#);
    assert_eq!(s.get(kind_info("ClusterQueue"), "", "x").unwrap_err().message, r#"clusterqueues.kueue.x-k8s.io "x" not found"#);
    create(&mut s, JOB).unwrap();
    let err = s.create(NOW, kind_info("Job"), "team-a", yaml(JOB), false).unwrap_err();
    assert_eq!((err.code, err.reason, err.message.as_str()), (409, "AlreadyExists", r#"jobs.batch "train-1" already exists"#));
}

#[test]
fn job_template_is_immutable_except_what_kueue_injects_while_suspended() {
    let mut s = lab_setup();
    let job = create(&mut s, JOB).unwrap();
    // Kueue injects a nodeSelector while the Job is suspended and never started: allowed.
    let mut injected = job.clone();
    injected["spec"]["template"]["spec"]["nodeSelector"] = json!({"nvidia.com/gpu.present": "true"});
    let updated = s.update(NOW, kind_info("Job"), "team-a", injected, false, false).unwrap();
    assert_eq!(updated["metadata"]["generation"], 2);
    // The learner changes the command: the template is immutable.
    let mut changed = updated.clone();
    changed["spec"]["template"]["spec"]["containers"][0]["command"] = json!(["sh", "-c", "sleep 60"]);
    let err = s.update(NOW, kind_info("Job"), "team-a", changed, false, false).unwrap_err();
    assert_eq!(err.reason, "Invalid");
    assert_eq!(
        err.message,
        r#"Job.batch "train-1" is invalid: spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable"#
    );
    assert_eq!(err.details.causes[0].field, "spec.template");
}

#[test]
fn a_stale_resource_version_is_a_conflict() {
    let mut s = lab_setup();
    let cq = s.get(kind_info("ClusterQueue"), "", "team-a").unwrap();
    let mut a = cq.clone();
    a["spec"]["queueingStrategy"] = json!("StrictFIFO");
    s.update(NOW, kind_info("ClusterQueue"), "", a, false, false).unwrap();
    let mut b = cq;
    b["spec"]["stopPolicy"] = json!("Hold");
    let err = s.update(NOW, kind_info("ClusterQueue"), "", b, false, false).unwrap_err();
    assert_eq!(err.code, 409);
    assert_eq!(
        err.message,
        r#"Operation cannot be fulfilled on clusterqueues.kueue.x-k8s.io "team-a": the object has been modified; please apply your changes to the latest version and try again"#
    );
}

#[test]
fn invalid_enum_and_quantity_are_schema_errors() {
    let mut s = lab_setup();
    // An enum error is "blocking": the CEL rules are skipped, and the apiserver says so.
    let bad =
        CQ.replace("name: team-a", "name: bad-cq").replace("namespaceSelector: {}", "namespaceSelector: {}\n  queueingStrategy: Fast");
    assert_eq!(
        create(&mut s, &bad).unwrap_err(),
        r#"ClusterQueue.kueue.x-k8s.io "bad-cq" is invalid: [spec.queueingStrategy: Unsupported value: "Fast": supported values: "StrictFIFO", "BestEffortFIFO", <nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]"#
    );
    // On create, mclusterqueue.kb.io decodes the object into Go types before the schema is
    // checked: a quantity Go cannot parse fails there (kueue_validation.rs has the update case).
    let abc = CQ.replace("name: team-a", "name: bad-cq").replace("nominalQuota: 2Gi", "nominalQuota: abc");
    assert_eq!(
        create(&mut s, &abc).unwrap_err(),
        r#"admission webhook "mclusterqueue.kb.io" denied the request: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"#
    );
    let short = CQ.replace("name: team-a", "name: short").replace("      - name: nvidia.com/gpu\n        nominalQuota: 2\n", "");
    assert_eq!(
        create(&mut s, &short).unwrap_err(),
        r#"ClusterQueue.kueue.x-k8s.io "short" is invalid: spec.resourceGroups[0]: Invalid value: "object": flavors must have the same number of resources as the coveredResources"#
    );
}

#[test]
fn kueue_webhook_denies_resources_out_of_order() {
    let mut s = lab_setup();
    let swapped = CQ
        .replace("name: team-a", "name: swapped")
        .replace("coveredResources: [\"cpu\", \"memory\"", "coveredResources: [\"memory\", \"cpu\"");
    assert_eq!(
        create(&mut s, &swapped).unwrap_err(),
        r#"admission webhook "vclusterqueue.kb.io" denied the request: [spec.resourceGroups[0].flavors[0].resources[0].name: Invalid value: "cpu": must match the name in coveredResources, spec.resourceGroups[0].flavors[0].resources[1].name: Invalid value: "memory": must match the name in coveredResources]"#
    );
}

#[test]
fn the_queue_label_of_a_running_job_is_immutable() {
    let mut s = lab_setup();
    let job = create(&mut s, &JOB.replace("train-1", "sneaky").replace("  labels:\n    kueue.x-k8s.io/queue-name: lq\n", "")).unwrap();
    let mut labelled = job;
    labelled["metadata"]["labels"]["kueue.x-k8s.io/queue-name"] = json!("lq");
    assert_eq!(
        s.update(NOW, kind_info("Job"), "team-a", labelled, false, false).unwrap_err().message,
        r#"admission webhook "vjob.kb.io" denied the request: metadata.labels[kueue.x-k8s.io/queue-name]: Invalid value: "lq": field is immutable"#
    );
}

#[test]
fn finalizers_hold_deletion_until_removed() {
    let mut s = lab_setup();
    let rf = s.delete(NOW, kind_info("ResourceFlavor"), "", "fake-gpu", &DeleteOptions::default()).unwrap();
    assert_eq!(rf["metadata"]["deletionTimestamp"], "2026-12-02T09:05:00Z");
    let mut held = s.get(kind_info("ResourceFlavor"), "", "fake-gpu").unwrap();
    held["metadata"]["finalizers"] = json!([]);
    s.update(NOW, kind_info("ResourceFlavor"), "", held, false, false).unwrap();
    assert!(s.get(kind_info("ResourceFlavor"), "", "fake-gpu").is_err());
}

#[test]
fn owner_references_cascade_or_orphan() {
    for (propagation, survives) in [(Propagation::Background, false), (Propagation::Foreground, false), (Propagation::Orphan, true)] {
        let mut s = lab_setup();
        let job = create(&mut s, JOB).unwrap();
        let uid = job["metadata"]["uid"].clone();
        let cm = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "owned", "namespace": "team-a",
            "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": "train-1", "uid": uid, "controller": true, "blockOwnerDeletion": true}]}});
        s.create(NOW, kind_info("ConfigMap"), "team-a", cm, false).unwrap();
        s.delete(NOW, kind_info("Job"), "team-a", "train-1", &DeleteOptions { propagation, ..Default::default() }).unwrap();
        assert!(s.get(kind_info("Job"), "team-a", "train-1").is_err(), "{propagation:?}");
        let left = s.get(kind_info("ConfigMap"), "team-a", "owned");
        assert_eq!(left.is_ok(), survives, "{propagation:?}");
        if let Ok(cm) = left {
            assert!(cm["metadata"].get("ownerReferences").is_none());
        }
    }
}

#[test]
fn deleting_a_namespace_deletes_its_contents() {
    let mut s = lab_setup();
    create(&mut s, JOB).unwrap();
    s.delete(NOW, kind_info("Namespace"), "", "team-a", &DeleteOptions::default()).unwrap();
    assert!(s.get(kind_info("Namespace"), "", "team-a").is_err());
    assert!(s.get(kind_info("Job"), "team-a", "train-1").is_err());
    assert!(s.get(kind_info("LocalQueue"), "team-a", "lq").is_err());
    // Cluster-scoped objects stay.
    s.get(kind_info("ClusterQueue"), "", "team-a").unwrap();
}

#[test]
fn lists_filter_by_label_and_field_selectors() {
    let mut s = lab_setup();
    create(&mut s, JOB).unwrap();
    create(&mut s, &JOB.replace("train-1", "train-2")).unwrap();
    let sel = LabelSelector::parse("job-name=train-2").unwrap();
    let none = FieldSelector::default();
    // Jobs with labels of their own do not get job-name; their templates do.
    assert!(s.list_objects(kind_info("Job"), Some("team-a"), &sel, &none).unwrap().is_empty());
    let by_name = FieldSelector::parse("metadata.name=train-2").unwrap();
    let list = s.list(kind_info("Job"), Some("team-a"), &LabelSelector::default(), &by_name).unwrap();
    assert_eq!(list["kind"], "JobList");
    assert_eq!(list["items"].as_array().unwrap().len(), 1);
    assert_eq!(
        s.list(kind_info("Job"), None, &LabelSelector::default(), &FieldSelector::parse("spec.foo=1").unwrap()).unwrap_err().message,
        "field label not supported: spec.foo"
    );
}

#[test]
fn status_subresource_and_main_resource_change_separate_parts() {
    let mut s = lab_setup();
    let mut cq = s.get(kind_info("ClusterQueue"), "", "team-a").unwrap();
    cq["status"] = json!({"pendingWorkloads": 3});
    let after = s.update(NOW, kind_info("ClusterQueue"), "", cq.clone(), false, false).unwrap();
    assert!(after.get("status").is_none(), "a main-resource update ignores status");
    let mut cq = after;
    cq["status"] = json!({"pendingWorkloads": 3});
    cq["spec"]["stopPolicy"] = json!("Hold");
    let generation = cq["metadata"]["generation"].clone();
    let after = s.update(NOW, kind_info("ClusterQueue"), "", cq, true, false).unwrap();
    assert_eq!(after["status"]["pendingWorkloads"], 3);
    assert_eq!(after["spec"]["stopPolicy"], "None", "a status update ignores spec");
    assert_eq!(after["metadata"]["generation"], generation, "a status update never moves the generation");
    // The same status again, with another spec in the body: nothing to write.
    let rv = s.resource_version();
    let mut again = after.clone();
    again["spec"]["stopPolicy"] = json!("HoldAndDrain");
    let same = s.update(NOW, kind_info("ClusterQueue"), "", again, true, false).unwrap();
    assert_eq!((s.resource_version(), &same), (rv, &after), "an unchanged status is not a write");
}

#[test]
fn a_status_write_given_only_the_status_keeps_the_rest_as_stored() {
    let mut s = lab_setup();
    let before = s.get(kind_info("ClusterQueue"), "", "team-a").unwrap();
    let rv = s.resource_version();
    let after = s.update_status_internal(NOW, kind_info("ClusterQueue"), "", "team-a", json!({"pendingWorkloads": 2})).unwrap();
    assert_eq!(after["status"], json!({"pendingWorkloads": 2}));
    assert_ne!(s.resource_version(), rv, "a changed status is a write");
    for part in ["apiVersion", "kind", "spec"] {
        assert_eq!(after[part], before[part], "{part} is the stored one");
    }
    let mut meta = after["metadata"].clone();
    assert_ne!(meta["resourceVersion"], before["metadata"]["resourceVersion"]);
    meta["resourceVersion"] = before["metadata"]["resourceVersion"].clone();
    assert_eq!(meta, before["metadata"], "metadata is the stored one but for its resourceVersion");
    // The same status again: nothing to write.
    let rv = s.resource_version();
    let same = s.update_status_internal(NOW, kind_info("ClusterQueue"), "", "team-a", json!({"pendingWorkloads": 2})).unwrap();
    assert_eq!((s.resource_version(), &*same), (rv, &*after), "an unchanged status is not a write");
    assert!(s.update_status_internal(NOW, kind_info("ClusterQueue"), "", "nope", json!({})).is_err(), "an object that is not there");
    let err = s.update_status_internal(NOW, kind_info("ResourceFlavor"), "", "default-flavor", json!({})).map(|_| ());
    assert_eq!(err.map_err(|e| e.code), Err(404), "a kind without a status subresource has none to write");
}

#[test]
fn dry_run_changes_nothing_and_watch_records_every_change() {
    let mut s = lab_setup();
    let rv = s.resource_version();
    s.create(NOW, kind_info("Job"), "team-a", yaml(JOB), true).unwrap();
    assert!(s.get(kind_info("Job"), "team-a", "train-1").is_err());
    assert_eq!(s.resource_version(), rv);
    create(&mut s, JOB).unwrap();
    let events = s.events_since(rv);
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].key.kind, "Job");
}

#[test]
fn kueue_v1beta1_is_not_served_and_names_resolve() {
    assert!(kind_for("kueue.x-k8s.io/v1beta1", "ResourceFlavor").is_none());
    assert!(matches!(resolve("cq"), Some(Resolved::Served(k)) if k.kind == "ClusterQueue"));
}

mod patch_and_apply {
    use super::*;
    use sim_core::api::client::Direct;
    use sim_core::api::server::PatchType;
    use sim_core::kubectl::apply::ApplyOutcome;

    /// kubectl's client-side apply against the server alone.
    fn apply(s: &mut ApiServer, manifest: &str) -> Result<(ApplyOutcome, Option<String>), String> {
        let obj = yaml(manifest);
        let kind = kind_for(obj["apiVersion"].as_str().unwrap(), obj["kind"].as_str().unwrap()).unwrap();
        let ns = obj["metadata"]["namespace"].as_str().unwrap_or("").to_string();
        sim_core::kubectl::apply::apply(&mut Direct { api: s, now: NOW }, kind, &ns, &obj, false)
            .map(|a| (a.outcome, a.warning))
            .map_err(|e| e.message)
    }

    #[test]
    fn apply_is_created_then_unchanged_then_configured() {
        let mut s = server();
        let ns = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n";
        assert_eq!(apply(&mut s, ns).unwrap(), (ApplyOutcome::Created, None));
        assert_eq!(apply(&mut s, ns).unwrap(), (ApplyOutcome::Unchanged, None));
        let stored = s.get(kind_info("Namespace"), "", "team-a").unwrap();
        assert_eq!(
            stored["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"],
            "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"annotations\":{},\"name\":\"team-a\"}}\n"
        );
        assert_eq!(apply(&mut s, &format!("{ns}  labels:\n    team: a\n")).unwrap().0, ApplyOutcome::Configured);
        assert_eq!(apply(&mut s, &format!("{ns}  labels:\n    team: a\n")).unwrap().0, ApplyOutcome::Unchanged);
        // Removing the label from the file removes it from the object; server labels stay.
        assert_eq!(apply(&mut s, ns).unwrap().0, ApplyOutcome::Configured);
        let labels = s.get(kind_info("Namespace"), "", "team-a").unwrap()["metadata"]["labels"].clone();
        assert_eq!(labels, json!({"kubernetes.io/metadata.name": "team-a"}));
    }

    #[test]
    fn apply_over_an_object_made_by_create_warns_and_configures() {
        let mut s = lab_setup();
        let (outcome, warning) = apply(&mut s, FLAVOR).unwrap();
        assert_eq!(outcome, ApplyOutcome::Configured);
        assert_eq!(
            warning.unwrap(),
            "Warning: resource resourceflavors/fake-gpu is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically."
        );
        assert_eq!(apply(&mut s, FLAVOR).unwrap(), (ApplyOutcome::Unchanged, None));
    }

    #[test]
    fn applying_a_changed_job_template_is_the_immutable_error() {
        let mut s = lab_setup();
        assert_eq!(apply(&mut s, JOB).unwrap().0, ApplyOutcome::Created);
        assert_eq!(
            apply(&mut s, &JOB.replace("sleep 30", "sleep 60")).unwrap_err(),
            r#"Job.batch "train-1" is invalid: spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable"#
        );
    }

    #[test]
    fn patches_of_each_type() {
        let mut s = lab_setup();
        create(&mut s, JOB).unwrap();
        let job = kind_info("Job");
        let out = s
            .patch(NOW, job, "team-a", "train-1", PatchType::Merge, &json!({"metadata": {"labels": {"extra": "yes"}}}), false, false)
            .unwrap();
        assert_eq!(out["metadata"]["labels"]["extra"], "yes");
        let out = s
            .patch(
                NOW,
                job,
                "team-a",
                "train-1",
                PatchType::Json,
                &json!([{"op": "replace", "path": "/spec/backoffLimit", "value": 2}]),
                false,
                false,
            )
            .unwrap();
        assert_eq!(out["spec"]["backoffLimit"], 2);
        let out = s
            .patch(
                NOW,
                job,
                "team-a",
                "train-1",
                PatchType::Strategic,
                &json!({"spec": {"template": {"spec": {"nodeSelector": {"nvidia.com/gpu.present": "true"}}}}}),
                false,
                false,
            )
            .unwrap();
        assert_eq!(out["spec"]["template"]["spec"]["containers"][0]["name"], "trainer");
        let err =
            s.patch(NOW, kind_info("ClusterQueue"), "", "team-a", PatchType::Strategic, &json!({"spec": {}}), false, false).unwrap_err();
        assert_eq!(err.code, 415);
        let err = s
            .patch(NOW, job, "team-a", "train-1", PatchType::Json, &json!([{"op": "remove", "path": "/spec/nope"}]), false, false)
            .unwrap_err();
        assert_eq!(err.message, r#"remove operation does not apply: doc is missing path: "/spec/nope": missing value"#);
    }
}

mod field_validation {
    use super::*;
    use sim_core::api::schema::FieldValidation;

    #[test]
    fn unknown_fields_are_rejected_warned_or_dropped() {
        let mut s = lab_setup();
        let typo = JOB.replace("  template:\n", "  foo: 1\n  template:\n");
        let err = s.create_with(NOW, kind_info("Job"), "team-a", yaml(&typo), false, FieldValidation::Strict).unwrap_err();
        assert_eq!((err.code, err.reason), (400, "BadRequest"));
        assert_eq!(err.message, r#"Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.foo""#);
        let w = s.create_with(NOW, kind_info("Job"), "team-a", yaml(&typo), false, FieldValidation::Warn).unwrap();
        assert_eq!(w.warnings, vec![r#"unknown field "spec.foo""#.to_string()]);
        assert!(w.object["spec"].get("foo").is_none());
        let cq = CQ
            .replace("name: team-a", "name: typo")
            .replace("  namespaceSelector: {}", "  namespaceSelector: {}\n  queuingStrategy: StrictFIFO");
        assert_eq!(
            s.create_with(NOW, kind_info("ClusterQueue"), "", yaml(&cq), false, FieldValidation::Strict).unwrap_err().message,
            r#"ClusterQueue in version "v1beta2" cannot be handled as a ClusterQueue: strict decoding error: unknown field "spec.queuingStrategy""#
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_cannot_be_decoded() {
        let mut s = lab_setup();
        let bad = JOB.replace("  template:\n", "  backoffLimit: lots\n  template:\n");
        let err = s.create(NOW, kind_info("Job"), "team-a", yaml(&bad), false).unwrap_err();
        assert_eq!(err.reason, "BadRequest");
        assert_eq!(
            err.message,
            r#"Job in version "v1" cannot be handled as a Job: json: cannot unmarshal string into Go struct field JobSpec.spec.backoffLimit of type int32"#
        );
    }
}
