# -*- Python -*-
# lit configuration for Tessel's FileCheck tests.
#
# Run with:  /usr/lib/llvm-22/bin/lit -v lit-tests      (scripts/test does this)
#
# Substitutions:
#   %mlir-opt        Debian's /usr/lib/llvm-22/bin/mlir-opt
#   %mlir-translate  /usr/lib/llvm-22/bin/mlir-translate
#   %tessel          path of the plugin (target/release/libtessel.so)
#   %tessel_core     the core it loads, beside it (libtessel_core.so)
#   %tessel-opt      %mlir-opt --load-pass-plugin=%tessel
#   %FileCheck       FileCheck (plain `FileCheck`, `not`, `count`, `llvm-nm`, ...
#                    also resolve to LLVM 22's, since its bin dir leads PATH)
#   %kernels         the kernel suite directory (kernels/)
#   %python          the Python running lit
#
# Environment overrides: TESSEL_LLVM_BIN (default /usr/lib/llvm-22/bin) and
# TESSEL_PLUGIN (default $CARGO_TARGET_DIR/release/libtessel.so, or
# <repo>/target/release/libtessel.so).
#
# lit-tests/execution/ holds the execution tests' Python driver (run.py), which
# scripts/test runs separately; it is excluded here.

import os
import sys

import lit.formats

config.name = "Tessel"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["execution", "Inputs", "lit.cfg.py", "lit.site.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(config.test_source_root)
# Keep lit's Output/ folders out of the source tree (target/ is ignored by git).
config.test_exec_root = os.path.join(repo_root, "target", "lit")

llvm_bin = os.environ.get("TESSEL_LLVM_BIN", "/usr/lib/llvm-22/bin")
target_dir = os.path.join(repo_root, os.environ.get("CARGO_TARGET_DIR") or "target")
plugin = os.environ.get("TESSEL_PLUGIN") or os.path.join(target_dir, "release", "libtessel.so")
plugin_core = os.path.join(os.path.dirname(plugin), "libtessel_core.so")
kernels = os.path.join(repo_root, "kernels")

for tool in ("mlir-opt", "mlir-translate", "FileCheck"):
    if not os.access(os.path.join(llvm_bin, tool), os.X_OK):
        lit_config.fatal(f"{tool} not found in {llvm_bin}: run scripts/setup")
for library in (plugin, plugin_core):
    if not os.path.isfile(library):
        lit_config.fatal(
            f"the Tessel plugin's {library} does not exist: run scripts/setup "
            "(cargo build --release)")

mlir_opt = os.path.join(llvm_bin, "mlir-opt")

# Longer keys first: lit applies substitutions in order, and %tessel is a prefix
# of %tessel-opt and %tessel_core.
config.substitutions.append(("%tessel-opt", f"{mlir_opt} --load-pass-plugin={plugin}"))
config.substitutions.append(("%tessel_core", plugin_core))
config.substitutions.append(("%tessel", plugin))
config.substitutions.append(("%mlir-opt", mlir_opt))
config.substitutions.append(("%mlir-translate", os.path.join(llvm_bin, "mlir-translate")))
config.substitutions.append(("%FileCheck", os.path.join(llvm_bin, "FileCheck")))
config.substitutions.append(("%kernels", kernels))
config.substitutions.append(("%python", sys.executable))

config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Deterministic diagnostics: no colour codes in the output FileCheck reads.
config.environment["TERM"] = "dumb"
# Scripts run by a test (scripts/explain) use the plugin under test, not their default.
config.environment["TESSEL_PLUGIN"] = plugin
for var in ("RUST_LOG", "RUST_BACKTRACE"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
