//! `kubectl get -w` (upstream `get.go`'s watch, printed with `RememberWidths`; `kubectl.md` §3.9): the table, then a row per change.
//!
//! The current table, then one row per change, aligned to the first table's widths, never a
//! header again. It runs as the shell's foreground command; each poll compares the objects'
//! resourceVersions with what it has shown. The simulator's controllers change objects between
//! polls, so several changes to one object within a poll (one virtual second) show as one row.

use super::out::Host;
use super::resource::path;
use super::table_printer::{table_lines, PrintOptions};
use super::tabwriter::KUBECTL_TABLE;
use crate::api::client::Client;
use crate::api::registry::KindInfo;
use crate::api::rest::{Method, Request};
use crate::json::{json, Value};
use crate::shell::Foreground;
use std::collections::BTreeMap;

/// How each change is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchOutput {
    /// The table row (`-o wide` when `wide` in the print options).
    Table,
    /// `pod/x` per change.
    Name,
}

/// What to watch and how to print it, as `kubectl get -w` was asked.
pub struct WatchSpec {
    pub kind: &'static KindInfo,
    pub namespace: Option<String>,
    /// A single named object (`get pod x -w`).
    pub name: Option<String>,
    pub selector: String,
    pub fields: String,
    pub opts: PrintOptions,
    pub output: WatchOutput,
    /// `--output-watch-events`: a first column EVENT.
    pub events: bool,
    /// `--request-timeout`: when the watch ends by itself (virtual ms).
    pub deadline_ms: Option<u64>,
}

pub struct Watch {
    spec: WatchSpec,
    /// Column widths so far; later rows are padded to at least these.
    widths: Vec<usize>,
    /// Per object (namespace/name): the resourceVersion shown last and its last table row.
    seen: BTreeMap<String, (u64, Value)>,
    columns: Value,
}

/// One row of the server's table and the key and resourceVersion of its object.
fn keyed(row: &Value) -> (String, u64) {
    let meta = row.pointer("/object/metadata").cloned().unwrap_or(Value::Null);
    let key = format!("{}/{}", meta["namespace"].as_str().unwrap_or(""), meta["name"].as_str().unwrap_or(""));
    (key, meta["resourceVersion"].as_str().and_then(|v| v.parse().ok()).unwrap_or(0))
}

impl Watch {
    pub fn new(spec: WatchSpec) -> Self {
        Watch { spec, widths: Vec::new(), seen: BTreeMap::new(), columns: Value::Null }
    }

    /// The server's current table rows, or its error body.
    fn rows(&mut self, c: &mut dyn Client) -> Result<Vec<Value>, Value> {
        let spec = &self.spec;
        let mut req = Request::new(Method::Get, &path(spec.kind, spec.namespace.as_deref(), spec.name.as_deref())).table();
        if !spec.selector.is_empty() {
            req = req.query("labelSelector", &spec.selector);
        }
        if !spec.fields.is_empty() {
            req = req.query("fieldSelector", &spec.fields);
        }
        let r = c.request(&req);
        if !r.is_success() {
            return Err(r.body);
        }
        self.columns = r.body["columnDefinitions"].clone();
        Ok(r.body["rows"].as_array().map(|a| a.to_vec()).unwrap_or_default())
    }

    /// The first output: the current objects under a header. Errors are the server's (a named
    /// object that does not exist), after which the watch does not start.
    pub fn start(&mut self, c: &mut dyn Client) -> Result<String, Value> {
        let rows = self.rows(c)?;
        for row in &rows {
            let (key, rv) = keyed(row);
            self.seen.insert(key, (rv, row.clone()));
        }
        let with_event: Vec<(&str, Value)> = rows.into_iter().map(|r| ("ADDED", r)).collect();
        Ok(self.print(&with_event, !self.spec.opts.no_headers))
    }

    fn print(&mut self, rows: &[(&str, Value)], header: bool) -> String {
        if rows.is_empty() {
            return String::new();
        }
        if self.spec.output == WatchOutput::Name {
            return rows
                .iter()
                .map(|(_, r)| {
                    format!(
                        "{}/{}\n",
                        self.spec.kind.qualified_singular(),
                        r.pointer("/object/metadata/name").and_then(Value::as_str).unwrap_or("")
                    )
                })
                .collect();
        }
        let table = json!({"columnDefinitions": self.columns.clone(), "rows": rows.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>()});
        let opts = PrintOptions { no_headers: !header, ..self.spec.opts.clone() };
        let mut lines = table_lines(&table, &opts);
        if self.spec.events {
            let mut events: Vec<&str> = rows.iter().map(|(e, _)| *e).collect();
            if header {
                events.insert(0, "EVENT");
            }
            for (line, e) in lines.iter_mut().zip(events) {
                line.insert(0, e.to_string());
            }
        }
        self.format(&lines)
    }

    /// Pads like kubectl's table tabwriter, never narrower than earlier output.
    fn format(&mut self, lines: &[Vec<String>]) -> String {
        let cols = lines.iter().map(|l| l.len().saturating_sub(1)).max().unwrap_or(0);
        self.widths.resize(self.widths.len().max(cols), 0);
        for line in lines {
            for (i, cell) in line.iter().enumerate().take(line.len().saturating_sub(1)) {
                let w = (cell.chars().count() + KUBECTL_TABLE.padding).max(KUBECTL_TABLE.min_width);
                self.widths[i] = self.widths[i].max(w);
            }
        }
        let mut out = String::new();
        for line in lines {
            for (i, cell) in line.iter().enumerate() {
                out.push_str(cell);
                if i + 1 < line.len() {
                    out.extend(std::iter::repeat_n(' ', self.widths[i].saturating_sub(cell.chars().count())));
                }
            }
            out.push('\n');
        }
        out
    }
}

impl<W: Host> Foreground<W> for Watch {
    fn poll(&mut self, c: &mut W) -> String {
        let Ok(rows) = self.rows(c) else {
            // A named object that went away: its deletion was already shown or never seen.
            let gone: Vec<(&str, Value)> = std::mem::take(&mut self.seen).into_values().map(|(_, r)| ("DELETED", r)).collect();
            return self.print(&gone, false);
        };
        let mut changed: Vec<(u64, &str, Value)> = Vec::new();
        let mut present = BTreeMap::new();
        for row in rows {
            let (key, rv) = keyed(&row);
            match self.seen.get(&key) {
                Some((shown, _)) if *shown == rv => {}
                Some(_) => changed.push((rv, "MODIFIED", row.clone())),
                None => changed.push((rv, "ADDED", row.clone())),
            }
            present.insert(key, (rv, row));
        }
        // Deletions come after the changes of this poll.
        let deleted: Vec<(u64, &str, Value)> =
            self.seen.iter().filter(|(k, _)| !present.contains_key(*k)).map(|(_, (_, row))| (u64::MAX, "DELETED", row.clone())).collect();
        changed.extend(deleted);
        crate::sort::sort_by_key(&mut changed, |(rv, _, _)| *rv);
        self.seen = present;
        let rows: Vec<(&str, Value)> = changed.into_iter().map(|(_, e, r)| (e, r)).collect();
        self.print(&rows, false)
    }

    fn deadline_ms(&self) -> Option<u64> {
        self.spec.deadline_ms
    }
}
