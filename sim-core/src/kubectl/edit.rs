//! `kubectl edit TYPE NAME` (upstream `kubectl/pkg/cmd/edit/edit.go` and `cmd/util/editor/editoptions.go`): the object in the host's editor.
//!
//! The object as `-o yaml` under kubectl's header comment, written to `/tmp/kubectl-edit-N.yaml`;
//! the command stays in the foreground while the host's editor has the file open. When the editor
//! closes, comment lines are dropped and the object is sent back with PUT (real kubectl sends a
//! patch of the same change); an error from the server reopens the file with the error as
//! comments on top, as kubectl does.

use super::errors::server_error;
use super::flags::{namespace, parse_flags, FlagSpec, Kind};
use super::out::{Host, Out};
use super::resource::{get, list_request, path, resolve_type, type_and_names};
use super::yaml::to_yaml;
use crate::api::audit::LearnerWrite;
use crate::api::registry::KindInfo;
use crate::api::rest::{Method, Request};
use crate::clock::World;
use crate::json::Value;
use crate::shell::{Foreground, Output};

const FLAGS: &[FlagSpec] = &[("output", Some('o'), Kind::Value), ("filename", Some('f'), Kind::Value)];

/// kubectl's own header above the object.
const HEADER: &str = "# Please edit the object below. Lines beginning with a '#' will be ignored,\n# and an empty file will abort the edit. If an error occurs while saving this file will be\n# reopened with the relevant failures.\n#\n";

pub fn run<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(out, "edit", args, FLAGS) else { return };
    if p.value("filename").is_some() || p.value("output").is_some_and(|o| o != "yaml") {
        out.err("error: \"kubectl edit\" supports only TYPE NAME or TYPE/NAME with YAML in the simulator (시뮬레이터는 TYPE NAME 형식과 YAML만 지원합니다)");
        return;
    }
    let Some((type_arg, names)) = type_and_names(&p.args) else {
        out.err("error: you must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'");
        return;
    };
    let Some(kind) = resolve_type(out, &type_arg) else { return };
    let [name] = names.as_slice() else {
        out.err("error: \"kubectl edit\" of several objects at once is not supported by the simulator; name one object (시뮬레이터는 한 번에 한 객체만 편집합니다)");
        return;
    };
    let ns = if kind.namespaced { namespace(&p) } else { String::new() };
    let object = match get(out.client(), kind, &ns, name) {
        Ok(o) => o,
        Err(s) => {
            out.err(&server_error(&s, None));
            return;
        }
    };
    let text = format!("{HEADER}{}", to_yaml(&object));
    // Like os.CreateTemp's random suffix, but from the store's state so runs are reproducible.
    // The store's resourceVersion, as a list reports it.
    let listed = out.request(&list_request(kind, Some(&ns), "", &format!("metadata.name={name}")));
    let rv: u64 = listed.body.pointer("/metadata/resourceVersion").and_then(Value::as_str).and_then(|v| v.parse().ok()).unwrap_or(0);
    let path = format!("/tmp/kubectl-edit-{:09}.yaml", (rv * 2_654_435_761) % 1_000_000_000);
    let now = out.now_unix();
    let _ = out.cx.fs.mkdir_all("/tmp", now);
    if let Err(e) = out.cx.fs.write(&path, &text, now) {
        out.err(&format!("error: {path}: {e}"));
        return;
    }
    out.cx.foreground =
        Some(Box::new(EditSession { kind, namespace: ns, name: name.clone(), path, original: object, reopened_with: None, done: false }));
}

pub struct EditSession {
    kind: &'static KindInfo,
    namespace: String,
    name: String,
    path: String,
    original: Value,
    /// After a failed save: the text the file was reopened with.
    reopened_with: Option<String>,
    done: bool,
}

/// Why the server refused the change, in kubectl's reopen comment form: a head line and the
/// causes as `* field: message`.
fn rejection(body: &Value) -> String {
    let details = &body["details"];
    let causes: Vec<String> = details["causes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| format!("* {}: {}", c["field"].as_str().unwrap_or(""), c["message"].as_str().unwrap_or("")))
        .collect();
    if body["reason"] == "Invalid" && !causes.is_empty() {
        format!(
            "{} {:?} was not valid:\n{}",
            details["kind"].as_str().unwrap_or(""),
            details["name"].as_str().unwrap_or(""),
            causes.join("\n")
        )
    } else {
        format!("The edited file failed validation:\n* {}", body["message"].as_str().unwrap_or(""))
    }
}

/// The text without comment lines, as kubectl strips them.
fn strip_comments(text: &str) -> String {
    text.lines().filter(|l| !l.trim_start().starts_with('#')).map(|l| format!("{l}\n")).collect()
}

impl EditSession {
    fn finish(&mut self, out: &mut Output, fd: u32, text: &str) {
        out.write(fd, text);
        self.done = true;
    }

    /// The text to reopen the file with: the complaint as comments on top of the edited object.
    fn reopen(&mut self, edited: &str, problem: &str) -> Option<String> {
        let comment: String = problem.lines().map(|l| format!("# {l}\n")).collect();
        self.reopened_with = Some(format!("{HEADER}{comment}#\n{}", strip_comments(edited)));
        self.reopened_with.clone()
    }
}

impl<W: Host> Foreground<W> for EditSession {
    fn poll(&mut self, _c: &mut W) -> String {
        String::new()
    }

    fn deadline_ms(&self) -> Option<u64> {
        None
    }

    fn done(&self) -> bool {
        self.done
    }

    fn edit_path(&self) -> Option<String> {
        (!self.done).then(|| self.path.clone())
    }

    fn editor_closed(&mut self, c: &mut W, text: &str) -> (Output, Option<String>) {
        let mut out = Output::default();
        let body = strip_comments(text);
        if self.reopened_with.as_deref().is_some_and(|r| strip_comments(r) == body) {
            out.write(2, &format!("A copy of your changes has been stored to {:?}\n", self.path));
            self.finish(&mut out, 2, "error: Edit cancelled, no valid changes were saved.\n");
            return (out, None);
        }
        if body.trim().is_empty() {
            self.finish(&mut out, 2, "Edit cancelled, no changes made.\n");
            return (out, None);
        }
        let edited: Value = match serde_norway::from_str::<Value>(&body) {
            Ok(v) => v,
            Err(e) => {
                let reopened = self.reopen(text, &format!("The edited file had a syntax error:\n* {e}"));
                return (out, reopened);
            }
        };
        if edited == self.original {
            self.finish(&mut out, 2, "Edit cancelled, no changes made.\n");
            return (out, None);
        }
        let ns = if self.kind.namespaced { Some(self.namespace.as_str()) } else { None };
        let req = Request::new(Method::Put, &path(self.kind, ns, Some(&self.name))).body(edited.clone());
        let r = c.request(&req);
        if r.is_success() {
            c.record(LearnerWrite::apply(edited, &self.namespace, self.kind.namespaced));
            // The host closes the editor outside the shell, so this is the command's end: the
            // boundary where the world reacts (what the shell does after every command).
            World::settle(c);
            self.finish(&mut out, 1, &format!("{}/{} edited\n", self.kind.qualified_singular(), self.name));
            return (out, None);
        }
        let reopened = self.reopen(text, &rejection(&r.body));
        (out, reopened)
    }
}
