#!/usr/bin/env python3
"""Check the C versions of the PolyBench kernels (kernels/c/<name>.c) bit for bit.

For each kernel, builds the MLIR original (scripts/suite.py: lower_and_build) and
the C version in each flavor (suite.build_c: clang -O3, and with Polly), runs them
at each dataset and compares the `hash:` lines. A C build whose hash differs from
the original's fails; so does a build or run that fails. Ends with one line,
`N passed, M failed`, and exits non-zero if anything failed.

  kernels/c/check.py [--kernels gemm,lu] [--datasets MINI,SMALL,MEDIUM]
                     [--flavors clang,tessel,tessel_late,polly,polly_parallel] [--threads 2] [--keep]

Defaults: every kernel with a C version, dataset SMALL, flavors clang and polly.
Runs one build or run at a time (no -j: the machine may be shared).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import suite  # noqa: E402


def first_line(e: Exception) -> str:
    s = str(e).strip()
    return s.splitlines()[0][:300] if s else type(e).__name__


def check_kernel(name: str, datasets: list[str], flavors: list[str], threads: int,
                 work: Path) -> tuple[int, int]:
    """Builds and runs one kernel; prints a line per (dataset, flavor). Returns
    (passed, failed)."""
    kdir = work / name
    passed = failed = 0
    exes: dict[str, Path | None] = {}
    errors: dict[str, str] = {}
    try:
        src = suite.affine_source(name, kdir)
        exes["original"] = suite.lower_and_build(src, kdir / "original")
    except Exception as e:  # noqa: BLE001
        exes["original"], errors["original"] = None, first_line(e)
    for fl in flavors:
        try:
            exes[fl] = suite.build_c(name, kdir / f"c-{fl}", fl)
        except Exception as e:  # noqa: BLE001
            exes[fl], errors[fl] = None, first_line(e)

    for ds in datasets:
        sizes = suite.sizes(name, ds)
        ref = None
        if exes["original"] is not None:
            try:
                _, ref = suite.run(exes["original"], sizes, threads=threads)
            except Exception as e:  # noqa: BLE001
                errors["original"] = first_line(e)
        for fl in flavors:
            what = f"{name:15s} {ds:6s} {fl:15s}"
            if ref is None:
                print(f"FAIL {what} original: {errors.get('original')}", flush=True)
                failed += 1
                continue
            if exes[fl] is None:
                print(f"FAIL {what} build: {errors[fl]}", flush=True)
                failed += 1
                continue
            try:
                t, h = suite.run(exes[fl], sizes, threads=threads)
            except Exception as e:  # noqa: BLE001
                print(f"FAIL {what} run: {first_line(e)}", flush=True)
                failed += 1
                continue
            if h == ref:
                print(f"PASS {what} hash {h}  ({t:.6f} s)", flush=True)
                passed += 1
            else:
                print(f"FAIL {what} hash {h} != original {ref}", flush=True)
                failed += 1
    return passed, failed


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernels", help="comma-separated subset (default: every kernels/c/*.c)")
    ap.add_argument("--datasets", "--dataset", default="SMALL",
                    help="comma-separated PolyBench datasets (default SMALL)")
    ap.add_argument("--flavors", default="clang,polly",
                    help=f"comma-separated, of {', '.join(suite.C_FLAVORS)} (default clang,polly)")
    ap.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS (default 2)")
    ap.add_argument("--keep", action="store_true", help="keep the build directory")
    args = ap.parse_args(argv)

    names = ([k.strip() for k in args.kernels.split(",") if k.strip()]
             if args.kernels else suite.c_kernels())
    datasets = [d.strip().upper() for d in args.datasets.split(",") if d.strip()]
    flavors = [f.strip() for f in args.flavors.split(",") if f.strip()]
    bad = ([f"unknown flavor {f!r}" for f in flavors if f not in suite.C_FLAVORS]
           + [f"unknown dataset {d!r}" for d in datasets if d not in suite.DATASETS]
           + [f"no C version of {n!r}" for n in names if not (suite.C_DIR / f"{n}.c").is_file()])
    if bad or not (names and datasets and flavors):
        print("check.py: " + ("; ".join(bad) or "nothing to check"), file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="tessel-c-check-"))
    passed = failed = 0
    for name in names:
        p, f = check_kernel(name, datasets, flavors, args.threads, work)
        passed += p
        failed += f
    if args.keep or failed:
        print(f"builds kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
