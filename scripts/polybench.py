"""The unmodified PolyBench/C 4.2.1 sources (issue 38): builds, runs, output dumps and
remarks, for scripts/bench's PolyBench columns and its --check mode. Python 3.11,
standard library only.

The sources are not in this repository. Get them once:

    git clone https://github.com/MatthiasJReisinger/PolyBenchC-4.2.1

and name the folder with `scripts/bench --polybench DIR` or TESSEL_POLYBENCH=DIR.

Each kernel is built as its authors intend: `utilities/polybench.c` and the kernel's
.c file in one clang call, `-I utilities -I <kernel folder> -DPOLYBENCH_TIME
-D<DATASET>_DATASET`, with `clang-22 -O3 -march=native -fopenmp` and a flavor's flags
(FLAVORS: plain -O3, the Tessel plugin with its remarks, Polly with -polly-parallel).
With POLYBENCH_TIME the program prints the kernel's time on stdout; built with
-DPOLYBENCH_DUMP_ARRAYS as well it prints its live-out arrays on stderr, which
`dump` compares as text, bit for bit, with plain -O3's.

The pluto flavor (issue 41) is the peer Pluto: the kernel's .c file goes through
Pluto's `polycc --tile --parallel` (PLUTO_FLAGS, everything else at Pluto's defaults),
and its output is built as plain -O3 builds the original. polycc comes from
`scripts/build-pluto`; name it with `scripts/bench --pluto PATH` or TESSEL_PLUTO=PATH.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import time
from pathlib import Path
from typing import Sequence

import suite

ENV = "TESSEL_POLYBENCH"
CLONE = "git clone https://github.com/MatthiasJReisinger/PolyBenchC-4.2.1"
BASE_FLAGS = ("-O3", "-march=native", "-fopenmp")
REMARK_FLAGS = ("-Rpass=tessel", "-Rpass-missed=tessel", "-Rpass-analysis=tessel")
FLAVORS: dict[str, tuple[str, ...]] = {
    "o3": (),
    "tessel": (f"-fpass-plugin={suite.TESSEL_PLUGIN}", *REMARK_FLAGS),
    # As the bench's polly_parallel variant: Polly with its OpenMP code generation.
    "polly": ("-mllvm", "-polly", "-mllvm", "-polly-parallel"),
    # The source transformed by Pluto's polycc (PLUTO_FLAGS), then plain -O3.
    "pluto": (),
}
PLUTO_ENV = "TESSEL_PLUTO"
# As ../shared/peers records Pluto's numbers: tiled and parallel, the rest its defaults.
PLUTO_FLAGS = ("--tile", "--parallel")
CHECK_DATASETS = ("MINI", "SMALL", "MEDIUM")


class PolyBenchError(RuntimeError):
    pass


def root_dir(arg: str | None) -> Path | None:
    """The PolyBench folder from --polybench or TESSEL_POLYBENCH (None if neither);
    raises PolyBenchError when it is not a PolyBench/C 4.2.1 tree."""
    value = arg or os.environ.get(ENV)
    if not value:
        return None
    root = Path(value).expanduser().resolve()
    if not (root / "utilities" / "polybench.c").is_file():
        raise PolyBenchError(f"{root} has no utilities/polybench.c: get PolyBench/C 4.2.1 "
                             f"with `{CLONE}`")
    return root


def pluto_path(arg: str | None) -> Path | None:
    """Pluto's polycc from --pluto or TESSEL_PLUTO (None if neither); raises
    PolyBenchError when it is not an executable."""
    value = arg or os.environ.get(PLUTO_ENV)
    if not value:
        return None
    polycc = Path(value).expanduser().resolve()
    if not (polycc.is_file() and os.access(polycc, os.X_OK)):
        raise PolyBenchError(f"{polycc} is not Pluto's polycc: build it with scripts/build-pluto")
    return polycc


# polycc's output per (source, polycc): it keeps PolyBench's size macros, so one
# output serves every dataset and both the timed and the dumping build.
_PLUTO_OUTPUTS: dict[tuple[Path, Path], Path] = {}


def through_pluto(src: Path, polycc: Path, out_dir: Path) -> Path:
    """The kernel's source after `polycc PLUTO_FLAGS`, in out_dir (polycc writes its
    scratch files in its working folder), or where an earlier call wrote it."""
    known = _PLUTO_OUTPUTS.get((src, polycc))
    if known is not None and known.is_file():
        return known
    out = out_dir / f"{src.stem}.pluto.c"
    cmd = [str(polycc), *PLUTO_FLAGS, str(src), "-o", str(out)]
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True, cwd=out_dir, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise suite.SuiteError(f"polycc failed: {e}", cmd) from e
    if cp.returncode != 0 or not out.is_file():
        said = cp.stdout + cp.stderr
        first = next((ln.strip() for ln in said.splitlines() if "error" in ln.lower()), "")
        raise suite.SuiteError(f"polycc failed{': ' + first if first else ''}", cmd,
                               stderr=said[-4000:], returncode=cp.returncode)
    _PLUTO_OUTPUTS[(src, polycc)] = out
    return out


def kernels(root: Path) -> dict[str, Path]:
    """{kernel name: its .c file} for the benchmark's kernels (utilities excluded)."""
    out = {}
    for c in sorted(root.rglob("*.c")):
        rel = c.relative_to(root)
        if rel.parts[0] == "utilities" or c.stem != c.parent.name:
            continue
        out[c.stem] = c
    return out


def source(root: Path, name: str) -> Path:
    srcs = kernels(root)
    if name not in srcs:
        raise PolyBenchError(f"{root} has no kernel {name!r}")
    return srcs[name]


# With the plugin: each optimized nest counts its runs and optimized runs (those the
# run-time check let through) and prints them at exit, "tessel: <nest>: X of Y runs
# optimized" (-mllvm -tessel-count-runs).
COUNT_RUNS = ("-mllvm", "-tessel-count-runs")
_RUNS_RE = re.compile(r"^tessel: (\S+): (\d+) of (\d+) runs optimized$", re.M)


def build(root: Path, name: str, exe: Path, flavor: str, dataset: str,
          dump: bool = False, extra: Sequence[str] = (),
          polycc: Path | None = None) -> tuple[Path, str, float]:
    """Build one kernel; returns (executable, clang's stderr: the remarks, compile
    wall seconds, polycc's included for the pluto flavor). Raises suite.SuiteError
    when polycc or clang fails."""
    src = source(root, name)
    kernel_dir = src.parent  # the kernel's header, for Pluto's output too
    exe.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    if flavor == "pluto":
        if polycc is None:
            raise PolyBenchError("the pluto flavor needs polycc (scripts/build-pluto)")
        src = through_pluto(src, polycc, exe.parent)
    cmd = [suite.CLANG, *BASE_FLAGS, *FLAVORS[flavor], *extra, f"-I{root / 'utilities'}",
           f"-I{kernel_dir}", "-DPOLYBENCH_TIME", f"-D{dataset.upper()}_DATASET",
           *(["-DPOLYBENCH_DUMP_ARRAYS"] if dump else []),
           root / "utilities" / "polybench.c", src, "-o", exe,
           f"-L{suite.LLVM_LIB}", f"-Wl,-rpath,{suite.LLVM_LIB}", "-lm"]
    cp = suite._run_tool(cmd, f"clang build of PolyBench {name} ({flavor}, {dataset})")
    return exe, cp.stderr, time.perf_counter() - t0


def _run(exe: Path, threads: int, bind: bool, timeout: float | None) -> subprocess.CompletedProcess:
    cmd = [str(exe.resolve())]
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                            env=suite.run_env(threads, bind))
    except subprocess.TimeoutExpired as e:
        raise suite.SuiteError(f"kernel run timed out after {timeout} s", cmd) from e
    if cp.returncode != 0:
        raise suite.SuiteError("kernel run failed", cmd, stderr=cp.stderr[-4000:],
                               returncode=cp.returncode)
    return cp


def run_time(exe: Path, threads: int = 2, bind: bool = True,
             timeout: float | None = 600) -> float:
    """The kernel time that POLYBENCH_TIME prints (seconds)."""
    cp = _run(exe, threads, bind, timeout)
    m = re.search(r"^\s*([0-9.]+(?:e[-+]?\d+)?)\s*$", cp.stdout, re.M)
    if not m:
        raise suite.SuiteError("PolyBench run printed no time", [str(exe)], stderr=cp.stdout[-2000:])
    return float(m.group(1))


def dump(exe: Path, threads: int = 2, bind: bool = True,
         timeout: float | None = 600) -> tuple[str, str, dict[str, tuple[int, int]]]:
    """(sha256 of the arrays dumped on stderr, the dump's text, and per nest its
    (optimized, all) runs when built with COUNT_RUNS) of a DUMP_ARRAYS build. The run
    counts are not part of the dump."""
    text = _run(exe, threads, bind, timeout).stderr
    if "==BEGIN DUMP_ARRAYS==" not in text:
        raise suite.SuiteError("PolyBench run dumped no arrays (built without "
                               "-DPOLYBENCH_DUMP_ARRAYS?)", [str(exe)])
    runs = {m.group(1): (int(m.group(2)), int(m.group(3))) for m in _RUNS_RE.finditer(text)}
    text = re.sub(r"^tessel: \S+: \d+ of \d+ runs optimized\n?", "", text, flags=re.M)
    return hashlib.sha256(text.encode()).hexdigest(), text, runs


def first_difference(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {i}: {x[:80]!r} against {y[:80]!r}"
    return f"lengths {len(a)} and {len(b)}"


_REMARK = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: remark: (?P<msg>.*?)(?: \[-R[^\]]*\])?$",
                     re.M)
_EXPLAINS = ("loop nest left alone", "kept the original", "left SCoP", "tessel: kept",
             "tessel: left")


def kernel_lines(src: Path, name: str) -> tuple[int, int]:
    """First and last line of the `kernel_<name>` function in a PolyBench source."""
    lines = src.read_text(encoding="utf-8", errors="replace").splitlines()
    fn = "kernel_" + name.replace("-", "_")
    start = next((i for i, ln in enumerate(lines, 1) if re.match(rf"^(static\s+)?void\s+{fn}\s*\(", ln)
                  or re.match(rf"^{fn}\s*\(", ln)), 0)
    if not start:
        return 0, 0
    depth, seen = 0, False
    for i in range(start - 1, len(lines)):
        depth += lines[i].count("{") - lines[i].count("}")
        seen = seen or "{" in lines[i]
        if seen and depth <= 0:
            return start, i + 1
    return start, len(lines)


def explaining_remark(stderr: str, src: Path, name: str) -> str | None:
    """The first remark of the kernel's function that says why a nest was not
    optimized (a missed-SCoP reason, or the original code kept). When there is none,
    what the kernel's nests got: its first "optimized SCoP" remark (whose run-time
    check, if it fails at run time, runs the original loops). None without either.
    Remarks of main's init and print loops, and of utilities/polybench.c, are not the
    kernel's."""
    first, last = kernel_lines(src, name)
    optimized = None
    for m in _REMARK.finditer(stderr):
        if Path(m.group("file")).name != src.name or not first <= int(m.group("line")) <= last:
            continue
        msg = m.group("msg")
        if msg.startswith(_EXPLAINS) or "as it was" in msg:
            return f"line {m.group('line')}: {msg}"
        if msg.startswith("optimized SCoP") and optimized is None:
            optimized = f"no nest of kernel_{name.replace('-', '_')} left alone; line {m.group('line')}: {msg}"
    return optimized


def kernel_runs(runs: dict[str, tuple[int, int]], name: str) -> str:
    """How the kernel function's optimized nests ran: "kernel nests: X of Y runs
    optimized" over its nests (the run-time checks held in X), or that none was
    optimized."""
    fn = "__tessel_kernel_" + name.replace("-", "_")
    mine = [v for k, v in runs.items() if k.startswith(fn + "_")]
    if not mine:
        return "no kernel nest optimized"
    fast = sum(v[0] for v in mine)
    total = sum(v[1] for v in mine)
    return f"kernel nests: {fast} of {total} runs optimized"


def check(root: Path, names: Sequence[str], datasets: Sequence[str], threads: int,
          work: Path, bind: bool = True, polycc: Path | None = None) -> tuple[int, int]:
    """Every flavor's dumped arrays against plain -O3's (Pluto's only with polycc), per
    kernel and dataset; prints a line each. Returns (passed, failed) over (kernel,
    dataset, flavor)."""
    flavors = [fl for fl in FLAVORS if fl != "o3" and (fl != "pluto" or polycc)]
    passed = failed = 0
    for name in names:
        for ds in datasets:
            kdir = work / name / ds
            try:
                exe, _, _ = build(root, name, kdir / "o3", "o3", ds, dump=True)
                ref, ref_text, _ = dump(exe, threads, bind)
            except (suite.SuiteError, PolyBenchError) as e:
                print(f"{name:16s} {ds:7s} o3      FAILED: {str(e).splitlines()[0][:200]}",
                      flush=True)
                failed += len(flavors)
                continue
            cells = []
            for fl in flavors:
                try:
                    extra = COUNT_RUNS if fl == "tessel" else ()
                    exe, _, _ = build(root, name, kdir / fl, fl, ds, dump=True, extra=extra,
                                      polycc=polycc)
                    h, text, runs = dump(exe, threads, bind)
                    ok = h == ref
                    cell = f"{fl} {'bit-exact' if ok else 'DIFFERS: ' + first_difference(text, ref_text)}"
                    if fl == "tessel":
                        cell += f" ({kernel_runs(runs, name)})"
                    cells.append(cell)
                except (suite.SuiteError, PolyBenchError) as e:
                    ok = False
                    cells.append(f"{fl} FAILED: {str(e).splitlines()[0][:200]}")
                passed += ok
                failed += not ok
            print(f"{name:16s} {ds:7s} " + "; ".join(cells), flush=True)
    return passed, failed
