//! jq programs as trees: the expressions the parser builds and the evaluator walks (jq's `block`s, `src/compile.h`).

use super::value::J;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Identity,
    RecurseAll,
    Field(Box<Expr>, String, bool),
    Index(Box<Expr>, Box<Expr>, bool),
    Slice(Box<Expr>, Option<Box<Expr>>, Option<Box<Expr>>),
    Iterate(Box<Expr>, bool),
    Literal(J),
    Str(Vec<StrPart>),
    Array(Option<Box<Expr>>),
    Object(Vec<(Expr, Option<Expr>)>),
    Pipe(Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    Binary(String, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Alt(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Var(String),
    Call(String, Vec<Expr>),
    If(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    Optional(Box<Expr>),
    As(Box<Expr>, String, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum StrPart {
    Lit(String),
    Interp(Expr),
}
