//! A lab replayed headless: a script typed into a fresh session of the lab, the checks judged
//! after every input as the browser judges them. Used by `kueue-lab sim --checks` and by the
//! tests that replay each lab's reference solution and its `cases/`.

use super::progress::{Evaluation, Progress};
use super::view::SimView;
use super::{Lab, Lang};
use crate::session::lab_session;
use crate::transcript::{self, Entry};

pub struct Replay {
    pub entries: Vec<Entry>,
    /// The last evaluation, stickiness applied.
    pub evaluation: Evaluation,
    pub progress: Progress,
    /// Step ids in the order they first passed.
    pub completed_order: Vec<String>,
}

pub fn replay(lab: &Lab, script: &str, seed: u64, step_ms: u64) -> Replay {
    let (mut sh, mut cluster) = lab_session(lab, seed);
    let mut progress = Progress::default();
    let mut completed_order = Vec::new();
    let mut last = None;
    let entries = transcript::run_observed(&mut sh, &mut cluster, script, step_ms, |sh, c| {
        let ev = progress.update(lab, &SimView { api: &c.api, fs: &sh.state.fs });
        completed_order.extend(ev.newly_passed.iter().cloned());
        last = Some(ev);
    });
    let evaluation = last.unwrap_or_else(|| progress.update(lab, &SimView { api: &cluster.api, fs: &sh.state.fs }));
    Replay { entries, evaluation, progress, completed_order }
}

/// What a case file (`cases/*.sh`) expects, from its `# expect:` lines:
/// `# expect: all pass`, `# expect: <step-id> pass`, `# expect: <step-id> fail "<text in the explanation>"`.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    AllPass,
    Pass(String),
    Fail { step: String, explanation_contains: Option<String>, lang: Lang },
}

/// A case's script with its `# setup: <file>` lines replaced by those files from `cases/`
/// (shared beginnings such as `_steps-1-3.sh`; files starting with `_` are not cases).
pub fn case_script(lab: &Lab, name: &str) -> Result<String, String> {
    let script = lab.cases.get(name).ok_or_else(|| format!("no case {name:?}"))?;
    let mut out = String::new();
    for line in script.lines() {
        match line.trim().strip_prefix("# setup:") {
            Some(file) => {
                let file = file.trim();
                let setup = case_script(lab, file).map_err(|e| format!("{name}: setup {file}: {e}"))?;
                out.push_str(&setup);
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// The cases to replay: `cases/*.sh` not starting with `_`.
pub fn case_names(lab: &Lab) -> Vec<&str> {
    lab.cases.keys().map(String::as_str).filter(|n| n.ends_with(".sh") && !n.starts_with('_')).collect()
}

pub fn expectations(script: &str) -> Result<Vec<Expect>, String> {
    let mut out = Vec::new();
    for line in script.lines() {
        let Some(rest) = line.trim().strip_prefix("# expect:") else { continue };
        let rest = rest.trim();
        if rest == "all pass" {
            out.push(Expect::AllPass);
            continue;
        }
        let (step, verdict) = rest.split_once(' ').ok_or_else(|| format!("bad expectation: {line}"))?;
        let verdict = verdict.trim();
        if verdict == "pass" {
            out.push(Expect::Pass(step.to_string()));
        } else if let Some(why) = verdict.strip_prefix("fail") {
            let why = why.trim();
            let (lang, why) = match why.strip_prefix("ko ") {
                Some(w) => (Lang::Ko, w.trim()),
                None => (Lang::En, why),
            };
            let explanation_contains = if why.is_empty() {
                None
            } else {
                Some(
                    why.strip_prefix('"')
                        .and_then(|w| w.strip_suffix('"'))
                        .ok_or_else(|| format!("quote the text: {line}"))?
                        .replace("\\\"", "\""),
                )
            };
            out.push(Expect::Fail { step: step.to_string(), explanation_contains, lang });
        } else {
            return Err(format!("bad expectation: {line}"));
        }
    }
    if out.is_empty() {
        return Err("a case needs at least one `# expect:` line".into());
    }
    Ok(out)
}

/// Checks a replay against a case's expectations; the error says what differed.
pub fn verify_expectations(lab: &Lab, replay: &Replay, expects: &[Expect]) -> Result<(), String> {
    let find = |id: &str| replay.evaluation.steps.iter().find(|s| s.id == id).ok_or_else(|| format!("the lab has no step {id:?}"));
    for e in expects {
        match e {
            Expect::AllPass => {
                if !replay.evaluation.all_pass() {
                    let lines = super::progress::report_lines(&replay.evaluation.steps, Lang::En);
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
