//! Compiles the C++ registration shim against Debian's MLIR 22 headers and links the
//! plugin to the shared libMLIR.so that mlir-opt itself uses (TOOLCHAIN.md).
fn main() {
    let llvm = "/usr/lib/llvm-22";
    println!("cargo:rerun-if-changed=shim/registration.cpp");
    cc::Build::new()
        .cpp(true)
        .compiler("clang++-22")
        .file("shim/registration.cpp")
        .include(format!("{llvm}/include"))
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag("-Wno-unused-parameter")
        .compile("tessel_shim");
    // libMLIR/libLLVM come from mlir-sys, *after* the rlibs: libLLVM.so exports Polly's
    // copy of isl, and naming it first would bind our isl calls to it (TOOLCHAIN.md 5).
    println!("cargo:rustc-link-arg=-Wl,-rpath,{llvm}/lib");
}
