//! jq as a library: jq 1.6's language subset and command line over JSON text, with jq's output, error texts and exit codes.
//!
//! [`Program::compile`] parses and checks a filter; [`Program::run`] applies it, with [`Options`]
//! (`-r -c -n -s -e`, `--arg`, `--argjson`), to input text and returns what jq would write to
//! stdout and stderr, in order, and its exit status; [`Invocation::from_args`] reads jq's command
//! line. Errors that stop jq early are an [`Error`] (usage 2, compile 3, unreadable or invalid
//! input 2); a runtime error is jq's stderr line for that input (exit 5). No I/O and nothing from
//! the rest of sim-core: the shell's `jq` command (`shell/commands/jq.rs`) reads the files.
//!
//! Inside: `value` (JSON values, reader, printers) → `lexer` → `parser` (into `ast`) → `check`
//! (builtins and arities) → `eval` with `ops` (operators) and `builtins`; `cli` (the command line)
//! and `error`.

mod ast;
mod builtins;
mod check;
mod cli;
mod error;
mod eval;
mod lexer;
mod ops;
mod parser;
pub mod value;

pub use cli::{Invocation, USAGE};
pub use error::{CompileError, Error};

use ast::Expr;
use eval::eval;
use std::collections::BTreeMap;
use value::{compact, parse_stream, pretty, J};

/// How jq runs a program over its inputs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    /// `-r`: strings without quotes.
    pub raw_output: bool,
    /// `-c`: one line per result.
    pub compact: bool,
    /// `-n`: one `null` input instead of reading any.
    pub null_input: bool,
    /// `-s`: all inputs as one array.
    pub slurp: bool,
    /// `-e`: the status says whether the last result was truthy (1), or there was none (4).
    pub exit_status: bool,
    /// `--arg` / `--argjson` variables, by name without `$`.
    pub vars: BTreeMap<String, J>,
}

/// Where jq writes a piece of its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// What a run wrote, in the order written, and jq's exit status.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    pub output: Vec<(Stream, String)>,
    pub status: i32,
}

impl Outcome {
    fn write(&mut self, stream: Stream, text: String) {
        if !text.is_empty() {
            self.output.push((stream, text));
        }
    }
    /// Everything written to `stream`.
    pub fn text(&self, stream: Stream) -> String {
        self.output.iter().filter(|(s, _)| *s == stream).map(|(_, t)| t.as_str()).collect()
    }
}

/// A filter, parsed and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    expr: Expr,
}

impl Program {
    /// Parses `filter`; an error is jq's compile error (exit 3).
    pub fn compile(filter: &str) -> Result<Program, Error> {
        parser::parse(filter)
            .and_then(|e| check::check(&e).map(|_| e))
            .map(|expr| Program { expr })
            .map_err(|e| Error::Compile { message: e.0, program: filter.to_string() })
    }

    /// Runs the program over `input` (a stream of JSON texts, unless `options.null_input`).
    /// `source` names the input in runtime errors: `<stdin>`, or the last file read.
    pub fn run(&self, options: &Options, input: &str, source: &str) -> Result<Outcome, Error> {
        let lines = input.lines().count();
        let inputs = if options.null_input {
            vec![J::Null]
        } else {
            match parse_stream(input) {
                Ok(v) if options.slurp => vec![J::Arr(v)],
                Ok(v) => v,
                Err(e) => return Err(Error::Parse(e)),
            }
        };
        let mut outcome = Outcome::default();
        let mut failed = false;
        let mut last: Option<J> = None;
        for input in inputs {
            match eval(&self.expr, &input, &options.vars) {
                Ok(results) => {
                    let mut out = String::new();
                    for r in results {
                        match (&r, options.raw_output) {
                            (J::Str(s), true) => out.push_str(s),
                            _ if options.compact => compact(&r, &mut out),
                            _ => pretty(&r, 0, &mut out),
                        }
                        out.push('\n');
                        last = Some(r);
                    }
                    outcome.write(Stream::Stdout, out);
                }
                Err(msg) => {
                    outcome.write(Stream::Stderr, format!("jq: error (at {source}:{lines}): {msg}\n"));
                    failed = true;
                }
            }
        }
        outcome.status = match (failed, options.exit_status, last) {
            (true, _, _) => 5,
            (false, false, _) => 0,
            (false, true, None) => 4,
            (false, true, Some(v)) if !v.truthy() => 1,
            (false, true, Some(_)) => 0,
        };
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::check::check;
    use super::eval::{eval, Env};
    use super::parser::parse;
    use super::*;

    fn run(program: &str, input: &str) -> Vec<String> {
        let e = parse(program).unwrap();
        check(&e).unwrap();
        let v = value::parse_stream(input).unwrap().remove(0);
        eval(&e, &v, &Env::new())
            .unwrap()
            .iter()
            .map(|x| {
                let mut s = String::new();
                value::compact(x, &mut s);
                s
            })
            .collect()
    }

    #[test]
    fn the_lab_usage_json() {
        let cq = r#"{"status":{"admittedWorkloads":2,"pendingWorkloads":1,"flavorsReservation":[{"name":"fake-gpu","resources":[{"name":"cpu","total":"1"},{"name":"nvidia.com/gpu","total":"2"}]}]}}"#;
        assert_eq!(
            run(
                r#"{admitted: .status.admittedWorkloads, pending: .status.pendingWorkloads, gpu_reserved: (.status.flavorsReservation[0].resources[] | select(.name == "nvidia.com/gpu") | .total | tonumber)}"#,
                cq
            ),
            vec![r#"{"admitted":2,"pending":1,"gpu_reserved":2}"#]
        );
        assert_eq!(run(".status.flavorsReservation[].resources | map(.name) | join(\",\")", cq), vec![r#""cpu,nvidia.com/gpu""#]);
        assert_eq!(run(r#""\(.status.admittedWorkloads) admitted""#, cq), vec![r#""2 admitted""#]);
        assert_eq!(run(".status | keys | length", cq), vec!["3"]);
        assert_eq!(run(".items[]?.x", "{}"), Vec::<String>::new());
        assert_eq!(run("[.status.pendingWorkloads, 1] | add", cq), vec!["2"]);
        assert_eq!(run("if .status.pendingWorkloads > 0 then \"waiting\" else \"clear\" end", cq), vec![r#""waiting""#]);
    }

    #[test]
    fn errors() {
        let e = parse(".a.b").unwrap();
        let v = value::parse_stream(r#"{"a": 5}"#).unwrap().remove(0);
        assert_eq!(eval(&e, &v, &Env::new()).unwrap_err(), "Cannot index number with \"b\"");
        assert_eq!(check(&parse("foo").unwrap()).unwrap_err().0, "foo/0 is not defined");
        assert!(parse(".a |").is_err());
    }

    #[test]
    fn the_library_runs_a_command_line_over_text() {
        let args: Vec<String> = ["-c", "--arg", "x", "hi", ".+1, $x"].iter().map(|s| s.to_string()).collect();
        let inv = Invocation::from_args(&args).unwrap();
        assert_eq!((inv.filter.as_str(), inv.files.len(), inv.options.compact), (".+1, $x", 0, true));
        let p = Program::compile(&inv.filter).unwrap();
        let o = p.run(&inv.options, "1 \"a\" [2]", "<stdin>").unwrap();
        assert_eq!(
            o.output,
            vec![
                (Stream::Stdout, "2\n\"hi\"\n".to_string()),
                (Stream::Stderr, "jq: error (at <stdin>:1): string (\"a\") and number (1) cannot be added\n".to_string()),
                (Stream::Stderr, "jq: error (at <stdin>:1): array ([2]) and number (1) cannot be added\n".to_string()),
            ]
        );
        assert_eq!((o.status, o.text(Stream::Stdout).as_str()), (5, "2\n\"hi\"\n"));
        let e = Options { exit_status: true, ..Options::default() };
        assert_eq!(Program::compile("empty").unwrap().run(&e, "1", "f").unwrap().status, 4);
        assert_eq!(Program::compile(".a").unwrap().run(&e, "{}", "f").unwrap().status, 1);
    }

    #[test]
    fn errors_stop_jq_with_its_text_and_status() {
        let compile = Program::compile(".a |").unwrap_err();
        assert_eq!(compile.exit_code(), 3);
        assert!(compile.to_string().starts_with("jq: error: syntax error, unexpected $end"), "{compile}");
        assert!(compile.to_string().ends_with(" at <top-level>, line 1:\n.a |\njq: 1 compile error"), "{compile}");
        let usage = Invocation::from_args(&["--bogus".to_string()]).unwrap_err();
        assert_eq!((usage.exit_code(), usage.to_string()), (2, format!("jq: Unknown option: --bogus\n{USAGE}")));
        assert_eq!(Invocation::from_args(&[]).unwrap_err(), Error::Usage(None));
        let parse = Program::compile(".").unwrap().run(&Options::default(), "not json", "<stdin>").unwrap_err();
        assert_eq!((parse.exit_code(), parse.to_string().starts_with("parse error: ")), (2, true));
    }
}
