//! The payload side of the `transform.tessel.*` ops (issue 11; seed 003): take a SCoP
//! from a function, apply Clay directives to its schedule, generate its code.
//!
//! The C++ `apply()` of each op (in `dialect/`) is a thin call into these, through
//! the plugin core's C ABI (`passes/plugin/core/src/abi.rs`).
//!
//! The state of a Clay session lives in the payload IR itself: the SCoP's first op
//! carries the directives applied so far as the attribute [`SCRIPT_ATTR`] (an array
//! of strings in seed 003's syntax), so a printed payload shows where a script
//! stands. Each directive is checked by replaying the whole script on the SCoP,
//! extracted again from the unchanged function; only `generate` changes the code.

use tessel_poly::clay::directive::{Arg, ParseError};
use tessel_poly::clay::Directive;
use tessel_poly::{clay_generate, clay_replay, Explained, Options, PolyError};

use crate::analysis::{scops, ExtractedScop};
use crate::codegen::{self, CodegenError};
use crate::ir::{self, Attr, Op};
use crate::notes;

/// The attribute that holds the script of a SCoP under a Clay session.
pub const SCRIPT_ATTR: &str = "tessel.clay";

/// Why a `transform.tessel.*` op fails: its text is the op's error message.
#[derive(Debug, thiserror::Error)]
pub enum TransformError {
    #[error("expected a func.func, got {0}")]
    NotAFunction(String),
    #[error("{0} is not a transform.tessel directive op")]
    NotADirective(String),
    #[error("the function has {count} SCoP{}; there is no SCoP {index}", plural(*count))]
    NoSuchScop { count: usize, index: usize },
    #[error(
        "SCoP {index} already has a Clay session ({directives} directive{} so far): generate it, \
         or use its handle",
        plural(*directives)
    )]
    SessionOpen { index: usize, directives: usize },
    #[error("this op carries no `{SCRIPT_ATTR}` script: take it with transform.tessel.scop")]
    NoSession,
    #[error("`{SCRIPT_ATTR}` holds a non-string")]
    NotAString,
    #[error("this op no longer starts a SCoP (was the function changed since?)")]
    NoLongerAScop,
    #[error("an empty SCoP")]
    EmptyScop,
    #[error("the SCoP is not inside a func.func")]
    OutsideAFunction,
    #[error("the generated code does not verify (a Tessel bug)")]
    DoesNotVerify,
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    Core(#[from] PolyError),
    #[error(transparent)]
    Codegen(#[from] CodegenError),
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// [`take_scop`], its error as the op's message (the plugin's C ABI).
pub fn scop(func: Op, index: usize) -> Result<Op, String> {
    take_scop(func, index).map_err(|e| e.to_string())
}

/// [`apply_directive`] of the directive op `directive` ([`directive_of`]), its error
/// as the op's message (the plugin's C ABI).
pub fn step(scop: Op, directive: Op) -> Result<(), String> {
    directive_of(directive)
        .and_then(|d| apply_directive(scop, d))
        .map_err(|e| e.to_string())
}

/// The directive op `directive` as Rust reads it, in seed 003's syntax (the note of
/// a failed step, so that it shows what Rust was given).
pub fn directive_text(directive: Op) -> Result<String, String> {
    directive_of(directive)
        .map(|d| d.to_string())
        .map_err(|e| e.to_string())
}

/// [`generate_code`], its error as the op's message (the plugin's C ABI).
pub fn generate(scop: Op, options: &Options) -> Result<(), String> {
    generate_code(scop, options).map_err(|e| e.to_string())
}

/// Takes the `index`-th SCoP (in the order `tessel-optimize` visits them) of the
/// function `func` and starts a Clay session on it with an empty script. Returns the
/// SCoP's first op, which the later directives and `generate` address.
pub fn take_scop(func: Op, index: usize) -> Result<Op, TransformError> {
    if func.name() != "func.func" {
        return Err(TransformError::NotAFunction(func.name().to_string()));
    }
    let mut all = scops(func);
    let count = all.len();
    if index >= count {
        return Err(TransformError::NoSuchScop { count, index });
    }
    let scop = all.swap_remove(index);
    clay_replay(&scop.model, &Options::default(), &[])?;
    let first = first_op(&scop)?;
    if let Some(script) = first.attr(SCRIPT_ATTR).and_then(Attr::as_array) {
        // A second session would silently drop the first one's directives.
        return Err(TransformError::SessionOpen {
            index,
            directives: script.len(),
        });
    }
    record(first, &[]);
    Ok(first)
}

/// The Clay directive a `transform.tessel.<name>` op stands for, read from the
/// attributes its ODS declaration gives it (typed: no text crosses the C ABI but
/// SHIFT's and INDEXSETSPLIT's affine forms, which the user writes as strings).
pub fn directive_of(op: Op) -> Result<Directive, TransformError> {
    let name = op.name().to_string();
    let short = name
        .strip_prefix("transform.tessel.")
        .ok_or_else(|| TransformError::NotADirective(name.clone()))?;
    let arg = |attr: &str| {
        let a = op.attr(attr)?;
        a.as_integer()
            .map(Arg::Int)
            .or_else(|| a.as_i64_vector().map(Arg::Vector))
            .or_else(|| a.as_string().map(Arg::Text))
    };
    Ok(Directive::from_args(short, &arg, &name)?)
}

/// Applies one Clay directive to the script recorded on `scop`: the script with it
/// must replay (each directive's preconditions and global validity). On error the
/// payload is unchanged.
pub fn apply_directive(scop: Op, d: Directive) -> Result<(), TransformError> {
    let (extracted, mut script) = session(scop)?;
    script.push(d);
    clay_replay(&extracted.model, &Options::default(), &script)?;
    record(scop, &script);
    Ok(())
}

/// Verifies the recorded script's schedule against the exact dependences and
/// replaces the SCoP's ops with the code generated from it, under `options` (the
/// code generator's: `parallel-min-work`, the budgets). On error the payload is
/// unchanged.
pub fn generate_code(scop: Op, options: &Options) -> Result<(), TransformError> {
    let (extracted, script) = session(scop)?;
    let func = enclosing_function(scop)?;
    let mut out = clay_generate(&extracted.model, options, &script)?;
    // The profitability rule of tessel-optimize, so that a replayed explanation
    // gives its code; said in a remark, since the script asked for those loops.
    let location = scop.location();
    let marked = tessel_poly::ast::count_parallel(&out.ast);
    let kept = tessel_poly::ast::keep_profitable_parallel(&mut out.ast);
    if kept < marked {
        ir::emit_remark(
            location,
            &format!(
                "tessel: {} of the {marked} parallel loops run sequentially: a parallel \
                 loop with no loop inside it, nested in a sequential loop, costs more than \
                 it gains (as in tessel-optimize)",
                marked - kept
            ),
        );
    }
    // The script attribute must not be cloned into the new code.
    let recorded = scop.attr(SCRIPT_ATTR);
    scop.remove_attr(SCRIPT_ATTR);
    let restore = || {
        if let Some(a) = recorded {
            scop.set_attr(SCRIPT_ATTR, a);
        }
    };
    let generated = match codegen::generate(
        &extracted,
        &out.ast,
        None,
        &out.expanded,
        func,
        options.parallel_min_work,
        options.distinct_arguments,
    ) {
        Ok(g) => g,
        Err(e) => {
            restore();
            return Err(e.into());
        }
    };
    if !ir::verifies(func) {
        generated.roll_back();
        restore();
        return Err(TransformError::DoesNotVerify);
    }
    generated.commit(extracted);
    for note in &out.notes {
        ir::emit_remark(location, &format!("tessel: {}", notes::note(note)));
    }
    Ok(())
}

/// The SCoP whose first op is `scop`, extracted again, and its script so far.
fn session(scop: Op) -> Result<(ExtractedScop, Vec<Directive>), TransformError> {
    let script = scop
        .attr(SCRIPT_ATTR)
        .and_then(Attr::as_array)
        .ok_or(TransformError::NoSession)?;
    let script = script
        .into_iter()
        .map(|a| {
            let text = a.as_string().ok_or(TransformError::NotAString)?;
            Ok(Directive::parse(&text)?)
        })
        .collect::<Result<Vec<_>, TransformError>>()?;
    let func = enclosing_function(scop)?;
    let extracted = scops(func)
        .into_iter()
        .find(|s| s.ops.first() == Some(&scop))
        .ok_or(TransformError::NoLongerAScop)?;
    Ok((extracted, script))
}

fn first_op(scop: &ExtractedScop) -> Result<Op, TransformError> {
    scop.ops.first().copied().ok_or(TransformError::EmptyScop)
}

fn enclosing_function(op: Op) -> Result<Op, TransformError> {
    op.ancestors()
        .find(|p| p.name() == "func.func")
        .ok_or(TransformError::OutsideAFunction)
}

/// Writes `script` to the SCoP's first op.
fn record(scop: Op, script: &[Directive]) {
    let ctx = scop.context();
    let items: Vec<Attr> = script
        .iter()
        .map(|d| Attr::string(ctx, &d.to_string()))
        .collect();
    scop.set_attr(SCRIPT_ATTR, Attr::array(ctx, &items));
}

/// An explained SCoP as a Transform script of its own (seed 003 §7: the sequence a
/// user reads, edits and replays): the named sequence `@<func>_scop<index>` takes
/// SCoP `index` of `@<func>`, applies the directives, each with what it does in
/// words, and generates the code.
pub fn script_text(func: &str, index: usize, explained: &Explained) -> String {
    let mut out = String::new();
    out.push_str("module attributes {transform.with_named_sequence} {\n");
    out.push_str(&format!(
        "  transform.named_sequence @{}_scop{index}(%root: !transform.any_op {{transform.readonly}}) {{\n",
        func.replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_")
    ));
    out.push_str(&format!(
        "    %f = transform.structured.match ops{{[\"func.func\"]}} attributes{{sym_name = \"{func}\"}} in %root : (!transform.any_op) -> !transform.any_op\n"
    ));
    out.push_str(&format!(
        "    %s = transform.tessel.scop %f index {index} : (!transform.any_op) -> !transform.any_op\n"
    ));
    for d in &explained.script {
        out.push_str(&format!("    // {}\n", d.describe()));
        out.push_str(&format!("    {} : !transform.any_op\n", transform_op(d)));
    }
    if explained.generate_options.is_empty() {
        out.push_str("    transform.tessel.generate %s : !transform.any_op\n");
    } else {
        // Said in words, as for the directives.
        out.push_str(&format!(
            "    // {}\n",
            transforms_in_words(&explained.options)
        ));
        out.push_str(&format!(
            "    transform.tessel.generate %s options \"{}\" : !transform.any_op\n",
            explained.generate_options
        ));
    }
    out.push_str("    transform.yield\n  }\n}");
    out
}

/// What `generate`'s options do after the script, in words.
fn transforms_in_words(o: &Options) -> String {
    let mut steps = Vec::new();
    if o.tile {
        let sizes = if o.tile_sizes.is_empty() {
            "sizes from the cache model".to_string()
        } else {
            format!("sizes {:?}", o.tile_sizes)
        };
        steps.push(format!("tile the permutable bands ({sizes})"));
        if o.wavefront && o.parallel {
            steps.push(match o.diamond {
                true => "wavefront tiles with no parallel tile loop (a stencil's time tiles \
                         as diamonds)"
                    .into(),
                false => "wavefront tiles with no parallel tile loop".into(),
            });
        }
    }
    if o.intra_tile {
        steps.push("reorder the loops inside tiles for locality".into());
    }
    if o.unroll_jam > 1 {
        steps.push(format!("unroll-and-jam by {}", o.unroll_jam));
    }
    if o.register_tile != tessel_poly::RegisterBlock::NONE {
        steps.push("register blocks".into());
    }
    if o.parallel {
        steps.push("then mark the parallel loops".into());
    }
    format!("generate as tessel-optimize does: {}", steps.join(", "))
}

/// One directive as its `transform.tessel` op on the handle `%s` (dialect/README.md).
fn transform_op(d: &Directive) -> String {
    let list = |v: &[i64]| {
        let items: Vec<String> = v.iter().map(i64::to_string).collect();
        format!("[{}]", items.join(", "))
    };
    let head = format!("transform.tessel.{} %s {}", d.name(), list(d.prefix()));
    match d {
        Directive::Reorder { order, .. } => format!("{head}, {}", list(order)),
        Directive::Distribute { n, .. } => format!("{head}, {n}"),
        Directive::Shift { dim, amount, .. } => {
            if amount.terms.is_empty() {
                format!("{head}, {dim}, {}", amount.constant)
            } else {
                format!("{head}, {dim}, \"{amount}\"")
            }
        }
        Directive::Skew { dim, factor, .. } | Directive::Grain { dim, factor, .. } => {
            format!("{head}, {dim}, {factor}")
        }
        Directive::Reshape { input, factor, .. } => format!("{head}, {input}, {factor}"),
        Directive::Interchange { dim, .. } | Directive::Densify { dim, .. } => {
            format!("{head}, {dim}")
        }
        Directive::IndexSetSplit { constraint, .. } => format!("{head}, \"{constraint} >= 0\""),
        Directive::StripMine { size, .. } => format!("{head}, {size}"),
        Directive::Tile { sizes, .. } => format!("{head}, {}", list(sizes)),
        Directive::FuseNext { .. }
        | Directive::Reverse { .. }
        | Directive::Collapse { .. }
        | Directive::Linearize { .. }
        | Directive::Parallelize { .. }
        | Directive::Embed { .. }
        | Directive::Unembed { .. }
        | Directive::SplitBand { .. } => head,
        Directive::AnyOrder { parts, .. } => format!("{head}, {}", list(parts)),
    }
}
