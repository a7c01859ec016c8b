#!/usr/bin/env python3
"""Random C loop programs in the forms real C has, for scripts/coverage.

Where generate.py writes affine MLIR for the differential tester, this writes C:
what clang's front end hands the Tessel plugin (and Polly) after -O3's
canonicalization, with the shapes C programmers write and polyhedral tools often
miss. Seeded and reproducible: `generate(seed).text()` is always the same
program. Python 3.11, standard library only.

A program has 1-4 functions `kernel_K`, each holding 1-3 loop nests of depth 1-3,
called in order from main. Its arrays are globals of fixed size (used directly, or
passed as `double A[40][50]`), VLA parameters (`double A[n + 1][m]`, allocated in
main) and flat pointers with linearized subscripts (`x[(i) * (m + 2) + j]`), of
float, double and int. The sizes are no compile-time constants: main reads them
from argv with defaults (`int n = argc > 1 ? atoi(argv[1]) : 37;`), clamps them
to a range [lo, hi] the program was checked for, and passes them down.

Each nest is one form, written in a comment above it (`/* form: step-3 */`), so
that scripts/coverage can tally what Polly and Tessel do per form (FORMS):
counter types (`counter-short`: a short counter against an int, long, unsigned or
size_t bound), steps and downward loops, `<=` / `!=` / triangular / offset bounds,
calls (math library, `const` and `pure` static helpers, some `noinline`),
non-affine subscripts (through an index array, `(i * j) % N`, `i * i`), conditions
on data, `break` and `return` on data, scalars live after the nest, and plain
affine nests (matrix product, stencils, transposes) as the control group. Each
form changes one thing from the control group's loops (`int` counters of the
kernel's size type, start 0, `<`, step 1, bounds a size parameter).

No undefined behaviour, by construction:
- in bounds for every size in the clamped box: each counter's range is an affine
  function of the sizes (outer counters substituted by their own extremes), a
  subscript's range likewise; its extremes over the box are at the box's corners.
  `normalize` shifts each array dimension's affine subscripts to start at >= 0 and
  sizes the dimension (a constant for globals, `size + c` for heap arrays) to hold
  their maximum, as generate.py does;
- counters never leave their type (the exit value of every loop fits), bounds
  and starts are >= 0 (so that unsigned arithmetic never wraps), `!=` loops
  provably reach their bound, downward loops are signed and stop at a constant;
- no overflow: the generator tracks a bound on every array's magnitude in
  execution order; a statement is either contracting (float: an affine form of its
  inputs with total weight below 1, or exactly 1 with no constant; int: wrapped
  `% K`), which can't grow whatever it reads in its own nest, or it reads nothing
  its nest writes and its bound (times the nest's iterations for `+=`) is checked
  against a limit (1e15 for floats, 2^30 for int, 2^61 for long scalars);
- every array, table and scalar is initialized before it is read.

main prints one line per array and per returned scalar: an FNV-1a hash of the
elements' bits (`%016llx`), so that two builds that compute the same values print
the same lines, byte for byte. The static helpers are `nodebug` (debug information
only: the code is the same), so that once inlined their instructions carry the
calling line, and a tool's remark about a region (Polly's first and last line of
its instructions) stays within the nests it covers.

Command line: generate_c.py SEED prints one program.
"""

from __future__ import annotations

import copy
import math
import random
import sys
from dataclasses import dataclass, field

# ---------------------------------------------------------------------------
# Types and limits
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class IntType:
    name: str
    signed: bool
    bits: int

    @property
    def lo(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def hi(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    @property
    def label(self) -> str:
        return self.name.replace(" ", "-")


COUNTER_TYPES = {t.name: t for t in (
    IntType("int", True, 32), IntType("unsigned", False, 32), IntType("long", True, 64),
    IntType("size_t", False, 64), IntType("short", True, 16), IntType("unsigned short", False, 16),
    IntType("signed char", True, 8), IntType("unsigned char", False, 8))}
# The kernels' size parameters: mostly int, as most C.
SIZE_TYPES = ("int",) * 6 + ("long", "long", "size_t", "unsigned")
ELEM_TYPES = ("double", "double", "float", "int")
PARAM_NAMES = ("n", "m", "q")

FLOAT_LIMIT = 1e15       # |element| of float and double arrays (a product of two stays finite in float)
INT_LIMIT = 1 << 30      # |element| of int arrays and any int intermediate
LONG_LIMIT = 1 << 61     # |long| accumulators
INIT_BOUND = {"double": 1.0, "float": 1.0, "int": 5.0}  # main's initial values

# The forms, by group; a nest draws a group (by weight), then a form in it.
FORM_GROUPS: dict[str, tuple[float, tuple[str, ...]]] = {
    "counter": (1.2, tuple(f"counter-{t.label}" for t in COUNTER_TYPES.values())),
    "step": (1.0, ("step-2", "step-3", "step-4", "unsigned-step", "downward")),
    "bound": (1.0, ("bound-le", "bound-ne", "triangular", "offset-bounds")),
    "call": (1.0, ("math-call", "const-helper", "pure-helper", "noinline-helper")),
    "subscript": (1.0, ("index-array", "mod-subscript", "square-subscript")),
    "condition": (0.6, ("data-condition",)),
    "exit": (0.8, ("break", "return")),
    "scalar": (0.6, ("live-scalar",)),
    "affine": (1.2, ("affine-matmul", "affine-stencil", "affine-transpose", "affine")),
}
FORMS = tuple(f for _, forms in FORM_GROUPS.values() for f in forms)


class Retry(Exception):
    """A random choice that broke a rule: draw again."""


# ---------------------------------------------------------------------------
# Affine expressions over counters and sizes, and their ranges
# ---------------------------------------------------------------------------

@dataclass
class Aff:
    """const + sum(coef * var), var a loop counter or a size parameter."""
    terms: dict[str, int] = field(default_factory=dict)
    const: int = 0

    @staticmethod
    def var(name: str, coef: int = 1, const: int = 0) -> Aff:
        return Aff({name: coef}, const)

    def plus(self, other: Aff | int) -> Aff:
        if isinstance(other, int):
            return Aff(dict(self.terms), self.const + other)
        terms = dict(self.terms)
        for v, c in other.terms.items():
            terms[v] = terms.get(v, 0) + c
            if terms[v] == 0:
                del terms[v]
        return Aff(terms, self.const + other.const)

    def minus(self, other: Aff) -> Aff:
        return self.plus(other.scaled(-1))

    def scaled(self, k: int) -> Aff:
        return Aff({v: c * k for v, c in self.terms.items()} if k else {}, self.const * k)

    def text(self) -> str:
        """Positive terms first, then the negative ones: the value is >= 0 wherever the
        generator writes one, so that unsigned arithmetic gives it exactly."""
        def term(v: str, c: int) -> str:
            return v if c == 1 else f"{c} * {v}"
        pos = [term(v, c) for v, c in self.terms.items() if c > 0]
        neg = [term(v, -c) for v, c in self.terms.items() if c < 0]
        out = " + ".join(pos)
        if not pos:
            out = str(self.const)
        elif self.const > 0:
            out += f" + {self.const}"
        for t in neg:
            out += f" - {t}"
        if pos and self.const < 0:
            out += f" - {-self.const}"
        return out


Range = tuple[Aff, Aff]  # (min, max) of a counter, affine in the sizes only
Box = dict[str, tuple[int, int]]  # size -> (lo, hi)


def extreme(a: Aff, ranges: dict[str, Range], upper: bool) -> Aff:
    """An affine bound (in the sizes) of a's max (upper) or min over the counters'
    ranges: each counter replaced by its own max or min, by the sign of its coefficient."""
    out = Aff({}, a.const)
    for v, c in a.terms.items():
        if v in ranges:
            lo, hi = ranges[v]
            out = out.plus((hi if (c > 0) == upper else lo).scaled(c))
        else:
            out = out.plus(Aff.var(v, c))
    return out


def box_value(a: Aff, box: Box, upper: bool) -> int:
    """a's max (upper) or min over the box of sizes (affine: at a corner)."""
    return a.const + sum(c * (box[v][1] if (c > 0) == upper else box[v][0]) for v, c in a.terms.items())


# ---------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------

@dataclass
class Array:
    name: str
    elem: str            # double | float | int
    rank: int
    storage: str         # global (used directly) | fixed (a global passed as A[40][50]) | vla | flat
    bases: list          # heap arrays: per dimension the size it grows with (None: constant)
    dims: list = field(default_factory=list)  # after sizing: int (global, fixed) or Aff (vla, flat)
    bound: float = 1.0   # magnitude bound of the elements, in execution order
    restrict: bool = False
    role: str = "data"   # data | index (a table of subscripts, filled by main, read-only)
    values: int = 0      # index tables: the entries lie in [0, values)

    @property
    def heap(self) -> bool:
        return self.storage in ("vla", "flat")

    @property
    def param(self) -> bool:
        return self.storage in ("fixed", "vla", "flat")


@dataclass
class Sub:
    """One subscript: affine, or through an index table (table[inner]), or
    (a * b) % n, or a * a."""
    kind: str = "aff"    # aff | idx | mod | square
    aff: Aff | None = None
    table: str = ""
    inner: Sub | None = None  # idx: the table's own (affine) subscript
    ivs: tuple[str, ...] = ()
    n: int = 0
    shifted: bool = False     # normalize: shifted once (a Sub may be reached twice)


@dataclass
class Access:
    array: str
    subs: list[Sub]


@dataclass
class Read:
    access: Access


@dataclass
class Num:
    value: float


@dataclass
class Count:
    """A counter's value times coef (as a number in the statement's type)."""
    iv: str
    coef: float


@dataclass
class Var:
    name: str


@dataclass
class Bin:
    op: str  # + - *
    a: object
    b: object


@dataclass
class Call:
    fn: str                # math: sqrt | floor | exp | sin | fabs; else a helper's name
    arg: object
    index: Aff | None = None  # a pure helper's table index


@dataclass
class Assign:
    target: Access | None  # None: the scalar `scalar`
    value: object
    op: str = "="          # = | +=
    scalar: str = ""
    wrap: str = ""         # int targets: "% K" or "/ K" around the value
    contracting: bool = False


@dataclass
class Cond:
    test: Access
    threshold: float
    then: list
    other: list = field(default_factory=list)


@dataclass
class Exit:
    test: Access
    threshold: float
    kind: str  # break | return


@dataclass
class Raw:
    text: str


@dataclass
class Loop:
    iv: str
    ctype: str
    start: Aff
    cmp: str      # < <= != (upward), >= > (downward, to a constant)
    bound: Aff
    step: int
    body: list = field(default_factory=list)

    @property
    def down(self) -> bool:
        return self.cmp in (">=", ">")

    def value_range(self, ranges: dict[str, Range]) -> Range:
        """The counter's values in the body, affine in the sizes."""
        if self.down:
            return self.bound.plus(1 if self.cmp == ">" else 0), extreme(self.start, ranges, True)
        hi = extreme(self.bound, ranges, True)
        return extreme(self.start, ranges, False), hi if self.cmp == "<=" else hi.plus(-1)


@dataclass
class Helper:
    name: str
    kind: str       # const | pure
    elem: str       # double | int
    shape: int      # which body
    noinline: bool
    table: str = ""


@dataclass
class Nest:
    form: str
    note: str
    items: list     # Raw | Loop | Assign (after the nest)


@dataclass
class Kernel:
    name: str
    size_type: str
    nests: list[Nest] = field(default_factory=list)
    ret: str = ""   # "" (void) or double


@dataclass
class Param:
    name: str
    lo: int
    hi: int
    default: int


# ---------------------------------------------------------------------------
# Helpers' bodies and bounds
# ---------------------------------------------------------------------------

def helper_body(h: Helper) -> tuple[str, str]:
    """(parameter list, body expression)."""
    if h.kind == "const" and h.elem == "double":
        return "double x", ("0.5 * x + 0.25", "x > 0.0 ? 0.75 * x : 0.5 - 0.25 * x",
                            "x * x / (1.0 + x * x)")[h.shape]
    if h.kind == "const":
        return "int x", ("(3 * x + 7) % 1021", "x > 0 ? x % 97 : (x + 5) % 89")[h.shape]
    if h.elem == "double":
        t = h.table
        return "int k, double x", (f"0.5 * {t}[k & 15] * x + {t}[(k + 5) & 15]",
                                   f"{t}[k & 15] > 0.5 ? 0.5 * x : {t}[(k + 3) & 15]")[h.shape]
    return "int k, int x", (f"{h.table}[k & 15] + x % 512", f"(x + {h.table}[(k * 3) & 15]) % 251")[h.shape]


def helper_slope(h: Helper, a: float, b: float) -> tuple[float, float] | None:
    """(slope, intercept) of the result's bound, given the argument's aY + b."""
    if h.elem == "int":
        return 0.0, 1020.0 if h.kind == "const" else 530.0
    if h.kind == "const":
        return ((0.5 * a, 0.5 * b + 0.25), (0.75 * a, 0.75 * b + 0.5), (0.0, 1.0))[h.shape]
    return ((0.5 * a, 0.5 * b + 1.0), (0.5 * a, 0.5 * b + 1.0))[h.shape]


def helper_bound(h: Helper, x: float) -> float:
    if h.elem == "int":
        if x * 3 + 7 >= INT_LIMIT:
            return math.inf
        return 1020.0 if h.kind == "const" else 530.0
    s = helper_slope(h, 0.0, x)
    return s[1]


MATH_FNS = ("sqrt", "floor", "exp", "sin", "fabs")


# ---------------------------------------------------------------------------
# Value bounds
# ---------------------------------------------------------------------------

def reads_of(v) -> list[Access]:
    if isinstance(v, Read):
        return [v.access]
    if isinstance(v, Bin):
        return reads_of(v.a) + reads_of(v.b)
    if isinstance(v, Call):
        return reads_of(v.arg)
    return []


def value_bound(v, bound_of, ivmax: dict[str, int], helpers: dict[str, Helper]) -> float:
    """An upper bound of |v|, given each read's array bound."""
    if isinstance(v, Read):
        return bound_of(v.access.array)
    if isinstance(v, Num):
        return abs(v.value)
    if isinstance(v, Count):
        return abs(v.coef) * ivmax[v.iv]
    if isinstance(v, Var):
        return bound_of(v.name)
    if isinstance(v, Bin):
        a = value_bound(v.a, bound_of, ivmax, helpers)
        b = value_bound(v.b, bound_of, ivmax, helpers)
        return a * b if v.op == "*" else a + b
    if isinstance(v, Call):
        x = value_bound(v.arg, bound_of, ivmax, helpers)
        if v.fn in helpers:
            return helper_bound(helpers[v.fn], x)
        return {"sqrt": math.sqrt(x), "floor": x + 1.0, "exp": 1.0, "sin": 1.0, "fabs": x}[v.fn]
    raise TypeError(v)


def value_slope(v, ivmax: dict[str, int], helpers: dict[str, Helper]) -> tuple[float, float] | None:
    """(a, b) with |v| <= a * Y + b whenever every read is <= Y; None if no such
    affine bound (a product of two reads)."""
    if isinstance(v, Read):
        return 1.0, 0.0
    if isinstance(v, Num):
        return 0.0, abs(v.value)
    if isinstance(v, Count):
        return 0.0, abs(v.coef) * ivmax[v.iv]
    if isinstance(v, Bin):
        a, b = value_slope(v.a, ivmax, helpers), value_slope(v.b, ivmax, helpers)
        if a is None or b is None:
            return None
        if v.op == "*":
            if a[0] and b[0]:
                return None
            (ka, kb), (xa, xb) = (a, b) if a[0] == 0 else (b, a)
            return kb * xa, kb * xb
        return a[0] + b[0], a[1] + b[1]
    if isinstance(v, Call):
        s = value_slope(v.arg, ivmax, helpers)
        if s is None:
            return None
        if v.fn in helpers:
            return helper_slope(helpers[v.fn], *s)
        return {"sqrt": (s[0] / 2, (s[1] + 1) / 2), "floor": (s[0], s[1] + 1.0), "exp": (0.0, 1.0),
                "sin": (0.0, 1.0), "fabs": s}[v.fn]
    return None


# ---------------------------------------------------------------------------
# The program, its ranges, normalization and text
# ---------------------------------------------------------------------------

@dataclass
class Program:
    seed: int
    params: list[Param]
    arrays: dict[str, Array]
    helpers: dict[str, Helper]
    kernels: list[Kernel]
    tables: dict[str, str] = field(default_factory=dict)  # pure helpers' tables: name -> double | int

    @property
    def box(self) -> Box:
        return {p.name: (p.lo, p.hi) for p in self.params}

    # -- ranges ---------------------------------------------------------------
    def sub_range(self, s: Sub, ranges: dict[str, Range]) -> Range:
        if s.kind == "aff":
            return extreme(s.aff, ranges, False), extreme(s.aff, ranges, True)
        if s.kind in ("idx", "mod"):
            return Aff(), Aff({}, s.n - 1)
        lo, hi = ranges[s.ivs[0]]
        a, b = box_value(lo, self.box, False), box_value(hi, self.box, True)
        if a < 0:
            raise ValueError("square of a counter that may be negative")
        return Aff({}, a * a), Aff({}, b * b)

    def accesses(self):
        """Yield (access, ranges of the counters around it), table reads included."""
        def of_access(acc: Access, ranges):
            yield acc, ranges
            for s in acc.subs:
                if s.kind == "idx":
                    yield Access(s.table, [s.inner]), ranges

        def rec(items, ranges):
            for it in items:
                if isinstance(it, Loop):
                    inner = dict(ranges)
                    inner[it.iv] = it.value_range(ranges)
                    yield from rec(it.body, inner)
                elif isinstance(it, Assign):
                    if it.target is not None:
                        yield from of_access(it.target, ranges)
                    for r in reads_of(it.value):
                        yield from of_access(r, ranges)
                elif isinstance(it, (Cond, Exit)):
                    yield from of_access(it.test, ranges)
                    if isinstance(it, Cond):
                        yield from rec(it.then + it.other, ranges)

        for k in self.kernels:
            for nest in k.nests:
                yield from rec(nest.items, {})

    def normalize(self, r: random.Random) -> None:
        """Shift each array dimension's affine subscripts to start at >= 0, then size
        the dimensions to hold every subscript's maximum over the box."""
        box = self.box
        mins: dict[tuple[str, int], int] = {}
        for acc, ranges in self.accesses():
            for d, s in enumerate(acc.subs):
                if s.kind == "aff":
                    lo = box_value(self.sub_range(s, ranges)[0], box, False)
                    mins[(acc.array, d)] = min(mins.get((acc.array, d), 0), lo)
        for acc, _ in self.accesses():
            for d, s in enumerate(acc.subs):
                if s.kind == "aff" and mins.get((acc.array, d), 0) < 0 and not s.shifted:
                    s.aff = s.aff.plus(-mins[(acc.array, d)])
                    s.shifted = True
        need: dict[tuple[str, int], list[Aff]] = {}
        for acc, ranges in self.accesses():
            for d, s in enumerate(acc.subs):
                lo, hi = self.sub_range(s, ranges)
                if box_value(lo, box, False) < 0:
                    raise AssertionError(f"{acc.array} dim {d}: negative subscript after normalization")
                need.setdefault((acc.array, d), []).append(hi)
        used = {a for a, _ in need}
        for name in [n for n in self.arrays if n not in used]:
            del self.arrays[name]
        for a in self.arrays.values():
            a.dims = []
            for d in range(a.rank):
                his = need.get((a.name, d), [Aff()])
                base = a.bases[d] if a.heap else None
                if base is None:
                    a.dims.append(max(box_value(h, box, True) for h in his) + 1 + r.choice((0, 0, 0, 1, 3)))
                else:
                    c = max(box_value(h.minus(Aff.var(base)), box, True) for h in his) + 1
                    a.dims.append(Aff.var(base, 1, max(c, 1 - box[base][0], 0)))

    # -- text -----------------------------------------------------------------
    def dim_text(self, a: Array, d: int) -> str:
        x = a.dims[d]
        return str(x) if isinstance(x, int) else x.text()

    def sub_text(self, s: Sub) -> str:
        if s.kind == "aff":
            return s.aff.text()
        if s.kind == "idx":
            return f"{s.table}[{s.inner.aff.text()}]"
        if s.kind == "mod":
            return f"({s.ivs[0]} * {s.ivs[1]}) % {s.n}"
        return f"{s.ivs[0]} * {s.ivs[0]}"

    def access_text(self, acc: Access) -> str:
        a = self.arrays[acc.array]
        subs = [self.sub_text(s) for s in acc.subs]
        if a.storage != "flat" or a.rank == 1:
            return a.name + "".join(f"[{s}]" for s in subs)
        lin = paren(subs[0])
        for d in range(1, a.rank):
            lin = subs[d] if lin == "0" else f"{lin} * {paren(self.dim_text(a, d))} + {subs[d]}"
            if d + 1 < a.rank:
                lin = paren(lin)
        return f"{a.name}[{lin}]"

    def num_text(self, x: float, elem: str) -> str:
        if elem == "int":
            return str(int(x))
        t = repr(float(x))
        return t + "f" if elem == "float" else t

    def value_text(self, v, elem: str, ctypes: dict[str, str]) -> str:
        if isinstance(v, Read):
            return self.access_text(v.access)
        if isinstance(v, Num):
            return self.num_text(v.value, elem)
        if isinstance(v, Count):
            iv = v.iv
            if elem == "int" and ctypes.get(iv) in ("unsigned", "size_t"):
                iv = f"(int){iv}"  # int arithmetic, not unsigned
            return iv if v.coef == 1 else f"{self.num_text(v.coef, elem)} * {iv}"
        if isinstance(v, Var):
            return v.name
        if isinstance(v, Bin):
            a = self.value_text(v.a, elem, ctypes)
            b = self.value_text(v.b, elem, ctypes)
            if isinstance(v.a, Bin) and (v.op == "*" and v.a.op != "*"):
                a = f"({a})"
            if isinstance(v.b, Bin) and (v.op == "*" and v.b.op != "*" or v.op == "-"):
                b = f"({b})"
            return f"{a} {v.op} {b}"
        if isinstance(v, Call):
            x = self.value_text(v.arg, elem, ctypes)
            if v.fn not in self.helpers and isinstance(v.arg, Read) and self.arrays[v.arg.access.array].elem == "int":
                x = f"(double){x}"  # fabs of an int: clang -Wall's -Wabsolute-value
            if v.fn in self.helpers:
                return f"{v.fn}({v.index.text()}, {x})" if v.index is not None else f"{v.fn}({x})"
            return {"sqrt": f"sqrt(fabs({x}))", "exp": f"exp(-fabs({x}))"}.get(v.fn, f"{v.fn}({x})")
        raise TypeError(v)

    def item_lines(self, it, kernel: Kernel, ind: str, ctypes: dict[str, str], scalars: dict[str, str]) -> list[str]:
        if isinstance(it, Raw):
            return [ind + it.text]
        if isinstance(it, Loop):
            ct = dict(ctypes)
            ct[it.iv] = it.ctype
            if it.down:
                inc = f"{it.iv}--" if it.step == 1 else f"{it.iv} -= {it.step}"
            else:
                inc = f"{it.iv}++" if it.step == 1 else f"{it.iv} += {it.step}"
            out = [f"{ind}for ({it.ctype} {it.iv} = {it.start.text()}; {it.iv} {it.cmp} {it.bound.text()}; {inc}) {{"]
            for b in it.body:
                out += self.item_lines(b, kernel, ind + "  ", ct, scalars)
            return out + [ind + "}"]
        if isinstance(it, Assign):
            if it.target is None:
                elem = {"long": "int"}.get(scalars[it.scalar], scalars[it.scalar])
                lhs = it.scalar
            else:
                elem = self.arrays[it.target.array].elem
                lhs = self.access_text(it.target)
            rhs = self.value_text(it.value, elem, ctypes)
            if it.wrap:
                rhs = f"({rhs}) {it.wrap}"
            return [f"{ind}{lhs} {it.op} {rhs};"]
        if isinstance(it, Cond):
            elem = self.arrays[it.test.array].elem
            out = [f"{ind}if ({self.access_text(it.test)} > {self.num_text(it.threshold, elem)}) {{"]
            for b in it.then:
                out += self.item_lines(b, kernel, ind + "  ", ctypes, scalars)
            if it.other:
                out.append(ind + "} else {")
                for b in it.other:
                    out += self.item_lines(b, kernel, ind + "  ", ctypes, scalars)
            return out + [ind + "}"]
        if isinstance(it, Exit):
            elem = self.arrays[it.test.array].elem
            what = "break" if it.kind == "break" else ("return r" if kernel.ret else "return")
            return [f"{ind}if ({self.access_text(it.test)} > {self.num_text(it.threshold, elem)})",
                    f"{ind}  {what};"]
        raise TypeError(it)

    def array_param(self, a: Array) -> str:
        if a.storage == "flat":
            return f"{a.elem} *{'restrict ' if a.restrict else ''}{a.name}"
        return f"{a.elem} {a.name}" + "".join(f"[{self.dim_text(a, d)}]" for d in range(a.rank))

    def kernel_arrays(self, k: Kernel) -> list[Array]:
        names = set()

        def rec(items):
            for it in items:
                if isinstance(it, Loop):
                    rec(it.body)
                elif isinstance(it, Assign):
                    if it.target is not None:
                        names.add(it.target.array)
                    names.update(r.array for r in reads_of(it.value))
                elif isinstance(it, (Cond, Exit)):
                    names.add(it.test.array)
                    if isinstance(it, Cond):
                        rec(it.then + it.other)
        for nest in k.nests:
            rec(nest.items)
        return [a for a in self.arrays.values() if a.name in names and a.param]

    def text(self) -> str:
        L: list[str] = [
            f"/* Tessel coverage program, seed {self.seed} (scripts/fuzz/generate_c.py {self.seed}).",
            "   Sizes: " + ", ".join(f"{p.name} in [{p.lo}, {p.hi}], default {p.default}" for p in self.params)
            + ". Each nest's form is the comment above it. */",
            "#include <math.h>", "#include <stdint.h>", "#include <stdio.h>", "#include <stdlib.h>",
            "#include <string.h>", ""]
        for a in self.arrays.values():
            if a.storage in ("global", "fixed"):
                L.append(f"{a.elem} {a.name}" + "".join(f"[{d}]" for d in a.dims) + ";")
        called = self.called()
        for t, elem in self.used_tables().items():
            L.append(f"static {elem} {t}[16];")
        L.append("")
        for h in [h for h in self.helpers.values() if h.name in called]:
            # nodebug: inlined, the helper's code takes the call's line, so that a tool's
            # remark about a region around the call stays within the calling nest's lines
            attrs = h.kind + (", noinline" if h.noinline else "") + ", nodebug"
            params, body = helper_body(h)
            L += [f"__attribute__(({attrs})) static {h.elem} {h.name}({params})", "{",
                  f"  return {body};", "}", ""]
        for k in self.kernels:
            L += self.kernel_text(k)
        L += self.main_text()
        return "\n".join(L) + "\n"

    def called(self) -> set[str]:
        """The helpers some statement calls (a statement drawn again may have left one
        unused: it is not written, so that no static function goes unused)."""
        out: set[str] = set()

        def value(v):
            if isinstance(v, Call):
                out.add(v.fn)
                value(v.arg)
            elif isinstance(v, Bin):
                value(v.a)
                value(v.b)

        def rec(items):
            for it in items:
                if isinstance(it, Loop):
                    rec(it.body)
                elif isinstance(it, Assign):
                    value(it.value)
                elif isinstance(it, Cond):
                    rec(it.then + it.other)
        for k in self.kernels:
            for nest in k.nests:
                rec(nest.items)
        return out

    def used_tables(self) -> dict[str, str]:
        called = self.called()
        tables = {h.table for h in self.helpers.values() if h.name in called}
        return {t: elem for t, elem in self.tables.items() if t in tables}

    def kernel_text(self, k: Kernel) -> list[str]:
        params = [f"{k.size_type} {p.name}" for p in self.params]
        params += [self.array_param(a) for a in self.kernel_arrays(k)]
        ret = k.ret or "void"
        L = [f"__attribute__((noinline)) {ret} {k.name}({', '.join(params)})", "{"]
        if k.ret:
            L.append("  double r = 0.0;")
        scalars: dict[str, str] = {}
        for nest in k.nests:
            for it in nest.items:
                if isinstance(it, Raw) and it.text.split()[0] in ("double", "float", "long"):
                    scalars[it.text.split()[1]] = it.text.split()[0]
        for nest in k.nests:
            L.append(f"  /* form: {nest.form}{' (' + nest.note + ')' if nest.note else ''} */")
            for it in nest.items:
                L += self.item_lines(it, k, "  ", {}, scalars)
        if k.ret:
            L.append("  return r;")
        return L + ["}", ""]

    def main_text(self) -> list[str]:
        L = ["static uint64_t hash_elements(const void *p, size_t count, size_t size)", "{",
             "  uint64_t h = 14695981039346656037ULL;",
             "  /* form: checksum */",
             "  for (size_t t = 0; t < count; t++) {",
             "    uint64_t w = 0;",
             "    if (size == 8) {",
             "      memcpy(&w, (const char *)p + t * size, 8);",
             "    } else {",
             "      uint32_t u;",
             "      memcpy(&u, (const char *)p + t * size, 4);",
             "      w = u;",
             "    }",
             "    h = (h ^ w) * 1099511628211ULL;",
             "  }",
             "  return h;", "}", "",
             "int main(int argc, char **argv)", "{"]
        for i, p in enumerate(self.params):
            L.append(f"  int {p.name} = argc > {i + 1} ? atoi(argv[{i + 1}]) : {p.default};")
            L.append(f"  if ({p.name} < {p.lo} || {p.name} > {p.hi})")
            L.append(f"    {p.name} = {p.default};")
        for a in self.arrays.values():
            if a.storage == "vla":
                dims = [self.dim_text(a, d) for d in range(a.rank)]
                ptr = f"(*{a.name})" + "".join(f"[{x}]" for x in dims[1:])
                L.append(f"  {a.elem} {ptr} = malloc(sizeof({a.elem}" + "".join(f"[{x}]" for x in dims) + "));")
            elif a.storage == "flat":
                L.append(f"  {a.elem} *{a.name} = malloc(sizeof({a.elem}) * {self.count_text(a)});")
        for t, elem in self.used_tables().items():
            L.append("  /* form: init */")
            if elem == "double":
                L.append(f"  for (int k = 0; k < 16; k++) {{\n    {t}[k] = (double)((k * 5 + 1) % 16) / 16.0;\n  }}")
            else:
                L.append(f"  for (int k = 0; k < 16; k++) {{\n    {t}[k] = (k * 5 + 1) % 11;\n  }}")
        for num, a in enumerate(self.arrays.values()):
            L += self.init_lines(a, num)
        for k in self.kernels:
            call = f"{k.name}({', '.join([p.name for p in self.params] + [a.name for a in self.kernel_arrays(k)])})"
            L.append(f"  double ret_{k.name} = {call};" if k.ret else f"  {call};")
        for a in self.arrays.values():
            size = "8" if a.elem == "double" else "4"
            L.append(f'  printf("{a.name} %016llx\\n", (unsigned long long)hash_elements({a.name}, '
                     f'{self.count_text(a)}, {size}));')
        for k in self.kernels:
            if k.ret:
                L.append(f'  printf("{k.name} %016llx\\n", (unsigned long long)hash_elements(&ret_{k.name}, 1, 8));')
        for a in self.arrays.values():
            if a.heap:
                L.append(f"  free({a.name});")
        return L + ["  return 0;", "}"]

    def count_text(self, a: Array) -> str:
        parts = [paren(self.dim_text(a, d)) for d in range(a.rank)]
        return "(size_t)" + " * ".join(parts)

    def init_lines(self, a: Array, num: int) -> list[str]:
        ivs = ["i", "j", "k"][:a.rank]
        L = ["  /* form: init */"]
        ind = "  "
        for d, iv in enumerate(ivs):
            L.append(f"{ind}for (int {iv} = 0; {iv} < {self.dim_text(a, d)}; {iv}++) {{")
            ind += "  "
        mix = " + ".join(f"{iv} * {c}" for iv, c in zip(ivs, (7, 3, 5))) + f" + {num}"
        acc = self.access_text(Access(a.name, [Sub(aff=Aff.var(iv)) for iv in ivs]))
        if a.role == "index":
            L.append(f"{ind}{acc} = ({mix}) % {a.values};")
        elif a.elem == "int":
            L.append(f"{ind}{acc} = ({mix}) % 11 - 5;")
        else:
            one = "10.0f" if a.elem == "float" else "10.0"
            L.append(f"{ind}{acc} = ({a.elem})(({mix}) % 11) / {one};")
        for d in range(a.rank):
            ind = ind[:-2]
            L.append(f"{ind}}}")
        return L


def paren(t: str) -> str:
    return t if t.isidentifier() or t.isdigit() else f"({t})"


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------

@dataclass
class NestCtx:
    """What a nest's statements write and read, for the overflow rules."""
    written: set[str] = field(default_factory=set)   # targets of contracting statements
    owned: set[str] = field(default_factory=set)     # targets of the other statements
    read: set[str] = field(default_factory=set)      # arrays the values read
    stmts: list = field(default_factory=list)        # (Assign, iterations, counters' maxima)


def wrap_kind(st: Assign) -> tuple[str, int]:
    """An int statement's wrap: ("%", K), ("/", K) or ("", 0)."""
    if not st.wrap:
        return "", 0
    op, k = st.wrap.split()
    return op, int(k)


class Gen:
    def __init__(self, seed: int):
        self.seed = seed
        self.r = random.Random(seed)
        self.scalar_bounds: dict[str, float] = {}
        self.scalar_types: dict[str, str] = {}
        self.nscalars = 0

    # -- the program ----------------------------------------------------------
    def program(self) -> Program:
        r = self.r
        params = []
        for name in PARAM_NAMES[:r.choice((1, 2, 2, 3, 3))]:
            default = r.randint(12, 60)
            lo = max(8, default - r.randint(0, 8))
            hi = min(80, default + r.randint(0, 16))
            params.append(Param(name, lo, hi, default))
        self.params = params
        self.box: Box = {p.name: (p.lo, p.hi) for p in params}
        self.prog = Program(self.seed, params, {}, {}, [])
        for _ in range(r.randint(2, 4)):
            self.new_array(r.choice((1, 2, 2, 2, 3)))
        for ki in range(r.randint(1, 4)):
            self.kernel = Kernel(f"kernel_{ki + 1}", r.choice(SIZE_TYPES))
            self.nscalars = 0
            for _ in range(r.randint(1, 3)):
                self.kernel.nests.append(self.nest())
            self.prog.kernels.append(self.kernel)
        self.prog.normalize(random.Random(self.seed * 7919 + 3))
        return self.prog

    def new_array(self, rank: int, elem: str | None = None, storage: str | None = None,
                  role: str = "data") -> Array:
        r = self.r
        arrays = self.prog.arrays
        prefix = "idx" if role == "index" else "A"
        name = f"{prefix}{sum(1 for a in arrays.values() if a.role == role)}"
        elem = elem or r.choice(ELEM_TYPES)
        storage = storage or r.choice(("global", "global", "fixed", "vla", "vla", "flat", "flat"))
        bases = [r.choice([p.name for p in self.params]) if r.random() < 0.85 else None for _ in range(rank)]
        a = Array(name, elem, rank, storage, bases, bound=INIT_BOUND[elem],
                  restrict=storage == "flat" and r.random() < 0.4, role=role)
        arrays[name] = a
        return a

    def data_arrays(self, pred=lambda a: True) -> list[Array]:
        return [a for a in self.prog.arrays.values() if a.role == "data" and pred(a)]

    def pick_array(self, ok=lambda a: True, rank: int | None = None, kind: str | None = None,
                   fresh_rank: int = 2) -> Array:
        """An existing data array that `ok` accepts, of `rank` and of `kind` (float:
        float or double; int), preferring small magnitudes; sometimes (or when there is
        none) a new one."""
        def kind_ok(elem: str) -> bool:
            return kind is None or (elem == "int") == (kind == "int")
        cands = self.data_arrays(lambda a: ok(a) and (rank is None or a.rank == rank) and kind_ok(a.elem))
        if cands and (len(self.prog.arrays) >= 9 or self.r.random() < 0.85):
            cands.sort(key=lambda a: a.bound)
            return self.r.choice(cands[:max(2, (len(cands) + 1) // 2)])
        return self.new_array(rank or fresh_rank, self.r.choice([e for e in ELEM_TYPES if kind_ok(e)]))

    # -- loops ----------------------------------------------------------------
    def natural(self) -> str:
        return self.kernel.size_type

    def std_loop(self, iv: str) -> Loop:
        return Loop(iv, self.natural(), Aff(), "<", Aff.var(self.r.choice([p.name for p in self.params])), 1)

    def check_loops(self, loops: list[Loop]) -> dict[str, Range]:
        """The counters' ranges; Retry if a loop breaks a rule (a start or bound that
        may be negative, a counter that may leave its type, a `!=` that may miss)."""
        ranges: dict[str, Range] = {}
        box = self.box
        for lp in loops:
            t = COUNTER_TYPES[lp.ctype]
            for e in (lp.start, lp.bound):
                if box_value(extreme(e, ranges, False), box, False) < 0:
                    raise Retry("negative start or bound")
            start_max = box_value(extreme(lp.start, ranges, True), box, True)
            if lp.down:
                if not t.signed or lp.bound.terms:
                    raise Retry("downward loops are signed and stop at a constant")
                exit_min = lp.bound.const + (1 if lp.cmp == ">" else 0) - lp.step
                if exit_min < t.lo or start_max > t.hi:
                    raise Retry("counter leaves its type")
            else:
                hi = box_value(extreme(lp.bound, ranges, True), box, True)
                exit_max = {"<": hi - 1 + lp.step, "<=": hi + lp.step, "!=": hi}[lp.cmp]
                if exit_max > t.hi or start_max > t.hi:
                    raise Retry("counter leaves its type")
                if lp.cmp == "!=":
                    gap = lp.bound.minus(lp.start)
                    if box_value(extreme(gap, ranges, False), box, False) < 0:
                        raise Retry("!= bound below the start")
                    if lp.step > 1 and (lp.start.terms or gap.const % lp.step
                                        or any(c % lp.step for c in gap.terms.values())):
                        raise Retry("!= bound not a multiple of the step")
            ranges[lp.iv] = lp.value_range(ranges)
        return ranges

    def trips(self, loops: list[Loop], ranges: dict[str, Range]) -> int:
        """An upper bound of the iterations of the innermost of `loops`' bodies."""
        n = 1
        for lp in loops:
            lo, hi = ranges[lp.iv]
            n *= max(1, (box_value(hi, self.box, True) - box_value(lo, self.box, False)) // lp.step + 1)
        return n

    def ivmax(self, ranges: dict[str, Range]) -> dict[str, int]:
        return {v: max(0, box_value(hi, self.box, True)) for v, (_, hi) in ranges.items()}

    # -- accesses -------------------------------------------------------------
    def offset(self) -> int:
        return self.r.choice((0,) * 7 + (1, -1, 2, -2)) if self.r.random() < 0.5 else 0

    def access(self, a: Array, ivs: list[str], style: str = "", offsets: bool = True) -> Access:
        """Subscripts from the counters: aligned (the innermost counters in order, row
        major), transposed, or random; small offsets."""
        r = self.r
        style = style or r.choice(("aligned",) * 6 + ("transposed", "transposed", "random"))
        if style == "random":
            picks = [r.choice(ivs) for _ in range(a.rank)]
        else:
            picks = list(ivs[-a.rank:]) if len(ivs) >= a.rank else [None] * (a.rank - len(ivs)) + list(ivs)
            if style == "transposed":
                picks.reverse()
        subs = []
        for iv in picks:
            if iv is None:
                subs.append(Sub(aff=Aff({}, r.randint(0, 2))))
            else:
                subs.append(Sub(aff=Aff.var(iv, 1, self.offset() if offsets else 0)))
        return Access(a.name, subs)

    # -- statements -----------------------------------------------------------
    def weights(self, k: int) -> list[float]:
        pool = (0.5, 0.25, 0.125, 0.3, 0.2, 0.1, 0.75)
        w = [self.r.choice(pool) for _ in range(k)]
        s = sum(w)
        if s > 0.95:
            w = [round(x * 0.9 / s, 3) for x in w]
        return w

    def combo(self, target: Array, ivs: list[str], ctx: NestCtx, nreads: int, self_read: Access | None,
              extra=None) -> object:
        """A contracting value: weighted reads (+ a constant, + a counter term); int:
        small integer weights (the caller wraps it % K). `extra` rewrites the first read."""
        r = self.r
        is_int = target.elem == "int"
        reads = [self_read] if self_read is not None else []
        for _ in range(nreads):
            src = self.pick_array(lambda a: a.name not in ctx.owned, kind="int" if is_int else None)
            reads.append(self.access(src, ivs))
        terms = []
        weights = [r.choice((1, 1, 2, 3)) for _ in reads] if is_int else self.weights(len(reads))
        for w, acc in zip(weights, reads):
            x = Read(acc) if extra is None or terms else extra(Read(acc), target.elem)
            terms.append(x if w == 1 else Bin("*", Num(w), x))
        if r.random() < 0.3:
            terms.append(Num(r.randint(1, 9) if is_int else r.choice((0.5, 0.25, 1.0))))
        if r.random() < 0.15:
            terms.append(Count(r.choice(ivs), 2 if is_int else 0.01))
        v = terms[0]
        for t in terms[1:]:
            v = Bin("-" if is_int and r.random() < 0.3 else "+", v, t)
        return v

    def stmt(self, ivs: list[str], ctx: NestCtx, loops: list[Loop], ranges, kind: str = "",
             extra=None, tkind: str | None = None) -> Assign:
        """A statement in the body of `loops` that keeps the overflow rules, drawn until
        one does (the last resort: a constant store). kind: combo (contracting),
        product or reduce; tkind: the target's kind (float or int) when `extra` needs one."""
        r = self.r
        for _ in range(12):
            try:
                return self.try_stmt(ivs, ctx, loops, ranges, kind or r.choice(("combo",) * 5 + ("product", "reduce")),
                                     extra, tkind)
            except Retry:
                continue
        t = self.pick_array(lambda a: a.name not in ctx.owned, kind=tkind)
        st = Assign(self.access(t, ivs), Num(0.5 if t.elem != "int" else 3), contracting=True)
        self.admit(st, ctx, loops, ranges)
        return st

    def try_stmt(self, ivs, ctx: NestCtx, loops, ranges, kind: str, extra, tkind) -> Assign:
        r = self.r
        if kind == "combo":
            t = self.pick_array(lambda a: a.name not in ctx.owned, kind=tkind)
            tacc = self.access(t, ivs, r.choice(("aligned",) * 4 + ("transposed",)), offsets=r.random() < 0.3)
            self_read = tacc if r.random() < 0.35 else None
            v = self.combo(t, ivs, ctx, r.randint(1, 2) if self_read else r.randint(1, 3), self_read, extra)
            st = Assign(tacc, v, wrap=f"% {r.choice((97, 251, 1021, 4093))}" if t.elem == "int" else "",
                        contracting=True)
        else:
            busy = ctx.written | ctx.owned | ctx.read
            t = self.pick_array(lambda a: a.name not in busy, kind=tkind)
            kind_t = "int" if t.elem == "int" else None
            ok = lambda a: a.name not in ctx.written | ctx.owned and a.name != t.name  # noqa: E731
            a1 = self.access(self.pick_array(ok, kind=kind_t), ivs)
            a2 = self.access(self.pick_array(ok, kind=kind_t), ivs)
            x = Read(a1) if extra is None else extra(Read(a1), t.elem)
            if kind == "product":
                v = Bin("*", x, Read(a2))
                if r.random() < 0.5:
                    v = Bin("+", v, Num(0.5 if t.elem != "int" else 3))
                wrap = f"% {r.choice((251, 1021))}" if t.elem == "int" and r.random() < 0.6 else ""
                st = Assign(self.access(t, ivs, offsets=False), v, wrap=wrap, contracting=bool(wrap))
            else:
                v = Bin("*", x, Read(a2)) if r.random() < 0.6 else x
                if t.elem != "int" and r.random() < 0.5:
                    v = Bin("*", Num(0.5), v)
                st = Assign(self.access(t, ivs, offsets=False), v, op="+=")
        self.admit(st, ctx, loops, ranges)
        return st

    def admit(self, st: Assign, ctx: NestCtx, loops: list[Loop], ranges) -> None:
        """Check the overflow rules for st in its nest (Retry if it breaks one) and
        record it in ctx."""
        reads = {a.array for a in reads_of(st.value)}
        tname = st.target.array if st.target is not None else st.scalar
        im = self.ivmax(ranges)
        if st.contracting:
            if tname in ctx.owned or reads & ctx.owned:
                raise Retry("a contracting statement touches a non-contracting target")
            op, k = wrap_kind(st)
            if op != "%":
                s = value_slope(st.value, im, self.prog.helpers)
                # float: total weight below 1, or exactly 1 with no constant; int without
                # `% K`: weight at most 1 (K after `/ K`), no constant
                is_int = self.prog.arrays[tname].elem == "int"
                a_max = float(k) if op == "/" else 1.0
                if s is None or s[0] > a_max + 1e-9 or (s[1] > 0 and (is_int or s[0] > 1 - 1e-9)):
                    raise Retry("not contracting")
        elif tname in ctx.written | ctx.owned | ctx.read or reads & (ctx.written | ctx.owned) or tname in reads:
            raise Retry("a non-contracting statement in a cycle")
        trial = NestCtx(set(ctx.written), set(ctx.owned), set(ctx.read), list(ctx.stmts))
        (trial.written if st.contracting else trial.owned).add(tname)
        trial.read |= reads
        trial.stmts.append((st, self.trips(loops, ranges), im))
        self.settle(trial, commit=False)
        ctx.written, ctx.owned, ctx.read, ctx.stmts = trial.written, trial.owned, trial.read, trial.stmts

    def bound_of(self, name: str) -> float:
        if name in self.prog.arrays:
            return self.prog.arrays[name].bound
        return self.scalar_bounds[name]

    def settle(self, ctx: NestCtx, commit: bool) -> None:
        """The nest's effect on the magnitude bounds: Retry if some value may overflow;
        with commit, record the new bounds.

        Contracting statements: every value they read or write in the nest stays below
        y, the largest bound before the nest of the arrays they touch, raised to each
        float statement's fixed point b / (1 - a) and each `% K`'s K - 1 (an int
        statement's inner value, at y, must fit). The others read nothing the nest
        writes: their bound is their value's (times the iterations for +=)."""
        helpers = self.prog.helpers
        arrays = self.prog.arrays
        contracting = [(s, im) for s, _, im in ctx.stmts if s.contracting]
        involved: set[str] = set()
        for s, _ in contracting:
            involved.add(s.target.array)
            involved |= {a.array for a in reads_of(s.value)}
        y = max([self.bound_of(a) for a in involved] + [0.0])
        y_int = max([self.bound_of(a) for a in involved if arrays[a].elem == "int"] + [0.0])
        for s, im in contracting:
            op, k = wrap_kind(s)
            if op == "%":
                y, y_int = max(y, k - 1.0), max(y_int, k - 1.0)
            elif arrays[s.target.array].elem != "int":
                a, b = value_slope(s.value, im, helpers)
                if a < 1 - 1e-9:
                    y = max(y, b / (1 - a))
        new: dict[str, float] = {}
        for s, im in contracting:
            t = arrays[s.target.array]
            if t.elem == "int":
                inner = value_bound(s.value, lambda n: y_int if n in involved else self.bound_of(n), im, helpers)
                if inner >= INT_LIMIT:
                    raise Retry("int overflow")
                op, k = wrap_kind(s)
                new[t.name] = max(new.get(t.name, t.bound), k - 1.0 if op == "%" else y_int)
            else:
                if y > FLOAT_LIMIT:
                    raise Retry("float bound")
                new[t.name] = max(new.get(t.name, t.bound), y)
        for s, iters, im in ctx.stmts:
            if s.contracting:
                continue
            v = value_bound(s.value, self.bound_of, im, helpers)
            name = s.target.array if s.target is not None else s.scalar
            old = new.get(name, self.bound_of(name))
            b = old + iters * v if s.op == "+=" else max(old, v)
            kind = arrays[name].elem if name in arrays else self.scalar_types[name]
            limit = {"int": INT_LIMIT, "long": LONG_LIMIT}.get(kind, FLOAT_LIMIT)
            if b >= limit or v >= limit:
                raise Retry("overflow")
            new[name] = b
        if commit:
            for name, b in new.items():
                if name in arrays:
                    arrays[name].bound = b
                else:
                    self.scalar_bounds[name] = b

    # -- nests ----------------------------------------------------------------
    def nest(self) -> Nest:
        """One nest: a form drawn by group weight, built until its random choices keep
        the rules (the generator's state restored after each failed try)."""
        r = self.r
        groups = list(FORM_GROUPS.items())
        group = r.choices([g for g, _ in groups], weights=[w for _, (w, _) in groups])[0]
        form = r.choice(FORM_GROUPS[group][1])
        for attempt in range(40):
            saved = self.snapshot()
            try:
                return self.build(form if attempt < 39 else "affine")
            except Retry:
                self.restore(saved)
        raise RuntimeError(f"seed {self.seed}: no nest of form {form} keeps the rules")

    def snapshot(self):
        return copy.deepcopy((self.prog.arrays, self.prog.helpers, self.prog.tables, self.scalar_bounds,
                              self.scalar_types, self.nscalars, self.kernel.ret))

    def restore(self, saved) -> None:
        (self.prog.arrays, self.prog.helpers, self.prog.tables, self.scalar_bounds,
         self.scalar_types, self.nscalars, self.kernel.ret) = saved

    def build(self, form: str) -> Nest:
        r = self.r
        if form.startswith("affine-"):
            return getattr(self, "nest_" + form[len("affine-"):])(form)
        depth = max(2 if form in ("triangular", "mod-subscript") else 1, r.choice((1, 1, 2, 2, 2, 3, 3)))
        ivs = ["i", "j", "k"][:depth]
        loops = [self.std_loop(iv) for iv in ivs]
        note = self.shape_loops(form, loops)
        ranges = self.check_loops(loops)
        ctx = NestCtx()
        if form == "live-scalar":
            return self.live_scalar(form, loops, ivs, ranges, ctx)
        if form in ("math-call", "const-helper", "pure-helper", "noinline-helper"):
            extra, note, tkind = self.call_wrapper(form, ivs)
            body = [self.stmt(ivs, ctx, loops, ranges, extra=extra, tkind=tkind)]
        elif form in ("index-array", "mod-subscript", "square-subscript"):
            body = [self.nonaffine(form, ivs, ctx, loops, ranges)]
        elif form == "data-condition":
            test = self.access(self.pick_array(), ivs)
            then = [self.stmt(ivs, ctx, loops, ranges)]
            other = [self.stmt(ivs, ctx, loops, ranges)] if r.random() < 0.5 else []
            body = [Cond(test, self.threshold(test), then, other)]
        elif form in ("break", "return"):
            test = self.access(self.pick_array(), ivs)
            ex = Exit(test, self.threshold(test, high=True), form)
            st = self.stmt(ivs, ctx, loops, ranges)
            body = [ex, st] if r.random() < 0.5 else [st, ex]
        else:
            body = [self.stmt(ivs, ctx, loops, ranges)]
            if r.random() < 0.3:
                body.append(self.stmt(ivs, ctx, loops, ranges))
        self.settle(ctx, commit=True)
        return Nest(form, note, [self.wrap(loops, body)])

    def shape_loops(self, form: str, loops: list[Loop]) -> str:
        """Give the loops the form's counters, steps or bounds; returns the note."""
        r = self.r
        if form.startswith("counter-"):
            t = form[len("counter-"):].replace("-", " ")
            for lp in [lp for lp in loops if r.random() < 0.6] or [r.choice(loops)]:
                lp.ctype = t
            return f"against {self.natural()} bounds"
        if form.startswith("step-"):
            r.choice(loops).step = int(form[-1])
            return ""
        if form == "unsigned-step":
            lp = r.choice(loops)
            lp.ctype = r.choice(("unsigned", "size_t", "unsigned short", "unsigned char"))
            lp.step = r.randint(2, 4)
            return f"{lp.ctype} against {self.natural()} bounds"
        if form == "downward":
            lp = r.choice(loops)
            if not COUNTER_TYPES[lp.ctype].signed:
                lp.ctype = r.choice(("int", "int", "long", "short", "signed char"))
            lp.step = r.choice((1, 1, 2, 3))
            if r.random() < 0.7:
                lp.start, lp.cmp, lp.bound = lp.bound.plus(-1), ">=", Aff({}, r.choice((0, 0, 1)))
            else:
                lp.start, lp.cmp, lp.bound = lp.bound, ">", Aff()
            return lp.ctype
        if form == "bound-le":
            lp = r.choice(loops)
            lp.cmp, lp.bound = "<=", lp.bound.plus(-r.choice((1, 1, 2)))
            return ""
        if form == "bound-ne":
            k = r.randrange(len(loops))
            lp = loops[k]
            lp.cmp = "!="
            if r.random() < 0.4:
                lp.step = r.randint(2, 3)
                lp.bound = lp.bound.scaled(lp.step)
                return f"step {lp.step}"
            if k > 0 and r.random() < 0.5:
                lp.bound = Aff.var(loops[k - 1].iv, 1, r.choice((0, 1)))
                return "triangular"
            return ""
        if form == "triangular":
            k = r.randint(1, len(loops) - 1)
            lp, outer = loops[k], loops[k - 1].iv
            shape = r.choice(("le", "lt", "gt", "ge"))
            if shape == "le":
                lp.cmp, lp.bound = "<=", Aff.var(outer)
            elif shape == "lt":
                lp.bound = Aff.var(outer, 1, r.choice((0, 1)))
            else:
                lp.start = Aff.var(outer, 1, 1 if shape == "gt" else 0)
            return f"{lp.iv} {'<=' if shape == 'le' else '<' if shape == 'lt' else 'from'} {outer}"
        if form == "offset-bounds":
            for lp in loops:
                if lp is loops[0] or r.random() < 0.5:
                    lp.start = Aff({}, r.choice((1, 1, 2)))
                    lp.bound = lp.bound.plus(-r.choice((1, 2, 3)))
        return ""

    def wrap(self, loops: list[Loop], body: list) -> Loop:
        for lp in reversed(loops):
            lp.body = body
            body = [lp]
        return body[0]

    def threshold(self, test: Access, high: bool = False) -> float:
        if self.prog.arrays[test.array].elem == "int":
            return float(self.r.choice((3, 4)) if high else self.r.choice((0, 1, 2)))
        return self.r.choice((0.95, 1.5)) if high else self.r.choice((0.5, 0.3, 0.7))

    def call_wrapper(self, form: str, ivs: list[str]):
        """(a function that wraps a read in the form's call, the note, the target's kind)."""
        r = self.r
        if form == "math-call":
            fn = r.choice(MATH_FNS)
            return (lambda x, elem: Call(fn, x)), fn, "float"
        kind = {"const-helper": "const", "pure-helper": "pure"}.get(form) or r.choice(("const", "pure"))
        noinline = form == "noinline-helper" or r.random() < 0.15
        h = self.helper(kind, "double" if r.random() < 0.8 else "int", noinline)
        index = Aff({iv: 1 for iv in r.sample(ivs, min(len(ivs), r.randint(1, 2)))}) if kind == "pure" else None
        note = f"{h.name}: {kind}{', noinline' if noinline else ''}"
        return (lambda x, elem: Call(h.name, x, index)), note, "int" if h.elem == "int" else "float"

    def helper(self, kind: str, elem: str, noinline: bool) -> Helper:
        for h in self.prog.helpers.values():
            if (h.kind, h.elem, h.noinline) == (kind, elem, noinline) and self.r.random() < 0.6:
                return h
        name = f"h{len(self.prog.helpers)}"
        table = ""
        if kind == "pure":
            table = f"{'tab' if elem == 'double' else 'itab'}{len(self.prog.tables)}"
            self.prog.tables[table] = elem
        shapes = 3 if kind == "const" and elem == "double" else 2
        h = Helper(name, kind, elem, self.r.randrange(shapes), noinline, table)
        self.prog.helpers[name] = h
        return h

    def nonaffine(self, form: str, ivs: list[str], ctx: NestCtx, loops, ranges) -> Assign:
        """A statement with a read through an index table (B[idx[j]]; one time in four a
        scatter, B[idx[j]] = ...), at (i * j) % N, or at i * i (a 1-d global)."""
        r = self.r
        if form == "index-array":
            table = self.new_array(1, "int", "global", role="index")
            table.values = r.randint(6, 40)
            sub = Sub("idx", table=table.name, inner=Sub(aff=Aff.var(r.choice(ivs), 1, self.offset())),
                      n=table.values)
            src = self.pick_array()
        elif form == "mod-subscript":
            sub = Sub("mod", ivs=tuple(r.sample(ivs, 2)), n=r.randint(5, 40))
            src = self.pick_array()
        else:
            sub = Sub("square", ivs=(r.choice(ivs),))
            src = self.pick_array(lambda a: a.storage == "global", rank=1, fresh_rank=1)
            src.storage = "global"
        acc = self.access(src, ivs)
        acc.subs[r.randrange(src.rank)] = sub
        if form == "index-array" and r.random() < 0.25:
            st = Assign(acc, self.combo(src, ivs, ctx, 1, None), wrap="% 1021" if src.elem == "int" else "",
                        contracting=True)
            self.admit(st, ctx, loops, ranges)
            return st

        def mix(x, elem):
            if elem == "int":
                return Bin("+", x, Read(acc))
            return Bin("+", Bin("*", Num(0.5), x), Bin("*", Num(0.25), Read(acc)))
        return self.stmt(ivs, ctx, loops, ranges, "combo", extra=mix,
                         tkind="float" if src.elem != "int" else None)

    def live_scalar(self, form, loops, ivs, ranges, ctx) -> Nest:
        """s = 0; a nest that sums into s (or keeps the last value over a threshold),
        half the time beside a store; then s stored into an array element or added to
        the kernel's result."""
        r = self.r
        name = f"s{self.nscalars}"
        self.nscalars += 1
        # Half the time the nest also stores (first, so that the scalar's bound sees the
        # arrays' new ones): a nest that writes memory and has a live-out scalar.
        beside = self.stmt(ivs, ctx, loops, ranges) if r.random() < 0.5 else None
        src = self.pick_array()
        stype = "long" if src.elem == "int" else r.choice(("double", "double", "float"))
        self.scalar_types[name] = stype
        self.scalar_bounds[name] = 0.0
        acc = self.access(src, ivs)
        if r.random() < 0.75:
            other = self.pick_array(kind="int" if src.elem == "int" else None)
            v = Bin("*", Read(acc), Read(self.access(other, ivs))) if r.random() < 0.5 else Read(acc)
            st = Assign(None, v, "+=", name)
            note = "sum"
            body = [st]
        else:
            st = Assign(None, Read(acc), "=", name)
            note = "last value over a threshold"
            body = [Cond(acc, self.threshold(acc), [st])]
        if beside is not None:
            body = [beside] + body if r.random() < 0.5 else body + [beside]
            note += ", beside a store"
        self.admit(st, ctx, loops, ranges)
        self.settle(ctx, commit=True)
        zero = "0" if stype == "long" else "0.0"
        items = [Raw(f"{stype} {name} = {zero};"), self.wrap(loops, body)]
        dests = self.data_arrays(lambda a: (a.elem == "int") == (stype == "long"))
        if dests and r.random() < 0.5:
            t = r.choice(dests)
            tacc = Access(t.name, [Sub(aff=Aff({}, r.randint(0, 1))) for _ in range(t.rank)])
            if t.elem == "int":
                items.append(Assign(tacc, Var(f"(int)({name} % 1021)")))
                t.bound = max(t.bound, 1020.0)
            else:
                items.append(Assign(tacc, Var(name)))
                t.bound = max(t.bound, self.scalar_bounds[name])
            note += f", stored in {t.name}"
        else:
            self.kernel.ret = "double"
            items.append(Raw(f"r += {name};"))
            note += ", returned"
        return Nest(form, note, items)

    # -- the control group ----------------------------------------------------
    def nest_matmul(self, form: str) -> Nest:
        """C[i][j] += A[i][k] * B[k][j] in the orders ijk and ikj; ijk sometimes with C
        cleared or scaled before the k loop (gemm's shape)."""
        r = self.r
        loops = {v: self.std_loop(v) for v in "ijk"}
        order = r.choice(("ijk", "ikj", "ijk"))
        ls = [loops[v] for v in order]
        ranges = self.check_loops(ls)
        ctx = NestCtx()
        kind = "int" if r.random() < 0.2 else "float"
        c = self.pick_array(rank=2, kind=kind)
        a = self.pick_array(lambda x: x.name != c.name, rank=2, kind=kind)
        b = self.pick_array(lambda x: x.name != c.name, rank=2, kind=kind)

        def at(arr: Array, u: str, v: str) -> Access:
            return Access(arr.name, [Sub(aff=Aff.var(u)), Sub(aff=Aff.var(v))])
        st = Assign(at(c, "i", "j"), Bin("*", Read(at(a, "i", "k")), Read(at(b, "k", "j"))), "+=")
        self.admit(st, ctx, ls, ranges)
        self.settle(ctx, commit=True)
        if order == "ijk" and r.random() < 0.5:
            scaled = kind == "float" and r.random() < 0.5
            init = Assign(at(c, "i", "j"), Bin("*", Num(0.5), Read(at(c, "i", "j"))) if scaled else Num(0.0))
            loops["k"].body = [st]
            loops["j"].body = [init, loops["k"]]
            loops["i"].body = [loops["j"]]
            return Nest(form, f"ijk, C {'scaled' if scaled else 'cleared'} before the k loop", [loops["i"]])
        return Nest(form, order, [self.wrap(ls, [st])])

    def nest_stencil(self, form: str) -> Nest:
        """A Jacobi (two arrays) or Seidel (in place) 3- or 5-point sweep over 1..n-2,
        sometimes inside a time loop."""
        r = self.r
        rank = r.choice((1, 2, 2))
        ivs = ["i", "j"][:rank]
        loops = []
        for iv in ivs:
            lp = self.std_loop(iv)
            lp.start, lp.bound = Aff({}, 1), lp.bound.plus(-1)
            loops.append(lp)
        kind = "int" if r.random() < 0.2 else "float"
        src = self.pick_array(rank=rank, kind=kind, fresh_rank=rank)
        inplace = r.random() < 0.3
        dst = src if inplace else self.pick_array(lambda a: a.name != src.name, rank=rank, kind=kind,
                                                  fresh_rank=rank)
        points = [[0] * rank]
        for d in range(rank):
            for o in (-1, 1):
                p = [0] * rank
                p[d] = o
                points.append(p)
        v = None
        for p in points:
            x = Read(Access(src.name, [Sub(aff=Aff.var(iv, 1, o)) for iv, o in zip(ivs, p)]))
            v = x if v is None else Bin("+", v, x)
        if kind == "float":
            v = Bin("*", Num(round(1.0 / len(points), 4) if r.random() < 0.5 else 0.15), v)
        st = Assign(Access(dst.name, [Sub(aff=Aff.var(iv)) for iv in ivs]), v,
                    wrap=f"/ {len(points)}" if kind == "int" else "", contracting=True)
        time = r.random() < 0.4
        if time:
            loops.insert(0, Loop("t", "int", Aff(), "<", Aff({}, r.randint(2, 4)), 1))
        ranges = self.check_loops(loops)
        ctx = NestCtx()
        self.admit(st, ctx, loops, ranges)
        self.settle(ctx, commit=True)
        note = f"{'in place' if inplace else 'two arrays'}, {len(points)} points" + (", time loop" if time else "")
        return Nest(form, note, [self.wrap(loops, [st])])

    def nest_transpose(self, form: str) -> Nest:
        """B[j][i] = A[i][j], or B[j][i] = (B[j][i] + A[i][j]) / 2."""
        r = self.r
        loops = [self.std_loop("i"), self.std_loop("j")]
        ranges = self.check_loops(loops)
        ctx = NestCtx()
        src = self.pick_array(rank=2)
        kind = "int" if src.elem == "int" else "float"
        dst = self.pick_array(lambda a: a.name != src.name, rank=2, kind=kind)

        def at(arr: Array, u: str, v: str) -> Access:
            return Access(arr.name, [Sub(aff=Aff.var(u)), Sub(aff=Aff.var(v))])
        if r.random() < 0.5:
            st = Assign(at(dst, "j", "i"), Read(at(src, "i", "j")), contracting=True)
            note = "copy"
        else:
            v = Bin("+", Read(at(dst, "j", "i")), Read(at(src, "i", "j")))
            st = Assign(at(dst, "j", "i"), v if kind == "int" else Bin("*", Num(0.5), v),
                        wrap="/ 2" if kind == "int" else "", contracting=True)
            note = "update"
        self.admit(st, ctx, loops, ranges)
        self.settle(ctx, commit=True)
        return Nest(form, note, [self.wrap(loops, [st])])


def generate(seed: int) -> Program:
    return Gen(seed).program()


def main(argv: list[str]) -> int:
    import argparse
    ap = argparse.ArgumentParser(description="Print one random C program (scripts/coverage's input).")
    ap.add_argument("seed", type=int)
    a = ap.parse_args(argv)
    sys.stdout.write(generate(a.seed).text())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
