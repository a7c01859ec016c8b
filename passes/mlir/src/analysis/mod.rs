//! Analysis: a run of `affine` ops → the polyhedral model (`tessel_poly::Scop`), plus
//! what codegen needs to rebuild every statement. One file per job, as Polly splits
//! ScopDetection and ScopBuilder:
//! - [`runs`]: the SCoPs of a function, in the order the passes visit them;
//! - [`detect`]: which ops a SCoP may hold, and the typed [`Reject`] reasons;
//! - [`builder`]: the walk that builds domains and schedules ([`extract`]);
//! - [`symbols`]: index values as affine expressions, and parameters;
//! - [`aliasing`]: buffers and array names;
//! - [`reg2mem`]: which values go through demoted scalars;
//! - [`statements`]: statement slices and their accesses;
//! - [`affine_map`]: decoding the input's affine maps; [`aff`]: the expressions.
//!
//! A *statement* is an op that writes memory (`affine.store`, `memref.store`, or a
//! conditional (`scf.if`) whose branches store: its stores are may-writes) together
//! with the loads and pure ops of its block that feed it, cloned at the statement's
//! position. A conditional that yields values computed from loads (`c ? A[i] : B[i]`)
//! is such a feeding op; it reads everything its branches read (codegen remaps the
//! operands of the ops nested in a clone: [`CLONE_REMAPS_NESTED_OPERANDS`]).
//!
//! Virtual reg2mem: a value that depends on memory is demoted to a scalar memref
//! `T<k>` ("reg2mem", as Polymer does) when it is used in a nested loop or
//! `affine.if`, after the run, or by a statement that comes after a write to a buffer
//! the value reads (cloning its loads there would read the new contents). Otherwise
//! every statement of the block that uses it recomputes it. `iter_args` and loop
//! results always live in scalars: the loop's inits are a statement before it, its
//! `affine.yield` one at the end of its body. Demotion is virtual: the input IR is not
//! touched here; codegen materializes the scalars only once the new code is ready.
//!
//! Buffers: casts (`memref.cast`, `memory_space_cast`, `assume_alignment`) are looked
//! through, so accesses through a cast and through its source are one array. Distinct
//! function arguments and allocations are distinct arrays (as C `restrict` arrays). A
//! view (`subview`, `expand_shape`, `collapse_shape`, `transpose`) is an array of its
//! own only if the SCoP reaches its buffer through it alone; memrefs of any other
//! origin (a block argument of a loop, a load, `reinterpret_cast`, an unknown op) may
//! alias anything, and their nest is skipped.
//!
//! Names in the model say where things come from, so that a dump can be read against
//! the input:
//! - arrays: `arg<k>` for the function's k-th argument, `alloca<k>` / `alloc<k>` for the
//!   k-th such op of the function, `global_<name>` for `memref.get_global @name`,
//!   `<array>_view` for a view; `T<k>` for demoted scalars;
//! - parameters: `arg<k>` for an integer argument (or a cast of it), `<array>_dim<d>`
//!   for `memref.dim`, `p<k>` for anything else;
//! - statements `S<k>` in program order, loop dimensions `i<depth>`.
//!
//! Symbols: a loop-invariant integer is written as an affine function of root values
//! (looking through constants, `index_cast`, `extsi`, `addi`, `subi`, `muli` by a
//! constant and `affine.apply`), so the thirty `arith.index_cast %n` a front end emits
//! are one parameter and `index_cast(n - 1)` is `arg0 - 1`. Every parameter's SSA value
//! is an `index` available where the new code goes; a root without one (an i32 that is
//! never cast before the nest) makes its expression a parameter of its own, related to
//! other parameters by equalities in the context where they differ by a constant.
//!
//! Nothing here wraps around or explodes: expression arithmetic is checked
//! ([`Aff::overflowed`]) and the recursive queries are memoized.

pub mod aff;
pub mod affine_map;
pub mod aliasing;
pub mod builder;
pub mod detect;
pub mod reg2mem;
pub mod runs;
pub mod statements;
pub mod symbols;

pub use builder::extract;
pub use detect::{is_run_member, is_run_unit, Reject};
pub use runs::{scops, walk, Found};

use crate::ir::{Op, Type, Val};
use aff::Aff;
use aliasing::Buffer;
use statements::StatementText;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use tessel_poly::Scop;

/// Why a run of ops can't be modelled; `unit` is the index of the culprit op in the run.
#[derive(Debug, Clone)]
pub struct ExtractError {
    pub unit: usize,
    pub op: Op,
    pub reason: Reject,
}

/// The remark's text: the culprit op's name, then why.
impl fmt::Display for ExtractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.op.name(), self.reason)
    }
}

/// One step in rebuilding a statement.
#[derive(Debug, Clone)]
pub enum Step {
    /// Clone this op (with its regions), remapping its operands (and, see
    /// [`CLONE_REMAPS_NESTED_OPERANDS`], those of the ops nested in its regions).
    Clone(Op),
    /// `value` is read from demoted scalar `scalar` at the start of the statement.
    Load { scalar: usize, value: Val },
    /// `value` is written to demoted scalar `scalar` at the end of the statement.
    Store { scalar: usize, value: Val },
}

#[derive(Debug, Clone)]
pub struct StatementCode {
    /// The original IVs of the enclosing loops, outermost first (the domain dims).
    pub ivs: Vec<Val>,
    pub steps: Vec<Step>,
}

/// A SCoP ready for scheduling and code generation.
pub struct ExtractedScop {
    pub model: Scop,
    /// The run's top-level ops, in order.
    pub ops: Vec<Op>,
    /// `params[k]` is the SSA value of `model.params[k]`: always of type `index`, and
    /// defined before the run or by a loop-invariant pure op at the run's top level.
    pub params: Vec<Val>,
    pub statements: Vec<StatementCode>,
    /// Element types of the demoted scalars.
    pub scalars: Vec<Type>,
    /// Values used after the run: reloaded from their scalar after the new code.
    pub live_outs: Vec<(Val, usize)>,
    /// The function's own buffers that only the run uses (killed in the model):
    /// their array names and the memref values the run reads them through.
    pub local_buffers: Vec<(String, Val)>,
    /// The function arguments the run accesses directly (no cast, no view) and
    /// through no other value, in array-name order, when there are two or more: the
    /// buffers the model takes to be distinct, which codegen can tell LLVM so.
    pub distinct_arguments: Vec<Val>,
}

/// An enclosing loop: its IV is atom `Atom::Iv(depth)`.
pub(super) struct Loop {
    iv: Val,
}

pub(super) struct Param {
    value: Val,
    name: String,
    /// The parameter as an affine function of root values (see `root_form`), with
    /// its terms sorted, so that equal functions compare equal.
    form: Aff,
}

pub(super) struct Extractor {
    run: Vec<Op>,
    /// Loops enclosing the block being walked, outermost first.
    loops: Vec<Loop>,
    /// Domain constraints of the current position, in isl syntax (parameters and
    /// IVs by name; the parameter list is added once, in `finish`).
    constraints: Vec<String>,
    /// Existential variables introduced by steps, `e0`, `e1`, ...
    exists: Vec<String>,
    /// 2d+1 schedule prefix: alternating positions and loop names.
    position: Vec<String>,
    params: Vec<Param>,
    /// Array name of each buffer, and the memref value (after casts) it is accessed
    /// through: a buffer seen through two different views can't be modelled.
    arrays: HashMap<Buffer, (String, Val)>,
    /// Buffers the run accesses through some value other than their own (a cast).
    accessed_indirectly: HashSet<Buffer>,
    /// Bytes per element of each array, as [`Scop::element_bytes`].
    element_bytes: Vec<(String, u32)>,
    scalars: Vec<Type>,
    scalar_of: HashMap<Val, usize>,
    live_outs: Vec<(Val, usize)>,
    statements: Vec<(StatementText, StatementCode)>,
    current_unit: usize,
    /// Index of every walked op within its block.
    op_index: HashMap<Op, usize>,
    /// Memoized results: SSA graphs can share subexpressions, and walking them without
    /// memory would take exponential time on adversarial input.
    value_cache: HashMap<Val, Aff>,
    root_cache: HashMap<Val, Aff>,
    invariant_cache: RefCell<HashMap<Op, bool>>,
    memory_cache: RefCell<HashMap<Op, bool>>,
}

/// A failure at an op of the run (the culprit) and why.
pub(super) type Result<T> = std::result::Result<T, (Op, Reject)>;

pub(super) fn fail<T>(op: Op, reason: Reject) -> Result<T> {
    Err((op, reason))
}

/// Codegen's [`Step::Clone`] remaps the operands of the ops nested in a cloned op's
/// regions too, so conditionals (`scf.if`, `affine.if` with results) whose branches
/// use values of the loop nest can be statements.
pub const CLONE_REMAPS_NESTED_OPERANDS: bool = true;

/// The array name of demoted scalar `k`.
pub fn scalar_name(k: usize) -> String {
    format!("T{k}")
}
