//! Recording events (`core/v1` Event objects) the way client-go's recorder does: one object per
//! (object, reason, message), named `<object>.<hex nanoseconds>`, with `count` and
//! `lastTimestamp` bumped on repeats — and its spam filter (`EventCorrelator`'s
//! `EventSourceObjectSpamFilter`): per source and object a token bucket of 25, refilled one token
//! every 5 minutes, so a controller repeating itself stops reaching the API server.

use super::Cluster;
use crate::api::object::{get_str, rfc3339};
use crate::api::recorded_event::EventParts;
use crate::api::server::kind_info;
use crate::api::store::Key;
use crate::hash::{WordHash, WordHasher};
use crate::json::{json, Map, Value};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventType {
    Normal,
    Warning,
}

/// The recorder's aggregation key of an Event as stored: (involvedObject uid, reason, message).
pub fn aggregation_key(e: &Value) -> (&str, &str, &str) {
    fn field(v: Option<&Value>) -> &str {
        v.and_then(Value::as_str).unwrap_or("")
    }
    (field(e.pointer("/involvedObject/uid")), field(e.get("reason")), field(e.get("message")))
}

/// What the cluster's aggregation index holds of an aggregation key: its hash, not a copy of
/// its message (at 10,000 Jobs the copies were 29 MiB). Like client-go's cache, a hit bumps the
/// Event it names without comparing it again. Two live keys sharing a 64-bit hash would share
/// one Event; with the index's ≈ 10⁵ keys at most, the odds are about 10⁻¹⁰. The index is not
/// saved. A word hash, not std's SipHash: every Event recorded hashes its uid, reason and
/// message (SipHash was ≈ 600 instructions of each, callgrind).
pub fn aggregation_hash((uid, reason, message): (&str, &str, &str)) -> u64 {
    let mut h = WordHash::default();
    h.text(uid);
    h.text(reason);
    h.text(message);
    h.finish()
}

/// An Event's place in the store less its kind, which is always `Event`: its namespace and name,
/// the store's shared texts. The indexes of Events (aggregation, expiry) keep this, 32 bytes,
/// where a whole `Key` is 72: at 10,000 Jobs they hold one or more per Event, 100,000 and more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventName {
    pub namespace: Arc<str>,
    pub name: Arc<str>,
}

impl EventName {
    pub fn of(key: &Key) -> EventName {
        EventName { namespace: key.namespace.clone(), name: key.name.clone() }
    }

    /// The store's key for the Event.
    pub fn key(&self) -> Key {
        Key::of("Event", self.namespace.clone(), self.name.clone())
    }

    /// Whether `key` is the key of this Event.
    pub fn is(&self, key: &Key) -> bool {
        key.kind == "Event" && *self.name == *key.name && *self.namespace == *key.namespace
    }
}

/// The recorder's aggregation cache: an Event's `aggregation_hash` → its name. A hash map, not a
/// B-tree: its keys are hashes already, spread evenly, and every Event recorded looks one up and
/// adds one. In a tree of 111,000 (10,000 Jobs) the look-up
/// alone was ≈ 2% of the time in a profile, nearly all of it at the load of each level's node
/// (a cache miss, most likely: this machine's `perf` has no counters to say). It is never
/// iterated, so the order a hash map does not keep shows nowhere.
pub type AggregationIndex = HashMap<u64, EventName, BuildHasherDefault<AsIs>>;

/// A hash that is the `u64` hashed, as it is (the keys are hashes).
#[derive(Default)]
pub struct AsIs(u64);

impl Hasher for AsIs {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| h.rotate_left(8) ^ u64::from(b));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A text field of an object's `metadata` (empty when missing). The recorder reads the metadata
/// map once and several fields from it, where `get_str` would find `metadata` again for each.
fn meta_str<'a>(meta: Option<&'a Value>, field: &str) -> &'a str {
    meta.and_then(|m| m.get(field)).and_then(Value::as_str).unwrap_or("")
}

/// `into` made `parts` joined, in place (out of line: the wasm pays for each inlined copy).
#[inline(never)]
fn write_parts(into: &mut String, parts: &[&str]) {
    into.clear();
    parts.iter().for_each(|part| into.push_str(part));
}

/// Records an event about `obj` (any stored object) from `component`.
pub fn record(c: &mut Cluster, obj: &Value, ty: EventType, reason: &str, message: &str, component: &str) {
    record_with_path(c, obj, ty, reason, message, component, None);
}

pub fn record_with_path(
    c: &mut Cluster,
    obj: &Value,
    ty: EventType,
    reason: &str,
    message: &str,
    component: &str,
    field_path: Option<&str>,
) {
    let meta = obj.get("metadata");
    let (ns, name, uid) = (meta_str(meta, "namespace"), meta_str(meta, "name"), meta_str(meta, "uid"));
    let ns = if ns.is_empty() { "default" } else { ns };
    let now = c.now_unix();
    let ty_s = match ty {
        EventType::Normal => "Normal",
        EventType::Warning => "Warning",
    };
    let kind = kind_info("Event");
    let host = if component == "kubelet" { get_str(obj, &["spec", "nodeName"]) } else { None };
    let kind_of_obj = obj.get("kind").and_then(Value::as_str).unwrap_or("");
    let api_version = obj.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    // Written into a text kept for it: a new text per Event was an allocation per Event, and
    // most Events find their source's bucket.
    let spam_key = &mut c.event_parts.spam_key;
    write_parts(spam_key, &[component, host.unwrap_or(""), kind_of_obj, ns, name, uid, api_version]);
    if !c.event_spam.allow(spam_key, c.clock.elapsed_ms) {
        return;
    }
    // A repeat of the same event bumps its count (the recorder's aggregation cache).
    let dedup_key = aggregation_hash((uid, reason, message));
    if let Some(at) = c.event_index.get(&dedup_key) {
        if let Some(e) = c.api.store().get(&at.key()) {
            let ens = at.namespace.clone();
            let mut e = e.as_ref().clone();
            let count = e.get("count").and_then(Value::as_i64).unwrap_or(1);
            e["count"] = json!(count + 1);
            e["lastTimestamp"] = json!(rfc3339(now));
            let _ = c.api.update_internal(now, kind, &ens, e, false);
            return;
        }
    }
    let nanos = c.clock.elapsed_ms as i128 * 1_000_000 + (c.clock.start_unix as i128) * 1_000_000_000;
    let removals = c.api.store().removals();
    let first = c.event_parts.first_free_candidate(ns, name, nanos, removals);
    let digits_from = name.len() + 1;
    let parts = EventParts {
        involved: c.event_parts.involved_object(obj, field_path),
        source: c.event_parts.source(component, host),
        reason: reason.into(),
        message: message.into(),
        component: component.into(),
        ty: ty_s,
    };
    // The next nanosecond while the name is taken, its digits bumped where they are.
    let next = |text: &mut String| _ = bump_hex(text, digits_from);
    // The store's own key: its texts are shared, not copied.
    if let Ok(at) = c.api.create_recorded_event(now, ns, first, next, parts) {
        c.event_parts.note_name_given(name, nanos, &at, removals);
        c.event_index.insert(dedup_key, EventName::of(&at));
    }
}

/// The maps that Events hold alike, made once and shared by them (a `json::Map` is shared until
/// it is written): `source` per component and node, and `involvedObject` per object version and
/// field path — an object's Events mostly come together (a pod's four as the kubelet starts it),
/// so the last one made is kept. At 10,000 Jobs 32,000 of the 100,000 Events recorded share
/// their `involvedObject` this way (peak RSS 471 → 455 MiB). Derived state: not saved, empty
/// after a restore.
#[derive(Debug, Clone, Default)]
pub struct SharedParts {
    /// (component, node) → `source`, sorted. Found without making a text, and a new one is
    /// inserted by moving the entries after it: in a `json::Map` of texts, which holds no spare
    /// room, each new node's kubelet copied every entry (in a profile of the 10,000-Job case,
    /// on 1,000 nodes, `source` had 0.9% of the samples, two thirds of them in that copy).
    sources: Vec<(String, Option<String>, Map)>,
    /// Where in `sources` the last one found is (an index: an insert may move it, and then
    /// only a miss follows).
    last_source: usize,
    /// The last `involvedObject` made; which version and field path of which object it is, it
    /// says itself (its `uid`, `resourceVersion` and `fieldPath`).
    last_involved: Option<Map>,
    /// The last Event name given (`first_free_candidate`).
    last_name: Option<NameGiven>,
    /// The spam filter's key of the Event being recorded.
    spam_key: String,
}

/// An Event name the recorder gave: for which object and nanosecond, the name, and how many
/// objects the store had removed then.
#[derive(Debug, Clone, Default)]
struct NameGiven {
    namespace: Arc<str>,
    object: String,
    nanos: i128,
    name: Arc<str>,
    removals: u64,
}

impl SharedParts {
    /// Where the search for an Event's name starts (`Store::insert_at_free_name`): the name for
    /// the object and the nanosecond, `<object>.<nanoseconds in hex>`; but just after the last
    /// name given, if that was for the same object and nanosecond and the store has removed
    /// nothing since — every name from the first to that one is taken still. An object's Events
    /// mostly come in one millisecond (a pod's four as the kubelet starts it): the fourth tried
    /// the three names before its own, each a search of the store.
    fn first_free_candidate(&self, ns: &str, object: &str, nanos: i128, removals: u64) -> String {
        if let Some(last) = &self.last_name {
            if last.nanos == nanos && last.removals == removals && last.object == object && *last.namespace == *ns {
                let mut after = String::from(&*last.name);
                bump_hex(&mut after, object.len() + 1);
                return after;
            }
        }
        // Written by hand: with `format!` the 1,000-Job bench ran 0.6% more instructions (callgrind).
        let mut first = String::with_capacity(object.len() + 17);
        first.push_str(object);
        first.push('.');
        push_hex(&mut first, nanos as u128);
        first
    }

    /// The recorder gave the Event of `object` at `nanos` the name `given` (the store's key).
    fn note_name_given(&mut self, object: &str, nanos: i128, given: &Key, removals: u64) {
        // The object's text is written into the one kept: no new text per Event.
        let last = self.last_name.get_or_insert_with(NameGiven::default);
        last.object.clear();
        last.object.push_str(object);
        (last.namespace, last.nanos, last.name, last.removals) = (given.namespace.clone(), nanos, given.name.clone(), removals);
    }

    /// `source`: the component, and the node's name for the kubelet's Events.
    fn source(&mut self, component: &str, host: Option<&str>) -> Map {
        // The last one found first: a recorder's Events come in runs (a pod's four as the
        // kubelet starts it), and a search among 1,000 nodes' kubelets compared names that
        // share their first bytes at every step.
        if let Some((c, h, map)) = self.sources.get(self.last_source) {
            if c == component && h.as_deref() == host {
                return map.clone();
            }
        }
        let at = self.sources.binary_search_by(|(c, h, _)| (c.as_str(), h.as_deref()).cmp(&(component, host)));
        let at = match at {
            Ok(found) => {
                self.last_source = found;
                return self.sources[found].2.clone();
            }
            Err(at) => at,
        };
        // Members in key order, the map built at once: a `json::Map` holds no spare room.
        let mut members = vec![(json!(@key "component"), Value::from(component))];
        if let Some(node) = host {
            members.push((json!(@key "host"), Value::from(node)));
        }
        let made = Map::from_members(members);
        self.sources.insert(at, (component.to_string(), host.map(str::to_string), made.clone()));
        self.last_source = at;
        made
    }

    /// `involvedObject`: a reference to `obj` as it is now (its resourceVersion), and the field
    /// path within it, if any.
    fn involved_object(&mut self, obj: &Value, field_path: Option<&str>) -> Map {
        let meta = obj.get("metadata");
        let (uid, rv) = (meta_str(meta, "uid"), meta_str(meta, "resourceVersion"));
        if let Some(map) = &self.last_involved {
            // A uid names one object; with its resourceVersion, one version of it.
            let text = |key: &str| map.get(key).and_then(Value::as_str);
            if !uid.is_empty() && text("uid") == Some(uid) && text("resourceVersion") == Some(rv) && text("fieldPath") == field_path {
                return map.clone();
            }
        }
        let mut members = Vec::with_capacity(7);
        members.push((json!(@key "apiVersion"), obj.get("apiVersion").cloned().unwrap_or_else(|| Value::from("v1"))));
        if let Some(p) = field_path {
            members.push((json!(@key "fieldPath"), Value::from(p)));
        }
        members.push((json!(@key "kind"), obj.get("kind").cloned().unwrap_or_else(|| Value::from(""))));
        members.push((json!(@key "name"), Value::from(meta_str(meta, "name"))));
        let namespace = meta_str(meta, "namespace");
        if !namespace.is_empty() {
            members.push((json!(@key "namespace"), Value::from(namespace)));
        }
        members.push((json!(@key "resourceVersion"), Value::from(rv)));
        members.push((json!(@key "uid"), Value::from(uid)));
        let map = Map::from_members(members);
        self.last_involved = Some(map.clone());
        map
    }
}

/// Adds one to the lowercase hex number that `text` holds from byte `from` on, in place; `false`
/// when it carried into a new digit (the text is one longer, and sorts elsewhere).
fn bump_hex(text: &mut String, from: usize) -> bool {
    let mut digits = std::mem::take(text).into_bytes();
    let mut same_length = false;
    for at in (from..digits.len()).rev() {
        let (digit, carry) = match digits[at] {
            b'f' => (b'0', true),
            b'9' => (b'a', false),
            d => (d + 1, false),
        };
        digits[at] = digit;
        if !carry {
            same_length = true;
            break;
        }
    }
    if !same_length {
        digits.insert(from, b'1');
    }
    *text = String::from_utf8(digits).unwrap_or_default();
    same_length
}

/// `n` in lowercase hex digits, no leading zeros (`{:x}`).
fn push_hex(text: &mut String, n: u128) {
    let digits = (128 - n.leading_zeros()).div_ceil(4).max(1);
    for i in (0..digits).rev() {
        text.push(char::from(b"0123456789abcdef"[((n >> (4 * i)) & 0xf) as usize]));
    }
}

/// client-go's spam filter: a token bucket per event source and object (burst 25, one token back
/// every 300 s), in an LRU cache of 4,096 buckets as client-go keeps them: an object not heard
/// from for longest is forgotten (a full bucket again if it comes back), so a long session
/// holds — and saves — at most that many.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct SpamFilter {
    /// Key → (tokens, when last used, virtual ms): the last use is the LRU's recency. A hash
    /// map, saved in key order: client-go's keys (source, then the object) share long prefixes,
    /// and in a B-tree every comparison of a search among the 4,096 was a `memcmp` over one (the
    /// recorder's `memcmp` calls fell from 43 to 13 per Event with the map; callgrind, 1,000 Jobs).
    #[serde(serialize_with = "in_key_order")]
    buckets: HashMap<String, (f64, u64), BuildHasherDefault<WordHasher>>,
    /// Eviction candidates, newest first: (last use, key) of the least recently used buckets at
    /// the last look, each older than every bucket not in the list (a bucket used since that
    /// sorts before the newest candidate joins the list). A candidate used since is stale (its
    /// bucket's last use moved) and skipped. Found by one selection among all the buckets per
    /// `EVICTION_BATCH` evictions, not by a look at all 4,096 for each new object: in a cluster of
    /// thousands of Pods that look was a quarter of the engine's time. Rebuilt after a restore.
    #[serde(skip)]
    oldest: Vec<(u64, String)>,
}

/// A bucket used now that sorts before the newest eviction candidate (same millisecond, smaller
/// key) is a candidate too: it goes in at its place, and the newest fall out past twice the batch.
fn note_use(oldest: &mut Vec<(u64, String)>, key: &str, now_ms: u64) {
    if oldest.first().is_some_and(|(last, k)| (now_ms, key) < (*last, k.as_str())) {
        let at = oldest.binary_search_by(|(last, k)| (now_ms, key).cmp(&(*last, k.as_str())));
        if let Err(at) = at {
            oldest.insert(at, (now_ms, key.to_string()));
        }
        if oldest.len() > 2 * EVICTION_BATCH {
            oldest.drain(..EVICTION_BATCH);
        }
    }
}

/// The buckets as a map ordered by key, as they were saved when they were kept in a B-tree.
fn in_key_order<S: serde::Serializer>(
    buckets: &HashMap<String, (f64, u64), BuildHasherDefault<WordHasher>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut all: Vec<(&String, &(f64, u64))> = buckets.iter().collect();
    crate::sort::sort_by(&mut all, |a, b| a.0.cmp(b.0));
    s.collect_map(all)
}

const SPAM_BURST: f64 = 25.0;
const SPAM_REFILL_MS: f64 = 300_000.0;
/// client-go's `maxLruCacheEntries`.
const SPAM_LRU_ENTRIES: usize = 4096;
/// How many eviction candidates one look keeps.
const EVICTION_BATCH: usize = 512;

impl SpamFilter {
    /// Takes a token for `key` at `now_ms`; `false` when the bucket is empty.
    pub fn allow(&mut self, key: &str, now_ms: u64) -> bool {
        // A known bucket is found with one hash look-up (their keys are long texts).
        if let Some((tokens, last)) = self.buckets.get_mut(key) {
            note_use(&mut self.oldest, key, now_ms);
            *tokens = (*tokens + now_ms.saturating_sub(*last) as f64 / SPAM_REFILL_MS).min(SPAM_BURST);
            *last = now_ms;
            if *tokens < 1.0 {
                return false;
            }
            *tokens -= 1.0;
            return true;
        }
        if self.buckets.len() >= SPAM_LRU_ENTRIES {
            self.forget_least_recent();
        }
        note_use(&mut self.oldest, key, now_ms);
        // A new bucket is full, and gives its first token.
        self.buckets.insert(key.to_string(), (SPAM_BURST - 1.0, now_ms));
        true
    }

    /// Forgets the bucket least recently used (the smallest key among equals).
    fn forget_least_recent(&mut self) {
        loop {
            if self.oldest.is_empty() {
                let mut all: Vec<(u64, &String)> = self.buckets.iter().map(|(k, (_, last))| (*last, k)).collect();
                crate::sort::sort_first_by(&mut all, EVICTION_BATCH, Ord::cmp);
                all.truncate(EVICTION_BATCH);
                self.oldest = all.into_iter().rev().map(|(last, k)| (last, k.clone())).collect();
            }
            let Some((last, key)) = self.oldest.pop() else { return };
            if self.buckets.get(&key).is_some_and(|(_, l)| *l == last) {
                self.buckets.remove(&key);
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The recorder's own create (`ApiServer::create_recorded_event`) stores what a create of the
    /// same Event stores: the same object, the same resourceVersion, and the server's randomness
    /// left where a create leaves it (the next object's uid is the same).
    #[test]
    fn a_recorded_event_is_what_a_create_stores() {
        use crate::cluster::Cluster;
        let (mut a, mut b) = (Cluster::new(3), Cluster::new(3));
        let node = a.api.iter_kind(kind_info("Node"), None).next().unwrap().as_ref().clone();
        let find =
            |c: &Cluster, reason: &str| c.api.iter_kind(kind_info("Event"), None).find(|e| e["reason"] == reason).unwrap().as_ref().clone();
        record(&mut a, &node, EventType::Warning, "Tested", "a message", "test");
        let recorded = find(&a, "Tested");
        let mut body = recorded.clone();
        for server_set in ["uid", "resourceVersion", "creationTimestamp"] {
            body["metadata"].as_object_mut().unwrap().remove(server_set);
        }
        let ns = recorded["metadata"]["namespace"].as_str().unwrap();
        let (_, created) = b.api.create_internal(b.now_unix(), kind_info("Event"), ns, body).unwrap();
        assert_eq!(*created, recorded);
        assert_eq!(recorded["metadata"]["uid"].as_str().map(str::len), Some(36));
        assert_eq!(a.api.resource_version(), b.api.resource_version());
        record(&mut a, &node, EventType::Normal, "Again", "another", "test");
        record(&mut b, &node, EventType::Normal, "Again", "another", "test");
        assert_eq!(find(&a, "Again"), find(&b, "Again"));
    }

    /// The controllers read no Event, so a Job run to completion leaves its recorded Events as
    /// their parts; a read makes each JSON once, and a second read shares it.
    #[test]
    fn recorded_events_become_json_when_read_and_not_before() {
        use crate::cluster::Cluster;
        let mut c = Cluster::new(1);
        let now = c.now_unix();
        let job = json!({"metadata": {"name": "train"}, "spec": {"template": {"spec": {"restartPolicy": "Never",
            "containers": [{"name": "trainer", "image": "busybox:1.36", "command": ["sh", "-c", "sleep 2"]}]}}}});
        c.api.create(now, kind_info("Job"), "default", job, false).unwrap();
        c.settle();
        c.advance(180_000);
        let recorded = |c: &Cluster| -> Vec<bool> {
            c.api.store().iter_stored().filter_map(|(_, o)| o.recorded_event()).map(|e| e.is_json_made()).collect()
        };
        let before = recorded(&c);
        // SuccessfulCreate, Completed; Scheduled; Pulling, Pulled, Created, Started.
        assert_eq!(before.len(), 7, "{before:?}");
        assert!(before.iter().all(|made| !made), "{before:?}");
        let first: Vec<_> = c.api.iter_kind(kind_info("Event"), None).cloned().collect();
        assert!(recorded(&c).iter().all(|made| *made));
        let again: Vec<_> = c.api.iter_kind(kind_info("Event"), None).cloned().collect();
        assert!(first.iter().zip(&again).all(|(a, b)| Arc::ptr_eq(a, b)));
    }

    /// An Event whose name the API server refuses (an object's name of 250 characters and the
    /// time: past a DNS subdomain's 253) is not stored, with the error a create of it gets.
    #[test]
    fn a_recorded_event_with_a_name_too_long_is_refused_as_a_create_is() {
        use crate::cluster::Cluster;
        let (mut a, mut b) = (Cluster::new(3), Cluster::new(3));
        let long = "c".repeat(250);
        let config =
            json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": long.as_str(), "namespace": "default", "uid": "u-1"}});
        let (rv, events) = (a.api.resource_version(), a.api.iter_kind(kind_info("Event"), None).count());
        record(&mut a, &config, EventType::Normal, "Tested", "a message", "test");
        assert_eq!((a.api.resource_version(), a.api.iter_kind(kind_info("Event"), None).count()), (rv, events));
        let parts = || EventParts {
            involved: Map::new(),
            source: Map::new(),
            reason: "Tested".into(),
            message: "m".into(),
            component: "test".into(),
            ty: "Normal",
        };
        let name = format!("{long}.18a7");
        let refused = a.api.create_recorded_event(a.now_unix(), "default", name.clone(), |_| {}, parts()).unwrap_err();
        let body = json!({"metadata": {"name": name.as_str()}, "involvedObject": {}, "reason": "Tested", "message": "m"});
        let created = b.api.create_internal(b.now_unix(), kind_info("Event"), "default", body).unwrap_err();
        assert_eq!(refused.code, 422);
        assert_eq!(refused.message, created.message);
    }

    /// A bumped name is the next number's, as `{:x}` writes it, after the same prefix; it says
    /// when the number gained a digit.
    #[test]
    fn a_bumped_name_is_the_next_nanosecond() {
        for n in (0u128..600).chain([0xf, 0xff, 0x9f, 0x19f, 0xfff, 0xabcf, u64::MAX as u128 - 1, u64::MAX as u128]) {
            let mut text = format!("pod.x.{n:x}");
            let same_length = bump_hex(&mut text, 6);
            assert_eq!(text, format!("pod.x.{:x}", n + 1));
            assert_eq!(same_length, format!("{n:x}").len() == format!("{:x}", n + 1).len(), "{n:x}");
        }
    }

    /// Hex digits as `{:x}` writes them.
    #[test]
    fn hex_digits_are_formats() {
        let mut n: u128 = 1;
        for probe in [0, 1, 9, 10, 15, 16, 255, 256, u64::MAX as u128, u128::MAX].into_iter().chain((0..200).map(|_| {
            n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            n >> (n % 128)
        })) {
            let mut text = String::new();
            push_hex(&mut text, probe);
            assert_eq!(text, format!("{probe:x}"));
        }
    }

    /// The recorder names an Event `<object>.<nanoseconds in hex>`, the first such name not
    /// taken from the millisecond on: past names other clients took, and at a name a removal
    /// freed (the last name given is where a search starts only while the store has removed
    /// nothing since).
    #[test]
    fn an_event_name_is_the_first_free_one_from_the_millisecond_on() {
        use crate::cluster::Cluster;
        let mut c = Cluster::new(3);
        let now = c.now_unix();
        let nanos = c.clock.elapsed_ms as i128 * 1_000_000 + (c.clock.start_unix as i128) * 1_000_000_000;
        let name_at = |nudge: i128| format!("p.{:x}", nanos + nudge);
        let taken = |c: &Cluster, n: &str| c.api.store().contains(&Key::new("Event", "default", n));
        let first_free = |c: &Cluster| (0..).map(name_at).find(|n| !taken(c, n)).unwrap();
        let named = |c: &Cluster, message: &str| {
            let e = c.api.iter_kind(kind_info("Event"), None).find(|e| e["message"] == message).unwrap();
            e["metadata"]["name"].as_str().unwrap().to_string()
        };
        let config = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "p", "namespace": "default", "uid": "u-p"}});
        // Another client took the first name and the third.
        for n in [name_at(0), name_at(2)] {
            c.api.create(now, kind_info("Event"), "default", json!({"metadata": {"name": n}, "involvedObject": {}}), false).unwrap();
        }
        let mut given = Vec::new();
        for i in 0..4 {
            let expected = first_free(&c);
            record(&mut c, &config, EventType::Normal, "Tested", &format!("message {i}"), "test");
            assert_eq!(named(&c, &format!("message {i}")), expected, "Event {i}");
            given.push(expected);
        }
        assert_eq!(given, [1, 3, 4, 5].map(name_at));
        // A removal frees a name before the last one given: the next Event takes it, then the
        // one after the last.
        c.api.delete(now, kind_info("Event"), "default", &name_at(3), &Default::default()).unwrap();
        record(&mut c, &config, EventType::Normal, "Tested", "message 4", "test");
        assert_eq!(named(&c, "message 4"), name_at(3));
        record(&mut c, &config, EventType::Normal, "Tested", "message 5", "test");
        assert_eq!(named(&c, "message 5"), name_at(6));
    }

    /// Events about one version of an object share its `involvedObject`; a new version, another
    /// field path or an object without a uid gets its own. The maps hold what the recorder
    /// always wrote.
    #[test]
    fn events_share_the_parts_they_hold_alike() {
        // Whether two maps are one slice: their first members are at one address.
        let shared = |a: &Map, b: &Map| std::ptr::eq(a.iter().next().unwrap().0, b.iter().next().unwrap().0);
        let pod = |rv: &str, uid: &str| json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "team-a", "uid": uid, "resourceVersion": rv}});
        let mut parts = SharedParts::default();
        let first = parts.involved_object(&pod("7", "u-1"), Some("spec.containers{main}"));
        assert_eq!(
            Value::Object(first.clone()),
            json!({"apiVersion": "v1", "fieldPath": "spec.containers{main}", "kind": "Pod", "name": "p", "namespace": "team-a", "resourceVersion": "7", "uid": "u-1"})
        );
        let again = parts.involved_object(&pod("7", "u-1"), Some("spec.containers{main}"));
        assert!(shared(&first, &again));
        let no_path = parts.involved_object(&pod("7", "u-1"), None);
        assert!(!shared(&first, &no_path) && no_path.get("fieldPath").is_none());
        let newer = parts.involved_object(&pod("8", "u-1"), None);
        assert!(!shared(&no_path, &newer) && newer["resourceVersion"] == "8");
        let node = json!({"kind": "Node", "metadata": {"name": "n1"}});
        let other = json!({"kind": "Node", "metadata": {"name": "n2"}});
        let (a, b) = (parts.involved_object(&node, None), parts.involved_object(&other, None));
        assert!(!shared(&a, &b) && b["name"] == "n2" && b["apiVersion"] == "v1");

        let kubelet = parts.source("kubelet", Some("gpu-node-1"));
        assert_eq!(Value::Object(kubelet.clone()), json!({"component": "kubelet", "host": "gpu-node-1"}));
        assert!(shared(&kubelet, &parts.source("kubelet", Some("gpu-node-1"))));
        assert_eq!(Value::Object(parts.source("kubelet", Some("gpu-node-2"))), json!({"component": "kubelet", "host": "gpu-node-2"}));
        assert_eq!(Value::Object(parts.source("job-controller", None)), json!({"component": "job-controller"}));

        // In any order (the last one found is looked at first, and inserts move it), each
        // component and node gets its own map, the one it got the first time.
        let mut first: Vec<Option<Map>> = vec![None; 40];
        let mut rng = crate::rand::SimRng::new(3);
        for _ in 0..2_000 {
            let i = rng.next_u64() as usize % 40;
            let (component, host) = if i.is_multiple_of(8) { ("scheduler", None) } else { ("kubelet", Some(format!("node-{}", i % 20))) };
            let got = parts.source(component, host.as_deref());
            let expected = match &host {
                Some(h) => json!({"component": component, "host": h}),
                None => json!({"component": component}),
            };
            assert_eq!(Value::Object(got.clone()), expected);
            let kept = first.iter().flatten().find(|m| Value::Object((*m).clone()) == expected);
            if let Some(kept) = kept {
                assert!(shared(kept, &got), "{expected} again");
            }
            first[i] = Some(got);
        }
    }

    #[test]
    fn the_spam_filter_lets_25_through_then_one_per_five_minutes() {
        let mut f = SpamFilter::default();
        assert!((0..25).all(|_| f.allow("k", 0)));
        assert!(!f.allow("k", 1_000));
        assert!(f.allow("other", 1_000));
        assert!(f.allow("k", 301_000));
        assert!(!f.allow("k", 302_000));
    }

    #[test]
    fn the_spam_filter_forgets_the_object_unheard_of_longest_beyond_4096() {
        let mut f = SpamFilter::default();
        assert!((0..25).all(|_| f.allow("quiet", 0)));
        assert!((0..25).all(|_| f.allow("busy", 0)));
        assert!(!f.allow("busy", 10), "busy is out of tokens");
        for i in 0..4094 {
            assert!(f.allow(&format!("o{i}"), 100 + i));
        }
        assert_eq!(f.buckets.len(), 4096);
        // A new key forgets `quiet` (last used at 0), not `busy` (used at 10).
        assert!(f.allow("new", 5_000));
        assert_eq!(f.buckets.len(), 4096);
        assert!(!f.buckets.contains_key("quiet") && f.buckets.contains_key("busy"));
        assert!(!f.allow("busy", 5_001), "busy is still remembered: no token yet");
        // Restored from its saved form, it goes on the same way.
        let mut g: SpamFilter = serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
        assert!(g.allow("newer", 6_000));
        assert_eq!(g.buckets.len(), 4096);
        assert!(!g.buckets.contains_key("o0") && g.buckets.contains_key("busy"));
    }

    /// The candidate list forgets exactly what a look at every bucket would (least recent first,
    /// the smallest key among equals), through ties, reuse of candidates and a restore.
    #[test]
    fn the_spam_filter_forgets_what_a_full_look_would() {
        fn reference(buckets: &mut BTreeMap<String, (f64, u64)>, key: String, now: u64) -> bool {
            if buckets.len() >= SPAM_LRU_ENTRIES && !buckets.contains_key(&key) {
                let oldest = buckets.iter().min_by_key(|(k, (_, last))| (*last, *k)).map(|(k, _)| k.clone());
                buckets.remove(&oldest.unwrap());
            }
            let (tokens, last) = buckets.entry(key).or_insert((SPAM_BURST, now));
            *tokens = (*tokens + now.saturating_sub(*last) as f64 / SPAM_REFILL_MS).min(SPAM_BURST);
            *last = now;
            let ok = *tokens >= 1.0;
            if ok {
                *tokens -= 1.0;
            }
            ok
        }
        let mut rng = crate::rand::SimRng::new(7);
        let (mut f, mut r) = (SpamFilter::default(), BTreeMap::new());
        let mut now = 0;
        for step in 0..30_000u64 {
            // Stretches of thousands of uses in one millisecond (ties broken by key), keys old
            // and new in any order, some used again and again.
            if step % 10_000 >= 6_000 {
                now += rng.next_u64() % 3;
            }
            let key = match rng.next_u64() % 4 {
                0 => format!("k{}", rng.next_u64() % 64),
                1 => format!("k{}", rng.next_u64() % 8_000),
                _ => format!("n{}", rng.next_u64() % 1_000_000_000),
            };
            assert_eq!(f.allow(&key, now), reference(&mut r, key, now), "step {step}");
            if step == 20_000 {
                f = serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
            }
        }
        assert_eq!(f.buckets.len(), SPAM_LRU_ENTRIES);
        assert!(f.buckets.len() == r.len() && r.keys().all(|k| f.buckets.contains_key(k)), "the same buckets are remembered");
    }
}
