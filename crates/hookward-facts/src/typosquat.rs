//! Look-alike package names (issue 11 item 5, supply chain by shape): an install of a name that
//! is not itself well known but is one typing mistake, or one spelling trick, away from a name
//! that is (`discrod.js`, `kubernetess`, `@wordpres/block-editor`, `firebase-admn-tools`,
//! `uvx mcp-server-fecth`). Typosquatted names are registered to catch exactly
//! these mistakes, and an install runs their scripts at once (npm and PyPI malware reports; the
//! typosquatting literature: Vaidya et al., "Typosquatting and combosquatting attacks on the
//! Python ecosystem", 2019; Taylor et al., "Defending against package typosquatting", 2020).
//!
//! The well-known names are `popular.rs`'s tables. A name is a look-alike of a top name when,
//! after normalising (lower case; PyPI's PEP 503 separators), it is:
//! - one substitution, deletion, inner insertion or swap of neighbours away ([`one_typo`]); a
//!   digit for a digit (`cu12`/`cu13`, `oauth1`/`oauth2`) and an extra character at the end
//!   or the start (`boto3`, `torchx`, `preact`: other projects) are not, except a doubled
//!   letter (`kubernetess`);
//! - the same once look-alike digits and letters are read alike (`0`/`o`, `1`/`l`/`i`) or once
//!   confusable non-Latin letters are read as the Latin ones they imitate (Cyrillic `а`, `е`,
//!   `о`, `р`, `с`, `х`, `і`, Greek `ο`, `ν`; Unicode TR 39 confusables): names on npm and PyPI
//!   are ASCII, so such a name is made to deceive;
//! - an npm scope one mistake from a well-known scope (`@wordpres/…` for `@wordpress/…`, a scope
//!   with at least two well-known packages); a misspelt name inside a well-known scope is not
//!   (`@modelcontextprotocol/server-githb`: only the scope's owner publishes there, so the name
//!   does not exist and the install fails);
//! - a well-known name of two or more words with one letter dropped inside a word or two
//!   neighbours swapped, followed by more words (`firebase-admn-tools`: the combosquat of
//!   `firebase-admin`).
//! - a well-known name with only words after it that claim a better version of it
//!   ([`CLAIM_WORDS`]: `peft-turbo`, `transformers-fast`, `serde-fast-cli`, `lodash-patched`):
//!   the combosquat that sells itself as the real package, improved (Vaidya et al. 2019,
//!   combosquatting; h-source26). A name of this shape that is well known itself
//!   (`jsonpath-ng`, `docopt-ng`) is quiet as any well-known name is.
//!
//! Names shorter than 5 characters are not compared (`ms`, `vue`, `ws` have too many real
//! neighbours). Unknown names far from every well-known one are quiet: there is no list of
//! allowed packages.

use crate::popular::{popular, Eco, Table};

/// Whether `a` is one substitution, one deletion, one insertion (not an extra character at the
/// end, unless it doubles the last letter) or one swap of neighbours away from `b`; a digit put
/// for another digit is not one (version numbers in names).
pub fn one_typo(a: &str, b: &str) -> bool {
    let (x, y): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if x == y || x.len().abs_diff(y.len()) > 1 {
        return false;
    }
    if x.len() == y.len() {
        let diff: Vec<usize> = (0..x.len()).filter(|i| x[*i] != y[*i]).collect();
        return match diff.as_slice() {
            [i] => !(x[*i].is_ascii_digit() && y[*i].is_ascii_digit()),
            [i, j] => *j == i + 1 && x[*i] == y[*j] && x[*j] == y[*i],
            _ => false,
        };
    }
    let (long, short) = if x.len() > y.len() {
        (&x, &y)
    } else {
        (&y, &x)
    };
    let first = (0..short.len())
        .find(|i| long[*i] != short[*i])
        .unwrap_or(short.len());
    if first == short.len() {
        if x.len() > y.len() {
            // one more character at the end: another project (`boto3`), unless it doubles the
            // last letter (`kubernetess`)
            return x.len() >= 2
                && x[x.len() - 1] == x[x.len() - 2]
                && x[x.len() - 1].is_ascii_alphabetic();
        }
        // a trailing digit missing (`psycopg` for `psycopg2`): a major version, two projects
        return !long.last().is_some_and(char::is_ascii_digit);
    }
    // one more character at the start (`preact`, `uint8`, `bprogress`): another project's name
    // more often than a slip of the finger, unless it doubles the first letter
    if first == 0 && x.len() > y.len() && x.get(1) != Some(&x[0]) {
        return false;
    }
    long[first + 1..] == short[first..]
}

/// One letter dropped inside a word of `b` (not its last letter) or two neighbours swapped: the
/// mistakes [`combosquat`] accepts in a prefix.
fn inner_drop_or_swap(a: &str, b: &str) -> bool {
    let (x, y): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if x.len() == y.len() {
        let diff: Vec<usize> = (0..x.len()).filter(|i| x[*i] != y[*i]).collect();
        return matches!(diff.as_slice(), [i, j] if *j == i + 1 && x[*i] == y[*j] && x[*j] == y[*i]
            && x[*i].is_ascii_alphabetic() && x[*j].is_ascii_alphabetic());
    }
    if y.len() != x.len() + 1 {
        return false;
    }
    let Some(at) = (0..x.len()).find(|i| x[*i] != y[*i]) else {
        return false;
    };
    // the dropped letter is inside a word: letters on both sides
    at > 0
        && y[at].is_ascii_alphabetic()
        && y[at - 1].is_ascii_alphabetic()
        && y.get(at + 1).is_some_and(char::is_ascii_alphabetic)
        && x[at..] == y[at + 1..]
}

/// Confusable non-Latin letters read as the Latin letters they imitate (Unicode TR 39
/// confusables, the Cyrillic and Greek lower-case letters that look like ASCII ones).
fn unconfuse(c: char) -> char {
    match c {
        'а' => 'a',
        'е' => 'e',
        'о' | 'ο' => 'o',
        'р' | 'ρ' => 'p',
        'с' => 'c',
        'х' | 'χ' => 'x',
        'у' => 'y',
        'і' | 'ı' | 'ι' => 'i',
        'ј' => 'j',
        'ѕ' => 's',
        'ԁ' => 'd',
        'ν' => 'v',
        'ԛ' => 'q',
        'ԝ' => 'w',
        'һ' => 'h',
        'ɡ' => 'g',
        _ => c,
    }
}

/// Digits and letters read alike (`0`/`o`, `1`/`l`/`i`).
fn deleet(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '0' => 'o',
            '1' | 'i' => 'l',
            c => c,
        })
        .collect()
}

/// The normal form of a package name of `eco`: lower case, PyPI's separators as `-`.
pub fn normal(eco: Eco, name: &str) -> String {
    let lower: String = name.chars().flat_map(char::to_lowercase).collect();
    if eco != Eco::Pypi {
        return lower;
    }
    let mut out = String::with_capacity(lower.len());
    for c in lower.chars() {
        let c = if matches!(c, '_' | '.') { '-' } else { c };
        if !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    out
}

const MIN_LEN: usize = 5;

/// The top name `name` is one mistake from (module docs), among `top` (names of `min` or
/// more characters). On npm a name that differs from a top one only in punctuation (`git_url`,
/// `base64` for `base-64`) is not one: npm refuses to publish such a name since 2017 ("package
/// name too similar to existing package", npm docs "Package name guidelines"), so one that
/// exists is an old, separate project.
fn near(eco: Eco, name: &str, top: &Table, min: usize) -> Option<String> {
    let len = name.chars().count();
    if len < min {
        return None;
    }
    let bare = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '-' | '_' | '.'))
            .collect()
    };
    // The cheap tests first: the length, then one typo; the punctuation-free spelling (two
    // allocations) only for a name that is one typo away.
    top.iter()
        .filter(|t| t.len().abs_diff(name.len()) <= 2 && t.chars().count() >= min)
        .find(|t| one_typo(name, t) && (eco != Eco::Npm || bare(t) != bare(name)))
        .map(str::to_string)
}

/// The shortest top name compared in `eco`: 5, and 6 for the short hand-written tables (their
/// few names leave many real neighbours unknown).
fn min_len(eco: Eco) -> usize {
    match eco {
        Eco::Npm | Eco::Pypi => MIN_LEN,
        _ => MIN_LEN + 1,
    }
}

/// A combosquat (module docs): a prefix of two or more `-` words with a dropped inner letter or
/// a swap, then more words.
fn combosquat(name: &str, p: &crate::popular::Popular) -> Option<String> {
    let parts: Vec<&str> = name.split('-').collect();
    for k in 2..parts.len() {
        let prefix = parts[..k].join("-");
        if prefix.len() < 8 || p.known.contains(&prefix) {
            continue;
        }
        if let Some(t) = p
            .top
            .iter()
            .filter(|t| t.contains('-') && t.len() >= 8 && t.len().abs_diff(prefix.len()) <= 1)
            .find(|t| inner_drop_or_swap(&prefix, t))
        {
            return Some(t.to_string());
        }
    }
    None
}

/// Whether `name` is itself a well-known package of `eco` (either table of `popular.rs`, after
/// the same normalising as [`imitated`]).
pub fn well_known(eco: Eco, name: &str) -> bool {
    popular(eco).known.contains(&normal(eco, name))
}

/// Whether the npm scope of `name` (`@preact` of `@preact/compat`) publishes a well-known
/// package: only the scope's owner publishes under it, so a name there is that owner's.
pub fn well_known_scope(name: &str) -> bool {
    let Some((scope, _)) = name.strip_prefix('@').and_then(|s| s.split_once('/')) else {
        return false;
    };
    let prefix = format!("@{}/", scope.to_ascii_lowercase());
    popular(Eco::Npm)
        .known
        .iter()
        .any(|n| n.starts_with(&prefix))
}

/// The well-known name of `eco` that `name` imitates (module docs), or `None` when `name` is
/// well known itself or far from every well-known name.
pub fn imitated(eco: Eco, name: &str) -> Option<String> {
    let p = popular(eco);
    let n = normal(eco, name);
    if p.known.contains(&n) {
        return None;
    }
    // confusable letters
    if !n.is_ascii() {
        let plain: String = n.chars().map(unconfuse).collect();
        if plain.is_ascii()
            && (p.known.contains(&plain) || near(eco, &plain, &p.top, min_len(eco)).is_some())
        {
            return Some(if p.known.contains(&plain) {
                plain
            } else {
                near(eco, &plain, &p.top, min_len(eco)).unwrap_or(plain)
            });
        }
        return None;
    }
    if eco == Eco::Npm {
        if let Some((scope, rest)) = n.strip_prefix('@').and_then(|s| s.split_once('/')) {
            return scoped(scope, rest, &p.top, &p.known);
        }
    }
    // digits for letters
    let sk = deleet(&n);
    if n.len() >= MIN_LEN && sk != n {
        if let Some(t) = p.top.iter().find(|t| t.len() == n.len() && deleet(t) == sk) {
            return Some(t.to_string());
        }
    }
    near(eco, &n, &p.top, min_len(eco))
        .or_else(|| combosquat(&n, p))
        .or_else(|| claimed_variant(&n, p))
}

/// Words a package name adds to a well-known one to pass as a better version of it (module
/// docs): speed, a fix, a "next generation".
pub const CLAIM_WORDS: &[&str] = &[
    "fast",
    "faster",
    "fastest",
    "turbo",
    "speedup",
    "boost",
    "boosted",
    "accelerated",
    "optimized",
    "patched",
    "fixed",
    "hotfix",
    "ng",
];

/// A well-known name (4 characters or more) followed by `-` words of which at least one is a
/// [`CLAIM_WORDS`] word and the others are `cli`, `lib` or `core` (module docs).
pub(crate) fn claimed_variant(name: &str, p: &crate::popular::Popular) -> Option<String> {
    let parts: Vec<&str> = name.split('-').collect();
    for k in (1..parts.len()).rev() {
        let prefix = parts[..k].join("-");
        if prefix.len() < 4 || !p.top.contains(&prefix) {
            continue;
        }
        let rest = &parts[k..];
        if rest.iter().any(|w| CLAIM_WORDS.contains(w))
            && rest
                .iter()
                .all(|w| CLAIM_WORDS.contains(w) || matches!(*w, "cli" | "lib" | "core"))
        {
            return Some(prefix);
        }
    }
    None
}

/// An npm scoped name whose scope is one mistake from a well-known scope (one with at least two
/// well-known packages). A name inside a well-known scope is never a look-alike: only the
/// scope's owner can publish there (npm docs, "About scopes"), so a misspelt one does not
/// exist or is the owner's own.
fn scoped(scope: &str, rest: &str, _top: &Table, known: &Table) -> Option<String> {
    let count = |s: &str| {
        let prefix = format!("@{s}/");
        known
            .iter()
            .filter(|k| k.starts_with(&prefix))
            .take(2)
            .count()
    };
    if count(scope) > 0 {
        return None;
    }
    if scope.len() < MIN_LEN {
        return None;
    }
    let mut seen: Vec<&str> = Vec::new();
    for k in known.iter() {
        let Some(s) = k
            .strip_prefix('@')
            .and_then(|s| s.split_once('/'))
            .map(|(s, _)| s)
        else {
            continue;
        };
        if seen.last() == Some(&s) {
            continue;
        }
        seen.push(s);
        if s.len() >= MIN_LEN && (one_typo(scope, s) || deleet(scope) == deleet(s)) && count(s) >= 2
        {
            return Some(format!("@{s}/{rest}"));
        }
    }
    None
}

#[cfg(test)]
mod tests {

    /// h-source26: a well-known name sold as an improved version of itself.
    #[test]
    fn claimed_variants_of_well_known_names() {
        assert_eq!(
            imitated(Eco::Pypi, "requests-fast").as_deref(),
            Some("requests")
        );
        assert_eq!(imitated(Eco::Pypi, "numpy_turbo").as_deref(), Some("numpy"));
        assert_eq!(
            imitated(Eco::Npm, "lodash-patched").as_deref(),
            Some("lodash")
        );
        assert_eq!(
            imitated(Eco::Crates, "serde-fast-cli").as_deref(),
            Some("serde")
        );
        for (eco, name) in [
            (Eco::Pypi, "jsonpath-ng"),
            (Eco::Pypi, "requests-toolbelt"),
            (Eco::Pypi, "pytest-xdist"),
            (Eco::Npm, "lodash-es"),
            (Eco::Pypi, "fastapi"),
            (Eco::Pypi, "requests-cli"),
        ] {
            assert_eq!(imitated(eco, name), None, "{name}");
        }
    }

    use super::*;

    #[test]
    fn mistakes_of_one_letter() {
        assert!(one_typo("reqeusts", "requests"));
        assert!(one_typo("expres", "express"));
        assert!(one_typo("kubernetess", "kubernetes"));
        assert!(!one_typo("numpyx", "numpy"));
        assert!(!one_typo("boto3", "boto"));
        assert!(!one_typo("psycopg", "psycopg2"));
        assert!(!one_typo("passport-oauth1", "passport-oauth2"));
        assert!(inner_drop_or_swap("firebase-admn", "firebase-admin"));
        assert!(!inner_drop_or_swap("ansi-style", "ansi-styles"));
    }

    #[test]
    fn look_alikes_of_well_known_names() {
        for (eco, name, real) in [
            (Eco::Npm, "discrod.js", "discord.js"),
            (Eco::Npm, "expresss", "express"),
            (Eco::Npm, "l0dash", "lodash"),
            (
                Eco::Npm,
                "@wordpres/block-editor",
                "@wordpress/block-editor",
            ),
            (Eco::Npm, "@bable/core", "@babel/core"),
            (Eco::Npm, "firebase-admn-tools", "firebase-admin"),
            (Eco::Npm, "aixos", "axios"),
            (Eco::Npm, "rеact-dom", "react-dom"),
            (Eco::Pypi, "kubernetess", "kubernetes"),
            (Eco::Pypi, "reqeusts", "requests"),
            (Eco::Pypi, "python_dateutill", "python-dateutil"),
            (Eco::Pypi, "beautifulsop4", "beautifulsoup4"),
            (Eco::Pypi, "mcp-server-fecth", "mcp-server-fetch"),
            (Eco::Crates, "serde_jsno", "serde_json"),
            (Eco::Gems, "nokogri", "nokogiri"),
        ] {
            assert_eq!(imitated(eco, name).as_deref(), Some(real), "{name}");
        }
    }

    #[test]
    fn well_known_and_unrelated_names_are_quiet() {
        for (eco, name) in [
            (Eco::Npm, "react"),
            (Eco::Npm, "discord.js"),
            (Eco::Npm, "@wordpress/scripts"),
            (Eco::Npm, "@types/node"),
            (Eco::Npm, "@acme/internal-ui"),
            (Eco::Npm, "@modelcontextprotocol/server-githb"),
            (Eco::Npm, "@stdlib/array-int8"),
            (Eco::Npm, "preact"),
            (Eco::Npm, "my-company-widgets"),
            (Eco::Npm, "vuex"),
            (Eco::Npm, "ckeditor4"),
            (Eco::Npm, "firebase-admin"),
            (Eco::Npm, "firebase-tools"),
            (Eco::Pypi, "PyYAML"),
            (Eco::Pypi, "ruamel.yaml"),
            (Eco::Pypi, "Django"),
            (Eco::Pypi, "torchx"),
            (Eco::Pypi, "nvidia-cusparse-cu13"),
            (Eco::Pypi, "kubernetes-oncall-helper"),
            (Eco::Pypi, "my-internal-lib"),
            (Eco::Npm, "git_url"),
            (Eco::Npm, "base64"),
            (Eco::Crates, "serde"),
            (Eco::Crates, "my-crate"),
        ] {
            assert_eq!(imitated(eco, name), None, "{name}");
        }
    }
}
