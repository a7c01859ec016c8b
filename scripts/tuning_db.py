"""The tuning database of issue 40: one SQLite file, written by scripts/tune and read
by `tessel-optimize{tuning-db=FILE}` (passes/mlir/src/tuning.rs). Standard library
only.

One row per SCoP model (`tuning key: model ...` in tessel-print-fusion-space's
remark), target (CPU model, caches, vector width, threads) and version of the
fusion space: the options measured best for it (empty for the default), the
structure they name, the speedup over the default in the same run, and where, when
and at which sizes that was measured.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Iterable, Sequence

SCHEMA = """CREATE TABLE IF NOT EXISTS tuned (
  model_key TEXT NOT NULL, target TEXT NOT NULL, space_version INTEGER NOT NULL,
  options TEXT NOT NULL, structure TEXT NOT NULL, speedup REAL NOT NULL,
  best_s REAL, default_s REAL, cpu TEXT NOT NULL, kernel TEXT, dataset TEXT,
  sizes TEXT, threads INTEGER, runs INTEGER, measured_at TEXT NOT NULL,
  PRIMARY KEY (model_key, target, space_version))"""

COLUMNS = ("model_key", "target", "space_version", "options", "structure", "speedup",
           "best_s", "default_s", "cpu", "kernel", "dataset", "sizes", "threads", "runs",
           "measured_at")


def default_path() -> Path:
    """Where the database lives when none is named: under the user's cache directory."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tessel" / "tuning.sqlite"


def write(db: Path, rows: Iterable[Sequence]) -> int:
    """Inserts or replaces `rows` (in COLUMNS order) in one transaction. Concurrent
    writers wait for each other's lock (up to two minutes) rather than fail, so none
    loses an entry; a reader never sees half a kernel's rows."""
    rows = list(rows)
    db.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(db, timeout=120, isolation_level=None)
    try:
        con.execute(SCHEMA)
        con.execute("BEGIN IMMEDIATE")
        updates = ", ".join(f"{c} = excluded.{c}" for c in COLUMNS[3:])
        con.executemany(
            f"INSERT INTO tuned ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))}) "
            f"ON CONFLICT (model_key, target, space_version) DO UPDATE SET {updates}", rows)
        con.execute("COMMIT")
    finally:
        con.close()
    return len(rows)
