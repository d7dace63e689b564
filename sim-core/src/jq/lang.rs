//! The jq language subset learners use: paths, `.[]`, `|`, `,`, object and array construction,
//! string interpolation, comparison, arithmetic, `and`/`or`/`not`, `//`, `if`, variables from
//! `--arg`, and the common builtins (`select`, `map`, `length`, `keys`, `to_entries`, …).

use super::value::{cmp, num_text, J};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Identity,
    RecurseAll,
    Field(Box<Expr>, String, bool),
    Index(Box<Expr>, Box<Expr>, bool),
    Slice(Box<Expr>, Option<Box<Expr>>, Option<Box<Expr>>),
    Iterate(Box<Expr>, bool),
    Literal(J),
    Str(Vec<StrPart>),
    Array(Option<Box<Expr>>),
    Object(Vec<(Expr, Option<Expr>)>),
    Pipe(Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    Binary(String, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Alt(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Var(String),
    Call(String, Vec<Expr>),
    If(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    Optional(Box<Expr>),
    As(Box<Expr>, String, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum StrPart {
    Lit(String),
    Interp(Expr),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Dot,
    DotDot,
    Ident(String),
    Field(String),
    Var(String),
    Num(f64),
    Str(Vec<(bool, String)>),
    Op(&'static str),
}

/// A compile error (jq exits 3).
#[derive(Debug, Clone, PartialEq)]
pub struct CompileError(pub String);

fn lex(src: &str) -> Result<Vec<Tok>, CompileError> {
    let c: Vec<char> = src.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    const OPS: [&str; 24] =
        ["|=", "==", "!=", "<=", ">=", "//", "?//", "|", ",", "(", ")", "[", "]", "{", "}", ":", ";", "<", ">", "+", "-", "*", "/", "%"];
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
            continue;
        }
        if ch == '#' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if ch == '.' {
            if c.get(i + 1) == Some(&'.') {
                out.push(Tok::DotDot);
                i += 2;
                continue;
            }
            let start = i + 1;
            let mut j = start;
            while j < c.len() && (c[j].is_alphanumeric() || c[j] == '_') {
                j += 1;
            }
            if j > start && !c[start].is_ascii_digit() {
                out.push(Tok::Field(c[start..j].iter().collect()));
                i = j;
            } else if c.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
                let mut j = i + 1;
                while j < c.len() && (c[j].is_ascii_digit() || c[j] == '.') {
                    j += 1;
                }
                let s: String = c[i..j].iter().collect();
                out.push(Tok::Num(format!("0{s}").parse().unwrap_or(0.0)));
                i = j;
            } else {
                out.push(Tok::Dot);
                i += 1;
            }
            continue;
        }
        if ch == '$' {
            let start = i + 1;
            let mut j = start;
            while j < c.len() && (c[j].is_alphanumeric() || c[j] == '_') {
                j += 1;
            }
            out.push(Tok::Var(c[start..j].iter().collect()));
            i = j;
            continue;
        }
        if ch.is_ascii_digit() {
            let start = i;
            while i < c.len()
                && (c[i].is_ascii_digit()
                    || c[i] == '.'
                    || c[i] == 'e'
                    || c[i] == 'E'
                    || ((c[i] == '-' || c[i] == '+') && matches!(c[i - 1], 'e' | 'E')))
            {
                i += 1;
            }
            let s: String = c[start..i].iter().collect();
            out.push(Tok::Num(
                s.parse().map_err(|_| CompileError(format!("syntax error, unexpected IDENT, expecting end of file ({s})")))?,
            ));
            continue;
        }
        if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_' || (c[i] == ':' && c.get(i + 1) == Some(&':'))) {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
            continue;
        }
        if ch == '"' {
            i += 1;
            let mut parts: Vec<(bool, String)> = Vec::new();
            let mut cur = String::new();
            loop {
                let Some(&d) = c.get(i) else {
                    return Err(CompileError(
                        "syntax error, unexpected end of file, expecting QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END".into(),
                    ));
                };
                i += 1;
                match d {
                    '"' => break,
                    '\\' => {
                        let e = c.get(i).copied().unwrap_or('\\');
                        i += 1;
                        match e {
                            'n' => cur.push('\n'),
                            't' => cur.push('\t'),
                            'r' => cur.push('\r'),
                            '(' => {
                                parts.push((false, std::mem::take(&mut cur)));
                                let mut depth = 1;
                                let start = i;
                                while i < c.len() && depth > 0 {
                                    match c[i] {
                                        '(' => depth += 1,
                                        ')' => depth -= 1,
                                        _ => {}
                                    }
                                    i += 1;
                                }
                                if depth > 0 {
                                    return Err(CompileError("syntax error, unexpected end of file".into()));
                                }
                                parts.push((true, c[start..i - 1].iter().collect()));
                            }
                            other => cur.push(other),
                        }
                    }
                    other => cur.push(other),
                }
            }
            parts.push((false, cur));
            out.push(Tok::Str(parts));
            continue;
        }
        if ch == '?' {
            out.push(Tok::Op("?"));
            i += 1;
            continue;
        }
        if ch == '=' && c.get(i + 1) != Some(&'=') {
            return Err(CompileError("syntax error, unexpected '=' (Unix shell quoting issues?)".into()));
        }
        let rest: String = c[i..c.len().min(i + 3)].iter().collect();
        match OPS.iter().find(|op| rest.starts_with(**op)) {
            Some(op) => {
                out.push(Tok::Op(op));
                i += op.len();
            }
            None => return Err(CompileError(format!("syntax error, unexpected INVALID_CHARACTER (Unix shell quoting issues?)  ({ch})"))),
        }
    }
    Ok(out)
}

struct Parser {
    t: Vec<Tok>,
    i: usize,
}

fn unexpected(t: Option<&Tok>) -> CompileError {
    let what = match t {
        None => "$end".to_string(),
        Some(Tok::Op(o)) => format!("'{o}'"),
        Some(Tok::Ident(i)) => format!("IDENT {i}"),
        Some(other) => format!("{other:?}"),
    };
    CompileError(format!("syntax error, unexpected {what} (Unix shell quoting issues?)"))
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.t.get(self.i)
    }
    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Op(o)) if *o == op) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, op: &str) -> Result<(), CompileError> {
        if self.eat(op) {
            Ok(())
        } else {
            Err(unexpected(self.peek()))
        }
    }
    fn pipe(&mut self) -> Result<Expr, CompileError> {
        let left = self.comma()?;
        if matches!(self.peek(), Some(Tok::Ident(k)) if k == "as") {
            self.i += 1;
            let Some(Tok::Var(v)) = self.peek().cloned() else { return Err(unexpected(self.peek())) };
            self.i += 1;
            self.expect("|")?;
            let body = self.pipe()?;
            return Ok(Expr::As(Box::new(left), v, Box::new(body)));
        }
        if self.eat("|") {
            let right = self.pipe()?;
            return Ok(Expr::Pipe(Box::new(left), Box::new(right)));
        }
        Ok(left)
    }
    fn comma(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.alt()?;
        while self.eat(",") {
            let right = self.alt()?;
            left = Expr::Comma(Box::new(left), Box::new(right));
        }
        Ok(left)
    }
    fn alt(&mut self) -> Result<Expr, CompileError> {
        let left = self.or()?;
        if self.eat("//") {
            let right = self.alt()?;
            return Ok(Expr::Alt(Box::new(left), Box::new(right)));
        }
        Ok(left)
    }
    fn or(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.and()?;
        while matches!(self.peek(), Some(Tok::Ident(k)) if k == "or") {
            self.i += 1;
            left = Expr::Or(Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }
    fn and(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.compare()?;
        while matches!(self.peek(), Some(Tok::Ident(k)) if k == "and") {
            self.i += 1;
            left = Expr::And(Box::new(left), Box::new(self.compare()?));
        }
        Ok(left)
    }
    fn compare(&mut self) -> Result<Expr, CompileError> {
        let left = self.additive()?;
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if self.eat(op) {
                return Ok(Expr::Binary(op.into(), Box::new(left), Box::new(self.additive()?)));
            }
        }
        Ok(left)
    }
    fn additive(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.multiplicative()?;
        loop {
            let op = if self.eat("+") {
                "+"
            } else if self.eat("-") {
                "-"
            } else {
                return Ok(left);
            };
            left = Expr::Binary(op.into(), Box::new(left), Box::new(self.multiplicative()?));
        }
    }
    fn multiplicative(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat("*") {
                "*"
            } else if self.eat("/") {
                "/"
            } else if self.eat("%") {
                "%"
            } else {
                return Ok(left);
            };
            left = Expr::Binary(op.into(), Box::new(left), Box::new(self.unary()?));
        }
    }
    fn unary(&mut self) -> Result<Expr, CompileError> {
        if self.eat("-") {
            return Ok(Expr::Neg(Box::new(self.postfix()?)));
        }
        self.postfix()
    }
    fn postfix(&mut self) -> Result<Expr, CompileError> {
        let mut e = self.term()?;
        loop {
            match self.peek().cloned() {
                Some(Tok::Field(f)) => {
                    self.i += 1;
                    let opt = self.eat("?");
                    e = Expr::Field(Box::new(e), f, opt);
                }
                Some(Tok::Dot) if matches!(self.t.get(self.i + 1), Some(Tok::Op("[")) | Some(Tok::Str(_))) => {
                    self.i += 1;
                    if let Some(Tok::Str(parts)) = self.peek().cloned() {
                        self.i += 1;
                        let key = parts.iter().map(|(_, s)| s.as_str()).collect::<String>();
                        e = Expr::Field(Box::new(e), key, self.eat("?"));
                    }
                }
                Some(Tok::Op("[")) => {
                    self.i += 1;
                    e = self.bracket(e)?;
                }
                Some(Tok::Op("?")) => {
                    self.i += 1;
                    e = Expr::Optional(Box::new(e));
                }
                _ => return Ok(e),
            }
        }
    }
    /// After `[`: `]`, `expr]`, `a:b]`.
    fn bracket(&mut self, base: Expr) -> Result<Expr, CompileError> {
        if self.eat("]") {
            let opt = self.eat("?");
            return Ok(Expr::Iterate(Box::new(base), opt));
        }
        if self.eat(":") {
            let hi = self.pipe()?;
            self.expect("]")?;
            return Ok(Expr::Slice(Box::new(base), None, Some(Box::new(hi))));
        }
        let idx = self.pipe()?;
        if self.eat(":") {
            let hi = if matches!(self.peek(), Some(Tok::Op("]"))) { None } else { Some(Box::new(self.pipe()?)) };
            self.expect("]")?;
            return Ok(Expr::Slice(Box::new(base), Some(Box::new(idx)), hi));
        }
        self.expect("]")?;
        let opt = self.eat("?");
        Ok(Expr::Index(Box::new(base), Box::new(idx), opt))
    }
    fn term(&mut self) -> Result<Expr, CompileError> {
        let Some(tok) = self.peek().cloned() else { return Err(unexpected(None)) };
        self.i += 1;
        match tok {
            Tok::Dot => {
                if let Some(Tok::Str(parts)) = self.peek().cloned() {
                    self.i += 1;
                    let key = parts.iter().map(|(_, s)| s.as_str()).collect::<String>();
                    return Ok(Expr::Field(Box::new(Expr::Identity), key, self.eat("?")));
                }
                if self.eat("[") {
                    return self.bracket(Expr::Identity);
                }
                Ok(Expr::Identity)
            }
            Tok::DotDot => Ok(Expr::RecurseAll),
            Tok::Field(f) => {
                let opt = self.eat("?");
                Ok(Expr::Field(Box::new(Expr::Identity), f, opt))
            }
            Tok::Num(n) => Ok(Expr::Literal(J::Num(n))),
            Tok::Var(v) => Ok(Expr::Var(v)),
            Tok::Str(parts) => {
                let mut out = Vec::new();
                for (interp, s) in parts {
                    if interp {
                        out.push(StrPart::Interp(parse(&s)?));
                    } else if !s.is_empty() {
                        out.push(StrPart::Lit(s));
                    }
                }
                Ok(Expr::Str(out))
            }
            Tok::Op("(") => {
                let e = self.pipe()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Op("[") => {
                if self.eat("]") {
                    return Ok(Expr::Array(None));
                }
                let e = self.pipe()?;
                self.expect("]")?;
                Ok(Expr::Array(Some(Box::new(e))))
            }
            Tok::Op("{") => {
                let mut entries = Vec::new();
                if self.eat("}") {
                    return Ok(Expr::Object(entries));
                }
                loop {
                    let key = match self.peek().cloned() {
                        Some(Tok::Ident(k)) => {
                            self.i += 1;
                            Expr::Literal(J::Str(k))
                        }
                        Some(Tok::Var(v)) => {
                            self.i += 1;
                            entries.push((Expr::Literal(J::Str(v.clone())), Some(Expr::Var(v))));
                            if self.eat(",") {
                                continue;
                            }
                            self.expect("}")?;
                            return Ok(Expr::Object(entries));
                        }
                        Some(Tok::Str(_)) => self.term()?,
                        Some(Tok::Op("(")) => {
                            self.i += 1;
                            let k = self.pipe()?;
                            self.expect(")")?;
                            k
                        }
                        other => return Err(unexpected(other.as_ref())),
                    };
                    let value = if self.eat(":") { Some(self.alt_no_comma()?) } else { None };
                    entries.push((key, value));
                    if self.eat(",") {
                        continue;
                    }
                    self.expect("}")?;
                    return Ok(Expr::Object(entries));
                }
            }
            Tok::Ident(name) => match name.as_str() {
                "true" => Ok(Expr::Literal(J::Bool(true))),
                "false" => Ok(Expr::Literal(J::Bool(false))),
                "null" => Ok(Expr::Literal(J::Null)),
                "if" => {
                    let cond = self.pipe()?;
                    self.expect_word("then")?;
                    let then = self.pipe()?;
                    let els = if self.eat_word("elif") {
                        self.i -= 1;
                        self.t[self.i] = Tok::Ident("if".into());
                        Some(Box::new(self.term()?))
                    } else if self.eat_word("else") {
                        let e = self.pipe()?;
                        self.expect_word("end")?;
                        Some(Box::new(e))
                    } else {
                        self.expect_word("end")?;
                        None
                    };
                    Ok(Expr::If(Box::new(cond), Box::new(then), els))
                }
                _ => {
                    let mut args = Vec::new();
                    if self.eat("(") {
                        loop {
                            args.push(self.pipe()?);
                            if self.eat(";") {
                                continue;
                            }
                            self.expect(")")?;
                            break;
                        }
                    }
                    Ok(Expr::Call(name, args))
                }
            },
            other => Err(unexpected(Some(&other))),
        }
    }
    /// Object values bind tighter than `,`.
    fn alt_no_comma(&mut self) -> Result<Expr, CompileError> {
        let e = self.alt()?;
        if self.eat("|") {
            let r = self.alt_no_comma()?;
            return Ok(Expr::Pipe(Box::new(e), Box::new(r)));
        }
        Ok(e)
    }
    fn eat_word(&mut self, w: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Ident(k)) if k == w) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect_word(&mut self, w: &str) -> Result<(), CompileError> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(unexpected(self.peek()))
        }
    }
}

pub fn parse(src: &str) -> Result<Expr, CompileError> {
    let t = lex(src)?;
    if t.is_empty() {
        return Ok(Expr::Identity);
    }
    let mut p = Parser { t, i: 0 };
    let e = p.pipe()?;
    if p.i < p.t.len() {
        return Err(unexpected(p.peek()));
    }
    Ok(e)
}

const BUILTINS: &[(&str, usize)] = &[
    ("length", 0),
    ("keys", 0),
    ("keys_unsorted", 0),
    ("values", 0),
    ("to_entries", 0),
    ("from_entries", 0),
    ("with_entries", 1),
    ("select", 1),
    ("map", 1),
    ("map_values", 1),
    ("add", 0),
    ("has", 1),
    ("tostring", 0),
    ("tonumber", 0),
    ("type", 0),
    ("sort", 0),
    ("sort_by", 1),
    ("group_by", 1),
    ("unique", 0),
    ("unique_by", 1),
    ("min", 0),
    ("max", 0),
    ("min_by", 1),
    ("max_by", 1),
    ("reverse", 0),
    ("first", 0),
    ("last", 0),
    ("first", 1),
    ("last", 1),
    ("empty", 0),
    ("error", 1),
    ("not", 0),
    ("contains", 1),
    ("startswith", 1),
    ("endswith", 1),
    ("ascii_downcase", 0),
    ("ascii_upcase", 0),
    ("split", 1),
    ("join", 1),
    ("test", 1),
    ("ltrimstr", 1),
    ("rtrimstr", 1),
    ("range", 1),
    ("range", 2),
    ("tojson", 0),
    ("fromjson", 0),
    ("any", 0),
    ("all", 0),
    ("any", 1),
    ("all", 1),
    ("flatten", 0),
    ("floor", 0),
    ("sqrt", 0),
    ("in", 1),
    ("index", 1),
    ("limit", 2),
    ("del", 1),
    ("to_number", 0),
    ("objects", 0),
    ("arrays", 0),
    ("strings", 0),
    ("numbers", 0),
    ("nulls", 0),
    ("booleans", 0),
    ("iterables", 0),
    ("scalars", 0),
    ("recurse", 0),
    ("env", 0),
    ("input", 0),
    ("splits", 1),
    ("ascii", 0),
    ("tostream", 0),
    ("now", 0),
];

/// Checks every call names a known builtin with the right arity (jq's `f/N is not defined`).
pub fn check(e: &Expr) -> Result<(), CompileError> {
    match e {
        Expr::Call(name, args) => {
            if !BUILTINS.iter().any(|(n, a)| n == name && *a == args.len())
                || matches!(name.as_str(), "input" | "env" | "now" | "tostream" | "ascii")
            {
                return Err(CompileError(format!("{name}/{} is not defined", args.len())));
            }
            args.iter().try_for_each(check)
        }
        Expr::Field(a, _, _) | Expr::Iterate(a, _) | Expr::Neg(a) | Expr::Optional(a) => check(a),
        Expr::Index(a, b, _)
        | Expr::Pipe(a, b)
        | Expr::Comma(a, b)
        | Expr::Binary(_, a, b)
        | Expr::And(a, b)
        | Expr::Or(a, b)
        | Expr::Alt(a, b)
        | Expr::As(a, _, b) => {
            check(a)?;
            check(b)
        }
        Expr::Slice(a, b, c) => {
            check(a)?;
            if let Some(b) = b {
                check(b)?;
            }
            if let Some(c) = c {
                check(c)?;
            }
            Ok(())
        }
        Expr::Array(Some(a)) => check(a),
        Expr::Object(entries) => entries.iter().try_for_each(|(k, v)| {
            check(k)?;
            v.as_ref().map_or(Ok(()), check)
        }),
        Expr::Str(parts) => parts.iter().try_for_each(|p| if let StrPart::Interp(e) = p { check(e) } else { Ok(()) }),
        Expr::If(a, b, c) => {
            check(a)?;
            check(b)?;
            c.as_ref().map_or(Ok(()), |c| check(c))
        }
        _ => Ok(()),
    }
}

pub type Env = BTreeMap<String, J>;

fn desc(v: &J) -> String {
    let mut s = String::new();
    super::value::compact(v, &mut s);
    if s.chars().count() > 11 {
        s = s.chars().take(10).collect::<String>() + "...";
    }
    s
}

fn index_err(base: &J, key: &J) -> String {
    match key {
        J::Str(k) => format!("Cannot index {} with \"{k}\"", base.type_name()),
        other => format!("Cannot index {} with {}", base.type_name(), other.type_name()),
    }
}

/// Evaluates `e` on `input`; a runtime error is jq's message (jq exits 5).
pub fn eval(e: &Expr, input: &J, env: &Env) -> Result<Vec<J>, String> {
    Ok(match e {
        Expr::Identity => vec![input.clone()],
        Expr::RecurseAll => {
            let mut out = Vec::new();
            fn walk(v: &J, out: &mut Vec<J>) {
                out.push(v.clone());
                match v {
                    J::Arr(a) => a.iter().for_each(|x| walk(x, out)),
                    J::Obj(m) => m.iter().for_each(|(_, x)| walk(x, out)),
                    _ => {}
                }
            }
            walk(input, &mut out);
            out
        }
        Expr::Field(base, name, opt) => {
            let mut out = Vec::new();
            for b in eval(base, input, env)? {
                match &b {
                    J::Obj(_) => out.push(b.get(name).cloned().unwrap_or(J::Null)),
                    J::Null => out.push(J::Null),
                    other if *opt => {
                        let _ = other;
                    }
                    other => return Err(index_err(other, &J::Str(name.clone()))),
                }
            }
            out
        }
        Expr::Index(base, idx, opt) => {
            let mut out = Vec::new();
            for b in eval(base, input, env)? {
                for k in eval(idx, input, env)? {
                    match (&b, &k) {
                        (J::Obj(_), J::Str(s)) => out.push(b.get(s).cloned().unwrap_or(J::Null)),
                        (J::Arr(a), J::Num(n)) => {
                            let i = if *n < 0.0 { a.len() as f64 + n } else { *n };
                            out.push(if i >= 0.0 { a.get(i as usize).cloned().unwrap_or(J::Null) } else { J::Null });
                        }
                        (J::Null, J::Str(_) | J::Num(_)) => out.push(J::Null),
                        _ if *opt => {}
                        _ => return Err(index_err(&b, &k)),
                    }
                }
            }
            out
        }
        Expr::Slice(base, lo, hi) => {
            let mut out = Vec::new();
            for b in eval(base, input, env)? {
                let num = |x: &Option<Box<Expr>>| -> Result<Option<f64>, String> {
                    match x {
                        Some(x) => Ok(eval(x, input, env)?.first().and_then(|v| if let J::Num(n) = v { Some(*n) } else { None })),
                        None => Ok(None),
                    }
                };
                let (l, h) = (num(lo)?, num(hi)?);
                let clamp = |v: Option<f64>, len: usize, default: usize| -> usize {
                    match v {
                        None => default,
                        Some(n) if n < 0.0 => (len as f64 + n).max(0.0) as usize,
                        Some(n) => (n as usize).min(len),
                    }
                };
                match &b {
                    J::Arr(a) => {
                        let (s, t) = (clamp(l, a.len(), 0), clamp(h, a.len(), a.len()));
                        out.push(J::Arr(if s < t { a[s..t].to_vec() } else { Vec::new() }));
                    }
                    J::Str(st) => {
                        let chars: Vec<char> = st.chars().collect();
                        let (s, t) = (clamp(l, chars.len(), 0), clamp(h, chars.len(), chars.len()));
                        out.push(J::Str(if s < t { chars[s..t].iter().collect() } else { String::new() }));
                    }
                    J::Null => out.push(J::Null),
                    other => return Err(format!("Cannot index {} with object", other.type_name())),
                }
            }
            out
        }
        Expr::Iterate(base, opt) => {
            let mut out = Vec::new();
            for b in eval(base, input, env)? {
                match b {
                    J::Arr(a) => out.extend(a),
                    J::Obj(m) => out.extend(m.into_iter().map(|(_, v)| v)),
                    _ if *opt => {}
                    other => {
                        return Err(format!(
                            "Cannot iterate over {}{}",
                            other.type_name(),
                            if matches!(other, J::Null) { String::new() } else { format!(" ({})", desc(&other)) }
                        ))
                    }
                }
            }
            out
        }
        Expr::Literal(v) => vec![v.clone()],
        Expr::Str(parts) => {
            let mut results = vec![String::new()];
            for p in parts {
                match p {
                    StrPart::Lit(s) => results.iter_mut().for_each(|r| r.push_str(s)),
                    StrPart::Interp(e) => {
                        let vals = eval(e, input, env)?;
                        let mut next = Vec::new();
                        for r in &results {
                            for v in &vals {
                                let t = match v {
                                    J::Str(s) => s.clone(),
                                    other => {
                                        let mut s = String::new();
                                        super::value::compact(other, &mut s);
                                        s
                                    }
                                };
                                next.push(format!("{r}{t}"));
                            }
                        }
                        results = next;
                    }
                }
            }
            results.into_iter().map(J::Str).collect()
        }
        Expr::Array(None) => vec![J::Arr(Vec::new())],
        Expr::Array(Some(inner)) => vec![J::Arr(eval(inner, input, env)?)],
        Expr::Object(entries) => {
            let mut objs: Vec<Vec<(String, J)>> = vec![Vec::new()];
            for (k, v) in entries {
                let keys = eval(k, input, env)?;
                let vals = match v {
                    Some(v) => eval(v, input, env)?,
                    None => match keys.first() {
                        Some(J::Str(name)) => vec![input.get(name).cloned().unwrap_or(J::Null)],
                        _ => vec![J::Null],
                    },
                };
                let mut next = Vec::new();
                for o in &objs {
                    for key in &keys {
                        let J::Str(ks) = key else { return Err("Object keys must be strings".to_string()) };
                        for val in &vals {
                            let mut n = o.clone();
                            match n.iter_mut().find(|(x, _)| x == ks) {
                                Some(slot) => slot.1 = val.clone(),
                                None => n.push((ks.clone(), val.clone())),
                            }
                            next.push(n);
                        }
                    }
                }
                objs = next;
            }
            objs.into_iter().map(J::Obj).collect()
        }
        Expr::Pipe(a, b) => {
            let mut out = Vec::new();
            for v in eval(a, input, env)? {
                out.extend(eval(b, &v, env)?);
            }
            out
        }
        Expr::Comma(a, b) => {
            let mut out = eval(a, input, env)?;
            out.extend(eval(b, input, env)?);
            out
        }
        Expr::Binary(op, a, b) => {
            let mut out = Vec::new();
            for y in eval(b, input, env)? {
                for x in eval(a, input, env)? {
                    out.push(binary(op, &x, &y)?);
                }
            }
            out
        }
        Expr::And(a, b) => {
            let mut out = Vec::new();
            for x in eval(a, input, env)? {
                if !x.truthy() {
                    out.push(J::Bool(false));
                    continue;
                }
                for y in eval(b, input, env)? {
                    out.push(J::Bool(y.truthy()));
                }
            }
            out
        }
        Expr::Or(a, b) => {
            let mut out = Vec::new();
            for x in eval(a, input, env)? {
                if x.truthy() {
                    out.push(J::Bool(true));
                    continue;
                }
                for y in eval(b, input, env)? {
                    out.push(J::Bool(y.truthy()));
                }
            }
            out
        }
        Expr::Alt(a, b) => {
            let good: Vec<J> = eval(a, input, env).unwrap_or_default().into_iter().filter(J::truthy).collect();
            if good.is_empty() {
                eval(b, input, env)?
            } else {
                good
            }
        }
        Expr::Neg(a) => eval(a, input, env)?
            .into_iter()
            .map(|v| match v {
                J::Num(n) => Ok(J::Num(-n)),
                other => Err(format!("{} ({}) cannot be negated", other.type_name(), desc(&other))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        Expr::Var(v) => match env.get(v) {
            Some(x) => vec![x.clone()],
            None => return Err(format!("${v} is not defined")),
        },
        Expr::Optional(a) => eval(a, input, env).unwrap_or_default(),
        Expr::If(c, t, e) => {
            let mut out = Vec::new();
            for cond in eval(c, input, env)? {
                if cond.truthy() {
                    out.extend(eval(t, input, env)?);
                } else if let Some(e) = e {
                    out.extend(eval(e, input, env)?);
                } else {
                    out.push(input.clone());
                }
            }
            out
        }
        Expr::As(src, name, body) => {
            let mut out = Vec::new();
            for v in eval(src, input, env)? {
                let mut env2 = env.clone();
                env2.insert(name.clone(), v);
                out.extend(eval(body, input, &env2)?);
            }
            out
        }
        Expr::Call(name, args) => call(name, args, input, env)?,
    })
}

fn binary(op: &str, x: &J, y: &J) -> Result<J, String> {
    use std::cmp::Ordering::*;
    Ok(match op {
        "==" => J::Bool(cmp(x, y) == Equal),
        "!=" => J::Bool(cmp(x, y) != Equal),
        "<" => J::Bool(cmp(x, y) == Less),
        "<=" => J::Bool(cmp(x, y) != Greater),
        ">" => J::Bool(cmp(x, y) == Greater),
        ">=" => J::Bool(cmp(x, y) != Less),
        "+" => match (x, y) {
            (J::Null, v) | (v, J::Null) => v.clone(),
            (J::Num(a), J::Num(b)) => J::Num(a + b),
            (J::Str(a), J::Str(b)) => J::Str(format!("{a}{b}")),
            (J::Arr(a), J::Arr(b)) => J::Arr(a.iter().chain(b).cloned().collect()),
            (J::Obj(a), J::Obj(b)) => {
                let mut m = a.clone();
                for (k, v) in b {
                    match m.iter_mut().find(|(x, _)| x == k) {
                        Some(slot) => slot.1 = v.clone(),
                        None => m.push((k.clone(), v.clone())),
                    }
                }
                J::Obj(m)
            }
            _ => return Err(format!("{} ({}) and {} ({}) cannot be added", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        "-" => match (x, y) {
            (J::Num(a), J::Num(b)) => J::Num(a - b),
            (J::Arr(a), J::Arr(b)) => J::Arr(a.iter().filter(|v| !b.contains(v)).cloned().collect()),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be subtracted", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        "*" => match (x, y) {
            (J::Num(a), J::Num(b)) => J::Num(a * b),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be multiplied", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        "/" => match (x, y) {
            (J::Num(_), J::Num(b)) if *b == 0.0 => {
                return Err(format!(
                    "{} ({}) and {} ({}) cannot be divided because the divisor is zero",
                    x.type_name(),
                    desc(x),
                    y.type_name(),
                    desc(y)
                ))
            }
            (J::Num(a), J::Num(b)) => J::Num(a / b),
            (J::Str(a), J::Str(b)) => J::Arr(a.split(b.as_str()).map(|s| J::Str(s.to_string())).collect()),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be divided", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        _ => match (x, y) {
            (J::Num(_), J::Num(b)) if *b as i64 == 0 => {
                return Err(format!(
                    "{} ({}) and {} ({}) cannot be divided because the divisor is zero",
                    x.type_name(),
                    desc(x),
                    y.type_name(),
                    desc(y)
                ))
            }
            (J::Num(a), J::Num(b)) => J::Num(((*a as i64) % (*b as i64)) as f64),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be divided", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
    })
}

fn one(args: &[Expr], i: usize, input: &J, env: &Env) -> Result<J, String> {
    Ok(eval(&args[i], input, env)?.into_iter().next().unwrap_or(J::Null))
}

fn call(name: &str, args: &[Expr], input: &J, env: &Env) -> Result<Vec<J>, String> {
    let v = input;
    let bad = |what: &str| format!("{} ({}) {what}", v.type_name(), desc(v));
    let single = |x: J| Ok(vec![x]);
    match (name, args.len()) {
        ("empty", 0) => Ok(Vec::new()),
        ("not", 0) => single(J::Bool(!v.truthy())),
        ("length", 0) => single(match v {
            J::Null => J::Num(0.0),
            J::Bool(_) => return Err(bad("has no length")),
            J::Num(n) => J::Num(n.abs()),
            J::Str(s) => J::Num(s.chars().count() as f64),
            J::Arr(a) => J::Num(a.len() as f64),
            J::Obj(m) => J::Num(m.len() as f64),
        }),
        ("keys" | "keys_unsorted", 0) => single(match v {
            J::Obj(m) => {
                let mut k: Vec<String> = m.iter().map(|(k, _)| k.clone()).collect();
                if name == "keys" {
                    k.sort();
                }
                J::Arr(k.into_iter().map(J::Str).collect())
            }
            J::Arr(a) => J::Arr((0..a.len()).map(|i| J::Num(i as f64)).collect()),
            _ => return Err(bad("has no keys")),
        }),
        ("to_entries", 0) => match v {
            J::Obj(m) => single(J::Arr(
                m.iter().map(|(k, x)| J::Obj(vec![("key".into(), J::Str(k.clone())), ("value".into(), x.clone())])).collect(),
            )),
            _ => Err(bad("has no keys")),
        },
        ("from_entries", 0) => match v {
            J::Arr(a) => {
                let mut m: Vec<(String, J)> = Vec::new();
                for e in a {
                    let key = e.get("key").or(e.get("k")).or(e.get("name")).or(e.get("Name")).or(e.get("Key")).cloned().unwrap_or(J::Null);
                    let val = e.get("value").or(e.get("v")).or(e.get("Value")).cloned().unwrap_or(J::Null);
                    let k = match key {
                        J::Str(s) => s,
                        J::Num(n) => num_text(n),
                        J::Bool(b) => b.to_string(),
                        _ => return Err(format!("Cannot use {} ({}) as object key", key.type_name(), desc(&key))),
                    };
                    m.push((k, val));
                }
                single(J::Obj(m))
            }
            _ => Err(format!("Cannot iterate over {}", v.type_name())),
        },
        ("with_entries", 1) => {
            let entries = call("to_entries", &[], v, env)?;
            let mapped = call("map", args, &entries[0], env)?;
            call("from_entries", &[], &mapped[0], env)
        }
        ("select", 1) => Ok(eval(&args[0], v, env)?.iter().filter(|c| c.truthy()).map(|_| v.clone()).collect()),
        ("map", 1) => match v {
            J::Arr(a) => {
                let mut out = Vec::new();
                for x in a {
                    out.extend(eval(&args[0], x, env)?);
                }
                single(J::Arr(out))
            }
            J::Obj(m) => {
                let mut out = Vec::new();
                for (_, x) in m {
                    out.extend(eval(&args[0], x, env)?);
                }
                single(J::Arr(out))
            }
            other => Err(format!(
                "Cannot iterate over {}{}",
                other.type_name(),
                if matches!(other, J::Null) { String::new() } else { format!(" ({})", desc(other)) }
            )),
        },
        ("map_values", 1) => match v {
            J::Obj(m) => {
                let mut out = Vec::new();
                for (k, x) in m {
                    if let Some(y) = eval(&args[0], x, env)?.into_iter().next() {
                        out.push((k.clone(), y));
                    }
                }
                single(J::Obj(out))
            }
            J::Arr(a) => {
                let mut out = Vec::new();
                for x in a {
                    if let Some(y) = eval(&args[0], x, env)?.into_iter().next() {
                        out.push(y);
                    }
                }
                single(J::Arr(out))
            }
            _ => Err(format!("Cannot iterate over {}", v.type_name())),
        },
        ("add", 0) => match v {
            J::Arr(a) => {
                let mut acc = J::Null;
                for x in a {
                    acc = binary("+", &acc, x)?;
                }
                single(acc)
            }
            J::Obj(m) => {
                let mut acc = J::Null;
                for (_, x) in m {
                    acc = binary("+", &acc, x)?;
                }
                single(acc)
            }
            J::Null => single(J::Null),
            _ => Err(format!("Cannot iterate over {}", v.type_name())),
        },
        ("has", 1) => {
            let k = one(args, 0, v, env)?;
            single(J::Bool(match (v, &k) {
                (J::Obj(_), J::Str(s)) => v.get(s).is_some(),
                (J::Arr(a), J::Num(n)) => *n >= 0.0 && (*n as usize) < a.len(),
                _ => return Err(format!("Cannot check whether {} has a {} key", v.type_name(), k.type_name())),
            }))
        }
        ("in", 1) => {
            let container = one(args, 0, v, env)?;
            call("has", &[Expr::Literal(v.clone())], &container, env)
        }
        ("tostring", 0) => single(match v {
            J::Str(_) => v.clone(),
            other => {
                let mut s = String::new();
                super::value::compact(other, &mut s);
                J::Str(s)
            }
        }),
        ("tonumber" | "to_number", 0) => single(match v {
            J::Num(_) => v.clone(),
            J::Str(s) => J::Num(s.trim().parse().map_err(|_| format!("Cannot parse '{s}' as JSON"))?),
            _ => return Err(bad("cannot be parsed as a number")),
        }),
        ("type", 0) => single(J::Str(v.type_name().into())),
        ("sort", 0) => match v {
            J::Arr(a) => {
                let mut a = a.clone();
                a.sort_by(cmp);
                single(J::Arr(a))
            }
            _ => Err(bad("cannot be sorted, as it is not an array")),
        },
        ("sort_by" | "group_by" | "unique_by" | "min_by" | "max_by", 1) => {
            let J::Arr(a) = v else { return Err(bad("cannot be sorted, as it is not an array")) };
            let mut keyed: Vec<(J, J)> = Vec::new();
            for x in a {
                keyed.push((J::Arr(eval(&args[0], x, env)?), x.clone()));
            }
            keyed.sort_by(|p, q| cmp(&p.0, &q.0));
            match name {
                "sort_by" => single(J::Arr(keyed.into_iter().map(|(_, x)| x).collect())),
                "min_by" => single(keyed.first().map(|p| p.1.clone()).unwrap_or(J::Null)),
                "max_by" => single(keyed.last().map(|p| p.1.clone()).unwrap_or(J::Null)),
                _ => {
                    let mut groups: Vec<(J, Vec<J>)> = Vec::new();
                    for (k, x) in keyed {
                        match groups.last_mut() {
                            Some((gk, g)) if cmp(gk, &k) == std::cmp::Ordering::Equal => g.push(x),
                            _ => groups.push((k, vec![x])),
                        }
                    }
                    if name == "group_by" {
                        single(J::Arr(groups.into_iter().map(|(_, g)| J::Arr(g)).collect()))
                    } else {
                        single(J::Arr(groups.into_iter().filter_map(|(_, g)| g.into_iter().next()).collect()))
                    }
                }
            }
        }
        ("unique", 0) => {
            let sorted = call("sort", &[], v, env)?;
            let J::Arr(a) = &sorted[0] else { return Ok(sorted) };
            let mut out: Vec<J> = Vec::new();
            for x in a {
                if out.last() != Some(x) {
                    out.push(x.clone());
                }
            }
            single(J::Arr(out))
        }
        ("min" | "max", 0) => {
            let J::Arr(a) = v else { return Err(bad("cannot be sorted, as it is not an array")) };
            let mut a = a.clone();
            a.sort_by(cmp);
            single(if name == "min" { a.first().cloned() } else { a.last().cloned() }.unwrap_or(J::Null))
        }
        ("reverse", 0) => single(match v {
            J::Arr(a) => J::Arr(a.iter().rev().cloned().collect()),
            J::Str(s) => J::Str(s.chars().rev().collect()),
            J::Null => J::Arr(Vec::new()),
            _ => return Err(bad("cannot be reversed, as it is not an array")),
        }),
        ("first", 0) => eval(&Expr::Index(Box::new(Expr::Identity), Box::new(Expr::Literal(J::Num(0.0))), false), v, env),
        ("last", 0) => eval(&Expr::Index(Box::new(Expr::Identity), Box::new(Expr::Literal(J::Num(-1.0))), false), v, env),
        ("first", 1) => Ok(eval(&args[0], v, env)?.into_iter().take(1).collect()),
        ("last", 1) => Ok(eval(&args[0], v, env)?.into_iter().last().into_iter().collect()),
        ("limit", 2) => {
            let n = match one(args, 0, v, env)? {
                J::Num(n) => n as usize,
                _ => 0,
            };
            Ok(eval(&args[1], v, env)?.into_iter().take(n).collect())
        }
        ("error", 1) => {
            let m = one(args, 0, v, env)?;
            Err(match m {
                J::Str(s) => s,
                other => {
                    let mut s = String::new();
                    super::value::compact(&other, &mut s);
                    format!("{s} (not a string)")
                }
            })
        }
        ("contains", 1) => {
            let b = one(args, 0, v, env)?;
            fn contains(a: &J, b: &J) -> bool {
                match (a, b) {
                    (J::Str(x), J::Str(y)) => x.contains(y.as_str()),
                    (J::Arr(x), J::Arr(y)) => y.iter().all(|yy| x.iter().any(|xx| contains(xx, yy))),
                    (J::Obj(_), J::Obj(y)) => y.iter().all(|(k, yy)| a.get(k).is_some_and(|xx| contains(xx, yy))),
                    _ => a == b,
                }
            }
            if v.type_name() != b.type_name() {
                return Err(format!(
                    "{} ({}) and {} ({}) cannot have their containment checked",
                    v.type_name(),
                    desc(v),
                    b.type_name(),
                    desc(&b)
                ));
            }
            single(J::Bool(contains(v, &b)))
        }
        ("startswith" | "endswith" | "ltrimstr" | "rtrimstr" | "split" | "join" | "test" | "index" | "splits", 1) => {
            let arg = one(args, 0, v, env)?;
            match (name, v, &arg) {
                ("startswith", J::Str(s), J::Str(p)) => single(J::Bool(s.starts_with(p.as_str()))),
                ("endswith", J::Str(s), J::Str(p)) => single(J::Bool(s.ends_with(p.as_str()))),
                ("startswith" | "endswith", _, _) => Err(format!("{name}() requires string inputs")),
                ("ltrimstr", J::Str(s), J::Str(p)) => single(J::Str(s.strip_prefix(p.as_str()).unwrap_or(s).to_string())),
                ("rtrimstr", J::Str(s), J::Str(p)) => single(J::Str(s.strip_suffix(p.as_str()).unwrap_or(s).to_string())),
                ("ltrimstr" | "rtrimstr", _, _) => single(v.clone()),
                ("split" | "splits", J::Str(s), J::Str(p)) => {
                    let parts: Vec<J> = if p.is_empty() {
                        s.chars().map(|c| J::Str(c.to_string())).collect()
                    } else {
                        s.split(p.as_str()).map(|x| J::Str(x.to_string())).collect()
                    };
                    if name == "split" {
                        single(J::Arr(parts))
                    } else {
                        Ok(parts)
                    }
                }
                ("split" | "splits", _, _) => Err("split input and separator must be strings".into()),
                ("join", J::Arr(a), J::Str(sep)) => {
                    let mut out = String::new();
                    for (i, x) in a.iter().enumerate() {
                        if i > 0 {
                            out.push_str(sep);
                        }
                        match x {
                            J::Null => {}
                            J::Str(s) => out.push_str(s),
                            J::Num(n) => out.push_str(&num_text(*n)),
                            J::Bool(b) => out.push_str(&b.to_string()),
                            other => return Err(format!("Cannot join with {}", other.type_name())),
                        }
                    }
                    single(J::Str(out))
                }
                ("join", _, _) => Err(format!("Cannot iterate over {}", v.type_name())),
                ("test", J::Str(s), J::Str(re)) => {
                    let r = regex::Regex::new(re).map_err(|e| format!("{re} (at offset 0) is not a valid regex: {e}"))?;
                    single(J::Bool(r.is_match(s)))
                }
                ("test", _, _) => Err(format!("{} ({}) cannot be matched, as it is not a string", v.type_name(), desc(v))),
                ("index", J::Str(s), J::Str(p)) => {
                    single(s.find(p.as_str()).map(|i| J::Num(s[..i].chars().count() as f64)).unwrap_or(J::Null))
                }
                _ => single(J::Null),
            }
        }
        ("ascii_downcase" | "ascii_upcase", 0) => match v {
            J::Str(s) => single(J::Str(if name == "ascii_downcase" { s.to_ascii_lowercase() } else { s.to_ascii_uppercase() })),
            _ => Err(format!("{name} input must be a string")),
        },
        ("range", 1 | 2) => {
            let (from, to) = if args.len() == 1 {
                (0.0, one(args, 0, v, env)?)
            } else {
                (if let J::Num(n) = one(args, 0, v, env)? { n } else { 0.0 }, one(args, 1, v, env)?)
            };
            let J::Num(to) = to else { return Err("Range bounds must be numeric".into()) };
            let mut out = Vec::new();
            let mut i = from;
            while i < to && out.len() < 100_000 {
                out.push(J::Num(i));
                i += 1.0;
            }
            Ok(out)
        }
        ("tojson", 0) => {
            let mut s = String::new();
            super::value::compact(v, &mut s);
            single(J::Str(s))
        }
        ("fromjson", 0) => match v {
            J::Str(s) => Ok(super::value::parse_stream(s).map_err(|e| format!("{e} (while parsing '{s}')"))?.into_iter().take(1).collect()),
            _ => Err(bad("only strings can be parsed")),
        },
        ("any" | "all", 0) => {
            let J::Arr(a) = v else { return Err(format!("Cannot iterate over {}", v.type_name())) };
            single(J::Bool(if name == "any" { a.iter().any(J::truthy) } else { a.iter().all(J::truthy) }))
        }
        ("any" | "all", 1) => {
            let J::Arr(a) = v else { return Err(format!("Cannot iterate over {}", v.type_name())) };
            let mut results = Vec::new();
            for x in a {
                results.push(eval(&args[0], x, env)?.iter().any(J::truthy));
            }
            single(J::Bool(if name == "any" { results.iter().any(|b| *b) } else { results.iter().all(|b| *b) }))
        }
        ("flatten", 0) => {
            fn flat(a: &[J], out: &mut Vec<J>) {
                for x in a {
                    match x {
                        J::Arr(inner) => flat(inner, out),
                        other => out.push(other.clone()),
                    }
                }
            }
            let J::Arr(a) = v else { return Err("Cannot flatten non-array".into()) };
            let mut out = Vec::new();
            flat(a, &mut out);
            single(J::Arr(out))
        }
        ("floor" | "sqrt", 0) => match v {
            J::Num(n) => single(J::Num(if name == "floor" { n.floor() } else { n.sqrt() })),
            _ => Err(bad("number required")),
        },
        ("values", 0) => Ok(if matches!(v, J::Null) { Vec::new() } else { vec![v.clone()] }),
        ("objects" | "arrays" | "strings" | "numbers" | "nulls" | "booleans" | "iterables" | "scalars", 0) => {
            let keep = match name {
                "objects" => matches!(v, J::Obj(_)),
                "arrays" => matches!(v, J::Arr(_)),
                "strings" => matches!(v, J::Str(_)),
                "numbers" => matches!(v, J::Num(_)),
                "nulls" => matches!(v, J::Null),
                "booleans" => matches!(v, J::Bool(_)),
                "iterables" => matches!(v, J::Arr(_) | J::Obj(_)),
                _ => !matches!(v, J::Arr(_) | J::Obj(_)),
            };
            Ok(if keep { vec![v.clone()] } else { Vec::new() })
        }
        ("recurse", 0) => eval(&Expr::RecurseAll, v, env),
        ("del", 1) => {
            // Deletes the fields or indices the path expression names (simple paths only).
            let mut out = v.clone();
            if let Expr::Field(base, key, _) = &args[0] {
                if **base == Expr::Identity {
                    if let J::Obj(m) = &mut out {
                        m.retain(|(k, _)| k != key);
                    }
                }
            }
            single(out)
        }
        _ => Err(format!("{name}/{} is not defined", args.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(program: &str, input: &str) -> Vec<String> {
        let e = parse(program).unwrap();
        check(&e).unwrap();
        let v = super::super::value::parse_stream(input).unwrap().remove(0);
        eval(&e, &v, &Env::new())
            .unwrap()
            .iter()
            .map(|x| {
                let mut s = String::new();
                super::super::value::compact(x, &mut s);
                s
            })
            .collect()
    }

    #[test]
    fn the_lab_usage_json() {
        let cq = r#"{"status":{"admittedWorkloads":2,"pendingWorkloads":1,"flavorsReservation":[{"name":"fake-gpu","resources":[{"name":"cpu","total":"1"},{"name":"nvidia.com/gpu","total":"2"}]}]}}"#;
        assert_eq!(
            run(
                r#"{admitted: .status.admittedWorkloads, pending: .status.pendingWorkloads, gpu_reserved: (.status.flavorsReservation[0].resources[] | select(.name == "nvidia.com/gpu") | .total | tonumber)}"#,
                cq
            ),
            vec![r#"{"admitted":2,"pending":1,"gpu_reserved":2}"#]
        );
        assert_eq!(run(".status.flavorsReservation[].resources | map(.name) | join(\",\")", cq), vec![r#""cpu,nvidia.com/gpu""#]);
        assert_eq!(run(r#""\(.status.admittedWorkloads) admitted""#, cq), vec![r#""2 admitted""#]);
        assert_eq!(run(".status | keys | length", cq), vec!["3"]);
        assert_eq!(run(".items[]?.x", "{}"), Vec::<String>::new());
        assert_eq!(run("[.status.pendingWorkloads, 1] | add", cq), vec!["2"]);
        assert_eq!(run("if .status.pendingWorkloads > 0 then \"waiting\" else \"clear\" end", cq), vec![r#""waiting""#]);
    }

    #[test]
    fn errors() {
        let e = parse(".a.b").unwrap();
        let v = super::super::value::parse_stream(r#"{"a": 5}"#).unwrap().remove(0);
        assert_eq!(eval(&e, &v, &Env::new()).unwrap_err(), "Cannot index number with \"b\"");
        assert_eq!(check(&parse("foo").unwrap()).unwrap_err().0, "foo/0 is not defined");
        assert!(parse(".a |").is_err());
    }
}
