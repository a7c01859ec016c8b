//! The SCoPs of a function, found as Polly's ScopDetection walks regions: each
//! maximal run of affine ops in a block is extracted; when that fails, the culprit
//! nest is reported, the nests inside it are tried on their own, and so are the
//! parts of the run before and after it. Tessel's own output is not walked into
//! ([`super::detect::GENERATED_ATTR`]).

use super::detect::is_generated;
use super::{extract, is_run_member, is_run_unit, ExtractError, ExtractedScop, Reject};
use crate::ir::{Blk, Op};

/// What the walk of a function finds, in program order.
pub enum Found {
    /// Boxed: far larger than the other variant.
    Scop(Box<ExtractedScop>),
    /// A nest that is no SCoP: `unit` is the run's op that holds the culprit.
    Skipped { unit: Op, error: ExtractError },
    /// An op of Tessel's own output: neither it nor anything in it is a SCoP again.
    Generated(Op),
}

/// Walks the runs of affine ops of `func` and hands each SCoP, and each nest that
/// fails extraction, to `found` as soon as it is found (`found` may replace a SCoP's
/// ops: the walk goes on after them).
pub fn walk(func: Op, found: &mut impl FnMut(Found)) {
    for r in 0..func.num_regions() {
        for block in func.region_blocks(r) {
            walk_block(block, found);
        }
    }
}

/// The SCoPs of `func`, in the order the passes visit them, extracted and left as
/// they are (the Transform ops' view of a function).
pub fn scops(func: Op) -> Vec<ExtractedScop> {
    let mut all = Vec::new();
    walk(func, &mut |f| {
        if let Found::Scop(scop) = f {
            all.push(*scop);
        }
    });
    all
}

/// Finds the runs of affine ops in `block`, and recurses into other ops' regions.
fn walk_block(block: Blk, found: &mut impl FnMut(Found)) {
    let ops = block.ops();
    let terminator = block.terminator();
    let mut i = 0;
    while i < ops.len() {
        let op = ops[i];
        if is_generated(op) {
            found(Found::Generated(op));
            i += 1;
            continue;
        }
        if is_run_member(op) && Some(op) != terminator {
            let mut j = i;
            while j < ops.len() && is_run_member(ops[j]) && Some(ops[j]) != terminator {
                j += 1;
            }
            range(&ops[i..j], found);
            i = j;
            continue;
        }
        if op.name() == "scf.for" && !in_scf_for(op) {
            // Outside a run no nest holds it: name the outermost one once.
            found(Found::Skipped {
                unit: op,
                error: ExtractError {
                    unit: 0,
                    op,
                    reason: Reject::ScfFor,
                },
            });
        }
        for r in 0..op.num_regions() {
            for b in op.region_blocks(r) {
                walk_block(b, found);
            }
        }
        i += 1;
    }
}

/// Is `op` nested in an `scf.for`?
fn in_scf_for(op: Op) -> bool {
    op.ancestors().any(|p| p.name() == "scf.for")
}

/// Handles a candidate range; on an extraction failure, reports the culprit nest and
/// handles what is before and after it separately.
fn range(ops: &[Op], found: &mut impl FnMut(Found)) {
    let Some(start) = ops.iter().position(|o| is_run_unit(*o)) else {
        return;
    };
    let Some(end) = ops.iter().rposition(|o| is_run_unit(*o)) else {
        return;
    };
    let run = &ops[start..=end];
    if !run.iter().any(|o| o.name() == "affine.for") {
        return;
    }
    match extract(run) {
        Ok(scop) => found(Found::Scop(Box::new(scop))),
        Err(e) => {
            let unit = run[e.unit.min(run.len() - 1)];
            let culprit = e.unit;
            found(Found::Skipped { unit, error: e });
            // The nests inside a skipped one may still be SCoPs of their own (with
            // the outer IVs as parameters).
            for r in 0..unit.num_regions() {
                for b in unit.region_blocks(r) {
                    walk_block(b, found);
                }
            }
            range(&run[..culprit.min(run.len())], found);
            if culprit + 1 < run.len() {
                range(&run[culprit + 1..], found);
            }
        }
    }
}
