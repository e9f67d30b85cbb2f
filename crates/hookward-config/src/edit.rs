//! Edits of the user's `config.toml` by hookward's own commands (`hookward policy
//! disable|enable`): the file's comments, key order and formatting are kept (the edit is made
//! on `toml_edit`'s document, not by re-serialising the settings), and the result must load
//! through the same parser as every other read ([`Config::from_layers`]) with the value asked
//! for, or nothing is written.

use crate::{Config, ConfigError, Layers};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The user config file under hookward's home: `<home>/config.toml`.
pub fn user_config_path(home: &Path) -> PathBuf {
    home.join("config.toml")
}

/// `text` (a user `config.toml`, possibly empty) with the top-level `disabled_rules` set to
/// exactly `rules` (in sorted order). An existing array keeps its comments and the spelling of
/// the entries that stay; removed entries go, new ones are appended; a missing key is added
/// among the top-level keys (before the first table).
///
/// Errors: [`ConfigError::Invalid`] (origin `origin`) when `text` is not a config that loads
/// (a broken file is never rewritten: fix it first), when `disabled_rules` is not an array, or
/// when the edited text would not load back with exactly `rules` (a bug; nothing is written).
pub fn set_disabled_rules(
    origin: &str,
    text: &str,
    rules: &BTreeSet<String>,
) -> Result<String, ConfigError> {
    let invalid = |message: String| ConfigError::Invalid {
        origin: origin.to_string(),
        message,
    };
    // The file must load as it is: an edit never turns a broken file into a different one.
    Config::from_layers(&Layers {
        user_toml: Some((origin.to_string(), text.to_string())),
        ..Layers::default()
    })?;
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| invalid(e.to_string()))?;
    match doc.get_mut("disabled_rules") {
        Some(item) => {
            let arr = item
                .as_array_mut()
                .ok_or_else(|| invalid("disabled_rules is not an array".into()))?;
            let mut present = BTreeSet::new();
            arr.retain(|v| {
                v.as_str()
                    .is_some_and(|s| rules.contains(s) && present.insert(s.to_string()))
            });
            for r in rules.iter().filter(|r| !present.contains(*r)) {
                arr.push(r.as_str());
            }
        }
        None => {
            let mut arr = toml_edit::Array::new();
            for r in rules {
                arr.push(r.as_str());
            }
            // Root key-values are written before the first table whatever the insertion order.
            doc.insert("disabled_rules", toml_edit::value(arr));
        }
    }
    let out = doc.to_string();
    let back = Config::from_layers(&Layers {
        user_toml: Some((origin.to_string(), out.clone())),
        ..Layers::default()
    })?;
    if &back.disabled_rules != rules {
        return Err(invalid(format!(
            "the edited file would read disabled_rules as {:?}, not {:?}; nothing was written",
            back.disabled_rules, rules
        )));
    }
    Ok(out)
}

/// Writes `text` as the user config of `home` ([`user_config_path`]) through a temporary file
/// and a rename, so a reader (a hook running now) sees the old or the new file, never half.
///
/// Errors: the OS error of creating the folder, writing or renaming.
pub fn write_user_config(home: &Path, text: &str) -> std::io::Result<()> {
    crate::write_atomic(&user_config_path(home), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(rules: &[&str]) -> BTreeSet<String> {
        rules.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn adds_the_key_before_tables_and_keeps_comments() {
        let text = "# my settings\nfail_mode = \"closed\" # strict\n\n[scan]\n# lower\nlearned_ask = 0.6\n";
        let out = set_disabled_rules("c", text, &set(&["net/exfil", "path/env-file"])).unwrap();
        insta::assert_snapshot!(out, @r###"
        # my settings
        fail_mode = "closed" # strict
        disabled_rules = ["net/exfil", "path/env-file"]

        [scan]
        # lower
        learned_ask = 0.6
        "###);
    }

    #[test]
    fn edits_an_existing_array_in_place() {
        // A comment belongs to the entry it stands above (toml_edit's decor), and goes with it.
        let text = "disabled_rules = [\n  # keep me\n  \"a/one\",\n  # gone\n  \"b/two\",\n]\nrecord = true\n";
        let out = set_disabled_rules("c", text, &set(&["a/one", "c/three"])).unwrap();
        assert!(out.contains("# keep me\n  \"a/one\","), "{out}");
        assert!(!out.contains("b/two") && !out.contains("# gone"), "{out}");
        assert!(out.contains("c/three"), "{out}");
        assert!(out.ends_with("record = true\n"), "{out}");
        let empty = set_disabled_rules("c", &out, &BTreeSet::new()).unwrap();
        let cfg = Config::from_layers(&Layers {
            user_toml: Some(("c".into(), empty.clone())),
            ..Layers::default()
        })
        .unwrap();
        assert!(cfg.disabled_rules.is_empty(), "{empty}");
        assert!(empty.contains("record = true"));
    }

    #[test]
    fn a_broken_file_is_refused() {
        for bad in [
            "fail_mode = \n",
            "disabled_rules = \"x\"\n",
            "no_such_key = 1\n",
        ] {
            assert!(
                set_disabled_rules("c", bad, &set(&["a/b"])).is_err(),
                "{bad}"
            );
        }
        assert_eq!(
            set_disabled_rules("c", "", &set(&["a/b"])).unwrap(),
            "disabled_rules = [\"a/b\"]\n"
        );
    }
}
