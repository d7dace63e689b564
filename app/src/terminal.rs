//! The terminal's model, free of the DOM: the scrollback, the line being typed, the history
//! cursor, multi-line (continuation) input and pasting. The component in `app.rs` renders it.

use serde::{Deserialize, Serialize};
use sim_core::shell::syntax;
use std::collections::VecDeque;

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
    /// Whole lines pasted ahead of the shell, as in a terminal's line buffer: the shell reads
    /// them one at a time, each echoed after the prompt of its turn, so each command's output
    /// follows its own line; a foreground command (`kubectl get -w`, `watch`) holds the rest
    /// until it ends.
    #[serde(skip)]
    pub typeahead: VecDeque<String>,
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
        self.history_pos = None;
        self.draft.clear();
        self.submit(line, shell_prompt)
    }

    /// One line read by the shell: echoed after its prompt and added to the pending input.
    fn submit(&mut self, line: String, shell_prompt: &str) -> Action {
        let prompt = self.prompt(shell_prompt).to_string();
        self.push(LineKind::Input, &format!("{prompt}{line}\n"));
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

    /// The shell reads the next line pasted ahead, if there is one: it is echoed after the
    /// prompt of now (which earlier lines may have changed, e.g. with `cd`).
    pub fn next_typed(&mut self, shell_prompt: &str) -> Option<Action> {
        let line = self.typeahead.pop_front()?;
        Some(self.submit(line, shell_prompt))
    }

    /// Enter while a command holds the foreground: the line waits in the tty's buffer, read
    /// (echoed at its prompt and run) once the command ends; Ctrl-C drops it.
    pub fn type_ahead(&mut self) {
        let line = std::mem::take(&mut self.line);
        self.history_pos = None;
        self.draft.clear();
        self.typeahead.push_back(line);
    }

    /// Ctrl-C: abandons the line (and any pending continuation lines), as bash shows it.
    pub fn cancel(&mut self, shell_prompt: &str) {
        let prompt = self.prompt(shell_prompt).to_string();
        let line = std::mem::take(&mut self.line);
        self.push(LineKind::Input, &format!("{prompt}{line}^C\n"));
        self.pending.clear();
        self.typeahead.clear();
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

    /// Pastes `text` at byte `cursor` of the line: every complete line joins the lines typed
    /// ahead (read one at a time with [`Terminal::next_typed`]); what follows the last newline
    /// stays in the input box. Returns the new cursor position.
    pub fn paste(&mut self, text: &str, cursor: usize) -> usize {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let cursor = floor_boundary(&self.line, cursor);
        let tail = self.line[cursor..].to_string();
        let combined = format!("{}{}", &self.line[..cursor], text);
        let mut parts: Vec<&str> = combined.split('\n').collect();
        let last = parts.pop().unwrap_or("").to_string();
        if !parts.is_empty() {
            self.history_pos = None;
            self.draft.clear();
        }
        self.typeahead.extend(parts.into_iter().map(str::to_string));
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

    /// Runs the lines typed ahead as the app does: each input's output right after it, until
    /// `blocks` says a command stays in the foreground.
    fn drain(t: &mut Terminal, ran: &mut Vec<String>, blocks: impl Fn(&str) -> bool) -> bool {
        while let Some(action) = t.next_typed("$ ") {
            if let Action::Run(input) = action {
                t.push_output(LineKind::Stdout, &format!("out of {}\n", input.lines().next().unwrap_or("")));
                ran.push(input.clone());
                if blocks(&input) {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn paste_runs_each_line() {
        let mut t = Terminal::default();
        let mut ran = Vec::new();
        let cur = t.paste("echo a\necho b\nech", 0);
        drain(&mut t, &mut ran, |_| false);
        assert_eq!(ran, vec!["echo a".to_string(), "echo b".to_string()]);
        assert_eq!((t.line.as_str(), cur), ("ech", 3));
    }

    #[test]
    fn pasted_outputs_follow_their_own_lines_heredocs_included() {
        let mut t = Terminal::default();
        let mut ran = Vec::new();
        t.paste("echo a\ncat <<EOF\nx\nEOF\necho b\n", 0);
        drain(&mut t, &mut ran, |_| false);
        let text: String = t.scrollback.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(text, "$ echo a\nout of echo a\n$ cat <<EOF\n> x\n> EOF\nout of cat <<EOF\n$ echo b\nout of echo b\n");
    }

    #[test]
    fn a_foreground_command_holds_the_lines_after_it() {
        let mut t = Terminal::default();
        let mut ran = Vec::new();
        t.paste("watch date\necho after\n", 0);
        assert!(drain(&mut t, &mut ran, |i| i.starts_with("watch")));
        let text: String = t.scrollback.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(text, "$ watch date\nout of watch date\n");
        assert_eq!(t.typeahead.len(), 1);
        // The command ended: the shell reads on.
        drain(&mut t, &mut ran, |_| false);
        assert_eq!(ran.last().map(String::as_str), Some("echo after"));
        // Ctrl-C in a foreground command drops what was typed ahead, as the tty flushes it.
        t.paste("watch date\necho never\n", 0);
        assert!(drain(&mut t, &mut ran, |i| i.starts_with("watch")));
        t.cancel("$ ");
        assert!(t.typeahead.is_empty());
    }

    #[test]
    fn lines_typed_during_a_foreground_command_run_after_it() {
        let mut t = Terminal::default();
        let mut ran = Vec::new();
        t.paste("watch date\n", 0);
        assert!(drain(&mut t, &mut ran, |i| i.starts_with("watch")));
        t.line = "echo typed".into();
        t.type_ahead();
        assert!(t.line.is_empty());
        drain(&mut t, &mut ran, |_| false);
        assert_eq!(ran.last().map(String::as_str), Some("echo typed"));
        let text: String = t.scrollback.iter().map(|l| l.text.as_str()).collect();
        assert!(text.ends_with("$ echo typed\nout of echo typed\n"), "{text}");
    }

    #[test]
    fn clear_sequence_empties_the_scrollback() {
        let mut t = Terminal::default();
        t.push(LineKind::Stdout, "old\n");
        t.push_output(LineKind::Stdout, "\x1b[H\x1b[2J\x1b[3Jnew\n");
        assert_eq!(t.scrollback, vec![Line { kind: LineKind::Stdout, text: "new\n".into() }]);
    }
}
