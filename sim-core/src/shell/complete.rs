//! Tab completion: command names for the first word, then whatever the command offers
//! ([`Command::complete`]), then paths.

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

    let mut candidates: Vec<String> = if words.is_empty() && !after_redirect {
        sh.command_names().into_iter().filter(|n| n.starts_with(current)).collect()
    } else {
        let offered = if after_redirect { None } else { sh.commands.get(&words[0]).and_then(|c| c.complete(world, &words[1..], current)) };
        match offered {
            Some(list) => list.into_iter().filter(|n| n.starts_with(current)).collect(),
            None => paths(sh, current),
        }
    };
    candidates.sort();
    candidates.dedup();
    let replacement = match candidates.as_slice() {
        [] => current.to_string(),
        [one] if one.ends_with('/') => one.clone(),
        [one] => format!("{one} "),
        many => common_prefix(many),
    };
    Completion { start, candidates, replacement }
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
            NodeKind::File(_) => format!("{dir_shown}{name}"),
        })
        .collect()
}
