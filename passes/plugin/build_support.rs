//! What both build scripts of the plugin share (`build.rs` and `core/build.rs`).

/// A C++ string literal.
pub fn quote(text: &str) -> String {
    let mut q = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => q += "\\\"",
            '\\' => q += "\\\\",
            '\n' => q += "\\n",
            _ => q.push(ch),
        }
    }
    q + "\""
}
