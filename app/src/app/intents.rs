//! Intents: each `Msg` (a key, a paste, a click, a tick, a bridge event) turned into calls on the lab shell.
//!
//! Also the terminal's keys (Enter, history, Tab completion, Ctrl-C/L/A/E/U) and the browser's
//! dialogs a message may ask through (prompt, confirm, a download).

use super::browser::{self, url_state};
use super::{App, Msg};
use crate::bridge;
use crate::layout::Tab;
use crate::storage;
use crate::terminal::{Action, LineKind};
use sim_core::shell::complete::{complete, listing, LIST_WIDTH};
use sim_core::vfs::{normalize, HOME};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

impl App {
    /// What a message does; `true` when the page should render again.
    pub(super) fn intent(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
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
                let caret = self.term.paste(&text, cursor);
                self.run_typeahead();
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
                    let now = self.session.cluster.now_unix();
                    self.show_diagnostics(&path, &text);
                    match self.session.shell.state.fs.write(&path, &text, now) {
                        Ok(()) => self.status.clear(),
                        Err(e) => self.status = format!("{}: {path}: {e}", self.lang.pick("저장 실패", "Not saved")),
                    }
                    self.seen_generation = self.session.shell.state.fs.generation();
                    self.judge();
                    self.save();
                }
                true
            }
            Msg::EditorSave => {
                if let (Some(path), Some(editor)) = (self.active.clone(), &self.editor) {
                    let text = editor.get_doc();
                    let now = self.session.cluster.now_unix();
                    let _ = self.session.shell.state.fs.write(&path, &text, now);
                    self.seen_generation = self.session.shell.state.fs.generation();
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
                let now = self.session.cluster.now_unix();
                if self.session.shell.state.fs.stat(&path).is_some() {
                    self.status = format!("{}: {path}", self.lang.pick("이미 있는 파일입니다", "Already exists"));
                    return true;
                }
                match self.session.shell.state.fs.write(&path, "", now) {
                    Ok(()) => {
                        self.seen_generation = self.session.shell.state.fs.generation();
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
                if self.session.shell.state.fs.stat(&new).is_some() && new != old {
                    self.status = format!("{}: {new}", self.lang.pick("이미 있는 파일입니다", "Already exists"));
                    return true;
                }
                match self.session.shell.state.fs.rename(&old, &new) {
                    Ok(()) => {
                        for t in self.tabs.iter_mut().filter(|t| **t == old) {
                            t.clone_from(&new);
                        }
                        self.active = Some(new);
                        self.seen_generation = self.session.shell.state.fs.generation();
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
                let _ = self.session.shell.state.fs.remove(&path, false);
                self.sync_editor_from_fs();
                self.save();
                true
            }
            Msg::ToggleLang => {
                self.lang = self.lang.other();
                self.save();
                true
            }
            Msg::Tick | Msg::CatchUp => {
                if matches!(msg, Msg::CatchUp) {
                    self.catching_up = false;
                }
                let before = self.session.cluster.api.resource_version();
                let clock = self.session.cluster.now_unix();
                self.catch_up_time();
                self.moved_unsaved |= self.session.cluster.api.resource_version() != before || self.session.cluster.now_unix() != clock;
                // Saving, judging and drawing run next, as their own task (scheduled first, so
                // they come before the next slice).
                if !self.after_slice_due {
                    self.after_slice_due = true;
                    let link = ctx.link().clone();
                    gloo_timers::callback::Timeout::new(0, move || link.send_message(Msg::AfterSlice)).forget();
                }
                if self.behind() && !self.catching_up {
                    // The rest of the catch-up, after the browser has handled what is waiting.
                    self.catching_up = true;
                    let link = ctx.link().clone();
                    gloo_timers::callback::Timeout::new(0, move || link.send_message(Msg::CatchUp)).forget();
                }
                false
            }
            Msg::AfterSlice => {
                self.after_slice_due = false;
                let now = browser::perf_now();
                if self.moved_unsaved && !self.save_cluster_due {
                    // The clock is part of the state a reload restores.
                    self.save_cluster_due = true;
                    let link = ctx.link().clone();
                    gloo_timers::callback::Timeout::new(0, move || link.send_message(Msg::SaveCluster)).forget();
                }
                // Mid catch-up the steps are judged about once a second, not after every slice
                // (`judge` itself does nothing when neither the cluster nor the files changed).
                if !self.behind() || now - self.judged_ms > 1000.0 {
                    self.judged_ms = now;
                    self.judge();
                }
                let polled = self.poll_foreground();
                // Mid catch-up, the page is drawn a few times a second, not after every slice.
                let second = self.session.cluster.now_unix();
                let draw = polled || (second != self.drawn_second && (!self.behind() || now - self.drawn_ms > 250.0));
                if draw {
                    self.drawn_ms = now;
                    self.drawn_second = second;
                }
                draw
            }
            Msg::SaveCluster => {
                self.save_cluster_due = false;
                // Mid-settle it waits for a slice that settles (`catch_up_time` keeps it due).
                if self.moved_unsaved && !self.session.cluster.settling() {
                    self.moved_unsaved = false;
                    storage::save_cluster(&self.session.cluster);
                }
                false
            }
            Msg::SaveSome => {
                self.save_due = false;
                storage::save_some(&self.session.cluster, browser::perf_now, browser::perf_now() + super::SAVE_SLICE_MS);
                false
            }
            Msg::Hint(step) => {
                *self.lab_state.hints.entry(step).or_default() += 1;
                self.save();
                true
            }
            Msg::ShowSolution(step) => {
                if !self.confirm(
                    "이 단계의 모범 답안을 볼까요? 스스로 풀어 보고 막혔을 때 보는 것을 권합니다.",
                    "Show this step's part of the reference solution? It is best kept for when you are stuck.",
                ) {
                    return false;
                }
                self.lab_state.solutions_shown.insert(step);
                self.ensure_solution_parts();
                self.save();
                true
            }
            Msg::LinkCopied(ok) => {
                if let Some((_, copied)) = &mut self.share {
                    *copied = Some(ok);
                }
                true
            }
            Msg::CloseShare => {
                self.share = None;
                true
            }
            Msg::SetSpeed(speed) => {
                self.catch_up_time();
                self.lab_state.speed = speed;
                // The clock as shown when time is paused is what a reload must restore.
                storage::save_cluster(&self.session.cluster);
                self.save();
                true
            }
            Msg::StepTime => {
                self.catch_up_time();
                self.step_time();
                true
            }
            Msg::ExportFile => {
                self.catch_up_time();
                let json = storage::write_snapshot(&self.saved(), &self.session.cluster);
                if let Err(e) = self.download("kueue-lab-state.json", &json) {
                    self.status = format!("{}: {e:?}", self.lang.pick("내보낼 수 없습니다", "Cannot export"));
                }
                true
            }
            Msg::ExportUrl => {
                self.catch_up_time();
                let Some(w) = web_sys::window() else { return false };
                let base = super::lab_shell::fresh(&self.session.lab).cluster;
                let loc = w.location();
                let url = format!(
                    "{}{}{}#state={}",
                    loc.origin().unwrap_or_default(),
                    loc.pathname().unwrap_or_default(),
                    loc.search().unwrap_or_default(),
                    storage::to_share_fragment(&self.saved(), &self.session.cluster, &base)
                );
                browser::copy_to_clipboard(&url, ctx.link().callback(Msg::LinkCopied));
                self.share = Some((url, None));
                true
            }
            Msg::ImportPick => {
                if let Some(input) = self.import_ref.cast::<HtmlInputElement>() {
                    input.set_value("");
                    input.click();
                }
                false
            }
            Msg::SavedElsewhere => {
                storage::stop_saving();
                !std::mem::replace(&mut self.superseded, true)
            }
            Msg::ContinueHere => {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
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
                let (body, skipped) = bridge::request_body(&self.session.lab, &self.session.shell.state.fs, &self.session.cluster);
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
            Msg::ShowTab(tab) => {
                self.tab = tab;
                self.menu_open = false;
                if tab == Tab::Terminal {
                    self.focus_after = Some("terminal-input");
                }
                true
            }
            Msg::TabKey(tab) => {
                self.tab = tab;
                self.focus_after = Some(tab.tab_id());
                true
            }
            Msg::Resized => {
                // Under an on-screen keyboard the terminal is shorter: keep its input in view.
                if browser::has_focus("terminal-input") {
                    if let Some(el) = self.term_ref.cast::<web_sys::Element>() {
                        el.set_scroll_top(el.scroll_height());
                    }
                }
                let layout = browser::layout();
                if layout == self.layout {
                    return false;
                }
                self.layout = layout;
                self.menu_open = false;
                true
            }
            Msg::ToggleMenu => {
                self.menu_open = !self.menu_open;
                if self.menu_open {
                    self.focus_after = Some("menu-first");
                }
                true
            }
            Msg::CloseMenu { refocus } => {
                if !self.menu_open {
                    return false;
                }
                self.menu_open = false;
                if refocus {
                    self.focus_after = Some("menu-toggle");
                }
                true
            }
            Msg::MountEditor => {
                // The page does not change: no second render of it.
                self.mount_editor(ctx);
                false
            }
            Msg::VirtualKey { key, ctrl } => {
                let handled = self.key(ctrl, false, key, &|| {});
                if handled {
                    self.save();
                }
                self.focus_after = Some("terminal-input");
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

    fn handle_key(&mut self, e: KeyboardEvent) -> bool {
        // Keys that finish or belong to an IME composition (Korean input) are not ours.
        if e.is_composing() || e.key_code() == 229 {
            return false;
        }
        let ctrl = e.ctrl_key() || e.meta_key();
        self.key(ctrl, e.shift_key(), &e.key(), &|| e.prevent_default())
    }

    /// A key in the terminal's input (from the keyboard or the on-screen key row); `prevent`
    /// keeps the browser from doing its own thing with it. `true` when the terminal used it.
    fn key(&mut self, ctrl: bool, shift: bool, key: &str, prevent: &dyn Fn()) -> bool {
        let is_tab = key == "Tab";
        // Tab completes, as in bash; Escape then Tab (or Shift-Tab) moves the focus on instead,
        // so a keyboard user is never trapped in the terminal (CodeMirror's convention).
        let leaving = std::mem::replace(&mut self.tab_leaves, false);
        if is_tab && (shift || leaving) {
            self.last_tab = false;
            return false;
        }
        let prompt = self.prompt();
        let handled = match (ctrl, key) {
            (false, "Escape") => {
                self.tab_leaves = true;
                true
            }
            (false, "Enter") if self.session.foreground().is_some() => {
                // The terminal belongs to the running command: the line waits, as in a tty's
                // buffer, and runs when the command ends (Ctrl-C drops it).
                prevent();
                self.term.type_ahead();
                self.caret = Some(0);
                true
            }
            (false, "Enter") => {
                prevent();
                if let Action::Run(input) = self.term.enter(&prompt) {
                    self.run(input);
                }
                self.save();
                true
            }
            (false, "ArrowUp") | (false, "ArrowDown") => {
                prevent();
                self.term.browse(&self.session.shell.state.history, key == "ArrowUp");
                self.caret = Some(self.term.line.len());
                true
            }
            (false, "Tab") => {
                prevent();
                let cursor = self.cursor();
                let c = complete(&self.session.shell, &self.session.cluster, &self.term.line, cursor);
                let current = &self.term.line[c.start..cursor];
                if c.candidates.len() > 1 && c.replacement == current {
                    // A second Tab lists the candidates under the prompt and its line, as
                    // readline does; the line stays, at a new prompt (the input box).
                    if self.last_tab {
                        let line = format!("{prompt}{}\n", self.term.line);
                        self.term.push(LineKind::Input, &line);
                        self.term.push(LineKind::Stdout, &listing(&c, LIST_WIDTH));
                        self.caret = Some(cursor);
                    }
                } else {
                    let tail = self.term.line[cursor..].to_string();
                    self.term.line = format!("{}{}{}", &self.term.line[..c.start], c.replacement, tail);
                    self.caret = Some(c.start + c.replacement.len());
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
                } else if self.session.interrupt() {
                    prevent();
                    // SIGINT flushes the terminal's input: lines pasted ahead are dropped.
                    self.term.typeahead.clear();
                    self.term.push(LineKind::Stdout, "^C\n");
                    true
                } else {
                    prevent();
                    self.term.cancel(&prompt);
                    true
                }
            }
            (true, "l") | (true, "L") => {
                prevent();
                self.term.clear();
                true
            }
            (true, "a") | (true, "A") => {
                prevent();
                self.caret = Some(0);
                true
            }
            (true, "e") | (true, "E") => {
                prevent();
                self.caret = Some(self.term.line.len());
                true
            }
            (true, "u") | (true, "U") => {
                prevent();
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

    pub(super) fn input_el(&self) -> Option<HtmlInputElement> {
        self.input_ref.cast::<HtmlInputElement>()
    }

    pub(super) fn cursor(&self) -> usize {
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
}
