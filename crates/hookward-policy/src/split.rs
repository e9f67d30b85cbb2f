//! Whether user policies can be evaluated apart from the built-in pack (issue 15).
//!
//! The built-in pack runs from its compiled, cached RVM program; user policies run in
//! regorus' interpreter, which reports builtin errors instead of skipping them. Before issue 15
//! one user rule moved the whole pack onto the interpreter (parse of every built-in file per
//! process, 1.84× per hook call). Now the built-in pack keeps its program and only the user
//! modules — with the built-in modules they reference — are interpreted; the two `decision`
//! sets are unioned ([`crate::Policy::evaluate`]).
//!
//! The split gives the same set as one interpreter over everything as long as neither side
//! can see the other's rules: [`plan`] says so from the `package` lines and the `data.…`
//! references of the sources (strings and comments skipped), and returns `None` (evaluate all
//! together, as before) when
//!
//! - a user package is, contains or lies inside a built-in package or `hookward.main` (a user
//!   file could then add to, or conflict with, rules the built-in pack reads), or
//! - a user source refers to all of `data` (`data`, `data[x]`) or to a tree holding built-in
//!   packages (`data.hookward`, `data.hookward.rules[x]`), or to `data.hookward.main`.
//!
//! A user reference to a built-in package (`import data.hookward.lib`,
//! `data.hookward.rules.paths.env_from_template(p)`) adds that package's modules to the user
//! interpreter, with the built-in modules they refer to in turn.

use crate::{package_of, PolicySource};

/// The package every built-in and user rule package is aggregated into (generated).
const MAIN_PACKAGE: &str = "hookward.main";

/// Splits a dotted path into its segments.
fn segments(path: &str) -> Vec<&str> {
    path.split('.').filter(|s| !s.is_empty()).collect()
}

/// `a` is a prefix of `b` (segment-wise), or equal to it.
fn prefix_of(a: &[&str], b: &[&str]) -> bool {
    a.len() <= b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// The `data.…` references of a Rego source: for each, its static path segments (empty for
/// `data` alone or `data[…]`). Comments (`# …`), strings (`"…"` with escapes) and raw strings
/// (`` `…` ``) are skipped; `x.data` (a field named `data`) is not a reference. A reference
/// that continues with `[…]` counts as its static part (the whole tree below it).
pub(crate) fn data_refs(text: &str) -> Vec<Vec<&str>> {
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'`' => {
                i += 1;
                while i < b.len() && b[i] != b'`' {
                    i += 1;
                }
                i += 1;
            }
            c if ident(c) => {
                let start = i;
                while i < b.len() && ident(b[i]) {
                    i += 1;
                }
                // Preceded by `.` (after blanks): a field, not the root document.
                let before = text[..start].trim_end_matches([' ', '\t']);
                if &text[start..i] != "data" || before.ends_with('.') {
                    continue;
                }
                let mut path = Vec::new();
                loop {
                    let rest = &text[i..];
                    let skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
                    if !rest[skip..].starts_with('.') {
                        break;
                    }
                    let after = &rest[skip + 1..];
                    let skip2 = after.len() - after.trim_start_matches([' ', '\t']).len();
                    let seg_start = i + skip + 1 + skip2;
                    let mut j = seg_start;
                    while j < b.len() && ident(b[j]) {
                        j += 1;
                    }
                    if j == seg_start {
                        break;
                    }
                    path.push(&text[seg_start..j]);
                    i = j;
                }
                out.push(path);
            }
            _ => i += 1,
        }
    }
    out
}

/// Whether the user sources can be evaluated apart from the built-in pack, and if so which
/// built-in sources (indices into `builtin`) the user interpreter needs beside them (sorted).
/// `None`: evaluate everything in one interpreter (see the module docs for when).
pub(crate) fn plan(user: &[PolicySource], builtin: &[PolicySource]) -> Option<Vec<usize>> {
    let builtin_pkgs: Vec<Option<String>> = builtin.iter().map(|s| package_of(&s.text)).collect();
    let main = segments(MAIN_PACKAGE);
    let mut reserved: Vec<Vec<&str>> = builtin_pkgs.iter().flatten().map(|p| segments(p)).collect();
    reserved.push(main.clone());
    let mut needed = vec![false; builtin.len()];
    let mut queue: Vec<Vec<&str>> = Vec::new();
    for s in user {
        if let Some(pkg) = package_of(&s.text) {
            let pkg = segments(&pkg)
                .into_iter()
                .map(str::to_string)
                .collect::<Vec<_>>();
            let pkg: Vec<&str> = pkg.iter().map(String::as_str).collect();
            if reserved
                .iter()
                .any(|r| prefix_of(r, &pkg) || prefix_of(&pkg, r))
            {
                return None;
            }
        }
        for r in data_refs(&s.text) {
            if r.is_empty() || prefix_of(&main, &r) || prefix_of(&r, &main) {
                return None;
            }
            if reserved
                .iter()
                .any(|p| r.len() < p.len() && prefix_of(&r, p))
            {
                return None;
            }
            queue.push(r);
        }
    }
    // Built-in packages the user sources reach, and the ones those reach in turn.
    while let Some(r) = queue.pop() {
        for (i, pkg) in builtin_pkgs.iter().enumerate() {
            let Some(pkg) = pkg else { continue };
            if needed[i] || !prefix_of(&segments(pkg), &r) {
                continue;
            }
            needed[i] = true;
            queue.extend(data_refs(&builtin[i].text));
        }
    }
    Some((0..builtin.len()).filter(|i| needed[*i]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_sources;

    fn user(text: &str) -> Vec<PolicySource> {
        vec![PolicySource {
            name: "/u/x.rego".into(),
            text: text.to_string().into(),
            builtin: false,
        }]
    }

    fn names(idx: &[usize]) -> Vec<String> {
        let b = builtin_sources();
        idx.iter().map(|i| b[*i].name.clone()).collect()
    }

    #[test]
    fn references_skip_strings_comments_and_fields() {
        let text = "package p\n# data.hookward.x\nr := \"data.hookward.y\" if input.data.z\n\
                    s := `data.q` if data.hookward . lib.f(data.cfg[\"k\"])\nt := data[x]\n";
        assert_eq!(
            data_refs(text),
            vec![vec!["hookward", "lib", "f"], vec!["cfg"], vec![]]
        );
    }

    #[test]
    fn the_built_in_pack_refers_only_to_its_own_packages() {
        // If a built-in file read `data.<something else>`, a user package of that name could
        // change a built-in decision, and the split would need to know it.
        let b = builtin_sources();
        let pkgs: Vec<String> = b.iter().filter_map(|s| package_of(&s.text)).collect();
        for s in &b {
            for r in data_refs(&s.text) {
                assert!(
                    pkgs.iter().any(|p| prefix_of(&segments(p), &r)),
                    "{}: data.{}",
                    s.name,
                    r.join(".")
                );
            }
        }
    }

    #[test]
    fn plain_user_packages_split_with_nothing_built_in() {
        let p = plan(
            &user("package hookward.rules.custom.team\ndecision contains {\"id\": \"custom/team/a\", \"decision\": \"ask\", \"reason\": \"data.hookward\"} if data.team.strict\n"),
            &builtin_sources(),
        );
        assert_eq!(p, Some(vec![]));
    }

    #[test]
    fn built_in_helpers_come_along_with_what_they_read() {
        let p = plan(
            &user("package hookward.rules.mine\nimport data.hookward.lib\ndecision contains d if { some p in lib.changed_paths; d := {} }\n"),
            &builtin_sources(),
        )
        .unwrap();
        assert_eq!(names(&p), ["builtin:lib.rego"]);
        let p = plan(
            &user("package hookward.rules.mine\nx if data.hookward.rules.shell.decision\n"),
            &builtin_sources(),
        )
        .unwrap();
        // shell.rego reads lib and paths; paths reads lib.
        assert_eq!(
            names(&p),
            [
                "builtin:lib.rego",
                "builtin:paths.rego",
                "builtin:shell.rego"
            ]
        );
    }

    #[test]
    fn shared_packages_and_whole_trees_evaluate_together() {
        for text in [
            "package hookward.rules.shell\nx := 1\n",
            "package hookward.lib.extra\nx := 1\n",
            "package hookward.rules\nx := 1\n",
            "package hookward\nx := 1\n",
            "package hookward.main\nx := 1\n",
            "package mine\nx if data.hookward.rules[_]\n",
            "package mine\nx if data.hookward.main.decision\n",
            "package mine\nx := data\n",
            "package mine\nimport data.hookward\n",
        ] {
            assert_eq!(plan(&user(text), &builtin_sources()), None, "{text}");
        }
    }
}
