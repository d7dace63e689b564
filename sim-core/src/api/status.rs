//! API errors in the shape kube-apiserver returns (`metav1.Status`), with the exact messages of
//! `apimachinery/pkg/api/errors` and `field.Error` (`shared/reference/kubectl.md` §1.2, §2.3).

use crate::json::{json, Value};
use std::fmt;

/// One `field.Error`, already rendered (`spec.x: Invalid value: "y": detail`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cause {
    /// `FieldValueInvalid`, `FieldValueRequired`, `FieldValueNotSupported`, …
    pub reason: &'static str,
    pub field: String,
    /// The text after `<field>: `.
    pub message: String,
}

impl Cause {
    pub fn invalid(field: impl Into<String>, value: &str, detail: &str) -> Self {
        Cause { reason: "FieldValueInvalid", field: field.into(), message: format!("Invalid value: {value}: {detail}") }
    }
    pub fn required(field: impl Into<String>, detail: &str) -> Self {
        let message = if detail.is_empty() { "Required value".to_string() } else { format!("Required value: {detail}") };
        Cause { reason: "FieldValueRequired", field: field.into(), message }
    }
    pub fn not_supported(field: impl Into<String>, value: &str, supported: &[&str]) -> Self {
        let list: Vec<String> = supported.iter().map(|s| format!("{s:?}")).collect();
        Cause {
            reason: "FieldValueNotSupported",
            field: field.into(),
            message: format!("Unsupported value: {value:?}: supported values: {}", list.join(", ")),
        }
    }
    pub fn forbidden(field: impl Into<String>, detail: &str) -> Self {
        Cause { reason: "FieldValueForbidden", field: field.into(), message: format!("Forbidden: {detail}") }
    }
    pub fn duplicate(field: impl Into<String>, value: &str) -> Self {
        Cause { reason: "FieldValueDuplicate", field: field.into(), message: format!("Duplicate value: {value}") }
    }
    /// `field: message`, as it appears in messages.
    pub fn text(&self) -> String {
        format!("{}: {}", self.field, self.message)
    }
}

/// An API error: HTTP code, reason, message and details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub code: u16,
    pub reason: &'static str,
    pub message: String,
    pub details: Box<Details>,
}

/// `metav1.StatusDetails`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Details {
    /// The resource for NotFound/AlreadyExists; the Kind for Invalid.
    pub kind: String,
    pub group: String,
    pub name: String,
    pub causes: Vec<Cause>,
}

impl Status {
    fn new(code: u16, reason: &'static str, message: String) -> Self {
        Status { code, reason, message, details: Box::default() }
    }

    fn with(mut self, kind: &str, group: &str, name: &str, causes: Vec<Cause>) -> Self {
        self.details = Box::new(Details { kind: kind.into(), group: group.into(), name: name.into(), causes });
        self
    }

    /// `jobs.batch "x" not found`
    pub fn not_found(plural: &str, group: &str, name: &str) -> Self {
        let qualified = if group.is_empty() { plural.to_string() } else { format!("{plural}.{group}") };
        Self::new(404, "NotFound", format!("{qualified} {name:?} not found")).with(plural, group, name, Vec::new())
    }

    /// `namespaces "team-a" already exists`
    pub fn already_exists(plural: &str, group: &str, name: &str) -> Self {
        let qualified = if group.is_empty() { plural.to_string() } else { format!("{plural}.{group}") };
        Self::new(409, "AlreadyExists", format!("{qualified} {name:?} already exists")).with(plural, group, name, Vec::new())
    }

    /// Optimistic-concurrency failure on update.
    pub fn conflict(plural: &str, group: &str, name: &str) -> Self {
        let qualified = if group.is_empty() { plural.to_string() } else { format!("{plural}.{group}") };
        Self::new(409, "Conflict", format!("Operation cannot be fulfilled on {qualified} {name:?}: the object has been modified; please apply your changes to the latest version and try again"))
            .with(plural, group, name, Vec::new())
    }

    /// `Job.batch "x" is invalid: <cause>` or `... is invalid: [<c1>, <c2>]`.
    pub fn invalid(kind: &str, group: &str, name: &str, causes: Vec<Cause>) -> Self {
        let qualified = if group.is_empty() { kind.to_string() } else { format!("{kind}.{group}") };
        let list: Vec<String> = causes.iter().map(Cause::text).collect();
        let body = if list.len() == 1 { list[0].clone() } else { format!("[{}]", list.join(", ")) };
        Self::new(422, "Invalid", format!("{qualified} {name:?} is invalid: {body}")).with(kind, group, name, causes)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(400, "BadRequest", message.into())
    }

    pub fn forbidden(plural: &str, group: &str, name: &str, why: &str) -> Self {
        let qualified = if group.is_empty() { plural.to_string() } else { format!("{plural}.{group}") };
        Self::new(403, "Forbidden", format!("{qualified} {name:?} is forbidden: {why}")).with(plural, group, name, Vec::new())
    }

    /// A webhook's denial: `admission webhook "<name>" denied the request: <message>`.
    pub fn webhook_denied(webhook: &str, causes: &[Cause]) -> Self {
        let list: Vec<String> = causes.iter().map(Cause::text).collect();
        let body = if list.len() == 1 { list[0].clone() } else { format!("[{}]", list.join(", ")) };
        Self::new(403, "Forbidden", format!("admission webhook {webhook:?} denied the request: {body}"))
    }

    pub fn method_not_allowed(message: impl Into<String>) -> Self {
        Self::new(405, "MethodNotAllowed", message.into())
    }

    /// The `metav1.Status` object.
    pub fn to_json(&self) -> Value {
        let mut details = crate::json::Map::new();
        if !self.details.name.is_empty() {
            details.insert("name", json!(self.details.name.clone()));
        }
        if !self.details.group.is_empty() {
            details.insert("group", json!(self.details.group.clone()));
        }
        if !self.details.kind.is_empty() {
            details.insert("kind", json!(self.details.kind.clone()));
        }
        if !self.details.causes.is_empty() {
            details.insert(
                "causes",
                self.details
                    .causes
                    .iter()
                    .map(|c| json!({"reason": c.reason, "message": c.message.clone(), "field": c.field.clone()}))
                    .collect(),
            );
        }
        let mut v = json!({
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Failure",
            "message": self.message.clone(),
            "reason": self.reason,
            "code": self.code,
        });
        if !details.is_empty() {
            v["details"] = Value::Object(details);
        }
        v
    }
}

/// A reason a client reads back, as the one static string this module writes for it.
fn known(reason: &str, known: &[&'static str], otherwise: &'static str) -> &'static str {
    known.iter().find(|k| **k == reason).copied().unwrap_or(otherwise)
}

impl Status {
    /// A `metav1.Status` body read back by a client (kubectl's error rendering needs the
    /// details and causes, not only the message). `code` is the response's when the body has none.
    pub fn from_json(body: &Value, code: u16) -> Status {
        const REASONS: &[&str] = &[
            "NotFound",
            "AlreadyExists",
            "Conflict",
            "Invalid",
            "Forbidden",
            "MethodNotAllowed",
            "UnsupportedMediaType",
            "BadRequest",
            "Expired",
            "",
        ];
        const CAUSES: &[&str] = &[
            "FieldValueInvalid",
            "FieldValueRequired",
            "FieldValueNotSupported",
            "FieldValueForbidden",
            "FieldValueDuplicate",
            "FieldValueTooLong",
            "FieldValueTooMany",
            "FieldValueTypeInvalid",
        ];
        let s = |v: &Value| v.as_str().unwrap_or("").to_string();
        let d = &body["details"];
        let causes = d["causes"]
            .as_array()
            .map(|cs| {
                cs.iter()
                    .map(|c| Cause {
                        reason: known(c["reason"].as_str().unwrap_or(""), CAUSES, "FieldValueInvalid"),
                        field: s(&c["field"]),
                        message: s(&c["message"]),
                    })
                    .collect()
            })
            .unwrap_or_default();
        Status {
            code: body["code"].as_u64().map_or(code, |c| c as u16),
            reason: known(body["reason"].as_str().unwrap_or(""), REASONS, "BadRequest"),
            message: s(&body["message"]),
            details: Box::new(Details { kind: s(&d["kind"]), group: s(&d["group"]), name: s(&d["name"]), causes }),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_match_the_apiserver() {
        assert_eq!(Status::not_found("jobs", "batch", "nope").message, r#"jobs.batch "nope" not found"#);
        assert_eq!(Status::not_found("namespaces", "", "team-b").message, r#"namespaces "team-b" not found"#);
        assert_eq!(Status::already_exists("namespaces", "", "team-a").message, r#"namespaces "team-a" already exists"#);
        let inv = Status::invalid(
            "ClusterQueue",
            "kueue.x-k8s.io",
            "bad-cq",
            vec![Cause::required("spec.a", ""), Cause::not_supported("spec.queueingStrategy", "Fast", &["StrictFIFO", "BestEffortFIFO"])],
        );
        assert_eq!(
            inv.message,
            r#"ClusterQueue.kueue.x-k8s.io "bad-cq" is invalid: [spec.a: Required value, spec.queueingStrategy: Unsupported value: "Fast": supported values: "StrictFIFO", "BestEffortFIFO"]"#
        );
        assert_eq!(inv.to_json()["code"], 422);
        assert_eq!(Status::from_json(&inv.to_json(), 500), inv);
        let webhook = Status::webhook_denied("vjob.kb.io", &[Cause::forbidden("spec.x", "no")]);
        assert_eq!(Status::from_json(&webhook.to_json(), 500), webhook);
    }
}
