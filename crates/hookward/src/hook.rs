//! `hookward hook <agent>`: the command agents run for every event.

use crate::AgentArg;
use hookward_pipeline::{run_hook, HookEnv};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// The most bytes read from stdin (64 MiB). Larger payloads are cut here and then fail to
/// parse, which follows the fail mode; issue budgets ask for at least 10 MB.
pub const MAX_STDIN: u64 = 64 << 20;

pub fn run(agent: AgentArg, policy_dirs: Vec<PathBuf>) -> ExitCode {
    let mut input = Vec::new();
    let _ = std::io::stdin()
        .lock()
        .take(MAX_STDIN)
        .read_to_end(&mut input);
    let mut env = match HookEnv::from_process(agent.agent()) {
        Ok(e) => e,
        Err(e) => {
            // No home at all: nothing can be loaded or recorded. Fail open, say why on stderr.
            eprintln!("hookward: {e}");
            return ExitCode::SUCCESS;
        }
    };
    env.policy_dirs = policy_dirs;
    let outcome = run_hook(&input, &env);
    let mut out = std::io::stdout().lock();
    if let Some(s) = &outcome.reply.stdout {
        let _ = out.write_all(s.as_bytes());
        let _ = out.write_all(b"\n");
        let _ = out.flush();
    }
    if let Some(s) = &outcome.reply.stderr {
        let _ = writeln!(std::io::stderr(), "{s}");
    }
    ExitCode::from(u8::try_from(outcome.reply.exit_code).unwrap_or(0))
}
