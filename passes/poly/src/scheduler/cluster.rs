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

use crate::error::{PolyError, Stuck};
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
                let best = members
                    .iter()
                    .map(|&c| clusters[c].band.n_coincident())
                    .max()
                    .unwrap_or(0);
                let need = if self.cfg.maximize_coincidence {
                    best.max(forced)
                } else if self.cfg.one_coincident {
                    // Seed 000 §4.6: one coincident member is enough.
                    best.min(1).max(forced)
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
            return Err(self.stuck(Stuck::CyclicClusters));
        }
        let groups: Vec<Vec<usize>> = order.iter().map(|g| clusters[g[0]].nodes.clone()).collect();
        let mut parts = self.partition(edges, &groups)?;
        let mut slots: Vec<Option<Cluster>> = clusters.into_iter().map(Some).collect();
        let mut children = Vec::with_capacity(order.len());
        for (k, g) in order.iter().enumerate() {
            let Some(c) = slots[g[0]].take() else {
                return Err(self.stuck(Stuck::ClusterUsedTwice));
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
        if self.cfg.maximize_coincidence || self.cfg.one_coincident {
            let best = members
                .iter()
                .map(|&c| clusters[c].band.n_coincident())
                .max()
                .unwrap_or(0);
            let best = if self.cfg.maximize_coincidence {
                best
            } else {
                best.min(1)
            };
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

#[cfg(test)]
mod tests {
    //! Clustering (seed 001 §7.3, seed 000 §3.5) on the seeds' fusion examples
    //! (fixture: `band::tests`).

    use super::*;
    use crate::isl::Ctx;
    use crate::scheduler::band::tests::{edges, isl, pluto, scheduler};
    use crate::scheduler::Config;

    /// Clusters all statements under `deps`, as the driver does for smart fusion.
    fn clustered(sch: &mut Scheduler<'_>, deps: &str) -> Tree {
        let edges = edges(sch, deps);
        let set: Vec<usize> = (0..sch.nodes.len()).collect();
        let validity: Vec<(usize, usize)> = edges.iter().map(|e| (e.src, e.dst)).collect();
        let sccs = sccs_topological(&set, &validity);
        assert!(sccs.len() > 1, "{sccs:?}");
        let mut prefix = vec![Vec::new(); set.len()];
        sch.cluster(set, edges, &mut prefix, sccs, 0).unwrap()
    }

    /// The nodes of a band and, per node, its members as `(c, e)`.
    type Outline = (Vec<usize>, Vec<Vec<(Vec<i64>, i64)>>);

    /// The outer band of `tree`; for a sequence, one entry per child.
    fn outline(tree: &Tree) -> Vec<Outline> {
        match tree {
            Tree::Band(b, _) => {
                let rows = b
                    .nodes
                    .iter()
                    .map(|&n| {
                        b.rows_of(n)
                            .unwrap()
                            .into_iter()
                            .map(|r| (r.c, r.e))
                            .collect()
                    })
                    .collect();
                vec![(b.nodes.clone(), rows)]
            }
            Tree::Sequence(children) => children.iter().flat_map(outline).collect(),
            Tree::Leaf(_) | Tree::Set(_) => panic!("expected bands or a sequence"),
        }
    }

    const STENCIL_PAIR: [&str; 2] = [
        "[n] -> { S1[i] : 2 <= i <= n - 1 }",
        "[n] -> { S2[i] : 2 <= i <= n - 1 }",
    ];
    /// Seed 004 Fig. 10, first two statements: S2[i] reads a1[i - 1..=i + 1].
    const STENCIL_PAIR_DEPS: &str = "[n] -> { S1[i'] -> S2[i] : i - 1 <= i' <= i + 1 }";

    fn stencil_pair(cx: &Ctx, cfg: Config) -> Scheduler<'_> {
        scheduler(cx, &["n"], &STENCIL_PAIR, cfg)
    }

    #[test]
    fn seed004_fig10_stencil_pair_fuses_with_a_shift() {
        // Seed 004 Fig. 10: (i, const) = (1, 0) for S1 and (1, 1) for S2. Unshifted,
        // S1(i + 1) -> S2(i) has distance -1; shifted by one, the distances are
        // 0, 1, 2: small, and the merged band is as deep as each SCC's (one).
        let cx = Ctx::new(0).unwrap();
        let mut sch = stencil_pair(&cx, pluto());
        let tree = clustered(&mut sch, STENCIL_PAIR_DEPS);
        assert_eq!(
            outline(&tree),
            [(vec![0, 1], vec![vec![(vec![1], 0)], vec![(vec![1], 1)]])]
        );
    }

    #[test]
    fn seed001_maximize_coincidence_refuses_the_stencil_pair() {
        // Seed 001 §7.3 (isl's --schedule-maximize-coincidence): each statement
        // alone has a coincident loop; the fused loop carries S1 -> S2 (distances
        // 0..2, never all zero), so the merge loses a coincident member and is
        // rejected: a sequence of two parallel loops (the seeds test of Fig. 10
        // under the isl preset).
        let cx = Ctx::new(0).unwrap();
        let mut sch = stencil_pair(&cx, isl());
        let tree = clustered(&mut sch, STENCIL_PAIR_DEPS);
        let parts = outline(&tree);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].0, [0]);
        assert_eq!(parts[1].0, [1]);
        let Tree::Sequence(children) = &tree else {
            panic!("expected a sequence");
        };
        for c in children {
            let Tree::Band(b, _) = c else {
                panic!("expected a band");
            };
            assert_eq!(b.coincident, [true]);
        }
    }

    #[test]
    fn seed004_fig3_matvec_pair_is_not_fused() {
        // Seed 004 Fig. 3: S1: x[i] += a[i][j]·y[j], S2: y[i] += a[i][j]·x[j].
        // S1's i fused with S2's j satisfies the flow on x, but S1(i, j) reads y[j]
        // before S2(j, ·) writes it: with every dependence kept (seed 004 §1.1),
        // no non-negative row is common to both (both of S1's coefficients are
        // forced to 0), so the merge is refused and each keeps its 2-deep band.
        let cx = Ctx::new(0).unwrap();
        let d1 = "[N] -> { S1[i, j] : 1 <= i, j <= N }";
        let d2 = "[N] -> { S2[i, j] : 1 <= i, j <= N }";
        let deps = "[N] -> { \
            S1[i, j] -> S1[i, j'] : j' > j; \
            S2[i, j] -> S2[i, j'] : j' > j; \
            S1[i, j] -> S2[i', i]; \
            S1[i, j] -> S2[j, j'] }";
        let mut sch = scheduler(&cx, &["N"], &[d1, d2], pluto());
        let tree = clustered(&mut sch, deps);
        let parts = outline(&tree);
        assert_eq!(parts.len(), 2, "{parts:?}");
        assert_eq!((parts[0].0.clone(), parts[0].1[0].len()), (vec![0], 2));
        assert_eq!((parts[1].0.clone(), parts[1].1[0].len()), (vec![1], 2));
    }

    #[test]
    fn seed001_weight_counts_equalities_between_source_and_target() {
        // Seed 001 §7.3.3: an edge's weight is the number of equalities of its
        // affine hull that involve both source and target coordinates.
        let cx = Ctx::new(0).unwrap();
        let sch = scheduler(&cx, &["N"], &[], pluto());
        let w = |text: &str| {
            let map = cx.parse("map", text, Map::read_from_str).unwrap();
            sch.weight(&map).unwrap()
        };
        assert_eq!(w("[N] -> { A[i, j] -> B[i, j + 1] }"), 2);
        assert_eq!(w("[N] -> { A[i, j] -> B[j, k] : 0 <= k < N }"), 1);
        assert_eq!(w("[N] -> { A[] -> B[i] : 0 <= i < N }"), 0);
        // An equality on the source alone does not count.
        assert_eq!(w("[N] -> { A[i, j] -> B[k] : i = 0 and 0 <= k < N }"), 0);
    }

    #[test]
    fn seed001_merges_are_closed_under_validity_paths() {
        // Seed 001 §7.3: merging two clusters also merges every cluster on a
        // path between them (else the result would be cyclic). A -> B -> C, D
        // apart.
        let cx = Ctx::new(0).unwrap();
        let doms = [
            "[N] -> { A[i] : 0 <= i < N }",
            "[N] -> { B[i] : 0 <= i < N }",
            "[N] -> { C[i] : 0 <= i < N }",
            "[N] -> { D[i] : 0 <= i < N }",
        ];
        let sch = scheduler(&cx, &["N"], &doms, pluto());
        let edges = edges(&sch, "[N] -> { A[i] -> B[i]; B[i] -> C[i] }");
        let clusters: Vec<Cluster> = (0..4)
            .map(|n| Cluster {
                nodes: vec![n],
                band: Band::default(),
                complete: false,
            })
            .collect();
        let of = cluster_index(&clusters, 4);
        assert_eq!(path_closure(&clusters, &of, &edges, 0, 2), [0, 1, 2]);
        assert_eq!(path_closure(&clusters, &of, &edges, 2, 0), [0, 1, 2]);
        assert_eq!(path_closure(&clusters, &of, &edges, 0, 1), [0, 1]);
        assert_eq!(path_closure(&clusters, &of, &edges, 0, 3), [0, 3]);
    }
}
