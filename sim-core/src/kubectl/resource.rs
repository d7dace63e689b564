//! Resource arguments as kubectl reads them (upstream `cli-runtime/pkg/resource/builder.go`): `TYPE NAME`/`TYPE/NAME`, the REST mapping's errors, REST paths.

use super::out::Out;
use crate::api::registry::{resolve, KindInfo, Resolved};

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

/// Resolves a type argument, printing kubectl's error for unknown or unserved types.
pub fn resolve_type(out: &mut Out<'_, '_>, arg: &str) -> Option<&'static KindInfo> {
    match resolve(arg) {
        Some(Resolved::Served(k)) => Some(k),
        Some(Resolved::Unserved(d)) => {
            let group = if d.group().is_empty() { String::new() } else { format!(".{}", d.group()) };
            out.err(&format!("error: the simulator does not serve {}{group} (시뮬레이터는 이 종류를 지원하지 않습니다)", d.plural));
            None
        }
        None => {
            out.err(&format!("error: the server doesn't have a resource type {arg:?}"));
            None
        }
    }
}
