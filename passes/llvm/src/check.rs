//! The run-time check that makes the model the nest: every subscript non-negative,
//! every subscript of a dimension after the first below its size (so distinct
//! subscripts are distinct addresses), `int` arithmetic taken wide within its narrow
//! range, and the arrays' byte ranges disjoint (the caller leaves out pairs that
//! alias analysis proves distinct objects). Bounds come from [`extreme`], the least or
//! greatest value of an expression over a superset of the nest's iterations.

use super::bounds::extreme;
use super::ffi::{Analyses, Conversion, Loop, LoopBlock, Predicate, Scev, ScevKind};
use super::scev::NarrowValue;
use super::shape::{Access, Array};

/// What the run-time check requires.
#[derive(Default, Debug)]
pub struct Check<'a> {
    /// Subscript bounds that SCEV can't prove: each `first <predicate> second`.
    pub bounds: Vec<(Predicate, Scev<'a>, Scev<'a>)>,
    /// Per array: the byte offsets from its base that the nest touches, [low, high),
    /// and the extent of its first dimension (for the memref descriptor).
    pub low: Vec<Option<Scev<'a>>>,
    pub high: Vec<Option<Scev<'a>>>,
    pub first_extent: Vec<Option<Scev<'a>>>,
    /// Per array: whether an access may touch any element of it (no affine
    /// subscripts), so that `low` and `high` do not bound it.
    pub unbounded: Vec<bool>,
}

/// Why no run-time check can make the model the nest.
#[derive(Debug)]
pub enum NoCheck {
    SubscriptBounds,
    AddressBounds(String),
    IntBounds,
    /// A condition SCEV proves false: the check fails at every size.
    Impossible(String),
}

impl NoCheck {
    pub fn describe(&self) -> String {
        match self {
            NoCheck::SubscriptBounds => {
                "no bounds for a subscript, for the run-time check".to_string()
            }
            NoCheck::AddressBounds(offset) => {
                format!("no bounds for an address, for the run-time check (byte offset {offset})")
            }
            NoCheck::IntBounds => {
                "no bounds for an `int` subscript computation, for the run-time check".to_string()
            }
            NoCheck::Impossible(condition) => {
                format!("the run-time check would fail at every size ({condition})")
            }
        }
    }
}

/// `a <predicate> b` as ScalarEvolution prints them, for remarks.
pub fn printed(p: Predicate, a: Scev<'_>, b: Scev<'_>) -> String {
    format!("{a} {} {b}", p.name())
}

/// The nest's model, as its translation built it: what the check is about.
pub struct Model<'m, 'a> {
    pub arrays: &'m [Array<'a>],
    pub accesses: &'m [Access<'a>],
    /// `int` arithmetic taken as wide: each must stay in its narrow type's range.
    pub narrow_values: &'m [NarrowValue<'a>],
    /// Invariants read as non-negative: each must be.
    pub assumed_non_negative: &'m [Scev<'a>],
}

/// The check under which `t` is the nest rooted at `outer`.
pub fn build_check<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    t: &Model<'_, 'a>,
) -> Result<Check<'a>, NoCheck> {
    let n = t.arrays.len();
    let mut check = Check {
        bounds: vec![],
        low: vec![None; n],
        high: vec![None; n],
        first_extent: vec![None; n],
        unbounded: vec![false; n],
    };
    let mut impossible: Option<String> = None;
    let mut require = |check: &mut Check<'a>, p: Predicate, a: Scev<'a>, b: Scev<'a>| {
        if se.known_predicate(p, a, b) {
            return;
        }
        if impossible.is_none() && se.known_predicate(p.inverse(), a, b) {
            impossible = Some(printed(p, a, b));
        }
        if !check.bounds.contains(&(p, a, b)) {
            check.bounds.push((p, a, b));
        }
    };
    let widen = |slot: &mut Option<Scev<'a>>, v: Scev<'a>, greatest: bool| {
        *slot = Some(match *slot {
            None => v,
            Some(old) => se.min_max(
                if greatest {
                    ScevKind::SMax
                } else {
                    ScevKind::SMin
                },
                &[old, v],
            ),
        });
    };
    let mut assumed = vec![];
    // Trip counts taken wide (see `extreme`).
    let mut narrowed: Vec<NarrowValue<'a>> = vec![];
    for access in t.accesses {
        let array = &t.arrays[access.array];
        if access.whole {
            // Its element index is non-negative (detection proved it); the array's
            // other dimensions, where it has them, must have a size (the index is
            // split by them).
            check.unbounded[access.array] = true;
            for size in &array.sizes[..array.sizes.len().saturating_sub(1)] {
                require(&mut check, Predicate::Sgt, *size, se.zero(*size));
            }
            continue;
        }
        for (k, s) in access.subscripts.iter().enumerate() {
            let lo = extreme(se, outer, *s, false, &mut assumed, Some(&mut narrowed), 0);
            let hi = extreme(se, outer, *s, true, &mut assumed, Some(&mut narrowed), 0);
            let (Some(lo), Some(hi)) = (lo, hi) else {
                return Err(NoCheck::SubscriptBounds);
            };
            require(&mut check, Predicate::Sge, lo, se.zero(*s));
            if k == 0 {
                widen(
                    &mut check.first_extent[access.array],
                    se.add2(hi, se.one(*s)),
                    true,
                );
            } else {
                let size = se.convert(
                    array.sizes[k - 1],
                    Conversion::TruncateOrSignExtend,
                    hi.width(),
                );
                require(&mut check, Predicate::Slt, hi, size);
            }
        }
        let lo = extreme(
            se,
            outer,
            access.offset,
            false,
            &mut assumed,
            Some(&mut narrowed),
            0,
        );
        let hi = extreme(
            se,
            outer,
            access.offset,
            true,
            &mut assumed,
            Some(&mut narrowed),
            0,
        );
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return Err(NoCheck::AddressBounds(access.offset.to_string()));
        };
        let hi = se.add2(hi, se.constant(hi.width(), array.element_bytes as i64));
        widen(&mut check.low[access.array], lo, false);
        widen(&mut check.high[access.array], hi, true);
    }
    for a in 0..n {
        if check.unbounded[a] && check.first_extent[a].is_none() {
            // Only accesses of any element: the descriptor's first extent is never
            // read (the lowering checks no bounds).
            check.first_extent[a] = Some(se.constant(64, 1));
        }
    }
    for step in assumed {
        require(&mut check, Predicate::Sge, step, se.zero(step));
    }
    for x in t.assumed_non_negative {
        require(&mut check, Predicate::Sge, *x, se.zero(*x));
    }
    narrowed.extend(t.narrow_values.iter().copied());
    for narrow in &narrowed {
        let mut steps = vec![];
        let lo = extreme(se, outer, narrow.wide, false, &mut steps, None, 0);
        let hi = extreme(se, outer, narrow.wide, true, &mut steps, None, 0);
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return Err(NoCheck::IntBounds);
        };
        if !steps.is_empty() {
            return Err(NoCheck::IntBounds);
        }
        let wide = narrow.wide.width();
        let bits = narrow.bits;
        let (least, greatest) = if narrow.is_unsigned {
            (0i64, ((1u128 << bits) - 1) as i64)
        } else {
            (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
        };
        require(&mut check, Predicate::Sge, lo, se.constant(wide, least));
        require(&mut check, Predicate::Sle, hi, se.constant(wide, greatest));
    }
    if let Some(condition) = impossible {
        return Err(NoCheck::Impossible(condition));
    }
    Ok(check)
}

/// Whether the loop's preheader and exit exist (the splice needs both).
pub fn has_entry_and_exit(outer: Loop<'_>) -> bool {
    outer.block(LoopBlock::Preheader).is_some() && outer.block(LoopBlock::Exit).is_some()
}
