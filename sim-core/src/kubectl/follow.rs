//! `kubectl logs -f`: prints what the container writes as virtual time passes, and ends when the
//! container exits or its pod goes away, as the kubelet closes the real log stream then. Each
//! poll reads the pod's `log` subresource again and prints what is new.

use super::out::Host;
use crate::api::client::Client;
use crate::api::rest::{Method, Request};
use crate::shell::Foreground;

pub struct LogFollow {
    namespace: String,
    name: String,
    /// How much of the log has been printed.
    shown: usize,
    done: bool,
}

impl LogFollow {
    pub fn new(namespace: String, name: String, shown: usize) -> Self {
        LogFollow { namespace, name, shown, done: false }
    }

    /// Marks the stream closed when the container is no longer running.
    pub fn poll_done(&mut self, c: &mut dyn Client) {
        let r = c.request(&Request::new(Method::Get, &format!("/api/v1/namespaces/{}/pods/{}", self.namespace, self.name)));
        self.done = !r.is_success() || r.body.pointer("/status/containerStatuses/0/state/terminated").is_some();
    }
}

impl<W: Host> Foreground<W> for LogFollow {
    fn poll(&mut self, c: &mut W) -> String {
        let r = c.request(&Request::new(Method::Get, &format!("/api/v1/namespaces/{}/pods/{}/log", self.namespace, self.name)));
        let log = r.raw.unwrap_or_default();
        let new = log.get(self.shown..).unwrap_or("").to_string();
        self.shown = self.shown.max(log.len());
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
