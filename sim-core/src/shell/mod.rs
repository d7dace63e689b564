//! The mini shell: a POSIX-like command line over the [`Vfs`], with pluggable commands.
//!
//! `syntax` parses an input into an AST, `exec` runs it as a [`Job`] (expansion, redirections,
//! pipelines, loops, functions; resumable, with a step budget), `arith` evaluates `$((…))`,
//! `commands` holds the coreutils-like tools (and `jq`, `yq`, `awk`), `complete` answers Tab. A
//! host adds its own commands (kubectl) with [`Shell::register`].

pub mod arith;
pub mod commands;
pub mod complete;
mod exec;
pub mod syntax;

pub(crate) use exec::glob_match as exec_glob_match;
pub use exec::{Job, BUDGET_STATUS, BUILTINS, MAX_CALL_DEPTH, SLICE_STEPS, STEP_LIMIT};

/// The world the shell lives in (its clock); defined with the clock so the cluster can be one.
pub use crate::clock::World;
use crate::vfs::{normalize, Vfs, HOME};
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

/// A command still running after it returned control, like `kubectl get -w`: the host (the
/// browser terminal, the transcript runner) polls it as virtual time passes, until the user
/// interrupts it (Ctrl-C) or its own deadline passes. Only a command whose stdout is the
/// terminal becomes the foreground; in a pipe it ends after its first output.
pub trait Foreground<W> {
    /// What it printed since the last poll.
    fn poll(&mut self, world: &mut W) -> String;
    /// Virtual ms at which it ends by itself (`--request-timeout`), if it does.
    fn deadline_ms(&self) -> Option<u64>;
    /// Whether it has ended on its own (`logs -f` when the container exits).
    fn done(&self) -> bool {
        false
    }
    /// A file it waits for the user to edit (`kubectl edit`): the host opens it in its editor.
    fn edit_path(&self) -> Option<String> {
        None
    }
    /// The user closed that file's editor holding `text`. Returns what the command printed and,
    /// when it wants the file edited again, the text to reopen it with.
    fn editor_closed(&mut self, _world: &mut W, _text: &str) -> (Output, Option<String>) {
        (Output::default(), None)
    }
    /// Lets it go on: what it wrote since the last call, by stream. A command polls the world;
    /// a shell [`Job`] (a loop, `watch`) runs its next slice in `shell`. Hosts call this.
    fn resume(&mut self, _shell: &mut Shell<W>, world: &mut W) -> Output {
        let mut out = Output::default();
        out.write(1, &self.poll(world));
        out
    }
    /// `Some(deadline)` while it waits for virtual time to pass (the host lets time pass and
    /// polls it; `deadline` is when it ends by itself); `None` when it only needs its next turn
    /// (a job with steps left), so a headless host resumes it at once.
    fn waits_for_time(&self) -> Option<Option<u64>> {
        Some(self.deadline_ms())
    }
    /// The status it ended with, once done.
    fn exit_status(&self) -> Option<i32> {
        None
    }
}

/// The two output streams a command writes, kept in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    pub chunks: Vec<(u32, String)>,
}

impl Output {
    pub fn write(&mut self, fd: u32, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.chunks.last_mut() {
            Some((last, s)) if *last == fd => s.push_str(text),
            _ => self.chunks.push((fd, text.to_string())),
        }
    }
    /// Everything written, both streams interleaved as a terminal shows them.
    pub fn text(&self) -> String {
        self.chunks.iter().map(|(_, s)| s.as_str()).collect()
    }
    pub fn stream(&self, fd: u32) -> String {
        self.chunks.iter().filter(|(f, _)| *f == fd).map(|(_, s)| s.as_str()).collect()
    }
}

/// What a command gets to work with.
pub struct Cx<'a, W> {
    pub fs: &'a mut Vfs,
    pub cwd: &'a str,
    pub vars: &'a BTreeMap<String, String>,
    pub world: &'a mut W,
    /// Standard input: read it with [`Cx::stdin`] (which marks it read, as a `while read` loop
    /// needs to know).
    stdin: String,
    stdin_read: Cell<bool>,
    /// Standard input is the terminal (nothing to read: the simulator does not wait for typing).
    pub stdin_is_tty: bool,
    out: Output,
    /// Whether stdout is the terminal (ls prints columns there, one name per line into a pipe).
    pub stdout_is_tty: bool,
    pub history: &'a [String],
    /// Names of every command the shell knows (for `help`).
    pub command_names: Vec<String>,
    /// Set by a command that keeps running (see [`Foreground`]).
    pub foreground: Option<Box<dyn Foreground<W>>>,
}

impl<W: World> Cx<'_, W> {
    pub fn out(&mut self, s: &str) {
        self.out.write(1, s);
    }
    pub fn err(&mut self, s: &str) {
        self.out.write(2, s);
    }
    /// Writes `line` and a newline to stderr.
    pub fn errln(&mut self, line: &str) {
        self.out.write(2, line);
        self.out.write(2, "\n");
    }
    /// An absolute path for `p`, relative to the working directory.
    pub fn path(&self, p: &str) -> String {
        normalize(self.cwd, p)
    }
    pub fn now(&self) -> i64 {
        self.world.now_unix()
    }
    /// Standard input (all of what is left of it; reading it consumes it).
    pub fn stdin(&self) -> String {
        self.stdin_read.set(true);
        self.stdin.clone()
    }
    /// Reads a file argument, or stdin for `-` and `/dev/stdin`.
    pub fn read_input(&self, name: &str) -> Result<String, crate::vfs::FsError> {
        if name == "-" || self.path(name) == "/dev/stdin" {
            return Ok(self.stdin());
        }
        self.fs.read(&self.path(name)).map(str::to_string)
    }
}

/// A command of the shell. Implementations write through `cx` and return the exit status.
pub trait Command<W> {
    fn run(&self, cx: &mut Cx<'_, W>, args: &[String]) -> i32;
    /// One line for `help`.
    fn summary(&self) -> &'static str {
        ""
    }
    /// Tab-completion candidates for the word `current` after `args`; `None` means "complete
    /// file paths".
    fn complete(&self, _world: &W, _args: &[String], _current: &str) -> Option<Vec<String>> {
        None
    }
    /// When the word after `args` is a file name for one of the command's flags (`kubectl
    /// apply -f`), the name endings offered besides directories (empty: every file), as
    /// cobra's `MarkFlagFilename` asks bash; checked before [`Command::complete`].
    fn file_flag(&self, _args: &[String]) -> Option<&'static [&'static str]> {
        None
    }
}

/// `set -e`, `set -u`, `set -x`, `set -o pipefail`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ShellOptions {
    #[serde(default)]
    pub errexit: bool,
    #[serde(default)]
    pub nounset: bool,
    #[serde(default)]
    pub xtrace: bool,
    #[serde(default)]
    pub pipefail: bool,
}

/// Everything about a shell session that persists: files, directory, variables, functions,
/// options, history.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ShellState {
    pub fs: Vfs,
    pub cwd: String,
    pub vars: BTreeMap<String, String>,
    pub last_status: i32,
    pub history: Vec<String>,
    /// Variables set without `export` (commands do not see them).
    #[serde(default)]
    pub unexported: BTreeSet<String>,
    /// Functions, by name, as their definitions were typed.
    #[serde(default)]
    pub functions: BTreeMap<String, String>,
    #[serde(default)]
    pub options: ShellOptions,
    /// `$1`, `$2`… of the shell itself (`set -- a b`).
    #[serde(default)]
    pub positional: Vec<String>,
}

impl ShellState {
    pub fn new(now: i64) -> Self {
        let mut vars = BTreeMap::new();
        for (k, v) in [("HOME", HOME), ("PWD", HOME), ("USER", "root"), ("SHELL", "/bin/bash"), ("PATH", "/usr/local/bin:/usr/bin:/bin")] {
            vars.insert(k.to_string(), v.to_string());
        }
        ShellState {
            fs: Vfs::new(now),
            cwd: HOME.to_string(),
            vars,
            last_status: 0,
            history: Vec::new(),
            unexported: BTreeSet::new(),
            functions: BTreeMap::new(),
            options: ShellOptions::default(),
            positional: Vec::new(),
        }
    }
}

/// The result of running one input (one or more lines) at the prompt.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunResult {
    pub output: Output,
    pub status: i32,
}

pub struct Shell<W> {
    pub state: ShellState,
    commands: BTreeMap<String, Rc<dyn Command<W>>>,
    /// The command the last input left running, until the host takes it.
    foreground: Option<Box<dyn Foreground<W>>>,
    /// The host lets the user interrupt (Ctrl-C) between turns of a running job.
    interruptible: bool,
}

/// Bash's interactive history keeps at most this many entries.
pub const HISTORY_LIMIT: usize = 500;

impl<W: World + 'static> Shell<W> {
    /// A shell with the standard tools (see [`commands::standard`]).
    pub fn new(state: ShellState) -> Self {
        let mut sh = Shell { state, commands: BTreeMap::new(), foreground: None, interruptible: false };
        for (name, cmd) in commands::standard::<W>() {
            sh.commands.insert(name.to_string(), cmd);
        }
        sh
    }

    /// Says the host lets the user interrupt a running job between its turns (the browser's
    /// Ctrl-C): the step budget then counts one turn, and a loop runs on across turns until
    /// interrupted. A headless host (the default) gets the budget over the whole command line,
    /// so a runaway loop ends with status [`BUDGET_STATUS`] and a message saying why.
    pub fn set_interruptible(&mut self, on: bool) {
        self.interruptible = on;
    }

    /// The command the last input left running in the foreground, if any.
    pub fn take_foreground(&mut self) -> Option<Box<dyn Foreground<W>>> {
        self.foreground.take()
    }

    /// Adds (or replaces) a command, e.g. `kubectl`.
    pub fn register(&mut self, name: &str, cmd: Rc<dyn Command<W>>) {
        self.commands.insert(name.to_string(), cmd);
    }

    pub fn command_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.commands.keys().cloned().collect();
        names.extend(exec::BUILTINS.iter().filter(|b| b.len() > 1).map(|s| s.to_string()));
        crate::sort::sort(&mut names);
        names.dedup();
        names
    }

    /// The prompt bash would show for the current directory.
    pub fn prompt(&self) -> String {
        let cwd = &self.state.cwd;
        let shown = if cwd == HOME {
            "~".to_string()
        } else if let Some(rest) = cwd.strip_prefix(&format!("{HOME}/")) {
            format!("~/{rest}")
        } else {
            cwd.clone()
        };
        format!("root@kueue-lab:{shown}# ")
    }

    /// Runs a complete input (check [`syntax::is_complete`] first for interactive entry) and
    /// records it in history.
    pub fn run(&mut self, world: &mut W, input: &str) -> RunResult {
        let trimmed = input.trim_end_matches('\n');
        if !trimmed.trim().is_empty() && self.state.history.last().map(String::as_str) != Some(trimmed) {
            self.state.history.push(trimmed.to_string());
            if self.state.history.len() > HISTORY_LIMIT {
                let excess = self.state.history.len() - HISTORY_LIMIT;
                self.state.history.drain(..excess);
            }
        }
        self.run_without_history(world, input)
    }

    /// Runs an input without recording it. If it is still running after its first slice (a
    /// long loop, `watch`) or leaves a command running (`kubectl get -w`), that is left in the
    /// foreground for the host to [`take`](Shell::take_foreground) and resume; the status is then
    /// the one so far.
    pub fn run_without_history(&mut self, world: &mut W, input: &str) -> RunResult {
        self.foreground = None;
        let mut out = Output::default();
        let status = match syntax::parse(input) {
            Ok(program) => {
                let mut job = Job::new(self, program);
                out = job.drive(self, world);
                match job.status() {
                    Some(status) => {
                        self.foreground = job.take_handed();
                        status
                    }
                    None => {
                        self.foreground = Some(Box::new(job));
                        0
                    }
                }
            }
            Err(syntax::ParseError::Incomplete) => {
                out.write(2, "bash: syntax error: unexpected end of file\n");
                2
            }
            Err(e) => {
                out.write(2, &e.message());
                out.write(2, "\n");
                2
            }
        };
        self.state.last_status = status;
        RunResult { output: out, status }
    }

    /// Runs an input to its end without a host: a job is resumed until done; one that waits
    /// for virtual time (or a command it left running) is interrupted. For tests and tools.
    pub fn run_to_end(&mut self, world: &mut W, input: &str) -> RunResult {
        let mut r = self.run(world, input);
        if let Some(mut fg) = self.take_foreground() {
            while !fg.done() && fg.waits_for_time().is_none() {
                let o = fg.resume(self, world);
                for (fd, text) in o.chunks {
                    r.output.write(fd, &text);
                }
            }
            match fg.exit_status() {
                Some(s) if fg.done() => r.status = s,
                _ => {
                    r.output.write(1, "^C\n");
                    r.status = 130;
                    self.interrupt();
                }
            }
        }
        r
    }

    /// Ctrl-C: what the foreground was doing is abandoned; `$?` is 130, as after SIGINT.
    pub fn interrupt(&mut self) {
        self.foreground = None;
        self.state.last_status = 130;
    }
}
