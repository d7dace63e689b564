//! A JSON object's members as one sorted vector: what serde_json's `Map` does with a B-tree, in
//! one allocation. An object of a Kubernetes resource has a handful of keys; a B-tree gives each
//! map, however small, a 632-byte node, and the store keeps hundreds of thousands of maps.
//! Keys stay sorted (serde_json's order without `preserve_order`), so what is printed is the same.

use super::Value;
use std::fmt;

/// The text of a JSON string or an object's key: up to 24 bytes inline (12 in wasm32, where it
/// is three 4-byte words), which natively holds nearly every field name, label key, name and
/// timestamp without allocating. It reads as a `str`.
pub type JsonStr = compact_str::CompactString;

/// The members of a JSON object, sorted by key, each key once. (The type parameters are there
/// so that `Map` reads as serde_json's does; only `Map<JsonStr, Value>` is implemented.)
#[derive(Clone, PartialEq, Eq)]
pub struct Map<K = JsonStr, V = Value> {
    entries: Vec<(K, V)>,
}

impl Default for Map {
    fn default() -> Self {
        Map::new()
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

type Pair = (JsonStr, Value);

fn pair_ref(p: &Pair) -> (&JsonStr, &Value) {
    (&p.0, &p.1)
}

fn pair_mut(p: &mut Pair) -> (&JsonStr, &mut Value) {
    (&p.0, &mut p.1)
}

pub type Iter<'a> = std::iter::Map<std::slice::Iter<'a, Pair>, fn(&'a Pair) -> (&'a JsonStr, &'a Value)>;
pub type IterMut<'a> = std::iter::Map<std::slice::IterMut<'a, Pair>, fn(&'a mut Pair) -> (&'a JsonStr, &'a mut Value)>;
pub type Keys<'a> = std::iter::Map<std::slice::Iter<'a, Pair>, fn(&'a Pair) -> &'a JsonStr>;
pub type Values<'a> = std::iter::Map<std::slice::Iter<'a, Pair>, fn(&'a Pair) -> &'a Value>;
pub type ValuesMut<'a> = std::iter::Map<std::slice::IterMut<'a, Pair>, fn(&'a mut Pair) -> &'a mut Value>;
pub type IntoIter = std::vec::IntoIter<Pair>;

impl Map {
    pub const fn new() -> Self {
        Map { entries: Vec::new() }
    }

    pub fn with_capacity(n: usize) -> Self {
        Map { entries: Vec::with_capacity(n) }
    }

    /// Where `key` is, or where it would go.
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    /// Where `key` is. Most objects have a few members, and most keys differ from the one sought
    /// in length: a scan comparing lengths first reads fewer bytes than a binary search, whose
    /// every step is a byte comparison.
    fn position(&self, key: &str) -> Option<usize> {
        if self.entries.len() <= 16 {
            self.entries.iter().position(|(k, _)| k == key)
        } else {
            self.find(key).ok()
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn clear(&mut self) {
        self.entries.clear()
    }

    pub fn get<Q: AsRef<str> + ?Sized>(&self, key: &Q) -> Option<&Value> {
        self.position(key.as_ref()).map(|i| &self.entries[i].1)
    }

    pub fn get_mut<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<&mut Value> {
        self.position(key.as_ref()).map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key<Q: AsRef<str> + ?Sized>(&self, key: &Q) -> bool {
        self.position(key.as_ref()).is_some()
    }

    /// Sets `key` to `value`, answering the value it replaced.
    pub fn insert(&mut self, key: impl Into<JsonStr>, value: Value) -> Option<Value> {
        let key = key.into();
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<Value> {
        self.remove_entry(key).map(|(_, v)| v)
    }

    pub fn remove_entry<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<(JsonStr, Value)> {
        self.position(key.as_ref()).map(|i| self.entries.remove(i))
    }

    pub fn entry<S: Into<JsonStr>>(&mut self, key: S) -> Entry<'_> {
        let key = key.into();
        match self.find(&key) {
            Ok(index) => Entry::Occupied(OccupiedEntry { map: self, index }),
            Err(index) => Entry::Vacant(VacantEntry { map: self, index, key }),
        }
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = Value> {
        self.entries.into_iter().map(|(_, v)| v)
    }

    pub fn retain<F: FnMut(&JsonStr, &mut Value) -> bool>(&mut self, mut keep: F) {
        self.entries.retain_mut(|(k, v)| keep(k, v))
    }

    pub fn iter(&self) -> Iter<'_> {
        self.entries.iter().map(pair_ref as fn(&Pair) -> (&JsonStr, &Value))
    }

    pub fn iter_mut(&mut self) -> IterMut<'_> {
        self.entries.iter_mut().map(pair_mut as fn(&mut Pair) -> (&JsonStr, &mut Value))
    }

    pub fn keys(&self) -> Keys<'_> {
        self.entries.iter().map((|p| &p.0) as fn(&Pair) -> &JsonStr)
    }

    pub fn values(&self) -> Values<'_> {
        self.entries.iter().map((|p| &p.1) as fn(&Pair) -> &Value)
    }

    pub fn values_mut(&mut self) -> ValuesMut<'_> {
        self.entries.iter_mut().map((|p| &mut p.1) as fn(&mut Pair) -> &mut Value)
    }

    /// A map from members in any order; a key given twice keeps its last value (as serde_json's
    /// map does when it reads an object). `json!` builds its objects with this.
    pub fn from_members(mut entries: Vec<Pair>) -> Map {
        if !entries.is_sorted_by(|a, b| a.0 < b.0) {
            entries.sort_by(|a, b| a.0.cmp(&b.0)); // stable: equal keys keep their order
            let mut deduped: Vec<Pair> = Vec::with_capacity(entries.len());
            for pair in entries {
                match deduped.last_mut() {
                    Some(last) if last.0 == pair.0 => *last = pair,
                    _ => deduped.push(pair),
                }
            }
            entries = deduped;
        }
        // Kept objects live long: no room for members they will not get.
        exact(&mut entries);
        Map { entries }
    }

    /// Every object and array under this map in storage of exactly its length (`Value::compact`).
    pub fn compact(&mut self) {
        exact(&mut self.entries);
        self.entries.iter_mut().for_each(|(_, v)| v.compact());
    }
}

/// `v` moved into an allocation of exactly its length, unless it is one already. Not
/// `shrink_to_fit`: that reallocates in place, and mimalloc keeps a block that shrinks by less
/// than half at its old size, so the spare room would stay allocated.
pub(super) fn exact<T>(v: &mut Vec<T>) {
    if v.capacity() != v.len() {
        let mut fitted = Vec::with_capacity(v.len());
        fitted.append(v);
        *v = fitted;
    }
}

pub enum Entry<'a> {
    Vacant(VacantEntry<'a>),
    Occupied(OccupiedEntry<'a>),
}

pub struct VacantEntry<'a> {
    map: &'a mut Map,
    index: usize,
    key: JsonStr,
}

pub struct OccupiedEntry<'a> {
    map: &'a mut Map,
    index: usize,
}

impl<'a> Entry<'a> {
    pub fn or_insert(self, default: Value) -> &'a mut Value {
        self.or_insert_with(|| default)
    }

    pub fn or_insert_with<F: FnOnce() -> Value>(self, default: F) -> &'a mut Value {
        match self {
            Entry::Vacant(e) => e.insert(default()),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    pub fn or_default(self) -> &'a mut Value {
        self.or_insert_with(Value::default)
    }

    pub fn and_modify<F: FnOnce(&mut Value)>(self, f: F) -> Self {
        match self {
            Entry::Occupied(mut e) => {
                f(e.get_mut());
                Entry::Occupied(e)
            }
            vacant => vacant,
        }
    }
}

impl<'a> VacantEntry<'a> {
    pub fn insert(self, value: Value) -> &'a mut Value {
        self.map.entries.insert(self.index, (self.key, value));
        &mut self.map.entries[self.index].1
    }
}

impl<'a> OccupiedEntry<'a> {
    pub fn get_mut(&mut self) -> &mut Value {
        &mut self.map.entries[self.index].1
    }

    pub fn into_mut(self) -> &'a mut Value {
        &mut self.map.entries[self.index].1
    }
}

impl<Q: AsRef<str> + ?Sized> std::ops::Index<&Q> for Map {
    type Output = Value;
    fn index(&self, key: &Q) -> &Value {
        self.get(key).expect("no entry found for key")
    }
}

impl<Q: AsRef<str> + ?Sized> std::ops::IndexMut<&Q> for Map {
    fn index_mut(&mut self, key: &Q) -> &mut Value {
        self.get_mut(key).expect("no entry found for key")
    }
}

impl IntoIterator for Map {
    type Item = Pair;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        self.entries.into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a JsonStr, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a JsonStr, &'a mut Value);
    type IntoIter = IterMut<'a>;
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl FromIterator<Pair> for Map {
    fn from_iter<I: IntoIterator<Item = Pair>>(iter: I) -> Self {
        Map::from_members(iter.into_iter().collect())
    }
}

impl FromIterator<(String, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Self {
        Map::from_members(iter.into_iter().map(|(k, v)| (JsonStr::from(k), v)).collect())
    }
}

impl<K: Into<JsonStr>> Extend<(K, Value)> for Map {
    fn extend<I: IntoIterator<Item = (K, Value)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}
