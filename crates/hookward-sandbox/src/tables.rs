//! The data tables of the sandbox: credential stores to hide, agents (their programs, state
//! folders and the API-key variables they need), caches that package managers write, device
//! files every program writes, and the environment-variable patterns removed by default.
//!
//! Paths are relative to the user's home unless they start with `/`. A test per table checks
//! its shape (no duplicates, no absolute path where a home path is meant, patterns well formed).

use hookward_core::profile::{FileKind, Place};

/// One credential store: a folder or file under the home that stays unreadable inside the
/// sandbox (Landlock expresses "not readable" by omission: see `plan.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CredentialStore {
    /// Path relative to the home (`.ssh`, `.config/gcloud`, `.docker/config.json`).
    pub path: &'static str,
    /// What it holds, for the plan and the docs.
    pub what: &'static str,
}

/// The credential stores hidden from every profile. Sources: where the tools document their
/// key and token files (OpenSSH `~/.ssh`, AWS CLI `~/.aws`, GnuPG `~/.gnupg`, gcloud
/// `~/.config/gcloud`, kubectl `~/.kube`, Docker `~/.docker/config.json`, Azure CLI
/// `~/.azure`, GitHub CLI `~/.config/gh`, git's credential store `~/.git-credentials`, curl and
/// ftp's `~/.netrc`, PostgreSQL `~/.pgpass`, Cargo `~/.cargo/credentials.toml`, PyPI
/// `~/.pypirc`, Terraform `~/.terraform.d/credentials.tfrc.json`, Vault `~/.vault-token`, OCI
/// `~/.oci`, pass `~/.password-store`, the GNOME keyring, browser profiles).
///
/// Not listed on purpose: `~/.npmrc` (npm reads it for every command, so hiding it breaks npm;
/// its token is the hook's `.npmrc` check's business) and the agents' own login files (the
/// agent needs them).
pub const CREDENTIAL_STORES: &[CredentialStore] = &[
    CredentialStore {
        path: ".ssh",
        what: "SSH keys",
    },
    CredentialStore {
        path: ".aws",
        what: "AWS credentials",
    },
    CredentialStore {
        path: ".gnupg",
        what: "GnuPG keys",
    },
    CredentialStore {
        path: ".config/gcloud",
        what: "Google Cloud credentials",
    },
    CredentialStore {
        path: ".kube",
        what: "Kubernetes credentials",
    },
    CredentialStore {
        path: ".docker/config.json",
        what: "Docker registry credentials",
    },
    CredentialStore {
        path: ".azure",
        what: "Azure CLI credentials",
    },
    CredentialStore {
        path: ".config/gh",
        what: "GitHub CLI token",
    },
    CredentialStore {
        path: ".git-credentials",
        what: "git credential store",
    },
    CredentialStore {
        path: ".netrc",
        what: "netrc passwords",
    },
    CredentialStore {
        path: ".pgpass",
        what: "PostgreSQL passwords",
    },
    CredentialStore {
        path: ".cargo/credentials.toml",
        what: "crates.io token",
    },
    CredentialStore {
        path: ".cargo/credentials",
        what: "crates.io token",
    },
    CredentialStore {
        path: ".pypirc",
        what: "PyPI token",
    },
    CredentialStore {
        path: ".terraform.d/credentials.tfrc.json",
        what: "Terraform token",
    },
    CredentialStore {
        path: ".vault-token",
        what: "Vault token",
    },
    CredentialStore {
        path: ".oci",
        what: "Oracle Cloud credentials",
    },
    CredentialStore {
        path: ".password-store",
        what: "pass passwords",
    },
    CredentialStore {
        path: ".local/share/keyrings",
        what: "GNOME keyring",
    },
    CredentialStore {
        path: ".mozilla",
        what: "Firefox profiles",
    },
    CredentialStore {
        path: ".config/google-chrome",
        what: "Chrome profiles",
    },
    CredentialStore {
        path: ".config/chromium",
        what: "Chromium profiles",
    },
    CredentialStore {
        path: ".config/BraveSoftware",
        what: "Brave profiles",
    },
    CredentialStore {
        path: ".config/microsoft-edge",
        what: "Edge profiles",
    },
];

/// One agent: how its program is called, where it keeps its state, which variables carry the
/// key it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentRow {
    /// The agent's word (`claude-code`, as `hookward install` names it).
    pub name: &'static str,
    /// Program file names that start it (the command's base name is compared).
    pub programs: &'static [&'static str],
    /// State folders and files it writes, relative to the home.
    pub state: &'static [&'static str],
    /// Environment variables it reads its own credentials from: kept even when a strip
    /// pattern matches them.
    pub key_vars: &'static [&'static str],
}

/// The agents `hookward run` knows, built once from every agent's profile (issue 13 item
/// 1d): its word (`Agent::as_str`), `programs`, the home rows of kind `FileKind::State`
/// (where each CLI writes its settings, sessions, logs and caches: Claude Code `~/.claude`
/// and `~/.claude.json`, Codex `~/.codex`, Gemini CLI `~/.gemini`, Cursor `~/.cursor`) and
/// `key_vars` (the ones each documents).
pub fn agents() -> &'static [AgentRow] {
    static A: std::sync::OnceLock<Vec<AgentRow>> = std::sync::OnceLock::new();
    A.get_or_init(|| {
        hookward_profiles::profiles()
            .iter()
            .map(|p| {
                let state: Vec<&'static str> = p
                    .files
                    .iter()
                    .filter(|f| f.kind == FileKind::State && f.place == Place::Home)
                    .map(|f| f.path)
                    .collect();
                AgentRow {
                    name: p.agent.as_str(),
                    programs: p.programs,
                    // Built once per process: the short list is kept for its life.
                    state: Box::leak(state.into_boxed_slice()),
                    key_vars: p.key_vars,
                }
            })
            .collect()
    })
}

/// Credential stores of macOS, hidden by the Seatbelt profile (`seatbelt.rs`) besides
/// [`CREDENTIAL_STORES`], relative to the home. Sources: Apple's keychain folder
/// (`~/Library/Keychains`), the browsers' documented profile folders under
/// `~/Library/Application Support`, Safari's cookie store.
pub const MACOS_CREDENTIAL_STORES: &[CredentialStore] = &[
    CredentialStore {
        path: "Library/Keychains",
        what: "macOS keychains",
    },
    CredentialStore {
        path: "Library/Cookies",
        what: "Safari cookies",
    },
    CredentialStore {
        path: "Library/Application Support/Google/Chrome",
        what: "Chrome profiles",
    },
    CredentialStore {
        path: "Library/Application Support/Firefox",
        what: "Firefox profiles",
    },
    CredentialStore {
        path: "Library/Application Support/BraveSoftware",
        what: "Brave profiles",
    },
    CredentialStore {
        path: "Library/Application Support/Microsoft Edge",
        what: "Edge profiles",
    },
];

/// Caches package managers and build tools write during ordinary work, relative to the home
/// (npm, pnpm, yarn, bun, pip, uv, cargo's registry and git checkouts, Go's module cache,
/// Maven, Gradle, the XDG cache folder). Writable in `standard` and `strict` when they exist.
pub const CACHES: &[&str] = &[
    ".cache",
    ".npm",
    ".local/share/pnpm",
    ".yarn",
    ".bun/install/cache",
    ".cargo/registry",
    ".cargo/git",
    "go/pkg/mod",
    ".m2/repository",
    ".gradle/caches",
];

/// Device files every program may write or set a terminal mode on (`/dev/null`, the
/// terminal, the pseudo-terminals). Absolute paths.
pub const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
    "/dev/ptmx",
    "/dev/pts",
];

/// Temporary folders writable in every profile (besides `$TMPDIR`). Absolute paths.
pub const TEMP_DIRS: &[&str] = &["/tmp", "/var/tmp", "/dev/shm"];

/// Environment-variable name patterns removed by default (ambient credentials): `*` matches
/// any run of characters, compared case-insensitively. Extended with `--strip-env`, overridden
/// per name with `--keep-env` and by the agent's own [`AgentRow::key_vars`].
pub const STRIP_ENV: &[&str] = &[
    "AWS_*",
    "GITHUB_TOKEN",
    "GH_TOKEN",
    "*_API_KEY",
    "*_TOKEN",
    "*_SECRET*",
    "*_PASSWORD",
    "*_ACCESS_KEY",
];

/// The agent row whose program is `program`'s base name (`/usr/bin/claude` → Claude Code).
pub fn agent_for(program: &str) -> Option<&'static AgentRow> {
    let base = program.rsplit('/').next().unwrap_or(program);
    agents().iter().find(|a| a.programs.contains(&base))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The former table (before issue 13 item 1d). State folders: where each CLI writes its settings,
    /// sessions, logs and caches (Claude Code `~/.claude` and `~/.claude.json`, Codex `~/.codex`,
    /// Gemini CLI `~/.gemini`, Cursor `~/.cursor`); key variables: the ones each documents.
    const FORMER_AGENTS: &[AgentRow] = &[
        AgentRow {
            name: "claude-code",
            programs: &["claude"],
            state: &[
                ".claude",
                ".claude.json",
                ".cache/claude",
                ".local/state/claude",
                ".local/share/claude",
            ],
            key_vars: &[
                "ANTHROPIC_API_KEY",
                "ANTHROPIC_AUTH_TOKEN",
                "CLAUDE_CODE_OAUTH_TOKEN",
            ],
        },
        AgentRow {
            name: "codex",
            programs: &["codex"],
            state: &[".codex"],
            key_vars: &["OPENAI_API_KEY", "CODEX_API_KEY"],
        },
        AgentRow {
            name: "gemini",
            programs: &["gemini"],
            state: &[".gemini"],
            key_vars: &["GEMINI_API_KEY", "GOOGLE_API_KEY"],
        },
        AgentRow {
            name: "cursor",
            programs: &["cursor-agent", "cursor"],
            state: &[".cursor", ".config/Cursor"],
            key_vars: &["CURSOR_API_KEY"],
        },
    ];

    #[test]
    fn profile_rows_give_the_former_agents() {
        assert_eq!(agents(), FORMER_AGENTS);
    }
    use std::collections::HashSet;

    #[test]
    fn home_paths_are_relative_and_unique() {
        let mut seen = HashSet::new();
        let home_rows = CREDENTIAL_STORES
            .iter()
            .map(|c| c.path)
            .chain(CACHES.iter().copied())
            .chain(agents().iter().flat_map(|a| a.state.iter().copied()));
        for p in home_rows {
            assert!(!p.starts_with('/') && !p.contains(".."), "{p}");
            assert!(seen.insert(p), "duplicate {p}");
        }
        for p in DEVICES.iter().chain(TEMP_DIRS) {
            assert!(p.starts_with('/'), "{p}");
        }
    }

    #[test]
    fn no_credential_store_inside_a_writable_folder() {
        // A store under a cache or agent folder would be both writable and hidden.
        for c in CREDENTIAL_STORES {
            for w in CACHES
                .iter()
                .chain(agents().iter().flat_map(|a| a.state.iter()))
            {
                assert!(
                    !c.path.starts_with(&format!("{w}/")) && c.path != *w,
                    "{} inside {w}",
                    c.path
                );
            }
        }
    }

    #[test]
    fn agents_by_program_base_name() {
        assert_eq!(
            agent_for("/usr/local/bin/claude").map(|a| a.name),
            Some("claude-code")
        );
        assert_eq!(agent_for("codex").map(|a| a.name), Some("codex"));
        assert_eq!(agent_for("cursor-agent").map(|a| a.name), Some("cursor"));
        assert_eq!(agent_for("claude-helper"), None);
        assert_eq!(agent_for("sh"), None);
    }

    #[test]
    fn key_vars_would_be_stripped_without_the_agent_row() {
        // The key_vars exemption is there because the default patterns match them.
        for a in agents() {
            for v in a.key_vars {
                assert!(
                    STRIP_ENV.iter().any(|p| crate::env::pattern_matches(p, v)),
                    "{v} is not stripped by default, so listing it as kept says nothing"
                );
            }
        }
    }
}
