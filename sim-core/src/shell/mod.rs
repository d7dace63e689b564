//! The mini shell: a POSIX-like command line over the [`Vfs`], with pluggable commands.
//!
//! `syntax` parses a line into an AST, `exec` runs it (expansion, redirections, pipelines),
//! `commands` holds the coreutils-like tools (and `jq`), `complete` answers Tab. A host adds its own
//! commands (kubectl) with [`Shell::register`].

pub mod commands;
pub mod complete;
mod exec;
pub mod syntax;

/// The world the shell lives in (its clock); defined with the clock so the cluster can be one.
pub use crate::clock::World;
use crate::vfs::{normalize, Vfs, HOME};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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
    pub stdin: String,
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
    /// Reads a file argument, or stdin for `-`.
    pub fn read_input(&self, name: &str) -> Result<String, crate::vfs::FsError> {
        if name == "-" {
            return Ok(self.stdin.clone());
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
}

/// Everything about a shell session that persists: files, directory, variables, history.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ShellState {
    pub fs: Vfs,
    pub cwd: String,
    pub vars: BTreeMap<String, String>,
    pub last_status: i32,
    pub history: Vec<String>,
}

impl ShellState {
    pub fn new(now: i64) -> Self {
        let mut vars = BTreeMap::new();
        for (k, v) in [("HOME", HOME), ("PWD", HOME), ("USER", "root"), ("SHELL", "/bin/bash"), ("PATH", "/usr/local/bin:/usr/bin:/bin")] {
            vars.insert(k.to_string(), v.to_string());
        }
        ShellState { fs: Vfs::new(now), cwd: HOME.to_string(), vars, last_status: 0, history: Vec::new() }
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
}

/// Bash's interactive history keeps at most this many entries.
pub const HISTORY_LIMIT: usize = 500;

impl<W: World + 'static> Shell<W> {
    /// A shell with the standard tools (see [`commands::standard`]).
    pub fn new(state: ShellState) -> Self {
        let mut sh = Shell { state, commands: BTreeMap::new(), foreground: None };
        for (name, cmd) in commands::standard::<W>() {
            sh.commands.insert(name.to_string(), cmd);
        }
        sh
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
        names.extend(exec::SPECIAL_BUILTINS.iter().map(|s| s.to_string()));
        names.sort();
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

    pub fn run_without_history(&mut self, world: &mut W, input: &str) -> RunResult {
        let mut out = Output::default();
        let status = match syntax::parse(input) {
            Ok(program) => exec::run_program(self, world, &program, &mut out),
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
}
