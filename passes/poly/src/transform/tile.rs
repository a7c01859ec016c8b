//! Tiling of permutable bands, with post-tile reordering of the point bands and
//! tile sizes from the footprint model.

use isl_rs::{
    DimType, MultiUnionPwAff, MultiVal, Options, Schedule, ScheduleNode, ScheduleNodeType, Val,
};

use crate::analysis::privatization::{set_coincidence, Conflicts};
use crate::error::{PolyError, Unsupported};
use crate::model::notes::{RegisterNote, TileSizes, Tiling};
use crate::options::RegisterBlock;
use crate::register_block::tree::register_tile;
use crate::support::host::Caches;
use crate::support::isl::{to_i32, Ctx, IslResult};
use crate::support::schedule_tree::{
    any_coincident, band_above, distances, has_band_below, live_deps, n_children, n_members,
    node_type, nonzero_in_member, tile_origin, walk_children,
};
use crate::transform::diamond::{diamond_tile, mirror_factor};
use crate::transform::intra_tile::{distribute_innermost, innermost, permute, sink, sunk_order};
use crate::transform::locality::NOMINAL_EXTENT;
use crate::transform::locality::{band_profile, AccessProfile, Locality, Step};
use crate::transform::tile_size::{model_sizes, wavefront_sizes};
use crate::transform::wavefront::wavefront;

/// How to tile.
pub(crate) struct TileOptions<'a> {
    /// Size per band member (the last one repeats); empty: from the footprint model
    /// ([`model_sizes`]), which may also leave a band untiled.
    pub sizes: &'a [i64],
    /// Skew the tile band of an outermost band in which every member carries a
    /// dependence, when its first two tile members are not coincident either
    /// ([`wavefront`]).
    pub wavefront: bool,
    /// Cut a wavefront's time tiles as diamonds where the dependences allow it
    /// ([`diamond_tile`]).
    pub diamond: bool,
    /// Parallel loops will be marked: a band whose parallel member post-tile
    /// reordering moves innermost is tiled so that it stays outermost
    /// ([`sinking_loses_parallelism`]).
    pub parallel: bool,
    /// The work a parallel loop needs to run in parallel (`parallel-min-work`):
    /// a wavefront whose diagonals hold less runs sequentially, and is not built
    /// for that alone ([`wavefront_work`]).
    pub min_work: u64,
    /// Post-tile reordering of each point band ([`innermost`]).
    pub reorder: bool,
    /// Register block of each point band that has one ([`register_tile`]).
    pub register_tile: RegisterBlock,
    /// Bytes of a vector register, for the register block's size.
    pub vector_bytes: u64,
    pub caches: Caches,
}

/// What [`tile`] did: the number of bands tiled, and one line per permutable band
/// for the user (its sizes and where they come from, or why it was left untiled).
#[derive(Default)]
pub(crate) struct TileReport {
    pub tiled: usize,
    /// Bands tiled for a wavefront with [`wavefront_sizes`] (a stencil's time tiles).
    pub time_tiles: usize,
    pub notes: Vec<(Tiling, usize)>,
}

/// Tiles every permutable band with at least two members into a tile band (outer)
/// and a point band (inner). Returns the new schedule and `report` (what
/// [`super::tile_fusion`] did before) with what it did.
///
/// isl options (seed 001 §1.7 uses the same tile/point split):
/// - `tile_scale_tile_loops = 1`: tile loops iterate over tile *origins*
///   (`c0 = 0, 32, 64, ...`), so the point loop runs over the original values
///   (`c2 = c0 .. min(c0 + 31, N - 1)`) and statement arguments stay unchanged;
/// - `tile_shift_point_loops = 0`: point loops are not shifted to start at 0, for
///   the same reason.
///
/// The coincidence flags of both bands are recomputed exactly afterwards (`deps`
/// are all dependences): a member that is coincident given the outer members of its
/// band need not be coincident given only their tile origins (e.g. a band `(i, j)`
/// with distance `(1, 1)`: `j` is parallel inside one `i` iteration, but not inside
/// one `i` tile).
///
/// With `reorder`, the member chosen to go innermost is chosen before tiling (the
/// model sizes it for vectorization) and moved in the point band afterwards; a band
/// the model leaves untiled is reordered as a whole.
///
/// With `wavefront`, an outermost band in which every member carries a dependence
/// gets square tiles, and its tile band is skewed when its first two members are
/// both not coincident (see [`wavefront`]).
pub(crate) fn tile(
    cx: &Ctx,
    schedule: Schedule,
    opts: &TileOptions<'_>,
    locality: &Locality,
    deps: &Conflicts,
    report: TileReport,
) -> Result<(Schedule, TileReport), PolyError> {
    if let Some(bad) = opts.sizes.iter().find(|&&s| s <= 0) {
        return Err(Unsupported::TileSize(*bad).into());
    }
    set_tile_options(cx)?;
    let mut report = report;
    let root = schedule.get_root().isl(cx)?;
    let walk = Walk {
        opts,
        locality,
        deps,
    };
    let root = tile_walk(cx, root, &walk, &mut report)?;
    Ok((root.get_schedule().isl(cx)?, report))
}

/// isl's tiling options of [`tile`]: tile loops over tile origins, point loops over
/// the original values.
pub(crate) fn set_tile_options(cx: &Ctx) -> Result<(), PolyError> {
    Options::set_tile_scale_tile_loops(cx.raw(), 1).isl(cx)?;
    Options::set_tile_shift_point_loops(cx.raw(), 0).isl(cx)?;
    Ok(())
}

impl TileReport {
    /// Records `note`; an equal note already recorded counts one more band.
    pub(crate) fn note(&mut self, note: Tiling) {
        match self.notes.iter_mut().find(|(n, _)| *n == note) {
            Some((_, bands)) => *bands += 1,
            None => self.notes.push((note, 1)),
        }
    }
}

/// The note's words for the member post-tile reordering moved innermost.
/// Whether every member of the band at `node` carries some dependence live there
/// with the outer members cut into tiles (some distance nonzero in it, whatever the
/// others): then no tile loop of the band can be parallel.
fn every_member_carries(
    cx: &Ctx,
    node: &ScheduleNode,
    deps: &Conflicts,
    n: usize,
) -> Result<bool, PolyError> {
    let live = live_deps(cx, node, &deps.all)?;
    let dist = distances(cx, &live, &node.band_get_partial_schedule().isl(cx)?)?;
    for i in 0..n {
        if !nonzero_in_member(cx, &dist, n, i)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The permutation of the point band (`order[k]`: the band member at point loop `k`)
/// that moves the member along which every written element stays put just outside
/// the innermost, when another member is there, as [`permute`] takes it (new
/// position `k` holds old position `within[k]`): the written rows of one tile row then
/// stay in L1 across that member, and only the values read come from L2 (Pluto's
/// point order for trmm's `B[i][j] += A[k][i] * B[k][j]`, `(i, k, j)`, against the
/// scheduler's `(k, i, j)`, where every step loads and stores a row from L2).
fn reduction_outside_innermost(profile: &[AccessProfile], order: &[usize]) -> Option<Vec<usize>> {
    let n = order.len();
    if n < 3 || !profile.iter().any(|a| a.write) {
        return None;
    }
    let stays = |d: usize| {
        profile
            .iter()
            .filter(|a| a.write)
            .all(|a| a.step(d) == Step::Same)
    };
    if stays(order[n - 2]) {
        return None;
    }
    let k = (0..n - 2).rev().find(|&k| stays(order[k]))?;
    let mut within: Vec<usize> = (0..n).filter(|&p| p != k).collect();
    within.insert(n - 2, k);
    Some(within)
}

/// Whether the band at `node` keeps a parallel loop outside it only if it is tiled:
/// its first member is coincident, no band above it has a parallel member, and
/// post-tile reordering moves that member innermost (`sunk`), after which the first
/// member is not coincident. Untiled, the parallel loop would then run once per
/// iteration of the loop outside it, or sequentially under the work guard
/// (gramschmidt's `R[k][j] += Q[i][k] * A[i][j]` in band `(j, i)`: `j` goes innermost
/// for stride one, and `i` carries the sum). Tiled, the tile loop of the parallel
/// member stays outermost and its point loop goes innermost: Pluto's tiling, whose
/// outer tile loops are the space loops (seed 004 §1.8).
///
/// Only where [`parallel_first_member`] holds.
fn sinking_loses_parallelism(
    cx: &Ctx,
    node: &ScheduleNode,
    sunk: Option<usize>,
    deps: &Conflicts,
) -> Result<bool, PolyError> {
    if sunk != Some(0) || !parallel_first_member(cx, node)? {
        return Ok(false);
    }
    let sunk_band = sink(cx, node.copy().isl(cx)?, 0, deps)?;
    Ok(!sunk_band.band_member_get_coincident(0).isl(cx)?)
}

/// The width of [`strip_parallel_member`]'s strips: 256 elements, 32 cache lines of
/// each row of doubles per strip; at PolyBench's LARGE sizes (1900 to 2600 columns)
/// 8 to 11 strips, which two threads share within one strip of each other (and 16
/// threads would not all get one: the sweeps are the memory's speed). Measured from
/// C at LARGE, two threads, median of 9, widths 32, 64, 128 and 256: mvt 6.9, 6.4,
/// 5.6, 5.0 ms; gemver 10.0, 8.4, 8.0, 7.7 ms; atax 6.7, 6.3, 5.7, 5.7 ms; in a second
/// run, 256 against 512: mvt 4.2 against 4.0 ms, gemver 6.9 against 7.1, atax 5.4
/// against 5.6.
const STRIP_WIDTH: i64 = 256;

/// The band at `node` with its parallel member `member` cut into strips of
/// [`STRIP_WIDTH`]: a band over the strips' origins inserted above it, parallel, and
/// the member moved innermost in the band below, for stride one. For a streaming SCoP
/// where [`sinking_loses_parallelism`]: square tiles there break the streams the
/// prefetcher follows, while a strip keeps the other members whole, so each strip
/// runs down every row with a stretch of 32 lines (Pluto's tile loops, seed 004 §1.8,
/// along one member). Without strips the sweep runs sequentially (mvt's
/// `x2[i] += A[j][i] * y2[j]` from C at LARGE, two threads, median of 9: 5.8 ms
/// sequential, 4.8 ms in strips, both with the chains of `x1` jammed). Returns the
/// node at `node`'s position (the strip band).
fn strip_parallel_member(
    cx: &Ctx,
    node: ScheduleNode,
    member: usize,
    deps: &Conflicts,
) -> Result<ScheduleNode, PolyError> {
    let origins = tile_origin(
        cx,
        node.band_get_partial_schedule()
            .isl(cx)?
            .get_union_pw_aff(to_i32(member)?)
            .isl(cx)?,
        STRIP_WIDTH,
    )?;
    let strips = node
        .insert_partial_schedule(MultiUnionPwAff::from_union_pw_aff(origins).isl(cx)?)
        .isl(cx)?
        .band_set_permutable(1)
        .isl(cx)?;
    let strips = set_coincidence(cx, strips, deps)?;
    let band = set_coincidence(cx, strips.child(0).isl(cx)?, deps)?;
    sink(cx, band, member, deps)?.parent().isl(cx)
}

/// Whether the band at `node` is a parallel first member over an innermost member
/// that carries a dependence within each of its rows: a chain along the innermost
/// loop (adi's `p[i][j]` from `p[i][j - 1]` through a division), whose latency,
/// row after row, the out-of-order core hides only across the end of one row and
/// the start of the next. Square tiles make the rows short, so the next row's chain
/// overlaps more of each. Measured on adi's row sweep at LARGE (C, two threads, 100
/// sweeps): 0.355 s untiled, 0.266 s with 32x32 tiles, 0.242 s with 16x16; adi
/// whole through MLIR, its three such bands tiled: 4.8 s -> 3.5 s (Polly's code tiles
/// every sweep 32x32 the same way).
///
/// Only for a band of two members with no loop below it (the innermost member is
/// the statements' innermost loop), the case measured; and where
/// [`parallel_first_member`] holds.
fn chains_along_innermost(cx: &Ctx, node: &ScheduleNode, n: usize) -> Result<bool, PolyError> {
    if n != 2 || has_band_below(cx, node)? || !parallel_first_member(cx, node)? {
        return Ok(false);
    }
    Ok(!node.band_member_get_coincident(to_i32(n - 1)?).isl(cx)?)
}

/// Whether the band at `node` has a parallel first member that takes the parallel
/// mark (no parallel band above it), with at most one loop outside the band: the
/// parallel loop forks once per iteration of the loops outside, and under two or
/// more each fork has little work, so the work guard runs it sequentially, tiles and
/// all (doitgen's `(p, s)` under `(r, q)`, at LARGE: 0.199 s tiled against 0.078 s
/// untiled). The bands tiled square for their parallel loop need it; in a streaming
/// SCoP (the caller's test), whose speed is the memory's, short rows of a tile break
/// the streams the prefetcher follows (gemver's `x[i] += A[j][i] * y[j]` at LARGE:
/// 7.5 ms tiled against 5.0 ms untiled), so such a band gets strips
/// ([`strip_parallel_member`]).
fn parallel_first_member(cx: &Ctx, node: &ScheduleNode) -> Result<bool, PolyError> {
    Ok(node.get_schedule_depth().isl(cx)? <= 1
        && node.band_member_get_coincident(0).isl(cx)?
        && !band_above(cx, node, |b| any_coincident(cx, b))?)
}

/// Statement instances in one diagonal of a wavefront of [`UNIFORM_SIZE`] tiles of
/// the band at `node`, with every loop at [`NOMINAL_EXTENT`]: about
/// `NOMINAL / size` tiles of `size^2` points along the first two members, the whole
/// extent of each further member, and of each loop below the band (a statement with
/// more dimensions than the band has members).
fn wavefront_work(cx: &Ctx, node: &ScheduleNode, n: usize) -> Result<u64, PolyError> {
    let domain = node.get_domain().isl(cx)?;
    let sets = domain.get_set_list().isl(cx)?;
    let mut below = 0;
    for i in 0..sets.size().isl(cx)? {
        let dims = sets.get_at(i).isl(cx)?.dim(DimType::Set).isl(cx)?;
        below = below.max(usize::try_from(dims).unwrap_or(0).saturating_sub(n));
    }
    let nominal = NOMINAL_EXTENT.unsigned_abs();
    let size = UNIFORM_SIZE.unsigned_abs();
    let further = u32::try_from(n.saturating_sub(2) + below).unwrap_or(u32::MAX);
    Ok((nominal / size)
        .saturating_mul(size * size)
        .saturating_mul(nominal.saturating_pow(further)))
}

/// The size of every member of a band the model does not size.
pub(crate) const UNIFORM_SIZE: i64 = 32;

/// What every step of [`tile_walk`] needs.
struct Walk<'a> {
    opts: &'a TileOptions<'a>,
    locality: &'a Locality,
    deps: &'a Conflicts,
}

fn tile_walk(
    cx: &Ctx,
    node: ScheduleNode,
    walk: &Walk<'_>,
    report: &mut TileReport,
) -> Result<ScheduleNode, PolyError> {
    let Walk { opts, deps, .. } = *walk;
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Band {
        let n = n_members(cx, &node)?;
        if n >= 2 && node.band_get_permutable().isl(cx)? {
            // Only reordering and the size model read the locality profile.
            let profile = match opts.reorder
                || opts.sizes.is_empty()
                || opts.register_tile != RegisterBlock::NONE
            {
                true => band_profile(cx, &node, walk.locality, n)?,
                false => Vec::new(),
            };
            let sunk = match opts.reorder {
                true => innermost(cx, &node, &profile, false)?,
                false => None,
            };
            // Only a band with no band above it gets a wavefront: below a sequential
            // loop, each wavefront of tiles is a fork per outer iteration
            // (floyd-warshall's (i, j) inside k, measured at LARGE: 0.41x with it).
            // And only if no tile loop could be parallel: a member coincident given
            // its outer members (lu's i, given k) is parallel only among the point
            // loops, a fork per point iteration of the loops outside it (lu at
            // LARGE: 1.13x so, against 2.59x with the wavefront).
            let wave = opts.wavefront
                && !band_above(cx, &node, |_| Ok(true))?
                && every_member_carries(cx, &node, deps, n)?;
            // The work of a wavefront's diagonal, for a band that would get one and
            // whose sizes are the model's to choose.
            let wave_work = match wave && opts.sizes.is_empty() {
                true => Some(wavefront_work(cx, &node, n)?),
                false => None,
            };
            // Sized by [`wavefront_sizes`]: time tiles that pay for themselves.
            let mut time_tiles = false;
            let mut square_for: Option<TileSizes> = None;
            let sizes = match opts.sizes {
                [] => {
                    let model = model_sizes(&profile, n, sunk.unwrap_or(n - 1), opts.caches);
                    // Square tiles for a band the model leaves untiled: for its
                    // parallel loop, or for the chains along its rows.
                    // A streaming SCoP gets strips instead ([`strip_parallel_member`]),
                    // and no square tiles for its chains.
                    let streaming = walk.locality.streaming;
                    square_for = match model.is_none() && opts.parallel {
                        false => None,
                        true if sinking_loses_parallelism(cx, &node, sunk, deps)? => {
                            Some(TileSizes::Parallel)
                        }
                        true if !streaming
                            && sunk.is_none()
                            && chains_along_innermost(cx, &node, n)? =>
                        {
                            Some(TileSizes::Chains)
                        }
                        true => None,
                    };
                    match wave_work {
                        // A band that gets a wavefront is tiled for the reuse tiles
                        // buy, as any band, or for the parallelism of its diagonals
                        // where they hold enough work to run in parallel: a wavefront
                        // with neither only breaks the streams (trisolv at LARGE:
                        // 0.57x with its 32x32 wavefront, which the work guard runs
                        // sequentially, 1.03x untiled; nussinov's, with a loop below
                        // each tile, 2.29x against 1.00x untiled).
                        //
                        // A stencil's band, whose reuse the model does not see along
                        // its skewed members, gets a long innermost and short time
                        // tiles ([`wavefront_sizes`]); a band whose reuse the model
                        // sees keeps squares (lu at LARGE: 3.03x with 32x32x32,
                        // 2.83x with 32x32x256).
                        Some(_) if model.is_some() => Some(vec![UNIFORM_SIZE; n]),
                        Some(work) if work >= opts.min_work => {
                            match wavefront_sizes(&profile, n, sunk.unwrap_or(n - 1), opts.caches) {
                                Some(sizes) => {
                                    time_tiles = true;
                                    Some(sizes)
                                }
                                None => Some(vec![UNIFORM_SIZE; n]),
                            }
                        }
                        _ if square_for.is_some() && streaming => None,
                        _ if square_for.is_some() => Some(vec![UNIFORM_SIZE; n]),
                        _ => model,
                    }
                }
                given => Some(
                    (0..n)
                        .map(|d| {
                            given
                                .get(d)
                                .or(given.last())
                                .copied()
                                .unwrap_or(UNIFORM_SIZE)
                        })
                        .collect(),
                ),
            };
            let Some(sizes) = sizes else {
                if let (Some(TileSizes::Parallel), Some(member)) = (&square_for, sunk) {
                    report.note(Tiling::Strips {
                        members: n,
                        width: STRIP_WIDTH,
                        member,
                    });
                    // Below the band, which is done (the strips' loop is its parent).
                    node = strip_parallel_member(cx, node, member, deps)?
                        .child(0)
                        .isl(cx)?;
                    node = walk_children(cx, node, |cx, child| tile_walk(cx, child, walk, report))?;
                    return node.parent().isl(cx);
                }
                tracing::debug!(
                    members = n,
                    ?profile,
                    "no reuse to tile for; band left untiled"
                );
                report.note(Tiling::Untiled {
                    members: n,
                    wavefront: wave_work.map(|work| (work, opts.min_work)),
                    sunk,
                });
                if let Some(member) = sunk {
                    node = sink(cx, node, member, deps)?;
                }
                return walk_children(cx, node, |cx, child| tile_walk(cx, child, walk, report));
            };
            // Time tiles as diamonds: a wavefront with no pipeline fill.
            let diamond = match time_tiles && wave && opts.diamond {
                true => mirror_factor(cx, &node, deps)?,
                false => None,
            };
            // The tile loops' sizes. A diamond of (ψ, φ1) spans (s0 + s1)/c time
            // steps: for c > 2 its two sizes grow by c/2, to span the time tile's s0
            // (jacobi-2d, c = 4, LARGE, 2 threads: 32x32 diamonds 0.45 s, 64x64 0.42 s,
            // the time tiles 0.41 s; median of 15).
            let mut tile_sizes = sizes.clone();
            if let Some(mirror) = &diamond {
                let k = (mirror.c / 2).max(1);
                tile_sizes[0] *= k;
                tile_sizes[1] *= k;
            }
            tracing::debug!(?tile_sizes, ?sunk, "tiling a band");
            let l2_kib = opts.caches.l2 / 1024;
            let source = match opts.sizes {
                [] if time_tiles => TileSizes::TimeTiles { l2_kib },
                [] if wave => TileSizes::Wavefront,
                [] => square_for.unwrap_or(TileSizes::Footprint { l2_kib }),
                _ => TileSizes::Given,
            };
            report.note(Tiling::Tiled {
                members: n,
                sizes: tile_sizes.clone(),
                source,
                sunk,
            });
            node = match diamond {
                Some(mirror) => {
                    report.note(Tiling::Diamond {
                        factor: mirror.c,
                        shifted: mirror.shifts.iter().filter(|(_, d)| *d != 0).count(),
                    });
                    diamond_tile(cx, node, &tile_sizes, &mirror)?
                }
                None => {
                    let mut mv = MultiVal::zero(node.band_get_space().isl(cx)?).isl(cx)?;
                    for (i, &size) in sizes.iter().enumerate() {
                        mv = mv
                            .set_at(to_i32(i)?, Val::int_from_si(cx.raw(), size).isl(cx)?)
                            .isl(cx)?;
                    }
                    node.band_tile(mv).isl(cx)?
                }
            };
            report.tiled += 1;
            report.time_tiles += usize::from(time_tiles);
            node = set_coincidence(cx, node, deps)?;
            if wave
                && !node.band_member_get_coincident(0).isl(cx)?
                && !node.band_member_get_coincident(1).isl(cx)?
            {
                node = wavefront(cx, node, &tile_sizes)?;
                node = set_coincidence(cx, node, deps)?;
            }
            // The point band, then below it (it must not be tiled again).
            node = node.child(0).isl(cx)?;
            node = set_coincidence(cx, node, deps)?;
            if let Some(member) = sunk {
                node = sink(cx, node, member, deps)?;
            }
            if wave {
                // A wavefront's triangular band (cholesky's): a register block in its
                // product tiles, if it has them, and the distribution in the others.
                let (attempt, blocked) =
                    register_point_band(cx, node.copy().isl(cx)?, walk, &profile, &sizes, sunk)?;
                if blocked.iter().any(|note| {
                    matches!(
                        note,
                        RegisterNote::Kept {
                            product_tiles: true,
                            ..
                        }
                    )
                }) {
                    let mut distributed = false;
                    let attempt = at_rest_band(cx, attempt, &mut |cx, band| {
                        let (band, done) = distribute_innermost(cx, band, deps)?;
                        distributed |= done;
                        Ok(band)
                    })?;
                    for note in blocked {
                        report.note(Tiling::Register(note));
                    }
                    if distributed {
                        report.note(Tiling::Distributed);
                    }
                    return attempt.parent().isl(cx);
                }
                let distributed;
                (node, distributed) = distribute_innermost(cx, node, deps)?;
                if distributed {
                    report.note(Tiling::Distributed);
                    return node.parent().isl(cx);
                }
            }
            let blocked;
            (node, blocked) = register_point_band(cx, node, walk, &profile, &sizes, sunk)?;
            // A note means the band was a candidate, so nothing lies below it, and a
            // register block's own bands must not be tiled again.
            if blocked.is_empty() {
                node = walk_children(cx, node, |cx, child| tile_walk(cx, child, walk, report))?;
            }
            for note in blocked {
                report.note(Tiling::Register(note));
            }
            return node.parent().isl(cx);
        }
    }
    walk_children(cx, node, |cx, child| tile_walk(cx, child, walk, report))
}

/// The register block of the point band at `node` (the band tiled with `sizes`, its
/// member `sunk` moved innermost), with a reduction's member moved out of the
/// innermost first ([`reduction_outside_innermost`]): [`register_tile`] in the
/// point band's order.
fn register_point_band(
    cx: &Ctx,
    node: ScheduleNode,
    walk: &Walk<'_>,
    profile: &[AccessProfile],
    sizes: &[i64],
    sunk: Option<usize>,
) -> Result<(ScheduleNode, Vec<RegisterNote>), PolyError> {
    let n = sizes.len();
    let mut node = node;
    // The point band's members are the band's, in the sunk order: so are their tile
    // sizes and moves (the tile loops outside only bound the pairs).
    let mut order = match sunk {
        Some(m) => sunk_order(n, m),
        None => (0..n).collect(),
    };
    if let Some(within) = reduction_outside_innermost(profile, &order) {
        node = permute(cx, node, &within, walk.deps)?;
        order = within.iter().map(|&k| order[k]).collect();
    }
    let point_sizes: Vec<i64> = order.iter().map(|&d| sizes[d]).collect();
    let point_profile: Vec<AccessProfile> = profile
        .iter()
        .map(|a| AccessProfile {
            moves: order.iter().map(|&d| a.moves[d].clone()).collect(),
            ..a.clone()
        })
        .collect();
    register_tile(
        cx,
        node,
        &point_profile,
        walk.locality,
        walk.deps,
        walk.opts.register_tile,
        &point_sizes,
        walk.opts.vector_bytes,
    )
}

/// `f` applied to the band that [`register_tile`]'s product tiles left to the other
/// tiles: below `node`, down the last child of each sequence they inserted (the
/// band itself when there is none). Returns the node at `node`'s position.
fn at_rest_band(
    cx: &Ctx,
    node: ScheduleNode,
    f: &mut dyn FnMut(&Ctx, ScheduleNode) -> Result<ScheduleNode, PolyError>,
) -> Result<ScheduleNode, PolyError> {
    if node_type(cx, &node)? != ScheduleNodeType::Sequence {
        return f(cx, node);
    }
    let last = n_children(cx, &node)? - 1;
    let band = node.child(last).isl(cx)?.child(0).isl(cx)?;
    let band = at_rest_band(cx, band, f)?;
    band.parent().isl(cx)?.parent().isl(cx)
}
