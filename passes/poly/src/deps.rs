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

use std::marker::PhantomData;

use isl_rs::{UnionAccessInfo, UnionMap};

use crate::isl::{Ctx, IslResult};
use crate::load::ScopIsl;
use crate::text::union_map_text;
use crate::PolyError;

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
    _cx: PhantomData<&'cx Ctx>,
}

impl<'cx> Dependences<'cx> {
    /// The dependences of a SCoP, as isl objects of `cx`.
    pub fn of_scop(cx: &'cx Ctx, scop: &crate::Scop) -> Result<Dependences<'cx>, PolyError> {
        let model = ScopIsl::load(cx, scop)?;
        Self::compute(cx, &model)
    }

    pub(crate) fn compute(cx: &'cx Ctx, scop: &ScopIsl) -> Result<Dependences<'cx>, PolyError> {
        let writes = scop.writes(cx)?;
        let flow = dataflow(cx, scop, scop.reads.copy().isl(cx)?, writes.copy().isl(cx)?)?;
        let anti = dataflow(cx, scop, writes.copy().isl(cx)?, scop.reads.copy().isl(cx)?)?;
        let output = dataflow(cx, scop, writes.copy().isl(cx)?, writes)?;
        let pieces = flow
            .copy()
            .isl(cx)?
            .union(anti.copy().isl(cx)?)
            .isl(cx)?
            .union(output.copy().isl(cx)?)
            .isl(cx)?;
        tracing::debug!("dependences computed");
        Ok(Dependences {
            flow: flow.coalesce().isl(cx)?,
            anti: anti.coalesce().isl(cx)?,
            output: output.coalesce().isl(cx)?,
            pieces,
            _cx: PhantomData,
        })
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
        self.flow
            .copy()
            .isl(cx)?
            .union(self.anti.copy().isl(cx)?)
            .isl(cx)?
            .union(self.output.copy().isl(cx)?)
            .isl(cx)
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
    pub fn to_text(&self, cx: &Ctx) -> Result<String, PolyError> {
        let mut out = String::new();
        for (name, map) in self.kinds() {
            out.push_str(name);
            out.push_str(": ");
            out.push_str(&union_map_text(cx, map)?);
            out.push('\n');
        }
        Ok(out)
    }
}

/// One isl dataflow problem: sink K, may-source Y, cut C = must-writes, with the
/// original schedule. Returns source instance → sink instance, not coalesced.
fn dataflow(
    cx: &Ctx,
    scop: &ScopIsl,
    sink: UnionMap,
    source: UnionMap,
) -> Result<UnionMap, PolyError> {
    let info = UnionAccessInfo::from_sink(sink)
        .isl(cx)?
        .set_may_source(source)
        .isl(cx)?
        .set_kill(scop.must_writes.copy().isl(cx)?)
        .isl(cx)?
        .set_schedule_map(scop.schedule.copy().isl(cx)?)
        .isl(cx)?;
    let flow = info.compute_flow().isl(cx)?;
    let deps = flow.get_may_dependence().isl(cx)?;
    deps.intersect_params(scop.context.copy().isl(cx)?).isl(cx)
}
