//! The loop AST the core hands back: isl's AST (`codegen::astgen`), converted to
//! plain Rust data, and the edits made on it after generation.
//!
//! Bounds are normalized so that MLIR codegen can map them one-to-one onto
//! `affine.for` / `affine.parallel`: `lower` is inclusive (a `Max` at the top for
//! several bounds), `upper` is inclusive (a `Min` at the top for several bounds).

use std::collections::BTreeMap;

use crate::model::scop::StmtId;

/// The body of a parallel loop's collapsed group: the parallel loops that are each
/// the whole body of the one before run in parallel together with it, as one
/// `affine.parallel` of several dimensions (see `codegen::astgen`'s `collapse`); this
/// is the body of the last of them.
pub fn collapsed_body(body: &[AstNode]) -> &[AstNode] {
    match body {
        [AstNode::For {
            parallel: true,
            body,
            ..
        }] => collapsed_body(body),
        _ => body,
    }
}

fn collapsed_body_mut(body: &mut [AstNode]) -> &mut [AstNode] {
    match body {
        [AstNode::For {
            parallel: true,
            body,
            ..
        }] => collapsed_body_mut(body),
        _ => body,
    }
}

/// Whether `nodes` hold a loop (under any `if`).
pub(crate) fn has_loop(nodes: &[AstNode]) -> bool {
    nodes.iter().any(|n| match n {
        AstNode::For { .. } => true,
        AstNode::If {
            then_branch,
            else_branch,
            ..
        } => has_loop(then_branch) || has_loop(else_branch),
        AstNode::Stmt { .. } => false,
    })
}

/// Whether `nodes` hold a parallel loop (under any loop or `if`).
pub(crate) fn has_parallel_loop(nodes: &[AstNode]) -> bool {
    nodes.iter().any(|n| match n {
        AstNode::For { parallel, body, .. } => *parallel || has_parallel_loop(body),
        AstNode::If {
            then_branch,
            else_branch,
            ..
        } => has_parallel_loop(then_branch) || has_parallel_loop(else_branch),
        AstNode::Stmt { .. } => false,
    })
}

/// Clears `parallel` on the loops collapsed into a parallel loop whose `body` this is.
fn clear_collapsed(body: &mut [AstNode]) {
    if let [AstNode::For {
        parallel: parallel @ true,
        body,
        ..
    }] = body
    {
        *parallel = false;
        clear_collapsed(body);
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AstNode {
    For {
        /// Iterator name, `c0`, `c1`, ... (unique along a path).
        iterator: String,
        lower: Expr,
        upper: Expr,
        step: i64,
        /// Set when the schedule marks this loop parallel (coincident and verified).
        /// A parallel loop whose whole body is a parallel loop forms one collapsed
        /// parallel nest with it ([`collapsed_body`]); no parallel loop is nested in
        /// another otherwise.
        parallel: bool,
        /// What codegen keeps in registers across the loop ([`Registers`]).
        registers: Registers,
        /// For a parallel loop, the scalars (array names) each iteration gets its own
        /// copy of ([`crate::analysis::privatization`]).
        private: Vec<String>,
        body: Vec<AstNode>,
    },
    If {
        cond: Cond,
        then_branch: Vec<AstNode>,
        else_branch: Vec<AstNode>,
    },
    /// One statement instance: `args[k]` is the value of the statement's k-th domain
    /// dimension (its k-th original loop IV) as a function of iterators and parameters.
    Stmt {
        stmt: StmtId,
        /// The statement's name in the SCoP, for dumps and tests only.
        name: String,
        args: Vec<Expr>,
    },
}

/// What codegen keeps in registers across a loop: the array elements its body
/// touches at addresses that do not move with the loop, loaded before and stored
/// after (scalar replacement), when the arrays are touched at no other address.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Registers {
    /// Nothing.
    #[default]
    None,
    /// An innermost sequential loop ([`crate::register_block::mark_register_loops`]).
    Fixed,
    /// The loop of a full register block ([`crate::register_block::unroll`]). The
    /// body may also read the kept arrays at addresses that move with the loop: the
    /// schedule side proved that no such read touches a kept element in one run of
    /// the loop (`register_block::tree::reads_miss_the_block`), so they read memory.
    Block,
}

/// Quasi-affine integer expression over loop iterators and parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Int(i64),
    /// A loop iterator (`c<k>`) or a parameter name.
    Var(String),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    /// Multiplication; at least one side is constant in valid (quasi-affine) output.
    Mul(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    /// Floor division by a positive constant.
    FloorDiv(Box<Expr>, i64),
    /// Ceiling division by a positive constant.
    CeilDiv(Box<Expr>, i64),
    /// Non-negative remainder modulo a positive constant.
    Mod(Box<Expr>, i64),
    Min(Vec<Expr>),
    Max(Vec<Expr>),
}

impl Expr {
    /// The bounds a loop's lower bound is the maximum of (a `Max` at its top, or
    /// itself).
    pub fn max_terms(&self) -> Vec<Expr> {
        match self {
            Expr::Max(v) => v.clone(),
            e => vec![e.clone()],
        }
    }

    /// Whether a `Min` or `Max` occurs anywhere in the expression.
    pub fn has_min_max(&self) -> bool {
        match self {
            Expr::Min(_) | Expr::Max(_) => true,
            Expr::Int(_) | Expr::Var(_) => false,
            Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
                a.has_min_max() || b.has_min_max()
            }
            Expr::Neg(a) | Expr::FloorDiv(a, _) | Expr::CeilDiv(a, _) | Expr::Mod(a, _) => {
                a.has_min_max()
            }
        }
    }

    /// The bounds a loop's upper bound is the minimum of (a `Min` at its top, or
    /// itself).
    pub fn min_terms(&self) -> Vec<Expr> {
        match self {
            Expr::Min(v) => v.clone(),
            e => vec![e.clone()],
        }
    }

    /// The expression as (variable -> coefficient, constant); `None` when it has a
    /// division, a modulo, a min or a max, or overflows.
    pub(crate) fn linear(&self) -> Option<Linear> {
        match self {
            Expr::Int(k) => Some((BTreeMap::new(), *k)),
            Expr::Var(v) => Some((BTreeMap::from([(v.clone(), 1)]), 0)),
            Expr::Add(a, b) => sum(a.linear()?, b.linear()?),
            Expr::Sub(a, b) => sum(a.linear()?, scaled(b.linear()?, -1)?),
            Expr::Neg(a) => scaled(a.linear()?, -1),
            Expr::Mul(a, b) => match (a.linear()?, b.linear()?) {
                ((ta, k), other) | (other, (ta, k)) if ta.is_empty() => scaled(other, k),
                _ => None,
            },
            _ => None,
        }
    }

    /// `self mod m` (non-negative), with the terms whose coefficients `m` divides
    /// dropped: a constant when only such terms vary (`4*c0 + 1 mod 4` is 1, and so
    /// is `n - n mod 4 + 1 mod 4`, as in the copies of a jammed block).
    pub fn modulo(&self, m: i64) -> Expr {
        let mut atoms = Vec::new();
        let Some((terms, c)) = self.with_atoms(m, &mut atoms) else {
            return Expr::Mod(Box::new(self.clone()), m);
        };
        let mut rest = Expr::Int(c.rem_euclid(m));
        let mut varying = false;
        for (k, a) in terms {
            let a = a.rem_euclid(m);
            if a != 0 {
                varying = true;
                let term = Expr::Mul(Box::new(Expr::Int(a)), Box::new(atoms[k].clone()));
                rest = Expr::Add(Box::new(rest), Box::new(term));
            }
        }
        if varying {
            Expr::Mod(Box::new(rest), m)
        } else {
            rest
        }
    }

    /// The expression as an integer combination of *atoms* (indices into `atoms`:
    /// variables and any other integer-valued subexpression) plus a constant, where
    /// `a mod k` for a `k` that `m` divides is written `a - k * floor(a / k)`, so that
    /// [`Expr::modulo`] sees multiples of `m`. None on overflow.
    fn with_atoms(&self, m: i64, atoms: &mut Vec<Expr>) -> Option<Combination<usize>> {
        let atom = |e: Expr, atoms: &mut Vec<Expr>| -> Combination<usize> {
            let k = match atoms.iter().position(|a| *a == e) {
                Some(k) => k,
                None => {
                    atoms.push(e);
                    atoms.len() - 1
                }
            };
            (BTreeMap::from([(k, 1)]), 0)
        };
        match self {
            Expr::Int(k) => Some((BTreeMap::new(), *k)),
            Expr::Add(a, b) => sum(a.with_atoms(m, atoms)?, b.with_atoms(m, atoms)?),
            Expr::Sub(a, b) => sum(
                a.with_atoms(m, atoms)?,
                scaled(b.with_atoms(m, atoms)?, -1)?,
            ),
            Expr::Neg(a) => scaled(a.with_atoms(m, atoms)?, -1),
            Expr::Mul(a, b) => match (a.as_ref(), b.as_ref()) {
                (Expr::Int(k), e) | (e, Expr::Int(k)) => scaled(e.with_atoms(m, atoms)?, *k),
                _ => Some(atom(self.clone(), atoms)),
            },
            Expr::Mod(a, k) if *k > 0 && k % m == 0 => {
                let quotient = atom(Expr::FloorDiv(a.clone(), *k), atoms);
                sum(a.with_atoms(m, atoms)?, scaled(quotient, -k)?)
            }
            _ => Some(atom(self.clone(), atoms)),
        }
    }

    /// Whether the variable `name` occurs in the expression.
    pub fn mentions(&self, name: &str) -> bool {
        match self {
            Expr::Int(_) => false,
            Expr::Var(v) => v == name,
            Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
                a.mentions(name) || b.mentions(name)
            }
            Expr::Neg(a) | Expr::FloorDiv(a, _) | Expr::CeilDiv(a, _) | Expr::Mod(a, _) => {
                a.mentions(name)
            }
            Expr::Min(v) | Expr::Max(v) => v.iter().any(|e| e.mentions(name)),
        }
    }

    /// The expression with every occurrence of the variable `name` replaced by `by`.
    pub fn substitute(&self, name: &str, by: &Expr) -> Expr {
        let sub = |e: &Expr| Box::new(e.substitute(name, by));
        match self {
            Expr::Var(v) if v == name => by.clone(),
            Expr::Int(_) | Expr::Var(_) => self.clone(),
            Expr::Add(a, b) => Expr::Add(sub(a), sub(b)),
            Expr::Sub(a, b) => Expr::Sub(sub(a), sub(b)),
            Expr::Mul(a, b) => Expr::Mul(sub(a), sub(b)),
            Expr::Neg(a) => Expr::Neg(sub(a)),
            Expr::FloorDiv(a, d) => Expr::FloorDiv(sub(a), *d),
            Expr::CeilDiv(a, d) => Expr::CeilDiv(sub(a), *d),
            Expr::Mod(a, d) => Expr::Mod(sub(a), *d),
            Expr::Min(v) => Expr::Min(v.iter().map(|e| e.substitute(name, by)).collect()),
            Expr::Max(v) => Expr::Max(v.iter().map(|e| e.substitute(name, by)).collect()),
        }
    }
}

impl std::fmt::Display for Expr {
    /// C-like text for remarks: `n - 1`, `floord(c0, 4)`, `min(n, c0 + 16)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |f: &mut std::fmt::Formatter<'_>, name: &str, v: &[Expr]| {
            let parts: Vec<String> = v.iter().map(|e| e.to_string()).collect();
            write!(f, "{name}({})", parts.join(", "))
        };
        match self {
            Expr::Int(k) => write!(f, "{k}"),
            Expr::Var(v) => write!(f, "{v}"),
            Expr::Add(a, b) => match b.as_ref() {
                Expr::Int(k) if *k < 0 => write!(f, "{a} - {}", -k),
                Expr::Neg(b) => write!(f, "{a} - {b}"),
                _ => write!(f, "{a} + {b}"),
            },
            Expr::Sub(a, b) => match b.as_ref() {
                Expr::Add(..) | Expr::Sub(..) => write!(f, "{a} - ({b})"),
                _ => write!(f, "{a} - {b}"),
            },
            Expr::Mul(a, b) => {
                let side = |e: &Expr| match e {
                    Expr::Add(..) | Expr::Sub(..) => format!("({e})"),
                    _ => e.to_string(),
                };
                write!(f, "{}*{}", side(a), side(b))
            }
            Expr::Neg(a) => write!(f, "-({a})"),
            Expr::FloorDiv(a, d) => write!(f, "floord({a}, {d})"),
            Expr::CeilDiv(a, d) => write!(f, "ceild({a}, {d})"),
            Expr::Mod(a, d) => write!(f, "({a}) mod {d}"),
            Expr::Min(v) => list(f, "min", v),
            Expr::Max(v) => list(f, "max", v),
        }
    }
}

/// An integer combination of terms: (term -> coefficient, constant).
type Combination<K> = (BTreeMap<K, i64>, i64);

/// An affine expression as (variable -> coefficient, constant).
pub(crate) type Linear = Combination<String>;

/// `f * c`; None on overflow.
pub(crate) fn scaled<K: Ord>((terms, c): Combination<K>, f: i64) -> Option<Combination<K>> {
    let mut out = BTreeMap::new();
    for (v, a) in terms {
        out.insert(v, a.checked_mul(f)?);
    }
    Some((out, c.checked_mul(f)?))
}

/// `a + b`, without zero terms; None on overflow.
pub(crate) fn sum<K: Ord>(
    (mut terms, c): Combination<K>,
    (other, d): Combination<K>,
) -> Option<Combination<K>> {
    for (v, a) in other {
        let entry = terms.entry(v).or_insert(0);
        *entry = entry.checked_add(a)?;
    }
    terms.retain(|_, a| *a != 0);
    Some((terms, c.checked_add(d)?))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Le,
    Lt,
    Ge,
    Gt,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    Cmp(CmpOp, Expr, Expr),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

/// Calls `f` on the statement of every `Stmt` node, in program order.
pub fn visit_statements(nodes: &[AstNode], f: &mut impl FnMut(StmtId)) {
    for n in nodes {
        match n {
            AstNode::For { body, .. } => visit_statements(body, f),
            AstNode::If {
                then_branch,
                else_branch,
                ..
            } => {
                visit_statements(then_branch, f);
                visit_statements(else_branch, f);
            }
            AstNode::Stmt { stmt, .. } => f(*stmt),
        }
    }
}

/// The number of loops marked parallel (a collapsed group counts once).
pub fn count_parallel(nodes: &[AstNode]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            AstNode::For { parallel, body, .. } if *parallel => {
                1 + count_parallel(collapsed_body(body))
            }
            AstNode::For { body, .. } => count_parallel(body),
            AstNode::If {
                then_branch,
                else_branch,
                ..
            } => count_parallel(then_branch) + count_parallel(else_branch),
            AstNode::Stmt { .. } => 0,
        })
        .sum()
}

/// Clears `parallel` on loops where a parallel region costs more than it gains: a
/// parallel loop with no loop inside it, nested in a sequential loop, would open one
/// OpenMP region per outer iteration for a single loop's work (durbin, atax).
/// Returns the number of loops still parallel. Dropping a mark is always legal.
pub fn keep_profitable_parallel(nodes: &mut [AstNode]) -> usize {
    fn walk(nodes: &mut [AstNode], under_sequential: bool) -> usize {
        let mut count = 0;
        for n in nodes {
            match n {
                AstNode::For { parallel, body, .. } if *parallel => {
                    // A collapsed group (see `collapsed`) counts, and is kept or
                    // cleared, as one loop.
                    if under_sequential && !has_loop(collapsed_body(body)) {
                        *parallel = false;
                        clear_collapsed(body);
                        count += walk(body, true);
                    } else {
                        count += 1 + walk(collapsed_body_mut(body), under_sequential);
                    }
                }
                AstNode::For { body, .. } => count += walk(body, true),
                AstNode::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    count +=
                        walk(then_branch, under_sequential) + walk(else_branch, under_sequential);
                }
                AstNode::Stmt { .. } => {}
            }
        }
        count
    }
    walk(nodes, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn for_loop(parallel: bool, body: Vec<AstNode>) -> AstNode {
        AstNode::For {
            iterator: "c".into(),
            lower: Expr::Int(0),
            upper: Expr::Int(9),
            step: 1,
            parallel,
            registers: Registers::None,
            private: Vec::new(),
            body,
        }
    }

    fn stmt() -> AstNode {
        AstNode::Stmt {
            stmt: StmtId(0),
            name: "S0".into(),
            args: vec![],
        }
    }

    fn var(v: &str) -> Box<Expr> {
        Box::new(Expr::Var(v.into()))
    }

    #[test]
    fn modulo_drops_the_multiples_of_the_block() {
        let int = |k| Box::new(Expr::Int(k));
        // 4*c0 + 1 mod 4 = 1: a copy of a full block.
        let e = Expr::Add(Box::new(Expr::Mul(int(4), var("c0"))), int(1));
        assert_eq!(e.modulo(4), Expr::Int(1));
        // n - n mod 4 + 2 mod 4 = 2: a copy of the last, partial block.
        let n_mod = Expr::Mod(var("n"), 4);
        let e = Expr::Add(Box::new(Expr::Sub(var("n"), Box::new(n_mod))), int(2));
        assert_eq!(e.modulo(4), Expr::Int(2));
        // -5 mod 4 = 3 (non-negative).
        assert_eq!(Expr::Int(-5).modulo(4), Expr::Int(3));
        // c1 mod 4 stays a modulo (c1 is any value).
        let e = Expr::Add(Box::new(Expr::Mul(int(8), var("c0"))), var("c1"));
        assert_eq!(
            e.modulo(4),
            Expr::Mod(
                Box::new(Expr::Add(int(0), Box::new(Expr::Mul(int(1), var("c1"))))),
                4
            )
        );
        // n - 1 mod 4 depends on n.
        let e = Expr::Sub(var("n"), int(1));
        assert!(matches!(e.modulo(4), Expr::Mod(_, 4)));
    }

    #[test]
    fn inner_single_loop_under_sequential_loop_runs_sequentially() {
        let mut ast = vec![for_loop(false, vec![for_loop(true, vec![stmt()])])];
        assert_eq!(keep_profitable_parallel(&mut ast), 0);
    }

    #[test]
    fn outermost_and_nest_carrying_parallel_loops_stay() {
        let mut ast = vec![
            for_loop(true, vec![stmt()]),
            for_loop(
                false,
                vec![for_loop(true, vec![for_loop(false, vec![stmt()])])],
            ),
        ];
        assert_eq!(keep_profitable_parallel(&mut ast), 2);
    }
}
