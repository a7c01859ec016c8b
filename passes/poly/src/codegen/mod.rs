//! The schedule tree to a plain loop AST.

pub mod ast;
pub(crate) mod astgen;
pub mod gpu;
pub(crate) mod register_block;
