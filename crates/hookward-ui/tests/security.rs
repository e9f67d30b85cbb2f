//! The security model against the real server on 127.0.0.1 (port 0), spoken to in raw
//! HTTP/1.1 so every header (Host, Origin, Cookie) is exactly what the test says: token and
//! cookie (401), Host (403, DNS rebinding), Origin and CSRF on state-changing requests (403),
//! read-only mode (403, the backend never called), non-loopback binds refused, no CORS
//! headers. Plus the timeline API and the live-update stream on a real store.

use hookward_store::{DecisionRecord, Store};
use hookward_ui::{start, ActionError, Backend, Options, Server, UiError};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A backend that counts the actions it was asked to do.
#[derive(Default)]
struct Counting {
    actions: AtomicUsize,
}

impl Backend for Counting {
    fn change_diff(&self, _id: i64) -> Result<String, String> {
        Ok(String::new())
    }
    fn accept_change(&self, id: i64) -> Result<Value, ActionError> {
        self.actions.fetch_add(1, Ordering::SeqCst);
        Ok(json!({ "accepted": format!("C{id}") }))
    }
    fn dismiss_finding(&self, _id: i64) -> Result<Value, ActionError> {
        self.actions.fetch_add(1, Ordering::SeqCst);
        Err(ActionError::Refused("F1 is dismissed, not pending".into()))
    }
    fn restore_change(&self, _id: i64) -> Result<Value, ActionError> {
        self.actions.fetch_add(1, Ordering::SeqCst);
        Ok(json!({}))
    }
    fn forget_lesson(&self, _id: i64) -> Result<Value, ActionError> {
        self.actions.fetch_add(1, Ordering::SeqCst);
        Ok(json!({}))
    }
    fn rules(&self) -> Result<Value, String> {
        Ok(json!({ "items": [] }))
    }
    fn eval_command(&self, _agent: &str, _command: &str) -> Result<Value, String> {
        Ok(json!({ "decision": null }))
    }
}

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Sends one request (`Connection: close`) with exactly these headers and reads the reply.
fn send(server: &Server, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut s = TcpStream::connect(server.addr()).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").expect("a reply");
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

struct Fixture {
    server: Server,
    host: String,
    cookie: String,
    csrf: String,
    backend: Arc<Counting>,
    _dir: tempfile::TempDir,
}

impl Fixture {
    fn new(allow_actions: bool) -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        Fixture::on(dir, allow_actions)
    }

    fn on(dir: tempfile::TempDir, allow_actions: bool) -> Fixture {
        let backend = Arc::new(Counting::default());
        let mut opts = Options::new(dir.path().join("state.db"));
        opts.allow_actions = allow_actions;
        let server = start(opts, backend.clone()).expect("start");
        let host = format!("127.0.0.1:{}", server.addr().port());
        let login = send(
            &server,
            "GET",
            &format!("/?token={}", server.token()),
            &[("Host", &host)],
            "",
        );
        assert_eq!(login.status, 303, "{}", login.body);
        assert_eq!(login.header("location"), Some("/"));
        let set = login.header("set-cookie").expect("a cookie").to_string();
        assert!(set.contains("HttpOnly"), "{set}");
        assert!(set.contains("SameSite=Strict"), "{set}");
        let cookie = set.split(';').next().unwrap().to_string();
        let page = send(
            &server,
            "GET",
            "/",
            &[("Host", &host), ("Cookie", &cookie)],
            "",
        );
        assert_eq!(page.status, 200);
        let csrf = page
            .body
            .split("name=\"csrf\" content=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("the page carries the CSRF token")
            .to_string();
        assert_eq!(csrf.len(), 64);
        Fixture {
            server,
            host,
            cookie,
            csrf,
            backend,
            _dir: dir,
        }
    }

    fn get(&self, path: &str) -> Reply {
        send(
            &self.server,
            "GET",
            path,
            &[("Host", &self.host), ("Cookie", &self.cookie)],
            "",
        )
    }

    fn origin(&self) -> String {
        format!("http://{}", self.host)
    }

    fn post(&self, path: &str, extra: &[(&str, &str)]) -> Reply {
        let mut h = vec![
            ("Host", self.host.as_str()),
            ("Cookie", self.cookie.as_str()),
        ];
        h.extend_from_slice(extra);
        send(&self.server, "POST", path, &h, r#"{"id":"1"}"#)
    }
}

#[test]
fn missing_or_wrong_token_or_cookie_is_401() {
    let f = Fixture::new(false);
    let host = [("Host", f.host.as_str())];
    assert_eq!(send(&f.server, "GET", "/", &host, "").status, 401);
    assert_eq!(send(&f.server, "GET", "/?token=", &host, "").status, 401);
    let wrong = format!("/?token={}", "0".repeat(64));
    assert_eq!(send(&f.server, "GET", &wrong, &host, "").status, 401);
    // One character off.
    let mut t = f.server.token().to_string();
    let last = if t.ends_with('a') { "b" } else { "a" };
    t.replace_range(63.., last);
    assert_eq!(
        send(&f.server, "GET", &format!("/?token={t}"), &host, "").status,
        401
    );
    for path in [
        "/api/decisions",
        "/assets/app.js",
        "/api/events",
        "/api/health",
    ] {
        assert_eq!(
            send(&f.server, "GET", path, &host, "").status,
            401,
            "{path}"
        );
        let bad = [
            ("Host", f.host.as_str()),
            (
                "Cookie",
                "hookward_ui=0000000000000000000000000000000000000000000000000000000000000000",
            ),
        ];
        assert_eq!(send(&f.server, "GET", path, &bad, "").status, 401, "{path}");
        // The start token is not a session cookie.
        let c = format!("hookward_ui={}", f.server.token());
        let as_cookie = [("Host", f.host.as_str()), ("Cookie", c.as_str())];
        assert_eq!(send(&f.server, "GET", path, &as_cookie, "").status, 401);
    }
    assert_eq!(f.get("/api/decisions").status, 200);
    assert_eq!(f.get("/assets/app.js").status, 200);
    f.server.stop().unwrap();
}

#[test]
fn a_foreign_host_is_403_even_with_the_token_or_cookie() {
    let f = Fixture::new(true);
    let port = f.server.addr().port();
    for host in [
        format!("evil.example:{port}"),
        "evil.example".to_string(),
        format!("127.0.0.1.nip.io:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("10.0.0.1:{port}"),
        String::new(),
    ] {
        let token_path = format!("/?token={}", f.server.token());
        let r = send(&f.server, "GET", &token_path, &[("Host", &host)], "");
        assert_eq!(r.status, 403, "host {host:?}");
        assert!(r.header("set-cookie").is_none());
        let r = send(
            &f.server,
            "GET",
            "/api/decisions",
            &[("Host", &host), ("Cookie", &f.cookie)],
            "",
        );
        assert_eq!(r.status, 403, "host {host:?}");
    }
    for host in [format!("localhost:{port}"), format!("[::1]:{port}")] {
        let r = send(
            &f.server,
            "GET",
            "/api/decisions",
            &[("Host", &host), ("Cookie", &f.cookie)],
            "",
        );
        assert_eq!(r.status, 200, "host {host:?}");
    }
    f.server.stop().unwrap();
}

#[test]
fn cross_origin_or_csrf_less_posts_are_403_and_reach_no_action() {
    let f = Fixture::new(true);
    let origin = f.origin();
    let csrf = f.csrf.clone();
    let cases: Vec<Vec<(&str, &str)>> = vec![
        vec![("X-Hookward-CSRF", &csrf)], // no Origin
        vec![
            ("Origin", "http://evil.example"),
            ("X-Hookward-CSRF", &csrf),
        ], // foreign
        vec![("Origin", "null"), ("X-Hookward-CSRF", &csrf)],
        vec![("Origin", &origin)], // no CSRF token
        vec![("Origin", &origin), ("X-Hookward-CSRF", "deadbeef")],
    ];
    for extra in &cases {
        for path in [
            "/api/reviews/accept",
            "/api/reviews/dismiss",
            "/api/reviews/restore",
            "/api/lessons/forget",
        ] {
            let r = f.post(path, extra);
            assert_eq!(r.status, 403, "{path} {extra:?}: {}", r.body);
        }
    }
    assert_eq!(f.backend.actions.load(Ordering::SeqCst), 0);
    // The same request from the page itself goes through.
    let ok = f.post(
        "/api/reviews/accept",
        &[("Origin", &origin), ("X-Hookward-CSRF", &csrf)],
    );
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(ok.json()["accepted"], "C1");
    // A refusal is the CLI's words with 409.
    let refused = f.post(
        "/api/reviews/dismiss",
        &[("Origin", &origin), ("X-Hookward-CSRF", &csrf)],
    );
    assert_eq!(refused.status, 409);
    assert_eq!(refused.json()["error"], "F1 is dismissed, not pending");
    assert_eq!(f.backend.actions.load(Ordering::SeqCst), 2);
    f.server.stop().unwrap();
}

#[test]
fn read_only_mode_refuses_every_action() {
    let f = Fixture::new(false);
    let origin = f.origin();
    let csrf = f.csrf.clone();
    for path in [
        "/api/reviews/accept",
        "/api/reviews/dismiss",
        "/api/reviews/restore",
        "/api/lessons/forget",
    ] {
        let r = f.post(path, &[("Origin", &origin), ("X-Hookward-CSRF", &csrf)]);
        assert_eq!(r.status, 403, "{path}");
        assert!(r.body.contains("read-only"), "{}", r.body);
    }
    assert_eq!(f.backend.actions.load(Ordering::SeqCst), 0);
    assert!(f.get("/").body.contains(r#"name="actions" content="off""#));
    f.server.stop().unwrap();
}

#[test]
fn non_loopback_binds_are_refused() {
    for ip in ["0.0.0.0", "192.0.2.1", "::"] {
        let mut opts = Options::new(std::env::temp_dir().join("never-opened.db"));
        opts.ip = ip.parse().unwrap();
        match start(opts, Arc::new(Counting::default())) {
            Err(UiError::NotLoopback(got)) => assert_eq!(got.to_string(), ip),
            other => panic!("{ip}: {other:?}"),
        }
    }
}

#[test]
fn responses_carry_no_cors_and_a_strict_policy() {
    let f = Fixture::new(true);
    let r = send(
        &f.server,
        "GET",
        "/api/decisions",
        &[
            ("Host", &f.host),
            ("Cookie", &f.cookie),
            ("Origin", "http://evil.example"),
        ],
        "",
    );
    assert_eq!(r.status, 200);
    assert!(r
        .headers
        .iter()
        .all(|(k, _)| !k.to_ascii_lowercase().starts_with("access-control-")));
    let csp = r.header("content-security-policy").unwrap();
    assert!(csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"));
    assert_eq!(r.header("x-frame-options"), Some("DENY"));
    assert_eq!(r.header("referrer-policy"), Some("no-referrer"));
    // A preflight gets no CORS answer either (and is refused like any other non-GET).
    let pre = send(
        &f.server,
        "OPTIONS",
        "/api/reviews/accept",
        &[
            ("Host", &f.host),
            ("Cookie", &f.cookie),
            ("Origin", "http://evil.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
        "",
    );
    assert_eq!(pre.status, 403);
    assert!(pre.header("access-control-allow-origin").is_none());
    f.server.stop().unwrap();
}

fn record(store: &Store, ts: i64, agent: &str, session: &str, cmd: &str, decision: Option<&str>) {
    store
        .record_decision(&DecisionRecord {
            ts_ms: ts,
            agent: agent.into(),
            event: "PreToolUse".into(),
            tool: Some("Bash".into()),
            tool_kind: Some("shell".into()),
            session: Some(session.into()),
            cwd: Some("/p".into()),
            input: json!({ "command": cmd }),
            facts: json!({}),
            decision: decision.map(Into::into),
            reply: String::new(),
            rule_ids: decision
                .map(|_| vec!["net/exfil".to_string()])
                .unwrap_or_default(),
            reasons: Vec::new(),
            elapsed_us: 100,
            agent_id: None,
            agent_type: None,
        })
        .unwrap();
}

#[test]
fn the_timeline_pages_filters_counts_and_announces_new_rows() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    for i in 0..7 {
        let agent = if i % 2 == 0 { "claude-code" } else { "codex" };
        let decision = (i == 3).then_some("deny");
        record(
            &store,
            1_000 + i,
            agent,
            &format!("s{}", i % 3),
            &format!("echo {i}"),
            decision,
        );
    }
    let f = Fixture::on(dir, false);
    let page = f.get("/api/decisions?limit=3").json();
    let ids: Vec<&str> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["D7", "D6", "D5"]);
    assert_eq!(page["total"], 7);
    assert_eq!(page["total_exact"], true);
    assert_eq!(page["next_after"], "D5");
    let next = f.get("/api/decisions?limit=3&after=D5").json();
    assert_eq!(next["items"][0]["id"], "D4");
    let codex = f.get("/api/decisions?agent=codex&limit=50").json();
    assert_eq!(codex["total"], 3);
    assert_eq!(codex["next_after"], Value::Null);
    let denied = f.get("/api/decisions?decision=deny&rule=net/*").json();
    assert_eq!(denied["items"][0]["input"]["command"], "echo 3");
    let text = f.get("/api/decisions?text=echo%205").json();
    assert_eq!(text["total"], 1);
    let bad = f.get("/api/decisions?decision=maybe");
    assert_eq!(bad.status, 400);
    let replay = f.get("/api/session?id=s1").json();
    let order: Vec<&str> = replay["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["D2", "D5"], "oldest first");

    // The live stream announces a decision recorded after it opened.
    let mut s = TcpStream::connect(f.server.addr()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET /api/events HTTP/1.1\r\nHost: {}\r\nCookie: {}\r\n\r\n",
        f.host, f.cookie
    )
    .unwrap();
    let mut buf = [0u8; 4096];
    let n = s.read(&mut buf).unwrap();
    let head = String::from_utf8_lossy(&buf[..n]).into_owned();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.contains("text/event-stream"), "{head}");
    std::thread::sleep(Duration::from_millis(300));
    record(&store, 2_000, "gemini", "s9", "ls", None);
    let mut seen = head;
    let deadline = std::time::Instant::now() + Duration::from_secs(8);
    while !seen.contains("event: decision") && std::time::Instant::now() < deadline {
        let n = s.read(&mut buf).unwrap();
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    assert!(seen.contains("event: decision"), "{seen}");
    assert!(seen.contains(r#"{"newest_row":8}"#), "{seen}");
    drop(s);
    f.server.stop().unwrap();
}
