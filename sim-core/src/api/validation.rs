//! Name, label and annotation validation with apimachinery's exact messages
//! (`apimachinery/pkg/util/validation`).

use super::status::Cause;

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";

fn is_label(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-') && b[0] != b'-' && b[b.len() - 1] != b'-'
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
    let mut errs = Vec::new();
    if s.len() > 253 {
        errs.push("must be no more than 253 characters".to_string());
    }
    if s.is_empty() || !s.split('.').all(is_label) {
        errs.push(format!(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '{DNS1123_LABEL_FMT}(\\.{DNS1123_LABEL_FMT})*')"
        ));
    }
    errs
}

fn is_qualified_name_part(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
}

/// `IsQualifiedName` (label and annotation keys).
pub fn qualified_name(key: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let (prefix, name) = match key.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    if let Some(p) = prefix {
        if p.is_empty() {
            errs.push("prefix part must be non-empty".to_string());
        } else {
            errs.extend(dns1123_subdomain(p).into_iter().map(|m| format!("prefix part {m}")));
        }
    }
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        errs.push("name part must be no more than 63 characters".to_string());
    } else if !is_qualified_name_part(name) {
        errs.push("name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')".to_string());
    }
    errs
}

/// `IsValidLabelValue`.
pub fn label_value(v: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !v.is_empty() && !is_qualified_name_part(&v[..v.len().min(63)]) {
        errs.push("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')".to_string());
    }
    errs
}

/// Validates `metadata.name` (label rules for namespaces, subdomain rules otherwise) and labels.
pub fn object_meta(meta: &serde_json::Value, name_is_label: bool) -> Vec<Cause> {
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
            for m in qualified_name(k) {
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
            for m in qualified_name(k) {
                causes.push(Cause::invalid("metadata.annotations", &format!("{k:?}"), &m));
            }
        }
    }
    causes
}

#[cfg(test)]
mod tests {
    use super::*;

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
