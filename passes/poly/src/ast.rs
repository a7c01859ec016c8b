//! The loop AST that codegen consumes: isl's AST, converted to plain Rust data.
//!
//! Bounds are normalized so that MLIR codegen can map them one-to-one onto
//! `affine.for` / `affine.parallel`: `lower` is inclusive (a `Max` at the top for
//! several bounds), `upper` is inclusive (a `Min` at the top for several bounds).

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AstNode {
    For {
        /// Iterator name, `c0`, `c1`, ... (unique along a path).
        iterator: String,
        lower: Expr,
        upper: Expr,
        step: i64,
        /// Set when the schedule marks this loop parallel (coincident and verified).
        parallel: bool,
        body: Vec<AstNode>,
    },
    If {
        cond: Cond,
        then_branch: Vec<AstNode>,
        else_branch: Vec<AstNode>,
    },
    /// One statement instance: `args[k]` is the value of the statement's k-th domain
    /// dimension (its k-th original loop IV) as a function of iterators and parameters.
    Stmt { name: String, args: Vec<Expr> },
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
