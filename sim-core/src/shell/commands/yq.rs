//! `yq` (mikefarah/yq v4's command line, its expression language's common subset): YAML
//! documents in, each expression result out as YAML (or JSON with `-o json`), `-i` to edit a
//! file in place, `---` between documents. Expressions run on the `jq` library (yq's language
//! is jq's for paths, `select`, `map`, `|=`, `=`, `del`, `keys`, `length`…), with yq's
//! `env(NAME)` and `strenv(NAME)` added. Comments and quoting styles are not kept (the help
//! says so).

use crate::jq::value::J;
use crate::jq::{Options, Program};
use crate::shell::{Command, Cx, World};

pub struct Yq;

const SUMMARY: &str = "YAML processor (mikefarah/yq v4 syntax, the common subset)";

/// yq's own definitions, put before the expression.
const PRELUDE: &str = "def strenv($n): $ENV[$n] // \"\"; def env($n): ($ENV[$n] // null) | (tonumber? // .); ";

impl<W: World> Command<W> for Yq {
    fn run(&self, cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
        run(cx, args)
    }
    fn summary(&self) -> &'static str {
        SUMMARY
    }
}

struct Flags {
    in_place: bool,
    json: bool,
    unwrap: Option<bool>,
    null_input: bool,
    exit_status: bool,
    indent: usize,
    expression: Option<String>,
    files: Vec<String>,
}

fn usage_error<W: World>(cx: &mut Cx<'_, W>, msg: &str) -> i32 {
    cx.errln(&format!("Error: {msg}"));
    1
}

fn run<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let mut f = Flags {
        in_place: false,
        json: false,
        unwrap: None,
        null_input: false,
        exit_status: false,
        indent: 2,
        expression: None,
        files: Vec::new(),
    };
    let mut i = 0;
    if matches!(args.first().map(String::as_str), Some("eval" | "e" | "eval-all" | "ea")) {
        i = 1;
    }
    let mut positional = Vec::new();
    while i < args.len() {
        let a = &args[i];
        i += 1;
        let take = |i: &mut usize| {
            *i += 1;
            args.get(*i - 1).cloned()
        };
        match a.as_str() {
            "-i" | "--inplace" => f.in_place = true,
            "-n" | "--null-input" => f.null_input = true,
            "-e" | "--exit-status" => f.exit_status = true,
            "-r" | "--unwrapScalar" | "--unwrapScalar=true" => f.unwrap = Some(true),
            "--unwrapScalar=false" => f.unwrap = Some(false),
            "-P" | "--prettyPrint" | "-M" | "--no-colors" | "-C" | "--colors" | "-N" | "--no-doc" => {}
            "-j" | "-oj" | "-o=json" | "--output-format=json" | "-o=j" => f.json = true,
            "-oy" | "-o=yaml" | "--output-format=yaml" | "-o=y" => f.json = false,
            "-o" | "--output-format" => match take(&mut i).as_deref() {
                Some("json" | "j") => f.json = true,
                Some("yaml" | "y") => f.json = false,
                Some(other) => return usage_error(cx, &format!("unknown format '{other}': 시뮬레이터의 yq 는 yaml 과 json 만 씁니다 / the simulator's yq writes yaml and json only")),
                None => return usage_error(cx, "flag needs an argument: 'o' in -o"),
            },
            "-I" | "--indent" => match take(&mut i).and_then(|v| v.parse::<usize>().ok()) {
                Some(n) => f.indent = n.clamp(1, 9),
                None => return usage_error(cx, "invalid argument for \"-I, --indent\" flag"),
            },
            "-h" | "--help" => {
                cx.out(&format!(
                    "Usage:\n  yq [flags]\n  yq [command]\n\n{SUMMARY}.\nFlags: -i -n -e -r -o json|yaml -I N\n(시뮬레이터의 yq 는 주석과 따옴표 모양을 보존하지 않습니다 / the simulator's yq does not keep comments or quoting styles)\n"
                ));
                return 0;
            }
            "-V" | "--version" => {
                cx.out("yq (https://github.com/mikefarah/yq/) version v4.44.3\n");
                return 0;
            }
            s if s.starts_with('-') && s.len() > 1 => {
                cx.errln(&format!("Error: unknown shorthand flag: '{}' in {s}", s.trim_start_matches('-').chars().next().unwrap_or('-')));
                try_help_yq(cx);
                return 1;
            }
            _ => positional.push(a.clone()),
        }
    }
    let mut positional = positional.into_iter();
    f.expression = positional.next();
    f.files = positional.collect();
    if f.expression.is_none() && !f.null_input {
        f.expression = Some(".".into());
    }
    // `yq file.yaml`: a single operand that names a file is the input, the expression `.`.
    if f.files.is_empty() {
        if let Some(e) = &f.expression {
            if cx.fs.stat(&cx.path(e)).is_some_and(|n| !n.is_dir()) && !e.starts_with('.') {
                f.files.push(e.clone());
                f.expression = Some(".".into());
            }
        }
    }
    let expression = f.expression.clone().unwrap_or_else(|| ".".into());
    // yq's `env(NAME)` and `strenv(NAME)` take a bare name.
    let expression = regex::Regex::new(r"\b(strenv|env)\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)")
        .map(|r| r.replace_all(&expression, "$1(\"$2\")").into_owned())
        .unwrap_or(expression);
    let options = Options { env: cx.vars.iter().map(|(k, v)| (k.clone(), v.clone())).collect(), ..Options::default() };
    let program = match Program::compile_with(&format!("{PRELUDE}{expression}"), &options) {
        Ok(p) => p,
        Err(e) => {
            let text = e.to_string();
            let msg = text
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("jq: error: ")
                .split(" at <top-level>")
                .next()
                .unwrap_or("")
                .to_string();
            return usage_error(cx, &format!("bad expression: {msg}"));
        }
    };
    if f.in_place && f.files.is_empty() {
        return usage_error(cx, "write in place flag only applicable when giving an expression and at least one file");
    }
    let sources: Vec<(Option<String>, String)> = if f.null_input {
        vec![(None, "null".into())]
    } else if f.files.is_empty() {
        vec![(None, cx.stdin())]
    } else {
        let mut v = Vec::new();
        for name in &f.files {
            match cx.read_input(name) {
                Ok(t) => v.push((Some(name.clone()), t)),
                Err(e) => return usage_error(cx, &format!("open {name}: {}", e.to_string().to_lowercase())),
            }
        }
        v
    };
    let mut out = String::new();
    let mut first_doc = true;
    let mut last: Option<J> = None;
    for (name, text) in sources {
        let docs = match parse_docs(&text) {
            Ok(d) => d,
            Err(e) => return usage_error(cx, &format!("bad file '{}': {e}", name.as_deref().unwrap_or("-"))),
        };
        let mut rewritten = String::new();
        for (k, doc) in docs.iter().enumerate() {
            let results = match program.apply(&options, doc) {
                Ok(r) => r,
                Err(m) => return usage_error(cx, &m),
            };
            if f.in_place {
                if k > 0 {
                    rewritten.push_str("---\n");
                }
                for r in &results {
                    rewritten.push_str(&to_yaml(r, f.indent));
                }
                continue;
            }
            if !first_doc && !results.is_empty() && !f.json {
                out.push_str("---\n");
            }
            first_doc = false;
            for r in results {
                if f.json {
                    let mut s = String::new();
                    match (&r, f.unwrap) {
                        (J::Str(t), Some(true)) => s.push_str(t),
                        _ => crate::jq::value::pretty_with(&r, 0, &" ".repeat(f.indent), &mut s),
                    }
                    out.push_str(&s);
                    out.push('\n');
                } else {
                    match (&r, f.unwrap) {
                        (J::Str(t), Some(false)) => out.push_str(&format!("{}\n", quote(t))),
                        _ => out.push_str(&to_yaml(&r, f.indent)),
                    }
                }
                last = Some(r);
            }
        }
        if f.in_place {
            if let Some(n) = name {
                let path = cx.path(&n);
                let now = cx.now();
                if let Err(e) = cx.fs.write(&path, &rewritten, now) {
                    return usage_error(cx, &format!("open {n}: {e}"));
                }
            }
        }
    }
    cx.out(&out);
    if f.exit_status && !last.as_ref().is_some_and(J::truthy) {
        return 1;
    }
    0
}

fn try_help_yq<W: World>(cx: &mut Cx<'_, W>) {
    cx.errln("Run 'yq --help' for usage.");
}

fn parse_docs(text: &str) -> Result<Vec<J>, String> {
    use serde::Deserialize;
    let mut docs = Vec::new();
    for d in serde_norway::Deserializer::from_str(text) {
        let v = serde_norway::Value::deserialize(d).map_err(|e| e.to_string())?;
        docs.push(from_yaml(&v));
    }
    if docs.is_empty() {
        docs.push(J::Null);
    }
    Ok(docs)
}

fn from_yaml(v: &serde_norway::Value) -> J {
    use serde_norway::Value as Y;
    match v {
        Y::Null => J::Null,
        Y::Bool(b) => J::Bool(*b),
        Y::Number(n) => J::Num(n.as_f64().unwrap_or(0.0)),
        Y::String(s) => J::Str(s.clone()),
        Y::Sequence(s) => J::Arr(s.iter().map(from_yaml).collect()),
        Y::Mapping(m) => J::Obj(
            m.iter()
                .map(|(k, v)| {
                    let key = match k {
                        Y::String(s) => s.clone(),
                        other => serde_norway::to_string(other).unwrap_or_default().trim_end().to_string(),
                    };
                    (key, from_yaml(v))
                })
                .collect(),
        ),
        Y::Tagged(t) => from_yaml(&t.value),
    }
}

/// A scalar string as yq writes it: plain when that reads back as the same string.
fn quote(s: &str) -> String {
    let plain_ok = !s.is_empty()
        && !s.starts_with([' ', '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`'])
        && !s.ends_with([' ', ':'])
        && !s.contains(": ")
        && !s.contains(" #")
        && !s.contains('\n')
        && !matches!(s.to_ascii_lowercase().as_str(), "true" | "false" | "null" | "~" | "yes" | "no" | "on" | "off" | "y" | "n")
        && s.parse::<f64>().is_err();
    if plain_ok {
        s.to_string()
    } else {
        let mut q = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => q.push_str("\\\""),
                '\\' => q.push_str("\\\\"),
                '\n' => q.push_str("\\n"),
                '\t' => q.push_str("\\t"),
                c => q.push(c),
            }
        }
        q.push('"');
        q
    }
}

fn scalar(v: &J) -> String {
    match v {
        J::Null => "null".into(),
        J::Bool(b) => b.to_string(),
        J::Num(n) => yaml_number(*n),
        J::Str(s) => quote(s),
        J::Arr(_) => "[]".into(),
        J::Obj(_) => "{}".into(),
    }
}

fn is_block(v: &J) -> bool {
    matches!(v, J::Arr(a) if !a.is_empty()) || matches!(v, J::Obj(m) if !m.is_empty())
}

/// One result as a YAML document (a top-level string is written as it is).
pub(crate) fn to_yaml(v: &J, indent: usize) -> String {
    let mut out = String::new();
    match v {
        J::Str(s) if !s.contains('\n') => {
            out.push_str(s);
            out.push('\n');
        }
        J::Str(s) => {
            out.push_str(s);
            if !s.ends_with('\n') {
                out.push('\n');
            }
        }
        _ if !is_block(v) => {
            out.push_str(&scalar(v));
            out.push('\n');
        }
        _ => block(v, 0, indent, &mut out),
    }
    out
}

fn multiline(s: &str, level: usize, out: &mut String) {
    let pad = " ".repeat(level);
    out.push_str(if s.ends_with('\n') { "|\n" } else { "|-\n" });
    for line in s.trim_end_matches('\n').split('\n') {
        if line.is_empty() {
            out.push('\n');
        } else {
            out.push_str(&format!("{pad}{line}\n"));
        }
    }
}

fn block(v: &J, level: usize, indent: usize, out: &mut String) {
    let pad = " ".repeat(level);
    match v {
        J::Obj(m) => {
            for (k, x) in m {
                // Keys read back as keys: only what YAML would misread needs quotes.
                let key = if matches!(k.as_str(), "y" | "n" | "yes" | "no" | "on" | "off") { k.clone() } else { quote(k) };
                out.push_str(&format!("{pad}{key}:"));
                match x {
                    J::Str(s) if s.contains('\n') => {
                        out.push(' ');
                        multiline(s, level + indent, out);
                    }
                    _ if is_block(x) => {
                        out.push('\n');
                        let child = level + indent;
                        block(x, child, indent, out);
                    }
                    _ => out.push_str(&format!(" {}\n", scalar(x))),
                }
            }
        }
        J::Arr(a) => {
            for x in a {
                out.push_str(&format!("{pad}- "));
                match x {
                    J::Obj(_) if is_block(x) => {
                        // The first key on the dash's line, the others aligned under it.
                        let mut inner = String::new();
                        block(x, level + 2, indent, &mut inner);
                        out.push_str(inner.trim_start_matches(' '));
                    }
                    J::Arr(_) if is_block(x) => {
                        let mut inner = String::new();
                        block(x, level + 2, indent, &mut inner);
                        out.push_str(inner.trim_start_matches(' '));
                    }
                    J::Str(s) if s.contains('\n') => multiline(s, level + 2, out),
                    _ => out.push_str(&format!("{}\n", scalar(x))),
                }
            }
        }
        other => out.push_str(&format!("{pad}{}\n", scalar(other))),
    }
}

/// A number as a YAML scalar: whole numbers without a point, others as Rust writes them.
fn yaml_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e17 {
        format!("{}", n as i64)
    } else if n.is_nan() {
        ".nan".into()
    } else if n.is_infinite() {
        if n > 0.0 {
            ".inf".into()
        } else {
            "-.inf".into()
        }
    } else {
        format!("{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_out() {
        let docs = parse_docs("a: 1\nb:\n  - x\n  - y: 2\n    z: \"3\"\nc: {}\nd: \"true\"\n").unwrap();
        assert_eq!(to_yaml(&docs[0], 2), "a: 1\nb:\n  - x\n  - y: 2\n    z: \"3\"\nc: {}\nd: \"true\"\n");
        assert_eq!(to_yaml(&J::Str("plain".into()), 2), "plain\n");
    }
}
