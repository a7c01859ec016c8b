#!/usr/bin/env python3
"""Tessel's random-program differential tester (issue 8, items 2 and 3).

Generates programs with generate.py, optimizes them with `tessel-optimize` under
a fixed list of variants (VARIANTS), runs every build and compares every array
bit for bit with the unoptimized original. Batched: a batch of programs is one
module; each variant is one mlir-opt run over that module; all variants'
functions (renamed @p<seed>_v<k>) go into one module that is lowered (the
lowering of scripts/suite.py), compiled and linked once with a generated C
driver, and run once. The driver forks a child per (program, variant) so that a
crash or a hang is charged to the right pair, and prints one line per failure.

Failures (each its own category): mismatch, run-crash, run-hang, opt-crash
(mlir-opt non-zero exit, invalid IR), opt-timeout, panic (remark "internal
error"), lowering (optimized output that doesn't lower/compile), silent
fallback (a function with loops and no tessel remark). Each failure is reduced
automatically (reduce.py) and saved under the results folder.

See docs/testing.md. Entry point: scripts/difftest.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures as cf
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

FUZZ_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(FUZZ_DIR))
sys.path.insert(0, str(FUZZ_DIR.parent))
import generate as G  # noqa: E402
import suite  # noqa: E402
import tessel_tools as tt  # noqa: E402


@dataclass(frozen=True)
class Variant:
    name: str
    options: str
    # func.func passes after tessel-optimize: the GPU variants run their kernels
    # through tessel-gpu-emulate, so that the CPU build executes them.
    after: str = ""
    # func.func passes before it: the scf variant lowers the program to scf first.
    before: str = ""

    @property
    def pipeline(self) -> str:
        passes = [self.before, tt.tessel_pass(self.options), self.after]
        return tt.func_pipeline(",".join(p for p in passes if p))

    @property
    def preset(self) -> str:
        m = re.search(r"scheduler=(\S+)", self.options)
        return m.group(1) if m else "auto"


# Covering list, not a cross product: every preset appears with the defaults
# (tile=true, tile sizes from the footprint model, post-tile reordering, parallel,
# wavefront, fuse=smart) and with at least one non-default combination; the tile sizes
# 1/3/4, tile=false, parallel=false, wavefront=false, each fuse mode and live-range
# reordering appear at least twice across different presets. The generated programs
# are small, so under the default run-time guard (parallel-min-work) their parallel
# loops run sequentially; parallel-min-work=0 makes them run in parallel, in six
# variants over all presets but pluto's defaults. "default" is plain
# tessel-optimize (scheduler=auto); "auto-t3-noreorder" turns post-tile reordering off.
# Register blocks must divide their tiles: the default blocks (32 elements, shaped by
# a load model) apply under the model's tile sizes only, so three variants with
# 4-wide tiles take 2x2, 2x4 and 4x2 blocks. Unroll-and-jam (default block 4) runs
# wherever a scalar chain allows it; two variants jam by 2 and by 3 (a block that
# divides no tile size), one of them in parallel loops.
VARIANTS = (
    Variant("default", ""),
    Variant("auto-t3-noreorder", "scheduler=auto tile-sizes=3 intra-tile=false parallel-min-work=0"),
    Variant("id", "scheduler=identity tile=false parallel=false"),
    Variant("id-t3-par-j3", "scheduler=identity tile=true tile-sizes=3 parallel=true parallel-min-work=0 unroll-jam=3"),
    Variant("islref", "scheduler=isl-reference parallel-min-work=0"),
    Variant("islref-t4-seq-rt2x2", "scheduler=isl-reference tile-sizes=4 parallel=false register-tile=2,2"),
    Variant("pluto", "scheduler=pluto"),
    Variant("pluto-t1-fmax", "scheduler=pluto tile-sizes=1 fuse=max parallel-min-work=0"),
    Variant("pluto-t4-fnone-nowf-rt2x4", "scheduler=pluto tile-sizes=4 fuse=none wavefront=false register-tile=2,4"),
    Variant("pluto-lrr-t3", "scheduler=pluto live-range-reordering=true tile-sizes=3"),
    # Pluto's band with the model's sizes and every wavefront built however little its
    # work: a 2-d stencil's time loop gets time tiles, as diamonds where the mirror
    # exists (diamond, off by default; issue 41): the small programs reach neither
    # under the defaults.
    Variant("pluto-minwork0-diamond", "scheduler=pluto parallel-min-work=0 diamond=true"),
    Variant("isl", "scheduler=isl"),
    Variant("isl-t3-fmax-lrr", "scheduler=isl tile-sizes=3 fuse=max live-range-reordering=true parallel-min-work=0"),
    Variant("isl-notile-fnone-j2", "scheduler=isl tile=false fuse=none unroll-jam=2"),
    Variant("isl-t4-seq-nowf-rt4x2", "scheduler=isl tile-sizes=4 parallel=false wavefront=false register-tile=4,2"),
    Variant("isl-t3-norar", "scheduler=isl tile-sizes=3 rar=false parallel-min-work=0"),
    Variant("feautrier", "scheduler=feautrier"),
    Variant("feautrier-t4-nowf", "scheduler=feautrier tile-sizes=4 wavefront=false parallel-min-work=0"),
    Variant("feautrier-t1-fnone-lrr", "scheduler=feautrier tile-sizes=1 fuse=none live-range-reordering=true"),
    Variant("spatial", "scheduler=spatial"),
    Variant("spatial-t3-hlim0-lrr", "scheduler=spatial tile-sizes=3 spatial-hlim=0 live-range-reordering=true parallel-min-work=0"),
    # target=gpu, the kernels emulated on the CPU (issue 10): shared memory and
    # registers by default, threads in order; seed 000 §4.7's scheduler, threads
    # reversed, blocks of 4 (partial blocks and several tiles on small programs).
    Variant("gpu-emulated", "target=gpu", "tessel-gpu-emulate"),
    Variant("gpu-spatial-b4-reverse", "target=gpu scheduler=spatial gpu-block=4",
            "tessel-gpu-emulate{thread-order=reverse}"),
    # The program as MLIR front ends write loops (issue 42): upstream's lower-affine
    # turns it into scf.for / scf.if / memref.load / memref.store with arith index
    # computations, and tessel-raise-scf raises what is affine back before Tessel.
    Variant("scf-raised", "", before="lower-affine,tessel-raise-scf"),
)
PRESETS = ("auto", "identity", "isl-reference", "pluto", "isl", "feautrier", "spatial")
FAILURE_KINDS = ("mismatch", "run-crash", "run-hang", "opt-crash", "opt-timeout", "panic",
                 "lowering", "silent-fallback", "orig-failure")
OPT_TIMEOUT_S = 30  # per function, wall clock (the issue asks for <= ~10 s by default; 30 s leaves room for a loaded machine)
RUN_TIMEOUT_S = 20  # per (program, variant) child, SIGALRM
OPTIMIZED_RE = re.compile(r"tiled bands=(\d+), parallel loops=(\d+)")


def variant_by_name(name: str) -> Variant:
    for v in VARIANTS:
        if v.name == name:
            return v
    raise KeyError(name)


# ---------------------------------------------------------------------------
# The C driver
# ---------------------------------------------------------------------------

C_PRELUDE = r"""
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

typedef struct { int kind; int esize; int64_t n; } Arr; /* kind 0 float, 1 double, 2 int */
typedef void (*Call)(void **);

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL; x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL; return x ^ (x >> 31);
}
static void fill(void *p, const Arr *a, uint64_t salt) {
  for (int64_t i = 0; i < a->n; i++) {
    uint64_t h = mix(salt * 1000003ULL + (uint64_t)i);
    if (a->kind == 0) ((float *)p)[i] = (float)((int64_t)(h % 2001) - 1000) / 256.0f;
    else if (a->kind == 1) ((double *)p)[i] = (double)((int64_t)(h % 2001) - 1000) / 256.0;
    else if (a->esize == 4) ((int32_t *)p)[i] = (int32_t)(h % 201) - 100;
    else ((int64_t *)p)[i] = (int64_t)(h % 201) - 100;
  }
}
static void *shared(size_t n) {
  void *p = mmap(NULL, n ? n : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) { perror("mmap"); exit(3); }
  return p;
}
/* Two elements are the same when their bits are, or when both are NaNs: LLVM leaves
   a NaN result's sign and payload unspecified (LangRef, "Floating-Point Semantics"),
   so a commuted `fmul` may give -nan where the original gave nan. */
static int same(const Arr *a, const char *x, const char *y) {
  if (!memcmp(x, y, a->esize)) return 1;
  if (a->kind == 0) { float u, v; memcpy(&u, x, 4); memcpy(&v, y, 4); return u != u && v != v; }
  if (a->kind == 1) { double u, v; memcpy(&u, x, 8); memcpy(&v, y, 8); return u != u && v != v; }
  return 0;
}
static long g_runs;
/* 0 ok, else signal number (SIGALRM: hang) or 1000+exit code */
static int run_child(Call c, void **bufs, const Arr *arrs, int na, uint64_t salt) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    alarm(%RUN_TIMEOUT%);
    for (int a = 0; a < na; a++) fill(bufs[a], &arrs[a], salt + (uint64_t)a);
    c(bufs);
    _exit(0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  if (WIFSIGNALED(st)) return WTERMSIG(st);
  if (WIFEXITED(st) && WEXITSTATUS(st)) return 1000 + WEXITSTATUS(st);
  return 0;
}
static void run_prog(long seed, const Arr *arrs, int na, Call *calls, const char **names, int nv) {
  void *ref[64], *tst[64];
  for (int a = 0; a < na; a++) {
    ref[a] = shared((size_t)arrs[a].n * arrs[a].esize);
    tst[a] = shared((size_t)arrs[a].n * arrs[a].esize);
  }
  int r = run_child(calls[0], ref, arrs, na, (uint64_t)seed);
  if (r) { printf("FAIL %ld orig %s %d\n", seed, r == SIGALRM ? "run-hang" : "orig-failure", r); goto out; }
  for (int v = 1; v < nv; v++) {
    if (!calls[v]) continue;
    g_runs++;
    r = run_child(calls[v], tst, arrs, na, (uint64_t)seed);
    if (r) { printf("FAIL %ld %s %s %d\n", seed, names[v], r == SIGALRM ? "run-hang" : "run-crash", r); continue; }
    for (int a = 0; a < na; a++) {
      size_t nb = (size_t)arrs[a].n * arrs[a].esize;
      if (memcmp(ref[a], tst[a], nb)) {
        int64_t i = 0;
        for (i = 0; i < arrs[a].n && same(&arrs[a], (char *)ref[a] + i * arrs[a].esize, (char *)tst[a] + i * arrs[a].esize); i++) {}
        if (i == arrs[a].n) continue;  /* only NaNs of another sign or payload */
        printf("FAIL %ld %s mismatch array#%d element %ld\n", seed, names[v], a, (long)i);
        break;
      }
    }
  }
out:
  for (int a = 0; a < na; a++) {
    munmap(ref[a], (size_t)arrs[a].n * arrs[a].esize ? (size_t)arrs[a].n * arrs[a].esize : 1);
    munmap(tst[a], (size_t)arrs[a].n * arrs[a].esize ? (size_t)arrs[a].n * arrs[a].esize : 1);
  }
}
""".replace("%RUN_TIMEOUT%", str(RUN_TIMEOUT_S))

CTYPE = {"f32": (0, 4), "f64": (1, 8), "i32": (2, 4), "i64": (2, 8)}


def c_driver(progs: list[tuple[int, G.Program]], fnames: dict[int, list[str | None]],
             vnames: list[str]) -> str:
    """fnames[seed][k]: the function for variant k (k=0: the original) or None."""
    out = [C_PRELUDE]
    mains = []
    for seed, p in progs:
        nparams = len(p.params)
        sig = ["int32_t"] * nparams
        for a in p.args():
            sig += ["void *", "void *", "int64_t"] + ["int64_t"] * (2 * a.rank)
        args = [str(v) for _, v in p.params]
        for i, a in enumerate(p.args()):
            strides = []
            s = 1
            for d in reversed(a.dims):
                strides.insert(0, s)
                s *= d
            args += [f"b[{i}]", f"b[{i}]", "0"] + [str(d) for d in a.dims] + [str(x) for x in strides]
        calls = []
        for k, fn in enumerate(fnames[seed]):
            if fn is None:
                calls.append("0")
                continue
            out.append(f"extern void {fn}({', '.join(sig)});")
            out.append(f"static void call_{fn}(void **b) {{ {fn}({', '.join(args)}); }}")
            calls.append(f"call_{fn}")
        arrs = ", ".join(
            f"{{{CTYPE[a.elem][0]}, {CTYPE[a.elem][1]}, {max(1, _prod(a.dims))}}}" for a in p.args())
        out.append(f"static const Arr arrs_{seed}[] = {{{arrs}}};")
        out.append(f"static Call calls_{seed}[] = {{{', '.join(calls)}}};")
        mains.append(f"  run_prog({seed}L, arrs_{seed}, {len(p.args())}, calls_{seed}, names, {len(calls)});")
    out.append("static const char *names[] = {" + ", ".join(f'"{n}"' for n in vnames) + "};")
    out.append("int main(void) {\n" + "\n".join(mains) + '\n  printf("RUNS %ld\\n", g_runs);\n  return 0;\n}\n')
    return "\n".join(out)


def _prod(xs) -> int:
    r = 1
    for x in xs:
        r *= x
    return r


# ---------------------------------------------------------------------------
# One batch: generate, optimize per variant, build once, run once
# ---------------------------------------------------------------------------

@dataclass
class Failure:
    seed: int
    variant: str
    kind: str
    detail: str


@dataclass
class BatchResult:
    programs: int = 0
    builds: int = 0          # mlir-opt runs (one per variant over the whole batch) + link
    variant_runs: int = 0
    failures: list[Failure] = field(default_factory=list)
    fallbacks: collections.Counter = field(default_factory=collections.Counter)
    # Tiling remarks by kind (counted per SCoP and variant): which tilings ran, and so
    # were checked bit for bit.
    tilings: collections.Counter = field(default_factory=collections.Counter)
    optimized_scops: int = 0
    transformed: dict = field(default_factory=dict)   # preset -> set of seeds
    ran: dict = field(default_factory=dict)           # preset -> set of seeds optimized under it
    seconds: float = 0.0


_FUNC_LINE = re.compile(r"^(\s*func\.func\s+(?:\w+\s+)?@)p(\d+)\(", re.M)


def split_functions(module_text: str) -> dict[int, str]:
    """The text of each func.func @p<seed> of a module printed with
    --mlir-print-local-scope (no attribute aliases)."""
    lines = module_text.splitlines()
    out: dict[int, str] = {}
    cur, buf = None, []
    for ln in lines:
        m = _FUNC_LINE.match(ln)
        if m:
            cur, buf = int(m.group(2)), [ln]
            continue
        if cur is not None:
            buf.append(ln)
            if ln.rstrip() == "  }":
                out[cur] = "\n".join(buf) + "\n"
                cur = None
    return out


def rename(func_text: str, suffix: str) -> str:
    return _FUNC_LINE.sub(lambda m: f"{m.group(1)}p{m.group(2)}{suffix}(", func_text, count=1)


def inject(func_text: str) -> str:
    """The self-test fault: the first add of the function becomes a sub."""
    return re.sub(r"arith\.add([fi]) ", r"arith.sub\1 ", func_text, count=1)


def has_loops(p: G.Program) -> bool:
    return any(isinstance(n, (G.Loop, G.IterLoop)) for n in p.body)


def remark_kind(msg: str) -> str:
    return re.sub(r"\d+(\.\d+)?", "N", msg)[:140]


def tiling_kind(msg: str) -> str:
    """A tiling remark's kind: its words up to the first parenthesis, numbers as N
    (`a band of N members tiled NxN`, `N sibling bands ... fused under one tile loop`).
    A register tile's: `register tile`, `... in product tiles` for a triangular band's
    tiles off the diagonal, or why there is none. A band tiled for the dependence chains
    along its rows is counted apart (`... for dependence chains`)."""
    if msg.startswith("tessel: register tile: "):
        rest = msg.removeprefix("tessel: register tile: ")
        if rest.startswith("none"):
            return "register tile: " + re.sub(r"\d+(x\d+)*", "N", rest.split(":", 1)[0])
        return "register tile" + (" in product tiles" if "in the tiles where" in rest else "")
    words = msg.removeprefix("tessel: tiling: ").split(" (", 1)[0]
    if "the dependence chain along each row" in msg:
        words += " for dependence chains"
    return re.sub(r"\d+(x\d+)*", "N", words)[:120]


def jam_kind(msg: str) -> str:
    """An unroll-and-jam remark's kind: kept, kept split where the copies of a block
    meet, or not kept."""
    if "not kept" in msg:
        return "unroll-and-jam not kept"
    if "the first position where its copies would meet" in msg:
        return "unroll-and-jam, each block split where its copies meet"
    return "unroll-and-jam"


def assigned(seed: int, variants: list[Variant], per_program: int | None) -> set[str]:
    """The variants a program runs under: all, or `per_program` of them in rotation
    (program seed s gets variants s, s+1, ... mod len), so that consecutive seeds cover
    the whole list."""
    if not per_program or per_program >= len(variants):
        return {v.name for v in variants}
    return {variants[(seed * per_program + j) % len(variants)].name for j in range(per_program)}


def run_batch(progs: list[tuple[int, G.Program]], variants: list[Variant], work: Path,
              inject_fault: str | None = None, clang_opt: str = "-O1",
              opt_timeout: float = OPT_TIMEOUT_S, per_program: int | None = None) -> BatchResult:
    t0 = time.perf_counter()
    res = BatchResult(programs=len(progs))
    res.transformed = {p: set() for p in PRESETS}
    work.mkdir(parents=True, exist_ok=True)
    byseed = dict(progs)
    orig = work / "orig.mlir"
    orig_funcs = {s: p.func_text(f"p{s}") for s, p in progs}
    orig.write_text(G.module_of(list(orig_funcs.values())))
    # variant k=0 is the original
    fn: dict[int, list[str | None]] = {s: [f"p{s}_v0"] for s, _ in progs}
    texts: list[str] = [rename(t, "_v0") for t in orig_funcs.values()]
    for k, v in enumerate(variants, start=1):
        out = work / f"v{k}.mlir"
        funcs: dict[int, str] = {}
        per_prog_err: dict[int, tuple[str, str]] = {}
        diag_by_func = collections.defaultdict(list)

        def opt(seeds: list[int], tag: str) -> None:
            """mlir-opt over these programs' module, limit opt_timeout per function;
            on a failure split the set in halves until the culprits are alone."""
            nonlocal_builds[0] += 1
            src = orig if len(seeds) == len(progs) else work / f"sub{k}_{tag}.mlir"
            if src != orig:
                src.write_text(G.module_of([orig_funcs[s] for s in seeds]))
            dst = work / f"v{k}_{tag}.out.mlir"
            r = tt.mlir_opt(src, dst, v.pipeline,
                            timeout=opt_timeout * len(seeds), extra=["--mlir-print-local-scope"])
            if r.ok:
                funcs.update(split_functions(dst.read_text()))
                summ = tt.summarize_remarks(r.stderr, src)
                for d in summ.optimized + summ.unchanged + summ.kept + summ.skipped + summ.errors + summ.other:
                    if d.func:
                        diag_by_func[d.func].append(d)
                return
            if len(seeds) == 1:
                kind = "opt-timeout" if r.timed_out else "opt-crash"
                last = [ln for ln in r.stderr.strip().splitlines() if ln.strip()]
                per_prog_err[seeds[0]] = (kind, last[-1][:300] if last else f"exit {r.returncode}")
                return
            h = len(seeds) // 2
            opt(seeds[:h], tag + "a")
            opt(seeds[h:], tag + "b")

        nonlocal_builds = [0]
        mine = [s for s, _ in progs if v.name in assigned(s, variants, per_program)]
        if mine:
            opt(mine, "all")
        res.builds += nonlocal_builds[0]
        for s, p in progs:
            if v.name not in assigned(s, variants, per_program):
                fn[s].append(None)
                continue
            if s in per_prog_err:
                kind, det = per_prog_err[s]
                res.failures.append(Failure(s, v.name, kind, det))
                fn[s].append(None)
                continue
            if s not in funcs:
                res.failures.append(Failure(s, v.name, "opt-crash", "function missing from mlir-opt's output"))
                fn[s].append(None)
                continue
            res.ran.setdefault(v.preset, set()).add(s)
            diags = diag_by_func.get(f"p{s}", [])
            tessel = [d for d in diags if "tessel:" in d.msg]
            for d in tessel:
                if d.kind == "error" or "internal error" in d.msg:
                    res.failures.append(Failure(s, v.name, "panic", d.msg[:300]))
                elif d.msg.startswith("tessel: optimized SCoP"):
                    res.optimized_scops += 1
                    m = OPTIMIZED_RE.search(d.msg)
                    if m and (int(m.group(1)) or int(m.group(2))):
                        res.transformed[v.preset].add(s)
                elif d.msg.startswith(("tessel: tiling: ", "tessel: register tile: ")):
                    res.tilings[tiling_kind(d.msg)] += 1
                elif d.msg.startswith("tessel: unroll-and-jam"):
                    res.tilings[jam_kind(d.msg)] += 1
                elif d.msg.startswith("tessel: left SCoP"):
                    # The cost model's choice, not a fallback: counted, not transformed.
                    res.optimized_scops += 1
                elif d.msg.startswith("tessel: kept the original code"):
                    res.fallbacks["kept: " + remark_kind(d.msg.split(":", 2)[-1].strip())] += 1
                elif d.msg.startswith("tessel: skipped"):
                    res.fallbacks["skipped: " + remark_kind(d.msg.split(":", 1)[-1].strip())] += 1
                elif d.msg.startswith("tessel: refused "):
                    # A rung of the degradation ladder was refused (verification or
                    # isl failed, or its AST could not be expressed) and a lower one
                    # kept: a bug that cost some optimization, listed as such.
                    res.fallbacks["degraded: " + remark_kind(d.msg.split(":", 1)[-1].strip())] += 1
            if has_loops(p) and not tessel:
                res.failures.append(Failure(s, v.name, "silent-fallback", "no tessel remark for a function with loops"))
            t = rename(funcs[s], f"_v{k}")
            if inject_fault == v.name:
                t = inject(t)
            texts.append(t)
            fn[s].append(f"p{s}_v{k}")
    # Build once.
    comb = work / "all.mlir"
    comb.write_text(G.module_of(texts))
    llvm_mlir, ll, cfile, exe = work / "all.llvm.mlir", work / "all.ll", work / "driver.c", work / "driver"
    vnames = ["orig"] + [v.name for v in variants]
    try:
        suite.lower_to_llvm_dialect(comb, llvm_mlir)
    except suite.SuiteError as e:
        # Find the (program, variant) functions that don't lower, drop them, retry.
        bad = _find_unlowerable(texts, work)
        for t in bad:
            m = re.search(r"@p(\d+)_v(\d+)\(", t)
            s, k = int(m.group(1)), int(m.group(2))
            res.failures.append(Failure(s, vnames[k], "lowering" if k else "orig-failure",
                                        "the function does not lower to LLVM"))
            fn[s][k] = None
        if not bad:
            raise
        texts = [t for t in texts if t not in bad]
        comb.write_text(G.module_of(texts))
        suite.lower_to_llvm_dialect(comb, llvm_mlir)
    suite._run_tool([suite.MLIR_TRANSLATE, "--mlir-to-llvmir", llvm_mlir, "-o", ll], "mlir-translate")
    cfile.write_text(c_driver(progs, fn, vnames))
    flags = [f for f in suite.CLANG_FLAGS if not f.startswith("-O")] + [clang_opt]
    suite._run_tool([suite.CLANG, *flags, "-Wno-override-module", cfile, ll, "-o", exe,
                     f"-L{suite.LLVM_LIB}", f"-Wl,-rpath,{suite.LLVM_LIB}", "-lomp", "-lm"], "clang build")
    res.builds += 1
    env = dict(os.environ, OMP_NUM_THREADS="2")
    cp = subprocess.run([str(exe)], capture_output=True, text=True, env=env,
                        timeout=RUN_TIMEOUT_S * (len(progs) * len(vnames) + 1))
    seen_runs = False
    for ln in cp.stdout.splitlines():
        parts = ln.split()
        if parts[:1] == ["RUNS"]:
            res.variant_runs += int(parts[1])
            seen_runs = True
        elif parts[:1] == ["FAIL"]:
            s, vn = int(parts[1]), parts[2]
            kind = parts[3]
            res.failures.append(Failure(s, vn, kind, " ".join(parts[3:])))
    if cp.returncode != 0 or not seen_runs:
        raise RuntimeError(f"the batch driver {exe} exited {cp.returncode}: {cp.stderr[-2000:]}")
    res.seconds = time.perf_counter() - t0
    return res


def _find_unlowerable(texts: list[str], work: Path) -> list[str]:
    bad = []
    for i, t in enumerate(texts):
        f = work / f"lowercheck_{i}.mlir"
        f.write_text(G.module_of([t]))
        try:
            suite.lower_to_llvm_dialect(f, work / f"lowercheck_{i}.out.mlir")
        except suite.SuiteError:
            bad.append(t)
    return bad


# ---------------------------------------------------------------------------
# Workers, summary
# ---------------------------------------------------------------------------

def batch_worker(seeds: list[int], variant_names: list[str], tmp: str, inject_fault: str | None,
                 clang_opt: str, keep: bool, per_program: int | None = None, opt_timeout: float = OPT_TIMEOUT_S):
    variants = [variant_by_name(n) for n in variant_names]
    work = Path(tempfile.mkdtemp(prefix=f"b{seeds[0]}-", dir=tmp))
    try:
        progs = [(s, G.generate(s)) for s in seeds]
        r = run_batch(progs, variants, work, inject_fault, clang_opt, opt_timeout, per_program)
        r.transformed = {k: sorted(v) for k, v in r.transformed.items()}
        r.ran = {k: sorted(v) for k, v in r.ran.items()}
        return r
    except Exception:  # noqa: BLE001
        r = BatchResult(programs=len(seeds))
        r.failures.append(Failure(seeds[0], "-", "driver-error", traceback.format_exc()[-1500:]))
        return r
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


STRUCTURE_RE = re.compile(r"^fusion-structure=([0-9,]+)  ", re.M)


def structure_variants(seed: int, prog, work: Path, limit: int) -> list[Variant]:
    """The program's fusion structures (seed 002's F^1, the first `limit` of each
    SCoP's, fullest fusion first) under the pluto and isl presets, as variants."""
    src = work / f"space{seed}.mlir"
    src.write_text(G.module_of([prog.func_text(f"p{seed}")]))
    res = tt.mlir_opt(src, work / f"space{seed}.out.mlir",
                      tt.func_pipeline("tessel-print-fusion-space{time-budget=0}"))
    if not res.ok:
        raise RuntimeError(f"tessel-print-fusion-space failed: {res.stderr[-500:]}")
    values: list[str] = []
    for chunk in res.stderr.split("remark: tessel: SCoP of")[1:]:
        values += STRUCTURE_RE.findall(chunk)[:limit]
    return [Variant(f"fs-{preset}-{v}", f"scheduler={preset} fusion-structure={v}")
            for v in dict.fromkeys(values) for preset in ("pluto", "isl")]


def fusion_space_worker(seeds: list[int], tmp: str, limit: int, clang_opt: str,
                        opt_timeout: float) -> BatchResult:
    """--fusion-space: each program alone, under every structure of its F^1 (up to
    `limit` per SCoP) and both presets, run and compared with the original."""
    total = BatchResult(programs=len(seeds))
    total.transformed = {p: set() for p in PRESETS}
    for seed in seeds:
        work = Path(tempfile.mkdtemp(prefix=f"fs{seed}-", dir=tmp))
        try:
            prog = G.generate(seed)
            variants = structure_variants(seed, prog, work, limit)
            if not variants:
                continue
            r = run_batch([(seed, prog)], variants, work, None, clang_opt, opt_timeout)
            total.builds += r.builds
            total.variant_runs += r.variant_runs
            total.failures += r.failures
            total.optimized_scops += r.optimized_scops
            total.fallbacks.update(r.fallbacks)
            total.tilings.update(r.tilings)
        except Exception:  # noqa: BLE001
            total.failures.append(Failure(seed, "-", "driver-error", traceback.format_exc()[-1500:]))
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return total


def summarize(total: BatchResult, wall: float, nprog: int, args, variants) -> str:
    kinds = collections.Counter(f.kind for f in total.failures)
    rows = [
        ("programs", str(total.programs)),
        ("variants per program", str(args.variants_per_program or len(variants)) + f" (of {len(variants)})"),
        ("builds (mlir-opt runs + links)", str(total.builds)),
        ("variant-runs (program x variant executed and compared)", str(total.variant_runs)),
        ("mismatches", str(kinds.get("mismatch", 0))),
        ("crashes (mlir-opt, run, panic, lowering)", str(sum(kinds.get(k, 0) for k in
                                                           ("opt-crash", "run-crash", "panic", "lowering")))),
        ("timeouts (mlir-opt over the limit, run hangs)", str(kinds.get("opt-timeout", 0) + kinds.get("run-hang", 0))),
        ("silent fallbacks", str(kinds.get("silent-fallback", 0))),
        ("other failures (driver, original)", str(kinds.get("driver-error", 0) + kinds.get("orig-failure", 0))),
        ("optimized SCoPs (remarks, all variants)", str(total.optimized_scops)),
        ("wall time (s)", f"{wall:.1f}"),
        ("CPU time, all processes (s)", f"{getattr(total, 'cpu', 0):.1f}"),
        ("load average at the end (1 min)", f"{os.getloadavg()[0]:.1f}"),
        ("programs per minute", f"{60 * total.programs / wall:.1f}" if wall > 0 else "-"),
    ]
    out = [f"# Tessel differential test: {nprog} programs from seed {args.seed}", "",
           f"Command: `scripts/difftest --programs {args.programs} --seed {args.seed} --jobs {args.jobs}"
           f" --batch {args.batch}"
           + (f" --variants-per-program {args.variants_per_program}" if args.variants_per_program else "") + "`" + (f" `--inject-fault {args.inject_fault}`" if args.inject_fault else ""),
           f"Tessel commit: {tt.git_commit()}; mlir-opt {tt.tool_version()}; "
           f"machine: {tt.machine_info().get('model')} ({os.cpu_count()} CPUs)", "",
           tt.text_table(["", "count"], [list(r) for r in rows], right=[1]), "",
           "Programs transformed (some SCoP tiled or with a parallel loop under at least one of the preset's variants), "
           "out of the programs optimized under that preset (an mlir-opt failure leaves a program out):", ""]
    trows = []
    for p in PRESETS:
        n = len(total.transformed.get(p, ()))
        m = len(total.ran.get(p, ()))
        vs = [v.name for v in variants if v.preset == p]
        if vs:
            trows.append([p, f"{n}/{m}", f"{100 * n / max(1, m):.1f}%", ", ".join(vs)])
    out += [tt.text_table(["preset", "programs", "fraction", "variants"], trows, right=[1, 2]), ""]
    out += ["Tilings run (tiling and unroll-and-jam remarks by kind, counted per SCoP and variant; each such SCoP's "
            "output compared bit for bit):", ""]
    out.append(tt.text_table(["tiling", "count"], [[k, str(c)] for k, c in sorted(total.tilings.items())],
                             right=[1]) if total.tilings else "(none)")
    out.append("")
    out += ["Fallbacks by reason (remarks, counted per SCoP and variant; each one explained by its remark):", ""]
    if total.fallbacks:
        out.append(tt.text_table(["reason", "count"], [[k.replace("|", "\\|"), str(c)] for k, c in
                                                      total.fallbacks.most_common()], right=[1]))
    else:
        out.append("(none)")
    out.append("")
    if total.failures:
        out += ["Failures:", ""]
        out.append(tt.text_table(["seed", "variant", "kind", "detail"],
                                 [[str(f.seed), f.variant, f.kind, f.detail.splitlines()[-1][:120].replace("|", "\\|")
                                   if f.detail else ""] for f in total.failures[:200]]))
        out.append("")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description="Random-program differential tester for tessel-optimize.")
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="first seed; programs use seeds seed..seed+programs-1")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    ap.add_argument("--batch", type=int, default=20, help="programs per module/build")
    ap.add_argument("--variants", default=None, help="comma-separated subset of the variants")
    ap.add_argument("--list-variants", action="store_true")
    ap.add_argument("--results", default=str(tt.REPO_ROOT / "difftest-results"),
                    help="where reduced reproducers go")
    ap.add_argument("--summary", default=None, help="also write the summary to this markdown file")
    ap.add_argument("--page", action="store_true",
                    help="also write the summary to docs/difftest.md, the random testing's one "
                         "page (overwritten; earlier results are in git history)")
    ap.add_argument("--inject-fault", default=None, metavar="VARIANT",
                    help="self-test: corrupt VARIANT's output (first add -> sub) to show the tester catches and reduces it")
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--max-reduce", type=int, default=3, help="reduce at most this many failures")
    ap.add_argument("--clang-opt", default="-O1", help="optimization level of the batch build")
    ap.add_argument("--keep", action="store_true", help="keep the batch work folders")
    ap.add_argument("--variants-per-program", type=int, default=None, metavar="K",
                    help="run each program under K of the variants, in rotation over the seeds (CI)")
    ap.add_argument("--opt-timeout", type=float, default=OPT_TIMEOUT_S,
                    help="mlir-opt wall-clock limit per function, seconds (a batch gets this times its size)")
    ap.add_argument("--replay", default=None, metavar="REPRO.json",
                    help="run one saved (reduced) program instead of generated ones")
    ap.add_argument("--ci", action="store_true", help="print the 'N passed, M failed' line (programs)")
    ap.add_argument("--fusion-space", type=int, default=0, metavar="K",
                    help="instead of the variants: each program under every fusion structure "
                         "of its F^1 (seed 002; at most K per SCoP), pluto and isl presets")
    args = ap.parse_args(argv)
    if args.list_variants:
        for v in VARIANTS:
            after = f", {v.after}" if v.after else ""
            print(f"{v.name:26s} tessel-optimize{{{v.options}}}{after}")
        return 0
    tt.require_plugin()
    variants = [variant_by_name(n) for n in args.variants.split(",")] if args.variants else list(VARIANTS)
    if args.replay:
        import reduce as R
        prog = R.load_program(Path(args.replay))
        work = Path(tempfile.mkdtemp(prefix="tessel-replay-"))
        r = run_batch([(prog.seed, prog)], variants, work, args.inject_fault, args.clang_opt)
        for f in r.failures:
            print(f"FAIL seed {f.seed} variant {f.variant}: {f.kind}: {f.detail.strip()[-300:]}")
        print(f"{r.variant_runs} variant-runs, {len(r.failures)} failures (work folder {work})")
        return 1 if r.failures else 0
    seeds = list(range(args.seed, args.seed + args.programs))
    batches = [seeds[i:i + args.batch] for i in range(0, len(seeds), args.batch)]
    if args.fusion_space:
        return fusion_space_main(seeds, batches, args)
    tmp = tempfile.mkdtemp(prefix="tessel-difftest-")
    t0 = time.perf_counter()
    total = BatchResult()
    total.transformed = {p: set() for p in PRESETS}
    done = 0
    with cf.ProcessPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(batch_worker, b, [v.name for v in variants], tmp, args.inject_fault,
                          args.clang_opt, args.keep, args.variants_per_program, args.opt_timeout)
                for b in batches]
        for fut in cf.as_completed(futs):
            r = fut.result()
            total.programs += r.programs
            total.builds += r.builds
            total.variant_runs += r.variant_runs
            total.failures += r.failures
            total.fallbacks.update(r.fallbacks)
            total.tilings.update(r.tilings)
            total.optimized_scops += r.optimized_scops
            for k, v in r.transformed.items():
                total.transformed[k].update(v)
            for k, v in r.ran.items():
                total.ran.setdefault(k, set()).update(v)
            done += r.programs
            print(f"[{time.perf_counter() - t0:7.1f} s] {done}/{len(seeds)} programs, "
                  f"{len(total.failures)} failures", flush=True)
    wall = time.perf_counter() - t0
    import resource
    ru = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    total.cpu = sum(r.ru_utime + r.ru_stime for r in ru)
    total.failures.sort(key=lambda f: (f.seed, f.variant))
    for f in total.failures:
        print(f"FAIL seed {f.seed} variant {f.variant}: {f.kind}: {f.detail.strip()[-300:]}")
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    text = summarize(total, wall, len(seeds), args, variants)
    print()
    print(text)
    if not args.no_reduce and total.failures:
        import reduce as R
        seen = set()
        n = 0
        for f in total.failures:
            key = (f.kind, f.variant)
            if key in seen or f.kind in ("driver-error",) or n >= args.max_reduce:
                continue
            seen.add(key)
            n += 1
            print(f"\nreducing seed {f.seed} variant {f.variant} ({f.kind}) ...", flush=True)
            d = R.reduce_and_save(G.generate(f.seed), f.seed, variant_by_name(f.variant), f.kind,
                                  Path(args.results), args.inject_fault, args.clang_opt)
            print(f"  saved {d}", flush=True)
    if args.summary:
        Path(args.summary).write_text(text + "\n")
        print(f"summary written to {args.summary}")
    if args.page:
        title, _, body = text.partition("\n")
        page = tt.write_page("difftest.md", title.lstrip("# "), body,
                             ["how to read it, the generator and the variants: docs/testing.md"],
                             command="scripts/difftest " + " ".join(sys.argv[1:]))
        print(f"summary written to {page}")
    bad = {f.seed for f in total.failures}
    if args.ci:
        print(f"{len(seeds) - len(bad)} passed, {len(bad)} failed")
    return 1 if total.failures else 0


def fusion_space_main(seeds: list[int], batches: list[list[int]], args) -> int:
    """--fusion-space: every structure of each program's F^1 verified and run
    bit-exact; failures are printed (no reduction: the variants are the program's)."""
    tmp = tempfile.mkdtemp(prefix="tessel-difftest-fs-")
    t0 = time.perf_counter()
    total = BatchResult()
    done = 0
    with cf.ProcessPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(fusion_space_worker, b, tmp, args.fusion_space, args.clang_opt,
                          args.opt_timeout) for b in batches]
        for fut in cf.as_completed(futs):
            r = fut.result()
            total.programs += r.programs
            total.builds += r.builds
            total.variant_runs += r.variant_runs
            total.failures += r.failures
            done += r.programs
            print(f"[{time.perf_counter() - t0:7.1f} s] {done}/{len(seeds)} programs, "
                  f"{total.variant_runs} structure runs, {len(total.failures)} failures", flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    for f in sorted(total.failures, key=lambda f: (f.seed, f.variant)):
        print(f"FAIL seed {f.seed} variant {f.variant}: {f.kind}: {f.detail.strip()[-300:]}")
    print(f"fusion structures: {len(seeds)} programs, {total.variant_runs} program x structure x "
          f"preset runs compared with the original, {len(total.failures)} failures, "
          f"{time.perf_counter() - t0:.0f} s")
    bad = {f.seed for f in total.failures}
    if args.ci:
        print(f"{len(seeds) - len(bad)} passed, {len(bad)} failed")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
