//! Check 4: the generated AST runs what the verified schedule says.
//!
//! isl's AST generator is not taken on trust: isl 0.27 can move a statement by one
//! iteration when it "shifts strides" (`generate_component` in isl_ast_codegen.c),
//! and generated wrong code for difftest seed 740546 from a verified tree. So the
//! AST isl generated is read back into a relation `T` from every statement instance
//! to its execution time, and checked. (Codegen then unrolls full register blocks,
//! which keeps every instance's order: `codegen::register_block`.)
//!
//! 1. It runs exactly the schedule's instances (under the context), each once:
//!    `dom T = dom S` and `T` is single-valued and injective.
//! 2. It runs every dependence forward, as check 2 of the tree does. With live-range
//!    reordering, which lets the schedule run some conflicting pairs backwards, it
//!    orders every conflicting pair as the verified schedule `S` does.
//! 3. No loop flagged parallel separates a conflicting pair (but of the scalars it
//!    privatizes) that runs at one iteration of the loops around it.
//!
//! The time of an instance is, from the outside in, per nesting level, the position
//! of the node in its block (an `if` adds the branch, 0 or 1) and then the value of
//! the loop's iterator: the order in which the nodes run. Times are padded with
//! zeros to one length; a padded time never equals a longer one, since two paths
//! differ first at a position. All three checks are set inclusions in isl: exact.
//! (A strided loop with several lower bounds also has them agree modulo its step,
//! see [`Stride`].)

use std::collections::BTreeSet;

use isl_rs::{Schedule, Set, UnionMap, UnionSet};

use crate::analysis::dependences::Dependences;
use crate::analysis::privatization::{Conflicts, PrivateScalar};
use crate::error::{AstViolation, PolyError, Unsupported, Violation};
use crate::model::ast::{AstNode, CmpOp, Cond, Expr};
use crate::model::isl_text::union_map_text;
use crate::model::load::ScopIsl;
use crate::support::isl::{Ctx, IslResult};
use crate::support::schedule_tree::{carried_by_member, deltas_under, equal_under};
use crate::verify::order::{check_flat_order, flat_schedule, lex_positive};

/// One statement under one path of the AST: its instances and their times, as
/// `{head} -> [{time}] : {constraints}` in isl's notation.
struct Piece {
    /// The statement's tuple, e.g. `S1[__d0, __d1]`.
    head: String,
    time: Vec<String>,
    constraints: String,
}

/// A loop flagged parallel: the time entry of its iterator, the constant entries
/// that select its subtree, and the scalars it privatizes.
struct ParallelLoop {
    at: usize,
    path: Vec<(usize, usize)>,
    private: Vec<String>,
}

/// A strided loop with several lower bounds: they must agree modulo the step
/// wherever the loop runs (under the constraints of the loops around it).
struct Stride {
    iterators: Vec<String>,
    constraints: Vec<String>,
    terms: Vec<String>,
    step: i64,
}

#[derive(Default)]
struct Reader {
    pieces: Vec<Piece>,
    loops: Vec<ParallelLoop>,
    strides: Vec<Stride>,
    /// Every variable named that is not an iterator: the parameters.
    params: BTreeSet<String>,
}

/// Where the walk is: the time entries so far and the constraints on iterators.
#[derive(Clone, Default)]
struct Path {
    time: Vec<String>,
    /// `(entry, position)` of every constant entry of `time`.
    positions: Vec<(usize, usize)>,
    iterators: Vec<String>,
    constraints: Vec<String>,
    /// Inside a parallel loop whose whole body is a parallel loop (one collapsed
    /// parallel nest, `model::ast::collapsed_body`): the scalars the nest
    /// privatizes, which only its first loop lists.
    collapsed_private: Vec<String>,
}

impl Path {
    fn at(&self, position: usize) -> Path {
        let mut p = self.clone();
        p.positions.push((p.time.len(), position));
        p.time.push(position.to_string());
        p
    }
}

/// Checks `ast`, generated from `schedule` (of `model`, under its parameter context),
/// against the schedule (see the module).
pub(crate) fn check_ast(
    cx: &Ctx,
    ast: &[AstNode],
    schedule: &Schedule,
    model: &ScopIsl,
    deps: &Dependences<'_>,
) -> Result<(), PolyError> {
    let context = &model.context;
    let mut reader = Reader::default();
    reader.block(ast, &Path::default())?;
    let params = reader.params.iter().cloned().collect::<Vec<_>>().join(", ");
    for stride in &reader.strides {
        congruent(cx, &params, stride)?;
    }
    let len = reader
        .pieces
        .iter()
        .map(|p| p.time.len())
        .max()
        .unwrap_or(1);
    let pieces: Vec<String> = reader
        .pieces
        .iter()
        .map(|p| {
            let zeros = ", 0".repeat(len - p.time.len());
            format!(
                "{} -> [{}{zeros}] : {}",
                p.head,
                p.time.join(", "),
                p.constraints
            )
        })
        .collect();
    let clock = std::time::Instant::now();
    let lap = |what: &str| {
        tracing::debug!(what, ms = clock.elapsed().as_secs_f64() * 1e3, "check 4");
    };
    let text = format!("[{params}] -> {{ {} }}", pieces.join("; "));
    let time = cx
        .parse("generated AST", &text, UnionMap::read_from_str)?
        .intersect_params(context.copy().isl(cx)?)
        .isl(cx)?
        .coalesce()
        .isl(cx)?;
    let domain = schedule
        .get_domain()
        .isl(cx)?
        .intersect_params(context.copy().isl(cx)?)
        .isl(cx)?;
    tracing::debug!(pieces = pieces.len(), len, "AST read back");
    lap("read back");
    if !time
        .copy()
        .isl(cx)?
        .domain()
        .isl(cx)?
        .is_equal(&domain)
        .isl(cx)?
    {
        return Err(wrong(AstViolation::Domain));
    }
    lap("domain");
    if !time.is_single_valued().isl(cx)? || !time.is_injective().isl(cx)? {
        return Err(wrong(AstViolation::NotOneToOne));
    }
    lap("single-valued, injective");
    match deps.live_ranges() {
        // The schedule runs every dependence forward: so must the AST.
        None => check_flat_order(cx, &time, len, deps.kinds()).map_err(|e| match e {
            PolyError::InvalidSchedule(why) => wrong(AstViolation::Order(Box::new(why))),
            e => e,
        })?,
        Some(_) => check_agreement(cx, schedule, &time, len, &deps.conflicts().all)?,
    }
    lap("order");
    for lp in &reader.loops {
        check_parallel(cx, lp, &time, len, model, deps.conflicts())?;
    }
    lap("parallel loops");
    Ok(())
}

/// The lower bounds of a strided loop agree modulo its step (see [`Stride`]).
fn congruent(cx: &Ctx, params: &str, stride: &Stride) -> Result<(), PolyError> {
    let Some((first, rest)) = stride.terms.split_first() else {
        return Ok(());
    };
    let step = stride.step;
    let disagree: Vec<String> = rest
        .iter()
        .map(|t| format!("({t} - {first}) mod {step} != 0"))
        .collect();
    let mut constraints = stride.constraints.clone();
    constraints.push(format!("({})", disagree.join(" or ")));
    let text = format!(
        "[{params}] -> {{ [{}] : {} }}",
        stride.iterators.join(", "),
        all_of(&constraints)
    );
    if !cx
        .parse("time set", &text, Set::read_from_str)?
        .is_empty()
        .isl(cx)?
    {
        return Err(wrong(AstViolation::StridedBounds));
    }
    Ok(())
}

fn wrong(why: AstViolation) -> PolyError {
    Violation::Ast(why).into()
}

/// The conjunction of `parts` in isl's notation (`0 = 0` when there are none).
fn all_of(parts: &[String]) -> String {
    if parts.is_empty() {
        "0 = 0".into()
    } else {
        parts.join(" and ")
    }
}

/// Check 2 with live-range reordering (the schedule may run some conflicting pairs
/// backwards): the AST orders each pair of `conflicts` as the schedule does. Taking
/// every pair both ways, with `d = (S(b) - S(a), T(b) - T(a))`: `d_S ≻ 0 ⇒ d_T ≻ 0`.
/// (`d_S = 0` only for `a = b`: the verifier found `S` injective.)
fn check_agreement(
    cx: &Ctx,
    schedule: &Schedule,
    time: &UnionMap,
    len: usize,
    conflicts: &UnionMap,
) -> Result<(), PolyError> {
    let (flat, flat_len) = flat_schedule(cx, schedule)?;
    let both_ways = conflicts
        .copy()
        .isl(cx)?
        .union(conflicts.copy().isl(cx)?.reverse().isl(cx)?)
        .isl(cx)?;
    let s_and_t = flat
        .copy()
        .isl(cx)?
        .range_product(time.copy().isl(cx)?)
        .isl(cx)?;
    let t_where_s_forward = deltas_under(cx, &both_ways, &s_and_t)?
        .unwrap()
        .isl(cx)?
        .intersect_domain(lex_positive(cx, flat_len)?)
        .isl(cx)?
        .range()
        .isl(cx)?;
    if !t_where_s_forward
        .is_subset(&lex_positive(cx, len)?)
        .isl(cx)?
    {
        // Failure path only: name the pairs.
        let before = |m: &UnionMap| {
            m.copy()
                .isl(cx)?
                .lex_lt_union_map(m.copy().isl(cx)?)
                .isl(cx)
        };
        let swapped = both_ways
            .intersect(before(&flat)?)
            .isl(cx)?
            .subtract(before(time)?)
            .isl(cx)?;
        return Err(wrong(AstViolation::Swapped(union_map_text(cx, &swapped)?)));
    }
    Ok(())
}

/// Check 3 for one parallel loop.
fn check_parallel(
    cx: &Ctx,
    lp: &ParallelLoop,
    time: &UnionMap,
    len: usize,
    model: &ScopIsl,
    conflicts: &Conflicts,
) -> Result<(), PolyError> {
    let private_here = |p: &PrivateScalar| lp.private.contains(&model.array(p.array).name);
    let t: Vec<String> = (0..len).map(|k| format!("t{k}")).collect();
    let inside: Vec<String> = lp
        .path
        .iter()
        .map(|(at, pos)| format!("t{at} = {pos}"))
        .collect();
    let inside = cx.parse(
        "time set",
        &format!("{{ [{}] : {} }}", t.join(", "), all_of(&inside)),
        UnionSet::read_from_str,
    )?;
    let time = time.copy().isl(cx)?.intersect_range(inside).isl(cx)?;
    let mut pairs = conflicts.shared.copy().isl(cx)?;
    for p in conflicts.private.iter().filter(|p| !private_here(p)) {
        pairs = pairs.union(p.conflicts.copy().isl(cx)?).isl(cx)?;
    }
    if carried_by_member(cx, &deltas_under(cx, &pairs, &time)?, len, lp.at)? {
        return Err(wrong(AstViolation::ParallelCarries(lp.at)));
    }
    // A copy per iteration holds a private scalar's value only inside that
    // iteration: every live range with an end in the loop has both ends in one
    // iteration of it (the privatization condition, on the generated loop; isl may
    // split a member into pieces, and a live range may run from one into the next).
    if lp.private.is_empty() {
        return Ok(());
    }
    let prefix = cx.parse(
        "time prefix",
        &format!("{{ [{}] -> [{}] }}", t.join(", "), t[..=lp.at].join(", ")),
        UnionMap::read_from_str,
    )?;
    let inside = time.copy().isl(cx)?.domain().isl(cx)?;
    let same_iteration = equal_under(cx, &time.apply_range(prefix).isl(cx)?)?;
    for p in conflicts.private.iter().filter(|p| private_here(p)) {
        let touching = p.live_ranges_touching(cx, &inside)?;
        if !touching.is_subset(&same_iteration).isl(cx)? {
            return Err(wrong(AstViolation::PrivateEscapes {
                array: model.array(p.array).name.clone(),
                at: lp.at,
            }));
        }
    }
    Ok(())
}

impl Reader {
    fn block(&mut self, nodes: &[AstNode], path: &Path) -> Result<(), PolyError> {
        for (k, node) in nodes.iter().enumerate() {
            self.node(node, &path.at(k))?;
        }
        Ok(())
    }

    fn node(&mut self, node: &AstNode, path: &Path) -> Result<(), PolyError> {
        match node {
            AstNode::For {
                iterator,
                lower,
                upper,
                step,
                parallel,
                private,
                body,
                ..
            } => {
                let mut inner = path.clone();
                inner.collapsed_private.clear();
                if *parallel {
                    let mut private = private.clone();
                    private.extend(path.collapsed_private.iter().cloned());
                    if let [AstNode::For { parallel: true, .. }] = body.as_slice() {
                        inner.collapsed_private.clone_from(&private);
                    }
                    self.loops.push(ParallelLoop {
                        at: inner.time.len(),
                        path: inner.positions.clone(),
                        private,
                    });
                }
                inner.time.push(iterator.clone());
                inner.iterators.push(iterator.clone());
                let mut lowers = Vec::new();
                for lb in lower.max_terms() {
                    lowers.push(self.expr(&lb, path)?);
                }
                for lb in &lowers {
                    inner.constraints.push(format!("{iterator} >= {lb}"));
                }
                for ub in upper.min_terms() {
                    let ub = self.expr(&ub, path)?;
                    inner.constraints.push(format!("{iterator} <= {ub}"));
                }
                if *step > 1 {
                    // The loop runs `max(terms) + step * k`: when the terms agree
                    // modulo the step (isl builds each so, see `lower_bound` in
                    // isl_ast_codegen.c), that is `iterator ≡ term` for each term, a
                    // conjunction, where `iterator - max(..)` would split the relation
                    // into a piece per term. The agreement is checked (`congruent`).
                    for lb in &lowers {
                        inner
                            .constraints
                            .push(format!("({iterator} - {lb}) mod {step} = 0"));
                    }
                    if lowers.len() > 1 {
                        self.strides.push(Stride {
                            iterators: path.iterators.clone(),
                            constraints: path.constraints.clone(),
                            terms: lowers,
                            step: *step,
                        });
                    }
                }
                self.block(body, &inner)
            }
            AstNode::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let text = self.cond(cond, path)?;
                let mut then_path = path.at(0);
                then_path.constraints.push(format!("({text})"));
                self.block(then_branch, &then_path)?;
                let mut else_path = path.at(1);
                else_path.constraints.push(format!("not ({text})"));
                self.block(else_branch, &else_path)
            }
            AstNode::Stmt { name, args, .. } => {
                let mut constraints = path.constraints.clone();
                let mut dims = Vec::with_capacity(args.len());
                for (k, arg) in args.iter().enumerate() {
                    let dim = format!("__d{k}");
                    constraints.push(format!("{dim} = {}", self.expr(arg, path)?));
                    dims.push(dim);
                }
                self.pieces.push(Piece {
                    head: format!("{name}[{}]", dims.join(", ")),
                    time: path.time.clone(),
                    constraints: all_of(&constraints),
                });
                Ok(())
            }
        }
    }

    fn cond(&mut self, cond: &Cond, path: &Path) -> Result<String, PolyError> {
        Ok(match cond {
            Cond::Cmp(op, a, b) => {
                let op = match op {
                    CmpOp::Eq => "=",
                    CmpOp::Le => "<=",
                    CmpOp::Lt => "<",
                    CmpOp::Ge => ">=",
                    CmpOp::Gt => ">",
                };
                format!("{} {op} {}", self.expr(a, path)?, self.expr(b, path)?)
            }
            Cond::And(items) | Cond::Or(items) => {
                let join = if matches!(cond, Cond::And(_)) {
                    " and "
                } else {
                    " or "
                };
                let mut parts = Vec::with_capacity(items.len());
                for c in items {
                    parts.push(format!("({})", self.cond(c, path)?));
                }
                if parts.is_empty() {
                    return Ok(if join == " and " { "0 = 0" } else { "1 = 0" }.into());
                }
                parts.join(join)
            }
        })
    }

    /// `e` in isl's syntax; names that are not iterators on `path` are parameters.
    fn expr(&mut self, e: &Expr, path: &Path) -> Result<String, PolyError> {
        Ok(match e {
            Expr::Int(v) => format!("({v})"),
            Expr::Var(v) => {
                if !path.iterators.contains(v) {
                    self.params.insert(v.clone());
                }
                v.clone()
            }
            Expr::Add(a, b) => format!("({} + {})", self.expr(a, path)?, self.expr(b, path)?),
            Expr::Sub(a, b) => format!("({} - {})", self.expr(a, path)?, self.expr(b, path)?),
            // isl reads a product only with a bare integer on one side.
            Expr::Mul(a, b) => match (a.as_ref(), b.as_ref()) {
                (Expr::Int(k), x) | (x, Expr::Int(k)) => format!("({} * {k})", self.expr(x, path)?),
                _ => return Err(Unsupported::NonAffineProduct.into()),
            },
            Expr::Neg(a) => format!("(-{})", self.expr(a, path)?),
            Expr::FloorDiv(a, d) => format!("floor({} / {d})", self.expr(a, path)?),
            Expr::CeilDiv(a, d) => format!("ceil({} / {d})", self.expr(a, path)?),
            Expr::Mod(a, d) => format!("({} mod {d})", self.expr(a, path)?),
            Expr::Min(items) | Expr::Max(items) => {
                let f = if matches!(e, Expr::Min(_)) {
                    "min"
                } else {
                    "max"
                };
                let mut parts = Vec::with_capacity(items.len());
                for x in items {
                    parts.push(self.expr(x, path)?);
                }
                match parts.len() {
                    0 => return Err(Unsupported::EmptyMinMax(f).into()),
                    1 => parts.remove(0),
                    _ => format!("{f}({})", parts.join(", ")),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::error::{AstViolation, Violation};
    use crate::model::ast::{AstNode, Expr};
    use crate::model::scop::{Access, AccessKind, Scop, Statement};
    use crate::pipeline::check_edited_ast;
    use crate::{Options, PolyError};

    /// `for i { S0: B[i] = A[i - 1]; S1: A[i] = B[i] }`: S0 reads what S1 wrote one
    /// iteration before, and S1 what S0 wrote in the same one.
    fn cycle() -> Scop {
        let access = |kind, relation: &str| Access {
            kind,
            relation: relation.into(),
        };
        let stmt = |name: &str, pos: i64, read: &str, write: &str| Statement {
            name: name.into(),
            domain: format!("[N] -> {{ {name}[i] : 0 <= i < N }}"),
            schedule: format!("[N] -> {{ {name}[i] -> [0, i, {pos}] }}"),
            accesses: vec![
                access(AccessKind::Read, read),
                access(AccessKind::MustWrite, write),
            ],
        };
        Scop {
            params: vec!["N".into()],
            context: "[N] -> { : N >= 2 }".into(),
            statements: vec![
                stmt(
                    "S0",
                    0,
                    "[N] -> { S0[i] -> A[i - 1] }",
                    "[N] -> { S0[i] -> B[i] }",
                ),
                stmt(
                    "S1",
                    1,
                    "[N] -> { S1[i] -> B[i] }",
                    "[N] -> { S1[i] -> A[i] }",
                ),
            ],
            killed: Vec::new(),
            element_bytes: Vec::new(),
        }
    }

    const FUSED: &str = r#"
domain: "[N] -> { S0[i] : 0 <= i < N; S1[i] : 0 <= i < N }"
child:
  schedule: "[N] -> [{ S0[i] -> [(i)]; S1[i] -> [(i)] }]"
  child:
    sequence:
    - filter: "[N] -> { S0[i] }"
    - filter: "[N] -> { S1[i] }"
"#;

    /// The loop isl generates for [`FUSED`], and its body.
    fn the_loop(ast: &mut [AstNode]) -> (&mut Expr, &mut bool, &mut Vec<AstNode>) {
        match ast {
            [AstNode::For {
                lower,
                parallel,
                body,
                ..
            }] => (lower, parallel, body),
            other => panic!("expected one loop, got {other:?}"),
        }
    }

    fn assert_wrong(result: Result<(), PolyError>, expected: impl Fn(&AstViolation) -> bool) {
        match result {
            Err(PolyError::InvalidSchedule(Violation::Ast(why))) if expected(&why) => {}
            other => panic!("expected another AST violation, got {other:?}"),
        }
    }

    #[test]
    fn the_generated_ast_passes() {
        check_edited_ast(&cycle(), &Options::default(), FUSED, |_| {}).unwrap();
    }

    #[test]
    fn statements_swapped_in_the_loop_body_fail() {
        let swapped = check_edited_ast(&cycle(), &Options::default(), FUSED, |ast| {
            the_loop(ast).2.reverse()
        });
        assert_wrong(
            swapped,
            |v| matches!(v, AstViolation::Order(o) if matches!(**o, Violation::Order { kind: "flow", .. })),
        );
    }

    #[test]
    fn statements_swapped_under_live_range_reordering_fail() {
        // Check 2 in its other form: the AST must order every conflict as the
        // schedule does.
        let lrr = Options {
            live_range_reordering: true,
            ..Options::default()
        };
        let swapped = check_edited_ast(&cycle(), &lrr, FUSED, |ast| the_loop(ast).2.reverse());
        assert_wrong(swapped, |v| matches!(v, AstViolation::Swapped(_)));
    }

    #[test]
    fn a_loop_that_starts_late_fails() {
        let late = check_edited_ast(&cycle(), &Options::default(), FUSED, |ast| {
            *the_loop(ast).0 = Expr::Int(1)
        });
        assert_wrong(late, |v| matches!(v, AstViolation::Domain));
    }

    #[test]
    fn a_statement_run_twice_fails() {
        let twice = check_edited_ast(&cycle(), &Options::default(), FUSED, |ast| {
            let body = the_loop(ast).2;
            body.push(body[0].clone());
        });
        assert_wrong(twice, |v| matches!(v, AstViolation::NotOneToOne));
    }

    #[test]
    fn a_parallel_flag_on_a_loop_that_carries_a_dependence_fails() {
        let parallel = check_edited_ast(&cycle(), &Options::default(), FUSED, |ast| {
            *the_loop(ast).1 = true
        });
        assert_wrong(parallel, |v| matches!(v, AstViolation::ParallelCarries(_)));
    }
}
