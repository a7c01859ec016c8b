//! A given fusion structure as the scheduler's outermost level (seed 002 Fig. 4's
//! `embedInterleaving` and `computeOptimizedSchedule` at d = 1, then
//! `completeSchedule` with maximal fusion), as Pluto takes a `.fst` file.
//!
//! The groups become a sequence in the structure's order. A group of several
//! statements gets a band whose first member moves every one of them (Def. 7 (ii):
//! a common loop, not a statement placed at one of its iterations), computed like
//! any band of the preset; below it, and in groups of one statement, the scheduler
//! goes on with maximal fusion (the caller's `Config::fuse`).

use crate::error::PolyError;
use crate::scheduler::fusion_space::structure::{Structure, StructureError};
use crate::scheduler::graph::Edge;
use crate::scheduler::{Prefix, Scheduler, Tree};

impl Scheduler<'_> {
    /// The tree of `structure` over every statement, under `edges`.
    pub(crate) fn structured(
        &mut self,
        structure: &Structure,
        edges: Vec<Edge>,
        prefix: &mut Prefix,
    ) -> Result<Tree, PolyError> {
        let names: Vec<String> = self.nodes.iter().map(|n| n.name.clone()).collect();
        let text = || structure.describe(&names);
        let rank = structure.positions();
        if let Some(e) = edges
            .iter()
            .find(|e| e.kinds.orders() && rank[e.src] > rank[e.dst])
        {
            return Err(StructureError::Backward {
                structure: text(),
                from: names[e.src].clone(),
                to: names[e.dst].clone(),
            }
            .into());
        }
        let groups = structure.groups();
        let parts = self.partition(edges, &groups)?;
        let mut children = Vec::with_capacity(groups.len());
        for (group, mut part) in groups.into_iter().zip(parts) {
            if group.len() == 1 {
                children.push(self.schedule(group, part, prefix, 1)?);
                continue;
            }
            if let Some(&s) = group.iter().find(|&&s| self.nodes[s].dim == 0) {
                return Err(StructureError::NoLoop {
                    structure: text(),
                    statement: names[s].clone(),
                }
                .into());
            }
            let mut band = self.fused_band(&group, &mut part, prefix)?;
            if band.is_empty() && part.iter().any(|e| !e.kinds.orders()) {
                // Reuse between statements no dependence relates (`rar`) is a
                // wish; bounding its distance with the parameters the other
                // relations leave free can rule out every common loop (bicg's
                // two products fused with `s`'s initialization). The structure
                // is the user's choice: drop the wish, keep the order.
                part.retain(|e| e.kinds.orders());
                band = self.fused_band(&group, &mut part, prefix)?;
            }
            if band.is_empty() {
                let members: Vec<&str> = group.iter().map(|&s| names[s].as_str()).collect();
                return Err(StructureError::NoCommonLoop {
                    structure: text(),
                    group: members.join(" "),
                }
                .into());
            }
            children.push(self.band_node(group, part, prefix, band, 1)?);
        }
        Ok(if children.len() == 1 {
            children.pop().unwrap_or(Tree::Sequence(Vec::new()))
        } else {
            Tree::Sequence(children)
        })
    }
}
