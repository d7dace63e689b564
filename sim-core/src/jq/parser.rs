//! jq's parser (`src/parser.y`): tokens to an [`Expr`] by precedence — `def`, `|`, `,`, `//`,
//! assignments, `or`, `and`, comparisons, arithmetic, postfix paths; `reduce`, `foreach`, `if`,
//! `try`, `label`, `as` patterns, `@format` strings.

use super::ast::{Expr, FuncDef, Pattern, StrPart};
use super::error::CompileError;
use super::lexer::{lex, Tok};
use super::value::J;
use std::rc::Rc;

/// Deepest nesting the parser accepts (keeps recursion away from the stack's limit).
const MAX_DEPTH: usize = 100;

struct Parser {
    t: Vec<Tok>,
    i: usize,
    depth: usize,
}

fn unexpected(t: Option<&Tok>) -> CompileError {
    let what = match t {
        None => "$end".to_string(),
        Some(Tok::Op(o)) => format!("'{o}'"),
        Some(Tok::Ident(i)) => match i.as_str() {
            "def" | "if" | "then" | "elif" | "else" | "end" | "as" | "reduce" | "foreach" | "try" | "catch" | "label" | "import"
            | "include" | "and" | "or" | "not" | "__loc__" => i.clone(),
            _ => format!("IDENT {i}"),
        },
        Some(Tok::Field(f)) => format!("FIELD .{f}"),
        Some(Tok::Var(v)) => format!("'$' IDENT {v}"),
        Some(Tok::Num(n)) => format!("LITERAL {n}"),
        Some(Tok::Str(_)) => "QQSTRING_START".to_string(),
        Some(Tok::Format(f)) => format!("FORMAT @{f}"),
        Some(Tok::Dot) => "'.'".to_string(),
        Some(Tok::DotDot) => "REC".to_string(),
    };
    CompileError(format!("syntax error, unexpected {what} (Unix shell quoting issues?)"))
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.t.get(self.i)
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Some(Tok::Op(o)) if *o == op)
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(k)) if k == w)
    }
    fn eat(&mut self, op: &str) -> bool {
        if self.is_op(op) {
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
    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
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
    fn enter(&mut self) -> Result<(), CompileError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(CompileError(format!(
                "the simulator's jq nests expressions at most {MAX_DEPTH} deep (시뮬레이터의 jq 는 식을 {MAX_DEPTH} 단계까지만 중첩합니다)"
            )));
        }
        Ok(())
    }

    /// pipe := def* ( term 'as' pattern '|' pipe | 'label' $x '|' pipe | comma ['|' pipe] )
    fn pipe(&mut self) -> Result<Expr, CompileError> {
        self.enter()?;
        let r = self.pipe_inner();
        self.depth -= 1;
        r
    }

    fn pipe_inner(&mut self) -> Result<Expr, CompileError> {
        if self.is_word("def") {
            let def = self.def()?;
            let rest = self.pipe()?;
            return Ok(Expr::Def(Rc::new(def), Box::new(rest)));
        }
        if self.eat_word("label") {
            let Some(Tok::Var(v)) = self.peek().cloned() else { return Err(unexpected(self.peek())) };
            self.i += 1;
            self.expect("|")?;
            let body = self.pipe()?;
            return Ok(Expr::Label(v, Box::new(body)));
        }
        let left = self.comma()?;
        if self.eat_word("as") {
            let pat = self.pattern()?;
            self.expect("|")?;
            let body = self.pipe()?;
            return Ok(Expr::As(Box::new(left), pat, Box::new(body)));
        }
        if self.eat("|") {
            let right = self.pipe()?;
            return Ok(Expr::Pipe(Box::new(left), Box::new(right)));
        }
        Ok(left)
    }

    fn def(&mut self) -> Result<FuncDef, CompileError> {
        self.expect_word("def")?;
        let name = match self.peek().cloned() {
            Some(Tok::Ident(n)) => n,
            other => return Err(unexpected(other.as_ref())),
        };
        self.i += 1;
        let mut params = Vec::new();
        if self.eat("(") {
            loop {
                match self.peek().cloned() {
                    Some(Tok::Ident(p)) => params.push(p),
                    Some(Tok::Var(v)) => params.push(format!("${v}")),
                    other => return Err(unexpected(other.as_ref())),
                }
                self.i += 1;
                if self.eat(";") {
                    continue;
                }
                self.expect(")")?;
                break;
            }
        }
        self.expect(":")?;
        let body = self.pipe()?;
        self.expect(";")?;
        Ok(FuncDef { name, params, body })
    }

    fn pattern(&mut self) -> Result<Pattern, CompileError> {
        match self.peek().cloned() {
            Some(Tok::Var(v)) => {
                self.i += 1;
                Ok(Pattern::Var(v))
            }
            Some(Tok::Op("[")) => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    items.push(self.pattern()?);
                    if self.eat(",") {
                        continue;
                    }
                    self.expect("]")?;
                    return Ok(Pattern::Array(items));
                }
            }
            Some(Tok::Op("{")) => {
                self.i += 1;
                let mut entries = Vec::new();
                loop {
                    match self.peek().cloned() {
                        Some(Tok::Var(v)) => {
                            self.i += 1;
                            entries.push((Expr::Literal(J::Str(v.clone())), Pattern::Var(v)));
                        }
                        Some(Tok::Ident(k)) => {
                            self.i += 1;
                            self.expect(":")?;
                            entries.push((Expr::Literal(J::Str(k)), self.pattern()?));
                        }
                        Some(Tok::Str(_)) => {
                            let key = self.term()?;
                            self.expect(":")?;
                            entries.push((key, self.pattern()?));
                        }
                        Some(Tok::Op("(")) => {
                            self.i += 1;
                            let key = self.pipe()?;
                            self.expect(")")?;
                            self.expect(":")?;
                            entries.push((key, self.pattern()?));
                        }
                        other => return Err(unexpected(other.as_ref())),
                    }
                    if self.eat(",") {
                        continue;
                    }
                    self.expect("}")?;
                    return Ok(Pattern::Object(entries));
                }
            }
            other => Err(unexpected(other.as_ref())),
        }
    }

    fn comma(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.alt()?;
        while self.eat(",") {
            let right = self.alt()?;
            left = Expr::Comma(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    /// `//` (right-associative), below it the assignments.
    fn alt(&mut self) -> Result<Expr, CompileError> {
        let left = self.assign()?;
        if self.eat("//") {
            let right = self.alt()?;
            return Ok(Expr::Alt(Box::new(left), Box::new(right)));
        }
        Ok(left)
    }

    fn assign(&mut self) -> Result<Expr, CompileError> {
        let left = self.or()?;
        for (tok, op) in [("=", ""), ("|=", "|"), ("+=", "+"), ("-=", "-"), ("*=", "*"), ("/=", "/"), ("%=", "%"), ("//=", "//")] {
            if self.eat(tok) {
                let right = self.alt()?;
                return Ok(Expr::Assign(op.to_string(), Box::new(left), Box::new(right)));
            }
        }
        Ok(left)
    }

    fn or(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.and()?;
        while self.eat_word("or") {
            left = Expr::Or(Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }
    fn and(&mut self) -> Result<Expr, CompileError> {
        let mut left = self.compare()?;
        while self.eat_word("and") {
            left = Expr::And(Box::new(left), Box::new(self.compare()?));
        }
        Ok(left)
    }
    fn compare(&mut self) -> Result<Expr, CompileError> {
        let left = self.additive()?;
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if self.eat(op) {
                let right = self.additive()?;
                if ["==", "!=", "<=", ">=", "<", ">"].iter().any(|o| self.is_op(o)) {
                    return Err(unexpected(self.peek()));
                }
                return Ok(Expr::Binary(op.into(), Box::new(left), Box::new(right)));
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
            let right = self.unary()?;
            if op == "/" || op == "%" {
                if let (Expr::Literal(J::Num(_)), Expr::Literal(J::Num(d))) = (&left, &right) {
                    if *d == 0.0 {
                        return Err(CompileError("Division by zero?".into()));
                    }
                }
            }
            left = Expr::Binary(op.into(), Box::new(left), Box::new(right));
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
                    e = Expr::Try(Box::new(e), None);
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
            let opt = self.eat("?");
            return Ok(Expr::Slice(Box::new(base), None, Some(Box::new(hi)), opt));
        }
        let idx = self.pipe()?;
        if self.eat(":") {
            let hi = if self.is_op("]") { None } else { Some(Box::new(self.pipe()?)) };
            self.expect("]")?;
            let opt = self.eat("?");
            return Ok(Expr::Slice(Box::new(base), Some(Box::new(idx)), hi, opt));
        }
        self.expect("]")?;
        let opt = self.eat("?");
        Ok(Expr::Index(Box::new(base), Box::new(idx), opt))
    }
    fn string(&mut self, parts: Vec<(bool, String)>, format: Option<String>) -> Result<Expr, CompileError> {
        let mut out = Vec::new();
        for (interp, s) in parts {
            if interp {
                let mut inner = Parser { t: lex(&s)?, i: 0, depth: self.depth + 1 };
                if inner.t.is_empty() {
                    return Err(unexpected(Some(&Tok::Op(")"))));
                }
                let e = inner.pipe()?;
                if inner.i < inner.t.len() {
                    return Err(unexpected(inner.peek()));
                }
                out.push(StrPart::Interp(e));
            } else if !s.is_empty() {
                out.push(StrPart::Lit(s));
            }
        }
        Ok(Expr::Str(out, format))
    }
    fn term(&mut self) -> Result<Expr, CompileError> {
        self.enter()?;
        let r = self.term_inner();
        self.depth -= 1;
        r
    }
    fn term_inner(&mut self) -> Result<Expr, CompileError> {
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
            Tok::Format(f) => {
                if let Some(Tok::Str(parts)) = self.peek().cloned() {
                    self.i += 1;
                    return self.string(parts, Some(f));
                }
                Ok(Expr::Format(f))
            }
            Tok::Str(parts) => self.string(parts, None),
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
                        Some(Tok::Str(_)) | Some(Tok::Format(_)) | Some(Tok::Num(_)) => self.term()?,
                        Some(Tok::Op("(")) => {
                            self.i += 1;
                            let k = self.pipe()?;
                            self.expect(")")?;
                            k
                        }
                        other => return Err(unexpected(other.as_ref())),
                    };
                    let value = if self.eat(":") { Some(self.object_value()?) } else { None };
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
                    let els = if self.is_word("elif") {
                        // `elif` is an `if` nested in the else branch.
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
                "try" => {
                    let body = self.postfix()?;
                    let catch = if self.eat_word("catch") { Some(Box::new(self.postfix()?)) } else { None };
                    Ok(Expr::Try(Box::new(body), catch))
                }
                "reduce" | "foreach" => {
                    let source = self.postfix()?;
                    self.expect_word("as")?;
                    let pat = self.pattern()?;
                    self.expect("(")?;
                    let init = self.pipe()?;
                    self.expect(";")?;
                    let update = self.pipe()?;
                    let extract = if name == "foreach" && self.eat(";") { Some(Box::new(self.pipe()?)) } else { None };
                    self.expect(")")?;
                    if name == "reduce" {
                        Ok(Expr::Reduce(Box::new(source), pat, Box::new(init), Box::new(update)))
                    } else {
                        Ok(Expr::Foreach(Box::new(source), pat, Box::new(init), Box::new(update), extract))
                    }
                }
                "def" => {
                    self.i -= 1;
                    let def = self.def()?;
                    let rest = self.pipe()?;
                    Ok(Expr::Def(Rc::new(def), Box::new(rest)))
                }
                "label" => {
                    let Some(Tok::Var(v)) = self.peek().cloned() else { return Err(unexpected(self.peek())) };
                    self.i += 1;
                    self.expect("|")?;
                    let body = self.pipe()?;
                    Ok(Expr::Label(v, Box::new(body)))
                }
                "break" => {
                    let Some(Tok::Var(v)) = self.peek().cloned() else { return Err(unexpected(self.peek())) };
                    self.i += 1;
                    Ok(Expr::Break(v))
                }
                "then" | "elif" | "else" | "end" | "as" | "catch" | "and" | "or" | "import" | "include" => {
                    Err(unexpected(Some(&Tok::Ident(name))))
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
    fn object_value(&mut self) -> Result<Expr, CompileError> {
        let e = self.alt()?;
        if self.eat("|") {
            let r = self.object_value()?;
            return Ok(Expr::Pipe(Box::new(e), Box::new(r)));
        }
        Ok(e)
    }
}

pub fn parse(src: &str) -> Result<Expr, CompileError> {
    let t = lex(src)?;
    if t.is_empty() {
        return Ok(Expr::Identity);
    }
    let mut p = Parser { t, i: 0, depth: 0 };
    let e = p.pipe()?;
    if p.i < p.t.len() {
        return Err(unexpected(p.peek()));
    }
    Ok(e)
}
