//! The agents' files as path classes (issue 13 item 1d): `agent_settings`, `mcp_config`,
//! `agent_instructions` and `agent_memory` are derived from every profile's
//! [`AgentFile`] rows ([`hookward_core::profile::AgentProfile::files`], registry
//! `hookward-profiles`), so a new agent's files are classified by its own rows.
//!
//! Which class a row gives, by its [`FileKind`]:
//!
//! | kind | class |
//! | --- | --- |
//! | `Settings`, `Hooks` | `agent_settings` |
//! | `Mcp` | `mcp_config` |
//! | `Instructions`, `Rules`, `Skills` | `agent_instructions` |
//! | `Memory` | `agent_memory` and `agent_instructions` |
//! | `Credentials` | none here (`credential` by [`crate::secrets::table`]) |
//! | `State` | none (the sandbox's writable folders) |
//!
//! How a row is recognised in a path ([`Recognised`]): by its tail in any folder
//! (`…/.claude/settings.json`, `…/.claude/hooks/…`), only at its place (`~/.claude.json`;
//! every [`Place::System`] row: the folder and below), or not at all (guard-only rows).
//!
//! Claude Code's per-project memory (`~/.claude/projects/<slug>/memory/`) is named by Claude
//! Code's slug rule, not a row: [`classes_of`] adds it as before (`agent_instructions`
//! anywhere, `agent_memory` under the home). So is Codex's `config.toml` at any depth below
//! `~/.codex` (profiles' own config files).
//!
//! The rows are turned into matchers once per process ([`OnceLock`]); a classification is a
//! scan of about thirty suffix and prefix comparisons with no allocation.

use hookward_core::profile::{AgentFile, FileKind, Place, Recognised};
use std::sync::OnceLock;

/// The agent classes of one path.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AgentClasses {
    /// `agent_settings`: an agent's hook, permission or sandbox settings, or its hooks.
    pub settings: bool,
    /// `mcp_config`: MCP server configuration.
    pub mcp: bool,
    /// `agent_instructions`: files and folders the model reads as instructions.
    pub instructions: bool,
    /// `agent_memory`: where an agent writes its own memory.
    pub memory: bool,
}

/// One row made ready to match.
#[derive(Debug)]
struct Matcher {
    place: Place,
    /// The row's path (no leading `/`).
    path: &'static str,
    folder: bool,
    /// Matched at its place only.
    at_place: bool,
    /// `/<path>` for a file, `/<path>/` for a folder (tail matching).
    tail: String,
    class: AgentClasses,
}

/// The classes a row of `kind` gives.
fn class_of(kind: FileKind) -> AgentClasses {
    let mut c = AgentClasses::default();
    match kind {
        FileKind::Settings | FileKind::Hooks => c.settings = true,
        FileKind::Mcp => c.mcp = true,
        FileKind::Instructions | FileKind::Rules | FileKind::Skills => c.instructions = true,
        FileKind::Memory => {
            c.memory = true;
            c.instructions = true;
        }
        FileKind::Credentials | FileKind::State | FileKind::Transcripts => {}
    }
    c
}

fn matcher(f: &AgentFile) -> Option<Matcher> {
    if matches!(
        f.kind,
        FileKind::Credentials | FileKind::State | FileKind::Transcripts
    ) {
        return None;
    }
    let at_place = match f.recognised {
        Recognised::GuardOnly => return None,
        Recognised::AtPlace => true,
        Recognised::Anywhere => f.place == Place::System,
    };
    let tail = if f.folder {
        format!("/{}/", f.path)
    } else {
        format!("/{}", f.path)
    };
    Some(Matcher {
        place: f.place,
        path: f.path,
        folder: f.folder,
        at_place,
        tail,
        class: class_of(f.kind),
    })
}

/// Instruction files of coding agents hookward has no profile for, which a model working in
/// the same project reads as orders: GitHub Copilot (`.github/copilot-instructions.md`,
/// `.github/instructions/`, `.github/prompts/`; GitHub docs "Adding repository custom
/// instructions"), Windsurf (`.windsurfrules`, `.windsurf/rules/`), Cline (`.clinerules`, file
/// or folder), Roo Code (`.roo/rules/`, `.roorules`), Continue (`.continue/rules/`), JetBrains
/// Junie (`.junie/guidelines.md`), Kiro (`.kiro/steering/`), Amazon Q (`.amazonq/rules/`),
/// Amp (`AGENT.md`), Zed (`.rules`), Goose (`.goosehints`), Augment (`.augment-guidelines`). They are
/// `agent_instructions` like the profiles' own rows, so a write that plants orders or commands
/// in them is judged as in `AGENTS.md`; the context guard does not watch them (no agent of
/// hookward's reads them at start-up).
const OTHER_AGENTS_INSTRUCTIONS: &[AgentFile] = &[
    AgentFile::file(
        Place::Project,
        ".github/copilot-instructions.md",
        FileKind::Instructions,
    ),
    AgentFile::folder(Place::Project, ".github/instructions", FileKind::Rules),
    AgentFile::folder(Place::Project, ".github/prompts", FileKind::Rules),
    AgentFile::file(Place::Project, ".windsurfrules", FileKind::Instructions),
    AgentFile::folder(Place::Project, ".windsurf/rules", FileKind::Rules),
    AgentFile::file(Place::Project, ".clinerules", FileKind::Instructions),
    AgentFile::folder(Place::Project, ".clinerules", FileKind::Rules),
    AgentFile::folder(Place::Project, ".roo/rules", FileKind::Rules),
    AgentFile::file(Place::Project, ".roorules", FileKind::Instructions),
    AgentFile::folder(Place::Project, ".continue/rules", FileKind::Rules),
    AgentFile::file(
        Place::Project,
        ".junie/guidelines.md",
        FileKind::Instructions,
    ),
    AgentFile::folder(Place::Project, ".kiro/steering", FileKind::Rules),
    AgentFile::folder(Place::Project, ".amazonq/rules", FileKind::Rules),
    AgentFile::file(Place::Project, "AGENT.md", FileKind::Instructions),
    AgentFile::file(Place::Project, ".rules", FileKind::Instructions),
    AgentFile::file(Place::Project, ".goosehints", FileKind::Instructions),
    AgentFile::file(
        Place::Project,
        ".augment-guidelines",
        FileKind::Instructions,
    ),
];

/// Every profile's rows, and [`OTHER_AGENTS_INSTRUCTIONS`], as matchers, built once.
fn matchers() -> &'static [Matcher] {
    static M: OnceLock<Vec<Matcher>> = OnceLock::new();
    M.get_or_init(|| {
        hookward_profiles::profiles()
            .iter()
            .flat_map(|p| p.files)
            .chain(OTHER_AGENTS_INSTRUCTIONS)
            .filter_map(matcher)
            .collect()
    })
}

/// `s` without its prefix `prefix`, compared ASCII case-insensitively.
fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let n = prefix.len();
    (s.len() >= n && s.as_bytes()[..n].eq_ignore_ascii_case(prefix.as_bytes()))
        .then(|| s.get(n..))
        .flatten()
}

/// Whether `s` ends with `tail`, ASCII case-insensitively.
fn ends_with_ci(s: &str, tail: &str) -> bool {
    s.len() >= tail.len()
        && s.as_bytes()[s.len() - tail.len()..].eq_ignore_ascii_case(tail.as_bytes())
}

/// Whether `s` contains `needle`, ASCII case-insensitively (paths are short: a plain scan).
fn contains_ci(s: &str, needle: &str) -> bool {
    let (h, n) = (s.as_bytes(), needle.as_bytes());
    n.is_empty() || h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
}

/// Whether `path` is `base/rel` (a file) or `base/rel` or below it (a folder). Compared ASCII
/// case-insensitively, like every agent-file match here: macOS' default file system
/// (APFS, case-insensitive) opens `~/.Claude/Settings.json` as `~/.claude/settings.json` and
/// `claude.MD` as `CLAUDE.md`; on Linux a differently cased name is another file, which is then
/// only judged as strictly as the agent's own (the same stance as [`crate::secrets`]).
fn at(path: &str, base: &str, rel: &str, folder: bool) -> bool {
    let Some(rest) = strip_prefix_ci(path, base).and_then(|r| r.strip_prefix('/')) else {
        return false;
    };
    match strip_prefix_ci(rest, rel) {
        Some("") => true,
        Some(below) => folder && below.starts_with('/'),
        None => false,
    }
}

impl Matcher {
    fn matches(&self, path: &str, home: &str, project_dir: &str) -> bool {
        if !self.at_place {
            return if self.folder {
                contains_ci(path, self.tail.as_str())
            } else {
                ends_with_ci(path, self.tail.as_str())
            };
        }
        let base = match self.place {
            Place::Home => home,
            Place::Project if project_dir.is_empty() => return false,
            Place::Project => project_dir,
            Place::System => "",
        };
        at(path, base, self.path, self.folder)
    }
}

/// The agent classes of the absolute, normalised `path`, with the user's `home` and the
/// project root `project_dir` (`""`: none) as the rows' places.
pub fn classes_of(path: &str, home: &str, project_dir: &str) -> AgentClasses {
    let mut c = AgentClasses::default();
    for m in matchers() {
        if m.matches(path, home, project_dir) {
            c.settings |= m.class.settings;
            c.mcp |= m.class.mcp;
            c.instructions |= m.class.instructions;
            c.memory |= m.class.memory;
        }
    }
    // Claude Code's per-project memory, by its slug rule (not a row).
    if contains_ci(path, "/.claude/projects/") && contains_ci(path, "/memory/") {
        c.instructions = true;
        if strip_prefix_ci(path, home)
            .is_some_and(|r| strip_prefix_ci(r, "/.claude/projects/").is_some())
        {
            c.memory = true;
        }
    }
    // Codex reads a `config.toml` at any depth of its home (profiles).
    if at(path, home, ".codex", true) && ends_with_ci(path, "/config.toml") {
        c.settings = true;
    }
    c
}

/// Instruction files a project may keep as a symlink to another file (`CLAUDE.md ->
/// docs/agent.md`): the project's instruction file rows directly in its root, each once.
pub fn linkable_files() -> &'static [&'static str] {
    static L: OnceLock<Vec<&'static str>> = OnceLock::new();
    L.get_or_init(|| {
        let mut v: Vec<&'static str> = Vec::new();
        for f in hookward_profiles::profiles().iter().flat_map(|p| p.files) {
            if f.place == Place::Project
                && f.kind == FileKind::Instructions
                && !f.folder
                && !f.path.contains('/')
                && !v.contains(&f.path)
            {
                v.push(f.path);
            }
        }
        v
    })
}

/// Instruction folders a project or the home may keep as a symlink to a shared folder
/// (`.claude/skills -> ~/shared-skills`): the rules and skills folder rows, each once.
pub fn linkable_dirs() -> &'static [&'static str] {
    static L: OnceLock<Vec<&'static str>> = OnceLock::new();
    L.get_or_init(|| {
        let mut v: Vec<&'static str> = Vec::new();
        for f in hookward_profiles::profiles().iter().flat_map(|p| p.files) {
            if matches!(f.kind, FileKind::Rules | FileKind::Skills)
                && f.folder
                && matches!(f.place, Place::Home | Place::Project)
                && !v.contains(&f.path)
            {
                v.push(f.path);
            }
        }
        v
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `basename` as `lib.rs` has it.
    fn basename(path: &str) -> &str {
        path.rsplit('/').next().unwrap_or(path)
    }

    /// `under` as `lib.rs` has it.
    fn under(path: &str, dir: &str) -> bool {
        if dir == "/" {
            return true;
        }
        path == dir || (path.starts_with(dir) && path.as_bytes().get(dir.len()) == Some(&b'/'))
    }

    /// The former `is_agent_settings` of `lib.rs`, word for word.
    fn former_settings(path: &str, home: &str) -> bool {
        let name = basename(path);
        let parent = path.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
        let parent_name = basename(parent);
        let in_dir = |dir: &str| path.contains(&format!("/{dir}/"));
        (parent_name == ".claude" && (name == "settings.json" || name == "settings.local.json"))
            || in_dir(".claude/hooks")
            || under(path, "/etc/claude-code")
            || under(path, "/Library/Application Support/ClaudeCode")
            || (parent_name == ".codex" && (name == "config.toml" || name == "hooks.json"))
            || (parent_name == ".gemini" && name == "settings.json")
            || (parent_name == ".cursor" && name == "hooks.json")
            || under(path, &format!("{}/.codex", home)) && name == "config.toml"
    }

    /// The former `is_mcp_config`.
    fn former_mcp(path: &str, home: &str) -> bool {
        let name = basename(path);
        name == ".mcp.json"
            || path == format!("{}/.claude.json", home)
            || path.ends_with("/.cursor/mcp.json")
    }

    /// The former `is_agent_instructions`.
    fn former_instructions(path: &str) -> bool {
        let name = basename(path);
        matches!(
            name,
            "CLAUDE.md"
                | "CLAUDE.local.md"
                | "AGENTS.md"
                // Codex's override file, added after the former list (read before AGENTS.md).
                | "AGENTS.override.md"
                | "GEMINI.md"
                | ".cursorrules"
        ) || [
            "/.claude/rules/",
            "/.claude/agents/",
            "/.claude/skills/",
            "/.claude/commands/",
            "/.cursor/rules/",
        ]
        .iter()
        .any(|d| path.contains(d))
            || (path.contains("/.claude/projects/") && path.contains("/memory/"))
    }

    /// The former `agent_memory` condition of `classify`.
    fn former_memory(path: &str, home: &str) -> bool {
        (path.starts_with(&format!("{}/.claude/projects/", home)) && path.contains("/memory/"))
            || path == format!("{}/.gemini/GEMINI.md", home)
    }

    /// Paths that exercise every former condition and its near misses: every row's path and
    /// every former name under the home, a project, a nested folder and the root, the files
    /// below each folder, and look-alikes.
    fn corpus(home: &str, project: &str) -> Vec<String> {
        let tails = [
            ".claude/settings.json",
            ".claude/settings.local.json",
            ".claude/settings.json.bak",
            ".claude/x/settings.json",
            ".claude/hooks",
            ".claude/hooks/guard.sh",
            ".claude/hooks/a/b.py",
            ".claude/hooksx/a",
            ".claude.json",
            ".claude.json.bak",
            ".claude/.claude.json",
            ".claude/CLAUDE.md",
            ".claude/rules/a.md",
            ".claude/agents/a.md",
            ".claude/commands/a.md",
            ".claude/skills/s/SKILL.md",
            ".claude/skills",
            ".claude/projects/-p/memory/MEMORY.md",
            ".claude/projects/-p/memory",
            ".claude/projects/-p/x.jsonl",
            ".claude/.credentials.json",
            ".mcp.json",
            "x/.mcp.json",
            "mcp.json",
            ".codex/config.toml",
            ".codex/hooks.json",
            ".codex/AGENTS.md",
            ".codex/AGENTS.override.md",
            ".codex/profiles/p/config.toml",
            ".codex/x.toml",
            ".codex/auth.json",
            "a/.codex/config.toml",
            "a/.codex/b/config.toml",
            ".gemini/settings.json",
            ".gemini/GEMINI.md",
            ".gemini/x/GEMINI.md",
            ".gemini/oauth_creds.json",
            ".cursor/hooks.json",
            ".cursor/mcp.json",
            ".cursor/rules/r.mdc",
            ".cursor/x.json",
            ".cursorrules",
            "CLAUDE.md",
            "CLAUDE.local.md",
            "AGENTS.md",
            "AGENTS.override.md",
            "GEMINI.md",
            "sub/AGENTS.md",
            "sub/AGENTS.override.md",
            "sub/dir/CLAUDE.md",
            "README.md",
            "src/main.rs",
            "settings.json",
            "config.toml",
            "hooks.json",
        ];
        let mut bases = vec![
            home.to_string(),
            project.to_string(),
            format!("{project}/nested"),
            format!("{home}/other"),
            "/tmp/t".to_string(),
            String::new(),
        ];
        bases.push("/etc/claude-code".to_string());
        let mut v = Vec::new();
        for b in &bases {
            for t in tails {
                v.push(format!("{b}/{t}"));
            }
        }
        for p in [
            "/etc/claude-code",
            "/etc/claude-code/managed-settings.json",
            "/etc/claude-codex/x",
            "/Library/Application Support/ClaudeCode/managed-settings.json",
            "/Library/Application Support/ClaudeCode",
            "/Library/Application Support/ClaudeCodeX/a",
            "/",
            home,
            project,
        ] {
            v.push(p.to_string());
        }
        v
    }

    #[test]
    fn profile_rows_give_the_former_agent_classes() {
        for (home, project) in [("/home/u", "/home/u/p"), ("/Users/x", "/work/p"), ("", "")] {
            for path in corpus(home, project) {
                let got = classes_of(&path, home, project);
                let want = AgentClasses {
                    settings: former_settings(&path, home),
                    mcp: former_mcp(&path, home),
                    instructions: former_instructions(&path),
                    memory: former_memory(&path, home),
                };
                assert_eq!(got, want, "{path} (home {home:?}, project {project:?})");
            }
        }
    }

    /// Other coding agents' instruction files are instructions; look-alikes are not.
    #[test]
    fn other_agents_instruction_files() {
        for path in [
            "/w/p/.github/copilot-instructions.md",
            "/w/p/.github/instructions/ts.instructions.md",
            "/w/p/.windsurfrules",
            "/w/p/.windsurf/rules/a.md",
            "/w/p/.clinerules",
            "/w/p/.clinerules/01-style.md",
            "/w/p/.kiro/steering/product.md",
            "/w/p/AGENT.md",
        ] {
            assert!(classes_of(path, "/h", "/w/p").instructions, "{path}");
        }
        for path in [
            "/w/p/.github/workflows/ci.yml",
            "/w/p/docs/copilot-instructions.txt",
            "/w/p/AGENTS.md.bak",
            "/w/p/src/rules.rs",
        ] {
            assert!(!classes_of(path, "/h", "/w/p").instructions, "{path}");
        }
    }

    #[test]
    fn profile_rows_give_the_former_linkable_lists() {
        let mut files = linkable_files().to_vec();
        files.sort_unstable();
        let mut former_files = vec![
            "CLAUDE.md",
            "CLAUDE.local.md",
            "AGENTS.md",
            "AGENTS.override.md",
            "GEMINI.md",
            ".cursorrules",
        ];
        former_files.sort_unstable();
        assert_eq!(files, former_files);
        let mut dirs = linkable_dirs().to_vec();
        dirs.sort_unstable();
        let mut former_dirs = vec![
            ".claude/skills",
            ".claude/rules",
            ".claude/agents",
            ".claude/commands",
            ".cursor/rules",
        ];
        former_dirs.sort_unstable();
        assert_eq!(dirs, former_dirs);
    }

    #[test]
    fn case_variants_are_the_same_agent_files() {
        let (home, proj) = ("/Users/dev", "/Users/dev/p");
        for (path, class) in [
            ("/Users/dev/.Claude/Settings.json", "settings"),
            ("/Users/dev/.CLAUDE/settings.local.JSON", "settings"),
            ("/Users/dev/p/claude.MD", "instructions"),
            ("/Users/dev/p/Agents.md", "instructions"),
            ("/Users/dev/.Gemini/GEMINI.md", "instructions"),
            ("/Users/dev/p/.Claude/Hooks/pre.sh", "settings"),
            ("/Users/dev/.Codex/profiles/x/Config.toml", "settings"),
            ("/users/DEV/.claude/projects/-p/MEMORY/note.md", "memory"),
        ] {
            let c = classes_of(path, home, proj);
            let got = match class {
                "settings" => c.settings,
                "instructions" => c.instructions,
                _ => c.memory,
            };
            assert!(got, "{path}: {c:?}");
        }
        // the same words that are not agent files stay unclassified
        for path in ["/Users/dev/p/docs/claude.md.bak", "/Users/dev/p/claudeX.md"] {
            assert_eq!(
                classes_of(path, home, proj),
                AgentClasses::default(),
                "{path}"
            );
        }
    }
}
