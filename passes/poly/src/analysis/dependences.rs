//! Exact value-based dependences (seed 001 §2.1–2.2), computed with isl's dataflow
//! engine against the original schedule.
//!
//! Every kind is one `compute_flow` call with a sink K, a may-source Y and a cut C:
//!
//! | kind   | K (sink)   | Y (source) | C (cut)     |
//! |--------|------------|------------|-------------|
//! | flow   | reads      | writes     | must-writes |
//! | anti   | writes     | reads      | must-writes |
//! | output | writes     | writes     | must-writes |
//!
//! anti ∪ output is seed 001's "false" dependence (K may-write, Y may-read ∪ may-write,
//! C must-write), split by the kind of the source. The cut only drops dependences
//! that an intervening must-write already implies transitively, so validity is exact.
//!
//! With live-range reordering (seed 001 §2.3) four more relations are computed on
//! tagged instances ([`LiveRanges`]): the order dependences, which a schedule must
//! respect only next to a live range it does not keep local, the forced
//! dependences, which it must always respect, and for checking schedules the
//! memory conflicts with no cut and the live-in and live-out accesses.

use std::marker::PhantomData;

use isl_rs::UnionMap;

use crate::analysis::dataflow::{dataflow, input_dependences, split_by_array};
use crate::analysis::live_ranges::LiveRanges;
use crate::analysis::privatization::{accessing, classical_candidates, Conflicts, PrivateScalar};
use crate::error::PolyError;
use crate::model::isl_text::union_map_text;
use crate::model::load::ScopIsl;
use crate::model::scop::ArrayId;
use crate::support::isl::{Ctx, IslResult};

/// Flow (read-after-write), anti (write-after-read) and output (write-after-write)
/// dependences between statement instances, as isl union maps `S[i] -> T[j]`
/// (source instance to sink instance). Borrows the [`Ctx`] its maps live in.
pub struct Dependences<'cx> {
    flow: UnionMap,
    anti: UnionMap,
    output: UnionMap,
    /// flow ∪ anti ∪ output as isl's dataflow returns them, before coalescing: many
    /// simple pieces (e.g. one uniform dependence per stencil read) rather than one
    /// polytope with many faces. Farkas duals of simple pieces are cheap (the
    /// scheduler's input); of the coalesced polytope, costly.
    pieces: UnionMap,
    /// Only with live-range reordering.
    live_ranges: Option<LiveRanges>,
    /// The pairs a parallel loop must not separate: the dependences, or with
    /// live-range reordering the memory conflicts with no cut ([`LiveRanges`]), with
    /// those of the scalars a loop may privatize apart.
    conflicts: Conflicts,
    /// Read-after-read pairs between unrelated statements
    /// ([`input_dependences`]), computed on first use: every candidate
    /// schedule of `scheduler=auto` asks for them.
    input: std::cell::OnceCell<UnionMap>,
    _cx: PhantomData<&'cx Ctx>,
}

impl<'cx> Dependences<'cx> {
    /// The dependences of a SCoP, as isl objects of `cx`.
    pub fn of_scop(
        cx: &'cx Ctx,
        scop: &crate::model::scop::Scop,
    ) -> Result<Dependences<'cx>, PolyError> {
        let model = ScopIsl::load(cx, scop)?;
        Self::compute(cx, &model, false)
    }

    /// With `live_ranges`, also the relations of live-range reordering.
    pub(crate) fn compute(
        cx: &'cx Ctx,
        scop: &ScopIsl,
        live_ranges: bool,
    ) -> Result<Dependences<'cx>, PolyError> {
        let candidates = if live_ranges {
            Vec::new()
        } else {
            classical_candidates(cx, scop)?
        };
        // Without live-range reordering each candidate's dependences are its
        // conflicts: computed apart (dataflow is per array, so the parts are those
        // of the whole), the other arrays' give the shared pairs.
        let writes = scop.writes(cx)?;
        let is_candidate = |a: ArrayId| candidates.contains(&a);
        let (candidate_reads, other_reads) = split_by_array(cx, scop, &scop.reads, is_candidate)?;
        let (candidate_writes, other_writes) = split_by_array(cx, scop, &writes, is_candidate)?;
        let [mut flow, mut anti, mut output] = kinds(cx, scop, &other_reads, &other_writes)?;
        let shared = union_of(cx, [&flow, &anti, &output])?;
        let mut private = Vec::with_capacity(candidates.len());
        for array in &candidates {
            let this = |a: ArrayId| a == *array;
            let (reads, _) = split_by_array(cx, scop, &candidate_reads, this)?;
            let (writes, _) = split_by_array(cx, scop, &candidate_writes, this)?;
            let [f, a, o] = kinds(cx, scop, &reads, &writes)?;
            private.push(PrivateScalar {
                array: *array,
                conflicts: union_of(cx, [&f, &a, &o])?.coalesce().isl(cx)?,
                flow: f.copy().isl(cx)?.coalesce().isl(cx)?,
                instances: accessing(cx, &reads, &writes)?,
            });
            flow = flow.union(f).isl(cx)?;
            anti = anti.union(a).isl(cx)?;
            output = output.union(o).isl(cx)?;
        }
        let pieces = union_of(cx, [&flow, &anti, &output])?;
        let flow = flow.coalesce().isl(cx)?;
        let anti = anti.coalesce().isl(cx)?;
        let output = output.coalesce().isl(cx)?;
        let (live_ranges, conflicts) = if live_ranges {
            let (live_ranges, conflicts) = LiveRanges::compute(cx, scop)?;
            (Some(live_ranges), conflicts)
        } else {
            let all = union_of(cx, [&flow, &anti, &output])?;
            let conflicts = if private.is_empty() {
                Conflicts::shared_only(cx, all)?
            } else {
                Conflicts {
                    all,
                    shared: shared.coalesce().isl(cx)?,
                    private,
                }
            };
            (None, conflicts)
        };
        Ok(Dependences {
            flow,
            anti,
            output,
            pieces,
            live_ranges,
            conflicts,
            input: std::cell::OnceCell::new(),
            _cx: PhantomData,
        })
    }

    /// The read-after-read pairs between statements no dependence relates
    /// ([`input_dependences`]), for proximity only.
    pub(crate) fn input(&self, cx: &Ctx, scop: &ScopIsl) -> Result<UnionMap, PolyError> {
        if let Some(input) = self.input.get() {
            return input.copy().isl(cx);
        }
        let input = input_dependences(cx, scop, &self.pieces)?;
        let copy = input.copy().isl(cx)?;
        // Unset just above, and nothing between sets it.
        let _ = self.input.set(input);
        Ok(copy)
    }

    pub(crate) fn live_ranges(&self) -> Option<&LiveRanges> {
        self.live_ranges.as_ref()
    }

    /// The pairs a parallel loop must not separate (see the field).
    pub(crate) fn conflicts(&self) -> &Conflicts {
        &self.conflicts
    }

    pub fn flow(&self) -> &UnionMap {
        &self.flow
    }

    pub fn anti(&self) -> &UnionMap {
        &self.anti
    }

    pub fn output(&self) -> &UnionMap {
        &self.output
    }

    /// flow ∪ anti ∪ output: everything a schedule must respect.
    pub fn all(&self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        union_of(cx, [&self.flow, &self.anti, &self.output])
    }

    /// flow ∪ anti ∪ output, not coalesced (see the field).
    pub(crate) fn pieces(&self) -> &UnionMap {
        &self.pieces
    }

    /// The kinds with their names, in print order.
    pub fn kinds(&self) -> [(&'static str, &UnionMap); 3] {
        [
            ("flow", &self.flow),
            ("anti", &self.anti),
            ("output", &self.output),
        ]
    }

    /// Stable text, one line per kind:
    ///
    /// ```text
    /// flow: [N] -> { S0[i] -> S1[i' = i] : 0 <= i < N; ... }
    /// anti: [N] -> {  }
    /// output: ...
    /// ```
    ///
    /// Each kind is coalesced and its pieces (one per pair of statements) are printed
    /// in sorted order, so that the text does not depend on isl's hash order.
    ///
    /// With live-range reordering, `forced:` and `order:` lines follow.
    pub fn to_text(&self, cx: &Ctx) -> Result<String, PolyError> {
        let mut out = String::new();
        let mut kinds: Vec<(&str, &UnionMap)> = self.kinds().to_vec();
        if let Some(lr) = &self.live_ranges {
            kinds.push(("forced", &lr.forced));
            kinds.push(("order", &lr.order));
        }
        for (name, map) in kinds {
            out.push_str(name);
            out.push_str(": ");
            out.push_str(&union_map_text(cx, map)?);
            out.push('\n');
        }
        Ok(out)
    }
}

/// The union of `maps`.
fn union_of(cx: &Ctx, maps: [&UnionMap; 3]) -> Result<UnionMap, PolyError> {
    let [first, rest @ ..] = maps;
    let mut out = first.copy().isl(cx)?;
    for m in rest {
        out = out.union(m.copy().isl(cx)?).isl(cx)?;
    }
    Ok(out)
}

/// flow, anti and output dependences of the accesses `reads` and `writes` (one
/// dataflow call each, see the module), not coalesced.
fn kinds(
    cx: &Ctx,
    scop: &ScopIsl,
    reads: &UnionMap,
    writes: &UnionMap,
) -> Result<[UnionMap; 3], PolyError> {
    Ok([
        dataflow(cx, scop, reads.copy().isl(cx)?, writes.copy().isl(cx)?)?,
        dataflow(cx, scop, writes.copy().isl(cx)?, reads.copy().isl(cx)?)?,
        dataflow(cx, scop, writes.copy().isl(cx)?, writes.copy().isl(cx)?)?,
    ])
}
