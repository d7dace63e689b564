//! Pseudo-kubectl as a client: what it asks of a copy of the server (the editor's diagnostics)
//! and of the cluster's REST entry point.

use sim_core::cluster::Cluster;

#[test]
fn each_document_gets_what_apply_would_say_on_its_first_line() {
    let c = Cluster::new(1);
    let text = "# flavor\napiVersion: kueue.x-k8s.io/v1beta1\nkind: ResourceFlavor\nmetadata:\n  name: f\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: lq\n  namespace: nowhere\nspec:\n  clusterQueue: x\n---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ok\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n";
    let before = c.api.resource_version();
    let p = sim_core::kubectl::write::check_manifest_file(&c.api, c.now_unix(), "f.yaml", text);
    assert_eq!(p.len(), 2, "{p:?}");
    assert_eq!(p[0].line, 2);
    assert!(p[0].message.starts_with("resource mapping not found for name: \"f\" namespace: \"\" from \"f.yaml\": no matches for kind \"ResourceFlavor\" in version \"kueue.x-k8s.io/v1beta1\""), "{}", p[0].message);
    assert_eq!(p[1].line, 7);
    assert_eq!(p[1].message, "Error from server (NotFound): error when creating \"f.yaml\": namespaces \"nowhere\" not found");
    assert_eq!(c.api.resource_version(), before);
}
