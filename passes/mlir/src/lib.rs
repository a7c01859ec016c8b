//! Tessel's MLIR side: finds SCoPs in a function, extracts their model, runs the
//! polyhedral core and regenerates the code. The folders follow the data. Each row
//! of this table is a layer; a module imports only from its own row and the rows
//! above it, and sibling files never import each other in a circle
//! (`tests/layers.rs` checks both):
//!
//! | modules | what |
//! |---|---|
//! | `ir` | handles on MLIR; every FFI call of the crate is there |
//! | `analysis` | affine ops → model: the SCoPs of a function (detection, symbols, aliasing, reg2mem, statements, affine maps) |
//! | `codegen` | AST → affine ops, and the new code in place of the old |
//! | `notes` | the words of what the core reports beside the code (`tessel_poly::notes`) |
//! | `clay` | the `transform.tessel.*` ops' side: a Clay session on a SCoP, its replay and its code |
//! | `pass` | the driver that runs a pass on each SCoP and turns what happened into remarks |
//!
//! (`ir::plugin_abi`, the plugin's C ABI, calls the top rows; it moves to the plugin
//! crate, and the check leaves it out until then.)
//!
//! The passes and their options are declared once, in `tessel_poly::options`.

#![deny(unsafe_code)]

pub mod analysis;
pub mod clay;
pub mod codegen;
// The crate's only FFI (and the plugin's C ABI): the one module exempt from the
// crate root's deny.
#[allow(unsafe_code)]
pub mod ir;
pub mod notes;
pub mod pass;

pub use pass::run_pass;

/// The passes the plugin registers (declared in `tessel_poly::options`).
pub use tessel_poly::options::PassKind;
