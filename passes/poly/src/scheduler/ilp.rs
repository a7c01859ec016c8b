//! Integer linear programs over non-negative variables, solved by isl's exact
//! integer lexmin (`isl_basic_set_lexmin`), and the lazy non-trivial search of
//! seed 000 §3.3 / seed 001 §6.5.7 on top of it.
//!
//! A problem is built here as plain integer rows; isl only sees the finished basic
//! set (built from constraint matrices) and returns its lexicographic minimum.

use isl_rs::{BasicSet, DimType, Mat, Space};

use crate::error::{Invariant, PolyError, Stuck, Unsupported};
use crate::support::isl::{basic_set_lexmin, Ctx, IslResult};
use crate::support::isl::{to_i32, to_u32};

/// One linear constraint `Σ coef·x + constant (>= 0 | = 0)`, sparse.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Constraint {
    pub terms: Vec<(usize, i64)>,
    pub constant: i64,
    pub equality: bool,
}

impl Constraint {
    pub fn ge(terms: Vec<(usize, i64)>, constant: i64) -> Constraint {
        Constraint {
            terms,
            constant,
            equality: false,
        }
    }
    pub fn eq(terms: Vec<(usize, i64)>, constant: i64) -> Constraint {
        Constraint {
            terms,
            constant,
            equality: true,
        }
    }
}

/// An ILP: `nvars` non-negative integer variables and linear constraints. The
/// objective is the lexicographic minimum of the variables in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ilp {
    pub nvars: usize,
    pub constraints: Vec<Constraint>,
}

/// Counts solver calls, to bound the search (besides isl's operations budget).
#[derive(Debug, Default)]
pub(crate) struct SolveStats {
    pub solves: usize,
    /// Time spent in isl's lexmin, and the slowest call (variables, constraints,
    /// time), for the debug log.
    pub lexmin_time: std::time::Duration,
    pub slowest: (usize, usize, std::time::Duration),
}

/// Hard cap on lexmin calls for one scheduling run; beyond it the scheduler gives up
/// (and `optimize` falls back to the original schedule). The PolyBench kernels need
/// at most about 120.
pub(crate) const MAX_SOLVES: usize = 3_000;

/// Cap on lexmin calls for one row's non-trivial search: past it the best row found
/// so far is kept (or none, which ends the band), as if the search were complete.
pub(crate) const MAX_ROW_SOLVES: usize = 400;

impl Ilp {
    pub fn new(nvars: usize) -> Ilp {
        Ilp {
            nvars,
            constraints: Vec::new(),
        }
    }

    pub fn add(&mut self, c: Constraint) {
        self.constraints.push(c);
    }

    /// Drops repeated constraints (after normalizing each by the gcd of its terms
    /// and constant), keeping the first occurrence.
    pub fn dedup(&mut self) {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::with_capacity(self.constraints.len());
        for mut c in std::mem::take(&mut self.constraints) {
            c.terms.sort_unstable_by_key(|t| t.0);
            let g = c
                .terms
                .iter()
                .map(|t| t.1)
                .chain(std::iter::once(c.constant))
                .fold(0i64, gcd64);
            if g > 1 {
                for t in c.terms.iter_mut() {
                    t.1 /= g;
                }
                c.constant /= g;
            }
            if seen.insert(c.clone()) {
                out.push(c);
            }
        }
        self.constraints = out;
    }

    /// The lexicographically smallest integer point with all variables >= 0 that
    /// satisfies the constraints and `extra`, or None if there is none.
    pub fn lexmin(
        &self,
        cx: &Ctx,
        extra: &[Constraint],
        stats: &mut SolveStats,
    ) -> Result<Option<Vec<i64>>, PolyError> {
        stats.solves += 1;
        if stats.solves > MAX_SOLVES {
            return Err(Unsupported::Scheduler(Stuck::TooManySolves).into());
        }
        let n = self.nvars;
        let all: Vec<&Constraint> = self.constraints.iter().chain(extra.iter()).collect();
        let n_eq = all.iter().filter(|c| c.equality).count();
        let n_ineq = all.len() - n_eq + n;
        let cols = to_u32(n + 1)?;
        // Entries (row, column, value) of both matrices; column n is the constant.
        let mut eq_entries: Vec<(usize, usize, i64)> = Vec::new();
        let mut ineq_entries: Vec<(usize, usize, i64)> = Vec::new();
        let (mut ie, mut ii) = (0usize, 0usize);
        for c in &all {
            let (entries, row) = if c.equality {
                ie += 1;
                (&mut eq_entries, ie - 1)
            } else {
                ii += 1;
                (&mut ineq_entries, ii - 1)
            };
            let mut terms: Vec<(usize, i64)> = c.terms.clone();
            terms.sort_unstable_by_key(|t| t.0);
            let mut merged: Vec<(usize, i64)> = Vec::with_capacity(terms.len());
            for (v, k) in terms {
                if v >= n {
                    return Err(Invariant::IlpVariableOutOfRange.into());
                }
                match merged.last_mut() {
                    Some((lv, lk)) if *lv == v => *lk = lk.checked_add(k).ok_or_else(overflow)?,
                    _ => merged.push((v, k)),
                }
            }
            entries.extend(
                merged
                    .into_iter()
                    .filter(|t| t.1 != 0)
                    .map(|(v, k)| (row, v, k)),
            );
            if c.constant != 0 {
                entries.push((row, n, c.constant));
            }
        }
        // Non-negativity of every variable.
        for v in 0..n {
            ineq_entries.push((ii + v, v, 1));
        }
        let eq = matrix(cx, n_eq, cols, &eq_entries)?;
        let ineq = matrix(cx, n_ineq, cols, &ineq_entries)?;
        let space = Space::set_alloc(cx.raw(), 0, to_u32(n)?).isl(cx)?;
        let bset = BasicSet::from_constraint_matrices(
            space,
            eq,
            ineq,
            DimType::Set,
            DimType::Param,
            DimType::Div,
            DimType::Cst,
        )
        .isl(cx)?;
        let start = std::time::Instant::now();
        let min = basic_set_lexmin(cx, bset)?;
        let took = start.elapsed();
        stats.lexmin_time += took;
        if took > stats.slowest.2 {
            stats.slowest = (n, all.len(), took);
        }
        if min.is_empty().isl(cx)? {
            return Ok(None);
        }
        let point = min.sample_point().isl(cx)?;
        let mut sol = Vec::with_capacity(n);
        for v in 0..n {
            let val = point.get_coordinate_val(DimType::Set, to_i32(v)?).isl(cx)?;
            sol.push(val_to_i64(cx, &val)?);
        }
        Ok(Some(sol))
    }
}

fn gcd64(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(1)
}

fn overflow() -> PolyError {
    Unsupported::Scheduler(Stuck::CoefficientOverflow).into()
}

/// A zero matrix with the given entries set.
fn matrix(
    cx: &Ctx,
    rows: usize,
    cols: u32,
    entries: &[(usize, usize, i64)],
) -> Result<Mat, PolyError> {
    let mut m = Mat::alloc(cx.raw(), 0, cols)
        .isl(cx)?
        .add_zero_rows(to_u32(rows)?)
        .isl(cx)?;
    for &(r, c, v) in entries {
        m = set(cx, m, to_i32(r)?, to_i32(c)?, v)?;
    }
    Ok(m)
}

fn set(cx: &Ctx, m: Mat, row: i32, col: i32, v: i64) -> Result<Mat, PolyError> {
    if let Ok(small) = i32::try_from(v) {
        m.set_element_si(row, col, small).isl(cx)
    } else {
        let val = isl_rs::Val::int_from_si(cx.raw(), v).isl(cx)?;
        m.set_element_val(row, col, val).isl(cx)
    }
}

/// An integer isl value as i64, refusing values that could overflow later sums.
pub(crate) fn val_to_i64(cx: &Ctx, val: &isl_rs::Val) -> Result<i64, PolyError> {
    const LIMIT: i64 = 1 << 40;
    if !val.is_int().isl(cx)? || val.cmp_si(LIMIT).isl(cx)? > 0 || val.cmp_si(-LIMIT).isl(cx)? < 0 {
        return Err(overflow());
    }
    val.get_num_si().isl(cx)
}

/// A non-triviality region (seed 001 §6.5.7): a solution is trivial on it when every
/// direction vanishes. `directions` are sparse linear forms over the ILP variables.
#[derive(Clone, Debug)]
pub(crate) struct Region {
    pub directions: Vec<Vec<(usize, i64)>>,
}

impl Region {
    fn value(&self, k: usize, sol: &[i64]) -> i64 {
        self.directions[k]
            .iter()
            .map(|&(v, c)| c.saturating_mul(sol[v]))
            .fold(0i64, i64::saturating_add)
    }

    fn trivial(&self, sol: &[i64]) -> bool {
        (0..self.directions.len()).all(|k| self.value(k, sol) == 0)
    }

    /// Case `case` of the 2n cases, in isl's order: `v_0 >= 1`, `v_0 <= -1`,
    /// `v_0 = 0 and v_1 >= 1`, ...
    fn case(&self, case: usize) -> Vec<Constraint> {
        let (k, negative) = (case / 2, case % 2 == 1);
        let mut out: Vec<Constraint> = (0..k)
            .map(|j| Constraint::eq(self.directions[j].clone(), 0))
            .collect();
        let dir: Vec<(usize, i64)> = if negative {
            self.directions[k].iter().map(|&(v, c)| (v, -c)).collect()
        } else {
            self.directions[k].clone()
        };
        out.push(Constraint::ge(dir, -1));
        out
    }
}

/// The lexicographically smallest solution that is non-trivial on every region,
/// found lazily (seed 000 §3.3, seed 001 §6.5.7): solve without non-triviality
/// constraints; while some region is trivial, branch depth-first over its 2n sign
/// cases. Once a solution is found, only significantly better ones are searched:
/// the first of the `n_significant` leading variables that is non-zero in it
/// (and all before it) must be 0. Returns None if no non-trivial solution exists.
///
/// With `zero_feasible` the caller promises that the all-zero vector satisfies the
/// constraints (as for every Pluto row: the constraints are homogeneous); then it is
/// the lexmin of the unconstrained root, which need not be solved.
pub(crate) fn non_trivial_lexmin(
    cx: &Ctx,
    ilp: &Ilp,
    regions: &[Region],
    n_significant: usize,
    zero_feasible: bool,
    stats: &mut SolveStats,
) -> Result<Option<Vec<i64>>, PolyError> {
    let mut best: Option<Vec<i64>> = None;
    let mut better: Vec<Constraint> = Vec::new();
    let before = stats.solves;
    let mut stack: Vec<Vec<Constraint>> = vec![Vec::new()];
    while let Some(extra) = stack.pop() {
        if stats.solves - before >= MAX_ROW_SOLVES {
            tracing::debug!("non-trivial search cut short");
            break;
        }
        let mut all = extra.clone();
        all.extend(better.iter().cloned());
        let known = if zero_feasible && all.is_empty() {
            Some(Some(vec![0; ilp.nvars]))
        } else {
            None
        };
        let solved = match known {
            Some(s) => s,
            None => ilp.lexmin(cx, &all, stats)?,
        };
        let Some(sol) = solved else {
            continue;
        };
        match regions.iter().find(|r| r.trivial(&sol)) {
            Some(region) => {
                let n = region.directions.len();
                for case in (0..2 * n).rev() {
                    let mut next = extra.clone();
                    next.extend(region.case(case));
                    stack.push(next);
                }
            }
            None => {
                let first = (0..n_significant.min(sol.len())).find(|&i| sol[i] != 0);
                best = Some(sol);
                let Some(first) = first else {
                    break;
                };
                better = (0..=first)
                    .map(|i| Constraint::eq(vec![(i, 1)], 0))
                    .collect();
            }
        }
    }
    tracing::trace!(
        regions = regions.len(),
        solves = stats.solves - before,
        "row"
    );
    Ok(best)
}

/// The non-trivial solution that is lexicographically smallest in its first
/// `n_significant` variables, each minimized in turn with the ones before it
/// fixed. [`non_trivial_lexmin`] stops at the first non-trivial solution whose
/// leading non-zero significant variable cannot become zero, which is enough when
/// that variable decides (a Pluto row's distance bound); seed 000's objective (4)
/// on a GPU's first member must also compare the carried groups (the second
/// variable) between rows of the same coefficient sum.
pub(crate) fn non_trivial_lexmin_in_order(
    cx: &Ctx,
    ilp: &Ilp,
    regions: &[Region],
    n_significant: usize,
    stats: &mut SolveStats,
) -> Result<Option<Vec<i64>>, PolyError> {
    let mut fixed = ilp.clone();
    let Some(mut best) = non_trivial_lexmin(cx, &fixed, regions, n_significant, false, stats)?
    else {
        return Ok(None);
    };
    for var in 0..n_significant.min(best.len()) {
        loop {
            let mut lower = fixed.clone();
            lower.add(Constraint::ge(vec![(var, -1)], best[var] - 1));
            match non_trivial_lexmin(cx, &lower, regions, n_significant, false, stats)? {
                Some(sol) if sol[var] < best[var] => best = sol,
                _ => break,
            }
        }
        fixed.add(Constraint::eq(vec![(var, 1)], -best[var]));
    }
    Ok(Some(best))
}

#[cfg(test)]
mod tests {
    //! isl's integer lexmin on small problems, and the lazy non-trivial search on
    //! the trace of seed 001 E9 (Example 12, §6.5.7).

    use super::*;

    fn solve(ilp: &Ilp, extra: &[Constraint]) -> Option<Vec<i64>> {
        let cx = Ctx::new(0).unwrap();
        ilp.lexmin(&cx, extra, &mut SolveStats::default()).unwrap()
    }

    #[test]
    fn lexmin_is_lexicographic_over_non_negative_variables() {
        // The objective is the lexicographic minimum in variable order (seed 004
        // eq. 12, seed 001 §6.5.5): x0 + x1 >= 3 gives (0, 3), not (3, 0) or
        // (1, 2); with x0 = x1 + 1 added, (2, 1).
        let mut ilp = Ilp::new(2);
        ilp.add(Constraint::ge(vec![(0, 1), (1, 1)], -3));
        assert_eq!(solve(&ilp, &[]), Some(vec![0, 3]));
        let eq = Constraint::eq(vec![(0, 1), (1, -1)], -1);
        assert_eq!(solve(&ilp, &[eq]), Some(vec![2, 1]));
        // Integer, not rational: 2x0 = 2x1 + 1 has no integer solution.
        let odd = Constraint::eq(vec![(0, 2), (1, -2)], -1);
        assert_eq!(solve(&ilp, &[odd]), None);
        // Non-negativity is implicit: x0 <= -1 is infeasible.
        assert_eq!(solve(&ilp, &[Constraint::ge(vec![(0, -1)], -1)]), None);
    }

    #[test]
    fn dedup_normalizes_by_the_gcd_and_keeps_the_first() {
        let mut ilp = Ilp::new(2);
        ilp.add(Constraint::ge(vec![(1, 2), (0, 4)], 6));
        ilp.add(Constraint::ge(vec![(0, 2), (1, 1)], 3));
        ilp.add(Constraint::eq(vec![(0, 2), (1, 1)], 3));
        ilp.dedup();
        assert_eq!(
            ilp.constraints,
            [
                Constraint::ge(vec![(0, 2), (1, 1)], 3),
                Constraint::eq(vec![(0, 2), (1, 1)], 3),
            ]
        );
    }

    /// Seed 001 E9 (63), reduced to its variables: m (the proximity bound), Σ|c|,
    /// c0⁻, c0⁺, c1⁻, c1⁺, with -m <= c0 <= m (the dependence (1, 0), proximity
    /// bounded on both sides, §6.5.2) and the definition of Σ|c|.
    fn e9() -> (Ilp, Region) {
        let mut ilp = Ilp::new(6);
        ilp.add(Constraint::ge(vec![(0, 1), (3, -1), (2, 1)], 0));
        ilp.add(Constraint::ge(vec![(0, 1), (3, 1), (2, -1)], 0));
        ilp.add(Constraint::ge(
            vec![(1, 1), (2, -1), (3, -1), (4, -1), (5, -1)],
            0,
        ));
        let region = Region {
            directions: vec![vec![(3, 1), (2, -1)], vec![(5, 1), (4, -1)]],
        };
        (ilp, region)
    }

    #[test]
    fn seed001_e9_non_trivial_search_goes_on_to_the_zero_distance_row() {
        // The trace of E9: all zero (64) is trivial; the case c0 >= 1 gives
        // m = 1, c0 = 1 (66); a better solution needs m = 0: c0 <= -1 is then
        // infeasible, and c0 = 0, c1 >= 1 gives c1 = 1, m = 0 (67): S -> j.
        let cx = Ctx::new(0).unwrap();
        let (ilp, region) = e9();
        let regions = [region];
        let mut stats = SolveStats::default();
        let sol = non_trivial_lexmin(&cx, &ilp, &regions, 1, true, &mut stats).unwrap();
        assert_eq!(sol, Some(vec![0, 1, 0, 0, 0, 1]));
        // The zero root is known (homogeneous constraints): three solves, for
        // (66), the infeasible case and (67); one more when it must be solved.
        assert_eq!(stats.solves, 3);
        let mut stats = SolveStats::default();
        let sol = non_trivial_lexmin(&cx, &ilp, &regions, 1, false, &mut stats).unwrap();
        assert_eq!(sol, Some(vec![0, 1, 0, 0, 0, 1]));
        assert_eq!(stats.solves, 4);
        // With no leading objective counting as "significantly better", the first
        // non-trivial solution (66) is kept.
        let mut stats = SolveStats::default();
        let sol = non_trivial_lexmin(&cx, &ilp, &regions, 0, true, &mut stats).unwrap();
        assert_eq!(sol, Some(vec![1, 1, 0, 1, 0, 0]));
    }

    #[test]
    fn seed001_non_trivial_search_reports_none_when_only_zero_is_feasible() {
        // §6.5.7: with c0 = c1 = 0 forced, every sign case is infeasible.
        let cx = Ctx::new(0).unwrap();
        let (mut ilp, region) = e9();
        ilp.add(Constraint::eq(vec![(1, 1)], 0));
        let mut stats = SolveStats::default();
        let sol = non_trivial_lexmin(&cx, &ilp, &[region], 1, true, &mut stats).unwrap();
        assert_eq!(sol, None);
        // The 2n = 4 sign cases, each solved once.
        assert_eq!(stats.solves, 4);
    }

    #[test]
    fn region_cases_follow_isls_order() {
        // §6.5.7: v0 >= 1, v0 <= -1, v0 = 0 and v1 >= 1, v0 = 0 and v1 <= -1.
        let r = Region {
            directions: vec![vec![(0, 1)], vec![(1, 2)]],
        };
        assert_eq!(r.case(0), [Constraint::ge(vec![(0, 1)], -1)]);
        assert_eq!(r.case(1), [Constraint::ge(vec![(0, -1)], -1)]);
        assert_eq!(
            r.case(2),
            [
                Constraint::eq(vec![(0, 1)], 0),
                Constraint::ge(vec![(1, 2)], -1)
            ]
        );
        assert_eq!(
            r.case(3),
            [
                Constraint::eq(vec![(0, 1)], 0),
                Constraint::ge(vec![(1, -2)], -1)
            ]
        );
        assert!(r.trivial(&[0, 0]));
        assert!(!r.trivial(&[0, 1]));
    }

    #[test]
    fn solve_cap_and_value_limits() {
        let cx = Ctx::new(0).unwrap();
        let ilp = Ilp::new(1);
        let mut stats = SolveStats {
            solves: MAX_SOLVES,
            ..SolveStats::default()
        };
        assert!(matches!(
            ilp.lexmin(&cx, &[], &mut stats),
            Err(PolyError::Unsupported(_))
        ));
        let val = |v: i64| isl_rs::Val::int_from_si(cx.raw(), v).unwrap();
        assert_eq!(val_to_i64(&cx, &val(1 << 40)).unwrap(), 1 << 40);
        assert_eq!(val_to_i64(&cx, &val(-(1 << 40))).unwrap(), -(1 << 40));
        assert!(val_to_i64(&cx, &val((1 << 40) + 1)).is_err());
        let half = cx.parse("val", "1/2", isl_rs::Val::read_from_str).unwrap();
        assert!(val_to_i64(&cx, &half).is_err());
    }
}
