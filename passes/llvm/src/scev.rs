//! ScalarEvolution as the front end reads C: `int` and `unsigned` arithmetic taken
//! wide, and trip counts where SCEV gives them only under predicates or not at all.

use super::ffi::{self, Analyses, Conversion, Loop, LoopBlock, Predicate, Scev, ScevKind};

/// A value computed in a narrow integer type that the model takes as computed wide;
/// the run-time check keeps it in the narrow type's range.
#[derive(Clone, Copy, Debug)]
pub struct NarrowValue<'a> {
    pub wide: Scev<'a>,
    /// The narrow type's width.
    pub bits: u32,
    /// Its range: [0, 2^bits) rather than [-2^(bits-1), 2^(bits-1)).
    pub is_unsigned: bool,
}

/// Rewrites each sign extension of an `int` add recurrence, sum or product over its
/// operands' extensions (and each zero extension of an `unsigned` one that may wrap) (C's `A[i*n + i]` after InstCombine is `sext (i*(n + 1))`,
/// its `nsw` gone with the factoring, which delinearization can't see through). The
/// same value while the narrow one stays in its type's range, which the run-time
/// check then requires of each expression put in `widened` (None: only looking).
pub struct Widener<'a, 'w> {
    se: Analyses<'a>,
    nest: Loop<'a>,
    widened: Option<&'w mut Vec<NarrowValue<'a>>>,
}

impl<'a, 'w> Widener<'a, 'w> {
    pub fn new(
        se: Analyses<'a>,
        nest: Loop<'a>,
        widened: Option<&'w mut Vec<NarrowValue<'a>>>,
    ) -> Self {
        Widener { se, nest, widened }
    }

    /// The rewrite of `s` (SCEVRewriteVisitor's walk: operands first, a node
    /// rebuilt only where an operand changed).
    pub fn visit(&mut self, s: Scev<'a>) -> Scev<'a> {
        match s.kind() {
            ScevKind::SignExtend => return self.sign_extension(s),
            ScevKind::ZeroExtend => return self.zero_extension(s),
            _ => {}
        }
        let se = self.se;
        rewrite_operands(se, s, |op| self.visit(op))
    }

    fn sign_extension(&mut self, e: Scev<'a>) -> Scev<'a> {
        let se = self.se;
        let Some(op) = e.operand(0) else { return e };
        if self.non_negative_invariant(op) {
            return se.convert(op, Conversion::ZeroExtend, e.width());
        }
        self.taken_wide(e, op, false)
    }

    /// `e`, the extension of `op`, as `op` computed wide where `op` is a
    /// recurrence, sum or product, its range in `widened`; else `e` with its
    /// operands rewritten.
    fn taken_wide(&mut self, e: Scev<'a>, op: Scev<'a>, is_unsigned: bool) -> Scev<'a> {
        let se = self.se;
        // Only a C type's width: `k & 15` is the zero extension of an `i4` recurrence,
        // a mask, which a range check on k would keep from running at any real size.
        let wide = match op.kind() {
            ScevKind::AddRec | ScevKind::Add | ScevKind::Mul
                if matches!(op.width(), 8 | 16 | 32) =>
            {
                self.widen(op, e.width(), is_unsigned)
            }
            _ => None,
        };
        let Some(wide) = wide else {
            return rewrite_operands(se, e, |op| self.visit(op));
        };
        if let Some(widened) = self.widened.as_deref_mut() {
            widened.push(NarrowValue {
                wide,
                bits: op.width(),
                is_unsigned,
            });
        }
        wide
    }

    /// A zero extension of a recurrence, sum or product that may wrap in its unsigned
    /// type (an `unsigned` counter stepping by 3, `i*m + j` in `unsigned`): taken wide,
    /// the same value while the wide one stays in [0, 2^bits). The wide value is
    /// congruent to the narrow one modulo 2^bits whichever extension each leaf gets.
    fn zero_extension(&mut self, e: Scev<'a>) -> Scev<'a> {
        let se = self.se;
        let Some(op) = e.operand(0) else { return e };
        let exact = se.is_loop_invariant(op, self.nest)
            || op.no_unsigned_wrap()
            || (op.no_signed_wrap() && se.known_non_negative(op));
        if exact {
            return rewrite_operands(se, e, |op| self.visit(op));
        }
        self.taken_wide(e, op, true)
    }

    /// `s`, narrow, computed in `width` over its operands' extensions; None when it
    /// is not affine. Invariants the entry proves non-negative, and all of them for an
    /// `unsigned` value, are extended with zeros; constants keep their sign (a step
    /// of -3 stays -3).
    pub fn widen(&self, s: Scev<'a>, width: u32, unsigned: bool) -> Option<Scev<'a>> {
        self.widen_from(s, width, unsigned, 0)
    }

    fn widen_from(&self, s: Scev<'a>, width: u32, unsigned: bool, depth: u32) -> Option<Scev<'a>> {
        let se = self.se;
        if depth > 16 {
            return None;
        }
        match s.kind() {
            ScevKind::AddRec => {
                if !s.rec_is_affine() {
                    return None;
                }
                let start = self.widen_from(s.rec_start()?, width, unsigned, depth + 1);
                let step = self.widen_from(se.step(s)?, width, unsigned, depth + 1);
                Some(se.add_rec(start?, step?, s.rec_loop()?))
            }
            ScevKind::Add | ScevKind::Mul => {
                let mut ops = Vec::new();
                for op in s.operands() {
                    ops.push(self.widen_from(op, width, unsigned, depth + 1)?);
                }
                Some(if s.kind() == ScevKind::Add {
                    se.sum(&ops)
                } else {
                    se.product(&ops)
                })
            }
            ScevKind::Constant => Some(se.convert(s, Conversion::SignExtend, width)),
            _ if unsigned || self.non_negative_invariant(s) => {
                Some(se.convert(s, Conversion::ZeroExtend, width))
            }
            _ => Some(se.convert(s, Conversion::SignExtend, width)),
        }
    }

    /// An invariant the nest's entry proves non-negative (`i < n` from 0: n > 0) is
    /// extended with zeros, as indvars extends loop bounds, so that `A[i*n + j]`,
    /// `A[k*n + j]` and `A[i*n + i]` give one row size.
    fn non_negative_invariant(&self, s: Scev<'a>) -> bool {
        let se = self.se;
        se.is_loop_invariant(s, self.nest)
            && se.entry_guarded(self.nest, Predicate::Sge, s, se.zero(s))
    }
}

/// `s` rebuilt over `rewrite` of each operand (SCEVRewriteVisitor's default: a node
/// is rebuilt only where an operand changed, an add recurrence with its own no-wrap
/// flags). Constants, unknowns and pointer conversions stay as they are.
fn rewrite_operands<'a>(
    se: Analyses<'a>,
    s: Scev<'a>,
    mut rewrite: impl FnMut(Scev<'a>) -> Scev<'a>,
) -> Scev<'a> {
    let kind = s.kind();
    let convert = match kind {
        ScevKind::Truncate => Some(Conversion::Truncate),
        ScevKind::ZeroExtend => Some(Conversion::ZeroExtend),
        ScevKind::SignExtend => Some(Conversion::SignExtend),
        _ => None,
    };
    if let Some(how) = convert {
        let Some(op) = s.operand(0) else { return s };
        let new = rewrite(op);
        return if new == op {
            s
        } else {
            se.convert(new, how, s.width())
        };
    }
    if !(s.is_nary() || kind == ScevKind::UDiv) {
        return s;
    }
    let ops = s.operands();
    let new: Vec<Scev<'a>> = ops.iter().map(|o| rewrite(*o)).collect();
    if new == ops {
        return s;
    }
    match (kind, s.rec_loop()) {
        (ScevKind::Add, _) => se.sum(&new),
        (ScevKind::Mul, _) => se.product(&new),
        (ScevKind::UDiv, _) => se.udiv(new[0], new[1]),
        (ScevKind::AddRec, Some(l)) => se.add_rec_with_flags_of(s, &new, l),
        (ScevKind::AddRec, None) => s,
        (kind, _) => se.min_max(kind, &new),
    }
}

/// `s` with each zero extension of a value invariant in `nest` read as its sign
/// extension, and those values. IndVarSimplify widens an `int` bound guarded
/// positive with zeros (`for (i = 0; i < m; i++)` counts `zext(m) - 1`); where the
/// value is non-negative the two agree, which the run-time check then requires, and
/// the signed reading also gives the count the loop has where its guard fails.
pub fn signed_invariants<'a>(
    se: Analyses<'a>,
    nest: Loop<'a>,
    s: Scev<'a>,
) -> (Scev<'a>, Vec<Scev<'a>>) {
    fn walk<'a>(
        se: Analyses<'a>,
        nest: Loop<'a>,
        s: Scev<'a>,
        found: &mut Vec<Scev<'a>>,
    ) -> Scev<'a> {
        if s.kind() == ScevKind::ZeroExtend {
            if let Some(op) = s.operand(0) {
                if op.is_integer() && se.is_loop_invariant(op, nest) {
                    found.push(op);
                    return se.convert(op, Conversion::SignExtend, s.width());
                }
            }
        }
        rewrite_operands(se, s, |op| walk(se, nest, op, found))
    }
    let mut found = vec![];
    let rewritten = walk(se, nest, s, &mut found);
    (rewritten, found)
}

/// [`Widener::visit`] with no record of what was widened.
pub fn widen_sign_extensions<'a>(
    se: Analyses<'a>,
    nest: Loop<'a>,
    s: Scev<'a>,
    widened: Option<&mut Vec<NarrowValue<'a>>>,
) -> Scev<'a> {
    Widener::new(se, nest, widened).visit(s)
}

/// The backedge-taken count of `l`, in the nest rooted at `nest`. Where SCEV has none
/// because the exit test is on an `int` copy of a wide counter (`k + 1 < j` compiled
/// as `sext(trunc(k + 1)) < j`), the count SCEV predicates on that `int` recurrence
/// not wrapping, taken wide with the smax of a guarded entry resolved; where it has
/// none because the counter may wrap (an `unsigned` counter stepping by 3, a `short`
/// one compared as `int`), the count of the latch's exit test taken wide
/// ([`exit_test_count`]). Either way the no-wrap goes into `widened` as the range of
/// a recurrence taken wide, which the run-time check requires. SCEVCouldNotCompute
/// when none of these applies.
pub fn backedge_count<'a>(
    se: Analyses<'a>,
    nest: Loop<'a>,
    l: Loop<'a>,
    widened: Option<&mut Vec<NarrowValue<'a>>>,
) -> Scev<'a> {
    let none = se.backedge_count(l);
    if !none.could_not_compute() {
        return none;
    }
    let mut ranges = Vec::new();
    let count = predicated_count(se, nest, l, &mut ranges)
        .or_else(|| {
            ranges.clear();
            exit_test_count(se, nest, l, &mut ranges)
        })
        .unwrap_or(none);
    if let Some(widened) = widened {
        if !count.could_not_compute() {
            widened.extend(ranges);
        }
    }
    count
}

/// SCEV's count under predicates, where each is an `IncrementNSSW` wrap predicate on
/// a narrow recurrence, taken wide; each recurrence's range goes into `ranges`.
fn predicated_count<'a>(
    se: Analyses<'a>,
    nest: Loop<'a>,
    l: Loop<'a>,
    ranges: &mut Vec<NarrowValue<'a>>,
) -> Option<Scev<'a>> {
    let (count, predicates) = se.predicated_backedge_count(l);
    if count.could_not_compute() {
        return None;
    }
    // Each predicate's range first, then what the count's rewrite widens.
    let looking = Widener::new(se, nest, None);
    for predicate in predicates {
        // Only an IncrementNSSW wrap predicate on a narrow recurrence is taken.
        let rec = predicate?;
        if rec.width() >= 64 {
            return None;
        }
        let wide = looking.widen(rec, 64, false)?;
        // Sound by induction: while the wide values over the predicated count stay
        // in the `int` range, the loop runs as predicted, so the count is its own.
        ranges.push(NarrowValue {
            wide,
            bits: rec.width(),
            is_unsigned: false,
        });
    }
    let mut widener = Widener::new(se, nest, Some(ranges));
    let mut count = widener.visit(count);
    // `smax(a, b) - a` where the loop's entry is guarded by `b >= a`: `b - a`.
    if count.kind() == ScevKind::Add {
        let ops: Vec<Scev<'a>> = count
            .operands()
            .into_iter()
            .map(|op| match (op.kind(), op.operands().as_slice()) {
                (ScevKind::SMax, [a, b]) => {
                    if se.entry_guarded(l, Predicate::Sge, *b, *a) {
                        *b
                    } else if se.entry_guarded(l, Predicate::Sge, *a, *b) {
                        *a
                    } else {
                        op
                    }
                }
                _ => op,
            })
            .collect();
        count = se.sum(&ops);
    }
    Some(count)
}

/// The backedge-taken count of a loop whose latch exits on `x <p> b`, `x` an affine
/// recurrence of the loop with a constant step, or its sign or zero extension, and
/// `b` invariant in the loop: the loop Polly builds its domain from where SCEV has no
/// count (ScopDetection's canUseISLTripCount), because the counter may wrap in its
/// own type. The count is that of the recurrence taken in 64 bits, `(b' - x0 + k - 1)
/// /u k` for step k > 0 and the first tested value x0 (b' is b, or b + 1 for `<=`;
/// downwards alike), exact while the wide values stay in the counter's range, which
/// goes into `ranges`; the numerator must be non-negative wherever the loop is
/// entered, which SCEV proves or the entry guard (the test on the counter's start,
/// as a rotated loop has it) gives.
fn exit_test_count<'a>(
    se: Analyses<'a>,
    nest: Loop<'a>,
    l: Loop<'a>,
    ranges: &mut Vec<NarrowValue<'a>>,
) -> Option<Scev<'a>> {
    let latch = l.block(LoopBlock::Latch)?;
    if l.block(LoopBlock::Exiting) != Some(latch) {
        return None;
    }
    let branch = latch.get_terminator()?;
    let condition = ffi::branch_condition(branch)?.instruction()?;
    let mut p = ffi::icmp_predicate(condition)?;
    if ffi::successor(branch, 0) != Some(l.header()) {
        if ffi::successor(branch, 1) != Some(l.header()) {
            return None;
        }
        p = p.inverse();
    }
    let a = se.at_scope(ffi::operand(condition, 0)?, Some(l));
    let b = se.at_scope(ffi::operand(condition, 1)?, Some(l));
    let (tested, bound) = match (se.is_loop_invariant(a, l), se.is_loop_invariant(b, l)) {
        (false, true) => (a, b),
        (true, false) => {
            p = p.swapped();
            (b, a)
        }
        _ => return None,
    };
    // The recurrence, and whether its range is taken unsigned: the predicate's sign
    // for the counter itself; the extension's for a narrow one compared wide (a
    // sign-extended value compared unsigned would need both ranges: not taken).
    let (rec, is_unsigned) = match tested.kind() {
        ScevKind::SignExtend if !p.is_unsigned() => (tested.operand(0)?, false),
        ScevKind::ZeroExtend => (tested.operand(0)?, true),
        ScevKind::AddRec => (tested, p.is_unsigned()),
        _ => return None,
    };
    let width = tested.width();
    if !tested.is_integer() || !bound.is_integer() {
        return None; // a pointer compared with an end pointer
    }
    // A 64-bit counter has no wider type to be taken in.
    if rec.kind() != ScevKind::AddRec
        || rec.rec_loop() != Some(l)
        || !rec.rec_is_affine()
        || rec.width() >= 64
        || width > 64
    {
        return None;
    }
    let wide = Widener::new(se, nest, None).widen(rec, 64, is_unsigned)?;
    let step = se.step(wide)?.constant()?;
    if step.significant_bits > 32 || step.sext == 0 {
        return None;
    }
    let k = step.sext;
    let how = if p.is_unsigned() {
        Conversion::ZeroExtend
    } else {
        Conversion::SignExtend
    };
    let narrow_bound = bound;
    let bound = if width < 64 {
        se.convert(bound, how, 64)
    } else {
        bound
    };
    let first = wide.rec_start()?;
    let numerator = match (k > 0, p.signed()) {
        // x0 + k t < b', first false at t = ceil((b' - x0) / k).
        (true, Predicate::Slt) => se.sum(&[bound, se.negative(first), se.constant(64, k - 1)]),
        (true, Predicate::Sle) => se.sum(&[bound, se.negative(first), se.constant(64, k)]),
        (false, Predicate::Sgt) => se.sum(&[first, se.negative(bound), se.constant(64, -k - 1)]),
        (false, Predicate::Sge) => se.sum(&[first, se.negative(bound), se.constant(64, -k)]),
        _ => return None,
    };
    let start = se.minus(first, se.constant(64, k));
    if !se.known_non_negative(numerator)
        && !se.entry_guarded(l, Predicate::Sge, numerator, se.zero(numerator))
    {
        // The rotated loop's guard: the counter's start passes the test. In the
        // narrow type; the same wide while the start is in range.
        let narrow_start = se.minus(rec.rec_start()?, se.step(rec)?);
        let guarded = match tested.kind() {
            ScevKind::AddRec => narrow_start,
            ScevKind::SignExtend => se.convert(narrow_start, Conversion::SignExtend, width),
            _ => se.convert(narrow_start, Conversion::ZeroExtend, width),
        };
        if !se.entry_guarded(l, p, guarded, narrow_bound) {
            return None;
        }
        ranges.push(NarrowValue {
            wide: start,
            bits: rec.width(),
            is_unsigned,
        });
    }
    ranges.push(NarrowValue {
        wide,
        bits: rec.width(),
        is_unsigned,
    });
    Some(se.udiv(numerator, se.constant(64, k.abs())))
}
