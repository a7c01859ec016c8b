"""Shared helpers for Tessel's driver scripts (scripts/demo, scripts/bench and
lit-tests/execution/run.py). Python 3.11, standard library only.

Builds on scripts/suite.py (the kernel suite's own helper: kernel list, sizes,
lowering + build, run) and adds what the drivers have in common: running
mlir-opt with the Tessel plugin, reading Tessel's remarks (mlir-opt's, attributed
to functions; clang's, the plugin's and Polly's, tallied by outcome and reason),
small table/statistics utilities, an SVG bar chart, and installing
Debian packages that only a driver needs.
"""

from __future__ import annotations

import atexit
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence
from xml.sax.saxutils import escape as _xml_escape

SCRIPTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = SCRIPTS_DIR.parent
KERNELS_DIR = REPO_ROOT / "kernels"
LLVM_BIN = Path(os.environ.get("TESSEL_LLVM_BIN", "/usr/lib/llvm-22/bin"))
MLIR_OPT = LLVM_BIN / "mlir-opt"
_TARGET_DIR = Path(os.environ.get("CARGO_TARGET_DIR") or REPO_ROOT / "target")
if not _TARGET_DIR.is_absolute():
    _TARGET_DIR = REPO_ROOT / _TARGET_DIR
PLUGIN = Path(os.environ.get("TESSEL_PLUGIN") or _TARGET_DIR / "release" / "libtessel.so")

# Outputs name their inputs by path; the compare scripts record the checkout's path as
# <repo>, so that any checkout compares with a record made in another.
_RECORDED_ROOT = re.compile(r"(/[^\s\"']*?)/kernels/")


def repo_relative(text: str, root: str = str(REPO_ROOT)) -> str:
    """`text` with the checkout's path `root` written <repo>: as a path's prefix, and
    as a quoted directory (the LLVM debug info's)."""
    return text.replace(root + "/", "<repo>/").replace(f'"{root}"', '"<repo>"')


def recorded_repo_relative(text: str) -> str:
    """A record made before the compare scripts wrote <repo>, with the checkout's path
    it names (the folder above its `kernels/`) mapped the same way."""
    found = "<repo>/" not in text and _RECORDED_ROOT.search(text)
    return repo_relative(text, found.group(1)) if found else text

# The 30 PolyBench/C 4.2 kernels of the suite (issue 2, item 7). Drivers use this
# list, not just the files that happen to exist, so that a missing kernel file is
# reported as a failure rather than silently skipped.
SUITE_KERNELS = (
    "correlation", "covariance",
    "2mm", "3mm", "atax", "bicg", "doitgen", "mvt",
    "gemm", "gemver", "gesummv", "symm", "syr2k", "syrk", "trmm",
    "cholesky", "durbin", "gramschmidt", "lu", "ludcmp", "trisolv",
    "deriche", "floyd-warshall", "nussinov",
    "adi", "fdtd-2d", "heat-3d", "jacobi-1d", "jacobi-2d", "seidel-2d",
)


class ToolsError(RuntimeError):
    pass


def die(msg: str, code: int = 2) -> None:
    print(f"{Path(sys.argv[0]).name}: error: {msg}", file=sys.stderr, flush=True)
    sys.exit(code)


def import_suite():
    """Import scripts/suite.py (written by the kernel-suite owner); fail loudly."""
    if str(SCRIPTS_DIR) not in sys.path:
        sys.path.insert(0, str(SCRIPTS_DIR))
    try:
        import suite  # noqa: F401
    except ImportError as e:
        die(f"cannot import scripts/suite.py ({e}): the kernel suite helper is missing")
    for attr in ("kernels", "kernel_path", "front_end", "affine_source", "sizes",
                 "lower_and_build", "run"):
        if not hasattr(suite, attr):
            die(f"scripts/suite.py has no `{attr}`: it does not implement the suite contract")
    return suite


def require_plugin() -> Path:
    if not MLIR_OPT.is_file():
        die(f"{MLIR_OPT} not found: run scripts/setup")
    if not PLUGIN.is_file():
        die(f"the Tessel plugin {PLUGIN} does not exist: run scripts/setup "
            "(cargo build --release)")
    return PLUGIN


def all_kernels(suite, only: str | None = None) -> list[str]:
    """The suite's 30 kernels plus any extra kernels/<name>.mlir, or the
    comma-separated subset `only`."""
    if only:
        names = [k.strip() for k in only.split(",") if k.strip()]
        if not names:
            die("--kernels: empty list")
        return names
    names = list(SUITE_KERNELS)
    try:
        extra = [k for k in suite.kernels() if k not in SUITE_KERNELS]
    except Exception:  # noqa: BLE001 - a broken suite shows up per kernel later
        extra = []
    return names + sorted(extra)


_AFFINE_DIR: Path | None = None


def kernel_file(suite, name: str) -> Path | None:
    """The kernel in affine form (suite.affine_source: a linalg kernel goes through
    its FRONT END pipeline, into a directory removed at exit); None if unknown.
    Raises suite.SuiteError if the front end fails."""
    global _AFFINE_DIR
    try:
        p = Path(suite.kernel_path(name))
    except (KeyError, FileNotFoundError):
        return None
    if not p.is_file():
        return None
    if suite.front_end(name) is None:
        return p
    if _AFFINE_DIR is None:
        _AFFINE_DIR = Path(tempfile.mkdtemp(prefix="tessel-affine-"))
        atexit.register(shutil.rmtree, _AFFINE_DIR, True)
    return suite.affine_source(name, _AFFINE_DIR)


# ---------------------------------------------------------------------------
# mlir-opt
# ---------------------------------------------------------------------------

def func_pipeline(passes: str) -> str:
    """Wrap func.func-anchored passes into a full --pass-pipeline string."""
    return f"builtin.module(func.func({passes}))"


def tessel_pass(opts: str = "") -> str:
    opts = opts.strip()
    return f"tessel-optimize{{{opts}}}" if opts else "tessel-optimize"


UPSTREAM_PASSES = "affine-loop-tile{tile-size=32},affine-parallelize"


@dataclass
class OptResult:
    cmd: list[str]
    returncode: int
    stderr: str
    wall_s: float
    out_path: Path
    timed_out: bool = False

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    def command_line(self) -> str:
        return " ".join(_shell_quote(c) for c in self.cmd)


def _shell_quote(s: str) -> str:
    if re.fullmatch(r"[A-Za-z0-9_./=,:+@%-]+", s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


def mlir_opt(src: Path, out: Path, pipeline: str, plugin: bool = True,
             timeout: float = 600, extra: Sequence[str] = ()) -> OptResult:
    """Run mlir-opt (with the Tessel plugin loaded when `plugin`) and time it."""
    cmd = [str(MLIR_OPT)]
    if plugin:
        cmd += [f"--load-pass-plugin={PLUGIN}"]
    cmd += [*extra, str(src), f"--pass-pipeline={pipeline}", "-o", str(out)]
    env = dict(os.environ, TERM="dumb")
    t0 = time.perf_counter()
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        rc, err, to = cp.returncode, cp.stderr, False
    except subprocess.TimeoutExpired as e:
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        rc, to = -1, True
        err += f"\n(mlir-opt timed out after {timeout} s)"
    wall = time.perf_counter() - t0
    if plugin and "Failed to load passes" in err:
        # mlir-opt ignores a plugin it cannot load and goes on; never let that pass.
        rc = rc or 1
        err += f"\n(the plugin {PLUGIN} could not be loaded)"
    return OptResult(cmd, rc, err, wall, out, to)


# ---------------------------------------------------------------------------
# Diagnostics and remarks
# ---------------------------------------------------------------------------

_DIAG_RE = re.compile(
    r"^(?P<loc>.*?):(?:(?P<line>\d+):(?P<col>\d+):)?\s*(?P<kind>remark|warning|error|note):\s*(?P<msg>.*)$")


@dataclass
class Diag:
    file: str
    line: int | None
    kind: str
    msg: str
    func: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        fn = f" [in @{self.func}]" if self.func else ""
        return f"{where}: {self.kind}: {self.msg}{fn}"


def parse_diagnostics(stderr: str) -> list[Diag]:
    out = []
    for raw in stderr.splitlines():
        m = _DIAG_RE.match(raw.strip())
        if not m:
            continue
        line = int(m.group("line")) if m.group("line") else None
        out.append(Diag(m.group("loc"), line, m.group("kind"), m.group("msg").strip()))
    return out


_FUNC_RE = re.compile(r"^\s*func\.func\s+(?:(?:private|public|nested)\s+)?@([\w$.-]+|\"[^\"]+\")")


def function_ranges(mlir_path: Path) -> list[tuple[str, int, int]]:
    """(name, first line, last line) of every func.func in a file, 1-based. A
    function runs to the line before the next one (good enough to attribute a
    diagnostic's line to the function that holds it)."""
    starts = []
    with open(mlir_path, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    for i, text in enumerate(lines, start=1):
        m = _FUNC_RE.match(text)
        if m:
            starts.append((m.group(1).strip('"'), i))
    out = []
    for j, (name, start) in enumerate(starts):
        end = starts[j + 1][1] - 1 if j + 1 < len(starts) else len(lines)
        out.append((name, start, end))
    return out


def attribute(diags: Iterable[Diag], mlir_path: Path) -> list[Diag]:
    ranges = function_ranges(mlir_path)
    base = Path(mlir_path).name
    out = []
    for d in diags:
        if d.line is not None and Path(d.file.strip('"')).name == base:
            for name, a, b in ranges:
                if a <= d.line <= b:
                    d.func = name
                    break
        out.append(d)
    return out


@dataclass
class RemarkSummary:
    optimized: list[Diag] = field(default_factory=list)
    kept: list[Diag] = field(default_factory=list)
    # "left SCoP ... as it was": the cost model found no gain (not a fallback).
    unchanged: list[Diag] = field(default_factory=list)
    skipped: list[Diag] = field(default_factory=list)
    errors: list[Diag] = field(default_factory=list)
    other: list[Diag] = field(default_factory=list)

    def optimized_in(self, func: str) -> list[Diag]:
        return [d for d in self.optimized if d.func == func]

    def scheduled_in(self, func: str) -> list[Diag]:
        """The remarks with a schedule time: optimized, or left as it was."""
        return [d for d in self.optimized + self.unchanged if d.func == func]


def summarize_remarks(stderr: str, mlir_path: Path) -> RemarkSummary:
    s = RemarkSummary()
    for d in attribute(parse_diagnostics(stderr), mlir_path):
        if d.kind == "error":
            s.errors.append(d)
        elif d.kind == "remark" and d.msg.startswith("tessel: optimized SCoP"):
            s.optimized.append(d)
        elif d.kind == "remark" and d.msg.startswith("tessel: kept the original code"):
            s.kept.append(d)
        elif d.kind == "remark" and d.msg.startswith("tessel: left SCoP"):
            s.unchanged.append(d)
        elif d.kind == "remark" and d.msg.startswith("tessel: skipped"):
            s.skipped.append(d)
        else:
            s.other.append(d)
    return s


# ---------------------------------------------------------------------------
# Clang's remarks: the plugin's (-Rpass*=tessel) and Polly's (scripts/corpus,
# scripts/coverage)
# ---------------------------------------------------------------------------

# One remark per line under -fno-caret-diagnostics: FILE:LINE:COL: remark: MSG [-Rflag]
_CLANG_REMARK_RE = re.compile(
    r"^(?P<file>.*?)(?::(?P<line>\d+):(?P<col>\d+))?: remark: (?P<msg>.*?)(?: \[(?P<flag>-R[^]]*)\])?$")
LEFT_ALONE = "loop nest left alone: "
# A reason's detail: from its first parenthesis, brace or "colon space" on.
_REASON_DETAIL = re.compile(r"\s*(\(|\{|:\s).*$")


@dataclass
class ClangRemark:
    file: str
    line: int | None
    col: int | None
    msg: str
    flag: str  # the option that enabled it, e.g. -Rpass-missed=tessel ("" if not printed)


def clang_remarks(text: str) -> list[ClangRemark]:
    """The remarks among clang's diagnostics, in order."""
    out = []
    for ln in text.splitlines():
        m = _CLANG_REMARK_RE.match(ln.rstrip())
        if m:
            out.append(ClangRemark(m.group("file"), int(m.group("line")) if m.group("line") else None,
                                   int(m.group("col")) if m.group("col") else None, m.group("msg"),
                                   m.group("flag") or ""))
    return out


def left_alone_reason(msg: str) -> str | None:
    """The reason of a "loop nest left alone: REASON" remark up to its detail (a
    parenthesis, brace or colon), so that remarks tally by reason; None for others."""
    if not msg.startswith(LEFT_ALONE):
        return None
    return _REASON_DETAIL.sub("", msg[len(LEFT_ALONE):]).strip()


@dataclass
class TesselRemarks:
    """What the plugin's remarks say about a compile's nests (one remark each)."""
    scops: int = 0       # "SCoP: a nest of ...": nests detection accepted
    optimized: int = 0   # "optimized SCoP ...": nests replaced by optimized code
    left: dict[str, int] = field(default_factory=dict)  # "loop nest left alone: REASON", by reason
    kept: dict[str, int] = field(default_factory=dict)  # the core kept the original code / found no gain


def tessel_remark_kind(msg: str) -> tuple[str, str]:
    """(kind, reason) of one plugin remark: kind scop | optimized | left | kept | "" (other)."""
    if msg.startswith("SCoP: "):
        return "scop", ""
    if msg.startswith("optimized SCoP"):
        return "optimized", ""
    why = left_alone_reason(msg)
    if why is not None:
        return "left", why
    if msg.startswith(("tessel: kept the original code", "tessel: left SCoP")):
        return "kept", "kept the original code" if "kept" in msg[:20] else "left as it was (no gain)"
    return "", ""


def tally_tessel_remarks(remarks: Iterable[ClangRemark]) -> TesselRemarks:
    t = TesselRemarks()
    for r in remarks:
        kind, why = tessel_remark_kind(r.msg)
        if kind == "scop":
            t.scops += 1
        elif kind == "optimized":
            t.optimized += 1
        elif kind == "left":
            t.left[why] = t.left.get(why, 0) + 1
        elif kind == "kept":
            t.kept[why] = t.kept.get(why, 0) + 1
    return t


# ---------------------------------------------------------------------------
# Statistics, tables, machine
# ---------------------------------------------------------------------------

def median(xs: Sequence[float]) -> float:
    return statistics.median(xs)


def geomean(xs: Iterable[float]) -> float | None:
    xs = [x for x in xs if x is not None and x > 0 and math.isfinite(x)]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt_time(t: float | None) -> str:
    if t is None:
        return "-"
    if t >= 100:
        return f"{t:.1f}"
    if t >= 1:
        return f"{t:.3f}"
    return f"{t:.6f}"


def fmt_speedup(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.3f}x" if x < 0.1 else f"{x:.2f}x"


def speedup(base: float | None, t: float | None) -> float | None:
    if base is None or t is None or t <= 0:
        return None
    return base / t


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]],
               right: Iterable[int] = ()) -> str:
    """A markdown pipe table, padded so it also reads well in a terminal."""
    right = set(right)
    widths = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))

    def line(cells):
        out = []
        for i, c in enumerate(cells):
            out.append(c.rjust(widths[i]) if i in right else c.ljust(widths[i]))
        return "| " + " | ".join(out) + " |"

    sep = "|" + "|".join(("-" * (w + 1) + ":") if i in right else ("-" * (w + 2))
                         for i, w in enumerate(widths)) + "|"
    return "\n".join([line(headers), sep] + [line(r) for r in rows])


def machine_info() -> dict[str, str]:
    info = {"model": platform.processor() or platform.machine(), "cpus": str(os.cpu_count())}
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        kv = {}
        for ln in out.splitlines():
            if ":" in ln:
                k, v = ln.split(":", 1)
                kv[k.strip()] = v.strip()
        info["model"] = kv.get("Model name", info["model"])
        info["cpus"] = kv.get("CPU(s)", info["cpus"])
        info["threads_per_core"] = kv.get("Thread(s) per core", "?")
        info["cores_per_socket"] = kv.get("Core(s) per socket", "?")
        info["sockets"] = kv.get("Socket(s)", "?")
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        info["online_cpus_for_us"] = str(len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        pass
    info["kernel"] = platform.release()
    return info


def git_commit() -> str:
    try:
        h = subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "HEAD"],
                           capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(REPO_ROOT), "status", "--porcelain",
                                "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.rstrip()
        if not dirty.strip():
            return h or "unknown"
        files = [ln[3:] for ln in dirty.splitlines()]
        shown = ", ".join(files[:5]) + (f" and {len(files) - 5} more" if len(files) > 5 else "")
        return f"{h or 'unknown'} (with uncommitted changes to {shown})"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def tool_version() -> str:
    try:
        out = subprocess.run([str(MLIR_OPT), "--version"], capture_output=True,
                             text=True, timeout=30).stdout
        m = re.search(r"LLVM version (\S+)", out)
        return m.group(1) if m else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


DOCS_DIR = REPO_ROOT / "docs"


def script_command(argv: Sequence[str] | None = None) -> str:
    """The command line that ran this script, as `scripts/<name> <args>`."""
    argv = sys.argv if argv is None else argv
    return " ".join([f"scripts/{Path(argv[0]).name}"] + [_shell_quote(a) for a in argv[1:]])


def write_page(name: str, title: str, body: str, conditions: Sequence[str] = (),
               command: str | None = None) -> Path:
    """Write (overwrite) docs/<name>, a topic's one page: its title, the command that
    measured it, the date, commit, machine and toolchain, the run's conditions, then
    `body` (Markdown). Earlier results live in git history, not in new files."""
    m = machine_info()
    now = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    lines = [f"# {title}", "",
             f"Written by `{command or script_command()}`, which overwrites this page; "
             "earlier results are in git history.", "",
             f"- date: {now}",
             f"- commit: {git_commit()}",
             f"- machine: {m.get('model')}, {m.get('cpus')} CPUs, Linux {m.get('kernel')}",
             f"- toolchain: Debian LLVM/MLIR {tool_version()}"]
    lines += [f"- {c}" for c in conditions]
    path = DOCS_DIR / name
    path.write_text("\n".join(lines) + "\n\n" + body.strip() + "\n", encoding="utf-8")
    return path


def run_setup() -> None:
    """Run scripts/setup (idempotent), unless TESSEL_SKIP_SETUP=1."""
    if os.environ.get("TESSEL_SKIP_SETUP") == "1":
        return
    rc = subprocess.run([str(SCRIPTS_DIR / "setup")]).returncode
    if rc != 0:
        die("scripts/setup failed (see above)", rc)


# ---------------------------------------------------------------------------
# Debian packages that only a driver needs (scripts/setup installs the build's)
# ---------------------------------------------------------------------------

def missing_debian_packages(packages: Iterable[str]) -> list[str]:
    out = []
    for p in packages:
        cp = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                            capture_output=True, text=True)
        if "install ok installed" not in cp.stdout:
            out.append(p)
    return out


def debian_package_version(package: str) -> str:
    cp = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                        capture_output=True, text=True)
    return cp.stdout.strip() if cp.returncode == 0 and cp.stdout.strip() else "unknown"


def ensure_debian_packages(packages: Sequence[str], why: str) -> str | None:
    """Install those of `packages` that are missing, with apt-get (through sudo when
    not root), as scripts/setup does for the build's own packages; for packages
    that only one driver needs (`why` says which). Returns None when all are
    installed afterwards, or the reason they are not."""
    missing = missing_debian_packages(packages)
    if not missing:
        return None
    if not shutil.which("apt-get"):
        return f"{' '.join(missing)} missing and no apt-get"
    sudo = []
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            return f"{' '.join(missing)} missing; run as root or install sudo"
        sudo = ["sudo"]
    print(f"{Path(sys.argv[0]).name}: installing {' '.join(missing)} ({why})",
          file=sys.stderr, flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in ([*sudo, "apt-get", "update"],
                [*sudo, "apt-get", "install", "-y", "--no-install-recommends", *missing]):
        try:
            cp = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
        except (OSError, subprocess.SubprocessError) as e:
            return f"{' '.join(cmd)}: {e}"
        if cp.returncode != 0:
            tail = (cp.stderr or cp.stdout).strip().splitlines()[-3:]
            return f"{' '.join(cmd)} failed (exit {cp.returncode}): " + " / ".join(tail)
    still = missing_debian_packages(missing)
    return f"{' '.join(still)} still missing after apt-get install" if still else None


# ---------------------------------------------------------------------------
# SVG bar chart
# ---------------------------------------------------------------------------

_PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
            "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac")


def _log_ticks(lo: float, hi: float) -> list[float]:
    """1-2-5 ticks from the largest one <= lo to the smallest one >= hi."""
    ticks = [m * 10.0 ** d for d in range(math.floor(math.log10(lo)) - 1,
                                          math.ceil(math.log10(hi)) + 2) for m in (1, 2, 5)]
    first = max(i for i, t in enumerate(ticks) if t <= lo * (1 + 1e-9))
    last = min(i for i, t in enumerate(ticks) if t >= hi * (1 - 1e-9))
    if first == last:
        last += 1
    return ticks[first:last + 1]


def svg_bar_chart(title: str, groups: Sequence[str], series: Sequence[str],
                  values: Sequence[Sequence[float | None]], subtitle: str = "",
                  ylabel: str = "", ref: float = 1.0, unit: str = "x",
                  bounds: Iterable[tuple[int, int]] = (), last_apart: bool = False) -> str:
    """A grouped bar chart as a standalone SVG document (no dependencies).

    values[g][s] is the value of series s in group g, or None (drawn as a small
    cross: no value). The y axis is logarithmic, and bars start at the
    reference line `ref` (drawn across the plot), so values below it point
    down. (g, s) pairs in `bounds` are drawn pale: the value is only a bound.
    With `last_apart`, the last group (e.g. a geometric mean) is set off by a
    dashed line and a bold label. Each bar has a tooltip with its value."""
    bounds = set(bounds)
    pos = [v for row in values for v in row if v is not None and v > 0 and math.isfinite(v)]
    ticks = _log_ticks(min(pos + [ref]), max(pos + [ref]))
    lo, hi = ticks[0], ticks[-1]
    ns = max(1, len(series))
    bar_w, group_pad, char_w = 9, 14, 6.2  # char_w: a rough width of one character
    group_w = ns * bar_w + group_pad
    left, right, plot_h = 64, 16, 340
    width = max(640, left + len(groups) * group_w + (group_pad if last_apart else 0) + right)
    text_w = width - left - right

    # Subtitle lines, wrapped at the plot's width; then the legend, wrapped too.
    sub_lines, line = [], ""
    for word in subtitle.split():
        if line and (len(line) + 1 + len(word)) * char_w > text_w:
            sub_lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        sub_lines.append(line)
    legend, lx, ly = [], 0.0, 30 + 15 * len(sub_lines) + 6
    for i, name in enumerate(series):
        w = 17 + len(name) * char_w + 18
        if lx and lx + w > text_w:
            lx, ly = 0.0, ly + 18
        legend.append((left + lx, ly, i, name))
        lx += w
    top = ly + 28
    label_h = 8 + 6 * max([len(g) for g in groups] + [4])
    height = int(top + plot_h + label_h + 10)

    def y(v: float) -> float:
        return top + plot_h * (math.log(hi) - math.log(v)) / (math.log(hi) - math.log(lo))

    def num(v: float) -> str:
        return f"{v:.3g}{unit}"

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="20" font-size="15" font-weight="bold">{_xml_escape(title)}</text>']
    for i, text in enumerate(sub_lines):
        out.append(f'<text x="{left}" y="{37 + 15 * i}" fill="#555">{_xml_escape(text)}</text>')
    for lx, ly, i, name in legend:
        out.append(f'<rect x="{lx:.1f}" y="{ly}" width="12" height="12" '
                   f'fill="{_PALETTE[i % len(_PALETTE)]}"/>')
        out.append(f'<text x="{lx + 17:.1f}" y="{ly + 10}">{_xml_escape(name)}</text>')
    # Axis, grid and ticks.
    x0, x1 = left, width - right
    for t in ticks:
        ty = y(t)
        out.append(f'<line x1="{x0}" y1="{ty:.1f}" x2="{x1}" y2="{ty:.1f}" stroke="#e3e3e3"/>')
        if not math.isclose(t, ref):
            out.append(f'<text x="{x0 - 6}" y="{ty + 4:.1f}" text-anchor="end">{t:g}{unit}</text>')
    out.append(f'<line x1="{x0}" y1="{top}" x2="{x0}" y2="{top + plot_h}" stroke="#333"/>')
    if ylabel:
        cy = top + plot_h / 2
        out.append(f'<text x="14" y="{cy:.1f}" text-anchor="middle" '
                   f'transform="rotate(-90 14 {cy:.1f})">{_xml_escape(ylabel)}</text>')
    # Bars.
    yref = y(ref)
    for g, gname in enumerate(groups):
        apart = last_apart and g == len(groups) - 1
        gx = left + g * group_w + group_pad / 2 + (group_pad if apart else 0)
        if apart:
            sx = gx - group_pad
            out.append(f'<line x1="{sx:.1f}" y1="{top}" x2="{sx:.1f}" y2="{top + plot_h}" '
                       'stroke="#888" stroke-dasharray="4 3"/>')
        for s, sname in enumerate(series):
            v = values[g][s] if s < len(values[g]) else None
            bx = gx + s * bar_w
            tip = f"{gname}, {sname}: "
            if v is None or not (v > 0 and math.isfinite(v)):
                cx, cy = bx + bar_w / 2, yref
                out.append(f'<path d="M{cx - 2.5:.1f},{cy - 2.5:.1f}l5,5m0,-5l-5,5" '
                           f'stroke="#999"><title>{_xml_escape(tip + "no value")}</title></path>')
                continue
            vy = y(min(max(v, lo), hi))
            ya, yb = min(vy, yref), max(vy, yref)
            pale = (g, s) in bounds
            tip += ("bound " if pale else "") + num(v)
            out.append(f'<rect x="{bx:.1f}" y="{ya:.1f}" width="{bar_w - 1}" '
                       f'height="{max(yb - ya, 0.5):.1f}" fill="{_PALETTE[s % len(_PALETTE)]}"'
                       + (' fill-opacity="0.35"' if pale else "")
                       + f'><title>{_xml_escape(tip)}</title></rect>')
        lx, ly = gx + ns * bar_w / 2, top + plot_h + 10
        weight = ' font-weight="bold"' if apart else ""
        out.append(f'<text x="{lx:.1f}" y="{ly}" text-anchor="end"{weight} '
                   f'transform="rotate(-45 {lx:.1f} {ly})">{_xml_escape(gname)}</text>')
    out.append(f'<line x1="{x0}" y1="{yref:.1f}" x2="{x1}" y2="{yref:.1f}" stroke="#222" '
               f'stroke-width="1.2"/>')
    out.append(f'<text x="{x0 - 6}" y="{yref + 4:.1f}" text-anchor="end" font-weight="bold">'
               f'{ref:.1f}{unit}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
