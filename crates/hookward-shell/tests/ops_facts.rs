//! The facts the policy's h-ops21 rules read (shell/service-exposed, shell/tunnel-out,
//! shell/service-disrupt, shell/admin-grant, shell/scale-to-zero in
//! `crates/hookward-policy/policy/shell.rego`) are decided in Rego over what the analyzer
//! already gives: each command's program and words, the environment assignments written before
//! it in its evidence, the commands run on the other side of `ssh` with the remote host as a
//! wrapper, the files written there (`remote_paths`, scope `system` under /etc), Windows
//! cmdlets as commands. These tests pin that contract on commands written for it (none is a row
//! of the black-box sets), so an analyzer change that drops one of them fails here rather than
//! silently in the policy.

mod common;

use hookward_shell::{Access, CommandFact, Scope, ShellFacts};

fn facts(cmd: &str) -> ShellFacts {
    hookward_shell::analyze(cmd, &common::ctx())
}

fn command<'a>(f: &'a ShellFacts, program: &str) -> &'a CommandFact {
    f.commands
        .iter()
        .find(|c| c.program == program)
        .unwrap_or_else(|| panic!("no `{program}` command in {:#?}", f.commands))
}

/// A server's listen address given as an environment assignment stays readable: in the
/// server's evidence when written before it, as an `export` command's word when exported
/// earlier in the line.
#[test]
fn listen_address_assignments_are_visible() {
    for line in [
        "VLLM_HOST=0.0.0.0 vllm serve m",
        "env VLLM_HOST=0.0.0.0 vllm serve m",
        "bash -c 'VLLM_HOST=0.0.0.0 vllm serve m'",
        "nohup env VLLM_HOST=0.0.0.0 vllm serve m &",
    ] {
        let f = facts(line);
        let c = command(&f, "vllm");
        assert!(
            c.evidence.contains("VLLM_HOST=0.0.0.0 vllm"),
            "{line}: {}",
            c.evidence
        );
    }
    let f = facts("export MLFLOW_HOST=0.0.0.0 && mlflow server");
    assert_eq!(
        command(&f, "export").argv,
        ["export", "MLFLOW_HOST=0.0.0.0"]
    );
    assert_eq!(command(&f, "mlflow").argv, ["mlflow", "server"]);
}

/// A configuration line written on a remote host: the writer's words, the remote console as a
/// wrapper, and the written file as a `system` remote path.
#[test]
fn remote_config_writes_keep_text_and_path() {
    let f = facts(
        "ssh cache-9 \"printf 'protected-mode no\\n' | sudo tee -a /etc/valkey/valkey.conf\"",
    );
    let printf = command(&f, "printf");
    assert!(printf.argv.iter().any(|a| a.contains("protected-mode no")));
    assert!(printf.wrappers.iter().any(|w| w.starts_with("ssh ")));
    let p = f
        .remote_paths
        .iter()
        .find(|p| p.path == "/etc/valkey/valkey.conf")
        .expect("remote path");
    assert_eq!(p.access, Access::Write);
    assert_eq!(p.scope, Scope::System);
    let f = facts("ssh db-9 sudo sed -i s/md5/trust/ /etc/postgresql/17/main/pg_hba.conf");
    assert!(f
        .remote_paths
        .iter()
        .any(|p| p.path.ends_with("pg_hba.conf") && p.access == Access::Write));
}

/// Client and CLI commands keep their program name whatever runs them (npx, a project's
/// bin/ stub, a remote console), and their words in order.
#[test]
fn programs_behind_runners_and_stubs() {
    for (line, program, words) in [
        ("npx lt --port 6379", "lt", vec!["lt", "--port", "6379"]),
        (
            "bin/kamal accessory stop redis",
            "kamal",
            vec!["bin/kamal", "accessory", "stop", "redis"],
        ),
        (
            "ssh ops-1 redis-cli -h cache-2 CLIENT PAUSE 1000",
            "redis-cli",
            vec!["redis-cli", "-h", "cache-2", "CLIENT", "PAUSE", "1000"],
        ),
        (
            "sudo -u rabbitmq rabbitmqctl --node rabbit@mq-4 stop_app",
            "rabbitmqctl",
            vec!["rabbitmqctl", "--node", "rabbit@mq-4", "stop_app"],
        ),
        (
            "npm owner add bot @acme/x",
            "npm",
            vec!["npm", "owner", "add", "bot", "@acme/x"],
        ),
    ] {
        let f = facts(line);
        assert_eq!(command(&f, program).argv, words, "{line}");
    }
}

/// Windows command lines give one command fact per cmdlet (hookward-shell `windows/`), and a
/// `powershell -Command` call keeps its code as one word for the policy to split.
#[test]
fn windows_statements_are_commands_or_code() {
    let f = facts("Stop-Service -Name Spooler; Set-Service -Name Spooler -StartupType Disabled");
    assert_eq!(
        command(&f, "Set-Service").argv,
        [
            "Set-Service",
            "-Name",
            "Spooler",
            "-StartupType",
            "Disabled"
        ]
    );
    command(&f, "Stop-Service");
    let f = facts(
        "powershell -NoProfile -Command \"New-NetFirewallRule -LocalPort 5900 -Action Allow\"",
    );
    let c = command(&f, "powershell");
    assert_eq!(
        c.argv.last().map(String::as_str),
        Some("New-NetFirewallRule -LocalPort 5900 -Action Allow")
    );
}
