//! A lab's replayed cases (`labs/<id>/cases/*.sh`): their `# setup:` lines and `# expect:` verdicts.
//!
//! Replaying them — a script typed into a fresh session, the checks judged after each input — is
//! `crate::replay`, above the learner's session; this file only reads the case files.

use super::{Lab, Lang};

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
