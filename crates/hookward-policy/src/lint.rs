//! Set-up mistakes that are not errors, reported as warnings by `hookward config`, `hookward
//! doctor` and the hook's health events (`config-warning`), and the rule ids of user policies
//! for `hookward policy list`.
//!
//! **How user rule ids are found.** A user file needs no `# @rule` comment: every object
//! literal with a string `"id"` in a file whose package is under [`RULES_PREFIX`] is taken as
//! a `decision` entry (the shape the README's example and every built-in rule use), its
//! `"decision"` and `"reason"` strings read beside it. This is parsing, not evaluation: no
//! probe input could make every user rule fire, and parsing sees rules that fire rarely. An
//! id computed at run time (`sprintf("mine/%s", [x])`) is not found; a `# @rule <id>
//! <decision>` comment (the pack's convention, [`crate::rule_infos`]) lists such a rule and
//! wins over what parsing found for the same id.

use crate::admin::CUSTOM_PACKAGE_PREFIX;
use crate::{package_of, rule_infos, PolicySource, RuleInfo, LOCKED_PREFIX, RULES_PREFIX};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::LazyLock;

/// One set-up mistake.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PolicyWarning {
    /// What kind: `disabled-locked`, `disabled-unknown`, `policy-dir-missing`,
    /// `package-outside`, `custom-package`, `custom-foreign-id`.
    pub kind: &'static str,
    /// For people: what is wrong, where, and what to do.
    pub message: String,
}

/// An object literal without nested braces: `{"id": "x", "decision": "deny", …}`.
static OBJECT_RE: LazyLock<Option<regex::Regex>> =
    LazyLock::new(|| regex::Regex::new(r#"\{[^{}]*"id"\s*:\s*"[^"]*"[^{}]*\}"#).ok());

/// `"key": "value"` inside an object literal.
fn field(obj: &str, key: &str) -> Option<String> {
    let re = regex::Regex::new(&format!(r#""{key}"\s*:\s*"((?:[^"\\]|\\.)*)""#)).ok()?;
    re.captures(obj).map(|c| c[1].to_string())
}

/// The decisions a rule may produce (anything else is a malformed entry, reported by
/// evaluation).
pub const DECISIONS: &[&str] = &["allow", "ask", "deny"];

/// The rules of `sources` (built-in and user): `# @rule` comments, plus for user files whose
/// package is under [`RULES_PREFIX`] the `decision` entries found by parsing (module docs).
/// Sorted by id, one row per id (the `# @rule` row wins).
pub fn all_rule_infos(sources: &[PolicySource]) -> Vec<RuleInfo> {
    let mut out = rule_infos(sources);
    let documented: BTreeSet<String> = out.iter().map(|r| r.id.clone()).collect();
    let mut found = BTreeSet::new();
    for s in sources.iter().filter(|s| !s.builtin) {
        if !package_of(&s.text).is_some_and(|p| p.starts_with(RULES_PREFIX)) {
            continue;
        }
        let Some(re) = OBJECT_RE.as_ref() else {
            continue;
        };
        for m in re.find_iter(&s.text) {
            let obj = m.as_str();
            let Some(id) = field(obj, "id").filter(|id| !id.is_empty()) else {
                continue;
            };
            if documented.contains(&id) || !found.insert(id.clone()) {
                continue;
            }
            out.push(RuleInfo {
                locked: id.starts_with(LOCKED_PREFIX),
                decision: field(obj, "decision").unwrap_or_default(),
                summary: field(obj, "reason").unwrap_or_default(),
                source: s.name.clone(),
                id,
            });
        }
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

/// `disabled_rules` entries that do nothing: a locked rule (it stays on) or an id no rule of
/// `rules` has (a typo, or a rule that was renamed).
pub fn disabled_warnings(disabled: &BTreeSet<String>, rules: &[RuleInfo]) -> Vec<PolicyWarning> {
    let known: BTreeSet<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    let mut out = Vec::new();
    for id in disabled {
        if id.starts_with(LOCKED_PREFIX) {
            out.push(PolicyWarning {
                kind: "disabled-locked",
                message: format!(
                    "disabled_rules names {id}, a locked self-protection rule ({LOCKED_PREFIX}…): it stays on; remove it from disabled_rules"
                ),
            });
        } else if !known.contains(id.as_str()) {
            out.push(PolicyWarning {
                kind: "disabled-unknown",
                message: format!(
                    "disabled_rules names {id}, which no built-in or user rule has (`hookward policy list` shows the ids); it disables nothing"
                ),
            });
        }
    }
    out
}

/// `policy_dirs` entries that are not directories.
pub fn dir_warnings(policy_dirs: &[PathBuf]) -> Vec<PolicyWarning> {
    policy_dirs
        .iter()
        .filter(|d| !d.is_dir())
        .map(|d| PolicyWarning {
            kind: "policy-dir-missing",
            message: format!(
                "policy_dirs names {}, which is not a directory: no policy is loaded from it",
                d.display()
            ),
        })
        .collect()
}

/// User policy files that define `decision` in a package outside [`RULES_PREFIX`]: their
/// entries are never part of the decision. (A helper package without `decision`, imported by
/// rules, is fine and not reported.)
pub fn package_warnings(user: &[PolicySource]) -> Vec<PolicyWarning> {
    let mut out = Vec::new();
    for s in user.iter().filter(|s| !s.builtin) {
        let pkg = package_of(&s.text).unwrap_or_default();
        if !defines_decision(&s.text) {
            continue;
        }
        if !pkg.starts_with(RULES_PREFIX) {
            out.push(PolicyWarning {
                kind: "package-outside",
                message: format!(
                    "{}: package `{pkg}` is not under `{RULES_PREFIX}`, so its `decision` entries are never applied; rename it `package {RULES_PREFIX}<name>`",
                    s.name
                ),
            });
        } else if let Some(name) = pkg.strip_prefix(CUSTOM_PACKAGE_PREFIX) {
            out.extend(custom_warnings(s, &pkg, name));
        }
    }
    out
}

/// A user file in `hookward.rules.custom.<name>` (the custom policies' namespace, `admin`
/// module docs): the aggregator applies its entries only under ids `custom/<name>/…`, so a
/// literal id outside that prefix, or a `<name>` that is not one word (a deeper package such
/// as `hookward.rules.custom.team.probe`), is a rule that never fires: said here instead of
/// silently. Ids are read by hand (`"id": "…"` and `# @rule`), no regex: this runs in every
/// hook call that has user policies.
fn custom_warnings(s: &PolicySource, pkg: &str, name: &str) -> Vec<PolicyWarning> {
    if !crate::admin::valid_custom_name(name) {
        return vec![PolicyWarning {
            kind: "custom-package",
            message: format!(
                "{}: package `{pkg}` is under `{CUSTOM_PACKAGE_PREFIX}`, the custom policies' namespace, whose packages are `{CUSTOM_PACKAGE_PREFIX}<name>` with one word as <name> (lower-case letters, digits, `_`); entries of this package count only under ids `custom/{name}/…`. Use `package {CUSTOM_PACKAGE_PREFIX}<name>` with ids `custom/<name>/…`, or a package outside it (`{RULES_PREFIX}<team>`)",
                s.name
            ),
        }];
    }
    let prefix = crate::admin::custom_id_prefix(name);
    let mut foreign: Vec<String> = literal_ids(&s.text)
        .into_iter()
        .chain(
            rule_infos(std::slice::from_ref(s))
                .into_iter()
                .map(|r| r.id),
        )
        .filter(|id| !id.starts_with(&prefix))
        .collect();
    foreign.sort();
    foreign.dedup();
    foreign
        .into_iter()
        .map(|id| PolicyWarning {
            kind: "custom-foreign-id",
            message: format!(
                "{}: rule id `{id}` is never applied: a `{pkg}` package decides only under ids `{prefix}…` (custom policies cannot speak for other rules). Rename the id `{prefix}…`, or move the rule to a package outside `{CUSTOM_PACKAGE_PREFIX}` (`{RULES_PREFIX}<team>`)",
                s.name
            ),
        })
        .collect()
}

/// The string values of `"id"` keys written as literals (`"id": "x"`), scanned by hand.
fn literal_ids(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("\"id\"") {
        rest = &rest[i + 4..];
        let after = rest.trim_start();
        let Some(after) = after.strip_prefix(':') else {
            continue;
        };
        let Some(value) = after.trim_start().strip_prefix('"') else {
            continue;
        };
        if let Some(end) = value.find(['"', '\\', '\n']) {
            if value.as_bytes()[end] == b'"' && end > 0 {
                out.push(value[..end].to_string());
            }
        }
    }
    out
}

/// Whether a line starts (after white space) with the word `decision` (what the regex
/// `(?m)^\s*decision\b` finds; scanned by hand, since compiling that regex cost every hook
/// process with user policies ~0.4 ms, issue 15).
fn defines_decision(text: &str) -> bool {
    crate::line_words(text, "decision").any(|after| {
        !after
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Every set-up warning: `policy_dirs` that are not directories, `disabled_rules` that do
/// nothing (checked against the built-in pack and `user`), and user files outside the rules'
/// packages. Cheap when nothing is configured: no rule list is built while `disabled` is
/// empty.
pub fn setup_warnings(
    disabled: &BTreeSet<String>,
    policy_dirs: &[PathBuf],
    user: &[PolicySource],
) -> Vec<PolicyWarning> {
    let mut out = dir_warnings(policy_dirs);
    if !disabled.is_empty() {
        let mut sources = crate::builtin_sources();
        sources.extend(user.iter().cloned());
        out.extend(disabled_warnings(disabled, &all_rule_infos(&sources)));
    }
    out.extend(package_warnings(user));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(name: &str, text: &str) -> PolicySource {
        PolicySource {
            name: name.into(),
            text: text.to_string().into(),
            builtin: false,
        }
    }

    #[test]
    fn user_rules_are_found_without_comments() {
        let s = user(
            "mine.rego",
            "package hookward.rules.mine\n\ndecision contains {\"id\": \"mine/no-prod-db\", \"decision\": \"deny\", \"reason\": \"off limits\"} if {\n\tinput.x\n}\n\ndecision contains d if {\n\td := {\"decision\": \"block\", \"id\": \"mine/bad\", \"reason\": \"r\"}\n}\n",
        );
        let rows = all_rule_infos(&[s]);
        let ids: Vec<_> = rows
            .iter()
            .map(|r| (r.id.as_str(), r.decision.as_str()))
            .collect();
        assert_eq!(ids, [("mine/bad", "block"), ("mine/no-prod-db", "deny")]);
        assert_eq!(rows[1].summary, "off limits");
    }

    #[test]
    fn rule_comment_wins_and_other_packages_are_skipped() {
        let a = user(
            "a.rego",
            "package hookward.rules.a\n# @rule a/x ask\n# Documented.\ndecision contains {\"id\": \"a/x\", \"decision\": \"deny\", \"reason\": \"r\"} if { true }\n",
        );
        let b = user(
            "b.rego",
            "package other.b\ndecision contains {\"id\": \"b/y\", \"decision\": \"deny\", \"reason\": \"r\"} if { true }\n",
        );
        let rows = all_rule_infos(&[a, b.clone()]);
        assert_eq!(rows.len(), 1);
        assert_eq!(
            (rows[0].decision.as_str(), rows[0].summary.as_str()),
            ("ask", "Documented.")
        );
        let w = package_warnings(&[b]);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].kind, "package-outside");
        let helper = user(
            "h.rego",
            "package hookward.lib.h\nis_prod(x) if { contains(x, \"prod\") }\n",
        );
        assert!(package_warnings(&[helper]).is_empty());
    }

    /// A hand-written file in the custom policies' namespace whose ids are outside its
    /// prefix, or whose package is deeper than `hookward.rules.custom.<name>`, is said to
    /// never fire; a well-formed one and other subpackages are not warned about.
    #[test]
    fn custom_namespace_mistakes_are_warned() {
        let rule = |pkg: &str, id: &str| {
            user(
                "p.rego",
                &format!("package {pkg}\n\ndecision contains {{\"id\": \"{id}\", \"decision\": \"deny\", \"reason\": \"r\"}} if {{ true }}\n"),
            )
        };
        let kinds = |pkg: &str, id: &str| -> Vec<&'static str> {
            package_warnings(&[rule(pkg, id)])
                .into_iter()
                .map(|w| w.kind)
                .collect()
        };
        assert!(kinds("hookward.rules.custom.probe", "custom/probe/x").is_empty());
        assert!(kinds("hookward.rules.mine.probe", "mine/x").is_empty());
        assert_eq!(
            kinds("hookward.rules.custom.probe", "probe/x"),
            ["custom-foreign-id"]
        );
        assert_eq!(
            kinds("hookward.rules.custom.probe", "custom/other/x"),
            ["custom-foreign-id"]
        );
        assert_eq!(
            kinds("hookward.rules.custom.team.probe", "custom/team.probe/x"),
            ["custom-package"]
        );
        let w = package_warnings(&[rule("hookward.rules.custom.probe", "probe/x")]);
        assert!(
            w[0].message.contains("never applied") && w[0].message.contains("custom/probe/"),
            "{w:?}"
        );
        assert_eq!(
            literal_ids("{\"id\": \"a\", \"x\": 1} {\"id\" :\"b\"} \"id\": x"),
            ["a", "b"]
        );
    }

    #[test]
    fn decision_lines_as_the_regex_found_them() {
        let re = regex::Regex::new(r"(?m)^\s*decision\b").unwrap();
        for text in [
            "package p\ndecision contains x if true\n",
            "package p\n  decision := set()",
            "package p\ndecisions := 1\ndecision_x := 2\n",
            "package p\nx := decision\n",
            "decision",
            "\n\n\tdecision[x]",
            "decisioné := 1",
        ] {
            assert_eq!(defines_decision(text), re.is_match(text), "{text:?}");
        }
    }

    #[test]
    fn disabled_and_dirs() {
        let rules = rule_infos(&crate::builtin_sources());
        let disabled: BTreeSet<String> = ["self/disable-hooks", "path/env-file", "path/nope"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let kinds: Vec<_> = disabled_warnings(&disabled, &rules)
            .into_iter()
            .map(|w| w.kind)
            .collect();
        assert_eq!(kinds, ["disabled-unknown", "disabled-locked"]);
        let dir = std::env::temp_dir();
        let w = dir_warnings(&[dir.clone(), dir.join("hookward-no-such-dir-xyz")]);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].kind, "policy-dir-missing");
    }
}
