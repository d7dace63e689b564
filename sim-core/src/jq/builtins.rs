//! jq's builtins (`src/builtin.c` and `src/builtin.jq`): the ones written in Rust ([`NATIVE`],
//! [`native`]), the `@format`s, and [`PRELUDE`] — the ones jq itself defines in jq, defined the
//! same way here.

use super::ast::Expr;
use super::eval::{collect, delpaths, err, eval, getpath, paths, setpath, Ctx, Env, Flow, Halt};
use super::ops::{binary, desc};
use super::value::{cmp, compact, num_text, parse_stream, J};

/// Builtins written in Rust, by name and arity.
pub const NATIVE: &[(&str, usize)] = &[
    ("empty", 0),
    ("not", 0),
    ("length", 0),
    ("utf8bytelength", 0),
    ("keys", 0),
    ("keys_unsorted", 0),
    ("has", 1),
    ("contains", 1),
    ("add", 0),
    ("range", 1),
    ("range", 2),
    ("range", 3),
    ("floor", 0),
    ("ceil", 0),
    ("round", 0),
    ("fabs", 0),
    ("sqrt", 0),
    ("pow", 2),
    ("log", 0),
    ("exp", 0),
    ("log10", 0),
    ("log2", 0),
    ("tostring", 0),
    ("tonumber", 0),
    ("type", 0),
    ("infinite", 0),
    ("nan", 0),
    ("isinfinite", 0),
    ("isnan", 0),
    ("isnormal", 0),
    ("sort", 0),
    ("sort_by", 1),
    ("group_by", 1),
    ("unique_by", 1),
    ("min_by", 1),
    ("max_by", 1),
    ("min", 0),
    ("max", 0),
    ("tojson", 0),
    ("fromjson", 0),
    ("ascii_downcase", 0),
    ("ascii_upcase", 0),
    ("explode", 0),
    ("implode", 0),
    ("split", 1),
    ("split", 2),
    ("join", 1),
    ("test", 1),
    ("test", 2),
    ("sub", 2),
    ("sub", 3),
    ("gsub", 2),
    ("gsub", 3),
    ("ltrimstr", 1),
    ("rtrimstr", 1),
    ("startswith", 1),
    ("endswith", 1),
    ("_indices", 1),
    ("error", 0),
    ("error", 1),
    ("path", 1),
    ("getpath", 1),
    ("setpath", 2),
    ("delpaths", 1),
    ("to_entries", 0),
    ("from_entries", 0),
    ("tostream", 0),
    ("env", 0),
    ("input", 0),
    ("debug", 0),
    ("stderr", 0),
    ("input_filename", 0),
    ("builtins", 0),
    ("flatten", 1),
    ("ascii", 0),
    ("now", 0),
    ("until", 2),
    ("while", 2),
    ("repeat", 1),
];

/// Builtins jq defines in jq (`src/builtin.jq`, jq 1.6), in dependency order.
pub const PRELUDE: &str = r#"
def select(f): if f then . else empty end;
def limit($n; f): if $n < 0 then f else label $out | foreach f as $item (0; .+1; $item, if . >= $n then break $out else empty end) end;
def values: select(. != null);
def nulls: select(. == null);
def booleans: select(type == "boolean");
def numbers: select(type == "number");
def strings: select(type == "string");
def arrays: select(type == "array");
def objects: select(type == "object");
def iterables: select(type|. == "array" or . == "object");
def scalars: select(type|. != "array" and . != "object");
def map(f): [.[] | f];
def map_values(f): .[] |= f;
def recurse(f): def r: ., (f | r); r;
def recurse(f; cond): def r: ., (f | select(cond) | r); r;
def recurse: recurse(.[]?);
def with_entries(f): to_entries | map(f) | from_entries;
def del(f): delpaths([path(f)]);
def paths: path(..) | select(length > 0);
def paths(node_filter): . as $dot | paths | select(. as $p | $dot | getpath($p) | node_filter);
def leaf_paths: paths(scalars);
def any: reduce .[] as $x (false; . or $x);
def all: reduce .[] as $x (true; . and $x);
def any(f): reduce (.[] | f) as $x (false; . or $x);
def all(f): reduce (.[] | f) as $x (true; . and $x);
def any(generator; condition): [label $out | generator | condition | select(.) | (true, break $out)] | length > 0;
def all(generator; condition): [label $out | generator | condition | select(. | not) | (false, break $out)] | length == 0;
def flatten: flatten(1e9);
def in(xs): . as $x | xs | has($x);
def inside(xs): . as $x | xs | contains($x);
def index($i): _indices($i) | .[0];
def rindex($i): _indices($i) | .[-1:][0];
def indices($i): _indices($i);
def unique: unique_by(.);
def reverse: if type == "string" then explode | reverse | implode else [.[length - 1 - range(0;length)]] end;
def first: .[0];
def last: .[-1];
def first(f): label $out | f | ., break $out;
def last(f): reduce f as $x (null; $x);
def nth($n): .[$n];
def nth($n; f): if $n < 0 then error("Out of bounds negative array index") else last(limit($n + 1; f)) end;
def walk(f): . as $in | if type == "object" then reduce keys_unsorted[] as $key ( {}; . + { ($key): ($in[$key] | walk(f)) } ) | f elif type == "array" then map(walk(f)) | f else f end;
def transpose: if . == [] then [] else . as $in | (map(length) | max) as $max | [range(0; $max) as $j | [range(0; $in|length) as $i | $in[$i][$j] ] ] end;
def combinations: if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $w | [$x] + $w end;
def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;
def splits($re; flags): split($re; flags) | .[];
def splits($re): splits($re; null);
def finites: select(isinfinite or isnan | not);
def normals: select(isnormal);
def IN(s): any(s == .; .);
def IN(src; s): any(src == s; .);
def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row|idx_expr|tostring] |= $row);
def INDEX(idx_expr): INDEX(.[]; idx_expr);
def inputs: def r: (input, r); try r catch if . == "break" then empty else error end;
"#;

/// The `@format`s.
pub fn format(f: &str, v: &J) -> Result<String, Halt> {
    let text = |v: &J| match v {
        J::Str(s) => s.clone(),
        other => {
            let mut s = String::new();
            compact(other, &mut s);
            s
        }
    };
    Ok(match f {
        "text" => text(v),
        "json" => {
            let mut s = String::new();
            compact(v, &mut s);
            s
        }
        "html" => text(v).replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('\'', "&#39;").replace('"', "&quot;"),
        "uri" => text(v)
            .bytes()
            .map(|b| if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
            .collect(),
        "csv" | "tsv" => {
            let J::Arr(a) = v else {
                return Err(err(format!("{} ({}) cannot be {}-formatted, only an array can be", v.type_name(), desc(v), f)));
            };
            let mut cells = Vec::new();
            for x in a {
                cells.push(match (x, f) {
                    (J::Num(n), _) => num_text(*n),
                    (J::Bool(b), _) => b.to_string(),
                    (J::Null, _) => String::new(),
                    (J::Str(s), "csv") => format!("\"{}\"", s.replace('"', "\"\"")),
                    (J::Str(s), _) => s.replace('\\', "\\\\").replace('\t', "\\t").replace('\r', "\\r").replace('\n', "\\n"),
                    (other, _) => {
                        return Err(err(format!("{} ({}) is not valid in a csv row", other.type_name(), desc(other))));
                    }
                });
            }
            cells.join(if f == "csv" { "," } else { "\t" })
        }
        "sh" => {
            let quote = |x: &J| -> Result<String, Halt> {
                Ok(match x {
                    J::Str(s) => format!("'{}'", s.replace('\'', "'\\''")),
                    J::Arr(_) | J::Obj(_) => return Err(err(format!("{} ({}) can not be escaped for shell", x.type_name(), desc(x)))),
                    other => text(other),
                })
            };
            match v {
                J::Arr(a) => a.iter().map(quote).collect::<Result<Vec<_>, _>>()?.join(" "),
                other => quote(other)?,
            }
        }
        "base64" => base64_encode(text(v).as_bytes()),
        "base64d" => {
            let t = text(v);
            match base64_decode(&t) {
                Some(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                None => return Err(err(format!("{} ({}) is not valid base64 data", v.type_name(), desc(v)))),
            }
        }
        other => return Err(err(format!("{other} is not a valid format"))),
    })
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16) | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8) | u32::from(*chunk.get(2).unwrap_or(&0));
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(B64[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes base64 (padding optional, whitespace skipped); `None` on a bad character.
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        if c == b'=' {
            break;
        }
        if c.is_ascii_whitespace() {
            continue;
        }
        let v = B64.iter().position(|&b| b == c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

fn one<'a>(args: &'a [Expr], i: usize, input: &J, env: &Env<'a>, cx: &Ctx) -> Result<Vec<J>, Halt> {
    collect(&args[i], input, env, cx)
}

fn regex_for(re: &str, flags: &J) -> Result<(regex::Regex, bool), Halt> {
    let flags = match flags {
        J::Str(s) => s.clone(),
        J::Null => String::new(),
        other => return Err(err(format!("{} ({}) is not a string", other.type_name(), desc(other)))),
    };
    let mut b = regex::RegexBuilder::new(re);
    for c in flags.chars() {
        match c {
            'i' => {
                b.case_insensitive(true);
            }
            'x' => {
                b.ignore_whitespace(true);
            }
            's' => {
                b.dot_matches_new_line(true);
            }
            'g' | 'n' | 'p' | 'l' => {}
            other => return Err(err(format!("{flags} is not a valid modifier string").replace(&other.to_string(), &other.to_string()))),
        }
    }
    let r = b.size_limit(1 << 20).build().map_err(|e| err(format!("{re} (at offset 0) is not a valid regex: {e}")))?;
    Ok((r, flags.contains('g')))
}

fn str_arg(v: &J, what: &str) -> Result<String, Halt> {
    match v {
        J::Str(s) => Ok(s.clone()),
        other => Err(err(format!("{} ({}) {what}", other.type_name(), desc(other)))),
    }
}

pub fn native<'a>(name: &str, args: &'a [Expr], input: &J, env: &Env<'a>, cx: &Ctx, out: &mut dyn FnMut(J) -> Flow) -> Flow {
    let v = input;
    let bad = |what: &str| err(format!("{} ({}) {what}", v.type_name(), desc(v)));
    match (name, args.len()) {
        ("empty", 0) => Ok(()),
        ("not", 0) => out(J::Bool(!v.truthy())),
        ("length", 0) => out(match v {
            J::Null => J::Num(0.0),
            J::Bool(_) => return Err(bad("has no length")),
            J::Num(n) => J::Num(n.abs()),
            J::Str(s) => J::Num(s.chars().count() as f64),
            J::Arr(a) => J::Num(a.len() as f64),
            J::Obj(m) => J::Num(m.len() as f64),
        }),
        ("utf8bytelength", 0) => match v {
            J::Str(s) => out(J::Num(s.len() as f64)),
            _ => Err(bad("only strings have UTF-8 byte length")),
        },
        ("keys" | "keys_unsorted", 0) => out(match v {
            J::Obj(m) => {
                let mut k: Vec<String> = m.iter().map(|(k, _)| k.clone()).collect();
                if name == "keys" {
                    crate::sort::sort(&mut k);
                }
                J::Arr(k.into_iter().map(J::Str).collect())
            }
            J::Arr(a) => J::Arr((0..a.len()).map(|i| J::Num(i as f64)).collect()),
            _ => return Err(bad("has no keys")),
        }),
        ("has", 1) => {
            for k in one(args, 0, v, env, cx)? {
                out(J::Bool(match (v, &k) {
                    (J::Obj(_), J::Str(s)) => v.get(s).is_some(),
                    (J::Arr(a), J::Num(n)) => *n >= 0.0 && (*n as usize) < a.len(),
                    _ => return Err(err(format!("Cannot check whether {} has a {} key", v.type_name(), k.type_name()))),
                }))?;
            }
            Ok(())
        }
        ("contains", 1) => {
            fn contains(a: &J, b: &J) -> bool {
                match (a, b) {
                    (J::Str(x), J::Str(y)) => x.contains(y.as_str()),
                    (J::Arr(x), J::Arr(y)) => y.iter().all(|yy| x.iter().any(|xx| contains(xx, yy))),
                    (J::Obj(_), J::Obj(y)) => y.iter().all(|(k, yy)| a.get(k).is_some_and(|xx| contains(xx, yy))),
                    _ => a == b,
                }
            }
            for b in one(args, 0, v, env, cx)? {
                if v.type_name() != b.type_name() {
                    return Err(err(format!(
                        "{} ({}) and {} ({}) cannot have their containment checked",
                        v.type_name(),
                        desc(v),
                        b.type_name(),
                        desc(&b)
                    )));
                }
                out(J::Bool(contains(v, &b)))?;
            }
            Ok(())
        }
        ("add", 0) => {
            let items: Vec<&J> = match v {
                J::Arr(a) => a.iter().collect(),
                J::Obj(m) => m.iter().map(|(_, x)| x).collect(),
                J::Null => Vec::new(),
                _ => return Err(err(format!("Cannot iterate over {}", v.type_name()))),
            };
            let mut acc = J::Null;
            for x in items {
                cx.tick()?;
                acc = binary("+", &acc, x).map_err(err)?;
            }
            out(acc)
        }
        ("range", 1..=3) => {
            let (froms, tos, bys) = match args.len() {
                1 => (vec![J::Num(0.0)], one(args, 0, v, env, cx)?, vec![J::Num(1.0)]),
                2 => (one(args, 0, v, env, cx)?, one(args, 1, v, env, cx)?, vec![J::Num(1.0)]),
                _ => (one(args, 0, v, env, cx)?, one(args, 1, v, env, cx)?, one(args, 2, v, env, cx)?),
            };
            for from in &froms {
                for to in &tos {
                    for by in &bys {
                        let (J::Num(from), J::Num(to), J::Num(by)) = (from, to, by) else {
                            return Err(err("Range bounds must be numeric"));
                        };
                        let mut i = *from;
                        if *by > 0.0 {
                            while i < *to {
                                cx.tick()?;
                                out(J::Num(i))?;
                                i += by;
                            }
                        } else if *by < 0.0 {
                            while i > *to {
                                cx.tick()?;
                                out(J::Num(i))?;
                                i += by;
                            }
                        } else if i < *to {
                            // jq 1.6 repeats forever; the step budget ends it.
                            loop {
                                cx.tick()?;
                                out(J::Num(i))?;
                            }
                        }
                    }
                }
            }
            Ok(())
        }
        ("floor" | "ceil" | "round" | "fabs" | "sqrt" | "log" | "exp" | "log10" | "log2", 0) => match v {
            J::Num(n) => out(J::Num(match name {
                "floor" => n.floor(),
                "ceil" => n.ceil(),
                "round" => n.round(),
                "fabs" => n.abs(),
                "sqrt" => n.sqrt(),
                "log" => n.ln(),
                "exp" => n.exp(),
                "log10" => n.log10(),
                _ => n.log2(),
            })),
            _ => Err(bad("number required")),
        },
        ("pow", 2) => {
            for b in one(args, 0, v, env, cx)? {
                for e in one(args, 1, v, env, cx)? {
                    let (J::Num(b), J::Num(e)) = (&b, &e) else {
                        return Err(err(format!("{} ({}) number required", b.type_name(), desc(&b))));
                    };
                    out(J::Num(b.powf(*e)))?;
                }
            }
            Ok(())
        }
        ("tostring", 0) => out(match v {
            J::Str(_) => v.clone(),
            other => {
                let mut s = String::new();
                compact(other, &mut s);
                J::Str(s)
            }
        }),
        ("tonumber", 0) => out(match v {
            J::Num(_) => v.clone(),
            J::Str(s) => J::Num(s.trim().parse().map_err(|_| {
                err(format!("Invalid numeric literal at EOF at line 1, column {} (while parsing '{s}')", s.chars().count()))
            })?),
            _ => return Err(bad("cannot be parsed as a number")),
        }),
        ("type", 0) => out(J::Str(v.type_name().into())),
        ("infinite", 0) => out(J::Num(f64::INFINITY)),
        ("nan", 0) => out(J::Num(f64::NAN)),
        ("isinfinite" | "isnan" | "isnormal", 0) => match v {
            J::Num(n) => out(J::Bool(match name {
                "isinfinite" => n.is_infinite(),
                "isnan" => n.is_nan(),
                _ => n.is_normal(),
            })),
            _ => Err(bad("number required")),
        },
        ("sort", 0) => match v {
            J::Arr(a) => {
                let mut a = a.clone();
                crate::sort::sort_by(&mut a, cmp);
                out(J::Arr(a))
            }
            _ => Err(bad("cannot be sorted, as it is not an array")),
        },
        ("sort_by" | "group_by" | "unique_by" | "min_by" | "max_by", 1) => {
            let J::Arr(a) = v else { return Err(bad("cannot be sorted, as it is not an array")) };
            let mut keyed: Vec<(J, J)> = Vec::new();
            for x in a {
                keyed.push((J::Arr(collect(&args[0], x, env, cx)?), x.clone()));
            }
            crate::sort::sort_by(&mut keyed, |p, q| cmp(&p.0, &q.0));
            match name {
                "sort_by" => out(J::Arr(keyed.into_iter().map(|(_, x)| x).collect())),
                "min_by" => out(keyed.first().map(|p| p.1.clone()).unwrap_or(J::Null)),
                "max_by" => out(keyed.last().map(|p| p.1.clone()).unwrap_or(J::Null)),
                _ => {
                    let mut groups: Vec<(J, Vec<J>)> = Vec::new();
                    for (k, x) in keyed {
                        match groups.last_mut() {
                            Some((gk, g)) if cmp(gk, &k) == std::cmp::Ordering::Equal => g.push(x),
                            _ => groups.push((k, vec![x])),
                        }
                    }
                    if name == "group_by" {
                        out(J::Arr(groups.into_iter().map(|(_, g)| J::Arr(g)).collect()))
                    } else {
                        out(J::Arr(groups.into_iter().filter_map(|(_, g)| g.into_iter().next()).collect()))
                    }
                }
            }
        }
        ("min" | "max", 0) => {
            let J::Arr(a) = v else { return Err(bad("cannot be sorted, as it is not an array")) };
            let mut a = a.clone();
            crate::sort::sort_by(&mut a, cmp);
            out(if name == "min" { a.first().cloned() } else { a.last().cloned() }.unwrap_or(J::Null))
        }
        ("tojson", 0) => {
            let mut s = String::new();
            compact(v, &mut s);
            out(J::Str(s))
        }
        ("fromjson", 0) => match v {
            J::Str(s) => match parse_stream(s) {
                Ok(vals) if vals.len() == 1 => vals.into_iter().try_for_each(out),
                Ok(vals) if vals.is_empty() => Err(err(format!("Expected JSON value (while parsing '{s}')"))),
                Ok(_) => Err(err(format!("Unexpected extra JSON values (while parsing '{s}')"))),
                Err(e) => Err(err(format!("{e} (while parsing '{s}')"))),
            },
            _ => Err(bad("only strings can be parsed")),
        },
        ("ascii_downcase" | "ascii_upcase", 0) => match v {
            J::Str(s) => out(J::Str(if name == "ascii_downcase" { s.to_ascii_lowercase() } else { s.to_ascii_uppercase() })),
            _ => Err(err(format!("{name} input must be a string"))),
        },
        ("explode", 0) => match v {
            J::Str(s) => out(J::Arr(s.chars().map(|c| J::Num(c as u32 as f64)).collect())),
            _ => Err(err("explode input must be a string")),
        },
        ("implode", 0) => match v {
            J::Arr(a) => {
                let mut s = String::new();
                for x in a {
                    let J::Num(n) = x else { return Err(err("Unicode codepoint must be numeric")) };
                    s.push(char::from_u32(*n as u32).unwrap_or('\u{fffd}'));
                }
                out(J::Str(s))
            }
            _ => Err(err("implode input must be an array")),
        },
        ("split", 1) => {
            for sep in one(args, 0, v, env, cx)? {
                let (J::Str(s), J::Str(p)) = (v, &sep) else { return Err(err("split input and separator must be strings")) };
                let parts: Vec<J> = if s.is_empty() {
                    Vec::new()
                } else if p.is_empty() {
                    s.chars().map(|c| J::Str(c.to_string())).collect()
                } else {
                    s.split(p.as_str()).map(|x| J::Str(x.to_string())).collect()
                };
                out(J::Arr(parts))?;
            }
            Ok(())
        }
        ("split", 2) => {
            let s = str_arg(v, "cannot be matched, as it is not a string")?;
            for re in one(args, 0, v, env, cx)? {
                for flags in one(args, 1, v, env, cx)? {
                    let (r, _) = regex_for(&str_arg(&re, "is not a string")?, &flags)?;
                    out(J::Arr(r.split(&s).map(|x| J::Str(x.to_string())).collect()))?;
                }
            }
            Ok(())
        }
        ("join", 1) => {
            for sep in one(args, 0, v, env, cx)? {
                let J::Arr(a) = v else { return Err(err(format!("Cannot iterate over {}", v.type_name()))) };
                let J::Str(sep) = &sep else {
                    return Err(err(format!("{} ({}) and {} ({}) cannot be added", "string", "\"\"", sep.type_name(), desc(&sep))));
                };
                let mut s = String::new();
                for (i, x) in a.iter().enumerate() {
                    if i > 0 {
                        s.push_str(sep);
                    }
                    match x {
                        J::Null => {}
                        J::Str(t) => s.push_str(t),
                        J::Num(n) => s.push_str(&num_text(*n)),
                        J::Bool(b) => s.push_str(&b.to_string()),
                        other => return Err(err(format!("Cannot join with {}", other.type_name()))),
                    }
                }
                out(J::Str(s))?;
            }
            Ok(())
        }
        ("test", 1 | 2) => {
            let s = str_arg(v, "cannot be matched, as it is not a string")?;
            let flags = if args.len() == 2 { one(args, 1, v, env, cx)? } else { vec![J::Null] };
            for re in one(args, 0, v, env, cx)? {
                for f in &flags {
                    let (r, _) = regex_for(&str_arg(&re, "cannot be matched, as it is not a string")?, f)?;
                    out(J::Bool(r.is_match(&s)))?;
                }
            }
            Ok(())
        }
        ("sub" | "gsub", 2 | 3) => {
            let s = str_arg(v, "cannot be matched, as it is not a string")?;
            let flags = if args.len() == 3 { one(args, 2, v, env, cx)?.into_iter().next().unwrap_or(J::Null) } else { J::Null };
            for re in one(args, 0, v, env, cx)? {
                let (r, g) = regex_for(&str_arg(&re, "cannot be matched, as it is not a string")?, &flags)?;
                let global = g || name == "gsub";
                let mut result = String::new();
                let mut last = 0;
                for caps in r.captures_iter(&s) {
                    let m = caps.get(0).expect("match 0");
                    result.push_str(&s[last..m.start()]);
                    // The replacement sees the named captures as an object.
                    let mut obj = Vec::new();
                    for n in r.capture_names().flatten() {
                        obj.push((n.to_string(), caps.name(n).map(|c| J::Str(c.as_str().to_string())).unwrap_or(J::Null)));
                    }
                    let reps = one(args, 1, &J::Obj(obj), env, cx)?;
                    let Some(rep) = reps.into_iter().next() else { return Ok(()) };
                    result.push_str(&str_arg(&rep, "cannot be added to a string")?);
                    last = m.end();
                    if !global {
                        break;
                    }
                }
                result.push_str(&s[last..]);
                out(J::Str(result))?;
            }
            Ok(())
        }
        ("ltrimstr" | "rtrimstr" | "startswith" | "endswith", 1) => {
            for p in one(args, 0, v, env, cx)? {
                match (name, v, &p) {
                    ("ltrimstr", J::Str(s), J::Str(p)) => out(J::Str(s.strip_prefix(p.as_str()).unwrap_or(s).to_string()))?,
                    ("rtrimstr", J::Str(s), J::Str(p)) => out(J::Str(s.strip_suffix(p.as_str()).unwrap_or(s).to_string()))?,
                    ("ltrimstr" | "rtrimstr", _, _) => out(v.clone())?,
                    ("startswith", J::Str(s), J::Str(p)) => out(J::Bool(s.starts_with(p.as_str())))?,
                    ("endswith", J::Str(s), J::Str(p)) => out(J::Bool(s.ends_with(p.as_str())))?,
                    _ => return Err(err(format!("{name}() requires string inputs"))),
                }
            }
            Ok(())
        }
        ("_indices", 1) => {
            for i in one(args, 0, v, env, cx)? {
                out(match (v, &i) {
                    (J::Null, _) | (_, J::Null) => J::Null,
                    (J::Str(s), J::Str(p)) => {
                        if p.is_empty() {
                            J::Null
                        } else {
                            let chars: Vec<char> = s.chars().collect();
                            let pc: Vec<char> = p.chars().collect();
                            let mut hits = Vec::new();
                            if pc.len() <= chars.len() {
                                for k in 0..=chars.len() - pc.len() {
                                    if chars[k..k + pc.len()] == pc[..] {
                                        hits.push(J::Num(k as f64));
                                    }
                                }
                            }
                            J::Arr(hits)
                        }
                    }
                    (J::Arr(_), J::Arr(_)) => super::eval::index(v, &i)?,
                    (J::Arr(_), other) => super::eval::index(v, &J::Arr(vec![other.clone()]))?,
                    _ => return Err(err(format!("Cannot determine indices of {} in {}", i.type_name(), v.type_name()))),
                })?;
            }
            Ok(())
        }
        ("error", 0) => Err(Halt::Err(v.clone())),
        ("error", 1) => match one(args, 0, v, env, cx)?.into_iter().next() {
            Some(m) => Err(Halt::Err(m)),
            None => Ok(()),
        },
        ("path", 1) => paths(&args[0], &[], v, env, cx, &mut |p, _| out(J::Arr(p))),
        ("getpath", 1) => {
            for p in one(args, 0, v, env, cx)? {
                let J::Arr(ps) = &p else { return Err(err("Path must be specified as an array")) };
                out(match getpath(v, ps) {
                    Ok(x) => x,
                    Err(_) => J::Null,
                })?;
            }
            Ok(())
        }
        ("setpath", 2) => {
            for p in one(args, 0, v, env, cx)? {
                let J::Arr(ps) = &p else { return Err(err("Path must be specified as an array")) };
                for nv in one(args, 1, v, env, cx)? {
                    out(setpath(v, ps, nv)?)?;
                }
            }
            Ok(())
        }
        ("delpaths", 1) => {
            for ps in one(args, 0, v, env, cx)? {
                let J::Arr(list) = ps else { return Err(err("Paths must be specified as an array")) };
                let mut all = Vec::new();
                for p in list {
                    let J::Arr(p) = p else { return Err(err("Path must be specified as an array")) };
                    all.push(p);
                }
                out(delpaths(v, all)?)?;
            }
            Ok(())
        }
        ("to_entries", 0) => match v {
            J::Obj(m) => {
                out(J::Arr(m.iter().map(|(k, x)| J::Obj(vec![("key".into(), J::Str(k.clone())), ("value".into(), x.clone())])).collect()))
            }
            J::Arr(a) => out(J::Arr(
                a.iter().enumerate().map(|(k, x)| J::Obj(vec![("key".into(), J::Num(k as f64)), ("value".into(), x.clone())])).collect(),
            )),
            _ => Err(bad("has no keys")),
        },
        ("from_entries", 0) => match v {
            J::Arr(a) => {
                let mut m: Vec<(String, J)> = Vec::new();
                for e in a {
                    let key = ["key", "k", "name", "Name", "Key", "K"]
                        .iter()
                        .find_map(|k| e.get(k).filter(|x| x.truthy()).cloned())
                        .unwrap_or(J::Null);
                    let val = ["value", "v", "Value", "V"].iter().find_map(|k| e.get(k).cloned()).unwrap_or(J::Null);
                    let k = match key {
                        J::Str(s) => s,
                        J::Num(n) => num_text(n),
                        J::Bool(b) => b.to_string(),
                        _ => return Err(err(format!("Cannot use {} ({}) as object key", key.type_name(), desc(&key)))),
                    };
                    match m.iter_mut().find(|(x, _)| *x == k) {
                        Some(slot) => slot.1 = val,
                        None => m.push((k, val)),
                    }
                }
                out(J::Obj(m))
            }
            _ => Err(err(format!("Cannot iterate over {}", v.type_name()))),
        },
        ("tostream", 0) => {
            fn walk(p: Vec<J>, v: &J, top: bool, cx: &Ctx, out: &mut dyn FnMut(J) -> Flow) -> Flow {
                cx.tick()?;
                let children: Vec<(J, &J)> = match v {
                    J::Arr(a) => a.iter().enumerate().map(|(i, x)| (J::Num(i as f64), x)).collect(),
                    J::Obj(m) => m.iter().map(|(k, x)| (J::Str(k.clone()), x)).collect(),
                    _ => return out(J::Arr(vec![J::Arr(p), v.clone()])),
                };
                if children.is_empty() {
                    return out(J::Arr(vec![J::Arr(p), v.clone()]));
                }
                let n = children.len();
                for (i, (k, x)) in children.into_iter().enumerate() {
                    let mut q = p.clone();
                    q.push(k);
                    walk(q.clone(), x, false, cx, out)?;
                    if i + 1 == n {
                        out(J::Arr(vec![J::Arr(q)]))?;
                    }
                }
                let _ = top;
                Ok(())
            }
            walk(Vec::new(), v, true, cx, out)
        }
        ("env", 0) => out(cx.env.clone()),
        ("input", 0) => {
            let next = cx.inputs.borrow_mut().pop_front();
            match next {
                Some(x) => out(x),
                // jq 1.6's error when the inputs are used up is the string "break".
                None => Err(err("break")),
            }
        }
        ("debug", 0) => {
            let mut s = String::from("[\"DEBUG:\",");
            compact(v, &mut s);
            s.push_str("]\n");
            cx.stderr.borrow_mut().push_str(&s);
            out(v.clone())
        }
        ("stderr", 0) => {
            let mut s = String::new();
            compact(v, &mut s);
            cx.stderr.borrow_mut().push_str(&s);
            out(v.clone())
        }
        ("input_filename", 0) => out(J::Null),
        ("builtins", 0) => {
            out(J::Arr(NATIVE.iter().filter(|(n, _)| !n.starts_with('_')).map(|(n, a)| J::Str(format!("{n}/{a}"))).collect()))
        }
        ("flatten", 1) => {
            fn flat(a: &[J], depth: f64, out: &mut Vec<J>) {
                for x in a {
                    match x {
                        J::Arr(inner) if depth > 0.0 => flat(inner, depth - 1.0, out),
                        other => out.push(other.clone()),
                    }
                }
            }
            for d in one(args, 0, v, env, cx)? {
                let J::Num(d) = d else { return Err(err("flatten depth must not be negative")) };
                if d < 0.0 {
                    return Err(err("flatten depth must not be negative"));
                }
                let J::Arr(a) = v else { return Err(err(format!("Cannot iterate over {}", v.type_name()))) };
                let mut o = Vec::new();
                flat(a, d, &mut o);
                out(J::Arr(o))?;
            }
            Ok(())
        }
        ("ascii", 0) => match v {
            J::Num(n) => out(J::Str(char::from_u32(*n as u32).map(String::from).unwrap_or_default())),
            _ => Err(bad("number required")),
        },
        // Loops rather than recursion (jq's own definitions recurse; its tail calls cost nothing).
        ("until", 2) => {
            let mut cur = v.clone();
            loop {
                cx.tick()?;
                let conds = one(args, 0, &cur, env, cx)?;
                if conds.first().is_some_and(J::truthy) {
                    return out(cur);
                }
                let mut next = one(args, 1, &cur, env, cx)?;
                match next.len() {
                    0 => return Ok(()),
                    1 => cur = next.remove(0),
                    _ => return next.into_iter().try_for_each(|n| native("until", args, &n, env, cx, out)),
                }
            }
        }
        ("while", 2) => {
            let mut cur = v.clone();
            loop {
                cx.tick()?;
                if !one(args, 0, &cur, env, cx)?.first().is_some_and(J::truthy) {
                    return Ok(());
                }
                out(cur.clone())?;
                let mut next = one(args, 1, &cur, env, cx)?;
                match next.len() {
                    0 => return Ok(()),
                    1 => cur = next.remove(0),
                    _ => return next.into_iter().try_for_each(|n| native("while", args, &n, env, cx, out)),
                }
            }
        }
        ("repeat", 1) => {
            // `def repeat(f): def _repeat: f | (., _repeat); _repeat;`, as this jq has it.
            let mut cur = v.clone();
            loop {
                cx.tick()?;
                let mut next = one(args, 0, &cur, env, cx)?;
                match next.len() {
                    0 => return Ok(()),
                    1 => {
                        cur = next.remove(0);
                        out(cur.clone())?;
                    }
                    _ => {
                        return next.into_iter().try_for_each(|n| {
                            out(n.clone())?;
                            native("repeat", args, &n, env, cx, out)
                        })
                    }
                }
            }
        }
        ("now", 0) => Err(Halt::Limit(
            "now: 시뮬레이터의 jq 는 실제 시계를 읽지 않습니다 / the simulator's jq does not read the wall clock".to_string(),
        )),
        _ => {
            let _ = eval;
            Err(err(format!("{name}/{} is not defined", args.len())))
        }
    }
}
