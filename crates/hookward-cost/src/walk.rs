//! Finding the transcript files under a home directory and reading them.

use crate::{claude, codex, gemini, CostError, Parsed, Request, Source};
use hookward_core::profile::{FileKind, Place};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The deepest folder level searched below each root (`~/.claude/projects` holds
/// `<project>/<session>/subagents/agent-*.jsonl`, 3 levels; Codex `YYYY/MM/DD/`, 3 levels).
pub const MAX_DEPTH: usize = 8;

/// What [`collect`] found.
#[derive(Debug, Default)]
pub struct Collection {
    /// Every request, Claude's de-duplicated ([`dedup`]).
    pub requests: Vec<Request>,
    /// How many transcript files were read.
    pub files: usize,
    /// Lines not understood, over all files ([`Parsed::bad_lines`]).
    pub bad_lines: usize,
    /// Files and folders that could not be read, with the OS error (left out, reported).
    pub unreadable: Vec<(PathBuf, String)>,
}

/// One transcript file found under a home directory ([`transcript_files`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranscriptFile {
    /// The file.
    pub path: PathBuf,
    /// Whose format it is.
    pub source: Source,
    /// The first folder below the tree's root: Claude's project folder name
    /// (`-work-app`), Codex's year; for Gemini the project's path from that folder's
    /// `.project_root` (the folder's name when it has none: a name or, in older versions, a
    /// hash of the path).
    pub project: String,
    /// The file name without `.jsonl` (Claude's session id, `agent-…` for a sub-agent).
    pub stem: String,
}

/// The transcript files under `home`: `home/.claude/projects/**/*.jsonl` (sub-agents'
/// `<session>/subagents/agent-*.jsonl` included), `home/.codex/sessions/**/rollout-*.jsonl`
/// and `home/.gemini/tmp/<project>/chats/**/session-*.jsonl` (and `.json`, older Gemini CLI
/// versions; never the `logs/session-*.jsonl` beside them), each tree sorted by path (symlinks are not followed; at most [`MAX_DEPTH`] levels). A root
/// that does not exist gives nothing. Folders below a root that cannot be listed go to
/// `unreadable`.
///
/// Errors: a root that exists but cannot be listed ([`CostError::Walk`]).
pub fn transcript_files(
    home: &Path,
    unreadable: &mut Vec<(PathBuf, String)>,
) -> Result<Vec<TranscriptFile>, CostError> {
    let mut out = Vec::new();
    let mut gemini_roots: HashMap<String, String> = HashMap::new();
    for (root, source) in transcript_roots(home) {
        let wanted = wanted(source);
        let mut files = Vec::new();
        match std::fs::read_dir(&root) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(CostError::Walk {
                    path: root,
                    source: e,
                })
            }
            Ok(_) => walk(&root, 0, wanted, &mut files, unreadable),
        }
        files.sort();
        for path in files {
            let rel = path.strip_prefix(&root).unwrap_or(&path);
            if source == Source::Gemini && !rel.components().any(|c| c.as_os_str() == "chats") {
                continue;
            }
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut project = rel
                .components()
                .next()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .unwrap_or_default();
            if source == Source::Gemini {
                project = gemini_roots
                    .entry(project)
                    .or_insert_with_key(|name| gemini_project(&root, name))
                    .clone();
            }
            out.push(TranscriptFile {
                path,
                source,
                project,
                stem,
            });
        }
    }
    Ok(out)
}

/// Reads the transcript files under `home` ([`transcript_files`]): Claude Code's, Codex's
/// and Gemini CLI's. Errors: a root that exists but cannot be listed
/// ([`CostError::Walk`]); files and deeper folders that cannot be read are listed in
/// [`Collection::unreadable`] instead.
pub fn collect(home: &Path) -> Result<Collection, CostError> {
    let mut c = Collection::default();
    let mut all = Vec::new();
    for f in transcript_files(home, &mut c.unreadable)? {
        let bytes = match std::fs::read(&f.path) {
            Ok(b) => b,
            Err(e) => {
                c.unreadable.push((f.path, e.to_string()));
                continue;
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let Parsed {
            requests,
            bad_lines,
        } = match f.source {
            Source::Claude => claude::parse(&text, &f.project, &f.stem),
            Source::Codex => codex::parse(&text, "unknown", &f.stem),
            Source::Gemini => gemini::parse(&text, &f.project, &f.stem),
        };
        c.files += 1;
        c.bad_lines += bad_lines;
        all.extend(requests);
    }
    c.requests = dedup(all);
    Ok(c)
}

/// Gemini CLI's project folder `root/name`: the path in its `.project_root` (one line, at
/// most 4 KiB read), else `name`.
fn gemini_project(root: &Path, name: &str) -> String {
    use std::io::Read;
    let mut buf = Vec::new();
    let read = std::fs::File::open(root.join(name).join(".project_root"))
        .and_then(|f| f.take(4096).read_to_end(&mut buf));
    match read {
        Ok(_) => {
            let s = String::from_utf8_lossy(&buf);
            let s = s.trim();
            if s.is_empty() {
                name.to_string()
            } else {
                s.to_string()
            }
        }
        Err(_) => name.to_string(),
    }
}

/// The transcript trees below `home`, in the profiles' order (Claude Code, Codex, Gemini
/// CLI): each agent's `FileKind::Transcripts` home rows
/// ([`hookward_core::profile::AgentProfile::files`]) with the format its profile names
/// ([`hookward_core::profile::AgentProfile::transcripts`]); an agent without a format has
/// no tree here.
pub fn transcript_roots(home: &Path) -> Vec<(PathBuf, Source)> {
    let mut out = Vec::new();
    for p in hookward_profiles::profiles() {
        let Some(format) = p.transcripts else {
            continue;
        };
        for f in p.files {
            if f.kind == FileKind::Transcripts && f.place == Place::Home {
                out.push((home.join(f.path), format));
            }
        }
    }
    out
}

/// Which file names a tree of `format` holds (per format, not per agent):
/// Claude Code's `*.jsonl`, Codex's `rollout-*.jsonl`, Gemini CLI's `session-*.jsonl` and
/// `session-*.json` (older versions).
fn wanted(format: Source) -> fn(&str) -> bool {
    match format {
        Source::Claude => |n| n.ends_with(".jsonl"),
        Source::Codex => |n| n.starts_with("rollout-") && n.ends_with(".jsonl"),
        Source::Gemini => {
            |n| n.starts_with("session-") && (n.ends_with(".jsonl") || n.ends_with(".json"))
        }
    }
}

fn walk(
    dir: &Path,
    depth: usize,
    wanted: fn(&str) -> bool,
    files: &mut Vec<PathBuf>,
    unreadable: &mut Vec<(PathBuf, String)>,
) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            unreadable.push((dir.to_path_buf(), e.to_string()));
            return;
        }
    };
    for entry in entries.flatten() {
        let Ok(ft) = entry.file_type() else { continue };
        let path = entry.path();
        if ft.is_dir() && depth < MAX_DEPTH {
            walk(&path, depth + 1, wanted, files, unreadable);
        } else if ft.is_file() && wanted(&entry.file_name().to_string_lossy()) {
            files.push(path);
        }
    }
}

/// Counts each keyed request once: lines with the same [`Request::key`] (Claude's
/// `message.id` + `requestId`, in one file or across a session, its forks and sub-agents;
/// a Gemini message written again as it changes)
/// become one request at the place of the first, with each token count the largest any of
/// them recorded ([`crate::Usage::max_with`]). Requests without a key are kept as they are.
pub fn dedup(requests: Vec<Request>) -> Vec<Request> {
    let mut out: Vec<Request> = Vec::with_capacity(requests.len());
    let mut seen: HashMap<String, usize> = HashMap::new();
    for r in requests {
        match r.key.as_ref().and_then(|k| seen.get(k)) {
            Some(&i) => out[i].usage.max_with(&r.usage),
            None => {
                if let Some(k) = &r.key {
                    seen.insert(k.clone(), out.len());
                }
                out.push(r);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 13 item 1d: the transcript trees are the profiles' `FileKind::Transcripts` rows
    /// with their `transcripts` format; below a home they are the former table (walk.rs
    /// before the move, kept here as it was), in its order, and Cursor has none.
    #[test]
    fn profile_rows_give_the_former_roots() {
        let home = Path::new("/home/someone");
        let former = vec![
            (home.join(".claude").join("projects"), Source::Claude),
            (home.join(".codex").join("sessions"), Source::Codex),
            (home.join(".gemini").join("tmp"), Source::Gemini),
        ];
        assert_eq!(transcript_roots(home), former);
    }

    /// The file names each format's tree holds are the former table's.
    #[test]
    fn each_format_wants_the_former_file_names() {
        let names = [
            "a.jsonl",
            "rollout-2026-12-01.jsonl",
            "session-1.jsonl",
            "session-1.json",
            "rollout-x.json",
            "notes.txt",
        ];
        type Wanted = fn(&str) -> bool;
        let former: [(Source, Wanted); 3] = [
            (Source::Claude, |n| n.ends_with(".jsonl")),
            (Source::Codex, |n| {
                n.starts_with("rollout-") && n.ends_with(".jsonl")
            }),
            (Source::Gemini, |n| {
                n.starts_with("session-") && (n.ends_with(".jsonl") || n.ends_with(".json"))
            }),
        ];
        for (format, was) in former {
            for n in names {
                assert_eq!(wanted(format)(n), was(n), "{format:?} {n}");
            }
        }
    }
}
