//! `kubectl label`, `annotate`, `patch` and `wait` (upstream `kubectl/pkg/cmd/{label,annotate,patch,wait}/`).
//!
//! Patches through the API core with kubectl's output lines (`kubectl.md`), and waiting in
//! virtual time.

use super::errors::server_error;
use super::flags::{namespace, parse_duration, parse_flags, Kind};
use super::jsonpath;
use super::out::{Host, Out};
use super::resource::{get as get_object, list as list_objects, object_path, resolve_type, result};
use crate::api::audit::LearnerWrite;
use crate::api::object::get_str;
use crate::api::registry::KindInfo;
use crate::api::rest::{Method, Request};
use crate::api::status::Status;
use crate::json::{json, Map, Value};

/// Objects named on the command line: kind and name.
type Targets = Vec<(&'static KindInfo, String)>;

/// `TYPE NAME...` or `TYPE/NAME...` followed by the remaining arguments.
fn targets<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) -> Option<(Targets, Vec<String>)> {
    let first = args.first()?;
    if let Some((t, n)) = first.split_once('/') {
        let kind = resolve_type(out, t)?;
        let mut list = vec![(kind, n.to_string())];
        let mut rest = Vec::new();
        for a in &args[1..] {
            match a.split_once('/') {
                Some((t, n)) if !a.contains('=') => list.push((resolve_type(out, t)?, n.to_string())),
                _ => rest.push(a.clone()),
            }
        }
        return Some((list, rest));
    }
    let kind = resolve_type(out, first)?;
    let name = args.get(1)?.clone();
    Some((vec![(kind, name)], args[2..].to_vec()))
}

/// `kubectl label` and `kubectl annotate`.
pub fn label<W: Host>(out: &mut Out<'_, '_, W>, args: &[String], annotate: bool) {
    let verb = if annotate { "annotate" } else { "label" };
    let Some(p) = parse_flags(
        out,
        verb,
        args,
        &[("overwrite", None, Kind::Bool), ("all", None, Kind::Bool), ("dry-run", None, Kind::Value), ("selector", Some('l'), Kind::Value)],
    ) else {
        return;
    };
    let ns = namespace(&p);
    let Some((objs, changes)) = targets(out, &p.args) else {
        if !out.failed {
            out.err(&format!("error: one or more resources must be specified as <resource> <name> or <resource>/<name>\nSee 'kubectl {verb} -h' for help and examples"));
        }
        return;
    };
    if changes.is_empty() {
        out.err(&format!(
            "error: at least one {} update is required\nSee 'kubectl {verb} -h' for help and examples",
            if annotate { "annotation" } else { "label" }
        ));
        return;
    }
    let field = if annotate { "annotations" } else { "labels" };
    for (kind, name) in objs {
        let obj_ns = if kind.namespaced { ns.as_str() } else { "" };
        let current = match get_object(out.client(), kind, obj_ns, &name) {
            Ok(o) => o,
            Err(e) => {
                out.err(&server_error(&e, None));
                continue;
            }
        };
        let existing = current.pointer(&format!("/metadata/{field}")).and_then(Value::as_object).cloned().unwrap_or_default();
        let mut patch = Map::new();
        let mut changed = false;
        for c in &changes {
            if let Some(k) = c.strip_suffix('-') {
                if existing.contains_key(k) {
                    patch.insert(k.to_string(), Value::Null);
                    changed = true;
                }
                continue;
            }
            let Some((k, v)) = c.split_once('=') else {
                out.err(&format!("error: invalid {} format: {c}", if annotate { "annotation" } else { "label" }));
                return;
            };
            if let Some(old) = existing.get(k).and_then(Value::as_str) {
                if old != v && !p.flag("overwrite") {
                    out.err(&format!("error: '{k}' already has a value ({old}), and --overwrite is false"));
                    return;
                }
                if old == v {
                    continue;
                }
            }
            patch.insert(k.to_string(), json!(v));
            changed = true;
        }
        let shown = format!("{}/{name}", kind.qualified_singular());
        // kubectl says "unlabeled" when, without --overwrite, the object got shorter.
        let shrank = {
            let mut after = existing.clone();
            for (k, v) in &patch {
                if v.is_null() {
                    after.remove(k);
                } else {
                    after.insert(*k, v.clone());
                }
            }
            serde_json::to_string(&after).map(|a| a.len()).unwrap_or(0) < serde_json::to_string(&existing).map(|e| e.len()).unwrap_or(0)
        };
        let past = match (annotate, shrank && !p.flag("overwrite")) {
            (true, _) => "annotated",
            (false, true) => "unlabeled",
            (false, false) => "labeled",
        };
        if !changed {
            out.out(&format!("{shown} not {past}\n"));
            continue;
        }
        let body = json!({"metadata": {field: patch}});
        let dry = p.value("dry-run").is_some();
        match send_patch(out, kind, obj_ns, &name, "merge", &body, false, dry) {
            Ok(_) => {
                if !dry {
                    out.record(LearnerWrite::Patch {
                        api_version: kind.api_version(),
                        kind: kind.kind.to_string(),
                        namespace: obj_ns.to_string(),
                        name: name.clone(),
                        patch_type: "merge".into(),
                        patch: body.clone(),
                    });
                }
                out.out(&format!("{shown} {past}\n"))
            }
            Err(e) => out.err(&server_error(&e, None)),
        }
    }
}

pub fn patch<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(
        out,
        "patch",
        args,
        &[
            ("patch", Some('p'), Kind::Value),
            ("type", None, Kind::Value),
            ("dry-run", None, Kind::Value),
            ("subresource", None, Kind::Value),
        ],
    ) else {
        return;
    };
    let ns = namespace(&p);
    let Some((objs, _)) = targets(out, &p.args) else {
        if !out.failed {
            out.err("error: must specify a resource type and name\nSee 'kubectl patch -h' for help and examples");
        }
        return;
    };
    let Some(text) = p.value("patch") else {
        out.err("error: must specify -p to patch");
        return;
    };
    let body: Value = match serde_norway::from_str::<serde_norway::Value>(text).ok().and_then(|v| crate::json::to_value(&v).ok()) {
        Some(v) => v,
        None => {
            out.err(&format!("error: unable to parse \"{text}\": yaml: did not find expected node content"));
            return;
        }
    };
    let patch_type = match p.value("type").unwrap_or("strategic") {
        t @ ("merge" | "json" | "strategic") => t,
        other => {
            out.err(&format!("error: --type must be one of [json merge strategic], not {other:?}"));
            return;
        }
    };
    let status = p.value("subresource") == Some("status");
    for (kind, name) in objs {
        let obj_ns = if kind.namespaced { ns.as_str() } else { "" };
        let before = get_object(out.client(), kind, obj_ns, &name).ok();
        let dry = p.value("dry-run").is_some();
        match send_patch(out, kind, obj_ns, &name, patch_type, &body, status, dry) {
            Ok(after) => {
                if !dry && !status {
                    out.record(LearnerWrite::Patch {
                        api_version: kind.api_version(),
                        kind: kind.kind.to_string(),
                        namespace: obj_ns.to_string(),
                        name: name.clone(),
                        patch_type: patch_type.into(),
                        patch: body.clone(),
                    });
                }
                let same = before
                    .as_ref()
                    .map(|b| b.pointer("/metadata/resourceVersion") == after.pointer("/metadata/resourceVersion"))
                    .unwrap_or(false);
                out.out(&format!("{}/{name} {}\n", kind.qualified_singular(), if same { "patched (no change)" } else { "patched" }));
            }
            Err(e) => out.err(&server_error(&e, None)),
        }
    }
}

/// PATCH one object (or its status) with kubectl's `--type` (`merge`, `json`, `strategic`).
#[allow(clippy::too_many_arguments)]
fn send_patch<W: Host>(
    out: &mut Out<'_, '_, W>,
    kind: &KindInfo,
    ns: &str,
    name: &str,
    patch_type: &str,
    body: &Value,
    status: bool,
    dry: bool,
) -> Result<Value, Status> {
    let mut path = object_path(kind, ns, Some(name));
    if status {
        path.push_str("/status");
    }
    let mut req = Request::new(Method::Patch, &path).body(body.clone());
    req.content_type = Some(
        match patch_type {
            "json" => "application/json-patch+json",
            "strategic" => "application/strategic-merge-patch+json",
            _ => "application/merge-patch+json",
        }
        .to_string(),
    );
    if dry {
        req = req.query("dryRun", "All");
    }
    result(out.request(&req)).map(|r| r.body)
}

/// Parses a duration like `30s`, `2m`, `1h`, `500ms`, `0` (kubectl's `--timeout`).
pub fn wait<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(
        out,
        "wait",
        args,
        &[
            ("for", None, Kind::Value),
            ("timeout", None, Kind::Value),
            ("all", None, Kind::Bool),
            ("selector", Some('l'), Kind::Value),
            ("all-namespaces", Some('A'), Kind::Bool),
        ],
    ) else {
        return;
    };
    let ns = namespace(&p);
    let Some(cond) = p.value("for").map(str::to_string) else {
        out.err("error: --for must be specified");
        return;
    };
    let timeout = match p.value("timeout") {
        None => 30_000,
        Some(t) => match parse_duration(t) {
            Some(ms) => ms,
            None => {
                out.err(&format!("error: invalid argument {t:?} for \"--timeout\" flag: time: invalid duration {t:?}"));
                return;
            }
        },
    };
    let mut objs: Targets = Vec::new();
    if p.args.first().is_some_and(|a| !a.contains('/')) && (p.flag("all") || p.value("selector").is_some()) {
        let Some(kind) = resolve_type(out, &p.args[0]) else { return };
        let selector = p.value("selector").unwrap_or("");
        let selector = if crate::api::selector::LabelSelector::parse(selector).is_ok() { selector } else { "" };
        for o in list_objects(out.client(), kind, Some(ns.as_str()), selector, "").unwrap_or_default() {
            objs.push((kind, get_str(&o, &["metadata", "name"]).unwrap_or("").to_string()));
        }
        if objs.is_empty() {
            out.err("error: no matching resources found");
            return;
        }
    } else {
        match targets(out, &p.args) {
            Some((list, _)) => objs = list,
            None => {
                if !out.failed {
                    out.err("error: resource name may not be empty");
                }
                return;
            }
        }
    }
    // What "met" means for one object (`None` = the object is gone).
    let met = |obj: Option<&Value>| -> Result<bool, String> {
        if cond == "delete" {
            return Ok(obj.is_none());
        }
        let Some(obj) = obj else { return Ok(false) };
        if let Some(c) = cond.strip_prefix("condition=") {
            let (ty, want) = c.split_once('=').unwrap_or((c, "True"));
            return Ok(obj.pointer("/status/conditions").and_then(Value::as_array).is_some_and(|cs| {
                cs.iter().any(|x| {
                    x["type"].as_str().is_some_and(|t| t.eq_ignore_ascii_case(ty))
                        && x["status"].as_str().is_some_and(|s| s.eq_ignore_ascii_case(want))
                })
            }));
        }
        if let Some(j) = cond.strip_prefix("jsonpath=") {
            let (expr, want) = match j.rsplit_once('=') {
                Some((e, w)) if !e.ends_with('=') => (e.to_string(), Some(w.to_string())),
                _ => (j.to_string(), None),
            };
            let template = if expr.contains('{') { expr } else { format!("{{{expr}}}") };
            let got = jsonpath::execute(&template, obj).map_err(|e| e.1)?;
            return Ok(match want {
                Some(w) => got == w,
                None => !got.is_empty(),
            });
        }
        Err(format!("unrecognized condition: {cond:?}"))
    };
    for (kind, name) in objs {
        let obj_ns = if kind.namespaced { ns.clone() } else { String::new() };
        let start = out.now_ms();
        let shown = format!("{}/{name}", kind.qualified_singular());
        let exists = get_object(out.client(), kind, &obj_ns, &name).is_ok();
        if cond != "delete" && !exists {
            out.err(&server_error(&Status::not_found(kind.plural, kind.group, &name), None));
            continue;
        }
        // Waiting for the deletion of something already gone succeeds at once, silently.
        if cond == "delete" && !exists {
            continue;
        }
        loop {
            let obj = get_object(out.client(), kind, &obj_ns, &name).ok();
            match met(obj.as_ref()) {
                Ok(true) => {
                    out.out(&format!("{shown} condition met\n"));
                    break;
                }
                Ok(false) => {}
                Err(e) => {
                    out.err(&format!("error: {e}"));
                    return;
                }
            }
            if out.now_ms() >= start + timeout {
                out.err(&format!("error: timed out waiting for the condition on {}/{name}", kind.plural));
                break;
            }
            let step = 1_000.min(start + timeout - out.now_ms()).max(1);
            out.sleep(step);
        }
    }
}
