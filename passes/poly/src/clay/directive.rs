//! Clay's directives (seed 003 Fig. 8), printed and parsed in the paper's syntax:
//! `distribute((2), 3)`, `reorder((), (4, 5, 2, 0, 1, 3, 6))`, `fuse_next((0))`.
//!
//! Indices follow the paper: α dimensions and input dimensions count from 1. In
//! affine arguments (SHIFT's amount, INDEXSETSPLIT's constraint), `a<k>` is α_k,
//! `i<k>` the k-th input dimension and any other name a parameter.

use std::fmt;

/// An affine form `Σ coefficient·name + constant`, names unresolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Affine {
    pub terms: Vec<(String, i64)>,
    pub constant: i64,
}

/// One Clay directive. `prefix` is the β-prefix ρ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Directive {
    /// Item `k` among ρ's children moves to position `order[k]`.
    Reorder { prefix: Vec<i64>, order: Vec<i64> },
    /// Fuses loop ρ with the loop right after it.
    FuseNext { prefix: Vec<i64> },
    /// Splits loop ρ after its first `n` children (the digest's corrected E1).
    Distribute { prefix: Vec<i64>, n: i64 },
    /// α_dim ↦ α_dim + amount, amount an affine form of the parameters.
    Shift {
        prefix: Vec<i64>,
        dim: usize,
        amount: Affine,
    },
    /// α_d ↦ α_d + factor·α_dim (d = dim ρ).
    Skew {
        prefix: Vec<i64>,
        dim: usize,
        factor: i64,
    },
    /// α_d ↦ -α_d.
    Reverse { prefix: Vec<i64> },
    /// Swaps α_dim and α_d.
    Interchange { prefix: Vec<i64>, dim: usize },
    /// α_d ↦ α_d + factor·ı_input.
    Reshape {
        prefix: Vec<i64>,
        input: usize,
        factor: i64,
    },
    /// Splits every member under ρ by `constraint >= 0` and its complement; the
    /// complement's copy goes after ρ's children.
    IndexSetSplit {
        prefix: Vec<i64>,
        constraint: Affine,
    },
    /// Joins the members that an INDEXSETSPLIT under ρ made.
    Collapse { prefix: Vec<i64> },
    /// Spreads α_dim's consecutive executions `factor` apart.
    Grain {
        prefix: Vec<i64>,
        dim: usize,
        factor: i64,
    },
    /// Undoes GRAIN on α_dim, its factor deduced.
    Densify { prefix: Vec<i64>, dim: usize },
    /// Loop ρ becomes a loop over chunks of `size` and a loop inside each chunk.
    StripMine { prefix: Vec<i64>, size: i64 },
    /// Undoes STRIPMINE on loop ρ, its size deduced.
    Linearize { prefix: Vec<i64> },
    /// Marks loop ρ parallel.
    Parallelize { prefix: Vec<i64> },
    /// Statement ρ (a whole β-vector) goes into a loop of one iteration, `α = 0`
    /// (the Clay library's `embed`, not in seed 003's Fig. 8: fused with a loop, a
    /// statement with no loops of its own runs at one iteration of it).
    Embed { prefix: Vec<i64> },
    /// Undoes EMBED: statement ρ leaves the one-iteration loop around it, which
    /// holds it alone (the Clay library's `unembed`).
    Unembed { prefix: Vec<i64> },
    /// Loop ρ starts a band of its own (not a primitive of seed 003: the bands are
    /// what tiling works on; no date changes).
    SplitBand { prefix: Vec<i64> },
    /// The children of ρ (the root or a loop) form an isl set node, whose parts the
    /// AST generator may order or interleave (not a primitive of seed 003).
    AnyOrder { prefix: Vec<i64>, parts: Vec<i64> },
    /// The composite of §5.3: STRIPMINE of the `sizes.len()` nested loops from ρ on,
    /// then INTERCHANGEs that take the chunk loops outside.
    Tile { prefix: Vec<i64>, sizes: Vec<i64> },
}

impl Directive {
    /// The name the paper's scripts use.
    pub fn name(&self) -> &'static str {
        match self {
            Directive::Reorder { .. } => "reorder",
            Directive::FuseNext { .. } => "fuse_next",
            Directive::Distribute { .. } => "distribute",
            Directive::Shift { .. } => "shift",
            Directive::Skew { .. } => "skew",
            Directive::Reverse { .. } => "reverse",
            Directive::Interchange { .. } => "interchange",
            Directive::Reshape { .. } => "reshape",
            Directive::IndexSetSplit { .. } => "indexsetsplit",
            Directive::Collapse { .. } => "collapse",
            Directive::Grain { .. } => "grain",
            Directive::Densify { .. } => "densify",
            Directive::StripMine { .. } => "stripmine",
            Directive::Linearize { .. } => "linearize",
            Directive::Parallelize { .. } => "parallelize",
            Directive::Embed { .. } => "embed",
            Directive::Unembed { .. } => "unembed",
            Directive::SplitBand { .. } => "split_band",
            Directive::AnyOrder { .. } => "any_order",
            Directive::Tile { .. } => "tile",
        }
    }

    /// The β-prefix the directive addresses.
    pub fn prefix(&self) -> &[i64] {
        match self {
            Directive::Reorder { prefix, .. }
            | Directive::FuseNext { prefix }
            | Directive::Distribute { prefix, .. }
            | Directive::Shift { prefix, .. }
            | Directive::Skew { prefix, .. }
            | Directive::Reverse { prefix }
            | Directive::Interchange { prefix, .. }
            | Directive::Reshape { prefix, .. }
            | Directive::IndexSetSplit { prefix, .. }
            | Directive::Collapse { prefix }
            | Directive::Grain { prefix, .. }
            | Directive::Densify { prefix, .. }
            | Directive::StripMine { prefix, .. }
            | Directive::Linearize { prefix }
            | Directive::Parallelize { prefix }
            | Directive::Embed { prefix }
            | Directive::Unembed { prefix }
            | Directive::SplitBand { prefix }
            | Directive::AnyOrder { prefix, .. }
            | Directive::Tile { prefix, .. } => prefix,
        }
    }

    /// What the directive does, in words (for explained scripts).
    pub fn describe(&self) -> String {
        let at = |p: &[i64]| {
            if p.is_empty() {
                "the top level".to_string()
            } else {
                format!("loop {}", vector_text(p))
            }
        };
        match self {
            Directive::Reorder { prefix, order } => format!(
                "reorder the items of {}: item k goes to position {}",
                at(prefix),
                vector_text(order)
            ),
            Directive::FuseNext { prefix } => {
                format!("fuse {} with the loop right after it", at(prefix))
            }
            Directive::Distribute { prefix, n } => format!(
                "split {} after its first {n} item{}; the rest go to a new loop right after it",
                at(prefix),
                if *n == 1 { "" } else { "s" }
            ),
            Directive::Shift {
                prefix,
                dim,
                amount,
            } => format!(
                "shift the iterations of loop {dim} around {} by {amount}",
                at(prefix)
            ),
            Directive::Skew {
                prefix,
                dim,
                factor,
            } => format!("skew {} by {} times loop {dim}", at(prefix), -factor),
            Directive::Reverse { prefix } => format!("run {} backwards", at(prefix)),
            Directive::Interchange { prefix, dim } => format!(
                "interchange {} with the loop at depth {dim} around it",
                at(prefix)
            ),
            Directive::Reshape {
                prefix,
                input,
                factor,
            } => format!(
                "add {} times original iterator {input} to {}",
                -factor,
                at(prefix)
            ),
            Directive::IndexSetSplit { prefix, constraint } => format!(
                "split the iterations of {} where {constraint} >= 0 from the others, which follow",
                at(prefix)
            ),
            Directive::Collapse { prefix } => {
                format!("join the parts of {} an index-set split made", at(prefix))
            }
            Directive::Grain {
                prefix,
                dim,
                factor,
            } => format!("spread loop {dim} around {} {factor} apart", at(prefix)),
            Directive::Densify { prefix, dim } => {
                format!("remove the gaps of loop {dim} around {}", at(prefix))
            }
            Directive::StripMine { prefix, size } => {
                format!("strip-mine {} into chunks of {size}", at(prefix))
            }
            Directive::Linearize { prefix } => {
                format!("merge the chunks of {} back into one loop", at(prefix))
            }
            Directive::Parallelize { prefix } => format!("run {} in parallel", at(prefix)),
            Directive::Embed { prefix } => format!(
                "put statement {} in a loop that runs once (at 0)",
                vector_text(prefix)
            ),
            Directive::Unembed { prefix } => format!(
                "take statement {} out of its one-iteration loop",
                vector_text(prefix)
            ),
            Directive::SplitBand { prefix } => format!(
                "start a band at {}: tiling treats it apart from the loops around it",
                at(prefix)
            ),
            Directive::AnyOrder { prefix, parts } => format!(
                "let the code generator order the parts {} of the children of {} as it likes",
                vector_text(parts),
                at(prefix)
            ),
            Directive::Tile { prefix, sizes } => format!(
                "tile the {} loops from {} by {}",
                sizes.len(),
                at(prefix),
                vector_text(sizes)
            ),
        }
    }

    /// Parses one directive, e.g. `distribute((4, 0), 1)` or
    /// `indexsetsplit((0), i1 - N + 3 >= 0)`: its arguments, by position, are read
    /// as [`Directive::from_args`] reads an op's.
    pub fn parse(text: &str) -> Result<Directive, ParseError> {
        let text = text.trim().trim_end_matches(';').trim();
        let open = text
            .find('(')
            .ok_or_else(|| ParseError::NotACall(text.to_string()))?;
        if !text.ends_with(')') {
            return Err(ParseError::NotACall(text.to_string()));
        }
        let name = text[..open].trim();
        let args = split_args(&text[open + 1..text.len() - 1])
            .ok_or_else(|| ParseError::Unbalanced(text.to_string()))?;
        let signature = Signature::find(name, text)?;
        if args.len() != 1 + signature.args.len() {
            return Err(signature.arity_error(text, name));
        }
        let named = |arg: &str| {
            let at = std::iter::once(&"prefix")
                .chain(signature.args)
                .position(|n| *n == arg)?;
            Some(Arg::Text(args[at].clone()))
        };
        Directive::with_signature(signature, name, &named, text)
    }

    /// The directive `name` (`reorder`, `shift`, ...) with the arguments `arg`
    /// gives by their names in [`SIGNATURES`]: typed from a `transform.tessel` op's
    /// attributes, or text from a script. `shown` names the directive in errors.
    pub fn from_args(
        name: &str,
        arg: &dyn Fn(&str) -> Option<Arg>,
        shown: &str,
    ) -> Result<Directive, ParseError> {
        Directive::with_signature(Signature::find(name, shown)?, name, arg, shown)
    }

    /// [`Directive::from_args`] once `name`'s signature is found.
    fn with_signature(
        signature: &Signature,
        name: &str,
        arg: &dyn Fn(&str) -> Option<Arg>,
        shown: &str,
    ) -> Result<Directive, ParseError> {
        let get = |n: &str| arg(n).ok_or_else(|| signature.arity_error(shown, name));
        let vector = |n: &str| match get(n)? {
            Arg::Vector(v) => Ok(v),
            Arg::Int(v) => Err(ParseError::NotAVector(v.to_string())),
            Arg::Text(t) => parse_vector(&t),
        };
        let int = |n: &str| match get(n)? {
            Arg::Int(v) => Ok(v),
            Arg::Vector(v) => Err(ParseError::NotAnInteger(vector_text(&v))),
            Arg::Text(t) => parse_int(&t),
        };
        let index = |n: &str| -> Result<usize, ParseError> {
            let v = int(n)?;
            usize::try_from(v).ok().filter(|&v| v >= 1).ok_or_else(|| {
                ParseError::DimensionBelowOne {
                    text: shown.to_string(),
                    value: v,
                }
            })
        };
        let affine = |n: &str| match get(n)? {
            Arg::Int(v) => Ok(Affine {
                terms: Vec::new(),
                constant: v,
            }),
            Arg::Vector(v) => Err(ParseError::NotAffine(vector_text(&v))),
            Arg::Text(t) => parse_affine(&t),
        };
        let constraint = |n: &str| match get(n)? {
            Arg::Text(t) => parse_constraint(&t),
            Arg::Int(v) => Err(ParseError::NotAConstraint(v.to_string())),
            Arg::Vector(v) => Err(ParseError::NotAConstraint(vector_text(&v))),
        };
        let prefix = vector("prefix")?;
        let d = match signature.name {
            "reorder" => Directive::Reorder {
                prefix,
                order: vector("order")?,
            },
            "fuse_next" => Directive::FuseNext { prefix },
            "distribute" => Directive::Distribute {
                prefix,
                n: int("n")?,
            },
            "shift" => Directive::Shift {
                prefix,
                dim: index("dim")?,
                amount: affine("amount")?,
            },
            "skew" => Directive::Skew {
                prefix,
                dim: index("dim")?,
                factor: int("factor")?,
            },
            "reverse" => Directive::Reverse { prefix },
            "interchange" => Directive::Interchange {
                prefix,
                dim: index("dim")?,
            },
            "reshape" => Directive::Reshape {
                prefix,
                input: index("dim")?,
                factor: int("factor")?,
            },
            "indexsetsplit" => Directive::IndexSetSplit {
                prefix,
                constraint: constraint("constraint")?,
            },
            "collapse" => Directive::Collapse { prefix },
            "grain" => Directive::Grain {
                prefix,
                dim: index("dim")?,
                factor: int("factor")?,
            },
            "densify" => Directive::Densify {
                prefix,
                dim: index("dim")?,
            },
            "stripmine" => Directive::StripMine {
                prefix,
                size: int("size")?,
            },
            "linearize" => Directive::Linearize { prefix },
            "parallelize" => Directive::Parallelize { prefix },
            "embed" => Directive::Embed { prefix },
            "unembed" => Directive::Unembed { prefix },
            "split_band" => Directive::SplitBand { prefix },
            "any_order" => Directive::AnyOrder {
                prefix,
                parts: vector("parts")?,
            },
            "tile" => Directive::Tile {
                prefix,
                sizes: vector("sizes")?,
            },
            other => {
                return Err(ParseError::Unknown {
                    text: shown.to_string(),
                    name: other.to_string(),
                })
            }
        };
        Ok(d)
    }
}

/// One argument of a directive: typed as a `transform.tessel` op's attribute holds
/// it, or a script's text, read when the directive asks for its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Int(i64),
    Vector(Vec<i64>),
    /// An affine form or constraint (SHIFT's amount, INDEXSETSPLIT's constraint), or
    /// any argument of a script.
    Text(String),
}

/// A directive's arguments after the β-prefix (named `prefix`), in seed 003's
/// order, by the names its `transform.tessel.<name>` op declares in ODS
/// (dialect/TesselTransformOps.td, the one declaration: the plugin's test
/// `directive_ods` fails when this table differs from it).
#[derive(Clone, Copy, Debug)]
pub struct Signature {
    pub name: &'static str,
    pub args: &'static [&'static str],
    /// The arguments in words, for the arity error.
    pub words: &'static str,
}

/// Every directive's [`Signature`].
pub const SIGNATURES: &[Signature] = &[
    sig("reorder", &["order"], "prefix, order"),
    sig("fuse_next", &[], "prefix"),
    sig("distribute", &["n"], "prefix, n"),
    sig("shift", &["dim", "amount"], "prefix, dimension, amount"),
    sig("skew", &["dim", "factor"], "prefix, dimension, factor"),
    sig("reverse", &[], "prefix"),
    sig("interchange", &["dim"], "prefix, dimension"),
    sig(
        "reshape",
        &["dim", "factor"],
        "prefix, input dimension, factor",
    ),
    sig("indexsetsplit", &["constraint"], "prefix, constraint"),
    sig("collapse", &[], "prefix"),
    sig("grain", &["dim", "factor"], "prefix, dimension, factor"),
    sig("densify", &["dim"], "prefix, dimension"),
    sig("stripmine", &["size"], "prefix, size"),
    sig("linearize", &[], "prefix"),
    sig("parallelize", &[], "prefix"),
    sig("embed", &[], "statement"),
    sig("unembed", &[], "statement"),
    sig("split_band", &[], "prefix"),
    sig("any_order", &["parts"], "prefix, parts"),
    sig("tile", &["sizes"], "prefix, sizes"),
];

const fn sig(name: &'static str, args: &'static [&'static str], words: &'static str) -> Signature {
    Signature { name, args, words }
}

impl Signature {
    /// The signature of `name`, or of the name it abbreviates (`fusenext`, `iss`).
    pub fn of(name: &str) -> Option<&'static Signature> {
        let name = match name {
            "fusenext" => "fuse_next",
            "iss" => "indexsetsplit",
            other => other,
        };
        SIGNATURES.iter().find(|s| s.name == name)
    }

    /// [`Signature::of`], or the error that `name` (in `shown`) is no directive.
    fn find(name: &str, shown: &str) -> Result<&'static Signature, ParseError> {
        Signature::of(name).ok_or_else(|| ParseError::Unknown {
            text: shown.to_string(),
            name: name.to_string(),
        })
    }

    fn arity_error(&self, text: &str, name: &str) -> ParseError {
        ParseError::Arity {
            text: text.to_string(),
            name: name.to_string(),
            want: self.words,
        }
    }
}

impl fmt::Display for Directive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = vector_text(self.prefix());
        let name = self.name();
        match self {
            Directive::Reorder { order, .. } => write!(f, "{name}({p}, {})", vector_text(order)),
            Directive::Distribute { n, .. } => write!(f, "{name}({p}, {n})"),
            Directive::Shift { dim, amount, .. } => write!(f, "{name}({p}, {dim}, {amount})"),
            Directive::Skew { dim, factor, .. } | Directive::Grain { dim, factor, .. } => {
                write!(f, "{name}({p}, {dim}, {factor})")
            }
            Directive::Interchange { dim, .. } | Directive::Densify { dim, .. } => {
                write!(f, "{name}({p}, {dim})")
            }
            Directive::Reshape { input, factor, .. } => {
                write!(f, "{name}({p}, {input}, {factor})")
            }
            Directive::IndexSetSplit { constraint, .. } => {
                write!(f, "{name}({p}, {constraint} >= 0)")
            }
            Directive::StripMine { size, .. } => write!(f, "{name}({p}, {size})"),
            Directive::Tile { sizes, .. } => write!(f, "{name}({p}, {})", vector_text(sizes)),
            Directive::FuseNext { .. }
            | Directive::Reverse { .. }
            | Directive::Collapse { .. }
            | Directive::Linearize { .. }
            | Directive::Parallelize { .. }
            | Directive::Embed { .. }
            | Directive::Unembed { .. }
            | Directive::SplitBand { .. } => write!(f, "{name}({p})"),
            Directive::AnyOrder { parts, .. } => write!(f, "{name}({p}, {})", vector_text(parts)),
        }
    }
}

impl fmt::Display for Affine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (name, c) in self.terms.iter().filter(|(_, c)| *c != 0) {
            let sign = if *c < 0 { "-" } else { "+" };
            match (first, c.abs()) {
                (true, 1) => write!(f, "{}{name}", if *c < 0 { "-" } else { "" })?,
                (true, m) => write!(f, "{c}{name}", c = if *c < 0 { -m } else { m })?,
                (false, 1) => write!(f, " {sign} {name}")?,
                (false, m) => write!(f, " {sign} {m}{name}")?,
            }
            first = false;
        }
        match (first, self.constant) {
            (true, c) => write!(f, "{c}"),
            (false, 0) => Ok(()),
            (false, c) if c < 0 => write!(f, " - {}", -c),
            (false, c) => write!(f, " + {c}"),
        }
    }
}

/// `(a, b, c)` as seed 003 prints vectors; `()` when empty.
pub fn vector_text(v: &[i64]) -> String {
    super::schedule::beta_text(v)
}

/// Why a directive's text does not parse (seed 003's script syntax).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("`{0}`: expected `name(arguments)`")]
    NotACall(String),
    #[error("`{0}`: unbalanced parentheses")]
    Unbalanced(String),
    /// Directive `name` given the wrong number of arguments: `want` names them.
    #[error("`{text}`: {name} takes ({want})")]
    Arity {
        text: String,
        name: String,
        want: &'static str,
    },
    #[error("`{text}`: dimension {value} must be at least 1")]
    DimensionBelowOne { text: String, value: i64 },
    #[error("`{text}`: unknown Clay directive `{name}`")]
    Unknown { text: String, name: String },
    #[error("`{0}` is not an integer")]
    NotAnInteger(String),
    #[error("`{0}`: expected a vector such as (2, 0) or ()")]
    NotAVector(String),
    #[error("`{text}`: unexpected `{found}`")]
    Unexpected { text: String, found: char },
    #[error("`{0}`: expected an affine expression such as `2*N - 1`")]
    NotAffine(String),
    #[error("`{0}`: expected a constraint such as `i1 - N + 3 >= 0`")]
    NotAConstraint(String),
}

/// Splits a directive's arguments at top-level commas; `None` when the
/// parentheses do not balance.
fn split_args(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for ch in text.chars() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return None;
        }
        if ch == ',' && depth == 0 {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(ch);
        }
    }
    if depth != 0 {
        return None;
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push(cur.trim().to_string());
    }
    Some(out)
}

fn parse_int(text: &str) -> Result<i64, ParseError> {
    text.trim()
        .parse::<i64>()
        .map_err(|_| ParseError::NotAnInteger(text.trim().to_string()))
}

/// `(4, 0)`, `(2)`, `()`; brackets are accepted too (the Clay library's syntax).
fn parse_vector(text: &str) -> Result<Vec<i64>, ParseError> {
    let t = text.trim();
    let inner = t
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .or_else(|| t.strip_prefix('[').and_then(|s| s.strip_suffix(']')))
        .ok_or_else(|| ParseError::NotAVector(t.to_string()))?;
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    inner.split(',').map(parse_int).collect()
}

/// An affine form: terms `[int [*]] name` or `int`, joined by `+` and `-`.
pub fn parse_affine(text: &str) -> Result<Affine, ParseError> {
    #[derive(PartialEq)]
    enum Tok<'a> {
        Int(i64),
        Name(&'a str),
        Op(char),
    }
    let mut toks = Vec::new();
    let mut rest = text.trim_start();
    while let Some(c) = rest.chars().next() {
        let len = if "+-*".contains(c) {
            toks.push(Tok::Op(c));
            1
        } else if c.is_ascii_digit() {
            let n = rest
                .find(|ch: char| !ch.is_ascii_digit())
                .unwrap_or(rest.len());
            toks.push(Tok::Int(parse_int(&rest[..n])?));
            n
        } else if c.is_ascii_alphabetic() || c == '_' {
            let n = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .unwrap_or(rest.len());
            toks.push(Tok::Name(&rest[..n]));
            n
        } else {
            return Err(ParseError::Unexpected {
                text: text.to_string(),
                found: c,
            });
        };
        rest = rest[len..].trim_start();
    }
    let bad = || ParseError::NotAffine(text.to_string());
    let mut out = Affine {
        terms: Vec::new(),
        constant: 0,
    };
    let mut k = 0;
    while k < toks.len() || out.terms.is_empty() && out.constant == 0 && k == 0 {
        let mut sign = 1;
        match toks.get(k) {
            Some(Tok::Op('-')) => (sign, k) = (-1, k + 1),
            Some(Tok::Op('+')) => k += 1,
            _ if k > 0 => return Err(bad()),
            _ => {}
        }
        let (coefficient, name) = match (toks.get(k), toks.get(k + 1), toks.get(k + 2)) {
            (Some(Tok::Int(c)), Some(Tok::Op('*')), Some(Tok::Name(n))) => {
                k += 3;
                (*c, Some(*n))
            }
            (Some(Tok::Int(c)), Some(Tok::Name(n)), _) => {
                k += 2;
                (*c, Some(*n))
            }
            (Some(Tok::Int(c)), _, _) => {
                k += 1;
                (*c, None)
            }
            (Some(Tok::Name(n)), _, _) => {
                k += 1;
                (1, Some(*n))
            }
            _ => return Err(bad()),
        };
        match name {
            None => out.constant += sign * coefficient,
            Some(n) => match out.terms.iter_mut().find(|(m, _)| m == n) {
                Some((_, old)) => *old += sign * coefficient,
                None => out.terms.push((n.to_string(), sign * coefficient)),
            },
        }
    }
    Ok(out)
}

/// `lhs >= rhs`, `lhs <= rhs`, `lhs > rhs` or `lhs < rhs`, as the form `e >= 0`.
pub fn parse_constraint(text: &str) -> Result<Affine, ParseError> {
    for (op, flip, strict) in [(">=", false, false), ("<=", true, false)]
        .into_iter()
        .chain([(">", false, true), ("<", true, true)])
    {
        if let Some(at) = text.find(op) {
            let lhs = parse_affine(&text[..at])?;
            let rhs = parse_affine(&text[at + op.len()..])?;
            let (big, small) = if flip { (rhs, lhs) } else { (lhs, rhs) };
            let mut e = big;
            for (n, c) in small.terms {
                match e.terms.iter_mut().find(|(m, _)| *m == n) {
                    Some((_, old)) => *old -= c,
                    None => e.terms.push((n, -c)),
                }
            }
            e.constant -= small.constant + i64::from(strict);
            e.terms.retain(|(_, c)| *c != 0);
            return Ok(e);
        }
    }
    Err(ParseError::NotAConstraint(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_scripts_parse_and_print_back() {
        // Fig. 4 and Fig. 9 (with the digest's reading of the OCR damage, §4.3).
        for text in [
            "distribute((2), 3)",
            "distribute((4, 0), 1)",
            "reorder((), (4, 5, 2, 0, 1, 3, 6))",
            "parallelize((0))",
            "fuse_next((0, 2))",
            "reorder((0), (1, 0, 2))",
            "shift((0), 1, N - 1)",
            "skew((0, 0), 1, -2)",
            "reshape((0, 0), 2, 1)",
            "grain((0, 0), 2, 4)",
            "densify((0, 0), 2)",
            "stripmine((0), 32)",
            "linearize((0))",
            "interchange((0, 0, 0), 2)",
            "reverse((2, 2))",
            "collapse((0))",
            "tile((0), (32, 16))",
        ] {
            let d = Directive::parse(text).unwrap();
            assert_eq!(d.to_string(), text);
        }
    }

    #[test]
    fn spacing_and_brackets_are_free() {
        let a = Directive::parse("reorder((),(4,5,2,0,1,3,6));").unwrap();
        let b = Directive::parse("reorder([], [4, 5, 2, 0, 1, 3, 6])").unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn constraints_become_e_ge_0() {
        let Directive::IndexSetSplit { constraint, .. } =
            Directive::parse("indexsetsplit((0), i1 <= N - 4)").unwrap()
        else {
            panic!("not an indexsetsplit")
        };
        // i1 <= N - 4  is  (N - 4) - i1 >= 0.
        assert_eq!(constraint.to_string(), "N - i1 - 4");
        let strict = parse_constraint("2*a1 > 3").unwrap();
        assert_eq!(strict.to_string(), "2a1 - 4");
    }

    #[test]
    fn affine_forms() {
        assert_eq!(parse_affine("N - 1").unwrap().to_string(), "N - 1");
        assert_eq!(parse_affine("-3").unwrap().constant, -3);
        assert_eq!(
            parse_affine("2*N + 3 M - 1").unwrap().to_string(),
            "2N + 3M - 1"
        );
        assert!(parse_affine("N +").is_err());
        assert!(parse_affine("").is_err());
        assert!(parse_affine("N ? 2").is_err());
        assert!(parse_affine("N 2").is_err());
    }

    #[test]
    fn bad_directives_say_why() {
        let err = |text| Directive::parse(text).unwrap_err();
        assert!(matches!(
            err("distribute((2))"),
            ParseError::Arity {
                want: "prefix, n",
                ..
            }
        ));
        assert!(
            matches!(err("unroll((0), 4)"), ParseError::Unknown { name, .. } if name == "unroll")
        );
        assert!(matches!(
            err("skew((0, 0), 0, 2)"),
            ParseError::DimensionBelowOne { value: 0, .. }
        ));
        assert_eq!(
            err("reorder((), (1, x))"),
            ParseError::NotAnInteger("x".into())
        );
        assert!(matches!(err("distribute((2), 3"), ParseError::NotACall(_)));
        // The texts the Transform ops print.
        assert_eq!(
            err("distribute((2))").to_string(),
            "`distribute((2))`: distribute takes (prefix, n)"
        );
    }
}
