//! Large constant bounds seen as parameters while scheduling.
//!
//! With sizes fixed at compile time (C's `static double L[2000][2000]`) the
//! dependences hold constants like 1999, and the Farkas duals (seed 001 §3.3) carry
//! them into every row ILP, whose exact lexmin then spends seconds in gcd-heavy
//! pivots: Pluto on trisolv at 2000 took 4.8 s for three statements, the same nest
//! with a parameter `n` well under a millisecond. Seed 004's bounding function
//! `u·n + w` (§1.4) was made for parametric sizes; with constants, `w` alone has to
//! cover distances of thousands.
//!
//! So the scheduler sees each large constant `k` of the domains as `m·P + r`, with
//! `P` a parameter that stands for a size `C` (`P >= C`), `m` a small multiple and
//! `r` a small rest, and the dependences are rewritten the same way. Any such
//! rewrite is sound: at `P = C` every rewritten relation is the original one, and a
//! schedule that satisfies the rewritten constraints for every `P >= C` satisfies
//! them at `C`. Rows are turned back into the original space on output
//! (`fold`), and the verifier checks the result against the exact dependences as
//! always. A departure from the seeds, recorded in the ADR.

use isl_rs::{BasicMap, DimType, Map, Mat, Set, Space, UnionMap, Val};

use crate::error::PolyError;
use crate::scheduler::ilp::val_to_i64;
use crate::support::isl::{maps_of, param_names, to_i32, to_u32, Ctx, IslResult};

/// Constants at least this large (in absolute value) are sizes. Stencil offsets,
/// small fixed trip counts (a 3-point filter) and the like stay constants.
const THRESHOLD: i64 = 16;
/// Larger constants stay constants (near the limits of i64 a size parameter's
/// multiples would overflow; no array is that large).
const LARGEST: i64 = 1 << 31;
/// How far a constant may be from a multiple of a size and still be read as one
/// (`N - 2`, `2N + 1`), per unit of the multiple.
const TOLERANCE: i64 = 4;
/// The largest multiple of a size that is recognized (`4N`).
const MAX_MULTIPLE: i64 = 4;

/// The sizes found in a SCoP's domains and the parameter space that holds them.
pub(crate) struct SymbolicSizes {
    /// The value `C` of each size parameter, in the order of the parameters added.
    values: Vec<i64>,
    /// The context's parameters followed by one parameter per size.
    space: Space,
    /// Number of the context's own parameters.
    first: usize,
}

impl SymbolicSizes {
    /// The sizes among the constants of `domains`, whose parameters are those of
    /// `context`. Ascending, so that `2000` is the size and `3998` is `2P - 2`.
    pub fn of_domains(cx: &Ctx, context: &Space, domains: &[&Set]) -> Result<Self, PolyError> {
        let mut constants: Vec<i64> = Vec::new();
        for domain in domains {
            for k in constant_rows(cx, domain)? {
                if is_size(k) {
                    constants.push(k.abs());
                }
            }
        }
        constants.sort_unstable();
        constants.dedup();
        let mut values: Vec<i64> = Vec::new();
        for k in constants {
            if as_multiple(&values, k).is_none() {
                values.push(k);
            }
        }
        let names = param_names(cx, context)?;
        let first = names.len();
        let mut space = context.copy().isl(cx)?;
        if !values.is_empty() {
            space = space
                .add_dims(DimType::Param, to_u32(values.len())?)
                .isl(cx)?;
        }
        for (j, value) in values.iter().enumerate() {
            let mut name = format!("size{value}");
            while names.contains(&name) {
                name.push('_');
            }
            space = space
                .set_dim_name(DimType::Param, to_u32(first + j)?, &name)
                .isl(cx)?;
        }
        Ok(SymbolicSizes {
            values,
            space,
            first,
        })
    }

    /// Number of size parameters.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no constant was large enough to be a size.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The parameter space of everything the scheduler sees.
    pub fn space(&self, cx: &Ctx) -> Result<Space, PolyError> {
        self.space.copy().isl(cx)
    }

    /// `e + d·p` with the size parameters' terms of `d` folded into the constant:
    /// `(d[..first], e')`, a row of the original space.
    pub fn fold(&self, d: &[i64], e: i64) -> (Vec<i64>, i64) {
        let mut e = e;
        for (j, &v) in self.values.iter().enumerate() {
            let coefficient = d.get(self.first + j).copied().unwrap_or(0);
            e = e.saturating_add(coefficient.saturating_mul(v));
        }
        (d[..self.first.min(d.len())].to_vec(), e)
    }

    /// `relations` with the sizes' parameters and its large constants rewritten.
    pub fn lift_union_map(&self, cx: &Ctx, relations: &UnionMap) -> Result<UnionMap, PolyError> {
        let aligned = relations
            .copy()
            .isl(cx)?
            .align_params(self.space(cx)?)
            .isl(cx)?;
        if self.is_empty() {
            return Ok(aligned);
        }
        let mut out = UnionMap::empty(self.space(cx)?).isl(cx)?;
        for map in maps_of(cx, &aligned)? {
            out = out.add_map(self.lift_map(cx, map)?).isl(cx)?;
        }
        Ok(out)
    }

    /// `domain` with the sizes' parameters and its large constants rewritten.
    pub fn lift_set(&self, cx: &Ctx, domain: &Set) -> Result<Set, PolyError> {
        let map = Map::from_range(domain.copy().isl(cx)?).isl(cx)?;
        let map = map.align_params(self.space(cx)?).isl(cx)?;
        self.lift_map(cx, map)?.range().isl(cx)
    }

    /// One relation, already aligned to `space`, rewritten basic map by basic map.
    fn lift_map(&self, cx: &Ctx, map: Map) -> Result<Map, PolyError> {
        if self.is_empty() {
            return Ok(map);
        }
        let list = map.get_basic_map_list().isl(cx)?;
        let mut out = Map::empty(map.get_space().isl(cx)?).isl(cx)?;
        for i in 0..list.size().isl(cx)? {
            let bmap = list.get_at(i).isl(cx)?;
            out = out
                .union(Map::from_basic_map(self.lift_basic_map(cx, bmap)?).isl(cx)?)
                .isl(cx)?;
        }
        Ok(out)
    }

    fn lift_basic_map(&self, cx: &Ctx, bmap: BasicMap) -> Result<BasicMap, PolyError> {
        let order = (
            DimType::Cst,
            DimType::Param,
            DimType::In,
            DimType::Out,
            DimType::Div,
        );
        let eq = bmap
            .equalities_matrix(order.0, order.1, order.2, order.3, order.4)
            .isl(cx)?;
        let ineq = bmap
            .inequalities_matrix(order.0, order.1, order.2, order.3, order.4)
            .isl(cx)?;
        let eq = self.lift_rows(cx, eq)?;
        let mut ineq = self.lift_rows(cx, ineq)?;
        // P >= C for every size: the rewritten relation is looked at from the
        // actual size upwards.
        let base = ineq.rows().isl(cx)?;
        ineq = ineq.add_zero_rows(to_u32(self.values.len())?).isl(cx)?;
        for (j, &v) in self.values.iter().enumerate() {
            let row = base + to_i32(j)?;
            ineq = ineq
                .set_element_val(row, 0, Val::int_from_si(cx.raw(), -v).isl(cx)?)
                .isl(cx)?
                .set_element_si(row, 1 + to_i32(self.first + j)?, 1)
                .isl(cx)?;
        }
        let space = bmap.get_space().isl(cx)?;
        BasicMap::from_constraint_matrices(
            space, eq, ineq, order.0, order.1, order.2, order.3, order.4,
        )
        .isl(cx)
    }

    /// Each row's large constant `k` as `m·P + r` (column 0 is the constant,
    /// columns `1..` the parameters).
    fn lift_rows(&self, cx: &Ctx, mut rows: Mat) -> Result<Mat, PolyError> {
        for r in 0..rows.rows().isl(cx)? {
            let Ok(k) = val_to_i64(cx, &rows.get_element_val(r, 0).isl(cx)?) else {
                continue;
            };
            if !is_size(k) {
                continue;
            }
            let Some((j, m, rest)) = as_multiple(&self.values, k.abs()) else {
                continue;
            };
            let sign = k.signum();
            let col = 1 + to_i32(self.first + j)?;
            let Ok(old) = val_to_i64(cx, &rows.get_element_val(r, col).isl(cx)?) else {
                continue;
            };
            rows = rows
                .set_element_val(r, 0, Val::int_from_si(cx.raw(), sign * rest).isl(cx)?)
                .isl(cx)?
                .set_element_val(r, col, Val::int_from_si(cx.raw(), old + sign * m).isl(cx)?)
                .isl(cx)?;
        }
        Ok(rows)
    }
}

/// Whether the constant `k` is large enough to stand for a size.
fn is_size(k: i64) -> bool {
    (THRESHOLD..=LARGEST).contains(&k.saturating_abs())
}

/// `k = m·values[j] + rest` with the smallest `|rest|` within `m·TOLERANCE`, the
/// smallest multiple first on ties.
fn as_multiple(values: &[i64], k: i64) -> Option<(usize, i64, i64)> {
    let mut best: Option<(usize, i64, i64)> = None;
    for (j, &v) in values.iter().enumerate() {
        for m in 1..=MAX_MULTIPLE {
            let rest = k - m * v;
            if rest.abs() <= m * TOLERANCE && best.is_none_or(|b| rest.abs() < b.2.abs()) {
                best = Some((j, m, rest));
            }
        }
    }
    best
}

/// The constant of every constraint of `set`'s basic sets.
fn constant_rows(cx: &Ctx, set: &Set) -> Result<Vec<i64>, PolyError> {
    let list = set.get_basic_set_list().isl(cx)?;
    let mut out = Vec::new();
    for i in 0..list.size().isl(cx)? {
        let bset = list.get_at(i).isl(cx)?;
        for m in [
            bset.equalities_matrix(DimType::Cst, DimType::Param, DimType::Set, DimType::Div)
                .isl(cx)?,
            bset.inequalities_matrix(DimType::Cst, DimType::Param, DimType::Set, DimType::Div)
                .isl(cx)?,
        ] {
            for r in 0..m.rows().isl(cx)? {
                // Beyond i64's comfortable range: not a size.
                if let Ok(k) = val_to_i64(cx, &m.get_element_val(r, 0).isl(cx)?) {
                    out.push(k);
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_read_as_multiples_of_the_smallest_size() {
        // 1999 = 2000 - 1 once 1999 is itself the size (ascending order).
        assert_eq!(as_multiple(&[1999], 2000), Some((0, 1, 1)));
        assert_eq!(as_multiple(&[2000], 3998), Some((0, 2, -2)));
        // 1100 is no multiple of 1000 within the tolerance: a size of its own.
        assert_eq!(as_multiple(&[1000], 1100), None);
        assert_eq!(as_multiple(&[1000, 1100], 1102), Some((1, 1, 2)));
    }

    #[test]
    fn lifted_domain_is_the_original_at_the_size() {
        let cx = Ctx::new(0).unwrap();
        let set = |text: &str| cx.parse("set", text, Set::read_from_str).unwrap();
        let domain = set("{ S[i, j] : 0 <= i <= 1999 and 0 <= j < i and i + j <= 3996 }");
        let context = domain.get_space().unwrap().params().unwrap();
        let sizes = SymbolicSizes::of_domains(&cx, &context, &[&domain]).unwrap();
        assert_eq!(sizes.values, vec![1999]);
        let lifted = sizes.lift_set(&cx, &domain).unwrap();
        assert_eq!(lifted.dim(DimType::Param).unwrap(), 1);
        // At size1999 = 1999 the lifted set is the original.
        let at = set("[size1999] -> { S[i, j] : size1999 = 1999 }");
        let back = lifted
            .copy()
            .unwrap()
            .intersect(at)
            .unwrap()
            .project_out(DimType::Param, 0, 1)
            .unwrap();
        assert!(back.is_equal(&domain).unwrap());
        // And it grows with the size: (2500, 0) is in it at size1999 = 2500.
        let bigger = set("[size1999] -> { S[2500, 0] : size1999 = 2500 }");
        assert!(bigger.is_subset(&lifted).unwrap());
    }
}
