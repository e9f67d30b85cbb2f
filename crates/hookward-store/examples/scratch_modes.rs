use rusqlite::{config::DbConfig, Connection};
use std::time::Instant;
fn stats(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[(v.len() - 1) * 99 / 100])
}
fn main() {
    let payload = "x".repeat(700);
    for (name, nockpt, autock) in [
        ("default", false, 1000),
        ("nockpt-1000", true, 1000),
        ("nockpt-64", true, 64),
        ("nockpt-16", true, 16),
        ("trunc-32", true, 32),
        ("trunc-96", true, 96),
        ("default-again", false, 1000),
    ] {
        if let Ok(m) = std::env::var("MODE") { if m != name { continue; } }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.db");
        {
            let c = Connection::open(&path).unwrap();
            c.pragma_update(None, "journal_mode", "WAL").unwrap();
            c.execute_batch("CREATE TABLE d(id INTEGER PRIMARY KEY, ts INT, a TEXT, b TEXT); CREATE INDEX d1 ON d(ts); CREATE INDEX d2 ON d(a, ts);").unwrap();
        }
        let mut whole = vec![];
        for i in 0..(std::env::var("N").ok().and_then(|v| v.parse().ok()).unwrap_or(600)) {
            let t = Instant::now();
            let c = Connection::open(&path).unwrap();
            c.busy_timeout(std::time::Duration::from_millis(200))
                .unwrap();
            if nockpt {
                c.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
                    .unwrap();
            }
            c.pragma_update(None, "synchronous", "NORMAL").unwrap();
            let trunc = name.starts_with("trunc");
            if trunc {
                c.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
            } else if autock != 1000 {
                c.pragma_update(None, "wal_autocheckpoint", autock).unwrap();
            }
            let _: i64 = c
                .query_row("PRAGMA user_version", [], |r| r.get(0))
                .unwrap();
            c.execute(
                "INSERT INTO d(ts, a, b) VALUES (?1, 'claude-code', ?2)",
                rusqlite::params![i, payload],
            )
            .unwrap();
            if trunc {
                let wal = std::fs::metadata(dir.path().join("s.db-wal")).map(|m| m.len()).unwrap_or(0);
                if wal > 32 + autock as u64 * 4120u64 {
                    c.busy_timeout(std::time::Duration::ZERO).unwrap();
                    let _ = c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0));
                }
            }
            drop(c);
            whole.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let (p50, p99) = stats(whole.split_off(whole.len() / 6));
        println!("{name:<14} p50 {p50:.3} ms  p99 {p99:.3} ms");
    }
}
