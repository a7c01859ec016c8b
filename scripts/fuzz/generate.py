#!/usr/bin/env python3
"""Random affine-program generator for Tessel's differential tester (issue 8, item 1).

Seeded and reproducible: `generate(seed)` always builds the same program, and
`Program.func_text(name)` always prints the same text. Python 3.11, standard
library only.

A program is one `func.func` whose arguments are i32 sizes (index_cast to index
inside) followed by memrefs (0-d scalars, static and dynamic 1-3-d arrays).
Its body is a list of top-level nodes: loop nests (imperfect, depth 1-5, with
rectangular / triangular / parametric / min-max bounds, non-unit steps,
`affine.if`, `floordiv` / `mod` subscripts, reductions into 0-d memrefs and into
`iter_args`), time-loop stencils, forms front ends write (a store under a condition on
data as `scf.if`, `math` ops on the stored value, a non-affine subscript through
`memref.load`: `front_end_forms`; and through `memref.store`: `scrambled_stores`),
non-affine separators (`memref.load` /
`memref.store` at constant indices) that split the function into several SCoPs,
and in one program in four a final matrix-product nest (register tiling's shape).

In-bounds by construction: the generator knows every size's value, computes
each loop counter's range by interval arithmetic, shifts each array dimension's
subscripts so that their minimum is >= 0 and sizes the dimension to hold their
maximum (`normalize`). The reducer (reduce.py) edits the same tree and calls
`normalize` again, so a reduced program stays in bounds too.

Command line: generate.py SEED [--name NAME] prints one program's module.
"""

from __future__ import annotations

import copy
import random
import sys
from dataclasses import dataclass, field

FLOAT_TYPES = ("f64", "f32")
# `#llvm.memory_effects` of a call that touches no memory.
NO_MEMORY = ("#llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, "
             "errnoMem = none, targetMem0 = none, targetMem1 = none>")
# The functions the statements' calls call (Stmt.call): x * 0.5 + 1, one per float
# type, at the start of every module.
PRELUDE = "".join(
    f"""  llvm.func @tessel_fuzz_{t}(%x: {t}) -> {t} attributes {{memory_effects = {NO_MEMORY}}} {{
    %h = llvm.mlir.constant(5.000000e-01 : {t}) : {t}
    %o = llvm.mlir.constant(1.000000e+00 : {t}) : {t}
    %y = llvm.fmul %x, %h : {t}
    %z = llvm.fadd %y, %o : {t}
    llvm.return %z : {t}
  }}
""" for t in ("f32", "f64"))


def statements(nodes):
    """The statements of a program tree, in order, inside loops and ifs."""
    for n in nodes:
        if isinstance(n, Stmt):
            yield n
        elif isinstance(n, (Loop, If)):
            yield from statements(n.body)


def module_of(funcs: list[str]) -> str:
    """A module of these functions' texts, after the prelude."""
    return "module {\n" + PRELUDE + "".join(funcs) + "}\n"
INT_TYPES = ("i32", "i64")


# ---------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------

@dataclass
class Term:
    coef: int
    var: str          # a loop counter or a size parameter
    kind: str = "lin"  # lin | floordiv | mod
    k: int = 1


@dataclass
class Expr:
    terms: list[Term] = field(default_factory=list)
    const: int = 0

    def vars(self) -> set[str]:
        return {t.var for t in self.terms}


@dataclass
class Access:
    array: str
    subs: list[Expr]
    # A non-affine first subscript: (s * s) rem D for the affine s, D the dimension
    # (in bounds, since s is in [0, D) after normalization).
    scramble: bool = False


@dataclass
class Stmt:
    target: Access
    reads: list  # Access | None (None: a constant)
    ops: list[str]  # len(reads) ops: value = ((c0 op0 r0) op1 r1) ...
    consts: list[str]
    # A condition on data: the store happens only if guard's element > the constant
    # (scf.if on arith.cmpf/cmpi, as a front end lowers `if (A[i] > c)`).
    guard: Access | None = None
    # A math op on the value before the store (floats): absf, sqrt (of absf), floor.
    math: str = ""
    # A call of a function that touches no memory on the stored value (floats):
    # `llvm.call @tessel_fuzz_<type>` with no memory effects, defined in PRELUDE.
    call: bool = False


@dataclass
class Loop:
    iv: str
    lbs: list[Expr]  # max of
    ubs: list[Expr]  # min of (exclusive)
    step: int
    body: list


@dataclass
class IterLoop:  # %r = affine.for iter_args(%acc = init) { acc = acc op load } ; store %r
    iv: str
    lbs: list[Expr]
    ubs: list[Expr]
    step: int
    read: Access
    op: str
    init: str
    target: Access


@dataclass
class If:
    cond: Expr  # cond >= 0 (or == 0 when eq)
    eq: bool
    body: list


@dataclass
class Separator:  # non-affine: memref.load / memref.store at index 0
    src: str
    dst: str


@dataclass
class Array:
    name: str
    rank: int
    elem: str
    dynamic: bool
    dims: list[int] = field(default_factory=list)
    # A buffer the function allocates itself (`memref.alloca`, as front ends lower a
    # C local) instead of an argument: 0-d, initialized at the top of the function.
    local: bool = False


def array_named(arrays: list[Array], name: str) -> Array:
    for a in arrays:
        if a.name == name:
            return a
    raise KeyError(name)


@dataclass
class Program:
    seed: int
    params: list[tuple[str, int]]  # (name, value)
    arrays: list[Array]
    body: list

    def args(self) -> list[Array]:
        """The arrays passed in (all but the locals), in argument order."""
        return [a for a in self.arrays if not a.local]

    def array(self, name: str) -> Array:
        return array_named(self.arrays, name)

    def func_text(self, fname: str) -> str:
        return Emitter(self).emit(fname)

    def module_text(self, fname: str = "prog") -> str:
        return f"// seed {self.seed}\n" + module_of([self.func_text(fname)])


# ---------------------------------------------------------------------------
# Interval arithmetic and normalization (in-bounds guarantee)
# ---------------------------------------------------------------------------

def _term_range(t: Term, env: dict[str, tuple[int, int]]) -> tuple[int, int]:
    lo, hi = env[t.var]
    if t.kind == "floordiv":
        lo, hi = lo // t.k, hi // t.k
    elif t.kind == "mod":
        lo, hi = (lo % t.k, hi % t.k) if hi - lo < t.k and lo % t.k <= hi % t.k else (0, t.k - 1)
    a, b = t.coef * lo, t.coef * hi
    return min(a, b), max(a, b)


def expr_range(e: Expr, env) -> tuple[int, int]:
    lo = hi = e.const
    for t in e.terms:
        a, b = _term_range(t, env)
        lo += a
        hi += b
    return lo, hi


def loop_range(node, env) -> tuple[int, int]:
    lo = max(expr_range(e, env)[0] for e in node.lbs)
    hi = min(expr_range(e, env)[1] for e in node.ubs) - 1
    if hi < lo:
        hi = lo  # zero-trip (or unknown): the body never runs; keep a sane range
    return lo, hi


def walk_accesses(prog: Program):
    """Yield (access, env) for every access, env = ranges of the counters around it."""
    env0 = {n: (v, v) for n, v in prog.params}

    def rec(nodes, env):
        for n in nodes:
            if isinstance(n, Stmt):
                yield n.target, env
                for r in n.reads:
                    if r is not None:
                        yield r, env
                if n.guard is not None:
                    yield n.guard, env
            elif isinstance(n, Loop):
                e2 = dict(env)
                e2[n.iv] = loop_range(n, env)
                yield from rec(n.body, e2)
            elif isinstance(n, IterLoop):
                e2 = dict(env)
                e2[n.iv] = loop_range(n, env)
                yield n.read, e2
                yield n.target, env
            elif isinstance(n, If):
                yield from rec(n.body, env)

    yield from rec(prog.body, env0)


def normalize(prog: Program) -> None:
    """Shift each array dimension's subscripts to start at >= 0 and size the dims."""
    mins: dict[tuple[str, int], int] = {}
    for acc, env in walk_accesses(prog):
        for d, e in enumerate(acc.subs):
            lo, _ = expr_range(e, env)
            key = (acc.array, d)
            mins[key] = min(mins.get(key, 0), lo)
    for acc, _ in walk_accesses(prog):
        for d, e in enumerate(acc.subs):
            e.const -= mins.get((acc.array, d), 0)
    maxs: dict[tuple[str, int], int] = {}
    for acc, env in walk_accesses(prog):
        for d, e in enumerate(acc.subs):
            _, hi = expr_range(e, env)
            key = (acc.array, d)
            maxs[key] = max(maxs.get(key, 0), hi)
    for a in prog.arrays:
        a.dims = [maxs.get((a.name, d), 0) + 1 for d in range(a.rank)]


def instances(prog: Program) -> int:
    """Upper estimate of the statement instances (cost control)."""
    env0 = {n: (v, v) for n, v in prog.params}

    def rec(nodes, env):
        tot = 0
        for n in nodes:
            if isinstance(n, Stmt):
                tot += 1
            elif isinstance(n, (Loop, IterLoop)):
                lo, hi = loop_range(n, env)
                trips = (hi - lo) // n.step + 1
                e2 = dict(env)
                e2[n.iv] = (lo, hi)
                tot += trips * (rec(n.body, e2) if isinstance(n, Loop) else 1)
            elif isinstance(n, If):
                tot += rec(n.body, env)
        return tot

    return rec(prog.body, env0)


# ---------------------------------------------------------------------------
# Emission
# ---------------------------------------------------------------------------

def _fmt_expr(e: Expr, names: dict[str, str]) -> str:
    parts = []
    for t in e.terms:
        v = names[t.var]
        if t.kind == "floordiv":
            v = f"({v} floordiv {t.k})"
        elif t.kind == "mod":
            v = f"({v} mod {t.k})"
        if t.coef == 1:
            parts.append(("+", v))
        elif t.coef == -1:
            parts.append(("-", v))
        elif t.coef < 0:
            parts.append(("-", f"{v} * {-t.coef}"))
        else:
            parts.append(("+", f"{v} * {t.coef}"))
    if e.const or not parts:
        parts.append(("+" if e.const >= 0 else "-", str(abs(e.const))))
    out = ""
    for i, (sign, p) in enumerate(parts):
        if i == 0:
            out = p if sign == "+" else f"-{p}" if not p[0].isdigit() else f"-{p}"
        else:
            out += f" {sign} {p}"
    return out


class Emitter:
    def __init__(self, prog: Program):
        self.p = prog
        self.lines: list[str] = []
        self.n = 0
        self.consts: dict[tuple[str, str], str] = {}

    def fresh(self, base="v") -> str:
        self.n += 1
        return f"%{base}{self.n}"

    def mtype(self, a: Array) -> str:
        if a.rank == 0:
            return f"memref<{a.elem}>"
        dims = "x".join("?" if a.dynamic else str(d) for d in a.dims)
        return f"memref<{dims}x{a.elem}>"

    def const(self, val: str, ty: str) -> str:
        key = (val, ty)
        if key not in self.consts:
            name = f"%k{len(self.consts)}"
            self.consts[key] = name
            self.pre.append(f"    {name} = arith.constant {val} : {ty}")
        return self.consts[key]

    def emit(self, fname: str) -> str:
        p = self.p
        args = [f"%s_{n}: i32" for n, _ in p.params] + [f"%{a.name}: {self.mtype(a)}" for a in p.args()]
        self.pre = [f"    %{n} = arith.index_cast %s_{n} : i32 to index" for n, _ in p.params]
        body: list[str] = []
        ivs = {n: f"%{n}" for n, _ in p.params}
        self.block(p.body, ivs, body, 2)
        # Locals: allocated and given a value before any read (an uninitialized read
        # would make the original's result undefined).
        locals_: list[str] = []
        for a in p.arrays:
            if a.local:
                init = self.const(FCONSTS[2] if a.elem in FLOAT_TYPES else ICONSTS[2], a.elem)
                locals_.append(f"    %{a.name} = memref.alloca() : {self.mtype(a)}")
                locals_.append(f"    affine.store {init}, %{a.name}[] : {self.mtype(a)}")
        return (f"  func.func @{fname}({', '.join(args)}) {{\n" + "\n".join(self.pre + locals_ + body)
                + "\n    return\n  }\n")

    def bound_map(self, exprs: list[Expr], ivs: dict[str, str], kw: str) -> str:
        if len(exprs) == 1 and not exprs[0].terms:
            return str(exprs[0].const)
        used = []
        for e in exprs:
            for v in sorted(e.vars()):
                if v not in used:
                    used.append(v)
        params = {n for n, _ in self.p.params}
        dims = [v for v in used if v not in params]
        syms = [v for v in used if v in params]
        names = {v: f"d{i}" for i, v in enumerate(dims)}
        names.update({v: f"s{i}" for i, v in enumerate(syms)})
        res = ", ".join(_fmt_expr(e, names) for e in exprs)
        m = f"affine_map<({', '.join(names[v] for v in dims)})[{', '.join(names[v] for v in syms)}] -> ({res})>"
        operands = f"({', '.join(ivs[v] for v in dims)})[{', '.join(ivs[v] for v in syms)}]"
        return (f"{kw} " if len(exprs) > 1 else "") + m + operands

    def subs(self, acc: Access, ivs) -> str:
        return ", ".join(_fmt_expr(e, ivs) for e in acc.subs)

    def load(self, acc: Access, ivs, out: list[str], ind: str, want: str) -> str:
        a = self.p.array(acc.array)
        v = self.fresh()
        if acc.scramble and a.rank > 0:
            out.append(f"{ind}{v} = memref.load %{a.name}[{self.scrambled(acc, a, ivs, out, ind)}] : {self.mtype(a)}")
        else:
            out.append(f"{ind}{v} = affine.load %{a.name}[{self.subs(acc, ivs)}] : {self.mtype(a)}")
        return self.convert(v, a.elem, want, out, ind)

    def scrambled(self, acc: Access, a: Array, ivs, out: list[str], ind: str) -> str:
        """The subscripts as index values, the first one (s * s) rem D."""
        values = []
        for e in acc.subs:
            m = self.bound_map([e], ivs, "")
            if m.startswith("affine_map"):
                v = self.fresh("x")
                out.append(f"{ind}{v} = affine.apply {m}")
            else:
                v = self.const(m, "index")
            values.append(v)
        sq, rem = self.fresh("x"), self.fresh("x")
        out.append(f"{ind}{sq} = arith.muli {values[0]}, {values[0]} : index")
        out.append(f"{ind}{rem} = arith.remsi {sq}, {self.const(str(a.dims[0]), 'index')} : index")
        return ", ".join([rem] + values[1:])

    def convert(self, v: str, src: str, dst: str, out, ind) -> str:
        if src == dst:
            return v
        w = self.fresh()
        if src in INT_TYPES and dst in FLOAT_TYPES:
            out.append(f"{ind}{w} = arith.sitofp {v} : {src} to {dst}")
        elif src in FLOAT_TYPES and dst in FLOAT_TYPES:
            op = "extf" if src == "f32" else "truncf"
            out.append(f"{ind}{w} = arith.{op} {v} : {src} to {dst}")
        elif src in INT_TYPES and dst in INT_TYPES:
            op = "extsi" if src == "i32" else "trunci"
            out.append(f"{ind}{w} = arith.{op} {v} : {src} to {dst}")
        else:
            raise ValueError(f"no conversion {src} -> {dst}")
        return w

    def binop(self, op: str, ty: str, a: str, b: str, out, ind) -> str:
        v = self.fresh()
        name = {"add": "add", "sub": "sub", "mul": "mul"}[op] + ("f" if ty in FLOAT_TYPES else "i")
        out.append(f"{ind}{v} = arith.{name} {a}, {b} : {ty}")
        return v

    def block(self, nodes, ivs, out: list[str], depth: int) -> None:
        ind = "  " * depth
        for n in nodes:
            if isinstance(n, Stmt):
                ta = self.p.array(n.target.array)
                ty = ta.elem
                val = self.const(n.consts[0], ty)
                if n.guard is not None:
                    ga = self.p.array(n.guard.array)
                    g = self.load(n.guard, ivs, out, ind, ga.elem)
                    b = self.fresh("b")
                    if ga.elem in FLOAT_TYPES:
                        out.append(f"{ind}{b} = arith.cmpf ogt, {g}, {self.const(FCONSTS[0], ga.elem)} : {ga.elem}")
                    else:
                        out.append(f"{ind}{b} = arith.cmpi sgt, {g}, {self.const(ICONSTS[0], ga.elem)} : {ga.elem}")
                    out.append(f"{ind}scf.if {b} {{")
                    ind = ind + "  "
                for i, r in enumerate(n.reads):
                    rv = self.const(n.consts[i + 1], ty) if r is None else self.load(r, ivs, out, ind, ty)
                    val = self.binop(n.ops[i], ty, val, rv, out, ind)
                if n.math and ty in FLOAT_TYPES:
                    v = self.fresh()
                    op = "floor" if n.math == "floor" else "absf"
                    out.append(f"{ind}{v} = math.{op} {val} : {ty}")
                    val = v
                    if n.math == "sqrt":
                        v = self.fresh()
                        out.append(f"{ind}{v} = math.sqrt {val} : {ty}")
                        val = v
                if n.call and ty in FLOAT_TYPES:
                    v = self.fresh()
                    out.append(f"{ind}{v} = llvm.call @tessel_fuzz_{ty}({val}) {{memory_effects = {NO_MEMORY}}} : ({ty}) -> {ty}")
                    val = v
                if n.target.scramble and ta.rank > 0:
                    where = self.scrambled(n.target, ta, ivs, out, ind)
                    out.append(f"{ind}memref.store {val}, %{ta.name}[{where}] : {self.mtype(ta)}")
                else:
                    out.append(f"{ind}affine.store {val}, %{ta.name}[{self.subs(n.target, ivs)}] : {self.mtype(ta)}")
                if n.guard is not None:
                    ind = ind[:-2]
                    out.append(f"{ind}}}")
            elif isinstance(n, Loop):
                iv = f"%{n.iv}"
                lb = self.bound_map(n.lbs, ivs, "max")
                ub = self.bound_map(n.ubs, ivs, "min")
                step = f" step {n.step}" if n.step != 1 else ""
                out.append(f"{ind}affine.for {iv} = {lb} to {ub}{step} {{")
                self.block(n.body, {**ivs, n.iv: iv}, out, depth + 1)
                out.append(f"{ind}}}")
            elif isinstance(n, IterLoop):
                ta = self.p.array(n.target.array)
                ty = ta.elem
                iv = f"%{n.iv}"
                lb = self.bound_map(n.lbs, ivs, "max")
                ub = self.bound_map(n.ubs, ivs, "min")
                step = f" step {n.step}" if n.step != 1 else ""
                init = self.const(n.init, ty)
                acc, res = self.fresh("acc"), self.fresh("r")
                out.append(f"{ind}{res} = affine.for {iv} = {lb} to {ub}{step} iter_args({acc} = {init}) -> ({ty}) {{")
                inner = {**ivs, n.iv: iv}
                x = self.load(n.read, inner, out, ind + "  ", ty)
                y = self.binop(n.op, ty, acc, x, out, ind + "  ")
                out.append(f"{ind}  affine.yield {y} : {ty}")
                out.append(f"{ind}}}")
                out.append(f"{ind}affine.store {res}, %{ta.name}[{self.subs(n.target, ivs)}] : {self.mtype(ta)}")
            elif isinstance(n, If):
                used = sorted(n.cond.vars())
                names = {v: f"d{i}" for i, v in enumerate(used)}
                rel = "==" if n.eq else ">="
                s = f"affine_set<({', '.join(names[v] for v in used)}) : ({_fmt_expr(n.cond, names)} {rel} 0)>"
                out.append(f"{ind}affine.if {s}({', '.join(ivs[v] for v in used)}) {{")
                self.block(n.body, ivs, out, depth + 1)
                out.append(f"{ind}}}")
            elif isinstance(n, Separator):
                src, dst = self.p.array(n.src), self.p.array(n.dst)
                c0 = self.const("0", "index")
                v = self.fresh()
                out.append(f"{ind}{v} = memref.load %{src.name}[{', '.join([c0] * src.rank)}] : {self.mtype(src)}")
                w = self.convert(v, src.elem, dst.elem, out, ind)
                out.append(f"{ind}memref.store {w}, %{dst.name}[{', '.join([c0] * dst.rank)}] : {self.mtype(dst)}")


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------

FCONSTS = ("0.5", "0.25", "1.5", "2.0", "-0.75", "0.125", "3.0", "1.0")
ICONSTS = ("1", "2", "3", "-1", "5", "7", "-3")


class Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.seed = seed
        self.niv = 0

    def new_iv(self) -> str:
        self.niv += 1
        return f"i{self.niv}"

    def program(self) -> Program:
        r = self.r
        self.is_float = r.random() < 0.7
        main = r.choice(FLOAT_TYPES if self.is_float else INT_TYPES)
        nparams = r.randint(1, 3)
        self.params = [(f"n{i}", r.randint(4, 14)) for i in range(nparams)]
        arrays = []
        for i in range(r.randint(2, 5)):
            rank = r.choice((1, 2, 2, 2, 3))
            elem = main if r.random() < 0.7 else r.choice(FLOAT_TYPES + ("i32",) if self.is_float else INT_TYPES)
            arrays.append(Array(f"A{i}", rank, elem, r.random() < 0.5))
        if r.random() < 0.5:
            arrays.append(Array("S0", 0, main, False))
        # A local temporary in one program in three (privatization's candidates), from
        # a stream of its own: programs without one stay as they were.
        self.local = None
        if random.Random(self.seed * 7919 + 29).random() < 0.33:
            self.local = Array("L0", 0, main, False, local=True)
            arrays.append(self.local)
        self.arrays = arrays
        body = []
        # Statement budget: most programs have 2-8 statements (5% up to 12),
        # so that each SCoP is scheduled in well under a second.
        self.budget = r.choice((2, 3, 3, 4, 4, 5, 6, 8)) if r.random() < 0.95 else 12
        for _ in range(r.randint(1, 3)):
            if body and self.budget <= 0:
                break
            if body and r.random() < 0.4:
                body.append(self.separator())
            if r.random() < 0.2:
                body.append(self.stencil())
            else:
                body.append(self.loop(r.randint(1, 5), [], first=True))
        # A matrix-product nest (register tiling's shape), from a stream of its own so
        # that the rest of the program is the same as without it.
        product = self.contraction(random.Random(self.seed * 7919 + 17))
        if product is not None:
            body.append(product)
        # gramschmidt's projection step (tile-level fusion's shape), from a stream of its own.
        step = self.projection(random.Random(self.seed * 7919 + 53))
        if step is not None:
            body.append(step)
        prog = Program(self.seed, self.params, arrays, body)
        self.front_end_forms(prog, random.Random(self.seed * 7919 + 41))
        self.scrambled_stores(prog, random.Random(self.seed * 7919 + 47))
        self.calls(prog, random.Random(self.seed * 7919 + 43))
        normalize(prog)
        # Cost control: shrink sizes until it runs in microseconds-milliseconds.
        # Constant bounds don't shrink: once every parameter is down to 2, keep
        # the program as it is (seed 200126 looped here forever).
        while instances(prog) > 60000:
            shrunk = [(n, max(2, v // 2)) for n, v in prog.params]
            if shrunk == prog.params:
                break
            self.params = shrunk
            prog.params = self.params
            normalize(prog)
        return prog

    def front_end_forms(self, prog: Program, r: random.Random) -> None:
        """Forms front ends write that are no plain affine statement (issue 42), from a
        stream of their own: a condition on data, a math op on the stored value, a
        non-affine subscript. Each statement gets each with a small probability."""
        for st in statements(prog.body):
            if r.random() < 0.12:
                pick = r.choice([a for a in st.reads if a is not None] + [st.target])
                st.guard = copy.deepcopy(pick)
                st.guard.scramble = False
            if r.random() < 0.12 and prog.array(st.target.array).elem in FLOAT_TYPES:
                st.math = r.choice(("absf", "sqrt", "floor"))
            reads = [a for a in st.reads if a is not None and prog.array(a.array).rank > 0]
            if reads and r.random() < 0.08:
                r.choice(reads).scramble = True

    def scrambled_stores(self, prog: Program, r: random.Random) -> None:
        """Stores through a non-affine subscript (the first one (s * s) rem D), which
        Tessel takes as may-writes of any element, in 5% of the statements into
        arrays; a stream of its own, so that the other forms of a seed stay."""
        for st in statements(prog.body):
            if prog.array(st.target.array).rank > 0 and r.random() < 0.05:
                st.target.scramble = True

    def calls(self, prog: Program, r: random.Random) -> None:
        """Calls of a function that touches no memory (`memory(none)`, C's
        `__attribute__((const))` as clang and mlir-translate write it), in 8% of the
        floating-point statements; a stream of its own, so that the other forms of a
        seed stay as they were."""
        for st in statements(prog.body):
            if r.random() < 0.08 and prog.array(st.target.array).elem in FLOAT_TYPES:
                st.call = True

    def separator(self) -> Separator:
        r = self.r
        a = r.choice(self.arrays)
        b = r.choice([x for x in self.arrays if self.convertible(a.elem, x.elem)] or [a])
        return Separator(a.name, b.name)

    @staticmethod
    def convertible(src: str, dst: str) -> bool:
        return dst in FLOAT_TYPES or src in INT_TYPES

    # -- bounds --------------------------------------------------------------
    def bounds(self, outer: list[str]) -> tuple[list[Expr], list[Expr], int]:
        r = self.r
        step = r.choice((1,) * 10 + (2, 3))
        pname, pval = r.choice(self.params)
        kind = r.choice(("rect", "rect", "param", "param", "tri", "tri", "rect", "param", "minmax")) if outer else \
            r.choice(("rect", "param", "param"))
        if kind == "rect":
            lo = r.randint(0, 2)
            return [Expr([], lo)], [Expr([], lo + r.randint(3, 12))], step
        if kind == "param":
            return [Expr([], r.randint(0, 1))], [Expr([Term(1, pname)], -r.randint(0, 1))], step
        p = r.choice(outer)
        if kind == "tri":
            if r.random() < 0.5:
                return [Expr([], 0)], [Expr([Term(1, p)], 1)], step
            return [Expr([Term(1, p)], r.randint(0, 1))], [Expr([Term(1, pname)], r.randint(0, 2))], step
        # min/max
        return ([Expr([], 0), Expr([Term(1, p)], -r.randint(1, 3))],
                [Expr([Term(1, pname)], 0), Expr([Term(1, p)], r.randint(2, 5))], step)

    # -- accesses ------------------------------------------------------------
    def subscript(self, ivs: list[str]) -> Expr:
        r = self.r
        if not ivs or r.random() < 0.08:
            return Expr([], r.randint(0, 3))
        x = r.random()
        v = r.choice(ivs)
        if x < 0.65:
            e = Expr([Term(1, v)], r.randint(-2, 2))
        elif x < 0.75 and len(ivs) > 1:
            w = r.choice([u for u in ivs if u != v])
            e = Expr([Term(1, v), Term(r.choice((1, -1)), w)], r.randint(-1, 1))
        elif x < 0.82:
            e = Expr([Term(-1, v)], 0)
        elif x < 0.9:
            e = Expr([Term(2, v)], r.randint(0, 1))
        elif x < 0.95:
            e = Expr([Term(1, v, "floordiv", r.choice((2, 3)))], r.randint(0, 1))
        else:
            e = Expr([Term(1, v, "mod", r.choice((2, 3, 4)))], r.randint(0, 1))
        return e

    def access(self, arr: Array, ivs: list[str]) -> Access:
        # Favour the innermost counters, like front ends' row-major loops.
        subs = []
        for d in range(arr.rank):
            pref = ivs[-(arr.rank - d):] if len(ivs) >= arr.rank - d and self.r.random() < 0.6 else ivs
            subs.append(self.subscript(list(pref)))
        return Access(arr.name, subs)

    def stmt(self, ivs: list[str]) -> Stmt:
        r = self.r
        self.budget -= 1
        target = r.choice(self.arrays)
        ta = self.access(target, ivs)
        srcs = [a for a in self.arrays if self.convertible(a.elem, target.elem)]
        reads = []
        if r.random() < 0.4:
            reads.append(copy.deepcopy(ta))  # accumulate: T[f] = T[f] op ...
        for _ in range(r.randint(1, 3)):
            if r.random() < 0.1:
                reads.append(None)
            else:
                reads.append(self.access(r.choice(srcs), ivs))
        fl = target.elem in FLOAT_TYPES
        ops = [r.choice(("add", "add", "mul", "sub")) for _ in reads]
        cs = [r.choice(FCONSTS if fl else ICONSTS) for _ in range(len(reads) + 1)]
        return Stmt(ta, reads, ops, cs)

    def temporary(self, ivs: list[str]) -> list[Stmt]:
        """`L0 = f(...)` and right after it `T[..] = g(L0, ...)`: a value that lives
        within one iteration, as a C local temporary does (a loop over it is
        parallel once each iteration gets its own copy)."""
        local = self.local
        first = self.stmt(ivs)
        first.target = Access(local.name, [])
        first.reads = [rd for rd in first.reads
                       if rd is None or self.convertible(self.array(rd.array).elem, local.elem)]
        first.ops = first.ops[:len(first.reads)]
        consts = FCONSTS if local.elem in FLOAT_TYPES else ICONSTS
        first.consts = [self.r.choice(consts) for _ in range(len(first.reads) + 1)]
        second = self.stmt(ivs)
        target = self.array(second.target.array)
        if self.convertible(local.elem, target.elem):
            second.reads.insert(0, Access(local.name, []))
            second.ops.insert(0, self.r.choice(("add", "mul")))
            second.consts.append(self.r.choice(FCONSTS if target.elem in FLOAT_TYPES else ICONSTS))
        return [first, second]

    def array(self, name: str) -> Array:
        return array_named(self.arrays, name)

    def loop(self, depth: int, outer: list[str], first=False):
        r = self.r
        iv = self.new_iv()
        lbs, ubs, step = self.bounds(outer)
        ivs = outer + [iv]
        if depth <= 1 and r.random() < 0.15:
            target = r.choice(self.arrays)
            srcs = [a for a in self.arrays if self.convertible(a.elem, target.elem)]
            fl = target.elem in FLOAT_TYPES
            return IterLoop(iv, lbs, ubs, step, self.access(r.choice(srcs), ivs), r.choice(("add", "mul")),
                            r.choice(FCONSTS if fl else ICONSTS), self.access(target, outer))
        body = []
        nitems = r.randint(1, 3)
        for i in range(nitems):
            if i and self.budget <= 0:
                break
            x = r.random()
            if depth > 1 and x < 0.55:
                body.append(self.loop(depth - 1, ivs))
            elif x < 0.65 and len(ivs) >= 1:
                cv = r.sample(ivs, min(len(ivs), r.randint(1, 2)))
                cond = Expr([Term(1 if i == 0 else -1, v, "mod" if r.random() < 0.1 else "lin", 2)
                             for i, v in enumerate(cv)], r.randint(-3, 1))
                body.append(If(cond, r.random() < 0.2, [self.stmt(ivs)]))
            elif self.local is not None and x < 0.85:
                body.extend(self.temporary(ivs))
            else:
                body.append(self.stmt(ivs))
        if not any(isinstance(b, Loop) for b in body) and depth > 1:
            body.insert(r.randint(0, len(body)), self.loop(depth - 1, ivs))
        return Loop(iv, lbs, ubs, step, body)

    def stencil(self) -> Loop:
        """A time loop over 1-d or 2-d Jacobi/Seidel-like sweeps."""
        r = self.r
        t = self.new_iv()
        rank = r.choice((1, 2))
        cands = [a for a in self.arrays if a.rank == rank] or [a for a in self.arrays if a.rank >= 1] or self.arrays
        a = r.choice(cands)
        # Two sweeps copy a into b and b back into a: both directions must convert.
        b = r.choice([x for x in cands if self.convertible(x.elem, a.elem) and self.convertible(a.elem, x.elem)]
                     or [a])
        sweeps = []
        for (dst, src) in ([(b, a), (a, b)] if r.random() < 0.6 else [(a, a)]):
            ivs = []
            loops = []
            for _ in range(dst.rank or 1):
                iv = self.new_iv()
                ivs.append(iv)
                pname, _ = r.choice(self.params)
                loops.append((iv, [Expr([], 1)], [Expr([Term(1, pname)], -1)]))

            def acc(arr, offs):
                return Access(arr.name, [Expr([Term(1, ivs[d % len(ivs)])], offs[d] if d < len(offs) else 0)
                                         for d in range(arr.rank)])
            reads = [acc(src, [0] * 3)]
            for d in range(len(ivs)):
                for o in (-1, 1):
                    offs = [0] * 3
                    offs[d] = o
                    reads.append(acc(src, offs))
            fl = dst.elem in FLOAT_TYPES
            st = Stmt(acc(dst, [0] * 3), reads, ["add"] * (len(reads) - 1) + ["mul"],
                      [r.choice(FCONSTS if fl else ICONSTS) for _ in range(len(reads) + 1)])
            node = st
            for iv, lb, ub in reversed(loops):
                node = Loop(iv, lb, ub, 1, [node])
            sweeps.append(node)
        return Loop(t, [Expr([], 0)], [Expr([], r.randint(2, 4))], 1, sweeps)


    def contraction(self, r: random.Random):
        """One program in four gets `C[i][j] = f(C[i][j], A[i][k], B[k][j])` in one of
        the loop orders front ends produce, over rectangular or parametric bounds
        (sometimes triangular: below the outer loop's value, or above it as trmm's
        `k > i`), sometimes after a scaling of C inside the outer loop (gemm's shape);
        A or B may be C itself (a written array read where the loops move it)."""
        mats = [a for a in self.arrays if a.rank == 2]
        if r.random() >= 0.25 or not mats:
            return None
        c = r.choice(mats)
        a = r.choice([x for x in mats if self.convertible(x.elem, c.elem)] or [c])
        b = r.choice([x for x in mats if self.convertible(x.elem, c.elem)] or [c])
        i, j, k = self.new_iv(), self.new_iv(), self.new_iv()

        def bounds(outer: str | None):
            pname, _ = r.choice(self.params)
            kind = r.choice(("rect", "param", "param", "param", "tri", "above")) if outer else \
                r.choice(("rect", "param"))
            if kind == "rect":
                lo = r.randint(0, 1)
                return [Expr([], lo)], [Expr([], lo + r.randint(4, 12))]
            if kind == "param":
                return [Expr([], 0)], [Expr([Term(1, pname)], 0)]
            if kind == "tri":
                return [Expr([], 0)], [Expr([Term(1, outer)], 1)]
            return [Expr([Term(1, outer)], 1)], [Expr([Term(1, pname)], 0)]

        def sub(v: str, off: int = 0) -> Expr:
            return Expr([Term(1, v)], off)

        target = Access(c.name, [sub(i, r.choice((0, 0, 0, 1))), sub(j, r.choice((0, 0, 0, -1)))])
        reads = [copy.deepcopy(target), Access(a.name, [sub(i), sub(k)]), Access(b.name, [sub(k), sub(j)])]
        ops = r.choice((["add", "add", "mul"], ["mul", "add", "mul"], ["add", "mul", "add"]))
        fl = c.elem in FLOAT_TYPES
        cs = [r.choice(FCONSTS if fl else ICONSTS) for _ in range(len(reads) + 1)]
        body: object = Stmt(target, reads, ops, cs)
        self.budget -= 1
        order = r.choice(((i, j, k), (i, k, j), (i, k, j), (k, i, j), (j, k, i)))
        outer = None
        loops = []
        for v in order:
            lbs, ubs = bounds(outer)
            loops.append((v, lbs, ubs))
            outer = v
        for v, lbs, ubs in reversed(loops):
            body = Loop(v, lbs, ubs, 1, [body])
        if order[0] == i and r.random() < 0.5:
            j2 = self.new_iv()
            scale = Stmt(Access(c.name, [sub(i), sub(j2)]), [Access(c.name, [sub(i), sub(j2)])], ["mul"],
                         [r.choice(FCONSTS if fl else ICONSTS) for _ in range(2)])
            jl, ju = bounds(None)
            body.body.insert(0, Loop(j2, jl, ju, 1, [scale]))
        return body


    def projection(self, r: random.Random):
        """One program in five gets gramschmidt's projection step under a loop k: a nest
        that sums `R[k][j] = f(R[k][j], A[i][k], A[i][j])`, then one that updates
        `A[i][j] = g(A[i][j], A[i][k], R[k][j + s])`, j over more than one tile of 32
        (constant bounds) so that a tile loop shared by the two nests has several tiles.
        `s` is 0, or -1 for a dependence from one tile into the next (then the nests
        must not share a parallel tile loop); either nest may run i outermost."""
        mats = [a for a in self.arrays if a.rank == 2]
        if r.random() >= 0.2 or not mats:
            return None
        a = r.choice(mats)
        both = [x for x in mats if self.convertible(x.elem, a.elem) and self.convertible(a.elem, x.elem)]
        rr = r.choice([x for x in both if x is not a] or both or [a])
        k = self.new_iv()
        pname, _ = r.choice(self.params)
        top = r.randint(33, 72)
        shift = r.choice((0, 0, 0, -1))

        def sub(v: str, off: int = 0) -> Expr:
            return Expr([Term(1, v)], off)

        # j from k + 1 (gramschmidt's) or from 0; with 0, the update reads R at j.
        from_k = r.random() < 0.7
        jl = ([sub(k, 1)] if from_k else [Expr([], 0)]), [Expr([], top)]
        shift = shift if from_k else 0

        def nest(target_of, reads_of) -> Loop:
            j, i = self.new_iv(), self.new_iv()
            target = target_of(i, j)
            reads = [copy.deepcopy(target)] + reads_of(i, j)
            fl = self.array(target.array).elem in FLOAT_TYPES
            ops = r.choice((["add", "add", "mul"], ["sub", "add", "mul"], ["add", "mul", "sub"]))
            cs = [r.choice(FCONSTS if fl else ICONSTS) for _ in range(len(reads) + 1)]
            self.budget -= 1
            il = ([Expr([], 0)], [Expr([Term(1, pname)], 0)])
            inner, outer = ((i, il), (j, jl)) if r.random() < 0.8 else ((j, jl), (i, il))
            body = Loop(inner[0], inner[1][0], inner[1][1], 1, [Stmt(target, reads, ops, cs)])
            return Loop(outer[0], outer[1][0], outer[1][1], 1, [body])

        sums = nest(lambda i, j: Access(rr.name, [sub(k), sub(j)]),
                    lambda i, j: [Access(a.name, [sub(i), sub(k)]), Access(a.name, [sub(i), sub(j)])])
        update = nest(lambda i, j: Access(a.name, [sub(i), sub(j)]),
                      lambda i, j: [Access(a.name, [sub(i), sub(k)]), Access(rr.name, [sub(k), sub(j, shift)])])
        return Loop(k, [Expr([], 0)], [Expr([], r.randint(2, 4))], 1, [sums, update])


def generate(seed: int) -> Program:
    return Gen(seed).program()


def main(argv: list[str]) -> int:
    import argparse
    ap = argparse.ArgumentParser(description="Print one random affine program (a module).")
    ap.add_argument("seed", type=int)
    ap.add_argument("--name", default="prog")
    a = ap.parse_args(argv)
    p = generate(a.seed)
    sys.stdout.write(p.module_text(a.name))
    sys.stderr.write(f"// params {p.params}; arrays "
                     + ", ".join(f"{x.name}:{x.elem}{x.dims}{'dyn' if x.dynamic else ''}" for x in p.arrays)
                     + f"; instances <= {instances(p)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
