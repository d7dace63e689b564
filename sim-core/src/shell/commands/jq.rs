//! `jq` as a command of the shell: the one adapter between the shell and the `jq` library — it reads the files or stdin and writes what jq says.

use crate::jq::{Error, Invocation, Program, Stream};
use crate::shell::{Command, Cx, World};

pub struct Jq;

impl<W: World> Command<W> for Jq {
    fn run(&self, cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
        match run(cx, args) {
            Ok(status) => status,
            Err(e) => {
                cx.errln(&e.to_string());
                e.exit_code()
            }
        }
    }

    fn summary(&self) -> &'static str {
        "command-line JSON processor (the subset learners use)"
    }
}

/// Reads the command line, compiles the filter, reads the input (the files in order, or stdin),
/// runs the filter and writes its output as it came.
fn run<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> Result<i32, Error> {
    let mut invocation = Invocation::from_args(args)?;
    invocation.options.env = cx.vars.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let program = Program::compile_with(&invocation.filter, &invocation.options)?;
    let (input, source) = match invocation.files.last() {
        None => (cx.stdin(), "<stdin>".to_string()),
        Some(last) => {
            let mut text = String::new();
            for f in &invocation.files {
                let t = cx.read_input(f).map_err(|e| Error::Open { file: f.clone(), reason: e.to_string() })?;
                text.push_str(&t);
                if !t.ends_with('\n') {
                    text.push('\n');
                }
            }
            (text, last.clone())
        }
    };
    let outcome = program.run(&invocation.options, &input, &source)?;
    for (stream, text) in &outcome.output {
        match stream {
            Stream::Stdout => cx.out(text),
            Stream::Stderr => cx.err(text),
        }
    }
    Ok(outcome.status)
}
