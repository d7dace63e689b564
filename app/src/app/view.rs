//! The page's HTML: top bar with time controls, steps pane (and the real cluster's verdicts), editor, terminal, cluster pane.

use super::{App, Msg};
use crate::cluster_view;
use crate::speed::Speed;
use crate::steps_view::StepsView;
use crate::terminal::LineKind;
use sim_core::vfs::HOME;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

impl App {
    /// The whole page: top bar, steps pane, editor and terminal, cluster pane.
    pub(super) fn page(&self, ctx: &Context<Self>) -> Html {
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
                    if self.superseded {
                        <div class="superseded" role="alert" data-testid="superseded">
                            { lang.pick(
                                "이 실습을 다른 탭에서 더 최근에 저장했습니다. 이 탭은 이제 저장하지 않습니다 (여기서 한 일은 새로 고치면 사라집니다).",
                                "This lab was saved more recently in another tab. This tab no longer saves (what you do here is lost on reload).",
                            ) }
                            <button data-testid="continue-here" onclick={link.callback(|_| Msg::ContinueHere)}>
                                { lang.pick("그 상태로 여기서 이어 하기", "Continue here from that state") }
                            </button>
                        </div>
                    }
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
