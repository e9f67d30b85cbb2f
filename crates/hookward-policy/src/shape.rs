//! The built-in pack's program narrowed to the rule packages that can fire on an input's shape
//! (issue 15: the program's deserialisation was the largest piece of a hook process).
//!
//! An input's [`InputShape`] is its event kind and which of the facts in [`SHAPE_KEYS`] it
//! carries (a key counts as absent when it is missing, an empty array or an empty object).
//! [`live_packages`] reads the pack's Rego text and leaves out a rule package only when it can
//! show that **no** `decision` body of it can succeed on that shape: every body must have, as
//! one of its top-level conjuncts (bracket depth 0, a line of its own), a statement that fails
//! on the shape —
//!
//! - `some x in E` (or `some x, y in E`) where `E` is empty on the shape ([`empty_when`]),
//! - `input.event.kind == "K"` or `input.event.kind in {"K", …}` not naming the shape's kind,
//! - a bare name of a boolean rule of the same package whose every definition is one line
//!   `NAME if STATEMENT` with such a statement (`gate if input.event.kind in {…}`).
//!
//! `E` is empty when the facts it reads are absent: `input.facts.K`, `object.get(input.facts,
//! "K", [] or {})`, `object.get(E2, "…" or a parameter, [] or {})` with `E2` empty, a complete
//! rule of the same package defined once as `NAME := E2`, a function defined once as
//! `NAME(p) := E2` called as `NAME(…)`, and `lib.NAME` for a partial set of `hookward.lib`
//! whose every body is itself shown to fail. Anything else is taken to be non-empty, and a
//! package with a `decision` the reader does not recognise (another head form, a body not in
//! braces) is always live. A body is a conjunction, so one failing conjunct is enough; what
//! the other lines do does not matter.
//!
//! The hook computes the shape from the input it is about to evaluate and loads the program
//! compiled for it (`policy-<key>-<shape>.rvm`, compiled once per shape); an evaluation of an
//! input of another shape uses the whole pack ([`crate::Policy::evaluate`]). The test
//! `narrowed_program_decides_like_the_whole_pack` in hookward-pipeline checks the captured
//! payloads and the shell corpora against the whole pack.

use crate::{package_of, PolicySource, RULES_PREFIX};
use std::collections::BTreeMap;

/// The facts whose presence is part of an input's shape, bit `i` for `SHAPE_KEYS[i]`: the
/// optional facts the pack's rules iterate (`hookward_facts::Facts`). A fact not listed here is
/// taken to be present by [`live_packages`].
pub const SHAPE_KEYS: &[&str] = &[
    "paths",
    "links",
    "net",
    "shell",
    "registries",
    "installs",
    "instructed",
    "instruction_write",
    "settings_change",
    "config_change",
];

/// What an input looks like to the narrowing: its event kind and the facts of [`SHAPE_KEYS`]
/// it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputShape {
    kind: String,
    present: u32,
}

impl InputShape {
    /// The shape of a policy input (`{event, facts, config}`): `event.kind` (empty when it is
    /// missing or not a string) and, per [`SHAPE_KEYS`] entry, whether `facts` has the key with
    /// a value other than `[]` or `{}` (`null` counts as present).
    pub fn of(input: &serde_json::Value) -> InputShape {
        let kind = input
            .get("event")
            .and_then(|e| e.get("kind"))
            .and_then(|k| k.as_str())
            .unwrap_or("")
            .to_string();
        let facts = input.get("facts");
        let mut present = 0u32;
        for (i, key) in SHAPE_KEYS.iter().enumerate() {
            let there = match facts.and_then(|f| f.get(key)) {
                None => false,
                Some(serde_json::Value::Array(a)) => !a.is_empty(),
                Some(serde_json::Value::Object(o)) => !o.is_empty(),
                Some(_) => true,
            };
            if there {
                present |= 1 << i;
            }
        }
        InputShape { kind, present }
    }

    /// The shape's part of a cached program's file name: `s` and 8 hex digits of the FNV-1a
    /// hash of the kind, then the presence bits in hex.
    pub(crate) fn suffix(&self) -> String {
        let mut h: u32 = 0x811c_9dc5;
        for b in self.kind.bytes() {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
        format!("s{h:08x}{:x}", self.present)
    }

    fn has(&self, key: &str) -> bool {
        SHAPE_KEYS
            .iter()
            .position(|k| *k == key)
            .is_none_or(|i| self.present & (1 << i) != 0)
    }
}

/// One package's text, split into its top-level definitions.
struct Package<'a> {
    /// `NAME` → the definitions whose head starts with it, each as (head line, body lines).
    defs: BTreeMap<&'a str, Vec<(&'a str, Vec<&'a str>)>>,
    /// A definition in a form the reader does not know (a `decision` head other than
    /// `decision contains … if {`, a body not closed by a brace of its own): nothing of the
    /// package is used to leave anything out.
    odd: bool,
    /// `import data.hookward.lib`, and no rule of its own named `lib`.
    imports_lib: bool,
}

/// The name a head line defines (`decision contains …` → `decision`, `f(x) := …` → `f`).
fn head_name(line: &str) -> &str {
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    &line[..end]
}

fn parse(text: &str) -> Package<'_> {
    let lines: Vec<&str> = text.lines().collect();
    let mut defs: BTreeMap<&str, Vec<(&str, Vec<&str>)>> = BTreeMap::new();
    let mut odd = false;
    let mut imports_lib = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if code_of(line).trim_end() == "import data.hookward.lib" {
            imports_lib = true;
        }
        let first = line.chars().next();
        if !first.is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            || line.starts_with("package ")
            || line.starts_with("import ")
        {
            continue;
        }
        let name = head_name(line);
        let mut body = Vec::new();
        if code_of(line).trim_end().ends_with(" if {") {
            // the body: indented (or blank) lines up to a closing brace of its own
            while i < lines.len() && (lines[i].starts_with('\t') || lines[i].trim().is_empty()) {
                body.push(lines[i]);
                i += 1;
            }
            loop {
                let close = lines.get(i).map(|l| code_of(l).trim_end());
                if close == Some("}") {
                    i += 1;
                    break;
                }
                // `} else := V` or `} else := V if {`: more of the same definition (its head
                // and bodies are then never read as a fact-free `NAME := E`)
                match close.and_then(|l| l.strip_prefix("} else")) {
                    Some(rest) if name != "decision" => {
                        body.push(lines[i]);
                        i += 1;
                        if !rest.ends_with(" if {") {
                            break;
                        }
                        while i < lines.len()
                            && (lines[i].starts_with('\t') || lines[i].trim().is_empty())
                        {
                            body.push(lines[i]);
                            i += 1;
                        }
                    }
                    _ => {
                        odd = true; // `} {` or anything else: the package kept whole
                        break;
                    }
                }
            }
        } else if name == "decision" {
            odd = true; // another head form: `decision contains … if …` on one line
        }
        defs.entry(name).or_default().push((line, body));
    }
    // every line that starts with `decision` was read as a definition
    let heads = lines.iter().filter(|l| head_name(l) == "decision").count();
    if defs.get("decision").map_or(0, Vec::len) != heads {
        odd = true;
    }
    if defs.contains_key("lib") {
        imports_lib = false;
    }
    Package {
        defs,
        odd,
        imports_lib,
    }
}

/// `line` without a trailing `# comment` (outside strings).
fn code_of(line: &str) -> &str {
    let b = line.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'#' if !in_str => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// The top-level statements of a body: lines at bracket depth 0 (strings and comments
/// skipped) that also end at depth 0, trimmed.
fn statements<'a>(body: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut depth: i32 = 0;
    for line in body {
        let code = code_of(line);
        let start = depth;
        let mut in_str = false;
        let b = code.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'\\' if in_str => i += 1,
                b'"' => in_str = !in_str,
                b'(' | b'[' | b'{' if !in_str => depth += 1,
                b')' | b']' | b'}' if !in_str => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        if start == 0 && depth == 0 && !code.trim().is_empty() {
            out.push(code.trim());
        }
    }
    out
}

/// What the analysis knows about the pack: every package by name.
struct Pack<'a> {
    packages: BTreeMap<String, Package<'a>>,
}

impl Pack<'_> {
    /// `expr`, read in package `pkg`, is an empty collection (or undefined) on `shape`.
    fn empty_when(&self, pkg: &str, expr: &str, shape: &InputShape, depth: u32) -> bool {
        if depth > 8 {
            return false;
        }
        let expr = expr.trim();
        if let Some(key) = expr.strip_prefix("input.facts.") {
            return is_ident(key) && !shape.has(key);
        }
        if let Some(args) = expr
            .strip_prefix("object.get(")
            .and_then(|r| r.strip_suffix(')'))
        {
            let parts = split_args(args);
            let [obj, key, default] = parts.as_slice() else {
                return false;
            };
            if !matches!(*default, "[]" | "{}") {
                return false;
            }
            if *obj == "input.facts" {
                let Some(k) = key.strip_prefix('"').and_then(|k| k.strip_suffix('"')) else {
                    return false;
                };
                return is_ident(k) && !shape.has(k);
            }
            let key_ok = is_ident(key) || (key.starts_with('"') && key.ends_with('"'));
            return key_ok && self.empty_when(pkg, obj, shape, depth + 1);
        }
        if let Some(name) = expr.strip_prefix("lib.") {
            let imported = self.packages.get(pkg).is_some_and(|p| p.imports_lib);
            return imported
                && is_ident(name)
                && self.set_fails("hookward.lib", name, shape, depth + 1);
        }
        if is_ident(expr) {
            // a complete rule of this package, defined once as `NAME := E`
            return self
                .single_def(pkg, expr)
                .and_then(|head| head.strip_prefix(expr)?.strip_prefix(" := "))
                .is_some_and(|e| self.empty_when(pkg, e, shape, depth + 1));
        }
        if let Some(open) = expr.find('(') {
            // a call of a function of this package defined once as `NAME(p) := E`
            let name = &expr[..open];
            if !is_ident(name) || !expr.ends_with(')') {
                return false;
            }
            return self
                .single_def(pkg, name)
                .and_then(|head| {
                    let rest = head.strip_prefix(name)?.strip_prefix('(')?;
                    let close = rest.find(')')?;
                    is_ident(&rest[..close]).then_some(())?;
                    rest[close + 1..].strip_prefix(" := ")
                })
                .is_some_and(|e| self.empty_when(pkg, e, shape, depth + 1));
        }
        false
    }

    /// The head line of `name` in `pkg` when it has exactly one definition and no body.
    fn single_def(&self, pkg: &str, name: &str) -> Option<&str> {
        let p = self.packages.get(pkg).filter(|p| !p.odd)?;
        let defs = p.defs.get(name)?;
        match defs.as_slice() {
            [(head, body)] if body.is_empty() => Some(code_of(head).trim_end()),
            _ => None,
        }
    }

    /// Every body of the partial set or boolean rule `name` of `pkg` fails on `shape`.
    fn set_fails(&self, pkg: &str, name: &str, shape: &InputShape, depth: u32) -> bool {
        let Some(defs) = self
            .packages
            .get(pkg)
            .filter(|p| !p.odd)
            .and_then(|p| p.defs.get(name))
        else {
            return false;
        };
        defs.iter().all(|(head, body)| {
            if body.is_empty() {
                // a one-line boolean rule `NAME if STATEMENT`
                let head = code_of(head).trim_end();
                return head
                    .strip_prefix(name)
                    .and_then(|r| r.strip_prefix(" if "))
                    .is_some_and(|s| self.statement_fails(pkg, s, shape, depth + 1));
            }
            statements(body)
                .iter()
                .any(|s| self.statement_fails(pkg, s, shape, depth + 1))
        })
    }

    /// The top-level statement `s` of a body in `pkg` cannot succeed on `shape`.
    fn statement_fails(&self, pkg: &str, s: &str, shape: &InputShape, depth: u32) -> bool {
        if depth > 8 {
            return false;
        }
        if let Some(rest) = s.strip_prefix("some ") {
            let Some((vars, expr)) = rest.split_once(" in ") else {
                return false;
            };
            let vars_ok = vars
                .split(',')
                .all(|v| is_ident(v.trim()) && !v.trim().is_empty());
            return vars_ok && self.empty_when(pkg, expr, shape, depth + 1);
        }
        if let Some(rest) = s.strip_prefix("input.event.kind ") {
            let kinds: Vec<&str> = if let Some(lit) = rest.strip_prefix("== ") {
                vec![lit]
            } else if let Some(set) = rest.strip_prefix("in {").and_then(|r| r.strip_suffix('}')) {
                split_args(set)
            } else {
                return false;
            };
            let mut names = Vec::new();
            for k in kinds {
                match k.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
                    Some(name) if is_ident(name) => names.push(name),
                    _ => return false,
                }
            }
            return !names.contains(&shape.kind.as_str());
        }
        if is_ident(s) && s != "true" && s != "false" {
            return self.set_fails(pkg, s, shape, depth + 1);
        }
        false
    }
}

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// The comma-separated parts of `args` at bracket depth 0 (strings skipped), trimmed.
fn split_args(args: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut start) = (0i32, false, 0);
    let b = args.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'(' | b'[' | b'{' if !in_str => depth += 1,
            b')' | b']' | b'}' if !in_str => depth -= 1,
            b',' if !in_str && depth == 0 => {
                out.push(args[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(args[start..].trim());
    out
}

/// The rule packages (under [`RULES_PREFIX`]) of `sources` that may add to `decision` on an
/// input of `shape`, in name order: all but those whose every `decision` body is shown to fail
/// (module docs).
pub fn live_packages(sources: &[PolicySource], shape: &InputShape) -> Vec<String> {
    let mut pack = Pack {
        packages: BTreeMap::new(),
    };
    let mut rule_packages = Vec::new();
    for s in sources {
        let Some(name) = package_of(&s.text) else {
            continue;
        };
        if pack.packages.contains_key(&name) {
            // one package in two files: not analysed, kept whole
            pack.packages.insert(
                name.clone(),
                Package {
                    defs: BTreeMap::new(),
                    odd: true,
                    imports_lib: false,
                },
            );
            continue;
        }
        if name.starts_with(RULES_PREFIX) {
            rule_packages.push(name.clone());
        }
        pack.packages.insert(name, parse(&s.text));
    }
    rule_packages.sort();
    rule_packages.dedup();
    rule_packages
        .into_iter()
        .filter(|name| {
            let Some(p) = pack.packages.get(name) else {
                return true;
            };
            if p.odd {
                return true;
            }
            let dead = p.defs.get("decision").is_some_and(|defs| {
                defs.iter().all(|(_, body)| {
                    statements(body)
                        .iter()
                        .any(|s| pack.statement_fails(name, s, shape, 0))
                })
            });
            !dead
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn src(text: &str) -> PolicySource {
        PolicySource {
            name: "t.rego".into(),
            text: text.into(),
            builtin: true,
        }
    }

    const LIB: &str = "package hookward.lib\n\nchanged_paths contains p if {\n\tsome p in input.facts.paths\n\tp.access == \"write\"\n}\n";

    fn shape(kind: &str, facts: serde_json::Value) -> InputShape {
        InputShape::of(&json!({"event": {"kind": kind}, "facts": facts}))
    }

    #[test]
    fn shape_counts_only_non_empty_facts() {
        let s = shape(
            "PreToolUse",
            json!({"paths": [], "shell": {}, "net": [1], "links": null}),
        );
        assert!(!s.has("paths") && !s.has("shell") && s.has("net") && s.has("links"));
        assert!(s.has("scan"), "a fact outside SHAPE_KEYS counts as present");
        assert_ne!(
            s.suffix(),
            shape("PostToolUse", json!({"net": [1], "links": null})).suffix()
        );
    }

    #[test]
    fn a_package_is_dead_only_when_every_body_fails() {
        let a = "package hookward.rules.a\nimport data.hookward.lib\n\nfacts := object.get(input.facts, \"shell\", {})\nfacts_of(k) := object.get(facts, k, [])\n\ndecision contains d if {\n\tsome c in facts_of(\"commands\")\n\td := c\n}\n\ndecision contains d if {\n\tsome p in lib.changed_paths\n\td := p\n}\n";
        let b = "package hookward.rules.b\n\ngate if input.event.kind in {\"PreToolUse\"}\n\ndecision contains 1 if {\n\tgate\n}\n\ndecision contains 2 if {\n\tinput.event.kind == \"PostToolUse\"\n}\n";
        let c = "package hookward.rules.c\n\ndecision contains 1 if {\n\tx := [y |\n\tsome y in input.facts.paths]\n\tcount(x) > 0\n}\n";
        let sources = [src(LIB), src(a), src(b), src(c)];
        let live = |kind, facts| live_packages(&sources, &shape(kind, facts));
        // c's `some` is inside a comprehension, not a conjunct of the body: always live
        assert_eq!(live("UserPromptSubmit", json!({})), ["hookward.rules.c"]);
        assert_eq!(
            live("PreToolUse", json!({"shell": {"commands": []}})),
            ["hookward.rules.a", "hookward.rules.b", "hookward.rules.c"]
        );
        assert_eq!(
            live("PostToolUse", json!({"paths": [{}]})),
            ["hookward.rules.a", "hookward.rules.b", "hookward.rules.c"]
        );
    }

    #[test]
    fn unknown_forms_keep_a_package() {
        for text in [
            "package hookward.rules.x\n\ndecision contains 1 if input.event.kind == \"Stop\"\n",
            "package hookward.rules.x\n\ndecision contains 1 if {\n\tsome p in input.facts.paths\n} {\n\ttrue\n}\n",
            "package hookward.rules.x\n\ndecision contains 1 if {\n\tsome p in other_paths\n}\n",
            "package hookward.rules.x\n\ng if input.event.kind == \"Stop\"\ng if true\n\ndecision contains 1 if {\n\tg\n}\n",
            "package hookward.rules.x\n\ndecision contains 1 if {\n\tsome p in input.facts.paths with input as {}\n}\n",
        ] {
            let live = live_packages(&[src(LIB), src(text)], &shape("PreToolUse", json!({})));
            assert_eq!(live, ["hookward.rules.x"], "{text}");
        }
    }

    #[test]
    fn the_pack_narrows_for_a_prompt_and_keeps_the_shell_rules_for_a_command() {
        let pack = crate::builtin_sources();
        let prompt = live_packages(&pack, &shape("UserPromptSubmit", json!({"scan": {}})));
        assert!(
            !prompt.iter().any(|p| p == "hookward.rules.shell"),
            "{prompt:?}"
        );
        let bash = live_packages(
            &pack,
            &shape(
                "PreToolUse",
                json!({"paths": [{}], "shell": {"commands": [{}]}}),
            ),
        );
        assert!(bash.iter().any(|p| p == "hookward.rules.shell"), "{bash:?}");
        assert!(bash.iter().any(|p| p == "hookward.rules.paths"), "{bash:?}");
    }
}
