//! Parses a [`Scop`] (isl text) into isl objects and checks that it is well formed.

use std::collections::HashMap;

use isl_rs::{
    Aff, DimType, LocalSpace, Map, MultiUnionPwAff, Schedule, Set, Space, UnionMap, UnionSet, Val,
};

use crate::error::{Invariant, Malformed, PolyError, Unsupported};
use crate::model::scop::{AccessKind, ArrayId, ScalarExpansion, Scop, StmtId};
use crate::support::isl::{
    map_in_name, map_out_name, maps_of, set_tuple_name, to_u32, Ctx, IslResult,
};
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

/// One array, as the access relations name it.
#[derive(Clone, Debug)]
pub(crate) struct ArrayIsl {
    /// The range tuple name of its accesses.
    pub name: String,
    /// Its number of dimensions (0: a scalar).
    pub dims: usize,
    /// Bytes per element ([`Scop::element_bytes`]; 8 when not given).
    pub element_bytes: u32,
    /// Dead after the SCoP ([`Scop::killed`]).
    pub killed: bool,
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
    /// The same order as a schedule tree ([`original_tree`]); `None` when the 2d+1
    /// schedules do not nest (no input from extract does that). isl's dataflow runs
    /// through a tree child by child, about twice as fast as through the flat map on
    /// random programs, with the same dependences (docs/architecture-decisions.md,
    /// "Dataflow through the original schedule tree").
    original_tree: Option<Schedule>,
    /// Per-reference tags (seed 001 §2.4), for live-range reordering: every access
    /// `k` of statement `S` gets the tuple `S_ref<k>`, and `tagger` maps each
    /// instance to its tagged instances, `S[i] -> [S[i] -> S_ref<k>[]]`.
    pub tagger: UnionMap,
    /// The accesses with tagged instances, `[S[i] -> S_ref<k>[]] -> A[..]`.
    pub tagged_reads: UnionMap,
    pub tagged_must_writes: UnionMap,
    pub tagged_may_writes: UnionMap,
    /// The arrays the accesses name, indexed by [`ArrayId`].
    pub arrays: Vec<ArrayIsl>,
    /// The array of each range tuple name ([`ScopIsl::array_of`]).
    array_ids: HashMap<String, ArrayId>,
    /// The statement of each domain tuple id (by name; isl ids with one name are one
    /// id), for turning isl's statement instances back into [`StmtId`]s.
    pub stmt_ids: HashMap<String, StmtId>,
    /// Scalars expanded into one slot per copy of an unroll-and-jam block
    /// ([`ScopIsl::with_expanded`]): privatization candidates like 0-d scalars.
    pub expanded: Vec<ArrayId>,
}

fn malformed(what: Malformed) -> PolyError {
    PolyError::Unsupported(Unsupported::Malformed(what))
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
        let mut arrays = Vec::new();
        let mut array_ids = HashMap::new();

        for (k, st) in scop.statements.iter().enumerate() {
            if scop.statements[..k].iter().any(|o| o.name == st.name) {
                return Err(malformed(Malformed::NameTwice(st.name.clone())));
            }
            let dom = cx.parse("domain", &st.domain, Set::read_from_str)?;
            if dom.is_params().isl(cx)? || set_tuple_name(&dom).as_deref() != Some(&st.name) {
                return Err(malformed(Malformed::Domain {
                    statement: st.name.clone(),
                    domain: st.domain.clone(),
                }));
            }
            let dom = dom.intersect_params(context.copy().isl(cx)?).isl(cx)?;

            let sched = cx.parse("schedule", &st.schedule, Map::read_from_str)?;
            check_domain_name(&sched, &st.name, "schedule")?;
            let len = usize::try_from(sched.dim(DimType::Out).isl(cx)?).unwrap_or(0);
            if len % 2 != 1 {
                return Err(malformed(Malformed::Schedule {
                    statement: st.name.clone(),
                    schedule: st.schedule.clone(),
                }));
            }

            for (k, acc) in st.accesses.iter().enumerate() {
                let rel = cx.parse("access", &acc.relation, Map::read_from_str)?;
                check_domain_name(&rel, &st.name, "access")?;
                declare_array(cx, scop, &rel, &mut arrays, &mut array_ids)?;
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
        let original_tree = tree_of_2d_plus_1(cx, &statements, &domain).ok();
        // Dataflow needs a total order on the instances.
        if !schedule.is_injective().isl(cx)? {
            return Err(malformed(Malformed::SameTime));
        }
        Ok(ScopIsl {
            context,
            statements,
            domain,
            reads,
            must_writes,
            may_writes,
            schedule,
            original_tree,
            tagger,
            tagged_reads,
            tagged_must_writes,
            tagged_may_writes,
            arrays,
            array_ids,
            stmt_ids,
            expanded: Vec::new(),
        })
    }

    /// The model with each scalar of `expansions` accessed at its slot
    /// (`S[x] -> T[x_d mod B]`, [`ScalarExpansion`]) instead of `T[]`: the storage
    /// codegen gives a jammed block's copies.
    pub fn with_expanded(
        &self,
        cx: &Ctx,
        expansions: &[ScalarExpansion],
    ) -> Result<ScopIsl, PolyError> {
        let mut slots = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        for e in expansions {
            slots = slots.union(self.slot_map(cx, e)?).isl(cx)?;
        }
        let mut expanded = Vec::with_capacity(expansions.len());
        for e in expansions {
            let id = self
                .array_named(&e.array)
                .ok_or_else(|| Invariant::UnknownExpandedArray(e.array.clone()))?;
            expanded.push(id);
        }
        let split = |rel: &UnionMap| -> Result<(UnionMap, UnionMap), PolyError> {
            let mut hit = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
            let mut rest = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
            for map in maps_of(cx, rel)? {
                let array = self.array_of(&map);
                let map = UnionMap::from_map(map).isl(cx)?;
                if array.is_some_and(|a| expanded.contains(&a)) {
                    hit = hit.union(map).isl(cx)?;
                } else {
                    rest = rest.union(map).isl(cx)?;
                }
            }
            Ok((hit, rest))
        };
        // `S[x] -> T[]` becomes `S[x] -> T[slot]`; a tagged `[S[x] -> ref] -> T[]`
        // becomes `[S[x] -> ref] -> T[slot]`.
        let untagged = |rel: &UnionMap| -> Result<UnionMap, PolyError> {
            let (hit, rest) = split(rel)?;
            let at_slots = slots
                .copy()
                .isl(cx)?
                .intersect_domain(hit.domain().isl(cx)?)
                .isl(cx)?;
            rest.union(at_slots).isl(cx)
        };
        let tagged = |rel: &UnionMap| -> Result<UnionMap, PolyError> {
            let (hit, rest) = split(rel)?;
            let at_slots = hit
                .domain()
                .isl(cx)?
                .unwrap()
                .isl(cx)?
                .domain_map()
                .isl(cx)?
                .apply_range(slots.copy().isl(cx)?)
                .isl(cx)?;
            rest.union(at_slots).isl(cx)
        };
        let mut statements = Vec::with_capacity(self.statements.len());
        for st in &self.statements {
            statements.push(StmtIsl {
                name: st.name.clone(),
                domain: st.domain.copy().isl(cx)?,
                schedule: st.schedule.copy().isl(cx)?,
                schedule_len: st.schedule_len,
            });
        }
        Ok(ScopIsl {
            context: self.context.copy().isl(cx)?,
            statements,
            domain: self.domain.copy().isl(cx)?,
            reads: untagged(&self.reads)?,
            must_writes: untagged(&self.must_writes)?,
            may_writes: untagged(&self.may_writes)?,
            schedule: self.schedule.copy().isl(cx)?,
            original_tree: self
                .original_tree
                .as_ref()
                .map(|t| t.copy().isl(cx))
                .transpose()?,
            tagger: self.tagger.copy().isl(cx)?,
            tagged_reads: tagged(&self.tagged_reads)?,
            tagged_must_writes: tagged(&self.tagged_must_writes)?,
            tagged_may_writes: tagged(&self.tagged_may_writes)?,
            arrays: self.arrays.clone(),
            array_ids: self.array_ids.clone(),
            stmt_ids: self.stmt_ids.clone(),
            expanded,
        })
    }

    /// `S[x] -> A[slot]` for every statement instance of the SCoP that accesses the
    /// expanded array `e.array`: `x_d mod B` under a jam, 0 elsewhere.
    pub fn slot_map(&self, cx: &Ctx, e: &ScalarExpansion) -> Result<UnionMap, PolyError> {
        let accesses = self.accesses(cx)?;
        let mut out = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        for map in maps_of(cx, &accesses)? {
            if self.array_of(&map).is_none() || self.array_of(&map) != self.array_named(&e.array) {
                continue;
            }
            let Some(stmt) = map_in_name(&map) else {
                continue;
            };
            let id = self.stmt_ids.get(&stmt).copied();
            let domain = map.domain().isl(cx)?;
            let ls = LocalSpace::from_space(domain.get_space().isl(cx)?).isl(cx)?;
            let aff = match e.slot_dim(id) {
                Some(d) => Aff::var_on_domain(ls, DimType::Set, to_u32(d)?)
                    .isl(cx)?
                    .mod_val(Val::int_from_si(cx.raw(), e.block).isl(cx)?)
                    .isl(cx)?,
                None => Aff::zero_on_domain(ls).isl(cx)?,
            };
            let slot = Map::from_aff(aff)
                .isl(cx)?
                .intersect_domain(domain)
                .isl(cx)?
                .set_tuple_name(DimType::Out, &e.array)
                .isl(cx)?;
            out = out.union(UnionMap::from_map(slot).isl(cx)?).isl(cx)?;
        }
        Ok(out)
    }

    /// The array an access relation (`S[..] -> A[..]`, or tagged) goes to.
    pub fn array_of(&self, access: &Map) -> Option<ArrayId> {
        self.array_ids.get(&map_out_name(access)?).copied()
    }

    /// The array named `name`.
    pub fn array_named(&self, name: &str) -> Option<ArrayId> {
        self.array_ids.get(name).copied()
    }

    pub fn array(&self, id: ArrayId) -> &ArrayIsl {
        &self.arrays[id.0]
    }

    /// The original order as a schedule tree (see the field); the error says why the
    /// 2d+1 schedules do not nest.
    pub fn original_tree(&self, cx: &Ctx) -> Result<Schedule, PolyError> {
        match &self.original_tree {
            Some(tree) => tree.copy().isl(cx),
            None => tree_of_2d_plus_1(cx, &self.statements, &self.domain),
        }
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

    /// All reads and writes.
    pub fn accesses(&self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        self.reads.copy().isl(cx)?.union(self.writes(cx)?).isl(cx)
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
        let st = self.statements.get(k).ok_or(Invariant::NoSuchStatement)?;
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
        return Err(malformed(Malformed::Context(text.to_string())));
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

/// Adds the array that `access` names to the table, once; the same name with
/// another number of dimensions is malformed (isl would see two arrays).
fn declare_array(
    cx: &Ctx,
    scop: &Scop,
    access: &Map,
    arrays: &mut Vec<ArrayIsl>,
    array_ids: &mut HashMap<String, ArrayId>,
) -> Result<(), PolyError> {
    let Some(name) = map_out_name(access) else {
        return Err(malformed(Malformed::NoArray(
            cx.text(access).unwrap_or_default(),
        )));
    };
    let dims = usize::try_from(access.dim(DimType::Out).isl(cx)?).unwrap_or(0);
    if let Some(&id) = array_ids.get(&name) {
        return match arrays[id.0].dims == dims {
            true => Ok(()),
            false => Err(malformed(Malformed::Subscripts {
                array: name.to_string(),
                first: arrays[id.0].dims,
                second: dims,
            })),
        };
    }
    let element_bytes = (scop.element_bytes.iter())
        .find(|(n, _)| *n == name)
        .map_or(8, |(_, b)| *b);
    let killed = scop.killed.contains(&name);
    array_ids.insert(name.clone(), ArrayId(arrays.len()));
    arrays.push(ArrayIsl {
        name,
        dims,
        element_bytes,
        killed,
    });
    Ok(())
}

fn check_domain_name(map: &Map, stmt: &str, what: &str) -> Result<(), PolyError> {
    if map_in_name(map).as_deref() == Some(stmt) {
        Ok(())
    } else {
        Err(malformed(Malformed::AccessStart {
            what: what.to_string(),
            statement: stmt.to_string(),
        }))
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

/// The original 2d+1 schedules of `statements` (over `domain`) as a schedule tree.
fn tree_of_2d_plus_1(
    cx: &Ctx,
    statements: &[StmtIsl],
    domain: &UnionSet,
) -> Result<Schedule, PolyError> {
    if statements.is_empty() {
        return Schedule::from_domain(domain.copy().isl(cx)?).isl(cx);
    }
    let all: Vec<&StmtIsl> = statements.iter().collect();
    from_2d_plus_1(cx, &all, 0)
}

/// Builds the tree of the 2d+1 schedules of `stmts` from position `pos` (even) on.
/// Even positions are textual orders: several values give a sequence node (children
/// in increasing order). Odd positions are loops: a one-member band.
fn from_2d_plus_1(cx: &Ctx, stmts: &[&StmtIsl], pos: usize) -> Result<Schedule, PolyError> {
    // Group by the constant at `pos`, keeping the groups sorted by that constant.
    let mut groups: Vec<(i64, Vec<&StmtIsl>)> = Vec::new();
    for st in stmts {
        let v = fixed_position(cx, st, pos)?;
        match groups.binary_search_by_key(&v, |(k, _)| *k) {
            Ok(g) => groups[g].1.push(st),
            Err(g) => groups.insert(g, (v, vec![st])),
        }
    }
    if groups.len() > 1 {
        let mut seq: Option<Schedule> = None;
        for (_, group) in &groups {
            let child = from_2d_plus_1(cx, group, pos)?;
            seq = Some(match seq {
                None => child,
                Some(s) => s.sequence(child).isl(cx)?,
            });
        }
        return seq.ok_or_else(|| Invariant::EmptySequence.into());
    }

    let ending = stmts.iter().filter(|s| s.schedule_len == pos + 1).count();
    if ending == 1 && stmts.len() == 1 {
        return Schedule::from_domain(union_of_domains(cx, stmts)?).isl(cx);
    }
    if ending > 0 {
        let names: Vec<&str> = stmts.iter().map(|s| s.name.as_str()).collect();
        return Err(Unsupported::Unordered {
            statements: names.iter().map(|n| n.to_string()).collect(),
            level: pos,
        }
        .into());
    }
    let inner = from_2d_plus_1(cx, stmts, pos + 2)?;
    let band = loop_partial_schedule(cx, stmts, pos + 1)?;
    inner.insert_partial_schedule(band).isl(cx)
}

/// The constant at an even position of a statement's 2d+1 schedule.
fn fixed_position(cx: &Ctx, st: &StmtIsl, pos: usize) -> Result<i64, PolyError> {
    let v = st
        .schedule
        .plain_get_val_if_fixed(DimType::Out, to_u32(pos)?)
        .isl(cx)?;
    if v.is_int().isl(cx)? {
        v.get_num_si().isl(cx)
    } else {
        Err(Unsupported::NotConstant {
            statement: st.name.clone(),
            position: pos,
        }
        .into())
    }
}

fn union_of_domains(cx: &Ctx, stmts: &[&StmtIsl]) -> Result<UnionSet, PolyError> {
    let mut dom = UnionSet::empty_ctx(cx.raw()).isl(cx)?;
    for st in stmts {
        dom = dom
            .union(UnionSet::from_set(st.domain.copy().isl(cx)?).isl(cx)?)
            .isl(cx)?;
    }
    Ok(dom)
}

/// The one-member partial schedule `S[..] -> [value at pos]` of `stmts`.
fn loop_partial_schedule(
    cx: &Ctx,
    stmts: &[&StmtIsl],
    pos: usize,
) -> Result<MultiUnionPwAff, PolyError> {
    let mut umap = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
    for st in stmts {
        let after = st.schedule_len.saturating_sub(pos + 1);
        let map: Map = st
            .schedule
            .copy()
            .isl(cx)?
            .project_out(DimType::Out, to_u32(pos + 1)?, to_u32(after)?)
            .isl(cx)?
            .project_out(DimType::Out, 0, to_u32(pos)?)
            .isl(cx)?;
        umap = umap.union(UnionMap::from_map(map).isl(cx)?).isl(cx)?;
    }
    MultiUnionPwAff::from_union_map(umap).isl(cx)
}
