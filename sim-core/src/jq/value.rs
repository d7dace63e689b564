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
            kx.sort();
            ky.sort();
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
    if n.fract() == 0.0 && n.abs() < 1e17 {
        format!("{}", n as i64)
    } else if n.is_infinite() {
        if n > 0.0 {
            "1.7976931348623157e+308".into()
        } else {
            "-1.7976931348623157e+308".into()
        }
    } else if n.is_nan() {
        "null".into()
    } else {
        format!("{n}")
    }
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
            m.sort_by(|a, b| a.0.cmp(&b.0));
            J::Obj(m)
        }
        other => other.clone(),
    }
}

/// Reads a stream of JSON values (jq accepts several, whitespace-separated).
pub fn parse_stream(text: &str) -> Result<Vec<J>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut p = Reader { c: &chars, i: 0, line: 1, depth: 0 };
    let mut out = Vec::new();
    loop {
        p.ws();
        if p.i >= chars.len() {
            return Ok(out);
        }
        out.push(p.value()?);
    }
}

struct Reader<'a> {
    c: &'a [char],
    i: usize,
    line: usize,
    depth: usize,
}

/// jq's `MAX_PARSING_DEPTH`.
const MAX_PARSING_DEPTH: usize = 256;

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.c.len() && self.c[self.i].is_whitespace() {
            if self.c[self.i] == '\n' {
                self.line += 1;
            }
            self.i += 1;
        }
    }
    fn err(&self, what: &str) -> String {
        format!("{what} at line {}, column {}", self.line, self.i + 1)
    }
    fn value(&mut self) -> Result<J, String> {
        self.depth += 1;
        if self.depth > MAX_PARSING_DEPTH {
            return Err(self.err("Exceeds depth limit for parsing"));
        }
        let r = self.value_inner();
        self.depth -= 1;
        r
    }
    fn value_inner(&mut self) -> Result<J, String> {
        self.ws();
        let Some(&c) = self.c.get(self.i) else { return Err(self.err("Unfinished JSON term at EOF")) };
        match c {
            '{' => {
                self.i += 1;
                let mut m = Vec::new();
                self.ws();
                if self.c.get(self.i) == Some(&'}') {
                    self.i += 1;
                    return Ok(J::Obj(m));
                }
                loop {
                    self.ws();
                    let J::Str(k) = self.value()? else { return Err(self.err("Object keys must be strings")) };
                    self.ws();
                    if self.c.get(self.i) != Some(&':') {
                        return Err(self.err("Objects must consist of key:value pairs"));
                    }
                    self.i += 1;
                    let v = self.value()?;
                    match m.iter_mut().find(|(key, _): &&mut (String, J)| *key == k) {
                        Some(slot) => slot.1 = v,
                        None => m.push((k, v)),
                    }
                    self.ws();
                    match self.c.get(self.i) {
                        Some(',') => self.i += 1,
                        Some('}') => {
                            self.i += 1;
                            return Ok(J::Obj(m));
                        }
                        _ => return Err(self.err("Expected separator between values")),
                    }
                }
            }
            '[' => {
                self.i += 1;
                let mut a = Vec::new();
                self.ws();
                if self.c.get(self.i) == Some(&']') {
                    self.i += 1;
                    return Ok(J::Arr(a));
                }
                loop {
                    a.push(self.value()?);
                    self.ws();
                    match self.c.get(self.i) {
                        Some(',') => self.i += 1,
                        Some(']') => {
                            self.i += 1;
                            return Ok(J::Arr(a));
                        }
                        _ => return Err(self.err("Expected separator between values")),
                    }
                }
            }
            '"' => {
                self.i += 1;
                let mut s = String::new();
                loop {
                    let Some(&ch) = self.c.get(self.i) else { return Err(self.err("Unfinished string at EOF")) };
                    self.i += 1;
                    match ch {
                        '"' => return Ok(J::Str(s)),
                        '\\' => {
                            let Some(&e) = self.c.get(self.i) else { return Err(self.err("Unfinished string at EOF")) };
                            self.i += 1;
                            match e {
                                'n' => s.push('\n'),
                                't' => s.push('\t'),
                                'r' => s.push('\r'),
                                'b' => s.push('\u{8}'),
                                'f' => s.push('\u{c}'),
                                'u' => {
                                    let hex: String = self.c.get(self.i..self.i + 4).map(|h| h.iter().collect()).unwrap_or_default();
                                    self.i += 4;
                                    s.push(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32).unwrap_or('\u{fffd}'));
                                }
                                other => s.push(other),
                            }
                        }
                        _ => s.push(ch),
                    }
                }
            }
            _ => {
                let start = self.i;
                while self.i < self.c.len() && !self.c[self.i].is_whitespace() && !",]}:".contains(self.c[self.i]) {
                    self.i += 1;
                }
                let word: String = self.c[start..self.i].iter().collect();
                match word.as_str() {
                    "null" => Ok(J::Null),
                    "true" => Ok(J::Bool(true)),
                    "false" => Ok(J::Bool(false)),
                    // jq checks words that start like `true`, `false` or `null` as those.
                    w if w.starts_with(['t', 'f', 'n']) => Err(self.err("Invalid literal")),
                    w => w.parse::<f64>().map(J::Num).map_err(|_| self.err("Invalid numeric literal")),
                }
            }
        }
    }
}
