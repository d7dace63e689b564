//! The compile step after parsing (jq's `src/compile.c`): every call must name a function in
//! scope — a builtin, a prelude definition, the program's own `def`s and parameters — with its
//! arity (else `f/N is not defined`), and every `$var` must be bound (else `$x is not defined`).
//! jq builtins the simulator does not have say so instead.

use super::ast::{Expr, Pattern, StrPart};
use super::builtins::NATIVE;
use super::error::CompileError;

/// jq 1.6 builtins the simulator's jq does not model (time and date, regex captures, streams).
pub const UNSUPPORTED: &[&str] = &[
    "todate",
    "fromdate",
    "date",
    "now",
    "mktime",
    "gmtime",
    "localtime",
    "strftime",
    "strptime",
    "strflocaltime",
    "todateiso8601",
    "fromdateiso8601",
    "dateadd",
    "datesub",
    "match",
    "capture",
    "scan",
    "fromstream",
    "truncate_stream",
    "input_line_number",
    "halt",
    "halt_error",
    "getpath_or_null",
    "get_search_list",
    "modulemeta",
    "$__prog_args",
    "ltrimstr_",
    "splits_",
    "significand",
    "gamma",
    "lgamma",
    "frexp",
    "ldexp",
    "input_filename_",
    "@base32",
    "@base32d",
    "tojson_",
    "getpath_",
    "env_",
    "ascii_",
    "limit_",
    "tostream_",
    "min_by_",
    "sql",
];

/// A scope: functions (name, arity) and variables, innermost last.
#[derive(Default, Clone)]
pub struct Scope {
    funcs: Vec<(String, usize)>,
    vars: Vec<String>,
}

impl Scope {
    pub fn with_vars(vars: impl IntoIterator<Item = String>) -> Scope {
        let mut s = Scope::default();
        s.vars.extend(vars);
        s.vars.push("ENV".into());
        s.vars.push("__loc__".into());
        s
    }
    pub fn add_func(&mut self, name: &str, arity: usize) {
        self.funcs.push((name.to_string(), arity));
    }
    fn has_func(&self, name: &str, arity: usize) -> bool {
        self.funcs.iter().any(|(n, a)| n == name && *a == arity) || NATIVE.iter().any(|(n, a)| *n == name && *a == arity)
    }
}

/// Checks `e` in `scope`.
pub fn check(e: &Expr, scope: &Scope) -> Result<(), CompileError> {
    match e {
        Expr::Call(name, args) => {
            if !scope.has_func(name, args.len()) {
                if UNSUPPORTED.contains(&name.as_str()) {
                    return Err(CompileError(format!(
                        "{name}/{}: 시뮬레이터의 jq 는 지원하지 않습니다 / not supported by the simulator's jq",
                        args.len()
                    )));
                }
                return Err(CompileError(format!("{name}/{} is not defined", args.len())));
            }
            args.iter().try_for_each(|a| check(a, scope))
        }
        Expr::Var(v) => {
            if scope.vars.iter().any(|x| x == v) {
                Ok(())
            } else {
                Err(CompileError(format!("${v} is not defined")))
            }
        }
        Expr::Format(f) => {
            if matches!(f.as_str(), "text" | "json" | "html" | "uri" | "csv" | "tsv" | "sh" | "base64" | "base64d") {
                Ok(())
            } else if f == "base32" || f == "base32d" {
                Err(CompileError(format!("@{f}: 시뮬레이터의 jq 는 지원하지 않습니다 / not supported by the simulator's jq")))
            } else {
                Err(CompileError(format!("{f} is not a valid format")))
            }
        }
        Expr::Field(a, _, _) | Expr::Iterate(a, _) | Expr::Neg(a) => check(a, scope),
        Expr::Try(a, b) => {
            check(a, scope)?;
            b.as_ref().map_or(Ok(()), |b| check(b, scope))
        }
        Expr::Index(a, b, _)
        | Expr::Pipe(a, b)
        | Expr::Comma(a, b)
        | Expr::Binary(_, a, b)
        | Expr::And(a, b)
        | Expr::Or(a, b)
        | Expr::Alt(a, b)
        | Expr::Assign(_, a, b) => {
            check(a, scope)?;
            check(b, scope)
        }
        Expr::Slice(a, b, c, _) => {
            check(a, scope)?;
            if let Some(b) = b {
                check(b, scope)?;
            }
            if let Some(c) = c {
                check(c, scope)?;
            }
            Ok(())
        }
        Expr::Array(Some(a)) => check(a, scope),
        Expr::Object(entries) => entries.iter().try_for_each(|(k, v)| {
            check(k, scope)?;
            v.as_ref().map_or(Ok(()), |v| check(v, scope))
        }),
        Expr::Str(parts, f) => {
            if let Some(f) = f {
                check(&Expr::Format(f.clone()), scope)?;
            }
            parts.iter().try_for_each(|p| if let StrPart::Interp(e) = p { check(e, scope) } else { Ok(()) })
        }
        Expr::If(a, b, c) => {
            check(a, scope)?;
            check(b, scope)?;
            c.as_ref().map_or(Ok(()), |c| check(c, scope))
        }
        Expr::As(src, pat, body) => {
            check(src, scope)?;
            let inner = bind(pat, scope)?;
            check(body, &inner)
        }
        Expr::Reduce(src, pat, init, update) => {
            check(src, scope)?;
            check(init, scope)?;
            check(update, &bind(pat, scope)?)
        }
        Expr::Foreach(src, pat, init, update, extract) => {
            check(src, scope)?;
            check(init, scope)?;
            let inner = bind(pat, scope)?;
            check(update, &inner)?;
            extract.as_ref().map_or(Ok(()), |x| check(x, &inner))
        }
        Expr::Def(def, rest) => {
            let mut body_scope = scope.clone();
            body_scope.add_func(&def.name, def.params.len());
            for p in &def.params {
                match p.strip_prefix('$') {
                    Some(v) => {
                        body_scope.vars.push(v.to_string());
                        body_scope.add_func(v, 0);
                    }
                    None => body_scope.add_func(p, 0),
                }
            }
            check(&def.body, &body_scope)?;
            let mut after = scope.clone();
            after.add_func(&def.name, def.params.len());
            check(rest, &after)
        }
        Expr::Label(name, body) => {
            let mut inner = scope.clone();
            inner.vars.push(format!("*label-{name}"));
            check(body, &inner)
        }
        Expr::Break(name) => {
            if scope.vars.iter().any(|x| *x == format!("*label-{name}")) {
                Ok(())
            } else {
                Err(CompileError(format!("$*label-{name} is not defined")))
            }
        }
        Expr::Identity | Expr::RecurseAll | Expr::Literal(_) | Expr::Array(None) => Ok(()),
    }
}

fn bind(pat: &Pattern, scope: &Scope) -> Result<Scope, CompileError> {
    let mut s = scope.clone();
    fn walk(p: &Pattern, s: &mut Scope, outer: &Scope) -> Result<(), CompileError> {
        match p {
            Pattern::Var(v) => s.vars.push(v.clone()),
            Pattern::Array(items) => items.iter().try_for_each(|i| walk(i, s, outer))?,
            Pattern::Object(entries) => {
                for (k, v) in entries {
                    check(k, outer)?;
                    walk(v, s, outer)?;
                }
            }
        }
        Ok(())
    }
    walk(pat, &mut s, scope)?;
    Ok(s)
}
