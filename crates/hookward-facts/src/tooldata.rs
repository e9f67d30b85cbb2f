//! Tool data and cache folders under any home, by shape (issue 11, precision): a write there is
//! a program's normal bookkeeping (package caches, editor state, CLI settings), not the agent
//! reaching outside its project.
//!
//! Two classes, from a compiled-in table ([`TABLE`]) of home-relative folders, matched below
//! every home [`crate::secrets`] recognises (`$HOME`, `/home/*`, `/Users/*`, `/root`…) and
//! ASCII case-folded like the credential table:
//!
//! * [`ToolClass::Cache`] (`tool_cache`) — regenerable: the program rebuilds it when it is
//!   missing (XDG `~/.cache`, macOS `~/Library/Caches`, package-manager download caches).
//!   Writing *and* deleting there is quiet.
//! * [`ToolClass::Data`] (`tool_data`) — a program's own settings and state (`~/.config/<tool>`,
//!   `~/.local/share/<tool>`, `~/.local/state/<tool>`, `~/Library/Application Support/<tool>`):
//!   writing is quiet, deleting is not (it may be the only copy).
//!
//! Folders whose files some program later *runs* or that change *what* runs (shell startup,
//! session autostart, systemd user units, git's global config and hooks, editor init files,
//! package-index settings, direnv) are excluded ([`CODE_LOADING`]): a write there is
//! persistence, and the other path and shell rules judge it. Credential stores keep their own
//! class, which the policy checks first.
//!
//! ```
//! use hookward_facts::tooldata::{class_of, ToolClass};
//! assert_eq!(class_of("/home/dev/.cache/pip/x", "/home/dev"), Some(ToolClass::Cache));
//! assert_eq!(class_of("/Users/a/.config/starship.toml", "/home/dev"), Some(ToolClass::Data));
//! assert_eq!(class_of("/home/dev/.config/autostart/x.desktop", "/home/dev"), None);
//! assert_eq!(class_of("/home/dev/notes.txt", "/home/dev"), None);
//! ```

use crate::secrets::below_homes;

/// What a tool folder holds; serialised as a path class for Rego ([`ToolClass::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolClass {
    /// Regenerable cache: writes and deletes are quiet (`tool_cache`).
    Cache,
    /// A program's own settings or state: writes are quiet (`tool_data`).
    Data,
}

impl ToolClass {
    /// The path class name used in facts and policy (`tool_cache`, `tool_data`).
    pub fn as_str(self) -> &'static str {
        match self {
            ToolClass::Cache => "tool_cache",
            ToolClass::Data => "tool_data",
        }
    }
}

/// One row: a home-relative folder (lower case, no leading or trailing `/`), its class and
/// the documentation that says what the folder is.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    /// Home-relative folder; the row covers it and everything below it.
    pub rel: &'static str,
    /// The class of the folder and what is below it.
    pub class: ToolClass,
    /// Where the folder's role is documented.
    pub source: &'static str,
}

const fn row(rel: &'static str, class: ToolClass, source: &'static str) -> Row {
    Row { rel, class, source }
}

use ToolClass::{Cache, Data};

/// Tool folders below a home. Longest match wins, so a cache inside a data folder
/// (`.npm/_cacache` under `.npm`) keeps its class either way.
pub const TABLE: &[Row] = &[
    row(
        ".cache",
        Cache,
        "XDG Base Directory spec: $XDG_CACHE_HOME, non-essential data",
    ),
    row(
        "library/caches",
        Cache,
        "Apple File System Programming Guide: Library/Caches",
    ),
    row(
        ".npm",
        Cache,
        "npm-cache(5): ~/.npm holds _cacache, _logs, _npx",
    ),
    row(
        ".cargo/registry",
        Cache,
        "Cargo book, Cargo Home: registry/ is a download cache",
    ),
    row(
        ".cargo/git",
        Cache,
        "Cargo book, Cargo Home: git/ is a checkout cache",
    ),
    row(
        ".rustup/downloads",
        Cache,
        "rustup book: downloads/ is a download cache",
    ),
    row(".rustup/tmp", Cache, "rustup book: scratch space"),
    row(
        ".gradle/caches",
        Cache,
        "Gradle user guide: caches/ is regenerated on demand",
    ),
    row(
        ".m2/repository",
        Cache,
        "Maven: the local repository caches downloaded artifacts",
    ),
    row(".ivy2/cache", Cache, "Ivy / sbt download cache"),
    row(".yarn/cache", Cache, "Yarn: offline/global cache"),
    row(".pnpm-store", Cache, "pnpm: content-addressable store"),
    row(".bun/install/cache", Cache, "Bun: package install cache"),
    row(".nuget/packages", Cache, "NuGet: global packages folder"),
    row(".pub-cache", Cache, "Dart/Flutter: pub cache"),
    // Windows (h-pwsh; hookward-shell maps `$env:LOCALAPPDATA` to `~/AppData/Local`): the
    // per-user temporary folder and package managers' download caches there.
    row(
        "appdata/local/temp",
        Cache,
        "Windows: %TEMP% (GetTempPath) is the user's temporary folder",
    ),
    row(
        "appdata/local/npm-cache",
        Cache,
        "npm config `cache`: %LocalAppData%\\npm-cache on Windows",
    ),
    row(
        "appdata/local/pip/cache",
        Cache,
        "pip docs, Caching: <CSIDL_LOCAL_APPDATA>\\pip\\Cache",
    ),
    row(
        "appdata/local/nuget/v3-cache",
        Cache,
        "NuGet: http-cache (%LocalAppData%\\NuGet\\v3-cache)",
    ),
    row(
        "appdata/local/yarn/cache",
        Cache,
        "Yarn classic: cache folder on Windows",
    ),
    row(
        "appdata/local/go-build",
        Cache,
        "go help cache: GOCACHE default on Windows",
    ),
    row(".ccache", Cache, "ccache: compiler cache"),
    // Xcode's build folder: every project's intermediate and built products, index and logs;
    // Xcode rebuilds what is missing ("Clean Build Folder" and removing DerivedData are the
    // documented ways to reset it; Xcode Help, "Build settings reference: Derived data").
    row(
        "library/developer/xcode/deriveddata",
        Cache,
        "Xcode: DerivedData holds build products and indexes, rebuilt on demand",
    ),
    // Xcode's copies of a connected device's OS symbols, one folder per OS version: Xcode
    // copies them again from the device the next time it is connected for debugging (Xcode
    // Help, "Devices and Simulators"; removing old versions is the documented way to free
    // space). The glob of a pattern (`iOS DeviceSupport/16.*`) lies below the row.
    row(
        "library/developer/xcode/ios devicesupport",
        Cache,
        "Xcode: device symbols copied from a connected iOS device, copied again on the next connection",
    ),
    row(
        "library/developer/xcode/watchos devicesupport",
        Cache,
        "Xcode: device symbols copied from a connected watchOS device, copied again on the next connection",
    ),
    row(
        "library/developer/xcode/tvos devicesupport",
        Cache,
        "Xcode: device symbols copied from a connected tvOS device, copied again on the next connection",
    ),
    // rpmbuild's output folders below `%_topdir` (default `~/rpmbuild`): `rpmbuild -ba` rebuilds
    // them from SPECS and SOURCES (which stay unclassed: they are the user's input). Moving a
    // built package out of RPMS is how the build is collected (RPM Packaging Guide,
    // "rpmbuild directories").
    row(
        "rpmbuild/rpms",
        Cache,
        "RPM Packaging Guide: RPMS/ holds built binary packages",
    ),
    row(
        "rpmbuild/srpms",
        Cache,
        "RPM Packaging Guide: SRPMS/ holds built source packages",
    ),
    row(
        "rpmbuild/build",
        Cache,
        "RPM Packaging Guide: BUILD/ is the build scratch folder",
    ),
    row(
        "rpmbuild/buildroot",
        Cache,
        "RPM Packaging Guide: BUILDROOT/ is the install scratch folder",
    ),
    row(
        "go/pkg/mod",
        Cache,
        "go help modcache: module cache (`go clean -modcache`)",
    ),
    row(
        ".config",
        Data,
        "XDG Base Directory spec: $XDG_CONFIG_HOME, per-program settings",
    ),
    row(
        ".local/share",
        Data,
        "XDG Base Directory spec: $XDG_DATA_HOME, per-program data",
    ),
    row(
        ".local/state",
        Data,
        "XDG Base Directory spec: $XDG_STATE_HOME, per-program state",
    ),
    row(
        "library/application support",
        Data,
        "Apple: per-app support files",
    ),
    row(
        "library/preferences",
        Data,
        "Apple: per-app preference plists",
    ),
    row("library/logs", Data, "Apple: per-app logs"),
];

/// Home-relative folders (folded) whose files are run as code or change what runs; a write
/// there is never `tool_data`. Sources: XDG autostart spec, systemd.unit(5) user units,
/// environment.d(5), fish/zsh/bash startup docs and bash-completion's user directory, git-config(1) (`~/.config/git/config`,
/// hooks), Vim/Neovim/Emacs/Helix init files, VS Code user settings and tasks, pip.conf /
/// uv.toml / npmrc (package index: supply chain), direnv(1), Kitty/Alacritty (shell setting).
pub const CODE_LOADING: &[&str] = &[
    ".config/autostart",
    ".config/systemd",
    ".config/environment.d",
    ".config/fish",
    ".config/zsh",
    ".config/bash",
    ".config/sh",
    ".config/git",
    ".config/nvim",
    ".config/vim",
    ".config/emacs",
    ".config/doom",
    ".config/helix",
    ".config/code",
    ".config/code - insiders",
    ".config/cursor",
    ".config/pip",
    ".config/uv",
    ".config/npm",
    ".config/direnv",
    ".config/kitty",
    ".config/alacritty",
    ".config/tmux",
    ".config/containers",
    ".local/share/applications",
    ".local/share/bash-completion",
    ".local/share/fish",
    ".local/share/zsh",
    ".local/share/nautilus/scripts",
    ".local/share/systemd",
    ".local/share/nvim/site",
    "library/application support/code",
    "library/application support/cursor",
];

fn under_rel(rest: &str, rel: &str) -> bool {
    rest == rel || (rest.starts_with(rel) && rest.as_bytes().get(rel.len()) == Some(&b'/'))
}

/// The tool class of an absolute, normalised `path`, or `None`: the longest [`TABLE`] row the
/// path lies in below any home, unless it is in a [`CODE_LOADING`] folder. `home` is `$HOME`.
/// A row's folder name alone (`~/.config` itself) is its class too (creating it is harmless).
pub fn class_of(path: &str, home: &str) -> Option<ToolClass> {
    let folded = path.to_ascii_lowercase();
    let home = home.to_ascii_lowercase();
    let mut best: Option<(usize, ToolClass)> = None;
    for rest in below_homes(&folded, &home) {
        if CODE_LOADING.iter().any(|c| under_rel(rest, c)) {
            return None;
        }
        for r in TABLE {
            if under_rel(rest, r.rel) && best.is_none_or(|(n, _)| r.rel.len() > n) {
                best = Some((r.rel.len(), r.class));
            }
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: &str = "/home/dev";

    #[test]
    fn table_rows_are_folded_and_relative() {
        for r in TABLE {
            assert_eq!(r.rel, r.rel.to_ascii_lowercase(), "{}", r.rel);
            assert!(
                !r.rel.starts_with('/') && !r.rel.ends_with('/'),
                "{}",
                r.rel
            );
            assert!(!r.source.is_empty());
            let p = format!("{H}/{}/x", r.rel);
            assert_eq!(class_of(&p, H), Some(r.class), "{p}");
        }
        for c in CODE_LOADING {
            assert_eq!(*c, c.to_ascii_lowercase());
            assert_eq!(class_of(&format!("{H}/{c}/x"), H), None, "{c}");
        }
    }

    #[test]
    fn any_home_and_case() {
        for p in [
            "/home/dev/.cache/x",
            "/home/alice/.cache/x",
            "/Users/alex/Library/Caches/com.app/x",
            "/root/.cargo/registry/index/x",
            "/home/dev/.CACHE/x",
        ] {
            assert_eq!(class_of(p, H), Some(Cache), "{p}");
        }
        assert_eq!(class_of("/home/dev/.npm/_logs/x.log", H), Some(Cache));
        assert_eq!(
            class_of("/home/dev/AppData/Local/npm-cache/_cacache", H),
            Some(Cache)
        );
        assert_eq!(class_of("/home/dev/AppData/Local/Temp/x", H), Some(Cache));
        assert_eq!(class_of("/home/dev/AppData/Local/Google/Chrome", H), None);
        assert_eq!(
            class_of("/home/dev/rpmbuild/RPMS/x86_64/a-1.rpm", H),
            Some(Cache)
        );
        assert_eq!(class_of("/home/dev/rpmbuild/SPECS/a.spec", H), None);
        assert_eq!(class_of("/home/dev/.config/starship.toml", H), Some(Data));
        assert_eq!(
            class_of("/home/dev/.local/share/nvim/shada/main.shada", H),
            Some(Data)
        );
    }

    #[test]
    fn not_tool_folders() {
        for p in [
            "/home/dev/.bashrc",
            "/home/dev/.cargo/bin/cargo",
            "/home/dev/.cargo/config.toml",
            "/home/dev/.config/autostart/x.desktop",
            "/home/dev/.config/systemd/user/x.service",
            "/home/dev/.config/git/config",
            "/home/dev/.config/fish/config.fish",
            "/home/dev/.CONFIG/Autostart/x.desktop",
            "/home/dev/.local/bin/x",
            "/home/dev/.local/share/bash-completion/completions/fd",
            "/home/dev/project/.cache/x",
            "/etc/xdg/x",
            "/var/cache/apt/x",
            "/home/dev",
        ] {
            assert_eq!(class_of(p, H), None, "{p}");
        }
    }
}
