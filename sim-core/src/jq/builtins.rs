//! jq's builtins (`src/builtin.c` and `src/builtin.jq`): the table of names and arities, and what each does.

use super::ast::Expr;
use super::eval::{eval, Env};
use super::ops::{binary, desc};
use super::value::{cmp, compact, num_text, parse_stream, J};

/// The builtins the simulator's jq knows, by name and arity.
pub const BUILTINS: &[(&str, usize)] = &[
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

fn one(args: &[Expr], i: usize, input: &J, env: &Env) -> Result<J, String> {
    Ok(eval(&args[i], input, env)?.into_iter().next().unwrap_or(J::Null))
}

pub fn call(name: &str, args: &[Expr], input: &J, env: &Env) -> Result<Vec<J>, String> {
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
                compact(other, &mut s);
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
                    compact(&other, &mut s);
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
            compact(v, &mut s);
            single(J::Str(s))
        }
        ("fromjson", 0) => match v {
            J::Str(s) => Ok(parse_stream(s).map_err(|e| format!("{e} (while parsing '{s}')"))?.into_iter().take(1).collect()),
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
