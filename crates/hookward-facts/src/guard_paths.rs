//! Locations that protect hookward without being protected files themselves:
//!
//! - **folders holding a protected file** ([`holds_guarded`]): deleting, moving away or
//!   re-moding `.claude`, `~/.codex` or hookward's home removes the settings files inside, so a
//!   shell delete, `chmod`, or recursive write of such a folder is an operation on those files
//!   (class `guard_folder`, the class `LinkFact::target_classes` already uses for links);
//! - **hookward's own executables** ([`is_own_executable`]): the running `hookward` and the
//!   `hookward`/`hookward-hook` beside it, which the installed hook entries run (class
//!   `hookward_exe`). Replacing one switches the guard off for good.

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::{classify, globs, Context};

/// Whether `path` is strictly above a protected location (an agent's settings or hooks file,
/// hookward's home) that [`globs::locations`] lists. The home, its ancestors, `/` and the
/// project (or a folder above it) are excluded: they hold everything and are protected by
/// their own classes and rules.
pub(crate) fn holds_guarded(path: &str, project_dir: &str, ctx: &Context) -> bool {
    holds_guarded_through(path, None, project_dir, ctx)
}

/// [`holds_guarded`] for the base folder of a shell glob `pattern` (`/tmp` of `/tmp/pytest-*`):
/// only the protected locations the pattern can expand to, or to a folder above
/// ([`globs::could_reach`]), count; `/tmp/pytest-*` does not reach a hookward home at
/// `/tmp/.tmpX/hookward-home`, `/tmp/*` or `/tmp/.tmp*` does.
pub(crate) fn holds_guarded_through(
    path: &str,
    pattern: Option<&str>,
    project_dir: &str,
    ctx: &Context,
) -> bool {
    let dir = path.trim_end_matches('/');
    if dir.is_empty()
        || dir == ctx.home.trim_end_matches('/')
        || crate::under(&ctx.home, dir)
        || (!project_dir.is_empty() && crate::under(project_dir, dir))
    {
        return false;
    }
    globs::locations(&ctx.home, project_dir, &ctx.hookward_home)
        .into_iter()
        .filter(|loc| loc.len() > dir.len() && crate::under(loc, dir))
        .filter(|loc| pattern.is_none_or(|p| globs::could_reach(p, loc, true)))
        .any(|loc| {
            classify(&loc, project_dir, ctx)
                .iter()
                .any(|c| matches!(*c, "agent_settings" | "hookward_home"))
        })
}

/// Whether a shell path fact acts on the folder as a whole: a delete (`rm -r`, `rmdir`, `mv`
/// away, `find … -delete`), a mode change, or a recursive write (`rsync --delete` into it,
/// `cp -r` over it). Creating a folder (`mkdir -p .claude`) removes nothing.
pub(crate) fn acts_on_folder(access: &str, recursive: bool) -> bool {
    matches!(access, "delete" | "chmod") || (access == "write" && recursive)
}

/// The executables of hookward itself: the running program when it is `hookward` or
/// `hookward-hook`, and the `hookward` and `hookward-hook` beside it (both spellings: as run,
/// and with links resolved). Empty when the running program is anything else (tests).
fn own_executables() -> &'static [String] {
    static EXES: OnceLock<Vec<String>> = OnceLock::new();
    EXES.get_or_init(|| {
        let Ok(exe) = std::env::current_exe() else {
            return Vec::new();
        };
        let named = |p: &PathBuf| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| matches!(n, "hookward" | "hookward-hook"))
        };
        let mut out: Vec<String> = Vec::new();
        for p in [Some(exe.clone()), std::fs::canonicalize(&exe).ok()]
            .into_iter()
            .flatten()
        {
            if !named(&p) {
                continue;
            }
            if let Some(dir) = p.parent() {
                for n in ["hookward", "hookward-hook"] {
                    let s = dir.join(n).to_string_lossy().into_owned();
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
            }
        }
        out
    })
}

/// Whether `path` is one of hookward's own executables (see [`own_executables`]).
pub(crate) fn is_own_executable(path: &str) -> bool {
    own_executables().iter().any(|e| e == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> Context {
        Context::new("/home/u", "/home/u/.hookward")
    }

    #[test]
    fn folders_above_guarded_files() {
        let c = ctx();
        let proj = "/home/u/p";
        for dir in [
            "/home/u/.claude",
            "/home/u/.claude/",
            "/home/u/.codex",
            "/home/u/.gemini",
            "/home/u/.cursor",
            "/home/u/.hookward",
            "/home/u/p/.claude",
        ] {
            assert!(holds_guarded(dir, proj, &c), "{dir}");
        }
        for dir in [
            "/home/u",
            "/home",
            "/",
            "/home/u/p",
            "/home/u/p/src",
            "/home/u/.cache",
        ] {
            assert!(!holds_guarded(dir, proj, &c), "{dir}");
        }
        // The project is the home: its agent folders are still guarded folders.
        assert!(holds_guarded("/home/u/.claude", "/home/u", &c));
        assert!(!holds_guarded("/home/u", "/home/u", &c));
    }

    #[test]
    fn folder_operations() {
        assert!(acts_on_folder("delete", false));
        assert!(acts_on_folder("chmod", false));
        assert!(acts_on_folder("write", true));
        assert!(!acts_on_folder("write", false));
        assert!(!acts_on_folder("create", true));
        assert!(!acts_on_folder("read", true));
    }
}
