//! `tessel-raise-scf`: loop nests written with `scf.for` and `memref.load` /
//! `memref.store`, as several MLIR front ends emit them, raised to `affine` so that
//! `tessel-optimize` can model them (issue 42). One job, before detection:
//!
//! - an `scf.for` over `index` with a constant positive step, whose bounds are affine
//!   functions of enclosing affine IVs and of symbols, becomes an `affine.for`, its
//!   body moved as it is (`iter_args` and results kept);
//! - an `scf.if` without results whose condition is a conjunction of signed
//!   comparisons of such functions becomes an `affine.if` (what `lower-affine`
//!   makes of one, raised back);
//! - a `memref.load` / `memref.store` whose subscripts are such functions becomes an
//!   `affine.load` / `affine.store` with the subscripts as a map;
//! - the index arithmetic left without users is erased.
//!
//! An affine function here is built from constants, the IVs of `affine.for` and
//! `affine.parallel`, symbols (index values defined at the function's top level, as
//! MLIR's affine scope rules ask), `arith.addi`, `arith.subi`, `arith.muli` by a
//! constant, `affine.apply`, `arith.floordivsi` / `arith.ceildivsi` by a positive
//! constant, and `lower-affine`'s `select` forms of `mod`, `floordiv` and `ceildiv`. Anything else (a loaded value, a division, a counter of
//! another integer type) keeps its op as it was, with the reason. The rewrite changes
//! no value: the same iterations, in the same order, read and write the same elements.
//! Tessel's own output (`tessel.generated`) is left as it is.

use crate::analysis::affine_map::{affine_map_attr, integer_attr};
use crate::analysis::detect::is_generated;
use crate::analysis::symbols::{is_affine_iv, is_top_level};
use crate::ir::{
    self, AffineExpr, AffineExprKind, AffineMap, Attr, Blk, IntegerSet, Location, Op, OpBuilder,
    Type, Val,
};
use std::collections::HashMap;

/// Why an op stays as it was (after `tessel: kept this '<op>': `).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Kept {
    #[error("its counter is not of type index")]
    CounterType,
    #[error("its step is not a positive constant")]
    Step,
    #[error("its {what} is not affine: {why}")]
    NotAffine { what: &'static str, why: NotAffine },
    #[error("it yields values")]
    Yields,
    #[error("its condition is not a conjunction of signed comparisons (eq, sge, sgt, sle, slt) of index values")]
    Condition,
    #[error("the raised op was not built")]
    NotBuilt,
}

/// Why an index value is no affine function of IVs and symbols.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotAffine {
    #[error("a value computed by '{0}'")]
    ComputedBy(String),
    #[error("a block argument of '{0}' that is not an affine loop's IV")]
    BlockArgument(String),
    #[error("a product of two values that are not constants")]
    Product,
    #[error("a constant beyond 2^31 in magnitude")]
    LargeConstant,
    #[error("an expression nested more than {MAX_DEPTH} deep")]
    TooDeep,
}

/// How deep an index expression may nest: hostile input can't exhaust the stack.
const MAX_DEPTH: usize = 64;
/// Constants beyond this magnitude are left alone: MLIR folds affine constants in
/// 64-bit arithmetic without overflow checks.
const MAX_CONSTANT: i64 = 1 << 31;

/// What the pass did to one function, for its remarks.
#[derive(Default)]
pub struct Report {
    pub loops: usize,
    pub conditions: usize,
    pub accesses: usize,
    /// The ops left as they were, in program order, with the reason.
    pub kept: Vec<(Op, Kept)>,
}

/// Raises what can be raised in `func` (see the module's documentation).
pub fn function(func: Op) -> Report {
    let mut report = Report::default();
    let mut dead = Vec::new();
    for r in 0..func.num_regions() {
        for block in func.region_blocks(r) {
            raise_loops(func, block, &mut report, &mut dead);
        }
    }
    for op in func.nested_ops() {
        if !matches!(op.name().as_str(), "memref.load" | "memref.store") || in_generated(op) {
            continue;
        }
        match raise_access(func, op, &mut dead) {
            Ok(()) => report.accesses += 1,
            // Only an access whose innermost loop is affine is a loss of its own:
            // outside loops it is none, and a loop kept around it has its remark.
            Err(why) if innermost_loop_is_affine(op) => report.kept.push((op, why)),
            Err(_) => {}
        }
    }
    erase_dead(dead);
    report
}

/// Raises the `scf.for` ops of `block`, outermost first, so that an inner loop's
/// bounds may use the IVs of the loops raised around it.
fn raise_loops(func: Op, block: Blk, report: &mut Report, dead: &mut Vec<Op>) {
    for op in block.ops() {
        if is_generated(op) {
            continue;
        }
        let raised = match op.name().as_str() {
            "scf.for" => Some(raise_loop(func, op, dead)),
            // A conditional outside loops is no part of a nest: left as it is.
            "scf.if" if in_affine_loop(op) => Some(raise_if(func, op, dead)),
            _ => None,
        };
        let op = if let Some(raised) = raised {
            match raised {
                Ok(new) => {
                    if new.name() == "affine.for" {
                        report.loops += 1;
                    } else {
                        report.conditions += 1;
                    }
                    new
                }
                Err(why) => {
                    report.kept.push((op, why));
                    op
                }
            }
        } else {
            op
        };
        for r in 0..op.num_regions() {
            for inner in op.region_blocks(r) {
                raise_loops(func, inner, report, dead);
            }
        }
    }
}

/// `scf.for %i = %lb to %ub step %s iter_args(...)` → `affine.for` with the same
/// body; returns the new loop. On an error nothing has changed.
fn raise_loop(func: Op, op: Op, dead: &mut Vec<Op>) -> Result<Op, Kept> {
    let (Some(body), Some(block)) = (op.body(0), op.block()) else {
        return Err(Kept::NotBuilt);
    };
    let (Some(lb), Some(ub), Some(step)) = (op.operand(0), op.operand(1), op.operand(2)) else {
        return Err(Kept::NotBuilt);
    };
    if !body.arg(0).is_some_and(Val::is_index) {
        return Err(Kept::CounterType);
    }
    let step = constant(step).filter(|s| *s > 0).ok_or(Kept::Step)?;
    let not_affine = |what| move |why| Kept::NotAffine { what, why };
    // A maximum of lower bounds, a minimum of upper bounds: one result each, as
    // affine.for's maps mean them (and as lower-affine writes multi-result maps).
    let lower =
        Subscripts::of(func, &flatten(lb, "arith.maxsi")).map_err(not_affine("lower bound"))?;
    let upper =
        Subscripts::of(func, &flatten(ub, "arith.minsi")).map_err(not_affine("upper bound"))?;
    let inits: Vec<Val> = op.operands().into_iter().skip(3).collect();
    let ctx = op.context();
    let index = Type::index(ctx);
    let mut arg_types = vec![index];
    arg_types.extend(inits.iter().map(|v| v.ty()));
    let result_types: Vec<Type> = op.results().iter().map(|v| v.ty()).collect();
    let segment = |n: usize| i32::try_from(n).map_err(|_| Kept::NotBuilt);
    let segments = [
        segment(lower.operands.len())?,
        segment(upper.operands.len())?,
        segment(inits.len())?,
    ];
    let mut operands = lower.operands.clone();
    operands.extend(upper.operands.iter().copied());
    operands.extend(inits.iter().copied());
    let (builder, new_body) = OpBuilder::new("affine.for", op.location())
        .operands(&operands)
        .results(&result_types)
        .attr("lowerBoundMap", Attr::affine_map(lower.map))
        .attr("upperBoundMap", Attr::affine_map(upper.map))
        .attr("step", Attr::integer(index, step))
        .attr("operandSegmentSizes", Attr::dense_i32_array(ctx, &segments))
        .region_with_block(&arg_types);
    let raised = block.insert_before(op, builder.build()).op();
    move_body(body, new_body, op.location());
    for (old, new) in op.results().into_iter().zip(raised.results()) {
        old.replace_all_uses_with(new);
    }
    dead.extend([lb, ub].into_iter().filter_map(Val::defining_op));
    dead.extend(op.operand(2).and_then(Val::defining_op));
    ir::erase_all(vec![op], |_| false);
    Ok(raised)
}

/// `scf.if %c { ... } else { ... }` without results, `%c` a conjunction of
/// comparisons of affine functions, → `affine.if` over the integer set they define.
fn raise_if(func: Op, op: Op, dead: &mut Vec<Op>) -> Result<Op, Kept> {
    if op.num_results() > 0 {
        return Err(Kept::Yields);
    }
    let (Some(block), Some(condition)) = (op.block(), op.operand(0)) else {
        return Err(Kept::NotBuilt);
    };
    let mut comparisons = Vec::new();
    for c in flatten(condition, "arith.andi") {
        let def = c.defining_op().filter(|d| d.name() == "arith.cmpi");
        let predicate = def
            .and_then(|d| d.attr("predicate"))
            .and_then(Attr::as_integer);
        let (Some(def), Some(predicate)) = (def, predicate) else {
            return Err(Kept::Condition);
        };
        let (Some(l), Some(r)) = (def.operand(0), def.operand(1)) else {
            return Err(Kept::Condition);
        };
        comparisons.push((predicate, l, r));
    }
    let values: Vec<Val> = comparisons.iter().flat_map(|(_, l, r)| [*l, *r]).collect();
    if !values.iter().all(|v| v.is_index()) {
        return Err(Kept::Condition);
    }
    let sides = Subscripts::of(func, &values).map_err(|why| Kept::NotAffine {
        what: "condition",
        why,
    })?;
    let exprs = sides.map.results();
    let ctx = op.context();
    let one = AffineExpr::constant(ctx, 1);
    let mut constraints = Vec::new();
    for (k, (predicate, _, _)) in comparisons.iter().enumerate() {
        let (l, r) = (exprs[2 * k], exprs[2 * k + 1]);
        // arith.cmpi's predicates: eq 0, sge 5, sgt 4, sle 3, slt 2 (ne and the
        // unsigned ones have no affine form).
        constraints.push(match predicate {
            0 => (l - r, true),
            5 => (l - r, false),
            4 => (l - r - one, false),
            3 => (r - l, false),
            2 => (r - l - one, false),
            _ => return Err(Kept::Condition),
        });
    }
    let set = IntegerSet::with_symbols(
        ctx,
        sides.map.num_dims(),
        sides.map.num_symbols(),
        &constraints,
    );
    let (builder, then_block) = OpBuilder::new("affine.if", op.location())
        .operands(&sides.operands)
        .attr("condition", Attr::integer_set(set))
        .region_with_block(&[]);
    let (Some(then_body), else_body) = (op.body(0), op.body(1)) else {
        return Err(Kept::NotBuilt);
    };
    let (builder, else_block) = match else_body {
        Some(_) => {
            let (b, e) = builder.region_with_block(&[]);
            (b, Some(e))
        }
        None => (builder.empty_region(), None),
    };
    let raised = block.insert_before(op, builder.build()).op();
    move_body(then_body, then_block, op.location());
    if let (Some(from), Some(to)) = (else_body, else_block) {
        move_body(from, to, op.location());
    }
    dead.extend(condition.defining_op());
    ir::erase_all(vec![op], |_| false);
    Ok(raised)
}

/// Moves the ops of `from` but its terminator into the empty block `to`, ended by
/// an `affine.yield` of what the terminator yielded; `from`'s arguments' uses become
/// `to`'s.
fn move_body(from: Blk, to: Blk, loc: Location) {
    let terminator = from.terminator();
    let yielded = terminator.map(Op::operands).unwrap_or_default();
    let new_yield = to
        .append(
            OpBuilder::new("affine.yield", loc)
                .operands(&yielded)
                .build(),
        )
        .op();
    for inner in from.ops() {
        if Some(inner) != terminator {
            inner.move_before(new_yield);
        }
    }
    for i in 0..from.num_args() {
        if let (Some(old), Some(new)) = (from.arg(i), to.arg(i)) {
            old.replace_all_uses_with(new);
        }
    }
}

/// `memref.load %m[%a, %b]` → `affine.load %m[map(...)]`, and the same for stores.
fn raise_access(func: Op, op: Op, dead: &mut Vec<Op>) -> Result<(), Kept> {
    let is_load = op.name() == "memref.load";
    if op
        .attr("nontemporal")
        .is_some_and(|a| a.as_integer().is_some_and(|x| x != 0))
    {
        // affine.load has no nontemporal hint: raising would drop it.
        return Err(Kept::NotBuilt);
    }
    let operands = op.operands();
    let first_index = if is_load { 1 } else { 2 };
    let indices = operands.get(first_index..).unwrap_or_default();
    let subscripts = Subscripts::of(func, indices).map_err(|why| Kept::NotAffine {
        what: "subscript",
        why,
    })?;
    let (Some(block), Some(memref)) = (op.block(), operands.get(first_index - 1)) else {
        return Err(Kept::NotBuilt);
    };
    let mut new_operands = operands[..first_index - 1].to_vec();
    new_operands.push(*memref);
    new_operands.extend(subscripts.operands.iter().copied());
    let name = if is_load {
        "affine.load"
    } else {
        "affine.store"
    };
    let result_types: Vec<Type> = op.results().iter().map(|v| v.ty()).collect();
    let new = block
        .insert_before(
            op,
            OpBuilder::new(name, op.location())
                .operands(&new_operands)
                .results(&result_types)
                .attr("map", Attr::affine_map(subscripts.map))
                .build(),
        )
        .op();
    for (old, new) in op.results().into_iter().zip(new.results()) {
        old.replace_all_uses_with(new);
    }
    dead.extend(indices.iter().filter_map(|v| v.defining_op()));
    ir::erase_all(vec![op], |_| false);
    Ok(())
}

/// Index values as one affine map over the IVs (dims) and symbols they use.
struct Subscripts {
    map: AffineMap,
    operands: Vec<Val>,
}

impl Subscripts {
    fn of(func: Op, values: &[Val]) -> Result<Subscripts, NotAffine> {
        let mut b = ExprBuilder {
            func,
            dims: Vec::new(),
            symbols: Vec::new(),
            memo: HashMap::new(),
            memoized: Vec::new(),
        };
        let exprs = values
            .iter()
            .map(|v| b.expr(*v, 0))
            .collect::<Result<Vec<_>, _>>()?;
        // MLIR numbers dims and symbols apart, as the builder does; the operands
        // list the dims, then the symbols.
        let map = AffineMap::with_symbols(func.context(), b.dims.len(), b.symbols.len(), &exprs);
        let mut operands = b.dims;
        operands.extend(b.symbols);
        Ok(Subscripts { map, operands })
    }
}

/// Builds affine expressions of index values: the k-th IV met is `d<k>`, the k-th
/// symbol `s<k>`.
struct ExprBuilder {
    func: Op,
    dims: Vec<Val>,
    symbols: Vec<Val>,
    memo: HashMap<Val, AffineExpr>,
    /// The keys of `memo` in the order they were added.
    memoized: Vec<Val>,
}

impl ExprBuilder {
    fn expr(&mut self, v: Val, depth: usize) -> Result<AffineExpr, NotAffine> {
        if let Some(e) = self.memo.get(&v) {
            return Ok(*e);
        }
        if depth > MAX_DEPTH {
            return Err(NotAffine::TooDeep);
        }
        let e = self.expr_uncached(v, depth)?;
        self.memo.insert(v, e);
        self.memoized.push(v);
        Ok(e)
    }

    fn expr_uncached(&mut self, v: Val, depth: usize) -> Result<AffineExpr, NotAffine> {
        let ctx = self.func.context();
        if let Some(c) = constant(v) {
            if c.abs() > MAX_CONSTANT {
                return Err(NotAffine::LargeConstant);
            }
            return Ok(AffineExpr::constant(ctx, c));
        }
        if is_affine_iv(v) {
            return Ok(AffineExpr::dim(ctx, position(&mut self.dims, v)));
        }
        // Look through index arithmetic first, also at the top level, so that
        // `%n + 1` computed before the loops is `s0 + 1` over `%n`, as the affine
        // form writes it; a top-level value that is no such function is a symbol.
        let saved = (self.dims.len(), self.symbols.len(), self.memoized.len());
        match self.arithmetic(v, depth) {
            Ok(e) => Ok(e),
            Err(_) if self.is_symbol(v) => {
                // Forget what the failed attempt numbered.
                self.dims.truncate(saved.0);
                self.symbols.truncate(saved.1);
                for k in self.memoized.drain(saved.2..) {
                    self.memo.remove(&k);
                }
                Ok(AffineExpr::symbol(ctx, position(&mut self.symbols, v)))
            }
            Err(why) => Err(why),
        }
    }

    /// `v` as the affine function its defining index arithmetic computes.
    fn arithmetic(&mut self, v: Val, depth: usize) -> Result<AffineExpr, NotAffine> {
        let Some(def) = v.defining_op() else {
            let owner = v.owner_op().map(Op::name).unwrap_or_default();
            return Err(NotAffine::BlockArgument(owner));
        };
        let name = def.name();
        let operand = |i: usize, this: &mut Self| match def.operand(i) {
            Some(o) => this.expr(o, depth + 1),
            None => Err(NotAffine::ComputedBy(name.clone())),
        };
        match def.name().as_str() {
            "arith.addi" => Ok(operand(0, self)? + operand(1, self)?),
            "arith.subi" => Ok(operand(0, self)? - operand(1, self)?),
            "arith.muli" => {
                let (l, r) = (operand(0, self)?, operand(1, self)?);
                let is_constant =
                    |e: AffineExpr| matches!(e.kind(), Some(AffineExprKind::Constant(_)));
                if !is_constant(l) && !is_constant(r) {
                    return Err(NotAffine::Product);
                }
                Ok(l * r)
            }
            "affine.apply" => {
                let map = affine_map_attr(def, "map")
                    .filter(|m| m.results().len() == 1 && m.num_inputs() == def.num_operands())
                    .ok_or_else(|| NotAffine::ComputedBy(def.name()))?;
                let args = (0..def.num_operands())
                    .map(|i| operand(i, self))
                    .collect::<Result<Vec<_>, _>>()?;
                let (dims, symbols) = args.split_at(map.num_dims());
                map.results()
                    .first()
                    .and_then(|r| substitute(*r, dims, symbols))
                    .ok_or_else(|| NotAffine::ComputedBy(def.name()))
            }
            "arith.floordivsi" | "arith.ceildivsi" => {
                let (l, divisor) = (operand(0, self)?, def.operand(1).and_then(constant));
                let divisor = divisor
                    .filter(|d| (1..=MAX_CONSTANT).contains(d))
                    .ok_or_else(|| NotAffine::ComputedBy(def.name()))?;
                let d = AffineExpr::constant(self.func.context(), divisor);
                Ok(if def.name() == "arith.floordivsi" {
                    l.floor_div(d)
                } else {
                    l.ceil_div(d)
                })
            }
            "arith.select" => {
                let (form, x, divisor) =
                    division_form(def).ok_or_else(|| NotAffine::ComputedBy(def.name()))?;
                let x = self.expr(x, depth + 1)?;
                let d = AffineExpr::constant(self.func.context(), divisor);
                Ok(match form {
                    Division::Mod => x.modulo(d),
                    Division::Floor => x.floor_div(d),
                    Division::Ceil => x.ceil_div(d),
                })
            }
            _ => Err(NotAffine::ComputedBy(def.name())),
        }
    }

    /// A symbol in MLIR's affine scope rules: an index value defined at the top level
    /// of the function.
    fn is_symbol(&self, v: Val) -> bool {
        v.is_index() && is_top_level(v)
    }
}

/// Which division a `select` form computes.
enum Division {
    Mod,
    Floor,
    Ceil,
}

/// `x mod c`, `x floordiv c` or `x ceildiv c` (c a positive constant) in the form
/// upstream's `lower-affine` expands them to, which a front end lowering affine code
/// emits too: `remsi`/`divsi`, which round towards zero, corrected by a `select` on
/// the sign. Returns the division, `x` and `c`; only these exact shapes are read, so
/// each is the division it stands for whatever the signs:
/// - mod: `select(r < 0, r + c, r)` with `r = remsi(x, c)`;
/// - floordiv: `select(x < 0, -1 - q, q)` with `q = divsi(select(x < 0, -1 - x, x), c)`;
/// - ceildiv: `select(x <= 0, 0 - q, q + 1)` with
///   `q = divsi(select(x <= 0, 0 - x, x - 1), c)`.
fn division_form(select: Op) -> Option<(Division, Val, i64)> {
    const SLT: i64 = 2;
    const SLE: i64 = 3;
    let (cond, a, b) = (select.operand(0)?, select.operand(1)?, select.operand(2)?);
    let compared = |pred: i64| -> Option<Val> {
        let c = defined_by(cond, "arith.cmpi")?;
        (c.attr("predicate")?.as_integer()? == pred && constant(c.operand(1)?)? == 0)
            .then_some(c.operand(0))
            .flatten()
    };
    let positive = |v: Val| constant(v).filter(|c| (1..=MAX_CONSTANT).contains(c));
    // mod
    if let Some(r) = defined_by(b, "arith.remsi") {
        let (x, c) = (r.operand(0)?, positive(r.operand(1)?)?);
        let add = defined_by(a, "arith.addi")?;
        let adds_c = add.operand(0)? == b && constant(add.operand(1)?)? == c;
        return (compared(SLT)? == b && adds_c).then_some((Division::Mod, x, c));
    }
    // floordiv
    if let Some(q) = defined_by(b, "arith.divsi") {
        let (t, c) = (q.operand(0)?, positive(q.operand(1)?)?);
        let x = compared(SLT)?;
        let is_minus_one_minus = |v: Val, of: Val| {
            defined_by(v, "arith.subi").is_some_and(|s| {
                s.operand(0).and_then(constant) == Some(-1) && s.operand(1) == Some(of)
            })
        };
        let inner = defined_by(t, "arith.select")?;
        let inner_ok = inner.operand(0)? == cond
            && is_minus_one_minus(inner.operand(1)?, x)
            && inner.operand(2)? == x;
        return (is_minus_one_minus(a, b) && inner_ok).then_some((Division::Floor, x, c));
    }
    // ceildiv
    let minus_q = defined_by(a, "arith.subi")?;
    let q = minus_q.operand(1)?;
    let plus_one = defined_by(b, "arith.addi")?;
    let div = defined_by(q, "arith.divsi")?;
    let (t, c) = (div.operand(0)?, positive(div.operand(1)?)?);
    let x = compared(SLE)?;
    let inner = defined_by(t, "arith.select")?;
    let negated = defined_by(inner.operand(1)?, "arith.subi")?;
    let decremented = defined_by(inner.operand(2)?, "arith.subi")?;
    let ok = constant(minus_q.operand(0)?)? == 0
        && plus_one.operand(0)? == q
        && constant(plus_one.operand(1)?)? == 1
        && inner.operand(0)? == cond
        && constant(negated.operand(0)?)? == 0
        && negated.operand(1)? == x
        && decremented.operand(0)? == x
        && constant(decremented.operand(1)?)? == 1;
    ok.then_some((Division::Ceil, x, c))
}

/// The op defining `v`, if it is a `name`.
fn defined_by(v: Val, name: &str) -> Option<Op> {
    v.defining_op().filter(|d| d.name() == name)
}

/// The operands of a tree of `combine` ops rooted at `v`, left to right (`v` alone if
/// it is no such op).
fn flatten(v: Val, combine: &str) -> Vec<Val> {
    match v.defining_op() {
        Some(def) if def.name() == combine && def.num_operands() == 2 => def
            .operands()
            .into_iter()
            .flat_map(|o| flatten(o, combine))
            .collect(),
        _ => vec![v],
    }
}

/// The position of `v` in `list`, appended if new.
fn position(list: &mut Vec<Val>, v: Val) -> usize {
    list.iter().position(|x| *x == v).unwrap_or_else(|| {
        list.push(v);
        list.len() - 1
    })
}

/// `e` with `d<k>` replaced by `dims[k]` and `s<k>` by `symbols[k]`.
fn substitute(e: AffineExpr, dims: &[AffineExpr], symbols: &[AffineExpr]) -> Option<AffineExpr> {
    let sub = |x: AffineExpr| substitute(x, dims, symbols);
    Some(match e.kind()? {
        AffineExprKind::Dim(k) => *dims.get(k)?,
        AffineExprKind::Symbol(k) => *symbols.get(k)?,
        AffineExprKind::Constant(_) => e,
        AffineExprKind::Add(l, r) => sub(l)? + sub(r)?,
        AffineExprKind::Mul(l, r) => sub(l)? * sub(r)?,
        AffineExprKind::FloorDiv(l, r) => sub(l)?.floor_div(sub(r)?),
        AffineExprKind::CeilDiv(l, r) => sub(l)?.ceil_div(sub(r)?),
        AffineExprKind::Mod(l, r) => sub(l)?.modulo(sub(r)?),
    })
}

/// The value of an integer `arith.constant`.
fn constant(v: Val) -> Option<i64> {
    v.defining_op()
        .filter(|d| d.name() == "arith.constant")
        .and_then(|d| integer_attr(d, "value"))
}

/// Is `op` inside an `affine.for` or `affine.parallel`?
fn in_affine_loop(op: Op) -> bool {
    op.ancestors()
        .any(|p| matches!(p.name().as_str(), "affine.for" | "affine.parallel"))
}

/// Is the innermost loop around `op` an affine one?
fn innermost_loop_is_affine(op: Op) -> bool {
    op.ancestors()
        .find_map(|p| match p.name().as_str() {
            "affine.for" | "affine.parallel" => Some(true),
            "scf.for" | "scf.while" | "scf.parallel" | "scf.forall" => Some(false),
            _ => None,
        })
        .unwrap_or(false)
}

/// Is `op` inside Tessel's own output? A later pass leaves that as it is.
fn in_generated(op: Op) -> bool {
    op.ancestors().any(is_generated)
}

/// Erases the ops in `candidates` that are pure and unused, then those of their
/// operands' definitions that become so.
fn erase_dead(mut candidates: Vec<Op>) {
    let mut erased = std::collections::HashSet::new();
    while let Some(op) = candidates.pop() {
        if erased.contains(&op)
            || op.num_results() == 0
            || !ir::is_pure(op)
            || op.results().iter().any(|r| !r.users().is_empty())
        {
            continue;
        }
        let operands: Vec<Op> = op
            .operands()
            .into_iter()
            .filter_map(Val::defining_op)
            .collect();
        erased.insert(op);
        ir::erase_all(vec![op], |_| false);
        candidates.extend(operands);
    }
}
