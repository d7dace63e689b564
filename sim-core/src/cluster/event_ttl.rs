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
use crate::api::store::{Key, Store, WatchEvent, WatchType};
use crate::json::Value;
use std::collections::BTreeMap;

/// `--event-ttl`'s default.
pub const EVENT_TTL_SECS: i64 = 3600;

/// When each Event expires (unix seconds): an entry per write, by (expiry, the write's place in
/// the order of writes).
///
/// Keyed by numbers, not by the Event's key: Events written in one burst share their second, and
/// ordering them by key made every insert compare long names (2.5% of the engine's instructions
/// at 10,000 Jobs). A write does not look up the Event's older entry to drop it (that needed a
/// second index, one more key per Event): an entry no longer the Event's expiry — the Event was
/// written again, deleted, or is being deleted — is stale, and is skipped wherever entries are
/// read (`live`) and dropped once it reaches the front. So the earliest live entry is the
/// earliest expiry, as exactly as with one entry per Event.
#[derive(Debug, Clone, Default)]
pub struct EventTtl {
    by_time: BTreeMap<(i64, u64), Key>,
    writes: u64,
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

/// Whether an entry for `key` at `at` is still the Event's expiry: the Event is stored, not being
/// deleted, and its timestamps give that time. (An Event with none, which the server never
/// stores, was timed from when it was seen; its entry stands.)
fn live(store: &Store, at: i64, key: &Key) -> bool {
    store
        .get(key)
        .is_some_and(|e| e.pointer("/metadata/deletionTimestamp").is_none() && last_written(e).is_none_or(|t| t + EVENT_TTL_SECS == at))
}

impl EventTtl {
    pub fn clear(&mut self) {
        *self = EventTtl::default();
    }

    /// An Event was written or deleted (at `now`, unix seconds): a write adds its expiry; an
    /// older entry of the Event is stale from now on. `store` holds the Event as written.
    pub fn observe(&mut self, e: &WatchEvent, key: &Key, now: i64, store: &Store) {
        if e.event != WatchType::Deleted && e.object.pointer("/metadata/deletionTimestamp").is_none() {
            let at = last_written(&e.object).unwrap_or(now) + EVENT_TTL_SECS;
            self.by_time.insert((at, self.writes), key.clone());
            self.writes += 1;
        }
        // The first entry was live (`drop_stale_front` keeps it so), and only a write of its own
        // Event can change that.
        if self.by_time.first_key_value().is_some_and(|(_, first)| first == key) {
            self.drop_stale_front(store);
        }
    }

    /// Drops stale entries from the front, so the first entry is live.
    fn drop_stale_front(&mut self, store: &Store) {
        while let Some(first) = self.by_time.first_entry() {
            if live(store, first.key().0, first.get()) {
                return;
            }
            first.remove();
        }
    }

    /// The earliest expiry (unix seconds), if any Event is held.
    pub fn next_expiry(&self, store: &Store) -> Option<i64> {
        self.by_time.iter().find(|((at, _), key)| live(store, *at, key)).map(|((at, _), _)| *at)
    }
}

/// Every Event whose time is up is deleted, in (expiry, key) order.
pub fn expire(c: &mut Cluster) {
    let now = c.now_unix();
    let mut due: Vec<(i64, Key)> = Vec::new();
    while let Some(first) = c.event_ttl.by_time.first_entry() {
        if first.key().0 > now {
            break;
        }
        let ((at, _), key) = first.remove_entry();
        if live(c.api.store(), at, &key) {
            due.push((at, key));
        }
    }
    crate::sort::sort(&mut due);
    due.dedup();
    for (_, key) in due {
        if let Some(e) = c.api.store().get(&key).cloned() {
            // The recorder's aggregation cache forgets it too: a repeat makes a new Event.
            let dedup = super::events::aggregation_hash(super::events::aggregation_key(&e));
            if c.event_index.get(&dedup) == Some(&key) {
                c.event_index.remove(&dedup);
            }
            let _ = c.api.delete(now, kind_info("Event"), &key.namespace, &key.name, &DeleteOptions::default());
        }
    }
    c.event_ttl.drop_stale_front(c.api.store());
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

    /// The next expiry is the earliest of the Events as they are now: a deleted Event's and a
    /// renewed Event's older times are not it.
    #[test]
    fn the_next_expiry_skips_deleted_and_renewed_events() {
        let mut c = Cluster::new(3);
        let start = c.now_unix();
        let node = c.api.iter_kind(kind_info("Node"), None).next().unwrap().as_ref().clone();
        c.advance(10 * 60_000);
        record(&mut c, &node, EventType::Normal, "Later", "once", "test");
        c.settle();
        // What every Event's own timestamps say.
        let earliest =
            |c: &Cluster| c.api.iter_kind(kind_info("Event"), None).filter_map(|e| last_written(e)).min().map(|t| t + EVENT_TTL_SECS);
        assert!(earliest(&c).is_some_and(|t| t < start + 600 + EVENT_TTL_SECS), "the boot's Events come first");
        assert_eq!(c.event_ttl.next_expiry(c.api.store()), earliest(&c));
        let early: Vec<(String, String)> = c
            .api
            .iter_kind(kind_info("Event"), None)
            .filter(|e| e["reason"] != "Later")
            .map(|e| (e["metadata"]["namespace"].as_str().unwrap().to_string(), e["metadata"]["name"].as_str().unwrap().to_string()))
            .collect();
        for (ns, name) in early {
            c.api.delete(c.now_unix(), kind_info("Event"), &ns, &name, &DeleteOptions::default()).unwrap();
        }
        c.settle();
        assert_eq!(c.event_ttl.next_expiry(c.api.store()), Some(start + 600 + EVENT_TTL_SECS));
        assert_eq!(earliest(&c), Some(start + 600 + EVENT_TTL_SECS));
        c.advance(5 * 60_000);
        record(&mut c, &node, EventType::Normal, "Later", "once", "test");
        c.settle();
        assert_eq!(c.event_ttl.next_expiry(c.api.store()), Some(start + 900 + EVENT_TTL_SECS));
        // Its older entry is gone from the front, not only skipped.
        assert_eq!(c.event_ttl.by_time.first_key_value().map(|((at, _), _)| *at), Some(start + 900 + EVENT_TTL_SECS));
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
