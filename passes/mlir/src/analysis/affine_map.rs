//! Affine maps, sets and expressions of the input, decoded through the C API into
//! [`Aff`]s over the values their operands stand for.

use super::aff::Aff;
use super::Reject;
use crate::ir::{AffineExpr, AffineExprKind, AffineMap, IntegerSet, Op, Val};

/// The integer value of attribute `name` of `op`.
pub fn integer_attr(op: Op, name: &str) -> Option<i64> {
    op.attr(name)?.as_integer()
}

/// The affine map in attribute `name` of `op`.
pub fn affine_map_attr(op: Op, name: &str) -> Option<AffineMap> {
    op.attr(name)?.as_affine_map()
}

/// The integer set in attribute `name` of `op`.
pub fn integer_set_attr(op: Op, name: &str) -> Option<IntegerSet> {
    op.attr(name)?.as_integer_set()
}

/// Results of `map` with its dims and symbols replaced by `args` (dims first).
pub(crate) fn map_results(map: AffineMap, args: &[Aff]) -> Result<Vec<Aff>, Reject> {
    let n_dims = map.num_dims();
    if args.len() != n_dims + map.num_symbols() {
        return Err(Reject::MapOperandCount);
    }
    map.results()
        .into_iter()
        .map(|e| expr_aff(e, &args[..n_dims], &args[n_dims..]))
        .collect()
}

/// An MLIR affine expression with its dims and symbols replaced.
pub(super) fn expr_aff(e: AffineExpr, dims: &[Aff], syms: &[Aff]) -> Result<Aff, Reject> {
    use AffineExprKind as K;
    let (l, r) = match e.kind() {
        Some(K::Dim(p)) => return dims.get(p).cloned().ok_or(Reject::MapDimOutOfRange),
        Some(K::Symbol(p)) => return syms.get(p).cloned().ok_or(Reject::MapSymbolOutOfRange),
        Some(K::Constant(c)) => return Ok(Aff::constant(c)),
        Some(K::Add(l, r) | K::Mul(l, r) | K::FloorDiv(l, r) | K::CeilDiv(l, r) | K::Mod(l, r)) => {
            (l, r)
        }
        None => return Err(Reject::UnknownAffineExpr),
    };
    let l = expr_aff(l, dims, syms)?;
    let r = expr_aff(r, dims, syms)?;
    match e.kind() {
        Some(K::Add(..)) => return Ok(l.add(&r)),
        Some(K::Mul(..)) => return l.mul(&r).ok_or(Reject::NonAffineProduct),
        _ => {}
    }
    let Some(d) = r.as_constant().filter(|d| *d > 0) else {
        return Err(Reject::NonConstantDivision);
    };
    Ok(match e.kind() {
        Some(K::FloorDiv(..)) => l.floor_div(d),
        Some(K::CeilDiv(..)) => l.ceil_div(d),
        _ => l.modulo(d),
    })
}

/// The iter_args initial values of an `affine.for`.
pub(super) fn for_inits(op: Op) -> Vec<Val> {
    let inputs = |attr| affine_map_attr(op, attr).map_or(0, |m| m.num_inputs());
    let n = inputs("lowerBoundMap") + inputs("upperBoundMap");
    op.operands()
        .get(n..)
        .map(|v| v.to_vec())
        .unwrap_or_default()
}
