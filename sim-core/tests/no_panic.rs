//! Property tests: no input line, however mangled, panics the shell or its parser; the shell
//! always returns a status and keeps working afterwards.

use proptest::prelude::*;
use sim_core::clock::Clock;
use sim_core::shell::{complete::complete, syntax, Shell, ShellState};

/// Fragments that exercise the grammar and the commands' option parsers.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("echo".to_string()),
        Just("cat".to_string()),
        Just("ls -la".to_string()),
        Just("grep -E".to_string()),
        Just("sed".to_string()),
        Just("'s/a/b/g'".to_string()),
        Just("printf".to_string()),
        Just("'%5.2f %s %d %b %'".to_string()),
        Just("tr".to_string()),
        Just("cut -d: -f".to_string()),
        Just("head -n".to_string()),
        Just("tail -c".to_string()),
        Just("sort -k".to_string()),
        Just("wc".to_string()),
        Just("mkdir -p".to_string()),
        Just("rm -rf".to_string()),
        Just("cp -r".to_string()),
        Just("mv".to_string()),
        Just("cd".to_string()),
        Just("sleep".to_string()),
        Just("history".to_string()),
        Just("|".to_string()),
        Just("&&".to_string()),
        Just("||".to_string()),
        Just(";".to_string()),
        Just(">".to_string()),
        Just(">>".to_string()),
        Just("2>&1".to_string()),
        Just("<".to_string()),
        Just("<<EOF\nx $HOME\nEOF\n".to_string()),
        Just("$(".to_string()),
        Just(")".to_string()),
        Just("\"".to_string()),
        Just("'".to_string()),
        Just("\\".to_string()),
        Just("$?".to_string()),
        Just("${X}".to_string()),
        Just("*".to_string()),
        Just("[a-".to_string()),
        Just("~/".to_string()),
        Just("/".to_string()),
        Just("..".to_string()),
        Just("f.yaml".to_string()),
        Just("한글".to_string()),
        "[ -~]{0,8}",
        any::<String>(),
    ]
}

fn line() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..8).prop_map(|v| v.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 768, ..ProptestConfig::default() })]

    #[test]
    fn no_line_panics(lines in prop::collection::vec(line(), 1..5)) {
        let mut clock = Clock::default();
        let mut shell = Shell::new(ShellState::new(clock.now_unix()));
        shell.run(&mut clock, "mkdir -p d; echo 'a:b' > f.yaml");
        for l in &lines {
            let _ = syntax::parse(l);
            let _ = complete(&shell, &clock, l, l.len());
            let _ = complete(&shell, &clock, l, l.len() / 2);
            let r = shell.run(&mut clock, l);
            prop_assert!(r.status >= 0 && r.status < 256);
        }
        // The shell still works.
        let r = shell.run(&mut clock, "echo ok");
        prop_assert_eq!(r.output.text(), "ok\n");
    }

    #[test]
    fn arbitrary_text_never_panics_the_parser(s in any::<String>()) {
        let _ = syntax::parse(&s);
        let _ = sim_core::yaml::syntax_errors(&s);
    }
}
