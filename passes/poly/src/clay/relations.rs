//! A [`ClaySchedule`] to and from isl: read from a SCoP's original 2d+1 schedules,
//! checked for global validity (seed 003 §4.3), and turned into the schedule tree
//! that verification and AST generation take.

use isl_rs::{DimType, Map, MultiUnionPwAff, Schedule, UnionMap, UnionSet};

use super::schedule::{ClaySchedule, Constraint, Relation};
use crate::error::{Invariant, NoClayForm, PolyError, Unsupported, Validity};
use crate::model::scop::{Scop, StmtId};
use crate::support::isl::{numbered_id, to_u32, Ctx, IslResult};
use crate::transform::parallel::PARALLEL_MARK;

/// Input dimensions are `i1..ik` and α dimensions `a1..an` in the relations' text
/// (and in directives); a parameter may not be named like one of them.
fn is_dimension_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('a' | 'i'))
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn no_form(why: NoClayForm) -> PolyError {
    Unsupported::NoClayForm(why).into()
}

impl ClaySchedule {
    /// The original schedule of `scop` (each statement one member, α = ı, β its
    /// textual positions). Refuses a schedule that is not of that form.
    pub fn from_scop(cx: &Ctx, scop: &Scop) -> Result<ClaySchedule, PolyError> {
        if let Some(p) = scop.params.iter().find(|p| is_dimension_name(p)) {
            return Err(no_form(NoClayForm::ParameterLikeDimension(p.clone())));
        }
        let mut out = ClaySchedule {
            params: scop.params.clone(),
            statements: Vec::new(),
            relations: Vec::new(),
            any_order: Vec::new(),
        };
        for (k, st) in scop.statements.iter().enumerate() {
            let map: Map = cx.parse("schedule", &st.schedule, Map::read_from_str)?;
            let inputs = map.dim(DimType::In).isl(cx)? as usize;
            let len = map.dim(DimType::Out).isl(cx)? as usize;
            if len != 2 * inputs + 1 {
                return Err(no_form(NoClayForm::Dimensions {
                    statement: st.name.clone(),
                    len,
                    inputs,
                }));
            }
            let mut beta = Vec::with_capacity(inputs + 1);
            for level in 0..=inputs {
                let v = map
                    .plain_get_val_if_fixed(DimType::Out, to_u32(2 * level)?)
                    .isl(cx)?;
                if !v.is_int().isl(cx)? {
                    return Err(no_form(NoClayForm::NotConstant {
                        statement: st.name.clone(),
                        position: 2 * level,
                    }));
                }
                beta.push(v.get_num_si().isl(cx)?);
            }
            let constraints = (0..inputs)
                .map(|j| {
                    let mut c = Constraint::zero(true, inputs, inputs, scop.params.len());
                    c.alpha[j] = 1;
                    c.input[j] = -1;
                    c
                })
                .collect();
            let relation = Relation {
                stmt: StmtId(k),
                beta,
                constraints,
                parallel: vec![false; inputs],
                band_start: vec![false; inputs],
            };
            out.statements.push((st.name.clone(), inputs));
            let rebuilt: Map = cx.parse(
                "schedule",
                &out.relation_text(&relation, 2 * inputs + 1),
                Map::read_from_str,
            )?;
            if !rebuilt.is_equal(&map).isl(cx)? {
                return Err(no_form(NoClayForm::NotIdentity {
                    statement: st.name.clone(),
                    schedule: st.schedule.clone(),
                }));
            }
            out.relations.push(relation);
        }
        out.normalize_beta();
        out.check_beta_forest()
            .map_err(|e| no_form(NoClayForm::Forest(Box::new(e))))?;
        Ok(out)
    }

    /// The length of the longest date, `2n + 1`.
    fn date_len(&self) -> usize {
        self.relations
            .iter()
            .map(|r| r.beta.len() * 2 - 1)
            .max()
            .unwrap_or(1)
    }

    /// One member as an isl map `[p] -> { S[i1..ik] -> [β0, a1, β1, ...] : ... }`,
    /// padded with zeros to `len` dates.
    pub fn relation_text(&self, r: &Relation, len: usize) -> String {
        let (name, inputs) = &self.statements[r.stmt.0];
        let ins: Vec<String> = (1..=*inputs).map(|k| format!("i{k}")).collect();
        let mut date = Vec::with_capacity(len);
        for (k, b) in r.beta.iter().enumerate() {
            if k > 0 {
                date.push(format!("a{k}"));
            }
            date.push(b.to_string());
        }
        date.resize(len.max(date.len()), "0".to_string());
        let rows: Vec<String> = r.constraints.iter().map(|c| self.row_text(c)).collect();
        format!(
            "[{}] -> {{ {name}[{}] -> [{}]{}{} }}",
            self.params.join(", "),
            ins.join(", "),
            date.join(", "),
            if rows.is_empty() { "" } else { " : " },
            rows.join(" and ")
        )
    }

    fn row_text(&self, c: &Constraint) -> String {
        let mut terms = Vec::new();
        let named = c
            .alpha
            .iter()
            .enumerate()
            .map(|(k, v)| (format!("a{}", k + 1), *v))
            .chain(
                c.input
                    .iter()
                    .enumerate()
                    .map(|(k, v)| (format!("i{}", k + 1), *v)),
            )
            .chain(
                c.param
                    .iter()
                    .zip(&self.params)
                    .map(|(v, p)| (p.clone(), *v)),
            );
        for (name, v) in named.filter(|(_, v)| *v != 0) {
            terms.push((v, format!("{}*{name}", v.abs())));
        }
        terms.push((c.constant, c.constant.abs().to_string()));
        let mut text = String::new();
        for (k, (v, term)) in terms.iter().enumerate() {
            match (k, *v < 0) {
                (0, true) => text.push('-'),
                (0, false) => {}
                (_, true) => text.push_str(" - "),
                (_, false) => text.push_str(" + "),
            }
            text.push_str(term);
        }
        format!("{text} {} 0", if c.equality { "=" } else { ">=" })
    }

    /// One member as an isl map ([`Self::relation_text`]).
    fn relation_map(&self, cx: &Ctx, r: &Relation, len: usize) -> Result<Map, PolyError> {
        cx.parse(
            "Clay relation",
            &self.relation_text(r, len),
            Map::read_from_str,
        )
    }

    /// All members as one union map, every date padded to the same length.
    pub fn union_map(&self, cx: &Ctx) -> Result<UnionMap, PolyError> {
        let len = self.date_len();
        let mut all = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        for r in &self.relations {
            let m: Map = self.relation_map(cx, r, len)?;
            all = all.union(UnionMap::from_map(m).isl(cx)?).isl(cx)?;
        }
        Ok(all)
    }

    /// Whether `self` and `other` are the same schedule: the same members in the
    /// same order, with equal β-vectors, parallel marks and relations (as isl sets
    /// of pairs, whatever rows define them).
    pub fn same_as(&self, other: &ClaySchedule, cx: &Ctx) -> Result<bool, PolyError> {
        if self.relations.len() != other.relations.len()
            || self.statements != other.statements
            || self.any_order != other.any_order
        {
            return Ok(false);
        }
        for (a, b) in self.relations.iter().zip(&other.relations) {
            if a.stmt != b.stmt
                || a.beta != b.beta
                || a.parallel != b.parallel
                || a.band_start != b.band_start
            {
                return Ok(false);
            }
            let len = a.beta.len() * 2 - 1;
            let ma: Map = self.relation_map(cx, a, len)?;
            let mb: Map = other.relation_map(cx, b, len)?;
            if !ma.is_equal(&mb).isl(cx)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Global validity (seed 003 §4.3), for every domain a statement could have: each
    /// instance gets exactly one date (existence and uniqueness across the members,
    /// with integral α), and no two instances share a date. `Err` names the
    /// statement and the property; it is a user's error, not a bug.
    pub fn check_global_validity(&self, cx: &Ctx) -> Result<(), Validity> {
        let len = self.date_len();
        let fail = |e: PolyError| Validity::Isl(Box::new(e));
        for (k, (name, _)) in self.statements.iter().enumerate() {
            let mut union: Option<Map> = None;
            for r in self.relations.iter().filter(|r| r.stmt == StmtId(k)) {
                let m: Map = self.relation_map(cx, r, len).map_err(fail)?;
                union = Some(match union {
                    None => m,
                    Some(u) => u.union(m).isl(cx).map_err(fail)?,
                });
            }
            let Some(map) = union else {
                return Err(Validity::NoRelation(name.clone()));
            };
            if !map.is_single_valued().isl(cx).map_err(fail)? {
                return Err(Validity::TwoDates(name.clone()));
            }
            let domain = map
                .copy()
                .isl(cx)
                .map_err(fail)?
                .domain()
                .isl(cx)
                .map_err(fail)?;
            let everything = domain.get_space().isl(cx).map_err(fail)?;
            let universe = isl_rs::Set::universe(everything).isl(cx).map_err(fail)?;
            if !universe.is_subset(&domain).isl(cx).map_err(fail)? {
                return Err(Validity::NoDate(name.clone()));
            }
            if !map.is_injective().isl(cx).map_err(fail)? {
                return Err(Validity::SameDate(name.clone()));
            }
        }
        Ok(())
    }

    /// The schedule as a tree over `domain` (the statements' iteration domains): a
    /// sequence node wherever siblings differ in β, a one-member band per α. Each
    /// member keeps the instances its constraints select, as a filter.
    pub fn tree(&self, cx: &Ctx, domain: &UnionSet) -> Result<Schedule, PolyError> {
        let len = self.date_len();
        let mut maps = Vec::with_capacity(self.relations.len());
        for r in &self.relations {
            let m: Map = self.relation_map(cx, r, len)?;
            let restricted = UnionMap::from_map(m)
                .isl(cx)?
                .intersect_domain(domain.copy().isl(cx)?)
                .isl(cx)?;
            maps.push(restricted);
        }
        // A member with no instance in the domain (one side of an index-set split
        // that the domain never reaches, as Chlore's dummy split of §6.2) has no
        // place in the tree.
        let mut live = Vec::with_capacity(maps.len());
        for (t, m) in maps.iter().enumerate() {
            if !m.is_empty().isl(cx)? {
                live.push(t);
            }
        }
        if live.is_empty() {
            return Schedule::from_domain(domain.copy().isl(cx)?).isl(cx);
        }
        self.subtree(cx, &maps, &live, 0)
    }

    fn subtree(
        &self,
        cx: &Ctx,
        maps: &[UnionMap],
        members: &[usize],
        level: usize,
    ) -> Result<Schedule, PolyError> {
        let mut groups: Vec<(i64, Vec<usize>)> = Vec::new();
        for &t in members {
            let v = self.relations[t].beta[level];
            match groups.binary_search_by_key(&v, |(k, _)| *k) {
                Ok(g) => groups[g].1.push(t),
                Err(g) => groups.insert(g, (v, vec![t])),
            }
        }
        if groups.len() > 1 {
            // ANY_ORDER: a set node over the parts, each a sequence of its children.
            let parts: Option<&Vec<i64>> = members.first().and_then(|&t| {
                self.any_order
                    .iter()
                    .find(|m| m.prefix[..] == self.relations[t].beta[..level])
                    .map(|m| &m.parts)
            });
            let mut set: Option<Schedule> = None;
            let mut part: Option<(i64, Schedule)> = None;
            for (v, group) in &groups {
                let child = self.subtree(cx, maps, group, level)?;
                let id = parts
                    .and_then(|p| usize::try_from(*v).ok().and_then(|v| p.get(v).copied()))
                    .unwrap_or(0);
                part = Some(match part {
                    Some((p, s)) if p == id => (p, s.sequence(child).isl(cx)?),
                    Some((_, done)) => {
                        set = Some(match set {
                            None => done,
                            Some(s) => s.set(done).isl(cx)?,
                        });
                        (id, child)
                    }
                    None => (id, child),
                });
            }
            let (_, last) = part.ok_or(Invariant::EmptySequence)?;
            return match set {
                None => Ok(last),
                Some(s) => s.set(last).isl(cx),
            };
        }
        let mut instances = UnionSet::empty_ctx(cx.raw()).isl(cx)?;
        for &t in members {
            instances = instances
                .union(maps[t].copy().isl(cx)?.domain().isl(cx)?)
                .isl(cx)?;
        }
        let leaf = members.len() == 1 && self.relations[members[0]].depth() == level;
        if leaf {
            return Schedule::from_domain(instances).isl(cx);
        }
        if members.iter().any(|&t| self.relations[t].depth() == level) {
            return Err(Invariant::BetaCollision(level).into());
        }
        // The loops α_{level+1} .. α_{level+width}, one band as long as every member
        // runs in each of them with no sequence between (a perfect nest, as the
        // optimizer's bands are); a parallel flag below the first loop starts a band
        // of its own, since a mark makes the first member of a band parallel.
        let mut width = 1;
        while members.iter().all(|&t| {
            let r = &self.relations[t];
            r.depth() > level + width
                && r.beta[level + width] == self.relations[members[0]].beta[level + width]
                && !r.parallel[level + width]
                && !r.band_start[level + width]
        }) {
            width += 1;
        }
        let n = self.date_len();
        let mut band: Option<UnionMap> = None;
        for k in 0..width {
            // The loop α_{level+k+1}: date position 2·(level + k) + 1.
            let pos = 2 * (level + k) + 1;
            let mut member = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
            for &t in members {
                let m = maps[t]
                    .copy()
                    .isl(cx)?
                    .project_out_dims(pos + 1, n - pos - 1, cx)?
                    .project_out_dims(0, pos, cx)?;
                member = member.union(m).isl(cx)?;
            }
            band = Some(match band {
                None => member,
                Some(b) => b.flat_range_product(member).isl(cx)?,
            });
        }
        let band = band.ok_or(Invariant::EmptyBand)?;
        let inner = self.subtree(cx, maps, members, level + width)?;
        let partial = MultiUnionPwAff::from_union_map(band).isl(cx)?;
        let tree = inner.insert_partial_schedule(partial).isl(cx)?;
        // PARALLELIZE: a mark above the band when every member under the loop asks
        // for it (a loop fused from a parallel and a sequential one stays sequential;
        // [`ClaySchedule::mixed_parallel_loops`] names those).
        if !members.iter().all(|&t| self.relations[t].parallel[level]) {
            return Ok(tree);
        }
        let band = tree.get_root().isl(cx)?.child(0).isl(cx)?;
        let marked = band
            .insert_mark(numbered_id(cx, PARALLEL_MARK, 0)?)
            .isl(cx)?;
        marked.get_schedule().isl(cx)
    }

    /// Gives every member under a loop the SPLIT_BAND flag that one of them has: the
    /// flag belongs to the loop, as the directive sets it.
    pub(crate) fn spread_band_starts(&mut self) {
        for t in 0..self.relations.len() {
            for level in 0..self.relations[t].depth() {
                if self.relations[t].band_start[level] {
                    let prefix = self.relations[t].beta[..=level].to_vec();
                    for u in self.under(&prefix) {
                        if let Some(flag) = self.relations[u].band_start.get_mut(level) {
                            *flag = true;
                        }
                    }
                }
            }
        }
    }

    /// The loops (β-prefixes) that some member marks parallel, outermost first.
    pub fn parallel_loops(&self) -> Vec<Vec<i64>> {
        let mut out: Vec<Vec<i64>> = Vec::new();
        for r in &self.relations {
            for level in (0..r.depth()).filter(|&l| r.parallel[l]) {
                let loop_prefix = &r.beta[..=level];
                if !out.iter().any(|p| p == loop_prefix) {
                    out.push(loop_prefix.to_vec());
                }
            }
        }
        out.sort_by_key(Vec::len);
        out
    }

    /// The loops (β-prefixes) that hold members marked parallel and members not
    /// marked: code generation leaves them sequential.
    pub fn mixed_parallel_loops(&self) -> Vec<Vec<i64>> {
        let mut out: Vec<Vec<i64>> = Vec::new();
        for r in &self.relations {
            for level in 0..r.depth() {
                let loop_prefix = &r.beta[..=level];
                let under = self.under(loop_prefix);
                let marked = under
                    .iter()
                    .filter(|&&t| self.relations[t].parallel[level])
                    .count();
                if marked > 0 && marked < under.len() && !out.iter().any(|p| p == loop_prefix) {
                    out.push(loop_prefix.to_vec());
                }
            }
        }
        out
    }
}

/// Projecting output dimensions out of every map of a union map.
trait ProjectOut: Sized {
    fn project_out_dims(self, first: usize, n: usize, cx: &Ctx) -> Result<Self, PolyError>;
}

impl ProjectOut for UnionMap {
    fn project_out_dims(self, first: usize, n: usize, cx: &Ctx) -> Result<UnionMap, PolyError> {
        let mut out = UnionMap::empty_ctx(cx.raw()).isl(cx)?;
        for m in crate::support::isl::maps_of(cx, &self)? {
            let m = m
                .project_out(DimType::Out, to_u32(first)?, to_u32(n)?)
                .isl(cx)?;
            out = out.union(UnionMap::from_map(m).isl(cx)?).isl(cx)?;
        }
        Ok(out)
    }
}
