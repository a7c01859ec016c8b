//! The layers of `src/lib.rs`'s table hold: no module imports from a layer below
//! its own, and no sibling files import each other in a circle (the check is
//! `tessel-poly`'s, `tests/layering`).

#[path = "../../../poly/tests/layering/mod.rs"]
mod layering;

use std::path::Path;

#[test]
fn every_module_imports_only_from_its_layer_or_above() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let breaches = layering::check(&src, &[]);
    assert!(breaches.is_empty(), "{breaches:#?}");
}
