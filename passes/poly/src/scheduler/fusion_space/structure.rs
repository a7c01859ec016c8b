//! A fusion structure at the outermost level: seed 002's statement interleaving at
//! dimension 1 (ρ_1, §1.6 of the digest), one group position per statement.
//! Statements with the same position share the outermost loop; groups run in
//! increasing position. It is what the `fusion-structure` option takes and what
//! `tessel-print-fusion-space` prints, so a printed structure can be passed back.

use std::fmt::Write as _;

pub use crate::error::StructureError;

/// ρ_1 in canonical form: positions 0, 1, ... in order of first use by position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Structure {
    rank: Vec<usize>,
}

impl Structure {
    /// From any integer positions (only their order counts: seed 002 §1.6, ρ is
    /// defined up to translation and scaling), checked against the SCoP's size.
    pub fn from_positions(positions: &[i64], statements: usize) -> Result<Self, StructureError> {
        if positions.len() != statements {
            return Err(StructureError::WrongLength {
                given: positions.len(),
                statements,
            });
        }
        let mut distinct: Vec<i64> = positions.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let rank = positions
            .iter()
            .map(|p| distinct.binary_search(p).unwrap_or(0))
            .collect();
        Ok(Structure { rank })
    }

    /// From group positions that are already dense (an enumerated preorder).
    pub(crate) fn from_rank(rank: Vec<usize>) -> Self {
        Structure { rank }
    }

    /// The group position of every statement.
    pub fn positions(&self) -> &[usize] {
        &self.rank
    }

    /// The groups in order, each with its statements in order.
    pub fn groups(&self) -> Vec<Vec<usize>> {
        let count = self.rank.iter().max().map_or(0, |m| m + 1);
        let mut groups = vec![Vec::new(); count];
        for (s, &r) in self.rank.iter().enumerate() {
            groups[r].push(s);
        }
        groups
    }

    /// The option value, e.g. `0,0,1`.
    pub fn option_value(&self) -> String {
        let items: Vec<String> = self.rank.iter().map(usize::to_string).collect();
        items.join(",")
    }

    /// The groups by statement name, e.g. `(S0 S1) (S2)`.
    pub fn describe(&self, names: &[String]) -> String {
        let mut out = String::new();
        for (k, group) in self.groups().iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            out.push('(');
            for (m, &s) in group.iter().enumerate() {
                if m > 0 {
                    out.push(' ');
                }
                let name = names.get(s).map_or("?", String::as_str);
                let _ = write!(out, "{name}");
            }
            out.push(')');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_read_up_to_order() {
        // Fig. 2(b) of seed 002: R and S fused, T after. Any increasing positions
        // give the same structure.
        let names: Vec<String> = ["R", "S", "T"].iter().map(|s| s.to_string()).collect();
        let b = Structure::from_positions(&[0, 0, 1], 3).unwrap();
        assert_eq!(Structure::from_positions(&[5, 5, 9], 3).unwrap(), b);
        assert_eq!(b.option_value(), "0,0,1");
        assert_eq!(b.describe(&names), "(R S) (T)");
        assert_eq!(b.groups(), [vec![0, 1], vec![2]]);
        // Order by position, not by statement: T first, then R with S.
        let t_first = Structure::from_positions(&[3, 3, -1], 3).unwrap();
        assert_eq!(t_first.describe(&names), "(T) (R S)");
        assert_eq!(
            Structure::from_positions(&[0, 1], 3),
            Err(StructureError::WrongLength {
                given: 2,
                statements: 3
            })
        );
    }
}
