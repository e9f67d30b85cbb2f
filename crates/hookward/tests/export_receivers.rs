//! Issue 19 item 4 against real receivers on 127.0.0.1, started by the test: Debian's
//! `rsyslogd` (imtcp/imudp, its own config, writing to a temp file) and an OTLP/HTTP receiver
//! that decodes with the official `opentelemetry-proto` definitions
//! (`scripts/export/otlp_receiver.py`, in a venv: `HOOKWARD_OTLP_PYTHON`, default
//! `~/.cache/hookward-otlp-venv/bin/python`, which `.ci/run` prepares). `hookward export run`
//! runs as a loop while each receiver is killed and started again: every record arrives
//! (duplicates allowed: at-least-once). Without the receivers the test prints SKIPPED, unless
//! `HOOKWARD_REQUIRE_RECEIVERS=1` (CI) makes that a failure.

mod common;

use common::Sandbox;
use hookward_store::{DecisionRecord, HealthEvent, Store};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn python() -> Option<PathBuf> {
    let p = std::env::var_os("HOOKWARD_OTLP_PYTHON")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .map(|h| PathBuf::from(h).join(".cache/hookward-otlp-venv/bin/python"))
        })?;
    let ok = Command::new(&p)
        .args([
            "-c",
            "import opentelemetry.proto.collector.logs.v1.logs_service_pb2",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some(p)
}

fn rsyslogd() -> Option<PathBuf> {
    ["/usr/sbin/rsyslogd", "/sbin/rsyslogd"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

fn skip(what: &str) -> bool {
    if std::env::var_os("HOOKWARD_REQUIRE_RECEIVERS").is_some() {
        panic!("{what} is missing and HOOKWARD_REQUIRE_RECEIVERS is set (.ci/run installs it)");
    }
    eprintln!("SKIPPED: {what} is missing (apt-get install rsyslog; python3 -m venv ~/.cache/hookward-otlp-venv && ~/.cache/hookward-otlp-venv/bin/pip install opentelemetry-proto)");
    true
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn free_udp_port() -> u16 {
    std::net::UdpSocket::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn wait_for(what: &str, timeout: Duration, mut ok: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ok() {
        assert!(start.elapsed() < timeout, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn listening(port: u16) -> bool {
    std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
}

/// The receivers of one test, each stopped by its PID.
struct Receivers {
    dir: PathBuf,
    python: PathBuf,
    rsyslogd: PathBuf,
    otlp_port: u16,
    tcp_port: u16,
    udp_port: u16,
    otlp: Option<Child>,
    rsyslog: Option<Child>,
}

impl Receivers {
    fn otlp_out(&self) -> PathBuf {
        self.dir.join("otlp.jsonl")
    }
    fn syslog_out(&self) -> PathBuf {
        self.dir.join("syslog.log")
    }
    fn start_otlp(&mut self) {
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/export/otlp_receiver.py");
        let child = Command::new(&self.python)
            .arg(script)
            .args(["--port", &self.otlp_port.to_string(), "--out"])
            .arg(self.otlp_out())
            .stdout(Stdio::null())
            .spawn()
            .expect("start the OTLP receiver");
        self.otlp = Some(child);
        let port = self.otlp_port;
        wait_for("the OTLP receiver", Duration::from_secs(20), || {
            listening(port)
        });
    }
    fn start_rsyslog(&mut self) {
        let work = self.dir.join("rsyslog-work");
        std::fs::create_dir_all(&work).unwrap();
        let conf = self.dir.join("rsyslog.conf");
        std::fs::write(
            &conf,
            format!(
                "global(workDirectory=\"{}\" maxMessageSize=\"64k\")\n\
                 module(load=\"imtcp\")\nmodule(load=\"imudp\")\n\
                 input(type=\"imtcp\" address=\"127.0.0.1\" port=\"{}\")\n\
                 input(type=\"imudp\" address=\"127.0.0.1\" port=\"{}\")\n\
                 *.* action(type=\"omfile\" file=\"{}\" template=\"RSYSLOG_SyslogProtocol23Format\")\n",
                work.display(),
                self.tcp_port,
                self.udp_port,
                self.syslog_out().display()
            ),
        )
        .unwrap();
        let child = Command::new(&self.rsyslogd)
            .args(["-n", "-f"])
            .arg(&conf)
            .arg("-i")
            .arg(self.dir.join("rsyslog.pid"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start rsyslogd");
        self.rsyslog = Some(child);
        let port = self.tcp_port;
        wait_for("rsyslogd", Duration::from_secs(20), || listening(port));
    }
    /// Kills the OTLP receiver at once (SIGKILL): it fsyncs each record before answering.
    fn kill_otlp(&mut self) {
        if let Some(mut c) = self.otlp.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
    /// Stops rsyslogd with SIGTERM (it writes what it has read; a SIGKILL could drop what it
    /// read but had not written yet, which only RELP's acknowledgements would cover).
    fn stop_rsyslog(&mut self) {
        if let Some(mut c) = self.rsyslog.take() {
            let _ = Command::new("kill")
                .args(["-TERM", &c.id().to_string()])
                .status();
            let _ = c.wait();
        }
    }
    fn otlp_ids(&self) -> Vec<String> {
        std::fs::read_to_string(self.otlp_out())
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| v["id"].as_str().map(str::to_string))
            .collect()
    }
    fn syslog_ids(&self) -> Vec<String> {
        let re = regex::Regex::new(r#"\[hookward@32473 id="([DEA]\d+)""#).unwrap();
        std::fs::read_to_string(self.syslog_out())
            .unwrap_or_default()
            .lines()
            .filter_map(|l| re.captures(l).map(|c| c[1].to_string()))
            .collect()
    }
}

impl Drop for Receivers {
    fn drop(&mut self) {
        self.kill_otlp();
        self.stop_rsyslog();
    }
}

fn decision(i: i64) -> DecisionRecord {
    DecisionRecord {
        ts_ms: 1_796_400_000_000 + i,
        agent: "codex".into(),
        event: "PreToolUse".into(),
        tool: Some("Bash".into()),
        tool_kind: Some("shell".into()),
        session: Some("bulk".into()),
        cwd: Some("/work".into()),
        input: json!({"command": format!("echo {i}")}),
        facts: json!({}),
        decision: Some(if i % 3 == 0 { "deny" } else { "allow" }.into()),
        reply: "none".into(),
        rule_ids: vec![],
        reasons: vec![],
        elapsed_us: 1000,
        agent_id: None,
        agent_type: None,
    }
}

fn add_records(s: &Sandbox, from: i64, n: i64) {
    let store = Store::open(&s.hookward_home().join("state.db")).unwrap();
    for i in from..from + n {
        store.record_decision(&decision(i)).unwrap();
    }
    store
        .record_health(&HealthEvent {
            ts_ms: 1_796_400_000_000 + from,
            kind: "internal-error".into(),
            message: format!("test health event {from}"),
            detail: json!({}),
            agent: None,
            session: None,
        })
        .unwrap();
}

/// Every id the store holds that an exporter must deliver.
fn all_ids(s: &Sandbox) -> BTreeSet<String> {
    let conn = rusqlite::Connection::open(s.hookward_home().join("state.db")).unwrap();
    let mut ids = BTreeSet::new();
    for (table, prefix, filter) in [
        ("decisions", "D", " WHERE canary = 0"),
        ("health_events", "E", ""),
        ("audit_log", "A", ""),
    ] {
        let mut st = conn
            .prepare(&format!("SELECT id FROM {table}{filter}"))
            .unwrap();
        let rows = st.query_map([], |r| r.get::<_, i64>(0)).unwrap();
        ids.extend(rows.map(|r| format!("{prefix}{}", r.unwrap())));
    }
    ids
}

#[test]
fn export_reaches_rsyslog_and_an_otlp_receiver_and_survives_their_restarts() {
    let Some(python) = python() else {
        skip("the OTLP receiver's Python (opentelemetry-proto)");
        return;
    };
    let Some(rsyslogd) = rsyslogd() else {
        skip("rsyslogd");
        return;
    };
    let s = Sandbox::new();
    let mut r = Receivers {
        dir: s.dir.path().join("receivers"),
        python,
        rsyslogd,
        otlp_port: free_port(),
        tcp_port: free_port(),
        udp_port: free_udp_port(),
        otlp: None,
        rsyslog: None,
    };
    std::fs::create_dir_all(&r.dir).unwrap();
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    std::fs::write(
        s.hookward_home().join("config.toml"),
        format!(
            "[export]\notlp_url = \"http://127.0.0.1:{}\"\nsyslog = \"tcp://127.0.0.1:{}\"\n",
            r.otlp_port, r.tcp_port
        ),
    )
    .unwrap();

    // Real hook calls (one denied), an audit entry, then bulk rows.
    let (out, _, _) = s.hook(&s.pre_tool_use("Bash", json!({"command": "rm -rf ~"})), &[]);
    assert!(out.contains("deny"), "{out}");
    s.hook(&s.pre_tool_use("Bash", json!({"command": "ls"})), &[]);
    assert!(s
        .cmd(&["mcp", "block", "evil-*"])
        .output()
        .unwrap()
        .status
        .success());
    add_records(&s, 0, 40);

    // Nothing listens yet: --once fails (exit 1) and moves no cursor.
    let out = s.cmd(&["export", "run", "--once"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let status = s.cmd(&["export", "status", "--json"]).output().unwrap();
    let st: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert!(
        st["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["cursor"]["sent"] == 0),
        "{st}"
    );

    r.start_otlp();
    r.start_rsyslog();
    let mut exporter = s.spawn_piped(&["export", "run", "--interval", "1", "--batch", "7"]);
    let want = all_ids(&s);
    wait_for("the first records", Duration::from_secs(60), || {
        r.otlp_ids().len() >= 10 && r.syslog_ids().len() >= 10
    });

    // Kill both receivers mid-run, add records while they are away, start them again.
    r.kill_otlp();
    r.stop_rsyslog();
    add_records(&s, 1000, 60);
    std::thread::sleep(Duration::from_millis(2500));
    r.start_otlp();
    r.start_rsyslog();
    add_records(&s, 2000, 30);
    let want: BTreeSet<String> = want.union(&all_ids(&s)).cloned().collect();
    assert!(want.len() >= 130 + 5, "{}", want.len());
    wait_for(
        "every record at both receivers",
        Duration::from_secs(90),
        || {
            let o: BTreeSet<String> = r.otlp_ids().into_iter().collect();
            let y: BTreeSet<String> = r.syslog_ids().into_iter().collect();
            want.is_subset(&o) && want.is_subset(&y)
        },
    );
    let _ = exporter.kill();
    let _ = exporter.wait();

    // Nothing lost; what was sent twice is the at-least-once overlap, not a flood.
    let o = r.otlp_ids();
    let y = r.syslog_ids();
    assert!(
        o.len() < want.len() * 2 && y.len() < want.len() * 2,
        "{} {}",
        o.len(),
        y.len()
    );
    // The OTLP records decode with the official definitions into the documented shape.
    let lines = std::fs::read_to_string(r.otlp_out()).unwrap();
    let first_deny = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["body"]["decision"] == "deny" && v["body"]["agent"] == "claude-code")
        .expect("the hook's deny exported");
    assert_eq!(first_deny["severity"], 13);
    assert_eq!(first_deny["service"], "hookward");
    assert!(first_deny["body"]["rule_ids"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
    let audit = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["type"] == "audit")
        .expect("the audit entry exported");
    assert_eq!(audit["body"]["action"], "mcp.block");

    // A caught-up exporter sends nothing more.
    let out = s.cmd(&["export", "run", "--once"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "sent 0 record(s)\n");

    // UDP to the same rsyslogd, OPA's decision-log shape: a new sink name would resume from
    // the syslog cursor, so only the records added now are sent.
    std::fs::write(
        s.hookward_home().join("config.toml"),
        format!(
            "[export]\nsyslog = \"udp://127.0.0.1:{}\"\nshape = \"opa\"\n",
            r.udp_port
        ),
    )
    .unwrap();
    add_records(&s, 5000, 3);
    let out = s.cmd(&["export", "run", "--once"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "sent 4 record(s)\n");
    wait_for("the UDP datagrams", Duration::from_secs(20), || {
        std::fs::read_to_string(r.syslog_out())
            .unwrap_or_default()
            .contains("\"path\":\"hookward/main/decision\"")
    });
}

/// `openssl` makes a throwaway CA and a certificate for 127.0.0.1 signed by it, in `dir`.
fn make_certs(dir: &Path) -> bool {
    let run = |args: &[&str]| {
        Command::new("openssl")
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    std::fs::write(
        dir.join("ext.cnf"),
        "subjectAltName=IP:127.0.0.1,DNS:localhost\n",
    )
    .unwrap();
    run(&[
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2",
        "-subj",
        "/CN=hookward test CA",
    ]) && run(&[
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
        "-subj",
        "/CN=127.0.0.1",
    ]) && run(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "server.pem",
        "-days",
        "2",
        "-extfile",
        "ext.cnf",
    ])
}

/// Syslog over TLS (RFC 5425) to Debian's rsyslogd with its gtls driver (package
/// `rsyslog-gnutls`): refused while the receiver's CA is not trusted (the cursor stays),
/// delivered once `export.syslog_ca` names it.
#[test]
fn export_reaches_rsyslog_over_tls_only_with_a_trusted_certificate() {
    let Some(rsyslogd) = rsyslogd() else {
        skip("rsyslogd");
        return;
    };
    let gtls = [
        "/usr/lib/x86_64-linux-gnu/rsyslog/lmnsd_gtls.so",
        "/usr/lib/rsyslog/lmnsd_gtls.so",
    ]
    .iter()
    .any(|p| Path::new(p).exists());
    if !gtls {
        skip("rsyslog's TLS driver (apt-get install rsyslog-gnutls)");
        return;
    }
    let s = Sandbox::new();
    let dir = s.dir.path().join("tls");
    std::fs::create_dir_all(dir.join("work")).unwrap();
    if !make_certs(&dir) {
        skip("openssl");
        return;
    }
    let port = free_port();
    let out = dir.join("syslog.log");
    let conf = dir.join("rsyslog.conf");
    std::fs::write(
        &conf,
        format!(
            "global(workDirectory=\"{w}\" maxMessageSize=\"64k\" DefaultNetstreamDriverCAFile=\"{d}/ca.pem\" DefaultNetstreamDriverCertFile=\"{d}/server.pem\" DefaultNetstreamDriverKeyFile=\"{d}/server.key\")\n\
             module(load=\"imtcp\" StreamDriver.Name=\"gtls\" StreamDriver.Mode=\"1\" StreamDriver.AuthMode=\"anon\")\n\
             input(type=\"imtcp\" address=\"127.0.0.1\" port=\"{port}\")\n\
             *.* action(type=\"omfile\" file=\"{o}\" template=\"RSYSLOG_SyslogProtocol23Format\")\n",
            w = dir.join("work").display(),
            d = dir.display(),
            o = out.display()
        ),
    )
    .unwrap();
    let mut child = Command::new(&rsyslogd)
        .args(["-n", "-f"])
        .arg(&conf)
        .arg("-i")
        .arg(dir.join("rsyslog.pid"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start rsyslogd");
    wait_for("rsyslogd over TLS", Duration::from_secs(20), || {
        listening(port)
    });
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    add_records(&s, 0, 5);
    let want = all_ids(&s);

    // The receiver's certificate chains to a CA nobody trusts: nothing is sent, exit 1.
    let cfg = |ca: bool| {
        let mut t = format!("[export]\nsyslog = \"tls://127.0.0.1:{port}\"\n");
        if ca {
            t.push_str(&format!(
                "syslog_ca = \"{}\"\n",
                dir.join("ca.pem").display()
            ));
        }
        std::fs::write(s.hookward_home().join("config.toml"), t).unwrap();
    };
    cfg(false);
    let o = s.cmd(&["export", "run", "--once"]).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr).to_lowercase();
    assert!(err.contains("certificate"), "{err}");

    // With the CA trusted, every record arrives over TLS.
    cfg(true);
    let o = s.cmd(&["export", "run", "--once"]).output().unwrap();
    assert!(o.status.success(), "{o:?}");
    let re = regex::Regex::new(r#"\[hookward@32473 id="([DEA]\d+)""#).unwrap();
    wait_for("the records over TLS", Duration::from_secs(20), || {
        let got: BTreeSet<String> = std::fs::read_to_string(&out)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| re.captures(l).map(|c| c[1].to_string()))
            .collect();
        want.is_subset(&got)
    });
    let _ = Command::new("kill").arg(child.id().to_string()).status();
    let _ = child.wait();
}
