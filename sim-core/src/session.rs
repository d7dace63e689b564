//! A learner's session: the simulated cluster as the world, and the mini shell with `kubectl`
//! registered, starting in `/root` with the lab's working directory present. The browser app and
//! `kueue-lab sim` both build on this.

use crate::cluster::Cluster;
use crate::kubectl::Kubectl;
use crate::shell::{Shell, ShellState};
use std::rc::Rc;

/// The lab's working directory.
pub const WORKDIR: &str = "/root/gsb-kueue";

/// A fresh session on the lab's cluster.
pub fn new_session(seed: u64) -> (Shell<Cluster>, Cluster) {
    let cluster = Cluster::new(seed);
    let mut state = ShellState::new(cluster.now_unix());
    let _ = state.fs.mkdir_all(WORKDIR, cluster.now_unix());
    let mut shell = Shell::new(state);
    shell.register("kubectl", Rc::new(Kubectl));
    (shell, cluster)
}
