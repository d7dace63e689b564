//! The client side of the REST entry point: what a client (pseudo-kubectl) needs from whatever
//! serves it — requests in, responses out, and the audit log of the learner's writes. The
//! cluster implements it (`cluster/rest.rs`: the API server plus the pods' `log` subresource and
//! the aggregated visibility API); `Direct` serves an `ApiServer` alone (a dry run on a copy, tests).

use super::audit::LearnerWrite;
use super::rest::{Request, Response};
use super::server::ApiServer;

/// Talks to an API server.
pub trait Client {
    fn request(&mut self, req: &Request) -> Response;
    /// Notes a write the learner made (the audit log the bridge replays on a real cluster).
    fn record(&mut self, write: LearnerWrite);
}

/// The GETs of a client that only holds a shared reference (Tab completion).
pub trait ReadClient {
    fn read(&self, req: &Request) -> Response;
}

/// An `ApiServer` served alone at a fixed time, with no audit log.
pub struct Direct<'a> {
    pub api: &'a mut ApiServer,
    pub now: i64,
}

impl Client for Direct<'_> {
    fn request(&mut self, req: &Request) -> Response {
        self.api.handle(self.now, req)
    }
    fn record(&mut self, _write: LearnerWrite) {}
}

impl ReadClient for Direct<'_> {
    fn read(&self, req: &Request) -> Response {
        self.api.read(self.now, req)
    }
}
