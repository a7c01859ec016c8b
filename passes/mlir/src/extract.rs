//! extract: a run of `affine` ops → the polyhedral model (`tessel_poly::Scop`), plus
//! what codegen needs to rebuild every statement.
//!
//! A *statement* is an op that writes memory (`affine.store`, `memref.store`) together
//! with the loads and pure ops of its block that feed it. SSA values that cross from one
//! statement to another (a loaded value used by two stores, a value defined in an outer
//! loop body and used in an inner one, `iter_args` and loop results) are demoted to
//! scalar memrefs ("reg2mem", as Polymer does). Demotion is virtual: the input IR is not
//! touched here; codegen materializes the scalars only once the new code is ready.

use crate::aff::Aff;
use crate::ir::{Blk, Op, Val};
use mlir_sys::*;
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
    /// Clone this op, remapping its operands.
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
    /// `params[k]` is the SSA value of `model.params[k]`.
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
    If,
    Store,
    Load,
    Pure,
    Yield,
    Other,
}

fn kind(op: Op) -> Kind {
    match op.name().as_str() {
        "affine.for" => Kind::For,
        "affine.if" => Kind::If,
        "affine.store" | "memref.store" => Kind::Store,
        "affine.load" | "memref.load" => Kind::Load,
        "affine.yield" => Kind::Yield,
        _ if crate::ir::is_pure(op) => Kind::Pure,
        _ => Kind::Other,
    }
}

/// Can `op` sit at the top level of a run?
pub fn is_run_member(op: Op) -> bool {
    matches!(kind(op), Kind::For | Kind::If | Kind::Store | Kind::Load | Kind::Pure)
}

/// Does `op` start a loop nest or statement worth keeping the run for?
pub fn is_run_unit(op: Op) -> bool {
    matches!(kind(op), Kind::For | Kind::If | Kind::Store)
}

struct Loop {
    iv: Val,
    name: String,
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
    params: Vec<Val>,
    param_names: Vec<String>,
    arrays: HashMap<Val, String>,
    scalars: Vec<MlirType>,
    scalar_of: HashMap<Val, usize>,
    live_outs: Vec<(Val, usize)>,
    statements: Vec<(Statement, StatementCode)>,
    current_unit: usize,
    op_order: HashMap<Op, (usize, usize)>,
    context: Vec<String>,
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
        param_names: vec![],
        arrays: HashMap::new(),
        scalars: vec![],
        scalar_of: HashMap::new(),
        live_outs: vec![],
        statements: vec![],
        current_unit: 0,
        op_order: HashMap::new(),
        context: vec![],
    };
    let result = ex.block_ops(run, None);
    if let Err((op, reason)) = result {
        let unit = run.iter().position(|u| op.is_within(*u)).unwrap_or(ex.current_unit);
        return Err(ExtractError { unit, op, reason });
    }
    Ok(ex.finish())
}

impl Extractor {
    fn finish(self) -> ExtractedScop {
        let params = self.param_names.join(", ");
        let with_params = |body: &str| format!("[{params}] -> {{ {body} }}");
        let context = if self.context.is_empty() {
            with_params(":")
        } else {
            with_params(&format!(": {}", self.context.join(" and ")))
        };
        let _ = &with_params;
        let (statements, code): (Vec<_>, Vec<_>) = self.statements.into_iter().unzip();
        ExtractedScop {
            model: Scop { params: self.param_names, context, statements },
            ops: self.run,
            params: self.params,
            statements: code,
            scalars: self.scalars,
            live_outs: self.live_outs,
        }
    }

    fn in_run(&self, op: Op) -> bool {
        self.run.iter().any(|r| op.is_within(*r))
    }

    fn loop_of_iv(&self, v: Val) -> Option<&Loop> {
        self.loops.iter().find(|l| l.iv == v)
    }

    fn params_prefix(&self) -> String {
        format!("[{}]", self.param_names.join(", "))
    }

    // ---- values as affine expressions --------------------------------------------

    /// An index value as an isl affine expression over loop IVs and parameters.
    fn affine_value(&mut self, v: Val, user: Op) -> Result<Aff> {
        if let Some(l) = self.loop_of_iv(v) {
            return Ok(Aff::atom(l.name.clone()));
        }
        if let Some(def) = v.defining_op() {
            if def.name() == "arith.constant" {
                if let Some(c) = def.attr("value").and_then(integer_attr) {
                    return Ok(Aff::constant(c));
                }
            }
            if self.in_run(def) {
                match def.name().as_str() {
                    "affine.apply" => {
                        let map = affine_map_attr(def, "map").ok_or((def, "affine.apply without map".to_string()))?;
                        let args = def
                            .operands()
                            .into_iter()
                            .map(|o| self.affine_value(o, def))
                            .collect::<Result<Vec<_>>>()?;
                        let results = map_results(map, &args).map_err(|e| (def, e))?;
                        if results.len() == 1 {
                            return Ok(results[0].clone());
                        }
                    }
                    "arith.addi" | "arith.subi" | "arith.muli" => {
                        let a = self.affine_value(def.operand(0), def)?;
                        let b = self.affine_value(def.operand(1), def)?;
                        let result = match def.name().as_str() {
                            "arith.addi" => Some(a.add(&b)),
                            "arith.subi" => Some(a.sub(&b)),
                            _ => a.mul(&b),
                        };
                        if let Some(r) = result {
                            return Ok(r);
                        }
                    }
                    "arith.index_cast" | "arith.index_castui" => {
                        return self.affine_value(def.operand(0), def);
                    }
                    _ => {}
                }
                // A value computed inside the run: a symbol only if it is loop-invariant
                // and reads no memory (it stays in place, before the new code).
                if def.parent() == self.run[0].parent() && self.invariant(def) {
                    return Ok(Aff::atom(self.param(v)));
                }
                return fail(user, format!("operand defined by '{}' is not an affine function of loop IVs and parameters", def.name()));
            }
        } else if let Some((_, _)) = v.block_argument() {
            if let Some(owner) = v.owner_op() {
                if self.in_run(owner) {
                    return fail(user, format!("operand is a block argument of '{}' that is not an enclosing loop IV", owner.name()));
                }
            }
        }
        if !v.is_index_like() {
            return fail(user, format!("symbol of type {} is not an integer", v.type_string()));
        }
        Ok(Aff::atom(self.param(v)))
    }

    /// A top-level op of the run that neither reads memory nor depends on a read.
    fn invariant(&self, op: Op) -> bool {
        if !crate::ir::is_pure(op) {
            return false;
        }
        op.operands().into_iter().all(|o| match o.defining_op() {
            Some(d) if self.in_run(d) => d.parent() == self.run[0].parent() && self.invariant(d),
            Some(_) => true,
            None => o.owner_op().map_or(true, |owner| !self.in_run(owner)),
        })
    }

    fn param(&mut self, v: Val) -> String {
        if let Some(k) = self.params.iter().position(|p| *p == v) {
            return self.param_names[k].clone();
        }
        let name = format!("p{}", self.params.len());
        if v.defining_op().is_some_and(|d| d.name() == "memref.dim") {
            self.context.push(format!("{name} >= 0"));
        }
        self.params.push(v);
        self.param_names.push(name.clone());
        name
    }

    /// The isl texts of the results of an affine map attribute applied to `operands`.
    fn map_exprs(&mut self, op: Op, attr: &str, operands: &[Val]) -> Result<Vec<Aff>> {
        let map = affine_map_attr(op, attr).ok_or((op, format!("missing affine map '{attr}'")))?;
        let args = operands
            .iter()
            .map(|o| self.affine_value(*o, op))
            .collect::<Result<Vec<_>>>()?;
        map_results(map, &args).map_err(|e| (op, e))
    }

    // ---- arrays and accesses ------------------------------------------------------

    fn array(&mut self, memref: Val, user: Op) -> Result<String> {
        let mut base = memref;
        while let Some(d) = base.defining_op() {
            if d.name() == "memref.cast" {
                base = d.operand(0);
            } else {
                break;
            }
        }
        if let Some(owner) = base.owner_op() {
            if self.in_run(owner) {
                return fail(user, format!("memref defined by '{}' inside the loop nest", owner.name()));
            }
        }
        if let Some(d) = base.defining_op() {
            if matches!(d.name().as_str(), "memref.subview" | "memref.view" | "memref.reinterpret_cast") {
                return fail(user, format!("memref '{}' may alias another array", d.name()));
            }
        }
        let n = self.arrays.len();
        Ok(self.arrays.entry(base).or_insert_with(|| format!("A{n}")).clone())
    }

    /// The access of a load or store: (array, subscript texts).
    fn access(&mut self, op: Op) -> Result<(String, Vec<String>)> {
        let (memref_index, first_index) = match op.name().as_str() {
            "affine.store" | "memref.store" => (1, 2),
            _ => (0, 1),
        };
        let array = self.array(op.operand(memref_index), op)?;
        let indices: Vec<Val> = op.operands()[first_index..].to_vec();
        let subscripts = if op.name().starts_with("affine.") {
            self.map_exprs(op, "map", &indices)?
        } else {
            indices.iter().map(|i| self.affine_value(*i, op)).collect::<Result<Vec<_>>>()?
        };
        let subscripts = subscripts.iter().map(Aff::to_string).collect();
        Ok((array, subscripts))
    }

    // ---- blocks -------------------------------------------------------------------

    /// Walks the ops of one block: the run itself (`for_op` None) or a loop/if body.
    fn block_ops(&mut self, ops: &[Op], for_op: Option<Op>) -> Result<()> {
        let depth = self.loops.len();
        for (i, op) in ops.iter().enumerate() {
            self.op_order.insert(*op, (depth, i));
        }
        self.register_loop_results(ops);
        let demoted = self.demoted_values(ops)?;
        let mut position = 0usize;
        for (i, &op) in ops.iter().enumerate() {
            if for_op.is_none() {
                self.current_unit = i;
            }
            match kind(op) {
                Kind::For => {
                    self.loop_op(op, &mut position)?;
                }
                Kind::If => self.if_op(op, &mut position)?,
                Kind::Store => {
                    self.statement(op, Root::Store, &demoted, position)?;
                    position += 1;
                }
                Kind::Yield => {
                    let Some(f) = for_op else {
                        if op.num_operands() == 0 {
                            continue;
                        }
                        return fail(op, "affine.if yielding values is not supported");
                    };
                    if op.num_operands() > 0 {
                        let scalars: Vec<usize> = (0..op.num_operands())
                            .map(|k| self.scalar_of[&f.result(k)])
                            .collect();
                        self.statement(op, Root::Yield(scalars), &demoted, position)?;
                        position += 1;
                    }
                }
                Kind::Load | Kind::Pure => {
                    if demoted.contains(&op) {
                        let s = self.new_scalar(op.result(0));
                        self.statement(op, Root::Value(s), &demoted, position)?;
                        position += 1;
                        if for_op.is_none() && op.result(0).users().iter().any(|u| !self.in_run(*u)) {
                            self.live_outs.push((op.result(0), s));
                        }
                    }
                }
                Kind::Other => {
                    return fail(op, format!("'{}' has effects the polyhedral model can't represent", op.name()));
                }
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

    /// Load-dependent values of the block that must go through a scalar: used by more
    /// than one statement, used in a nested block or after the run, or read before a
    /// write that could change what they read.
    fn demoted_values(&mut self, ops: &[Op]) -> Result<HashSet<Op>> {
        let index: HashMap<Op, usize> = ops.iter().enumerate().map(|(i, o)| (*o, i)).collect();
        let mut load_dependent: HashSet<Op> = HashSet::new();
        for &op in ops {
            let k = kind(op);
            if k == Kind::Load
                || (k == Kind::Pure
                    && op.operands().iter().any(|o| {
                        self.scalar_backed(*o)
                            || o.defining_op().is_some_and(|d| load_dependent.contains(&d))
                    }))
            {
                if op.num_results() != 1 {
                    return fail(op, "multi-result op reading memory");
                }
                load_dependent.insert(op);
            }
        }
        let writes = |i: usize| matches!(kind(ops[i]), Kind::Store | Kind::For | Kind::If);
        let mut demoted = HashSet::new();
        // consumers[op]: the statement roots that use op's value, through the slice.
        let mut consumers: HashMap<Op, HashSet<usize>> = HashMap::new();
        for (i, &op) in ops.iter().enumerate().rev() {
            if !load_dependent.contains(&op) {
                continue;
            }
            let mut mine = HashSet::new();
            let mut escapes = false;
            for user in op.result(0).users() {
                match index.get(&user) {
                    Some(&u) => match kind(user) {
                        Kind::Store | Kind::Yield => {
                            mine.insert(u);
                        }
                        _ if demoted.contains(&user) => {
                            mine.insert(u);
                        }
                        Kind::Pure | Kind::Load => mine.extend(consumers.get(&user).cloned().unwrap_or_default()),
                        _ => escapes = true,
                    },
                    None => escapes = true,
                }
            }
            let single = (mine.len() == 1).then(|| *mine.iter().next().unwrap_or(&i));
            let write_between = single.is_some_and(|r| (i + 1..r).any(writes));
            if escapes || mine.len() > 1 || write_between {
                demoted.insert(op);
                consumers.insert(op, HashSet::from([i]));
            } else {
                consumers.insert(op, mine);
            }
        }
        Ok(demoted)
    }

    /// Is `v` read from a demoted scalar (iter_args, loop results, demoted values)?
    fn scalar_backed(&self, v: Val) -> bool {
        self.scalar_of.contains_key(&v)
    }

    fn loop_op(&mut self, op: Op, position: &mut usize) -> Result<()> {
        let lb_map = affine_map_attr(op, "lowerBoundMap").ok_or((op, "missing lowerBoundMap".to_string()))?;
        let ub_map = affine_map_attr(op, "upperBoundMap").ok_or((op, "missing upperBoundMap".to_string()))?;
        let n_lb = unsafe { mlirAffineMapGetNumInputs(lb_map) } as usize;
        let n_ub = unsafe { mlirAffineMapGetNumInputs(ub_map) } as usize;
        let operands = op.operands();
        let inits = operands[n_lb + n_ub..].to_vec();
        let lbs = self.map_exprs(op, "lowerBoundMap", &operands[..n_lb])?;
        let ubs = self.map_exprs(op, "upperBoundMap", &operands[n_lb..n_lb + n_ub])?;
        let step = op.attr("step").and_then(integer_attr).unwrap_or(1);
        if step > 1 && lbs.len() > 1 {
            return fail(op, "a loop with a step and a max lower bound is not supported");
        }
        let body = op.body(0).ok_or((op, "loop body is not a single block".to_string()))?;

        // iter_args: the initial values are a statement just before the loop.
        if !inits.is_empty() {
            let mut scalars = vec![];
            for k in 0..inits.len() {
                let s = self.scalar_of[&op.result(k)];
                self.scalar_of.insert(body.arg(k + 1), s);
                scalars.push(s);
            }
            self.statement(op, Root::Inits(scalars.clone()), &HashSet::new(), *position)?;
            *position += 1;
            for k in 0..inits.len() {
                let r = op.result(k);
                if r.users().iter().any(|u| !self.in_run(*u)) {
                    self.live_outs.push((r, scalars[k]));
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
            let e = format!("e{}", self.exists.len());
            self.constraints.push(format!("{name} = {} + {step}*{e}", lbs[0]));
            self.exists.push(e);
        }
        self.position.push(position.to_string());
        self.position.push(name.clone());
        self.loops.push(Loop { iv: body.arg(0), name });
        let ops = body.ops();
        let result = self.block_ops(&ops, Some(op));
        self.loops.pop();
        self.position.truncate(self.position.len() - 2);
        self.constraints.truncate(saved);
        self.exists.truncate(saved_exists);
        *position += 1;
        result
    }

    fn if_op(&mut self, op: Op, position: &mut usize) -> Result<()> {
        if op.num_results() > 0 {
            return fail(op, "affine.if with results is not supported");
        }
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
            let saved = self.constraints.len();
            self.constraints.push(cond);
            let ops = blocks[0].ops();
            // The block's own positions continue the parent's counter.
            let result = self.if_block(&ops, position);
            self.constraints.truncate(saved);
            result?;
        }
        Ok(())
    }

    /// An `affine.if` branch: like a block, but its positions continue the parent's.
    fn if_block(&mut self, ops: &[Op], position: &mut usize) -> Result<()> {
        let saved = self.position.clone();
        // Give the branch a sub-sequence at the parent's position: statements inside get
        // positions parent.0, parent.1, ... expressed by bumping the parent counter.
        let depth = self.loops.len();
        for (i, op) in ops.iter().enumerate() {
            self.op_order.insert(*op, (depth, i));
        }
        self.register_loop_results(ops);
        let demoted = self.demoted_values(ops)?;
        for &op in ops {
            match kind(op) {
                Kind::For => self.loop_op(op, position)?,
                Kind::If => self.if_op(op, position)?,
                Kind::Store => {
                    self.statement(op, Root::Store, &demoted, *position)?;
                    *position += 1;
                }
                Kind::Yield if op.num_operands() == 0 => {}
                Kind::Load | Kind::Pure => {
                    if demoted.contains(&op) {
                        let s = self.new_scalar(op.result(0));
                        self.statement(op, Root::Value(s), &demoted, *position)?;
                        *position += 1;
                    }
                }
                _ => return fail(op, format!("'{}' has effects the polyhedral model can't represent", op.name())),
            }
        }
        self.position = saved;
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
        let args = operands
            .iter()
            .map(|o| self.affine_value(*o, op))
            .collect::<Result<Vec<_>>>()?;
        let n = unsafe { mlirIntegerSetGetNumConstraints(set) } as usize;
        let mut out = vec![];
        for i in 0..n {
            let e = unsafe { mlirIntegerSetGetConstraint(set, i as isize) };
            let aff = expr_aff(e, &args[..n_dims], &args[n_dims..]).map_err(|r| (op, r))?;
            let eq = unsafe { mlirIntegerSetIsConstraintEq(set, i as isize) };
            out.push(format!("{aff} {} 0", if eq { "=" } else { ">=" }));
        }
        Ok(out)
    }

    // ---- statements ---------------------------------------------------------------

    fn statement(&mut self, root: Op, kind_of_root: Root, demoted: &HashSet<Op>, position: usize) -> Result<()> {
        let name = format!("S{}", self.statements.len());
        let mut steps: Vec<Step> = vec![];
        let mut cloned: HashSet<Op> = HashSet::new();
        let mut loaded: HashSet<Val> = HashSet::new();
        let mut accesses: Vec<Access> = vec![];
        let roots: Vec<Val> = match &kind_of_root {
            Root::Store | Root::Value(_) => vec![],
            Root::Yield(_) => root.operands(),
            Root::Inits(_) => {
                let f_lb = affine_map_attr(root, "lowerBoundMap").map(|m| unsafe { mlirAffineMapGetNumInputs(m) } as usize).unwrap_or(0);
                let f_ub = affine_map_attr(root, "upperBoundMap").map(|m| unsafe { mlirAffineMapGetNumInputs(m) } as usize).unwrap_or(0);
                root.operands()[f_lb + f_ub..].to_vec()
            }
        };
        match &kind_of_root {
            Root::Store | Root::Value(_) => {
                self.slice(root, true, demoted, &mut steps, &mut cloned, &mut loaded, &mut accesses)?;
            }
            Root::Yield(_) | Root::Inits(_) => {
                for v in &roots {
                    self.slice_value(*v, root, demoted, &mut steps, &mut cloned, &mut loaded, &mut accesses)?;
                }
            }
        }
        // Cloned ops in program order: outer blocks first, then by position.
        let mut clones: Vec<Op> = steps.iter().filter_map(|s| if let Step::Clone(o) = s { Some(*o) } else { None }).collect();
        clones.sort_by_key(|o| self.op_order.get(o).copied().unwrap_or((0, 0)));
        let mut ordered: Vec<Step> = steps.iter().filter(|s| matches!(s, Step::Load { .. })).cloned().collect();
        ordered.extend(clones.into_iter().map(Step::Clone));
        let iteration = self.loops.iter().map(|l| l.name.clone()).collect::<Vec<_>>().join(", ");
        let tuple = format!("{name}[{iteration}]");
        match &kind_of_root {
            Root::Store => {
                let (array, subs) = self.access(root)?;
                accesses.push(Access {
                    kind: AccessKind::MustWrite,
                    relation: format!("{} -> {{ {tuple} -> {array}[{}] }}", self.params_prefix_lazy(), subs.join(", ")),
                });
            }
            Root::Value(s) => {
                ordered.push(Step::Store { scalar: *s, value: root.result(0) });
            }
            Root::Yield(scalars) | Root::Inits(scalars) => {
                for (v, s) in roots.iter().zip(scalars) {
                    ordered.push(Step::Store { scalar: *s, value: *v });
                }
            }
        }
        for step in &ordered {
            match step {
                Step::Load { scalar, .. } => accesses.push(Access {
                    kind: AccessKind::Read,
                    relation: format!("{} -> {{ {tuple} -> T{scalar}[] }}", self.params_prefix_lazy()),
                }),
                Step::Store { scalar, .. } => accesses.push(Access {
                    kind: AccessKind::MustWrite,
                    relation: format!("{} -> {{ {tuple} -> T{scalar}[] }}", self.params_prefix_lazy()),
                }),
                Step::Clone(_) => {}
            }
        }
        let mut sched = self.position.clone();
        sched.push(position.to_string());
        let constraints = if self.constraints.is_empty() { String::new() } else { format!(" : {}", self.wrap_exists()) };
        let statement = Statement {
            name: name.clone(),
            domain: format!("{} -> {{ {tuple}{constraints} }}", self.params_prefix_lazy()),
            schedule: format!("{} -> {{ {tuple} -> [{}] }}", self.params_prefix_lazy(), sched.join(", ")),
            accesses,
        };
        let code = StatementCode { ivs: self.loops.iter().map(|l| l.iv).collect(), steps: ordered };
        self.statements.push((statement, code));
        Ok(())
    }

    /// Placeholder replaced in `fix_params` once all parameters are known.
    fn params_prefix_lazy(&self) -> &'static str {
        PARAMS_PLACEHOLDER
    }

    fn wrap_exists(&self) -> String {
        let c = self.constraints.join(" and ");
        if self.exists.is_empty() {
            c
        } else {
            format!("exists ({} : {c})", self.exists.join(", "))
        }
    }

    /// Adds `op` (when `include_self`) and what it needs from its block to the steps.
    #[allow(clippy::too_many_arguments)]
    fn slice(
        &mut self,
        op: Op,
        include_self: bool,
        demoted: &HashSet<Op>,
        steps: &mut Vec<Step>,
        cloned: &mut HashSet<Op>,
        loaded: &mut HashSet<Val>,
        accesses: &mut Vec<Access>,
    ) -> Result<()> {
        if include_self {
            if cloned.contains(&op) {
                return Ok(());
            }
            cloned.insert(op);
        }
        for v in op.operands() {
            self.slice_value(v, op, demoted, steps, cloned, loaded, accesses)?;
        }
        if include_self {
            if kind(op) == Kind::Load {
                let (array, subs) = self.access(op)?;
                let iteration = self.loops.iter().map(|l| l.name.clone()).collect::<Vec<_>>().join(", ");
                let name = format!("S{}", self.statements.len());
                accesses.push(Access {
                    kind: AccessKind::Read,
                    relation: format!("{PARAMS_PLACEHOLDER} -> {{ {name}[{iteration}] -> {array}[{}] }}", subs.join(", ")),
                });
            }
            steps.push(Step::Clone(op));
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn slice_value(
        &mut self,
        v: Val,
        user: Op,
        demoted: &HashSet<Op>,
        steps: &mut Vec<Step>,
        cloned: &mut HashSet<Op>,
        loaded: &mut HashSet<Val>,
        accesses: &mut Vec<Access>,
    ) -> Result<()> {
        if self.loop_of_iv(v).is_some() {
            return Ok(());
        }
        if let Some(&s) = self.scalar_of.get(&v) {
            if loaded.insert(v) {
                steps.push(Step::Load { scalar: s, value: v });
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
                if kind(def) == Kind::Load && def.block() != user.block() && !cloned.contains(&def) && !self.same_block_chain(def, user) {
                    return fail(user, "internal: load from another block not demoted");
                }
                self.slice(def, true, demoted, steps, cloned, loaded, accesses)
            }
            _ => fail(user, format!("uses the result of '{}'", def.name())),
        }
    }

    fn same_block_chain(&self, def: Op, user: Op) -> bool {
        def.block() == user.block()
    }
}

enum Root {
    /// A store op.
    Store,
    /// A demoted value: written to the given scalar.
    Value(usize),
    /// A loop's `affine.yield`: its operands go to these scalars.
    Yield(Vec<usize>),
    /// A loop's iter_args inits, written to these scalars before the loop.
    Inits(Vec<usize>),
}

const PARAMS_PLACEHOLDER: &str = "[__TESSEL_PARAMS__]";

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
            return Ok(dims[mlirAffineDimExprGetPosition(e) as usize].clone());
        }
        if mlirAffineExprIsASymbol(e) {
            return Ok(syms[mlirAffineSymbolExprGetPosition(e) as usize].clone());
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
