//! File tools: ls, cat, cp, mv, rm, mkdir, touch, pwd.

use super::{display_width, options, try_help, Spec};
use crate::clock::{civil_from_unix, MONTHS};
use crate::shell::{Cx, World};
use crate::vfs::{file_name, FsError, Node, NodeKind};

pub fn pwd<W: World>(cx: &mut Cx<'_, W>, _args: &[String]) -> i32 {
    let cwd = cx.cwd.to_string();
    cx.out(&format!("{cwd}\n"));
    0
}

pub fn cat<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec { cmd: "cat", flags: "nAE", valued: "", long: &[("number", 'n')], synopsis: "[OPTION]... [FILE]..." };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let files = if o.operands.is_empty() { vec!["-".to_string()] } else { o.operands.clone() };
    let mut status = 0;
    let mut n = 0;
    for f in &files {
        match cx.read_input(f) {
            Ok(text) => {
                if o.has('n') {
                    let mut s = String::new();
                    for line in text.split_inclusive('\n') {
                        n += 1;
                        s.push_str(&format!("{n:>6}\t{line}"));
                    }
                    cx.out(&s);
                } else {
                    cx.out(&text);
                }
            }
            Err(e) => {
                cx.errln(&format!("cat: {f}: {e}"));
                status = 1;
            }
        }
    }
    status
}

pub fn mkdir<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "mkdir",
        flags: "pv",
        valued: "m",
        long: &[("parents", 'p'), ("verbose", 'v'), ("mode", 'm')],
        synopsis: "[OPTION]... DIRECTORY...",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    if o.operands.is_empty() {
        cx.errln("mkdir: missing operand");
        try_help(cx, "mkdir");
        return 1;
    }
    let mut status = 0;
    let now = cx.now();
    for d in &o.operands {
        let path = cx.path(d);
        let res = if o.has('p') { cx.fs.mkdir_all(&path, now) } else { cx.fs.mkdir(&path, now) };
        match res {
            Ok(()) if o.has('v') => cx.out(&format!("mkdir: created directory '{d}'\n")),
            Ok(()) => {}
            Err(e) => {
                cx.errln(&format!("mkdir: cannot create directory ‘{d}’: {e}"));
                status = 1;
            }
        }
    }
    status
}

pub fn touch<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec { cmd: "touch", flags: "ac", valued: "", long: &[], synopsis: "[OPTION]... FILE..." };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    if o.operands.is_empty() {
        cx.errln("touch: missing file operand");
        try_help(cx, "touch");
        return 1;
    }
    let now = cx.now();
    let mut status = 0;
    for f in &o.operands {
        let path = cx.path(f);
        if let Err(e) = cx.fs.touch(&path, now) {
            cx.errln(&format!("touch: cannot touch '{f}': {e}"));
            status = 1;
        }
    }
    status
}

pub fn rm<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "rm",
        flags: "rRfdv",
        valued: "",
        long: &[("recursive", 'r'), ("force", 'f'), ("dir", 'd'), ("verbose", 'v')],
        synopsis: "[OPTION]... [FILE]...",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let force = o.has('f');
    let recursive = o.has('r') || o.has('R');
    if o.operands.is_empty() {
        if force {
            return 0;
        }
        cx.errln("rm: missing operand");
        try_help(cx, "rm");
        return 1;
    }
    let mut status = 0;
    for f in &o.operands {
        let path = cx.path(f);
        if path == "/" && recursive {
            cx.errln("rm: it is dangerous to operate recursively on '/'");
            cx.errln("rm: use --no-preserve-root to override this failsafe");
            status = 1;
            continue;
        }
        if file_name(f) == "." || file_name(f) == ".." {
            cx.errln(&format!("rm: refusing to remove '.' or '..' directory: skipping '{f}'"));
            status = 1;
            continue;
        }
        let res = match cx.fs.lookup(&path) {
            Err(e) => Err(e),
            Ok(n) if n.is_dir() && recursive => cx.fs.remove_all(&path),
            Ok(n) if n.is_dir() => {
                if o.has('d') {
                    cx.fs.remove(&path, true)
                } else {
                    Err(FsError::IsADirectory)
                }
            }
            Ok(_) => cx.fs.remove(&path, false),
        };
        match res {
            Ok(()) if o.has('v') => cx.out(&format!("removed '{f}'\n")),
            Ok(()) => {}
            Err(FsError::NotFound) if force => {}
            Err(e) => {
                cx.errln(&format!("rm: cannot remove '{f}': {e}"));
                status = 1;
            }
        }
    }
    status
}

/// Shared by cp and mv: the operands split into sources and a destination.
fn sources_and_dest<W: World>(cx: &mut Cx<'_, W>, cmd: &str, operands: &[String]) -> Option<(Vec<String>, String, bool)> {
    match operands {
        [] => {
            cx.errln(&format!("{cmd}: missing file operand"));
            try_help(cx, cmd);
            None
        }
        [one] => {
            cx.errln(&format!("{cmd}: missing destination file operand after '{one}'"));
            try_help(cx, cmd);
            None
        }
        [srcs @ .., dest] => {
            let dest_path = cx.path(dest);
            let dest_is_dir = cx.fs.is_dir(&dest_path);
            if srcs.len() > 1 && !dest_is_dir {
                cx.errln(&format!("{cmd}: target '{dest}' is not a directory"));
                return None;
            }
            Some((srcs.to_vec(), dest.clone(), dest_is_dir))
        }
    }
}

pub fn cp<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "cp",
        flags: "rRafv",
        valued: "",
        long: &[("recursive", 'r'), ("force", 'f'), ("verbose", 'v')],
        synopsis: "[OPTION]... SOURCE... DEST",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let Some((srcs, dest, into_dir)) = sources_and_dest(cx, "cp", &o.operands) else {
        return 1;
    };
    let recursive = o.has('r') || o.has('R') || o.has('a');
    let now = cx.now();
    let mut status = 0;
    for s in &srcs {
        let from = cx.path(s);
        let to = if into_dir { cx.path(&format!("{dest}/{}", file_name(&from))) } else { cx.path(&dest) };
        let res = match cx.fs.lookup(&from) {
            Err(e) => {
                cx.errln(&format!("cp: cannot stat '{s}': {e}"));
                status = 1;
                continue;
            }
            Ok(n) if n.is_dir() && !recursive => {
                cx.errln(&format!("cp: -r not specified; omitting directory '{s}'"));
                status = 1;
                continue;
            }
            Ok(_) if from == to => {
                cx.errln(&format!("cp: '{s}' and '{dest}' are the same file"));
                status = 1;
                continue;
            }
            Ok(_) => cx.fs.copy(&from, &to, now),
        };
        match res {
            Ok(()) if o.has('v') => {
                cx.out(&format!("'{s}' -> '{}'\n", if into_dir { format!("{dest}/{}", file_name(&from)) } else { dest.clone() }))
            }
            Ok(()) => {}
            Err(FsError::InvalidArgument) => {
                cx.errln(&format!("cp: cannot copy a directory, '{s}', into itself, '{dest}'"));
                status = 1;
            }
            Err(e) => {
                cx.errln(&format!("cp: cannot create regular file '{dest}': {e}"));
                status = 1;
            }
        }
    }
    status
}

pub fn mv<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec =
        Spec { cmd: "mv", flags: "fvin", valued: "", long: &[("force", 'f'), ("verbose", 'v')], synopsis: "[OPTION]... SOURCE... DEST" };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let Some((srcs, dest, into_dir)) = sources_and_dest(cx, "mv", &o.operands) else {
        return 1;
    };
    let mut status = 0;
    for s in &srcs {
        let from = cx.path(s);
        let shown_to = if into_dir { format!("{}/{}", dest.trim_end_matches('/'), file_name(&from)) } else { dest.clone() };
        let to = cx.path(&shown_to);
        if let Err(e) = cx.fs.lookup(&from) {
            cx.errln(&format!("mv: cannot stat '{s}': {e}"));
            status = 1;
            continue;
        }
        match cx.fs.rename(&from, &to) {
            Ok(()) if o.has('v') => cx.out(&format!("renamed '{s}' -> '{shown_to}'\n")),
            Ok(()) => {}
            Err(FsError::InvalidArgument) => {
                cx.errln(&format!("mv: cannot move '{s}' to a subdirectory of itself, '{shown_to}'"));
                status = 1;
            }
            Err(FsError::IsADirectory) => {
                cx.errln(&format!("mv: cannot overwrite directory '{shown_to}' with non-directory"));
                status = 1;
            }
            Err(FsError::NotADirectory) if cx.fs.stat(&to).is_some() => {
                cx.errln(&format!("mv: cannot overwrite non-directory '{shown_to}' with directory '{s}'"));
                status = 1;
            }
            Err(e) => {
                cx.errln(&format!("mv: cannot move '{s}' to '{shown_to}': {e}"));
                status = 1;
            }
        }
    }
    status
}

/// The terminal width `ls` lays its columns out for.
pub const TERMINAL_COLUMNS: usize = 80;

pub fn ls<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "ls",
        flags: "laAd1hrt",
        valued: "",
        long: &[("all", 'a'), ("almost-all", 'A'), ("directory", 'd'), ("human-readable", 'h'), ("reverse", 'r')],
        synopsis: "[OPTION]... [FILE]...",
    };
    let o = match options(cx, &spec, args, 2) {
        Ok(o) => o,
        Err(s) => return s,
    };
    let operands = if o.operands.is_empty() { vec![".".to_string()] } else { o.operands.clone() };
    let mut status = 0;
    let mut files: Vec<(String, Node)> = Vec::new();
    let mut dirs: Vec<(String, String)> = Vec::new();
    for op in &operands {
        let path = cx.path(op);
        match cx.fs.lookup(&path) {
            Err(e) => {
                cx.errln(&format!("ls: cannot access '{op}': {e}"));
                status = 2;
            }
            Ok(n) if n.is_dir() && !o.has('d') => dirs.push((op.clone(), path)),
            Ok(n) => files.push((op.clone(), n.clone())),
        }
    }
    crate::sort::sort_by(&mut files, |a, b| a.0.cmp(&b.0));
    crate::sort::sort_by(&mut dirs, |a, b| a.0.cmp(&b.0));
    let show_headers = operands.len() > 1;
    let mut blocks = Vec::new();
    if !files.is_empty() {
        blocks.push(render_entries(cx, &o, files, false));
    }
    for (shown, path) in &dirs {
        let mut entries: Vec<(String, Node)> = Vec::new();
        let now = cx.now();
        if o.has('a') {
            entries.push((".".into(), cx.fs.stat(path).cloned().unwrap_or(Node { kind: NodeKind::Dir, mtime: now })));
            let parent = crate::vfs::parent_of(path).to_string();
            entries.push(("..".into(), cx.fs.stat(&parent).cloned().unwrap_or(Node { kind: NodeKind::Dir, mtime: now })));
        }
        let listing = cx.fs.list_dir(path).unwrap_or_default();
        entries.extend(
            listing.into_iter().filter(|(name, _)| o.has('a') || o.has('A') || !name.starts_with('.')).map(|(name, n)| (name, n.clone())),
        );
        let body = render_entries(cx, &o, entries, true);
        blocks.push(if show_headers { format!("{shown}:\n{body}") } else { body });
    }
    cx.out(&blocks.join("\n"));
    status
}

fn render_entries<W: World>(cx: &mut Cx<'_, W>, o: &super::Opts, mut entries: Vec<(String, Node)>, is_dir_listing: bool) -> String {
    if o.has('t') {
        crate::sort::sort_by(&mut entries, |a, b| b.1.mtime.cmp(&a.1.mtime).then(a.0.cmp(&b.0)));
    }
    if o.has('r') {
        entries.reverse();
    }
    if o.has('l') {
        return long_listing(cx, o, &entries, is_dir_listing);
    }
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    if !cx.stdout_is_tty || o.has('1') {
        return names.iter().map(|n| format!("{n}\n")).collect();
    }
    columns(&names, TERMINAL_COLUMNS)
}

/// GNU ls's vertical column layout: the most columns whose widths fit the line.
pub fn columns(names: &[&str], width: usize) -> String {
    if names.is_empty() {
        return String::new();
    }
    let n = names.len();
    let widths: Vec<usize> = names.iter().map(|s| display_width(s)).collect();
    let mut best_rows = n;
    for cols in (1..=n).rev() {
        let rows = n.div_ceil(cols);
        let used_cols = n.div_ceil(rows);
        let mut total = 0;
        for c in 0..used_cols {
            let w = (c * rows..((c + 1) * rows).min(n)).map(|i| widths[i]).max().unwrap_or(0);
            total += if c + 1 == used_cols { w } else { w + 2 };
        }
        if total < width {
            best_rows = rows;
            break;
        }
    }
    let rows = best_rows;
    let cols = n.div_ceil(rows);
    let col_width: Vec<usize> = (0..cols).map(|c| (c * rows..((c + 1) * rows).min(n)).map(|i| widths[i]).max().unwrap_or(0) + 2).collect();
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::new();
        for (c, cw) in col_width.iter().enumerate() {
            let i = c * rows + r;
            if i >= n {
                break;
            }
            line.push_str(names[i]);
            let last_in_row = c + 1 == cols || (c + 1) * rows + r >= n;
            if !last_in_row {
                line.push_str(&" ".repeat(cw - widths[i]));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn long_listing<W: World>(cx: &mut Cx<'_, W>, o: &super::Opts, entries: &[(String, Node)], with_total: bool) -> String {
    let now = cx.now();
    let rows: Vec<[String; 5]> = entries
        .iter()
        .map(|(name, node)| {
            let (mode, links) = match &node.kind {
                NodeKind::Dir => ("drwxr-xr-x", 2),
                NodeKind::File(_) => ("-rw-r--r--", 1),
                NodeKind::Null => ("crw-rw-rw-", 1),
            };
            let size = match &node.kind {
                // A device shows its major and minor numbers where a file shows its size.
                NodeKind::Null => "1, 3".to_string(),
                _ if o.has('h') => human_size(node.size()),
                _ => node.size().to_string(),
            };
            [mode.to_string(), links.to_string(), size, ls_time(node.mtime, now), name.clone()]
        })
        .collect();
    let lw = rows.iter().map(|r| r[1].len()).max().unwrap_or(1);
    let sw = rows.iter().map(|r| r[2].len()).max().unwrap_or(1);
    let mut out = String::new();
    if with_total {
        let blocks: usize = entries.iter().map(|(_, n)| if n.is_dir() { 4 } else { n.size().div_ceil(4096) * 4 }).sum();
        out.push_str(&format!("total {blocks}\n"));
    }
    for r in rows {
        out.push_str(&format!("{} {:>lw$} root root {:>sw$} {} {}\n", r[0], r[1], r[2], r[3], r[4]));
    }
    out
}

fn human_size(n: usize) -> String {
    if n < 1024 {
        return n.to_string();
    }
    let mut v = n as f64;
    let mut unit = 0;
    let units = ["K", "M", "G", "T"];
    while v >= 1024.0 && unit < units.len() {
        v /= 1024.0;
        unit += 1;
    }
    // ls -h rounds up, with one decimal below 10.
    if v < 10.0 {
        format!("{:.1}{}", (v * 10.0).ceil() / 10.0, units[unit - 1])
    } else {
        format!("{}{}", v.ceil() as u64, units[unit - 1])
    }
}

/// `Dec  2 09:01`, or `Dec  2  2025` for times more than six months away.
fn ls_time(t: i64, now: i64) -> String {
    let (y, m, d, hh, mm, _) = civil_from_unix(t);
    let month = MONTHS[(m - 1) as usize];
    if (now - t).abs() > 15_778_476 {
        format!("{month} {d:>2}  {y}")
    } else {
        format!("{month} {d:>2} {hh:02}:{mm:02}")
    }
}
