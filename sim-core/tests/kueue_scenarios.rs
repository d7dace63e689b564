//! Kueue's own scheduler, preemption and fair-sharing test tables, restated as data in
//! `tests/kueue_scenarios/*.yaml` (format: its README), replayed through the whole simulated
//! Kueue: the case's objects are created through the API server, the cluster settles, and the
//! admitted, preempted and pending workloads are read back from the Workload objects.

use sim_core::api::server::kind_info;
use sim_core::cluster::kueue::preemption::{FairSharingConfig, Strategy};
use sim_core::cluster::Cluster;
use sim_core::json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

fn y2j(v: &serde_norway::Value) -> Value {
    sim_core::json::to_value(v).expect("YAML is JSON-compatible")
}

fn s(v: &Value, k: &str) -> String {
    v.get(k).and_then(Value::as_str).unwrap_or("").to_string()
}

fn quantity_times(q: &str, n: i64) -> String {
    let parsed = sim_core::api::quantity::Quantity::parse(q).unwrap_or_else(|e| panic!("quantity {q}: {e}"));
    let resource_binary = q.ends_with('i');
    let fmt = if resource_binary { sim_core::api::quantity::Format::BinarySI } else { sim_core::api::quantity::Format::DecimalSI };
    sim_core::api::quantity::Quantity { nanos: parsed.nanos * n as i128, format: fmt }.to_string()
}

struct Run {
    c: Cluster,
    uids: BTreeMap<String, String>,
}

fn create(c: &mut Cluster, kind: &str, ns: &str, obj: Value) -> Value {
    let now = c.now_unix();
    c.api.create(now, kind_info(kind), ns, obj.clone(), false).unwrap_or_else(|e| panic!("creating {kind} {obj}: {}", e.message))
}

/// The pod template of a pod set: one container asking for the requests.
fn pod_set(ps: &Value) -> Value {
    let requests = ps.get("requests").cloned().unwrap_or(json!({}));
    json!({
        "name": ps.get("name").and_then(Value::as_str).unwrap_or("main"),
        "count": ps.get("count").and_then(Value::as_i64).unwrap_or(1),
        "template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "busybox:1.36", "resources": {"requests": requests}}]}},
    })
}

fn workload(w: &Value) -> Value {
    let name = s(w, "name");
    json!({
        "apiVersion": "kueue.x-k8s.io/v1beta2",
        "kind": "Workload",
        "metadata": {"name": name.clone(), "labels": {"kueue.x-k8s.io/job-uid": format!("job-{name}")}},
        "spec": {
            "queueName": s(w, "clusterQueue"),
            "priority": w.get("priority").and_then(Value::as_i64).unwrap_or(0),
            "podSets": w.get("podSets").and_then(Value::as_array).into_iter().flatten().map(pod_set).collect::<Vec<_>>(),
        },
    })
}

fn ns_of(w: &Value) -> String {
    w.get("namespace").and_then(Value::as_str).unwrap_or("default").to_string()
}

fn setup(case: &Value) -> Run {
    let mut c = Cluster::new(7);
    match case.get("fairSharing") {
        Some(Value::Bool(true)) => c.kueue.config.fair_sharing = Some(FairSharingConfig { preemption_strategies: Vec::new() }),
        Some(Value::Object(m)) if m.get("enable") != Some(&json!(false)) => {
            let strategies = m
                .get("preemptionStrategies")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|s| match s.as_str() {
                    Some("LessThanInitialShare") => Strategy::LessThanInitialShare,
                    _ => Strategy::LessThanOrEqualToFinalShare,
                })
                .collect();
            c.kueue.config.fair_sharing = Some(FairSharingConfig { preemption_strategies: strategies });
        }
        _ => {}
    }
    let base = c.clock.elapsed_ms;
    let mut namespaces: BTreeMap<String, Value> = BTreeMap::new();
    for n in case.get("namespaces").and_then(Value::as_array).into_iter().flatten() {
        namespaces.insert(s(n, "name"), n.get("labels").cloned().unwrap_or(json!({})));
    }
    let workloads: Vec<Value> =
        ["admitted", "pending"].iter().flat_map(|k| case.get(*k).and_then(Value::as_array).cloned().unwrap_or_default()).collect();
    for w in &workloads {
        namespaces.entry(ns_of(w)).or_insert(json!({}));
    }
    for (n, labels) in &namespaces {
        if c.api.get(kind_info("Namespace"), "", n).is_ok() {
            let mut obj = c.api.get(kind_info("Namespace"), "", n).unwrap();
            obj["metadata"]["labels"] = labels.clone();
            let now = c.now_unix();
            c.api.update(now, kind_info("Namespace"), "", obj, false, false).unwrap();
        } else {
            create(&mut c, "Namespace", "", json!({"metadata": {"name": n, "labels": labels}}));
        }
    }
    for f in case.get("flavors").and_then(Value::as_array).into_iter().flatten() {
        let obj = match f {
            Value::String(name) => json!({"metadata": {"name": name}, "spec": {}}),
            other => {
                let mut spec = other.clone();
                spec.as_object_mut().expect("a flavor is a name or a map").remove("name");
                json!({"metadata": {"name": s(other, "name")}, "spec": spec})
            }
        };
        create(&mut c, "ResourceFlavor", "", obj);
    }
    for co in case.get("cohorts").and_then(Value::as_array).into_iter().flatten() {
        let mut spec = co.clone();
        spec.as_object_mut().expect("a cohort is a map").remove("name");
        create(&mut c, "Cohort", "", json!({"metadata": {"name": s(co, "name")}, "spec": spec}));
    }
    for cq in case.get("clusterQueues").and_then(Value::as_array).into_iter().flatten() {
        let mut spec = cq.clone();
        let m = spec.as_object_mut().expect("a ClusterQueue is a map");
        m.remove("name");
        m.entry("namespaceSelector").or_insert(json!({}));
        create(&mut c, "ClusterQueue", "", json!({"metadata": {"name": s(cq, "name")}, "spec": spec}));
    }
    let lqs: BTreeSet<(String, String)> = workloads.iter().map(|w| (ns_of(w), s(w, "clusterQueue"))).collect();
    for (ns, cq) in lqs {
        create(&mut c, "LocalQueue", &ns, json!({"metadata": {"name": cq.clone()}, "spec": {"clusterQueue": cq}}));
    }
    c.settle();
    // Every workload is created at its time (nothing runs meanwhile); those that already hold
    // quota are then given their admission directly, as upstream's tests put them in the cache.
    let mut uids = BTreeMap::new();
    let start = c.now_unix();
    let mut order: Vec<(i64, usize, bool, Value)> = Vec::new();
    for (admitted, key) in [(true, "admitted"), (false, "pending")] {
        for w in case.get(key).and_then(Value::as_array).into_iter().flatten() {
            order.push((w.get("created").and_then(Value::as_i64).unwrap_or(0), order.len(), admitted, w.clone()));
        }
    }
    order.sort_by_key(|(t, i, _, _)| (*t, *i));
    let mut created_objs: BTreeMap<String, Value> = BTreeMap::new();
    for (t, _, _, w) in &order {
        c.clock.elapsed_ms = c.clock.elapsed_ms.max(base + 10_000 + (*t).max(0) as u64 * 1000);
        let created = create(&mut c, "Workload", &ns_of(w), workload(w));
        uids.insert(s(w, "name"), s(&created["metadata"], "uid"));
        created_objs.insert(s(w, "name"), created);
    }
    for w in case.get("admitted").and_then(Value::as_array).into_iter().flatten() {
        let ns = ns_of(w);
        let created = created_objs[&s(w, "name")].clone();
        let reserved = sim_core::api::object::rfc3339(start + 10 + w.get("reservedAt").and_then(Value::as_i64).unwrap_or(0));
        let psa: Vec<Value> = w
            .get("podSets")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|ps| {
                let count = ps.get("count").and_then(Value::as_i64).unwrap_or(1);
                let usage: sim_core::json::Map = ps
                    .get("requests")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                    .filter(|(r, _)| ps.pointer(&format!("/flavors/{}", r.replace('/', "~1"))).is_some())
                    .map(|(r, q)| (*r, json!(quantity_times(q.as_str().unwrap_or("0"), count))))
                    .collect();
                json!({"name": ps.get("name").and_then(Value::as_str).unwrap_or("main"), "count": count, "flavors": ps.get("flavors").cloned().unwrap_or(json!({})), "resourceUsage": usage})
            })
            .collect();
        let mut obj = created;
        obj["status"] = json!({
            "admission": {"clusterQueue": s(w, "clusterQueue"), "podSetAssignments": psa},
            "conditions": [
                {"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved", "message": format!("Quota reserved in ClusterQueue {}", s(w, "clusterQueue")), "lastTransitionTime": reserved.clone(), "observedGeneration": 1},
                {"type": "Admitted", "status": "True", "reason": "Admitted", "message": "The workload is admitted", "lastTransitionTime": reserved, "observedGeneration": 1},
            ],
        });
        let now = c.now_unix();
        c.api
            .update(now, kind_info("Workload"), &ns, obj, true, false)
            .unwrap_or_else(|e| panic!("admitting {}: {}", s(w, "name"), e.message));
    }
    c.settle();
    c.advance(5_000);
    Run { c, uids }
}

fn condition<'a>(w: &'a Value, ty: &str) -> Option<&'a Value> {
    w.pointer("/status/conditions").and_then(Value::as_array).and_then(|l| l.iter().find(|c| c["type"] == ty))
}

fn is_true(w: &Value, ty: &str) -> bool {
    condition(w, ty).is_some_and(|c| c["status"] == "True")
}

/// Every difference between the case's expectations and the simulator's steady state.
fn check(case: &Value, run: &Run) -> Vec<String> {
    let mut errors = Vec::new();
    let subst = |m: &str| {
        let mut out = m.to_string();
        for (n, u) in &run.uids {
            out = out.replace(&format!("{{uid:{n}}}"), u);
        }
        out
    };
    let all: Vec<Value> =
        ["admitted", "pending"].iter().flat_map(|k| case.get(*k).and_then(Value::as_array).cloned().unwrap_or_default()).collect();
    let get = |name: &str| -> Option<Value> {
        let w = all.iter().find(|w| s(w, "name") == name)?;
        run.c.api.get(kind_info("Workload"), &ns_of(w), name).ok()
    };
    let expect = case.get("expect").cloned().unwrap_or(json!({}));
    let list = |k: &str| expect.get(k).and_then(Value::as_array).cloned().unwrap_or_default();
    let preempted: BTreeSet<String> = list("preempted").iter().map(|p| s(p, "name")).collect();
    for p in list("preempted") {
        let name = s(&p, "name");
        let Some(w) = get(&name) else {
            errors.push(format!("{name}: no such workload"));
            continue;
        };
        match condition(&w, "Preempted").filter(|c| c["status"] == "True") {
            None => errors.push(format!("{name}: expected to be preempted ({}), but was not", s(&p, "reason"))),
            Some(cond) => {
                if !s(&p, "reason").is_empty() && s(cond, "reason") != s(&p, "reason") {
                    errors.push(format!("{name}: preempted with reason {}, expected {}", s(cond, "reason"), s(&p, "reason")));
                }
                if p.get("message").is_some() && s(cond, "message") != subst(&s(&p, "message")) {
                    errors.push(format!(
                        "{name}: preemption message\n    got:  {}\n    want: {}",
                        s(cond, "message"),
                        subst(&s(&p, "message"))
                    ));
                }
                if !is_true(&w, "Evicted") {
                    errors.push(format!("{name}: Preempted but not Evicted"));
                }
            }
        }
    }
    for w in case.get("admitted").and_then(Value::as_array).into_iter().flatten() {
        let name = s(w, "name");
        if preempted.contains(&name) {
            continue;
        }
        if let Some(obj) = get(&name) {
            if is_true(&obj, "Preempted") || is_true(&obj, "Evicted") {
                errors.push(format!(
                    "{name}: preempted ({}), expected to keep its quota",
                    condition(&obj, "Preempted").map(|c| s(c, "reason")).unwrap_or_default()
                ));
            }
        }
    }
    let pending_names: BTreeSet<String> =
        case.get("pending").and_then(Value::as_array).into_iter().flatten().map(|w| s(w, "name")).collect();
    let mut covered = BTreeSet::new();
    for a in list("admitted") {
        let name = s(&a, "name");
        covered.insert(name.clone());
        let Some(w) = get(&name) else {
            errors.push(format!("{name}: no such workload"));
            continue;
        };
        if !is_true(&w, "QuotaReserved") {
            let cond = condition(&w, "QuotaReserved");
            errors.push(format!(
                "{name}: expected admitted, but pending ({}: {})",
                cond.map(|c| s(c, "reason")).unwrap_or_default(),
                cond.map(|c| s(c, "message")).unwrap_or_default()
            ));
            continue;
        }
        let want_cq = a
            .get("clusterQueue")
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| all.iter().find(|x| s(x, "name") == name).map(|x| s(x, "clusterQueue")).unwrap_or_default());
        let got_cq = w.pointer("/status/admission/clusterQueue").and_then(Value::as_str).unwrap_or("");
        if got_cq != want_cq {
            errors.push(format!("{name}: admitted in {got_cq}, expected {want_cq}"));
        }
        let assignments = w.pointer("/status/admission/podSetAssignments").and_then(Value::as_array).cloned().unwrap_or_default();
        if let Some(flavors) = a.get("flavors") {
            let got = assignments.first().and_then(|p| p.get("flavors")).cloned().unwrap_or(json!({}));
            if &got != flavors {
                errors.push(format!("{name}: flavors {got}, expected {flavors}"));
            }
        }
        for ps in a.get("podSets").and_then(Value::as_array).into_iter().flatten() {
            let psn = ps.get("name").and_then(Value::as_str).unwrap_or("main");
            let got = assignments.iter().find(|p| p["name"] == psn).and_then(|p| p.get("flavors")).cloned().unwrap_or(json!({}));
            if ps.get("flavors").is_some_and(|f| f != &got) {
                errors.push(format!("{name}/{psn}: flavors {got}, expected {}", ps["flavors"]));
            }
        }
    }
    for p in list("pending") {
        let name = s(&p, "name");
        covered.insert(name.clone());
        let Some(w) = get(&name) else {
            errors.push(format!("{name}: no such workload"));
            continue;
        };
        if is_true(&w, "QuotaReserved") {
            errors.push(format!(
                "{name}: expected pending, but admitted in {} with {}",
                w.pointer("/status/admission/clusterQueue").and_then(Value::as_str).unwrap_or(""),
                w.pointer("/status/admission/podSetAssignments").cloned().unwrap_or_default()
            ));
            continue;
        }
        let cond = condition(&w, "QuotaReserved");
        if p.get("reason").is_some() && cond.map(|c| s(c, "reason")) != Some(s(&p, "reason")) {
            errors.push(format!(
                "{name}: pending with reason {:?} ({:?}), expected {}",
                cond.map(|c| s(c, "reason")),
                cond.map(|c| s(c, "message")),
                s(&p, "reason")
            ));
        }
        if p.get("message").is_some() && cond.map(|c| s(c, "message")) != Some(subst(&s(&p, "message"))) {
            errors.push(format!(
                "{name}: pending message\n    got:  {}\n    want: {}",
                cond.map(|c| s(c, "message")).unwrap_or_default(),
                subst(&s(&p, "message"))
            ));
        }
    }
    for n in pending_names.difference(&covered) {
        errors.push(format!("{n}: the case does not say whether it is admitted or pending"));
    }
    errors
}

fn run_table(file: &str) -> (usize, Vec<String>) {
    // A case that fails to set up is reported with the others, not as a backtrace.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let path = format!("{}/tests/kueue_scenarios/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: serde_norway::Value = serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: Vec<Value> = y2j(&cases).as_array().map(|a| a.to_vec()).unwrap_or_default();
    let filter = std::env::var("CASE").ok();
    let mut failures = Vec::new();
    let mut n = 0;
    for case in &cases {
        let name = s(case, "name");
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str()) && !s(case, "upstream").contains(f.as_str())) {
            continue;
        }
        assert!(!s(case, "upstream").is_empty(), "{file}: case {name:?} names no upstream case");
        n += 1;
        let run = std::panic::catch_unwind(|| setup(case));
        let errors = match run {
            Ok(run) => check(case, &run),
            Err(e) => vec![format!(
                "setup failed: {}",
                e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
            )],
        };
        if !errors.is_empty() {
            failures.push(format!("{file}: {name} ({})\n  {}", s(case, "upstream"), errors.join("\n  ")));
        }
    }
    std::panic::set_hook(hook);
    (n, failures)
}

fn assert_table(file: &str, at_least: usize) {
    let (n, failures) = run_table(file);
    if std::env::var("CASE").is_err() {
        assert!(n >= at_least, "{file}: {n} cases, expected at least {at_least}");
    }
    assert!(failures.is_empty(), "{} of {n} cases differ from upstream:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn scheduler_cases_from_upstream() {
    assert_table("scheduler.yaml", 25);
}

#[test]
fn preemption_cases_from_upstream() {
    assert_table("preemption.yaml", 25);
}

#[test]
fn fair_sharing_cases_from_upstream() {
    assert_table("fair_sharing.yaml", 8);
}
