//! `hookward hook-server` (hidden): the warm helper's server (issue 15).
//!
//! One per hookward home. It listens on `<hookward home>/run/hook.sock` (the folder created
//! 0700 and checked to be ours and private; umask 077), holds `run/hook.lock` (so a second
//! instance exits at once) and writes its pid to `run/hook.pid`. Each connection carries one
//! hook call ([`crate::warm_proto`]): the server writes its hello (the client checks who wrote
//! it before sending the call), checks the peer's uid (`SO_PEERCRED`) is its own, builds the call's [`HookEnv`] from the request alone ([`HookEnv::from_parts`]; no option
//! of the server changes a decision) and runs the same pipeline function as `hookward hook`
//! ([`run_hook_input`]). What it keeps between calls is only caches keyed by content: the
//! compiled policy program, by exactly the key of the on-disk cache
//! ([`hookward_policy::keep_programs_in_memory`]), so an edit to a policy or its config data is
//! seen on the next call; open store connections, handed out again only while the store's
//! path names the same file ([`hookward_store::keep_stores_open`]); and resolved
//! configurations, keyed by every layer's text ([`hookward_config::keep_resolutions_in_memory`]).
//!
//! Each call is answered on a connection thread; the threads are kept between calls (one
//! waiting thread takes the next call, a new one starts only when none waits, at most
//! [`MAX_CONCURRENT`]).
//!
//! A call is answered before its record is written ([`run_hook_served`]): the pending record
//! goes to a journal file first, the reply out, then the store is written and the entry marked
//! done (the file is reused by a later call); a server that stops in between leaves the entry,
//! and the next server (before it binds its socket) or the next in-process hook folds it into
//! the store ([`hookward_pipeline::journal`]).
//!
//! A request from another version is refused (the client runs the hook in-process) and the
//! server exits; so does a server whose own executable changed on disk (an upgrade) or whose
//! socket was removed (checked every [`WAKE`]). A panic
//! while answering answers "failed" (the client falls back and the in-process hook judges and
//! records the call), never a decision. With no call
//! for [`IDLE`] the server exits; `hookward hook-server --stop` ends it by its pid.

use crate::warm_proto::{self, Reply, Request};
use crate::AgentArg;
use clap::ValueEnum;
use hookward_pipeline::{run_hook_served, HookEnv, ProcessParts, Served};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the server waits for a call before it exits (10 minutes).
pub const IDLE: Duration = Duration::from_secs(600);

/// How often the server wakes while idle to check its executable (an upgrade ends it).
const WAKE: Duration = Duration::from_secs(2);

/// The most calls answered at once; one more is answered "failed" (the client falls back).
const MAX_CONCURRENT: usize = 16;

/// How long the server waits for a request's bytes once connected.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// The files of one server, under `<hookward home>/run`.
struct RunDir {
    dir: PathBuf,
}

impl RunDir {
    fn new(hookward_home: &Path) -> RunDir {
        RunDir {
            dir: hookward_home.join("run"),
        }
    }
    fn socket(&self) -> PathBuf {
        self.dir.join("hook.sock")
    }
    fn lock(&self) -> PathBuf {
        self.dir.join("hook.lock")
    }
    fn pid(&self) -> PathBuf {
        self.dir.join("hook.pid")
    }

    /// Creates the folder (0700) when missing and checks it is a real folder of ours that no
    /// one else can enter.
    fn prepare(&self) -> Result<(), String> {
        if let Some(parent) = self.dir.parent() {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        match std::fs::DirBuilder::new().mode(0o700).create(&self.dir) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(format!("cannot create {}: {e}", self.dir.display())),
        }
        let meta = std::fs::symlink_metadata(&self.dir)
            .map_err(|e| format!("cannot read {}: {e}", self.dir.display()))?;
        if !meta.is_dir() {
            return Err(format!("{} is not a folder", self.dir.display()));
        }
        if meta.uid() != warm_proto::my_uid() {
            return Err(format!("{} belongs to another user", self.dir.display()));
        }
        if meta.permissions().mode() & 0o077 != 0 {
            return Err(format!(
                "{} is open to other users (mode {:o})",
                self.dir.display(),
                meta.permissions().mode() & 0o777
            ));
        }
        Ok(())
    }
}

/// The identity of the server's executable when it started; a change means an upgrade.
#[derive(PartialEq, Eq, Clone, Copy)]
struct ExeStamp(u64, u64, i64, i64);

fn exe_stamp(path: &Path) -> Option<ExeStamp> {
    let m = std::fs::metadata(path).ok()?;
    Some(ExeStamp(m.dev(), m.ino(), m.mtime(), m.mtime_nsec()))
}

/// Runs the server, or with `stop`, ends the running one. Exit codes: 0 (served and idled
/// out, another instance runs already, or stopped), 2 (cannot serve: no home, the run
/// folder is not private, the socket cannot be bound).
pub fn run(stop: bool) -> ExitCode {
    let Some(home) = hookward_config::hookward_home() else {
        eprintln!("hookward: neither HOOKWARD_HOME nor HOME is set");
        return ExitCode::from(2);
    };
    // absolute before the server changes to `/`
    let home = match std::env::current_dir() {
        Ok(cwd) if home.is_relative() => cwd.join(home),
        _ => home,
    };
    let run_dir = RunDir::new(&home);
    if stop {
        return stop_server(&run_dir);
    }
    match serve(&run_dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hookward hook-server: {e}");
            ExitCode::from(2)
        }
    }
}

/// `--stop`: SIGTERM to the pid in `hook.pid` when that process is this hookward executable,
/// then the socket and pid file are removed once the lock is free.
fn stop_server(run_dir: &RunDir) -> ExitCode {
    let Ok(text) = std::fs::read_to_string(run_dir.pid()) else {
        println!("no warm helper is running");
        return ExitCode::SUCCESS;
    };
    let Ok(pid) = text.trim().parse::<i32>() else {
        let _ = std::fs::remove_file(run_dir.pid());
        return ExitCode::SUCCESS;
    };
    let ours = std::env::current_exe()
        .ok()
        .and_then(|p| p.canonicalize().ok());
    let theirs = std::fs::read_link(format!("/proc/{pid}/exe")).ok();
    if pid > 1 && ours.is_some() && ours == theirs {
        // SAFETY: plain kill(2) of a pid we checked runs our executable.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
        for _ in 0..50 {
            if std::fs::metadata(format!("/proc/{pid}")).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        println!("stopped the warm helper (pid {pid})");
    } else {
        println!("no warm helper is running (stale pid file)");
    }
    if let Some(lock) = try_lock(&run_dir.lock()) {
        let _ = std::fs::remove_file(run_dir.socket());
        let _ = std::fs::remove_file(run_dir.pid());
        drop(lock);
    }
    ExitCode::SUCCESS
}

/// An exclusive `flock` on `path` (created 0600), or `None` when another process holds it.
fn try_lock(path: &Path) -> Option<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .mode(0o600)
        .open(path)
        .ok()?;
    // SAFETY: flock on a file descriptor we own.
    let rc = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    (rc == 0).then_some(f)
}

fn serve(run_dir: &RunDir) -> Result<(), String> {
    // SAFETY: umask only sets this process's file creation mask.
    unsafe {
        libc::umask(0o077);
    }
    run_dir.prepare()?;
    // Nothing a call reads may depend on where the first client started the server: every
    // path comes absolute in the request (the client sends relative ones absolute or answers
    // in-process), and a relative read left anywhere would name `/`, not a project.
    std::env::set_current_dir("/").map_err(|e| format!("cannot change to /: {e}"))?;
    let Some(_lock) = try_lock(&run_dir.lock()) else {
        return Ok(()); // another server runs
    };
    // before the socket exists: no client waits on a server that is still folding (a client
    // that finds no socket answers in-process)
    fold_journal(run_dir);
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let stamp = exe_stamp(&exe);
    let sock = run_dir.socket();
    let _ = std::fs::remove_file(&sock);
    let listener =
        UnixListener::bind(&sock).map_err(|e| format!("cannot bind {}: {e}", sock.display()))?;
    let _ = std::fs::set_permissions(&sock, std::fs::Permissions::from_mode(0o600));
    std::fs::write(run_dir.pid(), format!("{}\n", std::process::id()))
        .map_err(|e| format!("cannot write {}: {e}", run_dir.pid().display()))?;
    hookward_policy::keep_programs_in_memory();
    hookward_store::keep_stores_open();
    hookward_context::watch::keep_watches();
    hookward_config::keep_resolutions_in_memory();
    hookward_pipeline::keep_facts_workers();
    let cleanup = || {
        let _ = std::fs::remove_file(&sock);
        let _ = std::fs::remove_file(run_dir.pid());
        hookward_pipeline::journal::remove_free_slots();
    };
    let started = Instant::now();
    let last = Arc::new(AtomicU64::new(0)); // ms since `started` of the last call
    let busy = Arc::new(AtomicUsize::new(0));
    let uid = warm_proto::my_uid();
    let workers = Workers::new();
    loop {
        let mut fds = libc::pollfd {
            fd: listener.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd.
        let ready = unsafe { libc::poll(&mut fds, 1, WAKE.as_millis() as libc::c_int) };
        // an upgrade (the executable changed), or the socket gone (removed, or the home
        // deleted): this server is no longer the one clients reach
        let changed = stamp.is_none()
            || exe_stamp(&exe) != stamp
            || std::fs::symlink_metadata(&sock).is_err();
        let idle_ms =
            (started.elapsed().as_millis() as u64).saturating_sub(last.load(Ordering::Relaxed));
        if changed
            || (ready == 0
                && busy.load(Ordering::SeqCst) == 0
                && idle_ms >= IDLE.as_millis() as u64)
        {
            cleanup();
            return Ok(());
        }
        // the background cost refreshes this server started (nothing else here has children)
        // SAFETY: waitpid with WNOHANG on any child; returns at once.
        while unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) } > 0 {}
        if ready <= 0 {
            continue;
        }
        let Ok((stream, _)) = listener.accept() else {
            continue;
        };
        last.store(started.elapsed().as_millis() as u64, Ordering::Relaxed);
        match warm_proto::peer_cred(stream.as_raw_fd()) {
            Some((peer, _)) if peer == uid => {}
            _ => continue, // dropped unanswered: the client falls back
        }
        if busy.fetch_add(1, Ordering::SeqCst) >= MAX_CONCURRENT {
            busy.fetch_sub(1, Ordering::SeqCst);
            let _ = answer_failed(stream);
            continue;
        }
        // a connection thread waiting for work takes the call; else a new one is started
        // (at most MAX_CONCURRENT exist: one is started only while none waits)
        if workers.claim_idle() {
            match workers.tx.send(stream) {
                Ok(()) => continue,
                Err(e) => {
                    // no thread receives any more (cannot happen while one waits): answer
                    // "failed", the client falls back
                    workers.idle.fetch_add(1, Ordering::SeqCst);
                    busy.fetch_sub(1, Ordering::SeqCst);
                    let _ = answer_failed(e.0);
                    continue;
                }
            }
        }
        let worker = Worker {
            busy: Arc::clone(&busy),
            last: Arc::clone(&last),
            idle: Arc::clone(&workers.idle),
            rx: Arc::clone(&workers.rx),
            started,
            sock: run_dir.socket(),
            pid: run_dir.pid(),
        };
        let spawned = std::thread::Builder::new()
            .name("hook-call".into())
            .spawn(move || worker.run(stream));
        if spawned.is_err() {
            busy.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// The connection threads kept between calls (issue 15: starting a thread per call, with its
/// stack, its signal stack and its allocator cache, was about 5 % of the server's CPU).
/// A thread that answered a call waits on `rx` for the next; `idle` counts the waiting threads
/// less the calls sent to them and not yet taken, so the accept loop hands a call over only
/// when a thread is free for it and never queues a call behind another.
struct Workers {
    tx: std::sync::mpsc::Sender<UnixStream>,
    rx: Arc<std::sync::Mutex<std::sync::mpsc::Receiver<UnixStream>>>,
    idle: Arc<AtomicUsize>,
}

impl Workers {
    fn new() -> Workers {
        let (tx, rx) = std::sync::mpsc::channel();
        Workers {
            tx,
            rx: Arc::new(std::sync::Mutex::new(rx)),
            idle: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Takes one waiting thread for a call: `false` when none waits.
    fn claim_idle(&self) -> bool {
        self.idle
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
    }
}

/// One connection thread: answers its first call, then the calls the accept loop sends it.
struct Worker {
    busy: Arc<AtomicUsize>,
    last: Arc<AtomicU64>,
    idle: Arc<AtomicUsize>,
    rx: Arc<std::sync::Mutex<std::sync::mpsc::Receiver<UnixStream>>>,
    started: Instant,
    sock: PathBuf,
    pid: PathBuf,
}

impl Worker {
    fn run(self, first: UnixStream) {
        let mut stream = first;
        loop {
            let refused = serve_one(stream);
            self.last
                .store(self.started.elapsed().as_millis() as u64, Ordering::Relaxed);
            if refused {
                self.busy.fetch_sub(1, Ordering::SeqCst);
                // another version asked: leave the socket to a server of that version
                let _ = std::fs::remove_file(&self.sock);
                let _ = std::fs::remove_file(&self.pid);
                hookward_pipeline::journal::remove_free_slots();
                std::process::exit(0);
            }
            // waiting before it is no longer busy: the accept loop never starts a thread
            // for a call this one is about to take (a call sent now waits in the channel for
            // the `recv` below)
            self.idle.fetch_add(1, Ordering::SeqCst);
            self.busy.fetch_sub(1, Ordering::SeqCst);
            let next = {
                let rx = self
                    .rx
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                rx.recv()
            };
            match next {
                Ok(s) => stream = s,
                Err(_) => return, // the server is ending
            }
        }
    }
}

/// Folds the records a previous server answered but did not write (it stopped in between)
/// into the store, before the socket is bound ([`hookward_pipeline::journal`]). A store that
/// cannot be opened leaves them for the next start or in-process hook.
fn fold_journal(run_dir: &RunDir) {
    let Some(home) = run_dir.dir.parent() else {
        return;
    };
    if let Err(e) = hookward_pipeline::journal::fold(home, &home.join("state.db")) {
        eprintln!("hookward hook-server: the journal could not be folded into the store: {e}");
    }
}

fn answer_failed(mut stream: UnixStream) -> std::io::Result<()> {
    Reply {
        status: warm_proto::STATUS_FAILED,
        ..Reply::default()
    }
    .write_to(&mut stream)
}

/// Answers one connection. Returns whether the request came from another version (the
/// server then exits).
fn serve_one(mut stream: UnixStream) -> bool {
    use std::io::Write;
    // the first bytes: the client checks who wrote them before it sends the call
    if stream.write_all(warm_proto::HELLO).is_err() {
        return false;
    }
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let Some(req) = Request::read_from(&mut stream) else {
        let _ = answer_failed(stream);
        return false;
    };
    if req.version != warm_proto::VERSION {
        let _ = Reply {
            status: warm_proto::STATUS_REFUSED,
            ..Reply::default()
        }
        .write_to(&mut stream);
        return true;
    }
    let mut sent = false;
    let mut send = |r: &hookward_core::Reply| -> bool {
        let reply = Reply {
            status: warm_proto::STATUS_ANSWER,
            exit_code: u8::try_from(r.exit_code).unwrap_or(0),
            stdout: r.stdout.clone(),
            stderr: r.stderr.clone(),
        };
        // a client past its deadline has closed its end: the write fails (EPIPE; SIGPIPE is
        // ignored), and the call is left to the client's in-process run, which records it
        let delivered = reply.write_to(&mut stream).is_ok();
        // the client reads to the end: it has its answer now, while the record is written
        let _ = stream.shutdown(std::net::Shutdown::Write);
        sent = true;
        delivered
    };
    let served = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(req, &mut send)))
        .unwrap_or(None);
    let refresh_cost = match served {
        Some(Served::Answered { refresh_cost }) => refresh_cost,
        Some(Served::PanickedAfterReply(_) | Served::Undelivered) => false,
        // a panic before the reply, or a request that cannot be answered here: "failed", and
        // the client runs the hook in-process (which judges and records the call)
        Some(Served::Panicked(_)) | None => {
            if !sent {
                let _ = answer_failed(stream);
            }
            return false;
        }
    };
    drop(stream);
    if refresh_cost {
        // after the reply, as `hookward hook` does (reaped in the accept loop)
        crate::hook::refresh_cost_in_background();
    }
    false
}

/// Answers `req` as `hookward hook` would in the client's place, the reply going to `send`
/// ([`run_hook_served`]); `None` when the request cannot be answered that way (the client
/// falls back).
fn answer(req: Request, send: &mut dyn FnMut(&hookward_core::Reply) -> bool) -> Option<Served> {
    let agent = AgentArg::from_str(&req.agent, false).ok()?.agent();
    let project_var = hookward_pipeline::profile(agent).project_var;
    let parts = ProcessParts {
        home: req
            .home
            .map(|h| PathBuf::from(std::ffi::OsString::from_vec(h))),
        project_var: req
            .project_vars
            .iter()
            .chain(req.vars.iter())
            .find(|(k, _)| k == project_var)
            .map(|(_, v)| v.clone()),
        cwd: req
            .cwd
            .map(|c| PathBuf::from(std::ffi::OsString::from_vec(c))),
        vars: req.vars.into_iter().collect(),
    };
    let mut env = HookEnv::from_parts(agent, parts).ok()?;
    env.policy_dirs = req
        .policy_dirs
        .into_iter()
        .map(|d| PathBuf::from(std::ffi::OsString::from_vec(d)))
        .collect();
    Some(run_hook_served(
        &req.payload,
        req.cut.as_deref(),
        &env,
        send,
    ))
}
