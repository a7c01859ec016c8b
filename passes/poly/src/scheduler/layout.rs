//! Where each schedule coefficient lives in an ILP's variable vector, and the
//! substitutions that turn a Farkas dual into constraints on those variables.
//!
//! Per statement the variables follow seed 001 §6.5.5: the iterator coefficients in
//! reverse order, each as (negative part, positive part) — `c = c⁺ − c⁻` (seed 000
//! §3.2) — then the parameter coefficients (non-negative; none for Pluto, whose rows
//! have no parameter term, seed 004 §1.2), then the constant.

use crate::scheduler::farkas::Linear;
use crate::scheduler::graph::{Edge, Node, Row};

#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Number of parameters.
    pub np: usize,
    /// Whether rows get parameter coefficients `d`.
    pub with_params: bool,
    /// Whether iterator coefficients may be negative (split as `c⁺ − c⁻`); else
    /// only `c⁺` exists (Pluto: non-negative coefficients, seed 004 §7).
    pub negative: bool,
    /// Node ids, and where each node's block starts.
    pub nodes: Vec<usize>,
    pub start: Vec<usize>,
    pub dims: Vec<usize>,
    /// Slot of each node id in `nodes` (`usize::MAX` when absent).
    slot_of: Vec<usize>,
    /// Total number of variables.
    pub nvars: usize,
}

impl Layout {
    /// Node blocks placed from variable `first` on.
    pub fn new(
        first: usize,
        nodes: &[usize],
        all: &[Node],
        np: usize,
        with_params: bool,
        negative: bool,
    ) -> Layout {
        let mut start = Vec::with_capacity(nodes.len());
        let mut dims = Vec::with_capacity(nodes.len());
        let mut next = first;
        let mut slot_of = vec![usize::MAX; all.len()];
        for (k, &n) in nodes.iter().enumerate() {
            slot_of[n] = k;
            start.push(next);
            let d = all[n].dim;
            dims.push(d);
            next += Self::coeffs(negative, d) + if with_params { np } else { 0 } + 1;
        }
        Layout {
            np,
            with_params,
            negative,
            nodes: nodes.to_vec(),
            start,
            dims,
            slot_of,
            nvars: next,
        }
    }

    fn slot(&self, node: usize) -> usize {
        // Callers only ask about nodes of this layout (an invariant of the scheduler).
        self.slot_of[node]
    }

    /// Number of iterator coefficient variables of a node of dimension `d`.
    fn coeffs(negative: bool, d: usize) -> usize {
        if negative {
            2 * d
        } else {
            d
        }
    }

    /// `(c⁻, c⁺)` variables of iterator `k` of `node` (stored in reverse order);
    /// no `c⁻` without negative coefficients.
    pub fn c_vars(&self, node: usize, k: usize) -> (Option<usize>, usize) {
        let s = self.slot(node);
        let r = self.dims[s] - 1 - k;
        if self.negative {
            (Some(self.start[s] + 2 * r), self.start[s] + 2 * r + 1)
        } else {
            (None, self.start[s] + r)
        }
    }

    /// The variable of parameter coefficient `j` of `node`, if rows have them.
    pub fn d_var(&self, node: usize, j: usize) -> Option<usize> {
        let s = self.slot(node);
        let first = self.start[s] + Self::coeffs(self.negative, self.dims[s]);
        self.with_params.then_some(first + j)
    }

    /// The constant term of `node`.
    pub fn e_var(&self, node: usize) -> usize {
        let s = self.slot(node);
        self.start[s]
            + Self::coeffs(self.negative, self.dims[s])
            + if self.with_params { self.np } else { 0 }
    }

    /// Every `c⁻`/`c⁺` variable of every node.
    pub fn all_c_vars(&self) -> Vec<usize> {
        let mut v = Vec::new();
        for (s, &n) in self.nodes.iter().enumerate() {
            for k in 0..self.dims[s] {
                let (m, p) = self.c_vars(n, k);
                v.extend(m);
                v.push(p);
            }
        }
        v
    }

    /// Every parameter coefficient variable.
    pub fn all_d_vars(&self) -> Vec<usize> {
        let mut v = Vec::new();
        for &n in &self.nodes {
            for j in 0..self.np {
                v.extend(self.d_var(n, j));
            }
        }
        v
    }

    /// `k · c` of `node` as a linear form (`c = c⁺ − c⁻`).
    pub fn c_form(&self, node: usize, k: usize, scale: i64) -> Linear {
        let (m, p) = self.c_vars(node, k);
        let mut l = vec![(p, scale)];
        if let Some(m) = m {
            l.push((m, -scale));
        }
        l
    }

    /// `node`'s row applied to `direction` (`Σ_k direction_k · c_k`) as a linear form:
    /// a dependence distance, or a direction the row must not be orthogonal to.
    pub fn along(&self, node: usize, direction: &[i64]) -> Linear {
        let mut l: Linear = Vec::new();
        for (k, &x) in direction.iter().enumerate() {
            if x != 0 {
                l.extend(self.c_form(node, k, x));
            }
        }
        l
    }

    /// The row of `node` in a solution vector.
    pub fn row(&self, node: usize, sol: &[i64]) -> Row {
        let s = self.slot(node);
        let c = (0..self.dims[s])
            .map(|k| {
                let (m, p) = self.c_vars(node, k);
                sol[p] - m.map_or(0, |m| sol[m])
            })
            .collect();
        let d = (0..self.np)
            .map(|j| self.d_var(node, j).map_or(0, |v| sol[v]))
            .collect();
        Row {
            c,
            d,
            e: sol[self.e_var(node)],
        }
    }

    /// The substitution for the dual of `edge` (over `(cst, params, x, y)`) that
    /// expresses `sign·(φ_dst(y) − φ_src(x)) + cst + par·n` (seed 001 eqs. 20, 25, 36,
    /// 37, 41, 42): `cst` and `par` are extra linear forms (distance bounds, carry
    /// variables). For a self edge the constant and parameter terms of `φ` cancel.
    pub fn distance(&self, edge: &Edge, sign: i64, cst: &Linear, par: &[Linear]) -> Vec<Linear> {
        let (s, t) = (edge.src, edge.dst);
        let mut sub: Vec<Linear> = Vec::new();
        let mut c0 = cst.clone();
        if s != t {
            c0.push((self.e_var(t), sign));
            c0.push((self.e_var(s), -sign));
        }
        sub.push(c0);
        for j in 0..self.np {
            let mut l = par.get(j).cloned().unwrap_or_default();
            if s != t {
                if let Some(v) = self.d_var(t, j) {
                    l.push((v, sign));
                }
                if let Some(v) = self.d_var(s, j) {
                    l.push((v, -sign));
                }
            }
            sub.push(l);
        }
        for k in 0..self.dims[self.slot(s)] {
            sub.push(self.c_form(s, k, -sign));
        }
        for k in 0..self.dims[self.slot(t)] {
            sub.push(self.c_form(t, k, sign));
        }
        sub
    }
}

#[cfg(test)]
mod tests {
    //! The variable layout of seed 001 §6.5.5 and the substitutions of eqs. 20/25
    //! (seed 000 §3.2 for `c = c⁺ − c⁻`), checked on small statements.

    use std::rc::Rc;

    use super::*;
    use crate::isl::Ctx;
    use crate::scheduler::farkas::Dual;
    use crate::scheduler::graph::Kinds;

    fn node(cx: &Ctx, name: &str, text: &str, dim: usize) -> Node {
        Node {
            name: name.into(),
            dim,
            domain: cx
                .parse("domain", text, isl_rs::Set::read_from_str)
                .unwrap(),
            iters: (0..dim).map(|k| format!("i{k}")).collect(),
            sizes: vec![None; dim],
            hull_rows: Vec::new(),
        }
    }

    fn edge(cx: &Ctx, src: usize, dst: usize, text: &str) -> Edge {
        Edge {
            src,
            dst,
            map: cx.parse("edge", text, isl_rs::Map::read_from_str).unwrap(),
            kinds: Kinds::default(),
            dual: None,
            group_duals: None,
            hull_dual: None,
        }
    }

    /// A 2-d statement A and a 1-d statement B, one parameter N.
    fn nodes(cx: &Ctx) -> Vec<Node> {
        vec![
            node(cx, "A", "[N] -> { A[i, j] : 0 <= i, j < N }", 2),
            node(cx, "B", "[N] -> { B[i] : 0 <= i < N }", 1),
        ]
    }

    #[test]
    fn seed001_isl_layout_reverse_iterators_split_then_params_then_constant() {
        // Seed 001 §6.5.5: per statement, iterator coefficients in reverse order,
        // each as (c⁻, c⁺), then the parameter coefficients, then the constant.
        // From variable 4 on: A = [c1⁻ c1⁺ c0⁻ c0⁺ d e] = 4..=9, B = [c0⁻ c0⁺ d e]
        // = 10..=13.
        let cx = Ctx::new(0).unwrap();
        let l = Layout::new(4, &[0, 1], &nodes(&cx), 1, true, true);
        assert_eq!(l.nvars, 14);
        assert_eq!(l.c_vars(0, 1), (Some(4), 5));
        assert_eq!(l.c_vars(0, 0), (Some(6), 7));
        assert_eq!(l.d_var(0, 0), Some(8));
        assert_eq!(l.e_var(0), 9);
        assert_eq!(l.c_vars(1, 0), (Some(10), 11));
        assert_eq!(l.d_var(1, 0), Some(12));
        assert_eq!(l.e_var(1), 13);
        assert_eq!(l.all_c_vars(), [6, 7, 4, 5, 10, 11]);
        assert_eq!(l.all_d_vars(), [8, 12]);
        assert_eq!(l.c_form(0, 0, 3), [(7, 3), (6, -3)]);
    }

    #[test]
    fn seed004_pluto_layout_has_no_negative_parts_and_no_parameters() {
        // Seed 004 §1.2 and §7: Pluto's rows are c·i + e with c >= 0. Only B, in
        // a layout of its own: [c0⁺ e] from variable 0.
        let cx = Ctx::new(0).unwrap();
        let l = Layout::new(0, &[1], &nodes(&cx), 1, false, false);
        assert_eq!(l.nvars, 2);
        assert_eq!(l.c_vars(1, 0), (None, 0));
        assert_eq!(l.d_var(1, 0), None);
        assert_eq!(l.e_var(1), 1);
        assert!(l.all_d_vars().is_empty());
        assert_eq!(l.c_form(1, 0, -2), [(0, -2)]);
    }

    #[test]
    fn row_reads_c_as_positive_minus_negative_part() {
        // Seed 000 §3.2: c = c⁺ − c⁻. A's block [c1⁻ c1⁺ c0⁻ c0⁺ d e] =
        // [0 1 3 0 2 5] is the row -3i + j + 2N + 5.
        let cx = Ctx::new(0).unwrap();
        let l = Layout::new(0, &[0], &nodes(&cx), 1, true, true);
        let row = l.row(0, &[0, 1, 3, 0, 2, 5]);
        assert_eq!(
            row,
            Row {
                c: vec![-3, 1],
                d: vec![2],
                e: 5
            }
        );
    }

    #[test]
    fn seed001_distance_substitution_between_and_within_statements() {
        // Seed 001 eq. 20: between statements the dual's (cst, N, x, y) columns
        // take sign·(e_t − e_s) + cst, sign·(d_t − d_s) + par, −sign·c_s and
        // sign·c_t. Within one statement (eq. 25) φ's constant and parameter
        // terms cancel and only cst and par remain.
        let cx = Ctx::new(0).unwrap();
        let all = nodes(&cx);
        // Layout from 2 on: A = [c1⁻ c1⁺ c0⁻ c0⁺ d e] = 2..=7, B = 8..=11.
        let l = Layout::new(2, &[0, 1], &all, 1, true, true);
        let ab = edge(&cx, 0, 1, "[N] -> { A[i, j] -> B[i] }");
        let sub = l.distance(&ab, 1, &vec![(0, 1)], &[vec![(1, 1)]]);
        assert_eq!(
            sub,
            [
                vec![(0, 1), (11, 1), (7, -1)],
                vec![(1, 1), (10, 1), (6, -1)],
                vec![(5, -1), (4, 1)],
                vec![(3, -1), (2, 1)],
                vec![(9, 1), (8, -1)],
            ]
        );
        let aa = edge(&cx, 0, 0, "[N] -> { A[i, j] -> A[i, j + 1] }");
        let sub = l.distance(&aa, -1, &vec![(0, 1)], &[]);
        assert_eq!(
            sub,
            [
                vec![(0, 1)],
                vec![],
                vec![(5, 1), (4, -1)],
                vec![(3, 1), (2, -1)],
                vec![(5, -1), (4, 1)],
                vec![(3, -1), (2, 1)],
            ]
        );
    }

    #[test]
    fn seed004_fig1a_validity_through_the_layout_is_the_known_cone() {
        // Seed 004 §1.6, Fig. 1(a): with distances (1, 0), (1, 1), (1, -1) the
        // legal rows (c_t, c_i) are c_t >= 0, c_t + c_i >= 0, c_t - c_i >= 0.
        // The dual of each dependence, substituted through an isl layout (c_t and
        // c_i may be negative here), must accept exactly those rows: checked on
        // every (c_t, c_i) in [-3, 3]².
        let cx = Ctx::new(0).unwrap();
        let domain = "[T, N] -> { S[t, i] : 1 <= t <= T and 2 <= i <= N - 1 }";
        let s = vec![node(&cx, "S", domain, 2)];
        let l = Layout::new(0, &[0], &s, 2, true, true);
        let mut cons = Vec::new();
        for di in [0, 1, -1] {
            let text = format!(
                "[T, N] -> {{ S[t, i] -> S[t + 1, i + {di}] : 1 <= t < T and \
                 2 <= i <= N - 1 and 2 <= i + {di} <= N - 1 }}"
            );
            let e = edge(&cx, 0, 0, &text);
            let set = e.map.copy().unwrap().wrap().unwrap();
            let dual = Rc::new(Dual::of_set(&cx, set).unwrap());
            cons.extend(dual.substitute(&l.distance(&e, 1, &vec![], &[])));
        }
        for ct in -3i64..=3 {
            for ci in -3i64..=3 {
                // [c_i⁻ c_i⁺ c_t⁻ c_t⁺ d_T d_N e]
                let sol = [(-ci).max(0), ci.max(0), (-ct).max(0), ct.max(0), 0, 0, 0];
                let holds = cons.iter().all(|c| {
                    let v: i64 = c.terms.iter().map(|&(v, k)| k * sol[v]).sum::<i64>() + c.constant;
                    if c.equality {
                        v == 0
                    } else {
                        v >= 0
                    }
                });
                let legal = ct >= 0 && ct + ci >= 0 && ct - ci >= 0;
                assert_eq!(holds, legal, "(c_t, c_i) = ({ct}, {ci}): {cons:?}");
            }
        }
    }
}
