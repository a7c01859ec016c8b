//! Text dumps behind `describe_*` (formats documented on those functions in lib.rs).

use isl_rs::{Map, MultiUnionPwAff, Schedule, ScheduleNode, ScheduleNodeType, Set};

use crate::error::PolyError;
use crate::model::isl_text::{aff_expression, pluto_line};
use crate::model::load::{ScopIsl, StmtIsl};
use crate::model::scop::{AccessKind, Scop};
use crate::support::isl::{Ctx, IslResult};
use crate::support::schedule_tree::{n_children, node_type};

/// The SCoP, each relation parsed and printed back by isl.
pub(crate) fn scop_text(cx: &Ctx, scop: &Scop, model: &ScopIsl) -> Result<String, PolyError> {
    let mut out = format!("context: {}\n", cx.text(&model.context)?);
    for st in &scop.statements {
        out.push_str(&format!("{}:\n", st.name));
        let domain = cx.parse("domain", &st.domain, Set::read_from_str)?;
        out.push_str(&format!("  domain: {}\n", cx.text(&domain)?));
        let sched = cx.parse("schedule", &st.schedule, Map::read_from_str)?;
        out.push_str(&format!("  schedule: {}\n", cx.text(&sched)?));
        for acc in &st.accesses {
            let rel = cx.parse("access", &acc.relation, Map::read_from_str)?;
            let kind = match acc.kind {
                AccessKind::Read => "read",
                AccessKind::MustWrite => "must-write",
                AccessKind::MayWrite => "may-write",
            };
            out.push_str(&format!("  {kind}: {}\n", cx.text(&rel)?));
        }
    }
    Ok(out)
}

/// The tree in block YAML followed by one `T(S): (...)` line per statement.
pub(crate) fn schedule_text(
    cx: &Ctx,
    tree: &Schedule,
    model: &ScopIsl,
) -> Result<String, PolyError> {
    let mut out = cx.schedule_text(tree)?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    for (st, exprs) in model
        .statements
        .iter()
        .zip(flattened_schedules(cx, tree, model)?)
    {
        out.push_str(&pluto_line(&st.name, &exprs));
        out.push('\n');
    }
    Ok(out)
}

/// One step on the way from the root to a leaf.
enum Step {
    /// A band: its members are schedule dimensions.
    Band(MultiUnionPwAff),
    /// The child position under a sequence or set node: a constant dimension.
    Position(i32),
}

/// Per statement (in SCoP order), the dimensions of its flattened schedule, laid out
/// as `isl_schedule_get_map` lays them out (band members, and one constant per
/// sequence), but written with the band's own expressions (`i - (i) mod 32`) rather
/// than those isl recovers from the flattened map. Shorter ones are padded with `0`.
fn flattened_schedules(
    cx: &Ctx,
    tree: &Schedule,
    model: &ScopIsl,
) -> Result<Vec<Vec<String>>, PolyError> {
    let mut found: Vec<Option<Vec<String>>> = model.statements.iter().map(|_| None).collect();
    let root = tree.get_root().isl(cx)?;
    collect(cx, root, &mut Vec::new(), model, &mut found)?;
    let longest = found.iter().flatten().map(Vec::len).max().unwrap_or(0);
    Ok(found
        .into_iter()
        .map(|e| {
            let mut e = e.unwrap_or_default();
            e.resize(longest, "0".to_string());
            e
        })
        .collect())
}

fn collect(
    cx: &Ctx,
    node: ScheduleNode,
    path: &mut Vec<Step>,
    model: &ScopIsl,
    found: &mut [Option<Vec<String>>],
) -> Result<ScheduleNode, PolyError> {
    let kind = node_type(cx, &node)?;
    if kind == ScheduleNodeType::Leaf {
        let reaching = node.get_domain().isl(cx)?;
        for (k, st) in model.statements.iter().enumerate() {
            // A statement split over several leaves shows the first one.
            if found[k].is_some() {
                continue;
            }
            let mine = reaching
                .copy()
                .isl(cx)?
                .intersect(model.stmt_domain(cx, k)?)
                .isl(cx)?;
            if !mine.is_empty().isl(cx)? {
                found[k] = Some(path_exprs(cx, path, st)?);
            }
        }
        return Ok(node);
    }
    let band = if kind == ScheduleNodeType::Band {
        path.push(Step::Band(node.band_get_partial_schedule().isl(cx)?));
        true
    } else {
        false
    };
    let positional = matches!(kind, ScheduleNodeType::Sequence | ScheduleNodeType::Set);
    let mut node = node;
    for i in 0..n_children(cx, &node)? {
        if positional {
            path.push(Step::Position(i));
        }
        node = node.child(i).isl(cx)?;
        node = collect(cx, node, path, model, found)?;
        node = node.parent().isl(cx)?;
        if positional {
            path.pop();
        }
    }
    if band {
        path.pop();
    }
    Ok(node)
}

fn path_exprs(cx: &Ctx, path: &[Step], st: &StmtIsl) -> Result<Vec<String>, PolyError> {
    let mut exprs = Vec::new();
    for step in path {
        match step {
            Step::Position(i) => exprs.push(i.to_string()),
            Step::Band(partial) => {
                let mpa = partial
                    .extract_multi_pw_aff(st.domain.get_space().isl(cx)?)
                    .isl(cx)?;
                for m in 0..mpa.size().isl(cx)? {
                    let pa = mpa.get_at(m).isl(cx)?.coalesce().isl(cx)?;
                    exprs.push(aff_expression(&cx.text(&pa)?));
                }
            }
        }
    }
    Ok(exprs)
}
