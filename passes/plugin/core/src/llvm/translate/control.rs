//! Control flow inside a loop: its body's blocks, branches as `affine.if`s (as
//! `scf.if`s where the condition is on data), and loop rotation's zero-trip guards.

use inkwell::basic_block::BasicBlock;
use inkwell::values::{InstructionOpcode, InstructionValue};
use tessel_mlir::ir::{AffineExpr, Attr, IntegerSet, OpBuilder, Type};

use super::{NestTranslator, Widen};
use tessel_llvm::detect::sides_without_loops;
use tessel_llvm::ffi::{self, Conversion, Loop, LoopBlock, Predicate, Scev, ScevKind, Value};
use tessel_llvm::scev::{backedge_count, signed_invariants};

impl<'a> NestTranslator<'a> {
    /// The blocks of loop `l`'s body from `block` up to `stop` (exclusive; None: to
    /// the end of the latch), inner loops as nested `affine.for`s and branches as
    /// `affine.if`s closed at their immediate post-dominator.
    pub(super) fn region(
        &mut self,
        mut block: BasicBlock<'a>,
        stop: Option<BasicBlock<'a>>,
        l: Loop<'a>,
    ) -> Result<(), ()> {
        let se = self.se;
        let mut steps = 0u32;
        while Some(block) != stop {
            let first = block.get_first_instruction().and_then(Value::of);
            if steps > 100_000 || !l.contains(block) {
                return self.fail("the loop body is not structured", first);
            }
            steps += 1;
            let Some(inner) = se.loop_for(block) else {
                return self.fail("the loop body is not structured", first);
            };
            if inner != l {
                if inner.parent() != Some(l) || inner.header() != block {
                    return self.fail("the loop body is not structured", first);
                }
                self.emit_loop(inner)?;
                let Some(exit) = inner.block(LoopBlock::Exit) else {
                    return self.fail("a loop is not in canonical form", first);
                };
                block = exit;
                continue;
            }
            self.instructions(block)?;
            let terminator = block.get_terminator();
            if l.block(LoopBlock::Latch) == Some(block) {
                if stop.is_none() {
                    return Ok(());
                }
                return self.fail(
                    "the loop body is not structured",
                    terminator.and_then(Value::of),
                );
            }
            let Some(branch) = terminator.filter(|t| t.get_opcode() == InstructionOpcode::Br)
            else {
                return self.fail(
                    "a terminator other than a branch",
                    terminator.and_then(Value::of),
                );
            };
            let Some(condition) = ffi::branch_condition(branch) else {
                block = ffi::successor(branch, 0).ok_or(())?;
                continue;
            };
            let Some(merge) = se.post_idom(block) else {
                return self.fail("a branch without a merge point", Value::of(branch));
            };
            if let Some((k, _)) = condition.constant_int() {
                // A branch the canonicalization left with a constant condition
                // (gesummv's inner loop guard, `n > 0` inside `i < n`): only one side
                // runs, and an `affine.if` with no constraint would split the nest for
                // nothing.
                block = ffi::successor(branch, if k != 0 { 0 } else { 1 }).ok_or(())?;
                continue;
            }
            self.conditional(branch, condition, merge, l)?;
            block = merge;
        }
        Ok(())
    }

    /// An affine comparison tree as a conjunction of constraints (expression, `==
    /// 0`), `negated` or not.
    pub(super) fn constraints(
        &mut self,
        c: Value<'a>,
        negated: bool,
        scope: Loop<'a>,
        out: &mut Vec<(AffineExpr, bool)>,
        depth: u32,
    ) -> bool {
        let se = self.se;
        let ctx = self.ctx;
        if depth > 16 {
            return false;
        }
        if let Some((k, _)) = c.constant_int() {
            if (k != 0) == negated {
                out.push((AffineExpr::constant(ctx, -1), false));
            }
            return true;
        }
        let Some(inst) = c.instruction() else {
            return false;
        };
        if let Some(predicate) = ffi::icmp_predicate(inst) {
            let (Some(a), Some(b)) = (ffi::operand(inst, 0), ffi::operand(inst, 1)) else {
                return false;
            };
            if !a.ty().is_integer() {
                return false;
            }
            let mut p = if negated {
                predicate.inverse()
            } else {
                predicate
            };
            let lhs = se.at_scope(a, Some(scope));
            let rhs = se.at_scope(b, Some(scope));
            if p.is_unsigned() {
                if !se.known_non_negative(lhs) || !se.known_non_negative(rhs) {
                    return false;
                }
                p = p.signed();
            }
            let l = self.affine(lhs, Widen::Signed);
            let r = self.affine(rhs, Widen::Signed);
            let (Some(l), Some(r)) = (l, r) else {
                return false;
            };
            let one = AffineExpr::constant(ctx, 1);
            match p {
                Predicate::Eq => out.push((l - r, true)),
                Predicate::Slt => out.push((r - l - one, false)),
                Predicate::Sle => out.push((r - l, false)),
                Predicate::Sgt => out.push((l - r - one, false)),
                Predicate::Sge => out.push((l - r, false)),
                _ => return false, // `ne`: a disjunction
            }
            return true;
        }
        let operand = |i| ffi::operand(inst, i);
        let (mut a, mut b) = (None, None);
        let (mut is_and, mut is_or) = (false, false);
        match inst.get_opcode() {
            InstructionOpcode::And | InstructionOpcode::Or => {
                a = operand(0);
                b = operand(1);
                is_and = inst.get_opcode() == InstructionOpcode::And;
                is_or = !is_and;
            }
            InstructionOpcode::Select => {
                a = operand(0);
                let t = operand(1).and_then(|v| v.constant_int());
                let f = operand(2).and_then(|v| v.constant_int());
                if f.is_some_and(|(k, _)| k == 0) {
                    // c ? x : false
                    is_and = true;
                    b = operand(1);
                } else if t.is_some_and(is_one) {
                    // c ? true : x
                    is_or = true;
                    b = operand(2);
                }
            }
            InstructionOpcode::Xor => {
                let one = operand(1).and_then(|v| v.constant_int());
                if one.is_some_and(is_one) {
                    return match operand(0) {
                        Some(x) => self.constraints(x, !negated, scope, out, depth + 1),
                        None => false,
                    };
                }
                return false;
            }
            _ => {}
        }
        // not(a or b) = not a and not b; `and` itself is a conjunction.
        if (is_and && !negated) || (is_or && negated) {
            let (Some(a), Some(b)) = (a, b) else {
                return false;
            };
            return self.constraints(a, negated, scope, out, depth + 1)
                && self.constraints(b, negated, scope, out, depth + 1);
        }
        false
    }

    /// Loop rotation's guard around a loop that carries values: `t = 0; for (k = 0;
    /// k < i; k++) t += ...;` reaches us as `if (i > 0) { loop }` with `t` merged from
    /// 0 and the loop's last value after it (symm, ludcmp). The loop alone says the
    /// same, since an affine.for whose bounds give no iteration yields its
    /// iter_args' initial values, while an affine.if with results around a loop is
    /// beyond the core's model. Taken when the side that skips the loop is proved to
    /// give the emitted loop no iteration. None when the branch is not such a guard
    /// (nothing emitted), else whether the loop was emitted.
    pub(super) fn zero_trip_guard(
        &mut self,
        branch: InstructionValue<'a>,
        merge: BasicBlock<'a>,
        l: Loop<'a>,
    ) -> Option<Result<(), ()>> {
        let from = branch.get_parent()?;
        let skip_side = if ffi::successor(branch, 0) == Some(merge) {
            0
        } else if ffi::successor(branch, 1) == Some(merge) {
            1
        } else {
            return None;
        };
        // Only a guard that merges values: an affine.if without results around a
        // loop is exact in the model (its constraints join the domains), with no
        // assumption for the run-time check.
        if ffi::phis(merge).is_empty() || ffi::predecessors(merge).len() != 2 {
            return None;
        }
        let pre = ffi::successor(branch, 1 - skip_side)?;
        let inner = l
            .sub_loops()
            .into_iter()
            .rfind(|sub| sub.block(LoopBlock::Preheader) == Some(pre))?;
        if ffi::single_predecessor(pre) != Some(from) || inner.block(LoopBlock::Latch).is_none() {
            return None;
        }
        // The preheader holds values only (arithmetic, loads of arrays the nest only
        // reads, hoisted there by LICM): each is emitted where it is used, in the loop.
        let terminator = pre.get_terminator();
        for inst in pre.get_instructions() {
            if Some(inst) == terminator {
                continue;
            }
            let read_only_load =
                inst.get_opcode() == InstructionOpcode::Load && self.read_only(inst);
            let facts = ffi::facts(inst);
            if !read_only_load
                && (inst.get_opcode() == InstructionOpcode::Phi
                    || facts.may_read_or_write_memory()
                    || facts.may_have_side_effects())
            {
                return None;
            }
        }
        // The loop's side reaches the merge from its exit block (LCSSA phis only) or,
        // when the merge is the exit block, from the exiting block.
        let exit = inner.block(LoopBlock::Exit)?;
        let loop_side = if exit == merge {
            inner.block(LoopBlock::Exiting)?
        } else {
            exit
        };
        if exit != merge {
            let br = exit.get_terminator()?;
            if br.get_opcode() != InstructionOpcode::Br
                || ffi::branch_condition(br).is_some()
                || ffi::successor(br, 0) != Some(merge)
                || ffi::single_predecessor(exit).is_none()
            {
                return None;
            }
            if exit
                .get_instructions()
                .any(|i| i.get_opcode() != InstructionOpcode::Phi && i != br)
            {
                return None;
            }
        }
        // Every merged value: from the skipping side, the initial value of a scalar
        // the loop carries; from the loop's side, its last value.
        let inner_latch = inner.block(LoopBlock::Latch)?;
        let mut merged = vec![];
        for phi in ffi::phis(merge) {
            let incoming = ffi::incoming(phi);
            let skip = incoming.iter().position(|(_, b)| *b == from)?;
            let looped = incoming.iter().position(|(_, b)| *b == loop_side)?;
            let mut last = incoming[looped].0;
            if let Some(lcssa) = last
                .instruction()
                .filter(|i| i.get_opcode() == InstructionOpcode::Phi)
            {
                let lcssa_incoming = ffi::incoming(lcssa);
                if exit != merge && lcssa.get_parent() == Some(exit) && lcssa_incoming.len() == 1 {
                    last = lcssa_incoming[0].0;
                }
            }
            let initial = incoming[skip].0;
            let carried = ffi::phis(inner.header()).into_iter().any(|h| {
                let hi = ffi::incoming(h);
                let latch_value = hi.iter().find(|(_, b)| *b == inner_latch).map(|x| x.0);
                let pre_value = hi.iter().find(|(_, b)| *b == pre).map(|x| x.0);
                latch_value == Some(last) && pre_value == Some(initial)
            });
            if !carried {
                return None;
            }
            merged.push((Value::of(phi)?, last));
        }
        if !self.skips_every_iteration(branch, skip_side == 0, inner, l) {
            return None;
        }
        if self.emit_loop(inner).is_err() {
            return Some(Err(()));
        }
        for (phi, last) in merged {
            match self.value(last) {
                Ok(v) => self.name(phi, v),
                Err(()) => return Some(Err(())),
            }
        }
        Some(Ok(()))
    }

    /// Whether the branch's side taken when its condition is `when_true` gives loop
    /// `inner`, as emitted (counter over [0, backedge-taken count], or the least of a
    /// smin's operands), no iteration: F >= 0 on that side with count + F a negative
    /// constant.
    pub(super) fn skips_every_iteration(
        &mut self,
        branch: InstructionValue<'a>,
        when_true: bool,
        inner: Loop<'a>,
        scope: Loop<'a>,
    ) -> bool {
        let se = self.se;
        let Some(cmp) = ffi::branch_condition(branch).and_then(|c| c.instruction()) else {
            return false;
        };
        let Some(predicate) = ffi::icmp_predicate(cmp) else {
            return false;
        };
        let (Some(x), Some(y)) = (ffi::operand(cmp, 0), ffi::operand(cmp, 1)) else {
            return false;
        };
        let count = backedge_count(se, self.outer, inner, None);
        if !x.ty().is_integer() || count.could_not_compute() {
            return false;
        }
        let mut p = if when_true {
            predicate
        } else {
            predicate.inverse()
        };
        let a = se.at_scope(x, Some(scope));
        let b = se.at_scope(y, Some(scope));
        if p.is_unsigned() {
            if !se.known_non_negative(a) || !se.known_non_negative(b) {
                return false;
            }
            p = p.signed();
        }
        // F >= 0 on that side, in the comparison's own type and sign-extended (which
        // keeps a signed comparison: the form the signed reading below folds with).
        let conditions = |a: Scev<'a>, b: Scev<'a>| {
            let one = se.one(a);
            match p {
                Predicate::Eq => vec![se.minus(a, b), se.minus(b, a)],
                Predicate::Slt => vec![se.minus(se.minus(b, a), one)],
                Predicate::Sle => vec![se.minus(b, a)],
                Predicate::Sgt => vec![se.minus(se.minus(a, b), one)],
                Predicate::Sge => vec![se.minus(a, b)],
                _ => vec![],
            }
        };
        let narrow = conditions(a, b);
        if narrow.is_empty() {
            return false;
        }
        let wide = conditions(
            se.convert(a, Conversion::NoopOrSignExtend, 64),
            se.convert(b, Conversion::NoopOrSignExtend, 64),
        );
        // The count as emitted, then with its zero-extended invariants read signed
        // (the run-time check then requires them non-negative, where the two agree).
        let (signed, assumed) = signed_invariants(se, self.outer, count);
        for (count, assumed, fs) in [(count, vec![], narrow), (signed, assumed, wide)] {
            let mut counts = vec![count];
            if count.kind() == ScevKind::SMin {
                counts.extend(count.operands());
            }
            for c in &counts {
                for f in &fs {
                    let wide = se.wider_width(*c, *f);
                    let sum = se.add2(
                        se.convert(*c, Conversion::NoopOrSignExtend, wide),
                        se.convert(*f, Conversion::NoopOrSignExtend, wide),
                    );
                    if sum.constant().is_some_and(|k| k.negative) {
                        self.assumed_non_negative.extend(assumed);
                        return true;
                    }
                }
            }
        }
        false
    }

    pub(super) fn conditional(
        &mut self,
        branch: InstructionValue<'a>,
        condition: Value<'a>,
        merge: BasicBlock<'a>,
        l: Loop<'a>,
    ) -> Result<(), ()> {
        if let Some(guard) = self.zero_trip_guard(branch, merge, l) {
            return guard;
        }
        let ctx = self.ctx;
        let (Some(mut then_block), Some(mut else_block)) =
            (ffi::successor(branch, 0), ffi::successor(branch, 1))
        else {
            return Err(());
        };
        let mut set = vec![];
        let mut affine = self.constraints(condition, false, l, &mut set, 0);
        if !affine {
            set.clear();
            affine = self.constraints(condition, true, l, &mut set, 0);
            if affine {
                std::mem::swap(&mut then_block, &mut else_block);
            }
        }
        let from = branch.get_parent().ok_or(())?;
        let se = self.se;
        // Which side each of the merge's predecessors comes from.
        let side = |pred: BasicBlock<'a>| -> Option<usize> {
            if pred == from {
                return if then_block == merge {
                    Some(0)
                } else if else_block == merge {
                    Some(1)
                } else {
                    None
                };
            }
            if then_block != merge && se.dominates(then_block, pred) {
                return Some(0);
            }
            if else_block != merge && se.dominates(else_block, pred) {
                return Some(1);
            }
            None
        };
        let mut phis = vec![];
        let mut incoming: [Vec<Value<'a>>; 2] = [vec![], vec![]];
        for phi in ffi::phis(merge) {
            let mut from_side: [Option<Value<'a>>; 2] = [None, None];
            for (v, b) in ffi::incoming(phi) {
                let s = side(b);
                let Some(s) = s.filter(|s| from_side[*s].is_none() || from_side[*s] == Some(v))
                else {
                    return self.fail("a merge of values the model can't express", Value::of(phi));
                };
                from_side[s] = Some(v);
            }
            let phi_value = Value::of(phi).ok_or(())?;
            let (Some(t), Some(e)) = (from_side[0], from_side[1]) else {
                return self.fail("a merge of values the model can't express", Some(phi_value));
            };
            if phi_value.ty().scalar().is_none() {
                return self.fail("a merge of values the model can't express", Some(phi_value));
            }
            phis.push(phi_value);
            incoming[0].push(t);
            incoming[1].push(e);
        }
        if !affine && !sides_without_loops(se, branch, l) {
            return self.fail(
                "a branch condition is not a conjunction of affine comparisons",
                Value::of(branch),
            );
        }
        if !affine && !phis.is_empty() {
            // The core's conditional statement yields nothing (a test on data that
            // both stores and merges values is beyond it).
            return self.fail(
                "a branch on data whose sides merge values",
                Value::of(branch),
            );
        }
        let types: Vec<Type> = phis.iter().filter_map(|p| self.type_of(*p)).collect();
        // An affine condition is an `affine.if`; one on data (a loaded value, a call)
        // an `scf.if` on its value, whose stores the core takes as may-writes (Polly's
        // non-affine subregion).
        let (if_name, yield_name) = if affine {
            ("affine.if", "affine.yield")
        } else {
            ("scf.if", "scf.yield")
        };
        let (builder, then_body) = OpBuilder::new(if_name, self.loc).region_with_block(&[]);
        let (builder, else_body) = builder.region_with_block(&[]);
        let builder = if affine {
            let integer_set =
                IntegerSet::with_symbols(ctx, self.stack.len(), self.params.len(), &set);
            builder
                .operands(&self.operands())
                .attr("condition", Attr::integer_set(integer_set))
        } else {
            if condition.ty().integer_width() != Some(1) {
                return self.fail(
                    "a branch on a value the model has no form for",
                    Value::of(branch),
                );
            }
            let value = self.value(condition)?;
            builder.operands(&[value])
        };
        let if_op = self.append(builder.results(&types));
        for (s, body) in [then_body, else_body].into_iter().enumerate() {
            self.blocks.push(body);
            self.scopes.push(vec![]);
            let start = if s == 0 { then_block } else { else_block };
            if start != merge {
                self.region(start, Some(merge), l)?;
            }
            let mut yields = vec![];
            for v in incoming[s].clone() {
                yields.push(self.value(v)?);
            }
            self.append(OpBuilder::new(yield_name, self.loc).operands(&yields));
            self.close_scope();
            self.blocks.pop();
        }
        for (i, phi) in phis.iter().enumerate() {
            let r = if_op.result(i).ok_or(())?;
            self.name(*phi, r);
        }
        Ok(())
    }
}

/// `ConstantInt::isOne` of a (value, width) pair from [`Value::constant_int`].
fn is_one((k, width): (i64, u32)) -> bool {
    if width == 1 {
        k != 0
    } else {
        k == 1
    }
}
