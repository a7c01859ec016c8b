"""Automatic reducer for difftest failures (issue 8, item 2).

Works on generate.py's tree, not on text: it deletes statements, loops, `if`s and
separators, unwraps loops (the counter becomes its lowest value) and `if`s,
replaces reads by constants or drops them, drops min/max bound terms and steps,
and keeps each edit while the same failure (same kind, same variant) persists.
After every edit `generate.normalize` re-sizes the arrays, so the reduced
program stays in bounds. The result is saved as `repro.mlir` (the module),
`repro.json` (the tree, for `scripts/difftest --replay`) and `README.txt`
(the commands that show the failure).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import shutil
import tempfile
import time
from pathlib import Path

import generate as G

_CLASSES = {c.__name__: c for c in (G.Term, G.Expr, G.Access, G.Stmt, G.Loop, G.IterLoop, G.If,
                                     G.Separator, G.Array, G.Program)}


def to_json(x):
    if dataclasses.is_dataclass(x):
        d = {"_t": type(x).__name__}
        for f in dataclasses.fields(x):
            d[f.name] = to_json(getattr(x, f.name))
        return d
    if isinstance(x, (list, tuple)):
        return [to_json(y) for y in x]
    return x


def from_json(x):
    if isinstance(x, dict) and "_t" in x:
        cls = _CLASSES[x["_t"]]
        return cls(**{k: from_json(v) for k, v in x.items() if k != "_t"})
    if isinstance(x, list):
        return [from_json(y) for y in x]
    return x


def load_program(path: Path) -> G.Program:
    p = from_json(json.loads(Path(path).read_text()))
    p.params = [tuple(t) for t in p.params]
    return p


# ---------------------------------------------------------------------------
# Edits
# ---------------------------------------------------------------------------

def _exprs_of(n):
    if isinstance(n, G.Stmt):
        yield from n.target.subs
        for r in n.reads:
            if r is not None:
                yield from r.subs
        if n.guard is not None:
            yield from n.guard.subs
    elif isinstance(n, (G.Loop, G.IterLoop)):
        yield from n.lbs
        yield from n.ubs
        if isinstance(n, G.IterLoop):
            yield from n.read.subs
            yield from n.target.subs
        else:
            for c in n.body:
                yield from _exprs_of(c)
    elif isinstance(n, G.If):
        yield n.cond
        for c in n.body:
            yield from _exprs_of(c)


def subst(nodes, var: str, val: int) -> None:
    for n in nodes:
        for e in _exprs_of(n):
            keep = []
            for t in e.terms:
                if t.var != var:
                    keep.append(t)
                    continue
                v = val // t.k if t.kind == "floordiv" else val % t.k if t.kind == "mod" else val
                e.const += t.coef * v
            e.terms = keep


def _sites(prog: G.Program):
    """(list, index, env) of every node, pre-order."""
    env0 = {n: (v, v) for n, v in prog.params}

    def rec(lst, env):
        for i, n in enumerate(lst):
            yield lst, i, env
            if isinstance(n, G.Loop):
                e2 = dict(env)
                e2[n.iv] = G.loop_range(n, env)
                yield from rec(n.body, e2)
            elif isinstance(n, G.If):
                yield from rec(n.body, env)

    yield from rec(prog.body, env0)


def _edits(prog: G.Program):
    """Yield edit descriptions (site number, what, arg), biggest first."""
    for k, (lst, i, env) in enumerate(_sites(prog)):
        n = lst[i]
        yield (k, "delete", None)
        if isinstance(n, G.Loop):
            yield (k, "unwrap", None)
            if len(n.lbs) > 1 or len(n.ubs) > 1:
                yield (k, "single-bounds", None)
            if n.step != 1:
                yield (k, "step1", None)
        if isinstance(n, G.If):
            yield (k, "unwrap", None)
        if isinstance(n, G.Stmt):
            if n.guard is not None:
                yield (k, "drop-guard", None)
            if n.math:
                yield (k, "drop-math", None)
            if n.call:
                yield (k, "drop-call", None)
            for j in range(len(n.reads)):
                yield (k, "drop-read", j)
            for j, r in enumerate(n.reads):
                if r is not None:
                    yield (k, "const-read", j)


def apply_edit(prog: G.Program, edit) -> G.Program | None:
    p = copy.deepcopy(prog)
    k, what, j = edit
    lst, i, env = list(_sites(p))[k]
    n = lst[i]
    if what == "delete":
        if lst is p.body and len(p.body) == 1:
            return None
        lst.pop(i)
    elif what == "unwrap" and isinstance(n, G.Loop):
        lo, _ = G.loop_range(n, env)
        subst(n.body, n.iv, lo)
        lst[i:i + 1] = n.body
    elif what == "unwrap" and isinstance(n, G.If):
        lst[i:i + 1] = n.body
    elif what == "single-bounds":
        n.lbs, n.ubs = n.lbs[:1], n.ubs[:1]
    elif what == "step1":
        n.step = 1
    elif what == "drop-read":
        if len(n.reads) <= 1:
            return None
        n.reads.pop(j)
        n.ops.pop(j)
        n.consts.pop(j + 1)
    elif what == "const-read":
        n.reads[j] = None
    elif what == "drop-guard":
        n.guard = None
    elif what == "drop-math":
        n.math = ""
    elif what == "drop-call":
        n.call = False
    else:
        return None
    if not p.body:
        return None
    # Drop the arrays and sizes nothing uses any more.
    used = set()
    for acc, _ in G.walk_accesses(p):
        used.add(acc.array)
    for n2 in _all_nodes(p.body):
        if isinstance(n2, G.Separator):
            used |= {n2.src, n2.dst}
    p.arrays = [a for a in p.arrays if a.name in used]
    G.normalize(p)
    return p


def _all_nodes(nodes):
    for n in nodes:
        yield n
        if isinstance(n, (G.Loop, G.If)):
            yield from _all_nodes(n.body)


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def fails(prog, seed, variant, kind, inject_fault, clang_opt) -> bool:
    import difftest as D
    work = Path(tempfile.mkdtemp(prefix="tessel-reduce-"))
    try:
        r = D.run_batch([(seed, prog)], [variant], work, inject_fault, clang_opt)
        return any(f.kind == kind for f in r.failures)
    except Exception:  # noqa: BLE001 - an edit that breaks the pipeline is just rejected
        return False
    finally:
        shutil.rmtree(work, ignore_errors=True)


def reduce(prog, seed, variant, kind, inject_fault=None, clang_opt="-O1",
           max_tests: int = 150, max_seconds: float = 600, log=print):
    t0 = time.perf_counter()
    tests = 0
    cur = prog
    if not fails(cur, seed, variant, kind, inject_fault, clang_opt):
        log("  the failure does not reproduce on its own; saving the whole program")
        return cur, 1
    improved = True
    while improved and tests < max_tests and time.perf_counter() - t0 < max_seconds:
        improved = False
        for e in _edits(cur):
            cand = apply_edit(cur, e)
            if cand is None:
                continue
            tests += 1
            if fails(cand, seed, variant, kind, inject_fault, clang_opt):
                cur = cand
                improved = True
                log(f"  kept edit {e[1]} ({tests} tries, {_size(cur)} statements left)")
                break
            if tests >= max_tests or time.perf_counter() - t0 >= max_seconds:
                break
    return cur, tests


def _size(p) -> int:
    return sum(1 for n in _all_nodes(p.body) if isinstance(n, (G.Stmt, G.IterLoop)))


def reduce_and_save(prog, seed, variant, kind, results: Path, inject_fault=None,
                    clang_opt="-O1", log=print) -> Path:
    import tessel_tools as tt
    small, tests = reduce(prog, seed, variant, kind, inject_fault, clang_opt, log=log)
    d = Path(results) / f"{kind}-seed{seed}-{variant.name}"
    d.mkdir(parents=True, exist_ok=True)
    (d / "repro.mlir").write_text(small.module_text(f"p{seed}"))
    (d / "repro.json").write_text(json.dumps(to_json(small), indent=1) + "\n")
    pipe = variant.pipeline
    sizes = ", ".join(f"{n}={v}" for n, v in small.params)
    arrays = ", ".join(f"{a.name}: {a.elem}{a.dims}" for a in small.arrays)
    fault = f" --inject-fault {variant.name}" if inject_fault else ""
    (d / "README.txt").write_text(
        f"Failure: {kind} under variant {variant.name} (tessel-optimize{{{variant.options}}}),\n"
        f"found on generated program seed {seed}, reduced in {tests} tries"
        f" from {_size(prog)} to {_size(small)} statements.\n"
        + ("(Injected fault: the self-test corrupted this variant's output on purpose.)\n" if inject_fault else "")
        + f"Sizes: {sizes}; arrays: {arrays}\n\n"
        f"Optimize it:\n  {tt.MLIR_OPT} --load-pass-plugin=target/release/libtessel.so \\\n"
        f"    --pass-pipeline='{pipe}' {d}/repro.mlir\n\n"
        f"Build, run and compare it with the original:\n"
        f"  scripts/difftest --replay {d}/repro.json --variants {variant.name}{fault}\n")
    return d
