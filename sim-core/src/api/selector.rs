//! Label and field selectors (`apimachinery/pkg/labels`, `fields`): `a=b`, `a!=b`,
//! `a in (x,y)`, `a notin (x)`, `a`, `!a`; field selectors `path=value`, `path!=value`.

use kube_core::{Expression, Selector, SelectorExt};
use std::collections::{BTreeMap, BTreeSet};

/// A parsed label selector: kube-rs's `Selector` (its expressions and matching), parsed here
/// from the text a client sends so that a malformed one gets apimachinery's error.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LabelSelector(Selector);

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
        let mut exprs = Vec::new();
        if s.trim().is_empty() {
            return Ok(LabelSelector::default());
        }
        for part in split_top(s) {
            let p = part.trim();
            let bad = || format!("unable to parse requirement: found '{p}', expected: identifier");
            if p.is_empty() {
                return Err("unable to parse requirement: found '', expected: identifier".into());
            }
            let key = |k: &str| -> Result<String, String> {
                let k = k.trim();
                if k.is_empty() || k.contains(char::is_whitespace) {
                    return Err(bad());
                }
                Ok(k.to_string())
            };
            let expr = if let Some(k) = p.strip_prefix('!') {
                Expression::DoesNotExist(key(k)?)
            } else if let Some((k, v)) = p.split_once("!=") {
                Expression::NotEqual(key(k)?, v.trim().to_string())
            } else if let Some((k, v)) = p.split_once("==") {
                Expression::Equal(key(k)?, v.trim().to_string())
            } else if let Some((k, v)) = p.split_once('=') {
                Expression::Equal(key(k)?, v.trim().to_string())
            } else if let Some((k, rest)) = p.split_once(" notin ") {
                Expression::NotIn(key(k)?, set_values(rest).ok_or_else(bad)?)
            } else if let Some((k, rest)) = p.split_once(" in ") {
                Expression::In(key(k)?, set_values(rest).ok_or_else(bad)?)
            } else {
                Expression::Exists(key(p)?)
            };
            exprs.push(expr);
        }
        Ok(LabelSelector(exprs.into_iter().collect()))
    }

    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.0.matches(labels)
    }

    pub fn is_empty(&self) -> bool {
        self.0.selects_all()
    }
}

fn set_values(rest: &str) -> Option<BTreeSet<String>> {
    let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some(crate::sort::set_from(inner.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty())))
}

/// Whether `labels` match a `metav1.LabelSelector` object (`matchLabels`, `matchExpressions`), as
/// `LabelSelectorAsSelector` reads it; one that does not convert (an unknown operator) matches
/// nothing.
pub fn object_matches(selector: &crate::json::Value, labels: &BTreeMap<String, String>) -> bool {
    let Ok(typed) = crate::json::from_value::<k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector>(selector.clone()) else {
        return false;
    };
    Selector::try_from(typed).is_ok_and(|s| s.matches(labels))
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

    /// The value `path` must equal, if a term asks for one.
    pub fn equal(&self, path: &str) -> Option<&str> {
        self.terms.iter().find(|(p, _, eq)| *eq && p == path).map(|(_, v, _)| v.as_str())
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
        assert_eq!(LabelSelector::parse("a in (x").unwrap_err(), "unable to parse requirement: found 'a in (x', expected: identifier");
        assert!(LabelSelector::parse("").unwrap().is_empty());
    }

    #[test]
    fn selector_objects() {
        let l: BTreeMap<String, String> = [("team".to_string(), "a".to_string())].into();
        let m = |v: crate::json::Value| object_matches(&v, &l);
        assert!(m(crate::json::json!({})));
        assert!(m(crate::json::json!({"matchLabels": {"team": "a"}})));
        assert!(!m(crate::json::json!({"matchLabels": {"team": "b"}})));
        assert!(m(crate::json::json!({"matchExpressions": [{"key": "team", "operator": "In", "values": ["a", "b"]}]})));
        assert!(m(crate::json::json!({"matchExpressions": [{"key": "tier", "operator": "DoesNotExist"}]})));
        assert!(!m(crate::json::json!({"matchExpressions": [{"key": "team", "operator": "NotIn", "values": ["a"]}]})));
        assert!(!m(crate::json::json!({"matchExpressions": [{"key": "team", "operator": "Sideways"}]})));
    }
}
