//! `hookward hook <agent>`: the command agents run for every event.

use crate::stdin_read::{read_stdin, STDIN_DEADLINE};
use crate::AgentArg;
use hookward_pipeline::{run_hook_owned, HookEnv};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Makes glibc's malloc keep one arena for the whole hook process (`M_ARENA_MAX` = 1).
///
/// A hook process lives a few milliseconds and runs at most a few short threads (the facts
/// worker, the object syncs of a first scan, the stdin reader where `poll` fails). By default
/// the first allocation of each new thread creates its own arena (a 64 MiB reserved mapping,
/// `mprotect` calls, fresh pages faulted in); with one arena they reuse the main heap's pages
/// (PreToolUse-Bash, release: 652 → 630 page faults). BENCHMARKS.md, "The process at the
/// floor, counted instead of timed" (issue 15). Called before any thread starts.
fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets an allocator parameter; no other thread exists yet, and a
    // refusal (return 0) leaves glibc's default, which is correct too.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Reads the payload (with [`STDIN_DEADLINE`]), runs the pipeline, prints the reply and exits
/// with its code.
pub fn run(agent: AgentArg, policy_dirs: Vec<PathBuf>) -> ExitCode {
    one_malloc_arena();
    // this process answers one call and exits
    hookward_pipeline::set_one_shot();
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
    let outcome = run_hook_owned(input, cut.as_deref(), &env);
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
pub(crate) fn refresh_cost_in_background() {
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
