//! What a kubectl verb writes to — stdout, stderr (which fails the command), warnings — and the
//! API server it talks to: any `World` that is also a `Client` (the simulated cluster, or a copy).

use crate::api::audit::LearnerWrite;
use crate::api::client::{Client, ReadClient};
use crate::api::rest::{Request, Response};
use crate::clock::World;
use crate::shell::Cx;

/// What kubectl needs of the world it runs in: virtual time, and an API server to talk to.
pub trait Host: World + Client + ReadClient + 'static {}
impl<T: World + Client + ReadClient + 'static> Host for T {}

/// What a verb writes and whether it failed.
pub struct Out<'a, 'b, W> {
    pub cx: &'a mut Cx<'b, W>,
    pub failed: bool,
}

impl<W: Host> Out<'_, '_, W> {
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
    /// The API server.
    pub fn client(&mut self) -> &mut dyn Client {
        self.cx.world
    }
    pub fn request(&mut self, req: &Request) -> Response {
        self.cx.world.request(req)
    }
    pub fn now_unix(&self) -> i64 {
        self.cx.world.now_unix()
    }
    pub fn now_ms(&self) -> u64 {
        self.cx.world.now_ms()
    }
    /// Lets virtual time pass while the verb waits (the world reacts as time passes).
    pub fn sleep(&mut self, ms: u64) {
        self.cx.world.sleep(ms);
    }
    /// Notes a write the learner made (for the bridge's replay on a real cluster).
    pub fn record(&mut self, w: LearnerWrite) {
        self.cx.world.record(w);
    }
}
