//! The lab engine: judges every step's checks against a view after each change, keeps the
//! progress that must stick, and says which steps were just completed — the app turns those into
//! `kueue-lab:step-completed` and `kueue-lab:lab-completed` messages.
//!
//! What sticks: once a step the lab marks `sticky` has passed, its checks on the *cluster* stay
//! passed (later steps move the cluster past them: train-1 is deleted, a preempted Job runs
//! again). Its checks on the learner's *answer files* stick only while the file is unchanged
//! since the step last passed (a file that quotes what a Workload said stays right when that
//! Workload is gone); a changed file is judged as it is now, so a spoiled answer fails again.

use super::check::CheckResult;
use super::view::ClusterView;
use super::{Lab, Lang};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One step's verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepResult {
    pub id: String,
    pub pass: bool,
    /// Passes only because its cluster checks passed earlier and are kept (sticky), although
    /// they no longer all pass now; its answer-file checks pass now.
    pub kept: bool,
    pub checks: Vec<CheckResult>,
}

impl StepResult {
    /// The first failing check's explanation.
    pub fn explanation(&self, lang: Lang) -> Option<&str> {
        self.checks.iter().find_map(|c| c.explanation.as_ref()).map(|t| t.get(lang))
    }
}

/// What the learner has achieved so far; persisted with the session.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Progress {
    /// Steps that have passed at least once.
    pub passed: BTreeSet<String>,
    /// Whether the lab's completion was already announced.
    pub completed: bool,
    /// Per sticky step, the answer files its checks read (path → text, `None` when absent) as
    /// they were when the step last passed on its own.
    #[serde(default)]
    pub answers: BTreeMap<String, BTreeMap<String, Option<String>>>,
}

/// The outcome of one evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    pub steps: Vec<StepResult>,
    /// Steps that pass for the first time, in lab order.
    pub newly_passed: Vec<String>,
    /// Every step passes, for the first time.
    pub lab_completed: bool,
}

impl Evaluation {
    pub fn all_pass(&self) -> bool {
        self.steps.iter().all(|s| s.pass)
    }
}

/// Every step's checks, judged now (no memory).
pub fn judge(lab: &Lab, view: &dyn ClusterView) -> Vec<StepResult> {
    lab.steps
        .iter()
        .map(|step| {
            let checks: Vec<CheckResult> = step.checks.iter().map(|c| c.evaluate(lab, view)).collect();
            StepResult { id: step.id.clone(), pass: checks.iter().all(|c| c.pass), kept: false, checks }
        })
        .collect()
}

impl Progress {
    /// Judges the lab now, applies stickiness, and records what newly passed.
    pub fn update(&mut self, lab: &Lab, view: &dyn ClusterView) -> Evaluation {
        let mut steps = judge(lab, view);
        let mut newly_passed = Vec::new();
        for (step, result) in lab.steps.iter().zip(steps.iter_mut()) {
            let files: BTreeMap<String, Option<String>> = crate::sort::map_from(
                step.checks.iter().filter_map(|c| c.file()).map(|f| lab.file_path(f)).map(|p| (p.clone(), view.file(&p))),
            );
            if result.pass {
                if self.passed.insert(step.id.clone()) {
                    newly_passed.push(step.id.clone());
                }
                if step.sticky {
                    self.answers.insert(step.id.clone(), files);
                }
            } else if step.sticky && self.passed.contains(&step.id) {
                // The cluster checks held when the step passed: keep them. An answer-file check is
                // kept only while its file is what it was then; otherwise it is judged as it is now.
                let then = self.answers.get(&step.id);
                let mut kept_any = false;
                for (check, r) in step.checks.iter().zip(result.checks.iter_mut()) {
                    let keep = match check.file() {
                        None => true,
                        Some(f) => {
                            let path = lab.file_path(f);
                            then.and_then(|t| t.get(&path)).is_some_and(|old| *old == files[&path])
                        }
                    };
                    if !r.pass && keep {
                        r.pass = true;
                        r.explanation = None;
                        kept_any = true;
                    }
                }
                result.pass = result.checks.iter().all(|c| c.pass);
                result.kept = result.pass && kept_any;
            }
        }
        let all = steps.iter().all(|s| s.pass);
        let lab_completed = all && !self.completed;
        if lab_completed {
            self.completed = true;
        }
        Evaluation { steps, newly_passed, lab_completed }
    }
}

/// `kueue-lab sim --checks` / `verify` lines: `step <n> <id>: pass` or `step <n> <id>: fail — why`.
pub fn report_lines(steps: &[StepResult], lang: Lang) -> Vec<String> {
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if s.pass {
                format!("step {} {}: pass", i + 1, s.id)
            } else {
                format!("step {} {}: fail — {}", i + 1, s.id, s.explanation(lang).unwrap_or(""))
            }
        })
        .collect()
}
