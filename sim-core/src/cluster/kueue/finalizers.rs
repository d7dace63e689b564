//! Deleting a ClusterQueue or a ResourceFlavor (`pkg/controller/core/clusterqueue_controller.go`,
//! `resourceflavor_controller.go`): their `kueue.x-k8s.io/resource-in-use` finalizer is removed
//! once nothing uses them — a ClusterQueue when no workload reserves quota in it, a flavor when no
//! ClusterQueue names it. Until then they stay terminating.

use crate::api::server::kind_info;
use crate::cluster::Cluster;
use crate::json::Value;

const FINALIZER: &str = "kueue.x-k8s.io/resource-in-use";

fn in_use(c: &Cluster, kind: &str, name: &str) -> bool {
    match kind {
        "ClusterQueue" => c.kueue.cache.cqs.get(name).is_some_and(|q| !q.workloads.is_empty()),
        _ => c.kueue.cache.cqs.values().any(|q| q.spec.flavor_names().any(|f| f == name)),
    }
}

pub fn sync(c: &mut Cluster) {
    let terminating: Vec<(String, String)> = c.kueue.terminating.iter().cloned().collect();
    for (kind, name) in terminating {
        let Some(obj) = c.api.get_arc(kind_info(&kind), "", &name).map(|o| Value::clone(o)) else { continue };
        let held = obj.pointer("/metadata/finalizers").and_then(Value::as_array).is_some_and(|f| f.iter().any(|x| x == FINALIZER));
        if !held || in_use(c, &kind, &name) {
            continue;
        }
        let mut o = obj;
        if let Some(f) = o.pointer_mut("/metadata/finalizers").and_then(Value::as_array_mut) {
            f.retain(|x| x != FINALIZER);
        }
        let _ = c.api.update_internal(c.now_unix(), kind_info(&kind), "", o, false);
    }
}
