//! The spatial-locality model of a band (seed 000 §4.1–4.5, measured on the final
//! schedule rather than built into the ILP): how each access moves when one band
//! member advances by one iteration. Post-tile reordering ([`super::intra_tile`])
//! and the tile-size model ([`super::tile_size`]) read it.
//!
//! The move is measured exactly: with `Θ` a statement's full schedule (prefix, band
//! and subtree), the instance pairs `x -> x'` with `Θ(x') = Θ(x) + e_p` are the ones
//! one iteration of member `p` apart, and an access `A` moves by the deltas
//! `A(x') - A(x)`. A cache line holds `line size / element size` elements of an
//! array (seed 000 §4.1).

use std::collections::HashMap;

use isl_rs::{
    BasicMap, Constraint, DimType, LocalSpace, Map, Schedule, ScheduleNode, ScheduleNodeType, Set,
};

use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::scop::ArrayId;
use crate::support::isl::{map_in_name, maps_of, single_point, to_i32, Ctx, IslResult, SetPoint};
use crate::support::schedule_tree::{n_children, n_members, node_type};

/// The extent assumed for a member when sizing the data between two uses: the sizes
/// are parameters, and the suite's LARGE sizes are 1000 to 3000.
pub(crate) const NOMINAL_EXTENT: i64 = 2048;

/// One access of a statement, with its array's element size and how many elements
/// one cache line holds.
struct AccessInfo {
    relation: Map,
    array: ArrayId,
    write: bool,
    bytes: u32,
    per_line: i64,
}

/// The accesses of each statement.
pub(crate) struct Locality {
    by_statement: HashMap<String, Vec<AccessInfo>>,
    /// Whether the SCoP streams its matrices ([`is_streaming`]).
    pub streaming: bool,
}

impl Locality {
    /// The access relations of statement `stmt`, `S[..] -> A[..]`, one per reference.
    pub fn accesses<'a>(&'a self, stmt: &str) -> impl Iterator<Item = &'a Map> + 'a {
        self.by_statement
            .get(stmt)
            .into_iter()
            .flatten()
            .map(|a| &a.relation)
    }

    /// The access relations of statement `stmt`, one per reference, each with
    /// whether it writes.
    pub fn references<'a>(&'a self, stmt: &str) -> impl Iterator<Item = (&'a Map, bool)> + 'a {
        self.by_statement
            .get(stmt)
            .into_iter()
            .flatten()
            .map(|a| (&a.relation, a.write))
    }

    /// Reads and writes of `model` ([`references_of`]); an array without a known
    /// element size counts as 8 bytes per element.
    pub fn new(cx: &Ctx, model: &ScopIsl, line_bytes: u64) -> Result<Locality, PolyError> {
        let mut by_statement: HashMap<String, Vec<AccessInfo>> = HashMap::new();
        for reference in references_of(cx, model, None)? {
            let bytes = model.array(reference.array).element_bytes.max(1);
            let per_line = i64::try_from(line_bytes / u64::from(bytes))
                .unwrap_or(1)
                .max(1);
            by_statement
                .entry(reference.stmt)
                .or_default()
                .push(AccessInfo {
                    relation: reference.relation,
                    array: reference.array,
                    write: reference.write,
                    bytes,
                    per_line,
                });
        }
        Ok(Locality {
            by_statement,
            streaming: is_streaming(cx, model)?,
        })
    }
}

/// One reference of a statement: its access relation `S[..] -> A[..]`.
pub(crate) struct Reference {
    pub stmt: String,
    pub relation: Map,
    pub array: ArrayId,
    pub write: bool,
}

/// The references of `model`, or of its statement `only`, one per reference (the
/// tagged accesses: an untagged union map merges a statement's references to one
/// array).
pub(crate) fn references_of(
    cx: &Ctx,
    model: &ScopIsl,
    only: Option<&str>,
) -> Result<Vec<Reference>, PolyError> {
    let tagged = [
        &model.tagged_reads,
        &model.tagged_must_writes,
        &model.tagged_may_writes,
    ];
    let mut out = Vec::new();
    for (k, accesses) in tagged.into_iter().enumerate() {
        for tagged_relation in maps_of(cx, accesses)? {
            let relation = tagged_relation.domain_factor_domain().isl(cx)?;
            let (Some(stmt), Some(array)) = (map_in_name(&relation), model.array_of(&relation))
            else {
                continue;
            };
            if only.is_some_and(|s| s != stmt) {
                continue;
            }
            out.push(Reference {
                stmt,
                relation,
                array,
                write: k > 0,
            });
        }
    }
    Ok(out)
}

/// How an access moves when one member advances by one iteration, the others fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    /// The member does not iterate the statement (it is constant there).
    Still,
    /// By this constant vector of subscripts (all zero: the same element).
    By(Vec<i64>),
    /// By an amount that is not one constant vector.
    Unknown,
}

/// How an access moves along a member, for the cache (seed 000 §4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The same element: temporal reuse.
    Same,
    /// Along the last subscript, within one cache line: spatial reuse.
    InLine,
    /// To another line, or unknown.
    Miss,
    /// The member does not move the statement.
    Still,
}

/// One access as seen from a band: its moves along each member.
#[derive(Clone, Debug)]
pub(crate) struct AccessProfile {
    /// The statement's tuple name.
    pub stmt: String,
    pub array: ArrayId,
    pub write: bool,
    pub bytes: u32,
    pub per_line: i64,
    /// One per band member.
    pub moves: Vec<Move>,
}

impl AccessProfile {
    pub fn step(&self, member: usize) -> Step {
        match &self.moves[member] {
            Move::Still => Step::Still,
            Move::Unknown => Step::Miss,
            Move::By(delta) => match delta.split_last() {
                None => Step::Same,
                Some((last, outer)) if outer.iter().all(|&v| v == 0) => match last.abs() {
                    0 => Step::Same,
                    s if s < self.per_line => Step::InLine,
                    _ => Step::Miss,
                },
                Some(_) => Step::Miss,
            },
        }
    }
}

/// What the accesses under a band do along one member.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Score {
    pub misses: usize,
    pub in_line: usize,
    pub same: usize,
}

/// The [`Score`] of each of `n` members.
pub(crate) fn scores(profile: &[AccessProfile], n: usize) -> Vec<Score> {
    let mut scores = vec![Score::default(); n];
    for access in profile {
        for (d, score) in scores.iter_mut().enumerate() {
            match access.step(d) {
                Step::Same => score.same += 1,
                Step::InLine => score.in_line += 1,
                Step::Miss => score.misses += 1,
                Step::Still => {}
            }
        }
    }
    scores
}

/// The [`AccessProfile`] of every access of every statement below the band at
/// `node` (of `n` members).
pub(crate) fn band_profile(
    cx: &Ctx,
    node: &ScheduleNode,
    loc: &Locality,
    n: usize,
) -> Result<Vec<AccessProfile>, PolyError> {
    let mut profile = Vec::new();
    let mut subtree: HashMap<String, Map> = HashMap::new();
    for map in maps_of(cx, &node.get_subtree_schedule_union_map().isl(cx)?)? {
        if let Some(name) = map_in_name(&map) {
            subtree.insert(name, map);
        }
    }
    for prefix in maps_of(cx, &node.get_prefix_schedule_union_map().isl(cx)?)? {
        let Some(name) = map_in_name(&prefix) else {
            continue;
        };
        let (Some(below), Some(accesses)) = (subtree.remove(&name), loc.by_statement.get(&name))
        else {
            continue;
        };
        let outer = usize::try_from(prefix.dim(DimType::Out).isl(cx)?).unwrap_or(0);
        let full = prefix.flat_range_product(below).isl(cx)?;
        let mut nexts = Vec::with_capacity(n);
        for d in 0..n {
            nexts.push(next_iteration(cx, &full, outer + d)?);
        }
        for access in accesses {
            let mut moves = Vec::with_capacity(n);
            for next in &nexts {
                moves.push(access_move(cx, next, &access.relation)?);
            }
            profile.push(AccessProfile {
                stmt: name.clone(),
                array: access.array,
                write: access.write,
                bytes: access.bytes,
                per_line: access.per_line,
                moves,
            });
        }
    }
    Ok(profile)
}

/// `{ x -> x' : Θ(x') = Θ(x) + e_p }` for a statement's full schedule `Θ` (`theta`).
fn next_iteration(cx: &Ctx, theta: &Map, p: usize) -> Result<Map, PolyError> {
    let dims = usize::try_from(theta.dim(DimType::Out).isl(cx)?).unwrap_or(0);
    let space = theta
        .get_space()
        .isl(cx)?
        .range()
        .isl(cx)?
        .map_from_set()
        .isl(cx)?;
    let mut shift = BasicMap::universe(space.copy().isl(cx)?).isl(cx)?;
    for q in 0..dims {
        let ls = LocalSpace::from_space(space.copy().isl(cx)?).isl(cx)?;
        let c = Constraint::alloc_equality(ls)
            .isl(cx)?
            .set_coefficient_si(DimType::Out, to_i32(q)?, 1)
            .isl(cx)?
            .set_coefficient_si(DimType::In, to_i32(q)?, -1)
            .isl(cx)?
            .set_constant_si(if q == p { -1 } else { 0 })
            .isl(cx)?;
        shift = shift.add_constraint(c).isl(cx)?;
    }
    let back = theta.copy().isl(cx)?.reverse().isl(cx)?;
    theta
        .copy()
        .isl(cx)?
        .apply_range(Map::from_basic_map(shift).isl(cx)?)
        .isl(cx)?
        .apply_range(back)
        .isl(cx)
}

/// How `access` moves between the instance pairs of `next`.
fn access_move(cx: &Ctx, next: &Map, access: &Map) -> Result<Move, PolyError> {
    let deltas = next
        .copy()
        .isl(cx)?
        .apply_domain(access.copy().isl(cx)?)
        .isl(cx)?
        .apply_range(access.copy().isl(cx)?)
        .isl(cx)?
        .deltas()
        .isl(cx)?;
    constant_vector(cx, deltas)
}

/// The one vector of `deltas` when it is a constant.
fn constant_vector(cx: &Ctx, deltas: Set) -> Result<Move, PolyError> {
    Ok(match single_point(cx, deltas)? {
        SetPoint::Empty => Move::Still,
        SetPoint::Only(v) => Move::By(v),
        SetPoint::Varies => Move::Unknown,
    })
}

/// The cost model's measure of a schedule (issue 9 item 7): over every band with no
/// band below it, the accesses that leave their cache line along its innermost
/// member. Fewer is better: those loops run most often, and what they miss is
/// missed on every iteration.
pub(crate) fn innermost_misses(
    cx: &Ctx,
    schedule: &Schedule,
    loc: &Locality,
) -> Result<usize, PolyError> {
    let mut total = 0;
    leaf_band_misses(cx, schedule.get_root().isl(cx)?, loc, &mut total)?;
    Ok(total)
}

/// Adds the misses of the leaf bands under `node` to `total`; returns whether
/// `node`'s subtree has a band.
fn leaf_band_misses(
    cx: &Ctx,
    node: ScheduleNode,
    loc: &Locality,
    total: &mut usize,
) -> Result<bool, PolyError> {
    let mut band_below = false;
    for i in 0..n_children(cx, &node)? {
        let child = node.copy().isl(cx)?.child(i).isl(cx)?;
        band_below |= leaf_band_misses(cx, child, loc, total)?;
    }
    if node_type(cx, &node)? != ScheduleNodeType::Band {
        return Ok(band_below);
    }
    if !band_below {
        let n = n_members(cx, &node)?;
        if n > 0 {
            let profile = band_profile(cx, &node, loc, n)?;
            *total += scores(&profile, n)[n - 1].misses;
        }
    }
    Ok(true)
}

/// The bytes each iteration of the tree's outermost loop walks again, when that
/// loop is sequential and some arrays' accesses stay on their elements along it (a
/// time loop: jacobi-2d's and fdtd-2d's `t`, every access but `fict[t]`): those
/// arrays at [`NOMINAL_EXTENT`] elements per dimension. `None` when the tree does not
/// start with such a loop. Each time step then streams those arrays through the
/// cache once, the traffic time tiles save (seed 004 §1.12).
pub(crate) fn time_loop_bytes(
    cx: &Ctx,
    schedule: &Schedule,
    loc: &Locality,
    model: &ScopIsl,
) -> Result<Option<u64>, PolyError> {
    let root = schedule.get_root().isl(cx)?;
    if n_children(cx, &root)? != 1 {
        return Ok(None);
    }
    let node = root.child(0).isl(cx)?;
    if node_type(cx, &node)? != ScheduleNodeType::Band
        || node.band_member_get_coincident(0).isl(cx)?
    {
        return Ok(None);
    }
    let n = n_members(cx, &node)?;
    let profile = band_profile(cx, &node, loc, n)?;
    let mut reused: Vec<ArrayId> = Vec::new();
    let mut moving: Vec<ArrayId> = Vec::new();
    for access in &profile {
        match access.step(0) {
            Step::Same => reused.push(access.array),
            _ => moving.push(access.array),
        }
    }
    reused.retain(|a| !moving.contains(a));
    reused.sort();
    reused.dedup();
    if reused.is_empty() {
        return Ok(None);
    }
    let nominal = NOMINAL_EXTENT.unsigned_abs();
    let bytes = reused
        .iter()
        .map(|&a| {
            let array = model.array(a);
            nominal
                .saturating_pow(u32::try_from(array.dims).unwrap_or(u32::MAX))
                .saturating_mul(u64::from(array.element_bytes.max(1)))
        })
        .fold(0u64, u64::saturating_add);
    Ok(Some(bytes))
}

/// Whether each access touches every element of its matrix (an array of two or
/// more dimensions) at most once: a streaming SCoP, like the matrix-vector kernels.
/// Where an element is reused (an outer `k` or time loop), the traffic is the
/// tiling's business and [`matrix_sweeps`] says little.
pub(crate) fn is_streaming(cx: &Ctx, model: &ScopIsl) -> Result<bool, PolyError> {
    for map in maps_of(cx, &model.accesses(cx)?)? {
        let matrix = model
            .array_of(&map)
            .is_some_and(|a| model.array(a).dims >= 2);
        if matrix && !map.is_injective().isl(cx)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// How many times the schedule walks the SCoP's matrices: for every array of two or
/// more dimensions, the number of outermost parts of the tree (children of a
/// top-level sequence or set, or the whole tree) that access it. A matrix that two
/// parts access is streamed from memory twice when it exceeds the cache, which its
/// parametric size does not rule out (bicg's `A`, read by the `s` and the `q` sweeps
/// once isl distributes them). Meaningful for a streaming SCoP ([`is_streaming`]).
pub(crate) fn matrix_sweeps(
    cx: &Ctx,
    schedule: &Schedule,
    model: &ScopIsl,
) -> Result<usize, PolyError> {
    let accesses = model.accesses(cx)?;
    let mut node = schedule.get_root().isl(cx)?;
    while n_children(cx, &node)? == 1
        && !matches!(
            node_type(cx, &node)?,
            ScheduleNodeType::Sequence | ScheduleNodeType::Set
        )
    {
        node = node.child(0).isl(cx)?;
    }
    let parts: Vec<ScheduleNode> = match node_type(cx, &node)? {
        ScheduleNodeType::Sequence | ScheduleNodeType::Set => (0..n_children(cx, &node)?)
            .map(|i| node.copy().isl(cx)?.child(i).isl(cx))
            .collect::<Result<_, _>>()?,
        _ => vec![node],
    };
    let mut sweeps = 0;
    for part in parts {
        let instances = match node_type(cx, &part)? {
            ScheduleNodeType::Filter => part.filter_get_filter().isl(cx)?,
            _ => part.get_domain().isl(cx)?,
        };
        let under = accesses
            .copy()
            .isl(cx)?
            .intersect_domain(instances)
            .isl(cx)?;
        let mut matrices: Vec<ArrayId> = Vec::new();
        for map in maps_of(cx, &under)? {
            if let Some(a) = model.array_of(&map) {
                if model.array(a).dims >= 2 && !map.is_empty().isl(cx)? && !matrices.contains(&a) {
                    matrices.push(a);
                }
            }
        }
        sweeps += matrices.len();
    }
    Ok(sweeps)
}
