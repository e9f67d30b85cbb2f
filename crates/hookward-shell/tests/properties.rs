//! Property tests: `analyze` never fails internally (it catches panics, so an internal failure
//! would show as an `internal error` entry) and is deterministic, on arbitrary strings and on
//! strings assembled from shell syntax.

mod common;

use proptest::prelude::*;

fn check(s: &str) -> Result<(), TestCaseError> {
    let ctx = common::ctx();
    let a = hookward_shell::analyze(s, &ctx);
    let b = hookward_shell::analyze(s, &ctx);
    prop_assert_eq!(&a, &b, "not deterministic");
    prop_assert!(
        !a.unanalysable
            .iter()
            .any(|u| u.reason.starts_with("internal error")),
        "internal error on {:?}",
        s
    );
    Ok(())
}

/// Pieces of shell syntax, glued together at random.
fn shellish() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "rm",
        "-rf",
        "~",
        "/",
        "*",
        "$HOME",
        "${IFS}",
        "$(",
        ")",
        "`",
        "'",
        "\"",
        "\\",
        "|",
        "||",
        "&&",
        ";",
        "&",
        ">",
        ">>",
        "<",
        "<<EOF\n",
        "\nEOF\n",
        "<<<",
        "<(",
        ">(",
        "{",
        "}",
        "(",
        "((",
        "))",
        "[[",
        "]]",
        "if",
        "then",
        "fi",
        "for x in a b; do",
        "done",
        "case",
        "esac",
        "$'\\x72'",
        "eval",
        "bash -c",
        "sh",
        "curl https://x.invalid",
        "base64 -d",
        "xxd -r -p",
        "sudo",
        "env",
        "xargs",
        "find . -exec",
        "{}",
        "\\;",
        "python3 -c",
        "node -e",
        "perl -e",
        "git push -f",
        "export PATH=",
        "cd ..",
        "$((1+",
        "$1",
        "$@",
        "a=",
        "f() {",
        "\u{202e}",
        "гm",
        "\n",
        " ",
        "=",
        "#",
        "!",
        "$?",
        "${x:-",
        "${x#*/}",
    ]);
    prop::collection::vec(piece, 0..24).prop_map(|v| v.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    #[test]
    fn any_string(s in ".{0,200}") {
        check(&s)?;
    }

    #[test]
    fn shell_like_strings(s in shellish()) {
        check(&s)?;
    }

    #[test]
    fn ascii_noise(s in "[ -~\n]{0,300}") {
        check(&s)?;
    }
}

#[test]
fn huge_and_deep_inputs_stay_bounded() {
    let ctx = common::ctx();
    let deep = format!("{}rm -rf ~{}", "bash -c \"$(".repeat(40), ")\"".repeat(40));
    let f = hookward_shell::analyze(&deep, &ctx);
    assert!(f
        .unanalysable
        .iter()
        .all(|u| !u.reason.starts_with("internal error")));
    let long = "echo a && ".repeat(5_000) + "true";
    let f = hookward_shell::analyze(&long, &ctx);
    assert!(
        f.unanalysable.iter().any(|u| u.reason.contains("budget")),
        "{:?}",
        f.unanalysable
    );
    let nested_subst = "$(".repeat(500) + &")".repeat(500);
    let f = hookward_shell::analyze(&nested_subst, &ctx);
    assert!(f
        .unanalysable
        .iter()
        .all(|u| !u.reason.starts_with("internal error")));
}

/// The context of the fuzz regression tests: user /home/dev working in /home/dev/project.
fn dev_ctx() -> hookward_shell::ShellContext {
    hookward_shell::ShellContext {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        project_dir: Some("/home/dev/project".into()),
    }
}

/// Found by `cargo fuzz run shell_analyze`: unclosed parentheses made brush-parser backtrack
/// exponentially (6.5 s at 24 levels). Now bounded; the command is still analysed by the
/// fallback tokenizer and reported as unanalysable.
#[test]
fn unclosed_parentheses_do_not_blow_up() {
    let ctx = dev_ctx();
    let cmd = format!("{}rm -rf ~ {}x", "(".repeat(40), "&".repeat(60));
    let facts = hookward_shell::analyze(&cmd, &ctx);
    assert!(
        facts
            .unanalysable
            .iter()
            .any(|u| u.reason.contains("unclosed parentheses or braces")),
        "{:?}",
        facts.unanalysable
    );
}

/// Second fuzz find: unclosed `$((` inside double quotes made brush-parser's word parser
/// backtrack exponentially. The same bound now applies to every brush-parser entry point.
#[test]
fn unclosed_arithmetic_in_quotes_is_bounded() {
    let ctx = dev_ctx();
    let cmd = "npx @(n$((\"".repeat(12);
    let a = hookward_shell::analyze(&cmd, &ctx);
    assert_eq!(a, hookward_shell::analyze(&cmd, &ctx));
}

/// Third fuzz find: 24 unclosed `{` in a word made brace-expansion parsing run for minutes.
#[test]
fn unclosed_braces_are_bounded() {
    let ctx = dev_ctx();
    let cmd = format!("printf x{}3{{rm,-rf,/home/dev}} > out", "{".repeat(24));
    // Finishes (the bug ran for minutes) and still reports what it can see: the redirect.
    let facts = hookward_shell::analyze(&cmd, &ctx);
    assert!(
        facts
            .paths
            .iter()
            .any(|p| p.path == "/home/dev/project/out"),
        "{:?}",
        facts.paths
    );
}

/// Fourth fuzz find: a program name of 28 `*` made the glob matcher backtrack exponentially.
#[test]
fn many_stars_in_a_program_name_are_matched_in_polynomial_time() {
    let ctx = dev_ctx();
    let cmd = format!("{}ke > out", "*".repeat(200));
    let facts = hookward_shell::analyze(&cmd, &ctx);
    assert!(
        facts
            .paths
            .iter()
            .any(|p| p.path == "/home/dev/project/out"),
        "{:?}",
        facts.paths
    );
    // Globbed names still resolve: `r?` runs `rm` when that is what matches.
    let facts = hookward_shell::analyze("/bin/r? -rf ~", &ctx);
    assert!(
        facts
            .paths
            .iter()
            .any(|p| p.path == "/home/dev" && p.recursive),
        "{:?}",
        facts.paths
    );
}

/// Fifth fuzz find: an unclosed quote inside `$(` hid unclosed parentheses from a quote-aware
/// count; the count now ignores quotes.
#[test]
fn unclosed_quote_inside_substitution_is_bounded() {
    let ctx = dev_ctx();
    let cmd = "chmod $(-' a+rwx m e.isg ((((( (((s3\"((( -fd -e-*!s3\"((((((((((n`} && s /etc";
    let facts = hookward_shell::analyze(cmd, &ctx);
    assert!(
        facts
            .unanalysable
            .iter()
            .any(|u| u.reason.contains("unclosed parentheses or braces")),
        "{:?}",
        facts.unanalysable
    );
}

/// Sixth fuzz find: brush-parser 0.4 panics (`unwrap` on ParseIntError) on a redirect with a
/// file-descriptor number that overflows; such input now skips the parser.
#[test]
fn huge_fd_number_does_not_reach_the_parser() {
    let ctx = dev_ctx();
    let facts = hookward_shell::analyze(
        "if true; then find 66666666666666666666666666>out; fi && ls &",
        &ctx,
    );
    assert!(
        facts
            .unanalysable
            .iter()
            .any(|u| u.reason.contains("file-descriptor number")),
        "{:?}",
        facts.unanalysable
    );
    assert!(
        !facts
            .unanalysable
            .iter()
            .any(|u| u.reason.contains("internal error")),
        "{:?}",
        facts.unanalysable
    );
}
