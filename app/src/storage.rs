//! Everything the learner has, kept in local storage under one key, so a reload restores it.

use crate::i18n::Lang;
use crate::speed::Speed;
use crate::terminal::{Line, Terminal};
use serde::{Deserialize, Serialize};
use sim_core::cluster::persist::{self, Saver, Target};
use sim_core::cluster::Cluster;
use sim_core::lab::progress::Progress;
use sim_core::shell::ShellState;
use std::collections::BTreeMap;

thread_local! {
    /// The lab whose state is read and written: each lab keeps its own, so opening another lab
    /// (`?lab=`) does not erase this one.
    static LAB: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// Another tab saved this lab after this one: this tab stops writing, so it cannot
    /// overwrite the newer state with its older one.
    static SUPERSEDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// When a big cluster was last saved (`Date.now()`), and whether the last save failed.
    static BIG_SAVED_AT: std::cell::Cell<f64> = const { std::cell::Cell::new(f64::NEG_INFINITY) };
    static CLUSTER_NOT_SAVED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// What is stored of the cluster: a save writes a journal entry of what changed since.
    static SAVER: std::cell::RefCell<Saver> = std::cell::RefCell::new(Saver::new());
    /// When a big cluster's last journal entry was written (`Date.now()`).
    static BIG_ENTRY_AT: std::cell::Cell<f64> = const { std::cell::Cell::new(f64::NEG_INFINITY) };
    /// A big cluster's save being written a piece at a time (`save_some`).
    static PENDING: std::cell::RefCell<Option<Pending>> = const { std::cell::RefCell::new(None) };
}

/// A big cluster's save in progress: taken at one instant (`Saver::begin`), then written,
/// compressed and stored over several tasks, so no task of the page holds a key press for the
/// whole of it (serialising a big cluster takes the page a few hundred milliseconds).
struct Pending {
    writing: persist::Writing,
    deflating: Deflating,
    /// A save was asked for meanwhile: the next begins once this one is stored.
    again: bool,
}

/// Raw deflate (what `cluster_json` inflates) of a text fed to it as it grows.
struct Deflating {
    compressor: Box<miniz_oxide::deflate::core::CompressorOxide>,
    out: Vec<u8>,
    len: usize,
    /// Bytes of the text fed so far.
    fed: usize,
}

impl Deflating {
    fn new() -> Self {
        use miniz_oxide::deflate::core::{create_comp_flags_from_zip_params, CompressorOxide};
        // Level 1, no zlib wrapper: as `miniz_oxide::deflate::compress_to_vec(_, 1)`.
        let flags = create_comp_flags_from_zip_params(1, 0, 0);
        Deflating { compressor: Box::new(CompressorOxide::new(flags)), out: Vec::new(), len: 0, fed: 0 }
    }

    /// Compresses what of `text` is new since the last call; `finish` ends the stream.
    fn feed(&mut self, text: &[u8], finish: bool) {
        use miniz_oxide::deflate::core::{compress, TDEFLFlush, TDEFLStatus};
        let flush = if finish { TDEFLFlush::Finish } else { TDEFLFlush::None };
        let mut input = &text[self.fed.min(text.len())..];
        self.fed = text.len();
        loop {
            if self.out.len() - self.len < 4096 {
                self.out.resize((self.out.len() * 2).max(64 * 1024), 0);
            }
            let room = self.out.len() - self.len;
            let (status, used, wrote) = compress(&mut self.compressor, input, &mut self.out[self.len..], flush);
            self.len += wrote;
            input = &input[used.min(input.len())..];
            match status {
                TDEFLStatus::Done => break,
                TDEFLStatus::Okay if input.is_empty() && wrote < room && !finish => break,
                TDEFLStatus::Okay => {}
                // Cannot happen with valid flags; the save is then written uncompressed.
                _ => {
                    self.len = usize::MAX;
                    break;
                }
            }
        }
    }

    /// The stored form: `deflate:` and base64, or `None` if compressing failed.
    fn stored_text(mut self) -> Option<String> {
        use base64::Engine;
        if self.len == usize::MAX {
            return None;
        }
        self.out.truncate(self.len);
        Some(format!("{DEFLATED}{}", base64::engine::general_purpose::STANDARD.encode(&self.out)))
    }
}

/// A big cluster (`persist::BIG_CLUSTER_OBJECTS`) is saved a piece at a time (`save_some`) and
/// compressed; its base at most every `BIG_SAVE_EVERY_MS`, its journal entries at most every
/// `BIG_ENTRY_EVERY_MS` (time running in a busy cluster changes objects every tick; an entry
/// written less often names each of them once).
const BIG_SAVE_EVERY_MS: f64 = 60_000.0;
const BIG_ENTRY_EVERY_MS: f64 = 5_000.0;
/// A journal entry longer than this is stored compressed.
const DEFLATE_ENTRY_ABOVE: usize = 16 * 1024;
/// The prefix of a compressed saved cluster (deflate, then base64).
const DEFLATED: &str = "deflate:";

/// Whether the last attempt to save the cluster failed (the browser's storage is full).
pub fn cluster_not_saved() -> bool {
    CLUSTER_NOT_SAVED.with(std::cell::Cell::get)
}

/// Whether a storage key (from another tab's `storage` event) is this lab's state.
pub fn is_this_labs_key(k: &str) -> bool {
    k == key() || k == cluster_key() || k.starts_with(&entry_prefix())
}

/// From now on this tab writes nothing (another tab holds the newer state).
pub fn stop_saving() {
    SUPERSEDED.with(|s| s.set(true));
    PENDING.with(|p| p.borrow_mut().take());
}

fn superseded() -> bool {
    SUPERSEDED.with(std::cell::Cell::get)
}

/// Chooses the lab whose saved state the other functions use.
pub fn use_lab(id: &str) {
    LAB.with(|l| *l.borrow_mut() = id.to_string());
    // Whatever cluster is saved next starts that lab's storage afresh: a base first.
    SAVER.with(|s| *s.borrow_mut() = Saver::new());
    PENDING.with(|p| p.borrow_mut().take());
}

/// The session's key: the default lab keeps the key it had before labs existed.
fn key() -> String {
    LAB.with(|l| {
        let id = l.borrow();
        if id.is_empty() || *id == sim_core::lab::DEFAULT_LAB {
            "kueue-lab:v1".to_string()
        } else {
            format!("kueue-lab:v1:lab:{id}")
        }
    })
}

/// The simulated cluster, saved separately (it is larger and changes only with commands and time):
/// its base (the whole cluster, the form earlier versions saved) under this key…
fn cluster_key() -> String {
    key() + ":cluster"
}

/// …and the journal's entries after it (`cluster::persist`) under this prefix and their index.
fn entry_prefix() -> String {
    cluster_key() + ":j:"
}

/// Where an unreadable saved state is moved, so nothing is silently thrown away.
fn backup_key() -> String {
    key() + ":unreadable"
}
/// Scrollback lines kept across reloads.
const SAVED_SCROLLBACK: usize = 400;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Saved {
    pub shell: ShellState,
    pub tabs: Vec<String>,
    pub active: Option<String>,
    pub lang: Lang,
    pub scrollback: Vec<Line>,
    #[serde(default)]
    pub pending: Vec<String>,
    #[serde(default)]
    pub line: String,
    #[serde(default)]
    pub lab: LabSaved,
}

/// The learner's progress through the lab and the pane's settings.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct LabSaved {
    /// The lab's id (empty in states saved before labs existed: the default lab).
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub progress: Progress,
    /// Hints revealed per step.
    #[serde(default)]
    pub hints: BTreeMap<String, usize>,
    /// The reference solution was shown whole (states saved before it was shown per step).
    #[serde(default)]
    pub solution_shown: bool,
    /// Steps whose part of the reference solution the learner chose to see.
    #[serde(default)]
    pub solutions_shown: std::collections::BTreeSet<String>,
    #[serde(default)]
    pub speed: Speed,
}

/// Everything, as one document: what Export writes and Import reads (file or URL).
#[derive(Serialize, Deserialize)]
pub struct Snapshot {
    /// Always `kueue-lab-state`, so a wrong file is recognised as such.
    pub format: String,
    pub version: u32,
    pub saved: Saved,
    pub cluster: sim_core::json::Value,
}

pub const SNAPSHOT_FORMAT: &str = "kueue-lab-state";
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn load() -> Option<Saved> {
    let storage = local_storage()?;
    let raw = storage.get_item(&key()).ok().flatten()?;
    match serde_json::from_str(&raw) {
        Ok(s) => Some(s),
        Err(e) => {
            web_sys::console::warn_1(&format!("kueue-lab: saved state unreadable ({e}); kept under {}", backup_key()).into());
            let _ = storage.set_item(&backup_key(), &raw);
            None
        }
    }
}

/// The saved form of what the learner has now.
pub fn saved(shell: &ShellState, term: &Terminal, tabs: &[String], active: Option<&String>, lang: Lang, lab: LabSaved) -> Saved {
    let start = term.scrollback.len().saturating_sub(SAVED_SCROLLBACK);
    Saved {
        shell: shell.clone(),
        tabs: tabs.to_vec(),
        active: active.cloned(),
        lang,
        scrollback: term.scrollback[start..].to_vec(),
        pending: term.pending.clone(),
        line: term.line.clone(),
        lab,
    }
}

pub fn save(saved: &Saved) {
    let Some(storage) = local_storage().filter(|_| !superseded()) else { return };
    if let Ok(json) = serde_json::to_string(saved) {
        if let Err(e) = storage.set_item(&key(), &json) {
            web_sys::console::error_2(&"kueue-lab: could not save".into(), &e);
        }
    }
}

pub fn clear() {
    SAVER.with(|s| *s.borrow_mut() = Saver::new());
    PENDING.with(|p| p.borrow_mut().take());
    if let Some(storage) = local_storage().filter(|_| !superseded()) {
        let _ = storage.remove_item(&key());
        let _ = storage.remove_item(&cluster_key());
        remove_entries(&storage);
    }
}

/// Drops the journal's entries (a new base has replaced them, or the state is reset).
fn remove_entries(storage: &web_sys::Storage) {
    let prefix = entry_prefix();
    let keys: Vec<String> =
        (0..storage.length().unwrap_or(0)).filter_map(|i| storage.key(i).ok().flatten()).filter(|k| k.starts_with(&prefix)).collect();
    for k in keys {
        let _ = storage.remove_item(&k);
    }
}

/// A text in its stored compressed form (`Deflating`, all at once), or as it is if that fails.
fn deflated(json: &str) -> String {
    let mut d = Deflating::new();
    d.feed(json.as_bytes(), true);
    d.stored_text().unwrap_or_else(|| json.to_string())
}

/// Saves what changed in the cluster since the last save: a journal entry of the objects that
/// changed and what changed of the state beside them, or — first, after the watch log moved past
/// the last save, or when the journal is long — the whole cluster as a new base
/// (`cluster::persist`). A big cluster's save is only begun here and written by `save_some`.
/// Nothing is saved while a settle is cut short (the page saves after a slice that settles).
pub fn save_cluster(cluster: &Cluster) {
    if superseded() || local_storage().is_none() || cluster.settling() {
        return;
    }
    watch_cluster(cluster);
    if PENDING.with(|p| p.borrow_mut().as_mut().map(|p| p.again = true).is_some()) {
        return;
    }
    let big = cluster.api.store().len() > persist::BIG_CLUSTER_OBJECTS;
    let now = js_sys::Date::now();
    let may_base = !big || now - BIG_SAVED_AT.with(std::cell::Cell::get) >= BIG_SAVE_EVERY_MS;
    let writing = SAVER.with(|s| {
        let s = s.borrow();
        let needs_base = s.needs_base(cluster);
        if (needs_base && !may_base) || (big && !needs_base && now - BIG_ENTRY_AT.with(std::cell::Cell::get) < BIG_ENTRY_EVERY_MS) {
            return None;
        }
        s.begin(cluster, may_base)
    });
    let Some(writing) = writing else { return };
    if big {
        PENDING.with(|p| *p.borrow_mut() = Some(Pending { writing, deflating: Deflating::new(), again: false }));
        return;
    }
    let write = writing.finish();
    let text = match write.target {
        Target::Entry(_) if write.json.len() > DEFLATE_ENTRY_ABOVE => deflated(&write.json),
        _ => write.json.clone(),
    };
    store_cluster(&write, text, false);
}

/// Reads what changed in the cluster since the last look, for the next save (`Saver::watch`):
/// a big cluster's log drops changes faster than it may be saved.
pub fn watch_cluster(cluster: &Cluster) {
    if superseded() || local_storage().is_none() {
        return;
    }
    SAVER.with(|s| s.borrow_mut().watch(cluster));
}

/// Whether a big cluster's save is being written (`save_some` has more to do).
pub fn saving() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}

/// Writes some more of a big cluster's save, until `now()` reaches `deadline` (milliseconds);
/// stores it once written (and begins the next, if one was asked for meanwhile). True while
/// there is more to write.
pub fn save_some(cluster: &Cluster, now: impl Fn() -> f64, deadline: f64) -> bool {
    let done = PENDING.with(|p| {
        let mut p = p.borrow_mut();
        let pending = p.as_mut()?;
        loop {
            let whole = pending.writing.step(SAVE_PIECE_BYTES);
            pending.deflating.feed(pending.writing.text().as_bytes(), whole);
            if whole {
                return p.take();
            }
            if now() >= deadline {
                return None;
            }
        }
    });
    let Some(Pending { writing, deflating, again }) = done else { return saving() };
    if superseded() {
        return false;
    }
    let write = writing.finish();
    let text = match (write.target, deflating.stored_text()) {
        (Target::Entry(_), _) if write.json.len() <= DEFLATE_ENTRY_ABOVE => write.json.clone(),
        (_, Some(packed)) => packed,
        (_, None) => write.json.clone(),
    };
    store_cluster(&write, text, true);
    if again {
        save_cluster(cluster);
    }
    saving()
}

/// How much of a big save's text `save_some` writes between looks at the clock.
const SAVE_PIECE_BYTES: usize = 32 * 1024;

/// Stores a save's text and tells the saver, or — if the browser refuses it — notes that the
/// cluster is not saved.
fn store_cluster(write: &persist::Write, text: String, big: bool) {
    let Some(storage) = local_storage() else { return };
    let key = match write.target {
        Target::Base => cluster_key(),
        Target::Entry(i) => format!("{}{i}", entry_prefix()),
    };
    let now = js_sys::Date::now();
    let failed = storage.set_item(&key, &text).is_err();
    if failed {
        web_sys::console::error_1(&format!("kueue-lab: could not save the cluster ({} characters)", text.len()).into());
        if matches!(write.target, Target::Entry(_)) {
            // Perhaps the journal filled the storage: try a new base next, which replaces it (if
            // that fails too, the base and journal stored so far still restore).
            SAVER.with(|s| *s.borrow_mut() = Saver::new());
        }
    } else {
        if write.target == Target::Base {
            remove_entries(&storage);
            if big {
                BIG_SAVED_AT.with(|t| t.set(now));
            }
        }
        if big {
            BIG_ENTRY_AT.with(|t| t.set(now));
        }
        SAVER.with(|s| s.borrow_mut().stored(write));
    }
    CLUSTER_NOT_SAVED.with(|c| c.set(failed));
}

/// A saved cluster's JSON, inflating a compressed one.
fn cluster_json(raw: String) -> Result<String, String> {
    let Some(packed) = raw.strip_prefix(DEFLATED) else { return Ok(raw) };
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD.decode(packed).map_err(|e| e.to_string())?;
    let json = miniz_oxide::inflate::decompress_to_vec(&bytes).map_err(|e| format!("{e:?}"))?;
    String::from_utf8(json).map_err(|e| e.to_string())
}

/// The saved cluster, if there is a readable one: its base with the journal replayed.
pub fn load_cluster() -> Option<Cluster> {
    let storage = local_storage()?;
    let raw = storage.get_item(&cluster_key()).ok().flatten()?;
    let raw_entries: Vec<String> = (0..).map_while(|i| storage.get_item(&format!("{}{i}", entry_prefix())).ok().flatten()).collect();
    // An entry that does not inflate stays as it is: the replay stops there as at unreadable JSON.
    let entries: Vec<String> = raw_entries.iter().map(|r| cluster_json(r.clone()).unwrap_or_else(|_| r.clone())).collect();
    match cluster_json(raw.clone()).and_then(|json| persist::restore(&json, &entries)) {
        Ok(r) => {
            if let Some(why) = &r.cut {
                // What was not replayed is kept aside, never dropped.
                web_sys::console::warn_1(
                    &format!(
                        "kueue-lab: saved cluster's journal not replayed past entry {} ({why}); kept under {}:unreadable:j:",
                        r.applied,
                        cluster_key()
                    )
                    .into(),
                );
                for (i, text) in raw_entries.iter().enumerate().skip(r.applied) {
                    let _ = storage.set_item(&format!("{}:unreadable:j:{i}", cluster_key()), text);
                }
            }
            SAVER.with(|s| *s.borrow_mut() = r.saver);
            PENDING.with(|p| p.borrow_mut().take());
            Some(r.cluster)
        }
        Err(e) => {
            web_sys::console::warn_1(&format!("kueue-lab: saved cluster unreadable ({e}); kept under {}:unreadable", cluster_key()).into());
            let _ = storage.set_item(&format!("{}:unreadable", cluster_key()), &raw);
            None
        }
    }
}

/// A snapshot as it travelled in a URL fragment before short links: the whole snapshot's JSON,
/// deflated, in URL-safe base64. Still read (old links keep working); tests write it.
#[cfg(test)]
pub fn to_url_fragment(json: &str) -> String {
    use base64::Engine;
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
}

/// The start of a short link's fragment (`.` is not a base64url character, so the older form,
/// plain base64url, never starts so).
const SHARE_V2: &str = "v2.";
/// The scrollback lines a link carries (an exported file keeps all that is saved).
const SHARE_SCROLLBACK: usize = 60;

fn objects_of(cluster: &Cluster) -> Vec<sim_core::json::Value> {
    let value = sim_core::json::to_value(cluster).unwrap_or_default();
    value.pointer("/api/objects").and_then(sim_core::json::Value::as_array).map(|a| a.to_vec()).unwrap_or_default()
}

/// A link's fragment in the short form: the snapshot with every object that is unchanged from the
/// lab's fresh cluster (`base`, the same every learner starts from) named by its place there
/// instead of written out, and the last lines of the scrollback; deflated, base64url, after `v2.`.
pub fn to_share_fragment(saved: &Saved, cluster: &Cluster, base: &Cluster) -> String {
    use base64::Engine;
    let mut saved = saved.clone();
    let cut = saved.scrollback.len().saturating_sub(SHARE_SCROLLBACK);
    saved.scrollback.drain(..cut);
    let base_objects = objects_of(base);
    let index: std::collections::HashMap<String, usize> = base_objects.iter().enumerate().map(|(i, o)| (o.to_string(), i)).collect();
    let mut cluster_value = sim_core::json::to_value(cluster).unwrap_or_default();
    let mut kept = Vec::new();
    if let Some(objects) = cluster_value.pointer_mut("/api/objects").and_then(sim_core::json::Value::as_array_mut) {
        objects.retain(|o| match index.get(&o.to_string()) {
            Some(&i) => {
                kept.push(i);
                false
            }
            None => true,
        });
    }
    let base_text = sim_core::json::Value::Array(base_objects.into()).to_string();
    let doc = serde_json::json!({
        "format": SNAPSHOT_FORMAT,
        "version": 2,
        "saved": saved,
        "cluster": cluster_value,
        "base": {"fingerprint": persist::fingerprint(&base_text), "kept": kept},
    });
    let packed = miniz_oxide::deflate::compress_to_vec(doc.to_string().as_bytes(), 9);
    format!("{SHARE_V2}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed))
}

/// The snapshot's JSON (as [`read_snapshot`] reads it) from a link's fragment, short or of the
/// older form; `base_for(lab id)` gives the fresh cluster a short link was made against. The
/// error says why it cannot be read.
pub fn from_url_fragment(fragment: &str, base_for: impl Fn(&str) -> Option<Cluster>) -> Result<String, String> {
    use base64::Engine;
    let fragment = fragment.trim();
    let (short, data) = match fragment.strip_prefix(SHARE_V2) {
        Some(rest) => (true, rest),
        None => (false, fragment),
    };
    let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(data).map_err(|e| e.to_string())?;
    // A bound on what a fragment may unpack to, so a hostile link cannot exhaust memory.
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, 64 << 20).map_err(|e| format!("{e:?}"))?;
    let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
    if !short {
        return Ok(text);
    }
    let mut doc: sim_core::json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let lab = doc.pointer("/saved/lab/id").and_then(sim_core::json::Value::as_str).unwrap_or("").to_string();
    let base = base_for(&lab).ok_or_else(|| format!("이 앱에 없는 실습입니다 / no such lab here: {lab}"))?;
    let base_objects = objects_of(&base);
    let base_text = sim_core::json::Value::Array(base_objects.clone().into()).to_string();
    if doc.pointer("/base/fingerprint").and_then(sim_core::json::Value::as_str) != Some(persist::fingerprint(&base_text).as_str()) {
        return Err("다른 버전의 앱이 만든 링크입니다 (시작 클러스터가 다릅니다) / the link was made by another version of the app (its starting cluster differs)".to_string());
    }
    let kept: Vec<usize> = doc
        .pointer("/base/kept")
        .and_then(sim_core::json::Value::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_u64()).map(|v| v as usize).collect())
        .unwrap_or_default();
    let objects = doc.pointer_mut("/cluster/api/objects").and_then(sim_core::json::Value::as_array_mut).ok_or("no objects in the link")?;
    for i in kept {
        objects.push(base_objects.get(i).cloned().ok_or("the link names an object the starting cluster lacks")?);
    }
    if let Some(map) = doc.as_object_mut() {
        map.remove("base");
        map.insert("version", 1.into());
    }
    Ok(doc.to_string())
}

/// Reads an exported snapshot: the saved session and its cluster.
pub fn read_snapshot(json: &str) -> Result<(Saved, Cluster), String> {
    let snap: Snapshot = serde_json::from_str(json).map_err(|e| e.to_string())?;
    if snap.format != SNAPSHOT_FORMAT {
        return Err(format!("not a Kueue Lab state (format {:?})", snap.format));
    }
    if snap.version != 1 {
        return Err(format!("state version {} is newer than this app", snap.version));
    }
    let cluster = Cluster::restore(&snap.cluster.to_string())?;
    Ok((snap.saved, cluster))
}

pub fn write_snapshot(saved: &Saved, cluster: &Cluster) -> String {
    let snap = Snapshot {
        format: SNAPSHOT_FORMAT.to_string(),
        version: 1,
        saved: saved.clone(),
        cluster: sim_core::json::to_value(cluster).unwrap_or_default(),
    };
    serde_json::to_string(&snap).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::lab::Lab;
    use sim_core::session::lab_session;

    fn fresh() -> Cluster {
        lab_session(&Lab::bundled("kueue-gpu-quota").unwrap().unwrap(), 2026).1
    }

    #[test]
    fn a_short_link_carries_the_whole_state_in_two_thirds_of_the_old_length_at_most() {
        let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
        let (mut sh, mut cluster) = lab_session(&lab, 2026);
        let mut term = Terminal::default();
        for r in sim_core::transcript::run(&mut sh, &mut cluster, &lab.solution, 1000) {
            term.push(crate::terminal::LineKind::Input, &format!("$ {}\n", r.input));
            term.push(crate::terminal::LineKind::Stdout, &r.output);
        }
        let lab_saved = LabSaved { id: lab.id.clone(), ..Default::default() };
        let saved = saved(&sh.state, &term, &[], None, Lang::En, lab_saved);
        let old = to_url_fragment(&write_snapshot(&saved, &cluster));
        let short = to_share_fragment(&saved, &cluster, &fresh());
        assert!(short.len() * 3 < old.len() * 2, "short {} vs old {}", short.len(), old.len());
        // Both forms open the same cluster and files.
        let (from_short, c_short) = read_snapshot(&from_url_fragment(&short, |_| Some(fresh())).unwrap()).unwrap();
        let (from_old, c_old) = read_snapshot(&from_url_fragment(&old, |_| None).unwrap()).unwrap();
        let objects = |c: &Cluster| {
            let mut v: Vec<String> = objects_of(c).iter().map(|o| o.to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(objects(&c_short), objects(&cluster));
        assert_eq!(objects(&c_old), objects(&cluster));
        assert_eq!(from_short.shell, from_old.shell);
        assert_eq!(from_short.scrollback.len(), SHARE_SCROLLBACK);
        // A link made against another starting cluster is refused, not half-loaded.
        let other = lab_session(&lab, 7).1;
        assert!(from_url_fragment(&short, |_| Some(other.clone())).unwrap_err().contains("another version"));
        assert!(from_url_fragment("v2.!!", |_| Some(fresh())).is_err());
    }

    #[test]
    fn a_text_deflated_as_it_grows_inflates_to_the_whole_text() {
        let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
        let (mut sh, mut cluster) = lab_session(&lab, 2026);
        sim_core::transcript::run(&mut sh, &mut cluster, &lab.solution, 1000);
        let mut w = Saver::new().begin(&cluster, true).unwrap();
        let mut d = Deflating::new();
        let mut pieces = 0;
        loop {
            let whole = w.step(3_000);
            d.feed(w.text().as_bytes(), whole);
            pieces += 1;
            if whole {
                break;
            }
        }
        assert!(pieces > 10, "{pieces} pieces");
        let json = w.finish().json;
        let stored = d.stored_text().unwrap();
        assert!(stored.len() * 3 < json.len(), "compressed {} of {}", stored.len(), json.len());
        assert!(cluster_json(stored).unwrap() == json);
    }
}
