//! Made at build time by the same sim-core the page runs, so the page does not do it on every
//! start: every bundled lab's fresh cluster, booted (a boot snapshot,
//! `sim_core::session::boot_snapshot`; `sim-core/tests/labs.rs` holds that a session started
//! from a snapshot is the session booted live), and every bundled lab's `lab.yaml` parsed, kept
//! as JSON, which the page reads several times faster than YAML (`Lab::from_parsed`). Rebuilt
//! whenever sim-core or a lab changes, since sim-core is this script's dependency.

use std::fmt::Write;

/// The simulator's seed (`app::app::lab_shell::SEED`): every learner starts from the same cluster.
const SEED: u64 = 2026;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut table =
        String::from("/// (lab id, its boot snapshot) for every bundled lab that has one.\npub const SNAPSHOTS: &[(&str, &str)] = &[\n");
    let mut parsed =
        String::from("/// (lab id, its lab.yaml parsed, as JSON: `Lab::from_parsed`).\npub const PARSED: &[(&str, &str)] = &[\n");
    for id in sim_core::lab::Lab::bundled_ids() {
        let lab = sim_core::lab::Lab::bundled(id).expect("listed").unwrap_or_else(|e| panic!("{e}"));
        let file = format!("{out}/lab-{id}.json");
        std::fs::write(&file, serde_json::to_string(&lab).expect("a lab serialises")).unwrap_or_else(|e| panic!("{file}: {e}"));
        writeln!(parsed, "    ({id:?}, include_str!({file:?})),").expect("writing to a String");
        let Some(snapshot) = sim_core::session::boot_snapshot(&lab, SEED) else { continue };
        let file = format!("{out}/snapshot-{id}.json");
        std::fs::write(&file, snapshot).unwrap_or_else(|e| panic!("{file}: {e}"));
        writeln!(table, "    ({id:?}, include_str!({file:?})),").expect("writing to a String");
    }
    table.push_str("];\n");
    parsed.push_str("];\n");
    table.push_str(&parsed);
    std::fs::write(format!("{out}/snapshots.rs"), table).expect("write snapshots.rs");
}
