//! A lab replayed headless: a script typed into a fresh session of the lab, the checks judged after every input.
//!
//! The checks are judged as the browser judges them. Used by `kueue-lab sim --checks` and by the
//! tests that replay each lab's reference solution and its `cases/` (read by `lab::cases`). This
//! sits above the session and the transcript it drives, so the lab engine never reaches up into a
//! learner's session.

use crate::lab::cases::Expect;
use crate::lab::progress::{report_lines, Evaluation, Progress};
use crate::lab::{Lab, Lang};
use crate::session::Session;
use crate::transcript::Entry;

pub struct Replay {
    pub entries: Vec<Entry>,
    /// The last evaluation, stickiness applied.
    pub evaluation: Evaluation,
    pub progress: Progress,
    /// Step ids in the order they first passed.
    pub completed_order: Vec<String>,
}

pub fn replay(lab: &Lab, script: &str, seed: u64, step_ms: u64) -> Replay {
    let mut session = Session::new(lab.clone(), seed);
    let mut completed_order = Vec::new();
    let mut lab_completed = false;
    let entries = session.run_script(script, step_ms, |j| {
        completed_order.extend(j.newly_passed.iter().cloned());
        lab_completed |= j.lab_completed;
    });
    if session.steps().is_empty() {
        // An empty script: the fresh cluster judged once.
        let j = session.judge();
        completed_order.extend(j.newly_passed);
        lab_completed |= j.lab_completed;
    }
    let evaluation = Evaluation { steps: session.steps().to_vec(), newly_passed: completed_order.clone(), lab_completed };
    Replay { entries, evaluation, progress: session.progress, completed_order }
}

/// Checks a replay against a case's expectations; the error says what differed.
pub fn verify_expectations(lab: &Lab, replay: &Replay, expects: &[Expect]) -> Result<(), String> {
    let find = |id: &str| replay.evaluation.steps.iter().find(|s| s.id == id).ok_or_else(|| format!("the lab has no step {id:?}"));
    for e in expects {
        match e {
            Expect::AllPass => {
                if !replay.evaluation.all_pass() {
                    let lines = report_lines(&replay.evaluation.steps, Lang::En);
                    return Err(format!("expected every step of {} to pass:\n{}", lab.id, lines.join("\n")));
                }
            }
            Expect::Pass(id) => {
                let s = find(id)?;
                if !s.pass {
                    return Err(format!("expected {id} to pass, it fails: {}", s.explanation(Lang::En).unwrap_or("")));
                }
            }
            Expect::Fail { step, explanation_contains, lang } => {
                let s = find(step)?;
                if s.pass {
                    return Err(format!("expected {step} to fail, it passes"));
                }
                let why = s.explanation(*lang).unwrap_or("");
                if let Some(sub) = explanation_contains {
                    if !why.contains(sub.as_str()) {
                        return Err(format!("{step} fails as expected, but its explanation {why:?} does not contain {sub:?}"));
                    }
                }
            }
        }
    }
    Ok(())
}
