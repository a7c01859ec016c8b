//! The schedule tree to a plain loop AST.

pub(crate) mod astgen;
