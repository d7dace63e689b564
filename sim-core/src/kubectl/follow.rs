//! `kubectl logs -f`: prints what the container writes as virtual time passes, and ends when the
//! container exits or its pod goes away, as the kubelet closes the real log stream then.

use crate::cluster::Cluster;
use crate::shell::Foreground;

pub struct LogFollow {
    /// The pod's `namespace/name`.
    key: String,
    /// How much of the log has been printed.
    shown: usize,
    done: bool,
}

impl LogFollow {
    pub fn new(key: String, shown: usize) -> Self {
        LogFollow { key, shown, done: false }
    }

    /// Marks the stream closed when the container is no longer running.
    pub fn poll_done(&mut self, c: &Cluster) {
        let (ns, name) = self.key.split_once('/').unwrap_or(("", ""));
        let pod = c.api.get(crate::api::server::kind_info("Pod"), ns, name).ok();
        self.done = pod.is_none_or(|p| p.pointer("/status/containerStatuses/0/state/terminated").is_some());
    }
}

impl Foreground<Cluster> for LogFollow {
    fn poll(&mut self, c: &mut Cluster) -> String {
        let log = c.pods.get(&self.key).map(|r| r.log.clone()).unwrap_or_default();
        let new = log.get(self.shown..).unwrap_or("").to_string();
        self.shown = log.len();
        self.poll_done(c);
        new
    }

    fn deadline_ms(&self) -> Option<u64> {
        None
    }

    fn done(&self) -> bool {
        self.done
    }
}
