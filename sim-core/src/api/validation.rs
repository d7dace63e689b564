//! Name, label and annotation validation with apimachinery's exact messages
//! (`apimachinery/pkg/util/validation`), and a CRD's OpenAPI schema checked the way
//! kube-apiserver 1.32 checks it (kube-openapi's validators, `apiextensions-apiserver`'s
//! `kubeOpenAPIResultToFieldErrors` and `structurallisttype`).
//!
//! Two generations of apimachinery speak here: the cluster's kube-apiserver (1.32) says a
//! string "must be no more than 63 characters"; Kueue's webhooks are built with apimachinery
//! 0.36, whose `api/validate/content` package (`IsLabelKey`, `IsLabelValue`) says "bytes".

use super::status::Cause;
use crate::json::{MemberKey, Value};
use std::cell::Cell;

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";

fn is_label(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-') && b[0] != b'-' && b[b.len() - 1] != b'-'
}

/// Labels (`is_label`) joined by dots, in one pass over the bytes: every name and label key
/// of every object written is checked, and splitting at the dots was most of the check.
/// The same as the labels' rules: nothing but lowercase alphanumerics, '-' and '.'; an
/// alphanumeric first and last; no dot beside another dot or a '-' (an empty label, or one
/// that starts or ends with '-').
fn is_subdomain(s: &str) -> bool {
    let b = s.as_bytes();
    let alnum = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else { return false };
    if !alnum(first) || !alnum(last) {
        return false;
    }
    // Only the labels' bytes and dots, and a dot has an alphanumeric on each side (the last
    // byte is one, so a dot's right side is checked by the byte after it).
    let mut prev = first;
    for &c in &b[1..] {
        let fits = match c {
            b'a'..=b'z' | b'0'..=b'9' => true,
            b'-' => prev != b'.',
            b'.' => alnum(prev),
            _ => false,
        };
        if !fits {
            return false;
        }
        prev = c;
    }
    true
}

/// `IsDNS1123Label`: the problems with `s` (empty when valid).
pub fn dns1123_label(s: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if s.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !is_label(s) {
        errs.push(format!(
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '{DNS1123_LABEL_FMT}')"
        ));
    }
    errs
}

/// `IsDNS1123Subdomain`.
pub fn dns1123_subdomain(s: &str) -> Vec<String> {
    dns1123_subdomain_in(s, "characters")
}

fn dns1123_subdomain_in(s: &str, unit: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if s.len() > 253 {
        errs.push(format!("must be no more than 253 {unit}"));
    }
    if !is_subdomain(s) {
        errs.push(format!(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '{DNS1123_LABEL_FMT}(\\.{DNS1123_LABEL_FMT})*')"
        ));
    }
    errs
}

fn is_qualified_name_part(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
}

const QUALIFIED_NAME_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/// `IsQualifiedName` (label and annotation keys), as kube-apiserver 1.32 words it.
pub fn qualified_name(key: &str) -> Vec<String> {
    qualified_name_in(key, "a qualified name", "characters")
}

/// `content.IsLabelKey` (apimachinery 0.36, which Kueue's webhooks are built with).
pub fn label_key(key: &str) -> Vec<String> {
    qualified_name_in(key, "a valid label key", "bytes")
}

fn qualified_name_in(key: &str, what: &str, unit: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let name = match key.split_once('/') {
        None => key,
        Some((prefix, name)) if !name.contains('/') => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_string());
            } else {
                errs.extend(dns1123_subdomain_in(prefix, unit).into_iter().map(|m| format!("prefix part {m}")));
            }
            name
        }
        Some(_) => {
            errs.push(format!("{what} {QUALIFIED_NAME_MSG} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        errs.push(format!("name part must be no more than 63 {unit}"));
    }
    if !is_qualified_name_part(name) {
        errs.push(format!("name part {QUALIFIED_NAME_MSG}"));
    }
    errs
}

/// `IsValidLabelValue`, as kube-apiserver 1.32 words it.
pub fn label_value(v: &str) -> Vec<String> {
    label_value_in(v, "characters")
}

/// `content.IsLabelValue` (apimachinery 0.36).
pub fn label_value_content(v: &str) -> Vec<String> {
    label_value_in(v, "bytes")
}

fn label_value_in(v: &str, unit: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > 63 {
        errs.push(format!("must be no more than 63 {unit}"));
    }
    if !v.is_empty() && !is_qualified_name_part(v) {
        errs.push("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')".to_string());
    }
    errs
}

/// A CRD's structural schema, transcribed from `config/components/crd/bases/*.yaml`: only
/// what the simulator checks (types, enums, lengths, patterns, minimums, item counts,
/// required properties, list-map keys). `Any` is not checked.
#[derive(Debug)]
pub enum Schema {
    Str(Str),
    /// `x-kubernetes-int-or-string` with `anyOf: [integer, string]` and the quantity pattern.
    Quantity,
    Int {
        min: Option<i64>,
    },
    Bool,
    /// Properties in the order they are checked, and the required ones.
    Object {
        props: &'static [(&'static str, Schema)],
        required: &'static [&'static str],
    },
    /// `additionalProperties: <schema>`.
    Map(&'static Schema),
    Array {
        items: &'static Schema,
        min: Option<usize>,
        max: Option<usize>,
        list: ListType,
    },
    Any,
}

/// A string's rules.
#[derive(Debug)]
pub struct Str {
    pub max_len: Option<usize>,
    pub min_len: Option<usize>,
    pub pattern: Option<Pattern>,
    pub one_of: &'static [&'static str],
}

impl Str {
    pub const ANY: Str = Str { max_len: None, min_len: None, pattern: None, one_of: &[] };
}

/// `x-kubernetes-list-type`.
#[derive(Debug, Clone, Copy)]
pub enum ListType {
    Atomic,
    Set,
    /// `map` with its `x-kubernetes-list-map-keys`.
    Map(&'static [&'static str]),
}

/// The regular expressions Kueue's CRDs use.
#[derive(Debug, Clone, Copy)]
pub enum Pattern {
    DnsSubdomain,
    DnsLabel,
    Quantity,
}

impl Pattern {
    /// The pattern as the CRD (and so the error message) spells it.
    pub fn text(self) -> &'static str {
        match self {
            Pattern::DnsSubdomain => r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$",
            Pattern::DnsLabel => r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$",
            Pattern::Quantity => {
                r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$"
            }
        }
    }

    pub fn matches(self, s: &str) -> bool {
        match self {
            Pattern::DnsSubdomain => !s.is_empty() && s.split('.').all(is_label),
            Pattern::DnsLabel => is_label(s),
            Pattern::Quantity => {
                let s = s.strip_prefix(['+', '-']).unwrap_or(s);
                let Some(rest) = decimal(s) else { return false };
                match rest {
                    "" | "n" | "u" | "m" | "k" | "M" | "G" | "T" | "P" | "E" => true,
                    "Ki" | "Mi" | "Gi" | "Ti" | "Pi" | "Ei" => true,
                    e if e.starts_with(['e', 'E']) => {
                        let e = &e[1..];
                        decimal(e.strip_prefix(['+', '-']).unwrap_or(e)) == Some("")
                    }
                    _ => false,
                }
            }
        }
    }
}

/// `([0-9]+(\.[0-9]*)?)|(\.[0-9]+)` at the start of `s`: what follows it.
fn decimal(s: &str) -> Option<&str> {
    let digits = |x: &str| x.len() - x.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let int = digits(s);
    let rest = &s[int..];
    match rest.strip_prefix('.') {
        Some(frac) => {
            let f = digits(frac);
            (int > 0 || f > 0).then(|| &frac[f..])
        }
        None => (int > 0).then_some(rest),
    }
}

/// The JSON type name the apiserver reports for a value.
pub fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// A value as `field.Error` prints it (kube-apiserver 1.32): strings quoted, numbers and
/// booleans bare, anything else as Go's `%#v` of the decoded JSON.
pub fn go_value(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "\"null\"".to_string(),
        other => go_sharp_v(other),
    }
}

/// Go's `%#v` of a decoded JSON value (`map[string]interface {}{"name":"x"}`).
pub fn go_sharp_v(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&MemberKey> = m.keys().collect();
            crate::sort::sort(&mut keys);
            let inner: Vec<String> = keys.iter().map(|k| format!("{k:?}:{}", go_sharp_v_elem(&m[k.as_str()]))).collect();
            format!("map[string]interface {{}}{{{}}}", inner.join(", "))
        }
        Value::Array(a) => {
            let inner: Vec<String> = a.iter().map(go_sharp_v_elem).collect();
            format!("[]interface {{}}{{{}}}", inner.join(", "))
        }
        other => go_sharp_v_elem(other),
    }
}

fn go_sharp_v_elem(v: &Value) -> String {
    match v {
        Value::Null => "interface {}(nil)".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) if n.is_i64() || n.is_u64() => n.to_string(),
        Value::Number(n) => format!("{}", n.as_f64().unwrap_or(0.0)),
        Value::String(s) => format!("{s:?}"),
        other => go_sharp_v(other),
    }
}

fn child(path: &str, name: &str) -> String {
    let mut p = path.to_string();
    push_field(&mut p, name);
    p
}

/// `path` + `.name` (or `name` at the root), written into the walk's one path buffer: a schema
/// walk visits every field of an object, and a new string per field was most of its cost.
fn push_field(path: &mut String, name: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(name);
}

/// `path` + `[i]`.
fn push_index(path: &mut String, i: usize) {
    use std::fmt::Write;
    let _ = write!(path, "[{i}]");
}

fn type_invalid(path: &str, v: &Value, expected: &str) -> Cause {
    let t = json_type(v);
    Cause {
        reason: "FieldValueTypeInvalid",
        field: path.to_string(),
        message: format!("Invalid value: {t:?}: {path} in body must be of type {expected}: {t:?}"),
    }
}

/// The OpenAPI schema errors for `v` at `path`, in kube-openapi's order: the type, `anyOf`,
/// string length and pattern (first failure only), minimum, items then their count, enum,
/// then an object's properties (in the schema's order) and its missing required properties.
pub fn openapi(schema: &Schema, v: &Value, path: &str, out: &mut Vec<Cause>) {
    openapi_at(schema, v, &mut path.to_string(), out);
}

/// `openapi` with `path` as a buffer each level extends and restores.
fn openapi_at(schema: &Schema, v: &Value, path: &mut String, out: &mut Vec<Cause>) {
    match schema {
        Schema::Any => {}
        Schema::Str(rules) => {
            match v.as_str() {
                None => out.push(type_invalid(path, v, "string")),
                Some(s) => {
                    let chars = s.chars().count();
                    if let Some(max) = rules.max_len.filter(|m| chars > *m) {
                        out.push(Cause {
                            reason: "FieldValueTooLong",
                            field: path.to_string(),
                            message: format!("Too long: may not be more than {max} bytes"),
                        });
                    } else if let Some(min) = rules.min_len.filter(|m| chars < *m) {
                        out.push(Cause::invalid(
                            path.as_str(),
                            &go_value(v),
                            &format!("{path} in body should be at least {min} chars long"),
                        ));
                    } else if let Some(p) = rules.pattern.filter(|p| !p.matches(s)) {
                        out.push(Cause::invalid(path.as_str(), &go_value(v), &format!("{path} in body should match '{}'", p.text())));
                    }
                }
            }
            if !rules.one_of.is_empty() && !v.as_str().is_some_and(|s| rules.one_of.contains(&s)) {
                let list: Vec<String> = rules.one_of.iter().map(|s| format!("{s:?}")).collect();
                out.push(Cause {
                    reason: "FieldValueNotSupported",
                    field: path.to_string(),
                    message: format!("Unsupported value: {}: supported values: {}", go_value(v), list.join(", ")),
                });
            }
        }
        Schema::Quantity => match v {
            Value::String(s) => {
                if !Pattern::Quantity.matches(s) {
                    out.push(Cause::invalid(
                        path.as_str(),
                        &go_value(v),
                        &format!("{path} in body should match '{}'", Pattern::Quantity.text()),
                    ));
                }
            }
            _ if json_type(v) == "integer" => {}
            _ => {
                out.push(type_invalid(path, v, "integer,string"));
                out.push(Cause::invalid("<nil>", "\"\"", &format!("{path:?} must validate at least one schema (anyOf)")));
                out.push(type_invalid(path, v, "integer"));
            }
        },
        Schema::Int { min } => {
            if json_type(v) != "integer" {
                out.push(type_invalid(path, v, "integer"));
            } else if let Some(min) = *min {
                let n = v.as_f64().unwrap_or(0.0);
                if n < min as f64 {
                    out.push(Cause::invalid(
                        path.as_str(),
                        &go_value(v),
                        &format!("{path} in body should be greater than or equal to {min}"),
                    ));
                }
            }
        }
        Schema::Bool => {
            if !v.is_boolean() {
                out.push(type_invalid(path, v, "boolean"));
            }
        }
        Schema::Map(values) => match v.as_object() {
            None => out.push(type_invalid(path, v, "object")),
            Some(m) => {
                for (k, x) in m {
                    let len = path.len();
                    push_field(path, k);
                    openapi_at(values, x, path, out);
                    path.truncate(len);
                }
            }
        },
        Schema::Array { items, min, max, .. } => match v.as_array() {
            None => out.push(type_invalid(path, v, "array")),
            Some(a) => {
                for (i, x) in a.iter().enumerate() {
                    let len = path.len();
                    push_index(path, i);
                    openapi_at(items, x, path, out);
                    path.truncate(len);
                }
                if let Some(min) = min.filter(|m| a.len() < *m) {
                    out.push(Cause::invalid(
                        path.as_str(),
                        &a.len().to_string(),
                        &format!("{path} in body should have at least {min} items"),
                    ));
                }
                if let Some(max) = max.filter(|m| a.len() > *m) {
                    out.push(Cause {
                        reason: "FieldValueTooMany",
                        field: path.to_string(),
                        message: format!("Too many: {}: must have at most {max} items", a.len()),
                    });
                }
            }
        },
        Schema::Object { props, required } => match v.as_object() {
            None => out.push(type_invalid(path, v, "object")),
            Some(m) => {
                for (name, sub) in props.iter() {
                    if let Some(x) = m.get(*name) {
                        let len = path.len();
                        push_field(path, name);
                        openapi_at(sub, x, path, out);
                        path.truncate(len);
                    }
                }
                for name in required.iter() {
                    if !m.contains_key(*name) {
                        out.push(Cause::required(child(path, name), ""));
                    }
                }
            }
        },
    }
}

/// `structurallisttype.ValidateListSetsAndMaps`: a list-type `map` may hold each key once
/// (`Duplicate value: map[string]interface {}{"name":"x"}`), a `set` each value once.
pub fn list_sets_and_maps(schema: &Schema, v: &Value, path: &str, out: &mut Vec<Cause>) {
    list_sets_and_maps_at(schema, v, &mut path.to_string(), out);
}

/// `list_sets_and_maps` with `path` as a buffer each level extends and restores.
fn list_sets_and_maps_at(schema: &Schema, v: &Value, path: &mut String, out: &mut Vec<Cause>) {
    match (schema, v) {
        (Schema::Object { props, .. }, Value::Object(m)) => {
            for (name, sub) in props.iter() {
                if let Some(x) = m.get(*name) {
                    let len = path.len();
                    push_field(path, name);
                    list_sets_and_maps_at(sub, x, path, out);
                    path.truncate(len);
                }
            }
        }
        (Schema::Map(values), Value::Object(m)) => {
            for (k, x) in m {
                let len = path.len();
                push_field(path, k);
                list_sets_and_maps_at(values, x, path, out);
                path.truncate(len);
            }
        }
        (Schema::Array { items, list, .. }, Value::Array(a)) => {
            match list {
                ListType::Atomic => {}
                ListType::Set => {
                    for (i, x) in a.iter().enumerate() {
                        if a[..i].contains(x) {
                            out.push(Cause::duplicate(format!("{path}[{i}]"), &go_value(x)));
                        }
                    }
                }
                ListType::Map(keys) => {
                    let key_of = |x: &Value| -> Option<crate::json::Map> {
                        let m = x.as_object()?;
                        Some(keys.iter().filter_map(|k| m.get(*k).map(|v| (k.to_string(), v.clone()))).collect())
                    };
                    if a.iter().all(Value::is_object) && a.len() > 1 {
                        for (i, x) in a.iter().enumerate() {
                            let key = key_of(x);
                            if a[..i].iter().any(|y| key_of(y) == key) {
                                out.push(Cause::duplicate(format!("{path}[{i}]"), &go_sharp_v(&Value::Object(key.unwrap_or_default()))));
                            }
                        }
                    }
                }
            }
            for (i, x) in a.iter().enumerate() {
                let len = path.len();
                push_index(path, i);
                list_sets_and_maps_at(items, x, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// Whether CEL rules are skipped (`hasBlockingErr`): a missing, unsupported, too long, too
/// many or wrongly typed value.
pub fn blocks_cel(causes: &[Cause]) -> bool {
    causes.iter().any(|c| {
        matches!(
            c.reason,
            "FieldValueNotSupported" | "FieldValueRequired" | "FieldValueTooLong" | "FieldValueTooMany" | "FieldValueTypeInvalid"
        )
    })
}

/// The cause the apiserver adds when it skipped the CEL rules.
pub fn cel_not_checked() -> Cause {
    Cause::invalid(
        "<nil>",
        "\"null\"",
        "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
    )
}

/// A failed CEL rule (`x-kubernetes-validations`): the value shown is the schema type.
pub fn cel(path: &str, schema_type: &str, message: &str) -> Cause {
    Cause::invalid(if path.is_empty() { "<nil>" } else { path }, &format!("{schema_type:?}"), message)
}

/// Validates `metadata.name` (label rules for namespaces, subdomain rules otherwise) and labels.
/// `qualified_name` of a label or annotation key, remembering the keys found valid. Every
/// object written has its keys checked, and nearly all are a few the controllers write again
/// and again (`batch.kubernetes.io/job-name`). A member key's text is `'static` — interned, or
/// a literal — and never freed, so its address and length name its content for the life of
/// the process: the answer for a key remembered cannot change. A small table, one slot per
/// address's hash (a key found elsewhere is checked again and takes the slot).
fn member_key_problems(key: &MemberKey) -> Vec<String> {
    thread_local! {
        static VALID: [Cell<(usize, usize)>; 32] = const { [const { Cell::new((0, 0)) }; 32] };
    }
    let text = key.as_str();
    let at = (text.as_ptr() as usize, text.len());
    let slot = (at.0 >> 3) % 32;
    if VALID.with(|v| v[slot].get() == at) {
        return Vec::new();
    }
    let problems = qualified_name(text);
    if problems.is_empty() {
        VALID.with(|v| v[slot].set(at));
    }
    problems
}

pub fn object_meta(meta: &crate::json::Value, name_is_label: bool) -> Vec<Cause> {
    let mut causes = Vec::new();
    let name = meta.get("name").and_then(|v| v.as_str()).unwrap_or("");
    let generate = meta.get("generateName").and_then(|v| v.as_str()).unwrap_or("");
    if name.is_empty() && generate.is_empty() {
        causes.push(Cause::required("metadata.name", "name or generateName is required"));
    } else if !name.is_empty() {
        let problems = if name_is_label { dns1123_label(name) } else { dns1123_subdomain(name) };
        causes.extend(problems.into_iter().map(|m| Cause::invalid("metadata.name", &format!("{name:?}"), &m)));
    }
    if let Some(labels) = meta.get("labels").and_then(|v| v.as_object()) {
        for (k, v) in labels {
            for m in member_key_problems(k) {
                causes.push(Cause::invalid("metadata.labels", &format!("{k:?}"), &m));
            }
            let value = v.as_str().unwrap_or("");
            for m in label_value(value) {
                causes.push(Cause::invalid("metadata.labels", &format!("{value:?}"), &m));
            }
        }
    }
    if let Some(annotations) = meta.get("annotations").and_then(|v| v.as_object()) {
        for k in annotations.keys() {
            for m in member_key_problems(k) {
                causes.push(Cause::invalid("metadata.annotations", &format!("{k:?}"), &m));
            }
        }
    }
    causes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Remembered or not, a label key gets the problems `qualified_name` finds: valid keys and
    /// invalid ones (some a valid key's prefix), checked many times over in shifting orders,
    /// more of them than the table has slots. (The length kept beside the address guards
    /// against two literals that start at one address; no test here can make such a pair.)
    #[test]
    fn a_key_remembered_valid_is_valid_and_no_other() {
        let mut texts: Vec<String> = Vec::new();
        for i in 0..40 {
            texts.push(format!("example.com/key-{i}"));
            texts.push(format!("example.com/key-{i}-"));
            texts.push(format!("-key-{i}"));
            texts.push(format!("key_{i}"));
        }
        texts.extend(["batch.kubernetes.io/job-name", "batch.kubernetes.io/job", "batch.", "a/b/c", "", "/x", "x/"].map(String::from));
        for round in 0..6 {
            for (i, t) in texts.iter().enumerate() {
                if (i + round) % 3 == 0 {
                    continue;
                }
                assert_eq!(member_key_problems(&MemberKey::new(t)), qualified_name(t), "{t:?} in round {round}");
            }
        }
        // Literal keys, which are not copied into the interner's texts.
        let literal = crate::json::json!({"batch.kubernetes.io/job-name": 1, "batch.kubernetes.io/job-": 2});
        for _ in 0..3 {
            for k in literal.as_object().unwrap().keys() {
                assert_eq!(member_key_problems(k), qualified_name(k), "{k:?}");
            }
        }
    }

    /// The one-pass check says what the labels joined by dots say, for every text of up to six
    /// bytes from an alphabet with each kind of byte (and one the rules refuse).
    #[test]
    fn subdomains_are_labels_joined_by_dots() {
        let alphabet = [b'a', b'7', b'-', b'.', b'A', b'_'];
        let mut texts = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..6 {
            last = last.iter().flat_map(|t| alphabet.iter().map(move |&c| format!("{t}{}", c as char))).collect();
            texts.extend(last.iter().cloned());
        }
        for t in &texts {
            let by_labels = !t.is_empty() && t.split('.').all(is_label);
            assert_eq!(is_subdomain(t), by_labels, "{t:?}");
        }
    }

    #[test]
    fn names() {
        assert!(dns1123_label("team-a").is_empty());
        assert_eq!(dns1123_label("Team_A").len(), 1);
        assert!(dns1123_subdomain("fake-gpu.example").is_empty());
        assert!(!dns1123_subdomain("-x").is_empty());
        assert!(qualified_name("kueue.x-k8s.io/queue-name").is_empty());
        assert!(!qualified_name("bad key").is_empty());
        assert!(label_value("").is_empty());
        assert!(!label_value("a b").is_empty());
    }
}
