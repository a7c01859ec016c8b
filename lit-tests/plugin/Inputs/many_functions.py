"""Writes a module for lit-tests/plugin/threads.mlir: FUNCS pairs of functions.

- @verify_<f>: one small SCoP that is optimized (so Tessel verifies the whole
  function) and a chain of BULK ops that makes that verification take a while;
- @skip_<f>: NESTS loop nests with a call inside, each skipped with a remark at once.

Run multi-threaded, one thread emits remarks while another verifies: the mix that
lost remarks when the verifier's diagnostic silencer swallowed every thread's.
"""

import sys

FUNCS, BULK, NESTS = (int(a) for a in (sys.argv[1:] or ["32", "4000", "20"]))

out = ["module {", "  func.func private @opaque()"]
for f in range(FUNCS):
    out += [
        f"  func.func @verify_{f}(%A: memref<64xf64>, %x: i64) -> i64 {{",
        "    affine.for %i = 0 to 64 {",
        "      %v = affine.load %A[%i] : memref<64xf64>",
        "      %w = arith.addf %v, %v : f64",
        "      affine.store %w, %A[%i] : memref<64xf64>",
        "    }",
        "    func.call @opaque() : () -> ()",
    ]
    prev = "%x"
    for k in range(BULK):
        out.append(f"    %c{k} = arith.addi {prev}, {prev} : i64")
        prev = f"%c{k}"
    out += [f"    return {prev} : i64", "  }", f"  func.func @skip_{f}() {{"]
    for _ in range(NESTS):
        out += ["    affine.for %i = 0 to 8 {", "      func.call @opaque() : () -> ()", "    }"]
    out += ["    return", "  }"]
out.append("}")
print("\n".join(out))
