//! The plugin finds libMLIR-C.so (installed beside libMLIR.so by
//! cmake/build-mlir-capi.sh) through its rpath. libMLIR/libLLVM are linked by mlir-sys
//! *after* the rlibs: libLLVM.so exports Polly's copy of isl, and naming it first would
//! bind our isl calls to it (TOOLCHAIN.md, item 5).
fn main() {
    println!("cargo:rustc-link-arg=-Wl,-rpath,/usr/lib/llvm-22/lib");
}
