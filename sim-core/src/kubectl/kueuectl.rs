//! `kubectl kueue list …`: the kueuectl plugin's read-only listings (upstream Kueue `cmd/kueuectl/app/list/`).
//!
//! Columns as kueuectl's printers define them (`cmd/kueuectl/app/list/*_printer.go`), printed
//! through kubectl's table printer. Position in queue is the workload's 0-based place among its
//! LocalQueue's pending workloads, in the order Kueue's queue keeps them.

use super::flags::{self, namespace, FlagSpec, Kind};
use super::out::{Host, Out};
use super::resource::list as list_objects;
use super::table_printer::{print_table, PrintOptions};
use crate::api::client::Client;
use crate::api::duration::human_duration;
use crate::api::object::{get, get_str, parse_time};
use crate::api::rest::{Method, Request};
use crate::api::server::kind_info;
use crate::json::{json, Value};

/// A status condition of the given type.
fn condition<'a>(o: &'a Value, ty: &str) -> Option<&'a Value> {
    get(o, &["status", "conditions"]).and_then(Value::as_array)?.iter().find(|c| get_str(c, &["type"]) == Some(ty))
}

fn is_true(o: &Value, ty: &str) -> bool {
    condition(o, ty).and_then(|c| get_str(c, &["status"])) == Some("True")
}

/// A ClusterQueue's pending workloads in queue order, as (namespace, LocalQueue, name), read
/// from the visibility API as kueuectl does.
fn pending_order(c: &mut dyn Client, cq: &str) -> Vec<(String, String, String)> {
    let path = format!("/apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/{cq}/pendingworkloads");
    let r = c.request(&Request::new(Method::Get, &path).query("limit", "100000"));
    let body: Value = r.raw.and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(Value::Null);
    body["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|w| {
            let s = |v: &Value| v.as_str().unwrap_or("").to_string();
            (s(&w["metadata"]["namespace"]), s(&w["localQueueName"]), s(&w["metadata"]["name"]))
        })
        .collect()
}

fn age(o: &Value, now: i64) -> String {
    get_str(o, &["metadata", "creationTimestamp"]).and_then(parse_time).map(|t| human_duration(now - t)).unwrap_or_default()
}

fn col(name: &str, ty: &str) -> Value {
    json!({"name": name, "type": ty, "format": if name == "Name" { "name" } else { "" }, "priority": 0})
}

const FLAGS: &[FlagSpec] = &[
    ("all-namespaces", Some('A'), Kind::Bool),
    ("clusterqueue", Some('c'), Kind::Value),
    ("localqueue", Some('q'), Kind::Value),
    ("status", None, Kind::Value),
    ("active", None, Kind::Value),
    ("for", None, Kind::Value),
    ("selector", Some('l'), Kind::Value),
    ("field-selector", None, Kind::Value),
    ("output", Some('o'), Kind::Value),
];

/// After a flag error cobra prints the command's usage, which the simulator does not reproduce.
const USAGE_NOT_SHOWN: &str =
    "(kueuectl prints its usage here; the simulator does not reproduce it. 사용법 출력은 시뮬레이터가 재현하지 않습니다.)";

/// The flags each subcommand registers (`cmd/kueuectl/app/list/list_*.go`), besides -o.
fn allowed_flags(what: &str) -> &'static [&'static str] {
    match what {
        "clusterqueue" | "cq" => &["selector", "field-selector", "active", "output"],
        "localqueue" | "lq" => &["all-namespaces", "selector", "field-selector", "clusterqueue", "output"],
        "resourceflavor" | "rf" => &["selector", "field-selector", "output"],
        _ => &["all-namespaces", "selector", "field-selector", "clusterqueue", "localqueue", "for", "status", "output"],
    }
}

/// The `list` subcommands and their aliases, as kueuectl registers them.
const LIST_KINDS: &[(&[&str], &str)] = &[
    (&["clusterqueue", "cq"], "ClusterQueues"),
    (&["localqueue", "lq"], "LocalQueues"),
    (&["resourceflavor", "rf"], "ResourceFlavors"),
    (&["workload", "kwl", "kueueworkload", "kueueworkloads"], "Workloads"),
];

fn list_help() -> String {
    let mut s = String::from("List Kueue objects (Kueue 객체 목록)\n\nUsage:\n  kubectl kueue list [command]\n\nAvailable Commands:\n");
    for (names, what) in LIST_KINDS {
        let aliases = if names.len() > 1 { format!(" (aliases: {})", names[1..].join(", ")) } else { String::new() };
        s.push_str(&format!("  {:<16}{what}{aliases}\n", names[0]));
    }
    s.push_str("\nThe simulator serves `list` only; `pods`, `create`, `stop`, `resume` and `delete` are not simulated.\n(시뮬레이터는 `list`만 지원합니다.)\n");
    s
}

pub fn run<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let p = match flags::parse(args, FLAGS) {
        Ok(p) => p,
        Err(e) => {
            out.err(&format!("{e}\n{USAGE_NOT_SHOWN}"));
            return;
        }
    };
    let positional: Vec<&str> = p.args.iter().map(String::as_str).collect();
    let what = match positional.as_slice() {
        ["list", "pods" | "po", ..] => {
            out.err("error: \"kubectl kueue list pods\" is not supported by the simulator; use `kubectl get pods -l job-name=NAME` (시뮬레이터가 지원하지 않습니다. `kubectl get pods -l job-name=NAME` 을 쓰세요)");
            return;
        }
        ["list", w, ..] if LIST_KINDS.iter().any(|(names, _)| names.contains(w)) => *w,
        // cobra: a command that has subcommands but no action of its own prints its help.
        ["list", ..] => {
            out.out(&list_help());
            return;
        }
        [op, ..] => {
            out.err(&format!("error: \"kubectl kueue {op}\" is not supported by the simulator yet (only the read-only `list`) (시뮬레이터가 아직 지원하지 않습니다)"));
            return;
        }
        [] => {
            out.out(&list_help());
            return;
        }
    };
    // Each list subcommand has its own flags; cobra rejects the others.
    let allowed = allowed_flags(what);
    if let Some(bad) = p.values.keys().chain(p.bools.keys()).find(|f| !allowed.contains(f) && !flags::GLOBAL.iter().any(|g| g.0 == **f)) {
        out.err(&format!("Error: unknown flag: --{bad}\n{USAGE_NOT_SHOWN}"));
        return;
    }
    if p.value("output").is_some() {
        out.err("error: \"kubectl kueue list -o\" is not supported by the simulator; use kubectl get … -o (시뮬레이터가 지원하지 않습니다. kubectl get … -o 를 쓰세요)");
        return;
    }
    if let Some(Err(e)) = p.value("field-selector").map(crate::api::selector::FieldSelector::parse) {
        out.err(&format!("Error: {e}"));
        return;
    }
    let all_ns = p.flag("all-namespaces");
    let ns = namespace(&p);
    let now = out.now_unix();
    if let Some(Err(e)) = p.value("selector").map(crate::api::selector::LabelSelector::parse) {
        out.err(&format!("Error: {e}"));
        return;
    }
    let (selector, field_selector) = (p.value("selector").unwrap_or("").to_string(), p.value("field-selector").unwrap_or("").to_string());
    let list = |out: &mut Out<'_, '_, W>, kind: &str, scoped: bool| {
        list_objects(out.client(), kind_info(kind), if scoped && !all_ns { Some(ns.as_str()) } else { None }, &selector, &field_selector)
            .unwrap_or_default()
    };
    let (columns, rows, namespaced): (Vec<Value>, Vec<Value>, bool) = match what {
        "clusterqueue" | "cq" => {
            let active = match parse_active(&p.all("active")) {
                Ok(a) => a,
                Err(e) => {
                    out.err(&e);
                    return;
                }
            };
            let rows = list(out, "ClusterQueue", false)
                .iter()
                .filter(|cq| active.is_none_or(|want| is_true(cq, "Active") == want))
                .map(|cq| {
                    let cells = json!([
                        get_str(cq, &["metadata", "name"]).unwrap_or(""),
                        get_str(cq, &["spec", "cohortName"]).unwrap_or(""),
                        get(cq, &["status", "pendingWorkloads"]).and_then(Value::as_i64).unwrap_or(0),
                        get(cq, &["status", "admittedWorkloads"]).and_then(Value::as_i64).unwrap_or(0),
                        is_true(cq, "Active"),
                        age(cq, now),
                    ]);
                    json!({"cells": cells, "object": {"metadata": cq["metadata"].clone()}})
                })
                .collect();
            (
                vec![
                    col("Name", "string"),
                    col("Cohort", "string"),
                    col("Pending Workloads", "integer"),
                    col("Admitted Workloads", "integer"),
                    col("Active", "boolean"),
                    col("Age", "string"),
                ],
                rows,
                false,
            )
        }
        "localqueue" | "lq" => {
            let rows = list(out, "LocalQueue", true)
                .iter()
                .filter(|lq| p.value("clusterqueue").is_none_or(|cq| get_str(lq, &["spec", "clusterQueue"]) == Some(cq)))
                .map(|lq| {
                    let cells = json!([
                        get_str(lq, &["metadata", "name"]).unwrap_or(""),
                        get_str(lq, &["spec", "clusterQueue"]).unwrap_or(""),
                        get(lq, &["status", "pendingWorkloads"]).and_then(Value::as_i64).unwrap_or(0),
                        get(lq, &["status", "admittedWorkloads"]).and_then(Value::as_i64).unwrap_or(0),
                        age(lq, now),
                    ]);
                    json!({"cells": cells, "object": {"metadata": lq["metadata"].clone()}})
                })
                .collect();
            (
                vec![
                    col("Name", "string"),
                    col("ClusterQueue", "string"),
                    col("Pending Workloads", "integer"),
                    col("Admitted Workloads", "integer"),
                    col("Age", "string"),
                ],
                rows,
                true,
            )
        }
        "resourceflavor" | "rf" => {
            let rows = list(out, "ResourceFlavor", false)
                .iter()
                .map(|rf| {
                    let mut labels: Vec<String> = get(rf, &["spec", "nodeLabels"]).and_then(Value::as_object).into_iter().flatten().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or(""))).collect();
                    crate::sort::sort(&mut labels);
                    json!({"cells": [get_str(rf, &["metadata", "name"]).unwrap_or(""), labels.join(", "), age(rf, now)], "object": {"metadata": rf["metadata"].clone()}})
                })
                .collect();
            (vec![col("Name", "string"), col("Node Labels", "string"), col("Age", "string")], rows, false)
        }
        "workload" | "kwl" | "kueueworkload" | "kueueworkloads" => {
            let workloads = list(out, "Workload", true);
            let lqs = list_objects(out.client(), kind_info("LocalQueue"), None, "", "").unwrap_or_default();
            // Each ClusterQueue's pending workloads in queue order (what the visibility API lists).
            let pending_order: std::collections::BTreeMap<String, Vec<(String, String, String)>> = crate::sort::map_from(
                list_objects(out.client(), kind_info("ClusterQueue"), None, "", "")
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|cq| get_str(cq, &["metadata", "name"]).map(str::to_string))
                    .map(|cq| {
                        let order = pending_order(out.client(), &cq);
                        (cq, order)
                    }),
            );
            let status_of = |w: &Value| {
                if is_true(w, "Finished") {
                    "FINISHED"
                } else if is_true(w, "Admitted") {
                    "ADMITTED"
                } else if is_true(w, "QuotaReserved") {
                    "QUOTARESERVED"
                } else {
                    "PENDING"
                }
            };
            let statuses = match parse_statuses(&p.all("status")) {
                Ok(s) => s,
                Err(e) => {
                    out.err(&e);
                    return;
                }
            };
            let for_uid = match p.value("for").map(|f| find_for_object(out, f, if all_ns { None } else { Some(ns.as_str()) })).transpose() {
                Ok(uid) => uid,
                Err(None) => return,
                Err(Some(e)) => {
                    out.err(&e);
                    return;
                }
            };
            let rows = workloads
                .iter()
                .filter(|w| statuses.is_empty() || statuses.contains(&"ALL") || statuses.contains(&status_of(w)))
                .filter(|w| for_uid.as_ref().is_none_or(|uid| owned_by(w, uid)))
                .filter(|w| p.value("localqueue").is_none_or(|q| get_str(w, &["spec", "queueName"]) == Some(q)))
                .filter_map(|w| {
                    let wns = get_str(w, &["metadata", "namespace"]).unwrap_or("");
                    let queue = get_str(w, &["spec", "queueName"]).unwrap_or("");
                    let cq = get_str(w, &["status", "admission", "clusterQueue"]).map(str::to_string).or_else(|| {
                        lqs.iter()
                            .find(|l| {
                                get_str(l, &["metadata", "namespace"]) == Some(wns) && get_str(l, &["metadata", "name"]) == Some(queue)
                            })
                            .and_then(|l| get_str(l, &["spec", "clusterQueue"]).map(str::to_string))
                    });
                    // Like kueuectl, the ClusterQueue filter looks only at the admission.
                    if p.value("clusterqueue").is_some_and(|want| get_str(w, &["status", "admission", "clusterQueue"]) != Some(want)) {
                        return None;
                    }
                    let position = cq.as_ref().and_then(|cqn| {
                        let mine: Vec<&(String, String, String)> =
                            pending_order.get(cqn).into_iter().flatten().filter(|x| x.0 == wns && x.1 == *queue).collect();
                        mine.iter().position(|x| Some(x.2.as_str()) == get_str(w, &["metadata", "name"])).map(|i| i.to_string())
                    });
                    let exec = condition(w, "Admitted")
                        .filter(|_| is_true(w, "Admitted"))
                        .and_then(|a| get_str(a, &["lastTransitionTime"]))
                        .and_then(parse_time)
                        .map(|admitted| {
                            let end = condition(w, "Finished")
                                .filter(|_| is_true(w, "Finished"))
                                .and_then(|f| get_str(f, &["lastTransitionTime"]))
                                .and_then(parse_time)
                                .unwrap_or(now);
                            human_duration(end - admitted)
                        });
                    let owners: Vec<&Value> =
                        get(w, &["metadata", "ownerReferences"]).and_then(Value::as_array).map(|a| a.iter().collect()).unwrap_or_default();
                    let types: Vec<String> = owners
                        .iter()
                        .filter_map(|o| {
                            let kind = get_str(o, &["kind"])?;
                            let api = get_str(o, &["apiVersion"]).unwrap_or("");
                            let group = api.rsplit_once('/').map(|(g, _)| g).unwrap_or("");
                            let t =
                                if group.is_empty() { kind.to_ascii_lowercase() } else { format!("{}.{group}", kind.to_ascii_lowercase()) };
                            Some(if t.len() > 20 { format!("{}...", &t[..20]) } else { t })
                        })
                        .collect();
                    let names: Vec<&str> = owners.iter().filter_map(|o| get_str(o, &["name"])).collect();
                    let cells = json!([
                        get_str(w, &["metadata", "name"]).unwrap_or(""),
                        types.join(", "),
                        names.join(", "),
                        queue,
                        cq.unwrap_or_default(),
                        status_of(w),
                        position.unwrap_or_default(),
                        exec.unwrap_or_default(),
                        age(w, now),
                    ]);
                    Some(json!({"cells": cells, "object": {"metadata": w["metadata"].clone()}}))
                })
                .collect();
            (
                vec![
                    col("Name", "string"),
                    col("Job Type", "string"),
                    col("Job Name", "string"),
                    col("LocalQueue", "string"),
                    col("ClusterQueue", "string"),
                    col("Status", "string"),
                    col("Position in Queue", "string"),
                    col("Exec Time", "string"),
                    col("Age", "string"),
                ],
                rows,
                true,
            )
        }
        _ => unreachable!("checked against LIST_KINDS above"),
    };
    let table = json!({"columnDefinitions": columns, "rows": rows});
    let text = print_table(&table, &PrintOptions { with_namespace: all_ns && namespaced, ..Default::default() });
    if text.is_empty() {
        if namespaced && !all_ns {
            out.warn(&format!("No resources found in {ns} namespace."));
        } else {
            out.warn("No resources found");
        }
    } else {
        out.out(&text);
    }
}

/// `--active` is a bool slice; kueuectl accepts at most one value.
fn parse_active(values: &[String]) -> Result<Option<bool>, String> {
    let mut parsed = Vec::new();
    for v in values.iter().flat_map(|v| v.split(',')) {
        match v.to_ascii_lowercase().as_str() {
            "true" | "1" | "t" => parsed.push(true),
            "false" | "0" | "f" => parsed.push(false),
            _ => return Err(format!("Error: invalid argument \"{v}\" for \"--active\" flag: strconv.ParseBool: parsing \"{v}\": invalid syntax\n{USAGE_NOT_SHOWN}")),
        }
    }
    match parsed.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(*one)),
        _ => Err("Error: only one active flag can be provided".into()),
    }
}

/// `--status` may repeat; each value is one of kueuectl's statuses.
fn parse_statuses(values: &[String]) -> Result<Vec<&'static str>, String> {
    values
        .iter()
        .map(|v| match v.to_ascii_lowercase().as_str() {
            "all" => Ok("ALL"),
            "pending" => Ok("PENDING"),
            "quotareserved" => Ok("QUOTARESERVED"),
            "admitted" => Ok("ADMITTED"),
            "finished" => Ok("FINISHED"),
            _ => Err(format!("Error: invalid status value ({v}). Must be \"all\", \"pending\", \"admitted\" or \"finished\"")),
        })
        .collect()
}

/// Resolves `--for TYPE/NAME` to the object's uid. `Err(None)` means "nothing found"
/// (already reported on stderr, exit 0 like kueuectl).
fn find_for_object<W: Host>(out: &mut Out<'_, '_, W>, spec: &str, ns: Option<&str>) -> Result<String, Option<String>> {
    let segments: Vec<&str> = spec.split('/').collect();
    let (resource, name) = match segments.as_slice() {
        [r, n] => (*r, *n),
        [_, _, _, ..] => return Err(Some("Error: arguments in resource/name form may not have more than one slash".into())),
        _ => return Err(Some("Error: --for must be in resource/name form".into())),
    };
    let info = match crate::api::registry::resolve(resource) {
        Some(crate::api::registry::Resolved::Served(info)) => info,
        Some(crate::api::registry::Resolved::Unserved(_)) => {
            return Err(Some(format!("Error: \"--for {resource}/…\" is not supported by the simulator (시뮬레이터가 지원하지 않습니다)")));
        }
        // The REST mapper's NoResourceMatchError, with an empty group and version.
        None => return Err(Some(format!("Error: no matches for /, Resource={}", resource.to_ascii_lowercase()))),
    };
    let found = list_objects(out.client(), info, if info.namespaced { ns } else { None }, "", "").unwrap_or_default();
    match found.iter().find(|o| get_str(o, &["metadata", "name"]) == Some(name)) {
        Some(o) => Ok(get_str(o, &["metadata", "uid"]).unwrap_or("").to_string()),
        None => {
            match ns {
                Some(ns) => out.warn(&format!("No resources found in {ns} namespace.")),
                None => out.warn("No resources found"),
            }
            Err(None)
        }
    }
}

/// kueuectl matches on the job-uid label first, then on owner references; the simulator's
/// workloads always carry an owner reference, so that is enough.
fn owned_by(w: &Value, uid: &str) -> bool {
    get(w, &["metadata", "ownerReferences"])
        .and_then(Value::as_array)
        .is_some_and(|refs| refs.iter().any(|r| get_str(r, &["uid"]) == Some(uid)))
}
