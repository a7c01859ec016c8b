//! The schedule tree to a plain loop AST.

pub(crate) mod astgen;
pub(crate) mod register_block;
