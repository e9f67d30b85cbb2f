//! Lessons in the store (schema version 6, issue 14): open episodes, lessons (`L<id>`) with
//! their FTS5 index (trigram tokenizer, so any 3+ character substring matches, Chinese as well
//! as English; 1–2 character CJK queries fall back to `LIKE`), deliveries and the anti-rot
//! counts, and each session's prompt count. Schema version 12 keyed deliveries and turns by
//! session (one b-tree entry a delivery), counts a lesson's deliveries from its entries, and
//! keeps the recency hits renewed since the prefilter file's generation beside it, so a
//! recalling prompt reads no candidate row and writes no lessons page.
//!
//! Every text field of a lesson is redacted here before it is written (the crate's
//! invariant), whatever the caller did.

use crate::{now_ms, sql_err, Store, StoreError};
use hookward_lessons::prefilter;
use hookward_lessons::recall::{self, Candidate};
use hookward_lessons::{FailedCall, Lesson, Provenance};
use rusqlite::{params, OptionalExtension, Row};
use serde::Serialize;
use serde_json::Value;
use std::path::PathBuf;

/// A lesson retires after at least this many misses (delivered, then the same failure again)…
pub const RETIRE_MIN_MISSES: i64 = 3;
/// …and when the misses are at least this share of its deliveries (issue 14: "≥ 3 misses and
/// ≥ 25 % of deliveries").
pub const RETIRE_MISS_SHARE: f64 = 0.25;

/// Most repair steps an open episode keeps (`edit FILE`, in order).
const MAX_REPAIR_STEPS: usize = 8;

/// An episode to open: a failed call waiting for its fix.
#[derive(Debug, Clone)]
pub struct NewEpisode {
    /// The project directory (episodes never cross projects).
    pub project: String,
    /// The episode key ([`hookward_lessons::EpisodeKey::as_string`]).
    pub key: String,
    /// The session of the failing call.
    pub session: Option<String>,
    /// The agent (`claude-code`, …).
    pub agent: String,
    /// The failing call, distilled.
    pub failing: FailedCall,
    /// The failing call was a hookward deny (its "fix" would be a route around the guard).
    pub denied: bool,
    /// When it failed (ms since the epoch).
    pub ts_ms: i64,
}

/// An open episode as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EpisodeRow {
    /// Row id.
    pub id: i64,
    /// The project directory.
    pub project: String,
    /// The episode key.
    pub key: String,
    /// The session of the failing call.
    pub session: Option<String>,
    /// The agent.
    pub agent: String,
    /// When it opened (ms).
    pub opened_ms: i64,
    /// Tool calls in the project since it opened.
    pub calls: i64,
    /// The failing call was a hookward deny.
    pub denied: bool,
    /// The failing call.
    pub failing: FailedCall,
    /// What was done in between (`edit FILE`, …).
    pub repair: Vec<String>,
}

/// When an open episode expires: after `max_age_ms` or `max_calls` later calls in the
/// project, whichever comes first.
#[derive(Debug, Clone, Copy)]
pub struct EpisodeLimits {
    /// Most milliseconds an episode stays open (the pipeline uses 30 minutes: sessions in the
    /// same project within that time count).
    pub max_age_ms: i64,
    /// Most later tool calls in the project before it expires.
    pub max_calls: i64,
}

/// What [`Store::insert_lesson`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonInsert {
    /// The lesson's id (`L<id>`): the new one, or the near-duplicate it was merged into.
    pub id: i64,
    /// Merged into an existing lesson ([`hookward_lessons::similar`]).
    pub merged: bool,
}

/// A stored lesson.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LessonRow {
    /// Row id; people see `L<id>` ([`LessonRow::display_id`]).
    pub id: i64,
    /// The project it was learned in.
    pub project: String,
    /// The lesson's fields (redacted).
    pub lesson: Lesson,
    /// When it was learned (ms).
    pub created_ms: i64,
    /// When it was last learned again, merged or hit (ms); recency is measured from it.
    pub updated_ms: i64,
    /// How many episodes it stands for (1 + near-duplicates merged in).
    pub merged: i64,
    /// How often it was shown: its entries in `lesson_deliveries` (their `n`) and the
    /// deliveries it carries without one (merged in from an absorbed lesson of a store older
    /// than schema version 12).
    pub deliveries: i64,
    /// Deliveries followed by success of the same kind of work.
    pub hits: i64,
    /// Deliveries followed by the same failure again.
    pub misses: i64,
    /// When it retired (anti-rot), if it did; a retired lesson is never shown.
    pub retired_ms: Option<i64>,
    /// The injection scanner's stored verdicts on its delivery texts (`FP:HASH:FLAG:SCORE;…`,
    /// written and read by the pipeline's lessons step; empty: none yet). Not shown.
    #[serde(skip)]
    pub vetted: String,
}

impl LessonRow {
    /// `L<id>`.
    pub fn display_id(&self) -> String {
        format!("L{}", self.id)
    }
}

/// Which lessons [`Store::lessons`] lists.
#[derive(Debug, Clone, Default)]
pub struct LessonQuery {
    /// Only this project's.
    pub project: Option<String>,
    /// Retired ones too.
    pub include_retired: bool,
    /// At most this many (0: no limit), newest first.
    pub limit: usize,
}

/// Counts over all lessons ([`Store::lesson_stats`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LessonStats {
    /// Lessons in force.
    pub active: i64,
    /// Lessons retired.
    pub retired: i64,
    /// Open episodes.
    pub open_episodes: i64,
    /// Deliveries in all.
    pub deliveries: i64,
    /// Hits in all.
    pub hits: i64,
    /// Misses in all.
    pub misses: i64,
}

/// A recall: the search text of a prompt or call, and what it is about.
#[derive(Debug, Clone)]
pub struct RecallQuery<'a> {
    /// The project (lessons are recalled in the project they were learned in).
    pub project: &'a str,
    /// The prompt, or the command about to run.
    pub text: &'a str,
    /// The program family of the call about to run ([`recall::FAMILY_BOOST`]).
    pub family: Option<&'a str>,
    /// The file of the call about to run ([`recall::FILE_BOOST`]).
    pub file: Option<&'a str>,
    /// Now, for the recency decay (ms).
    pub now_ms: i64,
    /// The recency half-life (ms): `lessons.half_life_days`, [`recall::HALF_LIFE_MS`] by
    /// default.
    pub half_life_ms: f64,
    /// Most lessons returned.
    pub limit: usize,
}

/// What the hook needs of a lesson to show it ([`Store::lesson_to_show`]): the fields of its
/// delivered text, its provenance (origin and setup fingerprint) and its stored vetting.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonToShow {
    /// Row id (`L<id>`).
    pub id: i64,
    /// The tool that failed.
    pub tool: String,
    /// The symptom (redacted).
    pub symptom: String,
    /// The prescription (redacted).
    pub prescription: String,
    /// Where and under which setup it was learned.
    pub provenance: Provenance,
    /// The injection scanner's stored verdicts ([`LessonRow::vetted`]).
    pub vetted: String,
}

/// One recalled lesson.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recalled {
    /// The lesson.
    pub row: LessonRow,
    /// Its score ([`recall::score`]; higher is better).
    pub score: f64,
}

/// What happened after a delivery, for [`Store::settle_deliveries`].
#[derive(Debug, Clone, Copy)]
pub enum Settle<'a> {
    /// The same kind of work then succeeded: a hit.
    Success,
    /// It failed with this symptom: a miss when it is the lesson's symptom.
    Failure(&'a str),
}

/// What [`Store::settle_deliveries`] counted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settled {
    /// Deliveries settled as hits.
    pub hits: usize,
    /// Deliveries settled as misses.
    pub misses: usize,
    /// Lessons that retired because of them.
    pub retired: Vec<i64>,
}

/// Candidates read from the index before scoring, per query: the most recent lessons that match
/// any query term, and as many that match one of its three longest terms. Past that many
/// matches, older lessons sharing only common words with the query are not considered; 64
/// rather than 256 halved the p95 of `examples/bench_recall.rs` at 10,000 lessons.
const CANDIDATES: usize = 64;

/// Most recent lessons of a project scanned by substring for 1–2 character CJK terms.
const SHORT_SCAN: usize = 2_000;

/// Candidates the prefilter file passes on to be read and scored, per lesson the recall
/// returns (the best by the score the file can give: matched terms, boosts, the recency when
/// the file was written); each is one read by id. At least [`PREFILTER_MIN_CANDIDATES`].
const PREFILTER_CANDIDATES_PER_RESULT: usize = 2;
/// Most deliveries [`Store::record_deliveries`] writes with one statement.
const DELIVERIES_PER_STATEMENT: usize = 8;

/// Fewest candidates read from the prefilter's answer.
const PREFILTER_MIN_CANDIDATES: usize = 8;

/// What the prefilter file answered for a recall.
enum PrefilterAnswer {
    /// `(id, score)` best first, the scores equal to the rows' (no term cut, the renewed
    /// recency applied): no row needs reading.
    Scored(Vec<(i64, f64)>),
    /// Candidate ids best first, to be checked and scored against their rows.
    Ids(Vec<i64>),
}

/// Most bytes of `lesson_index.renewed` before the schema's trigger starts a new generation
/// (documented in the migration; only read here to bound the parse).
const RENEWED_MAX_BYTES: usize = 4_096;

/// The recency hits renewed since the prefilter's generation: `(lesson id, updated_ms)`,
/// sorted by id.
type Renewed = Vec<(i64, i64)>;

/// `lesson_index.renewed` (`id:updated_ms;` entries) as [`Renewed`], or `None` when an entry
/// does not parse or the text is longer than the trigger lets it grow.
fn parse_renewed(s: &str) -> Option<Renewed> {
    if s.len() > RENEWED_MAX_BYTES {
        return None;
    }
    let mut out = Vec::new();
    for e in s.split(';').filter(|e| !e.is_empty()) {
        let (id, ms) = e.split_once(':')?;
        out.push((id.parse().ok()?, ms.parse().ok()?));
    }
    out.sort_unstable();
    Some(out)
}

/// (id, bm25, family, file, updated_ms, search) of a recall candidate; full rows are read only
/// for the winners.
type Cand = (i64, f64, Option<String>, Option<String>, i64, String);

fn cand(r: &Row<'_>) -> rusqlite::Result<Cand> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
    ))
}

const LESSON_COLUMNS: &str = "id, project, tool, family, file, symptom, prescription, diff, triggers, provenance, created_ms, updated_ms, merged, deliveries, hits, misses, retired_ms, vetted";

/// [`LESSON_COLUMNS`] with the deliveries a lesson shows: its `deliveries` column (those
/// without an entry, schema version 12) plus its entries' `n` in `lesson_deliveries`; to be
/// read `FROM` [`LESSONS_COUNTED`].
const COUNTED_COLUMNS: &str = "id, project, tool, family, file, symptom, prescription, diff, triggers, provenance, created_ms, updated_ms, merged, deliveries + COALESCE(c.n, 0), hits, misses, retired_ms, vetted";

/// The lessons with their entries' delivery counts (one pass over `lesson_deliveries`, which
/// has no index by lesson: a delivery on the hook's path writes one b-tree entry).
const LESSONS_COUNTED: &str = "lessons LEFT JOIN (SELECT lesson_id, SUM(n) AS n FROM lesson_deliveries GROUP BY lesson_id) c ON c.lesson_id = lessons.id";

fn lesson_row(r: &Row<'_>) -> rusqlite::Result<LessonRow> {
    let triggers: String = r.get(8)?;
    let provenance: String = r.get(9)?;
    Ok(LessonRow {
        id: r.get(0)?,
        project: r.get(1)?,
        lesson: Lesson {
            tool: r.get(2)?,
            family: r.get(3)?,
            file: r.get(4)?,
            symptom: r.get(5)?,
            prescription: r.get(6)?,
            diff: r.get(7)?,
            triggers: serde_json::from_str(&triggers).unwrap_or_default(),
            provenance: serde_json::from_str(&provenance).unwrap_or_default(),
        },
        created_ms: r.get(10)?,
        updated_ms: r.get(11)?,
        merged: r.get(12)?,
        deliveries: r.get(13)?,
        hits: r.get(14)?,
        misses: r.get(15)?,
        retired_ms: r.get(16)?,
        vetted: r.get(17)?,
    })
}

fn redact(s: &str) -> String {
    hookward_redact::redact_str(s).into_owned()
}

/// The lesson with every text field redacted.
fn redacted(l: &Lesson) -> Lesson {
    let mut prov = serde_json::to_value(&l.provenance).unwrap_or(Value::Null);
    hookward_redact::redact_json(&mut prov);
    Lesson {
        tool: redact(&l.tool),
        family: l.family.as_deref().map(redact),
        file: l.file.as_deref().map(redact),
        symptom: redact(&l.symptom),
        prescription: redact(&l.prescription),
        diff: redact(&l.diff),
        triggers: l.triggers.iter().map(|t| redact(t)).collect(),
        provenance: serde_json::from_value::<Provenance>(prov).unwrap_or_default(),
    }
}

impl Store {
    /// Opens an episode, replacing an open one with the same project and key (the latest
    /// failure is the one its fix is compared with).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn open_episode(&self, ep: &NewEpisode) -> Result<i64, StoreError> {
        let mut failing = serde_json::to_value(&ep.failing).unwrap_or(Value::Null);
        hookward_redact::redact_json(&mut failing);
        self.conn
            .query_row(
                "INSERT INTO lesson_episodes (project, key, session, agent, opened_ms, calls, denied, failing, repair)
                 VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, ?7, '[]')
                 ON CONFLICT (project, key) DO UPDATE SET session = ?3, agent = ?4, opened_ms = ?5,
                   calls = 0, denied = ?6, failing = ?7, repair = '[]'
                 RETURNING id",
                params![
                    ep.project,
                    ep.key,
                    ep.session,
                    ep.agent,
                    ep.ts_ms,
                    ep.denied,
                    failing.to_string()
                ],
                |r| r.get(0),
            )
            .map_err(|e| sql_err(&self.path, "opening a lesson episode", e))
    }

    /// The open episodes of a project, after deleting those past `limits` (in any project).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn open_episodes(
        &self,
        project: &str,
        now_ms: i64,
        limits: EpisodeLimits,
    ) -> Result<Vec<EpisodeRow>, StoreError> {
        self.open_episodes_for(project, "", now_ms, limits)
    }

    /// The open episodes of a project and those of `session` in any project (an agent that
    /// changed folder — Claude Code records a `cd` as the next call's `cwd` — still works on
    /// them), after deleting those past `limits`. An empty `session` adds none.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn open_episodes_for(
        &self,
        project: &str,
        session: &str,
        now_ms: i64,
        limits: EpisodeLimits,
    ) -> Result<Vec<EpisodeRow>, StoreError> {
        const ACTION: &str = "reading open lesson episodes";
        let err = |e| sql_err(&self.path, ACTION, e);
        self.conn
            .execute(
                "DELETE FROM lesson_episodes WHERE opened_ms < ?1 OR calls > ?2",
                params![now_ms - limits.max_age_ms, limits.max_calls],
            )
            .map_err(err)?;
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT id, project, key, session, agent, opened_ms, calls, denied, failing, repair
                 FROM lesson_episodes WHERE project = ?1 OR (?2 <> '' AND session = ?2) ORDER BY id",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map([project, session], |r| {
                let failing: String = r.get(8)?;
                let repair: String = r.get(9)?;
                Ok((
                    EpisodeRow {
                        id: r.get(0)?,
                        project: r.get(1)?,
                        key: r.get(2)?,
                        session: r.get(3)?,
                        agent: r.get(4)?,
                        opened_ms: r.get(5)?,
                        calls: r.get(6)?,
                        denied: r.get(7)?,
                        failing: FailedCall {
                            call: hookward_lessons::CallSummary {
                                tool: String::new(),
                                kind: String::new(),
                                command: None,
                                file: None,
                                detail: None,
                                id: None,
                            },
                            symptom: String::new(),
                            cause: String::new(),
                            evidence: String::new(),
                            cwd: None,
                        },
                        repair: serde_json::from_str(&repair).unwrap_or_default(),
                    },
                    failing,
                ))
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)?;
        Ok(rows
            .into_iter()
            .filter_map(|(mut row, failing)| {
                row.failing = serde_json::from_str(&failing).ok()?;
                Some(row)
            })
            .collect())
    }

    /// Counts one more tool call against every open episode of the project, and appends
    /// `step` (`edit src/a.py`) to their repair paths when given (at most 8 steps kept, a step
    /// already there not repeated).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn episode_step(&self, project: &str, step: Option<&str>) -> Result<(), StoreError> {
        self.episode_step_for(project, "", step)
    }

    /// [`Store::episode_step`] for the episodes of the project and those of `session` in any
    /// project ([`Store::open_episodes_for`]).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn episode_step_for(
        &self,
        project: &str,
        session: &str,
        step: Option<&str>,
    ) -> Result<(), StoreError> {
        const ACTION: &str = "counting a call against lesson episodes";
        let err = |e| sql_err(&self.path, ACTION, e);
        self.conn
            .execute(
                "UPDATE lesson_episodes SET calls = calls + 1 WHERE project = ?1 OR (?2 <> '' AND session = ?2)",
                [project, session],
            )
            .map_err(err)?;
        let Some(step) = step else {
            return Ok(());
        };
        let step = redact(step);
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT id, repair FROM lesson_episodes WHERE project = ?1 OR (?2 <> '' AND session = ?2)",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map([project, session], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)?;
        for (id, repair) in rows {
            let mut steps: Vec<String> = serde_json::from_str(&repair).unwrap_or_default();
            if steps.len() < MAX_REPAIR_STEPS && !steps.contains(&step) {
                steps.push(step.clone());
                self.conn
                    .execute(
                        "UPDATE lesson_episodes SET repair = ?2 WHERE id = ?1",
                        params![id, serde_json::to_string(&steps).unwrap_or_default()],
                    )
                    .map_err(err)?;
            }
        }
        Ok(())
    }

    /// Closes (deletes) an open episode; `false` when it was not open.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn close_episode(&self, id: i64) -> Result<bool, StoreError> {
        self.conn
            .execute("DELETE FROM lesson_episodes WHERE id = ?1", [id])
            .map(|n| n > 0)
            .map_err(|e| sql_err(&self.path, "closing a lesson episode", e))
    }

    /// Stores a lesson learned in `project`, redacted; a near-duplicate of a lesson in force
    /// in the same project ([`hookward_lessons::similar`]) is merged into it instead (triggers
    /// unioned, `merged` counted, recency renewed).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn insert_lesson(
        &self,
        project: &str,
        lesson: &Lesson,
        now_ms: i64,
    ) -> Result<LessonInsert, StoreError> {
        const ACTION: &str = "storing a lesson";
        let err = |e| sql_err(&self.path, ACTION, e);
        let lesson = redacted(lesson);
        let same: Vec<LessonRow> = {
            let mut stmt = self
                .conn
                .prepare_cached(&format!(
                    "SELECT {LESSON_COLUMNS} FROM lessons WHERE project = ?1 AND symptom = ?2 AND retired_ms IS NULL ORDER BY id"
                ))
                .map_err(err)?;
            stmt.query_map(params![project, lesson.symptom], lesson_row)
                .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
                .map_err(err)?
        };
        if let Some(mut kept) = same
            .into_iter()
            .find(|r| hookward_lessons::similar(&r.lesson, &lesson))
        {
            hookward_lessons::merge_into(&mut kept.lesson, &lesson);
            self.lessons_dirty.set(true);
            let search = kept.lesson.search_text();
            self.conn
                .execute(
                    "UPDATE lessons SET triggers = ?2, search = ?3, merged = merged + 1, updated_ms = ?4 WHERE id = ?1",
                    params![
                        kept.id,
                        serde_json::to_string(&kept.lesson.triggers).unwrap_or_default(),
                        search,
                        now_ms
                    ],
                )
                .map_err(err)?;
            self.conn
                .execute(
                    "UPDATE lessons_fts SET search = ?2 WHERE rowid = ?1",
                    params![kept.id, search],
                )
                .map_err(err)?;
            return Ok(LessonInsert {
                id: kept.id,
                merged: true,
            });
        }
        let search = lesson.search_text();
        self.lessons_dirty.set(true);
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        tx.execute(
            "INSERT INTO lessons (project, tool, family, file, symptom, prescription, diff, triggers, provenance, search, created_ms, updated_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)",
            params![
                project,
                lesson.tool,
                lesson.family,
                lesson.file,
                lesson.symptom,
                lesson.prescription,
                lesson.diff,
                serde_json::to_string(&lesson.triggers).unwrap_or_default(),
                serde_json::to_string(&lesson.provenance).unwrap_or_default(),
                search,
                now_ms
            ],
        )
        .map_err(err)?;
        let id = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO lessons_fts (rowid, search) VALUES (?1, ?2)",
            params![id, search],
        )
        .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(LessonInsert { id, merged: false })
    }

    /// One lesson by id (retired ones too).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn lesson(&self, id: i64) -> Result<Option<LessonRow>, StoreError> {
        let err = |e| sql_err(&self.path, "reading a lesson", e);
        self.conn
            .prepare_cached(&format!(
                "SELECT {COUNTED_COLUMNS} FROM {LESSONS_COUNTED} WHERE id = ?1"
            ))
            .map_err(err)?
            .query_row([id], lesson_row)
            .optional()
            .map_err(err)
    }

    /// Lesson `id` as the hook shows it, or `None` when there is no such lesson or it was
    /// delivered in `session` at a turn after `turn - window` ([`Store::lesson`] and the
    /// repeat check together, in one statement: the hook's path prepares each statement once
    /// per process, and a narrower one costs less to prepare).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn lesson_to_show(
        &self,
        id: i64,
        session: &str,
        turn: i64,
        window: i64,
    ) -> Result<Option<LessonToShow>, StoreError> {
        let err = |e| sql_err(&self.path, "reading a lesson", e);
        self.conn
            .prepare_cached(
                "SELECT tool, symptom, prescription, provenance, vetted FROM lessons
                 WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM lesson_deliveries
                   WHERE lesson_id = ?1 AND session = ?2 AND turn > ?3)",
            )
            .map_err(err)?
            .query_row(params![id, session, turn - window], |r| {
                let provenance: String = r.get(3)?;
                Ok(LessonToShow {
                    id,
                    tool: r.get(0)?,
                    symptom: r.get(1)?,
                    prescription: r.get(2)?,
                    provenance: serde_json::from_str(&provenance).unwrap_or_default(),
                    vetted: r.get(4)?,
                })
            })
            .optional()
            .map_err(err)
    }

    /// The lessons `q` asks for, newest first.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn lessons(&self, q: &LessonQuery) -> Result<Vec<LessonRow>, StoreError> {
        const ACTION: &str = "listing lessons";
        let err = |e| sql_err(&self.path, ACTION, e);
        let limit = if q.limit == 0 { -1 } else { q.limit as i64 };
        let mut stmt = self
            .conn
            .prepare(&format!(
                "SELECT {COUNTED_COLUMNS} FROM {LESSONS_COUNTED}
                 WHERE (?1 IS NULL OR project = ?1) AND (?2 OR retired_ms IS NULL)
                 ORDER BY id DESC LIMIT ?3"
            ))
            .map_err(err)?;
        stmt.query_map(params![q.project, q.include_retired, limit], lesson_row)
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)
    }

    /// Deletes a lesson, its index entry and its deliveries; `false` when there was none.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn forget_lesson(&self, id: i64) -> Result<bool, StoreError> {
        const ACTION: &str = "forgetting a lesson";
        let err = |e| sql_err(&self.path, ACTION, e);
        self.lessons_dirty.set(true);
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        let n = tx
            .execute("DELETE FROM lessons WHERE id = ?1", [id])
            .map_err(err)?;
        tx.execute("DELETE FROM lessons_fts WHERE rowid = ?1", [id])
            .map_err(err)?;
        tx.execute("DELETE FROM lesson_deliveries WHERE lesson_id = ?1", [id])
            .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(n > 0)
    }

    /// Replaces a lesson's prescription (`hookward lessons rewrite`), redacted, and its
    /// index entry; `false` when there is no such lesson.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn set_prescription(&self, id: i64, prescription: &str) -> Result<bool, StoreError> {
        const ACTION: &str = "rewriting a lesson";
        let err = |e| sql_err(&self.path, ACTION, e);
        let Some(mut row) = self.lesson(id)? else {
            return Ok(false);
        };
        row.lesson.prescription = redact(prescription);
        let search = row.lesson.search_text();
        self.lessons_dirty.set(true);
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        tx.execute(
            "UPDATE lessons SET prescription = ?2, search = ?3, vetted = '' WHERE id = ?1",
            params![id, row.lesson.prescription, search],
        )
        .map_err(err)?;
        tx.execute(
            "UPDATE lessons_fts SET search = ?2 WHERE rowid = ?1",
            params![id, search],
        )
        .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(true)
    }

    /// Merges lesson `drop` into lesson `keep` (`hookward lessons consolidate`): `keep`'s
    /// triggers gain `drop`'s ([`hookward_lessons::merge_into`]), its episode, delivery, hit
    /// and miss counts add `drop`'s, its recency is the fresher of the two, `drop`'s deliveries
    /// move to `keep`, and `drop` is deleted.
    /// `false` when either lesson does not exist.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn absorb_lesson(&self, keep: i64, drop: i64) -> Result<bool, StoreError> {
        const ACTION: &str = "merging two lessons";
        let err = |e| sql_err(&self.path, ACTION, e);
        let (Some(mut k), Some(d)) = (self.lesson(keep)?, self.lesson(drop)?) else {
            return Ok(false);
        };
        if keep == drop {
            return Ok(false);
        }
        // `drop`'s deliveries without an entry; its entries move to `keep` below
        let d_unlisted: i64 = self
            .conn
            .query_row(
                "SELECT deliveries FROM lessons WHERE id = ?1",
                [drop],
                |r| r.get(0),
            )
            .map_err(err)?;
        hookward_lessons::merge_into(&mut k.lesson, &d.lesson);
        self.lessons_dirty.set(true);
        let search = k.lesson.search_text();
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        tx.execute(
            "UPDATE lessons SET triggers = ?2, search = ?3, merged = merged + ?4,
               deliveries = deliveries + ?5, hits = hits + ?6, misses = misses + ?7,
               updated_ms = MAX(updated_ms, ?8) WHERE id = ?1",
            params![
                keep,
                serde_json::to_string(&k.lesson.triggers).unwrap_or_default(),
                search,
                d.merged,
                d_unlisted,
                d.hits,
                d.misses,
                d.updated_ms
            ],
        )
        .map_err(err)?;
        tx.execute(
            "UPDATE lessons_fts SET search = ?2 WHERE rowid = ?1",
            params![keep, search],
        )
        .map_err(err)?;
        // an entry of `keep` in the same session and turn counts both
        tx.execute(
            "INSERT INTO lesson_deliveries (session, lesson_id, turn, project, ts_ms, event, outcome, n)
             SELECT session, ?1, turn, project, ts_ms, event, outcome, n FROM lesson_deliveries WHERE lesson_id = ?2
             ON CONFLICT (session, lesson_id, turn) DO UPDATE SET n = n + excluded.n,
               outcome = COALESCE(outcome, excluded.outcome)",
            params![keep, drop],
        )
        .map_err(err)?;
        tx.execute("DELETE FROM lesson_deliveries WHERE lesson_id = ?1", [drop])
            .map_err(err)?;
        tx.execute("DELETE FROM lessons WHERE id = ?1", [drop])
            .map_err(err)?;
        tx.execute("DELETE FROM lessons_fts WHERE rowid = ?1", [drop])
            .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(true)
    }

    /// Whether any lesson is in force (one index probe; the hook skips the search without).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn has_lessons(&self) -> Result<bool, StoreError> {
        // cached: every hook call asks, and the warm helper keeps the connection open
        self.conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM lessons WHERE retired_ms IS NULL)")
            .and_then(|mut stmt| stmt.query_row([], |r| r.get(0)))
            .map_err(|e| sql_err(&self.path, "looking for lessons", e))
    }

    /// Counts over all lessons.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn lesson_stats(&self) -> Result<LessonStats, StoreError> {
        const ACTION: &str = "counting lessons";
        let err = |e| sql_err(&self.path, ACTION, e);
        let (active, retired, deliveries, hits, misses) = self
            .conn
            .query_row(
                "SELECT COALESCE(SUM(retired_ms IS NULL), 0), COALESCE(SUM(retired_ms IS NOT NULL), 0),
                        COALESCE(SUM(deliveries), 0) + (SELECT COALESCE(SUM(n), 0) FROM lesson_deliveries),
                        COALESCE(SUM(hits), 0), COALESCE(SUM(misses), 0)
                 FROM lessons",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .map_err(err)?;
        let open_episodes = self
            .conn
            .query_row("SELECT COUNT(*) FROM lesson_episodes", [], |r| r.get(0))
            .map_err(err)?;
        Ok(LessonStats {
            active,
            retired,
            open_episodes,
            deliveries,
            hits,
            misses,
        })
    }

    /// The prefilter file of this store: `state.db` → `state.db.lessons-idx` beside it.
    pub fn lessons_index_path(&self) -> PathBuf {
        let mut name = self
            .path
            .file_name()
            .map(|n| n.to_os_string())
            .unwrap_or_default();
        name.push(".lessons-idx");
        self.path.with_file_name(name)
    }

    /// The lessons generation: bumped by the schema's triggers on every change the prefilter
    /// file indexes (a lesson added, deleted, retired, its search text, project, family or
    /// file changed).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn lessons_generation(&self) -> Result<u64, StoreError> {
        let err = |e| sql_err(&self.path, "reading the lessons generation", e);
        self.conn
            .prepare_cached("SELECT gen FROM lesson_index WHERE id = 1")
            .map_err(err)?
            .query_row([], |r| r.get::<_, i64>(0))
            .optional()
            .map(|g| g.unwrap_or(0) as u64)
            .map_err(err)
    }

    /// The lessons generation and the recency renewed since it began (`lesson_index.renewed`,
    /// schema version 12: `(id, updated_ms)` sorted by id), or `None` for the renewals when
    /// the column does not parse (the caller then reads the candidates' rows): one row read,
    /// the one [`Store::lessons_generation`] reads.
    fn lessons_generation_renewed(&self) -> Result<(u64, Option<Renewed>), StoreError> {
        let err = |e| sql_err(&self.path, "reading the lessons generation", e);
        let row: Option<(i64, String)> = self
            .conn
            .prepare_cached("SELECT gen, renewed FROM lesson_index WHERE id = 1")
            .map_err(err)?
            .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()
            .map_err(err)?;
        let Some((gen, renewed)) = row else {
            return Ok((0, Some(Vec::new())));
        };
        Ok((gen as u64, parse_renewed(&renewed)))
    }

    /// Writes the prefilter file ([`hookward_lessons::prefilter`]) of the lessons in force, at
    /// the current generation: to a temporary file, then renamed over the old one (a reader
    /// sees the old file or the new, never half of one). The generation is read before the
    /// lessons, so a change committed in between leaves a file that is already stale (the next
    /// recall writes it again), never one that misses a lesson yet claims to be current.
    /// Returns the file's size in bytes.
    ///
    /// # Errors
    /// SQLite errors; [`StoreError::Io`] when the file cannot be written.
    pub fn sync_lessons_index(&self) -> Result<usize, StoreError> {
        const ACTION: &str = "indexing lessons";
        let err = |e| sql_err(&self.path, ACTION, e);
        let gen = self.lessons_generation()?;
        // (id, project, family, file, search, updated_ms)
        type Indexed = (i64, String, Option<String>, Option<String>, String, i64);
        let rows: Vec<Indexed> = {
            let mut stmt = self
                .conn
                .prepare_cached(
                    "SELECT id, project, family, file, search, updated_ms FROM lessons WHERE retired_ms IS NULL",
                )
                .map_err(err)?;
            stmt.query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)?
        };
        let entries: Vec<prefilter::Entry<'_>> = rows
            .iter()
            .map(
                |(id, project, family, file, search, updated_ms)| prefilter::Entry {
                    id: *id,
                    project,
                    family: family.as_deref(),
                    file: file.as_deref(),
                    search,
                    updated_ms: *updated_ms,
                },
            )
            .collect();
        let bytes = prefilter::build(gen, &entries);
        let path = self.lessons_index_path();
        let tmp = path.with_extension(format!("lessons-idx.{}.tmp", std::process::id()));
        let io = |source| StoreError::Io {
            path: path.clone(),
            action: "write the lessons prefilter",
            source,
        };
        {
            use std::io::Write;
            #[cfg(unix)]
            use std::os::unix::fs::OpenOptionsExt;
            let mut o = std::fs::OpenOptions::new();
            o.write(true).create(true).truncate(true);
            #[cfg(unix)]
            o.mode(0o600);
            let mut f = o.open(&tmp).map_err(io)?;
            f.write_all(&bytes).map_err(io)?;
        }
        if let Err(e) = std::fs::rename(&tmp, &path) {
            let _ = std::fs::remove_file(&tmp);
            return Err(io(e));
        }
        self.lessons_dirty.set(false);
        let n = bytes.len();
        *self.prefilter.borrow_mut() = Some((gen, crate::mapped::Mapped::Owned(bytes)));
        Ok(n)
    }

    /// The prefilter's candidates for `q` (ids, best first), or `None` when there is no usable
    /// prefilter file (missing, damaged, or of another generation than the store's): the
    /// caller then searches the FTS5 index.
    fn prefilter_candidates(
        &self,
        q: &RecallQuery<'_>,
        terms: &recall::Terms,
    ) -> Option<PrefilterAnswer> {
        let (gen, renewed) = self.lessons_generation_renewed().ok()?;
        let mut cache = self.prefilter.borrow_mut();
        if cache.as_ref().map(|(g, _)| *g) != Some(gen) {
            *cache = None;
            let file = crate::mapped::Mapped::open(&self.lessons_index_path()).ok()?;
            if prefilter::Prefilter::parse(file.bytes()).ok()?.generation() != gen {
                return None;
            }
            *cache = Some((gen, file));
        }
        let (_, file) = cache.as_ref()?;
        // the file's scores are the rows' when no term was cut and the renewals are known
        let exact = renewed.is_some()
            && terms
                .long
                .iter()
                .chain(terms.short.iter())
                .all(|t| t.len() <= prefilter::MAX_TERM_BYTES);
        let scored = prefilter::Prefilter::parse(file.bytes())
            .and_then(|p| {
                p.scored(
                    &prefilter::Query {
                        project: q.project,
                        terms,
                        family: q.family,
                        file: q.file,
                        limit: (q.limit * PREFILTER_CANDIDATES_PER_RESULT)
                            .max(PREFILTER_MIN_CANDIDATES),
                        now_ms: q.now_ms,
                        half_life_ms: q.half_life_ms,
                    },
                    renewed.as_deref().unwrap_or_default(),
                )
            })
            .ok()?;
        Some(if exact {
            PrefilterAnswer::Scored(scored)
        } else {
            PrefilterAnswer::Ids(scored.into_iter().map(|(id, _)| id).collect())
        })
    }

    /// Stores the injection scanner's verdicts on a lesson's delivery texts (the pipeline's
    /// `FP:HASH:FLAG:SCORE;…`); `false` when there is no such lesson.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn set_lesson_vetted(&self, id: i64, vetted: &str) -> Result<bool, StoreError> {
        self.conn
            .execute(
                "UPDATE lessons SET vetted = ?2 WHERE id = ?1",
                params![id, vetted],
            )
            .map(|n| n > 0)
            .map_err(|e| sql_err(&self.path, "storing a lesson's vetting", e))
    }

    /// The lessons in force in the query's project that match its text, best first
    /// ([`recall::score`]: matched terms, same-family and same-file boosts, recency decay), at
    /// most `q.limit`. The candidates come from the prefilter file beside the store
    /// ([`hookward_lessons::prefilter`], when its generation is the store's): a query no
    /// lesson can match reads nothing else, one that can is ranked by the file's scores (its
    /// best twice `q.limit`, at least 8, then the best `q.limit` as the rows would rank them)
    /// with the recency hits renewed since the file's generation (`lesson_index.renewed`) —
    /// no row read; only when a query term is longer than
    /// [`hookward_lessons::prefilter::MAX_TERM_BYTES`] (the file may count it matched where
    /// the row does not) or the renewals do not parse are those candidates read by id and
    /// scored from their rows. Without a usable file (missing, damaged, stale)
    /// the FTS5 index answers terms of 3+ characters (the most recent matches, unranked:
    /// ranking every match of a common word is what costs time at 10,000 lessons), a query
    /// whose terms the index cannot match (CJK runs of 1–2 characters) is looked up with
    /// `instr` over the project's 2,000 most recent lessons, and the file is written again.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn recall_lessons(&self, q: &RecallQuery<'_>) -> Result<Vec<Recalled>, StoreError> {
        let scored = self.recall_lesson_ids(q)?;
        let mut out = Vec::with_capacity(scored.len());
        for (id, score) in scored {
            if let Some(row) = self.lesson(id)? {
                out.push(Recalled { row, score });
            }
        }
        Ok(out)
    }

    /// What [`Store::recall_lessons`] recalls, as `(lesson id, score)` pairs, best first,
    /// without reading the lessons' full rows: the hook reads ([`Store::lesson`]) only those
    /// it goes on to deliver (a lesson shown lately in the session is skipped unread).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn recall_lesson_ids(&self, q: &RecallQuery<'_>) -> Result<Vec<(i64, f64)>, StoreError> {
        const ACTION: &str = "recalling lessons";
        let err = |e| sql_err(&self.path, ACTION, e);
        let terms = recall::terms(q.text);
        let found: Vec<Cand> = match self.prefilter_candidates(q, &terms) {
            Some(PrefilterAnswer::Scored(mut scored)) => {
                // the file's scores are the rows' (no row read): ranked as the rows would be
                scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                scored.truncate(q.limit);
                return Ok(scored);
            }
            Some(PrefilterAnswer::Ids(ids)) => {
                // the prefilter's best candidates, each checked against its row
                let mut found = Vec::with_capacity(ids.len());
                if !ids.is_empty() {
                    let mut stmt = self
                        .conn
                        .prepare_cached(
                            "SELECT id, 0.0, family, file, updated_ms, search FROM lessons
                             WHERE id = ?1 AND project = ?2 AND retired_ms IS NULL",
                        )
                        .map_err(err)?;
                    for id in ids {
                        if let Some(c) = stmt
                            .query_row(params![id, q.project], cand)
                            .optional()
                            .map_err(err)?
                        {
                            found.push(c);
                        }
                    }
                }
                found
            }
            None => {
                if !self.has_lessons()? {
                    return Ok(Vec::new());
                }
                let found = self.fts_candidates(q, &terms)?;
                // the prefilter file is missing, stale or damaged: written again for the next
                // recall (best effort; without it every recall searches the index)
                let _ = self.sync_lessons_index();
                found
            }
        };
        let mut scored: Vec<(i64, f64)> = found
            .iter()
            .filter_map(|(id, bm25, family, file, updated, search)| {
                let c = Candidate {
                    bm25: *bm25,
                    matched: recall::matched_terms(&terms, search),
                    same_family: q.family.is_some() && family.as_deref() == q.family,
                    same_file: q.file.is_some() && file.as_deref() == q.file,
                    age_ms: q.now_ms - updated,
                    half_life_ms: q.half_life_ms,
                };
                recall::score(&c).map(|s| (*id, s))
            })
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        scored.truncate(q.limit);
        Ok(scored)
    }

    /// The FTS5 search's candidates (the recall without a usable prefilter file).
    fn fts_candidates(
        &self,
        q: &RecallQuery<'_>,
        terms: &recall::Terms,
    ) -> Result<Vec<Cand>, StoreError> {
        const ACTION: &str = "recalling lessons";
        let err = |e| sql_err(&self.path, ACTION, e);
        let mut found: Vec<Cand> = Vec::new();
        // Candidates without ranking the whole match set (bm25 over thousands of matches of a
        // common word costs milliseconds): the most recent lessons matching any term, and the
        // most recent matching one of the three longest (rarest) terms; scored below.
        let queries = [
            (recall::fts_query(terms), CANDIDATES),
            (recall::fts_query_longest(terms, 3), CANDIDATES),
        ];
        for (m, limit) in queries {
            let Some(m) = m else { continue };
            let mut stmt = self
                .conn
                .prepare_cached(
                    "SELECT l.id, 0.0, l.family, l.file, l.updated_ms, l.search
                     FROM (SELECT rowid FROM lessons_fts WHERE lessons_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?3) f
                     JOIN lessons l ON l.id = f.rowid
                     WHERE l.project = ?2 AND l.retired_ms IS NULL",
                )
                .map_err(err)?;
            let rows = stmt
                .query_map(params![m, q.project, limit as i64], cand)
                .and_then(|rows| rows.collect::<Result<Vec<Cand>, _>>())
                .map_err(err)?;
            for c in rows {
                if !found.iter().any(|f| f.0 == c.0) {
                    found.push(c);
                }
            }
        }
        // 1–2 character CJK terms the trigram index cannot match: when the index gave nothing,
        // a substring scan of the project's most recent lessons (bounded: SHORT_SCAN rows)
        if found.is_empty() && !terms.short.is_empty() {
            let mut stmt = self
                .conn
                .prepare_cached(
                    "SELECT id, 0.0, family, file, updated_ms, search FROM
                       (SELECT * FROM lessons WHERE project = ?1 AND retired_ms IS NULL ORDER BY id DESC LIMIT ?4)
                     WHERE instr(search, ?2) > 0 LIMIT ?3",
                )
                .map_err(err)?;
            for t in &terms.short {
                let rows = stmt
                    .query_map(
                        params![q.project, t, CANDIDATES as i64, SHORT_SCAN as i64],
                        |r| {
                            Ok((
                                r.get(0)?,
                                r.get(1)?,
                                r.get(2)?,
                                r.get(3)?,
                                r.get(4)?,
                                r.get(5)?,
                            ))
                        },
                    )
                    .and_then(|rows| rows.collect::<Result<Vec<Cand>, _>>())
                    .map_err(err)?;
                for c in rows {
                    if !found.iter().any(|f| f.0 == c.0) {
                        found.push(c);
                    }
                }
            }
        }
        Ok(found)
    }

    /// Counts a new prompt of `session` and returns its turn number (1 for the first).
    ///
    /// Inside a batch ([`Store::begin_batch`], the hook's path: `BEGIN IMMEDIATE`, so no
    /// other connection writes between the two statements) the turn is read and written
    /// back with two plain statements, which cost less to prepare than the one upsert with
    /// `RETURNING` (callgrind, SQLite 3.40: about 49 k instructions against 75 k, and 9 k
    /// against 32 k to run); outside a batch the upsert counts it in one statement.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn next_turn(&self, session: &str, now_ms: i64) -> Result<i64, StoreError> {
        let err = |e| sql_err(&self.path, "counting a prompt", e);
        if self.conn.is_autocommit() {
            return self
                .conn
                .prepare_cached(
                    "INSERT INTO lesson_turns (session, turn, ts_ms) VALUES (?1, 1, ?2)
                     ON CONFLICT (session) DO UPDATE SET turn = turn + 1, ts_ms = ?2
                     RETURNING turn",
                )
                .map_err(err)?
                .query_row(params![session, now_ms], |r| r.get(0))
                .map_err(err);
        }
        let turn = self.turn(session)? + 1;
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO lesson_turns (session, turn, ts_ms) VALUES (?1, ?2, ?3)",
            )
            .map_err(err)?
            .execute(params![session, turn, now_ms])
            .map_err(err)?;
        Ok(turn)
    }

    /// The current turn of `session` (0 before its first prompt).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn turn(&self, session: &str) -> Result<i64, StoreError> {
        self.conn
            .prepare_cached("SELECT turn FROM lesson_turns WHERE session = ?1")
            .and_then(|mut st| st.query_row([session], |r| r.get(0)))
            .optional()
            .map(|t| t.unwrap_or(0))
            .map_err(|e| sql_err(&self.path, "reading the turn of a session", e))
    }

    /// Records that lesson `id` was shown (counts a delivery): one entry of
    /// `lesson_deliveries`, keyed by session (`''` without one), lesson and turn; a second
    /// delivery with the same key (two hook processes of one turn at once) counts in the same
    /// entry's `n`. The lesson's row is not written: the deliveries it shows are counted from
    /// its entries ([`LessonRow::deliveries`]).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn record_delivery(
        &self,
        id: i64,
        session: Option<&str>,
        project: &str,
        turn: i64,
        event: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        const ACTION: &str = "recording a lesson delivery";
        let err = |e| sql_err(&self.path, ACTION, e);
        self.conn
            .prepare_cached(
                "INSERT INTO lesson_deliveries (session, lesson_id, turn, project, ts_ms, event) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (session, lesson_id, turn) DO UPDATE SET n = n + 1",
            )
            .map_err(err)?
            .execute(params![
                session.unwrap_or_default(),
                id,
                turn,
                project,
                now_ms,
                event
            ])
            .map_err(err)?;
        Ok(())
    }

    /// Records the deliveries of lessons `ids` ([`Store::record_delivery`] each) all or none,
    /// so a failure undoes only these writes, not the rest of an open batch
    /// ([`Store::begin_batch`]: the hook writes a prompt's turn, its deliveries and its
    /// decision in one commit). Up to 8 ids (`DELIVERIES_PER_STATEMENT`; the hook's
    /// `lessons.max_per_turn` is at most 5) are one multi-row `INSERT`, or when one of their
    /// keys is already there one multi-row `INSERT … ON CONFLICT` (a failing statement undoes
    /// its own writes; one statement to prepare and run instead of a savepoint, a statement
    /// per lesson and a release); more go through a savepoint, a statement each. Without a
    /// batch either is its own transaction.
    ///
    /// # Errors
    /// SQLite errors; nothing of these deliveries is recorded then.
    pub fn record_deliveries(
        &self,
        ids: &[i64],
        session: Option<&str>,
        project: &str,
        turn: i64,
        event: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let err = |e| sql_err(&self.path, "recording lesson deliveries", e);
        if ids.is_empty() {
            return Ok(());
        }
        if ids.len() <= DELIVERIES_PER_STATEMENT {
            let mut sql = String::from(
                "INSERT INTO lesson_deliveries (session, lesson_id, turn, project, ts_ms, event) VALUES ",
            );
            for k in 0..ids.len() {
                if k > 0 {
                    sql.push_str(", ");
                }
                sql.push_str(&format!("(?1, ?{}, ?2, ?3, ?4, ?5)", k + 6));
            }
            let session = session.unwrap_or_default();
            let mut values: Vec<&dyn rusqlite::ToSql> =
                vec![&session, &turn, &project, &now_ms, &event];
            values.extend(ids.iter().map(|id| id as &dyn rusqlite::ToSql));
            // First as a plain insert (cheaper to prepare than the upsert: callgrind, SQLite
            // 3.40, two rows: about 60 k instructions against 87 k); a key already there (two
            // hook processes of one turn at once) fails it with a constraint error and undoes
            // its rows, and the upsert below then counts every delivery
            let plain = self
                .conn
                .prepare_cached(&sql)
                .and_then(|mut st| st.execute(rusqlite::params_from_iter(values.iter())));
            match plain {
                Ok(_) => return Ok(()),
                Err(e)
                    if e.sqlite_error_code() != Some(rusqlite::ErrorCode::ConstraintViolation) =>
                {
                    return Err(err(e));
                }
                Err(_) => {}
            }
            sql.push_str(" ON CONFLICT (session, lesson_id, turn) DO UPDATE SET n = n + 1");
            self.conn
                .prepare_cached(&sql)
                .map_err(err)?
                .execute(rusqlite::params_from_iter(values))
                .map_err(err)?;
            return Ok(());
        }
        self.conn
            .execute_batch("SAVEPOINT lesson_deliveries")
            .map_err(err)?;
        for &id in ids {
            if let Err(e) = self.record_delivery(id, session, project, turn, event, now_ms) {
                let _ = self
                    .conn
                    .execute_batch("ROLLBACK TO lesson_deliveries; RELEASE lesson_deliveries");
                return Err(e);
            }
        }
        if let Err(e) = self.conn.execute_batch("RELEASE lesson_deliveries") {
            let _ = self
                .conn
                .execute_batch("ROLLBACK TO lesson_deliveries; RELEASE lesson_deliveries");
            return Err(err(e));
        }
        Ok(())
    }

    /// Settles the pending deliveries of `session` whose lesson is about `family` or `file`:
    /// a success is a hit (recency renewed), a failure with the lesson's own symptom a miss
    /// (another failure leaves it pending). A lesson with ≥ [`RETIRE_MIN_MISSES`] misses that
    /// are ≥ [`RETIRE_MISS_SHARE`] of its deliveries retires.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn settle_deliveries(
        &self,
        session: &str,
        family: Option<&str>,
        file: Option<&str>,
        what: Settle<'_>,
    ) -> Result<Settled, StoreError> {
        const ACTION: &str = "settling lesson deliveries";
        let err = |e| sql_err(&self.path, ACTION, e);
        let now = now_ms();
        // (lesson, turn, entries' count n, symptom) of the pending deliveries
        let pending: Vec<(i64, i64, i64, String)> = {
            let mut stmt = self
                .conn
                .prepare_cached(
                    "SELECT l.id, d.turn, d.n, l.symptom FROM lesson_deliveries d JOIN lessons l ON l.id = d.lesson_id
                     WHERE d.session = ?1 AND d.outcome IS NULL AND l.retired_ms IS NULL
                     AND ((?2 IS NOT NULL AND l.family = ?2) OR (?3 IS NOT NULL AND l.file = ?3))",
                )
                .map_err(err)?;
            stmt.query_map(params![session, family, file], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)?
        };
        let mut out = Settled::default();
        for (lesson, turn, n, symptom) in pending {
            let outcome = match what {
                Settle::Success => "hit",
                Settle::Failure(s) if s == symptom => "miss",
                Settle::Failure(_) => continue,
            };
            self.conn
                .execute(
                    "UPDATE lesson_deliveries SET outcome = ?4 WHERE session = ?1 AND lesson_id = ?2 AND turn = ?3",
                    params![session, lesson, turn, outcome],
                )
                .map_err(err)?;
            let n_usize = usize::try_from(n).unwrap_or(1);
            if outcome == "hit" {
                out.hits += n_usize;
                self.conn
                    .execute(
                        "UPDATE lessons SET hits = hits + ?3, updated_ms = ?2 WHERE id = ?1",
                        params![lesson, now, n],
                    )
                    .map_err(err)?;
            } else {
                out.misses += n_usize;
                // the deliveries: those without an entry and the entries' (one pass over
                // `lesson_deliveries`, on a miss only)
                let retired = self
                    .conn
                    .query_row(
                        "UPDATE lessons SET misses = misses + ?5,
                           retired_ms = CASE WHEN misses + ?5 >= ?2 AND (misses + ?5) >= ?3 *
                             (deliveries + (SELECT COALESCE(SUM(n), 0) FROM lesson_deliveries WHERE lesson_id = ?1))
                             THEN ?4 ELSE retired_ms END
                         WHERE id = ?1 RETURNING retired_ms IS NOT NULL",
                        params![lesson, RETIRE_MIN_MISSES, RETIRE_MISS_SHARE, now, n],
                        |r| r.get::<_, bool>(0),
                    )
                    .map_err(err)?;
                if retired {
                    self.lessons_dirty.set(true);
                    out.retired.push(lesson);
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hookward_lessons::CallSummary;

    /// Whether lesson `id` was delivered in `session` at a turn after `turn - window`: the
    /// repeat check [`Store::lesson_to_show`] makes, as a query of its own to test it against
    /// (the hook's path has no other use for it).
    fn delivered_within(
        s: &Store,
        id: i64,
        session: &str,
        turn: i64,
        window: i64,
    ) -> rusqlite::Result<bool> {
        s.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM lesson_deliveries WHERE lesson_id = ?1 AND session = ?2 AND turn > ?3)",
            params![id, session, turn - window],
            |r| r.get(0),
        )
    }

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().expect("temp dir");
        let s = Store::open(&dir.path().join("state.db")).expect("store");
        (dir, s)
    }

    fn lesson(symptom: &str, prescription: &str, triggers: &[&str], family: &str) -> Lesson {
        Lesson {
            tool: "Bash".into(),
            family: Some(family.into()),
            file: None,
            symptom: symptom.into(),
            prescription: prescription.into(),
            diff: String::new(),
            triggers: triggers.iter().map(|s| s.to_string()).collect(),
            provenance: Provenance::default(),
        }
    }

    fn failed(cmd: &str) -> FailedCall {
        FailedCall {
            call: CallSummary {
                tool: "Bash".into(),
                kind: "shell".into(),
                command: Some(cmd.into()),
                file: None,
                detail: None,
                id: Some("toolu_1".into()),
            },
            symptom: "npm ERR! missing script: test".into(),
            cause: "exit-code".into(),
            evidence: String::new(),
            cwd: None,
        }
    }

    #[test]
    fn fts5_with_trigram_is_compiled_in() {
        let (_d, s) = store();
        let n: i64 = s
            .conn
            .query_row(
                "SELECT COUNT(*) FROM pragma_compile_options WHERE compile_options = 'ENABLE_FTS5'",
                [],
                |r| r.get(0),
            )
            .expect("compile options");
        assert_eq!(n, 1);
        // the migration created the trigram table; a 3-character substring matches
        s.insert_lesson("/p", &lesson("x failed", "ran pnpm", &["pnpm"], "node"), 1)
            .expect("insert");
        let hits: i64 = s
            .conn
            .query_row(
                "SELECT COUNT(*) FROM lessons_fts WHERE lessons_fts MATCH '\"npm\"'",
                [],
                |r| r.get(0),
            )
            .expect("match");
        assert_eq!(hits, 1);
    }

    #[test]
    fn episodes_open_step_expire_close() {
        let (_d, s) = store();
        let limits = EpisodeLimits {
            max_age_ms: 1_000,
            max_calls: 3,
        };
        let ep = NewEpisode {
            project: "/p".into(),
            key: "family:node".into(),
            session: Some("s1".into()),
            agent: "claude-code".into(),
            failing: failed("npm test --token ghp_0123456789abcdefghijABCDEFGHIJ012345"),
            denied: false,
            ts_ms: 10_000,
        };
        let id = s.open_episode(&ep).expect("open");
        // the same key again replaces it
        assert_eq!(s.open_episode(&ep).expect("open"), id);
        s.episode_step("/p", Some("edit package.json"))
            .expect("step");
        s.episode_step("/p", Some("edit package.json"))
            .expect("step");
        s.episode_step("/other", None).expect("step");
        let open = s.open_episodes("/p", 10_500, limits).expect("open");
        assert_eq!(open.len(), 1);
        assert_eq!(open[0].calls, 2);
        assert_eq!(open[0].repair, vec!["edit package.json"]);
        let cmd = open[0].failing.call.command.clone().expect("command");
        assert!(!cmd.contains("ghp_"), "{cmd}");
        // past the call bound it expires
        s.episode_step("/p", None).expect("step");
        s.episode_step("/p", None).expect("step");
        assert!(s
            .open_episodes("/p", 10_500, limits)
            .expect("open")
            .is_empty());
        // past the age bound too
        s.open_episode(&ep).expect("open");
        assert!(s
            .open_episodes("/p", 11_001, limits)
            .expect("open")
            .is_empty());
        let id = s.open_episode(&ep).expect("open");
        assert!(s.close_episode(id).expect("close"));
        assert!(!s.close_episode(id).expect("close"));
    }

    #[test]
    fn lessons_insert_merge_list_forget() {
        let (_d, s) = store();
        let a = lesson(
            "npm ERR! missing script: test",
            "ran `pnpm test` instead of `npm test`",
            &["node", "npm"],
            "node",
        );
        let first = s.insert_lesson("/p", &a, 1).expect("insert");
        assert!(!first.merged);
        let b = lesson(
            "npm ERR! missing script: test",
            "ran `pnpm test` instead of `npm  test`",
            &["node", "pnpm"],
            "node",
        );
        let second = s.insert_lesson("/p", &b, 2).expect("insert");
        assert_eq!(
            second,
            LessonInsert {
                id: first.id,
                merged: true
            }
        );
        let row = s.lesson(first.id).expect("read").expect("row");
        assert_eq!(row.display_id(), format!("L{}", first.id));
        assert_eq!(row.lesson.triggers, vec!["node", "npm", "pnpm"]);
        assert_eq!(row.merged, 2);
        // another project: never merged across projects
        assert!(!s.insert_lesson("/q", &b, 3).expect("insert").merged);
        let secret = lesson(
            "Error: token ghp_0123456789abcdefghijABCDEFGHIJ012345 rejected",
            "export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345",
            &[],
            "node",
        );
        let sid = s.insert_lesson("/p", &secret, 4).expect("insert").id;
        let row = s.lesson(sid).expect("read").expect("row");
        assert!(!row.lesson.symptom.contains("ghp_") && !row.lesson.prescription.contains("ghp_"));
        let all = s.lessons(&LessonQuery::default()).expect("list");
        assert_eq!(all.len(), 3);
        assert_eq!(
            s.lessons(&LessonQuery {
                project: Some("/p".into()),
                ..Default::default()
            })
            .expect("list")
            .len(),
            2
        );
        assert!(s.forget_lesson(sid).expect("forget"));
        assert!(!s.forget_lesson(sid).expect("forget"));
        assert!(s.lesson(sid).expect("read").is_none());
        let st = s.lesson_stats().expect("stats");
        assert_eq!((st.active, st.retired), (2, 0));
        assert!(s.has_lessons().expect("has"));
    }

    #[test]
    fn recall_ranks_by_terms_family_and_recency_with_cjk_fallback() {
        let (_d, s) = store();
        let day = 24 * 3600 * 1000;
        let pytest = lesson(
            "ModuleNotFoundError: No module named yaml",
            "ran `uv run pytest` instead of `pytest`",
            &["pytest", "modulenotfounderror", "module", "yaml", "测试"],
            "pytest",
        );
        let node = lesson(
            "npm ERR! missing script: test",
            "ran `pnpm test` instead of `npm test`",
            &["node", "npm", "script", "test"],
            "node",
        );
        let p = s
            .insert_lesson("/p", &pytest, 100 * day)
            .expect("insert")
            .id;
        let n = s.insert_lesson("/p", &node, 100 * day).expect("insert").id;
        let q = |text: &'static str, family: Option<&'static str>| RecallQuery {
            project: "/p",
            text,
            family,
            file: None,
            now_ms: 100 * day,
            half_life_ms: recall::HALF_LIFE_MS,
            limit: 3,
        };
        let ids = |r: Vec<Recalled>| r.into_iter().map(|x| x.row.id).collect::<Vec<_>>();
        assert_eq!(
            ids(s
                .recall_lessons(&q("pytest cannot import the yaml module", None))
                .expect("recall")),
            vec![p]
        );
        assert_eq!(
            ids(s
                .recall_lessons(&q("run the npm test script", None))
                .expect("recall")),
            vec![n]
        );
        // one shared word is not enough, unless the call is of the lesson's family
        assert!(s
            .recall_lessons(&q("write a yaml parser", None))
            .expect("recall")
            .is_empty());
        assert_eq!(
            ids(s
                .recall_lessons(&q("npm ci", Some("node")))
                .expect("recall")),
            vec![n]
        );
        // 2-character Chinese terms go through the LIKE fallback
        assert_eq!(
            ids(s.recall_lessons(&q("测试 yaml", None)).expect("recall")),
            vec![p]
        );
        // a query of 2-character terms only: the substring scan (with the family anchor)
        assert_eq!(
            ids(s
                .recall_lessons(&q("测试", Some("pytest")))
                .expect("recall")),
            vec![p]
        );
        assert!(s
            .recall_lessons(&q("部署", Some("pytest")))
            .expect("recall")
            .is_empty());
        // another project sees nothing
        let other = RecallQuery {
            project: "/q",
            ..q("pytest cannot import the yaml module", None)
        };
        assert!(s.recall_lessons(&other).expect("recall").is_empty());
        // recency: of two equal matches, the fresher ranks first
        let old = s
            .insert_lesson(
                "/p",
                &lesson("E1 boom", "ran `make boom`", &["alpha", "beta"], "make"),
                10 * day,
            )
            .expect("insert")
            .id;
        let fresh = s
            .insert_lesson(
                "/p",
                &lesson("E2 boom", "ran `make bang`", &["alpha", "beta"], "make"),
                99 * day,
            )
            .expect("insert")
            .id;
        assert_eq!(
            ids(s.recall_lessons(&q("alpha beta", None)).expect("recall")),
            vec![fresh, old]
        );
        // the half-life is the caller's (lessons.half_life_days): 90 days old, the score is
        // halved at a 90-day half-life, quartered at 45 days, and 2^-90 of it at 1 day
        let score_at = |days: f64| {
            s.recall_lessons(&RecallQuery {
                half_life_ms: days * day as f64,
                ..q("alpha beta", None)
            })
            .expect("recall")
            .into_iter()
            .find(|r| r.row.id == old)
            .map(|r| r.score)
            .expect("recalled")
        };
        let (slow, mid, quick) = (score_at(90.0), score_at(45.0), score_at(1.0));
        assert!((mid / slow - 0.5).abs() < 1e-9, "{slow} {mid}");
        assert!(slow > 0.0 && quick < slow * 1e-20, "{slow} {quick}");
    }

    /// Recall through the prefilter file gives what the FTS5 search gives; a missing, damaged
    /// or stale file falls back to the search and is written again; dropping a store that
    /// changed lessons writes it.
    #[test]
    fn prefilter_file_matches_fts_and_falls_back() {
        let (d, s) = store();
        let day = 24 * 3600 * 1000;
        let texts = [
            (
                "ModuleNotFoundError: No module named yaml",
                "ran `uv run pytest` instead of `pytest`",
                vec!["pytest", "module", "yaml", "测试"],
                "pytest",
            ),
            (
                "npm ERR! missing script: test",
                "ran `pnpm test` instead of `npm test`",
                vec!["node", "npm", "script", "test"],
                "node",
            ),
            (
                "npm ERR! missing script: lint",
                "ran `pnpm lint` instead of `npm run lint`",
                vec!["node", "npm", "lint"],
                "node",
            ),
            (
                "error: no such service: web",
                "ran `docker compose up web`",
                vec!["docker", "compose", "service"],
                "docker",
            ),
        ];
        for (i, (sym, pre, trig, fam)) in texts.iter().enumerate() {
            s.insert_lesson("/p", &lesson(sym, pre, trig, fam), (90 + i as i64) * day)
                .expect("insert");
        }
        let path = s.lessons_index_path();
        assert!(!path.exists());
        let q = |text: &'static str, family: Option<&'static str>| RecallQuery {
            project: "/p",
            text,
            family,
            file: None,
            now_ms: 100 * day,
            half_life_ms: recall::HALF_LIFE_MS,
            limit: 3,
        };
        let prompts = [
            ("pytest cannot import the yaml module", None),
            ("run the npm test script", None),
            ("npm lint script missing", None),
            ("npm ci", Some("node")),
            ("测试 yaml", None),
            ("测试", Some("pytest")),
            ("please add a theme section to the documentation", None),
            ("docker compose service web", None),
        ];
        let ids = |r: Vec<Recalled>| {
            r.into_iter()
                .map(|x| (x.row.id, x.score))
                .collect::<Vec<_>>()
        };
        for (text, family) in prompts {
            // the search (no file), which writes the file
            let _ = std::fs::remove_file(&path);
            *s.prefilter.borrow_mut() = None;
            let by_fts = ids(s.recall_lessons(&q(text, family)).expect("fts"));
            assert!(path.exists(), "{text}");
            // the file
            let by_file = ids(s.recall_lessons(&q(text, family)).expect("file"));
            assert_eq!(by_fts, by_file, "{text}");
        }
        let gen = s.lessons_generation().expect("gen");
        let expect = ids(s
            .recall_lessons(&q("run the npm test script", None))
            .expect("recall"));
        assert!(!expect.is_empty());
        // damaged: garbage of the right generation's length, a cut file
        for bad in [
            vec![0u8; 100],
            std::fs::read(&path).expect("read")[..70].to_vec(),
        ] {
            std::fs::write(&path, &bad).expect("write");
            *s.prefilter.borrow_mut() = None;
            assert_eq!(
                ids(s
                    .recall_lessons(&q("run the npm test script", None))
                    .expect("recall")),
                expect
            );
            let again = std::fs::read(&path).expect("rewritten");
            assert_eq!(
                prefilter::Prefilter::parse(&again)
                    .expect("parse")
                    .generation(),
                gen
            );
        }
        // stale: another connection adds a lesson; this one sees it at once (the search)
        {
            let other = Store::open(&d.path().join("state.db")).expect("other");
            other
                .insert_lesson(
                    "/p",
                    &lesson(
                        "make: no rule to make target zeta",
                        "ran `make -C sub zeta`",
                        &["make", "zeta"],
                        "make",
                    ),
                    99 * day,
                )
                .expect("insert");
            // dropped with lessons changed: it writes the file
        }
        let newer = s.lessons_generation().expect("gen");
        assert!(newer > gen);
        let on_disk = std::fs::read(&path).expect("written on drop");
        assert_eq!(
            prefilter::Prefilter::parse(&on_disk)
                .expect("parse")
                .generation(),
            newer
        );
        std::fs::write(&path, prefilter::build(gen, &[])).expect("an old file");
        let zeta = s
            .recall_lessons(&q("make zeta again", None))
            .expect("recall");
        assert_eq!(zeta.len(), 1, "{zeta:?}");
        // forgetting and retiring bump the generation too
        s.forget_lesson(zeta[0].row.id).expect("forget");
        assert!(s.lessons_generation().expect("gen") > newer);
        assert!(s
            .recall_lessons(&q("make zeta again", None))
            .expect("recall")
            .is_empty());
    }

    #[test]
    fn deliveries_turns_hits_misses_and_retirement() {
        let (_d, s) = store();
        let l = s
            .insert_lesson(
                "/p",
                &lesson(
                    "npm ERR! missing script: test",
                    "ran pnpm",
                    &["npm"],
                    "node",
                ),
                1,
            )
            .expect("insert")
            .id;
        assert_eq!(s.turn("s1").expect("turn"), 0);
        assert_eq!(s.next_turn("s1", 1).expect("turn"), 1);
        assert_eq!(s.next_turn("s1", 2).expect("turn"), 2);
        assert!(!delivered_within(&s, l, "s1", 2, 4).expect("within"));
        // the hook's read: the lesson's fields, unless it was shown within the window
        let full = s.lesson(l).expect("lesson").expect("some");
        let show = s
            .lesson_to_show(l, "s1", 2, 4)
            .expect("to show")
            .expect("some");
        assert_eq!(
            (
                &show.tool,
                &show.symptom,
                &show.prescription,
                &show.provenance,
                &show.vetted
            ),
            (
                &full.lesson.tool,
                &full.lesson.symptom,
                &full.lesson.prescription,
                &full.lesson.provenance,
                &full.vetted
            )
        );
        assert_eq!(show.id, l);
        assert_eq!(s.lesson_to_show(l + 100, "s1", 2, 4).expect("none"), None);
        s.record_delivery(l, Some("s1"), "/p", 2, "UserPromptSubmit", 2)
            .expect("delivery");
        assert!(delivered_within(&s, l, "s1", 5, 4).expect("within"));
        assert!(!delivered_within(&s, l, "s1", 6, 4).expect("within"));
        assert!(!delivered_within(&s, l, "s2", 2, 4).expect("within"));
        for (session, turn) in [("s1", 2), ("s1", 5), ("s1", 6), ("s2", 2)] {
            assert_eq!(
                s.lesson_to_show(l, session, turn, 4)
                    .expect("to show")
                    .is_none(),
                delivered_within(&s, l, session, turn, 4).expect("within"),
                "{session} {turn}"
            );
        }
        // a success of the same family is a hit
        let st = s
            .settle_deliveries("s1", Some("node"), None, Settle::Success)
            .expect("settle");
        assert_eq!((st.hits, st.misses), (1, 0));
        // another family settles nothing
        s.record_delivery(l, Some("s1"), "/p", 3, "PreToolUse", 3)
            .expect("delivery");
        let st = s
            .settle_deliveries("s1", Some("pytest"), None, Settle::Success)
            .expect("settle");
        assert_eq!((st.hits, st.misses), (0, 0));
        // misses: the third miss, of 4 deliveries, retires it (3 ≥ 25 % of 4)
        let mut retired = Vec::new();
        for t in 0..3 {
            if t > 0 {
                s.record_delivery(l, Some("s1"), "/p", 4 + t, "PreToolUse", 4)
                    .expect("delivery");
            }
            let st = s
                .settle_deliveries(
                    "s1",
                    Some("node"),
                    None,
                    Settle::Failure("npm ERR! missing script: test"),
                )
                .expect("settle");
            assert_eq!(st.misses, 1);
            retired.extend(st.retired);
        }
        assert_eq!(retired, vec![l]);
        let row = s.lesson(l).expect("read").expect("row");
        assert_eq!((row.deliveries, row.hits, row.misses), (4, 1, 3));
        assert!(row.retired_ms.is_some());
        assert!(s.lessons(&LessonQuery::default()).expect("list").is_empty());
    }

    /// A store at schema version 11 (deliveries with rowids and an index, turns with rowids,
    /// a lesson's `deliveries` counting every delivery): opening it runs migration 12, which
    /// keeps every count, the repeat window and the turns.
    #[test]
    fn a_version_11_store_keeps_its_deliveries_and_turns() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("state.db");
        {
            let conn = rusqlite::Connection::open(&path).expect("open");
            conn.pragma_update(None, "journal_mode", "WAL")
                .expect("wal");
            for sql in &crate::schema::MIGRATIONS[..11] {
                conn.execute_batch(sql).expect("migration");
            }
            conn.pragma_update(None, "application_id", crate::APPLICATION_ID)
                .expect("app id");
            conn.pragma_update(None, "user_version", 11)
                .expect("version");
            conn.execute_batch(
                "INSERT INTO lessons (id, project, tool, family, file, symptom, prescription, diff, triggers, provenance, search, created_ms, updated_ms, deliveries, hits, misses)
                   VALUES (7, '/p', 'Bash', 'node', NULL, 'npm ERR! missing script: test', 'ran pnpm test', '', '[]', '{}', 'npm missing script test pnpm', 1, 1, 6, 1, 0);
                 INSERT INTO lessons_fts (rowid, search) VALUES (7, 'npm missing script test pnpm');
                 -- two deliveries of one turn (two hook processes at once), one settled, one
                 -- without a session; 2 more delivered before the rows were kept (6 in all)
                 INSERT INTO lesson_deliveries (lesson_id, session, project, turn, ts_ms, event, outcome) VALUES
                   (7, 's1', '/p', 1, 10, 'UserPromptSubmit', 'hit'),
                   (7, 's1', '/p', 3, 30, 'PreToolUse', NULL),
                   (7, 's1', '/p', 3, 31, 'PreToolUse', NULL),
                   (7, NULL, '/p', 2, 20, 'UserPromptSubmit', NULL);
                 INSERT INTO lesson_turns (session, turn, ts_ms) VALUES ('s1', 3, 30), ('', 2, 20);",
            )
            .expect("old rows");
        }
        let s = Store::open(&path).expect("migrated");
        assert_eq!(
            s.check().expect("check").schema_version,
            crate::SCHEMA_VERSION
        );
        let row = s.lesson(7).expect("read").expect("row");
        assert_eq!((row.deliveries, row.hits, row.misses), (6, 1, 0));
        assert_eq!(s.lessons(&LessonQuery::default()).expect("list")[0], row);
        assert_eq!(s.lesson_stats().expect("stats").deliveries, 6);
        assert_eq!((s.turn("s1").expect("t"), s.turn("").expect("t")), (3, 2));
        // the repeat window: shown at turn 3 of s1, and at turn 2 without a session
        assert!(s.lesson_to_show(7, "s1", 6, 4).expect("show").is_none());
        assert!(s.lesson_to_show(7, "s1", 7, 4).expect("show").is_some());
        assert!(s.lesson_to_show(7, "", 5, 4).expect("show").is_none());
        // the pending pair of turn 3 settles as two hits
        let st = s
            .settle_deliveries("s1", Some("node"), None, Settle::Success)
            .expect("settle");
        assert_eq!((st.hits, st.misses), (2, 0));
        assert_eq!(s.lesson(7).expect("read").expect("row").hits, 3);
        // new deliveries count on top; the lesson's row is not written by one
        s.record_delivery(7, Some("s1"), "/p", 8, "UserPromptSubmit", 80)
            .expect("delivery");
        assert_eq!(s.lesson(7).expect("read").expect("row").deliveries, 7);
        let raw: i64 = s
            .conn
            .query_row("SELECT deliveries FROM lessons WHERE id = 7", [], |r| {
                r.get(0)
            })
            .expect("raw");
        assert_eq!(raw, 2);
    }

    /// A hit renews a lesson's recency without a new prefilter generation: the recall ranks
    /// by the renewed recency without reading a candidate row, as the rows rank.
    #[test]
    fn a_hit_renews_recency_in_the_prefilter_ranking() {
        let (_d, s) = store();
        let day = 24 * 3_600_000_i64;
        let old = s
            .insert_lesson(
                "/p",
                &lesson(
                    "npm ERR! missing script: lint",
                    "ran pnpm lint",
                    &["npm", "lint"],
                    "node",
                ),
                day,
            )
            .expect("insert")
            .id;
        let new = s
            .insert_lesson(
                "/p",
                &lesson(
                    "npm ERR! missing script: build",
                    "ran pnpm build",
                    &["npm", "build"],
                    "node",
                ),
                20 * day,
            )
            .expect("insert")
            .id;
        let q = |now| RecallQuery {
            project: "/p",
            text: "npm missing script",
            family: None,
            file: None,
            now_ms: now,
            half_life_ms: recall::HALF_LIFE_MS,
            limit: 6,
        };
        // the file is written by the first recall
        let first = s.recall_lesson_ids(&q(30 * day)).expect("recall");
        assert_eq!(first.iter().map(|r| r.0).collect::<Vec<_>>(), [new, old]);
        let gen = s.lessons_generation().expect("gen");
        // the older lesson is delivered and hit: renewed now
        s.record_delivery(old, Some("s"), "/p", 1, "UserPromptSubmit", 30 * day)
            .expect("delivery");
        s.settle_deliveries("s", Some("node"), None, Settle::Success)
            .expect("settle");
        assert_eq!(
            s.lessons_generation().expect("gen"),
            gen,
            "no new generation"
        );
        let renewed_at = s.lesson(old).expect("read").expect("row").updated_ms;
        let after = s.recall_lesson_ids(&q(renewed_at + day)).expect("recall");
        assert_eq!(after.iter().map(|r| r.0).collect::<Vec<_>>(), [old, new]);
        // the scores are the rows' scores
        let rows = s.recall_lessons(&q(renewed_at + day)).expect("rows");
        for (r, (id, score)) in rows.iter().zip(&after) {
            let c = Candidate {
                bm25: 0.0,
                matched: recall::matched_terms(
                    &recall::terms("npm missing script"),
                    &r.row.lesson.search_text(),
                ),
                same_family: false,
                same_file: false,
                age_ms: renewed_at + day - r.row.updated_ms,
                half_life_ms: recall::HALF_LIFE_MS,
            };
            assert_eq!((r.row.id, recall::score(&c)), (*id, Some(*score)));
        }
        // a new generation empties the renewals
        s.forget_lesson(new).expect("forget");
        let (_, renewed) = s.lessons_generation_renewed().expect("renewed");
        assert_eq!(renewed, Some(Vec::new()));
    }

    /// Two lessons delivered in one turn and merged: the kept lesson's entry counts both.
    #[test]
    fn absorbing_a_lesson_delivered_in_the_same_turn_keeps_the_count() {
        let (_d, s) = store();
        let a = s
            .insert_lesson("/p", &lesson("E one", "ran x", &["x"], "make"), 1)
            .expect("insert")
            .id;
        let b = s
            .insert_lesson("/p", &lesson("E two", "ran y", &["y"], "cargo"), 1)
            .expect("insert")
            .id;
        for id in [a, b] {
            s.record_delivery(id, Some("s"), "/p", 1, "UserPromptSubmit", 1)
                .expect("delivery");
        }
        s.record_delivery(b, Some("s"), "/p", 9, "UserPromptSubmit", 1)
            .expect("delivery");
        assert!(s.absorb_lesson(a, b).expect("absorb"));
        assert_eq!(s.lesson(a).expect("read").expect("row").deliveries, 3);
        assert_eq!(s.lesson_stats().expect("stats").deliveries, 3);
        assert!(s.lesson(b).expect("read").is_none());
    }

    /// Deliveries written as one statement and through the savepoint (more than
    /// DELIVERIES_PER_STATEMENT) count alike: a repeat of a key counts in its entry, inside an
    /// open batch as without one, and a failed statement leaves the batch's earlier writes.
    #[test]
    fn deliveries_in_one_statement_or_many_count_alike() {
        let (_d, s) = store();
        let ids: Vec<i64> = (0..DELIVERIES_PER_STATEMENT + 2)
            .map(|k| {
                s.insert_lesson(
                    "/p",
                    &lesson(&format!("E boom{k}"), "ran x", &["x"], "make"),
                    1,
                )
                .expect("insert")
                .id
            })
            .collect();
        let (two, many) = (&ids[..2], &ids[..]);
        s.record_deliveries(two, Some("s"), "/p", 1, "UserPromptSubmit", 1)
            .expect("two");
        s.record_deliveries(two, Some("s"), "/p", 1, "UserPromptSubmit", 1)
            .expect("two again");
        s.record_deliveries(many, None, "/p", 2, "PreToolUse", 2)
            .expect("many");
        s.begin_batch().expect("batch");
        s.record_deliveries(two, Some("s"), "/p", 3, "UserPromptSubmit", 3)
            .expect("in a batch");
        s.commit_batch().expect("commit");
        let count = |id: i64| s.lesson(id).expect("read").expect("row").deliveries;
        assert_eq!(count(ids[0]), 4);
        assert_eq!(count(ids[1]), 4);
        assert!(ids[2..].iter().all(|&id| count(id) == 1));
        assert_eq!(
            s.lesson_stats().expect("stats").deliveries,
            8 + (ids.len() as i64 - 2)
        );
        assert!(s.record_deliveries(&[], Some("s"), "/p", 4, "x", 4).is_ok());
        // a plain insert whose second key is already there undoes its first row before the
        // upsert counts both, inside a batch as without one: no delivery counted twice
        for (turn, batch) in [(5, false), (6, true)] {
            s.record_deliveries(&ids[1..2], Some("s"), "/p", turn, "x", turn)
                .expect("one");
            if batch {
                s.begin_batch().expect("batch");
            }
            s.record_deliveries(&[ids[2], ids[1]], Some("s"), "/p", turn, "x", turn)
                .expect("new then repeated");
            s.commit_batch().expect("commit");
        }
        assert_eq!(count(ids[1]), 8);
        assert_eq!(count(ids[2]), 3);
    }

    /// A store left open to the exit (`LazyStore::leave_open_at_exit`, a one-shot hook) keeps
    /// what it committed and leaves out what an open batch held (as closing it would), writes
    /// a stale lessons index first, and the next connection counts on from the committed turn,
    /// inside a batch (read and written back) as outside one (the upsert).
    #[test]
    fn a_store_left_open_at_exit_keeps_its_commits_and_writes_the_index() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("state.db");
        let mut lazy = crate::LazyStore::new(&path);
        let idx = {
            let s = lazy.get().expect("open");
            let l = lesson(
                "npm ERR! Missing script: build",
                "ran `pnpm run build` instead of `npm run build`",
                &["npm", "build"],
                "node",
            );
            s.insert_lesson("/p", &l, 1).expect("lesson");
            assert_eq!(s.next_turn("s", 1).expect("turn"), 1);
            s.begin_batch().expect("batch");
            assert_eq!(s.next_turn("s", 2).expect("turn"), 2);
            assert!(s.lessons_dirty.get());
            let idx = s.lessons_index_path();
            let _ = std::fs::remove_file(&idx);
            idx
        };
        lazy.leave_open_at_exit();
        assert!(!lazy.is_open());
        assert!(
            idx.exists(),
            "the stale lessons index is written before the store is left"
        );
        let s = Store::open(&path).expect("reopen");
        assert_eq!(
            s.turn("s").expect("turn"),
            1,
            "the open batch's turn is not kept"
        );
        assert_eq!(s.next_turn("s", 3).expect("turn"), 2);
        s.begin_batch().expect("batch");
        assert_eq!(s.next_turn("s", 4).expect("turn"), 3);
        s.commit_batch().expect("commit");
        assert_eq!(s.turn("s").expect("turn"), 3);
        assert_eq!(s.next_turn("t", 5).expect("turn"), 1);
        s.begin_batch().expect("batch");
        assert_eq!(s.next_turn("u", 6).expect("turn"), 1);
        s.commit_batch().expect("commit");
    }

    #[test]
    fn many_misses_below_the_share_do_not_retire() {
        let (_d, s) = store();
        let l = s
            .insert_lesson("/p", &lesson("E boom", "ran x", &["x"], "make"), 1)
            .expect("insert")
            .id;
        // 20 deliveries, hits on most: 3 misses are 15 % < 25 %
        for t in 0..20 {
            s.record_delivery(l, Some("s"), "/p", t, "PreToolUse", 1)
                .expect("delivery");
            let what = if t % 6 == 5 {
                Settle::Failure("E boom")
            } else {
                Settle::Success
            };
            s.settle_deliveries("s", Some("make"), None, what)
                .expect("settle");
        }
        let row = s.lesson(l).expect("read").expect("row");
        assert_eq!(row.misses, 3);
        assert!(row.retired_ms.is_none());
    }
}
