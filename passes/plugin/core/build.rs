//! Generates the C++ pass classes, with their MLIR-style options, from the one table
//! in `passes/poly/src/options/table.rs` (into `$OUT_DIR/tessel_options.inc`: the
//! option count and enums; `$OUT_DIR/tessel_passes.inc`: the pass classes), and
//! compiles the registration shim that includes them.
//!
//! Also builds the `tessel` dialect and its Transform-dialect extension (`dialect/`,
//! issue 11): `mlir-tblgen-22` turns the `.td` files into `$OUT_DIR/*.inc`, which the
//! dialect's C++ includes.
//!
//! The plugin finds libMLIR-C.so (installed beside libMLIR.so by
//! cmake/build-mlir-capi.sh) through its rpath. libMLIR/libLLVM are linked by mlir-sys
//! *after* the rlibs: libLLVM.so exports Polly's copy of isl, and naming it first would
//! bind our isl calls to it (TOOLCHAIN.md, item 5).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

#[allow(dead_code)]
mod table {
    include!("../../poly/src/options/table.rs");
}
use table::{OptionKind, OptionSpec, PassSpec, OPTIONS, PASSES};

#[path = "../build_support.rs"]
mod build_support;
use build_support::quote;

const TABLE: &str = "../../poly/src/options/table.rs";
const SHIM: &str = "shim/registration.cpp";
/// tessel-gpu-emulate, a C++ MLIR pass registered by the shim: the emulation and
/// the pass, its checks and host side, and what the two share.
const GPU_EMULATE: [&str; 3] = [
    "shim/gpu_emulate.cpp",
    "shim/gpu_emulate_checks.cpp",
    "shim/gpu_emulate.h",
];
/// The dialect's folder, from this package's.
const DIALECT: &str = "../../../dialect";
const DIALECT_SOURCES: [&str; 5] = [
    "TesselDialect.td",
    "TesselTransformOps.td",
    "Tessel.h",
    "TesselDialect.cpp",
    "TesselTransformOps.cpp",
];
/// What mlir-tblgen makes: (generator, output). The dialect generators read
/// `TesselDialect.td`, the op generators `TesselTransformOps.td`.
const TBLGEN: [(&str, &str); 4] = [
    ("-gen-dialect-decls", "TesselDialect.h.inc"),
    ("-gen-dialect-defs", "TesselDialect.cpp.inc"),
    ("-gen-op-decls", "TesselTransformOps.h.inc"),
    ("-gen-op-defs", "TesselTransformOps.cpp.inc"),
];
const LLVM_INCLUDE: &str = "/usr/lib/llvm-22/include";

fn main() {
    println!("cargo:rerun-if-changed={TABLE}");
    println!("cargo:rerun-if-changed={SHIM}");
    for file in GPU_EMULATE {
        println!("cargo:rerun-if-changed={file}");
    }
    println!("cargo:rerun-if-changed=../build_support.rs");
    for file in DIALECT_SOURCES {
        println!("cargo:rerun-if-changed={DIALECT}/{file}");
    }
    println!("cargo:rustc-link-arg=-Wl,-rpath,/usr/lib/llvm-22/lib");

    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let (options, passes) = generate();
    std::fs::write(out.join("tessel_options.inc"), options).expect("write tessel_options.inc");
    std::fs::write(out.join("tessel_passes.inc"), passes).expect("write tessel_passes.inc");
    cc::Build::new()
        .cpp(true)
        .compiler("clang++-22")
        .file(SHIM)
        .include("/usr/lib/llvm-22/include")
        .include(&out)
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag("-Wno-unused-parameter")
        .compile("tessel_registration");
    // After the shim, which calls its registration (static libraries link in
    // order). -DNDEBUG: Debian's libMLIR.so is built without assertions.
    cc::Build::new()
        .cpp(true)
        .compiler("clang++-22")
        .files(GPU_EMULATE.iter().filter(|f| f.ends_with(".cpp")))
        .include(LLVM_INCLUDE)
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .define("NDEBUG", None)
        .flag("-Wno-unused-parameter")
        .compile("tessel_gpu_emulate");
    build_dialect(&out);
}

/// The `tessel` dialect and its Transform ops: tblgen, then the C++. -DNDEBUG, as
/// for the LLVM plugin: without it the Transform headers reference
/// `checkImplementsTransformOpInterface`, which Debian's libMLIR.so (built without
/// assertions) does not export, and the plugin fails to load.
fn build_dialect(out: &Path) {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dialect = manifest.join(DIALECT);
    let tblgen = mlir_tblgen();
    for (generator, output) in TBLGEN {
        let dialect_gen = generator.starts_with("-gen-dialect");
        let input = if dialect_gen {
            "TesselDialect.td"
        } else {
            "TesselTransformOps.td"
        };
        let mut command = Command::new(&tblgen);
        command
            .arg(generator)
            .arg(format!("-I{LLVM_INCLUDE}"))
            .arg("-I")
            .arg(&dialect)
            .arg(dialect.join(input))
            .arg("-o")
            .arg(out.join(output));
        if dialect_gen {
            command.arg("-dialect=tessel");
        }
        let status = command
            .status()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", tblgen.display()));
        assert!(
            status.success(),
            "{} {generator} {input} failed ({status})",
            tblgen.display()
        );
    }
    cc::Build::new()
        .cpp(true)
        .compiler("clang++-22")
        .file(dialect.join("TesselDialect.cpp"))
        .file(dialect.join("TesselTransformOps.cpp"))
        .include(LLVM_INCLUDE)
        .include(&dialect)
        .include(out)
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .define("NDEBUG", None)
        .flag("-Wno-unused-parameter")
        .compile("tessel_dialect");
}

/// Debian's `mlir-tblgen` for LLVM 22 (package mlir-22-tools, which scripts/setup
/// installs): in LLVM's bin folder, or `mlir-tblgen-22` on the PATH.
fn mlir_tblgen() -> PathBuf {
    let in_llvm = PathBuf::from("/usr/lib/llvm-22/bin/mlir-tblgen");
    if in_llvm.exists() {
        in_llvm
    } else {
        PathBuf::from("mlir-tblgen-22")
    }
}

/// The C++ the shim includes: the option count and one enum per enumerated option;
/// then one pass class per row of `PASSES`, holding the options that pass reads.
fn generate() -> (String, String) {
    let header =
        "// Generated by passes/plugin/core/build.rs from passes/poly/src/options/table.rs.\n\n";
    let mut s = String::from(header);
    let _ = writeln!(s, "constexpr size_t kNumOptions = {};\n", OPTIONS.len());
    for o in OPTIONS.iter() {
        if let OptionKind::Enum { values, .. } = o.kind {
            let names: Vec<String> = values.iter().map(|c| camel(c.name)).collect();
            let _ = writeln!(
                s,
                "enum class {} : uint32_t {{ {} }};",
                enum_type(o),
                names.join(", ")
            );
        }
    }
    let options = std::mem::replace(&mut s, header.trim_end().to_string() + "\n");
    for p in PASSES.iter() {
        pass_class(&mut s, p);
    }
    s += "\nvoid registerTesselPasses() {\n";
    for p in PASSES.iter() {
        let _ = writeln!(s, "  mlir::PassRegistration<{}>();", p.class);
    }
    s += "}\n";
    (options, s)
}

fn pass_class(s: &mut String, p: &PassSpec) {
    let c = p.class;
    let _ = write!(
        s,
        "\nstruct {c} : TesselPass<{c}> {{
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID({c})
  static constexpr uint32_t kKind = {kind};
  {c}() = default;
  {c}(const {c} &other) : TesselPass<{c}>(other) {{}}
  llvm::StringRef getArgument() const final {{ return {arg}; }}
  llvm::StringRef getDescription() const final {{ return {desc}; }}
",
        kind = p.kind as u32,
        arg = quote(p.argument),
        desc = quote(p.description),
    );
    let read: Vec<(usize, &OptionSpec)> = OPTIONS
        .iter()
        .enumerate()
        .filter(|(_, o)| o.passes.contains(&p.kind))
        .collect();
    for (_, o) in &read {
        option_member(s, o);
    }
    s.push_str(
        "\n  // The values in table order; the options this pass doesn't read stay unset.\n",
    );
    s.push_str("  void collect(TesselOptionValue *values) {\n");
    for (i, o) in &read {
        let m = member(o);
        let value = match o.kind {
            OptionKind::Bool { .. } => {
                format!("{{true, uint64_t(bool({m})), nullptr, 0, nullptr, 0}}")
            }
            OptionKind::UInt { .. } => format!("{{true, uint64_t({m}), nullptr, 0, nullptr, 0}}"),
            OptionKind::Enum { .. } => format!(
                "{{true, uint64_t({t}({m})), nullptr, 0, nullptr, 0}}",
                t = enum_type(o)
            ),
            OptionKind::IntList { .. } => {
                format!("{{true, 0, {m}.empty() ? nullptr : &{m}[0], {m}.size(), nullptr, 0}}")
            }
            OptionKind::Text { .. } => {
                format!("{{true, 0, nullptr, 0, {m}.getValue().data(), {m}.getValue().size()}}")
            }
        };
        let _ = writeln!(s, "    values[{i}] = {value};");
    }
    s.push_str("  }\n};\n");
}

fn option_member(s: &mut String, o: &OptionSpec) {
    let (name, m) = (quote(o.name), member(o));
    let (ty, default, extra) = match o.kind {
        OptionKind::Bool { default } => (
            "mlir::Pass::Option<bool>".to_string(),
            default.to_string(),
            String::new(),
        ),
        OptionKind::UInt { default } => (
            "mlir::Pass::Option<uint64_t>".to_string(),
            default.to_string(),
            String::new(),
        ),
        OptionKind::Enum { values, default } => {
            let t = enum_type(o);
            assert!(
                values.iter().any(|c| c.name == default),
                "{}: default {default} is no value",
                o.name
            );
            let cases: Vec<String> = values
                .iter()
                .map(|c| {
                    format!(
                        "clEnumValN({t}::{}, {}, {})",
                        camel(c.name),
                        quote(c.name),
                        quote(c.help)
                    )
                })
                .collect();
            let values = format!(
                ",\n      llvm::cl::init({t}::{}),\n      llvm::cl::values({})",
                camel(default),
                cases.join(",\n                      ")
            );
            (
                format!("mlir::Pass::Option<{t}>"),
                default.to_string(),
                values,
            )
        }
        OptionKind::Text { element } => (
            "mlir::Pass::Option<std::string>".to_string(),
            String::new(),
            format!(",\n      llvm::cl::value_desc({})", quote(element)),
        ),
        OptionKind::IntList { element, default } => {
            let shown: Vec<String> = default.iter().map(i64::to_string).collect();
            let desc = format!(
                ",\n      llvm::cl::value_desc({})",
                quote(&format!("{element},{element},..."))
            );
            (
                "mlir::Pass::ListOption<int64_t>".to_string(),
                shown.join(","),
                desc,
            )
        }
    };
    let help = match default.as_str() {
        // An empty list's meaning is in the help text.
        "" => quote(o.help),
        _ => quote(&format!("{} (default: {default})", o.help)),
    };
    let init = match o.kind {
        OptionKind::Bool { .. } | OptionKind::UInt { .. } => {
            format!(",\n      llvm::cl::init({default})")
        }
        _ => String::new(),
    };
    let _ = writeln!(
        s,
        "  {ty} {m}{{*this, {name},\n      llvm::cl::desc({help}){init}{extra}}};"
    );
}

/// `live-range-reordering` → `LiveRangeReordering`.
fn camel(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// `live-range-reordering` → `liveRangeReordering`.
fn member(o: &OptionSpec) -> String {
    let c = camel(o.name);
    c[..1].to_ascii_lowercase() + &c[1..]
}

fn enum_type(o: &OptionSpec) -> String {
    camel(o.name) + "Value"
}
