//! `hookward hook <agent>`: the command agents run for every event.

use crate::AgentArg;
use hookward_pipeline::{run_hook_input, HookEnv};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Duration;

/// The most bytes read from stdin (64 MiB). Larger payloads are cut here and then fail to
/// parse, which follows the fail mode; issue budgets ask for at least 10 MB.
pub const MAX_STDIN: u64 = 64 << 20;

/// How long the hook waits for stdin to reach its end (3 s): below the installer's default
/// `hook_timeout` of 10 s (and the agents' shortest, Codex's 5 s in REPORT.md), so that a hook
/// whose stdin stays open with no data answers per the fail mode instead of being killed — a
/// killed hook is a pass for every agent. Real payloads arrive in well under a millisecond.
pub const STDIN_DEADLINE: Duration = Duration::from_secs(3);

/// Reads stdin up to [`MAX_STDIN`] bytes, waiting at most `deadline` for its end. Returns the
/// bytes read and, when the deadline passed first, why the reading was cut (the reader thread
/// is left blocked; the process exits after the reply).
fn read_stdin(deadline: Duration) -> (Vec<u8>, Option<String>) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let (tx, rx) = mpsc::channel();
    let shared = Arc::clone(&buf);
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut stdin = std::io::stdin().lock().take(MAX_STDIN);
            let mut chunk = vec![0u8; 1 << 16];
            loop {
                match stdin.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => shared
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .extend_from_slice(&chunk[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
            }
            let _ = tx.send(());
        });
    let cut = match spawned {
        Ok(_) => match rx.recv_timeout(deadline) {
            Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => Some(format!(
                "stdin stayed open with no end of input after {} s",
                deadline.as_secs_f32()
            )),
        },
        // No thread: read in place (no deadline then, as before).
        Err(_) => {
            let mut input = Vec::new();
            let _ = std::io::stdin()
                .lock()
                .take(MAX_STDIN)
                .read_to_end(&mut input);
            return (input, None);
        }
    };
    let input = std::mem::take(&mut *buf.lock().unwrap_or_else(PoisonError::into_inner));
    (input, cut)
}

/// Reads the payload (with [`STDIN_DEADLINE`]), runs the pipeline, prints the reply and exits
/// with its code.
pub fn run(agent: AgentArg, policy_dirs: Vec<PathBuf>) -> ExitCode {
    let (input, cut) = read_stdin(STDIN_DEADLINE);
    let mut env = match HookEnv::from_process(agent.agent()) {
        Ok(e) => e,
        Err(e) => {
            // No home at all: nothing can be loaded or recorded. Fail open, say why on stderr.
            eprintln!("hookward: {e}");
            return ExitCode::SUCCESS;
        }
    };
    env.policy_dirs = policy_dirs;
    let outcome = run_hook_input(&input, cut.as_deref(), &env);
    let mut out = std::io::stdout().lock();
    if let Some(s) = &outcome.reply.stdout {
        let _ = out.write_all(s.as_bytes());
        let _ = out.write_all(b"\n");
        let _ = out.flush();
    }
    if let Some(s) = &outcome.reply.stderr {
        let _ = writeln!(std::io::stderr(), "{s}");
    }
    if outcome.refresh_cost {
        refresh_cost_in_background();
    }
    ExitCode::from(u8::try_from(outcome.reply.exit_code).unwrap_or(0))
}

/// Starts `hookward cost --index-only` as a detached process (stdin, stdout and stderr to
/// `/dev/null`, so the agent never waits on it) after the reply went out: the cost index and
/// budget state are refreshed off the hook's path (issue 21). Only when this executable is
/// hookward itself (never a test harness); a failure to start is ignored (the next
/// `hookward cost` or SessionStart refreshes). Concurrent refreshes are safe: the index merges
/// requests by key.
fn refresh_cost_in_background() {
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    if exe.file_stem().and_then(|s| s.to_str()) != Some("hookward") {
        return;
    }
    let _ = std::process::Command::new(exe)
        .args(["cost", "--index-only"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
