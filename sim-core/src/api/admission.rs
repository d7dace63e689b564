//! Admission: what happens to an object between the request and the store, in the apiserver's
//! order — built-in defaulting, the mutating webhooks (Kueue's Job, ClusterQueue and
//! ResourceFlavor webhooks), then validation (names, built-in rules, Kueue's CEL rules and
//! validating webhooks). Facts: `shared/reference/kubectl.md` §6, `kueue.md` §4–§6.

use super::object::{ensure_map, get, get_str, labels};
use super::quantity::Quantity;
use super::registry::KindInfo;
use super::status::{Cause, Status};
use super::validation;
use serde_json::{json, Value};

pub const QUEUE_NAME_LABEL: &str = "kueue.x-k8s.io/queue-name";
pub const RESOURCE_IN_USE_FINALIZER: &str = "kueue.x-k8s.io/resource-in-use";
/// Namespaces Kueue's webhooks skip (`config/components/webhook/kustomization.yaml`).
pub const KUEUE_EXCLUDED_NAMESPACES: [&str; 2] = ["kube-system", "kueue-system"];

/// What admission may look up in the cluster.
pub trait Lookup {
    fn exists(&self, kind: &str, namespace: &str, name: &str) -> bool;
}

/// Built-in defaulting and mutating webhooks, on create. `uid` is the new object's UID;
/// `suffix` names a pod's service-account token volume (`kube-api-access-<suffix>`).
pub fn mutate_on_create(kind: &KindInfo, obj: &mut Value, uid: &str, suffix: &str, lookup: &dyn Lookup) {
    match kind.kind {
        "Pod" => default_pod(obj, suffix),
        "Namespace" => default_namespace(obj),
        "Job" => {
            default_job(obj, uid);
            kueue_job_webhook(obj, lookup);
        }
        "ClusterQueue" => default_cluster_queue(obj),
        "ResourceFlavor" => add_finalizer(obj, RESOURCE_IN_USE_FINALIZER),
        "LocalQueue" => {
            let spec = ensure_map(obj, &["spec"]);
            spec.entry("stopPolicy").or_insert(json!("None"));
        }
        _ => {}
    }
}

fn add_finalizer(obj: &mut Value, finalizer: &str) {
    let meta = ensure_map(obj, &["metadata"]);
    let list = meta.entry("finalizers").or_insert_with(|| json!([]));
    if let Some(a) = list.as_array_mut() {
        if !a.iter().any(|f| f == finalizer) {
            a.push(json!(finalizer));
        }
    }
}

fn default_namespace(obj: &mut Value) {
    let name = super::object::name(obj).to_string();
    ensure_map(obj, &["metadata", "labels"]).insert("kubernetes.io/metadata.name".into(), json!(name));
    ensure_map(obj, &["spec"]).insert("finalizers".into(), json!(["kubernetes"]));
    ensure_map(obj, &["status"]).insert("phase".into(), json!("Active"));
}

/// `pkg/apis/batch/v1/defaults.go` and the Job registry strategy (`kubectl.md` §6.1).
fn default_job(obj: &mut Value, uid: &str) {
    let name = super::object::name(obj).to_string();
    let own_labels_empty = labels(obj).is_empty();
    {
        let spec = ensure_map(obj, &["spec"]);
        let has_completions = spec.contains_key("completions");
        let has_parallelism = spec.contains_key("parallelism");
        if !has_completions && !has_parallelism {
            spec.insert("completions".into(), json!(1));
        }
        spec.entry("parallelism").or_insert(json!(1));
        let backoff = if spec.contains_key("backoffLimitPerIndex") { 2_147_483_647 } else { 6 };
        spec.entry("backoffLimit").or_insert(json!(backoff));
        spec.entry("completionMode").or_insert(json!("NonIndexed"));
        spec.entry("suspend").or_insert(json!(false));
        spec.entry("manualSelector").or_insert(json!(false));
        let replacement = if spec.contains_key("podFailurePolicy") { "Failed" } else { "TerminatingOrFailed" };
        spec.entry("podReplacementPolicy").or_insert(json!(replacement));
        if !spec.get("manualSelector").and_then(Value::as_bool).unwrap_or(false) {
            spec.insert("selector".into(), json!({"matchLabels": {"batch.kubernetes.io/controller-uid": uid}}));
        }
    }
    let template_labels = ensure_map(obj, &["spec", "template", "metadata", "labels"]);
    for (k, v) in
        [("batch.kubernetes.io/controller-uid", uid), ("batch.kubernetes.io/job-name", &name), ("controller-uid", uid), ("job-name", &name)]
    {
        template_labels.insert(k.into(), json!(v));
    }
    let copied = template_labels.clone();
    if own_labels_empty {
        ensure_map(obj, &["metadata"]).insert("labels".into(), Value::Object(copied));
    }
    default_pod_spec(ensure_map(obj, &["spec", "template", "spec"]));
}

/// Pod spec defaults (`pkg/apis/core/v1/defaults.go`) as they appear in a Job's template.
pub fn default_pod_spec(spec: &mut serde_json::Map<String, Value>) {
    spec.entry("dnsPolicy").or_insert(json!("ClusterFirst"));
    spec.entry("schedulerName").or_insert(json!("default-scheduler"));
    spec.entry("securityContext").or_insert(json!({}));
    spec.entry("terminationGracePeriodSeconds").or_insert(json!(30));
    spec.entry("restartPolicy").or_insert(json!("Always"));
    for list in ["containers", "initContainers"] {
        if let Some(containers) = spec.get_mut(list).and_then(Value::as_array_mut) {
            for c in containers.iter_mut().filter_map(Value::as_object_mut) {
                let image = c.get("image").and_then(Value::as_str).unwrap_or("");
                let last = image.rsplit('/').next().unwrap_or("");
                let tagged = last.contains(':') && !last.ends_with(":latest") || image.contains('@');
                c.entry("imagePullPolicy").or_insert(json!(if tagged { "IfNotPresent" } else { "Always" }));
                c.entry("resources").or_insert(json!({}));
                c.entry("terminationMessagePath").or_insert(json!("/dev/termination-log"));
                c.entry("terminationMessagePolicy").or_insert(json!("File"));
                canonicalize_resources(c.get_mut("resources"));
            }
        }
    }
}

/// A pod as the apiserver stores it: pod-spec defaults, then the admission plugins
/// ServiceAccount (token volume and mounts), DefaultTolerationSeconds and Priority (`kubectl.md` §5.3, §6.4).
fn default_pod(obj: &mut Value, suffix: &str) {
    let spec = ensure_map(obj, &["spec"]);
    default_pod_spec(spec);
    spec.entry("serviceAccountName").or_insert(json!("default"));
    let sa = spec.get("serviceAccountName").cloned().unwrap_or(json!("default"));
    spec.insert("serviceAccount".into(), sa);
    spec.entry("enableServiceLinks").or_insert(json!(true));
    spec.entry("preemptionPolicy").or_insert(json!("PreemptLowerPriority"));
    spec.entry("priority").or_insert(json!(0));
    let automount = spec.get("automountServiceAccountToken").and_then(Value::as_bool).unwrap_or(true);
    if automount {
        let volume = format!("kube-api-access-{suffix}");
        let volumes = spec.entry("volumes").or_insert_with(|| json!([]));
        if let Some(v) = volumes.as_array_mut() {
            v.push(json!({"name": volume, "projected": {"defaultMode": 420, "sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
                {"downwardAPI": {"items": [{"path": "namespace", "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}}]}},
            ]}}));
        }
        if let Some(containers) = spec.get_mut("containers").and_then(Value::as_array_mut) {
            for c in containers.iter_mut().filter_map(Value::as_object_mut) {
                let mounts = c.entry("volumeMounts").or_insert_with(|| json!([]));
                if let Some(m) = mounts.as_array_mut() {
                    m.push(json!({"name": volume, "readOnly": true, "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"}));
                }
            }
        }
    }
    let tolerations = spec.entry("tolerations").or_insert_with(|| json!([]));
    if let Some(t) = tolerations.as_array_mut() {
        for key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
            if !t.iter().any(|x| x.get("key").and_then(Value::as_str) == Some(key)) {
                t.push(json!({"key": key, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}));
            }
        }
    }
    let qos = qos_class(obj);
    let status = ensure_map(obj, &["status"]);
    status.insert("phase".into(), json!("Pending"));
    status.insert("qosClass".into(), json!(qos));
}

/// `Guaranteed`, `Burstable` or `BestEffort` from the containers' cpu and memory (extended
/// resources such as `nvidia.com/gpu` do not count).
pub fn qos_class(pod: &Value) -> &'static str {
    let containers = get(pod, &["spec", "containers"]).and_then(Value::as_array).cloned().unwrap_or_default();
    let mut any = false;
    let mut guaranteed = !containers.is_empty();
    for c in &containers {
        for res in ["cpu", "memory"] {
            let req = get(c, &["resources", "requests", res]);
            let lim = get(c, &["resources", "limits", res]);
            any |= req.is_some() || lim.is_some();
            // A limit without a request defaults the request to the limit.
            if lim.is_none() || req.is_some_and(|r| Some(r) != lim) {
                guaranteed = false;
            }
        }
    }
    if !any {
        "BestEffort"
    } else if guaranteed {
        "Guaranteed"
    } else {
        "Burstable"
    }
}

/// What a built-in kind's typed round trip does to an updated object: quantities canonical.
pub fn normalize_on_update(kind: &KindInfo, obj: &mut Value) {
    if kind.kind == "Namespace" {
        // The namespace strategy keeps this label on every update.
        let name = super::object::name(obj).to_string();
        ensure_map(obj, &["metadata", "labels"]).insert("kubernetes.io/metadata.name".into(), json!(name));
        return;
    }
    let path: &[&str] = match kind.kind {
        "Job" => &["spec", "template", "spec"],
        "Pod" => &["spec"],
        _ => return,
    };
    let mut cur = Some(&mut *obj);
    for k in path {
        cur = cur.and_then(|v| v.get_mut(*k));
    }
    if let Some(containers) = cur.and_then(|s| s.get_mut("containers")).and_then(Value::as_array_mut) {
        for c in containers {
            canonicalize_resources(c.get_mut("resources"));
        }
    }
}

/// Built-in types store quantities in canonical form (`1` → `"1"`, `2048Mi` → `"2Gi"`).
fn canonicalize_resources(resources: Option<&mut Value>) {
    let Some(r) = resources.and_then(Value::as_object_mut) else { return };
    for part in ["requests", "limits"] {
        if let Some(m) = r.get_mut(part).and_then(Value::as_object_mut) {
            for v in m.values_mut() {
                let text = match v {
                    Value::String(s) => s.clone(),
                    Value::Number(n) => n.to_string(),
                    _ => continue,
                };
                if let Ok(q) = Quantity::parse(&text) {
                    *v = json!(q.to_string());
                }
            }
        }
    }
}

/// `mjob.kb.io`: the default LocalQueue, then suspend on create (`kueue.md` §6.2).
fn kueue_job_webhook(obj: &mut Value, lookup: &dyn Lookup) {
    let ns = super::object::namespace(obj).to_string();
    if KUEUE_EXCLUDED_NAMESPACES.contains(&ns.as_str()) {
        return;
    }
    let has_queue = labels(obj).get(QUEUE_NAME_LABEL).is_some_and(|q| !q.is_empty());
    if !has_queue && lookup.exists("LocalQueue", &ns, "default") {
        ensure_map(obj, &["metadata", "labels"]).insert(QUEUE_NAME_LABEL.into(), json!("default"));
    }
    if labels(obj).get(QUEUE_NAME_LABEL).is_some_and(|q| !q.is_empty()) {
        ensure_map(obj, &["spec"]).insert("suspend".into(), json!(true));
    }
}

/// CRD defaults plus `mclusterqueue.kb.io` (`kueue.md` §1 step 2, §4.2).
fn default_cluster_queue(obj: &mut Value) {
    add_finalizer(obj, RESOURCE_IN_USE_FINALIZER);
    let spec = ensure_map(obj, &["spec"]);
    spec.entry("queueingStrategy").or_insert(json!("BestEffortFIFO"));
    spec.entry("stopPolicy").or_insert(json!("None"));
    let ff = spec.entry("flavorFungibility").or_insert(json!({}));
    if let Some(m) = ff.as_object_mut() {
        m.entry("whenCanBorrow").or_insert(json!("MayStopSearch"));
        m.entry("whenCanPreempt").or_insert(json!("TryNextFlavor"));
    }
    let pre = spec.entry("preemption").or_insert(json!({}));
    if let Some(m) = pre.as_object_mut() {
        m.entry("reclaimWithinCohort").or_insert(json!("Never"));
        m.entry("withinClusterQueue").or_insert(json!("Never"));
        let b = m.entry("borrowWithinCohort").or_insert(json!({}));
        if let Some(b) = b.as_object_mut() {
            b.entry("policy").or_insert(json!("Never"));
        }
    }
    // The webhook decodes into Go types, so quantities come back canonical strings.
    if let Some(groups) = spec.get_mut("resourceGroups").and_then(Value::as_array_mut) {
        for g in groups {
            for f in g.get_mut("flavors").and_then(Value::as_array_mut).into_iter().flatten() {
                for r in f.get_mut("resources").and_then(Value::as_array_mut).into_iter().flatten() {
                    for key in ["nominalQuota", "borrowingLimit", "lendingLimit"] {
                        if let Some(v) = r.get_mut(key) {
                            let text = match v {
                                Value::String(s) => s.clone(),
                                Value::Number(n) => n.to_string(),
                                _ => continue,
                            };
                            if let Ok(q) = Quantity::parse(&text) {
                                *v = json!(q.to_string());
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Validation on create and update (`old` is `None` on create). Schema/CEL and built-in errors
/// come back as `Invalid`; Kueue's validating webhooks as a webhook denial.
pub fn validate(kind: &KindInfo, obj: &Value, old: Option<&Value>) -> Result<(), Status> {
    let name = super::object::name(obj);
    let empty = json!({});
    let meta = obj.get("metadata").unwrap_or(&empty);
    let mut causes = validation::object_meta(meta, kind.kind == "Namespace");
    match kind.kind {
        "Job" => causes.extend(validate_job(obj, old)),
        "ClusterQueue" => causes.extend(validate_cluster_queue_schema(obj)),
        "ResourceFlavor" => causes.extend(validate_resource_flavor(obj)),
        "LocalQueue" => {
            if let (Some(old), Some(new)) = (old.and_then(|o| get(o, &["spec", "clusterQueue"])), get(obj, &["spec", "clusterQueue"])) {
                if old != new {
                    causes.push(Cause::invalid("spec.clusterQueue", "\"string\"", "field is immutable"));
                }
            }
        }
        _ => {}
    }
    if !causes.is_empty() {
        return Err(Status::invalid(kind.kind, kind.group, name, causes));
    }
    let webhook = match kind.kind {
        "ClusterQueue" => Some(("vclusterqueue.kb.io", validate_cluster_queue_webhook(obj))),
        "Job" => Some(("vjob.kb.io", validate_job_webhook(obj, old))),
        _ => None,
    };
    if let Some((hook, causes)) = webhook {
        if !causes.is_empty() {
            return Err(Status::webhook_denied(hook, &causes));
        }
    }
    Ok(())
}

fn validate_job(obj: &Value, old: Option<&Value>) -> Vec<Cause> {
    let mut causes = Vec::new();
    let containers = get(obj, &["spec", "template", "spec", "containers"]).and_then(Value::as_array);
    if containers.is_none_or(|c| c.is_empty()) {
        causes.push(Cause::required("spec.template.spec.containers", ""));
    }
    for (i, c) in containers.into_iter().flatten().enumerate() {
        if c.get("name").and_then(Value::as_str).is_none_or(str::is_empty) {
            causes.push(Cause::required(format!("spec.template.spec.containers[{i}].name"), ""));
        }
        if c.get("image").and_then(Value::as_str).is_none_or(str::is_empty) {
            causes.push(Cause::required(format!("spec.template.spec.containers[{i}].image"), ""));
        }
        for part in ["requests", "limits"] {
            if let Some(m) = get(c, &["resources", part]).and_then(Value::as_object) {
                for (res, v) in m {
                    let text = match v {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        other => other.to_string(),
                    };
                    if Quantity::parse(&text).is_err() {
                        causes.push(Cause::invalid(
                            format!("spec.template.spec.containers[{i}].resources.{part}[{res}]"),
                            &format!("{text:?}"),
                            super::quantity::QUANTITY_ERROR,
                        ));
                    }
                }
            }
        }
    }
    let restart = get_str(obj, &["spec", "template", "spec", "restartPolicy"]).unwrap_or("Always");
    if restart != "Never" && restart != "OnFailure" {
        causes.push(Cause::not_supported("spec.template.spec.restartPolicy", restart, &["OnFailure", "Never"]));
    }
    if let Some(old) = old {
        causes.extend(job_template_immutability(old, obj));
    }
    causes
}

/// `spec.template` may change only in the fields Kueue injects, and only while the Job is
/// suspended and has never started (`kubectl.md` §6.5).
fn job_template_immutability(old: &Value, new: &Value) -> Vec<Cause> {
    let mut causes = Vec::new();
    let old_t = get(old, &["spec", "template"]).cloned().unwrap_or(Value::Null);
    let new_t = get(new, &["spec", "template"]).cloned().unwrap_or(Value::Null);
    if old_t != new_t {
        let suspended_never_started =
            get(old, &["spec", "suspend"]).and_then(Value::as_bool).unwrap_or(false) && get(old, &["status", "startTime"]).is_none();
        let strip = |t: &Value| {
            let mut t = t.clone();
            if let Some(spec) = t.get_mut("spec").and_then(Value::as_object_mut) {
                for k in ["nodeSelector", "tolerations", "schedulingGates"] {
                    spec.remove(k);
                }
                if let Some(aff) = spec.get_mut("affinity").and_then(Value::as_object_mut) {
                    aff.remove("nodeAffinity");
                    if aff.is_empty() {
                        spec.remove("affinity");
                    }
                }
            }
            if let Some(meta) = t.get_mut("metadata").and_then(Value::as_object_mut) {
                meta.remove("labels");
                meta.remove("annotations");
            }
            t
        };
        if !suspended_never_started || strip(&old_t) != strip(&new_t) {
            causes.push(Cause::invalid("spec.template", "core.PodTemplateSpec{...}", "field is immutable"));
        }
    }
    for field in ["selector", "completionMode", "podFailurePolicy", "backoffLimitPerIndex", "managedBy", "successPolicy"] {
        if get(old, &["spec", field]) != get(new, &["spec", field]) {
            let shown = get(new, &["spec", field]).map(|v| v.to_string()).unwrap_or_else(|| "null".into());
            causes.push(Cause::invalid(format!("spec.{field}"), &shown, "field is immutable"));
        }
    }
    causes
}

fn validate_job_webhook(obj: &Value, old: Option<&Value>) -> Vec<Cause> {
    let ns = super::object::namespace(obj);
    if KUEUE_EXCLUDED_NAMESPACES.contains(&ns) {
        return Vec::new();
    }
    let mut causes = Vec::new();
    let field = format!("metadata.labels[{QUEUE_NAME_LABEL}]");
    let new_q = labels(obj).get(QUEUE_NAME_LABEL).cloned();
    if let Some(q) = new_q.as_deref().filter(|q| !q.is_empty()) {
        for m in validation::dns1123_subdomain(q) {
            causes.push(Cause::invalid(field.clone(), &format!("{q:?}"), &m));
        }
    }
    if let Some(old) = old {
        let old_q = labels(old).get(QUEUE_NAME_LABEL).cloned();
        let running = !get(old, &["spec", "suspend"]).and_then(Value::as_bool).unwrap_or(false);
        if running && old_q != new_q {
            causes.push(Cause::invalid(field, &format!("{:?}", new_q.unwrap_or_default()), "field is immutable"));
        }
    }
    causes
}

const TAINT_EFFECTS: [&str; 3] = ["NoSchedule", "PreferNoSchedule", "NoExecute"];

/// The ResourceFlavor CRD's schema and CEL rules, and `vresourceflavor.kb.io`'s label checks (`kueue.md` §4.1).
fn validate_resource_flavor(obj: &Value) -> Vec<Cause> {
    let mut causes = Vec::new();
    if let Some(labels) = get(obj, &["spec", "nodeLabels"]).and_then(Value::as_object) {
        if labels.len() > 8 {
            causes.push(Cause {
                reason: "FieldValueTooMany",
                field: "spec.nodeLabels".into(),
                message: format!("Too many: {}: must have at most 8 items", labels.len()),
            });
        }
        for (k, v) in labels {
            for m in validation::qualified_name(k) {
                causes.push(Cause::invalid("spec.nodeLabels", &format!("{k:?}"), &m));
            }
            let value = v.as_str().unwrap_or("");
            for m in validation::label_value(value) {
                causes.push(Cause::invalid(format!("spec.nodeLabels[{k}]"), &format!("{value:?}"), &m));
            }
        }
    }
    for (i, t) in get(obj, &["spec", "nodeTaints"]).and_then(Value::as_array).into_iter().flatten().enumerate() {
        let effect = t.get("effect").and_then(Value::as_str).unwrap_or("");
        if !TAINT_EFFECTS.contains(&effect) {
            causes.push(Cause::invalid(
                format!("spec.nodeTaints[{i}]"),
                "\"object\"",
                "supported taint effect values: 'NoSchedule', 'PreferNoSchedule', 'NoExecute'",
            ));
        }
    }
    causes
}

const STRATEGIES: [&str; 2] = ["StrictFIFO", "BestEffortFIFO"];
const STOP_POLICIES: [&str; 3] = ["None", "Hold", "HoldAndDrain"];
/// The CRD's pattern for quantities, as its error message quotes it.
const QUANTITY_PATTERN: &str =
    r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$";

/// The ClusterQueue CRD's schema and CEL rules.
fn validate_cluster_queue_schema(obj: &Value) -> Vec<Cause> {
    let mut causes = Vec::new();
    if let Some(s) = get_str(obj, &["spec", "queueingStrategy"]) {
        if !STRATEGIES.contains(&s) {
            causes.push(Cause::not_supported("spec.queueingStrategy", s, &STRATEGIES));
        }
    }
    if let Some(s) = get_str(obj, &["spec", "stopPolicy"]) {
        if !STOP_POLICIES.contains(&s) {
            causes.push(Cause::not_supported("spec.stopPolicy", s, &STOP_POLICIES));
        }
    }
    let has_cohort = get_str(obj, &["spec", "cohortName"]).is_some_and(|c| !c.is_empty());
    for (gi, g) in get(obj, &["spec", "resourceGroups"]).and_then(Value::as_array).into_iter().flatten().enumerate() {
        let covered = g.get("coveredResources").and_then(Value::as_array).map_or(0, Vec::len);
        if g.get("coveredResources").is_none() {
            causes.push(Cause::required(format!("spec.resourceGroups[{gi}].coveredResources"), ""));
        }
        let flavors = g.get("flavors").and_then(Value::as_array);
        if flavors.is_none() {
            causes.push(Cause::required(format!("spec.resourceGroups[{gi}].flavors"), ""));
        }
        for (fi, f) in flavors.into_iter().flatten().enumerate() {
            let resources = f.get("resources").and_then(Value::as_array);
            if resources.is_some_and(|r| r.len() != covered) {
                causes.push(Cause::invalid(
                    format!("spec.resourceGroups[{gi}]"),
                    "\"object\"",
                    "flavors must have the same number of resources as the coveredResources",
                ));
            }
            for (ri, r) in resources.into_iter().flatten().enumerate() {
                let path = format!("spec.resourceGroups[{gi}].flavors[{fi}].resources[{ri}]");
                match r.get("nominalQuota") {
                    None => causes.push(Cause::required(format!("{path}.nominalQuota"), "")),
                    Some(v) => {
                        let text = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
                        if Quantity::parse(&text).is_err() {
                            causes.push(Cause::invalid(
                                format!("{path}.nominalQuota"),
                                &format!("{text:?}"),
                                &format!("{path}.nominalQuota in body should match '{QUANTITY_PATTERN}'"),
                            ));
                        }
                    }
                }
            }
        }
    }
    let any_borrowing = get(obj, &["spec", "resourceGroups"])
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|g| g.get("flavors").and_then(Value::as_array).into_iter().flatten())
        .flat_map(|f| f.get("resources").and_then(Value::as_array).into_iter().flatten())
        .any(|r| r.get("borrowingLimit").is_some());
    if !has_cohort && any_borrowing {
        causes.push(Cause::invalid("spec", "\"object\"", "borrowingLimit must be nil when cohort is empty"));
    }
    causes
}

/// `vclusterqueue.kb.io` (`kueue.md` §5.1).
fn validate_cluster_queue_webhook(obj: &Value) -> Vec<Cause> {
    let mut causes = Vec::new();
    let has_cohort = get_str(obj, &["spec", "cohortName"]).is_some_and(|c| !c.is_empty());
    let mut seen_resources: Vec<String> = Vec::new();
    let mut seen_flavors: Vec<String> = Vec::new();
    for (gi, g) in get(obj, &["spec", "resourceGroups"]).and_then(Value::as_array).into_iter().flatten().enumerate() {
        let covered: Vec<String> = g
            .get("coveredResources")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        for (ci, c) in covered.iter().enumerate() {
            if seen_resources.contains(c) {
                causes.push(Cause::duplicate(format!("spec.resourceGroups[{gi}].coveredResources[{ci}]"), &format!("{c:?}")));
            }
            seen_resources.push(c.clone());
        }
        for (fi, f) in g.get("flavors").and_then(Value::as_array).into_iter().flatten().enumerate() {
            let fname = f.get("name").and_then(Value::as_str).unwrap_or("").to_string();
            if seen_flavors.contains(&fname) {
                causes.push(Cause::duplicate(format!("spec.resourceGroups[{gi}].flavors[{fi}].name"), &format!("{fname:?}")));
            }
            seen_flavors.push(fname);
            for (ri, r) in f.get("resources").and_then(Value::as_array).into_iter().flatten().enumerate() {
                let path = format!("spec.resourceGroups[{gi}].flavors[{fi}].resources[{ri}]");
                let rname = r.get("name").and_then(Value::as_str).unwrap_or("");
                if covered.get(ri).is_some_and(|c| c != rname) {
                    causes.push(Cause::invalid(format!("{path}.name"), &format!("{rname:?}"), "must match the name in coveredResources"));
                }
                let nominal = r
                    .get("nominalQuota")
                    .and_then(|v| Quantity::parse(&v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())).ok());
                for key in ["nominalQuota", "borrowingLimit", "lendingLimit"] {
                    let Some(v) = r.get(key) else { continue };
                    let text = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
                    let Ok(q) = Quantity::parse(&text) else { continue };
                    if q.nanos < 0 {
                        causes.push(Cause::invalid(format!("{path}.{key}"), &format!("{text:?}"), "must be greater than or equal to 0"));
                    }
                    if key == "lendingLimit" {
                        if !has_cohort {
                            causes.push(Cause::invalid(format!("{path}.{key}"), &format!("{text:?}"), "must be nil when cohort is empty"));
                        } else if nominal.is_some_and(|n| q.nanos > n.nanos) {
                            causes.push(Cause::invalid(
                                format!("{path}.{key}"),
                                &format!("{text:?}"),
                                "must be less than or equal to the nominalQuota",
                            ));
                        }
                    }
                }
            }
        }
    }
    causes
}
