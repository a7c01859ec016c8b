//! Unroll-and-jam around reduction chains (issue 9, item 4 for the matrix-vector
//! kernels). A loop `i` whose iterations each run a chain of dependent additions
//! along an inner loop `j` into a scalar (bicg's `q[i] = Σ_j A[i][j] p[j]`, atax's
//! `tmp`, gesummv's two sums) runs at the latency of one addition per `j` step: the
//! chain can't be reassociated, so nothing vectorizes it. Unrolling `i` by `B` and
//! jamming the copies into `j` runs `B` independent chains side by side, which fills
//! the floating-point pipes without changing any single chain's order.
//!
//! The tree edit: the band member `i` becomes `floor(i / B)` (a band of its own, the
//! block loop), and `i mod B` goes down to every leaf below it as a band that AST
//! generation unrolls. Each copy then needs a scalar of its own: the scalars written
//! by the chains are *expanded* to `B` slots, slot `i mod B` ([`expansions`]), which
//! is sound when every live range of the scalar stays within one value of `i` (then
//! each read still sees the write it saw). `pipeline::finish` re-verifies the edited
//! tree against the dependences of the expanded model, and keeps the tree it was
//! given when that fails.
//!
//! Where the copies would meet (trisolv's block of rows: row `i + 1` reads `x[i]` at
//! `j = i`, before row `i`'s last statement writes it), [`late_instances`] finds,
//! in each block, the first position of the inner loop that a reversed pair
//! touches; the jam then keeps the instances before it (there the rows are a
//! product: each reads only what earlier blocks finished) and runs the rest of the
//! block after them in the original order, as Pluto's wavefront tiles leave the
//! diagonal tile unjammed (seed 004, §1.10 on unroll-and-jam after tiling).

use isl_rs::{
    ASTLoopType, Aff, DimType, LocalSpace, Map, MultiUnionPwAff, ScheduleNode, ScheduleNodeType,
    UnionMap, UnionSet, UnionSetList, Val,
};

use crate::analysis::privatization::Conflicts;
use crate::error::{Invariant, PolyError, Violation};
use crate::model::load::ScopIsl;
use crate::model::notes::Jam;
use crate::model::scop::{ArrayId, ScalarExpansion};
use crate::register_block::tree::REGISTER_BLOCK_MARK;
use crate::support::isl::{
    id_name, map_in_name, map_out_name, maps_of, numbered_id, to_i32, union_into, Ctx, IslResult,
};
use crate::support::schedule_tree::{
    equal_under, member_map, n_members, node_type, prefix_of, walk_children,
};
use crate::transform::locality::is_streaming;
use crate::transform::parallel::COLLAPSED_PARALLEL_MARK;

/// The mark between a jammed block loop and its subtree; the block size follows
/// the prefix (`unroll-jam-4`), so that a printed tree can be replayed.
pub const JAM_MARK_PREFIX: &str = "unroll-jam-";

/// The block size of a jam mark named `name`, if it is one.
pub(crate) fn jam_block(name: &str) -> Option<i64> {
    name.strip_prefix(JAM_MARK_PREFIX)?
        .parse()
        .ok()
        .filter(|&b| b > 1)
}

/// Jams the innermost member of every band that has chains below it (see the
/// module) so that about `chains` of them run side by side: by `chains` divided by
/// the chains one iteration already runs (gesummv's two sums: by 2), and not at all
/// when that is below 2. The instances in `late` ([`late_instances`]) run after
/// the jammed part of their block, in the original order. Returns the tree and what
/// was jammed, for the remark (None when nothing was).
pub(crate) fn jam(
    cx: &Ctx,
    schedule: isl_rs::Schedule,
    model: &ScopIsl,
    conflicts: &Conflicts,
    chains: i64,
    late: Option<&UnionSet>,
) -> Result<(isl_rs::Schedule, Option<Jam>), PolyError> {
    let mut jammed = Jammed {
        streaming: is_streaming(cx, model)?,
        ..Jammed::default()
    };
    let root = schedule.get_root().isl(cx)?;
    let root = walk(cx, root, model, conflicts, chains, late, &mut jammed)?;
    let what = (jammed.loops > 0).then(|| Jam {
        loops: jammed.loops,
        arrays: (jammed.arrays.iter())
            .map(|&a| model.array(a).name.clone())
            .collect(),
        blocks: jammed.blocks.clone(),
        split: jammed.split,
    });
    Ok((root.get_schedule().isl(cx)?, what))
}

/// What [`jam`] jammed: loops, the chains' scalars and the distinct unroll factors.
#[derive(Default)]
struct Jammed {
    loops: usize,
    arrays: Vec<ArrayId>,
    blocks: Vec<i64>,
    /// Some jammed band had late instances under it.
    split: bool,
    /// The SCoP streams its matrices ([`is_streaming`]): element chains are jammed
    /// under parallel members too.
    streaming: bool,
}

fn walk(
    cx: &Ctx,
    node: ScheduleNode,
    model: &ScopIsl,
    conflicts: &Conflicts,
    chains: i64,
    late: Option<&UnionSet>,
    jammed: &mut Jammed,
) -> Result<ScheduleNode, PolyError> {
    let node = match node_type(cx, &node)? {
        ScheduleNodeType::Mark => {
            let name = id_name(&node.mark_get_id().isl(cx)?);
            if name.as_deref() == Some(REGISTER_BLOCK_MARK)
                || name.as_deref().and_then(jam_block).is_some()
            {
                return Ok(node);
            }
            node
        }
        ScheduleNodeType::Band => {
            let (node, arrays) = match chain_arrays(cx, &node, model, conflicts, jammed.streaming)?
            {
                Some(arrays) => (node, Some(arrays)),
                // A band whose innermost member is the chains' loop (atax from C:
                // one band (i, j) over `tmp[i] = 0` and `tmp[i] += A[i][j] * x[j]`):
                // the member before it is the one to jam, over the rest split off.
                None => {
                    let n = n_members(cx, &node)?;
                    let split = if n >= 2 {
                        let split = node.copy().isl(cx)?.band_split(to_i32(n - 1)?).isl(cx)?;
                        chain_arrays(cx, &split, model, conflicts, jammed.streaming)?
                            .map(|arrays| (split, arrays))
                    } else {
                        None
                    };
                    match split {
                        Some((split, arrays)) => (split, Some(arrays)),
                        None => (node, None),
                    }
                }
            };
            if let Some(arrays) = arrays {
                // Chains side by side, not copies: with more than one chain per
                // iteration, 4 copies of gesummv's two made LLVM's SLP vectorizer
                // gather the rows (docs/architecture-decisions.md).
                let block = chains / i64::try_from(arrays.len()).unwrap_or(i64::MAX);
                if block < 2 {
                    return Ok(node);
                }
                jammed.loops += 1;
                for a in arrays {
                    if !jammed.arrays.contains(&a) {
                        jammed.arrays.push(a);
                    }
                }
                if !jammed.blocks.contains(&block) {
                    jammed.blocks.push(block);
                }
                let (node, split) = apply(cx, node, block, late)?;
                jammed.split |= split;
                return Ok(node);
            }
            node
        }
        _ => node,
    };
    walk_children(cx, node, |cx, child| {
        walk(cx, child, model, conflicts, chains, late, jammed)
    })
}

/// The scalars whose chains jamming the band's innermost member would run side by
/// side, when it qualifies: there is code below the band, the member is one loop
/// iterator of every statement under it (so that the slot is that iterator modulo
/// the block), no register block is below, and some scalar private at the member has
/// a chain: a live range from a statement to itself (an accumulation) inside one
/// iteration, hence along a loop below; or an array in memory has chains of its
/// own elements ([`element_chains`]), under a parallel member only when the SCoP
/// is `streaming`.
fn chain_arrays(
    cx: &Ctx,
    node: &ScheduleNode,
    model: &ScopIsl,
    conflicts: &Conflicts,
    streaming: bool,
) -> Result<Option<Vec<ArrayId>>, PolyError> {
    let n = n_members(cx, node)?;
    if n == 0 || node_type(cx, &node.get_child(0).isl(cx)?)? == ScheduleNodeType::Leaf {
        return Ok(None);
    }
    if node.has_parent().isl(cx)? {
        let parent = node.copy().isl(cx)?.parent().isl(cx)?;
        if node_type(cx, &parent)? == ScheduleNodeType::Mark
            && id_name(&parent.mark_get_id().isl(cx)?).as_deref() == Some(COLLAPSED_PARALLEL_MARK)
        {
            return Ok(None);
        }
    }
    if has_register_block(cx, node.copy().isl(cx)?)? {
        return Ok(None);
    }
    let m = n - 1;
    let partial = node.band_get_partial_schedule().isl(cx)?;
    if iterator_dims(cx, &member_map(cx, &partial, m)?, 1)?.is_none() {
        return Ok(None);
    }
    let private = conflicts.private_at(cx, node, m)?;
    let domain = node.get_domain().isl(cx)?;
    let mut arrays = Vec::new();
    for p in conflicts
        .private
        .iter()
        .filter(|p| private.contains(&p.array))
    {
        let under = p
            .flow
            .copy()
            .isl(cx)?
            .intersect_domain(domain.copy().isl(cx)?)
            .isl(cx)?
            .intersect_range(domain.copy().isl(cx)?)
            .isl(cx)?;
        let chain = maps_of(cx, &under)?
            .iter()
            .any(|map| map_in_name(map).is_some() && map_in_name(map) == map_out_name(map));
        if chain {
            arrays.push(p.array);
        }
    }
    // Element chains under a parallel member only in a streaming SCoP, where each
    // chain reads a stream of its own and the copies' loads overlap: atax's
    // `tmp[i] += A[i][j] * x[j]` from C under its parallel `i`, LARGE, two threads:
    // 7.5 -> 6.4 ms, 5.2 ms with its second sweep in strips (mvt 7.2 -> 4.9 ms with
    // both). nussinov's max chains, in tiles for chains already, ran 1.27 -> 2.27 s
    // jammed from C (docs/architecture-decisions.md).
    let parallel = node.band_member_get_coincident(to_i32(m)?).isl(cx)?;
    for array in if parallel && !streaming {
        Vec::new()
    } else {
        element_chains(cx, node, model)?
    } {
        if !arrays.contains(&array) && !conflicts.private.iter().any(|p| p.array == array) {
            arrays.push(array);
        }
    }
    Ok((!arrays.is_empty()).then_some(arrays))
}

/// Arrays in memory whose elements carry the chains: a statement below the band
/// reads and writes one element over and over along the loops below it (bicg's
/// `q[i] = q[i] + A[i][j] * p[j]` from C, where no front end put the sum in a
/// scalar), while different iterations of the band, under the same outer
/// iterations, never write the same element. The copies of a jam then touch
/// elements of their own and need no slots; scalar replacement in the innermost
/// loop keeps each copy's element in a register (docs/architecture-decisions.md,
/// "Scalar replacement in every innermost loop").
fn element_chains(
    cx: &Ctx,
    node: &ScheduleNode,
    model: &ScopIsl,
) -> Result<Vec<ArrayId>, PolyError> {
    let domain = node.get_domain().isl(cx)?;
    let outer = prefix_of(cx, node)?;
    let band = UnionMap::from_multi_union_pw_aff(node.band_get_partial_schedule().isl(cx)?)
        .isl(cx)?
        .intersect_domain(domain.copy().isl(cx)?)
        .isl(cx)?;
    let prefix = outer.copy().isl(cx)?.flat_range_product(band).isl(cx)?;
    let same_outer = equal_under(cx, &outer)?;
    let same_iteration = equal_under(cx, &prefix)?;
    let itself = domain.copy().isl(cx)?.identity().isl(cx)?;
    let under = |accesses: &UnionMap| -> Result<Vec<Map>, PolyError> {
        maps_of(
            cx,
            &accesses
                .copy()
                .isl(cx)?
                .intersect_domain(domain.copy().isl(cx)?)
                .isl(cx)?,
        )
    };
    let reads = under(&model.reads)?;
    let writes = under(&model.must_writes)?;
    let mut out: Vec<ArrayId> = Vec::new();
    for write in &writes {
        let Some(array) = model.array_of(write) else {
            continue;
        };
        if out.contains(&array) || model.array(array).dims == 0 {
            continue;
        }
        // The statement reads what it writes: an accumulation, not a plain store.
        let accumulates = reads.iter().any(|read| {
            map_in_name(read) == map_in_name(write)
                && model.array_of(read) == Some(array)
                && read
                    .copy()
                    .and_then(|r| r.intersect(write.copy()?))
                    .and_then(|both| both.is_empty())
                    .is_ok_and(|empty| !empty)
        });
        if !accumulates {
            continue;
        }
        let same_element = equal_under(cx, &UnionMap::from_map(write.copy().isl(cx)?).isl(cx)?)?;
        let chain = same_element
            .copy()
            .isl(cx)?
            .intersect(same_iteration.copy().isl(cx)?)
            .isl(cx)?
            .subtract(itself.copy().isl(cx)?)
            .isl(cx)?;
        if chain.is_empty().isl(cx)? {
            continue;
        }
        // Every write of the array under the band, not only this statement's.
        let all_writes = writes
            .iter()
            .filter(|w| model.array_of(w) == Some(array))
            .try_fold(UnionMap::empty_ctx(cx.raw()).isl(cx)?, |acc, w| {
                acc.add_map(w.copy().isl(cx)?).isl(cx)
            })?;
        let across = equal_under(cx, &all_writes)?
            .intersect(same_outer.copy().isl(cx)?)
            .isl(cx)?
            .subtract(same_iteration.copy().isl(cx)?)
            .isl(cx)?;
        if across.is_empty().isl(cx)? {
            out.push(array);
        }
    }
    Ok(out)
}

/// Whether a register-block mark is at or below `node`.
fn has_register_block(cx: &Ctx, node: ScheduleNode) -> Result<bool, PolyError> {
    if node_type(cx, &node)? == ScheduleNodeType::Mark
        && id_name(&node.mark_get_id().isl(cx)?).as_deref() == Some(REGISTER_BLOCK_MARK)
    {
        return Ok(true);
    }
    for i in 0..node.n_children().isl(cx)? {
        if has_register_block(cx, node.get_child(i).isl(cx)?)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// For a member given as `S[x] -> [v]` per statement: when every `v` is
/// `floor(x_d / divisor)` for one iterator `x_d` of its statement, those `d` by
/// statement name (`divisor` 1: the iterator itself).
fn iterator_dims(
    cx: &Ctx,
    member: &UnionMap,
    divisor: i64,
) -> Result<Option<Vec<(String, usize)>>, PolyError> {
    let mut out = Vec::new();
    for map in maps_of(cx, member)? {
        let Some(stmt) = map_in_name(&map) else {
            return Ok(None);
        };
        let dims = map.dim(DimType::In).isl(cx)?;
        let domain = map.copy().isl(cx)?.domain().isl(cx)?;
        let space = domain.get_space().isl(cx)?;
        let mut found = None;
        for d in 0..u32::try_from(dims).unwrap_or(0) {
            let ls = LocalSpace::from_space(space.copy().isl(cx)?).isl(cx)?;
            let mut aff = Aff::var_on_domain(ls, DimType::Set, d).isl(cx)?;
            if divisor > 1 {
                aff = aff
                    .scale_down_val(Val::int_from_si(cx.raw(), divisor).isl(cx)?)
                    .isl(cx)?
                    .floor()
                    .isl(cx)?;
            }
            let candidate = Map::from_aff(aff)
                .isl(cx)?
                .intersect_domain(domain.copy().isl(cx)?)
                .isl(cx)?;
            let plain = map.copy().isl(cx)?.reset_tuple_id(DimType::Out).isl(cx)?;
            if candidate.is_equal(&plain).isl(cx)? {
                found = Some(d as usize);
                break;
            }
        }
        let Some(d) = found else {
            return Ok(None);
        };
        out.push((stmt, d));
    }
    Ok(Some(out))
}

/// The edit of the module doc at the band `node`; returns the node at its position
/// (the block band, whose child is the jam mark). With `late` instances under it,
/// a sequence under the mark runs the others jammed, then those unjammed; the
/// boolean says whether it did.
fn apply(
    cx: &Ctx,
    node: ScheduleNode,
    block: i64,
    late: Option<&UnionSet>,
) -> Result<(ScheduleNode, bool), PolyError> {
    let n = n_members(cx, &node)?;
    let node = if n > 1 {
        node.band_split(to_i32(n - 1)?).isl(cx)?.child(0).isl(cx)?
    } else {
        node
    };
    let coincident = node.band_member_get_coincident(0).isl(cx)?;
    let member = node
        .band_get_partial_schedule()
        .isl(cx)?
        .get_union_pw_aff(0)
        .isl(cx)?;
    let b = || Val::int_from_si(cx.raw(), block).isl(cx);
    let outer = MultiUnionPwAff::from_union_pw_aff(
        member
            .copy()
            .isl(cx)?
            .scale_down_val(b()?)
            .isl(cx)?
            .floor()
            .isl(cx)?,
    )
    .isl(cx)?;
    let inner = member.mod_val(b()?).isl(cx)?;
    let inner_map = UnionMap::from_union_pw_aff(inner.copy().isl(cx)?).isl(cx)?;
    let inner = MultiUnionPwAff::from_union_pw_aff(inner).isl(cx)?;
    let node = node.delete().isl(cx)?;
    let domain = node.get_domain().isl(cx)?;
    let late = match late {
        Some(late) => Some(
            late.copy()
                .isl(cx)?
                .intersect(domain.copy().isl(cx)?)
                .isl(cx)?,
        ),
        None => None,
    };
    let split = match &late {
        Some(late) => !late.is_empty().isl(cx)? && !domain.is_subset(late).isl(cx)?,
        None => false,
    };
    let node = match late {
        Some(late) if split => {
            let early = domain.subtract(late.copy().isl(cx)?).isl(cx)?;
            let list = UnionSetList::alloc(cx.raw(), 2)
                .isl(cx)?
                .add(early)
                .isl(cx)?
                .add(late)
                .isl(cx)?;
            let node = node
                .insert_sequence(list)
                .isl(cx)?
                .grandchild(0, 0)
                .isl(cx)?;
            let node = sink_copies(cx, node, inner.copy().isl(cx)?)?;
            // The late part: the copies' loop above the rest, in the original order.
            node.parent()
                .isl(cx)?
                .parent()
                .isl(cx)?
                .grandchild(1, 0)
                .isl(cx)?
                .insert_partial_schedule(inner)
                .isl(cx)?
                .parent()
                .isl(cx)?
                .parent()
                .isl(cx)?
        }
        _ => sink_copies(cx, node, inner)?,
    };
    let mark = numbered_id(cx, &format!("{JAM_MARK_PREFIX}{block}"), 0)?;
    let node = node.insert_mark(mark).isl(cx)?;
    let node = node
        .insert_partial_schedule(outer)
        .isl(cx)?
        .band_member_set_coincident(0, i32::from(coincident))
        .isl(cx)?;
    let node = isolate_full_blocks(cx, node, &inner_map, block)?;
    // Back at the position of the band given: the split's outer part.
    if n > 1 {
        return Ok((node.parent().isl(cx)?, split));
    }
    Ok((node, split))
}

/// The copies' band `inner` inserted at `node` and sunk to the leaves, unrolled;
/// returns the node at `node`'s position.
fn sink_copies(
    cx: &Ctx,
    node: ScheduleNode,
    inner: MultiUnionPwAff,
) -> Result<ScheduleNode, PolyError> {
    node.insert_partial_schedule(inner)
        .isl(cx)?
        .band_member_set_ast_loop_type(0, ASTLoopType::Unroll)
        .isl(cx)?
        .band_sink()
        .isl(cx)
}

/// The instances a jam must run unjammed, after the others of their block, so that
/// no pair of `reversed` (the pairs the jammed `schedule` runs out of order) stays
/// reversed: under each jam mark whose child is a band, those at or after the first
/// position of that band that a reversed pair touches, under the same iterations
/// of the loops around it. None when a reversed pair lies under no such mark, or
/// under a mark no block where copies meet would keep a jammed part.
pub(crate) fn late_instances(
    cx: &Ctx,
    schedule: &isl_rs::Schedule,
    reversed: &UnionMap,
) -> Result<Option<UnionSet>, PolyError> {
    let touched = (reversed.copy().isl(cx)?.domain().isl(cx)?)
        .union(reversed.copy().isl(cx)?.range().isl(cx)?)
        .isl(cx)?;
    let mut marks = Vec::new();
    find_mark_nodes(cx, schedule.get_root().isl(cx)?, &mut marks)?;
    let mut late: Option<UnionSet> = None;
    let mut covered: Option<UnionSet> = None;
    for mark in marks {
        let band = mark.child(0).isl(cx)?;
        if node_type(cx, &band)? != ScheduleNodeType::Band {
            continue;
        }
        let domain = band.get_domain().isl(cx)?;
        let here = touched
            .copy()
            .isl(cx)?
            .intersect(domain.copy().isl(cx)?)
            .isl(cx)?;
        if here.is_empty().isl(cx)? {
            continue;
        }
        let position = band
            .band_get_partial_schedule_union_map()
            .isl(cx)?
            .intersect_domain(domain.copy().isl(cx)?)
            .isl(cx)?;
        let at_or_after = position
            .copy()
            .isl(cx)?
            .lex_ge_union_map(position)
            .isl(cx)?;
        let prefix = prefix_of(cx, &band)?;
        let instances = equal_under(cx, &prefix)?
            .intersect(at_or_after)
            .isl(cx)?
            .intersect_range(here.copy().isl(cx)?)
            .isl(cx)?
            .domain()
            .isl(cx)?;
        // Nothing gained unless some block where copies meet keeps a jammed part
        // (a row reading the row before at every position meets it at the first).
        let meeting = here.copy().isl(cx)?.apply(prefix.copy().isl(cx)?).isl(cx)?;
        let jammed_part = (domain.subtract(instances.copy().isl(cx)?).isl(cx)?)
            .apply(prefix)
            .isl(cx)?;
        if jammed_part.intersect(meeting).isl(cx)?.is_empty().isl(cx)? {
            return Ok(None);
        }
        union_into(cx, &mut covered, here)?;
        union_into(cx, &mut late, instances)?;
    }
    match covered {
        Some(covered) if touched.is_subset(&covered).isl(cx)? => Ok(late),
        _ => Ok(None),
    }
}

/// Every jam mark node under `node`.
fn find_mark_nodes(
    cx: &Ctx,
    node: ScheduleNode,
    out: &mut Vec<ScheduleNode>,
) -> Result<(), PolyError> {
    if node_type(cx, &node)? == ScheduleNodeType::Mark
        && id_name(&node.mark_get_id().isl(cx)?)
            .as_deref()
            .and_then(jam_block)
            .is_some()
    {
        out.push(node.copy().isl(cx)?);
    }
    for i in 0..node.n_children().isl(cx)? {
        find_mark_nodes(cx, node.get_child(i).isl(cx)?, out)?;
    }
    Ok(())
}

/// Asks AST generation to generate the full blocks of the block band at `node`
/// apart from the others (isl's `isolate` option, as Polly isolates full tiles):
/// in a full block every copy runs, so the unrolled copies need no guard, and the
/// loops around them stay free of conditions. A block is full at some outer
/// iteration when each of its `block` positions (`inner`, `x_d mod B`) holds an
/// instance there.
fn isolate_full_blocks(
    cx: &Ctx,
    node: ScheduleNode,
    inner: &UnionMap,
    block: i64,
) -> Result<ScheduleNode, PolyError> {
    let prefix = node.get_prefix_schedule_union_map().isl(cx)?;
    let n_prefix = match maps_of(cx, &prefix)?.first() {
        Some(m) => u32::try_from(m.dim(DimType::Out).isl(cx)?).unwrap_or(0),
        None => 0,
    };
    let times = prefix
        .flat_range_product(node.band_get_partial_schedule_union_map().isl(cx)?)
        .isl(cx)?
        .flat_range_product(inner.copy().isl(cx)?)
        .isl(cx)?
        .intersect_domain(node.get_domain().isl(cx)?)
        .isl(cx)?
        .range()
        .isl(cx)?;
    let times = isl_rs::Set::from_union_set(times).isl(cx)?;
    // (prefix, t, p): p is the last dimension, t the one before.
    let p = n_prefix + 1;
    let blocks = times
        .copy()
        .isl(cx)?
        .project_out(DimType::Set, p, 1)
        .isl(cx)?;
    let last = i32::try_from(block - 1).map_err(|_| Invariant::BlockTooLarge)?;
    let every_position = blocks
        .copy()
        .isl(cx)?
        .insert_dims(DimType::Set, p, 1)
        .isl(cx)?
        .lower_bound_si(DimType::Set, p, 0)
        .isl(cx)?
        .upper_bound_si(DimType::Set, p, last)
        .isl(cx)?;
    let partial = every_position
        .subtract(times)
        .isl(cx)?
        .project_out(DimType::Set, p, 1)
        .isl(cx)?;
    let full = blocks.subtract(partial).isl(cx)?;
    let isolate = isl_rs::Map::from_range(full)
        .isl(cx)?
        .move_dims(DimType::In, 0, DimType::Out, 0, n_prefix)
        .isl(cx)?
        .wrap()
        .isl(cx)?
        .set_tuple_name("isolate")
        .isl(cx)?;
    node.band_set_ast_build_options(UnionSet::from_set(isolate).isl(cx)?)
        .isl(cx)
}

/// The scalar expansions the jam marks of `schedule` call for: each privatization
/// candidate (`conflicts.private`) accessed under a jam mark gets the mark's block
/// of slots; a statement under the mark uses slot `x_d mod B` (`x_d` the iterator the block
/// loop divides), any other statement slot 0. An expansion is kept only if every
/// live range of the scalar (its flow dependences) joins two
/// instances with the same slot: then each read of the expanded program sees the
/// write it saw before.
pub(crate) fn expansions(
    cx: &Ctx,
    schedule: &isl_rs::Schedule,
    model: &ScopIsl,
    conflicts: &Conflicts,
) -> Result<Vec<ScalarExpansion>, PolyError> {
    let mut marks = Vec::new();
    find_marks(cx, schedule.get_root().isl(cx)?, &mut marks)?;
    let mut out: Vec<ScalarExpansion> = Vec::new();
    for (block, dims, domain) in &marks {
        for array in conflicts.private.iter().map(|p| p.array) {
            if !accessed_under(cx, model, array, domain)? {
                continue;
            }
            let name = &model.array(array).name;
            let i = match out.iter().position(|e| e.array == *name) {
                Some(i) => i,
                None => {
                    out.push(ScalarExpansion {
                        array: name.clone(),
                        block: *block,
                        slots: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            if out[i].block != *block {
                return Err(Violation::JamBlocks {
                    statement: name.to_string(),
                    first: out[i].block,
                    second: *block,
                }
                .into());
            }
            for (stmt, d) in dims {
                let id = model.stmt_ids.get(stmt).copied().ok_or_else(|| {
                    PolyError::from(Violation::JamUnknownStatement(stmt.to_string()))
                })?;
                out[i].slots.push((id, Some(*d)));
            }
        }
    }
    let mut kept = Vec::with_capacity(out.len());
    for e in out {
        let Some(flow) = conflicts
            .private
            .iter()
            .find(|p| model.array(p.array).name == e.array)
            .map(|p| &p.flow)
        else {
            continue;
        };
        let slot = model.slot_map(cx, &e)?;
        let joined = flow
            .copy()
            .isl(cx)?
            .apply_domain(slot.copy().isl(cx)?)
            .isl(cx)?
            .apply_range(slot)
            .isl(cx)?;
        let same = joined
            .copy()
            .isl(cx)?
            .domain()
            .isl(cx)?
            .identity()
            .isl(cx)?;
        if joined.is_subset(&same).isl(cx)? {
            kept.push(e);
        }
    }
    Ok(kept)
}

/// `(block, (statement, iterator) under it, domain under it)` of every jam mark.
type JamMark = (i64, Vec<(String, usize)>, UnionSet);

fn find_marks(cx: &Ctx, root: ScheduleNode, out: &mut Vec<JamMark>) -> Result<(), PolyError> {
    let mut nodes = Vec::new();
    find_mark_nodes(cx, root, &mut nodes)?;
    for node in nodes {
        let name = id_name(&node.mark_get_id().isl(cx)?);
        let bad = || PolyError::from(Violation::JamMarkNotOnBlockLoop);
        let block = name.as_deref().and_then(jam_block).ok_or_else(bad)?;
        let band = node.copy().isl(cx)?.parent().isl(cx)?;
        if node_type(cx, &band)? != ScheduleNodeType::Band || n_members(cx, &band)? != 1 {
            return Err(bad());
        }
        let member = member_map(cx, &band.band_get_partial_schedule().isl(cx)?, 0)?;
        let dims = iterator_dims(cx, &member, block)?.ok_or_else(bad)?;
        out.push((block, dims, node.get_domain().isl(cx)?));
    }
    Ok(())
}

fn accessed_under(
    cx: &Ctx,
    model: &ScopIsl,
    array: ArrayId,
    domain: &UnionSet,
) -> Result<bool, PolyError> {
    let accesses = model
        .accesses(cx)?
        .intersect_domain(domain.copy().isl(cx)?)
        .isl(cx)?;
    Ok(maps_of(cx, &accesses)?
        .iter()
        .any(|m| model.array_of(m) == Some(array)))
}
