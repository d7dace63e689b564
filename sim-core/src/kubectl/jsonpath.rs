//! kubectl's JSONPath (upstream `client-go/util/jsonpath/jsonpath.go`, missing keys allowed; `kubectl.md` §3.7).
//!
//! `{.a.b}`, `{..x}`, `[n]`, `[a:b]`, `[*]`, `['k.e.y']`, `\.` escapes, filters
//! `[?(@.type=="X")]`, `{range …}{end}`, string literals, several results joined by a space.

use crate::json::Value;

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Field(String),
    Recursive(String),
    Index(i64),
    Slice(Option<i64>, Option<i64>),
    All,
    Filter { path: Vec<Step>, op: Option<String>, value: Option<Value> },
}

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Text(String),
    Path(Vec<Step>),
    Range(Vec<Step>, Vec<Node>),
}

/// Parses a template; the error is client-go's message.
fn parse(template: &str) -> Result<Vec<Node>, String> {
    let mut stack: Vec<(Vec<Step>, Vec<Node>)> = Vec::new();
    let mut nodes: Vec<Node> = Vec::new();
    let mut rest = template;
    while !rest.is_empty() {
        match rest.find('{') {
            None => {
                nodes.push(Node::Text(rest.to_string()));
                break;
            }
            Some(i) => {
                if i > 0 {
                    nodes.push(Node::Text(rest[..i].to_string()));
                }
                let after = &rest[i + 1..];
                let Some(close) = find_close(after) else {
                    // client-go meets an array with no `]` left in the text before it meets the end.
                    let unterminated = after.char_indices().any(|(k, c)| c == '[' && !after[k..].contains(']'));
                    let why = if unterminated { "unterminated array" } else { "unclosed action" };
                    return Err(format!("error parsing jsonpath {template}, {why}"));
                };
                let action = after[..close].trim();
                rest = &after[close + 1..];
                if let Some(r) = action.strip_prefix("range ") {
                    stack.push((parse_path(r.trim())?, std::mem::take(&mut nodes)));
                } else if action == "end" {
                    let Some((path, outer)) = stack.pop() else {
                        return Err(format!("error parsing jsonpath {template}, not in range, nothing to end"));
                    };
                    let body = std::mem::replace(&mut nodes, outer);
                    nodes.push(Node::Range(path, body));
                } else if (action.starts_with('"') && action.ends_with('"') && action.len() >= 2)
                    || (action.starts_with('\'') && action.ends_with('\'') && action.len() >= 2)
                {
                    nodes.push(Node::Text(unquote(&action[1..action.len() - 1])));
                } else {
                    nodes.push(Node::Path(parse_path(action)?));
                }
            }
        }
    }
    if !stack.is_empty() {
        return Err(format!("error parsing jsonpath {template}, unclosed range"));
    }
    Ok(nodes)
}

fn find_close(s: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '"' | '\'') => quote = Some(c),
            (None, '}') => return Some(i),
            _ => {}
        }
    }
    None
}

fn unquote(s: &str) -> String {
    s.replace("\\n", "\n").replace("\\t", "\t").replace("\\\"", "\"")
}

fn parse_path(p: &str) -> Result<Vec<Step>, String> {
    let chars: Vec<char> = p.chars().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    if chars.first() == Some(&'$') {
        i += 1;
    }
    while i < chars.len() {
        match chars[i] {
            '.' => {
                let recursive = chars.get(i + 1) == Some(&'.');
                i += if recursive { 2 } else { 1 };
                let mut name = String::new();
                while i < chars.len() && chars[i] != '.' && chars[i] != '[' {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        name.push(chars[i + 1]);
                        i += 2;
                        continue;
                    }
                    name.push(chars[i]);
                    i += 1;
                }
                if recursive {
                    steps.push(Step::Recursive(name));
                } else if !name.is_empty() {
                    steps.push(Step::Field(name));
                }
            }
            '[' => {
                let start = i + 1;
                let mut depth = 0;
                let mut j = start;
                while j < chars.len() {
                    match chars[j] {
                        '[' => depth += 1,
                        ']' if depth == 0 => break,
                        ']' => depth -= 1,
                        _ => {}
                    }
                    j += 1;
                }
                if j >= chars.len() {
                    return Err(format!("unterminated array: {p}"));
                }
                let inner: String = chars[start..j].iter().collect();
                i = j + 1;
                steps.push(parse_bracket(inner.trim())?);
            }
            c if c.is_whitespace() => i += 1,
            _ => {
                let mut name = String::new();
                while i < chars.len() && chars[i] != '.' && chars[i] != '[' {
                    name.push(chars[i]);
                    i += 1;
                }
                steps.push(Step::Field(name));
            }
        }
    }
    Ok(steps)
}

fn parse_literal(s: &str) -> Value {
    let t = s.trim();
    if (t.starts_with('"') && t.ends_with('"') || t.starts_with('\'') && t.ends_with('\'')) && t.len() >= 2 {
        return Value::String(t[1..t.len() - 1].into());
    }
    serde_json::from_str(t).unwrap_or(Value::String(t.to_string().into()))
}

fn parse_bracket(inner: &str) -> Result<Step, String> {
    if inner == "*" {
        return Ok(Step::All);
    }
    if let Some(f) = inner.strip_prefix("?(").and_then(|f| f.strip_suffix(')')) {
        let f = f.trim();
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if let Some((l, r)) = f.split_once(op) {
                let path = parse_path(l.trim().trim_start_matches('@'))?;
                return Ok(Step::Filter { path, op: Some(op.to_string()), value: Some(parse_literal(r)) });
            }
        }
        return Ok(Step::Filter { path: parse_path(f.trim_start_matches('@'))?, op: None, value: None });
    }
    if (inner.starts_with('\'') || inner.starts_with('"')) && inner.len() >= 2 {
        return Ok(Step::Field(inner[1..inner.len() - 1].to_string()));
    }
    if let Some((a, b)) = inner.split_once(':') {
        let n = |s: &str| s.trim().parse::<i64>().ok();
        return Ok(Step::Slice(n(a), n(b.split(':').next().unwrap_or(""))));
    }
    inner.parse::<i64>().map(Step::Index).map_err(|_| format!("invalid array index {inner}"))
}

fn descend(v: &Value, name: &str, out: &mut Vec<Value>) {
    match v {
        Value::Object(m) => {
            if let Some(x) = m.get(name) {
                out.push(x.clone());
            }
            for x in m.values() {
                descend(x, name, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| descend(x, name, out)),
        _ => {}
    }
}

fn compare(a: &Value, op: &str, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => match op {
            "==" => x == y,
            "!=" => x != y,
            "<" => x < y,
            ">" => x > y,
            "<=" => x <= y,
            _ => x >= y,
        },
        _ => {
            let (x, y) = (
                a.as_str().map(str::to_string).unwrap_or_else(|| a.to_string()),
                b.as_str().map(str::to_string).unwrap_or_else(|| b.to_string()),
            );
            match op {
                "==" => x == y,
                "!=" => x != y,
                "<" => x < y,
                ">" => x > y,
                "<=" => x <= y,
                _ => x >= y,
            }
        }
    }
}

fn eval(steps: &[Step], roots: Vec<Value>) -> Result<Vec<Value>, String> {
    let mut cur = roots;
    for step in steps {
        let mut next = Vec::new();
        for v in cur {
            match step {
                Step::Field(name) => {
                    if let Some(x) = v.get(name.as_str()) {
                        next.push(x.clone());
                    }
                }
                Step::Recursive(name) => descend(&v, name, &mut next),
                Step::All => match v {
                    Value::Array(a) => next.extend(a),
                    Value::Object(m) => next.extend(m.into_values()),
                    _ => {}
                },
                Step::Index(i) => {
                    if let Value::Array(a) = &v {
                        let idx = if *i < 0 { a.len() as i64 + i } else { *i };
                        if idx < 0 || idx as usize >= a.len() {
                            return Err(format!("array index out of bounds: index {i}, length {}", a.len()));
                        }
                        next.push(a[idx as usize].clone());
                    }
                }
                Step::Slice(a, b) => {
                    if let Value::Array(arr) = &v {
                        let len = arr.len() as i64;
                        let norm = |x: i64| if x < 0 { (len + x).max(0) } else { x.min(len) };
                        let s = norm(a.unwrap_or(0));
                        let e = norm(b.unwrap_or(len));
                        if s < e {
                            next.extend(arr[s as usize..e as usize].iter().cloned());
                        }
                    }
                }
                Step::Filter { path, op, value } => {
                    if let Value::Array(a) = &v {
                        for item in a {
                            let found = eval(path, vec![item.clone()])?;
                            let keep = match (op, value) {
                                (Some(op), Some(val)) => found.iter().any(|f| compare(f, op, val)),
                                _ => !found.is_empty(),
                            };
                            if keep {
                                next.push(item.clone());
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    Ok(cur)
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Null => "null".into(),
        other => super::json::go_escape(&other.to_string()),
    }
}

fn render(nodes: &[Node], root: &Value, out: &mut String) -> Result<(), String> {
    for n in nodes {
        match n {
            Node::Text(t) => out.push_str(t),
            Node::Path(p) => {
                let vals = eval(p, vec![root.clone()])?;
                out.push_str(&vals.iter().map(text).collect::<Vec<_>>().join(" "));
            }
            Node::Range(p, body) => {
                for item in eval(p, vec![root.clone()])? {
                    render(body, &item, out)?;
                }
            }
        }
    }
    Ok(())
}

/// Executes `template` on `root`. Errors: (`parse` message) or (`execute` message).
pub fn execute(template: &str, root: &Value) -> Result<String, (bool, String)> {
    let nodes = parse(template).map_err(|e| (true, e))?;
    let mut out = String::new();
    render(&nodes, root, &mut out).map_err(|e| (false, e))?;
    Ok(out)
}

/// The results as `-o jsonpath-as-json` prints them.
pub fn execute_as_json(template: &str, root: &Value) -> Result<Vec<Value>, (bool, String)> {
    let nodes = parse(template).map_err(|e| (true, e))?;
    let mut all = Vec::new();
    for n in &nodes {
        if let Node::Path(p) = n {
            all.extend(eval(p, vec![root.clone()]).map_err(|e| (false, e))?);
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    #[test]
    fn the_references_examples() {
        let list = json!({"kind": "List", "items": [
            {"metadata": {"name": "a"}, "status": {"phase": "Pending", "conditions": [{"type": "QuotaReserved", "status": "False"}]}},
            {"metadata": {"name": "b"}, "status": {"phase": "Running", "conditions": [{"type": "QuotaReserved", "status": "True"}]}, "spec": {"nodeName": "n1"}},
        ]});
        assert_eq!(execute("{.items[*].metadata.name}", &list).unwrap(), "a b");
        assert_eq!(
            execute("{range .items[*]}{.metadata.name}{\"\\t\"}{.status.phase}{\"\\n\"}{end}", &list).unwrap(),
            "a\tPending\nb\tRunning\n"
        );
        assert_eq!(
            execute(
                "{range .items[*]}{.metadata.name}{\" \"}{.status.conditions[?(@.type==\"QuotaReserved\")].status}{\"\\n\"}{end}",
                &list
            )
            .unwrap(),
            "a False\nb True\n"
        );
        assert_eq!(execute("{.items[*].spec.nodeName}", &list).unwrap(), "n1");
        assert_eq!(execute("{.kind}", &list).unwrap(), "List");
        assert_eq!(
            execute("{.items[0].status}", &list).unwrap(),
            r#"{"conditions":[{"status":"False","type":"QuotaReserved"}],"phase":"Pending"}"#
        );
        let node = json!({"status": {"allocatable": {"nvidia.com/gpu": "4"}}});
        assert_eq!(execute("{.status.allocatable.nvidia\\.com/gpu}", &node).unwrap(), "4");
        assert_eq!(execute("{.status.allocatable['nvidia.com/gpu']}", &node).unwrap(), "4");
        assert_eq!(
            execute("{.items[*].metadata.name", &list).unwrap_err().1,
            "error parsing jsonpath {.items[*].metadata.name, unclosed action"
        );
        assert_eq!(execute("{.missing.field}", &list).unwrap(), "");
    }
}
