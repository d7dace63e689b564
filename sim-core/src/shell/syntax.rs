//! The command-line grammar: POSIX shell's (simple commands, pipelines, `&&`/`||` lists, `if`,
//! `for`, `while`, `until`, `case`, `{ …; }`, `( … )`, function definitions) with the bash
//! additions lab scripts use (`[[ … ]]`, `(( … ))`, `for ((…))`, `$'…'`, `function f`), quotes,
//! expansions (`$NAME`, `${NAME…}` operators, `$(…)`, backquotes, `$((…))`), redirections and
//! here-documents — parsed by hand into a small AST (no maintained parser crate fits: see
//! ARCHITECTURE.md).
//!
//! The parser tells an *incomplete* input (unclosed quote, trailing `|`, open `if`/`do`,
//! pending here-document) from a wrong one, so the terminal can show bash's `> ` continuation
//! prompt, and says plainly what it does not support (background jobs, arrays, coprocesses).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WordPart {
    /// Unquoted text: subject to globbing (and `~` at the word's start).
    Lit(String),
    /// Quoted or escaped text: taken literally.
    Quoted(String),
    /// `$NAME`, `${NAME…}`, `$?`, `$@`… `quoted` when inside double quotes.
    Param { name: String, op: Box<ParamOp>, quoted: bool },
    /// `$(...)` or backquotes.
    CmdSubst { script: Script, quoted: bool },
    /// `$((...))`: the expression's text (expanded, then evaluated).
    Arith { expr: Word, quoted: bool },
}

pub type Word = Vec<WordPart>;

/// What `${NAME…}` does with the parameter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub enum ParamOp {
    #[default]
    Plain,
    /// `${#NAME}`
    Length,
    /// `${NAME:-w}` / `${NAME-w}`
    Default { colon: bool, word: Word },
    /// `${NAME:=w}` / `${NAME=w}`
    Assign { colon: bool, word: Word },
    /// `${NAME:?w}` / `${NAME?w}`
    Error { colon: bool, word: Word },
    /// `${NAME:+w}` / `${NAME+w}`
    Alt { colon: bool, word: Word },
    /// `${NAME#p}` / `${NAME##p}`
    TrimPrefix { longest: bool, pattern: Word },
    /// `${NAME%p}` / `${NAME%%p}`
    TrimSuffix { longest: bool, pattern: Word },
    /// `${NAME/p/r}`, `${NAME//p/r}`, `${NAME/#p/r}`, `${NAME/%p/r}`
    Replace { all: bool, anchor: Anchor, pattern: Word, with: Word },
    /// `${NAME:offset}` / `${NAME:offset:length}` (arithmetic texts)
    Substring { offset: Word, length: Option<Word> },
    /// `${NAME^}`, `${NAME^^}`, `${NAME,}`, `${NAME,,}`
    Case { upper: bool, all: bool },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Anchor {
    None,
    Start,
    End,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum RedirOp {
    /// `<`
    In(Word),
    /// `>`
    Out(Word),
    /// `>>`
    Append(Word),
    /// `n>&m`, `n<&m`
    Dup(u32),
    /// `n>&-`
    Close,
    /// `&>` and `&>>`: stdout and stderr to one file.
    OutErr { target: Word, append: bool },
    /// `<<` and `<<-`, while parsing: the index of its body.
    HereDocIndex(usize),
    /// A here-document with its body.
    HereDoc(HereDoc),
    /// `<<<`
    HereString(Word),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Redirect {
    pub fd: u32,
    pub op: RedirOp,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SimpleCommand {
    pub assignments: Vec<(String, Word)>,
    pub words: Vec<Word>,
    pub redirects: Vec<Redirect>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseArm {
    pub patterns: Vec<Word>,
    pub body: Script,
    /// `;&` (run the next arm's body too) or `;;&` (test the next patterns too).
    pub then: CaseNext,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CaseNext {
    Stop,
    FallThrough,
    TestNext,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Compound {
    /// `{ list; }`
    Brace(Script),
    /// `( list )`
    Subshell(Script),
    /// `for NAME [in WORDS]; do list; done` (no `in`: the positional parameters)
    For { var: String, words: Option<Vec<Word>>, body: Script },
    /// `for ((init; cond; step)); do list; done`
    ArithFor { init: Word, cond: Word, step: Word, body: Script },
    /// `while list; do list; done` and `until …`
    While { cond: Script, body: Script, until: bool },
    /// `if list; then list; [elif list; then list;]… [else list;] fi`
    If { branches: Vec<(Script, Script)>, otherwise: Option<Script> },
    /// `case WORD in pattern) list;; … esac`
    Case { word: Word, arms: Vec<CaseArm> },
    /// `(( expression ))`
    Arith(Word),
    /// `[[ expression ]]`: its words, operators included as literal words.
    Cond(Vec<Word>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FunctionDef {
    pub name: String,
    pub body: Compound,
    pub redirects: Vec<Redirect>,
    /// The definition as typed (for `type NAME`).
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    Simple(SimpleCommand),
    Compound(Compound, Vec<Redirect>),
    Function(FunctionDef),
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Pipeline {
    pub negate: bool,
    pub commands: Vec<Command>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Connector {
    And,
    Or,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AndOr {
    pub first: Pipeline,
    pub rest: Vec<(Connector, Pipeline)>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Script {
    pub items: Vec<AndOr>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HereDoc {
    pub body: String,
    /// Unquoted delimiter: `$` expansions and `\` escapes apply to the body.
    pub expand: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Program {
    pub script: Script,
}

impl Program {
    /// The input is one simple command (a command it leaves running is handed to the host
    /// as it is, as bash hands the terminal to it).
    pub fn single_simple_command(&self) -> bool {
        matches!(self.script.items.as_slice(), [AndOr { first: Pipeline { negate: false, commands }, rest }]
            if rest.is_empty() && matches!(commands.as_slice(), [Command::Simple(_)]))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// More lines are needed (bash would print its `> ` prompt).
    Incomplete,
    /// `bash: syntax error near unexpected token `X'`
    Unexpected(String),
    /// bash's own text for other syntax errors (without the `bash: ` prefix).
    Message(String),
    /// A construct this shell does not have (background jobs, arrays…).
    Unsupported(String),
}

impl ParseError {
    /// The line bash prints (without the trailing newline).
    pub fn message(&self) -> String {
        match self {
            ParseError::Incomplete => "bash: syntax error: unexpected end of file".to_string(),
            ParseError::Unexpected(t) => format!("bash: syntax error near unexpected token `{t}'"),
            ParseError::Message(m) => format!("bash: {m}"),
            ParseError::Unsupported(what) => {
                format!("bash: {what}: 시뮬레이터 셸은 지원하지 않습니다 / not supported by the simulator's shell")
            }
        }
    }
}

/// Words that end a list when they stand where a command would.
const CLOSERS: [&str; 7] = ["then", "else", "elif", "fi", "do", "done", "esac"];

struct PendingHereDoc {
    index: usize,
    delimiter: String,
    strip_tabs: bool,
}

/// Deepest nesting of compound commands and `$(...)` accepted (keeps recursion far from the
/// stack's limit).
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
    parse_nested(input, 0)
}

fn parse_nested(input: &str, depth: usize) -> Result<Program, ParseError> {
    let chars: Vec<char> = input.chars().collect();
    let mut p = Parser { src: &chars, pos: 0, depth, heredocs: Vec::new(), pending: Vec::new() };
    let mut script = p.list(&[], false)?;
    if p.pos < p.src.len() {
        return Err(p.unexpected_here());
    }
    if !p.pending.is_empty() {
        return Err(ParseError::Incomplete);
    }
    fill_script(&mut script, &p.heredocs);
    Ok(Program { script })
}

fn is_meta(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')')
}

pub(crate) fn is_name_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic()
}

pub(crate) fn is_name_char(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric()
}

pub(crate) fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(is_name_start) && s.chars().all(is_name_char)
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
    fn text(&self, from: usize, to: usize) -> String {
        self.src[from.min(self.src.len())..to.min(self.src.len())].iter().collect()
    }

    fn deeper(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(ParseError::Unsupported(format!("nesting deeper than {MAX_NESTING} levels")));
        }
        Ok(())
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

    /// Skips blanks and newlines.
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
        let rest: String = self.src[self.pos.min(self.src.len())..].iter().take(4).collect();
        if rest.is_empty() {
            return ParseError::Incomplete;
        }
        let token = [";;&", "&&", "||", ";;", ";&", ">>", "<<", "&>", "|&", ";", "|", "&", "<", ">", "(", ")"]
            .into_iter()
            .find(|t| rest.starts_with(t))
            .map(str::to_string);
        match token {
            Some(t) => ParseError::Unexpected(t),
            None if rest.starts_with('\n') => ParseError::Unexpected("newline".into()),
            None => ParseError::Unexpected(self.bare_word_at(self.pos).unwrap_or_else(|| rest.chars().take(1).collect())),
        }
    }

    /// The plain (unquoted, unexpanded) word at `pos`, if the text there is one.
    fn bare_word_at(&self, pos: usize) -> Option<String> {
        let mut i = pos;
        let mut s = String::new();
        while let Some(&c) = self.src.get(i) {
            if is_meta(c) {
                break;
            }
            if matches!(c, '\'' | '"' | '\\' | '$' | '`') {
                return None;
            }
            s.push(c);
            i += 1;
        }
        if s.is_empty() {
            None
        } else {
            Some(s)
        }
    }

    /// The reserved word standing at the cursor (after blanks), if any.
    fn reserved(&mut self) -> Option<String> {
        self.skip_blanks();
        let w = self.bare_word_at(self.pos)?;
        match w.as_str() {
            "if" | "then" | "else" | "elif" | "fi" | "do" | "done" | "case" | "esac" | "while" | "until" | "for" | "{" | "}"
            | "function" | "!" | "[[" | "select" | "coproc" | "time" => Some(w),
            _ => None,
        }
    }

    fn eat_reserved(&mut self, w: &str) -> bool {
        if self.reserved().as_deref() == Some(w) {
            self.pos += w.chars().count();
            true
        } else {
            false
        }
    }

    fn expect_reserved(&mut self, w: &str) -> Result<(), ParseError> {
        self.skip_newlines()?;
        if self.eat_reserved(w) {
            return Ok(());
        }
        Err(self.unexpected_here())
    }

    /// list := and_or { (';' | newline) and_or } — until EOF, `)`, `;;` or one of `closers`
    /// standing where a command would. `nonempty`: an empty list is a syntax error at the
    /// token that ends it.
    fn list(&mut self, closers: &[&str], nonempty: bool) -> Result<Script, ParseError> {
        let mut items = Vec::new();
        loop {
            self.skip_newlines()?;
            let end = match self.peek() {
                None => true,
                Some(')') => true,
                Some(';') if matches!(self.peek_at(1), Some(';' | '&')) => true,
                _ => match self.reserved() {
                    Some(w) if closers.contains(&w.as_str()) => true,
                    Some(w) if CLOSERS.contains(&w.as_str()) || w == "}" => return Err(ParseError::Unexpected(w)),
                    _ => false,
                },
            };
            if end {
                if self.peek().is_none() && !closers.is_empty() {
                    return Err(ParseError::Incomplete);
                }
                if nonempty && items.is_empty() {
                    return Err(self.unexpected_here());
                }
                return Ok(Script { items });
            }
            items.push(self.and_or()?);
            self.skip_blanks();
            match self.peek() {
                Some(';') if matches!(self.peek_at(1), Some(';' | '&')) => {}
                Some(';') => self.pos += 1,
                Some('&') if self.peek_at(1) != Some('&') && self.peek_at(1) != Some('>') => {
                    return Err(ParseError::Unsupported("background jobs (&)".into()))
                }
                Some('\n') | Some(')') | None => {}
                _ => {
                    if let Some(w) = self.reserved() {
                        if closers.contains(&w.as_str()) {
                            continue;
                        }
                    }
                    return Err(self.unexpected_here());
                }
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
        while self.reserved().as_deref() == Some("!") {
            negate = !negate;
            self.pos += 1;
        }
        let mut commands = vec![self.command()?];
        loop {
            self.skip_blanks();
            if self.peek() == Some('|') && self.peek_at(1) != Some('|') {
                let both = self.peek_at(1) == Some('&');
                self.pos += if both { 2 } else { 1 };
                if both {
                    // `a |& b` is `a 2>&1 | b`.
                    if let Some(last) = commands.last_mut() {
                        let redirects = match last {
                            Command::Simple(s) => &mut s.redirects,
                            Command::Compound(_, r) => r,
                            Command::Function(f) => &mut f.redirects,
                        };
                        redirects.push(Redirect { fd: 2, op: RedirOp::Dup(1) });
                    }
                }
                self.skip_newlines()?;
                if self.peek().is_none() {
                    return Err(ParseError::Incomplete);
                }
                commands.push(self.command()?);
            } else {
                return Ok(Pipeline { negate, commands });
            }
        }
    }

    fn command(&mut self) -> Result<Command, ParseError> {
        self.skip_blanks();
        if self.peek() == Some('(') {
            self.deeper()?;
            let compound = if self.peek_at(1) == Some('(') {
                self.pos += 2;
                Compound::Arith(self.arith_body()?)
            } else {
                self.pos += 1;
                let body = self.list(&[")"], true)?;
                if self.peek() != Some(')') {
                    return Err(self.unexpected_here());
                }
                self.pos += 1;
                Compound::Subshell(body)
            };
            self.depth -= 1;
            let redirects = self.compound_redirects()?;
            return Ok(Command::Compound(compound, redirects));
        }
        if let Some(w) = self.reserved() {
            let start = self.pos;
            match w.as_str() {
                "if" | "while" | "until" | "for" | "case" | "{" | "[[" => {
                    self.deeper()?;
                    let compound = self.compound(&w)?;
                    self.depth -= 1;
                    let redirects = self.compound_redirects()?;
                    return Ok(Command::Compound(compound, redirects));
                }
                "function" => {
                    self.pos += "function".len();
                    self.skip_blanks();
                    let Some(name) = self.bare_word_at(self.pos) else { return Err(self.unexpected_here()) };
                    self.pos += name.chars().count();
                    self.skip_blanks();
                    if self.peek() == Some('(') {
                        self.pos += 1;
                        self.skip_blanks();
                        if self.peek() != Some(')') {
                            return Err(self.unexpected_here());
                        }
                        self.pos += 1;
                    }
                    return self.function_body(name, start);
                }
                "select" | "coproc" => return Err(ParseError::Unsupported(format!("'{w}'"))),
                "time" => return Err(ParseError::Unsupported("'time'".into())),
                _ => return Err(ParseError::Unexpected(w)),
            }
        }
        self.simple_command()
    }

    fn compound_redirects(&mut self) -> Result<Vec<Redirect>, ParseError> {
        let mut redirects = Vec::new();
        loop {
            self.skip_blanks();
            match self.redirect()? {
                Some(r) => redirects.push(r),
                None => {
                    if self.peek().is_some_and(|c| !is_meta(c)) {
                        return Err(self.unexpected_here());
                    }
                    return Ok(redirects);
                }
            }
        }
    }

    fn function_body(&mut self, name: String, start: usize) -> Result<Command, ParseError> {
        self.skip_newlines()?;
        if self.peek().is_none() {
            return Err(ParseError::Incomplete);
        }
        self.deeper()?;
        let body = if self.peek() == Some('(') && self.peek_at(1) != Some('(') {
            self.pos += 1;
            let body = self.list(&[")"], true)?;
            if self.peek() != Some(')') {
                return Err(self.unexpected_here());
            }
            self.pos += 1;
            Compound::Subshell(body)
        } else {
            match self.reserved() {
                Some(w) if matches!(w.as_str(), "if" | "while" | "until" | "for" | "case" | "{" | "[[") => self.compound(&w)?,
                _ => return Err(self.unexpected_here()),
            }
        };
        self.depth -= 1;
        let redirects = self.compound_redirects()?;
        if !is_name(&name) && name.chars().any(|c| matches!(c, '$' | '=' | '/')) {
            return Err(ParseError::Message(format!("`{name}': not a valid identifier")));
        }
        let source = self.text(start, self.pos);
        Ok(Command::Function(FunctionDef { name, body, redirects, source }))
    }

    fn compound(&mut self, w: &str) -> Result<Compound, ParseError> {
        self.pos += w.chars().count();
        match w {
            "{" => {
                let body = self.list(&["}"], true)?;
                self.expect_reserved("}")?;
                Ok(Compound::Brace(body))
            }
            "if" => {
                let mut branches = Vec::new();
                let mut otherwise = None;
                loop {
                    let cond = self.list(&["then"], true)?;
                    self.expect_reserved("then")?;
                    let body = self.list(&["elif", "else", "fi"], true)?;
                    branches.push((cond, body));
                    self.skip_newlines()?;
                    if self.eat_reserved("elif") {
                        continue;
                    }
                    if self.eat_reserved("else") {
                        otherwise = Some(self.list(&["fi"], true)?);
                    }
                    self.expect_reserved("fi")?;
                    return Ok(Compound::If { branches, otherwise });
                }
            }
            "while" | "until" => {
                let cond = self.list(&["do"], true)?;
                self.expect_reserved("do")?;
                let body = self.list(&["done"], true)?;
                self.expect_reserved("done")?;
                Ok(Compound::While { cond, body, until: w == "until" })
            }
            "for" => {
                self.skip_blanks();
                if self.starts_with("((") {
                    self.pos += 2;
                    let all = self.arith_body()?;
                    let parts = split_arith_for(&all);
                    let Some([init, cond, step]) = parts else {
                        return Err(ParseError::Message("syntax error: arithmetic expression required".into()));
                    };
                    self.skip_blanks();
                    if self.peek() == Some(';') {
                        self.pos += 1;
                    }
                    let body = self.do_group()?;
                    return Ok(Compound::ArithFor { init, cond, step, body });
                }
                let Some(var) = self.bare_word_at(self.pos) else {
                    return Err(if self.peek().is_none() { ParseError::Incomplete } else { self.unexpected_here() });
                };
                self.pos += var.chars().count();
                if !is_name(&var) {
                    return Err(ParseError::Message(format!("`{var}': not a valid identifier")));
                }
                self.skip_blanks();
                let mut words = None;
                // `for x; do`, `for x do`, `for x in a b; do`, with newlines allowed before `in`/`do`.
                if self.peek() == Some(';') {
                    self.pos += 1;
                } else {
                    self.skip_newlines()?;
                    if self.bare_word_at(self.pos).as_deref() == Some("in") {
                        self.pos += 2;
                        let mut list = Vec::new();
                        loop {
                            self.skip_blanks();
                            match self.peek() {
                                None => return Err(ParseError::Incomplete),
                                Some(';') => {
                                    self.pos += 1;
                                    break;
                                }
                                Some('\n') => break,
                                Some(c) if is_meta(c) => return Err(self.unexpected_here()),
                                _ => list.push(self.word()?),
                            }
                        }
                        words = Some(list);
                    }
                }
                let body = self.do_group()?;
                Ok(Compound::For { var, words, body })
            }
            "case" => {
                self.skip_blanks();
                if self.peek().is_none() {
                    return Err(ParseError::Incomplete);
                }
                if self.peek().is_some_and(is_meta) {
                    return Err(self.unexpected_here());
                }
                let word = self.word()?;
                self.skip_newlines()?;
                if self.bare_word_at(self.pos).as_deref() != Some("in") {
                    return Err(if self.peek().is_none() { ParseError::Incomplete } else { self.unexpected_here() });
                }
                self.pos += 2;
                let mut arms = Vec::new();
                loop {
                    self.skip_newlines()?;
                    if self.peek().is_none() {
                        return Err(ParseError::Incomplete);
                    }
                    if self.eat_reserved("esac") {
                        return Ok(Compound::Case { word, arms });
                    }
                    if self.peek() == Some('(') {
                        self.pos += 1;
                    }
                    let mut patterns = Vec::new();
                    loop {
                        self.skip_blanks();
                        match self.peek() {
                            None => return Err(ParseError::Incomplete),
                            Some(c) if is_meta(c) => return Err(self.unexpected_here()),
                            _ => patterns.push(self.word()?),
                        }
                        self.skip_blanks();
                        match self.peek() {
                            Some('|') => self.pos += 1,
                            Some(')') => {
                                self.pos += 1;
                                break;
                            }
                            None => return Err(ParseError::Incomplete),
                            _ => return Err(self.unexpected_here()),
                        }
                    }
                    let body = self.list(&["esac"], false)?;
                    self.skip_blanks();
                    let then = if self.starts_with(";;&") {
                        self.pos += 3;
                        CaseNext::TestNext
                    } else if self.starts_with(";;") {
                        self.pos += 2;
                        CaseNext::Stop
                    } else if self.starts_with(";&") {
                        self.pos += 2;
                        CaseNext::FallThrough
                    } else {
                        self.skip_newlines()?;
                        if self.reserved().as_deref() != Some("esac") {
                            return Err(if self.peek().is_none() { ParseError::Incomplete } else { self.unexpected_here() });
                        }
                        CaseNext::Stop
                    };
                    arms.push(CaseArm { patterns, body, then });
                }
            }
            "[[" => {
                let mut words = Vec::new();
                loop {
                    self.skip_blanks();
                    match self.peek() {
                        None => return Err(ParseError::Incomplete),
                        Some('\n') => return Err(ParseError::Unexpected("newline".into())),
                        _ => {}
                    }
                    if self.bare_word_at(self.pos).as_deref() == Some("]]") {
                        self.pos += 2;
                        break;
                    }
                    let op = ["&&", "||", "(", ")", "<", ">"].into_iter().find(|op| self.starts_with(op));
                    if let Some(op) = op {
                        self.pos += op.len();
                        words.push(vec![WordPart::Lit(op.to_string())]);
                        continue;
                    }
                    if self.peek().is_some_and(is_meta) {
                        return Err(self.unexpected_here());
                    }
                    words.push(self.cond_word()?);
                }
                if words.is_empty() {
                    return Err(ParseError::Unexpected("]]".into()));
                }
                Ok(Compound::Cond(words))
            }
            _ => Err(ParseError::Unexpected(w.to_string())),
        }
    }

    /// A word inside `[[ … ]]`, where `(`, `|` and friends inside a regex after `=~` are text.
    fn cond_word(&mut self) -> Result<Word, ParseError> {
        self.word()
    }

    fn do_group(&mut self) -> Result<Script, ParseError> {
        self.skip_newlines()?;
        if self.peek().is_none() {
            return Err(ParseError::Incomplete);
        }
        if !self.eat_reserved("do") {
            if self.eat_reserved("{") {
                let body = self.list(&["}"], true)?;
                self.expect_reserved("}")?;
                return Ok(body);
            }
            return Err(self.unexpected_here());
        }
        let body = self.list(&["done"], true)?;
        self.expect_reserved("done")?;
        Ok(body)
    }

    /// The text up to the matching `))`, as a word (expansions inside are kept).
    fn arith_body(&mut self) -> Result<Word, ParseError> {
        let start = self.pos;
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err(ParseError::Incomplete),
                Some('(') => depth += 1,
                Some(')') if depth == 0 => {
                    if self.peek_at(1) == Some(')') {
                        break;
                    }
                    if self.peek_at(1).is_none() {
                        return Err(ParseError::Incomplete);
                    }
                    return Err(ParseError::Unexpected(")".into()));
                }
                Some(')') => depth -= 1,
                Some('\'') | Some('"') => {
                    let q = self.peek();
                    self.pos += 1;
                    while self.peek().is_some() && self.peek() != q {
                        self.pos += 1;
                    }
                    if self.peek().is_none() {
                        return Err(ParseError::Incomplete);
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
        let text = self.text(start, self.pos);
        self.pos += 2;
        let chars: Vec<char> = text.chars().collect();
        let mut inner = Parser { src: &chars, pos: 0, depth: self.depth, heredocs: Vec::new(), pending: Vec::new() };
        inner.expansion_text(&[])
    }

    fn simple_command(&mut self) -> Result<Command, ParseError> {
        let start = self.pos;
        let mut cmd = SimpleCommand::default();
        loop {
            self.skip_blanks();
            let Some(c) = self.peek() else { break };
            if let Some(redirect) = self.redirect()? {
                cmd.redirects.push(redirect);
                continue;
            }
            if c == '(' {
                // `name() { …; }`: a function definition.
                if cmd.words.len() == 1 && cmd.assignments.is_empty() && cmd.redirects.is_empty() {
                    if let [WordPart::Lit(name)] = cmd.words[0].as_slice() {
                        let name = name.clone();
                        self.pos += 1;
                        self.skip_blanks();
                        if self.peek() != Some(')') {
                            return Err(self.unexpected_here());
                        }
                        self.pos += 1;
                        return self.function_body(name, start);
                    }
                }
                if !cmd.assignments.is_empty() && cmd.words.is_empty() {
                    return Err(ParseError::Unsupported("arrays (NAME=(…))".into()));
                }
                return Err(ParseError::Unexpected("(".into()));
            }
            if is_meta(c) {
                break;
            }
            let word = self.word()?;
            if cmd.words.is_empty() {
                if let Some((name, value)) = split_assignment(&word) {
                    if value.is_empty() && self.peek() == Some('(') {
                        return Err(ParseError::Unsupported("arrays (NAME=(…))".into()));
                    }
                    cmd.assignments.push((name, value));
                    continue;
                }
            }
            cmd.words.push(word);
        }
        if cmd.words.is_empty() && cmd.assignments.is_empty() && cmd.redirects.is_empty() {
            return Err(self.unexpected_here());
        }
        Ok(Command::Simple(cmd))
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
        if !fd_digits.is_empty() && explicit_fd.is_none_or(|n| n > 9) {
            self.pos = start;
            return Ok(None);
        }
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
        if c == '<' && self.peek_at(1) == Some('(') || c == '>' && self.peek_at(1) == Some('(') {
            return Err(ParseError::Unsupported("process substitution <(…)".into()));
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
            let delimiter: String = word.iter().map(part_source).collect();
            let index = self.heredocs.len();
            self.heredocs.push(HereDoc { body: String::new(), expand: !quoted });
            self.pending.push(PendingHereDoc { index, delimiter, strip_tabs });
            RedirOp::HereDocIndex(index)
        } else if self.starts_with(">>") {
            self.pos += 2;
            RedirOp::Append(self.redirect_target()?)
        } else if self.starts_with(">&") || self.starts_with("<&") {
            self.pos += 2;
            if self.peek() == Some('-') {
                self.pos += 1;
                RedirOp::Close
            } else {
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
            }
        } else if c == '>' {
            self.pos += 1;
            if self.peek() == Some('|') {
                self.pos += 1;
            }
            RedirOp::Out(self.redirect_target()?)
        } else {
            self.pos += 1;
            if self.peek() == Some('>') {
                // `<>`: read and write; treated as input.
                self.pos += 1;
            }
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
        self.word_until(&[])
    }

    /// A word ending at a metacharacter or at one of `stop` (used inside `${…}`).
    fn word_until(&mut self, stop: &[char]) -> Result<Word, ParseError> {
        let mut parts: Word = Vec::new();
        let mut lit = String::new();
        let flush = |lit: &mut String, parts: &mut Word| {
            if !lit.is_empty() {
                parts.push(WordPart::Lit(std::mem::take(lit)));
            }
        };
        while let Some(c) = self.peek() {
            if stop.contains(&c) || (stop.is_empty() && is_meta(c)) {
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
                    parts.push(WordPart::Quoted(self.text(start, self.pos)));
                    self.pos += 1;
                }
                '"' => {
                    flush(&mut lit, &mut parts);
                    self.pos += 1;
                    self.double_quoted(&mut parts)?;
                }
                '$' if self.peek_at(1) == Some('\'') => {
                    flush(&mut lit, &mut parts);
                    self.pos += 2;
                    parts.push(WordPart::Quoted(self.ansi_c()?));
                }
                '$' if self.peek_at(1) == Some('"') => {
                    // `$"…"` (locale translation) is `"…"`.
                    flush(&mut lit, &mut parts);
                    self.pos += 2;
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

    /// `$'…'`, cursor after the opening quote: C escapes.
    fn ansi_c(&mut self) -> Result<String, ParseError> {
        let mut s = String::new();
        loop {
            let Some(c) = self.peek() else { return Err(ParseError::Incomplete) };
            self.pos += 1;
            match c {
                '\'' => return Ok(s),
                '\\' => {
                    let Some(e) = self.peek() else { return Err(ParseError::Incomplete) };
                    self.pos += 1;
                    match e {
                        'n' => s.push('\n'),
                        't' => s.push('\t'),
                        'r' => s.push('\r'),
                        'a' => s.push('\x07'),
                        'b' => s.push('\x08'),
                        'e' | 'E' => s.push('\x1b'),
                        'f' => s.push('\x0c'),
                        'v' => s.push('\x0b'),
                        '\\' | '\'' | '"' | '?' => s.push(e),
                        'x' => {
                            let mut hex = String::new();
                            while hex.len() < 2 && self.peek().is_some_and(|h| h.is_ascii_hexdigit()) {
                                hex.extend(self.peek());
                                self.pos += 1;
                            }
                            match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                                Some(ch) => s.push(ch),
                                None => s.push_str("\\x"),
                            }
                        }
                        '0'..='7' => {
                            let mut oct = e.to_string();
                            while oct.len() < 3 && self.peek().is_some_and(|h| ('0'..='7').contains(&h)) {
                                oct.extend(self.peek());
                                self.pos += 1;
                            }
                            s.push(char::from(u8::from_str_radix(&oct, 8).unwrap_or(0)));
                        }
                        other => {
                            s.push('\\');
                            s.push(other);
                        }
                    }
                }
                other => s.push(other),
            }
        }
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

    /// Text where only `$…`, backquotes and `\` escapes of them count (here-document bodies,
    /// arithmetic), up to the end or one of `stop`.
    fn expansion_text(&mut self, stop: &[char]) -> Result<Word, ParseError> {
        let mut parts = Vec::new();
        let mut text = String::new();
        while let Some(c) = self.peek() {
            if stop.contains(&c) {
                break;
            }
            match c {
                '\\' => {
                    match self.peek_at(1) {
                        Some('\n') => {}
                        Some(e @ ('$' | '`' | '\\')) => text.push(e),
                        Some(e) => {
                            text.push('\\');
                            text.push(e);
                        }
                        None => text.push('\\'),
                    }
                    self.pos += 2;
                }
                '$' | '`' => match self.dollar(true)? {
                    Some(part) => {
                        if !text.is_empty() {
                            parts.push(WordPart::Quoted(std::mem::take(&mut text)));
                        }
                        parts.push(part);
                    }
                    None => {
                        text.push('$');
                        self.pos += 1;
                    }
                },
                _ => {
                    text.push(c);
                    self.pos += 1;
                }
            }
        }
        if !text.is_empty() {
            parts.push(WordPart::Quoted(text));
        }
        Ok(parts)
    }

    /// `$NAME`, `${…}`, `$?`, `$(...)`, `$((...))`, `` `...` `` at the cursor; `None` for a lone `$`.
    fn dollar(&mut self, quoted: bool) -> Result<Option<WordPart>, ParseError> {
        if self.peek() == Some('`') {
            self.pos += 1;
            let mut inner = String::new();
            loop {
                match self.peek() {
                    None => return Err(ParseError::Incomplete),
                    Some('`') => break,
                    Some('\\') if matches!(self.peek_at(1), Some('$' | '`' | '\\')) => {
                        inner.extend(self.peek_at(1));
                        self.pos += 2;
                    }
                    Some(c) => {
                        inner.push(c);
                        self.pos += 1;
                    }
                }
            }
            self.pos += 1;
            if self.depth >= MAX_NESTING {
                return Err(ParseError::Unsupported(format!("nesting deeper than {MAX_NESTING} levels")));
            }
            let program = parse_nested(&inner, self.depth + 1)?;
            return Ok(Some(WordPart::CmdSubst { script: program.script, quoted }));
        }
        match self.peek_at(1) {
            Some('(') if self.peek_at(2) == Some('(') => {
                let save = self.pos;
                self.pos += 3;
                match self.arith_body() {
                    Ok(expr) => Ok(Some(WordPart::Arith { expr, quoted })),
                    // `$( (a) )`-style nesting that is not arithmetic after all.
                    Err(ParseError::Unexpected(t)) if t == ")" => {
                        self.pos = save;
                        self.cmd_subst(quoted).map(Some)
                    }
                    Err(e) => Err(e),
                }
            }
            Some('(') => self.cmd_subst(quoted).map(Some),
            Some('{') => {
                self.pos += 2;
                self.braced_param(quoted).map(Some)
            }
            Some(c @ ('?' | '$' | '#' | '@' | '*' | '!' | '-' | '0'..='9')) => {
                self.pos += 2;
                Ok(Some(WordPart::Param { name: c.to_string(), op: Box::default(), quoted }))
            }
            Some(c) if is_name_start(c) => {
                self.pos += 1;
                let start = self.pos;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                Ok(Some(WordPart::Param { name: self.text(start, self.pos), op: Box::default(), quoted }))
            }
            _ => Ok(None),
        }
    }

    fn cmd_subst(&mut self, quoted: bool) -> Result<WordPart, ParseError> {
        self.pos += 2;
        self.deeper()?;
        let script = self.list(&[")"], false)?;
        self.depth -= 1;
        if self.peek() != Some(')') {
            return Err(self.unexpected_here());
        }
        self.pos += 1;
        Ok(WordPart::CmdSubst { script, quoted })
    }

    /// After `${`: the parameter, an operator and its word, up to the matching `}`.
    fn braced_param(&mut self, quoted: bool) -> Result<WordPart, ParseError> {
        let bad = |p: &Self, from: usize| -> ParseError {
            let mut end = from;
            while end < p.src.len() && p.src[end] != '}' {
                end += 1;
            }
            if end >= p.src.len() {
                return ParseError::Incomplete;
            }
            ParseError::Message(format!("${{{}}}: bad substitution", p.text(from, end)))
        };
        let start = self.pos;
        let mut length = false;
        if self.peek() == Some('#') && self.peek_at(1).is_some_and(|c| c != '}' && c != ':' && c != '-' && c != '=' && c != '?' && c != '+')
        {
            length = true;
            self.pos += 1;
        }
        if self.peek() == Some('!') {
            return Err(ParseError::Unsupported("indirect expansion ${!NAME}".into()));
        }
        let name_start = self.pos;
        match self.peek() {
            Some(c) if is_name_start(c) => {
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
            }
            Some(c) if c.is_ascii_digit() => {
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            }
            Some('?' | '$' | '#' | '@' | '*' | '-' | '!') => self.pos += 1,
            None => return Err(ParseError::Incomplete),
            _ => return Err(bad(self, start)),
        }
        let name = self.text(name_start, self.pos);
        if self.peek() == Some('[') {
            return Err(ParseError::Unsupported("arrays (${NAME[…]})".into()));
        }
        let op = if length {
            if self.peek() != Some('}') {
                return Err(bad(self, start));
            }
            ParamOp::Length
        } else {
            match self.peek() {
                None => return Err(ParseError::Incomplete),
                Some('}') => ParamOp::Plain,
                Some(':') if matches!(self.peek_at(1), Some('-' | '=' | '?' | '+')) => {
                    let c = self.peek_at(1).unwrap_or('-');
                    self.pos += 2;
                    let word = self.param_word()?;
                    value_op(c, true, word)
                }
                Some(c @ ('-' | '=' | '?' | '+')) => {
                    self.pos += 1;
                    let word = self.param_word()?;
                    value_op(c, false, word)
                }
                Some(':') => {
                    self.pos += 1;
                    let offset = self.expansion_text(&[':', '}'])?;
                    let length = if self.peek() == Some(':') {
                        self.pos += 1;
                        Some(self.expansion_text(&['}'])?)
                    } else {
                        None
                    };
                    ParamOp::Substring { offset, length }
                }
                Some(c @ ('#' | '%')) => {
                    self.pos += 1;
                    let longest = self.peek() == Some(c);
                    if longest {
                        self.pos += 1;
                    }
                    let pattern = self.param_word()?;
                    if c == '#' {
                        ParamOp::TrimPrefix { longest, pattern }
                    } else {
                        ParamOp::TrimSuffix { longest, pattern }
                    }
                }
                Some('/') => {
                    self.pos += 1;
                    let (all, anchor) = match self.peek() {
                        Some('/') => (true, Anchor::None),
                        Some('#') => (false, Anchor::Start),
                        Some('%') => (false, Anchor::End),
                        _ => (false, Anchor::None),
                    };
                    if all || anchor != Anchor::None {
                        self.pos += 1;
                    }
                    let pattern = self.word_until(&['/', '}'])?;
                    let with = if self.peek() == Some('/') {
                        self.pos += 1;
                        self.param_word()?
                    } else {
                        Vec::new()
                    };
                    ParamOp::Replace { all, anchor, pattern, with }
                }
                Some(c @ ('^' | ',')) => {
                    self.pos += 1;
                    let all = self.peek() == Some(c);
                    if all {
                        self.pos += 1;
                    }
                    ParamOp::Case { upper: c == '^', all }
                }
                _ => return Err(bad(self, start)),
            }
        };
        if self.peek() != Some('}') {
            return Err(if self.peek().is_none() { ParseError::Incomplete } else { bad(self, start) });
        }
        self.pos += 1;
        Ok(WordPart::Param { name, op: Box::new(op), quoted })
    }

    /// The word of `${NAME:-word}` up to the closing `}` (quotes work inside; blanks are kept).
    fn param_word(&mut self) -> Result<Word, ParseError> {
        let mut word = Vec::new();
        loop {
            let part = self.word_until(&['}', ' ', '\t', '\n'])?;
            word.extend(part);
            match self.peek() {
                Some(c @ (' ' | '\t' | '\n')) => {
                    word.push(WordPart::Quoted(c.to_string()));
                    self.pos += 1;
                }
                Some('}') => return Ok(word),
                None => return Err(ParseError::Incomplete),
                _ => return Ok(word),
            }
        }
    }
}

fn value_op(c: char, colon: bool, word: Word) -> ParamOp {
    match c {
        '-' => ParamOp::Default { colon, word },
        '=' => ParamOp::Assign { colon, word },
        '?' => ParamOp::Error { colon, word },
        _ => ParamOp::Alt { colon, word },
    }
}

/// Splits the text of `for ((a; b; c))` at its two top-level semicolons.
fn split_arith_for(all: &Word) -> Option<[Word; 3]> {
    let mut out: Vec<Word> = vec![Vec::new()];
    for part in all {
        match part {
            WordPart::Quoted(s) => {
                let mut pieces = s.split(';');
                if let Some(first) = pieces.next() {
                    if !first.is_empty() {
                        out.last_mut()?.push(WordPart::Quoted(first.to_string()));
                    }
                }
                for piece in pieces {
                    out.push(Vec::new());
                    if !piece.is_empty() {
                        out.last_mut()?.push(WordPart::Quoted(piece.to_string()));
                    }
                }
            }
            other => out.last_mut()?.push(other.clone()),
        }
    }
    <[Word; 3]>::try_from(out).ok()
}

/// The source text of a word part (for here-document delimiters and messages).
pub fn part_source(p: &WordPart) -> String {
    match p {
        WordPart::Lit(s) | WordPart::Quoted(s) => s.clone(),
        WordPart::Param { name, op, .. } => match **op {
            ParamOp::Plain if name.len() == 1 || name.chars().all(is_name_char) => format!("${name}"),
            _ => format!("${{{name}}}"),
        },
        WordPart::CmdSubst { .. } => "$(...)".to_string(),
        WordPart::Arith { .. } => "$((...))".to_string(),
    }
}

/// The word as the user typed it (roughly), for messages such as `ambiguous redirect`.
pub fn word_source(w: &Word) -> String {
    w.iter().map(part_source).collect()
}

/// Parses an unquoted-delimiter here-document body: `$` expansions and `\\` escapes of `$`,
/// `` ` ``, `\\` and newline apply; everything else (quotes included) is literal.
pub fn parse_heredoc_body(body: &str) -> Result<Word, ParseError> {
    let chars: Vec<char> = body.chars().collect();
    let mut p = Parser { src: &chars, pos: 0, depth: 0, heredocs: Vec::new(), pending: Vec::new() };
    p.expansion_text(&[])
}

/// Parses text where only expansions count (the expression of `$((…))`, a `[[ … =~ ]]` regex).
pub fn parse_expansion_text(text: &str) -> Result<Word, ParseError> {
    parse_heredoc_body(text)
}

/// `NAME=value` as the first words of a command are assignments (`NAME+=value` appends).
fn split_assignment(word: &Word) -> Option<(String, Word)> {
    let WordPart::Lit(first) = word.first()? else {
        return None;
    };
    let eq = first.find('=')?;
    let name = &first[..eq];
    let plain = name.strip_suffix('+').unwrap_or(name);
    if !is_name(plain) {
        return None;
    }
    let mut value = Vec::new();
    if eq + 1 < first.len() {
        value.push(WordPart::Lit(first[eq + 1..].to_string()));
    }
    value.extend(word[1..].iter().cloned());
    Some((name.to_string(), value))
}

/// Puts here-document bodies into the redirections that read them.
fn fill_script(s: &mut Script, docs: &[HereDoc]) {
    for item in &mut s.items {
        for p in std::iter::once(&mut item.first).chain(item.rest.iter_mut().map(|(_, p)| p)) {
            for c in &mut p.commands {
                fill_command(c, docs);
            }
        }
    }
}

fn fill_command(c: &mut Command, docs: &[HereDoc]) {
    let (redirects, compound) = match c {
        Command::Simple(s) => {
            for w in s.words.iter_mut().chain(s.assignments.iter_mut().map(|(_, w)| w)) {
                fill_word(w, docs);
            }
            (&mut s.redirects, None)
        }
        Command::Compound(body, r) => (r, Some(body)),
        Command::Function(f) => (&mut f.redirects, Some(&mut f.body)),
    };
    for r in redirects.iter_mut() {
        if let RedirOp::HereDocIndex(i) = r.op {
            if let Some(d) = docs.get(i) {
                r.op = RedirOp::HereDoc(d.clone());
            }
        }
    }
    if let Some(body) = compound {
        match body {
            Compound::Brace(s) | Compound::Subshell(s) => fill_script(s, docs),
            Compound::For { body, .. } | Compound::ArithFor { body, .. } => fill_script(body, docs),
            Compound::While { cond, body, .. } => {
                fill_script(cond, docs);
                fill_script(body, docs);
            }
            Compound::If { branches, otherwise } => {
                for (c, b) in branches {
                    fill_script(c, docs);
                    fill_script(b, docs);
                }
                if let Some(o) = otherwise {
                    fill_script(o, docs);
                }
            }
            Compound::Case { arms, .. } => arms.iter_mut().for_each(|a| fill_script(&mut a.body, docs)),
            Compound::Arith(_) | Compound::Cond(_) => {}
        }
    }
}

fn fill_word(w: &mut Word, docs: &[HereDoc]) {
    for p in w {
        if let WordPart::CmdSubst { script, .. } = p {
            fill_script(script, docs);
        }
    }
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

    fn param(name: &str, quoted: bool) -> WordPart {
        WordPart::Param { name: name.into(), op: Box::default(), quoted }
    }

    fn simple(p: &Program, item: usize, cmd: usize) -> &SimpleCommand {
        match &p.script.items[item].first.commands[cmd] {
            Command::Simple(s) => s,
            other => panic!("not simple: {other:?}"),
        }
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
        let words = &simple(&p, 0, 0).words;
        assert_eq!(words[1], vec![WordPart::Quoted("a b".into())]);
        assert_eq!(words[2], vec![WordPart::Quoted("x ".into()), param("HOME", true), WordPart::Quoted(" y".into())]);
        assert_eq!(words[3], vec![WordPart::Quoted("$".into()), lit("z")]);
    }

    #[test]
    fn incomplete_inputs() {
        for s in [
            "echo 'a",
            "echo \"a",
            "ls |",
            "a &&",
            "cat <<EOF\nx",
            "echo \\",
            "echo $(ls",
            "cat <<EOF",
            "for i in 1 2",
            "for i in 1 2; do",
            "for i in 1 2; do echo $i",
            "if true; then",
            "if true; then x; else",
            "while true",
            "case $x in",
            "case $x in a) echo",
            "f() {",
            "f() { echo",
            "{ echo",
            "( echo",
            "echo ${X",
            "echo $((1 +",
        ] {
            assert_eq!(parse(s), Err(ParseError::Incomplete), "{s:?}");
        }
    }

    #[test]
    fn heredoc_bodies() {
        let p = parse("cat <<EOF > f\nhello $X\nEOF\ncat <<-'E'\n\tq\n\tE\n").unwrap();
        assert_eq!(simple(&p, 0, 0).redirects[0].op, RedirOp::HereDoc(HereDoc { body: "hello $X\n".into(), expand: true }));
        assert_eq!(simple(&p, 1, 0).redirects[0].op, RedirOp::HereDoc(HereDoc { body: "q\n".into(), expand: false }));
    }

    #[test]
    fn compound_commands() {
        for s in [
            "for i in 1 2; do echo $i; done",
            "for i in 1 2\ndo\n echo $i\ndone",
            "for i; do :; done",
            "for ((i=0; i<3; i++)); do echo $i; done",
            "while true; do break; done",
            "until false; do :; done > out",
            "if a; then b; elif c; then d; else e; fi",
            "case $x in a|b) echo ab;; (c) echo c;& *) echo d;;& esac",
            "case x in esac",
            "f() { echo hi; }",
            "function g { echo hi; }",
            "function h() ( echo sub )",
            "{ echo a; echo b; } | wc -l",
            "(cd /tmp; ls)",
            "((x = 1 + 2))",
            "[[ -n $x && $y == a* ]]",
            "echo $((1 + $(echo 2)))",
            "echo ${X:-default} ${#X} ${X#*/} ${X%%.*} ${X/a/b} ${X:1:2} ${X^^}",
            "echo done fi }",
        ] {
            assert!(parse(s).is_ok(), "{s:?}: {:?}", parse(s));
        }
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(parse("| a"), Err(ParseError::Unexpected("|".into())));
        assert_eq!(parse("ls >"), Err(ParseError::Unexpected("newline".into())));
        assert_eq!(parse("a ;; b"), Err(ParseError::Unexpected(";;".into())));
        assert_eq!(parse("done"), Err(ParseError::Unexpected("done".into())));
        assert_eq!(parse("for i in 1; echo $i; done"), Err(ParseError::Unexpected("echo".into())));
        assert_eq!(parse("if true; then fi"), Err(ParseError::Unexpected("fi".into())));
        assert_eq!(parse("while true; do done"), Err(ParseError::Unexpected("done".into())));
        assert_eq!(parse("echo )"), Err(ParseError::Unexpected(")".into())));
        assert!(matches!(parse("sleep 1 &"), Err(ParseError::Unsupported(_))));
        assert!(matches!(parse("a=(1 2)"), Err(ParseError::Unsupported(_))));
        let deep = format!("echo {}x{}", "$(".repeat(5000), ")".repeat(5000));
        assert!(matches!(parse(&deep), Err(ParseError::Unsupported(_))));
        let deep_if = format!("{} true {}", "if true; then ".repeat(500), "; fi".repeat(500));
        assert!(parse(&deep_if).is_err());
    }
}
