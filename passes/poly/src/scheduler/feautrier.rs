//! One Feautrier step (seed 000 eq. (2), seed 001 §6.4): a single row that carries
//! as many dependence groups as possible, used when a band cannot even get a first
//! member, and as the whole algorithm of the `Feautrier` scheduler.
//!
//! - One carry variable `e_k ∈ {0, 1}` per group, with `φ_dst − φ_src >= e_k` on the
//!   group; groups are the disjuncts of each validity relation (§6.4.4).
//! - Objective `lexmin Σ(1 − e_k), Σd, Σ|c|, e_1 ... e_k, <statement blocks>`,
//!   solved in integers directly (seed 000 §5.1: integral solutions avoid the huge
//!   coefficients of a rational LP).
//! - Self-dependences first (§3.9.6): carry variables only for groups from a
//!   statement to itself; all groups only if that carries nothing.
//! - Unscaling (§3.9.1): a common factor of all non-constant coefficients is divided
//!   out, constants rounded down.

use std::rc::Rc;

use crate::error::PolyError;
use crate::scheduler::farkas::{Dual, Linear};
use crate::scheduler::graph::{Edge, Row};
use crate::scheduler::ilp::{Constraint, Ilp};
use crate::scheduler::layout::Layout;
use crate::scheduler::linalg::gcd;
use crate::scheduler::Scheduler;

const MISSED: usize = 0;
const SUM_D: usize = 1;
const SUM_C: usize = 2;
const E_START: usize = 3;

impl Scheduler<'_> {
    /// One row for every statement of `set` that carries at least one group of
    /// `edges`, or None if no row carries anything.
    pub(crate) fn feautrier_row(
        &mut self,
        set: &[usize],
        edges: &mut [Edge],
    ) -> Result<Option<Vec<Row>>, PolyError> {
        // Groups: (edge index, dual of one disjunct).
        let mut groups: Vec<(usize, Rc<Dual>)> = Vec::new();
        for (i, edge) in edges.iter_mut().enumerate() {
            if !(edge.kinds.orders() || edge.kinds.coincidence) {
                continue;
            }
            for d in self.group_duals(edge)? {
                groups.push((i, d));
            }
        }
        if groups.is_empty() {
            return Ok(None);
        }
        let has_self = groups.iter().any(|(i, _)| edges[*i].src == edges[*i].dst);
        // The first row found that still coalesces, when no bounded one carries.
        let mut coalescing: Option<Vec<Row>> = None;
        for self_only in [true, false] {
            if self_only && !has_self {
                continue;
            }
            let carried: Vec<&(usize, Rc<Dual>)> = groups
                .iter()
                .filter(|(i, _)| !self_only || edges[*i].src == edges[*i].dst)
                .collect();
            let n_groups = carried.len();
            let layout = Layout::new(
                E_START + n_groups,
                set,
                &self.nodes,
                self.np,
                self.cfg.param_coefficients,
                true,
            );
            let mut ilp = Ilp::new(layout.nvars);
            // MISSED = Σ(1 − e_k).
            let mut t = vec![(MISSED, 1)];
            t.extend((0..n_groups).map(|k| (E_START + k, 1)));
            ilp.add(Constraint::eq(
                t,
                -i64::try_from(n_groups).unwrap_or(i64::MAX),
            ));
            let mut t = vec![(SUM_D, 1)];
            t.extend(layout.all_d_vars().into_iter().map(|v| (v, -1)));
            ilp.add(Constraint::ge(t, 0));
            let mut t = vec![(SUM_C, 1)];
            t.extend(layout.all_c_vars().into_iter().map(|v| (v, -1)));
            ilp.add(Constraint::ge(t, 0));
            for k in 0..n_groups {
                ilp.add(Constraint::ge(vec![(E_START + k, -1)], 1));
            }
            // Every validity relation weakly satisfied (coincidence ones too, as
            // seed 000 §3.4 says).
            for edge in edges.iter_mut() {
                if !(edge.kinds.orders() || edge.kinds.coincidence) {
                    continue;
                }
                let dual = edge.dual(self.cx)?;
                for c in dual.substitute(&layout.distance(edge, 1, &vec![], &[])) {
                    ilp.add(c);
                }
            }
            for (k, (i, dual)) in carried.iter().enumerate() {
                let cst: Linear = vec![(E_START + k, -1)];
                for c in dual.substitute(&layout.distance(&edges[*i], 1, &cst, &[])) {
                    ilp.add(c);
                }
            }
            // Loop-coalescing avoidance by detection and recovery (seed 001
            // §7.5.4): while some row has |c_i| > ⌈S_j/2⌉·|c_j| for an iterator j of
            // constant size S_j, force c_j = 0 and solve again; keep the last
            // solution that still carries something.
            let mut zero: Vec<Constraint> = Vec::new();
            let mut accepted: Option<Vec<Row>> = None;
            while let Some(sol) = ilp.lexmin(self.cx, &zero, &mut self.stats)? {
                if usize::try_from(sol[MISSED]).unwrap_or(usize::MAX) >= n_groups {
                    break;
                }
                let rows: Vec<Row> = set.iter().map(|&n| layout.row(n, &sol)).collect();
                let coalesced = set
                    .iter()
                    .zip(&rows)
                    .find_map(|(&n, row)| self.coalesced(n, row).map(|j| (n, j)));
                accepted = Some(rows);
                let Some((n, j)) = coalesced else {
                    break;
                };
                let (m, p) = layout.c_vars(n, j);
                zero.push(Constraint::eq(vec![(p, 1)], 0));
                if let Some(m) = m {
                    zero.push(Constraint::eq(vec![(m, 1)], 0));
                }
            }
            // Recovery can end on a row that still coalesces, when forcing c_j = 0
            // leaves nothing to carry; seed 001 keeps it. With constant bounds in the
            // hundreds that row is a whole nest linearized (`22260r + 159q + s` in C
            // doitgen with fixed sizes: one sequential loop of 3.3 million steps with
            // its iterators recovered by floordiv and mod, 3x slower than clang -O3).
            // Tessel's step is an ILP, so eq. (104)'s bounds, which Pluto's rows take,
            // can be put on it too: a bounded row that carries something and coalesces
            // nothing is taken, in this pass or the next (all groups, where `r` alone
            // carries doitgen's dependences between its (r, q) blocks); the coalescing
            // row only when none does (measured in docs/architecture-decisions.md).
            if let Some(rows) = accepted {
                if !self.coalesces(set, &rows) {
                    return Ok(Some(unscale(rows)));
                }
                let bounds = self.coefficient_bounds(&layout, set);
                if let Some(sol) = ilp.lexmin(self.cx, &bounds, &mut self.stats)? {
                    let bounded: Vec<Row> = set.iter().map(|&n| layout.row(n, &sol)).collect();
                    if usize::try_from(sol[MISSED]).unwrap_or(usize::MAX) < n_groups
                        && !self.coalesces(set, &bounded)
                    {
                        return Ok(Some(unscale(bounded)));
                    }
                }
                coalescing.get_or_insert(rows);
            }
        }
        Ok(coalescing.map(unscale))
    }

    /// Whether a row of `rows` (one per node of `set`) coalesces two iterators.
    fn coalesces(&self, set: &[usize], rows: &[Row]) -> bool {
        set.iter()
            .zip(rows)
            .any(|(&n, row)| self.coalesced(n, row).is_some())
    }

    /// An iterator `j` that `row` coalesces with another one: `|c_i| > ⌈S_j/2⌉·|c_j|`
    /// with `c_j != 0` and a constant size `S_j >= 2` (seed 001 eq. 105).
    fn coalesced(&self, n: usize, row: &Row) -> Option<usize> {
        let node = &self.nodes[n];
        (0..row.c.len()).find(|&j| {
            let Some(Some(size)) = node.sizes.get(j) else {
                return false;
            };
            let cj = row.c[j].unsigned_abs();
            *size >= 2
                && cj != 0
                && row.c.iter().enumerate().any(|(i, ci)| {
                    i != j && ci.unsigned_abs() > size.unsigned_abs().div_ceil(2) * cj
                })
        })
    }

    /// Duals of the disjuncts of an edge's relation.
    fn group_duals(&mut self, edge: &mut Edge) -> Result<Vec<Rc<Dual>>, PolyError> {
        if let Some(g) = &edge.group_duals {
            return Ok(g.clone());
        }
        let list = edge.map.get_basic_map_list().isl(self.cx)?;
        let n = list.size().isl(self.cx)?;
        let mut out = Vec::new();
        for i in 0..n {
            let bmap = list.get_at(i).isl(self.cx)?;
            let set = isl_rs::Map::from_basic_map(bmap)
                .isl(self.cx)?
                .wrap()
                .isl(self.cx)?;
            out.push(Rc::new(Dual::of_set(self.cx, set)?));
        }
        edge.group_duals = Some(out.clone());
        Ok(out)
    }
}

use crate::support::isl::IslResult;

/// Divides out a common factor `m > 1` of all iterator and parameter coefficients
/// and rounds the constants down (seed 001 eqs. 80–81).
fn unscale(rows: Vec<Row>) -> Vec<Row> {
    let m = rows
        .iter()
        .flat_map(|r| r.c.iter().chain(r.d.iter()))
        .fold(0i128, |g, &x| gcd(g, i128::from(x)));
    if m <= 1 {
        return rows;
    }
    let m = i64::try_from(m).unwrap_or(1);
    rows.into_iter()
        .map(|r| Row {
            c: r.c.iter().map(|x| x / m).collect(),
            d: r.d.iter().map(|x| x / m).collect(),
            e: r.e.div_euclid(m),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! Feautrier steps on the seeds' examples (fixture: `band::tests`).

    use super::*;
    use crate::isl::Ctx;
    use crate::scheduler::band::tests::{edges, isl, scheduler};

    /// `(c, e)` per statement of the step over all statements, or None.
    fn step(sch: &mut Scheduler<'_>, deps: &str) -> Option<Vec<(Vec<i64>, i64)>> {
        let mut edges = edges(sch, deps);
        let set: Vec<usize> = (0..sch.nodes.len()).collect();
        let rows = sch.feautrier_row(&set, &mut edges).unwrap()?;
        Some(rows.into_iter().map(|r| (r.c, r.e)).collect())
    }

    #[test]
    fn seed001_e8_carries_the_only_group_it_can_with_the_other_kept() {
        // Seed 001 E8 (Listing 15, (28)): s += f(i, j) has the groups
        // S[i, j] -> S[i, j + 1] and S[i, n - 1] -> S[i + 1, 0]. Carrying the first
        // needs c_j >= 1 (34), the second c_j <= 0 and c_i > c_j (35): disjoint,
        // so the maximal set is the second group alone, S -> i.
        let cx = Ctx::new(0).unwrap();
        let domain = "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }";
        let deps = "[n] -> { S[i, j] -> S[i, j + 1]; S[i, n - 1] -> S[i + 1, 0] }";
        let mut sch = scheduler(&cx, &["n"], &[domain], isl());
        assert_eq!(step(&mut sch, deps), Some(vec![(vec![1, 0], 0)]));
    }

    #[test]
    fn seed001_e8_with_constant_bounds_recovers_from_coalescing() {
        // Seed 001 E8 with n fixed at 10000: 10000i + j would carry both groups
        // (68); it coalesces (eq. 105: 10000 > ⌈9999/2⌉·1), so c_j is forced to 0
        // and the step is S -> i again (107).
        let cx = Ctx::new(0).unwrap();
        let domain = "{ S[i, j] : 0 <= i < 10000 and 0 <= j < 10000 }";
        let deps = "{ S[i, j] -> S[i, j + 1]; S[i, 9999] -> S[i + 1, 0] }";
        let mut sch = scheduler(&cx, &[], &[domain], isl());
        assert_eq!(sch.nodes[0].sizes, [Some(9999), Some(9999)]);
        assert_eq!(step(&mut sch, deps), Some(vec![(vec![1, 0], 0)]));
        let coalescing = Row {
            c: vec![10000, 1],
            d: vec![],
            e: 0,
        };
        assert_eq!(sch.coalesced(0, &coalescing), Some(1));
        let fine = Row {
            c: vec![5000, 1],
            d: vec![],
            e: 0,
        };
        assert_eq!(sch.coalesced(0, &fine), None);
    }

    #[test]
    fn seed004_example1_greedy_schedule_is_2i_plus_j() {
        // Seed 004 §4.1, Example 1 (a[i][j] = a[j][i] + a[i][j-1]): carrying
        // (0, 1) needs c_j >= 1, carrying the swap S(a, b) -> S(b, a) (a < b)
        // needs c_i - c_j >= 1; the smallest Σ|c| is 2i + j, the greedy schedule
        // the seed quotes (2i + j - 3 up to the constant).
        let cx = Ctx::new(0).unwrap();
        let domain = "[N] -> { S[i, j] : 1 <= i <= N and 2 <= j <= N }";
        let deps = "[N] -> { S[i, j] -> S[i, j + 1]; S[i, j] -> S[j, i] : i < j }";
        let mut sch = scheduler(&cx, &["N"], &[domain], isl());
        assert_eq!(step(&mut sch, deps), Some(vec![(vec![2, 1], 0)]));
    }

    #[test]
    fn seed001_self_dependences_are_carried_first() {
        // Seed 001 §3.9.6 (isl's --schedule-carry-self-first): S1 has the self
        // dependence (1) and feeds S2 at the same i. The first pass carries only
        // self groups: S1 -> i, and S2 -> i weakly after it (Σd = 0 before Σ|c|),
        // leaving S1 -> S2 for a later level; carrying it too would shift S2.
        let cx = Ctx::new(0).unwrap();
        let d1 = "[N] -> { S1[i] : 0 <= i < N }";
        let d2 = "[N] -> { S2[i] : 0 <= i < N }";
        let deps = "[N] -> { S1[i] -> S1[i + 1]; S1[i] -> S2[i] }";
        let mut sch = scheduler(&cx, &["N"], &[d1, d2], isl());
        assert_eq!(step(&mut sch, deps), Some(vec![(vec![1], 0), (vec![1], 0)]));
        // Without a self group, all groups are carried: S2 shifted by one.
        let deps = "[N] -> { S1[i] -> S2[i] }";
        let mut sch = scheduler(&cx, &["N"], &[d1, d2], isl());
        let rows = step(&mut sch, deps).unwrap();
        assert_eq!(rows[1].1 - rows[0].1, 1, "{rows:?}");
    }

    #[test]
    fn nothing_to_carry_gives_no_row() {
        let cx = Ctx::new(0).unwrap();
        let mut sch = scheduler(&cx, &["N"], &["[N] -> { S[i] : 0 <= i < N }"], isl());
        assert_eq!(step(&mut sch, "[N] -> { S[i] -> S[i] : i < 0 }"), None);
    }

    #[test]
    fn seed001_unscaling_divides_the_common_factor_and_floors_constants() {
        // Seed 001 §3.9.1, eqs. 80-81 (E5: Feautrier's 2t / 2t + 1 becomes
        // t / t): a common factor of every iterator and parameter coefficient
        // is divided out, constants rounded down.
        let row = |c: Vec<i64>, d: Vec<i64>, e| Row { c, d, e };
        assert_eq!(
            unscale(vec![
                row(vec![2, 0], vec![0], 0),
                row(vec![2, 0], vec![0], 1)
            ]),
            [row(vec![1, 0], vec![0], 0), row(vec![1, 0], vec![0], 0)]
        );
        assert_eq!(
            unscale(vec![row(vec![4, 2], vec![6], -1)]),
            [row(vec![2, 1], vec![3], -1)]
        );
        // No common factor: unchanged.
        let rows = vec![row(vec![2, 1], vec![0], 3)];
        assert_eq!(unscale(rows.clone()), rows);
    }
}
