//! Where a path really leads: symlinks on the way resolved (issue 12, item 1).
//!
//! A protected location reached through a link (`ln -s ~/.claude cfg`, then a write of
//! `cfg/settings.json`) is the protected location. [`resolve`] walks the path component by
//! component: each existing component is `lstat`ed, a symlink is replaced by what `readlink`
//! says, and the walk stops touching the file system at the first component that does not exist
//! (the rest is re-attached lexically). Links the *same command* creates ([`PlannedLink`], from
//! `ln -s TARGET LINK` earlier in the command) are followed as if they already existed.
//!
//! Bounded: at most [`MAX_HOPS`] links followed and [`MAX_STEPS`] components visited per path;
//! no file's contents are read, no directory is listed. Past a bound the path is reported as
//! not resolvable (`None`) and the caller keeps the given spelling alone.
//!
//! ```
//! use hookward_facts::resolve::{resolve, PlannedLink};
//! let planned = [PlannedLink { link: "/p/cfg".into(), target: "/h/.claude".into() }];
//! assert_eq!(resolve("/p/cfg/settings.json", &planned).as_deref(), Some("/h/.claude/settings.json"));
//! ```

use std::collections::VecDeque;
use std::path::Path;

/// Most symlinks followed while resolving one path: Linux' `MAXSYMLINKS` (40,
/// `include/linux/namei.h`), after which the kernel itself fails with `ELOOP`.
pub const MAX_HOPS: usize = 40;

/// Most path components visited while resolving one path (links add their targets'
/// components); bounds the work on hostile link chains.
pub const MAX_STEPS: usize = 512;

/// A symlink a shell command creates before it uses the link (`ln -s ~/.claude cfg && … >
/// cfg/settings.json`): both absolute and lexically normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedLink {
    /// The link's own path.
    pub link: String,
    /// What it points to.
    pub target: String,
}

fn components(path: &str) -> impl Iterator<Item = String> + '_ {
    path.split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .map(str::to_string)
}

/// The path `path` (absolute) leads to, following symlinks on disk and the links in `planned`,
/// with `.`/`..` applied after each link as the kernel does. `None` when `path` is not
/// absolute, or a bound ([`MAX_HOPS`], [`MAX_STEPS`]) is reached.
pub fn resolve(path: &str, planned: &[PlannedLink]) -> Option<String> {
    if !path.starts_with('/') {
        return None;
    }
    let mut queue: VecDeque<String> = components(path).collect();
    let mut done: Vec<String> = Vec::new();
    let (mut hops, mut steps) = (0usize, 0usize);
    // While true, the prefix in `done` exists on disk and the next component is looked up.
    let mut on_disk = true;
    while let Some(comp) = queue.pop_front() {
        steps += 1;
        if steps > MAX_STEPS {
            return None;
        }
        if comp == ".." {
            done.pop();
            continue;
        }
        let here = format!("/{}", {
            let mut v = done.clone();
            v.push(comp.clone());
            v.join("/")
        });
        let target = match planned.iter().rev().find(|l| l.link == here) {
            Some(l) => Some(l.target.clone()),
            None if on_disk => match std::fs::symlink_metadata(&here) {
                Ok(m) if m.file_type().is_symlink() => std::fs::read_link(&here)
                    .ok()
                    .map(|t| t.to_string_lossy().into_owned()),
                Ok(_) => None,
                Err(_) => {
                    on_disk = false;
                    None
                }
            },
            None => None,
        };
        match target {
            Some(t) => {
                hops += 1;
                if hops > MAX_HOPS {
                    return None;
                }
                if t.starts_with('/') {
                    done.clear();
                }
                for (i, c) in components(&t).enumerate() {
                    queue.insert(i, c);
                }
                // Whatever the link points to is looked up afresh.
                on_disk = true;
            }
            None => done.push(comp),
        }
    }
    Some(format!("/{}", done.join("/")))
}

/// Whether anything exists at `path` (a link counts, not followed): a path shaped like a
/// documentation placeholder that exists on this machine is a location
/// ([`crate::is_placeholder`] is only applied to paths that do not exist).
pub fn exists(path: &str) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Whether `path` is an existing directory (following links), for `ln TARGET DIR`.
pub fn is_dir(path: &str) -> bool {
    Path::new(path).is_dir()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn s(p: &Path) -> String {
        std::fs::canonicalize(p)
            .expect("canonical")
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn a_directory_link_on_the_way_is_followed() {
        let d = tempfile::tempdir().expect("tempdir");
        let root = s(d.path());
        std::fs::create_dir_all(format!("{root}/home/.claude")).expect("mkdir");
        std::fs::create_dir_all(format!("{root}/proj")).expect("mkdir");
        symlink(format!("{root}/home/.claude"), format!("{root}/proj/cfg")).expect("ln");
        assert_eq!(
            resolve(&format!("{root}/proj/cfg/settings.json"), &[]),
            Some(format!("{root}/home/.claude/settings.json"))
        );
        // A missing file under the link, and a missing directory below it.
        assert_eq!(
            resolve(&format!("{root}/proj/cfg/hooks/x/y.sh"), &[]),
            Some(format!("{root}/home/.claude/hooks/x/y.sh"))
        );
    }

    #[test]
    fn relative_links_and_dot_dot_after_a_link() {
        let d = tempfile::tempdir().expect("tempdir");
        let root = s(d.path());
        std::fs::create_dir_all(format!("{root}/home/.hookward")).expect("mkdir");
        std::fs::create_dir_all(format!("{root}/home/proj/sub")).expect("mkdir");
        symlink("../../.hookward", format!("{root}/home/proj/sub/hw")).expect("ln");
        assert_eq!(
            resolve(&format!("{root}/home/proj/sub/hw/config.toml"), &[]),
            Some(format!("{root}/home/.hookward/config.toml"))
        );
        // A chain of links: a -> b -> real dir.
        symlink(
            format!("{root}/home/proj/sub/hw"),
            format!("{root}/home/proj/b"),
        )
        .expect("ln");
        symlink("b", format!("{root}/home/proj/a")).expect("ln");
        assert_eq!(
            resolve(&format!("{root}/home/proj/a/policies/p.rego"), &[]),
            Some(format!("{root}/home/.hookward/policies/p.rego"))
        );
    }

    #[test]
    fn loops_are_bounded() {
        let d = tempfile::tempdir().expect("tempdir");
        let root = s(d.path());
        symlink(format!("{root}/b"), format!("{root}/a")).expect("ln");
        symlink(format!("{root}/a"), format!("{root}/b")).expect("ln");
        assert_eq!(resolve(&format!("{root}/a/x"), &[]), None);
        let planned = [PlannedLink {
            link: "/p/x".into(),
            target: "/p/x/y".into(),
        }];
        assert_eq!(resolve("/p/x/z", &planned), None);
    }

    #[test]
    fn planned_links_and_plain_paths() {
        let planned = [PlannedLink {
            link: "/nonexistent-hw/p/hw".into(),
            target: "/nonexistent-hw/h/.hookward".into(),
        }];
        assert_eq!(
            resolve("/nonexistent-hw/p/hw/config.toml", &planned).as_deref(),
            Some("/nonexistent-hw/h/.hookward/config.toml")
        );
        assert_eq!(
            resolve("/nonexistent-hw/p/a/../b", &[]).as_deref(),
            Some("/nonexistent-hw/p/b")
        );
        assert_eq!(resolve("relative/x", &[]), None);
        assert_eq!(resolve("/", &[]).as_deref(), Some("/"));
    }
}
