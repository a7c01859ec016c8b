//! The polyhedral model of one SCoP, written in isl notation.
//!
//! `extract` (MLIR side) fills this in; unit tests write it by hand. Everything is a
//! string in isl syntax so that the core never depends on MLIR and tests read like
//! the papers.

/// A statement of a [`Scop`]: its index in [`Scop::statements`]. This, not the
/// statement's name, is how scheduling and AST generation hand a statement back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StmtId(pub usize);

/// An array of a loaded SCoP: its index in the model's array table, in the order
/// the accesses first name the arrays. Analyses and transforms refer to an array by
/// this; its tuple name in the relations is read once, when the model is loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayId(pub usize);

#[cfg(test)]
impl ArrayId {
    /// For unit tests whose arrays are single capitals: A is array 0, B array 1, ...
    pub(crate) fn of_letter(name: &str) -> ArrayId {
        ArrayId(usize::from(name.as_bytes()[0] - b'A'))
    }
}

/// One static control part: a maximal run of affine loops and conditionals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scop {
    /// Parameter (symbol) names, in order. Never of the form `c<digits>`, which the
    /// AST generator uses for loop iterators.
    pub params: Vec<String>,
    /// Known constraints on the parameters, e.g. `[N, M] -> { : N >= 0 and M >= 0 }`.
    pub context: String,
    pub statements: Vec<Statement>,
    /// Arrays whose contents are dead after the SCoP (e.g. temporaries local to it):
    /// their last writes need not stay last (seed 001 §2.5, kills). Only
    /// live-range reordering makes use of it.
    pub killed: Vec<String>,
    /// Bytes per element of the arrays, by name, for the spatial-locality model
    /// (seed 000 §4.1: a cache line holds `line size / element size` elements). An
    /// array not listed counts as 8 bytes.
    pub element_bytes: Vec<(String, u32)>,
}

/// A statement: one op that writes memory, plus the pure ops it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// isl tuple name, `S0`, `S1`, ... Unique inside the SCoP.
    pub name: String,
    /// Iteration domain, e.g. `[N] -> { S0[i, j] : 0 <= i < N and 0 <= j <= i }`.
    /// The tuple dimensions are the values of the enclosing loops' IVs (outermost first),
    /// so a loop with step 2 gives an existential stride constraint.
    pub domain: String,
    /// Original execution order in 2d+1 form, e.g. `[N] -> { S0[i, j] -> [1, i, 0, j, 2] }`:
    /// even positions are the textual positions among siblings, odd positions the loop
    /// IVs. Length is `2 * depth + 1`; different statements may have different lengths.
    pub schedule: String,
    pub accesses: Vec<Access>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    Read,
    /// Writes every element of the relation's image (e.g. `affine.store`).
    MustWrite,
    /// May write (e.g. under a condition the model does not capture).
    MayWrite,
}

/// One memory reference. `relation` maps statement instances to array elements,
/// e.g. `[N] -> { S0[i, j] -> A[i, j + 1] }`; a scalar (0-d memref) is `{ S0[i] -> s[] }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub kind: AccessKind,
    pub relation: String,
}

/// A scalar given one slot per copy of an unroll-and-jam block
/// ([`crate::transform::jam`]): codegen allocates `block` elements for it, and each
/// statement that accesses it uses the slot `x_d mod block` of its iterator `x_d`
/// ([`ScalarExpansion::slot_dim`]), or slot 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScalarExpansion {
    /// The scalar's name in the SCoP (`T<k>`).
    pub array: String,
    pub block: i64,
    /// The statements under a jam, with the iterator whose value modulo `block` is
    /// their slot; every other statement uses slot 0.
    pub slots: Vec<(StmtId, Option<usize>)>,
}

impl ScalarExpansion {
    /// The iterator that gives `stmt` its slot (None: slot 0).
    pub fn slot_dim(&self, stmt: Option<StmtId>) -> Option<usize> {
        let stmt = stmt?;
        self.slots
            .iter()
            .find(|(s, _)| *s == stmt)
            .and_then(|(_, d)| *d)
    }
}
