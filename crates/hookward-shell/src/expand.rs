//! Static word expansion, following bash(1) "EXPANSION" in its order: brace expansion, tilde
//! expansion, parameter expansion, command substitution, arithmetic expansion, word splitting
//! (on `$IFS`), then quote removal. Pathname expansion (globbing) is not done: an unquoted glob
//! character sets [`Arg::glob`]. Values only known at run time keep their source text and make
//! the field `dynamic`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use brush_parser::ast;
use brush_parser::word::{
    self, BraceExpressionMember, BraceExpressionOrText, Parameter, ParameterExpr,
    ParameterTestType, ParameterTransformOp, SpecialParameter, SubstringMatchKind, TildeExpr,
    WordPiece, WordPieceWithSource,
};

use crate::analyzer::Analyzer;
use crate::decode;
use crate::model::{Arg, State, Stream, Taint, Val};

/// Most fields one word may expand to (brace expansion is cut beyond this).
const MAX_FIELDS: usize = 256;

/// Which expansions apply to a word.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// An argument: brace expansion and word splitting apply.
    Normal,
    /// A redirection target, here-string or test operand: no splitting.
    NoSplit,
    /// The value of an assignment: no splitting, globs stay literal.
    Assign,
}

/// True when `s` holds an unquoted glob: `*`, `?`, or a `[` closed by a later `]`.
pub(crate) fn has_glob(s: &str) -> bool {
    // One pass over the bytes (all four characters are ASCII): called for every word.
    let mut open = false;
    for &b in s.as_bytes() {
        match b {
            b'*' | b'?' => return true,
            b'[' => open = true,
            b']' if open => return true,
            _ => {}
        }
    }
    false
}

fn parser_options() -> brush_parser::ParserOptions {
    brush_parser::ParserOptions::default()
}

fn parse_word(raw: &str) -> Option<Vec<WordPieceWithSource>> {
    if crate::analyzer::too_deep(raw) {
        return None;
    }
    let opts = parser_options();
    catch_unwind(AssertUnwindSafe(|| word::parse(raw, &opts)))
        .ok()?
        .ok()
}

fn parse_heredoc(raw: &str) -> Option<Vec<WordPieceWithSource>> {
    if crate::analyzer::too_deep(raw) {
        return None;
    }
    let opts = parser_options();
    catch_unwind(AssertUnwindSafe(|| word::parse_heredoc(raw, &opts)))
        .ok()?
        .ok()
}

/// Brace expansion alternatives of a raw word, or `None` when it has no brace expression.
fn brace_alternatives(raw: &str) -> Option<Vec<String>> {
    if !raw.contains('{')
        || !raw.contains('}')
        || !(raw.contains(',') || raw.contains(".."))
        || crate::analyzer::too_deep(raw)
    {
        return None;
    }
    let opts = parser_options();
    let parsed = catch_unwind(AssertUnwindSafe(|| {
        word::parse_brace_expansions(raw, &opts)
    }))
    .ok()?
    .ok()??;
    if !parsed
        .iter()
        .any(|p| matches!(p, BraceExpressionOrText::Expr(_)))
    {
        return None;
    }
    let out = brace_items(&parsed, vec![String::new()]);
    (out.len() > 1).then_some(out)
}

fn brace_items(items: &[BraceExpressionOrText], mut acc: Vec<String>) -> Vec<String> {
    for item in items {
        match item {
            BraceExpressionOrText::Text(t) => {
                for a in &mut acc {
                    a.push_str(t);
                }
            }
            BraceExpressionOrText::Expr(members) => {
                let mut alts: Vec<String> = Vec::new();
                for m in members {
                    match m {
                        BraceExpressionMember::NumberSequence {
                            start,
                            end,
                            increment,
                        } => {
                            let step = increment.unsigned_abs().max(1);
                            let mut i = *start;
                            let mut n = 0;
                            while n < MAX_FIELDS {
                                alts.push(i.to_string());
                                n += 1;
                                if i == *end {
                                    break;
                                }
                                let next = if start <= end {
                                    i.checked_add_unsigned(step)
                                } else {
                                    i.checked_sub_unsigned(step)
                                };
                                match next {
                                    Some(v)
                                        if (start <= end && v <= *end)
                                            || (start > end && v >= *end) =>
                                    {
                                        i = v
                                    }
                                    _ => break,
                                }
                            }
                        }
                        BraceExpressionMember::CharSequence {
                            start,
                            end,
                            increment,
                        } => {
                            let step = increment.unsigned_abs().max(1) as u32;
                            let (a, b) = (*start as u32, *end as u32);
                            let mut i = a;
                            let mut n = 0;
                            while n < MAX_FIELDS {
                                if let Some(c) = char::from_u32(i) {
                                    alts.push(c.to_string());
                                }
                                n += 1;
                                if i == b {
                                    break;
                                }
                                let next = if a <= b {
                                    i.checked_add(step)
                                } else {
                                    i.checked_sub(step)
                                };
                                match next {
                                    Some(v) if (a <= b && v <= b) || (a > b && v >= b) => i = v,
                                    _ => break,
                                }
                            }
                        }
                        BraceExpressionMember::Child(items) => {
                            alts.extend(brace_items(items, vec![String::new()]));
                        }
                    }
                    if alts.len() >= MAX_FIELDS {
                        break;
                    }
                }
                let mut next = Vec::new();
                'outer: for a in &acc {
                    for x in &alts {
                        if next.len() >= MAX_FIELDS {
                            break 'outer;
                        }
                        next.push(format!("{a}{x}"));
                    }
                }
                acc = next;
            }
        }
    }
    acc
}

/// Builds the fields of one word.
struct Builder {
    fields: Vec<Arg>,
    cur: Arg,
    started: bool,
    /// The field separators (`$IFS`), borrowed for the default value.
    ifs: std::borrow::Cow<'static, str>,
    flags: Arg,
}

impl Builder {
    fn new(ifs: std::borrow::Cow<'static, str>) -> Self {
        Builder {
            fields: Vec::new(),
            cur: Arg::default(),
            started: false,
            ifs,
            flags: Arg::default(),
        }
    }

    fn lit(&mut self, s: &str, glob_check: bool) {
        if s.is_empty() {
            return;
        }
        if glob_check && has_glob(s) {
            self.cur.glob = true;
        }
        self.cur.text.push_str(s);
        if !self.cur.dynamic {
            self.cur.known_prefix = self.cur.text.len();
        }
        self.started = true;
    }

    fn unknown(&mut self, s: &str) {
        if !self.cur.dynamic {
            self.cur.known_prefix = self.cur.text.len();
            self.cur.dynamic = true;
        }
        self.cur.text.push_str(s);
        self.started = true;
    }

    /// Appends an expansion result subject to word splitting.
    fn split(&mut self, v: &str, glob_check: bool) {
        let mut pending = false;
        let mut chunk = String::new();
        for ch in v.chars() {
            if self.ifs.contains(ch) {
                if !chunk.is_empty() {
                    self.lit(&std::mem::take(&mut chunk), glob_check);
                }
                if ch.is_whitespace() {
                    pending = true;
                } else {
                    self.force_break();
                    pending = false;
                }
                continue;
            }
            if pending {
                self.brk();
                pending = false;
            }
            chunk.push(ch);
        }
        if !chunk.is_empty() {
            self.lit(&chunk, glob_check);
        }
        if pending {
            self.brk();
        }
    }

    fn brk(&mut self) {
        if self.started {
            self.fields.push(std::mem::take(&mut self.cur));
        }
        self.cur = Arg::default();
        self.started = false;
    }

    fn force_break(&mut self) {
        self.fields.push(std::mem::take(&mut self.cur));
        self.cur = Arg::default();
        self.started = false;
    }

    /// Appends the finished fields to `out`, each with `raw` as its source word.
    fn finish_into(mut self, raw: &str, out: &mut Vec<Arg>) {
        self.brk();
        let flags = self.flags;
        out.extend(self.fields.into_iter().map(|mut f| {
            f.raw = raw.to_string();
            f.quoted |= flags.quoted;
            f.from_var |= flags.from_var;
            f.from_subst |= flags.from_subst;
            f.ansi_c |= flags.ansi_c;
            f.ifs |= flags.ifs;
            f.taint.merge(&flags.taint);
            f
        }));
    }
}

fn unescape_backquote(s: &str) -> String {
    // Inside backquotes, a backslash keeps its meaning only before $, `, \ (bash(1)).
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&n) = chars.peek() {
                if n == '$' || n == '`' || n == '\\' {
                    out.push(n);
                    chars.next();
                    continue;
                }
            }
        }
        out.push(c);
    }
    out
}

/// Minimal shell glob matcher (`*`, `?`, other characters literal) for `${x#pat}` and friends.
fn glob_match(pat: &[char], s: &[char]) -> bool {
    let (mut p, mut i) = (0usize, 0usize);
    let (mut star, mut mark) = (None::<usize>, 0usize);
    while i < s.len() {
        match pat.get(p) {
            Some('?') => {
                p += 1;
                i += 1;
            }
            Some('*') => {
                star = Some(p);
                mark = i;
                p += 1;
            }
            Some(c) if Some(c) == s.get(i) => {
                p += 1;
                i += 1;
            }
            _ => match star {
                Some(sp) => {
                    p = sp + 1;
                    mark += 1;
                    i = mark;
                }
                None => return false,
            },
        }
    }
    while pat.get(p) == Some(&'*') {
        p += 1;
    }
    p == pat.len()
}

fn eval_arith(e: &ast::ArithmeticExpr) -> Option<i64> {
    use ast::ArithmeticExpr as A;
    use ast::BinaryOperator as B;
    match e {
        A::Literal(n) => Some(*n),
        A::UnaryOp(ast::UnaryOperator::UnaryMinus, x) => eval_arith(x)?.checked_neg(),
        A::UnaryOp(ast::UnaryOperator::UnaryPlus, x) => eval_arith(x),
        A::BinaryOp(op, a, b) => {
            let (a, b) = (eval_arith(a)?, eval_arith(b)?);
            match op {
                B::Add => a.checked_add(b),
                B::Subtract => a.checked_sub(b),
                B::Multiply => a.checked_mul(b),
                B::Divide => a.checked_div(b),
                B::Modulo => a.checked_rem(b),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The command substitutions written in a text (an arithmetic expression, a prompt string):
/// `$(…)` (balanced) and `` `…` ``, at most 8.
pub(crate) fn arith_substitutions(e: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = e.as_bytes();
    let mut i = 0;
    while i < b.len() && out.len() < 8 {
        if b[i] == b'$' && b.get(i + 1) == Some(&b'(') && b.get(i + 2) != Some(&b'(') {
            let mut depth = 0usize;
            let mut j = i + 1;
            while j < b.len() {
                match b[j] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            if let Some(code) = e.get(i + 2..j.min(b.len())) {
                out.push(code.to_string());
            }
            i = j + 1;
        } else if b[i] == b'`' {
            match e.get(i + 1..).and_then(|r| r.find('`')) {
                Some(len) => {
                    if let Some(code) = e.get(i + 1..i + 1 + len) {
                        out.push(code.to_string());
                    }
                    i += len + 2;
                }
                None => break,
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Whether `s` parses as an arithmetic expression (brush-parser's grammar, panics caught).
pub(crate) fn arith_parses(s: &str) -> bool {
    if crate::analyzer::too_deep(s) {
        return false;
    }
    matches!(
        catch_unwind(AssertUnwindSafe(|| brush_parser::arithmetic::parse(s))),
        Ok(Ok(_))
    )
}

fn arith_literal(s: &str) -> Option<i64> {
    if crate::analyzer::too_deep(s) {
        return None;
    }
    let e = catch_unwind(AssertUnwindSafe(|| brush_parser::arithmetic::parse(s)))
        .ok()?
        .ok()?;
    eval_arith(&e)
}

/// Fast path for words that need no parsing: no expansion character at all (`-rf`,
/// `src/main.rs`, `*.txt`), or one whole single-quoted string without quotes inside, or one
/// whole double-quoted string without `$`, `` ` ``, `\\` or `!`. Returns the single field.
fn literal_word(raw: &str, mode: Mode) -> Option<Arg> {
    const SPECIAL: &[char] = &['$', '`', '\'', '"', '\\', '~', '{', '}', '\n'];
    let glob_ok = mode != Mode::Assign;
    if raw.is_empty() {
        return None;
    }
    if !raw.contains(SPECIAL) {
        let mut a = Arg::lit(raw);
        a.glob = glob_ok && has_glob(raw);
        return Some(a);
    }
    let inner = raw
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .filter(|i| !i.contains('\''))
        .or_else(|| {
            raw.strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .filter(|i| !i.contains(['"', '$', '`', '\\', '!']))
        })?;
    if raw.len() < 2 {
        return None;
    }
    let mut a = Arg::lit(inner);
    a.raw = raw.to_string();
    a.quoted = true;
    Some(a)
}

/// Result of looking up a parameter: `None` = only known at run time.
type Lookup = Option<Val>;

impl Analyzer<'_> {
    /// Expands one word into fields.
    pub(crate) fn expand_word(&mut self, raw: &str, st: &mut State, mode: Mode) -> Vec<Arg> {
        let mut out = Vec::new();
        self.expand_word_into(raw, st, mode, &mut out);
        out
    }

    /// [`Self::expand_word`], appending the fields to `out` (no temporary vector per word).
    pub(crate) fn expand_word_into(
        &mut self,
        raw: &str,
        st: &mut State,
        mode: Mode,
        out: &mut Vec<Arg>,
    ) {
        if let Some(a) = literal_word(raw, mode) {
            out.push(a);
            return;
        }
        let alternatives = if mode == Mode::Normal {
            brace_alternatives(raw)
        } else {
            None
        };
        const DEFAULT_IFS: &str = " \t\n";
        let ifs: std::borrow::Cow<'static, str> = match st.vars.get("IFS").filter(|v| !v.dynamic) {
            Some(v) if v.text != DEFAULT_IFS => std::borrow::Cow::Owned(v.text.clone()),
            _ => std::borrow::Cow::Borrowed(DEFAULT_IFS),
        };
        let Some(alts) = alternatives else {
            self.expand_alt(raw, raw, st, mode, ifs, false, out);
            return;
        };
        let start = out.len();
        for alt in &alts {
            self.expand_alt(alt, raw, st, mode, ifs.clone(), true, out);
            if out.len() - start >= MAX_FIELDS {
                break;
            }
        }
    }

    /// Expands one brace alternative `alt` of the word `raw` into `out`.
    #[allow(clippy::too_many_arguments)]
    fn expand_alt(
        &mut self,
        alt: &str,
        raw: &str,
        st: &mut State,
        mode: Mode,
        ifs: std::borrow::Cow<'static, str>,
        brace: bool,
        out: &mut Vec<Arg>,
    ) {
        let mut b = Builder::new(ifs);
        match parse_word(alt) {
            Some(pieces) => self.walk_pieces(&pieces, alt, st, mode, false, &mut b),
            None => {
                if crate::analyzer::too_deep(alt) {
                    // A word nested past the parser's limit (`"$("$(…)")"` 49 deep) was never
                    // parsed: what its substitutions run is unknown, a limit like the depth.
                    self.limit_reached(
                        "parse error: a word nested deeper than 48 levels of brackets was not parsed",
                        &crate::analyzer::truncate(alt, 120),
                    );
                }
                b.lit(alt, false)
            }
        }
        let start = out.len();
        b.finish_into(raw, out);
        if brace {
            for f in out.iter_mut().skip(start) {
                f.brace = true;
            }
        }
    }

    /// Expands a word that must stay one field (fields joined with a space).
    pub(crate) fn expand_one(&mut self, raw: &str, st: &mut State, mode: Mode) -> Arg {
        let fields = self.expand_word(raw, st, mode);
        let mut it = fields.into_iter();
        let Some(mut first) = it.next() else {
            let mut a = Arg::lit("");
            a.raw = raw.to_string();
            return a;
        };
        for f in it {
            if !first.dynamic {
                first.known_prefix = first.text.len() + 1 + f.known_prefix;
            }
            first.text.push(' ');
            first.text.push_str(&f.text);
            first.dynamic |= f.dynamic;
            first.glob |= f.glob;
            first.taint.merge(&f.taint);
        }
        first
    }

    /// Expands a here-document body (unquoted delimiter): parameters and command substitutions,
    /// no splitting. Unknown parts keep their source text.
    pub(crate) fn expand_heredoc(&mut self, body: &str, st: &mut State) -> Stream {
        let Some(pieces) = parse_heredoc(body) else {
            return Stream::text(body);
        };
        let mut b = Builder::new(std::borrow::Cow::Borrowed(""));
        self.walk_pieces(&pieces, body, st, Mode::NoSplit, true, &mut b);
        let mut fields = Vec::new();
        b.finish_into(body, &mut fields);
        let mut text = String::new();
        let mut taint = Taint::default();
        for f in fields {
            text.push_str(&f.text);
            taint.merge(&f.taint);
        }
        Stream {
            text: Some(text),
            taint,
            file: None,
            piped: false,
            shell_out: None,
            listing: None,
            walk: crate::model::Walk::Top,
            listed_name: None,
        }
    }

    /// The name and value of an assignment (`X=…`, `X+=…`, `a=(…)`; arrays also set `a[i]` and
    /// `a[@]`).
    pub(crate) fn assignment_value(
        &mut self,
        a: &ast::Assignment,
        st: &mut State,
    ) -> (String, Val) {
        let name = match &a.name {
            ast::AssignmentName::VariableName(n) => n.clone(),
            ast::AssignmentName::ArrayElementName(n, i) => {
                // bash evaluates the subscript (`a[$(…)]=1` runs the substitution).
                self.inner_substitutions(i, st);
                format!("{n}[{i}]")
            }
        };
        match &a.value {
            ast::AssignmentValue::Scalar(w) => {
                let arg = self.expand_one(&w.value, st, Mode::Assign);
                (name, Val::from_arg(&arg))
            }
            ast::AssignmentValue::Array(items) => {
                let mut vals: Vec<Arg> = Vec::new();
                for (_, w) in items {
                    vals.extend(self.expand_word(&w.value, st, Mode::Normal));
                }
                for (i, v) in vals.iter().enumerate().take(64) {
                    std::rc::Rc::make_mut(&mut st.vars)
                        .insert(format!("{name}[{i}]"), Val::from_arg(v));
                }
                let joined: Vec<&str> = vals.iter().map(|v| v.text.as_str()).collect();
                let dynamic = vals.iter().any(|v| v.dynamic);
                let all = Val {
                    text: joined.join(" "),
                    dynamic,
                    known_prefix: if dynamic { 0 } else { joined.join(" ").len() },
                    taint: Taint::default(),
                };
                std::rc::Rc::make_mut(&mut st.vars).insert(format!("{name}[@]"), all);
                let first = vals.first().map(Val::from_arg).unwrap_or_default();
                (name, first)
            }
        }
    }

    /// Analyses every command substitution written inside `text` (a parameter expansion's
    /// source, an array subscript, an arithmetic expression) as one that runs: the parts bash
    /// evaluates there are not followed value by value, so this is the lower bound of what it
    /// may run. At most 8 substitutions ([`arith_substitutions`]).
    pub(crate) fn inner_substitutions(&mut self, text: &str, st: &State) {
        if !text.contains("$(") && !text.contains('`') {
            return;
        }
        // `${…}` itself is not a substitution: look inside its braces.
        let inner = text
            .strip_prefix("${")
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or(text);
        for code in arith_substitutions(inner) {
            self.substitute(&code, st);
        }
    }

    /// Runs a command substitution at depth+1 in a subshell and returns its output.
    pub(crate) fn substitute(&mut self, code: &str, st: &State) -> Stream {
        let mut sub = st.clone();
        sub.depth += 1;
        sub.captured = true;
        let first = self.facts.secret_prints.len();
        let out = self.run_source(code, &mut sub, Stream::default());
        let end = self.facts.secret_prints.len();
        if end > first {
            self.subst_prints.push((first, end, sub.depth));
        }
        out
    }

    fn walk_pieces(
        &mut self,
        pieces: &[WordPieceWithSource],
        src: &str,
        st: &mut State,
        mode: Mode,
        in_dq: bool,
        b: &mut Builder,
    ) {
        for p in pieces {
            let raw_piece = src.get(p.start_index..p.end_index).unwrap_or("");
            match &p.piece {
                WordPiece::Text(s) => b.lit(s, !in_dq && mode != Mode::Assign),
                WordPiece::SingleQuotedText(s) => {
                    b.flags.quoted = true;
                    b.started = true;
                    b.lit(s, false);
                }
                WordPiece::AnsiCQuotedText(s) => {
                    let (d, printable) = decode::ansi_c(s);
                    if printable {
                        b.flags.ansi_c = true;
                        self.obfuscation("ansi_c_quoting", Some(d.clone()), &format!("$'{s}'"));
                    }
                    b.flags.quoted = true;
                    b.started = true;
                    b.lit(&d, false);
                }
                WordPiece::DoubleQuotedSequence(inner)
                | WordPiece::GettextDoubleQuotedSequence(inner) => {
                    b.flags.quoted = true;
                    b.started = true;
                    self.walk_pieces(inner, src, st, mode, true, b);
                }
                WordPiece::TildeExpansion(t) => {
                    let v: Lookup = match t {
                        TildeExpr::Home => st.vars.get("HOME").cloned(),
                        TildeExpr::UserHome(u) => {
                            if u == "root" {
                                Some(Val::known("/root"))
                            } else {
                                let home = crate::paths::normalize(&self.ctx.home);
                                let parent = home.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
                                Some(Val::known(format!("{parent}/{u}")))
                            }
                        }
                        TildeExpr::WorkingDir => st.vars.get("PWD").cloned(),
                        TildeExpr::OldWorkingDir => st.vars.get("OLDPWD").cloned(),
                        _ => None,
                    };
                    match v {
                        Some(v) => push_val(b, &v, true, mode, false),
                        None => b.unknown(if raw_piece.is_empty() { "~" } else { raw_piece }),
                    }
                }
                WordPiece::ParameterExpansion(expr) => {
                    let is_ifs = matches!(param_of(expr), Parameter::Named(n) if n == "IFS");
                    b.flags.from_var = true;
                    if is_ifs && !in_dq && mode == Mode::Normal {
                        b.flags.ifs = true;
                        self.obfuscation("ifs", None, src);
                    }
                    let looked = self.param(expr, st);
                    if looked.as_ref().is_none_or(|v| v.dynamic) {
                        // The value is not known here, so bash may well take the operator's
                        // other word (`${x:-$(…)}`, `${x:=`…`}`, `${x:?$(…)}`, `${x:+…}`,
                        // patterns, offsets) or evaluate a subscript (`${a[$(…)]}`): every
                        // command substitution written inside is analysed as one that runs.
                        self.inner_substitutions(raw_piece, st);
                    }
                    match looked {
                        Some(v) => {
                            b.flags.taint.merge(&v.taint);
                            push_val(b, &v, in_dq, mode, true);
                        }
                        None => b.unknown(if raw_piece.is_empty() {
                            "$?"
                        } else {
                            raw_piece
                        }),
                    }
                }
                WordPiece::CommandSubstitution(code)
                | WordPiece::BackquotedCommandSubstitution(code) => {
                    let code = if matches!(p.piece, WordPiece::BackquotedCommandSubstitution(_)) {
                        unescape_backquote(code)
                    } else {
                        code.clone()
                    };
                    let before = self.facts.paths.len();
                    let mut out = self.substitute(&code, st);
                    // `$(< FILE)` of a file this command did not write: its content is not
                    // known, not empty.
                    if out.text.as_deref() == Some("")
                        && code.trim().starts_with('<')
                        && !code.trim().starts_with("<<")
                    {
                        out.text = None;
                    }
                    b.flags.from_subst = true;
                    b.flags.taint.merge(&out.taint);
                    if b.flags.taint.read.is_none() {
                        // `$(< FILE)`: bash's reading of FILE without a program.
                        let bare = code
                            .trim()
                            .strip_prefix('<')
                            .filter(|r| !r.starts_with(['<', '(']))
                            .map(str::trim)
                            .filter(|r| !r.is_empty() && !r.contains([' ', '$', '`', ';', '|']));
                        b.flags.taint.read = bare
                            .map(|f| {
                                crate::paths::resolve_text(f, false, f.len(), false, &st.cwd).path
                            })
                            .or_else(|| out.file.clone())
                            .or_else(|| {
                                self.facts
                                    .paths
                                    .get(before..)
                                    .unwrap_or(&[])
                                    .iter()
                                    .find(|p| p.access == crate::facts::Access::Read)
                                    .map(|p| p.path.clone())
                            });
                    }
                    match out.text {
                        Some(t) => {
                            let t = t.trim_end_matches('\n');
                            if in_dq || mode != Mode::Normal {
                                b.lit(t, false);
                            } else {
                                b.split(t, true);
                            }
                        }
                        // A listing of paths under a folder (`rm $(find ~ -type f)`): the
                        // words are that folder's files, `DIR/*`, at every level when the
                        // listing covers the whole tree (as `find ~ | xargs rm`).
                        None if !in_dq
                            && mode == Mode::Normal
                            && out.listing.as_deref().is_some_and(|l| l.starts_with('/')) =>
                        {
                            let l = out.listing.as_deref().unwrap_or("/");
                            let glob = crate::paths::join(l, "*");
                            if out.walk != crate::model::Walk::Top
                                && !self.tree_globs.iter().any(|(g, _)| *g == glob)
                            {
                                self.tree_globs.push((glob.clone(), out.walk));
                            }
                            b.lit(&glob, true);
                        }
                        None => b.unknown(if raw_piece.is_empty() {
                            "$(…)"
                        } else {
                            raw_piece
                        }),
                    }
                }
                WordPiece::EscapeSequence(s) => {
                    b.flags.quoted = true;
                    let c = s.strip_prefix('\\').unwrap_or(s);
                    if in_dq {
                        if c.starts_with(['$', '`', '"', '\\']) {
                            b.lit(c, false);
                        } else if c != "\n" {
                            b.lit(s, false);
                        }
                    } else if c != "\n" {
                        b.lit(c, false);
                    }
                }
                WordPiece::ArithmeticExpression(e) => match arith_literal(&e.value) {
                    Some(n) => b.lit(&n.to_string(), false),
                    None => {
                        // Command substitutions inside run before the arithmetic is done
                        // (`$(( $(cmd) + 1 ))`, bash(1) "Arithmetic Expansion").
                        for code in arith_substitutions(&e.value) {
                            let out = self.substitute(&code, st);
                            b.flags.from_subst = true;
                            b.flags.taint.merge(&out.taint);
                        }
                        b.unknown(if raw_piece.is_empty() {
                            "$((…))"
                        } else {
                            raw_piece
                        })
                    }
                },
            }
        }
    }

    fn lookup(&self, p: &Parameter, indirect: bool, st: &State) -> Lookup {
        let name = match p {
            Parameter::Named(n) => n.clone(),
            Parameter::Positional(n) => n.to_string(),
            Parameter::Special(SpecialParameter::AllPositionalParameters { .. }) => "@".to_string(),
            Parameter::Special(SpecialParameter::ShellName) => "0".to_string(),
            Parameter::Special(_) => return None,
            Parameter::NamedWithIndex { name, index } => format!("{name}[{index}]"),
            Parameter::NamedWithAllIndices { name, .. } => format!("{name}[@]"),
        };
        let v = st.vars.get(&name).cloned()?;
        if indirect {
            if v.dynamic {
                return None;
            }
            return st.vars.get(&v.text).cloned();
        }
        Some(v)
    }

    fn param(&mut self, expr: &ParameterExpr, st: &mut State) -> Lookup {
        use ParameterExpr as P;
        let known = |v: &Lookup| -> Option<String> {
            v.as_ref().filter(|v| !v.dynamic).map(|v| v.text.clone())
        };
        match expr {
            P::Parameter {
                parameter,
                indirect,
            }
            | P::IndicateErrorIfNullOrUnset {
                parameter,
                indirect,
                ..
            } => self.lookup(parameter, *indirect, st),
            P::UseDefaultValues {
                parameter,
                indirect,
                test_type,
                default_value,
            }
            | P::AssignDefaultValues {
                parameter,
                indirect,
                test_type,
                default_value,
            } => {
                let v = self.lookup(parameter, *indirect, st);
                match &v {
                    Some(val)
                        if !val.dynamic
                            && val.text.is_empty()
                            && matches!(test_type, ParameterTestType::UnsetOrNull) =>
                    {
                        let d = default_value.clone().unwrap_or_default();
                        let arg = self.expand_one(&d, st, Mode::NoSplit);
                        let dv = Val::from_arg(&arg);
                        if matches!(expr, P::AssignDefaultValues { .. }) {
                            if let Parameter::Named(n) = parameter {
                                std::rc::Rc::make_mut(&mut st.vars).insert(n.clone(), dv.clone());
                            }
                        }
                        Some(dv)
                    }
                    _ => v,
                }
            }
            P::UseAlternativeValue {
                parameter,
                indirect,
                test_type,
                alternative_value,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                if v.is_empty() && matches!(test_type, ParameterTestType::UnsetOrNull) {
                    return Some(Val::known(""));
                }
                let alt = alternative_value.clone().unwrap_or_default();
                let arg = self.expand_one(&alt, st, Mode::NoSplit);
                Some(Val::from_arg(&arg))
            }
            P::ParameterLength {
                parameter,
                indirect,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                Some(Val::known(v.chars().count().to_string()))
            }
            P::RemoveSmallestSuffixPattern {
                parameter,
                indirect,
                pattern,
            }
            | P::RemoveLargestSuffixPattern {
                parameter,
                indirect,
                pattern,
            }
            | P::RemoveSmallestPrefixPattern {
                parameter,
                indirect,
                pattern,
            }
            | P::RemoveLargestPrefixPattern {
                parameter,
                indirect,
                pattern,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                let pat = self.expand_one(pattern.as_deref().unwrap_or(""), st, Mode::Assign);
                if pat.dynamic {
                    return None;
                }
                let pc: Vec<char> = pat.text.chars().collect();
                let vc: Vec<char> = v.chars().collect();
                let n = vc.len();
                let result: String = match expr {
                    P::RemoveSmallestSuffixPattern { .. } => (0..=n)
                        .rev()
                        .find(|&i| glob_match(&pc, vc.get(i..).unwrap_or(&[])))
                        .map(|i| vc.get(..i).unwrap_or(&[]).iter().collect())
                        .unwrap_or_else(|| v.clone()),
                    P::RemoveLargestSuffixPattern { .. } => (0..=n)
                        .find(|&i| glob_match(&pc, vc.get(i..).unwrap_or(&[])))
                        .map(|i| vc.get(..i).unwrap_or(&[]).iter().collect())
                        .unwrap_or_else(|| v.clone()),
                    P::RemoveSmallestPrefixPattern { .. } => (0..=n)
                        .find(|&i| glob_match(&pc, vc.get(..i).unwrap_or(&[])))
                        .map(|i| vc.get(i..).unwrap_or(&[]).iter().collect())
                        .unwrap_or_else(|| v.clone()),
                    _ => (0..=n)
                        .rev()
                        .find(|&i| glob_match(&pc, vc.get(..i).unwrap_or(&[])))
                        .map(|i| vc.get(i..).unwrap_or(&[]).iter().collect())
                        .unwrap_or_else(|| v.clone()),
                };
                Some(Val::known(result))
            }
            P::Substring {
                parameter,
                indirect,
                offset,
                length,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                let vc: Vec<char> = v.chars().collect();
                let n = vc.len() as i64;
                let off = arith_literal(&offset.value)?;
                let start = if off < 0 {
                    (n + off).max(0)
                } else {
                    off.min(n)
                };
                let end = match length {
                    Some(l) => {
                        let l = arith_literal(&l.value)?;
                        if l < 0 {
                            (n + l).max(start)
                        } else {
                            (start + l).min(n)
                        }
                    }
                    None => n,
                };
                let s: String = vc
                    .get(usize::try_from(start).ok()?..usize::try_from(end).ok()?)
                    .unwrap_or(&[])
                    .iter()
                    .collect();
                Some(Val::known(s))
            }
            P::Transform {
                parameter,
                indirect,
                op,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                match op {
                    ParameterTransformOp::ToUpperCase => Some(Val::known(v.to_uppercase())),
                    ParameterTransformOp::ToLowerCase => Some(Val::known(v.to_lowercase())),
                    ParameterTransformOp::Quoted => Some(Val::known(v)),
                    ParameterTransformOp::ExpandEscapeSequences => {
                        Some(Val::known(decode::echo_escapes(&v).0))
                    }
                    _ => None,
                }
            }
            P::UppercaseFirstChar {
                parameter,
                indirect,
                pattern: None,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                let mut c = v.chars();
                Some(Val::known(match c.next() {
                    Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                    None => String::new(),
                }))
            }
            P::LowercaseFirstChar {
                parameter,
                indirect,
                pattern: None,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                let mut c = v.chars();
                Some(Val::known(match c.next() {
                    Some(f) => f.to_lowercase().chain(c).collect::<String>(),
                    None => String::new(),
                }))
            }
            P::UppercasePattern {
                parameter,
                indirect,
                pattern: None,
            } => {
                known(&self.lookup(parameter, *indirect, st)).map(|v| Val::known(v.to_uppercase()))
            }
            P::LowercasePattern {
                parameter,
                indirect,
                pattern: None,
            } => {
                known(&self.lookup(parameter, *indirect, st)).map(|v| Val::known(v.to_lowercase()))
            }
            P::ReplaceSubstring {
                parameter,
                indirect,
                pattern,
                replacement,
                match_kind,
            } => {
                let v = known(&self.lookup(parameter, *indirect, st))?;
                let pat = self.expand_one(pattern, st, Mode::Assign);
                if pat.dynamic || has_glob(&pat.text) || pat.text.is_empty() {
                    return None;
                }
                let rep = self.expand_one(replacement.as_deref().unwrap_or(""), st, Mode::Assign);
                if rep.dynamic {
                    return None;
                }
                let (p, r) = (pat.text.as_str(), rep.text.as_str());
                let out = match match_kind {
                    SubstringMatchKind::FirstOccurrence => v.replacen(p, r, 1),
                    SubstringMatchKind::Anywhere => v.replace(p, r),
                    SubstringMatchKind::Prefix => match v.strip_prefix(p) {
                        Some(rest) => format!("{r}{rest}"),
                        None => v.clone(),
                    },
                    SubstringMatchKind::Suffix => match v.strip_suffix(p) {
                        Some(rest) => format!("{rest}{r}"),
                        None => v.clone(),
                    },
                };
                Some(Val::known(out))
            }
            _ => None,
        }
    }
}

/// Appends a value: split when unquoted in normal mode, else literal; unknown tails stay raw.
fn push_val(b: &mut Builder, v: &Val, in_dq: bool, mode: Mode, splittable: bool) {
    if v.dynamic {
        let kp = v.known_prefix.min(v.text.len());
        let (known, rest) = match (v.text.get(..kp), v.text.get(kp..)) {
            (Some(k), Some(r)) => (k, r),
            _ => ("", v.text.as_str()),
        };
        b.lit(known, false);
        b.unknown(rest);
    } else if splittable && !in_dq && mode == Mode::Normal {
        b.split(&v.text, true);
    } else {
        b.lit(&v.text, false);
    }
}

fn param_of(expr: &ParameterExpr) -> &Parameter {
    use ParameterExpr as P;
    match expr {
        P::Parameter { parameter, .. }
        | P::UseDefaultValues { parameter, .. }
        | P::AssignDefaultValues { parameter, .. }
        | P::IndicateErrorIfNullOrUnset { parameter, .. }
        | P::UseAlternativeValue { parameter, .. }
        | P::ParameterLength { parameter, .. }
        | P::RemoveSmallestSuffixPattern { parameter, .. }
        | P::RemoveLargestSuffixPattern { parameter, .. }
        | P::RemoveSmallestPrefixPattern { parameter, .. }
        | P::RemoveLargestPrefixPattern { parameter, .. }
        | P::Substring { parameter, .. }
        | P::Transform { parameter, .. }
        | P::UppercaseFirstChar { parameter, .. }
        | P::UppercasePattern { parameter, .. }
        | P::LowercaseFirstChar { parameter, .. }
        | P::LowercasePattern { parameter, .. }
        | P::ReplaceSubstring { parameter, .. } => parameter,
        P::VariableNames { .. } | P::MemberKeys { .. } => &NO_PARAMETER,
    }
}

static NO_PARAMETER: Parameter = Parameter::Positional(0);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_matcher() {
        let m = |p: &str, s: &str| {
            glob_match(
                &p.chars().collect::<Vec<_>>(),
                &s.chars().collect::<Vec<_>>(),
            )
        };
        assert!(m("a*c", "abbc"));
        assert!(m("*", ""));
        assert!(!m("a?c", "ac"));
    }

    #[test]
    fn brace_alternatives_expand() {
        assert_eq!(
            brace_alternatives("{rm,-rf,/x}"),
            Some(vec!["rm".to_string(), "-rf".to_string(), "/x".to_string()])
        );
        assert_eq!(brace_alternatives("'{a,b}'"), None);
        assert_eq!(brace_alternatives("{}"), None);
    }
}
