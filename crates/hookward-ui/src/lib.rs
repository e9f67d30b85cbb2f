//! `hookward ui` (issue 17): a local web page over hookward's store — the decision timeline
//! with filters and live updates, session replay, reviews of guarded-file changes, lessons,
//! health and the policy with a "try a command" box.
//!
//! The library holds the HTTP server (axum on a current-thread tokio runtime, in a thread of
//! its own), the JSON handlers and the page (one HTML file, one script, one style sheet,
//! compiled in with `include_str!`: no CDN, no build step). What changes state — accepting a
//! change, dismissing a finding, restoring a file, forgetting a lesson — and what needs the
//! CLI's configuration (the rule list, `policy eval`) is asked of a [`Backend`] that the
//! `hookward` binary implements with the same functions as its `review`, `restore`,
//! `lessons forget` and `policy` commands, so the page and the CLI cannot drift apart.
//!
//! # Security model ([`security`])
//! - The server binds a loopback address only; any other is [`UiError::NotLoopback`] unless
//!   [`Options::unsafe_bind`] is set.
//! - Each start draws a random token (32 bytes, hex) that the printed URL carries
//!   (`/?token=…`); the first load exchanges it for an `HttpOnly; SameSite=Strict` cookie
//!   holding a second random value, and every request needs that cookie (401 without).
//! - The `Host` header must name the server as `127.0.0.1`, `localhost` or `[::1]` (with or
//!   without its port): anything else is 403, which defeats DNS rebinding.
//! - A state-changing request (any method but GET/HEAD) needs an `Origin` equal to the
//!   server's own and the CSRF token embedded in the page (`X-Hookward-CSRF`), else 403; and
//!   [`Options::allow_actions`], else 403 (read-only by default).
//! - No CORS header is ever sent; every response carries a strict Content-Security-Policy
//!   (`'self'` only), `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer` and
//!   `Cache-Control: no-store`.

#![forbid(unsafe_code)]

mod api;
pub mod security;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

pub use api::PAGE_SIZE_MAX;

/// How long the live-update stream waits between two looks at the store: 1 s (issue 17:
/// "live updates"; one primary-key probe per second per open page).
pub const POLL_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

/// The most rows [`hookward_store::Store::count_decisions`] counts for "showing N of M":
/// 10,000. Past it the page says "more than 10,000" instead of scanning a large store (a
/// bounded count keeps the first page of a 1M-row store within its 50 ms budget,
/// BENCHMARKS.md).
pub const COUNT_CAP: u64 = 10_000;

/// What the server is started with.
#[derive(Debug, Clone)]
pub struct Options {
    /// The address to bind: a loopback address (default `127.0.0.1`); another needs
    /// [`Options::unsafe_bind`].
    pub ip: IpAddr,
    /// The port (0: any free port, the server reports which).
    pub port: u16,
    /// Allow the page's actions (accept, dismiss, restore, forget). Off: read-only, every
    /// state-changing request is 403.
    pub allow_actions: bool,
    /// Accept a non-loopback [`Options::ip`] (`--unsafe-bind ADDR`): the page is then reachable
    /// from other machines, still behind the token.
    pub unsafe_bind: bool,
    /// The store to read (`<hookward home>/state.db`); it may not exist yet.
    pub store_path: PathBuf,
}

impl Options {
    /// Loopback, any free port, read-only, on the store at `store_path`.
    pub fn new(store_path: PathBuf) -> Options {
        Options {
            ip: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            allow_actions: false,
            unsafe_bind: false,
            store_path,
        }
    }
}

/// Why an action of the page was not done.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The CLI would refuse it too (exit 1): nothing to accept, already restored, no such id.
    /// Answered with 409 and the CLI's words.
    #[error("{0}")]
    Refused(String),
    /// It failed (exit 2 in the CLI): store or file-system error. Answered with 500.
    #[error("{0}")]
    Failed(String),
}

/// The part of the page that must be the CLI's own code. `hookward` implements it with the
/// functions behind `review accept`, `review dismiss`, `restore --apply`, `lessons forget`,
/// `review C<id>` (the diff), `policy list` and `policy eval`; each action writes the same
/// audit-log entry as its command. Results are the commands' `--json` documents.
pub trait Backend: Send + Sync + 'static {
    /// The redacted unified diff of change `C<id>` (`hookward review C<id>`).
    ///
    /// # Errors
    /// A content missing from the object store, or the store.
    fn change_diff(&self, id: i64) -> Result<String, String>;
    /// `hookward review accept C<id> --json`.
    ///
    /// # Errors
    /// [`ActionError`].
    fn accept_change(&self, id: i64) -> Result<serde_json::Value, ActionError>;
    /// `hookward review dismiss F<id> --json`.
    ///
    /// # Errors
    /// [`ActionError`].
    fn dismiss_finding(&self, id: i64) -> Result<serde_json::Value, ActionError>;
    /// `hookward restore C<id> --apply --json`.
    ///
    /// # Errors
    /// [`ActionError`].
    fn restore_change(&self, id: i64) -> Result<serde_json::Value, ActionError>;
    /// `hookward lessons forget L<id> --json`.
    ///
    /// # Errors
    /// [`ActionError`].
    fn forget_lesson(&self, id: i64) -> Result<serde_json::Value, ActionError>;
    /// `hookward policy list --json`.
    ///
    /// # Errors
    /// The policy sources or configuration could not be read.
    fn rules(&self) -> Result<serde_json::Value, String>;
    /// `hookward policy eval --agent AGENT --command COMMAND --json` (nothing recorded).
    ///
    /// # Errors
    /// An unknown agent, or the evaluation failed.
    fn eval_command(&self, agent: &str, command: &str) -> Result<serde_json::Value, String>;
    /// `hookward cost --period PERIOD --by BY [--project P] --json` (the cost page; brings the
    /// cost index up to date first). The default says the page is not available.
    ///
    /// # Errors
    /// A bad period or grouping, or what `hookward cost` fails on.
    fn cost(
        &self,
        period: &str,
        by: &str,
        project: Option<&str>,
    ) -> Result<serde_json::Value, String> {
        let _ = (period, by, project);
        Err("the cost page is not available here".into())
    }
}

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum UiError {
    /// A non-loopback address without [`Options::unsafe_bind`].
    #[error("refusing to bind {0}: `hookward ui` serves 127.0.0.1 only; --unsafe-bind {0} exposes the page (still behind its token) to every machine that can reach this address")]
    NotLoopback(IpAddr),
    /// The address could not be bound (port in use, permissions).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The OS error.
        source: std::io::Error,
    },
    /// The runtime or the OS random source failed.
    #[error("cannot start the server: {0}")]
    Start(String),
}

/// A running server. Dropping it leaves the server running until the process ends; call
/// [`Server::stop`] to stop it, [`Server::wait`] to block on it.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    token: String,
    stopping: Arc<AtomicBool>,
    thread: Option<JoinHandle<Result<(), String>>>,
}

impl Server {
    /// The bound address (the real port when [`Options::port`] was 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// This start's token (64 hex characters).
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The URL to open: `http://127.0.0.1:PORT/?token=…` (a non-loopback bind shows its own
    /// address).
    pub fn url(&self) -> String {
        format!("http://{}/?token={}", self.addr, self.token)
    }

    /// Stops the server: open live-update streams end within [`POLL_INTERVAL`], then the
    /// thread is joined.
    ///
    /// # Errors
    /// The server's thread failed or panicked.
    pub fn stop(mut self) -> Result<(), String> {
        self.stopping.store(true, Ordering::SeqCst);
        self.join()
    }

    /// Blocks until the server ends (for `hookward ui`: Ctrl-C ends the process).
    ///
    /// # Errors
    /// The server's thread failed or panicked.
    pub fn wait(mut self) -> Result<(), String> {
        self.join()
    }

    fn join(&mut self) -> Result<(), String> {
        match self.thread.take() {
            Some(t) => t
                .join()
                .map_err(|_| "the server thread panicked".to_string())?,
            None => Ok(()),
        }
    }
}

/// The shared state of one server.
pub(crate) struct App {
    pub(crate) secrets: security::Secrets,
    pub(crate) allow_actions: bool,
    pub(crate) store_path: PathBuf,
    pub(crate) store: Mutex<Option<hookward_store::Store>>,
    pub(crate) backend: Arc<dyn Backend>,
    pub(crate) stopping: Arc<AtomicBool>,
}

/// Binds `opts.ip:opts.port` and serves the page in a thread of its own (a current-thread
/// tokio runtime). Returns once the socket is bound, so [`Server::url`] is ready to print.
///
/// # Errors
/// [`UiError::NotLoopback`] for a non-loopback address without `unsafe_bind`;
/// [`UiError::Bind`]; [`UiError::Start`] when the random source or the runtime fails.
pub fn start(opts: Options, backend: Arc<dyn Backend>) -> Result<Server, UiError> {
    if !opts.ip.is_loopback() && !opts.unsafe_bind {
        return Err(UiError::NotLoopback(opts.ip));
    }
    let want = SocketAddr::new(opts.ip, opts.port);
    let listener =
        TcpListener::bind(want).map_err(|source| UiError::Bind { addr: want, source })?;
    let addr = listener
        .local_addr()
        .map_err(|source| UiError::Bind { addr: want, source })?;
    listener
        .set_nonblocking(true)
        .map_err(|source| UiError::Bind { addr: want, source })?;
    let secrets = security::Secrets::new(addr, opts.unsafe_bind).map_err(UiError::Start)?;
    let token = secrets.token.clone();
    let stopping = Arc::new(AtomicBool::new(false));
    let app = Arc::new(App {
        secrets,
        allow_actions: opts.allow_actions,
        store_path: opts.store_path,
        store: Mutex::new(None),
        backend,
        stopping: stopping.clone(),
    });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| UiError::Start(e.to_string()))?;
    let thread = std::thread::Builder::new()
        .name("hookward-ui".into())
        .spawn(move || {
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)
                    .map_err(|e| format!("cannot listen: {e}"))?;
                let stop = app.stopping.clone();
                let router = api::router(app);
                axum::serve(listener, router)
                    .with_graceful_shutdown(async move {
                        while !stop.load(Ordering::SeqCst) {
                            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        }
                    })
                    .await
                    .map_err(|e| format!("the server stopped: {e}"))
            })
        })
        .map_err(|e| UiError::Start(e.to_string()))?;
    Ok(Server {
        addr,
        token,
        stopping,
        thread: Some(thread),
    })
}
