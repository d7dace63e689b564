//! `kubectl edit` as the browser drives it: the command leaves an edit session in the
//! foreground, the host hands back the file's text when its editor closes.

use sim_core::cluster::Cluster;
use sim_core::session::new_session;
use sim_core::shell::{Foreground, Shell};

fn session() -> (Shell<Cluster>, Cluster) {
    let (mut sh, mut c) = new_session(11);
    let r = sh.run(
        &mut c,
        "kubectl create namespace team-a && printf 'apiVersion: kueue.x-k8s.io/v1beta2\\nkind: ResourceFlavor\\nmetadata:\\n  name: fake-gpu\\n' | kubectl apply -f - && kubectl create job train-1 -n team-a --image=busybox:1.36 -- sleep 600",
    );
    assert_eq!(r.status, 0, "{}", r.output.text());
    (sh, c)
}

fn start(sh: &mut Shell<Cluster>, c: &mut Cluster, line: &str) -> (Box<dyn Foreground<Cluster>>, String, String) {
    let r = sh.run(c, line);
    assert_eq!(r.output.text(), "", "edit prints nothing while the editor is open");
    let fg = sh.take_foreground().expect("an edit session");
    let path = fg.edit_path().expect("a file to edit");
    let text = sh.state.fs.read(&path).unwrap().to_string();
    (fg, path, text)
}

#[test]
fn edit_applies_the_changed_object() {
    let (mut sh, mut c) = session();
    let (mut fg, path, text) = start(&mut sh, &mut c, "kubectl edit rf fake-gpu");
    assert!(path.starts_with("/tmp/kubectl-edit-") && path.ends_with(".yaml"), "{path}");
    assert!(text.starts_with("# Please edit the object below. Lines beginning with a '#' will be ignored,\n"), "{text}");
    assert!(text.contains("kind: ResourceFlavor\n"), "{text}");
    let edited = text.replace("  name: fake-gpu\n", "  labels:\n    tier: gpu\n  name: fake-gpu\n");
    let (out, reopen) = fg.editor_closed(&mut c, &edited);
    assert_eq!(out.text(), "resourceflavor.kueue.x-k8s.io/fake-gpu edited\n");
    assert!(reopen.is_none() && fg.done());
    let r = sh.run(&mut c, "kubectl get rf fake-gpu -o jsonpath='{.metadata.labels.tier}'");
    assert_eq!(r.output.text(), "gpu");
}

#[test]
fn unchanged_or_emptied_file_cancels() {
    let (mut sh, mut c) = session();
    let (mut fg, _, text) = start(&mut sh, &mut c, "kubectl edit job/train-1 -n team-a");
    assert_eq!(fg.editor_closed(&mut c, &text).0.text(), "Edit cancelled, no changes made.\n");
    let (mut fg, _, _) = start(&mut sh, &mut c, "kubectl edit rf fake-gpu");
    assert_eq!(fg.editor_closed(&mut c, "# nothing\n\n").0.text(), "Edit cancelled, no changes made.\n");
}

#[test]
fn a_rejected_change_reopens_the_file_with_the_error() {
    let (mut sh, mut c) = session();
    let (mut fg, _, text) = start(&mut sh, &mut c, "kubectl edit job train-1 -n team-a");
    // A Job's pod template is immutable once the Job runs.
    let edited = text.replace("image: busybox:1.36", "image: busybox:1.37");
    assert_ne!(edited, text);
    let (out, reopen) = fg.editor_closed(&mut c, &edited);
    assert_eq!(out.text(), "");
    let reopened = reopen.expect("reopened with the error");
    assert!(reopened.contains("#\n# Job \"train-1\" was not valid:\n# * spec.template: Invalid value: "), "{reopened}");
    assert!(reopened.contains("field is immutable\n#\napiVersion: batch/v1\n"), "{reopened}");
    assert!(reopened.contains("image: busybox:1.37"), "the learner's change is kept");
    assert!(!fg.done());
    // Closing it again unchanged gives up, keeping a copy.
    let (out, reopen) = fg.editor_closed(&mut c, &reopened);
    assert!(reopen.is_none() && fg.done());
    assert!(out.text().ends_with("error: Edit cancelled, no valid changes were saved.\n"), "{}", out.text());
    // A YAML syntax error also reopens the file.
    let (mut fg, _, text) = start(&mut sh, &mut c, "kubectl edit rf fake-gpu");
    let (_, reopen) = fg.editor_closed(&mut c, &format!("{text}\n  bad: [\n"));
    assert!(reopen.expect("reopened").contains("# The edited file had a syntax error"));
}

#[test]
fn edit_errors_are_kubectls() {
    let (mut sh, mut c) = session();
    let r = sh.run(&mut c, "kubectl edit rf missing");
    assert_eq!(r.output.text(), "Error from server (NotFound): resourceflavors.kueue.x-k8s.io \"missing\" not found\n");
    assert!(sh.take_foreground().is_none());
    let r = sh.run(&mut c, "kubectl edit");
    assert!(r.output.text().starts_with("error: you must provide one or more resources by argument or filename.\n"), "{}", r.output.text());
    let r = sh.run(&mut c, "kubectl edit widgets x");
    assert_eq!(r.output.text(), "error: the server doesn't have a resource type \"widgets\"\n");
}
