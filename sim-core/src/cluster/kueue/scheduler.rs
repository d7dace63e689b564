//! One scheduling pass of Kueue (`pkg/scheduler/scheduler.go`) with the flavor assigner
//! (`pkg/scheduler/flavorassigner/flavorassigner.go`): for each active ClusterQueue, take the
//! head of its queue, check the namespace, assign flavors against the remaining quota, then admit
//! it or park it with the reason in Kueue's words (`kueue.md` §7.2, §11).

use super::queues::{self, ClusterQueueInfo};
use super::workload::{self, format_quantity, requests, set_condition};
use crate::api::object::{get, get_str, parse_rfc3339};
use crate::api::server::kind_info;
use crate::cluster::events::{record, EventType};
use crate::cluster::Cluster;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const COMPONENT: &str = "kueue-admission";

/// The outcome of flavor assignment for one pod set.
#[derive(Debug, Clone, PartialEq)]
pub enum Assignment {
    /// Resource → flavor.
    Fit(BTreeMap<String, String>),
    /// `(condition reason, message)`.
    NoFit(&'static str, String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mode {
    Fit,
    Preempt,
    NoFit,
}

/// Assigns flavors to the workload's pod set `main` against `usage`.
pub fn assign(
    cq: &ClusterQueueInfo,
    wl: &Value,
    usage: &BTreeMap<(String, String), i128>,
    flavor_objects: &BTreeMap<String, Value>,
) -> Assignment {
    let req = requests(wl);
    let template = get(wl, &["spec", "podSets"])
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(|p| p.get("template"))
        .cloned()
        .unwrap_or(json!({}));
    let selector = get(&template, &["spec", "nodeSelector"]).and_then(Value::as_object).cloned().unwrap_or_default();
    let tolerations = get(&template, &["spec", "tolerations"]).and_then(Value::as_array).cloned().unwrap_or_default();
    let mut chosen: BTreeMap<String, String> = BTreeMap::new();
    let mut reasons: Vec<String> = Vec::new();
    let mut worst_reason: Option<&'static str> = None;
    let severity = |r: &str| match r {
        "NoMatchingFlavor" => 3,
        "ExceedsMaxQuota" => 2,
        _ => 1,
    };
    let note = |reason: &'static str, worst: &mut Option<&'static str>| {
        if worst.is_none_or(|w| severity(reason) > severity(w)) {
            *worst = Some(reason);
        }
    };
    for res in req.keys() {
        if !cq.groups.iter().any(|g| g.covered.contains(res)) {
            reasons.push(format!("resource {res} unavailable in ClusterQueue"));
            note("NoMatchingFlavor", &mut worst_reason);
        }
    }
    for g in &cq.groups {
        let wanted: Vec<&String> = g.covered.iter().filter(|r| req.contains_key(*r)).collect();
        if wanted.is_empty() {
            continue;
        }
        let mut group_reasons = Vec::new();
        let mut any_preempt = false;
        let mut group_worst: Option<&'static str> = None;
        let mut picked = None;
        for f in &g.flavors {
            let rf = flavor_objects.get(&f.flavor);
            let node_labels = rf.and_then(|r| get(r, &["spec", "nodeLabels"])).and_then(Value::as_object).cloned().unwrap_or_default();
            if selector.iter().any(|(k, v)| node_labels.get(k).is_some_and(|nv| nv != v)) {
                group_reasons.push(format!("flavor {} doesn't match node affinity", f.flavor));
                note("NoMatchingFlavor", &mut group_worst);
                continue;
            }
            let flavor_tolerations =
                rf.and_then(|r| get(r, &["spec", "tolerations"])).and_then(Value::as_array).cloned().unwrap_or_default();
            let untolerated = rf.and_then(|r| get(r, &["spec", "nodeTaints"])).and_then(Value::as_array).into_iter().flatten().find(|t| {
                let effect = t.get("effect").and_then(Value::as_str).unwrap_or("");
                (effect == "NoSchedule" || effect == "NoExecute")
                    && !tolerations.iter().chain(flavor_tolerations.iter()).any(|tol| {
                        let op = tol.get("operator").and_then(Value::as_str).unwrap_or("Equal");
                        let key_ok = tol
                            .get("key")
                            .and_then(Value::as_str)
                            .is_none_or(|k| k.is_empty() && op == "Exists" || Some(k) == t.get("key").and_then(Value::as_str));
                        let val_ok = op == "Exists" || tol.get("value") == t.get("value");
                        let eff_ok = tol
                            .get("effect")
                            .and_then(Value::as_str)
                            .is_none_or(|e| e.is_empty() || Some(e) == t.get("effect").and_then(Value::as_str));
                        key_ok && val_ok && eff_ok
                    })
            });
            if let Some(t) = untolerated {
                group_reasons.push(format!(
                    "untolerated taint {{{} {} {} <nil>}} in flavor {}",
                    t.get("key").and_then(Value::as_str).unwrap_or(""),
                    t.get("value").and_then(Value::as_str).unwrap_or(""),
                    t.get("effect").and_then(Value::as_str).unwrap_or(""),
                    f.flavor
                ));
                note("NoMatchingFlavor", &mut group_worst);
                continue;
            }
            let mut mode = Mode::Fit;
            for res in &wanted {
                let val = req[*res];
                let nominal = f.nominal.iter().find(|(n, _)| n == *res).map(|(_, q)| *q).unwrap_or(0);
                let used = usage.get(&(f.flavor.clone(), (*res).clone())).copied().unwrap_or(0);
                if val > nominal {
                    group_reasons.push(format!(
                        "insufficient quota for {res} in flavor {}, previously considered podsets requests (0) + current podset request ({}) > maximum capacity ({})",
                        f.flavor,
                        format_quantity(res, val),
                        format_quantity(res, nominal)
                    ));
                    note("ExceedsMaxQuota", &mut group_worst);
                    mode = mode.max(Mode::NoFit);
                } else if val > nominal - used {
                    group_reasons.push(format!(
                        "insufficient unused quota for {res} in flavor {}, {} more needed",
                        f.flavor,
                        format_quantity(res, val - (nominal - used))
                    ));
                    mode = mode.max(Mode::Preempt);
                }
            }
            match mode {
                Mode::Fit => {
                    picked = Some(f.flavor.clone());
                    break;
                }
                Mode::Preempt => any_preempt = true,
                Mode::NoFit => {}
            }
        }
        match picked {
            Some(flv) => {
                for res in wanted {
                    chosen.insert(res.clone(), flv.clone());
                }
            }
            None => {
                reasons.extend(group_reasons);
                // A flavor that needs preemption, with no candidates (the default policies), waits.
                let r = if any_preempt { "WaitingForQuota" } else { group_worst.unwrap_or("NoMatchingFlavor") };
                note(r, &mut worst_reason);
            }
        }
    }
    if reasons.is_empty() && worst_reason.is_none() {
        return Assignment::Fit(chosen);
    }
    reasons.sort();
    Assignment::NoFit(worst_reason.unwrap_or("WaitingForQuota"), format!("couldn't assign flavors to pod set main: {}", reasons.join(", ")))
}

fn write_status(c: &mut Cluster, wl: Value) {
    let ns = get_str(&wl, &["metadata", "namespace"]).unwrap_or("").to_string();
    let _ = c.api.update(c.now_unix(), kind_info("Workload"), &ns, wl, true, false);
}

/// Marks a workload pending with `reason`/`message`; returns whether it changed.
fn set_pending(c: &mut Cluster, wl: &Value, reason: &str, message: &str, with_requests: bool) -> bool {
    let mut w = wl.clone();
    let now = c.now_unix();
    let mut changed = set_condition(&mut w, "QuotaReserved", "False", reason, message, now);
    changed |= set_condition(&mut w, "Admitted", "False", "NoReservation", "The workload has no reservation", now);
    if with_requests {
        let totals: serde_json::Map<String, Value> =
            requests(wl).into_iter().map(|(k, v)| (k.clone(), json!(format_quantity(&k, v)))).collect();
        let rr = json!([{"name": "main", "resources": totals}]);
        if w["status"].get("resourceRequests") != Some(&rr) {
            w["status"]["resourceRequests"] = rr;
            changed = true;
        }
    }
    if changed {
        write_status(c, w);
    }
    changed
}

fn admit(c: &mut Cluster, cq: &str, wl: &Value, flavors: &BTreeMap<String, String>) {
    let now = c.now_unix();
    let count = get(wl, &["spec", "podSets"])
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(|p| p.get("count"))
        .and_then(Value::as_i64)
        .unwrap_or(1);
    let usage: serde_json::Map<String, Value> = requests(wl)
        .into_iter()
        .filter(|(k, _)| flavors.contains_key(k))
        .map(|(k, v)| (k.clone(), json!(format_quantity(&k, v))))
        .collect();
    let mut w = wl.clone();
    if !w.get("status").is_some_and(Value::is_object) {
        w["status"] = json!({});
    }
    w["status"]["admission"] =
        json!({"clusterQueue": cq, "podSetAssignments": [{"name": "main", "count": count, "flavors": flavors, "resourceUsage": usage}]});
    set_condition(&mut w, "QuotaReserved", "True", "QuotaReserved", &format!("Quota reserved in ClusterQueue {cq}"), now);
    set_condition(&mut w, "Admitted", "True", "Admitted", "The workload is admitted", now);
    if let Some(m) = w["status"].as_object_mut() {
        m.remove("resourceRequests");
    }
    // Queued since creation, or since the last requeue.
    let since = workload::condition(wl, "Requeued")
        .and_then(|r| r.get("lastTransitionTime"))
        .and_then(Value::as_str)
        .or(get_str(wl, &["metadata", "creationTimestamp"]))
        .and_then(parse_rfc3339)
        .unwrap_or(now);
    write_status(c, w);
    record(
        c,
        wl,
        EventType::Normal,
        "QuotaReserved",
        &format!("Quota reserved in ClusterQueue {cq}, wait time since queued was {}s", (now - since).max(0)),
        COMPONENT,
    );
    record(c, wl, EventType::Normal, "Admitted", &format!("Admitted by ClusterQueue {cq}, wait time since reservation was 0s"), COMPONENT);
}

pub fn sync(c: &mut Cluster) {
    let cqs = queues::cluster_queues(c);
    let flavor_objects: BTreeMap<String, Value> = c
        .api
        .list_objects(kind_info("ResourceFlavor"), None, &Default::default(), &Default::default())
        .unwrap_or_default()
        .into_iter()
        .map(|f| (get_str(&f, &["metadata", "name"]).unwrap_or("").to_string(), f))
        .collect();
    let snap = queues::Snapshot::take(c);

    // The workload controller's part: queue problems are reported without events.
    for wl in snap.workloads.iter().filter(|w| queues::is_pending(w)) {
        match snap.route(wl) {
            Err(msg) => {
                set_pending(c, wl, "Misconfigured", &msg, false);
            }
            Ok(cq) => match cqs.get(&cq) {
                None => {
                    set_pending(c, wl, "Misconfigured", &format!("ClusterQueue {cq} doesn't exist"), false);
                }
                Some(info) if !info.active.0 => {
                    set_pending(c, wl, "Suspended", &format!("ClusterQueue {cq} is inactive"), false);
                }
                Some(_) => {}
            },
        }
    }

    for (name, info) in &cqs {
        if !info.active.0 {
            continue;
        }
        // The cycle works on the snapshot: usage grows locally with each admission.
        let mut usage = queues::usage(&snap.workloads, name, false);
        for head in snap.pending_for(name) {
            let parked = c.kueue.inadmissible.get(name);
            // StrictFIFO: a parked head blocks the queue until a requeue.
            if info.strict_fifo && parked.is_some_and(|p| !p.is_empty()) {
                break;
            }
            if parked.is_some_and(|p| p.contains(&queues::key(&head))) {
                continue;
            }
            let ns = get_str(&head, &["metadata", "namespace"]).unwrap_or("").to_string();
            let ns_ok = queues::namespace_labels(c, &ns).is_some_and(|l| queues::namespace_matches(info.namespace_selector.as_ref(), &l));
            let outcome = if ns_ok {
                assign(info, &head, &usage, &flavor_objects)
            } else {
                Assignment::NoFit("Misconfigured", "workload namespace doesn't match ClusterQueue selector".to_string())
            };
            match outcome {
                Assignment::Fit(flavors) => {
                    for (res, q) in requests(&head) {
                        if let Some(f) = flavors.get(&res) {
                            *usage.entry((f.clone(), res)).or_default() += q;
                        }
                    }
                    admit(c, name, &head, &flavors);
                }
                Assignment::NoFit(reason, message) => {
                    set_pending(c, &head, reason, &message, reason != "Misconfigured");
                    record(c, &head, EventType::Warning, reason, &message, COMPONENT);
                    c.kueue.inadmissible.entry(name.clone()).or_default().insert(queues::key(&head));
                }
            }
        }
    }
}
