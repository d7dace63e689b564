//! `kubectl` as a command of the mini shell: the dispatcher from a verb to its module (upstream `kubectl/pkg/cmd/cmd.go`).
//!
//! It calls the API core the way kubectl calls kube-apiserver. The verbs live in `get`,
//! `describe`, `write`, `modify`, `edit`, `info` and `kueuectl`; what they share — the output sink
//! (`out`), flags (`flags`), error rendering (`errors`), resource arguments (`resource`) — lives in
//! leaf modules that never import this file or a verb. Verbs the simulator lacks are answered
//! honestly here.

use super::out::{Host, Out};
use crate::shell::{Command, Cx};

pub struct Kubectl;

/// Verbs real kubectl has that the simulator answers honestly instead of imitating.
const NOT_YET: &[&str] = &[
    "explain",
    "replace",
    "rollout",
    "scale",
    "set",
    "diff",
    "kustomize",
    "auth",
    "certificate",
    "cordon",
    "uncordon",
    "drain",
    "taint",
    "debug",
    "events",
    "autoscale",
    "expose",
    "run",
    "proxy",
    "plugin",
    "completion",
    "alpha",
];
const NO_CONTAINERS: &[&str] = &["exec", "attach", "port-forward", "cp"];
const SUPPORTED: &[&str] = &[
    "get",
    "describe",
    "wait",
    "label",
    "annotate",
    "patch",
    "apply",
    "create",
    "delete",
    "logs",
    "version",
    "api-resources",
    "api-versions",
    "cluster-info",
    "config",
];

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

const TOP_HELP: &str = "Display resource (CPU/memory) usage.

 The top command allows you to see the resource consumption for nodes or pods.

 This command requires Metrics Server to be correctly configured and working on the server.

Available Commands:
  node          Display resource (CPU/memory) usage of nodes
  pod           Display resource (CPU/memory) usage of pods

Usage:
  kubectl top [flags] [options]

Use \"kubectl top <command> --help\" for more information about a given command.
Use \"kubectl options\" for a list of global command-line options (applies to all commands).";

/// `kubectl top node|pod`: the metrics API, which the simulator lists in discovery (k3s runs
/// metrics-server) but does not serve — so kubectl prints the server's refusal, as real kubectl
/// does against `kueue-lab api`.
fn top<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(what) = args.iter().find(|a| !a.starts_with('-')) else {
        // kubectl's own help for the command, on stderr with exit status 1, as kubectl 1.32 prints it.
        out.err(TOP_HELP);
        return;
    };
    let plural = match what.as_str() {
        "node" | "nodes" | "no" => "nodes",
        "pod" | "pods" | "po" => "pods",
        other => {
            out.err(&format!("error: unknown command {other:?}\nSee 'kubectl top -h' for help and examples"));
            return;
        }
    };
    match crate::api::registry::DISCOVERY.iter().find(|d| d.plural == plural && d.group() == "metrics.k8s.io") {
        Some(d) => out.err(&super::errors::server_error(&crate::api::rest::unserved(d), None)),
        None => out.err("error: Metrics API not available"),
    }
}

fn unknown_command<W: Host>(out: &mut Out<'_, '_, W>, name: &str) {
    let all: Vec<&str> = SUPPORTED.iter().chain(NOT_YET).chain(NO_CONTAINERS).chain(&["top"]).copied().collect();
    let mut near: Vec<&str> = all.iter().copied().filter(|c| levenshtein(name, c) <= 2 || c.starts_with(name)).collect();
    crate::sort::sort(&mut near);
    if near.is_empty() {
        out.err(&format!("error: unknown command {name:?} for \"kubectl\""));
        return;
    }
    out.err(&format!(
        "Error: unknown command {name:?} for \"kubectl\"\n\nDid you mean this?\n{}\n",
        near.iter().map(|n| format!("\t{n}")).collect::<Vec<_>>().join("\n")
    ));
}

/// kubectl talks to whatever API server its world serves; it never settles the world itself —
/// the shell's command boundary does (`World::settle`).
impl<W: Host> Command<W> for Kubectl {
    fn run(&self, cx: &mut Cx<'_, W>, args: &[String]) -> i32 {
        let mut out = Out { cx, failed: false };
        // The verb is the first argument that is not a global flag or its value.
        let mut verb_at = None;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == "-n" || a == "--namespace" || a == "--kubeconfig" || a == "--context" {
                i += 2;
                continue;
            }
            if a.starts_with('-') {
                i += 1;
                continue;
            }
            verb_at = Some(i);
            break;
        }
        let Some(at) = verb_at else {
            out.out("kubectl controls the Kubernetes cluster manager.\n\n시뮬레이터의 kubectl 이 지원하는 명령 / Commands the simulator's kubectl supports:\n  get, describe, apply, create, delete, label, annotate, patch, wait, logs, version,\n  api-resources, cluster-info, config\n\nUsage:\n  kubectl [flags] [options]\n");
            return 0;
        };
        let verb = args[at].clone();
        let rest: Vec<String> = args[..at].iter().chain(args[at + 1..].iter()).cloned().collect();
        match verb.as_str() {
            "get" => super::get::run(&mut out, &rest),
            "describe" => super::describe::run(&mut out, &rest),
            "label" => super::modify::label(&mut out, &rest, false),
            "annotate" => super::modify::label(&mut out, &rest, true),
            "patch" => super::modify::patch(&mut out, &rest),
            "wait" => super::modify::wait(&mut out, &rest),
            "kueue" => super::kueuectl::run(&mut out, &rest),
            "edit" => super::edit::run(&mut out, &rest),
            "apply" => super::write::apply(&mut out, &rest, false),
            "create" => super::write::create(&mut out, &rest),
            "delete" => super::write::delete(&mut out, &rest),
            "logs" => super::info::logs(&mut out, &rest),
            "version" => super::info::version(&mut out, &rest),
            "api-resources" => super::info::api_resources(&mut out, &rest),
            "api-versions" => super::info::api_versions(&mut out, &rest),
            "cluster-info" => super::info::cluster_info(&mut out, &rest),
            "config" => super::info::config(&mut out, &rest),
            "top" => top(&mut out, &rest),
            v if NO_CONTAINERS.contains(&v) => {
                out.err(&format!("error: the simulator has no containers to enter: \"kubectl {v}\" is not available (시뮬레이터에는 들어갈 컨테이너가 없습니다)"));
            }
            v if NOT_YET.contains(&v) => {
                out.err(&format!("error: \"kubectl {v}\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)"));
            }
            other => unknown_command(&mut out, other),
        }
        i32::from(out.failed)
    }

    fn summary(&self) -> &'static str {
        "the Kubernetes command-line tool, talking to the simulated cluster"
    }

    fn complete(&self, world: &W, args: &[String], current: &str) -> Option<Vec<String>> {
        Some(super::info::completions(world, args, current))
    }

    /// `-f`/`--filename` (kubectl's `AddFilenameOptionFlags`: json, yaml, yml).
    fn file_flag(&self, args: &[String]) -> Option<&'static [&'static str]> {
        args.last().is_some_and(|a| a == "-f" || a == "--filename").then_some(&["json", "yaml", "yml"][..])
    }
}
