//! The classes of the rule of judgement read from shape and error text
//! ([`crate::judge`], the distillation refusals): each tested on generated variants, not on
//! one transcript row.

use crate::distill::{distill as distill_lesson, CallSummary, FailedCall, NoLesson, Provenance};
use crate::judge::{evidence_of, is_look_only, points_at, unlearnable, Unlearnable};
use crate::symptom;

fn call(c: &str) -> CallSummary {
    CallSummary {
        tool: "Bash".into(),
        kind: "shell".into(),
        command: Some(c.into()),
        file: None,
        detail: None,
        id: None,
    }
}

fn failed(c: &str, err: &str) -> FailedCall {
    FailedCall {
        call: call(c),
        symptom: symptom(err),
        cause: "exit-code".into(),
        evidence: evidence_of(err),
        cwd: None,
    }
}

/// `cmd` as run directly, over ssh, and through PowerShell / bash -c.
fn wrapped(cmd: &str) -> Vec<String> {
    let q = cmd.replace('"', "'");
    vec![
        cmd.to_string(),
        format!("ssh root@192.0.2.1 \"{q}\""),
        format!("ssh -o ConnectTimeout=5 admin@router \"{q}\""),
        format!("bash -c \"{q}\""),
    ]
}

#[test]
fn the_outside_world_at_that_moment_opens_no_episode() {
    let errors = [
        ";; connection timed out; no servers could be reached",
        "Resolve-DnsName : example.org : This operation returned because the timeout period expired",
        "Resolve-DnsName : example.org : DNS operation refused",
        "curl: (6) Could not resolve host: api.example.org",
        "ssh: connect to host 192.0.2.1 port 22: Connection refused",
        "root@192.0.2.1: Permission denied (publickey,keyboard-interactive).",
        "Error: listen tcp :4000: bind: address already in use",
        "fatal: unable to access 'https://example.org/r.git/': Temporary failure in name resolution",
        "connect: Network is unreachable",
    ];
    let commands = [
        "dig example.org @192.0.2.1 +short",
        "curl -fsS https://api.example.org/v1",
        "git fetch origin",
        "/usr/sbin/blocky --config /etc/blocky/config.yml",
        "powershell \"Resolve-DnsName example.org -Server 192.0.2.1\"",
    ];
    for e in errors {
        for c in commands {
            for w in wrapped(c) {
                assert_eq!(
                    unlearnable(Some(&w), &format!("Exit code 1\n{e}")),
                    Some(Unlearnable::WorldState),
                    "{w} / {e}"
                );
            }
        }
    }
    // a usage mistake is not the world's
    assert_eq!(
        unlearnable(Some("npm test"), "npm ERR! missing script: test"),
        None
    );
}

const PRODUCERS: &[&str] = &[
    "opkg list-installed",
    "brew list --versions",
    "kubectl get pods -n web",
    "docker ps -a",
    "git log --oneline -5",
    "systemctl status blocky",
    "uci show network",
    "op item get abc --fields username",
    "sc_auth identities",
    "ps aux",
    "netstat -tulnp",
    "dig example.org +short",
    "cat /etc/config/dhcp",
    "gpg --list-secret-keys",
];
const FILTERS: &[&str] = &[
    "",
    " | grep -E '(a|b)'",
    " | grep x | head -5",
    " | sort | uniq -c",
    " | wc -l",
    " | awk '{print $1}'",
    " 2>&1 | tail -20",
    " 2>/dev/null | jq .",
];

#[test]
fn look_only_commands_are_judged_by_shape() {
    for p in PRODUCERS {
        for f in FILTERS {
            for w in wrapped(&format!("{p}{f}")) {
                assert!(is_look_only(&w), "{w}");
                // failing is the answer: nothing matched, nothing running
                assert_eq!(
                    unlearnable(Some(&w), "Exit code 1\n"),
                    Some(Unlearnable::LookedAndFoundNothing),
                    "{w}"
                );
                // unless the command itself was wrong
                for usage in [
                    "grep: unrecognized option '--foo'",
                    "Error: unknown command \"lst\" for \"kubectl\"",
                    "bash: line 1: opkgg: command not found",
                    "usage: ps [-AaCcEefhjlMmrSTvwXx]",
                ] {
                    assert_eq!(unlearnable(Some(&w), usage), None, "{w} / {usage}");
                }
                // writing the output somewhere is not only looking
                for write in [" > out.txt", " | tee listing.txt", " >> /tmp/log"] {
                    assert!(!is_look_only(&format!("{p}{f}{write}")), "{p}{f}{write}");
                }
            }
        }
    }
    // a look that could not run here is not an empty answer; a missing thing is
    for look in ["git log -1", "git status", "kubectl get pods", "brew list"] {
        for w in wrapped(look) {
            assert_eq!(
                unlearnable(
                    Some(&w),
                    "fatal: detected dubious ownership in repository at '/srv/x'"
                ),
                None,
                "{w}"
            );
            assert_eq!(
                unlearnable(
                    Some(&w),
                    "error: open /srv/x/config: no such file or directory"
                ),
                Some(Unlearnable::LookedAndFoundNothing),
                "{w}"
            );
        }
    }
    // a look in a folder that is not there went to the wrong place
    assert_eq!(
        unlearnable(
            Some("cd ~/notes-repo && git status"),
            "(eval):cd:1: no such file or directory: /home/dev/notes-repo"
        ),
        None
    );
    for cmdlets in [
        "Get-Process -Name git -ErrorAction SilentlyContinue | Measure-Object | Select-Object -ExpandProperty Count",
        "Get-ChildItem C:\\Users | Where-Object { $_.Name -like 'a*' } | Format-Table",
        "Test-Path C:\\x; Resolve-DnsName example.org",
    ] {
        for w in [
            format!("powershell.exe -Command \"{cmdlets}\""),
            format!("pwsh -NoProfile -Command \"{cmdlets}\""),
        ] {
            assert!(is_look_only(&w), "{w}");
        }
    }
    for doing in [
        "npm install",
        "opkg install tcpdump",
        "sed -i 's/a/b/' f.conf",
        "kubectl apply -f x.yaml",
        "git push origin main",
        "powershell -Command \"Set-Content -Path a.txt -Value 1\"",
        "brew install lynis",
        "cargo test",
    ] {
        for w in wrapped(doing) {
            assert!(!is_look_only(&w), "{w}");
            assert_eq!(unlearnable(Some(&w), "Exit code 1\nerror: x"), None, "{w}");
        }
    }
}

#[test]
fn sudo_is_keyed_by_what_ran_under_it() {
    use crate::distill::same_work;
    for (prog, sub, other) in [
        ("sc_auth", "pair", "identities"),
        ("launchctl", "bootstrap", "list"),
        ("tailscale", "up", "status"),
        ("nvram", "boot-args", "print"),
        ("pmset", "displaysleep", "status"),
    ] {
        for args in ["", " -u m", " --all"] {
            let failing = format!("sudo {prog} {sub}{args}");
            assert!(
                !same_work(Some(&failing), Some(&format!("{prog} {other}"))),
                "{failing}"
            );
            assert!(
                !same_work(Some(&failing), Some(&format!("{prog} {other} 2>&1 | head"))),
                "{failing}"
            );
            assert!(
                same_work(Some(&failing), Some(&format!("{prog} {sub}{args}"))),
                "{failing}"
            );
            assert_eq!(
                distill_lesson(
                    &failed(
                        &failing,
                        "sudo: a terminal is required to read the password"
                    ),
                    &[],
                    &call(&format!("{prog} {other}")),
                    Provenance::default()
                ),
                Err(NoLesson::OtherWork),
                "{failing}"
            );
        }
    }
}

#[test]
fn force_flags_and_weakening_in_the_repair_path_are_refused() {
    for (first, fix) in [
        ("git add notes/x.py", "git add -f notes/x.py"),
        (
            "git add notes/x.py && git status",
            "git add -f notes/x.py && git status",
        ),
        ("git push origin feat", "git push -f origin feat"),
        ("git checkout main", "git checkout -f main"),
        ("cp a.conf /etc/x.conf", "cp -f a.conf /etc/x.conf"),
        ("rm build/out.o", "rm -f build/out.o"),
    ] {
        assert_eq!(
            distill_lesson(
                &failed(first, "The following paths are ignored by one of your .gitignore files:\nhint: Use -f if you really want to add them."),
                &[],
                &call(fix),
                Provenance::default()
            ),
            Err(NoLesson::WeakensSafety("--force")),
            "{fix}"
        );
    }
    // `-f` of other programs is a file, not a force
    assert!(distill_lesson(
        &failed("docker build .", "ERROR: failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory"),
        &[],
        &call("docker build -f docker/Dockerfile ."),
        Provenance::default()
    )
    .is_ok());
    assert!(distill_lesson(
        &failed(
            "docker-compose up",
            "ERROR: Can't find a suitable configuration file in this directory"
        ),
        &[],
        &call("docker-compose -f deploy/compose.yml up"),
        Provenance::default()
    )
    .is_ok());
    // a check turned off between the failure and the retry
    for flag in ["--no-gpg-sign", "--no-verify"] {
        for push in [
            "git push",
            "git push -u origin work",
            "cd . && git push -u origin work",
        ] {
            let repair = vec![
                "ran `git reset --soft HEAD~2`".to_string(),
                format!("ran `git commit {flag} -m \"improvements\"`"),
            ];
            assert!(
                matches!(
                    distill_lesson(
                        &failed(push, "remote: error: GH013: Repository rule violations found\nerror: failed to push some refs"),
                        &repair,
                        &call(push),
                        Provenance::default()
                    ),
                    Err(NoLesson::WeakensSafety(_))
                ),
                "{push} / {flag}"
            );
        }
    }
}

#[test]
fn leaving_arguments_out_is_giving_up_part_of_the_work() {
    for (prog, pkgs) in [
        ("brew install", ["lynis", "osquery", "mas", "gnupg"]),
        ("apt-get install -y", ["curl", "jq", "tcpdump", "nmap"]),
        ("npm install", ["react", "left-pad", "zod", "vitest"]),
        ("opkg install", ["tcpdump", "bind-dig", "htop", "nano"]),
    ] {
        for drop in 0..pkgs.len() {
            let all = format!("{prog} {}", pkgs.join(" "));
            let kept: Vec<&str> = pkgs
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != drop)
                .map(|(_, p)| *p)
                .collect();
            let fewer = format!("{prog} {}", kept.join(" "));
            for (a, b) in wrapped(&all).iter().zip(wrapped(&fewer)) {
                assert_eq!(
                    distill_lesson(
                        &failed(
                            a,
                            &format!("Error: Failure while installing {}", pkgs[drop])
                        ),
                        &[],
                        &call(&b),
                        Provenance::default()
                    ),
                    Err(NoLesson::Narrowed),
                    "{b}"
                );
            }
        }
    }
    // dropping a wrong flag is a fix
    let l = distill_lesson(
        &failed(
            "ipconfig /all",
            "Error: unrecognized or incomplete command line.",
        ),
        &[],
        &call("ipconfig"),
        Provenance::default(),
    );
    assert!(l.is_ok(), "{l:?}");
}

#[test]
fn a_fix_must_answer_what_the_failure_points_at() {
    // the fix changes nothing the error names: another command that happened to work
    for (first, err, next) in [
        (
            "gpg --import ./key.asc",
            "gpg: invalid armor header: lQcYBGlXBgNBEACN",
            "gpg --list-secret-keys alice",
        ),
        (
            "net user %USERNAME%",
            "System error 5 has occurred. Access is denied.",
            "net localgroup administrators",
        ),
        (
            "npm run release",
            "Error: Process completed with exit code 1.",
            "npm run lint",
        ),
    ] {
        // (`net localgroup` after `net user` is also another sub-command: other work)
        assert!(
            matches!(
                distill_lesson(&failed(first, err), &[], &call(next), Provenance::default()),
                Err(NoLesson::Unexplained | NoLesson::OtherWork)
            ),
            "{next}"
        );
    }
    // the error names what the fix changed
    let changed = |d: &str| d.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    assert!(points_at(
        &evidence_of("FINDSTR: Cannot open IPv4 Gateway"),
        &changed("-findstr -/i -IPv4 Gateway"),
        &[]
    ));
    assert!(points_at(
        &evidence_of(
            "django.db.utils.OperationalError: relation \"users\" has no migrations applied"
        ),
        &[],
        &["ran `python manage.py migrate`".to_string()]
    ));
    assert!(!points_at(
        &evidence_of("panic: runtime error: index out of range"),
        &changed("+--verbose"),
        &[]
    ));
    // usage and location errors are answered by any change
    for err in [
        "error: unexpected argument '--fast' found",
        "Invalid Parameters -- try \"/?\" for help",
        "fatal: not a git repository (or any of the parent directories): .git",
        "ModuleNotFoundError: No module named 'yaml'",
    ] {
        assert!(points_at(&evidence_of(err), &changed("+x"), &[]), "{err}");
    }
    // no evidence kept (an episode from before): not judged
    assert!(points_at("", &changed("+x"), &[]));
}

/// Lock words × holders × programs: a lock held by another process is the machine's state at
/// that moment, whatever wording the program uses; a package manager's lock *file* is not.
#[test]
fn a_lock_held_by_another_process_is_the_outside_world() {
    let programs = [
        "brew", "apt-get", "opkg", "dnf", "git", "cargo", "pacman", "npm",
    ];
    let held = [
        "Error: A `{p} install x` process has already locked /opt/homebrew/Cellar/x.",
        "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 ({p})",
        "Collected errors:\n * opkg_conf_load: Could not lock /var/lock/opkg.lock: Resource temporarily unavailable.",
        "fatal: Unable to create '/r/.git/index.lock': File exists.\nAnother git process seems to be running in this repository",
        "    Blocking waiting for file lock on package cache",
        "error: failed to acquire lock on the {p} database: another process is using it",
        "{p}: the lock is held by another instance (pid 77)",
        "ERROR: unable to lock database",
    ];
    for p in programs {
        for h in held {
            let text = h.replace("{p}", p);
            assert!(
                crate::judge::is_world_state(&text),
                "{p}: {text} should be a held lock"
            );
            assert_eq!(
                unlearnable(Some(&format!("{p} install x")), &text),
                Some(Unlearnable::WorldState),
                "{text}"
            );
        }
    }
    // lock files of package managers, and words that only contain `lock`, are not held locks
    for text in [
        "npm error `npm ci` can only install packages when your package.json and package-lock.json are in sync",
        "error: the lock file Cargo.lock needs to be updated but --locked was passed",
        "ERR_PNPM_OUTDATED_LOCKFILE Cannot install with \"frozen-lockfile\" because pnpm-lock.yaml is not up to date",
        "error: yarn.lock is out of date; another process may have written package.json",
        "SyntaxError: unexpected token in block at line 3",
        "clock skew detected: waiting for NTP",
    ] {
        assert!(!crate::judge::is_lock_held(text), "{text}");
    }
}

/// Resolver errors in the spellings of several runtimes and tools, over several programs.
#[test]
fn a_failed_name_lookup_is_the_outside_world_in_any_spelling() {
    let hosts = [
        "registry.npmjs.org",
        "pypi.org",
        "github.com",
        "api.example.org",
    ];
    let spellings = [
        "npm error code ENOTFOUND\nnpm error syscall getaddrinfo\nnpm error errno ENOTFOUND {h}",
        "Error: getaddrinfo EAI_AGAIN {h}",
        "ssh: Could not resolve hostname {h}: nodename nor servname provided, or not known",
        "** server can't find {h}: NXDOMAIN",
        "wget: unable to resolve host address '{h}' (Name does not resolve)",
        "java.net.UnknownHostException: {h}: Unknown host",
        "net::ERR_NAME_NOT_RESOLVED at https://{h}/",
        "error: failed to lookup address information: {h}",
        "socket.gaierror: [Errno -2] Name or service not known ({h})",
        "WARNING: Retrying after connection broken by 'NewConnectionError(... Failed to resolve host {h})'",
    ];
    for h in hosts {
        for s in spellings {
            let text = s.replace("{h}", h);
            assert!(crate::judge::is_world_state(&text), "{text}");
            for cmd in [
                "npm install",
                "pip install x",
                "git clone https://x/y",
                "curl https://x",
            ] {
                assert_eq!(
                    unlearnable(Some(cmd), &text),
                    Some(Unlearnable::WorldState),
                    "{cmd}: {text}"
                );
            }
        }
    }
    // an import that fails to resolve is the project's, not the network's
    for text in [
        "error[E0432]: unresolved import `crate::foo`",
        "Module not found: Error: Can't resolve './App' in '/p/src'",
        "npm error ERESOLVE could not resolve dependency tree",
    ] {
        assert!(!crate::judge::is_world_state(text), "{text}");
    }
}

/// A probe-shaped call (`X --version`, `whoami /groups`) that could not run as written is a
/// mistake in how it was run; one that answered "not here" stays a probe.
#[test]
fn a_probe_that_could_not_run_is_not_a_probe_result() {
    let could_not_run = [
        "At line:1 char:34\n+ \"C:\\Program Files\\App\\app.exe\" --version\n+                                  ~~~~~~~~~\nUnexpected token '--version' in expression or statement.",
        "/usr/bin/whoami: extra operand '/groups'\nTry '/usr/bin/whoami --help' for more information.",
        "bash: -c: line 1: unexpected EOF while looking for matching `\"'",
        "bash: -c: line 1: syntax error near unexpected token `('",
        "zsh: unmatched \"",
        "app.ps1 cannot be loaded because running scripts is disabled on this system.",
        "/opt/x/bin/x: cannot execute binary file: Exec format error",
        "x: invalid option -- 'Z'",
    ];
    let answers = [
        "bash: node: command not found",
        "which: no cargo in (/usr/bin:/bin)",
        "ls: cannot access 'dist': No such file or directory",
        "'uv' is not recognized as an internal or external command,\noperable program or batch file.",
        "",
    ];
    for t in could_not_run {
        assert!(crate::judge::probe_could_not_run(t), "{t}");
    }
    for t in answers {
        assert!(!crate::judge::probe_could_not_run(t), "{t}");
    }
    // a look-only command that could not run opens an episode; one that found nothing, none
    for cmd in ["whoami /groups", "app --version", "ps aux", "hostname -I"] {
        for t in could_not_run {
            assert_eq!(unlearnable(Some(cmd), t), None, "{cmd}: {t}");
        }
    }
}

/// The error's echo of the failing command does not make the words the fix dropped "pointed
/// at"; a word the error names on its own still is.
#[test]
fn an_error_that_echoes_the_command_points_at_nothing_by_the_echo() {
    let commands = [
        "powershell.exe -Command \"Get-NetTCPConnection -State Listen | Where-Object { $_.LocalPort -gt 1000 } | Select-Object LocalPort\"",
        "node scripts/build.js --target legacy --minify --sourcemap inline",
        "python3 tools/report.py --since yesterday --format table --group owner",
    ];
    for cmd in commands {
        // a non-usage error that repeats the command line
        for frame in [
            "At line:1 char:1\n+ {c}\n+ ~~~~\nThe operation failed: exit status 3",
            "Run failed: {c}\nexit status 3",
            "panic while running `{c}`: index out of range",
        ] {
            let err = frame.replace("{c}", cmd);
            let ev = crate::judge::evidence_of_call(Some(cmd), &err);
            // every word of the command, dropped by a "fix", is not pointed at by the echo
            let dropped: Vec<String> = cmd
                .split_whitespace()
                .skip(1)
                .filter(|w| w.len() >= 4)
                .map(|w| format!("-{w}"))
                .collect();
            for d in &dropped {
                assert!(
                    !points_at(&ev, std::slice::from_ref(d), &[]),
                    "{d} pointed at by the echo in {err:?} (evidence {ev:?})"
                );
            }
            // without the command the echo still counts (the old behaviour, kept for callers
            // that have no command)
            assert!(points_at(&evidence_of(&err), &dropped, &[]));
        }
    }
    // a word the error names on its own is still pointed at
    let cmd = "node scripts/build.js --target legacy --minify";
    let err = format!("Command failed: {cmd}\nerror: target 'legacy' was removed; use 'es2017'");
    let ev = crate::judge::evidence_of_call(Some(cmd), &err);
    assert!(points_at(
        &ev,
        &["-legacy".to_string(), "+es2017".to_string()],
        &[]
    ));
}

/// A quoting or parse error answered by a script file written in between, for several shells,
/// script kinds and editors of the script; not when the script was not written since.
#[test]
fn a_quoting_error_fixed_by_a_script_file() {
    let errors = [
        "At line:1 char:40\n+ ... Where-Object { .Name -like '*x*' }\nUnexpected token '}' in expression or statement.",
        "bash: -c: line 1: unexpected EOF while looking for matching `''",
        "/bin/sh: 1: Syntax error: \"(\" unexpected",
        "The string is missing the terminator: \".",
    ];
    let fixes = [
        (
            "powershell.exe -ExecutionPolicy Bypass -File C:\\Users\\me\\fix.ps1",
            "fix.ps1",
        ),
        ("pwsh -NoProfile -File ./tools/fix.ps1", "tools/fix.ps1"),
        ("bash /tmp/run_it.sh", "/tmp/run_it.sh"),
        ("sh ./scripts/do-it.sh arg", "scripts/do-it.sh"),
        ("python3 /tmp/list_ports.py", "/tmp/list_ports.py"),
    ];
    for e in errors {
        let ev = evidence_of(e);
        for (fix, file) in fixes {
            let repair = vec![format!("edit {file}")];
            assert!(
                crate::judge::rescripted(&ev, Some(fix), &repair),
                "{fix} after {e}"
            );
            // the script was not written in between: not this class
            assert!(!crate::judge::rescripted(&ev, Some(fix), &[]), "{fix}");
            assert!(!crate::judge::rescripted(
                &ev,
                Some(fix),
                &["edit other.txt".to_string()]
            ));
        }
    }
    // not a quoting error: a script run after it is other work
    let ev = evidence_of("error: test failed, to rerun pass `--lib`");
    assert!(!crate::judge::rescripted(
        &ev,
        Some("bash /tmp/run_it.sh"),
        &["edit /tmp/run_it.sh".to_string()]
    ));
}

/// Diagnostics of the project's own code in the shapes of several toolchains, behind several
/// commands: no lesson unless the setup changed in between (the fix is the code, or another
/// variant of the command). The same runs failing on the command line or the environment are
/// not only code.
#[test]
fn the_projects_own_code_failing_opens_no_episode() {
    let files = [
        "src/core/agent.ts",
        "lib/app.py",
        "pkg/server/main.go",
        "src/x.c",
    ];
    let shapes = [
        "{f}(13,5): error TS2345: Argument of type 'undefined' is not assignable to parameter of type 'string'.",
        "{f}:46: error: Argument 1 to \"append\" of \"list\" has incompatible type  [arg-type]",
        "{f}:12:3: error: use of undeclared identifier 'x'",
        "error[E0308]: mismatched types\n --> {f}:4:9",
        "FAILED tests/test_app.py::test_login - AssertionError: assert 1 == 2\n===== 1 failed, 9 passed in 0.31s =====",
        "--- FAIL: TestServe (0.00s)\n    {f}:30: got 1, want 2\nFAIL",
        "Tests:       2 failed, 14 passed, 16 total",
        "ruff.....................................................................Failed\n- hook id: ruff\n{f}:3:1: F401 [*] `os` imported but unused",
        "{f}:16:22 lint/correctness/noUnusedImports  FIXABLE",
        "Auto-merging {f}\nCONFLICT (content): Merge conflict in {f}\nerror: could not apply 1a2b3c4... wip",
        "Found 3 errors in 2 files (checked 14 source files)",
    ];
    let commands = [
        "npm run check",
        "npx tsc --noEmit",
        "pytest -q",
        "cargo test",
        "go test ./...",
        "git commit -m wip",
        "git pull --rebase origin main",
        "mypy .",
    ];
    for f in files {
        for s in shapes {
            let text = s.replace("{f}", f);
            assert!(crate::judge::is_code_failure(&text), "{text}");
            for c in commands {
                // another variant of the command, or the code edited: not a lesson
                for (fix, repair) in [
                    (format!("{c} 2>&1 | tail -20"), vec![]),
                    (c.to_string(), vec![format!("edit {f}")]),
                    (
                        format!("{c} -v"),
                        vec![format!("edit {f}"), "edit README.md".to_string()],
                    ),
                    (
                        format!("{c} 2>&1"),
                        vec!["ran `git add src/a.ts && git commit -m wip`".to_string()],
                    ),
                    // a setup file edited after the code's own failure: the project changed
                    (c.to_string(), vec!["edit tsconfig.json".to_string()]),
                ] {
                    assert!(
                        matches!(
                            distill_lesson(
                                &failed(c, &text),
                                &repair,
                                &call(&fix),
                                Provenance::default()
                            ),
                            Err(NoLesson::CodeFix)
                        ),
                        "{c} → {fix} after {text}"
                    );
                }
                // a setup command ran in between: judged as any other fix
                for repair in [
                    vec!["ran `npm install -D @types/node`".to_string()],
                    vec!["ran `npm i -D @types/node`".to_string()],
                ] {
                    assert!(
                        !matches!(
                            distill_lesson(
                                &failed(c, &text),
                                &repair,
                                &call(c),
                                Provenance::default()
                            ),
                            Err(NoLesson::CodeFix)
                        ),
                        "{c} after {text} with {repair:?}"
                    );
                }
            }
        }
    }
    // the command line or the environment beside the diagnostics: not only the code
    for text in [
        "ERROR: usage: pytest [options]\npytest: error: unrecognized arguments: --cov\n1 failed",
        "ModuleNotFoundError: No module named 'requests'\n=== 1 failed in 0.1s ===",
        "src/a.ts(1,20): error TS2307: Cannot find module 'zod' or its corresponding type declarations.",
        "(eval):1: command not found: pytest",
        "collected 0 items\n\n=== no tests ran in 0.01s ===",
        "fatal: not a git repository (or any of the parent directories): .git",
        "npm error Missing script: \"tets\"",
        "make: *** [Makefile:192: build] Error 2",
        "E: Unable to locate package llvm-dev",
        "Tests:       0 failed, 3 passed",
        "error[E0433]: failed to resolve: use of undeclared crate or module `serde_json`",
        "error[E0432]: unresolved import `tokio::fs`",
        "src/App.tsx(3,8): error TS2307: Module not found: Error: Can't resolve './Missing'",
    ] {
        assert!(!crate::judge::is_code_failure(text), "{text}");
    }
}

/// A call stopped by the user or the harness, in the wordings of several agents, for several
/// commands and file tools: no episode.
#[test]
fn a_call_stopped_by_the_user_or_the_harness_opens_no_episode() {
    let texts = [
        "Bash operation blocked by hook:\n- [python3 .claude/check.py]: Blocked: 'git add -A' detected",
        "PreToolUse:Bash hook blocked this command",
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).",
        "[Request interrupted by user for tool use]",
        "Command aborted",
        "ERROR: cd to '/tmp' was blocked. For security, Claude Code may only change directories to child directories of the original working directory",
        "Claude requested permission to use Bash, but you haven't granted it yet.",
    ];
    for t in texts {
        assert!(crate::judge::is_harness_stop(t), "{t}");
        for c in [Some("git add -A"), Some("npm run build"), None] {
            assert_eq!(
                unlearnable(c, t),
                Some(Unlearnable::StoppedByHarness),
                "{c:?}: {t}"
            );
        }
    }
    assert!(!crate::judge::is_harness_stop(
        "error: pathspec 'x' did not match any file(s) known to git"
    ));
}

/// The outside world's error at the end of a long output (progress lines first) is still the
/// outside world's; an error only in the middle of a very long output is not looked for.
#[test]
fn the_outside_world_at_the_end_of_a_long_output() {
    for n in [10, 45, 200, 2000] {
        for tail in [
            "Error: A `brew install x` process has already locked /opt/homebrew/Cellar/x.",
            "npm error code ENOTFOUND\nnpm error errno ENOTFOUND registry.npmjs.org",
            "curl: (7) Failed to connect to example.org port 443: Connection refused",
        ] {
            let mut text = String::new();
            for i in 0..n {
                text.push_str(&format!("==> Pouring bottle {i} of the dependencies\n"));
            }
            text.push_str(tail);
            assert!(crate::judge::is_world_state(&text), "{n}: {tail}");
        }
    }
}

/// A look-only command run outside the project it needs looked in the wrong place: it opens
/// an episode (a `cd` answers it), for several programs, wordings and wrappers.
#[test]
fn a_look_outside_the_project_went_to_the_wrong_place() {
    let cases = [
        ("git log --oneline -5", "fatal: not a git repository (or any of the parent directories): .git"),
        ("git remote -v", "fatal: not a git repository (or any of the parent directories): .git"),
        ("git diff --stat", "warning: Not a git repository. Use --no-index to compare two paths outside a working tree"),
        ("cargo tree", "error: could not find `Cargo.toml` in `/home/dev` or any parent directory"),
        ("hg log -l 3", "abort: no repository found in '/home/dev' (.hg not found)!\nabort: not a mercurial repository"),
    ];
    for (cmd, err) in cases {
        assert!(crate::judge::is_wrong_folder(err), "{err}");
        for w in wrapped(cmd) {
            assert_eq!(unlearnable(Some(&w), err), None, "{w}: {err}");
        }
    }
    // a thing looked for that is missing stays an answer
    assert_eq!(
        unlearnable(
            Some("ls dist"),
            "ls: cannot access 'dist': No such file or directory"
        ),
        Some(Unlearnable::LookedAndFoundNothing)
    );
}

/// `cmd /c X` in its MSYS spelling (`cmd //c X`, the slash doubled so Git Bash does not turn
/// it into a path) is X's family, like `cmd /c X`.
#[test]
fn cmd_with_a_doubled_slash_runs_its_inner_command() {
    for inner in ["whoami /groups", "ipconfig /all", "npm test"] {
        for spelling in ["/c", "//c", "/C", "//k"] {
            for prog in ["cmd", "cmd.exe", "CMD.EXE"] {
                let c = format!("{prog} {spelling} \"{inner}\"");
                assert_eq!(crate::family_of(&c), crate::family_of(inner), "{c}");
            }
        }
    }
}

/// The same inner command run through another shell is a fix whose diff is the wrapper.
#[test]
fn the_same_command_through_another_shell_is_a_lesson() {
    for (inner, err) in [
        ("whoami /groups", "/usr/bin/whoami: extra operand '/groups'\nTry '/usr/bin/whoami --help' for more information."),
        ("ipconfig /all", "ipconfig: extra operand '/all'"),
    ] {
        for wrap in ["cmd //c \"{i}\"", "cmd.exe /c \"{i}\"", "powershell -Command \"{i}\""] {
            let fix = wrap.replace("{i}", inner);
            let l = distill_lesson(&failed(inner, err), &[], &call(&fix), Provenance::default())
                .unwrap_or_else(|e| panic!("{fix}: {e:?}"));
            let first = fix.split_whitespace().next().unwrap_or_default();
            assert!(l.prescription.contains(first), "{fix}: {}", l.prescription);
        }
    }
    // the very same command again is a retry
    assert!(matches!(
        distill_lesson(
            &failed("whoami /groups", "whoami: extra operand '/groups'"),
            &[],
            &call("whoami /groups"),
            Provenance::default()
        ),
        Err(NoLesson::Retry)
    ));
}

/// Fifth fix round (branch h-lessons8): the classes of the false lessons and missed lessons of
/// samples 1–5 (BENCHMARKS.md, "Lessons"), each on generated variants.
mod round5 {
    use super::*;
    use crate::distill::{only_looked, only_output_flags, same_but_looks};
    use crate::judge::{got_past, is_folder_read, is_missing_program, listed_folder};

    fn test_runs() -> Vec<(&'static str, &'static str)> {
        vec![
            ("pytest", "specs/cli_spec.py"),
            ("python -m pytest", "tests/test_api.py"),
            ("npx jest", "src/app.test.ts"),
            ("cargo test", "--lib"),
        ]
    }

    /// Changing only how much a run prints (`-v` → `-q`, `--tb=short`) is not what fixed it.
    #[test]
    fn output_flags_alone_are_not_a_fix() {
        let err = "=== test session starts ===\ncollected 5 items\nspecs/x_spec.py F\n";
        for (run, target) in test_runs() {
            for (a, b) in [
                ("-v", "-q"),
                ("--tb=no -v", "--tb=short -v"),
                ("", "--verbose"),
                ("-vv", ""),
                ("--color=yes", "--color=no"),
            ] {
                let failing = format!("{run} {target} {a}").trim().to_string();
                let fixing = format!("{run} {target} {b}").trim().to_string();
                let got = distill_lesson(
                    &failed(&failing, err),
                    &[],
                    &call(&fixing),
                    Provenance::default(),
                );
                assert!(got.is_err(), "{failing} -> {fixing}: {got:?}");
            }
        }
        assert!(only_output_flags(&crate::distill::token_diff(
            "pytest -v x",
            "pytest -q x"
        )));
        assert!(only_output_flags(&crate::distill::token_diff(
            "pytest --tb=no -v",
            "pytest --tb=short -v"
        )));
        assert!(!only_output_flags("+-x"));
        assert!(!only_output_flags("-npm +pnpm"));
        assert!(!only_output_flags(""));
        // a usage error about the flag itself is still answered by changing it
        let l = distill_lesson(
            &failed("pytest -rA specs", "error: unrecognized arguments: -rA"),
            &[],
            &call("pytest -ra specs"),
            Provenance::default(),
        );
        assert!(l.is_ok(), "{l:?}");
    }

    /// The same command again after edits (code or the project's setup files) is the project
    /// changing, not a way to run the work; a setup command run in between is an order.
    #[test]
    fn the_same_command_after_edits_alone_is_not_a_lesson() {
        for (cmd, err) in [
            ("pip install -e .", "error: subprocess-exited-with-error"),
            (
                "ruff check --fix .",
                "ruff failed\nCause: TOML parse error at line 12",
            ),
            ("npm run build", "npm ERR! Missing script: build"),
            (
                "cargo build",
                "error: failed to parse manifest at Cargo.toml",
            ),
            (
                "npx tsc",
                "src/index.ts(3,1): error TS2304: Cannot find name 'foo'.",
            ),
        ] {
            for edits in [
                vec!["edit pyproject.toml"],
                vec!["edit package.json", "edit src/a.ts"],
                vec!["edit Cargo.toml"],
            ] {
                let repair: Vec<String> = edits.iter().map(|s| s.to_string()).collect();
                let got = distill_lesson(
                    &failed(cmd, err),
                    &repair,
                    &call(cmd),
                    Provenance::default(),
                );
                assert!(got.is_err(), "{cmd} after {edits:?}: {got:?}");
            }
            for setup in [
                "ran `npm install`",
                "ran `npm i -D @types/node`",
                "ran `uv sync`",
                "ran `python manage.py migrate`",
            ] {
                // a setup command run in between may be an order to remember: not refused as
                // a change of the project (whether it answers the error is `points_at`'s)
                let repair = vec![setup.to_string()];
                let got = distill_lesson(
                    &failed(cmd, err),
                    &repair,
                    &call(cmd),
                    Provenance::default(),
                );
                assert!(
                    !matches!(got, Err(NoLesson::CodeFix)),
                    "{cmd} after {setup}: {got:?}"
                );
            }
        }
    }

    /// A dependency the manifest lacked, declared by an edit of the manifest, is a lesson.
    #[test]
    fn a_dependency_declared_in_the_manifest_is_a_lesson() {
        for (cmd, err, manifest) in [
            ("cargo build", "error[E0433]: failed to resolve: use of undeclared crate or module `serde_json`", "Cargo.toml"),
            ("cargo test", "error[E0432]: unresolved import `tokio::fs`", "Cargo.toml"),
            ("npx tsc", "src/a.ts(1,19): error TS2307: Cannot find module 'zod' or its corresponding type declarations.", "package.json"),
            ("python -m app", "ModuleNotFoundError: No module named 'yaml'", "pyproject.toml"),
        ] {
            let repair = vec![format!("edit {manifest}")];
            let got = distill_lesson(&failed(cmd, err), &repair, &call(cmd), Provenance::default());
            assert!(got.is_ok(), "{cmd}: {got:?}");
            // the code edited instead: no lesson
            let code = vec!["edit src/main.rs".to_string()];
            let got = distill_lesson(&failed(cmd, err), &code, &call(cmd), Provenance::default());
            assert!(got.is_err(), "{cmd} after a code edit: {got:?}");
        }
    }

    /// A retry with a look added (`… && git status`), a help page or a dry run is no fix.
    #[test]
    fn looks_added_to_a_retry_and_dry_runs_are_no_fix() {
        for (cmd, err) in [
            (
                "git mv A.md docs/a.md",
                "fatal: bad source, source=A.md, destination=docs/a.md",
            ),
            ("npm run deploy", "npm ERR! code ELIFECYCLE"),
            ("make build", "make: *** [build] Error 2"),
        ] {
            for look in ["git status", "ls -la", "pwd", "echo done"] {
                let fixing = format!("{cmd} && {look}");
                assert!(same_but_looks(cmd, &fixing), "{fixing}");
                let got = distill_lesson(
                    &failed(cmd, err),
                    &[],
                    &call(&fixing),
                    Provenance::default(),
                );
                assert!(matches!(got, Err(NoLesson::Retry)), "{fixing}: {got:?}");
            }
        }
        for (failing, fixing) in [
            ("make clean && make", "make -n build"),
            ("terraform apply", "terraform apply --dry-run"),
            ("npm publish", "npm publish --dry-run"),
            ("kubectl apply -f k.yaml", "kubectl apply -f k.yaml --help"),
        ] {
            assert!(only_looked(failing, fixing), "{fixing}");
            let got = distill_lesson(
                &failed(failing, "error: something failed"),
                &[],
                &call(fixing),
                Provenance::default(),
            );
            assert!(got.is_err(), "{fixing}: {got:?}");
        }
        assert!(!only_looked("make build", "make -j4 build"));
        assert!(!same_but_looks("npm test", "npm ci && npm test"));
        assert!(!same_but_looks("git add a.toml", "cd .. && git add a.toml"));
        assert!(!same_but_looks(
            "pytest",
            "export PATH=~/.local/bin:$PATH && pytest"
        ));
    }

    /// A program that was not found, then the same work reached another way (virtualenv
    /// activated, `PATH` extended, `python -m`): the change is the lesson even when the run it
    /// reached fails next (on the tests).
    #[test]
    fn getting_past_a_missing_program_is_a_lesson() {
        let missing = [
            "(eval):1: command not found: pytest",
            "bash: pytest: command not found",
            "/usr/bin/python3: No module named pytest",
            "'pytest' is not recognized as an internal or external command",
        ];
        let later_fail = "=== test session starts ===\nspecs/cli_spec.py F\n1 failed in 0.2s";
        for err in missing {
            assert!(is_missing_program(err), "{err}");
            for (failing, later) in [
                (
                    "pytest specs/",
                    "source .venv/bin/activate && pytest specs/",
                ),
                ("pytest -x", "source venv/bin/activate && pytest -x"),
                (
                    "pytest specs/ --spec",
                    ". .venv/bin/activate && pytest specs/ --spec",
                ),
            ] {
                assert!(
                    got_past(Some(failing), &evidence_of(err), Some(later), later_fail),
                    "{err}: {later}"
                );
                // the same missing program again: not past it
                assert!(!got_past(
                    Some(failing),
                    &evidence_of(err),
                    Some(later),
                    err
                ));
                // other work is not getting past
                assert!(!got_past(
                    Some(failing),
                    &evidence_of(err),
                    Some("git status"),
                    later_fail
                ));
            }
        }
        // the missing word is not the program run (a shell ate `$_`), or the later call does
        // not reach the program another way (other arguments after an install in between)
        assert!(!got_past(
            Some("powershell.exe -Command \"Get-Process | Where-Object { .Name -eq 'x' }\""),
            &evidence_of("'.Name' is not recognized as the name of a cmdlet"),
            Some("powershell.exe -Command \"(Get-WmiObject Win32_OperatingSystem).Caption\""),
            "Get-WmiObject : Access denied"
        ));
        assert!(!got_past(
            Some("python -m pytest tests/ -v"),
            &evidence_of("/usr/bin/python: No module named pytest"),
            Some("python -m pytest tests/test_redaction.py -v --tb=short"),
            later_fail
        ));
        // an error that is not a missing program: a later failure is just another failure
        assert!(!got_past(
            Some("pytest specs/"),
            &evidence_of("1 failed, 3 passed"),
            Some("pytest specs/ -x"),
            later_fail
        ));
    }

    /// A folder read as a file, then listed: the listing's folder is read from the call.
    #[test]
    fn a_folder_read_as_a_file_is_listed_instead() {
        for err in [
            "EISDIR: illegal operation on a directory, read",
            "Error: EISDIR: illegal operation on a directory, read",
            "cat: src/: Is a directory",
        ] {
            assert!(is_folder_read(err), "{err}");
        }
        assert!(!is_folder_read("File does not exist."));
        for dir in [".claude", "src/app", ".github/workflows"] {
            for cmd in [
                format!("ls {dir}"),
                format!("ls -la {dir}/"),
                format!("tree {dir}"),
            ] {
                assert_eq!(
                    listed_folder(Some(&cmd), None).as_deref(),
                    Some(dir),
                    "{cmd}"
                );
            }
            assert_eq!(
                listed_folder(None, Some(&format!("{dir}/"))).as_deref(),
                Some(dir)
            );
            // two folders, or a listing piped into more work, is not one listing
            assert_eq!(listed_folder(Some(&format!("ls {dir} docs")), None), None);
            assert_eq!(
                listed_folder(Some(&format!("ls {dir} | wc -l")), None),
                None
            );
        }
        let mut f = failed("", "EISDIR: illegal operation on a directory, read");
        f.call.command = None;
        f.call.tool = "Read".into();
        f.call.kind = "file_read".into();
        f.call.file = Some(".claude".into());
        let l = distill_lesson(&f, &[], &call("ls -la .claude/"), Provenance::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert!(l.prescription.contains("is a folder"), "{}", l.prescription);
    }

    /// A failure in a sub-folder names the folder in its prescription.
    #[test]
    fn the_failing_calls_folder_is_part_of_the_prescription() {
        for cwd in ["docs", "packages/api", "test-uvenv"] {
            let mut f = failed(
                "rg -n jpg docs/a.md",
                "rg: docs/a.md: No such file or directory (os error 2)",
            );
            f.cwd = Some(cwd.into());
            let l = distill_lesson(
                &f,
                &[],
                &call("cd .. && rg -n jpg docs/a.md"),
                Provenance::default(),
            )
            .unwrap_or_else(|e| panic!("{cwd}: {e:?}"));
            assert!(
                l.prescription.starts_with(&format!("in {cwd}: ")),
                "{}",
                l.prescription
            );
            assert!(l.prescription.contains("cd .."), "{}", l.prescription);
        }
    }
}

/// A result the user wrote (a console transcript's rejected or interrupted call) is neither a
/// failure nor a success: it closes no episode.
#[test]
fn a_rejected_call_shown_as_a_result_is_neutral() {
    use crate::outcome::{of_response, Outcome};
    for text in [
        "No (tell Claude what to do differently)",
        "  No (tell Claude what to do differently)\n",
        "User rejected update to pyproject.toml\n11  requires-python",
        "Interrupted by user",
        "Permission for this tool use was denied. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).",
        "The user doesn't want to proceed with this tool use. The tool use was rejected.",
    ] {
        let v = serde_json::Value::String(text.into());
        assert_eq!(of_response(&v), Outcome::Neutral, "{text}");
    }
    let ok = serde_json::Value::String("3 passed in 0.2s".into());
    assert_eq!(of_response(&ok), Outcome::Success);
}

/// Sixth fix round (branch h-lessons9): the classes of the missed lessons of samples 1–6 left
/// open by the fifth round (BENCHMARKS.md, "Lessons"), each on generated variants.
mod round6 {
    use super::*;
    use crate::judge::{base_key, chain_key, chained_missing, selected_nothing};

    /// Test runners that select by node id and by expression.
    fn runners() -> Vec<&'static str> {
        vec![
            "pytest",
            "python -m pytest",
            "python3 -m pytest",
            "uv run pytest",
            "poetry run pytest",
        ]
    }

    /// Texts of a run whose selection matched no test.
    fn nothing_selected() -> Vec<&'static str> {
        vec![
            "============================= test session starts ==============================\nplatform linux -- Python 3.12.1, pytest-8.3.5\nrootdir: /work/app\ncollecting ... collected 1 item / 1 deselected / 0 selected\n\n============================ 1 deselected in 0.03s =============================",
            "=== test session starts ===\ncollected 14 items / 14 deselected / 0 selected\n=== 14 deselected in 0.11s ===",
            "=== test session starts ===\ncollected 0 items\n\n=== no tests ran in 0.01s ===",
            "Error: ============ test session starts ============\nrootdir: /work/app\nconfigfile: pytest.ini\ncollected 3 items / 3 deselected / 0 selected\n============ 3 deselected in 0.02s ============",
        ]
    }

    /// A node id with a `-k` (or `-m`) that excludes it selects nothing; the run with the
    /// expression alone (or the node id alone) is the lesson: the dropped selector gave no
    /// work up, and the selection is what the failure points at.
    #[test]
    fn a_selection_that_matched_nothing_is_answered_by_another_selection() {
        let selections = [
            (
                "specs/cli_spec.py::describe_list::it_shows_books",
                "-k \"never_opened\"",
            ),
            ("tests/test_api.py::test_login", "-k slow"),
            (
                "tests/unit/test_db.py::TestPool::test_reuse",
                "-m integration",
            ),
        ];
        for run in runners() {
            for (node, expr) in selections {
                for err in nothing_selected() {
                    assert!(selected_nothing(err), "{err}");
                    let failing = format!("{run} -xvs {node} {expr}");
                    for fixing in [format!("{run} -xvs {expr}"), format!("{run} -xvs {node}")] {
                        let got = distill_lesson(
                            &failed(&failing, err),
                            &[],
                            &call(&fixing),
                            Provenance::default(),
                        );
                        let l = got.unwrap_or_else(|e| panic!("{failing} -> {fixing}: {e:?}"));
                        assert!(l.prescription.contains(&fixing), "{}", l.prescription);
                    }
                }
            }
            // a setup file written in between (a `pytest.ini` that collects the folder) is the
            // project's fix: the narrower run after it is no lesson
            for setup in ["edit pytest.ini", "edit pyproject.toml", "edit setup.cfg"] {
                let got = distill_lesson(
                    &failed(&format!("{run} specs/ --spec"), nothing_selected()[2]),
                    &[setup.to_string()],
                    &call(&format!("{run} --spec")),
                    Provenance::default(),
                );
                assert!(
                    matches!(got, Err(NoLesson::Narrowed)),
                    "{run} {setup}: {got:?}"
                );
            }
        }
    }

    /// A run that failed tests did work: leaving a selector out of it (the failing node, then
    /// the rest of the suite passing) gives that work up and stays no lesson, whatever else
    /// the run deselected; a plain code failure is still the code's.
    #[test]
    fn a_run_that_failed_tests_is_not_a_selection_that_matched_nothing() {
        let failed_tests = [
            "=== test session starts ===\ncollected 9 items / 8 deselected / 1 selected\n\nspecs/cli_spec.py F\n\nFAILED specs/cli_spec.py::describe_list::it_shows_books - AssertionError\n=== 1 failed, 8 deselected in 0.20s ===",
            "=== test session starts ===\ncollected 3 items\n\ntests/test_api.py F..\n=== FAILURES ===\nFAILED tests/test_api.py::test_login - assert 401 == 200\n=== 1 failed, 2 passed in 0.31s ===",
        ];
        for run in runners() {
            for err in failed_tests {
                assert!(!selected_nothing(err), "{err}");
                let failing = format!("{run} -x tests/test_api.py::test_login -k login");
                for fixing in [
                    format!("{run} -x -k login"),
                    format!("{run} -x tests/test_api.py::test_login"),
                ] {
                    let got = distill_lesson(
                        &failed(&failing, err),
                        &[],
                        &call(&fixing),
                        Provenance::default(),
                    );
                    assert!(got.is_err(), "{failing} -> {fixing}: {got:?}");
                }
            }
        }
        // a selection that matched nothing, answered by a run that leaves out a path which
        // selected something: still the selection (the run did no work)
        assert!(!selected_nothing("collected 5 items\n5 passed in 0.1s"));
        assert!(!points_at(
            "collected 5 items\n3 passed, 2 warnings in 0.1s",
            &["-tests/x.py".into()],
            &[]
        ));
    }

    /// pytest's verbose result line and a test module that does not import are the code's
    /// diagnostics: the failing node, then edits and another selection passing, is no lesson
    /// (the console shows only the first lines of such a run, the summary is cut).
    #[test]
    fn verbose_test_results_and_collection_errors_are_the_codes() {
        use crate::judge::{is_code_diagnostic_line, is_code_failure};
        let head = "============================= test session starts ==============================\nplatform darwin -- Python 3.13.3, pytest-8.3.5\nrootdir: /work/app\nconfigfile: pytest.ini\ncollecting ... ";
        let tails = [
            "collected 1 item\n\nspecs/cli_spec.py::describe_list::it_shows_books FAILED\n\n… +30 lines (ctrl+r to see all)",
            "collected 1 item\n\nspecs/cli_spec.py::describe_errors::it_explains FAILED [100%]\n\n… +42 lines (ctrl+r to see all)",
            "collected 5 items\n\ntests/test_api.py::TestLogin::test_bad_password[admin-x] FAILED [ 20%]\n… +25 lines",
            "collected 0 items / 1 error\n… +15 lines (ctrl+r to see all)",
            "collected 3 items / 1 error\n\n==== ERRORS ====\n____ ERROR collecting tests/test_db.py ____\nE   NameError: name 'pool' is not defined\n!!!! Interrupted: 1 error during collection !!!!",
        ];
        for tail in tails {
            let err = format!("{head}{tail}");
            assert!(is_code_failure(&err), "{tail}");
            for run in runners() {
                let failing = format!("{run} specs/cli_spec.py::describe_list::it_shows_books -v");
                for fixing in [
                    format!("{run} -q"),
                    format!("{run} --cov=app --cov-report=term-missing"),
                    format!("{run} specs/cli_spec.py::describe_list -v"),
                ] {
                    let got = distill_lesson(
                        &failed(&failing, &err),
                        &["edit app/cli.py".to_string()],
                        &call(&fixing),
                        Provenance::default(),
                    );
                    assert!(got.is_err(), "{failing} -> {fixing}: {got:?}");
                }
            }
        }
        for ok in [
            "tests/test_api.py::test_login PASSED [ 50%]",
            "tests/test_api.py::test_login SKIPPED (slow)",
            "collected 5 items",
            "tests/test_api.py::test_failed_login PASSED",
            // another tool's header, not pytest's count (opkg)
            "Collected errors:",
            " * opkg_install_cmd: Cannot install package kmod-x. Collected errors: 1",
        ] {
            assert!(!is_code_diagnostic_line(ok), "{ok}");
        }
        // a module missing from the environment beside a collection error is not only the code
        assert!(!is_code_failure(
            "collected 0 items / 1 error\nE   ModuleNotFoundError: No module named 'requests'"
        ));
    }

    /// A chain of missing programs: the program is not found, the same work run another way
    /// is not found either (a module missing from the interpreter that ran, the other spelling
    /// missing too). Each link is learned once a run succeeds, so the later failure waits
    /// beside the earlier one instead of replacing it.
    #[test]
    fn a_chain_of_missing_programs_keeps_each_link() {
        let chains = [
            (
                "python -m pytest --spec",
                "(eval):1: command not found: python",
                "python3 -m pytest --spec",
                "/opt/homebrew/bin/python3.13: No module named pytest",
            ),
            (
                "pytest -q",
                "bash: pytest: command not found",
                "python3 -m pytest -q",
                "/usr/bin/python3: No module named pytest",
            ),
            (
                "python manage.py test",
                "zsh: command not found: python",
                "python3 manage.py test",
                "Traceback (most recent call last):\nModuleNotFoundError: No module named 'django'",
            ),
            (
                "npm test",
                "bash: npm: command not found",
                "pnpm test",
                "bash: pnpm: command not found",
            ),
            (
                "pip install -e .",
                "zsh: command not found: pip",
                "pip3 install -e .",
                "zsh: command not found: pip3",
            ),
            (
                "uv sync",
                "uv: command not found",
                "~/.local/bin/uv sync",
                "bash: /root/.local/bin/uv: No such file or directory\nbash: uv: command not found",
            ),
        ];
        for (a, ea, b, eb) in chains {
            assert!(
                chained_missing(Some(a), &evidence_of(ea), Some(b), eb),
                "{a} / {b}"
            );
            // the same command again is a retry, not a link
            assert!(
                !chained_missing(Some(a), &evidence_of(ea), Some(a), ea),
                "{a}"
            );
            // the program ran (its own failure is something else): not a link (got_past)
            assert!(
                !chained_missing(
                    Some(a),
                    &evidence_of(ea),
                    Some(b),
                    "FAILED tests/test_x.py::test_y\n1 failed in 0.2s"
                ),
                "{a} / {b}"
            );
            // the outside world, or the harness, is never a link
            assert!(!chained_missing(
                Some(a),
                &evidence_of(ea),
                Some(b),
                "command not found: x\nconnect: Network is unreachable"
            ));
            // and the earlier failure must itself be a missing program
            assert!(!chained_missing(
                Some(a),
                &evidence_of("error: unrecognized arguments: --spec"),
                Some(b),
                eb
            ));
        }
        // other work is never a link (`git push` then `git tag`)
        assert!(!chained_missing(
            Some("git push"),
            &evidence_of("git: command not found"),
            Some("git tag v1"),
            "git: command not found"
        ));
        for k in ["family:pytest", "file:src/a.py", "tool:Task"] {
            let c = chain_key(k);
            assert_ne!(c, k);
            assert_eq!(base_key(&c), k);
            assert_eq!(base_key(k), k);
            assert_eq!(chain_key(&c), c, "one link is kept");
        }
    }
}

/// Fix round on samples 8 and 9 (branch h-lessons14: SpecStory's Claude Code sessions, minsky's
/// Cursor sessions; BENCHMARKS.md, "h-lessons14: fix round on samples 8-9"): the classes by
/// mechanism, each on generated variants across runners and programs.
mod round7 {
    use super::*;
    use crate::distill::{node_task, same_work};
    use crate::family::{family_of, program_words, segments, unversioned};
    use crate::judge::{
        distinctive_operands, inline_program_error, is_code_failure, missing_program_name,
        replaced_missing, unknown_subcommand,
    };

    /// A long run: `n` passing lines, then the runner's verdict at the end.
    fn long_run(pass_line: &str, verdict: &str) -> String {
        let mut s = String::new();
        for i in 0..400 {
            s.push_str(&pass_line.replace("{i}", &i.to_string()));
            s.push('\n');
        }
        s.push_str(verdict);
        s
    }

    /// Each runner's failing verdict, as it prints it.
    fn verdicts() -> Vec<(&'static str, &'static str)> {
        vec![
            (
                "bun test",
                "\n 74 pass\n 3 fail\n 217 expect() calls\nRan 77 tests across 12 files. [49.41s]",
            ),
            (
                "go test -v ./pkg/x/...",
                "--- PASS: TestB (0.00s)\nFAIL\nFAIL\tgithub.com/acme/app/pkg/x\t0.326s\nFAIL",
            ),
            (
                "npx jest",
                "Tests:       2 failed, 10 passed, 12 total\nTime:        3.1 s",
            ),
            (
                "npx vitest run",
                " FAIL  src/app.test.ts > app > adds\n Test Files  1 failed (3)",
            ),
            (
                "cargo test",
                "failures:\n    tests::adds\n\ntest result: FAILED. 9 passed; 1 failed; 0 ignored",
            ),
            (
                "bundle exec rspec",
                "Finished in 0.5 seconds\n3 examples, 1 failure",
            ),
            ("mix test", "Finished in 0.1 seconds\n10 tests, 2 failures"),
            (
                "dotnet test",
                "Failed!  - Failed:     1, Passed:    10, Skipped:     0, Total:    11",
            ),
            ("npx mocha", "  9 passing (20ms)\n  2 failing"),
            (
                "vendor/bin/phpunit",
                "FAILURES!\nTests: 5, Assertions: 8, Failures: 1.",
            ),
            ("prove -v t/", "not ok 3 - adds numbers"),
        ]
    }

    /// A test run that failed on the code, however long its output and whichever runner printed
    /// the verdict, is the code's: a narrower or another selection passing next is no lesson.
    #[test]
    fn a_test_runners_verdict_is_the_codes_at_the_end_of_a_long_run() {
        for (cmd, verdict) in verdicts() {
            let text = long_run("✓ suite > case {i} passes [0.12ms]", verdict);
            assert!(text.len() > 8000, "a long run");
            let f = failed(cmd, &text);
            assert!(
                is_code_failure(&f.evidence),
                "{cmd}: {}",
                &f.evidence[f.evidence.len() - 200..]
            );
            let narrower = format!("{cmd} src/one.test.ts");
            assert_eq!(
                distill_lesson(&f, &[], &call(&narrower), Provenance::default()),
                Err(NoLesson::CodeFix),
                "{cmd}"
            );
        }
        // counts of zero are no verdict
        for ok in [
            " 12 pass\n 0 fail",
            "3 examples, 0 failures",
            "10 tests, 0 failures",
            "0 failing",
        ] {
            assert!(!is_code_failure(ok), "{ok}");
        }
    }

    /// A compiler's or linter's located diagnostic is the code's even without the word `error`.
    #[test]
    fn located_lint_diagnostics_are_the_codes() {
        for line in [
            "pkg/provenance/engine.go:12:1: File is not properly formatted (gofmt)",
            "./main.go:40:5: undefined: foo",
            "app/models.py:3:1: F401 'os' imported but unused",
            "src/lib.rs:10:9: unused variable: `x`",
        ] {
            assert!(is_code_failure(line), "{line}");
        }
        for line in [
            "2026/02/09 16:21:53 INFO starting",
            "http://example.org:8080: connection refused",
            "notes.txt:3:1: hello there",
        ] {
            assert!(!is_code_failure(line), "{line}");
        }
        // a formatter run in between does not make a lint failure a lesson
        let f = failed(
            "golangci-lint run ./pkg/...",
            "Exit code 1\npkg/a/b.go:7:1: File is not properly formatted (gofmt)\n1 issues:\n* gofmt: 1",
        );
        assert_eq!(
            distill_lesson(
                &f,
                &["ran `gofmt -w ./pkg/a/`".into()],
                &call("golangci-lint run ./pkg/..."),
                Provenance::default()
            ),
            Err(NoLesson::CodeFix)
        );
    }

    fn words(c: &str) -> Vec<String> {
        program_words(&segments(c)[0])
    }

    /// A package manager's test run, install and other runs are three kinds of work, whichever
    /// manager spells them.
    #[test]
    fn javascript_test_install_and_run_are_other_work() {
        for pm in ["npm", "pnpm", "yarn", "bun"] {
            assert_eq!(node_task(&words(&format!("{pm} test"))), Some("test"));
            assert_eq!(
                node_task(&words(&format!("{pm} run test:unit"))),
                Some("test")
            );
            assert_eq!(node_task(&words(&format!("{pm} install"))), Some("deps"));
            assert_eq!(
                node_task(&words(&format!("{pm} add left-pad"))),
                Some("deps")
            );
            assert_eq!(node_task(&words(&format!("{pm} run build"))), Some("run"));
            let test = format!("{pm} test");
            for other in [
                format!("{pm} install"),
                format!("{pm} add commander"),
                format!("{pm} run src/cli.ts session start --task 022"),
                format!("{pm} run eslint src/a.ts"),
            ] {
                assert!(!same_work(Some(&test), Some(&other)), "{test} / {other}");
                assert!(!same_work(Some(&other), Some(&test)), "{other} / {test}");
            }
            // … and one kind of work across managers and with an install before it
            for same in [
                "npm test",
                "pnpm test",
                "npx vitest run",
                "bun install && bun test",
            ] {
                assert!(same_work(Some(&test), Some(same)), "{test} / {same}");
            }
        }
        assert_eq!(node_task(&words("npx tsx -e 'x'")), Some("exec"));
        assert_eq!(node_task(&words("npx pnpm install")), Some("deps"));
        assert_eq!(node_task(&words("corepack yarn test")), Some("test"));
        assert!(same_work(Some("pnpm install"), Some("npx pnpm install")));
        // a script whose program was not found, reached through an executor
        let ev = evidence_of("sh: 1: eslint: not found");
        assert!(crate::distill::same_work_after(
            Some("npm run lint"),
            Some("npx eslint ."),
            &ev
        ));
        assert!(!crate::distill::same_work_after(
            Some("npm run lint"),
            Some("npx eslint ."),
            &evidence_of("src/a.ts:1:1: error no-unused-vars")
        ));
        assert!(!same_work(
            Some("npx tsx -e 'import x'"),
            Some("npm run check")
        ));
        assert_eq!(node_task(&words("cargo test")), None);
    }

    /// Another sub-command of a program's own family (a project's CLI, go) is other work; the
    /// same program without a sub-command may still be the fix; an unknown sub-command is
    /// answered by another one.
    #[test]
    fn sub_commands_of_any_program_are_work() {
        for (a, b) in [
            (
                "minsky git pr --session task#002",
                "minsky session start --task 002",
            ),
            ("go mod tidy", "go build -o app"),
            (
                "go build -o app && ./app list --help",
                "go doc posthog.Capture",
            ),
            ("terraform apply", "terraform fmt"),
            ("dotnet test", "dotnet build"),
        ] {
            assert!(!same_work(Some(a), Some(b)), "{a} / {b}");
        }
        for (a, b) in [
            (
                "minsky session start --task 002",
                "minsky session start task#002 --task 002",
            ),
            ("go test ./...", "cd pkg && go test ./..."),
            ("ps aux", "ps"),
            ("golangci-lint run", "golangci-lint run ./pkg/..."),
            // a setup sub-command of the same program: the order is the lesson
            ("go build ./...", "go mod init example.com/app"),
            ("terraform plan", "terraform init && terraform plan"),
        ] {
            assert!(same_work(Some(a), Some(b)), "{a} / {b}");
        }
        for e in [
            "Error: unknown command \"lst\" for \"tool\"",
            "git: 'psuh' is not a git command. See 'git --help'.",
            "app: error: argument cmd: invalid choice: 'lst' (choose from 'list', 'show')",
        ] {
            assert!(unknown_subcommand(&evidence_of(e)), "{e}");
        }
        assert!(!unknown_subcommand(&evidence_of(
            "error: unknown option '--task'"
        )));
    }

    /// An argument count or a required argument refused (cobra, commander, argparse) is a usage
    /// error: dropping or adding the argument answers it.
    #[test]
    fn argument_counts_are_usage_errors() {
        for (a, e, b) in [
            (
                "gh pr diff 150 -- src/a.go",
                "accepts at most 1 arg(s), received 2",
                "gh pr diff 150 | head -500",
            ),
            (
                "minsky session start --task 002",
                "error: missing required argument 'session'",
                "minsky session start task#002 --task 002",
            ),
            (
                "tool add",
                "Error: requires at least 1 arg(s), only received 0",
                "tool add x",
            ),
            (
                "app.py run",
                "app.py: error: the following arguments are required: --name",
                "app.py run --name x",
            ),
        ] {
            assert!(crate::judge::is_usage_error(e), "{e}");
            assert!(
                distill_lesson(&failed(a, e), &[], &call(b), Provenance::default()).is_ok(),
                "{a} / {b}"
            );
        }
    }

    /// A pipeline's own inline program or pattern that does not parse is the agent's script.
    #[test]
    fn an_inline_filter_program_that_does_not_parse_is_the_codes() {
        for (cmd, err) in [
            ("gh pr diff 1 | awk '/^diff/ { skip=0 } \\ '", "awk: syntax error at source line 1\n context is\nawk: bailing out at source line 1"),
            ("gh pr diff 1 | grep -v '^\\+\\+\\+ b/x'", "grep: repetition-operator operand invalid"),
            ("curl -s https://example.org/a.json | jq '.items[] | select(.x =='", "jq: error: syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, line 1:"),
            ("git log | sed 's/a/b'", "sed: -e expression #1, char 5: unterminated `s' command"),
        ] {
            for c in wrapped(cmd) {
                let f = failed(&c, err);
                assert!(inline_program_error(Some(&c), &f.evidence), "{c}");
                let fix = c.replace("| ", "> /tmp/out.txt && wc -l /tmp/out.txt # ");
                assert_eq!(
                    distill_lesson(&f, &[], &call(&fix), Provenance::default()),
                    Err(NoLesson::CodeFix),
                    "{c}"
                );
            }
        }
        // the tool as the main program (BSD sed's `-i`) is not the agent's inline program
        assert!(!inline_program_error(
            Some("sed -i 's/a/b/' app.conf"),
            &evidence_of("sed: 1: \"app.conf\": invalid command code a")
        ));
        // another tool's message is not the filter's
        assert!(!inline_program_error(
            Some("gh pr diff 1 -- a.go | grep x"),
            &evidence_of("accepts at most 1 arg(s), received 2")
        ));
    }

    /// A program not found, its work then done by another program on the same input, is a
    /// lesson; another program on other input is other work.
    #[test]
    fn a_missing_program_replaced_on_the_same_input() {
        let missing = [
            "(eval):1: command not found: python3.12",
            "bash: line 1: python3: command not found",
            "sh: 1: jq: not found",
            "'python3' is not recognized as an internal or external command,",
        ];
        let names = ["python3.12", "python3", "jq", "python3"];
        for (e, n) in missing.iter().zip(names) {
            assert_eq!(
                missing_program_name(&evidence_of(e)).as_deref(),
                Some(n),
                "{e}"
            );
        }
        let hex = "7b226167656e744964223a2265393634303365642d";
        let pairs = [
            (
                format!("echo '{hex}' | python3 -c 'import sys; print(bytes.fromhex(sys.stdin.read()))'"),
                format!("echo '{hex}' | xxd -r -p"),
            ),
            (
                "python3 - <<'PY'\nimport sqlite3, os\nc = sqlite3.connect(os.path.expanduser(\"~/.specstory/sessions.db\"))\nPY".to_string(),
                "DB=~/.specstory/sessions.db\nsqlite3 \"$DB\" \"SELECT agent FROM sessions\"".to_string(),
            ),
        ];
        for (a, b) in &pairs {
            for e in &missing[..2] {
                let ev = evidence_of(e);
                assert!(replaced_missing(Some(a), &ev, Some(b)), "{a} / {b}");
                let f = failed(a, e);
                assert!(
                    distill_lesson(&f, &[], &call(b), Provenance::default()).is_ok(),
                    "{a}"
                );
                // other input is other work
                assert!(!replaced_missing(
                    Some(a),
                    &ev,
                    Some("sqlite3 other.db 'SELECT 1'")
                ));
                // running the missing program again is not a replacement
                assert!(!replaced_missing(
                    Some(a),
                    &ev,
                    Some(&format!("{b} | python3 -c 'x'"))
                ));
            }
            // a failure that is not a missing program
            assert!(!replaced_missing(
                Some(a),
                &evidence_of("Traceback (most recent call last):\nValueError: x"),
                Some(b)
            ));
        }
        // a stage left out: the decode without the pretty-printer that was not found
        assert!(replaced_missing(
            Some(&format!("echo '{hex}' | xxd -r -p | python3 -m json.tool")),
            &evidence_of(missing[0]),
            Some(&format!("echo '{hex}' | xxd -r -p"))
        ));
        // a long command keeps its end at capture: the program that replaced the missing one
        let long_hex = hex.repeat(8);
        let a = crate::distill::cap_middle(
            &format!("echo '{long_hex}' | python3 -c 'import sys'"),
            240,
        );
        let b = crate::distill::cap_middle(&format!("echo '{long_hex}' | xxd -r -p"), 240);
        assert!(
            a.chars().count() <= 240 && a.ends_with("-c 'import sys'"),
            "{a}"
        );
        assert_ne!(a, b);
        let f = failed(&a, missing[0]);
        assert!(distill_lesson(&f, &[], &call(&b), Provenance::default()).is_ok());
        // the folder a command moves into is not its input
        assert!(distinctive_operands("cd /Users/me/src/project-folder && python3 x.py").is_empty());
        assert!(distinctive_operands("cat ~/.config/app/settings.json")
            .contains(&"~/.config/app/settings.json".to_string()));
    }

    /// Interpreters with a version in their name belong to their family.
    #[test]
    fn versioned_interpreters_join_their_family() {
        for (v, base) in [
            ("python3.12", "python3"),
            ("python3.11", "python3"),
            ("pip3.11", "pip3"),
            ("node18", "node"),
            ("ruby3.2", "ruby"),
            ("gcc-13", "gcc"),
            ("php8.2", "php"),
        ] {
            assert_eq!(unversioned(v), base, "{v}");
        }
        for keep in [
            "python",
            "nodemon",
            "pythonista",
            "node-gyp",
            "ruby-lsp",
            "go1",
        ] {
            assert_eq!(unversioned(keep), keep);
        }
        assert_eq!(
            family_of("python3.12 -m pytest -q").as_deref(),
            Some("pytest")
        );
        assert_eq!(family_of("python3.12 x.py"), family_of("python3 x.py"));
        assert_eq!(family_of("pip3.11 install x"), family_of("pip install x"));
        assert_eq!(
            family_of("/opt/homebrew/bin/python3.13 -m pip install x").as_deref(),
            Some("pip")
        );
    }

    /// A `#` that starts a word is a comment, not a program.
    #[test]
    fn comments_in_a_command_are_not_programs() {
        assert_eq!(
            family_of("# capture the state first\npython3 - <<'PY'\nprint(1)\nPY").as_deref(),
            Some("python")
        );
        assert_eq!(
            family_of("cd /x/task#011 && bun test").as_deref(),
            Some("node")
        );
        assert_eq!(segments("echo a # b c").len(), 1);
        assert_eq!(segments("echo a # b c")[0], vec!["echo", "a"]);
    }
}
