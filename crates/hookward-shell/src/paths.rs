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
    normalize_components(path.starts_with('/'), path.len(), path.split('/'))
}

/// [`normalize`] of the components of a path (`absolute`: it starts with `/`), built in one
/// string of capacity `len + 1` (no vector of components, no second string).
fn normalize_components<'p>(
    absolute: bool,
    len: usize,
    comps: impl Iterator<Item = &'p str>,
) -> String {
    let mut out = String::with_capacity(len + 1);
    // `out` is `base` (`/` or nothing) followed by the kept components joined with `/`.
    let base = if absolute {
        out.push('/');
        1
    } else {
        0
    };
    let mut kept = 0usize;
    let last_start = |out: &String| {
        out.get(base..)
            .and_then(|j| j.rfind('/'))
            .map_or(base, |i| base + i + 1)
    };
    for comp in comps {
        match comp {
            "" | "." => {}
            ".." => {
                if kept > 0 {
                    let start = last_start(&out);
                    let last = out.get(start..).unwrap_or("");
                    if last != ".." && !is_unknown_component(last) {
                        out.truncate(if kept == 1 { base } else { start - 1 });
                        kept -= 1;
                        continue;
                    }
                } else if absolute {
                    continue;
                }
                if kept > 0 {
                    out.push('/');
                }
                out.push_str("..");
                kept += 1;
            }
            c => {
                if kept > 0 {
                    out.push('/');
                }
                out.push_str(c);
                kept += 1;
            }
        }
    }
    if !absolute && kept == 0 {
        return ".".to_string();
    }
    out
}

/// `path` normalised, without allocating when it already is (the common case for the
/// context's home and project directories).
pub(crate) fn normalized(path: &str) -> std::borrow::Cow<'_, str> {
    // Already normal: `/`, or `/` followed by components none of which is empty, `.` or `..`
    // (no `//`, `/./`, `/../`, trailing `/`, `/.` or `/..`). One pass over the bytes.
    let clean = path.starts_with('/')
        && (path == "/"
            || path.as_bytes().get(1..).is_some_and(|rest| {
                rest.split(|&b| b == b'/')
                    .all(|c| !(c.is_empty() || c == b"." || c == b".."))
            }));
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
        // The components of `{base}/{rel}`, without building that string.
        normalize_components(
            base.starts_with('/'),
            base.len() + 1 + rel.len(),
            base.split('/').chain(rel.split('/')),
        )
    }
}

/// Resolves an argument naming a path against `cwd`.
pub(crate) fn resolve(arg: &Arg, cwd: &Cwd) -> Resolved {
    resolve_text(&arg.text, arg.dynamic, arg.known_prefix, arg.glob, cwd)
}

/// The working folder itself as a resolved path (a program given no folder operand lists or
/// serves `.`): dynamic when the folder is not known statically.
pub(crate) fn working_dir(cwd: &Cwd) -> Resolved {
    Resolved {
        path: cwd.text.clone(),
        dynamic: !cwd.known,
        glob: false,
    }
}

/// `arg` resolved against `cwd`, or the working folder when there is no such operand.
pub(crate) fn resolve_or_cwd(arg: Option<&Arg>, cwd: &Cwd) -> Resolved {
    arg.map_or_else(|| working_dir(cwd), |a| resolve(a, cwd))
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

/// Folders where another system's root file system is commonly found: mounted disks and
/// images (`/mnt`, `/media`, `/run/media`, macOS `/Volumes`), a container's view of its host
/// (`/host`, `/hostfs`, `/host-root`, `/rootfs`: the usual `hostPath` mount points of node
/// agents and escape write-ups), installers' and build systems' targets (`/target`,
/// `/sysroot`, `/chroot`), and container image layers (`/var/lib/docker/overlay2/<id>/diff`,
/// `merged`; podman's `/var/lib/containers/storage/overlay`; LXC's `/var/lib/lxc/<name>/rootfs`).
const OTHER_ROOTS: &[&str] = &[
    "/mnt",
    "/media",
    "/run/media",
    "/volumes",
    "/host",
    "/hostfs",
    "/host-root",
    "/host_root",
    "/rootfs",
    "/target",
    "/sysroot",
    "/chroot",
    "/var/lib/docker/overlay2",
    "/var/lib/containers/storage/overlay",
    "/var/lib/lxc",
];

/// First-level folders of a system root where its own configuration, accounts and homes
/// start (FHS 3.0; macOS `Users`, `Library`, `private`).
const ROOT_TOPS: &[&str] = &[
    "etc", "root", "home", "users", "var", "usr", "lib", "lib64", "library", "private", "opt",
    "boot",
];

/// How many folders may stand between an [`OTHER_ROOTS`] entry and the system root inside it
/// (`/run/media/<user>/<label>/etc`, `/var/lib/docker/overlay2/<id>/diff/etc`,
/// `/mnt/<disk>/<partition>/etc`).
const MAX_ROOT_DEPTH: usize = 3;

/// `path` seen from the other system whose root is mounted or unpacked where `path` lies
/// (`/mnt/etc/shadow` → `/etc/shadow`, `/host/root/.bashrc` → `/root/.bashrc`,
/// `/proc/1/root/etc/shadow` → `/etc/shadow`, `/Volumes/Disk/Users/a/.ssh/id_rsa` →
/// `/Users/a/.ssh/id_rsa`): that system's files are what the write or read changes or
/// discloses. `None` when `path` is under none of [`OTHER_ROOTS`] (or `/proc/<pid>/root`),
/// or no [`ROOT_TOPS`] folder follows within [`MAX_ROOT_DEPTH`] folders. Case-insensitive
/// on the folder names (macOS volumes). Lexical only; the path is absolute and normalised.
pub fn other_root(path: &str) -> Option<&str> {
    let lower = path.to_ascii_lowercase();
    // `/proc/<pid>/root` is that process's root directory (proc(5)).
    if let Some(after) = lower.strip_prefix("/proc/") {
        let mut it = after.splitn(3, '/');
        let pid = it.next().unwrap_or("");
        let second = it.next();
        if !pid.is_empty() && second == Some("root") {
            let start = "/proc/".len() + pid.len() + "/root".len();
            return path
                .get(start..)
                .filter(|r| r.len() > 1 && r.starts_with('/'));
        }
        // `/proc/<pid>/fd/<n>/etc/shadow`, `/proc/<pid>/cwd/…`: a directory the process holds
        // open; when a system root's first-level folder follows, that root is what is reached
        // (the container-escape shape of an inherited directory descriptor).
        if !pid.is_empty() && matches!(second, Some("fd" | "cwd")) {
            return fd_root(path, "/proc/".len() + pid.len() + 1, second == Some("fd"));
        }
        return None;
    }
    if lower.starts_with("/dev/fd/") {
        return fd_root(path, "/dev/".len(), true);
    }
    let base = OTHER_ROOTS
        .iter()
        .find(|b| is_under(&lower, b) && lower.len() > b.len())?;
    let mut at = base.len();
    for _ in 0..=MAX_ROOT_DEPTH {
        let rest = lower.get(at..)?;
        let first = rest.trim_start_matches('/').split('/').next().unwrap_or("");
        // A folder named `root` directly followed by another system folder is where that root
        // is mounted (`/mnt/root/etc/shadow`), not the administrator's home (`/host/root/.ssh`).
        let mount_named_root = first == "root"
            && rest
                .trim_start_matches('/')
                .split('/')
                .nth(1)
                .is_some_and(|second| ROOT_TOPS.contains(&second));
        if ROOT_TOPS.contains(&first) && rest.len() > first.len() + 1 && !mount_named_root {
            return path.get(at..);
        }
        let next = rest.get(1..)?.find('/')?;
        at += 1 + next;
    }
    None
}

/// The rest of `path` after `fd/<n>` (or `cwd`) starting at byte `at`, when it begins with a
/// [`ROOT_TOPS`] folder and names something inside it (`/proc/self/fd/7/etc/shadow` →
/// `/etc/shadow`).
fn fd_root(path: &str, at: usize, numbered: bool) -> Option<&str> {
    let rest = path.get(at..)?;
    let rest = if numbered {
        let r = rest.strip_prefix("fd/")?;
        let n = r.find('/')?;
        if n == 0 || !r.get(..n)?.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        r.get(n..)?
    } else {
        rest.strip_prefix("cwd")?
    };
    let first = rest.trim_start_matches('/').split('/').next().unwrap_or("");
    (ROOT_TOPS.contains(&first.to_ascii_lowercase().as_str()) && rest.len() > first.len() + 2)
        .then_some(rest)
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
    ) || fd_number(path, "/dev/fd/")
        || fd_number(path, "/proc/self/fd/")
        || path.starts_with("/dev/pts/")
}

/// `path` is `prefix` followed by a descriptor number and nothing below it (`/dev/fd/3`, not
/// `/dev/fd/3/etc/shadow`, which is a file under a directory the descriptor holds open).
fn fd_number(path: &str, prefix: &str) -> bool {
    path.strip_prefix(prefix)
        .is_some_and(|n| !n.contains('/') || n.chars().all(|c| c.is_ascii_digit() || c == '/'))
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

    /// The component-vector version `normalize` replaced (one string instead of three).
    fn reference(path: &str) -> String {
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

    #[test]
    fn normalize_and_join_match_the_reference() {
        let parts = ["", ".", "..", "a", "bc", "$X", "`y`", "<(z)", "é"];
        let mut paths = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for p in &paths {
                for c in parts {
                    next.push(format!("{p}/{c}"));
                    next.push(format!("{p}{c}"));
                }
            }
            paths = next;
        }
        for p in &paths {
            assert_eq!(normalize(p), reference(p), "{p:?}");
            // `normalized` borrows exactly when the path is already normal.
            let old_clean = p.starts_with('/')
                && (p == "/"
                    || (!p.ends_with('/')
                        && !p.contains("//")
                        && !p.contains("/./")
                        && !p.contains("/../")
                        && !p.ends_with("/.")
                        && !p.ends_with("/..")));
            let n = normalized(p);
            assert_eq!(
                matches!(n, std::borrow::Cow::Borrowed(_)),
                old_clean,
                "{p:?}"
            );
            assert_eq!(n, reference(p).as_str().to_string().as_str(), "{p:?}");
            for base in ["/home/dev", "rel/x", "/", "$B/.."] {
                assert_eq!(join(base, p), {
                    if p.starts_with('/') {
                        reference(p)
                    } else {
                        reference(&format!("{base}/{p}"))
                    }
                });
            }
        }
    }

    #[test]
    fn under() {
        assert!(is_under("/home/dev/x", "/home/dev"));
        assert!(!is_under("/home/devil", "/home/dev"));
        assert!(is_under("/x", "/"));
    }

    /// Generated: every root folder × intermediate folders × system file gives the file.
    #[test]
    fn other_roots_by_shape() {
        let mut n = 0;
        for root in OTHER_ROOTS {
            for mid in ["", "/disk1", "/3f2a/merged", "/dev/USB/part1"] {
                let depth = mid.matches('/').count();
                for file in [
                    "/etc/shadow",
                    "/root/.bashrc",
                    "/home/bob/.ssh/id_rsa",
                    "/Users/a/.aws/credentials",
                    "/var/spool/cron/crontabs/root",
                    "/usr/lib/systemd/system/x.service",
                ] {
                    let p = format!("{root}{mid}{file}");
                    let got = other_root(&p);
                    if depth <= MAX_ROOT_DEPTH {
                        assert_eq!(got, Some(file), "{p}");
                    } else {
                        assert_eq!(got, None, "{p}");
                    }
                    n += 1;
                }
            }
        }
        assert!(n > 300);
        assert_eq!(other_root("/proc/1/root/etc/shadow"), Some("/etc/shadow"));
        // A mount point named `root` before a system folder, and the administrator's home.
        assert_eq!(other_root("/mnt/root/etc/shadow"), Some("/etc/shadow"));
        assert_eq!(
            other_root("/mnt/root/root/.ssh/id_rsa"),
            Some("/root/.ssh/id_rsa")
        );
        assert_eq!(other_root("/host/root/.bashrc"), Some("/root/.bashrc"));
        assert_eq!(
            other_root("/proc/self/root/etc/crontab"),
            Some("/etc/crontab")
        );
        assert_eq!(
            other_root("/Volumes/Macintosh HD/Users/a/.ssh/id_ed25519"),
            Some("/Users/a/.ssh/id_ed25519")
        );
        // Not another root: the folders themselves, other folders, nothing system-like inside.
        for p in [
            "/mnt",
            "/mnt/etc",
            "/mnt/data/notes.txt",
            "/mnt/a/b/c/d/etc/shadow",
            "/home/dev/project/mnt/etc/shadow",
            "/etc/shadow",
            "/tmp/host/etc/shadow",
            "/hostname/etc/x",
            "/proc/1/environ",
            "/proc/1/root",
            "/proc/self/fd/7",
            "/proc/self/fd/x/etc/shadow",
            "/proc/1/fd/3/data/file",
            "/dev/fd/3",
        ] {
            assert_eq!(other_root(p), None, "{p}");
        }
        // A directory descriptor (or the working directory) of a process, then a root's folder.
        for (p, want) in [
            ("/proc/self/fd/7/etc/shadow", "/etc/shadow"),
            ("/proc/1/fd/3/root/.ssh/id_rsa", "/root/.ssh/id_rsa"),
            ("/dev/fd/9/etc/shadow", "/etc/shadow"),
            ("/proc/1/cwd/etc/sudoers", "/etc/sudoers"),
        ] {
            assert_eq!(other_root(p), Some(want), "{p}");
        }
        assert!(is_pseudo_device("/proc/self/fd/3") && is_pseudo_device("/dev/fd/0"));
        assert!(!is_pseudo_device("/proc/self/fd/7/etc/shadow"));
    }
}
