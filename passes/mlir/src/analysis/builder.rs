//! Building the model of a run (Polly's ScopBuilder): the walk over its blocks, loop
//! domains and `affine.if` conditions, in the order the statements come.

use super::aff::{Aff, Atom};
use super::affine_map::{affine_map_attr, expr_aff, integer_attr, integer_set_attr};
use super::aliasing::{buffer_value, Buffer};
use super::detect::{kind, other_reason, Kind};
use super::statements::Root;
use super::{fail, scalar_name, ExtractError, ExtractedScop, Extractor, Loop, Reject, Result};
use crate::ir::{IntegerSet, Op, Val};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use tessel_poly::Scop;

/// Extracts a model for `run`, a contiguous list of ops of one block.
pub fn extract(run: &[Op]) -> std::result::Result<ExtractedScop, ExtractError> {
    let mut ex = Extractor {
        run: run.to_vec(),
        loops: vec![],
        constraints: vec![],
        exists: vec![],
        position: vec![],
        params: vec![],
        arrays: HashMap::new(),
        accessed_indirectly: HashSet::new(),
        element_bytes: vec![],
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
        let unit = run
            .iter()
            .position(|u| op.is_within(*u))
            .unwrap_or(ex.current_unit);
        return Err(ExtractError { unit, op, reason });
    }
    Ok(ex.finish())
}

impl Extractor {
    pub(super) fn finish(self) -> ExtractedScop {
        // The function's own buffers that nothing outside the run touches (a C local
        // such as deriche's `ym1`, allocated next to the run): what the run leaves in
        // them is never read, so they are killed like demoted scalars (below) and
        // privatization may give each iteration a copy. Only in the run's block: from
        // outside an enclosing loop, the next execution of the run could read what
        // this one left.
        let mut local_buffers: Vec<(String, Val)> = self
            .arrays
            .iter()
            .filter(|(buffer, _)| self.dies_with_run(buffer))
            .map(|(_, (name, memref))| (name.clone(), *memref))
            .collect();
        local_buffers.sort_by(|a, b| a.0.cmp(&b.0));
        let distinct_arguments = self.distinct_arguments();
        let names: Vec<String> = self.params.iter().map(|p| p.name.clone()).collect();
        // Every parameter is known now: the relations are written once, with them.
        let prefix = format!("[{}]", names.join(", "));
        let mut context = vec![];
        for (k, p) in self.params.iter().enumerate() {
            if p.value
                .defining_op()
                .is_some_and(|d| d.name() == "memref.dim")
            {
                context.push(format!("{} >= 0", p.name));
            }
            // Related to an earlier parameter by a constant offset: say so.
            for q in &self.params[..k] {
                if let Some(c) = p.form.sub(&q.form).as_constant() {
                    context.push(format!(
                        "{} = {}",
                        p.name,
                        Aff::atom(Atom::Param(q.name.clone())).add(&Aff::constant(c))
                    ));
                    break;
                }
            }
        }
        let context = format!("{prefix} -> {{ : {} }}", context.join(" and "));
        let (texts, code): (Vec<_>, Vec<_>) = self.statements.into_iter().unzip();
        let statements = texts
            .into_iter()
            .map(|t| t.into_statement(&prefix))
            .collect();
        // Demoted scalars are the extractor's own memory: dead after the run unless a
        // value is reloaded from them there (seed 001 §2.5: kills at the end of the
        // scope let live-range reordering move their last writes).
        let mut killed: Vec<String> = (0..self.scalars.len())
            .filter(|&k| !self.live_outs.iter().any(|&(_, s)| s == k))
            .map(scalar_name)
            .collect();
        killed.extend(local_buffers.iter().map(|(name, _)| name.clone()));
        ExtractedScop {
            model: Scop {
                params: names,
                context,
                statements,
                killed,
                element_bytes: self.element_bytes,
            },
            ops: self.run,
            params: self.params.iter().map(|p| p.value).collect(),
            statements: code,
            scalars: self.scalars,
            live_outs: self.live_outs,
            local_buffers,
            distinct_arguments,
        }
    }

    /// [`ExtractedScop::distinct_arguments`]: the arrays whose buffer is a function
    /// argument that every access of the run names directly.
    fn distinct_arguments(&self) -> Vec<Val> {
        let mut args: Vec<(&String, Val)> = self
            .arrays
            .iter()
            .filter(|(buffer, _)| !self.accessed_indirectly.contains(*buffer))
            .filter_map(|(buffer, (name, path))| match buffer {
                Buffer::Value(v) if v == path && v.block_argument().is_some() => Some((name, *v)),
                _ => None,
            })
            .collect();
        if args.len() < 2 {
            return Vec::new();
        }
        args.sort_by(|a, b| a.0.cmp(b.0));
        args.into_iter().map(|(_, v)| v).collect()
    }

    /// Whether `buffer` is an allocation in the run's block that only ops of the
    /// run use.
    fn dies_with_run(&self, buffer: &Buffer) -> bool {
        let Some(def) = buffer_value(buffer).and_then(|v| v.defining_op()) else {
            return false;
        };
        matches!(def.name().as_str(), "memref.alloca" | "memref.alloc")
            && def.block() == self.run[0].block()
            && def
                .results()
                .iter()
                .all(|v| v.users().iter().all(|&u| self.in_run(u)))
    }

    pub(super) fn in_run(&self, op: Op) -> bool {
        self.run.iter().any(|r| op.is_within(*r))
    }

    /// Is `op` directly in the run's block (not nested in one of its ops)?
    pub(super) fn at_top(&self, op: Op) -> bool {
        op.block() == self.run[0].block() && self.in_run(op)
    }

    /// The depth of the enclosing loop whose IV is `v`.
    pub(super) fn loop_of_iv(&self, v: Val) -> Option<usize> {
        self.loops.iter().position(|l| l.iv == v)
    }

    /// Walks the ops of one block: the run itself (`for_op` None), a loop body, or an
    /// `affine.if` branch. `position` counts the statements and loops of the
    /// enclosing sequence: a branch continues its parent's count.
    pub(super) fn walk(
        &mut self,
        ops: &[Op],
        for_op: Option<Op>,
        position: &mut usize,
    ) -> Result<()> {
        let top =
            self.loops.is_empty() && self.run[0].block() == ops.first().and_then(|o| o.block());
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
                        return fail(op, Reject::YieldHere);
                    };
                    let mut scalars = vec![];
                    for k in 0..op.num_operands() {
                        match f.result(k).and_then(|r| self.scalar_of.get(&r)) {
                            Some(&s) => scalars.push(s),
                            None => {
                                return fail(op, Reject::Internal("loop result without a scalar"))
                            }
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

    pub(super) fn loop_op(
        &mut self,
        op: Op,
        position: &mut usize,
        demoted: &HashSet<Op>,
    ) -> Result<()> {
        let lb_map = affine_map_attr(op, "lowerBoundMap")
            .ok_or((op, Reject::MissingBoundMap("lowerBoundMap")))?;
        let ub_map = affine_map_attr(op, "upperBoundMap")
            .ok_or((op, Reject::MissingBoundMap("upperBoundMap")))?;
        let n_lb = lb_map.num_inputs();
        let n_ub = ub_map.num_inputs();
        let operands = op.operands();
        if operands.len() < n_lb + n_ub {
            return fail(op, Reject::MalformedFor);
        }
        let inits = operands[n_lb + n_ub..].to_vec();
        let lbs = self.map_exprs(op, "lowerBoundMap", &operands[..n_lb])?;
        let ubs = self.map_exprs(op, "upperBoundMap", &operands[n_lb..n_lb + n_ub])?;
        if lbs.is_empty() || ubs.is_empty() {
            return fail(op, Reject::EmptyBoundMap);
        }
        let step = integer_attr(op, "step").unwrap_or(1);
        if step < 1 {
            return fail(op, Reject::LoopStep(step));
        }
        let body = op.body(0).ok_or((op, Reject::LoopBodyBlocks))?;
        if body.num_args() != 1 + inits.len() || op.num_results() != inits.len() {
            return fail(op, Reject::MalformedFor);
        }
        let Some(iv) = body.arg(0) else {
            return fail(op, Reject::MalformedFor);
        };
        let iter_args: Vec<Val> = (1..body.num_args()).filter_map(|k| body.arg(k)).collect();
        let results = op.results();

        // iter_args: the initial values are a statement just before the loop.
        if !inits.is_empty() {
            let mut scalars = vec![];
            for (r, arg) in results.iter().zip(&iter_args) {
                let s = self
                    .scalar_of
                    .get(r)
                    .copied()
                    .ok_or((op, Reject::Internal("loop result without a scalar")))?;
                self.scalar_of.insert(*arg, s);
                scalars.push(s);
            }
            self.statement(op, Root::Inits(scalars.clone()), demoted, *position)?;
            *position += 1;
            if self.at_top(op) {
                for (&r, &s) in results.iter().zip(&scalars) {
                    if r.users().iter().any(|u| !self.in_run(*u)) {
                        self.live_outs.push((r, s));
                    }
                }
            }
        }

        let name = Atom::Iv(self.loops.len()).to_string();
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
                        let mut c: Vec<String> = lbs
                            .iter()
                            .enumerate()
                            .filter(|(m, _)| *m != j)
                            .map(|(_, o)| format!("{lb} >= {o}"))
                            .collect();
                        c.push(stride(lb));
                        format!("({})", c.join(" and "))
                    })
                    .collect();
                self.constraints.push(format!("({})", cases.join(" or ")));
            }
            self.exists.push(e);
        }
        self.position.push(position.to_string());
        self.position.push(name);
        self.loops.push(Loop { iv });
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

    pub(super) fn if_op(&mut self, op: Op, position: &mut usize) -> Result<()> {
        let set = integer_set_attr(op, "condition").ok_or((op, Reject::IfWithoutSet))?;
        let conds = self.set_constraints(op, set)?;
        let conj = if conds.is_empty() {
            "true".to_string()
        } else {
            conds.join(" and ")
        };
        // Then and else share the parent's sequence: their positions just continue.
        for (region, cond) in [(0usize, conj.clone()), (1, format!("not ({conj})"))] {
            let blocks = op.region_blocks(region);
            if blocks.is_empty() {
                continue;
            }
            if blocks.len() > 1 {
                return fail(op, Reject::IfBranchBlocks);
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

    pub(super) fn set_constraints(&mut self, op: Op, set: IntegerSet) -> Result<Vec<String>> {
        let n_dims = set.num_dims();
        let operands = op.operands();
        if operands.len() != n_dims + set.num_symbols() {
            return fail(op, Reject::IfOperandCount);
        }
        let args = operands
            .iter()
            .map(|o| self.affine_value(*o, op))
            .collect::<Result<Vec<_>>>()?;
        let mut out = vec![];
        for (e, eq) in set.constraints() {
            let aff = expr_aff(e, &args[..n_dims], &args[n_dims..]).map_err(|r| (op, r))?;
            if aff.overflowed() {
                return fail(op, Reject::Overflow);
            }
            out.push(format!("{aff} {} 0", if eq { "=" } else { ">=" }));
        }
        Ok(out)
    }
}
