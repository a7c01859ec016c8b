//! Statements: the slice of ops each statement clones, and its accesses.
//!
//! A *statement* is an op that writes memory (a store, or a conditional whose branches
//! store) with the loads and pure ops of its block that feed it, cloned at the
//! statement's position; or the write of a demoted value, a loop's inits or its yield
//! to their scalars.

use super::aff::{Aff, Atom};
use super::affine_map::for_inits;
use super::detect::{is_load_op, is_store_op, kind, Kind};
use super::{
    fail, scalar_name, Extractor, Reject, Result, StatementCode, Step, CLONE_REMAPS_NESTED_OPERANDS,
};
use crate::ir::{Op, Val};
use std::collections::HashSet;
use std::fmt;
use tessel_poly::{Access, AccessKind, Statement};

/// An element of an array: `A[i0, i1 + 1]`, `T3[]`; or, for a subscript that is no
/// affine function, any element of the array.
#[derive(Clone, Debug)]
pub(super) struct Target {
    array: String,
    subscripts: Subscripts,
}

#[derive(Clone, Debug)]
enum Subscripts {
    Affine(Vec<Aff>),
    /// Some subscript is no affine function: the access is over-approximated by the
    /// whole array (Polly's non-affine accesses), one entry per dimension with its
    /// static size where the memref type gives one. Such a load is a read of every
    /// element, such a store a may-write of every element.
    Any(Vec<Option<i64>>),
}

impl Target {
    /// Any element of the array: a store is then a may-write.
    pub(super) fn is_whole_array(&self) -> bool {
        matches!(self.subscripts, Subscripts::Any(_))
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.subscripts {
            Subscripts::Affine(subscripts) => {
                let subs: Vec<String> = subscripts.iter().map(Aff::to_string).collect();
                write!(f, "{}[{}]", self.array, subs.join(", "))
            }
            Subscripts::Any(sizes) => {
                // `any<k>` names no parameter or iterator (those are `p<k>`/`i<k>`
                // and the front end's value names, none of which start so).
                let dims: Vec<String> = (0..sizes.len()).map(|k| format!("any{k}")).collect();
                let bounds: Vec<String> = sizes
                    .iter()
                    .enumerate()
                    .map(|(k, size)| match size {
                        Some(n) => format!("0 <= any{k} < {n}"),
                        None => format!("any{k} >= 0"),
                    })
                    .collect();
                write!(f, "{}[{}]", self.array, dims.join(", "))?;
                if !bounds.is_empty() {
                    write!(f, " : {}", bounds.join(" and "))?;
                }
                Ok(())
            }
        }
    }
}

/// A statement's parts, kept until every parameter is known; [`Self::into_statement`]
/// writes its isl relations once, with the parameter list (`Extractor::finish`).
pub(super) struct StatementText {
    name: String,
    /// Loop depth of the statement: its iteration is `[i0, ..., i<depth-1>]`.
    depth: usize,
    /// Domain constraints (isl syntax), or empty.
    constraints: String,
    /// 2d+1 schedule vector.
    schedule: Vec<String>,
    /// Reads first, then writes.
    accesses: Vec<(AccessKind, Target)>,
}

impl StatementText {
    pub(super) fn into_statement(self, params: &str) -> Statement {
        let iteration: Vec<String> = (0..self.depth).map(|d| Atom::Iv(d).to_string()).collect();
        let tuple = format!("{}[{}]", self.name, iteration.join(", "));
        let constraints = if self.constraints.is_empty() {
            String::new()
        } else {
            format!(" : {}", self.constraints)
        };
        Statement {
            domain: format!("{params} -> {{ {tuple}{constraints} }}"),
            schedule: format!(
                "{params} -> {{ {tuple} -> [{}] }}",
                self.schedule.join(", ")
            ),
            accesses: self
                .accesses
                .into_iter()
                .map(|(kind, target)| Access {
                    kind,
                    relation: format!("{params} -> {{ {tuple} -> {target} }}"),
                })
                .collect(),
            name: self.name,
        }
    }
}

/// What a statement is made of, while it is collected.
#[derive(Default)]
pub(super) struct Slice {
    steps: Vec<Step>,
    cloned: HashSet<Op>,
    loaded: HashSet<Val>,
    /// The cloned ops' loads and conditional stores.
    accesses: Vec<(AccessKind, Target)>,
}

/// What a statement writes.
pub(super) enum Root {
    /// A store op, or a conditional that stores.
    Store,
    /// Demoted values: each written to its scalar.
    Value(Vec<(Val, usize)>),
    /// A loop's `affine.yield`: its operands go to these scalars.
    Yield(Vec<usize>),
    /// A loop's iter_args inits, written to these scalars before the loop.
    Inits(Vec<usize>),
}

impl Extractor {
    pub(super) fn statement(
        &mut self,
        root: Op,
        kind_of_root: Root,
        demoted: &HashSet<Op>,
        position: usize,
    ) -> Result<()> {
        let name = format!("S{}", self.statements.len());
        let mut slice = Slice::default();
        let roots: Vec<Val> = match &kind_of_root {
            Root::Store | Root::Value(_) => vec![],
            Root::Yield(_) => root.operands(),
            Root::Inits(_) => for_inits(root),
        };
        match &kind_of_root {
            Root::Store | Root::Value(_) => self.slice(root, demoted, &mut slice)?,
            Root::Yield(_) | Root::Inits(_) => {
                for v in &roots {
                    self.slice_value(*v, root, demoted, &mut slice)?;
                }
            }
        }
        // Cloned ops in program order (operands before users either way).
        let mut clones: Vec<Op> = slice
            .steps
            .iter()
            .filter_map(|s| {
                if let Step::Clone(o) = s {
                    Some(*o)
                } else {
                    None
                }
            })
            .collect();
        clones.sort_by_cached_key(|o| self.program_order(*o));
        let mut ordered: Vec<Step> = slice
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Load { .. }))
            .cloned()
            .collect();
        ordered.extend(clones.into_iter().map(Step::Clone));
        let mut accesses = slice.accesses;
        if let Root::Store = kind_of_root {
            if is_store_op(root) {
                let target = self.access(root)?;
                let kind = if target.is_whole_array() {
                    AccessKind::MayWrite
                } else {
                    AccessKind::MustWrite
                };
                accesses.push((kind, target));
            }
        }
        match &kind_of_root {
            Root::Store => {}
            Root::Value(outs) => {
                for (v, s) in outs {
                    ordered.push(Step::Store {
                        scalar: *s,
                        value: *v,
                    });
                }
            }
            Root::Yield(scalars) | Root::Inits(scalars) => {
                for (v, s) in roots.iter().zip(scalars) {
                    ordered.push(Step::Store {
                        scalar: *s,
                        value: *v,
                    });
                }
            }
        }
        let scalar = |k: usize| Target {
            array: scalar_name(k),
            subscripts: Subscripts::Affine(vec![]),
        };
        for step in &ordered {
            match step {
                Step::Load { scalar: k, .. } => accesses.push((AccessKind::Read, scalar(*k))),
                Step::Store { scalar: k, .. } => accesses.push((AccessKind::MustWrite, scalar(*k))),
                Step::Clone(_) => {}
            }
        }
        // Reads first, then writes, each in the order they were met.
        accesses.sort_by_key(|(kind, _)| match kind {
            AccessKind::Read => 0,
            AccessKind::MayWrite => 1,
            AccessKind::MustWrite => 2,
        });
        let mut sched = self.position.clone();
        sched.push(position.to_string());
        let constraints = if self.constraints.is_empty() {
            String::new()
        } else {
            self.wrap_exists()
        };
        let statement = StatementText {
            name,
            depth: self.loops.len(),
            constraints,
            schedule: sched,
            accesses,
        };
        let code = StatementCode {
            ivs: self.loops.iter().map(|l| l.iv).collect(),
            steps: ordered,
        };
        self.statements.push((statement, code));
        Ok(())
    }

    /// Position of `op` in program order: its index in its block, preceded by those
    /// of its ancestors in the run.
    pub(super) fn program_order(&self, op: Op) -> Vec<usize> {
        let mut key = vec![];
        let mut cur = Some(op);
        while let Some(c) = cur {
            match self.op_index.get(&c) {
                Some(&i) => key.push(i),
                None => break,
            }
            if self.run.contains(&c) {
                break;
            }
            cur = c.parent();
        }
        key.reverse();
        key
    }

    pub(super) fn wrap_exists(&self) -> String {
        let c = self.constraints.join(" and ");
        if self.exists.is_empty() {
            c
        } else {
            format!("exists ({} : {c})", self.exists.join(", "))
        }
    }

    /// Adds `op` and what it needs from its block to the slice: a clone step, and the
    /// accesses of the loads and stores it holds (stores in a conditional are
    /// may-writes; its loads are reads whether or not their branch runs).
    pub(super) fn slice(&mut self, op: Op, demoted: &HashSet<Op>, slice: &mut Slice) -> Result<()> {
        if !slice.cloned.insert(op) {
            return Ok(());
        }
        let nested = op.nested_ops();
        // Every value the op and its regions use from outside it.
        let mut used: Vec<Val> = op.operands();
        for inner in &nested {
            for v in inner.operands() {
                let inside = v.owner_op().is_some_and(|o| o.is_within(op) && o != op)
                    || v.block_argument()
                        .is_some_and(|(b, _)| b.parent_op().is_some_and(|p| p.is_within(op)));
                if !inside && !used.contains(&v) {
                    used.push(v);
                }
            }
        }
        if op.num_regions() > 0 && !CLONE_REMAPS_NESTED_OPERANDS {
            let from_run = nested.iter().flat_map(|o| o.operands()).any(|v| {
                let inside = v.owner_op().is_some_and(|o| o.is_within(op) && o != op)
                    || v.block_argument()
                        .is_some_and(|(b, _)| b.parent_op().is_some_and(|p| p.is_within(op)));
                !inside
                    && (self.loop_of_iv(v).is_some()
                        || v.owner_op().is_some_and(|o| self.in_run(o)))
            });
            if from_run {
                return fail(op, Reject::ConditionalUsesNest);
            }
        }
        for v in used {
            self.slice_value(v, op, demoted, slice)?;
        }
        let mut memory_ops: Vec<Op> = vec![];
        if is_load_op(op) {
            memory_ops.push(op);
        }
        memory_ops.extend(
            nested
                .iter()
                .copied()
                .filter(|o| is_load_op(*o) || is_store_op(*o)),
        );
        for m in memory_ops {
            let kind = if is_store_op(m) {
                AccessKind::MayWrite
            } else {
                AccessKind::Read
            };
            slice.accesses.push((kind, self.access(m)?));
        }
        slice.steps.push(Step::Clone(op));
        Ok(())
    }

    pub(super) fn slice_value(
        &mut self,
        v: Val,
        user: Op,
        demoted: &HashSet<Op>,
        slice: &mut Slice,
    ) -> Result<()> {
        if self.loop_of_iv(v).is_some() {
            return Ok(());
        }
        if let Some(&s) = self.scalar_of.get(&v) {
            if slice.loaded.insert(v) {
                slice.steps.push(Step::Load {
                    scalar: s,
                    value: v,
                });
            }
            return Ok(());
        }
        let Some(def) = v.defining_op() else {
            if let Some(owner) = v.owner_op() {
                if self.in_run(owner) {
                    return fail(
                        user,
                        Reject::UsesBlockArgument {
                            owner: owner.name(),
                        },
                    );
                }
            }
            return Ok(());
        };
        if !self.in_run(def) {
            return Ok(());
        }
        if demoted.contains(&def) {
            return fail(user, Reject::Internal("demoted value without a scalar"));
        }
        match kind(def) {
            Kind::Pure | Kind::Load => {
                // Pure values from outer blocks are recomputed; loads must come from this
                // statement's own block (anything else was demoted).
                if kind(def) == Kind::Load && def.block() != user.block() {
                    return fail(
                        user,
                        Reject::Internal("load from another block not demoted"),
                    );
                }
                self.slice(def, demoted, slice)
            }
            _ => fail(user, Reject::UsesResult { op: def.name() }),
        }
    }

    /// The element a load or store accesses.
    pub(super) fn access(&mut self, op: Op) -> Result<Target> {
        let (memref_index, first_index) = if is_store_op(op) { (1, 2) } else { (0, 1) };
        let Some(memref) = op
            .operand(memref_index)
            .filter(|_| op.num_operands() >= first_index)
        else {
            return fail(op, Reject::MalformedAccess);
        };
        let array = self.array(memref, op)?;
        let indices: Vec<Val> = op.operands()[first_index..].to_vec();
        let subscripts = if op.name().starts_with("affine.") {
            Subscripts::Affine(self.map_exprs(op, "map", &indices)?)
        } else {
            let affine: Result<Vec<Aff>> =
                indices.iter().map(|i| self.affine_value(*i, op)).collect();
            match affine {
                Ok(subscripts) => Subscripts::Affine(subscripts),
                // The subscript is computed in the statement (slice clones what it
                // needs, or refuses), so the access goes anywhere in the array.
                Err((_, reject)) if reject.is_not_affine() => {
                    let sizes = memref.ty().memref_extents().unwrap_or_default();
                    if sizes.len() != indices.len() {
                        return fail(op, Reject::MalformedAccess);
                    }
                    Subscripts::Any(sizes)
                }
                Err(e) => return Err(e),
            }
        };
        Ok(Target { array, subscripts })
    }
}
