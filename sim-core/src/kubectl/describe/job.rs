//! `kubectl describe job` (upstream `describe.go`: `JobDescriber`, `describeJob`, `DescribePodTemplate`).

use super::printer::{annotations_block, events_block, labels_block, quantity_lines, rfc1123z, scalar, tolerations_text};
use crate::api::client::Client;
use crate::api::duration::human_duration;
use crate::api::object::{get, get_str, parse_time};
use crate::json::Value;
use crate::kubectl::tabwriter::KUBECTL_DESCRIBE;

/// A Job: its spec and status counts, the pod template, then the Events section.
pub fn describe_job(c: &mut dyn Client, now: i64, job: &Value) -> String {
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
    let events = events_block(c, now, job);
    if events.starts_with("Events:\t") {
        t.push_str(&events);
        KUBECTL_DESCRIBE.format(&t)
    } else {
        format!("{}{events}", KUBECTL_DESCRIBE.format(&t))
    }
}
