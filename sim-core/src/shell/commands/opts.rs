//! GNU-style option parsing: clustered short flags, `-n5`/`-n 5`, `--long[=value]`, `--`,
//! with getopt's error lines.

use std::collections::BTreeMap;

pub struct Spec<'a> {
    pub cmd: &'a str,
    /// Short flags without a value.
    pub flags: &'a str,
    /// Short options that take a value.
    pub valued: &'a str,
    /// Long names mapped to their short letter.
    pub long: &'a [(&'a str, char)],
    /// What follows `Usage: CMD ` in `--help`.
    pub synopsis: &'a str,
}

#[derive(Debug, Default)]
pub struct Opts {
    /// Flags in the order given (a flag may repeat).
    pub flags: Vec<char>,
    pub values: BTreeMap<char, Vec<String>>,
    pub operands: Vec<String>,
}

impl Opts {
    pub fn has(&self, c: char) -> bool {
        self.flags.contains(&c)
    }
    pub fn value(&self, c: char) -> Option<&str> {
        self.values.get(&c).and_then(|v| v.last()).map(String::as_str)
    }
}

/// Parses `args`; the error is the text getopt prints (without the `Try --help` line).
pub fn parse_opts(spec: &Spec<'_>, args: &[String]) -> Result<Opts, String> {
    let mut o = Opts::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            o.operands.extend(args[i..].iter().cloned());
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let matches: Vec<&(&str, char)> = spec.long.iter().filter(|(l, _)| l.starts_with(name)).collect();
            let exact = spec.long.iter().find(|(l, _)| *l == name);
            let Some(&(lname, c)) = exact.or(if matches.len() == 1 { Some(matches[0]) } else { None }) else {
                return Err(if matches.len() > 1 {
                    format!("{}: option '--{name}' is ambiguous", spec.cmd)
                } else {
                    format!("{}: unrecognized option '{a}'", spec.cmd)
                });
            };
            if spec.valued.contains(c) {
                let v = match inline {
                    Some(v) => v,
                    None if i < args.len() => {
                        i += 1;
                        args[i - 1].clone()
                    }
                    None => return Err(format!("{}: option '--{lname}' requires an argument", spec.cmd)),
                };
                o.values.entry(c).or_default().push(v);
            } else if inline.is_some() {
                return Err(format!("{}: option '--{lname}' doesn't allow an argument", spec.cmd));
            } else {
                o.flags.push(c);
            }
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                j += 1;
                if spec.valued.contains(c) {
                    let v = if j < chars.len() {
                        let rest: String = chars[j..].iter().collect();
                        j = chars.len();
                        rest
                    } else if i < args.len() {
                        i += 1;
                        args[i - 1].clone()
                    } else {
                        return Err(format!("{}: option requires an argument -- '{c}'", spec.cmd));
                    };
                    o.values.entry(c).or_default().push(v);
                } else if spec.flags.contains(c) {
                    o.flags.push(c);
                } else {
                    return Err(format!("{}: invalid option -- '{c}'", spec.cmd));
                }
            }
            continue;
        }
        o.operands.push(a.clone());
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn clusters_values_and_long_options() {
        let spec = Spec { cmd: "x", flags: "rf", valued: "n", long: &[("lines", 'n'), ("force", 'f')], synopsis: "" };
        let o = parse_opts(&spec, &s(&["-rf", "-n5", "a", "--lines=3", "--for", "--", "-r"])).unwrap();
        assert_eq!(o.flags, vec!['r', 'f', 'f']);
        assert_eq!(o.value('n'), Some("3"));
        assert_eq!(o.operands, s(&["a", "-r"]));
        assert_eq!(parse_opts(&spec, &s(&["-z"])).unwrap_err(), "x: invalid option -- 'z'");
        assert_eq!(parse_opts(&spec, &s(&["-n"])).unwrap_err(), "x: option requires an argument -- 'n'");
        assert_eq!(parse_opts(&spec, &s(&["--bogus"])).unwrap_err(), "x: unrecognized option '--bogus'");
    }
}
