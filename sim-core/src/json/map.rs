//! A JSON object's members as one sorted slice: what serde_json's `Map` does with a B-tree, in
//! one allocation. An object of a Kubernetes resource has a handful of keys; a B-tree gives each
//! map, however small, a 632-byte node, and the store keeps hundreds of thousands of maps.
//! Keys stay sorted (serde_json's order without `preserve_order`), so what is printed is the same.
//!
//! The slice is shared (`Arc<[_]>`) and copied on write: copying a tree copies its root's
//! pointer, and changing a member copies only the maps on the way to it. A controller changes
//! a stored object by copying it and setting a field or two; the new version shares everything
//! else with the old one, which the watch log still holds. A map is exactly as long as its
//! members (no spare room), so adding a member makes a new slice: cheap for the handful of
//! members an object has; build a large map at once (`from_members`, `collect`).

pub use super::key::MemberKey;
use super::Value;
use std::fmt;
use std::sync::Arc;

/// The text of a JSON string or an object's key: up to 24 bytes inline (12 in wasm32, where it
/// is three 4-byte words), which natively holds nearly every field name, label key, name and
/// timestamp without allocating. It reads as a `str`.
pub type JsonStr = compact_str::CompactString;

/// The members of a JSON object, sorted by key, each key once. (The type parameters are there
/// so that `Map` reads as serde_json's does; only `Map<MemberKey, Value>` is implemented.)
#[derive(Clone)]
pub struct Map<K = MemberKey, V = Value> {
    /// `None` when empty (no allocation); never an empty slice.
    entries: Option<Arc<[(K, V)]>>,
}

/// Two maps are equal when their members are; one slice shared is equal without a look.
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        match (&self.entries, &other.entries) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a[..] == b[..],
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for Map {}

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

type Pair = (MemberKey, Value);

fn pair_ref(p: &Pair) -> (&MemberKey, &Value) {
    (&p.0, &p.1)
}

fn pair_mut(p: &mut Pair) -> (&MemberKey, &mut Value) {
    (&p.0, &mut p.1)
}

pub type Iter<'a> = std::iter::Map<std::slice::Iter<'a, Pair>, fn(&'a Pair) -> (&'a MemberKey, &'a Value)>;
pub type IterMut<'a> = std::iter::Map<std::slice::IterMut<'a, Pair>, fn(&'a mut Pair) -> (&'a MemberKey, &'a mut Value)>;
pub type Keys<'a> = std::iter::Map<std::slice::Iter<'a, Pair>, fn(&'a Pair) -> &'a MemberKey>;
pub type Values<'a> = std::iter::Map<std::slice::Iter<'a, Pair>, fn(&'a Pair) -> &'a Value>;
pub type ValuesMut<'a> = std::iter::Map<std::slice::IterMut<'a, Pair>, fn(&'a mut Pair) -> &'a mut Value>;
pub type IntoIter = std::vec::IntoIter<Pair>;

impl Map {
    pub const fn new() -> Self {
        Map { entries: None }
    }

    fn slice(&self) -> &[Pair] {
        self.entries.as_deref().unwrap_or(&[])
    }

    /// The members to change in place: this map's own, copied first if another map shares them.
    fn slice_mut(&mut self) -> &mut [Pair] {
        match &mut self.entries {
            Some(shared) => Arc::make_mut(shared),
            None => &mut [],
        }
    }

    /// The members as a vector, moved out when this map alone holds them (`extra`: room to keep).
    fn take_vec(&mut self, extra: usize) -> Vec<Pair> {
        match self.entries.take() {
            None => Vec::with_capacity(extra),
            Some(mut shared) => {
                let mut v = Vec::with_capacity(shared.len() + extra);
                match Arc::get_mut(&mut shared) {
                    Some(own) => v.extend(own.iter_mut().map(std::mem::take)),
                    None => v.extend_from_slice(&shared),
                }
                v
            }
        }
    }

    /// `pair` put in at `i`: one new slice, the members moved (copied if shared) straight into
    /// it (an exact-size iterator makes `Arc<[_]>` allocate once).
    fn insert_at(&mut self, i: usize, pair: Pair) {
        let grown: Arc<[Pair]> = match &mut self.entries {
            None => Arc::from([pair]),
            Some(shared) => match Arc::get_mut(shared) {
                Some(own) => {
                    let (before, after) = own.split_at_mut(i);
                    let moved = |p: &mut Pair| std::mem::take(p);
                    before.iter_mut().map(moved).chain(std::iter::once(pair)).chain(after.iter_mut().map(moved)).collect()
                }
                None => {
                    let (before, after) = shared.split_at(i);
                    before.iter().cloned().chain(std::iter::once(pair)).chain(after.iter().cloned()).collect()
                }
            },
        };
        self.entries = Some(grown);
    }

    /// The member at `i` taken out, the rest in one new slice (see `insert_at`).
    fn remove_at(&mut self, i: usize) -> Pair {
        let Some(shared) = &mut self.entries else { unreachable!("a position in an empty map") };
        let (removed, rest): (Pair, Arc<[Pair]>) = match Arc::get_mut(shared) {
            Some(own) => {
                let removed = std::mem::take(&mut own[i]);
                let (before, after) = own.split_at_mut(i);
                (removed, before.iter_mut().chain(after[1..].iter_mut()).map(std::mem::take).collect())
            }
            None => (shared[i].clone(), shared[..i].iter().chain(&shared[i + 1..]).cloned().collect()),
        };
        self.entries = (!rest.is_empty()).then_some(rest);
        removed
    }

    /// Changes the number of members: the members are moved into a vector, changed, and put in
    /// a new slice of exactly their number.
    fn resize<R>(&mut self, extra: usize, f: impl FnOnce(&mut Vec<Pair>) -> R) -> R {
        let mut v = self.take_vec(extra);
        let r = f(&mut v);
        self.entries = (!v.is_empty()).then(|| Arc::from(v));
        r
    }

    /// Where `key` is, or where it would go.
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.slice().binary_search_by(|(k, _)| super::key::text_cmp(k.as_str(), key))
    }

    /// Where `key` is. Most objects have a few members, and most keys differ from the one sought
    /// in length: a scan comparing lengths first reads fewer bytes than a binary search, whose
    /// every step is a byte comparison.
    fn position(&self, key: &str) -> Option<usize> {
        let entries = self.slice();
        if entries.len() <= 16 {
            entries.iter().position(|(k, _)| k == key)
        } else {
            self.find(key).ok()
        }
    }

    pub fn len(&self) -> usize {
        self.slice().len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_none()
    }

    pub fn clear(&mut self) {
        self.entries = None;
    }

    pub fn get<Q: AsRef<str> + ?Sized>(&self, key: &Q) -> Option<&Value> {
        self.position(key.as_ref()).map(|i| &self.slice()[i].1)
    }

    /// The value under `key` to change (copying this map's members first if they are shared;
    /// a miss copies nothing).
    pub fn get_mut<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<&mut Value> {
        self.position(key.as_ref()).map(|i| &mut self.slice_mut()[i].1)
    }

    pub fn contains_key<Q: AsRef<str> + ?Sized>(&self, key: &Q) -> bool {
        self.position(key.as_ref()).is_some()
    }

    /// Each member put in where its key is missing (a key already there keeps its value), all in
    /// one new slice: the apiserver's defaults for a pod, each put in by `entry().or_insert`,
    /// made a new slice of the whole map for each.
    pub fn add_missing(&mut self, members: &mut [(&str, Value)]) {
        let missing = members.iter().filter(|(k, _)| !self.contains_key(*k)).count();
        if missing == 0 {
            return;
        }
        self.resize(missing, |v| {
            for (key, value) in members.iter_mut() {
                if let Err(i) = v.binary_search_by(|(k, _)| super::key::text_cmp(k.as_str(), key)) {
                    v.insert(i, (MemberKey::new(key), std::mem::take(value)));
                }
            }
        })
    }

    /// Sets `key` to `value`, answering the value it replaced.
    pub fn insert(&mut self, key: impl Into<MemberKey> + AsRef<str>, value: Value) -> Option<Value> {
        match self.find(key.as_ref()) {
            Ok(i) => Some(std::mem::replace(&mut self.slice_mut()[i].1, value)),
            Err(i) => {
                self.insert_at(i, (key.into(), value));
                None
            }
        }
    }

    pub fn remove<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<Value> {
        self.remove_entry(key).map(|(_, v)| v)
    }

    pub fn remove_entry<Q: AsRef<str> + ?Sized>(&mut self, key: &Q) -> Option<(MemberKey, Value)> {
        let i = self.position(key.as_ref())?;
        Some(self.remove_at(i))
    }

    /// The member under `key` (its text interned only when it is not there).
    pub fn entry<S: Into<MemberKey> + AsRef<str>>(&mut self, key: S) -> Entry<'_> {
        match self.find(key.as_ref()) {
            Ok(index) => Entry::Occupied(OccupiedEntry { map: self, index }),
            Err(index) => Entry::Vacant(VacantEntry { map: self, index, key: key.into() }),
        }
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = Value> {
        self.into_iter().map(|(_, v)| v)
    }

    pub fn retain<F: FnMut(&MemberKey, &mut Value) -> bool>(&mut self, mut keep: F) {
        self.resize(0, |v| v.retain_mut(|(k, v)| keep(k, v)))
    }

    pub fn iter(&self) -> Iter<'_> {
        self.slice().iter().map(pair_ref as fn(&Pair) -> (&MemberKey, &Value))
    }

    pub fn iter_mut(&mut self) -> IterMut<'_> {
        self.slice_mut().iter_mut().map(pair_mut as fn(&mut Pair) -> (&MemberKey, &mut Value))
    }

    pub fn keys(&self) -> Keys<'_> {
        self.slice().iter().map((|p| &p.0) as fn(&Pair) -> &MemberKey)
    }

    pub fn values(&self) -> Values<'_> {
        self.slice().iter().map((|p| &p.1) as fn(&Pair) -> &Value)
    }

    pub fn values_mut(&mut self) -> ValuesMut<'_> {
        self.slice_mut().iter_mut().map((|p| &mut p.1) as fn(&mut Pair) -> &mut Value)
    }

    /// A map from members in any order; a key given twice keeps its last value (as serde_json's
    /// map does when it reads an object). `json!` builds its objects with this.
    pub fn from_members(mut entries: Vec<Pair>) -> Map {
        if !entries.is_sorted_by(|a, b| a.0 < b.0) {
            crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(&b.0)); // stable: equal keys keep their order
            let mut deduped: Vec<Pair> = Vec::with_capacity(entries.len());
            for pair in entries {
                match deduped.last_mut() {
                    Some(last) if last.0 == pair.0 => *last = pair,
                    _ => deduped.push(pair),
                }
            }
            entries = deduped;
        }
        Map { entries: (!entries.is_empty()).then(|| Arc::from(entries)) }
    }

    /// A map from a literal's members (`json!`), in any order; a key given twice keeps its last
    /// value, as in `from_members`. The members are sorted where they are, then moved into the
    /// map's one allocation: no list grown member by member and copied again (in the 1,000-Job
    /// bench `json!` built ≈ 100,000 maps so).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_array<const N: usize>(mut members: [Pair; N]) -> Map {
        if N == 0 {
            return Map::new();
        }
        if !sort_members(&mut members) {
            return Map::from_members(Vec::from(members));
        }
        Map { entries: Some(Arc::from(members)) }
    }

    /// In the wasm, `from_members`: a sort of its own and a copy per length cost the app more
    /// bytes than the browser's small clusters gain.
    #[cfg(target_arch = "wasm32")]
    pub fn from_array<const N: usize>(members: [Pair; N]) -> Map {
        Map::from_members(Vec::from(members))
    }

    /// Every array under this map in storage of exactly its length (`Value::compact`). Members
    /// shared with another map are left: they were compacted when that one was stored.
    pub fn compact(&mut self) {
        if let Some(own) = self.entries.as_mut().and_then(Arc::get_mut) {
            own.iter_mut().filter(|(_, v)| v.is_container()).for_each(|(_, v)| v.compact());
        }
    }
}

/// Sorts `members` by key, stably; whether their keys are distinct. Not generic over the
/// literal's length: one sort serves every length.
#[cfg(not(target_arch = "wasm32"))]
fn sort_members(members: &mut [Pair]) -> bool {
    if !members.is_sorted_by(|a, b| a.0 < b.0) {
        crate::sort::sort_by(members, |a, b| a.0.cmp(&b.0));
        return members.windows(2).all(|w| w[0].0 != w[1].0);
    }
    true
}

pub enum Entry<'a> {
    Vacant(VacantEntry<'a>),
    Occupied(OccupiedEntry<'a>),
}

pub struct VacantEntry<'a> {
    map: &'a mut Map,
    index: usize,
    key: MemberKey,
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
        let VacantEntry { map, index, key } = self;
        map.insert_at(index, (key, value));
        &mut map.slice_mut()[index].1
    }
}

impl<'a> OccupiedEntry<'a> {
    pub fn get_mut(&mut self) -> &mut Value {
        &mut self.map.slice_mut()[self.index].1
    }

    pub fn into_mut(self) -> &'a mut Value {
        &mut self.map.slice_mut()[self.index].1
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
    fn into_iter(mut self) -> IntoIter {
        self.take_vec(0).into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a MemberKey, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a MemberKey, &'a mut Value);
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
        Map::from_members(iter.into_iter().map(|(k, v)| (MemberKey::from(k), v)).collect())
    }
}

/// Members added together make one new slice, not one each (a key already there takes the new
/// value, as `insert` does).
impl<K: Into<MemberKey> + AsRef<str>> Extend<(K, Value)> for Map {
    fn extend<I: IntoIterator<Item = (K, Value)>>(&mut self, iter: I) {
        let mut iter = iter.into_iter().peekable();
        if iter.peek().is_none() {
            return;
        }
        self.resize(iter.size_hint().0, |members| {
            for (key, value) in iter {
                match members.binary_search_by(|(k, _)| super::key::text_cmp(k.as_str(), key.as_ref())) {
                    Ok(i) => members[i].1 = value,
                    Err(i) => members.insert(i, (key.into(), value)),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spare_room(v: &Value) -> usize {
        match v {
            Value::Object(m) => m.values().map(spare_room).sum::<usize>(),
            Value::Array(a) => a.capacity() - a.len() + a.iter().map(spare_room).sum::<usize>(),
            _ => 0,
        }
    }

    #[test]
    fn a_compacted_tree_is_the_same_tree_with_no_spare_room() {
        let mut inner = Map::new();
        for k in ["e", "d", "c", "b", "a"] {
            inner.insert(k, Value::from(k));
        }
        let mut list = crate::json::Array::with_capacity(9);
        list.push(Value::Object(inner.clone()));
        list.push(Value::Array(crate::json::Array::with_capacity(3)));
        let mut top = Map::new();
        top.insert("list", Value::Array(list));
        top.insert("inner", Value::Object(inner));
        let mut tree = Value::Object(top);
        // A copy shares the tree: compacting leaves shared members alone (they were compacted
        // when they were stored).
        let shared = tree.clone();
        tree.compact();
        assert!(spare_room(&tree) > 0, "the pushes left room: {}", spare_room(&tree));
        drop(shared);
        let before: Value = serde_json::from_str(&tree.to_string()).unwrap();
        tree.compact();
        assert_eq!(tree, before);
        assert_eq!(spare_room(&tree), 0);
        assert_eq!(tree.to_string(), before.to_string());
    }

    fn shares(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => match (&x.entries, &y.entries) {
                (Some(x), Some(y)) => Arc::ptr_eq(x, y),
                _ => false,
            },
            _ => false,
        }
    }

    #[test]
    fn a_copy_shares_what_is_not_changed_and_changing_it_leaves_the_original() {
        let text = r#"{"metadata":{"labels":{"a":"1"},"name":"x"},"spec":{"n":1},"status":{"s":"x"}}"#;
        let mut copy: Value = serde_json::from_str(text).unwrap();
        let original = copy.clone();
        assert!(shares(&copy, &original));
        copy["status"]["phase"] = Value::from("Running");
        copy["metadata"]["labels"]["b"] = Value::from("2");
        copy["metadata"].as_object_mut().unwrap().remove("name");
        copy["status"]["s"].take();
        assert_eq!(original.to_string(), text, "the original is as it was");
        assert_eq!(copy.to_string(), r#"{"metadata":{"labels":{"a":"1","b":"2"}},"spec":{"n":1},"status":{"phase":"Running","s":null}}"#);
        assert!(shares(&copy["spec"], &original["spec"]), "what was not changed is shared");
        assert!(!shares(&copy["status"], &original["status"]) && !shares(&copy, &original));
        // A miss changes nothing, so it copies nothing.
        let mut again = original.clone();
        assert!(again.as_object_mut().unwrap().get_mut("nothing").is_none());
        assert!(shares(&again, &original));
        assert_eq!(again, original);
    }

    /// `add_missing` leaves what is there, adds what is not, in order, as `or_insert` does one
    /// by one; with nothing missing it changes nothing (a shared map stays shared).
    #[test]
    fn missing_members_are_added_and_present_ones_kept() {
        let original: Value = serde_json::from_str(r#"{"b":1,"d":{"x":1}}"#).unwrap();
        let mut m = original.clone();
        let map = m.as_object_mut().unwrap();
        map.add_missing(&mut [("e", Value::from(5)), ("b", Value::from(9)), ("a", Value::from("first")), ("c", Value::Null)]);
        assert_eq!(m.to_string(), r#"{"a":"first","b":1,"c":null,"d":{"x":1},"e":5}"#);
        let mut one_by_one = original.clone();
        for (k, v) in [("e", Value::from(5)), ("b", Value::from(9)), ("a", Value::from("first")), ("c", Value::Null)] {
            one_by_one.as_object_mut().unwrap().entry(k).or_insert(v);
        }
        assert_eq!(m, one_by_one);
        assert!(shares(&m["d"], &original["d"]));
        let mut same = original.clone();
        same.as_object_mut().unwrap().add_missing(&mut [("b", Value::from(2))]);
        assert!(shares(&same, &original) && same == original);
    }
}
