//! The affine form of Farkas' lemma (seed 001 §3.3, seed 004 §1.6), through isl's
//! `coefficients`: for a set `P` (with parameters `n`), the set of all
//! `(c_cst, c_n, c_x)` such that `c_cst + c_n·n + c_x·x >= 0` on all of `P`.
//!
//! The dual is read back as integer rows once per relation and then substituted,
//! per constraint kind, with the schedule variables of an ILP (seed 001 §3.3
//! [impl-note]: "a cached Farkas dual per edge; substituting per constraint kind only
//! re-maps columns").

use isl_rs::{DimType, Mat, Set};

use crate::error::PolyError;
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
            return Err(PolyError::Isl(
                "scheduler: Farkas dual with local variables".into(),
            ));
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
