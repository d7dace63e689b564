//! The store behind the API server (etcd's part of kube-apiserver): objects by key in etcd's
//! order, shared as `Arc`s with every reader (caches, views, tables) so that a read never copies
//! an object; the few secondary indexes the server needs itself (Job uid → key, owner uid →
//! dependents); and the watch log of every change, compacted like etcd's history.
//!
//! Only `put` and `remove` change the store, so the indexes and the log cannot drift from it.

use super::object;
use super::recorded_event::RecordedEvent;
use crate::hash::WordHasher;
use crate::json::{JsonStr, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// Where an object lives: kind, namespace (empty for cluster-scoped) and name. Ordered by kind
/// first, so one kind's objects form a contiguous range in namespace-then-name order.
///
/// The texts are shared (`Arc<str>`): a key is copied into the store, its uid index, the watch
/// log, the work queues and the Event TTL index, and a copy allocates nothing. The store hands
/// every key it keeps one namespace text per namespace (`Store::put`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub kind: &'static str,
    pub namespace: Arc<str>,
    pub name: Arc<str>,
    /// The namespace's first 8 bytes and the name's first 16 as big-endian words (zero-padded),
    /// which order as the bytes do: most comparisons in a search end here, without following a
    /// text's pointer (a cache miss in a big store) or calling `memcmp`.
    namespace_head: u64,
    name_head: (u64, u64),
}

/// The eight bytes of `text` from `at`, zero-padded, as a big-endian word.
fn word_at(text: &str, at: usize) -> u64 {
    let rest = text.as_bytes().get(at..).unwrap_or_default();
    match rest.first_chunk::<8>() {
        Some(word) => u64::from_be_bytes(*word),
        // Fewer than eight: shifted in one by one (a copy of a length not known here was a
        // `memcpy` call, 2.5 million of them at 10,000 Jobs).
        None => rest.iter().enumerate().fold(0, |word, (i, &b)| word | u64::from(b) << (56 - 8 * i)),
    }
}

impl Key {
    pub fn new(kind: &'static str, namespace: &str, name: &str) -> Key {
        Key::of(kind, namespace.into(), name.into())
    }

    /// A key of texts already shared.
    pub fn of(kind: &'static str, namespace: Arc<str>, name: Arc<str>) -> Key {
        let (namespace_head, name_head) = (word_at(&namespace, 0), (word_at(&name, 0), word_at(&name, 8)));
        Key { kind, namespace, name, namespace_head, name_head }
    }
}

/// Ordered as `(kind, namespace, name)`. Kinds are the registry's `&'static str`s, so two keys of
/// one kind almost always hold the same pointer: that is looked at before the characters (the
/// store's searches compare keys of one kind far more often than of two). Namespaces and names
/// are compared by their heads first (zero padding orders a name before any it begins, as `str`
/// does; equal heads fall back to the whole texts).
impl Ord for Key {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let same_kind = std::ptr::eq(self.kind, other.kind);
        (if same_kind { std::cmp::Ordering::Equal } else { self.kind.cmp(other.kind) })
            .then_with(|| {
                if Arc::ptr_eq(&self.namespace, &other.namespace) {
                    std::cmp::Ordering::Equal
                } else {
                    self.namespace_head.cmp(&other.namespace_head).then_with(|| rest_cmp(&self.namespace, &other.namespace, 8))
                }
            })
            .then_with(|| self.name_head.cmp(&other.name_head))
            .then_with(
                || if Arc::ptr_eq(&self.name, &other.name) { std::cmp::Ordering::Equal } else { rest_cmp(&self.name, &other.name, 16) },
            )
    }
}

/// Two texts whose first `head` bytes, zero-padded, are equal. When neither is longer than that,
/// they differ only in length (the longer one's extra bytes are zeros), which the texts'
/// pointers hold: no read of the bytes. A key searched for (not the store's) has texts of its
/// own, so its equal texts are found equal here, not by pointer. Kept out of line: the rare
/// path of a comparison inlined in many places.
#[inline(never)]
fn rest_cmp(a: &str, b: &str, head: usize) -> std::cmp::Ordering {
    if a.len() <= head && b.len() <= head {
        a.len().cmp(&b.len())
    } else {
        a.cmp(b)
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Kept as `[kind, namespace, name]`; a kind the simulator does not serve does not restore.
impl serde::Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.kind, &*self.namespace, &*self.name).serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (kind, namespace, name) = <(String, String, String)>::deserialize(d)?;
        let kind = super::registry::SERVED
            .iter()
            .find(|k| k.kind == kind)
            .map(|k| k.kind)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown kind {kind:?}")))?;
        Ok(Key::new(kind, &namespace, &name))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchType {
    Added,
    Modified,
    Deleted,
}

/// One change, as a watch stream delivers it: the object after the change (before it, for a
/// deletion), shared with the store, and its key (the store's).
#[derive(Debug, Clone, PartialEq)]
pub struct WatchEvent {
    pub resource_version: u64,
    /// Where the object that changed lives (its kind is `key.kind`).
    pub key: Key,
    pub event: WatchType,
    /// Read as JSON through `Deref`; an Event the recorder wrote is made JSON only then (so the
    /// routing looks at `key.kind` before it reads an object).
    pub object: Stored,
}

impl WatchEvent {
    pub fn new(resource_version: u64, key: Key, event: WatchType, object: impl Into<Stored>) -> WatchEvent {
        WatchEvent { resource_version, key, event, object: object.into() }
    }
}

/// An object as the store keeps it: JSON, or an Event the recorder wrote, kept as its parts
/// (`RecordedEvent`). Either reads as JSON (`Deref`, as a `LazyLock` does): the Event's is made
/// at its first read and kept.
#[derive(Clone)]
pub enum Stored {
    Json(Arc<Value>),
    Event(Arc<RecordedEvent>),
}

impl std::ops::Deref for Stored {
    type Target = Arc<Value>;
    fn deref(&self) -> &Arc<Value> {
        match self {
            Stored::Json(v) => v,
            Stored::Event(e) => e.json(),
        }
    }
}

impl From<Arc<Value>> for Stored {
    fn from(v: Arc<Value>) -> Stored {
        Stored::Json(v)
    }
}

impl std::fmt::Debug for Stored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Value::fmt(self, f)
    }
}

impl PartialEq for Stored {
    fn eq(&self, other: &Stored) -> bool {
        **self == **other
    }
}

impl Stored {
    /// The Event the recorder wrote, if this is one still as written.
    pub fn recorded_event(&self) -> Option<&RecordedEvent> {
        match self {
            Stored::Event(e) => Some(e),
            Stored::Json(_) => None,
        }
    }
}

/// How many changes the watch log keeps at least (etcd keeps five minutes of history; a
/// watcher further behind is told its resourceVersion is too old and lists again).
pub const WATCH_HISTORY: usize = 4_096;

/// How many changes the log drops at a time once it is full (`Store::compact`).
const COMPACT_CHUNK: usize = 256;

#[derive(Clone, Default)]
pub struct Store {
    objects: BTreeMap<Key, Stored>,
    /// One text per namespace, which every key kept shares, and the Namespace object of that
    /// name while there is one: every namespaced create looks its namespace up (NamespaceLifecycle
    /// admission), here among a few instead of in the tree of every object. A hash map: it is
    /// never walked, and names like `team-12` share their first bytes, so each step of a tree's
    /// search was a `memcmp` call (1.1 million of them at 10,000 Jobs, callgrind).
    namespaces: HashMap<Arc<str>, Option<Arc<Value>>, BuildHasherDefault<WordHasher>>,
    /// The text `intern` found last: writes come in runs in one namespace (a pod's Events), and
    /// this is looked at before the map. Always one of `namespaces`' keys (none is removed).
    last_namespace: Option<Arc<str>>,
    /// Job uid → key: the one owner the controllers look up by uid (a Pod's Job, a Workload's
    /// Job), as client-go's `resolveControllerRef` resolves a controller reference of its own kind
    /// only. Other kinds' uids are not indexed: Events alone are most objects, and an index of
    /// every uid cost each create an insert into a tree of them all.
    jobs_by_uid: BTreeMap<UidKey, Key>,
    /// Owner uid → keys of the objects whose ownerReferences name it.
    /// One flat set, not a set per owner: most owners have one or two dependents, and a set of
    /// its own gave each a B-tree leaf of ≈ 0.5 KiB.
    dependents: BTreeSet<(UidKey, Key)>,
    /// Events by what they are about: (the Event's namespace, involvedObject kind, involvedObject
    /// name) → the Events' names, sorted — what the lab checks look up among thousands of Events
    /// in a big cluster (`kubectl describe` still lists its namespace's Events and filters them).
    /// One entry per object, not per Event: an object's Events share the first three parts, and a
    /// set of 4-tuples compared all four texts at every step of every insert (a quarter of an
    /// Event create's cost). The texts are the Event's key's own (shared).
    events_about: BTreeMap<About, Vec<Arc<str>>>,
    /// The log; its first `dropped` entries are no longer in it (compacted, their objects
    /// released), and are removed from the vector only once there are as many as the log can
    /// hold, so that the entries kept are moved once per that many writes (moving them at every
    /// compaction moved ≈ 8,000 entries per 256 writes).
    watch: Vec<WatchEvent>,
    dropped: usize,
    /// Changes at or below this resourceVersion are no longer in the log.
    compacted_to: u64,
    /// The resourceVersion the cluster's own informers have routed up to — their cursor
    /// (`Cluster::dispatch`): changes after it stay in the log however long it grows, as a
    /// connected watch receives every change. Without it a burst of writes between two dispatches
    /// (10,000 Jobs created, then settled) outran the log, and the controllers relisted every
    /// object (`resync`). `None`: no reader holds the log (a store without a cluster, or one
    /// just restored).
    routed: Option<u64>,
    /// How many objects have been removed: a caller that saw a name taken knows it still is
    /// while this has not moved (`removals`).
    removals: u64,
}

/// A uid as the uid index holds it: the 128 bits of a UUID in its canonical text (lowercase,
/// hyphenated: every uid the server makes), 16 bytes instead of a 36-byte string; any other
/// text as it is. Each text has one form, so two uids are equal exactly when their forms are.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum UidKey {
    /// The high and low 64 bits (two words, not a `u128`: its 16-byte alignment would make the
    /// key 32 bytes, not 24).
    Uuid(u64, u64),
    Text(Box<str>),
}

impl UidKey {
    fn of(uid: &str) -> UidKey {
        match canonical_uuid_bits(uid.as_bytes()) {
            Some((high, low)) => UidKey::Uuid(high, low),
            None => UidKey::Text(uid.into()),
        }
    }
}

/// The 128 bits of a UUID in canonical text (36 bytes, lowercase hex, hyphens at 8, 13, 18
/// and 23), as its high and low halves; `None` for any other text. Digits go through a table
/// and invalid ones are caught once at the end, so a uid costs no branch per character (uids
/// are looked up at every create, delete and owner query).
fn canonical_uuid_bits(b: &[u8]) -> Option<(u64, u64)> {
    const INVALID: u8 = 0xff;
    const HEX: [u8; 256] = {
        let mut t = [INVALID; 256];
        let mut i = 0;
        while i < 10 {
            t[b'0' as usize + i] = i as u8;
            i += 1;
        }
        let mut i = 0;
        while i < 6 {
            t[b'a' as usize + i] = 10 + i as u8;
            i += 1;
        }
        t
    };
    if b.len() != 36 || b[8] != b'-' || b[13] != b'-' || b[18] != b'-' || b[23] != b'-' {
        return None;
    }
    // Where the 32 digits are: the high half's 16 before the third hyphen, the low half's after.
    const DIGITS: [usize; 32] = [
        0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, //
        19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
    ];
    let (mut high, mut low, mut seen) = (0u64, 0u64, 0u8);
    for (half, at) in [(&mut high, &DIGITS[..16]), (&mut low, &DIGITS[16..])] {
        for &i in at {
            let d = HEX[usize::from(b[i])];
            seen |= d;
            *half = *half << 4 | u64::from(d & 0xf);
        }
    }
    // A valid digit is below 16, so only an invalid one sets a high bit.
    (seen < 16).then_some((high, low))
}

/// The least key (no kind sorts before the empty one), made once: `dependents` starts its range
/// there, and making it per call allocated two empty texts.
static LEAST_KEY: std::sync::LazyLock<Key> = std::sync::LazyLock::new(|| Key::new("", "", ""));

fn owner_uids(obj: &Value) -> impl Iterator<Item = &str> {
    // Two member lookups, not a JSON Pointer (which parses its path): this runs at every write.
    obj.get("metadata")
        .and_then(|m| m.get("ownerReferences"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("uid").and_then(Value::as_str))
        .filter(|u| !u.is_empty())
}

/// An Event's `involvedObject`, read without making a recorded Event JSON.
fn involved_map(obj: &Stored) -> Option<&crate::json::Map> {
    match obj {
        Stored::Event(e) => Some(e.involved()),
        Stored::Json(v) => v.get("involvedObject").and_then(Value::as_object),
    }
}

/// The involvedObject an Event names: (kind, name).
fn involved(key: &Key, obj: &Stored) -> Option<About> {
    (key.kind == "Event").then(|| {
        let text = |field| involved_map(obj).and_then(|io| io.get(field)).and_then(Value::as_str).unwrap_or("");
        About::new(key.namespace.clone(), text("kind"), text("name"))
    })
}

/// What Events are about, as `events_about` orders them: the Event's namespace, then the
/// involvedObject's kind and name, by their texts. Compared as `Key`s are: the namespace by
/// pointer first (the store's shared text), the kind's first 8 bytes and the name's first 16 as
/// big-endian words kept beside them. A tuple of texts called `memcmp` for each of its parts at
/// each step of a search (at 1,000 Jobs, 350,000 calls from the store's indexes; 19,000 with
/// this key; callgrind).
#[derive(Debug, Clone, PartialEq, Eq)]
struct About {
    namespace: Arc<str>,
    kind: JsonStr,
    name: JsonStr,
    /// The kind's head, then the name's two.
    heads: (u64, u64, u64),
}

impl About {
    fn new(namespace: Arc<str>, kind: &str, name: &str) -> About {
        let heads = (word_at(kind, 0), word_at(name, 0), word_at(name, 8));
        About { namespace, kind: kind.into(), name: name.into(), heads }
    }
}

impl Ord for About {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (if Arc::ptr_eq(&self.namespace, &other.namespace) { std::cmp::Ordering::Equal } else { self.namespace.cmp(&other.namespace) })
            .then_with(|| self.heads.0.cmp(&other.heads.0))
            .then_with(|| rest_cmp(&self.kind, &other.kind, 8))
            .then_with(|| (self.heads.1, self.heads.2).cmp(&(other.heads.1, other.heads.2)))
            .then_with(|| rest_cmp(&self.name, &other.name, 16))
    }
}

impl PartialOrd for About {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

fn uid(obj: &Value) -> Option<&str> {
    object::get_str(obj, &["metadata", "uid"]).filter(|u| !u.is_empty())
}

impl Store {
    pub fn get(&self, key: &Key) -> Option<&Arc<Value>> {
        self.objects.get(key).map(|o| &**o)
    }

    /// The object under `key` as the store keeps it (a recorded Event not made JSON).
    pub fn get_stored(&self, key: &Key) -> Option<&Stored> {
        self.objects.get(key)
    }

    /// The Namespace object named `name`, if there is one.
    pub fn namespace(&self, name: &str) -> Option<&Arc<Value>> {
        self.namespaces.get(name).and_then(Option::as_ref)
    }

    pub fn contains(&self, key: &Key) -> bool {
        self.objects.contains_key(key)
    }

    /// The key of `kind/namespace/name`, sharing the namespace's text with the keys kept when
    /// the store knows it: a key made to look an object up or to store one is made at every
    /// write, and its namespace's text was a copy made only to be dropped.
    pub fn key(&self, kind: &'static str, namespace: &str, name: &str) -> Key {
        let kept = self.kept_namespace(namespace).cloned();
        Key::of(kind, kept.unwrap_or_else(|| namespace.into()), name.into())
    }

    /// The key of the Job with this uid, if there is one.
    pub fn job_of_uid(&self, uid: &str) -> Option<&Key> {
        self.jobs_by_uid.get(&UidKey::of(uid))
    }

    /// Keys of the objects owned by `owner_uid`.
    pub fn dependents(&self, owner_uid: &str) -> impl Iterator<Item = &Key> {
        let owner = UidKey::of(owner_uid);
        let start = (owner.clone(), LEAST_KEY.clone());
        self.dependents.range(start..).take_while(move |(o, _)| *o == owner).map(|(_, k)| k)
    }

    /// The objects of `kind` (in `namespace` when given), in etcd order.
    pub fn range<'a, 'n>(
        &'a self,
        kind: &'static str,
        namespace: Option<&'n str>,
    ) -> impl Iterator<Item = (&'a Key, &'a Arc<Value>)> + use<'a, 'n> {
        let start = Key::new(kind, namespace.unwrap_or(""), "");
        self.objects
            .range(start..)
            .take_while(move |(k, _)| k.kind == kind && namespace.is_none_or(|ns| *k.namespace == *ns))
            .map(|(k, o)| (k, &**o))
    }

    /// The keys from `key` on, in etcd order.
    pub fn keys_from<'a>(&'a self, key: &Key) -> impl Iterator<Item = &'a Key> + 'a {
        self.objects.range(key..).map(|(k, _)| k)
    }

    /// Every key in `namespace`, whatever its kind.
    pub fn keys_in_namespace(&self, namespace: &str) -> Vec<Key> {
        self.objects.keys().filter(|k| *k.namespace == *namespace).cloned().collect()
    }

    pub fn any_in_namespace(&self, namespace: &str) -> bool {
        self.objects.keys().any(|k| *k.namespace == *namespace)
    }

    /// Every object with its key, in etcd order.
    pub fn iter(&self) -> impl Iterator<Item = (&Key, &Arc<Value>)> {
        self.objects.iter().map(|(k, o)| (k, &**o))
    }

    /// Every object with its key, as the store keeps them (recorded Events not made JSON).
    pub fn iter_stored(&self) -> impl Iterator<Item = (&Key, &Stored)> {
        self.objects.iter()
    }

    pub fn values(&self) -> impl Iterator<Item = &Arc<Value>> {
        self.objects.values().map(|o| &**o)
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// Stores `obj` under `key` (created or replaced) and logs the change at `resource_version`.
    pub fn put(&mut self, key: Key, obj: Arc<Value>, resource_version: u64, event: WatchType) {
        let obj = Stored::Json(obj);
        // The key kept already, if the object is replaced; else this one, its namespace shared
        // (interned first: the search below then finds the namespace by pointer).
        let key = Key { namespace: self.intern(&key.namespace), ..key };
        let (key, old) = match self.objects.entry(key) {
            std::collections::btree_map::Entry::Occupied(mut at) => (at.key().clone(), Some(at.insert(obj.clone()))),
            std::collections::btree_map::Entry::Vacant(at) => {
                let key = at.key().clone();
                at.insert(obj.clone());
                (key, None)
            }
        };
        match old {
            // Most writes change neither identity nor owners: the indexes stay as they are.
            Some(old)
                if uid(&old) == uid(&obj)
                    && owner_uids(&old).eq(owner_uids(&obj))
                    && (key.kind != "Event" || involved_map(&old) == involved_map(&obj)) => {}
            Some(old) => {
                self.unindex(&key, &old);
                self.index(&key, &obj);
            }
            None => self.index(&key, &obj),
        }
        self.note_namespace(&key, Some(&obj));
        self.log(WatchEvent::new(resource_version, key, event, obj));
    }

    /// Adds `obj` under `key` if no object has that key, and logs its creation; the key kept
    /// (its namespace text shared). `None`, and nothing changed, if the key is taken.
    pub fn insert_new(&mut self, key: Key, obj: Stored, resource_version: u64) -> Option<Key> {
        let key = Key { namespace: self.intern(&key.namespace), ..key };
        let std::collections::btree_map::Entry::Vacant(at) = self.objects.entry(key) else { return None };
        let key = at.key().clone();
        at.insert(obj.clone());
        self.added(&key, obj, resource_version);
        Some(key)
    }

    /// What follows an object's insert under `key`: its indexes, and the log's `Added`.
    fn added(&mut self, key: &Key, obj: Stored, resource_version: u64) {
        self.index(key, &obj);
        self.note_namespace(key, Some(&obj));
        self.log(WatchEvent::new(resource_version, key.clone(), WatchType::Added, obj));
    }

    /// Adds a new object of `kind` in `namespace` under the first name not taken among `name`,
    /// `next(name)`, `next(next(name))`, …; `make` makes the object and its resourceVersion for
    /// the key found, and if it fails nothing is stored. One search of the store per name tried,
    /// the last of them the insert's own: a walk for a free name and then an insert searched the
    /// store twice for each recorded Event.
    pub fn insert_at_free_name<E>(
        &mut self,
        kind: &'static str,
        namespace: &str,
        mut name: String,
        next: impl Fn(&mut String),
        make: impl FnOnce(&Key) -> Result<(Stored, u64), E>,
    ) -> Result<Key, E> {
        let namespace = self.kept_namespace(namespace).cloned().unwrap_or_else(|| namespace.into());
        let namespace = self.intern(&namespace);
        loop {
            match self.objects.entry(Key::of(kind, namespace.clone(), name.as_str().into())) {
                std::collections::btree_map::Entry::Occupied(_) => next(&mut name),
                std::collections::btree_map::Entry::Vacant(at) => {
                    let key = at.key().clone();
                    let (obj, resource_version) = make(&key)?;
                    at.insert(obj.clone());
                    self.added(&key, obj, resource_version);
                    return Ok(key);
                }
            }
        }
    }

    /// How many objects the store has removed so far.
    pub fn removals(&self) -> u64 {
        self.removals
    }

    /// Removes the object under `key` and logs its deletion (with `last`, its final state).
    pub fn remove(&mut self, key: &Key, last: Arc<Value>, resource_version: u64) {
        let key = match self.objects.remove_entry(key) {
            Some((key, old)) => {
                self.removals += 1;
                self.unindex(&key, &old);
                self.note_namespace(&key, None);
                key
            }
            None => key.clone(),
        };
        self.log(WatchEvent::new(resource_version, key, WatchType::Deleted, last));
    }

    /// A Namespace object stored (or, `None`, removed) under `key`; other kinds change nothing.
    fn note_namespace(&mut self, key: &Key, obj: Option<&Stored>) {
        if key.kind == "Namespace" {
            *self.namespaces.entry(key.name.clone()).or_default() = obj.map(|o| Arc::clone(o));
        }
    }

    /// Logs a change, and compacts the log.
    fn log(&mut self, change: WatchEvent) {
        self.watch.push(change);
        if self.watch.len() - self.dropped >= 2 * WATCH_HISTORY {
            self.compact();
        }
    }

    /// The cluster's informers have routed every change up to `resource_version`: what they
    /// held back in the log may go now (see `routed`).
    pub fn routed_to(&mut self, resource_version: u64) {
        self.routed = Some(resource_version);
        if self.watch.len() - self.dropped >= 2 * WATCH_HISTORY {
            self.compact();
        }
    }

    /// How far the cluster's informers have routed the log, if they hold it.
    pub fn routed(&self) -> Option<u64> {
        self.routed
    }

    /// The text of `namespace` that the kept keys share, if the store knows it: the one `intern`
    /// found last, else the map's.
    fn kept_namespace(&self, namespace: &str) -> Option<&Arc<str>> {
        match &self.last_namespace {
            Some(last) if **last == *namespace => Some(last),
            _ => self.namespaces.get_key_value(namespace).map(|(kept, _)| kept),
        }
    }

    /// The namespace text the kept keys share (this one, the first time it is seen).
    fn intern(&mut self, namespace: &Arc<str>) -> Arc<str> {
        if let Some(last) = self.last_namespace.as_ref().filter(|last| Arc::ptr_eq(last, namespace)) {
            return last.clone();
        }
        let kept = match self.kept_namespace(namespace) {
            Some(kept) => kept.clone(),
            None => {
                self.namespaces.insert(namespace.clone(), None);
                namespace.clone()
            }
        };
        self.last_namespace = Some(kept.clone());
        kept
    }

    fn index(&mut self, key: &Key, obj: &Stored) {
        // A recorded Event is no Job and has no owners: only the Events index holds it.
        if let Stored::Json(obj) = obj {
            if let Some(u) = (key.kind == "Job").then(|| uid(obj)).flatten() {
                self.jobs_by_uid.insert(UidKey::of(u), key.clone());
            }
            for owner in owner_uids(obj) {
                self.dependents.insert((UidKey::of(owner), key.clone()));
            }
        }
        if let Some(about) = involved(key, obj) {
            let names = self.events_about.entry(about).or_default();
            if let Err(at) = names.binary_search(&key.name) {
                names.reserve_exact(1);
                names.insert(at, key.name.clone());
            }
        }
    }

    fn unindex(&mut self, key: &Key, obj: &Stored) {
        if let Stored::Json(obj) = obj {
            if let Some(u) = (key.kind == "Job").then(|| uid(obj)).flatten() {
                let u = UidKey::of(u);
                if self.jobs_by_uid.get(&u) == Some(key) {
                    self.jobs_by_uid.remove(&u);
                }
            }
            for owner in owner_uids(obj) {
                self.dependents.remove(&(UidKey::of(owner), key.clone()));
            }
        }
        if let Some(about) = involved(key, obj) {
            if let Some(names) = self.events_about.get_mut(&about) {
                if let Ok(at) = names.binary_search(&key.name) {
                    names.remove(at);
                }
                if names.is_empty() {
                    self.events_about.remove(&about);
                }
            }
        }
    }

    /// The Events in `namespace` about an object of `kind` whose name starts with `name_prefix`
    /// (the whole name for one object), by the object's name then the Event's.
    pub fn events_about<'a>(&'a self, namespace: &str, kind: &str, name_prefix: &str) -> impl Iterator<Item = &'a Arc<Value>> + 'a {
        let start = About::new(namespace.into(), kind, name_prefix);
        let (namespace, kind, name_prefix) = (namespace.to_string(), kind.to_string(), name_prefix.to_string());
        self.events_about
            .range(start..)
            .take_while(move |(about, _)| *about.namespace == *namespace && about.kind == kind && about.name.starts_with(&name_prefix))
            .flat_map(|(about, names)| names.iter().map(move |name| (&about.namespace, name)))
            .filter_map(|(ns, name)| self.get(&Key::of("Event", ns.clone(), name.clone())))
    }

    /// Every change after `resource_version` still in the log, oldest first.
    pub fn events_since(&self, resource_version: u64) -> &[WatchEvent] {
        let log = &self.watch[self.dropped..];
        let start = log.partition_point(|e| e.resource_version <= resource_version);
        &log[start..]
    }

    /// Whether the log still holds every change after `resource_version`.
    pub fn has_history_since(&self, resource_version: u64) -> bool {
        resource_version >= self.compacted_to
    }

    /// The oldest resourceVersion a watch may start from.
    pub fn compacted_to(&self) -> u64 {
        self.compacted_to
    }

    /// While the log holds twice the history it must keep, drops its oldest `COMPACT_CHUNK`
    /// changes — once per write, except after the cluster's informers held a longer log (a
    /// burst between two dispatches): then every chunk they routed goes at once, so the log is
    /// what it would have been without the hold. Dropping a change may free an old version of an
    /// object (a JSON tree): dropping half the log at once freed thousands of them in one write
    /// (7–9 ms on the scale lab).
    #[cold]
    #[inline(never)]
    fn compact(&mut self) {
        while self.watch.len() - self.dropped >= 2 * WATCH_HISTORY {
            let chunk = self.dropped..self.dropped + COMPACT_CHUNK;
            let last = self.watch[chunk.end - 1].resource_version;
            if self.routed.is_some_and(|routed| last > routed) {
                return;
            }
            // A dropped entry is never read again; it holds the newest change's object (alive
            // anyway) instead of its own, which is released now.
            let newest = self.watch[self.watch.len() - 1].object.clone();
            for change in &mut self.watch[chunk.clone()] {
                change.object = newest.clone();
            }
            self.compacted_to = last;
            self.dropped = chunk.end;
        }
        if self.dropped >= 2 * WATCH_HISTORY {
            self.watch.drain(..self.dropped);
            self.dropped = 0;
        }
    }

    /// Forgets the log (after a restore: watchers start from the restored resourceVersion).
    pub fn reset_log(&mut self, resource_version: u64) {
        self.watch.clear();
        self.dropped = 0;
        self.compacted_to = resource_version;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys order as their `(kind, namespace, name)` tuples, whether or not two equal kinds are
    /// the same pointer.
    #[test]
    fn keys_order_as_their_parts() {
        // The same kind at another address (a leaked copy of the text).
        let pod_elsewhere: &'static str = Box::leak(String::from("Pod").into_boxed_str());
        let kinds = ["Pod", pod_elsewhere, "Event", "Job", "Po", "Pods"];
        // Short names, long ones sharing long prefixes (past the 16 bytes a key keeps inline), and
        // one not in ASCII.
        let names = [
            "",
            "a",
            "b",
            "a-1",
            "team-a",
            "job-00001-abcde",
            "job-00001-abcdf",
            "job-0000",
            "job-00001",
            "job-00001-abcde.18a7",
            "job-00001-abcdef",
            "job-00001-abcdef.18a7",
            "job-00001-abcdef.18a8",
            "ü-non-ascii-name",
            // Zero bytes, as the head's padding is: a name still orders before any it begins.
            "a\0",
            "a\0b",
            // Texts that fill a head exactly (8 bytes of a namespace, 16 of a name), and with
            // zero bytes up to it and past it.
            "abcdefgh",
            "abcdefg\0",
            "abcdefgh\0",
            "job-00001-abcde\0",
            "job-00001-abcde\0\0",
        ];
        let mut keys = Vec::new();
        for kind in kinds {
            for namespace in names {
                for name in names {
                    keys.push(Key::new(kind, namespace, name));
                }
            }
        }
        for a in &keys {
            for b in &keys {
                let expected = (a.kind, &a.namespace, &a.name).cmp(&(b.kind, &b.namespace, &b.name));
                assert_eq!(a.cmp(b), expected, "{a:?} vs {b:?}");
                assert_eq!(a == b, expected.is_eq());
            }
        }
    }

    /// A uid's index form is one per text: canonical UUIDs as their bits, anything else (upper
    /// case, no hyphens, too short) as text, so no two uids share a form.
    #[test]
    fn uids_are_indexed_one_form_per_text() {
        let canonical = "0b6f4a2e-3c1d-4e5f-8a9b-0c1d2e3f4a5b";
        assert_eq!(UidKey::of(canonical), UidKey::Uuid(0x0b6f_4a2e_3c1d_4e5f, 0x8a9b_0c1d_2e3f_4a5b));
        assert_eq!(std::mem::size_of::<UidKey>(), 24);
        let others = [
            "0B6F4A2E-3C1D-4E5F-8A9B-0C1D2E3F4A5B",
            "0b6f4a2e3c1d4e5f8a9b0c1d2e3f4a5b",
            "0b6f4a2e-3c1d-4e5f-8a9b-0c1d2e3f4a5",
            "uid-1",
            "",
            "0b6f4a2e-3c1d-4e5f-8a9b_0c1d2e3f4a5b",
            // Hyphens in place, but not a hex digit in every other place.
            "0b6f4a2e-3c1d-4e5f-8a9b-0c1d2e3f4a5g",
            "g0b6f4a2-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
            "0b6f4a2e-3c1d-4e5f-8a9b-0c1d2e3f4a-b",
            "0b6f4a2e-3c1d-4e5f-8a9b-0c1d2e3f4aü",
        ];
        for o in others {
            assert_eq!(UidKey::of(o), UidKey::Text(o.into()), "{o}");
        }
        let mut store = Store::default();
        for (i, u) in [canonical].iter().chain(&others).enumerate().filter(|(_, u)| !u.is_empty()) {
            let obj = crate::json::json!({"metadata": {"name": format!("o{i}"), "uid": *u}});
            store.put(Key::new("Job", "default", &format!("o{i}")), Arc::new(obj), i as u64 + 1, WatchType::Added);
        }
        assert_eq!(store.job_of_uid(canonical).map(|k| &*k.name), Some("o0"));
        assert_eq!(store.job_of_uid(others[0]).map(|k| &*k.name), Some("o1"));
        assert_eq!(store.job_of_uid("0b6f4a2e-3c1d-4e5f-8a9b-0c1d2e3f4a5c"), None);
        // Every key kept shares one text per namespace, the watch log's too.
        let first = store.iter().next().unwrap().0.namespace.clone();
        assert!(store.iter().all(|(k, _)| Arc::ptr_eq(&k.namespace, &first)));
        assert!(store.events_since(0).iter().all(|e| Arc::ptr_eq(&e.key.namespace, &first)));
        // A key the store makes is the key of those parts, and shares the text of a namespace it
        // knows (`other`, written last, or `default`, from the map); a namespace it does not know
        // is a new text.
        store.put(Key::new("Pod", "other", "p"), Arc::new(crate::json::json!({})), 50, WatchType::Added);
        let other = store.iter().find(|(k, _)| k.kind == "Pod").unwrap().0.namespace.clone();
        for (ns, kept) in [("other", Some(&other)), ("default", Some(&first)), ("unknown", None)] {
            let key = store.key("Job", ns, "o9");
            assert_eq!(key, Key::new("Job", ns, "o9"));
            assert_eq!(kept.is_some_and(|kept| Arc::ptr_eq(&key.namespace, kept)), kept.is_some(), "{ns}");
        }
        // A replaced object keeps its key, and the change is logged under it (not a new copy).
        let kept = store.iter().map(|(k, _)| k.clone()).find(|k| &*k.name == "o0").unwrap();
        let again = crate::json::json!({"metadata": {"name": "o0", "uid": canonical}, "spec": {"parallelism": 1}});
        store.put(Key::new("Job", "default", "o0"), Arc::new(again), 100, WatchType::Modified);
        let logged = &store.events_since(99)[0].key;
        assert!(Arc::ptr_eq(&logged.name, &kept.name) && Arc::ptr_eq(&logged.namespace, &kept.namespace));
        assert_eq!(store.job_of_uid(canonical).map(|k| &*k.name), Some("o0"));
        assert_eq!(store.range("Job", Some("default")).count(), 1 + others.iter().filter(|o| !o.is_empty()).count());
        assert_eq!(store.range("Job", Some("other")).count(), 0);
        // A new object under a key taken changes nothing; under a free one it is added, logged
        // under the key kept (which shares the namespace's text).
        let taken = Arc::new(crate::json::json!({"metadata": {"name": "o0"}}));
        assert_eq!(store.insert_new(Key::new("Job", "default", "o0"), taken.into(), 101), None);
        assert_eq!(store.events_since(99).len(), 1);
        let fresh = Arc::new(crate::json::json!({"metadata": {"name": "fresh"}}));
        let at = store.insert_new(Key::new("Job", "default", "fresh"), fresh.clone().into(), 101).unwrap();
        assert!(Arc::ptr_eq(&at.namespace, &first) && Arc::ptr_eq(store.get(&at).unwrap(), &fresh));
        assert_eq!(store.events_since(100).iter().map(|e| (e.event, &*e.key.name)).collect::<Vec<_>>(), [(WatchType::Added, "fresh")]);
        // Only Jobs are found by uid.
        let cm = crate::json::json!({"metadata": {"name": "settings", "uid": "cm-uid"}});
        store.put(Key::new("ConfigMap", "default", "settings"), Arc::new(cm), 102, WatchType::Added);
        assert_eq!(store.job_of_uid("cm-uid"), None);
    }

    /// The Namespace objects found by name are the stored ones, through every kind of write.
    #[test]
    fn namespaces_are_found_as_stored() {
        let ns = |phase: &str| Arc::new(crate::json::json!({"metadata": {"name": "team-a"}, "status": {"phase": phase}}));
        let mut store = Store::default();
        assert!(store.namespace("team-a").is_none());
        let active = ns("Active");
        store.insert_new(Key::new("Namespace", "", "team-a"), active.clone().into(), 1).unwrap();
        assert!(Arc::ptr_eq(store.namespace("team-a").unwrap(), &active));
        let terminating = ns("Terminating");
        store.put(Key::new("Namespace", "", "team-a"), terminating.clone(), 2, WatchType::Modified);
        assert!(Arc::ptr_eq(store.namespace("team-a").unwrap(), &terminating));
        // Another kind's object of that name is not a Namespace.
        store.put(Key::new("ConfigMap", "team-a", "team-a"), ns("Active"), 3, WatchType::Added);
        assert!(Arc::ptr_eq(store.namespace("team-a").unwrap(), &terminating));
        store.remove(&Key::new("Namespace", "", "team-a"), terminating, 4);
        assert!(store.namespace("team-a").is_none());
    }

    /// Every uid the server makes (`SimRng::uuid`) is indexed as its bits, and the bits are the
    /// uid's own hex digits.
    #[test]
    fn the_servers_uids_decode_to_their_digits() {
        let mut rng = crate::rand::SimRng::new(7);
        for _ in 0..2000 {
            let uid = rng.uuid();
            let UidKey::Uuid(high, low) = UidKey::of(&uid) else { panic!("{uid} not decoded") };
            assert_eq!(format!("{high:016x}{low:016x}"), uid.replace('-', ""));
        }
    }

    /// Lists walk etcd's order whatever order objects came, went and changed in, and every list
    /// (whole, by kind, by namespace, from a key) agrees with point lookups: nothing is
    /// listed that a lookup does not find, or missed that it does.
    #[test]
    fn lists_are_in_key_order_and_agree_with_lookups() {
        let mut store = Store::default();
        let mut rv = 0;
        let mut expected = BTreeMap::new();
        // A deterministic shuffle of 3 kinds × 3 namespaces × 20 names, written, some rewritten
        // and some removed.
        let kinds = ["Pod", "Event", "ConfigMap"];
        for i in 0..180usize {
            let j = (i * 97) % 180;
            let key = Key::new(kinds[j % 3], ["b", "a", "c"][(j / 3) % 3], &format!("n{}", j / 9));
            for version in 0..(1 + j % 2) {
                rv += 1;
                let obj = Arc::new(crate::json::json!({"metadata": {"name": &*key.name}, "v": version}));
                store.put(key.clone(), obj.clone(), rv, WatchType::Added);
                expected.insert(key.clone(), obj);
            }
            if j % 5 == 0 {
                rv += 1;
                store.remove(&key, expected.remove(&key).unwrap(), rv);
            }
        }
        assert_eq!(store.len(), expected.len());
        let listed: Vec<(&Key, &Arc<Value>)> = store.iter().collect();
        assert!(listed.iter().map(|(k, _)| *k).eq(expected.keys()));
        assert!(listed.iter().zip(&expected).all(|((_, a), (_, b))| Arc::ptr_eq(a, b)));
        assert!(store.values().zip(expected.values()).all(|(a, b)| Arc::ptr_eq(a, b)));
        for (key, obj) in &expected {
            assert!(Arc::ptr_eq(store.get(key).unwrap(), obj));
        }
        let pods_in_a: Vec<&Key> = expected.keys().filter(|k| k.kind == "Pod" && &*k.namespace == "a").collect();
        assert!(store.range("Pod", Some("a")).map(|(k, _)| k).eq(pods_in_a));
        let from = Key::new("Event", "b", "n10");
        assert!(store.keys_from(&from).eq(expected.range(from.clone()..).map(|(k, _)| k)));
        let removed = Key::new("Pod", "b", "n0");
        assert!(!expected.contains_key(&removed) && store.get(&removed).is_none() && !store.contains(&removed));
    }

    /// Events are found by the object they are about, by the object's name then the Event's,
    /// whatever order they came in; a moved or removed Event leaves its old object's list, and an
    /// object whose last Event is gone leaves the index.
    #[test]
    fn events_are_indexed_by_the_object_they_are_about() {
        let mut store = Store::default();
        let mut rv = 0;
        let mut put = |store: &mut Store, name: &str, about: &str| {
            rv += 1;
            let event = crate::json::json!({"metadata": {"name": name}, "involvedObject": {"kind": "Pod", "name": about}});
            store.put(Key::new("Event", "default", name), Arc::new(event), rv, WatchType::Added);
        };
        for (name, about) in [("web.3", "web"), ("web.1", "web"), ("web-2.1", "web-2"), ("web.2", "web"), ("job.1", "job")] {
            put(&mut store, name, about);
        }
        let names = |store: &Store, prefix: &str| -> Vec<String> {
            store.events_about("default", "Pod", prefix).map(|e| e["metadata"]["name"].as_str().unwrap().to_string()).collect()
        };
        assert_eq!(names(&store, "web"), ["web.1", "web.2", "web.3", "web-2.1"]);
        assert_eq!(names(&store, "job"), ["job.1"]);
        assert!(names(&store, "nothing").is_empty());
        assert!(store.events_about("other", "Pod", "web").next().is_none());
        // web.2 now about web-2; web-2.1 removed.
        put(&mut store, "web.2", "web-2");
        store.remove(&Key::new("Event", "default", "web-2.1"), Arc::new(crate::json::Value::Null), 99);
        assert_eq!(names(&store, "web"), ["web.1", "web.3", "web.2"]);
        let last = store.get(&Key::new("Event", "default", "web.2")).unwrap().clone();
        store.remove(&Key::new("Event", "default", "web.2"), last, 100);
        assert_eq!(names(&store, "web"), ["web.1", "web.3"]);
        assert_eq!(store.events_about.len(), 2, "web-2 has no Events left: {:?}", store.events_about.keys());
    }

    /// The log keeps between `WATCH_HISTORY` and twice that many changes and drops the oldest
    /// `COMPACT_CHUNK` at a time, over several times the changes it can hold; a dropped change's
    /// object is released by the compaction that drops it, not when its entry leaves the vector.
    #[test]
    fn the_log_keeps_its_history_and_releases_what_it_drops() {
        let mut store = Store::default();
        let first = Arc::new(crate::json::json!({"metadata": {"name": "first"}}));
        store.put(Key::new("ConfigMap", "default", "first"), first.clone(), 1, WatchType::Added);
        let (mut compacted_to, mut kept) = (0u64, 1usize);
        for rv in 2..=(7 * WATCH_HISTORY as u64) {
            let key = Key::new("ConfigMap", "default", &format!("c{}", rv % 100));
            store.put(key, Arc::new(crate::json::json!({"rv": rv})), rv, WatchType::Modified);
            // The rule the log follows, counted by hand.
            kept += 1;
            if kept == 2 * WATCH_HISTORY {
                kept -= COMPACT_CHUNK;
                compacted_to += COMPACT_CHUNK as u64;
            }
            assert_eq!(store.compacted_to(), compacted_to, "at {rv}");
            if compacted_to > 0 {
                // Only this test and the store's object hold the first change's object now.
                assert_eq!(Arc::strong_count(&first), 2, "at {rv}");
            }
            if rv % 61 != 0 && kept != 2 * WATCH_HISTORY - COMPACT_CHUNK {
                continue;
            }
            let log: Vec<u64> = store.events_since(0).iter().map(|e| e.resource_version).collect();
            assert_eq!(log, (compacted_to + 1..=rv).collect::<Vec<_>>(), "at {rv}");
            assert_eq!(store.events_since(rv - 3).len(), 3);
        }
        assert!(compacted_to > 2 * WATCH_HISTORY as u64, "entries left the vector too");
    }

    /// What the cluster's informers have not routed stays in the log however many changes come
    /// (bursts of several times the history between two dispatches); once they have, the log is
    /// the one a store that no informer held keeps, change for change.
    #[test]
    fn the_log_keeps_what_the_informers_have_not_routed() {
        let (mut held, mut free) = (Store::default(), Store::default());
        held.routed_to(0);
        let log = |s: &Store| s.events_since(0).iter().map(|e| e.resource_version).collect::<Vec<_>>();
        let (mut rv, mut routed) = (0u64, 0u64);
        for (burst, routed_behind) in
            [(100, 0), (3 * WATCH_HISTORY, 0), (5 * WATCH_HISTORY + 7, 10), (2 * WATCH_HISTORY, 2 * WATCH_HISTORY)]
        {
            for _ in 0..burst {
                rv += 1;
                let key = Key::new("ConfigMap", "default", &format!("c{}", rv % 100));
                let obj = Arc::new(crate::json::json!({"rv": rv}));
                held.put(key.clone(), obj.clone(), rv, WatchType::Modified);
                free.put(key, obj, rv, WatchType::Modified);
                assert!(held.has_history_since(routed), "at {rv}: the unrouted changes are kept");
                assert_eq!(log(&held).last(), Some(&rv));
            }
            // Routed up to a point: what is before it may go, what is after it stays.
            routed = rv - routed_behind as u64;
            held.routed_to(routed);
            assert!(held.has_history_since(routed));
            assert_eq!(held.routed(), Some(routed));
            if routed_behind == 0 {
                assert_eq!(held.compacted_to(), free.compacted_to(), "after a burst of {burst}");
                assert_eq!(log(&held), log(&free), "after a burst of {burst}");
            }
        }
        // Routed up to the last change: from there on the same log, write for write.
        held.routed_to(rv);
        for _ in 0..3 * WATCH_HISTORY {
            rv += 1;
            let key = Key::new("ConfigMap", "default", "next");
            let obj = Arc::new(crate::json::json!({"rv": rv}));
            held.put(key.clone(), obj.clone(), rv, WatchType::Modified);
            free.put(key, obj, rv, WatchType::Modified);
            held.routed_to(rv);
            assert_eq!(held.compacted_to(), free.compacted_to(), "at {rv}");
        }
        assert_eq!(log(&held), log(&free));
    }
}
