//! `kubectl describe pod` (upstream `describe.go`: `PodDescriber`, `describePod`, `describeContainers`, `describeVolumes`).

use super::printer::{annotations_block, events_block, labels_block, quantity_lines, rfc1123z, scalar, smart_label, tolerations_text};
use crate::api::client::Client;
use crate::api::duration::human_duration;
use crate::api::object::{get, get_str, parse_time};
use crate::json::Value;
use crate::kubectl::tabwriter::KUBECTL_DESCRIBE;

/// A Pod: node, status, IPs, owner, containers with their states, conditions, volumes, QoS,
/// selectors and tolerations, then the Events section.
pub fn describe_pod(c: &mut dyn Client, now: i64, pod: &Value) -> String {
    let s = |p: &[&str]| get(pod, p).map(scalar).unwrap_or_default();
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
    let events = events_block(c, now, pod);
    if events.starts_with("Events:\t") {
        t.push_str(&events);
        KUBECTL_DESCRIBE.format(&t)
    } else {
        format!("{}{events}", KUBECTL_DESCRIBE.format(&t))
    }
}
