//! Applied patches are writes (issue 12 item 6): `git apply x.patch`, `git am x.mbox`,
//! `patch -p1 -i x.patch`, `patch -p1 < x.patch` change the files the patch names, so a patch
//! written in one tool call and applied in the next is judged like a write of those files
//! (`.claude/settings.local.json` created by a patch is a write of agent settings).
//!
//! `hookward-shell` (pure) reports the patch file as a read with `how` one of
//! [`PATCH_READERS`]; [`follow`] reads that file bounded ([`crate::scripts::read_bounded`],
//! [`MAX_PATCH_BYTES`]) and adds one write fact per target path, resolved against the
//! command's working directory. Targets are the names of unified and git diff headers
//! (`diff --git a/X b/Y`, `--- X`, `+++ Y`, `rename to Y`, `copy to Y`), each taken both as
//! written and with its first component stripped (`-p1`, the default of `git apply`/`git am`),
//! so neither strip level hides a target. A patch that is missing, unreadable or binary gives
//! no target (the read fact stays).

use hookward_shell::{Access, PathFact, Scope, ShellContext, ShellFacts};

/// The `how` of the read facts that name a patch file being applied.
pub const PATCH_READERS: &[&str] = &["git apply", "git am", "patch -i"];

/// The most bytes read from one patch file (64 KiB): targets are in the headers, and a
/// settings change fits well within it.
pub const MAX_PATCH_BYTES: u64 = 64 * 1024;

/// The most patch files read per tool call (4).
pub const MAX_PATCHES: usize = 4;

/// The most target paths taken from one patch (64).
pub const MAX_TARGETS: usize = 64;

/// The target file names of a unified or git diff, as written in its headers, each once, in
/// order; `/dev/null` is left out. At most [`MAX_TARGETS`].
pub fn patch_targets(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |name: &str| {
        // `+++ b/x\t2024-01-01 …`: a tab ends the name (diff(1) unified format).
        let name = name.split('\t').next().unwrap_or("").trim();
        let name = name.trim_matches('"');
        if name.is_empty() || name == "/dev/null" || out.len() >= MAX_TARGETS {
            return;
        }
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("diff --git ") {
            for w in rest.split_whitespace() {
                push(w);
            }
        } else if let Some(n) = line
            .strip_prefix("+++ ")
            .or_else(|| line.strip_prefix("--- "))
            .or_else(|| line.strip_prefix("rename to "))
            .or_else(|| line.strip_prefix("copy to "))
            .or_else(|| line.strip_prefix("*** Add File: "))
            .or_else(|| line.strip_prefix("*** Update File: "))
            .or_else(|| line.strip_prefix("*** Delete File: "))
        {
            push(n);
        }
    }
    out
}

/// The names a header name stands for: as written, and with its first component stripped.
fn strip_levels(name: &str) -> Vec<String> {
    let mut v = vec![name.to_string()];
    if let Some((_, rest)) = name.trim_start_matches('/').split_once('/') {
        if !rest.is_empty() {
            v.push(rest.to_string());
        }
    }
    v
}

fn join(cwd: &str, name: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let full = if name.starts_with('/') {
        name.to_string()
    } else {
        format!("{}/{}", cwd.trim_end_matches('/'), name)
    };
    for c in full.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    format!("/{}", parts.join("/"))
}

/// Adds a write fact (`how`: `<reader> (patch <file>)`) for every target of every patch file
/// the command applies, read bounded from disk. The command's working directory is `sctx.cwd`
/// (`git -C dir apply` targets resolve there too when the patch file lies in it).
pub fn follow(facts: &mut ShellFacts, sctx: &ShellContext) {
    let patches: Vec<PathFact> = facts
        .paths
        .iter()
        .filter(|p| {
            p.access == Access::Read
                && PATCH_READERS.contains(&p.how.as_str())
                && !p.dynamic
                && !p.glob
                && p.path.starts_with('/')
        })
        .take(MAX_PATCHES)
        .cloned()
        .collect();
    for p in patches {
        let Ok(text) = crate::scripts::read_bounded(std::path::Path::new(&p.path), MAX_PATCH_BYTES)
        else {
            continue;
        };
        let cwd = if sctx.cwd.starts_with('/') {
            sctx.cwd.as_str()
        } else {
            "/"
        };
        for name in patch_targets(&text) {
            for n in strip_levels(&name) {
                let path = join(cwd, &n);
                if facts
                    .paths
                    .iter()
                    .any(|f| f.path == path && f.access == Access::Write)
                {
                    continue;
                }
                facts.paths.push(PathFact {
                    path,
                    access: Access::Write,
                    how: format!("{} (patch {})", p.how, p.path),
                    recursive: false,
                    glob: false,
                    dynamic: false,
                    scope: Scope::Unknown,
                    evidence: p.evidence.clone(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_of_git_and_unified_diffs() {
        let git = "diff --git a/.claude/settings.local.json b/.claude/settings.local.json\nnew file mode 100644\n--- /dev/null\n+++ b/.claude/settings.local.json\n@@ -0,0 +1 @@\n+{\"disableAllHooks\":true}\n";
        assert_eq!(
            patch_targets(git),
            [
                "a/.claude/settings.local.json",
                "b/.claude/settings.local.json"
            ]
        );
        let uni = "--- src/main.rs\t2024-01-01\n+++ src/main.rs\t2024-01-02\n@@ -1 +1 @@\n-a\n+b\n";
        assert_eq!(patch_targets(uni), ["src/main.rs"]);
        assert_eq!(
            strip_levels("b/.claude/x.json"),
            ["b/.claude/x.json", ".claude/x.json"]
        );
        assert_eq!(join("/p", "b/../.claude/x"), "/p/.claude/x");
    }
}
