//! Tessel's MLIR side: finds SCoPs in a function, extracts their model, runs the
//! polyhedral core and regenerates the code. The folders follow the data:
//! - [`ir`]: handles on MLIR; every FFI call of the crate is there;
//! - [`analysis`]: affine ops → model (detection, symbols, aliasing, reg2mem,
//!   statements, affine maps);
//! - [`codegen`]: AST → affine ops;
//! - [`pass`]: the driver that finds runs, calls the core and emits the remarks.
//!
//! The passes and their options are declared once, in `tessel_poly::options`.

pub mod analysis;
pub mod clay;
pub mod codegen;
pub mod ir;
pub mod pass;

pub use pass::run_pass;

/// The passes the plugin registers (declared in `tessel_poly::options`).
pub use tessel_poly::options::PassKind;
