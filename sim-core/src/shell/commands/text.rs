//! Text tools: grep, head, tail, wc, sort, uniq, tee, cut, tr — and the POSIX regex translation
//! grep and sed share.

use super::{lines, options, try_help, Spec};
use crate::shell::{Cx, World};
use regex::{Regex, RegexBuilder};

/// Translates a POSIX basic (or extended) regular expression into the `regex` crate's syntax.
/// The error is GNU regex's message.
pub(crate) fn compile_regex(pat: &str, extended: bool, icase: bool) -> Result<Regex, String> {
    let chars: Vec<char> = pat.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let mut depth = 0i32;
    // Whether a `*` here would be literal (start of expression or group, after `|` or `^`).
    let mut at_start = true;
    while i < chars.len() {
        let c = chars[i];
        let was_start = at_start;
        at_start = false;
        match c {
            '\\' => {
                let Some(&n) = chars.get(i + 1) else {
                    return Err("Trailing backslash".into());
                };
                i += 1;
                match (extended, n) {
                    (false, '(') => {
                        depth += 1;
                        out.push('(');
                        at_start = true;
                    }
                    (false, ')') => {
                        depth -= 1;
                        if depth < 0 {
                            return Err("Unmatched ) or \\)".into());
                        }
                        out.push(')');
                    }
                    (false, '{') => out.push('{'),
                    (false, '}') => out.push('}'),
                    (false, '|') => {
                        out.push('|');
                        at_start = true;
                    }
                    (false, '+' | '?') => out.push(n),
                    (_, 'w' | 'W' | 's' | 'S' | 'b' | 'B') => {
                        out.push('\\');
                        out.push(n);
                    }
                    (_, '<' | '>') => out.push_str("\\b"),
                    (_, d) if d.is_ascii_digit() => return Err("Invalid back reference".into()),
                    (_, 'n') => out.push_str("\\n"),
                    (_, 't') => out.push_str("\\t"),
                    _ => out.push_str(&regex::escape(&n.to_string())),
                }
            }
            '[' => {
                // Copy a bracket expression, making backslashes literal.
                let start = i;
                let mut j = i + 1;
                if chars.get(j) == Some(&'^') {
                    j += 1;
                }
                if chars.get(j) == Some(&']') {
                    j += 1;
                }
                while j < chars.len() && chars[j] != ']' {
                    if chars[j] == '[' && matches!(chars.get(j + 1), Some(':' | '.' | '=')) {
                        let close = chars.get(j + 1).copied().unwrap_or(':');
                        let mut k = j + 2;
                        while k + 1 < chars.len() && !(chars[k] == close && chars[k + 1] == ']') {
                            k += 1;
                        }
                        j = k + 2;
                    } else {
                        j += 1;
                    }
                }
                if j >= chars.len() {
                    return Err("Unmatched [, [^, [:, [., or [=".into());
                }
                for &b in &chars[start..=j] {
                    match b {
                        '\\' => out.push_str("\\\\"),
                        _ => out.push(b),
                    }
                }
                i = j;
            }
            '*' if was_start => out.push_str("\\*"),
            '(' | ')' | '|' | '+' | '?' | '{' | '}' if !extended => {
                out.push('\\');
                out.push(c);
            }
            '(' if extended => {
                depth += 1;
                out.push('(');
                at_start = true;
            }
            ')' if extended => {
                depth -= 1;
                if depth < 0 {
                    return Err("Unmatched ) or \\)".into());
                }
                out.push(')');
            }
            '|' if extended => {
                out.push('|');
                at_start = true;
            }
            '{' if extended && !chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) => out.push_str("\\{"),
            '^' => {
                out.push('^');
                at_start = true;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    if depth > 0 {
        return Err("Unmatched ( or \\(".into());
    }
    RegexBuilder::new(&out).case_insensitive(icase).size_limit(1 << 20).build().map_err(|e| match e {
        regex::Error::CompiledTooBig(_) => "Regular expression too big".to_string(),
        _ => "Invalid preceding regular expression".to_string(),
    })
}

pub fn grep<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "grep",
        flags: "ivnEFcqsowlHhr",
        valued: "emABC",
        long: &[
            ("after-context", 'A'),
            ("before-context", 'B'),
            ("context", 'C'),
            ("ignore-case", 'i'),
            ("invert-match", 'v'),
            ("line-number", 'n'),
            ("extended-regexp", 'E'),
            ("fixed-strings", 'F'),
            ("count", 'c'),
            ("quiet", 'q'),
            ("silent", 'q'),
            ("no-messages", 's'),
            ("only-matching", 'o'),
            ("word-regexp", 'w'),
            ("files-with-matches", 'l'),
            ("with-filename", 'H'),
            ("no-filename", 'h'),
            ("regexp", 'e'),
            ("max-count", 'm'),
        ],
        synopsis: "[OPTION]... PATTERNS [FILE]...",
    };
    // --color[=WHEN] is accepted and ignored (the terminal shows no colours).
    let args: Vec<String> = args.iter().filter(|a| !a.starts_with("--color") && !a.starts_with("--colour")).cloned().collect();
    let mut o = match options(cx, &spec, &args, 2) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let patterns: Vec<String> = match o.values.get(&'e') {
        Some(v) => v.clone(),
        None => {
            if o.operands.is_empty() {
                cx.errln("Usage: grep [OPTION]... PATTERNS [FILE]...");
                try_help(cx, "grep");
                return 2;
            }
            o.operands.remove(0).split('\n').map(str::to_string).collect()
        }
    };
    if o.has('r') {
        cx.errln("grep: -r: 시뮬레이터는 지원하지 않습니다 / not supported by the simulator (name the files instead)");
        return 2;
    }
    let max_count: Option<usize> = match o.value('m').map(str::parse) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            cx.errln("grep: invalid max count");
            return 2;
        }
    };
    let mut context = [0usize; 2];
    for (i, flag) in ['B', 'A'].into_iter().enumerate() {
        for f in [flag, 'C'] {
            match o.value(f).map(str::parse::<usize>) {
                None => {}
                Some(Ok(n)) => context[i] = context[i].max(n),
                Some(Err(_)) => {
                    cx.errln(&format!("grep: {}: invalid context length argument", o.value(f).unwrap_or("")));
                    return 2;
                }
            }
        }
    }
    let [before, after] = context;
    let mut parts = Vec::new();
    for p in &patterns {
        let body = if o.has('F') {
            regex::escape(p)
        } else {
            match compile_regex(p, o.has('E'), false) {
                Ok(r) => r.as_str().to_string(),
                Err(msg) => {
                    cx.errln(&format!("grep: {msg}"));
                    return 2;
                }
            }
        };
        parts.push(if o.has('w') { format!(r"\b(?:{body})\b") } else { format!("(?:{body})") });
    }
    let re = match RegexBuilder::new(&parts.join("|")).case_insensitive(o.has('i')).build() {
        Ok(r) => r,
        Err(_) => {
            cx.errln("grep: Invalid regular expression");
            return 2;
        }
    };
    let files = if o.operands.is_empty() { vec!["-".to_string()] } else { o.operands.clone() };
    let show_names = (files.len() > 1 || o.has('H')) && !o.has('h');
    let mut any = false;
    let mut error = false;
    for f in &files {
        let text = match cx.read_input(f) {
            Ok(t) => t,
            Err(e) => {
                if !o.has('s') {
                    cx.errln(&format!("grep: {f}: {e}"));
                }
                error = true;
                continue;
            }
        };
        let shown = if f == "-" { "(standard input)" } else { f.as_str() };
        let mut count = 0;
        let mut out = String::new();
        let all_lines = lines(&text);
        // GNU grep's context: `-` instead of `:` after the name and number of a context line,
        // `--` between groups that do not touch.
        let context_prefix = |n: usize| {
            format!(
                "{}{}",
                if show_names { format!("{shown}-") } else { String::new() },
                if o.has('n') { format!("{}-", n + 1) } else { String::new() }
            )
        };
        let mut printed_to: Option<usize> = None;
        let mut after_left = 0;
        for (n, line) in all_lines.iter().copied().enumerate() {
            if max_count.is_some_and(|m| count >= m) {
                if after_left > 0 && !o.has('o') {
                    out.push_str(&format!("{}{line}\n", context_prefix(n)));
                    after_left -= 1;
                    printed_to = Some(n);
                    continue;
                }
                break;
            }
            let hit = re.is_match(line) != o.has('v');
            if !hit {
                if after_left > 0 && !o.has('o') {
                    out.push_str(&format!("{}{line}\n", context_prefix(n)));
                    after_left -= 1;
                    printed_to = Some(n);
                }
                continue;
            }
            count += 1;
            if o.has('q') || o.has('l') || o.has('c') {
                continue;
            }
            if before > 0 || after > 0 {
                let start = n.saturating_sub(before).max(printed_to.map_or(0, |p| p + 1));
                if printed_to.is_some_and(|p| start > p + 1) || (printed_to.is_none() && !out.is_empty()) {
                    out.push_str("--\n");
                }
                if !o.has('o') {
                    for (k, ctx) in all_lines.iter().enumerate().take(n).skip(start) {
                        out.push_str(&format!("{}{ctx}\n", context_prefix(k)));
                    }
                }
                printed_to = Some(n);
                after_left = after;
            }
            let prefix = format!(
                "{}{}",
                if show_names { format!("{shown}:") } else { String::new() },
                if o.has('n') { format!("{}:", n + 1) } else { String::new() }
            );
            if o.has('o') && !o.has('v') {
                for m in re.find_iter(line).filter(|m| !m.as_str().is_empty()) {
                    out.push_str(&format!("{prefix}{}\n", m.as_str()));
                }
            } else {
                out.push_str(&format!("{prefix}{line}\n"));
            }
        }
        any |= count > 0;
        if o.has('q') {
            if any {
                return 0;
            }
            continue;
        }
        if o.has('l') {
            if count > 0 {
                cx.out(&format!("{shown}\n"));
            }
        } else if o.has('c') {
            cx.out(&format!("{}{count}\n", if show_names { format!("{shown}:") } else { String::new() }));
        } else {
            cx.out(&out);
        }
    }
    if error && !(o.has('q') && any) {
        2
    } else if any {
        0
    } else {
        1
    }
}

/// `-5` is `-n 5` for head and tail.
fn numeric_shorthand(args: &[String]) -> Vec<String> {
    args.iter()
        .flat_map(|a| {
            if a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| c.is_ascii_digit()) {
                vec!["-n".to_string(), a[1..].to_string()]
            } else {
                vec![a.clone()]
            }
        })
        .collect()
}

fn head_tail<W: World>(cx: &mut Cx<'_, W>, args: &[String], is_head: bool) -> i32 {
    let cmd = if is_head { "head" } else { "tail" };
    let spec = Spec {
        cmd,
        flags: "qvf",
        valued: "nc",
        long: &[("lines", 'n'), ("bytes", 'c'), ("quiet", 'q'), ("verbose", 'v'), ("follow", 'f')],
        synopsis: "[OPTION]... [FILE]...",
    };
    let o = match options(cx, &spec, &numeric_shorthand(args), 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    // (count, from_start for tail +N, bytes)
    let (raw, bytes) = match (o.value('c'), o.value('n')) {
        (Some(c), _) => (c.to_string(), true),
        (None, Some(n)) => (n.to_string(), false),
        (None, None) => ("10".to_string(), false),
    };
    let plus = raw.starts_with('+');
    let neg = raw.starts_with('-');
    let Ok(count) = raw.trim_start_matches(['+', '-']).parse::<usize>() else {
        let what = if bytes { "bytes" } else { "lines" };
        cx.errln(&format!("{cmd}: invalid number of {what}: ‘{raw}’"));
        return 1;
    };
    let files = if o.operands.is_empty() { vec!["-".to_string()] } else { o.operands.clone() };
    let headers = (files.len() > 1 || o.has('v')) && !o.has('q');
    let mut status = 0;
    let mut first = true;
    for f in &files {
        let text = match cx.read_input(f) {
            Ok(t) => t,
            Err(e) => {
                cx.errln(&format!("{cmd}: cannot open '{f}' for reading: {e}"));
                status = 1;
                continue;
            }
        };
        if headers {
            let name = if f == "-" { "standard input" } else { f };
            cx.out(&format!("{}==> {name} <==\n", if first { "" } else { "\n" }));
        }
        first = false;
        let selected: String = if bytes {
            let b = text.as_bytes();
            let range = match (is_head, neg, plus) {
                (true, false, _) => 0..count.min(b.len()),
                (true, true, _) => 0..b.len().saturating_sub(count),
                (false, _, true) => count.saturating_sub(1).min(b.len())..b.len(),
                (false, _, false) => b.len().saturating_sub(count)..b.len(),
            };
            String::from_utf8_lossy(&b[range]).into_owned()
        } else {
            let ls: Vec<&str> = text.split_inclusive('\n').collect();
            let range = match (is_head, neg, plus) {
                (true, false, _) => 0..count.min(ls.len()),
                (true, true, _) => 0..ls.len().saturating_sub(count),
                (false, _, true) => count.saturating_sub(1).min(ls.len())..ls.len(),
                (false, _, false) => ls.len().saturating_sub(count)..ls.len(),
            };
            ls[range].concat()
        };
        cx.out(&selected);
    }
    status
}

pub fn head<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    head_tail(cx, args, true)
}

pub fn tail<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    head_tail(cx, args, false)
}

pub fn wc<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "wc",
        flags: "lwcmL",
        valued: "",
        long: &[("lines", 'l'), ("words", 'w'), ("bytes", 'c'), ("chars", 'm')],
        synopsis: "[OPTION]... [FILE]...",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let any = ['l', 'w', 'm', 'c'].iter().any(|&c| o.has(c));
    let shown: Vec<char> = ['l', 'w', 'm', 'c'].into_iter().filter(|&c| if any { o.has(c) } else { c != 'm' }).collect();
    let files = if o.operands.is_empty() { vec![None] } else { o.operands.iter().map(Some).collect() };
    let mut rows: Vec<(Vec<usize>, Option<String>)> = Vec::new();
    let mut status = 0;
    let mut from_stdin = false;
    for f in &files {
        let text = match f {
            None => {
                from_stdin = true;
                cx.stdin()
            }
            Some(name) => match cx.read_input(name) {
                Ok(t) => {
                    from_stdin |= *name == "-";
                    t
                }
                Err(e) => {
                    cx.errln(&format!("wc: {name}: {e}"));
                    status = 1;
                    continue;
                }
            },
        };
        let counts = shown
            .iter()
            .map(|c| match c {
                'l' => text.matches('\n').count(),
                'w' => text.split_whitespace().count(),
                'm' => text.chars().count(),
                _ => text.len(),
            })
            .collect();
        rows.push((counts, f.map(|s| s.to_string())));
    }
    if rows.len() > 1 {
        let total = (0..shown.len()).map(|i| rows.iter().map(|r| r.0[i]).sum()).collect();
        rows.push((total, Some("total".into())));
    }
    // coreutils: one count of one file prints unpadded; stdin pads to 7; else digits of the total bytes.
    let width = if shown.len() == 1 && files.len() == 1 {
        1
    } else if from_stdin {
        7
    } else {
        let total_bytes: usize = o.operands.iter().filter_map(|f| cx.read_input(f).ok()).map(|t| t.len()).sum();
        total_bytes.to_string().len()
    };
    let mut out = String::new();
    for (counts, name) in rows {
        let nums: Vec<String> = counts.iter().map(|n| format!("{n:>width$}")).collect();
        out.push_str(&nums.join(" "));
        if let Some(n) = name {
            out.push(' ');
            out.push_str(&n);
        }
        out.push('\n');
    }
    cx.out(&out);
    status
}

/// Reads every operand (or stdin), reporting errors as `cmd: f: error`.
fn read_all<W: World>(cx: &mut Cx<'_, W>, cmd: &str, operands: &[String]) -> (String, i32) {
    let files = if operands.is_empty() { vec!["-".to_string()] } else { operands.to_vec() };
    let mut text = String::new();
    let mut status = 0;
    for f in &files {
        match cx.read_input(f) {
            Ok(t) => {
                text.push_str(&t);
                if !t.is_empty() && !t.ends_with('\n') {
                    text.push('\n');
                }
            }
            Err(e) => {
                if cmd == "sort" {
                    cx.errln(&format!("sort: cannot read: {f}: {e}"));
                } else {
                    cx.errln(&format!("{cmd}: {f}: {e}"));
                }
                status = 2;
            }
        }
    }
    (text, status)
}

/// A number at the start of a line as `sort -n` sees it.
fn leading_number(s: &str) -> f64 {
    let t = s.trim_start();
    let end = t
        .char_indices()
        .take_while(|&(i, c)| c.is_ascii_digit() || c == '.' || (i == 0 && c == '-'))
        .map(|(i, c)| i + c.len_utf8())
        .last()
        .unwrap_or(0);
    t[..end].parse().unwrap_or(0.0)
}

pub fn sort<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "sort",
        flags: "rnufh",
        valued: "kt",
        long: &[("reverse", 'r'), ("numeric-sort", 'n'), ("unique", 'u'), ("ignore-case", 'f'), ("key", 'k'), ("field-separator", 't')],
        synopsis: "[OPTION]... [FILE]...",
    };
    let o = match options(cx, &spec, args, 2) {
        Ok(o) => o,
        Err(s) => return s,
    };
    // -k START[,END], each FIELD[.CHAR][OPTS]: the key's fields, and its own options (n, r, f).
    let mut key_opts = String::new();
    let mut key_field: Option<(usize, usize)> = None;
    if let Some(k) = o.value('k') {
        let mut field = |part: &str| -> Option<usize> {
            let opts_at = part.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(part.len());
            key_opts.push_str(&part[opts_at..]);
            part[..opts_at].split('.').next()?.parse().ok()
        };
        let (start, end) = match k.split_once(',') {
            Some((a, b)) => (field(a), field(b)),
            None => (field(k), Some(usize::MAX)),
        };
        match (start, end) {
            (Some(0), _) => {
                cx.errln(&format!("sort: field number is zero: invalid field specification ‘{k}’"));
                try_help(cx, "sort");
                return 2;
            }
            (Some(a), Some(b)) if !key_opts.chars().any(|c| !"nrfbh".contains(c)) => key_field = Some((a, b.max(a))),
            _ => {
                cx.errln(&format!("sort: invalid number at field start: invalid count at start of ‘{k}’"));
                try_help(cx, "sort");
                return 2;
            }
        }
    }
    let sep = o.value('t').and_then(|t| t.chars().next());
    let key = |line: &str| -> String {
        match key_field {
            None => line.to_string(),
            Some((k, end)) => {
                let take = end.saturating_sub(k).saturating_add(1);
                match sep {
                    Some(c) => line.split(c).skip(k.saturating_sub(1)).take(take).collect::<Vec<_>>().join(&c.to_string()),
                    None => {
                        let fields: Vec<&str> = line.split_whitespace().collect();
                        fields.iter().skip(k.saturating_sub(1)).take(take).copied().collect::<Vec<_>>().join(" ")
                    }
                }
            }
        }
    };
    let (text, status) = read_all(cx, "sort", &o.operands);
    if status != 0 {
        return status;
    }
    let mut ls: Vec<&str> = lines(&text);
    let numeric = o.has('n') || o.has('h') || key_opts.contains(['n', 'h']);
    let fold = o.has('f') || key_opts.contains('f');
    let key_reverse = key_opts.contains('r');
    let cmp = |a: &&str, b: &&str| {
        let (ka, kb) = (key(a), key(b));
        let primary = if numeric {
            leading_number(&ka).partial_cmp(&leading_number(&kb)).unwrap_or(std::cmp::Ordering::Equal)
        } else if fold {
            ka.to_uppercase().cmp(&kb.to_uppercase())
        } else {
            ka.cmp(&kb)
        };
        let primary = if key_reverse { primary.reverse() } else { primary };
        // Last-resort comparison of whole lines, as GNU sort does.
        primary.then_with(|| if numeric || fold || key_field.is_some() { a.cmp(b) } else { std::cmp::Ordering::Equal })
    };
    crate::sort::sort_by(&mut ls, cmp);
    if o.has('u') {
        ls.dedup_by(|a, b| cmp(&&**a, &&**b) == std::cmp::Ordering::Equal || (!numeric && key(a) == key(b)));
    }
    if o.has('r') {
        ls.reverse();
    }
    let out: String = ls.iter().map(|l| format!("{l}\n")).collect();
    cx.out(&out);
    0
}

pub fn uniq<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "uniq",
        flags: "cdui",
        valued: "",
        long: &[("count", 'c'), ("repeated", 'd'), ("unique", 'u'), ("ignore-case", 'i')],
        synopsis: "[OPTION]... [INPUT [OUTPUT]]",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let input = o.operands.first().cloned().unwrap_or_else(|| "-".into());
    let text = match cx.read_input(&input) {
        Ok(t) => t,
        Err(e) => {
            cx.errln(&format!("uniq: {input}: {e}"));
            return 1;
        }
    };
    let same = |a: &str, b: &str| {
        if o.has('i') {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
    };
    let mut groups: Vec<(&str, usize)> = Vec::new();
    for l in lines(&text) {
        match groups.last_mut() {
            Some((g, n)) if same(g, l) => *n += 1,
            _ => groups.push((l, 1)),
        }
    }
    let mut out = String::new();
    for (l, n) in groups {
        if (o.has('d') && n < 2) || (o.has('u') && n > 1) {
            continue;
        }
        if o.has('c') {
            out.push_str(&format!("{n:>7} {l}\n"));
        } else {
            out.push_str(&format!("{l}\n"));
        }
    }
    if let Some(dest) = o.operands.get(1) {
        let path = cx.path(dest);
        let now = cx.now();
        if let Err(e) = cx.fs.write(&path, &out, now) {
            cx.errln(&format!("uniq: {dest}: {e}"));
            return 1;
        }
        return 0;
    }
    cx.out(&out);
    0
}

pub fn tee<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec { cmd: "tee", flags: "a", valued: "", long: &[("append", 'a')], synopsis: "[OPTION]... [FILE]..." };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let input = cx.stdin();
    let now = cx.now();
    let mut status = 0;
    for f in &o.operands {
        let path = cx.path(f);
        // The streams by their device names: a copy to the terminal beside the one on stdout.
        match path.as_str() {
            "/dev/stdout" => cx.out(&input),
            "/dev/stderr" => cx.err(&input),
            _ => {
                let res = if o.has('a') { cx.fs.append(&path, &input, now) } else { cx.fs.write(&path, &input, now) };
                if let Err(e) = res {
                    cx.errln(&format!("tee: {f}: {e}"));
                    status = 1;
                }
            }
        }
    }
    cx.out(&input);
    status
}

/// A cut list such as `1,3-5,7-`: inclusive 1-based ranges.
fn parse_list(s: &str) -> Option<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    for part in s.split(',') {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (if a.is_empty() { 1 } else { a.parse().ok()? }, if b.is_empty() { usize::MAX } else { b.parse().ok()? }),
            None => {
                let n = part.parse().ok()?;
                (n, n)
            }
        };
        if a == 0 || a > b {
            return None;
        }
        out.push((a, b));
    }
    Some(out)
}

pub fn cut<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "cut",
        flags: "s",
        valued: "dfcb",
        long: &[("delimiter", 'd'), ("fields", 'f'), ("characters", 'c'), ("bytes", 'b'), ("only-delimited", 's')],
        synopsis: "OPTION... [FILE]...",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let (list, by_field) = match (o.value('f'), o.value('c').or(o.value('b'))) {
        (Some(f), None) => (f, true),
        (None, Some(c)) => (c, false),
        (Some(_), Some(_)) => {
            cx.errln("cut: only one list may be specified");
            try_help(cx, "cut");
            return 1;
        }
        (None, None) => {
            cx.errln("cut: you must specify a list of bytes, characters, or fields");
            try_help(cx, "cut");
            return 1;
        }
    };
    let zero = list.split([',', '-']).any(|n| !n.is_empty() && n.bytes().all(|b| b == b'0'));
    if zero {
        cx.errln(if by_field { "cut: fields are numbered from 1" } else { "cut: byte/character positions are numbered from 1" });
        try_help(cx, "cut");
        return 1;
    }
    let Some(ranges) = parse_list(list) else {
        cx.errln(&format!("cut: invalid field value ‘{list}’"));
        try_help(cx, "cut");
        return 1;
    };
    let delim = match o.value('d') {
        None => '\t',
        Some(d) if d.chars().count() == 1 => d.chars().next().unwrap_or('\t'),
        Some(_) => {
            cx.errln("cut: the delimiter must be a single character");
            try_help(cx, "cut");
            return 1;
        }
    };
    let selected = |i: usize| ranges.iter().any(|&(a, b)| a <= i && i <= b);
    let (text, status) = read_all(cx, "cut", &o.operands);
    let mut out = String::new();
    for line in lines(&text) {
        if by_field {
            if !line.contains(delim) {
                if !o.has('s') {
                    out.push_str(line);
                    out.push('\n');
                }
                continue;
            }
            let fields: Vec<&str> = line.split(delim).enumerate().filter(|(i, _)| selected(i + 1)).map(|(_, f)| f).collect();
            out.push_str(&fields.join(&delim.to_string()));
        } else {
            out.extend(line.chars().enumerate().filter(|(i, _)| selected(i + 1)).map(|(_, c)| c));
        }
        out.push('\n');
    }
    cx.out(&out);
    if status != 0 {
        1
    } else {
        0
    }
}

/// Expands a tr SET: escapes, ranges and `[:class:]`.
fn tr_set(s: &str) -> Result<Vec<char>, String> {
    let mut raw = Vec::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '[' && chars.get(i + 1) == Some(&':') {
            if let Some(end) = s[s.char_indices().nth(i).map(|(b, _)| b).unwrap_or(0)..].find(":]") {
                let class: String = chars[i + 2..].iter().take_while(|&&c| c != ':').collect();
                let members: Vec<char> = match class.as_str() {
                    "upper" => ('A'..='Z').collect(),
                    "lower" => ('a'..='z').collect(),
                    "digit" => ('0'..='9').collect(),
                    "alpha" => ('A'..='Z').chain('a'..='z').collect(),
                    "alnum" => ('0'..='9').chain('A'..='Z').chain('a'..='z').collect(),
                    "space" => vec![' ', '\t', '\n', '\r', '\x0b', '\x0c'],
                    "blank" => vec![' ', '\t'],
                    "punct" => (33u8..=126).map(char::from).filter(|c| c.is_ascii_punctuation()).collect(),
                    _ => return Err(format!("tr: invalid character class ‘{class}’")),
                };
                raw.extend(members.into_iter().map(Some));
                i += end.min(class.len() + 2) + 2;
                continue;
            }
        }
        let c = if chars[i] == '\\' && i + 1 < chars.len() {
            i += 1;
            match chars[i] {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '\\' => '\\',
                other => other,
            }
        } else {
            chars[i]
        };
        raw.push(Some(c));
        // A `-` between two characters is a range marker.
        if chars.get(i + 1) == Some(&'-') && i + 2 < chars.len() {
            raw.push(None);
            i += 1;
        }
        i += 1;
    }
    let mut out = Vec::new();
    let mut k = 0;
    while k < raw.len() {
        match (raw[k], raw.get(k + 1), raw.get(k + 2)) {
            (Some(a), Some(None), Some(Some(b))) => {
                if a > *b {
                    return Err(format!("tr: range-endpoints of '{a}-{b}' are in reverse collating sequence order"));
                }
                out.extend(a..=*b);
                k += 3;
            }
            (Some(a), _, _) => {
                out.push(a);
                k += 1;
            }
            (None, _, _) => {
                out.push('-');
                k += 1;
            }
        }
    }
    Ok(out)
}

pub fn tr<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "tr",
        flags: "dsc",
        valued: "",
        long: &[("delete", 'd'), ("squeeze-repeats", 's')],
        synopsis: "[OPTION]... STRING1 [STRING2]",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    // -d or -s alone take one set; translating (and -d with -s) takes two.
    let needed = if o.has('d') != o.has('s') { 1 } else { 2 };
    if o.operands.len() < needed {
        match o.operands.first() {
            None => cx.errln("tr: missing operand"),
            Some(a) => cx.errln(&format!("tr: missing operand after ‘{a}’\nTwo strings must be given when translating.")),
        }
        try_help(cx, "tr");
        return 1;
    }
    let sets: Result<Vec<Vec<char>>, String> = o.operands.iter().take(2).map(|s| tr_set(s)).collect();
    let sets = match sets {
        Ok(s) => s,
        Err(e) => {
            cx.errln(&e);
            return 1;
        }
    };
    let set1 = &sets[0];
    let in_set1 = |c: char| set1.contains(&c) != o.has('c');
    let input = cx.stdin();
    let mut out = String::new();
    let mut last: Option<char> = None;
    let squeeze_set: Vec<char> = if o.has('s') { sets.last().cloned().unwrap_or_default() } else { Vec::new() };
    for c in input.chars() {
        let mapped = if o.has('d') {
            if in_set1(c) {
                continue;
            }
            c
        } else if sets.len() == 2 && !o.has('c') {
            match set1.iter().rposition(|&x| x == c) {
                Some(i) => *sets[1].get(i).or(sets[1].last()).unwrap_or(&c),
                None => c,
            }
        } else if sets.len() == 2 && !set1.contains(&c) {
            // -c: the characters not in SET1, in ascending order, map onto SET2 (its last
            // character repeated).
            let i = (0..c as u32).filter_map(char::from_u32).filter(|x| !set1.contains(x)).count();
            *sets[1].get(i).or(sets[1].last()).unwrap_or(&c)
        } else {
            c
        };
        if o.has('s') && last == Some(mapped) && squeeze_set.contains(&mapped) {
            continue;
        }
        last = Some(mapped);
        out.push(mapped);
    }
    cx.out(&out);
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bre_and_ere() {
        assert!(compile_regex(r"a\(b\)*c", false, false).unwrap().is_match("abbc"));
        assert!(compile_regex("a(b)", false, false).unwrap().is_match("a(b)"));
        assert!(compile_regex("a+", true, false).unwrap().is_match("aa"));
        assert!(compile_regex("*x", false, false).unwrap().is_match("*x"));
        assert!(compile_regex("[\\]", false, false).unwrap().is_match("\\"));
        assert_eq!(compile_regex("a[b", false, false).unwrap_err(), "Unmatched [, [^, [:, [., or [=");
        assert_eq!(compile_regex("(a", true, false).unwrap_err(), "Unmatched ( or \\(");
    }

    fn sh(line: &str) -> (String, i32) {
        let mut clock = crate::clock::Clock::default();
        let mut shell = crate::shell::Shell::new(crate::shell::ShellState::new(0));
        let r = shell.run_to_end(&mut clock, line);
        (r.output.text(), r.status)
    }

    #[test]
    fn tr_complement_translates_what_is_not_in_set1() {
        assert_eq!(sh("echo abc | tr -c a x").0, "axxx");
        assert_eq!(sh("echo a1b2 | tr -c '[:alpha:]' '_'").0, "a_b__");
        assert_eq!(sh("echo a1b2 | tr -cd '[:digit:]'").0, "12");
    }

    #[test]
    fn sort_keys_with_their_own_options_and_end_field() {
        assert_eq!(sh("printf 'b 2 x\na 10 y\nc 1 z\nd 1 a\n' | sort -k2,2nr").0, "a 10 y\nb 2 x\nc 1 z\nd 1 a\n");
        assert_eq!(sh("printf 'x 1 b\ny 1 a\n' | sort -k2,2").0, "x 1 b\ny 1 a\n");
        assert_eq!(sh("printf 'x 1 b\ny 1 a\n' | sort -k2").0, "y 1 a\nx 1 b\n");
        assert_eq!(
            sh("sort -k0 /dev/null"),
            ("sort: field number is zero: invalid field specification ‘0’\nTry 'sort --help' for more information.\n".into(), 2)
        );
        assert_eq!(sh("sort nofile"), ("sort: cannot read: nofile: No such file or directory\n".into(), 2));
    }

    #[test]
    fn cut_fields_are_numbered_from_1() {
        assert_eq!(sh("cut -f0 x"), ("cut: fields are numbered from 1\nTry 'cut --help' for more information.\n".into(), 1));
        assert_eq!(sh("cut -c 0-2 x").0, "cut: byte/character positions are numbered from 1\nTry 'cut --help' for more information.\n");
    }

    #[test]
    fn tr_sets() {
        assert_eq!(tr_set("a-d").unwrap(), vec!['a', 'b', 'c', 'd']);
        assert_eq!(tr_set("[:digit:]x").unwrap().len(), 11);
        assert_eq!(tr_set("a-").unwrap(), vec!['a', '-']);
    }
}
