//! Running a parsed program: word expansion (parameters, command substitution, field splitting,
//! `~`, globbing), redirections, pipelines, `&&`/`||`, and the builtins that change the shell
//! itself (`cd`, `export`, `unset`, `history -c`).

use super::syntax::{parse_heredoc_body, AndOr, Connector, HereDoc, Pipeline, Program, RedirOp, Script, SimpleCommand, Word, WordPart};
use super::{Cx, Output, Shell, World};
use crate::vfs::{normalize, FsError, HOME};

/// Builtins that need the shell itself rather than a command context.
pub const SPECIAL_BUILTINS: &[&str] = &["cd", "export", "unset", "history"];

/// Where one output file descriptor goes.
#[derive(Debug, Clone, PartialEq)]
enum Target {
    /// The enclosing stream (the terminal, or a command substitution's capture).
    Parent(u32),
    File(String),
    Pipe,
    Discard,
}

struct Run<'a> {
    heredocs: &'a [HereDoc],
}

pub fn run_program<W: World + 'static>(sh: &mut Shell<W>, world: &mut W, program: &Program, out: &mut Output) -> i32 {
    let run = Run { heredocs: &program.heredocs };
    run.script(sh, world, &program.script, out, true)
}

impl Run<'_> {
    fn script<W: World + 'static>(&self, sh: &mut Shell<W>, world: &mut W, script: &Script, out: &mut Output, tty: bool) -> i32 {
        let mut status = sh.state.last_status;
        for item in &script.items {
            status = self.and_or(sh, world, item, out, tty);
        }
        status
    }

    fn and_or<W: World + 'static>(&self, sh: &mut Shell<W>, world: &mut W, item: &AndOr, out: &mut Output, tty: bool) -> i32 {
        let mut status = self.pipeline(sh, world, &item.first, out, tty);
        for (conn, p) in &item.rest {
            let go = match conn {
                Connector::And => status == 0,
                Connector::Or => status != 0,
            };
            if go {
                status = self.pipeline(sh, world, p, out, tty);
            }
        }
        status
    }

    fn pipeline<W: World + 'static>(&self, sh: &mut Shell<W>, world: &mut W, p: &Pipeline, out: &mut Output, tty: bool) -> i32 {
        let mut stdin = String::new();
        let mut status = 0;
        let n = p.commands.len();
        for (i, cmd) in p.commands.iter().enumerate() {
            let (st, piped) = self.simple(sh, world, cmd, std::mem::take(&mut stdin), i + 1 < n, out, tty);
            status = st;
            stdin = piped;
        }
        if p.negate {
            status = i32::from(status == 0);
        }
        sh.state.last_status = status;
        status
    }

    /// Runs one simple command; returns its status and what it wrote into a following pipe.
    #[allow(clippy::too_many_arguments)]
    fn simple<W: World + 'static>(
        &self,
        sh: &mut Shell<W>,
        world: &mut W,
        cmd: &SimpleCommand,
        piped_stdin: String,
        piped_out: bool,
        parent: &mut Output,
        tty: bool,
    ) -> (i32, String) {
        let mut argv = Vec::new();
        for w in &cmd.words {
            argv.extend(self.expand(sh, world, w, parent));
        }
        let mut stdin = piped_stdin;
        let mut targets = [Target::Parent(1), if piped_out { Target::Pipe } else { Target::Parent(1) }, Target::Parent(2)];
        let now = world.now_unix();
        for r in &cmd.redirects {
            let fd = r.fd as usize;
            let file_target =
                |run: &Self, sh: &mut Shell<W>, world: &mut W, parent: &mut Output, w: &Word, append: bool| -> Result<String, String> {
                    let fields = run.expand(sh, world, w, parent);
                    let [name] = fields.as_slice() else {
                        return Err(format!("bash: {}: ambiguous redirect", word_source(w)));
                    };
                    let path = normalize(&sh.state.cwd, name);
                    let res = if append { sh.state.fs.append(&path, "", now) } else { sh.state.fs.write(&path, "", now) };
                    res.map(|_| path).map_err(|e| format!("bash: {name}: {e}"))
                };
            let result: Result<(), String> = match &r.op {
                RedirOp::In(w) => {
                    let fields = self.expand(sh, world, w, parent);
                    match fields.as_slice() {
                        [name] => match sh.state.fs.read(&normalize(&sh.state.cwd, name)) {
                            Ok(s) => {
                                if fd == 0 {
                                    stdin = s.to_string();
                                }
                                Ok(())
                            }
                            Err(e) => Err(format!("bash: {name}: {e}")),
                        },
                        _ => Err(format!("bash: {}: ambiguous redirect", word_source(w))),
                    }
                }
                RedirOp::Out(w) | RedirOp::Append(w) => {
                    file_target(self, sh, world, parent, w, matches!(r.op, RedirOp::Append(_))).map(|path| {
                        if let Some(t) = targets.get_mut(fd) {
                            *t = Target::File(path);
                        }
                    })
                }
                RedirOp::OutErr { target, append } => file_target(self, sh, world, parent, target, *append).map(|path| {
                    targets[1] = Target::File(path.clone());
                    targets[2] = Target::File(path);
                }),
                RedirOp::Dup(n) => {
                    match targets.get(*n as usize).cloned() {
                        Some(t) if *n > 0 => {
                            if let Some(slot) = targets.get_mut(fd) {
                                *slot = t;
                            }
                        }
                        _ => {
                            if let Some(slot) = targets.get_mut(fd) {
                                *slot = Target::Discard;
                            }
                        }
                    }
                    Ok(())
                }
                RedirOp::HereDoc(i) => {
                    let doc = &self.heredocs[*i];
                    let body = if doc.expand {
                        match parse_heredoc_body(&doc.body) {
                            Ok(word) => self.expand_quoted(sh, world, &word, parent),
                            Err(e) => return (2, format!("{}\n", e.message())),
                        }
                    } else {
                        doc.body.clone()
                    };
                    if fd == 0 {
                        stdin = body;
                    }
                    Ok(())
                }
                RedirOp::HereString(w) => {
                    let value = self.expand(sh, world, w, parent).join(" ");
                    if fd == 0 {
                        stdin = format!("{value}\n");
                    }
                    Ok(())
                }
            };
            if let Err(msg) = result {
                parent.write(2, &msg);
                parent.write(2, "\n");
                return (1, String::new());
            }
        }

        let mut assigned = Vec::new();
        for (name, value) in &cmd.assignments {
            let v = self.expand_quoted(sh, world, value, parent);
            assigned.push((name.clone(), v));
        }
        if argv.is_empty() {
            for (name, v) in assigned {
                sh.state.vars.insert(name, v);
            }
            return (0, String::new());
        }

        let stdout_is_tty = tty && targets[1] == Target::Parent(1);
        let mut cmd_out = Output::default();
        let status = self.dispatch(sh, world, &argv, &assigned, stdin, stdout_is_tty, &mut cmd_out);

        let mut piped = String::new();
        for (fd, text) in cmd_out.chunks {
            match targets.get(fd as usize).unwrap_or(&Target::Discard) {
                Target::Parent(n) => parent.write(*n, &text),
                Target::Pipe => piped.push_str(&text),
                Target::File(path) => {
                    // The file was created or truncated above; appending keeps write order.
                    let _ = sh.state.fs.append(path, &text, world.now_unix());
                }
                Target::Discard => {}
            }
        }
        (status, piped)
    }

    #[allow(clippy::too_many_arguments)]
    fn dispatch<W: World + 'static>(
        &self,
        sh: &mut Shell<W>,
        world: &mut W,
        argv: &[String],
        assigned: &[(String, String)],
        stdin: String,
        stdout_is_tty: bool,
        out: &mut Output,
    ) -> i32 {
        let name = argv[0].as_str();
        let args = &argv[1..];
        match name {
            "cd" => return cd(sh, args, out),
            "export" => {
                for a in args {
                    if let Some((k, v)) = a.split_once('=') {
                        sh.state.vars.insert(k.to_string(), v.to_string());
                    }
                }
                return 0;
            }
            "unset" => {
                for a in args {
                    sh.state.vars.remove(a);
                }
                return 0;
            }
            "history" if args.first().map(String::as_str) == Some("-c") => {
                sh.state.history.clear();
                return 0;
            }
            _ => {}
        }
        let Some(command) = sh.commands.get(name).cloned() else {
            if name.contains('/') {
                let path = normalize(&sh.state.cwd, name);
                match sh.state.fs.lookup(&path) {
                    Err(e) => out.write(2, &format!("bash: {name}: {e}\n")),
                    Ok(n) if n.is_dir() => out.write(2, &format!("bash: {name}: Is a directory\n")),
                    Ok(_) => out.write(2, &format!("bash: {name}: Permission denied\n")),
                }
                return if sh.state.fs.lookup(&path).is_ok() { 126 } else { 127 };
            }
            out.write(2, &format!("bash: {name}: command not found\n"));
            return 127;
        };
        let command_names = sh.command_names();
        let mut vars = sh.state.vars.clone();
        for (k, v) in assigned {
            vars.insert(k.clone(), v.clone());
        }
        let state = &mut sh.state;
        let mut cx = Cx {
            fs: &mut state.fs,
            cwd: &state.cwd,
            vars: &vars,
            world,
            stdin,
            out: Output::default(),
            stdout_is_tty,
            history: &state.history,
            command_names,
            foreground: None,
        };
        let status = command.run(&mut cx, args);
        let foreground = cx.foreground.take();
        *out = cx.out;
        if stdout_is_tty && foreground.is_some() {
            sh.foreground = foreground;
        }
        status
    }

    /// Expands a word into fields (splitting and globbing unquoted parts).
    fn expand<W: World + 'static>(&self, sh: &mut Shell<W>, world: &mut W, word: &Word, parent: &mut Output) -> Vec<String> {
        // Each char carries whether it may act as a glob character.
        let mut fields: Vec<Vec<(char, bool)>> = Vec::new();
        let mut cur: Vec<(char, bool)> = Vec::new();
        let mut cur_quoted = false;
        let mut fields_quoted: Vec<bool> = Vec::new();
        for (i, part) in word.iter().enumerate() {
            match part {
                WordPart::Lit(s) => {
                    let s = if i == 0 { expand_tilde(s, sh) } else { s.clone() };
                    cur.extend(s.chars().map(|c| (c, true)));
                }
                WordPart::Quoted(s) => {
                    cur.extend(s.chars().map(|c| (c, false)));
                    cur_quoted = true;
                }
                WordPart::Param { quoted: true, .. } | WordPart::CmdSubst { quoted: true, .. } => {
                    let v = self.part_value(sh, world, part, parent);
                    cur.extend(v.chars().map(|c| (c, false)));
                    cur_quoted = true;
                }
                WordPart::Param { .. } | WordPart::CmdSubst { .. } => {
                    let v = self.part_value(sh, world, part, parent);
                    // Field splitting on IFS whitespace.
                    for c in v.chars() {
                        if matches!(c, ' ' | '\t' | '\n') {
                            if !cur.is_empty() || cur_quoted {
                                fields.push(std::mem::take(&mut cur));
                                fields_quoted.push(cur_quoted);
                                cur_quoted = false;
                            }
                        } else {
                            cur.push((c, true));
                        }
                    }
                }
            }
        }
        if !cur.is_empty() || cur_quoted {
            fields.push(cur);
            fields_quoted.push(cur_quoted);
        }
        let mut result = Vec::new();
        for field in fields {
            let has_glob = field.iter().any(|&(c, active)| active && matches!(c, '*' | '?' | '['));
            let text: String = field.iter().map(|(c, _)| *c).collect();
            if has_glob {
                let matches = glob(&sh.state.fs, &sh.state.cwd, &field);
                if !matches.is_empty() {
                    result.extend(matches);
                    continue;
                }
            }
            result.push(text);
        }
        result
    }

    /// Expands a word without splitting or globbing (assignments, here-documents).
    fn expand_quoted<W: World + 'static>(&self, sh: &mut Shell<W>, world: &mut W, word: &Word, parent: &mut Output) -> String {
        let mut s = String::new();
        for (i, part) in word.iter().enumerate() {
            match part {
                WordPart::Lit(t) if i == 0 => s.push_str(&expand_tilde(t, sh)),
                WordPart::Lit(t) | WordPart::Quoted(t) => s.push_str(t),
                _ => s.push_str(&self.part_value(sh, world, part, parent)),
            }
        }
        s
    }

    fn part_value<W: World + 'static>(&self, sh: &mut Shell<W>, world: &mut W, part: &WordPart, parent: &mut Output) -> String {
        match part {
            WordPart::Param { name, .. } => match name.as_str() {
                "?" => sh.state.last_status.to_string(),
                "$" => "1".to_string(),
                "#" => "0".to_string(),
                "0" => "bash".to_string(),
                n if n.chars().all(|c| c.is_ascii_digit()) => String::new(),
                "PWD" => sh.state.cwd.clone(),
                n => sh.state.vars.get(n).cloned().unwrap_or_default(),
            },
            WordPart::CmdSubst { script, .. } => {
                let mut capture = Output::default();
                self.script(sh, world, script, &mut capture, false);
                for (fd, text) in &capture.chunks {
                    if *fd != 1 {
                        parent.write(*fd, text);
                    }
                }
                capture.stream(1).trim_end_matches('\n').to_string()
            }
            WordPart::Lit(s) | WordPart::Quoted(s) => s.clone(),
        }
    }
}

fn expand_tilde<W>(s: &str, sh: &Shell<W>) -> String {
    let home = sh.state.vars.get("HOME").map(String::as_str).unwrap_or(HOME);
    if s == "~" {
        home.to_string()
    } else if let Some(rest) = s.strip_prefix("~/") {
        format!("{home}/{rest}")
    } else {
        s.to_string()
    }
}

/// The word as the user typed it, for `ambiguous redirect`.
fn word_source(w: &Word) -> String {
    w.iter()
        .map(|p| match p {
            WordPart::Lit(s) | WordPart::Quoted(s) => s.clone(),
            WordPart::Param { name, .. } => format!("${name}"),
            WordPart::CmdSubst { .. } => "$(...)".to_string(),
        })
        .collect()
}

fn cd<W>(sh: &mut Shell<W>, args: &[String], out: &mut Output) -> i32 {
    if args.len() > 1 {
        out.write(2, "bash: cd: too many arguments\n");
        return 1;
    }
    let target = match args.first().map(String::as_str) {
        None | Some("~") => sh.state.vars.get("HOME").cloned().unwrap_or_else(|| HOME.to_string()),
        Some("-") => match sh.state.vars.get("OLDPWD") {
            Some(old) => {
                out.write(1, &format!("{old}\n"));
                old.clone()
            }
            None => {
                out.write(2, "bash: cd: OLDPWD not set\n");
                return 1;
            }
        },
        Some(p) => p.to_string(),
    };
    let path = normalize(&sh.state.cwd, &target);
    match sh.state.fs.lookup(&path) {
        Ok(n) if n.is_dir() => {
            let old = std::mem::replace(&mut sh.state.cwd, path.clone());
            sh.state.vars.insert("OLDPWD".into(), old);
            sh.state.vars.insert("PWD".into(), path);
            0
        }
        Ok(_) => {
            out.write(2, &format!("bash: cd: {target}: {}\n", FsError::NotADirectory));
            1
        }
        Err(e) => {
            out.write(2, &format!("bash: cd: {target}: {e}\n"));
            1
        }
    }
}

/// Pathname expansion: the sorted paths matching `pattern` (chars flagged as active globs).
fn glob(fs: &crate::vfs::Vfs, cwd: &str, pattern: &[(char, bool)]) -> Vec<String> {
    let absolute = pattern.first().map(|p| p.0) == Some('/');
    let comps: Vec<&[(char, bool)]> = pattern.split(|&(c, _)| c == '/').filter(|c| !c.is_empty()).collect();
    // (shown prefix, absolute directory)
    let mut candidates: Vec<(String, String)> = vec![if absolute { ("/".into(), "/".into()) } else { (String::new(), cwd.to_string()) }];
    for (i, comp) in comps.iter().enumerate() {
        let last = i + 1 == comps.len();
        let active = comp.iter().any(|&(c, a)| a && matches!(c, '*' | '?' | '['));
        let mut next = Vec::new();
        for (shown, dir) in &candidates {
            if active {
                let Ok(entries) = fs.list_dir(dir) else {
                    continue;
                };
                for (name, node) in entries {
                    if name.starts_with('.') && comp.first().map(|p| p.0) != Some('.') {
                        continue;
                    }
                    if !last && !node.is_dir() {
                        continue;
                    }
                    if glob_match(comp, &name.chars().collect::<Vec<_>>()) {
                        next.push((join_shown(shown, &name), normalize(dir, &name)));
                    }
                }
            } else {
                let name: String = comp.iter().map(|p| p.0).collect();
                let path = normalize(dir, &name);
                if fs.stat(&path).is_some() {
                    next.push((join_shown(shown, &name), path));
                }
            }
        }
        candidates = next;
    }
    let mut out: Vec<String> = candidates.into_iter().map(|(s, _)| s).collect();
    out.sort();
    out
}

fn join_shown(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else if prefix.ends_with('/') {
        format!("{prefix}{name}")
    } else {
        format!("{prefix}/{name}")
    }
}

/// fnmatch(3) for one path component: `*`, `?`, `[abc]`, `[a-z]`, `[!x]`.
pub(crate) fn glob_match(pat: &[(char, bool)], name: &[char]) -> bool {
    match pat.first() {
        None => name.is_empty(),
        Some(&('*', true)) => {
            // Runs of `*` match like one, which keeps the backtracking polynomial.
            let rest = pat.iter().position(|&p| p != ('*', true)).map_or(&pat[pat.len()..], |i| &pat[i..]);
            (0..=name.len()).any(|i| glob_match(rest, &name[i..]))
        }
        Some(&('?', true)) => !name.is_empty() && glob_match(&pat[1..], &name[1..]),
        Some(&('[', true)) => {
            let Some(&c) = name.first() else { return false };
            let mut i = 1;
            let negate = matches!(pat.get(1), Some(('!' | '^', _)));
            if negate {
                i += 1;
            }
            let mut matched = false;
            let start = i;
            while i < pat.len() && (pat[i].0 != ']' || i == start) {
                if pat.get(i + 1).map(|p| p.0) == Some('-') && i + 2 < pat.len() && pat[i + 2].0 != ']' {
                    if pat[i].0 <= c && c <= pat[i + 2].0 {
                        matched = true;
                    }
                    i += 3;
                } else {
                    if pat[i].0 == c {
                        matched = true;
                    }
                    i += 1;
                }
            }
            if i >= pat.len() {
                // No closing bracket: a literal '['.
                return c == '[' && glob_match(&pat[1..], &name[1..]);
            }
            matched != negate && glob_match(&pat[i + 1..], &name[1..])
        }
        Some(&(p, _)) => name.first() == Some(&p) && glob_match(&pat[1..], &name[1..]),
    }
}
