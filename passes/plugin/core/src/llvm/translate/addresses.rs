//! The element an access names: the map of its affine subscripts, or, for an access
//! of any element of its array (no affine subscripts; Polly's non-affine accesses),
//! `memref` indices computed from its element index exactly as the original computes
//! the address.

use inkwell::values::InstructionValue;
use tessel_mlir::ir::{AffineExpr, AffineMap, Attr, Op, OpBuilder, Type, Val};

use super::values::low_bits;
use super::{NestTranslator, Widen};
use tessel_llvm::ffi::{Scev, ScevKind};

/// Where a load or store goes.
pub(super) enum Address {
    /// `affine.load`/`affine.store` with this map of the counters and symbols.
    Affine(AffineMap),
    /// `memref.load`/`memref.store` with these indices.
    Any(Vec<Val>),
}

impl Address {
    /// Appends the load of `memref`'s element at this address, a value of `ty`.
    pub(super) fn append_load(self, t: &NestTranslator, memref: Val, ty: Type) -> Result<Val, ()> {
        self.append_access(t, memref, None, &[ty])
            .result(0)
            .ok_or(())
    }

    /// Appends the store of `value` into `memref`'s element at this address.
    pub(super) fn append_store(self, t: &NestTranslator, memref: Val, value: Val) {
        self.append_access(t, memref, Some(value), &[]);
    }

    /// A load (no `stored` value) and a store take the same operands after the stored
    /// value: the memref, then the map's operands or the indices.
    fn append_access(
        self,
        t: &NestTranslator,
        memref: Val,
        stored: Option<Val>,
        results: &[Type],
    ) -> Op {
        let (affine_name, memref_name) = match stored {
            Some(_) => ("affine.store", "memref.store"),
            None => ("affine.load", "memref.load"),
        };
        let mut operands: Vec<Val> = stored.into_iter().collect();
        operands.push(memref);
        let op = match self {
            Address::Affine(map) => {
                operands.extend(t.operands());
                OpBuilder::new(affine_name, t.loc).attr("map", Attr::affine_map(map))
            }
            Address::Any(indices) => {
                operands.extend(indices);
                OpBuilder::new(memref_name, t.loc)
            }
        };
        t.append(op.operands(&operands).results(results))
    }
}

impl<'a> NestTranslator<'a> {
    /// (array, address) for a load or store.
    pub(super) fn address(&mut self, inst: InstructionValue<'a>) -> Result<(usize, Address), ()> {
        let Some(index) = self.access_of.get(&inst).copied() else {
            return self.fail_at("an access outside the model", inst);
        };
        let array = self.accesses[index].array;
        if self.accesses[index].whole {
            let indices = self.element_indices(index, inst)?;
            return Ok((array, Address::Any(indices)));
        }
        let subscripts = self.accesses[index].subscripts.clone();
        let mut results = vec![];
        for s in subscripts {
            match self.affine(s, Widen::Signed) {
                Some(e) => results.push(e),
                None => {
                    return self
                        .fail_at(format!("an array subscript has no affine form ({s})"), inst)
                }
            }
        }
        Ok((array, Address::Affine(self.map(&results))))
    }

    /// The memref indices of an access of any element: its offset in bytes (a
    /// non-negative multiple of the element size, detection proved it) in elements,
    /// split by the array's dimension sizes, innermost first.
    fn element_indices(
        &mut self,
        access: usize,
        inst: InstructionValue<'a>,
    ) -> Result<Vec<Val>, ()> {
        let offset = self.accesses[access].offset;
        let array = self.accesses[access].array;
        let index_ty = Type::index(self.ctx);
        let element_bytes = self.arrays[array].element_bytes as i64;
        let (quotient, remainder) = self
            .se
            .divide(offset, self.se.constant(offset.width(), element_bytes));
        let mut rest = if remainder.is_zero() {
            let e = self.exact(quotient, inst)?;
            self.cast(e, index_ty, "arith.index_castui")?
        } else {
            // SCEVDivision gives up on `i * i`'s recurrence: divide the bytes.
            let bytes = self.exact(offset, inst)?;
            let bytes = self.cast(bytes, index_ty, "arith.index_castui")?;
            let element_bytes = self.int_constant(index_ty, element_bytes)?;
            self.binary("arith.divui", bytes, element_bytes, index_ty)?
        };
        let sizes = self.arrays[array].sizes.clone();
        let mut indices = vec![];
        // Sizes after the first dimension, innermost last (the run-time check keeps
        // each positive).
        for size in sizes[..sizes.len() - 1].iter().rev() {
            let Some(size) = self.affine(*size, Widen::Signed) else {
                return self.fail_at("a dimension size has no affine form", inst);
            };
            let size = self.apply(size)?;
            indices.push(self.binary("arith.remui", rest, size, index_ty)?);
            rest = self.binary("arith.divui", rest, size, index_ty)?;
        }
        indices.push(rest);
        indices.reverse();
        Ok(indices)
    }

    /// `s` computed as the original computes it, in its own integer width, wrapping
    /// as LLVM's integers do (no flags): add recurrences from the loop counters,
    /// unknowns as the instructions they are.
    fn exact(&mut self, s: Scev<'a>, inst: InstructionValue<'a>) -> Result<Val, ()> {
        let width = s.width();
        if width == 0 || width > 64 {
            return self.fail_at(format!("an element index of no integer form ({s})"), inst);
        }
        let ty = Type::integer(self.ctx, width);
        if s.kind() != ScevKind::Constant && self.se.is_loop_invariant(s, self.outer) {
            // A symbol, computed before the nest (an outer loop's counter too, where
            // the nest is an inner one), taken back to its own width.
            let e = self.symbol(s, Widen::Signed);
            let v = self.apply(e)?;
            return self.cast(v, ty, "arith.index_cast");
        }
        let ops = s.operands();
        match s.kind() {
            ScevKind::Constant => {
                let Some(c) = s.constant() else {
                    return Err(());
                };
                self.int_constant(ty, low_bits(c.zext, width))
            }
            ScevKind::Unknown => {
                let Some(v) = s.unknown_value() else {
                    return Err(());
                };
                if v.ty().integer_width() != Some(width) {
                    return self
                        .fail_at(format!("an element index of no integer form ({s})"), inst);
                }
                self.value(v)
            }
            ScevKind::Add | ScevKind::Mul => {
                let name = if s.kind() == ScevKind::Add {
                    "arith.addi"
                } else {
                    "arith.muli"
                };
                self.fold(name, &ops, ty, inst)
            }
            ScevKind::SMax => self.fold("arith.maxsi", &ops, ty, inst),
            ScevKind::SMin => self.fold("arith.minsi", &ops, ty, inst),
            ScevKind::UMax => self.fold("arith.maxui", &ops, ty, inst),
            ScevKind::UMin => self.fold("arith.minui", &ops, ty, inst),
            ScevKind::UDiv => self.fold("arith.divui", &ops, ty, inst),
            ScevKind::ZeroExtend | ScevKind::SignExtend | ScevKind::Truncate => {
                let [x] = ops.as_slice() else {
                    return Err(());
                };
                let v = self.exact(*x, inst)?;
                let name = match s.kind() {
                    ScevKind::ZeroExtend => "arith.extui",
                    ScevKind::SignExtend => "arith.extsi",
                    _ => "arith.trunci",
                };
                self.cast(v, ty, name)
            }
            ScevKind::AddRec => {
                // {a,+,b}<L> after k iterations of L is a + k * b; {a,+,b,+,c}<L>
                // (`i * i`) is a + k * b + C(k, 2) * c.
                let level = s
                    .rec_loop()
                    .and_then(|l| self.stack.iter().position(|level| level.l == l));
                let (Some(level), 2..=3) = (level, ops.len()) else {
                    return self
                        .fail_at(format!("an element index of no integer form ({s})"), inst);
                };
                let k = AffineExpr::dim(self.ctx, level) - self.stack[level].base;
                let k = self.apply(k)?;
                let k = self.cast(k, ty, "arith.index_cast")?;
                let mut value = self.exact(ops[0], inst)?;
                let mut factor = k;
                for (j, op) in ops.iter().enumerate().skip(1) {
                    if j == 2 {
                        factor = self.pairs(k, ty)?;
                    }
                    let coefficient = self.exact(*op, inst)?;
                    let term = self.binary("arith.muli", factor, coefficient, ty)?;
                    value = self.binary("arith.addi", value, term, ty)?;
                }
                Ok(value)
            }
            _ => self.fail_at(format!("an element index of no integer form ({s})"), inst),
        }
    }

    /// C(k, 2) = k (k - 1) / 2, exact in wrapping arithmetic: the even one of k and
    /// k - 1 is halved before the product.
    fn pairs(&mut self, k: Val, ty: Type) -> Result<Val, ()> {
        let one = self.int_constant(ty, 1)?;
        let previous = self.binary("arith.subi", k, one, ty)?;
        let k_half = self.binary("arith.shrui", k, one, ty)?;
        let previous_half = self.binary("arith.shrui", previous, one, ty)?;
        let when_even = self.binary("arith.muli", k_half, previous, ty)?;
        let when_odd = self.binary("arith.muli", k, previous_half, ty)?;
        let odd = self.binary("arith.andi", k, one, ty)?;
        let i1 = Type::integer(self.ctx, 1);
        let is_odd = self.append(
            OpBuilder::new("arith.trunci", self.loc)
                .operands(&[odd])
                .results(&[i1]),
        );
        let is_odd = is_odd.result(0).ok_or(())?;
        let select = self.append(
            OpBuilder::new("arith.select", self.loc)
                .operands(&[is_odd, when_odd, when_even])
                .results(&[ty]),
        );
        select.result(0).ok_or(())
    }

    fn fold(
        &mut self,
        name: &str,
        ops: &[Scev<'a>],
        ty: Type,
        inst: InstructionValue<'a>,
    ) -> Result<Val, ()> {
        let mut acc: Option<Val> = None;
        for op in ops {
            let v = self.exact(*op, inst)?;
            acc = Some(match acc {
                None => v,
                Some(a) => self.binary(name, a, v, ty)?,
            });
        }
        acc.ok_or(())
    }

    fn binary(&mut self, name: &str, a: Val, b: Val, ty: Type) -> Result<Val, ()> {
        let op = self.append(
            OpBuilder::new(name, self.loc)
                .operands(&[a, b])
                .results(&[ty]),
        );
        op.result(0).ok_or(())
    }

    fn cast(&mut self, v: Val, ty: Type, name: &str) -> Result<Val, ()> {
        if v.ty() == ty {
            return Ok(v);
        }
        let op = self.append(OpBuilder::new(name, self.loc).operands(&[v]).results(&[ty]));
        op.result(0).ok_or(())
    }

    /// `e` over the counters and symbols, as an `index` value.
    pub(super) fn apply(&mut self, e: AffineExpr) -> Result<Val, ()> {
        let map = self.map(&[e]);
        let op = self.append(
            OpBuilder::new("affine.apply", self.loc)
                .operands(&self.operands())
                .results(&[Type::index(self.ctx)])
                .attr("map", Attr::affine_map(map)),
        );
        op.result(0).ok_or(())
    }
}
