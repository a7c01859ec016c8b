//! Small exact integer linear algebra on schedule coefficient rows: rank, and the
//! rows that test linear independence from earlier schedule rows (seed 001 §6.5.6).
//!
//! Everything is computed in `i128` with checked arithmetic; an overflow is reported
//! as `None` and the caller gives up on the schedule (the identity fallback).

/// Greatest common divisor (non-negative).
pub(crate) fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Extended Euclid: `(g, x, y)` with `a*x + b*y = g = gcd(a, b) >= 0`.
fn ext_gcd(a: i128, b: i128) -> (i128, i128, i128) {
    let (mut old_r, mut r) = (a, b);
    let (mut old_s, mut s) = (1i128, 0i128);
    let (mut old_t, mut t) = (0i128, 1i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
        (old_t, t) = (t, old_t - q * t);
    }
    if old_r < 0 {
        (-old_r, -old_s, -old_t)
    } else {
        (old_r, old_s, old_t)
    }
}

/// Divides a vector by the gcd of its entries (no-op for the zero vector).
fn primitive(v: &mut [i128]) {
    let g = v.iter().fold(0, |g, &x| gcd(g, x));
    if g > 1 {
        for x in v.iter_mut() {
            *x /= g;
        }
    }
}

/// `target <- target·fb − pivot·fa`, made primitive.
fn combine(target: &mut [i128], fb: i128, pivot: &[i128], fa: i128) -> Option<()> {
    for (t, &p) in target.iter_mut().zip(pivot) {
        *t = t.checked_mul(fb)?.checked_sub(p.checked_mul(fa)?)?;
    }
    primitive(target);
    Some(())
}

fn to_i128(rows: &[Vec<i64>]) -> Vec<Vec<i128>> {
    rows.iter()
        .map(|r| r.iter().map(|&x| i128::from(x)).collect())
        .collect()
}

fn to_i64(v: &[i128]) -> Option<Vec<i64>> {
    v.iter().map(|&x| i64::try_from(x).ok()).collect()
}

/// The rank of a set of rows of length `d` (fraction-free Gaussian elimination).
pub(crate) fn rank(rows: &[Vec<i64>], d: usize) -> Option<usize> {
    let mut m = to_i128(rows);
    let mut r = 0;
    for col in 0..d {
        let Some(p) = (r..m.len()).find(|&i| m[i][col] != 0) else {
            continue;
        };
        m.swap(r, p);
        for i in r + 1..m.len() {
            if m[i][col] == 0 {
                continue;
            }
            let (a, b) = (m[r][col], m[i][col]);
            let g = gcd(a, b);
            let (fa, fb) = (b / g, a / g);
            let pivot = m[r].clone();
            combine(&mut m[i], fb, &pivot, fa)?;
        }
        r += 1;
    }
    Some(r)
}

/// Rows `r_1 .. r_{d-k}` such that a vector `c` of length `d` is linearly
/// independent of `rows` (of rank `k`) iff `r_j · c != 0` for some `j`: an integer
/// basis of the kernel `{ x : rows · x = 0 }`.
///
/// As in isl (seed 001 §6.5.6): the column Hermite form `H = C U` of the rows `C`
/// gives a unimodular `U` whose last `d - k` columns span the kernel; they are then
/// normalized by reverse Gaussian elimination (as many trailing zeros as possible)
/// and made lexicographically positive, which favours schedules over the earlier
/// (outer) iterators with a positive leading coefficient.
pub(crate) fn independence_rows(rows: &[Vec<i64>], d: usize) -> Option<Vec<Vec<i64>>> {
    let c = to_i128(rows);
    // U starts as the identity; column operations on C are mirrored on U.
    let mut u: Vec<Vec<i128>> = (0..d)
        .map(|i| (0..d).map(|j| i128::from(i == j)).collect())
        .collect();
    let mut cm = c;
    let mut pivot = 0;
    for row in 0..cm.len() {
        if pivot == d {
            break;
        }
        // Zero out columns pivot+1.. of this row into column `pivot` with gcd steps.
        for j in pivot + 1..d {
            let b = cm[row][j];
            if b == 0 {
                continue;
            }
            let a = cm[row][pivot];
            let (g, x, y) = ext_gcd(a, b);
            // [col_p, col_j] <- [col_p, col_j] * [[x, -b/g], [y, a/g]] (det 1).
            let (bg, ag) = (b / g, a / g);
            let combine = |m: &mut Vec<Vec<i128>>| -> Option<()> {
                for r in m.iter_mut() {
                    let (p, q) = (r[pivot], r[j]);
                    r[pivot] = p.checked_mul(x)?.checked_add(q.checked_mul(y)?)?;
                    r[j] = q.checked_mul(ag)?.checked_sub(p.checked_mul(bg)?)?;
                }
                Some(())
            };
            combine(&mut cm)?;
            combine(&mut u)?;
        }
        if cm[row][pivot] != 0 {
            pivot += 1;
        }
    }
    // Kernel basis: columns pivot.. of U, as rows.
    let mut kernel: Vec<Vec<i128>> = (pivot..d)
        .map(|j| (0..d).map(|i| u[i][j]).collect())
        .collect();
    for v in kernel.iter_mut() {
        primitive(v);
    }
    reverse_gauss(&mut kernel, d)?;
    for v in kernel.iter_mut() {
        if let Some(&first) = v.iter().find(|&&x| x != 0) {
            if first < 0 {
                for x in v.iter_mut() {
                    *x = -*x;
                }
            }
        }
    }
    kernel.iter().map(|v| to_i64(v)).collect()
}

/// Row operations so that each row has as many trailing zeros as possible: the last
/// row keeps the last column, earlier rows are cleared there, and so on leftwards.
fn reverse_gauss(m: &mut [Vec<i128>], d: usize) -> Option<()> {
    let mut col = d;
    for i in (0..m.len()).rev() {
        // Pivot: among rows 0..=i, one whose last non-zero column is rightmost.
        let last_nz = |r: &Vec<i128>| r.iter().rposition(|&x| x != 0);
        let best = (0..=i)
            .filter_map(|k| last_nz(&m[k]).map(|c| (c, k)))
            .max()?;
        let (pc, pk) = best;
        if pc >= col {
            // Cannot happen for independent rows; keep going defensively.
            return None;
        }
        m.swap(i, pk);
        for k in 0..i {
            let b = m[k][pc];
            if b == 0 {
                continue;
            }
            let a = m[i][pc];
            let g = gcd(a, b);
            let (fa, fb) = (b / g, a / g);
            let pivot = m[i].clone();
            combine(&mut m[k], fb, &pivot, fa)?;
        }
        col = pc;
    }
    // Reduced form: clear each pivot column in the later rows too, which makes the
    // result depend only on the kernel, not on how it was computed.
    for i in 0..m.len() {
        let Some(pc) = m[i].iter().rposition(|&x| x != 0) else {
            continue;
        };
        for k in i + 1..m.len() {
            let b = m[k][pc];
            if b == 0 {
                continue;
            }
            let a = m[i][pc];
            let g = gcd(a, b);
            let (fa, fb) = (b / g, a / g);
            let pivot = m[i].clone();
            combine(&mut m[k], fb, &pivot, fa)?;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dot(a: &[i64], b: &[i64]) -> i64 {
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }

    #[test]
    fn seidel_independence_rows_match_seed_001_example_11() {
        // C = [4 2 1]: (51) gives [[1, -2, 0], [1, 0, -4]].
        let rows = independence_rows(&[vec![4, 2, 1]], 3).unwrap();
        assert_eq!(rows, vec![vec![1, -2, 0], vec![1, 0, -4]]);
        // Second step C = [[4, 2, 1], [1, 0, 0]]: (56) gives [0, 1, -2].
        let rows = independence_rows(&[vec![4, 2, 1], vec![1, 0, 0]], 3).unwrap();
        assert_eq!(rows, vec![vec![0, 1, -2]]);
    }

    #[test]
    fn kernel_rows_vanish_on_the_rows_and_have_full_rank() {
        let cases: Vec<Vec<Vec<i64>>> = vec![
            vec![],
            vec![vec![1, 0, 0]],
            vec![vec![2, 1, 0], vec![2, 0, 1]],
            vec![vec![1, 1], vec![2, 2]],
            vec![vec![0, 3, 6, 9]],
        ];
        for c in cases {
            let d = c.first().map_or(3, Vec::len);
            let k = rank(&c, d).unwrap();
            let kr = independence_rows(&c, d).unwrap();
            assert_eq!(kr.len(), d - k, "{c:?}");
            for r in &kr {
                for row in &c {
                    assert_eq!(dot(r, row), 0, "{c:?} {kr:?}");
                }
            }
            assert_eq!(rank(&kr, d).unwrap(), d - k, "{c:?} {kr:?}");
        }
        assert_eq!(
            independence_rows(&[], 2).unwrap(),
            vec![vec![1, 0], vec![0, 1]]
        );
    }
}
