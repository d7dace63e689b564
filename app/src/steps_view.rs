//! The steps pane: the lab's text, each step's live status and the status of each of its
//! checks (with the explanation when one fails), hints revealed one at a time, and the
//! reference solution behind a confirmation. Automation hooks: `data-testid="step"`,
//! `data-step-id`, `data-status="pass|fail"`.

use crate::i18n::Lang;
use crate::markdown;
use sim_core::lab::progress::StepResult;
use sim_core::lab::Lab;
use std::collections::BTreeMap;
use yew::prelude::*;

pub struct StepsView<'a> {
    pub lab: &'a Lab,
    pub steps: &'a [StepResult],
    pub lang: Lang,
    pub hints_shown: &'a BTreeMap<String, usize>,
    pub solution_shown: bool,
    pub on_hint: Callback<String>,
    pub on_solution: Callback<()>,
    /// What the real cluster said per step (when a bridge is configured).
    pub real: Option<&'a BTreeMap<String, (bool, Option<sim_core::lab::Text>)>>,
}

impl StepsView<'_> {
    pub fn view(&self) -> Html {
        let lang = self.lang;
        let core = lang.core();
        let done = self.steps.iter().filter(|s| s.pass).count();
        let first_open = self.steps.iter().position(|s| !s.pass);
        let items = self.lab.steps.iter().zip(self.steps).enumerate().map(|(i, (step, result))| {
            let status = if result.pass { "pass" } else { "fail" };
            let shown = self.hints_shown.get(&step.id).copied().unwrap_or(0).min(step.hints.len());
            let checks = result.checks.iter().map(|c| {
                let cs = if c.pass { "pass" } else { "fail" };
                html! {
                    <li class={classes!("check", cs)} data-testid="check" data-status={cs}>
                        <span class="mark" aria-hidden="true">{ if c.pass { "✓" } else { "✗" } }</span>
                        <span class="sr">{ if c.pass { lang.pick("통과: ", "passed: ") } else { lang.pick("아직: ", "not yet: ") } }</span>
                        <span class="label">{ markdown::render(c.label.get(core)) }</span>
                        if let Some(why) = c.explanation.as_ref().filter(|_| !result.kept) {
                            <div class="why" data-testid="check-explanation">{ markdown::render(why.get(core)) }</div>
                        }
                    </li>
                }
            });
            let hints = step.hints.iter().take(shown).enumerate().map(|(n, h)| {
                html! { <div class="hint" data-testid="hint"><b>{ format!("{} {}", lang.pick("힌트", "Hint"), n + 1) }</b>{ markdown::render(h.get(core)) }</div> }
            });
            let id = step.id.clone();
            let on_hint = self.on_hint.reform(move |_: MouseEvent| id.clone());
            html! {
                <li class={classes!("step", status)} data-testid="step" data-step-id={step.id.clone()} data-status={status}>
                    <details open={first_open == Some(i)}>
                        <summary>
                            <span class="mark" aria-hidden="true">{ if result.pass { "✓" } else { "○" } }</span>
                            <span class="sr">{ if result.pass { lang.pick("통과: ", "passed: ") } else { lang.pick("아직: ", "not yet: ") } }</span>
                            { format!(" {}. {}", i + 1, step.title.get(core)) }
                            if let Some((pass, _)) = self.real.and_then(|r| r.get(&step.id)) {
                                <span class="real" data-testid="real-status" data-status={if *pass { "pass" } else { "fail" }}
                                    title={lang.pick("실제 클러스터", "real cluster")}>{ if *pass { " ☁✓" } else { " ☁✗" } }</span>
                            }
                        </summary>
                        if let Some((false, Some(why))) = self.real.and_then(|r| r.get(&step.id)) {
                            <p class="real-why">{ lang.pick("실제 클러스터: ", "Real cluster: ") }{ markdown::render(why.get(core)) }</p>
                        }
                        <div class="text">{ markdown::render(step.text.get(core)) }</div>
                        if result.kept {
                            <p class="kept">{ lang.pick("앞에서 통과한 단계입니다. 이후 단계가 바꾼 것은 다시 따지지 않습니다.", "Passed earlier; what later steps changed is not held against it.") }</p>
                        }
                        <ul class="checks">{ for checks }</ul>
                        { for hints }
                        if shown < step.hints.len() {
                            <button class="hint-button" data-testid="hint-button" onclick={on_hint}>
                                { format!("{} ({}/{})", lang.pick("힌트 보기", "Show a hint"), shown + 1, step.hints.len()) }
                            </button>
                        }
                    </details>
                </li>
            }
        });
        let on_solution = self.on_solution.reform(|_: MouseEvent| ());
        html! {
            <>
                <h2>{ self.lab.title.get(core) }</h2>
                <details class="intro"><summary>{ lang.pick("이 실습은", "About this lab") }</summary>{ markdown::render(self.lab.intro.get(core)) }</details>
                <p class="progress" data-testid="progress" role="status">
                    { format!("{done}/{} {}", self.steps.len(), lang.pick("단계 통과", "steps passed")) }
                    if done == self.steps.len() { <b>{ lang.pick(" — 실습 완료!", " — lab complete!") }</b> }
                </p>
                <ol class="step-list">{ for items }</ol>
                <div class="solution">
                    if self.solution_shown {
                        <h3>{ lang.pick("모범 답안", "Reference solution") }</h3>
                        <pre data-testid="solution" tabindex="0">{ &self.lab.solution }</pre>
                    } else {
                        <button data-testid="solution-button" onclick={on_solution}>{ lang.pick("모범 답안 보기", "Show the solution") }</button>
                    }
                </div>
            </>
        }
    }
}
