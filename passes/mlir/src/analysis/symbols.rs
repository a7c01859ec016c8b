//! Symbols: index values as affine expressions over loop IVs and parameters, and
//! the parameters themselves.
//!
//! A loop-invariant integer is written as an affine function of root values (its
//! *root form*), so the many `index_cast %n` a front end emits are one parameter.

use super::aff::{Aff, Atom};
use super::affine_map::{affine_map_attr, integer_attr, map_results};
use super::aliasing::{buffer_value, is_entry_block_of_function};
use super::detect::{kind, Kind};
use super::{fail, Extractor, Param, Reject, Result};
use crate::ir::{Op, Val};

impl Extractor {
    /// An index value as an isl affine expression over loop IVs and parameters.
    pub(super) fn affine_value(&mut self, v: Val, user: Op) -> Result<Aff> {
        if let Some(a) = self.value_cache.get(&v) {
            return Ok(a.clone());
        }
        let a = self.affine_value_uncached(v, user)?;
        if a.overflowed() {
            return fail(user, Reject::Overflow);
        }
        self.value_cache.insert(v, a.clone());
        Ok(a)
    }

    pub(super) fn affine_value_uncached(&mut self, v: Val, user: Op) -> Result<Aff> {
        if let Some(depth) = self.loop_of_iv(v) {
            return Ok(Aff::atom(Atom::Iv(depth)));
        }
        let Some(def) = v.defining_op() else {
            if let Some(owner) = v.owner_op() {
                if self.in_run(owner) {
                    return fail(
                        user,
                        Reject::NotAnIv {
                            owner: owner.name(),
                        },
                    );
                }
            }
            return self.symbol(v, user);
        };
        if def.name() == "arith.constant" {
            if let Some(c) = integer_attr(def, "value") {
                return Ok(Aff::constant(c));
            }
        }
        if !self.in_run(def) {
            return self.symbol(v, user);
        }
        // Computed inside the run. A loop-invariant pure value at the run's top level
        // is a parameter (it stays in place, before the new code).
        if self.at_top(def) && self.invariant(def) && v.is_index() {
            return self.symbol(v, user);
        }
        let name = def.name();
        let operand = |i: usize| {
            def.operand(i)
                .ok_or((user, Reject::NotAffine { op: def.name() }))
        };
        match name.as_str() {
            "affine.apply" => {
                let map = affine_map_attr(def, "map").ok_or((def, Reject::ApplyWithoutMap))?;
                let args = def
                    .operands()
                    .into_iter()
                    .map(|o| self.affine_value(o, user))
                    .collect::<Result<Vec<_>>>()?;
                let results = map_results(map, &args).map_err(|e| (user, e))?;
                if results.len() == 1 {
                    return Ok(results[0].clone());
                }
            }
            "arith.addi" | "arith.subi" | "arith.muli" => {
                let a = self.affine_value(operand(0)?, user)?;
                let b = self.affine_value(operand(1)?, user)?;
                let result = match name.as_str() {
                    "arith.addi" => Some(a.add(&b)),
                    "arith.subi" => Some(a.sub(&b)),
                    _ => a.mul(&b),
                };
                if let Some(r) = result {
                    return Ok(r);
                }
            }
            "arith.floordivsi" | "arith.ceildivsi" => {
                let a = self.affine_value(operand(0)?, user)?;
                let b = self.affine_value(operand(1)?, user)?;
                if let Some(d) = b.as_constant().filter(|d| *d > 0) {
                    return Ok(if name == "arith.floordivsi" {
                        a.floor_div(d)
                    } else {
                        a.ceil_div(d)
                    });
                }
            }
            // Sign-preserving conversions (C's signed overflow is undefined, so i32
            // arithmetic on in-range values is exact).
            "arith.index_cast" | "arith.extsi" => return self.affine_value(operand(0)?, user),
            _ => {}
        }
        if self.at_top(def) && self.invariant(def) {
            return self.symbol(v, user);
        }
        if self.depends_on_memory(def) {
            fail(user, Reject::DependsOnMemory { op: name })
        } else {
            fail(user, Reject::NotAffine { op: name })
        }
    }

    /// Does `op` (transitively, within the run) use a load or a loop-carried value?
    pub(super) fn depends_on_memory(&self, op: Op) -> bool {
        if let Some(&b) = self.memory_cache.borrow().get(&op) {
            return b;
        }
        let b = kind(op) == Kind::Load
            || op.operands().into_iter().any(|o| {
                self.scalar_of.contains_key(&o)
                    || o.defining_op()
                        .is_some_and(|d| self.in_run(d) && self.depends_on_memory(d))
            });
        self.memory_cache.borrow_mut().insert(op, b);
        b
    }

    /// A top-level op of the run that neither reads memory nor depends on a read or a
    /// loop IV.
    pub(super) fn invariant(&self, op: Op) -> bool {
        if let Some(&b) = self.invariant_cache.borrow().get(&op) {
            return b;
        }
        let b = crate::ir::is_pure(op)
            && op.operands().into_iter().all(|o| match o.defining_op() {
                Some(d) if self.in_run(d) => self.at_top(d) && self.invariant(d),
                Some(_) => true,
                None => o.owner_op().is_none_or(|owner| !self.in_run(owner)),
            });
        self.invariant_cache.borrow_mut().insert(op, b);
        b
    }

    /// `v` (a loop-invariant integer) as an affine function of root values: looks
    /// through constants, sign-preserving casts, `addi`/`subi`/`muli` by a constant and
    /// `affine.apply`; anything else is a root.
    pub(super) fn root_form(&mut self, v: Val, depth: usize) -> Aff {
        if let Some(a) = self.root_cache.get(&v) {
            return a.clone();
        }
        let a = self.root_form_uncached(v, depth);
        // An expression that overflowed is no use: the value is a root of its own.
        let a = if a.overflowed() {
            Aff::atom(Atom::Root(v))
        } else {
            a
        };
        self.root_cache.insert(v, a.clone());
        a
    }

    pub(super) fn root_form_uncached(&mut self, v: Val, depth: usize) -> Aff {
        let root = Aff::atom(Atom::Root(v));
        let Some(def) = v.defining_op() else {
            return root;
        };
        if depth > 64 || (self.in_run(def) && !(self.at_top(def) && self.invariant(def))) {
            return root;
        }
        let name = def.name();
        let (first, second) = (def.operand(0), def.operand(1));
        match (name.as_str(), first, second) {
            ("arith.constant", ..) => integer_attr(def, "value").map_or(root, Aff::constant),
            ("arith.index_cast" | "arith.extsi", Some(x), _) => self.root_form(x, depth + 1),
            ("arith.addi" | "arith.subi", Some(x), Some(y)) => {
                let a = self.root_form(x, depth + 1);
                let b = self.root_form(y, depth + 1);
                if name == "arith.addi" {
                    a.add(&b)
                } else {
                    a.sub(&b)
                }
            }
            ("arith.muli", Some(x), Some(y)) => {
                let a = self.root_form(x, depth + 1);
                let b = self.root_form(y, depth + 1);
                a.mul(&b).unwrap_or(root)
            }
            ("affine.apply", ..) => {
                let Some(map) = affine_map_attr(def, "map") else {
                    return root;
                };
                let args: Vec<Aff> = def
                    .operands()
                    .into_iter()
                    .map(|o| self.root_form(o, depth + 1))
                    .collect();
                match map_results(map, &args) {
                    Ok(r) if r.len() == 1 => r[0].clone(),
                    _ => root,
                }
            }
            _ => root,
        }
    }

    /// Loop-invariant integer `v` as an expression over parameters: its root form
    /// with every root a parameter when each root has an index-typed value before the
    /// run (so `index_cast(n - 1)` is `arg1 - 1`); otherwise `v` as a parameter of its
    /// own.
    pub(super) fn symbol(&mut self, v: Val, user: Op) -> Result<Aff> {
        let form = self.integer_form(v, user)?;
        if form.single_atom().is_none() {
            let mut expr = Aff::constant(form.constant_term());
            let mut complete = true;
            for (atom, coeff) in form.terms() {
                let Atom::Root(root) = *atom else {
                    complete = false;
                    break;
                };
                let usable = root.is_integer()
                    && (root.is_index() || self.index_form(root).is_some())
                    && root
                        .defining_op()
                        .is_none_or(|d| !self.in_run(d) || (self.at_top(d) && self.invariant(d)));
                if !usable {
                    complete = false;
                    break;
                }
                let name = self.param(root, user)?;
                expr = expr.add(&Aff::atom(Atom::Param(name)).scale(*coeff));
            }
            if complete {
                return Ok(expr);
            }
        }
        self.param(v, user).map(|name| Aff::atom(Atom::Param(name)))
    }

    /// The sorted root form of `v`, which must be an integer.
    fn integer_form(&mut self, v: Val, user: Op) -> Result<Aff> {
        if !v.is_integer() {
            return fail(
                user,
                Reject::SymbolNotInteger {
                    ty: v.type_string(),
                },
            );
        }
        Ok(self.root_form(v, 0).sorted())
    }

    /// The parameter for loop-invariant integer `v`, created on first use.
    pub(super) fn param(&mut self, v: Val, user: Op) -> Result<String> {
        let form = self.integer_form(v, user)?;
        if let Some(p) = self.params.iter().find(|p| p.form == form) {
            return Ok(p.name.clone());
        }
        let value = if v.is_index() {
            v
        } else {
            match self.index_form(v) {
                Some(c) => c,
                None => {
                    return fail(
                        user,
                        Reject::SymbolWithoutIndex {
                            ty: v.type_string(),
                        },
                    )
                }
            }
        };
        let name = self.param_name(&form);
        self.params.push(Param {
            value,
            name: name.clone(),
            form,
        });
        Ok(name)
    }

    /// An existing `arith.index_cast` of integer `v` to `index` that is available where
    /// the new code goes (before the run, in its block or an enclosing one).
    pub(super) fn index_form(&self, v: Val) -> Option<Val> {
        v.users().into_iter().find_map(|u| {
            let result = u
                .result(0)
                .filter(|r| u.num_results() == 1 && r.is_index())?;
            let ok = u.name() == "arith.index_cast"
                && (self.before_run(u) || (self.at_top(u) && self.invariant(u)));
            ok.then_some(result)
        })
    }

    /// Is `op` outside the run, in the run's block or an enclosing block, before it?
    pub(super) fn before_run(&self, op: Op) -> bool {
        if self.in_run(op) {
            return false;
        }
        let Some(block) = op.block() else {
            return false;
        };
        let mut anchor = Some(self.run[0]);
        while let Some(a) = anchor {
            if a.block() == Some(block) {
                let mut cur = op.next();
                while let Some(c) = cur {
                    if c == a {
                        return true;
                    }
                    cur = c.next();
                }
                return false;
            }
            anchor = a.parent();
        }
        false
    }

    pub(super) fn param_name(&self, form: &Aff) -> String {
        let taken = |n: &str| self.params.iter().any(|p| p.name == n);
        let mut name = None;
        if let Some(Atom::Root(v)) = form.single_atom() {
            // A readable name only if isl reads it as one identifier (a `memref.dim`
            // with a negative constant index gave `arg0_dim-1`: scripts/mutate).
            name = self.describe_root(*v).filter(|n| is_isl_identifier(n));
        }
        let mut name = name.unwrap_or_else(|| format!("p{}", self.params.len()));
        if taken(&name) {
            name = format!("p{}", self.params.len());
        }
        while taken(&name) {
            name.push('_');
        }
        name
    }

    /// A readable name for a root value: `arg<k>` or `<array>_dim<d>`.
    pub(super) fn describe_root(&self, v: Val) -> Option<String> {
        if let Some((blk, k)) = v.block_argument() {
            let parent = blk.parent_op()?;
            if is_entry_block_of_function(parent, blk) {
                return Some(format!("arg{k}"));
            }
            return None;
        }
        let def = v.defining_op()?;
        if def.name() == "memref.dim" {
            let index = def
                .operand(1)?
                .defining_op()
                .filter(|c| c.name() == "arith.constant")?;
            let d = integer_attr(index, "value")?;
            let (buffer, path) = self.buffer_of(def.operand(0)?).ok()?;
            let array = self.buffer_name(&buffer, path == buffer_value(&buffer).unwrap_or(path));
            return Some(format!("{array}_dim{d}"));
        }
        None
    }

    /// The isl texts of the results of an affine map attribute applied to `operands`.
    pub(super) fn map_exprs(
        &mut self,
        op: Op,
        attr: &'static str,
        operands: &[Val],
    ) -> Result<Vec<Aff>> {
        let map = affine_map_attr(op, attr).ok_or((op, Reject::MissingMap(attr)))?;
        let args = operands
            .iter()
            .map(|o| self.affine_value(*o, op))
            .collect::<Result<Vec<_>>>()?;
        let results = map_results(map, &args).map_err(|e| (op, e))?;
        if results.iter().any(Aff::overflowed) {
            return fail(op, Reject::Overflow);
        }
        Ok(results)
    }
}

/// Whether isl's parser reads `name` as one identifier: a letter or `_`, then letters,
/// digits, `_` (isl also allows `'` and `$`, which our names never need).
fn is_isl_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Can `v` be an operand of the new code's affine maps (MLIR's dim and symbol rules)?
/// A symbol ([`is_affine_symbol`]), an affine loop's IV, or an `affine.apply` of such
/// values. A value computed from an IV in a loop that is no SCoP (an `arith.select`,
/// an `scf.for`'s IV) is none: the model takes it as a parameter, but codegen's maps
/// could not.
pub fn is_affine_operand(v: Val) -> bool {
    affine_operand_within(v, 0)
}

fn affine_operand_within(v: Val, depth: usize) -> bool {
    if is_affine_symbol(v, depth) || is_affine_iv(v) {
        return true;
    }
    depth < MAX_OPERAND_DEPTH
        && v.defining_op().is_some_and(|d| {
            d.name() == "affine.apply"
                && d.operands()
                    .into_iter()
                    .all(|o| affine_operand_within(o, depth + 1))
        })
}

/// How deep [`is_affine_operand`] follows operands: hostile chains end there.
const MAX_OPERAND_DEPTH: usize = 32;

/// Is `v` the IV of an `affine.for`, or one of an `affine.parallel`'s?
pub fn is_affine_iv(v: Val) -> bool {
    match v.block_argument() {
        Some((block, i)) => match block.parent_op().map(Op::name).as_deref() {
            Some("affine.for") => i == 0,
            Some("affine.parallel") => true,
            _ => false,
        },
        None => false,
    }
}

/// Is `v` defined at the function's top level: an argument of its body, or the
/// result of an op directly in it (MLIR's top-level values of an affine scope)?
pub fn is_top_level(v: Val) -> bool {
    let owner = match v.block_argument() {
        Some((block, _)) => block.parent_op(),
        None => v.defining_op().and_then(Op::parent),
    };
    owner.is_some_and(|p| p.name() == "func.func")
}

/// MLIR's valid affine symbol: an index value defined at the function's top level, or
/// computed by a pure op (a constant, `affine.apply`, `memref.dim`, `arith.muli`...)
/// from such values.
fn is_affine_symbol(v: Val, depth: usize) -> bool {
    if !v.is_index() {
        return false;
    }
    if is_top_level(v) {
        return true;
    }
    let Some(def) = v.defining_op() else {
        return false;
    };
    depth < MAX_OPERAND_DEPTH
        && crate::ir::is_pure(def)
        && def.num_regions() == 0
        && def
            .operands()
            .into_iter()
            .all(|o| is_affine_symbol(o, depth + 1))
}
