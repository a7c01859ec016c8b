//! The core, in-process, for the clang front end: the `affine` function goes through
//! the same `tessel-optimize` and the same lowering as on the MLIR path
//! ([`tessel_mlir::lowering`]), and comes back as an LLVM module in clang's context.
//! One core, one codegen.

use tessel_mlir::ir::standalone::{self, StandaloneModule};

use inkwell::values::FunctionValue;

use tessel_llvm::ffi::GeneratedModule;

use crate::ffi::{register_tessel_passes, translate};

/// What the core made of one `affine` function.
pub struct CoreResult {
    /// None on failure.
    pub module: Option<GeneratedModule>,
    /// Why, when `module` is None.
    pub error: String,
    /// tessel-optimize's remarks, in order.
    pub remarks: Vec<String>,
}

/// The pipeline: `tessel-optimize{options}` on each function, then the lowering.
fn pipeline(options: &str) -> String {
    format!(
        "func.func(tessel-optimize{{{options}}}),{}",
        tessel_mlir::lowering()
    )
}

/// Runs the pipeline on `module` and translates the result into the context of
/// `host`.
pub fn run_core(
    mut module: StandaloneModule,
    options: &str,
    host: FunctionValue<'_>,
) -> CoreResult {
    standalone::register_passes(register_tessel_passes);
    let mut result = CoreResult {
        module: None,
        error: String::new(),
        remarks: vec![],
    };
    let dump = std::env::var_os("TESSEL_DUMP_MLIR").is_some();
    if !module.verifies() {
        if dump {
            eprintln!(
                "// tessel: the nest's affine form does not verify\n{}",
                module.print()
            );
        }
        result.error = "the affine form of the nest does not verify".to_string();
        return result;
    }
    let before = if dump { module.print() } else { String::new() };
    let pipeline = pipeline(options);
    let outcome = module.run(&pipeline);
    result.remarks = outcome.remarks;
    if let Some(error) = outcome.error {
        result.error = error;
        return result;
    }
    if dump {
        // A developer's switch (TESSEL_DUMP_MLIR): the nest before and after.
        eprintln!(
            "// tessel: the nest's affine form\n{before}\n// tessel: after {pipeline}\n{}",
            module.print()
        );
    }
    result.module = translate(&module, host);
    if result.module.is_none() {
        result.error = "the translation to LLVM IR failed".to_string();
    }
    result
}
