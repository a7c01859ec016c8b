//! Chlore (seed 003 §6): a Clay script that takes one schedule to another.
//!
//! - **β (Algorithm 1, MATCHBETAS).** The digest's reconstruction (§3.3, erratum
//!   E4): at each β-prefix, split the children whose members go to different target
//!   positions (DISTRIBUTE, last boundary first), REORDER the children into the
//!   target's order, FUSENEXT the runs that share a target position, and recurse.
//!   It reproduces Fig. 4 and Fig. 9-right exactly.
//! - **α (Algorithm 2, in spirit).** When some member's loops change, every member
//!   is first isolated in a nest of its own (MATCHBETAS towards the degenerate forest
//!   of §5.2), its α rows are taken to the target's by elementary row operations
//!   (INTERCHANGE swaps two rows, SKEW adds a multiple of one row to another, REVERSE
//!   negates one: a unimodular change, each step invertible, so every intermediate
//!   schedule stays globally valid), SHIFT fixes the parameters and constants, and
//!   MATCHBETAS then builds the target's forest. This prefers the semantic SKEW to
//!   RESHAPE, as the paper's triangularization does (§6.4).
//! - **Parallel marks** come last, on the loops the target marks.
//!
//! - **Extra loops.** A member with more loops in the target than in the source
//!   (a loop over a combination of others, or a statement that runs once per
//!   iteration of a loop it was fused into) first gets copies of its innermost loop
//!   by STRIPMINE of size 1 (`α_d <= α_{d+1} <= α_d`); the row operations then take
//!   the copies where the target wants them (a copy minus its original is the
//!   one-iteration loop, which SHIFT places). A statement with no loop first gets
//!   one of one iteration by EMBED (the Clay library's), which SHIFT places.
//!
//! - **Sparser loops.** When the target's rows span a sublattice of the source's
//!   (`(i + j, i - j)`: every other point), the rows go to the source's Hermite form,
//!   then to the target's by GRAIN of each row by its pivot and SKEWs (Algorithm 2's
//!   GRAIN, §6.3), then to the target's rows.
//!
//! Not yet recovered, with an error that says so: a change in the number of union
//! members (INDEXSETSPLIT), fewer loops (LINEARIZE), or a source whose loops do not
//! span every point (DENSIFY).

use std::collections::BTreeSet;

use super::directive::{Affine, Directive};
use super::schedule::{ClaySchedule, Constraint, Relation};
use crate::error::NotRecovered;

/// The script that takes `source` to `target` (members matched by their index in
/// `relations`, as the paper matches them by their order in the union, §6.2).
pub fn recover(
    source: &ClaySchedule,
    target: &ClaySchedule,
) -> Result<Vec<Directive>, NotRecovered> {
    if source.relations.len() != target.relations.len() {
        return Err(NotRecovered::MemberCount {
            in_target: target.relations.len(),
            in_source: source.relations.len(),
        });
    }
    for (s, t) in source.relations.iter().zip(&target.relations) {
        if s.stmt != t.stmt {
            return Err(NotRecovered::MemberOrder);
        }
        // Extra loops are added by EMBED (a statement with no loop) and STRIPMINE
        // of size 1 on a loop of the member (a copy of it, which row operations
        // then change); fewer loops need LINEARIZE.
        if t.depth() < s.depth() {
            return Err(NotRecovered::LoopCount {
                statement: source.statements[s.stmt.0].0.clone(),
                in_target: t.depth(),
                in_source: s.depth(),
            });
        }
    }
    let mut cur = source.clone();
    let mut out = Vec::new();
    let alpha_changes = (0..cur.relations.len())
        .map(|t| {
            let want = explicit_rows(target, &target.relations[t])?;
            Ok(explicit_rows(&cur, &cur.relations[t])? != want)
        })
        .collect::<Result<Vec<bool>, NotRecovered>>()?;
    let mixed_marks = has_mixed_marks(target);
    if alpha_changes.iter().any(|&c| c) || mixed_marks {
        // Every member alone at the root, in its current order.
        let degenerate = degenerate_forest(&cur);
        match_betas(&mut cur, &degenerate, &[], &mut out)?;
        for t in 0..cur.relations.len() {
            while cur.relations[t].depth() < target.relations[t].depth() {
                let depth = cur.relations[t].depth();
                let d = if depth == 0 {
                    Directive::Embed {
                        prefix: cur.relations[t].beta.clone(),
                    }
                } else {
                    Directive::StripMine {
                        prefix: cur.relations[t].beta[..depth].to_vec(),
                        size: 1,
                    }
                };
                emit(&mut cur, &mut out, d)?;
            }
            match_alpha(&mut cur, target, t, &mut out)?;
            let beta = cur.relations[t].beta.clone();
            for level in 0..cur.relations[t].depth() {
                if target.relations[t].parallel[level] && !cur.relations[t].parallel[level] {
                    emit(
                        &mut cur,
                        &mut out,
                        Directive::Parallelize {
                            prefix: beta[..=level].to_vec(),
                        },
                    )?;
                }
            }
        }
    }
    match_betas(&mut cur, target, &[], &mut out)?;
    mark_parallel(&mut cur, target, &mut out)?;
    mark_band_starts(&mut cur, target, &mut out)?;
    for m in &target.any_order {
        if !cur.any_order.contains(m) {
            let d = Directive::AnyOrder {
                prefix: m.prefix.clone(),
                parts: m.parts.clone(),
            };
            emit(&mut cur, &mut out, d)?;
        }
    }
    Ok(out)
}

/// Applies `d` to `cur` (the structural checks of [`ClaySchedule::apply`]) and
/// records it.
fn emit(
    cur: &mut ClaySchedule,
    out: &mut Vec<Directive>,
    d: Directive,
) -> Result<(), NotRecovered> {
    cur.apply(&d)
        .map_err(|e| NotRecovered::InvalidStep(Box::new(e)))?;
    out.push(d);
    Ok(())
}

/// Whether some loop of `target` holds members marked parallel at it and members
/// not marked: such marks must be set before the loop is fused.
fn has_mixed_marks(target: &ClaySchedule) -> bool {
    target.relations.iter().any(|r| {
        (0..r.depth()).any(|level| {
            let under = target.under(&r.beta[..=level]);
            let marked = under
                .iter()
                .filter(|&&t| target.relations[t].parallel[level])
                .count();
            marked > 0 && marked < under.len()
        })
    })
}

/// The degenerate forest of §5.2: member `k` alone at the root position `k`, with
/// one child at every level below.
fn degenerate_forest(s: &ClaySchedule) -> ClaySchedule {
    let mut d = s.clone();
    for (k, r) in d.relations.iter_mut().enumerate() {
        let len = r.beta.len();
        r.beta = vec![0; len];
        r.beta[0] = k as i64;
    }
    d
}

/// The target positions at level `d` of the members of `cur` under `prefix`.
fn targets(cur: &ClaySchedule, target: &ClaySchedule, prefix: &[i64], d: usize) -> BTreeSet<i64> {
    cur.under(prefix)
        .into_iter()
        .map(|t| target.relations[t].beta[d])
        .collect()
}

fn child(rho: &[i64], c: i64) -> Vec<i64> {
    let mut p = rho.to_vec();
    p.push(c);
    p
}

/// MATCHBETAS at `rho`: afterwards, every member under `rho` has the target's β.
fn match_betas(
    cur: &mut ClaySchedule,
    target: &ClaySchedule,
    rho: &[i64],
    out: &mut Vec<Directive>,
) -> Result<(), NotRecovered> {
    let d = rho.len();
    while let Some(c) = cur
        .children(rho)
        .into_iter()
        .find(|&c| targets(cur, target, &child(rho, c), d).len() > 1)
    {
        split(cur, target, &child(rho, c), d, out)?;
    }
    let items = cur.children(rho);
    let wanted: Vec<i64> = items
        .iter()
        .map(|&c| {
            let t = targets(cur, target, &child(rho, c), d);
            t.into_iter().next().unwrap_or_default()
        })
        .collect();
    let mut ranked: Vec<usize> = (0..items.len()).collect();
    ranked.sort_by_key(|&k| (wanted[k], k));
    let mut order = vec![0i64; items.len()];
    for (rank, &k) in ranked.iter().enumerate() {
        order[k] = rank as i64;
    }
    if order.iter().enumerate().any(|(k, &v)| v != k as i64) {
        emit(
            cur,
            out,
            Directive::Reorder {
                prefix: rho.to_vec(),
                order,
            },
        )?;
    }
    // Runs of children with one target position: fuse them, first into last.
    let mut positions: Vec<i64> = wanted.clone();
    positions.sort_unstable();
    positions.dedup();
    for &p in &positions {
        let run = wanted.iter().filter(|&&w| w == p).count();
        for _ in 1..run {
            emit(
                cur,
                out,
                Directive::FuseNext {
                    prefix: child(rho, p),
                },
            )?;
        }
    }
    for c in cur.children(rho) {
        let inner = child(rho, c);
        if cur
            .under(&inner)
            .iter()
            .any(|&t| cur.relations[t].beta.len() > inner.len())
        {
            match_betas(cur, target, &inner, out)?;
        }
    }
    Ok(())
}

/// SPLIT(π): distributes the loop π between runs of children that go to one target
/// position at level `d` (a child that goes to several is a run of its own); with a
/// single child, splits inside it first.
fn split(
    cur: &mut ClaySchedule,
    target: &ClaySchedule,
    pi: &[i64],
    d: usize,
    out: &mut Vec<Directive>,
) -> Result<(), NotRecovered> {
    let kids = cur.children(pi);
    if kids.is_empty() {
        return Err(NotRecovered::TwoPlaces(pi.to_vec()));
    }
    let sigs: Vec<BTreeSet<i64>> = kids
        .iter()
        .map(|&k| targets(cur, target, &child(pi, k), d))
        .collect();
    let boundaries: Vec<usize> = (1..kids.len())
        .filter(|&j| !(sigs[j].len() == 1 && sigs[j] == sigs[j - 1]))
        .collect();
    if boundaries.is_empty() {
        return split(cur, target, &child(pi, kids[0]), d, out);
    }
    for &n in boundaries.iter().rev() {
        emit(
            cur,
            out,
            Directive::Distribute {
                prefix: pi.to_vec(),
                n: n as i64,
            },
        )?;
    }
    Ok(())
}

/// The loops of `cur`'s forest (β-prefixes), in order.
fn all_loops(cur: &ClaySchedule) -> Vec<Vec<i64>> {
    let mut loops: Vec<Vec<i64>> = Vec::new();
    for r in &cur.relations {
        for level in 0..r.depth() {
            let p = r.beta[..=level].to_vec();
            if !loops.contains(&p) {
                loops.push(p);
            }
        }
    }
    loops.sort();
    loops
}

/// SPLIT_BAND on every loop of the final forest that starts a band in the target
/// (the flag is the loop's: [`ClaySchedule::spread_band_starts`]).
fn mark_band_starts(
    cur: &mut ClaySchedule,
    target: &ClaySchedule,
    out: &mut Vec<Directive>,
) -> Result<(), NotRecovered> {
    mark_loops(
        cur,
        target,
        out,
        |r| &r.band_start,
        |prefix| Directive::SplitBand { prefix },
    )
}

/// PARALLELIZE on every loop of the final forest that the target marks for all
/// its members and `cur` does not yet.
fn mark_parallel(
    cur: &mut ClaySchedule,
    target: &ClaySchedule,
    out: &mut Vec<Directive>,
) -> Result<(), NotRecovered> {
    mark_loops(
        cur,
        target,
        out,
        |r| &r.parallel,
        |prefix| Directive::Parallelize { prefix },
    )
}

/// The directive `make` on every loop of the final forest (the β-vectors are the
/// target's by now) whose members all have `flag` in the target and not all in
/// `cur`.
fn mark_loops(
    cur: &mut ClaySchedule,
    target: &ClaySchedule,
    out: &mut Vec<Directive>,
    flag: fn(&Relation) -> &Vec<bool>,
    make: fn(Vec<i64>) -> Directive,
) -> Result<(), NotRecovered> {
    for p in all_loops(cur) {
        let level = p.len() - 1;
        let under = cur.under(&p);
        let want = under.iter().all(|&t| flag(&target.relations[t])[level]);
        let have = under.iter().all(|&t| flag(&cur.relations[t])[level]);
        if want && !have {
            emit(cur, out, make(p))?;
        }
    }
    Ok(())
}

/// One α dimension as an explicit affine function: coefficients of the input
/// dimensions, of the parameters, and the constant.
type Row = (Vec<i64>, Vec<i64>, i64);

/// The member's α dimensions in output form (seed 003 §4.3): each as an affine
/// function of the inputs and parameters, solved from its equalities.
fn explicit_rows(s: &ClaySchedule, r: &Relation) -> Result<Vec<Row>, NotRecovered> {
    let n = r.depth();
    let name = &s.statements[r.stmt.0].0;
    // Fraction-free Gauss-Jordan elimination on the α columns of the equalities,
    // and of the inequalities whose opposite is there too (`α_d <= α_{d+1} <= α_d`,
    // a STRIPMINE of size 1).
    let opposite = |a: &Constraint, b: &Constraint| {
        !a.equality
            && !b.equality
            && a.constant == -b.constant
            && [
                (&a.alpha, &b.alpha),
                (&a.input, &b.input),
                (&a.param, &b.param),
            ]
            .iter()
            .all(|(x, y)| x.iter().zip(y.iter()).all(|(u, v)| *u == -*v))
    };
    let mut eqs: Vec<Vec<i128>> = r
        .constraints
        .iter()
        .filter(|c| c.equality || r.constraints.iter().any(|d| opposite(c, d)))
        .map(|c| {
            c.alpha
                .iter()
                .chain(&c.input)
                .chain(&c.param)
                .chain([&c.constant])
                .map(|&v| i128::from(v))
                .collect()
        })
        .collect();
    let mut pivot_of = vec![None; n];
    let mut next = 0;
    for col in 0..n {
        let Some(p) = (next..eqs.len()).find(|&k| eqs[k][col] != 0) else {
            continue;
        };
        eqs.swap(next, p);
        for k in 0..eqs.len() {
            if k != next && eqs[k][col] != 0 {
                let (a, b) = (eqs[next][col], eqs[k][col]);
                let pivot = eqs[next].clone();
                for (x, y) in eqs[k].iter_mut().zip(&pivot) {
                    *x = *x * a - *y * b;
                }
            }
        }
        pivot_of[col] = Some(next);
        next += 1;
    }
    let inputs = r.constraints.first().map_or(0, |c| c.input.len());
    let params = s.params.len();
    let mut rows = Vec::with_capacity(n);
    for (col, pivot) in pivot_of.iter().enumerate() {
        let Some(p) = *pivot else {
            return Err(NotRecovered::Implicit {
                dim: col + 1,
                statement: name.clone(),
            });
        };
        let e = &eqs[p];
        let lead = e[col];
        let rest = &e[n..];
        if rest.iter().any(|v| v % lead != 0) {
            return Err(NotRecovered::Fraction {
                dim: col + 1,
                statement: name.clone(),
            });
        }
        let value =
            |v: &i128| i64::try_from(-v / lead).map_err(|_| NotRecovered::CoefficientOverflow);
        let input = rest[..inputs].iter().map(value).collect::<Result<_, _>>()?;
        let param = rest[inputs..inputs + params]
            .iter()
            .map(value)
            .collect::<Result<_, _>>()?;
        let constant = value(&rest[inputs + params])?;
        rows.push((input, param, constant));
    }
    Ok(rows)
}

/// Takes member `t` (alone in its nest) from its α rows to the target's.
fn match_alpha(
    cur: &mut ClaySchedule,
    target: &ClaySchedule,
    t: usize,
    out: &mut Vec<Directive>,
) -> Result<(), NotRecovered> {
    let have = explicit_rows(cur, &cur.relations[t])?;
    let want = explicit_rows(target, &target.relations[t])?;
    if have == want {
        return Ok(());
    }
    let name = cur.statements[cur.relations[t].stmt.0].0.clone();
    let n = have.len();
    // The linear parts, as matrices over the inputs.
    let h: Vec<Vec<i64>> = have.iter().map(|r| r.0.clone()).collect();
    let w: Vec<Vec<i64>> = want.iter().map(|r| r.0.clone()).collect();
    // Row operations E with E·h = w: reduce both to the same echelon form.
    let to_h = reduce(&h).ok_or_else(|| NotRecovered::SourceRank(name.clone()))?;
    let to_w = reduce(&w).ok_or_else(|| NotRecovered::TargetRank(name.clone()))?;
    // From the source's form to the target's: nothing when the rows span the same
    // lattice; from the whole lattice (the source's iterators) to a sublattice by
    // GRAIN and SKEW (Algorithm 2's GRAIN, seed 003 §6.3).
    let between = if to_h.1 == to_w.1 {
        Vec::new()
    } else {
        sublattice(&to_h.1, &to_w.1).ok_or_else(|| NotRecovered::Lattice(name.clone()))?
    };
    // h → echelon by to_h.0, then to the target's echelon, then echelon → w by the
    // inverse of to_w.0, last first.
    let beta = cur.relations[t].beta.clone();
    let ops: Vec<Step> = to_h
        .0
        .iter()
        .map(|&op| Step::Row(op))
        .chain(between)
        .chain(to_w.0.iter().rev().map(|op| Step::Row(op.inverse())))
        .collect();
    for op in ops {
        let d = match op {
            Step::Row(RowOp::Swap(a, b)) => {
                let (outer, inner) = (a.min(b), a.max(b));
                Directive::Interchange {
                    prefix: beta[..=inner].to_vec(),
                    dim: outer + 1,
                }
            }
            Step::Row(RowOp::Negate(a)) => Directive::Reverse {
                prefix: beta[..=a].to_vec(),
            },
            Step::Scale(a, g) => Directive::Grain {
                prefix: beta[..=a].to_vec(),
                dim: a + 1,
                factor: g,
            },
            // row_a += k·row_b is SKEW(ρ_a, b, -k): the substitution
            // α_a ↦ α_a - k·α_b gives α_a = old + k·α_b.
            Step::Row(RowOp::Add(a, b, k)) => Directive::Skew {
                prefix: beta[..=a].to_vec(),
                dim: b + 1,
                factor: -k,
            },
        };
        emit(cur, out, d)?;
    }
    // Parameters and constants: SHIFT by the difference (α = old - amount).
    let now = explicit_rows(cur, &cur.relations[t])?;
    if now.iter().map(|r| &r.0).ne(want.iter().map(|r| &r.0)) {
        return Err(NotRecovered::Unreached(name));
    }
    for k in 0..n {
        let (_, p_now, c_now) = &now[k];
        let (_, p_want, c_want) = &want[k];
        if p_now == p_want && c_now == c_want {
            continue;
        }
        let terms = cur
            .params
            .iter()
            .zip(p_now.iter().zip(p_want))
            .filter(|(_, (a, b))| a != b)
            .map(|(name, (a, b))| (name.clone(), a - b))
            .collect();
        emit(
            cur,
            out,
            Directive::Shift {
                prefix: beta[..beta.len() - 1].to_vec(),
                dim: k + 1,
                amount: Affine {
                    terms,
                    constant: c_now - c_want,
                },
            },
        )?;
    }
    Ok(())
}

/// An elementary row operation on α rows (0-based).
#[derive(Clone, Copy, Debug)]
enum RowOp {
    Swap(usize, usize),
    Negate(usize),
    /// `row_a += k·row_b`.
    Add(usize, usize, i64),
}

/// A step of Chlore's way between two row matrices: an invertible row operation,
/// or `row_a *= g` (`g > 1`, GRAIN), which only goes from a lattice to a sublattice.
#[derive(Clone, Copy, Debug)]
enum Step {
    Row(RowOp),
    Scale(usize, i64),
}

impl RowOp {
    fn inverse(self) -> RowOp {
        match self {
            RowOp::Add(a, b, k) => RowOp::Add(a, b, -k),
            op => op,
        }
    }

    fn apply(self, m: &mut [Vec<i64>]) {
        match self {
            RowOp::Swap(a, b) => m.swap(a, b),
            RowOp::Negate(a) => m[a].iter_mut().for_each(|v| *v = -*v),
            RowOp::Add(a, b, k) => {
                let src = m[b].clone();
                for (x, y) in m[a].iter_mut().zip(src) {
                    *x += k * y;
                }
            }
        }
    }
}

/// Row operations from `from`, the Hermite form of the whole lattice (the identity
/// over the columns, zero rows below), to `to`, another Hermite form: each row `k`
/// is scaled by its pivot (GRAIN), then gets its entries right of the pivot from
/// the rows below, which are still unit rows (SKEW). `None` when `from` is not the
/// whole lattice.
fn sublattice(from: &[Vec<i64>], to: &[Vec<i64>]) -> Option<Vec<Step>> {
    let columns = from.first().map_or(0, Vec::len);
    let whole = from
        .iter()
        .enumerate()
        .all(|(r, row)| row.iter().enumerate().all(|(c, &v)| v == i64::from(r == c)));
    if !whole || to.len() != from.len() {
        return None;
    }
    let mut ops = Vec::new();
    for (k, row) in to.iter().take(columns).enumerate() {
        let pivot = row[k];
        if pivot < 1 {
            return None;
        }
        if pivot > 1 {
            ops.push(Step::Scale(k, pivot));
        }
        for (l, &entry) in row.iter().enumerate().skip(k + 1) {
            if entry != 0 {
                ops.push(Step::Row(RowOp::Add(k, l, entry)));
            }
        }
    }
    Some(ops)
}

/// Reduces an integer matrix of full column rank (at least as many rows as
/// columns) to its Hermite normal form by row operations (Euclid on each column,
/// then positive pivots, then reduced entries above each pivot; the rows below the
/// last pivot end up zero). Two such matrices have the same form exactly when
/// their rows span the same lattice. Returns the operations and the form; `None`
/// when the rank is too low or the rows differ in length.
fn reduce(m: &[Vec<i64>]) -> Option<(Vec<RowOp>, Vec<Vec<i64>>)> {
    let n = m.len();
    let columns = m.first().map_or(0, Vec::len);
    if columns > n || m.iter().any(|r| r.len() != columns) {
        return None;
    }
    let mut a = m.to_vec();
    let mut ops = Vec::new();
    let mut record = |op: RowOp, a: &mut Vec<Vec<i64>>| {
        op.apply(a);
        ops.push(op);
    };
    for col in 0..columns {
        loop {
            let nonzero: Vec<usize> = (col..n).filter(|&r| a[r][col] != 0).collect();
            let &p = nonzero.iter().min_by_key(|&&r| a[r][col].abs())?;
            if nonzero.len() == 1 {
                if p != col {
                    record(RowOp::Swap(p, col), &mut a);
                }
                break;
            }
            for &r in nonzero.iter().filter(|&&r| r != p) {
                let q = a[r][col].div_euclid(a[p][col]);
                if q != 0 {
                    record(RowOp::Add(r, p, -q), &mut a);
                }
            }
        }
        if a[col][col] < 0 {
            record(RowOp::Negate(col), &mut a);
        }
        for r in 0..col {
            let q = a[r][col].div_euclid(a[col][col]);
            if q != 0 {
                record(RowOp::Add(r, col, -q), &mut a);
            }
        }
    }
    Some((ops, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hermite_form_by_row_operations() {
        // The interchange matrix and a skew reduce to the identity; applying the
        // recorded operations to the input gives the form.
        for m in [
            vec![vec![0, 1], vec![1, 0]],
            vec![vec![1, 1], vec![0, 1]],
            vec![vec![2, 1], vec![1, 1]],
            vec![vec![-1, 0, 0], vec![0, 0, 1], vec![0, 1, 1]],
        ] {
            let (ops, form) = reduce(&m).unwrap();
            let mut again = m.clone();
            for op in &ops {
                op.apply(&mut again);
            }
            assert_eq!(again, form);
            let n = m.len();
            let identity: Vec<Vec<i64>> = (0..n)
                .map(|i| (0..n).map(|j| i64::from(i == j)).collect())
                .collect();
            assert_eq!(form, identity, "{m:?}");
        }
        // A determinant of 2 keeps a 2 on the diagonal.
        let (_, form) = reduce(&[vec![2, 0], vec![0, 1]]).unwrap();
        assert_eq!(form, [vec![2, 0], vec![0, 1]]);
        assert!(reduce(&[vec![1, 2], vec![2, 4]]).is_none());
    }

    #[test]
    fn more_rows_than_columns_reduce_to_the_lattice() {
        // Extra loops: the rows below the last pivot become zero, and the form is
        // the lattice the rows span (2i and 3i span all of Z; 2i and 4i only 2Z).
        for (m, form) in [
            (vec![vec![1], vec![1]], vec![vec![1], vec![0]]),
            (vec![vec![2], vec![3]], vec![vec![1], vec![0]]),
            (vec![vec![2], vec![4]], vec![vec![2], vec![0]]),
            (
                vec![vec![1, 1], vec![0, 1], vec![1, 0]],
                vec![vec![1, 0], vec![0, 1], vec![0, 0]],
            ),
        ] {
            let (ops, got) = reduce(&m).unwrap();
            assert_eq!(got, form, "{m:?}");
            let mut again = m.clone();
            for op in &ops {
                op.apply(&mut again);
            }
            assert_eq!(again, form);
        }
        // GRAIN and SKEW from the whole lattice to a sublattice's form.
        let whole = vec![vec![1, 0], vec![0, 1], vec![0, 0]];
        for to in [
            vec![vec![1, 1], vec![0, 2], vec![0, 0]],
            vec![vec![3, 2], vec![0, 1], vec![0, 0]],
        ] {
            let mut m = whole.clone();
            for step in sublattice(&whole, &to).unwrap() {
                match step {
                    Step::Row(op) => op.apply(&mut m),
                    Step::Scale(a, g) => m[a].iter_mut().for_each(|v| *v *= g),
                }
            }
            assert_eq!(m, to);
        }
        // Not from a sublattice back to the whole one.
        assert!(sublattice(&[vec![2]], &[vec![1]]).is_none());
        // Rank 1 in two columns; more columns than rows.
        assert!(reduce(&[vec![1, 1], vec![2, 2], vec![3, 3]]).is_none());
        assert!(reduce(&[vec![1, 0]]).is_none());
    }
}
