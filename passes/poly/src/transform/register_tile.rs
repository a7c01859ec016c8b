//! Register tiling (issue 9 item 4): the point band of gemm, `(i, k, j)`, becomes
//! `(i_b, j_b, k, i_p, j_p)`: blocks of `rows x columns` elements of `C`, each
//! computed across the whole `k` range, so that the block stays in registers while
//! `k` streams `A` and `B` through it (the register block of Pluto, BLIS and
//! OpenBLAS kernels).
//!
//! A point band qualifies when one statement's written references stay on one
//! element along a member `r` (gemm's `C[i][j]` along `k`) while some read moves
//! there, the written array is touched only at elements fixed along `r`, the
//! innermost other member `v` steps the write within a cache line (so the block's
//! columns are contiguous and LLVM vectorizes them), the next one out `u` moves it,
//! and some read stays put along `u` or `v` (the reuse the block buys).
//!
//! The band is tiled again, by `rows` along `u`, `columns` along `v` and 1 along the
//! others, and `r` is moved innermost in the new tile band: legal because the point
//! band is permutable, and checked again by the verifier. A mark above `r` tells AST
//! generation to unroll full blocks ([`crate::codegen::register_block`]).
//!
//! Other statements of the band (gemm's fused `C *= beta`) first move to their own
//! copy of the band, before or after, in the band's order (an isl sequence), when no
//! dependence live at the band goes backwards between the copies.

use isl_rs::{
    DimType, MultiVal, ScheduleNode, ScheduleNodeType, Set, UnionMap, UnionSet, UnionSetList, Val,
};

use crate::analysis::privatization::Conflicts;
use crate::error::PolyError;
use crate::support::isl::{
    numbered_id, set_tuple_name, to_i32, to_u32, union_set_names, Ctx, IslResult,
};
use crate::support::schedule_tree::{live_deps, n_children, n_members, node_type, set_coincidence};
use crate::transform::intra_tile::sink;
use crate::transform::locality::{AccessProfile, Step};

/// The id of the mark above a register block's `r` loop.
pub const REGISTER_BLOCK_MARK: &str = "register_block";

/// At most this many elements per block: each is a copy of the statement in the
/// unrolled code, and a register.
pub(crate) const MAX_BLOCK: i64 = 64;

/// The members a register block uses (indices into the band).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Members {
    /// Along which the written element stays: the loop the block is kept across.
    pub r: usize,
    /// Unrolled `rows` times.
    pub u: usize,
    /// Unrolled `columns` times; innermost.
    pub v: usize,
}

/// Register-tiles the point band at `node` when it qualifies; returns the node at
/// the same position (the band, or the sequence that now holds its copies) and a
/// note for the tiling remark.
pub(crate) fn register_tile(
    cx: &Ctx,
    node: ScheduleNode,
    profile: &[AccessProfile],
    deps: &Conflicts,
    sizes: [i64; 2],
    tile_sizes: &[i64],
) -> Result<(ScheduleNode, Option<String>), PolyError> {
    let n = n_members(cx, &node)?;
    // (`Options::set` refuses sizes below 1; a library caller may not.)
    let unusable = sizes.iter().any(|&s| s < 1) || sizes[0].saturating_mul(sizes[1]) > MAX_BLOCK;
    if sizes == [1, 1] || unusable || n < 3 || !node.band_get_permutable().isl(cx)? {
        return Ok((node, None));
    }
    if has_band_below(cx, &node)? {
        return Ok((node, None));
    }
    let mut statements: Vec<&str> = Vec::new();
    for a in profile {
        if !statements.contains(&a.stmt.as_str()) {
            statements.push(&a.stmt);
        }
    }
    let Some((stmt, members)) = statements.iter().find_map(|s| {
        let accesses: Vec<&AccessProfile> = profile.iter().filter(|a| a.stmt == *s).collect();
        choose(&accesses, n).map(|m| (*s, m))
    }) else {
        return Ok((node, None));
    };
    if !r_independent(cx, &node, stmt, members)? {
        return Ok((node, None));
    }
    // Blocks are aligned on multiples of their size, tiles on multiples of theirs:
    // a block that does not divide its tile straddles tile edges, and is never full.
    let tile = |d: usize| tile_sizes.get(d).copied().unwrap_or(1);
    if tile(members.u) % sizes[0] != 0 || tile(members.v) % sizes[1] != 0 {
        let note = format!(
            "register tile: none for {stmt}: the {}x{} block does not divide the {}x{} tile \
             of members {} and {}",
            sizes[0],
            sizes[1],
            tile(members.u),
            tile(members.v),
            members.u,
            members.v
        );
        return Ok((node, Some(note)));
    }
    let note = format!(
        "register tile: {}x{} block of {stmt} (members {} and {}) kept in registers \
         across member {}",
        sizes[0], sizes[1], members.u, members.v, members.r
    );
    if statements.len() == 1 {
        let node = block(cx, node, members, deps, sizes)?;
        return Ok((node, Some(note)));
    }
    let Some((groups, at)) = split_off(cx, &node, stmt, deps)? else {
        return Ok((node, None));
    };
    let mut list = UnionSetList::alloc(cx.raw(), to_i32(groups.len())?).isl(cx)?;
    for g in groups {
        list = list.add(g).isl(cx)?;
    }
    let node = node.insert_sequence(list).isl(cx)?;
    let band = node.child(to_i32(at)?).isl(cx)?.child(0).isl(cx)?;
    let band = block(cx, band, members, deps, sizes)?;
    let node = band.parent().isl(cx)?.parent().isl(cx)?;
    Ok((
        node,
        Some(format!("{note}; the band's other statements split off")),
    ))
}

/// The members of a register block for one statement's accesses, if it has one.
pub(crate) fn choose(accesses: &[&AccessProfile], n: usize) -> Option<Members> {
    let writes: Vec<&&AccessProfile> = accesses.iter().filter(|a| a.write).collect();
    if writes.is_empty() {
        return None;
    }
    let written = |a: &AccessProfile| writes.iter().any(|w| w.array == a.array);
    let moves = |a: &AccessProfile, d: usize| matches!(a.step(d), Step::InLine | Step::Miss);
    let r = (0..n).rev().find(|&d| {
        accesses
            .iter()
            .all(|a| !written(a) || a.step(d) == Step::Same)
            && accesses.iter().any(|a| !written(a) && moves(a, d))
    })?;
    let mut others = (0..n).rev().filter(|&d| d != r);
    let (v, u) = (others.next()?, others.next()?);
    let block_ok = writes
        .iter()
        .all(|w| w.step(v) == Step::InLine && moves(w, u));
    let reuse = accesses
        .iter()
        .any(|a| !a.write && (a.step(u) == Step::Same || a.step(v) == Step::Same));
    (block_ok && reuse).then_some(Members { r, u, v })
}

/// Whether `stmt`'s instances under the band at `node`, in the band's coordinates,
/// are the product of their `(u, v)` pairs and their range along `r` (each may
/// depend on the other members and the parameters): every element of a block is
/// then updated along the same `r` loop, and the loops of `u` and `v` sit inside it
/// with bounds of their own. The pairs may form a triangle (syrk's `j <= i`):
/// blocks cut by the diagonal keep their loops, those away from it are full (the
/// check is in [`crate::codegen::register_block`]). A range along `r` that moves
/// with `u` or `v` (trmm's `k > i`) would put the block's loops under guards on `r`.
fn r_independent(cx: &Ctx, node: &ScheduleNode, stmt: &str, m: Members) -> Result<bool, PolyError> {
    let domain = node.get_domain().isl(cx)?;
    let list = domain.get_set_list().isl(cx)?;
    let mut instances = None;
    for i in 0..list.size().isl(cx)? {
        let set = list.get_at(i).isl(cx)?;
        if set_tuple_name(&set).as_deref() == Some(stmt) {
            instances = Some(set);
        }
    }
    let Some(instances) = instances else {
        return Ok(false);
    };
    let partial =
        UnionMap::from_multi_union_pw_aff(node.band_get_partial_schedule().isl(cx)?).isl(cx)?;
    let image = UnionSet::from_set(instances)
        .isl(cx)?
        .apply(partial)
        .isl(cx)?;
    let points = Set::from_union_set(image).isl(cx)?;
    let pairs = points
        .copy()
        .isl(cx)?
        .eliminate(DimType::Set, to_u32(m.r)?, 1)
        .isl(cx)?;
    let along_r = points
        .copy()
        .isl(cx)?
        .eliminate(DimType::Set, to_u32(m.u)?, 1)
        .isl(cx)?
        .eliminate(DimType::Set, to_u32(m.v)?, 1)
        .isl(cx)?;
    pairs.intersect(along_r).isl(cx)?.is_subset(&points).isl(cx)
}

/// Whether a band lies below `node` (the block needs the statement's instances
/// directly under its loops).
fn has_band_below(cx: &Ctx, node: &ScheduleNode) -> Result<bool, PolyError> {
    for i in 0..n_children(cx, node)? {
        let child = node.copy().isl(cx)?.child(i).isl(cx)?;
        if node_type(cx, &child)? == ScheduleNodeType::Band || has_band_below(cx, &child)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// When the band's child is a sequence: its filters grouped as (before, the one of
/// `stmt`, after), without empty groups, and the index of `stmt`'s group; `None`
/// when `stmt` shares its filter, or a dependence live at the band goes from a later
/// group to an earlier one.
fn split_off(
    cx: &Ctx,
    node: &ScheduleNode,
    stmt: &str,
    deps: &Conflicts,
) -> Result<Option<(Vec<UnionSet>, usize)>, PolyError> {
    let seq = node.copy().isl(cx)?.child(0).isl(cx)?;
    if node_type(cx, &seq)? != ScheduleNodeType::Sequence {
        return Ok(None);
    }
    let mut filters = Vec::new();
    for i in 0..n_children(cx, &seq)? {
        let f = seq.copy().isl(cx)?.child(i).isl(cx)?;
        if node_type(cx, &f)? != ScheduleNodeType::Filter {
            return Ok(None);
        }
        filters.push(f.filter_get_filter().isl(cx)?);
    }
    let mut mine = None;
    for (i, f) in filters.iter().enumerate() {
        let names = union_set_names(cx, f)?;
        if names.iter().any(|s| s == stmt) {
            if names.len() != 1 {
                return Ok(None);
            }
            mine = Some(i);
        }
    }
    let Some(mine) = mine else {
        return Ok(None);
    };
    let mut groups = Vec::new();
    let mut at = 0;
    for range in [0..mine, mine..mine + 1, mine + 1..filters.len()] {
        if range.is_empty() {
            continue;
        }
        if range.start == mine {
            at = groups.len();
        }
        let mut g = filters[range.start].copy().isl(cx)?;
        for f in &filters[range.start + 1..range.end] {
            g = g.union(f.copy().isl(cx)?).isl(cx)?;
        }
        groups.push(g);
    }
    let live = live_deps(cx, node, &deps.all)?;
    for later in 1..groups.len() {
        for earlier in 0..later {
            let back = live
                .copy()
                .isl(cx)?
                .intersect_domain(groups[later].copy().isl(cx)?)
                .isl(cx)?
                .intersect_range(groups[earlier].copy().isl(cx)?)
                .isl(cx)?;
            if !back.is_empty().isl(cx)? {
                return Ok(None);
            }
        }
    }
    Ok(Some((groups, at)))
}

/// Tiles the band at `node` by `rows` along `u` and `columns` along `v`, moves `r`
/// innermost in the tile band, splits it off and marks it. Returns the outer tile
/// band.
fn block(
    cx: &Ctx,
    node: ScheduleNode,
    m: Members,
    deps: &Conflicts,
    sizes: [i64; 2],
) -> Result<ScheduleNode, PolyError> {
    let n = n_members(cx, &node)?;
    let mut mv = MultiVal::zero(node.band_get_space().isl(cx)?).isl(cx)?;
    for d in 0..n {
        let size = match d {
            _ if d == m.u => sizes[0],
            _ if d == m.v => sizes[1],
            _ => 1,
        };
        mv = mv
            .set_at(to_i32(d)?, Val::int_from_si(cx.raw(), size).isl(cx)?)
            .isl(cx)?;
    }
    let node = node.band_tile(mv).isl(cx)?;
    let node = sink(cx, node, m.r, deps)?;
    let node = node.band_split(to_i32(n - 1)?).isl(cx)?;
    let node = set_coincidence(cx, node, deps)?;
    let r_band = set_coincidence(cx, node.child(0).isl(cx)?, deps)?;
    let point = set_coincidence(cx, r_band.child(0).isl(cx)?, deps)?;
    let r_band = point.parent().isl(cx)?;
    let mark = r_band
        .insert_mark(numbered_id(cx, REGISTER_BLOCK_MARK, 0)?)
        .isl(cx)?;
    mark.parent().isl(cx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::locality::Move;

    fn access(array: &str, write: bool, moves: &[&[i64]]) -> AccessProfile {
        AccessProfile {
            stmt: "S1".into(),
            array: array.into(),
            write,
            bytes: 8,
            per_line: 8,
            moves: moves.iter().map(|m| Move::By(m.to_vec())).collect(),
        }
    }

    #[test]
    fn gemm_blocks_i_and_j_across_k() {
        // Point band (i, k, j) of C[i][j] += A[i][k] * B[k][j].
        let c = |write| access("C", write, &[&[1, 0], &[0, 0], &[0, 1]]);
        let a = access("A", false, &[&[1, 0], &[0, 1], &[0, 0]]);
        let b = access("B", false, &[&[0, 0], &[1, 0], &[0, 1]]);
        let (read_c, write_c) = (c(false), c(true));
        let accesses = [&read_c, &a, &b, &write_c];
        assert_eq!(choose(&accesses, 3), Some(Members { r: 1, u: 0, v: 2 }));
    }

    #[test]
    fn a_written_array_read_at_a_moving_address_gets_no_block() {
        // B[i][j] += A[i][k] * B[k][j] (trmm's shape), point band (i, k, j): B's row
        // k moves along k, so no member keeps every access to B in place.
        let b = |write| access("B", write, &[&[1, 0], &[0, 0], &[0, 1]]);
        let a = access("A", false, &[&[1, 0], &[0, 1], &[0, 0]]);
        let bk = access("B", false, &[&[0, 0], &[1, 0], &[0, 1]]);
        let (read_b, write_b) = (b(false), b(true));
        assert_eq!(choose(&[&read_b, &a, &bk, &write_b], 3), None);
    }
}
