//! Server-side tables (`meta.k8s.io/v1` Table): the columns and cells kube-apiserver computes for
//! `kubectl get` — the built-in printers of `pkg/printers/internalversion/printers.go` (1.32) and
//! the CRDs' additionalPrinterColumns. Facts: `shared/reference/kubectl.md` §3, §4, §10.

use super::duration::human_duration;
use super::object::{get, get_str, parse_rfc3339};

use super::registry::{ColumnType, KindInfo};
use super::status::Status;
use crate::json::{json, Map, Value};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    /// `string`, `integer`, `date`
    pub ty: &'static str,
    pub priority: u8,
}

fn c(name: &str, ty: &'static str, priority: u8) -> Column {
    Column { name: name.to_string(), ty, priority }
}

/// The columns the server sends for `kind` (all of them; kubectl hides priority 1 without `-o wide`).
pub fn columns(kind: &KindInfo) -> Vec<Column> {
    if let Some(cols) = kind.columns {
        let mut out = vec![c("Name", "string", 0)];
        if cols.is_empty() {
            out.push(c("Age", "date", 0));
        }
        out.extend(cols.iter().map(|p| {
            let ty = match p.ty {
                ColumnType::String => "string",
                ColumnType::Integer => "integer",
                ColumnType::Date => "date",
            };
            c(p.name, ty, p.priority)
        }));
        return out;
    }
    match kind.kind {
        "Pod" => vec![
            c("Name", "string", 0),
            c("Ready", "string", 0),
            c("Status", "string", 0),
            c("Restarts", "string", 0),
            c("Age", "string", 0),
            c("IP", "string", 1),
            c("Node", "string", 1),
            c("Nominated Node", "string", 1),
            c("Readiness Gates", "string", 1),
        ],
        "Job" => vec![
            c("Name", "string", 0),
            c("Status", "string", 0),
            c("Completions", "string", 0),
            c("Duration", "string", 0),
            c("Age", "string", 0),
            c("Containers", "string", 1),
            c("Images", "string", 1),
            c("Selector", "string", 1),
        ],
        "Node" => vec![
            c("Name", "string", 0),
            c("Status", "string", 0),
            c("Roles", "string", 0),
            c("Age", "string", 0),
            c("Version", "string", 0),
            c("Internal-IP", "string", 1),
            c("External-IP", "string", 1),
            c("OS-Image", "string", 1),
            c("Kernel-Version", "string", 1),
            c("Container-Runtime", "string", 1),
        ],
        "Namespace" => vec![c("Name", "string", 0), c("Status", "string", 0), c("Age", "string", 0)],
        "Event" => vec![
            c("Last Seen", "string", 0),
            c("Type", "string", 0),
            c("Reason", "string", 0),
            c("Object", "string", 0),
            c("Subobject", "string", 1),
            c("Source", "string", 1),
            c("Message", "string", 0),
            c("First Seen", "string", 1),
            c("Count", "string", 1),
            c("Name", "string", 1),
        ],
        "ServiceAccount" => vec![c("Name", "string", 0), c("Secrets", "string", 0), c("Age", "string", 0)],
        "ConfigMap" => vec![c("Name", "string", 0), c("Data", "string", 0), c("Age", "string", 0)],
        "PriorityClass" => {
            vec![
                c("Name", "string", 0),
                c("Value", "integer", 0),
                c("Global-Default", "boolean", 0),
                c("Age", "string", 0),
                c("PreemptionPolicy", "string", 0),
            ]
        }
        // The default table convertor.
        _ => vec![c("Name", "string", 0), c("Created At", "date", 0)],
    }
}

fn age(obj: &Value, path: &[&str], now: i64) -> String {
    match get_str(obj, path).and_then(parse_rfc3339) {
        Some(t) => human_duration(now - t),
        None => "<unknown>".into(),
    }
}

fn condition_true(obj: &Value, ty: &str) -> bool {
    get(obj, &["status", "conditions"]).and_then(Value::as_array).is_some_and(|cs| {
        cs.iter().any(|c| c.get("type").and_then(Value::as_str) == Some(ty) && c.get("status").and_then(Value::as_str) == Some("True"))
    })
}

fn int(obj: &Value, path: &[&str]) -> i64 {
    get(obj, path).and_then(Value::as_i64).unwrap_or(0)
}

/// The cells of one row.
pub fn cells(kind: &KindInfo, obj: &Value, now: i64) -> Vec<Value> {
    let name = json!(get_str(obj, &["metadata", "name"]).unwrap_or(""));
    if let Some(cols) = kind.columns {
        let mut out = vec![name];
        if cols.is_empty() {
            out.push(json!(age(obj, &["metadata", "creationTimestamp"], now)));
        }
        for col in cols {
            let v = crd_column_value(obj, col.json_path);
            out.push(match (col.ty, v) {
                (ColumnType::Date, Some(Value::String(s))) => json!(parse_rfc3339(&s).map(|t| human_duration(now - t)).unwrap_or_default()),
                (_, Some(v)) => v,
                (_, None) => Value::Null,
            });
        }
        return out;
    }
    match kind.kind {
        "Pod" => pod_cells(obj, now),
        "Job" => job_cells(obj, now),
        "Node" => node_cells(obj, now),
        "Namespace" => {
            vec![name, json!(get_str(obj, &["status", "phase"]).unwrap_or("")), json!(age(obj, &["metadata", "creationTimestamp"], now))]
        }
        "Event" => event_cells(obj, now),
        "ServiceAccount" => vec![name, json!(0), json!(age(obj, &["metadata", "creationTimestamp"], now))],
        "ConfigMap" => {
            let n = get(obj, &["data"]).and_then(Value::as_object).map_or(0, |m| m.len())
                + get(obj, &["binaryData"]).and_then(Value::as_object).map_or(0, |m| m.len());
            vec![name, json!(n), json!(age(obj, &["metadata", "creationTimestamp"], now))]
        }
        "PriorityClass" => vec![
            name,
            json!(int(obj, &["value"])),
            json!(get(obj, &["globalDefault"]).and_then(Value::as_bool).unwrap_or(false)),
            json!(age(obj, &["metadata", "creationTimestamp"], now)),
            json!(get_str(obj, &["preemptionPolicy"]).unwrap_or("")),
        ],
        _ => vec![name, json!(get_str(obj, &["metadata", "creationTimestamp"]).unwrap_or(""))],
    }
}

/// Evaluates the simple JSONPaths CRD printer columns use: `.a.b` and `.a[?(@.k=='v')].f`.
fn crd_column_value(obj: &Value, path: &str) -> Option<Value> {
    let mut cur = obj;
    let mut rest = path.strip_prefix('.')?;
    while !rest.is_empty() {
        let end = rest.find(['.', '[']).unwrap_or(rest.len());
        let field = &rest[..end];
        if !field.is_empty() {
            cur = cur.get(field)?;
        }
        rest = &rest[end..];
        if let Some(r) = rest.strip_prefix("[?(@.") {
            let close = r.find(")]")?;
            let (cond, after) = (&r[..close], &r[close + 2..]);
            let (k, v) = cond.split_once("==")?;
            let v = v.trim_matches('\'').trim_matches('"');
            cur = cur.as_array()?.iter().find(|e| e.get(k).and_then(Value::as_str) == Some(v))?;
            rest = after;
        }
        rest = rest.strip_prefix('.').unwrap_or(rest);
    }
    Some(cur.clone())
}

/// `printPod` (`kubectl.md` §4).
fn pod_cells(obj: &Value, now: i64) -> Vec<Value> {
    let containers = get(obj, &["spec", "containers"]).and_then(Value::as_array).map_or(0, |a| a.len());
    let mut reason = get_str(obj, &["status", "reason"]).or(get_str(obj, &["status", "phase"])).unwrap_or("").to_string();
    let none = crate::json::Array::new();
    let conditions = get(obj, &["status", "conditions"]).and_then(Value::as_array).unwrap_or(&none);
    if conditions.iter().any(|c| {
        c.get("type").and_then(Value::as_str) == Some("PodScheduled") && c.get("reason").and_then(Value::as_str) == Some("SchedulingGated")
    }) {
        reason = "SchedulingGated".into();
    }
    let statuses = get(obj, &["status", "containerStatuses"]).and_then(Value::as_array).unwrap_or(&none);
    let mut ready = 0;
    let mut restarts = 0;
    let mut has_running = false;
    for cs in statuses.iter().rev() {
        restarts += cs.get("restartCount").and_then(Value::as_i64).unwrap_or(0);
        let state = cs.get("state").cloned().unwrap_or(json!({}));
        if let Some(r) = get_str(&state, &["waiting", "reason"]).filter(|r| !r.is_empty()) {
            reason = r.to_string();
        } else if let Some(t) = state.get("terminated") {
            reason = match t.get("reason").and_then(Value::as_str).filter(|r| !r.is_empty()) {
                Some(r) => r.to_string(),
                None => match t.get("signal").and_then(Value::as_i64).filter(|s| *s != 0) {
                    Some(sig) => format!("Signal:{sig}"),
                    None => format!("ExitCode:{}", t.get("exitCode").and_then(Value::as_i64).unwrap_or(0)),
                },
            };
        } else if state.get("running").is_some() && cs.get("ready").and_then(Value::as_bool).unwrap_or(false) {
            has_running = true;
            ready += 1;
        }
    }
    if reason == "Completed" && has_running {
        reason = if condition_true(obj, "Ready") { "Running".into() } else { "NotReady".into() };
    }
    let phase = get_str(obj, &["status", "phase"]).unwrap_or("");
    if get(obj, &["metadata", "deletionTimestamp"]).is_some() {
        if get_str(obj, &["status", "reason"]) == Some("NodeLost") {
            reason = "Unknown".into();
        } else if phase != "Succeeded" && phase != "Failed" {
            reason = "Terminating".into();
        }
    }
    let ip = get(obj, &["status", "podIPs"])
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(|p| p.get("ip"))
        .and_then(Value::as_str)
        .unwrap_or("<none>");
    let node = get_str(obj, &["spec", "nodeName"]).filter(|n| !n.is_empty()).unwrap_or("<none>");
    let nominated = get_str(obj, &["status", "nominatedNodeName"]).filter(|n| !n.is_empty()).unwrap_or("<none>");
    vec![
        json!(get_str(obj, &["metadata", "name"]).unwrap_or("")),
        json!(format!("{ready}/{containers}")),
        json!(reason),
        json!(restarts.to_string()),
        json!(age(obj, &["metadata", "creationTimestamp"], now)),
        json!(ip),
        json!(node),
        json!(nominated),
        json!("<none>"),
    ]
}

/// `printJob`.
fn job_cells(obj: &Value, now: i64) -> Vec<Value> {
    let status = if condition_true(obj, "Complete") {
        "Complete"
    } else if condition_true(obj, "Failed") {
        "Failed"
    } else if get(obj, &["metadata", "deletionTimestamp"]).is_some() {
        "Terminating"
    } else if condition_true(obj, "Suspended") {
        "Suspended"
    } else if condition_true(obj, "FailureTarget") {
        "FailureTarget"
    } else {
        "Running"
    };
    let succeeded = int(obj, &["status", "succeeded"]);
    let completions = match get(obj, &["spec", "completions"]).and_then(Value::as_i64) {
        Some(n) => format!("{succeeded}/{n}"),
        None => {
            let p = get(obj, &["spec", "parallelism"]).and_then(Value::as_i64).unwrap_or(1);
            if p > 1 {
                format!("{succeeded}/1 of {p}")
            } else {
                format!("{succeeded}/1")
            }
        }
    };
    let start = get_str(obj, &["status", "startTime"]).and_then(parse_rfc3339);
    let end = get_str(obj, &["status", "completionTime"]).and_then(parse_rfc3339);
    let duration = match (start, end) {
        (None, _) => String::new(),
        (Some(s), Some(e)) => human_duration(e - s),
        (Some(s), None) => human_duration(now - s),
    };
    let containers: Vec<&Value> =
        get(obj, &["spec", "template", "spec", "containers"]).and_then(Value::as_array).map(|a| a.iter().collect()).unwrap_or_default();
    let names: Vec<&str> = containers.iter().filter_map(|c| c.get("name").and_then(Value::as_str)).collect();
    let images: Vec<&str> = containers.iter().filter_map(|c| c.get("image").and_then(Value::as_str)).collect();
    let selector = get(obj, &["spec", "selector", "matchLabels"])
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or(""))).collect::<Vec<_>>().join(","))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "<none>".into());
    vec![
        json!(get_str(obj, &["metadata", "name"]).unwrap_or("")),
        json!(status),
        json!(completions),
        json!(duration),
        json!(age(obj, &["metadata", "creationTimestamp"], now)),
        json!(names.join(",")),
        json!(images.join(",")),
        json!(selector),
    ]
}

/// `printNode`.
fn node_cells(obj: &Value, now: i64) -> Vec<Value> {
    let ready = get(obj, &["status", "conditions"])
        .and_then(Value::as_array)
        .and_then(|cs| cs.iter().find(|c| c.get("type").and_then(Value::as_str) == Some("Ready")))
        .and_then(|c| c.get("status").and_then(Value::as_str));
    let mut status = match ready {
        Some("True") => "Ready".to_string(),
        Some(_) => "NotReady".to_string(),
        None => "Unknown".to_string(),
    };
    if get(obj, &["spec", "unschedulable"]).and_then(Value::as_bool).unwrap_or(false) {
        status.push_str(",SchedulingDisabled");
    }
    let labels = super::object::labels(obj);
    let mut roles: Vec<String> =
        labels.keys().filter_map(|k| k.strip_prefix("node-role.kubernetes.io/")).filter(|r| !r.is_empty()).map(str::to_string).collect();
    if let Some(r) = labels.get("kubernetes.io/role").filter(|r| !r.is_empty()) {
        roles.push(r.clone());
    }
    crate::sort::sort(&mut roles);
    roles.dedup();
    let roles = if roles.is_empty() { "<none>".to_string() } else { roles.join(",") };
    let addr = |ty: &str| {
        get(obj, &["status", "addresses"])
            .and_then(Value::as_array)
            .and_then(|a| a.iter().find(|x| x.get("type").and_then(Value::as_str) == Some(ty)))
            .and_then(|x| x.get("address").and_then(Value::as_str))
            .unwrap_or("<none>")
            .to_string()
    };
    let info = |k: &str| get_str(obj, &["status", "nodeInfo", k]).filter(|v| !v.is_empty()).unwrap_or("<unknown>").to_string();
    vec![
        json!(get_str(obj, &["metadata", "name"]).unwrap_or("")),
        json!(status),
        json!(roles),
        json!(age(obj, &["metadata", "creationTimestamp"], now)),
        json!(get_str(obj, &["status", "nodeInfo", "kubeletVersion"]).unwrap_or("")),
        json!(addr("InternalIP")),
        json!(addr("ExternalIP")),
        json!(info("osImage")),
        json!(info("kernelVersion")),
        json!(info("containerRuntimeVersion")),
    ]
}

/// `printEvent`.
fn event_cells(obj: &Value, now: i64) -> Vec<Value> {
    let last = ["lastTimestamp", "firstTimestamp", "eventTime"].iter().find_map(|k| get_str(obj, &[k]).filter(|s| !s.is_empty()));
    let last = get_str(obj, &["series", "lastObservedTime"]).or(last);
    let first = get_str(obj, &["firstTimestamp"]).or(get_str(obj, &["eventTime"]));
    let ago =
        |t: Option<&str>| t.and_then(super::object::parse_time).map(|t| human_duration(now - t)).unwrap_or_else(|| "<unknown>".into());
    let object = format!(
        "{}/{}",
        get_str(obj, &["involvedObject", "kind"]).unwrap_or("").to_ascii_lowercase(),
        get_str(obj, &["involvedObject", "name"]).unwrap_or("")
    );
    let count = get(obj, &["series", "count"]).and_then(Value::as_i64).or(get(obj, &["count"]).and_then(Value::as_i64)).unwrap_or(1);
    let component = get_str(obj, &["source", "component"]).or(get_str(obj, &["reportingComponent"])).unwrap_or("");
    let source = match get_str(obj, &["source", "host"]).filter(|h| !h.is_empty()) {
        Some(h) => format!("{component}, {h}"),
        None => component.to_string(),
    };
    vec![
        json!(ago(last)),
        json!(get_str(obj, &["type"]).unwrap_or("")),
        json!(get_str(obj, &["reason"]).unwrap_or("")),
        json!(object),
        json!(get_str(obj, &["involvedObject", "fieldPath"]).unwrap_or("")),
        json!(source),
        json!(get_str(obj, &["message"]).unwrap_or("").trim()),
        json!(ago(first)),
        json!(count),
        json!(get_str(obj, &["metadata", "name"]).unwrap_or("")),
    ]
}

/// What each row of a Table carries of its object (`TableOptions.includeObject`): its metadata
/// (the default), the whole object — what kubectl asks for to `--sort-by` a field outside the
/// metadata — or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IncludeObject {
    Metadata,
    Object,
    None,
}

impl IncludeObject {
    /// The query parameter as kube-apiserver reads it (`ValidateTableOptions`): absent or empty is
    /// `Metadata`; any other word is a 400.
    pub fn parse(value: Option<&str>) -> Result<IncludeObject, Status> {
        match value.unwrap_or("") {
            "" | "Metadata" => Ok(IncludeObject::Metadata),
            "Object" => Ok(IncludeObject::Object),
            "None" => Ok(IncludeObject::None),
            other => Err(Status::bad_request(format!(
                "Unable to convert to Table as requested: includeObject: Invalid value: {other:?}: must be 'Metadata', 'Object', 'None', or empty"
            ))),
        }
    }
}

/// The `Table` object for a list of objects of one kind.
pub fn table(kind: &KindInfo, objects: &[&Value], now: i64, resource_version: u64, include: IncludeObject) -> Value {
    let cols: Vec<Value> = columns(kind)
        .into_iter()
        .map(|c| {
            let format = if c.name == "Name" { "name" } else { "" };
            json!({"name": c.name, "type": c.ty, "format": format, "description": "", "priority": c.priority})
        })
        .collect();
    // Built by moving values in, not with `json!`, which would copy each (it serializes them).
    let rows: Vec<Value> = objects
        .iter()
        .map(|o| {
            let object = match include {
                IncludeObject::Metadata => {
                    let mut partial = Map::new();
                    partial.insert("kind", "PartialObjectMetadata".into());
                    partial.insert("apiVersion", "meta.k8s.io/v1".into());
                    partial.insert("metadata", o.get("metadata").cloned().unwrap_or_else(|| Value::Object(Map::new())));
                    Value::Object(partial)
                }
                IncludeObject::Object => Value::clone(o),
                IncludeObject::None => Value::Null,
            };
            let mut row = Map::new();
            row.insert("cells", Value::Array(cells(kind, o, now).into()));
            row.insert("object", object);
            Value::Object(row)
        })
        .collect();
    let mut t = Map::new();
    t.insert("kind", "Table".into());
    t.insert("apiVersion", "meta.k8s.io/v1".into());
    t.insert("metadata", json!({"resourceVersion": resource_version.to_string()}));
    t.insert("columnDefinitions", Value::Array(cols.into()));
    t.insert("rows", Value::Array(rows.into()));
    Value::Object(t)
}
