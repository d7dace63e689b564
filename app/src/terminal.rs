//! The terminal's model, free of the DOM: the scrollback, the line being typed, the history
//! cursor, multi-line (continuation) input and pasting. The component in `app.rs` renders it.

use serde::{Deserialize, Serialize};
use sim_core::shell::syntax;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineKind {
    /// A prompt and what was typed after it.
    Input,
    Stdout,
    Stderr,
    /// Messages of the product itself (welcome, notices).
    Info,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub kind: LineKind,
    pub text: String,
}

/// Scrollback kept in memory; the oldest lines go first.
pub const SCROLLBACK_LIMIT: usize = 3000;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Terminal {
    pub scrollback: Vec<Line>,
    /// The text in the input box.
    #[serde(default)]
    pub line: String,
    /// Lines already entered of an input that is not complete yet (shown with `> `).
    #[serde(default)]
    pub pending: Vec<String>,
    /// Position in history while browsing with ↑/↓ (`None` = editing a new line).
    #[serde(skip)]
    pub history_pos: Option<usize>,
    /// The line being typed before history browsing started.
    #[serde(skip)]
    pub draft: String,
}

/// What the terminal asks its host to do after a key.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    None,
    /// Run this complete input in the shell.
    Run(String),
}

impl Terminal {
    pub fn push(&mut self, kind: LineKind, text: &str) {
        match self.scrollback.last_mut() {
            // Output without a trailing newline continues on the same line, as in a real terminal.
            Some(last) if last.kind == kind && kind != LineKind::Input && !last.text.ends_with('\n') => last.text.push_str(text),
            _ => self.scrollback.push(Line { kind, text: text.to_string() }),
        }
        if self.scrollback.len() > SCROLLBACK_LIMIT {
            let excess = self.scrollback.len() - SCROLLBACK_LIMIT;
            self.scrollback.drain(..excess);
        }
    }

    /// Appends command output, obeying the clear-screen sequence and dropping other escapes.
    pub fn push_output(&mut self, kind: LineKind, text: &str) {
        let mut rest = text;
        while let Some(i) = rest.find("\x1b[2J") {
            self.scrollback.clear();
            rest = &rest[i + 4..];
        }
        let cleaned = strip_escapes(rest);
        if !cleaned.is_empty() {
            self.push(kind, &cleaned);
        }
    }

    pub fn clear(&mut self) {
        self.scrollback.clear();
    }

    pub fn prompt<'a>(&self, shell_prompt: &'a str) -> &'a str {
        if self.pending.is_empty() {
            shell_prompt
        } else {
            "> "
        }
    }

    /// Enter: echoes the line; returns the whole input once it is complete.
    pub fn enter(&mut self, shell_prompt: &str) -> Action {
        let line = std::mem::take(&mut self.line);
        let prompt = self.prompt(shell_prompt).to_string();
        self.push(LineKind::Input, &format!("{prompt}{line}\n"));
        self.history_pos = None;
        self.draft.clear();
        self.pending.push(line);
        let input = self.pending.join("\n");
        if syntax::is_complete(&input) {
            self.pending.clear();
            if input.trim().is_empty() {
                return Action::None;
            }
            Action::Run(input)
        } else {
            Action::None
        }
    }

    /// Ctrl-C: abandons the line (and any pending continuation lines), as bash shows it.
    pub fn cancel(&mut self, shell_prompt: &str) {
        let prompt = self.prompt(shell_prompt).to_string();
        let line = std::mem::take(&mut self.line);
        self.push(LineKind::Input, &format!("{prompt}{line}^C\n"));
        self.pending.clear();
        self.history_pos = None;
    }

    /// ↑ (`older = true`) and ↓ through `history`.
    pub fn browse(&mut self, history: &[String], older: bool) {
        if history.is_empty() {
            return;
        }
        let pos = match (self.history_pos, older) {
            (None, true) => {
                self.draft = self.line.clone();
                Some(history.len() - 1)
            }
            (None, false) => None,
            (Some(p), true) => Some(p.saturating_sub(1)),
            (Some(p), false) if p + 1 < history.len() => Some(p + 1),
            (Some(_), false) => None,
        };
        self.history_pos = pos;
        self.line = match pos {
            Some(p) => history[p].clone(),
            None => std::mem::take(&mut self.draft),
        };
    }

    /// Pastes `text` at byte `cursor` of the line: every complete line is entered as if typed.
    /// Returns the inputs to run, in order, and the new cursor position.
    pub fn paste(&mut self, text: &str, cursor: usize, shell_prompt: &str, mut run: impl FnMut(&mut Self, String)) -> usize {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let cursor = floor_boundary(&self.line, cursor);
        let tail = self.line[cursor..].to_string();
        let combined = format!("{}{}", &self.line[..cursor], text);
        let mut parts: Vec<&str> = combined.split('\n').collect();
        let last = parts.pop().unwrap_or("").to_string();
        for part in parts {
            self.line = part.to_string();
            let prompt = shell_prompt.to_string();
            if let Action::Run(input) = self.enter(&prompt) {
                run(self, input);
            }
        }
        let new_cursor = last.len();
        self.line = format!("{last}{tail}");
        new_cursor
    }
}

pub fn floor_boundary(s: &str, i: usize) -> usize {
    (0..=i.min(s.len())).rev().find(|&k| s.is_char_boundary(k)).unwrap_or(0)
}

/// Removes ANSI escape sequences the DOM terminal does not interpret.
pub fn strip_escapes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.peek() == Some(&'[') {
                chars.next();
                while let Some(&n) = chars.peek() {
                    chars.next();
                    if n.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            continue;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredoc_typed_line_by_line_runs_once_complete() {
        let mut t = Terminal::default();
        for l in ["cat <<EOF > a.yaml", "kind: X"] {
            t.line = l.into();
            assert_eq!(t.enter("$ "), Action::None);
            assert_eq!(t.prompt("$ "), "> ");
        }
        t.line = "EOF".into();
        assert_eq!(t.enter("$ "), Action::Run("cat <<EOF > a.yaml\nkind: X\nEOF".into()));
        assert_eq!(t.prompt("$ "), "$ ");
        assert_eq!(t.scrollback.iter().map(|l| l.text.as_str()).collect::<String>(), "$ cat <<EOF > a.yaml\n> kind: X\n> EOF\n");
    }

    #[test]
    fn history_browsing_keeps_the_draft() {
        let mut t = Terminal { line: "dra".into(), ..Default::default() };
        let h = vec!["one".to_string(), "two".to_string()];
        t.browse(&h, true);
        assert_eq!(t.line, "two");
        t.browse(&h, true);
        t.browse(&h, true);
        assert_eq!(t.line, "one");
        t.browse(&h, false);
        t.browse(&h, false);
        assert_eq!(t.line, "dra");
    }

    #[test]
    fn paste_runs_each_line() {
        let mut t = Terminal::default();
        let mut ran = Vec::new();
        let cur = t.paste("echo a\necho b\nech", 0, "$ ", |_, i| ran.push(i));
        assert_eq!(ran, vec!["echo a".to_string(), "echo b".to_string()]);
        assert_eq!((t.line.as_str(), cur), ("ech", 3));
    }

    #[test]
    fn clear_sequence_empties_the_scrollback() {
        let mut t = Terminal::default();
        t.push(LineKind::Stdout, "old\n");
        t.push_output(LineKind::Stdout, "\x1b[H\x1b[2J\x1b[3Jnew\n");
        assert_eq!(t.scrollback, vec![Line { kind: LineKind::Stdout, text: "new\n".into() }]);
    }
}
