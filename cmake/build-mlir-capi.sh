#!/usr/bin/env bash
# Debian ships MLIR's C API only as static archives. Linking those into the plugin would
# give it a second MLIR (see TOOLCHAIN.md "The trap"), so we build libMLIR-C.so on top of
# the one libMLIR.so that mlir-opt uses, and install it beside it.
set -euo pipefail
L=/usr/lib/llvm-22/lib
out="$L/libMLIR-C.so"
if [[ -f "$out" && "$out" -nt "$L/libMLIR.so" ]]; then exit 0; fi
tmp=$(mktemp -d)
c++ -shared -o "$tmp/libMLIR-C.so" -Wl,--whole-archive "$L"/libMLIRCAPI*.a \
    -Wl,--no-whole-archive -L"$L" -lMLIR -lLLVM -Wl,--no-undefined
install -m 0644 "$tmp/libMLIR-C.so" "$out"
rm -rf "$tmp"
