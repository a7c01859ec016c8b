#!/usr/bin/env python3
"""Mutation fuzzer for Tessel (issue 8, item 5: hostile and unusual IR).

Takes valid inputs (the suite kernels, the lit-test inputs of lit-tests/extract and
programs from scripts/fuzz/generate.py), applies seeded random mutations that keep
the IR valid but make it unusual, checks every mutant with plain `mlir-opt` first
(invalid mutants are discarded and counted), then runs `tessel-optimize` under a few
option sets and checks:
  - no crash (non-zero exit, signal, or an `error:` diagnostic on valid input);
  - no hang (wall-clock limit) and no slow call (over --slow seconds);
  - the output re-parses and verifies with plain `mlir-opt --verify-each`;
  - for a sample, the output lowers with the suite's lowering pipeline whenever the
    input does;
  - the default (multi-threaded) run and a `--mlir-disable-threading` run print the
    same output (for a sample, and for every many-function mutant).
Findings (mutant + command line + stderr) go to the results folder.

Python 3.11, standard library only. Reuses scripts/tessel_tools.py (mlir-opt paths,
plugin, remark parsing) and scripts/suite.py (lowering pipeline); imports
scripts/fuzz/generate.py read-only for inputs. See docs/mutation-fuzzer.md.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

FUZZ_DIR = Path(__file__).resolve().parent
SCRIPTS_DIR = FUZZ_DIR.parent
sys.path.insert(0, str(SCRIPTS_DIR))
sys.path.insert(0, str(FUZZ_DIR))

import tessel_tools as tt  # noqa: E402

OPTION_SETS = ("", "scheduler=pluto tile-sizes=3", "scheduler=identity parallel=false")
ALLOW = "--allow-unregistered-dialect"

I64_MAX = 2**63 - 1
HUGE = (2**62, -(2**63) + 1, 2**63 - 1, 2**62 + 7, -(2**62))

# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------


def _plain(args, inp: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([str(tt.MLIR_OPT), ALLOW, *args], input=inp, capture_output=True,
                          text=True, timeout=timeout)


def normalize(text: str) -> str | None:
    """Print through plain mlir-opt with affine maps inline (one uniform text form)."""
    try:
        cp = _plain(["--mlir-print-local-scope", "-"], text)
    except subprocess.TimeoutExpired:
        return None
    return cp.stdout if cp.returncode == 0 else None


def load_inputs(kinds: list[str], n_generated: int, seed: int) -> list[tuple[str, str]]:
    raw: list[tuple[str, str]] = []
    if "kernels" in kinds:
        for k in tt.SUITE_KERNELS:
            p = tt.KERNELS_DIR / f"{k}.mlir"
            if p.is_file():
                raw.append((f"kernels/{k}", p.read_text()))
    if "lit" in kinds:
        for p in sorted((tt.REPO_ROOT / "lit-tests" / "extract").glob("*.mlir")):
            for j, chunk in enumerate(p.read_text().split("// -----")):
                raw.append((f"lit/{p.stem}#{j}", chunk))
    if "generated" in kinds:
        import generate  # read-only use of the generator
        for s in range(n_generated):
            gs = seed * 100000 + s
            try:
                raw.append((f"generated/{gs}", generate.generate(gs).module_text(f"gen{gs}")))
            except Exception as e:  # noqa: BLE001 - the generator is not ours; skip and say so
                print(f"mutate: generate.py failed on seed {gs} ({type(e).__name__}: {e}); skipped",
                      file=sys.stderr)
    out = []
    for name, text in raw:
        t = normalize(text)
        if t and "func.func" in t:
            out.append((name, t))
    return out


# ---------------------------------------------------------------------------
# Text helpers over the normalized form (2-space module indent, 4-space body)
# ---------------------------------------------------------------------------

FUNC_RE = re.compile(r"^  func\.func (?:(?:private|public|nested) )?@([\w$.-]+)\((.*)\)(?: -> .*)? \{$")
SSA_RE = re.compile(r"%([A-Za-z_][\w$.]*|\d+)(#\d+)?")


@dataclass
class Func:
    name: str
    start: int  # index of the func.func line
    end: int    # index of the closing "  }" line
    args: list[tuple[str, str]]


def split_args(sig: str) -> list[tuple[str, str]]:
    out, depth, cur = [], 0, ""
    for ch in sig:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    res = []
    for a in out:
        a = a.strip()
        m = re.match(r"%(\w+): ([^{]*)", a)
        if m:
            res.append((m.group(1), m.group(2).strip()))
    return res


def functions(lines: list[str]) -> list[Func]:
    out = []
    for i, ln in enumerate(lines):
        m = FUNC_RE.match(ln)
        if not m:
            continue
        for j in range(i + 1, len(lines)):
            if lines[j] == "  }":
                out.append(Func(m.group(1), i, j, split_args(m.group(2))))
                break
    return out


def body_has_single_block(lines, f: Func) -> bool:
    return not any(re.match(r"^  \^bb", lines[k]) for k in range(f.start + 1, f.end))


def rename(lines: list[str], keep: set[str], tag: str) -> list[str]:
    def sub(m):
        return m.group(0) if m.group(1) in keep else f"%{tag}_{m.group(1)}{m.group(2) or ''}"
    return [SSA_RE.sub(sub, ln) for ln in lines]


def def_lines(lines, lo, hi, typ_re=r"f64|f32|i32|i64|index"):
    """(index, ssa name, type) of single-result arith/affine.load defs in [lo, hi)."""
    out = []
    for k in range(lo, hi):
        m = re.match(r"^(\s+)%([\w]+) = (arith\.\w+|affine\.load|memref\.load) .* : (?:.* to )?(" + typ_re + r")$",
                     lines[k])
        if m:
            out.append((k, m.group(2), m.group(4), m.group(1)))
    return out


# ---------------------------------------------------------------------------
# Mutators: (rng, lines) -> (new lines, tag) or None when not applicable.
# They work on one function (or the module) and may produce invalid IR; the
# plain-mlir-opt check discards such mutants.
# ---------------------------------------------------------------------------

COMMUTATIVE = ("addf", "mulf", "addi", "muli", "andi", "ori", "xori", "maximumf", "minimumf",
               "maxsi", "minsi", "maxnumf", "minnumf")
NONCOMM = ("subf", "divf", "subi", "divsi", "remsi", "remf", "floordivsi", "ceildivsi", "shli")
FLIP = {"olt": "ogt", "ogt": "olt", "ole": "oge", "oge": "ole", "slt": "sgt", "sgt": "slt",
        "sle": "sge", "sge": "sle", "ult": "ugt", "ugt": "ult", "oeq": "oeq", "eq": "eq",
        "ne": "ne", "une": "une", "one": "one"}


def m_swap_operands(rng, lines):
    cands = []
    for k, ln in enumerate(lines):
        m = re.match(r"^(\s+%\w+ = arith\.(\w+) )(%[\w#]+), (%[\w#]+)( .*)$", ln)
        if m and m.group(2) in COMMUTATIVE + NONCOMM:
            cands.append((k, m, None))
        m2 = re.match(r"^(\s+%\w+ = arith\.cmp[fi] )(\w+), (%[\w#]+), (%[\w#]+)( .*)$", ln)
        if m2:
            cands.append((k, m2, "cmp"))
    if not cands:
        return None
    k, m, kind = rng.choice(cands)
    lines = list(lines)
    if kind == "cmp":
        pred = m.group(2)
        newp = FLIP.get(pred, pred) if rng.random() < 0.5 else pred
        lines[k] = f"{m.group(1)}{newp}, {m.group(4)}, {m.group(3)}{m.group(5)}"
        return lines, "swap-cmp" + ("-flipped" if newp != pred or pred in ("eq", "ne", "oeq") else "")
    lines[k] = f"{m.group(1)}{m.group(4)}, {m.group(3)}{m.group(5)}"
    return lines, "swap-" + ("comm" if m.group(2) in COMMUTATIVE else "noncomm")


FOR_RE = re.compile(r"^(\s+)(%[\w:#]+ = )?affine\.for (%\w+) = (.+?) to (.+?)( step \d+)?( iter_args\(.*\) -> \(.*\))? \{$")


def _fors(lines):
    return [(k, FOR_RE.match(ln)) for k, ln in enumerate(lines) if FOR_RE.match(ln)]


def _set_for(m, lb=None, ub=None, step=None):
    g = m.groups()
    lb = g[3] if lb is None else lb
    ub = g[4] if ub is None else ub
    st = (g[5] or "") if step is None else (f" step {step}" if step else "")
    return f"{g[0]}{g[1] or ''}affine.for {g[2]} = {lb} to {ub}{st}{g[6] or ''} {{"


def _bound_operand(b: str) -> str | None:
    b = b.strip()
    return b if re.fullmatch(r"%[\w]+", b) else None


def m_odd_bound_map(rng, lines):
    fs = _fors(lines)
    if not fs:
        return None
    k, m = rng.choice(fs)
    lb, ub = m.group(4), m.group(5)
    lines = list(lines)
    choice = rng.randrange(6)
    ubo, lbo = _bound_operand(ub), _bound_operand(lb)
    if choice == 0 and ubo:   # redundant dims and an unused symbol
        new_ub = f"affine_map<(d0, d1)[s0] -> (d0 floordiv 1 + (d1 * 3) mod 3)>({ubo}, {ubo})[{ubo}]"
        lines[k] = _set_for(m, ub=new_ub)
    elif choice == 1 and ubo:  # multi-result min with duplicates
        new_ub = f"min affine_map<(d0)[s0] -> (d0, d0 + 1000, d0, (d0 * 2) floordiv 2)>({ubo})[{ubo}]"
        lines[k] = _set_for(m, ub=new_ub)
    elif choice == 2 and re.fullmatch(r"-?\d+", lb.strip()):  # multi-result max lower bound
        c = int(lb)
        new_lb = f"max affine_map<()[s0] -> ({c}, {c} - 5, {c} mod 1, ({c} * 3) mod 3 + {c})>()[%{'arg0' if False else ''}]"
        new_lb = f"max affine_map<() -> ({c}, {c - 5}, ({c} * 3) mod 3 + {c})>()"
        lines[k] = _set_for(m, lb=new_lb)
    elif choice == 3:  # constant maps for both bounds
        a = rng.choice([0, 1, 2])
        lines[k] = _set_for(m, lb=f"affine_map<() -> ({a})>()", ub=f"affine_map<() -> ({a + rng.choice([1, 2, 7])})>()")
    elif choice == 4 and lbo:
        lines[k] = _set_for(m, lb=f"affine_map<(d0, d1) -> (d0 - d1 + d1)>({lbo}, {lbo})")
    else:
        # subscripts: i -> i floordiv 1 / i + (i * 3) mod 3 in one affine.load/store
        idx = [j for j, ln in enumerate(lines) if re.search(r"affine\.(load|store) .*\[[^\]]*%\w+", ln)]
        if not idx:
            return None
        j = rng.choice(idx)
        mm = re.search(r"\[([^\]]*)\]", lines[j])
        subs = [s.strip() for s in mm.group(1).split(",")]
        ivs = [t for t, s in enumerate(subs) if re.fullmatch(r"%\w+", s)]
        if not ivs:
            return None
        t = rng.choice(ivs)
        v = subs[t]
        subs[t] = rng.choice([f"{v} floordiv 1", f"{v} + ({v} * 3) mod 3", f"({v} * 4) floordiv 4",
                              f"{v} + {v} - {v}", f"{v} mod {2**62}"])
        lines[j] = lines[j][:mm.start(1)] + ", ".join(subs) + lines[j][mm.end(1):]
        return lines, "odd-subscript"
    if lines[k] == m.group(0):
        return None
    return lines, f"odd-bound-{choice}"


def m_trip(rng, lines):
    fs = [(k, m) for k, m in _fors(lines) if not m.group(7)]
    if not fs:
        fs = _fors(lines)
    if not fs:
        return None
    k, m = rng.choice(fs)
    lines = list(lines)
    c = rng.randrange(5)
    if c == 0:
        lines[k] = _set_for(m, lb="5", ub="5")
        tag = "zero-trip"
    elif c == 1:
        lines[k] = _set_for(m, lb="3", ub="4")
        tag = "single-trip"
    elif c == 2:
        lines[k] = _set_for(m, step=rng.choice([64, 1000, 2**31]))
        tag = "big-step"
    elif c == 3:  # reversed bounds: zero trips
        lb, ub = m.group(4), m.group(5)
        if _bound_operand(ub) and re.fullmatch(r"-?\d+", lb.strip()):
            lines[k] = _set_for(m, lb=ub, ub=lb)
        else:
            lines[k] = _set_for(m, lb="10", ub="2")
        tag = "reversed-bounds"
    else:
        lines[k] = _set_for(m, lb="7", ub="8", step=5)
        tag = "single-trip-step"
    return lines, tag


def m_huge(rng, lines):
    c = rng.randrange(4)
    h = rng.choice(HUGE)
    lines = list(lines)
    if c == 0:
        fs = _fors(lines)
        if not fs:
            return None
        k, m = rng.choice(fs)
        w = rng.randrange(3)
        if w == 0:
            lines[k] = _set_for(m, ub=str(min(h, I64_MAX) if h > 0 else 2**62))
        elif w == 1:
            lines[k] = _set_for(m, lb=str(h), ub=str(h + 1) if h < I64_MAX else str(h))
        else:
            lines[k] = _set_for(m, step=rng.choice([2**62, I64_MAX]))
        return lines, f"huge-bound-{w}"
    if c == 1:
        idx = [j for j, ln in enumerate(lines) if re.search(r"affine\.(load|store) .*\[[^\]]*%\w+", ln)]
        if not idx:
            return None
        j = rng.choice(idx)
        mm = re.search(r"\[([^\]]*)\]", lines[j])
        subs = [s.strip() for s in mm.group(1).split(",")]
        t = rng.randrange(len(subs))
        subs[t] = f"{subs[t]} + {h}" if h > 0 else f"{subs[t]} - {-h}"
        lines[j] = lines[j][:mm.start(1)] + ", ".join(subs) + lines[j][mm.end(1):]
        return lines, "huge-subscript"
    if c == 2:
        idx = [j for j, ln in enumerate(lines) if re.search(r"arith\.constant -?\d+ : (i64|index)$", ln)]
        if not idx:
            return None
        j = rng.choice(idx)
        lines[j] = re.sub(r"constant -?\d+ :", f"constant {h} :", lines[j])
        return lines, "huge-arith-const"
    # a new loop with huge bounds that touches nothing
    fs = functions(lines)
    if not fs:
        return None
    f = rng.choice(fs)
    ins = [f"    affine.for %hugeiv = {h if h < 0 else 0} to {I64_MAX} step {2**62} {{",
           f"      \"test.touch\"(%hugeiv) : (index) -> ()" if rng.random() < 0.3 else "      %hugeu = arith.addi %hugeiv, %hugeiv : index",
           "    }"]
    return lines[:f.start + 1] + ins + lines[f.start + 1:], "huge-loop"


def m_negative_step(rng, lines):
    """Nests that canonicalize/lower into count-down loops: an scf.for with a negative
    constant step (written as a count-up loop over a reversed index) or affine loops
    with reversed bounds; the mutant is run through -canonicalize first."""
    fs = functions(lines)
    cands = []
    for f in fs:
        for name, typ in f.args:
            mm = re.fullmatch(r"memref<(?:(\d+|\?)x)+(f64|f32|i32|i64)>", typ)
            if mm:
                cands.append((f, name, typ))
    if not cands:
        return None
    f, name, typ = rng.choice(cands)
    elem = re.search(r"(f64|f32|i32|i64)>$", typ).group(1)
    rank = typ.count("x")
    zero = "0.000000e+00" if elem.startswith("f") else "0"
    idx = ", ".join(["%nsi"] * rank)
    if rng.random() < 0.5:
        # the step is 0 - 1: -canonicalize folds it into a constant -1 step; with
        # 9 to 0 the loop has no trip (and folds away), with 0 to 4 it stays
        lo, hi = rng.choice([("%nsc9", "%nsc0"), ("%nsc0", "%nsc4")])
        ins = ["    %nsc0 = arith.constant 0 : index", "    %nsc1 = arith.constant 1 : index",
               "    %nsc4 = arith.constant 4 : index", "    %nsc9 = arith.constant 9 : index",
               "    %nsneg = arith.subi %nsc0, %nsc1 : index",
               f"    %nsz = arith.constant {zero} : {elem}",
               f"    scf.for %nsi = {lo} to {hi} step %nsneg {{",
               "      affine.for %nsk = 0 to 4 {",
               f"        affine.store %nsz, %{name}[{', '.join(['%nsk'] * rank)}] : {typ}",
               "      }",
               "    }"]
        tag = "countdown-scf"
    else:
        ins = [f"    %nsz = arith.constant {zero} : {elem}",
               "    affine.for %nsi = 0 to 4 {",
               f"      affine.store %nsz, %{name}[{', '.join(['-%nsi + 3'] * rank)}] : {typ}",
               "    }"]
        tag = "countdown-affine"
    # require the array to have at least 4 elements per dim only when static
    dims = re.findall(r"(\d+|\?)x", typ)
    if any(d != "?" and int(d) < 4 for d in dims):
        return None
    if lines[f.end - 1].strip() != "return":
        return None
    return lines[:f.end - 1] + ins + lines[f.end - 1:], tag


def m_empty_funcs(rng, lines):
    c = rng.randrange(3)
    end = max(i for i, ln in enumerate(lines) if ln == "}")
    if c == 0:
        new = ["  func.func @mut_empty() {", "    return", "  }",
               "  func.func private @mut_decl(memref<?xf64>)",
               "  func.func @mut_args_only(%a: memref<?xf64>, %n: index) -> index {", "    return %n : index", "  }"]
        return lines[:end] + new + lines[end:], "empty-funcs"
    fs = [f for f in functions(lines) if body_has_single_block(lines, f)]
    if not fs:
        return None
    f = rng.choice(fs)
    # keep only the return (and anything it needs: only when it returns nothing)
    if lines[f.end - 1].strip() != "return":
        return None
    if c == 1:
        return lines[:f.start + 1] + ["    return"] + lines[f.end:], "body-emptied"
    return lines[:f.start + 1] + ["    cf.br ^bb1", "  ^bb1:  // pred: ^bb0", "    return"] + lines[f.end:], "body-branch-only"


def m_unreachable(rng, lines):
    """Move a function's body behind a cf.br, add a dead block holding a renamed copy
    of the body (so its nests appear in an unreachable block)."""
    fs = [f for f in functions(lines) if body_has_single_block(lines, f)
          and lines[f.end - 1].strip() == "return"]
    if not fs:
        return None
    f = rng.choice(fs)
    body = lines[f.start + 1:f.end - 1]
    keep = {a for a, _ in f.args}
    dead = rename(body, keep, "dead")
    c = rng.randrange(2)
    if c == 0:
        new = ["    cf.br ^bb2", "  ^bb1:  // no predecessors", *dead, "    cf.br ^bb2",
               "  ^bb2:  // 2 preds: ^bb0, ^bb1", *body, "    return"]
        tag = "dead-block-copy"
    else:
        # body split over two reachable blocks plus a dead self-loop block
        new = [*body, "    cf.br ^bb1", "  ^bb1:  // pred: ^bb0", *dead, "    return",
               "  ^bb2:  // pred: ^bb2", "    cf.br ^bb2"]
        tag = "multi-block"
    return lines[:f.start + 1] + new + lines[f.end:], tag


def m_many_scops(rng, lines, copies=None):
    fs = [f for f in functions(lines) if body_has_single_block(lines, f)
          and lines[f.end - 1].strip() == "return" and "affine.for" in "".join(lines[f.start:f.end])]
    if not fs:
        return None
    f = rng.choice(fs)
    body = lines[f.start + 1:f.end - 1]
    keep = {a for a, _ in f.args}
    n = copies or rng.choice([100, 200, 300])
    # scale down big bodies so that the file stays reasonable
    n = max(20, min(n, 3000 // max(1, len(body))))
    sep_every = rng.choice([1, 1, 7])  # 1: each copy its own SCoP(s)
    new = []
    for r in range(n):
        new += rename(body, keep, f"r{r}")
        if r % sep_every == sep_every - 1:
            new.append(f"    \"foo.sep\"() : () -> ()")
    return lines[:f.start + 1] + new + lines[f.end - 1:], f"many-scops-{n}"


def m_many_funcs(rng, lines):
    """Replicate every function with a new name (a module with many functions, for
    multi-threaded mlir-opt)."""
    fs = functions(lines)
    if not fs:
        return None
    end = max(i for i, ln in enumerate(lines) if ln == "}")
    n = rng.choice([8, 16, 32])
    new = []
    for r in range(n):
        for f in fs:
            if "private" in lines[f.start].split("@")[0]:
                continue
            chunk = lines[f.start:f.end + 1]
            chunk[0] = chunk[0].replace(f"@{f.name}(", f"@{f.name}_t{r}(", 1)
            new += chunk
    return lines[:end] + new + lines[end:], f"many-funcs-{n}"


def m_view(rng, lines):
    fs = functions(lines)
    cands = []
    for f in fs:
        if not body_has_single_block(lines, f):
            continue
        for name, typ in f.args:
            mm = re.fullmatch(r"memref<((?:(?:\d+|\?)x){1,3})(f64|f32|i32|i64)>", typ)
            if mm and any(f"%{name}[" in lines[k] for k in range(f.start + 1, f.end)):
                cands.append((f, name, typ, mm.group(1)[:-1].split("x"), mm.group(2)))
    if not cands:
        return None
    f, name, typ, dims, elem = rng.choice(cands)
    rank = len(dims)
    v = f"%view_{name}"
    pre = ["    %vc0 = arith.constant 0 : index", "    %vc1 = arith.constant 1 : index",
           "    %vc2 = arith.constant 2 : index"]
    for d in range(rank):
        pre.append(f"    %vd{d} = memref.dim %{name}, %vc{d} : {typ}")
    c = rng.randrange(5)
    newtyp = typ
    if c == 0:
        dyn = "memref<" + "x".join("?" * rank) + f"x{elem}>"
        pre.append(f"    {v} = memref.cast %{name} : {typ} to {dyn}")
        newtyp, tag = dyn, "view-cast"
    elif c == 1:
        strides = ", ".join(["?"] * (rank - 1) + ["1"])
        newtyp = "memref<" + "x".join("?" * rank) + f"x{elem}, strided<[{strides}], offset: ?>>"
        offs = ", ".join(["%vc0"] * rank)
        sizes = ", ".join(f"%vd{d}" for d in range(rank))
        ones = ", ".join(["1"] * rank)
        pre.append(f"    {v} = memref.subview %{name}[{offs}] [{sizes}] [{ones}] : {typ} to {newtyp}")
        tag = "view-subview"
    elif c == 2:
        # identity reinterpret_cast: strides of a row-major buffer
        st = []
        for d in range(rank):
            if d == rank - 1:
                st.append("1")
            elif d == rank - 2:
                st.append(f"%vd{rank - 1}")
            else:
                pre.append(f"    %vs{d} = arith.muli %vd{d + 1}, %vd{d + 2} : index")
                st.append(f"%vs{d}")
        strides = ", ".join(["?"] * (rank - 1) + ["1"])
        newtyp = "memref<" + "x".join("?" * rank) + f"x{elem}, strided<[{strides}]>>"
        sizes = ", ".join(f"%vd{d}" for d in range(rank))
        pre.append(f"    {v} = memref.reinterpret_cast %{name} to offset: [0], sizes: [{sizes}], "
                   f"strides: [{', '.join(st)}] : {typ} to {newtyp}")
        tag = "view-reinterpret"
    elif c == 3:
        # collapse all dims, then expand back: same type as the original
        flat = "memref<" + ("?" if "?" in dims else str(eval("*".join(dims)))) + f"x{elem}>"
        grp = "[[" + ", ".join(str(d) for d in range(rank)) + "]]"
        pre.append(f"    %vflat = memref.collapse_shape %{name} {grp} : {typ} into {flat}")
        shape = ", ".join(f"%vd{d}" if dims[d] == "?" else dims[d] for d in range(rank))
        pre.append(f"    {v} = memref.expand_shape %vflat {grp} output_shape [{shape}] : {flat} into {typ}")
        tag = "view-collapse-expand"
    else:
        # expand a leading unit dim, then collapse it away again
        ex = "memref<1x" + "x".join(dims) + f"x{elem}>"
        grp = "[[0, 1]" + "".join(f", [{d + 1}]" for d in range(1, rank)) + "]"
        shape = ", ".join(["1"] + [f"%vd{d}" if dims[d] == "?" else dims[d] for d in range(rank)])
        pre.append(f"    %vexp = memref.expand_shape %{name} {grp} output_shape [{shape}] : {typ} into {ex}")
        pre.append(f"    {v} = memref.collapse_shape %vexp {grp} : {ex} into {typ}")
        tag = "view-expand-collapse"
    out = list(lines)
    for k in range(f.start + 1, f.end):
        if re.search(rf"%{name}\b(?!:)", out[k]):
            out[k] = re.sub(rf"%{name}\b", v, out[k])
            if newtyp != typ:
                out[k] = out[k].replace(f": {typ}", f": {newtyp}")
                out[k] = re.sub(rf"(\(|, ){re.escape(typ)}(?=[,)])", rf"\g<1>{newtyp}", out[k])
    return out[:f.start + 1] + pre + out[f.start + 1:], tag


def m_unknown_op(rng, lines):
    c = rng.randrange(3)
    lines = list(lines)
    if c == 0:
        defs = def_lines(lines, 0, len(lines), r"f64|f32|i32|i64")
        defs = [d for d in defs if "affine.for" not in lines[d[0]]]
        if not defs:
            return None
        k, name, typ, ind = rng.choice(defs)
        u = f"%unk{k}"
        lines.insert(k + 1, f"{ind}{u} = \"foo.bar\"(%{name}) : ({typ}) -> {typ}")
        # use it in the next line of the same block that reads %name
        for j in range(k + 2, min(len(lines), k + 12)):
            if not lines[j].startswith(ind):
                break
            if re.search(rf"%{name}\b", lines[j]):
                lines[j] = re.sub(rf"%{name}\b", u, lines[j], count=1)
                break
        return lines, "unknown-op-value"
    if c == 1:  # between nests, at function level
        fs = _fors(lines)
        top = [k for k, m in fs if m.group(1) == "    "]
        if not top:
            return None
        k = rng.choice(top)
        lines.insert(k, "    \"foo.barrier\"() {foo.attr = 1 : i64} : () -> ()")
        return lines, "unknown-op-between"
    fs = _fors(lines)
    if not fs:
        return None
    k, m = rng.choice(fs)
    iv = m.group(3)
    lines.insert(k + 1, f"{m.group(1)}  \"foo.side\"({iv}) : (index) -> ()")
    return lines, "unknown-op-inside"


MUTATORS = {
    "swap": m_swap_operands,
    "odd-map": m_odd_bound_map,
    "trip": m_trip,
    "huge": m_huge,
    "neg-step": m_negative_step,
    "empty": m_empty_funcs,
    "unreachable": m_unreachable,
    "many-scops": m_many_scops,
    "many-funcs": m_many_funcs,
    "view": m_view,
    "unknown": m_unknown_op,
}
# relative weights (the expensive ones rarely)
WEIGHTS = {"swap": 10, "odd-map": 10, "trip": 10, "huge": 8, "neg-step": 5, "empty": 4,
           "unreachable": 5, "many-scops": 1, "many-funcs": 1, "view": 8, "unknown": 8}


@dataclass
class Mutant:
    index: int
    input_name: str
    tags: list[str]
    text: str
    canonicalize: bool


def make_mutant(seed: int, index: int, inputs, only=None) -> Mutant | None:
    rng = random.Random(seed * 1_000_003 + index)
    name, text = inputs[rng.randrange(len(inputs))]
    lines = text.rstrip("\n").split("\n")
    names = [x for x in WEIGHTS if not only or x in only]
    tags = []
    n = rng.choice([1, 1, 2, 3])
    for _ in range(n * 4):
        if len(tags) >= n:
            break
        mname = rng.choices(names, [WEIGHTS[x] for x in names])[0]
        if mname in ("many-scops", "many-funcs") and any(t.startswith("many") for t in tags):
            continue
        r = MUTATORS[mname](rng, lines)
        if r is None:
            continue
        lines, tag = r
        tags.append(tag)
    if not tags:
        return None
    canon = any(t.startswith("countdown") or t.startswith("reversed") for t in tags) or rng.random() < 0.15
    return Mutant(index, name, tags, "\n".join(lines) + "\n", canon)


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

@dataclass
class Outcome:
    index: int
    input_name: str
    tags: list[str]
    valid: bool = True
    runs: int = 0
    findings: list[dict] = field(default_factory=list)
    remarks: Counter = field(default_factory=Counter)
    lowered: int = 0
    thread_checks: int = 0


_REMARK_RE = re.compile(r"remark: tessel: (.*)$")


def remark_kind(msg: str) -> str:
    if msg.startswith("optimized"):
        return "optimized"
    m = re.match(r"(kept the original code of this SCoP|skipped[^:]*): ?(.*)", msg)
    if m:
        head = "kept" if m.group(1).startswith("kept") else "skipped"
        reason = m.group(2) if head == "kept" else (m.group(1) + ": " + m.group(2))
        reason = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "<x>", reason)
        reason = re.sub(r"-?\d+(\.\d+)?", "N", reason)
        return f"{head}: {reason[:90]}"
    return "other: " + re.sub(r"-?\d+(\.\d+)?", "N", msg)[:60]


def run_cmd(cmd, timeout, cpu_limit=None):
    """Run cmd; returns (rc, stdout, stderr, wall s, cpu s of the child, timed out).
    The CPU time (user + sys of the child, all its threads) is what the hang and slow
    checks use, because the machine is shared and wall time says little. With
    cpu_limit, RLIMIT_CPU stops the child (SIGXCPU) when it has used that much."""
    def limit():
        if cpu_limit:
            lim = int(cpu_limit)
            resource.setrlimit(resource.RLIMIT_CPU, (lim, lim + 10))
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=dict(os.environ, TERM="dumb"), preexec_fn=limit)
    bufs = {"out": b"", "err": b""}

    def reader(stream, key):
        bufs[key] = stream.read()
    ts = [threading.Thread(target=reader, args=(p.stdout, "out")),
          threading.Thread(target=reader, args=(p.stderr, "err"))]
    for t in ts:
        t.start()
    timed_out = False
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - t0 > timeout:
            p.kill()
            timed_out = True
            pid, status, ru = os.wait4(p.pid, 0)
            break
        time.sleep(0.02)
    p.returncode = os.waitstatus_to_exitcode(status)
    for t in ts:
        t.join()
    cpu = ru.ru_utime + ru.ru_stime
    return (None if timed_out else p.returncode, bufs["out"].decode(errors="replace"),
            bufs["err"].decode(errors="replace"), time.perf_counter() - t0, cpu, timed_out)


def tessel_cmd(src: Path, out: Path, opts: str, threads: bool = True) -> list[str]:
    cmd = [str(tt.MLIR_OPT), f"--load-pass-plugin={tt.PLUGIN}", ALLOW]
    if not threads:
        cmd.append("--mlir-disable-threading")
    return cmd + [str(src), f"--pass-pipeline={tt.func_pipeline(tt.tessel_pass(opts))}", "-o", str(out)]


def check_mutant(mu: Mutant, work: Path, args, lowering: str) -> Outcome:
    oc = Outcome(mu.index, mu.input_name, mu.tags)
    src = work / "mutant.mlir"
    src.write_text(mu.text)
    rc, _, err, _, _, to = run_cmd([str(tt.MLIR_OPT), ALLOW, "--verify-each", str(src), "-o", "/dev/null"], 60)
    if rc != 0 or to:
        oc.valid = False
        return oc
    if mu.canonicalize:
        canon = work / "mutant.canon.mlir"
        rc, _, err, _, _, to = run_cmd([str(tt.MLIR_OPT), ALLOW, "--canonicalize", "--mlir-print-local-scope",
                                     str(src), "-o", str(canon)], 60)
        if rc != 0 or to:
            oc.valid = False
            return oc
        src.write_text(canon.read_text())
    rng = random.Random(args.seed * 7_000_001 + mu.index)
    many_funcs = any(t.startswith("many-funcs") for t in mu.tags)
    # a module with N copies of every function may take N times the CPU time
    copies = max([int(t.rsplit("-", 1)[1]) + 1 for t in mu.tags if t.startswith("many-funcs")] or [1])
    for oi, opts in enumerate(OPTION_SETS):
        out = work / f"out{oi}.mlir"
        cmd = tessel_cmd(src, out, opts)
        rc, _, err, wall, cpu, to = run_cmd(cmd, args.wall_timeout * copies, args.timeout * copies)
        oc.runs += 1
        for ln in err.splitlines():
            m = _REMARK_RE.search(ln)
            if m:
                oc.remarks[remark_kind(m.group(1))] += 1
        kind = None
        if to or rc == -signal.SIGXCPU or cpu >= args.timeout * copies:
            kind = "hang"
        elif rc is not None and rc < 0:
            kind = f"crash-signal-{-rc}"
        elif rc != 0:
            kind = ("error-diagnostic" if any(d.kind == "error" for d in tt.parse_diagnostics(err))
                    else "crash-exit")
        elif any(d.kind == "error" for d in tt.parse_diagnostics(err)):
            kind = "error-diagnostic"
        elif cpu > args.slow * copies:
            kind = "slow"
        if kind is None:
            rc2, _, err2, _, _, to2 = run_cmd([str(tt.MLIR_OPT), ALLOW, "--verify-each", str(out), "-o", "/dev/null"], 60)
            if rc2 != 0 or to2:
                kind, err = "invalid-output", err + "\n--- re-parse ---\n" + err2
        if kind is None and oi == 0 and rng.random() < args.lower_sample:
            rc_in, *_ = run_cmd([str(tt.MLIR_OPT), ALLOW, str(src), f"--pass-pipeline={lowering}", "-o", "/dev/null"], 120)
            if rc_in == 0:
                rc3, _, err3, _, _, _ = run_cmd([str(tt.MLIR_OPT), ALLOW, str(out), f"--pass-pipeline={lowering}", "-o", "/dev/null"], 120)
                oc.lowered += 1
                if rc3 != 0:
                    kind, err = "lowering-fails", err + "\n--- lowering ---\n" + err3
        if kind is None and oi == 0 and (many_funcs or rng.random() < args.thread_sample):
            out1 = work / "out0.nothreads.mlir"
            cmd1 = tessel_cmd(src, out1, opts, threads=False)
            rc4, _, err4, wall4, cpu4, to4 = run_cmd(cmd1, args.wall_timeout * copies, args.timeout * copies)
            oc.runs += 1
            oc.thread_checks += 1
            if to4 or rc4 == -signal.SIGXCPU or cpu4 >= args.timeout * copies:
                kind, cmd, err, cpu, wall = "hang", cmd1, err4, cpu4, wall4
            elif rc4 != 0:
                kind, cmd, err = "single-thread-failure", cmd1, err4
            elif out1.read_text() != out.read_text():
                kind, err = "thread-nondeterminism", err + "\n(outputs with and without --mlir-disable-threading differ)"
        if kind:
            oc.findings.append({"kind": kind, "opts": opts, "cmd": cmd, "stderr": err[-20000:],
                                "wall_s": round(wall, 2), "cpu_s": round(cpu, 2)})
    return oc


def save_finding(outdir: Path, mu: Mutant, oc: Outcome, src_text: str) -> list[str]:
    saved = []
    for j, f in enumerate(oc.findings):
        d = outdir / "findings" / f"{f['kind']}-m{mu.index}-{j}"
        d.mkdir(parents=True, exist_ok=True)
        (d / "mutant.mlir").write_text(src_text)
        cmd = [c if not c.endswith("mutant.mlir") else "mutant.mlir" for c in f["cmd"]]
        cmd = [c if not re.search(r"/out[\w.]*\.mlir$", c) else "/dev/null" for c in cmd]
        (d / "cmd.sh").write_text("#!/bin/sh\ncd \"$(dirname \"$0\")\"\n" + " ".join(tt._shell_quote(c) for c in cmd) + "\n")
        (d / "stderr.txt").write_text(f["stderr"])
        (d / "info.json").write_text(json.dumps({"mutant": mu.index, "input": mu.input_name, "tags": mu.tags,
                                                 "canonicalized": mu.canonicalize, "kind": f["kind"],
                                                 "options": f["opts"], "wall_s": f["wall_s"],
                                                 "cpu_s": f["cpu_s"]}, indent=1))
        saved.append(str(d))
    return saved


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description="Mutation fuzzer for tessel-optimize (hostile and unusual IR).")
    ap.add_argument("--inputs", default="kernels,lit,generated",
                    help="comma-separated: kernels, lit, generated")
    ap.add_argument("--generated", type=int, default=20, help="programs to take from generate.py")
    ap.add_argument("--mutants", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60,
                    help="CPU-time limit per tessel-optimize call (RLIMIT_CPU): reaching it is a hang")
    ap.add_argument("--wall-timeout", type=float, default=300,
                    help="wall-clock backstop per call (the machine is shared): reaching it is a hang")
    ap.add_argument("--slow", type=float, default=15,
                    help="a call over this many CPU seconds is a finding (times the copies of a many-funcs module)")
    ap.add_argument("--lower-sample", type=float, default=0.1)
    ap.add_argument("--thread-sample", type=float, default=0.1)
    ap.add_argument("--out", default=None, help="results folder (default $TMPDIR/tessel-mutate/seed<S>)")
    ap.add_argument("--only", default=None, help="comma-separated mutant indices to (re)run")
    ap.add_argument("--mutators", default=None,
                    help="comma-separated subset of: " + ", ".join(MUTATORS))
    ap.add_argument("--max-minutes", type=float, default=0,
                    help="start no new mutant after this many minutes (0: no limit); the summary counts the rest")
    ap.add_argument("--keep", action="store_true", help="also save every mutant")
    args = ap.parse_args(argv)

    tt.require_plugin()
    suite = tt.import_suite()
    lowering = suite.LOWERING_PIPELINE
    t0 = time.time()
    commit = tt.git_commit()  # now: the code this run uses, not what is checked out at the end
    kinds = [k.strip() for k in args.inputs.split(",") if k.strip()]
    inputs = load_inputs(kinds, args.generated, args.seed)
    if not inputs:
        tt.die("no inputs")
    outdir = Path(args.out or Path(tempfile.gettempdir()) / "tessel-mutate" / f"seed{args.seed}")
    outdir.mkdir(parents=True, exist_ok=True)
    indices = [int(x) for x in args.only.split(",")] if args.only else list(range(args.mutants))

    mut_only = set(args.mutators.split(",")) if args.mutators else None
    if mut_only and not mut_only <= set(MUTATORS):
        tt.die(f"--mutators: unknown {sorted(mut_only - set(MUTATORS))}")
    invalid_tags = Counter()
    by_mut = Counter()
    kept_by_mut: dict[str, Counter] = {}
    kept_example: dict[str, str] = {}
    tot = Counter()
    remarks = Counter()
    tags = Counter()
    findings = []
    lock = threading.Lock()

    def work(i):
        if args.max_minutes and time.time() - t0 > args.max_minutes * 60:
            return "late", None
        mu = make_mutant(args.seed, i, inputs, mut_only)
        if mu is None:
            return None, None
        with tempfile.TemporaryDirectory(prefix="tessel-mut-") as td:
            oc = check_mutant(mu, Path(td), args, lowering)
            src_text = (Path(td) / "mutant.mlir").read_text()
            with lock:
                if oc.findings:
                    findings.extend(save_finding(outdir, mu, oc, src_text))
                if args.keep:
                    (outdir / "mutants").mkdir(exist_ok=True)
                    (outdir / "mutants" / f"m{i}.mlir").write_text(mu.text)
        return mu, oc

    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for k, (mu, oc) in enumerate(ex.map(work, indices)):
            if mu == "late":
                tot["not-started"] += 1
                continue
            if mu is None:
                tot["not-mutable"] += 1
                continue
            tot["mutants"] += 1
            if not oc.valid:
                tot["invalid-discarded"] += 1
                invalid_tags.update(re.sub(r"-\d+$", "", t) for t in mu.tags)
                continue
            for t in mu.tags:
                tags[re.sub(r"-\d+$", "", t)] += 1
            tot["runs"] += oc.runs
            tot["lowered"] += oc.lowered
            tot["thread-checks"] += oc.thread_checks
            if mu.canonicalize:
                tot["canonicalized-first"] += 1
            remarks.update(oc.remarks)
            mset = "+".join(sorted({re.sub(r"-\d+$", "", t) for t in mu.tags}))
            for rk in oc.remarks:
                if rk.startswith("kept"):
                    kept_by_mut.setdefault(rk, Counter())[mset] += 1
                    kept_example.setdefault(rk, f"--seed {args.seed} --only {mu.index}" + (f" --mutators {args.mutators}" if args.mutators else "") + f" --generated {args.generated}")
            for f in oc.findings:
                tot["finding:" + f["kind"]] += 1
                by_mut[(f["kind"], "+".join(sorted({re.sub(r"-\d+$", "", t) for t in mu.tags})))] += 1
            if (k + 1) % 50 == 0:
                print(f"  ... {k + 1}/{len(indices)} mutants, {tot['runs']} runs, "
                      f"{sum(v for kk, v in tot.items() if kk.startswith('finding:'))} findings, "
                      f"{time.time() - t0:.0f} s", file=sys.stderr, flush=True)

    wall = time.time() - t0
    crashes = sum(v for k, v in tot.items() if k.startswith("finding:crash") or k == "finding:error-diagnostic"
                  or k == "finding:single-thread-failure")
    lines = [
        f"mutation fuzzer: seed {args.seed}, inputs {args.inputs} ({len(inputs)} inputs tried), "
        f"option sets {list(OPTION_SETS)}, commit {commit}",
        f"inputs tried:        {len(inputs)}",
        f"mutants made:        {tot['mutants']}  (not mutable: {tot['not-mutable']}; not started, --max-minutes: {tot['not-started']})",
        f"invalid discarded:   {tot['invalid-discarded']}",
        f"valid mutants:       {tot['mutants'] - tot['invalid-discarded']}  (canonicalized first: {tot['canonicalized-first']})",
        f"tessel runs:         {tot['runs']}  (thread comparisons: {tot['thread-checks']}, lowered: {tot['lowered']})",
        f"crashes:             {crashes}",
        f"hangs (>{args.timeout:g} s):      {tot['finding:hang']}",
        f"slow (>{args.slow:g} s):       {tot['finding:slow']}",
        f"invalid outputs:     {tot['finding:invalid-output']}",
        f"lowering failures:   {tot['finding:lowering-fails']}",
        f"thread nondeterminism: {tot['finding:thread-nondeterminism']}",
        f"wall time:           {wall:.0f} s",
        "findings by kind:    " + (", ".join(f"{k[8:]}={v}" for k, v in sorted(tot.items()) if k.startswith("finding:")) or "none"),
        "findings by kind and mutations: " + (", ".join(f"{k}[{m}]={v}" for (k, m), v in sorted(by_mut.items())) or "none"),
        "mutations applied (valid mutants): " + ", ".join(f"{k}={v}" for k, v in sorted(tags.items())),
        "mutations in invalid (discarded) mutants: " + (", ".join(f"{k}={v}" for k, v in sorted(invalid_tags.items())) or "none"),
        "remarks by kind:",
    ]
    for k, v in sorted(remarks.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {v:7d}  {k}")
    if kept_by_mut:
        lines.append("kept-the-original-code remarks by the mutations of their mutant (mutants; an example):")
        for rk, c in sorted(kept_by_mut.items()):
            lines.append(f"  {rk}  [{kept_example[rk]}]")
            lines.append("      " + ", ".join(f"{m}={v}" for m, v in c.most_common(8)))
    summary = "\n".join(lines)
    print(summary)
    (outdir / "summary.txt").write_text(summary + "\n\nfindings:\n" + "\n".join(sorted(findings)) + "\n")
    if findings:
        print(f"findings saved under {outdir}/findings ({len(findings)})")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
