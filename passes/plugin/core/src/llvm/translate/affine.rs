//! Affine expressions over the counters and symbols, each built in the shape
//! MLIR's parser gives the equivalent text.

use tessel_mlir::ir::{AffineExpr, AffineMap, Type, Val};

use super::{NestTranslator, Widen};
use tessel_llvm::ffi::{Conversion, Predicate, Scev, ScevKind};
use tessel_llvm::scev::{NarrowValue, Widener};

impl<'a> NestTranslator<'a> {
    // ---- affine expressions ---------------------------------------------------------

    /// The symbol for invariant `s`, widened to 64 bits; a new function argument the
    /// first time.
    pub(super) fn symbol(&mut self, s: Scev<'a>, widen: Widen) -> AffineExpr {
        let se = self.se;
        let s = if s.width() < 64 {
            let how = match widen {
                Widen::Signed => Conversion::SignExtend,
                Widen::Unsigned => Conversion::ZeroExtend,
            };
            se.convert(s, how, 64)
        } else {
            s
        };
        // `zext(n)` (a bound, as IndVarSimplify extends it) read as `sext(n)` (a
        // guard's comparison), where n >= 0: the nest's entry guard proves it, or
        // the run-time check requires it. One symbol for `n`, not two that isl
        // must treat as unrelated.
        let s = match s.operand(0) {
            Some(op)
                if s.kind() == ScevKind::ZeroExtend
                    && op.is_integer()
                    && se.is_loop_invariant(op, self.outer) =>
            {
                let proven = se.known_non_negative(op)
                    || se.entry_guarded(self.outer, Predicate::Sge, op, se.zero(op));
                if !proven && !self.assumed_non_negative.contains(&op) {
                    self.assumed_non_negative.push(op);
                }
                se.convert(op, Conversion::SignExtend, 64)
            }
            _ => s,
        };
        let k = match self.params.iter().position(|p| *p == s) {
            Some(k) => k,
            None => {
                self.params.push(s);
                if let Some(entry) = self.entry {
                    let pos = self.array_args.len() + self.param_args.len();
                    let arg = entry
                        .insert_argument(pos, Type::index(self.ctx), self.loc)
                        .expect("a position within the arguments");
                    self.param_args.push(arg);
                }
                self.params.len() - 1
            }
        };
        AffineExpr::symbol(self.ctx, k)
    }

    /// The no-wrap flags that make widening `s` the identity.
    pub(super) fn no_wrap(&self, s: Scev<'a>, widen: Widen) -> bool {
        let se = self.se;
        if se.is_loop_invariant(s, self.outer) {
            return true;
        }
        if s.is_nary() {
            let flags = match widen {
                Widen::Signed => s.no_signed_wrap(),
                Widen::Unsigned => {
                    s.no_unsigned_wrap() || (s.no_signed_wrap() && se.known_non_negative(s))
                }
            };
            if !flags && matches!(s.kind(), ScevKind::AddRec | ScevKind::Add | ScevKind::Mul) {
                return false;
            }
            return s.operands().into_iter().all(|op| self.no_wrap(op, widen));
        }
        false
    }

    /// `s` over the counters of the enclosing loops (d<k>, k = depth) and the symbols.
    pub(super) fn affine(&mut self, s: Scev<'a>, widen: Widen) -> Option<AffineExpr> {
        let se = self.se;
        let ctx = self.ctx;
        if let Some(c) = s.constant() {
            if c.width > 64 {
                return None;
            }
            if widen == Widen::Signed || c.width == 64 {
                if c.significant_bits > 63 {
                    return None;
                }
                return Some(AffineExpr::constant(ctx, c.sext));
            }
            if c.active_bits > 62 {
                return None;
            }
            return Some(AffineExpr::constant(ctx, c.zext as i64));
        }
        if !s.is_integer() {
            return None;
        }
        let invariant = se.is_loop_invariant(s, self.outer);
        match s.kind() {
            ScevKind::Add => {
                let mut out: Option<AffineExpr> = None;
                for op in s.operands() {
                    let e = self.affine(op, widen)?;
                    out = Some(match out {
                        None => e,
                        Some(acc) => acc + e,
                    });
                }
                out
            }
            ScevKind::Mul => {
                let ops = s.operands();
                if let [c, x] = ops.as_slice() {
                    if c.kind() == ScevKind::Constant {
                        let c = self.affine(*c, widen);
                        let x = self.affine(*x, widen);
                        return Some(x? * c?);
                    }
                }
                invariant.then(|| self.symbol(s, widen))
            }
            ScevKind::SignExtend | ScevKind::ZeroExtend if invariant => {
                match self.invariant_taken_wide(s) {
                    Some(wide) => self.affine(wide, widen),
                    None => Some(self.symbol(s, widen)),
                }
            }
            _ if invariant => Some(self.symbol(s, widen)),
            ScevKind::AddRec => {
                let l = s.rec_loop()?;
                let k = self.stack.iter().position(|level| level.l == l)?;
                if !s.rec_is_affine() {
                    return None;
                }
                let step = se.step(s)?;
                if step.kind() != ScevKind::Constant {
                    return None;
                }
                let start = self.affine(s.rec_start()?, widen);
                let by = self.affine(step, widen);
                let (start, by) = (start?, by?);
                let counter = AffineExpr::dim(ctx, k) - self.stack[k].base;
                Some(start + counter * by)
            }
            ScevKind::UDiv => {
                let ops = s.operands();
                let [lhs, rhs] = ops.as_slice() else {
                    return None;
                };
                let c = rhs.constant()?;
                if c.negative || c.active_bits == 0 || !se.known_non_negative(*lhs) {
                    return None;
                }
                let l = self.affine(*lhs, widen);
                let r = self.affine(*rhs, widen);
                Some(l?.floor_div(r?))
            }
            ScevKind::SignExtend => {
                let op = s.operand(0)?;
                if self.no_wrap(op, Widen::Signed) {
                    self.affine(op, Widen::Signed)
                } else {
                    None
                }
            }
            ScevKind::ZeroExtend => {
                let op = s.operand(0)?;
                if self.no_wrap(op, Widen::Unsigned) {
                    self.affine(op, Widen::Unsigned)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The extension of an invariant `int` sum or product (`zext(nx - 1)`, the count
    /// of `i < nx - 1` after IndVarSimplify) as that sum computed wide over its
    /// leaves' extensions (`zext(nx) - 1`), the run-time check keeping the wide value
    /// in the narrow type's range, where the two are equal. As one opaque symbol it
    /// would be a parameter unrelated to `zext(nx)`: every such pair doubles the
    /// cases isl's AST generation and the AST check split on (fdtd-2d through clang:
    /// 7 parameters instead of 3, AST generation and its check 3 s).
    fn invariant_taken_wide(&mut self, s: Scev<'a>) -> Option<Scev<'a>> {
        let op = s.operand(0)?;
        if !matches!(op.kind(), ScevKind::Add | ScevKind::Mul) || !matches!(op.width(), 8 | 16 | 32)
        {
            return None;
        }
        let is_unsigned = s.kind() == ScevKind::ZeroExtend;
        let wide = Widener::new(self.se, self.outer, None).widen(op, s.width(), is_unsigned)?;
        self.narrow_values.push(NarrowValue {
            wide,
            bits: op.width(),
            is_unsigned,
        });
        Some(wide)
    }

    /// A map over every counter in scope and every symbol so far.
    pub(super) fn map(&self, results: &[AffineExpr]) -> AffineMap {
        AffineMap::with_symbols(self.ctx, self.stack.len(), self.params.len(), results)
    }
    /// The counters in scope, then the symbols so far: a map's operands.
    pub(super) fn operands(&self) -> Vec<Val> {
        let mut v: Vec<Val> = self.stack.iter().map(|l| l.counter).collect();
        v.extend(self.param_args.iter().copied());
        v
    }
}
