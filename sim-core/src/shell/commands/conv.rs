//! Generating and converting: `seq` and `base64`, with coreutils' messages.

use super::{options, try_help, Spec};
use crate::shell::{Cx, World};

/// Lines `seq` prints at most; more is an error that says so (never a cut list).
pub const SEQ_LIMIT: usize = 1_000_000;

fn decimals(s: &str) -> usize {
    s.split_once('.').map(|(_, f)| f.trim_end_matches(|c: char| !c.is_ascii_digit()).len()).unwrap_or(0)
}

pub fn seq<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    // Negative numbers are operands, not options.
    let mut fixed = Vec::new();
    let mut operands_started = false;
    for a in args {
        if !operands_started && a.starts_with('-') && a.len() > 1 && (a.as_bytes()[1].is_ascii_digit() || a.as_bytes()[1] == b'.') {
            fixed.push("--".to_string());
            operands_started = true;
        }
        fixed.push(a.clone());
    }
    let spec = Spec {
        cmd: "seq",
        flags: "w",
        valued: "sf",
        long: &[("separator", 's'), ("format", 'f'), ("equal-width", 'w')],
        synopsis: "[OPTION]... LAST\n  or:  seq [OPTION]... FIRST LAST\n  or:  seq [OPTION]... FIRST INCREMENT LAST",
    };
    let o = match options(cx, &spec, &fixed, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    if o.operands.is_empty() {
        cx.errln("seq: missing operand");
        try_help(cx, "seq");
        return 1;
    }
    if o.operands.len() > 3 {
        cx.errln(&format!("seq: extra operand ‘{}’", o.operands[3]));
        try_help(cx, "seq");
        return 1;
    }
    let mut nums = Vec::new();
    for a in &o.operands {
        match a.trim().parse::<f64>() {
            Ok(v) if v.is_finite() => nums.push(v),
            _ => {
                cx.errln(&format!("seq: invalid floating point argument: ‘{a}’"));
                try_help(cx, "seq");
                return 1;
            }
        }
    }
    let (first, step, last) = match nums.as_slice() {
        [l] => (1.0, 1.0, *l),
        [f, l] => (*f, 1.0, *l),
        [f, s, l] => (*f, *s, *l),
        _ => unreachable!("one to three operands"),
    };
    if step == 0.0 {
        cx.errln(&format!("seq: invalid Zero increment value: ‘{}’", o.operands[1]));
        try_help(cx, "seq");
        return 1;
    }
    let places = o.operands.iter().take(if o.operands.len() == 3 { 2 } else { 1 }).map(|a| decimals(a)).max().unwrap_or(0);
    let sep = o.value('s').unwrap_or("\n").to_string();
    let count = ((last - first) / step + 1e-9).floor();
    if count >= SEQ_LIMIT as f64 {
        cx.errln(&format!("seq: 시뮬레이터는 {SEQ_LIMIT} 줄까지만 만듭니다 / the simulator's seq prints at most {SEQ_LIMIT} lines"));
        return 1;
    }
    let render = |v: f64| -> String {
        if let Some(f) = o.value('f') {
            return c_format(f, v);
        }
        format!("{v:.places$}")
    };
    let mut items = Vec::new();
    if count >= 0.0 {
        for i in 0..=(count as usize) {
            items.push(render(first + step * i as f64));
        }
    }
    if o.has('w') {
        let width = items.iter().map(|s| s.trim_start_matches('-').len()).max().unwrap_or(0);
        items = items
            .into_iter()
            .map(|s| if let Some(n) = s.strip_prefix('-') { format!("-{n:0>w$}", w = width) } else { format!("{s:0>width$}") })
            .collect();
    }
    if !items.is_empty() {
        cx.out(&format!("{}\n", items.join(&sep)));
    }
    0
}

/// `printf`-style `%g`, `%f`, `%e` with flags and width, for `seq -f`.
fn c_format(f: &str, v: f64) -> String {
    let Some(pct) = f.find('%') else { return f.to_string() };
    let rest = &f[pct + 1..];
    let end = rest.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(rest.len());
    let spec = &rest[..end];
    let conv = rest[end..].chars().next().unwrap_or('g');
    let after = rest.get(end + 1..).unwrap_or("");
    let zero = spec.starts_with('0');
    let (width, prec) = match spec.trim_start_matches(['0', '-', '+', ' ']).split_once('.') {
        Some((w, p)) => (w.parse::<usize>().unwrap_or(0), p.parse::<usize>().ok()),
        None => (spec.trim_start_matches(['0', '-', '+', ' ']).parse::<usize>().unwrap_or(0), None),
    };
    let body = match conv {
        'f' => format!("{v:.p$}", p = prec.unwrap_or(6)),
        'e' => format!("{v:.p$e}", p = prec.unwrap_or(6)),
        _ => {
            if v.fract() == 0.0 && v.abs() < 1e15 {
                format!("{}", v as i64)
            } else {
                format!("{v}")
            }
        }
    };
    let padded = if body.len() < width {
        if zero {
            format!("{body:0>width$}")
        } else if spec.starts_with('-') {
            format!("{body:<width$}")
        } else {
            format!("{body:>width$}")
        }
    } else {
        body
    };
    format!("{}{padded}{after}", &f[..pct])
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16) | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8) | u32::from(*chunk.get(2).unwrap_or(&0));
        for k in 0..4 {
            out.push(if k <= chunk.len() { B64[((n >> (18 - 6 * k)) & 63) as usize] as char } else { '=' });
        }
    }
    out
}

/// Decodes what it can; the flag says whether the input was valid base64.
fn decode(text: &str) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    let mut padding = false;
    for c in text.bytes() {
        if c == b'\n' {
            continue;
        }
        if c == b'=' {
            padding = true;
            continue;
        }
        let Some(v) = B64.iter().position(|&b| b == c) else { return (out, false) };
        if padding {
            return (out, false);
        }
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    (out, bits < 6)
}

pub fn base64<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    let spec = Spec {
        cmd: "base64",
        flags: "di",
        valued: "w",
        long: &[("decode", 'd'), ("ignore-garbage", 'i'), ("wrap", 'w')],
        synopsis: "[OPTION]... [FILE]",
    };
    let o = match options(cx, &spec, args, 1) {
        Ok(o) => o,
        Err(s) => return s,
    };
    if o.operands.len() > 1 {
        cx.errln(&format!("base64: extra operand ‘{}’", o.operands[1]));
        try_help(cx, "base64");
        return 1;
    }
    let wrap = match o.value('w').map(str::parse::<usize>) {
        None => 76,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            cx.errln(&format!("base64: invalid wrap size: ‘{}’", o.value('w').unwrap_or("")));
            return 1;
        }
    };
    let file = o.operands.first().cloned().unwrap_or_else(|| "-".into());
    let input = match cx.read_input(&file) {
        Ok(t) => t,
        Err(e) => {
            cx.errln(&format!("base64: {file}: {e}"));
            return 1;
        }
    };
    if o.has('d') {
        let text: String =
            if o.has('i') { input.chars().filter(|c| c.is_ascii_alphanumeric() || "+/=".contains(*c)).collect() } else { input };
        let (bytes, ok) = decode(&text);
        cx.out(&String::from_utf8_lossy(&bytes));
        if !ok {
            cx.errln("base64: invalid input");
            return 1;
        }
        return 0;
    }
    let enc = encode(input.as_bytes());
    if wrap == 0 {
        // `-w 0`: one line, without a newline at the end.
        cx.out(&enc);
        return 0;
    }
    let chars: Vec<char> = enc.chars().collect();
    let mut out = String::new();
    for line in chars.chunks(wrap) {
        out.extend(line);
        out.push('\n');
    }
    cx.out(&out);
    0
}
