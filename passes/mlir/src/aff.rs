//! Quasi-affine expressions as extraction builds them: a linear combination of atoms
//! (loop IVs, parameters, and `floor(.../c)` / `... mod c` terms) plus a constant.
//! Printed in isl syntax without redundant parentheses, e.g. `i0 - i1 - 1`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aff {
    /// (atom, coefficient), in first-use order, no zero coefficients.
    terms: Vec<(String, i64)>,
    constant: i64,
}

impl Aff {
    pub fn constant(c: i64) -> Aff {
        Aff { terms: vec![], constant: c }
    }

    pub fn atom(name: impl Into<String>) -> Aff {
        Aff { terms: vec![(name.into(), 1)], constant: 0 }
    }

    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub fn add(&self, other: &Aff) -> Aff {
        let mut out = self.clone();
        for (atom, coeff) in &other.terms {
            match out.terms.iter_mut().find(|(a, _)| a == atom) {
                Some(t) => t.1 += coeff,
                None => out.terms.push((atom.clone(), *coeff)),
            }
        }
        out.terms.retain(|(_, c)| *c != 0);
        out.constant += other.constant;
        out
    }

    pub fn scale(&self, k: i64) -> Aff {
        if k == 0 {
            return Aff::constant(0);
        }
        Aff {
            terms: self.terms.iter().map(|(a, c)| (a.clone(), c * k)).collect(),
            constant: self.constant * k,
        }
    }

    pub fn sub(&self, other: &Aff) -> Aff {
        self.add(&other.scale(-1))
    }

    /// Product; None unless one side is constant.
    pub fn mul(&self, other: &Aff) -> Option<Aff> {
        match (self.as_constant(), other.as_constant()) {
            (Some(k), _) => Some(other.scale(k)),
            (_, Some(k)) => Some(self.scale(k)),
            _ => None,
        }
    }

    /// The same expression with its terms sorted by atom, so that equal expressions
    /// compare equal whatever order they were built in.
    pub fn sorted(&self) -> Aff {
        let mut terms = self.terms.clone();
        terms.sort();
        Aff { terms, constant: self.constant }
    }

    pub fn constant_term(&self) -> i64 {
        self.constant
    }

    /// (atom, coefficient) pairs, no zero coefficients.
    pub fn terms(&self) -> &[(String, i64)] {
        &self.terms
    }

    /// The atom, if the expression is exactly one atom (coefficient 1, no constant).
    pub fn single_atom(&self) -> Option<&str> {
        match self.terms.as_slice() {
            [(atom, 1)] if self.constant == 0 => Some(atom),
            _ => None,
        }
    }

    pub fn floor_div(&self, d: i64) -> Aff {
        match self.as_constant() {
            Some(c) => Aff::constant(c.div_euclid(d)),
            None => Aff::atom(format!("floor(({self})/{d})")),
        }
    }

    pub fn ceil_div(&self, d: i64) -> Aff {
        match self.as_constant() {
            Some(c) => Aff::constant(-((-c).div_euclid(d))),
            None => Aff::atom(format!("ceil(({self})/{d})")),
        }
    }

    pub fn modulo(&self, d: i64) -> Aff {
        match self.as_constant() {
            Some(c) => Aff::constant(c.rem_euclid(d)),
            None => Aff::atom(format!("(({self}) mod {d})")),
        }
    }
}

impl fmt::Display for Aff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (atom, c) in &self.terms {
            let (sign, mag) = if *c < 0 { ("-", -c) } else { ("+", *c) };
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
            write!(f, " - {}", -self.constant)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Aff;

    #[test]
    fn prints_like_isl() {
        let e = Aff::atom("i0").sub(&Aff::atom("i1")).add(&Aff::constant(-1));
        assert_eq!(e.to_string(), "i0 - i1 - 1");
        let e = Aff::atom("p0").scale(2).sub(&Aff::atom("i0").scale(3));
        assert_eq!(e.to_string(), "2*p0 - 3*i0");
        assert_eq!(Aff::atom("i0").sub(&Aff::atom("i0")).to_string(), "0");
        assert_eq!(Aff::atom("i0").add(&Aff::constant(1)).floor_div(2).to_string(), "floor((i0 + 1)/2)");
        assert_eq!(Aff::constant(-7).floor_div(2).to_string(), "-4");
        assert_eq!(Aff::constant(-7).ceil_div(2).to_string(), "-3");
        assert_eq!(Aff::constant(-7).modulo(3).to_string(), "2");
        let a = Aff::atom("b").add(&Aff::atom("a"));
        let b = Aff::atom("a").add(&Aff::atom("b"));
        assert_ne!(a, b);
        assert_eq!(a.sorted(), b.sorted());
        assert_eq!(Aff::atom("n").single_atom(), Some("n"));
        assert_eq!(Aff::atom("n").add(&Aff::constant(1)).single_atom(), None);
        assert_eq!(Aff::atom("n").scale(2).single_atom(), None);
    }
}
