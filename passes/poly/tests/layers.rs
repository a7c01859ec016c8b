//! The layers of `src/lib.rs`'s table hold: no module imports from a layer below
//! its own, and no sibling files import each other in a circle (see `layering`).

mod layering;

use std::fs;
use std::path::{Path, PathBuf};

#[test]
fn every_module_imports_only_from_its_layer_or_above() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let breaches = layering::check(&src, &[]);
    assert!(breaches.is_empty(), "{breaches:#?}");
}

/// A crate of three layers, `low` importing what the test plants.
fn planted_crate(name: &str, low: &str) -> PathBuf {
    let src = std::env::temp_dir().join(format!("tessel-layers-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&src);
    fs::create_dir_all(src.join("mid")).expect("a temporary folder");
    let files = [
        (
            "lib.rs",
            "//! | modules | step |\n//! |---|---|\n//! | `base` | first |\n\
             //! | `mid` | second |\n//! | `top` | third |\n\
             mod base;\nmod mid;\nmod top;\npub use top::Top;\n",
        ),
        ("base.rs", low),
        ("mid/mod.rs", "mod a;\nmod b;\nuse crate::base::Base;\n"),
        ("mid/a.rs", "use super::b::B;\n"),
        ("mid/b.rs", "pub struct B;\n"),
        ("top.rs", "use crate::mid::a;\npub struct Top;\n"),
    ];
    for (path, text) in files {
        fs::write(src.join(path), text).expect("a temporary file");
    }
    src
}

#[test]
fn an_upward_import_or_a_circle_fails_the_check() {
    let clean = planted_crate("clean", "pub struct Base;\n// use crate::top::Top;\n");
    assert_eq!(layering::check(&clean, &[]), Vec::<String>::new());
    // Through a root re-export, and written inline.
    for (name, plant) in [
        ("reexport", "use crate::Top;\n"),
        ("inline", "fn f() { let _ = crate::mid::b::B; }\n"),
    ] {
        let src = planted_crate(name, plant);
        let breaches = layering::check(&src, &[]);
        assert_eq!(breaches.len(), 1, "{breaches:#?}");
        assert!(
            breaches[0].starts_with("base (layer 1) imports"),
            "{breaches:#?}"
        );
        // An exempt module is not read.
        assert_eq!(layering::check(&src, &["base"]), Vec::<String>::new());
    }
    let src = planted_crate("circle", "pub struct Base;\n");
    fs::write(src.join("mid/b.rs"), "use super::a;\npub struct B;\n").expect("a file");
    assert_eq!(
        layering::check(&src, &[]),
        ["circle: mid::a -> mid::b -> mid::a"]
    );
    // Test code is not read.
    let src = planted_crate(
        "test",
        "#[cfg(test)]\nmod tests {\n    use crate::Top;\n}\n",
    );
    assert_eq!(layering::check(&src, &[]), Vec::<String>::new());
}
