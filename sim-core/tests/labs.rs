//! Every bundled lab, replayed: its reference solution passes every step — judged after each
//! command with stickiness, as the browser does, and judged once at the end without memory, as
//! the bridge judges a real cluster — and each of its `cases/` gives the verdicts and
//! explanations it expects. A new lab folder is covered without touching this file.

use sim_core::lab::cases::{case_names, case_script, expectations};
use sim_core::lab::progress::{judge, report_lines};
use sim_core::lab::view::SimView;
use sim_core::lab::{Lab, Lang};
use sim_core::replay::{replay, verify_expectations};
use sim_core::session::lab_session;
use sim_core::transcript;

const SEED: u64 = 2026;
const STEP_MS: u64 = 1000;

fn labs() -> Vec<Lab> {
    let ids = Lab::bundled_ids();
    assert!(ids.len() >= 2, "expected the Kueue GPU lab and a second lab, got {ids:?}");
    ids.into_iter().map(|id| Lab::bundled(id).unwrap().unwrap_or_else(|e| panic!("{e}"))).collect()
}

/// The browser loads each bundled lab from its parsed form as JSON (`app/build.rs`): that form
/// reads back to the very lab the YAML gives.
#[test]
fn every_lab_reads_back_from_its_parsed_form() {
    for lab in labs() {
        let files = Lab::bundled_files(&lab.id).unwrap();
        let parsed = serde_json::to_string(&lab).unwrap();
        assert_eq!(Lab::from_parsed(&parsed, &files).unwrap_or_else(|e| panic!("{}: {e}", lab.id)), lab, "{}", lab.id);
    }
}

#[test]
fn every_reference_solution_passes_every_step() {
    for lab in labs() {
        assert!(!lab.solution.trim().is_empty(), "{} has no solution.sh", lab.id);
        let run = replay(&lab, &lab.solution, SEED, STEP_MS);
        assert!(run.evaluation.all_pass(), "{}:\n{}", lab.id, report_lines(&run.evaluation.steps, Lang::En).join("\n"));
        assert!(run.evaluation.steps.iter().all(|s| !s.kept), "{}: a step passed only by stickiness", lab.id);
        let order: Vec<&str> = lab.steps.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(run.completed_order, order, "{}: steps should complete in order", lab.id);
    }
}

#[test]
fn every_reference_solution_is_judgeable_from_the_end_state() {
    for lab in labs() {
        let (mut sh, mut cluster) = lab_session(&lab, SEED);
        transcript::run(&mut sh, &mut cluster, &lab.solution, STEP_MS);
        let steps = judge(&lab, &SimView { api: &cluster.api, fs: &sh.state.fs });
        assert!(steps.iter().all(|s| s.pass), "{}:\n{}", lab.id, report_lines(&steps, Lang::En).join("\n"));
    }
}

#[test]
fn every_case_gives_the_expected_verdicts() {
    let mut failures = Vec::new();
    let mut count = 0;
    for lab in labs() {
        for name in case_names(&lab) {
            count += 1;
            let script = case_script(&lab, name).unwrap();
            let expects = expectations(&script).unwrap_or_else(|e| panic!("{}/{name}: {e}", lab.id));
            let run = replay(&lab, &script, SEED, STEP_MS);
            if let Err(e) = verify_expectations(&lab, &run, &expects) {
                failures.push(format!("{}/cases/{name}: {e}\n{}", lab.id, report_lines(&run.evaluation.steps, Lang::En).join("\n")));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(count >= 15, "only {count} cases");
}

#[test]
fn failing_steps_explain_in_both_languages() {
    for lab in labs() {
        let run = replay(&lab, "", SEED, STEP_MS);
        for s in &run.evaluation.steps {
            assert!(!s.pass, "{}: {} passes on an untouched cluster", lab.id, s.id);
            let (ko, en) = (s.explanation(Lang::Ko).unwrap(), s.explanation(Lang::En).unwrap());
            assert!(!ko.is_empty() && !en.is_empty() && ko != en, "{}: {}: {ko:?} / {en:?}", lab.id, s.id);
        }
    }
}

#[test]
fn a_lab_with_mistakes_is_refused_when_it_loads() {
    let mut files = Lab::bundled_files("kueue-gpu-quota").unwrap();
    let good = files["lab.yaml"].clone();
    for (bad, want) in [
        (good.replace("kind: ResourceFlavor", "kind: ResourceFlavour"), "not a kind the simulator serves"),
        (good.replace("check: file_object", "check: file_objekt"), "unknown variant"),
        (good.replace("path: spec.clusterQueue", "path: spec..clusterQueue"), "empty segment"),
        (good.replace("workdir: /root/gsb-kueue", "workdir: gsb"), "absolute"),
        ("id: x\n".to_string(), "missing field"),
    ] {
        files.insert("lab.yaml".to_string(), bad);
        let err = Lab::from_files(&files).unwrap_err();
        assert!(err.contains(want), "{err}");
    }
}

mod no_panic {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
        /// Whatever a learner writes into the answer files, judging the lab never panics and
        /// every failing step still explains itself.
        #[test]
        fn any_answer_file_content_is_judged(content in prop_oneof![
            ".*",
            "[a-z_]{1,12}=[a-z0-9-]{0,12}\n[a-z_]{1,12}=.*",
            r#"\{"admitted": -?[0-9]{1,3}(\.[0-9])?, "pending": (null|"x"|\[\]|\{\}), "gpu_reserved": "[0-9a-zA-Z]*"\}"#,
            "apiVersion: [a-z./0-9]{0,20}\nkind: (Job|ClusterQueue|ResourceFlavor|LocalQueue)\nmetadata:\n  name: [a-z-]{0,10}\n(spec: .*)?",
            "---\n.*\n---\n- \\[.*",
        ]) {
            let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
            let (mut sh, cluster) = lab_session(&lab, SEED);
            for f in ["flavor.yaml", "cq.yaml", "lq.yaml", "job-1.yaml", "waiting.txt", "bypass.txt", "usage.json"] {
                let _ = sh.state.fs.write(&lab.file_path(f), &content, 0);
            }
            for s in judge(&lab, &SimView { api: &cluster.api, fs: &sh.state.fs }) {
                prop_assert!(s.pass || s.explanation(Lang::En).is_some_and(|e| !e.is_empty()));
            }
        }
    }
}

/// A lab started from its boot snapshot (what the browser's build makes) is the lab booted live:
/// the same cluster, and the reference solution prints the same transcript and ends in the same
/// state on both.
#[test]
fn a_boot_snapshot_starts_the_same_session_as_booting() {
    let mut snapshotted = 0;
    for lab in labs() {
        let Some(snapshot) = sim_core::session::boot_snapshot(&lab, SEED) else { continue };
        snapshotted += 1;
        let mut booted = sim_core::session::Session::new(lab.clone(), SEED);
        let mut restored = sim_core::session::Session::from_snapshot(lab.clone(), &snapshot).unwrap_or_else(|e| panic!("{}: {e}", lab.id));
        let json = |s: &sim_core::session::Session| serde_json::to_string(&s.cluster).unwrap();
        assert_eq!(json(&booted), json(&restored), "{}: the restored cluster differs", lab.id);
        assert_eq!(booted.shell.state.fs.files_under("/"), restored.shell.state.fs.files_under("/"), "{}", lab.id);
        let a = transcript::render(&booted.run_script(&lab.solution, STEP_MS, |_| {}), true);
        let b = transcript::render(&restored.run_script(&lab.solution, STEP_MS, |_| {}), true);
        assert_eq!(a, b, "{}: the solution's transcript differs", lab.id);
        assert_eq!(json(&booted), json(&restored), "{}: the end states differ", lab.id);
        assert_eq!(booted.steps(), restored.steps(), "{}", lab.id);
    }
    assert!(snapshotted >= 2, "the Kueue GPU lab and the small labs have snapshots");
}
