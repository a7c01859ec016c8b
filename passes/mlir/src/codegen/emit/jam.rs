//! Unroll-and-jam's expanded scalars and buffers: a slot per copy, addressed per
//! statement instance (`tessel_poly`'s `ScalarExpansion`).

use super::super::maps::MapBuilder;
use super::super::{CodegenError, Result};
use super::statements::one_element_access;
use super::{Codegen, Cursor};
use crate::ir::{Attr, Op, Type, Val};
use std::collections::HashMap;
use tessel_poly::{Expr, ScalarExpansion, StmtId};

impl Codegen<'_> {
    /// The memory of demoted scalar `k` of type `ty`: `memref<T>`, or
    /// `memref<BxT>` when unroll-and-jam gave it `B` slots.
    pub(super) fn scalar_memref_type(&self, k: usize, ty: Type) -> Option<Type> {
        match self.expanded.get(k).and_then(Option::as_ref) {
            Some(e) => Type::vector_memref(ty, e.block),
            None => Type::scalar_memref(ty),
        }
    }

    /// The memory a local buffer's code uses: its own type, or `memref<BxT>` when
    /// unroll-and-jam gave it `B` slots.
    pub(super) fn buffer_memref_type(&self, memref: Val) -> Option<Type> {
        match self.expanded_buffers.get(&memref) {
            Some(e) => Type::vector_memref(memref.ty().element_type()?, e.block),
            None => Some(memref.ty()),
        }
    }

    /// The slot of `e` that statement `stmt` uses at the instance `args`, as a map
    /// `(iterators, parameters) -> (slot)` and its operands.
    pub(super) fn slot_map(
        &self,
        e: &ScalarExpansion,
        at: Option<(StmtId, &[Expr])>,
    ) -> Result<(Attr, Vec<Val>)> {
        let slot = match at.and_then(|(stmt, args)| Some((e.slot_dim(Some(stmt))?, args))) {
            Some((d, args)) => args
                .get(d)
                .ok_or(CodegenError::Ast("slot of an expanded scalar"))?
                .modulo(e.block),
            None => Expr::Int(0),
        };
        let mut maps = MapBuilder::new(self.ctx);
        let r = maps.expr(&slot)?;
        let operands = self.operands(&maps.vars)?;
        Ok((Attr::affine_map(maps.map(&[r])), operands))
    }

    /// An access of an expanded local buffer (`op`, an `affine.load` or
    /// `affine.store` of its one element, or a `memref.load` or `memref.store` of it,
    /// which a 0-d buffer may also have), rebuilt at the instance's slot; false for
    /// any other op.
    pub(super) fn expanded_buffer_access(
        &mut self,
        op: Op,
        stmt: StmtId,
        args: &[Expr],
        mapping: &mut HashMap<Val, Val>,
        cursor: Cursor,
    ) -> Result<bool> {
        let Some((buffer, stored, ty)) = one_element_access(op) else {
            return Ok(false);
        };
        let Some(e) = self.expanded_buffers.get(&buffer).cloned() else {
            return Ok(false);
        };
        let (map, indices) = self.slot_map(&e, Some((stmt, args)))?;
        let memref = self.memref(buffer);
        match stored {
            Some(value) => {
                let v = mapping.get(&value).copied().unwrap_or(value);
                self.affine_store(v, memref, map, &indices, cursor);
            }
            None => {
                let v = self.affine_load(memref, ty, map, &indices, cursor)?;
                let old = op.result(0).ok_or(CodegenError::NoResult("affine.load"))?;
                mapping.insert(old, v);
            }
        }
        Ok(true)
    }
}
