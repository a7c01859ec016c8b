//! What the core did to a SCoP beside its code, as data: the rungs of the budget
//! ladder it went down, the choice of `scheduler=auto`, unroll-and-jam, tiling and
//! register blocks. The caller says it in words (the MLIR side's remarks).

use crate::error::{PolyError, StructureError, Violation};
use crate::options::SchedulerKind;

/// One thing the user should know about how a SCoP was optimized.
#[derive(Debug)]
pub enum Note {
    /// `stage` ran out of time on rung `rung` of the degradation ladder; `next` was
    /// tried.
    OutOfTime {
        stage: &'static str,
        rung: Rung,
        next: Rung,
    },
    /// Rung `rung`'s schedule or AST was refused (`why`); `next` was tried.
    Refused {
        rung: Rung,
        why: Box<PolyError>,
        next: Rung,
    },
    /// Our scheduler failed (`why`); the original schedule was kept.
    SchedulerFailed {
        scheduler: SchedulerKind,
        why: Box<PolyError>,
    },
    /// `isl-reference` under live-range reordering: it keeps every dependence.
    IslReferenceKeepsDependences,
    /// What `scheduler=auto` chose, and why.
    CostModel(Box<CostModel>),
    /// isl's first AST was refused (`first`) and generated again with `changes`.
    AstRegenerated {
        first: Box<PolyError>,
        changes: &'static str,
    },
    /// Unroll-and-jam, kept or not.
    Jam(JamNote),
    /// The loop at `beta` stays sequential: a Clay script's `parallelize` marked only
    /// part of it.
    PartlyParallel { beta: Vec<i64> },
    /// The outermost level followed the fusion structure `groups` (seed 002), each
    /// group with its statements' names in order; `scheduler` fused maximally below
    /// it.
    FusionStructure {
        groups: Vec<Vec<String>>,
        scheduler: SchedulerKind,
    },
    /// The given fusion structure does not fit the SCoP (`why`); it was scheduled
    /// without it.
    StructureRefused(StructureError),
    /// `fusion-structure` was given to `scheduler`, a preset that does not take one.
    StructureUnused { scheduler: SchedulerKind },
}

/// A rung of the degradation ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rung {
    AsAsked,
    WithoutFusion,
    WithoutTiling,
    OriginalSchedule,
}

/// `scheduler=auto`'s choice: the presets' scores, and what else decided.
#[derive(Debug)]
pub struct CostModel {
    pub chose: SchedulerKind,
    /// Each candidate preset, in the order tried.
    pub scores: Vec<Score>,
    /// On a streaming SCoP: the matrix sweeps of the preset kept, against the
    /// original order's.
    pub sweeps: Option<Sweeps>,
    /// When a candidate's time tiles were taken instead of the preset that crosses
    /// the fewest cache lines.
    pub time_tiles: Option<TimeTiles>,
}

/// One preset's score under `scheduler=auto`.
#[derive(Debug)]
pub enum Score {
    /// Cache lines crossed per innermost iteration; whether a loop is parallel.
    Lines {
        preset: SchedulerKind,
        misses: usize,
        parallel: bool,
    },
    /// The schedule failed verification.
    Rejected {
        preset: SchedulerKind,
        why: Box<PolyError>,
    },
    /// The second candidate ran out of its share of the time budget.
    OutOfShare(SchedulerKind),
}

/// Matrix sweeps of the preset `preset`, and of the original order with its cache
/// lines.
#[derive(Debug)]
pub struct Sweeps {
    pub preset: SchedulerKind,
    pub sweeps: usize,
    pub original_sweeps: usize,
    pub original_misses: usize,
}

/// `kept`'s time loop walks `kib` KiB per step, over half of the L2: `tiled`'s
/// time tiles were taken.
#[derive(Debug)]
pub struct TimeTiles {
    pub kept: SchedulerKind,
    pub kib: u64,
    pub tiled: SchedulerKind,
}

/// Why the cost model finds no gain in a schedule with no parallel loop, tile or
/// jam: it crosses `misses` cache lines per innermost iteration against the
/// original order's `original_misses`, and on a streaming SCoP sweeps the matrices
/// `(new, old)` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoGain {
    pub misses: usize,
    pub original_misses: usize,
    pub sweeps: Option<(usize, usize)>,
}

/// Unroll-and-jam of `jam`, kept or not.
#[derive(Debug)]
pub enum JamNote {
    /// Kept; `scalar_copies`: with a copy of the scalar per unrolled iteration
    /// (else each copy works on elements of its own).
    Kept { jam: Jam, scalar_copies: bool },
    /// Interleaving the copies would reverse a dependence (the cheap order test).
    Reverses(Jam),
    /// The jammed tree failed verification.
    Refused { jam: Jam, why: Box<Violation> },
    /// It ran out of its share of the budget.
    OutOfShare,
}

/// What unroll-and-jam jammed: `loops` loops around the chains on `arrays`,
/// unrolled by `blocks`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jam {
    pub loops: usize,
    pub arrays: Vec<String>,
    pub blocks: Vec<i64>,
    /// Each block runs jammed up to the first position where its copies would meet,
    /// and the rest after, in the original order ([`crate::transform::jam::late_instances`]).
    pub split: bool,
}

/// How one permutable band was tiled, or why not; or its register block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiling {
    /// A band of `members` left untiled: no reuse the untiled loops would lose;
    /// `wavefront`: nor a wavefront with the work to run in parallel (statement
    /// instances per diagonal, and `parallel-min-work`).
    Untiled {
        members: usize,
        wavefront: Option<(u64, u64)>,
        sunk: Option<usize>,
    },
    /// A band of `members` tiled by `sizes`; `sunk`: the member moved innermost.
    Tiled {
        members: usize,
        sizes: Vec<i64>,
        source: TileSizes,
        sunk: Option<usize>,
    },
    /// A band of `members` whose parallel `member` was cut into strips of `width`,
    /// the strips' loop outermost and the member innermost
    /// ([`crate::transform::tile`]'s strips for a streaming SCoP).
    Strips {
        members: usize,
        width: i64,
        member: usize,
    },
    /// A wavefront's time tiles cut along `factor·φ0 − φ1` (plus a shift on
    /// `shifted` statements) instead of the time member: diamonds, for concurrent
    /// start ([`crate::transform::diamond`]).
    Diamond {
        factor: i64,
        shifted: usize,
    },
    /// The innermost point loop distributed over the statements fused in it.
    Distributed,
    /// `bands` consecutive sibling bands, each left untiled by the model, under one
    /// parallel tile loop of `size` of their first members, since they touch the same
    /// data along it ([`crate::transform::tile_fusion`]).
    FusedSiblings {
        bands: usize,
        size: i64,
    },
    Register(RegisterNote),
}

/// Where a band's tile sizes come from; `l2_kib`: the L2 the model fills half of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileSizes {
    TimeTiles {
        l2_kib: u64,
    },
    Wavefront,
    Footprint {
        l2_kib: u64,
    },
    /// Square tiles for an outer parallel tile loop: the band needs no tiles for
    /// reuse, but moving its parallel member innermost for stride one would leave
    /// no parallel loop outside the band.
    Parallel,
    /// Square tiles that cut the rows of a parallel member's loop short: its
    /// innermost member carries a dependence chain, which the next row's overlaps.
    Chains,
    Given,
}

/// A register block of a point band's statement, or why none. `tile`: the tile
/// sizes of `members` (u, v).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegisterNote {
    /// No block of `elements` elements divides the tile.
    NoShape {
        statement: String,
        elements: i64,
        tile: [i64; 2],
        members: [usize; 2],
    },
    /// The `block` given does not divide the tile.
    DoesNotDivide {
        statement: String,
        block: [i64; 2],
        tile: [i64; 2],
        members: [usize; 2],
    },
    /// `block` kept in registers across member `across`; `model`: of the shapes of
    /// `elements`, the one with the fewest loads per step; `split_off`: the band's
    /// other statements split off; `product_tiles`: in a copy of the band for the
    /// tiles where the statement's instances form a product along `across` and no
    /// other statement runs (the other tiles keep the band).
    Kept {
        statement: String,
        block: [i64; 2],
        members: [usize; 2],
        across: usize,
        model: Option<(i64, i64)>,
        split_off: bool,
        product_tiles: bool,
    },
}
