//! `hookward completions SHELL` and `hookward man`: shell completion scripts (clap_complete)
//! and roff man pages (clap_mangen), both generated from the same clap definition the
//! command line parses with, so they cannot drift from it.
//!
//! Completions go to stdout (`hookward completions zsh > ~/.zfunc/_hookward`). `man` prints
//! `hookward(1)` to stdout, or with `--dir DIR` writes `hookward.1` and one page per
//! subcommand (`hookward-scan.1`, `hookward-policy-eval.1`, …) into `DIR`, creating it. A
//! closed stdout ends quietly (exit 0) like every other command (`out::io_err`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Shells `hookward completions` writes a script for.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum ShellArg {
    /// Bash (`source <(hookward completions bash)`).
    Bash,
    /// Zsh (save as `_hookward` in a folder of `$fpath`).
    Zsh,
    /// Fish (save as `~/.config/fish/completions/hookward.fish`).
    Fish,
    /// PowerShell (`hookward completions powershell | Out-String | Invoke-Expression`).
    Powershell,
    /// Elvish.
    Elvish,
}

impl ShellArg {
    fn shell(self) -> clap_complete::Shell {
        match self {
            ShellArg::Bash => clap_complete::Shell::Bash,
            ShellArg::Zsh => clap_complete::Shell::Zsh,
            ShellArg::Fish => clap_complete::Shell::Fish,
            ShellArg::Powershell => clap_complete::Shell::PowerShell,
            ShellArg::Elvish => clap_complete::Shell::Elvish,
        }
    }
}

/// Writes the completion script for `shell` to stdout. Errors: stdout write failures other
/// than a closed pipe.
pub fn run_completions(shell: ShellArg, mut cmd: clap::Command) -> Result<ExitCode, String> {
    let mut buf = Vec::new();
    clap_complete::generate(shell.shell(), &mut cmd, "hookward", &mut buf);
    let mut out = std::io::stdout().lock();
    out.write_all(&buf)
        .and_then(|()| out.flush())
        .map_err(crate::out::io_err)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints `hookward(1)`, or with `dir` writes every page into it. Errors: a page that cannot
/// be rendered or written (the path is named), stdout write failures other than a closed pipe.
pub fn run_man(cmd: clap::Command, dir: Option<PathBuf>) -> Result<ExitCode, String> {
    let cmd = cmd.version(env!("CARGO_PKG_VERSION"));
    match dir {
        None => {
            let mut buf = Vec::new();
            clap_mangen::Man::new(cmd)
                .render(&mut buf)
                .map_err(|e| format!("cannot render the man page: {e}"))?;
            let mut out = std::io::stdout().lock();
            out.write_all(&buf)
                .and_then(|()| out.flush())
                .map_err(crate::out::io_err)?;
        }
        Some(dir) => {
            std::fs::create_dir_all(&dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            clap_mangen::generate_to(cmd, &dir)
                .map_err(|e| format!("cannot write the man pages into {}: {e}", dir.display()))?;
            let mut written: Vec<PathBuf> = std::fs::read_dir(&dir)
                .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "1"))
                .collect();
            written.sort();
            for p in &written {
                outln!("{}", p.display());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
