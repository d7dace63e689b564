//! The page: top bar, steps pane, editor, terminal and cluster pane. The component holds the
//! session (the shell with kubectl, and the simulated cluster) and turns user intents into calls
//! into sim-core.

use crate::bridge;
use crate::cluster_view;
use crate::editor::{self, EditorHandle};
use crate::i18n::Lang;
use crate::speed::{step_target, Speed};
use crate::steps_view::StepsView;
use crate::storage::{self, LabSaved, Saved};
use crate::terminal::{floor_boundary, Action, LineKind, Terminal};
use sim_core::cluster::Cluster;
use sim_core::lab::progress::StepResult;
use sim_core::lab::view::SimView;
use sim_core::lab::{Lab, DEFAULT_LAB};
use sim_core::session::lab_session;
use sim_core::shell::complete::complete;
use sim_core::shell::{Foreground, Shell};
use sim_core::vfs::{normalize, HOME};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// The simulator's seed: every learner starts from the same cluster.
const SEED: u64 = 2026;
/// How often virtual time catches up with the wall clock while the page is open.
const TICK_MS: u32 = 1_000;

pub enum Msg {
    Input(String),
    Key(KeyboardEvent),
    Paste(String),
    FocusInput,
    EditorChanged(String),
    EditorSave,
    Open(String),
    Close(String),
    NewFile,
    RenameFile,
    DeleteFile,
    ToggleLang,
    Reset {
        confirm: bool,
    },
    /// Virtual time follows wall time: controllers progress while the learner watches.
    Tick,
    /// Reveal the next hint of a step.
    Hint(String),
    ShowSolution,
    SetSpeed(Speed),
    /// Jump virtual time to the next thing the cluster waits for.
    StepTime,
    ExportFile,
    ExportUrl,
    /// Opens the file picker for Import.
    ImportPick,
    /// An exported state to load, from a file (asks first).
    Import(String),
    /// The address changed to a `#state=` link in the same tab.
    ImportFromUrl,
    /// "Verify on a real cluster".
    VerifyReal,
    BridgeEvent(String),
    /// The bridge's stream ended; the text says why it could not be reached, if it could not.
    BridgeEnded(Option<String>),
    /// The embedding page named a bridge (`{type: "kueue-lab:config", bridge}`).
    SetBridge(String),
}

pub struct App {
    lab: Lab,
    /// Step progress, hints and speed: saved with the session.
    lab_state: LabSaved,
    /// The last judgement of every step.
    steps: Vec<StepResult>,
    /// (store resourceVersion, filesystem generation) when the steps were last judged.
    judged_at: (u64, u64),
    /// The `kueue-lab serve` endpoint, when the course provides one (`?bridge=URL`).
    bridge_url: Option<String>,
    /// The last verification on the real cluster.
    bridge: bridge::Run,
    shell: Shell<Cluster>,
    cluster: Cluster,
    term: Terminal,
    tabs: Vec<String>,
    active: Option<String>,
    lang: Lang,
    embed: bool,
    /// Candidates shown after a second Tab.
    completions: Vec<String>,
    last_tab: bool,
    editor: Option<EditorHandle>,
    editor_ref: NodeRef,
    input_ref: NodeRef,
    term_ref: NodeRef,
    import_ref: NodeRef,
    /// The filesystem generation the editor last showed.
    seen_generation: u64,
    status: String,
    /// Wall-clock milliseconds when virtual time last caught up (virtual time follows wall time).
    wall_ms: f64,
    /// Where to put the input's caret after the next render.
    caret: Option<usize>,
    /// A command still running (`kubectl get -w`): polled every tick until Ctrl-C or its deadline.
    foreground: Option<Box<dyn Foreground<Cluster>>>,
    _listeners: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _ticker: Option<gloo_timers::callback::Interval>,
}

/// A fresh session: the lab's cluster and a shell with kubectl.
fn fresh(lab: &Lab) -> (Shell<Cluster>, Cluster) {
    lab_session(lab, SEED)
}

fn query(name: &str) -> Option<String> {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    web_sys::UrlSearchParams::new_with_str(&search).ok().and_then(|p| p.get(name))
}

fn query_flag(name: &str) -> bool {
    query(name).is_some_and(|v| v == "1" || v == "true")
}

/// The lab named (`?lab=ID`, an imported state's lab), else the default.
fn pick_lab(named: Option<&str>) -> Lab {
    let wanted = named.filter(|s| !s.is_empty()).unwrap_or(DEFAULT_LAB);
    match Lab::bundled(wanted).or_else(|| Lab::bundled(DEFAULT_LAB)) {
        Some(Ok(lab)) => lab,
        Some(Err(e)) => panic!("a bundled lab does not load: {e}"),
        None => panic!("no bundled lab"),
    }
}

/// A snapshot carried in the URL (`#state=…`), if any.
fn url_state() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#state=").map(str::to_string)
}

fn clear_url_state() {
    if let Some(w) = web_sys::window() {
        let path = w.location().pathname().unwrap_or_default() + &w.location().search().unwrap_or_default();
        let _ = w.history().and_then(|h| h.replace_state_with_url(&JsValue::NULL, "", Some(&path)));
    }
}

fn welcome(term: &mut Terminal, lang: Lang) {
    term.push(
        LineKind::Info,
        lang.pick(
            "Kueue Lab 터미널입니다. 명령 목록은 help, 파일은 위 편집기에서 열 수 있습니다.\n",
            "Kueue Lab terminal. Type help for the commands; open files in the editor above.\n",
        ),
    );
}

impl App {
    fn prompt(&self) -> String {
        self.shell.prompt()
    }

    fn saved(&self) -> Saved {
        storage::saved(&self.shell.state, &self.term, &self.tabs, self.active.as_ref(), self.lang, self.lab_state.clone())
    }

    fn save(&self) {
        storage::save(&self.saved());
    }

    /// Lets virtual time catch up with the wall clock (at the chosen speed) before something happens.
    fn catch_up_time(&mut self) {
        let now = js_sys::Date::now();
        let elapsed = (now - self.wall_ms).max(0.0) as u64;
        self.wall_ms = now;
        let virtual_ms = elapsed * self.lab_state.speed.factor();
        if virtual_ms > 0 {
            self.cluster.advance(virtual_ms);
        }
    }

    /// Judges the lab's steps if the cluster or the files changed since the last time, and tells
    /// the embedding page about steps just completed and the lab's completion.
    fn judge(&mut self) {
        let now = (self.cluster.api.resource_version(), self.shell.state.fs.generation());
        if now == self.judged_at && !self.steps.is_empty() {
            return;
        }
        self.judged_at = now;
        let view = SimView { api: &self.cluster.api, fs: &self.shell.state.fs };
        let eval = self.lab_state.progress.update(&self.lab, &view);
        for id in &eval.newly_passed {
            post_to_parent("kueue-lab:step-completed", &[("lab", &self.lab.id), ("stepId", id)]);
        }
        if eval.lab_completed {
            post_to_parent("kueue-lab:lab-completed", &[("lab", &self.lab.id)]);
        }
        let changed = !eval.newly_passed.is_empty() || eval.lab_completed;
        self.steps = eval.steps;
        if changed {
            self.save();
        }
    }

    fn view_time(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let lang = self.lang;
        let speed = self.lab_state.speed;
        let button = |s: Speed, id: &'static str, label: &'static str, title: Html| {
            html! { <button data-testid={id} class={classes!((speed == s).then_some("on"))} aria-pressed={(speed == s).to_string()}
            onclick={link.callback(move |_| Msg::SetSpeed(s))}>{ label }{ title }</button> }
        };
        let t = sim_core::api::object::rfc3339(self.cluster.now_unix());
        html! {
            <div class="time" role="group" aria-label={lang.pick("가상 시간", "Virtual time")}>
                <span class="clock" data-testid="virtual-time" title={lang.pick("시뮬레이터의 가상 시각", "The simulator's virtual time")}>{ t.get(11..19).unwrap_or(&t).to_string() }</span>
                { button(Speed::Paused, "time-pause", "⏸", html! { <span class="sr">{ lang.pick(" 멈춤", " pause") }</span> }) }
                { button(Speed::Normal, "time-play", "1×", html! {}) }
                { button(Speed::Fast, "time-fast", "10×", html! {}) }
                <button data-testid="time-step" title={lang.pick("다음 일이 일어날 때까지 시간을 건너뜁니다", "Skip ahead to the next thing that happens")}
                    onclick={link.callback(|_| Msg::StepTime)}>{ "⏭" }</button>
            </div>
        }
    }

    /// The "Verify on a real cluster" button and what the bridge said.
    fn view_bridge(&self, ctx: &Context<Self>) -> Html {
        let lang = self.lang;
        let core = lang.core();
        let b = &self.bridge;
        let status = match b.done {
            _ if b.running => "running",
            Some(true) => "pass",
            Some(false) => "fail",
            None => "idle",
        };
        html! {
            <div class="bridge" data-testid="bridge-panel" data-status={status}>
                <button data-testid="verify-real" disabled={b.running} onclick={ctx.link().callback(|_| Msg::VerifyReal)}>
                    { lang.pick("실제 클러스터에서 확인", "Verify on a real cluster") }
                </button>
                if b.running { <span class="busy">{ lang.pick(" 확인하는 중…", " verifying…") }</span> }
                if b.skipped > 0 {
                    <p class="note">{ format!("{} {}", b.skipped, lang.pick("개의 쓰기는 이 실습 밖의 것이라 보내지 않았습니다.", "writes outside this lab were not sent.")) }</p>
                }
                <ul class="progress-lines">{ for b.progress.iter().map(|p| html! { <li>{ p.get(core) }</li> }) }</ul>
                if let Some(e) = &b.error { <p class="error" role="alert" data-testid="bridge-error">{ e.get(core) }</p> }
                if b.done == Some(true) { <p class="ok">{ lang.pick("실제 클러스터에서도 모든 단계를 통과했습니다.", "Every step passes on the real cluster too.") }</p> }
            </div>
        }
    }

    fn download(&self, name: &str, text: &str) -> Result<(), JsValue> {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let opts = web_sys::BlobPropertyBag::new();
        opts.set_type("application/json");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let doc = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
        let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.dyn_into()?;
        a.set_href(&url);
        a.set_download(name);
        a.click();
        web_sys::Url::revoke_object_url(&url)?;
        Ok(())
    }

    /// Opens a state carried by a link (`#state=…`), then drops it from the address bar.
    fn import_fragment(&mut self, fragment: &str) {
        clear_url_state();
        match storage::from_url_fragment(fragment) {
            Ok(json) => self.import(&json),
            Err(e) => self.status = format!("{}: {e}", self.lang.pick("링크의 상태를 읽을 수 없습니다", "The link's state cannot be read")),
        }
    }

    /// Replaces the whole state with an exported one; on any error nothing changes.
    fn import(&mut self, json: &str) {
        match storage::read_snapshot(json) {
            Ok((saved, cluster)) => {
                self.lab = pick_lab(Some(&saved.lab.id));
                storage::use_lab(&self.lab.id);
                self.shell.state = saved.shell;
                self.cluster = cluster;
                self.term = Terminal { scrollback: saved.scrollback, pending: saved.pending, line: saved.line, ..Default::default() };
                self.tabs = saved.tabs;
                self.active = saved.active;
                self.lang = saved.lang;
                self.lab_state = saved.lab;
                self.foreground = None;
                self.steps.clear();
                self.seen_generation = self.shell.state.fs.generation();
                storage::save_cluster(&self.cluster);
                self.show_active(true);
                self.judge();
                self.save();
                self.status = self.lang.pick("상태를 불러왔습니다.", "State imported.").to_string();
            }
            Err(e) => {
                self.status = format!(
                    "{}: {e}",
                    self.lang.pick("불러올 수 없습니다 (지금 상태는 그대로입니다)", "Cannot import (your current state is unchanged)")
                );
            }
        }
    }

    fn run(&mut self, input: String) {
        self.catch_up_time();
        let result = self.shell.run(&mut self.cluster, &input);
        storage::save_cluster(&self.cluster);
        self.judge();
        for (fd, text) in &result.output.chunks {
            self.term.push_output(if *fd == 2 { LineKind::Stderr } else { LineKind::Stdout }, text);
        }
        self.foreground = self.shell.take_foreground();
        self.sync_editor_from_fs();
        self.open_foreground_edit();
    }

    /// `kubectl edit` waits for its file: open it in the editor and say how to finish.
    fn open_foreground_edit(&mut self) {
        let Some(path) = self.foreground.as_ref().and_then(|f| f.edit_path()) else { return };
        self.open(path);
        self.term.push(
            LineKind::Info,
            self.lang.pick(
                "편집기에서 고친 뒤 탭을 닫으면(×) 적용됩니다. 취소하려면 터미널에서 Ctrl-C.\n",
                "Edit the file in the editor, then close its tab (×) to apply. Ctrl-C in the terminal cancels.\n",
            ),
        );
    }

    /// The editor tab of `kubectl edit`'s file was closed: the command applies the text.
    fn finish_foreground_edit(&mut self, path: &str) {
        if self.foreground.as_ref().and_then(|f| f.edit_path()).as_deref() != Some(path) {
            return;
        }
        self.catch_up_time();
        let text = self.shell.state.fs.read(path).unwrap_or("").to_string();
        let Some(fg) = self.foreground.as_mut() else { return };
        let (output, reopen) = fg.editor_closed(&mut self.cluster, &text);
        let done = fg.done();
        for (fd, text) in &output.chunks {
            self.term.push_output(if *fd == 2 { LineKind::Stderr } else { LineKind::Stdout }, text);
        }
        storage::save_cluster(&self.cluster);
        self.judge();
        if let Some(text) = reopen {
            let _ = self.shell.state.fs.write(path, &text, self.cluster.now_unix());
            self.seen_generation = self.shell.state.fs.generation();
            self.open_foreground_edit();
        }
        if done {
            self.foreground = None;
        }
    }

    /// Lets the foreground command print what changed; ends it at its own deadline.
    fn poll_foreground(&mut self) -> bool {
        let Some(fg) = self.foreground.as_mut() else { return false };
        let text = fg.poll(&mut self.cluster);
        if fg.done() || fg.deadline_ms().is_some_and(|d| self.cluster.now_ms() >= d) {
            self.foreground = None;
        }
        if !text.is_empty() {
            self.term.push_output(LineKind::Stdout, &text);
        }
        !text.is_empty() || self.foreground.is_none()
    }

    /// A file written or removed from the terminal shows up in the editor.
    fn sync_editor_from_fs(&mut self) {
        let generation = self.shell.state.fs.generation();
        if generation == self.seen_generation {
            return;
        }
        self.seen_generation = generation;
        let fs = &self.shell.state.fs;
        self.tabs.retain(|p| fs.read(p).is_ok());
        if self.active.as_ref().is_some_and(|a| !self.tabs.contains(a)) {
            self.active = self.tabs.last().cloned();
            self.show_active(true);
        } else {
            self.show_active(false);
        }
    }

    /// Puts the active file into the editor (only if its text differs, unless `force`).
    fn show_active(&mut self, force: bool) {
        let Some(editor) = &self.editor else { return };
        match &self.active {
            Some(path) => {
                let text = self.shell.state.fs.read(path).unwrap_or("").to_string();
                if force || editor.get_doc() != text {
                    editor.set_doc(&text, editor::kind_for(path));
                }
                self.show_diagnostics(path, &text);
            }
            None => editor.set_doc("", "none"),
        }
    }

    /// Inline errors for the file in the editor: YAML syntax, then what `kubectl apply` would
    /// answer for each document (the API core's own mapping, admission and validation, run as a
    /// server-side dry run against a copy of the cluster).
    fn show_diagnostics(&self, path: &str, text: &str) {
        let Some(editor) = &self.editor else { return };
        let diags: Vec<editor::Diagnostic> = if editor::kind_for(path) == "yaml" {
            let syntax = sim_core::yaml::syntax_errors(text);
            if syntax.is_empty() {
                let name = sim_core::vfs::file_name(path);
                sim_core::kubectl::write::check_manifest_file(&self.cluster.api, self.cluster.now_unix(), name, text)
                    .into_iter()
                    .map(|p| {
                        let severity = if p.message.contains("(NotFound)") { "warning" } else { "error" };
                        editor::Diagnostic { line: p.line as u32, message: p.message, severity }
                    })
                    .collect()
            } else {
                syntax.into_iter().map(|e| editor::Diagnostic { line: e.line as u32, message: e.message, severity: "error" }).collect()
            }
        } else {
            Vec::new()
        };
        editor.set_diagnostics(&editor::diagnostics_to_js(&diags));
    }

    fn open(&mut self, path: String) {
        if !self.tabs.contains(&path) {
            self.tabs.push(path.clone());
        }
        self.active = Some(path);
        self.show_active(true);
        self.save();
    }

    fn input_el(&self) -> Option<HtmlInputElement> {
        self.input_ref.cast::<HtmlInputElement>()
    }

    fn cursor(&self) -> usize {
        let Some(el) = self.input_el() else { return self.term.line.len() };
        // selectionStart counts UTF-16 units; convert to a byte offset.
        let units = el.selection_start().ok().flatten().unwrap_or(u32::MAX) as usize;
        let mut seen = 0;
        for (i, c) in self.term.line.char_indices() {
            if seen >= units {
                return i;
            }
            seen += c.len_utf16();
        }
        self.term.line.len()
    }

    fn ask(&self, ko: &'static str, en: &'static str, default: &str) -> Option<String> {
        let w = web_sys::window()?;
        w.prompt_with_message_and_default(self.lang.pick(ko, en), default)
            .ok()
            .flatten()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    }

    fn confirm(&self, ko: &'static str, en: &'static str) -> bool {
        web_sys::window().and_then(|w| w.confirm_with_message(self.lang.pick(ko, en)).ok()).unwrap_or(false)
    }

    fn default_dir(&self) -> String {
        if self.shell.state.fs.is_dir(&self.lab.workdir) {
            self.lab.workdir.clone()
        } else {
            HOME.to_string()
        }
    }

    fn reset(&mut self) {
        storage::clear();
        let (shell, cluster) = fresh(&self.lab);
        self.lab_state = LabSaved { id: self.lab.id.clone(), speed: self.lab_state.speed, ..Default::default() };
        self.steps.clear();
        self.shell = shell;
        self.cluster = cluster;
        storage::save_cluster(&self.cluster);
        self.term = Terminal::default();
        self.foreground = None;
        welcome(&mut self.term, self.lang);
        self.tabs.clear();
        self.active = None;
        self.completions.clear();
        self.seen_generation = self.shell.state.fs.generation();
        self.show_active(true);
        self.judge();
        self.save();
    }

    fn handle_key(&mut self, e: KeyboardEvent) -> bool {
        // Keys that finish or belong to an IME composition (Korean input) are not ours.
        if e.is_composing() || e.key_code() == 229 {
            return false;
        }
        let ctrl = e.ctrl_key() || e.meta_key();
        let key = e.key();
        let is_tab = key == "Tab";
        let prompt = self.prompt();
        let handled = match (ctrl, key.as_str()) {
            (false, "Enter") if self.foreground.is_some() => {
                // The terminal belongs to the running command until Ctrl-C.
                e.prevent_default();
                true
            }
            (false, "Enter") => {
                e.prevent_default();
                self.completions.clear();
                if let Action::Run(input) = self.term.enter(&prompt) {
                    self.run(input);
                }
                self.save();
                true
            }
            (false, "ArrowUp") | (false, "ArrowDown") => {
                e.prevent_default();
                self.term.browse(&self.shell.state.history, key == "ArrowUp");
                self.caret = Some(self.term.line.len());
                true
            }
            (false, "Tab") => {
                e.prevent_default();
                let cursor = self.cursor();
                let c = complete(&self.shell, &self.cluster, &self.term.line, cursor);
                let current = &self.term.line[c.start..cursor];
                if c.candidates.len() > 1 && c.replacement == current {
                    if self.last_tab {
                        self.completions = c.candidates.clone();
                    }
                } else {
                    let tail = self.term.line[cursor..].to_string();
                    self.term.line = format!("{}{}{}", &self.term.line[..c.start], c.replacement, tail);
                    self.caret = Some(c.start + c.replacement.len());
                    self.completions.clear();
                }
                true
            }
            (true, "c") | (true, "C") => {
                // With text selected in the page, Ctrl-C copies it instead.
                let selected = web_sys::window()
                    .and_then(|w| w.get_selection().ok().flatten())
                    .is_some_and(|s| !s.is_collapsed() && s.to_string().as_string().is_some_and(|t| !t.is_empty()));
                if selected {
                    false
                } else if self.foreground.take().is_some() {
                    e.prevent_default();
                    self.term.push(LineKind::Stdout, "^C\n");
                    true
                } else {
                    e.prevent_default();
                    self.term.cancel(&prompt);
                    self.completions.clear();
                    true
                }
            }
            (true, "l") | (true, "L") => {
                e.prevent_default();
                self.term.clear();
                self.completions.clear();
                true
            }
            (true, "a") | (true, "A") => {
                e.prevent_default();
                self.caret = Some(0);
                true
            }
            (true, "e") | (true, "E") => {
                e.prevent_default();
                self.caret = Some(self.term.line.len());
                true
            }
            (true, "u") | (true, "U") => {
                e.prevent_default();
                let cursor = self.cursor();
                self.term.line = self.term.line[cursor..].to_string();
                self.caret = Some(0);
                true
            }
            _ => false,
        };
        self.last_tab = is_tab;
        handled
    }

    fn view_terminal(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let lines = self.term.scrollback.iter().map(|l| {
            let class = match l.kind {
                LineKind::Input => "cmd",
                LineKind::Stdout => "out",
                LineKind::Stderr => "err",
                LineKind::Info => "info",
            };
            html! { <pre class={class}>{ l.text.strip_suffix('\n').unwrap_or(&l.text) }</pre> }
        });
        let onkeydown = link.batch_callback(|e: KeyboardEvent| Some(Msg::Key(e)));
        let oninput = link.callback(|e: InputEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            Msg::Input(el.value())
        });
        let onpaste = link.batch_callback(|e: Event| {
            let e: web_sys::ClipboardEvent = e.dyn_into().ok()?;
            let text = e.clipboard_data()?.get_data("text").ok()?;
            if text.contains('\n') || text.contains('\r') {
                e.prevent_default();
                Some(Msg::Paste(text))
            } else {
                None
            }
        });
        let onclick = link.callback(|_| Msg::FocusInput);
        // While a command runs in the foreground there is no prompt, as in a real terminal.
        let prompt = if self.foreground.is_some() { String::new() } else { self.term.prompt(&self.prompt()).to_string() };
        html! {
            <div class="terminal" ref={self.term_ref.clone()} data-testid="terminal" onclick={onclick}
                 role="log" aria-live="polite" aria-label={self.lang.pick("터미널", "Terminal")}>
                <div data-testid="terminal-output">{ for lines }</div>
                if !self.completions.is_empty() {
                    <pre class="completions">{ self.completions.join("  ") }</pre>
                }
                <div class="input-line">
                    <span class="prompt">{ prompt }</span>
                    <input ref={self.input_ref.clone()} data-testid="terminal-input" type="text"
                        value={self.term.line.clone()} {onkeydown} {oninput} {onpaste}
                        autocomplete="off" autocapitalize="off" spellcheck="false"
                        aria-label={self.lang.pick("명령 입력", "Command input")} />
                </div>
            </div>
        }
    }

    fn view_editor(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let lang = self.lang;
        let files: Vec<String> = self.shell.state.fs.files_under(HOME).into_iter().map(|(p, _)| p.to_string()).collect();
        let rel = |p: &str| p.strip_prefix(&format!("{HOME}/")).unwrap_or(p).to_string();
        let file_items = files.iter().map(|p| {
            let path = p.clone();
            let class = classes!((self.active.as_ref() == Some(p)).then_some("active"));
            html! { <li class={class} title={p.clone()} data-path={p.clone()} onclick={link.callback(move |_| Msg::Open(path.clone()))}>{ rel(p) }</li> }
        });
        let tabs = self.tabs.iter().map(|p| {
            let open = p.clone();
            let close = p.clone();
            let class = classes!("tab", (self.active.as_ref() == Some(p)).then_some("active"));
            html! {
                <div class={class} data-testid="editor-tab" data-path={p.clone()} onclick={link.callback(move |_| Msg::Open(open.clone()))}>
                    <span>{ sim_core::vfs::file_name(p) }</span>
                    <button class="close" title={lang.pick("닫기", "Close")}
                        onclick={link.callback(move |e: MouseEvent| { e.stop_propagation(); Msg::Close(close.clone()) })}>{ "×" }</button>
                </div>
            }
        });
        html! {
            <div class="editor-pane">
                <nav class="files" aria-label={lang.pick("파일", "Files")}>
                    <div class="tools">
                        <button data-testid="file-new" onclick={link.callback(|_| Msg::NewFile)}>{ lang.pick("새 파일", "New") }</button>
                        <button data-testid="file-rename" disabled={self.active.is_none()} onclick={link.callback(|_| Msg::RenameFile)}>{ lang.pick("이름 바꾸기", "Rename") }</button>
                        <button data-testid="file-delete" disabled={self.active.is_none()} onclick={link.callback(|_| Msg::DeleteFile)}>{ lang.pick("삭제", "Delete") }</button>
                    </div>
                    <ul data-testid="file-list">{ for file_items }</ul>
                </nav>
                <div class="editor-main">
                    <div class="tabs" role="tablist">{ for tabs }</div>
                    <div class="editor-body">
                        // CodeMirror owns this element's children; Yew renders none into it.
                        <div class="editor-host" data-testid="editor" ref={self.editor_ref.clone()}></div>
                        if self.active.is_none() {
                            <div class="editor-empty">{ lang.pick("왼쪽에서 파일을 고르거나 새 파일을 만드세요. 터미널에서 만든 파일도 여기에 나타납니다.",
                                "Pick a file on the left or create one. Files made in the terminal appear here too.") }</div>
                        }
                    </div>
                    <div class="editor-status" data-testid="editor-status">{ &self.status }</div>
                </div>
            </div>
        }
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let embed = query_flag("embed");
        mark("kueue-lab:create");
        let lab = pick_lab(query("lab").as_deref());
        mark("kueue-lab:lab-loaded");
        storage::use_lab(&lab.id);
        let loaded = storage::load();
        let (mut shell, mut cluster) = fresh(&lab);
        let (term, tabs, active, lang, lab_state) = match loaded {
            Some(saved) => {
                let term = Terminal { scrollback: saved.scrollback, pending: saved.pending, line: saved.line, ..Default::default() };
                shell.state = saved.shell;
                if let Some(c) = storage::load_cluster() {
                    cluster = c;
                }
                (term, saved.tabs, saved.active, saved.lang, LabSaved { id: lab.id.clone(), ..saved.lab })
            }
            None => {
                let mut term = Terminal::default();
                let lang = Lang::default();
                welcome(&mut term, lang);
                (term, Vec::new(), None, lang, LabSaved { id: lab.id.clone(), ..Default::default() })
            }
        };
        let ticker = {
            let link = ctx.link().clone();
            Some(gloo_timers::callback::Interval::new(TICK_MS, move || link.send_message(Msg::Tick)))
        };
        // The embedding page may send {type: "kueue-lab:reset"}.
        let link = ctx.link().clone();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let kind = js_sys::Reflect::get(&e.data(), &"type".into()).ok().and_then(|v| v.as_string());
            if kind.as_deref() == Some("kueue-lab:reset") {
                link.send_message(Msg::Reset { confirm: false });
            }
            if kind.as_deref() == Some("kueue-lab:config") {
                if let Some(url) = js_sys::Reflect::get(&e.data(), &"bridge".into()).ok().and_then(|v| v.as_string()) {
                    link.send_message(Msg::SetBridge(url));
                }
            }
        });
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref());
        }
        let link = ctx.link().clone();
        let on_hash =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |_: web_sys::MessageEvent| link.send_message(Msg::ImportFromUrl));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
        }
        mark("kueue-lab:session-ready");
        let seen_generation = shell.state.fs.generation();
        let from_url = url_state();
        let mut app = App {
            lab,
            lab_state,
            steps: Vec::new(),
            judged_at: (0, 0),
            bridge_url: query("bridge").filter(|u| u.starts_with("http://") || u.starts_with("https://")),
            bridge: bridge::Run::default(),
            shell,
            cluster,
            term,
            tabs,
            active,
            lang,
            embed,
            completions: Vec::new(),
            last_tab: false,
            editor: None,
            editor_ref: NodeRef::default(),
            input_ref: NodeRef::default(),
            term_ref: NodeRef::default(),
            import_ref: NodeRef::default(),
            seen_generation,
            status: String::new(),
            wall_ms: js_sys::Date::now(),
            caret: None,
            foreground: None,
            _listeners: vec![on_message, on_hash],
            _ticker: ticker,
        };
        if let Some(fragment) = from_url {
            app.import_fragment(&fragment);
        }
        app.judge();
        mark("kueue-lab:judged");
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Input(v) => {
                self.term.line = v;
                self.term.history_pos = None;
                self.last_tab = false;
                self.save();
                true
            }
            Msg::Key(e) => {
                let handled = self.handle_key(e);
                if handled {
                    self.save();
                }
                handled
            }
            Msg::Paste(text) => {
                let cursor = self.cursor();
                let prompt = self.prompt();
                let mut inputs = Vec::new();
                let caret = self.term.paste(&text, cursor, &prompt, |_, input| inputs.push(input));
                // Inputs run in order; the prompt of later lines reflects earlier `cd`s only in
                // the echo of the next paste, which matches what a terminal shows closely enough.
                for input in inputs {
                    self.run(input);
                }
                self.caret = Some(caret);
                self.save();
                true
            }
            Msg::FocusInput => {
                let selecting = web_sys::window().and_then(|w| w.get_selection().ok().flatten()).is_some_and(|s| !s.is_collapsed());
                if !selecting {
                    if let Some(el) = self.input_el() {
                        let _ = el.focus();
                    }
                }
                false
            }
            Msg::EditorChanged(text) => {
                if let Some(path) = self.active.clone() {
                    self.catch_up_time();
                    let now = self.cluster.now_unix();
                    self.show_diagnostics(&path, &text);
                    match self.shell.state.fs.write(&path, &text, now) {
                        Ok(()) => self.status.clear(),
                        Err(e) => self.status = format!("{}: {path}: {e}", self.lang.pick("저장 실패", "Not saved")),
                    }
                    self.seen_generation = self.shell.state.fs.generation();
                    self.judge();
                    self.save();
                }
                true
            }
            Msg::EditorSave => {
                if let (Some(path), Some(editor)) = (self.active.clone(), &self.editor) {
                    let text = editor.get_doc();
                    let now = self.cluster.now_unix();
                    let _ = self.shell.state.fs.write(&path, &text, now);
                    self.seen_generation = self.shell.state.fs.generation();
                    self.save();
                    self.status = format!("{} {path}", self.lang.pick("저장했습니다:", "Saved:"));
                }
                true
            }
            Msg::Open(path) => {
                self.open(path);
                true
            }
            Msg::Close(path) => {
                self.tabs.retain(|p| *p != path);
                if self.active.as_ref() == Some(&path) {
                    self.active = self.tabs.last().cloned();
                    self.show_active(true);
                }
                self.finish_foreground_edit(&path);
                self.save();
                true
            }
            Msg::NewFile => {
                let dir = self.default_dir();
                let Some(name) = self.ask("새 파일 이름 (예: flavor.yaml)", "New file name (e.g. flavor.yaml)", "") else {
                    return false;
                };
                let path = normalize(&dir, &name);
                let now = self.cluster.now_unix();
                if self.shell.state.fs.stat(&path).is_some() {
                    self.status = format!("{}: {path}", self.lang.pick("이미 있는 파일입니다", "Already exists"));
                    return true;
                }
                match self.shell.state.fs.write(&path, "", now) {
                    Ok(()) => {
                        self.seen_generation = self.shell.state.fs.generation();
                        self.open(path);
                    }
                    Err(e) => self.status = format!("{}: {path}: {e}", self.lang.pick("만들 수 없습니다", "Cannot create")),
                }
                true
            }
            Msg::RenameFile => {
                let Some(old) = self.active.clone() else { return false };
                let shown = old.strip_prefix(&format!("{HOME}/")).unwrap_or(&old).to_string();
                let Some(name) = self.ask("새 이름 (/root 기준)", "New name (relative to /root)", &shown) else { return false };
                let new = normalize(HOME, &name);
                if self.shell.state.fs.stat(&new).is_some() && new != old {
                    self.status = format!("{}: {new}", self.lang.pick("이미 있는 파일입니다", "Already exists"));
                    return true;
                }
                match self.shell.state.fs.rename(&old, &new) {
                    Ok(()) => {
                        for t in self.tabs.iter_mut().filter(|t| **t == old) {
                            t.clone_from(&new);
                        }
                        self.active = Some(new);
                        self.seen_generation = self.shell.state.fs.generation();
                        self.save();
                    }
                    Err(e) => self.status = format!("{}: {e}", self.lang.pick("이름을 바꿀 수 없습니다", "Cannot rename")),
                }
                true
            }
            Msg::DeleteFile => {
                let Some(path) = self.active.clone() else { return false };
                if !self.confirm("이 파일을 지울까요?", "Delete this file?") {
                    return false;
                }
                let _ = self.shell.state.fs.remove(&path, false);
                self.sync_editor_from_fs();
                self.save();
                true
            }
            Msg::ToggleLang => {
                self.lang = self.lang.other();
                self.save();
                true
            }
            Msg::Tick => {
                let before = self.cluster.api.resource_version();
                let clock = self.cluster.now_unix();
                self.catch_up_time();
                if self.cluster.api.resource_version() != before {
                    storage::save_cluster(&self.cluster);
                    self.judge();
                } else if self.cluster.now_unix() != clock {
                    // The clock is part of the state a reload restores.
                    storage::save_cluster(&self.cluster);
                }
                self.poll_foreground() || self.cluster.now_unix() != clock
            }
            Msg::Hint(step) => {
                *self.lab_state.hints.entry(step).or_default() += 1;
                self.save();
                true
            }
            Msg::ShowSolution => {
                if !self.confirm(
                    "모범 답안을 볼까요? 스스로 풀어 보고 막혔을 때 보는 것을 권합니다.",
                    "Show the reference solution? It is best kept for when you are stuck.",
                ) {
                    return false;
                }
                self.lab_state.solution_shown = true;
                self.save();
                true
            }
            Msg::SetSpeed(speed) => {
                self.catch_up_time();
                self.lab_state.speed = speed;
                self.save();
                true
            }
            Msg::StepTime => {
                self.catch_up_time();
                let now = self.cluster.now_ms();
                let target = step_target(now, self.cluster.next_wakeup());
                self.cluster.advance(target - now);
                storage::save_cluster(&self.cluster);
                self.judge();
                self.poll_foreground();
                true
            }
            Msg::ExportFile => {
                self.catch_up_time();
                let json = storage::write_snapshot(&self.saved(), &self.cluster);
                if let Err(e) = self.download("kueue-lab-state.json", &json) {
                    self.status = format!("{}: {e:?}", self.lang.pick("내보낼 수 없습니다", "Cannot export"));
                }
                true
            }
            Msg::ExportUrl => {
                self.catch_up_time();
                let json = storage::write_snapshot(&self.saved(), &self.cluster);
                let Some(w) = web_sys::window() else { return false };
                let loc = w.location();
                let url = format!(
                    "{}{}{}#state={}",
                    loc.origin().unwrap_or_default(),
                    loc.pathname().unwrap_or_default(),
                    loc.search().unwrap_or_default(),
                    storage::to_url_fragment(&json)
                );
                let _ = w.prompt_with_message_and_default(
                    self.lang.pick(
                        "이 주소를 열면 지금 상태 그대로 열립니다. 복사하세요:",
                        "Opening this address opens exactly this state. Copy it:",
                    ),
                    &url,
                );
                false
            }
            Msg::ImportPick => {
                if let Some(input) = self.import_ref.cast::<HtmlInputElement>() {
                    input.set_value("");
                    input.click();
                }
                false
            }
            Msg::SetBridge(url) => {
                if url.starts_with("http://") || url.starts_with("https://") {
                    self.bridge_url = Some(url);
                }
                true
            }
            Msg::VerifyReal => {
                let Some(url) = self.bridge_url.clone() else { return false };
                let key = format!("kueue-lab:bridge-token:{url}");
                let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
                let saved = storage.as_ref().and_then(|s| s.get_item(&key).ok().flatten()).filter(|t| !t.is_empty());
                let token = match saved {
                    Some(t) => t,
                    None => {
                        let Some(t) =
                            self.ask("브리지 토큰을 입력하세요 (강사에게 받은 값)", "Enter the bridge token (from your instructor)", "")
                        else {
                            return false;
                        };
                        if let Some(s) = &storage {
                            let _ = s.set_item(&key, &t);
                        }
                        t
                    }
                };
                self.catch_up_time();
                let (body, skipped) = bridge::request_body(&self.lab, &self.shell.state.fs, &self.cluster);
                self.bridge = bridge::Run { running: true, skipped, ..Default::default() };
                let on_event = ctx.link().callback(Msg::BridgeEvent);
                let on_end = ctx.link().callback(Msg::BridgeEnded);
                bridge::start(&url, &token, &body, move |line| on_event.emit(line), move |err| on_end.emit(err));
                true
            }
            Msg::BridgeEvent(line) => {
                self.bridge.take(&line);
                if self.bridge.bad_token {
                    if let (Some(url), Some(s)) = (&self.bridge_url, web_sys::window().and_then(|w| w.local_storage().ok().flatten())) {
                        let _ = s.remove_item(&format!("kueue-lab:bridge-token:{url}"));
                    }
                }
                true
            }
            Msg::BridgeEnded(err) => {
                self.bridge.running = false;
                if let Some(e) = err {
                    self.bridge.error = Some(sim_core::lab::Text::new(
                        format!("브리지에 연결할 수 없습니다 ({}): {e}", self.bridge_url.clone().unwrap_or_default()),
                        format!("The bridge cannot be reached ({}): {e}", self.bridge_url.clone().unwrap_or_default()),
                    ));
                    self.bridge.done = Some(false);
                }
                true
            }
            Msg::ImportFromUrl => {
                let Some(fragment) = url_state() else { return false };
                self.import_fragment(&fragment);
                true
            }
            Msg::Import(json) => {
                if !self.confirm("지금 상태를 불러온 상태로 바꿀까요?", "Replace the current state with the imported one?") {
                    return false;
                }
                self.import(&json);
                true
            }
            Msg::Reset { confirm } => {
                if confirm
                    && !self.confirm(
                        "처음 상태로 되돌릴까요? 파일과 기록이 모두 지워집니다.",
                        "Reset to the initial state? All files and history will be erased.",
                    )
                {
                    return false;
                }
                self.reset();
                true
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let lang = self.lang;
        let class = classes!("app", self.embed.then_some("embed"));
        html! {
            <div class={class} lang={lang.code()} data-testid="app">
                <header class="topbar">
                    <h1>{ lang.pick("Kueue Lab — GPU 쿼터 실습", "Kueue Lab — GPU quota lab") }</h1>
                    <span class="spacer"></span>
                    { self.view_time(ctx) }
                    <button data-testid="export-file" onclick={link.callback(|_| Msg::ExportFile)} title={lang.pick("파일, 클러스터, 기록을 파일로 내보냅니다", "Export files, cluster and history as a file")}>{ lang.pick("내보내기", "Export") }</button>
                    <button data-testid="export-url" onclick={link.callback(|_| Msg::ExportUrl)} title={lang.pick("지금 상태를 여는 링크", "A link that opens this state")}>{ lang.pick("링크", "Link") }</button>
                    <button data-testid="import" onclick={link.callback(|_| Msg::ImportPick)}>{ lang.pick("불러오기", "Import") }</button>
                    <input type="file" accept=".json,application/json" hidden=true data-testid="import-file" ref={self.import_ref.clone()}
                        onchange={{
                            let import = link.callback(Msg::Import);
                            Callback::from(move |e: Event| {
                                let input: HtmlInputElement = e.target_unchecked_into();
                                let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
                                let Ok(reader) = web_sys::FileReader::new() else { return };
                                let r = reader.clone();
                                let import = import.clone();
                                let onload = Closure::once_into_js(move || {
                                    if let Some(text) = r.result().ok().and_then(|v| v.as_string()) {
                                        import.emit(text);
                                    }
                                });
                                reader.set_onloadend(Some(onload.unchecked_ref()));
                                let _ = reader.read_as_text(&file);
                            })
                        }} />
                    <button data-testid="lang-toggle" onclick={link.callback(|_| Msg::ToggleLang)} title={lang.pick("언어 바꾸기", "Switch language")}>{ lang.other().name() }</button>
                    <button data-testid="reset" onclick={link.callback(|_| Msg::Reset { confirm: true })}>{ lang.pick("초기화", "Reset") }</button>
                </header>
                <main class="panes">
                    <section class="pane steps" aria-label={lang.pick("실습 단계", "Lab steps")} data-testid="steps">
                        { StepsView {
                            lab: &self.lab,
                            steps: &self.steps,
                            lang,
                            hints_shown: &self.lab_state.hints,
                            solution_shown: self.lab_state.solution_shown,
                            on_hint: link.callback(Msg::Hint),
                            on_solution: link.callback(|_| Msg::ShowSolution),
                            real: self.bridge_url.as_ref().map(|_| &self.bridge.steps),
                        }.view() }
                        if self.bridge_url.is_some() { { self.view_bridge(ctx) } }
                    </section>
                    <section class="pane work">
                        { self.view_editor(ctx) }
                        { self.view_terminal(ctx) }
                    </section>
                    <section class="pane cluster" aria-label={lang.pick("클러스터", "Cluster")}>
                        <h2>{ lang.pick("클러스터", "Cluster") }</h2>
                        { cluster_view::view(&self.cluster, lang) }
                    </section>
                </main>
            </div>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            if let Some(host) = self.editor_ref.cast::<web_sys::Element>() {
                let change = ctx.link().callback(Msg::EditorChanged);
                let save = ctx.link().callback(|_: ()| Msg::EditorSave);
                let on_change = Closure::<dyn Fn(String)>::new(move |s: String| change.emit(s));
                let on_save = Closure::<dyn Fn()>::new(move || save.emit(()));
                let handle = editor::create_editor(&host, on_change.as_ref().unchecked_ref(), on_save.as_ref().unchecked_ref());
                on_change.forget();
                on_save.forget();
                self.editor = Some(handle);
                self.show_active(true);
            }
            if let Some(el) = self.input_el() {
                let _ = el.focus();
            }
            // The moment the prompt is usable, for tests/e2e/startup-bench.mjs.
            if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
                let _ = perf.mark("kueue-lab:prompt-ready");
            }
            if self.embed {
                post_to_parent("kueue-lab:ready", &[("lab", &self.lab.id)]);
            }
            if query_flag("debug-panic") {
                // A deliberate panic, so the end-to-end tests can see the panic banner.
                panic!("deliberate panic requested with ?debug-panic=1");
            }
        }
        if let Some(el) = self.term_ref.cast::<web_sys::Element>() {
            el.set_scroll_top(el.scroll_height());
        }
        if let Some(pos) = self.caret.take() {
            if let Some(el) = self.input_el() {
                let units = self.term.line[..floor_boundary(&self.term.line, pos)].encode_utf16().count() as u32;
                let _ = el.set_selection_range(units, units);
            }
        }
    }
}

/// A performance mark, for `tests/e2e/startup-bench.mjs` and the browser's profiler.
fn mark(name: &str) {
    if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
        let _ = perf.mark(name);
    }
}

/// Posts `{type, ...fields}` to the embedding page (to the page itself when not embedded, where
/// it is harmless and lets tests listen).
fn post_to_parent(kind: &str, fields: &[(&str, &str)]) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &kind.into());
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&msg, &(*k).into(), &(*v).into());
    }
    let _ = parent.post_message(&msg, "*");
}
