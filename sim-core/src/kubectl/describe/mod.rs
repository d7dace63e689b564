//! `kubectl describe` (upstream `kubectl/pkg/describe/describe.go`; `kubectl.md` §5): finds the objects, hands each to its kind's describer.
//!
//! The describers: `generic` (Kueue's custom resources), `job`, `pod`, `namespace`, `node`; the
//! blocks they share (labels, annotations, Events, …) are in `printer`. All are laid out by Go's
//! tabwriter with describe's settings (`kubectl.md` §1.7).

mod generic;
mod job;
mod namespace;
mod node;
mod pod;
mod printer;

use super::errors::server_error;
use super::flags::{namespace, parse_flags, FlagSpec, Kind};
use super::out::{Host, Out};
use super::resource::{get, list, resolve_type};
use crate::api::object::get_str;
use crate::api::registry::KindInfo;
use crate::json::Value;

const FLAGS: &[FlagSpec] =
    &[("selector", Some('l'), Kind::Value), ("all-namespaces", Some('A'), Kind::Bool), ("show-events", None, Kind::Bool)];

/// Kinds with a describer here: the generic one for Kueue's custom resources, and Job's, Pod's,
/// Namespace's and Node's.
fn supported(kind: &KindInfo) -> bool {
    // Quotas and limit ranges are served but never held: describing them finds nothing, as on
    // the lab's cluster.
    kind.columns.is_some() || matches!(kind.kind, "Job" | "Pod" | "Namespace" | "Node" | "ResourceQuota" | "LimitRange")
}

pub fn run<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(out, "describe", args, FLAGS) else { return };
    let Some(first) = p.args.first().cloned() else {
        out.err("You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nSee 'kubectl describe -h' for help and examples");
        return;
    };
    let (type_arg, names): (String, Vec<String>) = match first.split_once('/') {
        Some((t, n)) => (t.to_string(), vec![n.to_string()]),
        None => (first.clone(), p.args[1..].to_vec()),
    };
    let Some(kind) = resolve_type(out, &type_arg) else { return };
    if !supported(kind) {
        out.err(&format!(
            "error: \"kubectl describe {}\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)",
            kind.plural
        ));
        return;
    }
    let ns = namespace(&p);
    let scope = if kind.namespaced && !p.flag("all-namespaces") { Some(ns.as_str()) } else { None };
    // A selector the server cannot read selects nothing.
    let selector = p.value("selector").unwrap_or("");
    let selector = if crate::api::selector::LabelSelector::parse(selector).is_ok() { selector } else { "" };
    // Named objects are fetched by name first, as kubectl's builder does; the kind's whole list
    // only when there are no names, a selector, or a name not found (prefix matching).
    let by_name = !names.is_empty() && selector.is_empty() && (scope.is_some() || !kind.namespaced);
    let mut found: Vec<Option<Value>> = Vec::new();
    if by_name {
        let ns_for_get = if kind.namespaced { ns.as_str() } else { "" };
        found = names.iter().map(|n| get(out.client(), kind, ns_for_get, n).ok()).collect();
    }
    let all = if by_name && found.iter().all(Option::is_some) {
        Vec::new()
    } else {
        list(out.client(), kind, scope, selector, "").unwrap_or_default()
    };
    let mut objects = Vec::new();
    if names.is_empty() {
        objects = all;
        if objects.is_empty() {
            out.warn(&if kind.namespaced && scope.is_some() {
                format!("No resources found in {ns} namespace.")
            } else {
                "No resources found".to_string()
            });
            return;
        }
    } else {
        for (i, n) in names.iter().enumerate() {
            let exact = match found.get_mut(i).and_then(Option::take) {
                Some(o) => Some(o),
                None => all.iter().find(|o| get_str(o, &["metadata", "name"]) == Some(n.as_str())).cloned(),
            };
            match exact {
                Some(o) => objects.push(o),
                None => {
                    // Prefix matching: every object whose name starts with the argument.
                    let matching: Vec<Value> = all
                        .iter()
                        .filter(|o| get_str(o, &["metadata", "name"]).is_some_and(|x| x.starts_with(n.as_str())))
                        .cloned()
                        .collect();
                    if matching.is_empty() {
                        let ns_for_err = if kind.namespaced { ns.as_str() } else { "" };
                        let err = get(out.client(), kind, ns_for_err, n).err();
                        if let Some(e) = err {
                            out.err(&server_error(&e, None));
                        }
                    } else {
                        objects.extend(matching);
                    }
                }
            }
        }
    }
    let now = out.now_unix();
    let c = out.client();
    let texts: Vec<String> = objects
        .iter()
        .map(|o| match kind.kind {
            "Job" => job::describe_job(c, now, o),
            "Pod" => pod::describe_pod(c, now, o),
            "Namespace" => namespace::describe_namespace(o),
            "Node" => node::describe_node(c, now, o),
            _ => generic::describe_generic(c, now, o),
        })
        .collect();
    out.out(&texts.join("\n\n"));
}
