//! Dependence analysis (seed 001 §2): exact value-based dependences, and the
//! relations of live-range reordering.

pub(crate) mod dataflow;
pub mod dependences;
pub(crate) mod live_ranges;
pub(crate) mod privatization;
