//! Quasi-affine expressions as extraction builds them: a linear combination of
//! [`Atom`]s (loop IVs, parameters, root values, and `floor(.../c)` / `... mod c`
//! terms) plus a constant. Printed in isl syntax without redundant parentheses, e.g.
//! `i0 - i1 - 1`: that text is what the model (`tessel_poly::Scop`) is made of.
//!
//! Arithmetic never wraps: an expression whose coefficients leave i64, or whose text
//! grows past [`MAX_ATOM_LEN`], is marked [`Aff::overflowed`] and must not be used.

use crate::ir::Val;
use std::cmp::Ordering;
use std::fmt;

/// What an expression is a combination of.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// The IV of the enclosing loop at this depth (`i<depth>` in the model).
    Iv(usize),
    /// A parameter of the model, by its name there.
    Param(String),
    /// A loop-invariant value that symbol analysis does not look through (only in the
    /// forms that tell parameters apart; never printed into the model).
    Root(Val),
    FloorDiv(Box<Aff>, i64),
    CeilDiv(Box<Aff>, i64),
    Mod(Box<Aff>, i64),
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Iv(depth) => write!(f, "i{depth}"),
            Atom::Param(name) => f.write_str(name),
            Atom::Root(v) => write!(f, "%{:x}", v.address()),
            Atom::FloorDiv(e, d) => write!(f, "floor(({e})/{d})"),
            Atom::CeilDiv(e, d) => write!(f, "ceil(({e})/{d})"),
            Atom::Mod(e, d) => write!(f, "(({e}) mod {d})"),
        }
    }
}

/// Atoms order by their text, so that a sorted expression (and the order in which
/// its roots become parameters) does not depend on how it was built.
impl Ord for Atom {
    fn cmp(&self, other: &Self) -> Ordering {
        self.to_string().cmp(&other.to_string())
    }
}
impl PartialOrd for Atom {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Longest `floor(...)`/`mod` atom text kept; longer ones mark the result overflowed.
pub const MAX_ATOM_LEN: usize = 4096;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Aff {
    /// (atom, coefficient), in first-use order, no zero coefficients.
    terms: Vec<(Atom, i64)>,
    constant: i64,
    overflow: bool,
}

impl Aff {
    pub fn constant(c: i64) -> Aff {
        Aff {
            terms: vec![],
            constant: c,
            overflow: false,
        }
    }

    pub fn atom(atom: Atom) -> Aff {
        Aff {
            terms: vec![(atom, 1)],
            constant: 0,
            overflow: false,
        }
    }

    /// True if some operation that built this expression overflowed.
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    pub fn as_constant(&self) -> Option<i64> {
        (self.terms.is_empty() && !self.overflow).then_some(self.constant)
    }

    pub fn add(&self, other: &Aff) -> Aff {
        let mut out = self.clone();
        out.overflow |= other.overflow;
        for (atom, coeff) in &other.terms {
            match out.terms.iter_mut().find(|(a, _)| a == atom) {
                Some(t) => match t.1.checked_add(*coeff) {
                    Some(c) => t.1 = c,
                    None => out.overflow = true,
                },
                None => out.terms.push((atom.clone(), *coeff)),
            }
        }
        out.terms.retain(|(_, c)| *c != 0);
        match out.constant.checked_add(other.constant) {
            Some(c) => out.constant = c,
            None => out.overflow = true,
        }
        out
    }

    pub fn scale(&self, k: i64) -> Aff {
        if k == 0 {
            return Aff {
                overflow: self.overflow,
                ..Aff::constant(0)
            };
        }
        let mut overflow = self.overflow;
        let mut times = |c: i64| {
            c.checked_mul(k).unwrap_or_else(|| {
                overflow = true;
                0
            })
        };
        let terms = self
            .terms
            .iter()
            .map(|(a, c)| (a.clone(), times(*c)))
            .collect();
        let constant = times(self.constant);
        Aff {
            terms,
            constant,
            overflow,
        }
    }

    pub fn sub(&self, other: &Aff) -> Aff {
        self.add(&other.scale(-1))
    }

    /// Product; None unless one side is constant.
    pub fn mul(&self, other: &Aff) -> Option<Aff> {
        let poisoned = self.overflow || other.overflow;
        let result = match (self.as_constant(), other.as_constant()) {
            (Some(k), _) => other.scale(k),
            (_, Some(k)) => self.scale(k),
            _ if poisoned => Aff {
                overflow: true,
                ..Aff::constant(0)
            },
            _ => return None,
        };
        Some(Aff {
            overflow: result.overflow || poisoned,
            ..result
        })
    }

    /// The same expression with its terms sorted by atom, so that equal expressions
    /// compare equal whatever order they were built in.
    pub fn sorted(&self) -> Aff {
        let mut terms = self.terms.clone();
        terms.sort();
        Aff {
            terms,
            ..self.clone()
        }
    }

    pub fn constant_term(&self) -> i64 {
        self.constant
    }

    /// (atom, coefficient) pairs, no zero coefficients.
    pub fn terms(&self) -> &[(Atom, i64)] {
        &self.terms
    }

    /// The atom, if the expression is exactly one atom (coefficient 1, no constant).
    pub fn single_atom(&self) -> Option<&Atom> {
        match self.terms.as_slice() {
            [(atom, 1)] if self.constant == 0 && !self.overflow => Some(atom),
            _ => None,
        }
    }

    /// A new atom built from this expression; overflowed if its text is too long.
    fn derived(&self, atom: Atom) -> Aff {
        let overflow = self.overflow || atom.to_string().len() > MAX_ATOM_LEN;
        Aff {
            overflow,
            ..Aff::atom(atom)
        }
    }

    pub fn floor_div(&self, d: i64) -> Aff {
        match self.as_constant() {
            Some(c) => Aff::constant(c.div_euclid(d)),
            None => self.derived(Atom::FloorDiv(Box::new(self.clone()), d)),
        }
    }

    pub fn ceil_div(&self, d: i64) -> Aff {
        match self.as_constant() {
            Some(c) => match c.checked_neg() {
                Some(n) => Aff::constant(-(n.div_euclid(d))),
                None => Aff {
                    overflow: true,
                    ..Aff::constant(0)
                },
            },
            None => self.derived(Atom::CeilDiv(Box::new(self.clone()), d)),
        }
    }

    pub fn modulo(&self, d: i64) -> Aff {
        match self.as_constant() {
            Some(c) => Aff::constant(c.rem_euclid(d)),
            None => self.derived(Atom::Mod(Box::new(self.clone()), d)),
        }
    }
}

impl fmt::Display for Aff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (atom, c) in &self.terms {
            let (sign, mag) = if *c < 0 {
                ("-", c.unsigned_abs())
            } else {
                ("+", c.unsigned_abs())
            };
            match (first, sign) {
                (true, "-") => write!(f, "-")?,
                (true, _) => {}
                (false, s) => write!(f, " {s} ")?,
            }
            if mag != 1 {
                write!(f, "{mag}*")?;
            }
            write!(f, "{atom}")?;
            first = false;
        }
        if first {
            write!(f, "{}", self.constant)
        } else if self.constant > 0 {
            write!(f, " + {}", self.constant)
        } else if self.constant < 0 {
            write!(f, " - {}", self.constant.unsigned_abs())
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Aff, Atom};

    fn iv(d: usize) -> Aff {
        Aff::atom(Atom::Iv(d))
    }
    fn param(n: &str) -> Aff {
        Aff::atom(Atom::Param(n.into()))
    }

    #[test]
    fn prints_like_isl() {
        let e = iv(0).sub(&iv(1)).add(&Aff::constant(-1));
        assert_eq!(e.to_string(), "i0 - i1 - 1");
        let e = param("p0").scale(2).sub(&iv(0).scale(3));
        assert_eq!(e.to_string(), "2*p0 - 3*i0");
        assert_eq!(iv(0).sub(&iv(0)).to_string(), "0");
        assert_eq!(
            iv(0).add(&Aff::constant(1)).floor_div(2).to_string(),
            "floor((i0 + 1)/2)"
        );
        assert_eq!(Aff::constant(-7).floor_div(2).to_string(), "-4");
        assert_eq!(Aff::constant(-7).ceil_div(2).to_string(), "-3");
        assert_eq!(Aff::constant(-7).modulo(3).to_string(), "2");
        assert_eq!(Aff::constant(i64::MIN).to_string(), "-9223372036854775808");
        assert_eq!(
            param("n").add(&Aff::constant(i64::MIN)).to_string(),
            "n - 9223372036854775808"
        );
    }

    #[test]
    fn sorted_and_single_atom() {
        let a = param("b").add(&param("a"));
        let b = param("a").add(&param("b"));
        assert_ne!(a, b);
        assert_eq!(a.sorted(), b.sorted());
        assert_eq!(param("n").single_atom(), Some(&Atom::Param("n".into())));
        assert_eq!(param("n").add(&Aff::constant(1)).single_atom(), None);
        assert_eq!(param("n").scale(2).single_atom(), None);
    }

    #[test]
    fn overflow_is_sticky() {
        let big = iv(7).scale(i64::MAX);
        assert!(!big.overflowed());
        assert!(big.add(&big).overflowed());
        assert!(big.scale(2).overflowed());
        assert!(Aff::constant(i64::MAX).add(&Aff::constant(1)).overflowed());
        assert!(big.add(&big).sub(&big).overflowed());
        assert!(Aff::constant(i64::MIN).ceil_div(2).overflowed());
        assert!(big.scale(2).mul(&Aff::constant(0)).unwrap().overflowed());
        assert_eq!(big.scale(2).as_constant(), None);
        let mut e = iv(7);
        for _ in 0..20 {
            e = e.add(&e.floor_div(3)).floor_div(2);
        }
        assert!(e.overflowed());
    }
}
