//! A permutable band, one affine row at a time (seed 000 §3.2–3.4, seed 001 §6.5,
//! seed 004 §1.6–1.7): every row weakly satisfies the same validity constraints,
//! bounds the proximity distances by `u·p + w`, keeps coincidence distances at zero
//! while that is possible, and is linearly independent of the rows before it.

use crate::error::{PolyError, Stuck, Unsupported};
use crate::scheduler::farkas::Linear;
use crate::scheduler::graph::{Edge, Row};
use crate::scheduler::ilp::{
    non_trivial_lexmin, non_trivial_lexmin_in_order, Constraint, Ilp, Region,
};
use crate::scheduler::layout::Layout;
use crate::scheduler::linalg::{independence_rows, rank};
use crate::scheduler::spatial::{bound_rows, carry_rows, priority, Group};
use crate::scheduler::{Prefix, Scheduler};
use crate::support::isl::IslResult;

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
        self.band_until_imposed(set, edges, prefix, min_coincident, false)
    }

    /// A band whose first member moves every statement of `set` (a loop common to
    /// all of them: a fused group of a given fusion structure, seed 002 Def. 7
    /// (ii)); empty when there is none. Not for the spatial preset.
    pub(crate) fn fused_band(
        &mut self,
        set: &[usize],
        edges: &mut [Edge],
        prefix: &Prefix,
    ) -> Result<Band, PolyError> {
        self.band_until_imposed(set, edges, prefix, 0, true)
    }

    fn band_until_imposed(
        &mut self,
        set: &[usize],
        edges: &mut [Edge],
        prefix: &Prefix,
        min_coincident: usize,
        fused: bool,
    ) -> Result<Band, PolyError> {
        loop {
            let band = self.band_rows(set, edges, prefix, min_coincident, fused)?;
            // Terminates: every round imposes at least one more edge.
            if band.is_empty() || !self.impose_violated(edges, &band)? {
                return Ok(band);
            }
        }
    }

    /// With `fused`, the first member must move every statement that still lacks
    /// a row, not only those with the most dimensions left.
    fn band_rows(
        &mut self,
        set: &[usize],
        edges: &mut [Edge],
        prefix: &Prefix,
        min_coincident: usize,
        fused: bool,
    ) -> Result<Band, PolyError> {
        if self.spatial.is_some() {
            return self.spatial_band_rows(set, edges, prefix, min_coincident);
        }
        let np = self.np;
        let layout = Layout::new(
            U_START + 2 * np,
            set,
            &self.nodes,
            np,
            self.cfg.param_coefficients,
            self.cfg.negative_coefficients,
        );
        let front = Front::single();
        let mut base = self.row_constraints(&layout, edges, false, &front, |_| 0)?;
        // Loop-coalescing avoidance (seed 001 §7.5.3, eq. 104): with constant
        // iterator sizes, bound each coefficient so that no row can enumerate two
        // iterators as one (e.g. `100i + j` with `0 <= j < 100`).
        let bounds = self.coefficient_bounds(&layout, set);
        for b in &bounds {
            base.add(b.clone());
        }
        let with_coincidence = if self.cfg.coincidence {
            let mut c = self.row_constraints(&layout, edges, true, &front, |_| 0)?;
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
            let deficits = self.deficits(set, &rows_so_far)?;
            let max_deficit = deficits.iter().copied().max().unwrap_or(0);
            if max_deficit == 0 {
                break;
            }
            // Dimension slack (seed 000 §3.3): only the statements with the most
            // dimensions left must get an independent row.
            let mut regions = Vec::new();
            let every = fused && band.is_empty();
            for (k, &n) in set.iter().enumerate() {
                if deficits[k] != max_deficit && !(every && deficits[k] > 0) {
                    continue;
                }
                let d = self.nodes[n].dim;
                let dirs = independence_rows(&rows_so_far[k], d).ok_or_else(overflow)?;
                regions.push(Region {
                    directions: dirs.iter().map(|r| layout.along(n, r)).collect(),
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

    /// Per node of `set`, how many independent rows it still lacks given the rows
    /// found so far (its dimension less their rank).
    fn deficits(
        &self,
        set: &[usize],
        rows_so_far: &[Vec<Vec<i64>>],
    ) -> Result<Vec<usize>, PolyError> {
        set.iter()
            .zip(rows_so_far)
            .map(|(&n, rows)| {
                let d = self.nodes[n].dim;
                let r = rank(rows, d).ok_or_else(overflow)?;
                Ok(d - r.min(d))
            })
            .collect()
    }

    /// Upper bounds on the iterator coefficients (seed 001 §7.5.3, eq. 104):
    /// with constant iterator sizes, no row may enumerate two iterators as one
    /// (e.g. `100i + j` with `0 <= j < 100`).
    pub(crate) fn coefficient_bounds(&self, layout: &Layout, set: &[usize]) -> Vec<Constraint> {
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
        bounds
    }

    /// The ILP of one row: definitions of the leading sums, validity, proximity
    /// (bound `u·p + w`, in the bound of `front` that `bound_of` picks for the
    /// edge), and with `coincidence` the zero-distance constraints.
    pub(crate) fn row_constraints(
        &mut self,
        layout: &Layout,
        edges: &mut [Edge],
        coincidence: bool,
        front: &Front,
        bound_of: impl Fn(&Edge) -> usize,
    ) -> Result<Ilp, PolyError> {
        let np = self.np;
        let mut ilp = Ilp::new(layout.nvars);
        // Σ(u⁻ + u⁺) of each bound, Σd, Σ(c⁻ + c⁺).
        for b in &front.bounds {
            let mut t = vec![(b.sum_u, 1)];
            for j in 0..np {
                t.push((b.u_start + 2 * j, -1));
                t.push((b.u_start + 2 * j + 1, -1));
            }
            ilp.add(Constraint::ge(t, 0));
        }
        let mut t = vec![(front.sum_d, 1)];
        t.extend(layout.all_d_vars().into_iter().map(|v| (v, -1)));
        ilp.add(Constraint::ge(t, 0));
        let mut t = vec![(front.sum_c, 1)];
        t.extend(layout.all_c_vars().into_iter().map(|v| (v, -1)));
        ilp.add(Constraint::ge(t, 0));

        let forms: Vec<(Linear, Vec<Linear>)> = front
            .bounds
            .iter()
            .map(|b| {
                let par = (0..np)
                    .map(|j| vec![(b.u_start + 2 * j + 1, 1), (b.u_start + 2 * j, -1)])
                    .collect();
                (vec![(b.w, 1)], par)
            })
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
                let (bound_cst, bound_par) = &forms[bound_of(edge).min(forms.len() - 1)];
                // u·p + w − (φ_dst − φ_src) >= 0 (seed 001 eq. 40).
                for c in dual.substitute(&layout.distance(edge, -1, bound_cst, bound_par)) {
                    ilp.add(c);
                }
                if !k.validity {
                    // Bounded from below too when not a validity relation (§6.5.2).
                    for c in dual.substitute(&layout.distance(edge, 1, bound_cst, bound_par)) {
                        ilp.add(c);
                    }
                }
            }
        }
        ilp.dedup();
        Ok(ilp)
    }
}

/// Leading variables of objective (4) (seed 000 §4.5): Σ|c|, Σ(1 − e_k), Σd, then
/// one `e_k` per group.
const CARRY_SUM_C: usize = 0;
const CARRY_NOT_E: usize = 1;
const CARRY_SUM_D: usize = 2;
const CARRY_E_START: usize = 3;

impl Scheduler<'_> {
    /// A band of the spatial preset (seed 000 §4.6, the CPU instance): objective
    /// (3) for every member but the last, (4) for the last; coincidence enforced
    /// until one coincident member is found or two dimensions remain; when the
    /// first member cannot be coincident, the register-pressure measure `h` decides
    /// between a Feautrier step (an empty band: `band_node` takes it) and going on
    /// without coincidence.
    fn spatial_band_rows(
        &mut self,
        set: &[usize],
        edges: &mut [Edge],
        prefix: &Prefix,
        min_coincident: usize,
    ) -> Result<Band, PolyError> {
        let (mut groups, h, hlim, gpu) = match &self.spatial {
            Some(model) => {
                let groups: Vec<Group> = model
                    .groups
                    .iter()
                    .filter(|g| set.contains(&g.node))
                    .cloned()
                    .collect();
                (groups, model.h(&self.nodes, set), model.hlim, model.gpu)
            }
            None => return Err(self.stuck(Stuck::NoSpatialModel)),
        };
        // Relations the ancestors carry are gone (§4.3).
        groups.retain_mut(|g| {
            let mut live = true;
            for row in &prefix[g.node] {
                live = g.drop_carried(row);
            }
            live
        });
        let np = self.np;
        let ng = groups.len();
        // Objective (3): [Σu, w] of the dependences between statements, then per
        // group in priority order [w_T, w_S], then [Σu, w] of the dependences
        // within a statement, Σd, Σ|c|, and the u variables of both bounds.
        let f = 2 + 2 * ng;
        let front = Front {
            bounds: vec![
                Bound {
                    sum_u: 0,
                    w: 1,
                    u_start: f + 4,
                },
                Bound {
                    sum_u: f,
                    w: f + 1,
                    u_start: f + 4 + 2 * np,
                },
            ],
            sum_d: f + 2,
            sum_c: f + 3,
        };
        let layout = Layout::new(
            f + 4 + 4 * np,
            set,
            &self.nodes,
            np,
            self.cfg.param_coefficients,
            self.cfg.negative_coefficients,
        );
        let within = |e: &Edge| usize::from(e.src == e.dst);
        let coeff_bounds = self.coefficient_bounds(&layout, set);
        let mut base = self.row_constraints(&layout, edges, false, &front, within)?;
        for b in &coeff_bounds {
            base.add(b.clone());
        }
        let with_coincidence = if self.cfg.coincidence {
            let mut c = self.row_constraints(&layout, edges, true, &front, within)?;
            for b in &coeff_bounds {
                c.add(b.clone());
            }
            Some(c)
        } else {
            None
        };
        let carry_layout = Layout::new(
            CARRY_E_START + ng,
            set,
            &self.nodes,
            np,
            self.cfg.param_coefficients,
            self.cfg.negative_coefficients,
        );

        let mut rows_so_far: Vec<Vec<Vec<i64>>> =
            set.iter().map(|&n| self.known_rows(prefix, n)).collect();
        let mut band = Band {
            nodes: set.to_vec(),
            ..Band::default()
        };
        let mut coincidence_on = with_coincidence.is_some();
        loop {
            let deficits = self.deficits(set, &rows_so_far)?;
            let max_deficit = deficits.iter().copied().max().unwrap_or(0);
            if max_deficit == 0 {
                break;
            }
            // §4.6: one coarse-grained parallel loop is enough, and an inner
            // parallel loop costs a barrier per outer iteration: coincidence is
            // relaxed once a member is coincident, and when two dimensions remain.
            // §4.7: a GPU maps up to three coincident members, so it keeps asking.
            if !gpu && (band.n_coincident() >= 1 || max_deficit <= 2) {
                coincidence_on = false;
            }
            // Which objective: (4) on the CPU's last member (§4.6); on a GPU,
            // (4) with zero coincidence distance for the band's first coincident
            // member (§4.7), then (3) with no groups left, which is (1).
            let carry = if gpu {
                coincidence_on && band.n_coincident() == 0 && !groups.is_empty()
            } else {
                max_deficit == 1
            };
            let last = max_deficit == 1 && !gpu;
            let mut regions = Vec::new();
            for (k, &n) in set.iter().enumerate() {
                // §4.5: for (4), independence holds despite dimension slack.
                if deficits[k] != max_deficit && !(last && deficits[k] > 0) {
                    continue;
                }
                let d = self.nodes[n].dim;
                let dirs = independence_rows(&rows_so_far[k], d).ok_or_else(overflow)?;
                let lay = if carry { &carry_layout } else { &layout };
                regions.push(Region {
                    directions: dirs.iter().map(|r| lay.along(n, r)).collect(),
                });
            }
            let slot = |n: usize| set.iter().position(|&m| m == n);
            let (sol, lay) = if carry {
                let mut ilp = self.carry_constraints(&carry_layout, edges, coincidence_on)?;
                for b in self.coefficient_bounds(&carry_layout, set) {
                    ilp.add(b);
                }
                let mut not_e = vec![(CARRY_NOT_E, 1)];
                let mut carried = 0;
                for (k, g) in groups.iter().enumerate() {
                    if g.spatial.is_empty() {
                        continue;
                    }
                    carried += 1;
                    not_e.push((CARRY_E_START + k, 1));
                    for c in carry_rows(&carry_layout, g, CARRY_E_START + k) {
                        ilp.add(c);
                    }
                }
                ilp.add(Constraint::ge(not_e, -carried));
                let sol = if gpu {
                    non_trivial_lexmin_in_order(self.cx, &ilp, &regions, 2, &mut self.stats)?
                } else {
                    non_trivial_lexmin(self.cx, &ilp, &regions, 2, false, &mut self.stats)?
                };
                // §4.7: a coincident member that carries no spatial proximity is
                // discarded; (1) computes it instead.
                let carries = |sol: &Vec<i64>| {
                    groups.iter().enumerate().any(|(k, g)| {
                        !g.spatial.is_empty() && sol.get(CARRY_E_START + k) == Some(&1)
                    })
                };
                if gpu && sol.as_ref().is_some_and(|s| !carries(s)) {
                    groups.clear();
                    continue;
                }
                (sol, &carry_layout)
            } else {
                let order = priority(&groups, |n| {
                    slot(n).map(|k| (rows_so_far[k].clone(), self.nodes[n].dim))
                });
                let mut ilp = match (&with_coincidence, coincidence_on) {
                    (Some(c), true) => c.clone(),
                    _ => base.clone(),
                };
                for (p, &g) in order.iter().enumerate() {
                    for c in bound_rows(&layout, &groups[g], 2 + 2 * p, 3 + 2 * p) {
                        ilp.add(c);
                    }
                }
                let sol =
                    non_trivial_lexmin(self.cx, &ilp, &regions, f + 2, true, &mut self.stats)?;
                (sol, &layout)
            };
            let Some(sol) = sol else {
                if coincidence_on {
                    if band.depth() < min_coincident {
                        return Ok(band);
                    }
                    // §4.7: no coincident first member: a Feautrier step (2)
                    // exposes inner parallelism instead.
                    if gpu && band.depth() == 0 {
                        return Ok(band);
                    }
                    // §4.6: no coincident outer member; with high register
                    // pressure, (2) computes it instead (a Feautrier step, which
                    // tends to distribute), else the band goes on without
                    // coincidence.
                    if !gpu && band.depth() == 0 && h > hlim {
                        return Ok(band);
                    }
                    coincidence_on = false;
                    continue;
                }
                break;
            };
            let member: Vec<Row> = set.iter().map(|&n| lay.row(n, &sol)).collect();
            for (k, row) in member.iter().enumerate() {
                rows_so_far[k].push(row.c.clone());
            }
            for g in groups.iter_mut() {
                if let Some(k) = slot(g.node) {
                    g.drop_carried(&member[k].c);
                }
            }
            // Without its constraints, a member is still coincident when it has
            // zero distance on every coincidence relation (measured exactly: the
            // clustering rule of one coincident member reads these flags).
            let coincident = coincidence_on || self.zero_on_coincidence(set, &member, edges)?;
            band.coincident.push(coincident);
            band.rows.push(member);
            // §4.7: spatial proximity is dropped after one coincident member (the
            // members of a band all carry the same relations).
            if gpu && coincident {
                groups.clear();
            }
        }
        Ok(band)
    }

    /// Whether the member `member` (one row per statement of `set`) schedules both
    /// ends of every coincidence edge at the same value.
    fn zero_on_coincidence(
        &self,
        set: &[usize],
        member: &[Row],
        edges: &[Edge],
    ) -> Result<bool, PolyError> {
        let mut maps = std::collections::HashMap::new();
        for (k, &n) in set.iter().enumerate() {
            maps.insert(n, self.rows_map(n, std::slice::from_ref(&member[k]))?);
        }
        for e in edges.iter().filter(|e| e.kinds.coincidence) {
            let (Some(fs), Some(ft)) = (maps.get(&e.src), maps.get(&e.dst)) else {
                continue;
            };
            let same = crate::scheduler::same_pairs(self.cx, fs, ft)?;
            if !e.map.is_subset(&same).isl(self.cx)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Objective (4)'s ILP without its group rows: the definitions of Σ|c| and Σd,
    /// validity, and with `coincidence` zero coincidence distances.
    fn carry_constraints(
        &mut self,
        layout: &Layout,
        edges: &mut [Edge],
        coincidence: bool,
    ) -> Result<Ilp, PolyError> {
        let mut ilp = Ilp::new(layout.nvars);
        let mut t = vec![(CARRY_SUM_C, 1)];
        t.extend(layout.all_c_vars().into_iter().map(|v| (v, -1)));
        ilp.add(Constraint::ge(t, 0));
        let mut t = vec![(CARRY_SUM_D, 1)];
        t.extend(layout.all_d_vars().into_iter().map(|v| (v, -1)));
        ilp.add(Constraint::ge(t, 0));
        for edge in edges.iter_mut() {
            let k = edge.kinds;
            if coincidence && k.coincidence {
                let hull = edge.hull_dual(self.cx)?;
                for sign in [1, -1] {
                    for c in hull.substitute(&layout.distance(edge, sign, &vec![], &[])) {
                        ilp.add(c);
                    }
                }
            } else if k.validity {
                let dual = edge.dual(self.cx)?;
                for c in dual.substitute(&layout.distance(edge, 1, &vec![], &[])) {
                    ilp.add(c);
                }
            }
        }
        ilp.dedup();
        Ok(ilp)
    }
}

/// Where one proximity distance bound `u·p + w` lives in a row ILP: `Σ|u|`, `w`
/// and the first of the `2·np` variables `u⁻, u⁺`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bound {
    pub sum_u: usize,
    pub w: usize,
    pub u_start: usize,
}

/// The leading variables of a row ILP besides its layout.
#[derive(Clone, Debug)]
pub(crate) struct Front {
    pub bounds: Vec<Bound>,
    pub sum_d: usize,
    pub sum_c: usize,
}

impl Front {
    /// Objective (1) of seed 000 (§3.2): one bound for every proximity edge.
    fn single() -> Front {
        Front {
            bounds: vec![Bound {
                sum_u: SUM_U,
                w: W,
                u_start: U_START,
            }],
            sum_d: SUM_D,
            sum_c: SUM_C,
        }
    }
}

fn overflow() -> PolyError {
    Unsupported::Scheduler(Stuck::CoefficientOverflow).into()
}

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
mod spatial_tests;
