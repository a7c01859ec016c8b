//! The scheduler's result as an isl schedule tree, of the same form as the other
//! schedulers produce: bands (permutable, with exact coincidence flags), sequence
//! and set nodes with filters, so that tiling, parallel marks, verification and AST
//! generation work on it unchanged.

use isl_rs::{MultiUnionPwAff, Schedule, ScheduleNode, ScheduleNodeType, UnionMap, UnionSet};

use crate::error::PolyError;
use crate::scheduler::{Scheduler, Tree};
use crate::support::isl::IslResult;
use crate::support::schedule_tree::set_coincidence;
use crate::support::schedule_tree::{live_deps, n_children, node_type};

impl Scheduler<'_> {
    /// The isl tree of `tree`, with every band marked permutable and its coincidence
    /// flags computed exactly from `deps` (a member is coincident when no dependence
    /// live at the band has zero distance in the members before it and a non-zero
    /// distance in it).
    pub(crate) fn to_isl(&self, tree: &Tree, deps: &UnionMap) -> Result<Schedule, PolyError> {
        let schedule = self.build(tree)?;
        let root = schedule.get_root().isl(self.cx)?;
        let root = self.flag(root, deps)?;
        root.get_schedule().isl(self.cx)
    }

    fn build(&self, tree: &Tree) -> Result<Schedule, PolyError> {
        let cx = self.cx;
        match tree {
            Tree::Leaf(set) => {
                let mut dom = UnionSet::empty_ctx(cx.raw()).isl(cx)?;
                for &n in set {
                    let d = UnionSet::from_set(self.nodes[n].domain.copy().isl(cx)?).isl(cx)?;
                    dom = dom.union(d).isl(cx)?;
                }
                Schedule::from_domain(dom).isl(cx)
            }
            Tree::Band(band, child) => {
                let inner = self.build(child)?;
                let mut members = Vec::with_capacity(band.depth());
                for m in &band.rows {
                    let pieces: Vec<String> = band
                        .nodes
                        .iter()
                        .zip(m)
                        .map(|(&n, row)| {
                            format!(
                                "{}[{}] -> [({})]",
                                self.nodes[n].name,
                                self.nodes[n].iters.join(", "),
                                self.row_expr(n, row)
                            )
                        })
                        .collect();
                    members.push(format!("{{ {} }}", pieces.join("; ")));
                }
                // isl reads no `[] -> ` prefix on a multi union_pw_aff.
                let params = if self.params.is_empty() {
                    String::new()
                } else {
                    format!("[{}] -> ", self.params.join(", "))
                };
                let text = format!("{params}[{}]", members.join(", "));
                let mupa = cx.parse("band", &text, MultiUnionPwAff::read_from_str)?;
                inner.insert_partial_schedule(mupa).isl(cx)
            }
            Tree::Sequence(children) | Tree::Set(children) => {
                let is_seq = matches!(tree, Tree::Sequence(_));
                let mut out: Option<Schedule> = None;
                for c in children {
                    let s = self.build(c)?;
                    out = Some(match out {
                        None => s,
                        Some(acc) if is_seq => acc.sequence(s).isl(cx)?,
                        Some(acc) => acc.set(s).isl(cx)?,
                    });
                }
                out.ok_or_else(|| PolyError::Isl("scheduler: empty sequence".into()))
            }
        }
    }

    fn flag(&self, node: ScheduleNode, deps: &UnionMap) -> Result<ScheduleNode, PolyError> {
        let cx = self.cx;
        let mut node = node;
        if node_type(cx, &node)? == ScheduleNodeType::Band {
            node = node.band_set_permutable(1).isl(cx)?;
            let live = live_deps(cx, &node, deps)?;
            node = set_coincidence(cx, node, &live)?;
        }
        for i in 0..n_children(cx, &node)? {
            node = node.child(i).isl(cx)?;
            node = self.flag(node, deps)?;
            node = node.parent().isl(cx)?;
        }
        Ok(node)
    }
}
