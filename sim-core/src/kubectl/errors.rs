//! kubectl's rendering of an API error (upstream `kubectl/pkg/cmd/util/helpers.go`, `StandardErrorMessage`; `kubectl.md` §1.2).

use crate::api::status::Status;
use crate::json::Value;

/// `Error from server (Reason): message`, or the `is invalid` form (rule 1.2-2).
pub fn server_error(s: &Status, context: Option<(&str, &str)>) -> String {
    if s.reason == "Invalid" && !s.details.causes.is_empty() && context.is_none() {
        let header = if s.details.kind.is_empty() && s.details.name.is_empty() {
            "The request is invalid".to_string()
        } else {
            format!("The {} {:?} is invalid", s.details.kind, s.details.name)
        };
        let mut lines: Vec<String> = Vec::new();
        for c in &s.details.causes {
            let t = c.text();
            if !lines.contains(&t) {
                lines.push(t);
            }
        }
        return if lines.len() == 1 {
            format!("{header}: {}", lines[0])
        } else {
            format!("{header}: \n{}", lines.iter().map(|l| format!("* {l}")).collect::<Vec<_>>().join("\n"))
        };
    }
    // An Invalid status without details (a JSON patch that does not apply) is "The request is invalid".
    if s.reason == "Invalid" && s.details.causes.is_empty() && s.details.kind.is_empty() && s.details.name.is_empty() && context.is_none() {
        return format!("The request is invalid: {}", s.message);
    }
    let msg = match context {
        Some((verb, file)) => format!("error when {verb} {file:?}: {}", s.message),
        None => s.message.clone(),
    };
    if s.reason.is_empty() {
        // A status without a reason (a webhook's plain denial) prints bare.
        return format!("Error from server: {msg}");
    }
    format!("Error from server ({}): {msg}", s.reason)
}

/// A `metav1.Status` body back to a `Status`.
pub fn status_from(body: &Value) -> Status {
    let mut s = Status::bad_request(body["message"].as_str().unwrap_or(""));
    s.code = body["code"].as_u64().unwrap_or(500) as u16;
    s.reason = match body["reason"].as_str().unwrap_or("") {
        "NotFound" => "NotFound",
        "AlreadyExists" => "AlreadyExists",
        "Conflict" => "Conflict",
        "Invalid" => "Invalid",
        "Forbidden" => "Forbidden",
        "MethodNotAllowed" => "MethodNotAllowed",
        "UnsupportedMediaType" => "UnsupportedMediaType",
        "" => "",
        _ => "BadRequest",
    };
    s
}
