//! The schedule Clay transforms (seed 003 §2): per statement, a union of scheduling
//! relations ("union members"), each with a β-vector of constants and a system of
//! (in)equalities over its α dimensions, the statement's input dimensions ı and the
//! parameters. Plain data: the primitives edit it without isl; isl only checks the
//! result ([`super::validity`]) and takes it to code generation.

pub use crate::error::beta_text;
use crate::error::{BetaForest, Parts};
use crate::model::scop::StmtId;

/// One (in)equality `alpha·α + input·ı + param·p + constant (= 0 | >= 0)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    pub equality: bool,
    /// Coefficients of α_1..α_n (index 0 is α_1).
    pub alpha: Vec<i64>,
    /// Coefficients of the statement's input dimensions ı_1..ı_k.
    pub input: Vec<i64>,
    /// Coefficients of the parameters, in [`ClaySchedule::params`] order.
    pub param: Vec<i64>,
    pub constant: i64,
}

impl Constraint {
    /// All-zero row of the given shape.
    pub fn zero(equality: bool, alpha: usize, input: usize, param: usize) -> Constraint {
        Constraint {
            equality,
            alpha: vec![0; alpha],
            input: vec![0; input],
            param: vec![0; param],
            constant: 0,
        }
    }

    /// The row with every coefficient negated (for an equality, the same constraint).
    pub fn negated(&self) -> Constraint {
        Constraint {
            equality: self.equality,
            alpha: self.alpha.iter().map(|c| -c).collect(),
            input: self.input.iter().map(|c| -c).collect(),
            param: self.param.iter().map(|c| -c).collect(),
            constant: -self.constant,
        }
    }

    /// `¬(self >= 0)` over the integers: `-self - 1 >= 0` (an inequality only).
    pub fn complement(&self) -> Constraint {
        let mut c = self.negated();
        c.constant -= 1;
        c
    }

    /// Whether `self` and `other` are complementary inequalities (`e >= 0` and
    /// `-e - 1 >= 0`), as INDEXSETSPLIT leaves them.
    pub fn complements(&self, other: &Constraint) -> bool {
        !self.equality && !other.equality && self.complement() == *other
    }
}

/// One union member T: the instances of `stmt` that `constraints` select get the
/// date `(β_0, α_1, β_1, ..., α_n, β_n)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub stmt: StmtId,
    /// β_0..β_n: positions among siblings, outermost first. `beta.len() = n + 1`.
    pub beta: Vec<i64>,
    pub constraints: Vec<Constraint>,
    /// PARALLELIZE's flags, one per α dimension (seed 003 §4.3: a semantic mark,
    /// not equal dates).
    pub parallel: Vec<bool>,
    /// SPLIT_BAND's flags, one per α dimension: the loop starts a band of its own
    /// in the schedule tree (a Tessel addition to Clay: the transforms that follow
    /// scheduling, tiling first, work on bands). Like PARALLELIZE, no date changes.
    pub band_start: Vec<bool>,
}

impl Relation {
    /// The number of α dimensions (loops around the statement).
    pub fn depth(&self) -> usize {
        self.beta.len() - 1
    }

    /// Whether the β-prefix `rho` addresses this member (T ∈ T_ρ).
    pub fn under(&self, rho: &[i64]) -> bool {
        self.beta.len() >= rho.len() && self.beta[..rho.len()] == *rho
    }

    /// Whether the α dimension `dim` (0-based) is explicitly defined: some equality
    /// gives it a nonzero coefficient (seed 003 §4.3).
    pub fn is_explicit(&self, dim: usize) -> bool {
        self.constraints
            .iter()
            .any(|c| c.equality && c.alpha[dim] != 0)
    }

    /// Substitutes `α_target ↦ α_target + k·α_by` in every constraint (seed 003 Fig.
    /// 7's `↦`: a term `c·α_target` becomes `c·α_target + c·k·α_by`).
    pub fn add_alpha_multiple(&mut self, target: usize, by: usize, k: i64) {
        for c in &mut self.constraints {
            c.alpha[by] += k * c.alpha[target];
        }
    }

    /// Substitutes `α_target ↦ α_target + k·ı_by`.
    pub fn add_input_multiple(&mut self, target: usize, by: usize, k: i64) {
        for c in &mut self.constraints {
            c.input[by] += k * c.alpha[target];
        }
    }

    /// Substitutes `α_target ↦ α_target + param·p + constant`.
    pub fn add_affine(&mut self, target: usize, param: &[i64], constant: i64) {
        for c in &mut self.constraints {
            let a = c.alpha[target];
            for (p, v) in c.param.iter_mut().zip(param) {
                *p += a * v;
            }
            c.constant += a * constant;
        }
    }
}

/// The scheduling relations of a whole SCoP.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaySchedule {
    /// Parameter names, the order of [`Constraint::param`].
    pub params: Vec<String>,
    /// Per statement: its tuple name and its number of input dimensions.
    pub statements: Vec<(String, usize)>,
    /// All union members of all statements.
    pub relations: Vec<Relation>,
    /// ANY_ORDER's marks, by β-prefix: the children of the root `[]` or of a loop
    /// form an isl `set` node, whose parts the AST generator may order or interleave
    /// (its code is verified like all code). A Tessel addition to Clay, like
    /// SPLIT_BAND.
    pub any_order: Vec<AnyOrder>,
}

/// One ANY_ORDER mark: the children of `prefix`, in β order, fall into `parts`
/// (`parts[c]` is child c's part: 0, then each the same or one more), ordered
/// inside a part, in any order between parts.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct AnyOrder {
    pub prefix: Vec<i64>,
    pub parts: Vec<i64>,
}

/// Why `parts` is not a partition of `children` children into two or more runs of
/// consecutive children (0, then each the same or one more).
pub fn check_parts(parts: &[i64], children: usize) -> Result<(), Parts> {
    if parts.len() != children {
        return Err(Parts::Count {
            parts: parts.len(),
            children,
        });
    }
    let consecutive =
        parts.first() == Some(&0) && parts.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1);
    if !consecutive {
        return Err(Parts::NotRuns(parts.to_vec()));
    }
    if parts.last() == Some(&0) {
        return Err(Parts::OnePart);
    }
    Ok(())
}

impl ClaySchedule {
    /// The distinct β values at level `rho.len()` of the members under `rho` that
    /// have one (its children), in increasing order.
    pub fn children(&self, rho: &[i64]) -> Vec<i64> {
        let set: std::collections::BTreeSet<i64> = self
            .under(rho)
            .into_iter()
            .filter(|&t| self.relations[t].beta.len() > rho.len())
            .map(|t| self.relations[t].beta[rho.len()])
            .collect();
        set.into_iter().collect()
    }

    /// The members under the β-prefix `rho` (T_ρ), by index.
    pub fn under(&self, rho: &[i64]) -> Vec<usize> {
        (0..self.relations.len())
            .filter(|&t| self.relations[t].under(rho))
            .collect()
    }

    /// Renumbers the β-vectors to their normal form (seed 003 §4.2): at every level,
    /// the siblings' values become 0, 1, 2, ... in their old order. `{(0, 1), (2, 1)}`
    /// becomes `{(0, 0), (1, 0)}`.
    pub fn normalize_beta(&mut self) {
        let longest = self
            .relations
            .iter()
            .map(|r| r.beta.len())
            .max()
            .unwrap_or(0);
        for level in 0..longest {
            // Siblings share beta[..level]; their distinct values at `level` are
            // ranked within that group.
            let mut groups: Vec<(Vec<i64>, Vec<i64>)> = Vec::new();
            for r in self.relations.iter().filter(|r| r.beta.len() > level) {
                let key = r.beta[..level].to_vec();
                let value = r.beta[level];
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, values)) => values.push(value),
                    None => groups.push((key, vec![value])),
                }
            }
            for (_, values) in &mut groups {
                values.sort_unstable();
                values.dedup();
            }
            for r in self.relations.iter_mut().filter(|r| r.beta.len() > level) {
                let (_, values) = groups
                    .iter()
                    .find(|(k, _)| *k == r.beta[..level])
                    .expect("every member's group was collected above");
                let rank = values.partition_point(|&v| v < r.beta[level]);
                r.beta[level] = rank as i64;
            }
        }
    }

    /// Checks the β-forest's invariant (seed 003 §4.2): β-vectors are unique and none
    /// is a prefix of another. `Err` names the two members.
    pub fn check_beta_forest(&self) -> Result<(), BetaForest> {
        for (a, ra) in self.relations.iter().enumerate() {
            for rb in &self.relations[a + 1..] {
                let (short, long) = if ra.beta.len() <= rb.beta.len() {
                    (ra, rb)
                } else {
                    (rb, ra)
                };
                if long.beta[..short.beta.len()] == short.beta[..] {
                    return Err(BetaForest {
                        short: short.beta.clone(),
                        short_statement: self.statements[short.stmt.0].0.clone(),
                        long: long.beta.clone(),
                        long_statement: self.statements[long.stmt.0].0.clone(),
                    });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(stmt: usize, beta: &[i64]) -> Relation {
        Relation {
            stmt: StmtId(stmt),
            beta: beta.to_vec(),
            constraints: Vec::new(),
            parallel: vec![false; beta.len() - 1],
            band_start: vec![false; beta.len() - 1],
        }
    }

    fn schedule(betas: &[&[i64]]) -> ClaySchedule {
        ClaySchedule {
            params: Vec::new(),
            any_order: Vec::new(),
            statements: (0..betas.len()).map(|k| (format!("S{k}"), 0)).collect(),
            relations: betas
                .iter()
                .enumerate()
                .map(|(k, b)| member(k, b))
                .collect(),
        }
    }

    #[test]
    fn normal_form_of_the_papers_example() {
        // Seed 003 §4.2: the normal form of {(0, 1), (2, 1)} is {(0, 0), (1, 0)}.
        let mut s = schedule(&[&[0, 1], &[2, 1]]);
        s.normalize_beta();
        let betas: Vec<&[i64]> = s.relations.iter().map(|r| &r.beta[..]).collect();
        assert_eq!(betas, [&[0, 0][..], &[1, 0][..]]);
    }

    #[test]
    fn normal_form_keeps_order_within_each_loop() {
        let mut s = schedule(&[&[3, 5, 0], &[3, 2], &[7], &[3, 5, 4]]);
        s.normalize_beta();
        let betas: Vec<&[i64]> = s.relations.iter().map(|r| &r.beta[..]).collect();
        assert_eq!(
            betas,
            [&[0, 1, 0][..], &[0, 0][..], &[1][..], &[0, 1, 1][..]]
        );
    }

    #[test]
    fn prefix_collision_is_reported() {
        let s = schedule(&[&[0, 1], &[0]]);
        let err = s.check_beta_forest().unwrap_err();
        assert_eq!((err.short, err.long), (vec![0], vec![0, 1]));
        assert!(schedule(&[&[0, 1], &[1]]).check_beta_forest().is_ok());
    }

    #[test]
    fn substitution_follows_the_papers_sign() {
        // α1 = i1 (α1 - i1 = 0); α1 ↦ α1 + 2·α2 gives α1 + 2α2 - i1 = 0, i.e.
        // α1 = i1 - 2α2 (seed 003 §1.1 of the digest: new = old - k·x).
        let mut r = member(0, &[0, 0, 0]);
        r.constraints.push(Constraint {
            equality: true,
            alpha: vec![1, 0],
            input: vec![-1, 0],
            param: vec![],
            constant: 0,
        });
        r.add_alpha_multiple(0, 1, 2);
        assert_eq!(r.constraints[0].alpha, [1, 2]);
        r.add_input_multiple(0, 1, 3);
        assert_eq!(r.constraints[0].input, [-1, 3]);
    }

    #[test]
    fn complement_is_the_integer_negation() {
        let c = Constraint {
            equality: false,
            alpha: vec![1],
            input: vec![],
            param: vec![],
            constant: -3,
        };
        // ¬(a1 - 3 >= 0) is 2 - a1 >= 0.
        assert_eq!(c.complement().alpha, [-1]);
        assert_eq!(c.complement().constant, 2);
        assert!(c.complements(&c.complement()));
    }
}
