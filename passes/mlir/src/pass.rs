//! The pass driver: finds the runs of affine ops in a function (as Polly's
//! ScopDetection walks regions), hands each SCoP to the core, and says what happened
//! in remarks.

use crate::analysis::{self, ExtractedScop, Found};
use crate::codegen::{self, CodegenError};
use crate::ir::{self, emit_remark, Location, Op};
use crate::notes;
use crate::tuning::{self, Lookup, TuningNote};
use crate::PassKind;
use std::collections::HashSet;
use std::time::Instant;
use tessel_poly::{Options, PolyError, Target};

/// Why a SCoP keeps its original code (after `tessel: kept the original code of this
/// SCoP: `).
#[derive(Debug, thiserror::Error)]
pub enum Fallback {
    /// The core gave up (budget, verification, unsupported model).
    #[error("{0}")]
    Core(#[from] PolyError),
    #[error(transparent)]
    Codegen(#[from] CodegenError),
    /// The new code was built but MLIR's verifier rejects it (a bug): rolled back.
    #[error("the generated code does not verify")]
    DoesNotVerify,
}

/// What the pass tells the user, one remark each.
enum Remark<'a> {
    Skipped(&'a analysis::ExtractError),
    /// Tessel's own output, found again by a later run.
    OwnOutput,
    Kept(Fallback),
    CannotAnalyze(PolyError),
    Described {
        statements: usize,
        text: String,
    },
    Note(String),
    Explained {
        index: usize,
        statements: usize,
        explained: Box<tessel_poly::Explained>,
        script: String,
    },
    CannotExplain(PolyError),
    /// `target=gpu`: the kernels, one line each.
    Mapped {
        statements: usize,
        kernels: Vec<String>,
        /// Per kernel, what it keeps in shared memory and registers.
        promotions: Vec<String>,
    },
    Optimized {
        statements: usize,
        scheduler: String,
        tiled_bands: usize,
        parallel_loops: usize,
        ms: f64,
    },
    /// The cost model kept the original code ([`tessel_poly::Optimized::no_gain`]).
    Unchanged {
        statements: usize,
        scheduler: String,
        ms: f64,
        why: String,
    },
}

impl std::fmt::Display for Remark<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Remark::Skipped(e) => write!(f, "tessel: skipped this loop nest: {e}"),
            Remark::OwnOutput => write!(
                f,
                "tessel: left this loop nest as it is: Tessel generated it (it carries '{}'); a later run keeps Tessel's output",
                analysis::detect::GENERATED_ATTR
            ),
            Remark::Kept(why) => write!(f, "tessel: kept the original code of this SCoP: {why}"),
            Remark::CannotAnalyze(e) => write!(f, "tessel: cannot analyze this SCoP: {e}"),
            Remark::Described { statements, text } => write!(f, "tessel: SCoP of {statements} statements\n{text}"),
            Remark::Note(note) => write!(f, "tessel: {note}"),
            Remark::Explained { index, statements, explained, script } => {
                let optimize_options = explained.optimize_options();
                let code = if let Some(why) = explained.kept_original.as_ref().map(notes::no_gain) {
                    format!(" (but tessel-optimize keeps the original code of this SCoP: {why}; the script's code, that of the schedule it sets aside, differs in shape from the original)")
                } else if explained.same_code {
                    String::new()
                } else {
                    " (it orders the instances as that schedule does, but its code differs in shape from tessel-optimize's)".to_string()
                };
                write!(
                    f,
                    "tessel: Clay script of SCoP {index} ({} directives for {statements} statements, recovered in {:.1} ms); it gives the code of tessel-optimize{{scheduler={}{}{optimize_options}}}{code}:\n{script}",
                    explained.script.len(),
                    explained.recovery_time.as_secs_f64() * 1e3,
                    explained.options.scheduler.name(),
                    if optimize_options.is_empty() { "" } else { " " },
                )
            }
            Remark::CannotExplain(e) => write!(f, "tessel: cannot explain this SCoP: {e}"),
            Remark::Mapped { statements, kernels, promotions } => {
                write!(
                    f,
                    "tessel: mapped SCoP of {statements} statements to the GPU: {} kernels; arrays copied to the device before, back after\n{}",
                    kernels.len(),
                    kernels.join("\n")
                )?;
                promotions.iter().try_for_each(|p| write!(f, "\n{p}"))
            }
            Remark::Unchanged { statements, scheduler, ms, why } => write!(
                f,
                "tessel: left SCoP of {statements} statements as it was (scheduler={scheduler}, schedule time={ms:.3} ms): {why}"
            ),
            Remark::Optimized { statements, scheduler, tiled_bands, parallel_loops, ms } => write!(
                f,
                "tessel: optimized SCoP of {statements} statements (scheduler={scheduler}, tiled bands={tiled_bands}, parallel loops={parallel_loops}, schedule time={ms:.3} ms)"
            ),
        }
    }
}

/// The first function a statement of the SCoP calls (a `memory(none)` call, the only
/// kind detection admits), if any.
fn called_function(scop: &ExtractedScop) -> Option<String> {
    scop.ops
        .iter()
        .flat_map(|op| std::iter::once(*op).chain(op.nested_ops()))
        .find(|op| ir::is_memory_free_call(*op))
        .map(|call| {
            call.attr("callee")
                .and_then(|c| c.as_flat_symbol())
                .unwrap_or_default()
        })
}

fn remark(loc: Location, r: Remark) {
    emit_remark(loc, &r.to_string());
}

/// The notes of an optimized SCoP, then how its bands were tiled: one remark each.
fn say_notes(loc: Location, optimized: &tessel_poly::Optimized) {
    for note in &optimized.notes {
        remark(loc, Remark::Note(notes::note(note)));
    }
    for (tiling, bands) in &optimized.tiling {
        remark(loc, Remark::Note(notes::tiling(tiling, *bands)));
    }
}

/// `tessel-raise-scf` on `func`: one remark for what it raised, one per op it kept.
fn raise(func: Op) {
    let report = crate::raise::function(func);
    for (op, why) in &report.kept {
        emit_remark(
            op.location(),
            &format!("tessel: kept this '{}': {why}", op.name()),
        );
    }
    if report.loops + report.conditions + report.accesses > 0 {
        emit_remark(
            func.location(),
            &format!(
                "tessel: raised {} scf.for loops to affine.for, {} scf.if to affine.if and {} memref loads and stores to affine ones",
                report.loops, report.conditions, report.accesses
            ),
        );
    }
}

/// Runs one Tessel pass on a `func.func`. Returns false only for a user error in the
/// options; anything the model can't handle gets a remark and leaves the IR as it was.
pub fn run_pass(kind: PassKind, func: Op, options: &Options) -> bool {
    // One span per pass run on a function: TESSEL_LOG shows its time when it closes.
    let _span = tracing::debug_span!(
        "tessel",
        pass = tessel_poly::options::PASSES[kind as usize].argument
    )
    .entered();
    if kind == PassKind::RaiseScf {
        raise(func);
        return true;
    }
    let mut driver = Driver {
        kind,
        func,
        options,
        start: Instant::now(),
        reported: HashSet::new(),
        extracted: 0,
    };
    driver.function();
    true
}

struct Driver<'o> {
    kind: PassKind,
    func: Op,
    options: &'o Options,
    /// When the pass started on this function: `Options::time_budget` is per function.
    start: Instant,
    /// Ops already named in a skip remark: an inner nest that fails on the same op
    /// again is skipped silently.
    reported: HashSet<Op>,
    /// SCoPs extracted so far: the next one's index for `transform.tessel.scop`.
    extracted: usize,
}

impl Driver<'_> {
    fn function(&mut self) {
        analysis::walk(self.func, &mut |found| match found {
            Found::Scop(scop) => self.scop(*scop),
            Found::Skipped { unit, error } => {
                // An inner nest that fails on the same op again is skipped silently.
                if self.reported.insert(error.op) {
                    remark(unit.location(), Remark::Skipped(&error));
                }
            }
            Found::Generated(op) => {
                // Once per op, also when a skipped nest around it named it already.
                if self.reported.insert(op) {
                    remark(op.location(), Remark::OwnOutput);
                }
            }
        });
    }

    /// The options for the next SCoP: the function's time budget is what its earlier
    /// SCoPs left. `None` when nothing is left.
    fn scop_options(&self) -> Option<Options> {
        let budget = self.options.time_budget;
        if budget.is_zero() {
            return Some(self.options.clone());
        }
        let left = budget.saturating_sub(self.start.elapsed());
        (!left.is_zero()).then(|| Options {
            time_budget: left,
            ..self.options.clone()
        })
    }

    fn scop(&mut self, scop: ExtractedScop) {
        let index = self.extracted;
        self.extracted += 1;
        let Some(loc) = scop.ops.first().map(|o| o.location()) else {
            return;
        };
        let Some(options) = self.scop_options() else {
            let spent = PolyError::TimeBudget {
                stage: "the earlier SCoPs of this function",
            };
            remark(
                loc,
                if self.kind == PassKind::Optimize {
                    Remark::Kept(spent.into())
                } else {
                    Remark::CannotAnalyze(spent)
                },
            );
            return;
        };
        let model = &scop.model;
        let text = match self.kind {
            PassKind::PrintScop => tessel_poly::describe_scop(model),
            PassKind::PrintDependences => tessel_poly::describe_dependences(model, &options),
            PassKind::PrintSchedule => tessel_poly::describe_schedule(model, &options),
            PassKind::PrintFusionSpace => tessel_poly::describe_fusion_space(model, &options),
            // It rewrites loops, not SCoPs: `run_pass` runs it without the driver.
            PassKind::RaiseScf => return,
            PassKind::Explain => {
                let r = match tessel_poly::clay_explain(model, &options) {
                    Ok(explained) => {
                        let func = self
                            .func
                            .attr("sym_name")
                            .and_then(ir::Attr::as_string)
                            .unwrap_or_default();
                        let script = crate::clay::script_text(&func, index, &explained);
                        Remark::Explained {
                            index,
                            statements: model.statements.len(),
                            explained: Box::new(explained),
                            script,
                        }
                    }
                    Err(e) => Remark::CannotExplain(e),
                };
                remark(loc, r);
                return;
            }
            PassKind::Optimize => {
                if let Err(why) = self.optimize(scop, &options) {
                    remark(loc, Remark::Kept(why));
                }
                return;
            }
        };
        match text {
            Ok(text) => remark(
                loc,
                Remark::Described {
                    statements: model.statements.len(),
                    text,
                },
            ),
            Err(e) => remark(loc, Remark::CannotAnalyze(e)),
        }
    }

    /// Optimizes one SCoP in place; on an error the IR is as it was.
    fn optimize(&mut self, scop: ExtractedScop, options: &Options) -> Result<(), Fallback> {
        let Some(loc) = scop.ops.first().map(|o| o.location()) else {
            return Ok(());
        };
        let tuned = self.tuned_options(&scop, options, loc);
        let mut options = tuned.as_ref().unwrap_or(options);
        let on_host;
        if options.target == Target::Gpu {
            if let Some(callee) = called_function(&scop) {
                remark(
                    loc,
                    Remark::Note(format!(
                        "kept on the host: it calls @{callee}, which the device does not have"
                    )),
                );
                on_host = Options {
                    target: Target::Cpu,
                    ..options.clone()
                };
                options = &on_host;
            }
        }
        let mut optimized = tessel_poly::optimize(&scop.model, options)?;
        if let Some(why) = optimized.no_gain.take() {
            say_notes(loc, &optimized);
            remark(
                loc,
                Remark::Unchanged {
                    statements: scop.model.statements.len(),
                    scheduler: self.options.scheduler.name().to_string(),
                    ms: optimized.schedule_time.as_secs_f64() * 1e3,
                    why: notes::no_gain(&why),
                },
            );
            return Ok(());
        }
        let parallel_loops = optimized.parallel_loops;
        let mut generated = codegen::generate(
            &scop,
            &optimized.ast,
            optimized.gpu.as_deref(),
            &optimized.expanded,
            self.func,
            options.parallel_min_work,
            options.distinct_arguments,
        )?;
        if !ir::verifies(self.func) {
            tracing::debug!(function = %self.func.print(), "the generated code does not verify");
            generated.roll_back();
            return Err(Fallback::DoesNotVerify);
        }
        let statements = scop.model.statements.len();
        let promotions = std::mem::take(&mut generated.notes);
        generated.commit(scop);
        say_notes(loc, &optimized);
        if let Some(host) = &optimized.gpu {
            let kernels = notes::kernels(host);
            remark(
                loc,
                Remark::Mapped {
                    statements,
                    kernels,
                    promotions,
                },
            );
        }
        remark(
            loc,
            Remark::Optimized {
                statements,
                scheduler: self.options.scheduler.name().to_string(),
                tiled_bands: optimized.tiled_bands,
                parallel_loops,
                ms: optimized.schedule_time.as_secs_f64() * 1e3,
            },
        );
        Ok(())
    }
}

impl Driver<'_> {
    /// `options` with the tuning database's entry for this SCoP applied, when
    /// `tuning-db` names one and it has an entry; a remark says what was found, and
    /// anything wrong with the database leaves the options as they are.
    fn tuned_options(
        &self,
        scop: &ExtractedScop,
        options: &Options,
        loc: Location,
    ) -> Option<Options> {
        if options.tuning_db.is_empty() {
            return None;
        }
        let key = tessel_poly::model_key(&scop.model);
        let target = tessel_poly::tuning_target(options);
        let db = options.tuning_db.clone();
        let note = |n: TuningNote| remark(loc, Remark::Note(notes::tuning(&n)));
        match tuning::lookup(&db, &key, &target, tessel_poly::SPACE_VERSION) {
            Ok(Lookup::Hit(entry)) => {
                let mut tuned = options.clone();
                if let Err(why) = tuned.apply_text(&entry.options) {
                    note(TuningNote::NotApplied {
                        db,
                        options: entry.options,
                        why,
                    });
                    return None;
                }
                note(TuningNote::Tuned(entry));
                Some(tuned)
            }
            // A SCoP nobody tuned (an initialization, say) is not worth a remark;
            // one tuned elsewhere (another CPU, an older space) is.
            Ok(Lookup::Miss { elsewhere: 0 }) => None,
            Ok(Lookup::Miss { elsewhere }) => {
                note(TuningNote::Elsewhere {
                    db,
                    key,
                    target,
                    elsewhere,
                });
                None
            }
            Err(e) => {
                note(TuningNote::Unreadable(e));
                None
            }
        }
    }
}
/// Prints `tracing` output to stderr when `TESSEL_LOG` is set: each event, and each
/// span when it closes with its time, stamped with the seconds since load.
/// Installed once; without the variable nothing subscribes, so nothing is printed (ARCHITECTURE.md: stderr is never printed to by
/// default).
pub fn install_logger() {
    use std::io::IsTerminal;
    use tracing_subscriber::fmt::format::FmtSpan;
    let Ok(filter) = std::env::var("TESSEL_LOG") else {
        return;
    };
    // `try_init` fails if a subscriber is already set (the plugin loaded twice): fine.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_span_events(FmtSpan::CLOSE)
        .with_timer(tracing_subscriber::fmt::time::uptime())
        .try_init();
}
