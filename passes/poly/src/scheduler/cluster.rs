//! Loop fusion by clustering SCCs (seed 000 §3.5, seed 001 §7.3, `fuse=smart`).
//!
//! Every SCC starts as a cluster with its own band (no Feautrier fallback, so a band
//! may be empty). Proximity edges between clusters are visited by decreasing weight
//! (the number of equalities between source and target coordinates: how many loops
//! could be aligned), ties by closeness in the original order. For each, the two
//! clusters and every cluster on a path between them get one band, computed at the
//! statement level, which is accepted only when
//! - it is not shallower than any of the merged clusters' bands (band depth),
//! - with coincidence wanted, it has as many coincident members as the best of them
//!   (no parallelism lost),
//! - some proximity edge between two of the merged clusters gets a small constant
//!   distance (at most 2 in every member). A member beyond the edge's weight where
//!   one end has a constant value may be unbounded (a producer feeding many
//!   consumers); such merges are only tried once every other merge was examined.
//!
//! The remaining clusters are ordered topologically in a sequence node.

use std::collections::{BTreeSet, HashMap};

use isl_rs::{BasicSet, DimType, Map, Set, Space};

use crate::error::PolyError;
use crate::scheduler::band::Band;
use crate::scheduler::graph::{sccs_topological, Edge};
use crate::scheduler::{Prefix, Scheduler, Tree};
use crate::support::isl::{to_u32, IslResult};
use crate::support::schedule_tree::vector_constraint;

struct Cluster {
    nodes: Vec<usize>,
    band: Band,
    /// Complete without a band (nothing left to schedule in it).
    complete: bool,
}

impl Cluster {
    fn mergeable(&self) -> bool {
        !self.band.is_empty() || self.complete
    }
}

#[derive(PartialEq, Eq)]
enum Verdict {
    Accept,
    /// Only a deferred (producer-consumer) merge would do.
    Deferred,
    Reject,
}

/// Largest distance, in absolute value, that counts as "optimized completely".
const MAX_DISTANCE: i64 = 2;

impl Scheduler<'_> {
    pub(crate) fn cluster(
        &mut self,
        _set: Vec<usize>,
        mut edges: Vec<Edge>,
        prefix: &mut Prefix,
        sccs: Vec<Vec<usize>>,
        depth: usize,
    ) -> Result<Tree, PolyError> {
        // Live ranges between SCCs are not local if the SCCs end up apart: impose
        // their order edges before any band is computed (live_ranges).
        self.impose_across(&mut edges, &sccs)?;
        // Duals first, so that the copies below share them.
        for e in edges.iter_mut() {
            e.dual(self.cx)?;
        }
        let forced = usize::from(self.cfg.forced_outer);
        let mut clusters = Vec::with_capacity(sccs.len());
        for scc in &sccs {
            let mut sub = self.edges_within(&edges, scc)?;
            let complete = self.complete(prefix, scc)?;
            let band = if complete {
                Band::default()
            } else {
                self.pluto_band(scc, &mut sub, prefix, forced)?
            };
            clusters.push(Cluster {
                nodes: scc.clone(),
                band,
                complete,
            });
        }
        let scc_pos = {
            let mut pos = vec![usize::MAX; self.nodes.len()];
            for (k, scc) in sccs.iter().enumerate() {
                for &n in scc {
                    pos[n] = k;
                }
            }
            pos
        };
        // Candidate proximity edges between SCCs, heaviest first.
        let mut cands: Vec<(usize, usize, usize)> = Vec::new();
        for (i, e) in edges.iter().enumerate() {
            if e.kinds.proximity && scc_pos[e.src] != scc_pos[e.dst] {
                let w = self.weight(&e.map)?;
                cands.push((i, w, scc_pos[e.src].abs_diff(scc_pos[e.dst])));
            }
        }
        cands.sort_by_key(|&(i, w, d)| (std::cmp::Reverse(w), d, i));

        let mut dead = vec![false; edges.len()];
        // Bands already computed for a set of statements (several candidate edges
        // often lead to the same merge; the deferred pass retries some).
        let mut memo: HashMap<(Vec<usize>, usize), Band> = HashMap::new();
        for deferred in [false, true] {
            for &(i, _, _) in &cands {
                if dead[i] {
                    continue;
                }
                let cluster_of = cluster_index(&clusters, self.nodes.len());
                let (a, b) = (cluster_of[edges[i].src], cluster_of[edges[i].dst]);
                if a == b {
                    continue;
                }
                let members = path_closure(&clusters, &cluster_of, &edges, a, b);
                if members.iter().any(|&c| !clusters[c].mergeable()) {
                    dead[i] = true;
                    continue;
                }
                let nodes: Vec<usize> = members
                    .iter()
                    .flat_map(|&c| clusters[c].nodes.iter().copied())
                    .collect::<BTreeSet<usize>>()
                    .into_iter()
                    .collect();
                let sub = self.edges_within(&edges, &nodes)?;
                // A merge must keep the coincident members of its best cluster
                // (when coincidence counts): stop computing once it cannot.
                let need = if self.cfg.maximize_coincidence {
                    members
                        .iter()
                        .map(|&c| clusters[c].band.n_coincident())
                        .max()
                        .unwrap_or(0)
                        .max(forced)
                } else {
                    forced
                };
                let key = (nodes.clone(), need);
                let band = match memo.get(&key) {
                    Some(b) => b.clone(),
                    None => {
                        let mut sub = self.edges_within(&edges, &nodes)?;
                        let b = self.pluto_band(&nodes, &mut sub, prefix, need)?;
                        memo.insert(key, b.clone());
                        b
                    }
                };
                let verdict =
                    self.verdict(&band, &clusters, &members, &cluster_of, &sub, deferred)?;
                match verdict {
                    Verdict::Accept => {
                        let merged = Cluster {
                            nodes,
                            band,
                            complete: false,
                        };
                        let mut keep: Vec<Cluster> = clusters
                            .into_iter()
                            .enumerate()
                            .filter(|(k, _)| !members.contains(k))
                            .map(|(_, c)| c)
                            .collect();
                        keep.push(merged);
                        keep.sort_by_key(|c| c.nodes[0]);
                        clusters = keep;
                        dead[i] = true;
                    }
                    Verdict::Deferred if !deferred => {}
                    _ => dead[i] = true,
                }
            }
        }

        // The clusters in topological order (they form a DAG: merges are closed
        // under paths), each with its band.
        let cluster_of = cluster_index(&clusters, self.nodes.len());
        let cpairs: Vec<(usize, usize)> = edges
            .iter()
            .filter(|e| e.kinds.orders())
            .map(|e| (cluster_of[e.src], cluster_of[e.dst]))
            .collect();
        let ids: Vec<usize> = (0..clusters.len()).collect();
        let order = sccs_topological(&ids, &cpairs);
        if order.iter().any(|g| g.len() != 1) {
            return Err(self.stuck("cyclic clusters"));
        }
        let groups: Vec<Vec<usize>> = order.iter().map(|g| clusters[g[0]].nodes.clone()).collect();
        let mut parts = self.partition(edges, &groups)?;
        let mut slots: Vec<Option<Cluster>> = clusters.into_iter().map(Some).collect();
        let mut children = Vec::with_capacity(order.len());
        for (k, g) in order.iter().enumerate() {
            let Some(c) = slots[g[0]].take() else {
                return Err(self.stuck("cluster used twice"));
            };
            let part = std::mem::take(&mut parts[k]);
            let child = if c.band.is_empty() {
                self.schedule(c.nodes, part, prefix, depth + 1)?
            } else {
                self.band_node(c.nodes, part, prefix, c.band, depth + 1)?
            };
            children.push(child);
        }
        Ok(if children.len() == 1 {
            children.pop().unwrap_or(Tree::Sequence(Vec::new()))
        } else {
            Tree::Sequence(children)
        })
    }

    /// Copies of the edges with both ends in `nodes`.
    pub(crate) fn edges_within(
        &self,
        edges: &[Edge],
        nodes: &[usize],
    ) -> Result<Vec<Edge>, PolyError> {
        let mut inside = vec![false; self.nodes.len()];
        for &n in nodes {
            inside[n] = true;
        }
        edges
            .iter()
            .filter(|e| inside[e.src] && inside[e.dst])
            .map(|e| e.copy(self.cx))
            .collect()
    }

    /// Number of equalities between input and output coordinates in the affine hull
    /// of a relation (seed 001 §7.3.3).
    fn weight(&self, map: &Map) -> Result<usize, PolyError> {
        let cx = self.cx;
        let n_in = usize::try_from(map.dim(DimType::In).isl(cx)?).unwrap_or(0);
        let n_out = usize::try_from(map.dim(DimType::Out).isl(cx)?).unwrap_or(0);
        let hull = map.copy().isl(cx)?.affine_hull().isl(cx)?;
        let eqs = hull
            .equalities_matrix(
                DimType::In,
                DimType::Out,
                DimType::Param,
                DimType::Cst,
                DimType::Div,
            )
            .isl(cx)?;
        let mut count = 0;
        for r in 0..eqs.rows().isl(cx)? {
            let nz = |c: usize| -> Result<bool, PolyError> {
                let v = eqs
                    .get_element_val(r, crate::support::isl::to_i32(c)?)
                    .isl(cx)?;
                Ok(!v.is_zero().isl(cx)?)
            };
            let mut has_in = false;
            for c in 0..n_in {
                has_in |= nz(c)?;
            }
            let mut has_out = false;
            for c in n_in..n_in + n_out {
                has_out |= nz(c)?;
            }
            if has_in && has_out {
                count += 1;
            }
        }
        Ok(count)
    }

    fn verdict(
        &self,
        band: &Band,
        clusters: &[Cluster],
        members: &[usize],
        cluster_of: &[usize],
        sub: &[Edge],
        deferred: bool,
    ) -> Result<Verdict, PolyError> {
        if band.is_empty() {
            return Ok(Verdict::Reject);
        }
        let best_depth = members
            .iter()
            .map(|&c| clusters[c].band.depth())
            .max()
            .unwrap_or(0);
        if band.depth() < best_depth {
            return Ok(Verdict::Reject);
        }
        if self.cfg.maximize_coincidence {
            let best = members
                .iter()
                .map(|&c| clusters[c].band.n_coincident())
                .max()
                .unwrap_or(0);
            if band.n_coincident() < best {
                return Ok(Verdict::Reject);
            }
        }
        let mut needs_deferral = false;
        for e in sub {
            if !e.kinds.proximity || cluster_of[e.src] == cluster_of[e.dst] {
                continue;
            }
            let (Some(rs), Some(rt)) = (band.rows_of(e.src), band.rows_of(e.dst)) else {
                continue;
            };
            let weight = self.weight(&e.map)?;
            let strict: Vec<usize> = (0..band.depth()).collect();
            if self.distances_small(e, &rs, &rt, &strict)? {
                return Ok(Verdict::Accept);
            }
            let relaxed: Vec<usize> = (0..band.depth())
                .filter(|&m| m < weight || !(rs[m].is_constant() || rt[m].is_constant()))
                .collect();
            if relaxed.len() < strict.len() && self.distances_small(e, &rs, &rt, &relaxed)? {
                if deferred {
                    return Ok(Verdict::Accept);
                }
                needs_deferral = true;
            }
        }
        Ok(if needs_deferral {
            Verdict::Deferred
        } else {
            Verdict::Reject
        })
    }

    /// Whether the distances of `e` under the rows `rs`/`rt` lie in
    /// `[-MAX_DISTANCE, MAX_DISTANCE]` in each member listed in `members`.
    fn distances_small(
        &self,
        e: &Edge,
        rs: &[crate::scheduler::graph::Row],
        rt: &[crate::scheduler::graph::Row],
        members: &[usize],
    ) -> Result<bool, PolyError> {
        if members.is_empty() {
            return Ok(true);
        }
        let cx = self.cx;
        let fs = self.rows_map(e.src, rs)?;
        let ft = self.rows_map(e.dst, rt)?;
        let dist = e
            .map
            .copy()
            .isl(cx)?
            .apply_domain(fs)
            .isl(cx)?
            .apply_range(ft)
            .isl(cx)?
            .deltas()
            .isl(cx)?;
        // { [x] : -MAX_DISTANCE <= x_m <= MAX_DISTANCE for m in members }
        let space = Space::set_alloc(cx.raw(), 0, to_u32(rs.len())?).isl(cx)?;
        let mut bound = BasicSet::universe(space.copy().isl(cx)?).isl(cx)?;
        for &m in members {
            for sign in [1, -1] {
                let c = vector_constraint(cx, &space, false, &[(m, sign)], MAX_DISTANCE)?;
                bound = bound.add_constraint(c).isl(cx)?;
            }
        }
        let bound = Set::from_basic_set(bound).isl(cx)?;
        dist.is_subset(&bound).isl(cx)
    }
}

fn cluster_index(clusters: &[Cluster], n: usize) -> Vec<usize> {
    let mut of = vec![usize::MAX; n];
    for (k, c) in clusters.iter().enumerate() {
        for &m in &c.nodes {
            of[m] = k;
        }
    }
    of
}

/// The clusters `a`, `b` and every cluster on a validity path between them.
fn path_closure(
    clusters: &[Cluster],
    cluster_of: &[usize],
    edges: &[Edge],
    a: usize,
    b: usize,
) -> Vec<usize> {
    let nc = clusters.len();
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); nc];
    for e in edges.iter().filter(|e| e.kinds.orders()) {
        let (x, y) = (cluster_of[e.src], cluster_of[e.dst]);
        if x != y && x < nc && y < nc && !succ[x].contains(&y) {
            succ[x].push(y);
        }
    }
    let reach = |from: usize| -> Vec<bool> {
        let mut seen = vec![false; nc];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(x) = stack.pop() {
            for &y in &succ[x] {
                if !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        seen
    };
    let from: Vec<Vec<bool>> = (0..nc).map(reach).collect();
    let mut out = vec![a, b];
    for (c, reach_c) in from.iter().enumerate() {
        if c == a || c == b {
            continue;
        }
        if (from[a][c] && reach_c[b]) || (from[b][c] && reach_c[a]) {
            out.push(c);
        }
    }
    out.sort_unstable();
    out
}
