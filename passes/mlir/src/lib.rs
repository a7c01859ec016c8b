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
//! | `raise` | `scf.for`, `scf.if` and `memref` accesses with affine bounds, conditions and subscripts → `affine` (`tessel-raise-scf`, run before `tessel-optimize`) |
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
pub mod raise;
pub mod tuning;

pub use pass::run_pass;

/// The lowering of Tessel's output to the LLVM dialect, as a pass pipeline (the
/// inside of `builtin.module(...)`): the passes of `lowering.pipeline`, the one
/// place it is written (its comments say why the order matters), which
/// scripts/suite.py reads too.
pub fn lowering() -> String {
    include_str!("../lowering.pipeline")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(",")
}

/// The passes the plugin registers (declared in `tessel_poly::options`).
pub use tessel_poly::options::PassKind;

#[cfg(test)]
mod tests {
    #[test]
    fn the_lowering_is_the_files_passes_in_order() {
        let lowering = super::lowering();
        let passes: Vec<&str> = lowering.split(',').collect();
        assert_eq!(passes.first(), Some(&"lower-affine"));
        assert_eq!(passes.last(), Some(&"reconcile-unrealized-casts"));
        assert!(passes
            .iter()
            .all(|p| !p.is_empty() && !p.contains(char::is_whitespace)));
        // The one order that matters (lowering.pipeline says why).
        let at = |name: &str| passes.iter().position(|p| *p == name);
        assert!(at("finalize-memref-to-llvm").is_some());
        assert!(at("finalize-memref-to-llvm") < at("convert-scf-to-cf"));
        assert!(at("convert-scf-to-openmp").is_some());
    }
}
