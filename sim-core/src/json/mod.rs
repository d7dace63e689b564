//! The JSON tree every object is kept in: serde_json's `Value`, with objects as sorted vectors
//! ([`Map`]) instead of B-trees. The API is the part of serde_json's that sim-core uses, with
//! the same meaning (indexing a missing key gives `Null`, indexing `Null` mutably makes an
//! object, numbers are serde_json's `Number`), and it serialises to the same text, so nothing a
//! learner sees depends on which tree holds an object. What differs is the cost: a small object
//! takes one allocation sized to its members, not a 632-byte B-tree node per map (ARCHITECTURE.md,
//! "Objects"). Text goes in and out through serde_json (`serde_json::from_str::<Value>`,
//! `serde_json::to_string(&value)`); the crates that take serde_json's own tree (json-patch,
//! typed k8s-openapi structs) get one through [`to_serde`]/`From`.

mod key;
mod map;

pub(crate) use key::text_cmp;
pub use key::KeyCell;
pub use map::{Entry, JsonStr, Map, MemberKey, OccupiedEntry, VacantEntry};
pub use serde_json::{Error, Number};

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;

#[derive(Clone, PartialEq, Eq, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    /// Up to 24 bytes inline (12 in wasm32): names, timestamps, reasons, quantities, like keys.
    String(JsonStr),
    Array(Array),
    Object(Map),
}

/// A JSON array: a vector with `Vec`'s methods whose length and capacity sit in its allocation,
/// so that it is one pointer wide. With `Map` two words wide, a `Value` is three words (24
/// bytes, a `CompactString`'s size; it was 32 with a `Vec` here), and so is every member of
/// every object kept (48 bytes with its key, not 56).
pub type Array = thin_vec::ThinVec<Value>;

/// `json!({...})`: a JSON literal, as serde_json's macro writes one, built straight into this
/// tree. Keys are string literals, identifiers or parenthesised expressions (anything
/// `Into<String>`); values are `null`, nested literals, or any expression with a `From` into
/// [`Value`] (an interpolated value is moved, so pass a reference to keep it).
#[macro_export]
macro_rules! json {
    ($($t:tt)+) => {
        $crate::json_literal!($($t)+)
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! json_literal {
    (null) => {
        $crate::json::Value::Null
    };
    // A member's key alone, interned once where it is written: `json!(@key "name")`.
    (@key $k:literal) => {
        $crate::json_key!($k)
    };
    ([]) => {
        $crate::json::Value::Array($crate::json::Array::new())
    };
    ([ $($t:tt)+ ]) => {{
        let mut elements = $crate::json::Array::new();
        $crate::json_literal!(@array elements $($t)+);
        $crate::json::exact(&mut elements);
        $crate::json::Value::Array(elements)
    }};
    ({}) => {
        $crate::json::Value::Object($crate::json::Map::new())
    };
    ({ $($t:tt)+ }) => {
        $crate::json_literal!(@object [] $($t)+)
    };
    ($other:expr) => {
        $crate::json::Value::from($other)
    };

    // Array elements, one at a time.
    (@array $v:ident) => {};
    (@array $v:ident null $(, $($rest:tt)*)?) => {
        $v.push($crate::json::Value::Null);
        $crate::json_literal!(@array $v $($($rest)*)?);
    };
    (@array $v:ident [$($inner:tt)*] $(, $($rest:tt)*)?) => {
        $v.push($crate::json_literal!([$($inner)*]));
        $crate::json_literal!(@array $v $($($rest)*)?);
    };
    (@array $v:ident {$($inner:tt)*} $(, $($rest:tt)*)?) => {
        $v.push($crate::json_literal!({$($inner)*}));
        $crate::json_literal!(@array $v $($($rest)*)?);
    };
    (@array $v:ident $e:expr $(, $($rest:tt)*)?) => {
        $v.push($crate::json::Value::from($e));
        $crate::json_literal!(@array $v $($($rest)*)?);
    };

    // Object members, gathered one at a time, each as one `(key, value)` group, evaluated in
    // the order written. Natively they go into an array literal that `Map::from_array` sorts
    // and moves into the map; in the wasm they are pushed onto a list (`from_members`), which
    // made the app ≈ 11 KB gzip smaller than the arrays did.
    (@object [$($done:tt)*]) => {{
        #[cfg(not(target_arch = "wasm32"))]
        let map = $crate::json::Map::from_array([$($done),*]);
        #[cfg(target_arch = "wasm32")]
        let map = {
            let mut members = $crate::json::empty_list();
            $(members.push($done);)*
            $crate::json::Map::from_members(members)
        };
        $crate::json::Value::Object(map)
    }};
    (@object [$($done:tt)*] $k:tt : null $(, $($rest:tt)*)?) => {
        $crate::json_literal!(@object [$($done)* ($crate::json_key!($k), $crate::json::Value::Null)] $($($rest)*)?)
    };
    (@object [$($done:tt)*] $k:tt : [$($inner:tt)*] $(, $($rest:tt)*)?) => {
        $crate::json_literal!(@object [$($done)* ($crate::json_key!($k), $crate::json_literal!([$($inner)*]))] $($($rest)*)?)
    };
    (@object [$($done:tt)*] $k:tt : {$($inner:tt)*} $(, $($rest:tt)*)?) => {
        $crate::json_literal!(@object [$($done)* ($crate::json_key!($k), $crate::json_literal!({$($inner)*}))] $($($rest)*)?)
    };
    (@object [$($done:tt)*] $k:tt : $e:expr $(, $($rest:tt)*)?) => {
        $crate::json_literal!(@object [$($done)* ($crate::json_key!($k), $crate::json::Value::from($e))] $($($rest)*)?)
    };
}

/// An object literal's key: a literal text is interned once per place in the code (its
/// `KeyCell`), not at every evaluation; any other key as it comes.
#[macro_export]
#[doc(hidden)]
macro_rules! json_key {
    ($k:literal) => {{
        // Natively only: in the wasm, a cell per key in the code cost ≈ 2.8 KB gzip (its data
        // does not compress), and the browser's clusters are small.
        #[cfg(not(target_arch = "wasm32"))]
        let key = {
            static KEY: $crate::json::KeyCell = $crate::json::KeyCell::new($k);
            KEY.get()
        };
        #[cfg(target_arch = "wasm32")]
        let key = $crate::json::MemberKey::new($k);
        key
    }};
    ($k:expr) => {
        $crate::json::MemberKey::from($k)
    };
}

/// The list `json!` pushes an object literal's members onto in the wasm (`Map::from_members`
/// sorts them).
#[doc(hidden)]
pub fn empty_list<T>() -> Vec<T> {
    Vec::with_capacity(4)
}

/// `a` moved into an allocation of exactly its length, unless it is one already. Not
/// `shrink_to_fit`: that reallocates in place, and mimalloc keeps a block that shrinks by less
/// than half at its old size, so the spare room would stay allocated.
#[doc(hidden)]
pub fn exact(a: &mut Array) {
    if a.capacity() != a.len() {
        *a = std::mem::take(a).into_iter().collect();
    }
}

// The macro is exported at the crate root (`#[macro_export]`); this names it here too, so that
// `use crate::json::{json, Value}` reads as `use serde_json::{json, Value}` did.
pub use crate::json;

static NULL: Value = Value::Null;

impl Value {
    /// Every array in the tree moved into storage of exactly its length (a map's members always
    /// are: `map.rs`); members shared with another tree are left, as they were compacted when
    /// that one was stored. A stored object is kept long and never grown again (a write stores
    /// a new tree), but arrays are built by pushes, each doubling as it grew. (Before maps were
    /// shared slices, their vectors' spare room and the arrays' were 66 MiB of the 602 MiB live
    /// at 10,000 Jobs, `BENCH_DEBUG=1`.)
    pub fn compact(&mut self) {
        match self {
            Value::Object(m) => m.compact(),
            Value::Array(a) => {
                exact(a);
                a.iter_mut().filter(|v| v.is_container()).for_each(Value::compact);
            }
            _ => {}
        }
    }

    /// An object or an array: what `compact` has something to do in. Its callers look before
    /// they call, as most members are scalars.
    pub(crate) fn is_container(&self) -> bool {
        matches!(self, Value::Object(_) | Value::Array(_))
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }
    pub fn is_u64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_u64())
    }
    pub fn is_i64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_i64())
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_array_mut(&mut self) -> Option<&mut Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// A member of an object (`v.get("spec")`) or an element of an array (`v.get(0)`).
    pub fn get<I: Index>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }
    pub fn get_mut<I: Index>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }

    /// The value, leaving `Null` in its place.
    pub fn take(&mut self) -> Value {
        std::mem::take(self)
    }

    /// A JSON Pointer (RFC 6901) lookup (`obj.pointer("/status/conditions")`), as serde_json's
    /// `pointer` answers it, but without allocating for a token that has no `~` escape: the
    /// engine looks paths up tens of thousands of times a second.
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        pointer_tokens(pointer)?.try_fold(self, |v, token| match v {
            Value::Object(m) => m.get(token.as_ref()),
            Value::Array(a) => a.get(array_index(&token)?),
            _ => None,
        })
    }
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        pointer_tokens(pointer)?.try_fold(self, |v, token| match v {
            Value::Object(m) => m.get_mut(token.as_ref()),
            Value::Array(a) => a.get_mut(array_index(&token)?),
            _ => None,
        })
    }
}

/// A pointer's tokens, unescaped (`~1` is `/`, `~0` is `~`); `None` unless it is empty or starts
/// with `/`. Split by a look at each byte: pointers and their tokens are short, and `str::split`
/// set up a character searcher for each (≈ 2% of a big cluster's time).
fn pointer_tokens(pointer: &str) -> Option<impl Iterator<Item = std::borrow::Cow<'_, str>>> {
    let mut rest = match pointer.strip_prefix('/') {
        Some(rest) => Some(rest),
        None if pointer.is_empty() => None,
        None => return None,
    };
    Some(std::iter::from_fn(move || {
        let r = rest?;
        let token = match r.bytes().position(|b| b == b'/') {
            Some(at) => {
                rest = Some(&r[at + 1..]);
                &r[..at]
            }
            None => {
                rest = None;
                r
            }
        };
        Some(if token.bytes().any(|b| b == b'~') {
            std::borrow::Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
        } else {
            std::borrow::Cow::Borrowed(token)
        })
    }))
}

/// An array index as RFC 6901 writes it: no sign, no leading zero.
fn array_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

/// What `get` and `[]` take: a key (`str`, `String`) or a position (`usize`).
pub trait Index {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value>;
    /// `v[index] = …`: a missing key is added (and `Null` becomes an object), as serde_json does.
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value;
}

impl Index for usize {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_array()?.get(*self)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        v.as_array_mut()?.get_mut(*self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        match v {
            Value::Array(a) => {
                let len = a.len();
                a.get_mut(*self).unwrap_or_else(|| panic!("cannot access index {self} of JSON array of length {len}"))
            }
            other => panic!("cannot access index {self} of JSON {}", kind_name(other)),
        }
    }
}

impl Index for str {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_object()?.get(self)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        v.as_object_mut()?.get_mut(self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        if v.is_null() {
            *v = Value::Object(Map::new());
        }
        match v {
            Value::Object(m) => m.entry(self).or_insert(Value::Null),
            other => panic!("cannot access key {self:?} in JSON {}", kind_name(other)),
        }
    }
}

/// Owned keys index as the text they hold.
macro_rules! index_as_str {
    ($($t:ty)*) => {$(
        impl Index for $t {
            fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
                self.as_str().index_into(v)
            }
            fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
                self.as_str().index_into_mut(v)
            }
            fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
                self.as_str().index_or_insert(v)
            }
        }
    )*};
}
index_as_str!(String JsonStr MemberKey);

impl<T: Index + ?Sized> Index for &T {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        (**self).index_into(v)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        (**self).index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        (**self).index_or_insert(v)
    }
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

impl<I: Index> std::ops::Index<I> for Value {
    type Output = Value;
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl<I: Index> std::ops::IndexMut<I> for Value {
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}

// ---- text: serde ----

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => n.serialize(s),
            Value::String(t) => s.serialize_str(t),
            Value::Array(a) => a.serialize(s),
            Value::Object(m) => m.serialize(s),
        }
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            out.serialize_entry(k, v)?;
        }
        out.end()
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Map, D::Error> {
        match Value::deserialize(d)? {
            Value::Object(m) => Ok(m),
            other => Err(de::Error::invalid_type(unexpected(&other), &"a map")),
        }
    }
}

fn unexpected(v: &Value) -> de::Unexpected<'_> {
    match v {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(_) => de::Unexpected::Other("number"),
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Number::from_f64(n).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.into()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s.into()))
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Deserialize::deserialize(d)
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Array::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element()? {
            out.push(v);
        }
        exact(&mut out);
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut entries = Vec::with_capacity(access.size_hint().unwrap_or(0).min(4096));
        while let Some(key) = access.next_key_seed(KeyVisitor)? {
            entries.push((key, access.next_value()?));
        }
        Ok(Value::Object(Map::from_members(entries)))
    }
}

/// An object's key: a string only, with serde_json's words for anything else.
struct KeyVisitor;

impl<'de> de::DeserializeSeed<'de> for KeyVisitor {
    type Value = MemberKey;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<MemberKey, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = MemberKey;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<MemberKey, E> {
        Ok(MemberKey::new(s))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<MemberKey, E> {
        Ok(MemberKey::new(&s))
    }
}

/// Compact JSON, as serde_json's `Value` prints (`{:#}`: indented).
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() { serde_json::to_string_pretty(self) } else { serde_json::to_string(self) };
        f.write_str(&text.map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            Value::Bool(b) => write!(f, "Bool({b})"),
            Value::Number(n) => write!(f, "Number({n})"),
            Value::String(s) => write!(f, "String({s:?})"),
            Value::Array(a) => {
                f.write_str("Array ")?;
                f.debug_list().entries(a).finish()
            }
            Value::Object(m) => {
                f.write_str("Object ")?;
                fmt::Debug::fmt(m, f)
            }
        }
    }
}

impl std::str::FromStr for Value {
    type Err = Error;
    fn from_str(s: &str) -> Result<Value, Error> {
        serde_json::from_str(s)
    }
}

/// Any serialisable value as a tree (as serde_json's `to_value`).
pub fn to_value<T: Serialize>(value: T) -> Result<Value, Error> {
    serde_json::to_value(value).map(Value::from)
}

/// A typed value from a tree (as serde_json's `from_value`).
pub fn from_value<T: de::DeserializeOwned>(value: Value) -> Result<T, Error> {
    serde_json::from_value(to_serde(value))
}

/// serde_json's own tree, for the crates that take one.
pub fn to_serde(value: Value) -> serde_json::Value {
    match value {
        Value::Null => serde_json::Value::Null,
        Value::Bool(b) => serde_json::Value::Bool(b),
        Value::Number(n) => serde_json::Value::Number(n),
        Value::String(s) => serde_json::Value::String(s.to_string()),
        Value::Array(a) => serde_json::Value::Array(a.into_iter().map(to_serde).collect()),
        Value::Object(m) => {
            // Inserted one by one: collecting would sort the members again (they are sorted).
            let mut out = serde_json::Map::new();
            for (k, v) in m {
                out.insert(String::from(k), to_serde(v));
            }
            serde_json::Value::Object(out)
        }
    }
}

impl From<serde_json::Value> for Value {
    fn from(v: serde_json::Value) -> Value {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => Value::Number(n),
            serde_json::Value::String(s) => Value::String(s.into()),
            serde_json::Value::Array(a) => Value::Array(a.into_iter().map(Value::from).collect()),
            serde_json::Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (MemberKey::from(k), Value::from(v))).collect()),
        }
    }
}

impl From<Value> for serde_json::Value {
    fn from(v: Value) -> serde_json::Value {
        to_serde(v)
    }
}

// ---- conversions and comparisons, as serde_json has them ----

macro_rules! from_number {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(n.into())
            }
        }
    )*};
}
from_number!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

impl From<f64> for Value {
    fn from(n: f64) -> Value {
        Number::from_f64(n).map_or(Value::Null, Value::Number)
    }
}
impl From<f32> for Value {
    fn from(n: f32) -> Value {
        Value::from(n as f64)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s.into())
    }
}
impl From<JsonStr> for Value {
    fn from(s: JsonStr) -> Value {
        Value::String(s)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}
/// A reference is copied (serde_json's macro serialises through a reference).
impl<T: Clone + Into<Value>> From<&T> for Value {
    fn from(v: &T) -> Value {
        v.clone().into()
    }
}
impl From<std::borrow::Cow<'_, str>> for Value {
    fn from(s: std::borrow::Cow<'_, str>) -> Value {
        Value::String(s.into_owned().into())
    }
}
impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}
impl From<Map> for Value {
    fn from(m: Map) -> Value {
        Value::Object(m)
    }
}
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::Array(v.into_iter().map(Into::into).collect())
    }
}
impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(v: &[T]) -> Value {
        Value::Array(v.iter().cloned().map(Into::into).collect())
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}
impl From<()> for Value {
    fn from(_: ()) -> Value {
        Value::Null
    }
}
impl<T: Into<Value>> FromIterator<T> for Value {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

impl PartialEq<str> for Value {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}
impl PartialEq<&str> for Value {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}
impl PartialEq<String> for Value {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == Some(other.as_str())
    }
}
impl PartialEq<Value> for str {
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}
impl PartialEq<Value> for &str {
    fn eq(&self, other: &Value) -> bool {
        other == *self
    }
}
impl PartialEq<Value> for String {
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}
impl PartialEq<bool> for Value {
    fn eq(&self, other: &bool) -> bool {
        self.as_bool() == Some(*other)
    }
}
impl PartialEq<Value> for bool {
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}

macro_rules! eq_number {
    ($($as:ident -> $wide:ty: $($t:ty)*;)*) => {$($(
        impl PartialEq<$t> for Value {
            fn eq(&self, other: &$t) -> bool {
                self.$as().is_some_and(|n| n == *other as $wide)
            }
        }
        impl PartialEq<Value> for $t {
            fn eq(&self, other: &Value) -> bool {
                other == self
            }
        }
    )*)*};
}
eq_number! {
    as_i64 -> i64: i8 i16 i32 i64 isize;
    as_u64 -> u64: u8 u16 u32 u64 usize;
    as_f64 -> f64: f32 f64;
}

#[cfg(test)]
mod tests {
    use super::Value;

    /// JSON Pointer lookups find what serde_json's find, escapes, empty tokens and array
    /// indexes included.
    #[test]
    fn pointers_find_what_serde_json_finds() {
        let doc = serde_json::json!({
            "a": {"b": 1, "": {"c": 2}, "x/y": 3, "m~n": 4, "~1": 5},
            "arr": [10, {"k": 11}],
            "": 6,
        });
        let ours = Value::from(doc.clone());
        for p in [
            "", "/", "/a", "/a/b", "/a/", "/a//c", "/a/x~1y", "/a/m~0n", "/a/~01", "/a/~1", "/arr/0", "/arr/1/k", "/arr/01", "/arr/+1",
            "/arr/2", "/arr/-", "a", "a/b", "/a/b/c", "/missing", "//", "/arr/1/",
        ] {
            assert_eq!(ours.pointer(p), doc.pointer(p).cloned().map(Value::from).as_ref(), "{p:?}");
        }
    }

    /// `json!` builds what serde_json's macro builds: members in key order whatever order they
    /// are written in, the last of a key given twice (literal or computed), nested literals,
    /// interpolated values evaluated in the order written, and empty objects and arrays.
    #[test]
    fn object_literals_are_serde_jsons() {
        let (dup, order) = ("b".to_string(), std::cell::RefCell::new(Vec::new()));
        let at = |i: i64| {
            order.borrow_mut().push(i);
            i
        };
        let ours = super::json!({"z": at(1), "b": 1, "a": {"y": [1, {"q": null, "p": {}}], "x": []}, (dup.clone()): at(2), "m": null, "b": at(3), "k": "v"});
        let theirs = serde_json::json!({"z": 1, "b": 1, "a": {"y": [1, {"q": null, "p": {}}], "x": []}, (dup.clone()): 2, "m": null, "b": 3, "k": "v"});
        assert_eq!(ours, Value::from(theirs.clone()));
        assert_eq!(ours.to_string(), theirs.to_string());
        assert_eq!(*order.borrow(), [1, 2, 3]);
        assert_eq!(super::json!({"one": 1}).to_string(), r#"{"one":1}"#);
        assert_eq!(super::json!({}).to_string(), "{}");
    }
}
