//! hookward's policy engine: Rego policies (OPA's language, run in-process by the `regorus`
//! crate) decide over the facts hookward computes.
//!
//! * Every rule — built-in or the user's — is a Rego rule in package `hookward.rules` that adds
//!   an object to the partial set `decision`:
//!   `{"id": "path/credential-store", "decision": "deny"|"ask"|"allow", "reason": "…"}`.
//!   The input document is `{event, facts, config}`; `data` comes from the user's config.
//! * [`Policy::load`] gathers the built-in pack (compiled into the binary, see
//!   [`builtin_sources`]) and the user's `*.rego` files, compiles them to an RVM program and
//!   caches that program on disk keyed by the blake3 hash of every source, so a fresh hook
//!   process with unchanged policies deserialises instead of recompiling (deps.md: 0.3 ms to
//!   load vs 5–19 ms to compile).
//! * A user file that does not parse is left out and reported ([`Policy::broken`]); a user rule
//!   that fails at evaluation time makes hookward evaluate the built-in pack alone and report
//!   the error ([`Evaluation::user_error`]) — never a silent hole, never a wedged agent.
//! * [`resolve`] applies the configured disabled rules (ids under `self/` are locked and cannot
//!   be disabled) and resolves deny > ask > allow, ties by the smallest rule id.
//! * [`run_tests`] runs `test_*` rules like `opa test`.
//!
//! ```
//! use hookward_policy::{Policy, LoadOptions};
//! let mut policy = Policy::load(&LoadOptions::default()).unwrap();
//! let input = serde_json::json!({
//!   "event": {"kind": "PreToolUse", "tool": {"name": "Read", "kind": "file_read"}},
//!   "facts": {"project_dir": "/p", "paths": [{"path": "/home/dev/.ssh/id_rsa", "access": "read",
//!             "via": "tool", "evidence": "/home/dev/.ssh/id_rsa", "classes": ["credential"], "recursive": false}]},
//!   "config": {}
//! });
//! let eval = policy.evaluate(&input).unwrap();
//! assert_eq!(eval.candidates[0].id, "path/credential-store");
//! ```
#![deny(missing_docs)]

use hookward_core::{Candidate, Decision, Verdict};
use regorus::languages::rego::compiler::Compiler;
use regorus::rvm::program::{DeserializationResult, Program};
use regorus::rvm::RegoVM;
use regorus::{Engine, Value};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

pub mod admin;
pub mod agents;
mod lint;
mod shape;
mod split;
pub use lint::{
    all_rule_infos, dir_warnings, disabled_warnings, package_warnings, setup_warnings,
    PolicyWarning, DECISIONS,
};
pub use shape::{live_packages, narrowed_sources, InputShape, SHAPE_KEYS, SHELL_KEYS};

/// The entry point: the union of `decision` of every package under `hookward.rules.`.
pub const ENTRY_POINT: &str = "data.hookward.main.decision";

/// Rule packages must live under this prefix (`package hookward.rules.<name>`, one package per
/// file) to be part of the decision.
pub const RULES_PREFIX: &str = "hookward.rules.";

/// The `package` of a Rego source, if it has one: the first line that starts (after
/// white space) with `package`, white space and a dotted name (`[A-Za-z0-9_.]+`, what the
/// regex `(?m)^\s*package\s+([A-Za-z0-9_.]+)` finds). Scanned by hand: compiling that regex
/// cost ~0.6 ms of every hook process with user policies (issue 15).
pub fn package_of(text: &str) -> Option<String> {
    line_words(text, "package").find_map(|after| {
        let name = after.trim_start();
        if name.len() == after.len() {
            return None; // `packages`, `package_x`: not the keyword
        }
        let end = name
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(name.len());
        (end > 0).then(|| name[..end].to_string())
    })
}

/// For every line of `text` that starts (after white space, blank lines included) with
/// `word`, the text right after the word.
pub(crate) fn line_words<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = &'a str> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .filter_map(move |i| text[i..].trim_start().strip_prefix(word))
}

/// Generates the aggregating module `hookward.main`: `decision` is the union of the
/// `decision` sets of every rule package among `sources`. A package under
/// [`admin::CUSTOM_PACKAGE_PREFIX`] contributes only its entries whose id starts with its own
/// `custom/<name>/` ([`admin::custom_prefix_of_package`]).
///
/// Why generated: regorus 0.14 evaluates a partial set defined across several modules
/// incompletely under `with input as …` (found while writing the pack's tests), so every
/// file keeps its own package and this module unions them; each contribution is then a
/// single-module rule.
pub fn main_module(sources: &[PolicySource]) -> PolicySource {
    let mut packages: Vec<String> = sources
        .iter()
        .filter_map(|s| package_of(&s.text))
        .filter(|p| p.starts_with(RULES_PREFIX))
        .collect();
    packages.sort();
    packages.dedup();
    main_module_of(&packages)
}

/// The aggregating module `hookward.main` over the rule packages `packages` (sorted, no
/// duplicates), as [`main_module`] writes it.
fn main_module_of(packages: &[String]) -> PolicySource {
    let mut text = String::from("package hookward.main\n\n");
    for p in packages {
        // A custom policy's entries count only under its own ids (`admin` module docs).
        let own = match admin::custom_prefix_of_package(p) {
            Some(prefix) => format!("\n\tstartswith(d.id, {prefix:?})"),
            None => String::new(),
        };
        text.push_str(&format!(
            "decision contains d if {{\n\tsome d in data.{p}.decision{own}\n}}\n\n"
        ));
    }
    if packages.is_empty() {
        text.push_str("decision := set()\n");
    }
    PolicySource {
        name: "builtin:main.rego (generated)".into(),
        text: text.into(),
        builtin: true,
    }
}

/// Rule ids with this prefix are locked: config cannot disable them (self-protection).
pub const LOCKED_PREFIX: &str = "self/";

/// One Rego source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicySource {
    /// `builtin:paths.rego` for the built-in pack, else the file's path.
    pub name: String,
    /// The Rego text: borrowed for the built-in pack (compiled into the binary, so a process
    /// that only needs the cache key copies none of its ~90 KB), owned for files read.
    pub text: Cow<'static, str>,
    /// True for the pack compiled into the binary.
    pub builtin: bool,
}

macro_rules! builtin {
    ($($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("../policy/", $file)))),*]
    };
}

const BUILTIN: &[(&str, &str)] = builtin![
    "lib.rego",
    "paths.rego",
    "self.rego",
    "shell.rego",
    "exports.rego",
    "flow.rego",
    "inject.rego",
    "context.rego",
    "net.rego",
    "mcp.rego",
    "web.rego",
    "verbs.rego",
    "source.rego",
    "scope.rego",
    "code.rego",
    "keys.rego",
    "cloudshape.rego",
    "orders.rego",
    "message.rego",
    "learned.rego",
    "configedit.rego",
    "checkopts.rego",
    "diradmin.rego"
];
const BUILTIN_TESTS: &[(&str, &str)] = builtin![
    "tests/paths_test.rego",
    "tests/self_test.rego",
    "tests/shell_test.rego",
    "tests/exports_test.rego",
    "tests/flow_test.rego",
    "tests/inject_test.rego",
    "tests/context_test.rego",
    "tests/net_test.rego",
    "tests/mcp_test.rego",
    "tests/web_test.rego",
    "tests/verbs_test.rego",
    "tests/source_test.rego",
    "tests/scope_test.rego",
    "tests/code_test.rego",
    "tests/keys_test.rego",
    "tests/cloudshape_test.rego",
    "tests/orders_test.rego",
    "tests/message_test.rego",
    "tests/learned_test.rego",
    "tests/configedit_test.rego",
    "tests/checkopts_test.rego",
    "tests/diradmin_test.rego",
];

/// The built-in rule pack (`crates/hookward-policy/policy/*.rego`), compiled into the binary,
/// and the agents' tables it reads, generated from their profiles (the package
/// `hookward.agents`, [`agents::agents_module`]).
pub fn builtin_sources() -> Vec<PolicySource> {
    let mut sources = to_sources(BUILTIN);
    sources.push(agents::agents_module());
    sources
}

/// The built-in pack's Rego unit tests (`policy/tests/*_test.rego`).
pub fn builtin_tests() -> Vec<PolicySource> {
    to_sources(BUILTIN_TESTS)
}

/// The source name of a built-in file (`builtin:shell.rego`).
fn builtin_name(file: &str) -> String {
    format!("builtin:{file}")
}

fn to_sources(files: &[(&str, &'static str)]) -> Vec<PolicySource> {
    files
        .iter()
        .map(|(name, text)| PolicySource {
            name: builtin_name(name),
            text: Cow::Borrowed(text),
            builtin: true,
        })
        .collect()
}

/// Errors of the policy engine.
#[derive(Debug, thiserror::Error)]
pub enum PolicyError {
    /// A policy directory or file could not be read.
    #[error("cannot read policy {path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// The built-in pack failed to compile or evaluate: a bug in hookward.
    #[error("built-in policy pack failed ({0}); this is a hookward bug, please report it")]
    Builtin(String),
    /// Rego evaluation failed.
    #[error("policy evaluation failed: {0}")]
    Eval(String),
    /// `policy test` or `policy eval` got an input that is not what was expected.
    #[error("{0}")]
    Input(String),
}

/// A user policy file that was left out because it does not parse or compile.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BrokenPolicy {
    /// The file.
    pub name: String,
    /// The parser's message (file, line, column, what was expected).
    pub error: String,
}

/// Where [`Policy::load`] looks.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Directories of user policies; each `*.rego` not ending in `_test.rego` is loaded, in
    /// name order. A missing directory is skipped.
    pub user_dirs: Vec<PathBuf>,
    /// Where compiled programs are cached (`~/.hookward/cache`); `None` disables the cache.
    pub cache_dir: Option<PathBuf>,
    /// The `data` document (from config `[policy.data]`), or `Null` for none.
    pub data: serde_json::Value,
    /// How user policies are evaluated beside the built-in pack.
    pub user_eval: UserEval,
    /// The shape of the input that will be evaluated ([`InputShape::of`]): when the built-in
    /// pack runs from its own program, that program holds only the rule packages that can fire
    /// on this shape ([`live_packages`]), cached per shape. An input of another shape is
    /// evaluated with the whole pack. `None`: the whole pack.
    pub shape: Option<InputShape>,
}

/// How user policies (and a managed bundle's) are evaluated beside the built-in pack.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum UserEval {
    /// The built-in pack from its compiled program, the user policies (with the built-in
    /// modules they reference) in the interpreter, the two `decision` sets unioned — whenever
    /// that gives the same set as [`UserEval::Combined`] (`split.rs`); otherwise combined.
    #[default]
    Split,
    /// Everything in one interpreter, as before issue 15. For the equivalence tests and
    /// benchmarks that compare the two.
    Combined,
}

/// Reads the user policy files (not tests) of `dirs`, in directory then name order.
///
/// Errors: [`PolicyError::Io`] for a directory that exists but cannot be read, or a file that
/// cannot be read.
pub fn user_sources(dirs: &[PathBuf], tests: bool) -> Result<Vec<PolicySource>, PolicyError> {
    let mut out = Vec::new();
    for dir in dirs {
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(source) => {
                return Err(PolicyError::Io {
                    path: dir.clone(),
                    source,
                })
            }
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                name.ends_with(".rego") && name.ends_with("_test.rego") == tests
            })
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).map_err(|source| PolicyError::Io {
                path: path.clone(),
                source,
            })?;
            out.push(PolicySource {
                name: path.display().to_string(),
                text: text.into(),
                builtin: false,
            });
        }
    }
    Ok(out)
}

/// How the policy was made ready in this process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoadMode {
    /// A cached compiled program was deserialised.
    Cached,
    /// Sources were parsed and compiled (and cached if a cache dir was given).
    Compiled,
    /// User policies are loaded (or the RVM could not compile them): the tree-walking
    /// interpreter is used, which reports builtin errors instead of skipping them.
    Interpreter,
    /// User policies are loaded and evaluated apart: the built-in pack from its compiled
    /// program (cached or compiled now), the user policies in the interpreter.
    Split,
}

enum Runner {
    Vm(Box<RegoVM>),
    Interp(Box<Engine>),
}

struct Loaded {
    runner: Runner,
    mode: LoadMode,
}

/// A loaded policy set, ready to evaluate inputs.
pub struct Policy {
    /// Built-in and user policies together, or the built-in pack alone when `user_part` is set.
    full: Loaded,
    /// The input shape `full` (then the built-in pack alone) was narrowed to
    /// ([`LoadOptions::shape`]).
    narrowed: Option<InputShape>,
    /// The user policies apart from the built-in pack ([`UserEval::Split`]), in the interpreter.
    user_part: Option<Loaded>,
    /// Built-in pack only; made on demand when the full set fails at evaluation time.
    builtin_only: Option<Loaded>,
    has_user: bool,
    broken: Vec<BrokenPolicy>,
    /// The user sources as loaded, for [`Policy::setup_warnings`].
    user: Vec<PolicySource>,
    opts: LoadOptions,
    load_us: u64,
}

/// The result of one evaluation.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Evaluation {
    /// Every rule that fired (before disabled rules are applied), sorted.
    pub candidates: Vec<Candidate>,
    /// Objects in `decision` that were not `{id, decision, reason}` — a broken user rule.
    pub malformed: Vec<String>,
    /// Set when the full set failed and the built-in pack alone decided.
    pub user_error: Option<String>,
    /// Microseconds spent evaluating.
    pub eval_us: u64,
}

/// The key of a compiled program: BLAKE3 of the version, then the sources — the built-in pack
/// at their head as its compile-time digest and the generated agents module
/// ([`builtin_prefix`]), every other source as its name and text (each followed by a NUL) —
/// then the `[policy.data]` document; the first 32 hex digits.
fn cache_key(sources: &[PolicySource], data: &serde_json::Value) -> String {
    let (mut h, rest) = match builtin_prefix(sources) {
        Some((h, n)) => (h.clone(), &sources[n..]),
        None => (key_hasher(), sources),
    };
    for s in rest {
        hash_source(&mut h, s);
    }
    h.update(data.to_string().as_bytes());
    h.finalize().to_hex()[..32].to_string()
}

fn key_hasher() -> blake3::Hasher {
    let mut h = blake3::Hasher::new();
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(b"\0regorus-0.14\0");
    h
}

fn hash_source(h: &mut blake3::Hasher, s: &PolicySource) {
    h.update(s.name.as_bytes());
    h.update(b"\0");
    h.update(s.text.as_bytes());
    h.update(b"\0");
}

/// FNV-1a (128 bits) of the built-in pack's files, each name and text followed by a NUL,
/// computed by the compiler: the files are compiled into the binary, so their digest is a
/// constant of it. It stands for their text in the cache key (see [`builtin_prefix`]).
const BUILTIN_DIGEST: u128 = fnv128_files(BUILTIN);

const fn fnv128_files(files: &[(&str, &str)]) -> u128 {
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    let mut h: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    let mut i = 0;
    while i < files.len() {
        let (name, text) = files[i];
        let mut part = 0;
        while part < 2 {
            let b = if part == 0 {
                name.as_bytes()
            } else {
                text.as_bytes()
            };
            let mut j = 0;
            while j < b.len() {
                h ^= b[j] as u128;
                h = h.wrapping_mul(PRIME);
                j += 1;
            }
            // the NUL after each part (xor with 0 changes nothing)
            h = h.wrapping_mul(PRIME);
            part += 1;
        }
        i += 1;
    }
    h
}

/// When `sources` starts with the whole built-in pack ([`builtin_sources`], as every load
/// does), the key's hasher state after it, computed once per process, and the pack's length.
/// The pack's files enter the key as their compile-time digest ([`BUILTIN_DIGEST`]) and the
/// generated agents module as its text: hashing the ~90 KB of built-in text with BLAKE3 and
/// copying it into sources cost every hook process about 0.8 M instructions (callgrind,
/// 2026-12-06; before that the warm helper's server hashed it on every call, issue 15). A
/// source counts as built-in only when it is marked so (user files never are) and has the
/// pack's name at the pack's place.
fn builtin_prefix(sources: &[PolicySource]) -> Option<(&'static blake3::Hasher, usize)> {
    static PREFIX: std::sync::OnceLock<(blake3::Hasher, Vec<String>)> = std::sync::OnceLock::new();
    let (h, names) = PREFIX.get_or_init(|| {
        let mut h = key_hasher();
        h.update(b"builtin-pack\0");
        h.update(&BUILTIN_DIGEST.to_le_bytes());
        let agents = agents::agents_module();
        hash_source(&mut h, &agents);
        let mut names: Vec<String> = BUILTIN.iter().map(|(n, _)| builtin_name(n)).collect();
        names.push(agents.name);
        (h, names)
    });
    let n = names.len();
    let is_pack = sources.len() >= n
        && sources[..n]
            .iter()
            .zip(names)
            .all(|(s, name)| s.builtin && s.name == *name);
    is_pack.then_some((h, n))
}

fn new_engine() -> Engine {
    let mut engine = Engine::new();
    // Surface builtin errors (e.g. an invalid regex) instead of OPA's silent skip: a rule that
    // never fires is a hole; the caller falls back to the built-in pack and reports it.
    engine.set_strict_builtin_errors(true);
    engine
}

/// Compiled programs kept in memory between calls, for a long-lived process (the warm
/// helper's server, `hookward hook-server`), keyed by exactly the key of the on-disk cache
/// (`policy-<key>.rvm`: the version, every source's name and text, the `[policy.data]`
/// document), so an edit to a policy or its data makes a new key and is seen on the next call.
/// Off unless [`keep_programs_in_memory`] was called: a hook process loads once and exits.
mod memory {
    use super::{BrokenPolicy, Program};
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex, PoisonError};

    /// Programs kept at most; past it the map starts over (old keys are edits of the past).
    const MAX_KEPT: usize = 16;

    pub(super) static ON: AtomicBool = AtomicBool::new(false);

    type Kept = HashMap<String, (Arc<Program>, Vec<BrokenPolicy>)>;

    static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

    pub(super) fn get(key: &str) -> Option<(Arc<Program>, Vec<BrokenPolicy>)> {
        if !ON.load(Ordering::Relaxed) {
            return None;
        }
        let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        kept.as_ref()?.get(key).cloned()
    }

    pub(super) fn put(key: &str, program: &Arc<Program>, broken: &[BrokenPolicy]) {
        if !ON.load(Ordering::Relaxed) {
            return;
        }
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        let map = kept.get_or_insert_with(HashMap::new);
        if map.len() >= MAX_KEPT {
            map.clear();
        }
        map.insert(key.to_string(), (Arc::clone(program), broken.to_vec()));
    }
}

/// Keeps compiled policy programs in memory between [`Policy::load`] calls of this process,
/// keyed by the on-disk cache's key (see the `memory` module): for the warm helper's server.
pub fn keep_programs_in_memory() {
    memory::ON.store(true, std::sync::atomic::Ordering::Relaxed);
}

fn load_sources(
    sources: &[PolicySource],
    data: &serde_json::Value,
    cache_dir: Option<&Path>,
    shape: Option<&InputShape>,
) -> Result<(Loaded, Vec<BrokenPolicy>), String> {
    // Narrowed only when every source is the built-in pack's (user rules are never left out).
    let shape = shape.filter(|_| sources.iter().all(|s| s.builtin));
    let mut key = cache_key(sources, data);
    if let Some(shape) = shape {
        key = format!("{key}-{}", shape.suffix());
    }
    let data_value = if data.is_null() {
        Value::new_object()
    } else {
        Value::from(data.clone())
    };
    if let Some(dir) = cache_dir {
        let bin = dir.join(format!("policy-{key}.rvm"));
        let kept = memory::get(&key);
        let from_disk = || {
            let bytes = std::fs::read(&bin).ok()?;
            let Ok(DeserializationResult::Complete(program)) = Program::deserialize_binary(&bytes)
            else {
                return None;
            };
            let broken: Vec<BrokenPolicy> =
                std::fs::read(dir.join(format!("policy-{key}.broken.json")))
                    .ok()
                    .and_then(|b| serde_json::from_slice(&b).ok())
                    .unwrap_or_default();
            let program = Arc::new(program);
            memory::put(&key, &program, &broken);
            Some((program, broken))
        };
        if let Some((program, broken)) = kept.or_else(from_disk) {
            {
                let mut vm = RegoVM::new();
                vm.set_strict_builtin_errors(true);
                vm.set_max_instructions(MAX_INSTRUCTIONS);
                vm.load_program(program);
                vm.set_data(data_value).map_err(|e| e.to_string())?;
                return Ok((
                    Loaded {
                        runner: Runner::Vm(Box::new(vm)),
                        mode: LoadMode::Cached,
                    },
                    broken,
                ));
            }
        }
    }
    // Narrowed: the dead `decision` definitions blanked, only the live packages aggregated.
    let narrowed = shape.map(|shape| shape::narrowed_sources(sources, shape));
    let (sources, live) = match &narrowed {
        Some((narrowed, live)) => (narrowed.as_slice(), Some(live)),
        None => (sources, None),
    };
    let mut engine = new_engine();
    let mut broken = Vec::new();
    for s in sources {
        if let Err(e) = engine.add_policy(s.name.clone(), s.text.to_string()) {
            if s.builtin {
                return Err(format!("{}: {e}", s.name));
            }
            broken.push(BrokenPolicy {
                name: s.name.clone(),
                error: e.to_string(),
            });
        }
    }
    let parsed: Vec<PolicySource> = sources
        .iter()
        .filter(|s| !broken.iter().any(|b| b.name == s.name))
        .cloned()
        .collect();
    let main = match live {
        Some(live) => main_module_of(live),
        None => main_module(&parsed),
    };
    engine
        .add_policy(main.name, main.text.into_owned())
        .map_err(|e| format!("generated main module: {e}"))?;
    engine
        .add_data(data_value.clone())
        .map_err(|e| format!("config [policy.data]: {e}"))?;
    if sources.iter().any(|s| !s.builtin) {
        // User policies run in the interpreter: regorus 0.14's RVM turns a builtin error in a
        // rule body (e.g. an invalid regex) into "undefined" even in strict mode, which would
        // make a broken user rule a silent hole (see the test
        // `user_rule_failing_at_runtime_falls_back_to_builtins_loudly`). Costs ~1 ms more per
        // hook process (BENCHMARKS.md).
        return Ok((
            Loaded {
                runner: Runner::Interp(Box::new(engine)),
                mode: LoadMode::Interpreter,
            },
            broken,
        ));
    }
    let entry: regorus::Rc<str> = ENTRY_POINT.into();
    let program = engine
        .compile_with_entrypoint(&entry)
        .map_err(|e| e.to_string())
        .and_then(|compiled| {
            Compiler::compile_from_policy(&compiled, &[ENTRY_POINT]).map_err(|e| e.to_string())
        });
    match program {
        Ok(program) => {
            if let Some(dir) = cache_dir {
                if let Ok(bytes) = for_cache(&program).serialize_binary() {
                    let _ = write_atomic(dir, &format!("policy-{key}.rvm"), &bytes);
                    if let Ok(b) = serde_json::to_vec(&broken) {
                        let _ = write_atomic(dir, &format!("policy-{key}.broken.json"), &b);
                    }
                    prune_cache(dir, MAX_CACHED_PROGRAMS);
                }
            }
            let mut vm = RegoVM::new();
            vm.set_strict_builtin_errors(true);
            vm.set_max_instructions(MAX_INSTRUCTIONS);
            vm.load_program(program);
            vm.set_data(data_value).map_err(|e| e.to_string())?;
            Ok((
                Loaded {
                    runner: Runner::Vm(Box::new(vm)),
                    mode: LoadMode::Compiled,
                },
                broken,
            ))
        }
        Err(_) => Ok((
            Loaded {
                runner: Runner::Interp(Box::new(engine)),
                mode: LoadMode::Interpreter,
            },
            broken,
        )),
    }
}

/// The compiled program as the cache stores it: without the Rego source texts
/// (`Program::sources`) and the per-instruction source spans (`Program::instruction_spans`).
///
/// regorus 0.14's VM reads neither when it evaluates (they serve the compiler, recompiling a
/// partial program and the JSON dump), yet every hook process decoded them from the cached
/// file: about half of its 174 KB (89,563 bytes of sources) and a UTF-8 check of each text.
/// A stripped program deserialises as `Complete` like the full one (`needs_recompilation` is
/// decided by the instructions, literals and rule tree), and evaluates alike
/// (the test `cached_program_gives_same_answers_as_fresh_compile`; the pipeline's
/// `eval_equivalence` runs every corpus through the cached program). Issue 15, BENCHMARKS.md.
fn for_cache(program: &Program) -> Program {
    let mut p = program.clone();
    p.sources = Vec::new();
    p.instruction_spans = Vec::new();
    p
}

/// The most RVM instructions one evaluation may run (regorus's default is 25,000). The
/// instruction count grows with the facts: a `git add` of 700 files already needs more than
/// 25,000, and an evaluation stopped by the limit fails the call closed (the pipeline treats
/// evaluation errors as input-driven). 50 million is far above any input measured (a settings
/// write padded with 20,000 values evaluates in 198 ms in a debug build) and bounds a runaway
/// evaluation to the order of a second (an estimate from that rate; BENCHMARKS.md, "Large inputs
/// and the instruction limit").
pub const MAX_INSTRUCTIONS: usize = 50_000_000;

/// The user part of a split evaluation ([`UserEval::Split`]): `user` and the built-in
/// `helpers` they reference in one interpreter, with a `hookward.main` that aggregates only
/// the user packages. Returns it and the user files left out because they do not parse.
fn load_user_part(
    user: &[PolicySource],
    helpers: &[PolicySource],
    data: &serde_json::Value,
) -> Result<(Loaded, Vec<BrokenPolicy>), String> {
    let mut engine = new_engine();
    for s in helpers {
        engine
            .add_policy(s.name.clone(), s.text.to_string())
            .map_err(|e| format!("{}: {e}", s.name))?;
    }
    let mut broken = Vec::new();
    let mut parsed = Vec::new();
    for s in user {
        match engine.add_policy(s.name.clone(), s.text.to_string()) {
            Ok(_) => parsed.push(s.clone()),
            Err(e) => broken.push(BrokenPolicy {
                name: s.name.clone(),
                error: e.to_string(),
            }),
        }
    }
    let main = main_module(&parsed);
    engine
        .add_policy(main.name, main.text.into_owned())
        .map_err(|e| format!("generated main module: {e}"))?;
    let data_value = if data.is_null() {
        Value::new_object()
    } else {
        Value::from(data.clone())
    };
    engine
        .add_data(data_value)
        .map_err(|e| format!("config [policy.data]: {e}"))?;
    Ok((
        Loaded {
            runner: Runner::Interp(Box::new(engine)),
            mode: LoadMode::Interpreter,
        },
        broken,
    ))
}

/// How many compiled programs the cache keeps (`policy-*.rvm`, with their `.broken.json`):
/// one per binary version, policy set and input shape (`shape.rs`) is written, and a program
/// is 12-70 KB, so without a bound the folder grows with every upgrade and every new shape. 128
/// is twice the shapes the narrowed-pack equivalence test's 3,298 inputs (captured payloads,
/// shell corpora, injection texts) make, 60 (BENCHMARKS.md, "h-perf18"); the least recently
/// written go first.
pub const MAX_CACHED_PROGRAMS: usize = 128;

/// Removes the least recently modified compiled programs of `dir` beyond `keep` (and their
/// `.broken.json` beside them). Best effort: only after a new program was written, so never on
/// a hook call that found its program; errors are ignored (a file another process removed).
fn prune_cache(dir: &Path, keep: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut programs: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name();
            let n = n.to_string_lossy();
            n.starts_with("policy-") && n.ends_with(".rvm")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    if programs.len() <= keep {
        return;
    }
    programs.sort();
    let excess = programs.len() - keep;
    for (_, path) in programs.into_iter().take(excess) {
        let _ = std::fs::remove_file(path.with_extension("broken.json"));
        let _ = std::fs::remove_file(&path);
    }
}

fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    hookward_sys::write_atomic(&dir.join(name), bytes)
}

impl Loaded {
    fn eval(&mut self, input: Value) -> Result<Value, String> {
        match &mut self.runner {
            Runner::Vm(vm) => {
                vm.set_input(input);
                vm.execute_entry_point_by_name(ENTRY_POINT)
                    .map_err(|e| e.to_string())
            }
            Runner::Interp(engine) => {
                engine.set_input(input);
                engine
                    .eval_rule(ENTRY_POINT.to_string())
                    .map_err(|e| e.to_string())
            }
        }
    }
}

impl Policy {
    /// Loads the built-in pack plus the user policies of `opts.user_dirs`.
    ///
    /// Errors: [`PolicyError::Io`] when a user directory or file cannot be read;
    /// [`PolicyError::Builtin`] if the built-in pack does not compile (a hookward bug).
    /// Unparseable user files are not errors: they are left out and listed in
    /// [`Policy::broken`].
    pub fn load(opts: &LoadOptions) -> Result<Policy, PolicyError> {
        let user = user_sources(&opts.user_dirs, false)?;
        Self::from_sources(user, opts.clone())
    }

    /// Like [`Policy::load`] with the user sources given directly.
    pub fn from_sources(user: Vec<PolicySource>, opts: LoadOptions) -> Result<Policy, PolicyError> {
        let start = Instant::now();
        let has_user = !user.is_empty();
        let mut sources = builtin_sources();
        let plan = match opts.user_eval {
            UserEval::Split if has_user => split::plan(&user, &sources),
            _ => None,
        };
        let (full, user_part, broken) = match plan {
            Some(needed) => {
                let (full, _) = load_sources(
                    &sources,
                    &opts.data,
                    opts.cache_dir.as_deref(),
                    opts.shape.as_ref(),
                )
                .map_err(PolicyError::Builtin)?;
                let helpers: Vec<PolicySource> =
                    needed.into_iter().map(|i| sources[i].clone()).collect();
                let (part, broken) =
                    load_user_part(&user, &helpers, &opts.data).map_err(PolicyError::Builtin)?;
                (full, Some(part), broken)
            }
            None => {
                sources.extend(user.iter().cloned());
                let (full, broken) = load_sources(
                    &sources,
                    &opts.data,
                    opts.cache_dir.as_deref(),
                    opts.shape.as_ref(),
                )
                .map_err(PolicyError::Builtin)?;
                (full, None, broken)
            }
        };
        // `full` is the built-in pack alone when the user part is apart or there is none
        let narrowed = opts
            .shape
            .clone()
            .filter(|_| user_part.is_some() || !has_user);
        Ok(Policy {
            full,
            narrowed,
            user_part,
            builtin_only: None,
            has_user,
            broken,
            user,
            opts,
            load_us: start.elapsed().as_micros() as u64,
        })
    }

    /// The set-up mistakes of this policy set with this config ([`setup_warnings`]).
    pub fn setup_warnings(
        &self,
        disabled: &BTreeSet<String>,
        policy_dirs: &[PathBuf],
    ) -> Vec<PolicyWarning> {
        setup_warnings(disabled, policy_dirs, &self.user)
    }

    /// User files left out because they do not parse.
    pub fn broken(&self) -> &[BrokenPolicy] {
        &self.broken
    }

    /// How the policy was made ready (cached program, compiled now, interpreter, or split).
    pub fn mode(&self) -> LoadMode {
        match self.user_part {
            Some(_) => LoadMode::Split,
            None => self.full.mode,
        }
    }

    /// Microseconds spent loading (reading the cache or compiling).
    pub fn load_us(&self) -> u64 {
        self.load_us
    }

    /// Evaluates `input` (`{event, facts, config}`) and returns every rule that fired.
    ///
    /// If the full set fails at evaluation time and user policies are loaded, the built-in pack
    /// alone is evaluated and the failure is returned in [`Evaluation::user_error`].
    /// Errors: [`PolicyError::Eval`] when the built-in pack itself fails.
    pub fn evaluate(&mut self, input: &serde_json::Value) -> Result<Evaluation, PolicyError> {
        let start = Instant::now();
        if self
            .narrowed
            .as_ref()
            .is_some_and(|shape| *shape != InputShape::of(input))
        {
            // an input of another shape: the whole pack
            let (loaded, _) = load_sources(
                &builtin_sources(),
                &self.opts.data,
                self.opts.cache_dir.as_deref(),
                None,
            )
            .map_err(PolicyError::Builtin)?;
            self.full = loaded;
            self.narrowed = None;
        }
        // what `Value::from(input.clone())` makes (regorus's `From` is this deserialisation of
        // the owned value), read from the borrowed document without copying it first
        let value = <Value as serde::Deserialize>::deserialize(input).unwrap_or(Value::Undefined);
        if let Some(user) = self.user_part.as_mut() {
            // The built-in pack decides whatever the user policies do; a user failure leaves
            // its decision alone, as the combined set's fallback does.
            let builtin = self.full.eval(value.clone()).map_err(PolicyError::Eval)?;
            let (candidates, malformed, user_error) = match user.eval(value) {
                Ok(u) => {
                    let (c, m) = union_candidates(builtin, u);
                    (c, m, None)
                }
                Err(e) => {
                    let (c, m) = candidates_from(&builtin);
                    (c, m, Some(e))
                }
            };
            return Ok(Evaluation {
                candidates,
                malformed,
                user_error,
                eval_us: start.elapsed().as_micros() as u64,
            });
        }
        let (result, user_error) = match self.full.eval(value.clone()) {
            Ok(v) => (v, None),
            Err(e) if self.has_user => {
                if self.builtin_only.is_none() {
                    let (loaded, _) = load_sources(
                        &builtin_sources(),
                        &self.opts.data,
                        self.opts.cache_dir.as_deref(),
                        None,
                    )
                    .map_err(PolicyError::Builtin)?;
                    self.builtin_only = Some(loaded);
                }
                let Some(b) = self.builtin_only.as_mut() else {
                    return Err(PolicyError::Eval(e));
                };
                (b.eval(value).map_err(PolicyError::Eval)?, Some(e))
            }
            Err(e) => return Err(PolicyError::Eval(e)),
        };
        let (candidates, malformed) = candidates_from(&result);
        Ok(Evaluation {
            candidates,
            malformed,
            user_error,
            eval_us: start.elapsed().as_micros() as u64,
        })
    }
}

impl Evaluation {
    /// The user-policy problems of this evaluation, as the hook records them (health events
    /// of kind `user-policy-error`) and `hookward policy eval` prints them: the evaluation
    /// error that made the built-in pack decide alone, and every malformed `decision` entry
    /// (an unknown decision such as `"block"`, a missing field).
    pub fn user_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(err) = &self.user_error {
            out.push(format!("a user policy failed while evaluating; only the built-in rules decided this call: {err}"));
        }
        for m in &self.malformed {
            out.push(format!("a rule produced a decision that is not {{id, decision: allow|ask|deny, reason}}: {m}"));
        }
        out
    }
}

/// The candidates of two `decision` results together, as one interpreter over both sets of
/// modules gives them: the union of the two sets (a candidate both produce counts once), in
/// [`candidates_from`]'s order. Results that are not sets (never from the generated
/// aggregator) are read apart and merged.
fn union_candidates(a: Value, b: Value) -> (Vec<Candidate>, Vec<String>) {
    let empty = |v: &Value| matches!(v, Value::Undefined | Value::Null);
    match (a, b) {
        (mut a @ Value::Set(_), Value::Set(b)) => {
            if let Ok(set) = a.as_set_mut() {
                set.extend(b.iter().cloned());
            }
            candidates_from(&a)
        }
        (a, b) if empty(&b) => candidates_from(&a),
        (a, b) if empty(&a) => candidates_from(&b),
        (a, b) => {
            let (mut c, mut m) = candidates_from(&a);
            let (c2, m2) = candidates_from(&b);
            c.extend(c2);
            m.extend(m2);
            sort_candidates(&mut c);
            c.dedup();
            (c, m)
        }
    }
}

fn candidates_from(result: &Value) -> (Vec<Candidate>, Vec<String>) {
    let mut out = Vec::new();
    let mut malformed = Vec::new();
    let items: Vec<Value> = match result {
        Value::Set(s) => s.iter().cloned().collect(),
        Value::Array(a) => a.iter().cloned().collect(),
        Value::Undefined | Value::Null => Vec::new(),
        other => {
            malformed.push(other.to_json_str().unwrap_or_default());
            Vec::new()
        }
    };
    for item in items {
        let json = item.to_json_str().unwrap_or_default();
        let parsed: Option<Candidate> = serde_json::from_str::<serde_json::Value>(&json)
            .ok()
            .and_then(|v| {
                let id = v.get("id")?.as_str()?.to_string();
                let decision = Decision::parse(v.get("decision")?.as_str()?)?;
                let reason = v.get("reason")?.as_str()?.to_string();
                (!id.is_empty()).then(|| Candidate::new(id, decision, reason))
            });
        match parsed {
            Some(c) => out.push(c),
            None => malformed.push(json),
        }
    }
    sort_candidates(&mut out);
    (out, malformed)
}

/// deny > ask > allow, then by id, then by reason.
fn sort_candidates(out: &mut [Candidate]) {
    out.sort_by(|a, b| {
        b.decision
            .cmp(&a.decision)
            .then_with(|| a.id.cmp(&b.id))
            .then_with(|| a.reason.cmp(&b.reason))
    });
}

/// Backstop rules: they decide only when no other rule asks or denies, so a call that a rule
/// with a mechanism already objects to keeps that rule's reason (`shell/learned-risk`, the
/// learned command score of `policy/learned.rego`).
pub const BACKSTOP_RULES: &[&str] = &["shell/learned-risk"];

/// Drops candidates whose rule id is disabled (unless locked, see [`LOCKED_PREFIX`]) and
/// resolves the rest (deny > ask > allow; ties by smallest id). Returns the verdict and the
/// disabled ids that were ignored because they are locked. [`BACKSTOP_RULES`] are dropped when
/// another rule asks or denies.
pub fn resolve(candidates: Vec<Candidate>, disabled: &BTreeSet<String>) -> (Verdict, Vec<String>) {
    let mut ignored = BTreeSet::new();
    let kept = candidates
        .into_iter()
        .filter(|c| {
            if !disabled.contains(&c.id) {
                return true;
            }
            if c.id.starts_with(LOCKED_PREFIX) {
                ignored.insert(c.id.clone());
                return true;
            }
            false
        })
        .collect::<Vec<Candidate>>();
    let objected = kept
        .iter()
        .any(|c| c.decision > Decision::Allow && !BACKSTOP_RULES.contains(&c.id.as_str()));
    let kept = if objected {
        kept.into_iter()
            .filter(|c| !BACKSTOP_RULES.contains(&c.id.as_str()))
            .collect()
    } else {
        kept
    };
    (Verdict::resolve(kept), ignored.into_iter().collect())
}

/// A rule as documented by its `# @rule <id> <decision>` comment and the comment lines after it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RuleInfo {
    /// Rule id.
    pub id: String,
    /// What it decides when it fires.
    pub decision: String,
    /// The description under the `@rule` line.
    pub summary: String,
    /// Where it is defined.
    pub source: String,
    /// True for ids under `self/` (cannot be disabled).
    pub locked: bool,
}

/// Lists the rules documented with `# @rule` comments in `sources`.
pub fn rule_infos(sources: &[PolicySource]) -> Vec<RuleInfo> {
    let mut out = Vec::new();
    for s in sources {
        let mut lines = s.text.lines().peekable();
        while let Some(line) = lines.next() {
            let Some(rest) = line.trim().strip_prefix("# @rule ") else {
                continue;
            };
            let mut parts = rest.split_whitespace();
            let id = parts.next().unwrap_or("").to_string();
            let decision = parts.next().unwrap_or("").to_string();
            let mut summary = Vec::new();
            while let Some(next) = lines.peek() {
                match next.trim().strip_prefix('#') {
                    Some(text) => {
                        summary.push(text.trim().to_string());
                        lines.next();
                    }
                    None => break,
                }
            }
            out.push(RuleInfo {
                locked: id.starts_with(LOCKED_PREFIX),
                id,
                decision,
                summary: summary.join(" "),
                source: s.name.clone(),
            });
        }
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

/// The files of `sources` that do not parse on their own, each with the parser's message
/// (`--> file:line:column`). What [`Policy::load`] leaves out as [`Policy::broken`], for the
/// commands that read user files without loading a policy (`policy test` skips them).
pub fn unparsable(sources: &[PolicySource]) -> Vec<BrokenPolicy> {
    sources
        .iter()
        .filter_map(|s| {
            new_engine()
                .add_policy(s.name.clone(), s.text.to_string())
                .err()
                .map(|e| BrokenPolicy {
                    name: s.name.clone(),
                    error: e.to_string(),
                })
        })
        .collect()
}

/// One `test_*` rule's outcome.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TestResult {
    /// `data.<package>.<rule>`.
    pub name: String,
    /// The file that defines it.
    pub source: String,
    /// True when the rule evaluated to `true`.
    pub passed: bool,
    /// Why it failed (undefined, false, or an error).
    pub error: Option<String>,
}

/// Runs every `test_*` rule of `tests` against `policies`, like `opa test`: a test passes when
/// it evaluates to `true`. Test rules are found by name at the start of a line in each test
/// file, in the file's `package`.
///
/// Errors: [`PolicyError::Input`] when a policy or test file does not parse (its name and the
/// parser's message).
pub fn run_tests(
    policies: &[PolicySource],
    tests: &[PolicySource],
    data: &serde_json::Value,
) -> Result<Vec<TestResult>, PolicyError> {
    run_tests_matching(policies, tests, data, None)
}

/// [`run_tests`] limited to the tests whose full name (`data.<package>.<rule>`) `filter`
/// matches (`opa test --run`); `None` runs every test. Tests left out are not evaluated.
///
/// Errors: as [`run_tests`].
pub fn run_tests_matching(
    policies: &[PolicySource],
    tests: &[PolicySource],
    data: &serde_json::Value,
    filter: Option<&regex::Regex>,
) -> Result<Vec<TestResult>, PolicyError> {
    let mut engine = new_engine();
    let main = main_module(policies);
    for s in policies.iter().chain(tests).chain(std::iter::once(&main)) {
        engine
            .add_policy(s.name.clone(), s.text.to_string())
            .map_err(|e| PolicyError::Input(format!("{}: {e}", s.name)))?;
    }
    if !data.is_null() {
        engine
            .add_data(Value::from(data.clone()))
            .map_err(|e| PolicyError::Input(format!("policy data: {e}")))?;
    }
    let test_re = regex::Regex::new(r"(?m)^(test_[A-Za-z0-9_]*)\b")
        .map_err(|e| PolicyError::Input(e.to_string()))?;
    let mut results = Vec::new();
    for t in tests {
        let Some(pkg) = package_of(&t.text) else {
            return Err(PolicyError::Input(format!(
                "{}: no `package` line; a test file needs one",
                t.name
            )));
        };
        let mut seen = BTreeSet::new();
        for cap in test_re.captures_iter(&t.text) {
            let rule = cap[1].to_string();
            if !seen.insert(rule.clone()) {
                continue;
            }
            let name = format!("data.{pkg}.{rule}");
            if filter.is_some_and(|f| !f.is_match(&name)) {
                continue;
            }
            // A fresh copy per test: regorus caches rule values across evaluations of one
            // engine, which would leak `with input as …` results from one test into the next.
            let mut engine = engine.clone();
            let (passed, error) = match engine.eval_rule(name.clone()) {
                Ok(Value::Bool(true)) => (true, None),
                Ok(Value::Undefined) => {
                    (false, Some("undefined (a condition did not hold)".into()))
                }
                Ok(v) => (
                    false,
                    Some(format!(
                        "evaluated to {}",
                        v.to_json_str().unwrap_or_default()
                    )),
                ),
                Err(e) => (false, Some(e.to_string())),
            };
            results.push(TestResult {
                name,
                source: t.name.clone(),
                passed,
                error,
            });
        }
    }
    Ok(results)
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_program_cache_keeps_the_newest_programs_only() {
        let dir = tempfile::tempdir().unwrap();
        let t0 = std::time::SystemTime::now() - std::time::Duration::from_secs(1000);
        for i in 0..5u64 {
            let p = dir.path().join(format!("policy-{i}.rvm"));
            std::fs::write(&p, b"x").unwrap();
            std::fs::write(dir.path().join(format!("policy-{i}.broken.json")), b"[]").unwrap();
            let f = std::fs::File::options().write(true).open(&p).unwrap();
            f.set_modified(t0 + std::time::Duration::from_secs(i * 10))
                .unwrap();
        }
        std::fs::write(dir.path().join("config.last-good.toml"), b"").unwrap();
        prune_cache(dir.path(), 3);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "config.last-good.toml",
                "policy-2.broken.json",
                "policy-2.rvm",
                "policy-3.broken.json",
                "policy-3.rvm",
                "policy-4.broken.json",
                "policy-4.rvm"
            ]
        );
    }
    use super::*;

    /// The pack's digest changes with any byte of a file's text or name, and a name/text
    /// boundary moved is another digest; the constant is the digest of the files compiled in.
    #[test]
    fn builtin_digest_follows_every_byte() {
        let base = fnv128_files(&[("a.rego", "package x\nallow := true\n")]);
        assert_ne!(
            base,
            fnv128_files(&[("a.rego", "package x\nallow := false\n")])
        );
        assert_ne!(
            base,
            fnv128_files(&[("b.rego", "package x\nallow := true\n")])
        );
        assert_ne!(fnv128_files(&[("ab", "c")]), fnv128_files(&[("a", "bc")]));
        assert_ne!(
            fnv128_files(&[("a", "b"), ("c", "d")]),
            fnv128_files(&[("c", "d"), ("a", "b")])
        );
        assert_eq!(BUILTIN_DIGEST, fnv128_files(BUILTIN));
    }

    /// The cache key of the built-in pack alone is stable within a build, and a user source or
    /// data document after it changes it.
    #[test]
    fn cache_key_of_the_pack_and_what_follows() {
        let pack = builtin_sources();
        let k = cache_key(&pack, &serde_json::Value::Null);
        assert_eq!(k, cache_key(&builtin_sources(), &serde_json::Value::Null));
        let mut with_user = builtin_sources();
        with_user.push(PolicySource {
            name: "user.rego".into(),
            text: "package hookward.rules.custom.x\n".into(),
            builtin: false,
        });
        assert_ne!(k, cache_key(&with_user, &serde_json::Value::Null));
        assert_ne!(k, cache_key(&pack, &serde_json::json!({"a": 1})));
        // a source named like a built-in file but not marked built-in is hashed as text
        let mut unmarked = builtin_sources();
        if let Some(first) = unmarked.first_mut() {
            first.builtin = false;
        }
        assert_ne!(k, cache_key(&unmarked, &serde_json::Value::Null));
    }
    use serde_json::json;

    fn input(paths: serde_json::Value) -> serde_json::Value {
        json!({"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write"}},
               "facts": {"project_dir": "/p", "paths": paths}, "config": {}})
    }

    #[test]
    fn builtin_tests_pass() {
        let results = run_tests(&builtin_sources(), &builtin_tests(), &json!(null)).unwrap();
        assert!(
            results.len() >= 10,
            "too few tests found: {}",
            results.len()
        );
        let failed: Vec<_> = results.iter().filter(|r| !r.passed).collect();
        assert!(failed.is_empty(), "{failed:#?}");
    }

    #[test]
    fn every_documented_rule_exists_and_every_rule_is_documented() {
        let infos = rule_infos(&builtin_sources());
        let documented: BTreeSet<_> = infos.iter().map(|r| r.id.clone()).collect();
        let re = regex::Regex::new(r#""id": "([a-z0-9/-]+)""#).unwrap();
        let used: BTreeSet<_> = builtin_sources()
            .iter()
            .flat_map(|s| {
                re.captures_iter(&s.text)
                    .map(|c| c[1].to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(documented, used);
        for r in &infos {
            assert!(Decision::parse(&r.decision).is_some(), "{r:?}");
            assert!(!r.summary.is_empty(), "{r:?}");
        }
    }

    #[test]
    fn cached_program_gives_same_answers_as_fresh_compile() {
        let dir = tempfile::tempdir().unwrap();
        let opts = LoadOptions {
            cache_dir: Some(dir.path().to_path_buf()),
            ..LoadOptions::default()
        };
        let inp = input(
            json!([{"path": "/etc/x", "access": "write", "via": "tool", "evidence": "/etc/x",
                                 "classes": ["outside_project", "system"], "recursive": false}]),
        );
        let mut first = Policy::load(&opts).unwrap();
        assert_eq!(first.mode(), LoadMode::Compiled);
        let a = first.evaluate(&inp).unwrap();
        let mut second = Policy::load(&opts).unwrap();
        assert_eq!(second.mode(), LoadMode::Cached);
        let b = second.evaluate(&inp).unwrap();
        assert_eq!(a.candidates, b.candidates);
        assert_eq!(a.candidates[0].id, "path/write-outside-project");
        // The cache holds the program without its sources and spans (`for_cache`), and it
        // still deserialises as complete.
        let rvm = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|x| x == "rvm"))
            .unwrap();
        match Program::deserialize_binary(&std::fs::read(rvm).unwrap()).unwrap() {
            DeserializationResult::Complete(p) => {
                assert!(p.sources.is_empty());
                assert!(p.instruction_spans.is_empty());
                assert!(!p.instructions.is_empty());
            }
            DeserializationResult::Partial(_) => panic!("cached program is partial"),
        }
    }

    #[test]
    fn broken_user_file_is_reported_and_builtins_still_decide() {
        let user = vec![PolicySource {
            name: "/u/bad.rego".into(),
            text: "package hookward.rules.user\ndecision contains {".into(),
            builtin: false,
        }];
        let mut p = Policy::from_sources(user, LoadOptions::default()).unwrap();
        assert_eq!(p.broken().len(), 1);
        assert_eq!(p.broken()[0].name, "/u/bad.rego");
        let e = p
            .evaluate(&input(
                json!([{"path": "/home/dev/.aws/credentials", "access": "read", "via": "tool",
                "evidence": "x", "classes": ["credential"], "recursive": false}]),
            ))
            .unwrap();
        assert_eq!(e.candidates[0].id, "path/credential-store");
    }

    #[test]
    fn user_rule_failing_at_runtime_falls_back_to_builtins_loudly() {
        let user = vec![PolicySource {
            name: "/u/regex.rego".into(),
            text: "package hookward.rules.user\ndecision contains {\"id\": \"user/x\", \"decision\": \"deny\", \"reason\": \"r\"} if regex.match(\"(?!x)\", \"y\")\n".into(),
            builtin: false,
        }];
        let mut p = Policy::from_sources(user, LoadOptions::default()).unwrap();
        let e = p
            .evaluate(&input(
                json!([{"path": "/home/dev/.ssh/id_rsa", "access": "read", "via": "tool",
                "evidence": "x", "classes": ["credential"], "recursive": false}]),
            ))
            .unwrap();
        assert!(e.user_error.is_some(), "{e:?}");
        assert_eq!(e.candidates[0].id, "path/credential-store");
    }

    #[test]
    fn malformed_user_decisions_are_reported() {
        let user = vec![PolicySource {
            name: "/u/m.rego".into(),
            text: "package hookward.rules.user\ndecision contains {\"id\": \"user/m\", \"decision\": \"maybe\"} if true\n".into(),
            builtin: false,
        }];
        let mut p = Policy::from_sources(user, LoadOptions::default()).unwrap();
        let e = p.evaluate(&input(json!([]))).unwrap();
        assert!(e.candidates.is_empty());
        assert_eq!(e.malformed.len(), 1);
    }

    /// A policy narrowed to one input shape evaluates an input of another shape with the whole
    /// pack: a prompt's program, asked about a credential read, still denies it.
    #[test]
    fn an_input_of_another_shape_gets_the_whole_pack() {
        let prompt = json!({"event": {"kind": "UserPromptSubmit"}, "facts": {"project_dir": "/p"}, "config": {}});
        let read = json!({"event": {"kind": "PreToolUse", "tool": {"name": "Read", "kind": "file_read"}},
            "facts": {"project_dir": "/p", "paths": [{"path": "/home/dev/.ssh/id_rsa", "access": "read",
            "via": "tool", "evidence": "/home/dev/.ssh/id_rsa", "classes": ["credential"], "recursive": false}]},
            "config": {}});
        let dir = tempfile::tempdir().unwrap();
        let mut policy = Policy::load(&LoadOptions {
            cache_dir: Some(dir.path().to_path_buf()),
            shape: Some(InputShape::of(&prompt)),
            ..LoadOptions::default()
        })
        .unwrap();
        assert!(policy.evaluate(&prompt).unwrap().candidates.is_empty());
        let eval = policy.evaluate(&read).unwrap();
        assert_eq!(eval.candidates[0].id, "path/credential-store");
        // the narrowed program of the prompt's shape was cached apart from the whole pack's
        let files = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(files, 4, "two programs and their broken lists");
    }

    /// A user rule in a subpackage of the rules' prefix fires, in-process, whichever way user
    /// policies are evaluated (the hook's split evaluation and the combined one), from a
    /// cached program or a fresh compile. The lead suspected `hookward.rules.custom.probe`
    /// never fired (issue 15 review).
    #[test]
    fn user_rules_in_subpackages_fire() {
        let rule = |pkg: &str, id: &str| {
            PolicySource {
            name: format!("/u/{}.rego", pkg.replace('.', "_")),
            text: format!(
                "package {pkg}\n\nimport rego.v1\n\n# @rule {id} deny\n# probe\ndecision contains {{\"id\": \"{id}\", \"decision\": \"deny\", \"reason\": \"probe\"}} if {{\n\tinput.event.kind == \"PreToolUse\"\n\tcontains(object.get(input.event.tool.input, \"command\", \"\"), \"probe\")\n}}\n"
            )
            .into(),
            builtin: false,
        }
        };
        let inp = json!({"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell",
                         "input": {"command": "echo probe"}}}, "facts": {}, "config": {}});
        for (pkg, id, fires) in [
            ("hookward.rules.custom.probe", "custom/probe/x", true),
            ("hookward.rules.mine", "user/mine", true),
            ("hookward.rules.mine.probe", "user/mine-probe", true),
            ("hookward.rules.team.a.b", "team/a-b", true),
            // a custom package speaks only under its own ids (by design, `admin` docs)
            ("hookward.rules.custom.probe", "probe/x", false),
        ] {
            for user_eval in [UserEval::Split, UserEval::Combined] {
                let dir = tempfile::tempdir().unwrap();
                for _ in 0..2 {
                    let opts = LoadOptions {
                        cache_dir: Some(dir.path().to_path_buf()),
                        user_eval,
                        ..LoadOptions::default()
                    };
                    let mut p = Policy::from_sources(vec![rule(pkg, id)], opts).unwrap();
                    let e = p.evaluate(&inp).unwrap();
                    let fired = e.candidates.iter().any(|c| c.id == id);
                    assert_eq!(
                        fired,
                        fires,
                        "{pkg} {id} {user_eval:?} mode {:?}: {e:?}",
                        p.mode()
                    );
                    assert!(e.user_error.is_none(), "{e:?}");
                }
            }
        }
    }

    #[test]
    fn custom_packages_decide_only_under_their_own_ids() {
        // Ids computed at run time pass the parse-time check; the aggregator drops the
        // foreign ones (a custom policy cannot allow or deny in a built-in rule's name).
        let text = "package hookward.rules.custom.mine\n\ndecision contains {\"id\": \"custom/mine/a\", \"decision\": \"ask\", \"reason\": \"r\"} if { input.event.kind == \"PreToolUse\" }\n\ndecision contains d if {\n\tinput.event.kind == \"PreToolUse\"\n\tsome p in [\"self/x\", \"custom/other/y\", \"custom/mine/z\"]\n\td := {\"id\": sprintf(\"%s\", [p]), \"decision\": \"deny\", \"reason\": \"r\"}\n}\n";
        let user = vec![PolicySource {
            name: "mine.rego".into(),
            text: text.into(),
            builtin: false,
        }];
        let mut policy = Policy::from_sources(user, LoadOptions::default()).unwrap();
        let eval = policy
            .evaluate(
                &serde_json::json!({"event": {"kind": "PreToolUse"}, "facts": {}, "config": {}}),
            )
            .unwrap();
        let ids: Vec<&str> = eval.candidates.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["custom/mine/z", "custom/mine/a"]);
        // The same entries from a package outside `custom.` are all kept.
        let open = text.replace("custom.mine", "mine");
        let user = vec![PolicySource {
            name: "mine.rego".into(),
            text: open.into(),
            builtin: false,
        }];
        let mut policy = Policy::from_sources(user, LoadOptions::default()).unwrap();
        let eval = policy
            .evaluate(
                &serde_json::json!({"event": {"kind": "PreToolUse"}, "facts": {}, "config": {}}),
            )
            .unwrap();
        assert_eq!(eval.candidates.len(), 4);
    }

    #[test]
    fn package_of_reads_the_package_line_as_the_regex_did() {
        let re = regex::Regex::new(r"(?m)^\s*package\s+([A-Za-z0-9_.]+)").unwrap();
        for text in [
            "package hookward.rules.x\n",
            "# c\n\n  package\ta.b_c.d-e\nx := 1",
            "packages x\npackage_y z\npackage  ok.one",
            "package\n\nnext.line",
            "package -x\npackage y",
            "x := 1 package p\n",
            "\u{a0}package p\u{2003}",
            "",
            "package",
            "  package é\npackage ü.x\npackage q",
        ] {
            let want = re.captures(text).map(|c| c[1].to_string());
            assert_eq!(package_of(text), want, "{text:?}");
        }
        for s in builtin_sources() {
            assert_eq!(
                package_of(&s.text),
                re.captures(&s.text).map(|c| c[1].to_string())
            );
        }
    }

    #[test]
    fn locked_rules_cannot_be_disabled() {
        let c = vec![
            Candidate::new("self/disable-hooks", Decision::Deny, "r"),
            Candidate::new("path/env-file", Decision::Ask, "r"),
        ];
        let disabled: BTreeSet<String> = [
            "self/disable-hooks".to_string(),
            "path/env-file".to_string(),
        ]
        .into();
        let (v, ignored) = resolve(c, &disabled);
        assert_eq!(v.rule_id(), Some("self/disable-hooks"));
        assert_eq!(v.candidates.len(), 1);
        assert_eq!(ignored, vec!["self/disable-hooks".to_string()]);
    }
}
