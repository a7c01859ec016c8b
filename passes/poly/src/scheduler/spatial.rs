//! Spatial proximity in the scheduler's ILP (seed 000 §4): the pieces shared by the
//! CPU instance (`scheduler=spatial`, §4.6) and a later GPU instance (§4.7).
//!
//! - line-based access relations (§4.1): the last subscript divided by `C` = line
//!   size / element size; scalars are left out;
//! - access-pattern groups (§4.2, §4.4): per statement, the references to one array
//!   with the same linear part; a group's *temporal* relations join instances that
//!   touch the same element, its *spatial* relations instances that touch the same
//!   line but not the same element, between references whose subscripts differ at
//!   most in the constant of the last one (pattern separation), with the access
//!   completed to full column rank first (access completion);
//! - each relation is kept only when it is uniform (one constant distance vector,
//!   the §6 filter), so its distance under a row `c` is `c·δ`: the bounds of
//!   objective (3) need no parameter part (`u = 0`) and no Farkas dual;
//! - the group order (decreasing access rank, then multiplicity, §4.4) and the
//!   objective rows of (3) and (4) (`band.rs` assembles the ILPs);
//! - the register-pressure measure `h` of §4.6.

use std::collections::HashMap;

use isl_rs::{BasicMap, Constraint as IslConstraint, DimType, LocalSpace, Map, Space};

use crate::error::{PolyError, Stuck, Unsupported};
use crate::model::load::ScopIsl;
use crate::model::scop::ArrayId;
use crate::scheduler::graph::Node;
use crate::scheduler::ilp::Constraint;
use crate::scheduler::layout::Layout;
use crate::scheduler::linalg::rank;
use crate::support::isl::{
    map_in_name, maps_of, single_point, to_i32, to_u32, Ctx, IslResult, SetPoint,
};

/// The spatial preset's parameters (seed 000 §4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SpatialParams {
    /// Cache line size in bytes (§4.1's `C` is this over the element size).
    pub line_bytes: u64,
    /// `h_lim` of the register-pressure heuristic (§4.6).
    pub hlim: u64,
    /// The GPU instance (§4.7) instead of the CPU's (§4.6).
    pub gpu: bool,
}

/// One reference as the scheduler sees it: its statement (node index), array,
/// element size and access relation.
pub(crate) struct Reference {
    pub node: usize,
    pub array: ArrayId,
    pub bytes: u32,
    pub relation: Map,
}

/// An access-pattern group (seed 000 §4.4): the references of one statement to one
/// array with the same linear part (the affine hull without constant terms), with
/// the uniform temporal and spatial proximity relations among them, each as its
/// distance vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    pub node: usize,
    pub array: ArrayId,
    /// The linear part of the subscripts, one row per subscript.
    pub access: Vec<Vec<i64>>,
    /// Number of references (a compound assignment's read and write count twice).
    pub multiplicity: usize,
    pub temporal: Vec<Vec<i64>>,
    pub spatial: Vec<Vec<i64>>,
}

impl Group {
    /// Access rank (§4.4): the subscripts not yet fixed by the rows `known` (the
    /// partial schedule, with the domain's hull equalities): the number of
    /// subscripts less the dimension of the intersection of the two row spaces.
    pub fn rank(&self, known: &[Vec<i64>], dim: usize) -> Option<usize> {
        let a = rank(&self.access, dim)?;
        let t = rank(known, dim)?;
        let mut both = self.access.clone();
        both.extend(known.iter().cloned());
        let at = rank(&both, dim)?;
        let fixed = (a + t).checked_sub(at)?;
        Some(self.access.len().saturating_sub(fixed))
    }

    /// Keeps the relations with zero distance under `row` (§4.3: carried spatial,
    /// and temporal, proximity relations leave the problem). True if any is left.
    pub fn drop_carried(&mut self, row: &[i64]) -> bool {
        let zero = |d: &Vec<i64>| dot(row, d) == 0;
        self.temporal.retain(zero);
        self.spatial.retain(zero);
        !self.temporal.is_empty() || !self.spatial.is_empty()
    }
}

fn dot(a: &[i64], b: &[i64]) -> i64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| x.saturating_mul(*y))
        .fold(0i64, i64::saturating_add)
}

/// The groups of a SCoP and what `h` needs.
#[derive(Clone, Debug, Default)]
pub(crate) struct SpatialModel {
    pub groups: Vec<Group>,
    /// Per node: its number of distinct access relations (§4.6's `h` counts each
    /// unique affine hull once).
    pub distinct_accesses: Vec<usize>,
    pub hlim: u64,
    /// The GPU instance's objectives (§4.7).
    pub gpu: bool,
}

impl SpatialModel {
    /// The groups of the references of `model` (one per tagged access).
    pub fn of_scop(
        cx: &Ctx,
        model: &ScopIsl,
        nodes: &[Node],
        params: SpatialParams,
    ) -> Result<SpatialModel, PolyError> {
        let index: HashMap<&str, usize> = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.name.as_str(), i))
            .collect();
        let mut refs = Vec::new();
        let tagged = [
            &model.tagged_reads,
            &model.tagged_must_writes,
            &model.tagged_may_writes,
        ];
        for accesses in tagged {
            for tagged_relation in maps_of(cx, accesses)? {
                let relation = tagged_relation.domain_factor_domain().isl(cx)?;
                let (Some(stmt), Some(array)) = (map_in_name(&relation), model.array_of(&relation))
                else {
                    continue;
                };
                let Some(&node) = index.get(stmt.as_str()) else {
                    continue;
                };
                let bytes = model.array(array).element_bytes.max(1);
                refs.push(Reference {
                    node,
                    array,
                    bytes,
                    relation,
                });
            }
        }
        SpatialModel::build(cx, nodes, refs, params)
    }

    /// The groups of `refs`, in the order of their first reference.
    pub fn build(
        cx: &Ctx,
        nodes: &[Node],
        refs: Vec<Reference>,
        params: SpatialParams,
    ) -> Result<SpatialModel, PolyError> {
        let mut distinct: Vec<Vec<Map>> = (0..nodes.len()).map(|_| Vec::new()).collect();
        // (node, array, linear part) -> references, element size.
        let mut keyed: Vec<(GroupKey, Vec<Map>, u32)> = Vec::new();
        for r in refs {
            let node = &nodes[r.node];
            let relation = r
                .relation
                .intersect_domain(node.domain.copy().isl(cx)?)
                .isl(cx)?;
            let seen = &mut distinct[r.node];
            let mut new = true;
            for m in seen.iter() {
                if m.is_equal(&relation).isl(cx)? {
                    new = false;
                    break;
                }
            }
            if new {
                seen.push(relation.copy().isl(cx)?);
            }
            // §4.1: scalars (0-d arrays) are excluded.
            let subscripts = usize::try_from(relation.dim(DimType::Out).isl(cx)?).unwrap_or(0);
            if subscripts == 0 {
                continue;
            }
            let Some(linear) = linear_part(cx, &relation, node.dim, subscripts)? else {
                continue;
            };
            let key = (r.node, r.array, linear);
            match keyed.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, maps, _)) => maps.push(relation),
                None => keyed.push((key, vec![relation], r.bytes)),
            }
        }
        let mut groups = Vec::with_capacity(keyed.len());
        for ((node, array, access), maps, bytes) in keyed {
            let per_line = i64::try_from(params.line_bytes / u64::from(bytes)).unwrap_or(1);
            let (temporal, spatial) = relations(cx, &nodes[node], &access, &maps, per_line)?;
            groups.push(Group {
                node,
                array,
                access,
                multiplicity: maps.len(),
                temporal,
                spatial,
            });
        }
        Ok(SpatialModel {
            groups,
            distinct_accesses: distinct.iter().map(Vec::len).collect(),
            hlim: params.hlim,
            gpu: params.gpu,
        })
    }

    /// §4.6's register-pressure measure over the statements `set`: the sum of the
    /// input dimensions of their unique access relations.
    pub fn h(&self, nodes: &[Node], set: &[usize]) -> u64 {
        set.iter()
            .map(|&n| (nodes[n].dim * self.distinct_accesses[n]) as u64)
            .sum()
    }
}

/// Distance vectors of uniform relations.
type Deltas = Vec<Vec<i64>>;

/// What makes a group: statement (node), array, linear part of the subscripts.
type GroupKey = (usize, ArrayId, Vec<Vec<i64>>);

/// The linear part of a single-valued affine access (one row per subscript, one
/// column per iterator), read off how it moves along each iterator; None when a
/// move is not constant (a non-affine or non-uniform access).
fn linear_part(
    cx: &Ctx,
    relation: &Map,
    dim: usize,
    subscripts: usize,
) -> Result<Option<Vec<Vec<i64>>>, PolyError> {
    let mut rows = vec![vec![0i64; dim]; subscripts];
    let space = relation.get_space().isl(cx)?.domain().isl(cx)?;
    for j in 0..dim {
        let mut unit = vec![0i64; dim];
        unit[j] = 1;
        let shift = shift_map(cx, &space, &unit)?;
        let moved = shift
            .apply_domain(relation.copy().isl(cx)?)
            .isl(cx)?
            .apply_range(relation.copy().isl(cx)?)
            .isl(cx)?
            .deltas()
            .isl(cx)?;
        match single_point(cx, moved)? {
            SetPoint::Empty => {}
            SetPoint::Only(v) => {
                for (k, x) in v.into_iter().enumerate() {
                    rows[k][j] = x;
                }
            }
            SetPoint::Varies => return Ok(None),
        }
    }
    Ok(Some(rows))
}

/// `{ S[x] -> S[x + delta] }` on the set space `space`.
fn shift_map(cx: &Ctx, space: &Space, delta: &[i64]) -> Result<Map, PolyError> {
    let mspace = space.copy().isl(cx)?.map_from_set().isl(cx)?;
    let mut m = BasicMap::universe(mspace.copy().isl(cx)?).isl(cx)?;
    for (q, &d) in delta.iter().enumerate() {
        let ls = LocalSpace::from_space(mspace.copy().isl(cx)?).isl(cx)?;
        let c = IslConstraint::alloc_equality(ls)
            .isl(cx)?
            .set_coefficient_si(DimType::Out, to_i32(q)?, 1)
            .isl(cx)?
            .set_coefficient_si(DimType::In, to_i32(q)?, -1)
            .isl(cx)?
            .set_constant_si(i32::try_from(-d).unwrap_or(i32::MIN))
            .isl(cx)?;
        m = m.add_constraint(c).isl(cx)?;
    }
    Map::from_basic_map(m).isl(cx)
}

/// Access completion (§4.2): unit rows prepended, in iterator order, until the
/// access has full column rank. (The seed takes them from a Hermite form; any unit
/// rows that complete the rank separate the same instances.)
fn completion(access: &[Vec<i64>], dim: usize) -> Option<Vec<Vec<i64>>> {
    let mut rows: Vec<Vec<i64>> = access.to_vec();
    let mut out = Vec::new();
    let mut r = rank(&rows, dim)?;
    for j in 0..dim {
        if r == dim {
            break;
        }
        let mut unit = vec![0i64; dim];
        unit[j] = 1;
        rows.push(unit.clone());
        let r2 = rank(&rows, dim)?;
        if r2 > r {
            out.push(unit);
            r = r2;
        } else {
            rows.pop();
        }
    }
    Some(out)
}

/// `S[x] -> [rows·x]` on the domain space of `relation`.
fn rows_map(cx: &Ctx, relation: &Map, rows: &[Vec<i64>]) -> Result<Map, PolyError> {
    let dom = relation.get_space().isl(cx)?.domain().isl(cx)?;
    let out = Space::set_alloc(cx.raw(), 0, to_u32(rows.len())?).isl(cx)?;
    let out = out.align_params(dom.copy().isl(cx)?).isl(cx)?;
    let mspace = dom.map_from_domain_and_range(out).isl(cx)?;
    let mut m = BasicMap::universe(mspace.copy().isl(cx)?).isl(cx)?;
    for (t, row) in rows.iter().enumerate() {
        let ls = LocalSpace::from_space(mspace.copy().isl(cx)?).isl(cx)?;
        let mut c = IslConstraint::alloc_equality(ls)
            .isl(cx)?
            .set_coefficient_si(DimType::Out, to_i32(t)?, -1)
            .isl(cx)?;
        for (j, &x) in row.iter().enumerate() {
            if x != 0 {
                let x = i32::try_from(x).map_err(|_| overflow())?;
                c = c.set_coefficient_si(DimType::In, to_i32(j)?, x).isl(cx)?;
            }
        }
        m = m.add_constraint(c).isl(cx)?;
    }
    Map::from_basic_map(m).isl(cx)
}

/// §4.1's line map on the range of `relation`: `A[a] -> [a_1 .. a_{n-1}, ⌊a_n / C⌋]`
/// (floor; the seed rounds to zero, the same on the non-negative subscripts of
/// in-bounds accesses).
fn line_map(cx: &Ctx, relation: &Map, per_line: i64) -> Result<Map, PolyError> {
    let arr = relation.get_space().isl(cx)?.range().isl(cx)?;
    let n = usize::try_from(arr.dim(DimType::Set).isl(cx)?).unwrap_or(0);
    let out = Space::set_alloc(cx.raw(), 0, to_u32(n)?).isl(cx)?;
    let out = out.align_params(arr.copy().isl(cx)?).isl(cx)?;
    let mspace = arr.map_from_domain_and_range(out).isl(cx)?;
    let mut m = BasicMap::universe(mspace.copy().isl(cx)?).isl(cx)?;
    let c = i32::try_from(per_line).map_err(|_| overflow())?;
    let ls = || LocalSpace::from_space(mspace.copy().isl(cx)?).isl(cx);
    for t in 0..n {
        let t32 = to_i32(t)?;
        if t + 1 < n {
            let eq = IslConstraint::alloc_equality(ls()?)
                .isl(cx)?
                .set_coefficient_si(DimType::Out, t32, 1)
                .isl(cx)?
                .set_coefficient_si(DimType::In, t32, -1)
                .isl(cx)?;
            m = m.add_constraint(eq).isl(cx)?;
        } else {
            // C·o <= a <= C·o + C - 1.
            let lo = IslConstraint::alloc_inequality(ls()?)
                .isl(cx)?
                .set_coefficient_si(DimType::In, t32, 1)
                .isl(cx)?
                .set_coefficient_si(DimType::Out, t32, -c)
                .isl(cx)?;
            let hi = IslConstraint::alloc_inequality(ls()?)
                .isl(cx)?
                .set_coefficient_si(DimType::In, t32, -1)
                .isl(cx)?
                .set_coefficient_si(DimType::Out, t32, c)
                .isl(cx)?
                .set_constant_si(c - 1)
                .isl(cx)?;
            m = m.add_constraint(lo).isl(cx)?.add_constraint(hi).isl(cx)?;
        }
    }
    Map::from_basic_map(m).isl(cx)
}

/// The uniform temporal and spatial relations of one group (§4.2): for each ordered
/// pair of its references `(r, q)`, each instance `x` is related to the first
/// instance `y` after it (in the statement's original order, which is the
/// lexicographic order of its iterators) that touches through `q` the element
/// (temporal) or, for a pair of one pattern, the line but not the element (spatial)
/// that `x` touches through `r`. Only pairs whose distance is one constant vector
/// are kept.
fn relations(
    cx: &Ctx,
    node: &Node,
    access: &[Vec<i64>],
    maps: &[Map],
    per_line: i64,
) -> Result<(Deltas, Deltas), PolyError> {
    let (mut temporal, mut spatial) = (Vec::new(), Vec::new());
    let Some(first) = maps.first() else {
        return Ok((temporal, spatial));
    };
    let dspace = first.get_space().isl(cx)?.domain().isl(cx)?;
    let before = Map::lex_lt(dspace).isl(cx)?;
    let comp = completion(access, node.dim).ok_or_else(overflow)?;
    let lines: Vec<Option<Map>> = if per_line > 1 {
        let mut v = Vec::with_capacity(maps.len());
        for m in maps {
            let line = m
                .copy()
                .isl(cx)?
                .apply_range(line_map(cx, m, per_line)?)
                .isl(cx)?;
            v.push(Some(
                rows_map(cx, m, &comp)?.flat_range_product(line).isl(cx)?,
            ));
        }
        v
    } else {
        maps.iter().map(|_| None).collect()
    };
    let dom = || node.domain.copy().isl(cx);
    let first_after = |pairs: Map| -> Result<Option<Vec<i64>>, PolyError> {
        let pairs = pairs
            .intersect(before.copy().isl(cx)?)
            .isl(cx)?
            .intersect_domain(dom()?)
            .isl(cx)?
            .intersect_range(dom()?)
            .isl(cx)?;
        if pairs.is_empty().isl(cx)? {
            return Ok(None);
        }
        let next = pairs.lexmin().isl(cx)?;
        Ok(match single_point(cx, next.deltas().isl(cx)?)? {
            SetPoint::Only(v) => Some(v),
            SetPoint::Empty | SetPoint::Varies => None,
        })
    };
    for (r, a_r) in maps.iter().enumerate() {
        for (q, a_q) in maps.iter().enumerate() {
            let same_elem = a_r
                .copy()
                .isl(cx)?
                .apply_range(a_q.copy().isl(cx)?.reverse().isl(cx)?)
                .isl(cx)?;
            if let Some(d) = first_after(same_elem.copy().isl(cx)?)? {
                if !temporal.contains(&d) {
                    temporal.push(d);
                }
            }
            let (Some(l_r), Some(l_q)) = (&lines[r], &lines[q]) else {
                continue;
            };
            // Pattern separation: the subscripts may differ only in the constant of
            // the last one.
            let diff = a_r
                .copy()
                .isl(cx)?
                .reverse()
                .isl(cx)?
                .apply_range(a_q.copy().isl(cx)?)
                .isl(cx)?
                .deltas()
                .isl(cx)?;
            let same_pattern = match single_point(cx, diff)? {
                SetPoint::Only(v) => v
                    .split_last()
                    .is_some_and(|(_, o)| o.iter().all(|&x| x == 0)),
                SetPoint::Empty | SetPoint::Varies => false,
            };
            if !same_pattern {
                continue;
            }
            let same_line = l_r
                .copy()
                .isl(cx)?
                .apply_range(l_q.copy().isl(cx)?.reverse().isl(cx)?)
                .isl(cx)?
                .subtract(same_elem)
                .isl(cx)?;
            if let Some(d) = first_after(same_line)? {
                if !spatial.contains(&d) {
                    spatial.push(d);
                }
            }
        }
    }
    Ok((temporal, spatial))
}

fn overflow() -> PolyError {
    Unsupported::Scheduler(Stuck::CoefficientOverflow).into()
}

/// The groups in lexmin priority order before one row (§4.4, §6 "Ordering Access
/// Groups"): decreasing access rank given `known` rows per node (indexed like
/// `slot_of`), then decreasing multiplicity, then first appearance.
pub(crate) fn priority(
    groups: &[Group],
    known: impl Fn(usize) -> Option<(Vec<Vec<i64>>, usize)>,
) -> Vec<usize> {
    let mut keyed: Vec<(usize, usize, usize)> = Vec::with_capacity(groups.len());
    for (k, g) in groups.iter().enumerate() {
        let rank = known(g.node)
            .and_then(|(rows, dim)| g.rank(&rows, dim))
            .unwrap_or(0);
        keyed.push((rank, g.multiplicity, k));
    }
    keyed.sort_by_key(|&(rank, mult, k)| (std::cmp::Reverse(rank), std::cmp::Reverse(mult), k));
    keyed.into_iter().map(|(_, _, k)| k).collect()
}

/// Objective (3)'s rows for one group (§4.3): `w_T >= |c·δ|` over its temporal
/// relations and `w_S >= |c·δ|` over its spatial ones (uniform relations: the
/// parameter parts `u` of the bounds are zero, so they are left out).
pub(crate) fn bound_rows(layout: &Layout, g: &Group, w_t: usize, w_s: usize) -> Vec<Constraint> {
    let mut out = Vec::new();
    for (deltas, w) in [(&g.temporal, w_t), (&g.spatial, w_s)] {
        for d in deltas {
            let dist = layout.along(g.node, d);
            for sign in [1, -1] {
                let mut t = vec![(w, 1)];
                t.extend(dist.iter().map(|&(v, k)| (v, -sign * k)));
                out.push(Constraint::ge(t, 0));
            }
        }
    }
    out
}

/// Objective (4)'s rows for one group (§4.5): `0 <= e <= 1` and `e <= c·δ` for
/// every spatial relation of the group (the group is carried, forward, when `e`
/// is 1).
pub(crate) fn carry_rows(layout: &Layout, g: &Group, e: usize) -> Vec<Constraint> {
    let mut out = vec![Constraint::ge(vec![(e, -1)], 1)];
    for d in &g.spatial {
        let mut t = layout.along(g.node, d);
        t.push((e, -1));
        out.push(Constraint::ge(t, 0));
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    //! Seed 000 §4's small examples, with a line of 4 elements (`C = 4`, the
    //! seed's example value: 32-byte lines of doubles).

    use super::*;
    use crate::scheduler::band::tests::isl;
    use crate::scheduler::band::tests::scheduler;

    const C4: SpatialParams = SpatialParams {
        line_bytes: 32,
        hlim: 32,
        gpu: false,
    };

    /// The groups of one statement `domain` whose references are `accesses`
    /// (isl maps, reads and writes alike).
    pub(crate) fn groups(cx: &Ctx, domain: &str, accesses: &[&str]) -> SpatialModel {
        let sch = scheduler(cx, &["N"], &[domain], isl());
        let refs = accesses
            .iter()
            .map(|text| {
                let relation = cx.parse("access", text, Map::read_from_str).unwrap();
                Reference {
                    node: 0,
                    array: ArrayId::of_letter(
                        &crate::support::isl::map_out_name(&relation).unwrap(),
                    ),
                    bytes: 8,
                    relation,
                }
            })
            .collect();
        SpatialModel::build(cx, &sch.nodes, refs, C4).unwrap()
    }

    /// (array, multiplicity, temporal, spatial) of each group.
    type Summary = (ArrayId, usize, Vec<Vec<i64>>, Vec<Vec<i64>>);

    fn summary(m: &SpatialModel) -> Vec<Summary> {
        m.groups
            .iter()
            .map(|g| {
                (
                    g.array,
                    g.multiplicity,
                    g.temporal.clone(),
                    g.spatial.clone(),
                )
            })
            .collect()
    }

    fn s(a: &str, m: usize, t: &[&[i64]], sp: &[&[i64]]) -> Summary {
        (
            ArrayId::of_letter(a),
            m,
            t.iter().map(|v| v.to_vec()).collect(),
            sp.iter().map(|v| v.to_vec()).collect(),
        )
    }

    #[test]
    fn seed000_s1_pattern_separation_keeps_b_rows_apart() {
        // §4.2, S1: A[i][j] += B[i][j] + B[i-1][j]. B[i][j] and B[i-1][j] have
        // one linear part (one group, multiplicity 2, §4.4) but different
        // patterns: no spatial relation joins them (the seed's first disjunct).
        // Each reference alone is spatially related along j, (0, 1); the two
        // touch the same element one i apart, a temporal relation (1, 0). A's read
        // and write touch the same element in the same instance only: no temporal
        // relation between instances, spatial (0, 1).
        let cx = Ctx::new(0).unwrap();
        let m = groups(
            &cx,
            "[N] -> { S[i, j] : 1 <= i < N and 0 <= j < N }",
            &[
                "[N] -> { S[i, j] -> A[i, j] }",
                "[N] -> { S[i, j] -> B[i, j] }",
                "[N] -> { S[i, j] -> B[i - 1, j] }",
                "[N] -> { S[i, j] -> A[i, j] }",
            ],
        );
        assert_eq!(
            summary(&m),
            [
                s("A", 2, &[], &[&[0, 1]]),
                s("B", 2, &[&[1, 0]], &[&[0, 1]]),
            ]
        );
        // §4.6's h counts A[i][j] once: 3 unique relations of a 2-d statement.
        assert_eq!(
            m.h(
                &scheduler(&cx, &["N"], &["[N] -> { S[i, j] }"], isl()).nodes,
                &[0]
            ),
            6
        );
    }

    #[test]
    fn seed000_s2_different_patterns_are_different_groups() {
        // §4.2, S2: C[i][j] += D[i][k] * D[i][j]. D[i][k] and D[i][j] have
        // different linear parts: two groups, no relation between them (the seed's
        // |k - j| <= C reuse is not modelled). D[i][k] is completed by j: spatial
        // along k, temporal along j; D[i][j] is completed by k: spatial along j,
        // temporal along k; C's read and write: temporal along k, spatial along j.
        let cx = Ctx::new(0).unwrap();
        let m = groups(
            &cx,
            "[N] -> { S[i, j, k] : 0 <= i, j, k < N }",
            &[
                "[N] -> { S[i, j, k] -> C[i, j] }",
                "[N] -> { S[i, j, k] -> D[i, k] }",
                "[N] -> { S[i, j, k] -> D[i, j] }",
                "[N] -> { S[i, j, k] -> C[i, j] }",
            ],
        );
        assert_eq!(
            summary(&m),
            [
                s("C", 2, &[&[0, 0, 1]], &[&[0, 1, 0]]),
                s("D", 1, &[&[0, 1, 0]], &[&[0, 0, 1]]),
                s("D", 1, &[&[0, 0, 1]], &[&[0, 1, 0]]),
            ]
        );
    }

    pub(crate) const MATMUL_DOMAIN: &str = "[N] -> { S[i, j, k] : 0 <= i, j, k < N }";
    pub(crate) const MATMUL_ACCESSES: [&str; 4] = [
        "[N] -> { S[i, j, k] -> C[i, j] }",
        "[N] -> { S[i, j, k] -> A[i, k] }",
        "[N] -> { S[i, j, k] -> B[k, j] }",
        "[N] -> { S[i, j, k] -> C[i, j] }",
    ];

    #[test]
    fn seed000_matmul_completion_drops_the_cross_i_disjunct() {
        // §4.2, access completion: B[k][j] becomes B[i][k][j], so B's spatial
        // relation is (0, 1, 0) only (the seed's second disjunct, across i at a
        // line end, is gone and the relation is uniform). B's temporal reuse is
        // along i; A's spatial along k, temporal along j (§4.4: "spatial reuse on
        // A carried by k as well as on B and C carried by j").
        let cx = Ctx::new(0).unwrap();
        let m = groups(&cx, MATMUL_DOMAIN, &MATMUL_ACCESSES);
        assert_eq!(
            summary(&m),
            [
                s("C", 2, &[&[0, 0, 1]], &[&[0, 1, 0]]),
                s("A", 1, &[&[0, 1, 0]], &[&[0, 0, 1]]),
                s("B", 1, &[&[1, 0, 0]], &[&[0, 1, 0]]),
            ]
        );
    }

    #[test]
    fn seed000_group_order_by_rank_then_multiplicity() {
        // §4.4: before any row, all three matmul groups have rank 2 and C (a
        // compound assignment, multiplicity 2) comes first; once i is scheduled,
        // C[i][j] and A[i][k] have one subscript fixed (rank 1) and B[k][j] none
        // (rank 2): B comes first, then C (multiplicity), then A.
        let cx = Ctx::new(0).unwrap();
        let m = groups(&cx, MATMUL_DOMAIN, &MATMUL_ACCESSES);
        assert_eq!(priority(&m.groups, |_| Some((Vec::new(), 3))), [0, 1, 2]);
        let after_i = |_| Some((vec![vec![1, 0, 0]], 3));
        assert_eq!(priority(&m.groups, after_i), [2, 0, 1]);
        assert_eq!(m.groups[2].rank(&[vec![1, 0, 0]], 3), Some(2));
        assert_eq!(m.groups[0].rank(&[vec![1, 0, 0]], 3), Some(1));
        assert_eq!(
            m.groups[0].rank(&[vec![1, 0, 0], vec![0, 1, 0]], 3),
            Some(0)
        );
    }

    #[test]
    fn line_of_one_element_has_no_spatial_relation() {
        // C = 1 (an element as large as a line): same line means same element.
        let cx = Ctx::new(0).unwrap();
        let sch = scheduler(&cx, &["N"], &[MATMUL_DOMAIN], isl());
        let refs = vec![Reference {
            node: 0,
            array: ArrayId::of_letter("B"),
            bytes: 64,
            relation: cx
                .parse("access", MATMUL_ACCESSES[2], Map::read_from_str)
                .unwrap(),
        }];
        let m = SpatialModel::build(&cx, &sch.nodes, refs, C4).unwrap();
        assert_eq!(m.groups[0].spatial, Vec::<Vec<i64>>::new());
        assert_eq!(m.groups[0].temporal, [vec![1, 0, 0]]);
    }
}
