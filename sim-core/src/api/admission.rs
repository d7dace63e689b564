//! Admission: what happens to an object between the request and the store, in the apiserver's
//! order — built-in defaulting, the mutating webhooks (Kueue's Job, ClusterQueue and
//! ResourceFlavor webhooks), then validation (names, built-in rules, Kueue's CEL rules and
//! validating webhooks). Facts: `shared/reference/kubectl.md` §6, `kueue.md` §4–§6.

use super::object::{ensure_map, get, get_str};
use super::quantity::{plainly_canonical, Quantity};
use super::registry::KindInfo;
use super::status::{Cause, Status};
use super::validation::{self, ListType, Pattern, Schema, Str};
use crate::json::{json, MemberKey, Value};

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
        "Cohort" => cohort_crd_defaults(obj),
        "Workload" => workload_crd_defaults(obj),
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
    ensure_map(obj, &["metadata", "labels"]).insert("kubernetes.io/metadata.name", json!(name));
    ensure_map(obj, &["spec"]).insert("finalizers", json!(["kubernetes"]));
    ensure_map(obj, &["status"]).insert("phase", json!("Active"));
}

/// `pkg/apis/batch/v1/defaults.go` and the Job registry strategy (`kubectl.md` §6.1).
fn default_job(obj: &mut Value, uid: &str) {
    let name = super::object::name(obj).to_string();
    // As `labels(obj).is_empty()`, without copying them.
    let own_labels_empty = !get(obj, &["metadata", "labels"]).and_then(Value::as_object).is_some_and(|m| m.values().any(Value::is_string));
    {
        // The defaults go in as one new slice of the spec's members (`add_missing`).
        let spec = ensure_map(obj, &["spec"]);
        let completions = !spec.contains_key("completions") && !spec.contains_key("parallelism");
        let backoff = if spec.contains_key("backoffLimitPerIndex") { 2_147_483_647 } else { 6 };
        let replacement = if spec.contains_key("podFailurePolicy") { "Failed" } else { "TerminatingOrFailed" };
        let manual = spec.get("manualSelector").and_then(Value::as_bool).unwrap_or(false);
        let mut defaults = vec![
            ("parallelism", json!(1)),
            ("backoffLimit", json!(backoff)),
            ("completionMode", json!("NonIndexed")),
            ("suspend", json!(false)),
            ("manualSelector", json!(false)),
            ("podReplacementPolicy", json!(replacement)),
        ];
        if completions {
            defaults.push(("completions", json!(1)));
        }
        // Without a manual selector the selector is always set (as `serviceAccount` for a pod):
        // with the defaults when missing, replaced after them when it differs.
        let selector = (!manual).then(|| json!({"matchLabels": {"batch.kubernetes.io/controller-uid": uid}}));
        let other_selector = selector.as_ref().is_some_and(|sel| spec.get("selector").is_some_and(|v| v != sel));
        if let Some(sel) = &selector {
            defaults.push(("selector", sel.clone()));
        }
        spec.add_missing(&mut defaults);
        if let Some(sel) = selector.filter(|_| other_selector) {
            spec.insert("selector", sel);
        }
    }
    let template_labels = ensure_map(obj, &["spec", "template", "metadata", "labels"]);
    for (k, v) in
        [("batch.kubernetes.io/controller-uid", uid), ("batch.kubernetes.io/job-name", &name), ("controller-uid", uid), ("job-name", &name)]
    {
        template_labels.insert(k, json!(v));
    }
    let copied = template_labels.clone();
    if own_labels_empty {
        ensure_map(obj, &["metadata"]).insert("labels", Value::Object(copied));
    }
    default_pod_spec(ensure_map(obj, &["spec", "template", "spec"]));
}

/// Pod spec defaults (`pkg/apis/core/v1/defaults.go`) as they appear in a Job's template.
pub fn default_pod_spec(spec: &mut crate::json::Map) {
    spec.add_missing(&mut [
        ("dnsPolicy", json!("ClusterFirst")),
        ("schedulerName", json!("default-scheduler")),
        ("securityContext", json!({})),
        ("terminationGracePeriodSeconds", json!(30)),
        ("restartPolicy", json!("Always")),
    ]);
    for list in ["containers", "initContainers"] {
        if let Some(containers) = spec.get_mut(list).and_then(Value::as_array_mut) {
            for c in containers.iter_mut().filter_map(Value::as_object_mut) {
                let image = c.get("image").and_then(Value::as_str).unwrap_or("");
                let last = image.rsplit('/').next().unwrap_or("");
                let tagged = last.contains(':') && !last.ends_with(":latest") || image.contains('@');
                c.add_missing(&mut [
                    ("imagePullPolicy", json!(if tagged { "IfNotPresent" } else { "Always" })),
                    ("resources", json!({})),
                    ("terminationMessagePath", json!("/dev/termination-log")),
                    ("terminationMessagePolicy", json!("File")),
                ]);
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
    // `serviceAccount` is always set to the account's name: added with the defaults when it is
    // missing (one new slice for all of them), replaced after them when it differs.
    let sa = spec.get("serviceAccountName").cloned().unwrap_or(json!("default"));
    let other_sa = spec.get("serviceAccount").is_some_and(|v| *v != sa);
    let automount = spec.get("automountServiceAccountToken").and_then(Value::as_bool).unwrap_or(true);
    let mut defaults = vec![
        ("serviceAccountName", sa.clone()),
        ("serviceAccount", sa.clone()),
        ("enableServiceLinks", json!(true)),
        ("preemptionPolicy", json!("PreemptLowerPriority")),
        ("priority", json!(0)),
        ("tolerations", json!([])),
    ];
    if automount {
        defaults.push(("volumes", json!([])));
    }
    spec.add_missing(&mut defaults);
    if other_sa {
        spec.insert("serviceAccount", sa);
    }
    if automount {
        let volume = format!("kube-api-access-{suffix}");
        if let Some(v) = spec.get_mut("volumes").and_then(Value::as_array_mut) {
            v.push(json!({"name": volume.clone(), "projected": {"defaultMode": 420, "sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
                {"downwardAPI": {"items": [{"path": "namespace", "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}}]}},
            ]}}));
        }
        if let Some(containers) = spec.get_mut("containers").and_then(Value::as_array_mut) {
            for c in containers.iter_mut().filter_map(Value::as_object_mut) {
                let mounts = c.entry("volumeMounts").or_insert_with(|| json!([]));
                if let Some(m) = mounts.as_array_mut() {
                    m.push(json!({"name": volume.clone(), "readOnly": true, "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"}));
                }
            }
        }
    }
    if let Some(t) = spec.get_mut("tolerations").and_then(Value::as_array_mut) {
        for key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
            if !t.iter().any(|x| x.get("key").and_then(Value::as_str) == Some(key)) {
                t.push(json!({"key": key, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}));
            }
        }
    }
    let qos = qos_class(obj);
    let status = ensure_map(obj, &["status"]);
    status.insert("phase", json!("Pending"));
    status.insert("qosClass", json!(qos));
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

/// What an update goes through before validation: Kueue CRDs' defaults; for built-in kinds
/// their typed round trip (quantities canonical).
pub fn normalize_on_update(kind: &KindInfo, obj: &mut Value, stored: &Value) {
    // CRD defaults apply to every write (the mutating webhooks run on create only).
    match kind.kind {
        "ClusterQueue" => cluster_queue_crd_defaults(obj),
        "Cohort" => cohort_crd_defaults(obj),
        "Workload" => workload_crd_defaults(obj),
        _ => {}
    }
    if kind.kind == "Namespace" {
        // The namespace strategy keeps this label on every update.
        let name = super::object::name(obj).to_string();
        ensure_map(obj, &["metadata", "labels"]).insert("kubernetes.io/metadata.name", json!(name));
        return;
    }
    let path: &[&str] = match kind.kind {
        "Job" => &["spec", "template", "spec"],
        "Pod" => &["spec"],
        _ => return,
    };
    // Containers as stored are canonical already: most updates (a controller's, a status write's)
    // leave them as they were, shared with the stored object, and reading them for a change to
    // make would cost a parse per quantity and a copy of every map on the way.
    fn containers<'v>(v: &'v Value, path: &[&str]) -> Option<&'v Value> {
        get(v, path)?.get("containers")
    }
    if containers(obj, path) == containers(stored, path) {
        return;
    }
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
        // Looked at before it is changed: a pod's resources are most often its template's,
        // already canonical and shared, and changing them in place would copy them.
        let changed = |m: &crate::json::Map| m.values().any(|v| canonical_quantity(v).is_some());
        if !r.get(part).and_then(Value::as_object).is_some_and(changed) {
            continue;
        }
        if let Some(m) = r.get_mut(part).and_then(Value::as_object_mut) {
            for v in m.values_mut() {
                if let Some(canonical) = canonical_quantity(v) {
                    *v = canonical;
                }
            }
        }
    }
}

/// A quantity's canonical text, where `v` is a quantity not written that way.
fn canonical_quantity(v: &Value) -> Option<Value> {
    let text = match v {
        Value::String(s) if plainly_canonical(s) => return None,
        Value::String(s) => s.to_string(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let canonical = Quantity::parse(&text).ok()?.to_string();
    (v.as_str() != Some(canonical.as_str())).then(|| json!(canonical))
}

/// `mjob.kb.io`: the default LocalQueue, then suspend on create (`kueue.md` §6.2).
fn kueue_job_webhook(obj: &mut Value, lookup: &dyn Lookup) {
    let ns = super::object::namespace(obj).to_string();
    if KUEUE_EXCLUDED_NAMESPACES.contains(&ns.as_str()) {
        return;
    }
    let has_queue = super::object::label(obj, QUEUE_NAME_LABEL).is_some_and(|q| !q.is_empty());
    if !has_queue && lookup.exists("LocalQueue", &ns, "default") {
        ensure_map(obj, &["metadata", "labels"]).insert(QUEUE_NAME_LABEL, json!("default"));
    }
    // `ApplyDefaultWorkloadPriorityClass` (WorkloadPriorityClassDefaulting, beta and on in v0.20).
    let has_class = super::object::label(obj, PRIORITY_CLASS_LABEL).is_some_and(|c| !c.is_empty());
    if !has_class && lookup.exists("WorkloadPriorityClass", "", "default") {
        ensure_map(obj, &["metadata", "labels"]).insert(PRIORITY_CLASS_LABEL, json!("default"));
    }
    if super::object::label(obj, QUEUE_NAME_LABEL).is_some_and(|q| !q.is_empty()) {
        ensure_map(obj, &["spec"]).insert("suspend", json!(true));
    }
}

/// The ClusterQueue CRD's defaults (applied by the apiserver on every write).
fn cluster_queue_crd_defaults(obj: &mut Value) {
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
    default_fair_sharing_weight(spec);
}

/// `fairSharing.weight` defaults to the integer 1 when `fairSharing` is given.
fn default_fair_sharing_weight(spec: &mut crate::json::Map) {
    if let Some(fs) = spec.get_mut("fairSharing").and_then(Value::as_object_mut) {
        fs.entry("weight").or_insert(json!(1));
    }
}

/// The Cohort CRD's one default (there is no mutating webhook: quantities stay as written).
fn cohort_crd_defaults(obj: &mut Value) {
    if let Some(spec) = obj.get_mut("spec").and_then(Value::as_object_mut) {
        default_fair_sharing_weight(spec);
    }
}

/// The Workload CRD's defaults: `active`, and each pod set's `name` and `count`.
fn workload_crd_defaults(obj: &mut Value) {
    let Some(spec) = obj.get_mut("spec").and_then(Value::as_object_mut) else { return };
    spec.entry("active").or_insert(json!(true));
    for ps in spec.get_mut("podSets").and_then(Value::as_array_mut).into_iter().flatten().filter_map(Value::as_object_mut) {
        ps.entry("name").or_insert(json!("main"));
        ps.entry("count").or_insert(json!(1));
    }
}

/// The quantity fields of a ClusterQueue (resource quotas and the fair-sharing weight).
fn cluster_queue_quantities(obj: &mut Value) -> Vec<&mut Value> {
    let mut out = Vec::new();
    let Some(spec) = obj.get_mut("spec").and_then(Value::as_object_mut) else { return out };
    for (k, v) in spec.iter_mut() {
        match k.as_str() {
            "fairSharing" => out.extend(v.get_mut("weight")),
            "resourceGroups" => {
                for g in v.as_array_mut().into_iter().flatten() {
                    for f in g.get_mut("flavors").and_then(Value::as_array_mut).into_iter().flatten() {
                        for r in f.get_mut("resources").and_then(Value::as_array_mut).into_iter().flatten() {
                            if let Some(r) = r.as_object_mut() {
                                for (key, q) in r.iter_mut() {
                                    if matches!(key.as_str(), "nominalQuota" | "borrowingLimit" | "lendingLimit") {
                                        out.push(q);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// CRD defaults plus `mclusterqueue.kb.io` (`kueue.md` §1 step 2, §4.2): the finalizer, and,
/// because the webhook decodes the object into Go types and answers with a patch, quantities
/// come back as canonical strings (`2` → `"2"`, `0.5` → `"500m"`). A quantity Go cannot parse
/// fails that decode; `validate` reports it.
fn default_cluster_queue(obj: &mut Value) {
    add_finalizer(obj, RESOURCE_IN_USE_FINALIZER);
    cluster_queue_crd_defaults(obj);
    for v in cluster_queue_quantities(obj) {
        let text = match v {
            Value::String(s) => s.to_string(),
            Value::Number(n) => n.to_string(),
            _ => continue,
        };
        if let Ok(q) = Quantity::parse(&text) {
            *v = json!(q.to_string());
        }
    }
}

/// A mutating webhook that could not decode the object: HTTP 400 without a reason, which
/// kubectl prints as `Error from server: …` (controller-runtime `admission.Errored`, the
/// apiserver's `webhookerrors.ToStatusErr`).
fn mutating_webhook_errored(webhook: &str, message: &str) -> Status {
    Status {
        code: 400,
        reason: "",
        message: format!("admission webhook {webhook:?} denied the request: {message}"),
        details: Box::default(),
    }
}

/// On create, the mutating webhook of a Kueue kind decodes the object into its Go type
/// before any validation: a quantity that does not parse stops the request there.
fn mutating_webhook_decode(kind: &str, obj: &Value) -> Result<(), Status> {
    let unparsable = |v: &Value| match v {
        Value::Number(n) => Quantity::parse(&n.to_string()).is_err(),
        Value::String(s) => Quantity::parse(s).is_err(),
        _ => true,
    };
    let bad = match kind {
        "ClusterQueue" => {
            let mut copy = obj.clone();
            let bad = cluster_queue_quantities(&mut copy).into_iter().any(|v| unparsable(v));
            bad
        }
        "Workload" => get(obj, &["spec", "podSets"]).and_then(Value::as_array).into_iter().flatten().any(|ps| {
            ["initContainers", "containers"].iter().any(|list| {
                get(ps, &["template", "spec", list]).and_then(Value::as_array).into_iter().flatten().any(|c| {
                    ["requests", "limits"]
                        .iter()
                        .any(|part| get(c, &["resources", part]).and_then(Value::as_object).is_some_and(|m| m.values().any(unparsable)))
                })
            })
        }),
        _ => false,
    };
    let webhook = if kind == "Workload" { "mworkload.kb.io" } else { "mclusterqueue.kb.io" };
    if bad {
        return Err(mutating_webhook_errored(webhook, super::quantity::QUANTITY_ERROR));
    }
    Ok(())
}

/// Validation on create and update (`old` is `None` on create). Schema/CEL and built-in errors
/// come back as `Invalid`; Kueue's validating webhooks, which run only when those pass, as a
/// webhook denial.
pub fn validate(kind: &KindInfo, obj: &Value, old: Option<&Value>) -> Result<(), Status> {
    let name = super::object::name(obj);
    let empty = json!({});
    let meta = obj.get("metadata").unwrap_or(&empty);
    if old.is_none() {
        mutating_webhook_decode(kind.kind, obj)?;
    }
    let mut causes = validation::object_meta(meta, kind.kind == "Namespace");
    match kind.kind {
        "Job" => causes.extend(validate_job(obj, old)),
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
    if let Some((schema, has_cel)) = kueue_schema(kind.kind) {
        validation::openapi(schema, obj, "", &mut causes);
        validation::list_sets_and_maps(schema, obj, "", &mut causes);
        if has_cel {
            if validation::blocks_cel(&causes) {
                causes.push(validation::cel_not_checked());
            } else {
                causes.extend(kueue_cel(kind.kind, obj, old));
            }
        }
    }
    if !causes.is_empty() {
        return Err(Status::invalid(kind.kind, kind.group, name, causes));
    }
    let webhook = match kind.kind {
        "ClusterQueue" => Some(("vclusterqueue.kb.io", cluster_queue_webhook(obj))),
        "Cohort" => Some(("vcohort.kb.io", cohort_webhook(obj))),
        "Workload" => Some(("vworkload.kb.io", workload_webhook(obj))),
        "Job" => Some(("vjob.kb.io", validate_job_webhook(obj, old))),
        _ => None,
    };
    if let Some((hook, mut causes)) = webhook {
        // `utilerrors.Aggregate` prints each distinct message once.
        let mut seen = Vec::new();
        causes.retain(|c| {
            let text = c.text();
            let fresh = !seen.contains(&text);
            seen.push(text);
            fresh
        });
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
                    // A text is parsed where it is; anything else as the text it prints.
                    let text = match v {
                        Value::String(s) => std::borrow::Cow::Borrowed(s.as_str()),
                        Value::Number(n) => n.to_string().into(),
                        other => other.to_string().into(),
                    };
                    if Quantity::parse(&text).is_err() {
                        causes.push(Cause::invalid(
                            format!("spec.template.spec.containers[{i}].resources.{part}[{res}]"),
                            &format!("{:?}", &*text),
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
    let (old_t, new_t) = (get(old, &["spec", "template"]).unwrap_or(&Value::Null), get(new, &["spec", "template"]).unwrap_or(&Value::Null));
    // Most updates (status, suspend) leave the template alone: compare in place, copy only to strip.
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
        if !suspended_never_started || strip(old_t) != strip(new_t) {
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

pub const PRIORITY_CLASS_LABEL: &str = "kueue.x-k8s.io/priority-class";
pub const MAX_EXEC_TIME_LABEL: &str = "kueue.x-k8s.io/max-exec-time-seconds";

/// The field path of one label, made only for a cause: nearly every Job passes.
fn label_path(label: &str) -> String {
    ["metadata.labels[", label, "]"].concat()
}

/// `vjob.kb.io` (`pkg/controller/jobs/job/job_webhook.go` and `jobframework/validation.go`):
/// on create `ValidateJobOnCreate`; on update that again for the new Job, then
/// `ValidateJobOnUpdate`. "Suspended" is the new Job's `spec.suspend`.
fn validate_job_webhook(obj: &Value, old: Option<&Value>) -> Vec<Cause> {
    let ns = super::object::namespace(obj);
    if KUEUE_EXCLUDED_NAMESPACES.contains(&ns) {
        return Vec::new();
    }
    let mut causes = Vec::new();
    // Labels looked up one by one where they are (a map of every label was built per write).
    fn label<'a>(o: &'a Value, key: &str) -> &'a str {
        crate::api::object::label(o, key).unwrap_or_default()
    }
    // `ValidateLabelAsCRDName`: the messages joined with ",".
    if let Some(q) = crate::api::object::label(obj, QUEUE_NAME_LABEL) {
        let problems = validation::dns1123_subdomain(q);
        if !problems.is_empty() {
            causes.push(Cause::invalid(label_path(QUEUE_NAME_LABEL), &format!("{q:?}"), &problems.join(",")));
        }
    }
    // `validateCreateForMaxExecTime`.
    if let Some(v) = crate::api::object::label(obj, MAX_EXEC_TIME_LABEL) {
        match go_atoi(v) {
            Err(e) => causes.push(Cause::invalid(label_path(MAX_EXEC_TIME_LABEL), &format!("{v:?}"), &e)),
            Ok(n) if n <= 0 => causes.push(Cause::invalid(label_path(MAX_EXEC_TIME_LABEL), &n.to_string(), "should be greater than 0")),
            Ok(_) => {}
        }
    }
    let annotation = |o: &Value| get_str(o, &["metadata", "annotations", MIN_PARALLELISM_ANNOTATION]).map(str::to_string);
    // `validatePartialAdmissionCreate` (on update only when the annotation changed).
    if old.is_none_or(|o| annotation(o) != annotation(obj)) {
        causes.extend(validate_min_parallelism(obj));
    }
    causes.extend(validate_sync_completion(obj));
    let Some(old) = old else { return causes };
    let suspended = |o: &Value| get(o, &["spec", "suspend"]).and_then(Value::as_bool).unwrap_or(false);
    // `validateUpdateForQueueName`.
    if !suspended(obj) && label(obj, QUEUE_NAME_LABEL) != label(old, QUEUE_NAME_LABEL) {
        causes.push(Cause::invalid(label_path(QUEUE_NAME_LABEL), &format!("{:?}", label(obj, QUEUE_NAME_LABEL)), "field is immutable"));
    }
    // `validateUpdateForMaxExecTime`.
    if (!suspended(obj) || !suspended(old)) && label(obj, MAX_EXEC_TIME_LABEL) != label(old, MAX_EXEC_TIME_LABEL) {
        causes.push(Cause::invalid(
            label_path(MAX_EXEC_TIME_LABEL),
            &format!("{:?}", label(obj, MAX_EXEC_TIME_LABEL)),
            "field is immutable",
        ));
    }
    // `ValidateUpdateForWorkloadPriorityClassName`.
    let (old_wpc, new_wpc) = (label(old, PRIORITY_CLASS_LABEL), label(obj, PRIORITY_CLASS_LABEL));
    if !suspended(obj) && old_wpc.is_empty() && !new_wpc.is_empty() {
        causes.push(Cause::invalid(
            label_path(PRIORITY_CLASS_LABEL),
            &format!("{new_wpc:?}"),
            "WorkloadPriorityClass cannot be added to a non-suspended workload",
        ));
    } else if new_wpc.is_empty() && !old_wpc.is_empty() {
        causes.push(Cause::invalid(
            label_path(PRIORITY_CLASS_LABEL),
            &format!("{new_wpc:?}"),
            "WorkloadPriorityClass cannot be removed from a workload",
        ));
    }
    // `validatePartialAdmissionUpdate`.
    let parallelism = |o: &Value| get(o, &["spec", "parallelism"]).and_then(Value::as_i64).unwrap_or(1);
    if annotation(old).is_some() && !suspended(old) && parallelism(old) != parallelism(obj) {
        causes.push(Cause::forbidden("spec.parallelism", "cannot change when partial admission is enabled and the job is not suspended"));
    }
    if suspended(old) == suspended(obj) && !suspended(obj) && sync_completion(old) != sync_completion(obj) {
        causes.push(Cause::forbidden(
            format!("metadata.annotations[{SYNC_COMPLETIONS_ANNOTATION}]"),
            "field is immutable while the job is not suspended",
        ));
    }
    causes
}

pub const SYNC_COMPLETIONS_ANNOTATION: &str = "kueue.x-k8s.io/job-completions-equal-parallelism";

/// Go's `strconv.ParseBool`.
pub fn go_parse_bool(s: &str) -> Result<bool, String> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
        _ => Err(format!("strconv.ParseBool: parsing {s:?}: invalid syntax")),
    }
}

/// `syncCompletionWithParallelism`: the annotation, when it parses, says true.
fn sync_completion(job: &Value) -> bool {
    get_str(job, &["metadata", "annotations", SYNC_COMPLETIONS_ANNOTATION]).is_some_and(|v| go_parse_bool(v) == Ok(true))
}

/// `validateSyncCompletionCreate`: a boolean, only for Indexed Jobs whose completions equal
/// their parallelism.
fn validate_sync_completion(job: &Value) -> Vec<Cause> {
    let Some(text) = get_str(job, &["metadata", "annotations", SYNC_COMPLETIONS_ANNOTATION]) else { return Vec::new() };
    let path = format!("metadata.annotations[{SYNC_COMPLETIONS_ANNOTATION}]");
    let enabled = match go_parse_bool(text) {
        Ok(b) => b,
        Err(e) => return vec![Cause::invalid(path, &format!("{text:?}"), &e)],
    };
    let mut causes = Vec::new();
    if enabled {
        if get_str(job, &["spec", "completionMode"]).is_none_or(|m| m == "NonIndexed") {
            causes.push(Cause::invalid(path, &format!("{text:?}"), "should not be enabled for NonIndexed jobs"));
        }
        let parallelism = get(job, &["spec", "parallelism"]).and_then(Value::as_i64);
        let completions = get(job, &["spec", "completions"]).and_then(Value::as_i64);
        if parallelism.unwrap_or(1) != completions.unwrap_or(1) {
            causes.push(Cause::invalid(
                "spec.completions",
                &completions.map_or("null".to_string(), |c| c.to_string()),
                &format!("should be equal to parallelism when {SYNC_COMPLETIONS_ANNOTATION} annotation is true"),
            ));
        }
    }
    causes
}

pub const MIN_PARALLELISM_ANNOTATION: &str = "kueue.x-k8s.io/job-min-parallelism";

/// The Job's pod count as Kueue reads it (`podsCount`): parallelism, or completions when fewer.
fn job_pods_count(job: &Value) -> i64 {
    let parallelism = get(job, &["spec", "parallelism"]).and_then(Value::as_i64).unwrap_or(1);
    get(job, &["spec", "completions"]).and_then(Value::as_i64).map_or(parallelism, |c| parallelism.min(c))
}

/// The `kueue.x-k8s.io/job-min-parallelism` annotation: a number in 1..count−1.
fn validate_min_parallelism(job: &Value) -> Vec<Cause> {
    let Some(text) = get_str(job, &["metadata", "annotations", MIN_PARALLELISM_ANNOTATION]) else { return Vec::new() };
    let path = format!("metadata.annotations[{MIN_PARALLELISM_ANNOTATION}]");
    let count = job_pods_count(job);
    match go_atoi(text) {
        Err(e) => vec![Cause::invalid(path, &format!("{text:?}"), &e)],
        // Go compares `int32(v)` with the count.
        Ok(v) if (v as i32 as i64) >= count || v <= 0 => {
            vec![Cause::invalid(path, &v.to_string(), &format!("should be between 0 and {}", count - 1))]
        }
        Ok(_) => Vec::new(),
    }
}

/// Go's `strconv.Atoi`, with its error text.
fn go_atoi(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {s:?}: invalid syntax"));
    }
    s.parse::<i64>().map_err(|_| format!("strconv.Atoi: parsing {s:?}: value out of range"))
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

// ---------------------------------------------------------------------------------------------
// Kueue's CRD schemas (`config/components/crd/bases/kueue.x-k8s.io_*.yaml`, v1beta2), their CEL
// rules, and the validating webhooks (`pkg/webhooks`). The apiserver checks the schema, then
// the CEL rules (skipped when a schema error blocks them), and only a request that passes both
// reaches the webhook (`kueue.md` §5).

const NAME_REF: Schema = Schema::Str(Str { max_len: Some(253), pattern: Some(Pattern::DnsSubdomain), ..Str::ANY });
const STRING: Schema = Schema::Str(Str::ANY);
const STRATEGIES: &[&str] = &["StrictFIFO", "BestEffortFIFO"];
const STOP_POLICIES: &[&str] = &["None", "Hold", "HoldAndDrain"];
const FUNGIBILITY: &[&str] = &["MayStopSearch", "TryNextFlavor"];
const PREFERENCES: &[&str] = &["BorrowingOverPreemption", "PreemptionOverBorrowing"];
const RECLAIM_POLICIES: &[&str] = &["Never", "LowerPriority", "Any"];
const BORROW_POLICIES: &[&str] = &["Never", "LowerPriority"];
const WITHIN_CQ_POLICIES: &[&str] = &["Never", "LowerPriority", "LowerOrNewerEqualPriority"];
const ADMISSION_MODES: &[&str] = &["UsageBasedAdmissionFairSharing", "NoAdmissionFairSharing"];
const PRIORITY_GROUPS: &[&str] = &["kueue.x-k8s.io", "scheduling.k8s.io"];
const PRIORITY_KINDS: &[&str] = &["WorkloadPriorityClass", "PriorityClass"];

const fn one_of(values: &'static [&'static str]) -> Schema {
    Schema::Str(Str { one_of: values, ..Str::ANY })
}

const RESOURCE_QUOTA: Schema = Schema::Object {
    props: &[
        ("borrowingLimit", Schema::Quantity),
        ("lendingLimit", Schema::Quantity),
        ("name", STRING),
        ("nominalQuota", Schema::Quantity),
    ],
    required: &["name", "nominalQuota"],
};
const FLAVOR_QUOTAS: Schema = Schema::Object {
    props: &[
        ("name", NAME_REF),
        ("resources", Schema::Array { items: &RESOURCE_QUOTA, min: Some(1), max: Some(64), list: ListType::Map(&["name"]) }),
    ],
    required: &["name", "resources"],
};
const RESOURCE_GROUP: Schema = Schema::Object {
    props: &[
        ("coveredResources", Schema::Array { items: &STRING, min: Some(1), max: Some(64), list: ListType::Atomic }),
        ("flavors", Schema::Array { items: &FLAVOR_QUOTAS, min: Some(1), max: Some(64), list: ListType::Map(&["name"]) }),
    ],
    required: &["coveredResources", "flavors"],
};
const RESOURCE_GROUPS: Schema = Schema::Array { items: &RESOURCE_GROUP, min: None, max: Some(16), list: ListType::Atomic };
const FAIR_SHARING: Schema = Schema::Object { props: &[("weight", Schema::Quantity)], required: &[] };
const LABEL_SELECTOR: Schema = Schema::Object {
    props: &[
        (
            "matchExpressions",
            Schema::Array {
                items: &Schema::Object {
                    props: &[
                        ("key", STRING),
                        ("operator", STRING),
                        ("values", Schema::Array { items: &STRING, min: None, max: None, list: ListType::Atomic }),
                    ],
                    required: &["key", "operator"],
                },
                min: None,
                max: None,
                list: ListType::Atomic,
            },
        ),
        ("matchLabels", Schema::Map(&STRING)),
    ],
    required: &[],
};

const CLUSTER_QUEUE: Schema = Schema::Object {
    props: &[(
        "spec",
        Schema::Object {
            props: &[
                (
                    "admissionChecksStrategy",
                    Schema::Object {
                        props: &[(
                            "admissionChecks",
                            Schema::Array {
                                items: &Schema::Object {
                                    props: &[
                                        ("name", Schema::Str(Str { max_len: Some(316), min_len: Some(1), ..Str::ANY })),
                                        ("onFlavors", Schema::Array { items: &NAME_REF, min: None, max: Some(64), list: ListType::Set }),
                                    ],
                                    required: &["name"],
                                },
                                min: Some(1),
                                max: Some(64),
                                list: ListType::Map(&["name"]),
                            },
                        )],
                        required: &["admissionChecks"],
                    },
                ),
                ("admissionScope", Schema::Object { props: &[("admissionMode", one_of(ADMISSION_MODES))], required: &["admissionMode"] }),
                ("cohortName", NAME_REF),
                ("concurrentAdmissionPolicy", Schema::Any),
                ("fairSharing", FAIR_SHARING),
                (
                    "flavorFungibility",
                    Schema::Object {
                        props: &[
                            ("preference", one_of(PREFERENCES)),
                            ("whenCanBorrow", one_of(FUNGIBILITY)),
                            ("whenCanPreempt", one_of(FUNGIBILITY)),
                        ],
                        required: &[],
                    },
                ),
                ("namespaceSelector", LABEL_SELECTOR),
                (
                    "preemption",
                    Schema::Object {
                        props: &[
                            (
                                "borrowWithinCohort",
                                Schema::Object {
                                    props: &[("maxPriorityThreshold", Schema::Int { min: None }), ("policy", one_of(BORROW_POLICIES))],
                                    required: &[],
                                },
                            ),
                            ("reclaimWithinCohort", one_of(RECLAIM_POLICIES)),
                            ("withinClusterQueue", one_of(WITHIN_CQ_POLICIES)),
                        ],
                        required: &[],
                    },
                ),
                ("queueingStrategy", one_of(STRATEGIES)),
                ("resourceGroups", RESOURCE_GROUPS),
                ("stopPolicy", one_of(STOP_POLICIES)),
            ],
            required: &[],
        },
    )],
    required: &[],
};

const COHORT: Schema = Schema::Object {
    props: &[(
        "spec",
        Schema::Object {
            props: &[("fairSharing", FAIR_SHARING), ("parentName", NAME_REF), ("resourceGroups", RESOURCE_GROUPS)],
            required: &[],
        },
    )],
    required: &[],
};

const WORKLOAD_PRIORITY_CLASS: Schema = Schema::Object {
    props: &[("description", Schema::Str(Str { max_len: Some(2048), ..Str::ANY })), ("value", Schema::Int { min: None })],
    required: &["value"],
};

/// The ResourceFlavor schema's `spec.nodeTaints` (the rest of its spec is checked by
/// `validate_resource_flavor`).
const RESOURCE_FLAVOR: Schema = Schema::Object {
    props: &[(
        "spec",
        Schema::Object {
            props: &[(
                "nodeTaints",
                Schema::Array {
                    items: &Schema::Object {
                        props: &[("effect", STRING), ("key", STRING), ("timeAdded", STRING), ("value", STRING)],
                        required: &["effect", "key"],
                    },
                    min: None,
                    max: Some(8),
                    list: ListType::Atomic,
                },
            )],
            required: &[],
        },
    )],
    required: &[],
};

const POD_SET: Schema = Schema::Object {
    props: &[
        ("count", Schema::Int { min: Some(0) }),
        ("minCount", Schema::Int { min: Some(1) }),
        ("name", Schema::Str(Str { max_len: Some(63), pattern: Some(Pattern::DnsLabel), ..Str::ANY })),
        ("template", Schema::Any),
        ("topologyRequest", Schema::Any),
    ],
    required: &["template"],
};

const WORKLOAD: Schema = Schema::Object {
    props: &[(
        "spec",
        Schema::Object {
            props: &[
                ("active", Schema::Bool),
                ("maximumExecutionTimeSeconds", Schema::Int { min: Some(1) }),
                ("podSets", Schema::Array { items: &POD_SET, min: Some(1), max: Some(18), list: ListType::Map(&["name"]) }),
                (
                    "preemptionGates",
                    Schema::Array {
                        items: &Schema::Object {
                            props: &[("name", Schema::Str(Str { max_len: Some(63), min_len: Some(1), ..Str::ANY }))],
                            required: &["name"],
                        },
                        min: None,
                        max: Some(8),
                        list: ListType::Map(&["name"]),
                    },
                ),
                ("priority", Schema::Int { min: None }),
                (
                    "priorityClassRef",
                    Schema::Object {
                        props: &[
                            ("group", one_of(PRIORITY_GROUPS)),
                            ("kind", one_of(PRIORITY_KINDS)),
                            (
                                "name",
                                Schema::Str(Str {
                                    max_len: Some(253),
                                    min_len: Some(1),
                                    pattern: Some(Pattern::DnsSubdomain),
                                    one_of: &[],
                                }),
                            ),
                        ],
                        required: &["group", "kind", "name"],
                    },
                ),
                ("queueName", NAME_REF),
            ],
            required: &[],
        },
    )],
    required: &[],
};

/// A Kueue kind's schema, and whether its CRD has CEL rules (then a blocking schema error is
/// followed by the "some validation rules were not checked" cause).
fn kueue_schema(kind: &str) -> Option<(&'static Schema, bool)> {
    match kind {
        "ClusterQueue" => Some((&CLUSTER_QUEUE, true)),
        "Cohort" => Some((&COHORT, true)),
        "Workload" => Some((&WORKLOAD, true)),
        "WorkloadPriorityClass" => Some((&WORKLOAD_PRIORITY_CLASS, false)),
        "ResourceFlavor" => Some((&RESOURCE_FLAVOR, false)),
        _ => None,
    }
}

/// The CEL rules (`x-kubernetes-validations`) of a Kueue kind: a node's own rules before its
/// children's.
fn kueue_cel(kind: &str, obj: &Value, old: Option<&Value>) -> Vec<Cause> {
    match kind {
        "ClusterQueue" => cluster_queue_cel(obj),
        "Cohort" => resource_groups_cel(get(obj, &["spec", "resourceGroups"])),
        "Workload" => workload_cel(obj, old),
        _ => Vec::new(),
    }
}

/// `ResourceGroup`'s rule, once per group.
fn resource_groups_cel(groups: Option<&Value>) -> Vec<Cause> {
    let mut causes = Vec::new();
    for (gi, g) in groups.and_then(Value::as_array).into_iter().flatten().enumerate() {
        let covered = g.get("coveredResources").and_then(Value::as_array).map_or(0, |a| a.len());
        let flavors = g.get("flavors").and_then(Value::as_array).into_iter().flatten();
        if flavors.into_iter().any(|f| f.get("resources").and_then(Value::as_array).map_or(0, |a| a.len()) != covered) {
            causes.push(validation::cel(
                &format!("spec.resourceGroups[{gi}]"),
                "object",
                "flavors must have the same number of resources as the coveredResources",
            ));
        }
    }
    causes
}

fn cluster_queue_cel(obj: &Value) -> Vec<Cause> {
    let mut causes = Vec::new();
    let spec = obj.get("spec");
    let has = |k: &str| spec.and_then(|s| s.get(k)).is_some();
    // `!has(self.cohortName) && has(self.resourceGroups) ? …all(r, !has(r.borrowingLimit)) : true`
    if !has("cohortName")
        && has("resourceGroups")
        && all_quotas(spec.and_then(|s| s.get("resourceGroups"))).any(|r| r.get("borrowingLimit").is_some())
    {
        causes.push(validation::cel("spec", "object", "borrowingLimit must be nil when cohort is empty"));
    }
    if let Some(ff) = spec.and_then(|s| s.get("flavorFungibility")) {
        let try_next = |k: &str| ff.get(k).and_then(Value::as_str) == Some("TryNextFlavor");
        if ff.get("preference").is_some() && !(try_next("whenCanBorrow") && try_next("whenCanPreempt")) {
            causes.push(validation::cel(
                "spec.flavorFungibility",
                "object",
                "preference can only be set when both whenCanBorrow and whenCanPreempt are TryNextFlavor",
            ));
        }
    }
    if let Some(p) = spec.and_then(|s| s.get("preemption")) {
        let reclaim_never = p.get("reclaimWithinCohort").and_then(Value::as_str) == Some("Never");
        let borrow_not_never = p.get("borrowWithinCohort").is_some_and(|b| b.get("policy").and_then(Value::as_str) != Some("Never"));
        if reclaim_never && borrow_not_never {
            causes.push(validation::cel("spec.preemption", "object", "reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never"));
        }
    }
    causes.extend(resource_groups_cel(spec.and_then(|s| s.get("resourceGroups"))));
    causes
}

/// Every `ResourceQuota` of every flavor of every group.
fn all_quotas(groups: Option<&Value>) -> impl Iterator<Item = &Value> {
    groups
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|g| g.get("flavors").and_then(Value::as_array).into_iter().flatten())
        .flat_map(|f| f.get("resources").and_then(Value::as_array).into_iter().flatten())
}

fn has_true_condition(obj: &Value, ty: &str) -> bool {
    get(obj, &["status", "conditions"]).and_then(Value::as_array).is_some_and(|cs| {
        cs.iter().any(|c| c.get("type").and_then(Value::as_str) == Some(ty) && c.get("status").and_then(Value::as_str) == Some("True"))
    })
}

fn workload_cel(obj: &Value, old: Option<&Value>) -> Vec<Cause> {
    let mut causes = Vec::new();
    let spec = |o: &'_ Value, k: &str| get(o, &["spec", k]).cloned();
    // Root rules.
    if has_true_condition(obj, "QuotaReserved") {
        if let Some(adm) = get(obj, &["status", "admission"]) {
            let podsets = get(obj, &["spec", "podSets"]).and_then(Value::as_array).map_or(0, |a| a.len());
            let assignments = adm.get("podSetAssignments").and_then(Value::as_array).map_or(0, |a| a.len());
            if podsets != assignments {
                causes.push(validation::cel("", "object", "podSetAssignments must have the same number of podSets as the spec"));
            }
        }
    }
    if let Some(old) = old {
        let old_reserved = has_true_condition(old, "QuotaReserved");
        let (old_ref, new_ref) = (spec(old, "priorityClassRef"), spec(obj, "priorityClassRef"));
        if old_reserved && old_ref.is_some() != new_ref.is_some() {
            causes.push(validation::cel("", "object", "priorityClassRef is immutable while workload quota reserved"));
        }
        if let (true, Some(o), Some(n)) = (old_reserved, &old_ref, &new_ref) {
            for (field, message) in [
                ("group", "priorityClassRef.group is immutable while workload quota reserved"),
                ("kind", "priorityClassRef.kind is immutable while workload quota reserved"),
            ] {
                if o.get(field) != n.get(field) {
                    causes.push(validation::cel("", "object", message));
                }
            }
            let scheduling_pc = n.get("group").and_then(Value::as_str) == Some("scheduling.k8s.io")
                && n.get("kind").and_then(Value::as_str) == Some("PriorityClass");
            if scheduling_pc && o.get("name") != n.get("name") {
                causes.push(validation::cel(
                    "",
                    "object",
                    "priorityClassRef.name is immutable for scheduling.k8s.io/priorityclass while workload quota reserved",
                ));
            }
        }
        if old_reserved && has_true_condition(obj, "QuotaReserved") && spec(old, "queueName") != spec(obj, "queueName") {
            causes.push(validation::cel("", "object", "queueName is immutable while workload quota reserved"));
        }
        let max_exec = |o: &Value| spec(o, "maximumExecutionTimeSeconds").and_then(|v| v.as_i64()).unwrap_or(0);
        if has_true_condition(old, "Admitted") && has_true_condition(obj, "Admitted") && max_exec(old) != max_exec(obj) {
            causes.push(validation::cel("", "object", "maximumExecutionTimeSeconds is immutable while workload quota reserved"));
        }
    }
    // `spec`, then its children: `podSets[i]`, `priorityClassRef`.
    if spec(obj, "priorityClassRef").is_some() && spec(obj, "priority").is_none() {
        causes.push(validation::cel("spec", "object", "priority should not be nil when priorityClassRef is set"));
    }
    for (i, ps) in get(obj, &["spec", "podSets"]).and_then(Value::as_array).into_iter().flatten().enumerate() {
        if let Some(min) = ps.get("minCount").and_then(Value::as_i64) {
            if min > ps.get("count").and_then(Value::as_i64).unwrap_or(1) {
                causes.push(validation::cel(
                    &format!("spec.podSets[{i}]"),
                    "object",
                    "minCount should be positive and less or equal to count",
                ));
            }
        }
    }
    if let Some(r) = spec(obj, "priorityClassRef") {
        let (group, kind) = (r.get("group").and_then(Value::as_str), r.get("kind").and_then(Value::as_str));
        if group == Some("scheduling.k8s.io") && kind != Some("PriorityClass") {
            causes.push(validation::cel(
                "spec.priorityClassRef",
                "object",
                "only the PriorityClass kind is allowed for the scheduling.k8s.io group",
            ));
        }
        if group == Some("kueue.x-k8s.io") && kind != Some("WorkloadPriorityClass") {
            causes.push(validation::cel(
                "spec.priorityClassRef",
                "object",
                "only the WorkloadPriorityClass kind is allowed for the kueue.x-k8s.io group",
            ));
        }
    }
    causes
}

/// A Quantity field as Kueue's Go types read it: the quantity and its canonical text
/// (`resource.Quantity.String()`).
fn quantity(v: Option<&Value>) -> Option<(Quantity, String)> {
    let v = v?;
    let text = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    let q = Quantity::parse(&text).ok()?;
    Some((q, q.to_string()))
}

/// `validationConfig` of `pkg/webhooks/common.go`.
struct LimitsConfig {
    has_parent: bool,
    enforce_nominal_greater_than_lending: bool,
    is_cohort: bool,
}

const IS_NEGATIVE: &str = "must be greater than or equal to 0";

/// `validateResourceGroups` (ClusterQueue and Cohort).
fn webhook_resource_groups(groups: Option<&Value>, config: &LimitsConfig) -> Vec<Cause> {
    let mut causes = Vec::new();
    let mut seen_resources: Vec<&str> = Vec::new();
    let mut seen_flavors: Vec<&str> = Vec::new();
    let empty_msg = format!("must be nil when {} is empty", if config.is_cohort { "parent" } else { "cohort" });
    for (gi, g) in groups.and_then(Value::as_array).into_iter().flatten().enumerate() {
        let covered: Vec<&str> =
            g.get("coveredResources").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        for (ci, c) in covered.iter().enumerate() {
            let path = format!("spec.resourceGroups[{gi}].coveredResources[{ci}]");
            for m in validation::label_key(c) {
                causes.push(Cause::invalid(path.clone(), &format!("{c:?}"), &m));
            }
            if seen_resources.contains(c) {
                causes.push(Cause::duplicate(path, &format!("{c:?}")));
            } else {
                seen_resources.push(c);
            }
        }
        for (fi, f) in g.get("flavors").and_then(Value::as_array).into_iter().flatten().enumerate() {
            let fpath = format!("spec.resourceGroups[{gi}].flavors[{fi}]");
            for (ri, r) in f.get("resources").and_then(Value::as_array).into_iter().flatten().enumerate() {
                let Some(cov) = covered.get(ri) else { break };
                let path = format!("{fpath}.resources[{ri}]");
                let rname = r.get("name").and_then(Value::as_str).unwrap_or("");
                if rname != *cov {
                    causes.push(Cause::invalid(format!("{path}.name"), &format!("{rname:?}"), "must match the name in coveredResources"));
                }
                let nominal = quantity(r.get("nominalQuota"));
                if let Some((q, text)) = &nominal {
                    if q.nanos < 0 {
                        causes.push(Cause::invalid(format!("{path}.nominalQuota"), &format!("{text:?}"), IS_NEGATIVE));
                    }
                }
                if let Some((q, text)) = quantity(r.get("borrowingLimit")) {
                    let p = format!("{path}.borrowingLimit");
                    if !config.has_parent {
                        causes.push(Cause::invalid(p.clone(), &format!("{text:?}"), &empty_msg));
                    }
                    if q.nanos < 0 {
                        causes.push(Cause::invalid(p, &format!("{text:?}"), IS_NEGATIVE));
                    }
                }
                if let Some((q, text)) = quantity(r.get("lendingLimit")) {
                    let p = format!("{path}.lendingLimit");
                    if q.nanos < 0 {
                        causes.push(Cause::invalid(p.clone(), &format!("{text:?}"), IS_NEGATIVE));
                    }
                    if !config.has_parent {
                        causes.push(Cause::invalid(p.clone(), &format!("{text:?}"), &empty_msg));
                    }
                    // A missing nominalQuota is zero to the Go type.
                    let nominal_nanos = nominal.as_ref().map_or(0, |(n, _)| n.nanos);
                    if config.enforce_nominal_greater_than_lending && q.nanos > nominal_nanos {
                        causes.push(Cause::invalid(p, &format!("{text:?}"), "must be less than or equal to the nominalQuota"));
                    }
                }
            }
            let fname = f.get("name").and_then(Value::as_str).unwrap_or("");
            if seen_flavors.contains(&fname) {
                causes.push(Cause::duplicate(format!("{fpath}.name"), &format!("{fname:?}")));
            } else {
                seen_flavors.push(fname);
            }
        }
    }
    causes
}

/// `validateFairSharing`: the weight is reported at `…fairSharing`.
fn webhook_fair_sharing(fs: Option<&Value>, path: &str) -> Vec<Cause> {
    let mut causes = Vec::new();
    if let Some((q, text)) = quantity(fs.and_then(|f| f.get("weight"))) {
        if q.nanos < 0 {
            causes.push(Cause::invalid(path, &format!("{text:?}"), IS_NEGATIVE));
        }
        if q.nanos > 0 && q.nanos <= 1 {
            causes.push(Cause::invalid(path, &format!("{text:?}"), "When not 0, weight must be > 10e-9"));
        }
    }
    causes
}

/// `metav1validation.ValidateLabelSelector` (apimachinery 0.36).
fn webhook_label_selector(sel: Option<&Value>, path: &str) -> Vec<Cause> {
    let mut causes = Vec::new();
    let Some(sel) = sel else { return causes };
    let labels_path = format!("{path}.matchLabels");
    let mut match_labels: Vec<(&MemberKey, &Value)> = sel.get("matchLabels").and_then(Value::as_object).into_iter().flatten().collect();
    crate::sort::sort_by_key(&mut match_labels, |(k, _)| k.as_str());
    for (k, v) in match_labels {
        for m in validation::label_key(k) {
            causes.push(Cause::invalid(labels_path.clone(), &format!("{k:?}"), &m));
        }
        let value = v.as_str().unwrap_or("");
        for m in validation::label_value_content(value) {
            causes.push(Cause::invalid(labels_path.clone(), &format!("{value:?}"), &m));
        }
    }
    for (i, e) in sel.get("matchExpressions").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let p = format!("{path}.matchExpressions[{i}]");
        let values: Vec<&Value> = e.get("values").and_then(Value::as_array).into_iter().flatten().collect();
        let op = e.get("operator").and_then(Value::as_str).unwrap_or("");
        match op {
            "In" | "NotIn" if values.is_empty() => {
                causes.push(Cause::required(format!("{p}.values"), "must be specified when `operator` is 'In' or 'NotIn'"))
            }
            "Exists" | "DoesNotExist" if !values.is_empty() => {
                causes.push(Cause::forbidden(format!("{p}.values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
            }
            "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
            other => causes.push(Cause::invalid(format!("{p}.operator"), &format!("{other:?}"), "not a valid selector operator")),
        }
        let key = e.get("key").and_then(Value::as_str).unwrap_or("");
        for m in validation::label_key(key) {
            causes.push(Cause::invalid(format!("{p}.key"), &format!("{key:?}"), &m));
        }
        for (vi, v) in values.iter().enumerate() {
            let value = v.as_str().unwrap_or("");
            for m in validation::label_value_content(value) {
                causes.push(Cause::invalid(format!("{p}.values[{vi}]"), &format!("{value:?}"), &m));
            }
        }
    }
    causes
}

/// `vclusterqueue.kb.io` (`pkg/webhooks/clusterqueue_webhook.go`, `validateClusterQueueSpec`).
fn cluster_queue_webhook(obj: &Value) -> Vec<Cause> {
    let spec = obj.get("spec");
    let field = |k: &str| spec.and_then(|s| s.get(k));
    let config = LimitsConfig {
        has_parent: field("cohortName").and_then(Value::as_str).is_some_and(|c| !c.is_empty()),
        enforce_nominal_greater_than_lending: true,
        is_cohort: false,
    };
    let groups = field("resourceGroups");
    let mut causes = webhook_resource_groups(groups, &config);
    causes.extend(webhook_label_selector(field("namespaceSelector"), "spec.namespaceSelector"));
    if let Some(p) = field("preemption") {
        let policy = get(p, &["borrowWithinCohort", "policy"]).and_then(Value::as_str);
        if p.get("reclaimWithinCohort").and_then(Value::as_str).unwrap_or("") == "Never"
            && p.get("borrowWithinCohort").is_some()
            && policy.unwrap_or("") != "Never"
        {
            // The Go struct, JSON-encoded (apimachinery 0.36's `field.Error`); the CEL twin
            // of this rule rejects the same objects first, so a learner never sees it.
            causes.push(Cause::invalid(
                "spec.preemption",
                &preemption_json(p),
                "reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never",
            ));
        }
    }
    if let Some(ff) = field("flavorFungibility") {
        if let Some(pref) = ff.get("preference").and_then(Value::as_str) {
            let try_next = |k: &str| ff.get(k).and_then(Value::as_str) == Some("TryNextFlavor");
            if !(try_next("whenCanBorrow") && try_next("whenCanPreempt")) {
                causes.push(Cause::invalid(
                    "spec.flavorFungibility.preference",
                    &format!("{pref:?}"),
                    &format!("preference {pref:?} requires both whenCanBorrow and whenCanPreempt to be TryNextFlavor"),
                ));
            }
        }
    }
    causes.extend(webhook_fair_sharing(field("fairSharing"), "spec.fairSharing"));
    let groups_list: Vec<&Value> = groups.and_then(Value::as_array).into_iter().flatten().collect();
    let count = |g: &Value, k: &str| g.get(k).and_then(Value::as_array).map_or(0, |a| a.len());
    let total_flavors: usize = groups_list.iter().map(|g| count(g, "flavors")).sum();
    if total_flavors > 256 {
        causes.push(Cause::invalid(
            "spec.resourceGroups",
            &total_flavors.to_string(),
            &format!("total number of flavors across all resourceGroups must be ≤ 256, got {total_flavors}"),
        ));
    }
    let total_covered: usize = groups_list.iter().map(|g| count(g, "coveredResources")).sum();
    if total_covered > 256 {
        causes.push(Cause::invalid(
            "spec.resourceGroups",
            &total_covered.to_string(),
            &format!("total number of covered resources across all resourceGroups must be ≤ 256, got {total_covered}"),
        ));
    }
    for (i, g) in groups_list.iter().enumerate() {
        let combos: usize = g.get("flavors").and_then(Value::as_array).into_iter().flatten().map(|f| count(f, "resources")).sum();
        if combos > 512 {
            causes.push(Cause::invalid(
                format!("spec.resourceGroups[{i}]"),
                &combos.to_string(),
                &format!("number of flavor-resource combinations in a resourceGroup must be ≤ 512, got {combos}"),
            ));
        }
    }
    causes
}

/// `ClusterQueuePreemption` as `encoding/json` writes it (fields in Go order, empty ones omitted).
fn preemption_json(p: &Value) -> String {
    let mut out = crate::json::Map::new();
    if let Some(v) = p.get("reclaimWithinCohort").filter(|v| v.as_str() != Some("")) {
        out.insert("reclaimWithinCohort", v.clone());
    }
    if let Some(b) = p.get("borrowWithinCohort") {
        let mut bw = crate::json::Map::new();
        for k in ["policy", "maxPriorityThreshold"] {
            if let Some(v) = b.get(k) {
                bw.insert(k, v.clone());
            }
        }
        out.insert("borrowWithinCohort", Value::Object(bw));
    }
    if let Some(v) = p.get("withinClusterQueue").filter(|v| v.as_str() != Some("")) {
        out.insert("withinClusterQueue", v.clone());
    }
    let ordered: Vec<String> = ["reclaimWithinCohort", "borrowWithinCohort", "withinClusterQueue"]
        .iter()
        .filter_map(|k| out.get(*k).map(|v| format!("{k:?}:{}", json_ordered(v, &["policy", "maxPriorityThreshold"]))))
        .collect();
    format!("{{{}}}", ordered.join(","))
}

fn json_ordered(v: &Value, order: &[&str]) -> String {
    match v.as_object() {
        Some(m) => {
            let parts: Vec<String> = order.iter().filter_map(|k| m.get(*k).map(|x| format!("{k:?}:{x}"))).collect();
            format!("{{{}}}", parts.join(","))
        }
        None => v.to_string(),
    }
}

/// `vcohort.kb.io` (`pkg/webhooks/cohort_webhook.go`): a Cohort may name itself or close a
/// cycle (the cache only disables the tree); a Cohort's lendingLimit may exceed its nominalQuota.
fn cohort_webhook(obj: &Value) -> Vec<Cause> {
    let config = LimitsConfig {
        has_parent: get_str(obj, &["spec", "parentName"]).is_some_and(|p| !p.is_empty()),
        enforce_nominal_greater_than_lending: false,
        is_cohort: true,
    };
    let mut causes = webhook_fair_sharing(get(obj, &["spec", "fairSharing"]), "spec.fairSharing");
    causes.extend(webhook_resource_groups(get(obj, &["spec", "resourceGroups"]), &config));
    causes
}

/// `vworkload.kb.io` (`pkg/webhooks/workload_webhook.go`, `ValidateWorkload`), the parts a
/// hand-written Workload reaches: pod-set labels, the reserved `pods` resource, negative
/// requests and limits (`WorkloadValidateResourcesAreNonNegative`, on), `minCount` on more than
/// one pod set.
fn workload_webhook(obj: &Value) -> Vec<Cause> {
    let mut causes = Vec::new();
    let mut variable = 0;
    for (i, ps) in get(obj, &["spec", "podSets"]).and_then(Value::as_array).into_iter().flatten().enumerate() {
        // Paths are written only for a cause: nearly every Workload passes.
        let path = || format!("spec.podSets[{i}]");
        let labels_path = || format!("spec.podSets[{i}].template.metadata.labels");
        let mut pod_labels: Vec<(&MemberKey, &Value)> =
            get(ps, &["template", "metadata", "labels"]).and_then(Value::as_object).into_iter().flatten().collect();
        crate::sort::sort_by_key(&mut pod_labels, |(k, _)| k.as_str());
        for (k, v) in pod_labels {
            for m in validation::label_key(k) {
                causes.push(Cause::invalid(labels_path(), &format!("{k:?}"), &m));
            }
            let value = v.as_str().unwrap_or("");
            for m in validation::label_value_content(value) {
                causes.push(Cause::invalid(labels_path(), &format!("{value:?}"), &m));
            }
        }
        for list in ["initContainers", "containers"] {
            for (ci, c) in get(ps, &["template", "spec", list]).and_then(Value::as_array).into_iter().flatten().enumerate() {
                for part in ["requests", "limits"] {
                    let p = || format!("{}.template.spec.{list}[{ci}].resources.{part}", path());
                    causes.extend(webhook_resource_list(get(c, &["resources", part]), &p));
                }
            }
        }
        for part in ["requests", "limits"] {
            causes.extend(webhook_resource_list(get(ps, &["template", "spec", "resources", part]), &|| {
                format!("{}.template.spec.resources.{part}", path())
            }));
        }
        if ps.get("minCount").is_some() {
            variable += 1;
        }
    }
    if variable > 1 {
        causes.push(Cause::invalid("spec.podSets", &variable.to_string(), "at most one podSet can use minCount"));
    }
    causes
}

/// `validateResourceList`: `pods` is Kueue's, and quantities may not be negative.
fn webhook_resource_list(list: Option<&Value>, path: &dyn Fn() -> String) -> Vec<Cause> {
    let mut causes = Vec::new();
    let mut entries: Vec<(&MemberKey, &Value)> = list.and_then(Value::as_object).into_iter().flatten().collect();
    crate::sort::sort_by_key(&mut entries, |(k, _)| k.as_str());
    for (name, v) in entries {
        let p = || format!("{}[{name}]", path());
        if name == "pods" {
            causes.push(Cause::invalid(p(), "\"pods\"", "the key is reserved for internal kueue use"));
        }
        // A plainly canonical quantity is not negative: no need to parse it.
        if v.as_str().is_some_and(plainly_canonical) {
            continue;
        }
        if let Some((q, text)) = quantity(Some(v)) {
            if q.nanos < 0 {
                causes.push(Cause::invalid(p(), &format!("{text:?}"), IS_NEGATIVE));
            }
        }
    }
    causes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fields the apiserver always sets are set whether they were missing, given otherwise or
    /// given right: a Job's selector (unless manual) and a pod's `serviceAccount`.
    #[test]
    fn always_set_defaults_replace_what_was_given() {
        let uid_selector = json!({"matchLabels": {"batch.kubernetes.io/controller-uid": "u"}});
        let other = json!({"matchLabels": {"app": "x"}});
        for (given, manual, want) in [
            (None, None, Some(&uid_selector)),
            (Some(&other), None, Some(&uid_selector)),
            (Some(&uid_selector), None, Some(&uid_selector)),
            (Some(&other), Some(true), Some(&other)),
            (None, Some(true), None),
        ] {
            let mut job =
                json!({"metadata": {"name": "j"}, "spec": {"template": {"spec": {"containers": [{"name": "c", "image": "busybox"}]}}}});
            if let Some(g) = given {
                job["spec"]["selector"] = g.clone();
            }
            if let Some(m) = manual {
                job["spec"]["manualSelector"] = json!(m);
            }
            default_job(&mut job, "u");
            assert_eq!(job["spec"].get("selector"), want, "given {given:?}, manual {manual:?}");
            assert_eq!(job["spec"]["parallelism"], 1);
        }
        for (given_name, given_sa, want) in [(None, None, "default"), (Some("robot"), None, "robot"), (Some("robot"), Some("old"), "robot")]
        {
            let mut pod = json!({"metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "image": "busybox"}]}});
            if let Some(n) = given_name {
                pod["spec"]["serviceAccountName"] = json!(n);
            }
            if let Some(sa) = given_sa {
                pod["spec"]["serviceAccount"] = json!(sa);
            }
            default_pod(&mut pod, "abcde");
            assert_eq!((&pod["spec"]["serviceAccountName"], &pod["spec"]["serviceAccount"]), (&json!(want), &json!(want)));
            assert_eq!(pod["spec"]["tolerations"].as_array().map(|t| t.len()), Some(2));
        }
    }

    #[test]
    fn the_preemption_webhook_twin_prints_the_go_struct_as_json() {
        let cq = json!({"spec": {"preemption": {"reclaimWithinCohort": "Never", "withinClusterQueue": "Never", "borrowWithinCohort": {"policy": "LowerPriority", "maxPriorityThreshold": 100}}}});
        let causes = cluster_queue_webhook(&cq);
        assert_eq!(
            causes[0].text(),
            r#"spec.preemption: Invalid value: {"reclaimWithinCohort":"Never","borrowWithinCohort":{"policy":"LowerPriority","maxPriorityThreshold":100},"withinClusterQueue":"Never"}: reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never"#
        );
    }

    #[test]
    fn the_fungibility_webhook_twin_names_the_preference() {
        let cq = json!({"spec": {"flavorFungibility": {"whenCanBorrow": "MayStopSearch", "whenCanPreempt": "TryNextFlavor", "preference": "PreemptionOverBorrowing"}}});
        assert_eq!(
            cluster_queue_webhook(&cq)[0].text(),
            r#"spec.flavorFungibility.preference: Invalid value: "PreemptionOverBorrowing": preference "PreemptionOverBorrowing" requires both whenCanBorrow and whenCanPreempt to be TryNextFlavor"#
        );
    }
}
