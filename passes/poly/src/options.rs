//! The options of Tessel's passes, declared once in `options/table.rs`, and the typed
//! [`Options`] the core reads. The library default is the pass default: both come
//! from the table (a unit test checks it).

include!("options/table.rs");

/// Which schedule the optimizer starts from. The discriminant is the value's index in
/// the table's `SCHEDULERS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchedulerKind {
    /// Our scheduler, isl preset (seed 001 §6.2, as PPCG runs isl): coincidence
    /// enforced while possible, every band must start with a coincident member or a
    /// Feautrier step is taken instead, cluster merges must not lose coincidence.
    Isl = 0,
    /// Our scheduler, Pluto preset (seed 004): maximal permutable (tilable) bands,
    /// rows without parameter terms, no coincidence constraints (zero-distance rows
    /// come first through the lexmin anyway), [`Options::fuse`] for fusion.
    Pluto = 1,
    /// Our scheduler, Feautrier only (seed 000 eq. (2)): each row carries as many
    /// dependences as possible; once none are left, the remaining rows are free.
    Feautrier = 2,
    /// The original execution order.
    Identity = 3,
    /// isl's own scheduler (`isl_schedule_constraints_compute_schedule`), kept only as
    /// a baseline to measure against.
    IslReference = 4,
    /// The cost model's choice per SCoP (issue 9 item 7): the final schedules of the
    /// isl and pluto presets are built and verified, and the one whose innermost
    /// loops cross the fewest cache lines is kept (isl on a tie).
    Auto = 5,
    /// Our scheduler with spatial proximity in its ILP, the CPU instance of seed 000
    /// §4.6: objective (3) (temporal then spatial distance bounds per access-pattern
    /// group) for every band member but the last, objective (4) (carry many spatial
    /// relations, avoid skew) for the last; coincidence only until one coincident
    /// member is found; [`Options::spatial_hlim`] for the register-pressure
    /// heuristic.
    Spatial = 6,
}

impl SchedulerKind {
    const ALL: [SchedulerKind; 7] = [
        SchedulerKind::Isl,
        SchedulerKind::Pluto,
        SchedulerKind::Feautrier,
        SchedulerKind::Identity,
        SchedulerKind::IslReference,
        SchedulerKind::Auto,
        SchedulerKind::Spatial,
    ];

    /// The option spelling, e.g. `isl-reference`.
    pub fn name(self) -> &'static str {
        SCHEDULERS[self as usize].name
    }

    /// The value at `index` in the table's `SCHEDULERS`.
    pub fn from_index(index: usize) -> Option<SchedulerKind> {
        Self::ALL.get(index).copied()
    }
}

/// Loop fusion policy of our schedulers (Pluto's option names). The discriminant is
/// the value's index in the table's `FUSE_MODES`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FuseMode {
    /// Never fuse loops of different SCCs: they are distributed in topological order.
    None = 0,
    /// Fuse SCCs when that gives a small constant reuse distance along a
    /// dependence without losing band depth (nor, for [`SchedulerKind::Isl`],
    /// parallelism): isl's clustering (seed 000 §3.5, seed 001 §7.3).
    #[default]
    Smart = 1,
    /// Fuse whenever a common row exists, even across unrelated statements; cut
    /// between SCCs only when no common row is left (seed 004 §1.9).
    Max = 2,
}

impl FuseMode {
    const ALL: [FuseMode; 3] = [FuseMode::None, FuseMode::Smart, FuseMode::Max];

    /// The option spelling, e.g. `smart`.
    pub fn name(self) -> &'static str {
        FUSE_MODES[self as usize].name
    }

    /// The value at `index` in the table's `FUSE_MODES`.
    pub fn from_index(index: usize) -> Option<FuseMode> {
        Self::ALL.get(index).copied()
    }
}

/// What the optimized code runs on. The discriminant is the value's index in the
/// table's `TARGETS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Target {
    #[default]
    Cpu = 0,
    /// `gpu.launch` kernels (`codegen::gpu`).
    Gpu = 1,
}

impl Target {
    const ALL: [Target; 2] = [Target::Cpu, Target::Gpu];

    /// The option spelling, e.g. `gpu`.
    pub fn name(self) -> &'static str {
        TARGETS[self as usize].name
    }

    /// The value at `index` in the table's `TARGETS`.
    pub fn from_index(index: usize) -> Option<Target> {
        Self::ALL.get(index).copied()
    }
}

/// Every option of every pass, typed. `Default` gives the table's defaults.
#[derive(Clone, Debug)]
pub struct Options {
    pub scheduler: SchedulerKind,
    /// Tile permutable bands of depth >= 2.
    pub tile: bool,
    /// Tile size per band member; the last entry repeats for deeper members.
    pub tile_sizes: Vec<i64>,
    /// Mark the outermost coincident loop of each band path parallel.
    pub parallel: bool,
    /// With `parallel`: the coincident members right after the marked one run in
    /// parallel with it, collapsed into one loop nest (`transform::parallel`).
    pub parallel_collapse: bool,
    /// A parallel loop runs in parallel only when one execution of it is estimated,
    /// at run time, to run at least this many statement instances (codegen emits
    /// both versions); 0: always.
    pub parallel_min_work: u64,
    /// Codegen puts the distinct memref arguments a SCoP accesses through
    /// `memref.distinct_objects`: the assumption Tessel's aliasing model already makes
    /// (distinct arguments are distinct buffers, as C `restrict` arrays), told to LLVM.
    pub distinct_arguments: bool,
    /// isl operations budget per isl context (`isl_ctx_set_max_operations`); each
    /// public function uses one context. 0 means no limit.
    pub max_operations: u64,
    /// Fusion policy of the Pluto/Isl/Feautrier schedulers.
    pub fuse: FuseMode,
    /// Read-after-read pairs between statements as proximity (`rar`): reuse of
    /// shared reads counts for fusion (`analysis::dataflow::input_dependences`).
    pub rar: bool,
    /// Live-range reordering (seed 001 §2.3): our schedulers may reorder the live
    /// ranges of one memory element (e.g. interchange loops around a scalar
    /// temporary) as long as none overlaps another (conditional validity), and
    /// schedules are verified by comparing their dataflow with the original's.
    pub live_range_reordering: bool,
    /// With `tile` and `parallel`: when a tile band has no coincident member among
    /// its first two, skew its outermost tile loop by the next one, which then
    /// becomes parallel (seed 000 §4.6, seed 004 §1.12).
    pub wavefront: bool,
    /// With `wavefront`: a stencil's time tiles cut as diamonds where the dependences
    /// allow it, for concurrent start (`transform::diamond`).
    pub diamond: bool,
    /// Post-tile reordering: in each point band (and each untiled permutable band),
    /// sink innermost the member with the most spatial reuse (`transform::intra_tile`).
    pub intra_tile: bool,
    /// Register block of each point band that has one (`transform::register_tile`).
    pub register_tile: RegisterBlock,
    /// Unroll-and-jam block around scalar reduction chains (`transform::jam`);
    /// 0 or 1: none.
    pub unroll_jam: u64,
    /// Cache line size in bytes; 0 means the host's (`support::host`).
    pub line_size: u64,
    /// Bytes of L2 for the tile-size model and the time-tile choice (`l2-size`);
    /// 0: the host's.
    pub l2_size: u64,
    /// Bytes of one vector register, for the register block's size; 0 means the
    /// host's (`support::host`).
    pub vector_bytes: u64,
    /// `h_lim` of seed 000 §4.6 for `scheduler=spatial`: when the first member of a
    /// band cannot be coincident and the statements' register-pressure measure `h`
    /// exceeds it, a Feautrier step computes that member instead.
    pub spatial_hlim: u64,
    /// Wall-clock budget of one public call (the pass gives each SCoP what is left of
    /// its function's budget). Every isl computation is aborted when it runs out, and
    /// `optimize` retries with less before it gives up (`pipeline::degrade`).
    /// `Duration::ZERO` means no limit.
    pub time_budget: std::time::Duration,
    /// What the optimized code runs on.
    pub target: Target,
    /// `target=gpu`: threads per block along each mapped loop.
    pub gpu_block: u64,
    /// `target=gpu`: shared-memory and register promotion (`codegen::gpu`).
    pub gpu_promote: bool,
    /// The outermost level's fusion structure (seed 002's ρ_1, one position per
    /// statement); empty: none (`scheduler::fusion_space`).
    pub fusion_structure: Vec<i64>,
    /// Definition 7's slack `c` for the fusion space.
    pub fusion_slack: u64,
    /// A tuning database to read (`tuning-db`); empty: none. Read by the pass that
    /// runs the optimizer, which owns the I/O.
    pub tuning_db: String,
}

/// The register block of a point band (`register-tile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegisterBlock {
    /// Of 8 vector registers of the written element (at most 64 elements), shaped
    /// by the load model (`transform::register_tile::shape`).
    Model,
    /// `[rows, columns]`; `[1, 1]`: none.
    Fixed([i64; 2]),
}

impl RegisterBlock {
    /// No register blocks.
    pub const NONE: RegisterBlock = RegisterBlock::Fixed([1, 1]);
}

impl Default for Options {
    /// The table's defaults, so the library and the passes agree.
    fn default() -> Self {
        Options {
            scheduler: SchedulerKind::Auto,
            tile: true,
            tile_sizes: Vec::new(),
            parallel: true,
            parallel_collapse: true,
            parallel_min_work: DEFAULT_PARALLEL_MIN_WORK,
            distinct_arguments: true,
            max_operations: 20_000_000,
            fuse: FuseMode::Smart,
            rar: true,
            live_range_reordering: false,
            wavefront: true,
            diamond: false,
            intra_tile: true,
            register_tile: RegisterBlock::Model,
            unroll_jam: DEFAULT_UNROLL_JAM,
            line_size: 0,
            l2_size: 0,
            vector_bytes: 0,
            spatial_hlim: DEFAULT_SPATIAL_HLIM,
            time_budget: std::time::Duration::from_secs(8),
            target: Target::Cpu,
            gpu_block: DEFAULT_GPU_BLOCK,
            gpu_promote: true,
            fusion_structure: Vec::new(),
            fusion_slack: 0,
            tuning_db: String::new(),
        }
    }
}

/// An option's value as a pass hands it over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    Bool(bool),
    UInt(u64),
    /// The index of the value in the option's `values`.
    Enum(usize),
    IntList(&'a [i64]),
    Text(&'a str),
}

/// An option that doesn't exist, or a value that doesn't fit its option.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("unknown Tessel option '{0}'")]
    Unknown(String),
    #[error("option '{option}': cannot read '{value}'")]
    Unreadable { option: &'static str, value: String },
    #[error("option '{option}' takes one of {}", values.join(", "))]
    NotOneOf {
        option: &'static str,
        values: Vec<&'static str>,
    },
    #[error("option '{0}' got a value of the wrong type")]
    WrongType(&'static str),
    #[error("option '{option}' has no value number {index}")]
    UnknownValue { option: &'static str, index: usize },
    #[error("option 'tile-sizes' must be positive, got {0}")]
    NonPositiveTileSize(i64),
    #[error("option 'register-tile' takes two positive sizes (rows,columns), got {0:?}")]
    BadRegisterTile(Vec<i64>),
}

impl OptionSpec {
    /// The default as a [`Value`].
    pub fn default_value(&self) -> Value<'static> {
        match self.kind {
            OptionKind::Bool { default } => Value::Bool(default),
            OptionKind::UInt { default } => Value::UInt(default),
            OptionKind::Enum { values, default } => Value::Enum(
                values
                    .iter()
                    .position(|c| c.name == default)
                    .unwrap_or(usize::MAX),
            ),
            OptionKind::IntList { default, .. } => Value::IntList(default),
            OptionKind::Text { .. } => Value::Text(""),
        }
    }

    /// The table row of `id`.
    pub fn of(id: OptionId) -> &'static OptionSpec {
        OPTIONS
            .iter()
            .find(|o| o.id == id)
            .expect("every OptionId has a row (unit test)")
    }
}

impl PassKind {
    /// The pass numbered `index` across the FFI.
    pub fn from_index(index: u32) -> Option<PassKind> {
        PASSES.get(index as usize).map(|p| p.kind)
    }

    /// Whether the pass reads option `spec` (and lists it in `--help`).
    pub fn reads(self, spec: &OptionSpec) -> bool {
        spec.passes.contains(&self)
    }
}

impl Options {
    /// The options the scheduler and transforms run with for `target`: on a GPU the
    /// parallel loops are strip-mined into blocks and threads at mapping
    /// (`codegen::gpu`), so CPU tiling, wavefronts, register blocks and unroll-and-jam
    /// (which would leave one thread a tile's or a block's work) are off, the CPU's
    /// post-tile reordering gives way to the GPU order
    /// (`transform::intra_tile::order_for_gpu`), `auto` scheduling is `isl`, every
    /// coincident loop right inside the outermost one is marked parallel with it, and
    /// no parallel loop is guarded by its work.
    pub fn for_target(&self) -> Options {
        if self.target != Target::Gpu {
            return self.clone();
        }
        let mut o = self.without_transforms();
        // PPCG's choice: the isl preset enforces outer coincidence, so a band
        // that must carry a dependence (lu's k) is split off and the coincident
        // members under it form their own band, mapped to the GPU. The CPU cost
        // model (`auto`) ranks schedules by cache lines, which a GPU does not
        // reward the same way.
        if o.scheduler == SchedulerKind::Auto {
            o.scheduler = SchedulerKind::Isl;
        }
        o.parallel = true;
        o.parallel_collapse = true;
        o.parallel_min_work = 0;
        o
    }

    /// The options written as in a pass pipeline, `name=value` separated by spaces
    /// (`parallel-min-work=0 scheduler=isl tile-sizes=32,32`), over the defaults; a
    /// boolean may be written alone for true. For the places that take Tessel's
    /// options as text (`transform.tessel.generate`'s `options`).
    pub fn from_text(text: &str) -> Result<Options, OptionError> {
        let mut opts = Options::default();
        opts.apply_text(text)?;
        Ok(opts)
    }

    /// [`Options::from_text`] over these options instead of the defaults.
    pub fn apply_text(&mut self, text: &str) -> Result<(), OptionError> {
        let opts = self;
        for item in text.split_whitespace() {
            let (name, value) = item.split_once('=').unwrap_or((item, ""));
            let spec = OPTIONS
                .iter()
                .find(|o| o.name == name)
                .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
            let bad = || OptionError::Unreadable {
                option: spec.name,
                value: value.to_string(),
            };
            let list: Vec<i64>;
            let parsed = match spec.kind {
                OptionKind::Bool { .. } => Value::Bool(match value {
                    "" | "true" | "1" => true,
                    "false" | "0" => false,
                    _ => return Err(bad()),
                }),
                OptionKind::UInt { .. } => Value::UInt(value.parse().map_err(|_| bad())?),
                OptionKind::Enum { values, .. } => {
                    Value::Enum(values.iter().position(|c| c.name == value).ok_or_else(|| {
                        OptionError::NotOneOf {
                            option: spec.name,
                            values: values.iter().map(|c| c.name).collect(),
                        }
                    })?)
                }
                OptionKind::Text { .. } => Value::Text(value),
                OptionKind::IntList { .. } => {
                    list = value
                        .split(',')
                        .filter(|v| !v.is_empty())
                        .map(|v| v.parse().map_err(|_| bad()))
                        .collect::<Result<_, _>>()?;
                    Value::IntList(&list)
                }
            };
            opts.set(spec.id, parsed)?;
        }
        Ok(())
    }

    /// The options among `ids` whose value differs from `base`'s, written as
    /// [`Options::apply_text`] reads them (`tile=1 unroll-jam=4`), in table order.
    /// A list option at its default (`register-tile`'s model) is written empty.
    pub fn text_over(&self, base: &Options, ids: &[OptionId]) -> String {
        let mut items = Vec::new();
        for spec in OPTIONS.iter().filter(|o| ids.contains(&o.id)) {
            let value = self.get(spec.id);
            if value == base.get(spec.id) {
                continue;
            }
            let text = match (value, &spec.kind) {
                (Value::Bool(b), _) => u8::from(b).to_string(),
                (Value::UInt(n), _) => n.to_string(),
                (Value::Enum(i), OptionKind::Enum { values, .. }) => values
                    .get(i)
                    .map_or_else(String::new, |c| c.name.to_string()),
                (Value::Enum(i), _) => i.to_string(),
                (Value::Text(text), _) => text.to_string(),
                (Value::IntList(list), _) => {
                    let items: Vec<String> = list.iter().map(i64::to_string).collect();
                    items.join(",")
                }
            };
            items.push(format!("{}={text}", spec.name));
        }
        items.join(" ")
    }

    /// These options with the transforms that follow scheduling off (tiling,
    /// post-tile reordering, wavefronts, unroll-and-jam, register blocks): what
    /// `transform.tessel.generate` starts from, so that a Clay script's schedule is
    /// generated as written unless its `options` turn them on.
    pub fn without_transforms(&self) -> Options {
        Options {
            tile: false,
            intra_tile: false,
            wavefront: false,
            diamond: false,
            unroll_jam: 0,
            register_tile: RegisterBlock::NONE,
            ..self.clone()
        }
    }

    /// Whether a transform that follows scheduling is on (see
    /// [`Options::without_transforms`]; a wavefront needs tiling).
    pub fn transforms_after_scheduling(&self) -> bool {
        self.tile
            || self.intra_tile
            || self.unroll_jam > 1
            || self.register_tile != RegisterBlock::NONE
    }
}

/// The options of the transforms that follow scheduling, and of what they read (the
/// caches, the parallel loops): those `transform.tessel.generate` repeats after a
/// Clay script to give `tessel-optimize`'s code.
pub const AFTER_SCHEDULING: &[OptionId] = &[
    OptionId::Tile,
    OptionId::TileSizes,
    OptionId::Parallel,
    OptionId::ParallelCollapse,
    OptionId::ParallelMinWork,
    OptionId::Wavefront,
    OptionId::Diamond,
    OptionId::IntraTile,
    OptionId::RegisterTile,
    OptionId::UnrollJam,
    OptionId::LineSize,
    OptionId::L2Size,
    OptionId::VectorBytes,
];

impl Options {
    /// Sets option `id`. An empty list means the option's default.
    pub fn set(&mut self, id: OptionId, value: Value<'_>) -> Result<(), OptionError> {
        let name = OptionSpec::of(id).name;
        let wrong = OptionError::WrongType(name);
        let unknown = |index| OptionError::UnknownValue {
            option: name,
            index,
        };
        match (id, value) {
            (OptionId::Scheduler, Value::Enum(i)) => {
                self.scheduler = SchedulerKind::from_index(i).ok_or(unknown(i))?
            }
            (OptionId::Fuse, Value::Enum(i)) => {
                self.fuse = FuseMode::from_index(i).ok_or(unknown(i))?
            }
            (OptionId::TileSizes, Value::IntList(sizes)) => {
                let sizes = match (sizes, OptionSpec::of(id).default_value()) {
                    ([], Value::IntList(default)) => default,
                    _ => sizes,
                };
                if let Some(&bad) = sizes.iter().find(|&&s| s < 1) {
                    return Err(OptionError::NonPositiveTileSize(bad));
                }
                self.tile_sizes = sizes.to_vec();
            }
            (OptionId::RegisterTile, Value::IntList(sizes)) => {
                self.register_tile = match sizes {
                    [] => RegisterBlock::Model,
                    &[rows, columns] if rows >= 1 && columns >= 1 => {
                        RegisterBlock::Fixed([rows, columns])
                    }
                    _ => return Err(OptionError::BadRegisterTile(sizes.to_vec())),
                };
            }
            (OptionId::Target, Value::Enum(i)) => {
                self.target = Target::from_index(i).ok_or(unknown(i))?
            }
            (OptionId::GpuBlock, Value::UInt(n)) => self.gpu_block = n,
            (OptionId::GpuPromote, Value::Bool(b)) => self.gpu_promote = b,
            (OptionId::FusionStructure, Value::IntList(positions)) => {
                self.fusion_structure = positions.to_vec()
            }
            (OptionId::FusionSlack, Value::UInt(c)) => self.fusion_slack = c,
            (OptionId::TuningDb, Value::Text(path)) => self.tuning_db = path.to_string(),
            (OptionId::MaxOperations, Value::UInt(n)) => self.max_operations = n,
            (OptionId::TimeBudget, Value::UInt(s)) => {
                self.time_budget = std::time::Duration::from_secs(s)
            }
            (OptionId::Tile, Value::Bool(b)) => self.tile = b,
            (OptionId::Rar, Value::Bool(b)) => self.rar = b,
            (OptionId::Parallel, Value::Bool(b)) => self.parallel = b,
            (OptionId::ParallelCollapse, Value::Bool(b)) => self.parallel_collapse = b,
            (OptionId::ParallelMinWork, Value::UInt(n)) => self.parallel_min_work = n,
            (OptionId::DistinctArguments, Value::Bool(b)) => self.distinct_arguments = b,
            (OptionId::Wavefront, Value::Bool(b)) => self.wavefront = b,
            (OptionId::Diamond, Value::Bool(b)) => self.diamond = b,
            (OptionId::IntraTile, Value::Bool(b)) => self.intra_tile = b,
            (OptionId::LineSize, Value::UInt(n)) => self.line_size = n,
            (OptionId::L2Size, Value::UInt(n)) => self.l2_size = n,
            (OptionId::VectorBytes, Value::UInt(n)) => self.vector_bytes = n,
            (OptionId::SpatialHlim, Value::UInt(n)) => self.spatial_hlim = n,
            (OptionId::UnrollJam, Value::UInt(n)) => self.unroll_jam = n,
            (OptionId::LiveRangeReordering, Value::Bool(b)) => self.live_range_reordering = b,
            _ => return Err(wrong),
        }
        Ok(())
    }

    /// The value of option `id`.
    pub fn get(&self, id: OptionId) -> Value<'_> {
        match id {
            OptionId::Scheduler => Value::Enum(self.scheduler as usize),
            OptionId::Fuse => Value::Enum(self.fuse as usize),
            OptionId::TileSizes => Value::IntList(&self.tile_sizes),
            OptionId::Target => Value::Enum(self.target as usize),
            OptionId::GpuBlock => Value::UInt(self.gpu_block),
            OptionId::GpuPromote => Value::Bool(self.gpu_promote),
            OptionId::FusionStructure => Value::IntList(&self.fusion_structure),
            OptionId::FusionSlack => Value::UInt(self.fusion_slack),
            OptionId::TuningDb => Value::Text(&self.tuning_db),
            OptionId::MaxOperations => Value::UInt(self.max_operations),
            OptionId::TimeBudget => Value::UInt(self.time_budget.as_secs()),
            OptionId::Tile => Value::Bool(self.tile),
            OptionId::Rar => Value::Bool(self.rar),
            OptionId::Parallel => Value::Bool(self.parallel),
            OptionId::ParallelCollapse => Value::Bool(self.parallel_collapse),
            OptionId::ParallelMinWork => Value::UInt(self.parallel_min_work),
            OptionId::DistinctArguments => Value::Bool(self.distinct_arguments),
            OptionId::Wavefront => Value::Bool(self.wavefront),
            OptionId::Diamond => Value::Bool(self.diamond),
            OptionId::IntraTile => Value::Bool(self.intra_tile),
            OptionId::RegisterTile => Value::IntList(match &self.register_tile {
                RegisterBlock::Model => &[],
                RegisterBlock::Fixed(sizes) => sizes,
            }),
            OptionId::LineSize => Value::UInt(self.line_size),
            OptionId::L2Size => Value::UInt(self.l2_size),
            OptionId::VectorBytes => Value::UInt(self.vector_bytes),
            OptionId::SpatialHlim => Value::UInt(self.spatial_hlim),
            OptionId::UnrollJam => Value::UInt(self.unroll_jam),
            OptionId::LiveRangeReordering => Value::Bool(self.live_range_reordering),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn transforms_after_scheduling_are_written_and_read_back() {
        // The defaults turn on tiling (wavefront, intra-tile reordering), register
        // blocks (the model: an empty list) and unroll-and-jam by 4; generate's base
        // has them off, so those five are what a script's generate must say.
        let defaults = Options::default();
        let base = defaults.without_transforms();
        assert!(defaults.transforms_after_scheduling());
        assert!(!base.transforms_after_scheduling());
        let text = defaults.text_over(&base, AFTER_SCHEDULING);
        assert_eq!(
            text,
            "tile=1 wavefront=1 intra-tile=1 register-tile= unroll-jam=4"
        );
        let mut back = base.clone();
        back.apply_text(&text).unwrap();
        for spec in OPTIONS {
            assert_eq!(back.get(spec.id), defaults.get(spec.id), "{}", spec.name);
        }
        // Only the listed options, and only where they differ.
        let custom = Options {
            tile_sizes: vec![32, 8],
            parallel_min_work: 0,
            scheduler: SchedulerKind::Pluto,
            ..base.clone()
        };
        assert_eq!(
            custom.text_over(&base, AFTER_SCHEDULING),
            "tile-sizes=32,8 parallel-min-work=0"
        );
        assert_eq!(base.text_over(&base, AFTER_SCHEDULING), "");
    }

    #[test]
    fn options_from_text() {
        let o = Options::from_text("parallel-min-work=0 scheduler=isl tile-sizes=32,16 tile=false")
            .unwrap();
        assert_eq!(o.parallel_min_work, 0);
        assert_eq!(o.scheduler, SchedulerKind::Isl);
        assert_eq!(o.tile_sizes, [32, 16]);
        assert!(!o.tile);
        assert!(Options::from_text("wavefront").unwrap().wavefront);
        assert_eq!(
            format!("{:?}", Options::from_text("").unwrap()),
            format!("{:?}", Options::default())
        );
        let err = |text| Options::from_text(text).unwrap_err();
        assert_eq!(
            err("parallel-min-wrk=0"),
            OptionError::Unknown("parallel-min-wrk".into())
        );
        assert!(matches!(
            err("scheduler=fast"),
            OptionError::NotOneOf { option: "scheduler", values } if values[..2] == ["isl", "pluto"]
        ));
        assert!(matches!(
            err("parallel-min-work=-1"),
            OptionError::Unreadable {
                option: "parallel-min-work",
                ..
            }
        ));
        assert_eq!(err("tile-sizes=0"), OptionError::NonPositiveTileSize(0));
    }

    use super::*;

    #[test]
    fn every_option_id_has_one_row() {
        for spec in &OPTIONS {
            assert_eq!(
                OPTIONS.iter().filter(|o| o.id == spec.id).count(),
                1,
                "{}",
                spec.name
            );
            assert_eq!(
                OPTIONS.iter().filter(|o| o.name == spec.name).count(),
                1,
                "{}",
                spec.name
            );
        }
    }

    #[test]
    fn library_default_is_the_table_default() {
        let defaults = Options::default();
        for spec in &OPTIONS {
            assert_eq!(defaults.get(spec.id), spec.default_value(), "{}", spec.name);
        }
    }

    #[test]
    fn every_value_round_trips() {
        for spec in &OPTIONS {
            let mut o = Options::default();
            let values: Vec<Value> = match spec.kind {
                OptionKind::Bool { .. } => vec![Value::Bool(false), Value::Bool(true)],
                OptionKind::UInt { .. } => vec![Value::UInt(0), Value::UInt(7)],
                OptionKind::Enum { values, .. } => (0..values.len()).map(Value::Enum).collect(),
                OptionKind::IntList { .. } => vec![Value::IntList(&[4, 8])],
                OptionKind::Text { .. } => vec![Value::Text("/tmp/x.db"), Value::Text("")],
            };
            for v in values {
                o.set(spec.id, v).unwrap();
                assert_eq!(o.get(spec.id), v, "{}", spec.name);
            }
        }
    }

    #[test]
    fn enum_values_follow_the_table() {
        assert_eq!(SchedulerKind::ALL.len(), SCHEDULERS.len());
        for (i, k) in SchedulerKind::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
        }
        assert_eq!(FuseMode::ALL.len(), FUSE_MODES.len());
        for (i, k) in FuseMode::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
        }
        assert_eq!(SchedulerKind::IslReference.name(), "isl-reference");
        assert_eq!(FuseMode::default().name(), "smart");
    }

    #[test]
    fn passes_follow_the_table() {
        for (i, p) in PASSES.iter().enumerate() {
            assert_eq!(p.kind as usize, i);
            assert_eq!(PassKind::from_index(i as u32), Some(p.kind));
        }
        let reads = |k: PassKind| OPTIONS.iter().filter(|o| k.reads(o)).count();
        assert_eq!(reads(PassKind::PrintScop), 0);
        assert_eq!(reads(PassKind::PrintDependences), 3);
        // Every option but the fusion space's slack, which only that pass reads.
        assert_eq!(reads(PassKind::Optimize), OPTIONS.len() - 1);
        assert_eq!(reads(PassKind::PrintFusionSpace), 4);
        assert_eq!(reads(PassKind::RaiseScf), 0);
    }

    #[test]
    fn bad_values_are_errors() {
        let mut o = Options::default();
        assert!(o
            .set(OptionId::Scheduler, Value::Enum(SCHEDULERS.len()))
            .is_err());
        assert!(o.set(OptionId::Tile, Value::UInt(1)).is_err());
        assert_eq!(
            o.set(OptionId::TileSizes, Value::IntList(&[32, 0])),
            Err(OptionError::NonPositiveTileSize(0))
        );
        o.set(OptionId::TileSizes, Value::IntList(&[8])).unwrap();
        // An empty list is the default: sizes from the footprint model.
        o.set(OptionId::TileSizes, Value::IntList(&[])).unwrap();
        assert!(o.tile_sizes.is_empty());
    }
}
