//! jq's parser (`src/parser.y`): tokens to an [`Expr`] by precedence — `|`, `,`, `//`, `or`, `and`, comparisons, arithmetic, postfix paths.

use super::ast::{Expr, StrPart};
use super::error::CompileError;
use super::lexer::{lex, Tok};
use super::value::J;

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
