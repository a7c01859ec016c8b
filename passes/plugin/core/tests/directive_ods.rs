//! A Clay directive is declared once, as a `transform.tessel.*` op in
//! `dialect/TesselTransformOps.td`; Rust reads the op's attributes by the names
//! declared there (`tessel_poly::clay::directive::SIGNATURES`). This test fails when
//! the two disagree: an op Rust does not know, a directive with no op, or arguments
//! named or ordered differently.

use tessel_poly::clay::directive::SIGNATURES;

const TD: &str = include_str!("../../../../dialect/TesselTransformOps.td");

/// Each `Tessel_DirectiveOp<"mnemonic", "...", (ins ...), ...>` of `td`: its
/// mnemonic and the names of its `(ins ...)` arguments, in order.
fn directive_ops(td: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    // Skip the class definition itself (`class Tessel_DirectiveOp<string mnemonic, ...`).
    for (at, _) in td.match_indices("Tessel_DirectiveOp<\"") {
        let rest = &td[at + "Tessel_DirectiveOp<\"".len()..];
        let Some(end) = rest.find('"') else { continue };
        let mnemonic = rest[..end].to_string();
        let Some(ins) = rest.find("(ins") else {
            continue;
        };
        let mut depth = 0;
        let mut close = None;
        for (k, c) in rest[ins..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(ins + k);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { continue };
        let args = rest[ins..close]
            .split(":$")
            .skip(1)
            .map(|s| {
                s.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect()
            })
            .collect();
        out.push((mnemonic, args));
    }
    out
}

/// What differs between `td`'s directive ops and [`SIGNATURES`], one line each.
fn differences(td: &str) -> Vec<String> {
    let ops = directive_ops(td);
    let mut out = Vec::new();
    for (mnemonic, args) in &ops {
        match SIGNATURES.iter().find(|s| s.name == mnemonic) {
            None => out.push(format!("transform.tessel.{mnemonic}: no Rust signature")),
            Some(s) if s.args != args.as_slice() => out.push(format!(
                "transform.tessel.{mnemonic}: the .td declares {args:?}, Rust reads {:?}",
                s.args
            )),
            Some(_) => {}
        }
    }
    for s in SIGNATURES {
        if !ops.iter().any(|(m, _)| m == s.name) {
            out.push(format!("{}: no transform.tessel op declares it", s.name));
        }
    }
    out
}

#[test]
fn every_directive_op_is_read_by_the_names_its_declaration_gives() {
    let ops = directive_ops(TD);
    assert_eq!(ops.len(), SIGNATURES.len(), "directive ops found: {ops:?}");
    let diff = differences(TD);
    assert!(diff.is_empty(), "{}", diff.join("\n"));
}

#[test]
fn a_renamed_or_missing_argument_is_caught() {
    // skew's `$factor` renamed: the .td and Rust disagree.
    let renamed = TD.replacen(
        "Tessel_I64Attr:$dim, Tessel_I64Attr:$factor), \"`,` $dim `,` $factor\"> {",
        "Tessel_I64Attr:$dim, Tessel_I64Attr:$k), \"`,` $dim `,` $k\"> {",
        1,
    );
    assert_ne!(renamed, TD, "the planted edit must apply");
    assert_eq!(
        differences(&renamed).len(),
        1,
        "{:?}",
        differences(&renamed)
    );
    // An op dropped from the .td: Rust has a directive with no op.
    let dropped = TD.replacen(
        "Tessel_DirectiveOp<\"tile\"",
        "Tessel_TransformOp<\"tile\"",
        1,
    );
    assert_ne!(dropped, TD);
    assert!(differences(&dropped)
        .iter()
        .any(|d| d.starts_with("tile: no transform.tessel op")));
}
