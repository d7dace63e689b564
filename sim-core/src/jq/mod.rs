//! `jq` as a shell command: the subset learners use to turn kubectl's JSON into answers
//! (`-r`, `-c`, `-n`, `-s`, `--arg`, `--argjson`), with jq 1.6's output and error texts.

pub mod lang;
pub mod value;

use crate::shell::{Command, Cx, World};
use lang::{check, eval, parse, Env};
use value::{compact, parse_stream, pretty, J};

pub struct Jq;

const USAGE: &str = "Usage:\tjq [OPTIONS] FILTER [FILES...]\n\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\njq is a tool for processing JSON inputs, applying the given filter to\nits JSON text inputs and producing the filter's results as JSON on\nstandard output.\n\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq";

impl<W: World> Command<W> for Jq {
    fn run(&self, cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
        let (mut raw, mut compact_out, mut null_input, mut slurp, mut exit_status) = (false, false, false, false, false);
        let mut env = Env::new();
        let mut positional: Vec<String> = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            i += 1;
            match a.as_str() {
                "-r" | "--raw-output" => raw = true,
                "-c" | "--compact-output" => compact_out = true,
                "-n" | "--null-input" => null_input = true,
                "-s" | "--slurp" => slurp = true,
                "-e" | "--exit-status" => exit_status = true,
                "-M" | "--monochrome-output" | "-C" | "--color-output" | "-S" | "--sort-keys" => {}
                "--arg" | "--argjson" => {
                    if i + 1 >= args.len() {
                        cx.errln(&format!("jq: error: {a} takes two parameters (e.g. {a} varname value)"));
                        cx.errln(USAGE);
                        return 2;
                    }
                    let (name, value) = (args[i].clone(), args[i + 1].clone());
                    i += 2;
                    let v = if a == "--arg" {
                        J::Str(value)
                    } else {
                        match parse_stream(&value) {
                            Ok(mut v) if v.len() == 1 => v.remove(0),
                            _ => {
                                cx.errln("jq: Invalid JSON text passed to --argjson");
                                cx.errln(USAGE);
                                return 2;
                            }
                        }
                    };
                    env.insert(name, v);
                }
                s if s.starts_with('-') && s.len() > 1 && !s.starts_with("--") && s[1..].chars().all(|c| "rcnseMCS".contains(c)) => {
                    for c in s[1..].chars() {
                        match c {
                            'r' => raw = true,
                            'c' => compact_out = true,
                            'n' => null_input = true,
                            's' => slurp = true,
                            'e' => exit_status = true,
                            _ => {}
                        }
                    }
                }
                s if s.starts_with('-') && s.len() > 1 => {
                    cx.errln(&format!("jq: Unknown option: {s}"));
                    cx.errln(USAGE);
                    return 2;
                }
                _ => positional.push(a.clone()),
            }
        }
        let Some(program) = positional.first().cloned() else {
            cx.errln(USAGE);
            return 2;
        };
        let expr = match parse(&program).and_then(|e| check(&e).map(|_| e)) {
            Ok(e) => e,
            Err(e) => {
                cx.errln(&format!("jq: error: {} at <top-level>, line 1:\n{program}\njq: 1 compile error", e.0));
                return 3;
            }
        };
        let mut text = String::new();
        let mut source = "<stdin>".to_string();
        if positional.len() > 1 {
            for f in &positional[1..] {
                match cx.read_input(f) {
                    Ok(t) => {
                        text.push_str(&t);
                        text.push('\n');
                        source = f.clone();
                    }
                    Err(e) => {
                        cx.errln(&format!("jq: error: Could not open {f}: {e}"));
                        return 2;
                    }
                }
            }
        } else {
            text = cx.stdin.clone();
        }
        let lines = text.lines().count();
        let inputs = if null_input {
            vec![J::Null]
        } else {
            match parse_stream(&text) {
                Ok(v) if slurp => vec![J::Arr(v)],
                Ok(v) => v,
                Err(e) => {
                    let _ = (&source, lines);
                    cx.errln(&format!("parse error: {e}"));
                    return 2;
                }
            }
        };
        let mut status = 0;
        let mut last: Option<J> = None;
        for input in inputs {
            match eval(&expr, &input, &env) {
                Ok(results) => {
                    let mut out = String::new();
                    for r in results {
                        match (&r, raw) {
                            (J::Str(s), true) => out.push_str(s),
                            _ if compact_out => compact(&r, &mut out),
                            _ => pretty(&r, 0, &mut out),
                        }
                        out.push('\n');
                        last = Some(r);
                    }
                    cx.out(&out);
                }
                Err(msg) => {
                    cx.errln(&format!("jq: error (at {source}:{lines}): {msg}"));
                    status = 5;
                }
            }
        }
        if status == 0 && exit_status {
            return match last {
                None => 4,
                Some(v) if !v.truthy() => 1,
                _ => 0,
            };
        }
        status
    }

    fn summary(&self) -> &'static str {
        "command-line JSON processor (the subset learners use)"
    }
}
