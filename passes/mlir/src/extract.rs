//! extract: a run of `affine` ops → the polyhedral model (`tessel_poly::Scop`), plus
//! what codegen needs to rebuild every statement.
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

use crate::aff::Aff;
use crate::ir::{Blk, Op, Val};
use mlir_sys::*;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use tessel_poly::{Access, AccessKind, Scop, Statement};

/// Why a run of ops can't be modelled; `unit` is the index of the culprit op in the run.
#[derive(Debug, Clone)]
pub struct ExtractError {
    pub unit: usize,
    pub op: Op,
    pub reason: String,
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
    pub scalars: Vec<MlirType>,
    /// Values used after the run: reloaded from their scalar after the new code.
    pub live_outs: Vec<(Val, usize)>,
}

/// Op kinds as extraction sees them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    For,
    /// `affine.if` without results: modelled exactly, as domain constraints.
    If,
    Store,
    /// A load, or an `scf.if`/`affine.if` with results whose branches only load and
    /// compute (e.g. `c ? A[i] : B[i]`): a value that depends on memory.
    Load,
    Pure,
    Yield,
    /// An `scf.if`/`affine.if` without results whose branches store: one statement
    /// whose stores are may-writes.
    CondWrite,
    Other,
}

fn is_load_op(op: Op) -> bool {
    matches!(op.name().as_str(), "affine.load" | "memref.load")
}

fn is_store_op(op: Op) -> bool {
    matches!(op.name().as_str(), "affine.store" | "memref.store")
}

/// What a conditional op (`scf.if`, or `affine.if` with results) holds: Ok(true) if
/// it stores, Ok(false) if it only loads and computes, Err(why) if it holds anything
/// else.
fn conditional_contents(op: Op) -> std::result::Result<bool, String> {
    let mut writes = false;
    for inner in op.nested_ops() {
        let name = inner.name();
        if is_store_op(inner) {
            writes = true;
        } else if is_load_op(inner)
            || matches!(name.as_str(), "scf.yield" | "affine.yield" | "scf.if" | "affine.if")
            || crate::ir::is_pure(inner)
        {
        } else {
            return Err(format!("its branches contain '{name}', {}", other_reason(inner)));
        }
    }
    Ok(writes)
}

/// The iter_args initial values of an `affine.for`.
fn for_inits(op: Op) -> Vec<Val> {
    let inputs = |attr| affine_map_attr(op, attr).map_or(0, |m| unsafe { mlirAffineMapGetNumInputs(m) } as usize);
    let n = inputs("lowerBoundMap") + inputs("upperBoundMap");
    op.operands().get(n..).map(|v| v.to_vec()).unwrap_or_default()
}

fn is_conditional(op: Op) -> bool {
    match op.name().as_str() {
        "scf.if" => true,
        "affine.if" => op.num_results() > 0,
        _ => false,
    }
}

fn kind(op: Op) -> Kind {
    match op.name().as_str() {
        "affine.for" => return Kind::For,
        "affine.if" if op.num_results() == 0 => return Kind::If,
        "affine.store" | "memref.store" => return Kind::Store,
        "affine.load" | "memref.load" => return Kind::Load,
        "affine.yield" | "scf.yield" => return Kind::Yield,
        _ => {}
    }
    if crate::ir::is_pure(op) {
        return Kind::Pure;
    }
    if is_conditional(op) {
        return match conditional_contents(op) {
            Ok(true) if op.num_results() == 0 => Kind::CondWrite,
            Ok(false) if op.num_results() > 0 => Kind::Load,
            // No results and no stores: it does nothing a statement could observe.
            Ok(false) => Kind::Pure,
            _ => Kind::Other,
        };
    }
    Kind::Other
}

/// Why an op of kind Other can't be in a SCoP (the remark's text after the op name).
fn other_reason(op: Op) -> String {
    let name = op.name();
    if is_conditional(op) {
        return match conditional_contents(op) {
            Err(why) => format!("a conditional the model can't represent: {why}"),
            Ok(_) => "a conditional that both stores and yields values is not supported".into(),
        };
    }
    match name.as_str() {
        "affine.parallel" => "parallel loops in the input are not modelled (only affine.for)".into(),
        "memref.alloca" | "memref.alloc" | "memref.dealloc" | "memref.alloca_scope" => {
            "allocates or frees memory inside the loop nest".into()
        }
        "func.call" | "func.call_indirect" | "llvm.call" => "calls a function whose effects are unknown".into(),
        _ if name.starts_with("scf.") || name.starts_with("cf.") || op.num_regions() > 0 => {
            "is control flow the polyhedral model can't represent (only affine.for and affine.if)".into()
        }
        _ => "has memory effects the polyhedral model can't represent".into(),
    }
}

/// Can `op` sit at the top level of a run?
pub fn is_run_member(op: Op) -> bool {
    matches!(kind(op), Kind::For | Kind::If | Kind::Store | Kind::Load | Kind::Pure | Kind::CondWrite)
}

/// Does `op` start a loop nest or statement worth keeping the run for?
pub fn is_run_unit(op: Op) -> bool {
    matches!(kind(op), Kind::For | Kind::If | Kind::Store | Kind::CondWrite)
}

struct Loop {
    iv: Val,
    name: String,
}

/// A memory buffer as far as aliasing goes: distinct buffers never overlap.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Buffer {
    /// A function argument or the result of an allocation.
    Value(Val),
    /// `memref.get_global @name`.
    Global(String),
}

/// A buffer an access touches, for the demotion check; Unknown conflicts with all.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Mem {
    Buffer(Buffer),
    Unknown,
}

fn conflicts(a: &HashSet<Mem>, b: &HashSet<Mem>) -> bool {
    if a.is_empty() || b.is_empty() {
        return false;
    }
    a.contains(&Mem::Unknown) || b.contains(&Mem::Unknown) || a.intersection(b).next().is_some()
}

struct Param {
    value: Val,
    name: String,
    /// The parameter as an affine function of root values (see `root_form`), with
    /// its terms sorted, so that equal functions compare equal.
    form: Aff,
}

struct Extractor {
    run: Vec<Op>,
    /// Loops enclosing the block being walked, outermost first.
    loops: Vec<Loop>,
    /// Domain constraints of the current position, in isl syntax.
    constraints: Vec<String>,
    /// Existential variables introduced by steps, `e0`, `e1`, ...
    exists: Vec<String>,
    /// 2d+1 schedule prefix: alternating positions and loop names.
    position: Vec<String>,
    params: Vec<Param>,
    /// The values behind the root keys of parameter forms.
    roots: HashMap<String, Val>,
    /// Array name of each buffer, and the memref value (after casts) it is accessed
    /// through: a buffer seen through two different views can't be modelled.
    arrays: HashMap<Buffer, (String, Val)>,
    scalars: Vec<MlirType>,
    scalar_of: HashMap<Val, usize>,
    live_outs: Vec<(Val, usize)>,
    statements: Vec<(Statement, StatementCode)>,
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

type Result<T> = std::result::Result<T, (Op, String)>;

fn fail<T>(op: Op, reason: impl Into<String>) -> Result<T> {
    Err((op, reason.into()))
}

/// Extracts a model for `run`, a contiguous list of ops of one block.
pub fn extract(run: &[Op]) -> std::result::Result<ExtractedScop, ExtractError> {
    let mut ex = Extractor {
        run: run.to_vec(),
        loops: vec![],
        constraints: vec![],
        exists: vec![],
        position: vec![],
        params: vec![],
        roots: HashMap::new(),
        arrays: HashMap::new(),
        scalars: vec![],
        scalar_of: HashMap::new(),
        live_outs: vec![],
        statements: vec![],
        current_unit: 0,
        op_index: HashMap::new(),
        value_cache: HashMap::new(),
        root_cache: HashMap::new(),
        invariant_cache: RefCell::new(HashMap::new()),
        memory_cache: RefCell::new(HashMap::new()),
    };
    let mut position = 0;
    let result = ex.walk(run, None, &mut position);
    if let Err((op, reason)) = result {
        let unit = run.iter().position(|u| op.is_within(*u)).unwrap_or(ex.current_unit);
        return Err(ExtractError { unit, op, reason });
    }
    Ok(ex.finish())
}

/// The function (or other op with a symbol table-less body) that holds `op`.
fn enclosing_function(op: Op) -> Option<Op> {
    let mut cur = op.parent();
    while let Some(p) = cur {
        if matches!(p.name().as_str(), "func.func" | "gpu.func" | "llvm.func") {
            return Some(p);
        }
        cur = p.parent();
    }
    None
}

/// Is `blk` the entry block of function `op` (whose arguments are the function's)?
fn is_entry_block_of_function(op: Op, blk: Blk) -> bool {
    matches!(op.name().as_str(), "func.func" | "gpu.func") && op.region_blocks(0).first() == Some(&blk)
}

/// A key for a root value inside `Aff` atoms (never printed).
fn root_key(v: Val) -> String {
    format!("%{:x}", v.0.ptr as usize)
}

/// The array name of demoted scalar `k`.
fn scalar_name(k: usize) -> String {
    format!("T{k}")
}

fn is_index(v: Val) -> bool {
    unsafe { mlirTypeIsAIndex(v.ty()) }
}

fn is_integer(v: Val) -> bool {
    unsafe { mlirTypeIsAIndex(v.ty()) || mlirTypeIsAInteger(v.ty()) }
}

impl Extractor {
    fn finish(self) -> ExtractedScop {
        let names: Vec<String> = self.params.iter().map(|p| p.name.clone()).collect();
        let mut context = vec![];
        for (k, p) in self.params.iter().enumerate() {
            if p.value.defining_op().is_some_and(|d| d.name() == "memref.dim") {
                context.push(format!("{} >= 0", p.name));
            }
            // Related to an earlier parameter by a constant offset: say so.
            for q in &self.params[..k] {
                if let Some(c) = p.form.sub(&q.form).as_constant() {
                    context.push(format!("{} = {}", p.name, Aff::atom(q.name.clone()).add(&Aff::constant(c))));
                    break;
                }
            }
        }
        let context = format!("[{}] -> {{ : {} }}", names.join(", "), context.join(" and "));
        let (statements, code): (Vec<_>, Vec<_>) = self.statements.into_iter().unzip();
        // Demoted scalars are the extractor's own memory: dead after the run unless a
        // value is reloaded from them there (seed 001 §2.5: kills at the end of the
        // scope let live-range reordering move their last writes).
        let killed = (0..self.scalars.len())
            .filter(|&k| !self.live_outs.iter().any(|&(_, s)| s == k))
            .map(scalar_name)
            .collect();
        ExtractedScop {
            model: Scop { params: names, context, statements, killed },
            ops: self.run,
            params: self.params.iter().map(|p| p.value).collect(),
            statements: code,
            scalars: self.scalars,
            live_outs: self.live_outs,
        }
    }

    fn in_run(&self, op: Op) -> bool {
        self.run.iter().any(|r| op.is_within(*r))
    }

    /// Is `op` directly in the run's block (not nested in one of its ops)?
    fn at_top(&self, op: Op) -> bool {
        op.block() == self.run[0].block() && self.in_run(op)
    }

    fn loop_of_iv(&self, v: Val) -> Option<&Loop> {
        self.loops.iter().find(|l| l.iv == v)
    }

    // ---- values as affine expressions --------------------------------------------

    /// An index value as an isl affine expression over loop IVs and parameters.
    fn affine_value(&mut self, v: Val, user: Op) -> Result<Aff> {
        if let Some(a) = self.value_cache.get(&v) {
            return Ok(a.clone());
        }
        let a = self.affine_value_uncached(v, user)?;
        if a.overflowed() {
            return fail(user, "an index expression overflows 64-bit integers or is too large");
        }
        self.value_cache.insert(v, a.clone());
        Ok(a)
    }

    fn affine_value_uncached(&mut self, v: Val, user: Op) -> Result<Aff> {
        if let Some(l) = self.loop_of_iv(v) {
            return Ok(Aff::atom(l.name.clone()));
        }
        let Some(def) = v.defining_op() else {
            if let Some(owner) = v.owner_op() {
                if self.in_run(owner) {
                    return fail(
                        user,
                        format!("an operand is a block argument of '{}' that is not an enclosing loop IV", owner.name()),
                    );
                }
            }
            return self.symbol(v, user);
        };
        if def.name() == "arith.constant" {
            if let Some(c) = def.attr("value").and_then(integer_attr) {
                return Ok(Aff::constant(c));
            }
        }
        if !self.in_run(def) {
            return self.symbol(v, user);
        }
        // Computed inside the run. A loop-invariant pure value at the run's top level
        // is a parameter (it stays in place, before the new code).
        if self.at_top(def) && self.invariant(def) && is_index(v) {
            return self.symbol(v, user);
        }
        let name = def.name();
        match name.as_str() {
            "affine.apply" => {
                let map = affine_map_attr(def, "map").ok_or((def, "affine.apply without a map".to_string()))?;
                let args = def.operands().into_iter().map(|o| self.affine_value(o, user)).collect::<Result<Vec<_>>>()?;
                let results = map_results(map, &args).map_err(|e| (user, e))?;
                if results.len() == 1 {
                    return Ok(results[0].clone());
                }
            }
            "arith.addi" | "arith.subi" | "arith.muli" => {
                let a = self.affine_value(def.operand(0), user)?;
                let b = self.affine_value(def.operand(1), user)?;
                let result = match name.as_str() {
                    "arith.addi" => Some(a.add(&b)),
                    "arith.subi" => Some(a.sub(&b)),
                    _ => a.mul(&b),
                };
                if let Some(r) = result {
                    return Ok(r);
                }
            }
            "arith.floordivsi" | "arith.ceildivsi" => {
                let a = self.affine_value(def.operand(0), user)?;
                let b = self.affine_value(def.operand(1), user)?;
                if let Some(d) = b.as_constant().filter(|d| *d > 0) {
                    return Ok(if name == "arith.floordivsi" { a.floor_div(d) } else { a.ceil_div(d) });
                }
            }
            // Sign-preserving conversions (C's signed overflow is undefined, so i32
            // arithmetic on in-range values is exact).
            "arith.index_cast" | "arith.extsi" => return self.affine_value(def.operand(0), user),
            _ => {}
        }
        if self.at_top(def) && self.invariant(def) {
            return self.symbol(v, user);
        }
        let what = if self.depends_on_memory(def) {
            "depends on a value read from memory inside the loop nest"
        } else {
            "is not an affine function of loop IVs and parameters"
        };
        fail(user, format!("an operand defined by '{name}' {what}"))
    }

    /// Does `op` (transitively, within the run) use a load or a loop-carried value?
    fn depends_on_memory(&self, op: Op) -> bool {
        if let Some(&b) = self.memory_cache.borrow().get(&op) {
            return b;
        }
        let b = kind(op) == Kind::Load
            || op.operands().into_iter().any(|o| {
                self.scalar_of.contains_key(&o)
                    || o.defining_op().is_some_and(|d| self.in_run(d) && self.depends_on_memory(d))
            });
        self.memory_cache.borrow_mut().insert(op, b);
        b
    }

    /// A top-level op of the run that neither reads memory nor depends on a read or a
    /// loop IV.
    fn invariant(&self, op: Op) -> bool {
        if let Some(&b) = self.invariant_cache.borrow().get(&op) {
            return b;
        }
        let b = crate::ir::is_pure(op)
            && op.operands().into_iter().all(|o| match o.defining_op() {
                Some(d) if self.in_run(d) => self.at_top(d) && self.invariant(d),
                Some(_) => true,
                None => o.owner_op().is_none_or(|owner| !self.in_run(owner)),
            });
        self.invariant_cache.borrow_mut().insert(op, b);
        b
    }

    /// `v` (a loop-invariant integer) as an affine function of root values: looks
    /// through constants, sign-preserving casts, `addi`/`subi`/`muli` by a constant and
    /// `affine.apply`; anything else is a root.
    fn root_form(&mut self, v: Val, depth: usize) -> Aff {
        if let Some(a) = self.root_cache.get(&v) {
            return a.clone();
        }
        let a = self.root_form_uncached(v, depth);
        // An expression that overflowed is no use: the value is a root of its own.
        let a = if a.overflowed() { Aff::atom(root_key(v)) } else { a };
        self.root_cache.insert(v, a.clone());
        a
    }

    fn root_form_uncached(&mut self, v: Val, depth: usize) -> Aff {
        let root = Aff::atom(root_key(v));
        self.roots.insert(root_key(v), v);
        let Some(def) = v.defining_op() else { return root };
        if depth > 64 || (self.in_run(def) && !(self.at_top(def) && self.invariant(def))) {
            return root;
        }
        let name = def.name();
        match name.as_str() {
            "arith.constant" => def.attr("value").and_then(integer_attr).map_or(root, Aff::constant),
            "arith.index_cast" | "arith.extsi" => self.root_form(def.operand(0), depth + 1),
            "arith.addi" | "arith.subi" => {
                let a = self.root_form(def.operand(0), depth + 1);
                let b = self.root_form(def.operand(1), depth + 1);
                if name == "arith.addi" { a.add(&b) } else { a.sub(&b) }
            }
            "arith.muli" => {
                let a = self.root_form(def.operand(0), depth + 1);
                let b = self.root_form(def.operand(1), depth + 1);
                a.mul(&b).unwrap_or(root)
            }
            "affine.apply" => {
                let Some(map) = affine_map_attr(def, "map") else { return root };
                let args: Vec<Aff> = def.operands().into_iter().map(|o| self.root_form(o, depth + 1)).collect();
                match map_results(map, &args) {
                    Ok(r) if r.len() == 1 => r[0].clone(),
                    _ => root,
                }
            }
            _ => root,
        }
    }

    /// Loop-invariant integer `v` as an expression over parameters: its root form
    /// with every root a parameter when each root has an index-typed value before the
    /// run (so `index_cast(n - 1)` is `arg1 - 1`); otherwise `v` as a parameter of its
    /// own.
    fn symbol(&mut self, v: Val, user: Op) -> Result<Aff> {
        if !is_integer(v) {
            return fail(user, format!("a symbol of type {} is not an integer", v.type_string()));
        }
        let form = self.root_form(v, 0).sorted();
        if form.single_atom().is_none() {
            let mut expr = Aff::constant(form.constant_term());
            let mut complete = true;
            for (key, coeff) in form.terms() {
                let Some(&root) = self.roots.get(key) else {
                    complete = false;
                    break;
                };
                let usable = is_integer(root)
                    && (is_index(root) || self.index_form(root).is_some())
                    && root.defining_op().is_none_or(|d| !self.in_run(d) || (self.at_top(d) && self.invariant(d)));
                if !usable {
                    complete = false;
                    break;
                }
                let name = self.param(root, user)?;
                expr = expr.add(&Aff::atom(name).scale(*coeff));
            }
            if complete {
                return Ok(expr);
            }
        }
        self.param(v, user).map(Aff::atom)
    }

    /// The parameter for loop-invariant integer `v`, created on first use.
    fn param(&mut self, v: Val, user: Op) -> Result<String> {
        if !is_integer(v) {
            return fail(user, format!("a symbol of type {} is not an integer", v.type_string()));
        }
        let form = self.root_form(v, 0).sorted();
        if let Some(p) = self.params.iter().find(|p| p.form == form) {
            return Ok(p.name.clone());
        }
        let value = if is_index(v) {
            v
        } else {
            match self.index_form(v) {
                Some(c) => c,
                None => {
                    return fail(
                        user,
                        format!(
                            "symbol of type {} has no index-typed value (arith.index_cast) before the loop nest",
                            v.type_string()
                        ),
                    )
                }
            }
        };
        let name = self.param_name(&form);
        self.params.push(Param { value, name: name.clone(), form });
        Ok(name)
    }

    /// An existing `arith.index_cast` of integer `v` to `index` that is available where
    /// the new code goes (before the run, in its block or an enclosing one).
    fn index_form(&self, v: Val) -> Option<Val> {
        v.users().into_iter().find_map(|u| {
            let ok = u.name() == "arith.index_cast"
                && u.num_results() == 1
                && is_index(u.result(0))
                && (self.before_run(u) || (self.at_top(u) && self.invariant(u)));
            ok.then(|| u.result(0))
        })
    }

    /// Is `op` outside the run, in the run's block or an enclosing block, before it?
    fn before_run(&self, op: Op) -> bool {
        if self.in_run(op) {
            return false;
        }
        let Some(block) = op.block() else { return false };
        let mut anchor = Some(self.run[0]);
        while let Some(a) = anchor {
            if a.block() == Some(block) {
                let mut cur = op.next();
                while let Some(c) = cur {
                    if c == a {
                        return true;
                    }
                    cur = c.next();
                }
                return false;
            }
            anchor = a.parent();
        }
        false
    }

    fn param_name(&self, form: &Aff) -> String {
        let taken = |n: &str| self.params.iter().any(|p| p.name == n);
        let mut name = None;
        if let Some(key) = form.single_atom() {
            if let Some(&v) = self.roots.get(key) {
                name = self.describe_root(v);
            }
        }
        let mut name = name.unwrap_or_else(|| format!("p{}", self.params.len()));
        if taken(&name) {
            name = format!("p{}", self.params.len());
        }
        while taken(&name) {
            name.push('_');
        }
        name
    }

    /// A readable name for a root value: `arg<k>` or `<array>_dim<d>`.
    fn describe_root(&self, v: Val) -> Option<String> {
        if let Some((blk, k)) = v.block_argument() {
            let parent = blk.parent_op()?;
            if is_entry_block_of_function(parent, blk) {
                return Some(format!("arg{k}"));
            }
            return None;
        }
        let def = v.defining_op()?;
        if def.name() == "memref.dim" {
            let index = def.operand(1).defining_op().filter(|c| c.name() == "arith.constant")?;
            let d = index.attr("value").and_then(integer_attr)?;
            let (buffer, path) = self.buffer_of(def.operand(0)).ok()?;
            let array = self.buffer_name(&buffer, path == buffer_value(&buffer).unwrap_or(path));
            return Some(format!("{array}_dim{d}"));
        }
        None
    }

    /// The isl texts of the results of an affine map attribute applied to `operands`.
    fn map_exprs(&mut self, op: Op, attr: &str, operands: &[Val]) -> Result<Vec<Aff>> {
        let map = affine_map_attr(op, attr).ok_or((op, format!("missing affine map '{attr}'")))?;
        let args = operands.iter().map(|o| self.affine_value(*o, op)).collect::<Result<Vec<_>>>()?;
        let results = map_results(map, &args).map_err(|e| (op, e))?;
        if results.iter().any(Aff::overflowed) {
            return fail(op, "an index expression overflows 64-bit integers or is too large");
        }
        Ok(results)
    }

    // ---- arrays and accesses ------------------------------------------------------

    /// The buffer a memref value points into, and the value it is accessed through
    /// after looking through casts. Err(why) when the buffer can't be known.
    fn buffer_of(&self, memref: Val) -> std::result::Result<(Buffer, Val), String> {
        let mut path = memref;
        loop {
            match path.defining_op() {
                Some(d) if matches!(d.name().as_str(), "memref.cast" | "memref.memory_space_cast" | "memref.assume_alignment") => {
                    path = d.operand(0);
                }
                _ => break,
            }
        }
        let mut base = path;
        loop {
            if let Some((blk, _)) = base.block_argument() {
                let parent = blk.parent_op();
                let is_function = parent.is_some_and(|p| is_entry_block_of_function(p, blk));
                if is_function {
                    return Ok((Buffer::Value(base), path));
                }
                let owner = parent.map(|p| p.name()).unwrap_or_default();
                return Err(format!(
                    "the memref is a block argument of '{owner}' (e.g. a pointer swapped between iterations): it may alias another array"
                ));
            }
            let Some(d) = base.defining_op() else { return Err("memref of unknown origin".into()) };
            let name = d.name();
            match name.as_str() {
                "memref.alloc" | "memref.alloca" => return Ok((Buffer::Value(base), path)),
                "memref.get_global" => {
                    let sym = d.attr("name").map(crate::ir::attr_string).unwrap_or_default();
                    return Ok((Buffer::Global(sym), path));
                }
                "memref.cast" | "memref.memory_space_cast" | "memref.assume_alignment" => base = d.operand(0),
                // Injective views: fine as long as the buffer is seen through this one
                // path only (checked by the caller), and the view is the same for the
                // whole SCoP.
                "memref.subview" | "memref.expand_shape" | "memref.collapse_shape" | "memref.transpose" => {
                    if self.in_run(d) {
                        return Err(format!("the memref is a view ('{name}') computed inside the loop nest"));
                    }
                    base = d.operand(0)
                }
                _ => {
                    return Err(format!("the memref comes from '{name}': it may alias another array"));
                }
            }
        }
    }

    fn buffer_name(&self, buffer: &Buffer, direct: bool) -> String {
        let base = match buffer {
            Buffer::Global(sym) => {
                let clean: String = sym
                    .trim_start_matches('@')
                    .trim_matches('"')
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' })
                    .collect();
                format!("global_{clean}")
            }
            Buffer::Value(v) => match v.block_argument() {
                Some((_, k)) => format!("arg{k}"),
                None => {
                    let def = v.defining_op();
                    let op_name = def.map(|d| d.name()).unwrap_or_default();
                    let short = op_name.trim_start_matches("memref.").to_string();
                    // Number allocations of one kind in the order the function holds them.
                    let k = def
                        .and_then(|d| {
                            let f = enclosing_function(d)?;
                            f.nested_ops().into_iter().filter(|o| o.name() == op_name).position(|o| o == d)
                        })
                        .unwrap_or(0);
                    format!("{short}{k}")
                }
            },
        };
        if direct {
            base
        } else {
            format!("{base}_view")
        }
    }

    fn array(&mut self, memref: Val, user: Op) -> Result<String> {
        if let Some(owner) = memref.owner_op() {
            if self.in_run(owner) {
                return fail(user, format!("the memref is defined by '{}' inside the loop nest", owner.name()));
            }
        }
        let (buffer, path) = self.buffer_of(memref).map_err(|why| (user, why))?;
        if let Some((name, seen)) = self.arrays.get(&buffer) {
            if *seen != path {
                return fail(user, "the same buffer is accessed through two different views: they may overlap");
            }
            return Ok(name.clone());
        }
        let direct = buffer_value(&buffer).is_none_or(|b| b == path);
        let name = self.buffer_name(&buffer, direct);
        self.arrays.insert(buffer, (name.clone(), path));
        Ok(name)
    }

    /// The access of a load or store: (array, subscript texts).
    fn access(&mut self, op: Op) -> Result<(String, Vec<String>)> {
        let (memref_index, first_index) = if is_store_op(op) { (1, 2) } else { (0, 1) };
        if op.num_operands() < first_index {
            return fail(op, "malformed access");
        }
        let array = self.array(op.operand(memref_index), op)?;
        let indices: Vec<Val> = op.operands()[first_index..].to_vec();
        let subscripts = if op.name().starts_with("affine.") {
            self.map_exprs(op, "map", &indices)?
        } else {
            indices.iter().map(|i| self.affine_value(*i, op)).collect::<Result<Vec<_>>>()?
        };
        Ok((array, subscripts.iter().map(Aff::to_string).collect()))
    }

    // ---- blocks -------------------------------------------------------------------

    /// Walks the ops of one block: the run itself (`for_op` None), a loop body, or an
    /// `affine.if` branch. `position` counts the statements and loops of the
    /// enclosing sequence: a branch continues its parent's count.
    fn walk(&mut self, ops: &[Op], for_op: Option<Op>, position: &mut usize) -> Result<()> {
        let top = self.loops.is_empty() && self.run[0].block() == ops.first().and_then(|o| o.block());
        for (i, op) in ops.iter().enumerate() {
            self.op_index.insert(*op, i);
        }
        self.register_loop_results(ops);
        let demoted = self.demoted_values(ops)?;
        for (i, &op) in ops.iter().enumerate() {
            if top {
                self.current_unit = i;
            }
            match kind(op) {
                Kind::For => self.loop_op(op, position, &demoted)?,
                Kind::If => self.if_op(op, position)?,
                Kind::Store | Kind::CondWrite => {
                    self.statement(op, Root::Store, &demoted, *position)?;
                    *position += 1;
                }
                Kind::Yield => {
                    if op.num_operands() == 0 {
                        continue;
                    }
                    let Some(f) = for_op.filter(|f| f.name() == "affine.for") else {
                        return fail(op, "yielding values from here is not supported");
                    };
                    let mut scalars = vec![];
                    for k in 0..op.num_operands() {
                        match self.scalar_of.get(&f.result(k)) {
                            Some(&s) => scalars.push(s),
                            None => return fail(op, "internal: loop result without a scalar"),
                        }
                    }
                    self.statement(op, Root::Yield(scalars), &demoted, *position)?;
                    *position += 1;
                }
                Kind::Load | Kind::Pure => {
                    if demoted.contains(&op) {
                        let mut outs = vec![];
                        for r in op.results() {
                            let s = self.new_scalar(r);
                            outs.push((r, s));
                            if top && r.users().iter().any(|u| !self.in_run(*u)) {
                                self.live_outs.push((r, s));
                            }
                        }
                        self.statement(op, Root::Value(outs), &demoted, *position)?;
                        *position += 1;
                    }
                }
                Kind::Other => return fail(op, other_reason(op)),
            }
        }
        Ok(())
    }

    /// Loop results (iter_args) live in scalars; registering them before the block is
    /// analysed makes every value computed from them load-dependent.
    fn register_loop_results(&mut self, ops: &[Op]) {
        for &op in ops {
            if kind(op) == Kind::For {
                for r in op.results() {
                    self.new_scalar(r);
                }
            }
        }
    }

    fn new_scalar(&mut self, v: Val) -> usize {
        let s = self.scalars.len();
        self.scalars.push(v.ty());
        self.scalar_of.insert(v, s);
        s
    }

    /// The op of `ops` that is `op` or holds it, if any.
    fn ancestor_in(&self, index: &HashMap<Op, usize>, op: Op) -> Option<(Op, usize)> {
        let mut cur = Some(op);
        while let Some(c) = cur {
            if let Some(&i) = index.get(&c) {
                return Some((c, i));
            }
            cur = c.parent();
        }
        None
    }

    /// Load-dependent values of the block that must go through a scalar: used in a
    /// nested loop or `affine.if` or after the run, or read before a write that could
    /// change what they read. A statement clones the loads it needs at its own
    /// position, so a value may feed several statements of its block as long as no
    /// write in between touches a buffer it reads.
    fn demoted_values(&mut self, ops: &[Op]) -> Result<HashSet<Op>> {
        let index: HashMap<Op, usize> = ops.iter().enumerate().map(|(i, o)| (*o, i)).collect();
        let mut load_dependent: HashSet<Op> = HashSet::new();
        // The buffers each load-dependent value reads, through its operands in the block.
        let mut reads: HashMap<Op, HashSet<Mem>> = HashMap::new();
        for &op in ops {
            let k = kind(op);
            let operand_defs: Vec<Op> = op
                .operands()
                .iter()
                .filter_map(|o| o.defining_op())
                .filter(|d| load_dependent.contains(d))
                .collect();
            let scalar_operand = op.operands().iter().any(|o| self.scalar_backed(*o));
            if k == Kind::Load || (k == Kind::Pure && (scalar_operand || !operand_defs.is_empty())) {
                let mut mine = self.memory_touched(op, false);
                for d in operand_defs {
                    mine.extend(reads.get(&d).cloned().unwrap_or_default());
                }
                load_dependent.insert(op);
                reads.insert(op, mine);
            }
        }
        let mut written: Vec<Option<HashSet<Mem>>> = vec![None; ops.len()];
        let mut demoted = HashSet::new();
        // consumers[op]: the statement roots that use op's value, through the slice.
        let mut consumers: HashMap<Op, HashSet<usize>> = HashMap::new();
        for (i, &op) in ops.iter().enumerate().rev() {
            if !load_dependent.contains(&op) {
                continue;
            }
            let mut mine = HashSet::new();
            let mut escapes = false;
            for r in op.results() {
                for user in r.users() {
                    match self.ancestor_in(&index, user) {
                        Some((anc, u)) if anc == user || is_conditional(anc) => match kind(anc) {
                            Kind::Store | Kind::Yield | Kind::CondWrite => {
                                mine.insert(u);
                            }
                            // An iter_args init: read by the loop's init statement,
                            // which sits at the loop's position.
                            Kind::For if for_inits(anc).contains(&r) => {
                                mine.insert(u);
                            }
                            _ if demoted.contains(&anc) => {
                                mine.insert(u);
                            }
                            Kind::Pure | Kind::Load => mine.extend(consumers.get(&anc).cloned().unwrap_or_default()),
                            _ => escapes = true,
                        },
                        // Used in a nested loop or affine.if, or outside the block.
                        _ => escapes = true,
                    }
                }
            }
            let my_reads = reads.get(&op).cloned().unwrap_or_default();
            let last = mine.iter().copied().max().unwrap_or(i);
            let mut write_between = false;
            for k in i + 1..last {
                if !matches!(kind(ops[k]), Kind::Store | Kind::For | Kind::If | Kind::CondWrite) {
                    continue;
                }
                if !mine.iter().any(|&r| r > k) {
                    continue;
                }
                let w = written[k].get_or_insert_with(|| self.memory_touched(ops[k], true));
                if conflicts(w, &my_reads) {
                    write_between = true;
                    break;
                }
            }
            if escapes || write_between {
                demoted.insert(op);
                consumers.insert(op, HashSet::from([i]));
            } else {
                consumers.insert(op, mine);
            }
        }
        Ok(demoted)
    }

    /// The buffers `op` and the ops nested in it read (`writes` false) or write.
    fn memory_touched(&self, op: Op, writes: bool) -> HashSet<Mem> {
        let mut out = HashSet::new();
        let mut all = vec![op];
        all.extend(op.nested_ops());
        for o in all {
            let (is_access, memref) = if is_store_op(o) {
                (writes, o.operands().get(1).copied())
            } else if is_load_op(o) {
                (!writes, o.operands().first().copied())
            } else {
                (false, None)
            };
            if !is_access {
                continue;
            }
            out.insert(match memref.map(|m| self.buffer_of(m)) {
                Some(Ok((b, _))) => Mem::Buffer(b),
                _ => Mem::Unknown,
            });
        }
        out
    }

    /// Is `v` read from a demoted scalar (iter_args, loop results, demoted values)?
    fn scalar_backed(&self, v: Val) -> bool {
        self.scalar_of.contains_key(&v)
    }

    fn loop_op(&mut self, op: Op, position: &mut usize, demoted: &HashSet<Op>) -> Result<()> {
        let lb_map = affine_map_attr(op, "lowerBoundMap").ok_or((op, "missing lowerBoundMap".to_string()))?;
        let ub_map = affine_map_attr(op, "upperBoundMap").ok_or((op, "missing upperBoundMap".to_string()))?;
        let n_lb = unsafe { mlirAffineMapGetNumInputs(lb_map) } as usize;
        let n_ub = unsafe { mlirAffineMapGetNumInputs(ub_map) } as usize;
        let operands = op.operands();
        if operands.len() < n_lb + n_ub {
            return fail(op, "malformed affine.for");
        }
        let inits = operands[n_lb + n_ub..].to_vec();
        let lbs = self.map_exprs(op, "lowerBoundMap", &operands[..n_lb])?;
        let ubs = self.map_exprs(op, "upperBoundMap", &operands[n_lb..n_lb + n_ub])?;
        if lbs.is_empty() || ubs.is_empty() {
            return fail(op, "a loop bound map without results");
        }
        let step = op.attr("step").and_then(integer_attr).unwrap_or(1);
        if step < 1 {
            return fail(op, format!("loop step {step}"));
        }
        let body = op.body(0).ok_or((op, "loop body is not a single block".to_string()))?;
        if body.num_args() != 1 + inits.len() || op.num_results() != inits.len() {
            return fail(op, "malformed affine.for");
        }

        // iter_args: the initial values are a statement just before the loop.
        if !inits.is_empty() {
            let mut scalars = vec![];
            for k in 0..inits.len() {
                let s = self.scalar_of.get(&op.result(k)).copied().ok_or((op, "internal: loop result without a scalar".to_string()))?;
                self.scalar_of.insert(body.arg(k + 1), s);
                scalars.push(s);
            }
            self.statement(op, Root::Inits(scalars.clone()), demoted, *position)?;
            *position += 1;
            if self.at_top(op) {
                for (k, &s) in scalars.iter().enumerate() {
                    let r = op.result(k);
                    if r.users().iter().any(|u| !self.in_run(*u)) {
                        self.live_outs.push((r, s));
                    }
                }
            }
        }

        let name = format!("i{}", self.loops.len());
        let saved = self.constraints.len();
        for lb in &lbs {
            self.constraints.push(format!("{name} >= {lb}"));
        }
        for ub in &ubs {
            self.constraints.push(format!("{name} < {ub}"));
        }
        let saved_exists = self.exists.len();
        if step > 1 {
            // The IV runs max(lbs), max(lbs) + step, ...: with several lower bounds,
            // the one that is the largest gives the stride's origin.
            let e = format!("e{}", self.exists.len());
            let stride = |lb: &Aff| format!("{name} = {lb} + {step}*{e}");
            if lbs.len() == 1 {
                self.constraints.push(stride(&lbs[0]));
            } else {
                let cases: Vec<String> = lbs
                    .iter()
                    .enumerate()
                    .map(|(j, lb)| {
                        let mut c: Vec<String> =
                            lbs.iter().enumerate().filter(|(m, _)| *m != j).map(|(_, o)| format!("{lb} >= {o}")).collect();
                        c.push(stride(lb));
                        format!("({})", c.join(" and "))
                    })
                    .collect();
                self.constraints.push(format!("({})", cases.join(" or ")));
            }
            self.exists.push(e);
        }
        self.position.push(position.to_string());
        self.position.push(name.clone());
        self.loops.push(Loop { iv: body.arg(0), name });
        let ops = body.ops();
        let mut inner = 0;
        let result = self.walk(&ops, Some(op), &mut inner);
        self.loops.pop();
        self.position.truncate(self.position.len() - 2);
        self.constraints.truncate(saved);
        self.exists.truncate(saved_exists);
        *position += 1;
        result
    }

    fn if_op(&mut self, op: Op, position: &mut usize) -> Result<()> {
        let set = op
            .attr("condition")
            .filter(|a| unsafe { mlirAttributeIsAIntegerSet(*a) })
            .ok_or((op, "affine.if without an integer set".to_string()))?;
        let conds = self.set_constraints(op, set)?;
        let conj = if conds.is_empty() { "true".to_string() } else { conds.join(" and ") };
        // Then and else share the parent's sequence: their positions just continue.
        for (region, cond) in [(0usize, conj.clone()), (1, format!("not ({conj})"))] {
            let blocks = op.region_blocks(region);
            if blocks.is_empty() {
                continue;
            }
            if blocks.len() > 1 {
                return fail(op, "affine.if branch with several blocks");
            }
            let saved = self.constraints.len();
            self.constraints.push(cond);
            let ops = blocks[0].ops();
            let result = self.walk(&ops, Some(op), position);
            self.constraints.truncate(saved);
            result?;
        }
        Ok(())
    }

    fn set_constraints(&mut self, op: Op, set_attr: MlirAttribute) -> Result<Vec<String>> {
        let set = unsafe { mlirIntegerSetAttrGetValue(set_attr) };
        let n_dims = unsafe { mlirIntegerSetGetNumDims(set) } as usize;
        let n_syms = unsafe { mlirIntegerSetGetNumSymbols(set) } as usize;
        let operands = op.operands();
        if operands.len() != n_dims + n_syms {
            return fail(op, "affine.if operand count does not match its set");
        }
        let args = operands.iter().map(|o| self.affine_value(*o, op)).collect::<Result<Vec<_>>>()?;
        let n = unsafe { mlirIntegerSetGetNumConstraints(set) } as usize;
        let mut out = vec![];
        for i in 0..n {
            let e = unsafe { mlirIntegerSetGetConstraint(set, i as isize) };
            let aff = expr_aff(e, &args[..n_dims], &args[n_dims..]).map_err(|r| (op, r))?;
            if aff.overflowed() {
                return fail(op, "an index expression overflows 64-bit integers or is too large");
            }
            let eq = unsafe { mlirIntegerSetIsConstraintEq(set, i as isize) };
            out.push(format!("{aff} {} 0", if eq { "=" } else { ">=" }));
        }
        Ok(out)
    }

    // ---- statements ---------------------------------------------------------------

    fn statement(&mut self, root: Op, kind_of_root: Root, demoted: &HashSet<Op>, position: usize) -> Result<()> {
        let name = format!("S{}", self.statements.len());
        let mut slice = Slice::default();
        let roots: Vec<Val> = match &kind_of_root {
            Root::Store | Root::Value(_) => vec![],
            Root::Yield(_) => root.operands(),
            Root::Inits(_) => for_inits(root),
        };
        match &kind_of_root {
            Root::Store | Root::Value(_) => self.slice(root, demoted, &mut slice)?,
            Root::Yield(_) | Root::Inits(_) => {
                for v in &roots {
                    self.slice_value(*v, root, demoted, &mut slice)?;
                }
            }
        }
        // Cloned ops in program order (operands before users either way).
        let mut clones: Vec<Op> = slice.steps.iter().filter_map(|s| if let Step::Clone(o) = s { Some(*o) } else { None }).collect();
        clones.sort_by_cached_key(|o| self.program_order(*o));
        let mut ordered: Vec<Step> = slice.steps.iter().filter(|s| matches!(s, Step::Load { .. })).cloned().collect();
        ordered.extend(clones.into_iter().map(Step::Clone));
        let iteration = self.loops.iter().map(|l| l.name.clone()).collect::<Vec<_>>().join(", ");
        let tuple = format!("{name}[{iteration}]");
        let mut accesses: Vec<Access> = vec![];
        let relation = |target: &str| format!("{PARAMS_PLACEHOLDER} -> {{ {tuple} -> {target} }}");
        for (kind, target) in &slice.accesses {
            accesses.push(Access { kind: *kind, relation: relation(target) });
        }
        if let Root::Store = kind_of_root {
            if is_store_op(root) {
                let (array, subs) = self.access(root)?;
                accesses.push(Access { kind: AccessKind::MustWrite, relation: relation(&format!("{array}[{}]", subs.join(", "))) });
            }
        }
        match &kind_of_root {
            Root::Store => {}
            Root::Value(outs) => {
                for (v, s) in outs {
                    ordered.push(Step::Store { scalar: *s, value: *v });
                }
            }
            Root::Yield(scalars) | Root::Inits(scalars) => {
                for (v, s) in roots.iter().zip(scalars) {
                    ordered.push(Step::Store { scalar: *s, value: *v });
                }
            }
        }
        for step in &ordered {
            match step {
                Step::Load { scalar, .. } => {
                    accesses.push(Access { kind: AccessKind::Read, relation: relation(&format!("{}[]", scalar_name(*scalar))) })
                }
                Step::Store { scalar, .. } => {
                    accesses.push(Access { kind: AccessKind::MustWrite, relation: relation(&format!("{}[]", scalar_name(*scalar))) })
                }
                Step::Clone(_) => {}
            }
        }
        // Reads first, then writes, each in the order they were met.
        accesses.sort_by_key(|a| match a.kind {
            AccessKind::Read => 0,
            AccessKind::MayWrite => 1,
            AccessKind::MustWrite => 2,
        });
        let mut sched = self.position.clone();
        sched.push(position.to_string());
        let constraints = if self.constraints.is_empty() { String::new() } else { format!(" : {}", self.wrap_exists()) };
        let statement = Statement {
            name: name.clone(),
            domain: format!("{PARAMS_PLACEHOLDER} -> {{ {tuple}{constraints} }}"),
            schedule: format!("{PARAMS_PLACEHOLDER} -> {{ {tuple} -> [{}] }}", sched.join(", ")),
            accesses,
        };
        let code = StatementCode { ivs: self.loops.iter().map(|l| l.iv).collect(), steps: ordered };
        self.statements.push((statement, code));
        Ok(())
    }

    /// Position of `op` in program order: its index in its block, preceded by those
    /// of its ancestors in the run.
    fn program_order(&self, op: Op) -> Vec<usize> {
        let mut key = vec![];
        let mut cur = Some(op);
        while let Some(c) = cur {
            match self.op_index.get(&c) {
                Some(&i) => key.push(i),
                None => break,
            }
            if self.run.contains(&c) {
                break;
            }
            cur = c.parent();
        }
        key.reverse();
        key
    }

    fn wrap_exists(&self) -> String {
        let c = self.constraints.join(" and ");
        if self.exists.is_empty() {
            c
        } else {
            format!("exists ({} : {c})", self.exists.join(", "))
        }
    }

    /// Adds `op` and what it needs from its block to the slice: a clone step, and the
    /// accesses of the loads and stores it holds (stores in a conditional are
    /// may-writes; its loads are reads whether or not their branch runs).
    fn slice(&mut self, op: Op, demoted: &HashSet<Op>, slice: &mut Slice) -> Result<()> {
        if !slice.cloned.insert(op) {
            return Ok(());
        }
        let nested = op.nested_ops();
        // Every value the op and its regions use from outside it.
        let mut used: Vec<Val> = op.operands();
        for inner in &nested {
            for v in inner.operands() {
                let inside = v.owner_op().is_some_and(|o| o.is_within(op) && o != op)
                    || v.block_argument().is_some_and(|(b, _)| b.parent_op().is_some_and(|p| p.is_within(op)));
                if !inside && !used.contains(&v) {
                    used.push(v);
                }
            }
        }
        if op.num_regions() > 0 && !CLONE_REMAPS_NESTED_OPERANDS {
            let from_run = nested.iter().flat_map(|o| o.operands()).any(|v| {
                let inside = v.owner_op().is_some_and(|o| o.is_within(op) && o != op)
                    || v.block_argument().is_some_and(|(b, _)| b.parent_op().is_some_and(|p| p.is_within(op)));
                !inside && (self.loop_of_iv(v).is_some() || v.owner_op().is_some_and(|o| self.in_run(o)))
            });
            if from_run {
                return fail(
                    op,
                    "a conditional whose branches use values of the loop nest is not supported yet (codegen can't clone it)",
                );
            }
        }
        for v in used {
            self.slice_value(v, op, demoted, slice)?;
        }
        let mut memory_ops: Vec<Op> = vec![];
        if is_load_op(op) {
            memory_ops.push(op);
        }
        memory_ops.extend(nested.iter().copied().filter(|o| is_load_op(*o) || is_store_op(*o)));
        for m in memory_ops {
            let (array, subs) = self.access(m)?;
            let kind = if is_store_op(m) { AccessKind::MayWrite } else { AccessKind::Read };
            slice.accesses.push((kind, format!("{array}[{}]", subs.join(", "))));
        }
        slice.steps.push(Step::Clone(op));
        Ok(())
    }

    fn slice_value(&mut self, v: Val, user: Op, demoted: &HashSet<Op>, slice: &mut Slice) -> Result<()> {
        if self.loop_of_iv(v).is_some() {
            return Ok(());
        }
        if let Some(&s) = self.scalar_of.get(&v) {
            if slice.loaded.insert(v) {
                slice.steps.push(Step::Load { scalar: s, value: v });
            }
            return Ok(());
        }
        let Some(def) = v.defining_op() else {
            if let Some(owner) = v.owner_op() {
                if self.in_run(owner) {
                    return fail(user, format!("uses a block argument of '{}'", owner.name()));
                }
            }
            return Ok(());
        };
        if !self.in_run(def) {
            return Ok(());
        }
        if demoted.contains(&def) {
            return fail(user, "internal: demoted value without a scalar");
        }
        match kind(def) {
            Kind::Pure | Kind::Load => {
                // Pure values from outer blocks are recomputed; loads must come from this
                // statement's own block (anything else was demoted).
                if kind(def) == Kind::Load && def.block() != user.block() {
                    return fail(user, "internal: load from another block not demoted");
                }
                self.slice(def, demoted, slice)
            }
            _ => fail(user, format!("uses the result of '{}'", def.name())),
        }
    }
}

/// What a statement is made of, while it is collected.
#[derive(Default)]
struct Slice {
    steps: Vec<Step>,
    cloned: HashSet<Op>,
    loaded: HashSet<Val>,
    /// (kind, `array[subscripts]`) of the cloned ops' loads and conditional stores.
    accesses: Vec<(AccessKind, String)>,
}

fn buffer_value(b: &Buffer) -> Option<Val> {
    match b {
        Buffer::Value(v) => Some(*v),
        Buffer::Global(_) => None,
    }
}

enum Root {
    /// A store op, or a conditional that stores.
    Store,
    /// Demoted values: each written to its scalar.
    Value(Vec<(Val, usize)>),
    /// A loop's `affine.yield`: its operands go to these scalars.
    Yield(Vec<usize>),
    /// A loop's iter_args inits, written to these scalars before the loop.
    Inits(Vec<usize>),
}

const PARAMS_PLACEHOLDER: &str = "[__TESSEL_PARAMS__]";

/// Codegen's [`Step::Clone`] remaps the operands of the ops nested in a cloned op's
/// regions too, so conditionals (`scf.if`, `affine.if` with results) whose branches
/// use values of the loop nest can be statements.
pub const CLONE_REMAPS_NESTED_OPERANDS: bool = true;

/// Replaces the parameter placeholder now that every parameter is known.
pub fn fix_params(scop: &mut ExtractedScop) {
    let prefix = format!("[{}]", scop.model.params.join(", "));
    for s in &mut scop.model.statements {
        s.domain = s.domain.replace(PARAMS_PLACEHOLDER, &prefix);
        s.schedule = s.schedule.replace(PARAMS_PLACEHOLDER, &prefix);
        for a in &mut s.accesses {
            a.relation = a.relation.replace(PARAMS_PLACEHOLDER, &prefix);
        }
    }
}

// ---- attribute helpers -------------------------------------------------------------

pub fn integer_attr(a: MlirAttribute) -> Option<i64> {
    unsafe { mlirAttributeIsAInteger(a).then(|| mlirIntegerAttrGetValueInt(a)) }
}

pub fn affine_map_attr(op: Op, name: &str) -> Option<MlirAffineMap> {
    let a = op.attr(name)?;
    unsafe { mlirAttributeIsAAffineMap(a).then(|| mlirAffineMapAttrGetValue(a)) }
}

/// Results of `map` with its dims and symbols replaced by `args` (dims first).
fn map_results(map: MlirAffineMap, args: &[Aff]) -> std::result::Result<Vec<Aff>, String> {
    let n_dims = unsafe { mlirAffineMapGetNumDims(map) } as usize;
    let n = unsafe { mlirAffineMapGetNumResults(map) } as usize;
    if args.len() != n_dims + unsafe { mlirAffineMapGetNumSymbols(map) } as usize {
        return Err("affine map operand count mismatch".into());
    }
    (0..n)
        .map(|i| expr_aff(unsafe { mlirAffineMapGetResult(map, i as isize) }, &args[..n_dims], &args[n_dims..]))
        .collect()
}

/// An MLIR affine expression with its dims and symbols replaced.
fn expr_aff(e: MlirAffineExpr, dims: &[Aff], syms: &[Aff]) -> std::result::Result<Aff, String> {
    unsafe {
        if mlirAffineExprIsADim(e) {
            let p = mlirAffineDimExprGetPosition(e) as usize;
            return dims.get(p).cloned().ok_or_else(|| "affine map dim out of range".to_string());
        }
        if mlirAffineExprIsASymbol(e) {
            let p = mlirAffineSymbolExprGetPosition(e) as usize;
            return syms.get(p).cloned().ok_or_else(|| "affine map symbol out of range".to_string());
        }
        if mlirAffineExprIsAConstant(e) {
            return Ok(Aff::constant(mlirAffineConstantExprGetValue(e)));
        }
        let l = expr_aff(mlirAffineBinaryOpExprGetLHS(e), dims, syms)?;
        let r = expr_aff(mlirAffineBinaryOpExprGetRHS(e), dims, syms)?;
        if mlirAffineExprIsAAdd(e) {
            return Ok(l.add(&r));
        }
        if mlirAffineExprIsAMul(e) {
            return l.mul(&r).ok_or_else(|| "non-affine product in an affine map".to_string());
        }
        let Some(d) = r.as_constant().filter(|d| *d > 0) else {
            return Err("division by a non-constant in an affine map".into());
        };
        if mlirAffineExprIsAFloorDiv(e) {
            return Ok(l.floor_div(d));
        }
        if mlirAffineExprIsACeilDiv(e) {
            return Ok(l.ceil_div(d));
        }
        if mlirAffineExprIsAMod(e) {
            return Ok(l.modulo(d));
        }
        Err("unknown affine expression".into())
    }
}

/// The block a run lives in.
pub fn run_block(run: &[Op]) -> Option<Blk> {
    run.first().and_then(|o| o.block())
}
