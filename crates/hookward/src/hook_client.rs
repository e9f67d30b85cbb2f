//! `hookward-hook AGENT [--policy-dir D]...`: the warm helper's client (issue 15). Same
//! arguments, stdin and output as `hookward hook AGENT [--policy-dir D]...`, which it is
//! installed in place of (`hookward install --warm`).
//!
//! It reads the payload with the hook's own limits and deadline ([`stdin_read`]), connects to
//! `<hookward home>/run/hook.sock`, checks the server (the listening process's uid is ours and
//! it runs the `hookward` next to this program; and the kernel-reported writer of the server's
//! hello and of every piece of the reply runs it too, so another program listening on the
//! socket, or one that hands the socket to a child and then becomes `hookward`, cannot answer
//! or receive the payload), sends the call ([`warm_proto`]) and prints the reply, all within
//! one deadline ([`WARM_BUDGET`]). On any failure
//! before a whole reply (no socket, refused, another version, a timeout, a short read) it runs
//! `hookward hook <same arguments>` next to it with the payload on stdin, passes its output
//! and exit code through, and (unless `HOOKWARD_WARM=0`, or the server answered but failed)
//! starts the server detached for the next call. The hook is never left unanswered because the
//! helper is missing: the fallback is the in-process hook itself.
//!
//! std and libc only, so the process stays small (BENCHMARKS.md, "The warm helper").

#[allow(dead_code)]
#[path = "stdin_read.rs"]
mod stdin_read;
#[path = "warm_proto.rs"]
mod warm_proto;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The whole time the client gives the warm server for one call: connecting, the server's
/// hello, sending the request and reading the reply, all within this one deadline. Past it the
/// client runs the hook in-process, which must still finish inside the agent's hook timeout
/// (10 s as installed; the in-process hook's own worst case is the 5 s facts budget plus its
/// start): so 2 s. A healthy server answers in milliseconds; a call that legitimately needs
/// longer (a payload of many megabytes) is answered in-process after these 2 s. A server that
/// is stopped, stuck or not accepting costs at most this, once per call.
const WARM_BUDGET: Duration = Duration::from_secs(2);

/// The environment variable that turns the warm helper off (`0`): the client then always runs
/// the hook in-process and starts no server. `require` never falls back: a call the server does
/// not answer exits 3 with the reason on stderr (for tests and benchmarks, which must know the
/// warm path answered). hookward's configuration skips this variable (not a config key).
const OFF_VAR: &str = "HOOKWARD_WARM";

/// Why the client ran the hook in-process.
#[derive(Debug, PartialEq, Eq)]
enum Miss {
    /// No server to talk to (no socket, nobody listening): start one.
    NoServer,
    /// A server answered but could not or would not answer this call, or failed a check.
    Other,
}

fn main() {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let (input, cut) = stdin_read::read_stdin(stdin_read::STDIN_DEADLINE);
    let mode = std::env::var_os(OFF_VAR);
    let off = mode.as_ref().is_some_and(|v| v == "0");
    let require = mode.as_ref().is_some_and(|v| v == "require");
    // stdin cut by its deadline: time is already short, and the in-process hook must see the
    // same unfinished input; no warm attempt.
    let miss = if off || cut.is_some() {
        Miss::Other
    } else {
        match ask_server(&args, &input, cut.as_deref()) {
            Ok(reply) => {
                let mut out = std::io::stdout().lock();
                if let Some(s) = &reply.stdout {
                    let _ = out.write_all(s.as_bytes());
                    let _ = out.write_all(b"\n");
                    let _ = out.flush();
                }
                if let Some(s) = &reply.stderr {
                    let _ = writeln!(std::io::stderr(), "{s}");
                }
                std::process::exit(i32::from(reply.exit_code));
            }
            Err(miss) if require => {
                eprintln!("hookward-hook: the warm helper did not answer ({miss:?}) and {OFF_VAR}=require");
                std::process::exit(3);
            }
            Err(miss) => miss,
        }
    };
    let code = in_process(&args, &input, cut.is_some());
    if miss == Miss::NoServer {
        start_server();
    }
    std::process::exit(code);
}

/// The `hookward` executable next to this one.
fn hookward_exe() -> Option<PathBuf> {
    let me = std::env::current_exe().ok()?;
    Some(me.parent()?.join("hookward"))
}

/// The hook's arguments as `hookward hook` reads them, when they are of the plain shapes the
/// client passes on (`AGENT`, `--policy-dir D`, `--policy-dir=D`); anything else is left to
/// the in-process hook (and its argument errors).
fn parse_args(args: &[OsString]) -> Option<(String, Vec<Vec<u8>>)> {
    let mut agent = None;
    let mut dirs = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let b = a.as_bytes();
        if b == b"--policy-dir" {
            let d = it.next()?;
            if d.as_bytes().starts_with(b"-") || d.is_empty() {
                return None;
            }
            dirs.push(d.as_bytes().to_vec());
        } else if let Some(d) = b.strip_prefix(b"--policy-dir=") {
            if d.is_empty() {
                return None;
            }
            dirs.push(d.to_vec());
        } else if b.starts_with(b"-") || agent.is_some() {
            return None;
        } else {
            agent = Some(a.to_str()?.to_string());
        }
    }
    Some((agent?, dirs))
}

/// hookward's home as `hookward hook` finds it: `HOOKWARD_HOME` (non-empty), else
/// `HOME/.hookward`.
fn hookward_home() -> Option<PathBuf> {
    match std::env::var_os("HOOKWARD_HOME") {
        Some(h) if !h.is_empty() => Some(PathBuf::from(h)),
        _ => std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(|h| PathBuf::from(h).join(".hookward")),
    }
}

/// The request for this call, or `None` when this call must run in-process to be answered
/// exactly as `hookward hook` would (an environment variable that is not UTF-8, which the
/// in-process hook treats its own way; a relative project variable, which it reads against its
/// own working directory).
fn request(args: &[OsString], input: &[u8], cut: Option<&str>) -> Option<warm_proto::Request> {
    let (agent, mut policy_dirs) = parse_args(args)?;
    let cwd = std::env::current_dir().ok();
    // A relative `--policy-dir` names a folder of this process's working directory: sent as
    // an absolute path (the server runs in `/`). Without a working directory: in-process.
    for d in policy_dirs.iter_mut() {
        if !d.starts_with(b"/") {
            let abs = cwd.as_ref()?.join(std::ffi::OsStr::from_bytes(d));
            *d = abs.into_os_string().into_vec();
        }
    }
    // A relative HOME or HOOKWARD_HOME is read against the working directory in-process.
    for k in ["HOME", "HOOKWARD_HOME"] {
        if std::env::var_os(k).is_some_and(|v| !v.is_empty() && !v.as_bytes().starts_with(b"/")) {
            return None;
        }
    }
    let mut vars = Vec::new();
    let mut project_vars = Vec::new();
    for (k, v) in std::env::vars_os() {
        let (Some(k), Some(v)) = (k.to_str(), v.to_str()) else {
            return None;
        };
        if k.starts_with("HOOKWARD_") {
            vars.push((k.to_string(), v.to_string()));
        }
        if warm_proto::PROJECT_VARS.contains(&k) {
            if !v.is_empty() && !v.starts_with('/') {
                return None;
            }
            project_vars.push((k.to_string(), v.to_string()));
        }
    }
    Some(warm_proto::Request {
        version: warm_proto::VERSION.to_string(),
        agent,
        cwd: cwd.map(PathBuf::into_os_string).map(OsString::into_vec),
        home: std::env::var_os("HOME").map(OsString::into_vec),
        project_vars,
        vars,
        policy_dirs,
        cut: cut.map(str::to_string),
        payload: input.to_vec(),
    })
}

/// The reply of the warm server for this call, checked; `Err` says whether a server should
/// be started. Everything here happens within [`WARM_BUDGET`].
fn ask_server(
    args: &[OsString],
    input: &[u8],
    cut: Option<&str>,
) -> Result<warm_proto::Reply, Miss> {
    let deadline = Instant::now() + WARM_BUDGET;
    let req = request(args, input, cut).ok_or(Miss::Other)?;
    let home = hookward_home().ok_or(Miss::Other)?;
    let want = hookward_exe()
        .and_then(|p| p.canonicalize().ok())
        .ok_or(Miss::Other)?;
    let sock = warm_proto::socket_path(&home);
    let stream = match warm_proto::connect_checked(&sock, WARM_BUDGET) {
        Ok(s) => s,
        Err(e) if is_no_server(&e) => return Err(Miss::NoServer),
        Err(_) => return Err(Miss::Other),
    };
    verify_listener(&stream, &want).ok_or(Miss::Other)?;
    let mut peer = Peer {
        stream,
        deadline,
        want,
        writer: None,
    };
    let mut hello = [0u8; 4];
    peer.read_exact(&mut hello).map_err(|_| Miss::Other)?;
    if &hello != warm_proto::HELLO {
        return Err(Miss::Other);
    }
    peer.send(&req.encode()).ok_or(Miss::Other)?;
    let _ = peer.stream.shutdown(std::net::Shutdown::Write);
    let reply = warm_proto::Reply::read_from(&mut peer).ok_or(Miss::Other)?;
    match reply.status {
        warm_proto::STATUS_ANSWER => Ok(reply),
        // another version's server exits: start ours
        warm_proto::STATUS_REFUSED => Err(Miss::NoServer),
        _ => Err(Miss::Other),
    }
}

/// Whether a failed connect means nobody serves the socket (so one should be started): no
/// socket file, or a socket nobody listens on.
fn is_no_server(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::NotFound | std::io::ErrorKind::ConnectionRefused
    )
}

/// The listening end is a process of our uid running the `hookward` next to this program
/// (`SO_PEERCRED`: the process that called `listen()`). Necessary, not sufficient: the writer
/// of every byte read is checked too ([`Peer`]).
fn verify_listener(stream: &UnixStream, want: &Path) -> Option<()> {
    let (uid, pid) = warm_proto::peer_cred(stream.as_raw_fd())?;
    if uid != warm_proto::my_uid() {
        return None;
    }
    runs_hookward(pid, want).then_some(())
}

/// Whether process `pid` runs the executable `want`.
fn runs_hookward(pid: i32, want: &Path) -> bool {
    pid > 0 && std::fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|p| p == want)
}

/// The connection to the server, read and written within one deadline; every piece read must
/// have been written by one process running `hookward` (the first piece's writer, checked
/// once; a piece from any other process fails the read).
struct Peer {
    stream: UnixStream,
    deadline: Instant,
    want: PathBuf,
    writer: Option<i32>,
}

impl Peer {
    /// The time left, or a timeout error when none is.
    fn left(&self) -> std::io::Result<Duration> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        Ok(left)
    }

    /// Writes all of `bytes` before the deadline.
    fn send(&mut self, mut bytes: &[u8]) -> Option<()> {
        while !bytes.is_empty() {
            let left = self.left().ok()?;
            self.stream.set_write_timeout(Some(left)).ok()?;
            match (&self.stream).write(bytes) {
                Ok(0) => return None,
                Ok(n) => bytes = &bytes[n..],
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return None,
            }
        }
        Some(())
    }
}

impl std::io::Read for Peer {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.left()?;
        self.stream.set_read_timeout(Some(left))?;
        let (n, pid) = warm_proto::recv_with_sender(self.stream.as_raw_fd(), buf)?;
        if n == 0 {
            return Ok(0);
        }
        let denied = || std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let pid = pid.ok_or_else(denied)?;
        match self.writer {
            Some(w) if w == pid => {}
            Some(_) => return Err(denied()),
            None if runs_hookward(pid, &self.want) => self.writer = Some(pid),
            None => return Err(denied()),
        }
        Ok(n)
    }
}

/// Runs `hookward hook <args>` with the payload on its stdin (its stdout and stderr are this
/// process's) and returns its exit code. When reading stdin was cut by the deadline, the pipe
/// is kept open, so the in-process hook sees the same: no end of input.
fn in_process(args: &[OsString], input: &[u8], cut: bool) -> i32 {
    let Some(exe) = hookward_exe() else {
        eprintln!("hookward-hook: cannot find the hookward program next to this one");
        return 0;
    };
    let child = Command::new(&exe)
        .arg("hook")
        .args(args)
        .stdin(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            eprintln!("hookward-hook: cannot run {}: {e}", exe.display());
            return 0;
        }
    };
    let mut stdin = child.stdin.take();
    if let Some(s) = stdin.as_mut() {
        let _ = s.write_all(input);
    }
    if !cut {
        stdin = None; // end of input
    }
    let status = child.wait();
    drop(stdin);
    match status {
        Ok(s) => s.code().unwrap_or(1),
        Err(_) => 1,
    }
}

/// Starts `hookward hook-server` detached (its own session, stdio on `/dev/null`), for the
/// next call. A second server exits at once (the lock), so racing clients are harmless.
fn start_server() {
    use std::os::unix::process::CommandExt;
    let Some(exe) = hookward_exe() else {
        return;
    };
    let mut cmd = Command::new(exe);
    cmd.arg("hook-server")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: setsid is async-signal-safe; it only detaches the child from our session.
    unsafe {
        cmd.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    let _ = cmd.spawn();
}
