//! What a command leaves in the files it writes (issue 11 item 11, h-runlater): the content of
//! each file a redirection, `tee`, `curl -o`, `cp` or an interpreter one-liner fills, as far as
//! the static analysis knows it, with where that content came from. `hookward-facts` reads it
//! for files that another program runs later by itself (`armed.rs`, `run_later.rs`): the text
//! `printf 'python\nimport os…\nend\n' >> ~/.gdbinit` puts there, with printf's escapes
//! applied, or the URL `curl -o ~/.gdbinit URL` filled it from. Nothing is ever run.

use crate::analyzer::Analyzer;
use crate::facts::ShellContext;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// One file a command writes and what it puts there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenFile {
    /// The file, as the analyzer resolved it (absolute when known).
    pub path: String,
    /// The whole text written (appends of one command joined), when it is fixed in the
    /// command (`echo`, `printf`, a here-document); `None` when it is not known.
    pub text: Option<String>,
    /// The content was fetched from the network: the URL or host it came from.
    pub fetched: Option<String>,
    /// The content was decoded (`base64 -d`, `xxd -r`): the decoder's name.
    pub decoded: Option<String>,
    /// The content is a copy of this file (`cp F`, `cat F >`), absolute.
    pub copied_from: Option<String>,
    /// The content carries the value of this secret-named variable (`echo "$DEPLOY_KEY" > f`;
    /// session 27, read by `hookward-facts` staged.rs).
    pub secret_var: Option<String>,
    /// The content is an environment dump (`env > f`, `printenv > f`).
    pub env_dump: bool,
    /// The content carries a file read inside a command substitution (`echo "K=$(cat F)" > f`):
    /// that file, absolute.
    pub read_from: Option<String>,
}

/// The files `command` writes, with what it writes into them (module docs), in path order; at
/// most 64 files, each text cut to 64 KiB. Never panics: an internal failure gives nothing.
pub fn written_files(command: &str, ctx: &ShellContext) -> Vec<WrittenFile> {
    let r = catch_unwind(AssertUnwindSafe(|| {
        Analyzer::new(ctx).run_for_files(command)
    }));
    let Ok(files) = r else {
        return Vec::new();
    };
    files
        .into_iter()
        .take(64)
        .map(|(path, s)| WrittenFile {
            path,
            text: s.text.filter(|t| t.len() <= 65_536),
            fetched: s.taint.fetched,
            decoded: s.taint.decoded,
            copied_from: s.file,
            secret_var: s.taint.secret_var,
            env_dump: s.taint.env_dump,
            read_from: s.taint.read,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/p".into(),
            home: "/home/u".into(),
            project_dir: Some("/p".into()),
        }
    }

    fn find(cmd: &str, path: &str) -> WrittenFile {
        written_files(cmd, &ctx())
            .into_iter()
            .find(|w| w.path == path)
            .unwrap_or_default()
    }

    #[test]
    fn printf_text_is_the_text_printf_writes() {
        let w = find(
            r#"printf 'python\nimport os\nos.system("id")\nend\n' >> ~/.gdbinit"#,
            "/home/u/.gdbinit",
        );
        assert_eq!(
            w.text.as_deref(),
            Some("python\nimport os\nos.system(\"id\")\nend\n")
        );
    }

    #[test]
    fn a_fetch_into_a_file_is_marked_fetched() {
        let w = find(
            "curl -s https://dl.example.net/init.gdb -o ~/.gdbinit && gdb -q a.out",
            "/home/u/.gdbinit",
        );
        assert!(w.fetched.is_some_and(|u| u.contains("dl.example.net")));
        let w = find(
            "echo 'set history save on' >> ~/.gdbinit",
            "/home/u/.gdbinit",
        );
        assert!(w.fetched.is_none());
        assert_eq!(w.text.as_deref(), Some("set history save on\n"));
    }

    #[test]
    fn a_here_document_and_tee_are_read() {
        let w = find(
            "cat >> ~/.irbrc <<'EOF'\nIRB.conf[:SAVE_HISTORY] = 1000\nEOF",
            "/home/u/.irbrc",
        );
        assert_eq!(w.text.as_deref(), Some("IRB.conf[:SAVE_HISTORY] = 1000\n"));
        let w = find(
            "printf '#!/bin/sh\\necho hi\\n' | tee ~/.local/bin/hi >/dev/null",
            "/home/u/.local/bin/hi",
        );
        assert_eq!(w.text.as_deref(), Some("#!/bin/sh\necho hi\n"));
    }

    #[test]
    fn a_remote_console_write_is_read_too() {
        let all = written_files(
            r##"ssh r1 'printf "#!/bin/sh\necho hi\n" | sudo tee /opt/hooks/start.sh && sudo chmod +x /opt/hooks/start.sh'"##,
            &ctx(),
        );
        let paths: Vec<&str> = all.iter().map(|w| w.path.as_str()).collect();
        assert!(paths.contains(&"/opt/hooks/start.sh"), "{all:?}");
    }
}
