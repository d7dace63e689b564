//! Property tests of the shell and its tools (issue 14):
//!
//! - no input panics the shell (parser and executor), `awk`, `jq`, `yq` or `sed`: random byte
//!   and token soups, and real snippets mutated at random places;
//! - every runaway loop ends within its budget: under a headless host (`transcript::run`, what
//!   `kueue-lab sim` uses) with status 124 and a message saying the simulator stopped it; under
//!   the browser's host (interruptible: the job resumed once a tick) a shell loop keeps running
//!   across ticks and Ctrl-C ends it with status 130.

use proptest::prelude::*;
use sim_core::clock::Clock;
use sim_core::shell::{Shell, ShellState, BUDGET_STATUS, SLICE_STEPS, STEP_LIMIT};
use sim_core::transcript;

fn new_shell() -> (Shell<Clock>, Clock) {
    let clock = Clock::default();
    let mut shell = Shell::new(ShellState::new(clock.now_unix()));
    let mut c = clock;
    shell.run_to_end(&mut c, "mkdir -p d; printf 'a b 1\\nc d 2\\n' > t.txt; printf '{\"a\":[1,2,{\"b\":null}],\"s\":\"x\"}\\n' > in.json");
    shell.run_to_end(&mut c, "printf 'a:\\n  b: [1, 2]\\n  c: hi\\n' > in.yaml");
    (shell, c)
}

/// Applies `edits` to `base`: each edit is (where, what): `what` < `tokens.len()` inserts that
/// token, otherwise it deletes one character (or, for larger values, a run of them).
fn mutate(base: &str, edits: &[(usize, usize)], tokens: &[&str]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for &(at, what) in edits {
        let at = if chars.is_empty() { 0 } else { at % (chars.len() + 1) };
        if what < tokens.len() {
            for (k, c) in tokens[what].chars().enumerate() {
                chars.insert(at + k, c);
            }
        } else if at < chars.len() {
            let n = 1 + (what - tokens.len()) % 4;
            let end = (at + n).min(chars.len());
            chars.drain(at..end);
        }
    }
    chars.into_iter().collect()
}

/// Single-quotes `s` for the shell.
fn sq(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

const SHELL_SNIPPETS: &[&str] = &[
    "for n in b1 b2 b3; do echo $n.yaml; done",
    "for ((i=0; i<3; i++)); do echo $((i*2)); done",
    "i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; echo $i",
    "if [ -f t.txt ]; then echo yes; elif true; then echo no; else echo x; fi",
    "case $X in a|b) echo ab;; *.yaml) echo y;; *) echo other;; esac",
    "f() { local a=$1; echo ${a:-none} ${#a}; return 3; }; f hi; echo $?",
    "x=$(echo $(echo `echo deep`)); echo \"$x\"",
    "cat <<'EOF'\n$HOME $(x)\nEOF",
    "cat <<EOF | tr a-z A-Z\nhome $HOME\nEOF",
    "set -e; (false; echo no); echo $?",
    "V=pre-mid.suf; echo ${V#pre-} ${V%.suf} ${V/mid/M} ${V:=d} ${V:?e}",
    "seq 3 | xargs -n 1 echo; seq 2 | xargs -I{} echo [{}]",
    "echo a,b,c | cut -d, -f2 | sort -r | uniq -c | tee d/o",
    "printf 'x\\ny\\n' | while read -r l; do echo \"<$l>\"; done",
    "echo $(( (1+2)*3 % 4 ** 2 )) $((1/0))",
    "arr=\"a b\"; set -- $arr; shift; echo $# $@ \"$*\"",
    "source /dev/null; export A=1; unset A; echo ${A-unset}",
    "echo *.txt d/* ~/t.txt",
];

const SHELL_TOKENS: &[&str] = &[
    "do", "done", "then", "fi", "esac", ";;", "(", ")", "{", "}", "$(", "`", "\"", "'", "\\", "$((", "${", "}", "<<", "<<-", "|", "||",
    "&&", ";", "\n", " ", "$", "#", "*", "[", "]", "!", "=", "&", ">", "2>&1", "<(", "in", "case", "for", "if", "f()",
];

const AWK_SNIPPETS: &[&str] = &[
    "{ print $1, NF }",
    "BEGIN { FS=\":\" } /a/ { n++ } END { print n+0 }",
    "{ s += $3 } END { printf \"%d %s %5.2f\\n\", s, \"x\", s/3 }",
    "function f(a, b) { return a b } { print f($1, $2) }",
    "{ a[$1] = $2 } END { for (k in a) print k, a[k] }",
    "NR==1, NR==2 { sub(/a/, \"b\"); gsub(\"c\", \"d\"); print substr($0, 2, 3), length($0), index($0, \"b\") }",
    "{ n = split($0, p, / /); print n, p[1]; if (match($0, /[0-9]+/)) print RSTART, RLENGTH }",
    "BEGIN { i = 0; do { i++ } while (i < 3); print i; print toupper(\"x\") tolower(\"Y\"); exit 3 }",
    "{ print > \"d/out\"; getline line < \"t.txt\"; print line }",
];

const AWK_TOKENS: &[&str] = &[
    "{", "}", "(", ")", "$", "/", "\"", "\\", ";", "print", "printf", "if", "else", "for", "in", "while", "function", "return", "getline",
    "next", "exit", "BEGIN", "END", "NF", "NR", "$0", "a[", "]", "++", "--", "=", "==", "~", "!~", "&&", "||", "?", ":", ",", "%", "\n",
    "-F",
];

const JQ_SNIPPETS: &[&str] = &[
    ".a[] | select(type == \"number\") | . * 2",
    "def f(g): [g, 1]; def h($x): $x + 1; f(.a[0]), h(2)",
    "reduce .a[] as $x (0; . + ($x | numbers))",
    "[foreach (1,2,3) as $x (0; . + $x; [$x, .])]",
    "[limit(2; .a[])], first(.a[]), [paths], getpath([\"a\", 0]), setpath([\"s\"]; 1), [path(..)]",
    "[.a[] | tostring] | @csv, @tsv, @base64, (@base64 | @base64d), @sh, @uri, @html, @json",
    "try error(\"x\") catch ., (.a | length), keys, to_entries, (.s | test(\"x\")), ($ENV | type)",
    ".a as [$p, $q] | {p: $p, q: $q} | del(.q) | .p |= . + 1 | .r += 2",
    "label $out | foreach .a[] as $i (0; . + 1; if . > 1 then ., break $out else empty end)",
    "[range(0; 5; 2)] | map(. * 10) | add / length | floor, (\"a,b\" | split(\",\") | join(\"-\"))",
    "$n, $s, input_filename, (tojson | fromjson), (.. | numbers), ([.a[] | strings] | sort | unique)",
];

const JQ_TOKENS: &[&str] = &[
    ".",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "|",
    ",",
    ";",
    ":",
    "$",
    "\"",
    "\\(",
    "def",
    "as",
    "reduce",
    "foreach",
    "if",
    "then",
    "elif",
    "else",
    "end",
    "try",
    "catch",
    "label",
    "break",
    "?",
    "//",
    "==",
    "+",
    "-",
    "*",
    "/",
    "%",
    "and",
    "or",
    "not",
    "@base64",
    "@csv",
    "..",
    "$__loc__",
    "[]",
    "1e300",
    "-0",
    "\"\\u00e9\"",
];

const YQ_SNIPPETS: &[&str] = &[
    ".a.b",
    ".a.b[0]",
    ".a | keys",
    ".a.c = \"x\"",
    ".a.b[] | select(. > 1)",
    ".a.b |= length",
    "del(.a.c)",
    ".a.b | length",
    "(.a.b[] | select(. == 2)) = 3",
];

const SED_SNIPPETS: &[&str] = &[
    "s/a/b/g",
    "s#\\([a-z]\\) \\(.\\)#\\2\\1#2",
    "2d",
    "/a/,/c/p",
    "1i\\\nhead",
    "$a tail",
    "y/abc/xyz/",
    "-E s/(a|c)+/[&]/",
    "/^$/d;s/ *$//",
    "-n /b/{p;=}",
];

const SED_TOKENS: &[&str] =
    &["s", "/", "\\", "(", ")", "{", "}", ";", "p", "d", "g", "&", "$", ",", "!", "\n", "y", "a", "i", "c", "[", "]", "*", "+", "^"];

fn edits() -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop::collection::vec((0usize..400, 0usize..80), 0..6)
}

/// Random bytes as the shell would read them (invalid UTF-8 replaced).
fn soup() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..40).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        any::<String>(),
        "[ -~\n]{0,40}",
    ]
}

/// Runs `line` to its end (a job resumed until done, as `kueue-lab sim` does) and checks the
/// shell still answers afterwards.
fn survives(shell: &mut Shell<Clock>, clock: &mut Clock, line: &str) -> Result<(), TestCaseError> {
    let r = shell.run_to_end(clock, line);
    prop_assert!((0..256).contains(&r.status), "status {} for {line:?}", r.status);
    let ok = shell.run_to_end(clock, "echo ok");
    prop_assert_eq!(ok.output.stream(1), "ok\n");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn mutated_shell_snippets_never_panic(i in 0..SHELL_SNIPPETS.len(), e in edits()) {
        let (mut shell, mut clock) = new_shell();
        let line = mutate(SHELL_SNIPPETS[i], &e, SHELL_TOKENS);
        let _ = sim_core::shell::syntax::parse(&line);
        survives(&mut shell, &mut clock, &line)?;
    }

    #[test]
    fn shell_token_soups_never_panic(words in prop::collection::vec(prop_oneof![
        (0..SHELL_TOKENS.len()).prop_map(|i| SHELL_TOKENS[i].to_string()),
        (0..SHELL_SNIPPETS.len()).prop_map(|i| SHELL_SNIPPETS[i].to_string()),
        soup(),
    ], 0..10)) {
        let (mut shell, mut clock) = new_shell();
        let line = words.concat();
        survives(&mut shell, &mut clock, &line)?;
    }

    #[test]
    fn awk_programs_never_panic(i in 0..AWK_SNIPPETS.len(), e in edits(), s in soup(), pick in 0..3u8) {
        let (mut shell, mut clock) = new_shell();
        let program = match pick {
            0 => mutate(AWK_SNIPPETS[i], &e, AWK_TOKENS),
            1 => s,
            _ => e.iter().map(|(_, t)| AWK_TOKENS[t % AWK_TOKENS.len()]).collect::<Vec<_>>().join(" "),
        };
        survives(&mut shell, &mut clock, &format!("awk {} t.txt", sq(&program)))?;
        survives(&mut shell, &mut clock, &format!("echo 'x:y:1' | awk -F: -v v=1 {}", sq(&program)))?;
    }

    #[test]
    fn jq_programs_never_panic(i in 0..JQ_SNIPPETS.len(), e in edits(), s in soup(), pick in 0..3u8, input in prop_oneof![Just("in.json".to_string()), soup()]) {
        let (mut shell, mut clock) = new_shell();
        let program = match pick {
            0 => mutate(JQ_SNIPPETS[i], &e, JQ_TOKENS),
            1 => s,
            _ => e.iter().map(|(_, t)| JQ_TOKENS[t % JQ_TOKENS.len()]).collect::<Vec<_>>().join(""),
        };
        if input != "in.json" {
            shell.state.fs.write("/root/in.json", &input, 0).unwrap();
        }
        survives(&mut shell, &mut clock, &format!("jq -c --arg s x --argjson n 1 {} in.json", sq(&program)))?;
        survives(&mut shell, &mut clock, &format!("jq -rne {}", sq(&program)))?;
    }

    #[test]
    fn yq_expressions_never_panic(i in 0..YQ_SNIPPETS.len(), e in edits(), s in soup(), pick in 0..2u8, doc in prop_oneof![Just(String::new()), soup()]) {
        let (mut shell, mut clock) = new_shell();
        let expr = if pick == 0 { mutate(YQ_SNIPPETS[i], &e, JQ_TOKENS) } else { s };
        if !doc.is_empty() {
            shell.state.fs.write("/root/in.yaml", &doc, 0).unwrap();
        }
        survives(&mut shell, &mut clock, &format!("yq {} in.yaml", sq(&expr)))?;
        survives(&mut shell, &mut clock, &format!("yq -o json {} in.yaml", sq(&expr)))?;
    }

    #[test]
    fn sed_scripts_never_panic(i in 0..SED_SNIPPETS.len(), e in edits(), s in soup(), pick in 0..2u8) {
        let (mut shell, mut clock) = new_shell();
        let script = if pick == 0 { mutate(SED_SNIPPETS[i], &e, SED_TOKENS) } else { s };
        // A snippet may start with its options (`-E s/…/`).
        let line = match script.split_once(' ') {
            Some((opt, rest)) if opt.starts_with('-') => format!("sed {opt} {} t.txt", sq(rest)),
            _ => format!("sed {} t.txt", sq(&script)),
        };
        survives(&mut shell, &mut clock, &line)?;
    }
}

/// Runaway command lines of the shell itself: loops (and recursion) the shell runs step by step.
const SHELL_RUNAWAYS: &[&str] = &[
    "while true; do :; done",
    "until false; do echo x; done",
    "while :; do i=$((i+1)); done",
    "for ((;;)); do :; done",
    "until false; do echo x; done | head -n 1",
    "x=$(while true; do echo y; done); echo never",
    "f() { while true; do :; done; }; f",
    "g() { h; }; h() { :; }; while true; do g; done",
    "for i in 1 2 3; do while true; do continue; done; done",
    "set -e; while true; do true; done",
];

/// The shell's message when its budget stops a command line.
const SHELL_BUDGET: &str = "the simulator stopped this command line after 100000 steps (an endless loop?)";

#[test]
fn runaway_shell_loops_end_with_124_and_say_why_headless() {
    for line in SHELL_RUNAWAYS {
        let (mut shell, mut clock) = new_shell();
        let entries = transcript::run(&mut shell, &mut clock, &format!("{line}\necho status=$?\n"), 0);
        assert_eq!(entries[0].status, BUDGET_STATUS, "{line}: {}", entries[0].output.lines().last().unwrap_or(""));
        assert!(entries[0].output.contains(SHELL_BUDGET), "{line}");
        assert!(!entries[0].output.contains("never"), "{line}");
        assert_eq!(entries[1].output, "status=124\n", "{line}");
    }
}

/// Runaway programs inside one command (awk, jq): their own budget stops them, with a message
/// saying it is the simulator's limit and status 124, at the terminal and in the browser alike.
const TOOL_RUNAWAYS: &[(&str, &str)] = &[
    ("awk 'BEGIN { while (1) {} }'", "the simulator's awk stops after 2000000 steps"),
    ("awk 'BEGIN { for (;;) n++ }'", "the simulator's awk stops after 2000000 steps"),
    ("awk 'function f(x) { return f(x) } BEGIN { f(1) }'", "the simulator's awk nests function calls at most"),
    ("jq -n '[repeat(1)] | length'", "the simulator's jq stops after 1000000 steps on one input"),
    ("jq -n '[range(1e12)] | length'", "the simulator's jq stops after 1000000 steps on one input"),
    ("jq -n '[range(0;100000000)] | length'", "the simulator's jq stops after 1000000 steps on one input"),
    ("jq -n 'last(range(0;100000000))'", "the simulator's jq stops after 1000000 steps on one input"),
    ("echo 0 | jq '[recurse(. + 1)] | length'", "the simulator's jq"),
    ("jq -n 'def f: f; f'", "the simulator's jq nests function calls at most"),
    ("jq -n '[limit(5; repeat(1))] | length, (reduce range(1e9) as $i (0; . + 1))'", "the simulator's jq stops after 1000000 steps"),
];

#[test]
fn runaway_tool_programs_end_with_124_and_say_why() {
    for (line, says) in TOOL_RUNAWAYS {
        for interruptible in [false, true] {
            let (mut shell, mut clock) = new_shell();
            shell.set_interruptible(interruptible);
            let entries = transcript::run(&mut shell, &mut clock, &format!("{line}\necho status=$?\n"), 0);
            assert_eq!(entries[0].status, 124, "{line}: {}", entries[0].output);
            assert!(entries[0].output.contains(says), "{line}: {}", entries[0].output);
            assert_eq!(entries[1].output, "status=124\n", "{line}");
        }
    }
    // A jq program that stays within the limit prints its answer, not a cut-off one.
    let (mut shell, mut clock) = new_shell();
    let r = shell.run_to_end(&mut clock, "jq -n '[range(0;100000)] | length, ([limit(3; repeat(1))] | length)'");
    assert_eq!((r.status, r.output.text().as_str()), (0, "100000\n3\n"));
}

/// The browser's path (`app::lab_shell`: `Shell::set_interruptible(true)`, the job taken as the
/// foreground and resumed once a tick): a runaway loop is still running after many times the
/// budget, has gone on printing, and Ctrl-C (`Shell::interrupt`) leaves `$?` at 130.
#[test]
fn runaway_shell_loops_run_across_ticks_until_ctrl_c_in_the_browser() {
    let ticks = STEP_LIMIT / SLICE_STEPS + 5;
    for line in SHELL_RUNAWAYS {
        let (mut shell, mut clock) = new_shell();
        shell.set_interruptible(true);
        let first = shell.run(&mut clock, line);
        let mut fg = shell.take_foreground().unwrap_or_else(|| panic!("{line} ended at once: {}", first.output.text()));
        let mut printed = first.output.text();
        for tick in 0..ticks {
            clock.advance(1_000);
            let out = fg.resume(&mut shell, &mut clock);
            printed.push_str(&out.text());
            assert!(!fg.done(), "{line} ended on tick {tick}: {}", out.text());
        }
        assert!(!printed.contains("the simulator stopped"), "{line}");
        if line.starts_with("until false; do echo x; done") && !line.contains('|') {
            // Three steps a round (the round, `false`, `echo`): more rounds than the headless
            // budget allows.
            assert!(printed.matches("x\n").count() as u64 > STEP_LIMIT / 3, "{line} printed as it ran: {}", printed.matches("x\n").count());
        }
        // Ctrl-C, as the app does it: the foreground is dropped and the shell interrupted.
        drop(fg);
        shell.interrupt();
        let after = shell.run(&mut clock, "echo $?");
        assert_eq!(after.output.text(), "130\n", "{line}");
        assert!(shell.take_foreground().is_none());
    }
}

/// A loop that ends by itself in the browser ends with its own status and output, however
/// many ticks it takes.
#[test]
fn a_long_finite_loop_finishes_across_ticks_in_the_browser() {
    let (mut shell, mut clock) = new_shell();
    shell.set_interruptible(true);
    let first = shell.run(&mut clock, "i=0; while [ $i -lt 60000 ]; do i=$((i+1)); done; echo i=$i; false");
    let mut fg = shell.take_foreground().expect("runs over more than one tick");
    let mut out = first.output.text();
    let mut ticks = 0;
    while !fg.done() {
        out.push_str(&fg.resume(&mut shell, &mut clock).text());
        ticks += 1;
        assert!(ticks < 1_000);
    }
    assert!(ticks > 1);
    assert_eq!((out.as_str(), fg.exit_status()), ("i=60000\n", Some(1)));
    // Headless, the same loop is past the budget (3 steps a round) and is stopped saying so.
    let (mut shell, mut clock) = new_shell();
    let r = shell.run_to_end(&mut clock, "i=0; while [ $i -lt 60000 ]; do i=$((i+1)); done; echo i=$i");
    assert_eq!(r.status, BUDGET_STATUS);
    assert!(r.output.text().contains(SHELL_BUDGET));
}
