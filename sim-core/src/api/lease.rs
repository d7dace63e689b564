//! The kubelet's node Lease (`kube-node-lease/<node>`). The simulator keeps no Lease objects: the
//! lease is derived from the node, renewed on the kubelet's 10 s cadence since the node
//! registered, so `kubectl describe node` (through pseudo-kubectl or real kubectl over HTTP) sees
//! the same holder and renew time.

use super::object::{get_str, parse_time};
use super::server::{kind_info, ApiServer};
use crate::json::{json, Value};

/// The kubelet renews its node lease every 10 s.
pub const LEASE_RENEW_SECONDS: i64 = 10;

/// The last renew time at `now` of a node created at `created`.
pub fn renew_time(created: i64, now: i64) -> i64 {
    now - (now - created).rem_euclid(LEASE_RENEW_SECONDS)
}

/// The node's Lease as `coordination.k8s.io/v1` serves it, if the node exists.
pub fn node_lease(api: &ApiServer, node: &str, now: i64) -> Option<Value> {
    let n = api.get(kind_info("Node"), "", node).ok()?;
    let created_text = get_str(&n, &["metadata", "creationTimestamp"]).unwrap_or("").to_string();
    let created = parse_time(&created_text).unwrap_or(now);
    let renewed = super::object::rfc3339(renew_time(created, now));
    let micro = format!("{}.000000Z", renewed.trim_end_matches('Z'));
    Some(json!({
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": node,
            "namespace": "kube-node-lease",
            "creationTimestamp": created_text,
            "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": node, "uid": get_str(&n, &["metadata", "uid"]).unwrap_or("")}],
        },
        "spec": {"holderIdentity": node, "leaseDurationSeconds": 40, "renewTime": micro},
    }))
}
