//! Parses a [`Scop`] (isl text) into isl objects and checks that it is well formed.

use std::collections::HashMap;

use isl_rs::{DimType, Map, Set, Space, UnionMap, UnionSet};

use crate::error::PolyError;
use crate::model::scop::{AccessKind, Scop, StmtId};
use crate::support::isl::{map_in_name, set_tuple_name, to_u32, Ctx, IslResult};
use crate::support::schedule_tree::pad_map;

/// One statement, parsed.
pub(crate) struct StmtIsl {
    pub name: String,
    /// Iteration domain, intersected with the context.
    pub domain: Set,
    /// Original 2d+1 schedule, as given (not padded, not restricted to `domain`,
    /// which keeps the partial schedules of the identity tree short).
    pub schedule: Map,
    /// Number of output dimensions of `schedule`.
    pub schedule_len: usize,
}

/// The whole SCoP in isl form. All relations are restricted to the domains.
pub(crate) struct ScopIsl {
    /// Parameter constraints (a parameter set).
    pub context: Set,
    pub statements: Vec<StmtIsl>,
    /// Union of all iteration domains.
    pub domain: UnionSet,
    pub reads: UnionMap,
    pub must_writes: UnionMap,
    pub may_writes: UnionMap,
    /// Original schedule, every statement padded with trailing zeros to the longest
    /// length, so that all statements live in one schedule space and compare
    /// lexicographically. (Trailing zeros never change the order: two statements
    /// already differ at a textual position no later than the shorter one's end.)
    pub schedule: UnionMap,
    /// Per-reference tags (seed 001 §2.4), for live-range reordering: every access
    /// `k` of statement `S` gets the tuple `S_ref<k>`, and `tagger` maps each
    /// instance to its tagged instances, `S[i] -> [S[i] -> S_ref<k>[]]`.
    pub tagger: UnionMap,
    /// The accesses with tagged instances, `[S[i] -> S_ref<k>[]] -> A[..]`.
    pub tagged_reads: UnionMap,
    pub tagged_must_writes: UnionMap,
    pub tagged_may_writes: UnionMap,
    /// Arrays dead after the SCoP ([`Scop::killed`]).
    pub killed: Vec<String>,
    /// Bytes per element by array name ([`Scop::element_bytes`]).
    pub element_bytes: HashMap<String, u32>,
    /// The statement of each domain tuple id (by name; isl ids with one name are one
    /// id), for turning isl's statement instances back into [`StmtId`]s.
    pub stmt_ids: HashMap<String, StmtId>,
}

fn malformed(msg: String) -> PolyError {
    PolyError::Unsupported(format!("malformed SCoP: {msg}"))
}

impl ScopIsl {
    pub fn load(cx: &Ctx, scop: &Scop) -> Result<ScopIsl, PolyError> {
        let context = parse_context(cx, scop)?;
        let mut statements = Vec::with_capacity(scop.statements.len());
        let mut domain = UnionSet::empty_ctx(cx.raw()).isl(cx)?;
        let mut reads = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        let mut must_writes = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        let mut may_writes = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        let mut tagger = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        let mut tagged_reads = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        let mut tagged_must_writes = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        let mut tagged_may_writes = UnionMap::empty_ctx(cx.raw()).isl(cx)?;

        for (k, st) in scop.statements.iter().enumerate() {
            if scop.statements[..k].iter().any(|o| o.name == st.name) {
                return Err(malformed(format!(
                    "statement name {} is used twice",
                    st.name
                )));
            }
            let dom = cx.parse("domain", &st.domain, Set::read_from_str)?;
            if dom.is_params().isl(cx)? || set_tuple_name(&dom).as_deref() != Some(&st.name) {
                return Err(malformed(format!(
                    "domain of {} must be a set named {}: {}",
                    st.name, st.name, st.domain
                )));
            }
            let dom = dom.intersect_params(context.copy().isl(cx)?).isl(cx)?;

            let sched = cx.parse("schedule", &st.schedule, Map::read_from_str)?;
            check_domain_name(&sched, &st.name, "schedule")?;
            let len = usize::try_from(sched.dim(DimType::Out).isl(cx)?).unwrap_or(0);
            if len % 2 != 1 {
                return Err(malformed(format!(
                    "schedule of {} must have 2d+1 output dimensions: {}",
                    st.name, st.schedule
                )));
            }

            for (k, acc) in st.accesses.iter().enumerate() {
                let rel = cx.parse("access", &acc.relation, Map::read_from_str)?;
                check_domain_name(&rel, &st.name, "access")?;
                let rel = rel.intersect_domain(dom.copy().isl(cx)?).isl(cx)?;
                let tag = reference_tagger(cx, &dom, &format!("{}_ref{k}", st.name))?;
                let tagged = tag.copy().isl(cx)?.reverse().isl(cx)?;
                let tagged =
                    UnionMap::from_map(tagged.apply_range(rel.copy().isl(cx)?).isl(cx)?).isl(cx)?;
                tagger = tagger.union(UnionMap::from_map(tag).isl(cx)?).isl(cx)?;
                let rel = UnionMap::from_map(rel).isl(cx)?;
                let (all, all_tagged) = match acc.kind {
                    AccessKind::Read => (&mut reads, &mut tagged_reads),
                    AccessKind::MustWrite => (&mut must_writes, &mut tagged_must_writes),
                    AccessKind::MayWrite => (&mut may_writes, &mut tagged_may_writes),
                };
                *all = all.copy().isl(cx)?.union(rel).isl(cx)?;
                *all_tagged = all_tagged.copy().isl(cx)?.union(tagged).isl(cx)?;
            }

            domain = domain
                .union(UnionSet::from_set(dom.copy().isl(cx)?).isl(cx)?)
                .isl(cx)?;
            statements.push(StmtIsl {
                name: st.name.clone(),
                domain: dom,
                schedule: sched,
                schedule_len: len,
            });
        }

        let stmt_ids = (statements.iter().enumerate())
            .map(|(k, st)| (st.name.clone(), StmtId(k)))
            .collect();
        let schedule = padded_schedule(cx, &statements)?;
        // Dataflow needs a total order on the instances.
        if !schedule.is_injective().isl(cx)? {
            return Err(malformed(
                "the original schedule gives two instances the same time".into(),
            ));
        }
        Ok(ScopIsl {
            context,
            statements,
            domain,
            reads,
            must_writes,
            may_writes,
            schedule,
            tagger,
            tagged_reads,
            tagged_must_writes,
            tagged_may_writes,
            killed: scop.killed.clone(),
            element_bytes: scop.element_bytes.iter().cloned().collect(),
            stmt_ids,
        })
    }

    /// All writes with tagged instances, must and may.
    pub fn tagged_writes(&self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        self.tagged_must_writes
            .copy()
            .isl(cx)?
            .union(self.tagged_may_writes.copy().isl(cx)?)
            .isl(cx)
    }

    /// `schedule` (a tree) on tagged instances.
    pub fn tag_tree(
        &self,
        cx: &Ctx,
        schedule: &isl_rs::Schedule,
    ) -> Result<isl_rs::Schedule, PolyError> {
        let untag = self.tagger.copy().isl(cx)?.reverse().isl(cx)?;
        let untag = isl_rs::UnionPwMultiAff::from_union_map(untag).isl(cx)?;
        schedule
            .copy()
            .isl(cx)?
            .pullback_union_pw_multi_aff(untag)
            .isl(cx)
    }

    /// `schedule` (a map from statement instances) on tagged instances.
    pub fn tag_schedule(&self, cx: &Ctx, schedule: &UnionMap) -> Result<UnionMap, PolyError> {
        self.tagger
            .copy()
            .isl(cx)?
            .reverse()
            .isl(cx)?
            .apply_range(schedule.copy().isl(cx)?)
            .isl(cx)
    }

    /// All writes, must and may.
    pub fn writes(&self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        self.must_writes
            .copy()
            .isl(cx)?
            .union(self.may_writes.copy().isl(cx)?)
            .isl(cx)
    }

    /// The domain of one statement as a union set.
    pub fn stmt_domain(&self, cx: &Ctx, k: usize) -> Result<UnionSet, PolyError> {
        let st = self
            .statements
            .get(k)
            .ok_or_else(|| PolyError::Isl("no such statement".into()))?;
        UnionSet::from_set(st.domain.copy().isl(cx)?).isl(cx)
    }
}

fn parse_context(cx: &Ctx, scop: &Scop) -> Result<Set, PolyError> {
    let text = &scop.context;
    if text.trim().is_empty() {
        // No constraints: the universe of the parameters.
        let mut space = Space::params_alloc(cx.raw(), to_u32(scop.params.len())?).isl(cx)?;
        for (j, p) in scop.params.iter().enumerate() {
            space = space.set_dim_name(DimType::Param, to_u32(j)?, p).isl(cx)?;
        }
        return Set::universe(space).isl(cx);
    }
    let context = cx.parse("context", text, Set::read_from_str)?;
    if !context.is_params().isl(cx)? {
        return Err(malformed(format!(
            "context must be a parameter set: {text}"
        )));
    }
    Ok(context)
}

/// `S[i] -> [S[i] -> tag[]]` on `domain`.
fn reference_tagger(cx: &Ctx, domain: &Set, tag: &str) -> Result<Map, PolyError> {
    let tag = Space::set_alloc(cx.raw(), 0, 0)
        .isl(cx)?
        .set_tuple_name(DimType::Set, tag)
        .isl(cx)?;
    let tag = Set::universe(tag).isl(cx)?;
    let to_tag = Map::from_domain_and_range(domain.copy().isl(cx)?, tag).isl(cx)?;
    domain
        .copy()
        .isl(cx)?
        .identity()
        .isl(cx)?
        .range_product(to_tag)
        .isl(cx)
}

fn check_domain_name(map: &Map, stmt: &str, what: &str) -> Result<(), PolyError> {
    if map_in_name(map).as_deref() == Some(stmt) {
        Ok(())
    } else {
        Err(malformed(format!(
            "{what} of {stmt} must start from {stmt}[...]"
        )))
    }
}

/// The union of all original schedules, padded to a common length with zeros.
fn padded_schedule(cx: &Ctx, statements: &[StmtIsl]) -> Result<UnionMap, PolyError> {
    let max_len = statements.iter().map(|s| s.schedule_len).max().unwrap_or(0);
    let mut all = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    for st in statements {
        let sched = st
            .schedule
            .copy()
            .isl(cx)?
            .intersect_domain(st.domain.copy().isl(cx)?)
            .isl(cx)?;
        let padded = pad_map(cx, sched, st.schedule_len, max_len)?;
        all = all.union(UnionMap::from_map(padded).isl(cx)?).isl(cx)?;
    }
    Ok(all)
}
