//! What every namespace holds: its `default` ServiceAccount (kube-controller-manager's
//! serviceaccount controller, `pkg/controller/serviceaccount`) and the `kube-root-ca.crt`
//! ConfigMap (the root-CA publisher, `pkg/controller/certificates/rootcacertpublisher`).
//!
//! Driven by the informer like upstream: a namespace's change, or the deletion of one of the
//! two objects, puts the namespace in `queues.namespaces`; the pass publishes what is missing.
//! It runs first in a settle pass, so a namespace created by a command has both objects before
//! any other controller acts on that command's writes.

use super::informer::Stage;
use super::Cluster;
use crate::api::object;
use crate::api::server::{kind_info, ApiServer};
use crate::api::store::Key;
use crate::json::json;

const SERVICE_ACCOUNT: &str = "default";
const ROOT_CA_CONFIG_MAP: &str = "kube-root-ca.crt";

/// `kube-root-ca.crt`'s data (a stand-in certificate).
const ROOT_CA: &str = "-----BEGIN CERTIFICATE-----\nMIIBdzCCAR2gAwIBAgIBADAKBggqhkjOPQQDAjAjMSEwHwYDVQQDDBhrM3Mtc2Vy\ndmVyLWNhQDE3OTYyMDE4MDAwHhcNMjYxMjAyMDgzMDAwWhcNMzYxMTMwMDgzMDAw\n-----END CERTIFICATE-----\n";

const ROOT_CA_DESCRIPTION: &str = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.";

/// Whether `kind/name` is one of the objects these controllers keep in every namespace.
pub fn publishes(kind: &str, name: &str) -> bool {
    matches!((kind, name), ("ServiceAccount", SERVICE_ACCOUNT) | ("ConfigMap", ROOT_CA_CONFIG_MAP))
}

/// A pass over the namespaces in the queue.
pub const PASS: &[Stage] = &[Stage::Drain(|c| &mut c.queues.namespaces, reconcile)];

fn reconcile(c: &mut Cluster, key: &Key) {
    let Some(ns) = c.api.store().get(key) else { return };
    // A Terminating namespace takes no new content.
    if object::get_str(ns, &["status", "phase"]) == Some("Terminating") {
        return;
    }
    let now = c.now_unix();
    publish(&mut c.api, now, &key.name);
}

/// Creates the namespace's ServiceAccount, then its root-CA ConfigMap, whichever is missing.
pub fn publish(api: &mut ApiServer, now: i64, ns: &str) {
    if api.get_arc(kind_info("ServiceAccount"), ns, SERVICE_ACCOUNT).is_none() {
        let sa = json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": SERVICE_ACCOUNT, "namespace": ns}});
        let _ = api.create(now, kind_info("ServiceAccount"), ns, sa, false);
    }
    if api.get_arc(kind_info("ConfigMap"), ns, ROOT_CA_CONFIG_MAP).is_none() {
        let cm = json!({
            "apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": ROOT_CA_CONFIG_MAP, "namespace": ns, "annotations": {"kubernetes.io/description": ROOT_CA_DESCRIPTION}},
            "data": {"ca.crt": ROOT_CA},
        });
        let _ = api.create(now, kind_info("ConfigMap"), ns, cm, false);
    }
}
