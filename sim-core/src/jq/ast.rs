//! jq programs as trees: the expressions the parser builds and the evaluator walks (jq's `block`s, `src/compile.h`).

use super::value::J;
use std::rc::Rc;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Identity,
    RecurseAll,
    Field(Box<Expr>, String, bool),
    Index(Box<Expr>, Box<Expr>, bool),
    Slice(Box<Expr>, Option<Box<Expr>>, Option<Box<Expr>>, bool),
    Iterate(Box<Expr>, bool),
    Literal(J),
    /// A string with interpolations, and the `@format` applied to them.
    Str(Vec<StrPart>, Option<String>),
    /// `@base64` and friends on `.`.
    Format(String),
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
    /// `f?`, `try f`, `try f catch g`.
    Try(Box<Expr>, Option<Box<Expr>>),
    /// `SOURCE as PATTERN | BODY`
    As(Box<Expr>, Pattern, Box<Expr>),
    /// `reduce SOURCE as PATTERN (INIT; UPDATE)`
    Reduce(Box<Expr>, Pattern, Box<Expr>, Box<Expr>),
    /// `foreach SOURCE as PATTERN (INIT; UPDATE; EXTRACT)`
    Foreach(Box<Expr>, Pattern, Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    /// `def NAME(PARAMS): BODY; REST`
    Def(Rc<FuncDef>, Box<Expr>),
    /// `label $NAME | BODY`
    Label(String, Box<Expr>),
    /// `break $NAME`
    Break(String),
    /// `LHS = RHS`, `LHS |= RHS`, `LHS += RHS`…: the operator without `=` (`""` for `=`, `|` for `|=`).
    Assign(String, Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    Var(String),
    Array(Vec<Pattern>),
    Object(Vec<(Expr, Pattern)>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct FuncDef {
    pub name: String,
    /// Parameters: `$name` ones are values, the others filters.
    pub params: Vec<String>,
    pub body: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StrPart {
    Lit(String),
    Interp(Expr),
}
