//! Label and field selectors (`apimachinery/pkg/labels`, `fields`): `a=b`, `a!=b`,
//! `a in (x,y)`, `a notin (x)`, `a`, `!a`; field selectors `path=value`, `path!=value`.

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Op {
    Eq(String),
    NotEq(String),
    In(Vec<String>),
    NotIn(Vec<String>),
    Exists,
    DoesNotExist,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LabelSelector {
    reqs: Vec<(String, Op)>,
}

/// Splits on commas that are not inside parentheses.
fn split_top(s: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    parts.push(cur);
    parts
}

impl LabelSelector {
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut reqs = Vec::new();
        if s.trim().is_empty() {
            return Ok(LabelSelector { reqs });
        }
        for part in split_top(s) {
            let p = part.trim();
            let bad = || format!("unable to parse requirement: found '{p}', expected: identifier");
            if p.is_empty() {
                return Err("unable to parse requirement: found '', expected: identifier".into());
            }
            let req = if let Some(k) = p.strip_prefix('!') {
                (k.trim().to_string(), Op::DoesNotExist)
            } else if let Some((k, v)) = p.split_once("!=") {
                (k.trim().to_string(), Op::NotEq(v.trim().to_string()))
            } else if let Some((k, v)) = p.split_once("==") {
                (k.trim().to_string(), Op::Eq(v.trim().to_string()))
            } else if let Some((k, v)) = p.split_once('=') {
                (k.trim().to_string(), Op::Eq(v.trim().to_string()))
            } else if let Some((k, rest)) = p.split_once(" notin ") {
                (k.trim().to_string(), Op::NotIn(set_values(rest).ok_or_else(bad)?))
            } else if let Some((k, rest)) = p.split_once(" in ") {
                (k.trim().to_string(), Op::In(set_values(rest).ok_or_else(bad)?))
            } else {
                (p.to_string(), Op::Exists)
            };
            if req.0.is_empty() || req.0.contains(char::is_whitespace) {
                return Err(bad());
            }
            reqs.push(req);
        }
        Ok(LabelSelector { reqs })
    }

    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.reqs.iter().all(|(k, op)| {
            let v = labels.get(k);
            match op {
                Op::Eq(x) => v == Some(x),
                Op::NotEq(x) => v != Some(x),
                Op::In(xs) => v.is_some_and(|v| xs.contains(v)),
                Op::NotIn(xs) => !v.is_some_and(|v| xs.contains(v)),
                Op::Exists => v.is_some(),
                Op::DoesNotExist => v.is_none(),
            }
        })
    }

    pub fn is_empty(&self) -> bool {
        self.reqs.is_empty()
    }
}

fn set_values(rest: &str) -> Option<Vec<String>> {
    let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some(inner.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
}

/// A field selector: `(path, value, equal?)` terms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FieldSelector {
    pub terms: Vec<(String, String, bool)>,
}

impl FieldSelector {
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut terms = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v, eq) = if let Some((k, v)) = part.split_once("!=") {
                (k, v, false)
            } else if let Some((k, v)) = part.split_once("==") {
                (k, v, true)
            } else if let Some((k, v)) = part.split_once('=') {
                (k, v, true)
            } else {
                return Err(format!("invalid selector: '{s}'; can't understand '{part}'"));
            };
            terms.push((k.trim().to_string(), v.trim().to_string(), eq));
        }
        Ok(FieldSelector { terms })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_selectors() {
        let l: BTreeMap<String, String> = [("app".to_string(), "x".to_string()), ("tier".to_string(), "db".to_string())].into();
        for (sel, want) in [
            ("app=x", true),
            ("app==x,tier=db", true),
            ("app!=x", false),
            ("tier in (db, web)", true),
            ("tier notin (db)", false),
            ("app", true),
            ("!app", false),
            ("missing", false),
            ("", true),
        ] {
            assert_eq!(LabelSelector::parse(sel).unwrap().matches(&l), want, "{sel}");
        }
        assert!(LabelSelector::parse("a b").is_err());
    }
}
