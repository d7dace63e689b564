//! Running a parsed program — a *job*: word expansion (parameters and their `${…}` operators,
//! `$(...)`, `$((…))`, field splitting, `~`, globbing over the virtual filesystem),
//! redirections and fd routing, pipelines, `&&`/`||`, loops, `if`, `case`, functions, subshells,
//! and the builtins that change the shell itself (`cd`, `export`, `set`, `read`, `source`…).
//!
//! The interpreter is written as `async` code so a job can stop between two steps and go on
//! later: the host polls it (the browser once a tick, until Ctrl-C; `transcript.rs` at once).
//! A job yields at a loop's next iteration when its slice of [`SLICE_STEPS`] is used up or when
//! the iteration let virtual time pass (`sleep`), while it waits for a command left running
//! (`kubectl get -w` inside a loop) and while `watch` waits for its next round. A job that runs
//! [`STEP_LIMIT`] steps without the user being able to interrupt it is stopped with a message
//! saying so (status [`BUDGET_STATUS`]): under a headless host (`transcript.rs`, `kueue-lab
//! sim`) that is the whole command line; under an interruptible host (the browser, see
//! [`Shell::set_interruptible`]) it is one turn, so a loop there runs on, a slice a tick, until
//! Ctrl-C ([`Shell::interrupt`], status 130). Nothing here is concurrent: the
//! future is polled by hand with a no-op waker, and everything it needs from the shell and the
//! world it asks for through an *effect* — a closure the driver runs with `&mut Shell` and
//! `&mut W` — so the future itself borrows nothing between polls.

use super::arith;
use super::commands::test::{eval_test, TestMode};
use super::syntax::{
    parse, parse_heredoc_body, word_source, Anchor, AndOr, CaseNext, Command, Compound, Connector, FunctionDef, ParamOp, Pipeline, Program,
    RedirOp, Redirect, Script, SimpleCommand, Word, WordPart,
};
use super::{Cx, Foreground, Output, Shell, ShellOptions, World};
use crate::vfs::{normalize, FsError, HOME};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

/// Builtins the interpreter runs itself (they change or read the shell, or run commands).
pub const BUILTINS: &[&str] = &[
    ".", ":", "bash", "break", "builtin", "cd", "command", "continue", "declare", "eval", "exec", "exit", "export", "let", "local", "read",
    "readonly", "return", "set", "sh", "shift", "source", "trap", "type", "typeset", "unset", "wait", "watch", "xargs",
];

/// Steps (commands, loop rounds, function calls) one command line may take before the
/// simulator stops it — one turn of it when the host lets the user interrupt between turns.
pub const STEP_LIMIT: u64 = 100_000;
/// Steps a job runs before it lets the host have a turn (the browser's Ctrl-C, a tick).
pub const SLICE_STEPS: u64 = 5_000;
/// Deepest nesting of function calls, `source`, `eval` and `bash FILE`.
pub const MAX_CALL_DEPTH: usize = 40;
/// Deepest nesting of commands inside commands (function bodies, compound commands, `$(…)`):
/// it bounds the stack the interpreter uses.
pub const MAX_COMMAND_NESTING: usize = 50;
/// The status a job stopped by the step budget ends with (as `timeout` does).
pub const BUDGET_STATUS: i32 = 124;

type Fut<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;
type Effect<W> = Box<dyn FnOnce(&mut Shell<W>, &mut W) -> Box<dyn Any>>;

/// How control leaves a command other than by finishing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Jump {
    Break(u32),
    Continue(u32),
    Return(i32),
    /// `exit`, or `set -e`: ends the (sub)shell.
    Exit(i32),
    /// An expansion error (`${X:?}`, `set -u`, bad arithmetic): the (sub)shell's command line ends.
    Abort(i32),
    /// The step budget: the whole job ends.
    Stop(i32),
}

type Res = Result<i32, Jump>;

/// What a job waits for when it yields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// Its next slice of steps: resume at once.
    Steps,
    /// Virtual time to pass (`watch`, a command left running); `Some` when it ends by itself then.
    Time(Option<u64>),
}

/// The interpreter's view of the shell during a job; written back to `ShellState` whenever
/// the job yields or ends.
#[derive(Debug, Clone)]
struct Env {
    vars: BTreeMap<String, String>,
    unexported: BTreeSet<String>,
    functions: BTreeMap<String, Rc<FunctionDef>>,
    options: ShellOptions,
    cwd: String,
    last_status: i32,
}

/// A variable a function made `local`: its name, previous value, and whether it was unexported.
type Local = (String, Option<String>, bool);

/// The positional parameters of a function, script or the shell itself.
#[derive(Debug, Clone)]
struct Frame {
    zero: String,
    args: Vec<String>,
}

/// Where an output file descriptor goes.
#[derive(Clone)]
enum Sink {
    /// The terminal's stream (1 or 2).
    Term(u32),
    /// A capture: a pipe or a command substitution.
    Buf(Rc<RefCell<String>>),
    /// A file (created or truncated when the redirection was made).
    File(String),
    Null,
}

impl PartialEq for Sink {
    fn eq(&self, other: &Sink) -> bool {
        match (self, other) {
            (Sink::Term(a), Sink::Term(b)) => a == b,
            (Sink::Buf(a), Sink::Buf(b)) => Rc::ptr_eq(a, b),
            (Sink::File(a), Sink::File(b)) => a == b,
            (Sink::Null, Sink::Null) => true,
            _ => false,
        }
    }
}

/// A command's standard input: text and how much of it has been read, shared by the commands
/// of a loop reading it (`while read`).
struct Input {
    text: String,
    pos: usize,
    /// The terminal: nothing to read (the simulator does not wait for typed input).
    tty: bool,
}

#[derive(Clone)]
struct Io {
    stdin: Rc<RefCell<Input>>,
    out: Sink,
    err: Sink,
}

impl Io {
    fn terminal() -> Io {
        Io { stdin: Rc::new(RefCell::new(Input { text: String::new(), pos: 0, tty: true })), out: Sink::Term(1), err: Sink::Term(2) }
    }
    fn with_stdin(&self, text: String) -> Io {
        Io { stdin: Rc::new(RefCell::new(Input { text, pos: 0, tty: false })), ..self.clone() }
    }
    fn sink(&self, fd: u32) -> &Sink {
        if fd == 2 {
            &self.err
        } else {
            &self.out
        }
    }
}

struct Core<W> {
    env: RefCell<Env>,
    frames: RefCell<Vec<Frame>>,
    /// `local` variables per function call: (name, previous value, was unexported).
    locals: RefCell<Vec<Vec<Local>>>,
    request: RefCell<Option<Effect<W>>>,
    response: RefCell<Option<Box<dyn Any>>>,
    /// Written to the terminal and not yet handed to the host.
    term: RefCell<Output>,
    steps: Cell<u64>,
    /// Where the step budget started counting (moves to each turn's start under an
    /// interruptible host).
    budget_base: Cell<u64>,
    slice_end: Cell<u64>,
    /// Virtual time passed during this slice (a loop then lets the host have a turn).
    slept: Cell<bool>,
    wait: Cell<Wait>,
    yield_requested: Cell<bool>,
    depth: Cell<usize>,
    /// Commands being run inside commands (see [`MAX_COMMAND_NESTING`]).
    nesting: Cell<usize>,
    loops: Cell<u32>,
    /// Subshells entered (0: the interactive shell itself).
    subshell: Cell<usize>,
    /// The status of the last command substitution (for a command with none but assignments).
    subst_status: Cell<Option<i32>>,
    /// The input is one simple command: a command it leaves running goes to the host as is.
    single: bool,
    /// A command left running by the single simple command.
    handed: RefCell<Option<Box<dyn Foreground<W>>>>,
    /// A command left running that the job waits for.
    inner: RefCell<Option<Box<dyn Foreground<W>>>>,
    random: Cell<u64>,
    /// The script being read (`bash FILE`, `source FILE`, `bash -c`) and its current line: bash's
    /// messages there start `FILE: line N: ` instead of `bash: `.
    origin: RefCell<Vec<(String, usize)>>,
}

impl<W> Core<W> {
    /// A message as bash prints it where the shell is now.
    fn located(&self, line: &str) -> String {
        match (self.origin.borrow().last(), line.strip_prefix("bash: ")) {
            (Some((name, n)), Some(rest)) => format!("{name}: line {n}: {rest}"),
            _ => line.to_string(),
        }
    }
}

/// A command line being run: the host polls it until it is done.
pub struct Job<W> {
    core: Rc<Core<W>>,
    fut: Option<Fut<'static, i32>>,
    status: Option<i32>,
}

struct Noop;
impl Wake for Noop {
    fn wake(self: Arc<Self>) {}
}

/// A future that is pending once: the job's turn ends there.
struct YieldNow(bool);
impl Future for YieldNow {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            Poll::Ready(())
        } else {
            self.0 = true;
            Poll::Pending
        }
    }
}

/// A future that asks the driver to run `f` with the shell and the world.
struct EffectFut<W, R> {
    core: Rc<Core<W>>,
    f: Option<Effect<W>>,
    _r: std::marker::PhantomData<R>,
}

impl<W, R: 'static> Future for EffectFut<W, R> {
    type Output = R;
    fn poll(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<R> {
        let this = unsafe_free_pin(self);
        if let Some(f) = this.f.take() {
            *this.core.request.borrow_mut() = Some(f);
            return Poll::Pending;
        }
        match this.core.response.borrow_mut().take().and_then(|r| r.downcast::<R>().ok()) {
            Some(r) => Poll::Ready(*r),
            // The driver always answers a request before polling again.
            None => Poll::Pending,
        }
    }
}

/// `EffectFut` holds nothing that needs pinning.
fn unsafe_free_pin<T: Unpin>(p: Pin<&mut T>) -> &mut T {
    Pin::into_inner(p)
}

impl<W, R> Unpin for EffectFut<W, R> {}

impl<W: World + 'static> Job<W> {
    /// Starts `program` (nothing runs until the first [`Job::drive`]).
    pub(super) fn new(sh: &Shell<W>, program: Program) -> Job<W> {
        let st = &sh.state;
        let mut functions = BTreeMap::new();
        for (name, text) in &st.functions {
            if let Ok(p) = parse(text) {
                if let Some(Command::Function(def)) = p.script.items.first().and_then(|i| i.first.commands.first()) {
                    functions.insert(name.clone(), Rc::new(def.clone()));
                }
            }
        }
        let env = Env {
            vars: st.vars.clone(),
            unexported: st.unexported.clone(),
            functions,
            options: st.options.clone(),
            cwd: st.cwd.clone(),
            last_status: st.last_status,
        };
        let core = Rc::new(Core {
            env: RefCell::new(env),
            frames: RefCell::new(vec![Frame { zero: "bash".into(), args: st.positional.clone() }]),
            locals: RefCell::new(Vec::new()),
            request: RefCell::new(None),
            response: RefCell::new(None),
            term: RefCell::new(Output::default()),
            steps: Cell::new(0),
            budget_base: Cell::new(0),
            slice_end: Cell::new(SLICE_STEPS),
            slept: Cell::new(false),
            wait: Cell::new(Wait::Steps),
            yield_requested: Cell::new(false),
            depth: Cell::new(0),
            nesting: Cell::new(0),
            loops: Cell::new(0),
            subshell: Cell::new(0),
            subst_status: Cell::new(None),
            single: program.single_simple_command(),
            handed: RefCell::new(None),
            inner: RefCell::new(None),
            random: Cell::new(0x2545_f491_4f6c_dd1d ^ st.history.len() as u64),
            origin: RefCell::new(Vec::new()),
        });
        let it = Interp { core: core.clone() };
        let fut: Fut<'static, i32> = Box::pin(async move {
            let program = program;
            let io = Io::terminal();
            match it.script(&program.script, &io, false).await {
                Ok(s) => s,
                Err(Jump::Exit(s)) => {
                    if it.core.subshell.get() == 0 {
                        it.emit_now(&io.err, "exit\n");
                        it.emit_now(
                            &io.err,
                            "(시뮬레이터: 실제 터미널이라면 여기서 셸이 끝납니다. 이 터미널은 그대로 열려 있습니다 / simulator: a real terminal would close here; this one stays open)\n",
                        );
                    }
                    s
                }
                Err(Jump::Abort(s) | Jump::Stop(s) | Jump::Return(s)) => s,
                Err(Jump::Break(_) | Jump::Continue(_)) => 0,
            }
        });
        Job { core, fut: Some(fut), status: None }
    }

    /// Runs the job until it ends or yields; returns what it wrote to the terminal meanwhile.
    pub(super) fn drive(&mut self, sh: &mut Shell<W>, world: &mut W) -> Output {
        let core = self.core.clone();
        if sh.interruptible {
            core.budget_base.set(core.steps.get());
        }
        core.slice_end.set(core.steps.get() + SLICE_STEPS);
        core.slept.set(false);
        core.yield_requested.set(false);
        core.wait.set(Wait::Steps);
        let waker = Waker::from(Arc::new(Noop));
        let mut cx = Context::from_waker(&waker);
        while let Some(fut) = self.fut.as_mut() {
            match fut.as_mut().poll(&mut cx) {
                Poll::Ready(status) => {
                    self.status = Some(status);
                    self.fut = None;
                }
                Poll::Pending => {
                    let request = core.request.borrow_mut().take();
                    match request {
                        Some(f) => {
                            let r = f(sh, world);
                            *core.response.borrow_mut() = Some(r);
                        }
                        None => break,
                    }
                }
            }
        }
        // What the shell keeps between command lines.
        let env = core.env.borrow();
        let st = &mut sh.state;
        st.vars = env.vars.clone();
        st.unexported = env.unexported.clone();
        st.functions = crate::sort::map_from(env.functions.iter().map(|(k, v)| (k.clone(), v.source.clone())));
        st.options = env.options.clone();
        st.cwd = env.cwd.clone();
        st.last_status = self.status.unwrap_or(env.last_status);
        st.positional = core.frames.borrow().first().map(|f| f.args.clone()).unwrap_or_default();
        drop(env);
        let out = std::mem::take(&mut *core.term.borrow_mut());
        out
    }

    pub(super) fn status(&self) -> Option<i32> {
        self.status
    }

    /// A command left running by a one-command line, handed to the host as it is.
    pub(super) fn take_handed(&self) -> Option<Box<dyn Foreground<W>>> {
        self.core.handed.borrow_mut().take()
    }
}

impl<W: World + 'static> Foreground<W> for Job<W> {
    fn poll(&mut self, _world: &mut W) -> String {
        // A job needs the shell: hosts call `resume`.
        String::new()
    }
    fn resume(&mut self, shell: &mut Shell<W>, world: &mut W) -> Output {
        self.drive(shell, world)
    }
    fn deadline_ms(&self) -> Option<u64> {
        None
    }
    fn done(&self) -> bool {
        self.status.is_some()
    }
    fn waits_for_time(&self) -> Option<Option<u64>> {
        match self.core.wait.get() {
            Wait::Steps => None,
            Wait::Time(deadline) => Some(deadline),
        }
    }
    fn edit_path(&self) -> Option<String> {
        self.core.inner.borrow().as_ref().and_then(|f| f.edit_path())
    }
    fn editor_closed(&mut self, world: &mut W, text: &str) -> (Output, Option<String>) {
        match self.core.inner.borrow_mut().as_mut() {
            Some(f) => f.editor_closed(world, text),
            None => (Output::default(), None),
        }
    }
    fn exit_status(&self) -> Option<i32> {
        self.status
    }
}

/// The interpreter: async methods over the job's shared core.
struct Interp<W> {
    core: Rc<Core<W>>,
}

impl<W> Clone for Interp<W> {
    fn clone(&self) -> Self {
        Interp { core: self.core.clone() }
    }
}

struct EnvVars<'a>(&'a RefCell<Env>);
impl arith::Vars for EnvVars<'_> {
    fn get(&self, name: &str) -> Option<String> {
        self.0.borrow().vars.get(name).cloned()
    }
    fn set(&mut self, name: &str, value: String) {
        self.0.borrow_mut().vars.insert(name.to_string(), value);
    }
}

fn write_sink<W>(sh: &mut Shell<W>, core: &Core<W>, sink: &Sink, text: &str, now: i64) {
    if text.is_empty() {
        return;
    }
    match sink {
        Sink::Term(fd) => core.term.borrow_mut().write(*fd, text),
        Sink::Buf(b) => b.borrow_mut().push_str(text),
        Sink::File(path) => {
            let _ = sh.state.fs.append(path, text, now);
        }
        Sink::Null => {}
    }
}

impl<W: World + 'static> Interp<W> {
    fn effect<R: 'static>(&self, f: impl FnOnce(&mut Shell<W>, &mut W) -> R + 'static) -> EffectFut<W, R> {
        EffectFut {
            core: self.core.clone(),
            f: Some(Box::new(move |sh, w| Box::new(f(sh, w)) as Box<dyn Any>)),
            _r: std::marker::PhantomData,
        }
    }

    /// Writes to a sink that needs no file (the terminal, a capture); files go through `emit`.
    fn emit_now(&self, sink: &Sink, text: &str) {
        match sink {
            Sink::Term(fd) => self.core.term.borrow_mut().write(*fd, text),
            Sink::Buf(b) => b.borrow_mut().push_str(text),
            Sink::File(_) | Sink::Null => {}
        }
    }

    async fn emit(&self, sink: &Sink, text: String) {
        if let Sink::File(path) = sink {
            let path = path.clone();
            self.effect(move |sh, w| {
                let now = w.now_unix();
                let _ = sh.state.fs.append(&path, &text, now);
            })
            .await
        } else {
            self.emit_now(sink, &text)
        }
    }

    async fn err(&self, io: &Io, line: String) {
        let line = self.core.located(&line);
        self.emit(&io.err, format!("{line}\n")).await
    }

    fn set_status(&self, s: i32) {
        self.core.env.borrow_mut().last_status = s;
    }

    fn var(&self, name: &str) -> Option<String> {
        self.core.env.borrow().vars.get(name).cloned()
    }

    /// Sets a variable; a new one is the shell's own (not exported).
    fn set_var(&self, name: &str, value: String) {
        let mut env = self.core.env.borrow_mut();
        if !env.vars.contains_key(name) {
            env.unexported.insert(name.to_string());
        }
        env.vars.insert(name.to_string(), value);
    }

    /// One step; the budget's end stops the job.
    async fn step(&self, io: &Io) -> Result<(), Jump> {
        let n = self.core.steps.get() + 1;
        self.core.steps.set(n);
        if n - self.core.budget_base.get() > STEP_LIMIT {
            self.err(
                io,
                format!(
                    "bash: 시뮬레이터가 이 명령 줄을 {STEP_LIMIT} 단계 뒤에 멈췄습니다 (끝나지 않는 반복인가요?) / the simulator stopped this command line after {STEP_LIMIT} steps (an endless loop?)"
                ),
            )
            .await;
            return Err(Jump::Stop(BUDGET_STATUS));
        }
        Ok(())
    }

    /// A loop's next round: a step, and the host's turn if the slice is used up or time passed.
    async fn round(&self, io: &Io) -> Result<(), Jump> {
        self.step(io).await?;
        if self.core.steps.get() >= self.core.slice_end.get() || self.core.slept.get() || self.core.yield_requested.get() {
            self.core.wait.set(Wait::Steps);
            YieldNow(false).await;
        }
        Ok(())
    }

    fn script<'a>(&'a self, s: &'a Script, io: &'a Io, cond: bool) -> Fut<'a, Res> {
        Box::pin(async move {
            let mut status = self.core.env.borrow().last_status;
            for item in &s.items {
                status = self.and_or(item, io, cond).await?;
            }
            Ok(status)
        })
    }

    async fn and_or(&self, item: &AndOr, io: &Io, cond: bool) -> Res {
        let last = item.rest.is_empty();
        let mut status = self.pipeline(&item.first, io, cond || !last).await?;
        for (i, (conn, p)) in item.rest.iter().enumerate() {
            let go = match conn {
                Connector::And => status == 0,
                Connector::Or => status != 0,
            };
            if go {
                let is_last = i + 1 == item.rest.len();
                status = self.pipeline(p, io, cond || !is_last).await?;
            }
        }
        Ok(status)
    }

    async fn pipeline(&self, p: &Pipeline, io: &Io, cond: bool) -> Res {
        let cond = cond || p.negate;
        let mut status = if p.commands.len() == 1 {
            self.command(&p.commands[0], io, cond).await?
        } else {
            let n = p.commands.len();
            let mut stdin = io.stdin.clone();
            let mut statuses = Vec::new();
            for (i, c) in p.commands.iter().enumerate() {
                let capture = Rc::new(RefCell::new(String::new()));
                let stage = Io {
                    stdin: stdin.clone(),
                    out: if i + 1 < n { Sink::Buf(capture.clone()) } else { io.out.clone() },
                    err: io.err.clone(),
                };
                // Every stage of a pipeline runs in a subshell.
                let st = self.subshell(|it| Box::pin(async move { it.command(c, &stage, true).await })).await?;
                statuses.push(st);
                let text = std::mem::take(&mut *capture.borrow_mut());
                stdin = Rc::new(RefCell::new(Input { text, pos: 0, tty: false }));
            }
            let pipefail = self.core.env.borrow().options.pipefail;
            if pipefail {
                statuses.iter().rev().find(|s| **s != 0).copied().unwrap_or(0)
            } else {
                statuses.last().copied().unwrap_or(0)
            }
        };
        if p.negate {
            status = i32::from(status == 0);
        }
        self.set_status(status);
        if status != 0 && !cond && self.core.env.borrow().options.errexit {
            return Err(Jump::Exit(status));
        }
        Ok(status)
    }

    /// Runs `f` as a subshell: what it changes in the shell's variables, functions, options and
    /// directory is undone afterwards; `exit` ends only it.
    async fn subshell<'a>(&'a self, f: impl FnOnce(Interp<W>) -> Fut<'a, Res>) -> Res {
        let saved = self.core.env.borrow().clone();
        let frames = self.core.frames.borrow().len();
        let loops = self.core.loops.replace(0);
        self.core.subshell.set(self.core.subshell.get() + 1);
        let r = f(self.clone()).await;
        self.core.subshell.set(self.core.subshell.get() - 1);
        self.core.loops.set(loops);
        self.core.frames.borrow_mut().truncate(frames.max(1));
        *self.core.env.borrow_mut() = saved;
        match r {
            Ok(s) | Err(Jump::Exit(s) | Jump::Abort(s) | Jump::Return(s)) => {
                self.set_status(s);
                Ok(s)
            }
            Err(Jump::Break(_) | Jump::Continue(_)) => Ok(0),
            Err(stop @ Jump::Stop(_)) => Err(stop),
        }
    }

    fn command<'a>(&'a self, c: &'a Command, io: &'a Io, cond: bool) -> Fut<'a, Res> {
        Box::pin(async move {
            let nesting = self.core.nesting.get();
            if nesting >= MAX_COMMAND_NESTING {
                self.err(
                    io,
                    format!(
                        "bash: 시뮬레이터 셸은 명령을 {MAX_COMMAND_NESTING} 단계까지만 중첩합니다 / the simulator's shell nests commands at most {MAX_COMMAND_NESTING} deep"
                    ),
                )
                .await;
                return Err(Jump::Abort(1));
            }
            self.core.nesting.set(nesting + 1);
            let r = self.command_inner(c, io, cond).await;
            self.core.nesting.set(nesting);
            r
        })
    }

    async fn command_inner(&self, c: &Command, io: &Io, cond: bool) -> Res {
        {
            match c {
                Command::Simple(s) => self.simple(s, io, cond).await,
                Command::Function(def) => {
                    let mut env = self.core.env.borrow_mut();
                    env.functions.insert(def.name.clone(), Rc::new(def.clone()));
                    env.last_status = 0;
                    Ok(0)
                }
                Command::Compound(body, redirects) => {
                    let io2 = match self.redirect(redirects, io).await? {
                        Some(io2) => io2,
                        None => {
                            self.set_status(1);
                            return Ok(1);
                        }
                    };
                    let st = self.compound(body, &io2, cond).await?;
                    self.set_status(st);
                    Ok(st)
                }
            }
        }
    }

    async fn compound(&self, body: &Compound, io: &Io, cond: bool) -> Res {
        match body {
            Compound::Brace(s) => self.script(s, io, cond).await,
            Compound::Subshell(s) => self.subshell(|it| Box::pin(async move { it.script(s, io, cond).await })).await,
            Compound::If { branches, otherwise } => {
                for (c, b) in branches {
                    if self.script(c, io, true).await? == 0 {
                        return self.script(b, io, cond).await;
                    }
                }
                match otherwise {
                    Some(o) => self.script(o, io, cond).await,
                    None => Ok(0),
                }
            }
            Compound::While { cond: c, body, until } => {
                let mut status = 0;
                self.core.loops.set(self.core.loops.get() + 1);
                let r = async {
                    loop {
                        self.round(io).await?;
                        let t = self.script(c, io, true).await?;
                        if (t == 0) == *until {
                            return Ok(status);
                        }
                        match self.script(body, io, cond).await {
                            Ok(s) => status = s,
                            Err(Jump::Break(n)) => {
                                if n > 1 {
                                    return Err(Jump::Break(n - 1));
                                }
                                return Ok(0);
                            }
                            Err(Jump::Continue(n)) => {
                                if n > 1 {
                                    return Err(Jump::Continue(n - 1));
                                }
                            }
                            Err(e) => return Err(e),
                        }
                    }
                }
                .await;
                self.core.loops.set(self.core.loops.get() - 1);
                r
            }
            Compound::For { var, words, body } => {
                let items = match words {
                    Some(ws) => self.expand_words(ws, io).await?,
                    None => self.core.frames.borrow().last().map(|f| f.args.clone()).unwrap_or_default(),
                };
                let mut status = 0;
                self.core.loops.set(self.core.loops.get() + 1);
                let r = async {
                    for item in items {
                        self.round(io).await?;
                        self.set_var(var, item);
                        match self.script(body, io, cond).await {
                            Ok(s) => status = s,
                            Err(Jump::Break(n)) => {
                                if n > 1 {
                                    return Err(Jump::Break(n - 1));
                                }
                                return Ok(0);
                            }
                            Err(Jump::Continue(n)) => {
                                if n > 1 {
                                    return Err(Jump::Continue(n - 1));
                                }
                            }
                            Err(e) => return Err(e),
                        }
                    }
                    Ok(status)
                }
                .await;
                self.core.loops.set(self.core.loops.get() - 1);
                r
            }
            Compound::ArithFor { init, cond: test, step, body } => {
                self.arith_word(init, io).await?;
                let mut status = 0;
                self.core.loops.set(self.core.loops.get() + 1);
                let r = async {
                    loop {
                        self.round(io).await?;
                        let go = if test.is_empty() { 1 } else { self.arith_word(test, io).await? };
                        if go == 0 {
                            return Ok(status);
                        }
                        match self.script(body, io, cond).await {
                            Ok(s) => status = s,
                            Err(Jump::Break(n)) => {
                                if n > 1 {
                                    return Err(Jump::Break(n - 1));
                                }
                                return Ok(0);
                            }
                            Err(Jump::Continue(n)) => {
                                if n > 1 {
                                    return Err(Jump::Continue(n - 1));
                                }
                            }
                            Err(e) => return Err(e),
                        }
                        self.arith_word(step, io).await?;
                    }
                }
                .await;
                self.core.loops.set(self.core.loops.get() - 1);
                r
            }
            Compound::Case { word, arms } => {
                let subject = self.expand_string(word, io).await?;
                let subject: Vec<char> = subject.chars().collect();
                let mut status = 0;
                let mut fall = false;
                for arm in arms {
                    let mut hit = fall;
                    if !hit {
                        for p in &arm.patterns {
                            let pat = self.expand_pattern(p, io).await?;
                            if glob_match(&pat, &subject) {
                                hit = true;
                                break;
                            }
                        }
                    }
                    if !hit {
                        continue;
                    }
                    status = self.script(&arm.body, io, cond).await?;
                    match arm.then {
                        CaseNext::Stop => return Ok(status),
                        CaseNext::FallThrough => fall = true,
                        CaseNext::TestNext => fall = false,
                    }
                }
                Ok(status)
            }
            Compound::Arith(expr) => {
                let v = self.arith_word(expr, io).await?;
                Ok(i32::from(v == 0))
            }
            Compound::Cond(words) => {
                let mut args = Vec::new();
                for w in words {
                    let op = matches!(w.as_slice(), [WordPart::Lit(s)] if matches!(s.as_str(), "&&" | "||" | "(" | ")" | "<" | ">" | "!"));
                    let text = self.expand_string(w, io).await?;
                    let pattern = if op { Vec::new() } else { self.expand_pattern(w, io).await? };
                    args.push((text, pattern));
                }
                let core = self.core.clone();
                let (status, msg) = self
                    .effect(move |sh, _| {
                        let env = core.env.borrow();
                        let mut vars = env.vars.clone();
                        drop(env);
                        let r = eval_test(&args, &sh.state.fs, &core.env.borrow().cwd.clone(), TestMode::DoubleBracket, &mut vars);
                        core.env.borrow_mut().vars = vars;
                        r
                    })
                    .await;
                if let Some(m) = msg {
                    self.err(io, m).await;
                }
                Ok(status)
            }
        }
    }

    async fn arith_word(&self, w: &Word, io: &Io) -> Result<i64, Jump> {
        let text = self.expand_string(w, io).await?;
        self.arith(&text, io).await
    }

    async fn arith(&self, text: &str, io: &Io) -> Result<i64, Jump> {
        let r = arith::eval(text, &mut EnvVars(&self.core.env));
        match r {
            Ok(v) => Ok(v),
            Err(m) => {
                self.err(io, format!("bash: {m}")).await;
                Err(Jump::Abort(1))
            }
        }
    }

    /// Applies redirections to `io`; `None` if one failed (its error is printed).
    async fn redirect(&self, redirects: &[Redirect], io: &Io) -> Result<Option<Io>, Jump> {
        let mut io = io.clone();
        for r in redirects {
            let fd = r.fd;
            match &r.op {
                RedirOp::In(w) => {
                    let Some(name) = self.redirect_name(w, &io).await? else { return Ok(None) };
                    let cwd = self.core.env.borrow().cwd.clone();
                    // `< /dev/stdin` reads what the command reads anyway.
                    if fd == 0 && normalize(&cwd, &name) == "/dev/stdin" {
                        continue;
                    }
                    let read = self
                        .effect(move |sh, _| sh.state.fs.read(&normalize(&cwd, &name)).map(str::to_string).map_err(|e| (name, e)))
                        .await;
                    match read {
                        Ok(text) => {
                            if fd == 0 {
                                io = io.with_stdin(text);
                            }
                        }
                        Err((name, e)) => {
                            self.err(&io, format!("bash: {name}: {e}")).await;
                            return Ok(None);
                        }
                    }
                }
                RedirOp::Out(w) | RedirOp::Append(w) | RedirOp::OutErr { target: w, .. } => {
                    let append = matches!(r.op, RedirOp::Append(_) | RedirOp::OutErr { append: true, .. });
                    let Some(name) = self.redirect_name(w, &io).await? else { return Ok(None) };
                    let path = normalize(&self.core.env.borrow().cwd, &name);
                    // `/dev/stdout` and `/dev/stderr` are the streams the command has now, as
                    // `>&1` and `>&2` would give; `/dev/null` drops what it is given.
                    let sink = match path.as_str() {
                        "/dev/stdout" => io.out.clone(),
                        "/dev/stderr" => io.err.clone(),
                        "/dev/null" => Sink::Null,
                        _ => {
                            let p2 = path.clone();
                            let res = self
                                .effect(move |sh, w| {
                                    let now = w.now_unix();
                                    if append {
                                        sh.state.fs.append(&p2, "", now)
                                    } else {
                                        sh.state.fs.write(&p2, "", now)
                                    }
                                })
                                .await;
                            if let Err(e) = res {
                                self.err(&io, format!("bash: {name}: {e}")).await;
                                return Ok(None);
                            }
                            Sink::File(path)
                        }
                    };
                    if matches!(r.op, RedirOp::OutErr { .. }) {
                        io.out = sink.clone();
                        io.err = sink;
                    } else if fd == 1 {
                        io.out = sink;
                    } else if fd == 2 {
                        io.err = sink;
                    }
                }
                RedirOp::Dup(n) => {
                    let target = match n {
                        1 => Some(io.out.clone()),
                        2 => Some(io.err.clone()),
                        0 => None,
                        _ => {
                            self.err(&io, format!("bash: {n}: Bad file descriptor")).await;
                            return Ok(None);
                        }
                    };
                    if let Some(t) = target {
                        match fd {
                            1 => io.out = t,
                            2 => io.err = t,
                            _ => {}
                        }
                    }
                }
                RedirOp::Close => match fd {
                    1 => io.out = Sink::Null,
                    2 => io.err = Sink::Null,
                    0 => io = io.with_stdin(String::new()),
                    _ => {}
                },
                RedirOp::HereDoc(doc) => {
                    let body = if doc.expand {
                        match parse_heredoc_body(&doc.body) {
                            Ok(word) => self.expand_string(&word, &io).await?,
                            Err(e) => {
                                self.err(&io, e.message()).await;
                                return Ok(None);
                            }
                        }
                    } else {
                        doc.body.clone()
                    };
                    if fd == 0 {
                        io = io.with_stdin(body);
                    }
                }
                RedirOp::HereDocIndex(_) => {}
                RedirOp::HereString(w) => {
                    let value = self.expand_string(w, &io).await?;
                    if fd == 0 {
                        io = io.with_stdin(format!("{value}\n"));
                    }
                }
            }
        }
        Ok(Some(io))
    }

    async fn redirect_name(&self, w: &Word, io: &Io) -> Result<Option<String>, Jump> {
        let fields = self.expand_fields(w, io).await?;
        match fields.as_slice() {
            [name] => Ok(Some(name.clone())),
            _ => {
                self.err(io, format!("bash: {}: ambiguous redirect", word_source(w))).await;
                Ok(None)
            }
        }
    }

    async fn simple(&self, cmd: &SimpleCommand, io: &Io, cond: bool) -> Res {
        self.step(io).await?;
        self.core.subst_status.set(None);
        let argv = self.expand_words(&cmd.words, io).await?;
        let mut assigned = Vec::new();
        for (name, value) in &cmd.assignments {
            let mut v = self.expand_string(value, io).await?;
            let (name, append) = match name.strip_suffix('+') {
                Some(n) => (n.to_string(), true),
                None => (name.clone(), false),
            };
            if append {
                v = format!("{}{v}", self.var(&name).unwrap_or_default());
            }
            assigned.push((name, v));
        }
        let Some(io2) = self.redirect(&cmd.redirects, io).await? else {
            self.set_status(1);
            return Ok(1);
        };
        if argv.is_empty() {
            if self.core.env.borrow().options.xtrace {
                for (k, v) in &assigned {
                    self.err(&io2, format!("+ {k}={}", shell_quote(v))).await;
                }
            }
            for (k, v) in assigned {
                self.set_var(&k, v);
            }
            let st = self.core.subst_status.get().unwrap_or(0);
            self.set_status(st);
            return Ok(st);
        }
        if self.core.env.borrow().options.xtrace {
            let shown: Vec<String> =
                assigned.iter().map(|(k, v)| format!("{k}={}", shell_quote(v))).chain(argv.iter().map(|a| shell_quote(a))).collect();
            self.err(&io2, format!("+ {}", shown.join(" "))).await;
        }
        let st = self.run_argv(argv, assigned, &io2, cond).await?;
        self.set_status(st);
        Ok(st)
    }

    /// Runs a command by name: a function, a builtin, or a command of the shell.
    fn run_argv<'a>(&'a self, argv: Vec<String>, assigned: Vec<(String, String)>, io: &'a Io, cond: bool) -> Fut<'a, Res> {
        Box::pin(async move {
            let name = argv[0].clone();
            let function = self.core.env.borrow().functions.get(&name).cloned();
            if let Some(def) = function {
                // Assignments before a function call hold during the call.
                let saved: Vec<(String, Option<String>)> = assigned.iter().map(|(k, _)| (k.clone(), self.var(k))).collect();
                for (k, v) in &assigned {
                    self.set_var(k, v.clone());
                }
                let r = self.call_function(def, argv, io, cond).await;
                for (k, old) in saved {
                    let mut env = self.core.env.borrow_mut();
                    match old {
                        Some(v) => env.vars.insert(k, v),
                        None => env.vars.remove(&k),
                    };
                }
                return r;
            }
            if BUILTINS.contains(&name.as_str()) {
                // Assignments before a builtin hold (exported) while it runs.
                let saved: Vec<(String, Option<String>, bool)> =
                    assigned.iter().map(|(k, _)| (k.clone(), self.var(k), self.core.env.borrow().unexported.contains(k))).collect();
                for (k, v) in &assigned {
                    let mut env = self.core.env.borrow_mut();
                    env.vars.insert(k.clone(), v.clone());
                    env.unexported.remove(k);
                }
                let r = self.builtin(&argv, &assigned, io, cond).await;
                let mut env = self.core.env.borrow_mut();
                for (k, old, unexported) in saved {
                    match old {
                        Some(v) => env.vars.insert(k.clone(), v),
                        None => env.vars.remove(&k),
                    };
                    if unexported {
                        env.unexported.insert(k);
                    }
                }
                return r;
            }
            self.external(argv, assigned, io).await
        })
    }

    async fn call_function(&self, def: Rc<FunctionDef>, argv: Vec<String>, io: &Io, cond: bool) -> Res {
        // A call may be a round of a loop made of recursion: the host gets its turn too.
        self.round(io).await?;
        let depth = self.core.depth.get();
        if depth >= MAX_CALL_DEPTH {
            self.err(io, format!("bash: {}: maximum function nesting level exceeded ({MAX_CALL_DEPTH})", def.name)).await;
            return Err(Jump::Abort(1));
        }
        self.core.depth.set(depth + 1);
        let zero = self.core.frames.borrow().last().map(|f| f.zero.clone()).unwrap_or_default();
        self.core.frames.borrow_mut().push(Frame { zero, args: argv[1..].to_vec() });
        self.core.locals.borrow_mut().push(Vec::new());
        let loops = self.core.loops.replace(0);
        let r = async {
            let Some(io2) = self.redirect(&def.redirects, io).await? else { return Ok(1) };
            self.compound(&def.body, &io2, cond).await
        }
        .await;
        self.core.loops.set(loops);
        let locals = self.core.locals.borrow_mut().pop().unwrap_or_default();
        {
            let mut env = self.core.env.borrow_mut();
            for (name, old, unexported) in locals.into_iter().rev() {
                match old {
                    Some(v) => env.vars.insert(name.clone(), v),
                    None => env.vars.remove(&name),
                };
                if unexported {
                    env.unexported.insert(name);
                } else {
                    env.unexported.remove(&name);
                }
            }
        }
        self.core.frames.borrow_mut().pop();
        self.core.depth.set(depth);
        match r {
            Err(Jump::Return(s)) => Ok(s),
            other => other,
        }
    }

    /// A command from the shell's table, run in an effect with the shell and the world.
    async fn external(&self, argv: Vec<String>, assigned: Vec<(String, String)>, io: &Io) -> Res {
        let core = self.core.clone();
        let (stdin_text, tty_in) = {
            let input = io.stdin.borrow();
            (input.text.get(input.pos..).unwrap_or("").to_string(), input.tty)
        };
        let io2 = io.clone();
        let (status, consumed, fg) = self
            .effect(move |sh: &mut Shell<W>, world: &mut W| {
                let name = argv[0].as_str();
                let args = &argv[1..];
                let mut out = Output::default();
                let env = core.env.borrow().clone();
                if name == "history" && args.first().map(String::as_str) == Some("-c") {
                    sh.state.history.clear();
                    return (0, false, None);
                }
                let Some(command) = sh.commands.get(name).cloned() else {
                    let status = if name.contains('/') {
                        let path = normalize(&env.cwd, name);
                        match sh.state.fs.lookup(&path) {
                            Err(e) => {
                                out.write(2, &format!("bash: {name}: {e}\n"));
                                127
                            }
                            Ok(n) if n.is_dir() => {
                                out.write(2, &format!("bash: {name}: Is a directory\n"));
                                126
                            }
                            Ok(_) => {
                                out.write(2, &format!("bash: {name}: Permission denied\n"));
                                126
                            }
                        }
                    } else {
                        out.write(2, &format!("bash: {name}: command not found\n"));
                        127
                    };
                    let now = world.now_unix();
                    for (fd, text) in out.chunks {
                        let text = core.located(&text);
                        write_sink(sh, &core, io2.sink(fd), &text, now);
                    }
                    return (status, false, None);
                };
                let command_names = sh.command_names();
                let mut vars: BTreeMap<String, String> = crate::sort::map_from(
                    env.vars.iter().filter(|(k, _)| !env.unexported.contains(*k)).map(|(k, v)| (k.clone(), v.clone())),
                );
                vars.insert("PWD".into(), env.cwd.clone());
                for (k, v) in &assigned {
                    vars.insert(k.clone(), v.clone());
                }
                let stdout_is_tty = io2.out == Sink::Term(1);
                let before = world.now_ms();
                let state = &mut sh.state;
                let mut cx = Cx {
                    fs: &mut state.fs,
                    cwd: &env.cwd,
                    vars: &vars,
                    world,
                    stdin: stdin_text,
                    stdin_read: Cell::new(false),
                    stdin_is_tty: tty_in,
                    out: Output::default(),
                    stdout_is_tty,
                    history: &state.history,
                    command_names,
                    foreground: None,
                };
                let status = command.run(&mut cx, args);
                let fg = cx.foreground.take();
                let consumed = cx.stdin_read.get();
                let out = std::mem::take(&mut cx.out);
                drop(cx);
                // The command boundary: the world reacts to what the command did.
                world.settle();
                if world.now_ms() != before {
                    core.slept.set(true);
                }
                let now = world.now_unix();
                for (fd, text) in out.chunks {
                    write_sink(sh, &core, io2.sink(fd), &text, now);
                }
                (status, consumed, if stdout_is_tty { fg } else { None })
            })
            .await;
        if consumed {
            let mut input = io.stdin.borrow_mut();
            input.pos = input.text.len();
        }
        if let Some(fg) = fg {
            if self.core.single {
                *self.core.handed.borrow_mut() = Some(fg);
                return Ok(status);
            }
            return self.wait_for(fg, status).await;
        }
        Ok(status)
    }

    /// Waits, inside the job, for a command left running (`kubectl get -w` in a loop).
    async fn wait_for(&self, fg: Box<dyn Foreground<W>>, status: i32) -> Res {
        *self.core.inner.borrow_mut() = Some(fg);
        loop {
            let (done, deadline) = {
                let inner = self.core.inner.borrow();
                let f = inner.as_ref().expect("set above");
                (f.done(), f.deadline_ms())
            };
            let now = self.effect(|_, w: &mut W| w.now_ms()).await;
            if done || deadline.is_some_and(|d| now >= d) {
                break;
            }
            self.core.wait.set(Wait::Time(deadline));
            YieldNow(false).await;
            let core = self.core.clone();
            let text = self.effect(move |_, w: &mut W| core.inner.borrow_mut().as_mut().map(|f| f.poll(w)).unwrap_or_default()).await;
            self.emit_now(&Sink::Term(1), &text);
        }
        self.core.wait.set(Wait::Steps);
        let fg = self.core.inner.borrow_mut().take();
        Ok(fg.and_then(|f| f.exit_status()).unwrap_or(status))
    }

    /// Expands words into fields: splitting, globbing.
    async fn expand_words(&self, words: &[Word], io: &Io) -> Result<Vec<String>, Jump> {
        let mut out = Vec::new();
        for w in words {
            out.extend(self.expand_fields(w, io).await?);
        }
        Ok(out)
    }

    fn ifs(&self) -> String {
        self.var("IFS").unwrap_or_else(|| " \t\n".to_string())
    }

    /// One word into fields.
    fn expand_fields<'a>(&'a self, word: &'a Word, io: &'a Io) -> Fut<'a, Result<Vec<String>, Jump>> {
        Box::pin(async move {
            // Each char carries whether it may act as a glob character.
            let mut fields: Vec<(Vec<(char, bool)>, bool)> = Vec::new();
            let mut cur: Vec<(char, bool)> = Vec::new();
            let mut cur_quoted = false;
            let ifs = self.ifs();
            for (i, part) in word.iter().enumerate() {
                match part {
                    WordPart::Lit(s) => {
                        let s = if i == 0 { self.tilde(s) } else { s.clone() };
                        cur.extend(s.chars().map(|c| (c, true)));
                    }
                    WordPart::Quoted(s) => {
                        cur.extend(s.chars().map(|c| (c, false)));
                        cur_quoted = true;
                    }
                    WordPart::Param { name, op, quoted: true } if (name == "@") && matches!(**op, ParamOp::Plain) => {
                        let args = self.positional();
                        if args.is_empty() {
                            continue;
                        }
                        for (k, a) in args.iter().enumerate() {
                            if k > 0 {
                                fields.push((std::mem::take(&mut cur), true));
                            }
                            cur.extend(a.chars().map(|c| (c, false)));
                        }
                        cur_quoted = true;
                    }
                    WordPart::Param { quoted: true, .. }
                    | WordPart::CmdSubst { quoted: true, .. }
                    | WordPart::Arith { quoted: true, .. } => {
                        let v = self.part_value(part, io).await?;
                        cur.extend(v.chars().map(|c| (c, false)));
                        cur_quoted = true;
                    }
                    WordPart::Param { name, op, .. } if name == "@" || (name == "*" && matches!(**op, ParamOp::Plain)) => {
                        for (k, a) in self.positional().iter().enumerate() {
                            if k > 0 && (!cur.is_empty() || cur_quoted) {
                                fields.push((std::mem::take(&mut cur), cur_quoted));
                                cur_quoted = false;
                            }
                            split_into(a, &ifs, &mut cur, &mut cur_quoted, &mut fields);
                        }
                    }
                    WordPart::Param { .. } | WordPart::CmdSubst { .. } | WordPart::Arith { .. } => {
                        let v = self.part_value(part, io).await?;
                        split_into(&v, &ifs, &mut cur, &mut cur_quoted, &mut fields);
                    }
                }
            }
            if !cur.is_empty() || cur_quoted {
                fields.push((cur, cur_quoted));
            }
            let mut result = Vec::new();
            for (field, _) in fields {
                let has_glob = field.iter().any(|&(c, active)| active && matches!(c, '*' | '?' | '['));
                let text: String = field.iter().map(|(c, _)| *c).collect();
                if has_glob {
                    let cwd = self.core.env.borrow().cwd.clone();
                    let pattern = field.clone();
                    let matches = self.effect(move |sh, _| glob(&sh.state.fs, &cwd, &pattern)).await;
                    if !matches.is_empty() {
                        result.extend(matches);
                        continue;
                    }
                }
                result.push(text);
            }
            Ok(result)
        })
    }

    /// Expands a word without splitting or globbing (assignments, here-documents, `case`).
    fn expand_string<'a>(&'a self, word: &'a Word, io: &'a Io) -> Fut<'a, Result<String, Jump>> {
        Box::pin(async move {
            let mut s = String::new();
            for (i, part) in word.iter().enumerate() {
                match part {
                    WordPart::Lit(t) if i == 0 => s.push_str(&self.tilde(t)),
                    WordPart::Lit(t) | WordPart::Quoted(t) => s.push_str(t),
                    _ => s.push_str(&self.part_value(part, io).await?),
                }
            }
            Ok(s)
        })
    }

    /// Expands a word into a pattern: unquoted text keeps its glob characters active.
    fn expand_pattern<'a>(&'a self, word: &'a Word, io: &'a Io) -> Fut<'a, Result<Vec<(char, bool)>, Jump>> {
        Box::pin(async move {
            let mut p = Vec::new();
            for part in word {
                match part {
                    WordPart::Lit(t) => p.extend(t.chars().map(|c| (c, true))),
                    WordPart::Quoted(t) => p.extend(t.chars().map(|c| (c, false))),
                    WordPart::Param { quoted: false, .. }
                    | WordPart::CmdSubst { quoted: false, .. }
                    | WordPart::Arith { quoted: false, .. } => p.extend(self.part_value(part, io).await?.chars().map(|c| (c, true))),
                    _ => p.extend(self.part_value(part, io).await?.chars().map(|c| (c, false))),
                }
            }
            Ok(p)
        })
    }

    fn tilde(&self, s: &str) -> String {
        let home = self.var("HOME").unwrap_or_else(|| HOME.to_string());
        if s == "~" {
            home
        } else if let Some(rest) = s.strip_prefix("~/") {
            format!("{home}/{rest}")
        } else {
            s.to_string()
        }
    }

    fn positional(&self) -> Vec<String> {
        self.core.frames.borrow().last().map(|f| f.args.clone()).unwrap_or_default()
    }

    /// A parameter's value; `None` when it is unset.
    fn param(&self, name: &str) -> Option<String> {
        let env = self.core.env.borrow();
        match name {
            "?" => Some(env.last_status.to_string()),
            "$" => Some("1".to_string()),
            "#" => Some(self.positional().len().to_string()),
            "@" | "*" => {
                let args = self.positional();
                let sep =
                    if name == "*" { env.vars.get("IFS").map_or(" ".to_string(), |i| i.chars().take(1).collect()) } else { " ".into() };
                Some(args.join(&sep))
            }
            "0" => Some(self.core.frames.borrow().last().map(|f| f.zero.clone()).unwrap_or_else(|| "bash".into())),
            "-" => {
                let o = &env.options;
                let mut s = String::from("h");
                if o.errexit {
                    s.push('e');
                }
                if o.nounset {
                    s.push('u');
                }
                if o.xtrace {
                    s.push('x');
                }
                s.push('B');
                Some(s)
            }
            "!" => None,
            n if n.chars().all(|c| c.is_ascii_digit()) => {
                let i: usize = n.parse().unwrap_or(0);
                self.positional().get(i.wrapping_sub(1)).cloned()
            }
            "PWD" => Some(env.cwd.clone()),
            "RANDOM" => {
                // A seeded generator: the same session gives the same numbers.
                let mut x = self.core.random.get();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                self.core.random.set(x);
                Some(((x >> 33) % 32768).to_string())
            }
            n => env.vars.get(n).cloned(),
        }
    }

    fn part_value<'a>(&'a self, part: &'a WordPart, io: &'a Io) -> Fut<'a, Result<String, Jump>> {
        Box::pin(async move {
            match part {
                WordPart::Param { name, op, .. } => self.param_op(name, op, io).await,
                WordPart::CmdSubst { script, .. } => {
                    let capture = Rc::new(RefCell::new(String::new()));
                    let sub = Io { stdin: io.stdin.clone(), out: Sink::Buf(capture.clone()), err: io.err.clone() };
                    let st = self.subshell(|it| Box::pin(async move { it.script(script, &sub, false).await })).await?;
                    self.core.subst_status.set(Some(st));
                    let text = capture.borrow().trim_end_matches('\n').to_string();
                    Ok(text)
                }
                WordPart::Arith { expr, .. } => {
                    let text = self.expand_string(expr, io).await?;
                    Ok(self.arith(&text, io).await?.to_string())
                }
                WordPart::Lit(s) | WordPart::Quoted(s) => Ok(s.clone()),
            }
        })
    }

    /// After `${X:?}` or `set -u`'s complaint: a script's shell exits (bash -c with 127), the
    /// interactive one abandons the command line.
    fn param_failure(&self) -> Jump {
        match self.core.origin.borrow().last() {
            Some((name, _)) if name == "bash" => Jump::Exit(127),
            Some(_) => Jump::Exit(1),
            None => Jump::Abort(1),
        }
    }

    async fn param_op(&self, name: &str, op: &ParamOp, io: &Io) -> Result<String, Jump> {
        let value = self.param(name);
        let nounset = self.core.env.borrow().options.nounset;
        let unbound = |v: &Option<String>| v.is_none() && nounset && !matches!(name, "@" | "*");
        match op {
            ParamOp::Plain
            | ParamOp::Length
            | ParamOp::TrimPrefix { .. }
            | ParamOp::TrimSuffix { .. }
            | ParamOp::Replace { .. }
            | ParamOp::Substring { .. }
            | ParamOp::Case { .. }
                if unbound(&value) =>
            {
                self.err(io, format!("bash: {name}: unbound variable")).await;
                return Err(self.param_failure());
            }
            _ => {}
        }
        let missing = |colon: bool| value.is_none() || (colon && value.as_deref() == Some(""));
        Ok(match op {
            ParamOp::Plain => value.unwrap_or_default(),
            ParamOp::Length => value.unwrap_or_default().chars().count().to_string(),
            ParamOp::Default { colon, word } => {
                if missing(*colon) {
                    self.expand_string(word, io).await?
                } else {
                    value.unwrap_or_default()
                }
            }
            ParamOp::Assign { colon, word } => {
                if missing(*colon) {
                    let v = self.expand_string(word, io).await?;
                    if !super::syntax::is_name(name) {
                        self.err(io, format!("bash: ${name}: cannot assign in this way")).await;
                        return Err(Jump::Abort(1));
                    }
                    self.set_var(name, v.clone());
                    v
                } else {
                    value.unwrap_or_default()
                }
            }
            ParamOp::Error { colon, word } => {
                if missing(*colon) {
                    let msg = self.expand_string(word, io).await?;
                    let msg = if msg.is_empty() {
                        if *colon {
                            "parameter null or not set".to_string()
                        } else {
                            "parameter not set".to_string()
                        }
                    } else {
                        msg
                    };
                    self.err(io, format!("bash: {name}: {msg}")).await;
                    return Err(self.param_failure());
                }
                value.unwrap_or_default()
            }
            ParamOp::Alt { colon, word } => {
                if missing(*colon) {
                    String::new()
                } else {
                    self.expand_string(word, io).await?
                }
            }
            ParamOp::TrimPrefix { longest, pattern } | ParamOp::TrimSuffix { longest, pattern } => {
                let v: Vec<char> = value.unwrap_or_default().chars().collect();
                let pat = self.expand_pattern(pattern, io).await?;
                let prefix = matches!(op, ParamOp::TrimPrefix { .. });
                let lens: Vec<usize> = if *longest { (0..=v.len()).rev().collect() } else { (0..=v.len()).collect() };
                let mut out: String = v.iter().collect();
                for n in lens {
                    let (piece, rest) = if prefix { (&v[..n], &v[n..]) } else { (&v[v.len() - n..], &v[..v.len() - n]) };
                    if glob_match(&pat, piece) {
                        out = rest.iter().collect();
                        break;
                    }
                }
                out
            }
            ParamOp::Replace { all, anchor, pattern, with } => {
                let v: Vec<char> = value.unwrap_or_default().chars().collect();
                let pat = self.expand_pattern(pattern, io).await?;
                let rep = self.expand_string(with, io).await?;
                replace(&v, &pat, &rep, *all, *anchor)
            }
            ParamOp::Substring { offset, length } => {
                let v: Vec<char> = value.unwrap_or_default().chars().collect();
                let off = self.arith_word(offset, io).await?;
                let len = v.len() as i64;
                let start = if off < 0 { (len + off).max(0) } else { off.min(len) };
                let end = match length {
                    None => len,
                    Some(l) => {
                        let l = self.arith_word(l, io).await?;
                        if l < 0 {
                            let e = len + l;
                            if e < start {
                                self.err(io, format!("bash: {l}: substring expression < 0")).await;
                                return Err(Jump::Abort(1));
                            }
                            e
                        } else {
                            (start + l).min(len)
                        }
                    }
                };
                v[start as usize..end.max(start) as usize].iter().collect()
            }
            ParamOp::Case { upper, all } => {
                let v = value.unwrap_or_default();
                let conv = |c: char| if *upper { c.to_uppercase().collect::<String>() } else { c.to_lowercase().collect() };
                if *all {
                    v.chars().map(conv).collect()
                } else {
                    let mut cs = v.chars();
                    match cs.next() {
                        Some(f) => conv(f) + cs.as_str(),
                        None => String::new(),
                    }
                }
            }
        })
    }

    /// Parses and runs `text` in the current shell (`eval`, `bash -c`): all of it is parsed first.
    async fn run_text(&self, text: &str, io: &Io, cond: bool, origin: Option<&str>) -> Res {
        match parse(text) {
            Ok(p) => self.script(&p.script, io, cond).await,
            Err(e) => {
                let msg = e.message();
                let rest = msg.strip_prefix("bash: ").unwrap_or(&msg).to_string();
                match origin {
                    Some(o) => {
                        self.emit(&io.err, format!("{o}: line 1: {rest}\n")).await;
                        if matches!(e, super::syntax::ParseError::Unexpected(_)) {
                            self.emit(&io.err, format!("{o}: line 1: `{}'\n", text.lines().next().unwrap_or(""))).await;
                        }
                    }
                    None => self.err(io, msg).await,
                }
                Ok(2)
            }
        }
    }

    /// Reads a script file command by command, as bash does (`bash FILE`, `source FILE`): each
    /// command runs before the next is parsed; a syntax error stops the script (status 2).
    async fn run_script_file(&self, text: &str, io: &Io, cond: bool, name: &str) -> Res {
        let lines: Vec<&str> = text.split('\n').collect();
        let mut buf = String::new();
        let mut start = 1;
        let mut status = 0;
        for (k, line) in lines.iter().enumerate() {
            if buf.is_empty() {
                start = k + 1;
            } else {
                buf.push('\n');
            }
            buf.push_str(line);
            let last = k + 1 == lines.len();
            match parse(&buf) {
                Err(super::syntax::ParseError::Incomplete) if !last => continue,
                Err(e) => {
                    let msg = e.message();
                    let rest = msg.strip_prefix("bash: ").unwrap_or(&msg);
                    let at = if matches!(e, super::syntax::ParseError::Incomplete) {
                        lines.len() + usize::from(!text.ends_with('\n'))
                    } else {
                        k + 1
                    };
                    self.emit(&io.err, format!("{name}: line {at}: {rest}\n")).await;
                    if matches!(e, super::syntax::ParseError::Unexpected(_)) {
                        self.emit(&io.err, format!("{name}: line {at}: `{line}'\n")).await;
                    }
                    return Ok(2);
                }
                Ok(p) => {
                    buf.clear();
                    self.core.origin.borrow_mut().push((name.to_string(), start));
                    let r = self.script(&p.script, io, cond).await;
                    self.core.origin.borrow_mut().pop();
                    status = match r {
                        Ok(s) | Err(Jump::Abort(s)) => s,
                        Err(e) => return Err(e),
                    };
                }
            }
        }
        Ok(status)
    }

    async fn read_file(&self, name: &str) -> Result<String, FsError> {
        let path = normalize(&self.core.env.borrow().cwd, name);
        self.effect(move |sh, _| sh.state.fs.read(&path).map(str::to_string)).await
    }

    fn builtin<'a>(&'a self, argv: &'a [String], assigned: &'a [(String, String)], io: &'a Io, cond: bool) -> Fut<'a, Res> {
        Box::pin(self.builtin_inner(argv, assigned, io, cond))
    }

    async fn builtin_inner(&self, argv: &[String], assigned: &[(String, String)], io: &Io, cond: bool) -> Res {
        let name = argv[0].as_str();
        let args = &argv[1..];
        match name {
            ":" => Ok(0),
            "cd" => {
                let (out, err, st) = self.cd(args).await;
                self.emit(&io.out, out).await;
                self.emit(&io.err, err).await;
                Ok(st)
            }
            "export" | "readonly" | "declare" | "typeset" | "local" => self.declare(name, args, io).await,
            "unset" => {
                let mut env = self.core.env.borrow_mut();
                let functions = args.first().map(String::as_str) == Some("-f");
                for a in args.iter().filter(|a| !a.starts_with('-')) {
                    if functions || env.vars.remove(a).is_none() {
                        env.functions.remove(a);
                    }
                    env.unexported.remove(a);
                }
                Ok(0)
            }
            "set" => self.set(args, io).await,
            "shift" => {
                let n = match args.first().map(|a| a.parse::<usize>()) {
                    None => 1,
                    Some(Ok(n)) => n,
                    Some(Err(_)) => {
                        self.err(io, format!("bash: shift: {}: numeric argument required", args[0])).await;
                        return Ok(1);
                    }
                };
                let mut frames = self.core.frames.borrow_mut();
                let Some(f) = frames.last_mut() else { return Ok(1) };
                if n > f.args.len() {
                    return Ok(1);
                }
                f.args.drain(..n);
                Ok(0)
            }
            "break" | "continue" => {
                let n = match args.first().map(|a| a.parse::<u32>()) {
                    None => 1,
                    Some(Ok(n)) if n >= 1 => n,
                    Some(Ok(_)) => {
                        self.err(io, format!("bash: {name}: {}: loop count out of range", args[0])).await;
                        return Ok(1);
                    }
                    Some(Err(_)) => {
                        self.err(io, format!("bash: {name}: {}: numeric argument required", args[0])).await;
                        return Ok(128);
                    }
                };
                let loops = self.core.loops.get();
                if loops == 0 {
                    self.err(io, format!("bash: {name}: only meaningful in a `for', `while', or `until' loop")).await;
                    return Ok(0);
                }
                let n = n.min(loops);
                Err(if name == "break" { Jump::Break(n) } else { Jump::Continue(n) })
            }
            "return" | "exit" => {
                let status = match args.first() {
                    None => self.core.env.borrow().last_status,
                    Some(a) => match a.parse::<i64>() {
                        Ok(n) => (n & 0xff) as i32,
                        Err(_) => {
                            self.err(io, format!("bash: {name}: {a}: numeric argument required")).await;
                            if name == "exit" {
                                return Err(Jump::Exit(2));
                            }
                            return Ok(2);
                        }
                    },
                };
                if args.len() > 1 {
                    self.err(io, format!("bash: {name}: too many arguments")).await;
                    return Ok(1);
                }
                if name == "exit" {
                    return Err(Jump::Exit(status));
                }
                if self.core.depth.get() == 0 {
                    self.err(io, "bash: return: can only `return' from a function or sourced script".into()).await;
                    return Ok(1);
                }
                Err(Jump::Return(status))
            }
            "eval" => {
                if args.is_empty() {
                    return Ok(0);
                }
                self.nested(io, |it| Box::pin(async move { it.run_text(&args.join(" "), io, cond, None).await })).await
            }
            "." | "source" => {
                let Some(file) = args.first() else {
                    self.err(io, format!("bash: {name}: filename argument required")).await;
                    self.err(io, format!("{name}: usage: {name} filename [arguments]")).await;
                    return Ok(2);
                };
                let text = match self.read_file(file).await {
                    Ok(t) => t,
                    Err(e) => {
                        self.err(io, format!("bash: {file}: {e}")).await;
                        return Ok(1);
                    }
                };
                let file = file.clone();
                let extra = args[1..].to_vec();
                self.nested(io, move |it| {
                    Box::pin(async move {
                        let pushed = !extra.is_empty();
                        if pushed {
                            let zero = it.core.frames.borrow().last().map(|f| f.zero.clone()).unwrap_or_default();
                            it.core.frames.borrow_mut().push(Frame { zero, args: extra });
                        }
                        let shown = if it.core.subshell.get() == 0 && it.core.origin.borrow().is_empty() {
                            format!("bash: {file}")
                        } else {
                            file.clone()
                        };
                        let r = it.run_script_file(&text, io, cond, &shown).await;
                        if pushed {
                            it.core.frames.borrow_mut().pop();
                        }
                        match r {
                            Err(Jump::Return(s)) => Ok(s),
                            other => other,
                        }
                    })
                })
                .await
            }
            "bash" | "sh" => self.bash(name, args, io).await,
            "exec" => {
                if args.is_empty() {
                    return Ok(0);
                }
                self.err(io, "bash: exec: 시뮬레이터는 셸을 다른 프로그램으로 바꾸지 않습니다 / the simulator does not replace the shell with another program".into()).await;
                Ok(1)
            }
            "command" | "builtin" => {
                let rest: Vec<String> = args.iter().skip_while(|a| a.starts_with('-')).cloned().collect();
                if args.first().is_some_and(|a| a == "-v" || a == "-V") {
                    return self.type_of(&rest, io, name == "command").await;
                }
                if rest.is_empty() {
                    return Ok(0);
                }
                if BUILTINS.contains(&rest[0].as_str()) {
                    return self.builtin(&rest, assigned, io, cond).await;
                }
                if name == "builtin" {
                    self.err(io, format!("bash: builtin: {}: not a shell builtin", rest[0])).await;
                    return Ok(1);
                }
                self.external(rest, assigned.to_vec(), io).await
            }
            "type" => self.type_of(args, io, false).await,
            "let" => {
                if args.is_empty() {
                    self.err(io, "bash: let: expression expected".into()).await;
                    return Ok(1);
                }
                let mut last = 0;
                for a in args {
                    last = self.arith(a, io).await?;
                }
                Ok(i32::from(last == 0))
            }
            "read" => self.read(args, io).await,
            "trap" => {
                if args.is_empty() {
                    return Ok(0);
                }
                self.err(
                    io,
                    "bash: trap: 시뮬레이터 셸은 신호 처리기를 지원하지 않습니다 / the simulator's shell does not support traps".into(),
                )
                .await;
                Ok(1)
            }
            "wait" => Ok(0),
            "watch" => self.watch(args, io).await,
            "xargs" => self.xargs(args, io).await,
            _ => Ok(0),
        }
    }

    /// Runs `f` one call level deeper (functions, `source`, `eval`, `bash FILE`).
    async fn nested<'a>(&'a self, io: &'a Io, f: impl FnOnce(Interp<W>) -> Fut<'a, Res>) -> Res {
        let depth = self.core.depth.get();
        if depth >= MAX_CALL_DEPTH {
            self.err(io, format!("bash: maximum nesting level exceeded ({MAX_CALL_DEPTH})")).await;
            return Err(Jump::Abort(1));
        }
        self.core.depth.set(depth + 1);
        let r = f(self.clone()).await;
        self.core.depth.set(depth);
        r
    }

    async fn cd(&self, args: &[String]) -> (String, String, i32) {
        let args: Vec<&String> = args.iter().filter(|a| *a != "--").collect();
        if args.len() > 1 {
            return (String::new(), "bash: cd: too many arguments\n".into(), 1);
        }
        let mut out = String::new();
        let target = match args.first().map(|s| s.as_str()) {
            None | Some("~") => self.var("HOME").unwrap_or_else(|| HOME.to_string()),
            Some("-") => match self.var("OLDPWD") {
                Some(old) => {
                    out = format!("{old}\n");
                    old
                }
                None => return (String::new(), "bash: cd: OLDPWD not set\n".into(), 1),
            },
            Some(p) => p.to_string(),
        };
        let path = normalize(&self.core.env.borrow().cwd, &target);
        let p2 = path.clone();
        let found = self.effect(move |sh, _| sh.state.fs.lookup(&p2).map(|n| n.is_dir())).await;
        match found {
            Ok(true) => {
                let mut env = self.core.env.borrow_mut();
                let old = std::mem::replace(&mut env.cwd, path.clone());
                env.vars.insert("OLDPWD".into(), old);
                env.vars.insert("PWD".into(), path);
                (out, String::new(), 0)
            }
            Ok(false) => (String::new(), format!("bash: cd: {target}: {}\n", FsError::NotADirectory), 1),
            Err(e) => (String::new(), format!("bash: cd: {target}: {e}\n"), 1),
        }
    }

    async fn declare(&self, name: &str, args: &[String], io: &Io) -> Res {
        if name == "local" && (self.core.depth.get() == 0 || self.core.locals.borrow().is_empty()) {
            self.err(io, "bash: local: can only be used in a function".into()).await;
            return Ok(1);
        }
        let mut export = name == "export";
        let mut unexport = false;
        let mut print = args.is_empty();
        let mut status = 0;
        for a in args {
            if a.starts_with('-') && a.len() > 1 && !a.contains('=') {
                for c in a[1..].chars() {
                    match c {
                        'x' => export = true,
                        'n' => unexport = true,
                        'p' => print = true,
                        'f' | 'F' => {
                            self.err(io, format!("bash: {name}: -{c}: 시뮬레이터는 지원하지 않습니다 / not supported by the simulator"))
                                .await;
                            return Ok(2);
                        }
                        'r' | 'i' | 'g' | 'l' | 'u' | 't' => {}
                        'a' | 'A' => {
                            self.err(
                                io,
                                format!("bash: {name}: arrays: 시뮬레이터 셸은 지원하지 않습니다 / not supported by the simulator's shell"),
                            )
                            .await;
                            return Ok(2);
                        }
                        _ => {
                            self.err(io, format!("bash: {name}: -{c}: invalid option")).await;
                            return Ok(2);
                        }
                    }
                }
                continue;
            }
            let (var, value) = match a.split_once('=') {
                Some((k, v)) => (k.to_string(), Some(v.to_string())),
                None => (a.clone(), None),
            };
            let (var, append) = match var.strip_suffix('+') {
                Some(v) => (v.to_string(), true),
                None => (var, false),
            };
            if !super::syntax::is_name(&var) {
                self.err(io, format!("bash: {name}: `{a}': not a valid identifier")).await;
                status = 1;
                continue;
            }
            if name == "local" {
                let mut env = self.core.env.borrow_mut();
                let old = env.vars.get(&var).cloned();
                let was_unexported = env.unexported.contains(&var);
                if let Some(scope) = self.core.locals.borrow_mut().last_mut() {
                    if !scope.iter().any(|(n, _, _)| *n == var) {
                        scope.push((var.clone(), old, was_unexported));
                    }
                }
                env.unexported.insert(var.clone());
                env.vars.insert(var.clone(), value.clone().unwrap_or_default());
                continue;
            }
            let mut env = self.core.env.borrow_mut();
            if let Some(v) = value {
                let v = if append { format!("{}{v}", env.vars.get(&var).cloned().unwrap_or_default()) } else { v };
                env.vars.insert(var.clone(), v);
            }
            if unexport {
                env.unexported.insert(var);
            } else if export {
                env.unexported.remove(&var);
            } else if !env.vars.contains_key(&var) {
                env.vars.insert(var.clone(), String::new());
                env.unexported.insert(var);
            }
        }
        if print && args.iter().all(|a| a.starts_with('-')) {
            let env = self.core.env.borrow().clone();
            let mut out = String::new();
            for (k, v) in &env.vars {
                let exported = !env.unexported.contains(k);
                if name == "export" && !exported {
                    continue;
                }
                let flag = if exported { "-x" } else { "--" };
                out.push_str(&format!("declare {flag} {k}=\"{}\"\n", v.replace('\\', "\\\\").replace('"', "\\\"").replace('$', "\\$")));
            }
            self.emit(&io.out, out).await;
        }
        Ok(status)
    }

    async fn set(&self, args: &[String], io: &Io) -> Res {
        if args.is_empty() {
            let env = self.core.env.borrow().clone();
            let out: String = env.vars.iter().map(|(k, v)| format!("{k}={}\n", shell_quote(v))).collect();
            self.emit(&io.out, out).await;
            return Ok(0);
        }
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            i += 1;
            if a == "--" {
                let rest = args[i..].to_vec();
                if let Some(f) = self.core.frames.borrow_mut().last_mut() {
                    f.args = rest;
                }
                return Ok(0);
            }
            let (on, flags) = match a.strip_prefix('-') {
                Some(f) => (true, f),
                None => match a.strip_prefix('+') {
                    Some(f) => (false, f),
                    None => {
                        let rest = args[i - 1..].to_vec();
                        if let Some(f) = self.core.frames.borrow_mut().last_mut() {
                            f.args = rest;
                        }
                        return Ok(0);
                    }
                },
            };
            for c in flags.chars() {
                let mut env = self.core.env.borrow_mut();
                match c {
                    'e' => env.options.errexit = on,
                    'u' => env.options.nounset = on,
                    'x' => env.options.xtrace = on,
                    'o' => {
                        drop(env);
                        let Some(opt) = args.get(i) else {
                            let o = self.core.env.borrow().options.clone();
                            let mut out = String::new();
                            for (n, v) in [("errexit", o.errexit), ("nounset", o.nounset), ("pipefail", o.pipefail), ("xtrace", o.xtrace)] {
                                out.push_str(&format!("{n:<15}\t{}\n", if v { "on" } else { "off" }));
                            }
                            self.emit(&io.out, out).await;
                            return Ok(0);
                        };
                        i += 1;
                        let mut env = self.core.env.borrow_mut();
                        match opt.as_str() {
                            "errexit" => env.options.errexit = on,
                            "nounset" => env.options.nounset = on,
                            "xtrace" => env.options.xtrace = on,
                            "pipefail" => env.options.pipefail = on,
                            "posix" | "vi" | "emacs" | "noclobber" | "noglob" | "monitor" | "history" => {}
                            other => {
                                drop(env);
                                self.err(io, format!("bash: set: {other}: invalid option name")).await;
                                return Ok(2);
                            }
                        }
                    }
                    'f' | 'v' | 'h' | 'm' | 'B' | 'H' | 'C' | 'a' | 'b' | 'n' => {}
                    other => {
                        drop(env);
                        self.err(io, format!("bash: set: {}{other}: invalid option", if on { '-' } else { '+' })).await;
                        self.err(io, "set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]".into()).await;
                        return Ok(2);
                    }
                }
            }
        }
        Ok(0)
    }

    async fn type_of(&self, args: &[String], io: &Io, brief: bool) -> Res {
        let mut status = 0;
        for a in args.iter().filter(|a| !a.starts_with('-')) {
            let function = self.core.env.borrow().functions.get(a).cloned();
            let keyword = matches!(
                a.as_str(),
                "if" | "then"
                    | "else"
                    | "elif"
                    | "fi"
                    | "case"
                    | "esac"
                    | "for"
                    | "while"
                    | "until"
                    | "do"
                    | "done"
                    | "function"
                    | "{"
                    | "}"
                    | "!"
                    | "[["
                    | "]]"
            );
            let known = self.effect({
                let a = a.clone();
                move |sh, _| sh.commands.contains_key(&a)
            });
            let line = if keyword {
                if brief {
                    a.clone()
                } else {
                    format!("{a} is a shell keyword")
                }
            } else if let Some(f) = function {
                if brief {
                    a.clone()
                } else {
                    format!("{a} is a function\n{}", f.source)
                }
            } else if BUILTINS.contains(&a.as_str())
                || matches!(a.as_str(), "echo" | "printf" | "true" | "false" | "test" | "[" | "pwd" | "history" | "help")
            {
                if brief {
                    a.clone()
                } else {
                    format!("{a} is a shell builtin")
                }
            } else if known.await {
                if brief {
                    format!("/usr/bin/{a}")
                } else {
                    format!("{a} is /usr/bin/{a}")
                }
            } else {
                status = 1;
                if !brief {
                    self.err(io, format!("bash: type: {a}: not found")).await;
                }
                continue;
            };
            self.emit(&io.out, format!("{line}\n")).await;
        }
        Ok(status)
    }

    async fn read(&self, args: &[String], io: &Io) -> Res {
        let mut raw = false;
        let mut names = Vec::new();
        let mut delim = '\n';
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            i += 1;
            match a.as_str() {
                "-r" => raw = true,
                "-s" => {}
                "-p" | "-t" | "-u" | "-n" | "-N" => i += 1,
                "-d" => {
                    delim = args.get(i).and_then(|d| d.chars().next()).unwrap_or('\0');
                    i += 1;
                }
                "-a" => {
                    self.err(
                        io,
                        "bash: read: -a: arrays: 시뮬레이터 셸은 지원하지 않습니다 / not supported by the simulator's shell".into(),
                    )
                    .await;
                    return Ok(2);
                }
                s if s.starts_with('-') && s.len() > 1 => {
                    self.err(io, format!("bash: read: {}: invalid option", &s[..2])).await;
                    self.err(io, "read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]".into()).await;
                    return Ok(2);
                }
                _ => names.push(a.clone()),
            }
        }
        if names.is_empty() {
            names.push("REPLY".into());
        }
        let tty = io.stdin.borrow().tty;
        if tty {
            self.err(io, "bash: read: 시뮬레이터는 터미널 입력을 기다리지 않습니다 (파이프나 < 파일로 주세요) / the simulator does not wait for typed input (give it a pipe or < file)".into()).await;
            return Ok(1);
        }
        let (line, found) = {
            let mut input = io.stdin.borrow_mut();
            let rest = input.text.get(input.pos..).unwrap_or("").to_string();
            if rest.is_empty() {
                (String::new(), false)
            } else {
                let mut line = String::new();
                let mut found = false;
                let mut chars = rest.char_indices().peekable();
                let mut consumed = rest.len();
                while let Some((k, c)) = chars.next() {
                    if c == '\\' && !raw {
                        match chars.next() {
                            Some((_, '\n')) => continue,
                            Some((_, n)) => {
                                line.push(n);
                                continue;
                            }
                            None => break,
                        }
                    }
                    if c == delim {
                        found = true;
                        consumed = k + c.len_utf8();
                        break;
                    }
                    line.push(c);
                }
                input.pos += consumed;
                (line, found)
            }
        };
        let ifs = self.ifs();
        let ws: Vec<char> = ifs.chars().filter(|c| c.is_whitespace()).collect();
        let line = line.trim_matches(|c| ws.contains(&c)).to_string();
        let mut rest = line.as_str();
        for (k, n) in names.iter().enumerate() {
            if k + 1 == names.len() {
                self.set_var(n, rest.trim_end_matches(|c| ws.contains(&c)).to_string());
                break;
            }
            let end = rest.find(|c| ifs.contains(c)).unwrap_or(rest.len());
            self.set_var(n, rest[..end].to_string());
            rest = rest[end..].trim_start_matches(|c| ws.contains(&c));
            if let Some(r) = rest.strip_prefix(|c: char| ifs.contains(c) && !c.is_whitespace()) {
                rest = r.trim_start_matches(|c| ws.contains(&c));
            }
        }
        Ok(if found { 0 } else { 1 })
    }

    /// `bash FILE ARGS`, `bash -c 'CMD' [NAME ARGS]`, `sh …`: a non-interactive child shell.
    async fn bash(&self, name: &str, args: &[String], io: &Io) -> Res {
        let mut i = 0;
        let mut options = ShellOptions::default();
        let mut command = None;
        while i < args.len() && args[i].starts_with(['-', '+']) && args[i].len() > 1 {
            let a = &args[i];
            i += 1;
            if a == "--" {
                break;
            }
            if a == "-c" {
                let Some(c) = args.get(i) else {
                    self.err(io, format!("{name}: -c: option requires an argument")).await;
                    return Ok(2);
                };
                command = Some(c.clone());
                i += 1;
                continue;
            }
            if a == "-o" {
                if args.get(i).map(String::as_str) == Some("pipefail") {
                    options.pipefail = true;
                }
                i += 1;
                continue;
            }
            for c in a[1..].chars() {
                match c {
                    'e' => options.errexit = true,
                    'u' => options.nounset = true,
                    'x' => options.xtrace = true,
                    'c' => {}
                    _ => {}
                }
            }
        }
        let is_file = command.is_none();
        let (text, zero, rest) = match command {
            Some(c) => {
                let zero = args.get(i).cloned().unwrap_or_else(|| name.to_string());
                (c, zero, args.get(i + 1..).map(<[String]>::to_vec).unwrap_or_default())
            }
            None => {
                let Some(file) = args.get(i) else {
                    self.err(io, format!("{name}: 시뮬레이터는 대화형 셸을 새로 열지 않습니다 (bash FILE 이나 bash -c '명령' 을 쓰세요) / the simulator does not start an interactive shell (use bash FILE or bash -c 'COMMAND')")).await;
                    return Ok(2);
                };
                match self.read_file(file).await {
                    Ok(t) => (t, file.clone(), args[i + 1..].to_vec()),
                    Err(e) => {
                        self.err(io, format!("{name}: {file}: {e}")).await;
                        return Ok(127);
                    }
                }
            }
        };
        self.nested(io, move |it| {
            Box::pin(async move {
                it.subshell(move |it2| {
                    Box::pin(async move {
                        {
                            let mut env = it2.core.env.borrow_mut();
                            env.options = options;
                            // A child shell sees only the exported variables (and its own functions).
                            let exported: BTreeMap<String, String> = crate::sort::map_from(
                                env.vars.iter().filter(|(k, _)| !env.unexported.contains(*k)).map(|(k, v)| (k.clone(), v.clone())),
                            );
                            env.vars = exported;
                            env.unexported.clear();
                            env.functions.clear();
                        }
                        it2.core.frames.borrow_mut().push(Frame { zero: zero.clone(), args: rest });
                        let r = if is_file {
                            it2.run_script_file(&text, io, false, &zero).await
                        } else {
                            it2.core.origin.borrow_mut().push(("bash".into(), 1));
                            let r = it2.run_text(&text, io, false, Some("bash: -c")).await;
                            it2.core.origin.borrow_mut().pop();
                            r
                        };
                        it2.core.frames.borrow_mut().pop();
                        r
                    })
                })
                .await
            })
        })
        .await
    }

    async fn watch(&self, args: &[String], io: &Io) -> Res {
        let mut interval = 2.0f64;
        let mut title = true;
        let mut i = 0;
        while i < args.len() && args[i].starts_with('-') {
            let a = &args[i];
            i += 1;
            let value = |v: Option<&String>| v.cloned();
            match a.as_str() {
                "-n" | "--interval" => {
                    let v = value(args.get(i));
                    i += 1;
                    match v.as_deref().map(str::parse::<f64>) {
                        Some(Ok(n)) if n.is_finite() && n >= 0.0 => interval = n.max(0.1),
                        _ => {
                            self.err(io, format!("watch: failed to parse argument: '{}'", v.unwrap_or_default())).await;
                            return Ok(1);
                        }
                    }
                }
                s if s.starts_with("-n") || s.starts_with("--interval=") => {
                    let v = s.trim_start_matches("--interval=").trim_start_matches("-n");
                    match v.parse::<f64>() {
                        Ok(n) if n.is_finite() && n >= 0.0 => interval = n.max(0.1),
                        _ => {
                            self.err(io, format!("watch: failed to parse argument: '{v}'")).await;
                            return Ok(1);
                        }
                    }
                }
                "-t" | "--no-title" => title = false,
                "-d" | "--differences" | "-c" | "--color" | "-x" | "--exec" | "-p" | "--precise" | "-b" | "--beep" => {}
                "--" => break,
                other => {
                    self.err(io, format!("watch: invalid option -- '{}'", other.trim_start_matches('-').chars().next().unwrap_or('-')))
                        .await;
                    self.err(io, "\nUsage:\n watch [options] command".into()).await;
                    return Ok(1);
                }
            }
        }
        let cmd = args[i..].join(" ");
        if cmd.is_empty() {
            self.err(io, "\nUsage:\n watch [options] command\n\nOptions:\n  -n, --interval <secs>  seconds to wait between updates\n  -t, --no-title         turn off header".into()).await;
            return Ok(1);
        }
        if io.out != Sink::Term(1) {
            self.err(io, "watch: 시뮬레이터의 watch 는 터미널에서만 돕니다 / the simulator runs watch only at the terminal".into()).await;
            return Ok(1);
        }
        let interval_ms = (interval * 1000.0).round() as u64;
        loop {
            self.step(io).await?;
            let capture = Rc::new(RefCell::new(String::new()));
            let sub = Io { stdin: io.with_stdin(String::new()).stdin, out: Sink::Buf(capture.clone()), err: Sink::Buf(capture.clone()) };
            let text = cmd.clone();
            self.subshell(|it| Box::pin(async move { it.run_text(&text, &sub, false, None).await })).await?;
            let now = self.effect(|_, w: &mut W| (w.now_unix(), w.now_ms())).await;
            let mut screen = String::from(super::commands::CLEAR_SEQUENCE);
            if title {
                let left = format!("Every {interval:.1}s: {cmd}");
                let right = format!("kueue-lab: {}", ctime(now.0));
                let pad = 80usize.saturating_sub(left.chars().count() + right.chars().count()).max(1);
                screen.push_str(&format!("{left}{}{right}\n\n", " ".repeat(pad)));
            }
            screen.push_str(&capture.borrow());
            self.emit_now(&Sink::Term(1), &screen);
            let until = now.1 + interval_ms;
            loop {
                self.core.wait.set(Wait::Time(None));
                YieldNow(false).await;
                let t = self.effect(|_, w: &mut W| w.now_ms()).await;
                if t >= until {
                    break;
                }
            }
            self.core.wait.set(Wait::Steps);
        }
    }

    async fn xargs(&self, args: &[String], io: &Io) -> Res {
        let mut max_args: Option<usize> = None;
        let mut replace: Option<String> = None;
        let mut delim: Option<char> = None;
        let mut no_run_empty = false;
        let mut trace = false;
        let mut i = 0;
        let usage = |it: &Self, msg: String| {
            let it = it.clone();
            async move {
                if !msg.is_empty() {
                    it.err(io, msg).await;
                }
                it.err(io, "Try 'xargs --help' for more information.".into()).await;
            }
        };
        while i < args.len() && args[i].starts_with('-') && args[i].len() > 1 {
            let a = args[i].clone();
            i += 1;
            // An option's value: the rest of its word, else the next word (taken); `None` when
            // the option ends the line.
            let take = |inline: &str, i: &mut usize| -> Option<String> {
                if !inline.is_empty() {
                    Some(inline.to_string())
                } else {
                    let v = args.get(*i).cloned();
                    *i += usize::from(v.is_some());
                    v
                }
            };
            // getopt's words for an option whose value is missing.
            let missing = || match a.strip_prefix("--") {
                Some(long) => format!("xargs: option '--{}' requires an argument", long.split('=').next().unwrap_or(long)),
                None => format!("xargs: option requires an argument -- '{}'", a.chars().nth(1).unwrap_or('-')),
            };
            match a.as_str() {
                "--" => break,
                "-r" | "--no-run-if-empty" => no_run_empty = true,
                "-t" | "--verbose" => trace = true,
                "-0" | "--null" => delim = Some('\0'),
                s if s.starts_with("-n") || s.starts_with("-L") || s.starts_with("--max-args") => {
                    let inline =
                        s.trim_start_matches("--max-args").trim_start_matches('=').trim_start_matches("-n").trim_start_matches("-L");
                    let Some(v) = take(inline, &mut i) else {
                        usage(self, missing()).await;
                        return Ok(1);
                    };
                    match v.parse::<usize>() {
                        Ok(n) if n >= 1 => max_args = Some(n),
                        _ => {
                            usage(self, format!("xargs: invalid number \"{v}\" for -n option")).await;
                            return Ok(1);
                        }
                    }
                }
                s if s.starts_with("-I") => {
                    if max_args.is_some() && replace.is_none() {
                        self.err(
                            io,
                            "xargs: warning: options --max-args and --replace/-I/-i are mutually exclusive, ignoring previous --max-args value".into(),
                        )
                        .await;
                    }
                    let inline = &s[2..];
                    replace = take(inline, &mut i);
                    if replace.is_none() {
                        usage(self, missing()).await;
                        return Ok(1);
                    }
                    max_args = Some(1);
                }
                s if s.starts_with("-P") => {
                    if take(&s[2..], &mut i).is_none() {
                        usage(self, missing()).await;
                        return Ok(1);
                    }
                }
                s if s.starts_with("-d") => {
                    let Some(v) = take(&s[2..], &mut i) else {
                        usage(self, missing()).await;
                        return Ok(1);
                    };
                    delim = Some(match v.as_str() {
                        "\\n" => '\n',
                        "\\t" => '\t',
                        _ => v.chars().next().unwrap_or('\n'),
                    });
                }
                s => {
                    let c = s.trim_start_matches('-').chars().next().unwrap_or('-');
                    usage(
                        self,
                        if s.starts_with("--") {
                            format!("xargs: unrecognized option '{s}'")
                        } else {
                            format!("xargs: invalid option -- '{c}'")
                        },
                    )
                    .await;
                    return Ok(1);
                }
            }
        }
        let mut command: Vec<String> = args[i..].to_vec();
        if command.is_empty() {
            command.push("echo".into());
        }
        let text = {
            let mut input = io.stdin.borrow_mut();
            let t = input.text.get(input.pos..).unwrap_or("").to_string();
            input.pos = input.text.len();
            t
        };
        let items: Vec<String> = match (delim, &replace) {
            (Some(d), _) => {
                let mut v: Vec<String> = text.split(d).map(str::to_string).collect();
                if v.last().is_some_and(String::is_empty) {
                    v.pop();
                }
                v
            }
            (None, Some(_)) => text.lines().map(|l| l.trim_start().to_string()).filter(|l| !l.is_empty()).collect(),
            (None, None) => match xargs_split(&text) {
                Ok(v) => v,
                Err(q) => {
                    self.err(
                        io,
                        format!("xargs: unmatched {q} quote; by default quotes are special to xargs unless you use the -0 option"),
                    )
                    .await;
                    return Ok(1);
                }
            },
        };
        if items.is_empty() && (no_run_empty || replace.is_some()) {
            return Ok(0);
        }
        let batches: Vec<Vec<String>> = if items.is_empty() {
            vec![Vec::new()]
        } else {
            match max_args {
                Some(n) => items.chunks(n).map(<[String]>::to_vec).collect(),
                None => vec![items],
            }
        };
        let mut worst = 0;
        for batch in batches {
            self.step(io).await?;
            let argv: Vec<String> = match &replace {
                Some(r) => command.iter().map(|c| c.replace(r.as_str(), &batch.join(" "))).collect(),
                None => command.iter().cloned().chain(batch).collect(),
            };
            if trace {
                self.err(io, argv.join(" ")).await;
            }
            let name = argv[0].clone();
            let sub = io.with_stdin(String::new());
            // xargs runs programs: the table's commands, and the shell itself.
            let st = if name == "sh" || name == "bash" {
                self.builtin(&argv, &[], &sub, true).await?
            } else {
                let known = self.effect({
                    let n = name.clone();
                    move |sh, _| sh.commands.contains_key(&n)
                });
                if !known.await {
                    self.err(io, format!("xargs: {name}: No such file or directory")).await;
                    return Ok(127);
                }
                self.external(argv, Vec::new(), &sub).await?
            };
            if st == 255 {
                self.err(io, format!("xargs: {name}: exited with status 255; aborting")).await;
                return Ok(124);
            }
            if st != 0 {
                worst = 123;
            }
        }
        Ok(worst)
    }
}

/// xargs' default input: blanks separate, quotes and backslashes escape.
fn xargs_split(text: &str) -> Result<Vec<String>, &'static str> {
    let mut items = Vec::new();
    let mut cur = String::new();
    let mut has = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if has {
                    items.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            '\'' | '"' => {
                has = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some('\n') | None => return Err(if c == '\'' { "single" } else { "double" }),
                        Some(x) => cur.push(x),
                    }
                }
            }
            '\\' => {
                has = true;
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            _ => {
                has = true;
                cur.push(c);
            }
        }
    }
    if has {
        items.push(cur);
    }
    Ok(items)
}

/// `ctime`'s text without the newline: `Wed Dec  2 09:00:01 2026`.
fn ctime(unix: i64) -> String {
    let (y, m, d, hh, mm, ss) = crate::clock::civil_from_unix(unix);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][unix.div_euclid(86_400).rem_euclid(7) as usize];
    format!("{weekday} {} {d:>2} {hh:02}:{mm:02}:{ss:02} {y}", crate::clock::MONTHS[(m - 1) as usize])
}

/// Field splitting of an unquoted expansion's value into the fields being built.
fn split_into(v: &str, ifs: &str, cur: &mut Vec<(char, bool)>, cur_quoted: &mut bool, fields: &mut Vec<(Vec<(char, bool)>, bool)>) {
    for c in v.chars() {
        if ifs.contains(c) {
            if c.is_whitespace() {
                if !cur.is_empty() || *cur_quoted {
                    fields.push((std::mem::take(cur), *cur_quoted));
                    *cur_quoted = false;
                }
            } else {
                fields.push((std::mem::take(cur), *cur_quoted));
                *cur_quoted = false;
            }
        } else {
            cur.push((c, true));
        }
    }
}

/// A value quoted the way `set -x` and `set` show it.
fn shell_quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "_-./:=@%+,".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn replace(v: &[char], pat: &[(char, bool)], rep: &str, all: bool, anchor: Anchor) -> String {
    let mut out = String::new();
    let mut i = 0;
    let mut replaced = false;
    while i <= v.len() {
        if (!replaced || all) && (anchor != Anchor::Start || i == 0) {
            // The longest match starting here.
            let ends: Vec<usize> = if anchor == Anchor::End { vec![v.len()] } else { (i..=v.len()).rev().collect() };
            if let Some(end) = ends.into_iter().find(|&e| (e > i || pat.is_empty()) && glob_match(pat, &v[i..e])) {
                if end > i {
                    out.push_str(rep);
                    i = end;
                    replaced = true;
                    continue;
                }
            }
        }
        if i < v.len() {
            out.push(v[i]);
        }
        i += 1;
    }
    out
}

/// Pathname expansion: the sorted paths matching `pattern` (chars flagged as active globs).
fn glob(fs: &crate::vfs::Vfs, cwd: &str, pattern: &[(char, bool)]) -> Vec<String> {
    let absolute = pattern.first().map(|p| p.0) == Some('/');
    let comps: Vec<&[(char, bool)]> = pattern.split(|&(c, _)| c == '/').filter(|c| !c.is_empty()).collect();
    // (shown prefix, absolute directory)
    let mut candidates: Vec<(String, String)> = vec![if absolute { ("/".into(), "/".into()) } else { (String::new(), cwd.to_string()) }];
    for (i, comp) in comps.iter().enumerate() {
        let last = i + 1 == comps.len();
        let active = comp.iter().any(|&(c, a)| a && matches!(c, '*' | '?' | '['));
        let mut next = Vec::new();
        for (shown, dir) in &candidates {
            if active {
                let Ok(entries) = fs.list_dir(dir) else {
                    continue;
                };
                for (name, node) in entries {
                    if name.starts_with('.') && comp.first().map(|p| p.0) != Some('.') {
                        continue;
                    }
                    if !last && !node.is_dir() {
                        continue;
                    }
                    if glob_match(comp, &name.chars().collect::<Vec<_>>()) {
                        next.push((join_shown(shown, &name), normalize(dir, &name)));
                    }
                }
            } else {
                let name: String = comp.iter().map(|p| p.0).collect();
                let path = normalize(dir, &name);
                if fs.stat(&path).is_some() {
                    next.push((join_shown(shown, &name), path));
                }
            }
        }
        candidates = next;
    }
    let mut out: Vec<String> = candidates.into_iter().map(|(s, _)| s).collect();
    crate::sort::sort(&mut out);
    out
}

fn join_shown(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else if prefix.ends_with('/') {
        format!("{prefix}{name}")
    } else {
        format!("{prefix}/{name}")
    }
}

/// fnmatch(3): `*`, `?`, `[abc]`, `[a-z]`, `[!x]`, `[[:alpha:]]`.
pub(crate) fn glob_match(pat: &[(char, bool)], name: &[char]) -> bool {
    // Iterative with one backtrack point for `*` (linear-ish, no deep recursion).
    let (mut p, mut n) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    loop {
        if p < pat.len() {
            match pat[p] {
                ('*', true) => {
                    while p < pat.len() && pat[p] == ('*', true) {
                        p += 1;
                    }
                    star = Some((p, n));
                    continue;
                }
                ('?', true) if n < name.len() => {
                    p += 1;
                    n += 1;
                    continue;
                }
                ('[', true) if n < name.len() => {
                    if let Some((matched, next)) = bracket(pat, p, name[n]) {
                        if matched {
                            p = next;
                            n += 1;
                            continue;
                        }
                    } else if name[n] == '[' {
                        p += 1;
                        n += 1;
                        continue;
                    }
                }
                (c, _) if n < name.len() && name[n] == c && !(matches!(c, '*' | '?' | '[') && pat[p].1) => {
                    p += 1;
                    n += 1;
                    continue;
                }
                _ => {}
            }
        } else if n == name.len() {
            return true;
        }
        match star {
            Some((sp, sn)) if sn < name.len() => {
                star = Some((sp, sn + 1));
                p = sp;
                n = sn + 1;
            }
            _ => return false,
        }
    }
}

/// A bracket expression at `pat[p]`: whether `c` matches it and where it ends; `None` if it
/// has no closing `]` (then `[` is literal).
fn bracket(pat: &[(char, bool)], p: usize, c: char) -> Option<(bool, usize)> {
    let mut i = p + 1;
    let negate = matches!(pat.get(i), Some(('!' | '^', _)));
    if negate {
        i += 1;
    }
    let start = i;
    let mut matched = false;
    while i < pat.len() && (pat[i].0 != ']' || i == start) {
        if pat[i].0 == '[' && pat.get(i + 1).map(|x| x.0) == Some(':') {
            let rest: String = pat[i + 2..].iter().map(|x| x.0).collect();
            if let Some(end) = rest.find(":]") {
                let class = &rest[..end];
                let hit = match class {
                    "alpha" => c.is_alphabetic(),
                    "digit" => c.is_ascii_digit(),
                    "alnum" => c.is_alphanumeric(),
                    "upper" => c.is_uppercase(),
                    "lower" => c.is_lowercase(),
                    "space" => c.is_whitespace(),
                    "punct" => c.is_ascii_punctuation(),
                    "xdigit" => c.is_ascii_hexdigit(),
                    _ => false,
                };
                matched |= hit;
                i += 2 + class.chars().count() + 2;
                continue;
            }
        }
        if pat.get(i + 1).map(|x| x.0) == Some('-') && i + 2 < pat.len() && pat[i + 2].0 != ']' {
            if pat[i].0 <= c && c <= pat[i + 2].0 {
                matched = true;
            }
            i += 3;
        } else {
            if pat[i].0 == c {
                matched = true;
            }
            i += 1;
        }
    }
    if i >= pat.len() {
        return None;
    }
    Some((matched != negate, i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Vec<(char, bool)> {
        s.chars().map(|c| (c, true)).collect()
    }
    fn n(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn patterns() {
        assert!(glob_match(&p("*.yaml"), &n("a.yaml")));
        assert!(!glob_match(&p("*.yaml"), &n("a.yml")));
        assert!(glob_match(&p("a?c"), &n("abc")));
        assert!(glob_match(&p("[a-c]x"), &n("bx")));
        assert!(glob_match(&p("[!a]x"), &n("bx")));
        assert!(glob_match(&p("[[:digit:]]*"), &n("1abc")));
        assert!(glob_match(&p("*a*b*c*"), &n("xxaxxbxxcxx")));
        assert!(!glob_match(&p(&"*a".repeat(30)), &n(&"a".repeat(29))));
        assert!(glob_match(&[('*', false)], &n("*")));
        assert!(!glob_match(&[('*', false)], &n("x")));
    }

    #[test]
    fn replacing() {
        assert_eq!(replace(&n("a-b-c"), &p("-"), "+", false, Anchor::None), "a+b-c");
        assert_eq!(replace(&n("a-b-c"), &p("-"), "+", true, Anchor::None), "a+b+c");
        assert_eq!(replace(&n("abc"), &p("a"), "x", false, Anchor::Start), "xbc");
        assert_eq!(replace(&n("abc"), &p("c"), "x", false, Anchor::End), "abx");
    }
}
