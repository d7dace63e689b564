//! Tab completion: command names for the first word, then what the command offers (a flag's
//! file names, [`Command::file_flag`]; its own words, [`Command::complete`]), then paths; and
//! the list readline prints under the prompt on a second Tab ([`listing`]).

use super::{Shell, World};
use crate::vfs::{normalize, NodeKind};

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Completion {
    /// Byte offset in the line where the word being completed starts.
    pub start: usize,
    /// Every candidate, sorted; a directory ends in `/`.
    pub candidates: Vec<String>,
    /// What the word becomes on Tab: the sole candidate (with a trailing space unless it is a
    /// directory), or the candidates' longest common prefix.
    pub replacement: String,
    /// The candidates are file names (listed by their last component, as readline does).
    pub files: bool,
}

/// Characters that end a word for completion purposes.
fn is_break(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '|' | ';' | '&' | '<' | '>' | '(' | ')')
}

pub fn complete<W: World + 'static>(sh: &Shell<W>, world: &W, line: &str, cursor: usize) -> Completion {
    let cursor = (0..=cursor.min(line.len())).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
    let before = &line[..cursor];
    let start = before.char_indices().rev().find(|&(_, c)| is_break(c)).map(|(i, c)| i + c.len_utf8()).unwrap_or(0);
    let current = &before[start..];
    // The words of the current simple command before the cursor word.
    let cmd_start = before[..start].rfind(['|', ';', '&', '(']).map(|i| i + 1).unwrap_or(0);
    let words: Vec<String> = before[cmd_start..start].split_whitespace().map(str::to_string).collect();
    let after_redirect = before[..start].trim_end().ends_with(['<', '>']);

    let command = words.first().filter(|_| !after_redirect).and_then(|w| sh.commands.get(w));
    let mut files = false;
    let mut candidates: Vec<String> = if words.is_empty() && !after_redirect {
        sh.command_names().into_iter().filter(|n| n.starts_with(current)).collect()
    } else if let Some(endings) = command.and_then(|c| c.file_flag(&words[1..])) {
        files = true;
        paths(sh, current)
            .into_iter()
            .filter(|p| p.ends_with('/') || endings.is_empty() || p.rsplit_once('.').is_some_and(|(_, ext)| endings.contains(&ext)))
            .collect()
    } else {
        let offered = command.and_then(|c| c.complete(world, &words[1..], current));
        match offered {
            Some(list) => list.into_iter().filter(|n| n.starts_with(current)).collect(),
            None => {
                files = true;
                paths(sh, current)
            }
        }
    };
    crate::sort::sort(&mut candidates);
    candidates.dedup();
    let replacement = match candidates.as_slice() {
        [] => current.to_string(),
        [one] if one.ends_with('/') => one.clone(),
        [one] => format!("{one} "),
        many => common_prefix(many),
    };
    Completion { start, candidates, replacement, files }
}

/// Readline's width for listing candidates (an 80-column terminal).
pub const LIST_WIDTH: usize = 80;

/// What readline prints under the prompt on a second Tab: the candidates (file names by their
/// last component) sorted down columns, each column as wide as the longest plus two spaces,
/// as many columns as fit in `width`; one line per row.
pub fn listing(c: &Completion, width: usize) -> String {
    let shown: Vec<&str> = c
        .candidates
        .iter()
        .map(|s| {
            if !c.files {
                return s.as_str();
            }
            let body = s.strip_suffix('/').unwrap_or(s);
            match body.rfind('/') {
                Some(i) => &s[i + 1..],
                None => s.as_str(),
            }
        })
        .collect();
    if shown.is_empty() {
        return String::new();
    }
    // Readline measures file names without the `/` it adds to a directory when printing it.
    let width_of = |s: &str| if c.files { s.strip_suffix('/').unwrap_or(s) } else { s }.chars().count();
    let max = shown.iter().map(|s| width_of(s)).max().unwrap_or(0) + 2;
    let mut limit = width / max;
    if limit != 1 && limit * max == width {
        limit -= 1;
    }
    let limit = limit.max(1);
    let rows = shown.len().div_ceil(limit);
    let mut out = String::new();
    for row in 0..rows {
        for col in 0..limit {
            let Some(item) = shown.get(row + col * rows) else { break };
            out.push_str(item);
            if col + 1 < limit {
                let len = item.chars().count();
                out.push_str(&" ".repeat(if max <= len { 1 } else { max - len }));
            }
        }
        out.push('\n');
    }
    out
}

fn common_prefix(items: &[String]) -> String {
    let first = &items[0];
    let mut end = first.len();
    for s in &items[1..] {
        end = end.min(
            first.char_indices().zip(s.chars()).take_while(|((_, a), b)| a == b).map(|((i, a), _)| i + a.len_utf8()).last().unwrap_or(0),
        );
    }
    first[..end].to_string()
}

/// Paths completing `word`, relative to the working directory (`~` understood).
fn paths<W>(sh: &Shell<W>, word: &str) -> Vec<String> {
    let (dir_shown, prefix) = match word.rfind('/') {
        Some(i) => (&word[..=i], &word[i + 1..]),
        None => ("", word),
    };
    let dir_abs = if let Some(rest) = dir_shown.strip_prefix("~/") {
        normalize(crate::vfs::HOME, rest)
    } else if dir_shown.is_empty() {
        sh.state.cwd.clone()
    } else {
        normalize(&sh.state.cwd, dir_shown)
    };
    let Ok(entries) = sh.state.fs.list_dir(&dir_abs) else {
        return Vec::new();
    };
    entries
        .into_iter()
        .filter(|(name, _)| name.starts_with(prefix) && (prefix.starts_with('.') || !name.starts_with('.')))
        .map(|(name, node)| match node.kind {
            NodeKind::Dir => format!("{dir_shown}{name}/"),
            NodeKind::File(_) | NodeKind::Null => format!("{dir_shown}{name}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(files: bool, items: &[&str]) -> Completion {
        Completion { candidates: items.iter().map(|s| s.to_string()).collect(), files, ..Default::default() }
    }

    #[test]
    fn a_listing_runs_down_columns_as_readline_does() {
        // 12-character column (10 + 2): six fit in 80 columns; 7 items make two rows.
        let items = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf-hotel"];
        assert_eq!(
            listing(&c(false, &items), 80),
            "alpha       charlie     echo        golf-hotel  \nbravo       delta       foxtrot     \n"
        );
        assert_eq!(listing(&c(false, &["a", "b"]), 80), "a  b  \n");
        assert_eq!(listing(&c(false, &[]), 80), "");
    }

    #[test]
    fn file_names_are_listed_by_their_last_component() {
        assert_eq!(listing(&c(true, &["manifests/flavor.yaml", "manifests/flat/"]), 80), "flavor.yaml  flat/        \n");
        // A directory's `/` is printed but not measured: the longest name here is 5 wide.
        assert_eq!(listing(&c(true, &["abcde/", "ab"]), 80), "abcde/ ab     \n");
        // Wider than the screen: one a line.
        let long = "x".repeat(90);
        assert_eq!(listing(&c(false, &[&long, "y"]), 80), format!("{long}\ny\n"));
    }
}
