//! The page component: what the app holds (`App`), what the learner can do (`Msg`), and Yew's lifecycle.
//!
//! The component holds the session (the shell with kubectl, and the simulated cluster) and turns
//! user intents into calls into sim-core. Split by concern: `lab_shell` (the lab's session the
//! page holds and what changes it: commands, time, judging, files in the editor, import, reset),
//! `intents` (each `Msg` — a key, a click, a tick, a bridge event — turned into calls on the lab
//! shell), `view` (the page's HTML: top bar, steps pane, editor, terminal, cluster pane) and
//! `browser` (the page around the component: the URL, performance marks, messages to the
//! embedding page).

mod browser;
mod intents;
mod lab_shell;
mod view;

use crate::bridge;
use crate::editor::{self, EditorHandle};
use crate::i18n::Lang;
use crate::layout::{Layout, Tab};
use crate::speed::Speed;
use crate::storage::{self, LabSaved};
use crate::terminal::{floor_boundary, Terminal};
use browser::{mark, post_to_parent, query, query_flag, url_state};
use lab_shell::{fresh, interruptible, pick_lab, welcome};
use sim_core::session::Session;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// How often virtual time catches up with the wall clock while the page is open.
const TICK_MS: u32 = 1_000;
/// The most one slice of catching up may take before the page gets the thread back (a keystroke
/// waits at most about this long; a big cluster's catch-up continues in the next slice).
const SLICE_MS: f64 = 20.0;
/// The most virtual time the cluster may owe the wall clock: beyond it, time runs slower than
/// the chosen speed (and says so) rather than piling up work for later.
const MAX_BEHIND_MS: u64 = 30_000;
/// How long one task writing a big cluster's save may take (`storage::save_some`).
const SAVE_SLICE_MS: f64 = 8.0;

/// What the cluster pane depends on: (store resourceVersion, virtual second, language).
type PaneKey = (u64, i64, Lang);

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
    /// One more slice of a catch-up that did not fit in one.
    CatchUp,
    /// What follows a catch-up slice — judging, drawing — as a task of its own, so a key pressed
    /// meanwhile waits for one of them, not for both.
    AfterSlice,
    /// Saving the cluster after slices that moved it, as a task of its own too (taking a big
    /// cluster's save is ≈ 20 ms in the page).
    SaveCluster,
    /// Write some more of a big cluster's save (`storage::save_some`), a task at a time.
    SaveSome,
    /// Reveal the next hint of a step.
    Hint(String),
    /// Reveal one step's part of the reference solution (asks first).
    ShowSolution(String),
    /// The share link was written to the clipboard (`true`) or could not be (`false`).
    LinkCopied(bool),
    CloseShare,
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
    /// Another tab saved this lab: this tab stops saving and says so.
    SavedElsewhere,
    /// "Continue here": reload, taking up the newest saved state.
    ContinueHere,
    /// A pane's tab was chosen (narrow and medium layouts); the terminal's also focuses its input.
    ShowTab(Tab),
    /// An arrow key on the tab bar: that tab is chosen and focused.
    TabKey(Tab),
    /// The window (or the embedding iframe, or the visual viewport under an on-screen keyboard)
    /// changed size.
    Resized,
    /// The header's menu button (narrow layout).
    ToggleMenu,
    CloseMenu {
        /// Give the focus back to the menu button (Escape).
        refocus: bool,
    },
    /// Make the editor in its pane (once, after the first render).
    MountEditor,
    /// A terminal key from the on-screen key row (keys a phone's keyboard lacks).
    VirtualKey {
        key: &'static str,
        ctrl: bool,
    },
}

pub struct App {
    /// The learner's session: the lab, its cluster, the shell, the steps' progress, the command
    /// holding the foreground, the virtual time owed.
    session: Session,
    /// Hints, solutions shown and speed (the progress itself is the session's): saved with it.
    lab_state: LabSaved,
    /// The `kueue-lab serve` endpoint, when the course provides one (`?bridge=URL`).
    bridge_url: Option<String>,
    /// The last verification on the real cluster.
    bridge: bridge::Run,
    term: Terminal,
    tabs: Vec<String>,
    active: Option<String>,
    lang: Lang,
    embed: bool,
    /// Inside an embedding page, the header controls the host asked for (`&controls=export,link,import,reset`).
    controls: Vec<String>,
    /// The reference solution cut by step (one part a step), once a part is shown.
    solution_parts: Option<Vec<String>>,
    /// The share link just made, and whether it reached the clipboard (`None`: not known yet).
    share: Option<(String, Option<bool>)>,
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
    /// Virtual time was dropped because the cluster could not keep up at this speed.
    slowed: bool,
    /// A `CatchUp` slice is scheduled.
    catching_up: bool,
    /// The longest step (a key reconciled, a timer's work) a recent catch-up slice ran (ms), to
    /// stop before the next one.
    longest_step_ms: f64,
    /// An `AfterSlice` task is scheduled.
    after_slice_due: bool,
    /// A `SaveSome` task is scheduled.
    save_due: bool,
    /// A `SaveCluster` task is scheduled.
    save_cluster_due: bool,
    /// The cluster moved since it was last saved by a tick (resourceVersion or virtual second).
    moved_unsaved: bool,
    /// The virtual second the page last drew after a slice.
    drawn_second: i64,
    /// When the page last drew the cluster during a catch-up (`perf_now`).
    drawn_ms: f64,
    /// When the steps were last judged during a catch-up (`perf_now`).
    judged_ms: f64,
    /// The cluster pane as last drawn, with (resourceVersion, virtual second, language): a
    /// keystroke redraws the page but not a big cluster's pane.
    cluster_pane: std::cell::RefCell<Option<(PaneKey, Html)>>,
    /// Where to put the input's caret after the next render.
    caret: Option<usize>,
    /// Another tab saved this lab since this one loaded (this tab no longer saves).
    superseded: bool,
    /// The layout at the page's width.
    layout: Layout,
    /// The pane chosen with the tabs (when not every pane is on screen).
    tab: Tab,
    /// The header's menu is open (narrow layout).
    menu_open: bool,
    /// Escape was pressed in the terminal: the next Tab leaves it instead of completing.
    tab_leaves: bool,
    /// The id of an element to focus after the next render.
    focus_after: Option<&'static str>,
    _listeners: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _ticker: Option<gloo_timers::callback::Interval>,
}

impl App {
    /// The editing area's accessible name: the open file's.
    fn editor_label(&self) -> String {
        let file = self.active.as_deref().map(sim_core::vfs::file_name).unwrap_or_default();
        format!("{} {file}", self.lang.pick("편집기:", "Editor:"))
    }

    /// CodeMirror in the editor's pane, showing the open file.
    fn mount_editor(&mut self, ctx: &Context<Self>) {
        if self.editor.is_some() {
            return;
        }
        let Some(host) = self.editor_ref.cast::<web_sys::Element>() else { return };
        let change = ctx.link().callback(Msg::EditorChanged);
        let save = ctx.link().callback(|_: ()| Msg::EditorSave);
        let on_change = Closure::<dyn Fn(String)>::new(move |s: String| change.emit(s));
        let on_save = Closure::<dyn Fn()>::new(move || save.emit(()));
        let handle = editor::create_editor(&host, on_change.as_ref().unchecked_ref(), on_save.as_ref().unchecked_ref());
        on_change.forget();
        on_save.forget();
        handle.set_label(&self.editor_label());
        self.editor = Some(handle);
        self.show_active(true);
        mark("kueue-lab:editor-ready");
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
        let (session, term, tabs, active, lang, lab_state) = match loaded {
            Some(saved) => {
                let term = Terminal { scrollback: saved.scrollback, pending: saved.pending, line: saved.line, ..Default::default() };
                let mut lab_state = LabSaved { id: lab.id.clone(), ..saved.lab };
                let progress = std::mem::take(&mut lab_state.progress);
                // The saved cluster, else (none saved, or unreadable) the lab's fresh one.
                let cluster = storage::load_cluster().unwrap_or_else(|| fresh(&lab).cluster);
                let session = interruptible(Session::resume(lab, saved.shell, cluster, progress));
                (session, term, saved.tabs, saved.active, saved.lang, lab_state)
            }
            None => {
                let mut term = Terminal::default();
                let lang = Lang::default();
                welcome(&mut term, lang);
                let lab_state = LabSaved { id: lab.id.clone(), ..Default::default() };
                (fresh(&lab), term, Vec::new(), None, lang, lab_state)
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
        // Another tab of the same lab saved: stop writing here, or this tab's older state would
        // overwrite it on its next tick.
        let link = ctx.link().clone();
        let on_storage = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let key = js_sys::Reflect::get(&e, &"key".into()).ok().and_then(|v| v.as_string());
            if key.is_some_and(|k| storage::is_this_labs_key(&k)) {
                link.send_message(Msg::SavedElsewhere);
            }
        });
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
        }
        // The layout follows the page's width; an on-screen keyboard shrinks the visual viewport.
        let link = ctx.link().clone();
        let on_resize = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |_: web_sys::MessageEvent| link.send_message(Msg::Resized));
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
            let viewport = js_sys::Reflect::get(&w, &"visualViewport".into()).ok().and_then(|v| v.dyn_into::<web_sys::EventTarget>().ok());
            if let Some(v) = viewport {
                let _ = v.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
            }
        }
        mark("kueue-lab:session-ready");
        let seen_generation = session.shell.state.fs.generation();
        let from_url = url_state();
        let mut app = App {
            session,
            lab_state,
            bridge_url: query("bridge").filter(|u| u.starts_with("http://") || u.starts_with("https://")),
            bridge: bridge::Run::default(),
            term,
            tabs,
            active,
            lang,
            embed,
            controls: query("controls").map(|c| c.split(',').map(|s| s.trim().to_string()).collect()).unwrap_or_default(),
            solution_parts: None,
            share: None,
            last_tab: false,
            editor: None,
            editor_ref: NodeRef::default(),
            input_ref: NodeRef::default(),
            term_ref: NodeRef::default(),
            import_ref: NodeRef::default(),
            seen_generation,
            status: String::new(),
            wall_ms: js_sys::Date::now(),
            slowed: false,
            catching_up: false,
            longest_step_ms: 0.0,
            after_slice_due: false,
            save_due: false,
            save_cluster_due: false,
            moved_unsaved: false,
            drawn_second: 0,
            drawn_ms: 0.0,
            judged_ms: 0.0,
            cluster_pane: Default::default(),
            caret: None,
            superseded: false,
            layout: browser::layout(),
            tab: Tab::default(),
            menu_open: false,
            tab_leaves: false,
            focus_after: None,
            _listeners: vec![on_message, on_hash, on_storage, on_resize],
            _ticker: ticker,
        };
        if let Some(fragment) = from_url {
            app.import_fragment(&fragment);
        }
        app.ensure_solution_parts();
        app.judge();
        mark("kueue-lab:judged");
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let redraw = self.intent(ctx, msg);
        // Whatever began a big cluster's save, its pieces follow as tasks of their own.
        if storage::saving() && !self.save_due {
            self.save_due = true;
            let link = ctx.link().clone();
            gloo_timers::callback::Timeout::new(0, move || link.send_message(Msg::SaveSome)).forget();
        }
        redraw
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.page(ctx)
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            mark("kueue-lab:rendered");
            if let Some(el) = self.input_el() {
                let _ = el.focus();
            }
            // The moment the prompt is usable, for tests/e2e/startup-bench.mjs.
            mark("kueue-lab:prompt-ready");
            // The editor (CodeMirror, and the open file's diagnostics) is run and made after the
            // browser has painted the page: the prompt does not wait for it.
            let link = ctx.link().clone();
            let loaded = Closure::once_into_js(move || link.send_message(Msg::MountEditor));
            if editor::run_editor_after_paint(loaded.unchecked_ref()).is_err() {
                // A page without the loader (one that ran the bundle itself).
                ctx.link().send_message(Msg::MountEditor);
            }
            if self.embed {
                post_to_parent("kueue-lab:ready", &[("lab", &self.session.lab.id)]);
            }
            if query_flag("debug-panic") {
                // A deliberate panic, so the end-to-end tests can see the panic banner.
                panic!("deliberate panic requested with ?debug-panic=1");
            }
        }
        if let Some(el) = self.term_ref.cast::<web_sys::Element>() {
            el.set_scroll_top(el.scroll_height());
        }
        browser::set_document_lang(self.lang.code());
        if let Some(editor) = &self.editor {
            editor.set_label(&self.editor_label());
        }
        if let Some(id) = self.focus_after.take() {
            browser::focus(id);
        }
        if let Some(pos) = self.caret.take() {
            if let Some(el) = self.input_el() {
                let units = self.term.line[..floor_boundary(&self.term.line, pos)].encode_utf16().count() as u32;
                let _ = el.set_selection_range(units, units);
            }
        }
    }
}
