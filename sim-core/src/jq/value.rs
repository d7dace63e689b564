//! jq's values: JSON with objects that keep their key order (jq preserves it), a small JSON
//! reader for input, and jq's output formatting (`-c`, pretty with 2-space indentation, `-r`).

use std::fmt::Write;

#[derive(Debug, Clone, PartialEq)]
pub enum J {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    pub fn type_name(&self) -> &'static str {
        match self {
            J::Null => "null",
            J::Bool(_) => "boolean",
            J::Num(_) => "number",
            J::Str(_) => "string",
            J::Arr(_) => "array",
            J::Obj(_) => "object",
        }
    }
    pub fn truthy(&self) -> bool {
        !matches!(self, J::Null | J::Bool(false))
    }
    pub fn get(&self, k: &str) -> Option<&J> {
        match self {
            J::Obj(m) => m.iter().find(|(key, _)| key == k).map(|(_, v)| v),
            _ => None,
        }
    }
    /// jq's total order: null < false < true < numbers < strings < arrays < objects.
    pub fn order(&self) -> u8 {
        match self {
            J::Null => 0,
            J::Bool(false) => 1,
            J::Bool(true) => 2,
            J::Num(_) => 3,
            J::Str(_) => 4,
            J::Arr(_) => 5,
            J::Obj(_) => 6,
        }
    }
}

pub fn cmp(a: &J, b: &J) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (a, b) {
        (J::Num(x), J::Num(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        (J::Str(x), J::Str(y)) => x.cmp(y),
        (J::Arr(x), J::Arr(y)) => {
            for (p, q) in x.iter().zip(y) {
                let o = cmp(p, q);
                if o != Ordering::Equal {
                    return o;
                }
            }
            x.len().cmp(&y.len())
        }
        (J::Obj(x), J::Obj(y)) => {
            let mut kx: Vec<&String> = x.iter().map(|(k, _)| k).collect();
            let mut ky: Vec<&String> = y.iter().map(|(k, _)| k).collect();
            crate::sort::sort(&mut kx);
            crate::sort::sort(&mut ky);
            match kx.cmp(&ky) {
                Ordering::Equal => {
                    for k in kx {
                        let o = cmp(a.get(k).unwrap_or(&J::Null), b.get(k).unwrap_or(&J::Null));
                        if o != Ordering::Equal {
                            return o;
                        }
                    }
                    Ordering::Equal
                }
                o => o,
            }
        }
        _ => a.order().cmp(&b.order()),
    }
}

pub fn num_text(n: f64) -> String {
    if n.is_infinite() {
        return if n > 0.0 { "1.7976931348623157e+308".into() } else { "-1.7976931348623157e+308".into() };
    }
    if n.is_nan() {
        return "null".into();
    }
    if n == 0.0 {
        return if n.is_sign_negative() { "-0".into() } else { "0".into() };
    }
    // jq 1.6 (`jvp_dtoa_fmt`): the shortest digits that read back the same; written with an
    // exponent when the point is 4 or more places left of them or more than 15 past them.
    let sci = format!("{:e}", n.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let decpt = exp.parse::<i32>().unwrap_or(0) + 1;
    let nd = digits.len() as i32;
    let mut out = String::new();
    if n < 0.0 {
        out.push('-');
    }
    if decpt <= -4 || decpt > nd + 15 {
        out.push_str(&digits[..1]);
        if nd > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let e = decpt - 1;
        out.push_str(&format!("e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs()));
    } else if decpt <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat((-decpt) as usize));
        out.push_str(&digits);
    } else if decpt >= nd {
        out.push_str(&digits);
        out.push_str(&"0".repeat((decpt - nd) as usize));
    } else {
        out.push_str(&digits[..decpt as usize]);
        out.push('.');
        out.push_str(&digits[decpt as usize..]);
    }
    out
}

fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `-c` output.
pub fn compact(v: &J, out: &mut String) {
    match v {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Num(n) => out.push_str(&num_text(*n)),
        J::Str(s) => quote(s, out),
        J::Arr(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact(x, out);
            }
            out.push(']');
        }
        J::Obj(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                quote(k, out);
                out.push(':');
                compact(x, out);
            }
            out.push('}');
        }
    }
}

/// The default, pretty output (2-space indentation).
pub fn pretty(v: &J, indent: usize, out: &mut String) {
    pretty_with(v, indent, "  ", out)
}

/// Pretty output with `unit` as one level of indentation (`--indent N`, `--tab`).
pub fn pretty_with(v: &J, indent: usize, unit: &str, out: &mut String) {
    match v {
        J::Arr(a) if !a.is_empty() => {
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                out.push_str(&unit.repeat(indent + 1));
                pretty_with(x, indent + 1, unit, out);
                if i + 1 < a.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&unit.repeat(indent));
            out.push(']');
        }
        J::Obj(m) if !m.is_empty() => {
            out.push_str("{\n");
            for (i, (k, x)) in m.iter().enumerate() {
                out.push_str(&unit.repeat(indent + 1));
                quote(k, out);
                out.push_str(": ");
                pretty_with(x, indent + 1, unit, out);
                if i + 1 < m.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&unit.repeat(indent));
            out.push('}');
        }
        other => compact(other, out),
    }
}

/// The value with every object's keys sorted (`-S`).
pub fn sorted_keys(v: &J) -> J {
    match v {
        J::Arr(a) => J::Arr(a.iter().map(sorted_keys).collect()),
        J::Obj(m) => {
            let mut m: Vec<(String, J)> = m.iter().map(|(k, x)| (k.clone(), sorted_keys(x))).collect();
            crate::sort::sort_by(&mut m, |a, b| a.0.cmp(&b.0));
            J::Obj(m)
        }
        other => other.clone(),
    }
}

/// Reads a stream of JSON values (jq accepts several, whitespace-separated); the first error
/// fails the whole stream.
pub fn parse_stream(text: &str) -> Result<Vec<J>, String> {
    match parse_prefix(text) {
        (values, None) => Ok(values),
        (_, Some(e)) => Err(e),
    }
}

/// Reads a stream of JSON values as jq 1.6's parser does (`jv_parse.c`): character by
/// character, a value complete as soon as the character after it arrives. Returns the values
/// read before the first error, and that error with jq's text and position (line, and column
/// in bytes since the line's start, of the character that showed it).
pub fn parse_prefix(text: &str) -> (Vec<J>, Option<String>) {
    let mut p = Parser::default();
    let mut out = Vec::new();
    for ch in text.chars() {
        match p.scan(ch) {
            Ok(Some(v)) => out.push(v),
            Ok(None) => {}
            Err(e) => return (out, Some(format!("{e} at line {}, column {}", p.line, p.column))),
        }
    }
    match p.eof() {
        Ok(Some(v)) => out.push(v),
        Ok(None) => {}
        Err(e) => return (out, Some(e)),
    }
    (out, None)
}

/// jq's `MAX_PARSING_DEPTH`.
const MAX_PARSING_DEPTH: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Last {
    #[default]
    Nothing,
    OpenArray,
    OpenObject,
    Colon,
    Comma,
    Value,
    End,
}

/// One container being read: an array, an object, or an object's key waiting for its value.
#[derive(Debug)]
enum Open {
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
    Key(String),
}

#[derive(Debug)]
struct Parser {
    stack: Vec<Open>,
    next: Option<J>,
    token: String,
    in_string: bool,
    escaped: bool,
    last: Last,
    line: usize,
    column: usize,
}

impl Default for Parser {
    fn default() -> Self {
        Parser {
            stack: Vec::new(),
            next: None,
            token: String::new(),
            in_string: false,
            escaped: false,
            last: Last::Nothing,
            line: 1,
            column: 0,
        }
    }
}

type Step = Result<(), &'static str>;

impl Parser {
    fn scan(&mut self, ch: char) -> Result<Option<J>, &'static str> {
        self.column += ch.len_utf8();
        if ch == '\n' {
            self.line += 1;
            self.column = 0;
        }
        let mut done = None;
        if self.in_string {
            if ch == '"' && !self.escaped {
                self.found_string()?;
                self.in_string = false;
                done = self.check_done();
            } else {
                self.token.push(ch);
                self.escaped = ch == '\\' && !self.escaped;
            }
            return Ok(done);
        }
        let literal = !matches!(ch, ' ' | '\t' | '\r' | '\n' | '"' | '[' | ',' | ']' | '{' | ':' | '}');
        if literal {
            self.token.push(ch);
        } else {
            self.check_literal()?;
            done = self.check_done();
            match ch {
                '"' => {
                    self.in_string = true;
                    self.escaped = false;
                }
                ' ' | '\t' | '\r' | '\n' => {}
                c => self.structure(c)?,
            }
        }
        Ok(self.check_done().or(done))
    }

    fn check_done(&mut self) -> Option<J> {
        if self.stack.is_empty() {
            self.next.take()
        } else {
            None
        }
    }

    fn value(&mut self, v: J) -> Step {
        if self.next.is_some() {
            return Err("Expected separator between values");
        }
        self.next = Some(v);
        self.last = Last::Value;
        Ok(())
    }

    fn check_literal(&mut self) -> Step {
        if self.token.is_empty() {
            return Ok(());
        }
        let word = std::mem::take(&mut self.token);
        let v = match word.as_bytes()[0] {
            b't' | b'f' | b'n' => match word.as_str() {
                "true" => J::Bool(true),
                "false" => J::Bool(false),
                "null" => J::Null,
                _ => return Err("Invalid literal"),
            },
            _ => match word.parse::<f64>() {
                // strtod: an overflow is the largest double.
                Ok(d) if d.is_infinite() => J::Num(f64::MAX.copysign(d)),
                Ok(d) if !d.is_nan() => J::Num(d),
                _ => return Err("Invalid numeric literal"),
            },
        };
        self.value(v)
    }

    fn found_string(&mut self) -> Step {
        let raw = std::mem::take(&mut self.token);
        let mut s = String::new();
        let mut it = raw.chars();
        let mut pending_high: Option<u32> = None;
        while let Some(c) = it.next() {
            if c != '\\' {
                if (c as u32) > 0 && (c as u32) < 0x1f {
                    return Err("Invalid string: control characters from U+0000 through U+001F must be escaped");
                }
                s.push(c);
                continue;
            }
            let Some(e) = it.next() else { return Err("Expected escape character at end of string") };
            match e {
                '\\' | '"' | '/' => s.push(e),
                'b' => s.push('\u{8}'),
                'f' => s.push('\u{c}'),
                't' => s.push('\t'),
                'n' => s.push('\n'),
                'r' => s.push('\r'),
                'u' => {
                    let hex: String = it.by_ref().take(4).collect();
                    if hex.len() != 4 || !hex.chars().all(|h| h.is_ascii_hexdigit()) {
                        return Err("Invalid \\uXXXX escape");
                    }
                    let u = u32::from_str_radix(&hex, 16).unwrap_or(0xFFFD);
                    match (pending_high.take(), u) {
                        (Some(hi), 0xDC00..=0xDFFF) => {
                            s.push(char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (u - 0xDC00)).unwrap_or('\u{FFFD}'))
                        }
                        (hi, 0xD800..=0xDBFF) => {
                            if hi.is_some() {
                                s.push('\u{FFFD}');
                            }
                            pending_high = Some(u);
                            continue;
                        }
                        (hi, _) => {
                            if hi.is_some() {
                                s.push('\u{FFFD}');
                            }
                            s.push(char::from_u32(u).unwrap_or('\u{FFFD}'));
                        }
                    }
                }
                _ => return Err("Invalid escape"),
            }
            if pending_high.take().is_some() {
                s.push('\u{FFFD}');
            }
        }
        if pending_high.is_some() {
            s.push('\u{FFFD}');
        }
        self.value(J::Str(s))
    }

    fn structure(&mut self, c: char) -> Step {
        match c {
            '[' | '{' => {
                if self.stack.len() >= MAX_PARSING_DEPTH {
                    return Err("Exceeds depth limit for parsing");
                }
                if self.next.is_some() {
                    return Err("Expected separator between values");
                }
                if c == '[' {
                    self.stack.push(Open::Arr(Vec::new()));
                    self.last = Last::OpenArray;
                } else {
                    self.stack.push(Open::Obj(Vec::new()));
                    self.last = Last::OpenObject;
                }
            }
            ':' => {
                let Some(key) = self.next.take() else { return Err("Expected string key before ':'") };
                if !matches!(self.stack.last(), Some(Open::Obj(_))) {
                    self.next = Some(key);
                    return Err("':' not as part of an object");
                }
                let J::Str(k) = key else { return Err("Object keys must be strings") };
                self.stack.push(Open::Key(k));
                self.last = Last::Colon;
            }
            ',' => {
                let Some(v) = self.next.take() else { return Err("Expected value before ','") };
                match self.stack.last_mut() {
                    None => return Err("',' not as part of an object or array"),
                    Some(Open::Arr(a)) => a.push(v),
                    Some(Open::Key(_)) => self.set_key(v),
                    Some(Open::Obj(_)) => return Err("Objects must consist of key:value pairs"),
                }
                self.last = Last::Comma;
            }
            ']' => {
                if !matches!(self.stack.last(), Some(Open::Arr(_))) {
                    return Err("Unmatched ']'");
                }
                if self.last == Last::Comma {
                    return Err("Expected another array element");
                }
                let next = self.next.take();
                let Some(Open::Arr(mut a)) = self.stack.pop() else { return Err("Unmatched ']'") };
                match next {
                    Some(v) => a.push(v),
                    None if !a.is_empty() => return Err("Expected another array element"),
                    None => {}
                }
                self.next = Some(J::Arr(a));
                self.last = Last::End;
            }
            _ => {
                // '}'
                if self.stack.is_empty() {
                    return Err("Unmatched '}'");
                }
                if self.last == Last::Comma {
                    return Err("Expected another key-value pair");
                }
                match self.next.take() {
                    Some(v) => {
                        if !matches!(self.stack.last(), Some(Open::Key(_))) {
                            return Err("Objects must consist of key:value pairs");
                        }
                        self.set_key(v);
                    }
                    None => match self.stack.last() {
                        Some(Open::Obj(m)) if m.is_empty() => {}
                        Some(Open::Obj(_)) => return Err("Expected another key-value pair"),
                        _ => return Err("Unmatched '}'"),
                    },
                }
                let Some(Open::Obj(m)) = self.stack.pop() else { return Err("Unmatched '}'") };
                self.next = Some(J::Obj(m));
                self.last = Last::End;
            }
        }
        Ok(())
    }

    /// The value of the key on top of the stack: into the object under it.
    fn set_key(&mut self, v: J) {
        if let Some(Open::Key(k)) = self.stack.pop() {
            if let Some(Open::Obj(m)) = self.stack.last_mut() {
                match m.iter_mut().find(|(key, _)| *key == k) {
                    Some((_, old)) => *old = v,
                    None => m.push((k, v)),
                }
            }
        }
    }

    fn eof(&mut self) -> Result<Option<J>, String> {
        let at = |p: &Parser| format!("at line {}, column {}", p.line, p.column);
        if self.in_string {
            return Err(format!("Unfinished string at EOF {}", at(self)));
        }
        if let Err(e) = self.check_literal() {
            return Err(format!("{e} at EOF {}", at(self)));
        }
        if !self.stack.is_empty() {
            return Err(format!("Unfinished JSON term at EOF {}", at(self)));
        }
        Ok(self.next.take())
    }
}
