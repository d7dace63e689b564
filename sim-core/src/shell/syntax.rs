//! The command-line grammar: a POSIX-like subset of bash's (simple commands, pipelines, `&&`/`||`
//! lists, quotes, expansions, redirections and here-documents), parsed into a small AST.
//!
//! The parser tells an *incomplete* line (unclosed quote, trailing `|`, pending here-document)
//! from a wrong one, so the terminal can show bash's `> ` continuation prompt.

#[derive(Debug, Clone, PartialEq)]
pub enum WordPart {
    /// Unquoted text: subject to globbing (and `~` at the word's start).
    Lit(String),
    /// Quoted or escaped text: taken literally.
    Quoted(String),
    /// `$NAME`, `${NAME}`, `$?`, `$$`, `$#`, `$0`… `quoted` when inside double quotes.
    Param { name: String, quoted: bool },
    /// `$(...)` or backquotes.
    CmdSubst { script: Script, quoted: bool },
}

pub type Word = Vec<WordPart>;

#[derive(Debug, Clone, PartialEq)]
pub enum RedirOp {
    /// `<`
    In(Word),
    /// `>`
    Out(Word),
    /// `>>`
    Append(Word),
    /// `n>&m`
    Dup(u32),
    /// `&>` and `&>>`: stdout and stderr to one file.
    OutErr { target: Word, append: bool },
    /// `<<` and `<<-`; the body lives in [`Program::heredocs`].
    HereDoc(usize),
    /// `<<<`
    HereString(Word),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Redirect {
    pub fd: u32,
    pub op: RedirOp,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct SimpleCommand {
    pub assignments: Vec<(String, Word)>,
    pub words: Vec<Word>,
    pub redirects: Vec<Redirect>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pipeline {
    pub negate: bool,
    pub commands: Vec<SimpleCommand>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connector {
    And,
    Or,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct AndOr {
    pub first: Pipeline,
    pub rest: Vec<(Connector, Pipeline)>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Script {
    pub items: Vec<AndOr>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct HereDoc {
    pub body: String,
    /// Unquoted delimiter: `$` expansions and `\` escapes apply to the body.
    pub expand: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Program {
    pub script: Script,
    pub heredocs: Vec<HereDoc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// More lines are needed (bash would print its `> ` prompt).
    Incomplete,
    /// `bash: syntax error near unexpected token `X'`
    Unexpected(String),
    /// A construct this shell does not have (loops, functions, subshells…).
    Unsupported(String),
}

impl ParseError {
    /// The line bash prints (without the trailing newline).
    pub fn message(&self) -> String {
        match self {
            ParseError::Incomplete => "bash: syntax error: unexpected end of file".to_string(),
            ParseError::Unexpected(t) => format!("bash: syntax error near unexpected token `{t}'"),
            ParseError::Unsupported(what) => {
                format!("bash: {what}: 시뮬레이터 셸은 지원하지 않습니다 / not supported by the simulator's shell (simple commands, pipes, && || ; and redirections only)")
            }
        }
    }
}

const RESERVED: [&str; 13] = ["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "function"];

struct PendingHereDoc {
    index: usize,
    delimiter: String,
    strip_tabs: bool,
}

/// Deepest nesting of `$(...)` accepted (keeps recursion far from the stack's limit).
const MAX_NESTING: usize = 32;

struct Parser<'a> {
    src: &'a [char],
    pos: usize,
    depth: usize,
    heredocs: Vec<HereDoc>,
    pending: Vec<PendingHereDoc>,
}

/// Parses a whole input (possibly many lines).
pub fn parse(input: &str) -> Result<Program, ParseError> {
    let chars: Vec<char> = input.chars().collect();
    let mut p = Parser { src: &chars, pos: 0, depth: 0, heredocs: Vec::new(), pending: Vec::new() };
    let script = p.script(None)?;
    if !p.pending.is_empty() {
        return Err(ParseError::Incomplete);
    }
    Ok(Program { script, heredocs: p.heredocs })
}

fn is_meta(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')')
}

fn is_name_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic()
}

fn is_name_char(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric()
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.src.get(self.pos).copied()
    }
    fn peek_at(&self, n: usize) -> Option<char> {
        self.src.get(self.pos + n).copied()
    }
    fn starts_with(&self, s: &str) -> bool {
        s.chars().enumerate().all(|(i, c)| self.peek_at(i) == Some(c))
    }

    /// Skips blanks, line continuations and comments (not newlines).
    fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(' ' | '\t') => self.pos += 1,
                Some('\\') if self.peek_at(1) == Some('\n') => self.pos += 2,
                Some('#') => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Consumes a newline and, if here-documents are pending, their bodies.
    fn newline(&mut self) -> Result<(), ParseError> {
        debug_assert_eq!(self.peek(), Some('\n'));
        self.pos += 1;
        for pending in std::mem::take(&mut self.pending) {
            let mut body = String::new();
            loop {
                if self.pos >= self.src.len() {
                    return Err(ParseError::Incomplete);
                }
                let start = self.pos;
                while self.peek().is_some_and(|c| c != '\n') {
                    self.pos += 1;
                }
                let mut line: String = self.src[start..self.pos].iter().collect();
                let had_newline = self.peek() == Some('\n');
                if had_newline {
                    self.pos += 1;
                }
                if pending.strip_tabs {
                    line = line.trim_start_matches('\t').to_string();
                }
                if line == pending.delimiter {
                    break;
                }
                if !had_newline {
                    // The delimiter line has not been typed yet.
                    return Err(ParseError::Incomplete);
                }
                body.push_str(&line);
                body.push('\n');
            }
            self.heredocs[pending.index].body = body;
        }
        Ok(())
    }

    /// Skips separators between and-or lists: newlines only (`;` is handled by the caller).
    fn skip_newlines(&mut self) -> Result<(), ParseError> {
        loop {
            self.skip_blanks();
            if self.peek() == Some('\n') {
                self.newline()?;
            } else {
                return Ok(());
            }
        }
    }

    fn unexpected_here(&self) -> ParseError {
        let rest: String = self.src[self.pos..].iter().collect();
        let token = ["&&", "||", ";;", ">>", "<<", "&>", ";", "|", "&", "<", ">", "(", ")"]
            .into_iter()
            .find(|t| rest.starts_with(t))
            .map(str::to_string)
            .unwrap_or_else(|| if rest.starts_with('\n') || rest.is_empty() { "newline".into() } else { rest.chars().take(1).collect() });
        ParseError::Unexpected(token)
    }

    /// script := and_or { (';' | '&' | newline) and_or }, ending at EOF or `close`.
    fn script(&mut self, close: Option<char>) -> Result<Script, ParseError> {
        let mut items = Vec::new();
        loop {
            self.skip_newlines()?;
            match self.peek() {
                None => {
                    if close.is_some() {
                        return Err(ParseError::Incomplete);
                    }
                    return Ok(Script { items });
                }
                Some(c) if Some(c) == close => return Ok(Script { items }),
                _ => {}
            }
            items.push(self.and_or()?);
            self.skip_blanks();
            match self.peek() {
                Some(';') if self.peek_at(1) == Some(';') => return Err(ParseError::Unexpected(";;".into())),
                Some(';') => self.pos += 1,
                Some('&') => return Err(ParseError::Unsupported("background jobs (&)".into())),
                Some('\n') | None => {}
                Some(c) if Some(c) == close => {}
                _ => return Err(self.unexpected_here()),
            }
        }
    }

    fn and_or(&mut self) -> Result<AndOr, ParseError> {
        let first = self.pipeline()?;
        let mut rest = Vec::new();
        loop {
            self.skip_blanks();
            let conn = if self.starts_with("&&") {
                Connector::And
            } else if self.starts_with("||") {
                Connector::Or
            } else {
                return Ok(AndOr { first, rest });
            };
            self.pos += 2;
            self.skip_newlines()?;
            if self.peek().is_none() {
                return Err(ParseError::Incomplete);
            }
            rest.push((conn, self.pipeline()?));
        }
    }

    fn pipeline(&mut self) -> Result<Pipeline, ParseError> {
        self.skip_blanks();
        let mut negate = false;
        if self.peek() == Some('!') && self.peek_at(1).is_none_or(|c| c == ' ' || c == '\t') {
            negate = true;
            self.pos += 1;
        }
        let mut commands = vec![self.simple_command()?];
        loop {
            self.skip_blanks();
            if self.peek() == Some('|') && self.peek_at(1) != Some('|') {
                self.pos += 1;
                self.skip_newlines()?;
                if self.peek().is_none() {
                    return Err(ParseError::Incomplete);
                }
                commands.push(self.simple_command()?);
            } else {
                return Ok(Pipeline { negate, commands });
            }
        }
    }

    fn simple_command(&mut self) -> Result<SimpleCommand, ParseError> {
        let mut cmd = SimpleCommand::default();
        loop {
            self.skip_blanks();
            let Some(c) = self.peek() else { break };
            if let Some(redirect) = self.redirect()? {
                cmd.redirects.push(redirect);
                continue;
            }
            if c == '(' {
                return Err(ParseError::Unsupported("subshells and functions".into()));
            }
            if is_meta(c) {
                break;
            }
            let start = self.pos;
            let word = self.word()?;
            if cmd.words.is_empty() {
                if let Some((name, value)) = split_assignment(&word) {
                    cmd.assignments.push((name, value));
                    continue;
                }
                if let [WordPart::Lit(w)] = word.as_slice() {
                    if RESERVED.contains(&w.as_str()) && self.src[start..self.pos].iter().collect::<String>() == *w {
                        return Err(ParseError::Unsupported(format!("'{w}'")));
                    }
                }
            }
            cmd.words.push(word);
        }
        if cmd.words.is_empty() && cmd.assignments.is_empty() && cmd.redirects.is_empty() {
            return Err(self.unexpected_here());
        }
        Ok(cmd)
    }

    /// A redirection at the cursor, if there is one.
    fn redirect(&mut self) -> Result<Option<Redirect>, ParseError> {
        let start = self.pos;
        let mut fd_digits = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            fd_digits.push(c);
            self.pos += 1;
        }
        let explicit_fd = fd_digits.parse::<u32>().ok();
        let Some(c) = self.peek().filter(|c| matches!(c, '<' | '>' | '&')) else {
            self.pos = start;
            return Ok(None);
        };
        if c == '&' {
            if explicit_fd.is_some() || self.peek_at(1) != Some('>') {
                self.pos = start;
                return Ok(None);
            }
            self.pos += 2;
            let append = self.peek() == Some('>');
            if append {
                self.pos += 1;
            }
            let target = self.redirect_target()?;
            return Ok(Some(Redirect { fd: 1, op: RedirOp::OutErr { target, append } }));
        }
        let op = if self.starts_with("<<<") {
            self.pos += 3;
            RedirOp::HereString(self.redirect_target()?)
        } else if self.starts_with("<<") {
            self.pos += 2;
            let strip_tabs = self.peek() == Some('-');
            if strip_tabs {
                self.pos += 1;
            }
            let word = self.redirect_target()?;
            let quoted = word.iter().any(|p| matches!(p, WordPart::Quoted(_)));
            let delimiter: String = word
                .iter()
                .map(|p| match p {
                    WordPart::Lit(s) | WordPart::Quoted(s) => s.clone(),
                    WordPart::Param { name, .. } => format!("${name}"),
                    WordPart::CmdSubst { .. } => String::new(),
                })
                .collect();
            let index = self.heredocs.len();
            self.heredocs.push(HereDoc { body: String::new(), expand: !quoted });
            self.pending.push(PendingHereDoc { index, delimiter, strip_tabs });
            RedirOp::HereDoc(index)
        } else if self.starts_with(">>") {
            self.pos += 2;
            RedirOp::Append(self.redirect_target()?)
        } else if self.starts_with(">&") || self.starts_with("<&") {
            self.pos += 2;
            let mut digits = String::new();
            while let Some(c) = self.peek().filter(char::is_ascii_digit) {
                digits.push(c);
                self.pos += 1;
            }
            match digits.parse::<u32>() {
                Ok(n) if self.peek().is_none_or(is_meta) => RedirOp::Dup(n),
                _ if c == '>' && explicit_fd.is_none() => {
                    // `>&file` is bash's spelling of `&>file`.
                    self.pos -= digits.len();
                    let target = self.redirect_target()?;
                    return Ok(Some(Redirect { fd: 1, op: RedirOp::OutErr { target, append: false } }));
                }
                _ => return Err(ParseError::Unsupported("redirection to that file descriptor".into())),
            }
        } else if c == '>' {
            self.pos += 1;
            if self.peek() == Some('|') {
                self.pos += 1;
            }
            RedirOp::Out(self.redirect_target()?)
        } else {
            self.pos += 1;
            RedirOp::In(self.redirect_target()?)
        };
        let default_fd = if c == '<' { 0 } else { 1 };
        Ok(Some(Redirect { fd: explicit_fd.unwrap_or(default_fd), op }))
    }

    fn redirect_target(&mut self) -> Result<Word, ParseError> {
        self.skip_blanks();
        match self.peek() {
            None => Err(ParseError::Unexpected("newline".into())),
            Some(c) if is_meta(c) => Err(self.unexpected_here()),
            _ => self.word(),
        }
    }

    /// A word: everything up to the next unquoted metacharacter.
    fn word(&mut self) -> Result<Word, ParseError> {
        let mut parts: Word = Vec::new();
        let mut lit = String::new();
        let flush = |lit: &mut String, parts: &mut Word| {
            if !lit.is_empty() {
                parts.push(WordPart::Lit(std::mem::take(lit)));
            }
        };
        while let Some(c) = self.peek() {
            if is_meta(c) {
                break;
            }
            match c {
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        None => return Err(ParseError::Incomplete),
                        Some('\n') => self.pos += 1,
                        Some(e) => {
                            flush(&mut lit, &mut parts);
                            parts.push(WordPart::Quoted(e.to_string()));
                            self.pos += 1;
                        }
                    }
                }
                '\'' => {
                    flush(&mut lit, &mut parts);
                    self.pos += 1;
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c != '\'') {
                        self.pos += 1;
                    }
                    if self.peek().is_none() {
                        return Err(ParseError::Incomplete);
                    }
                    parts.push(WordPart::Quoted(self.src[start..self.pos].iter().collect()));
                    self.pos += 1;
                }
                '"' => {
                    flush(&mut lit, &mut parts);
                    self.pos += 1;
                    self.double_quoted(&mut parts)?;
                }
                '$' | '`' => {
                    if let Some(part) = self.dollar(false)? {
                        flush(&mut lit, &mut parts);
                        parts.push(part);
                    } else {
                        lit.push('$');
                        self.pos += 1;
                    }
                }
                _ => {
                    lit.push(c);
                    self.pos += 1;
                }
            }
        }
        flush(&mut lit, &mut parts);
        Ok(parts)
    }

    /// The inside of `"..."`, cursor after the opening quote.
    fn double_quoted(&mut self, parts: &mut Word) -> Result<(), ParseError> {
        let mut text = String::new();
        // An empty "" still makes a (quoted, empty) word.
        let mut pushed_any = false;
        loop {
            let Some(c) = self.peek() else {
                return Err(ParseError::Incomplete);
            };
            match c {
                '"' => {
                    self.pos += 1;
                    if !text.is_empty() || !pushed_any {
                        parts.push(WordPart::Quoted(text));
                    }
                    return Ok(());
                }
                '\\' => {
                    match self.peek_at(1) {
                        None => return Err(ParseError::Incomplete),
                        Some('\n') => {}
                        Some(e @ ('$' | '`' | '"' | '\\')) => text.push(e),
                        Some(e) => {
                            text.push('\\');
                            text.push(e);
                        }
                    }
                    self.pos += 2;
                }
                '$' | '`' => {
                    if let Some(part) = self.dollar(true)? {
                        if !text.is_empty() {
                            parts.push(WordPart::Quoted(std::mem::take(&mut text)));
                        }
                        parts.push(part);
                        pushed_any = true;
                    } else {
                        text.push('$');
                        self.pos += 1;
                    }
                }
                _ => {
                    text.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    /// `$NAME`, `${NAME}`, `$?`, `$(...)`, `` `...` `` at the cursor; `None` for a lone `$`.
    fn dollar(&mut self, quoted: bool) -> Result<Option<WordPart>, ParseError> {
        if self.peek() == Some('`') {
            self.pos += 1;
            let start = self.pos;
            while self.peek().is_some_and(|c| c != '`') {
                if self.peek() == Some('\\') {
                    self.pos += 1;
                }
                self.pos += 1;
            }
            if self.peek().is_none() {
                return Err(ParseError::Incomplete);
            }
            let inner: String = self.src[start..self.pos].iter().collect();
            self.pos += 1;
            if self.depth >= MAX_NESTING {
                return Err(ParseError::Unsupported("command substitution nested this deep".into()));
            }
            let program = parse(&inner)?;
            return Ok(Some(WordPart::CmdSubst { script: program.script, quoted }));
        }
        match self.peek_at(1) {
            Some('(') if self.peek_at(2) == Some('(') => Err(ParseError::Unsupported("arithmetic expansion $((...))".into())),
            Some('(') => {
                self.pos += 2;
                if self.depth >= MAX_NESTING {
                    return Err(ParseError::Unsupported("command substitution nested this deep".into()));
                }
                self.depth += 1;
                let script = self.script(Some(')'))?;
                self.depth -= 1;
                self.pos += 1;
                Ok(Some(WordPart::CmdSubst { script, quoted }))
            }
            Some('{') => {
                self.pos += 2;
                let start = self.pos;
                while self.peek().is_some_and(|c| c != '}') {
                    self.pos += 1;
                }
                if self.peek().is_none() {
                    return Err(ParseError::Incomplete);
                }
                let name: String = self.src[start..self.pos].iter().collect();
                self.pos += 1;
                let simple = (name.chars().next().is_some_and(is_name_start) && name.chars().all(is_name_char))
                    || name.chars().all(|c| c.is_ascii_digit()) && !name.is_empty()
                    || matches!(name.as_str(), "?" | "$" | "#");
                if !simple {
                    return Err(ParseError::Unsupported(format!("${{{name}}}")));
                }
                Ok(Some(WordPart::Param { name, quoted }))
            }
            Some(c @ ('?' | '$' | '#' | '0'..='9')) => {
                self.pos += 2;
                Ok(Some(WordPart::Param { name: c.to_string(), quoted }))
            }
            Some(c) if is_name_start(c) => {
                self.pos += 1;
                let start = self.pos;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                Ok(Some(WordPart::Param { name: self.src[start..self.pos].iter().collect(), quoted }))
            }
            _ => Ok(None),
        }
    }
}

/// Parses an unquoted-delimiter here-document body: `$` expansions and `\\` escapes of `$`,
/// `` ` ``, `\\` and newline apply; everything else (quotes included) is literal.
pub fn parse_heredoc_body(body: &str) -> Result<Word, ParseError> {
    let chars: Vec<char> = body.chars().collect();
    let mut p = Parser { src: &chars, pos: 0, depth: 0, heredocs: Vec::new(), pending: Vec::new() };
    let mut parts = Vec::new();
    let mut text = String::new();
    while let Some(c) = p.peek() {
        match c {
            '\\' => {
                match p.peek_at(1) {
                    Some('\n') => {}
                    Some(e @ ('$' | '`' | '\\')) => text.push(e),
                    Some(e) => {
                        text.push('\\');
                        text.push(e);
                    }
                    None => text.push('\\'),
                }
                p.pos += 2;
            }
            '$' | '`' => match p.dollar(true)? {
                Some(part) => {
                    if !text.is_empty() {
                        parts.push(WordPart::Quoted(std::mem::take(&mut text)));
                    }
                    parts.push(part);
                }
                None => {
                    text.push('$');
                    p.pos += 1;
                }
            },
            _ => {
                text.push(c);
                p.pos += 1;
            }
        }
    }
    if !text.is_empty() {
        parts.push(WordPart::Quoted(text));
    }
    Ok(parts)
}

/// `NAME=value` as the first words of a command are assignments.
fn split_assignment(word: &Word) -> Option<(String, Word)> {
    let WordPart::Lit(first) = word.first()? else {
        return None;
    };
    let eq = first.find('=')?;
    let name = &first[..eq];
    if !(name.chars().next().is_some_and(is_name_start) && name.chars().all(is_name_char)) {
        return None;
    }
    let mut value = Vec::new();
    if eq + 1 < first.len() {
        value.push(WordPart::Lit(first[eq + 1..].to_string()));
    }
    value.extend(word[1..].iter().cloned());
    Some((name.to_string(), value))
}

/// How a terminal input buffer stands: complete (run it), incomplete (prompt `> `), or wrong.
pub fn is_complete(input: &str) -> bool {
    !matches!(parse(input), Err(ParseError::Incomplete))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> WordPart {
        WordPart::Lit(s.into())
    }

    #[test]
    fn pipelines_and_lists() {
        let p = parse("a b | c && d || e; f").unwrap();
        assert_eq!(p.script.items.len(), 2);
        assert_eq!(p.script.items[0].first.commands.len(), 2);
        assert_eq!(p.script.items[0].rest.len(), 2);
    }

    #[test]
    fn quotes_and_params() {
        let p = parse(r#"echo 'a b' "x $HOME y" \$z"#).unwrap();
        let words = &p.script.items[0].first.commands[0].words;
        assert_eq!(words[1], vec![WordPart::Quoted("a b".into())]);
        assert_eq!(
            words[2],
            vec![WordPart::Quoted("x ".into()), WordPart::Param { name: "HOME".into(), quoted: true }, WordPart::Quoted(" y".into())]
        );
        assert_eq!(words[3], vec![WordPart::Quoted("$".into()), lit("z")]);
    }

    #[test]
    fn incomplete_inputs() {
        for s in ["echo 'a", "echo \"a", "ls |", "a &&", "cat <<EOF\nx", "echo \\", "echo $(ls", "cat <<EOF"] {
            assert_eq!(parse(s), Err(ParseError::Incomplete), "{s:?}");
        }
    }

    #[test]
    fn heredoc_bodies() {
        let p = parse("cat <<EOF > f\nhello $X\nEOF\ncat <<-'E'\n\tq\n\tE\n").unwrap();
        assert_eq!(p.heredocs[0], HereDoc { body: "hello $X\n".into(), expand: true });
        assert_eq!(p.heredocs[1], HereDoc { body: "q\n".into(), expand: false });
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(parse("| a"), Err(ParseError::Unexpected("|".into())));
        assert_eq!(parse("ls >"), Err(ParseError::Unexpected("newline".into())));
        assert_eq!(parse("a ;; b"), Err(ParseError::Unexpected(";;".into())));
        assert!(matches!(parse("for i in 1; do x; done"), Err(ParseError::Unsupported(_))));
        let deep = format!("echo {}x{}", "$(".repeat(5000), ")".repeat(5000));
        assert!(matches!(parse(&deep), Err(ParseError::Unsupported(_))));
    }
}
