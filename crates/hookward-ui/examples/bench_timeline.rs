//! How fast `hookward ui` serves the first page of the timeline on a large store (issue 17:
//! ≤ 50 ms with 1M decisions).
//!
//! Fills a temp store with N decisions (default 1,000,000; 4 agents, 2,000 sessions, a mix of
//! allow/ask/deny/none with rule ids, a shell command and ~400 bytes of facts per row, through
//! `Store::record_decision` in batches of 10,000), starts the real server on 127.0.0.1 port 0,
//! logs in with the token like a browser, and times `GET /api/decisions?limit=50` over HTTP
//! (wall clock from connect to the last byte), 30 times per query, for the unfiltered first
//! page and for each filter. Prints median and worst per query.
//!
//! `cargo run --release -p hookward-ui --example bench_timeline [-- ROWS [STORE]]` (STORE: keep
//! the filled store there and reuse it on the next run)
//! (`scripts/bench_ui.sh` runs it; figures in BENCHMARKS.md).

use hookward_store::{DecisionRecord, Store};
use hookward_ui::{ActionError, Backend, Options};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct NoActions;

impl Backend for NoActions {
    fn change_diff(&self, _: i64) -> Result<String, String> {
        Ok(String::new())
    }
    fn accept_change(&self, _: i64) -> Result<Value, ActionError> {
        Err(ActionError::Refused("bench".into()))
    }
    fn dismiss_finding(&self, _: i64) -> Result<Value, ActionError> {
        Err(ActionError::Refused("bench".into()))
    }
    fn restore_change(&self, _: i64) -> Result<Value, ActionError> {
        Err(ActionError::Refused("bench".into()))
    }
    fn forget_lesson(&self, _: i64) -> Result<Value, ActionError> {
        Err(ActionError::Refused("bench".into()))
    }
    fn rules(&self) -> Result<Value, String> {
        Ok(json!([]))
    }
    fn eval_command(&self, _: &str, _: &str) -> Result<Value, String> {
        Ok(json!({}))
    }
}

fn fill(store: &Store, rows: usize) {
    const AGENTS: [&str; 4] = ["claude-code", "codex", "gemini", "cursor"];
    const TOOLS: [(&str, &str); 4] = [
        ("Bash", "shell"),
        ("Read", "file_read"),
        ("Edit", "file_write"),
        ("WebFetch", "web_fetch"),
    ];
    let start_ms = 1_780_000_000_000i64;
    let started = Instant::now();
    store.begin_batch().expect("batch");
    for i in 0..rows {
        let (tool, kind) = TOOLS[i % 4];
        let (decision, rules): (Option<&str>, Vec<String>) = match i % 20 {
            0 => (Some("deny"), vec!["shell/credential-exfiltration".into()]),
            1 | 2 => (Some("ask"), vec!["context/instructed-danger".into()]),
            3 => (Some("allow"), vec!["custom/team/allow-tests".into()]),
            _ => (None, Vec::new()),
        };
        store
            .record_decision(&DecisionRecord {
                ts_ms: start_ms + i as i64 * 250,
                agent: AGENTS[(i / 7) % 4].into(),
                event: "PreToolUse".into(),
                tool: Some(tool.into()),
                tool_kind: Some(kind.into()),
                session: Some(format!("session-{:04}", (i / 500) % 2000)),
                cwd: Some("/home/dev/project".into()),
                input: json!({ "command": format!("cargo test -p crate{} -- --nocapture", i % 97), "description": "run the tests" }),
                facts: json!({
                    "paths": [{"path": "/home/dev/project/target", "access": "write", "classes": ["project"], "via": "cargo", "how": "argument"}],
                    "shell": {"commands": [{"program": "cargo", "argv": ["cargo", "test"], "evidence": "cargo test"}]},
                    "net": [], "scan": null
                }),
                decision: decision.map(Into::into),
                reply: String::new(),
                rule_ids: rules,
                reasons: Vec::new(),
                elapsed_us: 900 + (i % 500) as i64,
                agent_id: None,
                agent_type: None,
            })
            .expect("insert");
        if i % 10_000 == 9_999 {
            store.commit_batch().expect("commit");
            store.begin_batch().expect("batch");
        }
    }
    store.commit_batch().expect("commit");
    eprintln!(
        "filled {rows} decisions in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

fn get(addr: std::net::SocketAddr, host: &str, cookie: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = raw
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn main() {
    let rows: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    // A second argument keeps the store at that path and reuses it when it exists.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = std::env::args()
        .nth(2)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| dir.path().join("state.db"));
    if !path.exists() {
        let store = Store::open(&path).expect("store");
        fill(&store, rows);
    }
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!("store: {:.0} MB", size as f64 / 1e6);
    let server = hookward_ui::start(Options::new(path), Arc::new(NoActions)).expect("start");
    let addr = server.addr();
    let host = format!("127.0.0.1:{}", addr.port());
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /?token={} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
        server.token()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let cookie = raw
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie: "))
        .map(|l| &l["set-cookie: ".len()..])
        .and_then(|c| c.split(';').next())
        .expect("cookie")
        .to_string();
    println!(
        "{rows} decisions, GET /api/decisions over HTTP, 30 runs each (first run opens the store):"
    );
    println!(
        "{:<44} {:>9} {:>9} {:>7}  total shown",
        "query", "median", "worst", "rows"
    );
    for q in [
        "limit=50",
        "limit=50&agent=codex",
        "limit=50&decision=deny",
        "limit=50&tool=Bash",
        "limit=50&session=session-0042",
        "limit=50&rule=shell/*",
        "limit=50&text=crate42",
        "limit=50&text=no-such-text",
        "limit=50&after=D500000",
    ] {
        let mut times = Vec::new();
        let mut last = Value::Null;
        for _ in 0..30 {
            let t = Instant::now();
            let (status, body) = get(addr, &host, &cookie, &format!("/api/decisions?{q}"));
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(status, 200, "{body}");
            last = serde_json::from_str(&body).expect("json");
        }
        times.sort_by(f64::total_cmp);
        let total = if last["total_exact"] == true {
            last["total"].to_string()
        } else {
            format!("more than {}", last["total"])
        };
        println!(
            "{:<44} {:>6.1} ms {:>6.1} ms {:>7}  {total}",
            q,
            times[times.len() / 2],
            times[times.len() - 1],
            last["items"].as_array().map_or(0, Vec::len)
        );
    }
    server.stop().expect("stop");
}
