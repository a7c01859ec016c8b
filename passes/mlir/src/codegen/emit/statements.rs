//! A statement instance: its ops cloned with the iterators remapped, and the loads
//! and stores of its demoted scalars.

use super::super::maps::MapBuilder;
use super::super::{CodegenError, Result};
use super::{Codegen, Cursor};
use crate::analysis::Step;
use crate::ir::{Attr, Op, OpBuilder, Type, Val};
use std::collections::HashMap;
use tessel_poly::{Expr, StmtId};

impl Codegen<'_> {
    pub(super) fn scalar(&self, scalar: usize) -> Result<(Val, Type)> {
        match (self.allocas.get(scalar), self.scop.scalars.get(scalar)) {
            (Some(v), Some(t)) => Ok((*v, *t)),
            _ => Err(CodegenError::UnknownName(crate::analysis::scalar_name(
                scalar,
            ))),
        }
    }

    /// `affine.load memref[map(indices)]` of a `ty`.
    pub(super) fn affine_load(
        &mut self,
        memref: Val,
        ty: Type,
        map: Attr,
        indices: &[Val],
        cursor: Cursor,
    ) -> Result<Val> {
        let mut operands = vec![memref];
        operands.extend_from_slice(indices);
        let load = OpBuilder::new("affine.load", self.loc)
            .operands(&operands)
            .results(&[ty])
            .attr("map", map)
            .build();
        self.insert_value(cursor, load, "affine.load")
    }

    /// `affine.store value, memref[map(indices)]`.
    pub(super) fn affine_store(
        &mut self,
        value: Val,
        memref: Val,
        map: Attr,
        indices: &[Val],
        cursor: Cursor,
    ) {
        let mut operands = vec![value, memref];
        operands.extend_from_slice(indices);
        let store = OpBuilder::new("affine.store", self.loc)
            .operands(&operands)
            .attr("map", map)
            .build();
        self.insert(cursor, store);
    }

    /// Where statement `stmt` at the instance `args` accesses scalar `k`: its memref,
    /// then the subscript map and its operands (none for a plain scalar; the slot
    /// `x_d mod B` of an expanded one, a constant in an unrolled copy).
    pub(super) fn scalar_ref(
        &self,
        k: usize,
        at: Option<(StmtId, &[Expr])>,
    ) -> Result<(Val, Type, Attr, Vec<Val>)> {
        let (memref, ty) = self.scalar(k)?;
        let Some(e) = self.expanded.get(k).and_then(Option::as_ref) else {
            let none = MapBuilder::new(self.ctx).map(&[]);
            return Ok((memref, ty, Attr::affine_map(none), vec![]));
        };
        let (map, operands) = self.slot_map(e, at)?;
        Ok((memref, ty, map, operands))
    }

    pub(super) fn scalar_load(
        &mut self,
        scalar: usize,
        at: Option<(StmtId, &[Expr])>,
        cursor: Cursor,
    ) -> Result<Val> {
        let (memref, ty, map, indices) = self.scalar_ref(scalar, at)?;
        self.affine_load(memref, ty, map, &indices, cursor)
    }

    pub(super) fn statement(
        &mut self,
        stmt: StmtId,
        name: &str,
        args: &[Expr],
        cursor: Cursor,
    ) -> Result<()> {
        let code = self
            .scop
            .statements
            .get(stmt.0)
            .ok_or_else(|| CodegenError::UnknownStatement(name.to_string()))?;
        if code.ivs.len() != args.len() {
            return Err(CodegenError::Arity {
                name: name.to_string(),
                ivs: code.ivs.len(),
                args: args.len(),
            });
        }
        // Local buffers private to an enclosing parallel loop are read and written
        // through their copies.
        let mut mapping: HashMap<Val, Val> = self.renamed.clone();
        for (iv, arg) in code.ivs.iter().zip(args) {
            let v = self.index_value(arg, cursor)?;
            mapping.insert(*iv, v);
        }
        for step in &code.steps {
            match step {
                Step::Load { scalar, value } => {
                    let v = self.scalar_load(*scalar, Some((stmt, args)), cursor)?;
                    mapping.insert(*value, v);
                }
                Step::Clone(op) => {
                    if self.kept_in_register(*op, &code.ivs, args, &mut mapping)? {
                        continue;
                    }
                    if self.staged_load(*op, &code.ivs, args, &mut mapping, cursor)? {
                        continue;
                    }
                    if self.expanded_buffer_access(*op, stmt, args, &mut mapping, cursor)? {
                        continue;
                    }
                    let c = op.clone_detached();
                    // Ops inside the clone's regions (a conditional's branches) may use
                    // remapped values too.
                    for user in std::iter::once(c.op()).chain(c.op().nested_ops()) {
                        for (i, operand) in user.operands().into_iter().enumerate() {
                            if let Some(new) = mapping.get(&operand) {
                                user.set_operand(i, *new);
                            }
                        }
                    }
                    let c = self.insert(cursor, c);
                    for (old, new) in op.results().into_iter().zip(c.results()) {
                        mapping.insert(old, new);
                    }
                }
                Step::Store { scalar, value } => {
                    let (memref, _, map, indices) = self.scalar_ref(*scalar, Some((stmt, args)))?;
                    let v = mapping.get(value).copied().unwrap_or(*value);
                    self.affine_store(v, memref, map, &indices, cursor);
                }
            }
        }
        Ok(())
    }
}

/// A load or store of a memref that names no element but its one (`affine.load` or
/// `affine.store` with any map, `memref.load` or `memref.store` with no index): the
/// memref, the stored value (None for a load) and the element type.
pub(super) fn one_element_access(op: Op) -> Option<(Val, Option<Val>, Type)> {
    if let Some(acc) = super::registers::access(op) {
        return Some((acc.memref, acc.stored, acc.ty));
    }
    let operands = op.operands();
    match (op.name().as_str(), &operands[..]) {
        ("memref.load", [memref]) => Some((*memref, None, op.result(0)?.ty())),
        ("memref.store", [value, memref]) => Some((*memref, Some(*value), value.ty())),
        _ => None,
    }
}
