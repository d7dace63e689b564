//! What of the cluster persists, and how a host saves it a little at a time.
//!
//! A save after one command should cost what the command changed, not the whole cluster. The
//! host keeps a *base* — the whole cluster's JSON, the form `Cluster::restore` reads and every
//! earlier version saved — and after it a *journal*, one entry per save: the objects that changed
//! since the previous save (each object once, as it is now; a deleted one by its key), read from
//! the store's watch log — and, as the log keeps only so many changes, from what the host's saver
//! read of it meanwhile (`Saver::watch`) — and what changed of the state beside the store (clock,
//! kubelet runtime, Kueue's queues, timers, …): that state's JSON is cut into leaves — values at
//! most `DEPTH` object keys deep (`BIG_DEPTH` in a big cluster), so one pod's runtime field or one
//! timer's instant is a leaf — and an entry sets the leaves whose text changed and unsets the
//! ones gone (in a busy cluster the state is over a megabyte, and a second of time changes a few
//! kilobytes of it). Restoring replays the journal onto the base and restores that, so the
//! caches are rebuilt exactly as after a whole-snapshot restore.
//!
//! A base is written instead of an entry when nothing is stored yet, when neither the watch log
//! nor what was watched reaches back to the last save (compacted, or another cluster altogether),
//! and — when the host allows it — once the journal has grown past a bound (folding it, so a
//! restore never replays more than about a base's worth).
//!
//! Every entry names the fingerprint of the text stored before it (the base, or the previous
//! entry). A journal mixed by two tabs, or left over from an older base, is cut where it stops
//! following on, so changes are never replayed onto a state they were not made on.
//!
//! A save may be written a piece at a time (`Saver::begin`, then `Writing::step`): it is taken at
//! one instant — the objects as shared `Arc`s, which the store never changes in place, and the
//! state as text — so the cluster may move on while the host writes it; a big cluster's base is
//! megabytes of JSON, and the page must answer keys meanwhile. A save not stored (the page closed
//! before its last piece) leaves what was stored before, which still restores.
//!
//! The host only stores and reads the texts (`app/src/storage.rs`: local storage, deflated when
//! big).

use super::Cluster;
use crate::api::object;
use crate::api::server::WithoutObjects;
use crate::api::store::Key;
use crate::json::{Map, Value};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A journal of more entries than this is folded into a new base.
pub const MAX_ENTRIES: usize = 200;
/// A journal holding more bytes than its base (and at least this many) is folded too.
pub const MIN_FOLD_BYTES: usize = 256 * 1024;

/// How many object keys deep the state is cut into leaves.
const DEPTH: usize = 4;

/// A cluster of more objects than this is big: its state is cut only `BIG_DEPTH` keys deep (on
/// the scale lab, ≈ 1,400 leaves instead of ≈ 15,000: a save takes a third of the time, and in a
/// big cluster the objects an entry writes outweigh its state anyway).
pub const BIG_CLUSTER_OBJECTS: usize = 1_500;
const BIG_DEPTH: usize = 2;

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a continued from `h` over `bytes`.
fn fnv_from(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn fnv(text: &str) -> u64 {
    fnv_from(FNV_START, text.as_bytes())
}

/// FNV-1a (64 bits) of a stored text, in hex: what the next entry names as its predecessor.
pub fn fingerprint(text: &str) -> String {
    hex(fnv(text))
}

fn hex(h: u64) -> String {
    format!("{h:016x}")
}

/// A leaf of the state: the object keys to it.
type Path = Vec<String>;

/// The top-level fields of a JSON object's text (as serde_json writes one): each key and its
/// value's text, found by scanning, without building values. `None` if it is not an object.
fn top_level_fields(text: &str) -> Option<Vec<(String, &str)>> {
    let b = text.as_bytes();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    // The end (exclusive) of the string starting at `i` (a quote).
    let string_end = |mut i: usize| {
        i += 1;
        while i < b.len() {
            match b[i] {
                b'\\' => i += 2,
                b'"' => return Some(i + 1),
                _ => i += 1,
            }
        }
        None
    };
    skip_ws(&mut i);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    let mut out = Vec::new();
    loop {
        skip_ws(&mut i);
        match b.get(i)? {
            b'}' => return Some(out),
            b',' => {
                i += 1;
                continue;
            }
            b'"' => {}
            _ => return None,
        }
        let key_end = string_end(i)?;
        let key: String = serde_json::from_str(&text[i..key_end]).ok()?;
        i = key_end;
        skip_ws(&mut i);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i += 1;
        skip_ws(&mut i);
        let start = i;
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    i = string_end(i)?;
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' if depth == 0 => break,
                b'}' | b']' => depth -= 1,
                b',' if depth == 0 => break,
                _ => {}
            }
            i += 1;
        }
        out.push((key, text[start..i].trim_end()));
    }
}

/// The leaves of a JSON text cut `depth` object keys deep: an object (not empty) less than
/// `depth` keys deep is cut further; anything else is a leaf, its text as written.
fn text_leaves<'t>(text: &'t str, depth: usize, path: &mut Path, out: &mut Vec<(Path, &'t str)>) {
    if path.len() < depth && text.starts_with('{') {
        if let Some(fields) = top_level_fields(text).filter(|f| !f.is_empty()) {
            for (k, v) in fields {
                path.push(k);
                text_leaves(v, depth, path, out);
                path.pop();
            }
            return;
        }
    }
    out.push((path.clone(), text));
}

/// Removes the leaf at `path`, and the objects it leaves empty (an empty object that is part of
/// the state is a leaf of its own, set again if so).
fn unset(doc: &mut Map, path: &[String]) {
    match path {
        [] => {}
        [last] => {
            doc.remove(last);
        }
        [first, rest @ ..] => {
            if let Some(Value::Object(m)) = doc.get_mut(first) {
                unset(m, rest);
                if m.is_empty() {
                    doc.remove(first);
                }
            }
        }
    }
}

fn set(doc: &mut Map, path: &[String], value: Value) {
    let Some((last, parents)) = path.split_last() else { return };
    let mut at = doc;
    for k in parents {
        let child = at.entry(k.clone()).or_insert_with(|| Value::Object(Map::new()));
        if !child.is_object() {
            *child = Value::Object(Map::new());
        }
        let Value::Object(m) = child else { return };
        at = m;
    }
    at.insert(last.clone(), value);
}

/// Everything `Cluster` serializes except the API server's objects, by reference, field for field
/// in the same form (a test holds the two together, so a new field of `Cluster` is not forgotten).
#[derive(Serialize)]
struct State<'a> {
    api: WithoutObjects<'a>,
    clock: &'a crate::clock::Clock,
    shape: &'a super::ClusterShape,
    timers: &'a super::informer::Timers,
    pods: &'a BTreeMap<String, super::PodRuntime>,
    kueue: &'a super::kueue::KueueState,
    next_ip: u32,
    job_failures: &'a BTreeMap<String, u64>,
    scheduler: &'a super::scheduler::SchedulerCache,
    gpu_slots: &'a BTreeMap<String, Vec<Option<String>>>,
    node_images: &'a BTreeMap<String, std::collections::BTreeSet<String>>,
    event_spam: &'a super::events::SpamFilter,
    learner_writes: &'a Vec<super::audit::TimedWrite>,
    traffic: &'a super::traffic::Traffic,
}

impl<'a> State<'a> {
    fn of(c: &'a Cluster) -> Self {
        State {
            api: WithoutObjects(&c.api),
            clock: &c.clock,
            shape: &c.shape,
            timers: &c.timers,
            pods: &c.pods,
            kueue: &c.kueue,
            next_ip: c.next_ip,
            job_failures: &c.job_failures,
            scheduler: &c.scheduler,
            gpu_slots: &c.gpu_slots,
            node_images: &c.node_images,
            event_spam: &c.event_spam,
            learner_writes: &c.learner_writes,
            traffic: &c.traffic,
        }
    }
}

/// The cluster's state beside its objects, as a JSON text.
pub fn state_json(c: &Cluster) -> String {
    serde_json::to_string(&State::of(c)).unwrap_or_default()
}

/// An entry as it is read back.
#[derive(Deserialize)]
struct Entry {
    prev: String,
    rv: u64,
    #[serde(default)]
    put: Vec<Value>,
    #[serde(default)]
    del: Vec<(String, String, String)>,
    /// The state's leaves gone, then the ones new or changed.
    #[serde(default)]
    unset: Vec<Path>,
    #[serde(default)]
    set: Vec<(Path, Value)>,
}

/// Where an object lives, read from the object itself (kind, namespace, name).
fn key_of(obj: &Value) -> (&str, &str, &str) {
    (obj.get("kind").and_then(Value::as_str).unwrap_or(""), object::namespace(obj), object::name(obj))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The whole cluster: stored as the base, after which every entry stored is dropped.
    Base,
    /// The journal's entry at this index (from 0), stored after the ones before it.
    Entry(usize),
}

/// One text for the host to store.
#[derive(Debug, Clone)]
pub struct Write {
    pub target: Target,
    pub json: String,
    /// The resourceVersion the stored state reaches once this is written.
    rv: u64,
    /// The state's leaves once this is written.
    leaves: BTreeMap<Path, u64>,
    /// FNV-1a of `json` (what the next entry names as its predecessor).
    fingerprint: u64,
}

/// A save being written a piece at a time (`Saver::begin`): the text is its head, the objects
/// taken when it began (shared, so the cluster moving on does not change them) each written in
/// turn, comma-separated, then its tail.
#[derive(Debug)]
pub struct Writing {
    target: Target,
    rv: u64,
    leaves: BTreeMap<Path, u64>,
    text: String,
    objects: std::vec::IntoIter<Arc<Value>>,
    first: bool,
    tail: String,
    /// FNV-1a of `text[..hashed]`, kept up as the text grows so the end costs no pass over it.
    hash: u64,
    hashed: usize,
    done: bool,
}

impl Writing {
    fn new(target: Target, rv: u64, leaves: BTreeMap<Path, u64>, head: String, objects: Vec<Arc<Value>>, tail: String) -> Self {
        Writing { target, rv, leaves, text: head, objects: objects.into_iter(), first: true, tail, hash: FNV_START, hashed: 0, done: false }
    }

    /// What it will replace or follow when stored.
    pub fn target(&self) -> Target {
        self.target
    }

    /// Writes objects until at least `bytes` more of the text is written, or the text is whole;
    /// true once it is.
    pub fn step(&mut self, bytes: usize) -> bool {
        if self.done {
            return true;
        }
        let goal = self.text.len().saturating_add(bytes);
        while self.text.len() < goal {
            let Some(o) = self.objects.next() else {
                self.text.push_str(&self.tail);
                self.tail = String::new();
                self.done = true;
                break;
            };
            if !std::mem::take(&mut self.first) {
                self.text.push(',');
            }
            // Writing a `Value` cannot fail (its keys are strings).
            self.text.push_str(&serde_json::to_string(&*o).unwrap_or_default());
        }
        self.hash = fnv_from(self.hash, &self.text.as_bytes()[self.hashed..]);
        self.hashed = self.text.len();
        self.done
    }

    /// The text written so far (a host may compress it as it grows).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The rest of the text, written now, and what the host stores.
    pub fn finish(mut self) -> Write {
        while !self.step(usize::MAX) {}
        Write { target: self.target, json: self.text, rv: self.rv, leaves: self.leaves, fingerprint: self.hash }
    }
}

/// What is stored for the cluster so far (the host's side of the bookkeeping).
#[derive(Debug, Clone)]
struct Stored {
    rv: u64,
    entries: usize,
    journal_bytes: usize,
    base_bytes: usize,
    /// Fingerprint of the last text stored, named by the next entry.
    last: String,
    /// The stored state's leaves (the next entry writes those that differ).
    leaves: BTreeMap<Path, u64>,
}

/// The objects that changed, as a host that watches between saves has read them from the watch
/// log (`Saver::watch`): every object changed after `since` up to `read_to`, with the
/// resourceVersion of its last change. A busy cluster's log may drop changes a save still needs
/// before the save comes (a big cluster is saved every few seconds at most); read often, they are
/// kept here instead.
#[derive(Debug, Clone, Default)]
struct Watched {
    since: u64,
    read_to: u64,
    changed: BTreeMap<Key, u64>,
}

/// At most this many changed objects are kept between two saves (`Saver::watch`); past it, the
/// next save is a base (saves that keep failing must not grow the page's memory without end).
const MAX_WATCHED: usize = 50_000;

/// Decides what each save writes. A host keeps one per stored cluster, asks `next` for the text
/// to store and reports `stored` once it is; a failed write is simply not reported, and the next
/// save covers its changes too.
#[derive(Debug, Clone)]
pub struct Saver {
    stored: Option<Stored>,
    watched: Watched,
    max_entries: usize,
    min_fold_bytes: usize,
    /// Above this many objects the state is cut into its top-level fields only.
    big_above: usize,
}

impl Default for Saver {
    fn default() -> Self {
        Saver {
            stored: None,
            watched: Watched::default(),
            max_entries: MAX_ENTRIES,
            min_fold_bytes: MIN_FOLD_BYTES,
            big_above: BIG_CLUSTER_OBJECTS,
        }
    }
}

impl Saver {
    /// Nothing stored yet: the first save writes a base.
    pub fn new() -> Self {
        Self::default()
    }

    /// With other bounds for folding the journal (tests).
    pub fn with_bounds(max_entries: usize, min_fold_bytes: usize) -> Self {
        Saver { max_entries, min_fold_bytes, ..Self::default() }
    }

    /// Reads the changes the watch log holds since the last look, so the next entry can name
    /// them even once the log has dropped them. Cheap when little changed; a host calls it as
    /// often as the cluster moves (the page: after every slice of time).
    pub fn watch(&mut self, c: &Cluster) {
        // Before the first save is stored there is nothing to follow on from (the base it
        // stores names its own resourceVersion, and reading goes on from there).
        if self.stored.is_none() {
            return;
        }
        let w = &mut self.watched;
        let rv = c.api.resource_version();
        match c.api.watch_from(w.read_to) {
            Ok(events) if w.read_to <= rv && w.changed.len() + events.len() <= MAX_WATCHED => {
                for e in events {
                    w.changed.insert(e.key.clone(), e.resource_version);
                }
            }
            // A gap (or another cluster, or saves that keep failing): nothing before now is
            // known from here on, and the next save is a base.
            _ => *w = Watched { since: rv, read_to: rv, changed: BTreeMap::new() },
        }
        w.read_to = rv;
    }

    /// Every object changed after `after` up to now — from what was watched and what the log
    /// still holds —, or `None` when neither reaches back that far.
    fn changed_since(&self, c: &Cluster, after: u64) -> Option<BTreeSet<Key>> {
        let rv = c.api.resource_version();
        let w = &self.watched;
        if w.since <= after && after <= w.read_to && w.read_to <= rv {
            if let Ok(events) = c.api.watch_from(w.read_to) {
                let mut keys: BTreeSet<Key> =
                    crate::sort::set_from(w.changed.iter().filter(|(_, at)| **at > after).map(|(k, _)| k.clone()));
                keys.extend(events.iter().map(|e| e.key.clone()));
                return Some(keys);
            }
        }
        let events = c.api.watch_from(after).ok().filter(|_| after <= rv)?;
        Some(crate::sort::set_from(events.iter().map(|e| e.key.clone())))
    }

    /// With another size above which a cluster is big (tests: a save that cuts the state
    /// less deep follows one that cut it deeper, and the other way round).
    pub fn set_big_above(&mut self, objects: usize) {
        self.big_above = objects;
    }

    /// The state's leaves (`state` is its text): cut `DEPTH` keys deep, or `BIG_DEPTH` in a
    /// big cluster.
    fn leaves<'t>(&self, c: &Cluster, state: &'t str) -> Vec<(Path, &'t str)> {
        let depth = if c.api.store().len() > self.big_above { BIG_DEPTH } else { DEPTH };
        let mut out = Vec::new();
        text_leaves(state, depth, &mut Vec::new(), &mut out);
        out
    }

    /// Each leaf's path and its text's fingerprint.
    fn fingerprints(&self, c: &Cluster, state: &str) -> BTreeMap<Path, u64> {
        crate::sort::map_from(self.leaves(c, state).into_iter().map(|(p, text)| (p, fnv(text))))
    }

    /// Whether the next save must be a base: nothing stored yet, or the store's watch log no
    /// longer holds every change since the last save (compacted, or not this cluster's).
    pub fn needs_base(&self, c: &Cluster) -> bool {
        match &self.stored {
            None => true,
            Some(s) => self.changed_since(c, s.rv).is_none(),
        }
    }

    /// Whether the journal has grown past its bound (the next save may fold it into a base).
    pub fn journal_full(&self) -> bool {
        self.stored.as_ref().is_some_and(|s| s.entries >= self.max_entries || s.journal_bytes > s.base_bytes.max(self.min_fold_bytes))
    }

    /// Entries stored after the base.
    pub fn entries(&self) -> usize {
        self.stored.as_ref().map_or(0, |s| s.entries)
    }

    /// What to store now: a base when one is needed (or `may_fold` and the journal is full),
    /// otherwise the next entry; `None` when nothing changed since the last save (or the cluster
    /// is between two keys of a settle, see [`Saver::begin`]). Written all at
    /// once: [`Saver::begin`] and [`Writing::finish`].
    pub fn next(&self, c: &Cluster, may_fold: bool) -> Option<Write> {
        self.begin(c, may_fold).map(Writing::finish)
    }

    /// [`Saver::next`] taken now and written later, a piece at a time ([`Writing::step`]): the
    /// cluster may move on meanwhile (objects are shared, never changed in place, and the state
    /// beside them is taken as text now). Until it is stored, no other save may begin — the next
    /// one begins after it, from what it stored.
    /// A cluster between two keys of a settle cut short (`Cluster::settling`) is not saved
    /// (`None`): restoring it would settle it from a fresh pass, not from where it stopped.
    pub fn begin(&self, c: &Cluster, may_fold: bool) -> Option<Writing> {
        if c.settling() {
            return None;
        }
        let stored = match &self.stored {
            Some(s) if !(self.needs_base(c) || may_fold && self.journal_full()) => s,
            _ => return Some(self.base(c)),
        };
        let changed = self.changed_since(c, stored.rv)?;
        // The leaves that changed, as the entry's `set` (their JSON texts), and all leaves now.
        let state = state_json(c);
        let mut sets: Vec<String> = Vec::new();
        let mut leaves_now = BTreeMap::new();
        for (path, text) in self.leaves(c, &state) {
            let fp = fnv(text);
            if stored.leaves.get(&path) != Some(&fp) {
                sets.push(format!("[{},{text}]", serde_json::to_string(&path).unwrap_or_default()));
            }
            leaves_now.insert(path, fp);
        }
        let unsets: Vec<&Path> = stored.leaves.keys().filter(|p| !leaves_now.contains_key(*p)).collect();
        if changed.is_empty() && sets.is_empty() && unsets.is_empty() {
            return None;
        }
        // Each object once, as it is now: gone from the store, it is deleted.
        let mut put = Vec::new();
        let mut del = Vec::new();
        for k in &changed {
            match c.api.store().get(k) {
                Some(o) => put.push(o.clone()),
                None => del.push((k.kind, &*k.namespace, &*k.name)),
            }
        }
        let head = format!("{{\"prev\":\"{}\",\"rv\":{},\"put\":[", stored.last, c.api.resource_version());
        let tail = format!(
            "],\"del\":{},\"unset\":{},\"set\":[{}]}}",
            serde_json::to_string(&del).unwrap_or_default(),
            serde_json::to_string(&unsets).unwrap_or_default(),
            sets.join(","),
        );
        Some(Writing::new(Target::Entry(stored.entries), c.api.resource_version(), leaves_now, head, put, tail))
    }

    /// The whole cluster, in the form `serde_json::to_string(c)` writes (a test holds them
    /// together): the server's objects first, then what `State` writes after `"api":{`.
    fn base(&self, c: &Cluster) -> Writing {
        let state = state_json(c);
        let leaves = self.fingerprints(c, &state);
        let rest = state.strip_prefix("{\"api\":{").unwrap_or_default();
        Writing::new(
            Target::Base,
            c.api.resource_version(),
            leaves,
            "{\"api\":{\"objects\":[".to_string(),
            c.api.store().values().cloned().collect(),
            format!("],{rest}"),
        )
    }

    /// The host stored `w`.
    pub fn stored(&mut self, w: &Write) {
        // What the save covered need not be named again.
        let watched = &mut self.watched;
        watched.changed.retain(|_, at| *at > w.rv);
        if watched.since <= w.rv {
            watched.since = w.rv;
            watched.read_to = watched.read_to.max(w.rv);
        }
        let fp = hex(w.fingerprint);
        match (w.target, &mut self.stored) {
            (Target::Entry(i), Some(s)) if i == s.entries => {
                s.rv = w.rv;
                s.entries += 1;
                s.journal_bytes += w.json.len();
                s.last = fp;
                s.leaves = w.leaves.clone();
            }
            (Target::Entry(_), _) => self.stored = None,
            (Target::Base, _) => {
                self.stored =
                    Some(Stored { rv: w.rv, entries: 0, journal_bytes: 0, base_bytes: w.json.len(), last: fp, leaves: w.leaves.clone() })
            }
        }
    }
}

/// A cluster read back from a base and its journal.
pub struct Restored {
    pub cluster: Cluster,
    /// Continues the journal where it ends (or writes a base first, if some was not applied).
    pub saver: Saver,
    /// Entries replayed.
    pub applied: usize,
    /// Why the journal was cut before its end, at the first entry not replayed.
    pub cut: Option<String>,
}

/// The cluster from a stored base and the entries stored after it, in order. An entry that does
/// not follow on from the text before it, or cannot be read, ends the replay there (the cluster
/// is the state the entries before it reached); only an unreadable base is an error.
pub fn restore(base: &str, entries: &[String]) -> Result<Restored, String> {
    restore_with(base, entries, Saver::default())
}

/// [`restore`] continuing with `saver`'s bounds.
pub fn restore_with(base: &str, entries: &[String], saver: Saver) -> Result<Restored, String> {
    let mut last = fingerprint(base);
    let mut doc: Map = serde_json::from_str(base).map_err(|e| e.to_string())?;
    let base_rv = doc.get("api").and_then(|a| a.get("resource_version")).and_then(Value::as_u64).unwrap_or(0);
    let mut rv = base_rv;
    let mut objects: Option<BTreeMap<(String, String, String), Value>> = None;
    let mut applied = 0;
    let mut journal_bytes = 0;
    let mut cut = None;
    for (i, text) in entries.iter().enumerate() {
        let entry: Entry = match serde_json::from_str(text) {
            Ok(e) => e,
            Err(e) => {
                cut = Some(format!("entry {i} unreadable: {e}"));
                break;
            }
        };
        if entry.prev != last {
            cut = Some(format!("entry {i} does not follow on from the one before it"));
            break;
        }
        let objects = objects.get_or_insert_with(|| {
            let list = doc.get_mut("api").and_then(|a| a.get_mut("objects")).map(Value::take);
            let list = match list {
                Some(Value::Array(list)) => list,
                _ => Default::default(),
            };
            crate::sort::map_from(list.into_iter().map(|o| {
                let (k, ns, n) = key_of(&o);
                ((k.to_string(), ns.to_string(), n.to_string()), o)
            }))
        });
        for k in entry.del {
            objects.remove(&k);
        }
        for o in entry.put {
            let (k, ns, n) = key_of(&o);
            objects.insert((k.to_string(), ns.to_string(), n.to_string()), o);
        }
        for path in &entry.unset {
            unset(&mut doc, path);
        }
        for (path, value) in entry.set {
            set(&mut doc, &path, value);
        }
        rv = entry.rv;
        last = fingerprint(text);
        journal_bytes += text.len();
        applied += 1;
    }
    if let Some(objects) = objects {
        if let Some(Value::Object(api)) = doc.get_mut("api") {
            api.insert("objects", Value::Array(objects.into_values().collect()));
        }
    }
    let cluster: Cluster = crate::json::from_value(Value::Object(doc)).map_err(|e| e.to_string())?;
    let cluster = cluster.restored();
    // The state's leaves as restored, for the next entry to compare with: restoring what is
    // stored gives this cluster, so a state equal to it needs nothing written.
    let leaves = saver.fingerprints(&cluster, &state_json(&cluster));
    let saver = Saver {
        // A cut journal leaves entries behind that must not follow ours: the next save is a base.
        stored: cut.is_none().then_some(Stored { rv, entries: applied, journal_bytes, base_bytes: base.len(), last, leaves }),
        ..saver
    };
    Ok(Restored { cluster, saver, applied, cut })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_is_everything_the_cluster_writes_but_the_objects() {
        let c = Cluster::new(3);
        let mut whole = crate::json::to_value(&c).unwrap();
        whole["api"].as_object_mut().unwrap().remove("objects");
        let state: Value = serde_json::from_str(&state_json(&c)).unwrap();
        assert_eq!(state, whole);
    }

    #[test]
    fn a_base_written_in_pieces_is_the_clusters_own_json() {
        let mut c = Cluster::new(3);
        c.advance(30_000);
        let whole = serde_json::to_string(&c).unwrap();
        let mut w = Saver::new().begin(&c, false).unwrap();
        assert_eq!(w.target(), Target::Base);
        let mut pieces = 0;
        while !w.step(2_000) {
            pieces += 1;
        }
        assert!(pieces > 3, "{pieces} pieces");
        let w = w.finish();
        assert_eq!(w.json, whole);
        assert_eq!(hex(w.fingerprint), fingerprint(&whole));
    }

    #[test]
    fn the_top_level_fields_are_found_by_scanning_the_text() {
        let text = r#" {"a":{"b":"}],\"{","c":[1,{"d":null}]} , "e\"f":"x\\","g":-1.5e3,"h":[],"i":{}}"#;
        let fields = top_level_fields(text).unwrap();
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["a", "e\"f", "g", "h", "i"]);
        let whole: Value = serde_json::from_str(text).unwrap();
        for (k, v) in &fields {
            assert_eq!(&serde_json::from_str::<Value>(v).unwrap(), &whole[k.as_str()], "{k}");
        }
        assert!(top_level_fields("[1]").is_none());
        assert!(top_level_fields("{\"a\":\"unterminated").is_none());
        // The cluster's own state: every field, each the text its value is written as.
        let mut c = Cluster::new(3);
        c.advance(30_000);
        let state = state_json(&c);
        let value: Value = serde_json::from_str(&state).unwrap();
        let mut fields = Vec::new();
        text_leaves(&state, 1, &mut Vec::new(), &mut fields);
        assert_eq!(fields.len(), value.as_object().unwrap().len());
        for (path, text) in fields {
            assert_eq!(value[path[0].as_str()], serde_json::from_str::<Value>(text).unwrap());
        }
    }
}
