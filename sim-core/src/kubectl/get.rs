//! `kubectl get` (upstream `kubectl/pkg/cmd/get/get.go`; `kubectl.md` §3): tables from the server and the other output formats.
//!
//! `-o wide|name|json|yaml|jsonpath|custom-columns`, several types and names, `-A`, `-l`,
//! `--field-selector`, `--show-labels`, `--no-headers`, `-w` (see `watch`), and the empty-result
//! and not-found messages.

use super::errors::{server_error, status_from};
use super::flags::{namespace, parse_duration, parse_flags, FlagSpec, Kind, Parsed};
use super::json::to_json;
use super::jsonpath;
use super::out::{Host, Out};
use super::resource::{path, resolve_type, type_and_names};
use super::table_printer::{label_columns, print_table, PrintOptions};
use super::tabwriter::KUBECTL_TABLE;
use super::watch::{Watch, WatchOutput, WatchSpec};
use super::yaml::to_yaml;
use crate::api::registry::{resolve, KindInfo, SERVED};
use crate::api::rest::{Method, Request};
use crate::api::status::Status;
use crate::json::{json, Value};

const FLAGS: &[FlagSpec] = &[
    ("output", Some('o'), Kind::Value),
    ("all-namespaces", Some('A'), Kind::Bool),
    ("selector", Some('l'), Kind::Value),
    ("field-selector", None, Kind::Value),
    ("show-labels", None, Kind::Bool),
    ("label-columns", Some('L'), Kind::Value),
    ("no-headers", None, Kind::Bool),
    ("watch", Some('w'), Kind::Bool),
    ("watch-only", None, Kind::Bool),
    ("output-watch-events", None, Kind::Bool),
    ("sort-by", None, Kind::Value),
    ("filename", Some('f'), Kind::Value),
    ("show-kind", None, Kind::Bool),
];

/// kubectl get's answer when no resource type is given.
const NO_RESOURCE_TYPE: &str = "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples";

enum Output {
    Table { wide: bool },
    Name,
    Json,
    Yaml,
    JsonPath(String),
    JsonPathAsJson(String),
    CustomColumns(String),
}

/// `kubectl get --raw PATH`, for the visibility API only (its body is what the server sends).
fn raw<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let path = match args {
        [flag, path] if flag == "--raw" => Some(path.as_str()),
        [one] => one.strip_prefix("--raw="),
        _ => None,
    };
    // The aggregated APIs (Kueue's visibility API) are the paths the simulator serves raw.
    let aggregated = |p: &str| {
        let group = p.split('?').next().unwrap_or("").strip_prefix("/apis/").map(|g| g.split('/').next().unwrap_or(""));
        crate::api::registry::AGGREGATED.iter().any(|a| Some(a.group) == group)
    };
    let Some(path) = path.filter(|p| aggregated(p)) else {
        out.err("error: the simulator's \"kubectl get --raw\" serves only the visibility API: kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/NAME/pendingworkloads (or namespaces/NS/localqueues/NAME/pendingworkloads), with no other arguments (시뮬레이터의 get --raw 는 visibility API 만 지원합니다)");
        return;
    };
    let (p, q) = path.split_once('?').unwrap_or((path, ""));
    let query: Vec<(String, String)> = q
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| kv.split_once('=').unwrap_or((kv, "")))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let r = out.request(&Request { method: Some(Method::Get), path: p.to_string(), query, ..Default::default() });
    match r.status() {
        None => out.out(&r.raw.unwrap_or_default()),
        Some(status) => out.err(&server_error(&status, None)),
    }
}

pub fn run<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    if args.iter().take_while(|a| *a != "--").any(|a| a == "--raw" || a.starts_with("--raw=")) {
        raw(out, args);
        return;
    }
    let Some(p) = parse_flags(out, "get", args, FLAGS) else { return };
    if p.flag("watch") || p.flag("watch-only") {
        watch(out, &p);
        return;
    }
    let output = match p.value("output") {
        None => Output::Table { wide: false },
        Some("wide") => Output::Table { wide: true },
        Some("name") => Output::Name,
        Some("json") => Output::Json,
        Some("yaml") => Output::Yaml,
        Some(o) if o.starts_with("jsonpath-as-json=") => Output::JsonPathAsJson(o["jsonpath-as-json=".len()..].to_string()),
        Some(o) if o.starts_with("jsonpath=") => Output::JsonPath(o["jsonpath=".len()..].to_string()),
        Some(o) if o.starts_with("custom-columns=") => Output::CustomColumns(o["custom-columns=".len()..].to_string()),
        Some(o)
            if o.starts_with("jsonpath")
                || o.starts_with("custom-columns")
                || o.starts_with("go-template")
                || o.starts_with("template") =>
        {
            out.err(&format!("error: \"-o {o}\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)"));
            return;
        }
        Some(o) => {
            out.err(&format!("error: unable to match a printer suitable for the output format {o:?}, allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml"));
            return;
        }
    };
    if p.args.is_empty() {
        out.err(NO_RESOURCE_TYPE);
        return;
    }
    // (kind, names): `TYPE[,TYPE] [NAME...]` or `TYPE/NAME ...`.
    let mut requests: Vec<(&'static KindInfo, Vec<String>)> = Vec::new();
    if p.args.iter().any(|a| a.contains('/')) {
        for a in &p.args {
            let Some((t, n)) = a.split_once('/') else {
                out.err("error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'");
                return;
            };
            let Some(k) = resolve_type(out, t) else { return };
            match requests.iter_mut().find(|(rk, _)| rk.kind == k.kind) {
                Some((_, names)) => names.push(n.to_string()),
                None => requests.push((k, vec![n.to_string()])),
            }
        }
    } else {
        let names: Vec<String> = p.args[1..].to_vec();
        for t in p.args[0].split(',').filter(|t| !t.is_empty()) {
            // A category (`all`) stands for every served kind in it, in discovery order.
            let in_category: Vec<&'static KindInfo> = SERVED.iter().filter(|k| k.categories.contains(&t)).collect();
            if !in_category.is_empty() && resolve(t).is_none() {
                for k in in_category {
                    if !requests.iter().any(|(rk, _)| rk.kind == k.kind) {
                        requests.push((k, names.clone()));
                    }
                }
                continue;
            }
            let Some(k) = resolve_type(out, t) else { return };
            requests.push((k, names.clone()));
        }
    }
    let all_ns = p.flag("all-namespaces");
    let ns = namespace(&p);
    let selector = p.value("selector").unwrap_or("").to_string();
    let fields = p.value("field-selector").unwrap_or("").to_string();
    let mut tables: Vec<(&'static KindInfo, Value)> = Vec::new();
    let mut objects: Vec<Value> = Vec::new();
    let single_named = requests.len() == 1 && requests[0].1.len() == 1;
    // --sort-by over several responses (kinds, or names) also sorts the responses themselves —
    // server-side Tables, in which a field of the objects is not found (kubectl's quirk).
    let (mut responses, mut field_on_a_response) = (0, false);
    for (kind, names) in &requests {
        let ns_opt = if kind.namespaced && !all_ns { Some(ns.as_str()) } else { None };
        let as_table = as_table_output(&output);
        let sort_by = p.value("sort-by").filter(|_| as_table);
        let mut rows: Vec<Value> = Vec::new();
        let mut columns = Value::Null;
        let fetch = |out: &mut Out<'_, '_, W>, name: Option<&str>| -> Result<Value, Status> {
            let mut req = Request::new(Method::Get, &path(kind, ns_opt, name));
            if !selector.is_empty() {
                req = req.query("labelSelector", &selector);
            }
            if !fields.is_empty() {
                req = req.query("fieldSelector", &fields);
            }
            if as_table {
                req = req.table();
                // To sort by any field kubectl needs the whole objects in the rows.
                if sort_by.is_some() {
                    req = req.query("includeObject", "Object");
                }
            }
            let r = out.request(&req);
            if r.is_success() {
                Ok(r.body)
            } else {
                Err(status_from(&r.body))
            }
        };
        let mut note_response = |body: &Value| {
            responses += 1;
            if let Some(field) = sort_by {
                field_on_a_response |= sort_key(body, field).is_some();
            }
        };
        if names.is_empty() {
            match fetch(out, None) {
                Ok(mut body) => {
                    if as_table {
                        note_response(&body);
                        columns = body["columnDefinitions"].take();
                        rows.extend(take_array(&mut body, "rows"));
                        if let Some(field) = sort_by {
                            rows = sort_rows(rows, field);
                        }
                    } else {
                        objects.extend(take_array(&mut body, "items"));
                    }
                }
                Err(s) => {
                    out.err(&server_error(&s, None));
                    continue;
                }
            }
        } else {
            for n in names {
                match fetch(out, Some(n)) {
                    Ok(mut body) => {
                        if as_table {
                            note_response(&body);
                            columns = body["columnDefinitions"].take();
                            rows.extend(take_array(&mut body, "rows"));
                        } else {
                            objects.push(body);
                        }
                    }
                    Err(s) => out.err(&server_error(&s, None)),
                }
            }
        }
        if as_table && !rows.is_empty() {
            tables.push((kind, table_doc(std::mem::take(&mut columns), std::mem::take(&mut rows))));
        }
    }
    let not_found = |field: &str| format!("error: couldn't find any field with path {:?} in the list of objects", relaxed_path(field));
    if let Some(field) = p.value("sort-by").filter(|_| responses > 1 && !field_on_a_response) {
        out.err(&not_found(field));
        return;
    }
    // Other outputs print one list of every object, which kubectl sorts as a whole — and fails
    // on when not one object has the field (one named object is printed as it is).
    if let Some(field) = p.value("sort-by").filter(|_| !as_table_output(&output) && !objects.is_empty() && !single_named) {
        let keys: Vec<Option<Value>> = objects.iter().map(|o| sort_key(o, field)).collect();
        let Some(mut order) = keys.iter().any(Option::is_some).then(|| super::sort_by::order(&keys)).flatten() else {
            out.err(&not_found(field));
            return;
        };
        crate::sort::permute(&mut objects, &mut order);
    }
    match output {
        Output::Table { wide } => {
            let several_kinds = tables.len() > 1;
            let mut printed = false;
            let mut text = String::new();
            for (kind, table) in &tables {
                let opts = PrintOptions {
                    wide,
                    no_headers: p.flag("no-headers"),
                    with_namespace: all_ns && kind.namespaced,
                    kind_prefix: (several_kinds || p.flag("show-kind")).then(|| kind.qualified_singular()),
                    show_labels: p.flag("show-labels"),
                    label_columns: label_columns(&p.all("label-columns")),
                };
                let t = print_table(table, &opts);
                if !t.is_empty() {
                    // kubectl parts kinds with a blank line only where each has its header.
                    if printed && !opts.no_headers {
                        text.push('\n');
                    }
                    text.push_str(&t);
                    printed = true;
                }
            }
            out.out(&text);
            if !printed && !out.failed {
                let namespaced = requests.iter().all(|(k, _)| k.namespaced);
                if namespaced && !all_ns {
                    out.warn(&format!("No resources found in {ns} namespace."));
                } else {
                    out.warn("No resources found");
                }
            }
        }
        Output::Name => {
            let text: String = objects
                .iter()
                .filter_map(|o| {
                    let kind = requests.iter().find(|(k, _)| Some(k.kind) == o["kind"].as_str())?.0;
                    Some(format!("{}/{}\n", kind.qualified_singular(), o["metadata"]["name"].as_str().unwrap_or("")))
                })
                .collect();
            out.out(&text);
        }
        Output::Json | Output::Yaml | Output::JsonPath(_) | Output::JsonPathAsJson(_) | Output::CustomColumns(_) => {
            if objects.is_empty() && out.failed {
                return;
            }
            let doc = if single_named && objects.len() == 1 {
                objects.remove(0)
            } else {
                let mut list = crate::json::Map::new();
                list.insert("apiVersion", "v1".into());
                list.insert("items", Value::Array(std::mem::take(&mut objects).into()));
                list.insert("kind", "List".into());
                list.insert("metadata", json!({"resourceVersion": ""}));
                Value::Object(list)
            };
            let result = match &output {
                Output::Json => Ok(format!("{}\n", to_json(&doc))),
                Output::Yaml => Ok(to_yaml(&doc)),
                Output::JsonPath(t) => jsonpath::execute(&normalize_template(t), &doc).map_err(|e| (t.clone(), e)),
                Output::JsonPathAsJson(t) => jsonpath::execute_as_json(&normalize_template(t), &doc)
                    .map(|v| format!("{}\n", to_json(&json!(v))))
                    .map_err(|e| (t.clone(), e)),
                Output::CustomColumns(spec) => {
                    custom_columns(spec, &objects_of(&doc), p.flag("no-headers")).map_err(|e| (spec.clone(), (true, e)))
                }
                Output::Table { .. } | Output::Name => Ok(String::new()),
            };
            match result {
                Ok(text) => out.out(&text),
                Err((_, (true, msg))) => out.err(&format!("error: {msg}")),
                Err((t, (false, msg))) => out.err(&format!(
                    "error: error executing jsonpath {:?}: Error executing template: {msg}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{}\n",
                    normalize_template(&t),
                    normalize_template(&t)
                )),
            }
        }
    }
}

/// `get -w`: prints the current table and leaves a [`Watch`] running in the foreground.
fn watch<W: Host>(out: &mut Out<'_, '_, W>, p: &Parsed) {
    let output = match p.value("output") {
        None => WatchOutput::Table,
        Some("wide") => WatchOutput::Table,
        Some("name") => WatchOutput::Name,
        Some(o) => {
            out.err(&format!(
                "error: \"kubectl get -w -o {o}\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)"
            ));
            return;
        }
    };
    let Some((type_arg, names)) = type_and_names(&p.args) else {
        out.err(NO_RESOURCE_TYPE);
        return;
    };
    if type_arg.contains(',') || p.args.iter().skip(1).any(|a| a.contains('/')) {
        out.err("error: you may only specify a single resource type");
        return;
    }
    if names.len() > 1 {
        out.err("error: watch is only supported on individual resources and resource collections, but 2 resources were found");
        return;
    }
    let Some(kind) = resolve_type(out, &type_arg) else { return };
    let all_ns = p.flag("all-namespaces");
    let ns = namespace(p);
    let deadline = match p.value("request-timeout").map(parse_duration) {
        None => None,
        Some(Some(0)) => None,
        Some(Some(ms)) => Some(out.now_ms() + ms),
        Some(None) => {
            // client-go's clientcmd parses the flag when it builds the client config.
            out.err("error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)");
            return;
        }
    };
    let opts = PrintOptions {
        wide: p.value("output") == Some("wide"),
        no_headers: p.flag("no-headers"),
        with_namespace: all_ns && kind.namespaced,
        kind_prefix: p.flag("show-kind").then(|| kind.qualified_singular()),
        show_labels: p.flag("show-labels"),
        label_columns: label_columns(&p.all("label-columns")),
    };
    let mut w = Watch::new(WatchSpec {
        kind,
        namespace: (kind.namespaced && !all_ns).then(|| ns.clone()),
        name: names.first().cloned(),
        selector: p.value("selector").unwrap_or("").to_string(),
        fields: p.value("field-selector").unwrap_or("").to_string(),
        opts,
        output,
        events: p.flag("output-watch-events"),
        deadline_ms: deadline,
    });
    match w.start(out.client()) {
        Ok(text) => {
            // --watch-only: the current state is not printed, only changes.
            if !p.flag("watch-only") {
                out.out(&text);
            }
            out.cx.foreground = Some(Box::new(w));
        }
        Err(body) => out.err(&server_error(&status_from(&body), None)),
    }
}

/// The objects a document holds: a List's items, or the object itself.
fn objects_of(doc: &Value) -> Vec<Value> {
    if doc["kind"] == "List" {
        doc["items"].as_array().map(|a| a.to_vec()).unwrap_or_default()
    } else {
        vec![doc.clone()]
    }
}

fn as_table_output(output: &Output) -> bool {
    matches!(output, Output::Table { .. })
}

/// `--sort-by` on one server-side Table, as kubectl sorts it (`sort_by`): the rows in kubectl's
/// order, or none when more than one row and not one has the field.
fn sort_rows(mut rows: Vec<Value>, field: &str) -> Vec<Value> {
    let keys: Vec<Option<Value>> = rows.iter().map(|r| sort_key(&r["object"], field)).collect();
    match super::sort_by::order(&keys) {
        Some(mut order) => {
            crate::sort::permute(&mut rows, &mut order);
            rows
        }
        None => Vec::new(),
    }
}

/// `-o custom-columns=HEADER:.path,...` (`kubectl.md` §3.8): `<none>` for a missing value, maps in
/// Go syntax, several values comma-joined.
fn custom_columns(spec: &str, objects: &[Value], no_headers: bool) -> Result<String, String> {
    let mut cols: Vec<(String, String)> = Vec::new();
    for part in spec.split(',') {
        let Some((h, path)) = part.split_once(':') else {
            return Err(format!("unexpected custom-columns spec: {part}, expected <header>:<json-path-expr>"));
        };
        cols.push((h.to_string(), path.to_string()));
    }
    let go = |v: &Value| -> String {
        match v {
            Value::Object(m) => format!(
                "map[{}]",
                m.iter()
                    .map(|(k, x)| format!("{k}:{}", x.as_str().map(str::to_string).unwrap_or_else(|| x.to_string())))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Value::String(s) => s.to_string(),
            other => other.to_string(),
        }
    };
    let mut text = String::new();
    if !no_headers {
        text.push_str(&cols.iter().map(|(h, _)| h.as_str()).collect::<Vec<_>>().join("\t"));
        text.push('\n');
    }
    for o in objects {
        let cells: Vec<String> = cols
            .iter()
            .map(|(_, path)| {
                let vals = jsonpath::execute_as_json(&normalize_template(path), o).unwrap_or_default();
                if vals.is_empty() {
                    "<none>".to_string()
                } else {
                    vals.iter().map(go).collect::<Vec<_>>().join(",")
                }
            })
            .collect();
        text.push_str(&cells.join("\t"));
        text.push('\n');
    }
    Ok(KUBECTL_TABLE.format(&text))
}

/// kubectl wraps a template without braces in `{...}`.
/// The first value `--sort-by`'s path finds in `obj`.
fn sort_key(obj: &Value, field: &str) -> Option<Value> {
    jsonpath::execute_as_json(&relaxed_path(field), obj).ok()?.into_iter().next()
}

/// kubectl's `RelaxedJSONPathExpression`: `a.b`, `.a.b`, `{a.b}` and `{.a.b}` all mean
/// `{.a.b}`; anything else is used as written.
fn relaxed_path(field: &str) -> String {
    let inner = field.strip_prefix('{').and_then(|f| f.strip_suffix('}')).unwrap_or(field);
    let inner = inner.strip_prefix('.').unwrap_or(inner);
    if inner.is_empty() || inner.contains(['{', '}']) {
        return field.to_string();
    }
    format!("{{.{inner}}}")
}

fn normalize_template(t: &str) -> String {
    if t.contains('{') {
        t.to_string()
    } else {
        format!("{{{t}}}")
    }
}

/// A response's array field, moved out of it (a list's items, a table's rows: not copied).
fn take_array(body: &mut Value, key: &str) -> Vec<Value> {
    match body.get_mut(key).map(Value::take) {
        Some(Value::Array(items)) => items.into_iter().collect(),
        _ => Vec::new(),
    }
}

/// A table to print: its columns and rows, moved in (`json!` would copy them).
fn table_doc(columns: Value, rows: Vec<Value>) -> Value {
    let mut t = crate::json::Map::new();
    t.insert("columnDefinitions", columns);
    t.insert("rows", Value::Array(rows.into()));
    Value::Object(t)
}
