//! Golden transcripts (KWOK-style input/output pairs): each `golden/shell/NAME.sh` is replayed on
//! a fresh shell and must print exactly `golden/shell/NAME.out` (a non-zero exit status shows as
//! `[exit N]`). `UPDATE_GOLDEN=1 cargo test` rewrites the .out files; review the diff by eye.

use sim_core::clock::Clock;
use sim_core::session::new_session;
use sim_core::shell::{Shell, ShellState};
use sim_core::transcript;
use std::path::Path;

/// Replays on the lab's simulated cluster, with kubectl. A line `# kueue-config: {JSON}` sets
/// Kueue's Configuration as a lab's `kueue:` would.
fn replay_on_cluster(script: &str) -> String {
    let (mut shell, mut cluster) = new_session(2026);
    if let Some(json) = script.lines().find_map(|l| l.strip_prefix("# kueue-config: ")) {
        cluster.kueue.config = serde_json::from_str(json).expect("a KueueConfig in JSON");
    }
    let entries = transcript::run(&mut shell, &mut cluster, script, 1000);
    transcript::render(&entries, true)
}

fn replay(script: &str) -> String {
    let mut clock = Clock::default();
    let mut state = ShellState::new(clock.now_unix());
    state.fs.mkdir_all("/root/gsb-kueue", clock.now_unix()).unwrap();
    let mut shell = Shell::new(state);
    let entries = transcript::run(&mut shell, &mut clock, script, 1000);
    transcript::render(&entries, true)
}

#[test]
fn shell_transcripts() {
    check_dir("tests/golden/shell", replay);
}

#[test]
fn kubectl_transcripts() {
    check_dir("tests/golden/kubectl", replay_on_cluster);
}

fn check_dir(rel: &str, replay: fn(&str) -> String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries.into_iter().filter(|p| p.extension().is_some_and(|e| e == "sh")) {
        count += 1;
        let script = std::fs::read_to_string(&path).unwrap();
        let actual = replay(&script);
        let out_path = path.with_extension("out");
        if update {
            std::fs::write(&out_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&out_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("--- {}\n=== expected\n{expected}\n=== actual\n{actual}", out_path.display()));
        }
    }
    assert!(count > 0, "no golden transcripts found in {}", dir.display());
    assert!(failures.is_empty(), "{} golden transcript(s) differ:\n{}", failures.len(), failures.join("\n"));
}
