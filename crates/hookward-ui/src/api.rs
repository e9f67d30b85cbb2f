//! The routes: the page and its assets, the JSON API the page reads, the live-update stream
//! and the actions. Every route sits behind [`crate::security::guard`].

use crate::{ActionError, App, COUNT_CAP, POLL_INTERVAL};
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hookward_store::{ChangeQuery, DecisionQuery, LessonQuery, SessionQuery, Store, StoreError};
use hookward_sys::now_ms;
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::sync::Arc;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The most rows one timeline page returns: 500 (the page asks for 50).
pub const PAGE_SIZE_MAX: usize = 500;
/// The most events a session replay shows: 2,000, oldest first (a longer session says so).
const REPLAY_MAX: usize = 2_000;
/// Changes per reviews page: 20, as `hookward review`.
const REVIEW_PAGE: usize = 20;
/// The sessions list covers the last 7 days (Store::sessions groups every row it reads).
const SESSIONS_WINDOW_MS: i64 = 7 * 86_400_000;

/// The router with every route behind the security middleware.
pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/assets/app.js", get(app_js))
        .route("/assets/style.css", get(style_css))
        .route("/api/decisions", get(decisions))
        .route("/api/sessions", get(sessions))
        .route("/api/session", get(session))
        .route("/api/events", get(events))
        .route("/api/reviews", get(reviews))
        .route("/api/reviews/accept", post(accept))
        .route("/api/reviews/dismiss", post(dismiss))
        .route("/api/reviews/restore", post(restore))
        .route("/api/lessons", get(lessons))
        .route("/api/lessons/forget", post(forget))
        .route("/api/health", get(health))
        .route("/api/policy/rules", get(rules))
        .route("/api/policy/eval", get(eval))
        .route("/api/cost", get(cost))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            crate::security::guard,
        ))
        .with_state(app)
}

/// An error answered as `{"error": …}` with a status.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::InvalidInput { .. } => ApiError(StatusCode::BAD_REQUEST, e.to_string()),
            _ => ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        }
    }
}

impl From<ActionError> for ApiError {
    fn from(e: ActionError) -> ApiError {
        match e {
            ActionError::Refused(m) => ApiError(StatusCode::CONFLICT, m),
            ActionError::Failed(m) => ApiError(StatusCode::INTERNAL_SERVER_ERROR, m),
        }
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

impl App {
    /// Runs `f` on the store, opening it on first use; `Ok(None)` while no store exists (a
    /// fresh home: nothing recorded yet, not an error, and nothing is created).
    fn with_store<T>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, StoreError>,
    ) -> Result<Option<T>, ApiError> {
        let mut guard = self
            .store
            .lock()
            .map_err(|_| ApiError(StatusCode::INTERNAL_SERVER_ERROR, "store lock".into()))?;
        if guard.is_none() {
            match Store::open_existing(&self.store_path) {
                Ok(s) => *guard = Some(s),
                Err(StoreError::Missing { .. }) => return Ok(None),
                Err(e) => return Err(e.into()),
            }
        }
        match guard.as_ref() {
            Some(s) => f(s).map(Some).map_err(ApiError::from),
            None => Ok(None),
        }
    }
}

fn asset(kind: &'static str, body: String) -> Response {
    let mut r = body.into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    r
}

async fn index(State(app): State<Arc<App>>) -> Response {
    let html = INDEX_HTML
        .replace("{{CSRF}}", &app.secrets.csrf)
        .replace("{{ACTIONS}}", if app.allow_actions { "on" } else { "off" })
        .replace("{{VERSION}}", env!("CARGO_PKG_VERSION"));
    asset("text/html; charset=utf-8", html)
}

async fn app_js() -> Response {
    asset("text/javascript; charset=utf-8", APP_JS.to_string())
}

async fn style_css() -> Response {
    asset("text/css; charset=utf-8", STYLE_CSS.to_string())
}

/// The timeline's filters, as the page sends them (empty = any).
#[derive(Debug, Default, Deserialize)]
struct DecisionParams {
    agent: Option<String>,
    session: Option<String>,
    decision: Option<String>,
    tool: Option<String>,
    rule: Option<String>,
    text: Option<String>,
    /// `D123` or `123`: the last row of the previous page.
    after: Option<String>,
    limit: Option<usize>,
}

fn nonempty(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

fn parse_id(s: &str, prefix: char) -> Result<i64, ApiError> {
    s.trim()
        .strip_prefix(prefix)
        .unwrap_or(s.trim())
        .parse::<i64>()
        .map_err(|_| {
            ApiError(
                StatusCode::BAD_REQUEST,
                format!("{s:?} is not an id ({prefix}12)"),
            )
        })
}

/// One decision row as the page shows it: the store's row with its display id.
fn decision_json(r: &hookward_store::DecisionRow) -> Value {
    let mut v = serde_json::to_value(&r.record).unwrap_or_default();
    v["id"] = Value::String(r.display_id());
    v["row"] = r.id.into();
    v
}

/// `GET /api/decisions`: one page of the timeline (keyset `after`), newest first, and how many
/// rows match (counted up to [`COUNT_CAP`]).
async fn decisions(State(app): State<Arc<App>>, Query(p): Query<DecisionParams>) -> ApiResult {
    let started = std::time::Instant::now();
    let limit = p.limit.unwrap_or(50).clamp(1, crate::PAGE_SIZE_MAX);
    let q = DecisionQuery {
        session: nonempty(p.session),
        decision: nonempty(p.decision),
        agent: nonempty(p.agent),
        tool: nonempty(p.tool),
        rule: nonempty(p.rule),
        text: nonempty(p.text),
        after: nonempty(p.after).map(|a| parse_id(&a, 'D')).transpose()?,
        limit,
        ..DecisionQuery::default()
    };
    let got = app.with_store(|s| {
        let rows = s.decisions(&q)?;
        let count = s.count_decisions(&q, COUNT_CAP)?;
        let newest = s.max_decision_id()?;
        Ok((rows, count, newest))
    })?;
    let (rows, (total, exact), newest) = got.unwrap_or((Vec::new(), (0, true), None));
    let next = (rows.len() == limit)
        .then(|| rows.last().map(|r| r.display_id()))
        .flatten();
    Ok(Json(json!({
        "items": rows.iter().map(decision_json).collect::<Vec<_>>(),
        "total": total,
        "total_exact": exact,
        "count_cap": COUNT_CAP,
        "next_after": next,
        "newest_row": newest,
        "elapsed_ms": started.elapsed().as_secs_f64() * 1000.0,
    })))
}

#[derive(Debug, Default, Deserialize)]
struct SessionsParams {
    agent: Option<String>,
}

/// `GET /api/sessions`: the sessions of the last 7 days, most recent first (100 at most).
async fn sessions(State(app): State<Arc<App>>, Query(p): Query<SessionsParams>) -> ApiResult {
    let now = now_ms();
    let q = SessionQuery {
        agent: nonempty(p.agent),
        since_ms: Some(now - SESSIONS_WINDOW_MS),
        limit: 100,
        ..SessionQuery::default()
    };
    let rows = app.with_store(|s| s.sessions(&q))?.unwrap_or_default();
    Ok(Json(json!({ "items": rows, "window_days": 7 })))
}

#[derive(Debug, Default, Deserialize)]
struct SessionParams {
    id: String,
}

/// `GET /api/session?id=S`: every recorded event of session S in order (oldest first, at
/// most [`REPLAY_MAX`]), each with its facts, fired rules, reasons, reply and time.
async fn session(State(app): State<Arc<App>>, Query(p): Query<SessionParams>) -> ApiResult {
    let q = DecisionQuery {
        session: Some(p.id.clone()),
        limit: REPLAY_MAX + 1,
        ..DecisionQuery::default()
    };
    let mut rows = app.with_store(|s| s.decisions(&q))?.unwrap_or_default();
    let truncated = rows.len() > REPLAY_MAX;
    rows.truncate(REPLAY_MAX);
    rows.reverse();
    Ok(Json(json!({
        "session": p.id,
        "items": rows.iter().map(decision_json).collect::<Vec<_>>(),
        "truncated": truncated,
        "max": REPLAY_MAX,
    })))
}

/// `GET /api/events`: server-sent events. Every [`POLL_INTERVAL`] the server probes the
/// newest decision id; when it grew, it sends `event: decision` with `{"newest_row": id}` and
/// the page reloads what it shows. Ends when the server stops.
async fn events(State(app): State<Arc<App>>) -> impl IntoResponse {
    let start = app
        .with_store(|s| s.max_decision_id())
        .ok()
        .flatten()
        .flatten()
        .unwrap_or(0);
    let stream = futures_util::stream::unfold((app, start), |(app, last)| async move {
        loop {
            tokio::time::sleep(POLL_INTERVAL).await;
            if app.stopping.load(Ordering::SeqCst) {
                return None;
            }
            let newest = app
                .with_store(|s| s.max_decision_id())
                .ok()
                .flatten()
                .flatten()
                .unwrap_or(0);
            if newest > last {
                let ev = Event::default()
                    .event("decision")
                    .data(json!({ "newest_row": newest }).to_string());
                return Some((Ok::<_, Infallible>(ev), (app, newest)));
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

#[derive(Debug, Default, Deserialize)]
struct ReviewParams {
    all: Option<String>,
    page: Option<usize>,
}

/// `GET /api/reviews`: pending changes (`all=1`: every change), grouped by file in order of
/// each file's newest change, with findings and the diff — `hookward review`'s listing.
async fn reviews(State(app): State<Arc<App>>, Query(p): Query<ReviewParams>) -> ApiResult {
    let all = matches!(p.all.as_deref(), Some("1" | "true" | "on"));
    let page = p.page.unwrap_or(1).max(1);
    let q = ChangeQuery {
        statuses: if all {
            Vec::new()
        } else {
            vec![hookward_store::ChangeStatus::Pending]
        },
        limit: REVIEW_PAGE,
        offset: (page - 1) * REVIEW_PAGE,
        ..ChangeQuery::default()
    };
    let got = app.with_store(|s| {
        let (rows, total) = s.context_changes(&q)?;
        let mut out = Vec::new();
        for c in rows {
            let findings = s.context_findings(c.id)?;
            out.push((c, findings));
        }
        Ok((out, total))
    })?;
    let (rows, total) = got.unwrap_or((Vec::new(), 0));
    let mut groups: Vec<Value> = Vec::new();
    for (c, findings) in rows {
        let (diff, diff_error) = match app.backend.change_diff(c.id) {
            Ok(d) => (Some(d), None),
            Err(e) => (None, Some(e)),
        };
        let mut cv = serde_json::to_value(&c).unwrap_or_default();
        cv["id"] = format!("C{}", c.id).into();
        cv["findings"] = findings
            .iter()
            .map(|f| {
                let mut v = serde_json::to_value(f).unwrap_or_default();
                v["id"] = format!("F{}", f.id).into();
                v["change_id"] = format!("C{}", f.change_id).into();
                v
            })
            .collect::<Vec<_>>()
            .into();
        cv["diff"] = diff.into();
        cv["diff_error"] = diff_error.into();
        match groups.iter_mut().find(|g| g["path"] == c.path.as_str()) {
            Some(g) => {
                if let Some(a) = g["changes"].as_array_mut() {
                    a.push(cv);
                }
            }
            None => groups.push(json!({"path": c.path, "kind": c.kind, "changes": [cv]})),
        }
    }
    Ok(Json(json!({
        "statuses": if all { "all" } else { "pending" },
        "total": total,
        "page": page,
        "pages": total.div_ceil(REVIEW_PAGE).max(1),
        "groups": groups,
        "actions": app.allow_actions,
    })))
}

/// The body of an action: the id as shown (`C12`, `F7`, `L3`) or bare.
#[derive(Debug, Deserialize)]
struct ActionBody {
    id: String,
}

/// Runs a backend action off the async thread (it touches files and the store).
async fn act(
    app: Arc<App>,
    f: impl FnOnce(&dyn crate::Backend) -> Result<Value, ActionError> + Send + 'static,
) -> ApiResult {
    let backend = app.backend.clone();
    let out = tokio::task::spawn_blocking(move || f(backend.as_ref()))
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    Ok(Json(out))
}

async fn accept(State(app): State<Arc<App>>, Json(b): Json<ActionBody>) -> ApiResult {
    let id = parse_id(&b.id, 'C')?;
    act(app, move |be| be.accept_change(id)).await
}

async fn dismiss(State(app): State<Arc<App>>, Json(b): Json<ActionBody>) -> ApiResult {
    let id = parse_id(&b.id, 'F')?;
    act(app, move |be| be.dismiss_finding(id)).await
}

async fn restore(State(app): State<Arc<App>>, Json(b): Json<ActionBody>) -> ApiResult {
    let id = parse_id(&b.id, 'C')?;
    act(app, move |be| be.restore_change(id)).await
}

async fn forget(State(app): State<Arc<App>>, Json(b): Json<ActionBody>) -> ApiResult {
    let id = parse_id(&b.id, 'L')?;
    act(app, move |be| be.forget_lesson(id)).await
}

/// `GET /api/lessons`: every lesson (retired too, newest first, 200 at most) and the counts.
async fn lessons(State(app): State<Arc<App>>) -> ApiResult {
    let got = app.with_store(|s| {
        let rows = s.lessons(&LessonQuery {
            project: None,
            include_retired: true,
            limit: 200,
        })?;
        Ok((rows, s.lesson_stats()?))
    })?;
    let (rows, stats) = got.unwrap_or_default();
    let items: Vec<Value> = rows
        .iter()
        .map(|r| {
            let mut v = serde_json::to_value(r).unwrap_or_default();
            v["id"] = r.display_id().into();
            v
        })
        .collect();
    Ok(Json(json!({
        "items": items,
        "stats": stats,
        "actions": app.allow_actions,
    })))
}

/// `GET /api/health`: the newest 200 health events and the store's bounded check (sizes,
/// rows, schema).
async fn health(State(app): State<Arc<App>>) -> ApiResult {
    let got = app.with_store(|s| Ok((s.health_events(None, 200)?, s.check_bounded()?)))?;
    let store_path = app.store_path.display().to_string();
    let Some((events, check)) = got else {
        return Ok(Json(json!({
            "store": store_path, "exists": false, "events": [], "check": null,
        })));
    };
    let events: Vec<Value> = events
        .iter()
        .map(|e| {
            let mut v = serde_json::to_value(e).unwrap_or_default();
            v["id"] = e.display_id().into();
            v
        })
        .collect();
    Ok(Json(json!({
        "store": store_path, "exists": true, "events": events, "check": check,
    })))
}

/// `GET /api/policy/rules`: `hookward policy list --json`.
async fn rules(State(app): State<Arc<App>>) -> ApiResult {
    let be = app.backend.clone();
    let v = tokio::task::spawn_blocking(move || be.rules())
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    Ok(Json(v))
}

#[derive(Debug, Deserialize)]
struct EvalParams {
    agent: Option<String>,
    command: String,
}

/// `GET /api/policy/eval?agent=claude-code&command=…`: `hookward policy eval --json` on a
/// shell call of that agent (nothing recorded, nothing run).
async fn eval(State(app): State<Arc<App>>, Query(p): Query<EvalParams>) -> ApiResult {
    let agent = nonempty(p.agent).unwrap_or_else(|| "claude-code".into());
    let be = app.backend.clone();
    let v = tokio::task::spawn_blocking(move || be.eval_command(&agent, &p.command))
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, e))?;
    Ok(Json(v))
}

#[derive(Debug, Deserialize)]
struct CostParams {
    period: Option<String>,
    by: Option<String>,
    project: Option<String>,
}

/// `GET /api/cost?period=7d&by=model&project=/work/app`: `hookward cost --json` (the index is
/// brought up to date first, off the async runtime's threads).
async fn cost(State(app): State<Arc<App>>, Query(p): Query<CostParams>) -> ApiResult {
    let period = nonempty(p.period).unwrap_or_else(|| "7d".into());
    let by = nonempty(p.by).unwrap_or_else(|| "model".into());
    let project = nonempty(p.project);
    let be = app.backend.clone();
    let v = tokio::task::spawn_blocking(move || be.cost(&period, &by, project.as_deref()))
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, e))?;
    Ok(Json(v))
}
