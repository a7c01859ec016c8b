// The one table of Tessel's passes and their options: name, type, default, help, and
// which passes read each option. Plain data with no dependencies, so that both
// `options.rs` and `passes/plugin/build.rs` `include!` this file: the build script
// generates the C++ registration (`Pass::Option<>` members) from it, and the Rust side
// parses the values the C++ hands over with it.
//
// A new option: add a row to `OPTIONS`, a variant to `OptionId`, and a field to
// `Options` with its arms in `Options::set`/`Options::get` (options.rs; the compiler
// points at them, and a unit test checks defaults round-trip).

/// A Tessel pass. Its discriminant is its index in [`PASSES`] and its number across
/// the FFI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassKind {
    Optimize = 0,
    PrintScop = 1,
    PrintDependences = 2,
    PrintSchedule = 3,
    Explain = 4,
    PrintFusionSpace = 5,
    RaiseScf = 6,
}

/// How a pass is registered in MLIR.
pub struct PassSpec {
    pub kind: PassKind,
    /// The name in `--pass-pipeline`.
    pub argument: &'static str,
    /// The C++ class the build script generates.
    pub class: &'static str,
    pub description: &'static str,
}

pub const PASSES: [PassSpec; 7] = [
    PassSpec {
        kind: PassKind::Optimize,
        argument: "tessel-optimize",
        class: "OptimizePass",
        description: "Tessel: raise affine loop nests to the polyhedral model, reschedule, \
                      tile, parallelize and regenerate them",
    },
    PassSpec {
        kind: PassKind::PrintScop,
        argument: "tessel-print-scop",
        class: "PrintScopPass",
        description: "Tessel stage: emit a remark per SCoP with its polyhedral model \
                      (domains, accesses, original schedule); the IR is not changed",
    },
    PassSpec {
        kind: PassKind::PrintDependences,
        argument: "tessel-print-deps",
        class: "PrintDependencesPass",
        description: "Tessel stage: emit a remark per SCoP with its exact flow, anti and \
                      output dependences; the IR is not changed",
    },
    PassSpec {
        kind: PassKind::PrintSchedule,
        argument: "tessel-print-schedule",
        class: "PrintSchedulePass",
        description: "Tessel stage: emit a remark per SCoP with the verified schedule tree \
                      tessel-optimize would generate code from; the IR is not changed",
    },
    PassSpec {
        kind: PassKind::Explain,
        argument: "tessel-explain",
        class: "ExplainPass",
        description: "Tessel: emit a remark per SCoP with a Clay script (transform.tessel \
                      ops, seed 003) that takes its original schedule to the one Tessel's \
                      scheduler computes (tiling, unroll-and-jam and register blocks left \
                      out); replay it with --load-dialect-plugin and \
                      --transform-interpreter. The IR is not changed",
    },
    PassSpec {
        kind: PassKind::PrintFusionSpace,
        argument: "tessel-print-fusion-space",
        class: "PrintFusionSpacePass",
        description: "Tessel stage: emit a remark per SCoP with its space of legal fusion \
                      structures at the outermost level (seed 002's F^1: sizes, pairwise \
                      tests, unfusable paths) and each structure as a fusion-structure= \
                      value for tessel-optimize; the IR is not changed",
    },
    PassSpec {
        kind: PassKind::RaiseScf,
        argument: "tessel-raise-scf",
        class: "RaiseScfPass",
        description: "Tessel: raise scf.for loops with affine bounds to affine.for, scf.if \
                      in affine loops with affine conditions to affine.if, and \
                      memref.load/store with affine subscripts to affine.load/store, so \
                      that tessel-optimize can model them; a remark names each op kept \
                      and why",
    },
];

/// Names an option in code; `OPTIONS` gives its spelling and the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionId {
    Scheduler,
    Fuse,
    Rar,
    Tile,
    TileSizes,
    Parallel,
    ParallelCollapse,
    ParallelMinWork,
    DistinctArguments,
    Wavefront,
    Diamond,
    IntraTile,
    RegisterTile,
    UnrollJam,
    LineSize,
    L2Size,
    VectorBytes,
    SpatialHlim,
    LiveRangeReordering,
    MaxOperations,
    TimeBudget,
    Target,
    GpuBlock,
    GpuPromote,
    FusionStructure,
    FusionSlack,
    TuningDb,
}

/// One allowed value of an enumerated option.
pub struct Choice {
    pub name: &'static str,
    pub help: &'static str,
}

/// An option's type and default.
pub enum OptionKind {
    Bool {
        default: bool,
    },
    UInt {
        default: u64,
    },
    /// One of `values`; it crosses the FFI as its index there.
    Enum {
        values: &'static [Choice],
        default: &'static str,
    },
    /// A comma-separated list; `element` names one entry in `--help`. An empty list
    /// means `default`.
    IntList {
        element: &'static str,
        default: &'static [i64],
    },
    /// A string (a file's path); empty is its default, "none". `element` names it
    /// in `--help`.
    Text { element: &'static str },
}

pub struct OptionSpec {
    pub id: OptionId,
    /// The spelling in `pass{name=value}`.
    pub name: &'static str,
    pub kind: OptionKind,
    pub help: &'static str,
    /// The passes that read it, hence list it in `--help`.
    pub passes: &'static [PassKind],
}

/// The passes that schedule and transform: they read every option.
const SCHEDULING: &[PassKind] = &[PassKind::Optimize, PassKind::PrintSchedule];
/// The scheduling options `tessel-explain` reads too: the scheduler's, and those of
/// the transforms that follow it, which its script's `generate` repeats.
const EXPLAINED: &[PassKind] = &[
    PassKind::Optimize,
    PassKind::PrintSchedule,
    PassKind::Explain,
];
/// The default of `parallel-min-work`: 2^18 statement instances. An OpenMP region
/// costs 1 to 3 µs on this 2-core machine when the threads spin, but about 70 µs
/// when they must be woken (`OMP_WAIT_POLICY=passive`, or a busy machine): jacobi-2d
/// at MEDIUM, 62,500 instances per region, ran 0.0022 s spinning and 0.016 s woken,
/// against 0.0037 s sequentially. A region must hold work of at least about twice
/// that cost, and an instance costs from a quarter of a nanosecond (a vectorized
/// stream: mvt and gemver at MEDIUM, 160,000 instances per region, ran 1.9x and 1.5x
/// faster sequentially) to several (a stencil's chain: seidel-2d at LARGE lost 4% at
/// 2^18 and 20% at 2^19 against 2^17). Measured over the suite in
/// docs/architecture-decisions.md, "The parallel guard's threshold".
pub const DEFAULT_PARALLEL_MIN_WORK: u64 = 1 << 18;
/// The default of `unroll-jam`: four chains of additions fill the floating-point
/// adders of a core whose addition takes 3 to 4 cycles (bicg at LARGE: 2.3x with 4
/// chains, in a C experiment recorded in docs/architecture-decisions.md).
pub const DEFAULT_UNROLL_JAM: u64 = 4;
/// The default of `spatial-hlim`: seed 000 §5.5 prints only h_lim = 32 (for its
/// 12-core Westmere, on which it would have reproduced PolyAST's schedules); the
/// paper tunes it per machine and gives no other value.
pub const DEFAULT_SPATIAL_HLIM: u64 = 32;
/// The pass that generates code.
const CODEGEN: &[PassKind] = &[PassKind::Optimize];
/// The code generator's options that tiling reads too (the work a parallel tile
/// loop must hold), and so `tessel-explain`.
const CODEGEN_EXPLAINED: &[PassKind] = &[PassKind::Optimize, PassKind::Explain];
/// The passes that compute dependences.
const DEPENDENCES: &[PassKind] = &[
    PassKind::Optimize,
    PassKind::PrintDependences,
    PassKind::PrintSchedule,
    PassKind::Explain,
    PassKind::PrintFusionSpace,
];
/// The pass that builds fusion spaces.
const FUSION_SPACE: &[PassKind] = &[PassKind::PrintFusionSpace];

/// The values of `scheduler`, in the order of `SchedulerKind`'s discriminants.
pub const SCHEDULERS: &[Choice] = &[
    Choice {
        name: "isl",
        help: "ours, isl-style forced outer coincidence",
    },
    Choice {
        name: "pluto",
        help: "ours, maximal tilable bands",
    },
    Choice {
        name: "feautrier",
        help: "ours, Feautrier's scheduler only",
    },
    Choice {
        name: "identity",
        help: "the original order",
    },
    Choice {
        name: "isl-reference",
        help: "isl's own scheduler, a baseline",
    },
    Choice {
        name: "auto",
        help: "per SCoP, isl or pluto: whichever's innermost loops cross fewer cache lines, \
               pluto's time tiles where isl's time loop walks more than half of L2 per step \
               (the default; best on the suite)",
    },
    Choice {
        name: "spatial",
        help: "ours, spatial proximity in the ILP (seed 000's CPU instance: temporal then \
               spatial distance per access group, the last member carries spatial reuse)",
    },
];

/// The values of `fuse`, in the order of `FuseMode`'s discriminants.
pub const FUSE_MODES: &[Choice] = &[
    Choice {
        name: "none",
        help: "never fuse loops of different SCCs",
    },
    Choice {
        name: "smart",
        help: "fuse for a small constant reuse distance",
    },
    Choice {
        name: "max",
        help: "fuse whenever a common row exists",
    },
];

/// The values of `target`, in the order of `Target`'s discriminants.
pub const TARGETS: &[Choice] = &[
    Choice {
        name: "cpu",
        help: "affine loops, affine.parallel for OpenMP",
    },
    Choice {
        name: "gpu",
        help: "gpu.launch kernels (blocks and threads from the parallel loops, host loops \
               around them, device copies of the arrays): no CPU tiling, register blocks \
               or unroll-and-jam",
    },
];

/// The default of `gpu-block`: 16 threads along each mapped loop, PPCG's tile size
/// for two dimensions (a block of 256 threads).
pub const DEFAULT_GPU_BLOCK: u64 = 16;

pub const OPTIONS: [OptionSpec; 27] = [
    OptionSpec {
        id: OptionId::Scheduler,
        name: "scheduler",
        kind: OptionKind::Enum {
            values: SCHEDULERS,
            default: "auto",
        },
        help: "Where the schedule comes from",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::Fuse,
        name: "fuse",
        kind: OptionKind::Enum {
            values: FUSE_MODES,
            default: "smart",
        },
        help: "Fusion for our schedulers, with Pluto's meanings",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::Rar,
        name: "rar",
        kind: OptionKind::Bool { default: true },
        help: "Read-after-read (input) dependences between statements as proximity \
               (Pluto's --rar; seed 001 section 2.6): statements that read the same data \
               are fused when that keeps the distance small; never a constraint on the order; \
               CPU target only",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::Tile,
        name: "tile",
        kind: OptionKind::Bool { default: true },
        help: "Tile permutable bands of depth >= 2",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::TileSizes,
        name: "tile-sizes",
        kind: OptionKind::IntList {
            element: "size",
            default: &[],
        },
        help: "Tile size per band member; the last one repeats. Empty (the default): \
               per band from a footprint model and the host's caches, which also leaves \
               bands with no reuse untiled",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::Parallel,
        name: "parallel",
        kind: OptionKind::Bool { default: true },
        help: "Run the outermost coincident loop of each nest in parallel (affine.parallel)",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::ParallelCollapse,
        name: "parallel-collapse",
        kind: OptionKind::Bool { default: true },
        help: "Run the coincident loops right inside the outermost parallel loop of a band \
               in parallel with it, as one collapsed affine.parallel, so that a short outer \
               loop still gives every thread work",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::ParallelMinWork,
        name: "parallel-min-work",
        kind: OptionKind::UInt {
            default: DEFAULT_PARALLEL_MIN_WORK,
        },
        help: "A parallel loop runs in parallel only when one execution of it has at \
               least this many statement instances, estimated at run time just before \
               it; below, it runs sequentially (0: always in parallel)",
        passes: CODEGEN_EXPLAINED,
    },
    OptionSpec {
        id: OptionId::DistinctArguments,
        name: "distinct-arguments",
        kind: OptionKind::Bool { default: true },
        help: "Tell LLVM that the distinct memref arguments an optimized SCoP accesses are \
               distinct buffers, as Tessel's dependence analysis assumes \
               (memref.distinct_objects before the new code), so that it vectorizes \
               without run-time alias checks",
        passes: CODEGEN,
    },
    OptionSpec {
        id: OptionId::Wavefront,
        name: "wavefront",
        kind: OptionKind::Bool { default: true },
        help: "Skew an outermost tiled band none of whose tile loops can be parallel so \
               that its second tile loop becomes parallel",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::Diamond,
        name: "diamond",
        kind: OptionKind::Bool { default: false },
        help: "Cut a stencil's time tiles as diamonds, along the mirror c*t - s of the \
               skewed space member s, where every dependence allows it: the wavefront \
               then starts with every tile of the first time steps (concurrent start); \
               off by default: at 2 threads they ran no faster than time tiles",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::IntraTile,
        name: "intra-tile",
        kind: OptionKind::Bool { default: true },
        help: "Post-tile reordering (seed 000 section 4.6, Pluto's intra-tile optimization): \
               in each point band, and in each untiled permutable band, sink innermost the \
               loop along which the most accesses stay in one cache line",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::RegisterTile,
        name: "register-tile",
        kind: OptionKind::IntList {
            element: "size",
            default: &[],
        },
        help: "Register block (rows,columns) of a point band whose written reference stays \
               put along one member: the two other innermost members are unrolled and \
               jammed around it, and the block's elements stay in registers across it. \
               Empty (the default): 8 vector registers of the written element (see \
               vector-bytes), shaped so that each step of that member loads the fewest \
               values. Outside register blocks, an innermost sequential loop keeps the \
               elements it updates at a fixed address in registers (a 1x1 block). 1,1 \
               turns both off; blocks of over 64 elements are not built",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::UnrollJam,
        name: "unroll-jam",
        kind: OptionKind::UInt {
            default: DEFAULT_UNROLL_JAM,
        },
        help: "Chains of additions into a scalar (a reduction along an inner loop, as in a \
               matrix-vector product) to run side by side: the loop around them is unrolled \
               by this many divided by the chains one of its iterations runs (not at all \
               below 2) and jammed, giving each copy its own scalar; kept only when \
               verified (0 or 1: off)",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::LineSize,
        name: "line-size",
        kind: OptionKind::UInt { default: 0 },
        help: "Cache line size in bytes for the spatial-locality model (0: the host's, \
               read at compile time; set it when cross-compiling)",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::L2Size,
        name: "l2-size",
        kind: OptionKind::UInt { default: 0 },
        help: "Bytes of one core's L2 cache, which bounds the tile sizes' footprints and \
               decides where time tiles pay (0: the host's, read at compile time; set it \
               when cross-compiling)",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::VectorBytes,
        name: "vector-bytes",
        kind: OptionKind::UInt { default: 0 },
        help: "Bytes of one vector register, which sizes the register block (8 registers \
               of the written element) (0: the host's, read at compile time: 64 with \
               AVX-512, 32 with AVX; set it when cross-compiling)",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::SpatialHlim,
        name: "spatial-hlim",
        kind: OptionKind::UInt {
            default: DEFAULT_SPATIAL_HLIM,
        },
        help: "scheduler=spatial: register-pressure limit h_lim (seed 000 section 4.6); when \
               a band's first member cannot be parallel and its statements' accesses weigh \
               more (h: unique accesses times their loop depth), a Feautrier step splits \
               the band instead of continuing it without parallelism",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::LiveRangeReordering,
        name: "live-range-reordering",
        kind: OptionKind::Bool { default: false },
        help: "Live-range reordering (seed 001 section 2.3): scalars and temporaries may \
               have their live ranges reordered (conditional validity); pluto/isl/feautrier \
               only",
        passes: DEPENDENCES,
    },
    OptionSpec {
        id: OptionId::MaxOperations,
        name: "max-operations",
        kind: OptionKind::UInt {
            default: 20_000_000,
        },
        help: "isl operations budget per SCoP; when it runs out the original code is kept \
               (0: no limit)",
        passes: DEPENDENCES,
    },
    OptionSpec {
        id: OptionId::TimeBudget,
        name: "time-budget",
        kind: OptionKind::UInt { default: 8 },
        help: "Wall-clock seconds Tessel may spend on one function; a stage that runs out \
               makes it retry with less (no fusion, no tiling, the original schedule) and \
               finally keep the original code, with a remark naming the stage (0: no limit)",
        passes: DEPENDENCES,
    },
    OptionSpec {
        id: OptionId::Target,
        name: "target",
        kind: OptionKind::Enum {
            values: TARGETS,
            default: "cpu",
        },
        help: "What the optimized code runs on",
        passes: SCHEDULING,
    },
    OptionSpec {
        id: OptionId::GpuBlock,
        name: "gpu-block",
        kind: OptionKind::UInt {
            default: DEFAULT_GPU_BLOCK,
        },
        help: "target=gpu: threads per block along each mapped loop (its tile size); the \
               outermost is halved while a block would exceed 1024 threads",
        passes: SCHEDULING,
    },
    OptionSpec {
        id: OptionId::GpuPromote,
        name: "gpu-promote",
        kind: OptionKind::Bool { default: true },
        help: "target=gpu: stage the tiles a block reads again, or reads uncoalesced, in \
               shared memory, and keep the elements a thread updates along a loop in \
               registers (PPCG's promotion)",
        passes: SCHEDULING,
    },
    OptionSpec {
        id: OptionId::FusionStructure,
        name: "fusion-structure",
        kind: OptionKind::IntList {
            element: "group",
            default: &[],
        },
        help: "The outermost level's fusion structure (seed 002): one group position per \
               statement, in statement order; statements with the same position share \
               the outermost loop, groups run in increasing position \
               (tessel-print-fusion-space prints the legal ones). The isl and pluto \
               presets (so auto) compute each group's common loop and fuse maximally \
               below it; a structure that does not fit the SCoP or is not legal gives a \
               remark and the schedule without it. Empty (the default): the fuse option \
               decides",
        passes: EXPLAINED,
    },
    OptionSpec {
        id: OptionId::FusionSlack,
        name: "fusion-slack",
        kind: OptionKind::UInt { default: 0 },
        help: "tessel-print-fusion-space: the slack c of seed 002's Definition 7, the \
               largest difference between the constant parts of two fused statements' \
               outermost rows (0: aligned fusion)",
        passes: FUSION_SPACE,
    },
    OptionSpec {
        id: OptionId::TuningDb,
        name: "tuning-db",
        kind: OptionKind::Text { element: "file" },
        help: "A tuning database (SQLite, written by scripts/tune): a SCoP whose model and \
               target (CPU, caches, threads) have an entry gets the options measured best \
               for it, after the usual verification, and a remark says so; a missing, \
               stale, locked or corrupt database gives a remark and the default. Empty \
               (the default): none",
        passes: CODEGEN,
    },
];
