//! Clay (seed 003): classical loop transformations as edits of a union of
//! scheduling relations in 2d+1 (β/α) form, checked structurally as they are applied
//! and against the exact dependences once, at the end.
//!
//! - [`schedule`]: the representation (plain data) and the β normal form;
//! - [`directive`]: the primitives of Fig. 8, in the paper's script syntax;
//! - [`apply`]: each primitive's effect and preconditions;
//! - [`chlore`]: the script that takes one schedule to another (§6);
//! - [`from_tree`]: a schedule tree (the optimizer's) as a Clay schedule;
//! - [`relations`]: to and from isl (the original schedule, global validity, the
//!   schedule handed to verification and code generation).

pub mod apply;
pub mod chlore;
pub mod directive;
pub mod from_tree;
pub mod relations;
pub mod schedule;

pub use directive::Directive;
pub use schedule::{ClaySchedule, Constraint, Relation};
