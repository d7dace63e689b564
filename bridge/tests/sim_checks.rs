//! `kueue-lab sim --checks` as a course author or CI runs it: the reference solution passes
//! every step with exit 0; a wrong solution prints the failing step's explanation in the
//! language asked for and exits 1; bad flags and unknown labs are refused with exit 2.

use std::io::Write;
use std::process::{Command, Stdio};

fn sim(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kueue-lab"))
        .arg("sim")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap())
}

const LABS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../labs");

#[test]
fn the_reference_solution_passes_every_step() {
    let solution = std::fs::read_to_string(format!("{LABS}/kueue-gpu-quota/solution.sh")).unwrap();
    let (out, err, code) = sim(&["--checks"], &solution);
    assert_eq!(code, 0, "{out}{err}");
    let tail: Vec<&str> = out.lines().rev().take(8).collect::<Vec<_>>().into_iter().rev().collect();
    assert_eq!(
        tail,
        [
            "step 1 flavor: pass",
            "step 2 cluster-queue: pass",
            "step 3 local-queue: pass",
            "step 4 first-job: pass",
            "step 5 queueing: pass",
            "step 6 bypass: pass",
            "step 7 ledger: pass",
            "step 8 drain: pass"
        ]
    );
}

#[test]
fn an_answer_file_spoiled_after_its_step_passed_fails_again() {
    let solution = std::fs::read_to_string(format!("{LABS}/kueue-gpu-quota/solution.sh")).unwrap();
    let (out, err, code) = sim(&["--checks", "--lang", "en"], &format!("{solution}echo garbage > waiting.txt\n"));
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("step 5 queueing: fail — `/root/gsb-kueue/waiting.txt` does not hold what Workload"), "{out}");
    assert!(out.contains("step 8 drain: pass"), "{out}");
}

#[test]
fn a_wrong_solution_explains_in_the_language_asked_for() {
    let script = "cd /root/gsb-kueue\nprintf 'apiVersion: kueue.x-k8s.io/v1beta1\\nkind: ResourceFlavor\\nmetadata:\\n  name: fake-gpu\\n' > flavor.yaml\n";
    let (out, _, code) = sim(&["--checks", "--lang", "ko"], script);
    assert_eq!(code, 1);
    assert!(
        out.contains("step 1 flavor: fail — `/root/gsb-kueue/flavor.yaml` 의 apiVersion 이 \"kueue.x-k8s.io/v1beta1\" 입니다. 이 클러스터는 kueue.x-k8s.io/v1beta2 를 받습니다"),
        "{out}"
    );
    let (out, _, _) = sim(&["--checks", "--lang=en"], script);
    assert!(out.contains("step 1 flavor: fail — `/root/gsb-kueue/flavor.yaml` says apiVersion \"kueue.x-k8s.io/v1beta1\""), "{out}");
    assert!(out.contains("step 8 drain: fail — there is no Job `train-3` (namespace team-a) in the cluster"), "{out}");
}

#[test]
fn another_lab_by_id_and_by_folder() {
    let solution = std::fs::read_to_string(format!("{LABS}/exceeds-max-quota/solution.sh")).unwrap();
    for lab in ["exceeds-max-quota".to_string(), format!("{LABS}/exceeds-max-quota")] {
        let (out, err, code) = sim(&["--lab", &lab, "--checks"], &solution);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.ends_with("step 1 queues: pass\nstep 2 too-big: pass\nstep 3 raise-quota: pass\n"), "{out}");
    }
}

#[test]
fn bad_arguments_are_refused() {
    let (_, err, code) = sim(&["--lab", "no-such-lab"], "");
    assert_eq!(code, 2);
    // Every bundled lab is offered, in name order.
    let mut ids = sim_core::lab::Lab::bundled_ids();
    ids.sort();
    assert!(err.contains(&format!("no lab \"no-such-lab\" (labs: {}", ids.join(", "))), "{err}");
    let (_, err, code) = sim(&["--lang", "fr"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--lang must be ko or en"), "{err}");
    let (_, err, code) = sim(&["--bogus"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown flag --bogus"), "{err}");
}

#[test]
fn a_lab_made_by_the_simulator_is_not_served_for_a_real_cluster() {
    let dir = std::env::temp_dir().join(format!("kueue-lab-simonly-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let token = dir.join("token");
    std::fs::write(&token, "0123456789abcdef0123456789abcdef\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kueue-lab"))
        .args(["serve", "--listen", "127.0.0.1:0", "--allow-origin", "http://lab.example", "--token-file"])
        .arg(&token)
        .args(["--lab", "scale"])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("lab scale runs only in the simulator"), "{err}");
    assert!(err.contains("시뮬레이터에서만"), "{err}");
}
