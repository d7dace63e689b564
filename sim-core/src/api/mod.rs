//! The miniature kube-apiserver: the registry of kinds, quantities, and (growing) the store,
//! verbs, admission and server-side tables. Every client goes through this one core.

pub mod admission;
pub mod audit;
#[rustfmt::skip] // generated (tests/builtin_types.rs)
pub mod builtin_types;
pub mod client;
pub mod duration;
pub mod go_json;
pub mod go_time;
pub mod kueue_types;
pub mod lease;
pub mod object;
pub mod patch;
pub mod pod_resources;
pub mod quantity;
pub mod recorded_event;
pub mod registry;
pub mod rest;
pub mod schema;
pub mod selector;
pub mod server;
pub mod status;
pub mod store;
pub mod table;
pub mod validation;
