//! Codegen: the loop AST from `tessel_poly` → `affine.for` / `affine.parallel` /
//! `affine.if`, with every statement's ops cloned and its IVs remapped.
//!
//! - [`emit`]: the ops, placed right after the SCoP's last op, one file per kind of
//!   op; its folders `registers/` (register blocks) and `gpu/` (`target=gpu`: launches
//!   and shared memory) are those features' MLIR side, `jam.rs` unroll-and-jam's;
//! - [`maps`]: AST expressions → affine maps and integer sets.
//!
//! All bound and subscript maps take every iterator and parameter as a *dim* operand:
//! that keeps the maps valid wherever the values came from, and `lower-affine` does
//! not care.

mod emit;
mod maps;

pub use emit::generate;

use crate::analysis::detect::GENERATED_ATTR;
use crate::analysis::{is_run_unit, ExtractedScop};
use crate::ir::{self, Attr, Owned, Val};

/// Why codegen could not build the new code (after `codegen: ` in the remark).
#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    #[error("codegen: empty SCoP")]
    EmptyScop,
    #[error("codegen: SCoP outside a block")]
    OutsideBlock,
    #[error("codegen: SCoP ends its block")]
    EndsBlock,
    #[error("codegen: function without a body")]
    NoBody,
    #[error("codegen: empty function")]
    EmptyFunction,
    #[error("codegen: bad scalar type")]
    BadScalarType,
    #[error("codegen: loop step {0}")]
    LoopStep(i64),
    /// An AST the affine dialect can't express.
    #[error("codegen: {0}")]
    Ast(&'static str),
    #[error("codegen: unknown name `{0}` in the AST")]
    UnknownName(String),
    #[error("codegen: unknown statement `{0}`")]
    UnknownStatement(String),
    #[error("codegen: statement `{name}` has {ivs} IVs but the AST gives {args}")]
    Arity {
        name: String,
        ivs: usize,
        args: usize,
    },
    /// A parameter computed in the code around the SCoP by an op MLIR's affine rules
    /// reject as a map operand (an `scf.for`'s IV, an `arith.select` in a loop).
    #[error("codegen: a parameter defined by '{op}' in the code around the SCoP is no valid affine operand (an affine IV, a value of the function's top level, or an affine.apply of them)")]
    ParameterNotAffineOperand { op: String },
    /// A new op lacks the result its kind always has (a bug).
    #[error("codegen: '{0}' built without its result")]
    NoResult(&'static str),
}

pub(crate) type Result<T> = std::result::Result<T, CodegenError>;

/// What codegen added, until the pass keeps it ([`Generated::commit`]) or rolls it
/// back ([`Generated::roll_back`]); both consume it.
pub struct Generated {
    /// New top-level ops, in order (the loop nests and scalar reloads).
    ops: Vec<Owned>,
    /// The scalar allocas added at the function entry.
    allocas: Vec<Owned>,
    /// (original value used after the SCoP, its reload after the new code).
    reloads: Vec<(Val, Val)>,
    /// Per kernel, what it keeps in shared memory and registers (`target=gpu`), for
    /// the remark.
    pub notes: Vec<String>,
}

impl Generated {
    /// Removes everything codegen added.
    pub fn roll_back(self) {
        for op in self
            .ops
            .into_iter()
            .rev()
            .chain(self.allocas.into_iter().rev())
        {
            op.erase();
        }
    }

    /// Keeps the new code in place of `scop`'s: values used after the SCoP now come
    /// from their reloads, and the SCoP's original ops are removed, last first (the
    /// scop is consumed, so none of its handles outlive the erasure). Pure ops stay
    /// while something else still uses them. Each new op that holds loops is marked
    /// as Tessel's output, so that a second run leaves it as it is.
    pub fn commit(self, scop: ExtractedScop) {
        for op in self.ops.iter().map(Owned::op) {
            if op.num_regions() > 0 {
                op.set_attr(GENERATED_ATTR, Attr::unit(op.context()));
            }
        }
        for (old, new) in &self.reloads {
            old.replace_all_uses_with(*new);
        }
        ir::erase_all(scop.ops, |op| {
            !is_run_unit(op) && op.results().iter().any(|r| !r.users().is_empty())
        });
    }
}
