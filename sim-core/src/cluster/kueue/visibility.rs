//! The visibility API (`pkg/visibility/storage`, `apis/visibility/v1beta2`): a ClusterQueue's or
//! a LocalQueue's pending workloads in queue order, as `PendingWorkloadsSummary`, and the group's
//! discovery documents (written by `api::rest::aggregated_discovery`). Served to
//! pseudo-kubectl's `get --raw` and to real kubectl through `kueue-lab api`; the body is written
//! here, in Go's field order, so both print the same bytes.

use crate::api::object::{get, get_str};
use crate::api::status::Status;
use crate::cluster::Cluster;
use crate::json::Value;

pub const GROUP: &str = "visibility.kueue.x-k8s.io";

/// `constants.DefaultPendingWorkloadsLimit` and `MaxPendingWorkloadsLimit`.
const DEFAULT_LIMIT: i64 = 1000;
const MAX_LIMIT: i64 = 100_000;

/// Whether `path` is in the visibility API group.
pub fn is_visibility_path(path: &str) -> bool {
    path.strip_prefix("/apis/").is_some_and(|p| p == GROUP || p.starts_with(&format!("{GROUP}/")))
}

fn unsupported(path: &str) -> Status {
    Status::method_not_allowed(format!(
        "the simulator serves only clusterqueues/NAME/pendingworkloads and namespaces/NS/localqueues/NAME/pendingworkloads of {GROUP}, not {path} (시뮬레이터는 pendingworkloads 만 제공합니다)"
    ))
}

/// `GET path` with `query` in the visibility group: the discovery documents (`/apis/GROUP`,
/// `/apis/GROUP/VERSION`, as kube-aggregator and the visibility server write them) or a pending
/// workloads summary; the JSON text ends in a newline, as the apiserver's encoder writes it.
pub fn serve(c: &Cluster, path: &str, query: &[(String, String)]) -> Result<String, Status> {
    match crate::api::rest::aggregated_discovery(path) {
        Some(text) => Ok(text),
        None => get_pending(c, path, query),
    }
}

/// The JSON text of a pending workloads summary, or the error status.
fn get_pending(c: &Cluster, path: &str, query: &[(String, String)]) -> Result<String, Status> {
    let rest = path.strip_prefix(&format!("/apis/{GROUP}/")).unwrap_or("");
    let parts: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    let version = parts.first().copied().unwrap_or("");
    if !matches!(version, "v1beta1" | "v1beta2") {
        return Err(if version.is_empty() { unsupported(path) } else { crate::api::rest::not_found_path() });
    }
    let number = |key: &str, default: i64| -> Result<i64, Status> {
        match query.iter().rev().find(|(k, _)| k == key) {
            None => Ok(default),
            Some((_, v)) => v.parse::<i64>().map_err(|_| {
                Status::method_not_allowed(format!(
                    "the simulator reads {key} only as a whole number, not {v:?} (시뮬레이터는 정수만 읽습니다)"
                ))
            }),
        }
    };
    // `boundedLimitOffset`.
    let limit = number("limit", DEFAULT_LIMIT)?.clamp(0, MAX_LIMIT);
    let offset = number("offset", 0)?.max(0);
    let k = &c.kueue;
    let items: Vec<String> = match parts.as_slice() {
        [_, "clusterqueues", name, "pendingworkloads"] => {
            if !k.cache.cqs.contains_key(*name) {
                return Err(Status::not_found("clusterqueue", GROUP, name));
            }
            let pending = k.pending_in_order(name);
            let mut per_lq: std::collections::BTreeMap<(String, String), i64> = Default::default();
            let mut out = Vec::new();
            for (index, w) in pending.iter().enumerate().take((offset + limit) as usize) {
                let pos = per_lq.entry((w.namespace.clone(), w.queue_name.clone())).or_default();
                let in_lq = *pos;
                *pos += 1;
                if index as i64 >= offset {
                    out.push(pending_workload(&w.obj, in_lq, index as i64));
                }
            }
            out
        }
        [_, "namespaces", ns, "localqueues", name, "pendingworkloads"] => {
            let Some(lq) = k.queues.lqs.get(&(ns.to_string(), name.to_string())) else {
                return Err(Status::not_found("localqueue", GROUP, name));
            };
            let mut out = Vec::new();
            let mut skipped = 0;
            for (index, w) in k.pending_in_order(&lq.cluster_queue).iter().enumerate() {
                if out.len() as i64 >= limit {
                    break;
                }
                if w.namespace == *ns && w.queue_name == *name {
                    if skipped < offset {
                        skipped += 1;
                    } else {
                        let in_lq = out.len() as i64 + offset;
                        out.push(pending_workload(&w.obj, in_lq, index as i64));
                    }
                }
            }
            out
        }
        _ => return Err(unsupported(path)),
    };
    Ok(format!(
        "{{\"kind\":\"PendingWorkloadsSummary\",\"apiVersion\":\"{GROUP}/{version}\",\"metadata\":{{}},\"items\":[{}]}}\n",
        items.join(",")
    ))
}

fn text(s: &str) -> String {
    Value::String(s.to_string().into()).to_string()
}

/// `newPendingWorkload`: name, namespace, creation time and owners (without controller flags).
fn pending_workload(w: &Value, position_in_lq: i64, position_in_cq: i64) -> String {
    let mut meta = vec![
        format!("\"name\":{}", text(get_str(w, &["metadata", "name"]).unwrap_or(""))),
        format!("\"namespace\":{}", text(get_str(w, &["metadata", "namespace"]).unwrap_or(""))),
    ];
    if let Some(t) = get_str(w, &["metadata", "creationTimestamp"]) {
        meta.push(format!("\"creationTimestamp\":{}", text(t)));
    }
    let owners: Vec<String> = get(w, &["metadata", "ownerReferences"])
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|o| {
            let f = |k: &str| text(o.get(k).and_then(Value::as_str).unwrap_or(""));
            format!("{{\"apiVersion\":{},\"kind\":{},\"name\":{},\"uid\":{}}}", f("apiVersion"), f("kind"), f("name"), f("uid"))
        })
        .collect();
    if !owners.is_empty() {
        meta.push(format!("\"ownerReferences\":[{}]", owners.join(",")));
    }
    let priority = get(w, &["spec", "priority"]).and_then(Value::as_i64).unwrap_or(0);
    format!(
        "{{\"metadata\":{{{}}},\"priority\":{priority},\"localQueueName\":{},\"positionInClusterQueue\":{position_in_cq},\"positionInLocalQueue\":{position_in_lq}}}",
        meta.join(","),
        text(get_str(w, &["spec", "queueName"]).unwrap_or(""))
    )
}
