//! SCoP detection on LLVM IR, in the manner of Polly's ScopDetection: a loop nest
//! whose trip counts, branch conditions and subscripts are affine in its counters and
//! in values defined outside it (a subscript that is not may make an access of any
//! element of its array, a branch on data a conditional statement), with plain loads
//! and stores and no call that may touch memory. A nest that is not one gets its first reason, as data ([`Reject`]).

use std::collections::HashSet;

use inkwell::values::{InstructionOpcode, InstructionValue};

use super::ffi::{self, Analyses, Loop, Scev, ScevKind, Value};
use super::scev::{backedge_count, widen_sign_extensions};

/// Why a loop nest is not a SCoP (Polly's RejectReasonKind).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reject {
    /// Several entries from outside, or several latches.
    NotSimplified,
    /// The backedge-taken count is unknown.
    NoTripCount,
    /// The trip count is not affine in outer counters and parameters.
    NonAffineBound,
    /// A condition that is not an affine comparison.
    NonAffineBranch,
    /// An address that is not affine, and not one of any element of its array
    /// (`whole_array_offset`): it may be below the base, or not a whole element.
    NonAffineAccess,
    /// An address with no base pointer invariant in the nest.
    NoBasePointer,
    /// A call that may read or write memory.
    UnknownCall,
    VolatileOrAtomic,
    /// A memory instruction other than a plain load or store.
    OtherMemory,
    /// A loop exit that is not the latch's.
    Irreducible,
}

impl Reject {
    /// The remark's words.
    pub fn describe(self) -> &'static str {
        match self {
            Reject::NotSimplified => {
                "the loop is not in canonical form (several entries or several latches)"
            }
            Reject::NoTripCount => "the loop's trip count cannot be computed",
            Reject::NonAffineBound => {
                "the loop's trip count is not affine in the outer loop counters and parameters"
            }
            Reject::NonAffineBranch => "a branch condition is not an affine comparison",
            Reject::NonAffineAccess => {
                "an array subscript is not affine, and the address may be below the array's base"
            }
            Reject::NoBasePointer => {
                "an address has no base pointer that stays the same across the nest"
            }
            Reject::UnknownCall => "a call may read or write memory",
            Reject::VolatileOrAtomic => "a volatile or atomic memory access",
            Reject::OtherMemory => "a memory instruction other than a load or a store",
            Reject::Irreducible => "the loop has an exit other than its latch",
        }
    }
}

/// What detection found in a nest.
#[derive(Default, Debug)]
pub struct Found<'a> {
    pub depth: u32,
    pub loops: u32,
    pub reads: u32,
    pub writes: u32,
    /// Accesses with recovered multi-dimensional subscripts.
    pub delinearized: u32,
    /// Accesses with no affine subscripts, taken as accesses of any element.
    pub whole_array: u32,
    pub arrays: HashSet<Scev<'a>>,
    pub params: HashSet<Scev<'a>>,
    /// The product of the loops' trip counts where every one is a constant (more
    /// than the nest's iterations where loops are siblings); None otherwise.
    pub constant_iterations: Option<u64>,
}

/// Why a nest is not a SCoP, and where.
#[derive(Clone, Copy, Debug)]
pub struct Failure<'a> {
    pub reason: Reject,
    /// Where, for the remark's location.
    pub at: Option<Value<'a>>,
    /// The expression at fault, when there is one.
    pub expr: Option<Scev<'a>>,
}

/// Whether `offset` (an access's bytes from its base, its `int` arithmetic widened)
/// has affine subscripts: under parametric sizes from its terms (delinearize: `C[i][j]`
/// of a VLA is `(i * nj + j) * 8`, not affine until split), or the constant sizes of a
/// fixed-size array, or as one dimension, the offset. `Ok(delinearized)`, or the
/// first expression that is not affine.
pub fn affine_offset<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    offset: Scev<'a>,
    element_size: Scev<'a>,
    found: &mut Found<'a>,
) -> Result<bool, Scev<'a>> {
    let (mut subscripts, mut sizes) = se.delinearize(offset, element_size);
    if subscripts.len() < 2 {
        (subscripts, sizes) = se
            .delinearize_fixed_size(offset, element_size)
            .unwrap_or_default();
    }
    let mut check = AffineCheck { se, outer, found };
    if subscripts.len() >= 2 {
        for size in &sizes {
            if !se.is_loop_invariant(*size, outer) || !check.affine(*size) {
                return Err(*size);
            }
        }
        for subscript in &subscripts {
            if !check.affine(*subscript) {
                return Err(*subscript);
            }
        }
        return Ok(true);
    }
    if check.affine(offset) {
        Ok(false)
    } else {
        Err(offset)
    }
}

/// Whether an access with no affine subscripts may be over-approximated by its
/// whole array (Polly's non-affine accesses): `raw`, its bytes from the base as
/// computed, is a whole number of elements and never negative ([`non_negative`], or
/// [`indices_non_negative`], under invariants pushed on `assumed`, which the run-time
/// check requires non-negative). The optimized code computes the offset as the
/// original does, but into a memref, whose lowering marks index arithmetic `nuw`: an
/// offset below the base, legal in C off a pointer into an object, would be poison
/// there.
pub fn whole_array_offset<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    pointer: Value<'a>,
    base: Value<'a>,
    raw: Scev<'a>,
    element_size: Scev<'a>,
    assumed: &mut Vec<Scev<'a>>,
) -> bool {
    if !raw.is_integer() || element_size.could_not_compute() {
        return false;
    }
    let element_size = se.convert(
        element_size,
        ffi::Conversion::TruncateOrZeroExtend,
        raw.width(),
    );
    if !divisible(se, raw, element_size, 0) {
        return false;
    }
    let mut mine = vec![];
    if !non_negative(se, outer, raw, &mut mine, 0) {
        mine.clear();
        if !indices_non_negative(se, outer, pointer, base, &mut mine) {
            return false;
        }
    }
    for x in mine {
        if !assumed.contains(&x) {
            assumed.push(x);
        }
    }
    true
}

/// Whether `s` is a multiple of `by` whatever its unknowns: as SCEVDivision finds,
/// or term by term (it gives up on an add recurrence that is not affine, `i * i`).
fn divisible<'a>(se: Analyses<'a>, s: Scev<'a>, by: Scev<'a>, depth: u32) -> bool {
    if se.divide(s, by).1.is_zero() {
        return true;
    }
    if depth > 8 {
        return false;
    }
    match s.kind() {
        ScevKind::Add | ScevKind::AddRec => s
            .operands()
            .into_iter()
            .all(|op| divisible(se, op, by, depth + 1)),
        ScevKind::Mul => s
            .operands()
            .into_iter()
            .any(|op| divisible(se, op, by, depth + 1)),
        _ => false,
    }
}

/// Whether `pointer` is `base` moved by `inbounds` GEPs whose indices are each never
/// negative: then so is its offset (a sum of indices times type sizes), where the
/// offset's own expression may not show it (`x % 23` is `x - 23 * (x /u 23)` to
/// ScalarEvolution).
fn indices_non_negative<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    pointer: Value<'a>,
    base: Value<'a>,
    assumed: &mut Vec<Scev<'a>>,
) -> bool {
    let mut at = pointer;
    for _ in 0..16 {
        if at == base {
            return true;
        }
        let Some(gep) = at.instruction().filter(|g| ffi::gep_in_bounds(*g)) else {
            return false;
        };
        let scope = gep.get_parent().and_then(|b| se.loop_for(b));
        for i in 1..gep.get_num_operands() {
            let Some(index) = ffi::operand(gep, i) else {
                return false;
            };
            if !value_non_negative(se, outer, index, scope, assumed, 0) {
                return false;
            }
        }
        let Some(next) = ffi::operand(gep, 0) else {
            return false;
        };
        at = next;
    }
    false
}

/// Whether integer `v` is never negative in the nest: as its expression shows
/// ([`non_negative`]), or as its instruction does where ScalarEvolution's form loses
/// it (`i * i` with `nsw`, `x % c` of a non-negative `x`).
fn value_non_negative<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    v: Value<'a>,
    scope: Option<Loop<'a>>,
    assumed: &mut Vec<Scev<'a>>,
    depth: u32,
) -> bool {
    let mut mine = vec![];
    if non_negative(se, outer, se.at_scope(v, scope), &mut mine, 0) {
        assumed.extend(mine);
        return true;
    }
    let Some(inst) = v.instruction().filter(|_| depth < 16) else {
        return false;
    };
    let operand = |i| ffi::operand(inst, i);
    let both = |assumed: &mut Vec<Scev<'a>>| {
        (0..2).all(|i| {
            operand(i).is_some_and(|x| value_non_negative(se, outer, x, scope, assumed, depth + 1))
        })
    };
    match inst.get_opcode() {
        InstructionOpcode::ZExt => true,
        InstructionOpcode::SExt | InstructionOpcode::SRem => {
            operand(0).is_some_and(|x| value_non_negative(se, outer, x, scope, assumed, depth + 1))
        }
        InstructionOpcode::Mul if ffi::no_signed_wrap(inst) && operand(0) == operand(1) => true,
        InstructionOpcode::Add | InstructionOpcode::Mul => {
            ffi::no_signed_wrap(inst) && both(assumed)
        }
        InstructionOpcode::SDiv => both(assumed),
        InstructionOpcode::URem | InstructionOpcode::UDiv => {
            operand(0).is_some_and(|x| value_non_negative(se, outer, x, scope, assumed, depth + 1))
        }
        _ => false,
    }
}

/// Whether `s` is never negative in the nest: ScalarEvolution proves it, or it is
/// built without signed wrap from parts that are (an invariant counts, pushed on
/// `assumed` for the run-time check; a zero extension always does).
fn non_negative<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    s: Scev<'a>,
    assumed: &mut Vec<Scev<'a>>,
    depth: u32,
) -> bool {
    if se.known_non_negative(s) {
        return true;
    }
    if depth > 16 || !s.is_integer() {
        return false;
    }
    if se.is_loop_invariant(s, outer) {
        if se.known_negative(s) {
            return false;
        }
        assumed.push(s);
        return true;
    }
    let ops = s.operands();
    let all = |assumed: &mut Vec<Scev<'a>>| {
        ops.iter()
            .all(|op| non_negative(se, outer, *op, assumed, depth + 1))
    };
    match s.kind() {
        ScevKind::ZeroExtend => true,
        ScevKind::SignExtend | ScevKind::SMin | ScevKind::UMax => all(assumed),
        ScevKind::Add | ScevKind::Mul | ScevKind::AddRec => s.no_signed_wrap() && all(assumed),
        ScevKind::UDiv => ops
            .first()
            .is_some_and(|lhs| non_negative(se, outer, *lhs, assumed, depth + 1)),
        ScevKind::SMax | ScevKind::UMin => {
            // One non-negative operand is enough; keep only its assumptions.
            ops.iter().any(|op| {
                let mut mine = vec![];
                let ok = non_negative(se, outer, *op, &mut mine, depth + 1);
                if ok {
                    assumed.extend(mine);
                }
                ok
            })
        }
        _ => false,
    }
}

/// Affine expressions in the loops of the nest (outermost `outer`), with the values
/// defined outside it as parameters: constants, parameters, sums, products by a
/// constant, and add-recurrences of the nest's loops with affine start and constant
/// step; extensions and truncations of affine expressions, as front ends emit for
/// `int` counters (Polly accepts them the same way); divisions by a constant
/// (quasi-affine); min and max of affine pieces.
pub struct AffineCheck<'a, 'f> {
    se: Analyses<'a>,
    outer: Loop<'a>,
    found: &'f mut Found<'a>,
}

impl<'a> AffineCheck<'a, '_> {
    pub fn affine(&mut self, s: Scev<'a>) -> bool {
        let se = self.se;
        match s.kind() {
            ScevKind::Constant => true,
            ScevKind::Unknown => {
                if let Some(v) = s.unknown_value() {
                    if v.instruction().is_some() && self.outer.contains_value(v) {
                        return false;
                    }
                }
                self.found.params.insert(s);
                true
            }
            ScevKind::Add => s.operands().into_iter().all(|op| self.affine(op)),
            ScevKind::Mul => {
                let mut non_constant = 0;
                for op in s.operands() {
                    if op.kind() == ScevKind::Constant {
                        continue;
                    }
                    // A product of parameters is still invariant in the nest: a
                    // parameter of its own (a row size times a row index of an outer
                    // loop is not).
                    if se.is_loop_invariant(op, self.outer) && self.affine(op) {
                        continue;
                    }
                    non_constant += 1;
                    if non_constant > 1 || !self.affine(op) {
                        return false;
                    }
                }
                true
            }
            ScevKind::AddRec => {
                let (Some(l), Some(start), Some(step)) = (s.rec_loop(), s.rec_start(), se.step(s))
                else {
                    return false;
                };
                if !self.outer.contains(l.header()) {
                    // The counter of a loop around the nest (a nest inside one that
                    // is not a SCoP) is a parameter of it: translation makes it a
                    // symbol, which the splice computes before the nest.
                    if se.is_loop_invariant(s, self.outer) {
                        self.found.params.insert(s);
                        return true;
                    }
                    return false;
                }
                if !s.rec_is_affine() {
                    return false;
                }
                self.affine(start) && step.kind() == ScevKind::Constant
            }
            // Unsigned division by a constant of an affine expression: a floor
            // division (quasi-affine, as isl's and affine maps' floordiv).
            ScevKind::UDiv => match s.operands().as_slice() {
                [lhs, rhs] => rhs.kind() == ScevKind::Constant && self.affine(*lhs),
                _ => false,
            },
            // The narrow side's width must be a C type's: `k & 15` is `zext (trunc k to
            // i4)`, which is no counter of a narrow type but a mask (a run-time check of
            // k's range would fail at any real size).
            ScevKind::ZeroExtend | ScevKind::SignExtend | ScevKind::Truncate => {
                let narrow = if s.kind() == ScevKind::Truncate {
                    s.width()
                } else {
                    s.operand(0).map_or(0, |op| op.width())
                };
                matches!(narrow, 1 | 8 | 16 | 32 | 64)
                    && s.operand(0).is_some_and(|op| self.affine(op))
            }
            ScevKind::PtrToInt => s.operand(0).is_some_and(|op| self.affine(op)),
            ScevKind::SMax
            | ScevKind::SMin
            | ScevKind::UMax
            | ScevKind::UMin
            | ScevKind::SequentialUMin => s.operands().into_iter().all(|op| self.affine(op)),
            _ => false,
        }
    }
}

/// Finds the SCoP rooted at a loop, or why there is none.
pub struct Detector<'a> {
    se: Analyses<'a>,
}

impl<'a> Detector<'a> {
    pub fn new(se: Analyses<'a>) -> Self {
        Detector { se }
    }

    /// The nest rooted at `outer`: what it holds, or why it is not a SCoP.
    pub fn detect(&self, outer: Loop<'a>) -> Result<Found<'a>, Failure<'a>> {
        let se = self.se;
        let mut found = Found {
            constant_iterations: Some(1),
            ..Found::default()
        };
        let mut loops = vec![outer];
        let mut i = 0;
        while i < loops.len() {
            let subs = loops[i].sub_loops();
            loops.extend(subs);
            i += 1;
        }
        for l in &loops {
            let l = *l;
            let first = ffi::first_non_phi(l.header()).and_then(Value::of);
            let fail = |reason, expr| Failure {
                reason,
                at: first,
                expr,
            };
            if l.block(ffi::LoopBlock::Predecessor).is_none()
                || l.block(ffi::LoopBlock::Latch).is_none()
            {
                return Err(fail(Reject::NotSimplified, None));
            }
            if l.block(ffi::LoopBlock::Exiting).is_none()
                || l.block(ffi::LoopBlock::Exiting) != l.block(ffi::LoopBlock::Latch)
            {
                return Err(fail(Reject::Irreducible, None));
            }
            let count = backedge_count(se, outer, l, None);
            if count.could_not_compute() {
                return Err(fail(Reject::NoTripCount, None));
            }
            let mut check = AffineCheck {
                se,
                outer,
                found: &mut found,
            };
            if !check.affine(count) {
                return Err(fail(Reject::NonAffineBound, Some(count)));
            }
            found.loops += 1;
            found.depth = found.depth.max(l.depth() - outer.depth() + 1);
            let trips = count
                .constant()
                .filter(|c| !c.negative && c.active_bits <= 32)
                .map(|c| c.zext + 1);
            found.constant_iterations = found
                .constant_iterations
                .zip(trips)
                .map(|(all, n)| all.saturating_mul(n));
        }
        for block in outer.blocks() {
            for inst in block.get_instructions() {
                self.instruction(inst, outer, &mut found)?;
            }
        }
        Ok(found)
    }

    fn instruction(
        &self,
        inst: InstructionValue<'a>,
        outer: Loop<'a>,
        found: &mut Found<'a>,
    ) -> Result<(), Failure<'a>> {
        let se = self.se;
        let at = Value::of(inst);
        let fail = |reason, expr| Failure { reason, at, expr };
        match inst.get_opcode() {
            InstructionOpcode::Br => {
                let Some(condition) = ffi::branch_condition(inst) else {
                    return Ok(());
                };
                let block = inst.get_parent();
                let l = block.and_then(|b| se.loop_for(b));
                if let (Some(l), Some(b)) = (l, block) {
                    if l.block(ffi::LoopBlock::Latch) == Some(b) {
                        return Ok(()); // the latch's test: the trip count covers it
                    }
                }
                let mut culprit = None;
                if !self.affine_condition(condition, l, outer, found, &mut culprit, 0)
                    && !l.is_some_and(|l| sides_without_loops(se, inst, l))
                {
                    return Err(fail(Reject::NonAffineBranch, culprit));
                }
                return Ok(());
            }
            InstructionOpcode::Switch | InstructionOpcode::IndirectBr => {
                return Err(fail(Reject::NonAffineBranch, None));
            }
            InstructionOpcode::Call | InstructionOpcode::Invoke | InstructionOpcode::CallBr => {
                let facts = ffi::facts(inst);
                if facts.debug_intrinsic() || facts.no_memory_access() || facts.assume_like() {
                    return Ok(());
                }
                // A C math function (sqrt under -fmath-errno) is modelled as its
                // intrinsic: its only other effect is on errno, which the nest never
                // reads, and errno ends the same whatever the calls' order
                // (architecture-decisions.md, "Math functions under -fmath-errno").
                if se.math_function(inst).is_some() {
                    return Ok(());
                }
                return Err(fail(Reject::UnknownCall, None));
            }
            _ => {}
        }
        let facts = ffi::facts(inst);
        let (pointer, write) = match inst.get_opcode() {
            InstructionOpcode::Load => {
                if !facts.simple_access() {
                    return Err(fail(Reject::VolatileOrAtomic, None));
                }
                (ffi::operand(inst, 0), false)
            }
            InstructionOpcode::Store => {
                if !facts.simple_access() {
                    return Err(fail(Reject::VolatileOrAtomic, None));
                }
                (ffi::operand(inst, 1), true)
            }
            _ if facts.may_read_or_write_memory() => {
                return Err(fail(Reject::OtherMemory, None));
            }
            _ => return Ok(()),
        };
        let Some(pointer) = pointer else {
            return Err(fail(Reject::NoBasePointer, None));
        };
        let scope = inst.get_parent().and_then(|b| se.loop_for(b));
        let address = se.at_scope(pointer, scope);
        let base = se.pointer_base(address);
        let Some(base_value) = base.unknown_value() else {
            return Err(fail(Reject::NoBasePointer, None));
        };
        if base_value.instruction().is_some() && outer.contains_value(base_value) {
            return Err(fail(Reject::NoBasePointer, None));
        }
        let raw = se.minus(address, base);
        let offset = widen_sign_extensions(se, outer, raw, None);
        let element_size = se.element_size(inst);
        match affine_offset(se, outer, offset, element_size, found) {
            Ok(true) => found.delinearized += 1,
            Ok(false) => {}
            // Polly's non-affine access: any element of the array, where the
            // address is a whole element at or after the base.
            Err(culprit) => {
                if !whole_array_offset(
                    se,
                    outer,
                    pointer,
                    base_value,
                    raw,
                    element_size,
                    &mut vec![],
                ) {
                    return Err(fail(Reject::NonAffineAccess, Some(culprit)));
                }
                found.whole_array += 1;
            }
        }
        found.arrays.insert(base);
        if write {
            found.writes += 1;
        } else {
            found.reads += 1;
        }
        Ok(())
    }

    /// A condition built of affine comparisons with and, or (also in select form, as
    /// InstCombine writes them) and constants; `culprit` gets the first non-affine
    /// side of a comparison.
    fn affine_condition(
        &self,
        condition: Value<'a>,
        scope: Option<Loop<'a>>,
        outer: Loop<'a>,
        found: &mut Found<'a>,
        culprit: &mut Option<Scev<'a>>,
        depth: u32,
    ) -> bool {
        if depth > 16 {
            return false;
        }
        if condition.is_constant() {
            return true;
        }
        let Some(inst) = condition.instruction() else {
            return false;
        };
        if inst.get_opcode() == InstructionOpcode::ICmp {
            for i in 0..2 {
                let Some(operand) = ffi::operand(inst, i) else {
                    return false;
                };
                let side = self.se.at_scope(operand, scope);
                let mut check = AffineCheck {
                    se: self.se,
                    outer,
                    found,
                };
                if !check.affine(side) {
                    *culprit = Some(side);
                    return false;
                }
            }
            return true;
        }
        if condition.ty().integer_width() != Some(1) {
            return false;
        }
        if matches!(
            inst.get_opcode(),
            InstructionOpcode::And | InstructionOpcode::Or | InstructionOpcode::Select
        ) {
            for i in 0..inst.get_num_operands() {
                let Some(operand) = ffi::operand(inst, i) else {
                    return false;
                };
                if !self.affine_condition(operand, scope, outer, found, culprit, depth + 1) {
                    return false;
                }
            }
            return true;
        }
        false
    }
}

/// Whether both sides of `branch`, up to their merge, stay in its loop `l` with no
/// loop of their own: then a branch whose condition is not affine (a test on data,
/// `if (A[i] > 0)`) is a conditional part of one statement, as Polly's non-affine
/// subregion, which translation makes an `scf.if` whose stores the core takes as
/// may-writes.
pub fn sides_without_loops<'a>(
    se: Analyses<'a>,
    branch: InstructionValue<'a>,
    l: Loop<'a>,
) -> bool {
    let Some(merge) = branch.get_parent().and_then(|b| se.post_idom(b)) else {
        return false;
    };
    let mut work: Vec<_> = (0..2).filter_map(|i| ffi::successor(branch, i)).collect();
    let mut seen = HashSet::new();
    while let Some(block) = work.pop() {
        if block == merge || !seen.insert(block) {
            continue;
        }
        if seen.len() > 64 || se.loop_for(block) != Some(l) || l.header() == block {
            return false;
        }
        let Some(terminator) = block.get_terminator() else {
            return false;
        };
        for i in 0..terminator.get_num_operands() {
            if let Some(next) = ffi::successor(terminator, i) {
                work.push(next);
            }
        }
    }
    true
}
