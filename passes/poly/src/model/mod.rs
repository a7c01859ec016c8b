//! What the core exchanges with its callers: the polyhedral model of one SCoP
//! ([`scop`], in isl text; the rest parses and prints it at the core's edges), and the
//! plain loop AST it hands back ([`ast`]), which the verifier checks and codegen
//! builds.

pub mod ast;
pub(crate) mod describe;
pub(crate) mod isl_text;
pub mod key;
pub(crate) mod load;
pub mod notes;
pub mod scop;
