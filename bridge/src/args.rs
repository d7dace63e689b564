//! The subcommands' command lines: `--flag value`, `--flag=value`, and operands, with the error
//! lines every subcommand prints the same way.

pub enum Arg {
    Flag(String),
    Operand(String),
}

pub struct Args<'a> {
    cmd: &'static str,
    words: std::slice::Iter<'a, String>,
    /// The value written as `--flag=value`, kept for `value()`.
    inline: Option<String>,
}

impl<'a> Args<'a> {
    pub fn new(cmd: &'static str, words: &'a [String]) -> Self {
        Args { cmd, words: words.iter(), inline: None }
    }

    pub fn next_arg(&mut self) -> Option<Arg> {
        let w = self.words.next()?;
        self.inline = None;
        match w.split_once('=') {
            Some((f, v)) if f.starts_with("--") => {
                self.inline = Some(v.to_string());
                Some(Arg::Flag(f.to_string()))
            }
            _ if w.starts_with("--") && w.len() > 2 => Some(Arg::Flag(w.clone())),
            _ => Some(Arg::Operand(w.clone())),
        }
    }

    /// The flag's value: after `=`, or the next word.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.inline.take().or_else(|| self.words.next().cloned()).ok_or_else(|| format!("kueue-lab {}: {flag} needs a value", self.cmd))
    }

    /// A word the subcommand does not take: an unknown flag, or an operand where none belongs.
    pub fn unknown(&self, word: &str) -> String {
        if word.starts_with('-') {
            format!("kueue-lab {}: unknown flag {word}", self.cmd)
        } else {
            self.unexpected(word)
        }
    }

    pub fn unexpected(&self, word: &str) -> String {
        format!("kueue-lab {}: unexpected argument '{word}'", self.cmd)
    }

    /// `--lang ko|en`.
    pub fn lang(&mut self, flag: &str) -> Result<sim_core::lab::Lang, String> {
        let v = self.value(flag)?;
        sim_core::lab::Lang::parse(&v).ok_or(format!("kueue-lab {}: {flag} must be ko or en, not {v:?}", self.cmd))
    }
}
