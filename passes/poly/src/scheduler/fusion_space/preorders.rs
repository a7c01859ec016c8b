//! The convex encoding O of all total preorders of n statements (seed 002 §3.1,
//! Lemma 5) and the enumeration of the points of a pruned O.
//!
//! For each pair `i < j` two 0/1 variables: `p_ij` (i before j) and `e_ij` (i and j
//! fused); `s_ij = 1 − p_ij − e_ij` (i after j) is eliminated (eq. 4 relaxed to
//! `p + e <= 1`). O's constraints are the bounds, that relaxation and the seven
//! transitivity rules per triple, `5·C(n,2) + 7·C(n,3)` in all; its integer points
//! are exactly the total preorders (tested below by brute force), Fubini(n) of them.
//!
//! A point is enumerated as an ordered partition, one statement at a time, so that
//! O itself never has to be searched: only the pruning constraints are checked, each
//! once its last statement is placed. Pairs carry the relations they still allow
//! ([`Relations`], the point algebra `<`, `=`, `>`), closed under composition.

use crate::scheduler::ilp::Constraint;

/// Relations a pair `(i, j)` may still take, as a bit set: `i` before, with, or
/// after `j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relations(u8);

impl Relations {
    pub const BEFORE: Relations = Relations(1);
    pub const FUSED: Relations = Relations(2);
    pub const AFTER: Relations = Relations(4);
    pub const ANY: Relations = Relations(7);
    pub const NONE: Relations = Relations(0);

    pub fn union(self, other: Relations) -> Relations {
        Relations(self.0 | other.0)
    }

    pub fn intersect(self, other: Relations) -> Relations {
        Relations(self.0 & other.0)
    }

    pub fn contains(self, other: Relations) -> bool {
        self.0 & other.0 == other.0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The relation of `(j, i)` given that of `(i, j)`.
    pub fn converse(self) -> Relations {
        Relations((self.0 & 2) | ((self.0 & 1) << 2) | ((self.0 & 4) >> 2))
    }

    /// `a ∘ b`: what `(i, k)` may be when `(i, j)` is in `a` and `(j, k)` in `b`.
    pub fn compose(a: Relations, b: Relations) -> Relations {
        let mut out = Relations::NONE;
        for x in [Relations::BEFORE, Relations::FUSED, Relations::AFTER] {
            if !a.contains(x) {
                continue;
            }
            for y in [Relations::BEFORE, Relations::FUSED, Relations::AFTER] {
                if !b.contains(y) {
                    continue;
                }
                out = out.union(match (x, y) {
                    (Relations::FUSED, y) => y,
                    (x, Relations::FUSED) => x,
                    (x, y) if x == y => x,
                    _ => Relations::ANY,
                });
            }
        }
        out
    }

    /// `<`, `=`, `>` and their unions, for the printed space.
    pub fn symbol(self) -> &'static str {
        match self.0 {
            0 => "none",
            1 => "<",
            2 => "=",
            3 => "<=",
            4 => ">",
            5 => "!=",
            6 => ">=",
            _ => "any",
        }
    }
}

/// The variables of O: pair `(i, j)`, `i < j`, has `p` at `2k` and `e` at `2k + 1`,
/// `k` its index in the order (0,1), (0,2), ..., (1,2), ...
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vars {
    pub n: usize,
}

impl Vars {
    pub fn count(self) -> usize {
        self.n * self.n.saturating_sub(1)
    }

    fn pair(self, i: usize, j: usize) -> usize {
        debug_assert!(i < j && j < self.n);
        // Pairs of rows before i, then j's place in row i.
        i * self.n - i * (i + 1) / 2 + (j - i - 1)
    }

    pub fn p(self, i: usize, j: usize) -> usize {
        2 * self.pair(i, j)
    }

    pub fn e(self, i: usize, j: usize) -> usize {
        2 * self.pair(i, j) + 1
    }

    /// The pair `(i, j)` (`i < j`) a variable belongs to.
    pub fn pair_of(self, var: usize) -> (usize, usize) {
        let mut k = var / 2;
        for i in 0..self.n {
            let row = self.n - i - 1;
            if k < row {
                return (i, i + 1 + k);
            }
            k -= row;
        }
        (self.n, self.n)
    }
}

/// `a + b <= 1 + c` as `1 + c − a − b >= 0`.
fn implies(a: usize, b: usize, c: usize) -> Constraint {
    Constraint::ge(vec![(c, 1), (a, -1), (b, -1)], 1)
}

/// O for `n` statements (seed 002 §3.1; the digest's box, checked by brute force
/// there and in the tests below).
pub(crate) fn encoding(n: usize) -> Vec<Constraint> {
    let v = Vars { n };
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (p, e) = (v.p(i, j), v.e(i, j));
            out.push(Constraint::ge(vec![(p, 1)], 0));
            out.push(Constraint::ge(vec![(p, -1)], 1));
            out.push(Constraint::ge(vec![(e, 1)], 0));
            out.push(Constraint::ge(vec![(e, -1)], 1));
            out.push(Constraint::ge(vec![(p, -1), (e, -1)], 1));
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                // e is an equivalence.
                out.push(implies(v.e(i, j), v.e(i, k), v.e(j, k)));
                out.push(implies(v.e(i, j), v.e(j, k), v.e(i, k)));
                // p is transitive.
                out.push(implies(v.p(i, j), v.p(j, k), v.p(i, k)));
                // p respects e.
                out.push(implies(v.e(i, j), v.p(i, k), v.p(j, k)));
                out.push(implies(v.e(i, j), v.p(j, k), v.p(i, k)));
                out.push(implies(v.e(j, k), v.p(i, j), v.p(i, k)));
                // s_ij ∧ (p_ik ∨ e_ik) ⇒ p_jk, with s = 1 − p − e.
                out.push(Constraint::ge(
                    vec![
                        (v.e(i, j), 1),
                        (v.p(i, j), 1),
                        (v.p(j, k), 1),
                        (v.p(i, k), -1),
                        (v.e(i, k), -1),
                    ],
                    0,
                ));
            }
        }
    }
    out
}

/// Fubini(n), the number of total preorders of n elements (OEIS A000670), by
/// `a(n) = Σ_k C(n,k)·a(n−k)`; None past u128.
pub(crate) fn fubini(n: usize) -> Option<u128> {
    let mut a: Vec<u128> = vec![1];
    for m in 1..=n {
        let mut sum: u128 = 0;
        let mut binom: u128 = 1;
        for k in 1..=m {
            binom = binom.checked_mul((m - k + 1) as u128)? / k as u128;
            sum = sum.checked_add(binom.checked_mul(a[m - k])?)?;
        }
        a.push(sum);
    }
    a.last().copied()
}

/// Fubini(n) as a float, for sizes past u128 (the same recurrence).
pub(crate) fn fubini_approx(n: usize) -> f64 {
    let mut a: Vec<f64> = vec![1.0];
    for m in 1..=n {
        let mut sum = 0.0;
        let mut binom = 1.0;
        for k in 1..=m {
            binom = binom * (m - k + 1) as f64 / k as f64;
            sum += binom * a[m - k];
        }
        a.push(sum);
    }
    a.last().copied().unwrap_or(1.0)
}

/// The value of variable `var` at the preorder `rank` (statement → group position).
pub(crate) fn value(vars: Vars, rank: &[usize], var: usize) -> i64 {
    let (i, j) = vars.pair_of(var);
    let fused = rank[i] == rank[j];
    i64::from(if var.is_multiple_of(2) {
        rank[i] < rank[j]
    } else {
        fused
    })
}

/// Whether `c` holds at the preorder `rank`.
pub(crate) fn holds(vars: Vars, rank: &[usize], c: &Constraint) -> bool {
    let sum: i64 = c
        .terms
        .iter()
        .map(|&(v, k)| k * value(vars, rank, v))
        .sum::<i64>()
        + c.constant;
    if c.equality {
        sum == 0
    } else {
        sum >= 0
    }
}

/// The points of O under `allowed` (per pair `i < j`, the relations it may take)
/// and the extra constraints `extra` (over O's variables), each a preorder given
/// as the group position of every statement (ρ at the outermost level, 0 first).
/// Stops after `limit` points; the flag says whether it did.
pub(crate) fn enumerate(
    n: usize,
    allowed: &[Vec<Relations>],
    extra: &[Constraint],
    limit: usize,
) -> (Vec<Vec<usize>>, bool) {
    let vars = Vars { n };
    // Each extra constraint is checked once its last statement is placed.
    let mut due: Vec<Vec<&Constraint>> = vec![Vec::new(); n];
    for c in extra {
        let last = c
            .terms
            .iter()
            .map(|&(v, _)| vars.pair_of(v).1)
            .max()
            .unwrap_or(0);
        due[last.min(n.saturating_sub(1))].push(c);
    }
    let mut search = Search {
        n,
        vars,
        allowed,
        due,
        blocks: Vec::new(),
        block_of: vec![usize::MAX; n],
        out: Vec::new(),
        limit,
        truncated: false,
    };
    if n > 0 {
        search.place(0);
    }
    (search.out, search.truncated)
}

struct Search<'a> {
    n: usize,
    vars: Vars,
    allowed: &'a [Vec<Relations>],
    due: Vec<Vec<&'a Constraint>>,
    /// The ordered partition of the statements placed so far.
    blocks: Vec<Vec<usize>>,
    block_of: Vec<usize>,
    out: Vec<Vec<usize>>,
    limit: usize,
    truncated: bool,
}

impl Search<'_> {
    fn place(&mut self, k: usize) {
        if self.truncated {
            return;
        }
        if k == self.n {
            if self.out.len() >= self.limit {
                self.truncated = true;
                return;
            }
            self.out.push(self.block_of.clone());
            return;
        }
        // Into an existing block, or a new one at every position.
        for b in 0..self.blocks.len() {
            self.blocks[b].push(k);
            self.block_of[k] = b;
            if self.consistent(k) {
                self.place(k + 1);
            }
            self.blocks[b].pop();
            self.block_of[k] = usize::MAX;
        }
        for q in 0..=self.blocks.len() {
            self.blocks.insert(q, vec![k]);
            self.renumber();
            if self.consistent(k) {
                self.place(k + 1);
            }
            self.blocks.remove(q);
            self.block_of[k] = usize::MAX;
            self.renumber();
        }
    }

    fn renumber(&mut self) {
        for (b, block) in self.blocks.iter().enumerate() {
            for &s in block {
                self.block_of[s] = b;
            }
        }
    }

    /// The pairs `(i, k)` and the constraints due at `k` hold.
    fn consistent(&self, k: usize) -> bool {
        for i in 0..k {
            let rel = match self.block_of[i].cmp(&self.block_of[k]) {
                std::cmp::Ordering::Less => Relations::BEFORE,
                std::cmp::Ordering::Equal => Relations::FUSED,
                std::cmp::Ordering::Greater => Relations::AFTER,
            };
            if !self.allowed[i][k].contains(rel) {
                return false;
            }
        }
        self.due[k]
            .iter()
            .all(|c| holds(self.vars, &self.block_of, c))
    }
}

/// Closes `allowed` (`allowed[i][j]` for every ordered pair, `allowed[j][i]` its
/// converse) under composition: `(i, k)` keeps only what some `(i, j)`, `(j, k)`
/// allow (path consistency on the point algebra). Returns false when a pair is
/// left with nothing: no preorder satisfies them.
pub(crate) fn close(allowed: &mut [Vec<Relations>]) -> bool {
    let n = allowed.len();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                for k in 0..n {
                    if k == i || k == j {
                        continue;
                    }
                    let via = Relations::compose(allowed[i][j], allowed[j][k]);
                    let now = allowed[i][k].intersect(via);
                    if now != allowed[i][k] {
                        if now.is_empty() {
                            return false;
                        }
                        allowed[i][k] = now;
                        allowed[k][i] = now.converse();
                        changed = true;
                    }
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 0/1 vector of O's variables that satisfies O, by brute force.
    fn points_of_o(n: usize) -> Vec<Vec<i64>> {
        let vars = Vars { n }.count();
        let o = encoding(n);
        let mut out = Vec::new();
        for bits in 0u32..(1 << vars) {
            let x: Vec<i64> = (0..vars).map(|v| i64::from(bits >> v & 1)).collect();
            let ok = o
                .iter()
                .all(|c| c.terms.iter().map(|&(v, k)| k * x[v]).sum::<i64>() + c.constant >= 0);
            if ok {
                out.push(x);
            }
        }
        out
    }

    #[test]
    fn seed002_o_has_one_point_per_total_preorder() {
        // Lemma 5: O's integer points are exactly the total preorders; their number
        // is Fubini(n) = 1, 3, 13, 75, 541 (OEIS A000670), and enumeration (no
        // pruning) produces each once, with the same p/e values.
        let any = |n: usize| vec![vec![Relations::ANY; n]; n];
        for (n, expected) in [(1, 1), (2, 3), (3, 13), (4, 75), (5, 541)] {
            let (preorders, truncated) = enumerate(n, &any(n), &[], usize::MAX);
            assert!(!truncated);
            assert_eq!(preorders.len(), expected, "n = {n}");
            assert_eq!(fubini(n), Some(expected as u128));
            if n <= 4 {
                let vars = Vars { n };
                let mut from_o = points_of_o(n);
                let mut from_preorders: Vec<Vec<i64>> = preorders
                    .iter()
                    .map(|r| (0..vars.count()).map(|v| value(vars, r, v)).collect())
                    .collect();
                from_o.sort();
                from_preorders.sort();
                assert_eq!(from_o, from_preorders, "n = {n}");
            }
        }
        assert_eq!(fubini(14), Some(10_641_342_970_443));
        assert!((fubini_approx(14) / 10_641_342_970_443.0 - 1.0).abs() < 1e-12);
        assert_eq!(fubini(40), None);
    }

    #[test]
    fn seed002_o_size_is_n_n_minus_1_variables_and_5c2_plus_7c3_constraints() {
        // §3.1 and the digest: 22 constraints for n = 3, 58 for 4, 120 for 5, and
        // 182 variables, 3003 constraints for ludcmp's 14 statements.
        for (n, vars, constraints) in [(3, 6, 22), (4, 12, 58), (5, 20, 120), (14, 182, 3003)] {
            assert_eq!(Vars { n }.count(), vars);
            assert_eq!(encoding(n).len(), constraints);
        }
    }

    #[test]
    fn variables_name_their_pairs() {
        let v = Vars { n: 4 };
        let mut k = 0;
        for i in 0..4 {
            for j in i + 1..4 {
                assert_eq!((v.p(i, j), v.e(i, j)), (2 * k, 2 * k + 1));
                assert_eq!(v.pair_of(v.p(i, j)), (i, j));
                assert_eq!(v.pair_of(v.e(i, j)), (i, j));
                k += 1;
            }
        }
    }

    #[test]
    fn composition_is_the_point_algebra() {
        use Relations as R;
        assert_eq!(R::compose(R::BEFORE, R::BEFORE), R::BEFORE);
        assert_eq!(R::compose(R::BEFORE, R::AFTER), R::ANY);
        assert_eq!(R::compose(R::FUSED, R::AFTER), R::AFTER);
        assert_eq!(
            R::compose(R::BEFORE.union(R::FUSED), R::BEFORE.union(R::FUSED)),
            R::BEFORE.union(R::FUSED)
        );
        assert_eq!(
            R::BEFORE.union(R::FUSED).converse(),
            R::AFTER.union(R::FUSED)
        );
        // Seed 002's second pruning rule from closure alone: R must fuse with S and
        // R <= T <= S, so T is fused with both.
        let mut a = vec![vec![R::ANY; 3]; 3];
        let le = R::BEFORE.union(R::FUSED);
        let set = |a: &mut Vec<Vec<R>>, i: usize, j: usize, r: R| {
            a[i][j] = r;
            a[j][i] = r.converse();
        };
        set(&mut a, 0, 2, R::FUSED);
        set(&mut a, 0, 1, le);
        set(&mut a, 1, 2, le);
        assert!(close(&mut a));
        assert_eq!((a[0][1], a[1][2]), (R::FUSED, R::FUSED));
        // The first rule: R <= T <= S and R, S not fusable: T cannot fuse with both.
        let mut a = vec![vec![R::ANY; 3]; 3];
        set(&mut a, 0, 1, le);
        set(&mut a, 1, 2, le);
        set(&mut a, 0, 2, R::BEFORE);
        assert!(close(&mut a));
        let (mut preorders, _) = enumerate(3, &a, &[], usize::MAX);
        preorders.sort();
        // (R T)(S), (R)(T S), (R)(T)(S).
        assert_eq!(preorders, [vec![0, 0, 1], vec![0, 1, 1], vec![0, 1, 2]]);
    }
}
