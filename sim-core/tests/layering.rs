//! The layering of sim-core held as a test: every `crate::`, `super::` and `self::` path in sim-core/src must obey ARCHITECTURE.md's "Layers" table.
//!
//! The table is read from ARCHITECTURE.md itself, so the document and the test cannot drift.
//! Every `.rs` file under `sim-core/src` is read (comments, strings and char literals skipped),
//! the module paths it names are collected — in `use` lines, `use` groups and inline paths — and
//! the test fails, naming the file, the line and the path, when:
//! - a module reaches a module its row does not allow (the leaves, level 0 — `clock`, `rand`,
//!   `vfs`, `yaml` — import no other module; `jq` and `json` only `sort`, the one compiled sort);
//! - a file of `kubectl/` other than the dispatcher (`command.rs`, `mod.rs`) reaches `command`, or
//!   a verb module is reached from anywhere but the dispatcher;
//! - the files of `kubectl/` import each other in a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One row of ARCHITECTURE.md's "Layers" table: a module, its level, and the modules besides the
/// leaves (level 0) it may import.
struct Layer {
    module: String,
    level: u8,
    allowed: Vec<String>,
}

/// The rows of the table under `## Layers` in ARCHITECTURE.md: `| level | `a`, `b` | what | `x`, `y` |`.
fn layers() -> Vec<Layer> {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../ARCHITECTURE.md")).expect("read ARCHITECTURE.md");
    let section = doc.split("\n## Layers\n").nth(1).expect("ARCHITECTURE.md has a `## Layers` section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let ticked = |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).map(str::to_string).collect() };
    let mut rows = Vec::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let Ok(level) = cells[0].parse::<u8>() else { continue }; // the header and the rule
        assert_eq!(cells.len(), 4, "ARCHITECTURE.md, Layers: a row has four cells: {line}");
        for module in ticked(cells[1]) {
            rows.push(Layer { module, level, allowed: ticked(cells[3]) });
        }
    }
    assert!(rows.len() >= 5, "ARCHITECTURE.md, Layers: no table found");
    rows
}

/// kubectl's dispatcher: the only files that may reach the verbs, and that no file reaches.
const KUBECTL_DISPATCHER: &[&str] = &["kubectl::command"];
/// kubectl's verbs: reached only from the dispatcher (and from their own submodules).
const KUBECTL_VERBS: &[&str] =
    &["kubectl::get", "kubectl::describe", "kubectl::edit", "kubectl::write", "kubectl::modify", "kubectl::info", "kubectl::kueuectl"];

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

/// Rust source as tokens with their line numbers, without comments, strings and char literals.
fn tokens(src: &str) -> Vec<(usize, Tok)> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if ch == '"' || ((ch == 'r' || ch == 'b') && matches!(next, Some('"' | '#' | 'r')) && starts_string(&c, i)) {
            // "…", b"…", r"…", r#"…"#, br#"…"#
            let mut j = i;
            while c[j] != '"' && c[j] != '#' {
                j += 1;
            }
            let raw = j > i && c[i..j].contains(&'r');
            let mut hashes = 0;
            while c[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1; // the opening quote
            while let Some(&d) = c.get(j) {
                if d == '\n' {
                    line += 1;
                }
                if d == '\\' && !raw {
                    j += 2;
                    continue;
                }
                j += 1;
                if d == '"' && c[j..].iter().take(hashes).filter(|h| **h == '#').count() == hashes {
                    j += hashes;
                    break;
                }
            }
            i = j;
        } else if ch == '\'' {
            // A char literal ('x', '\n', '\u{1F600}'), or a lifetime ('a).
            if next == Some('\\') {
                let mut j = i + 2;
                while j < c.len() && c[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if ident_char(ch) {
            let start = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            out.push((line, Tok::Ident(word.strip_prefix("r#").unwrap_or(&word).to_string())));
        } else if ch == ':' && next == Some(':') {
            out.push((line, Tok::Sep));
            i += 2;
        } else {
            out.push((line, Tok::Punct(ch)));
            i += 1;
        }
    }
    out
}

/// Whether `r`/`b` at `i` opens a string literal (`r"`, `r#"`, `b"`, `br"`, `br#"`) rather than
/// starting an identifier.
fn starts_string(c: &[char], i: usize) -> bool {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return false;
    }
    let mut j = i;
    if c[j] == 'b' {
        j += 1;
    }
    if c.get(j) == Some(&'r') {
        j += 1;
        while c.get(j) == Some(&'#') {
            j += 1;
        }
    }
    j > i && c.get(j) == Some(&'"')
}

/// One module path a file names, resolved to an absolute path from the crate root.
#[derive(Debug, Clone)]
struct Reference {
    line: usize,
    /// Absolute path segments (`["kubectl", "command", "Out"]`).
    path: Vec<String>,
    /// How the source spelled it, for the message.
    written: String,
}

/// The file's module path: `kubectl/describe/mod.rs` → `["kubectl", "describe"]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// Every path the tokens name that starts with `crate`, `super`, `self` or one of `children`
/// (the file's child modules, reached by a plain relative path).
fn references(toks: &[(usize, Tok)], module: &[String], children: &BTreeSet<String>) -> Vec<Reference> {
    let mut refs = Vec::new();
    // Inline `mod name { … }` blocks: (name, brace depth at its opening).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let current: Vec<String> = module.iter().cloned().chain(inline.iter().map(|(n, _)| n.clone())).collect();
        match &toks[i].1 {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
                continue;
            }
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
                continue;
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some((_, Tok::Ident(name))), Some((_, Tok::Punct('{')))) = (toks.get(i + 1), toks.get(i + 2)) {
                    depth += 1;
                    inline.push((name.clone(), depth));
                    i += 3;
                    continue;
                }
            }
            _ => {}
        }
        let after_sep = i > 0 && matches!(toks[i - 1].1, Tok::Sep | Tok::Punct('$'));
        let starts = match &toks[i].1 {
            Tok::Ident(w) if !after_sep && matches!(toks.get(i + 1), Some((_, Tok::Sep))) => {
                matches!(w.as_str(), "crate" | "super" | "self") || (inline.is_empty() && children.contains(w))
            }
            _ => false,
        };
        if !starts {
            i += 1;
            continue;
        }
        let line = toks[i].0;
        let mut found = Vec::new();
        let end = path_tree(toks, i, Vec::new(), &mut found);
        for segs in found {
            let written = segs.join("::").trim_end_matches("::self").to_string();
            if let Some(path) = resolve(&current, &segs) {
                refs.push(Reference { line, path, written });
            }
        }
        i = end.max(i + 1);
    }
    refs
}

/// Reads a path starting at `i` (`a::b::{c, d::e}`), pushing each full path onto `found` with
/// `prefix` before it. Returns the index after the path.
fn path_tree(toks: &[(usize, Tok)], mut i: usize, mut prefix: Vec<String>, found: &mut Vec<Vec<String>>) -> usize {
    loop {
        match toks.get(i).map(|t| &t.1) {
            Some(Tok::Ident(w)) => {
                prefix.push(w.clone());
                i += 1;
                if matches!(toks.get(i), Some((_, Tok::Ident(a)))  if a == "as") {
                    i += 2;
                }
            }
            Some(Tok::Punct('*')) => {
                i += 1;
                break;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i).map(|t| &t.1) {
                        Some(Tok::Punct('}')) | None => return i + 1,
                        Some(Tok::Punct(',')) => i += 1,
                        _ => {
                            let before = i;
                            i = path_tree(toks, i, prefix.clone(), found);
                            if i == before {
                                i += 1;
                            }
                        }
                    }
                }
            }
            _ => break,
        }
        if matches!(toks.get(i), Some((_, Tok::Sep))) {
            i += 1;
        } else {
            break;
        }
    }
    if !prefix.is_empty() {
        found.push(prefix);
    }
    i
}

/// `crate::a::b` / `super::x` / `self::y` / `child::z` from module `current`, as an absolute path.
fn resolve(current: &[String], segs: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = current.to_vec();
    let mut rest = segs;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    base.extend(rest.iter().filter(|s| s.as_str() != "self").cloned());
    Some(base)
}

struct SourceFile {
    rel: PathBuf,
    module: Vec<String>,
    refs: Vec<Reference>,
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).expect("read sim-core/src").map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn sources() -> Vec<SourceFile> {
    let root = src_dir();
    let mut paths = Vec::new();
    collect(&root, &mut paths);
    let modules: BTreeSet<Vec<String>> = paths.iter().map(|p| module_of(p.strip_prefix(&root).unwrap())).collect();
    paths
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).unwrap().to_path_buf();
            let module = module_of(&rel);
            let children: BTreeSet<String> = modules
                .iter()
                .filter(|m| m.len() == module.len() + 1 && m.starts_with(&module))
                .map(|m| m.last().unwrap().clone())
                .collect();
            let text = std::fs::read_to_string(p).unwrap();
            let refs = references(&tokens(&text), &module, &children);
            SourceFile { rel, module, refs }
        })
        .collect()
}

fn show(f: &SourceFile, r: &Reference) -> String {
    format!("sim-core/src/{}:{}: `{}`", f.rel.display(), r.line, r.written)
}

#[test]
fn the_table_itself_runs_one_way() {
    let table = layers();
    let row = |m: &str| table.iter().find(|l| l.module == m);
    for l in &table {
        for a in &l.allowed {
            let to = row(a).unwrap_or_else(|| panic!("Layers: {} may import {a}, which has no row", l.module));
            assert!(to.level <= l.level, "Layers: {} (level {}) may not import {a} (level {}, above it)", l.module, l.level, to.level);
            assert!(!to.allowed.contains(&l.module), "Layers: {} and {a} may not import each other", l.module);
        }
        // A leaf may use only a leaf that itself uses nothing (`json` and `jq` use `sort`).
        if l.level == 0 {
            for a in &l.allowed {
                assert!(
                    row(a).is_some_and(|to| to.level == 0 && to.allowed.is_empty()),
                    "Layers: the leaf {} may import only a leaf that imports nothing, not {a}",
                    l.module
                );
            }
        }
    }
    // Every top-level module of lib.rs has a row.
    let lib = std::fs::read_to_string(src_dir().join("lib.rs")).unwrap();
    let declared: Vec<String> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ").or_else(|| l.trim().strip_prefix("mod ")))
        .map(|m| m.trim_end_matches(';').trim().to_string())
        .collect();
    let missing: Vec<&String> = declared.iter().filter(|m| row(m).is_none()).collect();
    assert!(missing.is_empty(), "modules of lib.rs without a row in ARCHITECTURE.md's Layers table: {missing:?}");
}

#[test]
fn modules_import_only_what_their_layer_allows() {
    let table = layers();
    let is_leaf = |m: &str| table.iter().any(|l| l.module == m && l.level == 0);
    let mut bad = Vec::new();
    for f in sources() {
        let Some(me) = f.module.first() else { continue };
        let Some(allowed) = table.iter().find(|l| &l.module == me).map(|l| &l.allowed) else {
            bad.push(format!("sim-core/src/{}: module `{me}` has no row in ARCHITECTURE.md's Layers table", f.rel.display()));
            continue;
        };
        for r in &f.refs {
            let Some(to) = r.path.first() else { continue };
            if to == me {
                continue;
            }
            if allowed.contains(to) || (!is_leaf(me) && is_leaf(to)) {
                continue;
            }
            let why = if me == "jq" {
                "jq is a library of its own and imports nothing outside jq/ but `sort`".to_string()
            } else if is_leaf(me) {
                format!("`{me}` is a leaf and imports no other module")
            } else {
                format!("`{me}` may import only the leaves and {allowed:?}")
            };
            bad.push(format!("{}: `{me}` imports `{to}` — {why}", show(&f, r)));
        }
    }
    assert!(bad.is_empty(), "imports against the layering (ARCHITECTURE.md, \"Layers\"):\n{}\n", bad.join("\n"));
}

/// The kubectl file module a path lands in (the longest file module that prefixes it).
fn kubectl_file(path: &[String], files: &BTreeSet<String>) -> Option<String> {
    (2..=path.len()).rev().map(|n| path[..n].join("::")).find(|p| files.contains(p))
}

#[test]
fn kubectl_verbs_and_shared_parts_run_one_way() {
    let all = sources();
    let kubectl: Vec<&SourceFile> = all.iter().filter(|f| f.module.first().is_some_and(|m| m == "kubectl")).collect();
    let files: BTreeSet<String> = kubectl.iter().filter(|f| f.module.len() > 1).map(|f| f.module.join("::")).collect();
    let mut bad = Vec::new();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &kubectl {
        if f.module.len() < 2 {
            continue; // kubectl/mod.rs: declarations and the `Kubectl` re-export
        }
        let me = f.module.join("::");
        let dispatcher = KUBECTL_DISPATCHER.contains(&me.as_str());
        for r in &f.refs {
            if r.path.first().is_none_or(|m| m != "kubectl") {
                continue;
            }
            let Some(to) = kubectl_file(&r.path, &files) else { continue };
            if to == me {
                continue;
            }
            if KUBECTL_DISPATCHER.contains(&to.as_str()) {
                bad.push(format!(
                    "{}: {me} imports the dispatcher `{to}` — shared parts live in leaf modules (out, flags, errors, …)",
                    show(f, r)
                ));
            }
            let verb = KUBECTL_VERBS.iter().find(|v| to == **v || to.starts_with(&format!("{v}::")));
            let inside_verb = verb.is_some_and(|v| me == *v || me.starts_with(&format!("{v}::")));
            if let (Some(v), false, false) = (verb, dispatcher, inside_verb) {
                bad.push(format!(
                    "{}: {me} imports the verb `{v}` — only the dispatcher does; move what is shared into a leaf module",
                    show(f, r)
                ));
            }
            edges.entry(me.clone()).or_default().insert(to);
        }
    }
    // No circles among kubectl's files.
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        cycles: &mut Vec<String>,
    ) {
        if let Some(at) = stack.iter().position(|s| s == n) {
            let mut c = stack[at..].to_vec();
            c.push(n.to_string());
            cycles.push(c.join(" → "));
            return;
        }
        if !done.insert(n.to_string()) {
            return;
        }
        stack.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            visit(m, edges, stack, done, cycles);
        }
        stack.pop();
    }
    let mut cycles = Vec::new();
    let mut done = BTreeSet::new();
    for n in edges.keys() {
        visit(n, &edges, &mut Vec::new(), &mut done, &mut cycles);
    }
    for c in cycles {
        bad.push(format!("kubectl files import each other in a circle: {c}"));
    }
    assert!(bad.is_empty(), "kubectl/ against its layout (ARCHITECTURE.md, \"Layers\"):\n{}\n", bad.join("\n"));
}

#[test]
fn the_reader_sees_every_kind_of_path() {
    let src = r##"
        use crate::api::{server::ApiServer, status::{self, Status}};
        use super::command::{namespace, Out as O};
        // use crate::session::nope;
        /* crate::transcript::nope */
        const S: &str = "crate::lab::nope";
        const R: &str = r#"crate::lab::"nope""#;
        const C: char = '{';
        fn f<'a>(x: &'a str) { let _ = crate::cluster::Cluster::new(1); }
        mod tests { use super::*; use super::super::flags::Kind; }
        fn g() { child::thing(); }
    "##;
    let children: BTreeSet<String> = ["child".to_string()].into();
    let module = vec!["kubectl".to_string(), "get".to_string()];
    let refs: Vec<String> = references(&tokens(src), &module, &children).into_iter().map(|r| r.path.join("::")).collect();
    assert_eq!(
        refs,
        [
            "api::server::ApiServer",
            "api::status",
            "api::status::Status",
            "kubectl::command::namespace",
            "kubectl::command::Out",
            "cluster::Cluster::new",
            "kubectl::get",
            "kubectl::flags::Kind",
            "kubectl::get::child::thing",
        ]
    );
}

#[test]
fn kubectl_is_a_pure_client_of_the_api() {
    let table = layers();
    let kubectl = table.iter().find(|l| l.module == "kubectl").expect("ARCHITECTURE.md, Layers: a row for kubectl");
    assert!(
        !kubectl.allowed.iter().any(|a| a == "cluster"),
        "Layers: kubectl talks to the cluster only through api::client::Client; its row may not allow `cluster`"
    );
    // And the reader would catch a kubectl file that reaches the cluster, inline or in a `use`.
    let module = vec!["kubectl".to_string(), "get".to_string()];
    let src = "use crate::cluster::Cluster; fn f(c: &mut crate::cluster::Cluster) { c.settle(); }";
    let reached: Vec<String> = references(&tokens(src), &module, &BTreeSet::new()).into_iter().map(|r| r.path[0].clone()).collect();
    assert_eq!(reached, ["cluster", "cluster"]);
    assert!(reached.iter().all(|m| !kubectl.allowed.contains(m)));
}
