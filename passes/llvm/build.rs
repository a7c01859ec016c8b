//! Compiles the LLVM analyses behind the C ABI of `shim/llvm_abi.h`
//! (`shim/llvm_analyses.cpp`) against Debian's LLVM 22 headers; both shared libraries
//! of the plugin link them. -DNDEBUG: Debian's LLVM is built without assertions, and
//! its headers must agree.
fn main() {
    for file in [
        "shim/llvm_analyses.cpp",
        "shim/llvm_abi.h",
        "shim/llvm_function.h",
    ] {
        println!("cargo:rerun-if-changed={file}");
    }
    cc::Build::new()
        .cpp(true)
        .compiler("clang++-22")
        .file("shim/llvm_analyses.cpp")
        .include("/usr/lib/llvm-22/include")
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .define("NDEBUG", None)
        .flag("-Wno-unused-parameter")
        .compile("tessel_llvm_analyses");
}
