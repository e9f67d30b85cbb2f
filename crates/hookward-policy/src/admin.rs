//! Policy administration (`hookward policy disable|enable|add|remove`): rule-id globs and the
//! checks a custom policy file passes before it is installed.
//!
//! **Custom policies.** A file installed with `hookward policy add` under the name `<name>`
//! (`[a-z][a-z0-9_]*`, at most [`MAX_NAME_LEN`] bytes) must be `package
//! hookward.rules.custom.<name>` and may only add `decision` entries whose ids start with
//! `custom/<name>/`. [`check_custom`] checks that by parsing (regorus parses the file; the ids
//! are the object literals and `# @rule` comments [`crate::all_rule_infos`] reads), and the
//! generated aggregator ([`crate::main_module`]) enforces it at evaluation time for every
//! package under [`CUSTOM_PACKAGE_PREFIX`]: an entry of such a package whose id is computed
//! at run time and falls outside `custom/<name>/` is never part of the decision. So a custom
//! file can neither speak for a built-in rule (`self/…`, `shell/…`) nor for another custom
//! policy.

use crate::{all_rule_infos, new_engine, PolicySource, LOCKED_PREFIX, RULES_PREFIX};

/// The package prefix of custom policies: `package hookward.rules.custom.<name>`.
pub const CUSTOM_PACKAGE_PREFIX: &str = "hookward.rules.custom.";

/// The rule-id prefix of custom policies: `custom/<name>/…`.
pub const CUSTOM_ID_PREFIX: &str = "custom/";

/// The longest custom policy name, in bytes (64: a file name and a Rego package component
/// that stay readable in `hookward policy list`).
pub const MAX_NAME_LEN: usize = 64;

/// Why a custom policy file is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdminError {
    /// The name is not `[a-z][a-z0-9_]*` of at most [`MAX_NAME_LEN`] bytes.
    #[error("`{0}` is not a custom policy name: use lower-case letters, digits and `_`, starting with a letter (at most 64), e.g. `no_prod_db`")]
    BadName(String),
    /// regorus could not parse the file (its message names the line and column).
    #[error("{file} does not parse: {message}")]
    Parse {
        /// The file.
        file: String,
        /// The parser's message.
        message: String,
    },
    /// The file's package is not `hookward.rules.custom.<name>`.
    #[error("{file}: package `{found}` must be `{expected}` (a custom policy named `{name}` lives in its own package)")]
    Package {
        /// The file.
        file: String,
        /// The package it declares.
        found: String,
        /// The package it must declare.
        expected: String,
        /// The policy's name.
        name: String,
    },
    /// The file defines no `decision` rule: installing it would change nothing.
    #[error("{0}: defines no `decision` rule, so it would decide nothing")]
    NoDecision(String),
    /// No rule id could be read from the file (ids computed at run time only).
    #[error("{0}: no rule id found; write each entry as an object literal with a string \"id\" (`{{\"id\": \"custom/<name>/…\", \"decision\": \"deny\", \"reason\": \"…\"}}`) or document it with `# @rule <id> <decision>`")]
    NoIds(String),
    /// An entry's id is outside `custom/<name>/`.
    #[error(
        "{file}: rule id `{id}` is outside `{prefix}`: a custom policy may only add its own rules"
    )]
    ForeignId {
        /// The file.
        file: String,
        /// The offending id.
        id: String,
        /// The prefix every id must have.
        prefix: String,
    },
}

/// Whether `name` may name a custom policy (see the module docs).
pub fn valid_custom_name(name: &str) -> bool {
    let mut chars = name.chars();
    name.len() <= MAX_NAME_LEN
        && chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The package a custom policy named `name` must declare: `hookward.rules.custom.<name>`.
pub fn custom_package(name: &str) -> String {
    format!("{CUSTOM_PACKAGE_PREFIX}{name}")
}

/// The id prefix of a custom policy named `name`: `custom/<name>/`.
pub fn custom_id_prefix(name: &str) -> String {
    format!("{CUSTOM_ID_PREFIX}{name}/")
}

/// For a package under [`CUSTOM_PACKAGE_PREFIX`], the id prefix its entries must have (what
/// the aggregator enforces); `None` for any other package.
pub fn custom_prefix_of_package(package: &str) -> Option<String> {
    package
        .strip_prefix(CUSTOM_PACKAGE_PREFIX)
        .filter(|n| !n.is_empty())
        .map(custom_id_prefix)
}

/// Checks a custom policy file named `name` (module docs) and returns the rule ids it adds,
/// sorted. Parses with regorus; evaluates nothing.
///
/// Errors: every [`AdminError`] variant, the first problem found.
pub fn check_custom(name: &str, source: &PolicySource) -> Result<Vec<String>, AdminError> {
    if !valid_custom_name(name) {
        return Err(AdminError::BadName(name.to_string()));
    }
    let file = source.name.clone();
    let mut engine = new_engine();
    engine
        .add_policy(file.clone(), source.text.to_string())
        .map_err(|e| AdminError::Parse {
            file: file.clone(),
            message: e.to_string(),
        })?;
    let expected = custom_package(name);
    let found = engine
        .get_policy_package_components()
        .map_err(|e| AdminError::Parse {
            file: file.clone(),
            message: e.to_string(),
        })?
        .into_iter()
        .map(|p| p.components.join("."))
        .next()
        .unwrap_or_default();
    if found != expected {
        return Err(AdminError::Package {
            file,
            found,
            expected,
            name: name.to_string(),
        });
    }
    if !engine
        .has_declared_rule_rooted_at(&file, "decision")
        .unwrap_or(false)
    {
        return Err(AdminError::NoDecision(file));
    }
    let prefix = custom_id_prefix(name);
    let ids: Vec<String> = all_rule_infos(std::slice::from_ref(source))
        .into_iter()
        .map(|r| r.id)
        .collect();
    if ids.is_empty() {
        return Err(AdminError::NoIds(file));
    }
    if let Some(id) = ids.iter().find(|id| !id.starts_with(&prefix)) {
        return Err(AdminError::ForeignId {
            file,
            id: id.clone(),
            prefix,
        });
    }
    debug_assert!(expected.starts_with(RULES_PREFIX));
    Ok(ids)
}

/// Whether `pattern` has a wildcard (`*` or `?`), so it is a glob rather than one rule id.
pub fn is_glob(pattern: &str) -> bool {
    pattern.contains(['*', '?'])
}

/// Matches a rule id against a glob: `*` matches any run of characters (`/` included, so
/// `shell/*` covers every `shell/…` id), `?` exactly one; everything else matches itself.
/// The same language as SQLite's `GLOB` for these two wildcards (what `hookward log --rule`
/// uses, see [`sqlite_glob`]). Linear in `pattern.len() * text.len()` at worst.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || (p[pi] != '*' && p[pi] == t[ti])) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// `pattern` ([`glob_match`]'s language) as an SQLite `GLOB` pattern: `[` is written `[[]`
/// so that it matches itself, as in [`glob_match`], instead of opening a character class.
pub fn sqlite_glob(pattern: &str) -> String {
    pattern.replace('[', "[[]")
}

/// Whether a rule id is locked (under [`LOCKED_PREFIX`]).
pub fn is_locked(id: &str) -> bool {
    id.starts_with(LOCKED_PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(name: &str, text: &str) -> PolicySource {
        PolicySource {
            name: name.into(),
            text: text.to_string().into(),
            builtin: false,
        }
    }

    const GOOD: &str = "package hookward.rules.custom.no_prod\n\ndecision contains {\"id\": \"custom/no_prod/psql\", \"decision\": \"deny\", \"reason\": \"no prod db\"} if {\n\tsome r in input.facts.shell.runs\n\tr.program == \"psql\"\n}\n";

    #[test]
    fn a_good_file_passes_with_its_ids() {
        assert_eq!(
            check_custom("no_prod", &src("a.rego", GOOD)).unwrap(),
            ["custom/no_prod/psql"]
        );
    }

    #[test]
    fn each_kind_of_bad_file_is_refused() {
        let cases: Vec<(&str, String, &str)> = vec![
            ("No-Prod", GOOD.to_string(), "BadName"),
            ("no_prod", GOOD.replace("if {", "if {{"), "Parse"),
            ("no_prod", GOOD.replace("custom.no_prod", "shell"), "Package"),
            ("other", GOOD.to_string(), "Package"),
            (
                "no_prod",
                "package hookward.rules.custom.no_prod\nhelper := 1\n".into(),
                "NoDecision",
            ),
            (
                "no_prod",
                "package hookward.rules.custom.no_prod\ndecision contains d if {\n\td := {\"decision\": \"deny\", \"reason\": \"r\", \"id\": sprintf(\"custom/no_prod/%d\", [1])}\n}\n".into(),
                "NoIds",
            ),
            ("no_prod", GOOD.replace("custom/no_prod/psql", "self/psql"), "ForeignId"),
            ("no_prod", GOOD.replace("custom/no_prod/psql", "custom/no_prodx/psql"), "ForeignId"),
            ("no_prod", GOOD.replace("custom/no_prod/psql", "shell/remote-exec"), "ForeignId"),
        ];
        for (name, text, kind) in cases {
            let err = check_custom(name, &src("f.rego", &text)).unwrap_err();
            assert!(format!("{err:?}").starts_with(kind), "{kind}: {err:?}");
        }
    }

    #[test]
    fn globs() {
        for (p, t, want) in [
            ("shell/*", "shell/remote-exec", true),
            ("shell/*", "shellx/a", false),
            ("*", "self/x", true),
            ("path/?nv-file", "path/env-file", true),
            ("path/?nv-file", "path/eenv-file", false),
            ("*exec*", "shell/remote-exec-x", true),
            ("a*b*c", "aXbYbZc", true),
            ("a*b*c", "aXbYbZ", false),
            ("net/exfil", "net/exfil", true),
            ("net/exfil", "net/exfil2", false),
            ("", "", true),
            ("**", "", true),
        ] {
            assert_eq!(glob_match(p, t), want, "{p} {t}");
        }
        assert!(is_glob("shell/*") && !is_glob("shell/remote-exec"));
        assert_eq!(sqlite_glob("a[b]*"), "a[[]b]*");
        assert_eq!(
            custom_prefix_of_package("hookward.rules.custom.x").as_deref(),
            Some("custom/x/")
        );
        assert_eq!(custom_prefix_of_package("hookward.rules.shell"), None);
    }
}
