#!/usr/bin/env python3
"""The lessons variant of scripts/bench_hook.py (issue 14, branch h-lessons3), kept whole so its
`--lessons N --paired --only-lessons` figures in BENCHMARKS.md can be repeated; the other cases
match bench_hook.py as it was on 2026-12-05.

Whole-process latency of `hookward hook claude-code`, as an agent sees it.

For each payload: spawn the hook N times (payload on stdin, wait for exit), and report
min/p50/p99 wall time in milliseconds and the peak RSS (MiB) of the hook process (from
wait4's rusage, per child). Baselines measured in the same run: `/bin/true` and a Python hook
that only parses the payload (what a minimal Python hook costs).

Usage: scripts/bench_hook.py BINARY [--runs N] [--payloads DIR] [--json] [--config CONFIG.toml]
                              [--lessons N [--paired] [--only-lessons]]
Everything happens in a temporary HOME; nothing on this machine's agent settings is touched.

`--lessons N` (issue 14): first imports N generated lessons into the bench project
(`hookward lessons import`, 8 program families x error shapes x names, as the in-process
recall bench `crates/hookward-lessons/examples/bench_recall.rs` makes them), then adds
UserPromptSubmit cases with lessons off (HOOKWARD_LESSONS=0), with a prompt that recalls
lessons, and with an unrelated prompt. Every run is the same session, so a recalled lesson is
delivered (and its delivery written) once in 4 prompts, as in a session (not repeated within 4).

`--paired` (with `--lessons`): the four UserPromptSubmit cases run interleaved, one run of each
in turn (off-recalling, on-recalling, off-unrelated, on-unrelated, again), so load changes on a
shared machine hit all of them alike; besides min/p50/p99 wall time it reports the p50 CPU time
(user + system, from wait4's rusage) and, for each prompt, the median of the per-round
differences on − off (wall and CPU, ms). `--only-lessons` skips the other cases.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

def run_once(argv, data, env):
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
    run_once.cpu_ms = (ru.ru_utime + ru.ru_stime) * 1000
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
    return {"label": label, "runs": runs, "min_ms": min(times), "p50_ms": statistics.median(times),
            "p99_ms": pct(times, 99), "max_rss_mib": max(rss), "exit": code, "reply": reply}

def paired(cases, env, runs):
    """The lessons cases (off, on, off, on: each on case paired with the off case before it)
    run interleaved, one run of each per round."""
    envs = [c[3] if len(c) > 3 else env for c in cases]
    for c, e in zip(cases, envs):
        run_once(c[1], c[2], e)  # warm-up
    rss = [peak_rss_mib(c[1], c[2], e) for c, e in zip(cases, envs)]
    wall = [[] for _ in cases]
    cpu = [[] for _ in cases]
    last = [(b"", 0)] * len(cases)
    for _ in range(runs):
        for i, (c, e) in enumerate(zip(cases, envs)):
            dt, _r, out, code = run_once(c[1], c[2], e)
            wall[i].append(dt)
            cpu[i].append(run_once.cpu_ms)
            last[i] = (out, code)
    results = []
    for i, c in enumerate(cases):
        out, code = last[i]
        reply = "none" if not out.strip() else json.loads(out).get("hookSpecificOutput", {}).get("permissionDecision", "json")
        r = {"label": c[0], "runs": runs, "min_ms": min(wall[i]), "p50_ms": statistics.median(wall[i]),
             "p99_ms": pct(wall[i], 99), "max_rss_mib": rss[i], "exit": code, "reply": reply,
             "cpu_p50_ms": statistics.median(cpu[i])}
        if i % 2 == 1:
            r["diff_wall_p50_ms"] = statistics.median(a - b for a, b in zip(wall[i], wall[i - 1]))
            r["diff_cpu_p50_ms"] = statistics.median(a - b for a, b in zip(cpu[i], cpu[i - 1]))
        results.append(r)
    return results


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=300)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--payloads", default=os.path.join(here, "..", "..", "shared", "protocol", "payloads", "claude"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--config", help="a config.toml to put in the bench's hookward home (e.g. with [export] set)")
    ap.add_argument("--lessons", type=int, default=0,
                    help="import this many generated lessons and add UserPromptSubmit cases with lessons on and off")
    ap.add_argument("--paired", action="store_true",
                    help="with --lessons: run the lessons cases interleaved and report paired differences")
    ap.add_argument("--only-lessons", action="store_true", help="with --lessons: only the lessons cases")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="hookward-bench-")
    home = os.path.join(tmp, "home")
    os.makedirs(os.path.join(home, "project"))
    if a.config:
        os.makedirs(os.path.join(home, ".hookward"))
        with open(a.config, "rb") as src, open(os.path.join(home, ".hookward", "config.toml"), "wb") as dst:
            dst.write(src.read())
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
    envs = {}
    if a.lessons:
        path = os.path.join(tmp, "lessons.json")
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
    if a.lessons and a.only_lessons:
        cases = cases[-4:]
    if a.lessons and a.paired:
        plain = [bench(c[0], c[1], c[2], c[3] if len(c) > 3 else env, a.runs) for c in cases[:-4]]
        results = plain + paired(cases[-4:], env, a.runs)
    else:
        results = [bench(c[0], c[1], c[2], c[3] if len(c) > 3 else env, a.runs) for c in cases]
    if a.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'case':48} {'runs':>5} {'min':>7} {'p50':>7} {'p99':>7} {'RSS MiB':>8}  reply")
    for r in results:
        print(f"{r['label']:48} {r['runs']:5d} {r['min_ms']:7.2f} {r['p50_ms']:7.2f} {r['p99_ms']:7.2f} {r['max_rss_mib']:8.1f}  {r['reply']}")
    for r in results:
        if "cpu_p50_ms" in r:
            print(f"{r['label']:48} CPU p50 {r['cpu_p50_ms']:7.2f} ms" + (
                f"; paired on - off: wall {r['diff_wall_p50_ms']:+.2f} ms, CPU {r['diff_cpu_p50_ms']:+.2f} ms (median of {r['runs']} rounds)"
                if "diff_wall_p50_ms" in r else ""))
    print("(wall-clock milliseconds per whole process, payload piped on stdin; RSS = peak resident set of the process, GNU time %M)")

if __name__ == "__main__":
    main()
