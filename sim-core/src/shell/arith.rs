//! Shell arithmetic (`$((…))`, `((…))`, `for ((…))`, `let`): bash's integer expressions over
//! 64-bit wrapping integers, with its operators, precedence, bases (`0x1f`, `017`, `2#101`) and
//! error texts (`division by 0 (error token is "0")`). Parsing and evaluation are one pass, with
//! side effects (assignments, `++`) switched off in branches `&&`, `||` and `?:` skip.

/// Where an expression reads and writes variables.
pub trait Vars {
    fn get(&self, name: &str) -> Option<String>;
    fn set(&mut self, name: &str, value: String);
}

/// An error as bash prints it after `bash: `: `EXPR: MESSAGE (error token is "TOKEN")`.
pub fn eval(expr: &str, vars: &mut dyn Vars) -> Result<i64, String> {
    eval_depth(expr, vars, 0)
}

fn eval_depth(expr: &str, vars: &mut dyn Vars, depth: usize) -> Result<i64, String> {
    let chars: Vec<char> = expr.chars().collect();
    let mut p = P { c: &chars, i: 0, vars, skip: 0, depth };
    p.ws();
    if p.i >= chars.len() {
        return Ok(0);
    }
    let v = p.comma().map_err(|e| p.message(expr, e))?;
    p.ws();
    if p.i < chars.len() {
        let e = Fail::at(p.i, "syntax error in expression");
        return Err(p.message(expr, e));
    }
    Ok(v)
}

struct Fail {
    at: usize,
    msg: String,
    /// A message that already names its expression (from a variable's value).
    whole: Option<String>,
}

impl Fail {
    fn at(at: usize, msg: &str) -> Fail {
        Fail { at, msg: msg.to_string(), whole: None }
    }
}

struct P<'a> {
    c: &'a [char],
    i: usize,
    vars: &'a mut dyn Vars,
    /// >0 while evaluating a branch that does not count.
    skip: usize,
    depth: usize,
}

type R = Result<i64, Fail>;

const ASSIGN_OPS: [&str; 11] = ["<<=", ">>=", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "="];

impl P<'_> {
    fn message(&self, expr: &str, f: Fail) -> String {
        if let Some(w) = f.whole {
            return w;
        }
        let token: String = self.c[f.at.min(self.c.len())..].iter().collect();
        format!("{}: {} (error token is \"{}\")", expr.trim_start(), f.msg, token)
    }
    fn ws(&mut self) {
        while self.c.get(self.i).is_some_and(|c| c.is_whitespace()) {
            self.i += 1;
        }
    }
    fn looking_at(&mut self, s: &str) -> bool {
        self.ws();
        s.chars().enumerate().all(|(k, ch)| self.c.get(self.i + k) == Some(&ch))
    }
    fn eat(&mut self, s: &str) -> bool {
        if self.looking_at(s) {
            self.i += s.chars().count();
            true
        } else {
            false
        }
    }
    /// Eats `op` unless it is the start of a longer operator in `not`.
    fn eat_op(&mut self, op: &str, not: &[&str]) -> bool {
        if not.iter().any(|n| self.looking_at(n)) {
            return false;
        }
        self.eat(op)
    }

    fn comma(&mut self) -> R {
        let mut v = self.assign()?;
        while self.eat(",") {
            v = self.assign()?;
        }
        Ok(v)
    }

    fn assign(&mut self) -> R {
        self.ws();
        let save = self.i;
        if let Some(name) = self.name() {
            self.ws();
            for op in ASSIGN_OPS {
                if self.looking_at(op) && !(op == "=" && self.looking_at("==")) {
                    let op_at = self.i;
                    self.i += op.len();
                    let rhs = self.assign()?;
                    if self.skip > 0 {
                        return Ok(rhs);
                    }
                    let v = if op == "=" {
                        rhs
                    } else {
                        let cur = self.var(&name, save)?;
                        self.apply(&op[..op.len() - 1], cur, rhs, op_at)?
                    };
                    self.vars.set(&name, v.to_string());
                    return Ok(v);
                }
            }
            self.i = save;
        }
        self.ternary()
    }

    fn ternary(&mut self) -> R {
        let c = self.or()?;
        if !self.eat("?") {
            return Ok(c);
        }
        if c == 0 {
            self.skip += 1;
        }
        let a = self.assign()?;
        if c == 0 {
            self.skip -= 1;
        }
        self.ws();
        if !self.eat(":") {
            return Err(Fail::at(self.i, "`:' expected for conditional expression"));
        }
        if c != 0 {
            self.skip += 1;
        }
        let b = self.assign()?;
        if c != 0 {
            self.skip -= 1;
        }
        Ok(if c != 0 { a } else { b })
    }

    fn or(&mut self) -> R {
        let mut v = self.and()?;
        while self.eat("||") {
            if v != 0 {
                self.skip += 1;
            }
            let r = self.and()?;
            if v != 0 {
                self.skip -= 1;
            }
            v = i64::from(v != 0 || r != 0);
        }
        Ok(v)
    }

    fn and(&mut self) -> R {
        let mut v = self.bitor()?;
        while self.eat("&&") {
            if v == 0 {
                self.skip += 1;
            }
            let r = self.bitor()?;
            if v == 0 {
                self.skip -= 1;
            }
            v = i64::from(v != 0 && r != 0);
        }
        Ok(v)
    }

    fn bitor(&mut self) -> R {
        let mut v = self.bitxor()?;
        while self.eat_op("|", &["||", "|="]) {
            v |= self.bitxor()?;
        }
        Ok(v)
    }

    fn bitxor(&mut self) -> R {
        let mut v = self.bitand()?;
        while self.eat_op("^", &["^="]) {
            v ^= self.bitand()?;
        }
        Ok(v)
    }

    fn bitand(&mut self) -> R {
        let mut v = self.equality()?;
        while self.eat_op("&", &["&&", "&="]) {
            v &= self.equality()?;
        }
        Ok(v)
    }

    fn equality(&mut self) -> R {
        let mut v = self.relational()?;
        loop {
            if self.eat("==") {
                v = i64::from(v == self.relational()?);
            } else if self.eat("!=") {
                v = i64::from(v != self.relational()?);
            } else {
                return Ok(v);
            }
        }
    }

    fn relational(&mut self) -> R {
        let mut v = self.shift()?;
        loop {
            if self.eat("<=") {
                v = i64::from(v <= self.shift()?);
            } else if self.eat(">=") {
                v = i64::from(v >= self.shift()?);
            } else if self.eat_op("<", &["<<"]) {
                v = i64::from(v < self.shift()?);
            } else if self.eat_op(">", &[">>"]) {
                v = i64::from(v > self.shift()?);
            } else {
                return Ok(v);
            }
        }
    }

    fn shift(&mut self) -> R {
        let mut v = self.additive()?;
        loop {
            if self.eat_op("<<", &["<<="]) {
                let r = self.additive()?;
                v = v.wrapping_shl(r as u32);
            } else if self.eat_op(">>", &[">>="]) {
                let r = self.additive()?;
                v = v.wrapping_shr(r as u32);
            } else {
                return Ok(v);
            }
        }
    }

    fn additive(&mut self) -> R {
        let mut v = self.multiplicative()?;
        loop {
            if self.eat_op("+", &["++", "+="]) {
                v = v.wrapping_add(self.multiplicative()?);
            } else if self.eat_op("-", &["--", "-="]) {
                v = v.wrapping_sub(self.multiplicative()?);
            } else {
                return Ok(v);
            }
        }
    }

    fn multiplicative(&mut self) -> R {
        let mut v = self.power()?;
        loop {
            let op = if self.eat_op("*", &["**", "*="]) {
                "*"
            } else if self.eat_op("/", &["/="]) {
                "/"
            } else if self.eat_op("%", &["%="]) {
                "%"
            } else {
                return Ok(v);
            };
            self.ws();
            let at = self.i;
            let r = self.power()?;
            v = self.apply(op, v, r, at)?;
        }
    }

    fn apply(&self, op: &str, a: i64, b: i64, at: usize) -> R {
        Ok(match op {
            "*" => a.wrapping_mul(b),
            "/" | "%" if b == 0 => {
                if self.skip > 0 {
                    return Ok(0);
                }
                return Err(Fail::at(at, "division by 0"));
            }
            "/" => a.wrapping_div(b),
            "%" => a.wrapping_rem(b),
            "+" => a.wrapping_add(b),
            "-" => a.wrapping_sub(b),
            "<<" => a.wrapping_shl(b as u32),
            ">>" => a.wrapping_shr(b as u32),
            "&" => a & b,
            "^" => a ^ b,
            _ => a | b,
        })
    }

    fn power(&mut self) -> R {
        let base = self.unary()?;
        if self.eat("**") {
            self.ws();
            // bash names the digits after a sign.
            let at = self.i + usize::from(matches!(self.c.get(self.i), Some('-' | '+')));
            let exp = self.power()?;
            if exp < 0 {
                if self.skip > 0 {
                    return Ok(0);
                }
                return Err(Fail::at(at, "exponent less than 0"));
            }
            let mut r: i64 = 1;
            for _ in 0..exp.min(64) {
                r = r.wrapping_mul(base);
            }
            if exp > 64 && base.abs() > 1 {
                r = 0;
            }
            return Ok(r);
        }
        Ok(base)
    }

    fn unary(&mut self) -> R {
        self.ws();
        if self.looking_at("++") || self.looking_at("--") {
            let inc = self.looking_at("++");
            let at = self.i;
            self.i += 2;
            self.ws();
            let Some(name) = self.name() else {
                return Err(Fail::at(at + 1, "syntax error: operand expected"));
            };
            let v = self.var(&name, at)? + if inc { 1 } else { -1 };
            if self.skip == 0 {
                self.vars.set(&name, v.to_string());
            }
            return Ok(v);
        }
        if self.eat("!") {
            return Ok(i64::from(self.unary()? == 0));
        }
        if self.eat("~") {
            return Ok(!self.unary()?);
        }
        if self.eat("-") {
            return Ok(self.unary()?.wrapping_neg());
        }
        if self.eat("+") {
            return self.unary();
        }
        self.postfix()
    }

    fn postfix(&mut self) -> R {
        self.ws();
        let at = self.i;
        if let Some(name) = self.name() {
            let v = self.var(&name, at)?;
            self.ws();
            if self.looking_at("++") || self.looking_at("--") {
                let inc = self.looking_at("++");
                self.i += 2;
                if self.skip == 0 {
                    self.vars.set(&name, (v + if inc { 1 } else { -1 }).to_string());
                }
            }
            return Ok(v);
        }
        self.primary()
    }

    fn name(&mut self) -> Option<String> {
        self.ws();
        let start = self.i;
        if !self.c.get(self.i).is_some_and(|&c| c == '_' || c.is_ascii_alphabetic()) {
            return None;
        }
        while self.c.get(self.i).is_some_and(|&c| c == '_' || c.is_ascii_alphanumeric()) {
            self.i += 1;
        }
        Some(self.c[start..self.i].iter().collect())
    }

    /// A variable's value: its text evaluated as an expression (empty or unset is 0).
    fn var(&mut self, name: &str, _at: usize) -> R {
        let text = self.vars.get(name).unwrap_or_default();
        if text.trim().is_empty() {
            return Ok(0);
        }
        if let Ok(n) = text.trim().parse::<i64>() {
            return Ok(n);
        }
        if self.depth > 64 {
            return Err(Fail {
                at: self.i,
                msg: String::new(),
                whole: Some(format!("{name}: expression recursion level exceeded (error token is \"{name}\")")),
            });
        }
        eval_depth(&text, self.vars, self.depth + 1).map_err(|m| Fail { at: self.i, msg: String::new(), whole: Some(m) })
    }

    fn primary(&mut self) -> R {
        self.ws();
        let at = self.i;
        match self.c.get(self.i) {
            None => {
                // At the end, bash names the last character read.
                let last = self.c.iter().rposition(|c| !c.is_whitespace()).unwrap_or(0);
                Err(Fail::at(last, "syntax error: operand expected"))
            }
            Some('(') => {
                self.i += 1;
                let v = self.comma()?;
                if !self.eat(")") {
                    return Err(Fail::at(self.i, "missing `)'"));
                }
                Ok(v)
            }
            Some(c) if c.is_ascii_digit() => {
                while self.c.get(self.i).is_some_and(|&c| c.is_ascii_alphanumeric() || c == '#' || c == '_' || c == '@') {
                    self.i += 1;
                }
                let text: String = self.c[at..self.i].iter().collect();
                number(&text).ok_or_else(|| Fail::at(at, "value too great for base"))
            }
            Some(_) => Err(Fail::at(at, "syntax error: operand expected")),
        }
    }
}

/// An integer constant: decimal, `0x` hex, `0` octal, or `BASE#DIGITS`.
fn number(text: &str) -> Option<i64> {
    let (base, digits) = if let Some((b, d)) = text.split_once('#') {
        (b.parse::<u32>().ok().filter(|b| (2..=64).contains(b))?, d)
    } else if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        if h.is_empty() {
            return Some(0);
        }
        (16, h)
    } else if text.len() > 1 && text.starts_with('0') {
        (8, &text[1..])
    } else {
        (10, text)
    };
    let mut v: i64 = 0;
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            'A'..='Z' => c as u32 - 'A' as u32 + if base <= 36 { 10 } else { 36 },
            '@' => 62,
            '_' => 63,
            _ => return None,
        };
        if d >= base {
            return None;
        }
        v = v.wrapping_mul(base as i64).wrapping_add(d as i64);
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    struct M(BTreeMap<String, String>);
    impl Vars for M {
        fn get(&self, n: &str) -> Option<String> {
            self.0.get(n).cloned()
        }
        fn set(&mut self, n: &str, v: String) {
            self.0.insert(n.to_string(), v);
        }
    }

    fn ev(s: &str) -> Result<i64, String> {
        eval(s, &mut M(BTreeMap::new()))
    }

    #[test]
    fn operators_and_precedence() {
        assert_eq!(ev("1 + 2 * 3"), Ok(7));
        assert_eq!(ev("(1 + 2) * 3"), Ok(9));
        assert_eq!(ev("2 ** 3 ** 2"), Ok(512));
        assert_eq!(ev("7 / 2 + 7 % 2"), Ok(4));
        assert_eq!(ev("1 < 2 && 3 > 4 || 5"), Ok(1));
        assert_eq!(ev("0x1f + 010 + 2#101"), Ok(31 + 8 + 5));
        assert_eq!(ev("x = 3, x *= 2, x++, x"), Ok(7));
        assert_eq!(ev("1 ? 2 : 3"), Ok(2));
        assert_eq!(ev("0 && 1/0"), Ok(0));
        assert_eq!(ev("-(2) + ~0 + !5"), Ok(-3));
        assert_eq!(ev(""), Ok(0));
    }

    #[test]
    fn bash_error_texts() {
        assert_eq!(ev("1/0"), Err("1/0: division by 0 (error token is \"0\")".into()));
        assert_eq!(ev("1+"), Err("1+: syntax error: operand expected (error token is \"+\")".into()));
        assert_eq!(ev("a b"), Err("a b: syntax error in expression (error token is \"b\")".into()));
        assert_eq!(ev("08"), Err("08: value too great for base (error token is \"08\")".into()));
        assert_eq!(ev("2**-1"), Err("2**-1: exponent less than 0 (error token is \"1\")".into()));
        assert_eq!(ev("1 +* 2"), Err("1 +* 2: syntax error: operand expected (error token is \"* 2\")".into()));
    }
}
