//! Shared by the seed tests (`seed_*.rs`): building SCoPs, scheduling them with
//! one preset and reading the `T(S): (...)` lines of the verified schedule; the
//! fixtures that more than one seed uses.
//!
//! `T(S)` lines lay out band members and sequence positions as isl's flattened
//! schedule does (see `describe_schedule`).

use super::{read, stmt, write};
use tessel_poly::{describe_schedule, optimize, FuseMode, Options, SchedulerKind, Scop, Statement};

pub fn scop(params: &[&str], context: &str, statements: Vec<Statement>) -> Scop {
    Scop {
        killed: Vec::new(),
        element_bytes: Vec::new(),
        params: params.iter().map(|p| p.to_string()).collect(),
        context: context.into(),
        statements,
    }
}

pub fn opts(kind: SchedulerKind, fuse: FuseMode) -> Options {
    Options {
        scheduler: kind,
        fuse,
        tile: false,
        parallel: false,
        // The schedules are the point here, not the time they take on a loaded machine.
        time_budget: std::time::Duration::ZERO,
        // The seeds' schedules, as the scheduler builds them: no post-tile reordering
        // and no unroll-and-jam.
        intra_tile: false,
        unroll_jam: 0,
        ..Options::default()
    }
}

/// The verified schedule tree text of `scop` (untiled); panics if the scheduler
/// fell back to the original order. Prints the `T(S)` lines.
pub fn tree(name: &str, scop: &Scop, kind: SchedulerKind, fuse: FuseMode) -> String {
    let o = opts(kind, fuse);
    let out = optimize(scop, &o).unwrap_or_else(|e| panic!("{name} {kind:?}/{fuse:?}: {e}"));
    assert!(
        out.notes.is_empty(),
        "{name} {kind:?}/{fuse:?}: {:?}",
        out.notes
    );
    let text = describe_schedule(scop, &o).unwrap();
    println!("{name} {kind:?}/{fuse:?}:");
    for l in t_lines(&text) {
        println!("  {l}");
    }
    text
}

pub fn t_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("T(")).collect()
}

/// The `T(S)` lines of the schedule.
pub fn sched(name: &str, scop: &Scop, kind: SchedulerKind, fuse: FuseMode) -> Vec<String> {
    t_lines(&tree(name, scop, kind, fuse))
        .into_iter()
        .map(String::from)
        .collect()
}

pub fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

pub const SMART: FuseMode = FuseMode::Smart;
pub const MAX: FuseMode = FuseMode::Max;

// ------------------------------------------------------------------ T(S) lines

/// The entries of the `T(name)` line, split at the top-level commas.
pub fn entries(lines: &[String], name: &str) -> Vec<String> {
    let prefix = format!("T({name}): (");
    let line = lines
        .iter()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no T({name}) in {lines:?}"));
    let body = line.strip_suffix(')').unwrap_or(line);
    let mut out = Vec::new();
    let (mut depth, mut cur) = (0, String::new());
    for ch in body.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    out.push(cur.trim().to_string());
    out
}

/// A constant entry (a sequence position or a constant band member), else None.
pub fn constant(entry: &str) -> Option<i64> {
    entry.parse().ok()
}

/// The iterator coefficients of an affine entry such as `-i + 2j + 1` or `4t + 2i`
/// (the `T(S)` format), in the order of `iters`; terms in `params` are skipped,
/// anything else panics.
pub fn coefficients(entry: &str, iters: &[&str], params: &[&str]) -> Vec<i64> {
    let mut c = vec![0; iters.len()];
    for term in entry.replace(" - ", " + -").split(" + ") {
        let (neg, t) = match term.trim().strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, term.trim()),
        };
        let digits: String = t.chars().take_while(|ch| ch.is_ascii_digit()).collect();
        let var = &t[digits.len()..];
        if var.is_empty() || params.contains(&var) {
            continue; // the constant and parameter terms
        }
        let k = iters
            .iter()
            .position(|v| *v == var)
            .unwrap_or_else(|| panic!("term {term:?} of {entry:?}"));
        let mag: i64 = if digits.is_empty() {
            1
        } else {
            digits.parse().unwrap()
        };
        c[k] += if neg { -mag } else { mag };
    }
    c
}

/// Rank of integer rows (fraction-free Gaussian elimination).
pub fn rank(rows: &[Vec<i64>]) -> usize {
    let mut m: Vec<Vec<i128>> = rows
        .iter()
        .map(|r| r.iter().map(|&x| i128::from(x)).collect())
        .collect();
    let cols = m.first().map_or(0, Vec::len);
    let mut r = 0;
    for col in 0..cols {
        let Some(p) = (r..m.len()).find(|&k| m[k][col] != 0) else {
            continue;
        };
        m.swap(r, p);
        for k in 0..m.len() {
            if k != r && m[k][col] != 0 {
                let (a, b) = (m[r][col], m[k][col]);
                let pivot = m[r].clone();
                for (x, p) in m[k].iter_mut().zip(&pivot) {
                    *x = *x * a - p * b;
                }
            }
        }
        r += 1;
    }
    r
}

// ------------------------------------------------------------------ fixtures

/// Jacobi 2-d with two statements, S: B = stencil(A) then T: A = stencil(B)
/// (seed 001 E5; the same nest is seed 004 Fig. 7).
pub fn seed001_e5_jacobi_2d_scop() -> Scop {
    let mut rs = Vec::new();
    let mut rt = Vec::new();
    for (di, dj) in [(0, 0), (0, -1), (0, 1), (1, 0), (-1, 0)] {
        rs.push(read(&format!(
            "[T, N] -> {{ S[t, i, j] -> A[i + {di}, j + {dj}] }}"
        )));
        rt.push(read(&format!(
            "[T, N] -> {{ T[t, i, j] -> B[i + {di}, j + {dj}] }}"
        )));
    }
    rs.push(write("[T, N] -> { S[t, i, j] -> B[i, j] }"));
    rt.push(write("[T, N] -> { T[t, i, j] -> A[i, j] }"));
    scop(
        &["T", "N"],
        "[T, N] -> { : T >= 0 and N >= 0 }",
        vec![
            stmt(
                "S",
                "[T, N] -> { S[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }",
                "[T, N] -> { S[t, i, j] -> [0, t, 0, i, 0, j, 0] }",
                rs,
            ),
            stmt(
                "T",
                "[T, N] -> { T[t, i, j] : 0 <= t < T and 1 <= i < N - 1 and 1 <= j < N - 1 }",
                "[T, N] -> { T[t, i, j] -> [0, t, 1, i, 0, j, 0] }",
                rt,
            ),
        ],
    )
}
