//! Rendering a server `Table` the way `kubectl get` does (`cli-runtime` `tableprinter.go`):
//! upper-cased headers, priority-1 columns only with `-o wide`, NAMESPACE first with `-A`,
//! optional `kind.group/` name prefixes and `--no-headers`, through the tab writer.

use super::tabwriter::KUBECTL_TABLE;
use crate::json::Value;

#[derive(Debug, Clone, Default)]
pub struct PrintOptions {
    pub wide: bool,
    pub no_headers: bool,
    /// Add a NAMESPACE column (namespaced kinds with `-A`).
    pub with_namespace: bool,
    /// `job.batch/` etc. before each name, when several kinds are printed together.
    pub kind_prefix: Option<String>,
    /// `--show-labels`
    pub show_labels: bool,
    /// `-L` / `--label-columns`: one column per label key, headed by the key's last `/` part
    /// upper-cased, after the table's columns and before LABELS.
    pub label_columns: Vec<String>,
}

/// `-L a,b -L c` as kubectl's string-slice flag reads it: every value split at commas.
pub fn label_columns(values: &[String]) -> Vec<String> {
    values.iter().flat_map(|v| v.split(',')).filter(|k| !k.is_empty()).map(str::to_string).collect()
}

/// A cell as kubectl prints it: strings cut at the first line break (with `...`), numbers and
/// booleans with `%v`, nil empty.
pub fn cell_text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => {
            let cut = s.find(['\n', '\r', '\x0c']);
            let s = match cut {
                Some(i) => format!("{}...", &s[..i]),
                None => s.to_string(),
            };
            s.replace('\x1b', "^[")
        }
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
}

/// The table's text (ending in a newline), or an empty string when it has no rows.
pub fn print_table(table: &Value, opts: &PrintOptions) -> String {
    let lines = table_lines(table, opts);
    if lines.iter().all(Vec::is_empty) {
        return String::new();
    }
    let text: String = lines.iter().map(|l| format!("{}\n", l.join("\t"))).collect();
    KUBECTL_TABLE.format(&text)
}

/// The table's cells line by line (the header first, unless `no_headers`); nothing when it has
/// no rows.
pub fn table_lines(table: &Value, opts: &PrintOptions) -> Vec<Vec<String>> {
    let none = crate::json::Array::new();
    let cols = table.get("columnDefinitions").and_then(Value::as_array).unwrap_or(&none);
    let rows = table.get("rows").and_then(Value::as_array).unwrap_or(&none);
    if rows.is_empty() {
        return Vec::new();
    }
    let shown: Vec<usize> = cols
        .iter()
        .enumerate()
        .filter(|(_, c)| opts.wide || c.get("priority").and_then(Value::as_i64).unwrap_or(0) == 0)
        .map(|(i, _)| i)
        .collect();
    let mut lines: Vec<Vec<String>> = Vec::new();
    if !opts.no_headers {
        let mut header: Vec<String> = Vec::new();
        if opts.with_namespace {
            header.push("NAMESPACE".into());
        }
        header.extend(shown.iter().map(|&i| cols[i].get("name").and_then(Value::as_str).unwrap_or("").to_uppercase()));
        header.extend(opts.label_columns.iter().map(|k| k.rsplit('/').next().unwrap_or(k).to_uppercase()));
        if opts.show_labels {
            header.push("LABELS".into());
        }
        lines.push(header);
    }
    for row in rows {
        let cells = row.get("cells").and_then(Value::as_array).unwrap_or(&none);
        let meta = row.pointer("/object/metadata").unwrap_or(&Value::Null);
        let mut line: Vec<String> = Vec::new();
        if opts.with_namespace {
            line.push(meta.get("namespace").and_then(Value::as_str).unwrap_or("").to_string());
        }
        for &i in &shown {
            let mut text = cells.get(i).map(cell_text).unwrap_or_default();
            let is_name = cols[i].get("format").and_then(Value::as_str) == Some("name");
            if is_name {
                if let Some(prefix) = &opts.kind_prefix {
                    text = format!("{prefix}/{text}");
                }
            }
            line.push(text);
        }
        for key in &opts.label_columns {
            line.push(meta.pointer("/labels").and_then(|l| l.get(key.as_str())).and_then(Value::as_str).unwrap_or("").to_string());
        }
        if opts.show_labels {
            let labels = meta.get("labels").and_then(Value::as_object).map(|m| {
                let mut pairs: Vec<String> = m.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or(""))).collect();
                crate::sort::sort(&mut pairs);
                pairs.join(",")
            });
            line.push(labels.filter(|l| !l.is_empty()).unwrap_or_else(|| "<none>".into()));
        }
        lines.push(line);
    }
    lines
}
