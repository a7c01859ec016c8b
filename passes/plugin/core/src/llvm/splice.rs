//! The nest replaced by a call of its optimized version behind the run-time check,
//! the original loops kept as the fallback (as Polly does): the preheader branches to
//! the call when the check holds.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::module::Linkage;
use inkwell::types::AsTypeRef;
use inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, FunctionValue, InstructionValue, IntValue,
};
use inkwell::{AddressSpace, IntPredicate};

use super::core::CoreResult;
use super::translate::{used_outside, NestTranslator};
use tessel_llvm::check::Check;
use tessel_llvm::ffi::{self, Analyses, Loop, LoopBlock, Scev, ScevKind, Value};

/// The attribute of the functions this plugin generated: the pass leaves them alone.
pub const GENERATED_ATTRIBUTE: &str = "tessel-generated";

/// Why the splice left the IR as it was.
#[derive(Debug)]
pub enum SpliceError {
    NotComputableBeforeNest,
    UnexpectedSignature,
    LinkFailed,
    MissingAfterLink,
    /// The builder refused an instruction (an LLVM invariant broken; never seen).
    Builder,
}

impl SpliceError {
    pub fn describe(&self) -> &'static str {
        match self {
            SpliceError::NotComputableBeforeNest => {
                "a value of the run-time check or of the call can't be computed before the nest"
            }
            SpliceError::UnexpectedSignature => {
                "the optimized function's signature is not the expected one"
            }
            SpliceError::LinkFailed => "linking the optimized code failed",
            SpliceError::MissingAfterLink => "the optimized function is missing after linking",
            SpliceError::Builder => "building the run-time check failed",
        }
    }
}

/// The array pairs the check must prove disjoint: those alias analysis does not. A
/// pair with an array an access may touch anywhere of (`Check::unbounded`) has no
/// byte range to compare: harmless when neither array is written, else the nest has
/// no check (`Err` with that array).
pub fn overlapping_pairs(
    se: Analyses<'_>,
    t: &NestTranslator<'_>,
    check: &Check<'_>,
) -> Result<Vec<(usize, usize)>, usize> {
    let mut pairs = vec![];
    for a in 0..t.arrays.len() {
        for c in a + 1..t.arrays.len() {
            if se.no_alias(t.arrays[a].base, t.arrays[c].base) {
                continue;
            }
            if let Some(unbounded) = [a, c].into_iter().find(|x| check.unbounded[*x]) {
                if t.arrays[a].written || t.arrays[c].written {
                    return Err(unbounded);
                }
                continue;
            }
            pairs.push((a, c));
        }
    }
    Ok(pairs)
}

/// Replaces the nest by the check and the call; the IR is unchanged on an error.
/// Returns the preheader's new branch and the block of the call.
#[allow(clippy::too_many_arguments)]
pub fn splice<'a>(
    se: Analyses<'a>,
    function: FunctionValue<'a>,
    outer: Loop<'a>,
    t: &NestTranslator<'a>,
    check: &Check<'a>,
    overlapping: &[(usize, usize)],
    core: CoreResult,
    name: &str,
) -> Result<(InstructionValue<'a>, BasicBlock<'a>), SpliceError> {
    let (Some(preheader), Some(exit), Some(latch)) = (
        outer.block(LoopBlock::Preheader),
        outer.block(LoopBlock::Exit),
        outer.block(LoopBlock::Latch),
    ) else {
        return Err(SpliceError::NotComputableBeforeNest);
    };
    let header = outer.header();
    let Some(at) = preheader.get_terminator() else {
        return Err(SpliceError::NotComputableBeforeNest);
    };
    let Some(generated) = core.module else {
        return Err(SpliceError::LinkFailed);
    };
    let context = header.get_context();
    let i64_type = context.i64_type();
    let i64_raw = ffi::integer_type(function, 64);

    // What the check and the call compute before the nest, and the call's signature,
    // are checked before anything changes: a refusal leaves the IR as it was.
    let expander = se.expander();
    let address = |a: usize, offset: Scev<'a>| se.add2(se.get(t.arrays[a].base), offset);
    let first_size = |a: usize| -> Option<Scev<'a>> {
        let extent = check.first_extent[a]?;
        Some(se.min_max(ScevKind::SMax, &[extent, se.one(extent)]))
    };
    let mut computed: Vec<Scev<'a>> = t.params.clone();
    for (_, l, r) in &check.bounds {
        computed.extend([*l, *r]);
    }
    for &(a, c) in overlapping {
        for x in [a, c] {
            let (Some(low), Some(high)) = (check.low[x], check.high[x]) else {
                return Err(SpliceError::NotComputableBeforeNest);
            };
            computed.extend([address(x, low), address(x, high)]);
        }
    }
    let mut signature = vec![];
    for (a, array) in t.arrays.iter().enumerate() {
        computed.push(first_size(a).ok_or(SpliceError::NotComputableBeforeNest)?);
        computed.extend(array.sizes[..array.sizes.len() - 1].iter().copied());
        // The memref descriptor: allocated and aligned pointers, offset, sizes, strides.
        let pointer = array.base.ty().raw();
        signature.extend([pointer, pointer, i64_raw]);
        signature.extend(std::iter::repeat_n(i64_raw, 2 * array.sizes.len()));
    }
    signature.extend(std::iter::repeat_n(i64_raw, t.params.len()));
    signature.extend(t.scalars.iter().map(|s| s.ty().raw()));
    // Each live-out scalar's 0-d memref: allocated and aligned pointers, offset.
    let mut live_out_types = vec![];
    for v in &t.live_outs {
        let ty = v
            .basic()
            .map(|b| b.get_type())
            .ok_or(SpliceError::UnexpectedSignature)?;
        live_out_types.push(ty);
        let pointer = context.ptr_type(AddressSpace::default()).as_type_ref();
        signature.extend([pointer, pointer, i64_raw]);
    }
    computed.extend(t.exit_values.iter().map(|(_, s)| *s));
    if !computed.iter().all(|v| expander.safe_at(*v, at)) {
        return Err(SpliceError::NotComputableBeforeNest);
    }
    if generated.parameter_types(name) != Some(signature) {
        return Err(SpliceError::UnexpectedSignature);
    }

    // Link the optimized function (and its OpenMP outlined bodies) into clang's
    // module.
    let new_names = generated.defined_functions();
    if !generated.link_into(function) {
        return Err(SpliceError::LinkFailed);
    }
    let Some(callee) = ffi::function_named(function, name) else {
        return Err(SpliceError::MissingAfterLink);
    };
    for n in &new_names {
        if let Some(f) = ffi::function_named(function, n) {
            adopt(f, function);
            f.set_linkage(Linkage::Internal);
        }
    }
    // The functions the nest calls, declared there under the nest's symbols.
    for callee in &t.callees {
        if let Some(declared) = ffi::function_named(function, &callee.symbol) {
            ffi::bind_declaration(declared, callee.function);
        }
    }

    // The check and the call, in the preheader.
    let b = context.create_builder();
    b.position_before(&at);
    let expand = |s: Scev<'a>, ty| expander.expand(s, ty, at).ok_or(SpliceError::Builder);
    let int = |v: BasicValueEnum<'a>| -> Result<IntValue<'a>, SpliceError> {
        v.try_into().map_err(|_| SpliceError::Builder)
    };
    let built = |r: Result<IntValue<'a>, inkwell::builder::BuilderError>| {
        r.map_err(|_| SpliceError::Builder)
    };
    let mut ok = context.bool_type().const_int(1, false);
    for (p, l, r) in &check.bounds {
        let ty = ffi::integer_type(function, l.width());
        let lv = int(expand(*l, ty)?)?;
        let rv = int(expand(*r, ty)?)?;
        let cmp = built(b.build_int_compare(p.to_llvm(), lv, rv, ""))?;
        ok = built(b.build_and(ok, cmp, ""))?;
    }
    for &(a, c) in overlapping {
        let pointer = t.arrays[a].base.ty().raw();
        let (Some(low_a), Some(high_a), Some(low_c), Some(high_c)) =
            (check.low[a], check.high[a], check.low[c], check.high[c])
        else {
            return Err(SpliceError::Builder);
        };
        let low_a = expand(address(a, low_a), pointer)?.into_pointer_value();
        let high_a = expand(address(a, high_a), pointer)?.into_pointer_value();
        let low_c = expand(address(c, low_c), pointer)?.into_pointer_value();
        let high_c = expand(address(c, high_c), pointer)?.into_pointer_value();
        let before = b
            .build_int_compare(IntPredicate::ULE, high_a, low_c, "")
            .map_err(|_| SpliceError::Builder)?;
        let after = b
            .build_int_compare(IntPredicate::ULE, high_c, low_a, "")
            .map_err(|_| SpliceError::Builder)?;
        let disjoint = built(b.build_or(before, after, ""))?;
        ok = built(b.build_and(ok, disjoint, ""))?;
    }

    let mut args: Vec<BasicMetadataValueEnum<'a>> = vec![];
    for (a, array) in t.arrays.iter().enumerate() {
        let rank = array.sizes.len();
        let mut sizes = Vec::with_capacity(rank);
        sizes.push(int(expand(
            first_size(a).ok_or(SpliceError::Builder)?,
            i64_raw,
        )?)?);
        for k in 1..rank {
            sizes.push(int(expand(array.sizes[k - 1], i64_raw)?)?);
        }
        let mut strides = vec![i64_type.const_int(1, false); rank];
        for k in (0..rank.saturating_sub(1)).rev() {
            strides[k] = built(b.build_int_mul(strides[k + 1], sizes[k + 1], ""))?;
        }
        let base = array.base.basic().ok_or(SpliceError::Builder)?;
        let zero: BasicMetadataValueEnum<'a> = i64_type.const_int(0, false).into();
        args.extend([base.into(), base.into(), zero]);
        args.extend(sizes.iter().map(|s| BasicMetadataValueEnum::from(*s)));
        args.extend(strides.iter().map(|s| BasicMetadataValueEnum::from(*s)));
    }
    for p in &t.params {
        args.push(int(expand(*p, i64_raw)?)?.into());
    }
    for s in &t.scalars {
        args.push(s.basic().ok_or(SpliceError::Builder)?.into());
    }
    // A stack slot per live-out scalar, in the entry block (a static alloca).
    let mut slots = vec![];
    let entry = function
        .get_first_basic_block()
        .ok_or(SpliceError::Builder)?;
    let eb = builder_at_start(entry);
    for ty in &live_out_types {
        let slot = eb
            .build_alloca(*ty, "tessel.live_out")
            .map_err(|_| SpliceError::Builder)?;
        let zero: BasicMetadataValueEnum<'a> = i64_type.const_int(0, false).into();
        args.extend([slot.into(), slot.into(), zero]);
        slots.push(slot);
    }

    let call = context.prepend_basic_block(header, "tessel.optimized");
    let cb = context.create_builder();
    cb.position_at_end(call);
    cb.build_call(callee, &args, "")
        .map_err(|_| SpliceError::Builder)?;
    let mut last_values = vec![];
    for (slot, ty) in slots.iter().zip(&live_out_types) {
        let v = cb
            .build_load(*ty, *slot, "tessel.last")
            .map_err(|_| SpliceError::Builder)?;
        last_values.push(Value::of(v).ok_or(SpliceError::Builder)?);
    }
    let to_exit = cb
        .build_unconditional_branch(exit)
        .map_err(|_| SpliceError::Builder)?;
    // Each live-out's value on the optimized path: loaded, or computed by SCEV.
    let mut after_call: Vec<(Value<'a>, Value<'a>)> =
        t.live_outs.iter().copied().zip(last_values).collect();
    for (v, s) in &t.exit_values {
        let x = expander
            .expand(*s, v.ty().raw(), to_exit)
            .ok_or(SpliceError::Builder)?;
        after_call.push((*v, Value::of(x).ok_or(SpliceError::Builder)?));
    }
    let exit_phis = ffi::phis(exit);
    for phi in &exit_phis {
        let v = ffi::incoming_for(*phi, latch);
        if let Some((_, x)) = after_call.iter().find(|(o, _)| Some(*o) == v) {
            ffi::add_incoming(*phi, Some(*x), call);
            continue;
        }
        let from_nest = v.is_some_and(|v| v.instruction().is_some() && outer.contains_value(v));
        ffi::add_incoming(*phi, v.filter(|_| !from_nest), call);
    }
    // A live-out used after the nest other than by an exit phi (no LCSSA here): a
    // phi of both paths' values replaces it there.
    for (v, x) in &after_call {
        let users: Vec<InstructionValue<'a>> = v
            .users()
            .into_iter()
            .filter(|u| !outer.contains_value(*u))
            .filter_map(|u| u.instruction())
            .filter(|u| !exit_phis.contains(u))
            .collect();
        if users.is_empty() {
            continue;
        }
        let (Some(own), Some(other)) = (v.basic(), x.basic()) else {
            return Err(SpliceError::Builder);
        };
        let xb = builder_at_start(exit);
        let merged = xb
            .build_phi(own.get_type(), "tessel.live_out")
            .map_err(|_| SpliceError::Builder)?;
        merged.add_incoming(&[(&own, latch), (&other, call)]);
        let merged = merged.as_basic_value();
        for user in users {
            for k in 0..user.get_num_operands() {
                if ffi::operand(user, k) == Some(*v) {
                    user.set_operand(k, merged);
                }
            }
        }
    }
    at.erase_from_basic_block();
    let pb = context.create_builder();
    pb.position_at_end(preheader);
    let branch = pb
        .build_conditional_branch(ok, call, header)
        .map_err(|_| SpliceError::Builder)?;
    Ok((branch, call))
}

/// `-mllvm -tessel-count-runs`: counts how often the nest runs (at its preheader's
/// branch) and how often the run-time check lets the optimized code run (in the
/// call's block), and prints both to stderr when the program exits ("tessel:
/// __tessel_kernel_adi_0: 5 of 5 runs optimized"). To see whether the checks hold
/// on a program's data; atomic, for nests called from several threads.
pub fn count_runs(
    function: FunctionValue<'_>,
    name: &str,
    branch: InstructionValue<'_>,
    optimized: BasicBlock<'_>,
) {
    let module = ffi::host_module(function);
    let context = function.get_type().get_context();
    let i64_type = context.i64_type();
    let counters = module.add_global(i64_type.array_type(2), None, &format!("{name}.runs"));
    counters.set_linkage(Linkage::Internal);
    counters.set_initializer(&i64_type.array_type(2).const_zero());
    let b = context.create_builder();
    let count = |b: &inkwell::builder::Builder<'_>, slot: u64| {
        let counter = counter_slot(b, counters, slot);
        let _ = b.build_atomicrmw(
            inkwell::AtomicRMWBinOp::Add,
            counter,
            i64_type.const_int(1, false),
            inkwell::AtomicOrdering::Monotonic,
        );
    };
    b.position_before(&branch);
    count(&b, 0);
    count(&builder_at_start(optimized), 1);

    // The report, a destructor of the module.
    let ptr = context.ptr_type(inkwell::AddressSpace::default());
    let i32_type = context.i32_type();
    let dprintf = module.get_function("dprintf").unwrap_or_else(|| {
        module.add_function(
            "dprintf",
            i32_type.fn_type(&[i32_type.into(), ptr.into()], true),
            None,
        )
    });
    let report = module.add_function(
        &format!("{name}.report"),
        context.void_type().fn_type(&[], false),
        Some(Linkage::Internal),
    );
    let entry = context.append_basic_block(report, "entry");
    b.position_at_end(entry);
    let built = (|| -> Result<(), inkwell::builder::BuilderError> {
        let format = b.build_global_string_ptr(
            &format!("tessel: {name}: %lld of %lld runs optimized\n"),
            "",
        )?;
        let total = b.build_load(i64_type, counter_slot(&b, counters, 0), "")?;
        let fast = b.build_load(i64_type, counter_slot(&b, counters, 1), "")?;
        b.build_call(
            dprintf,
            &[
                i32_type.const_int(2, false).into(),
                format.as_pointer_value().into(),
                fast.into(),
                total.into(),
            ],
            "",
        )?;
        b.build_return(None)?;
        Ok(())
    })();
    if built.is_ok() {
        ffi::append_destructor(report);
    }
}

/// A pointer to counter `slot` of the counters.
fn counter_slot<'a>(
    b: &inkwell::builder::Builder<'a>,
    counters: inkwell::values::GlobalValue<'a>,
    slot: u64,
) -> inkwell::values::PointerValue<'a> {
    let i64_type = counters
        .get_value_type()
        .into_array_type()
        .get_element_type()
        .into_int_type();
    ffi::const_gep(b, counters, i64_type.array_type(2), slot)
}

/// The new module's functions take the attributes that make them compile like the
/// function they replace code of: target CPU and features, and no unwinding.
fn adopt(generated: FunctionValue<'_>, host: FunctionValue<'_>) {
    for kind in ["target-cpu", "target-features", "tune-cpu"] {
        if let Some(a) = host.get_string_attribute(AttributeLoc::Function, kind) {
            generated.add_attribute(AttributeLoc::Function, a);
        }
    }
    let context = generated.get_type().get_context();
    generated.add_attribute(
        AttributeLoc::Function,
        context.create_string_attribute(GENERATED_ATTRIBUTE, ""),
    );
    let nounwind = Attribute::get_named_enum_kind_id("nounwind");
    generated.add_attribute(
        AttributeLoc::Function,
        context.create_enum_attribute(nounwind, 0),
    );
}

/// The values computed in the nest and used after it: its live-out scalars (Polly's
/// scalar writes that escape the SCoP). A dead phi is no use.
pub fn live_outs<'a>(outer: Loop<'a>) -> Vec<Value<'a>> {
    let mut out = vec![];
    for block in outer.blocks() {
        for inst in block.get_instructions() {
            let Some(v) = Value::of(inst) else { continue };
            if used_outside(outer, v) {
                out.push(v);
            }
        }
    }
    out
}

/// The live-outs whose value after the nest ScalarEvolution computes from values
/// before it (IndVarSimplify's exit values: a counter's last value, the address of
/// the last row): the splice computes these after the call. The rest, values of the
/// data, the optimized function stores.
pub type ExitValues<'a> = Vec<(Value<'a>, Scev<'a>)>;
pub fn exit_values<'a>(
    se: Analyses<'a>,
    outer: Loop<'a>,
    live_outs: Vec<Value<'a>>,
) -> (ExitValues<'a>, Vec<Value<'a>>) {
    let at = outer
        .block(LoopBlock::Preheader)
        .and_then(|b| b.get_terminator());
    let expander = se.expander();
    let mut computed = vec![];
    let mut stored = vec![];
    for v in live_outs {
        let exit_value = Some(v)
            .filter(|v| se.is_scevable(v.ty()))
            .map(|v| se.at_scope(v, outer.parent()))
            .filter(|s| {
                !s.could_not_compute()
                    && se.is_loop_invariant(*s, outer)
                    && at.is_some_and(|at| expander.safe_at(*s, at))
            });
        match exit_value {
            Some(s) => computed.push((v, s)),
            None => stored.push(v),
        }
    }
    (computed, stored)
}

/// A builder at the start of `block` (before its phis too).
fn builder_at_start(block: BasicBlock<'_>) -> inkwell::builder::Builder<'_> {
    let b = block.get_context().create_builder();
    match block.get_first_instruction() {
        Some(first) => b.position_before(&first),
        None => b.position_at_end(block),
    }
    b
}
