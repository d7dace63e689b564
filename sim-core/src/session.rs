//! A learner's session: the simulated cluster as the world, and the mini shell with `kubectl`
//! registered, starting in `/root` with the lab's working directory present. The browser app and
//! `kueue-lab sim` both build on this.

use crate::cluster::Cluster;
use crate::kubectl::Kubectl;
use crate::lab::Lab;
use crate::shell::{Shell, ShellState};
use std::rc::Rc;

/// The lab's working directory.
pub const WORKDIR: &str = "/root/gsb-kueue";

/// A fresh session on the Kueue GPU lab's cluster.
pub fn new_session(seed: u64) -> (Shell<Cluster>, Cluster) {
    let cluster = Cluster::new(seed);
    let mut state = ShellState::new(cluster.now_unix());
    let _ = state.fs.mkdir_all(WORKDIR, cluster.now_unix());
    (shell_with(state), cluster)
}

/// A fresh session for `lab`: its cluster shape, its workdir with its initial files.
pub fn lab_session(lab: &Lab, seed: u64) -> (Shell<Cluster>, Cluster) {
    lab_session_at(lab, seed, crate::clock::LAB_EPOCH_UNIX)
}

/// [`lab_session`] with virtual time starting at `start_unix`.
pub fn lab_session_at(lab: &Lab, seed: u64, start_unix: i64) -> (Shell<Cluster>, Cluster) {
    let mut cluster = Cluster::with_shape_at(seed, lab.shape(), start_unix);
    if let Some(config) = &lab.kueue {
        cluster.kueue.config = config.clone();
    }
    let now = cluster.now_unix();
    let mut state = ShellState::new(now);
    let _ = state.fs.mkdir_all(&lab.workdir, now);
    for (rel, content) in &lab.files {
        let path = lab.file_path(rel);
        let _ = state.fs.mkdir_all(crate::vfs::parent_of(&path), now);
        let _ = state.fs.write(&path, content, now);
    }
    if !lab.setup.trim().is_empty() {
        // The lab's own objects, made by a shell of its own: the learner's history, files and
        // audited writes stay empty.
        let mut setup = shell_with(ShellState::new(now));
        let mut input = String::new();
        for line in lab.setup.lines() {
            input.push_str(line);
            input.push('\n');
            if crate::shell::syntax::is_complete(&input) {
                let _ = setup.run(&mut cluster, &std::mem::take(&mut input));
            }
        }
        if !input.trim().is_empty() {
            let _ = setup.run(&mut cluster, &input);
        }
        cluster.learner_writes.clear();
    }
    crate::cluster::traffic::start(&mut cluster, &lab.traffic);
    (shell_with(state), cluster)
}

/// The mini shell with `kubectl` registered.
pub fn shell_with(state: ShellState) -> Shell<Cluster> {
    let mut shell = Shell::new(state);
    shell.register("kubectl", Rc::new(Kubectl));
    shell
}
