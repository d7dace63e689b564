//! `awk`: the POSIX language as learners use it (patterns and ranges, `BEGIN`/`END`, fields,
//! `-F`, `-v`, arrays, `for (k in a)`, functions, `printf`, `split`, `sub`, `gsub`, `match`,
//! `substr`, `getline` from files, output to files), behaving and failing like mawk — the awk
//! of Debian and Ubuntu. A run takes at most [`AWK_STEPS`] steps; going past is an error saying
//! so, with status [`LIMIT_STATUS`].

use super::text::compile_regex;
use crate::shell::{Cx, World};
use regex::Regex;
use std::collections::BTreeMap;

/// The status a run stopped by a limit of the simulator ends with (as `timeout` ends).
pub const LIMIT_STATUS: i32 = 124;

/// Statements and expressions one run may evaluate.
pub const AWK_STEPS: u64 = 2_000_000;
const MAX_DEPTH: usize = 40;

const USAGE: &str = "Usage: mawk [Options] [Program] [file ...]

Program:
    The -f option value is the name of a file containing program text.
    If no -f option is given, a \"--\" ends option processing; the following
    parameters are the program text.

Options:
    -f program-file  Program  text is read from file instead of from the
                     command-line.  Multiple -f options are accepted.
    -F value         sets the field separator, FS, to value.
    -v var=value     assigns value to program variable var.
    --               unambiguous end of options.

    Implementation-specific options are prefixed with \"-W\".  They can be
    abbreviated:

    -W version       show version information and exit.
    -W dump          show assembler-like listing of program and exit.
    -W help          show this message and exit.
    -W interactive   set unbuffered output, line-buffered input.
    -W exec file     use file as program as well as last option.
    -W random=number set initial random seed.
    -W sprintf=number adjust size of sprintf buffer.
    -W posix_space   do not consider \"\\n\" a space.
    -W usage         show this message and exit.
";

// ---------------------------------------------------------------- lexer

#[derive(Debug, Clone, PartialEq)]
enum T {
    Num(f64),
    Str(String),
    Re(String),
    Name(String),
    /// A name directly followed by `(`: a function call.
    Func(String),
    Builtin(String),
    Kw(&'static str),
    Op(&'static str),
    Newline,
    Eof,
}

const KEYWORDS: &[&str] = &[
    "BEGIN", "END", "function", "func", "if", "else", "while", "for", "do", "break", "continue", "next", "nextfile", "exit", "return",
    "delete", "in", "getline", "print", "printf",
];
const BUILTINS: &[&str] = &[
    "length", "substr", "index", "split", "sub", "gsub", "match", "sprintf", "tolower", "toupper", "int", "sqrt", "exp", "log", "sin",
    "cos", "atan2", "rand", "srand", "system", "close", "fflush",
];
const OPS: &[&str] = &[
    "+=", "-=", "*=", "/=", "%=", "^=", "==", "<=", ">=", "!=", "++", "--", "&&", "||", ">>", "!~", "{", "}", "(", ")", "[", "]", ";", ",",
    "+", "-", "*", "/", "%", "^", "!", ">", "<", "|", "?", ":", "~", "$", "=",
];

struct Lexer {
    c: Vec<char>,
    i: usize,
    line: usize,
    /// Whether a `/` now starts a regex (no operand just before).
    regex_ok: bool,
}

impl Lexer {
    fn syntax(&self, near: &str) -> String {
        format!("awk: line {}: syntax error at or near {near}", self.line)
    }

    fn next(&mut self) -> Result<T, String> {
        loop {
            match self.c.get(self.i) {
                Some(' ' | '\t' | '\r') => self.i += 1,
                Some('\\') if self.c.get(self.i + 1) == Some(&'\n') => {
                    self.i += 2;
                    self.line += 1;
                }
                Some('#') => {
                    while self.c.get(self.i).is_some_and(|&c| c != '\n') {
                        self.i += 1;
                    }
                }
                _ => break,
            }
        }
        let Some(&ch) = self.c.get(self.i) else { return Ok(T::Eof) };
        let t = if ch == '\n' {
            self.i += 1;
            self.line += 1;
            T::Newline
        } else if ch.is_ascii_digit() || (ch == '.' && self.c.get(self.i + 1).is_some_and(|d| d.is_ascii_digit())) {
            let start = self.i;
            while self.c.get(self.i).is_some_and(|c| c.is_ascii_digit() || *c == '.') {
                self.i += 1;
            }
            if matches!(self.c.get(self.i), Some('e' | 'E'))
                && (self.c.get(self.i + 1).is_some_and(|c| c.is_ascii_digit())
                    || (matches!(self.c.get(self.i + 1), Some('+' | '-')) && self.c.get(self.i + 2).is_some_and(|c| c.is_ascii_digit())))
            {
                self.i += 2;
                while self.c.get(self.i).is_some_and(|c| c.is_ascii_digit()) {
                    self.i += 1;
                }
            }
            let s: String = self.c[start..self.i].iter().collect();
            T::Num(s.parse().unwrap_or(0.0))
        } else if ch.is_ascii_alphabetic() || ch == '_' {
            let start = self.i;
            while self.c.get(self.i).is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_') {
                self.i += 1;
            }
            let w: String = self.c[start..self.i].iter().collect();
            if let Some(k) = KEYWORDS.iter().find(|k| **k == w) {
                T::Kw(if *k == "func" { "function" } else { k })
            } else if BUILTINS.contains(&w.as_str()) {
                T::Builtin(w)
            } else if self.c.get(self.i) == Some(&'(') {
                T::Func(w)
            } else {
                T::Name(w)
            }
        } else if ch == '"' {
            self.i += 1;
            let mut s = String::new();
            loop {
                match self.c.get(self.i) {
                    None | Some('\n') => {
                        return Err(format!(
                            "awk: line {}: runaway string constant \"{} ...",
                            self.line,
                            s.chars().take(10).collect::<String>()
                        ))
                    }
                    Some('"') => {
                        self.i += 1;
                        break;
                    }
                    Some('\\') => {
                        self.i += 1;
                        let e = self.c.get(self.i).copied().unwrap_or('\\');
                        self.i += 1;
                        match e {
                            'n' => s.push('\n'),
                            't' => s.push('\t'),
                            'r' => s.push('\r'),
                            '\\' => s.push('\\'),
                            '"' => s.push('"'),
                            '/' => s.push('/'),
                            'a' => s.push('\x07'),
                            'b' => s.push('\x08'),
                            'f' => s.push('\x0c'),
                            'v' => s.push('\x0b'),
                            '\n' => self.line += 1,
                            '0'..='7' => {
                                let mut o = e.to_string();
                                while o.len() < 3 && self.c.get(self.i).is_some_and(|c| ('0'..='7').contains(c)) {
                                    o.push(self.c[self.i]);
                                    self.i += 1;
                                }
                                s.push(char::from(u8::from_str_radix(&o, 8).unwrap_or(0)));
                            }
                            other => {
                                s.push('\\');
                                s.push(other);
                            }
                        }
                    }
                    Some(&c) => {
                        s.push(c);
                        self.i += 1;
                    }
                }
            }
            T::Str(s)
        } else if ch == '/' && self.regex_ok {
            self.i += 1;
            let mut s = String::new();
            loop {
                match self.c.get(self.i) {
                    None | Some('\n') => {
                        return Err(format!(
                            "awk: line {}: runaway regular expression /{} ...",
                            self.line,
                            s.chars().take(10).collect::<String>()
                        ))
                    }
                    Some('/') => {
                        self.i += 1;
                        break;
                    }
                    Some('\\') if self.c.get(self.i + 1) == Some(&'/') => {
                        s.push('/');
                        self.i += 2;
                    }
                    Some('\\') => {
                        s.push('\\');
                        s.extend(self.c.get(self.i + 1));
                        self.i += 2;
                    }
                    Some(&c) => {
                        s.push(c);
                        self.i += 1;
                    }
                }
            }
            T::Re(s)
        } else {
            let rest: String = self.c[self.i..(self.i + 2).min(self.c.len())].iter().collect();
            match OPS.iter().find(|o| rest.starts_with(**o)) {
                Some(o) => {
                    self.i += o.len();
                    T::Op(o)
                }
                None => return Err(self.syntax(&ch.to_string())),
            }
        };
        self.regex_ok = !matches!(t, T::Num(_) | T::Str(_) | T::Re(_) | T::Name(_) | T::Builtin(_) | T::Op(")" | "]" | "$" | "++" | "--"));
        Ok(t)
    }
}

// ---------------------------------------------------------------- syntax

#[derive(Debug, Clone)]
enum E {
    Num(f64),
    Str(String),
    Re(usize),
    Var(String),
    Field(Box<E>),
    Index(String, Vec<E>),
    In(Vec<E>, String),
    Assign(Box<E>, Option<&'static str>, Box<E>),
    Cond(Box<E>, Box<E>, Box<E>),
    And(Box<E>, Box<E>),
    Or(Box<E>, Box<E>),
    Match(bool, Box<E>, Box<E>),
    Bin(&'static str, Box<E>, Box<E>),
    Concat(Box<E>, Box<E>),
    Not(Box<E>),
    Neg(Box<E>),
    Pos(Box<E>),
    Incr(bool, bool, Box<E>),
    Call(String, Vec<E>),
    Builtin(String, Vec<E>),
    /// `getline [var] [< file]`
    Getline(Option<Box<E>>, Option<Box<E>>),
    Group(Box<E>),
}

#[derive(Debug, Clone)]
enum Redirect {
    Write(E),
    Append(E),
}

#[derive(Debug, Clone)]
enum S {
    Expr(E),
    Print(Vec<E>, Option<Redirect>),
    Printf(Vec<E>, Option<Redirect>),
    If(E, Box<S>, Option<Box<S>>),
    While(E, Box<S>),
    Do(Box<S>, E),
    For(Option<E>, Option<E>, Option<E>, Box<S>),
    ForIn(String, String, Box<S>),
    Block(Vec<S>),
    Next,
    Exit(Option<E>),
    Return(Option<E>),
    Break,
    Continue,
    Delete(String, Option<Vec<E>>),
}

enum Pattern {
    Begin,
    End,
    All,
    Expr(E),
    Range(E, E),
}

struct Func {
    params: Vec<String>,
    body: Vec<S>,
}

struct Program {
    items: Vec<(Pattern, Option<Vec<S>>)>,
    funcs: BTreeMap<String, Func>,
    regexes: Vec<String>,
}

struct Parser {
    toks: Vec<(T, usize)>,
    i: usize,
    regexes: Vec<String>,
    depth: usize,
}

fn tok_text(t: &T) -> String {
    match t {
        T::Num(n) => fmt_num(*n, "%.6g"),
        T::Str(s) => format!("\"{s}\""),
        T::Re(r) => format!("/{r}/"),
        T::Name(n) | T::Func(n) | T::Builtin(n) => n.clone(),
        T::Kw(k) => k.to_string(),
        T::Op(o) => o.to_string(),
        T::Newline => "end of line".into(),
        T::Eof => "end of file".into(),
    }
}

impl Parser {
    fn peek(&self) -> &T {
        &self.toks[self.i.min(self.toks.len() - 1)].0
    }
    fn line(&self) -> usize {
        self.toks[self.i.min(self.toks.len() - 1)].1
    }
    fn bump(&mut self) -> T {
        let t = self.peek().clone();
        if self.i < self.toks.len() {
            self.i += 1;
        }
        t
    }
    fn err(&self) -> String {
        if *self.peek() == T::Eof {
            return format!("awk: line {}: syntax error at or near end of file", self.line());
        }
        format!("awk: line {}: syntax error at or near {}", self.line(), tok_text(self.peek()))
    }
    fn is(&self, op: &str) -> bool {
        matches!(self.peek(), T::Op(o) if *o == op)
    }
    fn eat(&mut self, op: &str) -> bool {
        if self.is(op) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.eat(op) {
            Ok(())
        } else if op == "}" && *self.peek() == T::Eof {
            Err(format!("awk: line {}: missing }} near end of file", self.line()))
        } else {
            Err(self.err())
        }
    }
    fn newlines(&mut self) {
        while *self.peek() == T::Newline {
            self.i += 1;
        }
    }
    fn terminators(&mut self) {
        while *self.peek() == T::Newline || self.is(";") {
            self.i += 1;
        }
    }

    fn program(&mut self) -> Result<Program, String> {
        let mut items = Vec::new();
        let mut funcs = BTreeMap::new();
        loop {
            self.terminators();
            match self.peek().clone() {
                T::Eof => break,
                T::Kw("function") => {
                    self.bump();
                    let name = match self.bump() {
                        T::Func(n) | T::Name(n) => n,
                        _ => return Err(self.err()),
                    };
                    self.expect("(")?;
                    let mut params = Vec::new();
                    while let T::Name(p) = self.peek().clone() {
                        self.bump();
                        params.push(p);
                        if !self.eat(",") {
                            break;
                        }
                        self.newlines();
                    }
                    self.expect(")")?;
                    self.newlines();
                    let body = self.block()?;
                    funcs.insert(name, Func { params, body });
                }
                T::Kw("BEGIN") => {
                    self.bump();
                    self.newlines();
                    items.push((Pattern::Begin, Some(self.block()?)));
                }
                T::Kw("END") => {
                    self.bump();
                    self.newlines();
                    items.push((Pattern::End, Some(self.block()?)));
                }
                T::Op("{") => items.push((Pattern::All, Some(self.block()?))),
                _ => {
                    let e = self.expr(false)?;
                    let pat = if self.eat(",") {
                        self.newlines();
                        Pattern::Range(e, self.expr(false)?)
                    } else {
                        Pattern::Expr(e)
                    };
                    let action = if self.is("{") { Some(self.block()?) } else { None };
                    items.push((pat, action));
                }
            }
        }
        Ok(Program { items, funcs, regexes: std::mem::take(&mut self.regexes) })
    }

    fn block(&mut self) -> Result<Vec<S>, String> {
        self.expect("{")?;
        let mut v = Vec::new();
        loop {
            self.terminators();
            if self.eat("}") {
                return Ok(v);
            }
            if *self.peek() == T::Eof {
                return Err(format!("awk: line {}: missing }} near end of file", self.line()));
            }
            v.push(self.stmt()?);
        }
    }

    fn simple_end(&mut self) -> Result<(), String> {
        if self.eat(";") || *self.peek() == T::Newline || self.is("}") || *self.peek() == T::Eof {
            if *self.peek() == T::Newline {
                self.bump();
            }
            Ok(())
        } else {
            Err(self.err())
        }
    }

    fn body(&mut self) -> Result<S, String> {
        self.newlines();
        if self.eat(";") {
            return Ok(S::Block(Vec::new()));
        }
        self.stmt()
    }

    fn stmt(&mut self) -> Result<S, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!(
                "awk: line {}: 시뮬레이터의 awk 는 {MAX_DEPTH} 단계까지만 중첩합니다 / the simulator's awk nests at most {MAX_DEPTH} deep",
                self.line()
            ));
        }
        let r = self.stmt_inner();
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self) -> Result<S, String> {
        match self.peek().clone() {
            T::Op("{") => Ok(S::Block(self.block()?)),
            T::Kw("if") => {
                self.bump();
                self.expect("(")?;
                let c = self.expr(false)?;
                self.expect(")")?;
                let then = self.body()?;
                let save = self.i;
                self.terminators();
                if *self.peek() == T::Kw("else") {
                    self.bump();
                    let els = self.body()?;
                    return Ok(S::If(c, Box::new(then), Some(Box::new(els))));
                }
                self.i = save;
                Ok(S::If(c, Box::new(then), None))
            }
            T::Kw("while") => {
                self.bump();
                self.expect("(")?;
                let c = self.expr(false)?;
                self.expect(")")?;
                if self.eat(";") {
                    return Ok(S::While(c, Box::new(S::Block(Vec::new()))));
                }
                Ok(S::While(c, Box::new(self.body()?)))
            }
            T::Kw("do") => {
                self.bump();
                let b = self.body()?;
                self.terminators();
                if self.bump() != T::Kw("while") {
                    return Err(self.err());
                }
                self.expect("(")?;
                let c = self.expr(false)?;
                self.expect(")")?;
                self.simple_end()?;
                Ok(S::Do(Box::new(b), c))
            }
            T::Kw("for") => {
                self.bump();
                self.expect("(")?;
                if let (T::Name(k), T::Kw("in"), T::Name(a)) = (
                    self.peek().clone(),
                    self.toks.get(self.i + 1).map(|t| t.0.clone()).unwrap_or(T::Eof),
                    self.toks.get(self.i + 2).map(|t| t.0.clone()).unwrap_or(T::Eof),
                ) {
                    if matches!(self.toks.get(self.i + 3).map(|t| &t.0), Some(T::Op(")"))) {
                        self.i += 4;
                        return Ok(S::ForIn(k, a, Box::new(self.body()?)));
                    }
                }
                let init = if self.is(";") { None } else { Some(self.expr(false)?) };
                self.expect(";")?;
                self.newlines();
                let cond = if self.is(";") { None } else { Some(self.expr(false)?) };
                self.expect(";")?;
                self.newlines();
                let step = if self.is(")") { None } else { Some(self.expr(false)?) };
                self.expect(")")?;
                if self.eat(";") {
                    return Ok(S::For(init, cond, step, Box::new(S::Block(Vec::new()))));
                }
                Ok(S::For(init, cond, step, Box::new(self.body()?)))
            }
            T::Kw(k @ ("next" | "nextfile" | "break" | "continue")) => {
                self.bump();
                self.simple_end()?;
                Ok(match k {
                    "break" => S::Break,
                    "continue" => S::Continue,
                    _ => S::Next,
                })
            }
            T::Kw(k @ ("exit" | "return")) => {
                self.bump();
                let e =
                    if self.is(";") || self.is("}") || matches!(self.peek(), T::Newline | T::Eof) { None } else { Some(self.expr(false)?) };
                self.simple_end()?;
                Ok(if k == "exit" { S::Exit(e) } else { S::Return(e) })
            }
            T::Kw("delete") => {
                self.bump();
                let T::Name(a) = self.bump() else { return Err(self.err()) };
                let idx = if self.eat("[") {
                    let v = self.expr_list()?;
                    self.expect("]")?;
                    Some(v)
                } else {
                    None
                };
                self.simple_end()?;
                Ok(S::Delete(a, idx))
            }
            T::Kw(k @ ("print" | "printf")) => {
                self.bump();
                let mut args = Vec::new();
                if !(self.is(";")
                    || self.is("}")
                    || self.is(">")
                    || self.is(">>")
                    || self.is("|")
                    || matches!(self.peek(), T::Newline | T::Eof))
                {
                    // `print (a, b) > f` and `print a, b > f`.
                    args = self.expr_list_print()?;
                }
                let redirect = if self.eat(">") {
                    Some(Redirect::Write(self.concat(true)?))
                } else if self.eat(">>") {
                    Some(Redirect::Append(self.concat(true)?))
                } else if self.is("|") {
                    return Err("awk: 시뮬레이터의 awk 는 파이프로 출력하지 않습니다 / the simulator's awk does not print into pipes (print | \"cmd\")".to_string());
                } else {
                    None
                };
                self.simple_end()?;
                if k == "printf" && args.is_empty() {
                    return Err(self.err());
                }
                Ok(if k == "print" { S::Print(args, redirect) } else { S::Printf(args, redirect) })
            }
            _ => {
                let e = self.expr(false)?;
                self.simple_end()?;
                Ok(S::Expr(e))
            }
        }
    }

    fn expr_list(&mut self) -> Result<Vec<E>, String> {
        let mut v = vec![self.expr(false)?];
        while self.eat(",") {
            self.newlines();
            v.push(self.expr(false)?);
        }
        Ok(v)
    }

    fn expr_list_print(&mut self) -> Result<Vec<E>, String> {
        let mut v = vec![self.expr(true)?];
        while self.eat(",") {
            self.newlines();
            v.push(self.expr(true)?);
        }
        // `print (a, b)`: a grouping of the whole list.
        if v.len() == 1 {
            if let E::Group(inner) = &v[0] {
                if let E::Call(n, items) = &**inner {
                    if n == "\u{0}list" {
                        return Ok(items.clone());
                    }
                }
            }
        }
        Ok(v)
    }

    /// expr; `no_gt`: inside `print`, `>` is a redirection.
    fn expr(&mut self, no_gt: bool) -> Result<E, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!(
                "awk: line {}: 시뮬레이터의 awk 는 {MAX_DEPTH} 단계까지만 중첩합니다 / the simulator's awk nests at most {MAX_DEPTH} deep",
                self.line()
            ));
        }
        let r = self.ternary(no_gt);
        self.depth -= 1;
        r
    }

    fn ternary(&mut self, no_gt: bool) -> Result<E, String> {
        let c = self.or(no_gt)?;
        if self.eat("?") {
            self.newlines();
            let a = self.ternary(no_gt)?;
            self.newlines();
            self.expect(":")?;
            self.newlines();
            let b = self.ternary(no_gt)?;
            return Ok(E::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        // Assignment: the left side must be an lvalue.
        for (op, kind) in
            [("=", None), ("+=", Some("+")), ("-=", Some("-")), ("*=", Some("*")), ("/=", Some("/")), ("%=", Some("%")), ("^=", Some("^"))]
        {
            if self.is(op) && matches!(c, E::Var(_) | E::Field(_) | E::Index(..)) {
                self.bump();
                self.newlines();
                let rhs = self.ternary(no_gt)?;
                return Ok(E::Assign(Box::new(c), kind, Box::new(rhs)));
            }
        }
        Ok(c)
    }

    fn or(&mut self, no_gt: bool) -> Result<E, String> {
        let mut l = self.and(no_gt)?;
        while self.eat("||") {
            self.newlines();
            l = E::Or(Box::new(l), Box::new(self.and(no_gt)?));
        }
        Ok(l)
    }

    fn and(&mut self, no_gt: bool) -> Result<E, String> {
        let mut l = self.in_expr(no_gt)?;
        while self.eat("&&") {
            self.newlines();
            l = E::And(Box::new(l), Box::new(self.in_expr(no_gt)?));
        }
        Ok(l)
    }

    fn in_expr(&mut self, no_gt: bool) -> Result<E, String> {
        let mut l = self.matching(no_gt)?;
        while *self.peek() == T::Kw("in") {
            self.bump();
            let T::Name(a) = self.bump() else { return Err(self.err()) };
            let keys = match l {
                E::Group(inner) => match *inner {
                    E::Call(n, items) if n == "\u{0}list" => items,
                    other => vec![other],
                },
                other => vec![other],
            };
            l = E::In(keys, a);
        }
        Ok(l)
    }

    fn matching(&mut self, no_gt: bool) -> Result<E, String> {
        let mut l = self.compare(no_gt)?;
        loop {
            let neg = if self.eat("~") {
                false
            } else if self.eat("!~") {
                true
            } else {
                return Ok(l);
            };
            l = E::Match(neg, Box::new(l), Box::new(self.compare(no_gt)?));
        }
    }

    fn compare(&mut self, no_gt: bool) -> Result<E, String> {
        let l = self.concat(no_gt)?;
        for op in ["<=", ">=", "==", "!=", "<", ">"] {
            if op == ">" && no_gt {
                continue;
            }
            if self.is(op) {
                self.bump();
                let r = self.concat(no_gt)?;
                return Ok(E::Bin(op, Box::new(l), Box::new(r)));
            }
        }
        Ok(l)
    }

    fn starts_operand(&self) -> bool {
        match self.peek() {
            T::Num(_) | T::Str(_) | T::Re(_) | T::Name(_) | T::Func(_) | T::Builtin(_) => true,
            T::Op(o) => matches!(*o, "$" | "!" | "(" | "-" | "+" | "++" | "--"),
            _ => false,
        }
    }

    fn concat(&mut self, no_gt: bool) -> Result<E, String> {
        let mut l = self.additive()?;
        while self.starts_operand() && !self.is("-") && !self.is("+") && !self.is("!") {
            let r = self.additive()?;
            l = E::Concat(Box::new(l), Box::new(r));
        }
        let _ = no_gt;
        Ok(l)
    }

    fn additive(&mut self) -> Result<E, String> {
        let mut l = self.mult()?;
        loop {
            let op = if self.eat("+") {
                "+"
            } else if self.eat("-") {
                "-"
            } else {
                return Ok(l);
            };
            l = E::Bin(op, Box::new(l), Box::new(self.mult()?));
        }
    }

    fn mult(&mut self) -> Result<E, String> {
        let mut l = self.unary()?;
        loop {
            let op = if self.eat("*") {
                "*"
            } else if self.eat("/") {
                "/"
            } else if self.eat("%") {
                "%"
            } else {
                return Ok(l);
            };
            l = E::Bin(op, Box::new(l), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<E, String> {
        if self.eat("!") {
            return Ok(E::Not(Box::new(self.unary()?)));
        }
        if self.eat("-") {
            return Ok(E::Neg(Box::new(self.unary()?)));
        }
        if self.eat("+") {
            return Ok(E::Pos(Box::new(self.unary()?)));
        }
        self.power()
    }

    fn power(&mut self) -> Result<E, String> {
        let base = self.postfix()?;
        if self.eat("^") {
            // Right-associative, and binds tighter than unary minus on its right.
            let exp = if self.eat("-") { E::Neg(Box::new(self.power()?)) } else { self.power()? };
            return Ok(E::Bin("^", Box::new(base), Box::new(exp)));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> Result<E, String> {
        if self.is("++") || self.is("--") {
            let inc = self.is("++");
            self.bump();
            let e = self.postfix()?;
            return Ok(E::Incr(true, inc, Box::new(e)));
        }
        let e = self.primary()?;
        if matches!(e, E::Var(_) | E::Field(_) | E::Index(..)) && (self.is("++") || self.is("--")) {
            let inc = self.is("++");
            self.bump();
            return Ok(E::Incr(false, inc, Box::new(e)));
        }
        Ok(e)
    }

    fn primary(&mut self) -> Result<E, String> {
        match self.bump() {
            T::Num(n) => Ok(E::Num(n)),
            T::Str(s) => Ok(E::Str(s)),
            T::Re(r) => {
                self.regexes.push(r);
                Ok(E::Re(self.regexes.len() - 1))
            }
            T::Op("$") => {
                let e = if self.is("++") || self.is("--") { self.postfix()? } else { self.primary()? };
                Ok(E::Field(Box::new(e)))
            }
            T::Op("(") => {
                let first = self.expr(false)?;
                if self.eat(",") {
                    let mut items = vec![first];
                    items.extend(self.expr_list()?);
                    self.expect(")")?;
                    return Ok(E::Group(Box::new(E::Call("\u{0}list".into(), items))));
                }
                self.expect(")")?;
                Ok(E::Group(Box::new(first)))
            }
            T::Name(n) => {
                if self.eat("[") {
                    let idx = self.expr_list()?;
                    self.expect("]")?;
                    return Ok(E::Index(n, idx));
                }
                Ok(E::Var(n))
            }
            T::Func(n) => {
                self.expect("(")?;
                let args = if self.is(")") { Vec::new() } else { self.expr_list()? };
                self.expect(")")?;
                Ok(E::Call(n, args))
            }
            T::Builtin(n) => {
                let args = if self.eat("(") {
                    let a = if self.is(")") { Vec::new() } else { self.expr_list()? };
                    self.expect(")")?;
                    a
                } else if n == "length" {
                    Vec::new()
                } else {
                    self.i -= 1;
                    return Err(self.err());
                };
                Ok(E::Builtin(n, args))
            }
            T::Kw("getline") => {
                let var = if matches!(self.peek(), T::Name(_) | T::Op("$")) { Some(Box::new(self.primary()?)) } else { None };
                let file = if self.eat("<") { Some(Box::new(self.primary()?)) } else { None };
                Ok(E::Getline(var, file))
            }
            _ => {
                self.i -= 1;
                Err(self.err())
            }
        }
    }
}

// ---------------------------------------------------------------- values

#[derive(Debug, Clone)]
enum V {
    Num(f64),
    Str(String),
    /// Input text that looks like a number: compares as a number.
    StrNum(String, f64),
}

fn looks_numeric(s: &str) -> Option<f64> {
    let t = s.trim();
    if t.is_empty() {
        return None;
    }
    let ok = t.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    if !ok || t.eq_ignore_ascii_case("inf") {
        return None;
    }
    t.parse::<f64>().ok()
}

fn input_value(s: String) -> V {
    match looks_numeric(&s) {
        Some(n) => V::StrNum(s, n),
        None => V::Str(s),
    }
}

/// awk's string-to-number: the longest numeric prefix.
fn str_num(s: &str) -> f64 {
    let t = s.trim_start();
    let b = t.as_bytes();
    let mut end = 0;
    if end < b.len() && (b[end] == b'+' || b[end] == b'-') {
        end += 1;
    }
    let digits_start = end;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
    }
    if end < b.len() && b[end] == b'.' {
        end += 1;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
    }
    if end == digits_start || (end == digits_start + 1 && b[digits_start] == b'.') {
        return 0.0;
    }
    if end < b.len() && (b[end] == b'e' || b[end] == b'E') {
        let mut e = end + 1;
        if e < b.len() && (b[e] == b'+' || b[e] == b'-') {
            e += 1;
        }
        if e < b.len() && b[e].is_ascii_digit() {
            while e < b.len() && b[e].is_ascii_digit() {
                e += 1;
            }
            end = e;
        }
    }
    t[..end].parse().unwrap_or(0.0)
}

/// C's `%g`-family formatting of one number.
fn fmt_num(n: f64, fmt: &str) -> String {
    c_printf(fmt, &[V::Num(n)]).0
}

fn num_to_str(n: f64, fmt: &str) -> String {
    if n.is_nan() {
        return if n.is_sign_negative() { "-nan".into() } else { "nan".into() };
    }
    if n.is_infinite() {
        return if n > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if n == n.trunc() && n.abs() < 2_147_483_648.0 {
        return format!("{}", n as i64);
    }
    fmt_num(n, fmt)
}

impl V {
    fn num(&self) -> f64 {
        match self {
            V::Num(n) | V::StrNum(_, n) => *n,
            V::Str(s) => str_num(s),
        }
    }
    fn str(&self, convfmt: &str) -> String {
        match self {
            V::Num(n) => num_to_str(*n, convfmt),
            V::Str(s) | V::StrNum(s, _) => s.clone(),
        }
    }
    fn truthy(&self) -> bool {
        match self {
            V::Num(n) => *n != 0.0,
            V::Str(s) => !s.is_empty(),
            V::StrNum(_, n) => *n != 0.0,
        }
    }
}

/// `printf`'s formatting: the text and the number of arguments used, or mawk's complaint.
fn c_printf(fmt: &str, args: &[V]) -> (String, Result<(), String>) {
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut next = 0;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'%') {
            out.push('%');
            i += 2;
            continue;
        }
        let start = i;
        i += 1;
        let mut flags = String::new();
        while let Some(&f) = chars.get(i).filter(|f| "-+ #0".contains(**f)) {
            flags.push(f);
            i += 1;
        }
        let take_num = |i: &mut usize, next: &mut usize| -> Option<usize> {
            if chars.get(*i) == Some(&'*') {
                *i += 1;
                let v = args.get(*next).map(|a| a.num() as i64).unwrap_or(0);
                *next += 1;
                return Some(v.unsigned_abs() as usize);
            }
            let mut d = String::new();
            while let Some(&c) = chars.get(*i).filter(|c| c.is_ascii_digit()) {
                d.push(c);
                *i += 1;
            }
            d.parse().ok()
        };
        let width = take_num(&mut i, &mut next).unwrap_or(0);
        let prec = if chars.get(i) == Some(&'.') {
            i += 1;
            Some(take_num(&mut i, &mut next).unwrap_or(0))
        } else {
            None
        };
        let Some(&conv) = chars.get(i) else {
            out.extend(&chars[start..]);
            break;
        };
        i += 1;
        if !"diouxXcseEfFgG".contains(conv) {
            out.extend(&chars[start..i]);
            continue;
        }
        let Some(arg) = args.get(next) else {
            let shown: String = chars.iter().collect();
            return (out, Err(format!("not enough arguments passed to printf(\"{shown}\")")));
        };
        next += 1;
        let body = match conv {
            'd' | 'i' | 'u' => {
                let n = arg.num();
                let v = if n.is_finite() { n.trunc() as i64 } else { 0 };
                let mut s = v.unsigned_abs().to_string();
                if let Some(p) = prec {
                    if s.len() < p {
                        s = format!("{}{s}", "0".repeat(p - s.len()));
                    }
                }
                let sign = if v < 0 {
                    "-"
                } else if flags.contains('+') {
                    "+"
                } else if flags.contains(' ') {
                    " "
                } else {
                    ""
                };
                format!("{sign}{s}")
            }
            'o' | 'x' | 'X' => {
                let v = arg.num().trunc() as i64 as u64;
                match conv {
                    'o' => format!("{v:o}"),
                    'x' => format!("{v:x}"),
                    _ => format!("{v:X}"),
                }
            }
            'c' => match arg {
                V::Num(n) => char::from_u32(*n as u32).map(String::from).unwrap_or_default(),
                other => other.str("%.6g").chars().next().map(String::from).unwrap_or_default(),
            },
            's' => {
                let s = arg.str("%.6g");
                match prec {
                    Some(p) => s.chars().take(p).collect(),
                    None => s,
                }
            }
            _ => float_conv(arg.num(), conv, prec.unwrap_or(6), &flags),
        };
        let len = body.chars().count();
        if len < width {
            let pad = width - len;
            if flags.contains('-') {
                out.push_str(&body);
                out.push_str(&" ".repeat(pad));
            } else if flags.contains('0') && !matches!(conv, 's' | 'c') {
                let (sign, digits) = if body.starts_with(['-', '+', ' ']) { body.split_at(1) } else { ("", body.as_str()) };
                out.push_str(sign);
                out.push_str(&"0".repeat(pad));
                out.push_str(digits);
            } else {
                out.push_str(&" ".repeat(pad));
                out.push_str(&body);
            }
        } else {
            out.push_str(&body);
        }
    }
    (out, Ok(()))
}

fn float_conv(v: f64, conv: char, prec: usize, flags: &str) -> String {
    let sign = if v < 0.0 || (v == 0.0 && v.is_sign_negative()) {
        "-"
    } else if flags.contains('+') {
        "+"
    } else if flags.contains(' ') {
        " "
    } else {
        ""
    };
    let a = v.abs();
    if a.is_infinite() {
        return format!("{sign}{}", if conv.is_uppercase() { "INF" } else { "inf" });
    }
    if a.is_nan() {
        return format!("{sign}{}", if conv.is_uppercase() { "NAN" } else { "nan" });
    }
    let exp_form = |a: f64, p: usize, upper: bool| {
        let s = format!("{a:.p$e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let e: i32 = e.parse().unwrap_or(0);
        let r = format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
        if upper {
            r.to_uppercase()
        } else {
            r
        }
    };
    let body = match conv {
        'f' | 'F' => format!("{a:.prec$}"),
        'e' | 'E' => exp_form(a, prec, conv == 'E'),
        _ => {
            let p = if prec == 0 { 1 } else { prec };
            let exp = if a == 0.0 { 0 } else { a.log10().floor() as i32 };
            // Rounding can move the exponent (9.9999995 → 1e+01).
            let exp = {
                let s = format!("{a:.prec$e}", prec = p - 1);
                s.split_once('e').and_then(|(_, e)| e.parse::<i32>().ok()).unwrap_or(exp)
            };
            let mut s = if exp < -4 || exp >= p as i32 {
                exp_form(a, p - 1, conv == 'G')
            } else {
                format!("{a:.prec$}", prec = (p as i32 - 1 - exp).max(0) as usize)
            };
            if !flags.contains('#') {
                // Drop trailing zeros of the fraction (and the point).
                if let Some(epos) = s.find(['e', 'E']) {
                    let (m, e) = s.split_at(epos);
                    let m = if m.contains('.') { m.trim_end_matches('0').trim_end_matches('.') } else { m };
                    s = format!("{m}{e}");
                } else if s.contains('.') {
                    s = s.trim_end_matches('0').trim_end_matches('.').to_string();
                }
            }
            s
        }
    };
    format!("{sign}{body}")
}

// ---------------------------------------------------------------- interpreter

enum Flow {
    Normal,
    Next,
    Exit,
    Return(V),
    Break,
    Continue,
}

type R<T> = Result<T, String>;

struct Frame {
    locals: BTreeMap<String, V>,
    arrays: BTreeMap<String, BTreeMap<String, V>>,
}

struct Interp<'p, 'c, 'w, W> {
    cx: &'c mut Cx<'w, W>,
    prog: &'p Program,
    regexes: Vec<Option<Regex>>,
    dyn_regex: BTreeMap<String, Regex>,
    globals: BTreeMap<String, V>,
    arrays: BTreeMap<String, BTreeMap<String, V>>,
    frames: Vec<Frame>,
    record: String,
    fields: Vec<String>,
    fields_valid: bool,
    nf: usize,
    exit_code: i32,
    steps: u64,
    /// A limit of the simulator stopped the run (steps, nesting of calls): status 124.
    limited: bool,
    range_on: Vec<bool>,
    /// Files written with `>` (truncated once) and read with `getline <`.
    opened: BTreeMap<String, usize>,
    out: String,
    rng: u64,
    record_from_input: bool,
    /// `exit` ran inside a function or an expression: stop at the next statement.
    pending_exit: bool,
}

impl<W: World> Interp<'_, '_, '_, W> {
    fn g(&self, name: &str) -> String {
        self.globals.get(name).map(|v| v.str("%.6g")).unwrap_or_default()
    }
    fn convfmt(&self) -> String {
        self.globals.get("CONVFMT").map(|v| v.str("%.6g")).unwrap_or_else(|| "%.6g".into())
    }
    fn tick(&mut self) -> R<()> {
        self.steps += 1;
        if self.steps > AWK_STEPS {
            self.limited = true;
            return Err(format!(
                "awk: 시뮬레이터의 awk 는 {AWK_STEPS} 단계 뒤에 멈춥니다 (끝나지 않는 반복인가요?) / the simulator's awk stops after {AWK_STEPS} steps (an endless loop?)"
            ));
        }
        Ok(())
    }
    fn runtime(&self, msg: &str) -> String {
        format!("awk: run time error: {msg}\n\tFILENAME=\"{}\" FNR={} NR={}", self.g("FILENAME"), self.g("FNR"), self.g("NR"))
    }

    fn regex(&mut self, pat: &str) -> R<Regex> {
        if let Some(r) = self.dyn_regex.get(pat) {
            return Ok(r.clone());
        }
        let r = compile_regex(pat, true, false).map_err(|e| format!("awk: regular expression compile failed ({e})\n{pat}"))?;
        if self.dyn_regex.len() > 64 {
            self.dyn_regex.clear();
        }
        self.dyn_regex.insert(pat.to_string(), r.clone());
        Ok(r)
    }

    fn split_record(&mut self) {
        if self.fields_valid {
            return;
        }
        let fs = self.g("FS");
        let rec = self.record.clone();
        self.fields = split_fields(&rec, &fs, self);
        self.nf = self.fields.len();
        self.fields_valid = true;
    }

    fn set_record(&mut self, s: String) {
        self.record = s;
        self.fields_valid = false;
        self.split_record();
        self.globals.insert("NF".into(), V::Num(self.nf as f64));
    }

    fn rebuild(&mut self) {
        let ofs = self.g("OFS");
        self.record = self.fields.join(&ofs);
    }

    fn get_field(&mut self, i: usize) -> V {
        if i == 0 {
            return input_value(self.record.clone());
        }
        self.split_record();
        input_value(self.fields.get(i - 1).cloned().unwrap_or_default())
    }

    fn set_field(&mut self, i: usize, v: String) -> R<()> {
        if i > 100_000 {
            return Err(self.runtime(&format!("$({i}) exceeds maximum field(32767)")));
        }
        if i == 0 {
            self.set_record(v);
            return Ok(());
        }
        self.split_record();
        if self.fields.len() < i {
            self.fields.resize(i, String::new());
        }
        self.fields[i - 1] = v;
        self.nf = self.fields.len();
        self.globals.insert("NF".into(), V::Num(self.nf as f64));
        self.rebuild();
        Ok(())
    }

    fn lookup(&self, name: &str) -> V {
        if let Some(f) = self.frames.last() {
            if let Some(v) = f.locals.get(name) {
                return v.clone();
            }
        }
        self.globals.get(name).cloned().unwrap_or(V::Str(String::new()))
    }

    fn is_local_array(&self, name: &str) -> bool {
        self.frames.last().is_some_and(|f| f.arrays.contains_key(name))
    }

    fn array(&mut self, name: &str) -> &mut BTreeMap<String, V> {
        if self.is_local_array(name) {
            return self.frames.last_mut().expect("frame").arrays.get_mut(name).expect("array");
        }
        self.arrays.entry(name.to_string()).or_default()
    }

    fn assign_var(&mut self, name: &str, v: V) {
        if name == "NF" {
            let n = v.num().max(0.0) as usize;
            self.split_record();
            self.fields.resize(n, String::new());
            self.nf = n;
            self.rebuild();
        }
        if let Some(f) = self.frames.last_mut() {
            if f.locals.contains_key(name) {
                f.locals.insert(name.to_string(), v);
                return;
            }
        }
        self.globals.insert(name.to_string(), v);
    }

    fn key(&mut self, idx: &[E]) -> R<String> {
        let subsep = self.g("SUBSEP");
        let mut parts = Vec::new();
        for e in idx {
            let v = self.eval(e)?;
            parts.push(v.str(&self.convfmt()));
        }
        Ok(parts.join(&subsep))
    }

    fn assign(&mut self, target: &E, v: V) -> R<V> {
        match target {
            E::Var(n) => self.assign_var(n, v.clone()),
            E::Field(i) => {
                let i = self.eval(i)?.num();
                if i < 0.0 {
                    return Err(self.runtime(&format!("negative field index ${}", i as i64)));
                }
                let s = v.str(&self.convfmt());
                self.set_field(i as usize, s)?;
            }
            E::Index(a, idx) => {
                let k = self.key(idx)?;
                self.array(a).insert(k, v.clone());
            }
            E::Group(inner) => return self.assign(inner, v),
            _ => return Err("awk: assignment to a non-variable".into()),
        }
        Ok(v)
    }

    fn compare(&self, a: &V, b: &V) -> std::cmp::Ordering {
        let numeric = |v: &V| matches!(v, V::Num(_) | V::StrNum(..));
        if numeric(a) && numeric(b) {
            a.num().partial_cmp(&b.num()).unwrap_or(std::cmp::Ordering::Equal)
        } else {
            a.str(&self.convfmt()).cmp(&b.str(&self.convfmt()))
        }
    }

    fn match_value(&mut self, e: &E) -> R<Regex> {
        match e {
            E::Re(i) => {
                if let Some(Some(r)) = self.regexes.get(*i) {
                    return Ok(r.clone());
                }
                let pat = self.prog.regexes[*i].clone();
                self.regex(&pat)
            }
            other => {
                let s = self.eval(other)?.str(&self.convfmt());
                self.regex(&s)
            }
        }
    }

    fn eval(&mut self, e: &E) -> R<V> {
        self.tick()?;
        Ok(match e {
            E::Num(n) => V::Num(*n),
            E::Str(s) => V::Str(s.clone()),
            E::Re(_) => {
                let r = self.match_value(e)?;
                V::Num(f64::from(u8::from(r.is_match(&self.record))))
            }
            E::Var(n) => self.lookup(n),
            E::Field(i) => {
                let i = self.eval(i)?.num();
                if i < 0.0 {
                    return Err(self.runtime(&format!("negative field index ${}", i as i64)));
                }
                self.get_field(i as usize)
            }
            E::Index(a, idx) => {
                let k = self.key(idx)?;
                let arr = self.array(a);
                arr.entry(k).or_insert(V::Str(String::new())).clone()
            }
            E::In(idx, a) => {
                let k = self.key(idx)?;
                V::Num(f64::from(u8::from(self.array(a).contains_key(&k))))
            }
            E::Assign(t, op, rhs) => {
                let r = self.eval(rhs)?;
                let v = match op {
                    None => match r {
                        V::StrNum(s, n) => V::StrNum(s, n),
                        other => other,
                    },
                    Some(op) => {
                        let cur = self.eval(t)?.num();
                        V::Num(arith(op, cur, r.num()))
                    }
                };
                self.assign(t, v)?
            }
            E::Cond(c, a, b) => {
                if self.eval(c)?.truthy() {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            E::And(a, b) => V::Num(f64::from(u8::from(self.eval(a)?.truthy() && self.eval(b)?.truthy()))),
            E::Or(a, b) => V::Num(f64::from(u8::from(self.eval(a)?.truthy() || self.eval(b)?.truthy()))),
            E::Match(neg, s, re) => {
                let text = self.eval(s)?.str(&self.convfmt());
                let r = self.match_value(re)?;
                V::Num(f64::from(u8::from(r.is_match(&text) != *neg)))
            }
            E::Bin(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                match *op {
                    "<" | "<=" | ">" | ">=" | "==" | "!=" => {
                        use std::cmp::Ordering::*;
                        let o = self.compare(&x, &y);
                        V::Num(f64::from(u8::from(match *op {
                            "<" => o == Less,
                            "<=" => o != Greater,
                            ">" => o == Greater,
                            ">=" => o != Less,
                            "==" => o == Equal,
                            _ => o != Equal,
                        })))
                    }
                    _ => {
                        if matches!(*op, "/" | "%") && y.num() == 0.0 {
                            return Err(format!("awk: division by zero{}", if *op == "%" { " in %" } else { "" }));
                        }
                        V::Num(arith(op, x.num(), y.num()))
                    }
                }
            }
            E::Concat(a, b) => {
                let x = self.eval(a)?.str(&self.convfmt());
                let y = self.eval(b)?.str(&self.convfmt());
                if x.len() + y.len() > 64 << 20 {
                    return Err("awk: 시뮬레이터의 awk 는 64 MiB 보다 긴 문자열을 만들지 않습니다 / the simulator's awk makes no string longer than 64 MiB".into());
                }
                V::Str(x + &y)
            }
            E::Not(a) => V::Num(f64::from(u8::from(!self.eval(a)?.truthy()))),
            E::Neg(a) => V::Num(-self.eval(a)?.num()),
            E::Pos(a) => V::Num(self.eval(a)?.num()),
            E::Incr(pre, inc, t) => {
                let cur = self.eval(t)?.num();
                let new = if *inc { cur + 1.0 } else { cur - 1.0 };
                self.assign(t, V::Num(new))?;
                V::Num(if *pre { new } else { cur })
            }
            E::Group(inner) => match &**inner {
                E::Call(n, items) if n == "\u{0}list" => {
                    let k = self.key(items)?;
                    V::Str(k)
                }
                other => self.eval(other)?,
            },
            E::Call(name, args) => self.call(name, args)?,
            E::Builtin(name, args) => self.builtin(name, args)?,
            E::Getline(var, file) => self.getline(var.as_deref(), file.as_deref())?,
        })
    }

    fn getline(&mut self, var: Option<&E>, file: Option<&E>) -> R<V> {
        let Some(file) = file else {
            // From the main input: not available once the program reads it record by record.
            return Ok(V::Num(0.0));
        };
        let name = self.eval(file)?.str(&self.convfmt());
        let text = if name == "-" || name == "/dev/stdin" {
            Ok(self.cx.stdin())
        } else {
            self.cx.fs.read(&self.cx.path(&name)).map(str::to_string)
        };
        let Ok(text) = text else { return Ok(V::Num(-1.0)) };
        let pos = self.opened.entry(format!("<{name}")).or_insert(0);
        let lines: Vec<&str> = super::lines(&text);
        let Some(line) = lines.get(*pos) else { return Ok(V::Num(0.0)) };
        *pos += 1;
        let line = line.to_string();
        match var {
            Some(v) => {
                self.assign(v, input_value(line))?;
            }
            None => self.set_record(line),
        }
        let nr = self.lookup("NR").num();
        if var.is_none() {
            self.globals.insert("NR".into(), V::Num(nr + 1.0));
        }
        Ok(V::Num(1.0))
    }

    fn call(&mut self, name: &str, args: &[E]) -> R<V> {
        let prog = self.prog;
        let Some(f) = prog.funcs.get(name) else {
            return Err(format!("awk: function {name} never defined"));
        };
        if self.frames.len() >= MAX_DEPTH {
            self.limited = true;
            return Err(format!("awk: 시뮬레이터의 awk 는 함수 호출을 {MAX_DEPTH} 단계까지만 중첩합니다 / the simulator's awk nests function calls at most {MAX_DEPTH} deep"));
        }
        let mut frame = Frame { locals: BTreeMap::new(), arrays: BTreeMap::new() };
        let mut by_ref: Vec<(String, String)> = Vec::new();
        for (k, p) in f.params.iter().enumerate() {
            match args.get(k) {
                // An array passed by reference: its name.
                Some(E::Var(n)) if self.arrays.contains_key(n) || self.is_local_array(n) => {
                    let arr = self.array(n).clone();
                    frame.arrays.insert(p.clone(), arr);
                    by_ref.push((p.clone(), n.clone()));
                }
                Some(e) => {
                    let v = self.eval(e)?;
                    frame.locals.insert(p.clone(), v);
                }
                None => {
                    frame.locals.insert(p.clone(), V::Str(String::new()));
                }
            }
        }
        self.frames.push(frame);
        let mut result = V::Str(String::new());
        let r = self.block(&f.body);
        let frame = self.frames.pop().expect("pushed");
        match r? {
            Flow::Return(v) => result = v,
            Flow::Exit => {
                self.pending_exit = true;
            }
            _ => {}
        }
        for (p, n) in by_ref {
            if let Some(a) = frame.arrays.get(&p) {
                *self.array(&n) = a.clone();
            }
        }
        // Arrays a function created from an untyped parameter stay local.
        Ok(result)
    }

    fn builtin(&mut self, name: &str, args: &[E]) -> R<V> {
        let cf = self.convfmt();
        let s = |it: &mut Self, i: usize| -> R<String> {
            match args.get(i) {
                Some(e) => Ok(it.eval(e)?.str(&cf)),
                None => Ok(String::new()),
            }
        };
        let n = |it: &mut Self, i: usize| -> R<f64> {
            match args.get(i) {
                Some(e) => Ok(it.eval(e)?.num()),
                None => Ok(0.0),
            }
        };
        Ok(match name {
            "length" => match args.first() {
                None => {
                    let r = self.record.clone();
                    V::Num(r.chars().count() as f64)
                }
                Some(E::Var(a)) if self.arrays.contains_key(a) || self.is_local_array(a) => V::Num(self.array(a).len() as f64),
                Some(_) => V::Num(s(self, 0)?.chars().count() as f64),
            },
            "substr" => {
                // mawk 1.3.4's arithmetic: both truncated; a start below 1 counts from 1.
                let text: Vec<char> = s(self, 0)?.chars().collect();
                let start = n(self, 1)?.trunc();
                let len = if args.len() > 2 { n(self, 2)?.trunc() } else { f64::INFINITY };
                let (from, count) = if start >= 1.0 {
                    (start, len)
                } else if start == 0.0 {
                    (1.0, len)
                } else {
                    (1.0, len + 1.0)
                };
                let lo = (from as usize - 1).min(text.len());
                let hi = if count.is_infinite() { text.len() } else { (lo as f64 + count.max(0.0)).min(text.len() as f64) as usize };
                V::Str(text[lo..hi.max(lo)].iter().collect())
            }
            "index" => {
                let hay = s(self, 0)?;
                let needle = s(self, 1)?;
                V::Num(hay.find(&needle).map(|b| hay[..b].chars().count() + 1).unwrap_or(0) as f64)
            }
            "split" => {
                let text = s(self, 0)?;
                let Some(E::Var(arr)) = args.get(1) else { return Err("awk: split: second argument must be an array".into()) };
                let parts: Vec<String> = match args.get(2) {
                    Some(E::Re(_)) => {
                        let r = self.match_value(&args[2])?;
                        if text.is_empty() {
                            Vec::new()
                        } else {
                            r.split(&text).map(str::to_string).collect()
                        }
                    }
                    Some(e) => {
                        let fs = self.eval(e)?.str(&cf);
                        split_fields(&text, &fs, self)
                    }
                    None => {
                        let fs = self.g("FS");
                        split_fields(&text, &fs, self)
                    }
                };
                let a = self.array(arr);
                a.clear();
                for (k, p) in parts.iter().enumerate() {
                    a.insert((k + 1).to_string(), input_value(p.clone()));
                }
                V::Num(parts.len() as f64)
            }
            "sub" | "gsub" => {
                let r = self.match_value(&args[0])?;
                let rep = s(self, 1)?;
                let target = args.get(2).cloned().unwrap_or(E::Field(Box::new(E::Num(0.0))));
                let text = self.eval(&target)?.str(&cf);
                let mut out = String::new();
                let mut last = 0;
                let mut count = 0;
                for m in r.find_iter(&text) {
                    if m.start() == m.end() && m.start() < last {
                        continue;
                    }
                    out.push_str(&text[last..m.start()]);
                    let mut chars = rep.chars().peekable();
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' if chars.peek() == Some(&'&') => {
                                chars.next();
                                out.push('&');
                            }
                            '\\' if chars.peek() == Some(&'\\') => {
                                chars.next();
                                out.push('\\');
                            }
                            '&' => out.push_str(m.as_str()),
                            other => out.push(other),
                        }
                    }
                    last = m.end();
                    count += 1;
                    if name == "sub" {
                        break;
                    }
                }
                if count > 0 {
                    out.push_str(&text[last..]);
                    self.assign(&target, V::Str(out))?;
                }
                V::Num(count as f64)
            }
            "match" => {
                let text = s(self, 0)?;
                let r = self.match_value(&args[1])?;
                let (start, len) = match r.find(&text) {
                    Some(m) => (text[..m.start()].chars().count() as f64 + 1.0, m.as_str().chars().count() as f64),
                    None => (0.0, -1.0),
                };
                self.globals.insert("RSTART".into(), V::Num(start));
                self.globals.insert("RLENGTH".into(), V::Num(len));
                V::Num(start)
            }
            "sprintf" => {
                if args.is_empty() {
                    return Err(self.err_syntax_args("sprintf"));
                }
                let fmt = s(self, 0)?;
                let mut vals = Vec::new();
                for e in &args[1..] {
                    vals.push(self.eval(e)?);
                }
                let (text, ok) = c_printf(&fmt, &vals);
                if let Err(m) = ok {
                    return Err(self.runtime(&m.replace("printf", "sprintf")));
                }
                V::Str(text)
            }
            "tolower" => V::Str(s(self, 0)?.to_lowercase()),
            "toupper" => V::Str(s(self, 0)?.to_uppercase()),
            "int" => V::Num(n(self, 0)?.trunc()),
            "sqrt" => V::Num(n(self, 0)?.sqrt()),
            "exp" => V::Num(n(self, 0)?.exp()),
            "log" => V::Num(n(self, 0)?.ln()),
            "sin" => V::Num(n(self, 0)?.sin()),
            "cos" => V::Num(n(self, 0)?.cos()),
            "atan2" => {
                let y = n(self, 0)?;
                V::Num(y.atan2(n(self, 1)?))
            }
            "rand" => {
                // A seeded generator: the same program gives the same numbers.
                self.rng ^= self.rng << 13;
                self.rng ^= self.rng >> 7;
                self.rng ^= self.rng << 17;
                V::Num((self.rng >> 11) as f64 / (1u64 << 53) as f64)
            }
            "srand" => {
                let old = self.lookup("\u{0}seed").num();
                let seed = if args.is_empty() { 0.0 } else { n(self, 0)? };
                self.rng = (seed as u64).wrapping_mul(6_364_136_223_846_793_005) | 1;
                self.globals.insert("\u{0}seed".into(), V::Num(seed));
                V::Num(old)
            }
            "system" => {
                return Err(
                    "awk: system(): 시뮬레이터의 awk 는 명령을 실행하지 않습니다 / the simulator's awk does not run commands".into()
                );
            }
            "close" => {
                let f = s(self, 0)?;
                let had = self.opened.remove(&format!("<{f}")).is_some() | self.opened.remove(&format!(">{f}")).is_some();
                V::Num(if had { 0.0 } else { -1.0 })
            }
            "fflush" => V::Num(0.0),
            _ => return Err(format!("awk: function {name} never defined")),
        })
    }

    fn err_syntax_args(&self, f: &str) -> String {
        format!("awk: line 1: wrong number of arguments in call to {f}")
    }

    fn emit(&mut self, text: &str, redirect: &Option<Redirect>) -> R<()> {
        let Some(r) = redirect else {
            self.out.push_str(text);
            return Ok(());
        };
        let (target, append) = match r {
            Redirect::Write(e) => (e, false),
            Redirect::Append(e) => (e, true),
        };
        let name = self.eval(target)?.str(&self.convfmt());
        match name.as_str() {
            "/dev/stdout" | "-" => self.out.push_str(text),
            "/dev/stderr" => {
                let o = std::mem::take(&mut self.out);
                self.cx.out(&o);
                self.cx.err(text);
            }
            _ => {
                let path = self.cx.path(&name);
                let now = self.cx.now();
                let first = !self.opened.contains_key(&format!(">{name}"));
                self.opened.insert(format!(">{name}"), 0);
                let res = if first && !append { self.cx.fs.write(&path, text, now) } else { self.cx.fs.append(&path, text, now) };
                if let Err(e) = res {
                    return Err(format!("awk: cannot open \"{name}\" for output ({e})"));
                }
            }
        }
        Ok(())
    }

    fn block(&mut self, stmts: &[S]) -> R<Flow> {
        for s in stmts {
            match self.stmt(s)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
            if self.pending_exit {
                return Ok(Flow::Exit);
            }
        }
        Ok(Flow::Normal)
    }

    fn stmt(&mut self, s: &S) -> R<Flow> {
        self.tick()?;
        Ok(match s {
            S::Expr(e) => {
                self.eval(e)?;
                if self.pending_exit {
                    return Ok(Flow::Exit);
                }
                Flow::Normal
            }
            S::Print(args, redirect) => {
                let ofs = self.g("OFS");
                let ors = self.g("ORS");
                let ofmt = self.globals.get("OFMT").map(|v| v.str("%.6g")).unwrap_or_else(|| "%.6g".into());
                let text = if args.is_empty() {
                    self.record.clone()
                } else {
                    let mut parts = Vec::new();
                    for a in args {
                        let v = self.eval(a)?;
                        parts.push(match v {
                            V::Num(n) => num_to_str(n, &ofmt),
                            other => other.str(&ofmt),
                        });
                    }
                    parts.join(&ofs)
                };
                self.emit(&format!("{text}{ors}"), redirect)?;
                Flow::Normal
            }
            S::Printf(args, redirect) => {
                let fmt = self.eval(&args[0])?.str(&self.convfmt());
                let mut vals = Vec::new();
                for a in &args[1..] {
                    vals.push(self.eval(a)?);
                }
                let (text, ok) = c_printf(&fmt, &vals);
                if let Err(m) = ok {
                    // What was formatted before the complaint is still printed.
                    self.emit(&text, redirect)?;
                    return Err(self.runtime(&m));
                }
                self.emit(&text, redirect)?;
                Flow::Normal
            }
            S::If(c, t, e) => {
                if self.eval(c)?.truthy() {
                    self.stmt(t)?
                } else if let Some(e) = e {
                    self.stmt(e)?
                } else {
                    Flow::Normal
                }
            }
            S::While(c, body) => {
                while self.eval(c)?.truthy() {
                    match self.stmt(body)? {
                        Flow::Break => break,
                        Flow::Continue | Flow::Normal => {}
                        other => return Ok(other),
                    }
                }
                Flow::Normal
            }
            S::Do(body, c) => {
                loop {
                    match self.stmt(body)? {
                        Flow::Break => break,
                        Flow::Continue | Flow::Normal => {}
                        other => return Ok(other),
                    }
                    if !self.eval(c)?.truthy() {
                        break;
                    }
                }
                Flow::Normal
            }
            S::For(init, cond, step, body) => {
                if let Some(i) = init {
                    self.eval(i)?;
                }
                loop {
                    if let Some(c) = cond {
                        if !self.eval(c)?.truthy() {
                            break;
                        }
                    } else {
                        self.tick()?;
                    }
                    match self.stmt(body)? {
                        Flow::Break => break,
                        Flow::Continue | Flow::Normal => {}
                        other => return Ok(other),
                    }
                    if let Some(s) = step {
                        self.eval(s)?;
                    }
                }
                Flow::Normal
            }
            S::ForIn(k, a, body) => {
                let keys: Vec<String> = self.array(a).keys().cloned().collect();
                for key in keys {
                    self.assign_var(k, input_value(key));
                    match self.stmt(body)? {
                        Flow::Break => break,
                        Flow::Continue | Flow::Normal => {}
                        other => return Ok(other),
                    }
                }
                Flow::Normal
            }
            S::Block(b) => self.block(b)?,
            S::Next => {
                if self.frames.is_empty() && !self.record_from_input {
                    return Err("awk: improper use of next".into());
                }
                Flow::Next
            }
            S::Exit(e) => {
                if let Some(e) = e {
                    self.exit_code = self.eval(e)?.num() as i32;
                }
                Flow::Exit
            }
            S::Return(e) => Flow::Return(match e {
                Some(e) => self.eval(e)?,
                None => V::Str(String::new()),
            }),
            S::Break => Flow::Break,
            S::Continue => Flow::Continue,
            S::Delete(a, idx) => {
                match idx {
                    Some(idx) => {
                        let k = self.key(idx)?;
                        self.array(a).remove(&k);
                    }
                    None => self.array(a).clear(),
                }
                Flow::Normal
            }
        })
    }
}

fn arith(op: &str, a: f64, b: f64) -> f64 {
    match op {
        "+" => a + b,
        "-" => a - b,
        "*" => a * b,
        "/" => a / b,
        "%" => a % b,
        _ => a.powf(b),
    }
}

fn split_fields<W: World>(text: &str, fs: &str, it: &mut Interp<'_, '_, '_, W>) -> Vec<String> {
    if fs == " " {
        return text.split([' ', '\t', '\n']).filter(|s| !s.is_empty()).map(str::to_string).collect();
    }
    if text.is_empty() {
        return Vec::new();
    }
    let single = fs.chars().count() == 1 && !"\\^$.[]|()*+?{}".contains(fs);
    if single || fs == "\t" {
        return text.split(fs).map(str::to_string).collect();
    }
    match it.regex(fs) {
        Ok(r) => r.split(text).map(str::to_string).collect(),
        Err(_) => text.split(fs).map(str::to_string).collect(),
    }
}

/// `-F` and `-v` values: backslash escapes as in a string constant.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some('"') => out.push('"'),
            Some('/') => out.push('/'),
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    out
}

pub fn awk<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let mut fs: Option<String> = None;
    let mut assigns: Vec<(String, String)> = Vec::new();
    let mut program_files: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a == "-" {
            break;
        }
        i += 1;
        let value = |i: &mut usize, inline: &str| -> Option<String> {
            if !inline.is_empty() {
                return Some(inline.to_string());
            }
            *i += 1;
            args.get(*i - 1).cloned()
        };
        // The option letter may be any character (`-ê` is refused below, not split inside it).
        let flag_len = 1 + a[1..].chars().next().map_or(0, char::len_utf8);
        let (flag, inline) = a.split_at(flag_len);
        match flag {
            "-F" => match value(&mut i, inline) {
                Some(v) => fs = Some(if v == "t" { "\t".into() } else { unescape(&v) }),
                None => {
                    cx.errln("awk: option requires an argument -- F");
                    cx.err(USAGE);
                    return 2;
                }
            },
            "-v" => match value(&mut i, inline) {
                Some(v) => match v.split_once('=') {
                    Some((k, val)) if crate::shell::syntax::is_name(k) => assigns.push((k.to_string(), unescape(val))),
                    _ => {
                        cx.errln(&format!("awk: improper assignment: -v {v}"));
                        return 2;
                    }
                },
                None => {
                    cx.errln("awk: option requires an argument -- v");
                    cx.err(USAGE);
                    return 2;
                }
            },
            "-f" => match value(&mut i, inline) {
                Some(v) => program_files.push(v),
                None => {
                    cx.errln("awk: option requires an argument -- f");
                    cx.err(USAGE);
                    return 2;
                }
            },
            "-W" => {
                let v = value(&mut i, inline).unwrap_or_default();
                if v.starts_with('v') {
                    cx.out("mawk 1.3.4 20200120\n(시뮬레이터의 awk 는 mawk 를 흉내 냅니다 / the simulator's awk imitates mawk)\n");
                    return 0;
                }
                if v.starts_with('h') || v.starts_with('u') {
                    cx.out(USAGE);
                    return 0;
                }
            }
            "--" if a == "--version" => {
                cx.out("mawk 1.3.4 20200120\n(시뮬레이터의 awk 는 mawk 를 흉내 냅니다 / the simulator's awk imitates mawk)\n");
                return 0;
            }
            _ => {
                cx.errln(&format!("awk: not an option: {a}"));
                return 2;
            }
        }
    }
    let source = if program_files.is_empty() {
        let Some(p) = args.get(i) else {
            cx.err(USAGE);
            return 2;
        };
        i += 1;
        p.clone()
    } else {
        let mut text = String::new();
        for f in &program_files {
            match cx.read_input(f) {
                Ok(t) => {
                    text.push_str(&t);
                    text.push('\n');
                }
                Err(e) => {
                    cx.errln(&format!("awk: couldn't open file {f} ({e})"));
                    return 2;
                }
            }
        }
        text
    };
    let operands: Vec<String> = args[i..].to_vec();
    // Lex and parse.
    let mut lx = Lexer { c: source.chars().collect(), i: 0, line: 1, regex_ok: true };
    let mut toks = Vec::new();
    loop {
        let line = lx.line;
        match lx.next() {
            Ok(T::Eof) => {
                toks.push((T::Eof, lx.line + 1));
                break;
            }
            Ok(t) => toks.push((t, line)),
            Err(e) => {
                cx.errln(&e);
                return 2;
            }
        }
    }
    let mut parser = Parser { toks, i: 0, regexes: Vec::new(), depth: 0 };
    let prog = match parser.program() {
        Ok(p) => p,
        Err(e) => {
            cx.errln(&e);
            return 2;
        }
    };
    let regexes = prog.regexes.iter().map(|r| compile_regex(r, true, false).ok()).collect();
    let mut globals = BTreeMap::new();
    for (k, v) in [
        ("FS", " "),
        ("OFS", " "),
        ("ORS", "\n"),
        ("RS", "\n"),
        ("SUBSEP", "\u{1c}"),
        ("CONVFMT", "%.6g"),
        ("OFMT", "%.6g"),
        ("FILENAME", ""),
    ] {
        globals.insert(k.to_string(), V::Str(v.to_string()));
    }
    for k in ["NR", "FNR", "NF", "RSTART", "RLENGTH"] {
        globals.insert(k.to_string(), V::Num(0.0));
    }
    globals.insert("RLENGTH".into(), V::Num(-1.0));
    if let Some(f) = fs {
        globals.insert("FS".into(), V::Str(f));
    }
    for (k, v) in assigns {
        globals.insert(k, input_value(v));
    }
    let ranges = prog.items.len();
    let mut it = Interp {
        cx,
        prog: &prog,
        regexes,
        dyn_regex: BTreeMap::new(),
        globals,
        arrays: BTreeMap::new(),
        frames: Vec::new(),
        record: String::new(),
        fields: Vec::new(),
        fields_valid: true,
        nf: 0,
        exit_code: 0,
        steps: 0,
        limited: false,
        range_on: vec![false; ranges],
        opened: BTreeMap::new(),
        out: String::new(),
        rng: 0x853c_49e6_748f_ea9b,
        record_from_input: false,
        pending_exit: false,
    };
    let status = match run(&mut it, &operands) {
        Ok(()) => it.exit_code,
        Err(msg) => {
            // mawk's stderr is unbuffered, its stdout flushed at exit: the complaint comes first.
            it.cx.errln(&msg);
            if it.limited {
                LIMIT_STATUS
            } else {
                2
            }
        }
    };
    let o = std::mem::take(&mut it.out);
    it.cx.out(&o);
    status
}

fn run<W: World>(it: &mut Interp<'_, '_, '_, W>, operands: &[String]) -> R<()> {
    let prog = it.prog;
    let mut exiting = false;
    for (pat, action) in &prog.items {
        if let (Pattern::Begin, Some(a)) = (pat, action) {
            if let Flow::Exit = it.block(a)? {
                exiting = true;
                break;
            }
        }
    }
    let has_main = prog.items.iter().any(|(p, _)| !matches!(p, Pattern::Begin));
    if !exiting && has_main {
        let inputs: Vec<String> = {
            let files: Vec<&String> = operands.iter().filter(|o| !is_assignment(o)).collect();
            if files.is_empty() {
                vec!["-".to_string()]
            } else {
                operands.to_vec()
            }
        };
        'files: for name in inputs {
            if is_assignment(&name) {
                let (k, v) = name.split_once('=').unwrap_or_default();
                it.globals.insert(k.to_string(), input_value(unescape(v)));
                continue;
            }
            let text = match it.cx.read_input(&name) {
                Ok(t) => t,
                Err(e) => {
                    return Err(format!("awk: cannot open {name} ({e})"));
                }
            };
            it.globals.insert("FILENAME".into(), V::Str(if name == "-" { String::new() } else { name.clone() }));
            it.globals.insert("FNR".into(), V::Num(0.0));
            let rs = it.g("RS");
            let records: Vec<String> = if rs.is_empty() {
                text.split("\n\n").map(|r| r.trim_matches('\n').to_string()).filter(|r| !r.is_empty()).collect()
            } else if rs == "\n" {
                super::lines(&text).into_iter().map(str::to_string).collect()
            } else {
                let mut v: Vec<String> = text.split(rs.as_str()).map(str::to_string).collect();
                if v.last().is_some_and(|l| l.is_empty() || l == "\n") {
                    v.pop();
                }
                v
            };
            for rec in records {
                let nr = it.lookup("NR").num();
                it.globals.insert("NR".into(), V::Num(nr + 1.0));
                let fnr = it.lookup("FNR").num();
                it.globals.insert("FNR".into(), V::Num(fnr + 1.0));
                it.set_record(rec);
                it.record_from_input = true;
                for (k, (pat, action)) in prog.items.iter().enumerate() {
                    let hit = match pat {
                        Pattern::Begin | Pattern::End => continue,
                        Pattern::All => true,
                        Pattern::Expr(e) => it.eval(e)?.truthy(),
                        Pattern::Range(a, b) => {
                            if it.range_on[k] {
                                if it.eval(b)?.truthy() {
                                    it.range_on[k] = false;
                                }
                                true
                            } else if it.eval(a)?.truthy() {
                                it.range_on[k] = !it.eval(b)?.truthy();
                                true
                            } else {
                                false
                            }
                        }
                    };
                    if it.pending_exit {
                        exiting = true;
                        break 'files;
                    }
                    if !hit {
                        continue;
                    }
                    let flow = match action {
                        Some(a) => it.block(a)?,
                        None => {
                            let ors = it.g("ORS");
                            let r = it.record.clone();
                            it.out.push_str(&format!("{r}{ors}"));
                            Flow::Normal
                        }
                    };
                    match flow {
                        Flow::Next => break,
                        Flow::Exit => {
                            exiting = true;
                            break 'files;
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    let _ = exiting;
    it.record_from_input = false;
    it.pending_exit = false;
    for (pat, action) in &prog.items {
        if let (Pattern::End, Some(a)) = (pat, action) {
            if let Flow::Exit = it.block(a)? {
                break;
            }
        }
    }
    Ok(())
}

fn is_assignment(s: &str) -> bool {
    s.split_once('=').is_some_and(|(k, _)| crate::shell::syntax::is_name(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_like_mawk() {
        assert_eq!(num_to_str(1e6, "%.6g"), "1000000");
        assert_eq!(num_to_str(0.1 + 0.2, "%.6g"), "0.3");
        assert_eq!(num_to_str(2f64.powi(53), "%.6g"), "9.0072e+15");
        assert_eq!(num_to_str(123_456_789_012.0, "%.6g"), "1.23457e+11");
        assert_eq!(num_to_str(0.000_001_234, "%.6g"), "1.234e-06");
        assert_eq!(num_to_str(1.0 / 3.0, "%.6g"), "0.333333");
        assert_eq!(
            c_printf(
                "%5s|%-5d|%05d|%x|%o|%e|%G",
                &[V::Str("ab".into()), V::Num(42.0), V::Num(42.0), V::Num(255.0), V::Num(8.0), V::Num(12345.678), V::Num(0.00001)]
            )
            .0,
            "   ab|42   |00042|ff|10|1.234568e+04|1E-05"
        );
        assert_eq!(str_num("3x"), 3.0);
        assert_eq!(str_num(" -2.5e1z"), -25.0);
    }
}
