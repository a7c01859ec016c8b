//! Lemma 6 over the paths of the graph G (seed 002 Fig. 4): statements that must be
//! fused are merged into one node, nodes are joined where a dependence relates
//! them and fusing them is still allowed, and every simple path of G stands for a
//! set of statements to test. The set is fusable (sufficient condition) when every
//! statement can be given an outer loop µ such that every dependent pair's loops
//! are in its M. A path that fails forbids fusing all its edges at once:
//! `Σ e < l` over its l edges. A path that contains a failing path fails too (a
//! superset adds constraints to the same test), so it is neither extended nor
//! given a constraint of its own, as the paper skips paths with an unfusable prefix.

use std::collections::HashMap;

use crate::scheduler::fusion_space::pairs::PairFacts;
use crate::scheduler::fusion_space::preorders::{Relations, Vars};
use crate::scheduler::ilp::Constraint;

/// Paths visited before the search stops: past it, F^1 may keep structures that
/// Lemma 6 would have pruned (each is still verified when it is built).
pub(crate) const MAX_PATHS: usize = 200_000;

/// What the path tests found.
pub(crate) struct PathTests {
    /// Each unfusable path, by the first statement of each node along it.
    pub unfusable: Vec<Vec<usize>>,
    /// Its constraint over O's variables.
    pub constraints: Vec<Constraint>,
    /// Paths visited.
    pub visited: usize,
    /// Stopped at [`MAX_PATHS`].
    pub truncated: bool,
}

/// The must-fuse classes: statements whose every relation left is "fused", each
/// class sorted, the classes by their first statement.
pub(crate) fn must_fuse_classes(allowed: &[Vec<Relations>]) -> Vec<Vec<usize>> {
    let n = allowed.len();
    let mut class_of: Vec<Option<usize>> = vec![None; n];
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        if class_of[i].is_some() {
            continue;
        }
        let members: Vec<usize> = (i..n)
            .filter(|&j| j == i || allowed[i][j] == Relations::FUSED)
            .collect();
        for &j in &members {
            class_of[j] = Some(classes.len());
        }
        classes.push(members);
    }
    classes
}

/// Runs Lemma 6 over the paths of G.
pub(crate) fn test_paths(
    allowed: &[Vec<Relations>],
    pairs: &[PairFacts],
    dims: &[usize],
) -> PathTests {
    let n = allowed.len();
    let classes = must_fuse_classes(allowed);
    let facts = fact_table(n, pairs);
    let g = classes.len();
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); g];
    for x in 0..g {
        for y in x + 1..g {
            let (u, v) = (classes[x][0], classes[y][0]);
            let related = classes[x].iter().any(|&s| {
                classes[y].iter().any(|&t| {
                    let (a, b) = (s.min(t), s.max(t));
                    facts[a][b].is_some_and(|f| f.dependent)
                })
            });
            if related && allowed[u][v].contains(Relations::FUSED) {
                neighbours[x].push(y);
                neighbours[y].push(x);
            }
        }
    }
    let mut walk = Walk {
        vars: Vars { n },
        classes: &classes,
        facts: &facts,
        dims,
        neighbours: &neighbours,
        memo: HashMap::new(),
        out: PathTests {
            unfusable: Vec::new(),
            constraints: Vec::new(),
            visited: 0,
            truncated: false,
        },
    };
    for start in 0..g {
        let mut path = vec![start];
        walk.extend(&mut path);
    }
    walk.out
}

struct Walk<'a> {
    vars: Vars,
    classes: &'a [Vec<usize>],
    facts: &'a FactTable<'a>,
    dims: &'a [usize],
    neighbours: &'a [Vec<usize>],
    /// Lemma 6's answer per set of nodes (sorted).
    memo: HashMap<Vec<usize>, bool>,
    out: PathTests,
}

impl Walk<'_> {
    fn extend(&mut self, path: &mut Vec<usize>) {
        if self.out.visited >= MAX_PATHS {
            self.out.truncated = true;
            return;
        }
        self.out.visited += 1;
        if path.len() >= 2 && !self.fusable(path) {
            let minimal = (0..path.len())
                .flat_map(|i| (i + 2..=path.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| j - i < path.len())
                .all(|(i, j)| self.fusable(&path[i..j]));
            // Each path is walked both ways; one of them records it.
            if minimal && path[0] < path[path.len() - 1] {
                self.record(path);
            }
            return;
        }
        let last = path[path.len() - 1];
        for k in 0..self.neighbours[last].len() {
            let next = self.neighbours[last][k];
            if path.contains(&next) {
                continue;
            }
            path.push(next);
            self.extend(path);
            path.pop();
        }
    }

    fn record(&mut self, path: &[usize]) {
        let firsts: Vec<usize> = path.iter().map(|&c| self.classes[c][0]).collect();
        let mut terms = Vec::new();
        for w in firsts.windows(2) {
            let (a, b) = (w[0].min(w[1]), w[0].max(w[1]));
            terms.push((self.vars.e(a, b), -1));
        }
        let edges = i64::try_from(terms.len()).unwrap_or(i64::MAX);
        self.out.constraints.push(Constraint::ge(terms, edges - 1));
        self.out.unfusable.push(firsts);
    }

    /// Lemma 6 on the statements of the nodes in `path`; a set of two statements
    /// was tested by the pair tests.
    fn fusable(&mut self, path: &[usize]) -> bool {
        let mut key: Vec<usize> = path.to_vec();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let statements: Vec<usize> = key
            .iter()
            .flat_map(|&c| self.classes[c].iter().copied())
            .collect();
        let ok = statements.len() < 3 || compatible(&statements, self.facts, self.dims);
        self.memo.insert(key, ok);
        ok
    }
}

/// Pair facts by `[a][b]`, `a < b`.
pub(crate) type FactTable<'a> = Vec<Vec<Option<&'a PairFacts>>>;

/// The table of `pairs`, for [`compatible`].
pub(crate) fn fact_table(n: usize, pairs: &[PairFacts]) -> FactTable<'_> {
    let mut facts: FactTable<'_> = vec![vec![None; n]; n];
    for f in pairs {
        facts[f.a][f.b] = Some(f);
    }
    facts
}

/// Lemma 6: whether each of `statements` can get an outer loop µ with every
/// dependent pair's `(µ^a, µ^b)` in its M (backtracking).
pub(crate) fn compatible(statements: &[usize], facts: &FactTable<'_>, dims: &[usize]) -> bool {
    let mut mu = vec![0usize; statements.len()];
    assign(statements, facts, dims, &mut mu, 0)
}

fn assign(
    statements: &[usize],
    facts: &FactTable<'_>,
    dims: &[usize],
    mu: &mut [usize],
    k: usize,
) -> bool {
    if k == statements.len() {
        return true;
    }
    let s = statements[k];
    for x in 0..dims[s] {
        mu[k] = x;
        let fits = (0..k).all(|j| {
            let t = statements[j];
            let (a, b, pair) = if t < s {
                (t, s, (mu[j], x))
            } else {
                (s, t, (x, mu[j]))
            };
            match facts[a][b] {
                Some(f) if f.dependent => f.m.contains(&pair),
                _ => true,
            }
        });
        if fits && assign(statements, facts, dims, mu, k + 1) {
            return true;
        }
    }
    false
}
