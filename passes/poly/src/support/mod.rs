//! Helpers shared by every step: the isl context, error handling and the raw isl
//! calls isl-rs lacks (`isl.rs`, the only module that calls C), and small operations
//! on schedule trees and relations.

pub mod host;
// The crate's only FFI: the one module exempt from the crate root's deny.
#[allow(unsafe_code)]
pub mod isl;
pub(crate) mod schedule_tree;
