//! Clay's primitives as edits of a [`ClaySchedule`] (seed 003 Fig. 8), each with the
//! structural preconditions of its "where" clause (legality layer L1). Dependences
//! are checked once, on the final schedule (layer L2, `pipeline::clay_generate`).
//!
//! Conventions (docs/architecture-decisions.md, "Clay"):
//! - `d = dim ρ`; α dimensions and input dimensions are 1-based in directives.
//! - `↦` is the literal substitution of Fig. 7, so SHIFT by `a` gives `α = old - a`
//!   (the digest's erratum E9; the Clay library's tests agree).
//! - DISTRIBUTE is the digest's corrected form (erratum E1): `1 <= n <= max`, the
//!   children from `n` on move to a new loop right after ρ.
//! - COLLAPSE finds its pairs wherever INDEXSETSPLIT put them (erratum E2).
//! - LINEARIZE takes the loop ρ (erratum E3: `i = dim ρ`).

use super::directive::{Affine, Directive};
use super::schedule::{check_parts, AnyOrder, ClaySchedule, Constraint, Relation};
use crate::error::{ClayError, Precondition};

impl ClaySchedule {
    /// Applies `d`, or leaves `self` unchanged and says which precondition fails.
    pub fn apply(&mut self, d: &Directive) -> Result<(), ClayError> {
        let mut next = self.clone();
        next.apply_in_place(d)
            .map_err(|why| ClayError::Precondition {
                directive: d.to_string(),
                why,
            })?;
        next.normalize_beta();
        next.check_beta_forest()
            .map_err(|why| ClayError::Internal {
                directive: d.to_string(),
                why,
            })?;
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, d: &Directive) -> Result<(), Precondition> {
        let rho = d.prefix().to_vec();
        if let Directive::Shift { dim: 0, .. }
        | Directive::Skew { dim: 0, .. }
        | Directive::Interchange { dim: 0, .. }
        | Directive::Reshape { input: 0, .. }
        | Directive::Grain { dim: 0, .. }
        | Directive::Densify { dim: 0, .. } = d
        {
            return Err(Precondition::DimensionZero);
        }
        // ANY_ORDER marks β-prefixes: a directive that moves statements comes first.
        let moves = matches!(
            d,
            Directive::Reorder { .. }
                | Directive::FuseNext { .. }
                | Directive::Distribute { .. }
                | Directive::IndexSetSplit { .. }
                | Directive::Collapse { .. }
                | Directive::StripMine { .. }
                | Directive::Linearize { .. }
                | Directive::Tile { .. }
        );
        if let Some(m) = self.any_order.first().filter(|_| moves) {
            return Err(Precondition::MovesAfterAnyOrder {
                prefix: m.prefix.clone(),
            });
        }
        match d {
            Directive::Reorder { order, .. } => self.reorder(&rho, order),
            Directive::FuseNext { .. } => self.fuse_next(&rho),
            Directive::Distribute { n, .. } => self.distribute(&rho, *n),
            Directive::Shift { dim, amount, .. } => {
                let (param, constant) = self.parametric(amount)?;
                let dim = self.outer_dim(&rho, *dim)?;
                for t in self.loop_members(&rho)? {
                    self.relations[t].add_affine(dim, &param, constant);
                }
                Ok(())
            }
            Directive::Skew { dim, factor, .. } => {
                let members = self.loop_members(&rho)?;
                let target = rho.len() - 1;
                let by = dim - 1;
                if by == target {
                    return Err(Precondition::SkewBySelf);
                }
                if *factor == 0 {
                    return Err(Precondition::SkewFactorZero);
                }
                for &t in &members {
                    let r = &self.relations[t];
                    if by >= r.depth() {
                        return Err(Precondition::NoSuchLoop {
                            statement: self.statements[r.stmt.0].0.clone(),
                            loops: r.depth(),
                            dim: *dim,
                        });
                    }
                    // §5.2: an implicit dimension must not absorb an explicit one
                    // whose definition it appears in.
                    if !r.is_explicit(target) && r.is_explicit(by) && mentions(r, by, target) {
                        return Err(Precondition::ImplicitInDefinition {
                            implicit: target + 1,
                            dim: *dim,
                        });
                    }
                }
                for t in members {
                    self.relations[t].add_alpha_multiple(target, by, *factor);
                }
                Ok(())
            }
            Directive::Reverse { .. } => {
                let members = self.loop_members(&rho)?;
                let target = rho.len() - 1;
                for t in members {
                    for c in &mut self.relations[t].constraints {
                        c.alpha[target] = -c.alpha[target];
                    }
                }
                Ok(())
            }
            Directive::Interchange { dim, .. } => {
                let members = self.loop_members(&rho)?;
                let inner = rho.len() - 1;
                let outer = dim - 1;
                if outer >= inner {
                    return Err(Precondition::NoOuterLoop {
                        dim: *dim,
                        depth: rho.len(),
                    });
                }
                for t in members {
                    let r = &mut self.relations[t];
                    for c in &mut r.constraints {
                        c.alpha.swap(inner, outer);
                    }
                    r.parallel.swap(inner, outer);
                    r.band_start.swap(inner, outer);
                }
                Ok(())
            }
            Directive::Reshape { input, factor, .. } => {
                let members = self.loop_members(&rho)?;
                let target = rho.len() - 1;
                if *factor == 0 {
                    return Err(Precondition::ReshapeFactorZero);
                }
                for &t in &members {
                    let r = &self.relations[t];
                    let inputs = self.statements[r.stmt.0].1;
                    if *input > inputs {
                        return Err(Precondition::NoSuchInput {
                            statement: self.statements[r.stmt.0].0.clone(),
                            inputs,
                            input: *input,
                        });
                    }
                }
                for t in members {
                    self.relations[t].add_input_multiple(target, input - 1, *factor);
                }
                Ok(())
            }
            Directive::IndexSetSplit { constraint, .. } => self.index_set_split(&rho, constraint),
            Directive::Collapse { .. } => self.collapse(&rho),
            Directive::Grain { dim, factor, .. } => {
                let dim = self.outer_dim(&rho, *dim)?;
                if *factor < 1 {
                    return Err(Precondition::GrainBelowOne(*factor));
                }
                for t in self.loop_members(&rho)? {
                    for c in &mut self.relations[t].constraints {
                        if c.alpha[dim] != 0 {
                            scale_except(c, dim, *factor);
                        }
                    }
                }
                Ok(())
            }
            Directive::Densify { dim, .. } => {
                let dim = self.outer_dim(&rho, *dim)?;
                let members = self.loop_members(&rho)?;
                let mut g = 0i64;
                for &t in &members {
                    for c in self.relations[t].constraints.iter() {
                        if c.alpha[dim] != 0 {
                            g = gcd(g, gcd_except(c, dim));
                        }
                    }
                }
                if g <= 1 {
                    return Err(Precondition::NoGrain {
                        dim: dim + 1,
                        gcd: g,
                    });
                }
                for t in members {
                    for c in &mut self.relations[t].constraints {
                        if c.alpha[dim] != 0 {
                            divide_except(c, dim, g);
                        }
                    }
                }
                Ok(())
            }
            Directive::StripMine { size, .. } => self.strip_mine(&rho, *size),
            Directive::Linearize { .. } => self.linearize(&rho),
            Directive::Parallelize { .. } => {
                let members = self.loop_members(&rho)?;
                let dim = rho.len() - 1;
                for t in members {
                    self.relations[t].parallel[dim] = true;
                }
                Ok(())
            }
            Directive::AnyOrder { parts, .. } => {
                if !rho.is_empty() {
                    self.loop_members(&rho)?;
                }
                let children = self.children(&rho).len();
                check_parts(parts, children).map_err(|why| Precondition::Parts {
                    at: rho.clone(),
                    why,
                })?;
                self.any_order.retain(|m| m.prefix != rho);
                self.any_order.push(AnyOrder {
                    prefix: rho,
                    parts: parts.clone(),
                });
                self.any_order.sort();
                Ok(())
            }
            Directive::SplitBand { .. } => {
                let members = self.loop_members(&rho)?;
                let dim = rho.len() - 1;
                for t in members {
                    self.relations[t].band_start[dim] = true;
                }
                Ok(())
            }
            Directive::Embed { .. } => self.embed(&rho),
            Directive::Unembed { .. } => self.unembed(&rho),
            Directive::Tile { sizes, .. } => self.tile(&rho, sizes),
        }
    }

    /// The member whose whole β-vector is ρ (a statement, not a loop).
    fn statement_member(&self, rho: &[i64]) -> Result<usize, Precondition> {
        match self.under(rho)[..] {
            [t] if self.relations[t].beta == rho => Ok(t),
            [] => Err(Precondition::NoStatementAt(rho.to_vec())),
            _ => Err(Precondition::LoopNotStatement(rho.to_vec())),
        }
    }

    /// EMBED: a new innermost α dimension, fixed at 0, and β one longer. The dates
    /// are the old ones padded with zeros, so no two instances change order.
    fn embed(&mut self, rho: &[i64]) -> Result<(), Precondition> {
        let t = self.statement_member(rho)?;
        let inputs = self.statements[self.relations[t].stmt.0].1;
        let params = self.params.len();
        let r = &mut self.relations[t];
        for c in &mut r.constraints {
            c.alpha.push(0);
        }
        let n = r.depth() + 1;
        let mut zero = Constraint::zero(true, n, inputs, params);
        zero.alpha[n - 1] = 1;
        r.constraints.push(zero);
        r.parallel.push(false);
        r.band_start.push(false);
        r.beta.push(0);
        Ok(())
    }

    /// UNEMBED: statement ρ alone in its innermost loop, which one equality fixes to
    /// a value of the parameters (`α_n = v·p + C`, α_n in no other constraint), loses
    /// that loop. Alone in it, the statement keeps its order with every other.
    fn unembed(&mut self, rho: &[i64]) -> Result<(), Precondition> {
        let t = self.statement_member(rho)?;
        let r = &self.relations[t];
        let name = &self.statements[r.stmt.0].0;
        let n = r.depth();
        if n == 0 {
            return Err(Precondition::InNoLoop(name.clone()));
        }
        let around = &r.beta[..n];
        if self.under(around).len() != 1 {
            return Err(Precondition::NotAlone {
                statement: name.clone(),
                around: around.to_vec(),
            });
        }
        let mentions: Vec<usize> = (0..r.constraints.len())
            .filter(|&k| r.constraints[k].alpha[n - 1] != 0)
            .collect();
        let fixed = match mentions[..] {
            [k] => {
                let c = &r.constraints[k];
                let others_zero =
                    c.alpha[..n - 1].iter().all(|&v| v == 0) && c.input.iter().all(|&v| v == 0);
                (c.equality && c.alpha[n - 1].abs() == 1 && others_zero).then_some(k)
            }
            _ => None,
        };
        let Some(k) = fixed else {
            return Err(Precondition::NotFixed {
                around: around.to_vec(),
                statement: name.clone(),
                dim: n,
            });
        };
        let r = &mut self.relations[t];
        r.constraints.remove(k);
        for c in &mut r.constraints {
            c.alpha.pop();
        }
        r.parallel.pop();
        r.band_start.pop();
        r.beta.pop();
        Ok(())
    }

    /// T_ρ, when ρ addresses a loop: every member under it has an α_{dim ρ}.
    fn loop_members(&self, rho: &[i64]) -> Result<Vec<usize>, Precondition> {
        if rho.is_empty() {
            return Err(Precondition::RootNotLoop);
        }
        let members = self.under(rho);
        if members.is_empty() {
            return Err(Precondition::NoPrefix(rho.to_vec()));
        }
        if let Some(&t) = members
            .iter()
            .find(|&&t| self.relations[t].depth() < rho.len())
        {
            return Err(Precondition::StatementNotLoop {
                at: rho.to_vec(),
                statement: self.statements[self.relations[t].stmt.0].0.clone(),
            });
        }
        Ok(members)
    }

    /// The members INDEXSETSPLIT and COLLAPSE act on: those of loop ρ, or every
    /// member at the root `()` (a split of the whole SCoP).
    fn split_members(&self, rho: &[i64]) -> Result<Vec<usize>, Precondition> {
        if rho.is_empty() {
            Ok((0..self.relations.len()).collect())
        } else {
            self.loop_members(rho)
        }
    }

    /// The 0-based α index of a 1-based `dim` with `1 <= dim <= dim ρ` (SHIFT, GRAIN,
    /// DENSIFY: ρ's own loop or one around it).
    fn outer_dim(&self, rho: &[i64], dim: usize) -> Result<usize, Precondition> {
        if dim == 0 || dim > rho.len() {
            return Err(Precondition::NotAnOuterLoop {
                dim,
                depth: rho.len(),
            });
        }
        Ok(dim - 1)
    }

    /// SHIFT's amount: parameters only (Fig. 8: `amount = v·p + C`).
    fn parametric(&self, amount: &Affine) -> Result<(Vec<i64>, i64), Precondition> {
        let mut param = vec![0; self.params.len()];
        for (name, c) in &amount.terms {
            let k = self
                .params
                .iter()
                .position(|p| p == name)
                .ok_or_else(|| Precondition::NotAParameter(name.clone()))?;
            param[k] += c;
        }
        Ok((param, amount.constant))
    }

    fn children_max(&self, members: &[usize], level: usize) -> i64 {
        members
            .iter()
            .map(|&t| self.relations[t].beta[level])
            .max()
            .unwrap_or(0)
    }

    fn reorder(&mut self, rho: &[i64], order: &[i64]) -> Result<(), Precondition> {
        let d = rho.len();
        let members: Vec<usize> = self
            .under(rho)
            .into_iter()
            .filter(|&t| self.relations[t].beta.len() > d)
            .collect();
        if members.is_empty() {
            return Err(Precondition::NoChildren(rho.to_vec()));
        }
        let m = self.children_max(&members, d);
        let mut seen = vec![false; order.len()];
        let permutation = order.len() as i64 == m + 1
            && order
                .iter()
                .all(|&v| (0..=m).contains(&v) && !std::mem::replace(&mut seen[v as usize], true));
        if !permutation {
            return Err(Precondition::NotAPermutation {
                at: rho.to_vec(),
                last: m,
            });
        }
        for t in members {
            let b = &mut self.relations[t].beta[d];
            *b = order[*b as usize];
        }
        Ok(())
    }

    fn fuse_next(&mut self, rho: &[i64]) -> Result<(), Precondition> {
        let members = self.loop_members(rho)?;
        let d = rho.len();
        let parent = &rho[..d - 1];
        let next_pos = rho[d - 1] + 1;
        let next: Vec<usize> = self
            .under(parent)
            .into_iter()
            .filter(|&t| self.relations[t].beta[d - 1] == next_pos)
            .collect();
        if next.is_empty() {
            return Err(Precondition::NoNextSibling(rho.to_vec()));
        }
        if next.iter().any(|&t| self.relations[t].depth() < d) {
            return Err(Precondition::NextIsStatement(rho.to_vec()));
        }
        let m = self.children_max(&members, d);
        for t in next {
            self.relations[t].beta[d] += m + 1;
        }
        for t in self.under(parent) {
            let b = &mut self.relations[t].beta[d - 1];
            if *b > rho[d - 1] {
                *b -= 1;
            }
        }
        Ok(())
    }

    fn distribute(&mut self, rho: &[i64], n: i64) -> Result<(), Precondition> {
        let members = self.loop_members(rho)?;
        let d = rho.len();
        let m = self.children_max(&members, d);
        if m == 0 {
            return Err(Precondition::OneChild(rho.to_vec()));
        }
        if n < 1 || n > m {
            return Err(Precondition::DistributeCount {
                at: rho.to_vec(),
                last: m,
            });
        }
        for t in self.under(&rho[..d - 1]) {
            let r = &mut self.relations[t];
            if r.beta[d - 1] > rho[d - 1] {
                r.beta[d - 1] += 1;
            } else if r.beta[d - 1] == rho[d - 1] && r.beta[d] >= n {
                r.beta[d - 1] += 1;
                r.beta[d] -= n;
            }
        }
        Ok(())
    }

    fn index_set_split(&mut self, rho: &[i64], constraint: &Affine) -> Result<(), Precondition> {
        let members = self.split_members(rho)?;
        let d = rho.len();
        let m = self.children_max(&members, d);
        for t in members {
            let row = self.constraint_row(&self.relations[t], constraint)?;
            let mut other = self.relations[t].clone();
            other.constraints.push(row.complement());
            other.beta[d] += m + 1;
            self.relations[t].constraints.push(row);
            self.relations.push(other);
        }
        Ok(())
    }

    /// `e >= 0` over the member's α (`a<k>`), input dimensions (`i<k>`) and parameters.
    fn constraint_row(&self, r: &Relation, e: &Affine) -> Result<Constraint, Precondition> {
        let inputs = self.statements[r.stmt.0].1;
        let mut row = Constraint::zero(false, r.depth(), inputs, self.params.len());
        row.constant = e.constant;
        for (name, c) in &e.terms {
            if let Some(k) = self.params.iter().position(|p| p == name) {
                row.param[k] += c;
                continue;
            }
            let index = |prefix: char, limit: usize| {
                name.strip_prefix(prefix)
                    .and_then(|k| k.parse::<usize>().ok())
                    .filter(|&k| (1..=limit).contains(&k))
            };
            if let Some(k) = index('a', r.depth()) {
                row.alpha[k - 1] += c;
            } else if let Some(k) = index('i', inputs) {
                row.input[k - 1] += c;
            } else {
                return Err(Precondition::UnknownName {
                    name: name.clone(),
                    statement: self.statements[r.stmt.0].0.clone(),
                    loops: r.depth(),
                    inputs,
                });
            }
        }
        Ok(row)
    }

    fn collapse(&mut self, rho: &[i64]) -> Result<(), Precondition> {
        let members = self.split_members(rho)?;
        let d = rho.len();
        let mut merged = false;
        let mut gone = Vec::new();
        for (k, &a) in members.iter().enumerate() {
            for &b in &members[k + 1..] {
                if gone.contains(&a) || gone.contains(&b) {
                    continue;
                }
                if let Some(at) = split_pair(&self.relations[a], &self.relations[b], d) {
                    // Keep the earlier of the two positions, without the split.
                    let (keep, drop) = if self.relations[a].beta <= self.relations[b].beta {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    let row = if keep == a { at.0 } else { at.1 };
                    self.relations[keep].constraints.remove(row);
                    gone.push(drop);
                    merged = true;
                }
            }
        }
        if !merged {
            return Err(Precondition::NoSplitPair(rho.to_vec()));
        }
        gone.sort_unstable();
        for t in gone.into_iter().rev() {
            self.relations.remove(t);
        }
        Ok(())
    }

    fn strip_mine(&mut self, rho: &[i64], size: i64) -> Result<(), Precondition> {
        let members = self.loop_members(rho)?;
        if size < 1 {
            return Err(Precondition::SizeBelowOne(size));
        }
        let d = rho.len();
        let at = d - 1; // the new α_d; the old α_d becomes α_{d+1}
        let params = self.params.len();
        for t in members {
            let inputs = self.statements[self.relations[t].stmt.0].1;
            let r = &mut self.relations[t];
            for c in &mut r.constraints {
                c.alpha.insert(at, 0);
            }
            r.parallel.insert(at, false);
            r.band_start.insert(at, false);
            r.beta.insert(d, 0);
            let n = r.depth();
            // size·α_d <= α_{d+1} <= size·α_d + size - 1
            let mut low = Constraint::zero(false, n, inputs, params);
            low.alpha[at] = -size;
            low.alpha[at + 1] = 1;
            let mut high = Constraint::zero(false, n, inputs, params);
            high.alpha[at] = size;
            high.alpha[at + 1] = -1;
            high.constant = size - 1;
            r.constraints.push(low);
            r.constraints.push(high);
        }
        Ok(())
    }

    fn linearize(&mut self, rho: &[i64]) -> Result<(), Precondition> {
        let members = self.loop_members(rho)?;
        let d = rho.len();
        let at = d - 1;
        for &t in &members {
            let r = &self.relations[t];
            let name = &self.statements[r.stmt.0].0;
            if r.depth() < d + 1 || strip_bounds(r, at).is_none() {
                return Err(Precondition::NotStripmined {
                    at: rho.to_vec(),
                    dim: d,
                    statement: name.clone(),
                });
            }
            if r.beta[d] != 0 || self.under(&r.beta[..=d]).len() != self.under(rho).len() {
                return Err(Precondition::MoreThanOneChild(rho.to_vec()));
            }
        }
        for t in members {
            let r = &mut self.relations[t];
            let (low, high) = strip_bounds(r, at).expect("checked above");
            let (first, second) = if low > high { (low, high) } else { (high, low) };
            r.constraints.remove(first);
            r.constraints.remove(second);
            for c in &mut r.constraints {
                c.alpha.remove(at);
            }
            r.parallel.remove(at);
            r.band_start.remove(at);
            r.beta.remove(d);
        }
        Ok(())
    }

    /// TILE(ρ, (s_1..s_k)): STRIPMINE each of the k loops of the perfect nest from ρ
    /// on, which gives (t_1, p_1, ..., t_k, p_k), then INTERCHANGEs that bring the
    /// chunk loops t_1..t_k outside the point loops (seed 003 §5.3).
    fn tile(&mut self, rho: &[i64], sizes: &[i64]) -> Result<(), Precondition> {
        if sizes.is_empty() {
            return Err(Precondition::NoTileSize);
        }
        let d = rho.len();
        let k = sizes.len();
        for &t in &self.loop_members(rho)? {
            let r = &self.relations[t];
            if r.depth() < d + k - 1 || r.beta[d..d + k - 1].iter().any(|&b| b != 0) {
                return Err(Precondition::NotAPerfectNestAround {
                    loops: k,
                    at: rho.to_vec(),
                    statement: self.statements[r.stmt.0].0.clone(),
                });
            }
            if self.under(&r.beta[..d + k - 1]).len() != self.under(rho).len() {
                return Err(Precondition::NotAPerfectNest {
                    loops: k,
                    at: rho.to_vec(),
                });
            }
        }
        let nest = |depth: usize| -> Vec<i64> {
            let mut p = rho.to_vec();
            p.resize(depth, 0);
            p
        };
        for (j, &size) in sizes.iter().enumerate() {
            // Loop j of the band is now at depth d + 2j.
            self.strip_mine(&nest(d + 2 * j), size)?;
        }
        // (t1, p1, t2, p2, ...) -> (t1, ..., tk, p1, ..., pk): move t_j (at depth
        // d + 2(j-1), 1-based j) out to depth d + j - 1 by adjacent interchanges.
        for j in 1..k {
            let mut at = d + 2 * j;
            while at > d + j {
                self.apply_in_place(&Directive::Interchange {
                    prefix: nest(at),
                    dim: at - 1,
                })?;
                at -= 1;
            }
        }
        Ok(())
    }
}

/// Whether the definition (an equality) of α_by mentions α_target.
fn mentions(r: &Relation, by: usize, target: usize) -> bool {
    r.constraints
        .iter()
        .any(|c| c.equality && c.alpha[by] != 0 && c.alpha[target] != 0)
}

/// The two inequalities `size·α_at <= α_{at+1} <= size·α_at + size - 1` of a
/// stripmined loop, by index, if `r` has them and α_at appears nowhere else.
fn strip_bounds(r: &Relation, at: usize) -> Option<(usize, usize)> {
    let uses: Vec<usize> = (0..r.constraints.len())
        .filter(|&k| r.constraints[k].alpha[at] != 0)
        .collect();
    let [a, b] = uses[..] else { return None };
    let only = |c: &Constraint, x: i64, y: i64, constant: i64| {
        !c.equality
            && c.alpha[at] == x
            && c.alpha[at + 1] == y
            && c.constant == constant
            && c.alpha
                .iter()
                .enumerate()
                .all(|(k, &v)| k == at || k == at + 1 || v == 0)
            && c.input.iter().all(|&v| v == 0)
            && c.param.iter().all(|&v| v == 0)
    };
    let (ca, cb) = (&r.constraints[a], &r.constraints[b]);
    let size = ca.alpha[at].abs();
    if size < 1 {
        return None;
    }
    let low = |c: &Constraint| only(c, -size, 1, 0);
    let high = |c: &Constraint| only(c, size, -1, size - 1);
    if low(ca) && high(cb) {
        Some((a, b))
    } else if low(cb) && high(ca) {
        Some((b, a))
    } else {
        None
    }
}

/// For two members under ρ of one statement: the indices of the complementary
/// constraints, when the members are equal apart from them and their position
/// among ρ's children (INDEXSETSPLIT's output, erratum E2).
fn split_pair(a: &Relation, b: &Relation, d: usize) -> Option<(usize, usize)> {
    if a.stmt != b.stmt
        || a.beta.len() != b.beta.len()
        || a.beta[..d] != b.beta[..d]
        || a.beta[d + 1..] != b.beta[d + 1..]
        || a.constraints.len() != b.constraints.len()
        || a.parallel != b.parallel
        || a.band_start != b.band_start
    {
        return None;
    }
    for (ka, ca) in a.constraints.iter().enumerate() {
        let Some(kb) = b.constraints.iter().position(|cb| ca.complements(cb)) else {
            continue;
        };
        let rest_a: Vec<&Constraint> = a
            .constraints
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != ka)
            .map(|(_, c)| c)
            .collect();
        let rest_b: Vec<&Constraint> = b
            .constraints
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != kb)
            .map(|(_, c)| c)
            .collect();
        if rest_a.iter().all(|c| rest_b.contains(c)) && rest_b.iter().all(|c| rest_a.contains(c)) {
            return Some((ka, kb));
        }
    }
    None
}

/// GRAIN's rewrite of one constraint: the α_dim term stays, every other term is
/// multiplied by `g` (Fig. 8).
fn scale_except(c: &mut Constraint, dim: usize, g: i64) {
    for (k, v) in c.alpha.iter_mut().enumerate() {
        if k != dim {
            *v *= g;
        }
    }
    c.input.iter_mut().for_each(|v| *v *= g);
    c.param.iter_mut().for_each(|v| *v *= g);
    c.constant *= g;
}

/// DENSIFY's inverse rewrite.
fn divide_except(c: &mut Constraint, dim: usize, g: i64) {
    for (k, v) in c.alpha.iter_mut().enumerate() {
        if k != dim {
            *v /= g;
        }
    }
    c.input.iter_mut().for_each(|v| *v /= g);
    c.param.iter_mut().for_each(|v| *v /= g);
    c.constant /= g;
}

/// The gcd of every coefficient of `c` but α_dim's (the constant included).
fn gcd_except(c: &Constraint, dim: usize) -> i64 {
    let others = c
        .alpha
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != dim)
        .map(|(_, v)| *v)
        .chain(c.input.iter().copied())
        .chain(c.param.iter().copied())
        .chain([c.constant]);
    others.fold(0, gcd)
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
