//! jq's lexer (`src/lexer.l`): a program's text as tokens — paths, variables, numbers, strings with `\(…)`, operators.

use super::error::CompileError;

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Dot,
    DotDot,
    Ident(String),
    Field(String),
    Var(String),
    Num(f64),
    Str(Vec<(bool, String)>),
    Op(&'static str),
    /// `@base64`, `@csv`…
    Format(String),
}

pub fn lex(src: &str) -> Result<Vec<Tok>, CompileError> {
    let c: Vec<char> = src.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    const OPS: [&str; 31] = [
        "?//", "//=", "|=", "+=", "-=", "*=", "/=", "%=", "==", "!=", "<=", ">=", "//", "|", ",", "(", ")", "[", "]", "{", "}", ":", ";",
        "<", ">", "+", "-", "*", "/", "%", "=",
    ];
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
                            'b' => cur.push('\u{8}'),
                            'f' => cur.push('\u{c}'),
                            'u' => {
                                let hex: String = c.get(i..i + 4).map(|h| h.iter().collect()).unwrap_or_default();
                                i = (i + 4).min(c.len());
                                cur.push(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32).unwrap_or('\u{fffd}'));
                            }
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
        if ch == '?' && !(c.get(i + 1) == Some(&'/') && c.get(i + 2) == Some(&'/')) {
            out.push(Tok::Op("?"));
            i += 1;
            continue;
        }
        if ch == '@' {
            let start = i + 1;
            let mut j = start;
            while j < c.len() && (c[j].is_alphanumeric() || c[j] == '_') {
                j += 1;
            }
            out.push(Tok::Format(c[start..j].iter().collect()));
            i = j;
            continue;
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
