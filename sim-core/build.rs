//! Bundles every lab under `../labs/<id>/` into the crate, so the browser and `kueue-lab` carry
//! them without reading files at run time. A course author adds a lab by adding a folder: the
//! next build picks it up with no Rust change. The browser's build (wasm32) leaves out what the
//! page never reads: a lab's `cases/` (scripts replayed by the tests, `Lab::cases`) and its
//! `lab.yaml`, which the page gets already parsed (`app/build.rs`, `Lab::from_parsed`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    // Read when the script runs, not when it was compiled: cargo reuses a compiled build script
    // for the same sources in another checkout sharing the target folder, where `env!` would
    // still name the first checkout (once removed, the bundle came out empty).
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR for build scripts");
    let labs = Path::new(&manifest_dir).join("../labs");
    println!("cargo:rerun-if-changed={}", labs.display());
    let mut out =
        String::from("/// (lab id, [(path inside the lab folder, content)])\npub static BUNDLED: &[(&str, &[(&str, &str)])] = &[\n");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&labs)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.join("lab.yaml").is_file()).collect())
        .unwrap_or_default();
    assert!(!dirs.is_empty(), "no lab (a folder with a lab.yaml) under {}", labs.display());
    dirs.sort();
    for dir in dirs {
        let id = dir.file_name().unwrap().to_string_lossy().to_string();
        let mut files = Vec::new();
        collect(&dir, &dir, &mut files);
        if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
            files.retain(|(rel, _)| !rel.starts_with("cases/") && rel != "lab.yaml");
        }
        files.sort();
        writeln!(out, "    ({id:?}, &[").unwrap();
        for (rel, abs) in files {
            println!("cargo:rerun-if-changed={}", abs.display());
            writeln!(out, "        ({rel:?}, include_str!({:?})),", abs.canonicalize().unwrap().display().to_string()).unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("bundled_labs.rs");
    std::fs::write(dest, out).unwrap();
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.filter_map(|e| e.ok()) {
        let p = e.path();
        println!("cargo:rerun-if-changed={}", p.display());
        if p.is_dir() {
            collect(root, &p, out);
        } else if !e.file_name().to_string_lossy().starts_with('.') {
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, p));
        }
    }
}
