//! The simulator's shell held against real bash: `tests/bash-compat/compare.sh` runs every
//! `tests/bash-compat/cases/*.sh` under `/bin/bash` (interactive, in a temporary HOME) and under
//! `kueue-lab sim`, and diffs the transcripts. Lines there touch no kubectl.

use std::path::Path;
use std::process::Command;

#[test]
fn shell_lines_print_what_bash_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let out = Command::new("bash")
        .arg(root.join("tests/bash-compat/compare.sh"))
        .arg(env!("CARGO_BIN_EXE_kueue-lab"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the simulator differs from bash:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
}
