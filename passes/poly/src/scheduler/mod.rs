//! Tessel's own affine scheduler: the template of seed 000 §3 (isl's scheduler),
//! with the Pluto algorithm of seed 004 and the details of seed 001 §6–7.
//!
//! isl provides only set/map arithmetic, the Farkas dual (`coefficients`) and exact
//! integer lexmin; the problems and every decision are built here:
//!
//! | module | what |
//! |---|---|
//! | `graph` | statements, constraint edges, components and SCCs |
//! | `farkas` | Farkas duals of relations, substituted with ILP variables |
//! | `layout` | where each coefficient lives in an ILP |
//! | `ilp` | ILPs over non-negative integers, isl lexmin, the lazy non-trivial search |
//! | `linalg` | rank and linear-independence rows (HNF) |
//! | `band` | Pluto rows and permutable bands |
//! | `feautrier` | the Feautrier step (carry as many dependences as possible) |
//! | `cluster` | SCC clustering, i.e. loop fusion (`fuse=smart`) |
//! | `spatial` | line-based accesses, access-pattern groups and the rows of objectives (3)/(4) (seed 000 §4) |
//! | `build` | the isl schedule tree of the result |
//!
//! The driver ([`Scheduler::schedule`], here) follows seed 001 §3.0: weakly
//! connected components become set nodes, SCCs are fused or distributed according
//! to the fuse mode (clustering for `smart`, a sequence for `none`, one joint band
//! and cuts when it fails for `max`), then a band is computed (a Feautrier step when
//! it cannot get a first member), the dependences it carries are dropped, and the
//! same is done below it until every statement has a complete (full rank) schedule.
//!
//! Choices beyond the seeds, each explained where it is made:
//! - Farkas duals of the dependence relations themselves, never of difference sets,
//!   and of isl's uncoalesced dataflow pieces (`Edge::dual`);
//! - zero distances through the dual of the affine hull (`Edge::hull_dual`);
//! - `isl_basic_set_partial_lexmin` instead of `isl_basic_set_lexmin`
//!   (`isl::basic_set_lexmin`);
//! - coincidence flags computed exactly on the final tree (`build`);
//! - Pluto rows with non-negative coefficients (`Config::negative_coefficients`).

mod band;
mod build;
mod cluster;
mod farkas;
mod feautrier;
pub(crate) mod fusion_space;
mod graph;
mod ilp;
pub(crate) mod initial;
mod layout;
pub(crate) mod linalg;
mod live_ranges;
pub(crate) mod spatial;
pub(crate) mod symbolic_sizes;

use std::collections::HashMap;

use isl_rs::{
    Aff, AffList, BasicMap, Constraint, DimType, LocalSpace, Map, MultiAff, Schedule, Space,
    UnionMap, Val,
};

use crate::analysis::dependences::Dependences;
use crate::analysis::privatization::Conflicts;
use crate::error::{Invariant, PolyError, Stuck, Unsupported};
use crate::model::load::ScopIsl;
use crate::support::isl::{
    map_in_name, map_out_name, maps_of, param_names, set_dim_names, to_i32, to_u32, Ctx, IslResult,
};
use crate::FuseMode;

use band::Band;
use graph::{sccs_topological, weak_components, Edge, Kinds, Node};
use ilp::SolveStats;
use live_ranges::NonLocal;
use symbolic_sizes::SymbolicSizes;

/// Rows (iterator coefficients only) of the ancestor bands, per statement.
pub(crate) type Prefix = Vec<Vec<Vec<i64>>>;

/// What distinguishes the presets.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    /// Zero coincidence distances while possible (isl); Pluto has no coincidence
    /// constraints, its lexmin finds the zero-distance rows first anyway.
    pub coincidence: bool,
    /// A band must start with a coincident member, else a Feautrier step (seed 001
    /// §6.2, isl's `--schedule-outer-coincidence` as PPCG sets it).
    pub forced_outer: bool,
    /// Rows may have parameter coefficients (isl); Pluto's rows have none (seed 004
    /// §1.2), which is what makes a common row a fused loop.
    pub param_coefficients: bool,
    /// Rows may have negative iterator coefficients (`c = c⁺ − c⁻`, seed 000 §3.2:
    /// isl); Pluto's are non-negative (seed 004 §7), which also keeps it from
    /// "fusing" loops by running one of them backwards into a disjoint range.
    /// Feautrier steps may always use negative coefficients.
    pub negative_coefficients: bool,
    /// Cluster merges must not lose coincident members (isl's
    /// `--schedule-maximize-coincidence`).
    pub maximize_coincidence: bool,
    /// Every row from a Feautrier step while dependences remain.
    pub feautrier_only: bool,
    /// Cluster merges may lose coincident members as long as one is left (seed 000
    /// §4.6: one coarse-grained parallel loop is what OpenMP uses).
    pub one_coincident: bool,
    /// Spatial proximity in the ILP (seed 000 §4.6, the CPU instance).
    pub spatial: Option<spatial::SpatialParams>,
    pub fuse: FuseMode,
    /// Input dependences between statements as proximity-only edges (`rar`).
    pub rar: bool,
    /// The outermost level's fusion structure, given (`fusion-structure`, seed
    /// 002) as group positions: it replaces the fusion decisions at depth 0
    /// (`fusion_space::realize`).
    pub structure: Option<Vec<i64>>,
}

/// The result of one scheduling run, before it becomes an isl tree.
pub(crate) enum Tree {
    /// Statements with complete schedules and nothing left to order.
    Leaf(Vec<usize>),
    Band(Band, Box<Tree>),
    Sequence(Vec<Tree>),
    Set(Vec<Tree>),
}

pub(crate) struct Scheduler<'cx> {
    pub cx: &'cx Ctx,
    pub nodes: Vec<Node>,
    pub np: usize,
    pub params: Vec<String>,
    pub cfg: Config,
    pub stats: SolveStats,
    /// The access-pattern groups, with `Config::spatial`.
    pub spatial: Option<spatial::SpatialModel>,
    /// Large constants seen as size parameters (`symbolic_sizes`), folded back
    /// into the rows of the output tree.
    pub(crate) symbolic: SymbolicSizes,
    /// The statements' own domains, for the output tree.
    pub(crate) output_domains: Vec<isl_rs::Set>,
    /// Recursion guard: a correct run needs far fewer levels.
    max_depth: usize,
}

/// Computes a schedule tree for the SCoP with our scheduler.
pub(crate) fn compute(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    cfg: Config,
) -> Result<Schedule, PolyError> {
    with_scheduler(cx, model, deps, cfg, |sch, edges, conflicts| {
        let set: Vec<usize> = (0..sch.nodes.len()).collect();
        let mut prefix: Prefix = vec![Vec::new(); sch.nodes.len()];
        let tree = match sch.cfg.structure.take() {
            Some(positions) => {
                let structure = fusion_space::Structure::from_positions(&positions, set.len())?;
                sch.structured(&structure, edges, &mut prefix)?
            }
            None => sch.schedule(set, edges, &mut prefix, 0)?,
        };
        tracing::debug!(
            solves = sch.stats.solves,
            lexmin_ms = sch.stats.lexmin_time.as_millis() as u64,
            slowest = ?sch.stats.slowest,
            "scheduler done"
        );
        sch.to_isl(&tree, conflicts)
    })
}

/// Sets up a scheduler for the SCoP under `cfg` (its statements, and its edges in
/// a deterministic order) and runs `run` on it, with the conflicts that coincidence
/// flags are computed from.
pub(crate) fn with_scheduler<T>(
    cx: &Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    cfg: Config,
    run: impl FnOnce(&mut Scheduler<'_>, Vec<Edge>, &Conflicts) -> Result<T, PolyError>,
) -> Result<T, PolyError> {
    let context = model.context.get_space().isl(cx)?;
    let domains: Vec<&isl_rs::Set> = model.statements.iter().map(|st| &st.domain).collect();
    let symbolic = SymbolicSizes::of_domains(cx, &context, &domains)?;
    let align = |m: &UnionMap| symbolic.lift_union_map(cx, m);
    let all = align(deps.pieces())?;
    // The constraint relations (seed 001 §2.6): without live-range reordering every
    // dependence is validity, proximity and coincidence; with it, validity and
    // proximity are flow ∪ forced, the live ranges of reorderable arrays are the
    // conditions and their order dependences conditioned validity. (Seed 001 keeps
    // false dependences as proximity "for historical reasons"; those of a scalar
    // relate live ranges whose order is free, and bounding their distance favours
    // rows like 32i + j over j.) They stay coincidence: a parallel loop would need a private copy of
    // the memory of each live range (array expansion), which codegen does not do.
    let kinds = |validity, proximity, coincidence, conditional, condition| Kinds {
        validity,
        proximity,
        coincidence,
        conditional,
        condition,
    };
    let mut relations: Vec<(UnionMap, Kinds)> = match deps.live_ranges() {
        None => vec![(align(&all)?, kinds(true, true, true, false, false))],
        Some(lr) => vec![
            (align(deps.flow())?, kinds(true, true, true, false, false)),
            (align(&lr.forced)?, kinds(true, true, true, false, false)),
            (
                align(&lr.live_ranges)?,
                kinds(false, false, false, false, true),
            ),
            (align(&lr.order)?, kinds(false, false, true, true, false)),
        ],
    };
    if cfg.rar {
        // Reuse only: bounded both ways, no order, no coincidence (band.rs).
        let input = deps.input(cx, model)?;
        relations.push((align(&input)?, kinds(false, true, false, false, false)));
    }
    // Coincidence flags are set on the output tree, in the SCoP's own space.
    let conflicts = deps.conflicts().map(cx, |m: &UnionMap| {
        m.copy()
            .isl(cx)?
            .align_params(context.copy().isl(cx)?)
            .isl(cx)
    })?;
    let space = all.get_space().isl(cx)?;
    let params = param_names(cx, &space)?;
    let mut nodes = Vec::with_capacity(model.statements.len());
    let mut output_domains = Vec::with_capacity(model.statements.len());
    for st in &model.statements {
        output_domains.push(st.domain.copy().isl(cx)?);
        let domain = if symbolic.is_empty() {
            st.domain.copy().isl(cx)?
        } else {
            symbolic.lift_set(cx, &st.domain)?
        };
        let dim = usize::try_from(domain.dim(DimType::Set).isl(cx)?).unwrap_or(0);
        let names = set_dim_names(cx, &domain)?;
        let usable = names
            .iter()
            .enumerate()
            .all(|(k, a)| is_identifier(a) && !params.contains(a) && !names[..k].contains(a));
        let iters = if usable {
            names
        } else {
            generated_iterators(&params, dim)
        };
        let sizes = sizes(cx, &domain, dim)?;
        let hull_rows = hull_rows(cx, &domain, dim)?;
        nodes.push(Node {
            name: st.name.clone(),
            dim,
            domain,
            iters,
            sizes,
            hull_rows,
        });
    }
    let max_dim = nodes.iter().map(|n| n.dim).max().unwrap_or(0);
    let spatial = match cfg.spatial {
        Some(params) => Some(spatial::SpatialModel::of_scop(cx, model, &nodes, params)?),
        None => None,
    };
    let mut sch = Scheduler {
        cx,
        max_depth: 4 * (max_dim + 2) + 2 * nodes.len() + 8,
        np: params.len(),
        params,
        nodes,
        cfg,
        stats: SolveStats::default(),
        spatial,
        symbolic,
        output_domains,
    };
    // isl's PIP turns "parallel" constraints (same variable part) into a parameter
    // and solves a parametric problem instead; our row ILPs are full of them (the
    // bounds of one Farkas dual), which makes a plain lexmin take seconds. Off while
    // scheduling, restored after.
    let symmetry = isl_rs::Options::get_pip_symmetry(cx.raw()).isl(cx)?;
    isl_rs::Options::set_pip_symmetry(cx.raw(), 0).isl(cx)?;
    let result = (|| {
        let mut edges = Vec::new();
        for (map, kinds) in &relations {
            edges.extend(sch.edges_from(map, *kinds)?);
        }
        // Deterministic order, whatever isl's hash order.
        edges.sort_by_key(|e| (e.src, e.dst));
        run(&mut sch, edges, &conflicts)
    })();
    isl_rs::Options::set_pip_symmetry(cx.raw(), symmetry).isl(cx)?;
    result
}

impl Scheduler<'_> {
    /// One edge of the given kinds per pair of statements related by `all`.
    fn edges_from(&self, all: &UnionMap, kinds: Kinds) -> Result<Vec<Edge>, PolyError> {
        let cx = self.cx;
        let index: HashMap<&str, usize> = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.name.as_str(), i))
            .collect();
        let mut edges = Vec::new();
        for map in maps_of(cx, all)? {
            if map.is_empty().isl(cx)? {
                continue;
            }
            let (Some(src), Some(dst)) = (map_in_name(&map), map_out_name(&map)) else {
                return Err(Invariant::UnnamedDependence.into());
            };
            let (Some(&src), Some(&dst)) = (index.get(src.as_str()), index.get(dst.as_str()))
            else {
                return Err(Invariant::UnknownDependenceEnds { src, dst }.into());
            };
            edges.push(Edge {
                src,
                dst,
                map,
                kinds,
                dual: None,
                group_duals: None,
                hull_dual: None,
            });
        }
        Ok(edges)
    }

    fn stuck(&self, why: Stuck) -> PolyError {
        Unsupported::Scheduler(why).into()
    }

    /// The rows a new row of `n` must be independent of: the domain's hull
    /// equalities, then the rows of ancestor bands.
    pub(crate) fn known_rows(&self, prefix: &Prefix, n: usize) -> Vec<Vec<i64>> {
        let mut rows = self.nodes[n].hull_rows.clone();
        rows.extend(prefix[n].iter().cloned());
        rows
    }

    fn rank(&self, prefix: &Prefix, n: usize) -> Result<usize, PolyError> {
        linalg::rank(&self.known_rows(prefix, n), self.nodes[n].dim)
            .ok_or_else(|| self.stuck(Stuck::CoefficientOverflow))
    }

    fn complete(&self, prefix: &Prefix, set: &[usize]) -> Result<bool, PolyError> {
        for &n in set {
            if self.rank(prefix, n)? < self.nodes[n].dim {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Schedules `set` under the constraints `edges` (those among `set` that no
    /// ancestor has carried), below the rows in `prefix`.
    fn schedule(
        &mut self,
        set: Vec<usize>,
        mut edges: Vec<Edge>,
        prefix: &mut Prefix,
        depth: usize,
    ) -> Result<Tree, PolyError> {
        if depth > self.max_depth {
            return Err(self.stuck(Stuck::NoProgress));
        }
        let complete = self.complete(prefix, &set)?;
        if edges.is_empty() && complete {
            return Ok(if set.len() <= 1 {
                Tree::Leaf(set)
            } else {
                Tree::Sequence(set.into_iter().map(|n| Tree::Leaf(vec![n])).collect())
            });
        }
        let pairs: Vec<(usize, usize)> = edges.iter().map(|e| (e.src, e.dst)).collect();
        // Weakly connected components are scheduled apart (seed 001 §6.1), except
        // that maximal fusion keeps unrelated statements in the same loops (seed 004
        // §1.9: a fictitious common outer loop).
        if self.cfg.fuse != FuseMode::Max || complete {
            let comps = weak_components(&set, &pairs);
            if comps.len() > 1 {
                let parts = self.partition(edges, &comps)?;
                let mut children = Vec::with_capacity(comps.len());
                for (comp, part) in comps.into_iter().zip(parts) {
                    children.push(self.schedule(comp, part, prefix, depth + 1)?);
                }
                return Ok(Tree::Set(children));
            }
        }
        let validity: Vec<(usize, usize)> = edges
            .iter()
            .filter(|e| e.kinds.orders())
            .map(|e| (e.src, e.dst))
            .collect();
        let sccs = sccs_topological(&set, &validity);
        if complete {
            if sccs.iter().all(|s| s.len() == 1) {
                return self.sequence(sccs, edges, prefix, depth);
            }
            // A cycle among complete statements: only a carrying row helps.
            return self.feautrier_band(set, edges, prefix, depth);
        }
        if self.cfg.feautrier_only && edges.iter().any(|e| e.kinds.orders()) {
            // Dependences between SCCs are carried at once by ordering the SCCs
            // (what a Feautrier row with only constant terms would do, without
            // an ILP with one carry variable per dependence disjunct).
            if sccs.len() > 1 {
                return self.sequence(sccs, edges, prefix, depth);
            }
            return self.feautrier_band(set, edges, prefix, depth);
        }
        if sccs.len() > 1 {
            match self.cfg.fuse {
                FuseMode::None => return self.sequence(sccs, edges, prefix, depth),
                FuseMode::Smart => return self.cluster(set, edges, prefix, sccs, depth),
                FuseMode::Max => {}
            }
        }
        let forced = usize::from(self.cfg.forced_outer);
        let band = self.pluto_band(&set, &mut edges, prefix, forced)?;
        if band.is_empty() && sccs.len() > 1 {
            return self.cut(sccs, edges, prefix, depth);
        }
        self.band_node(set, edges, prefix, band, depth)
    }

    /// Inserts `band` (a Feautrier step instead if it is empty) and schedules the
    /// rest below it with the dependences it carries dropped.
    fn band_node(
        &mut self,
        set: Vec<usize>,
        edges: Vec<Edge>,
        prefix: &mut Prefix,
        band: Band,
        depth: usize,
    ) -> Result<Tree, PolyError> {
        if band.is_empty() {
            return self.feautrier_band(set, edges, prefix, depth);
        }
        let edges = self.refine(edges, &band)?;
        for &n in &set {
            for row in band.rows_of(n).unwrap_or_default() {
                prefix[n].push(row.c);
            }
        }
        let child = self.schedule(set.clone(), edges, prefix, depth + 1);
        for &n in &set {
            let keep = prefix[n].len().saturating_sub(band.depth());
            prefix[n].truncate(keep);
        }
        Ok(Tree::Band(band, Box::new(child?)))
    }

    fn feautrier_band(
        &mut self,
        set: Vec<usize>,
        mut edges: Vec<Edge>,
        prefix: &mut Prefix,
        depth: usize,
    ) -> Result<Tree, PolyError> {
        let Some(rows) = self.feautrier_row(&set, &mut edges)? else {
            return Err(self.stuck(Stuck::NothingCarries));
        };
        let band = Band {
            nodes: set.clone(),
            rows: vec![rows],
            coincident: vec![false],
        };
        self.band_node(set, edges, prefix, band, depth)
    }

    /// A sequence node over `groups` (in order; every edge between two groups goes
    /// forward), each scheduled on its own.
    fn sequence(
        &mut self,
        groups: Vec<Vec<usize>>,
        edges: Vec<Edge>,
        prefix: &mut Prefix,
        depth: usize,
    ) -> Result<Tree, PolyError> {
        let parts = self.partition(edges, &groups)?;
        let mut children = Vec::with_capacity(groups.len());
        for (g, part) in groups.into_iter().zip(parts) {
            children.push(self.schedule(g, part, prefix, depth + 1)?);
        }
        Ok(if children.len() == 1 {
            children.pop().unwrap_or(Tree::Sequence(Vec::new()))
        } else {
            Tree::Sequence(children)
        })
    }

    /// The cut when maximal fusion finds no common row: between SCCs of different
    /// dimensionality if there are any (Pluto's `cut_scc_dim_based`, seed 004 §7),
    /// else the last SCC (in topological order) is split off, so that the longest
    /// prefix that has common rows stays fused (seed 004 §1.9: when a path of n
    /// statements has no common loop, try its sub-paths of length n − 1).
    fn cut(
        &mut self,
        sccs: Vec<Vec<usize>>,
        edges: Vec<Edge>,
        prefix: &mut Prefix,
        depth: usize,
    ) -> Result<Tree, PolyError> {
        let dim = |s: &Vec<usize>| s.iter().map(|&n| self.nodes[n].dim).max().unwrap_or(0);
        let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
        for scc in &sccs {
            let d = dim(scc);
            match groups.last_mut() {
                Some((gd, g)) if *gd == d => g.extend(scc.iter().copied()),
                _ => groups.push((d, scc.clone())),
            }
        }
        let groups: Vec<Vec<usize>> = if groups.len() > 1 {
            groups.into_iter().map(|(_, g)| g).collect()
        } else {
            let mut sccs = sccs;
            let last = sccs.pop().unwrap_or_default();
            vec![sccs.into_iter().flatten().collect(), last]
        };
        self.sequence(groups, edges, prefix, depth)
    }

    /// Splits `edges` by group; edges between different groups are dropped (the
    /// caller orders the groups so that they hold).
    fn partition(
        &self,
        mut edges: Vec<Edge>,
        groups: &[Vec<usize>],
    ) -> Result<Vec<Vec<Edge>>, PolyError> {
        self.impose_across(&mut edges, groups)?;
        let mut group_of = vec![usize::MAX; self.nodes.len()];
        for (g, members) in groups.iter().enumerate() {
            for &n in members {
                group_of[n] = g;
            }
        }
        let mut parts: Vec<Vec<Edge>> = (0..groups.len()).map(|_| Vec::new()).collect();
        for e in edges {
            let (a, b) = (group_of[e.src], group_of[e.dst]);
            if a == b && a != usize::MAX {
                parts[a].push(e);
            }
        }
        Ok(parts)
    }

    /// The edges that stay live below `band`: the instance pairs that every member
    /// schedules at the same value (seed 004 §1.7: carried dependences are removed,
    /// weakly satisfied ones stay).
    fn refine(&mut self, edges: Vec<Edge>, band: &Band) -> Result<Vec<Edge>, PolyError> {
        let cx = self.cx;
        let maps = self.band_maps(band, 0..band.depth())?;
        // Live ranges the band does not keep local impose their order edges below.
        let pending = edges.iter().any(|e| e.kinds.pending());
        let mut non_local = Vec::new();
        let mut out = Vec::with_capacity(edges.len());
        for e in edges {
            let (Some(fs), Some(ft)) = (maps.get(&e.src), maps.get(&e.dst)) else {
                out.push(e);
                continue;
            };
            let same = same_pairs(cx, fs, ft)?;
            if e.map.is_subset(&same).isl(cx)? {
                out.push(e);
                continue;
            }
            if pending && e.kinds.condition {
                non_local.extend(NonLocal::of(cx, &e, &same)?);
            }
            let map = e.map.intersect(same).isl(cx)?;
            if map.is_empty().isl(cx)? {
                continue;
            }
            out.push(Edge {
                src: e.src,
                dst: e.dst,
                map,
                kinds: e.kinds,
                dual: None,
                group_duals: None,
                hull_dual: None,
            });
        }
        self.impose_next_to(&mut out, &non_local)?;
        Ok(out)
    }

    /// `S[i] -> [rows...]` of every statement of `band`, for the given members.
    pub(crate) fn band_maps(
        &self,
        band: &Band,
        members: std::ops::Range<usize>,
    ) -> Result<HashMap<usize, Map>, PolyError> {
        let mut maps = HashMap::new();
        for &n in &band.nodes {
            let rows = band.rows_of(n).unwrap_or_default();
            maps.insert(n, self.rows_map(n, &rows[members.clone()])?);
        }
        Ok(maps)
    }

    /// `[params] -> { S[i0, ...] -> [(row0), (row1), ...] }`.
    pub(crate) fn rows_map(&self, n: usize, rows: &[graph::Row]) -> Result<Map, PolyError> {
        let cx = self.cx;
        let space = self
            .domain_space(n, self.np)?
            .from_domain()
            .isl(cx)?
            .add_dims(DimType::Out, to_u32(rows.len())?)
            .isl(cx)?;
        let mut list = AffList::alloc(cx.raw(), to_i32(rows.len())?).isl(cx)?;
        for r in rows {
            list = list.add(self.row_aff(n, r)?).isl(cx)?;
        }
        let rows = MultiAff::from_aff_list(space, list).isl(cx)?;
        Map::from_multi_aff(rows).isl(cx)
    }

    /// The row `c·i + d·p + e` of statement `n` as an affine function of its
    /// instances.
    pub(crate) fn row_aff(&self, n: usize, r: &graph::Row) -> Result<Aff, PolyError> {
        self.row_aff_in(n, r, self.np)
    }

    /// The row in the SCoP's own space, size parameters folded into its constant,
    /// for the output tree.
    pub(crate) fn output_row_aff(&self, n: usize, r: &graph::Row) -> Result<Aff, PolyError> {
        let (d, e) = self.symbolic.fold(&r.d, r.e);
        let row = graph::Row {
            c: r.c.clone(),
            d,
            e,
        };
        self.row_aff_in(n, &row, self.output_np())
    }

    /// The output tree's statement domain.
    pub(crate) fn output_domain(&self, n: usize) -> Result<isl_rs::Set, PolyError> {
        self.output_domains[n].copy().isl(self.cx)
    }

    /// Number of the SCoP's own parameters (the first `output_np` of `params`).
    pub(crate) fn output_np(&self) -> usize {
        self.np - self.symbolic.len()
    }

    fn row_aff_in(&self, n: usize, r: &graph::Row, np: usize) -> Result<Aff, PolyError> {
        let cx = self.cx;
        let val = |v: i64| Val::int_from_si(cx.raw(), v).isl(cx);
        let mut aff = Aff::zero_on_domain_space(self.domain_space(n, np)?).isl(cx)?;
        for (k, &c) in r.c.iter().enumerate().take(self.nodes[n].dim) {
            if c != 0 {
                aff = aff
                    .set_coefficient_val(DimType::In, to_i32(k)?, val(c)?)
                    .isl(cx)?;
            }
        }
        for (j, &d) in r.d.iter().enumerate().take(np) {
            if d != 0 {
                aff = aff
                    .set_coefficient_val(DimType::Param, to_i32(j)?, val(d)?)
                    .isl(cx)?;
            }
        }
        if r.e != 0 {
            aff = aff.set_constant_val(val(r.e)?).isl(cx)?;
        }
        Ok(aff)
    }

    /// `[params] -> { S[i0, ...] }`, the space of statement `n`'s instances, with
    /// the first `np` parameters.
    fn domain_space(&self, n: usize, np: usize) -> Result<Space, PolyError> {
        let cx = self.cx;
        let node = &self.nodes[n];
        let mut space = Space::set_alloc(cx.raw(), to_u32(np)?, to_u32(node.dim)?).isl(cx)?;
        for (j, p) in self.params.iter().take(np).enumerate() {
            space = space.set_dim_name(DimType::Param, to_u32(j)?, p).isl(cx)?;
        }
        for (k, i) in node.iters.iter().enumerate() {
            space = space.set_dim_name(DimType::Set, to_u32(k)?, i).isl(cx)?;
        }
        space.set_tuple_name(DimType::Set, &node.name).isl(cx)
    }

    /// `[params] -> { [x0, ...] }` with `n` dimensions: the space of a band's
    /// values in the output tree (the SCoP's own parameters).
    pub(crate) fn output_band_space(&self, n: usize) -> Result<Space, PolyError> {
        let cx = self.cx;
        let np = self.output_np();
        let mut space = Space::set_alloc(cx.raw(), to_u32(np)?, to_u32(n)?).isl(cx)?;
        for (j, p) in self.params.iter().take(np).enumerate() {
            space = space.set_dim_name(DimType::Param, to_u32(j)?, p).isl(cx)?;
        }
        Ok(space)
    }
}

/// The pairs `x -> y` with `fs(x) = ft(y)`: scheduled together by a band whose rows
/// are `fs` and `ft`.
pub(crate) fn same_pairs(cx: &Ctx, fs: &Map, ft: &Map) -> Result<Map, PolyError> {
    fs.copy()
        .isl(cx)?
        .apply_range(ft.copy().isl(cx)?.reverse().isl(cx)?)
        .isl(cx)
}

/// The size of each iterator of `domain` when it is a constant: the maximum of
/// `x'_j - x_j` over pairs of instances that differ only in iterator `j`, whatever
/// the parameters (seed 001 §7.5.2, eq. 98).
fn sizes(cx: &Ctx, domain: &isl_rs::Set, dim: usize) -> Result<Vec<Option<i64>>, PolyError> {
    let space = domain.get_space().isl(cx)?.map_from_set().isl(cx)?;
    let mut out = Vec::with_capacity(dim);
    for j in 0..dim {
        // { S[x] -> S[y] : y_k = x_k for every k != j }
        let mut same_but_j = BasicMap::universe(space.copy().isl(cx)?).isl(cx)?;
        for k in (0..dim).filter(|&k| k != j) {
            let ls = LocalSpace::from_space(space.copy().isl(cx)?).isl(cx)?;
            let eq = Constraint::alloc_equality(ls)
                .isl(cx)?
                .set_coefficient_si(DimType::In, to_i32(k)?, 1)
                .isl(cx)?
                .set_coefficient_si(DimType::Out, to_i32(k)?, -1)
                .isl(cx)?;
            same_but_j = same_but_j.add_constraint(eq).isl(cx)?;
        }
        let pairs = Map::from_basic_map(same_but_j)
            .isl(cx)?
            .intersect_domain(domain.copy().isl(cx)?)
            .isl(cx)?
            .intersect_range(domain.copy().isl(cx)?)
            .isl(cx)?;
        let max = pairs.deltas().isl(cx)?.dim_max_val(to_i32(j)?).isl(cx)?;
        let size = if max.is_int().isl(cx)? {
            ilp::val_to_i64(cx, &max).ok()
        } else {
            None
        };
        out.push(size);
    }
    Ok(out)
}

/// The iterator parts of the equalities of the affine hull of `domain`.
fn hull_rows(cx: &Ctx, domain: &isl_rs::Set, dim: usize) -> Result<Vec<Vec<i64>>, PolyError> {
    let hull = domain.copy().isl(cx)?.affine_hull().isl(cx)?;
    let np = usize::try_from(hull.dim(DimType::Param).isl(cx)?).unwrap_or(0);
    let eqs = hull
        .equalities_matrix(DimType::Set, DimType::Param, DimType::Cst, DimType::Div)
        .isl(cx)?;
    let ncols = eqs.cols().isl(cx)?;
    let first_div = i32::try_from(dim + 1 + np).unwrap_or(i32::MAX);
    let mut rows = Vec::new();
    for r in 0..eqs.rows().isl(cx)? {
        // A stride (`i = 2e`, an equality with a div) fixes nothing: the iterator
        // still needs a row.
        let mut strided = false;
        for c in first_div..ncols {
            strided |= !eqs.get_element_val(r, c).isl(cx)?.is_zero().isl(cx)?;
        }
        if strided {
            continue;
        }
        let mut row = Vec::with_capacity(dim);
        for c in 0..dim {
            let v = eqs
                .get_element_val(r, crate::support::isl::to_i32(c)?)
                .isl(cx)?;
            row.push(ilp::val_to_i64(cx, &v)?);
        }
        if row.iter().any(|&x| x != 0) {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Iterator names `i0, i1, ...`, prefixed with underscores until no parameter has
/// such a name.
fn generated_iterators(params: &[String], dim: usize) -> Vec<String> {
    let mut prefix = "i".to_string();
    while params.iter().any(|p| {
        p.strip_prefix(prefix.as_str())
            .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit()))
    }) {
        prefix.insert(0, '_');
    }
    (0..dim).map(|k| format!("{prefix}{k}")).collect()
}

/// A name isl reads back as a variable (not a keyword).
fn is_identifier(s: &str) -> bool {
    const KEYWORDS: [&str; 14] = [
        "and", "or", "not", "implies", "mod", "floor", "ceil", "exists", "min", "max", "infty",
        "NaN", "true", "false",
    ];
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
        && !KEYWORDS.contains(&s)
}

#[cfg(test)]
mod tests;
