//! The statement-level schedule constraint graph (seed 001 §6.1): statements are
//! nodes, each edge carries the instance pairs of one statement pair together with
//! the constraint kinds it stands for (validity, proximity, coincidence).

use std::rc::Rc;

use isl_rs::{Map, Set};

use crate::error::PolyError;
use crate::scheduler::farkas::Dual;
use crate::support::isl::{Ctx, IslResult};

/// One statement being scheduled.
pub(crate) struct Node {
    pub name: String,
    /// Number of iterators (the schedule coefficients `c` of a row).
    pub dim: usize,
    pub domain: Set,
    /// Iterator names for the texts the scheduler builds (the domain's own names
    /// when they are usable, so that printed schedules read like the input).
    pub iters: Vec<String>,
    /// Per iterator, its size when that is a constant (seed 001 eq. 98: the largest
    /// difference between two instances that differ only in this iterator), for
    /// loop-coalescing avoidance (§7.5).
    pub sizes: Vec<Option<i64>>,
    /// Iterator parts of the equalities of the domain's affine hull (seed 001 §7.2:
    /// an iterator fixed by them needs no schedule row, e.g. `t = T - 1`). They
    /// count as rows already found for linear independence, which is domain
    /// compression without the change of variables.
    pub hull_rows: Vec<Vec<i64>>,
}

impl Node {
    /// Upper bound on `|c_i|` for Pluto rows (seed 001 eq. 104): `⌈S_j/2⌉` over
    /// the other iterators `j` with a constant size `S_j >= 2` (smaller sizes cannot
    /// be coalesced with). None when no iterator has such a size.
    pub fn coefficient_bound(&self, i: usize) -> Option<i64> {
        self.sizes
            .iter()
            .enumerate()
            .filter(|&(j, s)| j != i && s.is_some_and(|s| s >= 2))
            .filter_map(|(_, s)| s.map(|s| (s + 1).div_euclid(2)))
            .min()
    }
}

/// One row of a statement's schedule: `c·i + d·p + e` (seed 000 §3.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    pub c: Vec<i64>,
    pub d: Vec<i64>,
    pub e: i64,
}

impl Row {
    pub fn is_constant(&self) -> bool {
        self.c.iter().all(|&x| x == 0)
    }
}

/// The kinds of constraint an edge stands for (seed 001 §2.6–2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Kinds {
    /// `φ(b) >= φ(a)`.
    pub validity: bool,
    /// `|φ(b) - φ(a)|` small (bounded by `u·p + w`).
    pub proximity: bool,
    /// `φ(b) = φ(a)` while parallelism is wanted.
    pub coincidence: bool,
    /// Conditioned validity (seed 001 §2.7): an order dependence of live-range
    /// reordering, imposed (`validity` set) once a live range next to it is not
    /// local. Counts as validity wherever rows are not computed one by one (SCCs,
    /// sequence order, Feautrier steps).
    pub conditional: bool,
    /// A condition: a live range (flow dependence), local while both ends are
    /// scheduled together.
    pub condition: bool,
}

impl Kinds {
    /// Orders its pairs in a sequence or a Feautrier step.
    pub fn orders(&self) -> bool {
        self.validity || self.conditional
    }

    /// Conditioned, and not imposed yet.
    pub fn pending(&self) -> bool {
        self.conditional && !self.validity
    }
}

/// Instance pairs `src[x] -> dst[y]` still live at the current tree position.
pub(crate) struct Edge {
    pub src: usize,
    pub dst: usize,
    pub map: Map,
    pub kinds: Kinds,
    /// The Farkas dual of `map` (of its difference set when `src == dst`), computed
    /// on first use and kept while the map does not change.
    pub dual: Option<Rc<Dual>>,
    /// Duals of the disjuncts of `map` (Feautrier groups), computed on first use.
    pub group_duals: Option<Vec<Rc<Dual>>>,
    /// Dual of the affine hull of `map`, computed on first use.
    pub hull_dual: Option<Rc<Dual>>,
}

impl Edge {
    pub fn copy(&self, cx: &Ctx) -> Result<Edge, PolyError> {
        Ok(Edge {
            src: self.src,
            dst: self.dst,
            map: self.map.copy().isl(cx)?,
            kinds: self.kinds,
            dual: self.dual.clone(),
            group_duals: self.group_duals.clone(),
            hull_dual: self.hull_dual.clone(),
        })
    }

    /// The Farkas dual, computed once, over `(cst, params, x, y)`.
    ///
    /// Seed 001 §3.3 takes the dual of the difference set `{ y - x }` for a self
    /// edge (fewer variables). The difference set is a projection, though, whose
    /// existential variables isl must first eliminate by Fourier–Motzkin; on the
    /// many-disjunct dependences of a stencil (heat-3d) that alone takes seconds. The
    /// relation itself has no existentials, so its dual is used for self edges too,
    /// with the same coefficients substituted for `x` and `y`.
    pub fn dual(&mut self, cx: &Ctx) -> Result<Rc<Dual>, PolyError> {
        if let Some(d) = &self.dual {
            return Ok(d.clone());
        }
        let set = self.map.copy().isl(cx)?.wrap().isl(cx)?;
        let d = Rc::new(Dual::of_set(cx, set)?);
        self.dual = Some(d.clone());
        Ok(d)
    }
}

impl Edge {
    /// The dual of the affine hull of the relation. An affine function is zero on
    /// all pairs of the relation iff it is zero on their affine hull, iff it and its
    /// negation are in this dual: a zero-distance (coincidence) constraint needs
    /// only this small dual instead of the full one twice.
    pub fn hull_dual(&mut self, cx: &Ctx) -> Result<Rc<Dual>, PolyError> {
        if let Some(d) = &self.hull_dual {
            return Ok(d.clone());
        }
        let hull = self.map.copy().isl(cx)?.affine_hull().isl(cx)?;
        let set = Map::from_basic_map(hull).isl(cx)?.wrap().isl(cx)?;
        let d = Rc::new(Dual::of_set(cx, set)?);
        self.hull_dual = Some(d.clone());
        Ok(d)
    }
}

/// Weakly connected components of `nodes` under `edges` (any kind), each sorted,
/// ordered by their smallest node.
pub(crate) fn weak_components(nodes: &[usize], edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..nodes.len()).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        let mut y = x;
        while p[y] != r {
            let next = p[y];
            p[y] = r;
            y = next;
        }
        r
    }
    let pos = |n: usize| nodes.iter().position(|&m| m == n);
    for &(a, b) in edges {
        if let (Some(a), Some(b)) = (pos(a), pos(b)) {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, &n) in nodes.iter().enumerate() {
        let r = find(&mut parent, i);
        match groups.iter_mut().find(|(g, _)| *g == r) {
            Some((_, v)) => v.push(n),
            None => groups.push((r, vec![n])),
        }
    }
    let mut out: Vec<Vec<usize>> = groups
        .into_iter()
        .map(|(_, mut v)| {
            v.sort_unstable();
            v
        })
        .collect();
    out.sort_by_key(|v| v[0]);
    out
}

/// Strongly connected components of `nodes` under the directed `edges`, in a
/// topological order; among components that could come next, the one holding the
/// earliest statement (in the original text) goes first.
pub(crate) fn sccs_topological(nodes: &[usize], edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let n = nodes.len();
    let pos = |x: usize| nodes.iter().position(|&m| m == x);
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in edges {
        if let (Some(a), Some(b)) = (pos(a), pos(b)) {
            if a != b && !adj[a].contains(&b) {
                adj[a].push(b);
            }
        }
    }
    // Tarjan, iterative.
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut comp = vec![usize::MAX; n];
    let mut ncomp = 0;
    let mut counter = 0;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(start, 0)];
        index[start] = counter;
        low[start] = counter;
        counter += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (v, ref mut next)) = call.last_mut() {
            if *next < adj[v].len() {
                let w = adj[v][*next];
                *next += 1;
                if index[w] == usize::MAX {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp[w] = ncomp;
                        if w == v {
                            break;
                        }
                    }
                    ncomp += 1;
                }
            }
        }
    }
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); ncomp];
    for i in 0..n {
        members[comp[i]].push(nodes[i]);
    }
    for m in members.iter_mut() {
        m.sort_unstable();
    }
    // Kahn's algorithm on the condensation, earliest statement first.
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); ncomp];
    let mut indeg = vec![0usize; ncomp];
    for a in 0..n {
        for &b in &adj[a] {
            let (ca, cb) = (comp[a], comp[b]);
            if ca != cb && !succ[ca].contains(&cb) {
                succ[ca].push(cb);
                indeg[cb] += 1;
            }
        }
    }
    let mut ready: Vec<usize> = (0..ncomp).filter(|&c| indeg[c] == 0).collect();
    let mut out = Vec::with_capacity(ncomp);
    while !ready.is_empty() {
        let (k, _) = ready
            .iter()
            .enumerate()
            .min_by_key(|(_, &c)| members[c][0])
            .unwrap_or((0, &0));
        let c = ready.swap_remove(k);
        out.push(members[c].clone());
        for &d in &succ[c] {
            indeg[d] -= 1;
            if indeg[d] == 0 {
                ready.push(d);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sccs_come_out_in_topological_then_textual_order() {
        // 0 <-> 1 is a cycle, 1 -> 2, 3 is independent, 4 -> 0.
        let edges = [(0, 1), (1, 0), (1, 2), (4, 0)];
        let s = sccs_topological(&[0, 1, 2, 3, 4], &edges);
        assert_eq!(s, vec![vec![3], vec![4], vec![0, 1], vec![2]]);
        let w = weak_components(&[0, 1, 2, 3, 4], &edges);
        assert_eq!(w, vec![vec![0, 1, 2, 4], vec![3]]);
    }
}
