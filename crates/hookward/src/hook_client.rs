//! `hookward-hook AGENT [--policy-dir D]...`: the warm helper's client (issue 15). Same
//! arguments, stdin and output as `hookward hook AGENT [--policy-dir D]...`, which it is
//! installed in place of (`hookward install --warm`).
//!
//! It reads the payload with the hook's own limits and deadline ([`stdin_read`]), connects to
//! `<hookward home>/run/hook.sock`, checks the server (its uid is ours and, on Linux, its
//! executable is the `hookward` next to this program, so another program listening on the
//! socket cannot answer), sends the call ([`warm_proto`]) and prints the reply. On any failure
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
use std::io::Write;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long the client waits for the server's reply before it runs the hook in-process: above
/// the facts' time budget (5 s of the default 10 s `hook_timeout`), so a slow but working call
/// is not run twice; a server that is stuck costs this much once.
const REPLY_TIMEOUT: Duration = Duration::from_secs(6);

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
    let miss = if off {
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
    let (agent, policy_dirs) = parse_args(args)?;
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
        cwd: std::env::current_dir()
            .ok()
            .map(PathBuf::into_os_string)
            .map(OsString::into_vec),
        home: std::env::var_os("HOME").map(OsString::into_vec),
        project_vars,
        vars,
        policy_dirs,
        cut: cut.map(str::to_string),
        payload: input.to_vec(),
    })
}

/// The reply of the warm server for this call, checked; `Err` says whether a server should
/// be started.
fn ask_server(
    args: &[OsString],
    input: &[u8],
    cut: Option<&str>,
) -> Result<warm_proto::Reply, Miss> {
    let req = request(args, input, cut).ok_or(Miss::Other)?;
    let home = hookward_home().ok_or(Miss::Other)?;
    let sock = warm_proto::socket_path(&home);
    let mut stream = UnixStream::connect(&sock).map_err(|_| Miss::NoServer)?;
    verify_peer(&stream).ok_or(Miss::Other)?;
    let _ = stream.set_read_timeout(Some(REPLY_TIMEOUT));
    let _ = stream.set_write_timeout(Some(REPLY_TIMEOUT));
    stream.write_all(&req.encode()).map_err(|_| Miss::Other)?;
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let reply = warm_proto::Reply::read_from(&mut stream).ok_or(Miss::Other)?;
    match reply.status {
        warm_proto::STATUS_ANSWER => Ok(reply),
        // another version's server exits: start ours
        warm_proto::STATUS_REFUSED => Err(Miss::NoServer),
        _ => Err(Miss::Other),
    }
}

/// The peer is a process of our uid running the `hookward` next to this program.
fn verify_peer(stream: &UnixStream) -> Option<()> {
    let (uid, pid) = warm_proto::peer_cred(stream.as_raw_fd())?;
    if uid != warm_proto::my_uid() {
        return None;
    }
    let want = hookward_exe()?.canonicalize().ok()?;
    let theirs = std::fs::read_link(format!("/proc/{pid}/exe")).ok()?;
    (theirs == want).then_some(())
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
