//! A permutable band, one affine row at a time (seed 000 §3.2–3.4, seed 001 §6.5,
//! seed 004 §1.6–1.7): every row weakly satisfies the same validity constraints,
//! bounds the proximity distances by `u·p + w`, keeps coincidence distances at zero
//! while that is possible, and is linearly independent of the rows before it.

use crate::error::PolyError;
use crate::scheduler::farkas::Linear;
use crate::scheduler::graph::{Edge, Row};
use crate::scheduler::ilp::{non_trivial_lexmin, Constraint, Ilp, Region};
use crate::scheduler::layout::Layout;
use crate::scheduler::linalg::{independence_rows, rank};
use crate::scheduler::{Prefix, Scheduler};

/// A band computed for a set of statements.
#[derive(Clone, Debug, Default)]
pub(crate) struct Band {
    pub nodes: Vec<usize>,
    /// `rows[m][k]`: member `m` of `nodes[k]`.
    pub rows: Vec<Vec<Row>>,
    /// Per member: computed with zero distance on every coincidence (or, without
    /// coincidence constraints, every proximity) relation.
    pub coincident: Vec<bool>,
}

impl Band {
    pub fn depth(&self) -> usize {
        self.rows.len()
    }

    pub fn n_coincident(&self) -> usize {
        self.coincident.iter().take_while(|&&c| c).count()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The rows of `node`, one per member.
    pub fn rows_of(&self, node: usize) -> Option<Vec<Row>> {
        let k = self.nodes.iter().position(|&n| n == node)?;
        Some(self.rows.iter().map(|m| m[k].clone()).collect())
    }
}

/// Variables in front of the statement blocks of a Pluto row ILP, in the lexmin
/// order of seed 000 eq. (1) / seed 001 §6.5.5.
const SUM_U: usize = 0;
const W: usize = 1;
const SUM_D: usize = 2;
const SUM_C: usize = 3;
const U_START: usize = 4;

/// Leading objectives that count for "significantly better" in the non-trivial
/// search: Σ|u| and w (seed 001 §6.5.7).
const N_SIGNIFICANT: usize = 2;

impl Scheduler<'_> {
    /// Computes a band for `set` under `edges` (the constraints live at this point),
    /// given the rows of ancestor bands in `prefix`. With live-range reordering, a
    /// band that violates an order dependence next to a live range it does not keep
    /// local is computed again with that dependence imposed (`live_ranges`).
    ///
    /// `min_coincident`: give up, returning the members found so far, when
    /// coincidence has to be dropped before that many members are coincident. With 1
    /// this is forced outer coincidence (an empty band, and a Feautrier step follows);
    /// clustering uses it to stop computing a merge that already lost parallelism.
    pub(crate) fn pluto_band(
        &mut self,
        set: &[usize],
        edges: &mut [Edge],
        prefix: &Prefix,
        min_coincident: usize,
    ) -> Result<Band, PolyError> {
        loop {
            let band = self.band_rows(set, edges, prefix, min_coincident)?;
            // Terminates: every round imposes at least one more edge.
            if band.is_empty() || !self.impose_violated(edges, &band)? {
                return Ok(band);
            }
        }
    }

    fn band_rows(
        &mut self,
        set: &[usize],
        edges: &mut [Edge],
        prefix: &Prefix,
        min_coincident: usize,
    ) -> Result<Band, PolyError> {
        let np = self.np;
        let layout = Layout::new(
            U_START + 2 * np,
            set,
            &self.nodes,
            np,
            self.cfg.param_coefficients,
            self.cfg.negative_coefficients,
        );
        let mut base = self.row_constraints(&layout, edges, false)?;
        // Loop-coalescing avoidance (seed 001 §7.5.3, eq. 104): with constant
        // iterator sizes, bound each coefficient so that no row can enumerate two
        // iterators as one (e.g. `100i + j` with `0 <= j < 100`).
        let mut bounds = Vec::new();
        for &n in set {
            for i in 0..self.nodes[n].dim {
                if let Some(b) = self.nodes[n].coefficient_bound(i) {
                    let (m, p) = layout.c_vars(n, i);
                    bounds.push(Constraint::ge(vec![(p, -1)], b));
                    if let Some(m) = m {
                        bounds.push(Constraint::ge(vec![(m, -1)], b));
                    }
                }
            }
        }
        for b in &bounds {
            base.add(b.clone());
        }
        let with_coincidence = if self.cfg.coincidence {
            let mut c = self.row_constraints(&layout, edges, true)?;
            for b in &bounds {
                c.add(b.clone());
            }
            Some(c)
        } else {
            None
        };

        let mut rows_so_far: Vec<Vec<Vec<i64>>> =
            set.iter().map(|&n| self.known_rows(prefix, n)).collect();
        let mut band = Band {
            nodes: set.to_vec(),
            ..Band::default()
        };
        let mut coincidence_on = with_coincidence.is_some();
        let started = (self.stats.solves, std::time::Instant::now());
        loop {
            let mut deficits = Vec::with_capacity(set.len());
            for (k, &n) in set.iter().enumerate() {
                let d = self.nodes[n].dim;
                let r = rank(&rows_so_far[k], d).ok_or_else(overflow)?;
                deficits.push(d - r.min(d));
            }
            let max_deficit = deficits.iter().copied().max().unwrap_or(0);
            if max_deficit == 0 {
                break;
            }
            // Dimension slack (seed 000 §3.3): only the statements with the most
            // dimensions left must get an independent row.
            let mut regions = Vec::new();
            for (k, &n) in set.iter().enumerate() {
                if deficits[k] != max_deficit {
                    continue;
                }
                let d = self.nodes[n].dim;
                let dirs = independence_rows(&rows_so_far[k], d).ok_or_else(overflow)?;
                regions.push(Region {
                    directions: dirs
                        .iter()
                        .map(|r| {
                            let mut l: Linear = Vec::new();
                            for (j, &x) in r.iter().enumerate() {
                                if x != 0 {
                                    l.extend(layout.c_form(n, j, x));
                                }
                            }
                            l
                        })
                        .collect(),
                });
            }
            let ilp = match (&with_coincidence, coincidence_on) {
                (Some(c), true) => c,
                _ => &base,
            };
            let sol =
                non_trivial_lexmin(self.cx, ilp, &regions, N_SIGNIFICANT, true, &mut self.stats)?;
            let Some(sol) = sol else {
                if coincidence_on {
                    // Seed 001 §6.5.3: drop coincidence for this and later members;
                    // under forced outer coincidence an outer member must be
                    // coincident, so the band ends empty (Feautrier takes over).
                    if band.depth() < min_coincident {
                        return Ok(band);
                    }
                    coincidence_on = false;
                    continue;
                }
                break;
            };
            let member: Vec<Row> = set.iter().map(|&n| layout.row(n, &sol)).collect();
            for (k, row) in member.iter().enumerate() {
                rows_so_far[k].push(row.c.clone());
            }
            band.coincident
                .push(coincidence_on || (sol[SUM_U] == 0 && sol[W] == 0));
            band.rows.push(member);
        }
        tracing::trace!(
            nodes = ?set,
            depth = band.depth(),
            coincident = band.n_coincident(),
            solves = self.stats.solves - started.0,
            time = ?started.1.elapsed(),
            vars = base.nvars,
            constraints = base.constraints.len(),
            "band"
        );
        Ok(band)
    }

    /// The ILP of one row: definitions of the leading sums, validity, proximity
    /// (bound `u·p + w`), and with `coincidence` the zero-distance constraints.
    fn row_constraints(
        &mut self,
        layout: &Layout,
        edges: &mut [Edge],
        coincidence: bool,
    ) -> Result<Ilp, PolyError> {
        let np = self.np;
        let mut ilp = Ilp::new(layout.nvars);
        // Σ(u⁻ + u⁺), Σd, Σ(c⁻ + c⁺).
        let mut t = vec![(SUM_U, 1)];
        for j in 0..np {
            t.push((U_START + 2 * j, -1));
            t.push((U_START + 2 * j + 1, -1));
        }
        ilp.add(Constraint::ge(t, 0));
        let mut t = vec![(SUM_D, 1)];
        t.extend(layout.all_d_vars().into_iter().map(|v| (v, -1)));
        ilp.add(Constraint::ge(t, 0));
        let mut t = vec![(SUM_C, 1)];
        t.extend(layout.all_c_vars().into_iter().map(|v| (v, -1)));
        ilp.add(Constraint::ge(t, 0));

        let bound_cst: Linear = vec![(W, 1)];
        let bound_par: Vec<Linear> = (0..np)
            .map(|j| vec![(U_START + 2 * j + 1, 1), (U_START + 2 * j, -1)])
            .collect();
        for edge in edges.iter_mut() {
            let k = edge.kinds;
            if coincidence && k.coincidence {
                // Zero distance (seed 001 §6.5.3), through the dual of the affine
                // hull; it implies validity, and the proximity bound holds with
                // u = w = 0, so neither is needed for this edge.
                let hull = edge.hull_dual(self.cx)?;
                for sign in [1, -1] {
                    for c in hull.substitute(&layout.distance(edge, sign, &vec![], &[])) {
                        ilp.add(c);
                    }
                }
                continue;
            }
            if !(k.validity || k.proximity) {
                continue;
            }
            let dual = edge.dual(self.cx)?;
            if k.validity {
                for c in dual.substitute(&layout.distance(edge, 1, &vec![], &[])) {
                    ilp.add(c);
                }
            }
            if k.proximity {
                // u·p + w − (φ_dst − φ_src) >= 0 (seed 001 eq. 40).
                for c in dual.substitute(&layout.distance(edge, -1, &bound_cst, &bound_par)) {
                    ilp.add(c);
                }
                if !k.validity {
                    // Bounded from below too when not a validity relation (§6.5.2).
                    for c in dual.substitute(&layout.distance(edge, 1, &bound_cst, &bound_par)) {
                        ilp.add(c);
                    }
                }
            }
        }
        ilp.dedup();
        Ok(ilp)
    }
}

fn overflow() -> PolyError {
    PolyError::Unsupported("scheduler: coefficient overflow".into())
}
