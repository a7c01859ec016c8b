//! Shared-memory promotion of a staged kernel loop (issue 10; seed 001 §1.8, as
//! PPCG does it).
//!
//! In gemm's kernel each thread `(i, j)` runs `for k: C[i][j] += A[i][k] * B[k][j]`.
//! The block runs that loop in tiles of `k` (`tessel_poly::gpu::Stage`); for one
//! tile, the 16 threads of a row all read the same 16 elements of `A`, and those of a
//! column the same 16 of `B`. The block copies each tile into shared memory once,
//! waits at a barrier, computes from the copies, and waits again before the next
//! tile overwrites them.
//!
//! - **Reference groups.** One per reference, merged while they read the same array
//!   through subscripts that differ by constants only (a stencil's neighbours: one
//!   tile with a halo). Two reads are never merged otherwise, so syrk's `A[i][k]` and
//!   `A[j][k]` keep a tile each (seed 001 Example 5, E24).
//! - **What qualifies.** Only arrays the kernel never writes: a copy of data another
//!   statement of the same thread writes would go stale, and a copy-out of a tile
//!   would race with the blocks that own its other elements. (Arrays a thread
//!   updates at one address go to registers instead: `registers.rs`.) Each subscript
//!   must be affine in the block's tile variables with constant coefficients, so that
//!   the tile has fixed extents; and the group must show reuse (some tile variable
//!   does not move the element: the access is not injective on the tile) or be
//!   uncoalesced (neighbouring x threads do not read neighbouring elements).
//! - **What is copied.** The whole rectangular tile, clipped to the array's extents
//!   (PPCG copies whole tiles too: simpler code, less divergence). Every element is
//!   read-only in the kernel, so reading ones no statement needs changes nothing.
//! - **Budget.** Groups are taken in order while they fit 48 KiB per block, the
//!   static shared memory every NVIDIA GPU since Fermi has.

use super::super::registers::{access, element, is_buffer, mentions};
use crate::analysis::aff::{Aff, Atom};
use crate::analysis::{ExtractedScop, Step};
use crate::ir::{Type, Val};
use tessel_poly::{AstNode, Expr};

/// Static shared memory a block may use without opting in (48 KiB).
pub const SHARED_BYTES: u64 = 48 * 1024;

/// A variable of a block's tile: a mapped iterator (as many values as the block has
/// threads along it) or the staged loop's iterator (one tile of it).
pub(super) struct TileVar {
    pub name: String,
    /// Its values in one tile, consecutive from the tile's first, `lo`.
    pub size: i64,
    /// The name `lo` is bound to during emission.
    pub lo: String,
}

/// References a block reads through one shared-memory tile.
pub(super) struct Group {
    pub memref: Val,
    pub element: Type,
    element_bytes: Option<u32>,
    /// Per subscript, the coefficient of each tile variable.
    pub coeffs: Vec<Vec<i64>>,
    /// Per subscript, what the first reference adds to the tile variables: host
    /// iterators, parameters, constants.
    pub base: Vec<Aff>,
    /// Per subscript, the least and greatest constant a reference adds to `base`.
    pub low: Vec<i64>,
    pub high: Vec<i64>,
    /// The subscripts of the references, as `registers::element` gives them.
    pub refs: Vec<Vec<Aff>>,
    pub reason: &'static str,
    /// The buffer's shape: the tile's extents, the last one padded by one element
    /// when neighbouring x threads walk a row index (see [`Group::shape`]).
    pub shape: Vec<i64>,
}

impl Group {
    /// The tile's extent along each subscript.
    pub fn extents(&self, vars: &[TileVar]) -> Vec<i64> {
        self.coeffs
            .iter()
            .zip(self.low.iter().zip(&self.high))
            .map(|(c, (lo, hi))| {
                c.iter()
                    .zip(vars)
                    .map(|(a, v)| a.abs() * (v.size - 1))
                    .sum::<i64>()
                    + (hi - lo)
                    + 1
            })
            .collect()
    }

    /// The buffer's shape. Shared memory has banks of 4 bytes; when neighbouring x
    /// threads read down a column of the tile (syrk's `A[j][k]` with `j` on x),
    /// rows of 16 doubles put them all in one bank, and one padding element per
    /// row spreads them (rows of an odd number of elements).
    fn shape(&self, vars: &[TileVar], x: Option<usize>) -> Vec<i64> {
        let mut shape = self.extents(vars);
        if let (Some(x), Some((last, outer))) = (x, self.coeffs.split_last()) {
            if last[x] == 0 && outer.iter().any(|row| row[x] != 0) {
                if let Some(l) = shape.last_mut() {
                    *l += 1;
                }
            }
        }
        shape
    }

    fn bytes(&self) -> Option<u64> {
        let n: i64 = self.shape.iter().product();
        let per = self.element_bytes?;
        u64::try_from(n).ok()?.checked_mul(u64::from(per))
    }

    /// The subscript `d` of the tile's first element: the corner of each tile
    /// variable that makes it least, plus the base and the least offset.
    pub fn origin(&self, d: usize, vars: &[TileVar], roots: &mut Vec<Val>) -> Option<Expr> {
        let mut e = aff_expr(&self.base[d], roots)?;
        e = add(e, Expr::Int(self.low[d]));
        for (a, v) in self.coeffs[d].iter().zip(vars) {
            if *a != 0 {
                e = add(e, mul(*a, corner(*a, v)));
            }
        }
        Some(e)
    }

    /// The position in the tile of the element reference `r` reads, along subscript
    /// `d`: zero at the tile's origin.
    pub fn local(&self, r: &[Aff], d: usize, vars: &[TileVar]) -> Option<Expr> {
        let offset = r[d]
            .sub(&self.base[d])
            .sub(&vars_part(&r[d], vars))
            .as_constant()?;
        let mut e = Expr::Int(offset - self.low[d]);
        for (a, v) in self.coeffs[d].iter().zip(vars) {
            if *a != 0 {
                let from = Expr::Sub(Box::new(Expr::Var(v.name.clone())), Box::new(corner(*a, v)));
                e = add(e, mul(*a, from));
            }
        }
        Some(e)
    }
}

/// The tile variable's first value (`a` > 0) or last: where `a * v` is least.
fn corner(a: i64, v: &TileVar) -> Expr {
    let lo = Expr::Var(v.lo.clone());
    if a > 0 {
        lo
    } else {
        add(lo, Expr::Int(v.size - 1))
    }
}

fn add(a: Expr, b: Expr) -> Expr {
    match (&a, &b) {
        (_, Expr::Int(0)) => a,
        (Expr::Int(0), _) => b,
        _ => Expr::Add(Box::new(a), Box::new(b)),
    }
}

fn mul(a: i64, e: Expr) -> Expr {
    if a == 1 {
        e
    } else {
        Expr::Mul(Box::new(Expr::Int(a)), Box::new(e))
    }
}

/// The part of `a` over the tile variables.
fn vars_part(a: &Aff, vars: &[TileVar]) -> Aff {
    let mut out = Aff::constant(0);
    for (atom, c) in a.terms() {
        if matches!(atom, Atom::Param(p) if vars.iter().any(|v| v.name == *p)) {
            out = out.add(&Aff::atom(atom.clone()).scale(*c));
        }
    }
    out
}

/// `a` as an AST expression; each root value becomes `gpu.root.<k>`, its index in
/// `roots`, for the caller to bind.
pub(super) fn aff_expr(a: &Aff, roots: &mut Vec<Val>) -> Option<Expr> {
    let mut e = Expr::Int(0);
    for (atom, c) in a.terms() {
        let t = match atom {
            Atom::Param(name) => Expr::Var(name.clone()),
            Atom::Root(v) => {
                let k = match roots.iter().position(|r| r == v) {
                    Some(k) => k,
                    None => {
                        roots.push(*v);
                        roots.len() - 1
                    }
                };
                Expr::Var(root_name(k))
            }
            Atom::FloorDiv(inner, d) => Expr::FloorDiv(Box::new(aff_expr(inner, roots)?), *d),
            Atom::CeilDiv(inner, d) => Expr::CeilDiv(Box::new(aff_expr(inner, roots)?), *d),
            Atom::Mod(inner, d) => Expr::Mod(Box::new(aff_expr(inner, roots)?), *d),
            Atom::Iv(_) => return None,
        };
        e = add(e, mul(*c, t));
    }
    Some(add(e, Expr::Int(a.constant_term())))
}

/// The name [`aff_expr`] gives the `k`th root value.
pub(super) fn root_name(k: usize) -> String {
    format!("gpu.root.{k}")
}

/// The groups worth staging in shared memory for the staged loop whose body is
/// `staged` (statements), in a kernel whose whole body is `kernel` and whose tile
/// variables are `vars` (the mapped iterators, outermost first, then the staged
/// loop's); `x` is the index in `vars` of thread x. `private` memrefs (copies made
/// per thread) are left alone.
pub(super) fn plan(
    scop: &ExtractedScop,
    kernel: &[AstNode],
    staged: &[AstNode],
    vars: &[TileVar],
    x: Option<usize>,
    private: &[Val],
) -> Vec<Group> {
    let mut pinned: Vec<Val> = private.to_vec();
    written(scop, kernel, &mut pinned);
    let mut groups: Vec<Group> = vec![];
    for node in staged {
        let AstNode::Stmt { stmt, args, .. } = node else {
            return vec![];
        };
        let Some(code) = scop.statements.get(stmt.0) else {
            return vec![];
        };
        for step in &code.steps {
            let Step::Clone(op) = step else { continue };
            let Some(acc) = access(*op) else { continue };
            if acc.stored.is_some() || pinned.contains(&acc.memref) || !is_buffer(acc.memref) {
                continue;
            }
            let Some(index) = element(&acc, &code.ivs, args) else {
                continue;
            };
            add_reference(&mut groups, acc.memref, acc.ty, index, vars);
        }
    }
    let mut used = 0u64;
    groups.retain_mut(|g| {
        let Some(reason) = worth_it(g, vars, x) else {
            return false;
        };
        g.reason = reason;
        g.shape = g.shape(vars, x);
        match g.bytes().and_then(|b| used.checked_add(b)) {
            Some(total) if total <= SHARED_BYTES => {
                used = total;
                true
            }
            _ => false,
        }
    });
    groups
}

/// Adds the read of `memref` at `index` to the group it shares a tile with, or to a
/// new one; a subscript not affine in the tile variables with constant
/// coefficients, or one whose divisions involve them, adds nothing.
fn add_reference(
    groups: &mut Vec<Group>,
    memref: Val,
    ty: Type,
    index: Vec<Aff>,
    vars: &[TileVar],
) {
    // A 0-d buffer is one element: a register's business, not a tile's.
    if index.is_empty() {
        return;
    }
    let mut coeffs = Vec::with_capacity(index.len());
    let mut rest = Vec::with_capacity(index.len());
    for sub in &index {
        let c: Vec<i64> = vars
            .iter()
            .map(|v| {
                sub.terms()
                    .iter()
                    .find(|(a, _)| matches!(a, Atom::Param(p) if *p == v.name))
                    .map_or(0, |(_, c)| *c)
            })
            .collect();
        let r = sub.sub(&vars_part(sub, vars));
        if vars.iter().any(|v| mentions(&r, &v.name)) || r.overflowed() {
            return;
        }
        coeffs.push(c);
        rest.push(r);
    }
    for g in groups.iter_mut() {
        if g.memref != memref || g.coeffs != coeffs {
            continue;
        }
        let offsets: Option<Vec<i64>> = rest
            .iter()
            .zip(&g.base)
            .map(|(r, b)| r.sub(b).as_constant())
            .collect();
        if let Some(offsets) = offsets {
            for (d, o) in offsets.iter().enumerate() {
                g.low[d] = g.low[d].min(*o);
                g.high[d] = g.high[d].max(*o);
            }
            if !g.refs.contains(&index) {
                g.refs.push(index);
            }
            return;
        }
    }
    let n = index.len();
    groups.push(Group {
        memref,
        element: ty,
        element_bytes: memref.ty().element_bytes(),
        coeffs,
        base: rest,
        low: vec![0; n],
        high: vec![0; n],
        refs: vec![index],
        reason: "",
        shape: vec![],
    });
}

/// Why staging the group pays (seed 001 §1.8: reuse, or an uncoalesced access), or
/// `None`.
fn worth_it(g: &Group, vars: &[TileVar], x: Option<usize>) -> Option<&'static str> {
    let moving: Vec<usize> = (0..vars.len()).filter(|&v| vars[v].size > 1).collect();
    let columns: Vec<Vec<i64>> = g
        .coeffs
        .iter()
        .map(|row| moving.iter().map(|&v| row[v]).collect())
        .collect();
    if g.refs.len() > 1 || rank(columns) < moving.len() {
        return Some("reuse");
    }
    let x = x.filter(|&x| vars[x].size > 1)?;
    let (last, outer) = g.coeffs.split_last()?;
    let coalesced = last[x] == 1 && outer.iter().all(|row| row[x] == 0);
    (!coalesced).then_some("uncoalesced")
}

/// The rank of an integer matrix (fraction-free elimination, each row divided by
/// the gcd of its entries; the entries are small subscript coefficients).
fn rank(m: Vec<Vec<i64>>) -> usize {
    let mut m: Vec<Vec<i128>> = m
        .into_iter()
        .map(|row| row.into_iter().map(i128::from).collect())
        .collect();
    let cols = m.first().map_or(0, Vec::len);
    let mut r = 0;
    for c in 0..cols {
        let Some(p) = (r..m.len()).find(|&i| m[i][c] != 0) else {
            continue;
        };
        m.swap(r, p);
        let pivot = m[r].clone();
        for row in m.iter_mut().skip(r + 1) {
            let b = row[c];
            if b == 0 {
                continue;
            }
            for (x, y) in row.iter_mut().zip(&pivot) {
                *x = pivot[c] * *x - b * *y;
            }
            let g = row.iter().fold(0i128, |g, &x| gcd(g, x.abs()));
            if g > 1 {
                row.iter_mut().for_each(|x| *x /= g);
            }
        }
        r += 1;
    }
    r
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Adds to `pinned` every memref a statement under `nodes` writes or uses other than
/// through an `affine.load`.
fn written(scop: &ExtractedScop, nodes: &[AstNode], pinned: &mut Vec<Val>) {
    tessel_poly::ast::visit_statements(nodes, &mut |stmt| {
        let Some(code) = scop.statements.get(stmt.0) else {
            return;
        };
        for step in &code.steps {
            let Step::Clone(op) = step else { continue };
            match access(*op) {
                Some(acc) if acc.stored.is_none() => {}
                Some(acc) => pinned.push(acc.memref),
                None => {
                    for inner in std::iter::once(*op).chain(op.nested_ops()) {
                        pinned.extend(inner.operands().into_iter().filter(|v| v.ty().is_memref()));
                    }
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::rank;

    #[test]
    fn rank_of_access_matrices() {
        // gemm's A[i][k] over (i, j, k): rank 2 of 3, reuse along j.
        assert_eq!(rank(vec![vec![1, 0, 0], vec![0, 0, 1]]), 2);
        // A[i + j]: one row.
        assert_eq!(rank(vec![vec![1, 1]]), 1);
        // A[i][j] over (i, j): injective.
        assert_eq!(rank(vec![vec![1, 0], vec![0, 1]]), 2);
        // Dependent rows: A[i + j][2i + 2j].
        assert_eq!(rank(vec![vec![1, 1], vec![2, 2]]), 1);
        assert_eq!(rank(vec![vec![0, 0]]), 0);
    }
}
