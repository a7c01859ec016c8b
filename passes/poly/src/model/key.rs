//! The key of a SCoP's model in a tuning database (issue 40): equal for the same
//! loop nest whatever its values, functions or files are called and whatever code
//! surrounds it. Statements are already named by position (`S0`, `S1`, ...) and
//! iterators by depth (`i0`, ...); parameters become `p0, p1, ...` in the SCoP's
//! order and arrays `a0, a1, ...` in the order the accesses first name them, so
//! that an argument added in front of a function (which renumbers `arg3` to
//! `arg4`) changes nothing. The key is a 128-bit FNV-1a hash of that text: stable
//! across builds and platforms, unlike std's hasher.

use std::collections::HashMap;

use crate::model::scop::Scop;

/// The key, 32 hexadecimal digits.
pub fn model_key(scop: &Scop) -> String {
    format!("{:032x}", fnv1a_128(canonical_text(scop).as_bytes()))
}

/// The SCoP as text with parameters and arrays renamed by position.
pub(crate) fn canonical_text(scop: &Scop) -> String {
    let mut names: HashMap<&str, String> = HashMap::new();
    for (k, p) in scop.params.iter().enumerate() {
        names.insert(p.as_str(), format!("p{k}"));
    }
    let mut arrays = 0;
    for st in &scop.statements {
        for a in &st.accesses {
            if let Some(array) = range_name(&a.relation) {
                if !names.contains_key(array) {
                    names.insert(array, format!("a{arrays}"));
                    arrays += 1;
                }
            }
        }
    }
    let rename = |text: &str| rename_identifiers(text, &names);
    let mut out = format!("context {}\n", rename(&scop.context));
    for st in &scop.statements {
        out.push_str(&format!(
            "{}\n domain {}\n schedule {}\n",
            st.name,
            rename(&st.domain),
            rename(&st.schedule)
        ));
        for a in &st.accesses {
            out.push_str(&format!(" {:?} {}\n", a.kind, rename(&a.relation)));
        }
    }
    let mut killed: Vec<String> = scop.killed.iter().map(|k| rename(k)).collect();
    killed.sort();
    let mut bytes: Vec<String> = scop
        .element_bytes
        .iter()
        .map(|(a, b)| format!("{}:{b}", rename(a)))
        .collect();
    bytes.sort();
    out.push_str(&format!(
        "killed {}\nbytes {}\n",
        killed.join(","),
        bytes.join(",")
    ));
    out
}

/// The array an access relation `{ S[...] -> A[...] }` names.
fn range_name(relation: &str) -> Option<&str> {
    let after = relation.split_once("->").map(|(_, r)| r)?;
    // A parametric relation has `[params] -> {` first: take the arrow inside braces.
    let after = match relation.split_once('{') {
        Some((_, body)) => body.split_once("->").map(|(_, r)| r)?,
        None => after,
    };
    let name = after.trim_start();
    let end = name
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    (end > 0).then(|| &name[..end])
}

/// `text` with every identifier that `names` maps replaced, whole words only.
fn rename_identifiers(text: &str, names: &HashMap<&str, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match names.get(word.as_str()) {
            Some(new) => out.push_str(new),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' || (c == '\'' && !word.is_empty()) {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

fn fnv1a_128(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013b;
    bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ u128::from(b)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scop::{Access, AccessKind, Statement};

    fn scop(n: &str, array: &str) -> Scop {
        let params = format!("[{n}]");
        Scop {
            params: vec![n.to_string()],
            context: format!("{params} -> {{ : }}"),
            statements: vec![Statement {
                name: "S0".into(),
                domain: format!("{params} -> {{ S0[i0] : 0 <= i0 < {n} }}"),
                schedule: format!("{params} -> {{ S0[i0] -> [0, i0, 0] }}"),
                accesses: vec![Access {
                    kind: AccessKind::MustWrite,
                    relation: format!("{params} -> {{ S0[i0] -> {array}[i0] }}"),
                }],
            }],
            killed: Vec::new(),
            element_bytes: vec![(array.to_string(), 8)],
        }
    }

    #[test]
    fn the_key_ignores_names_and_sees_the_nest() {
        // Renaming the size parameter and the array (an argument added in front of
        // the function renumbers both) keeps the key; another bound does not.
        let a = model_key(&scop("arg0", "arg3"));
        assert_eq!(a.len(), 32);
        assert_eq!(a, model_key(&scop("arg1", "arg4")));
        let mut other = scop("arg0", "arg3");
        other.statements[0].domain = "[arg0] -> { S0[i0] : 0 <= i0 < arg0 - 1 }".into();
        assert_ne!(a, model_key(&other));
        // Whole identifiers only: arg1 is not a prefix of arg10.
        let names: HashMap<&str, String> = [("arg1", "p0".to_string())].into_iter().collect();
        assert_eq!(
            rename_identifiers("arg1 + arg10 - arg1'", &names),
            "p0 + arg10 - arg1'"
        );
        assert_eq!(range_name("[n] -> { S0[i] -> A[i + 1] }"), Some("A"));
        assert_eq!(range_name("{ S0[] -> T0[] }"), Some("T0"));
        assert!(canonical_text(&scop("n", "B")).contains("a0[i0]"));
    }
}
