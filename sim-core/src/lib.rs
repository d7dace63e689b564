//! sim-core: the simulated cluster and everything a learner talks to, as pure, deterministic Rust.
//! No I/O, no wall clock, no randomness but seeded: hosts (the browser app, the `kueue-lab`
//! binary, tests) feed input and advance the [`clock::Clock`]. See ARCHITECTURE.md.

pub mod api;
pub mod clock;
pub mod cluster;
pub mod jq;
pub mod kubectl;
pub mod lab;
pub mod rand;
pub mod replay;
pub mod session;
pub mod shell;
pub mod transcript;
pub mod vfs;
pub mod yaml;
