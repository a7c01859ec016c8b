#!/usr/bin/env python3
"""Execution checker for the Clay transform-script tests (issue 11, lit-tests/dialect).

    clay_exec.py --plugin LIB --script SCRIPT --entry NAME --sizes N,M [--sizes ...]
                 [--mlir-opt PATH] [--threads 2] [--keep DIR] [--no-exec] INPUT

INPUT is a module in the kernel-harness format (kernels/harness.c, kernels/atax.mlir):
an `@tessel_run(i32 x5)` entry that allocates, initializes, times `@kernel_*` and
hashes its outputs with `@tessel_hash_*`.

1. Runs
       mlir-opt --load-dialect-plugin=LIB
                --transform-preload-library=transform-library-paths=SCRIPT
                --transform-interpreter=entry-point=NAME INPUT
   and prints the transformed module on stdout (for FileCheck). If mlir-opt fails,
   its diagnostics go to stderr and the exit status is 1 (nothing is built).
2. Builds INPUT and the transformed module with scripts/suite.py's lower_and_build,
   runs both with suite.run(exe, sizes, threads=2) for every --sizes given
   (OMP_NUM_THREADS=2, so that affine.parallel loops, which lower to OpenMP, run on
   two threads), and
3. fails (exit 1, both hashes on stderr) unless the hashes are equal bit for bit. On
   success it prints `clay-exec: hashes equal (<hash>) at sizes <sizes>` on stderr,
   one line per --sizes, followed by
       clay-exec: parallel regions at sizes <sizes>: original <n>, transformed <m>
       (largest team <t>)
   the OpenMP parallel regions each build ran, counted by a small OMPT tool
   (OMP_TOOL_LIBRARIES; the harness's OpenMP warm-up is turned off with
   TESSEL_NO_OMP_WARMUP=1, so only the kernel's regions count). If the tool cannot
   be built, the line says so instead, and nothing else changes.

Tessel guards each parallel loop by its work: it runs in parallel only when one
execution of it holds at least 2^18 statement instances (`parallel-min-work`, which
the transform ops leave at its default); below, the sequential copy runs and the
count stays 0. A test that wants the parallel branch run must give sizes that reach
it (e.g. N = 2^18 for a 1-D loop), besides small sizes for the boundary cases, and
can check the count.

All output on stdout and stderr is written in order and flushed, so `2>&1 |
FileCheck` sees the module first and the `clay-exec:` lines after it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# An OMPT tool (OpenMP 5's tool interface, which LLVM's libomp implements): it
# counts the parallel regions a run begins and the largest team asked for, and
# writes them to $CLAY_EXEC_OMPT_OUT when the OpenMP runtime shuts down. A run
# that never starts the runtime writes nothing: 0 regions.
OMPT_TOOL_C = r'''
#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>
static int regions, largest;
static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame,
                              ompt_data_t *parallel, unsigned int requested,
                              int flags, const void *codeptr) {
  (void)task; (void)frame; (void)parallel; (void)flags; (void)codeptr;
  __atomic_fetch_add(&regions, 1, __ATOMIC_RELAXED);
  int team = (int)requested, seen = __atomic_load_n(&largest, __ATOMIC_RELAXED);
  while (team > seen &&
         !__atomic_compare_exchange_n(&largest, &seen, team, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
}
static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
  (void)device; (void)data;
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (!set || set(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin) !=
                  ompt_set_always)
    return 0;
  return 1;
}
static void finalize(ompt_data_t *data) {
  (void)data;
  const char *path = getenv("CLAY_EXEC_OMPT_OUT");
  FILE *f = path ? fopen(path, "w") : NULL;
  if (!f) return;
  fprintf(f, "%d %d\n", regions, largest);
  fclose(f);
}
ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime) {
  (void)version; (void)runtime;
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  return &result;
}
'''

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
SCRIPTS_DIR = REPO_ROOT / "scripts"


def err(msg: str) -> None:
    sys.stdout.flush()
    print(msg, file=sys.stderr, flush=True)


def import_suite():
    """scripts/suite.py, through scripts/tessel_tools.py (one way to import it)."""
    if str(SCRIPTS_DIR) not in sys.path:
        sys.path.insert(0, str(SCRIPTS_DIR))
    import tessel_tools  # noqa: E402

    return tessel_tools.import_suite()


def parse_sizes(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(s) for s in text.replace(" ", ",").split(",") if s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"sizes must be integers: {text!r}")
    if not sizes or len(sizes) > 5:
        raise argparse.ArgumentTypeError(f"give 1 to 5 sizes, not {text!r}")
    return sizes


@contextlib.contextmanager
def patched_environ(env: dict[str, str]):
    """os.environ with `env` added (suite.run passes os.environ to the run)."""
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def build_ompt_tool(suite, work: Path) -> tuple[Path | None, str]:
    """Compile OMPT_TOOL_C into work/ompt-tool.so; (None, why) if that fails."""
    src, lib = work / "ompt-tool.c", work / "ompt-tool.so"
    src.write_text(OMPT_TOOL_C)
    cmd = [str(suite.CLANG), "-O1", "-shared", "-fPIC", str(src), "-o", str(lib)]
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        return None, f"cannot run {cmd[0]}: {e}"
    if cp.returncode != 0:
        return None, f"building the OMPT tool failed: {cp.stderr.strip()[:500]}"
    return lib, ""


def read_counts(path: Path) -> tuple[int, int]:
    """(parallel regions, largest team) that the OMPT tool wrote; (0, 0) if none."""
    try:
        regions, team = path.read_text().split()
        return int(regions), int(team)
    except (OSError, ValueError):
        return 0, 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        description="Run a Clay transform script on a harness-format kernel, print "
                    "the result and check that it computes what the original does.")
    ap.add_argument("input", type=Path, help="the payload module (harness format)")
    ap.add_argument("--plugin", required=True, type=Path,
                    help="libtessel.so (lit: %%tessel)")
    ap.add_argument("--script", required=True, type=Path,
                    help="the transform library (a module with named sequences)")
    ap.add_argument("--entry", required=True, help="the named sequence to run")
    ap.add_argument("--sizes", type=parse_sizes, action="append", default=[],
                    help="tessel_run's size arguments, comma-separated; repeatable")
    ap.add_argument("--mlir-opt", type=Path, default=None,
                    help="mlir-opt (default: scripts/suite.py's)")
    ap.add_argument("--threads", type=int, default=2,
                    help="OMP_NUM_THREADS for both runs (default 2)")
    ap.add_argument("--keep", type=Path, default=None,
                    help="keep the transformed module and the builds in this folder")
    ap.add_argument("--no-exec", action="store_true",
                    help="only transform and print (no build, no run)")
    args = ap.parse_args(argv)

    suite = import_suite()
    mlir_opt = args.mlir_opt or suite.MLIR_OPT
    for what, path in (("input", args.input), ("script", args.script),
                       ("plugin", args.plugin)):
        if not path.is_file():
            err(f"clay-exec: no {what} file {path}")
            return 2
    if not args.no_exec and not args.sizes:
        err("clay-exec: give --sizes (or --no-exec)")
        return 2

    # 1. Transform.
    cmd = [str(mlir_opt), f"--load-dialect-plugin={args.plugin}",
           f"--transform-preload-library=transform-library-paths={args.script}",
           f"--transform-interpreter=entry-point={args.entry}", str(args.input)]
    cp = subprocess.run(cmd, capture_output=True, text=True)
    if cp.stderr:
        sys.stdout.flush()
        sys.stderr.write(cp.stderr)
        sys.stderr.flush()
    if cp.returncode != 0:
        err(f"clay-exec: mlir-opt failed (exit status {cp.returncode}): {' '.join(cmd)}")
        return 1
    transformed = cp.stdout
    sys.stdout.write(transformed)
    sys.stdout.flush()
    if "tessel.clay" in transformed:
        err("clay-exec: the transformed module still carries a `tessel.clay` script "
            "(did the script end with transform.tessel.generate?)")
        return 1
    if args.no_exec:
        return 0

    # 2. Build both, run both, 3. compare.
    def check(work: Path) -> int:
        work.mkdir(parents=True, exist_ok=True)
        out_mlir = work / "transformed.mlir"
        out_mlir.write_text(transformed)
        exes = {}
        for name, src in (("original", args.input), ("transformed", out_mlir)):
            exe = work / f"{name}.exe"
            try:
                suite.lower_and_build(src, exe)
            except suite.SuiteError as e:
                err(f"clay-exec: building the {name} module failed:\n{e}")
                return 1
            exes[name] = exe
        tool, why_not = build_ompt_tool(suite, work)
        status = 0
        for sizes in args.sizes:
            at = ",".join(map(str, sizes))
            hashes, regions = {}, {}
            for name, exe in exes.items():
                counts = work / f"{name}.{at}.ompt"
                counts.unlink(missing_ok=True)  # a run with no region writes none
                env = {"TESSEL_NO_OMP_WARMUP": "1", "CLAY_EXEC_OMPT_OUT": str(counts)}
                if tool is not None:
                    env["OMP_TOOL_LIBRARIES"] = str(tool)
                try:
                    with patched_environ(env):
                        _, hashes[name] = suite.run(exe, sizes, threads=args.threads)
                except suite.SuiteError as e:
                    err(f"clay-exec: running the {name} build at sizes {at} failed:\n{e}")
                    return 1
                regions[name] = read_counts(counts)
            if hashes["original"] == hashes["transformed"]:
                err(f"clay-exec: hashes equal ({hashes['original']}) at sizes {at}")
            else:
                err(f"clay-exec: HASHES DIFFER at sizes {at}: original "
                    f"{hashes['original']}, transformed {hashes['transformed']}")
                status = 1
            if tool is None:
                err(f"clay-exec: parallel regions not counted ({why_not})")
            else:
                (n_orig, _), (n_new, team) = regions["original"], regions["transformed"]
                err(f"clay-exec: parallel regions at sizes {at}: original {n_orig}, "
                    f"transformed {n_new} (largest team {team})")
        return status

    if args.keep is not None:
        return check(args.keep)
    with tempfile.TemporaryDirectory(prefix="clay-exec-") as td:
        return check(Path(td))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
