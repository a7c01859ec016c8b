#!/usr/bin/env python3
"""Check the C versions of the PolyBench kernels (kernels/c/<name>.c) bit for bit.

For each kernel, builds the MLIR original (scripts/suite.py: lower_and_build) and
the C version in each flavor (suite.build_c: clang -O3, and with Polly), runs them
at each dataset and compares the `hash:` lines. A C build whose hash differs from
the original's fails; so does a build or run that fails. Ends with one line,
`N passed, M failed`, and exits non-zero if anything failed.

  kernels/c/check.py [--kernels gemm,lu] [--datasets MINI,SMALL,MEDIUM]
                     [--styles vla,fixed,restrict]
                     [--flavors clang,tessel,tessel_late,polly,polly_parallel] [--threads 2] [--keep]

Defaults: every kernel with a C version, dataset SMALL, style vla (kernels/c/<name>.c;
the others are kernels/c/fixed/ and kernels/c/restrict/, see suite.C_STYLES), flavors
clang and polly.
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


def check_kernel(name: str, datasets: list[str], styles: list[str], flavors: list[str],
                 threads: int, work: Path) -> tuple[int, int]:
    """Builds and runs one kernel; prints a line per (dataset, style, flavor). A
    "fixed" style build is made per dataset (its sizes are compile-time constants).
    Returns (passed, failed)."""
    kdir = work / name
    passed = failed = 0
    original, original_error = None, ""
    try:
        src = suite.affine_source(name, kdir)
        original = suite.lower_and_build(src, kdir / "original")
    except Exception as e:  # noqa: BLE001
        original_error = first_line(e)
    built: dict[tuple[str, str, str], Path | str] = {}

    def build(style: str, fl: str, ds: str, sizes: tuple[int, ...]) -> Path | str:
        """The executable, or the first line of why it could not be built."""
        key = (style, fl, ds if style == "fixed" else "")
        if key not in built:
            exe = kdir / f"c-{style}-{fl}{'-' + ds if key[2] else ''}"
            try:
                built[key] = suite.build_c(name, exe, fl, style=style, sizes_=sizes)
            except Exception as e:  # noqa: BLE001
                built[key] = first_line(e)
        return built[key]

    for ds in datasets:
        sizes = suite.sizes(name, ds)
        ref = None
        if original is not None:
            try:
                _, ref = suite.run(original, sizes, threads=threads)
            except Exception as e:  # noqa: BLE001
                original_error = first_line(e)
        for style in styles:
            for fl in flavors:
                what = f"{name:15s} {ds:6s} {style:8s} {fl:15s}"
                if ref is None:
                    print(f"FAIL {what} original: {original_error}", flush=True)
                    failed += 1
                    continue
                exe = build(style, fl, ds, sizes)
                if isinstance(exe, str):
                    print(f"FAIL {what} build: {exe}", flush=True)
                    failed += 1
                    continue
                try:
                    t, h = suite.run(exe, sizes, threads=threads)
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
    ap.add_argument("--styles", default="vla",
                    help=f"comma-separated, of {', '.join(suite.C_STYLES)} (default vla)")
    ap.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS (default 2)")
    ap.add_argument("--keep", action="store_true", help="keep the build directory")
    args = ap.parse_args(argv)

    names = ([k.strip() for k in args.kernels.split(",") if k.strip()]
             if args.kernels else suite.c_kernels())
    datasets = [d.strip().upper() for d in args.datasets.split(",") if d.strip()]
    flavors = [f.strip() for f in args.flavors.split(",") if f.strip()]
    styles = [s.strip() for s in args.styles.split(",") if s.strip()]
    bad = ([f"unknown flavor {f!r}" for f in flavors if f not in suite.C_FLAVORS]
           + [f"unknown dataset {d!r}" for d in datasets if d not in suite.DATASETS]
           + [f"unknown style {s!r}" for s in styles if s not in suite.C_STYLES]
           + [f"no {s} C version of {n!r}" for n in names for s in styles
              if s in suite.C_STYLES and not (suite.C_STYLES[s] / f"{n}.c").is_file()])
    if bad or not (names and datasets and flavors and styles):
        print("check.py: " + ("; ".join(bad) or "nothing to check"), file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="tessel-c-check-"))
    passed = failed = 0
    for name in names:
        p, f = check_kernel(name, datasets, styles, flavors, args.threads, work)
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
