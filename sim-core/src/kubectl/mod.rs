//! Pseudo-kubectl: the kubectl v1.32 the learner already knows, as a command of the mini shell over the simulated cluster.
//!
//! The imports run one way: `command` (the dispatcher) → the verbs (`get`, `describe`, `write`,
//! `modify`, `edit`, `info`, `kueuectl`) → the shared leaf modules (`out`, `flags`, `errors`,
//! `resource`, `apply`, `json`, `yaml`, `jsonpath`, `table_printer`, `tabwriter`, `watch`,
//! `follow`). No file imports `command`, no verb another verb (`tests/layering.rs` holds this).
//!
//! kubectl is a pure client: it reaches the world only through `api::client::Client` (REST
//! requests and the audit log) and `clock::World` (virtual time); it never names the cluster.

pub mod apply;
pub mod command;
pub mod describe;
pub mod edit;
pub mod errors;
pub mod flags;
pub mod follow;
pub mod get;
pub mod info;
pub mod json;
pub mod jsonpath;
pub mod kueuectl;
pub mod modify;
pub mod out;
pub mod resource;
pub mod sort_by;
pub mod table_printer;
pub mod tabwriter;
pub mod watch;
pub mod write;
pub mod yaml;

pub use command::Kubectl;
