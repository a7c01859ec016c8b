//! Conditional validity for live-range reordering (seed 001 §2.3, §2.7).
//!
//! An order dependence (pending: `Kinds::pending`) is imposed as soon as a live
//! range next to it is not local, i.e. a flow dependence (`Kinds::condition`) whose
//! source or sink is an end of the order pair gets its ends scheduled apart:
//! - inside a band, when some member violates an order pair next to a live range
//!   that some member of the band does not keep local, the order edge becomes
//!   validity and the band is computed again (`pluto_band`);
//! - below a band, order pairs next to a live range the band does not keep local
//!   are imposed from then on (`refine`);
//! - below a sequence, order pairs next to a live range that the sequence splits
//!   are imposed (`partition`, and clustering before it computes any band).
//!
//! Adjacency is decided on statement instances, not on the tagged references: a
//! superset of the adjacent pairs, so more order pairs are imposed than isl would,
//! never fewer. The final check is exact anyway (`verify`: same dataflow).

use std::collections::HashMap;

use isl_rs::Map;

use crate::error::PolyError;
use crate::scheduler::band::Band;
use crate::scheduler::graph::Edge;
use crate::scheduler::{same_pairs, Scheduler};
use crate::support::isl::{Ctx, IslResult};

/// The pairs of one condition (live range) whose ends are not scheduled together.
pub(crate) struct NonLocal {
    src: usize,
    dst: usize,
    pairs: Map,
}

impl NonLocal {
    /// The pairs of condition `e` outside `same` (the pairs a band schedules
    /// together), if there are any.
    pub(crate) fn of(cx: &Ctx, e: &Edge, same: &Map) -> Result<Option<NonLocal>, PolyError> {
        let pairs = e
            .map
            .copy()
            .isl(cx)?
            .subtract(same.copy().isl(cx)?)
            .isl(cx)?;
        if pairs.is_empty().isl(cx)? {
            return Ok(None);
        }
        Ok(Some(NonLocal {
            src: e.src,
            dst: e.dst,
            pairs,
        }))
    }
}

impl Scheduler<'_> {
    /// The live ranges among `edges` that a band does not keep local; `maps` are
    /// its rows per statement ([`Scheduler::band_maps`]).
    fn non_local_in_band(
        &self,
        edges: &[Edge],
        maps: &HashMap<usize, Map>,
    ) -> Result<Vec<NonLocal>, PolyError> {
        let mut out = Vec::new();
        for e in edges.iter().filter(|e| e.kinds.condition) {
            let (Some(fs), Some(ft)) = (maps.get(&e.src), maps.get(&e.dst)) else {
                continue;
            };
            let same = same_pairs(self.cx, fs, ft)?;
            out.extend(NonLocal::of(self.cx, e, &same)?);
        }
        Ok(out)
    }

    /// The live ranges among `edges` that a sequence of `groups` splits.
    fn non_local_across(
        &self,
        edges: &[Edge],
        groups: &[Vec<usize>],
    ) -> Result<Vec<NonLocal>, PolyError> {
        let group_of = |n: usize| groups.iter().position(|g| g.contains(&n));
        let mut out = Vec::new();
        for e in edges.iter().filter(|e| e.kinds.condition) {
            if group_of(e.src) != group_of(e.dst) {
                out.push(NonLocal {
                    src: e.src,
                    dst: e.dst,
                    pairs: e.map.copy().isl(self.cx)?,
                });
            }
        }
        Ok(out)
    }

    /// Does an order pair of `pairs` (from statement `src` to `dst`) start where a
    /// non-local live range ends, or end where one starts?
    fn next_to(
        &self,
        src: usize,
        dst: usize,
        pairs: &Map,
        non_local: &[NonLocal],
    ) -> Result<bool, PolyError> {
        let cx = self.cx;
        for c in non_local {
            if c.dst == src {
                let ends = c.pairs.copy().isl(cx)?.range().isl(cx)?;
                let starts = pairs.copy().isl(cx)?.domain().isl(cx)?;
                if !ends.intersect(starts).isl(cx)?.is_empty().isl(cx)? {
                    return Ok(true);
                }
            }
            if c.src == dst {
                let starts = c.pairs.copy().isl(cx)?.domain().isl(cx)?;
                let ends = pairs.copy().isl(cx)?.range().isl(cx)?;
                if !ends.intersect(starts).isl(cx)?.is_empty().isl(cx)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Imposes every pending order edge with a pair next to a non-local live range
    /// (below a band: `refine`, with the live ranges the band does not keep local).
    pub(crate) fn impose_next_to(
        &self,
        edges: &mut [Edge],
        non_local: &[NonLocal],
    ) -> Result<bool, PolyError> {
        if non_local.is_empty() {
            return Ok(false);
        }
        let mut changed = false;
        for e in edges.iter_mut().filter(|e| e.kinds.pending()) {
            if self.next_to(e.src, e.dst, &e.map, non_local)? {
                e.kinds.validity = true;
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Below a sequence of `groups`: imposes the order edges next to a live range
    /// the sequence splits.
    pub(crate) fn impose_across(
        &self,
        edges: &mut [Edge],
        groups: &[Vec<usize>],
    ) -> Result<(), PolyError> {
        if edges.iter().any(|e| e.kinds.pending()) {
            let non_local = self.non_local_across(edges, groups)?;
            self.impose_next_to(edges, &non_local)?;
        }
        Ok(())
    }

    /// Inside `band`: imposes the pending order edges that some member violates
    /// next to a live range the band does not keep local. True if any was imposed
    /// (the band must be computed again).
    pub(crate) fn impose_violated(
        &self,
        edges: &mut [Edge],
        band: &Band,
    ) -> Result<bool, PolyError> {
        let cx = self.cx;
        if !edges.iter().any(|e| e.kinds.pending()) {
            return Ok(false);
        }
        let non_local = self.non_local_in_band(edges, &self.band_maps(band, 0..band.depth())?)?;
        if non_local.is_empty() {
            return Ok(false);
        }
        let members = (0..band.depth())
            .map(|k| self.band_maps(band, k..k + 1))
            .collect::<Result<Vec<_>, _>>()?;
        let mut changed = false;
        for e in edges.iter_mut().filter(|e| e.kinds.pending()) {
            let mut violated: Option<Map> = None;
            for maps in &members {
                let (Some(fs), Some(ft)) = (maps.get(&e.src), maps.get(&e.dst)) else {
                    break;
                };
                // Pairs with φ_src > φ_dst in this member.
                let later = fs.copy().isl(cx)?.lex_gt_map(ft.copy().isl(cx)?).isl(cx)?;
                let v = e.map.copy().isl(cx)?.intersect(later).isl(cx)?;
                violated = Some(match violated {
                    None => v,
                    Some(u) => u.union(v).isl(cx)?,
                });
            }
            let Some(violated) = violated else {
                continue;
            };
            if !violated.is_empty().isl(cx)? && self.next_to(e.src, e.dst, &violated, &non_local)? {
                e.kinds.validity = true;
                changed = true;
            }
        }
        Ok(changed)
    }
}
