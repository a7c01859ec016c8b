//! AST expressions → MLIR affine expressions, maps and integer sets, built through the
//! C API with the same simplifying constructors MLIR's parser uses (so the IR is the
//! one the printed form `affine_map<...>` would give).

use super::{CodegenError, Result};
use crate::ir::{AffineExpr, AffineMap, Context, IntegerSet};
use tessel_poly::{CmpOp, Expr};

/// Writes AST expressions as affine expressions over dims `d0, d1, ...`, one per
/// distinct variable (iterator or parameter), in first-use order.
pub(super) struct MapBuilder {
    ctx: Context,
    pub(super) vars: Vec<String>,
}

impl MapBuilder {
    pub(super) fn new(ctx: Context) -> Self {
        MapBuilder { ctx, vars: vec![] }
    }

    fn dim(&mut self, name: &str) -> AffineExpr {
        let k = match self.vars.iter().position(|v| v == name) {
            Some(k) => k,
            None => {
                self.vars.push(name.to_string());
                self.vars.len() - 1
            }
        };
        AffineExpr::dim(self.ctx, k)
    }

    /// `(d0, ...) -> (results)`.
    pub(super) fn map(&self, results: &[AffineExpr]) -> AffineMap {
        AffineMap::get(self.ctx, self.vars.len(), results)
    }

    /// `(d0, ...) : (constraints)`; each conjunct `a op b` becomes `a - b (- 1) >= 0`
    /// or `a - b == 0`.
    pub(super) fn set(&self, constraints: &[(AffineExpr, bool)]) -> Result<IntegerSet> {
        if constraints.is_empty() {
            return Err(CodegenError::Ast("empty condition"));
        }
        Ok(IntegerSet::get(self.ctx, self.vars.len(), constraints))
    }

    pub(super) fn results(&mut self, exprs: &[Expr]) -> Result<Vec<AffineExpr>> {
        exprs.iter().map(|e| self.expr(e)).collect()
    }

    /// One comparison as a constraint, in the order the parser of `lhs >= 0` builds it.
    pub(super) fn constraint(
        &mut self,
        op: CmpOp,
        a: &Expr,
        b: &Expr,
    ) -> Result<(AffineExpr, bool)> {
        let a = self.expr(a)?;
        let b = self.expr(b)?;
        let one = AffineExpr::constant(self.ctx, 1);
        let zero = AffineExpr::constant(self.ctx, 0);
        Ok(match op {
            CmpOp::Eq => (a - b - zero, true),
            CmpOp::Ge => (a - b - zero, false),
            CmpOp::Gt => (a - b - one - zero, false),
            CmpOp::Le => (b - a - zero, false),
            CmpOp::Lt => (b - a - one - zero, false),
        })
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Result<AffineExpr> {
        let ctx = self.ctx;
        let c = move |v: i64| AffineExpr::constant(ctx, v);
        Ok(match e {
            Expr::Int(v) => c(*v),
            Expr::Var(name) => self.dim(name),
            Expr::Add(a, b) => self.expr(a)? + self.expr(b)?,
            Expr::Sub(a, b) => self.expr(a)? - self.expr(b)?,
            Expr::Mul(a, b) => {
                if !matches!(**a, Expr::Int(_)) && !matches!(**b, Expr::Int(_)) {
                    return Err(CodegenError::Ast("non-affine product in the AST"));
                }
                self.expr(a)? * self.expr(b)?
            }
            Expr::Neg(a) => -self.expr(a)?,
            Expr::FloorDiv(a, d) => self.expr(a)?.floor_div(c(*d)),
            Expr::CeilDiv(a, d) => self.expr(a)?.ceil_div(c(*d)),
            Expr::Mod(a, d) => self.expr(a)?.modulo(c(*d)),
            Expr::Min(_) | Expr::Max(_) => {
                return Err(CodegenError::Ast("min/max inside an expression"))
            }
        })
    }
}
