//! Stable text forms for lit tests and stage passes.
//!
//! isl prints the pieces of a union map in hash-table order. That order is
//! deterministic, but it depends on isl internals, so we print each piece on its own
//! and sort the pieces.

use isl_rs::UnionMap;

use crate::error::PolyError;
use crate::support::isl::{maps_of, Ctx, IslResult};

/// `[params] -> { piece1; piece2 }` with the pieces (one per space, coalesced)
/// sorted as strings. An empty map prints as isl prints it (`{  }`).
pub fn union_map_text(cx: &Ctx, umap: &UnionMap) -> Result<String, PolyError> {
    let umap = umap.copy().isl(cx)?.coalesce().isl(cx)?;
    let mut pieces = Vec::new();
    for map in maps_of(cx, &umap)? {
        pieces.push(cx.text(&map.coalesce().isl(cx)?)?);
    }
    if pieces.is_empty() {
        return cx.text(&umap);
    }
    Ok(join_pieces(&pieces))
}

/// Joins `P -> { body }` texts that share the parameter prefix `P`.
fn join_pieces(pieces: &[String]) -> String {
    let mut prefix = "";
    let mut bodies: Vec<&str> = Vec::new();
    for p in pieces {
        match (p.find('{'), p.rfind('}')) {
            (Some(open), Some(close)) if open < close => {
                prefix = &p[..open];
                let body = p[open + 1..close].trim();
                if !body.is_empty() {
                    bodies.push(body);
                }
            }
            _ => bodies.push(p.as_str()),
        }
    }
    bodies.sort_unstable();
    format!("{prefix}{{ {} }}", bodies.join("; "))
}

/// The expression of a one-output affine function printed by isl, e.g.
/// `[N] -> { S0[i, j] -> [(32*floor((i)/32))] }` gives `32*floor((i)/32)`.
/// Anything else (a piecewise function) is returned whole.
pub fn aff_expression(text: &str) -> String {
    let inner = text
        .rfind("-> [")
        .and_then(|start| {
            let rest = &text[start + 4..];
            rest.rfind(']').map(|end| &rest[..end])
        })
        .filter(|inner| !inner.contains(':') && !inner.contains(';'));
    match inner {
        Some(e) => strip_outer_parens(e.trim()).to_string(),
        None => text.to_string(),
    }
}

/// `(x + 1)` → `x + 1`, but `(a) + (b)` stays as it is.
fn strip_outer_parens(e: &str) -> &str {
    if !(e.starts_with('(') && e.ends_with(')')) {
        return e;
    }
    let mut depth = 0i32;
    for (k, c) in e.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 && k + 1 != e.len() {
                    return e;
                }
            }
            _ => {}
        }
    }
    &e[1..e.len() - 1]
}

/// Formats `T(S0): (e1, e2, ...)`, Pluto's way of showing a statement's schedule.
pub fn pluto_line(name: &str, exprs: &[String]) -> String {
    format!("T({name}): ({})", exprs.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aff_expressions() {
        assert_eq!(
            aff_expression("[N] -> { S0[i, j] -> [(32*floor((i)/32))] }"),
            "32*floor((i)/32)"
        );
        assert_eq!(aff_expression("{ S0[i, j] -> [(0)] }"), "0");
        assert_eq!(aff_expression("{ S0[i] -> [(i)] }"), "i");
        assert_eq!(strip_outer_parens("(a) + (b)"), "(a) + (b)");
    }

    #[test]
    fn pieces_sorted() {
        let p = vec![
            "[N] -> { T[i] -> A[i] }".to_string(),
            "[N] -> { S[i] -> A[i] }".to_string(),
        ];
        assert_eq!(join_pieces(&p), "[N] -> { S[i] -> A[i]; T[i] -> A[i] }");
    }
}
