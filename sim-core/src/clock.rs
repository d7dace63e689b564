//! The one virtual clock, and `World`: whatever a command lives in that has that clock.
//!
//! Nothing in sim-core reads the wall clock: time moves only when a host (the browser app,
//! `kueue-lab sim`, a test) calls [`Clock::advance`], or through [`World::sleep`].

use serde::{Deserialize, Serialize};

/// 2026-12-02T09:00:00Z — the moment the lab's VM "booted" in every run, so output is reproducible.
pub const LAB_EPOCH_UNIX: i64 = 1_796_202_000;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Clock {
    /// Unix seconds at virtual time zero.
    pub start_unix: i64,
    /// Milliseconds elapsed since virtual time zero.
    pub elapsed_ms: u64,
}

impl Default for Clock {
    fn default() -> Self {
        Clock { start_unix: LAB_EPOCH_UNIX, elapsed_ms: 0 }
    }
}

impl Clock {
    pub fn now_unix(&self) -> i64 {
        self.start_unix + (self.elapsed_ms / 1000) as i64
    }
    pub fn advance(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }
}

/// What the shell needs from the world it lives in: the virtual clock. The cluster implements
/// it too, so `sleep` in the shell moves the cluster's time. (A leaf, so that the cluster and the
/// shell both use it without either importing the other.)
pub trait World {
    fn now_unix(&self) -> i64;
    /// Virtual milliseconds, for hosts that poll a running command (the shell's `Foreground`).
    fn now_ms(&self) -> u64 {
        self.now_unix().max(0) as u64 * 1000
    }
    /// `sleep`: let `ms` of virtual time pass.
    fn sleep(&mut self, ms: u64);
    /// What a command set in motion happens, with no time passing (the cluster's controllers
    /// react to its writes). The shell calls this at every command's end, so a client never
    /// settles the world itself: `kubectl apply -f x; kubectl get pods` sees the controllers' work.
    fn settle(&mut self) {}
}

impl World for Clock {
    fn now_unix(&self) -> i64 {
        Clock::now_unix(self)
    }
    fn sleep(&mut self, ms: u64) {
        self.advance(ms)
    }
}

/// Seconds in 400 Gregorian years: the calendar repeats itself after them.
const GREGORIAN_CYCLE_SECS: i64 = 146_097 * 86_400;

/// Civil date from unix seconds (UTC): (year, month 1-12, day, hour, minute, second), by chrono.
/// Any `i64` works (`date -d @N` takes what the learner types): the time is brought into
/// 1970–2369, inside chrono's range, by whole 400-year cycles, which are added back to the year.
pub fn civil_from_unix(secs: i64) -> (i64, u32, u32, u32, u32, u32) {
    use chrono::{Datelike, Timelike};
    let cycles = secs.div_euclid(GREGORIAN_CYCLE_SECS);
    let t = chrono::DateTime::from_timestamp(secs.rem_euclid(GREGORIAN_CYCLE_SECS), 0).expect("1970-2369 is in chrono's range");
    (i64::from(t.year()) + cycles * 400, t.month(), t.day(), t.hour(), t.minute(), t.second())
}

pub const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_epoch_is_the_documented_date() {
        assert_eq!(civil_from_unix(LAB_EPOCH_UNIX), (2026, 12, 2, 9, 0, 0));
        assert_eq!(civil_from_unix(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(civil_from_unix(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(civil_from_unix(-1), (1969, 12, 31, 23, 59, 59));
        assert_eq!(civil_from_unix(253_402_300_800), (10000, 1, 1, 0, 0, 0));
        assert_eq!(civil_from_unix(-62_167_219_201), (-1, 12, 31, 23, 59, 59));
        // The extremes do not overflow or panic.
        let _ = (civil_from_unix(i64::MAX), civil_from_unix(i64::MIN));
    }

    #[test]
    fn advance_moves_whole_seconds() {
        let mut c = Clock::default();
        c.advance(1500);
        assert_eq!(c.now_unix(), LAB_EPOCH_UNIX + 1);
    }
}
