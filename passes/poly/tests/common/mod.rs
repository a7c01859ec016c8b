//! Test kernels written by hand in isl notation, each with its meaning in Rust (the
//! original loop order and the memory each instance touches), plus a tiny
//! interpreter for `AstNode` programs.
//!
//! The execution check: run the original order and the generated AST on a memory
//! model where every statement instance writes a hash of (statement, iteration,
//! values read). Any reordering that breaks a dependence changes the final memory.
#![allow(dead_code)]

pub mod seeds;

use std::collections::HashMap;

use tessel_poly::{
    Access, AccessKind, AstNode, CmpOp, Cond, Expr, Options, SchedulerKind, Scop, Statement,
};

pub type Params = HashMap<String, i64>;
/// A statement instance: name and iteration vector.
pub type Instance = (String, Vec<i64>);
/// A memory location: array name and subscripts.
pub type Loc = (&'static str, Vec<i64>);
/// (reads, writes) of one instance.
pub type Touches = (Vec<Loc>, Vec<Loc>);

pub struct Kernel {
    pub name: &'static str,
    pub scop: Scop,
    /// Concrete parameter values for execution tests.
    pub params: Vec<(&'static str, i64)>,
    /// The original execution order, written as plain Rust loops.
    pub original: fn(&Params) -> Vec<Instance>,
    /// (reads, writes) of one instance.
    pub accesses: fn(&str, &[i64]) -> Touches,
}

impl Kernel {
    pub fn param_map(&self) -> Params {
        self.params
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect()
    }
}

pub fn read(r: &str) -> Access {
    Access {
        kind: AccessKind::Read,
        relation: r.into(),
    }
}
pub fn write(r: &str) -> Access {
    Access {
        kind: AccessKind::MustWrite,
        relation: r.into(),
    }
}
pub fn stmt(name: &str, domain: &str, schedule: &str, accesses: Vec<Access>) -> Statement {
    Statement {
        name: name.into(),
        domain: domain.into(),
        schedule: schedule.into(),
        accesses,
    }
}
/// A SCoP over the one parameter `n`, with no context, kills or element sizes.
pub fn scop_over_n(statements: Vec<Statement>) -> Scop {
    Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: vec!["n".into()],
        context: "[n] -> { : }".into(),
        statements,
    }
}
fn p(params: &Params, name: &str) -> i64 {
    params[name]
}
fn inst(name: &str, it: &[i64]) -> Instance {
    (name.to_string(), it.to_vec())
}

pub fn options(scheduler: SchedulerKind, tile: bool, parallel: bool) -> Options {
    Options {
        scheduler,
        tile,
        tile_sizes: vec![4, 3],
        parallel,
        ..Options::default()
    }
}

/// [`options`] without post-tile reordering or unroll-and-jam: the schedule as the
/// scheduler built it.
pub fn scheduler_only(scheduler: SchedulerKind, tile: bool, parallel: bool) -> Options {
    Options {
        intra_tile: false,
        unroll_jam: 0,
        ..options(scheduler, tile, parallel)
    }
}

// ---------------------------------------------------------------- kernels

/// `C[i][j] += A[i][k] * B[k][j]`, sizes N x M x K.
pub fn gemm() -> Kernel {
    Kernel {
        name: "gemm",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["N".into(), "M".into(), "K".into()],
            context: "[N, M, K] -> { : N >= 0 and M >= 0 and K >= 0 }".into(),
            statements: vec![stmt(
                "S0",
                "[N, M, K] -> { S0[i, j, k] : 0 <= i < N and 0 <= j < M and 0 <= k < K }",
                "[N, M, K] -> { S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
                vec![
                    read("[N, M, K] -> { S0[i, j, k] -> C[i, j] }"),
                    read("[N, M, K] -> { S0[i, j, k] -> A[i, k] }"),
                    read("[N, M, K] -> { S0[i, j, k] -> B[k, j] }"),
                    write("[N, M, K] -> { S0[i, j, k] -> C[i, j] }"),
                ],
            )],
        },
        params: vec![("N", 5), ("M", 4), ("K", 6)],
        original: |ps| {
            let mut v = Vec::new();
            for i in 0..p(ps, "N") {
                for j in 0..p(ps, "M") {
                    for k in 0..p(ps, "K") {
                        v.push(inst("S0", &[i, j, k]));
                    }
                }
            }
            v
        },
        accesses: |_, it| {
            let (i, j, k) = (it[0], it[1], it[2]);
            (
                vec![("C", vec![i, j]), ("A", vec![i, k]), ("B", vec![k, j])],
                vec![("C", vec![i, j])],
            )
        },
    }
}

/// gemm with its initialization: `S0: C[i][j] = 0; for k: S1: C[i][j] += ...`.
pub fn gemm_init() -> Kernel {
    Kernel {
        name: "gemm_init",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["N".into()],
            context: "[N] -> { : N >= 0 }".into(),
            statements: vec![
                stmt(
                    "S0",
                    "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }",
                    "[N] -> { S0[i, j] -> [0, i, 0, j, 0] }",
                    vec![write("[N] -> { S0[i, j] -> C[i, j] }")],
                ),
                stmt(
                    "S1",
                    "[N] -> { S1[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }",
                    "[N] -> { S1[i, j, k] -> [0, i, 0, j, 1, k, 0] }",
                    vec![
                        read("[N] -> { S1[i, j, k] -> C[i, j] }"),
                        read("[N] -> { S1[i, j, k] -> A[i, k] }"),
                        read("[N] -> { S1[i, j, k] -> B[k, j] }"),
                        write("[N] -> { S1[i, j, k] -> C[i, j] }"),
                    ],
                ),
            ],
        },
        params: vec![("N", 5)],
        original: |ps| {
            let n = p(ps, "N");
            let mut v = Vec::new();
            for i in 0..n {
                for j in 0..n {
                    v.push(inst("S0", &[i, j]));
                    for k in 0..n {
                        v.push(inst("S1", &[i, j, k]));
                    }
                }
            }
            v
        },
        accesses: |s, it| match s {
            "S0" => (vec![], vec![("C", vec![it[0], it[1]])]),
            _ => {
                let (i, j, k) = (it[0], it[1], it[2]);
                (
                    vec![("C", vec![i, j]), ("A", vec![i, k]), ("B", vec![k, j])],
                    vec![("C", vec![i, j])],
                )
            }
        },
    }
}

/// jacobi-1d: `for t { for i: B[i] = f(A[i-1..=i+1]); for i: A[i] = B[i] }`.
pub fn jacobi_1d() -> Kernel {
    Kernel {
        name: "jacobi_1d",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["T".into(), "N".into()],
            context: "[T, N] -> { : T >= 0 and N >= 0 }".into(),
            statements: vec![
                stmt(
                    "S0",
                    "[T, N] -> { S0[t, i] : 0 <= t < T and 1 <= i <= N - 2 }",
                    "[T, N] -> { S0[t, i] -> [0, t, 0, i, 0] }",
                    vec![
                        read("[T, N] -> { S0[t, i] -> A[i - 1] }"),
                        read("[T, N] -> { S0[t, i] -> A[i] }"),
                        read("[T, N] -> { S0[t, i] -> A[i + 1] }"),
                        write("[T, N] -> { S0[t, i] -> B[i] }"),
                    ],
                ),
                stmt(
                    "S1",
                    "[T, N] -> { S1[t, i] : 0 <= t < T and 1 <= i <= N - 2 }",
                    "[T, N] -> { S1[t, i] -> [0, t, 1, i, 0] }",
                    vec![
                        read("[T, N] -> { S1[t, i] -> B[i] }"),
                        write("[T, N] -> { S1[t, i] -> A[i] }"),
                    ],
                ),
            ],
        },
        params: vec![("T", 3), ("N", 8)],
        original: |ps| {
            let mut v = Vec::new();
            for t in 0..p(ps, "T") {
                for i in 1..=p(ps, "N") - 2 {
                    v.push(inst("S0", &[t, i]));
                }
                for i in 1..=p(ps, "N") - 2 {
                    v.push(inst("S1", &[t, i]));
                }
            }
            v
        },
        accesses: |s, it| {
            let i = it[1];
            match s {
                "S0" => (
                    vec![("A", vec![i - 1]), ("A", vec![i]), ("A", vec![i + 1])],
                    vec![("B", vec![i])],
                ),
                _ => (vec![("B", vec![i])], vec![("A", vec![i])]),
            }
        },
    }
}

/// seidel-2d: in place, `A[i][j] = f(A[i-1..=i+1][j-1..=j+1])`, under a time loop.
pub fn seidel_2d() -> Kernel {
    let mut reads = Vec::new();
    for di in ["i - 1", "i", "i + 1"] {
        for dj in ["j - 1", "j", "j + 1"] {
            reads.push(read(&format!(
                "[T, N] -> {{ S0[t, i, j] -> A[{di}, {dj}] }}"
            )));
        }
    }
    reads.push(write("[T, N] -> { S0[t, i, j] -> A[i, j] }"));
    Kernel {
        name: "seidel_2d",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["T".into(), "N".into()],
            context: "[T, N] -> { : T >= 0 and N >= 0 }".into(),
            statements: vec![stmt(
                "S0",
                "[T, N] -> { S0[t, i, j] : 0 <= t < T and 1 <= i <= N - 2 and 1 <= j <= N - 2 }",
                "[T, N] -> { S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }",
                reads,
            )],
        },
        params: vec![("T", 2), ("N", 6)],
        original: |ps| {
            let n = p(ps, "N");
            let mut v = Vec::new();
            for t in 0..p(ps, "T") {
                for i in 1..=n - 2 {
                    for j in 1..=n - 2 {
                        v.push(inst("S0", &[t, i, j]));
                    }
                }
            }
            v
        },
        accesses: |_, it| {
            let (i, j) = (it[1], it[2]);
            let mut r = Vec::new();
            for di in -1..=1 {
                for dj in -1..=1 {
                    r.push(("A", vec![i + di, j + dj]));
                }
            }
            (r, vec![("A", vec![i, j])])
        },
    }
}

/// Triangular row sums: `for i { for j <= i: L[i] += M[i][j] }`.
pub fn triangular() -> Kernel {
    Kernel {
        name: "triangular",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["N".into()],
            context: "[N] -> { : N >= 0 }".into(),
            statements: vec![stmt(
                "S0",
                "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j <= i }",
                "[N] -> { S0[i, j] -> [0, i, 0, j, 0] }",
                vec![
                    read("[N] -> { S0[i, j] -> L[i] }"),
                    read("[N] -> { S0[i, j] -> M[i, j] }"),
                    write("[N] -> { S0[i, j] -> L[i] }"),
                ],
            )],
        },
        params: vec![("N", 7)],
        original: |ps| {
            let mut v = Vec::new();
            for i in 0..p(ps, "N") {
                for j in 0..=i {
                    v.push(inst("S0", &[i, j]));
                }
            }
            v
        },
        accesses: |_, it| {
            (
                vec![("L", vec![it[0]]), ("M", vec![it[0], it[1]])],
                vec![("L", vec![it[0]])],
            )
        },
    }
}

/// A loop with step 2 around a recurrence on j: `for (i = 0; i < N; i += 2) for j:
/// A[i][j] = A[i][j - 1] + 1`.
pub fn stepped() -> Kernel {
    Kernel {
        name: "stepped",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["N".into(), "M".into()],
            context: "[N, M] -> { : N >= 0 and M >= 0 }".into(),
            statements: vec![stmt(
                "S0",
                "[N, M] -> { S0[i, j] : exists (e : i = 2e) and 0 <= i < N and 0 <= j < M }",
                "[N, M] -> { S0[i, j] -> [0, i, 0, j, 0] }",
                vec![
                    read("[N, M] -> { S0[i, j] -> A[i, j - 1] }"),
                    write("[N, M] -> { S0[i, j] -> A[i, j] }"),
                ],
            )],
        },
        params: vec![("N", 9), ("M", 5)],
        original: |ps| {
            let mut v = Vec::new();
            for i in (0..p(ps, "N")).step_by(2) {
                for j in 0..p(ps, "M") {
                    v.push(inst("S0", &[i, j]));
                }
            }
            v
        },
        accesses: |_, it| {
            (
                vec![("A", vec![it[0], it[1] - 1])],
                vec![("A", vec![it[0], it[1]])],
            )
        },
    }
}

/// A 0-d scalar reduction: `S0: s = 0; for i: S1: s = s + A[i]`.
pub fn scalar_reduction() -> Kernel {
    Kernel {
        name: "scalar_reduction",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["N".into()],
            context: "[N] -> { : N >= 0 }".into(),
            statements: vec![
                stmt(
                    "S0",
                    "[N] -> { S0[] }",
                    "[N] -> { S0[] -> [0] }",
                    vec![write("[N] -> { S0[] -> s[] }")],
                ),
                stmt(
                    "S1",
                    "[N] -> { S1[i] : 0 <= i < N }",
                    "[N] -> { S1[i] -> [1, i, 0] }",
                    vec![
                        read("[N] -> { S1[i] -> s[] }"),
                        read("[N] -> { S1[i] -> A[i] }"),
                        write("[N] -> { S1[i] -> s[] }"),
                    ],
                ),
            ],
        },
        params: vec![("N", 6)],
        original: |ps| {
            let mut v = vec![inst("S0", &[])];
            for i in 0..p(ps, "N") {
                v.push(inst("S1", &[i]));
            }
            v
        },
        accesses: |s, it| match s {
            "S0" => (vec![], vec![("s", vec![])]),
            _ => (vec![("s", vec![]), ("A", vec![it[0]])], vec![("s", vec![])]),
        },
    }
}

/// An `if` inside a loop: `for i { if (i >= M) S0: A[i] = A[i-1] + 1; S1: B[i] = A[i] }`.
pub fn guarded() -> Kernel {
    Kernel {
        name: "guarded",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["N".into(), "M".into()],
            context: "[N, M] -> { : N >= 0 and M >= 0 }".into(),
            statements: vec![
                stmt(
                    "S0",
                    "[N, M] -> { S0[i] : 0 <= i < N and i >= M }",
                    "[N, M] -> { S0[i] -> [0, i, 0] }",
                    vec![
                        read("[N, M] -> { S0[i] -> A[i - 1] }"),
                        write("[N, M] -> { S0[i] -> A[i] }"),
                    ],
                ),
                stmt(
                    "S1",
                    "[N, M] -> { S1[i] : 0 <= i < N }",
                    "[N, M] -> { S1[i] -> [0, i, 1] }",
                    vec![
                        read("[N, M] -> { S1[i] -> A[i] }"),
                        write("[N, M] -> { S1[i] -> B[i] }"),
                    ],
                ),
            ],
        },
        params: vec![("N", 8), ("M", 3)],
        original: |ps| {
            let mut v = Vec::new();
            for i in 0..p(ps, "N") {
                if i >= p(ps, "M") {
                    v.push(inst("S0", &[i]));
                }
                v.push(inst("S1", &[i]));
            }
            v
        },
        accesses: |s, it| match s {
            "S0" => (vec![("A", vec![it[0] - 1])], vec![("A", vec![it[0]])]),
            _ => (vec![("A", vec![it[0]])], vec![("B", vec![it[0]])]),
        },
    }
}

/// A time loop around an independent update: `for t { for i: A[i] = A[i] + t }`.
/// t carries everything, i nothing.
pub fn time_loop() -> Kernel {
    Kernel {
        name: "time_loop",
        scop: Scop {
            killed: Vec::new(),
            element_bytes: Vec::new(),
            params: vec!["T".into(), "N".into()],
            context: "[T, N] -> { : T >= 0 and N >= 0 }".into(),
            statements: vec![stmt(
                "S0",
                "[T, N] -> { S0[t, i] : 0 <= t < T and 0 <= i < N }",
                "[T, N] -> { S0[t, i] -> [0, t, 0, i, 0] }",
                vec![
                    read("[T, N] -> { S0[t, i] -> A[i] }"),
                    write("[T, N] -> { S0[t, i] -> A[i] }"),
                ],
            )],
        },
        params: vec![("T", 4), ("N", 7)],
        original: |ps| {
            let mut v = Vec::new();
            for t in 0..p(ps, "T") {
                for i in 0..p(ps, "N") {
                    v.push(inst("S0", &[t, i]));
                }
            }
            v
        },
        accesses: |_, it| (vec![("A", vec![it[1]])], vec![("A", vec![it[1]])]),
    }
}

/// Seed 001 Listing 3 without its kill statement: `for i: S: t = A[i]; T: B[i] =
/// t`; `killed` says whether t is dead after the loop (the kill's role).
pub fn scalar_temporary(killed: bool) -> Scop {
    Scop {
        params: vec!["n".into()],
        context: "[n] -> { : n >= 0 }".into(),
        statements: vec![
            stmt(
                "S",
                "[n] -> { S[i] : 0 <= i < n }",
                "[n] -> { S[i] -> [0, i, 0] }",
                vec![
                    read("[n] -> { S[i] -> A[i] }"),
                    write("[n] -> { S[i] -> t[] }"),
                ],
            ),
            stmt(
                "T",
                "[n] -> { T[i] : 0 <= i < n }",
                "[n] -> { T[i] -> [0, i, 1] }",
                vec![
                    read("[n] -> { T[i] -> t[] }"),
                    write("[n] -> { T[i] -> B[i] }"),
                ],
            ),
        ],
        killed: if killed { vec!["t".into()] } else { vec![] },
        element_bytes: Vec::new(),
    }
}

pub fn all_kernels() -> Vec<Kernel> {
    vec![
        gemm(),
        gemm_init(),
        jacobi_1d(),
        seidel_2d(),
        triangular(),
        stepped(),
        scalar_reduction(),
        guarded(),
        time_loop(),
    ]
}

// ---------------------------------------------------------------- interpreter

pub fn eval(e: &Expr, env: &HashMap<String, i64>) -> i64 {
    match e {
        Expr::Int(k) => *k,
        Expr::Var(v) => *env.get(v).unwrap_or_else(|| panic!("unbound {v}")),
        Expr::Add(a, b) => eval(a, env) + eval(b, env),
        Expr::Sub(a, b) => eval(a, env) - eval(b, env),
        Expr::Mul(a, b) => eval(a, env) * eval(b, env),
        Expr::Neg(a) => -eval(a, env),
        Expr::FloorDiv(a, d) => eval(a, env).div_euclid(*d),
        Expr::CeilDiv(a, d) => -(-eval(a, env)).div_euclid(*d),
        Expr::Mod(a, d) => eval(a, env).rem_euclid(*d),
        Expr::Min(v) => v.iter().map(|x| eval(x, env)).min().expect("empty min"),
        Expr::Max(v) => v.iter().map(|x| eval(x, env)).max().expect("empty max"),
    }
}

pub fn holds(c: &Cond, env: &HashMap<String, i64>) -> bool {
    match c {
        Cond::Cmp(op, a, b) => {
            let (a, b) = (eval(a, env), eval(b, env));
            match op {
                CmpOp::Eq => a == b,
                CmpOp::Le => a <= b,
                CmpOp::Lt => a < b,
                CmpOp::Ge => a >= b,
                CmpOp::Gt => a > b,
            }
        }
        Cond::And(v) => v.iter().all(|c| holds(c, env)),
        Cond::Or(v) => v.iter().any(|c| holds(c, env)),
    }
}

/// Executes an AST and returns the statement instances in execution order. With
/// `reverse_parallel`, loops marked parallel run their iterations backwards (a legal
/// parallel loop gives the same result in any order).
pub fn run(ast: &[AstNode], params: &Params, reverse_parallel: bool) -> Vec<Instance> {
    let mut env: HashMap<String, i64> = params.clone();
    let mut out = Vec::new();
    run_into(ast, &mut env, reverse_parallel, &mut out);
    out
}

fn run_into(nodes: &[AstNode], env: &mut HashMap<String, i64>, rev: bool, out: &mut Vec<Instance>) {
    for n in nodes {
        match n {
            AstNode::For {
                iterator,
                lower,
                upper,
                step,
                parallel,
                body,
                ..
            } => {
                assert!(*step > 0);
                let (lo, hi) = (eval(lower, env), eval(upper, env));
                let mut values: Vec<i64> = Vec::new();
                let mut v = lo;
                while v <= hi {
                    values.push(v);
                    v += step;
                }
                if rev && *parallel {
                    values.reverse();
                }
                for v in values {
                    env.insert(iterator.clone(), v);
                    run_into(body, env, rev, out);
                }
                env.remove(iterator);
            }
            AstNode::If {
                cond,
                then_branch,
                else_branch,
            } => {
                if holds(cond, env) {
                    run_into(then_branch, env, rev, out);
                } else {
                    run_into(else_branch, env, rev, out);
                }
            }
            AstNode::Stmt { name, args, .. } => {
                out.push((name.clone(), args.iter().map(|a| eval(a, env)).collect()))
            }
        }
    }
}

fn mix(mut h: u64, x: u64) -> u64 {
    h ^= x
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(h << 6)
        .wrapping_add(h >> 2);
    h.wrapping_mul(0xff51_afd7_ed55_8ccd)
}

fn hash_str(s: &str) -> u64 {
    s.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| mix(h, u64::from(b)))
}

fn hash_loc(loc: &Loc) -> u64 {
    loc.1.iter().fold(hash_str(loc.0), |h, &x| mix(h, x as u64))
}

/// Executes instances on a memory model; returns the final memory.
pub fn simulate(kernel: &Kernel, order: &[Instance]) -> HashMap<Loc, u64> {
    let mut mem: HashMap<Loc, u64> = HashMap::new();
    for (name, it) in order {
        let (reads, writes) = (kernel.accesses)(name, it);
        let mut h = hash_str(name);
        for &x in it {
            h = mix(h, x as u64);
        }
        for r in &reads {
            let v = mem.get(r).copied().unwrap_or_else(|| hash_loc(r));
            h = mix(h, v);
        }
        for w in writes {
            mem.insert(w, h);
        }
    }
    mem
}

/// Runs `ast` and checks it against the kernel's original order: same instances,
/// each exactly once, same final memory, also with parallel loops reversed.
pub fn check_execution(kernel: &Kernel, ast: &[AstNode], what: &str) {
    let params = kernel.param_map();
    let original = (kernel.original)(&params);
    let executed = run(ast, &params, false);

    let mut a = original.clone();
    let mut b = executed.clone();
    a.sort();
    b.sort();
    assert_eq!(
        a, b,
        "{}/{what}: executed instances differ from the domain",
        kernel.name
    );

    let expected = simulate(kernel, &original);
    assert_eq!(
        simulate(kernel, &executed),
        expected,
        "{}/{what}: results differ",
        kernel.name
    );
    let reversed = run(ast, &params, true);
    assert_eq!(
        simulate(kernel, &reversed),
        expected,
        "{}/{what}: results differ with parallel loops reversed",
        kernel.name
    );
}

// ---------------------------------------------------------------- AST shape

/// A compact rendering of an AST for structural assertions:
/// `for c0 in 0..=N - 1 step 1 par { S0(c0) }`.
pub fn render(nodes: &[AstNode]) -> String {
    nodes.iter().map(render_node).collect::<Vec<_>>().join(" ")
}

fn render_node(n: &AstNode) -> String {
    match n {
        AstNode::For {
            iterator,
            lower,
            upper,
            step,
            parallel,
            body,
            ..
        } => format!(
            "for {iterator} in {}..={}{}{} {{ {} }}",
            expr(lower),
            expr(upper),
            if *step == 1 {
                String::new()
            } else {
                format!(" step {step}")
            },
            if *parallel { " par" } else { "" },
            render(body)
        ),
        AstNode::If {
            cond: c,
            then_branch,
            else_branch,
        } => {
            if else_branch.is_empty() {
                format!("if {} {{ {} }}", cond(c), render(then_branch))
            } else {
                format!(
                    "if {} {{ {} }} else {{ {} }}",
                    cond(c),
                    render(then_branch),
                    render(else_branch)
                )
            }
        }
        AstNode::Stmt { name, args, .. } => {
            format!(
                "{name}({})",
                args.iter().map(expr).collect::<Vec<_>>().join(", ")
            )
        }
    }
}

pub fn expr(e: &Expr) -> String {
    match e {
        Expr::Int(k) => k.to_string(),
        Expr::Var(v) => v.clone(),
        Expr::Add(a, b) => format!("{} + {}", expr(a), expr(b)),
        Expr::Sub(a, b) => format!("{} - {}", expr(a), atom(b)),
        Expr::Mul(a, b) => format!("{} * {}", atom(a), atom(b)),
        Expr::Neg(a) => format!("-{}", atom(a)),
        Expr::FloorDiv(a, d) => format!("floord({}, {d})", expr(a)),
        Expr::CeilDiv(a, d) => format!("ceild({}, {d})", expr(a)),
        Expr::Mod(a, d) => format!("{} % {d}", atom(a)),
        Expr::Min(v) => format!("min({})", v.iter().map(expr).collect::<Vec<_>>().join(", ")),
        Expr::Max(v) => format!("max({})", v.iter().map(expr).collect::<Vec<_>>().join(", ")),
    }
}

fn atom(e: &Expr) -> String {
    match e {
        Expr::Int(_)
        | Expr::Var(_)
        | Expr::Min(_)
        | Expr::Max(_)
        | Expr::FloorDiv(..)
        | Expr::CeilDiv(..) => expr(e),
        _ => format!("({})", expr(e)),
    }
}

fn cond(c: &Cond) -> String {
    match c {
        Cond::Cmp(op, a, b) => {
            let op = match op {
                CmpOp::Eq => "==",
                CmpOp::Le => "<=",
                CmpOp::Lt => "<",
                CmpOp::Ge => ">=",
                CmpOp::Gt => ">",
            };
            format!("{} {op} {}", expr(a), expr(b))
        }
        Cond::And(v) => v.iter().map(cond).collect::<Vec<_>>().join(" && "),
        Cond::Or(v) => format!("({})", v.iter().map(cond).collect::<Vec<_>>().join(" || ")),
    }
}

/// Loops marked parallel, as (iterator, depth) pairs.
pub fn parallel_loops(nodes: &[AstNode]) -> Vec<(String, usize)> {
    fn walk(nodes: &[AstNode], depth: usize, out: &mut Vec<(String, usize)>) {
        for n in nodes {
            match n {
                AstNode::For {
                    iterator,
                    parallel,
                    body,
                    ..
                } => {
                    if !*parallel {
                        walk(body, depth + 1, out);
                        continue;
                    }
                    out.push((iterator.clone(), depth));
                    // The parallel loops collapsed with it count as one.
                    let (mut inner, mut d) = (body.as_slice(), depth + 1);
                    while let [AstNode::For {
                        parallel: true,
                        body,
                        ..
                    }] = inner
                    {
                        inner = body;
                        d += 1;
                    }
                    walk(inner, d, out);
                }
                AstNode::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    walk(then_branch, depth, out);
                    walk(else_branch, depth, out);
                }
                AstNode::Stmt { .. } => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(nodes, 0, &mut out);
    out
}

// ---------------------------------------------------------------- PolyBench SCoPs

/// The SCoPs of the 30 PolyBench kernels as Tessel's MLIR extraction sees them
/// (`tessel-print-scop` on `kernels/*.mlir`, the `kernel_*` function only), in
/// `describe_scop` format, under `tests/data/polybench/`. Kernels with several SCoPs
/// have them separated by blank lines.
pub fn polybench() -> Vec<(String, Vec<Scop>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/polybench");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/polybench")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "scop"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable SCoP file");
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let scops = text
                .split("\n\n")
                .filter(|chunk| !chunk.trim().is_empty())
                .map(parse_scop)
                .collect();
            (name, scops)
        })
        .collect()
}

/// Parses the text of `describe_scop` back into a [`Scop`].
pub fn parse_scop(text: &str) -> Scop {
    let mut scop = Scop::default();
    for line in text.lines() {
        if let Some(ctx) = line.strip_prefix("context: ") {
            scop.context = ctx.to_string();
            let params = ctx
                .split_once("->")
                .map(|(p, _)| p.trim().trim_start_matches('[').trim_end_matches(']'))
                .unwrap_or("");
            scop.params = params
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
        } else if let Some(name) = line.strip_suffix(':').filter(|l| !l.starts_with(' ')) {
            scop.statements.push(stmt(name, "", "", vec![]));
        } else if let Some((key, value)) = line.trim().split_once(": ") {
            let st = scop.statements.last_mut().expect("a statement first");
            match key {
                "domain" => st.domain = value.to_string(),
                "schedule" => st.schedule = value.to_string(),
                "read" => st.accesses.push(read(value)),
                "must-write" => st.accesses.push(write(value)),
                "may-write" => st.accesses.push(Access {
                    kind: AccessKind::MayWrite,
                    relation: value.to_string(),
                }),
                other => panic!("unknown SCoP line {other}"),
            }
        }
    }
    scop
}
