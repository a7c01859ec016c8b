//! IR that no host owns: the `affine` functions the clang front end builds from LLVM
//! IR (passes/plugin/core/src/llvm/), in an MLIR context of this thread's own, run through
//! a pass pipeline and translated into clang's LLVM context.
//!
//! One context per thread, made on first use and kept for the process: clang runs
//! the plugin on one thread, and making a context with every dialect loaded costs
//! more than most SCoPs' scheduling. It never runs passes on threads of its own
//! (one SCoP at a time, as the MLIR path compiles a function).

use std::cell::RefCell;
use std::ffi::c_void;
use std::rc::Rc;
use std::sync::Once;

use melior::diagnostic::DiagnosticSeverity;
use melior::dialect::DialectRegistry;
use melior::ir::{BlockLike, BlockRef, Module};
use melior::pass::PassManager;
use melior::utility::{parse_pass_pipeline, register_all_dialects, register_all_llvm_translations};

use super::{Blk, Context, Location};

thread_local! {
    static CONTEXT: &'static melior::Context = new_context();
}

fn new_context() -> &'static melior::Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = melior::Context::new_with_registry(&registry, false);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    // Kept for the process (module note).
    Box::leak(Box::new(context))
}

fn context() -> &'static melior::Context {
    CONTEXT.with(|c| *c)
}

/// Registers every upstream pass and, once, Tessel's own (`tessel_passes`, the
/// plugin's C++ registration), so that pipelines can name them.
pub fn register_passes(tessel_passes: impl FnOnce()) {
    static TESSEL: Once = Once::new();
    melior::utility::register_all_passes();
    TESSEL.call_once(tessel_passes);
}

/// What a pass pipeline said: its remarks, in order, and its first error.
#[derive(Default, Debug)]
pub struct PipelineOutcome {
    pub remarks: Vec<String>,
    pub error: Option<String>,
}

/// A `builtin.module` of the thread's context.
pub struct StandaloneModule {
    module: Module<'static>,
}

impl Default for StandaloneModule {
    fn default() -> Self {
        StandaloneModule::new()
    }
}

impl StandaloneModule {
    pub fn new() -> StandaloneModule {
        let ctx = context();
        StandaloneModule {
            module: Module::new(melior::ir::Location::unknown(ctx)),
        }
    }
    pub fn context(&self) -> Context {
        Context(context().to_raw())
    }
    pub fn location(&self) -> Location {
        Location::unknown(self.context())
    }
    /// The module's body, to append functions to.
    pub fn body(&self) -> Blk {
        // SAFETY: the body of a module that lives as long as the thread's context
        // keeps it: handles on it are used while `self` is.
        Blk::wrap(unsafe { BlockRef::from_raw(self.module.body().to_raw()) })
    }

    /// Runs `pipeline` (the inside of `builtin.module(...)`) on the module.
    pub fn run(&mut self, pipeline: &str) -> PipelineOutcome {
        let ctx = context();
        let outcome = Rc::new(RefCell::new(PipelineOutcome::default()));
        let sink = Rc::clone(&outcome);
        let handler = ctx.attach_diagnostic_handler(move |d| {
            let mut o = sink.borrow_mut();
            if matches!(d.severity(), DiagnosticSeverity::Error) {
                if o.error.is_none() {
                    o.error = Some(d.to_string());
                }
            } else {
                o.remarks.push(d.to_string());
            }
            true
        });
        let manager = PassManager::new(ctx);
        let text = format!("builtin.module({pipeline})");
        match parse_pass_pipeline(manager.as_operation_pass_manager(), &text) {
            Err(e) => {
                let e = parser_message(e);
                outcome.borrow_mut().error = Some(format!("bad pipeline ({pipeline}): {e}"));
            }
            Ok(()) => {
                if manager.run(&mut self.module).is_err() {
                    let mut o = outcome.borrow_mut();
                    if o.error.is_none() {
                        o.error = Some("the pass pipeline failed".to_string());
                    }
                }
            }
        }
        ctx.detach_diagnostic_handler(handler);
        Rc::try_unwrap(outcome)
            .map(RefCell::into_inner)
            .unwrap_or_default()
    }

    /// The module translated to LLVM IR in `llvm_context` (an `LLVMContextRef`): an
    /// `LLVMModuleRef` the caller owns, or None when the translation fails.
    pub fn translate_to_llvm(&self, llvm_context: *mut c_void) -> Option<*mut c_void> {
        // SAFETY: a live module of the thread's context; `llvm_context` is the
        // caller's live LLVM context, in which the new module is made.
        let raw = unsafe {
            mlir_sys::mlirTranslateModuleToLLVMIR(
                self.module.as_operation().to_raw(),
                llvm_context as mlir_sys::LLVMContextRef,
            )
        };
        (!raw.is_null()).then_some(raw as *mut c_void)
    }

    /// Whether the module verifies (quietly: a failure is the caller's to report).
    pub fn verifies(&self) -> bool {
        super::verifies(super::Op::from_module(&self.module))
    }

    pub fn print(&self) -> String {
        self.module.as_operation().to_string()
    }
}

/// The pass pipeline parser's own words (melior's error adds a heading).
fn parser_message(e: melior::Error) -> String {
    match e {
        melior::Error::ParsePassPipeline(message) => message,
        other => other.to_string(),
    }
}
