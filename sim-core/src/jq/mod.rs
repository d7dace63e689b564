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

use ast::{Expr, FuncDef};
use eval::{eval, Ctx, Env, Halt};
use std::collections::{BTreeMap, VecDeque};
use value::{compact, parse_prefix, pretty_with, sorted_keys, J};

pub use eval::{MAX_CALL_DEPTH, MAX_STEPS};

/// How jq runs a program over its inputs.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// `-r`: strings without quotes.
    pub raw_output: bool,
    /// `-j`: no newline after each output.
    pub join: bool,
    /// `-c`: one line per result.
    pub compact: bool,
    /// `-n`: one `null` input instead of reading any (`input`/`inputs` read them).
    pub null_input: bool,
    /// `-R`: each line of the input is a string (with `-s`, the whole input).
    pub raw_input: bool,
    /// `-s`: all inputs as one array.
    pub slurp: bool,
    /// `-e`: the status says whether the last result was truthy (1), or there was none (4).
    pub exit_status: bool,
    /// `-S`: objects' keys sorted on output.
    pub sort_keys: bool,
    /// Spaces per indentation level; `None` for `--tab`.
    pub indent: Option<usize>,
    /// `--arg` / `--argjson` variables, by name without `$`.
    pub vars: BTreeMap<String, J>,
    /// The environment (`$ENV`, `env`).
    pub env: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            raw_output: false,
            join: false,
            compact: false,
            null_input: false,
            raw_input: false,
            slurp: false,
            exit_status: false,
            sort_keys: false,
            indent: Some(2),
            vars: BTreeMap::new(),
            env: Vec::new(),
        }
    }
}

/// Where jq writes a piece of its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// The status jq ends with when a limit of the simulator (steps, nesting) stopped an input — as
/// `timeout` and the shell's step budget end: real jq would have gone on.
pub const LIMIT_STATUS: i32 = 124;

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

thread_local! {
    /// The prelude's definitions, parsed once per thread and kept for the program's life.
    static PRELUDE_DEFS: &'static [FuncDef] = {
        let mut defs = Vec::new();
        let mut e = parser::parse(&format!("{} .", builtins::PRELUDE)).expect("the prelude parses");
        while let Expr::Def(def, rest) = e {
            defs.push((*def).clone());
            e = *rest;
        }
        Box::leak(defs.into_boxed_slice())
    };
}

fn prelude() -> &'static [FuncDef] {
    PRELUDE_DEFS.with(|d| *d)
}

/// A filter, parsed and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    expr: Expr,
}

impl Program {
    /// Parses `filter`; an error is jq's compile error (exit 3). `$ENV` is the only variable
    /// it may use: see [`Program::compile_with`].
    pub fn compile(filter: &str) -> Result<Program, Error> {
        Program::compile_with(filter, &Options::default())
    }

    /// Parses `filter` knowing the `--arg`/`--argjson` variables of `options`.
    pub fn compile_with(filter: &str, options: &Options) -> Result<Program, Error> {
        let mut scope = check::Scope::with_vars(options.vars.keys().cloned());
        for d in prelude() {
            scope.add_func(&d.name, d.params.len());
        }
        parser::parse(filter)
            .and_then(|e| check::check(&e, &scope).map(|_| e))
            .map(|expr| Program { expr })
            .map_err(|e| Error::Compile { message: e.0, program: filter.to_string() })
    }

    /// Applies the program to one value (for hosts with values of their own, like `yq`): its
    /// outputs, or the error message jq would print after `jq: error (at …): `.
    pub fn apply(&self, options: &Options, input: &J) -> Result<Vec<J>, String> {
        let env_obj = J::Obj(options.env.iter().map(|(k, v)| (k.clone(), J::Str(v.clone()))).collect());
        let cx = Ctx::new(env_obj, VecDeque::new());
        let mut scope = Env::new();
        for d in prelude() {
            scope = scope.func(d);
        }
        for (k, v) in &options.vars {
            scope = scope.var(k, v.clone());
        }
        let mut results = Vec::new();
        match eval(&self.expr, input, &scope, &cx, &mut |r| {
            results.push(r);
            Ok(())
        }) {
            Ok(()) | Err(Halt::Break(_)) => Ok(results),
            Err(Halt::Err(J::Str(m))) | Err(Halt::Limit(m)) => Err(m),
            Err(Halt::Err(other)) => {
                let mut s = String::new();
                compact(&other, &mut s);
                Err(format!("{s} (not a string)"))
            }
        }
    }

    /// Runs the program over `input` (a stream of JSON texts, unless `options.null_input`).
    /// `source` names the input in runtime errors: `<stdin>`, or the last file read.
    pub fn run(&self, options: &Options, input: &str, source: &str) -> Result<Outcome, Error> {
        let lines = input.lines().count();
        let mut bad_input: Option<String> = None;
        let mut queue: VecDeque<J> = if options.raw_input {
            if options.slurp {
                VecDeque::from([J::Str(input.to_string())])
            } else {
                input.lines().map(|l| J::Str(l.to_string())).collect()
            }
        } else {
            match parse_prefix(input) {
                (v, None) if options.slurp && !options.null_input => VecDeque::from([J::Arr(v)]),
                (v, None) => v.into(),
                (_, Some(_)) if options.null_input => VecDeque::new(),
                (_, Some(e)) if options.slurp => return Err(Error::Parse(e)),
                // jq runs the program over the values read before the bad one, then stops.
                (v, Some(e)) => {
                    bad_input = Some(e);
                    v.into()
                }
            }
        };
        let first = if options.null_input { vec![J::Null] } else { Vec::new() };
        let env_obj = J::Obj(options.env.iter().map(|(k, v)| (k.clone(), J::Str(v.clone()))).collect());
        let cx = Ctx::new(env_obj, std::mem::take(&mut queue));
        let mut scope = Env::new();
        for d in prelude() {
            scope = scope.func(d);
        }
        for (k, v) in &options.vars {
            scope = scope.var(k, v.clone());
        }
        // With `-n` jq has read no input when it reports an error.
        let at = if options.null_input { "<unknown>".to_string() } else { format!("{source}:{lines}") };
        let mut outcome = Outcome::default();
        let mut failed = false;
        // A limit of the simulator stopped an input (not something real jq would do).
        let mut limited = false;
        let mut last: Option<J> = None;
        let mut pending = first.into_iter();
        loop {
            let next = match pending.next() {
                Some(v) => Some(v),
                None if options.null_input => None,
                None => cx.inputs.borrow_mut().pop_front(),
            };
            let Some(input) = next else { break };
            cx.reset();
            let mut out = String::new();
            let r = eval(&self.expr, &input, &scope, &cx, &mut |r| {
                let r = if options.sort_keys { sorted_keys(&r) } else { r };
                match (&r, options.raw_output) {
                    (J::Str(s), true) => out.push_str(s),
                    _ if options.compact => compact(&r, &mut out),
                    _ => match options.indent {
                        Some(0) => compact(&r, &mut out),
                        Some(n) => pretty_with(&r, 0, &" ".repeat(n), &mut out),
                        None => pretty_with(&r, 0, "\t", &mut out),
                    },
                }
                if !options.join {
                    out.push('\n');
                }
                last = Some(r);
                Ok(())
            });
            outcome.write(Stream::Stdout, out);
            let debug = std::mem::take(&mut *cx.stderr.borrow_mut());
            outcome.write(Stream::Stderr, debug);
            match r {
                Ok(()) | Err(Halt::Break(_)) => {}
                Err(Halt::Err(J::Str(msg))) => {
                    outcome.write(Stream::Stderr, format!("jq: error (at {at}): {msg}\n"));
                    failed = true;
                }
                Err(Halt::Limit(msg)) => {
                    outcome.write(Stream::Stderr, format!("jq: error (at {at}): {msg}\n"));
                    limited = true;
                }
                Err(Halt::Err(other)) => {
                    let mut s = String::new();
                    compact(&other, &mut s);
                    outcome.write(Stream::Stderr, format!("jq: error (at {at}) (not a string): {s}\n"));
                    failed = true;
                }
            }
        }
        if let Some(e) = bad_input {
            outcome.write(Stream::Stderr, format!("{}\n", Error::Parse(e)));
            outcome.status = Error::Parse(String::new()).exit_code();
            return Ok(outcome);
        }
        outcome.status = match (failed, options.exit_status, last) {
            _ if limited => LIMIT_STATUS,
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
    use super::*;

    fn run(program: &str, input: &str) -> Vec<String> {
        let p = Program::compile(program).unwrap();
        let o = p.run(&Options { compact: true, ..Options::default() }, input, "<stdin>").unwrap();
        assert_eq!(o.text(Stream::Stderr), "", "{program}");
        o.text(Stream::Stdout).lines().map(str::to_string).collect()
    }

    fn fails(program: &str, input: &str) -> String {
        let o = Program::compile(program).unwrap().run(&Options::default(), input, "<stdin>").unwrap();
        assert_eq!(o.status, 5);
        o.text(Stream::Stderr)
    }

    /// A limit of the simulator stopped it: status 124, and the message says so.
    fn limited(program: &str, input: &str) -> String {
        let o = Program::compile(program).unwrap().run(&Options::default(), input, "<stdin>").unwrap();
        assert_eq!(o.status, LIMIT_STATUS, "{program}");
        o.text(Stream::Stderr)
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
        assert_eq!(fails(".a.b", r#"{"a": 5}"#), "jq: error (at <stdin>:1): Cannot index number with string \"b\"\n");
        assert!(Program::compile("foo").unwrap_err().to_string().contains("foo/0 is not defined"));
        assert!(Program::compile("$x").unwrap_err().to_string().contains("$x is not defined"));
        assert!(Program::compile(".a |").is_err());
    }

    #[test]
    fn definitions_reduce_foreach_limit_paths() {
        assert_eq!(run("def f: . + 1; f", "1"), ["2"]);
        assert_eq!(run("def f(g): [g]; f(1,2)", "null"), ["[1,2]"]);
        assert_eq!(run("def f($a; $b): $a + $b; f(1;2)", "null"), ["3"]);
        assert_eq!(run("def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; fac", "10"), ["3628800"]);
        assert_eq!(run("reduce .[] as $x (0; . + $x)", "[1,2,3]"), ["6"]);
        assert_eq!(run("[foreach .[] as $x (0; . + $x; [$x, .])]", "[1,2,3]"), ["[[1,1],[2,3],[3,6]]"]);
        assert_eq!(run("[limit(3; range(10))]", "null"), ["[0,1,2]"]);
        assert_eq!(run("[limit(3; repeat(1))]", "null"), ["[1,1,1]"]);
        assert_eq!(run("first(range(10; infinite))", "null"), ["10"]);
        assert_eq!(run("[path(..)]", "[[1]]"), ["[[],[0],[0,0]]"]);
        assert_eq!(run("getpath([\"a\",\"b\"])", r#"{"a":{"b":5}}"#), ["5"]);
        assert_eq!(run("setpath([\"a\",\"b\"]; 1)", "null"), [r#"{"a":{"b":1}}"#]);
        assert_eq!(run(".[0] |= . + 10", "[1,2,3]"), ["[11,2,3]"]);
        assert_eq!(run(".a.b = 5 | .c += 1", "{}"), [r#"{"a":{"b":5},"c":1}"#]);
        assert_eq!(run("del(.[] | select(. == 2))", "[1,2,3]"), ["[1,3]"]);
        assert_eq!(run("[paths]", r#"{"a":[1]}"#), [r#"[["a"],["a",0]]"#]);
        assert_eq!(run("try error(\"x\") catch .", "null"), [r#""x""#]);
        assert_eq!(run("label $out | 1, break $out, 2", "null"), ["1"]);
        assert_eq!(run(". as [$a, $b] | $a + $b", "[1,2]"), ["3"]);
        assert_eq!(run("[.[] | @base64]", r#"["a","kueue"]"#), [r#"["YQ==","a3VldWU="]"#]);
        assert_eq!(run("@base64d", r#""a3VldWU=""#), [r#""kueue""#]);
        assert_eq!(run("@csv", r#"[1,"a\"b",null]"#), [r#""1,\"a\"\"b\",""#]);
        assert_eq!(run("@tsv", r#"["a\tb",2]"#), [r#""a\\tb\t2""#]);
        assert_eq!(run("@sh \"echo \\(.)\"", r#""it's""#), [r#""echo 'it'\\''s'""#]);
        assert_eq!(run("with_entries(.value += 1)", r#"{"a":1}"#), [r#"{"a":2}"#]);
        assert_eq!(run("[splits(\", *\")]", r#""a, b,c""#), [r#"["a","b","c"]"#]);
        assert_eq!(run("walk(if type == \"number\" then . + 1 else . end)", "[1,[2]]"), ["[2,[3]]"]);
        assert_eq!(run("[recurse(if . < 3 then . + 1 else empty end)]", "0"), ["[0,1,2,3]"]);
        assert_eq!(run("until(. > 100; . * 2)", "3"), ["192"]);
        assert_eq!(run("to_entries | map(.key) | join(\",\")", r#"{"a":1,"b":2}"#), [r#""a,b""#]);
    }

    #[test]
    fn the_prelude_uses_only_what_is_defined_before_it() {
        let mut scope = check::Scope::with_vars(Vec::new());
        for d in prelude() {
            let mut inner = scope.clone();
            inner.add_func(&d.name, d.params.len());
            for p in &d.params {
                inner.add_func(p.trim_start_matches('$'), 0);
            }
            let vars = check::Scope::with_vars(d.params.iter().filter_map(|p| p.strip_prefix('$').map(str::to_string)));
            let _ = vars;
            if let Err(e) = check::check(&d.body, &inner) {
                assert!(e.0.starts_with('$'), "{}: {}", d.name, e.0);
            }
            scope.add_func(&d.name, d.params.len());
        }
    }

    #[test]
    fn multiplying_strings_and_objects_as_jq_1_6() {
        assert_eq!(run(r#""ab" * 3, (2 * "x"), ("x" * 0), ("x" * 1.7)"#, "null"), vec![r#""ababab""#, r#""xx""#, "null", r#""x""#]);
        assert_eq!(
            run(r#"{"a":{"b":1,"d":[1]},"e":1} * {"a":{"c":2,"d":[2]},"e":{"f":3}}"#, "null"),
            vec![r#"{"a":{"b":1,"d":[2],"c":2},"e":{"f":3}}"#]
        );
        assert!(fails(r#""abc" * 1e12"#, "null").contains("the simulator's jq makes no string longer than"));
    }

    #[test]
    fn values_before_bad_input_are_run_then_the_parse_error() {
        let p = Program::compile(".").unwrap();
        let o = p.run(&Options { compact: true, ..Options::default() }, "{\"a\":1} 2 x\n", "<stdin>").unwrap();
        assert_eq!(o.text(Stream::Stdout), "{\"a\":1}\n2\n");
        assert_eq!(o.text(Stream::Stderr), "parse error: Invalid numeric literal at line 2, column 0\n");
        assert_eq!(o.status, 4);
        // Slurped, nothing runs.
        let s = Options { slurp: true, ..Options::default() };
        assert_eq!(p.run(&s, "1 ]", "<stdin>").unwrap_err().to_string(), "parse error: Unmatched ']' at line 1, column 3");
    }

    #[test]
    fn limits_are_errors_not_cut_results() {
        let big = limited("[range(0;100000000)] | length", "null");
        assert!(big.contains("the simulator's jq stops after 1000000 steps"), "{big}");
        for deep in [
            "def f: f; f",
            "def f: 1 + f; f",
            "def f: [f]; f",
            "def f: {a: f}; f",
            "def f: reduce f as $x (0; .); f",
            "def f: if true then f else 1 end; f",
            "def f: try f catch .; f",
            "def f: .a = f; f",
        ] {
            assert!(limited(deep, "null").contains("nests function calls at most"), "{deep}");
        }
        assert!(limited("[repeat(1)] | length", "null").contains("steps"));
    }

    #[test]
    fn the_library_runs_a_command_line_over_text() {
        let args: Vec<String> = ["-c", "--arg", "x", "hi", ".+1, $x"].iter().map(|s| s.to_string()).collect();
        let inv = Invocation::from_args(&args).unwrap();
        assert_eq!((inv.filter.as_str(), inv.files.len(), inv.options.compact), (".+1, $x", 0, true));
        let p = Program::compile_with(&inv.filter, &inv.options).unwrap();
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
        assert!(compile.to_string().ends_with(" at <top-level>, line 1:\n.a | \njq: 1 compile error"), "{compile}");
        let usage = Invocation::from_args(&["--bogus".to_string()]).unwrap_err();
        assert_eq!((usage.exit_code(), usage.to_string()), (2, format!("jq: Unknown option --bogus\n{}", cli::SEE_HELP)));
        assert_eq!(Invocation::from_args(&[]).unwrap_err(), Error::Usage(None));
        let parse = Program::compile(".").unwrap().run(&Options::default(), "not json", "<stdin>").unwrap();
        assert_eq!((parse.status, parse.text(Stream::Stderr).as_str()), (4, "parse error: Invalid literal at line 1, column 4\n"));
    }
}
