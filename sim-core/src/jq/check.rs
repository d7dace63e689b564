//! The compile step after parsing (jq's `src/compile.c`): every call must name a builtin with its arity, else `f/N is not defined`.

use super::ast::{Expr, StrPart};
use super::builtins::BUILTINS;
use super::error::CompileError;

/// Checks every call names a known builtin with the right arity (jq's `f/N is not defined`).
pub fn check(e: &Expr) -> Result<(), CompileError> {
    match e {
        Expr::Call(name, args) => {
            if !BUILTINS.iter().any(|(n, a)| n == name && *a == args.len())
                || matches!(name.as_str(), "input" | "env" | "now" | "tostream" | "ascii")
            {
                return Err(CompileError(format!("{name}/{} is not defined", args.len())));
            }
            args.iter().try_for_each(check)
        }
        Expr::Field(a, _, _) | Expr::Iterate(a, _) | Expr::Neg(a) | Expr::Optional(a) => check(a),
        Expr::Index(a, b, _)
        | Expr::Pipe(a, b)
        | Expr::Comma(a, b)
        | Expr::Binary(_, a, b)
        | Expr::And(a, b)
        | Expr::Or(a, b)
        | Expr::Alt(a, b)
        | Expr::As(a, _, b) => {
            check(a)?;
            check(b)
        }
        Expr::Slice(a, b, c) => {
            check(a)?;
            if let Some(b) = b {
                check(b)?;
            }
            if let Some(c) = c {
                check(c)?;
            }
            Ok(())
        }
        Expr::Array(Some(a)) => check(a),
        Expr::Object(entries) => entries.iter().try_for_each(|(k, v)| {
            check(k)?;
            v.as_ref().map_or(Ok(()), check)
        }),
        Expr::Str(parts) => parts.iter().try_for_each(|p| if let StrPart::Interp(e) = p { check(e) } else { Ok(()) }),
        Expr::If(a, b, c) => {
            check(a)?;
            check(b)?;
            c.as_ref().map_or(Ok(()), |c| check(c))
        }
        _ => Ok(()),
    }
}
