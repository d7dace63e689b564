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

use super::events::EventName;
use super::Cluster;
use crate::api::object::{get, get_str, parse_rfc3339, parse_time};
use crate::api::server::{kind_info, DeleteOptions};
use crate::api::store::{Key, Store, Stored, WatchEvent, WatchType};
use crate::json::Value;

/// `--event-ttl`'s default.
pub const EVENT_TTL_SECS: i64 = 3600;

/// When each Event expires (unix seconds): an entry per write, in the order of expiry and, for
/// one expiry, of writing.
///
/// Not keyed by the Event: Events written in one burst share their second, and ordering them by
/// key made every insert compare long names (2.5% of the engine's instructions at 10,000 Jobs).
/// A write does not look up the Event's older entry to drop it (that needed a second index, one
/// more key per Event): an entry no longer the Event's expiry — the Event was written again,
/// deleted, or is being deleted — is stale, and is skipped wherever entries are read (`live`)
/// and dropped once it reaches the front. So the earliest live entry is the earliest expiry, as
/// exactly as with one entry per Event.
///
/// A sorted vector, not a B-tree: writes come in the clock's order, so nearly every entry goes
/// at the end, and entries leave from the front. A B-tree filled at its end leaves each node
/// about half full; with that and a whole store key per entry, the index cost the 10,000-Job
/// case 19 MiB of peak RSS (measured with it switched off); as this vector of Event names, 5.
#[derive(Debug, Clone, Default)]
pub struct EventTtl {
    /// Entries from `gone` on are held; those before it have left (the vector lets them go in
    /// one move once they are as many as the rest, `let_go`).
    entries: Vec<Expiry>,
    gone: usize,
    /// An entry came out of order (a relist routes the store's Events in key order, not in
    /// time): the entries are sorted once the routing is done (`settle`), not at each insert.
    unsorted: bool,
}

/// One write's expiry: when, and which Event.
#[derive(Debug, Clone)]
struct Expiry {
    at: i64,
    event: EventName,
}

/// The Event's last write as its timestamps tell it (unix seconds). Read by paths, not JSON
/// Pointer texts: every Event write comes here (111,000 at 10,000 Jobs); a recorded Event says
/// it without being made JSON.
fn last_written(e: &Stored) -> Option<i64> {
    if let Some(recorded) = e.recorded_event() {
        return Some(recorded.last_written());
    }
    let times = [
        e.get("lastTimestamp").and_then(Value::as_str).and_then(parse_rfc3339),
        e.get("eventTime").and_then(Value::as_str).and_then(parse_time),
        get_str(e, &["series", "lastObservedTime"]).and_then(parse_time),
        get_str(e, &["metadata", "creationTimestamp"]).and_then(parse_rfc3339),
    ];
    times.into_iter().flatten().max()
}

/// A deletion is under way (a finalizer holds the Event). Never of a recorded Event as written.
fn being_deleted(e: &Stored) -> bool {
    e.recorded_event().is_none() && get(e, &["metadata", "deletionTimestamp"]).is_some()
}

/// Whether an entry is still its Event's expiry: the Event is stored, not being deleted, and its
/// timestamps give that time. (An Event with none, which the server never stores, was timed
/// from when it was seen; its entry stands.)
fn live(store: &Store, entry: &Expiry) -> bool {
    store
        .get_stored(&entry.event.key())
        .is_some_and(|e| !being_deleted(e) && last_written(e).is_none_or(|t| t + EVENT_TTL_SECS == entry.at))
}

impl EventTtl {
    pub fn clear(&mut self) {
        *self = EventTtl::default();
    }

    fn held(&self) -> &[Expiry] {
        &self.entries[self.gone..]
    }

    /// An Event was written or deleted (at `now`, unix seconds): a write adds its expiry; an
    /// older entry of the Event is stale from now on. `store` holds the Event as written.
    pub fn observe(&mut self, e: &WatchEvent, key: &Key, now: i64, store: &Store) {
        if e.event != WatchType::Deleted && !being_deleted(&e.object) {
            let at = last_written(&e.object).unwrap_or(now) + EVENT_TTL_SECS;
            let entry = Expiry { at, event: EventName::of(key) };
            // A later write of one second comes after the earlier ones (the sort is stable).
            self.unsorted |= self.entries.last().is_some_and(|last| last.at > at);
            self.entries.push(entry);
        }
        // The first entry was live (`drop_stale_front` keeps it so), and only a write of its own
        // Event can change that.
        if !self.unsorted && self.held().first().is_some_and(|first| first.event.is(key)) {
            self.drop_stale_front(store);
        }
    }

    /// After a batch of changes is routed (`Cluster::dispatch`, `Cluster::resync`, the only
    /// callers of `informer::route`): the entries in order again, the first one live. Every read
    /// comes after this.
    pub fn settle(&mut self, store: &Store) {
        if std::mem::take(&mut self.unsorted) {
            let gone = self.gone;
            crate::sort::sort_by_key(&mut self.entries[gone..], |x| x.at);
            self.drop_stale_front(store);
        }
    }

    /// Drops stale entries from the front, so the first entry is live.
    fn drop_stale_front(&mut self, store: &Store) {
        while self.held().first().is_some_and(|first| !live(store, first)) {
            self.gone += 1;
        }
        self.let_go();
    }

    /// Lets the entries that left go once they are as many as those held: each held entry moves
    /// at most once per as many entries leaving.
    fn let_go(&mut self) {
        if self.gone > 0 && self.gone >= self.entries.len() - self.gone {
            self.entries.drain(..self.gone);
            self.gone = 0;
        }
    }

    /// The earliest expiry (unix seconds), if any Event is held.
    pub fn next_expiry(&self, store: &Store) -> Option<i64> {
        debug_assert!(!self.unsorted, "read before the routing settled the order");
        self.held().iter().find(|x| live(store, x)).map(|x| x.at)
    }

    /// The entries whose time is up at `now` (unix seconds), taken out of the index, in order.
    fn take_due(&mut self, now: i64) -> Vec<Expiry> {
        debug_assert!(!self.unsorted, "read before the routing settled the order");
        let due = self.held().partition_point(|x| x.at <= now);
        let taken = self.held()[..due].to_vec();
        self.gone += due;
        self.let_go();
        taken
    }
}

/// Every Event whose time is up is deleted, in (expiry, key) order.
pub fn expire(c: &mut Cluster) {
    let now = c.now_unix();
    let mut due: Vec<(i64, Key)> =
        c.event_ttl.take_due(now).into_iter().filter(|x| live(c.api.store(), x)).map(|x| (x.at, x.event.key())).collect();
    crate::sort::sort(&mut due);
    due.dedup();
    for (_, key) in due {
        if let Some(e) = c.api.store().get(&key).cloned() {
            // The recorder's aggregation cache forgets it too: a repeat makes a new Event.
            let dedup = super::events::aggregation_hash(super::events::aggregation_key(&e));
            if c.event_index.get(&dedup).is_some_and(|at| at.is(&key)) {
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
        // What every Event's own timestamps say, read from its JSON (the index read a recorded
        // Event's time from its parts).
        let earliest = |c: &Cluster| {
            c.api.iter_kind(kind_info("Event"), None).filter_map(|e| last_written(&e.clone().into())).min().map(|t| t + EVENT_TTL_SECS)
        };
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
        assert_eq!(c.event_ttl.held().first().map(|x| x.at), Some(start + 900 + EVENT_TTL_SECS));
    }

    /// Written in any order (a relist routes Events by key), the index gives what a look at
    /// every stored Event gives: expiries in order of time, then of writing; the stale ones
    /// skipped; entries that left let go without losing any held.
    #[test]
    fn expiries_come_in_order_of_time_whatever_order_they_were_written_in() {
        use crate::api::object::rfc3339;
        let mut store = Store::default();
        let mut ttl = EventTtl::default();
        let mut rv = 0;
        let mut last_write = std::collections::HashMap::new();
        let mut write = |store: &mut Store, ttl: &mut EventTtl, name: &str, at: i64| {
            rv += 1;
            last_write.insert(name.to_string(), rv);
            let e = std::sync::Arc::new(crate::json::json!({"metadata": {"name": name, "namespace": "ns"}, "lastTimestamp": rfc3339(at)}));
            let key = Key::new("Event", "ns", name);
            store.put(key.clone(), e.clone(), rv, WatchType::Added);
            ttl.observe(&WatchEvent::new(rv, key.clone(), WatchType::Added, e), &key, 0, store);
        };
        let mut rng = crate::rand::SimRng::new(11);
        for i in 0..3_000 {
            // Mostly in the clock's order, one in five from the past, some Events written again.
            let at = if i % 5 == 0 { (rng.next_u64() % 1_000) as i64 } else { 1_000 + i as i64 / 3 };
            let name = format!("e{}", rng.next_u64() % 2_000);
            write(&mut store, &mut ttl, &name, at);
            if i % 97 == 0 {
                ttl.settle(&store);
            }
        }
        ttl.settle(&store);
        // What the store says: each Event's expiry, in order of time, then of (its last) write.
        let mut want: Vec<(i64, u64, String)> = store
            .iter_stored()
            .map(|(k, e)| (last_written(e).unwrap() + EVENT_TTL_SECS, last_write[&*k.name], k.name.to_string()))
            .collect();
        want.sort();
        assert_eq!(ttl.next_expiry(&store), want.first().map(|w| w.0));
        let mut got = Vec::new();
        for now in (0..2_100).step_by(50).map(|t| t + EVENT_TTL_SECS) {
            got.extend(ttl.take_due(now).into_iter().filter(|x| live(&store, x)).map(|x| (x.at, x.event.name.to_string())));
            assert!(ttl.gone == 0 || ttl.gone < ttl.entries.len() - ttl.gone, "what left is let go");
        }
        assert_eq!(got, want.into_iter().map(|(at, _, name)| (at, name)).collect::<Vec<_>>());
        assert!(ttl.held().is_empty());
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
