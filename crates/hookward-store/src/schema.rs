//! Schema migrations and the pre-open header check.

use crate::StoreError;
use std::io::Read;
use std::path::{Path, PathBuf};

/// `PRAGMA application_id` of a hookward store: the ASCII bytes `hkwd` (0x686b7764). SQLite
/// reserves header offset 68 for this purpose ("Database File Format", §1.3.14).
pub const APPLICATION_ID: i32 = 0x686b_7764;

/// The migrations, in order. Migration `i` (0-based) takes the store from schema version `i`
/// to `i + 1`; the schema version is `PRAGMA user_version`. Append only: never edit a shipped
/// entry. Each runs inside the same `BEGIN IMMEDIATE` transaction as the version bump.
pub(crate) const MIGRATIONS: &[&str] = &[
    // 1: decisions and health events. JSON columns hold redacted JSON text. The indexes serve
    // the filters of `Store::decisions` (session, decision, agent, each with time) and the
    // time-ordered listing; (agent, ts_ms) also answers `last_event_ms` with one index probe.
    r#"
    PRAGMA application_id = 1751873380;
    CREATE TABLE decisions (
        id          INTEGER PRIMARY KEY,
        ts_ms       INTEGER NOT NULL,
        agent       TEXT    NOT NULL,
        event       TEXT    NOT NULL,
        tool        TEXT,
        tool_kind   TEXT,
        session     TEXT,
        cwd         TEXT,
        input       TEXT    NOT NULL,
        facts       TEXT    NOT NULL,
        decision    TEXT,
        reply       TEXT    NOT NULL,
        rule_ids    TEXT    NOT NULL,
        reasons     TEXT    NOT NULL,
        elapsed_us  INTEGER NOT NULL
    );
    CREATE INDEX decisions_ts ON decisions (ts_ms);
    CREATE INDEX decisions_session_ts ON decisions (session, ts_ms);
    CREATE INDEX decisions_agent_ts ON decisions (agent, ts_ms);
    CREATE INDEX decisions_decision_ts ON decisions (decision, ts_ms);
    CREATE TABLE health_events (
        id       INTEGER PRIMARY KEY,
        ts_ms    INTEGER NOT NULL,
        kind     TEXT    NOT NULL,
        message  TEXT    NOT NULL,
        detail   TEXT    NOT NULL,
        agent    TEXT,
        session  TEXT
    );
    CREATE INDEX health_events_ts ON health_events (ts_ms);
    "#,
    // 2: the context guard's ledger (issue #5). `context_files` is the last observed state of
    // each guarded file (stat first, hash only what changed); `context_versions` every version
    // seen (content in the blake3 object store, `hash` NULL = the file was absent);
    // `context_changes` the change records (C ids) people review; `context_findings` what the
    // detectors found in a change (F ids); `context_scopes` which homes/projects had their
    // first scan. Evidence and messages are redacted before they are written.
    r#"
    CREATE TABLE context_scopes (
        project      TEXT PRIMARY KEY,
        scanned_ms   INTEGER NOT NULL
    );
    CREATE TABLE context_versions (
        id       INTEGER PRIMARY KEY,
        path     TEXT    NOT NULL,
        hash     TEXT,
        size     INTEGER NOT NULL,
        ts_ms    INTEGER NOT NULL,
        writer   TEXT    NOT NULL,
        session  TEXT,
        clean    INTEGER NOT NULL
    );
    CREATE INDEX context_versions_path ON context_versions (path, id);
    CREATE TABLE context_files (
        path           TEXT PRIMARY KEY,
        project        TEXT    NOT NULL,
        kind           TEXT    NOT NULL,
        hash           TEXT,
        size           INTEGER NOT NULL,
        mtime_ns       INTEGER NOT NULL,
        ino            INTEGER NOT NULL,
        version_id     INTEGER NOT NULL,
        checkpoint_id  INTEGER,
        updated_ms     INTEGER NOT NULL
    );
    CREATE INDEX context_files_project ON context_files (project);
    CREATE TABLE context_changes (
        id            INTEGER PRIMARY KEY,
        path          TEXT    NOT NULL,
        project       TEXT    NOT NULL,
        kind          TEXT    NOT NULL,
        from_version  INTEGER,
        to_version    INTEGER NOT NULL,
        ts_ms         INTEGER NOT NULL,
        writer        TEXT    NOT NULL,
        session       TEXT,
        status        TEXT    NOT NULL,
        reviewed_ms   INTEGER,
        flagged       INTEGER NOT NULL,
        executable    TEXT,
        announced     INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX context_changes_status ON context_changes (status, ts_ms);
    CREATE INDEX context_changes_path ON context_changes (path, id);
    CREATE TABLE context_findings (
        id         INTEGER PRIMARY KEY,
        change_id  INTEGER NOT NULL,
        rule_id    TEXT    NOT NULL,
        severity   TEXT    NOT NULL,
        message    TEXT    NOT NULL,
        evidence   TEXT    NOT NULL,
        line       INTEGER,
        status     TEXT    NOT NULL
    );
    CREATE INDEX context_findings_change ON context_findings (change_id);
    "#,
    // 3: marks the CLI sets (issue 16): `decisions.canary` = 1 on the rows `hookward doctor`'s
    // own canary produced (hidden from `hookward log` and from doctor's activity check), and
    // `health_events.acked_ms`, when the person acknowledged the event (`hookward events ack`;
    // doctor fails only on unacknowledged ones). See `marks.rs`.
    r#"
    ALTER TABLE decisions ADD COLUMN canary INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE health_events ADD COLUMN acked_ms INTEGER;
    "#,
    // 4: sub-agent identity (issue 13 item 7): `agent_id` and `agent_type` of the sub-agent a
    // decision came from (Claude Code and Codex send both inside a sub-agent); NULL for the
    // main agent and for rows written before this version.
    r#"
    ALTER TABLE decisions ADD COLUMN agent_id TEXT;
    ALTER TABLE decisions ADD COLUMN agent_type TEXT;
    "#,
    // 5: the audit log (issue 19 item 1, `audit.rs`): one row per policy or config change made
    // through hookward's commands, each carrying the blake3 hash of the previous row's hash and
    // its own canonical text (a hash chain `hookward audit verify` walks). The triggers make
    // the table append-only for every writer that goes through SQLite without dropping them;
    // the chain is what shows a change made anyway.
    r#"
    CREATE TABLE audit_log (
        id         INTEGER PRIMARY KEY,
        ts_ms      INTEGER NOT NULL,
        actor      TEXT    NOT NULL,
        action     TEXT    NOT NULL,
        details    TEXT    NOT NULL,
        prev_hash  TEXT    NOT NULL,
        hash       TEXT    NOT NULL
    );
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    "#,
    // 6: lessons (issue 14, `lessons.rs`). `lesson_episodes`: open episodes (a failed call
    // waiting for its fix), one per project and key (`family:node`, `file:src/a.py`);
    // `lessons` the distilled lessons (L ids), `search` the text the FTS5 table indexes
    // (`lessons_fts`, trigram tokenizer, rowid = lesson id); `lesson_deliveries` every time a
    // lesson was shown (outcome NULL pending, `hit` or `miss`); `lesson_turns` the prompt count
    // of each session (a lesson is not shown twice within 4 turns). Text is redacted first.
    r#"
    CREATE TABLE lesson_episodes (
        id         INTEGER PRIMARY KEY,
        project    TEXT    NOT NULL,
        key        TEXT    NOT NULL,
        session    TEXT,
        agent      TEXT    NOT NULL,
        opened_ms  INTEGER NOT NULL,
        calls      INTEGER NOT NULL DEFAULT 0,
        denied     INTEGER NOT NULL DEFAULT 0,
        failing    TEXT    NOT NULL,
        repair     TEXT    NOT NULL DEFAULT '[]',
        UNIQUE (project, key)
    );
    CREATE TABLE lessons (
        id            INTEGER PRIMARY KEY,
        project       TEXT    NOT NULL,
        tool          TEXT    NOT NULL,
        family        TEXT,
        file          TEXT,
        symptom       TEXT    NOT NULL,
        prescription  TEXT    NOT NULL,
        diff          TEXT    NOT NULL,
        triggers      TEXT    NOT NULL,
        provenance    TEXT    NOT NULL,
        search        TEXT    NOT NULL,
        created_ms    INTEGER NOT NULL,
        updated_ms    INTEGER NOT NULL,
        merged        INTEGER NOT NULL DEFAULT 1,
        deliveries    INTEGER NOT NULL DEFAULT 0,
        hits          INTEGER NOT NULL DEFAULT 0,
        misses        INTEGER NOT NULL DEFAULT 0,
        retired_ms    INTEGER
    );
    CREATE INDEX lessons_project_symptom ON lessons (project, symptom);
    CREATE VIRTUAL TABLE lessons_fts USING fts5(search, tokenize = 'trigram');
    CREATE TABLE lesson_deliveries (
        id         INTEGER PRIMARY KEY,
        lesson_id  INTEGER NOT NULL,
        session    TEXT,
        project    TEXT    NOT NULL,
        turn       INTEGER NOT NULL,
        ts_ms      INTEGER NOT NULL,
        event      TEXT    NOT NULL,
        outcome    TEXT
    );
    CREATE INDEX lesson_deliveries_session ON lesson_deliveries (session, lesson_id);
    CREATE TABLE lesson_turns (
        session  TEXT PRIMARY KEY,
        turn     INTEGER NOT NULL,
        ts_ms    INTEGER NOT NULL
    );
    "#,
    // 7: export cursors (issue 19 item 4, `export.rs`): per sink (`otlp`, `syslog`), the
    // newest decision, health event and audit entry id a receiver acknowledged. Moved only
    // after a batch is acknowledged, so a batch in flight when the exporter stops is sent
    // again (at-least-once).
    r#"
    CREATE TABLE export_cursors (
        sink         TEXT PRIMARY KEY,
        decision_id  INTEGER NOT NULL DEFAULT 0,
        health_id    INTEGER NOT NULL DEFAULT 0,
        audit_id     INTEGER NOT NULL DEFAULT 0,
        sent         INTEGER NOT NULL DEFAULT 0,
        updated_ms   INTEGER NOT NULL
    );
    "#,
    // 8: the context guard's manifests (issue 15, `context.rs`): per guard (home, project,
    // extra files; `key`), the guarded files with the stat that matches their ledger row and
    // the stamps of the folders walked, so an unchanged tree is checked by one stat per file
    // without reading the ledger. Any change to the ledger's files or scopes deletes every
    // manifest (the triggers), so a manifest is never older than the rows it stands for.
    r#"
    CREATE TABLE context_manifests (
        key         TEXT PRIMARY KEY,
        body        BLOB    NOT NULL,
        written_ms  INTEGER NOT NULL
    );
    CREATE TRIGGER context_files_insert_manifests AFTER INSERT ON context_files
    BEGIN DELETE FROM context_manifests; END;
    CREATE TRIGGER context_files_update_manifests AFTER UPDATE ON context_files
    BEGIN DELETE FROM context_manifests; END;
    CREATE TRIGGER context_files_delete_manifests AFTER DELETE ON context_files
    BEGIN DELETE FROM context_manifests; END;
    CREATE TRIGGER context_scopes_insert_manifests AFTER INSERT ON context_scopes
    BEGIN DELETE FROM context_manifests; END;
    CREATE TRIGGER context_scopes_update_manifests AFTER UPDATE ON context_scopes
    BEGIN DELETE FROM context_manifests; END;
    CREATE TRIGGER context_scopes_delete_manifests AFTER DELETE ON context_scopes
    BEGIN DELETE FROM context_manifests; END;
    "#,
    // 9: the cost index (issue 21, `cost.rs`). `cost_files`: one checkpoint per transcript
    // file (size and mtime as last read, `read_to` = the byte after the last complete line
    // read, `head_len`/`head_hash` = blake3 of the file's first bytes, to tell an appended
    // file from a rewritten or rotated one; `state` = the reader's carried state as JSON,
    // e.g. Codex's running totals). `cost_requests`: one row per model request, `key` unique
    // (Claude: message id + request id, so streamed parts, forks and sub-agents count once;
    // Codex: session + running totals; `scoped` = 1 when the key only means something inside
    // its file, which a rewrite of that file deletes). `day` = days since 1970-01-01 (UTC).
    r#"
    CREATE TABLE cost_files (
        id          INTEGER PRIMARY KEY,
        path        TEXT    NOT NULL UNIQUE,
        agent       TEXT    NOT NULL,
        size        INTEGER NOT NULL,
        mtime_ns    INTEGER NOT NULL,
        read_to     INTEGER NOT NULL,
        head_len    INTEGER NOT NULL,
        head_hash   TEXT    NOT NULL,
        state       TEXT    NOT NULL,
        bad_lines   INTEGER NOT NULL,
        updated_ms  INTEGER NOT NULL
    );
    CREATE TABLE cost_requests (
        id              INTEGER PRIMARY KEY,
        key             TEXT    NOT NULL UNIQUE,
        scoped          INTEGER NOT NULL,
        file_id         INTEGER NOT NULL,
        day             INTEGER,
        ts              TEXT,
        agent           TEXT    NOT NULL,
        project         TEXT    NOT NULL,
        session         TEXT    NOT NULL,
        model           TEXT    NOT NULL,
        input           INTEGER NOT NULL,
        cache_write_5m  INTEGER NOT NULL,
        cache_write_1h  INTEGER NOT NULL,
        cache_read      INTEGER NOT NULL,
        output          INTEGER NOT NULL,
        reasoning       INTEGER NOT NULL
    );
    CREATE INDEX cost_requests_day ON cost_requests (day);
    CREATE INDEX cost_requests_file ON cost_requests (file_id, scoped);
    "#,
    // 10: the lessons prefilter's generation and vetted lesson texts (issue 14, hot path,
    // `lessons.rs`). `lesson_index.gen` counts every change to the lessons that the
    // prefilter file next to the store indexes (a lesson added, deleted, its search text,
    // project, family or file changed, retired): the file records the generation it was built
    // from, and a file of another generation is not used. `lessons.vetted`: the injection
    // scanner's verdicts on the lesson's delivery texts, each with the scanner's fingerprint
    // (`FP:HASH:FLAG:SCORE;…`, written by the pipeline), so delivery does not build the scanner.
    r#"
    CREATE TABLE lesson_index (
        id   INTEGER PRIMARY KEY CHECK (id = 1),
        gen  INTEGER NOT NULL
    );
    INSERT INTO lesson_index (id, gen) VALUES (1, 1);
    ALTER TABLE lessons ADD COLUMN vetted TEXT NOT NULL DEFAULT '';
    CREATE TRIGGER lessons_gen_insert AFTER INSERT ON lessons
    BEGIN UPDATE lesson_index SET gen = gen + 1 WHERE id = 1; END;
    CREATE TRIGGER lessons_gen_delete AFTER DELETE ON lessons
    BEGIN UPDATE lesson_index SET gen = gen + 1 WHERE id = 1; END;
    CREATE TRIGGER lessons_gen_update AFTER UPDATE OF project, family, file, search, retired_ms ON lessons
    BEGIN UPDATE lesson_index SET gen = gen + 1 WHERE id = 1; END;
    "#,
    // 11: the knowledge-base scan cache (issue 20, `kb.rs`). `kb_files`: per scanned file
    // (absolute path) the size and mtime it had, the blake3 of its bytes, the cache key it was
    // processed under (chunking parameters, the chunker/embedder fingerprint, the scanner's
    // fingerprint) and its chunk count. `kb_chunks`: per chunk its place (line, byte span,
    // heading), the blake3 of its text, its features (bucket/term-frequency pairs, 8 bytes
    // each: what the index is rebuilt from without re-embedding) and what the injection
    // scanner found (JSON, spans in the chunk). No chunk text is stored; headings and finding
    // evidence are redacted before they are written (`exact` = 0 when redaction changed
    // them: such a file is read again on every scan). `check` = blake3 of the row's other
    // columns, so a damaged row is a miss, never a wrong report.
    r#"
    CREATE TABLE kb_files (
        id          INTEGER PRIMARY KEY,
        path        TEXT    NOT NULL UNIQUE,
        size        INTEGER NOT NULL,
        mtime_ns    INTEGER NOT NULL,
        hash        TEXT    NOT NULL,
        key         TEXT    NOT NULL,
        chunks      INTEGER NOT NULL,
        scanned_ms  INTEGER NOT NULL
    );
    CREATE TABLE kb_chunks (
        file_id   INTEGER NOT NULL,
        idx       INTEGER NOT NULL,
        hash      TEXT    NOT NULL,
        line      INTEGER NOT NULL,
        start     INTEGER NOT NULL,
        end       INTEGER NOT NULL,
        heading   TEXT,
        features  BLOB    NOT NULL,
        flagged   TEXT,
        exact     INTEGER NOT NULL,
        check_    TEXT    NOT NULL,
        PRIMARY KEY (file_id, idx)
    ) WITHOUT ROWID;
    "#,
    // 12: fewer pages for a delivering prompt (issue 14's whole-hook bar, `lessons.rs`).
    // `lesson_index.renewed`: the recency a hit renewed since the last generation
    // (`id:updated_ms;` entries, appended by the `lessons_renewed` trigger, emptied with every
    // new generation, a new generation once it passes 2,048 bytes), so the prefilter file's
    // scores are the rows' and a recall reads no candidate row. `lesson_deliveries` and
    // `lesson_turns` become `WITHOUT ROWID` tables keyed by session (a delivery is one b-tree
    // entry, no separate index; the repeat check is one key range): a delivery of the same
    // lesson twice in one session and turn is one entry counting `n`. The lessons'
    // `deliveries` column now counts only deliveries without an entry (merged in from a
    // lesson absorbed before this version, …): the deliveries a lesson shows are that plus its
    // entries' `n`, so a delivery writes no lessons page. A delivery without a session is
    // stored under session `''`, whose turns `lesson_turns` already counted.
    r#"
    ALTER TABLE lesson_index ADD COLUMN renewed TEXT NOT NULL DEFAULT '';
    DROP TRIGGER lessons_gen_insert;
    DROP TRIGGER lessons_gen_delete;
    DROP TRIGGER lessons_gen_update;
    CREATE TRIGGER lessons_gen_insert AFTER INSERT ON lessons
    BEGIN UPDATE lesson_index SET gen = gen + 1, renewed = '' WHERE id = 1; END;
    CREATE TRIGGER lessons_gen_delete AFTER DELETE ON lessons
    BEGIN UPDATE lesson_index SET gen = gen + 1, renewed = '' WHERE id = 1; END;
    CREATE TRIGGER lessons_gen_update AFTER UPDATE OF project, family, file, search, retired_ms ON lessons
    BEGIN UPDATE lesson_index SET gen = gen + 1, renewed = '' WHERE id = 1; END;
    CREATE TRIGGER lessons_renewed AFTER UPDATE OF updated_ms ON lessons
    BEGIN UPDATE lesson_index SET
        gen = CASE WHEN length(renewed) >= 2048 THEN gen + 1 ELSE gen END,
        renewed = CASE WHEN length(renewed) >= 2048 THEN ''
                       ELSE renewed || NEW.id || ':' || NEW.updated_ms || ';' END
      WHERE id = 1; END;
    UPDATE lessons SET deliveries = MAX(0, deliveries -
        (SELECT COUNT(*) FROM lesson_deliveries d WHERE d.lesson_id = lessons.id));
    CREATE TABLE lesson_shown (
        session    TEXT    NOT NULL,
        lesson_id  INTEGER NOT NULL,
        turn       INTEGER NOT NULL,
        project    TEXT    NOT NULL,
        ts_ms      INTEGER NOT NULL,
        event      TEXT    NOT NULL,
        outcome    TEXT,
        n          INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (session, lesson_id, turn)
    ) WITHOUT ROWID;
    INSERT INTO lesson_shown (session, lesson_id, turn, project, ts_ms, event, outcome, n)
        SELECT COALESCE(session, ''), lesson_id, turn, MIN(project), MIN(ts_ms), MIN(event),
               MAX(outcome), COUNT(*)
        FROM lesson_deliveries GROUP BY COALESCE(session, ''), lesson_id, turn;
    DROP TABLE lesson_deliveries;
    ALTER TABLE lesson_shown RENAME TO lesson_deliveries;
    CREATE TABLE lesson_turns_new (
        session  TEXT    NOT NULL PRIMARY KEY,
        turn     INTEGER NOT NULL,
        ts_ms    INTEGER NOT NULL
    ) WITHOUT ROWID;
    INSERT INTO lesson_turns_new (session, turn, ts_ms)
        SELECT COALESCE(session, ''), MAX(turn), MAX(ts_ms) FROM lesson_turns
        GROUP BY COALESCE(session, '');
    DROP TABLE lesson_turns;
    ALTER TABLE lesson_turns_new RENAME TO lesson_turns;
    "#,
];

/// The schema version this build creates and understands (`PRAGMA user_version`): the number
/// of migrations in `src/schema.rs`. Version 1: tables `decisions` and `health_events`;
/// version 2: the context guard's ledger (`context_*`); version 3: the
/// canary and acknowledgement marks (`marks.rs`); version 4: sub-agent identity on decisions
/// (`agent_id`, `agent_type`); version 5: the hash-chained audit log (`audit_log`, `audit.rs`); version 6: lessons (`lesson_*`, `lessons`, `lessons_fts`); version 7: export cursors (`export_cursors`, `export.rs`); version 8: the context guard's manifests (`context_manifests` and the triggers that drop them on any ledger change); version 9: the cost index (`cost_files`, `cost_requests`, `cost.rs`); version 10: the lessons prefilter's generation (`lesson_index`) and vetted lesson texts (`lessons.vetted`); version 11: the knowledge-base scan cache (`kb_files`, `kb_chunks`, `kb.rs`); version 12: fewer pages for a delivering prompt (`lesson_index.renewed`, `lesson_deliveries` and `lesson_turns` keyed by session without rowids, `lessons.deliveries` counting only deliveries without an entry).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// What the header of an existing database file says.
pub(crate) struct Header {
    /// Write-ahead-log mode is recorded in the file (header bytes 18 and 19 are 2).
    pub wal: bool,
}

/// Checks the 100-byte header of an existing, non-empty file before SQLite touches it, so a
/// file that is not a database, or a truncated one, is reported as [`StoreError::Damaged`]
/// without anything being written. Field offsets and rules are from the SQLite "Database File
/// Format" document, §1.3 ("The Database Header").
pub(crate) fn check_header(path: &Path, len: u64) -> Result<Header, StoreError> {
    let damaged = |detail: String| StoreError::Damaged {
        path: path.to_path_buf(),
        detail,
    };
    if len < 100 {
        return Err(damaged(format!(
            "the file is {len} bytes, shorter than the 100-byte SQLite header"
        )));
    }
    let mut h = [0u8; 100];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut h))
        .map_err(|source| StoreError::Io {
            path: path.to_path_buf(),
            action: "read the header of",
            source,
        })?;
    if !h.starts_with(b"SQLite format 3\0") {
        return Err(damaged(
            "it does not start with the SQLite magic string \"SQLite format 3\", so it is not a SQLite database".into(),
        ));
    }
    let raw_page_size = u16::from_be_bytes([h[16], h[17]]);
    let page_size: u64 = if raw_page_size == 1 {
        65_536
    } else {
        u64::from(raw_page_size)
    };
    if !(512..=65_536).contains(&page_size) || !page_size.is_power_of_two() {
        return Err(damaged(format!(
            "header field page size (offset 16) is {raw_page_size}, expected a power of two from 512 to 65536"
        )));
    }
    if h[21] != 64 || h[22] != 32 || h[23] != 32 {
        return Err(damaged(format!(
            "header payload fractions (offsets 21-23) are {}/{}/{}, expected 64/32/32",
            h[21], h[22], h[23]
        )));
    }
    let change_counter = u32::from_be_bytes([h[24], h[25], h[26], h[27]]);
    let db_pages = u64::from(u32::from_be_bytes([h[28], h[29], h[30], h[31]]));
    let valid_for = u32::from_be_bytes([h[92], h[93], h[94], h[95]]);
    // A hot WAL can legitimately hold pages beyond the main file until recovery; SQLite checks
    // those itself (and reports corruption, which becomes `Damaged` too).
    if !hot_wal(path) {
        if len.checked_rem(page_size).is_some_and(|r| r != 0) {
            return Err(damaged(format!(
                "the file is {len} bytes, not a whole number of {page_size}-byte pages: it was truncated or appended to"
            )));
        }
        // The in-header page count is valid only when "version-valid-for" matches the change
        // counter (§1.3.8).
        if change_counter == valid_for && db_pages > 0 && len < db_pages * page_size {
            return Err(damaged(format!(
                "the file is {len} bytes but its header declares {db_pages} pages of {page_size} bytes ({} bytes): it was truncated",
                db_pages * page_size
            )));
        }
    }
    Ok(Header {
        wal: h[18] == 2 && h[19] == 2,
    })
}

/// The `-wal` file next to `path` exists and is not empty.
fn hot_wal(path: &Path) -> bool {
    std::fs::metadata(sidecar(path, "-wal")).is_ok_and(|m| m.len() > 0)
}

/// `path` with `suffix` appended to its file name (`state.db` → `state.db-wal`).
pub(crate) fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}
