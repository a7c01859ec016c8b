//! The pairwise tests of seed 002 Fig. 4 at the outermost level, on the space of
//! one row per statement with non-negative iterator coefficients and a constant
//! (θ ∈ N, §4; the Pluto preset's row space, so that what the space promises the
//! scheduler can build):
//! - order: a dependence `R → S` forbids S before R (the splitter tests
//!   `mustFuse`/`canDistributeAndSwap`: a constant row that puts S first breaks it,
//!   one that puts R first carries it);
//! - fusibility (Def. 7): a row for R and one for S that respect every dependence
//!   among R and S (their own included), with non-null iterator parts and constant
//!   parts at most `slack` apart (`mustDistribute` when there is none);
//! - the sets M of Lemma 6: the outer loops `(µ^R, µ^S)` of the fusing rows.
//!
//! M is tested with rows whose only iterator is µ's (ν keeps the scaling of that
//! loop and the shifts). This is the reading that gives the paper's printed sets
//! for 3mm (M_RT = {(i,i), (j,k)}, M_ST = {(i,k), (j,j)}) and its unique triple
//! (j, i, k); letting ν skew (T's row `i + k`, µ = i) would put (j, i) into M_RT
//! and make (i, i, i) compatible too.

use crate::error::PolyError;
use crate::scheduler::fusion_space::preorders::Relations;
use crate::scheduler::graph::Edge;
use crate::scheduler::ilp::{Constraint, Ilp, SolveStats};
use crate::scheduler::layout::Layout;
use crate::scheduler::Scheduler;

/// What the pairwise tests found for statements `a < b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairFacts {
    pub a: usize,
    pub b: usize,
    /// Some dependence relates them (either way).
    pub dependent: bool,
    /// What `(a, b)` may be: `<` (a's group first), `=` (fused), `>`.
    pub relations: Relations,
    /// The outer loops `(µ^a, µ^b)`, as iterator positions, of fusing rows;
    /// every pair when they are independent (seed 002 §4.3's M_RS for 3mm).
    pub m: Vec<(usize, usize)>,
}

impl Scheduler<'_> {
    /// The facts of every pair `a < b` of statements, given the scheduler's edges.
    pub(crate) fn pair_facts(
        &mut self,
        edges: &mut [Edge],
        slack: u64,
    ) -> Result<Vec<PairFacts>, PolyError> {
        let n = self.nodes.len();
        let mut out = Vec::with_capacity(n * n.saturating_sub(1) / 2);
        for a in 0..n {
            for b in a + 1..n {
                out.push(self.pair(edges, a, b, slack)?);
            }
        }
        Ok(out)
    }

    fn pair(
        &mut self,
        edges: &mut [Edge],
        a: usize,
        b: usize,
        slack: u64,
    ) -> Result<PairFacts, PolyError> {
        let orders = |e: &Edge, s: usize, t: usize| e.kinds.orders() && e.src == s && e.dst == t;
        let a_to_b = edges.iter().any(|e| orders(e, a, b));
        let b_to_a = edges.iter().any(|e| orders(e, b, a));
        let mut relations = Relations::ANY;
        if a_to_b {
            relations = relations.intersect(Relations::BEFORE.union(Relations::FUSED));
        }
        if b_to_a {
            relations = relations.intersect(Relations::AFTER.union(Relations::FUSED));
        }
        let (da, db) = (self.nodes[a].dim, self.nodes[b].dim);
        let dependent = a_to_b || b_to_a;
        let every = || {
            (0..da)
                .flat_map(|x| (0..db).map(move |y| (x, y)))
                .collect::<Vec<_>>()
        };
        // Def. 7 (ii): a statement without a loop has no non-null linear part.
        let (fusable, m) = if da == 0 || db == 0 {
            (false, Vec::new())
        } else if !dependent {
            (true, every())
        } else {
            let ilp = self.pair_ilp(edges, a, b, slack)?;
            if feasible(self, &ilp, &[])? {
                let layout = self.pair_layout(a, b);
                let mut m = Vec::new();
                for (x, y) in every() {
                    let mut only = Vec::new();
                    for (node, dim, mu) in [(a, da, x), (b, db, y)] {
                        for k in 0..dim {
                            let (_, var) = layout.c_vars(node, k);
                            only.push(if k == mu {
                                Constraint::ge(vec![(var, 1)], -1)
                            } else {
                                Constraint::eq(vec![(var, 1)], 0)
                            });
                        }
                    }
                    if feasible(self, &ilp, &only)? {
                        m.push((x, y));
                    }
                }
                // An empty M: fusable only by rows that skew. Lemma 6 then has no
                // µ for the pair, so no path through it is fused; the pair alone is.
                (true, m)
            } else {
                (false, Vec::new())
            }
        };
        if !fusable {
            relations = relations.intersect(Relations::BEFORE.union(Relations::AFTER));
        }
        Ok(PairFacts {
            a,
            b,
            dependent,
            relations,
            m,
        })
    }

    fn pair_layout(&self, a: usize, b: usize) -> Layout {
        Layout::new(0, &[a, b], &self.nodes, self.np, false, false)
    }

    /// The rows of `a` and `b` that respect every dependence among them and fuse
    /// them (Def. 7 with `|Θ^a(0) − Θ^b(0)| <= slack`).
    fn pair_ilp(
        &mut self,
        edges: &mut [Edge],
        a: usize,
        b: usize,
        slack: u64,
    ) -> Result<Ilp, PolyError> {
        let layout = self.pair_layout(a, b);
        let mut ilp = Ilp::new(layout.nvars);
        let inside = |s: usize| s == a || s == b;
        for edge in edges.iter_mut() {
            if !(edge.kinds.orders() && inside(edge.src) && inside(edge.dst)) {
                continue;
            }
            let dual = edge.dual(self.cx)?;
            for c in dual.substitute(&layout.distance(edge, 1, &vec![], &[])) {
                ilp.add(c);
            }
        }
        let slack = i64::try_from(slack).unwrap_or(i64::MAX / 4);
        let (ea, eb) = (layout.e_var(a), layout.e_var(b));
        ilp.add(Constraint::ge(vec![(ea, 1), (eb, -1)], slack));
        ilp.add(Constraint::ge(vec![(eb, 1), (ea, -1)], slack));
        for node in [a, b] {
            let sum: Vec<(usize, i64)> = (0..self.nodes[node].dim)
                .map(|k| (layout.c_vars(node, k).1, 1))
                .collect();
            ilp.add(Constraint::ge(sum, -1));
        }
        ilp.dedup();
        Ok(ilp)
    }
}

/// Whether `ilp` with `extra` has an integer point. Each test has its own solve
/// count: the space makes many small solves, none of which may stop a scheduler.
fn feasible(sch: &Scheduler<'_>, ilp: &Ilp, extra: &[Constraint]) -> Result<bool, PolyError> {
    let mut stats = SolveStats::default();
    Ok(ilp.lexmin(sch.cx, extra, &mut stats)?.is_some())
}
