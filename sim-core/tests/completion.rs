//! Tab completion of kubectl in the lab session: verbs, resource types, object names in the
//! namespace given with `-n`, kueuectl's subcommands.

use sim_core::session::new_session;
use sim_core::shell::complete::complete;

fn tab(line: &str) -> (String, Vec<String>) {
    let (mut sh, mut cluster) = new_session(7);
    sh.run(&mut cluster, "kubectl create namespace team-a && kubectl create job train-1 -n team-a --image=busybox:1.36 -- sleep 60");
    let c = complete(&sh, &cluster, line, line.len());
    (c.replacement, c.candidates)
}

#[test]
fn verbs_types_and_names() {
    assert_eq!(tab("kubectl desc").0, "describe ");
    assert_eq!(tab("kubectl get jo").0, "jobs ");
    assert_eq!(tab("kubectl get jobs -n team-a tr").0, "train-1 ");
    assert_eq!(tab("kubectl get nodes lab").0, "lab-node-1 ");
    assert_eq!(tab("kubectl logs -n kube-system cored").0, "coredns-697968c856-xxssm ");
    assert_eq!(tab("kubectl get pods -n kube").1, vec!["kube-node-lease", "kube-public", "kube-system"]);
}

#[test]
fn kueuectl_subcommands() {
    assert_eq!(tab("kubectl kue").0, "kueue ");
    assert_eq!(tab("kubectl kueue l").0, "list ");
    assert_eq!(tab("kubectl kueue list w").0, "workload ");
    assert_eq!(tab("kubectl kueue list ").1, vec!["clusterqueue", "localqueue", "resourceflavor", "workload"]);
}

#[test]
fn flag_values_are_not_taken_for_types() {
    assert_eq!(tab("kubectl -n team-a get jobs tr").0, "train-1 ");
    assert_eq!(tab("kubectl get -o wide -n team-a jobs tr").0, "train-1 ");
}

#[test]
fn kubectl_file_flags_complete_manifests_and_directories() {
    let (mut sh, mut cluster) = new_session(7);
    sh.run(&mut cluster, "cd gsb-kueue && mkdir flat && touch flavor.yaml flags.txt fla.json notes.md");
    let c = complete(&sh, &cluster, "kubectl apply -f flav", 21);
    assert_eq!(c.replacement, "flavor.yaml ");
    // Directories (with their `/`) and files ending json, yaml or yml only.
    let c = complete(&sh, &cluster, "kubectl apply -f fla", 20);
    assert_eq!(c.candidates, vec!["fla.json", "flat/", "flavor.yaml"]);
    assert_eq!(c.replacement, "fla");
    assert!(c.files);
    assert_eq!(sim_core::shell::complete::listing(&c, 80), "fla.json     flat/        flavor.yaml  \n");
    let c = complete(&sh, &cluster, "kubectl delete --filename ../gsb-kueue/flav", 43);
    assert_eq!(c.replacement, "../gsb-kueue/flavor.yaml ");
    // Elsewhere kubectl still offers its own words.
    assert_eq!(complete(&sh, &cluster, "kubectl apply -n kube-pu", 24).replacement, "kube-public ");
}
