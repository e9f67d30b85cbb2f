//! The built-in pack's program narrowed to what can fire on an input's shape (issue 15: the
//! program's deserialisation and evaluation were the largest pieces of a hook process).
//!
//! An input's [`InputShape`] is its event kind, which facts of [`SHAPE_KEYS`] it carries and
//! which shell facts of [`SHELL_KEYS`] (a value counts as absent when it is missing, `[]` or
//! `{}`; `null` counts as there). [`narrowed_sources`] reads the pack's Rego text and blanks a
//! `decision` definition only when it can show that its body cannot succeed on that shape: one
//! of the body's top-level conjuncts (a line of its own at bracket depth 0) is
//!
//! - `some x in E` (or `some x, y in E`) or `count(E) > 0` where `E` is empty on the shape,
//! - `input.event.kind == "K"` or `input.event.kind in {"K", …}` not naming the shape's kind,
//! - `V := input.facts.K` where the fact `K` is missing (`{}` or `[]` would be assigned),
//! - a bare name of a boolean rule of the same package whose every definition is one line
//!   `NAME if STATEMENT` with such a statement (`gate if input.event.kind in {…}`).
//!
//! `E` is empty when it reads absent facts: `input.facts.K`, `object.get(E2, "K", [] or {})`
//! below `input.facts` (so `object.get(object.get(input.facts, "shell", {}), "uploads", [])`
//! is the shell facts' `uploads`; `object.get(F, "x", [])` of another fact `F` that is missing
//! or `{}` is empty too), a complete rule of the same package defined once as
//! `NAME := E2`, a call `NAME("lit")` of a function defined once as `NAME(p) := E2` (the
//! literal standing for `p`), and `lib.NAME` for a partial set of `hookward.lib` whose every
//! body fails in turn. Anything else is taken to be non-empty; a package with a definition the
//! reader does not follow (a `decision` head other than `decision contains … if {`, a body
//! not closed by a brace of its own, one package in two files) is kept whole. A body is a
//! conjunction, so one failing conjunct is enough whatever the other lines do, and a blanked
//! definition adds nothing to `decision` on that shape: every rule keeps its value there.
//!
//! The hook computes the shape of the input it is about to evaluate and loads the program
//! compiled for it (`policy-<key>-s<shape>.rvm`, compiled once per shape, with only the rule
//! packages that keep a definition aggregated); an input of another shape is evaluated with the
//! whole pack ([`crate::Policy::evaluate`]). User policies are never narrowed. The test
//! `narrowed_program_decides_like_the_whole_pack` (hookward-pipeline) checks the captured
//! payloads, the shell corpora and injection texts against the whole pack.

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
    "written_exec",
    "lookalike_owners",
    "approval_off",
    "lookalike_packages",
    "written_secrets",
    "ci_checks_off",
    "access_opened",
];

/// The shell facts (`input.facts.shell.<kind>`, `hookward_shell::ShellFacts`) whose presence is
/// part of an input's shape, bit `i` for `SHELL_KEYS[i]`; one not listed is taken to be present.
pub const SHELL_KEYS: &[&str] = &[
    "commands",
    "paths",
    "fetches",
    "uploads",
    "remote_exec",
    "decoded_exec",
    "privilege",
    "persistence",
    "env_tamper",
    "obfuscation",
    "git",
    "infra",
    "cloud",
    "publish",
    "signals",
    "unanalysable",
    "dynamic_code",
    "remote_paths",
    "serves",
    "evasion",
    "secret_search",
    "denial_of_service",
    "secret_prints",
    "verbs",
];

/// What an input looks like to the narrowing: its event kind, the facts of [`SHAPE_KEYS`] and
/// the shell facts of [`SHELL_KEYS`] it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputShape {
    kind: String,
    /// [`SHAPE_KEYS`] facts that are there (not missing, `[]` or `{}`).
    present: u32,
    /// [`SHAPE_KEYS`] facts that are missing.
    missing: u32,
    /// [`SHAPE_KEYS`] facts that are missing or `{}`.
    void: u32,
    shell: u32,
}

/// A value counts as there unless it is `[]` or `{}` (`null` counts as there).
fn non_empty(v: Option<&serde_json::Value>) -> bool {
    match v {
        None => false,
        Some(serde_json::Value::Array(a)) => !a.is_empty(),
        Some(serde_json::Value::Object(o)) => !o.is_empty(),
        Some(_) => true,
    }
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
        let (mut present, mut missing, mut void) = (0u32, 0u32, 0u32);
        for (i, key) in SHAPE_KEYS.iter().enumerate() {
            let value = facts.and_then(|f| f.get(key));
            if non_empty(value) {
                present |= 1 << i;
            }
            if value.is_none() {
                missing |= 1 << i;
            }
            if value.is_none_or(|v| v.as_object().is_some_and(|o| o.is_empty())) {
                void |= 1 << i;
            }
        }
        let shell_facts = facts.and_then(|f| f.get("shell"));
        let mut shell = 0u32;
        for (i, key) in SHELL_KEYS.iter().enumerate() {
            // shell facts that are not an object (`[]` included): every kind counts as there
            if shell_facts.is_some_and(|s| !s.is_object())
                || non_empty(shell_facts.and_then(|s| s.get(key)))
            {
                shell |= 1 << i;
            }
        }
        InputShape {
            kind,
            present,
            missing,
            void,
            shell,
        }
    }

    /// The shape's part of a cached program's file name: `s` and 8 hex digits of the FNV-1a
    /// hash of the kind, then the presence bits in hex.
    pub(crate) fn suffix(&self) -> String {
        let mut h: u32 = 0x811c_9dc5;
        for b in self.kind.bytes() {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
        format!(
            "s{h:08x}{:x}-{:x}-{:x}-{:x}",
            self.present, self.missing, self.void, self.shell
        )
    }

    /// The facts at `path` below `input.facts` are absent on this shape: `[K]` for a fact of
    /// [`SHAPE_KEYS`] that is missing, `[]` or `{}`; `["shell", K]` for a shell fact of
    /// [`SHELL_KEYS`] that is missing, `[]` or `{}` in shell facts that are an object or missing;
    /// `[K, x]` for another fact of [`SHAPE_KEYS`] that is missing or `{}`. Any other path:
    /// `false`.
    fn absent(&self, path: &[String]) -> bool {
        match path {
            [key] => SHAPE_KEYS.contains(&key.as_str()) && !self.has(key),
            // `object.get(F, "x", [])` of a fact `F` that is missing or `{}` is the default
            [key, _] if key != "shell" => self.bit(self.void, key),
            [shell, kind] if shell == "shell" => SHELL_KEYS
                .iter()
                .position(|k| k == kind)
                .is_some_and(|i| self.shell & (1 << i) == 0),
            _ => false,
        }
    }

    /// `key` is a [`SHAPE_KEYS`] entry whose bit is set in `mask`.
    fn bit(&self, mask: u32, key: &str) -> bool {
        SHAPE_KEYS
            .iter()
            .position(|k| *k == key)
            .is_some_and(|i| mask & (1 << i) != 0)
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
    /// The line range (first, one past the last) of each `decision` definition, in order.
    decision_lines: Vec<(usize, usize)>,
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
    let mut decision_lines = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let start = i;
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
        if name == "decision" {
            decision_lines.push((start, i));
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
        decision_lines,
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

/// What [`scan_depth`] saw besides the depth: the lowest depth reached and whether a string
/// was still open at the end.
struct Scanned {
    lowest: i32,
    open_string: bool,
}

/// Walks `text` keeping the bracket depth (`(`, `[`, `{`; strings skipped, `\\` escapes
/// inside them), starting from `*depth` and leaving the depth at the end there; `at_top_comma`
/// gets the byte offset of every `,` at depth 0. The one bracket reader of this module.
fn scan_depth(text: &str, depth: &mut i32, mut at_top_comma: impl FnMut(usize)) -> Scanned {
    let b = text.as_bytes();
    let mut in_str = false;
    let mut lowest = *depth;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'(' | b'[' | b'{' if !in_str => *depth += 1,
            b')' | b']' | b'}' if !in_str => {
                *depth -= 1;
                lowest = lowest.min(*depth);
            }
            b',' if !in_str && *depth == 0 => at_top_comma(i),
            _ => {}
        }
        i += 1;
    }
    Scanned {
        lowest,
        open_string: in_str,
    }
}

/// The top-level statements of a body: lines at bracket depth 0 (strings and comments
/// skipped) that also end at depth 0, trimmed.
fn statements<'a>(body: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut depth: i32 = 0;
    for line in body {
        let code = code_of(line);
        let start = depth;
        let _ = scan_depth(code, &mut depth, |_| {});
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
        if let Some(path) = self.facts_path(pkg, expr, None, depth + 1) {
            return !path.is_empty() && shape.absent(&path);
        }
        if let Some(name) = expr.strip_prefix("lib.") {
            let imported = self.packages.get(pkg).is_some_and(|p| p.imports_lib);
            return imported
                && is_ident(name)
                && self.set_fails("hookward.lib", name, shape, depth + 1);
        }
        false
    }

    /// The path below `input.facts` that `expr` (read in `pkg`, with the function parameter
    /// `bind.0` standing for the string literal `bind.1`) is, or holds nothing but the empty
    /// default of: `input.facts`, `input.facts.K`, `object.get(E, KEY, [] or {})` with `E` such
    /// a path and `KEY` a string literal, a rule of `pkg` defined once as `NAME := E`, a call
    /// `NAME("lit")` of a function of `pkg` defined once as `NAME(p) := E`. `None` otherwise.
    fn facts_path(
        &self,
        pkg: &str,
        expr: &str,
        bind: Option<(&str, &str)>,
        depth: u32,
    ) -> Option<Vec<String>> {
        if depth > 8 {
            return None;
        }
        let expr = expr.trim();
        if expr == "input.facts" {
            return Some(Vec::new());
        }
        if let Some(key) = expr.strip_prefix("input.facts.") {
            return is_ident(key).then(|| vec![key.to_string()]);
        }
        if let Some(args) = expr
            .strip_prefix("object.get(")
            .and_then(|r| r.strip_suffix(')'))
            .filter(|a| balanced(a))
        {
            let parts = split_args(args);
            let [obj, key, default] = parts.as_slice() else {
                return None;
            };
            if !matches!(*default, "[]" | "{}") {
                return None;
            }
            let key = match bind {
                Some((param, lit)) if *key == param => lit,
                _ => string_literal(key)?,
            };
            let mut path = self.facts_path(pkg, obj, bind, depth + 1)?;
            path.push(key.to_string());
            return Some(path);
        }
        if is_ident(expr) {
            // a complete rule of this package, defined once as `NAME := E`
            let e = self
                .single_def(pkg, expr)?
                .strip_prefix(expr)?
                .strip_prefix(" := ")?;
            return self.facts_path(pkg, e, None, depth + 1);
        }
        let open = expr.find('(')?;
        let name = &expr[..open];
        let arg = string_literal(expr[open + 1..].strip_suffix(')')?)?; // a literal: balanced
        if !is_ident(name) {
            return None;
        }
        // a call of a function of this package defined once as `NAME(p) := E`
        let rest = self
            .single_def(pkg, name)?
            .strip_prefix(name)?
            .strip_prefix('(')?;
        let close = rest.find(')')?;
        let param = &rest[..close];
        let e = rest[close + 1..].strip_prefix(" := ")?;
        is_ident(param).then_some(())?;
        self.facts_path(pkg, e, Some((param, arg)), depth + 1)
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
        if let Some((var, key)) = s
            .split_once(" := input.facts.")
            .filter(|(v, k)| is_ident(v) && is_ident(k))
        {
            // assigning a missing fact is undefined
            let _ = var;
            return shape.bit(shape.missing, key);
        }
        if let Some(inner) = s
            .strip_prefix("count(")
            .and_then(|r| r.strip_suffix(") > 0"))
            .filter(|a| balanced(a))
        {
            return self.empty_when(pkg, inner, shape, depth + 1);
        }
        if is_ident(s) && s != "true" && s != "false" {
            return self.set_fails(pkg, s, shape, depth + 1);
        }
        false
    }
}

/// `s` opens no bracket it does not close and closes none it did not open (strings skipped).
fn balanced(s: &str) -> bool {
    let mut depth = 0;
    let scanned = scan_depth(s, &mut depth, |_| {});
    depth == 0 && scanned.lowest >= 0 && !scanned.open_string
}

/// The text of a plain string literal (`"abc"`, no escapes), if `s` is one.
fn string_literal(s: &str) -> Option<&str> {
    let inner = s.trim().strip_prefix('"')?.strip_suffix('"')?;
    (!inner.contains(['"', '\\'])).then_some(inner)
}

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// The comma-separated parts of `args` at bracket depth 0 (strings skipped), trimmed.
fn split_args(args: &str) -> Vec<&str> {
    let mut cuts = Vec::new();
    let _ = scan_depth(args, &mut 0, |i| cuts.push(i));
    let mut out = Vec::new();
    let mut start = 0;
    for i in cuts {
        out.push(args[start..i].trim());
        start = i + 1;
    }
    out.push(args[start..].trim());
    out
}

/// The rule packages (under [`RULES_PREFIX`]) of `sources` that may add to `decision` on an
/// input of `shape`, in name order: all but those whose every `decision` body is shown to fail
/// (module docs).
pub fn live_packages(sources: &[PolicySource], shape: &InputShape) -> Vec<String> {
    narrowed_sources(sources, shape).1
}

/// `sources` narrowed to `shape`, and their live rule packages ([`live_packages`]): in each
/// live package the `decision` definitions shown to fail on `shape` are blanked (their lines
/// made empty, so line numbers stay). On an input of that shape a blanked definition adds
/// nothing to `decision`, so every rule, `decision` included, has the value it has in the
/// whole source.
pub fn narrowed_sources(
    sources: &[PolicySource],
    shape: &InputShape,
) -> (Vec<PolicySource>, Vec<String>) {
    let mut pack = Pack {
        packages: BTreeMap::new(),
    };
    let mut of_source: Vec<Option<String>> = Vec::new();
    for s in sources {
        let name = package_of(&s.text);
        of_source.push(name.clone());
        let Some(name) = name else { continue };
        match pack.packages.entry(name) {
            std::collections::btree_map::Entry::Occupied(mut e) => {
                // one package in two files: not analysed, kept whole
                e.insert(Package {
                    defs: BTreeMap::new(),
                    decision_lines: Vec::new(),
                    odd: true,
                    imports_lib: false,
                });
            }
            std::collections::btree_map::Entry::Vacant(e) => {
                e.insert(parse(&s.text));
            }
        }
    }
    // per rule package: which `decision` definitions fail on the shape (none when odd)
    let mut dead: BTreeMap<&str, Vec<bool>> = BTreeMap::new();
    for (name, p) in &pack.packages {
        if !name.starts_with(RULES_PREFIX) {
            continue;
        }
        let fails: Vec<bool> = match p.defs.get("decision") {
            Some(defs) if !p.odd => defs
                .iter()
                .map(|(_, body)| {
                    statements(body)
                        .iter()
                        .any(|s| pack.statement_fails(name, s, shape, 0))
                })
                .collect(),
            _ => Vec::new(),
        };
        dead.insert(name, fails);
    }
    let live: Vec<String> = dead
        .iter()
        .filter(|(_, fails)| fails.is_empty() || fails.iter().any(|f| !f))
        .map(|(name, _)| name.to_string())
        .collect();
    let narrowed = sources
        .iter()
        .zip(&of_source)
        .map(|(s, name)| {
            let blank: Vec<(usize, usize)> = name
                .as_deref()
                .and_then(|n| Some((pack.packages.get(n)?, dead.get(n)?)))
                .filter(|(_, fails)| fails.iter().any(|f| !f))
                .map(|(p, fails)| {
                    p.decision_lines
                        .iter()
                        .zip(fails)
                        .filter(|(_, f)| **f)
                        .map(|(r, _)| *r)
                        .collect()
                })
                .unwrap_or_default();
            if blank.is_empty() {
                return s.clone();
            }
            let text: Vec<&str> = s
                .text
                .lines()
                .enumerate()
                .map(|(i, l)| {
                    if blank.iter().any(|(a, b)| (*a..*b).contains(&i)) {
                        ""
                    } else {
                        l
                    }
                })
                .collect();
            PolicySource {
                name: s.name.clone(),
                text: (text.join("\n") + "\n").into(),
                builtin: s.builtin,
            }
        })
        .collect();
    (narrowed, live)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn src(text: &str) -> PolicySource {
        PolicySource {
            name: "t.rego".into(),
            text: text.to_string().into(),
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
            live("PreToolUse", json!({"shell": {"commands": [1]}})),
            ["hookward.rules.a", "hookward.rules.b", "hookward.rules.c"]
        );
        assert_eq!(
            live("PostToolUse", json!({"paths": [{}]})),
            ["hookward.rules.a", "hookward.rules.b", "hookward.rules.c"]
        );
    }

    #[test]
    fn shell_kinds_and_counts_narrow_single_rules() {
        let a = "package hookward.rules.a\n\nfacts := object.get(input.facts, \"shell\", {})\nfacts_of(k) := object.get(facts, k, [])\n\ndecision contains 1 if {\n\tsome c in facts_of(\"uploads\")\n}\n\ndecision contains 2 if {\n\tcount(object.get(facts, \"git\", [])) > 0\n}\n\ndecision contains 3 if {\n\tsome c in facts_of(\"commands\")\n}\n";
        let sources = [src(LIB), src(a)];
        let s = shape(
            "PreToolUse",
            json!({"shell": {"commands": [1], "uploads": []}}),
        );
        let (narrowed, live) = narrowed_sources(&sources, &s);
        assert_eq!(live, ["hookward.rules.a"]);
        let text = &narrowed[1].text;
        assert!(!text.contains("decision contains 1") && !text.contains("decision contains 2"));
        assert!(text.contains("decision contains 3"), "{text}");
        assert_eq!(text.lines().count(), a.lines().count(), "line numbers kept");
        // shell facts that are not an object: every kind counts as there
        let odd = shape("PreToolUse", json!({"shell": []}));
        assert_eq!(narrowed_sources(&sources, &odd).0[1].text, a);
        // no shell facts at all: the package is dead
        assert!(live_packages(&sources, &shape("PreToolUse", json!({}))).is_empty());
    }

    #[test]
    fn missing_facts_fail_assignments_and_void_facts_empty_their_fields() {
        let a = "package hookward.rules.a\n\niw := object.get(input.facts, \"instruction_write\", {})\n\ndecision contains 1 if {\n\tch := input.facts.settings_change\n\tch.x\n}\n\ndecision contains 2 if {\n\tcount(object.get(iw, \"secrets\", [])) > 0\n}\n";
        let sources = [src(LIB), src(a)];
        let live = |facts| live_packages(&sources, &shape("PreToolUse", facts));
        assert!(live(json!({})).is_empty());
        // `{}` is assigned (so body 1 stays), `{}` has no secrets (body 2 fails)
        assert_eq!(
            live(json!({"settings_change": {}, "instruction_write": {}})),
            ["hookward.rules.a"]
        );
        let (narrowed, _) = narrowed_sources(
            &sources,
            &shape("PreToolUse", json!({"settings_change": {}})),
        );
        assert!(
            narrowed[1].text.contains("decision contains 1")
                && !narrowed[1].text.contains("decision contains 2")
        );
        // a fact that is `[]` is not an object: `object.get([], …)` is not read as empty
        assert_eq!(live(json!({"instruction_write": []})), ["hookward.rules.a"]);
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
