//! Deleting a ClusterQueue or a ResourceFlavor (`pkg/controller/core/clusterqueue_controller.go`,
//! `resourceflavor_controller.go`): their `kueue.x-k8s.io/resource-in-use` finalizer is removed
//! once nothing uses them — a ClusterQueue when no workload reserves quota in it, a flavor when no
//! ClusterQueue names it. Until then they stay terminating.

use super::queues::{is_reserving, workloads};
use crate::api::object::get_str;
use crate::api::server::kind_info;
use crate::cluster::Cluster;
use serde_json::Value;

const FINALIZER: &str = "kueue.x-k8s.io/resource-in-use";

fn terminating_with_finalizer(c: &Cluster, kind: &str) -> Vec<Value> {
    c.api
        .list_objects(kind_info(kind), None, &Default::default(), &Default::default())
        .unwrap_or_default()
        .into_iter()
        .filter(|o| o.pointer("/metadata/deletionTimestamp").is_some())
        .filter(|o| o.pointer("/metadata/finalizers").and_then(Value::as_array).is_some_and(|f| f.iter().any(|x| x == FINALIZER)))
        .collect()
}

fn release(c: &mut Cluster, kind: &str, obj: &Value) {
    let mut o = obj.clone();
    if let Some(f) = o.pointer_mut("/metadata/finalizers").and_then(Value::as_array_mut) {
        f.retain(|x| x != FINALIZER);
    }
    let _ = c.api.update(c.now_unix(), kind_info(kind), "", o, false, false);
}

pub fn sync(c: &mut Cluster) {
    let cqs = terminating_with_finalizer(c, "ClusterQueue");
    if !cqs.is_empty() {
        let wls = workloads(c);
        for cq in cqs {
            let name = get_str(&cq, &["metadata", "name"]).unwrap_or("");
            let in_use = wls.iter().any(|w| is_reserving(w) && get_str(w, &["status", "admission", "clusterQueue"]) == Some(name));
            if !in_use {
                release(c, "ClusterQueue", &cq);
            }
        }
    }
    let flavors = terminating_with_finalizer(c, "ResourceFlavor");
    if !flavors.is_empty() {
        let all_cqs = c.api.list_objects(kind_info("ClusterQueue"), None, &Default::default(), &Default::default()).unwrap_or_default();
        for rf in flavors {
            let name = get_str(&rf, &["metadata", "name"]).unwrap_or("");
            let named = all_cqs.iter().any(|cq| {
                cq.pointer("/spec/resourceGroups")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .flat_map(|g| g["flavors"].as_array().into_iter().flatten())
                    .any(|f| f["name"] == name)
            });
            if !named {
                release(c, "ResourceFlavor", &rf);
            }
        }
    }
}
