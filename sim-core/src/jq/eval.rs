//! jq's evaluator (`src/execute.c`): an [`Expr`] applied to an input gives its outputs, or jq's runtime error (jq exits 5).

use super::ast::{Expr, StrPart};
use super::builtins::call;
use super::ops::{binary, desc};
use super::value::{compact, J};
use std::collections::BTreeMap;

/// The variables in scope (`--arg`, `--argjson`, `… as $x`).
pub type Env = BTreeMap<String, J>;

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
                                        compact(other, &mut s);
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
