//! `kubectl apply`, `create` and `delete` (upstream `kubectl/pkg/cmd/{apply,create,delete}/`; `kubectl.md` §2).
//!
//! Reading `-f` files, directories and stdin (multi-document YAML), mapping kinds, and the exact
//! success and error lines.

use super::apply::{apply as apply_object, last_applied_value, ApplyOutcome, LAST_APPLIED};
use super::errors::server_error;
use super::flags::{namespace, parse_duration, parse_flags, FlagSpec, Kind};
use super::out::{Host, Out};
use super::resource::{get, list as list_objects, object_path, resolve_type, result};
use crate::api::audit::LearnerWrite;
use crate::api::client::{Client, Direct};
use crate::api::registry::{discovered_kind, kind_for, KindInfo};
use crate::api::rest::{Method, Request};
use crate::api::server::ApiServer;
use crate::api::status::Status;
use crate::clock::World;
use crate::json::{json, Value};
use crate::vfs::NodeKind;

const FILE_FLAGS: &[FlagSpec] = &[
    ("filename", Some('f'), Kind::Value),
    ("recursive", Some('R'), Kind::Bool),
    ("dry-run", None, Kind::Value),
    ("output", Some('o'), Kind::Value),
    ("validate", None, Kind::Value),
    ("server-side", None, Kind::Bool),
    ("save-config", None, Kind::Bool),
];

const DELETE_FLAGS: &[FlagSpec] = &[
    ("filename", Some('f'), Kind::Value),
    ("recursive", Some('R'), Kind::Bool),
    ("selector", Some('l'), Kind::Value),
    ("all", None, Kind::Bool),
    ("all-namespaces", Some('A'), Kind::Bool),
    ("grace-period", None, Kind::Value),
    ("now", None, Kind::Bool),
    ("force", None, Kind::Bool),
    ("wait", None, Kind::Bool),
    ("timeout", None, Kind::Value),
    ("cascade", None, Kind::Value),
    ("ignore-not-found", None, Kind::Bool),
    ("dry-run", None, Kind::Value),
    ("output", Some('o'), Kind::Value),
];

/// One document from a file: where it came from and what it says.
struct Doc {
    source: String,
    obj: Value,
}

/// go-yaml's `line N: message` from a serde_norway error, counted within the document.
fn yaml_error(e: &serde_norway::Error) -> String {
    let text = e.to_string();
    let msg = text.split(" at line ").next().unwrap_or(&text).to_string();
    let line = e.location().map(|l| l.line()).unwrap_or(1);
    // go-yaml prints a scanner error's line 1-based but a parser error's problem line as it is
    // kept, 0-based (`yaml: line 4: did not find expected key` for a stray key on line 5).
    const PARSER_ERRORS: [&str; 6] = [
        "did not find expected <document start>",
        "did not find expected node content",
        "did not find expected key",
        "did not find expected '-' indicator",
        "did not find expected ',' or ']'",
        "did not find expected ',' or '}'",
    ];
    let line = if PARSER_ERRORS.contains(&msg.as_str()) && line > 1 { line - 1 } else { line };
    format!("yaml: line {line}: {msg}")
}

/// Reads every `-f` path (files, directories in lexical order, `-` for stdin). Errors are
/// kubectl's lines; documents before a broken one are still returned.
fn read_docs<W: Host>(out: &mut Out<'_, '_, W>, paths: &[String], recursive: bool) -> (Vec<Doc>, Vec<String>) {
    let mut docs = Vec::new();
    let mut errors = Vec::new();
    let mut files: Vec<(String, String)> = Vec::new();
    for p in paths {
        if p == "-" {
            files.push(("STDIN".into(), out.cx.stdin()));
            continue;
        }
        let abs = out.cx.path(p);
        if abs == "/dev/stdin" {
            files.push((p.clone(), out.cx.stdin()));
            continue;
        }
        match out.cx.fs.stat(&abs).map(|n| n.kind.clone()) {
            None => errors.push(format!("error: the path {p:?} does not exist")),
            Some(NodeKind::File(text)) => files.push((p.clone(), text)),
            Some(NodeKind::Null) => files.push((p.clone(), String::new())),
            Some(NodeKind::Dir) => {
                let mut found: Vec<(String, String)> = out
                    .cx
                    .fs
                    .files_under(&abs)
                    .into_iter()
                    .filter(|(f, _)| recursive || !f[abs.len() + 1..].contains('/'))
                    .filter(|(f, _)| f.ends_with(".yaml") || f.ends_with(".yml") || f.ends_with(".json"))
                    .map(|(f, t)| (format!("{}{}", p.trim_end_matches('/'), &f[abs.len()..]), t.to_string()))
                    .collect();
                crate::sort::sort(&mut found);
                files.extend(found);
            }
        }
    }
    for (source, text) in files {
        let mut parse_failed = false;
        for doc in split_documents(&text) {
            match serde_norway::from_str::<serde_norway::Value>(&doc) {
                Ok(serde_norway::Value::Null) => {}
                Ok(v) => match crate::json::to_value(&v) {
                    Ok(obj) => docs.push(Doc { source: source.clone(), obj }),
                    Err(e) => errors.push(format!("error: error parsing {source}: error converting YAML to JSON: {e}")),
                },
                Err(e) => {
                    errors.push(format!("error: error parsing {source}: error converting YAML to JSON: {}", yaml_error(&e)));
                    parse_failed = true;
                }
            }
            if parse_failed {
                break;
            }
        }
    }
    (docs, errors)
}

/// Splits a multi-document YAML text at `---` lines.
fn split_documents(text: &str) -> Vec<String> {
    let mut docs = vec![String::new()];
    for line in text.lines() {
        if line.trim_end() == "---" || line.starts_with("--- ") {
            docs.push(String::new());
            continue;
        }
        let cur = docs.last_mut().expect("one document at least");
        cur.push_str(line);
        cur.push('\n');
    }
    docs.into_iter().filter(|d| !d.trim().is_empty()).collect()
}

/// Maps a document to its kind and namespace, or the error kubectl prints.
fn map_doc(doc: &Doc, cli_ns: Option<&str>) -> Result<(&'static KindInfo, String), String> {
    let obj = &doc.obj;
    let api_version = obj.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    let kind = obj.get("kind").and_then(Value::as_str).unwrap_or("");
    if kind.is_empty() {
        return Err(format!("error: error validating {:?}: error validating data: kind not set; if you choose to ignore these errors, turn validation off with --validate=false", doc.source));
    }
    if api_version.is_empty() {
        return Err(format!("error: error validating {:?}: error validating data: apiVersion not set; if you choose to ignore these errors, turn validation off with --validate=false", doc.source));
    }
    let name = obj.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("");
    let file_ns = obj.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or("");
    let Some(k) = kind_for(api_version, kind) else {
        if let Some(d) = discovered_kind(api_version, kind) {
            return Err(format!("error: the simulator does not serve {} (시뮬레이터는 이 종류를 지원하지 않습니다)", d.plural));
        }
        return Err(format!(
            "resource mapping not found for name: {name:?} namespace: {file_ns:?} from {:?}: no matches for kind {kind:?} in version {api_version:?}\nensure CRDs are installed first",
            doc.source
        ));
    };
    let ns = if k.namespaced {
        match (file_ns, cli_ns) {
            ("", Some(n)) => n.to_string(),
            ("", None) => "default".to_string(),
            (f, Some(n)) if f != n => {
                return Err(format!("error: the namespace from the provided object {f:?} does not match the namespace {n:?}. You must pass '--namespace={f}' to perform this operation."));
            }
            (f, _) => f.to_string(),
        }
    } else {
        String::new()
    };
    Ok((k, ns))
}

/// Prints collected errors the way kubectl's checkErr does: one error with `error: ` (or the
/// server's form), several as an aggregate without the prefix.
fn print_errors<W: Host>(out: &mut Out<'_, '_, W>, errors: Vec<String>) {
    let many = errors.len() > 1;
    for e in errors {
        if many {
            out.err(e.strip_prefix("error: ").unwrap_or(&e));
        } else if e.starts_with("error: ") || e.starts_with("Error from server") || e.starts_with("The ") || e.starts_with("Warning") {
            out.err(&e);
        } else {
            out.err(&format!("error: {e}"));
        }
    }
}

fn server_error_in_file(s: &Status, verb: &str, source: &str, many: bool) -> String {
    if s.reason == "Invalid" && !many {
        return server_error(s, None);
    }
    server_error(s, Some((verb, source)))
}

pub fn apply<W: Host>(out: &mut Out<'_, '_, W>, args: &[String], _create: bool) {
    let Some(p) = parse_flags(out, "apply", args, FILE_FLAGS) else { return };
    if p.flag("server-side") {
        out.err("error: \"kubectl apply --server-side\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)");
        return;
    }
    let paths = p.all("filename");
    if paths.is_empty() {
        out.err("error: must specify one of -f and -k");
        return;
    }
    let dry_run = p.value("dry-run").unwrap_or("none").to_string();
    let (docs, mut errors) = read_docs(out, &paths, p.flag("recursive"));
    if docs.is_empty() && errors.is_empty() {
        out.err("error: no objects passed to apply");
        return;
    }
    let cli_ns = p.value("namespace").map(str::to_string);
    let name_only = p.value("output") == Some("name");
    let mut server_errors: Vec<(Status, String, &'static str)> = Vec::new();
    for doc in &docs {
        let (kind, ns) = match map_doc(doc, cli_ns.as_deref()) {
            Ok(m) => m,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let name = doc.obj.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("").to_string();
        if dry_run == "client" {
            let exists = get(out.client(), kind, &ns, &name).is_ok();
            let verb = if exists { "configured" } else { "created" };
            out.out(&format!("{}/{name} {verb} (dry run)\n", kind.qualified_singular()));
            continue;
        }
        let server_dry = dry_run == "server";
        match apply_object(out.client(), kind, &ns, &doc.obj, server_dry) {
            Ok(applied) => {
                if !server_dry {
                    out.record(LearnerWrite::apply(doc.obj.clone(), &ns, kind.namespaced));
                }
                if let Some(w) = applied.warning {
                    out.warn(&w);
                }
                let note = if applied.outcome == ApplyOutcome::Created { unmodelled_integration(kind, &applied.object) } else { None };
                let verb = match applied.outcome {
                    ApplyOutcome::Created => "created",
                    ApplyOutcome::Configured => "configured",
                    ApplyOutcome::Unchanged => "unchanged",
                };
                let shown = applied.object.pointer("/metadata/name").and_then(Value::as_str).unwrap_or(&name).to_string();
                if name_only {
                    out.out(&format!("{}/{shown}\n", kind.qualified_singular()));
                } else {
                    out.out(&format!(
                        "{}/{shown} {verb}{}\n",
                        kind.qualified_singular(),
                        if server_dry { " (server dry run)" } else { "" }
                    ));
                }
                if let Some(note) = note {
                    out.warn(&note);
                }
            }
            Err(s) => {
                let verb = if get(out.client(), kind, &ns, &name).is_ok() { "patching" } else { "creating" };
                server_errors.push((s, doc.source.clone(), verb));
            }
        }
    }
    let many = errors.len() + server_errors.len() > 1;
    for (s, source, verb) in server_errors {
        errors.push(server_error_in_file(&s, verb, &source, many));
    }
    print_errors(out, errors);
}

/// What the simulator says about an object Kueue would manage through an integration it does not
/// model: a plain Pod with the queue-name label (the pod integration would gate it with
/// `kueue.x-k8s.io/admission` and make a Workload for it).
fn unmodelled_integration(kind: &crate::api::registry::KindInfo, obj: &Value) -> Option<String> {
    if kind.kind != "Pod" {
        return None;
    }
    let ns = obj.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or("");
    let queued = obj.pointer("/metadata/labels/kueue.x-k8s.io~1queue-name").and_then(Value::as_str).is_some_and(|q| !q.is_empty());
    let owned = obj.pointer("/metadata/ownerReferences").and_then(Value::as_array).is_some_and(|r| !r.is_empty());
    if !queued || owned || crate::api::admission::KUEUE_EXCLUDED_NAMESPACES.contains(&ns) {
        return None;
    }
    Some(
        "Note: the simulator does not model Kueue's pod integration: this Pod runs at once, without a Workload or the kueue.x-k8s.io/admission scheduling gate; put it in a Job to queue it (시뮬레이터는 Kueue 의 Pod 통합을 지원하지 않습니다. 이 Pod 는 Workload 도 스케줄링 게이트도 없이 바로 실행됩니다. 큐에 넣으려면 Job 으로 감싸세요)"
            .to_string(),
    )
}

pub fn create<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    // `kubectl create namespace NAME`
    // The subcommand is the first argument that is not a flag or a flag's value.
    let mut sub = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "-n" | "--namespace" | "-f" | "--filename" | "-o" | "--output" | "--dry-run" => i += 2,
            a if a.starts_with('-') => i += 1,
            _ => {
                sub = Some(i);
                break;
            }
        }
    }
    if let Some(pos) = sub.filter(|&i| args[i] == "job") {
        let rest: Vec<String> = args[..pos].iter().chain(args[pos + 1..].iter()).cloned().collect();
        create_job(out, &rest);
        return;
    }
    if let Some(pos) = sub.filter(|&i| args[i] == "namespace" || args[i] == "ns") {
        let rest: Vec<String> = args[..pos].iter().chain(args[pos + 1..].iter()).cloned().collect();
        let Some(p) = parse_flags(out, "create namespace", &rest, &[("dry-run", None, Kind::Value), ("output", Some('o'), Kind::Value)])
        else {
            return;
        };
        if p.args.len() != 1 {
            out.err(&format!(
                "error: exactly one NAME is required, got {}\nSee 'kubectl create namespace -h' for help and examples",
                p.args.len()
            ));
            return;
        }
        let name = p.args[0].clone();
        let obj = json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name.clone()}});
        let dry = p.value("dry-run") == Some("server");
        match create_object(out.client(), crate::api::server::kind_info("Namespace"), "", obj.clone(), dry) {
            Ok(_) if dry => out.out(&format!("namespace/{name} created (server dry run)\n")),
            Ok(_) if p.value("output") == Some("name") => {
                out.record(LearnerWrite::apply(obj, "", false));
                out.out(&format!("namespace/{name}\n"))
            }
            Ok(_) => {
                out.record(LearnerWrite::apply(obj, "", false));
                out.out(&format!("namespace/{name} created\n"))
            }
            Err(s) => out.err(&server_error(&s, None)),
        }
        return;
    }
    if let Some(pos) = sub {
        out.err(&format!(
            "error: \"kubectl create {}\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)",
            args[pos]
        ));
        return;
    }
    let Some(p) = parse_flags(out, "create", args, FILE_FLAGS) else { return };
    let paths = p.all("filename");
    if paths.is_empty() {
        out.err("error: must specify one of -f and -k");
        return;
    }
    let (docs, mut errors) = read_docs(out, &paths, p.flag("recursive"));
    if docs.is_empty() && errors.is_empty() {
        out.err("error: no objects passed to create");
        return;
    }
    let cli_ns = p.value("namespace").map(str::to_string);
    let mut server_errors = Vec::new();
    for doc in &docs {
        let (kind, ns) = match map_doc(doc, cli_ns.as_deref()) {
            Ok(m) => m,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let mut obj = doc.obj.clone();
        if p.flag("save-config") {
            let ann = last_applied_value(&obj);
            obj["metadata"]["annotations"][LAST_APPLIED] = json!(ann);
        }
        let dry = p.value("dry-run") == Some("server");
        match create_object(out.client(), kind, &ns, obj.clone(), dry) {
            Ok(o) => {
                if !dry {
                    out.record(LearnerWrite::apply(obj, &ns, kind.namespaced));
                }
                let name = o.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("");
                out.out(&format!("{}/{name} created\n", kind.qualified_singular()));
                if let Some(note) = unmodelled_integration(kind, &o) {
                    out.warn(&note);
                }
            }
            Err(s) => server_errors.push((s, doc.source.clone())),
        }
    }
    let many = errors.len() + server_errors.len() > 1;
    for (s, source) in server_errors {
        errors.push(server_error_in_file(&s, "creating", &source, many));
    }
    print_errors(out, errors);
}

pub fn delete<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(out, "delete", args, DELETE_FLAGS) else { return };
    let ns = namespace(&p);
    let explicit_ns = p.value("namespace").is_some();
    let grace: Option<i64> =
        if p.flag("now") { Some(1) } else { p.value("grace-period").and_then(|g| g.parse().ok()).filter(|g: &i64| *g >= 0) };
    let propagation = match p.value("cascade") {
        Some("foreground") => "Foreground",
        Some("orphan") | Some("false") => "Orphan",
        _ => "Background",
    };
    let wait = p.bools.get("wait").copied().unwrap_or(true);
    let limit_ms = match p.value("timeout").map(parse_duration) {
        Some(Some(ms)) if ms > 0 => ms,
        Some(None) => {
            let t = p.value("timeout").unwrap_or("");
            out.err(&format!("error: invalid argument {t:?} for \"--timeout\" flag: time: invalid duration {t:?}"));
            return;
        }
        _ => 600_000,
    };
    let dry_run = p.value("dry-run").is_some_and(|d| d != "none");
    let mut targets: Vec<(&'static KindInfo, String, String, Option<String>)> = Vec::new();
    let mut errors = Vec::new();
    let paths = p.all("filename");
    if !paths.is_empty() {
        let (docs, errs) = read_docs(out, &paths, p.flag("recursive"));
        errors.extend(errs);
        for doc in &docs {
            match map_doc(doc, p.value("namespace")) {
                Ok((k, dns)) => targets.push((
                    k,
                    dns,
                    doc.obj.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("").to_string(),
                    Some(doc.source.clone()),
                )),
                Err(e) => errors.push(e),
            }
        }
    } else if p.args.is_empty() {
        out.err("error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'");
        return;
    } else if p.args.iter().any(|a| a.contains('/')) {
        for a in &p.args {
            let Some((t, n)) = a.split_once('/') else { continue };
            let Some(k) = resolve_type(out, t) else { return };
            targets.push((k, if k.namespaced { ns.clone() } else { String::new() }, n.to_string(), None));
        }
    } else {
        let mut kinds = Vec::new();
        for t in p.args[0].split(',') {
            let Some(k) = resolve_type(out, t) else { return };
            kinds.push(k);
        }
        let names = &p.args[1..];
        if names.is_empty() {
            let selector = p.value("selector").unwrap_or("");
            if !p.flag("all") && selector.is_empty() {
                out.err("error: resource(s) were provided, but no name was specified");
                return;
            }
            let selector = if crate::api::selector::LabelSelector::parse(selector).is_ok() { selector } else { "" };
            for k in kinds {
                let scope = if k.namespaced && !p.flag("all-namespaces") { Some(ns.as_str()) } else { None };
                for o in list_objects(out.client(), k, scope, selector, "").unwrap_or_default() {
                    let on = o.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or("").to_string();
                    targets.push((k, on, o.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("").to_string(), None));
                }
            }
            if targets.is_empty() {
                out.out("No resources found\n");
                return;
            }
        } else {
            for k in kinds {
                for n in names {
                    targets.push((k, if k.namespaced { ns.clone() } else { String::new() }, n.clone(), None));
                }
            }
        }
    }
    if explicit_ns && targets.iter().any(|(k, _, _, _)| !k.namespaced) {
        out.warn("Warning: deleting cluster-scoped resources, not scoped to the provided namespace");
    }
    if p.flag("force") && grace == Some(0) {
        out.warn("Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.");
    }
    // What was deleted, with the uid the server answered with: an object of the same name made
    // since (a controller's new Workload for its Job) is another object, and the wait is over,
    // as kubectl's wait compares uids.
    let mut deleted: Vec<(&'static KindInfo, String, String, String)> = Vec::new();
    for (kind, tns, name, source) in targets {
        // DeleteOptions in the body, as client-go sends them.
        let mut options = json!({"kind": "DeleteOptions", "apiVersion": "v1", "propagationPolicy": propagation});
        if let Some(g) = grace {
            options["gracePeriodSeconds"] = json!(g);
        }
        if dry_run {
            options["dryRun"] = json!(["All"]);
        }
        let req = Request::new(Method::Delete, &object_path(kind, &tns, Some(&name))).body(options);
        match result(out.request(&req)) {
            Ok(answer) => {
                let uid = answer.body.pointer("/details/uid").or_else(|| answer.body.pointer("/metadata/uid")).and_then(Value::as_str);
                let uid = uid.unwrap_or("").to_string();
                if !dry_run {
                    out.record(LearnerWrite::Delete {
                        api_version: kind.api_version(),
                        kind: kind.kind.to_string(),
                        namespace: tns.clone(),
                        name: name.clone(),
                    });
                }
                let suffix = match p.value("dry-run") {
                    Some("server") => " (server dry run)",
                    Some(_) if dry_run => " (dry run)",
                    _ => "",
                };
                let verb = if p.flag("force") && grace == Some(0) { "force deleted" } else { "deleted" };
                if p.value("output") == Some("name") {
                    out.out(&format!("{}/{name}\n", kind.qualified_singular()));
                } else {
                    out.out(&format!("{} {name:?} {verb}{suffix}\n", kind.qualified_singular()));
                }
                deleted.push((kind, tns, name, uid));
            }
            Err(s) if s.code == 404 && p.flag("ignore-not-found") => {}
            Err(s) => errors.push(match source {
                Some(src) => server_error(&s, Some(("deleting", &src))),
                None => server_error(&s, None),
            }),
        }
    }
    // --wait (the default): block until the objects are really gone, in virtual time — up to
    // --timeout (kubectl's 0 means forever; the simulator stops after ten virtual minutes).
    if wait && !dry_run {
        // The deletion's first consequences (finalizers the controllers remove at once) come
        // before the first look, as they would while kubectl sets up its watch.
        World::settle(&mut *out.cx.world);
        let mut waited = 0;
        loop {
            let left: Vec<&(&'static KindInfo, String, String, String)> = deleted
                .iter()
                .filter(|(k, n, name, uid)| {
                    get(out.client(), k, n, name)
                        .is_ok_and(|o| uid.is_empty() || o.pointer("/metadata/uid").and_then(Value::as_str) == Some(uid))
                })
                .collect();
            if left.is_empty() {
                break;
            }
            if waited >= limit_ms {
                errors.extend(
                    left.iter().map(|(k, _, name, _)| format!("error: timed out waiting for the condition on {}/{name}", k.plural)),
                );
                break;
            }
            let step = 1_000.min(limit_ms - waited);
            out.sleep(step);
            waited += step;
        }
    }
    print_errors(out, errors);
}

/// `kubectl create job NAME --image=IMAGE [-- COMMAND [args...]]`
fn create_job<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(
        out,
        "create job",
        args,
        &[("image", None, Kind::Value), ("dry-run", None, Kind::Value), ("output", Some('o'), Kind::Value), ("from", None, Kind::Value)],
    ) else {
        return;
    };
    if p.args.len() != 1 {
        out.err(&format!("error: exactly one NAME is required, got {}\nSee 'kubectl create job -h' for help and examples", p.args.len()));
        return;
    }
    let Some(image) = p.value("image") else {
        out.err("error: --image must be specified");
        return;
    };
    let name = p.args[0].clone();
    let ns = namespace(&p);
    let mut container = json!({"name": name.clone(), "image": image});
    if !p.rest.is_empty() {
        container["command"] = json!(&p.rest);
    }
    let job = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name.clone(), "namespace": ns.clone()},
        "spec": {"template": {"spec": {"containers": [container], "restartPolicy": "Never"}}}});
    let dry = p.value("dry-run") == Some("server");
    match create_object(out.client(), crate::api::server::kind_info("Job"), &ns, job.clone(), dry) {
        Ok(_) => {
            if !dry {
                out.record(LearnerWrite::apply(job, &ns, true));
            }
            out.out(&format!("job.batch/{name} created\n"))
        }
        Err(s) => out.err(&format!("error: failed to create job: {}", s.message)),
    }
}

/// POST an object (kubectl's default `fieldValidation=Strict`).
fn create_object(c: &mut dyn Client, kind: &KindInfo, ns: &str, obj: Value, dry: bool) -> Result<Value, Status> {
    let mut req = Request::new(Method::Post, &object_path(kind, ns, None)).body(obj).query("fieldValidation", "Strict");
    if dry {
        req = req.query("dryRun", "All");
    }
    result(c.request(&req)).map(|r| r.body)
}

/// A problem with one document of a manifest file, for the editor's inline diagnostics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestProblem {
    /// 1-based line where the document starts.
    pub line: usize,
    /// What `kubectl apply -f FILE` would print for this document.
    pub message: String,
}

/// What `kubectl apply --dry-run=server -f <source>` would say about each document of `text`,
/// checked against a copy of the store (the same mapping, admission and validation as a real
/// apply; nothing is written and no random name is drawn from the live cluster). YAML syntax
/// errors are left to the editor's syntax check.
pub fn check_manifest_file(api: &ApiServer, now: i64, source: &str, text: &str) -> Vec<ManifestProblem> {
    let mut problems = Vec::new();
    let mut start = 1;
    let mut body = String::new();
    let mut docs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_end() == "---" || line.starts_with("--- ") {
            docs.push((start, std::mem::take(&mut body)));
            start = i + 2;
            continue;
        }
        body.push_str(line);
        body.push('\n');
    }
    docs.push((start, body));
    let mut scratch: Option<ApiServer> = None;
    for (line, doc_text) in docs {
        // The first non-blank, non-comment line is where the marker goes.
        let line = line + doc_text.lines().position(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).unwrap_or(0);
        let Ok(value) = serde_norway::from_str::<serde_norway::Value>(&doc_text) else { continue };
        if value.is_null() {
            continue;
        }
        let Ok(obj) = crate::json::to_value(&value) else { continue };
        if !obj.is_object() {
            continue;
        }
        let doc = Doc { source: source.to_string(), obj };
        let (kind, ns) = match map_doc(&doc, None) {
            Ok(m) => m,
            Err(e) => {
                problems.push(ManifestProblem { line, message: e.strip_prefix("error: ").unwrap_or(&e).to_string() });
                continue;
            }
        };
        // A server-side dry run through a client of the copy.
        let mut client = Direct { api: scratch.get_or_insert_with(|| api.clone()), now };
        let name = doc.obj.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("").to_string();
        if let Err(s) = apply_object(&mut client, kind, &ns, &doc.obj, true) {
            let verb = if get(&mut client, kind, &ns, &name).is_ok() { "patching" } else { "creating" };
            problems.push(ManifestProblem { line, message: server_error_in_file(&s, verb, source, false) });
        }
    }
    problems
}
