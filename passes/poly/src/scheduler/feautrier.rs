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
                let coalescing = set
                    .iter()
                    .zip(&rows)
                    .find_map(|(&n, row)| self.coalesced(n, row).map(|j| (n, j)));
                accepted = Some(rows);
                let Some((n, j)) = coalescing else {
                    break;
                };
                let (m, p) = layout.c_vars(n, j);
                zero.push(Constraint::eq(vec![(p, 1)], 0));
                if let Some(m) = m {
                    zero.push(Constraint::eq(vec![(m, 1)], 0));
                }
            }
            if let Some(rows) = accepted {
                return Ok(Some(unscale(rows)));
            }
        }
        Ok(None)
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
