//! Pseudo-kubectl: the kubectl the learner already knows, as a command of the mini shell over the
//! simulated cluster, printing what kubectl v1.32 prints.

pub mod command;
pub mod describe;
pub mod describe_node;
pub mod edit;
pub mod flags;
pub mod follow;
pub mod get;
pub mod info;
pub mod jsonpath;
pub mod kueuectl;
pub mod modify;
pub mod table_printer;
pub mod tabwriter;
pub mod watch;
pub mod write;
pub mod yaml;

pub use command::Kubectl;
