//! Glob patterns in shell arguments matched against the protected locations (issue 12, item 8).
//!
//! `hookward-shell` expands braces textually but leaves globs as written (`~/.a[w]s/cred*`,
//! `~/.??*`), so a pattern never equals a protected path. A class applies to a pattern when
//! *any* expansion could be protected:
//!
//! * **locations** (the `Home` and `Abs` rows of [`crate::secrets::table`] and
//!   [`settings_shapes`]: agent settings from the profiles' rows and hookward's home) are matched by shape, component by
//!   component, as bash matches (`*` never crosses `/`, a leading `.` only matches a literal
//!   `.`): the pattern names the location, something below it, or (for a recursive access such
//!   as `tar -c`, `rm -r`, `cp -r`) a folder above it. No file system access.
//! * **file names** (`id_rsa`, `*.p12`, `.netrc`, …) are matched against the real entries of
//!   the pattern's folder when only the last component has a glob: at most
//!   [`MAX_DIR_ENTRIES`] names read (no contents), [`MAX_MATCHES`] matches classified. A name
//!   shape cannot be matched by shape alone: `cat src/*` could name an `id_rsa` that is not
//!   there.

use crate::secrets::{table, Shape};
use hookward_core::profile::{AgentFile, FileKind, Place, Recognised};
use std::sync::OnceLock;

/// Most directory entries read to expand one pattern's last component.
pub const MAX_DIR_ENTRIES: usize = 1024;

/// Most expansions of one pattern classified.
pub const MAX_MATCHES: usize = 64;

/// hookward's own files as locations below hookward's home (`!`), for matching patterns by
/// shape (the agents' settings come from their profiles: [`settings_shapes`]).
pub const HOOKWARD_SHAPES: &[&str] = &["!", "!/config.toml", "!/policies/x", "!/state.db"];

/// Agent settings and hookward's files as locations below the home (`~`), the project
/// (`@`) or hookward's home (`!`), for matching patterns by shape: what `agent_settings` and
/// `mcp_config` in `agent_files.rs` recognise, one representative each, then
/// [`HOOKWARD_SHAPES`]. Derived once from every profile's [`AgentFile`] rows (issue 13 item
/// 1d) by [`shapes_of_rows`]; the former hand-written table is kept in this module's tests.
pub fn settings_shapes() -> &'static [String] {
    static S: OnceLock<Vec<String>> = OnceLock::new();
    S.get_or_init(|| {
        let mut v = shapes_of_rows(hookward_profiles::profiles().iter().flat_map(|p| p.files));
        v.extend(HOOKWARD_SHAPES.iter().map(|s| s.to_string()));
        v
    })
}

/// The shapes of agent file rows: each `Settings`, `Hooks` or `Mcp` row that the path classes
/// recognise ([`Recognised::GuardOnly`] and [`Place::System`] rows have none), below the home
/// (`~/…`) and the project (`@/…`) when it is recognised by its tail anywhere, only at its
/// own place when [`Recognised::AtPlace`]; a folder as `…/x` (something below it). Each shape
/// once, in the rows' order.
pub fn shapes_of_rows<'a>(rows: impl Iterator<Item = &'a AgentFile>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in rows {
        if !matches!(f.kind, FileKind::Settings | FileKind::Hooks | FileKind::Mcp)
            || f.place == Place::System
        {
            continue;
        }
        let bases: &[&str] = match (f.recognised, f.place) {
            (Recognised::GuardOnly, _) => continue,
            (Recognised::Anywhere, _) => &["~", "@"],
            (Recognised::AtPlace, Place::Home) => &["~"],
            (Recognised::AtPlace, _) => &["@"],
        };
        let below = if f.folder { "/x" } else { "" };
        for base in bases {
            let shape = format!("{base}/{}{below}", f.path);
            if !out.contains(&shape) {
                out.push(shape);
            }
        }
    }
    out
}

/// Whether one path component `name` matches the glob `pat` (bash pathname expansion without
/// `dotglob`/`extglob`: `*`, `?`, `[…]` with `!`/`^` negation and ranges; a leading `.` in
/// `name` only matches a literal `.`).
pub fn component_matches(pat: &str, name: &str) -> bool {
    if name.starts_with('.') && !pat.starts_with('.') {
        return false;
    }
    let p: Vec<char> = pat.chars().collect();
    let n: Vec<char> = name.chars().collect();
    matches_from(&p, &n)
}

/// Iterative wildcard matching with one back-tracking point (linear in practice).
fn matches_from(p: &[char], n: &[char]) -> bool {
    let (mut pi, mut ni) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        let step = match p.get(pi) {
            Some('*') => {
                star = Some((pi, ni));
                pi += 1;
                continue;
            }
            Some('?') => Some(pi + 1),
            Some('[') => class_matches(p, pi, n[ni]),
            Some(c) if *c == n[ni] => Some(pi + 1),
            _ => None,
        };
        match step {
            Some(next) => {
                pi = next;
                ni += 1;
            }
            None => match star {
                Some((sp, sn)) => {
                    pi = sp + 1;
                    ni = sn + 1;
                    star = Some((sp, sn + 1));
                }
                None => return false,
            },
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// For a bracket expression at `p[start]`: the index after it when `c` matches, else `None`.
/// An unclosed `[` is a literal `[`.
fn class_matches(p: &[char], start: usize, c: char) -> Option<usize> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some('!') | Some('^'));
    if negate {
        i += 1;
    }
    let first = i;
    let mut hit = false;
    while i < p.len() && (p[i] != ']' || i == first) {
        if p.get(i + 1) == Some(&'-') && p.get(i + 2).is_some_and(|e| *e != ']') {
            if p[i] <= c && c <= p[i + 2] {
                hit = true;
            }
            i += 3;
        } else {
            if p[i] == c {
                hit = true;
            }
            i += 1;
        }
    }
    if i >= p.len() {
        // No closing bracket: a literal '['.
        return (c == '[').then_some(start + 1);
    }
    (hit != negate).then_some(i + 1)
}

fn has_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// Whether the glob `pattern` (absolute) could expand to `location`, to a path below it, or,
/// when `recursive`, to a folder above it (strictly below `/`).
pub fn could_reach(pattern: &str, location: &str, recursive: bool) -> bool {
    let pat: Vec<&str> = pattern.split('/').filter(|c| !c.is_empty()).collect();
    let loc: Vec<&str> = location.split('/').filter(|c| !c.is_empty()).collect();
    let common = pat.len().min(loc.len());
    if common == 0 {
        return false;
    }
    let fold = |s: &str| s.to_ascii_lowercase();
    let prefix_ok = pat
        .iter()
        .zip(loc.iter())
        .all(|(p, l)| component_matches(&fold(p), &fold(l)));
    prefix_ok && (pat.len() >= loc.len() || recursive)
}

/// The protected locations (absolute) a pattern is matched against: the table's `Home` rows
/// under `home`, its `Abs` rows, and [`settings_shapes`].
pub fn locations(home: &str, project_dir: &str, hookward_home: &str) -> Vec<String> {
    let mut out = Vec::new();
    for r in table() {
        match r.shape {
            Shape::Home(rel) if !home.is_empty() => out.push(format!("{home}/{rel}")),
            Shape::Abs(p) => out.push(p.to_string()),
            _ => {}
        }
    }
    for s in settings_shapes() {
        let (base, rest) = s.split_at(1);
        let base = match base {
            "~" => home,
            "@" => project_dir,
            _ => hookward_home,
        };
        if !base.is_empty() {
            out.push(format!("{base}{rest}"));
        }
    }
    out
}

/// The locations of [`locations`] that `pattern` could reach ([`could_reach`]); folders above
/// a location only for a recursive access by a pattern deeper than `home`.
pub fn reached_locations(
    pattern: &str,
    recursive: bool,
    home: &str,
    project_dir: &str,
    hookward_home: &str,
) -> Vec<String> {
    // A folder above a protected location counts only inside the home: `rm -rf /*` or
    // `tar c /tmp/*` are judged by their base folder (`root`, `temp`…), not by every protected
    // file on the machine.
    let depth = |p: &str| p.split('/').filter(|c| !c.is_empty()).count();
    let inside_home = !home.is_empty() && depth(pattern) > depth(home);
    locations(home, project_dir, hookward_home)
        .into_iter()
        .filter(|l| could_reach(pattern, l, recursive && inside_home))
        .collect()
}

/// The real paths the last component of `pattern` expands to in its folder, when only the last
/// component has a glob (bounded: [`MAX_DIR_ENTRIES`] entries read, [`MAX_MATCHES`] kept).
pub fn expand_last(pattern: &str) -> Vec<String> {
    let Some((dir, last)) = pattern.rsplit_once('/') else {
        return Vec::new();
    };
    if has_glob(dir) || !has_glob(last) {
        return Vec::new();
    }
    let dir = if dir.is_empty() { "/" } else { dir };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .take(MAX_DIR_ENTRIES)
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| component_matches(last, name))
        .take(MAX_MATCHES)
        .map(|name| format!("{}/{name}", dir.trim_end_matches('/')))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written table `settings_shapes` replaced (main 3d04535), kept to hold the
    /// derived list to it.
    const FORMER_SETTINGS_SHAPES: &[&str] = &[
        "~/.claude/settings.json",
        "~/.claude/settings.local.json",
        "~/.claude/hooks/x",
        "~/.claude.json",
        "~/.codex/config.toml",
        "~/.codex/hooks.json",
        "~/.gemini/settings.json",
        "~/.cursor/hooks.json",
        "~/.cursor/mcp.json",
        "@/.claude/settings.json",
        "@/.claude/settings.local.json",
        "@/.claude/hooks/x",
        "@/.codex/config.toml",
        "@/.gemini/settings.json",
        "@/.cursor/hooks.json",
        "@/.mcp.json",
        "!",
        "!/config.toml",
        "!/policies/x",
        "!/state.db",
    ];

    /// The shapes the profile rows add to the former table: rows recognised by their tail
    /// anywhere (so `agent_settings`/`mcp_config` already named these paths exactly) that the
    /// hand-written table had no representative for. A glob reaching them (`cat ~/.mc?.json`)
    /// now gets the class its exact path always got.
    const ADDED_BY_ROWS: &[&str] = &["~/.mcp.json", "@/.codex/hooks.json", "@/.cursor/mcp.json"];

    #[test]
    fn profile_rows_give_the_former_settings_shapes() {
        let mut derived: Vec<&str> = settings_shapes().iter().map(String::as_str).collect();
        let mut expected: Vec<&str> = FORMER_SETTINGS_SHAPES
            .iter()
            .chain(ADDED_BY_ROWS)
            .copied()
            .collect();
        assert_eq!(derived.len(), expected.len(), "{derived:?}");
        derived.sort_unstable();
        expected.sort_unstable();
        assert_eq!(derived, expected);
        // hookward's own shapes come last, as in the former table.
        assert_eq!(
            settings_shapes()[settings_shapes().len() - 4..],
            *HOOKWARD_SHAPES
        );
    }

    #[test]
    fn each_added_shape_is_a_path_the_classes_already_named() {
        let (home, project) = ("/home/dev", "/home/dev/p");
        for s in ADDED_BY_ROWS {
            let path = s.replacen('~', home, 1).replacen('@', project, 1);
            let c = crate::agent_files::classes_of(&path, home, project);
            assert!(c.settings || c.mcp, "{path}: {c:?}");
        }
        let reach = |p: &str| reached_locations(p, false, home, project, "/home/dev/.hookward");
        assert!(reach("/home/dev/.mc?.json").contains(&"/home/dev/.mcp.json".to_string()));
        assert!(reach("/home/dev/p/.codex/hook*")
            .contains(&"/home/dev/p/.codex/hooks.json".to_string()));
    }

    #[test]
    fn components_match_like_bash() {
        for (p, n) in [
            (".a[w]s", ".aws"),
            ("cred*", "credentials"),
            (".??*", ".ssh"),
            ("*", "x"),
            ("id_*", "id_rsa"),
            ("[!a]ws", "bws"),
            ("[a-c]x", "bx"),
            ("*.p12", "c.p12"),
            ("a*b*c", "aXbYc"),
        ] {
            assert!(component_matches(p, n), "{p} {n}");
        }
        for (p, n) in [
            ("*", ".ssh"),
            ("?ssh", ".ssh"),
            ("[.]ssh", ".ssh"),
            (".??*", ".a"),
            ("[!a]ws", "aws"),
            ("cred*", "cache"),
            ("a*b*c", "aXbY"),
        ] {
            assert!(!component_matches(p, n), "{p} {n}");
        }
    }

    #[test]
    fn patterns_reach_protected_locations() {
        let h = "/home/dev";
        let reach =
            |p: &str, rec: bool| reached_locations(p, rec, h, "/home/dev/p", "/home/dev/.hookward");
        assert!(reach("/home/dev/.a[w]s/cred*", false).contains(&"/home/dev/.aws".to_string()));
        assert!(reach("/home/dev/.??*", false).contains(&"/home/dev/.ssh".to_string()));
        assert!(reach("/home/dev/.??*", false).contains(&"/home/dev/.hookward".to_string()));
        assert!(reach("/home/dev/.c*/settings.json", false)
            .contains(&"/home/dev/.claude/settings.json".to_string()));
        // A folder above a protected file only counts for recursive accesses.
        assert!(
            reach("/home/dev/.c*", true).contains(&"/home/dev/.claude/settings.json".to_string())
        );
        assert!(
            !reach("/home/dev/.c*", false).contains(&"/home/dev/.claude/settings.json".to_string())
        );
        assert!(reach("/etc/sha*", false).contains(&"/etc/shadow".to_string()));
        // Benign look-alikes.
        assert!(reach("/home/dev/p/src/*", true).is_empty());
        assert!(reach("/home/dev/.cache/*", true).is_empty());
        assert!(
            reach("/home/dev/p/*", true).is_empty(),
            "{:?}",
            reach("/home/dev/p/*", true)
        );
        assert!(reach("/tmp/*.log", false).is_empty());
        // Wide patterns are judged by their base folder, not every protected file below it.
        assert!(reach("/*", true).is_empty(), "{:?}", reach("/*", true));
        assert!(reach("/home/*", true).is_empty());
    }

    #[test]
    fn last_component_expanded_on_disk() {
        let d = tempfile::tempdir().expect("tempdir");
        std::fs::write(d.path().join("id_ed25519"), "k").expect("write");
        std::fs::write(d.path().join("notes.txt"), "n").expect("write");
        let dir = d.path().to_string_lossy().into_owned();
        assert_eq!(
            expand_last(&format!("{dir}/id_*")),
            vec![format!("{dir}/id_ed25519")]
        );
        assert!(expand_last(&format!("{dir}/*.md")).is_empty());
        assert!(expand_last(&format!("{dir}/notes.txt")).is_empty());
    }
}
