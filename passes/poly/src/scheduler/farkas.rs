//! The affine form of Farkas' lemma (seed 001 §3.3, seed 004 §1.6), through isl's
//! `coefficients`: for a set `P` (with parameters `n`), the set of all
//! `(c_cst, c_n, c_x)` such that `c_cst + c_n·n + c_x·x >= 0` on all of `P`.
//!
//! The dual is read back as integer rows once per relation and then substituted,
//! per constraint kind, with the schedule variables of an ILP (seed 001 §3.3
//! [impl-note]: "a cached Farkas dual per edge; substituting per constraint kind only
//! re-maps columns").

use isl_rs::{DimType, Mat, Set};

use crate::error::{Invariant, PolyError};
use crate::scheduler::ilp::{val_to_i64, Constraint};
use crate::support::isl::{Ctx, IslResult};

/// The coefficient polyhedron `{ k : eqs·(1, k) = 0, ineqs·(1, k) >= 0 }` with
/// `k = (c_cst, c_n..., c_x...)`. Each row is `[constant, a_0, ..., a_{dim-1}]`.
#[derive(Clone, Debug)]
pub(crate) struct Dual {
    pub dim: usize,
    pub eqs: Vec<Vec<i64>>,
    pub ineqs: Vec<Vec<i64>>,
}

/// How one coefficient `k_j` of a dual is expressed in ILP variables.
pub(crate) type Linear = Vec<(usize, i64)>;

impl Dual {
    /// The dual of `set` (isl's `isl_set_coefficients`: one dual per disjunct,
    /// intersected, i.e. the dual of the convex hull).
    ///
    /// Local variables (strides, existentials) are eliminated first, which can only
    /// enlarge the set and so shrink the dual (seed 001 §3.3): every coefficient
    /// vector kept is still valid on the original set.
    pub fn of_set(cx: &Ctx, set: Set) -> Result<Dual, PolyError> {
        let set = set.remove_divs().isl(cx)?;
        let coeff = set.coefficients().isl(cx)?;
        if coeff.dim(DimType::Div).isl(cx)? != 0 {
            return Err(Invariant::FarkasLocals.into());
        }
        let dim = usize::try_from(coeff.dim(DimType::Set).isl(cx)?).unwrap_or(0);
        let order = (DimType::Cst, DimType::Param, DimType::Set, DimType::Div);
        let eqs = rows(
            cx,
            &coeff
                .equalities_matrix(order.0, order.1, order.2, order.3)
                .isl(cx)?,
        )?;
        let ineqs = rows(
            cx,
            &coeff
                .inequalities_matrix(order.0, order.1, order.2, order.3)
                .isl(cx)?,
        )?;
        Ok(Dual { dim, eqs, ineqs })
    }

    /// The constraints on ILP variables obtained by substituting `k_j = sub[j]`.
    /// Rows that become trivially true are dropped.
    pub fn substitute(&self, sub: &[Linear]) -> Vec<Constraint> {
        debug_assert_eq!(sub.len(), self.dim);
        let mut out = Vec::new();
        for (rows, equality) in [(&self.eqs, true), (&self.ineqs, false)] {
            for row in rows {
                let mut terms: Vec<(usize, i64)> = Vec::new();
                for (j, &a) in row[1..].iter().enumerate() {
                    if a == 0 {
                        continue;
                    }
                    for &(v, c) in &sub[j] {
                        terms.push((v, a.saturating_mul(c)));
                    }
                }
                terms = merge(terms);
                let constant = row[0];
                if terms.is_empty() && (constant == 0 || (!equality && constant > 0)) {
                    continue;
                }
                out.push(Constraint {
                    terms,
                    constant,
                    equality,
                });
            }
        }
        out
    }
}

/// Sums duplicate variables and drops zero terms.
pub(crate) fn merge(mut terms: Vec<(usize, i64)>) -> Vec<(usize, i64)> {
    terms.sort_unstable_by_key(|t| t.0);
    let mut out: Vec<(usize, i64)> = Vec::with_capacity(terms.len());
    for (v, c) in terms {
        match out.last_mut() {
            Some((lv, lc)) if *lv == v => *lc = lc.saturating_add(c),
            _ => out.push((v, c)),
        }
    }
    out.retain(|t| t.1 != 0);
    out
}

fn rows(cx: &Ctx, m: &Mat) -> Result<Vec<Vec<i64>>, PolyError> {
    let (nr, nc) = (m.rows().isl(cx)?, m.cols().isl(cx)?);
    let mut out = Vec::with_capacity(usize::try_from(nr).unwrap_or(0));
    for r in 0..nr {
        let mut row = Vec::with_capacity(usize::try_from(nc).unwrap_or(0));
        for c in 0..nc {
            let v = m.get_element_val(r, c).isl(cx)?;
            row.push(val_to_i64(cx, &v)?);
        }
        // Normalize by the gcd of the row (the dual is a cone, rows may be scaled).
        let g = row.iter().fold(0i64, |g, &x| gcd(g, x));
        if g > 1 {
            for x in row.iter_mut() {
                *x /= g;
            }
        }
        if row.iter().any(|&x| x != 0) {
            out.push(row);
        }
    }
    Ok(out)
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    //! The Farkas duals of seed 001's worked examples (§5, E8, E9, E19), read as
    //! rows `[0, d, (c^n...), c...]` over `(constant, params, coordinates)`, and
    //! their substitution with schedule variables.

    use super::*;

    fn dual(text: &str) -> Dual {
        let cx = Ctx::new(0).unwrap();
        let set = cx.parse("set", text, Set::read_from_str).unwrap();
        Dual::of_set(&cx, set).unwrap()
    }

    fn sorted(mut rows: Vec<Vec<i64>>) -> Vec<Vec<i64>> {
        rows.sort();
        rows
    }

    #[test]
    fn seed001_e19_dual_of_a_bounded_difference_set() {
        // Seed 001 E19 (Example 31): { [1, b] : 0 <= b <= 6 } has the dual
        // { [c0, c1, d] : d + c0 >= 0 and d + c0 + 6c1 >= 0 } (111); without
        // b <= 6 it is { d + c0 >= 0 and c1 >= 0 } (113).
        let d = dual("{ [1, b] : 0 <= b <= 6 }");
        assert_eq!(d.dim, 3);
        assert!(d.eqs.is_empty(), "{d:?}");
        assert_eq!(sorted(d.ineqs), [vec![0, 1, 1, 0], vec![0, 1, 1, 6]]);
        let d = dual("{ [1, b] : 0 <= b }");
        assert!(d.eqs.is_empty(), "{d:?}");
        assert_eq!(sorted(d.ineqs), [vec![0, 0, 0, 1], vec![0, 1, 1, 0]]);
    }

    #[test]
    fn seed001_e8_duals_of_the_two_groups_with_a_parameter() {
        // Seed 001 E8 (Listing 15): the difference set (29) has two disjuncts,
        // { [0, 1] : n >= 2 } and { [1, 1 - n] : n >= 2 }. Their duals over
        // (d, c^n, c0, c1) are (30) c^n >= 0, c1 + 2c^n + d >= 0 and
        // (31) c1 <= c^n, c1 <= c0 + 2c^n + d.
        let d = dual("[n] -> { [0, 1] : n >= 2 }");
        assert_eq!(d.dim, 4);
        assert!(d.eqs.is_empty(), "{d:?}");
        assert_eq!(sorted(d.ineqs), [vec![0, 0, 1, 0, 0], vec![0, 1, 2, 0, 1]]);
        let d = dual("[n] -> { [1, 1 - n] : n >= 2 }");
        assert!(d.eqs.is_empty(), "{d:?}");
        assert_eq!(
            sorted(d.ineqs),
            [vec![0, 0, 1, 0, -1], vec![0, 1, 2, 1, -1]]
        );
    }

    #[test]
    fn seed001_e8_carrying_substitution_gives_34_and_35() {
        // Seed 001 E8: with c^n = 0 and the carry d = -e (e = 1 when carried),
        // (30) becomes c1 - e >= 0 (34: c1 > 0) and (31) becomes -c1 >= 0,
        // c0 - c1 - e >= 0 (35: c1 <= 0 and c1 < c0). Variables: e = 0, c0 = 1,
        // c1 = 2. `c^n >= 0` turns into 0 >= 0 and is dropped.
        let sub: Vec<Linear> = vec![vec![(0, -1)], vec![], vec![(1, 1)], vec![(2, 1)]];
        let d = dual("[n] -> { [0, 1] : n >= 2 }");
        assert_eq!(
            d.substitute(&sub),
            [Constraint::ge(vec![(0, -1), (2, 1)], 0)]
        );
        let d = dual("[n] -> { [1, 1 - n] : n >= 2 }");
        let mut got = d.substitute(&sub);
        got.sort_by(|a, b| a.terms.cmp(&b.terms));
        assert_eq!(
            got,
            [
                Constraint::ge(vec![(0, -1), (1, 1), (2, -1)], 0),
                Constraint::ge(vec![(2, -1)], 0),
            ]
        );
    }

    #[test]
    fn seed001_e9_proximity_dual_specializes_to_m_minus_c0() {
        // Seed 001 E9 (Example 12): the difference set { [1, 0] } has the dual
        // { [a0, a1, d] : a0 + d >= 0 } (61); the proximity bound m - (c0, c1)·δ
        // substitutes d = m, a = -c, giving { -c0 + m >= 0 } (62). Variables:
        // m = 0, c0 = 1, c1 = 2.
        let d = dual("{ [1, 0] }");
        let rows: Vec<Vec<i64>> = d.ineqs.iter().chain(&d.eqs).cloned().collect();
        assert_eq!(rows, [vec![0, 1, 1, 0]], "{d:?}");
        let sub: Vec<Linear> = vec![vec![(0, 1)], vec![(1, -1)], vec![(2, -1)]];
        assert_eq!(
            d.substitute(&sub),
            [Constraint::ge(vec![(0, 1), (1, -1)], 0)]
        );
    }

    #[test]
    fn seed001_local_variables_are_eliminated_first() {
        // Seed 001 §3.3: existentials (here a stride) are eliminated before the
        // dual is taken, which over-approximates the set: the even points of
        // [0, 10] get the dual of [0, 10] itself, { d >= 0, d + 10c >= 0 }.
        let strided = dual("{ [x] : exists e : x = 2e and 0 <= x <= 10 }");
        assert!(strided.eqs.is_empty(), "{strided:?}");
        assert_eq!(sorted(strided.ineqs), [vec![0, 1, 0], vec![0, 1, 10]]);
    }

    #[test]
    fn merge_sums_repeated_variables_and_drops_zeros() {
        // Substitution of one coefficient into several dual columns (seed 001
        // §3.3, "only re-maps columns") repeats variables; they must be summed.
        assert_eq!(
            merge(vec![(3, 2), (1, 1), (3, -2), (1, 4), (0, -1)]),
            [(0, -1), (1, 5)]
        );
    }
}
