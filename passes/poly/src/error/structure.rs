//! A fusion structure (seed 002's ρ_1, `fusion-structure`) that does not fit a SCoP
//! or is not legal for it.

/// Why a structure is refused for a SCoP. Typed so that callers (and tests) can
/// tell the cases apart; the text is the remark.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StructureError {
    #[error("fusion-structure has {given} entries and the SCoP {statements} statements")]
    WrongLength { given: usize, statements: usize },
    #[error(
        "fusion-structure {structure}: a dependence from {from} to {to} would go from a \
         later group back to an earlier one"
    )]
    Backward {
        structure: String,
        from: String,
        to: String,
    },
    #[error("fusion-structure {structure}: {statement} has no loop to share with its group")]
    NoLoop {
        structure: String,
        statement: String,
    },
    #[error(
        "fusion-structure {structure}: no common outermost loop (non-negative \
         coefficients, seed 002 section 4) for {group}"
    )]
    NoCommonLoop { structure: String, group: String },
}
