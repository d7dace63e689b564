//! The learner's writes: the audit log lives in `api::audit`; this path is kept for the hosts.

pub use crate::api::audit::{LearnerWrite, TimedWrite};
