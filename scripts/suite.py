"""Tessel kernel suite: the 30 PolyBench/C 4.2 kernels as affine MLIR.

Importable helper for test and bench drivers (Python 3.11, standard library
only). Typical use::

    import suite
    for name in suite.kernels():
        exe = ...
        suite.lower_and_build(suite.kernel_path(name), exe)
        t, h = suite.run(exe, suite.sizes(name, "SMALL"), threads=2)

Each kernel file ``kernels/<name>.mlir`` carries a header with one line per
PolyBench dataset, ``// SIZES <DATASET>: a b c``, listing the size parameters in
the order ``tessel_run`` takes them. ``kernels/harness.c`` provides ``main``,
the timer and the hash functions; the executable prints ``time: <s>`` and
``hash: <16 hex digits>``.

The 30 PolyBench kernels also have C versions in three styles (``C_STYLES``:
``kernels/c/<name>.c``, ``kernels/c/fixed/<name>.c``, ``kernels/c/restrict/<name>.c``):
``suite.build_c(name, exe, flavor, style=..)`` compiles one with harness.c, in a
flavor of ``C_FLAVORS`` (``clang``: -O3; ``tessel``; ``polly``; ...), and
``suite.run`` runs it like an MLIR build; its hash equals the original's.

Command line (handy for quick checks)::

    python3 scripts/suite.py list
    python3 scripts/suite.py run NAME [DATASET] [--threads N] [--pre-pipeline P]
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterable, Sequence

REPO_ROOT = Path(__file__).resolve().parent.parent
KERNELS_DIR = REPO_ROOT / "kernels"
HARNESS_C = KERNELS_DIR / "harness.c"

LLVM_BIN = Path(os.environ.get("TESSEL_LLVM_BIN", "/usr/lib/llvm-22/bin"))
LLVM_LIB = Path(os.environ.get("TESSEL_LLVM_LIB", "/usr/lib/llvm-22/lib"))
MLIR_OPT = LLVM_BIN / "mlir-opt"
MLIR_TRANSLATE = LLVM_BIN / "mlir-translate"
CLANG = LLVM_BIN / "clang-22"

DATASETS = ("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE")

# The lowering from affine (+ affine.parallel / scf.parallel) to the LLVM dialect:
# passes/mlir/lowering.pipeline, where it is written once (the clang path reads it
# too) and says why its order matters.
LOWERING_PASSES = tuple(
    line.strip()
    for line in (Path(__file__).resolve().parent.parent / "passes/mlir/lowering.pipeline")
    .read_text().splitlines()
    if line.strip() and not line.strip().startswith("#"))
LOWERING_PIPELINE = "builtin.module(" + ",".join(LOWERING_PASSES) + ")"

CLANG_FLAGS = ("-O3", "-march=native", "-fopenmp")

_SIZES_RE = re.compile(r"^//\s*SIZES\s+([A-Z]+)\s*:\s*(.*?)\s*$")
_FRONT_END_RE = re.compile(r"^//\s*FRONT END\s*:\s*(.*?)\s*$")


class SuiteError(RuntimeError):
    """A tool of the build/run chain failed. Carries the command and stderr."""

    def __init__(self, what: str, cmd: Sequence[str] | None = None,
                 stderr: str = "", stdout: str = "", returncode: int | None = None):
        self.what = what
        self.cmd = list(cmd) if cmd is not None else None
        self.stderr = stderr
        self.stdout = stdout
        self.returncode = returncode
        msg = what
        if cmd is not None:
            msg += f"\n  command: {' '.join(str(c) for c in cmd)}"
        if returncode is not None:
            msg += f"\n  exit status: {returncode}"
        if stderr:
            msg += "\n  stderr:\n" + _indent(stderr.rstrip())
        super().__init__(msg)


def _indent(text: str, prefix: str = "    ", limit: int = 20000) -> str:
    if len(text) > limit:
        text = text[:limit] + "\n... (truncated)"
    return "\n".join(prefix + line for line in text.splitlines())


# ----------------------------------------------------------------------------
# Kernel metadata
# ----------------------------------------------------------------------------

def kernels() -> list[str]:
    """Sorted names of all kernels (file stems of kernels/*.mlir)."""
    return sorted(p.stem for p in KERNELS_DIR.glob("*.mlir"))


def kernel_path(name: str) -> Path:
    """Path of kernels/<name>.mlir; raises KeyError for an unknown kernel."""
    p = KERNELS_DIR / f"{name}.mlir"
    if not p.is_file():
        raise KeyError(f"unknown kernel {name!r} (no {p})")
    return p


def all_sizes(name: str) -> dict[str, tuple[int, ...]]:
    """All datasets of a kernel: {"MINI": (..), "SMALL": (..), ...}."""
    out: dict[str, tuple[int, ...]] = {}
    for line in _header(name):
        m = _SIZES_RE.match(line)
        if m:
            out[m.group(1)] = tuple(int(x) for x in m.group(2).split())
    return out


def _header(name: str) -> list[str]:
    """The comment lines before a kernel file's first line of code."""
    out: list[str] = []
    with open(kernel_path(name), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("//"):
                if line.strip():
                    break
                continue
            out.append(line)
    return out


def front_end(name: str) -> str | None:
    """The kernel's `// FRONT END: <pipeline>` header, if any: the passes a user runs
    before Tessel to reach affine loops (e.g. convert-linalg-to-affine-loops for the
    linalg kernels). It is an op-anchored pipeline such as `func.func(...)`."""
    for line in _header(name):
        m = _FRONT_END_RE.match(line)
        if m:
            return m.group(1)
    return None


def affine_source(name: str, work_dir: str | os.PathLike) -> Path:
    """The kernel in affine form: kernels/<name>.mlir itself, or, for a kernel with a
    FRONT END header, that pipeline's output (written into `work_dir`). Both the
    original build and Tessel start from it, as `func.func(<front end>,
    tessel-optimize)` would in one mlir-opt call."""
    src = kernel_path(name)
    pipeline = front_end(name)
    if pipeline is None:
        return src
    out = Path(work_dir) / f"{name}.affine.mlir"
    return apply_pipeline(src, out, f"builtin.module({pipeline})")


def sizes(name: str, dataset: str) -> tuple[int, ...]:
    """Size parameters of `name` for a PolyBench dataset (MINI .. EXTRALARGE),
    in tessel_run's parameter order."""
    ds = dataset.upper()
    table = all_sizes(name)
    if ds not in table:
        raise KeyError(f"kernel {name!r} has no SIZES line for dataset {dataset!r}")
    return table[ds]


# ----------------------------------------------------------------------------
# Build
# ----------------------------------------------------------------------------

def _run_tool(cmd: Sequence[str | os.PathLike], what: str,
              timeout: float | None = 600,
              env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run a tool; raise SuiteError (with its output) on failure. A plugin that
    mlir-opt could not load counts as a failure (mlir-opt goes on without it)."""
    cmd = [str(c) for c in cmd]
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except FileNotFoundError as e:
        raise SuiteError(f"{what}: tool not found ({e})", cmd) from e
    except subprocess.TimeoutExpired as e:
        raise SuiteError(f"{what}: timed out after {timeout} s", cmd,
                         stderr=(e.stderr or b"").decode(errors="replace")
                         if isinstance(e.stderr, bytes) else (e.stderr or "")) from e
    if cp.returncode != 0 or "Failed to load passes" in cp.stderr:
        raise SuiteError(f"{what} failed", cmd, stderr=cp.stderr, stdout=cp.stdout,
                         returncode=cp.returncode)
    return cp


def lower_to_llvm_dialect(mlir_path: str | os.PathLike, out_path: str | os.PathLike) -> None:
    """mlir-opt with LOWERING_PIPELINE: affine/scf/memref/... -> LLVM dialect."""
    _run_tool([MLIR_OPT, mlir_path, f"--pass-pipeline={LOWERING_PIPELINE}",
               "-o", out_path], "mlir-opt lowering")


def lower_and_build(mlir_path: str | os.PathLike, exe_path: str | os.PathLike,
                    extra_clang_flags: Iterable[str] = (),
                    keep_dir: str | os.PathLike | None = None) -> Path:
    """Lower an affine-MLIR kernel module and link it with harness.c.

    Steps: mlir-opt (LOWERING_PIPELINE) -> mlir-translate --mlir-to-llvmir ->
    clang -O3 -march=native -fopenmp <extra flags> harness.c kernel.ll, with
    libomp from LLVM_LIB (and an rpath to it). Intermediate files go to a
    temporary directory (or to `keep_dir` if given, for debugging).
    Raises SuiteError, carrying the failing tool's stderr, on failure.
    Returns the executable's path.
    """
    mlir_path = Path(mlir_path)
    exe_path = Path(exe_path)
    if not mlir_path.is_file():
        raise SuiteError(f"no such MLIR file: {mlir_path}")
    exe_path.parent.mkdir(parents=True, exist_ok=True)

    def build(work: Path) -> None:
        llvm_mlir = work / "kernel.llvm.mlir"
        ll = work / "kernel.ll"
        lower_to_llvm_dialect(mlir_path, llvm_mlir)
        _run_tool([MLIR_TRANSLATE, "--mlir-to-llvmir", llvm_mlir, "-o", ll],
                  "mlir-translate --mlir-to-llvmir")
        _run_tool([CLANG, *CLANG_FLAGS, *extra_clang_flags,
                   "-Wno-override-module",
                   HARNESS_C, ll, "-o", exe_path,
                   f"-L{LLVM_LIB}", f"-Wl,-rpath,{LLVM_LIB}", "-lomp", "-lm"],
                  "clang build")

    if keep_dir is not None:
        kd = Path(keep_dir)
        kd.mkdir(parents=True, exist_ok=True)
        build(kd)
    else:
        with tempfile.TemporaryDirectory(prefix="tessel-suite-") as td:
            build(Path(td))
    return exe_path


# ----------------------------------------------------------------------------
# C versions of the PolyBench kernels (kernels/c/<name>.c)
# ----------------------------------------------------------------------------

C_DIR = KERNELS_DIR / "c"

# Flags of the C builds, by flavor. -ffp-contract=off: the MLIR path emits no FMA
# contraction, and clang's default for C (contract within a statement) would change
# the results under -march=native. harness.c is compiled with -fopenmp in every
# flavor, as in lower_and_build, so that all builds start the same way (its OpenMP
# warm-up) and only the kernel's code differs.
# The Tessel plugin, for the flavors that load it into clang (issue 12): at the
# pipeline's start (the default) or at the vectorizer's start; each
# SCoP it optimizes runs behind its run-time check, and the hash must be the
# original's.
TESSEL_PLUGIN = Path(os.environ.get("TESSEL_PLUGIN")
                     or REPO_ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
                     / "release" / "libtessel.so")

C_FLAVORS: dict[str, tuple[str, ...]] = {
    "clang": ("-O3", "-march=native", "-ffp-contract=off", "-fopenmp"),
    "tessel": ("-O3", "-march=native", "-ffp-contract=off", "-fopenmp",
               f"-fpass-plugin={TESSEL_PLUGIN}"),
    "tessel_late": ("-O3", "-march=native", "-ffp-contract=off", "-fopenmp",
                    f"-fpass-plugin={TESSEL_PLUGIN}", "-mllvm",
                    "-tessel-position=vectorizer-start"),
    # C's default -fmath-errno makes `sqrt` a call that may write errno, which keeps
    # cholesky's, correlation's and gramschmidt's nests out of Tessel's (and Polly's)
    # model; these two show what those kernels get without it.
    "clang_no_errno": ("-O3", "-march=native", "-ffp-contract=off", "-fopenmp",
                       "-fno-math-errno"),
    "tessel_no_errno": ("-O3", "-march=native", "-ffp-contract=off", "-fopenmp",
                        "-fno-math-errno", f"-fpass-plugin={TESSEL_PLUGIN}"),
    "polly": ("-O3", "-march=native", "-ffp-contract=off", "-fopenmp",
              "-mllvm", "-polly"),
    "polly_parallel": ("-O3", "-march=native", "-ffp-contract=off", "-fopenmp",
                       "-mllvm", "-polly", "-mllvm", "-polly-parallel"),
}


# The styles in which the C versions are written (issue 12: "written as C programmers
# write them"), each a folder of kernels/c: "vla", kernels/c/<name>.c (heap arrays
# passed as C99 variable-length array parameters, PolyBench's C99 prototypes);
# "fixed", kernels/c/fixed/<name>.c (fixed-size global arrays, sizes fixed at compile
# time, passed as fixed-size parameters or used directly); "restrict",
# kernels/c/restrict/<name>.c (heap arrays as `double *restrict` with manual
# row-major indexing). A fixed-size build is made for one size tuple: build_c passes
# it as -DTESSEL_S0=.. -DTESSEL_S4=.., in tessel_run's parameter order.
C_STYLES: dict[str, Path] = {
    "vla": C_DIR,
    "fixed": C_DIR / "fixed",
    "restrict": C_DIR / "restrict",
}


def c_kernels(style: str = "vla") -> list[str]:
    """Sorted names of the kernels that have a C version in `style`."""
    return sorted(p.stem for p in C_STYLES[style].glob("*.c"))


def c_source(name: str, style: str = "vla") -> Path:
    """Path of the C version of `name` in `style`; raises KeyError when there is none."""
    if style not in C_STYLES:
        raise KeyError(f"unknown C style {style!r} (known: {', '.join(C_STYLES)})")
    p = C_STYLES[style] / f"{name}.c"
    if not p.is_file():
        raise KeyError(f"kernel {name!r} has no C version in style {style!r} (no {p})")
    return p


def c_size_flags(style: str, sizes_: Sequence[int] | None) -> list[str]:
    """The -D flags that fix a "fixed"-style build's sizes (none for the others)."""
    if style != "fixed":
        return []
    if sizes_ is None:
        raise KeyError("a fixed-size C build needs its sizes (suite.sizes(name, dataset))")
    return [f"-DTESSEL_S{i}={v}" for i, v in enumerate(sizes_)]


def build_c(name: str, exe_path: str | os.PathLike, flavor: str = "clang",
            extra_clang_flags: Iterable[str] = (), style: str = "vla",
            sizes_: Sequence[int] | None = None) -> Path:
    """Build the C version of `name` in `style` (C_STYLES) with harness.c in one clang
    call, with the flags of C_FLAVORS[flavor]: "clang" (-O3), "tessel" (-O3 with the
    Tessel plugin at its default, early position; "tessel_late" at the vectorizer's
    start), "polly" (-O3 -mllvm -polly) or "polly_parallel" (also -polly-parallel,
    whose GOMP calls libomp serves). A "fixed" build needs `sizes_` (it runs at those
    sizes only). The executable prints `time:` and `hash:` as the MLIR builds do, and
    its hash must equal the MLIR original's. Raises SuiteError (KeyError for an
    unknown kernel, flavor or style). Returns the executable's path."""
    if flavor not in C_FLAVORS:
        raise KeyError(f"unknown C flavor {flavor!r} (known: {', '.join(C_FLAVORS)})")
    src = c_source(name, style)
    exe_path = Path(exe_path)
    exe_path.parent.mkdir(parents=True, exist_ok=True)
    _run_tool([CLANG, *C_FLAVORS[flavor], *extra_clang_flags, "-Wno-unknown-pragmas",
               *c_size_flags(style, sizes_),
               f"-I{C_DIR}", HARNESS_C, src, "-o", exe_path,
               f"-L{LLVM_LIB}", f"-Wl,-rpath,{LLVM_LIB}", "-lomp", "-lm"],
              f"clang build of {style}/{src.name} ({flavor})")
    return exe_path


# ----------------------------------------------------------------------------
# Run
# ----------------------------------------------------------------------------

_TIME_RE = re.compile(r"^time:\s*(\S+)\s*$", re.M)
_HASH_RE = re.compile(r"^hash:\s*([0-9a-f]{16})\s*$", re.M)


# OpenMP threads bound to cores, as benchmark runs of OpenMP code usually are, unless
# the caller's environment already says how. Unbound, Linux on our 2-vCPU machine
# starts libomp's second thread on the first one's CPU and moves it only after some
# 20 to 70 ms, so a kernel of a few ms runs its parallel loops on one core at the
# cost of two (docs/architecture-decisions.md, "OpenMP threads bound to cores").
BIND_ENV = {"OMP_PROC_BIND": "close", "OMP_PLACES": "cores"}


def describe_binding(bind: bool) -> str:
    """How run() places threads, for report headers."""
    if not bind:
        return "unbound (the OS places the threads)"
    given = {k: os.environ[k] for k in BIND_ENV if k in os.environ}
    env = {**BIND_ENV, **given}
    how = ", ".join(f"{k}={v}" for k, v in env.items())
    return f"bound ({how}{'; from the environment' if given else ''})"


def run_env(threads: int = 2, bind: bool = True) -> dict[str, str]:
    """The environment of a timed run: OMP_NUM_THREADS=threads, threads bound to cores
    (BIND_ENV) unless `bind` is false or the environment sets them."""
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(int(threads))
    if bind:
        for k, v in BIND_ENV.items():
            env.setdefault(k, v)
    return env


def run(exe: str | os.PathLike, sizes: Sequence[int], threads: int = 2,
        timeout: float | None = 600, bind: bool = True) -> tuple[float, str]:
    """Run a built kernel executable with the given size parameters and
    OMP_NUM_THREADS=threads, threads bound to cores (BIND_ENV) unless `bind` is
    false or the environment sets them. Returns (kernel time in seconds, hash hex
    string). Raises SuiteError on a non-zero exit, a timeout or unparsable output."""
    if len(sizes) > 5:
        raise ValueError("at most 5 size parameters")
    # Resolve so that a bare relative name is not looked up on PATH.
    cmd = [str(Path(exe).resolve()), *(str(int(s)) for s in sizes)]
    env = run_env(threads, bind)
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        raise SuiteError(f"kernel run timed out after {timeout} s", cmd) from e
    if cp.returncode != 0:
        raise SuiteError("kernel run failed", cmd, stderr=cp.stderr, stdout=cp.stdout,
                         returncode=cp.returncode)
    mt, mh = _TIME_RE.search(cp.stdout), _HASH_RE.search(cp.stdout)
    if not (mt and mh):
        raise SuiteError("kernel run printed no time/hash lines", cmd,
                         stderr=cp.stderr + "\nstdout:\n" + cp.stdout)
    return float(mt.group(1)), mh.group(1)


def apply_pipeline(mlir_path: str | os.PathLike, out_path: str | os.PathLike,
                   pipeline: str, extra_args: Iterable[str] = ()) -> Path:
    """Run `mlir-opt --pass-pipeline=<pipeline>` on a file (e.g. an optimizer
    pipeline before lower_and_build). `extra_args` may carry
    --load-pass-plugin=... and the like. Raises SuiteError on failure."""
    _run_tool([MLIR_OPT, *extra_args, mlir_path, f"--pass-pipeline={pipeline}",
               "-o", out_path], f"mlir-opt {pipeline}")
    return Path(out_path)


# ----------------------------------------------------------------------------
# CLI
# ----------------------------------------------------------------------------

def _main(argv: list[str]) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    rp = sub.add_parser("run")
    rp.add_argument("names", nargs="+")
    rp.add_argument("--dataset", default="SMALL")
    rp.add_argument("--threads", type=int, default=2)
    rp.add_argument("--pre-pipeline", default=None,
                    help="mlir-opt pass pipeline applied before the lowering (the Tessel "
                         "plugin is loaded)")
    rp.add_argument("--clay-script", default=None, metavar="FILE",
                    help="a Transform script of transform.tessel ops (tessel-explain's, "
                         "edited or not) applied before the lowering, from its sequence "
                         "@main")
    args = ap.parse_args(argv)
    if args.cmd == "list":
        print("\n".join(kernels()))
        return 0
    names = kernels() if args.names == ["all"] else args.names
    rc = 0
    with tempfile.TemporaryDirectory(prefix="tessel-suite-") as td:
        for name in names:
            try:
                src = affine_source(name, td)
                if args.pre_pipeline:
                    src = apply_pipeline(src, Path(td) / f"{name}.pre.mlir", args.pre_pipeline,
                                         [f"--load-pass-plugin={TESSEL_PLUGIN}"])
                if args.clay_script:
                    script = Path(args.clay_script).resolve()
                    src = apply_pipeline(
                        src, Path(td) / f"{name}.clay.mlir",
                        "builtin.module(transform-preload-library{transform-library-paths="
                        f"{script}}},transform-interpreter{{entry-point=main}})",
                        [f"--load-dialect-plugin={TESSEL_PLUGIN}"])
                exe = lower_and_build(src, Path(td) / name)
                t, h = run(exe, sizes(name, args.dataset), threads=args.threads)
                print(f"{name:16s} {args.dataset:10s} time {t:10.6f} hash {h}", flush=True)
            except SuiteError as e:
                print(f"{name:16s} FAILED: {e}", flush=True)
                rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
