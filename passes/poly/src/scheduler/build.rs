//! The scheduler's result as an isl schedule tree, of the same form as the other
//! schedulers produce: bands (permutable, with exact coincidence flags), sequence
//! and set nodes with filters, so that tiling, parallel marks, verification and AST
//! generation work on it unchanged.

use isl_rs::{
    MultiUnionPwAff, Schedule, ScheduleNode, ScheduleNodeType, UnionPwAff, UnionPwAffList, UnionSet,
};

use crate::analysis::privatization::{set_coincidence, Conflicts};
use crate::error::{Invariant, PolyError};
use crate::scheduler::{Scheduler, Tree};
use crate::support::isl::{to_i32, IslResult};
use crate::support::schedule_tree::{n_children, node_type};

impl Scheduler<'_> {
    /// The isl tree of `tree`, with every band marked permutable and its coincidence
    /// flags computed exactly from `deps` (a member is coincident when no dependence
    /// live at the band has zero distance in the members before it and a non-zero
    /// distance in it).
    pub(crate) fn to_isl(&self, tree: &Tree, deps: &Conflicts) -> Result<Schedule, PolyError> {
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
                    let d = UnionSet::from_set(self.output_domain(n)?).isl(cx)?;
                    dom = dom.union(d).isl(cx)?;
                }
                Schedule::from_domain(dom).isl(cx)
            }
            Tree::Band(band, child) => {
                let inner = self.build(child)?;
                let mut members = UnionPwAffList::alloc(cx.raw(), to_i32(band.depth())?).isl(cx)?;
                for m in &band.rows {
                    let mut member = UnionPwAff::empty_space(self.output_band_space(0)?).isl(cx)?;
                    for (&n, row) in band.nodes.iter().zip(m) {
                        let piece = UnionPwAff::from_aff(self.output_row_aff(n, row)?).isl(cx)?;
                        member = member.union_add(piece).isl(cx)?;
                    }
                    members = members.add(member).isl(cx)?;
                }
                let space = self.output_band_space(band.depth())?;
                let mupa = MultiUnionPwAff::from_union_pw_aff_list(space, members).isl(cx)?;
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
                out.ok_or_else(|| Invariant::SchedulerEmptySequence.into())
            }
        }
    }

    fn flag(&self, node: ScheduleNode, deps: &Conflicts) -> Result<ScheduleNode, PolyError> {
        let cx = self.cx;
        let mut node = node;
        if node_type(cx, &node)? == ScheduleNodeType::Band {
            node = node.band_set_permutable(1).isl(cx)?;
            node = set_coincidence(cx, node, deps)?;
        }
        for i in 0..n_children(cx, &node)? {
            node = node.child(i).isl(cx)?;
            node = self.flag(node, deps)?;
            node = node.parent().isl(cx)?;
        }
        Ok(node)
    }
}
