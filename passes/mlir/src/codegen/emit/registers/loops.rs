//! The loops of register blocks: the elements [`super::plan`] picks are loaded
//! before the loop, kept in registers across it and stored after.

use super::super::super::{CodegenError, Result};
use super::super::loops::LoopHead;
use super::super::{array_name, Codegen, Cursor};
use crate::ir::{Attr, Op, OpBuilder, Val};
use std::collections::HashMap;
use tessel_poly::{AstNode, Expr, Registers};

impl Codegen<'_> {
    /// The elements a register loop over `body` keeps ([`super::plan`]), but for
    /// local buffers unroll-and-jam expanded: their slots are addressed per statement
    /// instance (`expanded_buffer_access`), not by the original access's map.
    pub(in crate::codegen::emit) fn register_elements(
        &self,
        body: &[AstNode],
        iterator: &str,
        kind: Registers,
    ) -> Vec<super::Element> {
        let mut elements = super::plan(self.scop, body, iterator, kind);
        elements.retain(|e| !self.expanded_buffers.contains_key(&e.memref));
        elements
    }

    /// The loop of a full register block: the elements [`super::plan`] picks
    /// are loaded before it, carried as `iter_args` through it, and the ones it
    /// writes are stored after it.
    pub(in crate::codegen::emit) fn register_loop(
        &mut self,
        head: LoopHead<'_>,
        body: &[AstNode],
        kind: Registers,
        cursor: Cursor,
    ) -> Result<()> {
        let LoopHead { iterator, step, .. } = head;
        let elements = self.register_elements(body, iterator, kind);
        if elements.is_empty() || self.registers.is_some() {
            return self.emit_loops(&[head], None, body, cursor);
        }
        // The address of each element, computed before the loop (the iterator does
        // not move it, so any value of it will do).
        let mut addresses = Vec::with_capacity(elements.len());
        let mut inits = Vec::with_capacity(elements.len());
        for e in &elements {
            let mut indices = Vec::with_capacity(e.first.indices.len());
            for v in &e.first.indices {
                indices.push(match e.ivs.iter().position(|iv| iv == v) {
                    Some(k) => {
                        let arg = e.args.get(k).ok_or(CodegenError::Ast("register block"))?;
                        self.index_value(&arg.substitute(iterator, &Expr::Int(0)), cursor)?
                    }
                    None => *v,
                });
            }
            let mut operands = vec![self.memref(e.memref)];
            operands.extend(indices.iter().copied());
            let load = OpBuilder::new("affine.load", self.loc)
                .operands(&operands)
                .results(&[e.first.ty])
                .attr("map", Attr::affine_map(e.first.map))
                .build();
            inits.push(self.insert_value(cursor, load, "affine.load")?);
            addresses.push(indices);
        }
        let bounds = self.loop_bounds(&[head])?;
        let (builder, body_block) = self.affine_for(bounds, step, &inits)?;
        let for_op = self.insert(cursor, builder.build());
        let iv = body_block.arg(0).ok_or(CodegenError::NoResult("loop IV"))?;
        let carried: Vec<Val> = (1..=elements.len())
            .map(|i| body_block.arg(i).ok_or(CodegenError::NoResult("iter_args")))
            .collect::<Result<_>>()?;
        let inner = Cursor {
            block: body_block,
            before: None,
            top: false,
        };
        if self.kernels > 0 {
            for e in &elements {
                let subs: Vec<String> = e.index.iter().map(|a| format!("[{a}]")).collect();
                self.notes.push(format!(
                    "keeps {}{} in a register across {iterator}",
                    array_name(e.memref),
                    subs.concat()
                ));
            }
        }
        self.registers = Some((elements, carried, kind));
        let emitted = self.with_iterator(iterator, iv, |cg| cg.nodes(body, inner));
        let (elements, current, _) = self
            .registers
            .take()
            .ok_or(CodegenError::Ast("register block"))?;
        emitted?;
        self.insert(
            inner,
            OpBuilder::new("affine.yield", self.loc)
                .operands(&current)
                .build(),
        );
        for (k, (e, indices)) in elements.iter().zip(&addresses).enumerate() {
            if !e.stored {
                continue;
            }
            let value = for_op
                .result(k)
                .ok_or(CodegenError::NoResult("affine.for"))?;
            let mut operands = vec![value, self.memref(e.memref)];
            operands.extend(indices.iter().copied());
            let store = OpBuilder::new("affine.store", self.loc)
                .operands(&operands)
                .attr("map", Attr::affine_map(e.first.map))
                .build();
            self.insert(cursor, store);
        }
        Ok(())
    }

    /// Inside a register block's loop: when `op` reads or writes an element kept in
    /// a register, uses or updates the register instead (and returns true).
    pub(in crate::codegen::emit) fn kept_in_register(
        &mut self,
        op: Op,
        ivs: &[Val],
        args: &[Expr],
        mapping: &mut HashMap<Val, Val>,
    ) -> Result<bool> {
        let Some((elements, current, kind)) = self.registers.as_mut() else {
            return Ok(false);
        };
        let Some(acc) = super::access(op) else {
            return Ok(false);
        };
        if !elements.iter().any(|e| e.memref == acc.memref) {
            return Ok(false);
        }
        let index = super::element(&acc, ivs, args);
        let found = elements
            .iter()
            .position(|e| e.memref == acc.memref && Some(&e.index) == index.as_ref());
        let k = match found {
            Some(k) => k,
            // A read at an address that moves with the loop ([`super::plan`]).
            None if *kind == Registers::Block && acc.stored.is_none() => return Ok(false),
            None => {
                return Err(CodegenError::Ast(
                    "register block: an access the plan missed",
                ))
            }
        };
        match acc.stored {
            Some(value) => current[k] = mapping.get(&value).copied().unwrap_or(value),
            None => {
                let result = op.result(0).ok_or(CodegenError::NoResult("affine.load"))?;
                mapping.insert(result, current[k]);
            }
        }
        Ok(true)
    }
}
