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
