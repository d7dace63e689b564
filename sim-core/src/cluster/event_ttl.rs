//! kube-apiserver's `--event-ttl` (one hour by default; k3s keeps the default): etcd gives every
//! Event write a lease that long, and deletes the Event when the lease of its last write runs
//! out — so `kubectl get events` shows only the last hour, and a long session does not pile up
//! Events without end (the scale lab records about 30 a virtual second).
//!
//! The simulator times an Event from its own timestamps — the latest of `lastTimestamp`,
//! `eventTime`, `series.lastObservedTime` and `metadata.creationTimestamp` — which move at every
//! write the cluster's recorders make. An Event a learner updates without moving any of them
//! expires by them, not by the update; one being deleted (a learner's finalizer on it) is left
//! to its deletion. The expiry index is rebuilt from the store (`resync`) and is not a timer
//! (`Cluster::next_wakeup` looks at it), so nothing of it is saved.

use super::Cluster;
use crate::api::object::{get_str, parse_rfc3339, parse_time};
use crate::api::server::{kind_info, DeleteOptions};
use crate::api::store::{Key, WatchEvent, WatchType};
use crate::json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// `--event-ttl`'s default.
pub const EVENT_TTL_SECS: i64 = 3600;

/// When each Event expires (unix seconds).
#[derive(Debug, Clone, Default)]
pub struct EventTtl {
    by_time: BTreeSet<(i64, Key)>,
    expires: BTreeMap<Key, i64>,
}

/// The Event's last write as its timestamps tell it (unix seconds).
fn last_written(e: &Value) -> Option<i64> {
    let times = [
        e.get("lastTimestamp").and_then(Value::as_str).and_then(parse_rfc3339),
        e.get("eventTime").and_then(Value::as_str).and_then(parse_time),
        e.pointer("/series/lastObservedTime").and_then(Value::as_str).and_then(parse_time),
        get_str(e, &["metadata", "creationTimestamp"]).and_then(parse_rfc3339),
    ];
    times.into_iter().flatten().max()
}

impl EventTtl {
    pub fn clear(&mut self) {
        *self = EventTtl::default();
    }

    fn forget(&mut self, key: &Key) {
        if let Some(t) = self.expires.remove(key) {
            self.by_time.remove(&(t, key.clone()));
        }
    }

    /// An Event was written or deleted (at `now`, unix seconds): its expiry follows.
    pub fn observe(&mut self, e: &WatchEvent, key: &Key, now: i64) {
        // A new Event has no expiry to forget.
        if e.event != WatchType::Added {
            self.forget(key);
        }
        if e.event == WatchType::Deleted || e.object.pointer("/metadata/deletionTimestamp").is_some() {
            return;
        }
        let at = last_written(&e.object).unwrap_or(now) + EVENT_TTL_SECS;
        self.expires.insert(key.clone(), at);
        self.by_time.insert((at, key.clone()));
    }

    /// The earliest expiry (unix seconds), if any Event is held.
    pub fn next_expiry(&self) -> Option<i64> {
        self.by_time.first().map(|(at, _)| *at)
    }
}

/// Every Event whose time is up is deleted.
pub fn expire(c: &mut Cluster) {
    let now = c.now_unix();
    let due: Vec<Key> = c.event_ttl.by_time.iter().take_while(|(t, _)| *t <= now).map(|(_, k)| k.clone()).collect();
    for key in due {
        c.event_ttl.forget(&key);
        if let Some(e) = c.api.store().get(&key).cloned() {
            // The recorder's aggregation cache forgets it too: a repeat makes a new Event.
            let dedup = super::events::aggregation_hash(super::events::aggregation_key(&e));
            if c.event_index.get(&dedup) == Some(&key) {
                c.event_index.remove(&dedup);
            }
            let _ = c.api.delete(now, kind_info("Event"), &key.namespace, &key.name, &DeleteOptions::default());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::events::{record, EventType};

    fn events(c: &Cluster) -> Vec<(String, i64)> {
        c.api
            .iter_kind(kind_info("Event"), None)
            .map(|e| (e["reason"].as_str().unwrap_or("").to_string(), e["count"].as_i64().unwrap_or(1)))
            .collect()
    }

    fn has(c: &Cluster, reason: &str) -> bool {
        events(c).iter().any(|(r, _)| r == reason)
    }

    #[test]
    fn an_event_lives_an_hour_from_its_last_write_and_a_restore_keeps_the_clock() {
        let mut c = Cluster::new(3);
        let boot = events(&c).len();
        assert!(boot > 0, "the boot records events");
        let node = c.api.iter_kind(kind_info("Node"), None).next().unwrap().as_ref().clone();
        record(&mut c, &node, EventType::Normal, "Early", "once", "test");
        record(&mut c, &node, EventType::Normal, "Repeated", "again", "test");
        c.advance(40 * 60_000);
        // A repeat 40 minutes later renews the Event's lease.
        record(&mut c, &node, EventType::Normal, "Repeated", "again", "test");
        assert!(events(&c).contains(&("Repeated".to_string(), 2)));
        c.advance(20 * 60_000 + 1_000);
        assert!(!has(&c, "Early"), "an hour after its write it is gone: {:?}", events(&c));
        assert!(has(&c, "Repeated"));
        assert!(events(&c).len() < boot + 2, "the boot's events are gone too: {:?}", events(&c));
        // Saved and restored, the renewed Event still goes an hour after its renewal.
        let mut c = Cluster::restore(&serde_json::to_string(&c).unwrap()).unwrap();
        c.advance(39 * 60_000);
        assert!(has(&c, "Repeated"));
        c.advance(2 * 60_000);
        assert!(!has(&c, "Repeated"), "{:?}", events(&c));
        // A repeat after its Event expired records a new one (the recorder forgot the old).
        record(&mut c, &node, EventType::Normal, "Repeated", "again", "test");
        assert!(events(&c).contains(&("Repeated".to_string(), 1)));
    }
}
