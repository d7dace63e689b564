//! Real kubectl against `kueue-lab api`, held against pseudo-kubectl. For every `kubectl` line
//! of `tests/conformance/*.sh`, both run from the same state at the same time: real kubectl over
//! HTTP, and pseudo-kubectl inside the server (on a copy of the cluster for writes, so both start
//! equal). stdout, stderr and exit status must match byte for byte. The server's virtual clock
//! starts at the wall clock and runs at 1×, because kubectl computes some ages itself (`describe`
//! events) from its own clock; `sleep N` really waits. A read whose output straddled a second
//! boundary between the two runs is run again (up to twice). Other lines (writing files) set the
//! scene on both sides.
//!
//! Needs `kubectl` on PATH (the machine image has v1.32).

use sim_core::transcript::split_inputs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;

/// `kueue-lab api` with its control endpoint, and the kubeconfig real kubectl uses for it.
struct Api {
    proc: common::Proc,
    kubeconfig: PathBuf,
}

fn start_api(dir: &Path) -> Api {
    let kubeconfig = dir.join("kubeconfig");
    let kc = kubeconfig.to_str().unwrap();
    let proc = common::spawn(&["api", "--listen", "127.0.0.1:0", "--speed", "1", "--start", "now", "--control", "--kubeconfig-out", kc]);
    Api { proc, kubeconfig }
}

/// The control endpoint: a shell line through pseudo-kubectl, on the live state or a copy.
fn pseudo(api: &Api, line: &str, isolated: bool) -> (String, String, i32) {
    let v = common::control(&api.proc.addr, line, isolated);
    (v["stdout"].as_str().unwrap().to_string(), v["stderr"].as_str().unwrap().to_string(), v["status"].as_i64().unwrap() as i32)
}

/// The same line in real bash with the real kubectl.
fn real(api: &Api, dir: &Path, line: &str) -> (String, String, i32) {
    let out = Command::new("bash")
        .arg("-c")
        .arg(line)
        .current_dir(dir.join("work"))
        .env("KUBECONFIG", &api.kubeconfig)
        // kubectl keeps its discovery cache under $HOME/.kube: one per run.
        .env("HOME", dir)
        .env("TZ", "UTC")
        .output()
        .expect("bash runs");
    (String::from_utf8_lossy(&out.stdout).to_string(), String::from_utf8_lossy(&out.stderr).to_string(), out.status.code().unwrap_or(-1))
}

fn is_read(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let verb = words.iter().skip(1).find(|w| !w.starts_with('-') && !["team-a", "default", "kube-system"].contains(w));
    matches!(
        verb.copied(),
        Some("get" | "describe" | "logs" | "version" | "api-resources" | "api-versions" | "explain" | "cluster-info" | "config")
    ) || words.get(1).is_some_and(|w| *w == "-n") && matches!(words.get(3).copied(), Some("get" | "describe" | "logs"))
}

fn replay(script: &str) -> (usize, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("kueue-lab-conformance-{}-{}", std::process::id(), script.len()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("work")).unwrap();
    let api = start_api(&dir);
    pseudo(&api, "mkdir -p /root/gsb-kueue && cd /root/gsb-kueue", false);
    let mut compared = 0;
    let mut diffs = Vec::new();
    for input in split_inputs(script) {
        let first = input.lines().next().unwrap_or("").trim();
        if first.is_empty() || first.starts_with('#') {
            continue;
        }
        if let Some(secs) = first.strip_prefix("sleep ").and_then(|s| s.trim().parse::<u64>().ok()) {
            std::thread::sleep(std::time::Duration::from_secs(secs));
            continue;
        }
        if first.starts_with("cd ") {
            pseudo(&api, &input, false);
            continue;
        }
        if !first.starts_with("kubectl ") {
            pseudo(&api, &input, false);
            let (_, err, code) = real(&api, &dir, &input);
            assert_eq!(code, 0, "{input}: {err}");
            continue;
        }
        compared += 1;
        let (want, got) = if is_read(first) {
            let mut pair = (real(&api, &dir, &input), pseudo(&api, &input, false));
            for _ in 0..2 {
                if pair.0 == pair.1 {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(300));
                pair = (real(&api, &dir, &input), pseudo(&api, &input, false));
            }
            pair
        } else {
            let got = pseudo(&api, &input, true);
            (real(&api, &dir, &input), got)
        };
        if want != got {
            diffs.push(format!(
                "$ {input}\n--- real kubectl (exit {}):\n{}{}--- pseudo-kubectl (exit {}):\n{}{}",
                want.2, want.0, want.1, got.2, got.0, got.1
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    (compared, diffs)
}

fn check(file: &str) {
    if Command::new("kubectl").arg("version").arg("--client").output().is_err() {
        panic!("kubectl is not on PATH; the conformance suite needs the real kubectl v1.32");
    }
    let path = format!("{}/../tests/conformance/{file}", env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(&path).unwrap();
    let (compared, diffs) = replay(&script);
    eprintln!("{file}: {compared} kubectl commands compared, {} differ", diffs.len());
    assert!(compared >= 20, "{file}: only {compared} commands");
    assert!(diffs.is_empty(), "{} of {compared} commands differ:\n\n{}", diffs.len(), diffs.join("\n"));
}

#[test]
fn the_lab_solved() {
    check("lab.sh");
}

#[test]
fn mistakes_and_errors() {
    check("mistakes.sh");
}

#[test]
fn more_of_what_learners_type() {
    check("more.sh");
}

#[test]
fn changing_things() {
    check("changes.sh");
}

/// `kubectl get -w` over HTTP: the first table, then a row for each change as it happens.
#[test]
fn sharing_kinds() {
    check("sharing.sh");
}

#[test]
fn visibility_api_through_get_raw() {
    check("visibility.sh");
}

#[test]
fn watch_streams_changes_to_real_kubectl() {
    let dir = std::env::temp_dir().join(format!("kueue-lab-conformance-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("work")).unwrap();
    let api = start_api(&dir);
    pseudo(&api, "printf 'apiVersion: v1\\nkind: Namespace\\nmetadata:\\n  name: team-a\\n' | kubectl apply -f -", false);
    let watcher = Command::new("kubectl")
        .args(["get", "jobs", "-n", "team-a", "-w", "--request-timeout=6s"])
        .env("KUBECONFIG", &api.kubeconfig)
        .env("HOME", &dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let job = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: watched\n  namespace: team-a\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: busybox\n        command: [\"sleep\", \"3600\"]\n";
    let created = pseudo(&api, &format!("cat <<'EOF' | kubectl apply -f -\n{job}EOF"), false);
    assert_eq!(created.0, "job.batch/watched created\n", "{created:?}");
    let out = watcher.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.first().copied(), Some("NAME      STATUS    COMPLETIONS   DURATION   AGE"), "{stdout}");
    assert!(lines.iter().skip(1).any(|l| l.starts_with("watched   ")), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn everyday_reads() {
    check("everyday.sh");
}
