//! YAML as kubectl prints it (sigs.k8s.io/yaml over go-yaml v2, `kubectl.md` §3.6): keys sorted,
//! two-space indentation, sequences not indented under their key, strings that would read as
//! another type double-quoted, strings with indicators single-quoted, long scalars folded after
//! column 80, multi-line strings as literal blocks.

use crate::json::Value;

const BEST_WIDTH: usize = 80;

/// Whether go-yaml would read `s` as something other than a string.
fn resolves_to_non_string(s: &str) -> bool {
    const SPECIAL: [&str; 23] = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
        "off", "Off", "OFF", "~",
    ];
    if SPECIAL.contains(&s)
        || matches!(s, "null" | "Null" | "NULL" | ".inf" | ".Inf" | ".INF" | "-.inf" | "-.Inf" | "-.INF" | ".nan" | ".NaN" | ".NAN" | "<<")
    {
        return true;
    }
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    let digits = t.replace('_', "");
    let is_int = !digits.is_empty()
        && (digits.chars().all(|c| c.is_ascii_digit())
            || digits.strip_prefix("0x").is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
            || digits.strip_prefix("0b").is_some_and(|b| !b.is_empty() && b.chars().all(|c| c == '0' || c == '1')));
    let is_float = {
        let mut seen_digit = false;
        let mut ok = !t.is_empty();
        let mut parts = t.splitn(2, ['e', 'E']);
        let mantissa = parts.next().unwrap_or("");
        if mantissa.matches('.').count() > 1 || mantissa.is_empty() {
            ok = false;
        }
        for ch in mantissa.chars() {
            if ch.is_ascii_digit() {
                seen_digit = true;
            } else if ch != '.' && ch != '_' {
                ok = false;
            }
        }
        if let Some(exp) = parts.next() {
            let e = exp.strip_prefix(['+', '-']).unwrap_or(exp);
            ok &= !e.is_empty() && e.chars().all(|c| c.is_ascii_digit());
        }
        ok && seen_digit
    };
    // Timestamps: YYYY-MM-DD, optionally with a time.
    let b = s.as_bytes();
    let is_date = b.len() >= 10
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5..7].iter().all(u8::is_ascii_digit)
        && b[7] == b'-'
        && b[8..10].iter().all(u8::is_ascii_digit);
    is_int || is_float || is_date
}

/// Whether a string may be written plain in block context (go-yaml's `analyze_scalar`).
fn plain_allowed(s: &str) -> bool {
    if s.is_empty() || s.starts_with([' ', '\t']) || s.ends_with([' ', '\t']) {
        return false;
    }
    let first = s.chars().next().unwrap_or(' ');
    if "#,[]{}&*!|>'\"%@`".contains(first) {
        return false;
    }
    if "-?:".contains(first) && (s.len() == 1 || s[1..].starts_with([' ', '\t'])) {
        return false;
    }
    if s.contains(": ") || s.contains(" #") || s.ends_with(':') {
        return false;
    }
    !s.chars().any(|c| c.is_control())
}

/// Writes `text` (already quoted as needed) after `col` columns, folding at spaces once past
/// the best width; continuation lines are indented to `indent`.
fn fold(text: &str, col: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut column = col;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch == ' ' && column > BEST_WIDTH && i + 1 < chars.len() && chars[i + 1] != ' ' && i > 0 && chars[i - 1] != ' ' {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
            i += 1;
            continue;
        }
        out.push(ch);
        column += 1;
        i += 1;
    }
    out
}

/// A scalar at column `col`; `indent` is where continuation lines start.
fn scalar(v: &Value, col: usize, indent: usize) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            if s.is_empty() {
                return "\"\"".into();
            }
            if s.contains('\n') {
                let chomp = if s.ends_with("\n\n") {
                    "+"
                } else if s.ends_with('\n') {
                    ""
                } else {
                    "-"
                };
                let mut out = format!("|{chomp}");
                for line in s.strip_suffix('\n').unwrap_or(s).split('\n') {
                    out.push('\n');
                    if !line.is_empty() {
                        out.push_str(&" ".repeat(indent));
                        out.push_str(line);
                    }
                }
                return out;
            }
            if resolves_to_non_string(s) {
                return format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
            }
            if plain_allowed(s) {
                return fold(s, col, indent);
            }
            fold(&format!("'{}'", s.replace('\'', "''")), col, indent)
        }
        _ => String::new(),
    }
}

fn is_collection(v: &Value) -> bool {
    matches!(v, Value::Object(m) if !m.is_empty()) || matches!(v, Value::Array(a) if !a.is_empty())
}

fn emit(v: &Value, indent: usize, out: &mut String) {
    match v {
        Value::Object(m) => {
            for (k, val) in m {
                out.push_str(&" ".repeat(indent));
                let key = scalar(&Value::String(k.to_string().into()), indent, indent + 2);
                out.push_str(&key);
                out.push(':');
                match val {
                    Value::Object(inner) if !inner.is_empty() => {
                        out.push('\n');
                        emit(val, indent + 2, out);
                    }
                    Value::Array(items) if !items.is_empty() => {
                        out.push('\n');
                        emit(val, indent, out);
                    }
                    Value::Object(_) => out.push_str(" {}\n"),
                    Value::Array(_) => out.push_str(" []\n"),
                    _ => {
                        out.push(' ');
                        let col = indent + key.chars().count() + 2;
                        out.push_str(&scalar(val, col, indent + 2));
                        out.push('\n');
                    }
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                out.push_str(&" ".repeat(indent));
                out.push_str("- ");
                if is_collection(item) {
                    let mut inner = String::new();
                    match item {
                        Value::Array(_) => {
                            emit(item, indent + 2, &mut inner);
                        }
                        _ => emit(item, indent + 2, &mut inner),
                    }
                    // The first line continues after "- ".
                    out.push_str(inner.trim_start_matches(' '));
                } else {
                    match item {
                        Value::Object(_) => out.push_str("{}\n"),
                        Value::Array(_) => out.push_str("[]\n"),
                        _ => {
                            out.push_str(&scalar(item, indent + 2, indent + 2));
                            out.push('\n');
                        }
                    }
                }
            }
        }
        other => {
            out.push_str(&scalar(other, indent, indent + 2));
            out.push('\n');
        }
    }
}

/// A document as `kubectl get -o yaml` prints it.
pub fn to_yaml(v: &Value) -> String {
    let mut out = String::new();
    emit(v, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    #[test]
    fn kubectl_style() {
        let v = json!({"kind": "Job", "metadata": {"creationTimestamp": "2026-12-02T09:26:35Z", "generation": 1, "labels": {"kueue.x-k8s.io/queue-name": "lq"}, "resourceVersion": "1008"},
            "spec": {"template": {"spec": {"containers": [{"command": ["sh", "-c", "echo training; sleep 30"], "resources": {"limits": {"nvidia.com/gpu": "1"}}}], "securityContext": {}}}, "suspend": true}});
        assert_eq!(
            to_yaml(&v),
            "kind: Job\nmetadata:\n  creationTimestamp: \"2026-12-02T09:26:35Z\"\n  generation: 1\n  labels:\n    kueue.x-k8s.io/queue-name: lq\n  resourceVersion: \"1008\"\nspec:\n  suspend: true\n  template:\n    spec:\n      containers:\n      - command:\n        - sh\n        - -c\n        - echo training; sleep 30\n        resources:\n          limits:\n            nvidia.com/gpu: \"1\"\n      securityContext: {}\n"
        );
    }

    #[test]
    fn folds_long_quoted_messages_like_the_reference() {
        let v = json!({"status": {"conditions": [{"message": "couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor fake-gpu, 1 more needed"}]}});
        let y = to_yaml(&v);
        assert!(y.contains("  - message: 'couldn''t assign flavors to pod set main: insufficient unused quota\n      for nvidia.com/gpu in flavor fake-gpu, 1 more needed'\n"), "{y}");
    }

    #[test]
    fn literal_blocks_and_special_strings() {
        let y = to_yaml(&json!({"a": "{\"x\":1}\n", "b": "true", "c": "", "d": "- x", "e": "x: y"}));
        assert_eq!(y, "a: |\n  {\"x\":1}\nb: \"true\"\nc: \"\"\nd: '- x'\ne: 'x: y'\n");
    }
}
