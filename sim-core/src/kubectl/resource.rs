//! Resource arguments as kubectl reads them (upstream `cli-runtime/pkg/resource/builder.go`): `TYPE NAME`/`TYPE/NAME`, the REST mapping's errors, REST paths.

use super::out::{Host, Out};
use crate::api::client::{Client, ReadClient};
use crate::api::registry::{resolve, KindInfo, Resolved, DISCOVERY};
use crate::api::rest::{Method, Request, Response};
use crate::api::status::Status;
use crate::json::Value;

/// `TYPE NAME...` or `TYPE/NAME NAME...` → the type and the names (`None` without arguments).
pub fn type_and_names(args: &[String]) -> Option<(String, Vec<String>)> {
    let first = args.first()?;
    Some(match first.split_once('/') {
        Some((t, n)) => (t.to_string(), std::iter::once(n.to_string()).chain(args[1..].iter().cloned()).collect()),
        None => (first.clone(), args[1..].to_vec()),
    })
}

/// The REST path of a kind's collection (or one object).
pub fn path(kind: &KindInfo, ns: Option<&str>, name: Option<&str>) -> String {
    let base = if kind.group.is_empty() { format!("/api/{}", kind.version) } else { format!("/apis/{}/{}", kind.group, kind.version) };
    let mut p = match (kind.namespaced, ns) {
        (true, Some(ns)) => format!("{base}/namespaces/{ns}/{}", kind.plural),
        _ => format!("{base}/{}", kind.plural),
    };
    if let Some(n) = name {
        p.push('/');
        p.push_str(n);
    }
    p
}

/// The path of an object (or of a collection, without `name`) in namespace `ns` ("" for none).
pub fn object_path(kind: &KindInfo, ns: &str, name: Option<&str>) -> String {
    path(kind, (kind.namespaced && !ns.is_empty()).then_some(ns), name)
}

/// A response as a result: the body, or the server's `Status`.
pub fn result(r: Response) -> Result<Response, Status> {
    match r.status() {
        Some(s) => Err(s),
        None => Ok(r),
    }
}

/// `GET` one object.
pub fn get(c: &mut dyn Client, kind: &KindInfo, ns: &str, name: &str) -> Result<Value, Status> {
    result(c.request(&Request::new(Method::Get, &object_path(kind, ns, Some(name))))).map(|r| r.body)
}

/// The list request for objects of `kind` in `ns` (all namespaces when `None`) with selectors.
pub fn list_request(kind: &KindInfo, ns: Option<&str>, labels: &str, fields: &str) -> Request {
    let mut req = Request::new(Method::Get, &path(kind, ns.filter(|_| kind.namespaced), None));
    if !labels.is_empty() {
        req = req.query("labelSelector", labels);
    }
    if !fields.is_empty() {
        req = req.query("fieldSelector", fields);
    }
    req
}

fn items(r: Response) -> Vec<Value> {
    match r.body {
        Value::Object(mut m) => match m.remove("items") {
            Some(Value::Array(items)) => items.into_iter().collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// `GET` a collection: its items, in the server's order.
pub fn list(c: &mut dyn Client, kind: &KindInfo, ns: Option<&str>, labels: &str, fields: &str) -> Result<Vec<Value>, Status> {
    result(c.request(&list_request(kind, ns, labels, fields))).map(items)
}

/// `list` through a shared reference (Tab completion).
pub fn read_list(c: &dyn ReadClient, kind: &KindInfo, ns: Option<&str>) -> Vec<Value> {
    result(c.read(&list_request(kind, ns, "", ""))).map(items).unwrap_or_default()
}

/// kubectl's shortcut expander: a short name that another group's resource also has (`ev`: the
/// core Events and `events.events.k8s.io`) goes to the first, with a warning naming the other.
fn warn_ambiguous_short_name<W: Host>(out: &mut Out<'_, '_, W>, arg: &str, group: &str) {
    let short = arg.to_ascii_lowercase();
    for d in DISCOVERY.iter().filter(|d| d.group() != group && d.short_names.contains(&short.as_str())) {
        out.warn(&format!("Warning: short name {short:?} could also match lower priority resource {}.{}", d.plural, d.group()));
    }
}

/// Resolves a type argument, printing kubectl's error for unknown or unserved types.
pub fn resolve_type<W: Host>(out: &mut Out<'_, '_, W>, arg: &str) -> Option<&'static KindInfo> {
    match resolve(arg) {
        Some(Resolved::Served(k)) => {
            warn_ambiguous_short_name(out, arg, k.group);
            Some(k)
        }
        Some(Resolved::Unserved(d)) => {
            // What the server answers for the kind, as real kubectl prints it.
            out.err(&super::errors::server_error(&crate::api::rest::unserved(d), None));
            None
        }
        None => {
            out.err(&format!("error: the server doesn't have a resource type {arg:?}"));
            None
        }
    }
}
