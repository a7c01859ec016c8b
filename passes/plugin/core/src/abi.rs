//! The C ABI of the core, `libtessel_core.so`, which `libtessel.so` (../src/) loads
//! when it is needed and calls: [`tessel_core_register_passes`] and
//! [`tessel_core_register_dialect`] when mlir-opt loads the plugin, and
//! [`tessel_core_run_function`] for a function of clang's with a nest worth
//! optimizing. The MLIR passes' C++ registration (`shim/registration.cpp`, its pass
//! classes generated from the options table) calls back into
//! [`tessel_check_options`] when a pipeline is parsed and [`tessel_run_pass`] for
//! each function; the Transform ops' `apply()` (`dialect/`) calls
//! [`tessel_transform_scop`], [`tessel_transform_step`] (with
//! [`tessel_transform_directive`] for a failure's note) and
//! [`tessel_transform_generate`]. No panic crosses this boundary.

use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

use mlir_sys::MlirOperation;
use tessel_llvm::ffi::{Run, TesselFunction};
use tessel_llvm::function::{run_function, Settings, Stage};
use tessel_mlir::clay;
use tessel_mlir::ir::{emit_error, emit_remark, erasing_at_end, Op};
use tessel_mlir::pass::{install_logger, run_pass};
use tessel_poly::options::{OptionKind, PassKind, Value, OPTIONS};
use tessel_poly::Options;

use crate::ffi::register_tessel_passes;
use crate::llvm::Core;

/// Registers Tessel's MLIR passes (mlir-opt's `--load-pass-plugin`, through
/// libtessel.so's `mlirGetPassPluginInfo`).
#[no_mangle]
pub extern "C" fn tessel_core_register_passes() {
    // Nothing here may unwind into mlir-opt; a failure to install the logger is not
    // worth a crash, and registration itself is C++.
    let _ = catch_unwind(install_logger);
    register_tessel_passes();
}

/// One option's value, in the order of `OPTIONS`. Mirrors `TesselOptionValue` in the
/// shim.
#[repr(C)]
pub struct RawValue {
    /// False when the pass doesn't read the option: it keeps its default.
    set: bool,
    /// A bool, an integer, or an enum value's index in the table.
    scalar: u64,
    list: *const i64,
    len: usize,
    /// A string's bytes (UTF-8, not NUL-terminated).
    text: *const u8,
    text_len: usize,
}

/// The typed options from the shim's values, checked.
///
/// # Safety
/// Each `list` of `values` must point to `len` readable `i64`s, or be null, and each
/// `text` to `text_len` readable bytes, or be null.
unsafe fn options_from(values: &[RawValue]) -> Result<Options, String> {
    if values.len() != OPTIONS.len() {
        return Err(format!(
            "tessel: {} option values for {} options",
            values.len(),
            OPTIONS.len()
        ));
    }
    let mut options = Options::default();
    for (spec, raw) in OPTIONS.iter().zip(values).filter(|(_, raw)| raw.set) {
        let value = match spec.kind {
            OptionKind::Bool { .. } => Value::Bool(raw.scalar != 0),
            OptionKind::UInt { .. } => Value::UInt(raw.scalar),
            OptionKind::Enum { .. } => {
                Value::Enum(usize::try_from(raw.scalar).unwrap_or(usize::MAX))
            }
            OptionKind::IntList { .. } if raw.list.is_null() || raw.len == 0 => Value::IntList(&[]),
            OptionKind::IntList { .. } => {
                // SAFETY: the caller guarantees `list` points to `len` i64s.
                Value::IntList(unsafe { std::slice::from_raw_parts(raw.list, raw.len) })
            }
            OptionKind::Text { .. } if raw.text.is_null() || raw.text_len == 0 => Value::Text(""),
            OptionKind::Text { .. } => {
                // SAFETY: the caller guarantees `text` points to `text_len` bytes.
                let bytes = unsafe { std::slice::from_raw_parts(raw.text, raw.text_len) };
                Value::Text(
                    std::str::from_utf8(bytes).map_err(|_| {
                        format!("tessel: option '{}' is not valid UTF-8", spec.name)
                    })?,
                )
            }
        };
        options
            .set(spec.id, value)
            .map_err(|e| format!("tessel: {e}"))?;
    }
    Ok(options)
}

/// The shim's values as a slice.
///
/// # Safety
/// `values` must point to `len` `RawValue`s, or be null.
unsafe fn raw_values<'a>(values: *const RawValue, len: usize) -> &'a [RawValue] {
    if values.is_null() {
        &[]
    } else {
        // SAFETY: the caller guarantees `values` points to `len` RawValues.
        unsafe { std::slice::from_raw_parts(values, len) }
    }
}

/// Called by the shim when a pipeline is parsed, with the values of the options the
/// pass reads. Returns false, with a NUL-terminated message in `error`, when one is
/// invalid, so `mlir-opt` reports it once, before running anything.
///
/// # Safety
/// `values` must point to `num_values` valid `RawValue`s, and `error` to
/// `error_size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn tessel_check_options(
    kind: u32,
    values: *const RawValue,
    num_values: usize,
    error: *mut u8,
    error_size: usize,
) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        if PassKind::from_index(kind).is_none() {
            return Err("tessel: unknown pass kind".to_string());
        }
        // SAFETY: the caller guarantees `values` and the lists in it are valid.
        unsafe { options_from(raw_values(values, num_values)) }.map(|_| ())
    }));
    let message = match outcome {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(_) => "tessel: internal error (panic caught) while checking options".to_string(),
    };
    if !error.is_null() && error_size > 0 {
        let n = message.len().min(error_size - 1);
        // SAFETY: `error` has `error_size` writable bytes and `n < error_size`.
        unsafe {
            std::ptr::copy_nonoverlapping(message.as_ptr(), error, n);
            *error.add(n) = 0;
        }
    }
    false
}

fn error(op: Op, msg: &str) {
    emit_error(op.location(), msg)
}

/// Called by the shim's passes, once per function. Returns false to make the pass
/// fail.
///
/// # Safety
/// `op` must be a live `func.func`, and `values` must point to `num_values` valid
/// `RawValue`s for the call.
#[no_mangle]
pub unsafe extern "C" fn tessel_run_pass(
    kind: u32,
    op: MlirOperation,
    values: *const RawValue,
    num_values: usize,
) -> bool {
    // SAFETY: the shim hands over the live `func.func` its pass runs on (see above).
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let Some(kind) = PassKind::from_index(kind) else {
            error(op, "tessel: unknown pass kind");
            return false;
        };
        // Checked at parse time already; a pass built another way gets the error here.
        // SAFETY: the caller guarantees `values` and the lists in it are valid.
        let options = match unsafe { options_from(raw_values(values, num_values)) } {
            Ok(options) => options,
            Err(message) => {
                error(op, &message);
                return false;
            }
        };
        erasing_at_end(|| run_pass(kind, op, &options))
    }));
    match outcome {
        Ok(ok) => ok,
        Err(_) => {
            // A bug in Tessel: report it and leave mlir-opt running. The IR may be
            // partially rewritten only if codegen itself panicked mid-way.
            emit_remark(
                op.location(),
                "tessel: internal error (panic caught); this function was left as is",
            );
            true
        }
    }
}

// ---- The dialect plugin: the `tessel` dialect and its Transform ops (issue 11) ----

extern "C" {
    /// In `dialect/TesselDialect.cpp`: inserts the `tessel` dialect into the registry
    /// and adds the Transform-dialect extension with the `transform.tessel.*` ops.
    fn tessel_register_dialect(registry: *mut c_void);
}

/// Adds the `tessel` dialect and its Transform ops to `registry`, an
/// `mlir::DialectRegistry *` (mlir-opt's `--load-dialect-plugin`, through
/// libtessel.so's `mlirGetDialectPluginInfo`).
///
/// # Safety
/// `registry` is null or mlir-opt's live registry, for the call.
#[no_mangle]
pub unsafe extern "C" fn tessel_core_register_dialect(registry: *mut c_void) {
    // As for the passes: nothing here may unwind into mlir-opt.
    let _ = catch_unwind(install_logger);
    // SAFETY: the caller's; the C++ side checks for null and only inserts into it.
    unsafe { tessel_register_dialect(registry) }
}

/// Where the Transform ops' C++ receives an error message: `len` bytes at `message`
/// (UTF-8, not NUL-terminated), valid for the call only, with the caller's `user`.
/// Mirrors `TesselErrorSink` in `dialect/TesselTransformOps.cpp`.
pub type ErrorSink =
    Option<unsafe extern "C" fn(user: *mut c_void, message: *const c_char, len: usize)>;

/// Runs one Transform op's Rust side: `Ok` is true; an `Err` (or a panic, caught)
/// goes to `sink` and is false.
///
/// # Safety
/// `sink`, when set, must accept `user` and a message valid for the call.
unsafe fn transform_call(
    what: &str,
    sink: ErrorSink,
    user: *mut c_void,
    f: impl FnOnce() -> Result<(), String>,
) -> bool {
    let message = match catch_unwind(AssertUnwindSafe(|| erasing_at_end(f))) {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(_) => format!("tessel: internal error (panic caught) in {what}"),
    };
    // SAFETY: the caller guarantees `sink` and `user`.
    unsafe { send(sink, user, &message) };
    false
}

/// Hands `text` to `sink`, when set.
///
/// # Safety
/// `sink`, when set, must accept `user` and a (pointer, length) view valid for the
/// call, which `text` keeps alive.
unsafe fn send(sink: ErrorSink, user: *mut c_void, text: &str) {
    if let Some(sink) = sink {
        // SAFETY: the caller guarantees it (above).
        unsafe { sink(user, text.as_ptr().cast(), text.len()) }
    }
}

/// The `len` bytes at `text` (none when `text` is null or `len` is 0).
///
/// # Safety
/// `text` must be null or point to `len` bytes that stay readable for `'a`.
unsafe fn c_bytes<'a>(text: *const c_char, len: usize) -> &'a [u8] {
    if text.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: non-null, with `len` readable bytes (the caller guarantees it).
    unsafe { std::slice::from_raw_parts(text.cast(), len) }
}

/// `transform.tessel.scop`: takes the `index`-th SCoP of the function `func`
/// ([`clay::scop`]) and writes its first op to `scop`. Returns false, with a message
/// to `sink`, on error.
///
/// # Safety
/// `func` must be a live operation that nothing else erases during the call, `scop`
/// null or writable, and `sink`, when set, must accept `user` (see [`ErrorSink`]).
#[no_mangle]
pub unsafe extern "C" fn tessel_transform_scop(
    func: MlirOperation,
    index: usize,
    scop: *mut MlirOperation,
    sink: ErrorSink,
    user: *mut c_void,
) -> bool {
    // SAFETY: the caller hands over a live payload op (see above).
    let func = unsafe { Op::from_raw(func) };
    let mut first = None;
    // SAFETY: the caller guarantees `sink` and `user`.
    let ok = unsafe {
        transform_call("transform.tessel.scop", sink, user, || {
            let func = func.ok_or("transform.tessel.scop: no payload op")?;
            first = Some(clay::scop(func, index)?);
            Ok(())
        })
    };
    if let (true, Some(first)) = (ok, first) {
        if !scop.is_null() {
            // SAFETY: `scop` is non-null and writable (the caller guarantees it).
            unsafe { *scop = first.to_raw() };
        }
    }
    ok
}

/// `transform.tessel.<directive>`: applies the Clay directive that the op
/// `directive` stands for, read from its attributes ([`clay::directive_of`]: typed,
/// as its ODS declaration gives them), to the schedule recorded on `scop`
/// ([`clay::step`]). Returns false, with a message to `sink`, on error; the payload
/// is then unchanged.
///
/// # Safety
/// `scop` must be a live operation that nothing else erases during the call,
/// `directive` the live Transform op being applied, and `sink`, when set, must
/// accept `user` (see [`ErrorSink`]).
#[no_mangle]
pub unsafe extern "C" fn tessel_transform_step(
    scop: MlirOperation,
    directive: MlirOperation,
    sink: ErrorSink,
    user: *mut c_void,
) -> bool {
    // SAFETY: the caller hands over a live payload op and the live Transform op.
    let (scop, directive) = unsafe { (Op::from_raw(scop), Op::from_raw(directive)) };
    // SAFETY: the caller guarantees `sink` and `user`.
    unsafe {
        transform_call("a transform.tessel directive", sink, user, || {
            let scop = scop.ok_or("transform.tessel: no payload op")?;
            let directive = directive.ok_or("transform.tessel: no directive op")?;
            clay::step(scop, directive)
        })
    }
}

/// The directive op `directive` as Rust reads it, in seed 003's syntax (e.g.
/// `distribute((4, 0), 1)`), handed to `sink` ([`clay::directive_text`]): the note of
/// a failed step. Returns false, with the reason to `sink`, when the op is no
/// directive Rust reads.
///
/// # Safety
/// `directive` must be a live Transform op, and `sink`, when set, must accept
/// `user` (see [`ErrorSink`]).
#[no_mangle]
pub unsafe extern "C" fn tessel_transform_directive(
    directive: MlirOperation,
    sink: ErrorSink,
    user: *mut c_void,
) -> bool {
    // SAFETY: the caller hands over a live op.
    let directive = unsafe { Op::from_raw(directive) };
    let mut text = None;
    // SAFETY: the caller guarantees `sink` and `user`.
    let ok = unsafe {
        transform_call("a transform.tessel directive", sink, user, || {
            let directive = directive.ok_or("transform.tessel: no directive op")?;
            text = Some(clay::directive_text(directive)?);
            Ok(())
        })
    };
    if let (true, Some(text)) = (ok, text) {
        // SAFETY: the caller guarantees `sink` and `user`.
        unsafe { send(sink, user, &text) };
    }
    ok
}

/// `transform.tessel.generate`: verifies the schedule recorded on `scop` and replaces
/// the SCoP's ops with the code generated from it ([`clay::generate`]), under the
/// Tessel options written at `options` (`len` bytes of UTF-8, `name=value` separated
/// by spaces; none: the defaults). Returns false, with a message to `sink`, on
/// error; the payload is then unchanged.
///
/// # Safety
/// `scop` must be a live operation that the caller does not use after a successful
/// call (it is erased), `options` must point to `len` readable bytes (or be null
/// with `len` 0), and `sink`, when set, must accept `user` (see [`ErrorSink`]).
#[no_mangle]
pub unsafe extern "C" fn tessel_transform_generate(
    scop: MlirOperation,
    options: *const c_char,
    len: usize,
    sink: ErrorSink,
    user: *mut c_void,
) -> bool {
    // SAFETY: the caller hands over a live payload op (see above).
    let scop = unsafe { Op::from_raw(scop) };
    // SAFETY: the caller guarantees `len` readable bytes at `options` (or null).
    let bytes = unsafe { c_bytes(options, len) };
    // SAFETY: the caller guarantees `sink` and `user`.
    unsafe {
        transform_call("transform.tessel.generate", sink, user, || {
            let scop = scop.ok_or("transform.tessel.generate: no payload op")?;
            let text = std::str::from_utf8(bytes)
                .map_err(|_| "transform.tessel.generate: the options are not UTF-8".to_string())?;
            // Over the defaults without the transforms that follow scheduling: a
            // script's schedule is generated as written unless `options` asks.
            let mut options = Options::default().without_transforms();
            options
                .apply_text(text)
                .map_err(|e| format!("transform.tessel.generate: {e}"))?;
            clay::generate(scop, &options)
        })
    }
}

// ---- clang and opt: the front end with the core ----

/// Runs the clang front end, with the core, on one function (libtessel.so calls it
/// for a function with a nest worth optimizing, with the arguments of its own
/// `tessel_llvm_run_function`). Returns whether the IR changed. No panic crosses
/// this boundary: after one (a bug in Tessel), the function is reported changed, so
/// that clang recomputes its analyses.
///
/// # Safety
/// `state` is the C++ pass's live function state and `function` its
/// `llvm::Function`, both alive for the call; `options` points to `len` readable
/// bytes (or is null).
#[no_mangle]
pub unsafe extern "C" fn tessel_core_run_function(
    state: *mut TesselFunction,
    function: llvm_sys::prelude::LLVMValueRef,
    options: *const c_char,
    len: usize,
    count_runs: bool,
    single_loops: bool,
    stage: u32,
) -> bool {
    // TESSEL_LOG works in clang as in mlir-opt (installed once; failing is harmless).
    static LOGGER: std::sync::Once = std::sync::Once::new();
    LOGGER.call_once(|| {
        let _ = catch_unwind(install_logger);
    });
    // SAFETY: the caller guarantees `len` readable bytes at `options` (or null).
    let options = String::from_utf8_lossy(unsafe { c_bytes(options, len) }).into_owned();
    // SAFETY: the caller's: the live state of `function` for the call.
    let Some(run) = (unsafe { Run::new(state, function) }) else {
        return false;
    };
    let settings = Settings {
        options,
        count_runs,
        single_loops,
        stage: Stage::from_code(stage),
    };
    catch_unwind(AssertUnwindSafe(|| run_function(run, &settings, &mut Core))).unwrap_or(true)
}
