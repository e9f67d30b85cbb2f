//! Best-effort analysis of input the parser rejects (unterminated quotes, constructs
//! brush-parser does not support, truncated commands): a tolerant tokenizer splits the text
//! into commands at `;`, `&`, `&&`, `||`, `|` and newlines (outside quotes, `$(…)`, `` `…` ``
//! and `${…}`), drops shell keywords, and runs each command through the same program
//! handlers as parsed input, with redirections and pipes followed. Whatever it finds is a
//! lower bound: the parse error itself is reported in `unanalysable` by the caller.

use crate::analyzer::{truncate, Analyzer, Inv, EVIDENCE_MAX};
use crate::expand::Mode;
use crate::facts::Access;
use crate::model::{Arg, State, Stream};
use crate::paths;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Word(String),
    /// A redirection operator, with its descriptor prefix (`2>`, `>>`, `<`, `&>`).
    Redir(String),
    /// `|` or `|&`.
    Pipe,
    /// `;`, `&`, `&&`, `||`, newline, `(`, `)`.
    Sep,
}

/// Most tokens looked at (bounds work on huge garbage input).
const MAX_TOKENS: usize = 20_000;

/// Reads a balanced `open … close` group starting after the opening character; quotes inside
/// are skipped. Returns the index after the closing character (or the end).
fn balanced(chars: &[char], mut i: usize, open: char, close: char) -> usize {
    let mut depth = 1;
    while let Some(&c) = chars.get(i) {
        match c {
            '\\' => i += 1,
            '\'' => {
                i += 1;
                while chars.get(i).is_some_and(|c| *c != '\'') {
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while let Some(&d) = chars.get(i) {
                    if d == '\\' {
                        i += 1;
                    } else if d == '"' {
                        break;
                    }
                    i += 1;
                }
            }
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    chars.len()
}

fn tokenize(src: &str) -> Vec<Tok> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut cur = String::new();
    let mut i = 0;
    let flush = |cur: &mut String, toks: &mut Vec<Tok>| {
        if !cur.is_empty() {
            toks.push(Tok::Word(std::mem::take(cur)));
        }
    };
    while let Some(&c) = chars.get(i) {
        if toks.len() > MAX_TOKENS {
            break;
        }
        match c {
            ' ' | '\t' => {
                flush(&mut cur, &mut toks);
                i += 1;
            }
            '\n' | ';' | '(' | ')' => {
                flush(&mut cur, &mut toks);
                toks.push(Tok::Sep);
                i += 1;
            }
            '#' if cur.is_empty() => {
                while chars.get(i).is_some_and(|c| *c != '\n') {
                    i += 1;
                }
            }
            '&' => {
                flush(&mut cur, &mut toks);
                if chars.get(i + 1) == Some(&'>') {
                    let app = chars.get(i + 2) == Some(&'>');
                    toks.push(Tok::Redir(if app { "&>>".into() } else { "&>".into() }));
                    i += if app { 3 } else { 2 };
                } else {
                    toks.push(Tok::Sep);
                    i += if chars.get(i + 1) == Some(&'&') { 2 } else { 1 };
                }
            }
            '|' => {
                flush(&mut cur, &mut toks);
                match chars.get(i + 1) {
                    Some('|') => {
                        toks.push(Tok::Sep);
                        i += 2;
                    }
                    Some('&') => {
                        toks.push(Tok::Pipe);
                        i += 2;
                    }
                    _ => {
                        toks.push(Tok::Pipe);
                        i += 1;
                    }
                }
            }
            '<' | '>' => {
                if chars.get(i + 1) == Some(&'(') {
                    // Process substitution: keep as a word.
                    let end = balanced(&chars, i + 2, '(', ')');
                    cur.extend(chars.get(i..end).unwrap_or(&[]));
                    i = end;
                    continue;
                }
                let fd = if !cur.is_empty() && cur.chars().all(|c| c.is_ascii_digit()) {
                    std::mem::take(&mut cur)
                } else {
                    flush(&mut cur, &mut toks);
                    String::new()
                };
                let mut op = format!("{fd}{c}");
                i += 1;
                while let Some(&n) = chars.get(i) {
                    if (n == '>' || n == '<' || n == '&' || n == '|') && op.len() < fd.len() + 3 {
                        op.push(n);
                        i += 1;
                    } else {
                        break;
                    }
                }
                toks.push(Tok::Redir(op));
            }
            '\\' => {
                cur.push(c);
                if let Some(&n) = chars.get(i + 1) {
                    if n != '\n' {
                        cur.push(n);
                    } else {
                        cur.pop();
                    }
                }
                i += 2;
            }
            '\'' => {
                let start = i;
                i += 1;
                while chars.get(i).is_some_and(|c| *c != '\'') {
                    i += 1;
                }
                let end = (i + 1).min(chars.len());
                cur.extend(chars.get(start..end).unwrap_or(&[]));
                if i >= chars.len() {
                    cur.push('\'');
                }
                i = end;
            }
            '"' | '`' => {
                let start = i;
                i += 1;
                while let Some(&d) = chars.get(i) {
                    if d == '\\' {
                        i += 2;
                        continue;
                    }
                    if d == c {
                        break;
                    }
                    if c == '"' && d == '$' && chars.get(i + 1) == Some(&'(') {
                        i = balanced(&chars, i + 2, '(', ')');
                        continue;
                    }
                    i += 1;
                }
                let end = (i + 1).min(chars.len());
                cur.extend(chars.get(start..end).unwrap_or(&[]));
                if i >= chars.len() {
                    cur.push(c);
                }
                i = end;
            }
            '$' if chars.get(i + 1) == Some(&'(') => {
                let end = balanced(&chars, i + 2, '(', ')');
                cur.extend(chars.get(i..end).unwrap_or(&[]));
                if end >= chars.len() && !cur.ends_with(')') {
                    cur.push(')');
                }
                i = end;
            }
            '$' if chars.get(i + 1) == Some(&'{') => {
                let end = balanced(&chars, i + 2, '{', '}');
                cur.extend(chars.get(i..end).unwrap_or(&[]));
                i = end;
            }
            _ => {
                cur.push(c);
                i += 1;
            }
        }
    }
    flush(&mut cur, &mut toks);
    toks
}

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "{", "}", "!", "time",
    "esac", "in", "function", "select", "coproc",
];

/// One command of a pipeline: words and redirections (operator, target).
#[derive(Default)]
struct Cmd {
    words: Vec<String>,
    redirs: Vec<(String, String)>,
}

/// Splits tokens into pipelines of commands.
fn group(toks: Vec<Tok>) -> Vec<Vec<Cmd>> {
    let mut out: Vec<Vec<Cmd>> = Vec::new();
    let mut pipeline: Vec<Cmd> = Vec::new();
    let mut cmd = Cmd::default();
    let mut it = toks.into_iter().peekable();
    while let Some(t) = it.next() {
        match t {
            Tok::Word(w) => {
                if cmd.words.is_empty() && KEYWORDS.contains(&w.as_str()) {
                    continue;
                }
                if cmd.words.is_empty() && (w == "for" || w == "case") {
                    // `for x in …` / `case … in`: skip to the end of the header.
                    while let Some(n) = it.peek() {
                        if *n == Tok::Sep {
                            break;
                        }
                        it.next();
                    }
                    continue;
                }
                cmd.words.push(w);
            }
            Tok::Redir(op) => {
                let target = match it.peek() {
                    Some(Tok::Word(_)) => match it.next() {
                        Some(Tok::Word(w)) => w,
                        _ => String::new(),
                    },
                    _ => String::new(),
                };
                cmd.redirs.push((op, target));
            }
            Tok::Pipe => pipeline.push(std::mem::take(&mut cmd)),
            Tok::Sep => {
                pipeline.push(std::mem::take(&mut cmd));
                out.push(std::mem::take(&mut pipeline));
            }
        }
    }
    pipeline.push(cmd);
    out.push(pipeline);
    out.retain(|p| {
        p.iter()
            .any(|c| !c.words.is_empty() || !c.redirs.is_empty())
    });
    out
}

/// Walks `src` with the tolerant tokenizer (see the module documentation).
pub(crate) fn run(a: &mut Analyzer, src: &str, st: &mut State, stdin: Stream) -> Stream {
    let mut out = Stream::text("");
    for pipeline in group(tokenize(src)) {
        let ev_pipe: Vec<String> = pipeline.iter().map(render).collect();
        let saved = std::mem::replace(
            &mut a.pipeline_ev,
            truncate(&ev_pipe.join(" | "), EVIDENCE_MAX),
        );
        let multi = pipeline.len() > 1;
        let mut cur = stdin.clone();
        for (i, cmd) in pipeline.iter().enumerate() {
            if i > 0 {
                cur.piped = true;
            }
            if multi {
                let mut sub = st.clone();
                cur = command(a, cmd, &mut sub, cur);
            } else {
                cur = command(a, cmd, st, cur);
            }
        }
        a.pipeline_ev = saved;
        out = out.concat(&cur);
    }
    out
}

fn render(c: &Cmd) -> String {
    let mut parts = c.words.clone();
    for (op, t) in &c.redirs {
        parts.push(format!("{op}{t}"));
    }
    parts.join(" ")
}

fn is_assignment(w: &str) -> Option<(&str, &str)> {
    let (n, v) = w.split_once('=')?;
    let n = n.strip_suffix('+').unwrap_or(n);
    (!n.is_empty()
        && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !n.starts_with(|c: char| c.is_ascii_digit()))
    .then_some((n, v))
}

fn command(a: &mut Analyzer, cmd: &Cmd, st: &mut State, stdin: Stream) -> Stream {
    let evidence = truncate(&crate::analyzer::escape_hidden(&render(cmd)), EVIDENCE_MAX);
    // Redirections.
    let mut stdin = stdin;
    let mut stdout_file: Option<String> = None;
    for (op, target) in &cmd.redirs {
        if target.is_empty() || op.contains("<<") && !op.contains("<<<") {
            continue;
        }
        let arg = a.expand_one(target, st, Mode::NoSplit);
        if op.ends_with("<<<") {
            stdin = Stream {
                text: (!arg.dynamic).then(|| format!("{}\n", arg.text)),
                taint: arg.taint.clone(),
                ..Stream::default()
            };
            continue;
        }
        if op.ends_with('&')
            || op.ends_with(">&") && target.chars().all(|c| c.is_ascii_digit() || c == '-')
        {
            continue;
        }
        let r = paths::resolve(&arg, &st.cwd);
        if op.contains('>') {
            a.add_path(
                &r,
                Access::Write,
                &format!(
                    "redirect {}",
                    op.trim_start_matches(|c: char| c.is_ascii_digit())
                ),
                false,
                &format!("{op} {target}"),
            );
            if !op.starts_with('2') {
                stdout_file = Some(r.path.clone());
            }
        } else {
            a.add_path(
                &r,
                Access::Read,
                "redirect <",
                false,
                &format!("{op} {target}"),
            );
            stdin = a.file_stream(&r.path);
        }
    }
    // Leading assignments.
    let mut words = cmd.words.as_slice();
    let mut env = Vec::new();
    while let Some((first, rest)) = words.split_first() {
        let Some((n, v)) = is_assignment(first) else {
            break;
        };
        let arg = a.expand_one(v, st, Mode::Assign);
        let val = crate::model::Val::from_arg(&arg);
        a.check_env(n, &val, first);
        env.push((n.to_string(), val));
        words = rest;
    }
    let mut args: Vec<Arg> = Vec::new();
    for w in words.iter().take(512) {
        if w.starts_with("<(") || w.starts_with(">(") {
            let inner = w.get(2..w.len().saturating_sub(1)).unwrap_or("");
            let mut sub = st.clone();
            sub.depth += 1;
            let s = a.run_source(inner, &mut sub, Stream::default());
            let mut arg = Arg::lit("/dev/fd/63");
            arg.raw = w.clone();
            if w.starts_with('<') {
                arg.taint = s.taint.clone();
                arg.proc_subst = Some(s);
            }
            args.push(arg);
            continue;
        }
        args.extend(a.expand_word(w, st, Mode::Normal));
    }
    if args.is_empty() {
        for (n, v) in env {
            st.vars.insert(n, v);
        }
        return Stream::text("");
    }
    let inv = Inv {
        args,
        cwd: st.cwd.clone(),
        evidence,
        stdin,
        wrappers: st.wrappers.clone(),
        env,
        decls: Vec::new(),
    };
    let out = a.run_inv(inv, st);
    match stdout_file {
        Some(f) => {
            a.files.insert(f, out);
            Stream::text("")
        }
        None => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(src: &str) -> Vec<Vec<Vec<String>>> {
        group(tokenize(src))
            .into_iter()
            .map(|p| p.into_iter().map(|c| c.words).collect())
            .collect()
    }

    #[test]
    fn splits_commands_and_pipes() {
        assert_eq!(
            words("curl -s x | sh; echo \"unterminated"),
            vec![
                vec![
                    vec!["curl".to_string(), "-s".into(), "x".into()],
                    vec!["sh".into()]
                ],
                vec![vec!["echo".to_string(), "\"unterminated\"".into()]],
            ]
        );
    }

    #[test]
    fn keeps_substitutions_whole() {
        assert_eq!(
            words("echo $(a; b) `c | d`"),
            vec![vec![vec![
                "echo".to_string(),
                "$(a; b)".into(),
                "`c | d`".into()
            ]]]
        );
    }

    #[test]
    fn redirections() {
        let g = group(tokenize("echo hi 2>/dev/null >out.txt"));
        let c = &g[0][0];
        assert_eq!(c.words, ["echo", "hi"]);
        assert_eq!(
            c.redirs,
            [
                ("2>".to_string(), "/dev/null".to_string()),
                (">".to_string(), "out.txt".to_string())
            ]
        );
    }
}
