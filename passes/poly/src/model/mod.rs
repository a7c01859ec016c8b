//! The polyhedral model of one SCoP: [`scop`] is the exchange format (isl text), the
//! rest parses and prints it at the core's edges.

pub(crate) mod describe;
pub(crate) mod isl_text;
pub mod key;
pub(crate) mod load;
pub mod scop;
