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
//! | `tuning` | the tuning database `tessel-optimize{tuning-db=FILE}` reads (SQLite, no MLIR) |
//! | `notes` | the words of what the core reports beside the code (`tessel_poly::notes`), and of what the tuning database gave |
//! | `clay` | the `transform.tessel.*` ops' side: a Clay session on a SCoP, its replay and its code |
//! | `pass` | the driver that runs a pass on each SCoP and turns what happened into remarks |
//!
//! (The plugin core's C ABI, `passes/plugin/core/src/abi.rs`, calls the top rows.)
//!
//! The passes and their options are declared once, in `tessel_poly::options`.

#![deny(unsafe_code)]

pub mod analysis;
pub mod clay;
pub mod codegen;
// The crate's only FFI: the one module exempt from the crate root's deny.
#[allow(unsafe_code)]
pub mod ir;
pub mod notes;
pub mod pass;
pub mod tuning;

pub use pass::run_pass;

/// The lowering of Tessel's output (affine, scf.parallel, memref) to the LLVM
/// dialect, as a pass pipeline (the inside of `builtin.module(...)`). Order matters:
/// `finalize-memref-to-llvm` runs before `convert-scf-to-cf`, because the
/// `memref.alloca_scope` that `convert-scf-to-openmp` creates must still hold one
/// block (TOOLCHAIN.md, "Lowering to something that runs").
pub const LOWERING: &str = "lower-affine,convert-scf-to-openmp,finalize-memref-to-llvm,\
                            convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts";

/// The passes the plugin registers (declared in `tessel_poly::options`).
pub use tessel_poly::options::PassKind;
