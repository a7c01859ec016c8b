"""Helper of tuning-db.mlir: writes a tuning database entry as scripts/tune does
(scripts/tuning_db.py's SCHEMA), for the SCoP whose `tuning key:` line a tessel-print-fusion-space run
printed, or holds a database locked while a command runs.

    tuning-db.py write DB SPACE_STDERR OPTIONS STRUCTURE SPEEDUP [TARGET]
    tuning-db.py lock DB -- COMMAND...
"""

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "scripts"))
import tuning_db  # noqa: E402


def main(argv):
    if argv[0] == "write":
        db, space, options, structure, speedup = argv[1:6]
        key = re.search(r"tuning key: model (\w+); space version (\d+); target (.*)",
                        Path(space).read_text())
        target = argv[6] if len(argv) > 6 else key.group(3)
        con = sqlite3.connect(db, isolation_level=None)
        con.execute(tuning_db.SCHEMA)
        con.execute("INSERT OR REPLACE INTO tuned VALUES (?, ?, ?, ?, ?, ?, 0.5, 0.625, 'CPU X', "
                    "'chain', 'MINI', '8', 2, 5, '2026-11-29')",
                    (key.group(1), target, int(key.group(2)), options, structure, float(speedup)))
        con.close()
        return 0
    if argv[0] == "lock":
        con = sqlite3.connect(argv[1], isolation_level=None)
        con.execute("BEGIN EXCLUSIVE")
        rc = subprocess.call(argv[3:])
        con.execute("ROLLBACK")
        return rc
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
