//! Helpers over unstructured objects (`crate::json::Value`), the form the store keeps every
//! object in — as the apiserver does for custom resources.

use crate::clock::civil_from_unix;
use crate::json::{Map, Value};
use std::collections::BTreeMap;

/// A timestamp's text. Natively the JSON string's own type, which holds its 20 bytes without an
/// allocation (a `String` was allocated once per stamp, about 20 per Job, to be copied into the
/// object's string and freed). In the wasm, where that type holds only 12 bytes inline, a
/// `String`: there the change saves nothing, and its conversions cost the app ≈ 0.5 KB.
#[cfg(not(target_arch = "wasm32"))]
pub type StampText = crate::json::JsonStr;
#[cfg(target_arch = "wasm32")]
pub type StampText = String;

/// `2026-12-02T09:00:00Z`
pub fn rfc3339(unix: i64) -> StampText {
    let (at, text) = LAST_STAMP.get();
    if at == unix {
        return stamp_text(&text);
    }
    let (y, m, d, hh, mm, ss) = civil_from_unix(unix);
    if !(0..=9999).contains(&y) {
        // Years of five digits or a sign (never the engine's clock): the text made once more.
        return format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z").as_str().into();
    }
    // Digit by digit: every write stamps a time or two, and `format!`'s padding was 1% of the
    // engine's instructions.
    let mut out = *b"0000-00-00T00:00:00Z";
    let mut put = |at: usize, width: usize, mut n: u64| {
        for i in (at..at + width).rev() {
            out[i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
    };
    put(0, 4, y as u64);
    put(5, 2, m as u64);
    put(8, 2, d as u64);
    put(11, 2, hh as u64);
    put(14, 2, mm as u64);
    put(17, 2, ss as u64);
    LAST_STAMP.set((unix, out));
    stamp_text(&out)
}

/// A stamp's ASCII bytes as text, checked the quick way (a lossy conversion walked them as
/// chunks: 0.5% of the 1,000-Job bench's instructions, callgrind).
fn stamp_text(bytes: &[u8; 20]) -> StampText {
    StampText::from(std::str::from_utf8(bytes).unwrap_or(""))
}

thread_local! {
    /// The last second `rfc3339` wrote, and its text. The writes of one instant (a settle's)
    /// stamp the same second again and again, and read it back (an Event's expiry); the civil
    /// date is most of the cost either way (≈ 700 instructions).
    static LAST_STAMP: std::cell::Cell<(i64, [u8; 20])> = const { std::cell::Cell::new((i64::MIN, [0; 20])) };
}

/// Parses `rfc3339` output back to unix seconds (UTC `Z` form only; an impossible date or time,
/// such as February 30th, is `None`).
pub fn parse_rfc3339(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() != 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' || b[19] != b'Z' {
        return None;
    }
    let (at, text) = LAST_STAMP.get();
    if at != i64::MIN && b == text {
        return Some(at);
    }
    let n = |r: std::ops::Range<usize>| s.get(r)?.parse::<u32>().ok();
    let date = chrono::NaiveDate::from_ymd_opt(i32::try_from(n(0..4)?).ok()?, n(5..7)?, n(8..10)?)?;
    Some(date.and_hms_opt(n(11..13)?, n(14..16)?, n(17..19)?)?.and_utc().timestamp())
}

/// A timestamp with or without fractional seconds (`MicroTime`), to unix seconds.
pub fn parse_time(s: &str) -> Option<i64> {
    match s.find('.') {
        Some(i) if s.ends_with('Z') => parse_rfc3339(&format!("{}Z", &s[..i])),
        _ => parse_rfc3339(s),
    }
}

pub fn get<'a>(obj: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(obj, |v, k| v.get(*k))
}

pub fn get_str<'a>(obj: &'a Value, path: &[&str]) -> Option<&'a str> {
    get(obj, path)?.as_str()
}

pub fn name(obj: &Value) -> &str {
    get_str(obj, &["metadata", "name"]).unwrap_or("")
}

pub fn namespace(obj: &Value) -> &str {
    get_str(obj, &["metadata", "namespace"]).unwrap_or("")
}

/// The object at `path`, created (as `{}`) where missing or not an object.
pub fn ensure_map<'a>(obj: &'a mut Value, path: &[&str]) -> &'a mut Map {
    let mut cur = obj;
    for k in path {
        if !cur.is_object() {
            *cur = Value::Object(Map::new());
        }
        cur = cur.as_object_mut().expect("just made an object").entry(*k).or_insert_with(|| Value::Object(Map::new()));
    }
    if !cur.is_object() {
        *cur = Value::Object(Map::new());
    }
    cur.as_object_mut().expect("just made an object")
}

/// One label's value, found where it is: a label whose value is not text counts as missing, as
/// in `labels`, which copies them all.
pub fn label<'a>(obj: &'a Value, key: &str) -> Option<&'a str> {
    get(obj, &["metadata", "labels", key]).and_then(Value::as_str)
}

pub fn labels(obj: &Value) -> BTreeMap<String, String> {
    string_map(get(obj, &["metadata", "labels"]))
}

pub fn string_map(v: Option<&Value>) -> BTreeMap<String, String> {
    v.and_then(Value::as_object)
        .map(|m| crate::sort::map_from(m.iter().filter_map(|(k, v)| Some((k.to_string(), v.as_str()?.to_string())))))
        .unwrap_or_default()
}

pub fn finalizers(obj: &Value) -> Vec<String> {
    get(obj, &["metadata", "finalizers"])
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The status condition of type `ty`, if the object has one.
pub fn condition<'a>(obj: &'a Value, ty: &str) -> Option<&'a Value> {
    get(obj, &["status", "conditions"])
        .and_then(Value::as_array)
        .and_then(|cs| cs.iter().find(|c| c.get("type").and_then(Value::as_str) == Some(ty)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digit-by-digit form writes what `format!` wrote, from year 0 past year 9999.
    #[test]
    fn rfc3339_is_the_padded_form() {
        let mut t = -62_167_219_200; // 0000-01-01T00:00:00Z
        while t < 253_402_300_800 + 86_400 * 400 {
            let (y, m, d, hh, mm, ss) = civil_from_unix(t);
            let expected = format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z");
            assert_eq!(rfc3339(t), expected, "{t}");
            assert_eq!(rfc3339(t), expected, "{t} again, from the kept text");
            if (0..=9999).contains(&y) {
                assert_eq!(parse_rfc3339(&expected), Some(t), "{expected} read back, as the kept text");
                assert_eq!(parse_rfc3339(&rfc3339(t + 1)), Some(t + 1), "the next second read back");
            }
            t += 86_399 * 7 + 3_607;
        }
        assert_eq!(rfc3339(253_402_300_799), "9999-12-31T23:59:59Z");
        assert_eq!(rfc3339(253_402_300_800), "10000-01-01T00:00:00Z");
        assert_eq!(rfc3339(-62_167_219_201), "-001-12-31T23:59:59Z");
    }

    #[test]
    fn time_round_trip() {
        let t = crate::clock::LAB_EPOCH_UNIX + 1234;
        assert_eq!(rfc3339(t), "2026-12-02T09:20:34Z");
        assert_eq!(parse_rfc3339(&rfc3339(t)), Some(t));
        assert_eq!(parse_rfc3339("nope"), None);
        assert_eq!(parse_rfc3339("1969-12-31T23:59:59Z"), Some(-1));
        assert_eq!(parse_rfc3339("2024-02-29T00:00:00Z"), Some(1_709_164_800));
        assert_eq!(parse_rfc3339("2026-02-30T00:00:00Z"), None);
    }
}
