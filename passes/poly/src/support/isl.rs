//! A thin safety layer over `isl-rs`.
//!
//! - [`Ctx`]: one isl context per public call, with errors set to "continue" (isl's
//!   default prints to stderr) and the operations budget installed.
//! - [`IslResult::isl`]: turns an `isl-rs` result into `Result<_, PolyError>`,
//!   rejecting NULL objects (the bindings would crash on them later) and telling an
//!   exhausted budget ([`PolyError::Budget`]) apart from other isl errors.
//! - [`Ctx::set_deadline`]: a wall-clock budget. At the deadline a watchdog thread
//!   lowers the context's operations budget to one, so that isl fails at its next
//!   counted operation (every allocation and simplex pivot); the failure maps to
//!   [`PolyError::TimeBudget`]. (Not `isl_ctx_abort`: its error has no message, and
//!   isl-rs dereferences the NULL message.)
//! - Text conversion that frees isl's buffers and never dereferences NULL (the
//!   bindings' `to_str` does both).
//! - The `isl_ast_build` functions the bindings lack (`ast_from_schedule`).
//!
//! Ownership rule: every isl object must be dropped before the [`Ctx`] it was made
//! in. Inside the crate that holds because each public entry point creates the
//! `Ctx` first (so it is dropped last); public types that hold isl objects borrow
//! the `Ctx` to make the compiler check it.

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use isl_rs::{Context, DimType, Error as IslErrorKind, LibISLError, Options, Val};

use crate::error::{IslError, PolyError, Unsupported};

/// `ISL_ON_ERROR_CONTINUE` from isl/options.h.
const ON_ERROR_CONTINUE: i32 = 1;
/// `ISL_YAML_STYLE_BLOCK` from isl/printer.h.
const YAML_STYLE_BLOCK: c_int = 0;

extern "C" {
    fn free(ptr: *mut c_void);

    fn isl_ctx_last_error(ctx: usize) -> c_int;
    fn isl_ctx_last_error_msg(ctx: usize) -> *const c_char;
    fn isl_ctx_reset_error(ctx: usize);
    fn isl_ctx_reset_operations(ctx: usize);
    fn isl_ctx_set_max_operations(ctx: usize, max_operations: std::ffi::c_ulong);
    fn isl_space_get_dim_name(space: usize, dim_type: c_int, pos: u32) -> *const c_char;
    fn isl_set_get_dim_name(set: usize, dim_type: c_int, pos: u32) -> *const c_char;
    fn isl_basic_set_partial_lexmin(bset: usize, dom: usize, empty: *mut usize) -> usize;

    fn isl_options_set_ast_build_atomic_upper_bound(ctx: usize, val: c_int) -> c_int;
    fn isl_options_set_ast_build_detect_min_max(ctx: usize, val: c_int) -> c_int;
    fn isl_options_set_ast_build_exploit_nested_bounds(ctx: usize, val: c_int) -> c_int;
    fn isl_ast_build_from_context(set: usize) -> usize;
    fn isl_ast_build_node_from_schedule(build: usize, schedule: usize) -> usize;
    fn isl_ast_build_free(build: usize) -> usize;

    fn isl_printer_to_str(ctx: usize) -> usize;
    fn isl_printer_set_yaml_style(p: usize, style: c_int) -> usize;
    fn isl_printer_print_schedule(p: usize, schedule: usize) -> usize;
    fn isl_printer_get_str(p: usize) -> *mut c_char;
    fn isl_printer_free(p: usize) -> usize;

    fn isl_ast_node_get_type(node: usize) -> c_int;

    fn isl_id_get_name(id: usize) -> *const c_char;
    fn isl_id_alloc(ctx: usize, name: *const c_char, user: *mut c_void) -> usize;
    fn isl_id_get_user(id: usize) -> *mut c_void;
    fn isl_set_get_tuple_name(set: usize) -> *const c_char;
    fn isl_map_get_tuple_name(map: usize, dim_type: c_int) -> *const c_char;
}

/// An isl context. Create it before, and drop it after, every isl object it owns.
pub struct Ctx {
    // Declared before `ctx`, so it is dropped (its thread joined) before the context
    // it may abort is freed.
    watchdog: RefCell<Option<Watchdog>>,
    /// Set by the watchdog when the deadline has passed.
    timed_out: Arc<AtomicBool>,
    /// The deadline the watchdog enforces.
    deadline: Cell<Option<Instant>>,
    /// The operations budget the context was created with.
    max_operations: u64,
    ctx: Context,
}

/// A thread that stops an isl context's computation at a deadline, unless it is
/// dropped first (dropping joins it).
struct Watchdog {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    /// `None` if no thread can be started: then only the operations budget applies.
    fn start(ctx: usize, deadline: Instant, timed_out: Arc<AtomicBool>) -> Option<Watchdog> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("tessel-deadline".into())
            .spawn(move || {
                let wait = deadline.saturating_duration_since(Instant::now());
                if let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(wait) {
                    timed_out.store(true, Ordering::SeqCst);
                    // SAFETY: `ctx` is a live isl_ctx: the Ctx that owns it joins this
                    // thread before freeing it. The call stores one aligned word that
                    // the computing thread polls, the way isl's own isl_ctx_abort
                    // (made for calls from another thread) stores its flag.
                    unsafe { isl_ctx_set_max_operations(ctx, 1) }
                }
            })
            .ok()?;
        Some(Watchdog {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        // Disconnecting the channel wakes the thread, which then ends without aborting.
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Ctx {
    /// A fresh context with `max_operations` as its budget (0 = unlimited, as in isl).
    pub fn new(max_operations: u64) -> Result<Ctx, PolyError> {
        let ctx = Context::alloc();
        if ctx.ptr == 0 {
            return Err(IslError::NoContext.into());
        }
        let cx = Ctx {
            watchdog: RefCell::new(None),
            timed_out: Arc::new(AtomicBool::new(false)),
            deadline: Cell::new(None),
            max_operations,
            ctx,
        };
        // First thing: isl's default (warn) prints every error to stderr.
        Options::set_on_error(&cx.ctx, ON_ERROR_CONTINUE).isl(&cx)?;
        cx.ctx.set_max_operations(max_operations);
        Ok(cx)
    }

    /// Starts the operations count afresh, so that work after a failed step (e.g. the
    /// identity fallback after the scheduler ran out of budget) gets a full budget.
    pub fn reset_operations(&self) {
        // SAFETY: self.ctx.ptr is a live isl_ctx.
        unsafe { isl_ctx_reset_operations(self.ctx.ptr) };
        self.take_pending_error();
    }

    /// Stops every isl computation of this context from `deadline` on (`None`: no
    /// deadline). Replaces an earlier deadline and, if that one had passed, restores
    /// the operations budget (counted afresh), so that a retry with less work can run.
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        // Join the old watchdog first: it must not fire after the restore below.
        drop(self.watchdog.borrow_mut().take());
        if self.timed_out.swap(false, Ordering::SeqCst) {
            self.ctx.set_max_operations(self.max_operations);
            self.reset_operations();
        }
        self.deadline.set(deadline);
        *self.watchdog.borrow_mut() =
            deadline.and_then(|d| Watchdog::start(self.ctx.ptr, d, Arc::clone(&self.timed_out)));
    }

    /// The deadline of [`Ctx::set_deadline`].
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline.get()
    }

    /// Whether the deadline has passed and stopped this context's computations.
    fn timed_out(&self) -> bool {
        self.timed_out.load(Ordering::SeqCst)
    }

    /// isl's quota error: the operations budget, or the deadline (which works through
    /// the operations budget).
    fn quota_error(&self) -> PolyError {
        if self.timed_out() {
            PolyError::TimeBudget { stage: "" }
        } else {
            PolyError::Budget
        }
    }

    /// The error for a failure after the deadline, clearing isl's error state.
    fn time_budget_error(&self) -> Option<PolyError> {
        if !self.timed_out() {
            return None;
        }
        self.take_pending_error();
        Some(PolyError::TimeBudget { stage: "" })
    }

    /// The `isl-rs` context, for constructors such as `UnionSet::read_from_str`.
    pub fn raw(&self) -> &Context {
        &self.ctx
    }

    /// Parses isl text; a NUL byte would make the bindings panic, so reject it here.
    pub fn parse<T, F>(&self, what: &str, text: &str, read: F) -> Result<T, PolyError>
    where
        T: Checked,
        F: FnOnce(&Context, &str) -> Result<T, LibISLError>,
    {
        if text.contains('\0') {
            return Err(Unsupported::NulByte(what.to_string()).into());
        }
        read(&self.ctx, text)
            .map_err(|e| match self.error(e) {
                PolyError::Isl(error) => PolyError::Isl(IslError::Parse {
                    what: what.to_string(),
                    text: text.to_string(),
                    error: Box::new(error),
                }),
                other => other,
            })
            .and_then(|v| self.non_null(v))
    }

    /// Maps an isl failure to a [`PolyError`]: quota exhaustion becomes `Budget`.
    pub fn error(&self, e: LibISLError) -> PolyError {
        if let Some(late) = self.time_budget_error() {
            return late;
        }
        // The bindings report a failed isl_bool without clearing the context's error,
        // so the context may know the real cause better than `e`.
        let pending = self.take_pending_error();
        let text = e.to_string();
        if pending == Some(IslErrorKind::Quota)
            || text.starts_with("[Quota]")
            || self.quota_exhausted()
        {
            return self.quota_error();
        }
        IslError::Reported(text).into()
    }

    /// Error for a NULL result that isl did not explain.
    fn null_error(&self) -> PolyError {
        if let Some(late) = self.time_budget_error() {
            return late;
        }
        if self.take_pending_error() == Some(IslErrorKind::Quota) || self.quota_exhausted() {
            self.quota_error()
        } else {
            IslError::Null.into()
        }
    }

    fn non_null<T: Checked>(&self, v: T) -> Result<T, PolyError> {
        if v.is_null() {
            Err(self.null_error())
        } else {
            Ok(v)
        }
    }

    /// Reads and clears the context's error state.
    fn take_pending_error(&self) -> Option<IslErrorKind> {
        // SAFETY: self.ctx.ptr is a live isl_ctx for the lifetime of self.
        let code = unsafe { isl_ctx_last_error(self.ctx.ptr) };
        // SAFETY: as above.
        unsafe { isl_ctx_reset_error(self.ctx.ptr) };
        match code {
            0 => None,
            6 => Some(IslErrorKind::Quota),
            _ => Some(IslErrorKind::Unknown),
        }
    }

    /// isl's message for the pending error, if it left one.
    fn last_error_message(&self) -> Option<String> {
        // SAFETY: self.ctx.ptr is a live isl_ctx; the message, when not NULL, is a
        // NUL-terminated string that isl owns (a static string), copied at once.
        let msg = unsafe { isl_ctx_last_error_msg(self.ctx.ptr) };
        if msg.is_null() {
            return None;
        }
        // SAFETY: see above.
        let text = unsafe { std::ffi::CStr::from_ptr(msg) };
        Some(text.to_string_lossy().into_owned())
    }

    /// Every isl allocation counts as an operation, so a one-value allocation fails
    /// exactly when the budget is spent. Used only on error paths.
    fn quota_exhausted(&self) -> bool {
        let probe = Val::int_from_si(&self.ctx, 0);
        let spent = match &probe {
            Err(e) => e.to_string().starts_with("[Quota]"),
            Ok(v) => v.ptr == 0,
        };
        self.take_pending_error();
        spent
    }

    /// Checks a raw FFI result: NULL or a pending error is a failure.
    fn raw_result(&self, ptr: usize) -> Result<usize, PolyError> {
        if ptr == 0 {
            if let Some(late) = self.time_budget_error() {
                return Err(late);
            }
        }
        let message = self.last_error_message();
        match self.take_pending_error() {
            Some(IslErrorKind::Quota) => Err(self.quota_error()),
            Some(_) => Err(IslError::CallFailed { message }.into()),
            None if ptr == 0 => Err(self.null_error()),
            None => Ok(ptr),
        }
    }

    fn raw_stat(&self, stat: c_int, what: &'static str) -> Result<(), PolyError> {
        if stat < 0 {
            self.take_pending_error();
            return Err(IslError::Option(what).into());
        }
        Ok(())
    }

    /// isl's own text of an object (isl notation, e.g. `[N] -> { S0[i] : 0 <= i < N }`).
    pub fn text<T: Printable>(&self, obj: &T) -> Result<String, PolyError> {
        // SAFETY: obj wraps a live object of the matching isl type (or NULL, which
        // isl's *_to_str accept and answer with NULL).
        let s = unsafe { obj.to_str_raw() };
        self.printed(s)
    }

    /// A schedule tree in isl's block YAML style (one key per line; isl reads it back).
    pub fn schedule_text(&self, schedule: &isl_rs::Schedule) -> Result<String, PolyError> {
        // SAFETY: the printer calls take and return the printer, and pass NULL
        // through; the string they produce is checked by `printed`.
        let s = unsafe {
            let p = isl_printer_to_str(self.ctx.ptr);
            let p = isl_printer_set_yaml_style(p, YAML_STYLE_BLOCK);
            let p = isl_printer_print_schedule(p, schedule.ptr);
            let s = if p == 0 {
                std::ptr::null_mut()
            } else {
                isl_printer_get_str(p)
            };
            isl_printer_free(p);
            s
        };
        self.printed(s)
    }

    /// Takes ownership of a string isl printed; NULL or a pending error is a failure.
    fn printed(&self, s: *mut c_char) -> Result<String, PolyError> {
        let text = owned_c_string(s);
        if text.is_none() {
            if let Some(late) = self.time_budget_error() {
                return Err(late);
            }
        }
        match (text, self.take_pending_error()) {
            (_, Some(IslErrorKind::Quota)) => Err(self.quota_error()),
            (Some(text), None) => Ok(text),
            (_, Some(_)) => Err(IslError::Print.into()),
            (None, None) => Err(self.null_error()),
        }
    }
}

/// Values coming back from isl: objects may be NULL, plain values never are.
pub trait Checked {
    fn is_null(&self) -> bool {
        false
    }
}
impl Checked for bool {}
impl Checked for i32 {}
impl Checked for i64 {}
impl Checked for () {}
impl Checked for isl_rs::Stat {}
impl Checked for isl_rs::ScheduleNodeType {}
impl Checked for isl_rs::ASTExprType {}
impl Checked for isl_rs::ASTExprOpType {}

/// isl objects with a `*_to_str` function.
pub trait Printable {
    /// # Safety
    /// `self` must wrap a live object of its type, or NULL.
    unsafe fn to_str_raw(&self) -> *mut c_char;
}

macro_rules! isl_objects {
    ($($ty:ident => $to_str:ident),* $(,)?) => {
        extern "C" { $(fn $to_str(obj: usize) -> *mut c_char;)* }
        $(
            impl Checked for isl_rs::$ty {
                fn is_null(&self) -> bool { self.ptr == 0 }
            }
            impl Printable for isl_rs::$ty {
                // SAFETY: the caller guarantees self.ptr is a live object of this
                // type or NULL, which the matching `*_to_str` accepts.
                unsafe fn to_str_raw(&self) -> *mut c_char { $to_str(self.ptr) }
            }
        )*
    };
}

isl_objects! {
    Set => isl_set_to_str,
    SetList => isl_set_list_to_str,
    UnionSet => isl_union_set_to_str,
    UnionSetList => isl_union_set_list_to_str,
    Map => isl_map_to_str,
    UnionMap => isl_union_map_to_str,
    MapList => isl_map_list_to_str,
    Aff => isl_aff_to_str,
    AffList => isl_aff_list_to_str,
    MultiAff => isl_multi_aff_to_str,
    PwAff => isl_pw_aff_to_str,
    PwAffList => isl_pw_aff_list_to_str,
    PwMultiAff => isl_pw_multi_aff_to_str,
    MultiPwAff => isl_multi_pw_aff_to_str,
    MultiUnionPwAff => isl_multi_union_pw_aff_to_str,
    UnionPwAff => isl_union_pw_aff_to_str,
    UnionPwAffList => isl_union_pw_aff_list_to_str,
    UnionPwMultiAff => isl_union_pw_multi_aff_to_str,
    Schedule => isl_schedule_to_str,
    ScheduleNode => isl_schedule_node_to_str,
    ScheduleConstraints => isl_schedule_constraints_to_str,
    UnionAccessInfo => isl_union_access_info_to_str,
    UnionFlow => isl_union_flow_to_str,
    Space => isl_space_to_str,
    Val => isl_val_to_str,
    MultiVal => isl_multi_val_to_str,
    Id => isl_id_to_str,
    ASTNode => isl_ast_node_to_str,
    ASTExpr => isl_ast_expr_to_str,
    ASTNodeList => isl_ast_node_list_to_str,
    ASTExprList => isl_ast_expr_list_to_str,
    BasicSet => isl_basic_set_to_str,
    BasicMap => isl_basic_map_to_str,
    BasicSetList => isl_basic_set_list_to_str,
    BasicMapList => isl_basic_map_list_to_str,
    Point => isl_point_to_str,
}

impl Checked for isl_rs::Constraint {
    fn is_null(&self) -> bool {
        self.ptr == 0
    }
}

impl Checked for isl_rs::LocalSpace {
    fn is_null(&self) -> bool {
        self.ptr == 0
    }
}

impl Checked for isl_rs::Mat {
    fn is_null(&self) -> bool {
        self.ptr == 0
    }
}

/// `.isl(cx)?` on every `isl-rs` call: error mapping plus the NULL check.
pub trait IslResult<T> {
    fn isl(self, cx: &Ctx) -> Result<T, PolyError>;
}

impl<T: Checked> IslResult<T> for Result<T, LibISLError> {
    fn isl(self, cx: &Ctx) -> Result<T, PolyError> {
        match self {
            Ok(v) => cx.non_null(v),
            Err(e) => Err(cx.error(e)),
        }
    }
}

/// Copies and frees a string that isl allocated; NULL gives None.
fn owned_c_string(s: *mut c_char) -> Option<String> {
    if s.is_null() {
        return None;
    }
    // SAFETY: isl returns a NUL-terminated malloc'ed buffer that we now own.
    let text = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
    // SAFETY: s is that buffer, freed once, not used after.
    unsafe { free(s.cast()) };
    Some(text)
}

/// Copies a string that isl keeps ownership of; NULL gives None.
fn borrowed_c_string(s: *const c_char) -> Option<String> {
    if s.is_null() {
        return None;
    }
    // SAFETY: NUL-terminated, owned by a live isl object for the duration of the call.
    Some(unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned())
}

/// The name of an isl id (None for an anonymous id).
pub(crate) fn id_name(id: &isl_rs::Id) -> Option<String> {
    // SAFETY: id.ptr is a live isl_id or NULL (isl_id_get_name accepts NULL).
    borrowed_c_string(unsafe { isl_id_get_name(id.ptr) })
}

/// An id named `name` that carries `number` as data in its user pointer (isl-rs
/// has no `isl_id_alloc`). isl compares and hashes the pointer, never dereferences it
/// (no `free_user` is set), so a number is a valid user value.
pub(crate) fn numbered_id(cx: &Ctx, name: &str, number: usize) -> Result<isl_rs::Id, PolyError> {
    let name = std::ffi::CString::new(name).map_err(|_| IslError::NulInName(name.to_string()))?;
    // SAFETY: ctx is live; isl copies the name; the user pointer is an integer isl
    // only compares.
    let ptr = unsafe { isl_id_alloc(cx.ctx.ptr, name.as_ptr(), number as *mut c_void) };
    Ok(isl_rs::Id {
        ptr: cx.raw_result(ptr)?,
        should_free_on_drop: true,
    })
}

/// The number an id made by [`numbered_id`] carries (0 for a plain id).
pub(crate) fn id_number(id: &isl_rs::Id) -> usize {
    // SAFETY: id.ptr is a live isl_id; the user pointer is only read as an integer.
    unsafe { isl_id_get_user(id.ptr) as usize }
}

/// The tuple name of a set (None if unnamed).
pub(crate) fn set_tuple_name(set: &isl_rs::Set) -> Option<String> {
    // SAFETY: set.ptr is a live isl_set or NULL.
    borrowed_c_string(unsafe { isl_set_get_tuple_name(set.ptr) })
}

/// The tuple names of the sets of a union set (one per statement of a domain).
pub(crate) fn union_set_names(cx: &Ctx, uset: &isl_rs::UnionSet) -> Result<Vec<String>, PolyError> {
    let list = uset.get_set_list().isl(cx)?;
    let mut names = Vec::new();
    for i in 0..list.size().isl(cx)? {
        if let Some(name) = set_tuple_name(&list.get_at(i).isl(cx)?) {
            names.push(name);
        }
    }
    Ok(names)
}

/// What a set holds, when it is at most one point (a set of distances, say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SetPoint {
    Empty,
    /// Its one point, every coordinate fixed.
    Only(Vec<i64>),
    /// Some coordinate takes several values (or is not an integer).
    Varies,
}

/// Whether `set` is empty, one point (which), or more.
pub(crate) fn single_point(cx: &Ctx, set: isl_rs::Set) -> Result<SetPoint, PolyError> {
    if set.is_empty().isl(cx)? {
        return Ok(SetPoint::Empty);
    }
    let set = set.detect_equalities().isl(cx)?;
    let n = usize::try_from(set.dim(DimType::Set).isl(cx)?).unwrap_or(0);
    let mut point = Vec::with_capacity(n);
    for k in 0..n {
        let x = set
            .plain_get_val_if_fixed(DimType::Set, to_u32(k)?)
            .isl(cx)?;
        if !x.is_int().isl(cx)? {
            return Ok(SetPoint::Varies);
        }
        point.push(x.get_num_si().isl(cx)?);
    }
    Ok(SetPoint::Only(point))
}

/// The maps of a union map, one per pair of spaces.
pub(crate) fn maps_of(cx: &Ctx, umap: &isl_rs::UnionMap) -> Result<Vec<isl_rs::Map>, PolyError> {
    let list = umap.get_map_list().isl(cx)?;
    (0..list.size().isl(cx)?)
        .map(|k| list.get_at(k).isl(cx))
        .collect()
}

/// The name of the input (domain) tuple of a map (None if unnamed).
pub(crate) fn map_in_name(map: &isl_rs::Map) -> Option<String> {
    // SAFETY: map.ptr is a live isl_map or NULL.
    borrowed_c_string(unsafe { isl_map_get_tuple_name(map.ptr, DimType::In.to_i32()) })
}

/// The names of the parameters of a space (an unnamed parameter gives `""`).
pub(crate) fn param_names(cx: &Ctx, space: &isl_rs::Space) -> Result<Vec<String>, PolyError> {
    let n = space.dim(DimType::Param).isl(cx)?;
    let n = u32::try_from(n).unwrap_or(0);
    Ok((0..n)
        .map(|i| {
            // SAFETY: space.ptr is a live isl_space and i is in range.
            borrowed_c_string(unsafe {
                isl_space_get_dim_name(space.ptr, DimType::Param.to_i32(), i)
            })
            .unwrap_or_default()
        })
        .collect())
}

/// The lexicographic minimum of a parameter-free basic set (an empty set if it has
/// no point), exact and integral.
///
/// Calls `isl_basic_set_partial_lexmin` over the zero-dimensional universe rather
/// than `isl_basic_set_lexmin`: the latter first projects every variable out (by
/// Fourier–Motzkin) to find the domain of the optimum, which costs seconds on the
/// scheduler's 50-variable ILPs; with an explicit domain isl goes straight to PIP.
pub(crate) fn basic_set_lexmin(cx: &Ctx, bset: isl_rs::BasicSet) -> Result<isl_rs::Set, PolyError> {
    let dom =
        isl_rs::BasicSet::universe(isl_rs::Space::params_alloc(&cx.ctx, 0).isl(cx)?).isl(cx)?;
    let (mut bset, mut dom) = (bset, dom);
    bset.do_not_free_on_drop();
    dom.do_not_free_on_drop();
    // SAFETY: both arguments are live objects whose ownership moves into isl
    // (__isl_take); `empty` may be NULL. The result is wrapped at once so that it is
    // freed on every path.
    let ptr = unsafe { isl_basic_set_partial_lexmin(bset.ptr, dom.ptr, std::ptr::null_mut()) };
    let set = isl_rs::Set {
        ptr,
        should_free_on_drop: true,
    };
    cx.raw_result(set.ptr)?;
    Ok(set)
}

/// The names of the set dimensions of a set (`""` for an unnamed one).
pub(crate) fn set_dim_names(cx: &Ctx, set: &isl_rs::Set) -> Result<Vec<String>, PolyError> {
    let n = set.dim(DimType::Set).isl(cx)?;
    let n = u32::try_from(n).unwrap_or(0);
    Ok((0..n)
        .map(|i| {
            // SAFETY: set.ptr is a live isl_set and i is in range.
            borrowed_c_string(unsafe { isl_set_get_dim_name(set.ptr, DimType::Set.to_i32(), i) })
                .unwrap_or_default()
        })
        .collect())
}

/// The name of the output (range) tuple of a map (None if unnamed).
pub(crate) fn map_out_name(map: &isl_rs::Map) -> Option<String> {
    // SAFETY: map.ptr is a live isl_map or NULL.
    borrowed_c_string(unsafe { isl_map_get_tuple_name(map.ptr, DimType::Out.to_i32()) })
}

/// The kind of an isl AST node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AstNodeKind {
    For,
    If,
    Block,
    Mark,
    User,
}

/// The kind of an AST node. (isl-rs 0.3.1 maps `isl_ast_node_type` off by one and
/// panics on user nodes, so this reads the C enum directly.)
pub(crate) fn ast_node_kind(cx: &Ctx, node: &isl_rs::ASTNode) -> Result<AstNodeKind, PolyError> {
    // SAFETY: node.ptr is a live isl_ast_node or NULL (then isl returns -1).
    let code = unsafe { isl_ast_node_get_type(node.ptr) };
    // Values from isl/ast_type.h: for = 1, if, block, mark, user.
    match code {
        1 => Ok(AstNodeKind::For),
        2 => Ok(AstNodeKind::If),
        3 => Ok(AstNodeKind::Block),
        4 => Ok(AstNodeKind::Mark),
        5 => Ok(AstNodeKind::User),
        _ => Err(cx.null_error()),
    }
}

/// Runs isl's AST generator on a schedule tree, within the parameter `context`.
///
/// Options (see isl's manual, "AST Generation Options"):
/// - `atomic_upper_bound = 1`: a single upper bound (a `min`) per loop, which maps
///   onto `affine.for`'s bound map;
/// - `detect_min_max = 1`: emit `min`/`max` instead of equivalent `select`s;
/// - `exploit_nested_bounds = 1` (isl's default, set for clarity): drop guards
///   implied by the bounds of enclosing loops.
pub(crate) fn ast_from_schedule(
    cx: &Ctx,
    schedule: isl_rs::Schedule,
    context: isl_rs::Set,
) -> Result<isl_rs::ASTNode, PolyError> {
    let ctx = cx.ctx.ptr;
    // SAFETY: the option setters only touch ctx's options.
    unsafe {
        cx.raw_stat(
            isl_options_set_ast_build_atomic_upper_bound(ctx, 1),
            "atomic_upper_bound",
        )?;
        cx.raw_stat(
            isl_options_set_ast_build_detect_min_max(ctx, 1),
            "detect_min_max",
        )?;
        cx.raw_stat(
            isl_options_set_ast_build_exploit_nested_bounds(ctx, 1),
            "exploit_nested_bounds",
        )?;
    }
    if tracing::enabled!(tracing::Level::TRACE) {
        if let Ok(text) = cx.schedule_text(&schedule) {
            tracing::trace!(schedule = text, "isl AST input");
        }
    }
    let mut context = context;
    let mut schedule = schedule;
    // Ownership of both moves into isl (__isl_take).
    context.do_not_free_on_drop();
    schedule.do_not_free_on_drop();
    // SAFETY: isl_ast_build_from_context takes the set; node_from_schedule keeps the
    // build and takes the schedule; the build is freed exactly once below. Results
    // are wrapped right away so that they are freed on every path.
    let build = unsafe { isl_ast_build_from_context(context.ptr) };
    if build == 0 {
        drop(isl_rs::Schedule {
            ptr: schedule.ptr,
            should_free_on_drop: true,
        });
        return Err(cx.null_error());
    }
    // SAFETY: see above; build is live (checked) and schedule is owned here.
    let node = unsafe { isl_ast_build_node_from_schedule(build, schedule.ptr) };
    // SAFETY: build is freed exactly once, after its last use.
    unsafe { isl_ast_build_free(build) };
    let node = isl_rs::ASTNode {
        ptr: node,
        should_free_on_drop: true,
    };
    cx.raw_result(node.ptr)?;
    if tracing::enabled!(tracing::Level::TRACE) {
        if let Ok(text) = node.to_C_str() {
            tracing::trace!(ast = text, "isl AST");
        }
    }
    Ok(node)
}

pub(crate) fn to_u32(n: usize) -> Result<u32, PolyError> {
    u32::try_from(n).map_err(|_| Unsupported::DimensionTooLarge(n).into())
}

pub(crate) fn to_i32(n: usize) -> Result<i32, PolyError> {
    i32::try_from(n).map_err(|_| Unsupported::DimensionTooLarge(n).into())
}

/// isl's `union` on the set and map types that Tessel folds into one.
pub(crate) trait Union: Sized + Checked {
    fn union_with(self, other: Self) -> Result<Self, LibISLError>;
}

macro_rules! union_types {
    ($($ty:ident),*) => {
        $(
            impl Union for isl_rs::$ty {
                fn union_with(self, other: Self) -> Result<Self, LibISLError> {
                    self.union(other)
                }
            }
        )*
    };
}
union_types!(Set, UnionSet, UnionMap);

/// Adds `x` to the union held in `slot` (the first `x` starts it).
pub(crate) fn union_into<T: Union>(cx: &Ctx, slot: &mut Option<T>, x: T) -> Result<(), PolyError> {
    *slot = Some(match slot.take() {
        Some(u) => u.union_with(x).isl(cx)?,
        None => x,
    });
    Ok(())
}

#[cfg(test)]
mod deadline_tests {
    use super::*;
    use std::time::Duration;

    fn parse_set(cx: &Ctx) -> Result<isl_rs::Set, PolyError> {
        cx.parse(
            "set",
            "[N] -> { S[i, j] : 0 <= i < N and 0 <= j <= i }",
            isl_rs::Set::read_from_str,
        )
    }

    #[test]
    fn a_passed_deadline_stops_isl_and_a_new_one_restores_it() {
        let cx = Ctx::new(20_000_000).unwrap();
        assert!(parse_set(&cx).is_ok());
        cx.set_deadline(Some(Instant::now()));
        // The watchdog fires at once; give its thread time to run.
        std::thread::sleep(Duration::from_millis(100));
        assert!(matches!(parse_set(&cx), Err(PolyError::TimeBudget { .. })));
        cx.set_deadline(None);
        assert!(
            parse_set(&cx).is_ok(),
            "set_deadline restores the operations budget"
        );
    }

    #[test]
    fn a_later_deadline_does_not_fire() {
        let cx = Ctx::new(20_000_000).unwrap();
        cx.set_deadline(Some(Instant::now() + Duration::from_secs(60)));
        assert!(parse_set(&cx).is_ok());
        // Dropping the context joins the watchdog at once, not after 60 s.
        let start = Instant::now();
        drop(cx);
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn the_operations_budget_is_still_a_budget_error() {
        let cx = Ctx::new(1).unwrap();
        assert!(matches!(parse_set(&cx), Err(PolyError::Budget)));
    }
}
