//! The lab engine: judges every step's checks against a view after each change, keeps the
//! progress that must stick (a step the lab marks `sticky` stays passed once passed), and says
//! which steps were just completed — the app turns those into `kueue-lab:step-completed` and
//! `kueue-lab:lab-completed` messages.

use super::check::CheckResult;
use super::view::ClusterView;
use super::{Lab, Lang};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One step's verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepResult {
    pub id: String,
    pub pass: bool,
    /// Passed earlier and kept (sticky), although its checks no longer all pass.
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
            if result.pass {
                if self.passed.insert(step.id.clone()) {
                    newly_passed.push(step.id.clone());
                }
            } else if step.sticky && self.passed.contains(&step.id) {
                result.pass = true;
                result.kept = true;
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
