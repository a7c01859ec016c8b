//! Compiles the C++ helpers the C API lacks (`shim/ir_helpers.cpp`) against Debian's
//! MLIR 22 headers; pass registration is the plugin's (`passes/plugin/build.rs`).
//! MLIR itself is linked as the shared libMLIR.so through mlir-sys (TOOLCHAIN.md,
//! "The plugin recipe").
fn main() {
    let sources = ["shim/ir_helpers.cpp"];
    for s in sources {
        println!("cargo:rerun-if-changed={s}");
    }
    cc::Build::new()
        .cpp(true)
        .compiler("clang++-22")
        .files(sources)
        .include("/usr/lib/llvm-22/include")
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag("-Wno-unused-parameter")
        .compile("tessel_shim");
}
