//! jq's command line (`src/main.c`): `-r -c -n -s -e` (also bundled, `-rc`), `--arg`, `--argjson`, the filter and the files.

use super::error::Error;
use super::value::{parse_stream, J};
use super::Options;

/// jq 1.6's usage text, printed after a command-line complaint.
pub const USAGE: &str = "Usage:\tjq [OPTIONS] FILTER [FILES...]\n\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\njq is a tool for processing JSON inputs, applying the given filter to\nits JSON text inputs and producing the filter's results as JSON on\nstandard output.\n\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq";

/// What jq 1.6 prints after a complaint about its command line (its `die()`).
pub const SEE_HELP: &str =
    "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq";

/// A jq command line, read: what to run, how, and over which files (none: stdin).
#[derive(Debug, Clone, PartialEq)]
pub struct Invocation {
    pub options: Options,
    pub filter: String,
    pub files: Vec<String>,
}

impl Invocation {
    /// Reads jq's arguments (without `jq` itself). `-M`, `-C` and `-S` are accepted and change nothing.
    pub fn from_args(args: &[String]) -> Result<Invocation, Error> {
        let mut options = Options::default();
        let mut positional: Vec<String> = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            i += 1;
            match a.as_str() {
                "-r" | "--raw-output" => options.raw_output = true,
                "-c" | "--compact-output" => options.compact = true,
                "-n" | "--null-input" => options.null_input = true,
                "-s" | "--slurp" => options.slurp = true,
                "-e" | "--exit-status" => options.exit_status = true,
                "-M" | "--monochrome-output" | "-C" | "--color-output" => {}
                "-S" | "--sort-keys" => options.sort_keys = true,
                "-R" | "--raw-input" => options.raw_input = true,
                "-j" | "--join-output" => {
                    options.raw_output = true;
                    options.join = true;
                }
                "--tab" => options.indent = None,
                "--arg" | "--argjson" => {
                    if i + 1 >= args.len() {
                        let what = if a == "--arg" { "value" } else { "text" };
                        return Err(Error::Usage(Some(format!("jq: {a} takes two parameters (e.g. {a} varname {what})"))));
                    }
                    let (name, value) = (args[i].clone(), args[i + 1].clone());
                    i += 2;
                    let v = if a == "--arg" {
                        J::Str(value)
                    } else {
                        match parse_stream(&value) {
                            Ok(mut v) if v.len() == 1 => v.remove(0),
                            _ => return Err(Error::Usage(Some("jq: invalid JSON text passed to --argjson".into()))),
                        }
                    };
                    options.vars.insert(name, v);
                }
                "--indent" => {
                    let Some(n) = args.get(i).and_then(|n| n.parse::<usize>().ok()) else {
                        return Err(Error::Usage(Some("jq: --indent takes one parameter".into())));
                    };
                    i += 1;
                    if n > 7 {
                        return Err(Error::Usage(Some("jq: --indent takes a number between -1 and 7".into())));
                    }
                    options.indent = Some(n);
                }
                s if s.starts_with('-') && s.len() > 1 && !s.starts_with("--") && s[1..].chars().all(|c| "rcnseMCSRj".contains(c)) => {
                    for c in s[1..].chars() {
                        match c {
                            'r' => options.raw_output = true,
                            'c' => options.compact = true,
                            'n' => options.null_input = true,
                            's' => options.slurp = true,
                            'e' => options.exit_status = true,
                            'S' => options.sort_keys = true,
                            'R' => options.raw_input = true,
                            'j' => {
                                options.raw_output = true;
                                options.join = true;
                            }
                            _ => {}
                        }
                    }
                }
                s if s.starts_with('-') && s.len() > 1 => return Err(Error::Usage(Some(format!("jq: Unknown option {s}")))),
                _ => positional.push(a.clone()),
            }
        }
        let mut positional = positional.into_iter();
        let Some(filter) = positional.next() else { return Err(Error::Usage(None)) };
        Ok(Invocation { options, filter, files: positional.collect() })
    }
}
