//! `test`, `[` and the shell's `[[ … ]]`: file tests over the virtual filesystem, string and
//! integer comparisons, `!`, `-a`/`-o` (`&&`/`||` inside `[[`), parentheses — with bash's
//! messages (`[: x: integer expression expected`, `[: missing `]'`).

use crate::shell::arith;
use crate::shell::{Cx, World};
use crate::vfs::{normalize, NodeKind, Vfs, STREAM_DEVICES};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestMode {
    /// `test` / `[`: the name used in messages.
    Test(&'static str),
    /// `[[ … ]]`: `==` and `!=` match patterns, `=~` regular expressions, `-eq` arithmetic.
    DoubleBracket,
}

pub fn test<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    run(cx, args, "test")
}

pub fn bracket<W: World>(cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
    if args.last().map(String::as_str) != Some("]") {
        cx.errln("bash: [: missing `]'");
        return 2;
    }
    run(cx, &args[..args.len() - 1], "[")
}

fn run<W: World>(cx: &mut Cx<'_, W>, args: &[String], name: &'static str) -> i32 {
    let items: Vec<(String, Vec<(char, bool)>)> = args.iter().map(|a| (a.clone(), Vec::new())).collect();
    let mut vars = cx.vars.clone();
    let cwd = cx.cwd.to_string();
    let (status, msg) = eval_test(&items, cx.fs, &cwd, TestMode::Test(name), &mut vars);
    if let Some(m) = msg {
        cx.errln(&m);
    }
    status
}

struct T<'a> {
    args: &'a [(String, Vec<(char, bool)>)],
    i: usize,
    fs: &'a Vfs,
    cwd: &'a str,
    mode: TestMode,
    vars: &'a mut BTreeMap<String, String>,
}

type R = Result<bool, String>;

const UNARY: &[&str] = &[
    "-e", "-f", "-d", "-s", "-r", "-w", "-x", "-n", "-z", "-L", "-h", "-p", "-S", "-b", "-c", "-t", "-v", "-O", "-G", "-N", "-u", "-g",
    "-k",
];
const BINARY: &[&str] = &["=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "=~", "-nt", "-ot", "-ef"];

/// Evaluates a test expression; the status (0 true, 1 false, 2 error) and bash's message.
pub(crate) fn eval_test(
    args: &[(String, Vec<(char, bool)>)],
    fs: &Vfs,
    cwd: &str,
    mode: TestMode,
    vars: &mut BTreeMap<String, String>,
) -> (i32, Option<String>) {
    let prefix = match mode {
        TestMode::Test(n) => format!("bash: {n}: "),
        TestMode::DoubleBracket => "bash: ".to_string(),
    };
    let mut t = T { args, i: 0, fs, cwd, mode, vars };
    let r = match args.len() {
        0 => Ok(false),
        _ => t.posix(),
    };
    match r {
        Ok(b) => (i32::from(!b), None),
        Err(m) => (2, Some(format!("{prefix}{m}"))),
    }
}

impl T<'_> {
    fn word(&self, k: usize) -> Option<&str> {
        self.args.get(k).map(|a| a.0.as_str())
    }

    fn dbl(&self) -> bool {
        self.mode == TestMode::DoubleBracket
    }

    /// POSIX's rules by argument count, then the general grammar.
    fn posix(&mut self) -> R {
        let n = self.args.len();
        let words: Vec<String> = self.args.iter().map(|a| a.0.clone()).collect();
        let w = |k: usize| words.get(k).map(String::as_str).unwrap_or("");
        if !self.dbl() {
            match n {
                1 => return Ok(!w(0).is_empty()),
                2 if w(0) == "!" => return Ok(w(1).is_empty()),
                2 if UNARY.contains(&w(0)) => return self.unary(w(0), 1),
                2 => return Err(format!("{}: unary operator expected", w(0))),
                3 if BINARY.contains(&w(1)) && w(1) != "=~" => return self.binary(0),
                3 if w(0) == "!" => {
                    self.i = 1;
                    let sub = T { args: &self.args[1..], i: 0, fs: self.fs, cwd: self.cwd, mode: self.mode, vars: self.vars }.posix_two();
                    return sub.map(|b| !b);
                }
                3 if w(0) == "(" && w(2) == ")" => return Ok(!w(1).is_empty()),
                3 if w(1) == "-a" || w(1) == "-o" => {}
                3 => return Err(format!("{}: binary operator expected", w(1))),
                4 if w(0) == "!" => {
                    let sub = T { args: &self.args[1..], i: 0, fs: self.fs, cwd: self.cwd, mode: self.mode, vars: self.vars }.posix();
                    return sub.map(|b| !b);
                }
                _ => {}
            }
        }
        self.i = 0;
        let v = self.or()?;
        if self.i < self.args.len() {
            return Err(if self.dbl() {
                format!("syntax error in conditional expression: unexpected token `{}'", w(self.i))
            } else {
                "too many arguments".to_string()
            });
        }
        Ok(v)
    }

    fn posix_two(&mut self) -> R {
        let words: Vec<String> = self.args.iter().map(|a| a.0.clone()).collect();
        let w = |k: usize| words.get(k).map(String::as_str).unwrap_or("");
        if w(0) == "!" {
            return Ok(w(1).is_empty());
        }
        if UNARY.contains(&w(0)) {
            return self.unary(w(0), 1);
        }
        Err(format!("{}: unary operator expected", w(0)))
    }

    fn is_or(&self) -> bool {
        matches!(self.word(self.i), Some("-o")) && !self.dbl() || matches!(self.word(self.i), Some("||")) && self.dbl()
    }
    fn is_and(&self) -> bool {
        matches!(self.word(self.i), Some("-a")) && !self.dbl() || matches!(self.word(self.i), Some("&&")) && self.dbl()
    }

    fn or(&mut self) -> R {
        let mut v = self.and()?;
        while self.is_or() {
            self.i += 1;
            let r = self.and()?;
            v = v || r;
        }
        Ok(v)
    }

    fn and(&mut self) -> R {
        let mut v = self.not()?;
        while self.is_and() {
            self.i += 1;
            let r = self.not()?;
            v = v && r;
        }
        Ok(v)
    }

    fn not(&mut self) -> R {
        if self.word(self.i) == Some("!") && self.i + 1 < self.args.len() {
            self.i += 1;
            return self.not().map(|b| !b);
        }
        self.primary()
    }

    fn primary(&mut self) -> R {
        let Some(w) = self.word(self.i).map(str::to_string) else {
            return Err(if self.dbl() { "unexpected argument to conditional expression".into() } else { "argument expected".into() });
        };
        if w == "(" {
            self.i += 1;
            let v = self.or()?;
            if self.word(self.i) != Some(")") {
                return Err(if self.dbl() { "syntax error in conditional expression".into() } else { "`)' expected".into() });
            }
            self.i += 1;
            return Ok(v);
        }
        if let Some(op) = self.word(self.i + 1) {
            if BINARY.contains(&op) && self.i + 2 < self.args.len() {
                let at = self.i;
                self.i += 3;
                return self.binary(at);
            }
        }
        if UNARY.contains(&w.as_str()) && self.i + 1 < self.args.len() {
            let at = self.i + 1;
            self.i += 2;
            return self.unary(&w, at);
        }
        self.i += 1;
        Ok(!w.is_empty())
    }

    fn path(&self, p: &str) -> String {
        normalize(self.cwd, p)
    }

    fn unary(&mut self, op: &str, k: usize) -> R {
        let a = self.word(k).unwrap_or("").to_string();
        let node = || self.fs.stat(&self.path(&a));
        // The streams' devices are the shell's, not nodes of the filesystem (`vfs.rs`).
        let stream = || STREAM_DEVICES.contains(&self.path(&a).as_str());
        Ok(match op {
            "-n" => !a.is_empty(),
            "-z" => a.is_empty(),
            "-e" | "-r" | "-w" => node().is_some() || stream(),
            "-f" => node().is_some_and(|n| matches!(n.kind, NodeKind::File(_))),
            "-c" => node().is_some_and(|n| n.kind == NodeKind::Null) || stream(),
            "-d" => node().is_some_and(|n| n.is_dir()),
            "-s" => node().is_some_and(|n| n.size() > 0),
            "-x" => node().is_some_and(|n| n.is_dir()),
            "-v" => self.vars.contains_key(&a),
            "-t" | "-L" | "-h" | "-p" | "-S" | "-b" | "-O" | "-G" | "-N" | "-u" | "-g" | "-k" => false,
            _ => false,
        })
    }

    fn int(&mut self, s: &str) -> Result<i64, String> {
        if self.dbl() {
            struct V<'b>(&'b mut BTreeMap<String, String>);
            impl arith::Vars for V<'_> {
                fn get(&self, n: &str) -> Option<String> {
                    self.0.get(n).cloned()
                }
                fn set(&mut self, n: &str, v: String) {
                    self.0.insert(n.to_string(), v);
                }
            }
            return arith::eval(s, &mut V(self.vars));
        }
        s.trim().parse::<i64>().map_err(|_| format!("{s}: integer expression expected"))
    }

    fn binary(&mut self, at: usize) -> R {
        let a = self.word(at).unwrap_or("").to_string();
        let op = self.word(at + 1).unwrap_or("").to_string();
        let b = self.word(at + 2).unwrap_or("").to_string();
        Ok(match op.as_str() {
            "=" | "==" | "!=" => {
                let eq = if self.dbl() {
                    let pat = &self.args[at + 2].1;
                    crate::shell::exec_glob_match(pat, &a.chars().collect::<Vec<_>>())
                } else {
                    a == b
                };
                eq == (op != "!=")
            }
            "<" => a < b,
            ">" => a > b,
            "=~" => match regex::Regex::new(&b) {
                Ok(re) => re.is_match(&a),
                Err(_) => return Ok(false),
            },
            "-nt" | "-ot" | "-ef" => {
                let ma = self.fs.stat(&self.path(&a)).map(|n| n.mtime);
                let mb = self.fs.stat(&self.path(&b)).map(|n| n.mtime);
                match op.as_str() {
                    "-nt" => ma.zip(mb).is_some_and(|(x, y)| x > y) || (ma.is_some() && mb.is_none()),
                    "-ot" => ma.zip(mb).is_some_and(|(x, y)| x < y) || (mb.is_some() && ma.is_none()),
                    _ => ma.is_some() && self.path(&a) == self.path(&b),
                }
            }
            _ => {
                let x = self.int(&a)?;
                let y = self.int(&b)?;
                match op.as_str() {
                    "-eq" => x == y,
                    "-ne" => x != y,
                    "-lt" => x < y,
                    "-le" => x <= y,
                    "-gt" => x > y,
                    _ => x >= y,
                }
            }
        })
    }
}
