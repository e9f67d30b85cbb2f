//! A small getopt: splits an argument vector into options (with their values) and operands,
//! the way GNU `getopt_long` does (POSIX XBD 12.2 "Utility Syntax Guidelines" plus GNU long
//! options): `--` ends options, `-abc` is a cluster of flags, `-ofile`/`-o file`/`--out=file`/
//! `--out file` give a value to an option that takes one, and `-` alone is an operand.

use std::borrow::Cow;

use crate::expand::has_glob;
use crate::model::Arg;

/// An option's name (`-r`, `--recursive`): reads like a `&str`. One-character ASCII short
/// options borrow from a static table instead of allocating (they are most options).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OptName(Cow<'static, str>);

impl OptName {
    /// The name as a string slice.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `-c` for the short option character `c`.
    fn short(c: char) -> OptName {
        /// `-` followed by each ASCII character: `SHORT[2*c..2*c+2]` is `-c`.
        static SHORT: [u8; 256] = {
            let mut t = [0u8; 256];
            let mut i = 0;
            while i < 128 {
                t[2 * i] = b'-';
                t[2 * i + 1] = i as u8;
                i += 1;
            }
            t
        };
        if c.is_ascii() {
            let i = 2 * (c as usize);
            if let Some(s) = SHORT
                .get(i..i + 2)
                .and_then(|b| std::str::from_utf8(b).ok())
            {
                return OptName(Cow::Borrowed(s));
            }
        }
        OptName(Cow::Owned(format!("-{c}")))
    }
}

impl std::ops::Deref for OptName {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<&str> for OptName {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<str> for OptName {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

/// One option occurrence.
#[derive(Debug, Clone)]
pub(crate) struct Opt {
    /// `-r` or `--recursive` (long options without their `=value`).
    pub name: OptName,
    /// The value, for options that take one.
    pub value: Option<Arg>,
}

/// The result of [`parse`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Parsed {
    pub opts: Vec<Opt>,
    pub operands: Vec<Arg>,
}

impl Parsed {
    /// True when any option in `names` is present.
    pub fn has(&self, names: &[&str]) -> bool {
        self.opts.iter().any(|o| names.contains(&o.name.as_str()))
    }

    /// True when an option in `on` is present and no option in `off` comes after its last
    /// occurrence: the later of a switch and its negation wins, as in git's parse-options
    /// (`--dry-run --no-dry-run` runs for real; gitcli(7) "negated boolean options") and GNU
    /// tools whose last flag of a pair counts (`rm -f -i` prompts).
    pub fn last_on(&self, on: &[&str], off: &[&str]) -> bool {
        self.opts
            .iter()
            .rev()
            .find(|o| on.contains(&o.name.as_str()) || off.contains(&o.name.as_str()))
            .is_some_and(|o| on.contains(&o.name.as_str()))
    }

    /// The value of the last option in `names`.
    pub fn value(&self, names: &[&str]) -> Option<&Arg> {
        self.opts
            .iter()
            .rev()
            .find(|o| names.contains(&o.name.as_str()))
            .and_then(|o| o.value.as_ref())
    }

    /// All values of options in `names`, in order.
    pub fn values(&self, names: &[&str]) -> Vec<&Arg> {
        self.opts
            .iter()
            .filter(|o| names.contains(&o.name.as_str()))
            .filter_map(|o| o.value.as_ref())
            .collect()
    }
}

/// The part of `a` from byte `off` on (an attached option value).
pub(crate) fn sub_arg(a: &Arg, off: usize) -> Arg {
    let text = a.text.get(off..).unwrap_or("").to_string();
    // Field by field: `..a.clone()` would copy `a.text` only to drop it.
    Arg {
        glob: a.glob && has_glob(&text),
        known_prefix: a.known_prefix.saturating_sub(off),
        text,
        raw: a.raw.clone(),
        dynamic: a.dynamic,
        quoted: a.quoted,
        from_var: a.from_var,
        from_subst: a.from_subst,
        ansi_c: a.ansi_c,
        ifs: a.ifs,
        brace: a.brace,
        taint: a.taint.clone(),
        proc_subst: a.proc_subst.clone(),
    }
}

/// Splits `args` (the arguments after the program name). `with_value` lists the options that
/// take a value (`-o`, `--output`). With `stop_at_operand`, everything from the first operand
/// on is an operand (POSIX order, used for wrappers such as `sudo CMD -x`); otherwise options
/// and operands may be interleaved (GNU order).
pub(crate) fn parse(args: &[Arg], with_value: &[&str], stop_at_operand: bool) -> Parsed {
    let mut out = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let Some(a) = args.get(i) else { break };
        let t = a.text.as_str();
        let option_like = t.starts_with('-') && t.len() > 1 && !(a.dynamic && a.known_prefix == 0);
        if t == "--" && !a.dynamic {
            out.operands.extend(args.iter().skip(i + 1).cloned());
            break;
        }
        if !option_like {
            if stop_at_operand {
                out.operands.extend(args.iter().skip(i).cloned());
                break;
            }
            out.operands.push(a.clone());
            i += 1;
            continue;
        }
        if t.starts_with("--") {
            if let Some((n, _)) = t.split_once('=') {
                out.opts.push(Opt {
                    name: OptName(Cow::Owned(n.to_string())),
                    value: Some(sub_arg(a, n.len() + 1)),
                });
            } else if with_value.contains(&t) {
                out.opts.push(Opt {
                    name: OptName(Cow::Owned(t.to_string())),
                    value: args.get(i + 1).cloned(),
                });
                i += 1;
            } else {
                out.opts.push(Opt {
                    name: OptName(Cow::Owned(t.to_string())),
                    value: None,
                });
            }
            i += 1;
            continue;
        }
        // A cluster of short options.
        let body = t.get(1..).unwrap_or("");
        for (j, c) in body.char_indices() {
            let name = OptName::short(c);
            if with_value.contains(&name.as_str()) {
                let off = 1 + j + c.len_utf8();
                let value = if off < t.len() {
                    Some(sub_arg(a, off))
                } else {
                    i += 1;
                    args.get(i).cloned()
                };
                out.opts.push(Opt { name, value });
                break;
            }
            out.opts.push(Opt { name, value: None });
        }
        i += 1;
    }
    out
}

/// Splits a string into words the simple way `env -S` does: whitespace separates, single and
/// double quotes group, backslash escapes the next character.
pub(crate) fn split_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut started = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'') | (None, '"') => {
                quote = Some(c);
                started = true;
            }
            (Some(q), c) if c == q => quote = None,
            (q, '\\') if q != Some('\'') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                    started = true;
                }
            }
            (None, c) if c.is_whitespace() => {
                if started {
                    out.push(std::mem::take(&mut cur));
                    started = false;
                }
            }
            (_, c) => {
                cur.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<Arg> {
        v.iter().map(|s| Arg::lit(s)).collect()
    }

    #[test]
    fn clusters_and_values() {
        let p = parse(
            &args(&["-rf", "-ofile", "x", "--out=y", "--", "-z"]),
            &["-o"],
            false,
        );
        let names: Vec<&str> = p.opts.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["-r", "-f", "-o", "--out"]);
        assert_eq!(p.value(&["-o"]).map(|a| a.text.as_str()), Some("file"));
        let ops: Vec<&str> = p.operands.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(ops, ["x", "-z"]);
    }

    #[test]
    fn stop_at_operand() {
        let p = parse(&args(&["-u", "root", "rm", "-rf", "/"]), &["-u"], true);
        let ops: Vec<&str> = p.operands.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(ops, ["rm", "-rf", "/"]);
    }

    #[test]
    fn split_words_quotes() {
        assert_eq!(split_words("a 'b c' \"d\\\"e\""), ["a", "b c", "d\"e"]);
    }
}
