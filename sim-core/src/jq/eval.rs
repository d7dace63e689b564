//! jq's evaluator (`src/execute.c`), written as generators: an [`Expr`] applied to an input
//! calls `out` once per output, in order, and stops early when `out` says so — so `limit`,
//! `first` and `label`/`break` cut infinite generators short, as in jq. A path mode
//! ([`paths`]) gives the paths of a path expression, for `path(f)`, `del`, `|=` and `=`.
//!
//! The simulator bounds a run: [`MAX_STEPS`] evaluation steps per input and [`MAX_CALL_DEPTH`]
//! nested function calls; going past either is an error that says so, never a cut result.

use super::ast::{Expr, FuncDef, Pattern, StrPart};
use super::builtins::{format, native, NATIVE};
use super::ops::{binary, desc};
use super::value::{compact, J};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

/// Evaluation steps one input may take.
pub const MAX_STEPS: u64 = 1_000_000;
/// Nested calls of jq functions.
pub const MAX_CALL_DEPTH: usize = 64;

/// Why a generator stopped before its end.
#[derive(Debug, Clone, PartialEq)]
pub enum Halt {
    /// A runtime error with its value (`error(v)`; messages are strings).
    Err(J),
    /// `break $label` (the label's number).
    Break(usize),
    /// A limit of the simulator: the message says which.
    Limit(String),
}

pub type Flow = Result<(), Halt>;

pub fn err(msg: impl Into<String>) -> Halt {
    Halt::Err(J::Str(msg.into()))
}

/// What one run shares: the step count, labels, the remaining inputs, `$ENV`.
pub struct Ctx {
    steps: Cell<u64>,
    depth: Cell<usize>,
    labels: Cell<usize>,
    pub inputs: RefCell<VecDeque<J>>,
    pub env: J,
    pub stderr: RefCell<String>,
}

impl Ctx {
    pub fn new(env: J, inputs: VecDeque<J>) -> Ctx {
        Ctx {
            steps: Cell::new(0),
            depth: Cell::new(0),
            labels: Cell::new(0),
            inputs: RefCell::new(inputs),
            env,
            stderr: RefCell::new(String::new()),
        }
    }
    /// A fresh step budget for the next input.
    pub fn reset(&self) {
        self.steps.set(0);
    }
    pub fn tick(&self) -> Flow {
        let n = self.steps.get() + 1;
        self.steps.set(n);
        if n > MAX_STEPS {
            return Err(Halt::Limit(format!(
                "시뮬레이터의 jq 는 입력 하나에 {MAX_STEPS} 단계까지만 계산합니다 / the simulator's jq stops after {MAX_STEPS} steps on one input"
            )));
        }
        Ok(())
    }
}

/// The variables, functions, filter parameters and labels in scope.
#[derive(Clone, Default)]
pub struct Env<'a>(Option<Rc<Node<'a>>>);

enum Node<'a> {
    Var(String, J, Env<'a>),
    Func(&'a FuncDef, Env<'a>),
    /// A filter parameter: its argument and the caller's scope.
    Param(&'a str, &'a Expr, Env<'a>, Env<'a>),
    Label(&'a str, usize, Env<'a>),
    /// A `$name` parameter called as the filter `name`.
    Value(&'a str, J, Env<'a>),
}

impl<'a> Env<'a> {
    pub fn new() -> Env<'a> {
        Env(None)
    }
    pub fn var(&self, name: &str, value: J) -> Env<'a> {
        Env(Some(Rc::new(Node::Var(name.to_string(), value, self.clone()))))
    }
    pub fn func(&self, def: &'a FuncDef) -> Env<'a> {
        Env(Some(Rc::new(Node::Func(def, self.clone()))))
    }
    fn next(&self) -> Option<&Env<'a>> {
        match self.0.as_deref()? {
            Node::Var(_, _, n) | Node::Func(_, n) | Node::Label(_, _, n) | Node::Value(_, _, n) => Some(n),
            Node::Param(_, _, _, n) => Some(n),
        }
    }
    pub fn lookup_var(&self, name: &str) -> Option<&J> {
        let mut e = self;
        loop {
            if let Some(Node::Var(n, v, _)) = e.0.as_deref() {
                if n == name {
                    return Some(v);
                }
            }
            e = e.next()?;
        }
    }
    fn lookup_label(&self, name: &str) -> Option<usize> {
        let mut e = self;
        loop {
            if let Some(Node::Label(n, id, _)) = e.0.as_deref() {
                if *n == name {
                    return Some(*id);
                }
            }
            e = e.next()?;
        }
    }
}

enum Callee<'a> {
    Func(&'a FuncDef, Env<'a>),
    Param(&'a Expr, Env<'a>),
    Value(J),
}

impl<'a> Env<'a> {
    fn lookup_call(&self, name: &str, arity: usize) -> Option<Callee<'a>> {
        let mut e = self.clone();
        loop {
            match e.0.as_deref() {
                Some(Node::Func(def, _)) if def.name == name && def.params.len() == arity => return Some(Callee::Func(def, e.clone())),
                Some(Node::Param(n, body, scope, _)) if *n == name && arity == 0 => return Some(Callee::Param(body, scope.clone())),
                Some(Node::Value(n, v, _)) if *n == name && arity == 0 => return Some(Callee::Value(v.clone())),
                None => return None,
                _ => {}
            }
            e = e.next()?.clone();
        }
    }
}

type Out<'o> = &'o mut dyn FnMut(J) -> Flow;
type PathOut<'o> = &'o mut dyn FnMut(Vec<J>, J) -> Flow;

fn index_err(base: &J, key: &J) -> Halt {
    match key {
        J::Str(k) => err(format!("Cannot index {} with string \"{k}\"", base.type_name())),
        other => err(format!("Cannot index {} with {}", base.type_name(), other.type_name())),
    }
}

/// `base[key]` as jq reads it.
pub fn index(base: &J, key: &J) -> Result<J, Halt> {
    match (base, key) {
        (J::Obj(_), J::Str(s)) => Ok(base.get(s).cloned().unwrap_or(J::Null)),
        (J::Arr(a), J::Num(n)) => {
            let n = n.floor();
            let i = if n < 0.0 { a.len() as f64 + n } else { n };
            Ok(if i >= 0.0 { a.get(i as usize).cloned().unwrap_or(J::Null) } else { J::Null })
        }
        (J::Null, J::Str(_) | J::Num(_) | J::Null) => Ok(J::Null),
        (J::Arr(a), J::Arr(sub)) => {
            // Indices where `sub` occurs.
            let mut out = Vec::new();
            if !sub.is_empty() && sub.len() <= a.len() {
                for i in 0..=a.len() - sub.len() {
                    if a[i..i + sub.len()] == sub[..] {
                        out.push(J::Num(i as f64));
                    }
                }
            }
            Ok(J::Arr(out))
        }
        (J::Obj(_) | J::Arr(_) | J::Null, J::Obj(_)) if key.get("start").is_some() || key.get("end").is_some() => {
            slice(base, key.get("start").cloned().unwrap_or(J::Null), key.get("end").cloned().unwrap_or(J::Null))
        }
        _ => Err(index_err(base, key)),
    }
}

fn clamp(v: &J, len: usize, default: usize) -> Result<usize, Halt> {
    Ok(match v {
        J::Null => default,
        J::Num(n) if *n < 0.0 => (len as f64 + n.floor()).max(0.0) as usize,
        J::Num(n) => (n.floor() as usize).min(len),
        _ => return Err(err("Start and end indices of an array slice must be numbers")),
    })
}

pub fn slice(base: &J, lo: J, hi: J) -> Result<J, Halt> {
    match base {
        J::Arr(a) => {
            let (s, t) = (clamp(&lo, a.len(), 0)?, clamp(&hi, a.len(), a.len())?);
            Ok(J::Arr(if s < t { a[s..t].to_vec() } else { Vec::new() }))
        }
        J::Str(st) => {
            let chars: Vec<char> = st.chars().collect();
            let (s, t) = (clamp(&lo, chars.len(), 0)?, clamp(&hi, chars.len(), chars.len())?);
            Ok(J::Str(if s < t { chars[s..t].iter().collect() } else { String::new() }))
        }
        J::Null => Ok(J::Null),
        other => Err(err(format!("Cannot index {} with object", other.type_name()))),
    }
}

fn iterate_err(v: &J) -> Halt {
    err(format!("Cannot iterate over {} ({})", v.type_name(), desc(v)))
}

/// Evaluates `e` on `input`, giving each output to `out`. (The common recursive cases stay in
/// this small frame; the rest is in [`eval_other`], so deep recursion uses little stack.)
pub fn eval<'a>(e: &'a Expr, input: &J, env: &Env<'a>, cx: &Ctx, out: Out<'_>) -> Flow {
    cx.tick()?;
    match e {
        Expr::Call(name, args) => call(name, args, input, env, cx, out),
        Expr::Pipe(a, b) => eval(a, input, env, cx, &mut |v| eval(b, &v, env, cx, out)),
        Expr::Comma(a, b) => {
            eval(a, input, env, cx, out)?;
            eval(b, input, env, cx, out)
        }
        Expr::Identity => out(input.clone()),
        _ => eval_other(e, input, env, cx, out),
    }
}

#[inline(never)]
fn eval_other<'a>(e: &'a Expr, input: &J, env: &Env<'a>, cx: &Ctx, out: Out<'_>) -> Flow {
    match e {
        Expr::Identity => out(input.clone()),
        Expr::RecurseAll => {
            fn walk(v: &J, cx: &Ctx, out: Out<'_>) -> Flow {
                cx.tick()?;
                out(v.clone())?;
                match v {
                    J::Arr(a) => a.iter().try_for_each(|x| walk(x, cx, out)),
                    J::Obj(m) => m.iter().try_for_each(|(_, x)| walk(x, cx, out)),
                    _ => Ok(()),
                }
            }
            walk(input, cx, out)
        }
        Expr::Field(base, name, opt) => eval(base, input, env, cx, &mut |b| match &b {
            J::Obj(_) => out(b.get(name).cloned().unwrap_or(J::Null)),
            J::Null => out(J::Null),
            _ if *opt => Ok(()),
            other => Err(index_err(other, &J::Str(name.clone()))),
        }),
        Expr::Index(base, idx, opt) => eval(base, input, env, cx, &mut |b| {
            eval(idx, input, env, cx, &mut |k| match index(&b, &k) {
                Ok(v) => out(v),
                Err(_) if *opt => Ok(()),
                Err(e) => Err(e),
            })
        }),
        Expr::Slice(base, lo, hi, opt) => eval(base, input, env, cx, &mut |b| {
            let his = match hi {
                Some(h) => collect(h, input, env, cx)?,
                None => vec![J::Null],
            };
            let los = match lo {
                Some(l) => collect(l, input, env, cx)?,
                None => vec![J::Null],
            };
            for h in &his {
                for l in &los {
                    match slice(&b, l.clone(), h.clone()) {
                        Ok(v) => out(v)?,
                        Err(_) if *opt => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            Ok(())
        }),
        Expr::Iterate(base, opt) => eval(base, input, env, cx, &mut |b| match b {
            J::Arr(a) => a.into_iter().try_for_each(|x| {
                cx.tick()?;
                out(x)
            }),
            J::Obj(m) => m.into_iter().try_for_each(|(_, x)| {
                cx.tick()?;
                out(x)
            }),
            _ if *opt => Ok(()),
            other => Err(iterate_err(&other)),
        }),
        Expr::Literal(v) => out(v.clone()),
        Expr::Format(f) => out(J::Str(format(f, input)?)),
        Expr::Str(parts, fmt) => {
            fn go<'a>(parts: &'a [StrPart], acc: String, fmt: &Option<String>, input: &J, env: &Env<'a>, cx: &Ctx, out: Out<'_>) -> Flow {
                let Some((first, rest)) = parts.split_first() else { return out(J::Str(acc)) };
                match first {
                    StrPart::Lit(s) => go(rest, acc + s, fmt, input, env, cx, out),
                    StrPart::Interp(e) => eval(e, input, env, cx, &mut |v| {
                        let t = match fmt {
                            Some(f) => format(f, &v)?,
                            None => match &v {
                                J::Str(s) => s.clone(),
                                other => {
                                    let mut s = String::new();
                                    compact(other, &mut s);
                                    s
                                }
                            },
                        };
                        go(rest, format!("{acc}{t}"), fmt, input, env, cx, out)
                    }),
                }
            }
            go(parts, String::new(), fmt, input, env, cx, out)
        }
        Expr::Array(None) => out(J::Arr(Vec::new())),
        Expr::Array(Some(inner)) => out(J::Arr(collect(inner, input, env, cx)?)),
        Expr::Object(entries) => {
            fn go<'a>(
                entries: &'a [(Expr, Option<Expr>)],
                acc: Vec<(String, J)>,
                input: &J,
                env: &Env<'a>,
                cx: &Ctx,
                out: Out<'_>,
            ) -> Flow {
                let Some(((k, v), rest)) = entries.split_first() else { return out(J::Obj(acc)) };
                eval(k, input, env, cx, &mut |key| {
                    let J::Str(ks) = &key else { return Err(err("Object keys must be strings")) };
                    let ks = ks.clone();
                    let mut each = |val: J| {
                        let mut n = acc.clone();
                        match n.iter_mut().find(|(x, _)| *x == ks) {
                            Some(slot) => slot.1 = val,
                            None => n.push((ks.clone(), val)),
                        }
                        go(rest, n, input, env, cx, out)
                    };
                    match v {
                        Some(v) => eval(v, input, env, cx, &mut each),
                        None => match k {
                            Expr::Var(name) => each(env.lookup_var(name).cloned().unwrap_or(J::Null)),
                            _ => each(index(input, &key)?),
                        },
                    }
                })
            }
            go(entries, Vec::new(), input, env, cx, out)
        }
        Expr::Pipe(a, b) => eval(a, input, env, cx, &mut |v| eval(b, &v, env, cx, out)),
        Expr::Comma(a, b) => {
            eval(a, input, env, cx, out)?;
            eval(b, input, env, cx, out)
        }
        Expr::Binary(op, a, b) => eval(b, input, env, cx, &mut |y| eval(a, input, env, cx, &mut |x| out(binary(op, &x, &y).map_err(err)?))),
        Expr::And(a, b) => eval(a, input, env, cx, &mut |x| {
            if !x.truthy() {
                return out(J::Bool(false));
            }
            eval(b, input, env, cx, &mut |y| out(J::Bool(y.truthy())))
        }),
        Expr::Or(a, b) => eval(a, input, env, cx, &mut |x| {
            if x.truthy() {
                return out(J::Bool(true));
            }
            eval(b, input, env, cx, &mut |y| out(J::Bool(y.truthy())))
        }),
        Expr::Alt(a, b) => {
            let mut good = Vec::new();
            match eval(a, input, env, cx, &mut |v| {
                if v.truthy() {
                    good.push(v);
                }
                Ok(())
            }) {
                Ok(()) | Err(Halt::Err(_)) => {}
                Err(other) => return Err(other),
            }
            if good.is_empty() {
                eval(b, input, env, cx, out)
            } else {
                good.into_iter().try_for_each(out)
            }
        }
        Expr::Neg(a) => eval(a, input, env, cx, &mut |v| match v {
            J::Num(n) => out(J::Num(-n)),
            other => Err(err(format!("{} ({}) cannot be negated", other.type_name(), desc(&other)))),
        }),
        Expr::Var(v) => match v.as_str() {
            "ENV" if env.lookup_var("ENV").is_none() => out(cx.env.clone()),
            "__loc__" => out(J::Obj(vec![("file".into(), J::Str("<top-level>".into())), ("line".into(), J::Num(1.0))])),
            _ => match env.lookup_var(v) {
                Some(x) => out(x.clone()),
                None => Err(err(format!("${v} is not defined"))),
            },
        },
        Expr::Try(body, catch) => {
            // Errors raised by the body (not by what consumes its outputs) are caught.
            let downstream: RefCell<Option<Halt>> = RefCell::new(None);
            let r = eval(body, input, env, cx, &mut |v| {
                out(v).inspect_err(|h| {
                    *downstream.borrow_mut() = Some(h.clone());
                })
            });
            match r {
                Ok(()) => Ok(()),
                Err(h) if downstream.borrow().as_ref() == Some(&h) => Err(h),
                Err(Halt::Err(e)) => match catch {
                    Some(c) => eval(c, &e, env, cx, out),
                    None => Ok(()),
                },
                Err(other) => Err(other),
            }
        }
        Expr::If(c, t, e) => eval(c, input, env, cx, &mut |cond| {
            if cond.truthy() {
                eval(t, input, env, cx, out)
            } else if let Some(e) = e {
                eval(e, input, env, cx, out)
            } else {
                out(input.clone())
            }
        }),
        Expr::As(src, pat, body) => {
            eval(src, input, env, cx, &mut |v| bind(pat, &v, input, env, cx, &mut |env2| eval(body, input, &env2, cx, out)))
        }
        Expr::Reduce(src, pat, init, update) => eval(init, input, env, cx, &mut |start| {
            let mut acc = Some(start);
            eval(src, input, env, cx, &mut |v| {
                bind(pat, &v, input, env, cx, &mut |env2| {
                    let cur = acc.take().unwrap_or(J::Null);
                    let mut last = None;
                    eval(update, &cur, &env2, cx, &mut |n| {
                        last = Some(n);
                        Ok(())
                    })?;
                    acc = last;
                    Ok(())
                })
            })?;
            out(acc.unwrap_or(J::Null))
        }),
        Expr::Foreach(src, pat, init, update, extract) => eval(init, input, env, cx, &mut |start| {
            let mut acc = start;
            eval(src, input, env, cx, &mut |v| {
                bind(pat, &v, input, env, cx, &mut |env2| {
                    let mut states = Vec::new();
                    eval(update, &acc, &env2, cx, &mut |n| {
                        states.push(n);
                        Ok(())
                    })?;
                    for s in states {
                        acc = s.clone();
                        match extract {
                            Some(x) => eval(x, &s, &env2, cx, out)?,
                            None => out(s)?,
                        }
                    }
                    Ok(())
                })
            })
        }),
        Expr::Def(def, rest) => eval(rest, input, &env.func(def), cx, out),
        Expr::Label(name, body) => {
            let id = cx.labels.get() + 1;
            cx.labels.set(id);
            let env2 = Env(Some(Rc::new(Node::Label(name, id, env.clone()))));
            match eval(body, input, &env2, cx, out) {
                Err(Halt::Break(b)) if b == id => Ok(()),
                other => other,
            }
        }
        Expr::Break(name) => match env.lookup_label(name) {
            Some(id) => Err(Halt::Break(id)),
            None => Err(err("$*label-".to_string() + name + " is not defined")),
        },
        Expr::Assign(op, lhs, rhs) => assign(op, lhs, rhs, input, env, cx, out),
        Expr::Call(name, args) => call(name, args, input, env, cx, out),
    }
}

/// All outputs of `e` on `input`.
pub fn collect<'a>(e: &'a Expr, input: &J, env: &Env<'a>, cx: &Ctx) -> Result<Vec<J>, Halt> {
    let mut v = Vec::new();
    eval(e, input, env, cx, &mut |x| {
        v.push(x);
        Ok(())
    })?;
    Ok(v)
}

/// Binds a destructuring pattern to `v`, once per way it binds.
fn bind<'a>(pat: &'a Pattern, v: &J, input: &J, env: &Env<'a>, cx: &Ctx, k: &mut dyn FnMut(Env<'a>) -> Flow) -> Flow {
    match pat {
        Pattern::Var(name) => k(env.var(name, v.clone())),
        Pattern::Array(items) => {
            fn go<'a>(
                items: &'a [Pattern],
                i: usize,
                v: &J,
                input: &J,
                env: Env<'a>,
                cx: &Ctx,
                k: &mut dyn FnMut(Env<'a>) -> Flow,
            ) -> Flow {
                let Some((first, rest)) = items.split_first() else { return k(env) };
                let item = match v {
                    J::Arr(a) => a.get(i).cloned().unwrap_or(J::Null),
                    J::Null => J::Null,
                    other => return Err(index_err(other, &J::Num(i as f64))),
                };
                bind(first, &item, input, &env, cx, &mut |e2| go(rest, i + 1, v, input, e2, cx, k))
            }
            go(items, 0, v, input, env.clone(), cx, k)
        }
        Pattern::Object(entries) => {
            fn go<'a>(
                entries: &'a [(Expr, Pattern)],
                v: &J,
                input: &J,
                env: Env<'a>,
                cx: &Ctx,
                k: &mut dyn FnMut(Env<'a>) -> Flow,
            ) -> Flow {
                let Some(((key, p), rest)) = entries.split_first() else { return k(env) };
                eval(key, input, &env, cx, &mut |kv| {
                    let item = index(v, &kv)?;
                    bind(p, &item, input, &env, cx, &mut |e2| go(rest, v, input, e2, cx, k))
                })
            }
            go(entries, v, input, env.clone(), cx, k)
        }
    }
}

fn call<'a>(name: &str, args: &'a [Expr], input: &J, env: &Env<'a>, cx: &Ctx, out: Out<'_>) -> Flow {
    match env.lookup_call(name, args.len()) {
        Some(Callee::Param(body, scope)) => eval(body, input, &scope, cx, out),
        Some(Callee::Value(v)) => out(v),
        Some(Callee::Func(def, def_env)) => {
            let depth = cx.depth.get();
            if depth >= MAX_CALL_DEPTH {
                return Err(Halt::Limit(format!(
                    "시뮬레이터의 jq 는 함수 호출을 {MAX_CALL_DEPTH} 단계까지만 중첩합니다 / the simulator's jq nests function calls at most {MAX_CALL_DEPTH} deep"
                )));
            }
            cx.depth.set(depth + 1);
            let r = bind_params(def, 0, args, input, env, def_env, cx, &mut |fenv| eval(&def.body, input, &fenv, cx, out));
            cx.depth.set(depth);
            r
        }
        None if NATIVE.iter().any(|(n, a)| *n == name && *a == args.len()) => native(name, args, input, env, cx, out),
        None => Err(err(format!("{name}/{} is not defined", args.len()))),
    }
}

/// The function's scope: itself (for recursion), then its parameters.
#[allow(clippy::too_many_arguments)]
fn bind_params<'a>(
    def: &'a FuncDef,
    i: usize,
    args: &'a [Expr],
    input: &J,
    caller: &Env<'a>,
    scope: Env<'a>,
    cx: &Ctx,
    k: &mut dyn FnMut(Env<'a>) -> Flow,
) -> Flow {
    let Some(p) = def.params.get(i) else { return k(scope) };
    match p.strip_prefix('$') {
        Some(var) => eval(&args[i], input, caller, cx, &mut |v| {
            let s = scope.var(var, v.clone());
            let s = Env(Some(Rc::new(Node::Value(var, v, s))));
            bind_params(def, i + 1, args, input, caller, s, cx, k)
        }),
        None => {
            let s = Env(Some(Rc::new(Node::Param(p, &args[i], caller.clone(), scope))));
            bind_params(def, i + 1, args, input, caller, s, cx, k)
        }
    }
}

fn invalid_path(v: &J) -> Halt {
    err(format!("Invalid path expression with result {}", desc(v)))
}

/// Evaluates `e` as a path expression from `cur` (at `path` under the root): each output is a
/// path and the value there.
pub fn paths<'a>(e: &'a Expr, path: &[J], cur: &J, env: &Env<'a>, cx: &Ctx, out: PathOut<'_>) -> Flow {
    cx.tick()?;
    let join = |p: &[J], k: J| {
        let mut v = p.to_vec();
        v.push(k);
        v
    };
    match e {
        Expr::Identity => out(path.to_vec(), cur.clone()),
        Expr::RecurseAll => {
            fn walk(p: Vec<J>, v: &J, cx: &Ctx, out: PathOut<'_>) -> Flow {
                cx.tick()?;
                out(p.clone(), v.clone())?;
                match v {
                    J::Arr(a) => a.iter().enumerate().try_for_each(|(i, x)| {
                        let mut q = p.clone();
                        q.push(J::Num(i as f64));
                        walk(q, x, cx, out)
                    }),
                    J::Obj(m) => m.iter().try_for_each(|(k, x)| {
                        let mut q = p.clone();
                        q.push(J::Str(k.clone()));
                        walk(q, x, cx, out)
                    }),
                    _ => Ok(()),
                }
            }
            walk(path.to_vec(), cur, cx, out)
        }
        Expr::Field(base, name, opt) => paths(base, path, cur, env, cx, &mut |p, b| match &b {
            J::Obj(_) | J::Null => out(join(&p, J::Str(name.clone())), b.get(name).cloned().unwrap_or(J::Null)),
            _ if *opt => Ok(()),
            other => Err(index_err(other, &J::Str(name.clone()))),
        }),
        Expr::Index(base, idx, opt) => paths(base, path, cur, env, cx, &mut |p, b| {
            // The index is evaluated on the input of the whole path expression: `.` here.
            eval(idx, cur, env, cx, &mut |k| match index(&b, &k) {
                Ok(v) => out(join(&p, k), v),
                Err(_) if *opt => Ok(()),
                Err(e) => Err(e),
            })
        }),
        Expr::Slice(base, lo, hi, _) => paths(base, path, cur, env, cx, &mut |p, b| {
            let l = match lo {
                Some(l) => collect(l, cur, env, cx)?.into_iter().next().unwrap_or(J::Null),
                None => J::Null,
            };
            let h = match hi {
                Some(h) => collect(h, cur, env, cx)?.into_iter().next().unwrap_or(J::Null),
                None => J::Null,
            };
            let v = slice(&b, l.clone(), h.clone())?;
            out(join(&p, J::Obj(vec![("start".into(), l), ("end".into(), h)])), v)
        }),
        Expr::Iterate(base, opt) => paths(base, path, cur, env, cx, &mut |p, b| match &b {
            J::Arr(a) => a.iter().enumerate().try_for_each(|(i, x)| out(join(&p, J::Num(i as f64)), x.clone())),
            J::Obj(m) => m.iter().try_for_each(|(k, x)| out(join(&p, J::Str(k.clone())), x.clone())),
            J::Null => Ok(()),
            _ if *opt => Ok(()),
            other => Err(iterate_err(other)),
        }),
        Expr::Pipe(a, b) => paths(a, path, cur, env, cx, &mut |p, v| paths(b, &p, &v, env, cx, out)),
        Expr::Comma(a, b) => {
            paths(a, path, cur, env, cx, out)?;
            paths(b, path, cur, env, cx, out)
        }
        Expr::If(c, t, e) => eval(c, cur, env, cx, &mut |cond| {
            if cond.truthy() {
                paths(t, path, cur, env, cx, out)
            } else if let Some(e) = e {
                paths(e, path, cur, env, cx, out)
            } else {
                out(path.to_vec(), cur.clone())
            }
        }),
        Expr::Alt(a, b) => {
            let mut good = Vec::new();
            match paths(a, path, cur, env, cx, &mut |p, v| {
                if v.truthy() {
                    good.push((p, v));
                }
                Ok(())
            }) {
                Ok(()) | Err(Halt::Err(_)) => {}
                Err(other) => return Err(other),
            }
            if good.is_empty() {
                paths(b, path, cur, env, cx, out)
            } else {
                good.into_iter().try_for_each(|(p, v)| out(p, v))
            }
        }
        Expr::Try(body, catch) => match paths(body, path, cur, env, cx, out) {
            Err(Halt::Err(e)) => match catch {
                Some(c) => eval(c, &e, env, cx, &mut |v| Err(invalid_path(&v))),
                None => Ok(()),
            },
            other => other,
        },
        Expr::As(src, pat, body) => {
            eval(src, cur, env, cx, &mut |v| bind(pat, &v, cur, env, cx, &mut |env2| paths(body, path, cur, &env2, cx, out)))
        }
        Expr::Def(def, rest) => paths(rest, path, cur, &env.func(def), cx, out),
        Expr::Label(name, body) => {
            let id = cx.labels.get() + 1;
            cx.labels.set(id);
            let env2 = Env(Some(Rc::new(Node::Label(name, id, env.clone()))));
            match paths(body, path, cur, &env2, cx, out) {
                Err(Halt::Break(b)) if b == id => Ok(()),
                other => other,
            }
        }
        Expr::Break(_) => eval(e, cur, env, cx, &mut |_| Ok(())),
        Expr::Call(name, args) => match env.lookup_call(name, args.len()) {
            Some(Callee::Param(body, scope)) => paths(body, path, cur, &scope, cx, out),
            Some(Callee::Value(v)) => Err(invalid_path(&v)),
            Some(Callee::Func(def, def_env)) => {
                let depth = cx.depth.get();
                if depth >= MAX_CALL_DEPTH {
                    return Err(Halt::Limit(format!(
                        "시뮬레이터의 jq 는 함수 호출을 {MAX_CALL_DEPTH} 단계까지만 중첩합니다 / the simulator's jq nests function calls at most {MAX_CALL_DEPTH} deep"
                    )));
                }
                cx.depth.set(depth + 1);
                let r = bind_params(def, 0, args, cur, env, def_env, cx, &mut |fenv| paths(&def.body, path, cur, &fenv, cx, out));
                cx.depth.set(depth);
                r
            }
            None => match (name.as_str(), args.len()) {
                ("empty", 0) => Ok(()),
                ("error", _) => eval(e, cur, env, cx, &mut |_| Ok(())),
                ("getpath", 1) => eval(&args[0], cur, env, cx, &mut |p| {
                    let J::Arr(ps) = p else { return Err(err("Path must be specified as an array")) };
                    let v = match getpath(cur, &ps) {
                        Ok(v) => v,
                        Err(_) => J::Null,
                    };
                    let mut full = path.to_vec();
                    full.extend(ps);
                    out(full, v)
                }),
                ("paths" | "leaf_paths", _) | ("select", 1) | ("recurse", _) | ("first", 1) | ("last", 1) | ("limit", 2) => {
                    // Defined in the prelude; reached here only if shadowing failed.
                    Err(err(format!("{name}/{} is not defined", args.len())))
                }
                _ => eval(e, cur, env, cx, &mut |v| Err(invalid_path(&v))),
            },
        },
        Expr::Literal(J::Null) => out(path.to_vec(), J::Null),
        _ => eval(e, cur, env, cx, &mut |v| Err(invalid_path(&v))),
    }
}

pub fn getpath(v: &J, path: &[J]) -> Result<J, Halt> {
    let mut cur = v.clone();
    for k in path {
        if matches!(cur, J::Null) {
            return Ok(J::Null);
        }
        cur = index(&cur, k)?;
    }
    Ok(cur)
}

pub fn setpath(v: &J, path: &[J], new: J) -> Result<J, Halt> {
    let Some((k, rest)) = path.split_first() else { return Ok(new) };
    match (v, k) {
        (J::Obj(_) | J::Null, J::Str(key)) => {
            let mut m = match v {
                J::Obj(m) => m.clone(),
                _ => Vec::new(),
            };
            let old = m.iter().find(|(x, _)| x == key).map(|(_, x)| x.clone()).unwrap_or(J::Null);
            let nv = setpath(&old, rest, new)?;
            match m.iter_mut().find(|(x, _)| x == key) {
                Some(slot) => slot.1 = nv,
                None => m.push((key.clone(), nv)),
            }
            Ok(J::Obj(m))
        }
        (J::Arr(_) | J::Null, J::Num(n)) => {
            let mut a = match v {
                J::Arr(a) => a.clone(),
                _ => Vec::new(),
            };
            let i = if *n < 0.0 { a.len() as f64 + n.floor() } else { n.floor() };
            if i < 0.0 {
                return Err(err("Out of bounds negative array index"));
            }
            let i = i as usize;
            if i > 10_000_000 {
                return Err(err("Array index too large"));
            }
            if i >= a.len() {
                a.resize(i + 1, J::Null);
            }
            a[i] = setpath(&a[i], rest, new)?;
            Ok(J::Arr(a))
        }
        (J::Arr(_) | J::Null, J::Obj(_)) => {
            let a = match v {
                J::Arr(a) => a.clone(),
                _ => Vec::new(),
            };
            let len = a.len();
            let s = clamp(&k.get("start").cloned().unwrap_or(J::Null), len, 0)?;
            let t = clamp(&k.get("end").cloned().unwrap_or(J::Null), len, len)?.max(s);
            let cur = J::Arr(a[s..t].to_vec());
            let J::Arr(repl) = setpath(&cur, rest, new)? else { return Err(err("A slice of an array can only be assigned another array")) };
            let mut out = a[..s].to_vec();
            out.extend(repl);
            out.extend_from_slice(&a[t..]);
            Ok(J::Arr(out))
        }
        _ => Err(index_err(v, k)),
    }
}

pub fn delpaths(v: &J, mut ps: Vec<Vec<J>>) -> Result<J, Halt> {
    // Longest and last first, so earlier deletions do not move later ones.
    crate::sort::sort_by(&mut ps, |a, b| super::value::cmp(&J::Arr(b.clone()), &J::Arr(a.clone())));
    let mut cur = v.clone();
    for p in ps {
        cur = delpath(&cur, &p)?;
    }
    Ok(cur)
}

fn delpath(v: &J, path: &[J]) -> Result<J, Halt> {
    let Some((k, rest)) = path.split_first() else { return Ok(J::Null) };
    if matches!(v, J::Null) {
        return Ok(J::Null);
    }
    if rest.is_empty() {
        return match (v, k) {
            (J::Obj(m), J::Str(key)) => Ok(J::Obj(m.iter().filter(|(x, _)| x != key).cloned().collect())),
            (J::Arr(a), J::Num(n)) => {
                let i = if *n < 0.0 { a.len() as f64 + n.floor() } else { n.floor() };
                let mut a = a.clone();
                if i >= 0.0 && (i as usize) < a.len() {
                    a.remove(i as usize);
                }
                Ok(J::Arr(a))
            }
            (J::Arr(a), J::Obj(_)) => {
                let len = a.len();
                let s = clamp(&k.get("start").cloned().unwrap_or(J::Null), len, 0)?;
                let t = clamp(&k.get("end").cloned().unwrap_or(J::Null), len, len)?.max(s);
                let mut out = a[..s].to_vec();
                out.extend_from_slice(&a[t..]);
                Ok(J::Arr(out))
            }
            _ => Err(err(format!("Cannot delete field at {} index of {}", k.type_name(), v.type_name()))),
        };
    }
    let child = index(v, k)?;
    let nv = delpath(&child, rest)?;
    setpath(v, std::slice::from_ref(k), nv)
}

fn assign<'a>(op: &str, lhs: &'a Expr, rhs: &'a Expr, input: &J, env: &Env<'a>, cx: &Ctx, out: Out<'_>) -> Flow {
    let mut ps: Vec<Vec<J>> = Vec::new();
    paths(lhs, &[], input, env, cx, &mut |p, _| {
        ps.push(p);
        Ok(())
    })?;
    if op == "|" {
        let mut cur = input.clone();
        let mut deleted: Vec<Vec<J>> = Vec::new();
        for p in ps {
            let old = getpath(&cur, &p)?;
            let mut first = None;
            match eval(rhs, &old, env, cx, &mut |v| {
                first = Some(v);
                Err(Halt::Break(usize::MAX))
            }) {
                Ok(()) | Err(Halt::Break(usize::MAX)) => {}
                Err(e) => return Err(e),
            }
            match first {
                Some(v) => cur = setpath(&cur, &p, v)?,
                None => deleted.push(p),
            }
        }
        if !deleted.is_empty() {
            cur = delpaths(&cur, deleted)?;
        }
        return out(cur);
    }
    eval(rhs, input, env, cx, &mut |v| {
        let mut cur = input.clone();
        for p in &ps {
            let nv = match op {
                "" => v.clone(),
                "//" => {
                    let old = getpath(&cur, p)?;
                    if old.truthy() {
                        old
                    } else {
                        v.clone()
                    }
                }
                _ => binary(op, &getpath(&cur, p)?, &v).map_err(err)?,
            };
            cur = setpath(&cur, p, nv)?;
        }
        out(cur)
    })
}
