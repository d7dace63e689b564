//! The client side of kubectl: how it prints what the API core returns. (The command itself,
//! its flags and verbs arrive with the pseudo-kubectl issue.)

pub mod table_printer;
pub mod tabwriter;
