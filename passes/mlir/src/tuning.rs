//! The tuning database (issue 40): one SQLite file that `scripts/tune` writes and
//! `tessel-optimize{tuning-db=FILE}` reads. An entry is keyed by the SCoP's model
//! ([`tessel_poly::model_key`]), the target ([`tessel_poly::tuning_target`]) and the
//! space's version ([`tessel_poly::SPACE_VERSION`]); it holds the options measured
//! best (what `tessel-optimize` takes, empty for the default), the structure they
//! name, and how, where and when that was measured.
//!
//! Reading never fails a compile: a missing, locked or corrupt file, or an entry
//! whose options no longer parse, is a [`DbError`] that the pass reports in a
//! remark before it schedules as without the database.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension};

/// The table `scripts/tune` creates (it owns the schema; this is what is read).
const TABLE: &str = "tuned";

/// How long a read waits for a writer's lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_millis(500);

/// The best candidate recorded for a SCoP on a target.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// `tessel-optimize` options, e.g. `scheduler=pluto fusion-structure=0,0,1`;
    /// empty when the default was best.
    pub options: String,
    /// The structure they name, by statement (`(S0 S1) (S2)`), or empty.
    pub structure: String,
    /// Best over the default, measured in one run.
    pub speedup: f64,
    pub cpu: String,
    pub measured_at: String,
}

/// What a lookup found.
#[derive(Clone, Debug, PartialEq)]
pub enum Lookup {
    Hit(Tuned),
    /// No entry for this key; `elsewhere` entries for the same model on other
    /// targets or of other space versions (measured on another CPU, or stale).
    Miss {
        elsewhere: usize,
    },
}

/// What the pass found in the database for a SCoP, as data; `notes::tuning` says
/// it in a remark. A SCoP nobody tuned (no entry anywhere) gets none.
#[derive(Debug)]
pub enum TuningNote {
    /// The entry was applied.
    Tuned(Tuned),
    /// The entry's options do not apply (`why`); scheduled as without it.
    NotApplied {
        db: String,
        options: String,
        why: tessel_poly::options::OptionError,
    },
    /// No entry on this target (model `key`, `target`), but `elsewhere` entries for
    /// other targets or space versions.
    Elsewhere {
        db: String,
        key: String,
        target: String,
        elsewhere: usize,
    },
    /// The database could not be read; scheduled as without it.
    Unreadable(DbError),
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("tuning database {0}: no such file")]
    Missing(String),
    #[error("tuning database {path}: {why}")]
    Unreadable { path: String, why: String },
}

/// The entry of `model_key` on `target` for `version`, read-only.
pub fn lookup(path: &str, model_key: &str, target: &str, version: u32) -> Result<Lookup, DbError> {
    let unreadable = |e: rusqlite::Error| DbError::Unreadable {
        path: path.to_string(),
        why: e.to_string(),
    };
    if !Path::new(path).is_file() {
        return Err(DbError::Missing(path.to_string()));
    }
    let db = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(unreadable)?;
    db.busy_timeout(BUSY_TIMEOUT).map_err(unreadable)?;
    let hit = db
        .query_row(
            &format!(
                "SELECT options, structure, speedup, cpu, measured_at FROM {TABLE} \
                 WHERE model_key = ?1 AND target = ?2 AND space_version = ?3"
            ),
            (model_key, target, version),
            |row| {
                Ok(Tuned {
                    options: row.get(0)?,
                    structure: row.get(1)?,
                    speedup: row.get(2)?,
                    cpu: row.get(3)?,
                    measured_at: row.get(4)?,
                })
            },
        )
        .optional()
        .map_err(unreadable)?;
    if let Some(tuned) = hit {
        return Ok(Lookup::Hit(tuned));
    }
    let elsewhere: i64 = db
        .query_row(
            &format!("SELECT count(*) FROM {TABLE} WHERE model_key = ?1"),
            [model_key],
            |row| row.get(0),
        )
        .map_err(unreadable)?;
    Ok(Lookup::Miss {
        elsewhere: usize::try_from(elsewhere).unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("tessel-tuning-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    /// The schema scripts/tune writes (scripts/tune, `SCHEMA`).
    fn create(path: &Path) -> Connection {
        let db = Connection::open(path).unwrap();
        db.execute_batch(
            "CREATE TABLE tuned (model_key TEXT NOT NULL, target TEXT NOT NULL, \
             space_version INTEGER NOT NULL, options TEXT NOT NULL, structure TEXT NOT NULL, \
             speedup REAL NOT NULL, best_s REAL, default_s REAL, cpu TEXT NOT NULL, \
             kernel TEXT, dataset TEXT, sizes TEXT, threads INTEGER, runs INTEGER, \
             measured_at TEXT NOT NULL, PRIMARY KEY (model_key, target, space_version));
             INSERT INTO tuned VALUES ('k1', 't1', 1, 'scheduler=pluto fusion-structure=0,1', \
             '(S0) (S1)', 1.4, 0.5, 0.7, 'CPU A', 'gemm', 'MEDIUM', '100 100', 2, 5, \
             '2026-11-29');",
        )
        .unwrap();
        db
    }

    #[test]
    fn hits_misses_and_bad_files() {
        let path = temp("db.sqlite");
        let _ = std::fs::remove_file(&path);
        let db = create(&path);
        let p = path.to_str().unwrap();
        match lookup(p, "k1", "t1", 1).unwrap() {
            Lookup::Hit(t) => {
                assert_eq!(t.options, "scheduler=pluto fusion-structure=0,1");
                assert_eq!((t.speedup, t.cpu.as_str()), (1.4, "CPU A"));
            }
            other => panic!("{other:?}"),
        }
        // Another CPU, or a stale space version: a miss that counts the others.
        assert_eq!(
            lookup(p, "k1", "t2", 1).unwrap(),
            Lookup::Miss { elsewhere: 1 }
        );
        assert_eq!(
            lookup(p, "k1", "t1", 2).unwrap(),
            Lookup::Miss { elsewhere: 1 }
        );
        assert_eq!(
            lookup(p, "k2", "t1", 1).unwrap(),
            Lookup::Miss { elsewhere: 0 }
        );
        // Locked by a writer: an error after the busy timeout, not a hang.
        db.execute_batch("BEGIN EXCLUSIVE; UPDATE tuned SET speedup = 2.0;")
            .unwrap();
        assert!(matches!(
            lookup(p, "k1", "t1", 1),
            Err(DbError::Unreadable { .. })
        ));
        db.execute_batch("ROLLBACK").unwrap();
        // Missing, and not a database.
        assert!(matches!(
            lookup(temp("none.sqlite").to_str().unwrap(), "k1", "t1", 1),
            Err(DbError::Missing(_))
        ));
        let junk = temp("junk.sqlite");
        std::fs::write(&junk, b"this is not a database file, just some text").unwrap();
        assert!(matches!(
            lookup(junk.to_str().unwrap(), "k1", "t1", 1),
            Err(DbError::Unreadable { .. })
        ));
        // An empty file is a database with no table.
        let empty = temp("empty.sqlite");
        std::fs::write(&empty, b"").unwrap();
        assert!(matches!(
            lookup(empty.to_str().unwrap(), "k1", "t1", 1),
            Err(DbError::Unreadable { .. })
        ));
    }
}
