#!/usr/bin/env python3
"""Whole-process latency of `hookward hook claude-code`, as an agent sees it.

For each payload: spawn the hook N times (payload on stdin, wait for exit), and report
min/p50/p99 wall time in milliseconds and the peak RSS (MiB) of the hook process (from
wait4's rusage, per child). Baselines measured in the same run: `/bin/true` and a Python hook
that only parses the payload (what a minimal Python hook costs).

Usage: scripts/bench_hook.py BINARY [--runs N] [--payloads DIR] [--json] [--config CONFIG.toml]
                              [--lessons N [--paired-lessons --cases lessons]]
Everything happens in a temporary HOME; nothing on this machine's agent settings is touched.

`--user-rules N` (issue 15): N user policy files in the bench home's `policies/` folder (one
small rule each, `package hookward.rules.custom.rN`, firing on `git` commands), as a team that
writes its own rules has them.

Paired mode (issue 15), for before/after figures on a loaded machine: `--pair B_BINARY` runs
every hookward case with BINARY (A) and B_BINARY (B) in turn, A B A B ..., each in its own
home laid out alike; `--pair-user-rules N` compares the same BINARY without user rules (A) and
with N (B). Printed per case: p50 wall ms of A and B, and the median of the per-pair ratio B/A
of wall time and of CPU time (user + sys, from wait4), with min and max. `--cases WORD,...`
keeps the cases whose label contains one of the words.

`--floor` (issue 15): the floor baselines in the same interleaved run. The script builds (once,
cached in `target/bench-floor/`, `cargo build --release --offline`) a minimal Rust program that
reads the payload from stdin with serde_json and prints `{}`; then every hookward case runs in
rounds with `/bin/true` and that program on the same payload (order rotated per round), and
the table gives p50/p99 of each and the hook's ratios to both: the ratio of the p50s (and p99s)
and the median of the per-round ratios. With `--pair`, A, B, `/bin/true` and the minimal
program run in each round, and A's and B's ratios to the floor are printed beside B/A; with
`--pair` and `--client` too, each side's warm helper runs in the same rounds (A's `hookward-hook`
against A's `hook-server`, B's against B's), and a second table gives the clients' p50s, the
median per-pair ratio, the clients' CPU and each server's CPU per call.

`--client [PATH]` (issue 15, with `--floor`): the warm helper's client (`hookward-hook`, by
default next to BINARY) runs in the same rounds against a `BINARY hook-server` started per
hookward home (and stopped at the end), with `HOOKWARD_WARM=require` so a call the server does
not answer fails instead of falling back; a second table gives its p50/p99, ratios to the
minimal program and `/bin/true`, its own CPU, and the server's CPU per call (from
/proc/PID/stat), and whether its replies equal the in-process hook's.

`--budget` (issue 21): adds a UserPromptSubmit case with a `[cost] daily_budget` configured and
a budget state past its threshold (`cost-budget.json`, today), so the reply carries the
notice, beside the same prompt with no budget. (With a budget, SessionStart would also start
`hookward cost --index-only` in the background; that case is not run here.)

`--lessons N` (issue 14): first imports N generated lessons into the bench project
(`hookward lessons import`, 8 program families x error shapes x names, as the in-process
recall bench `crates/hookward-lessons/examples/bench_recall.rs` makes them), then adds
UserPromptSubmit cases with lessons off (HOOKWARD_LESSONS=0), with a prompt that recalls
lessons, and with an unrelated prompt. Every run is the same session, so a recalled lesson is
delivered (and its delivery written) once in 4 prompts, as in a session (not repeated within 4).
`--keep DIR` builds the bench home in DIR and leaves it there (to profile the hook on the
same store afterwards: `HOOKWARD_HOME=DIR/home/.hookward`, project `DIR/home/project`).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

def run_once(argv, data, env, cpu=None):
    """Wall ms, ru_maxrss MiB, stdout, exit code; CPU ms (user + sys) appended to `cpu`."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        p.stdin.write(data)
        p.stdin.close()
    except BrokenPipeError:
        pass
    out = p.stdout.read()
    p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    dt = (time.perf_counter() - t0) * 1000
    p.returncode = os.waitstatus_to_exitcode(status)
    if cpu is not None:
        cpu.append((ru.ru_utime + ru.ru_stime) * 1000)
    return dt, ru.ru_maxrss / 1024.0, out, p.returncode

def pct(xs, q):
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(round(q / 100.0 * (len(xs) - 1)))))
    return xs[k]

def peak_rss_mib(argv, data, env, runs=5):
    """Peak RSS of the process itself, via GNU time (%M, KiB): wait4's ru_maxrss of a child
    forked from Python includes the Python parent's pages from before exec."""
    if not os.path.exists("/usr/bin/time"):
        return float("nan")
    best = 0
    for _ in range(runs):
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, input=data, capture_output=True, env=env)
        try:
            best = max(best, int(p.stderr.decode().strip().splitlines()[-1]))
        except (ValueError, IndexError):
            pass
    return best / 1024.0

def bench(label, argv, data, env, runs):
    run_once(argv, data, env)  # warm-up (page cache, policy cache)
    times, out, code = [], b"", 0
    rss = [peak_rss_mib(argv, data, env)]
    for _ in range(runs):
        dt, _r, out, code = run_once(argv, data, env)
        times.append(dt)
    reply = "none" if not out.strip() else json.loads(out).get("hookSpecificOutput", {}).get("permissionDecision", "json")
    if out.strip() and "systemMessage" in json.loads(out):
        reply = "systemMessage"
    return {"label": label, "runs": runs, "min_ms": min(times), "p50_ms": statistics.median(times),
            "p99_ms": pct(times, 99), "max_rss_mib": max(rss), "exit": code, "reply": reply}

WORDS = ["parser", "config", "loader", "widget", "auth", "session", "cache", "router", "schema",
         "invoice", "report", "upload", "queue", "worker", "billing", "search", "metrics", "theme"]


def generated_lessons(n, seed=0x9E3779B97F4A7C15):
    """n portable lessons (the `lessons export --format json` shape), deterministic."""
    x = seed
    def rnd():
        nonlocal x
        x ^= x >> 12; x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF; x ^= x >> 27
        return (x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF
    out = []
    for i in range(n):
        # a name of letters (digits would be normalised to N and make near-duplicates merge)
        w, kind = WORDS[rnd() % len(WORDS)], rnd() % 8
        k, v = "", rnd() % (26 ** 4)
        for _ in range(4):
            k, v = k + chr(97 + v % 26), v // 26
        fail, err, fix, fam = [
            (f"npm run {w}{k}", f"npm ERR! Missing script: {w}{k}", f"pnpm run {w}{k}", "node"),
            (f"pytest tests/test_{w}{k}.py", f"ModuleNotFoundError: No module named {w}{k}",
             f"uv run pytest tests/test_{w}{k}.py", "pytest"),
            (f"cargo test -p {w}{k}", f"error[E0433]: failed to resolve: use of undeclared crate {w}{k}",
             f"cargo test -p {w}{k} --features {w}", "cargo-test"),
            (f"docker-compose up {w}{k}", f"no such service: {w}{k}", f"docker compose up {w}{k}", "docker"),
            (f"git push origin {w}{k}", f"error: src refspec {w}{k} does not match any",
             f"git push origin HEAD:{w}{k}", "git"),
            (f"make {w}{k}", f"make: No rule to make target {w}{k}. Stop.", f"make -C {w} {w}{k}", "make"),
            (f"pip install {w}{k}", f"ERROR: No matching distribution found for {w}{k}",
             f"uv pip install {w}-{k}", "pip"),
            (f"go test ./{w}{k}/...", f"go: module {w}{k}: not found", f"go test -mod=mod ./{w}{k}/...", "go"),
        ][kind]
        out.append({"tool": "Bash", "family": fam, "symptom": err,
                    "prescription": f"ran `{fix}` instead of `{fail}`", "diff": ""})
    return out


USER_RULE = """package hookward.rules.custom.r{i}

# @rule custom/r{i}/git-force ask
# A forced git push in team rule {i}.
decision contains {{"id": "custom/r{i}/git-force", "decision": "ask", "reason": "team rule {i}: forced push"}} if {{
	input.event.kind == "PreToolUse"
	cmd := object.get(input.event.tool.input, "command", "")
	contains(cmd, "git push")
	contains(cmd, "--force")
}}
"""


def build(a, root, user_rules):
    """A bench home under `root` with its cases: (env, cases, home)."""
    home = os.path.join(root, "home")
    os.makedirs(os.path.join(home, "project"))
    os.makedirs(os.path.join(home, ".hookward"), exist_ok=True)
    if a.config:
        with open(a.config, "rb") as src, open(os.path.join(home, ".hookward", "config.toml"), "wb") as dst:
            dst.write(src.read())
    if user_rules:
        pol = os.path.join(home, ".hookward", "policies")
        os.makedirs(pol, exist_ok=True)
        for i in range(user_rules):
            with open(os.path.join(pol, f"r{i:04}.rego"), "w") as f:
                f.write(USER_RULE.format(i=i))
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "HOOKWARD_HOME": os.path.join(home, ".hookward"), "CLAUDE_PROJECT_DIR": os.path.join(home, "project")}
    def load(name):
        with open(os.path.join(a.payloads, name), "rb") as f:
            return f.read()
    post = json.loads(load("PostToolUse-Bash.json"))
    line = "test result: ok. 12 passed; 0 failed; compiling hookward v0.1.0 (/home/dev/project)\n"
    post["tool_response"]["stdout"] = (line * (20 * 1024 // len(line) + 1))[: 20 * 1024]
    post20k = json.dumps(post).encode()
    post["tool_response"]["stdout"] = (line * ((1 << 20) // len(line) + 1))[: 1 << 20]
    post1m = json.dumps(post).encode()
    # 50 guarded files (issue #5's benchmark): project CLAUDE.md and AGENTS.md, settings,
    # .mcp.json, 30 rules, 10 skills, 6 memory notes. Every hook below observes them where the
    # context guard runs (SessionStart, before and after Bash).
    proj = os.path.join(home, "project")
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in proj)
    guarded = [os.path.join(proj, "CLAUDE.md"), os.path.join(proj, "AGENTS.md"),
               os.path.join(proj, ".claude", "settings.json"), os.path.join(proj, ".mcp.json")]
    guarded += [os.path.join(proj, ".claude", "rules", f"rule{i:02}.md") for i in range(30)]
    guarded += [os.path.join(proj, ".claude", "skills", f"s{i}", "SKILL.md") for i in range(10)]
    guarded += [os.path.join(home, ".claude", "projects", slug, "memory", f"note{i}.md") for i in range(6)]
    for g in guarded:
        os.makedirs(os.path.dirname(g), exist_ok=True)
        with open(g, "w") as f:
            f.write("{}\n" if g.endswith(".json") else "# Notes\n- Run tests with `cargo test`.\n" * 20)
    assert len(guarded) == 50
    hook = [a.binary, "hook", "claude-code"]
    session_start = json.dumps({"session_id": "b", "cwd": proj, "hook_event_name": "SessionStart",
                                "source": "startup", "transcript_path": os.path.join(home, "t.jsonl")}).encode()
    py = [sys.executable, "-c", "import json,sys; json.load(sys.stdin)"]
    cases = [
        ("/bin/true (PreToolUse-Bash)", ["/bin/true"], load("PreToolUse-Bash.json")),
        ("python3 parse-only hook (PreToolUse-Bash)", py, load("PreToolUse-Bash.json")),
        ("hookward SessionStart (50 guarded files)", hook, session_start),
        ("hookward PreToolUse-Bash", hook, load("PreToolUse-Bash.json")),
        ("hookward PreToolUse-Write", hook, load("PreToolUse-Write.json")),
        ("hookward PostToolUse-Bash", hook, load("PostToolUse-Bash.json")),
        ("hookward PostToolUse 20 KB", hook, post20k),
        ("hookward PostToolUse 1 MB", hook, post1m),
        ("hookward PreToolUse deny (Read ~/.ssh/id_rsa)", hook, json.dumps({
            "session_id": "b", "cwd": os.path.join(home, "project"), "hook_event_name": "PreToolUse",
            "tool_name": "Read", "tool_input": {"file_path": os.path.join(home, ".ssh/id_rsa")}}).encode()),
    ]
    def prompt(text, session="b"):
        return json.dumps({"session_id": session, "cwd": proj, "hook_event_name": "UserPromptSubmit",
                           "prompt": text, "transcript_path": os.path.join(home, "t.jsonl")}).encode()
    recalls = "npm says the parser script is missing, run it with the right tool"
    unrelated = "please add a theme section to the documentation and explain it"
    cases.append(("hookward UserPromptSubmit", hook, prompt(unrelated)))
    if a.lessons:
        path = os.path.join(root, "lessons.json")
        with open(path, "w") as f:
            json.dump(generated_lessons(a.lessons), f)
        t0 = time.perf_counter()
        imp = subprocess.run(a.binary.split() + ["lessons", "import", path, "--project", proj, "--json"],
                             env=env, capture_output=True)
        if imp.returncode != 0:
            sys.exit("lessons import failed: " + imp.stderr.decode())
        added = sum(1 for r in json.loads(imp.stdout).get("items", []) if r.get("result") == "added")
        print(f"imported {a.lessons} generated lessons ({added} new, the rest merged) in "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
        off = dict(env, HOOKWARD_LESSONS="0")
        label = f"{added} lessons"
        cases += [
            (f"hookward UserPromptSubmit, lessons off, recalling prompt", hook, prompt(recalls, "off"), off),
            (f"hookward UserPromptSubmit, {label}, recalling prompt", hook, prompt(recalls, "on")),
            (f"hookward UserPromptSubmit, lessons off, unrelated prompt", hook, prompt(unrelated, "off2"), off),
            (f"hookward UserPromptSubmit, {label}, unrelated prompt", hook, prompt(unrelated, "on2")),
        ]
    if a.budget:
        bhome = os.path.join(root, "hookward-budget")
        os.makedirs(bhome)
        with open(os.path.join(bhome, "config.toml"), "w") as f:
            f.write("[cost]\ndaily_budget = 1\n")
        today = time.strftime("%Y-%m-%d", time.gmtime())
        with open(os.path.join(bhome, "cost-budget.json"), "w") as f:
            json.dump({"schema_version": 1, "day": today, "computed_ms": int(time.time() * 1000),
                       "threshold_permille": 800, "prices_as_of": "2026-12-02",
                       "lines": [{"project": None, "budget_micro": 1000000, "spent_micro": 900000,
                                  "unpriced_requests": 0}]}, f)
        benv = dict(env, HOOKWARD_HOME=bhome)
        cases += [
            ("hookward UserPromptSubmit, no budget", hook, prompt(unrelated, "nb")),
            ("hookward UserPromptSubmit, budget notice", hook, prompt(unrelated, "wb"), benv),
        ]
    if a.cases:
        words = [w.strip() for w in a.cases.split(",") if w.strip()]
        cases = [c for c in cases if any(w in c[0] for w in words)]
    return env, [(c[0], c[1], c[2], c[3] if len(c) > 3 else env) for c in cases], home


FLOOR_MAIN = """use std::io::{Read, Write};

fn main() {
    let mut buf = Vec::new();
    if std::io::stdin().read_to_end(&mut buf).is_err() {
        std::process::exit(1);
    }
    let v: serde_json::Value = serde_json::from_slice(&buf).unwrap_or(serde_json::Value::Null);
    std::hint::black_box(&v);
    let _ = std::io::stdout().write_all(b"{}\\n");
}
"""

FLOOR_TOML = """[package]
name = "bench-floor"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
serde_json = "1"

[profile.release]
debug = false

[workspace]
"""


def minimal_program():
    """The floor program of issue 15 (`FLOOR_MAIN`: stdin → serde_json::Value → `{}`), built once
    with `cargo build --release --offline` under `target/bench-floor/` and reused."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "bench-floor")
    os.makedirs(os.path.join(root, "src"), exist_ok=True)
    for name, text in (("Cargo.toml", FLOOR_TOML), (os.path.join("src", "main.rs"), FLOOR_MAIN)):
        path = os.path.join(root, name)
        if not os.path.exists(path) or open(path).read() != text:
            with open(path, "w") as f:
                f.write(text)
    exe = os.path.join(root, "target", "release", "bench-floor")
    p = subprocess.run(["cargo", "build", "--release", "--offline", "-q"], cwd=root, capture_output=True)
    if p.returncode != 0 or not os.path.exists(exe):
        sys.exit("could not build the minimal serde_json program: " + p.stderr.decode())
    return os.path.abspath(exe)


def ratios(xs, ys):
    """Median of the per-round ratios x / y."""
    r = sorted(x / y for x, y in zip(xs, ys) if y > 0)
    return statistics.median(r) if r else float("nan")


class WarmServers:
    """`--client`: one `hookward hook-server` per hookward home the cases use, started before
    its first case and stopped at the end; its CPU time (utime + stime from /proc/PID/stat) is
    read around each case so the server's own work per call is counted apart from the client's."""

    def __init__(self, binary):
        self.binary = binary
        self.procs = {}

    def ensure(self, env):
        home = env["HOOKWARD_HOME"]
        if home in self.procs:
            return self.procs[home]
        p = subprocess.Popen([self.binary, "hook-server"], env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        sock = os.path.join(home, "run", "hook.sock")
        for _ in range(500):
            if os.path.exists(sock):
                break
            time.sleep(0.01)
        time.sleep(0.05)
        self.procs[home] = p
        return p

    @staticmethod
    def cpu_ms(p):
        with open(f"/proc/{p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) * 1000.0 / ticks

    def stop(self):
        for p in self.procs.values():
            p.terminate()
            p.wait()


def floor_run(cases, runs, minimal, client=None, servers=None):
    """`--floor` without `--pair`: each hookward case in rounds with /bin/true and the minimal
    program on its payload (order rotated per round). With `client` (`--client`), the warm
    helper's client `hookward-hook claude-code` runs in the same rounds against a running server
    (`HOOKWARD_WARM=require`: a call the server does not answer fails instead of falling back)."""
    rows = []
    for label, argv, data, env in cases:
        if argv[0] in ("/bin/true", sys.executable):
            continue
        sides = [("hook", argv, env), ("true", ["/bin/true"], env), ("min", [minimal], env)]
        server = None
        if client:
            server = servers.ensure(env)
            sides.append(("client", [client] + argv[2:], dict(env, HOOKWARD_WARM="require")))
        for _, sv, e in sides:
            run_once(sv, data, e)  # warm-up
        wall = {k: [] for k, _, _ in sides}
        cpu = {k: [] for k, _, _ in sides}
        outs = set()
        client_outs = set()
        server_cpu0 = WarmServers.cpu_ms(server) if server else 0.0
        for i in range(runs):
            n = len(sides)
            order = sides[i % n:] + sides[:i % n]
            for k, sv, e in order:
                dt, _, out, code = run_once(sv, data, e, cpu[k])
                wall[k].append(dt)
                if k == "hook":
                    outs.add((out.strip()[:200], code))
                if k == "client":
                    client_outs.add((out.strip()[:200], code))
        row = {"label": label, "runs": runs,
                     "hook_p50_ms": statistics.median(wall["hook"]), "hook_p99_ms": pct(wall["hook"], 99),
                     "min_p50_ms": statistics.median(wall["min"]), "min_p99_ms": pct(wall["min"], 99),
                     "true_p50_ms": statistics.median(wall["true"]),
                     "p50_over_min": statistics.median(wall["hook"]) / statistics.median(wall["min"]),
                     "p99_over_min": pct(wall["hook"], 99) / pct(wall["min"], 99),
                     "round_over_min": ratios(wall["hook"], wall["min"]),
                     "round_over_true": ratios(wall["hook"], wall["true"]),
                     "cpu_over_min": ratios(cpu["hook"], cpu["min"]),
                     "same_reply": len(outs) == 1}
        if client:
            row.update({"client_p50_ms": statistics.median(wall["client"]),
                        "client_p99_ms": pct(wall["client"], 99),
                        "client_p50_over_min": statistics.median(wall["client"]) / statistics.median(wall["min"]),
                        "client_p99_over_min": pct(wall["client"], 99) / pct(wall["min"], 99),
                        "client_round_over_min": ratios(wall["client"], wall["min"]),
                        "client_p50_over_true": statistics.median(wall["client"]) / statistics.median(wall["true"]),
                        "client_cpu_p50_ms": statistics.median(cpu["client"]),
                        "server_cpu_ms_per_call": (WarmServers.cpu_ms(server) - server_cpu0) / runs,
                        "client_same_reply": client_outs == outs})
        rows.append(row)
    return rows


def print_floor(rows, minimal, load):
    print(f"floor: /bin/true and {minimal} (stdin → serde_json → '{{}}') in the same rounds; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'case':48} {'runs':>5} {'p50':>7} {'p99':>7} {'min p50':>8} {'min p99':>8} {'true p50':>8} "
          f"{'p50/min':>8} {'p99/min':>8} {'rnd/min':>8} {'rnd/true':>8} {'cpu/min':>8}  same reply")
    for r in rows:
        print(f"{r['label']:48} {r['runs']:5d} {r['hook_p50_ms']:7.2f} {r['hook_p99_ms']:7.2f} "
              f"{r['min_p50_ms']:8.2f} {r['min_p99_ms']:8.2f} {r['true_p50_ms']:8.2f} {r['p50_over_min']:8.2f} "
              f"{r['p99_over_min']:8.2f} {r['round_over_min']:8.2f} {r['round_over_true']:8.2f} "
              f"{r['cpu_over_min']:8.2f}  {r['same_reply']}")
    print("(wall ms per whole process; p50/min and p99/min: ratios of the percentiles; rnd/…: median of the "
          "per-round ratios; cpu/min: the same for user + sys CPU)")
    if rows and "client_p50_ms" in rows[0]:
        print()
        print("warm helper: hookward-hook (client) against a running hookward hook-server, same rounds")
        print(f"{'case':48} {'p50':>7} {'p99':>7} {'p50/min':>8} {'p99/min':>8} {'rnd/min':>8} {'p50/true':>8} "
              f"{'cli cpu':>8} {'srv cpu':>8}  same reply as in-process")
        for r in rows:
            print(f"{r['label']:48} {r['client_p50_ms']:7.2f} {r['client_p99_ms']:7.2f} "
                  f"{r['client_p50_over_min']:8.2f} {r['client_p99_over_min']:8.2f} {r['client_round_over_min']:8.2f} "
                  f"{r['client_p50_over_true']:8.2f} {r['client_cpu_p50_ms']:8.2f} {r['server_cpu_ms_per_call']:8.2f}  "
                  f"{r['client_same_reply']}")
        print("(cli cpu: the client process's user + sys ms, p50; srv cpu: the server's CPU ms per call, "
              "its /proc/PID/stat time over the case's rounds / runs, 10 ms ticks)")


def lessons_paired(cases, runs):
    """`--paired-lessons`: the cases run interleaved, one run of each per round, so load changes
    on a shared machine hit them alike; each case at an odd position (lessons on) is paired
    with the case before it (lessons off) and the median of the per-round differences on - off
    (wall and CPU ms) is reported."""
    for c in cases:
        run_once(c[1], c[2], c[3])  # warm-up
    rss = [peak_rss_mib(c[1], c[2], c[3]) for c in cases]
    wall, cpu = [[] for _ in cases], [[] for _ in cases]
    last = [(b"", 0)] * len(cases)
    for _ in range(runs):
        for i, c in enumerate(cases):
            dt, _r, out, code = run_once(c[1], c[2], c[3], cpu[i])
            wall[i].append(dt)
            last[i] = (out, code)
    results = []
    for i, c in enumerate(cases):
        out, code = last[i]
        reply = "none" if not out.strip() else json.loads(out).get("hookSpecificOutput", {}).get("permissionDecision", "json")
        r = {"label": c[0], "runs": runs, "min_ms": min(wall[i]), "p50_ms": statistics.median(wall[i]),
             "p99_ms": pct(wall[i], 99), "max_rss_mib": rss[i], "exit": code, "reply": reply,
             "cpu_p50_ms": statistics.median(cpu[i])}
        if i % 2 == 1:
            r["diff_wall_p50_ms"] = statistics.median(x - y for x, y in zip(wall[i], wall[i - 1]))
            r["diff_cpu_p50_ms"] = statistics.median(x - y for x, y in zip(cpu[i], cpu[i - 1]))
        results.append(r)
    return results


def paired(a, tmp):
    """A B A B ... per case; medians of the per-pair ratios B/A. With `--floor`, /bin/true and
    the minimal program run in each round too (order rotated), and A's and B's p50s are also
    given as ratios to the minimal program's."""
    b_binary = a.pair or a.binary
    minimal = minimal_program() if a.floor else None
    env_a, cases_a, _ = build(a, os.path.join(tmp, "a"), a.user_rules)
    b_rules = a.pair_user_rules if a.pair_user_rules is not None else a.user_rules
    env_b, cases_b, home_b = build(a, os.path.join(tmp, "b"), b_rules)
    # `--client` (with `--floor`): each side's warm helper too, A's client against A's server and
    # B's against B's, in the same rounds
    servers_a = servers_b = None
    client_a = client_b = None
    if a.client and minimal:
        client_a = os.path.join(os.path.dirname(os.path.abspath(a.binary)), "hookward-hook")
        client_b = os.path.join(os.path.dirname(os.path.abspath(b_binary)), "hookward-hook")
        servers_a, servers_b = WarmServers(a.binary), WarmServers(b_binary)
    rows = []
    try:
        for (label, argv_a, data_a, e_a), (_, argv_b, data_b, e_b) in zip(cases_a, cases_b):
            if argv_a[0] != a.binary:
                continue  # the baselines are the same on both sides
            rows.append(paired_case(a, label, argv_a, data_a, e_a, [b_binary] + argv_b[1:], data_b, e_b,
                                    minimal, (client_a, servers_a), (client_b, servers_b)))
    finally:
        for s in (servers_a, servers_b):
            if s:
                s.stop()
    print_paired(a, b_binary, b_rules, minimal, rows)


def paired_case(a, label, argv_a, data_a, e_a, argv_b, data_b, e_b, minimal, warm_a, warm_b):
    """One case of `paired`: its row."""
    for _ in range(3):  # warm-up (page cache, policy cache, first scan)
        run_once(argv_a, data_a, e_a)
        run_once(argv_b, data_b, e_b)
    wa, wb, ca, cb, outs = [], [], [], [], set()
    wt, wm, ct, cm = [], [], [], []
    wca, wcb, cca, ccb = [], [], [], []
    sides = [("a", argv_a, data_a, e_a, wa, ca), ("b", argv_b, data_b, e_b, wb, cb)]
    if minimal:
        sides += [("true", ["/bin/true"], data_a, e_a, wt, ct), ("min", [minimal], data_a, e_a, wm, cm)]
        run_once([minimal], data_a, e_a)
    srv = {}
    if warm_a[0]:
        for side, (client, servers), data, e, w, c in (("ca", warm_a, data_a, e_a, wca, cca),
                                                      ("cb", warm_b, data_b, e_b, wcb, ccb)):
            srv[side] = servers.ensure(e)
            ce = dict(e, HOOKWARD_WARM="require")
            sides.append((side, [client] + argv_a[2:], data, ce, w, c))
            for _ in range(3):
                run_once([client] + argv_a[2:], data, ce)
    srv_cpu0 = {k: WarmServers.cpu_ms(p) for k, p in srv.items()}
    for i in range(a.runs):
        k = i % len(sides)
        order = sides[k:] + sides[:k]  # rotate which side goes first
        for side, argv, data, e, w, c in order:
            dt, _, out, code = run_once(argv, data, e, c)
            w.append(dt)
            if side in ("a", "b", "ca", "cb"):
                outs.add((side, out.strip()[:200], code))
    wr = sorted(y / x for x, y in zip(wa, wb))
    cr = sorted(y / x for x, y in zip(ca, cb) if x > 0)
    row = {"label": label, "pairs": a.runs, "a_p50_ms": statistics.median(wa),
           "b_p50_ms": statistics.median(wb), "wall_ratio": statistics.median(wr),
           "wall_ratio_min": wr[0], "wall_ratio_max": wr[-1],
           "cpu_a_p50_ms": statistics.median(ca), "cpu_b_p50_ms": statistics.median(cb),
           "cpu_ratio": statistics.median(cr) if cr else float("nan"),
           "same_reply": len({(o, c) for _, o, c in outs}) == 1}
    if minimal:
        row.update({"a_p99_ms": pct(wa, 99), "b_p99_ms": pct(wb, 99),
                    "min_p50_ms": statistics.median(wm), "min_p99_ms": pct(wm, 99),
                    "true_p50_ms": statistics.median(wt),
                    "a_over_min": statistics.median(wa) / statistics.median(wm),
                    "b_over_min": statistics.median(wb) / statistics.median(wm),
                    "b_p99_over_min": pct(wb, 99) / pct(wm, 99),
                    "b_over_true": statistics.median(wb) / statistics.median(wt),
                    "b_round_over_min": ratios(wb, wm)})
    if srv:
        time.sleep(0.3)  # the last call's record, written after its reply
        cwr = sorted(y / x for x, y in zip(wca, wcb))
        row.update({"ca_p50_ms": statistics.median(wca), "cb_p50_ms": statistics.median(wcb),
                    "ca_p99_ms": pct(wca, 99), "cb_p99_ms": pct(wcb, 99),
                    "client_wall_ratio": statistics.median(cwr),
                    "client_wall_ratio_min": cwr[0], "client_wall_ratio_max": cwr[-1],
                    "ca_over_min": statistics.median(wca) / statistics.median(wm),
                    "cb_over_min": statistics.median(wcb) / statistics.median(wm),
                    "ca_cpu_p50_ms": statistics.median(cca), "cb_cpu_p50_ms": statistics.median(ccb),
                    "srv_a_cpu_ms_per_call": (WarmServers.cpu_ms(srv["ca"]) - srv_cpu0["ca"]) / a.runs,
                    "srv_b_cpu_ms_per_call": (WarmServers.cpu_ms(srv["cb"]) - srv_cpu0["cb"]) / a.runs})
    return row


def print_paired(a, b_binary, b_rules, minimal, rows):
    """The table of `paired` (or its JSON with `--json`)."""
    load = os.getloadavg()
    if a.json:
        print(json.dumps({"a": a.binary, "b": b_binary, "a_user_rules": a.user_rules, "b_user_rules": b_rules,
                          "minimal": minimal, "loadavg": load, "rows": rows}, indent=2))
        return
    print(f"A = {a.binary} ({a.user_rules} user rules), B = {b_binary} ({b_rules} user rules); "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if minimal:
        print(f"floor in the same rounds: /bin/true and {minimal} (stdin → serde_json → '{{}}')")
    head = f"{'case':48} {'pairs':>5} {'A p50':>8} {'B p50':>8} {'B/A wall (min-max)':>22} {'B/A cpu':>8}"
    if minimal:
        head += f" {'min p50':>8} {'A/min':>6} {'B/min':>6} {'B99/min99':>9} {'B/true':>6}"
    print(head + "  same reply")
    for r in rows:
        line = (f"{r['label']:48} {r['pairs']:5d} {r['a_p50_ms']:8.2f} {r['b_p50_ms']:8.2f} "
                f"{r['wall_ratio']:8.2f} ({r['wall_ratio_min']:.2f}-{r['wall_ratio_max']:.2f}) {r['cpu_ratio']:8.2f}")
        if minimal:
            line += (f" {r['min_p50_ms']:8.2f} {r['a_over_min']:6.2f} {r['b_over_min']:6.2f} "
                     f"{r['b_p99_over_min']:9.2f} {r['b_over_true']:6.2f}")
        print(line + f"  {r['same_reply']}")
    print("(wall-clock ms per whole process; B/A: medians of per-pair ratios, sides rotated per round; "
          "X/min: ratio of the p50s (B99/min99: of the p99s) to the minimal program's in the same rounds)")
    if rows and "ca_p50_ms" in rows[0]:
        print()
        print("warm helper, same rounds: A's hookward-hook against A's hook-server, B's against B's")
        print(f"{'case':48} {'A p50':>7} {'B p50':>7} {'B/A wall (min-max)':>22} {'A p99':>7} {'B p99':>7} "
              f"{'A/min':>6} {'B/min':>6} {'A cli':>6} {'B cli':>6} {'A srv':>6} {'B srv':>6}")
        for r in rows:
            print(f"{r['label']:48} {r['ca_p50_ms']:7.2f} {r['cb_p50_ms']:7.2f} "
                  f"{r['client_wall_ratio']:8.2f} ({r['client_wall_ratio_min']:.2f}-{r['client_wall_ratio_max']:.2f}) "
                  f"{r['ca_p99_ms']:7.2f} {r['cb_p99_ms']:7.2f} {r['ca_over_min']:6.2f} {r['cb_over_min']:6.2f} "
                  f"{r['ca_cpu_p50_ms']:6.2f} {r['cb_cpu_p50_ms']:6.2f} {r['srv_a_cpu_ms_per_call']:6.2f} "
                  f"{r['srv_b_cpu_ms_per_call']:6.2f}")
        print("(X/min: the client's p50 over the minimal program's; cli: the client process's user + sys ms, "
              "p50; srv: the server's CPU ms per call, /proc/PID/stat over the case's rounds / runs, 10 ms "
              "ticks; same reply: A, B and both clients gave one reply)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=300)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--payloads", default=os.path.join(here, "..", "..", "shared", "protocol", "payloads", "claude"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--config", help="a config.toml to put in the bench's hookward home (e.g. with [export] set)")
    ap.add_argument("--budget", action="store_true",
                    help="add UserPromptSubmit with a crossed cost budget (the notice) beside no budget")
    ap.add_argument("--lessons", type=int, default=0,
                    help="import this many generated lessons and add UserPromptSubmit cases with lessons on and off")
    ap.add_argument("--user-rules", type=int, default=0, help="user policy files in the bench home (both sides)")
    ap.add_argument("--pair", help="paired mode: a second binary (B) run in turn with BINARY (A)")
    ap.add_argument("--pair-user-rules", type=int, default=None,
                    help="paired mode: B's home has this many user policy files (A's has --user-rules)")
    ap.add_argument("--paired-lessons", action="store_true",
                    help="with --lessons (and --cases lessons): the lessons cases interleaved, paired on - off differences")
    ap.add_argument("--cases", help="comma-separated words; keep the cases whose label contains one")
    ap.add_argument("--floor", action="store_true",
                    help="run /bin/true and a minimal serde_json Rust program (built once) in the same rounds "
                         "and print the hook's ratios to them")
    ap.add_argument("--client", nargs="?", const="auto", default=None,
                    help="with --floor: also run the warm helper's client (default: hookward-hook next to "
                         "BINARY) against a running `BINARY hook-server`, in the same rounds")
    ap.add_argument("--keep", metavar="DIR",
                    help="build the bench home in DIR (a new folder) and keep it afterwards, e.g. to profile "
                         "the hook on the same store (HOOKWARD_HOME=DIR/home/.hookward)")
    a = ap.parse_args()
    if a.keep:
        if os.path.exists(a.keep):
            sys.exit(f"--keep: {a.keep} exists; give a new folder")
        os.makedirs(a.keep)
        tmp = os.path.abspath(a.keep)
    else:
        tmp = tempfile.mkdtemp(prefix="hookward-bench-")
    try:
        if a.pair or a.pair_user_rules is not None:
            paired(a, tmp)
            return
        _, cases, _ = build(a, tmp, a.user_rules)
        if a.floor:
            minimal = minimal_program()
            client = a.client
            if client == "auto":
                client = os.path.join(os.path.dirname(os.path.abspath(a.binary)), "hookward-hook")
            servers = WarmServers(a.binary) if client else None
            try:
                rows = floor_run(cases, a.runs, minimal, client, servers)
            finally:
                if servers:
                    servers.stop()
            if a.json:
                print(json.dumps({"minimal": minimal, "loadavg": os.getloadavg(), "rows": rows}, indent=2))
            else:
                print_floor(rows, minimal, os.getloadavg())
            differ = [r["label"] for r in rows if client and not r["client_same_reply"]]
            if differ:
                # the client must answer as the in-process hook does (also what CI's smoke run checks)
                sys.exit("the warm client's reply differs from the in-process hook's: " + ", ".join(differ))
            return
        if a.paired_lessons:
            results = lessons_paired(cases, a.runs)
        else:
            results = [bench(c[0], c[1], c[2], c[3], a.runs) for c in cases]
    finally:
        if not a.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    if a.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'case':48} {'runs':>5} {'min':>7} {'p50':>7} {'p99':>7} {'RSS MiB':>8}  reply")
    for r in results:
        print(f"{r['label']:48} {r['runs']:5d} {r['min_ms']:7.2f} {r['p50_ms']:7.2f} {r['p99_ms']:7.2f} {r['max_rss_mib']:8.1f}  {r['reply']}")
        if "diff_cpu_p50_ms" in r:
            print(f"{'':48} on - off, median of per-round differences: wall {r['diff_wall_p50_ms']:+.2f} ms, "
                  f"cpu {r['diff_cpu_p50_ms']:+.2f} ms (cpu p50 {r['cpu_p50_ms']:.2f} ms)")
    print("(wall-clock milliseconds per whole process, payload piped on stdin; RSS = peak resident set of the process, GNU time %M)")

if __name__ == "__main__":
    main()
