//! `kubectl describe` (`kubectl.md` §5): the generic describer Kueue's kinds get
//! (`printUnstructuredContent`), the Job describer, and the Events section — laid out by Go's
//! tabwriter with describe's settings (`kubectl.md` §1.7).

use super::command::{namespace, parse_flags, server_error, Out};
use super::flags::{FlagSpec, Kind};
use super::get::resolve_type;
use super::tabwriter::KUBECTL_DESCRIBE;
use crate::api::duration::human_duration;
use crate::api::object::{get, get_str, parse_time};
use crate::api::registry::KindInfo;
use crate::api::server::kind_info;
use crate::clock::{civil_from_unix, MONTHS};
use crate::cluster::Cluster;
use serde_json::Value;

const FLAGS: &[FlagSpec] =
    &[("selector", Some('l'), Kind::Value), ("all-namespaces", Some('A'), Kind::Bool), ("show-events", None, Kind::Bool)];

/// Kinds with a describer here: the generic one for Kueue's custom resources, and Job's.
fn supported(kind: &KindInfo) -> bool {
    kind.columns.is_some() || matches!(kind.kind, "Job" | "Pod" | "Namespace" | "Node")
}

/// `smartLabelFor`: `nominalQuota` → `Nominal Quota`, `apiVersion` → `API Version`,
/// `instance-type` → `Instance - Type`; keys with other characters stay as they are.
pub fn smart_label(field: &str) -> String {
    if field.chars().any(|c| !c.is_alphabetic() && c != '-') {
        return field.to_string();
    }
    let mut parts: Vec<String> = Vec::new();
    let chars: Vec<char> = field.chars().collect();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let boundary = if c == '-' {
            true
        } else if let Some(&prev) = i.checked_sub(1).and_then(|j| chars.get(j)) {
            (prev.is_lowercase() && c.is_uppercase())
                || prev == '-'
                || (prev.is_uppercase() && c.is_uppercase() && chars.get(i + 1).is_some_and(|n| n.is_lowercase()))
        } else {
            false
        };
        if boundary && !cur.is_empty() {
            parts.push(std::mem::take(&mut cur));
        }
        if c == '-' {
            parts.push("-".into());
            continue;
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    parts
        .into_iter()
        .map(|p| {
            let upper = p.to_uppercase();
            if ["API", "URL", "UID", "OSB", "GUID"].contains(&upper.as_str()) {
                upper
            } else {
                let mut c = p.chars();
                c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn indent(level: usize) -> String {
    "  ".repeat(level)
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "<nil>".into(),
        other => other.to_string(),
    }
}

fn unstructured(out: &mut String, level: usize, content: &serde_json::Map<String, Value>, prefix: &str) {
    const SKIP: [&str; 5] =
        [".metadata.name", ".metadata.namespace", ".metadata.labels", ".metadata.annotations", ".metadata.managedFields"];
    for (field, value) in content {
        let path = format!("{prefix}.{field}");
        if SKIP.contains(&path.as_str()) {
            continue;
        }
        match value {
            Value::Object(m) => {
                out.push_str(&format!("{}{}:\n", indent(level), smart_label(field)));
                unstructured(out, level + 1, m, &path);
            }
            Value::Array(items) => {
                out.push_str(&format!("{}{}:\n", indent(level), smart_label(field)));
                for item in items {
                    match item {
                        Value::Object(m) => unstructured(out, level + 1, m, &path),
                        other => out.push_str(&format!("{}{}\n", indent(level + 1), scalar(other))),
                    }
                }
            }
            other => out.push_str(&format!("{}{}:\t{}\n", indent(level), smart_label(field), scalar(other))),
        }
    }
}

/// `Labels:` with one `k=v` per line (continuations start with a tab), or `<none>`.
pub(super) fn labels_block(out: &mut String, first_indent: &str, title: &str, labels: &serde_json::Map<String, Value>) {
    let mut pairs: Vec<String> = labels.iter().map(|(k, v)| format!("{k}={}", scalar(v))).collect();
    pairs.sort();
    if pairs.is_empty() {
        out.push_str(&format!("{first_indent}{title}:\t<none>\n"));
        return;
    }
    for (i, p) in pairs.iter().enumerate() {
        if i == 0 {
            out.push_str(&format!("{first_indent}{title}:\t{p}\n"));
        } else {
            out.push_str(&format!("{first_indent}\t{p}\n"));
        }
    }
}

pub(super) fn annotations_block(out: &mut String, first_indent: &str, annotations: &serde_json::Map<String, Value>) {
    let shown: Vec<(&String, String)> =
        annotations.iter().filter(|(k, _)| *k != "kubectl.kubernetes.io/last-applied-configuration").map(|(k, v)| (k, scalar(v))).collect();
    if shown.is_empty() {
        out.push_str(&format!("{first_indent}Annotations:\t<none>\n"));
        return;
    }
    for (i, (k, v)) in shown.iter().enumerate() {
        let line = if v.len() + k.len() > 140 || v.contains('\n') {
            format!("{k}:\n{first_indent}  {}", v.chars().take(138).collect::<String>())
        } else {
            format!("{k}: {v}")
        };
        if i == 0 {
            out.push_str(&format!("{first_indent}Annotations:\t{line}\n"));
        } else {
            out.push_str(&format!("{first_indent}\t{line}\n"));
        }
    }
}

/// `Wed, 02 Dec 2026 09:21:40 +0000`
pub(super) fn rfc1123z(unix: i64) -> String {
    let (y, m, d, hh, mm, ss) = civil_from_unix(unix);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][unix.div_euclid(86_400).rem_euclid(7) as usize];
    format!("{weekday}, {d:02} {} {y} {hh:02}:{mm:02}:{ss:02} +0000", MONTHS[(m - 1) as usize])
}

/// The Events section (`DescribeEvents`). A node's events are also matched by name, as the
/// kubelet records them against the node's name rather than its uid.
pub(super) fn events_block(c: &Cluster, obj: &Value) -> String {
    let ns = get_str(obj, &["metadata", "namespace"]).filter(|n| !n.is_empty()).unwrap_or("default");
    let uid = get_str(obj, &["metadata", "uid"]).unwrap_or("");
    let now = c.now_unix();
    let mut events: Vec<Value> = c
        .api
        .list_objects(kind_info("Event"), Some(ns), &Default::default(), &Default::default())
        .unwrap_or_default()
        .into_iter()
        .filter(|e| {
            get_str(e, &["involvedObject", "uid"]) == Some(uid)
                || (get_str(obj, &["kind"]) == Some("Node")
                    && get_str(e, &["involvedObject", "kind"]) == Some("Node")
                    && get_str(e, &["involvedObject", "name"]) == get_str(obj, &["metadata", "name"]))
        })
        .collect();
    if events.is_empty() {
        return "Events:\t<none>\n".into();
    }
    events.sort_by_key(|e| get_str(e, &["lastTimestamp"]).and_then(parse_time).unwrap_or(0));
    let mut table = String::from("  Type\tReason\tAge\tFrom\tMessage\n  ----\t------\t----\t----\t-------\n");
    for e in &events {
        let first = get_str(e, &["firstTimestamp"]).and_then(parse_time).unwrap_or(now);
        let last = get_str(e, &["lastTimestamp"]).and_then(parse_time).unwrap_or(first);
        let count = e.get("count").and_then(Value::as_i64).unwrap_or(1);
        let age = if count > 1 {
            format!("{} (x{count} over {})", human_duration(now - last), human_duration(now - first))
        } else {
            human_duration(now - first)
        };
        table.push_str(&format!(
            "  {}\t{}\t{}\t{}\t{}\n",
            get_str(e, &["type"]).unwrap_or(""),
            get_str(e, &["reason"]).unwrap_or(""),
            age,
            get_str(e, &["source", "component"]).unwrap_or(""),
            get_str(e, &["message"]).unwrap_or("").trim()
        ));
    }
    format!("Events:\n{}", KUBECTL_DESCRIBE.format(&table))
}

fn describe_generic(c: &Cluster, obj: &Value) -> String {
    let mut text = format!(
        "Name:\t{}\nNamespace:\t{}\n",
        get_str(obj, &["metadata", "name"]).unwrap_or(""),
        get_str(obj, &["metadata", "namespace"]).unwrap_or("")
    );
    labels_block(&mut text, "", "Labels", &get(obj, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default());
    annotations_block(&mut text, "", &get(obj, &["metadata", "annotations"]).and_then(Value::as_object).cloned().unwrap_or_default());
    if let Some(m) = obj.as_object() {
        unstructured(&mut text, 0, m, "");
    }
    let events = events_block(c, obj);
    // `Events:\t<none>` joins the block above it; an events table is laid out on its own.
    if events.starts_with("Events:\t") {
        text.push_str(&events);
        KUBECTL_DESCRIBE.format(&text)
    } else {
        format!("{}{events}", KUBECTL_DESCRIBE.format(&text))
    }
}

fn quantity_lines(text: &mut String, title: &str, m: Option<&Value>) {
    let Some(m) = m.and_then(Value::as_object).filter(|m| !m.is_empty()) else { return };
    text.push_str(&format!("    {title}:\n"));
    for (k, v) in m {
        text.push_str(&format!("      {k}:\t{}\n", scalar(v)));
    }
}

fn describe_job(c: &Cluster, job: &Value) -> String {
    let s = |p: &[&str]| get(job, p).map(scalar).unwrap_or_default();
    let mut t = format!("Name:\t{}\nNamespace:\t{}\n", s(&["metadata", "name"]), s(&["metadata", "namespace"]));
    let selector = get(job, &["spec", "selector", "matchLabels"])
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, v)| format!("{k}={}", scalar(v))).collect::<Vec<_>>().join(","))
        .unwrap_or_default();
    t.push_str(&format!("Selector:\t{}\n", if selector.is_empty() { "<none>".to_string() } else { selector }));
    labels_block(&mut t, "", "Labels", &get(job, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default());
    annotations_block(&mut t, "", &get(job, &["metadata", "annotations"]).and_then(Value::as_object).cloned().unwrap_or_default());
    t.push_str(&format!("Parallelism:\t{}\n", s(&["spec", "parallelism"])));
    t.push_str(&format!("Completions:\t{}\n", get(job, &["spec", "completions"]).map(scalar).unwrap_or_else(|| "<unset>".into())));
    t.push_str(&format!("Completion Mode:\t{}\n", s(&["spec", "completionMode"])));
    t.push_str(&format!("Suspend:\t{}\n", s(&["spec", "suspend"])));
    t.push_str(&format!("Backoff Limit:\t{}\n", s(&["spec", "backoffLimit"])));
    if let Some(v) = get(job, &["spec", "ttlSecondsAfterFinished"]) {
        t.push_str(&format!("TTL Seconds After Finished:\t{}\n", scalar(v)));
    }
    if let Some(v) = get(job, &["spec", "activeDeadlineSeconds"]) {
        t.push_str(&format!("Active Deadline Seconds:\t{}s\n", scalar(v)));
    }
    let start = get_str(job, &["status", "startTime"]).and_then(parse_time);
    let end = get_str(job, &["status", "completionTime"]).and_then(parse_time);
    if let Some(st) = start {
        t.push_str(&format!("Start Time:\t{}\n", rfc1123z(st)));
    }
    if let Some(e) = end {
        t.push_str(&format!("Completed At:\t{}\n", rfc1123z(e)));
    }
    if let (Some(st), Some(e)) = (start, end) {
        t.push_str(&format!("Duration:\t{}\n", human_duration(e - st)));
    }
    let n = |k: &str| get(job, &["status", k]).and_then(Value::as_i64).unwrap_or(0);
    t.push_str(&format!(
        "Pods Statuses:\t{} Active ({} Ready) / {} Succeeded / {} Failed\n",
        n("active"),
        n("ready"),
        n("succeeded"),
        n("failed")
    ));
    let tpl = get(job, &["spec", "template"]).cloned().unwrap_or(Value::Null);
    t.push_str("Pod Template:\n");
    labels_block(&mut t, "  ", "Labels", &get(&tpl, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default());
    if let Some(a) = get(&tpl, &["metadata", "annotations"]).and_then(Value::as_object).filter(|a| !a.is_empty()) {
        annotations_block(&mut t, "  ", a);
    }
    t.push_str("  Containers:\n");
    for ct in get(&tpl, &["spec", "containers"]).and_then(Value::as_array).into_iter().flatten() {
        t.push_str(&format!("   {}:\n", get_str(ct, &["name"]).unwrap_or("")));
        t.push_str(&format!("    Image:\t{}\n", get_str(ct, &["image"]).unwrap_or("")));
        let port = get(ct, &["ports"])
            .and_then(Value::as_array)
            .and_then(|p| p.first())
            .map(|p| format!("{}/{}", scalar(&p["containerPort"]), p.get("protocol").and_then(Value::as_str).unwrap_or("TCP")));
        t.push_str(&format!("    Port:\t{}\n", port.clone().unwrap_or_else(|| "<none>".into())));
        t.push_str("    Host Port:\t<none>\n");
        for (title, key) in [("Command", "command"), ("Args", "args")] {
            if let Some(list) = get(ct, &[key]).and_then(Value::as_array).filter(|l| !l.is_empty()) {
                t.push_str(&format!("    {title}:\n"));
                for item in list {
                    t.push_str(&format!("      {}\n", scalar(item)));
                }
            }
        }
        quantity_lines(&mut t, "Limits", get(ct, &["resources", "limits"]));
        quantity_lines(&mut t, "Requests", get(ct, &["resources", "requests"]));
        let env: Vec<String> = get(ct, &["env"])
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|e| format!("      {}:\t{}", get_str(e, &["name"]).unwrap_or(""), get_str(e, &["value"]).unwrap_or("")))
            .collect();
        if env.is_empty() {
            t.push_str("    Environment:\t<none>\n");
        } else {
            t.push_str("    Environment:\n");
            for e in env {
                t.push_str(&e);
                t.push('\n');
            }
        }
        t.push_str("    Mounts:\t<none>\n");
    }
    t.push_str("  Volumes:\t<none>\n");
    let selectors: Vec<String> = get(&tpl, &["spec", "nodeSelector"])
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(k, v)| format!("{k}={}", scalar(v)))
        .collect();
    t.push_str(&format!("  Node-Selectors:\t{}\n", if selectors.is_empty() { "<none>".to_string() } else { selectors.join("\n\t") }));
    t.push_str(&format!("  Tolerations:\t{}\n", tolerations_text(get(&tpl, &["spec", "tolerations"]))));
    let events = events_block(c, job);
    if events.starts_with("Events:\t") {
        t.push_str(&events);
        KUBECTL_DESCRIBE.format(&t)
    } else {
        format!("{}{events}", KUBECTL_DESCRIBE.format(&t))
    }
}

fn describe_namespace(ns: &Value) -> String {
    let mut t = format!("Name:\t{}\n", get_str(ns, &["metadata", "name"]).unwrap_or(""));
    labels_block(&mut t, "", "Labels", &get(ns, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default());
    annotations_block(&mut t, "", &get(ns, &["metadata", "annotations"]).and_then(Value::as_object).cloned().unwrap_or_default());
    t.push_str(&format!("Status:\t{}\n", get_str(ns, &["status", "phase"]).unwrap_or("")));
    format!("{}\nNo resource quota.\n\nNo LimitRange resource.\n", KUBECTL_DESCRIBE.format(&t))
}

fn describe_pod(c: &Cluster, pod: &Value) -> String {
    let s = |p: &[&str]| get(pod, p).map(scalar).unwrap_or_default();
    let now = c.now_unix();
    let mut t = format!("Name:\t{}\nNamespace:\t{}\n", s(&["metadata", "name"]), s(&["metadata", "namespace"]));
    t.push_str(&format!("Priority:\t{}\n", get(pod, &["spec", "priority"]).map(scalar).unwrap_or_else(|| "0".into())));
    if let Some(pc) = get_str(pod, &["spec", "priorityClassName"]) {
        t.push_str(&format!("Priority Class Name:\t{pc}\n"));
    }
    t.push_str(&format!("Service Account:\t{}\n", s(&["spec", "serviceAccountName"])));
    let node = match get_str(pod, &["spec", "nodeName"]) {
        Some(n) => format!("{n}/{}", get_str(pod, &["status", "hostIP"]).unwrap_or("")),
        None => "<none>".into(),
    };
    t.push_str(&format!("Node:\t{node}\n"));
    if let Some(st) = get_str(pod, &["status", "startTime"]).and_then(parse_time) {
        t.push_str(&format!("Start Time:\t{}\n", rfc1123z(st)));
    }
    labels_block(&mut t, "", "Labels", &get(pod, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default());
    annotations_block(&mut t, "", &get(pod, &["metadata", "annotations"]).and_then(Value::as_object).cloned().unwrap_or_default());
    let phase = s(&["status", "phase"]);
    match get_str(pod, &["metadata", "deletionTimestamp"]).and_then(parse_time) {
        Some(d) if phase != "Succeeded" && phase != "Failed" => {
            t.push_str(&format!("Status:\tTerminating (lasts {})\n", human_duration(now - d)));
            t.push_str(&format!("Termination Grace Period:\t{}s\n", s(&["metadata", "deletionGracePeriodSeconds"])));
        }
        _ => t.push_str(&format!("Status:\t{phase}\n")),
    }
    for k in ["reason", "message"] {
        if let Some(v) = get_str(pod, &["status", k]) {
            t.push_str(&format!("{}:\t{v}\n", smart_label(k)));
        }
    }
    let ip = s(&["status", "podIP"]);
    t.push_str(&format!("IP:\t{ip}\n"));
    let ips: Vec<String> = get(pod, &["status", "podIPs"])
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|x| get_str(x, &["ip"]).map(str::to_string))
        .collect();
    if ips.is_empty() {
        t.push_str("IPs:\t<none>\n");
    } else {
        t.push_str("IPs:\n");
        for i in ips {
            t.push_str(&format!("  IP:\t{i}\n"));
        }
    }
    if let Some(owner) =
        get(pod, &["metadata", "ownerReferences"]).and_then(Value::as_array).and_then(|r| r.iter().find(|o| o["controller"] == true))
    {
        t.push_str(&format!("Controlled By:\t{}/{}\n", get_str(owner, &["kind"]).unwrap_or(""), get_str(owner, &["name"]).unwrap_or("")));
    }
    t.push_str("Containers:\n");
    let statuses = get(pod, &["status", "containerStatuses"]).and_then(Value::as_array).cloned().unwrap_or_default();
    for ct in get(pod, &["spec", "containers"]).and_then(Value::as_array).into_iter().flatten() {
        let name = get_str(ct, &["name"]).unwrap_or("");
        let st = statuses.iter().find(|x| get_str(x, &["name"]) == Some(name));
        t.push_str(&format!("  {name}:\n"));
        if let Some(st) = st {
            t.push_str(&format!("    Container ID:\t{}\n", get_str(st, &["containerID"]).unwrap_or("")));
        }
        t.push_str(&format!("    Image:\t{}\n", get_str(ct, &["image"]).unwrap_or("")));
        if let Some(st) = st {
            t.push_str(&format!("    Image ID:\t{}\n", get_str(st, &["imageID"]).unwrap_or("")));
        }
        t.push_str("    Port:\t<none>\n    Host Port:\t<none>\n");
        for (title, key) in [("Command", "command"), ("Args", "args")] {
            if let Some(list) = get(ct, &[key]).and_then(Value::as_array).filter(|l| !l.is_empty()) {
                t.push_str(&format!("    {title}:\n"));
                for item in list {
                    t.push_str(&format!("      {}\n", scalar(item)));
                }
            }
        }
        if let Some(st) = st {
            let state = st.get("state").cloned().unwrap_or(Value::Null);
            if let Some(r) = state.get("running") {
                t.push_str("    State:\tRunning\n");
                if let Some(at) = get_str(r, &["startedAt"]).and_then(parse_time) {
                    t.push_str(&format!("      Started:\t{}\n", rfc1123z(at)));
                }
            } else if let Some(w) = state.get("waiting") {
                t.push_str("    State:\tWaiting\n");
                t.push_str(&format!("      Reason:\t{}\n", get_str(w, &["reason"]).unwrap_or("")));
            } else if let Some(x) = state.get("terminated") {
                t.push_str("    State:\tTerminated\n");
                t.push_str(&format!("      Reason:\t{}\n", get_str(x, &["reason"]).unwrap_or("")));
                t.push_str(&format!("      Exit Code:\t{}\n", get(x, &["exitCode"]).map(scalar).unwrap_or_default()));
                for (title, key) in [("Started", "startedAt"), ("Finished", "finishedAt")] {
                    if let Some(at) = get_str(x, &[key]).and_then(parse_time) {
                        t.push_str(&format!("      {title}:\t{}\n", rfc1123z(at)));
                    }
                }
            }
            t.push_str(&format!(
                "    Ready:\t{}\n",
                if get(st, &["ready"]).and_then(Value::as_bool).unwrap_or(false) { "True" } else { "False" }
            ));
            t.push_str(&format!("    Restart Count:\t{}\n", get(st, &["restartCount"]).map(scalar).unwrap_or_else(|| "0".into())));
        }
        quantity_lines(&mut t, "Limits", get(ct, &["resources", "limits"]));
        quantity_lines(&mut t, "Requests", get(ct, &["resources", "requests"]));
        t.push_str("    Environment:\t<none>\n");
        let mounts: Vec<String> = get(ct, &["volumeMounts"])
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|m| {
                format!(
                    "      {} from {} ({})",
                    get_str(m, &["mountPath"]).unwrap_or(""),
                    get_str(m, &["name"]).unwrap_or(""),
                    if get(m, &["readOnly"]).and_then(Value::as_bool).unwrap_or(false) { "ro" } else { "rw" }
                )
            })
            .collect();
        if mounts.is_empty() {
            t.push_str("    Mounts:\t<none>\n");
        } else {
            t.push_str("    Mounts:\n");
            for m in mounts {
                t.push_str(&m);
                t.push('\n');
            }
        }
    }
    let conds = get(pod, &["status", "conditions"]).and_then(Value::as_array).cloned().unwrap_or_default();
    if !conds.is_empty() {
        t.push_str("Conditions:\n  Type\tStatus\n");
        for cnd in &conds {
            t.push_str(&format!("  {} \t{} \n", get_str(cnd, &["type"]).unwrap_or(""), get_str(cnd, &["status"]).unwrap_or("")));
        }
    }
    let volumes = get(pod, &["spec", "volumes"]).and_then(Value::as_array).cloned().unwrap_or_default();
    if volumes.is_empty() {
        t.push_str("Volumes:\t<none>\n");
    } else {
        t.push_str("Volumes:\n");
        for v in &volumes {
            t.push_str(&format!("  {}:\n", get_str(v, &["name"]).unwrap_or("")));
            if v.get("projected").is_some() {
                t.push_str("    Type:\tProjected (a volume that contains injected data from multiple sources)\n    TokenExpirationSeconds:\t3607\n    ConfigMapName:\tkube-root-ca.crt\n    ConfigMapOptional:\t<nil>\n    DownwardAPI:\ttrue\n");
            } else {
                t.push_str("    Type:\t(a volume type the simulator does not describe)\n");
            }
        }
    }
    t.push_str(&format!("QoS Class:\t{}\n", s(&["status", "qosClass"])));
    let selectors: Vec<String> = get(pod, &["spec", "nodeSelector"])
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(k, v)| format!("{k}={}", scalar(v)))
        .collect();
    t.push_str(&format!("Node-Selectors:\t{}\n", if selectors.is_empty() { "<none>".to_string() } else { selectors.join("\n\t") }));
    t.push_str(&format!("Tolerations:\t{}\n", tolerations_text(get(pod, &["spec", "tolerations"]))));
    let events = events_block(c, pod);
    if events.starts_with("Events:\t") {
        t.push_str(&events);
        KUBECTL_DESCRIBE.format(&t)
    } else {
        format!("{}{events}", KUBECTL_DESCRIBE.format(&t))
    }
}

fn tolerations_text(list: Option<&Value>) -> String {
    let items: Vec<String> = list
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|x| {
            let key = get_str(x, &["key"]).unwrap_or("");
            let effect = get_str(x, &["effect"]).map(|e| format!(":{e}")).unwrap_or_default();
            let op = get_str(x, &["operator"]).unwrap_or("Equal");
            let value = get_str(x, &["value"]).map(|v| format!("={v}")).unwrap_or_default();
            let secs = get(x, &["tolerationSeconds"]).map(|s| format!(" for {}s", scalar(s))).unwrap_or_default();
            if op == "Exists" {
                format!("{key}{effect} op=Exists{secs}")
            } else {
                format!("{key}{value}{effect}{secs}")
            }
        })
        .collect();
    if items.is_empty() {
        "<none>".into()
    } else {
        items.join("\n\t")
    }
}

pub fn run(out: &mut Out<'_, '_>, args: &[String]) {
    let Some(p) = parse_flags(out, "describe", args, FLAGS) else { return };
    let Some(first) = p.args.first().cloned() else {
        out.err("You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nSee 'kubectl describe -h' for help and examples");
        return;
    };
    let (type_arg, names): (String, Vec<String>) = match first.split_once('/') {
        Some((t, n)) => (t.to_string(), vec![n.to_string()]),
        None => (first.clone(), p.args[1..].to_vec()),
    };
    let Some(kind) = resolve_type(out, &type_arg) else { return };
    if !supported(kind) {
        out.err(&format!(
            "error: \"kubectl describe {}\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)",
            kind.plural
        ));
        return;
    }
    let ns = namespace(&p);
    let scope = if kind.namespaced && !p.flag("all-namespaces") { Some(ns.as_str()) } else { None };
    let labels = crate::api::selector::LabelSelector::parse(p.value("selector").unwrap_or("")).unwrap_or_default();
    let all = out.cluster().api.list_objects(kind, scope, &labels, &Default::default()).unwrap_or_default();
    let mut objects = Vec::new();
    if names.is_empty() {
        objects = all;
        if objects.is_empty() {
            out.warn(&if kind.namespaced && scope.is_some() {
                format!("No resources found in {ns} namespace.")
            } else {
                "No resources found".to_string()
            });
            return;
        }
    } else {
        for n in &names {
            match all.iter().find(|o| get_str(o, &["metadata", "name"]) == Some(n.as_str())) {
                Some(o) => objects.push(o.clone()),
                None => {
                    // Prefix matching: every object whose name starts with the argument.
                    let matching: Vec<Value> = all
                        .iter()
                        .filter(|o| get_str(o, &["metadata", "name"]).is_some_and(|x| x.starts_with(n.as_str())))
                        .cloned()
                        .collect();
                    if matching.is_empty() {
                        let ns_for_err = if kind.namespaced { ns.as_str() } else { "" };
                        let err = out.cluster().api.get(kind, ns_for_err, n).err();
                        if let Some(e) = err {
                            out.err(&server_error(&e, None));
                        }
                    } else {
                        objects.extend(matching);
                    }
                }
            }
        }
    }
    let texts: Vec<String> = objects
        .iter()
        .map(|o| match kind.kind {
            "Job" => describe_job(out.cluster(), o),
            "Pod" => describe_pod(out.cluster(), o),
            "Namespace" => describe_namespace(o),
            "Node" => super::describe_node::describe_node(out.cluster(), o),
            _ => describe_generic(out.cluster(), o),
        })
        .collect();
    out.out(&texts.join("\n\n"));
}

#[cfg(test)]
mod tests {
    use super::smart_label;

    #[test]
    fn smart_labels() {
        assert_eq!(smart_label("apiVersion"), "API Version");
        assert_eq!(smart_label("uid"), "UID");
        assert_eq!(smart_label("nominalQuota"), "Nominal Quota");
        assert_eq!(smart_label("lastTransitionTime"), "Last Transition Time");
        assert_eq!(smart_label("instance-type"), "Instance - Type");
        assert_eq!(smart_label("nvidia.com/gpu"), "nvidia.com/gpu");
        assert_eq!(smart_label("cpu"), "Cpu");
    }
}
