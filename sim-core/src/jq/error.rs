//! jq's errors as the library reports them: each with jq's text and the exit status jq gives it.

use super::cli::{SEE_HELP, USAGE};
use std::fmt;

/// A lexer, parser or compile-step error: jq's message, without its `jq: error:` frame.
#[derive(Debug, Clone, PartialEq)]
pub struct CompileError(pub String);

/// Why jq stops before (or instead of) running the program over its inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A bad command line: jq's complaint, if it has one, then its usage text (exit 2).
    Usage(Option<String>),
    /// The program does not compile (exit 3).
    Compile { message: String, program: String },
    /// An input file could not be read; the host says why (exit 2).
    Open { file: String, reason: String },
    /// The input is not JSON (exit 4, as jq 1.6).
    Parse(String),
}

impl Error {
    /// The status jq exits with.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Compile { .. } => 3,
            // jq 1.6 stops at invalid input with 4.
            Error::Parse(_) => 4,
            Error::Usage(_) | Error::Open { .. } => 2,
        }
    }
}

/// What jq writes to stderr, without the final newline.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // jq 1.6's die(): the complaint, then where to read more (not the whole usage).
            Error::Usage(Some(complaint)) => write!(f, "{complaint}\n{SEE_HELP}"),
            Error::Usage(None) => f.write_str(USAGE),
            Error::Compile { message, program } => {
                // At the end of the program jq shows it with a space after it.
                let tail = if message.contains("unexpected $end") { " " } else { "" };
                write!(f, "jq: error: {message} at <top-level>, line 1:\n{program}{tail}\njq: 1 compile error")
            }
            Error::Open { file, reason } => write!(f, "jq: error: Could not open file {file}: {reason}"),
            Error::Parse(e) => write!(f, "parse error: {e}"),
        }
    }
}

impl std::error::Error for Error {}
