//! Kueue's counters a dashboard plots (`pkg/metrics/metrics.go`: `admitted_workloads_total` and
//! `preempted_workloads_total` per ClusterQueue). Upstream exports cumulative Prometheus counters
//! and leaves the rate to the scraper; the simulator has no scraper, so each counter also keeps
//! per-virtual-minute buckets for the recent past — what a Grafana panel of `rate(...)` shows.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// How many recent virtual minutes each counter keeps in buckets.
pub const MINUTES_KEPT: usize = 60;

/// One counter: its total and the latest minutes' increments, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Counter {
    pub total: u64,
    /// (minute since the cluster's epoch, increments in that minute), only minutes with some.
    minutes: VecDeque<(u64, u32)>,
}

impl Counter {
    fn inc(&mut self, now_ms: u64) {
        self.total += 1;
        let minute = now_ms / 60_000;
        match self.minutes.back_mut() {
            Some((m, n)) if *m == minute => *n += 1,
            _ => self.minutes.push_back((minute, 1)),
        }
        while self.minutes.front().is_some_and(|(m, _)| *m + MINUTES_KEPT as u64 <= minute) {
            self.minutes.pop_front();
        }
    }

    /// Increments in the given minute.
    pub fn in_minute(&self, minute: u64) -> u32 {
        self.minutes.iter().find(|(m, _)| *m == minute).map_or(0, |(_, n)| *n)
    }
}

/// The counters, per ClusterQueue.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    #[serde(default)]
    pub admitted: BTreeMap<String, Counter>,
    #[serde(default)]
    pub preempted: BTreeMap<String, Counter>,
}

impl Metrics {
    pub fn admitted(&mut self, cq: &str, now_ms: u64) {
        self.admitted.entry(cq.to_string()).or_default().inc(now_ms);
    }

    pub fn preempted(&mut self, cq: &str, now_ms: u64) {
        self.preempted.entry(cq.to_string()).or_default().inc(now_ms);
    }

    /// Per minute, the sum over ClusterQueues, for the `count` minutes up to and including `last`.
    pub fn per_minute(counters: &BTreeMap<String, Counter>, last: u64, count: usize) -> Vec<u32> {
        let first = last.saturating_sub(count as u64 - 1);
        (first..=last).map(|m| counters.values().map(|c| c.in_minute(m)).sum()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_follow_virtual_minutes_and_forget_the_old_ones() {
        let mut m = Metrics::default();
        m.admitted("a", 1_000);
        m.admitted("a", 59_999);
        m.admitted("b", 60_000);
        m.admitted("a", 180_000);
        assert_eq!(Metrics::per_minute(&m.admitted, 3, 4), vec![2, 1, 0, 1]);
        assert_eq!(m.admitted["a"].total, 3);
        m.admitted("a", 60 * 60_000 + 1);
        assert_eq!(m.admitted["a"].in_minute(0), 0, "an hour later, minute 0 is forgotten");
        assert_eq!(m.admitted["a"].in_minute(3), 1);
        assert_eq!(m.admitted["a"].total, 4, "the total never forgets");
    }
}
