//! The steps pane: the lab's text, each step's live status and the status of each of its
//! checks (with the explanation when one fails), hints revealed one at a time, and each step's
//! part of the reference solution behind a confirmation. Automation hooks: `data-testid="step"`,
//! `data-step-id`, `data-status="pass|fail"`.

use crate::i18n::Lang;
use crate::markdown;
use sim_core::lab::progress::StepResult;
use sim_core::lab::Lab;
use std::collections::{BTreeMap, BTreeSet};
use yew::prelude::*;

/// The reference solution cut by step: its inputs replayed on a fresh session of the lab, the
/// steps judged after each, and the inputs since the last cut given to the first step that
/// passes after them (inputs after the last such cut go with the last step given any). One part
/// a step of the lab, in order; a step that passes together with an earlier one gets none.
pub fn solution_by_step(lab: &Lab, seed: u64) -> Vec<String> {
    let mut session = sim_core::session::Session::new(lab.clone(), seed);
    let mut parts = vec![String::new(); lab.steps.len()];
    let mut pending = String::new();
    let mut last_given = None;
    for input in sim_core::transcript::split_inputs(&lab.solution) {
        let mut newly = Vec::new();
        session.run_script(&input, 1000, |j| newly.extend(j.newly_passed.iter().cloned()));
        pending.push_str(&input);
        pending.push('\n');
        let first = lab.steps.iter().position(|s| newly.contains(&s.id));
        if let Some(i) = first {
            parts[i].push_str(&std::mem::take(&mut pending));
            last_given = Some(i);
        }
    }
    if let Some(part) = parts.get_mut(last_given.unwrap_or(lab.steps.len().saturating_sub(1))) {
        part.push_str(&pending);
    }
    parts
}

pub struct StepsView<'a> {
    pub lab: &'a Lab,
    pub steps: &'a [StepResult],
    pub lang: Lang,
    pub hints_shown: &'a BTreeMap<String, usize>,
    /// The whole solution was shown (a state saved before it was shown per step).
    pub solution_all: bool,
    pub solutions_shown: &'a BTreeSet<String>,
    /// The solution cut by step (see [`solution_by_step`]), once a part is shown.
    pub solution_parts: Option<&'a [String]>,
    pub on_hint: Callback<String>,
    pub on_solution: Callback<String>,
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
            let id = step.id.clone();
            let on_solution = self.on_solution.reform(move |_: MouseEvent| id.clone());
            let solution = (self.solution_all || self.solutions_shown.contains(&step.id)).then(|| self.solution_parts.and_then(|p| p.get(i))).flatten();
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
                        if let Some(part) = solution {
                            <div class="solution" data-testid="step-solution">
                                <h4>{ lang.pick("이 단계의 모범 답안", "This step's reference solution") }</h4>
                                if part.trim().is_empty() {
                                    <p>{ lang.pick("앞 단계의 명령으로 함께 통과하는 단계입니다.", "This step passes with the commands of an earlier step.") }</p>
                                } else {
                                    <pre tabindex="0">{ part.clone() }</pre>
                                }
                            </div>
                        } else {
                            <button class="solution-button" data-testid="step-solution-button" onclick={on_solution}>
                                { lang.pick("이 단계의 모범 답안 보기", "Show this step's solution") }
                            </button>
                        }
                    </details>
                </li>
            }
        });
        html! {
            <>
                <h2>{ self.lab.title.get(core) }</h2>
                <details class="intro"><summary>{ lang.pick("이 실습은", "About this lab") }</summary>{ markdown::render(self.lab.intro.get(core)) }</details>
                <p class="progress" data-testid="progress" role="status">
                    { format!("{done}/{} {}", self.steps.len(), lang.pick("단계 통과", "steps passed")) }
                    if done == self.steps.len() { <b>{ lang.pick(" — 실습 완료!", " — lab complete!") }</b> }
                </p>
                <ol class="step-list">{ for items }</ol>
            </>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_step_gets_the_part_of_the_solution_that_passes_it() {
        let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
        let parts = solution_by_step(&lab, 2026);
        assert_eq!(parts.len(), lab.steps.len());
        assert!(parts[0].contains("kind: ResourceFlavor") && !parts[0].contains("kind: ClusterQueue"), "{}", parts[0]);
        assert!(parts[1].contains("kind: ClusterQueue") && !parts[1].contains("kind: LocalQueue"), "{}", parts[1]);
        assert!(parts[5].contains("name: sneaky") && parts[5].contains("bypass.txt"), "{}", parts[5]);
        assert!(parts[7].contains("delete job train-1"), "{}", parts[7]);
        // Nothing is lost or repeated: the parts are the solution's inputs, in order.
        let inputs: String = sim_core::transcript::split_inputs(&lab.solution).iter().map(|i| format!("{i}\n")).collect();
        assert_eq!(parts.concat(), inputs);
    }
}
