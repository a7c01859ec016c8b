//! `target=gpu`: the host code and kernels `tessel_poly::gpu` maps the AST to, as
//! `gpu.launch` ops (`launch.rs`), with the tiles of a kernel loop staged in shared
//! memory (`shared.rs`: which groups, and their copies). `tessel_poly::gpu` holds the
//! core's side (the mapping, the band order, the hardware's limits).

mod launch;
pub(super) mod shared;

use super::super::{CodegenError, Result};
use super::{Codegen, Cursor};
use crate::ir::{Op, OpBuilder, Val};
use std::collections::HashMap;
use tessel_poly::Expr;

/// The shared-memory tiles of a staged loop, each with its workgroup buffer, over the
/// block's tile variables.
pub(super) struct Staged {
    groups: Vec<(shared::Group, Val)>,
    vars: Vec<shared::TileVar>,
}

impl Codegen<'_> {
    /// Inside a staged loop's point loop: when `op` reads an element of a group staged
    /// in shared memory, reads the shared copy instead (and returns true).
    pub(in crate::codegen::emit) fn staged_load(
        &mut self,
        op: Op,
        ivs: &[Val],
        args: &[Expr],
        mapping: &mut HashMap<Val, Val>,
        cursor: Cursor,
    ) -> Result<bool> {
        let Some(staged) = self.staged.as_ref() else {
            return Ok(false);
        };
        let Some(acc) = super::registers::access(op).filter(|a| a.stored.is_none()) else {
            return Ok(false);
        };
        let Some(index) = super::registers::element(&acc, ivs, args) else {
            return Ok(false);
        };
        let Some((group, buffer)) = staged
            .groups
            .iter()
            .find(|(g, _)| g.memref == acc.memref && g.refs.contains(&index))
        else {
            return Ok(false);
        };
        let local: Vec<Expr> = (0..index.len())
            .map(|d| group.local(&index, d, &staged.vars))
            .collect::<Option<_>>()
            .ok_or(CodegenError::Ast(
                "shared memory: a subscript the plan missed",
            ))?;
        let mut operands = vec![*buffer];
        for e in &local {
            operands.push(self.index_value(e, cursor)?);
        }
        let load = OpBuilder::new("memref.load", self.loc)
            .operands(&operands)
            .results(&[acc.ty])
            .build();
        let value = self.insert_value(cursor, load, "memref.load")?;
        let result = op.result(0).ok_or(CodegenError::NoResult("affine.load"))?;
        mapping.insert(result, value);
        Ok(true)
    }
}
