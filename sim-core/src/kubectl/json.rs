//! JSON as kubectl prints it (`-o json`, JSONPath values): Go's encoding/json with 4-space indentation and HTML-safe escapes.

use crate::json::Value;

/// JSON as kubectl prints it: 4-space indentation, and Go's HTML-safe escapes.
pub fn to_json(v: &Value) -> String {
    let mut buf = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, fmt);
    serde::Serialize::serialize(v, &mut ser).ok();
    go_escape(&String::from_utf8(buf).unwrap_or_default())
}

/// Go's encoding/json escapes `<`, `>`, `&`, U+2028 and U+2029 inside strings; outside strings
/// JSON has none of them, so replacing them everywhere is exact.
pub fn go_escape(json: &str) -> String {
    if !json.contains(['<', '>', '&', '\u{2028}', '\u{2029}']) {
        return json.to_string();
    }
    json.replace('&', "\\u0026")
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}
