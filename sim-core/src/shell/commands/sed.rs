//! sed: addresses (N, $, /re/, ranges, `!`), and the commands s///, p, d, q, =, with -n, -i, -e, -E.

use super::text::compile_regex;
use super::{lines, options, try_help, Spec};
use crate::shell::{Cx, World};
use regex::Regex;

enum Addr {
    Line(usize),
    Last,
    Re(Regex),
}

enum Op {
    Subst { re: Regex, repl: String, global: bool, nth: usize, print: bool },
    Print,
    Delete,
    Quit,
    LineNumber,
}

struct SedCmd {
    from: Option<Addr>,
    to: Option<Addr>,
    negate: bool,
    op: Op,
}

/// `sed: -e expression #N, char C: MSG`
fn expr_error(n: usize, pos: usize, msg: &str) -> String {
    format!("sed: -e expression #{n}, char {pos}: {msg}")
}

/// Reads up to the unescaped `delim`; `\delim` becomes `delim`, other escapes are kept.
fn until_delim(chars: &[char], i: &mut usize, delim: char) -> Option<String> {
    let mut s = String::new();
    while *i < chars.len() {
        let c = chars[*i];
        if c == '\\' && *i + 1 < chars.len() {
            if chars[*i + 1] == delim {
                s.push(delim);
            } else if chars[*i + 1] == 'n' && delim != 'n' {
                s.push('\n');
            } else {
                s.push('\\');
                s.push(chars[*i + 1]);
            }
            *i += 2;
            continue;
        }
        if c == delim {
            *i += 1;
            return Some(s);
        }
        s.push(c);
        *i += 1;
    }
    None
}

fn parse_addr(chars: &[char], i: &mut usize, n: usize, extended: bool) -> Result<Option<Addr>, String> {
    match chars.get(*i) {
        Some(c) if c.is_ascii_digit() => {
            let start = *i;
            while chars.get(*i).is_some_and(char::is_ascii_digit) {
                *i += 1;
            }
            let v: String = chars[start..*i].iter().collect();
            let line: usize = v.parse().map_err(|_| expr_error(n, *i, "invalid usage of line address 0"))?;
            if line == 0 {
                return Err(expr_error(n, *i, "invalid usage of line address 0"));
            }
            Ok(Some(Addr::Line(line)))
        }
        Some('$') => {
            *i += 1;
            Ok(Some(Addr::Last))
        }
        Some('/') => {
            *i += 1;
            let pat = until_delim(chars, i, '/').ok_or_else(|| expr_error(n, chars.len(), "unterminated address regex"))?;
            let re = compile_regex(&pat, extended, false).map_err(|m| expr_error(n, *i, &m))?;
            Ok(Some(Addr::Re(re)))
        }
        _ => Ok(None),
    }
}

fn parse_script(script: &str, n: usize, extended: bool) -> Result<Vec<SedCmd>, String> {
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    let mut cmds = Vec::new();
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ';') {
            i += 1;
        }
        if i >= chars.len() {
            return Ok(cmds);
        }
        let from = parse_addr(&chars, &mut i, n, extended)?;
        let mut to = None;
        if from.is_some() && chars.get(i) == Some(&',') {
            i += 1;
            to = parse_addr(&chars, &mut i, n, extended)?;
            if to.is_none() {
                return Err(expr_error(n, i, "unexpected `,'"));
            }
        }
        while chars.get(i) == Some(&' ') {
            i += 1;
        }
        let mut negate = false;
        if chars.get(i) == Some(&'!') {
            negate = true;
            i += 1;
        }
        let Some(&c) = chars.get(i) else {
            return Err(expr_error(n, i, "missing command"));
        };
        i += 1;
        let op = match c {
            'p' => Op::Print,
            'd' => Op::Delete,
            'q' => Op::Quit,
            '=' => Op::LineNumber,
            's' => {
                let Some(&delim) = chars.get(i) else {
                    return Err(expr_error(n, i, "unterminated `s' command"));
                };
                if delim == '\n' || delim == '\\' {
                    return Err(expr_error(n, i, "unterminated `s' command"));
                }
                i += 1;
                let pat = until_delim(&chars, &mut i, delim).ok_or_else(|| expr_error(n, chars.len(), "unterminated `s' command"))?;
                let repl = until_delim(&chars, &mut i, delim).ok_or_else(|| expr_error(n, chars.len(), "unterminated `s' command"))?;
                let (mut global, mut nth, mut print, mut icase) = (false, 1, false, false);
                while let Some(&f) = chars.get(i) {
                    match f {
                        'g' => global = true,
                        'p' => print = true,
                        'i' | 'I' => icase = true,
                        d if d.is_ascii_digit() => {
                            let start = i;
                            while chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                                i += 1;
                            }
                            nth = chars[start..=i].iter().collect::<String>().parse().unwrap_or(1);
                            if nth == 0 {
                                return Err(expr_error(n, i + 1, "number option to `s' command may not be zero"));
                            }
                        }
                        ';' | '\n' | ' ' | '}' => break,
                        _ => return Err(expr_error(n, i + 1, "unknown option to `s'")),
                    }
                    i += 1;
                }
                let re = compile_regex(&pat, extended, icase).map_err(|m| expr_error(n, i, &m))?;
                Op::Subst { re, repl, global, nth, print }
            }
            other => return Err(expr_error(n, i, &format!("unknown command: `{other}'"))),
        };
        cmds.push(SedCmd { from, to, negate, op });
    }
}

/// Expands `&`, `\1`…`\9`, `\&`, `\\` in a replacement.
fn expand_replacement(repl: &str, caps: &regex::Captures<'_>) -> String {
    let mut out = String::new();
    let mut chars = repl.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '&' => out.push_str(caps.get(0).map_or("", |m| m.as_str())),
            '\\' => match chars.next() {
                Some(d) if d.is_ascii_digit() => {
                    let idx = d.to_digit(10).unwrap_or(0) as usize;
                    out.push_str(caps.get(idx).map_or("", |m| m.as_str()));
                }
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            },
            _ => out.push(c),
        }
    }
    out
}

fn substitute(line: &str, re: &Regex, repl: &str, global: bool, nth: usize) -> Option<String> {
    let mut out = String::new();
    let mut last = 0;
    let mut count = 0;
    let mut changed = false;
    for caps in re.captures_iter(line) {
        let m = caps.get(0)?;
        count += 1;
        if count < nth {
            continue;
        }
        out.push_str(&line[last..m.start()]);
        out.push_str(&expand_replacement(repl, &caps));
        last = m.end();
        changed = true;
        if !global {
            break;
        }
    }
    if !changed {
        return None;
    }
    out.push_str(&line[last..]);
    Some(out)
}

/// Runs the script over `text`; returns the output and whether `q` stopped it.
fn run_script(cmds: &[SedCmd], text: &str, quiet: bool) -> String {
    let all = lines(text);
    let total = all.len();
    let mut out = String::new();
    let mut active = vec![false; cmds.len()];
    let matches = |a: &Addr, n: usize, line: &str| match a {
        Addr::Line(l) => *l == n,
        Addr::Last => n == total,
        Addr::Re(re) => re.is_match(line),
    };
    'lines: for (idx, orig) in all.iter().enumerate() {
        let n = idx + 1;
        let mut line = orig.to_string();
        for (ci, cmd) in cmds.iter().enumerate() {
            let selected = match (&cmd.from, &cmd.to) {
                (None, _) => true,
                (Some(a), None) => matches(a, n, &line),
                (Some(a), Some(b)) => {
                    if active[ci] {
                        let end = match b {
                            Addr::Line(l) => n >= *l,
                            _ => matches(b, n, &line),
                        };
                        if end {
                            active[ci] = false;
                        }
                        true
                    } else if matches(a, n, &line) {
                        active[ci] = match b {
                            Addr::Line(l) => *l > n,
                            _ => true,
                        };
                        true
                    } else {
                        false
                    }
                }
            };
            if selected == cmd.negate {
                continue;
            }
            match &cmd.op {
                Op::Print => {
                    out.push_str(&line);
                    out.push('\n');
                }
                Op::Delete => continue 'lines,
                Op::LineNumber => out.push_str(&format!("{n}\n")),
                Op::Quit => {
                    if !quiet {
                        out.push_str(&line);
                        out.push('\n');
                    }
                    break 'lines;
                }
                Op::Subst { re, repl, global, nth, print } => {
                    if let Some(new) = substitute(&line, re, repl, *global, *nth) {
                        line = new;
                        if *print {
                            out.push_str(&line);
                            out.push('\n');
                        }
                    }
                }
            }
        }
        if !quiet {
            out.push_str(&line);
            if idx + 1 < total || text.ends_with('\n') {
                out.push('\n');
            }
        }
    }
    out
}

pub fn sed<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    // `-i` takes an optional attached suffix; normalise `-iSUFFIX`/`-i` before option parsing.
    let mut in_place = false;
    let args: Vec<String> = args
        .iter()
        .filter(|a| {
            let is_i = *a == "-i" || *a == "--in-place" || (a.starts_with("-i") && a.len() > 2 && !a.starts_with("--"));
            in_place |= is_i;
            !is_i
        })
        .cloned()
        .collect();
    let spec = Spec {
        cmd: "sed",
        flags: "nErs",
        valued: "e",
        long: &[("quiet", 'n'), ("silent", 'n'), ("expression", 'e'), ("regexp-extended", 'E'), ("separate", 's')],
        synopsis: "[OPTION]... {script-only-if-no-other-script} [input-file]...",
    };
    let mut o = match options(cx, &spec, &args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let scripts: Vec<String> = match o.values.get(&'e') {
        Some(v) => v.clone(),
        None => {
            if o.operands.is_empty() {
                cx.errln("Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...");
                try_help(cx, "sed");
                return 1;
            }
            vec![o.operands.remove(0)]
        }
    };
    let extended = o.has('E') || o.has('r');
    let mut cmds = Vec::new();
    for (i, s) in scripts.iter().enumerate() {
        match parse_script(s, i + 1, extended) {
            Ok(c) => cmds.extend(c),
            Err(e) => {
                cx.errln(&e);
                return 1;
            }
        }
    }
    let quiet = o.has('n');
    if in_place {
        if o.operands.is_empty() {
            cx.errln("sed: no input files");
            return 1;
        }
        let mut status = 0;
        for f in &o.operands {
            let path = cx.path(f);
            match cx.fs.read(&path).map(str::to_string) {
                Ok(text) => {
                    let new = run_script(&cmds, &text, quiet);
                    let now = cx.now();
                    let _ = cx.fs.write(&path, &new, now);
                }
                Err(crate::vfs::FsError::IsADirectory) => {
                    cx.errln(&format!("sed: couldn't edit {f}: not a regular file"));
                    status = 4;
                }
                Err(e) => {
                    cx.errln(&format!("sed: can't read {f}: {e}"));
                    status = 2;
                }
            }
        }
        return status;
    }
    let files = if o.operands.is_empty() { vec!["-".to_string()] } else { o.operands.clone() };
    let mut text = String::new();
    let mut status = 0;
    for f in &files {
        match cx.read_input(f) {
            Ok(t) => {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(&t);
            }
            Err(crate::vfs::FsError::IsADirectory) => {
                cx.errln(&format!("sed: read error on {f}: Is a directory"));
                status = 2;
            }
            Err(e) => {
                cx.errln(&format!("sed: can't read {f}: {e}"));
                status = 2;
            }
        }
    }
    let out = run_script(&cmds, &text, quiet);
    cx.out(&out);
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sed_text(script: &str, text: &str, quiet: bool) -> String {
        run_script(&parse_script(script, 1, false).unwrap(), text, quiet)
    }

    #[test]
    fn substitution_and_addresses() {
        assert_eq!(sed_text("s/a/b/g", "aXa\n", false), "bXb\n");
        assert_eq!(sed_text("s/\\(x\\)y/[\\1&]/", "xy\n", false), "[xxy]\n");
        assert_eq!(sed_text("2,3d", "1\n2\n3\n4\n", false), "1\n4\n");
        assert_eq!(sed_text("/b/p", "a\nb\n", true), "b\n");
        assert_eq!(sed_text("$!d", "a\nb\n", false), "b\n");
        assert_eq!(sed_text("s|/|_|2", "/a/b/\n", false), "/a_b/\n");
    }

    #[test]
    fn errors_name_the_expression_and_char() {
        assert_eq!(parse_script("s/a/b", 1, false).err().unwrap(), "sed: -e expression #1, char 5: unterminated `s' command");
        assert_eq!(parse_script("k", 1, false).err().unwrap(), "sed: -e expression #1, char 1: unknown command: `k'");
    }
}
