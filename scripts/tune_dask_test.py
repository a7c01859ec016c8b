"""The Dask test of issue 40: a real `dask scheduler` and two `dask worker`s on
127.0.0.1 tune gemm and bicg at MINI through scripts/tune --dask; once a build task
has started, the worker running it is killed (SIGKILL). Its tasks must run again on
the other worker, the search must end with every candidate bit-exact, and the
database must hold exactly one complete entry per tuned SCoP.

    target/tune-venv/bin/python3 scripts/tune_dask_test.py     (scripts/test runs it)

The last line is "N passed, M failed".
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
KERNELS = ("gemm", "bicg")


def main() -> int:
    bin_dir = Path(sys.executable).parent
    dask = str(bin_dir / "dask")
    checks: list[tuple[bool, str]] = []
    procs: list[subprocess.Popen] = []
    with tempfile.TemporaryDirectory(prefix="tessel-dask-test-") as td:
        td = Path(td)
        sched_file, started, db = td / "scheduler.json", td / "started", td / "tuning.sqlite"
        started.mkdir()
        env = dict(os.environ, PYTHONPATH=str(SCRIPTS))
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
        try:
            procs.append(subprocess.Popen(
                [dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                 "--scheduler-file", str(sched_file)], **quiet))
            deadline = time.monotonic() + 60
            while not sched_file.is_file() and time.monotonic() < deadline:
                time.sleep(0.2)
            workers = [subprocess.Popen(
                [dask, "worker", "--scheduler-file", str(sched_file), "--nthreads", "1",
                 "--nworkers", "1", "--no-nanny", "--resources", "timing=1",
                 "--host", "127.0.0.1", "--no-dashboard"], **quiet) for _ in range(2)]
            procs += workers
            tune = subprocess.Popen(
                [sys.executable, str(SCRIPTS / "tune"), "--dask", f"file:{sched_file}",
                 "--kernels", ",".join(KERNELS), "--dataset", "MINI", "--runs", "2",
                 "--db", str(db), "--started-dir", str(started)],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
            procs.append(tune)
            # Kill the worker that runs the first build task, while it runs.
            killed = None
            deadline = time.monotonic() + 300
            while killed is None and time.monotonic() < deadline and tune.poll() is None:
                for marker in started.iterdir():
                    pid = int(marker.name.split("-", 1)[0])
                    if any(w.pid == pid for w in workers):
                        os.kill(pid, signal.SIGKILL)
                        killed = marker.name
                        break
                time.sleep(0.05)
            checks.append((killed is not None, f"a worker killed mid-task ({killed})"))
            out, _ = tune.communicate(timeout=900)
            checks.append((tune.returncode == 0,
                           f"scripts/tune --dask ended with {tune.returncode}"
                           + ("" if tune.returncode == 0 else ":\n" + out[-3000:])))
            ran = [ln for ln in out.splitlines() if ln.startswith("| ") and "x |" in ln]
            checks.append((len(ran) == len(KERNELS), f"{len(ran)} of {len(KERNELS)} kernels tuned"))
            if db.is_file():
                con = sqlite3.connect(db)
                rows = con.execute("SELECT kernel, options, speedup, cpu, measured_at "
                                   "FROM tuned").fetchall()
                con.close()
                kernels = sorted(r[0] for r in rows)
                whole = all(r[1] is not None and r[2] and r[3] and r[4] for r in rows)
                checks.append((kernels == sorted(KERNELS) and whole,
                               f"database: one complete entry per SCoP ({kernels})"))
            else:
                checks.append((False, "database: not written"))
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
                    p.wait()
    for ok, what in checks:
        print(("ok: " if ok else "FAIL: ") + what)
    failed = sum(1 for ok, _ in checks if not ok)
    print(f"{len(checks) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
