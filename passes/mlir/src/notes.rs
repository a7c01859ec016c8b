//! The words of what the core reports beside the code (`tessel_poly::notes`): the
//! texts of the remarks that follow `tessel: `.

use tessel_poly::clay::schedule::beta_text;
use tessel_poly::notes::{
    CostModel, Jam, JamNote, NoGain, Note, RegisterNote, Rung, Score, TileSizes, Tiling,
};
use tessel_poly::{Expr, HostNode};

use crate::tuning::TuningNote;

/// One note, as its remark says it.
pub fn note(note: &Note) -> String {
    match note {
        Note::OutOfTime { stage, rung, next } => format!(
            "time budget: {stage} ran out of time {}; retried {}",
            rung_words(*rung),
            rung_words(*next)
        ),
        Note::Refused { rung, why, next } => format!(
            "refused {} ({why}); retried {}",
            rung_words(*rung),
            rung_words(*next)
        ),
        Note::SchedulerFailed { scheduler, why } => format!(
            "scheduler {} failed ({why}); kept the original schedule",
            scheduler.name()
        ),
        Note::IslReferenceKeepsDependences => {
            "isl-reference keeps every dependence; live-range reordering is ours".into()
        }
        Note::CostModel(choice) => cost_model(choice),
        Note::AstRegenerated { first, changes } => {
            format!("AST generation: isl's first AST was refused ({first}); regenerated {changes}")
        }
        Note::Jam(jam) => jam_note(jam),
        Note::PartlyParallel { beta } => format!(
            "loop {} stays sequential: parallelize marked only part of it",
            beta_text(beta)
        ),
        Note::FusionStructure { groups, scheduler } => {
            let groups: Vec<String> = groups
                .iter()
                .map(|g| format!("({})", g.join(" ")))
                .collect();
            format!(
                "fusion structure {} (scheduler {}, maximal fusion below it)",
                groups.join(" "),
                scheduler.name()
            )
        }
        Note::StructureRefused(why) => format!("{why}; scheduled without it"),
        Note::StructureUnused { scheduler } => format!(
            "fusion-structure is for the isl and pluto presets; scheduler {} does not use it",
            scheduler.name()
        ),
    }
}

/// What the tuning database gave a SCoP (`tuning-db`).
pub fn tuning(note: &TuningNote) -> String {
    match note {
        TuningNote::Tuned(entry) => {
            let what = match (entry.options.is_empty(), entry.structure.is_empty()) {
                (true, _) => "the default".to_string(),
                (false, true) => entry.options.clone(),
                (false, false) => format!("{} ({})", entry.structure, entry.options),
            };
            format!(
                "tuned: {what}, measured {:.2}x over the default on {}, {}",
                entry.speedup, entry.cpu, entry.measured_at
            )
        }
        TuningNote::NotApplied { db, options, why } => format!(
            "tuning database {db}: the entry's options '{options}' do not apply ({why}); \
             scheduled as without it"
        ),
        TuningNote::Elsewhere {
            db,
            key,
            target,
            elsewhere,
        } => format!(
            "tuning database {db}: no entry for this SCoP on this target (model {key}, \
             {target}; {elsewhere} for other targets or space versions); scheduled as \
             without it"
        ),
        TuningNote::Unreadable(e) => format!("{e}; scheduled as without it"),
    }
}

/// Why the cost model keeps a SCoP's original code.
pub fn no_gain(g: &NoGain) -> String {
    let sweeps = match g.sweeps {
        Some((new, old)) => format!(", {new} matrix sweeps against {old}"),
        None => String::new(),
    };
    format!(
        "the cost model finds no gain: no parallel loop, tile or unroll-and-jam, and {} cache \
         lines crossed per innermost iteration against the original order's {}{sweeps}",
        g.misses, g.original_misses
    )
}

/// How `bands` permutable bands were tiled, or why not, or a register block.
pub fn tiling(t: &Tiling, bands: usize) -> String {
    let text = match t {
        Tiling::Untiled {
            members,
            wavefront,
            sunk,
        } => {
            let short_wavefront = match wavefront {
                Some((work, min_work)) => format!(
                    ", nor a wavefront with the work to run in parallel (about {work} statement \
                     instances per diagonal, under parallel-min-work={min_work})"
                ),
                None => String::new(),
            };
            format!(
                "tiling: a band of {members} members left untiled (no reuse that the untiled \
                 loops would lose from the cache{short_wavefront}){}",
                sunk_words(*sunk)
            )
        }
        Tiling::Tiled {
            members,
            sizes,
            source,
            sunk,
        } => {
            let sizes: Vec<String> = sizes.iter().map(i64::to_string).collect();
            let source = match source {
                TileSizes::TimeTiles { l2_kib } => format!(
                    "time tiles for a wavefront: one size but a long innermost, the tile's data \
                     in half of the {l2_kib} KiB L2"
                ),
                TileSizes::Wavefront => "square, for a wavefront".into(),
                TileSizes::Footprint { l2_kib } => {
                    format!("footprint model: a tile's data in half of the {l2_kib} KiB L2")
                }
                TileSizes::Parallel => "square, so that the parallel member's tile loop stays \
                                        outermost while its point loop goes innermost"
                    .into(),
                TileSizes::Chains => "square, so that the dependence chain along each row of \
                                      the innermost loop is short and the next row's chain \
                                      overlaps it"
                    .into(),
                TileSizes::Given => "tile-sizes".into(),
            };
            format!(
                "tiling: a band of {members} members tiled {} ({source}){}",
                sizes.join("x"),
                sunk_words(*sunk)
            )
        }
        Tiling::Strips {
            members,
            width,
            member,
        } => format!(
            "tiling: a band of {members} members cut into strips of {width} along member \
             {member}, whose strip loop stays outermost and parallel while the member goes \
             innermost (a streaming SCoP: square tiles would break the prefetcher's streams)"
        ),
        Tiling::Diamond { factor, shifted } => {
            let shifted = match shifted {
                0 => String::new(),
                1 => " (1 statement shifted)".into(),
                k => format!(" ({k} statements shifted)"),
            };
            format!(
                "tiling: the time tiles cut as diamonds, along {factor}*time - space{shifted} \
                 instead of the time member, so that the wavefront starts with every tile of \
                 the first time steps (concurrent start)"
            )
        }
        Tiling::Distributed => "tiling: the innermost point loop distributed over the \
                                statements fused in it (one vectorizable loop each)"
            .into(),
        Tiling::FusedSiblings { bands, size } => format!(
            "tiling: {bands} sibling bands that touch the same data along their parallel first \
             member fused under one tile loop of {size} of it (each tile's data stays in the \
             cache from one band to the next)"
        ),
        Tiling::Register(r) => register(r),
    };
    if bands == 1 {
        text
    } else {
        format!("{text} ({bands} such bands)")
    }
}

fn rung_words(rung: Rung) -> &'static str {
    match rung {
        Rung::AsAsked => "as asked",
        Rung::WithoutFusion => "without fusion",
        Rung::WithoutTiling => "without tiling",
        Rung::OriginalSchedule => "with the original schedule",
    }
}

fn cost_model(c: &CostModel) -> String {
    let scores: Vec<String> = c
        .scores
        .iter()
        .map(|s| match s {
            Score::Lines {
                preset,
                misses,
                parallel,
            } => format!(
                "{} {misses}{}",
                preset.name(),
                if *parallel { "" } else { " (no parallel loop)" }
            ),
            Score::Rejected { preset, why } => format!("{} rejected ({why})", preset.name()),
            Score::OutOfShare(preset) => {
                format!("{} ran out of its share of the time budget", preset.name())
            }
        })
        .collect();
    let sweeps = match &c.sweeps {
        Some(s) => format!(
            "; matrix sweeps: {} {}, the original order {} with {} cache lines",
            s.preset.name(),
            s.sweeps,
            s.original_sweeps,
            s.original_misses
        ),
        None => String::new(),
    };
    let time_tiles = match &c.time_tiles {
        Some(t) => format!(
            "; {}'s time loop walks about {} KiB per step at the nominal sizes, over half of \
             the L2, so {}'s time tiles",
            t.kept.name(),
            t.kib,
            t.tiled.name()
        ),
        None => String::new(),
    };
    format!(
        "cost model: chose {} (cache lines crossed per innermost iteration: {}{sweeps}{time_tiles})",
        c.chose.name(),
        scores.join(", ")
    )
}

fn jam_note(note: &JamNote) -> String {
    match note {
        JamNote::Kept { jam, scalar_copies } => format!(
            "unroll-and-jam: {} and jammed, {}{}",
            jam_words(jam),
            if *scalar_copies {
                "with a copy of the scalar per unrolled iteration"
            } else {
                "each copy on elements of its own"
            },
            if jam.split {
                "; each block jammed up to the first position where its copies would meet, \
                 the rest of it after, in the original order"
            } else {
                ""
            }
        ),
        JamNote::Reverses(jam) => format!(
            "unroll-and-jam of {}: not kept (interleaving the copies would reverse a dependence)",
            jam_words(jam)
        ),
        JamNote::Refused { jam, why } => {
            // The dependences at fault can be long: their start says enough.
            let why: String = why.to_string().chars().take(200).collect();
            format!("unroll-and-jam of {}: not kept ({why}...)", jam_words(jam))
        }
        JamNote::OutOfShare => {
            "unroll-and-jam: not kept (it ran out of its share of the budget)".into()
        }
    }
}

fn jam_words(jam: &Jam) -> String {
    let blocks: Vec<String> = jam.blocks.iter().map(i64::to_string).collect();
    format!(
        "{} loop{} around the chains on {}, unrolled by {}",
        jam.loops,
        if jam.loops == 1 { "" } else { "s" },
        jam.arrays.join(", "),
        blocks.join(", ")
    )
}

fn sunk_words(sunk: Option<usize>) -> String {
    match sunk {
        Some(m) => format!("; member {m} moved innermost (post-tile reordering)"),
        None => String::new(),
    }
}

fn register(r: &RegisterNote) -> String {
    match r {
        RegisterNote::NoShape {
            statement,
            elements,
            tile,
            members,
        } => format!(
            "register tile: none for {statement}: no block of {elements} elements divides the \
             {}x{} tile of members {} and {}",
            tile[0], tile[1], members[0], members[1]
        ),
        RegisterNote::DoesNotDivide {
            statement,
            block,
            tile,
            members,
        } => format!(
            "register tile: none for {statement}: the {}x{} block does not divide the {}x{} tile \
             of members {} and {}",
            block[0], block[1], tile[0], tile[1], members[0], members[1]
        ),
        RegisterNote::Kept {
            statement,
            block,
            members,
            across,
            model,
            split_off,
            product_tiles,
        } => {
            let why = match model {
                Some((elements, loads)) => format!(
                    " (of the shapes of {elements} elements, the one with the fewest loads per \
                     step: {loads})"
                ),
                None => String::new(),
            };
            format!(
                "register tile: {}x{} block of {statement} (members {} and {}) kept in registers \
                 across member {across}{why}{}",
                block[0],
                block[1],
                members[0],
                members[1],
                match (split_off, product_tiles) {
                    (true, _) => "; the band's other statements split off",
                    (false, true) => {
                        " in the tiles where its instances span whole rows along that member and \
                         no other statement runs (the other tiles keep their loops)"
                    }
                    (false, false) => "",
                }
            )
        }
    }
}

/// One line per kernel of a SCoP mapped to the GPU: its block, its grid, and the
/// host loops it is launched from (one launch per iteration of each).
pub fn kernels(nodes: &[HostNode]) -> Vec<String> {
    let mut lines = vec![];
    describe_into(nodes, &mut vec![], &mut lines);
    lines
}

fn describe_into(nodes: &[HostNode], host: &mut Vec<String>, lines: &mut Vec<String>) {
    for n in nodes {
        match n {
            HostNode::For { iterator, body, .. } => {
                host.push(iterator.clone());
                describe_into(body, host, lines);
                host.pop();
            }
            HostNode::If {
                then_branch,
                else_branch,
                ..
            } => {
                describe_into(then_branch, host, lines);
                describe_into(else_branch, host, lines);
            }
            HostNode::Kernel(k) => {
                let [x, y, z] = k.block();
                let grid: Vec<String> = if k.dims.is_empty() {
                    vec!["1".into()]
                } else {
                    k.dims
                        .iter()
                        .rev()
                        .map(|d| {
                            let span = match &d.first {
                                Expr::Int(0) => format!("{} + 1", d.last),
                                first => format!("{} - ({first}) + 1", d.last),
                            };
                            format!("ceil(({span})/{}) for {}", d.threads, d.iterator)
                        })
                        .collect()
                };
                let from = if host.is_empty() {
                    "once".to_string()
                } else {
                    format!("once per iteration of host loops {}", host.join(", "))
                };
                lines.push(format!(
                    "kernel {}: block {x}x{y}x{z}, grid x, y, z: {}; launched {from}",
                    lines.len(),
                    grid.join(" x ")
                ));
            }
        }
    }
}
