//! The page's HTML: top bar with time controls, steps pane (and the real cluster's verdicts), editor, terminal, cluster pane.

use super::{App, Msg};
use crate::cluster_view;
use crate::i18n::Lang;
use crate::layout::{Layout, Tab};
use crate::speed::Speed;
use crate::steps_view::StepsView;
use crate::terminal::LineKind;
use sim_core::vfs::HOME;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// "what (N characters)" in the language shown.
fn tr_n(lang: Lang, ko: &str, en: &str, n: usize) -> String {
    match lang {
        Lang::Ko => format!("{ko} ({n}자)."),
        Lang::En => format!("{en} ({n} characters)."),
    }
}

/// The time controls' icons, drawn inline (a font may lack ⏸ and ⏭).
fn icon_pause() -> Html {
    html! {
        <svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
            <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
        </svg>
    }
}

fn icon_skip() -> Html {
    html! {
        <svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M1.5 2.5 7.5 8l-6 5.5z M7 2.5 13 8l-6 5.5z" fill="currentColor" />
            <rect x="13" y="2.5" width="2" height="11" fill="currentColor" />
        </svg>
    }
}

impl App {
    /// The whole page: top bar, the pane tabs (when not every pane fits), steps pane, editor and
    /// terminal, cluster pane. See `crate::layout` for what each width shows.
    pub(super) fn page(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let lang = self.lang;
        let layout = self.layout;
        let off = |pane: Tab| (!layout.shows(self.tab, pane)).then_some("off");
        // With tabs, the panes they show are tab panels named by their tab.
        let panel = |pane: Tab| layout.tabs().contains(&pane).then_some("tabpanel");
        let labelled = |pane: Tab| layout.tabs().contains(&pane).then_some(pane.tab_id());
        let class = classes!("app", self.embed.then_some("embed"));
        html! {
            <div class={class} lang={lang.code()} data-testid="app" data-layout={layout.code()} data-tab={self.tab.code()}>
                <button class="skip" data-testid="skip-to-terminal" onclick={link.callback(|_| Msg::ShowTab(Tab::Terminal))}>
                    { lang.pick("터미널로 건너뛰기", "Skip to the terminal") }
                </button>
                <header class="topbar">
                    <h1><span class="brand">{ "Kueue Lab" }</span><span class="sub">{ lang.pick(" — GPU 쿼터 실습", " — GPU quota lab") }</span></h1>
                    <span class="spacer"></span>
                    { self.view_time(ctx) }
                    if layout == Layout::Narrow {
                        <button class="menu-toggle" data-testid="menu-toggle" aria-expanded={self.menu_open.to_string()} aria-controls="topbar-menu"
                            id="menu-toggle" onclick={link.callback(|_| Msg::ToggleMenu)}>
                            <span aria-hidden="true">{ "☰ " }</span>{ lang.pick("메뉴", "Menu") }
                        </button>
                    }
                    { self.view_menu(ctx) }
                    { self.view_share(ctx) }
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
                    { self.view_tabs(ctx) }
                    <section class={classes!("pane", "steps", off(Tab::Steps))} id={Tab::Steps.pane_id()} role={panel(Tab::Steps)}
                        aria-labelledby={labelled(Tab::Steps)} aria-label={lang.pick("실습 단계", "Lab steps")} data-testid="steps">
                        { StepsView {
                            lab: &self.session.lab,
                            steps: self.session.steps(),
                            lang,
                            hints_shown: &self.lab_state.hints,
                            solution_all: self.lab_state.solution_shown,
                            solutions_shown: &self.lab_state.solutions_shown,
                            solution_parts: self.solution_parts.as_deref(),
                            on_hint: link.callback(Msg::Hint),
                            on_solution: link.callback(Msg::ShowSolution),
                            real: self.bridge_url.as_ref().map(|_| &self.bridge.steps),
                        }.view() }
                        if self.bridge_url.is_some() { { self.view_bridge(ctx) } }
                    </section>
                    <section class={classes!("pane", "work", off(Tab::Editor).filter(|_| off(Tab::Terminal).is_some()))}
                        aria-label={lang.pick("편집기와 터미널", "Editor and terminal")}>
                        { self.view_editor(ctx) }
                        { self.view_terminal(ctx) }
                    </section>
                    // Focusable so that it can be scrolled from the keyboard (it may hold no control).
                    <section class={classes!("pane", "cluster", off(Tab::Cluster))} id={Tab::Cluster.pane_id()} role={panel(Tab::Cluster)}
                        aria-labelledby={labelled(Tab::Cluster)} aria-label={lang.pick("클러스터", "Cluster")} tabindex="0" data-testid="cluster-pane">
                        <h2>{ lang.pick("클러스터", "Cluster") }</h2>
                        { self.cluster_pane(lang) }
                    </section>
                </main>
            </div>
        }
    }

    /// The tab bar of the panes that do not all fit (none on a wide screen). Arrow keys move
    /// between tabs, as in WAI-ARIA's tabs pattern.
    fn view_tabs(&self, ctx: &Context<Self>) -> Html {
        let tabs = self.layout.tabs();
        if tabs.is_empty() {
            return html! {};
        }
        let selected = self.layout.selected(self.tab);
        let link = ctx.link();
        let buttons = tabs.iter().enumerate().map(|(i, &t)| {
            let on = selected == Some(t);
            let (prev, next) = (tabs[(i + tabs.len() - 1) % tabs.len()], tabs[(i + 1) % tabs.len()]);
            let (first, last) = (tabs[0], tabs[tabs.len() - 1]);
            let onkeydown = link.batch_callback(move |e: KeyboardEvent| {
                let to = match e.key().as_str() {
                    "ArrowLeft" => prev,
                    "ArrowRight" => next,
                    "Home" => first,
                    "End" => last,
                    _ => return None,
                };
                e.prevent_default();
                Some(Msg::TabKey(to))
            });
            html! {
                <button role="tab" id={t.tab_id()} aria-selected={on.to_string()} aria-controls={t.pane_id()} tabindex={if on { "0" } else { "-1" }}
                    class={classes!("view-tab", on.then_some("on"))} data-testid={format!("view-tab-{}", t.code())}
                    onclick={link.callback(move |_| Msg::ShowTab(t))} {onkeydown}>
                    { t.label(self.lang) }
                </button>
            }
        });
        html! {
            <div class="view-tabs" role="tablist" aria-label={self.lang.pick("화면", "Panes")} data-testid="view-tabs">{ for buttons }</div>
        }
    }

    /// Export, link, import, language and reset: in the top bar, or behind the menu button on a
    /// narrow screen.
    fn view_menu(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let lang = self.lang;
        let narrow = self.layout == Layout::Narrow;
        let class = classes!("menu", narrow.then_some("compact"), (narrow && self.menu_open).then_some("open"));
        // Choosing an item closes the menu; Escape closes it and gives the focus back to its button.
        let onclick = link.batch_callback(move |_: MouseEvent| narrow.then_some(Msg::CloseMenu { refocus: false }));
        let onkeydown =
            link.batch_callback(move |e: KeyboardEvent| (narrow && e.key() == "Escape").then_some(Msg::CloseMenu { refocus: true }));
        // Embedded, the host chooses which of these its learners get (`&controls=export,link,import,reset`).
        let shown = |control: &str| !self.embed || self.controls.iter().any(|c| c == control);
        let first = |control: &str| ["export", "link", "import", "reset"].iter().find(|c| shown(c)).is_some_and(|c| *c == control);
        html! {
            <div id="topbar-menu" {class} data-testid="menu" {onclick} {onkeydown}>
                if shown("export") {
                <button id={first("export").then_some("menu-first")} data-testid="export-file" onclick={link.callback(|_| Msg::ExportFile)} title={lang.pick("파일, 클러스터, 기록을 파일로 내보냅니다", "Export files, cluster and history as a file")}>{ lang.pick("내보내기", "Export") }</button>
                }
                if shown("link") {
                <button id={first("link").then_some("menu-first")} data-testid="export-url" onclick={link.callback(|_| Msg::ExportUrl)} title={lang.pick("지금 상태를 여는 링크", "A link that opens this state")}>{ lang.pick("링크", "Link") }</button>
                }
                if shown("import") {
                <button id={first("import").then_some("menu-first")} data-testid="import" onclick={link.callback(|_| Msg::ImportPick)}>{ lang.pick("불러오기", "Import") }</button>
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
                }
                <button id={(!["export", "link", "import"].iter().any(|c| shown(c))).then_some("menu-first")} data-testid="lang-toggle" onclick={link.callback(|_| Msg::ToggleLang)} title={lang.pick("언어 바꾸기", "Switch language")}>
                    <span lang={lang.other().code()}>{ lang.other().name() }</span>
                </button>
                if shown("reset") {
                <button data-testid="reset" onclick={link.callback(|_| Msg::Reset { confirm: true })}>{ lang.pick("초기화", "Reset") }</button>
                }
            </div>
        }
    }

    /// The link just made: said copied (or not), with the address to copy by hand.
    fn view_share(&self, ctx: &Context<Self>) -> Html {
        let Some((url, copied)) = &self.share else { return html! {} };
        let lang = self.lang;
        let n = url.chars().count();
        let text = match copied {
            Some(true) => tr_n(lang, "링크를 클립보드에 복사했습니다", "Link copied to the clipboard", n),
            Some(false) => tr_n(
                lang,
                "클립보드에 복사하지 못했습니다. 아래 주소를 복사하세요",
                "Could not copy to the clipboard: copy the address below",
                n,
            ),
            None => tr_n(lang, "링크를 만들었습니다", "Link made", n),
        };
        let select = Callback::from(|e: FocusEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                input.select();
            }
        });
        html! {
            <div class="share" data-testid="share-notice" data-copied={copied.map_or("pending", |c| if c { "true" } else { "false" })}>
                <span role="status">{ text }</span>
                <span class="sub">{ lang.pick(" 이 주소를 열면 지금 상태 그대로 열립니다.", " Opening it opens exactly this state.") }</span>
                <input type="text" readonly=true data-testid="share-link" value={url.clone()} onfocus={select}
                    aria-label={lang.pick("공유 링크", "Share link")} />
                <button data-testid="share-close" onclick={ctx.link().callback(|_| Msg::CloseShare)}>{ lang.pick("닫기", "Close") }</button>
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
        let t = sim_core::api::object::rfc3339(self.session.cluster.now_unix());
        html! {
            <div class="time" role="group" aria-label={lang.pick("가상 시간", "Virtual time")}>
                <span class="clock" data-testid="virtual-time" title={lang.pick("시뮬레이터의 가상 시각", "The simulator's virtual time")}>{ t.get(11..19).unwrap_or(&t).to_string() }</span>
                <button data-testid="time-pause" class={classes!((speed == Speed::Paused).then_some("on"))} aria-pressed={(speed == Speed::Paused).to_string()}
                    aria-label={lang.pick("멈춤", "Pause")} onclick={link.callback(|_| Msg::SetSpeed(Speed::Paused))}>{ icon_pause() }</button>
                { button(Speed::Normal, "time-play", "1×", html! { <span class="sr">{ lang.pick(" 실제 속도", " real-time speed") }</span> }) }
                { button(Speed::Fast, "time-fast", "10×", html! { <span class="sr">{ lang.pick(" 빠르게", " fast") }</span> }) }
                <button data-testid="time-step" title={lang.pick("다음 일이 일어날 때까지 시간을 건너뜁니다", "Skip ahead to the next thing that happens")}
                    aria-label={lang.pick("다음 일로 건너뛰기", "Skip ahead")}
                    onclick={link.callback(|_| Msg::StepTime)}>{ icon_skip() }</button>
                if self.slowed {
                    <span class="note" data-testid="time-slowed" role="status">{ lang.pick(
                        "클러스터가 바빠서 가상 시간이 이 속도보다 느리게 갑니다",
                        "The cluster is busy: virtual time runs slower than this speed",
                    ) }</span>
                }
                if crate::storage::cluster_not_saved() {
                    <span class="note" data-testid="cluster-not-saved" role="status">{ lang.pick(
                        "브라우저 저장 공간이 모자라 클러스터를 저장하지 못했습니다. 새로 고치면 마지막으로 저장된 클러스터로 돌아갑니다(파일과 터미널은 남습니다)",
                        "The browser's storage is full, so the cluster was not saved: a reload returns to the last saved cluster (files and terminal are kept)",
                    ) }</span>
                }
            </div>
        }
    }

    /// The cluster pane, drawn again only when the cluster, its clock or the language changed.
    fn cluster_pane(&self, lang: Lang) -> Html {
        let key = (self.session.cluster.api.resource_version(), self.session.cluster.now_unix(), lang);
        let mut cached = self.cluster_pane.borrow_mut();
        match &*cached {
            Some((k, html)) if *k == key => html.clone(),
            _ => {
                let html = cluster_view::view(&self.session.cluster, lang);
                *cached = Some((key, html.clone()));
                html
            }
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
        if self.session.lab.simulated_only() {
            return html! {
                <div class="bridge" data-testid="bridge-panel" data-status="unavailable">
                    <p class="note">{ lang.pick(
                        "이 실습의 클러스터(노드 묶음, 준비 스크립트, 팀들의 작업)는 시뮬레이터가 만든 것이라 실제 클러스터에서 확인할 수 없습니다.",
                        "This lab's cluster (its node groups, setup and the teams' Jobs) is made by the simulator, so it cannot be verified on a real cluster.",
                    ) }</p>
                </div>
            };
        }
        html! {
            <div class="bridge" data-testid="bridge-panel" data-status={status}>
                <button data-testid="verify-real" disabled={b.running} onclick={ctx.link().callback(|_| Msg::VerifyReal)}>
                    { lang.pick("실제 클러스터에서 확인", "Verify on a real cluster") }
                </button>
                if b.running { <span class="busy">{ lang.pick(" 확인하는 중…", " verifying…") }</span> }
                if b.skipped > 0 {
                    <p class="note">{ format!("{} {}", b.skipped, lang.pick("개의 쓰기는 이 실습 밖의 것이라 보내지 않았습니다.", "writes outside this lab were not sent.")) }</p>
                }
                <ul class="progress-lines" tabindex="0">{ for b.progress.iter().map(|p| html! { <li>{ p.get(core) }</li> }) }</ul>
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
        let prompt = if self.session.foreground().is_some() { String::new() } else { self.term.prompt(&self.prompt()).to_string() };
        let lang = self.lang;
        let layout = self.layout;
        let tabs = layout.tabs();
        // Keys a phone's keyboard lacks. They keep the focus (and the keyboard) in the input.
        let key = |label: &'static str, name: &'static str, ctrl: bool, sr: Html| {
            html! {
                <button class="key" data-testid={format!("key-{}", label.to_lowercase())}
                    onmousedown={Callback::from(|e: MouseEvent| e.prevent_default())}
                    onclick={link.callback(move |_| Msg::VirtualKey { key: name, ctrl })}>{ label }{ sr }</button>
            }
        };
        html! {
            <div id={Tab::Terminal.pane_id()} class={classes!("terminal-wrap", (!layout.shows(self.tab, Tab::Terminal)).then_some("off"))}
                role={tabs.contains(&Tab::Terminal).then_some("tabpanel")} aria-labelledby={tabs.contains(&Tab::Terminal).then_some(Tab::Terminal.tab_id())}>
                <div class="terminal" ref={self.term_ref.clone()} data-testid="terminal" onclick={onclick}>
                    <div data-testid="terminal-output" role="log" aria-live="polite" aria-label={lang.pick("터미널 출력", "Terminal output")}>{ for lines }</div>
                    <div class="input-line">
                        <span class="prompt" aria-hidden="true">{ prompt }</span>
                        <input ref={self.input_ref.clone()} id="terminal-input" data-testid="terminal-input" type="text"
                            value={self.term.line.clone()} {onkeydown} {oninput} {onpaste}
                            autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false" enterkeyhint="enter"
                            aria-label={lang.pick("명령 입력", "Command input")} aria-describedby="terminal-keys-help" />
                    </div>
                </div>
                <p class="kbd-hint" id="terminal-keys-help">
                    { lang.pick("Enter 실행 · Tab 자동 완성 · ↑↓ 기록 · Ctrl-C 취소 · Esc 다음 Tab 으로 터미널 밖으로",
                        "Enter runs · Tab completes · ↑↓ history · Ctrl-C cancels · Esc then Tab leaves the terminal") }
                </p>
                if layout == Layout::Narrow {
                    <div class="keys" role="group" aria-label={lang.pick("터미널 키", "Terminal keys")} data-testid="terminal-keys">
                        { key("Tab", "Tab", false, html! { <span class="sr">{ lang.pick(" 자동 완성", " complete") }</span> }) }
                        { key("↑", "ArrowUp", false, html! { <span class="sr">{ lang.pick(" 이전 명령", " previous command") }</span> }) }
                        { key("↓", "ArrowDown", false, html! { <span class="sr">{ lang.pick(" 다음 명령", " next command") }</span> }) }
                        { key("Ctrl-C", "c", true, html! { <span class="sr">{ lang.pick(" 취소", " cancel") }</span> }) }
                        { key("Ctrl-L", "l", true, html! { <span class="sr">{ lang.pick(" 화면 지우기", " clear the screen") }</span> }) }
                    </div>
                }
            </div>
        }
    }

    fn view_editor(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let lang = self.lang;
        let layout = self.layout;
        let files: Vec<String> = self.session.shell.state.fs.files_under(HOME).into_iter().map(|(p, _)| p.to_string()).collect();
        let rel = |p: &str| p.strip_prefix(&format!("{HOME}/")).unwrap_or(p).to_string();
        let file_items = files.iter().map(|p| {
            let path = p.clone();
            let active = self.active.as_ref() == Some(p);
            html! {
                <li class={classes!(active.then_some("active"))} data-path={p.clone()} onclick={link.callback(move |_| Msg::Open(path.clone()))}>
                    <button class="file" title={p.clone()} aria-current={active.then_some("true")}>{ rel(p) }</button>
                </li>
            }
        });
        let tabs = self.tabs.iter().map(|p| {
            let open = p.clone();
            let close = p.clone();
            let active = self.active.as_ref() == Some(p);
            let class = classes!("tab", active.then_some("active"));
            let file = sim_core::vfs::file_name(p).to_string();
            html! {
                <div {class} data-testid="editor-tab" data-path={p.clone()} onclick={link.callback(move |_| Msg::Open(open.clone()))}>
                    <button class="tab-open" title={p.clone()} aria-current={active.then_some("true")}>{ file.clone() }</button>
                    <button class="close" title={lang.pick("닫기", "Close")} aria-label={format!("{} {file}", lang.pick("닫기:", "Close"))}
                        onclick={link.callback(move |e: MouseEvent| { e.stop_propagation(); Msg::Close(close.clone()) })}>{ "×" }</button>
                </div>
            }
        });
        let tabs_on = layout.tabs().contains(&Tab::Editor);
        html! {
            <div id={Tab::Editor.pane_id()} class={classes!("editor-pane", (!layout.shows(self.tab, Tab::Editor)).then_some("off"))}
                role={tabs_on.then_some("tabpanel")} aria-labelledby={tabs_on.then_some(Tab::Editor.tab_id())}>
                <nav class="files" aria-label={lang.pick("파일", "Files")}>
                    <div class="tools">
                        <button data-testid="file-new" onclick={link.callback(|_| Msg::NewFile)}>{ lang.pick("새 파일", "New") }</button>
                        <button data-testid="file-rename" disabled={self.active.is_none()} onclick={link.callback(|_| Msg::RenameFile)}>{ lang.pick("이름 바꾸기", "Rename") }</button>
                        <button data-testid="file-delete" disabled={self.active.is_none()} onclick={link.callback(|_| Msg::DeleteFile)}>{ lang.pick("삭제", "Delete") }</button>
                    </div>
                    <ul data-testid="file-list">{ for file_items }</ul>
                </nav>
                <div class="editor-main">
                    <div class="tabs" role="group" aria-label={lang.pick("열린 파일", "Open files")}>{ for tabs }</div>
                    <div class="editor-body">
                        // CodeMirror owns this element's children; Yew renders none into it.
                        <div class="editor-host" data-testid="editor" ref={self.editor_ref.clone()}></div>
                        if self.active.is_none() {
                            <div class="editor-empty">{ lang.pick("파일 목록에서 파일을 고르거나 새 파일을 만드세요. 터미널에서 만든 파일도 여기에 나타납니다.",
                                "Pick a file in the file list or create one. Files made in the terminal appear here too.") }</div>
                        }
                    </div>
                    <div class="editor-status">
                        <span data-testid="editor-status" role="status">{ &self.status }</span>
                        <span class="kbd-hint">{ lang.pick("Ctrl-S 저장 · Tab 들여쓰기 · Esc 다음 Tab 으로 편집기 밖으로", "Ctrl-S saves · Tab indents · Esc then Tab leaves the editor") }</span>
                    </div>
                </div>
            </div>
        }
    }
}
