//! `kueue-lab verify` (kube-rs over HTTP) against `kueue-lab api`: after the reference solution
//! every step passes; after each replayed case the verdicts and explanations are exactly what the
//! lab engine gives the same end state in-process, and every failure the case expects is there.

use serde_json::Value;
use sim_core::lab::progress::{judge, report_lines};
use sim_core::lab::replay::{case_names, case_script, expectations, Expect};
use sim_core::lab::view::SimView;
use sim_core::lab::{Lab, Lang};
use sim_core::session::lab_session;
use sim_core::transcript::{self, split_inputs};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

const SEED: u64 = 2026;

struct Api {
    child: Child,
    addr: String,
}

impl Drop for Api {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_api(lab: &str, kubeconfig: &Path) -> Api {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kueue-lab"))
        .args(["api", "--listen", "127.0.0.1:0", "--speed", "0", "--control", "--lab", lab, "--kubeconfig-out"])
        .arg(kubeconfig)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    Api { child, addr: line.trim().strip_prefix("listening on http://").unwrap().to_string() }
}

fn http(api: &Api, method: &str, path: &str, body: &str) -> Value {
    let mut s = TcpStream::connect(&api.addr).unwrap();
    write!(s, "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", api.addr, body.len())
        .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    serde_json::from_str(raw.split_once("\r\n\r\n").unwrap().1).unwrap()
}

/// Plays `script` into the served cluster, copies the workdir to a directory, runs verify.
fn verify_after(lab: &Lab, script: &str, tag: &str) -> (Vec<String>, i32) {
    let dir = std::env::temp_dir().join(format!("kueue-lab-verify-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let kubeconfig = dir.join("kubeconfig");
    let api = start_api(&lab.id, &kubeconfig);
    for input in split_inputs(script) {
        http(&api, "POST", "/kueue-lab/v1/run", &input);
    }
    let files = http(&api, "GET", &format!("/kueue-lab/v1/files?dir={}", lab.workdir), "");
    for (path, content) in files.as_object().unwrap() {
        let rel = path.strip_prefix(&format!("{}/", lab.workdir)).unwrap();
        let target = work.join(rel);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::write(target, content.as_str().unwrap()).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_kueue-lab"))
        .args(["verify", "--lab", &lab.id, "--lang", "en", "--dir"])
        .arg(&work)
        .arg("--kubeconfig")
        .arg(&kubeconfig)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let lines = String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect();
    (lines, out.status.code().unwrap_or(-1))
}

/// What the lab engine says in-process about the same script's end state.
fn judged_in_process(lab: &Lab, script: &str) -> Vec<String> {
    let (mut sh, mut cluster) = lab_session(lab, SEED);
    transcript::run(&mut sh, &mut cluster, script, 0);
    report_lines(&judge(lab, &SimView { api: &cluster.api, fs: &sh.state.fs }), Lang::En)
}

fn labs() -> Vec<Lab> {
    Lab::bundled_ids().into_iter().map(|id| Lab::bundled(id).unwrap().unwrap()).collect()
}

#[test]
fn the_reference_solution_verifies() {
    for lab in labs() {
        let (lines, code) = verify_after(&lab, &lab.solution, "solution");
        assert_eq!(code, 0, "{}:\n{}", lab.id, lines.join("\n"));
        assert_eq!(lines.len(), lab.steps.len());
        assert!(lines.iter().all(|l| l.ends_with(": pass")), "{lines:?}");
    }
}

#[test]
fn every_case_verifies_as_the_engine_judges_it() {
    let mut failures = Vec::new();
    for lab in labs() {
        for name in case_names(&lab) {
            let script = case_script(&lab, name).unwrap();
            let (lines, code) = verify_after(&lab, &script, &name.replace('.', "-"));
            let want = judged_in_process(&lab, &script);
            if lines != want {
                failures.push(format!("{}/{name}: verify said\n{}\nthe engine says\n{}", lab.id, lines.join("\n"), want.join("\n")));
                continue;
            }
            let all_pass = lines.iter().all(|l| l.ends_with(": pass"));
            if (code == 0) != all_pass {
                failures.push(format!("{}/{name}: exit {code} but all_pass={all_pass}", lab.id));
            }
            for e in expectations(&script).unwrap() {
                if let Expect::Fail { step, explanation_contains, lang: Lang::En } = e {
                    let line = lines.iter().find(|l| l.split(':').next().is_some_and(|h| h.ends_with(&format!(" {step}"))));
                    let ok = line
                        .is_some_and(|l| l.contains(": fail — ") && explanation_contains.as_ref().is_none_or(|t| l.contains(t.as_str())));
                    if !ok {
                        failures.push(format!(
                            "{}/{name}: expected {step} to fail with {explanation_contains:?}, verify said {line:?}",
                            lab.id
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn an_unreachable_cluster_is_said_plainly() {
    let dir = std::env::temp_dir().join(format!("kueue-lab-verify-unreachable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    std::fs::write(&kc, format!("apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: http://127.0.0.1:{port}\n  name: c\ncontexts:\n- context:\n    cluster: c\n    user: u\n  name: c\ncurrent-context: c\nusers:\n- name: u\n  user: {{}}\n")).unwrap();
    let out =
        Command::new(env!("CARGO_BIN_EXE_kueue-lab")).args(["verify", "--dir"]).arg(&dir).arg("--kubeconfig").arg(&kc).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("kueue-lab verify: cannot read the cluster (클러스터를 읽을 수 없습니다): "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
