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

mod kubectl_and_jq {
    use proptest::prelude::*;
    use sim_core::session::new_session;

    fn word() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("get".to_string()),
            Just("kueue".to_string()),
            Just("list".to_string()),
            Just("kwl".to_string()),
            Just("--for".to_string()),
            Just("--status".to_string()),
            Just("--active".to_string()),
            Just("-w".to_string()),
            Just("--output-watch-events".to_string()),
            Just("--request-timeout=1s".to_string()),
            Just("apply".to_string()),
            Just("delete".to_string()),
            Just("describe".to_string()),
            Just("logs".to_string()),
            Just("create".to_string()),
            Just("pods".to_string()),
            Just("jobs".to_string()),
            Just("cq".to_string()),
            Just("-n".to_string()),
            Just("-A".to_string()),
            Just("-o".to_string()),
            Just("yaml".to_string()),
            Just("json".to_string()),
            Just("wide".to_string()),
            Just("-f".to_string()),
            Just("-".to_string()),
            Just("-l".to_string()),
            Just("a=b".to_string()),
            Just("--all".to_string()),
            Just("jsonpath={.items[*]".to_string()),
            Just("jsonpath={range .items[*]}{.x}{end}".to_string()),
            Just("job/x".to_string()),
            Just("namespace".to_string()),
            Just("team-a".to_string()),
            "[a-z./=-]{0,8}",
            any::<String>(),
        ]
    }

    fn jq_program() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just(".".to_string()),
                Just(".a".to_string()),
                Just("[]".to_string()),
                Just("|".to_string()),
                Just(",".to_string()),
                Just("select(".to_string()),
                Just(")".to_string()),
                Just("{".to_string()),
                Just("}".to_string()),
                Just("map(".to_string()),
                Just("\"\\(".to_string()),
                Just("\"".to_string()),
                Just("==".to_string()),
                Just("length".to_string()),
                Just("1".to_string()),
                Just("/".to_string()),
                Just("0".to_string()),
                Just("[1:".to_string()),
                Just("$x".to_string()),
                Just("if".to_string()),
                Just("then".to_string()),
                Just("end".to_string()),
                "[ -~]{0,4}",
            ],
            0..10,
        )
        .prop_map(|v| v.join(""))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        #[test]
        fn no_kubectl_argument_list_panics(words in prop::collection::vec(word(), 0..7)) {
            let (mut shell, mut cluster) = new_session(3);
            shell.run(&mut cluster, "printf 'apiVersion: v1\\nkind: Namespace\\nmetadata:\\n  name: x\\n' > ns.yaml");
            let quoted: Vec<String> = words.iter().map(|w| format!("'{}'", w.replace('\'', ""))).collect();
            let r = shell.run(&mut cluster, &format!("kubectl {}", quoted.join(" ")));
            prop_assert!(r.status == 0 || r.status == 1);
        }

        #[test]
        fn no_jq_program_panics(p in jq_program(), input in prop_oneof![Just("{\"a\":[1,2,{\"b\":null}]}".to_string()), Just("[]".to_string()), any::<String>()]) {
            let (mut shell, mut cluster) = new_session(3);
            shell.state.fs.write("/root/in.json", &input, 0).unwrap();
            let r = shell.run(&mut cluster, &format!("jq '{}' in.json", p.replace('\'', "")));
            prop_assert!(r.status <= 5);
        }
    }
}
