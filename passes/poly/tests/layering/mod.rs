//! The layer check of a crate's sources, run as a test by `tessel-poly` and
//! `tessel-mlir` (`tests/layers.rs` in each). It reads the layer table in the doc of
//! the crate's `src/lib.rs` (the first table whose header starts `| modules |`: one
//! row per layer, in pipeline order, its modules in backticks) and fails when
//!
//! - a module imports from a layer below its own (a later row);
//! - sibling files import each other in a circle (within one folder, or between
//!   top-level modules of one row).
//!
//! A module takes the row of the longest module path in the table that contains it,
//! so a feature folder can spread over several rows (`gpu` in one, `gpu::map` in
//! another). Imports are the paths the source names: `crate::…`, `super::…`,
//! `self::…`, a child module's name, and the crate root's re-exports (resolved
//! through `lib.rs`'s `pub use`). Tests (`#[cfg(test)]` items) and comments are
//! not read.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path inside the crate, e.g. `["transform", "tile"]`; the root is empty.
type Module = Vec<String>;

/// What [`check`] found wrong, one line each (empty: the sources keep the layers).
pub fn check(src: &Path, exempt: &[&str]) -> Vec<String> {
    let files = module_files(src);
    let lib = fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let rows = layer_rows(&lib);
    assert!(!rows.is_empty(), "lib.rs has no `| modules |` table");
    let modules: BTreeSet<Module> = files.keys().cloned().collect();
    let reexports = root_reexports(&lib, &modules);
    let exempt: Vec<Module> = exempt.iter().map(|m| path_of(m)).collect();
    let mut breaches = Vec::new();
    // Edges between the modules (files) of the crate, the root's re-exports left out.
    let mut edges: BTreeSet<(Module, Module)> = BTreeSet::new();
    for (module, file) in &files {
        if module.is_empty() || exempt.iter().any(|e| module.starts_with(e)) {
            continue;
        }
        let Some(own) = row_of(&rows, module) else {
            breaches.push(format!("{}: in no row of the layer table", show(module)));
            continue;
        };
        let source = code_only(&fs::read_to_string(file).expect("a source file"));
        let is_folder = file.ends_with("mod.rs");
        for path in imported_paths(&source) {
            let Some(target) = resolve(&path, module, is_folder, &modules, &reexports) else {
                continue;
            };
            if target.is_empty() || module.starts_with(&target) || target.starts_with(module) {
                continue;
            }
            let first_time = !edges.contains(&(module.clone(), target.clone()));
            if let Some(theirs) = row_of(&rows, &target).filter(|_| first_time) {
                if theirs > own {
                    breaches.push(format!(
                        "{} (layer {}) imports {} from {} (layer {}, below it)",
                        show(module),
                        own + 1,
                        path.join("::"),
                        show(&target),
                        theirs + 1
                    ));
                }
            }
            edges.insert((module.clone(), target));
        }
    }
    breaches.extend(sibling_circles(&edges, &rows));
    breaches
}

/// Every `.rs` file under `src`, by the module it defines.
fn module_files(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let mut module: Module = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            out.insert(module, path);
        }
    }
    out
}

/// The rows of the layer table: each row's module paths.
fn layer_rows(lib: &str) -> Vec<Vec<Module>> {
    let lines: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("//!"))
        .map(str::trim)
        .collect();
    let Some(header) = lines.iter().position(|l| l.starts_with("| modules |")) else {
        return Vec::new();
    };
    lines[header + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let first = row.split('|').nth(1).unwrap_or("");
            first.split('`').skip(1).step_by(2).map(path_of).collect()
        })
        .collect()
}

/// The row of the longest table path that contains `module`.
fn row_of(rows: &[Vec<Module>], module: &Module) -> Option<usize> {
    rows.iter()
        .enumerate()
        .flat_map(|(k, paths)| paths.iter().map(move |p| (k, p)))
        .filter(|(_, p)| module.starts_with(p))
        .max_by_key(|(_, p)| p.len())
        .map(|(k, _)| k)
}

/// The names the crate root re-exports, each with the module it comes from.
fn root_reexports(lib: &str, modules: &BTreeSet<Module>) -> BTreeMap<String, Module> {
    let mut out = BTreeMap::new();
    for tree in use_trees(&code_only(lib)) {
        for (path, name) in expand(&tree) {
            if let Some(module) = longest_module(&path, modules) {
                out.insert(name, module);
            }
        }
    }
    out
}

/// `source` without comments, string and character literals and `#[cfg(test)]`
/// items.
fn code_only(source: &str) -> String {
    let mut out = String::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // A character literal ('"', '\''); a lifetime ('a) has no closing quote.
            '\'' => {
                let mut ahead = chars.clone();
                let literal = match ahead.next() {
                    Some('\\') => true,
                    Some(_) => ahead.next() == Some('\''),
                    None => false,
                };
                if literal {
                    let mut escaped = false;
                    for c in chars.by_ref() {
                        if c == '\'' && !escaped {
                            break;
                        }
                        escaped = c == '\\' && !escaped;
                    }
                    out.push_str("' '");
                } else {
                    out.push(c);
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '"' && !escaped {
                        break;
                    }
                    escaped = c == '\\' && !escaped;
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    without_test_items(&out)
}

/// Drops each item that follows a `#[cfg(test)]`: up to its `;` or to the end of
/// its `{ … }` block.
fn without_test_items(source: &str) -> String {
    let mut out = String::new();
    let mut rest = source;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let end = match (item.find('{'), item.find(';')) {
            (Some(open), Some(semi)) if semi < open => semi + 1,
            (Some(open), _) => matching_brace(item, open),
            (None, Some(semi)) => semi + 1,
            (None, None) => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The index just past the brace that closes the one at `open`.
fn matching_brace(text: &str, open: usize) -> usize {
    let mut depth = 0;
    for (k, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + k + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The body of every `use` declaration (between `use` and `;`).
fn use_trees(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = source.as_bytes();
    let mut from = 0;
    while let Some(k) = source[from..].find("use ") {
        let at = from + k;
        from = at + 4;
        let starts_word =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if !starts_word {
            continue;
        }
        if let Some(end) = source[from..].find(';') {
            let tree: Vec<&str> = source[from..from + end].split_whitespace().collect();
            out.push(tree.join(" "));
            from += end;
        }
    }
    out
}

/// A use tree (`a::{b, c::{self as d, e}}`) as (path, name it binds) pairs.
fn expand(tree: &str) -> Vec<(Module, String)> {
    let mut out = Vec::new();
    expand_into(&[], tree, &mut out);
    out
}

fn expand_into(prefix: &[String], tree: &str, out: &mut Vec<(Module, String)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Module = path_of(tree[..open].trim_end_matches("::"));
        let mut base = prefix.to_vec();
        base.extend(head);
        let inner = &tree[open + 1..matching_brace(tree, open) - 1];
        for part in split_top_level(inner) {
            expand_into(&base, part, out);
        }
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p, Some(a.trim())),
        None => (tree, None),
    };
    let mut full = prefix.to_vec();
    let segments = path_of(path.trim());
    let self_import = segments.len() == 1 && segments[0] == "self";
    if !self_import {
        full.extend(segments);
    }
    let Some(last) = full.last().cloned() else {
        return;
    };
    let name = alias.map_or(last, str::to_string);
    out.push((full, name));
}

/// `a, b::{c, d}, e` split at the commas outside braces.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (k, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// The paths a source names: those of its `use` declarations, and the
/// `crate::…`/`super::…` paths written inline.
fn imported_paths(source: &str) -> BTreeSet<Module> {
    let mut out: BTreeSet<Module> = use_trees(source)
        .iter()
        .flat_map(|t| expand(t))
        .map(|(path, _)| path)
        .collect();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(k) = source[from..].find(start) {
            let at = from + k;
            from = at + start.len();
            let before = source[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = source[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.insert(path_of(&path));
        }
    }
    out
}

/// The module a path imported in `module` names, when it names one of the crate's.
fn resolve(
    path: &[String],
    module: &Module,
    is_folder: bool,
    modules: &BTreeSet<Module>,
    reexports: &BTreeMap<String, Module>,
) -> Option<Module> {
    let first = path.first()?;
    let absolute: Module = match first.as_str() {
        "crate" => {
            let rest = path[1..].to_vec();
            let head = rest.first()?;
            if !modules.contains(&vec![head.clone()]) {
                return reexports.get(head).cloned();
            }
            rest
        }
        "super" => {
            // A file `a/b.rs` is module `a::b`: `super` is `a`. A folder's `mod.rs`
            // is module `a`: `super` is its parent, the same way.
            let mut base = module.clone();
            let mut rest = path;
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            base
        }
        "self" => {
            let mut base = if is_folder {
                module.clone()
            } else {
                parent(module)
            };
            base.extend(path[1..].iter().cloned());
            base
        }
        _ => {
            // A child module named bare (`use band::Band;` in `scheduler/mod.rs`).
            let mut child = module.clone();
            child.push(first.clone());
            if !is_folder || !modules.contains(&child) {
                return None;
            }
            child.extend(path[1..].iter().cloned());
            child
        }
    };
    longest_module(&absolute, modules)
}

fn longest_module(path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| modules.contains(m))
}

/// Circles among siblings: an import between two modules counts as one between
/// the children of their closest common folder that hold them (the top-level
/// modules count only within one row: between rows the layer rule decides).
fn sibling_circles(edges: &BTreeSet<(Module, Module)>, rows: &[Vec<Module>]) -> Vec<String> {
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, to) in edges {
        let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
        let (a, b) = (from[..=common].to_vec(), to[..=common].to_vec());
        if common == 0 && row_of(rows, &a) != row_of(rows, &b) {
            continue;
        }
        graph.entry(a).or_default().insert(b);
    }
    let mut out = Vec::new();
    let mut reported: BTreeSet<Module> = BTreeSet::new();
    for start in graph.keys() {
        if reported.contains(start) {
            continue;
        }
        if let Some(circle) = circle_through(start, &graph) {
            reported.extend(circle.iter().cloned());
            let names: Vec<String> = circle.iter().map(show).collect();
            out.push(format!("circle: {} -> {}", names.join(" -> "), show(start)));
        }
    }
    out
}

/// A path from `start` back to itself, if there is one (depth first).
fn circle_through(
    start: &Module,
    graph: &BTreeMap<Module, BTreeSet<Module>>,
) -> Option<Vec<Module>> {
    let mut stack = vec![(start.clone(), vec![start.clone()])];
    let mut seen = BTreeSet::new();
    while let Some((node, path)) = stack.pop() {
        for next in graph.get(&node).into_iter().flatten() {
            if next == start {
                return Some(path);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

fn parent(module: &Module) -> Module {
    module[..module.len().saturating_sub(1)].to_vec()
}

fn path_of(text: &str) -> Module {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn show(module: &Module) -> String {
    if module.is_empty() {
        "the crate root".into()
    } else {
        module.join("::")
    }
}
