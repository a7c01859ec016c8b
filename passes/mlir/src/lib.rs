//! Tessel's MLIR side: finds SCoPs in a function, extracts their model, runs the
//! polyhedral core and regenerates the code. Each stage is its own module:
//! [`extract`] (affine → model), [`codegen`] (AST → affine), and the pass driver here.

pub mod aff;
pub mod codegen;
pub mod extract;
pub mod ir;

use extract::{ExtractedScop, is_run_member, is_run_unit};
use ir::{emit_remark, Op};
use std::collections::HashSet;
use tessel_poly::Options;

/// The passes the plugin registers (declared in `tessel_poly::options`).
pub use tessel_poly::options::PassKind;

/// Runs one Tessel pass on a `func.func`. Returns false only for a user error in the
/// options; anything the model can't handle gets a remark and leaves the IR as it was.
pub fn run_pass(kind: PassKind, func: Op, options: &Options) -> bool {
    let mut driver = Driver { kind, func, options, reported: HashSet::new() };
    for r in 0..func.num_regions() {
        for block in func.region_blocks(r) {
            driver.block(block);
        }
    }
    true
}

struct Driver<'o> {
    kind: PassKind,
    func: Op,
    options: &'o Options,
    /// Ops already named in a skip remark: an inner nest that fails on the same op
    /// again is skipped silently.
    reported: HashSet<Op>,
}

impl Driver<'_> {
    /// Finds the runs of affine ops in `block`, and recurses into other ops' regions.
    fn block(&mut self, block: ir::Blk) {
        let ops = block.ops();
        let terminator = block.terminator();
        let mut i = 0;
        while i < ops.len() {
            let op = ops[i];
            if is_run_member(op) && Some(op) != terminator {
                let mut j = i;
                while j < ops.len() && is_run_member(ops[j]) && Some(ops[j]) != terminator {
                    j += 1;
                }
                self.range(&ops[i..j]);
                i = j;
                continue;
            }
            for r in 0..op.num_regions() {
                for b in op.region_blocks(r) {
                    self.block(b);
                }
            }
            i += 1;
        }
    }

    /// Handles a candidate range; on an extraction failure, reports the culprit nest and
    /// handles what is before and after it separately.
    fn range(&mut self, ops: &[Op]) {
        let Some(start) = ops.iter().position(|o| is_run_unit(*o)) else { return };
        let Some(end) = ops.iter().rposition(|o| is_run_unit(*o)) else { return };
        let run = &ops[start..=end];
        if !run.iter().any(|o| o.name() == "affine.for") {
            return;
        }
        match extract::extract(run) {
            Ok(mut scop) => {
                extract::fix_params(&mut scop);
                self.scop(scop);
            }
            Err(e) => {
                let unit = run[e.unit.min(run.len() - 1)];
                if self.reported.insert(e.op) {
                    emit_remark(
                        unit.location(),
                        &format!("tessel: skipped this loop nest: '{}': {}", e.op.name(), e.reason),
                    );
                }
                // The nests inside a skipped one may still be SCoPs of their own (with
                // the outer IVs as parameters).
                for r in 0..unit.num_regions() {
                    for b in unit.region_blocks(r) {
                        self.block(b);
                    }
                }
                self.range(&run[..e.unit.min(run.len())]);
                if e.unit + 1 < run.len() {
                    self.range(&run[e.unit + 1..]);
                }
            }
        }
    }

    fn scop(&mut self, scop: ExtractedScop) {
        let loc = scop.ops[0].location();
        let model = &scop.model;
        let text = match self.kind {
            PassKind::PrintScop => tessel_poly::describe_scop(model),
            PassKind::PrintDependences => tessel_poly::describe_dependences(model, self.options),
            PassKind::PrintSchedule => tessel_poly::describe_schedule(model, self.options),
            PassKind::Optimize => {
                self.optimize(&scop);
                return;
            }
        };
        match text {
            Ok(t) => emit_remark(loc, &format!("tessel: SCoP of {} statements\n{t}", model.statements.len())),
            Err(e) => emit_remark(loc, &format!("tessel: cannot analyze this SCoP: {e}")),
        }
    }

    fn optimize(&mut self, scop: &ExtractedScop) {
        let loc = scop.ops[0].location();
        let keep = |why: String| emit_remark(loc, &format!("tessel: kept the original code of this SCoP: {why}"));
        let mut optimized = match tessel_poly::optimize(&scop.model, self.options) {
            Ok(o) => o,
            Err(e) => return keep(e.to_string()),
        };
        let parallel_loops = tessel_poly::ast::keep_profitable_parallel(&mut optimized.ast);
        let generated = match codegen::generate(scop, &optimized.ast, self.func) {
            Ok(g) => g,
            Err(e) => return keep(e.to_string()),
        };
        if !ir::verifies(self.func) {
            generated.erase();
            return keep("the generated code does not verify".into());
        }
        for (old, new) in &generated.reloads {
            old.replace_all_uses_with(*new);
        }
        erase_original(&scop.ops);
        for note in &optimized.notes {
            emit_remark(loc, &format!("tessel: {note}"));
        }
        emit_remark(
            loc,
            &format!(
                "tessel: optimized SCoP of {} statements (scheduler={}, tiled bands={}, parallel loops={}, schedule time={:.3} ms)",
                scop.model.statements.len(),
                self.options.scheduler.name(),
                optimized.tiled_bands,
                parallel_loops,
                optimized.schedule_time.as_secs_f64() * 1e3
            ),
        );
    }
}

/// Removes the run's original ops, last first. Pure ops stay while something else
/// still uses them.
fn erase_original(run: &[Op]) {
    for &op in run.iter().rev() {
        if is_run_unit(op) || op.results().iter().all(|r| r.users().is_empty()) {
            op.erase();
        }
    }
}
