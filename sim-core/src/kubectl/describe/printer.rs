//! The blocks kubectl's describers share (upstream `kubectl/pkg/describe/describe.go`): labels, annotations, times, quantities, tolerations, Events.

use crate::api::client::Client;
use crate::api::duration::human_duration;
use crate::api::object::{get, get_str, parse_time};
use crate::api::server::kind_info;
use crate::clock::{civil_from_unix, MONTHS};
use crate::json::Value;
use crate::kubectl::tabwriter::KUBECTL_DESCRIBE;

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

/// A scalar as Go prints it in describe output (`<nil>` for null).
pub fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Null => "<nil>".into(),
        other => other.to_string(),
    }
}

/// `Labels:` with one `k=v` per line (continuations start with a tab), or `<none>`.
pub fn labels_block(out: &mut String, first_indent: &str, title: &str, labels: &crate::json::Map) {
    let mut pairs: Vec<String> = labels.iter().map(|(k, v)| format!("{k}={}", scalar(v))).collect();
    crate::sort::sort(&mut pairs);
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

/// `Annotations:` one per line, kubectl's last-applied configuration left out; long values cut.
pub fn annotations_block(out: &mut String, first_indent: &str, annotations: &crate::json::Map) {
    let shown: Vec<(&crate::json::MemberKey, String)> =
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
pub fn rfc1123z(unix: i64) -> String {
    let (y, m, d, hh, mm, ss) = civil_from_unix(unix);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][unix.div_euclid(86_400).rem_euclid(7) as usize];
    format!("{weekday}, {d:02} {} {y} {hh:02}:{mm:02}:{ss:02} +0000", MONTHS[(m - 1) as usize])
}

/// The Events section (`DescribeEvents`). A node's events are also matched by name, as the
/// kubelet records them against the node's name rather than its uid.
pub fn events_block(c: &mut dyn Client, now: i64, obj: &Value) -> String {
    let ns = get_str(obj, &["metadata", "namespace"]).filter(|n| !n.is_empty()).unwrap_or("default");
    let uid = get_str(obj, &["metadata", "uid"]).unwrap_or("");
    // Events are searched for as kubectl searches them (`searchEvents`: a field selector on the
    // involvedObject, keys in order), which the server answers from its index instead of listing
    // every Event in the namespace. A Node's are matched by name below (the kubelet records them
    // against the node's name, not its uid).
    let search = if get_str(obj, &["kind"]) == Some("Node") {
        String::new()
    } else {
        let mut terms = Vec::new();
        if let Some(kind) = get_str(obj, &["kind"]).filter(|k| !k.is_empty()) {
            terms.push(format!("involvedObject.kind={kind}"));
        }
        terms.push(format!("involvedObject.name={}", get_str(obj, &["metadata", "name"]).unwrap_or("")));
        if let Some(obj_ns) = get_str(obj, &["metadata", "namespace"]).filter(|n| !n.is_empty()) {
            terms.push(format!("involvedObject.namespace={obj_ns}"));
        }
        if !uid.is_empty() {
            terms.push(format!("involvedObject.uid={uid}"));
        }
        terms.join(",")
    };
    let mut events: Vec<Value> = super::super::resource::list(c, kind_info("Event"), Some(ns), "", &search)
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
    crate::sort::sort_by_key(&mut events, |e| get_str(e, &["lastTimestamp"]).and_then(parse_time).unwrap_or(0));
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

/// A container's `Limits:` or `Requests:` block, when it has any.
pub fn quantity_lines(text: &mut String, title: &str, m: Option<&Value>) {
    let Some(m) = m.and_then(Value::as_object).filter(|m| !m.is_empty()) else { return };
    text.push_str(&format!("    {title}:\n"));
    for (k, v) in m {
        text.push_str(&format!("      {k}:\t{}\n", scalar(v)));
    }
}

/// `Tolerations:` as `printTolerationsMultiline` writes them, or `<none>`.
pub fn tolerations_text(list: Option<&Value>) -> String {
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
