//! The tools a learner reaches for, written to behave and fail as GNU coreutils, grep, sed and jq do.

mod awk;
mod conv;
mod files;
mod jq;
mod misc;
mod opts;
mod sed;
pub(crate) mod test;
mod text;
mod yq;

pub use misc::CLEAR_SEQUENCE;
pub use opts::{parse_opts, Opts, Spec};

use super::{Command, Cx, World};
use std::rc::Rc;

/// A command made of a function, its summary line for `help`.
pub struct FnCommand<W> {
    pub run: fn(&mut Cx<'_, W>, &[String]) -> i32,
    pub summary: &'static str,
}

impl<W> Command<W> for FnCommand<W> {
    fn run(&self, cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
        (self.run)(cx, args)
    }
    fn summary(&self) -> &'static str {
        self.summary
    }
}

type Entry<W> = (&'static str, fn(&mut Cx<'_, W>, &[String]) -> i32, &'static str);

/// Every standard command, by name.
pub fn standard<W: World + 'static>() -> Vec<(&'static str, Rc<dyn Command<W>>)> {
    let table: Vec<Entry<W>> = vec![
        ("cat", files::cat, "print files"),
        ("cp", files::cp, "copy files and directories"),
        ("ls", files::ls, "list directory contents (-l, -a)"),
        ("mkdir", files::mkdir, "make directories (-p)"),
        ("mv", files::mv, "move or rename files"),
        ("pwd", files::pwd, "print the working directory"),
        ("rm", files::rm, "remove files or directories (-r, -f)"),
        ("touch", files::touch, "create a file or update its time"),
        ("cut", text::cut, "select fields or characters of each line"),
        ("grep", text::grep, "print lines that match a pattern (-i -v -n -E -c)"),
        ("head", text::head, "first lines of a file (-n)"),
        ("sort", text::sort, "sort lines (-r -n -u)"),
        ("tail", text::tail, "last lines of a file (-n)"),
        ("tee", text::tee, "copy input to files and to output"),
        ("tr", text::tr, "translate or delete characters"),
        ("uniq", text::uniq, "drop repeated lines (-c)"),
        ("wc", text::wc, "count lines, words and bytes (-l -w -c)"),
        ("sed", sed::sed, "stream editor (s///, p, d; -n, -i)"),
        ("clear", misc::clear, "clear the terminal"),
        ("date", misc::date, "print the (virtual) date (+FORMAT, -d, -I, -R)"),
        ("awk", awk::awk, "pattern scanning and processing (mawk's language)"),
        ("seq", conv::seq, "print a sequence of numbers"),
        ("base64", conv::base64, "encode or decode base64 (-d, -w)"),
        ("echo", misc::echo, "print arguments (-n, -e)"),
        ("false", misc::false_, "do nothing, unsuccessfully"),
        ("help", misc::help, "list the commands of this shell"),
        ("history", misc::history, "list previous commands"),
        ("printf", misc::printf, "format and print"),
        ("sleep", misc::sleep, "let virtual time pass"),
        ("true", misc::true_, "do nothing, successfully"),
        ("whoami", misc::whoami, "print the user name"),
        ("test", test::test, "check files, compare strings and numbers"),
        ("[", test::bracket, "check files, compare strings and numbers ([ EXPR ])"),
    ];
    let mut all: Vec<(&'static str, Rc<dyn Command<W>>)> =
        table.into_iter().map(|(name, run, summary)| (name, Rc::new(FnCommand { run, summary }) as Rc<dyn Command<W>>)).collect();
    all.push(("jq", Rc::new(jq::Jq)));
    all.push(("yq", Rc::new(yq::Yq)));
    all
}

/// coreutils' `Try 'X --help' for more information.` tail after a usage error.
pub(crate) fn try_help<W: World>(cx: &mut Cx<'_, W>, cmd: &str) {
    cx.errln(&format!("Try '{cmd} --help' for more information."));
}

/// Parses options, printing getopt's error and the `Try` line (returning `Err(status)`) or the
/// usage for `--help` (returning `Err(0)`).
pub(crate) fn options<W: World>(cx: &mut Cx<'_, W>, spec: &Spec<'_>, args: &[String], usage_status: i32) -> Result<Opts, i32> {
    if args.iter().take_while(|a| *a != "--").any(|a| a == "--help") {
        cx.out(&format!(
            "Usage: {} {}\n(시뮬레이터의 {} 는 자주 쓰는 옵션만 지원합니다 / the simulator's {} supports the common options only)\n",
            spec.cmd, spec.synopsis, spec.cmd, spec.cmd
        ));
        return Err(0);
    }
    parse_opts(spec, args).map_err(|msg| {
        cx.errln(&msg);
        if spec.cmd == "grep" {
            // GNU grep shows its synopsis between the complaint and the pointer to --help.
            cx.errln("Usage: grep [OPTION]... PATTERNS [FILE]...");
        }
        try_help(cx, spec.cmd);
        usage_status
    })
}

/// Display width of a string in a terminal (East Asian wide characters take two cells).
pub fn display_width(s: &str) -> usize {
    s.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD)
}

/// Splits text into lines, each without its newline; a final unterminated line counts.
pub(crate) fn lines(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s.split('\n').collect();
    if s.ends_with('\n') || s.is_empty() {
        v.pop();
    }
    v
}
