//! isl AST generation, and conversion of isl's AST into [`crate::ast`] data.
//!
//! Loops are normalized as `ast.rs` documents: inclusive lower and upper bounds
//! (`c < e` becomes `c <= e - 1`; several upper bounds become a `Min`) and a positive
//! constant step. The `for` of the band member under a `parallel` mark gets
//! `parallel = true`.

use std::collections::HashMap;

use isl_rs::{
    ASTExpr, ASTExprOpType, ASTExprType, ASTLoopType, ASTNode, Schedule, ScheduleNode,
    ScheduleNodeType, Set,
};

use crate::analysis::privatization::Conflicts;
use crate::error::{AstConstruct, IslError, PolyError};
use crate::model::ast::{has_loop, AstNode, CmpOp, Cond, Expr, Registers};
use crate::model::load::ScopIsl;
use crate::model::scop::StmtId;
use crate::register_block::tree::{block_reads_checked, REGISTER_BLOCK_MARK};
use crate::register_block::unroll;
use crate::support::isl::{
    ast_from_schedule, ast_node_kind, id_name, id_number, numbered_id, AstNodeKind, Ctx, IslResult,
};
use crate::support::schedule_tree::{has_band_below, node_type, walk_children};
use crate::transform::parallel::{
    parallel_members, COLLAPSED_PARALLEL_MARK, GPU_PARALLEL_MARK, PARALLEL_MARK,
};

/// The statement of each domain tuple name ([`crate::model::load::ScopIsl::stmt_ids`]).
type StmtIds = HashMap<String, StmtId>;

/// How to generate the AST; `pipeline::finish` tries them in this order when the
/// AST check fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AstMode {
    /// isl may shift the statements of a loop to expose a common stride
    /// (`generate_component` in isl_ast_codegen.c).
    MayShift,
    /// isl does not shift below a node whose subtree is "anchored" (refers to outer
    /// schedule dimensions); a context node that constrains nothing, above every
    /// leaf, anchors every subtree. isl 0.27's shifting can move a statement by one
    /// iteration (difftest seed 740546): the retry when the AST check fails.
    NoShift,
    /// As `NoShift`, and a parallel member that privatizes scalars runs in parallel
    /// only where isl generates it as one loop: when isl splits it into pieces (a
    /// loop, then the statements of its last value), a private scalar's live range
    /// may run from one piece into the next, and a copy per iteration of one piece
    /// would lose it (difftest seed 760060).
    WholePrivate,
    /// As `NoShift`, and a parallel member that privatizes scalars runs
    /// sequentially: isl may generate a statement instance whose schedule puts it in
    /// the member's first iteration before the member's loop (a 0-d statement that
    /// initializes the scalar, difftest seed 800016), and the copy per iteration
    /// would then miss that value.
    SequentialPrivate,
}

impl AstMode {
    /// The order in which `pipeline::finish_tree` tries them.
    pub(crate) const ALL: [AstMode; 4] = [
        AstMode::MayShift,
        AstMode::NoShift,
        AstMode::WholePrivate,
        AstMode::SequentialPrivate,
    ];

    /// What the mode gives up, for the remark of a retry.
    pub(crate) fn what_changes(self) -> &'static str {
        match self {
            AstMode::MayShift => "as it was",
            AstMode::NoShift => "without isl's stride shifting, which follows the schedule",
            AstMode::WholePrivate => {
                "without isl's stride shifting, and with the pieces isl splits a parallel \
                 loop with private scalars into run sequentially, which follows it"
            }
            AstMode::SequentialPrivate => {
                "without isl's stride shifting, and with every parallel loop that \
                 privatizes scalars run sequentially, which follows it"
            }
        }
    }
}

/// Generates the loop AST of `schedule`, a schedule of `model`'s statements, under
/// its parameter context.
pub(crate) fn generate(
    cx: &Ctx,
    schedule: Schedule,
    model: &ScopIsl,
    conflicts: &Conflicts,
    mode: AstMode,
) -> Result<Generated, PolyError> {
    let context = model.context.copy().isl(cx)?;
    let stmts = &model.stmt_ids;
    let mut marks = Vec::new();
    let mut root = schedule.get_root().isl(cx)?;
    if mode != AstMode::MayShift {
        root = anchor_leaves(cx, root)?;
    }
    let root = separate_fused_innermost(cx, root)?;
    let root = number_marks(cx, root, model, conflicts, &mut marks)?;
    let root = ast_from_schedule(cx, root.get_schedule().isl(cx)?, context)?;
    let mut out = [Vec::new(), Vec::new()];
    for (unroll, out) in [false, true].into_iter().zip(&mut out) {
        let cv = Converter {
            stmts,
            marks: &marks,
            unroll,
            mode,
        };
        convert_node(cx, &cv, &root, out)?;
    }
    let [as_generated, emitted] = out;
    Ok(Generated {
        as_generated,
        emitted,
    })
}

/// The AST of [`generate`], twice.
pub(crate) struct Generated {
    /// As isl generated it: what `verify::check_ast` reads.
    pub as_generated: Vec<AstNode>,
    /// With full register blocks unrolled ([`crate::register_block::unroll`]), which keeps the
    /// order of every instance: what codegen emits.
    pub emitted: Vec<AstNode>,
}

/// A parallel mark, as the AST conversion needs it.
struct ParallelMark {
    /// Schedule depth of the marked member: its loop iterator is `c<depth>` in
    /// isl's AST.
    depth: usize,
    /// How many members from it run in parallel together (`c<depth>`,
    /// `c<depth + 1>`, ...: one collapsed loop nest).
    members: usize,
    /// The scalars private at the loop (at any of its members).
    private: Vec<String>,
    /// A [`GPU_PARALLEL_MARK`]: every member's loop joins the group.
    gpu: bool,
}

/// What converting isl's AST needs besides the AST.
struct Converter<'a> {
    stmts: &'a StmtIds,
    marks: &'a [ParallelMark],
    /// Whether full register blocks are unrolled.
    unroll: bool,
    /// How parallel loops that privatize scalars are kept ([`AstMode::WholePrivate`],
    /// [`AstMode::SequentialPrivate`]).
    mode: AstMode,
}

/// Numbers the marks (the id's user value, see [`numbered_id`]): a register-block
/// mark with its schedule depth `d` (the marked member's loop iterator is `c<d>` in
/// isl's AST), a parallel mark with its index in `marks`, which records its depth
/// and the scalars private at its loop.
fn number_marks(
    cx: &Ctx,
    node: ScheduleNode,
    model: &ScopIsl,
    conflicts: &Conflicts,
    marks: &mut Vec<ParallelMark>,
) -> Result<ScheduleNode, PolyError> {
    let mut node = node;
    if node_type(cx, &node)? == ScheduleNodeType::Mark {
        let id = node.mark_get_id().isl(cx)?;
        let name = id_name(&id);
        // Codegen trusts a block's reads at moving addresses (`Registers::Block`)
        // only where this check holds; a block that fails it keeps its loops.
        if name.as_deref() == Some(REGISTER_BLOCK_MARK) && !block_reads_checked(cx, &node, model)? {
            node = node.delete().isl(cx)?;
            return number_marks(cx, node, model, conflicts, marks);
        }
        let parallel = parallel_members(cx, name.as_deref(), &node)?;
        if let Some(mark) = name.filter(|n| parallel.is_some() || n == REGISTER_BLOCK_MARK) {
            let depth = usize::try_from(node.get_schedule_depth().isl(cx)?)
                .map_err(|_| IslError::NegativeDepth)?;
            let number = if let Some(members) = parallel {
                let band = node.get_child(0).isl(cx)?;
                let mut private: Vec<String> = Vec::new();
                if node_type(cx, &band)? == ScheduleNodeType::Band {
                    for member in 0..members {
                        for array in conflicts.private_at(cx, &band, member)? {
                            let name = &model.array(array).name;
                            if !private.contains(name) {
                                private.push(name.clone());
                            }
                        }
                    }
                }
                marks.push(ParallelMark {
                    depth,
                    members,
                    private,
                    gpu: mark == GPU_PARALLEL_MARK,
                });
                marks.len() - 1
            } else {
                depth
            };
            let id = numbered_id(cx, &mark, number)?;
            node = node.delete().isl(cx)?.insert_mark(id).isl(cx)?;
        }
    }
    walk_children(cx, node, |cx, child| {
        number_marks(cx, child, model, conflicts, marks)
    })
}

/// Inserts a context node that constrains nothing above every leaf (see
/// [`AstMode::NoShift`]).
fn anchor_leaves(cx: &Ctx, node: ScheduleNode) -> Result<ScheduleNode, PolyError> {
    if node_type(cx, &node)? == ScheduleNodeType::Leaf {
        let depth = u32::try_from(node.get_schedule_depth().isl(cx)?)
            .map_err(|_| IslError::NegativeDepth)?;
        let space = isl_rs::Space::set_alloc(cx.raw(), 0, depth).isl(cx)?;
        let universe = Set::universe(space).isl(cx)?;
        return node.insert_context(universe).isl(cx);
    }
    walk_children(cx, node, anchor_leaves)
}

/// Asks isl to generate the innermost loop of every innermost band over two or
/// more statements as separate loops, one per part of its range where the same
/// statements run (isl's `separate` loop type). By default isl generates one loop
/// over the union with a guard per statement inside (fdtd-2d's fused `ey` and `ex`
/// updates: `if (i >= 1)` and `if (j >= 1)` in every iteration), which LLVM does
/// not vectorize; separated, the first column is peeled and the rest runs both
/// statements unguarded. A member whose loop type is already set (a jam's unroll)
/// keeps it, and so does the loop a parallel region forks at: separated, it would
/// fork once per part (inner members of a collapsed parallel band may be separated:
/// the outer member still forks once, with the separated loops inside).
fn separate_fused_innermost(cx: &Ctx, node: ScheduleNode) -> Result<ScheduleNode, PolyError> {
    if node_type(cx, &node)? == ScheduleNodeType::Band && !has_band_below(cx, &node)? {
        let members = node.band_n_member().isl(cx)?;
        let statements = node.get_domain().isl(cx)?.n_set().isl(cx)?;
        let few = (2..=SEPARATE_MAX_STATEMENTS).contains(&statements);
        if members > 0 && few && !(members == 1 && under_parallel_mark(cx, &node)?) {
            let last = members - 1;
            let default = matches!(
                node.band_member_get_ast_loop_type(last),
                Ok(ASTLoopType::Default)
            );
            if default {
                return node
                    .band_member_set_ast_loop_type(last, ASTLoopType::Separate)
                    .isl(cx);
            }
        }
        return Ok(node);
    }
    walk_children(cx, node, separate_fused_innermost)
}

/// The most statements whose innermost loop [`separate_fused_innermost`] separates:
/// isl builds one loop per part of the range where the same statements run, up to
/// 2^n parts for n statements, and every later stage (the AST check first) pays for
/// them (opal's bands of dozens of statements ran out of their time budget).
const SEPARATE_MAX_STATEMENTS: i32 = 4;

/// Whether the band `node` is the child of a parallel mark.
fn under_parallel_mark(cx: &Ctx, node: &ScheduleNode) -> Result<bool, PolyError> {
    if !node.has_parent().isl(cx)? {
        return Ok(false);
    }
    let parent = node.copy().isl(cx)?.parent().isl(cx)?;
    if node_type(cx, &parent)? != ScheduleNodeType::Mark {
        return Ok(false);
    }
    let name = id_name(&parent.mark_get_id().isl(cx)?);
    Ok(parallel_members(cx, name.as_deref(), &parent)?.is_some())
}

fn unsupported(what: AstConstruct) -> PolyError {
    PolyError::AstUnsupported(what)
}

/// Appends the conversion of `node` to `out` (blocks are flattened into `out`).
fn convert_node(
    cx: &Ctx,
    cv: &Converter<'_>,
    node: &ASTNode,
    out: &mut Vec<AstNode>,
) -> Result<(), PolyError> {
    match ast_node_kind(cx, node)? {
        AstNodeKind::Block => {
            let children = node.block_get_children().isl(cx)?;
            for i in 0..children.size().isl(cx)? {
                convert_node(cx, cv, &children.get_at(i).isl(cx)?, out)?;
            }
        }
        AstNodeKind::For => out.push(convert_for(cx, cv, node)?),
        AstNodeKind::If => {
            let cond = convert_cond(cx, &node.if_get_cond().isl(cx)?)?;
            let mut then_branch = Vec::new();
            convert_node(cx, cv, &node.if_get_then_node().isl(cx)?, &mut then_branch)?;
            let mut else_branch = Vec::new();
            if node.if_has_else_node().isl(cx)? {
                convert_node(cx, cv, &node.if_get_else_node().isl(cx)?, &mut else_branch)?;
            }
            out.push(AstNode::If {
                cond,
                then_branch,
                else_branch,
            });
        }
        AstNodeKind::Mark => {
            let id = node.mark_get_id().isl(cx)?;
            let mut inner = Vec::new();
            convert_node(cx, cv, &node.mark_get_node().isl(cx)?, &mut inner)?;
            // Only the loop of the marked member is parallel. isl generates no loop
            // for a member with one value under the outer loops (e.g. a tile loop
            // fixed by a wavefront), and the loop of the next member must not take
            // the mark: it was never checked.
            let name = id_name(&id);
            let mark = matches!(
                name.as_deref(),
                Some(PARALLEL_MARK | COLLAPSED_PARALLEL_MARK | GPU_PARALLEL_MARK)
            )
            .then(|| cv.marks.get(id_number(&id)))
            .flatten();
            if let Some(mark) = mark {
                let split = !matches!(
                    inner.as_slice(),
                    [AstNode::For { iterator, .. }] if *iterator == format!("c{}", mark.depth)
                );
                let sequential = !mark.private.is_empty()
                    && match cv.mode {
                        AstMode::SequentialPrivate => true,
                        AstMode::WholePrivate => split,
                        AstMode::MayShift | AstMode::NoShift => false,
                    };
                if !sequential {
                    mark_member_loops(&mut inner, mark);
                }
            }
            // A register block whose `r` loop is there (see `register_block::unroll`).
            let block = (cv.unroll && id_name(&id).as_deref() == Some(REGISTER_BLOCK_MARK))
                .then(|| format!("c{}", id_number(&id)));
            if let (Some(it), [AstNode::For { iterator, .. }]) = (block, inner.as_slice()) {
                if *iterator == it {
                    inner = unroll::unroll(inner);
                }
            }
            out.append(&mut inner);
        }
        AstNodeKind::User => out.push(convert_user(cx, cv.stmts, &node.user_get_expr().isl(cx)?)?),
    }
    Ok(())
}

/// Marks parallel the loops of the marked member among `nodes`. isl may split the
/// member's values into pieces (a loop, then an `if` for its last value, as under
/// trisolv's wavefront): each piece is a subset of the member's values at the same
/// outer iterations, so its iterations are as independent as the whole member's, and
/// the pieces still run one after the other. A piece that runs once stays a loop.
fn mark_member_loops(nodes: &mut [AstNode], mark: &ParallelMark) {
    let member = format!("c{}", mark.depth);
    for node in nodes {
        match node {
            AstNode::For {
                iterator,
                lower,
                upper,
                parallel,
                private,
                step,
                body,
                ..
            } if *iterator == member && lower != upper => {
                *parallel = true;
                private.clone_from(&mark.private);
                if mark.gpu || collapsible(*step, body) {
                    let mut group = vec![iterator.clone()];
                    collapse(body, mark, &mut group);
                }
            }
            AstNode::If {
                then_branch,
                else_branch,
                ..
            } => {
                mark_member_loops(then_branch, mark);
                mark_member_loops(else_branch, mark);
            }
            _ => {}
        }
    }
}

/// Whether a loop may be part of a collapsed parallel group: a loop over tiles (or
/// register blocks), whose step is the tile size, so that it runs few times and the
/// threads may starve on it alone; and one with loops inside it. A loop over points
/// runs long enough by itself, and collapsing the innermost one would cost its
/// vectorization (every iteration divides the collapsed index: measured on gemver,
/// 2.54x -> 1.75x at LARGE, and on an untiled convolution, where LLVM recomputed
/// the division inside the innermost loop, 4x slower).
fn collapsible(step: i64, body: &[AstNode]) -> bool {
    step > 1 && has_loop(body)
}

/// Marks the loops of the members after the first of a parallel mark parallel too,
/// as long as each is the only thing in the body of the one before, is
/// [`collapsible`], and its bounds do not name the group's iterators (an
/// `affine.parallel` is rectangular): they become one collapsed parallel loop nest.
/// isl emits no loop for a member with one value, and the group stops there.
fn collapse(body: &mut [AstNode], mark: &ParallelMark, group: &mut Vec<String>) {
    if group.len() >= mark.members {
        return;
    }
    if let [AstNode::For {
        iterator,
        lower,
        upper,
        step,
        parallel,
        registers: Registers::None,
        body,
        ..
    }] = body
    {
        let expected = format!("c{}", mark.depth + group.len());
        let rectangular = !group.iter().any(|g| lower.mentions(g) || upper.mentions(g));
        if *iterator == expected && (mark.gpu || rectangular && collapsible(*step, body)) {
            *parallel = true;
            group.push(iterator.clone());
            collapse(body, mark, group);
        }
    }
}

fn convert_for(cx: &Ctx, cv: &Converter<'_>, node: &ASTNode) -> Result<AstNode, PolyError> {
    let iterator = expr_id(cx, &node.for_get_iterator().isl(cx)?)?;
    let lower = convert_expr(cx, &node.for_get_init().isl(cx)?)?;
    let (upper, step) = if node.for_is_degenerate().isl(cx)? {
        // A loop that runs once: isl stores only the initial value.
        (lower.clone(), 1)
    } else {
        let upper = upper_bound(cx, &node.for_get_cond().isl(cx)?, &iterator)?;
        let step = match convert_expr(cx, &node.for_get_inc().isl(cx)?)? {
            Expr::Int(s) if s > 0 => s,
            other => return Err(unsupported(AstConstruct::LoopStep(format!("{other:?}")))),
        };
        (upper, step)
    };
    let mut body = Vec::new();
    convert_node(cx, cv, &node.for_get_body().isl(cx)?, &mut body)?;
    Ok(AstNode::For {
        iterator,
        lower,
        upper,
        step,
        parallel: false,
        registers: Registers::None,
        private: Vec::new(),
        body,
    })
}

/// The inclusive upper bound of `iterator` in a loop condition: `it <= e` gives `e`,
/// `it < e` gives `e - 1` (also written `e >= it`, `e > it`), and a conjunction gives
/// the `Min` of its parts.
fn upper_bound(cx: &Ctx, cond: &ASTExpr, iterator: &str) -> Result<Expr, PolyError> {
    if cond.get_type().isl(cx)? != ASTExprType::Op {
        return Err(unsupported(AstConstruct::LoopConditionNotComparison));
    }
    let op = cond.op_get_type().isl(cx)?;
    let args = op_args(cx, cond)?;
    match (op, args.as_slice()) {
        (ASTExprOpType::And | ASTExprOpType::AndThen, _) => {
            let mut bounds = Vec::new();
            for a in &args {
                bounds.push(upper_bound(cx, a, iterator)?);
            }
            Ok(flatten_min_max(bounds, true))
        }
        (ASTExprOpType::Le | ASTExprOpType::Lt, [lhs, rhs])
        | (ASTExprOpType::Ge | ASTExprOpType::Gt, [rhs, lhs])
            if is_var(cx, lhs, iterator)? =>
        {
            let bound = convert_expr(cx, rhs)?;
            let strict = matches!(op, ASTExprOpType::Lt | ASTExprOpType::Gt);
            Ok(if strict { minus_one(bound) } else { bound })
        }
        _ => Err(unsupported(AstConstruct::NoUpperBound(
            iterator.to_string(),
        ))),
    }
}

fn is_var(cx: &Ctx, e: &ASTExpr, name: &str) -> Result<bool, PolyError> {
    Ok(e.get_type().isl(cx)? == ASTExprType::Id && expr_id(cx, e)? == name)
}

/// `e - 1`, folded into a constant or an added constant where possible.
fn minus_one(e: Expr) -> Expr {
    match e {
        Expr::Int(k) => Expr::Int(k - 1),
        Expr::Add(a, b) if *b == Expr::Int(1) => *a,
        Expr::Add(a, b) => match *b {
            Expr::Int(k) => Expr::Add(a, Box::new(Expr::Int(k - 1))),
            other => Expr::Sub(
                Box::new(Expr::Add(a, Box::new(other))),
                Box::new(Expr::Int(1)),
            ),
        },
        Expr::Sub(a, b) => match *b {
            Expr::Int(k) => Expr::Sub(a, Box::new(Expr::Int(k + 1))),
            other => Expr::Sub(
                Box::new(Expr::Sub(a, Box::new(other))),
                Box::new(Expr::Int(1)),
            ),
        },
        Expr::Min(v) => Expr::Min(v.into_iter().map(minus_one).collect()),
        other => Expr::Sub(Box::new(other), Box::new(Expr::Int(1))),
    }
}

/// `Min`/`Max` with nested ones of the same kind spliced in; one operand stays bare.
fn flatten_min_max(items: Vec<Expr>, is_min: bool) -> Expr {
    let mut flat = Vec::new();
    for e in items {
        match e {
            Expr::Min(v) if is_min => flat.extend(v),
            Expr::Max(v) if !is_min => flat.extend(v),
            other => flat.push(other),
        }
    }
    if flat.len() == 1 {
        return flat.remove(0);
    }
    if is_min {
        Expr::Min(flat)
    } else {
        Expr::Max(flat)
    }
}

/// A statement instance: isl's user node is a call `S0(e1, e2, ...)`.
fn convert_user(cx: &Ctx, stmts: &StmtIds, call: &ASTExpr) -> Result<AstNode, PolyError> {
    if call.get_type().isl(cx)? != ASTExprType::Op
        || call.op_get_type().isl(cx)? != ASTExprOpType::Call
    {
        return Err(unsupported(AstConstruct::UserNodeNotCall));
    }
    let args = op_args(cx, call)?;
    let (callee, rest) = args
        .split_first()
        .ok_or_else(|| unsupported(AstConstruct::NoCallee))?;
    let name = expr_id(cx, callee)?;
    let stmt = *stmts
        .get(&name)
        .ok_or_else(|| unsupported(AstConstruct::UnknownStatement(name.to_string())))?;
    let args = rest
        .iter()
        .map(|a| convert_expr(cx, a))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(AstNode::Stmt { stmt, name, args })
}

fn op_args(cx: &Ctx, e: &ASTExpr) -> Result<Vec<ASTExpr>, PolyError> {
    let n = e.op_get_n_arg().isl(cx)?;
    (0..n).map(|i| e.op_get_arg(i).isl(cx)).collect()
}

fn expr_id(cx: &Ctx, e: &ASTExpr) -> Result<String, PolyError> {
    let id = e.get_id().isl(cx)?;
    id_name(&id).ok_or_else(|| unsupported(AstConstruct::AnonymousIdentifier))
}

/// A positive integer constant operand (divisors and moduli).
fn positive_const(cx: &Ctx, e: &ASTExpr) -> Result<i64, PolyError> {
    match convert_expr(cx, e)? {
        Expr::Int(k) if k > 0 => Ok(k),
        other => Err(unsupported(AstConstruct::DivisionBy(format!("{other:?}")))),
    }
}

fn convert_expr(cx: &Ctx, e: &ASTExpr) -> Result<Expr, PolyError> {
    match e.get_type().isl(cx)? {
        ASTExprType::Id => Ok(Expr::Var(expr_id(cx, e)?)),
        ASTExprType::Int => {
            let v = e.get_val().isl(cx)?;
            if !v.is_int().isl(cx)? {
                return Err(unsupported(AstConstruct::NonIntegerConstant));
            }
            Ok(Expr::Int(v.get_num_si().isl(cx)?))
        }
        ASTExprType::Op => convert_op(cx, e),
        ASTExprType::Error => Err(IslError::AstExpressionError.into()),
    }
}

fn convert_op(cx: &Ctx, e: &ASTExpr) -> Result<Expr, PolyError> {
    use ASTExprOpType as Op;
    let op = e.op_get_type().isl(cx)?;
    let args = op_args(cx, e)?;
    let bin = |f: fn(Box<Expr>, Box<Expr>) -> Expr| -> Result<Expr, PolyError> {
        match args.as_slice() {
            [a, b] => Ok(f(
                Box::new(convert_expr(cx, a)?),
                Box::new(convert_expr(cx, b)?),
            )),
            _ => Err(unsupported(AstConstruct::Operands {
                operation: format!("{op:?}"),
                operands: args.len(),
            })),
        }
    };
    match op {
        Op::Add => bin(Expr::Add),
        Op::Sub => bin(Expr::Sub),
        Op::Mul => bin(Expr::Mul),
        Op::Minus => match args.as_slice() {
            [a] => Ok(Expr::Neg(Box::new(convert_expr(cx, a)?))),
            _ => Err(unsupported(AstConstruct::Arity("unary minus"))),
        },
        // `div` is exact division, `pdiv_q` has a non-negative dividend: both agree
        // with floor division by a positive constant.
        Op::Div | Op::FdivQ | Op::PdivQ => match args.as_slice() {
            [a, b] => Ok(Expr::FloorDiv(
                Box::new(convert_expr(cx, a)?),
                positive_const(cx, b)?,
            )),
            _ => Err(unsupported(AstConstruct::Arity("division"))),
        },
        // `pdiv_r` has a non-negative dividend; isl only compares `zdiv_r` with 0,
        // where C's remainder and the non-negative one agree.
        Op::PdivR | Op::ZdivR => match args.as_slice() {
            [a, b] => Ok(Expr::Mod(
                Box::new(convert_expr(cx, a)?),
                positive_const(cx, b)?,
            )),
            _ => Err(unsupported(AstConstruct::Arity("remainder"))),
        },
        Op::Min | Op::Max => {
            let items = args
                .iter()
                .map(|a| convert_expr(cx, a))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(flatten_min_max(items, op == Op::Min))
        }
        other => Err(unsupported(AstConstruct::IntegerOperation(format!(
            "{other:?}"
        )))),
    }
}

fn convert_cond(cx: &Ctx, e: &ASTExpr) -> Result<Cond, PolyError> {
    use ASTExprOpType as Op;
    if e.get_type().isl(cx)? != ASTExprType::Op {
        return Err(unsupported(AstConstruct::ConditionNotOperation));
    }
    let op = e.op_get_type().isl(cx)?;
    let args = op_args(cx, e)?;
    let cmp = match op {
        Op::Eq => Some(CmpOp::Eq),
        Op::Le => Some(CmpOp::Le),
        Op::Lt => Some(CmpOp::Lt),
        Op::Ge => Some(CmpOp::Ge),
        Op::Gt => Some(CmpOp::Gt),
        _ => None,
    };
    if let Some(cmp) = cmp {
        return match args.as_slice() {
            [a, b] => Ok(Cond::Cmp(cmp, convert_expr(cx, a)?, convert_expr(cx, b)?)),
            _ => Err(unsupported(AstConstruct::Arity("comparison"))),
        };
    }
    let parts = || {
        args.iter()
            .map(|a| convert_cond(cx, a))
            .collect::<Result<Vec<_>, _>>()
    };
    match op {
        Op::And | Op::AndThen => Ok(Cond::And(flatten_cond(parts()?, true))),
        Op::Or | Op::OrElse => Ok(Cond::Or(flatten_cond(parts()?, false))),
        other => Err(unsupported(AstConstruct::ConditionOperation(format!(
            "{other:?}"
        )))),
    }
}

fn flatten_cond(items: Vec<Cond>, is_and: bool) -> Vec<Cond> {
    let mut flat = Vec::new();
    for c in items {
        match c {
            Cond::And(v) if is_and => flat.extend(v),
            Cond::Or(v) if !is_and => flat.extend(v),
            other => flat.push(other),
        }
    }
    flat
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minus_one_folds_constants() {
        let n = || Box::new(Expr::Var("N".into()));
        assert_eq!(minus_one(Expr::Int(5)), Expr::Int(4));
        assert_eq!(
            minus_one(Expr::Add(n(), Box::new(Expr::Int(1)))),
            Expr::Var("N".into())
        );
        assert_eq!(
            minus_one(Expr::Add(n(), Box::new(Expr::Int(3)))),
            Expr::Add(n(), Box::new(Expr::Int(2)))
        );
        assert_eq!(
            minus_one(Expr::Var("N".into())),
            Expr::Sub(n(), Box::new(Expr::Int(1)))
        );
        assert_eq!(
            minus_one(Expr::Sub(n(), Box::new(Expr::Int(1)))),
            Expr::Sub(n(), Box::new(Expr::Int(2)))
        );
    }
}
