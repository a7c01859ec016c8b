//! `libtessel_core.so`: at `TESSEL_CORE_LIBRARY` if set, else beside this library,
//! else where the build put it; loaded once, on first use, and never unloaded.

use std::ffi::{c_char, c_void, CStr, CString};
use std::path::PathBuf;
use std::sync::OnceLock;

use llvm_sys::prelude::LLVMValueRef;
use tessel_llvm::ffi::TesselFunction;

/// The file's name, next to `libtessel.so`.
const FILE_NAME: &str = "libtessel_core.so";

/// `tessel_core_run_function`: the front end with the core on one function.
pub type RunFunction = unsafe extern "C" fn(
    state: *mut TesselFunction,
    function: LLVMValueRef,
    options: *const c_char,
    len: usize,
    count_runs: bool,
    single_loops: bool,
    stage: u32,
) -> bool;

/// The core's entry points.
pub struct Core {
    pub run_function: RunFunction,
    /// `tessel_core_register_passes`: registers Tessel's MLIR passes.
    pub register_passes: unsafe extern "C" fn(),
    /// `tessel_core_register_dialect`: adds the `tessel` dialect and its Transform
    /// ops to an `mlir::DialectRegistry *`.
    pub register_dialect: unsafe extern "C" fn(registry: *mut c_void),
}

/// The core, loaded on the first call; why not, if it cannot be.
pub fn core() -> Result<&'static Core, &'static str> {
    static CORE: OnceLock<Result<Core, String>> = OnceLock::new();
    CORE.get_or_init(load).as_ref().map_err(String::as_str)
}

/// Where to look, in order.
fn candidates() -> Vec<PathBuf> {
    if let Some(path) = std::env::var_os("TESSEL_CORE_LIBRARY") {
        return vec![PathBuf::from(path)];
    }
    let mut paths = vec![];
    if let Some(dir) = own_folder() {
        paths.push(dir.join(FILE_NAME));
    }
    if let Some(built) = option_env!("TESSEL_CORE_BUILT") {
        paths.push(PathBuf::from(built));
    }
    paths
}

/// The folder of the file this library was loaded from.
fn own_folder() -> Option<PathBuf> {
    let mut info: libc::Dl_info = libc::Dl_info {
        dli_fname: std::ptr::null(),
        dli_fbase: std::ptr::null_mut(),
        dli_sname: std::ptr::null(),
        dli_saddr: std::ptr::null_mut(),
    };
    let address = own_folder as fn() -> Option<PathBuf> as *const c_void;
    // SAFETY: dladdr only reads the loader's tables and fills `info`.
    let found = unsafe { libc::dladdr(address, &mut info) };
    if found == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dladdr's file name is a NUL-terminated string the loader keeps.
    let file = unsafe { CStr::from_ptr(info.dli_fname) };
    let path = PathBuf::from(file.to_string_lossy().into_owned());
    path.parent().map(PathBuf::from)
}

fn load() -> Result<Core, String> {
    let mut tried = vec![];
    for path in candidates() {
        if !path.exists() {
            tried.push(format!("{} (no such file)", path.display()));
            continue;
        }
        let Ok(name) = CString::new(path.to_string_lossy().into_owned()) else {
            continue;
        };
        // SAFETY: loading runs the library's initializers, which only register
        // Tessel's MLIR passes and statics; RTLD_NODELETE: it is never unloaded, so
        // the pointers taken from it stay valid.
        let handle = unsafe {
            libc::dlopen(
                name.as_ptr(),
                libc::RTLD_NOW | libc::RTLD_LOCAL | libc::RTLD_NODELETE,
            )
        };
        if handle.is_null() {
            tried.push(format!("{} ({})", path.display(), dlerror()));
            continue;
        }
        let symbol = |name: &CStr| {
            // SAFETY: a live handle and a NUL-terminated name.
            let address = unsafe { libc::dlsym(handle, name.as_ptr()) };
            (!address.is_null())
                .then_some(address as *const c_void)
                .ok_or_else(|| format!("{} lacks {}", path.display(), name.to_string_lossy()))
        };
        let run_function = symbol(c"tessel_core_run_function")?;
        let register_passes = symbol(c"tessel_core_register_passes")?;
        let register_dialect = symbol(c"tessel_core_register_dialect")?;
        // SAFETY: the core defines each symbol with exactly these signatures
        // (core/src/abi.rs), and it is never unloaded.
        return Ok(unsafe {
            Core {
                run_function: std::mem::transmute::<*const c_void, RunFunction>(run_function),
                register_passes: std::mem::transmute::<*const c_void, unsafe extern "C" fn()>(
                    register_passes,
                ),
                register_dialect: std::mem::transmute::<
                    *const c_void,
                    unsafe extern "C" fn(*mut c_void),
                >(register_dialect),
            }
        });
    }
    Err(format!(
        "cannot load {FILE_NAME}: tried {}",
        tried.join(", ")
    ))
}

fn dlerror() -> String {
    // SAFETY: dlerror returns null or the loader's NUL-terminated message.
    let message = unsafe { libc::dlerror() };
    if message.is_null() {
        return "unknown error".to_string();
    }
    // SAFETY: non-null, NUL-terminated (above).
    unsafe { CStr::from_ptr(message) }
        .to_string_lossy()
        .into_owned()
}
