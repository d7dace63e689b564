//! What every new namespace gets at once: its `default` ServiceAccount (kube-controller-manager's
//! serviceaccount controller, `pkg/controller/serviceaccount`) and the `kube-root-ca.crt`
//! ConfigMap (the root-CA publisher, `pkg/controller/certificates/rootcacertpublisher`).
//!
//! Run inside the namespace's create (`SyncControllers::namespace_created`), not from the
//! informer: see ARCHITECTURE.md, *Controllers inside a write*.

use crate::api::server::{kind_info, ApiServer};
use serde_json::json;

/// `kube-root-ca.crt`'s data (a stand-in certificate).
const ROOT_CA: &str = "-----BEGIN CERTIFICATE-----\nMIIBdzCCAR2gAwIBAgIBADAKBggqhkjOPQQDAjAjMSEwHwYDVQQDDBhrM3Mtc2Vy\ndmVyLWNhQDE3OTYyMDE4MDAwHhcNMjYxMjAyMDgzMDAwWhcNMzYxMTMwMDgzMDAw\n-----END CERTIFICATE-----\n";

const ROOT_CA_DESCRIPTION: &str = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.";

/// The namespace `ns` was just created: its ServiceAccount, then its root-CA ConfigMap.
pub fn namespace_created(api: &mut ApiServer, now: i64, ns: &str) {
    let sa = json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": ns}});
    let cm = json!({
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "kube-root-ca.crt", "namespace": ns, "annotations": {"kubernetes.io/description": ROOT_CA_DESCRIPTION}},
        "data": {"ca.crt": ROOT_CA},
    });
    let _ = api.create(now, kind_info("ServiceAccount"), ns, sa, false);
    let _ = api.create(now, kind_info("ConfigMap"), ns, cm, false);
}
