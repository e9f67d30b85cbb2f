//! Which files are guarded: the files each agent loads as instructions, memory, skills,
//! rules, settings, hooks and MCP configuration (issue #5, "Files guarded"; the agents' own
//! documentation names them).
//!
//! Discovery is a fixed list of file paths plus bounded walks of a few fixed folders
//! ([`MAX_DEPTH`] levels, [`MAX_FILES_PER_DIR`] files per folder root), never a walk of the
//! project or the home directory, plus the files the agents' instruction files import with
//! `@path` ([`imported`]; bounded by `hookward_facts::imports`).

use hookward_core::profile::{FileKind, Place};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// How deep the walk of a guarded folder goes (`.claude/skills/<skill>/<sub>/<file>` is 3).
pub const MAX_DEPTH: usize = 6;
/// Most files taken from one guarded folder (a rules folder with more is unusual; the rest are
/// not guarded and `hookward context scan` says so).
pub const MAX_FILES_PER_DIR: usize = 500;

/// What a guarded file is to the agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Instruction files: CLAUDE.md, AGENTS.md, GEMINI.md, `.cursorrules`.
    Instructions,
    /// Rules, agents and commands folders (`.claude/rules/**`, `.cursor/rules/**`).
    Rules,
    /// Skills (`.claude/skills/**`).
    Skill,
    /// The agent's auto-memory (`~/.claude/projects/<project>/memory/**`).
    Memory,
    /// Agent settings (`settings.json`, Codex `config.toml`).
    Settings,
    /// MCP server configuration (`.mcp.json`, `~/.claude.json`, `.cursor/mcp.json`).
    Mcp,
    /// Hook registrations and hook scripts (`hooks.json`, `.claude/hooks/**`).
    Hooks,
}

impl Kind {
    /// The kind's name as stored (`instructions`, `rules`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Instructions => "instructions",
            Kind::Rules => "rules",
            Kind::Skill => "skill",
            Kind::Memory => "memory",
            Kind::Settings => "settings",
            Kind::Mcp => "mcp",
            Kind::Hooks => "hooks",
        }
    }

    /// Parses [`Kind::as_str`]'s names.
    pub fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "instructions" => Kind::Instructions,
            "rules" => Kind::Rules,
            "skill" => Kind::Skill,
            "memory" => Kind::Memory,
            "settings" => Kind::Settings,
            "mcp" => Kind::Mcp,
            "hooks" => Kind::Hooks,
            _ => return None,
        })
    }

    /// Whether the file is structured configuration (compared key by key) rather than text the
    /// model reads.
    pub fn is_config(self) -> bool {
        matches!(self, Kind::Settings | Kind::Mcp) || self == Kind::Hooks
    }
}

/// One guarded file (it may not exist yet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guarded {
    /// Absolute path.
    pub path: String,
    /// What it is.
    pub kind: Kind,
    /// The project it belongs to (absolute path), `""` for the home directory's files.
    pub project: String,
}

/// The folder under `~/.claude/projects/` where Claude Code keeps a project's sessions and
/// auto-memory: the project path with every character that is not an ASCII letter or digit
/// replaced by `-` (Claude Code's own rule; the captured payloads' `transcript_path` shows
/// `/tmp/e2e/p` → `-tmp-e2e-p`).
pub fn claude_project_slug(project: &str) -> String {
    project
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

impl Kind {
    /// The guarded kind of a profile row's [`FileKind`], `None` for rows the guard does not
    /// guard (the agent's sign-in tokens: a credential, not text the model obeys; its state
    /// folders and its transcripts, which the agent itself writes all the time).
    pub fn of_row(k: FileKind) -> Option<Kind> {
        Some(match k {
            FileKind::Instructions => Kind::Instructions,
            FileKind::Rules => Kind::Rules,
            FileKind::Skills => Kind::Skill,
            FileKind::Memory => Kind::Memory,
            FileKind::Settings => Kind::Settings,
            FileKind::Mcp => Kind::Mcp,
            FileKind::Hooks => Kind::Hooks,
            FileKind::Credentials | FileKind::State | FileKind::Transcripts => return None,
        })
    }
}

/// Every agent's file rows ([`hookward_core::profile::AgentProfile::files`]) placed in `home`
/// and `project` (project rows only with a project): `(path, kind, project key, folder)`, in
/// the profiles' order.
fn rows(home: &str, project: Option<&str>) -> Vec<(String, Kind, String, bool)> {
    let mut v = Vec::new();
    for f in hookward_profiles::profiles().iter().flat_map(|p| p.files) {
        let Some(kind) = Kind::of_row(f.kind) else {
            continue;
        };
        match (f.place, project) {
            (Place::Home, _) => {
                v.push((format!("{home}/{}", f.path), kind, String::new(), f.folder))
            }
            (Place::Project, Some(p)) => {
                v.push((format!("{p}/{}", f.path), kind, p.to_string(), f.folder))
            }
            // System-wide files are the administrator's, not the user's to review.
            (Place::Project, None) | (Place::System, _) => {}
        }
    }
    v
}

/// Where a file of `dir` should be walked: (folder, kind, project key). The agents' folder
/// rows, and Claude Code's per-project memory folder (named by its slug rule, not yet a
/// profile row).
fn walks(home: &str, project: Option<&str>) -> Vec<(String, Kind, String)> {
    let mut v: Vec<(String, Kind, String)> = rows(home, project)
        .into_iter()
        .filter(|r| r.3)
        .map(|(path, kind, proj, _)| (path, kind, proj))
        .collect();
    if let Some(p) = project {
        v.push((
            format!("{home}/.claude/projects/{}/memory", claude_project_slug(p)),
            Kind::Memory,
            p.to_string(),
        ));
    }
    v
}

/// The folders [`discover`] walks, in its order.
pub fn walk_roots(home: &str, project: Option<&str>) -> Vec<String> {
    walks(home, project)
        .into_iter()
        .map(|(d, _, _)| d)
        .collect()
}

/// The fixed guarded files of the home directory and of `project`: the agents' file rows.
fn fixed(home: &str, project: Option<&str>) -> Vec<Guarded> {
    let mut v: Vec<Guarded> = Vec::new();
    for (path, kind, project, _) in rows(home, project).into_iter().filter(|r| !r.3) {
        if !v.iter().any(|g| g.path == path) {
            v.push(Guarded {
                path,
                kind,
                project,
            });
        }
    }
    v
}

/// The kind of a guarded file, or `None` when `path` is not guarded. `AGENTS.md`, `CLAUDE.md`
/// and `GEMINI.md` anywhere count (issue #5: "in subfolders they are checked when written").
pub fn kind_of(path: &str, home: &str, project: Option<&str>) -> Option<Kind> {
    if let Some(g) = fixed(home, project).into_iter().find(|g| g.path == path) {
        return Some(g.kind);
    }
    let name = path.rsplit('/').next().unwrap_or("");
    if matches!(
        name,
        "CLAUDE.md" | "AGENTS.md" | "AGENTS.override.md" | "GEMINI.md" | "CLAUDE.local.md"
    ) {
        return Some(Kind::Instructions);
    }
    for (dir, kind, _) in walks(home, project) {
        if path.starts_with(&format!("{dir}/")) {
            return Some(kind);
        }
    }
    if path.contains("/.claude/projects/") && path.contains("/memory/") {
        return Some(Kind::Memory);
    }
    if imported(home, project).iter().any(|g| g.path == path) {
        return Some(Kind::Instructions);
    }
    None
}

/// The files the importing instruction files of `home` and `project` pull in with `@path`
/// ([`hookward_facts::imports::imported_files`]): guarded as instruction files, in the home
/// scope when the import chain starts at a home file.
pub fn imported(home: &str, project: Option<&str>) -> Vec<Guarded> {
    hookward_facts::imports::imported_files(home, project)
        .into_iter()
        .map(|i| Guarded {
            path: i.path,
            kind: Kind::Instructions,
            project: if i.from_home {
                String::new()
            } else {
                project.unwrap_or("").to_string()
            },
        })
        .collect()
}

/// Every guarded file that exists now for the home directory `home` and the project
/// `project` (absolute paths), plus `extra` files from the configuration (`[context] extra`,
/// kind [`Kind::Instructions`], home scope). Files are sorted by path. Unreadable folders are
/// skipped (a guard must not fail because one folder is private).
pub fn discover(home: &str, project: Option<&str>, extra: &[String]) -> Vec<Guarded> {
    discover_stamped(home, project, extra, None)
}

/// A folder the discovery walk read, and its `(mtime ns, inode)` taken just before reading it
/// (`None`: it was not there, or not a folder). While every stamp of a walk is unchanged (and
/// was not racy, see [`crate::observe`]), the walk lists the same files: creating, removing
/// or renaming an entry changes its folder's mtime.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirStamp {
    /// The folder.
    pub path: String,
    /// `(mtime ns, inode)`, `None` when absent.
    pub stamp: Option<(i64, i64)>,
}

/// `(mtime ns, inode)` of a folder (following links, as the walk does), `None` when absent or
/// not a folder.
pub fn dir_stamp(path: &str) -> Option<(i64, i64)> {
    let m = std::fs::metadata(path).ok().filter(|m| m.is_dir())?;
    let (_, mtime, ino) = crate::observe::stat_of(&m);
    Some((mtime, ino))
}

/// The fixed guarded paths and the configured extra ones, whether they exist or not (what
/// [`discover`] checks with one `is_file` each), in discovery order.
pub fn candidates(home: &str, project: Option<&str>, extra: &[String]) -> Vec<String> {
    fixed(home, project)
        .into_iter()
        .map(|g| g.path)
        .chain(extra.iter().cloned())
        .collect()
}

/// [`discover`], also recording in `stamps` every folder the walk read ([`DirStamp`]).
pub fn discover_stamped(
    home: &str,
    project: Option<&str>,
    extra: &[String],
    mut stamps: Option<&mut Vec<DirStamp>>,
) -> Vec<Guarded> {
    let mut out: Vec<Guarded> = fixed(home, project)
        .into_iter()
        .filter(|g| Path::new(&g.path).is_file())
        .collect();
    for e in extra {
        if Path::new(e).is_file() {
            out.push(Guarded {
                path: e.clone(),
                kind: Kind::Instructions,
                project: String::new(),
            });
        }
    }
    for (dir, kind, proj) in walks(home, project) {
        let mut found = Vec::new();
        walk_stamped(Path::new(&dir), 0, &mut found, stamps.as_deref_mut());
        for path in found {
            // Hook folders: only scripts (not logs or caches the hooks write).
            if kind == Kind::Hooks && path.ends_with(".log") {
                continue;
            }
            out.push(Guarded {
                path,
                kind,
                project: proj.clone(),
            });
        }
    }
    // After the walks: a file both walked and imported (or named like an instruction file)
    // keeps its folder's kind (the stable sort keeps the first of equal paths).
    out.extend(imported(home, project));
    if let Some(p) = project {
        out.extend(nested_instructions(p, p));
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out.dedup_by(|a, b| a.path == b.path);
    out
}

/// File names that make a file an instruction file wherever it lies ([`kind_of`]): the agents
/// read a `CLAUDE.md`, `AGENTS.md` (Codex: `AGENTS.override.md` first) or `GEMINI.md` of a
/// subfolder when they work there.
pub const NESTED_NAMES: &[&str] = &[
    "CLAUDE.md",
    "AGENTS.md",
    "AGENTS.override.md",
    "GEMINI.md",
    "CLAUDE.local.md",
];

/// Folders the nested walk ([`nested_instructions`]) does not enter: dependency, build and
/// cache trees that are large and are not where instructions for this project live, and
/// every hidden folder (`.git`; the agents' own folders are guarded rows of their own).
pub const NESTED_SKIP: &[&str] = &[
    "node_modules",
    "target",
    "vendor",
    "dist",
    "build",
    "venv",
    "__pycache__",
    "bower_components",
    "Pods",
    "site-packages",
];

/// The most folders one nested walk reads (2,000; our choice, not a measured optimum: about
/// one `openat`/`getdents64`/`close` each, so a few milliseconds in the worst case, counted in
/// BENCHMARKS.md "Instruction files in subfolders"); folders past it are not walked (README
/// lists this as a miss).
pub const NESTED_MAX_DIRS: usize = 2_000;

/// The instruction files by name ([`NESTED_NAMES`]) at or below `root` (a folder of the
/// project, or the project itself; a file is checked by its name), found by a bounded walk:
/// at most [`NESTED_MAX_DIRS`] folders, [`MAX_DEPTH`] + 2 levels, hidden folders and
/// [`NESTED_SKIP`] left out. Guarded as instruction files of `project`. Files a `git
/// checkout`, `tar x` or `npm install` brings in are found this way after the command
/// (`crate::hook::run`), so they are versioned and checked like the project's own.
pub fn nested_instructions(root: &str, project: &str) -> Vec<Guarded> {
    nested_instructions_with(root, project, &mut |_| {})
}

/// [`nested_instructions`], calling `before_read` with each folder just before the walk reads
/// it (the file watcher sets its watch there, so a change after the read is queued).
pub fn nested_instructions_with(
    root: &str,
    project: &str,
    before_read: &mut dyn FnMut(&Path),
) -> Vec<Guarded> {
    let guarded = |path: String| Guarded {
        path,
        kind: Kind::Instructions,
        project: project.to_string(),
    };
    let r = Path::new(root);
    if r.is_file() {
        let name = root.rsplit('/').next().unwrap_or("");
        return if NESTED_NAMES.contains(&name) {
            vec![guarded(root.to_string())]
        } else {
            Vec::new()
        };
    }
    let mut out = Vec::new();
    let mut queue = std::collections::VecDeque::from([(r.to_path_buf(), 0usize)]);
    let mut read = 0usize;
    while let Some((dir, depth)) = queue.pop_front() {
        if read >= NESTED_MAX_DIRS {
            break;
        }
        read += 1;
        before_read(&dir);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let Ok(ft) = e.file_type() else { continue };
            let name = e.file_name();
            let Some(name) = name.to_str() else { continue };
            if ft.is_dir() {
                if depth < MAX_DEPTH + 2 && !name.starts_with('.') && !NESTED_SKIP.contains(&name) {
                    queue.push_back((e.path(), depth + 1));
                }
            } else if (ft.is_file() || ft.is_symlink()) && NESTED_NAMES.contains(&name) {
                if let Some(p) = e.path().to_str() {
                    out.push(guarded(p.to_string()));
                }
            }
        }
    }
    out
}

/// The guarded files at or below `target` (absolute; a file or a folder) that exist now: the
/// same files [`discover`] would list there, found without walking the rest. A target that
/// contains a guarded folder walks that folder (bounded as in [`discover`]); a target inside
/// one walks only the target. Sorted by path.
pub fn discover_under(
    home: &str,
    project: Option<&str>,
    extra: &[String],
    target: &str,
) -> Vec<Guarded> {
    let t = target.trim_end_matches('/');
    if t.is_empty() {
        return discover(home, project, extra);
    }
    let below = format!("{t}/");
    let under = |p: &str| p == t || p.starts_with(&below);
    let mut out: Vec<Guarded> = fixed(home, project)
        .into_iter()
        .filter(|g| under(&g.path) && Path::new(&g.path).is_file())
        .collect();
    for e in extra {
        if under(e) && Path::new(e).is_file() {
            out.push(Guarded {
                path: e.clone(),
                kind: Kind::Instructions,
                project: String::new(),
            });
        }
    }
    for (dir, kind, proj) in walks(home, project) {
        let mut found = Vec::new();
        if under(&dir) {
            walk(Path::new(&dir), 0, &mut found);
        } else if let Some(rest) = t.strip_prefix(&format!("{dir}/")) {
            let depth = rest.matches('/').count() + 1;
            let p = Path::new(t);
            if p.is_dir() {
                walk(p, depth, &mut found);
            } else if p.is_file() && depth <= MAX_DEPTH + 1 {
                found.push(t.to_string());
            }
        } else {
            continue;
        }
        for path in found {
            if kind == Kind::Hooks && path.ends_with(".log") {
                continue;
            }
            out.push(Guarded {
                path,
                kind,
                project: proj.clone(),
            });
        }
    }
    out.extend(
        imported(home, project)
            .into_iter()
            .filter(|g| under(&g.path)),
    );
    // Instruction files by name in the part of the project the target covers (after the
    // guarded folders: a file both walked and named keeps its folder's kind).
    if let Some(p) = project.filter(|p| t == *p || t.starts_with(&format!("{p}/"))) {
        out.extend(nested_instructions(t, p));
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out.dedup_by(|a, b| a.path == b.path);
    out
}

/// The spellings under guarded locations of a path `target` reaches through a symlink: for
/// every fixed guarded file and guarded folder that is itself a symlink (a shared CLAUDE.md,
/// a rules folder linked from elsewhere) whose real location is `target` or contains it, the
/// same place spelled through the guarded location. So a command writing the link's target
/// is checked like one writing the guarded file. One `lstat` per fixed location (bounded, not
/// per guarded file); links inside guarded folders are left to the next full check.
pub fn link_aliases(home: &str, project: Option<&str>, target: &str) -> Vec<String> {
    let t = target.trim_end_matches('/');
    let mut out = Vec::new();
    let roots = fixed(home, project)
        .into_iter()
        .map(|g| g.path)
        .chain(walks(home, project).into_iter().map(|(d, _, _)| d));
    for root in roots {
        let is_link = std::fs::symlink_metadata(&root).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            continue;
        }
        let Some(real) = std::fs::canonicalize(&root)
            .ok()
            .and_then(|r| r.to_str().map(str::to_string))
        else {
            continue;
        };
        if t == real {
            out.push(root);
        } else if let Some(rest) = t.strip_prefix(&format!("{real}/")) {
            out.push(format!("{root}/{rest}"));
        } else if real.starts_with(&format!("{t}/")) {
            // The target contains the link's real location (`rm -rf shared/`).
            out.push(root);
        }
    }
    out
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<String>) {
    walk_stamped(dir, depth, out, None);
}

fn walk_stamped(
    dir: &Path,
    depth: usize,
    out: &mut Vec<String>,
    mut stamps: Option<&mut Vec<DirStamp>>,
) {
    if depth > MAX_DEPTH || out.len() >= MAX_FILES_PER_DIR {
        return;
    }
    if let Some(st) = stamps.as_deref_mut() {
        // Taken before the read: a change during it leaves a newer mtime than recorded.
        let path = dir.to_string_lossy().into_owned();
        let stamp = dir_stamp(&path);
        st.push(DirStamp { path, stamp });
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        if out.len() >= MAX_FILES_PER_DIR {
            return;
        }
        let Ok(ft) = e.file_type() else { continue };
        let path = e.path();
        if ft.is_dir() {
            walk_stamped(&path, depth + 1, out, stamps.as_deref_mut());
        } else if ft.is_file() || ft.is_symlink() {
            if let Some(s) = path.to_str() {
                out.push(s.to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guarded list derived from the profiles' rows is the list `guarded.rs` held as its
    /// own table before issue 13 item 1d (same paths, kinds and project keys).
    #[test]
    fn profile_rows_give_the_former_guarded_list() {
        let (h, p) = ("/h", "/p");
        let mut got: Vec<(String, Kind, String)> = fixed(h, Some(p))
            .into_iter()
            .map(|g| (g.path, g.kind, g.project))
            .collect();
        got.sort_by(|a, b| a.0.cmp(&b.0));
        let home = |s: &str, k| (format!("/h/{s}"), k, String::new());
        let proj = |s: &str, k| (format!("/p/{s}"), k, "/p".to_string());
        let mut want = vec![
            home(".claude/CLAUDE.md", Kind::Instructions),
            home(".claude/settings.json", Kind::Settings),
            home(".claude.json", Kind::Mcp),
            home(".codex/AGENTS.md", Kind::Instructions),
            home(".codex/AGENTS.override.md", Kind::Instructions),
            home(".codex/config.toml", Kind::Settings),
            home(".codex/hooks.json", Kind::Hooks),
            home(".gemini/GEMINI.md", Kind::Instructions),
            home(".gemini/settings.json", Kind::Settings),
            home(".cursor/hooks.json", Kind::Hooks),
            home(".cursor/mcp.json", Kind::Mcp),
            proj("CLAUDE.md", Kind::Instructions),
            proj("CLAUDE.local.md", Kind::Instructions),
            proj(".claude/CLAUDE.md", Kind::Instructions),
            proj(".claude/settings.json", Kind::Settings),
            proj(".claude/settings.local.json", Kind::Settings),
            proj(".mcp.json", Kind::Mcp),
            proj("AGENTS.md", Kind::Instructions),
            proj("AGENTS.override.md", Kind::Instructions),
            proj("GEMINI.md", Kind::Instructions),
            proj(".cursorrules", Kind::Instructions),
            proj(".cursor/hooks.json", Kind::Hooks),
            proj(".cursor/mcp.json", Kind::Mcp),
        ];
        want.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(got, want);
        let mut walked = walks(h, Some(p));
        walked.sort_by(|a, b| a.0.cmp(&b.0));
        let mut want = Vec::new();
        for (sub, kind) in [
            ("rules", Kind::Rules),
            ("agents", Kind::Rules),
            ("commands", Kind::Rules),
            ("skills", Kind::Skill),
            ("hooks", Kind::Hooks),
        ] {
            want.push(home(&format!(".claude/{sub}"), kind));
            want.push(proj(&format!(".claude/{sub}"), kind));
        }
        want.push((
            "/h/.claude/projects/-p/memory".to_string(),
            Kind::Memory,
            "/p".to_string(),
        ));
        want.push(proj(".codex", Kind::Settings));
        want.push(proj(".gemini", Kind::Settings));
        want.push(proj(".cursor/rules", Kind::Rules));
        want.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(walked, want);
        // Without a project only the home rows.
        assert!(fixed(h, None).iter().all(|g| g.project.is_empty()));
        assert!(walks(h, None).iter().all(|w| w.2.is_empty()));
    }

    #[test]
    fn kinds_of_agent_files() {
        let home = "/home/dev";
        let p = Some("/work/app");
        assert_eq!(
            kind_of("/work/app/CLAUDE.md", home, p),
            Some(Kind::Instructions)
        );
        assert_eq!(
            kind_of("/work/app/sub/AGENTS.md", home, p),
            Some(Kind::Instructions)
        );
        assert_eq!(kind_of("/home/dev/.claude.json", home, p), Some(Kind::Mcp));
        assert_eq!(
            kind_of("/work/app/.claude/skills/x/SKILL.md", home, p),
            Some(Kind::Skill)
        );
        assert_eq!(
            kind_of(
                "/home/dev/.claude/projects/-work-app/memory/MEMORY.md",
                home,
                p
            ),
            Some(Kind::Memory)
        );
        assert_eq!(
            kind_of("/home/dev/.codex/config.toml", home, p),
            Some(Kind::Settings)
        );
        assert_eq!(kind_of("/work/app/src/main.rs", home, p), None);
    }

    #[test]
    fn discover_under_lists_what_discover_lists_there() {
        let d = tempfile::tempdir().unwrap();
        let home = d.path().join("home");
        let proj = d.path().join("proj");
        for dir in [".claude/rules/sub", ".claude/skills/s"] {
            std::fs::create_dir_all(proj.join(dir)).unwrap();
        }
        std::fs::create_dir_all(&home).unwrap();
        for f in [
            "CLAUDE.md",
            "README.md",
            ".claude/settings.json",
            ".claude/rules/a.md",
            ".claude/rules/sub/b.md",
            ".claude/skills/s/SKILL.md",
        ] {
            std::fs::write(proj.join(f), "x").unwrap();
        }
        let (h, p) = (home.to_str().unwrap(), proj.to_str().unwrap());
        let all = discover(h, Some(p), &[]);
        for target in [
            p.to_string(),
            format!("{p}/.claude"),
            format!("{p}/.claude/rules"),
            format!("{p}/.claude/rules/sub"),
            format!("{p}/.claude/rules/sub/b.md"),
            format!("{p}/CLAUDE.md"),
            format!("{p}/README.md"),
            format!("{p}/src"),
        ] {
            let want: Vec<_> = all
                .iter()
                .filter(|g| g.path == target || g.path.starts_with(&format!("{target}/")))
                .cloned()
                .collect();
            assert_eq!(discover_under(h, Some(p), &[], &target), want, "{target}");
        }
    }

    #[test]
    fn discover_finds_existing_files_only() {
        let d = tempfile::tempdir().unwrap();
        let home = d.path().join("home");
        let proj = d.path().join("proj");
        std::fs::create_dir_all(home.join(".claude/rules/sub")).unwrap();
        std::fs::create_dir_all(&proj).unwrap();
        std::fs::write(home.join(".claude/rules/sub/a.md"), "x").unwrap();
        std::fs::write(proj.join("CLAUDE.md"), "x").unwrap();
        std::fs::write(proj.join("README.md"), "x").unwrap();
        let h = home.to_str().unwrap();
        let p = proj.to_str().unwrap();
        let got: Vec<_> = discover(h, Some(p), &[])
            .into_iter()
            .map(|g| (g.path, g.kind))
            .collect();
        assert_eq!(
            got,
            vec![
                (format!("{h}/.claude/rules/sub/a.md"), Kind::Rules),
                (format!("{p}/CLAUDE.md"), Kind::Instructions),
            ]
        );
    }
}
