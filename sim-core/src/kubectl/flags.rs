//! kubectl's flag parsing (upstream `spf13/pflag` under `spf13/cobra`) and cobra's error lines.
//!
//! `--name=value`, `--name value`, `-n value`, `-nvalue`, bool flags, `--`; the namespace a
//! command works in; Go durations for `--timeout` and `--request-timeout`.

use super::out::{Host, Out};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Bool,
    Value,
}

/// One flag: long name, optional shorthand, whether it takes a value.
pub type FlagSpec = (&'static str, Option<char>, Kind);

/// Flags every command accepts (kubectl's persistent flags that matter here).
pub const GLOBAL: &[FlagSpec] = &[
    ("namespace", Some('n'), Kind::Value),
    ("kubeconfig", None, Kind::Value),
    ("context", None, Kind::Value),
    ("help", Some('h'), Kind::Bool),
    ("v", Some('v'), Kind::Value),
    ("request-timeout", None, Kind::Value),
];

#[derive(Debug, Default, Clone)]
pub struct Parsed {
    pub values: BTreeMap<&'static str, Vec<String>>,
    pub bools: BTreeMap<&'static str, bool>,
    pub args: Vec<String>,
    /// Everything after `--`.
    pub rest: Vec<String>,
}

impl Parsed {
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).and_then(|v| v.last()).map(String::as_str)
    }
    pub fn all(&self, name: &str) -> Vec<String> {
        self.values.get(name).cloned().unwrap_or_default()
    }
    pub fn flag(&self, name: &str) -> bool {
        self.bools.get(name).copied().unwrap_or(false)
    }
}

/// Parses `args`; the error is cobra's line (`Error: unknown flag: --x`).
pub fn parse(args: &[String], specs: &[FlagSpec]) -> Result<Parsed, String> {
    let all: Vec<FlagSpec> = specs.iter().chain(GLOBAL.iter()).copied().collect();
    let mut p = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            p.rest = args[i..].to_vec();
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let Some(spec) = all.iter().find(|s| s.0 == name) else { return Err(format!("Error: unknown flag: --{name}")) };
            match spec.2 {
                Kind::Bool => {
                    let v = inline.map(|v| v != "false").unwrap_or(true);
                    p.bools.insert(spec.0, v);
                }
                Kind::Value => {
                    let v = match inline {
                        Some(v) => v,
                        None if i < args.len() => {
                            i += 1;
                            args[i - 1].clone()
                        }
                        None => return Err(format!("Error: flag needs an argument: --{name}")),
                    };
                    p.values.entry(spec.0).or_default().push(v);
                }
            }
            continue;
        }
        if a.len() > 1 && a.starts_with('-') && a != "-" {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let ch = chars[j];
                j += 1;
                let Some(spec) = all.iter().find(|s| s.1 == Some(ch)) else {
                    return Err(format!("Error: unknown shorthand flag: '{ch}' in {a}"));
                };
                match spec.2 {
                    Kind::Bool => {
                        p.bools.insert(spec.0, true);
                    }
                    Kind::Value => {
                        let rest: String = chars[j..].iter().collect();
                        let v = if !rest.is_empty() {
                            rest.strip_prefix('=').unwrap_or(&rest).to_string()
                        } else if i < args.len() {
                            i += 1;
                            args[i - 1].clone()
                        } else {
                            return Err(format!("Error: flag needs an argument: '{ch}' in {a}"));
                        };
                        p.values.entry(spec.0).or_default().push(v);
                        break;
                    }
                }
            }
            continue;
        }
        p.args.push(a.clone());
    }
    Ok(p)
}

/// Parses flags for a verb, printing cobra's error and hint on failure.
pub fn parse_flags<W: Host>(out: &mut Out<'_, '_, W>, verb: &str, args: &[String], specs: &[FlagSpec]) -> Option<Parsed> {
    match parse(args, specs) {
        Ok(p) => Some(p),
        Err(e) => {
            out.err(&e);
            out.err(&format!("See 'kubectl {verb} --help' for usage."));
            None
        }
    }
}

/// The namespace a command works in: `-n`, else the context's (k3s: `default`).
pub fn namespace(p: &Parsed) -> String {
    p.value("namespace").unwrap_or("default").to_string()
}

/// A Go duration as kubectl's `--timeout` and `--request-timeout` take it (`500ms`, `30s`, `2m`,
/// `1h`; a bare number is seconds), in milliseconds.
pub fn parse_duration(s: &str) -> Option<u64> {
    if let Some(ms) = s.strip_suffix("ms") {
        return ms.parse().ok();
    }
    let (num, mult) = match s.chars().last()? {
        's' => (&s[..s.len() - 1], 1000),
        'm' => (&s[..s.len() - 1], 60_000),
        'h' => (&s[..s.len() - 1], 3_600_000),
        _ => (s, 1000),
    };
    num.parse::<f64>().ok().map(|v| (v * mult as f64) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn pflag_forms_and_errors() {
        let specs: &[FlagSpec] = &[("output", Some('o'), Kind::Value), ("all-namespaces", Some('A'), Kind::Bool)];
        let p = parse(&s(&["get", "-nteam-a", "-owide", "--all-namespaces", "jobs"]), specs).unwrap();
        assert_eq!((p.value("namespace"), p.value("output"), p.flag("all-namespaces")), (Some("team-a"), Some("wide"), true));
        assert_eq!(p.args, s(&["get", "jobs"]));
        assert_eq!(parse(&s(&["--bogus"]), specs).unwrap_err(), "Error: unknown flag: --bogus");
        assert_eq!(parse(&s(&["-n"]), specs).unwrap_err(), "Error: flag needs an argument: 'n' in -n");
        assert_eq!(parse(&s(&["-z"]), specs).unwrap_err(), "Error: unknown shorthand flag: 'z' in -z");
    }
}
