//! The least or greatest value an expression takes over a loop nest (a superset of
//! its iterations), as an expression invariant in the nest: what the run-time check
//! bounds subscripts and addresses with, and what tells a subscript's form that
//! leaves its dimension (shape.rs).

use super::ffi::{Analyses, Conversion, Loop, Predicate, Scev, ScevKind, Value};
use super::scev::{backedge_count, NarrowValue, Widener};

/// Whether an invariant step or factor `x` is taken as non-negative (else as
/// non-positive). A sign SCEV can't tell (a row size `8 * n` of an `int n`) is
/// assumed as its form suggests (`-8 * n` non-positive) and goes into `assumed`, each
/// entry to be checked `>= 0` at run time. Zero is either sign: a step `-4 * n` is
/// zero only where nothing runs.
fn assume_non_negative<'a>(se: Analyses<'a>, x: Scev<'a>, assumed: &mut Vec<Scev<'a>>) -> bool {
    if se.known_non_negative(x) {
        return true;
    }
    if se.known_non_positive(x) {
        return false;
    }
    if x.kind() == ScevKind::Mul
        && x.operand(0)
            .and_then(|c| c.constant())
            .is_some_and(|c| c.negative)
    {
        assumed.push(se.negative(x));
        return false;
    }
    assumed.push(x);
    true
}

/// Whether the entry of `l` is guarded by its backedge-taken count `count` (taken
/// wide) being non-negative. SCEV matches guards by their form, so besides `count >=
/// 0` this asks the same of each counter of the loop (a header phi that is an affine
/// recurrence of known step sign) as a rotated loop's guard has it: its start before
/// its value after count + 1 steps (`i + 1 < n` for j from i + 1 to n), in the
/// counter's type or, where the guard compares `int` copies, in `narrow` bits; the
/// latter holds only while both values fit, which goes into `ranges` for the
/// run-time check.
fn entry_guarded_non_negative<'a>(
    se: Analyses<'a>,
    l: Loop<'a>,
    count: Scev<'a>,
    narrow: u32,
    ranges: &mut Vec<NarrowValue<'a>>,
) -> bool {
    if se.entry_guarded(l, Predicate::Sge, count, se.zero(count)) {
        return true;
    }
    for phi in super::ffi::phis(l.header()) {
        let Some(v) = Value::of(phi) else { continue };
        if !se.is_scevable(v.ty()) {
            continue;
        }
        let counter = se.get(v);
        if counter.rec_loop() != Some(l)
            || !counter.rec_is_affine()
            || counter.width() != count.width()
        {
            continue;
        }
        let (Some(step), Some(start)) = (se.step(counter), counter.rec_start()) else {
            continue;
        };
        let exit = se.add2(start, se.mul2(step, se.add2(count, se.one(count))));
        let before = if se.known_positive(step) {
            Predicate::Slt
        } else if se.known_negative(step) {
            Predicate::Sgt
        } else {
            continue;
        };
        if se.entry_guarded(l, before, start, exit) {
            return true;
        }
        if se.entry_guarded(
            l,
            before,
            se.convert(start, Conversion::Truncate, narrow),
            se.convert(exit, Conversion::Truncate, narrow),
        ) {
            ranges.push(NarrowValue {
                wide: start,
                bits: narrow,
                is_unsigned: false,
            });
            ranges.push(NarrowValue {
                wide: exit,
                bits: narrow,
                is_unsigned: false,
            });
            return true;
        }
    }
    false
}

/// The least or greatest value `s` takes over the nest's iterations (a superset of
/// them: each loop's counter over [0, backedge-taken count], whatever the guards
/// say), as an expression invariant in the nest; None if not found. Steps of a sign
/// SCEV can't tell go into `assumed` ([`assume_non_negative`]).
pub fn extreme<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    s: Scev<'a>,
    greatest: bool,
    assumed: &mut Vec<Scev<'a>>,
    mut counts: Option<&mut Vec<NarrowValue<'a>>>,
    depth: u32,
) -> Option<Scev<'a>> {
    if depth > 64 {
        return None;
    }
    if se.is_loop_invariant(s, outer) {
        return Some(s);
    }
    match s.kind() {
        ScevKind::AddRec => {
            let step = se.step(s)?;
            let l = s.rec_loop()?;
            if !s.rec_is_affine()
                || !outer.contains(l.header())
                || !se.is_loop_invariant(step, outer)
            {
                return None;
            }
            let mut count = backedge_count(se, outer, l, None);
            if count.could_not_compute() {
                return None;
            }
            // A trip count of an `int` loop counter, `{(-2 + m),+,-1}` in 32 bits (j
            // from i + 1 to m), is taken wide rather than zero-extended, so that j's
            // greatest value `i + 1 + (m - 2 - i)` folds to m - 1 instead of adding
            // each term's own extreme; the run-time check requires the wide value to
            // stay in [0, 2^bits) over the nest (`counts`), where it is the count.
            // Where the wide count is negative somewhere in the superset (k from i + 1
            // to m at i = m - 1), it is kept only if the loop's entry is guarded by
            // the narrow count being non-negative: there the loop does not run, and
            // the values the wide count gives at such outer iterations only widen the
            // superset. The check then requires the trip count (count + 1) in [0,
            // 2^bits), which with the guard makes the wide count the narrow one
            // wherever the loop runs. Otherwise that check would fail at every size,
            // and the zero extension's looser bound serves.
            let bits = count.width();
            if let Some(counts) = counts.as_deref_mut() {
                if bits < s.width() && !se.is_loop_invariant(count, outer) {
                    if let Some(wide) = Widener::new(se, outer, None).widen(count, s.width(), false)
                    {
                        let mut steps = vec![];
                        let least = extreme(se, outer, wide, false, &mut steps, None, depth + 1);
                        if let Some(least) = least.filter(|_| steps.is_empty()) {
                            if !se.known_negative(least) {
                                counts.push(NarrowValue {
                                    wide,
                                    bits,
                                    is_unsigned: true,
                                });
                                count = wide;
                            } else if entry_guarded_non_negative(se, l, wide, bits, counts) {
                                counts.push(NarrowValue {
                                    wide: se.add2(wide, se.one(wide)),
                                    bits,
                                    is_unsigned: true,
                                });
                                count = wide;
                            }
                        }
                    }
                }
            }
            let count = se.convert(count, Conversion::TruncateOrZeroExtend, s.width());
            let up = assume_non_negative(se, step, assumed);
            let start = s.rec_start()?;
            let pick = if up == greatest {
                se.add2(start, se.mul2(step, count))
            } else {
                start
            };
            extreme(se, outer, pick, greatest, assumed, counts, depth + 1)
        }
        ScevKind::Add => {
            let ops = operand_extremes(se, outer, s, greatest, assumed, counts, depth)?;
            Some(se.sum(&ops))
        }
        ScevKind::Mul => {
            // Invariant factors of a known sign (a constant, a row size `8 * n`) times
            // one that varies: a trip count over an outer counter, in `A[k*m + i]`
            // with k > i.
            let mut varying = None;
            let mut invariant = vec![];
            for op in s.operands() {
                if se.is_loop_invariant(op, outer) {
                    invariant.push(op);
                } else if varying.is_some() {
                    return None;
                } else {
                    varying = Some(op);
                }
            }
            // A factor whose sign SCEV can't tell is assumed, as a step of unknown
            // sign is.
            let c = se.product(&invariant);
            let up = assume_non_negative(se, c, assumed);
            let e = extreme(
                se,
                outer,
                varying?,
                if up { greatest } else { !greatest },
                assumed,
                counts,
                depth + 1,
            )?;
            Some(se.mul2(c, e))
        }
        ScevKind::SignExtend => {
            let e = extreme(
                se,
                outer,
                s.operand(0)?,
                greatest,
                assumed,
                counts,
                depth + 1,
            )?;
            Some(se.convert(e, Conversion::SignExtend, s.width()))
        }
        ScevKind::ZeroExtend => {
            let op = s.operand(0)?;
            // Monotone only where the operand can't be negative.
            if !greatest && !se.known_non_negative(op) {
                return None;
            }
            let e = extreme(se, outer, op, greatest, assumed, counts, depth + 1)?;
            Some(se.convert(e, Conversion::ZeroExtend, s.width()))
        }
        kind if kind.is_min_max() => {
            let ops = operand_extremes(se, outer, s, greatest, assumed, counts, depth)?;
            Some(se.min_max(kind, &ops))
        }
        ScevKind::UDiv => {
            let ops = s.operands();
            let [lhs, rhs] = ops.as_slice() else {
                return None;
            };
            if rhs.kind() != ScevKind::Constant || !se.known_non_negative(*lhs) {
                return None;
            }
            let e = extreme(se, outer, *lhs, greatest, assumed, counts, depth + 1)?;
            Some(se.udiv(e, *rhs))
        }
        _ => None,
    }
}

/// The same extreme of each operand of `s`, for an expression monotone in all of
/// them (a sum, a min or a max); None if one has none.
fn operand_extremes<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    s: Scev<'a>,
    greatest: bool,
    assumed: &mut Vec<Scev<'a>>,
    mut counts: Option<&mut Vec<NarrowValue<'a>>>,
    depth: u32,
) -> Option<Vec<Scev<'a>>> {
    s.operands()
        .into_iter()
        .map(|op| {
            extreme(
                se,
                outer,
                op,
                greatest,
                assumed,
                counts.as_deref_mut(),
                depth + 1,
            )
        })
        .collect()
}
