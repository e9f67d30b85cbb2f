//! Path normalisation and classification. Pure string work: the file system is never consulted,
//! so symlinks are not resolved (POSIX pathname resolution, XBD 4.13, minus symlinks).

use crate::facts::{Scope, ShellContext};
use crate::model::{Arg, Cwd};

/// A path resolved against the working directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Resolved {
    pub path: String,
    pub dynamic: bool,
    pub glob: bool,
}

/// Folds `.`, `..` and repeated `/` of an absolute path. `..` never climbs above `/`, and is
/// kept after a component that is only known at run time (`$X/..` is not `.`).
pub(crate) fn normalize(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut out: Vec<&str> = Vec::new();
    for comp in path.split('/') {
        match comp {
            "" | "." => {}
            ".." => match out.last() {
                Some(last) if *last != ".." && !is_unknown_component(last) => {
                    out.pop();
                }
                Some(_) => out.push(".."),
                None => {
                    if !absolute {
                        out.push("..");
                    }
                }
            },
            c => out.push(c),
        }
    }
    let joined = out.join("/");
    if absolute {
        format!("/{joined}")
    } else if joined.is_empty() {
        ".".to_string()
    } else {
        joined
    }
}

/// `path` normalised, without allocating when it already is (the common case for the
/// context's home and project directories).
pub(crate) fn normalized(path: &str) -> std::borrow::Cow<'_, str> {
    let clean = path.starts_with('/')
        && (path == "/"
            || (!path.ends_with('/')
                && !path.contains("//")
                && !path.contains("/./")
                && !path.contains("/../")
                && !path.ends_with("/.")
                && !path.ends_with("/..")));
    if clean {
        std::borrow::Cow::Borrowed(path)
    } else {
        std::borrow::Cow::Owned(normalize(path))
    }
}

fn is_unknown_component(c: &str) -> bool {
    c.contains('$') || c.contains('<') || c.contains('`')
}

/// Joins `rel` onto `base` (when `rel` is relative) and normalises.
pub(crate) fn join(base: &str, rel: &str) -> String {
    if rel.starts_with('/') || base.is_empty() {
        normalize(rel)
    } else {
        normalize(&format!("{base}/{rel}"))
    }
}

/// Resolves an argument naming a path against `cwd`.
pub(crate) fn resolve(arg: &Arg, cwd: &Cwd) -> Resolved {
    resolve_text(&arg.text, arg.dynamic, arg.known_prefix, arg.glob, cwd)
}

/// Resolves a path string; `known_prefix` is the byte length of its statically known start.
pub(crate) fn resolve_text(
    text: &str,
    dynamic: bool,
    known_prefix: usize,
    glob: bool,
    cwd: &Cwd,
) -> Resolved {
    if dynamic && known_prefix == 0 && !text.starts_with('/') {
        // Starts with a value only known at run time: could be anywhere.
        return Resolved {
            path: text.to_string(),
            dynamic: true,
            glob,
        };
    }
    if text.starts_with('/') {
        return Resolved {
            path: normalize(text),
            dynamic,
            glob,
        };
    }
    Resolved {
        path: join(&cwd.text, text),
        dynamic: dynamic || !cwd.known,
        glob,
    }
}

/// True when `path` is `base` or below it.
pub(crate) fn is_under(path: &str, base: &str) -> bool {
    if base == "/" {
        return path.starts_with('/');
    }
    let base = base.trim_end_matches('/');
    path == base || (path.starts_with(base) && path.as_bytes().get(base.len()) == Some(&b'/'))
}

/// Classifies a resolved path (see [`Scope`] for the order).
pub(crate) fn scope(path: &str, dynamic: bool, ctx: &ShellContext) -> Scope {
    if dynamic || !path.starts_with('/') {
        return Scope::Unknown;
    }
    if let Some(p) = &ctx.project_dir {
        if p.starts_with('/') && is_under(path, &normalized(p)) {
            return Scope::Project;
        }
    }
    // The home before the temporary directories: a home under `/tmp` (CI sandboxes,
    // containers) is still the home, the more specific location (issue 12).
    if ctx.home.starts_with('/') && ctx.home != "/" && is_under(path, &normalized(&ctx.home)) {
        return Scope::Home;
    }
    for t in ["/tmp", "/var/tmp", "/private/tmp", "/dev/shm"] {
        if is_under(path, t) {
            return Scope::Temp;
        }
    }
    if is_under(path, "/dev") {
        return Scope::Device;
    }
    Scope::System
}

/// Pseudo-files that are not storage: writing or reading them is not a file access worth a fact.
/// (`/dev/null`, the standard streams, terminals and `/dev/fd/N`; disks such as `/dev/sda` are
/// kept.) Source: Linux `null(4)`, `random(4)`, `fd(4)` conventions.
pub(crate) fn is_pseudo_device(path: &str) -> bool {
    matches!(
        path,
        "/dev/null"
            | "/dev/zero"
            | "/dev/full"
            | "/dev/random"
            | "/dev/urandom"
            | "/dev/stdin"
            | "/dev/stdout"
            | "/dev/stderr"
            | "/dev/tty"
    ) || path.starts_with("/dev/fd/")
        || path.starts_with("/proc/self/fd/")
        || path.starts_with("/dev/pts/")
}

/// The last component of a path (`/usr/bin/rm` → `rm`).
pub(crate) fn basename(path: &str) -> &str {
    let t = path.trim_end_matches('/');
    match t.rfind('/') {
        Some(i) => t.get(i + 1..).unwrap_or(t),
        None => t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_dots() {
        assert_eq!(normalize("/a/./b/../c//d/"), "/a/c/d");
        assert_eq!(normalize("/../.."), "/");
        assert_eq!(normalize("/a/$X/../b"), "/a/$X/../b");
    }

    #[test]
    fn under() {
        assert!(is_under("/home/dev/x", "/home/dev"));
        assert!(!is_under("/home/devil", "/home/dev"));
        assert!(is_under("/x", "/"));
    }
}
