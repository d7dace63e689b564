//! Every option of every tool and of kubectl, with no value, an odd value or a value that is
//! not what it takes: none panics, and the shell answers afterwards. Deterministic, unlike the
//! fuzz tests beside it (`shell_props.rs`, `no_panic.rs`): a value missing at the end of the
//! line is the case that made `xargs -P` panic before its fix, found there by chance.

use sim_core::clock::Clock;
use sim_core::session::new_session;
use sim_core::shell::BUILTINS;
use sim_core::shell::{Shell, ShellState};

/// Values an option may be given: none (end of line or an empty word), negative, too big for
/// any integer, a word where a number goes.
const VALUES: &[&str] = &["", "''", "-1", "99999999999999999999", "x"];

fn letters() -> impl Iterator<Item = char> {
    ('a'..='z').chain('A'..='Z').chain('0'..='9')
}

#[test]
fn every_short_option_of_every_tool_is_survived() {
    let clock = Clock::default();
    let mut shell = Shell::new(ShellState::new(clock.now_unix()));
    let mut c = clock;
    let setup = "mkdir -p d; printf 'a b 1\\nc d 2\\n' > t.txt";
    shell.run_to_end(&mut c, setup);
    let tools: Vec<&str> = sim_core::shell::commands::standard::<Clock>().into_iter().map(|(name, _)| name).collect();
    // Builtins that end or replace the shell are left out: they do that by design.
    let builtins = BUILTINS.iter().copied().filter(|b| !matches!(*b, "exit" | "exec" | "return" | "break" | "continue"));
    for cmd in tools.iter().copied().chain(builtins) {
        for option in letters() {
            for value in VALUES {
                for line in
                    [format!("printf 'a b\\n' | {cmd} -{option} {value}"), format!("printf 'a b\\n' | {cmd} -{option}{value} t.txt")]
                {
                    // A subshell, so that `set`, `cd` or `shift` change nothing for the next line.
                    let r = shell.run_to_end(&mut c, &format!("( {line} ) </dev/null >/dev/null 2>&1"));
                    assert!((0..256).contains(&r.status), "{line}: status {}", r.status);
                    let ok = shell.run_to_end(&mut c, "echo ok");
                    assert_eq!(ok.output.text(), "ok\n", "the shell after {line:?}");
                }
            }
        }
    }
}

#[test]
fn every_kubectl_flag_of_every_command_is_survived() {
    let commands = [
        "get",
        "describe",
        "apply",
        "create",
        "create namespace",
        "create job",
        "create deployment",
        "delete",
        "edit",
        "logs",
        "label",
        "annotate",
        "patch",
        "scale",
        "wait",
        "explain",
        "api-resources",
        "version",
        "config view",
        "cluster-info",
        "top nodes",
        "kueue create cq",
        "kueue create lq",
        "kueue list wl",
        "kueue list cq",
        "kueue stop wl",
        "kueue resume cq",
        "rollout status",
        "run",
        "exec",
        "cordon",
        "taint",
        "auth can-i",
        "events",
    ];
    let flags = [
        "o",
        "n",
        "A",
        "l",
        "f",
        "w",
        "L",
        "p",
        "c",
        "k",
        "R",
        "output",
        "namespace",
        "selector",
        "field-selector",
        "filename",
        "watch",
        "sort-by",
        "label-columns",
        "dry-run",
        "grace-period",
        "timeout",
        "for",
        "cascade",
        "overwrite",
        "type",
        "patch",
        "replicas",
        "container",
        "tail",
        "since",
        "image",
        "from-literal",
        "cohort",
        "nominal-quota",
        "borrowing-limit",
        "lending-limit",
        "chunk-size",
        "request-timeout",
        "v",
        "field-manager",
        "for-object",
        "types",
        "api-group",
        "output-watch-events",
        "subresource",
        "template",
    ];
    let (mut shell, mut cluster) = new_session(3);
    shell.run_to_end(&mut cluster, "printf 'apiVersion: v1\\nkind: Namespace\\nmetadata:\\n  name: x\\n' > ns.yaml");
    for command in commands {
        for flag in flags {
            let dash = if flag.len() == 1 { "-" } else { "--" };
            let mut lines: Vec<String> = VALUES.iter().map(|v| format!("kubectl {command} x {dash}{flag} {v}")).collect();
            lines.push(format!("kubectl {command} {dash}{flag}=-1 pods"));
            for line in lines {
                let r = shell.run_to_end(&mut cluster, &format!("{line} </dev/null >/dev/null 2>&1"));
                assert!((0..256).contains(&r.status), "{line}: status {}", r.status);
                let ok = shell.run_to_end(&mut cluster, "echo ok");
                assert_eq!(ok.output.text(), "ok\n", "the shell after {line:?}");
            }
        }
    }
}
