//! What a kubectl verb writes to: stdout, stderr (which fails the command), warnings, and the cluster it talks to.

use crate::cluster::audit::LearnerWrite;
use crate::cluster::Cluster;
use crate::shell::Cx;

/// What a verb writes and whether it failed.
pub struct Out<'a, 'b> {
    pub cx: &'a mut Cx<'b, Cluster>,
    pub failed: bool,
}

impl Out<'_, '_> {
    pub fn out(&mut self, s: &str) {
        self.cx.out(s);
    }
    pub fn err(&mut self, line: &str) {
        self.cx.errln(line);
        self.failed = true;
    }
    /// A warning on stderr (does not fail the command).
    pub fn warn(&mut self, line: &str) {
        self.cx.errln(line);
    }
    pub fn cluster(&mut self) -> &mut Cluster {
        self.cx.world
    }
    /// Notes a write the learner made (for the bridge's replay on a real cluster).
    pub fn record(&mut self, w: LearnerWrite) {
        self.cx.world.record_learner_write(w);
    }
}
