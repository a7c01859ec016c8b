"""The two kinds of task of scripts/tune, as plain functions: run in the tuner's own
process, or on Dask workers (scripts/tune --dask). A worker needs the repository at
the same path and this folder on its PYTHONPATH.

- `build`: one candidate of a kernel compiled (tessel-optimize with its options,
  lowered, linked with the harness); returns the executable's bytes, or why the
  optimizer refused the candidate, and the digest of the kernel function's code (two
  candidates with the same digest are one). Any worker may run it.
- `time_candidates`: every candidate of a kernel run interleaved in rounds, each run
  checked bit for bit against the original's hash, slower ones dropped; one task,
  so that every ratio is measured in one place against the default. Dask runs it on a
  worker that holds the `timing` resource, one at a time there.
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tessel_tools as tt  # noqa: E402

REFUSED_RE = re.compile(r"^tessel: fusion-structure .*; scheduled without it$")
FUNC_RE = re.compile(r"^  func\.func (?:(?:private|public) )?@([\w$.-]+)", re.M)


def kernel_function(name: str) -> str:
    return "kernel_" + name.replace("-", "_")


def function_text(module: str, function: str) -> str:
    """The text of one func.func of a printed module (for telling candidates apart)."""
    starts = [(m.start(), m.group(1)) for m in FUNC_RE.finditer(module)]
    for i, (pos, name) in enumerate(starts):
        if name == function:
            end = starts[i + 1][0] if i + 1 < len(starts) else len(module)
            return module[pos:end]
    return module


def build(name: str, key: str, options: str | None, started: str | None = None) -> dict:
    """Candidate `key` of kernel `name` built with tessel-optimize{options} (None: the
    original, not optimized). `started`: a folder where the task leaves a file named
    after itself when it starts (the Dask test watches it)."""
    suite = tt.import_suite()
    if started:
        Path(started, f"{os.getpid()}-{re.sub(r'[^A-Za-z0-9]', '_', key)}").touch()
    src = tt.kernel_file(suite, name)
    function = kernel_function(name)
    out = {"key": key, "host": socket.gethostname(), "refused": "", "digest": "", "exe": None}
    with tempfile.TemporaryDirectory(prefix="tessel-tune-build-") as td:
        mlir = Path(src)
        if options is not None:
            mlir = Path(td) / "candidate.mlir"
            # No wall-clock budget: a loaded machine must not change what is measured.
            res = tt.mlir_opt(src, mlir, tt.func_pipeline(
                tt.tessel_pass(f"{options} time-budget=0")))
            if not res.ok:
                raise RuntimeError(f"{name} {key}: mlir-opt failed:\n{res.stderr[-2000:]}")
            refused = [d for d in tt.attribute(tt.parse_diagnostics(res.stderr), src)
                       if d.func == function and REFUSED_RE.match(d.msg)]
            if refused:
                out["refused"] = refused[0].msg.removeprefix("tessel: ")
                return out
            out["digest"] = hashlib.sha256(
                function_text(mlir.read_text(), function).encode()).hexdigest()
        exe = suite.lower_and_build(mlir, Path(td) / "exe")
        out["exe"] = exe.read_bytes()
    return out


def time_candidates(name: str, original: bytes, exes: dict, sizes: list, rounds: int,
                    threads: int, bind: bool, drop_slower: float, max_run: float) -> dict:
    """Runs the original once (its hash is the reference) and the candidates `exes`
    ({key: executable bytes}, the default among them) in `rounds` interleaved rounds,
    each round starting one candidate later; from the third round on, a candidate
    whose median is over `drop_slower` times the best is dropped. Stops at the first
    run whose hash differs: `mismatch` says which."""
    suite = tt.import_suite()
    out = {"host": socket.gethostname(), "times": {k: [] for k in exes}, "dropped": [],
           "want": None, "mismatch": None}
    with tempfile.TemporaryDirectory(prefix="tessel-tune-time-") as td:
        paths = {}
        for key, data in [("original", original), *exes.items()]:
            p = Path(td) / re.sub(r"[^A-Za-z0-9_.-]", "_", key)
            p.write_bytes(data)
            p.chmod(0o755)
            paths[key] = p
        _, want = suite.run(paths["original"], sizes, threads=threads, bind=bind, timeout=max_run)
        out["want"] = want
        keys = list(exes)
        for k in range(rounds):
            live = [c for c in keys if c not in out["dropped"]]
            shift = k % max(len(live), 1)
            for c in live[shift:] + live[:shift]:
                t, h = suite.run(paths[c], sizes, threads=threads, bind=bind, timeout=max_run)
                if h != want:
                    out["mismatch"] = (c, h)
                    return out
                out["times"][c].append(t)
            if k >= 2 and drop_slower:
                med = {c: statistics.median(out["times"][c]) for c in live}
                best = min(med.values())
                out["dropped"] += [c for c in live
                                   if c != "default" and med[c] > drop_slower * best]
    return out
