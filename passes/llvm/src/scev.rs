//! ScalarEvolution as the front end reads C: `int` arithmetic taken wide, and trip
//! counts where SCEV gives them only under predicates.

use super::ffi::{Analyses, Conversion, Loop, Predicate, Scev, ScevKind};

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
/// operands' extensions (C's `A[i*n + i]` after InstCombine is `sext (i*(n + 1))`,
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
        if s.kind() == ScevKind::SignExtend {
            return self.sign_extension(s);
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
        let wide = match op.kind() {
            ScevKind::AddRec | ScevKind::Add | ScevKind::Mul => self.widen(op, e.width(), 0),
            _ => None,
        };
        let Some(wide) = wide else {
            return rewrite_operands(se, e, |op| self.visit(op));
        };
        if let Some(widened) = self.widened.as_deref_mut() {
            widened.push(NarrowValue {
                wide,
                bits: op.width(),
                is_unsigned: false,
            });
        }
        wide
    }

    /// `s`, narrow, computed in `width` over its operands' extensions; None when it
    /// is not affine.
    pub fn widen(&self, s: Scev<'a>, width: u32, depth: u32) -> Option<Scev<'a>> {
        let se = self.se;
        if depth > 16 {
            return None;
        }
        match s.kind() {
            ScevKind::AddRec => {
                if !s.rec_is_affine() {
                    return None;
                }
                let start = self.widen(s.rec_start()?, width, depth + 1);
                let step = self.widen(se.step(s)?, width, depth + 1);
                Some(se.add_rec(start?, step?, s.rec_loop()?))
            }
            ScevKind::Add | ScevKind::Mul => {
                let mut ops = Vec::new();
                for op in s.operands() {
                    ops.push(self.widen(op, width, depth + 1)?);
                }
                Some(if s.kind() == ScevKind::Add {
                    se.sum(&ops)
                } else {
                    se.product(&ops)
                })
            }
            _ if self.non_negative_invariant(s) => {
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
/// not wrapping, taken wide with the smax of a guarded entry resolved; the no-wrap
/// goes into `widened` as the range of the recurrence taken wide, which the run-time
/// check requires. SCEVCouldNotCompute when neither.
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
    let (count, predicates) = se.predicated_backedge_count(l);
    if count.could_not_compute() {
        return count;
    }
    // Each predicate's range first, then what the count's rewrite widens.
    let mut ranges = Vec::new();
    let looking = Widener::new(se, nest, None);
    for predicate in predicates {
        // Only an IncrementNSSW wrap predicate on a narrow recurrence is taken.
        let Some(rec) = predicate else {
            return none;
        };
        let wide = if rec.width() < 64 {
            looking.widen(rec, 64, 0)
        } else {
            None
        };
        let Some(wide) = wide else {
            return none;
        };
        // Sound by induction: while the wide values over the predicated count stay
        // in the `int` range, the loop runs as predicted, so the count is its own.
        ranges.push(NarrowValue {
            wide,
            bits: rec.width(),
            is_unsigned: false,
        });
    }
    let mut widener = Widener::new(se, nest, Some(&mut ranges));
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
    if let Some(widened) = widened {
        widened.extend(ranges);
    }
    count
}
