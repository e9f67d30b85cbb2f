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
    let values: Vec<String> = rules.iter().cloned().collect();
    set_string_list(origin, text, "disabled_rules", &values)
}

/// The comment written above the first `[table]` hookward adds to a user `config.toml`
/// (`install --apply` writes `[mcp]`): top-level keys must come before it.
pub const TOP_LEVEL_HEADER: &str =
    "\n# Top-level settings (fail_mode, ask_fallback, hook_timeout, disabled_rules, ...) go\n\
# above this line: TOML puts every key written below a [table] header into that table.\n";

/// Reads a list key back from a loaded config.
type ReadBack = fn(&Config) -> Vec<String>;

/// The keys [`set_string_list`] edits, with how to read each back from a loaded config.
const LIST_KEYS: &[(&str, ReadBack)] = &[
    ("disabled_rules", |c| {
        c.disabled_rules.iter().cloned().collect()
    }),
    ("mcp.allow", |c| c.mcp.allow.clone().unwrap_or_default()),
    ("mcp.block", |c| c.mcp.block.clone()),
    ("web.block_hosts", |c| c.web.block_hosts.clone()),
    ("web.allow_hosts", |c| c.web.allow_hosts.clone()),
];

/// `text` (a user `config.toml`, possibly empty) with the list key `key` (`disabled_rules`,
/// `mcp.allow`, `mcp.block`, `web.block_hosts`, `web.allow_hosts`) set to exactly `values`,
/// in that order. An existing array keeps its comments and the spelling of the entries that
/// stay; removed entries go, new ones are appended; a missing key is added (a top-level key
/// before the first table; a missing `[mcp]`/`[web]` table is appended).
///
/// Errors: [`ConfigError::Invalid`] (origin `origin`) when `text` is not a config that loads
/// (a broken file is never rewritten: fix it first), when the key is not an array (or its
/// table not a table), for a key not in the list above, or when the edited text would not
/// load back with exactly `values` (a bug; nothing is written).
pub fn set_string_list(
    origin: &str,
    text: &str,
    key: &str,
    values: &[String],
) -> Result<String, ConfigError> {
    let invalid = |message: String| ConfigError::Invalid {
        origin: origin.to_string(),
        message,
    };
    let read_back = LIST_KEYS
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, f)| *f)
        .ok_or_else(|| invalid(format!("`{key}` is not a list key hookward edits")))?;
    // The file must load as it is: an edit never turns a broken file into a different one.
    Config::from_layers(&Layers {
        user_toml: Some((origin.to_string(), text.to_string())),
        ..Layers::default()
    })?;
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| invalid(e.to_string()))?;
    let (table, name): (&mut dyn toml_edit::TableLike, &str) = match key.split_once('.') {
        None => (doc.as_table_mut(), key),
        Some((t, name)) => {
            if doc.get(t).is_none() {
                let first_table = !doc.iter().any(|(_, i)| i.is_table_like());
                let mut table = toml_edit::Table::new();
                if first_table {
                    // The first [table] of the file: everything appended below it lands in it,
                    // which is how a hand-added `fail_mode = ...` breaks the file (README,
                    // "Configuration"); say where top-level keys go.
                    table.decor_mut().set_prefix(TOP_LEVEL_HEADER);
                }
                doc.insert(t, toml_edit::Item::Table(table));
            }
            let table = doc
                .get_mut(t)
                .and_then(|i| i.as_table_like_mut())
                .ok_or_else(|| invalid(format!("`{t}` is not a table")))?;
            (table, name)
        }
    };
    match table.get_mut(name) {
        Some(item) => {
            let arr = item
                .as_array_mut()
                .ok_or_else(|| invalid(format!("{key} is not an array")))?;
            let mut present = BTreeSet::new();
            arr.retain(|v| {
                v.as_str()
                    .is_some_and(|s| values.iter().any(|x| x == s) && present.insert(s.to_string()))
            });
            for r in values.iter().filter(|r| !present.contains(*r)) {
                arr.push(r.as_str());
            }
        }
        None => {
            let mut arr = toml_edit::Array::new();
            for r in values {
                arr.push(r.as_str());
            }
            // Root key-values are written before the first table whatever the insertion order.
            table.insert(name, toml_edit::value(arr));
        }
    }
    let out = doc.to_string();
    let back = Config::from_layers(&Layers {
        user_toml: Some((origin.to_string(), out.clone())),
        ..Layers::default()
    })?;
    let mut got = read_back(&back);
    let mut want = values.to_vec();
    // The order of the entries that stayed is the file's; compare as sets of entries.
    got.sort();
    want.sort();
    want.dedup();
    if got != want {
        return Err(invalid(format!(
            "the edited file would read {key} as {got:?}, not {want:?}; nothing was written"
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

    #[test]
    fn the_first_table_gets_a_header_saying_where_top_level_keys_go() {
        let out =
            set_string_list("/h/config.toml", "", "mcp.allow", &["github".to_string()]).unwrap();
        let header = out.find("# Top-level settings").expect(&out);
        let table = out.find("[mcp]").expect(&out);
        assert!(header < table, "{out}");
        // A top-level key written above the header loads; the next table gets no header.
        let edited = format!("fail_mode = \"closed\"\n{out}");
        let again = set_string_list(
            "/h/config.toml",
            &edited,
            "web.block_hosts",
            &["x.test".to_string()],
        )
        .unwrap();
        assert_eq!(again.matches("# Top-level settings").count(), 1, "{again}");
    }

    #[test]
    fn table_lists_are_added_and_edited_in_place() {
        let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let text = "# mine\nrecord = true\n";
        let out = set_string_list("c", text, "mcp.allow", &v(&["github", "linear"])).unwrap();
        let out = set_string_list("c", &out, "mcp.block", &v(&["*stripe*"])).unwrap();
        insta::assert_snapshot!(out, @r###"
        # mine
        record = true

        # Top-level settings (fail_mode, ask_fallback, hook_timeout, disabled_rules, ...) go
        # above this line: TOML puts every key written below a [table] header into that table.
        [mcp]
        allow = ["github", "linear"]
        block = ["*stripe*"]
        "###);
        let cfg = Config::from_layers(&Layers {
            user_toml: Some(("c".into(), out.clone())),
            ..Layers::default()
        })
        .unwrap();
        assert_eq!(cfg.mcp.allow, Some(v(&["github", "linear"])));
        assert_eq!(cfg.mcp.block, v(&["*stripe*"]));
        // An empty allow list stays a set key: an allow list with nothing in it.
        let out = set_string_list("c", &out, "mcp.allow", &[]).unwrap();
        let cfg = Config::from_layers(&Layers {
            user_toml: Some(("c".into(), out.clone())),
            ..Layers::default()
        })
        .unwrap();
        assert_eq!(cfg.mcp.allow, Some(Vec::new()));
        let out = set_string_list("c", &out, "web.block_hosts", &v(&["evil.example"])).unwrap();
        assert!(
            out.contains("[web]\nblock_hosts = [\"evil.example\"]"),
            "{out}"
        );
        assert!(set_string_list("c", &out, "fail_mode", &v(&["x"])).is_err());
        assert!(set_string_list("c", "mcp = 3\n", "mcp.allow", &v(&["x"])).is_err());
    }
}
