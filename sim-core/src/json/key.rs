//! An object member's key, interned: one pointer wide, where a `CompactString` is three words.
//!
//! Every stored object's members are (key, value) pairs, and the keys of a cluster's hundreds of
//! thousands of maps are a few hundred texts (field names, label and annotation keys, resource
//! names) said again and again. Held as a pointer to one kept copy of the text, a member takes
//! 32 bytes instead of 48 (a fifth less memory for the large cluster), and a key's clone and
//! drop are a pointer's. Interning costs a table lookup, so it is done only where a key is
//! added, and `json!`'s literal keys are interned once per place in the code (`KeyCell`):
//! interned at every use, keys saved the memory but not the time (ARCHITECTURE.md, *Cost model*).
//!
//! Each thread keeps its own table (no lock on the way to a key): two threads can hold the same
//! text at two places, so equality compares the texts when the pointers differ, and order is
//! always the texts' (nothing depends on where a text was kept). Texts are kept for the life of
//! the process: they are the keys learners and controllers write, a set that grows with the
//! kinds of fields seen, not with the number of objects — unless a client gives each object a
//! key of its own (an annotation named after the object), the one case where the table grows
//! with what was written.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The text of an object member's key, kept once per thread. It reads as a `str`.
#[derive(Clone, Copy)]
pub struct MemberKey(&'static &'static str);

/// A hash of a key's text from its length and its first and last eight bytes: a few
/// instructions for any length (keys differ mostly at their ends: `f:name`, `k:{"type":"Ready"}`),
/// and the table compares the texts of any that collide. Keys are interned many times per
/// write, so this hash is most of what interning costs.
#[derive(Default)]
struct EndsHash(u64);

impl Hasher for EndsHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let word = |b: &[u8]| b.iter().rev().fold(0u64, |w, &x| (w << 8) | u64::from(x));
        let n = bytes.len();
        let (head, tail) = match (bytes.first_chunk::<8>(), bytes.last_chunk::<8>()) {
            (Some(head), Some(tail)) => (u64::from_le_bytes(*head), u64::from_le_bytes(*tail)),
            _ => (word(bytes), 0),
        };
        self.0 = (self.0.rotate_left(5) ^ head ^ tail.rotate_left(29) ^ n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u8(&mut self, _terminator: u8) {}
}

type Table = HashMap<&'static str, &'static &'static str, BuildHasherDefault<EndsHash>>;

thread_local! {
    static KEPT: RefCell<Table> = const { RefCell::new(HashMap::with_hasher(BuildHasherDefault::new())) };
}

static EMPTY: &str = "";

impl MemberKey {
    /// The key with this text: the kept copy, made the first time the text is seen here.
    pub fn new(text: &str) -> MemberKey {
        if text.is_empty() {
            return MemberKey(&EMPTY);
        }
        KEPT.with(|kept| {
            let mut kept = kept.borrow_mut();
            if let Some(slot) = kept.get(text) {
                return MemberKey(slot);
            }
            let text: &'static str = Box::leak(text.into());
            let slot: &'static &'static str = Box::leak(Box::new(text));
            kept.insert(text, slot);
            MemberKey(slot)
        })
    }

    pub fn as_str(&self) -> &'static str {
        self.0
    }
}

/// A literal key interned at its first use (`json!`'s keys): later uses read the key kept then,
/// on whichever thread (a kept text lives as long as the process, and keys compare by text).
#[doc(hidden)]
pub struct KeyCell {
    text: &'static str,
    key: std::sync::OnceLock<MemberKey>,
}

impl KeyCell {
    pub const fn new(text: &'static str) -> KeyCell {
        KeyCell { text, key: std::sync::OnceLock::new() }
    }

    #[inline]
    pub fn get(&self) -> MemberKey {
        *self.key.get_or_init(|| MemberKey::new(self.text))
    }
}

impl Default for MemberKey {
    fn default() -> Self {
        MemberKey(&EMPTY)
    }
}

impl std::ops::Deref for MemberKey {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for MemberKey {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl std::borrow::Borrow<str> for MemberKey {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl PartialEq for MemberKey {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for MemberKey {}

impl PartialEq<str> for MemberKey {
    fn eq(&self, other: &str) -> bool {
        text_eq(self.0.as_bytes(), other.as_bytes())
    }
}

impl PartialEq<String> for MemberKey {
    fn eq(&self, other: &String) -> bool {
        text_eq(self.0.as_bytes(), other.as_bytes())
    }
}

/// Byte equality that reads a text of up to 16 bytes as two overlapping words instead of
/// calling `memcmp`: a member lookup compares the key sought with each key of the same length
/// (`name`, `kind`, `spec`), and the call was most of the comparison's instructions (callgrind
/// counts 1.8% fewer for the 1,000-Job bench with `store::rest_cmp`; no wall-time change could
/// be measured). The wasm, built for size, compares the plain way (this is inlined into every
/// lookup).
fn text_eq(a: &[u8], b: &[u8]) -> bool {
    if cfg!(target_arch = "wasm32") {
        return a == b;
    }
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |t: &[u8], at: usize| u64::from_le_bytes(t[at..at + 8].try_into().expect("eight bytes"));
    let half = |t: &[u8], at: usize| u32::from_le_bytes(t[at..at + 4].try_into().expect("four bytes"));
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => a == b,
    }
}

/// The order of two texts (`str`'s, byte by byte), decided by the first bytes where they differ
/// without calling `memcmp`: a map's binary search, `json!`'s check that its members come sorted
/// and the sort itself compare member keys many times per write, and two keys mostly differ at
/// once (`kind`, `metadata`, `spec`). The call was most of such a comparison's instructions.
#[inline]
pub fn text_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.as_bytes().first(), b.as_bytes().first()) {
        (Some(x), Some(y)) if x != y => x.cmp(y),
        _ => a.cmp(b),
    }
}

impl Ord for MemberKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if std::ptr::eq(self.0, other.0) {
            std::cmp::Ordering::Equal
        } else {
            text_cmp(self.0, other.0)
        }
    }
}

impl PartialOrd for MemberKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::hash::Hash for MemberKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl fmt::Debug for MemberKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(*self.0, f)
    }
}

impl fmt::Display for MemberKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl From<&str> for MemberKey {
    fn from(s: &str) -> Self {
        MemberKey::new(s)
    }
}

impl From<String> for MemberKey {
    fn from(s: String) -> Self {
        MemberKey::new(&s)
    }
}

impl From<compact_str::CompactString> for MemberKey {
    fn from(s: compact_str::CompactString) -> Self {
        MemberKey::new(&s)
    }
}

impl From<MemberKey> for String {
    fn from(k: MemberKey) -> Self {
        k.as_str().to_string()
    }
}

impl serde::Serialize for MemberKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_cmp_is_the_order_of_str() {
        // For every length up to 20: a text of one letter, and that text with its first, middle
        // or last byte made a zero byte, a greater letter, or a byte over 0x7f; each against
        // every other.
        let mut texts = vec![String::new()];
        for n in 1..=20 {
            texts.push("a".repeat(n));
            for at in [0, n / 2, n - 1] {
                for c in ["\0", "b", "\u{80}"] {
                    texts.push(format!("{}{c}{}", "a".repeat(at), "a".repeat(n - at - 1)));
                }
            }
        }
        for a in &texts {
            for b in &texts {
                assert_eq!(text_cmp(a, b), a.cmp(b), "{a:?} against {b:?}");
            }
        }
    }

    /// `text_eq` is byte equality: for every length up to 20, a text against itself, against
    /// every one-byte change of it, and against itself one byte shorter or longer.
    #[test]
    fn text_eq_is_byte_equality() {
        for n in 0..=20usize {
            let text: Vec<u8> = (0..n).map(|i| b'a' + (i * 7 % 26) as u8).collect();
            assert!(text_eq(&text, &text.clone()));
            for at in 0..n {
                for byte in [0u8, b'z', 0xff] {
                    let mut other = text.clone();
                    other[at] = byte;
                    assert_eq!(text_eq(&text, &other), text == other, "length {n}, byte {at} as {byte}");
                }
            }
            let mut longer = text.clone();
            longer.push(0);
            assert!(!text_eq(&text, &longer) && !text_eq(&longer, &text));
        }
    }

    #[test]
    fn one_text_is_kept_once_and_keys_order_as_their_texts() {
        let a = MemberKey::new("metadata");
        let b = MemberKey::from(String::from("metadata"));
        assert!(std::ptr::eq(a.0, b.0), "the same text is the same kept copy");
        assert_eq!(a, b);
        assert_eq!(&*a, "metadata");
        let mut keys: Vec<MemberKey> = ["spec", "apiVersion", "", "kind", "metadata"].into_iter().map(MemberKey::new).collect();
        keys.sort();
        assert_eq!(keys.iter().map(|k| k.as_str()).collect::<Vec<_>>(), ["", "apiVersion", "kind", "metadata", "spec"]);
        assert_eq!(MemberKey::default(), MemberKey::new(""));
        #[cfg(target_pointer_width = "64")]
        assert_eq!(std::mem::size_of::<(MemberKey, crate::json::Value)>(), 32, "a member is a pointer and a value");
    }

    #[test]
    fn keys_kept_by_two_threads_are_equal() {
        let here = MemberKey::new("status");
        let there = std::thread::spawn(|| MemberKey::new("status")).join().unwrap();
        assert!(!std::ptr::eq(here.0, there.0), "each thread keeps its own copy");
        assert_eq!(here, there);
        assert_eq!(here.cmp(&there), std::cmp::Ordering::Equal);
    }
}
