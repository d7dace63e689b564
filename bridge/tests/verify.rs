//! `kueue-lab verify` (kube-rs over HTTP) against `kueue-lab api`: after the reference solution
//! every step passes; after each replayed case the verdicts and explanations are exactly what the
//! lab engine gives the same end state in-process, and every failure the case expects is there.

use sim_core::lab::cases::{case_names, case_script, expectations, Expect};
use sim_core::lab::progress::{judge, report_lines};
use sim_core::lab::view::SimView;
use sim_core::lab::{Lab, Lang};
use sim_core::session::lab_session;
use sim_core::transcript::{self, split_inputs};
use std::process::Command;

mod common;

const SEED: u64 = 2026;

/// Plays `script` into the served cluster, copies the workdir to a directory, runs verify.
fn verify_after(lab: &Lab, script: &str, tag: &str) -> (Vec<String>, i32) {
    let dir = std::env::temp_dir().join(format!("kueue-lab-verify-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let kubeconfig = dir.join("kubeconfig");
    let kc = kubeconfig.to_str().unwrap();
    let api = common::spawn(&["api", "--listen", "127.0.0.1:0", "--speed", "0", "--control", "--lab", &lab.id, "--kubeconfig-out", kc]);
    for input in split_inputs(script) {
        common::control(&api.addr, &input, false);
    }
    let files = common::get_json(&api.addr, &format!("/kueue-lab/v1/files?dir={}", lab.workdir));
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
    let kc = common::unreachable_kubeconfig(&dir);
    let out =
        Command::new(env!("CARGO_BIN_EXE_kueue-lab")).args(["verify", "--dir"]).arg(&dir).arg("--kubeconfig").arg(&kc).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("kueue-lab verify: cannot read the cluster (클러스터를 읽을 수 없습니다): "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
