//! sim-core: the simulated cluster and everything a learner talks to, as pure, deterministic Rust.
//!
//! No I/O, no wall clock, no randomness but seeded: hosts (the browser app, the `kueue-lab`
//! binary, tests) feed input and advance the [`clock::Clock`]. The modules are layered — leaves
//! (`clock`, `rand`, `vfs`, `yaml`, `hash`, `jq`) → `api` → `cluster` → `lab` / `shell` / `kubectl` →
//! `transcript`, `session` → `replay` — and import only downward (ARCHITECTURE.md, "Layers";
//! `tests/layering.rs`).

pub mod api;
pub mod bench;
pub mod clock;
pub mod cluster;
pub mod hash;
pub mod jq;
pub mod json;
pub mod korean;
pub mod kubectl;
pub mod lab;
pub mod rand;
pub mod replay;
pub mod session;
pub mod shell;
pub mod sort;
pub mod transcript;
pub mod vfs;
pub mod yaml;
