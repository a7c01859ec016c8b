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

use crate::analysis::privatization::{set_coincidence, Conflicts};
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::model::notes::RegisterNote;
use crate::options::RegisterBlock;
use crate::support::isl::{
    numbered_id, set_tuple_name, to_i32, to_u32, union_into, union_set_names, Ctx, IslResult,
};
use crate::support::schedule_tree::{
    has_band_below, live_deps, n_children, n_members, node_type, prefix_of,
};
use crate::transform::intra_tile::sink;
use crate::transform::locality::{references_of, AccessProfile, Locality, Step};

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
/// the same position (the band, or the sequence that now holds its copies) and the
/// notes for the tiling remark (none when no statement was a candidate).
///
/// When a candidate's instances under the band are not a product of their
/// `(u, v)` pairs and their range along `r` (a triangle along `r`: trmm's `k > i`,
/// lu's `k < j`), the tiles where they are, and where no other statement runs, get
/// a copy of the band of their own ([`super::product`]) and the block; the other
/// tiles keep the band as it was.
#[allow(clippy::too_many_arguments)]
pub(crate) fn register_tile(
    cx: &Ctx,
    node: ScheduleNode,
    profile: &[AccessProfile],
    locality: &Locality,
    deps: &Conflicts,
    block_option: RegisterBlock,
    tile_sizes: &[i64],
    vector_bytes: u64,
) -> Result<(ScheduleNode, Vec<RegisterNote>), PolyError> {
    let n = n_members(cx, &node)?;
    // (`Options::set` refuses sizes below 1; a library caller may not.)
    let unusable = match block_option {
        RegisterBlock::Fixed(sizes) => {
            sizes == [1, 1]
                || sizes.iter().any(|&s| s < 1)
                || sizes[0].saturating_mul(sizes[1]) > MAX_BLOCK
        }
        RegisterBlock::Model => false,
    };
    if unusable || n < 3 || !node.band_get_permutable().isl(cx)? {
        return Ok((node, Vec::new()));
    }
    if has_band_below(cx, &node)? {
        return Ok((node, Vec::new()));
    }
    let mut statements: Vec<&str> = Vec::new();
    for a in profile {
        if !statements.contains(&a.stmt.as_str()) {
            statements.push(&a.stmt);
        }
    }
    let plan = Plan {
        cx,
        profile,
        locality,
        deps,
        block_option,
        tile_sizes,
        vector_bytes,
    };
    let candidates: Vec<(&str, Members)> = statements
        .iter()
        .filter_map(|s| choose(&plan.accesses_of(s), n).map(|m| (*s, m)))
        .collect();
    let Some(&(stmt, members)) = candidates.first() else {
        return Ok((node, Vec::new()));
    };
    if !r_independent(cx, &node, stmt, members)? {
        return plan.in_product_tiles(node, &candidates);
    }
    let (sizes, model) = match plan.sizes(stmt, members) {
        Ok(sized) => sized,
        Err(note) => return Ok((node, vec![note])),
    };
    let kept = |split_off| RegisterNote::Kept {
        statement: stmt.to_string(),
        block: sizes,
        members: [members.u, members.v],
        across: members.r,
        model,
        split_off,
        product_tiles: false,
    };
    if statements.len() == 1 {
        return Ok(match plan.block(node, stmt, members, sizes)? {
            Ok(node) => (node, vec![kept(false)]),
            Err(node) => (node, Vec::new()),
        });
    }
    let Some((groups, at)) = split_off(cx, &node, stmt, deps)? else {
        return plan.in_product_tiles(node, &candidates);
    };
    let original = node.copy().isl(cx)?;
    let mut list = UnionSetList::alloc(cx.raw(), to_i32(groups.len())?).isl(cx)?;
    for g in groups {
        list = list.add(g).isl(cx)?;
    }
    let node = node.insert_sequence(list).isl(cx)?;
    let band = node.child(to_i32(at)?).isl(cx)?.child(0).isl(cx)?;
    match plan.block(band, stmt, members, sizes)? {
        Ok(band) => {
            let node = band.parent().isl(cx)?.parent().isl(cx)?;
            Ok((node, vec![kept(true)]))
        }
        Err(_) => Ok((original, Vec::new())),
    }
}

/// What [`register_tile`] decides from, for one band.
struct Plan<'a> {
    cx: &'a Ctx,
    profile: &'a [AccessProfile],
    locality: &'a Locality,
    deps: &'a Conflicts,
    block_option: RegisterBlock,
    tile_sizes: &'a [i64],
    vector_bytes: u64,
}

impl Plan<'_> {
    fn accesses_of(&self, stmt: &str) -> Vec<&AccessProfile> {
        self.profile.iter().filter(|a| a.stmt == stmt).collect()
    }

    /// The block's `[rows, columns]` for `stmt` and, with the model, its elements and
    /// loads per step; or the note saying why there is none.
    #[allow(clippy::type_complexity)]
    fn sizes(
        &self,
        stmt: &str,
        m: Members,
    ) -> Result<([i64; 2], Option<(i64, i64)>), RegisterNote> {
        // Blocks are aligned on multiples of their size, tiles on multiples of theirs:
        // a block that does not divide its tile straddles tile edges, and is never full.
        let tile = |d: usize| self.tile_sizes.get(d).copied().unwrap_or(1);
        let divides = |[rows, columns]: [i64; 2]| tile(m.u) % rows == 0 && tile(m.v) % columns == 0;
        let accesses = self.accesses_of(stmt);
        let (_, elements) = model_block(self.vector_bytes, written_bytes(&accesses));
        let tile_of_uv = [tile(m.u), tile(m.v)];
        let uv = [m.u, m.v];
        let (sizes, model) = match self.block_option {
            RegisterBlock::Fixed(sizes) => (sizes, None),
            RegisterBlock::Model => match shape(&accesses, m, self.vector_bytes, divides) {
                Some((sizes, loads)) => (sizes, Some((elements, loads))),
                None => {
                    return Err(RegisterNote::NoShape {
                        statement: stmt.to_string(),
                        elements,
                        tile: tile_of_uv,
                        members: uv,
                    })
                }
            },
        };
        if !divides(sizes) {
            return Err(RegisterNote::DoesNotDivide {
                statement: stmt.to_string(),
                block: sizes,
                tile: tile_of_uv,
                members: uv,
            });
        }
        Ok((sizes, model))
    }

    /// [`block`] on the band at `node` (`stmt` alone under it), kept when its reads
    /// pass [`reads_miss_the_block`]; otherwise the band as it was (`Err`).
    fn block(
        &self,
        node: ScheduleNode,
        stmt: &str,
        m: Members,
        sizes: [i64; 2],
    ) -> Result<Result<ScheduleNode, ScheduleNode>, PolyError> {
        let cx = self.cx;
        let original = node.copy().isl(cx)?;
        let blocked = block(cx, node, m, self.deps, sizes)?;
        let r_band = blocked.copy().isl(cx)?.child(0).isl(cx)?.child(0).isl(cx)?;
        let references: Vec<_> = self.locality.references(stmt).collect();
        match reads_miss_the_block(cx, &r_band, &references)? {
            true => Ok(Ok(blocked)),
            false => Ok(Err(original)),
        }
    }

    /// For each candidate in turn, the tiles where its instances form a product and
    /// no other statement runs ([`super::product::product_filter`]) split off, before
    /// the rest, with a block of their own; a candidate whose copy gets no block is
    /// put back.
    fn in_product_tiles(
        &self,
        node: ScheduleNode,
        candidates: &[(&str, Members)],
    ) -> Result<(ScheduleNode, Vec<RegisterNote>), PolyError> {
        let cx = self.cx;
        let Some((&(stmt, m), later)) = candidates.split_first() else {
            return Ok((node, Vec::new()));
        };
        let Some(filter) = super::product::product_filter(cx, &node, stmt, [m.r, m.u, m.v])? else {
            return self.in_product_tiles(node, later);
        };
        let Ok((sizes, model)) = self.sizes(stmt, m) else {
            return self.in_product_tiles(node, later);
        };
        let original = node.copy().isl(cx)?;
        let rest = node
            .get_domain()
            .isl(cx)?
            .subtract(filter.copy().isl(cx)?)
            .isl(cx)?;
        let mut list = UnionSetList::alloc(cx.raw(), 2).isl(cx)?;
        list = list.add(filter).isl(cx)?;
        list = list.add(rest).isl(cx)?;
        let seq = node.insert_sequence(list).isl(cx)?;
        let band = seq.child(0).isl(cx)?.child(0).isl(cx)?;
        let Ok(band) = self.block(band, stmt, m, sizes)? else {
            return self.in_product_tiles(original, later);
        };
        let rest_band = band.parent().isl(cx)?.parent().isl(cx)?;
        let rest_band = rest_band.child(1).isl(cx)?.child(0).isl(cx)?;
        let (rest_band, mut notes) = self.in_product_tiles(rest_band, later)?;
        notes.insert(
            0,
            RegisterNote::Kept {
                statement: stmt.to_string(),
                block: sizes,
                members: [m.u, m.v],
                across: m.r,
                model,
                split_off: false,
                product_tiles: true,
            },
        );
        Ok((rest_band.parent().isl(cx)?.parent().isl(cx)?, notes))
    }
}

/// Whether the register block under the mark at `mark` passes
/// [`reads_miss_the_block`], for a tree from anywhere (a tree given as text may carry
/// the mark): AST generation asks it of every register-block mark, and unrolls only
/// the blocks that pass. The mark's child must be the `r` band, over one statement.
pub(crate) fn block_reads_checked(
    cx: &Ctx,
    mark: &ScheduleNode,
    model: &ScopIsl,
) -> Result<bool, PolyError> {
    let r_band = mark.get_child(0).isl(cx)?;
    if node_type(cx, &r_band)? != ScheduleNodeType::Band {
        return Ok(false);
    }
    let names = union_set_names(cx, &r_band.get_domain().isl(cx)?)?;
    let [stmt] = names.as_slice() else {
        return Ok(false);
    };
    let references = references_of(cx, model, Some(stmt))?;
    let references: Vec<_> = references.iter().map(|r| (&r.relation, r.write)).collect();
    reads_miss_the_block(cx, &r_band, &references)
}

/// Whether a statement's register block, whose `r` band is at `r_band`, may keep its
/// elements in registers while the body reads the same arrays at other addresses
/// from memory (`Registers::Block`); `references`: the statement's access
/// relations, each with whether it writes. In each run of the `r` loop (one value of
/// the band's prefix: the tile, the block and the other members), each of its reads
/// of an array it writes either touches only the element its own instance writes
/// (the block's element, in a register: gemm's `C[i][j]`), or no element written in
/// that run (memory the run does not change: trmm's `B[k][j]`, rows `k > i`, in the
/// tiles where `k`'s tile lies past `i`'s).
fn reads_miss_the_block(
    cx: &Ctx,
    r_band: &ScheduleNode,
    references: &[(&isl_rs::Map, bool)],
) -> Result<bool, PolyError> {
    let run = prefix_of(cx, r_band)?.reverse().isl(cx)?;
    let in_run = |relation: &isl_rs::Map| -> Result<UnionMap, PolyError> {
        run.copy()
            .isl(cx)?
            .apply_range(UnionMap::from_map(relation.copy().isl(cx)?).isl(cx)?)
            .isl(cx)
    };
    let mut written: Option<UnionMap> = None;
    for &(relation, write) in references {
        if write {
            let w = UnionMap::from_map(relation.copy().isl(cx)?).isl(cx)?;
            union_into(cx, &mut written, w)?;
        }
    }
    let Some(written) = written else {
        return Ok(true);
    };
    let written_in_run = run
        .copy()
        .isl(cx)?
        .apply_range(written.copy().isl(cx)?)
        .isl(cx)?;
    for &(read, write) in references {
        if write {
            continue;
        }
        let own = UnionMap::from_map(read.copy().isl(cx)?)
            .isl(cx)?
            .is_subset(&written)
            .isl(cx)?;
        let apart = in_run(read)?
            .intersect(written_in_run.copy().isl(cx)?)
            .isl(cx)?
            .is_empty()
            .isl(cx)?;
        if !own && !apart {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The members of a register block for one statement's accesses, if it has one.
pub(crate) fn choose(accesses: &[&AccessProfile], n: usize) -> Option<Members> {
    choose_with(accesses, n, false).or_else(|| choose_with(accesses, n, true))
}

/// [`choose`]; with `moving_reads`, the written arrays may also be read at
/// addresses that move along `r` (trmm's `B[k][j]`, lu's `A[i][k]` and `A[k][j]`):
/// [`reads_miss_the_block`] then checks them against the block.
fn choose_with(accesses: &[&AccessProfile], n: usize, moving_reads: bool) -> Option<Members> {
    let writes: Vec<&&AccessProfile> = accesses.iter().filter(|a| a.write).collect();
    if writes.is_empty() {
        return None;
    }
    let written = |a: &AccessProfile| writes.iter().any(|w| w.array == a.array);
    let held = |a: &AccessProfile, d: usize| written(a) && a.step(d) == Step::Same;
    let moves = |a: &AccessProfile, d: usize| matches!(a.step(d), Step::InLine | Step::Miss);
    let r = (0..n).rev().find(|&d| {
        accesses
            .iter()
            .all(|a| held(a, d) || !written(a) || (moving_reads && !a.write))
            && accesses.iter().any(|a| !held(a, d) && moves(a, d))
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

/// Vector registers a block that [`shape`] shapes fills: with the values each step
/// loads it fits the 16 registers of AVX2 (32 with AVX-512), and it is as many as
/// the measured 4x8 and 2x16 blocks of doubles on AVX2.
pub const MODEL_REGISTERS: i64 = 8;

/// Lanes of a vector register of `vector_bytes` for elements of `element` bytes, and
/// the elements of a block of [`MODEL_REGISTERS`] such registers (at most
/// [`MAX_BLOCK`]).
pub(crate) fn model_block(vector_bytes: u64, element: i64) -> (i64, i64) {
    let vector = i64::try_from(vector_bytes).unwrap_or(i64::MAX).max(1);
    let lanes = (vector / element.max(1)).max(1);
    (lanes, (MODEL_REGISTERS * lanes).min(MAX_BLOCK))
}

/// Bytes of the widest element `accesses` write (8 when none).
fn written_bytes(accesses: &[&AccessProfile]) -> i64 {
    accesses
        .iter()
        .filter(|a| a.write)
        .map(|w| i64::from(w.bytes))
        .max()
        .unwrap_or(8)
        .max(1)
}

/// The shape `[rows, columns]` of a block of [`model_block`] elements for a
/// statement's `accesses` and vector registers of `vector_bytes`, and the values
/// one step of `r` loads with it, among the shapes `fits` accepts: the one that
/// loads the fewest values per step; on a tie, the one that brings in the fewest
/// new cache lines per step ([`new_lines`]); then the widest (longer stride-1 rows).
/// The written elements stay in registers (the accesses to a written array that
/// stay put along `r`). Any other access loads, per step: one
/// value per row it moves along `u` (else one), times per column, along `v`: one if
/// it stays put, one vector per `lanes` columns if it steps within a line, one value
/// per column otherwise.
///
/// With AVX-512 (64 doubles), gemm's `A[i][k]` (one value per row) and `B[k][j]`
/// (one vector per 8 columns): 8 + 1 loads for 8x8, 4 + 2 for 4x16, 2 + 4 for 2x32;
/// the tie goes to 4x16, whose `B` row spans 2 lines against 4 (`A`'s lines serve 8
/// steps). Measured at LARGE, 2 threads, median of 5-7, on an AVX-512 host: gemm
/// 0.024 s for 4x16 against 0.028 s for 2x32, 0.030 s for 8x8 and 2x16 (the 32
/// elements of AVX2); 2mm 0.026 s against 0.034, 0.030 and 0.035. syrk's `A[j][k]`
/// moves by rows along `v = j`: rows + columns loads, so 8x8 (4x8 with AVX2).
pub(crate) fn shape(
    accesses: &[&AccessProfile],
    m: Members,
    vector_bytes: u64,
    fits: impl Fn([i64; 2]) -> bool,
) -> Option<([i64; 2], i64)> {
    let writes: Vec<&&AccessProfile> = accesses.iter().filter(|a| a.write).collect();
    // In registers: the accesses to a written array that stay put along `r`.
    let held =
        |a: &AccessProfile| a.step(m.r) == Step::Same && writes.iter().any(|w| w.array == a.array);
    let (lanes, block) = model_block(vector_bytes, written_bytes(accesses));
    let loads = |[rows, columns]: [i64; 2]| -> i64 {
        accesses
            .iter()
            .filter(|a| !held(a))
            .map(|a| {
                let per_row = match a.step(m.v) {
                    Step::Same | Step::Still => 1,
                    Step::InLine => (columns + lanes - 1) / lanes,
                    Step::Miss => columns,
                };
                match a.step(m.u) {
                    Step::Same | Step::Still => per_row,
                    _ => rows * per_row,
                }
            })
            .sum()
    };
    let lines = |sizes: [i64; 2]| -> i64 {
        accesses
            .iter()
            .filter(|a| !held(a))
            .map(|a| new_lines(a, m, sizes))
            .sum()
    };
    // (loads, lines): lexicographic; `<=` keeps the widest of equals.
    let mut best: Option<([i64; 2], (i64, i64))> = None;
    let mut columns = lanes.min(block);
    while columns <= block {
        let sizes = [block / columns, columns];
        let cost = (loads(sizes), lines(sizes));
        if fits(sizes) && best.is_none_or(|(_, c)| cost <= c) {
            best = Some((sizes, cost));
        }
        columns *= 2;
    }
    best.map(|(sizes, (loads, _))| (sizes, loads))
}

/// The cache lines `a` brings in per step of `r` over a block of `[rows, columns]`,
/// in units of 1/[`LINE_SHARES`] of a line: the lines one step touches (along `v`:
/// one if it stays put, `columns / per_line` (at least one) if it steps within a
/// line, `columns` otherwise; times, along `u`, the same count for `rows`), all new
/// if it leaves its lines along `r`, one in `per_line` steps if it steps within
/// them, none if it stays.
fn new_lines(a: &AccessProfile, m: Members, [rows, columns]: [i64; 2]) -> i64 {
    let per_line = a.per_line.max(1);
    let lines = |member: usize, n: i64| match a.step(member) {
        Step::Same | Step::Still => 1,
        Step::InLine => ((n + per_line - 1) / per_line).max(1),
        Step::Miss => n,
    };
    let touched = lines(m.u, rows) * lines(m.v, columns) * LINE_SHARES;
    match a.step(m.r) {
        Step::Same | Step::Still => 0,
        Step::InLine => touched / per_line,
        Step::Miss => touched,
    }
}

/// Fractions of a line [`new_lines`] counts in (a multiple of every `per_line`
/// of 64-byte lines and elements of 1 to 8 bytes).
const LINE_SHARES: i64 = 64;

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
            array: crate::model::scop::ArrayId::of_letter(array),
            write,
            bytes: 8,
            per_line: 8,
            moves: moves.iter().map(|m| Move::By(m.to_vec())).collect(),
        }
    }

    /// The accesses of gemm's point band (i, k, j), C[i][j] += A[i][k] * B[k][j]:
    /// C read and written, A, B; with elements of `bytes`.
    fn gemm(bytes: u32) -> [AccessProfile; 4] {
        let sized = |mut a: AccessProfile| {
            a.bytes = bytes;
            a.per_line = 64 / i64::from(bytes);
            a
        };
        let c = |write| sized(access("C", write, &[&[1, 0], &[0, 0], &[0, 1]]));
        [
            c(false),
            sized(access("A", false, &[&[1, 0], &[0, 1], &[0, 0]])),
            sized(access("B", false, &[&[0, 0], &[1, 0], &[0, 1]])),
            c(true),
        ]
    }

    #[test]
    fn gemm_blocks_i_and_j_across_k() {
        let profile = gemm(8);
        let accesses: Vec<&AccessProfile> = profile.iter().collect();
        assert_eq!(choose(&accesses, 3), Some(Members { r: 1, u: 0, v: 2 }));
    }

    #[test]
    fn a_written_array_read_at_a_moving_address_is_a_candidate() {
        // B[i][j] += A[k][i] * B[k][j] (trmm's shape), point band (i, k, j): B's row
        // k moves along k, so no member keeps every access to B in place; with such
        // reads allowed, k keeps the write in place and A and B[k][j] move there.
        let b = |write| access("B", write, &[&[1, 0], &[0, 0], &[0, 1]]);
        let a = access("A", false, &[&[0, 1], &[1, 0], &[0, 0]]);
        let bk = access("B", false, &[&[0, 0], &[1, 0], &[0, 1]]);
        let (read_b, write_b) = (b(false), b(true));
        let accesses = [&read_b, &a, &bk, &write_b];
        assert_eq!(choose_with(&accesses, 3, false), None);
        assert_eq!(choose(&accesses, 3), Some(Members { r: 1, u: 0, v: 2 }));
        // B[k][j] loads along k (one vector per 4 columns with AVX2), as A[k][i]
        // (one value per row); B[i][j] is the block: 4 + 2 loads for 4x8.
        let m = Members { r: 1, u: 0, v: 2 };
        assert_eq!(shape(&accesses, m, AVX2, |_| true), Some(([4, 8], 6)));
    }

    /// A block of 2x2 elements B[i][j] kept across k (the prefix of the `k` band is
    /// the block), next to a read of B at a row that moves with k: rows 8 and up
    /// never meet the block's rows 0 to 7, rows k do.
    #[test]
    fn a_moving_read_must_miss_the_block() {
        let cx = Ctx::new(0).unwrap();
        let tree = "{ domain: \"{ S[i, k, j] : 0 <= i < 8 and 0 <= k < 8 and 0 <= j < 8 }\", \
                    child: { schedule: \"[{ S[i, k, j] -> [(i - (i) mod 2)] }, \
                    { S[i, k, j] -> [(j - (j) mod 2)] }]\", \
                    child: { schedule: \"[{ S[i, k, j] -> [(k)] }]\", \
                    child: { schedule: \"[{ S[i, k, j] -> [(i)] }, { S[i, k, j] -> [(j)] }]\" } } } }";
        let schedule = cx
            .parse("tree", tree, isl_rs::Schedule::read_from_str)
            .unwrap();
        let root = schedule.get_root().unwrap();
        let r_band = root.child(0).unwrap().child(0).unwrap();
        let map = |text: &str| {
            cx.parse("access", text, isl_rs::Map::read_from_str)
                .unwrap()
        };
        let write = map("{ S[i, k, j] -> B[i, j] }");
        let own = map("{ S[i, k, j] -> B[i, j] }");
        let apart = map("{ S[i, k, j] -> B[k + 8, j] }");
        let meets = map("{ S[i, k, j] -> B[k, j] }");
        let other = map("{ S[i, k, j] -> A[k, i] }");
        let check = |read: &isl_rs::Map| {
            reads_miss_the_block(
                &cx,
                &r_band,
                &[
                    (&write, true),
                    (&own, false),
                    (read, false),
                    (&other, false),
                ],
            )
            .unwrap()
        };
        assert!(check(&apart));
        assert!(!check(&meets));
    }

    /// AVX2 registers: 32 bytes.
    const AVX2: u64 = 32;

    /// gemm's point band (i, k, j) with AVX2: a block of 8 registers of 4 doubles,
    /// 32 elements; per step of k, A[i][k] loads one value per row and B[k][j] one
    /// vector of 4 doubles per 4 columns: 4 + 2 for 4x8, 2 + 4 for 2x16, 1 + 8 for
    /// 1x32, 8 + 1 for 8x4. On the tie, the new lines per step: A's rows step within
    /// their lines along k (4/8 of a line for 4x8, 2/8 for 2x16), B's row is new
    /// (8 doubles: 1 line; 16: 2), so 1.5 against 2.25: 4x8.
    #[test]
    fn gemm_gets_the_cheapest_shape_then_the_fewest_lines() {
        let profile = gemm(8);
        let accesses: Vec<&AccessProfile> = profile.iter().collect();
        let m = Members { r: 1, u: 0, v: 2 };
        assert_eq!(new_lines(&profile[1], m, [4, 8]), LINE_SHARES / 2);
        assert_eq!(new_lines(&profile[2], m, [2, 16]), 2 * LINE_SHARES);
        assert_eq!(shape(&accesses, m, AVX2, |_| true), Some(([4, 8], 6)));
        // With 4 rows not dividing the tile, 2x16 (also 6 loads).
        assert_eq!(
            shape(&accesses, m, AVX2, |[r, _]| r <= 2),
            Some(([2, 16], 6))
        );
        assert_eq!(shape(&accesses, m, AVX2, |_| false), None);
    }

    /// syrk's point band (i, j, k), C[i][j] += A[i][k] * A[j][k]: along j, A[j][k]
    /// moves by a row, one value per column: 4 + 8 for 4x8 and 8x4, 2 + 16 for 2x16.
    #[test]
    fn syrk_keeps_square_blocks() {
        let c = |write| access("C", write, &[&[1, 0], &[0, 1], &[0, 0]]);
        let ai = access("A", false, &[&[1, 0], &[0, 0], &[0, 1]]);
        let aj = access("A", false, &[&[0, 0], &[1, 0], &[0, 1]]);
        let (read_c, write_c) = (c(false), c(true));
        let accesses = [&read_c, &ai, &aj, &write_c];
        let m = Members { r: 2, u: 0, v: 1 };
        assert_eq!(choose(&accesses, 3), Some(m));
        assert_eq!(shape(&accesses, m, AVX2, |_| true), Some(([4, 8], 12)));
    }

    /// With 4-byte elements an AVX2 vector holds 8, and 8 registers 64 elements:
    /// gemm in f32 loads 8 + 1 for 8x8, 4 + 2 for 4x16, 2 + 4 for 2x32 and 1 + 8 for
    /// 1x64; on the tie, 4x16 brings in 4/16 + 1 lines per step (16 floats to a
    /// line), 2x32 2/16 + 2.
    #[test]
    fn narrower_elements_give_more_lanes() {
        let profile = gemm(4);
        let accesses: Vec<&AccessProfile> = profile.iter().collect();
        let m = Members { r: 1, u: 0, v: 2 };
        assert_eq!(shape(&accesses, m, AVX2, |_| true), Some(([4, 16], 6)));
    }

    /// covariance's point band (i, k, j), cov[i][j] += data[k][i] * data[k][j]:
    /// data[k][i] loads one value per row, data[k][j] one vector per 8 columns, so
    /// 4x16 and 2x32 tie at 6 loads with AVX-512; both rows of data leave their
    /// lines along k, data[k][i..i+3] and [i..i+1] lie in one line, data[k][j..] in
    /// 2 lines for 16 columns and 4 for 32: 4x16.
    #[test]
    fn covariance_gets_the_shape_with_fewer_new_lines() {
        let cov = |write| access("C", write, &[&[1, 0], &[0, 0], &[0, 1]]);
        let di = access("D", false, &[&[0, 1], &[1, 0], &[0, 0]]);
        let dj = access("D", false, &[&[0, 0], &[1, 0], &[0, 1]]);
        let (read_c, write_c) = (cov(false), cov(true));
        let accesses = [&read_c, &di, &dj, &write_c];
        let m = Members { r: 1, u: 0, v: 2 };
        assert_eq!(choose(&accesses, 3), Some(m));
        assert_eq!(new_lines(&di, m, [4, 16]), LINE_SHARES);
        assert_eq!(new_lines(&dj, m, [2, 32]), 4 * LINE_SHARES);
        assert_eq!(shape(&accesses, m, 64, |_| true), Some(([4, 16], 6)));
    }

    /// AVX-512 registers hold 8 doubles: 8 of them, 64 elements. gemm loads 8 + 1
    /// for 8x8, 4 + 2 for 4x16, 2 + 4 for 2x32, 1 + 8 for 1x64; on the tie, 4x16
    /// brings in 4/8 + 2 lines per step, 2x32 2/8 + 4.
    #[test]
    fn wider_registers_give_larger_blocks() {
        let profile = gemm(8);
        let accesses: Vec<&AccessProfile> = profile.iter().collect();
        let m = Members { r: 1, u: 0, v: 2 };
        assert_eq!(model_block(64, 8), (8, 64));
        assert_eq!(model_block(32, 8), (4, 32));
        // No more than MAX_BLOCK elements: 8 AVX-512 registers of f32 are 128.
        assert_eq!(model_block(64, 4), (16, 64));
        assert_eq!(shape(&accesses, m, 64, |_| true), Some(([4, 16], 6)));
    }
}
