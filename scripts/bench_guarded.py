#!/usr/bin/env python3
"""Whole-process cost of `hookward hook claude-code` as the number of guarded files grows
(issue 15: "10 -> 10,000 guarded files: PreToolUse-Bash and SessionStart p50 grow by <= 20 %").

For each size (default 10, 1,000 and 5,000 guarded files) a throwaway HOME is laid out, its
first SessionStart is timed once (the baseline scan), and then every case of every size runs in
turn, round-robin, so a drift in the machine's speed hits all of them alike. Printed per case
and size: p50 and p90 wall ms, and the p50 ratio to the smallest size.

Layout: the project's CLAUDE.md and AGENTS.md plus rule files spread over up to fourteen guarded
folders (the agents' walked folders, home and project, and Claude Code's memory folder of the
project) of at most 500 files each, the walk's per-folder bound; so up to 7,002 files. Past
that (10,000) the rest are instruction files by name in project subfolders (`proj/pkgs/pN/`,
five names each: CLAUDE.md, AGENTS.md, AGENTS.override.md, GEMINI.md, CLAUDE.local.md), the
only way the guard counts more files; a layout of 10,000 therefore also has ~600 project
folders, which SessionStart's walk for instruction files in subfolders reads (bounded at
2,000 folders).

Cases: SessionStart (full check), PreToolUse-Bash `echo hi > notes.txt` (effects known: only
the named path is checked), PreToolUse-Bash `cargo test` (effects unknown: full check),
PostToolUse-Bash `echo hi > notes.txt`, and with `--stop` Stop (a full check that always
stats every file, also through the warm helper).

Usage: scripts/bench_guarded.py BINARY [--runs N] [--sizes 10,1000,5000] [--smoke] [--json]
                                 [--pair B_BINARY] [--client] [--stop]
`--pair B_BINARY` (issue 15): before/after on a loaded machine. Every size gets two homes laid
out alike, one per binary; each case runs A then B (then B then A, alternating) and the table
shows p50 wall ms of both and the median of the per-pair ratios B/A (wall and CPU time).
`--client`: every call goes through the warm helper's client (`hookward-hook claude-code`
next to each binary, `HOOKWARD_WARM=require`) against a `BINARY hook-server` started per home
after its first SessionStart (which runs in-process); CPU is then the client's plus the
server's for the call (from /proc/PID/stat, clock ticks).
`--server-cpu N` (with --client, optionally --pair): per binary, case and size, N calls in a
row; the server's CPU per call over the batch (clock ticks over the whole batch, so precise
to 10 ms / N), the client's p50 CPU and the p50 wall.
`--changing N` (with --client, optionally --pair): the case a watcher cannot help, at the
largest size: N rounds of one line appended to a guarded file, then a PostToolUse of `cargo
test` (the full check finds the change), then its PreToolUse.
`--smoke` (CI): 2 runs, sizes 10 and 600, checks every reply parses; no timing assertions.
Nothing outside the temporary folder is touched.
"""
import argparse, json, os, shutil, statistics, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_hook import run_once, pct, WarmServers  # noqa: E402

FOLDERS = [
    "proj/.claude/rules", "proj/.claude/agents", "proj/.claude/commands", "proj/.cursor/rules",
    ".claude/rules", ".claude/agents", ".claude/commands", "proj/.claude/skills",
    ".claude/skills", "proj/.codex", ".claude/hooks", "proj/.claude/hooks", "proj/.gemini",
    "MEMORY",  # Claude Code's memory folder of the project, ~/.claude/projects/<slug>/memory
]
NESTED = ["CLAUDE.md", "AGENTS.md", "AGENTS.override.md", "GEMINI.md", "CLAUDE.local.md"]


def slug(path):
    """Claude Code's folder name for a project (hookward's `claude_project_slug`)."""
    return "".join(c if c.isascii() and c.isalnum() else "-" for c in path)


def lay_out(root, n):
    """A home with `n` guarded files; returns (env, project)."""
    home = os.path.join(root, "home")
    proj = os.path.join(home, "proj")
    os.makedirs(os.path.join(home, ".hookward"), exist_ok=True)
    os.makedirs(proj, exist_ok=True)
    with open(os.path.join(proj, "CLAUDE.md"), "w") as f:
        f.write("# Project\n- Run the tests with `cargo test`.\n")
    with open(os.path.join(proj, "AGENTS.md"), "w") as f:
        f.write("# Agents\nUse pnpm.\n")
    left = max(0, n - 2)
    for d in FOLDERS:
        if left == 0:
            break
        k = min(left, 500)
        if d == "MEMORY":
            d = os.path.join(".claude/projects", slug(proj), "memory")
        full = os.path.join(home, d)
        os.makedirs(full, exist_ok=True)
        for i in range(k):
            with open(os.path.join(full, f"r{i}.md"), "w") as f:
                f.write(f"# rule {i}\nAlways run the tests before committing. Use pnpm.\n")
        left -= k
    i = 0
    while left > 0:
        full = os.path.join(proj, "pkgs", f"p{i}")
        os.makedirs(full, exist_ok=True)
        for name in NESTED[:left]:
            with open(os.path.join(full, name), "w") as f:
                f.write(f"# Package {i}\nRun `make test` here.\n")
        left -= min(left, len(NESTED))
        i += 1
    # Folders as an untouched tree has them: the manifest does not trust a folder changed
    # within 2 s of a walk (`manifest::RACY_NS`), which a layout made just now would be.
    past = time.time() - 60
    for d, _, _ in os.walk(home):
        os.utime(d, (past, past))
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "HOOKWARD_HOME": os.path.join(home, ".hookward"), "CLAUDE_PROJECT_DIR": proj}
    return env, proj


def payloads(proj, home):
    base = {"session_id": "bench", "transcript_path": os.path.join(home, "t.jsonl"), "cwd": proj,
            "permission_mode": "default"}
    def pre(cmd, i):
        return dict(base, hook_event_name="PreToolUse", tool_name="Bash",
                    tool_input={"command": cmd}, tool_use_id=f"toolu_{i}")
    post = dict(pre("echo hi > notes.txt", 1), hook_event_name="PostToolUse",
                tool_response={"stdout": "", "stderr": "", "interrupted": False, "isImage": False})
    return {
        "SessionStart": dict(base, hook_event_name="SessionStart", source="startup"),
        "Stop": dict(base, hook_event_name="Stop", stop_hook_active=False),
        "PreToolUse-Bash echo (known)": pre("echo hi > notes.txt", 1),
        "PreToolUse-Bash cargo test (unknown)": pre("cargo test", 2),
        "PostToolUse-Bash echo (known)": post,
    }


class Side:
    """One binary: runs a case in-process (`BINARY hook claude-code`) or, with `--client`,
    through `hookward-hook claude-code` against a server per home."""

    def __init__(self, binary, client):
        self.binary = os.path.abspath(binary)
        self.client = os.path.join(os.path.dirname(self.binary), "hookward-hook") if client else None
        self.servers = WarmServers(self.binary) if client else None

    def first(self, env, data):
        """The baseline scan, in-process; then the server of this home, if any."""
        r = run_once([self.binary, "hook", "claude-code"], data, env)
        if self.servers:
            self.servers.ensure(env)
        return r

    def run(self, env, data):
        """(wall ms, the process's CPU ms, the server's CPU ms, stdout, exit code) of one call;
        the server's is read in clock ticks (10 ms), so only its mean over many calls means
        anything."""
        cs = []
        if not self.client:
            dt, _, out, code = run_once([self.binary, "hook", "claude-code"], data, env, cs)
            return dt, cs[0], 0.0, out, code
        srv = self.servers.ensure(env)
        before = WarmServers.cpu_ms(srv)
        dt, _, out, code = run_once([self.client, "claude-code"], data, dict(env, HOOKWARD_WARM="require"), cs)
        return dt, cs[0], WarmServers.cpu_ms(srv) - before, out, code

    def stop(self):
        if self.servers:
            self.servers.stop()


def cpu_of(own, server):
    """A case's CPU ms per call: the process's p50, plus the server's mean (--client)."""
    return statistics.median(own) + (statistics.fmean(server) if server else 0.0)


def case_names(a, proj, home):
    names = list(payloads(proj, home))
    return names if a.stop else [n for n in names if n != "Stop"]


def paired(a):
    sizes = [10, 600] if a.smoke else [int(s) for s in a.sizes.split(",")]
    runs = 2 if a.smoke else a.runs
    sides = {"a": Side(a.binary, a.client), "b": Side(a.pair, a.client)}
    tmp = tempfile.mkdtemp(prefix="hookward-guarded-")
    try:
        homes = {}
        for n in sizes:
            for side in "ab":
                env, proj = lay_out(os.path.join(tmp, f"{n}{side}"), n)
                cases = {k: json.dumps(v).encode() for k, v in payloads(proj, env["HOME"]).items()}
                sides[side].first(env, cases["SessionStart"])
                homes[(n, side)] = (env, cases)
        env0 = homes[(sizes[0], "a")][0]
        names = case_names(a, env0["CLAUDE_PROJECT_DIR"], env0["HOME"])
        wall = {(n, c, s): [] for n in sizes for c in names for s in "ab"}
        cpu = {(n, c, s): [] for n in sizes for c in names for s in "ab"}
        srv = {(n, c, s): [] for n in sizes for c in names for s in "ab"}
        for r in range(runs + 1):  # the first round is a warm-up
            for n in sizes:
                for c in names:
                    for side in ("ab" if r % 2 else "ba"):
                        env, cases = homes[(n, side)]
                        dt, ms, sms, out, code = sides[side].run(env, cases[c])
                        if out.strip():
                            json.loads(out)
                        if code != 0:
                            raise SystemExit(f"{side} {c} at {n} files exited {code}")
                        if r:
                            wall[(n, c, side)].append(dt)
                            cpu[(n, c, side)].append(ms)
                            srv[(n, c, side)].append(sms)
        rows = []
        for n in sizes:
            for c in names:
                wa, wb = wall[(n, c, "a")], wall[(n, c, "b")]
                ca, cb = cpu[(n, c, "a")], cpu[(n, c, "b")]
                wr = sorted(y / x for x, y in zip(wa, wb))
                if a.client:
                    # The server's CPU comes in clock ticks: no per-pair ratio, the ratio of the means.
                    xa, xb = cpu_of(ca, srv[(n, c, "a")]), cpu_of(cb, srv[(n, c, "b")])
                    cr = [xb / xa] if xa > 0 else []
                else:
                    xa, xb = statistics.median(ca), statistics.median(cb)
                    cr = sorted(y / x for x, y in zip(ca, cb) if x > 0)
                rows.append({"files": n, "case": c, "a_p50_ms": statistics.median(wa),
                             "b_p50_ms": statistics.median(wb), "wall_ratio": statistics.median(wr),
                             "a_p90_ms": pct(wa, 90), "b_p90_ms": pct(wb, 90),
                             "cpu_a_p50_ms": xa, "cpu_b_p50_ms": xb,
                             "cpu_ratio": statistics.median(cr) if cr else float("nan")})
        base = {(r["case"], k): r[k] for r in rows if r["files"] == sizes[0]
                for k in ("a_p50_ms", "b_p50_ms", "cpu_a_p50_ms", "cpu_b_p50_ms")}
        for r in rows:
            for k in ("a_p50_ms", "b_p50_ms", "cpu_a_p50_ms", "cpu_b_p50_ms"):
                r[k + "_x_smallest"] = r[k] / base[(r["case"], k)] if base[(r["case"], k)] else float("nan")
        load = os.getloadavg()
        mode = "warm client + server" if a.client else "in-process"
        if a.json:
            print(json.dumps({"a": sides["a"].binary, "b": sides["b"].binary, "mode": mode,
                              "loadavg": load, "rows": rows}, indent=2))
            return
        print(f"A = {sides['a'].binary}, B = {sides['b'].binary} ({mode}); load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"{'case':40} {'files':>6} {'A p50':>8} {'B p50':>8} {'B/A wall':>9} {'A cpu':>7} {'B cpu':>7} {'B/A cpu':>8} {'A x10':>6} {'B x10':>6}")
        for r in sorted(rows, key=lambda r: (r["case"], r["files"])):
            print(f"{r['case']:40} {r['files']:>6} {r['a_p50_ms']:>8.2f} {r['b_p50_ms']:>8.2f} {r['wall_ratio']:>9.2f} "
                  f"{r['cpu_a_p50_ms']:>7.2f} {r['cpu_b_p50_ms']:>7.2f} {r['cpu_ratio']:>8.2f} "
                  f"{r['a_p50_ms_x_smallest']:>6.2f} {r['b_p50_ms_x_smallest']:>6.2f}")
        print("(ms per whole process; ratios are medians of per-pair ratios; CPU = user + sys from wait4, p50;"
              " with --client plus the server's mean per call, and B/A cpu is the ratio of those sums;"
              " xN: p50 wall over the smallest size's)")
    finally:
        for side in sides.values():
            side.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def server_cpu(a):
    """`--server-cpu N` (with --client): per binary, case and size, N calls of the case in a
    row through the client; the server's CPU per call is its /proc CPU time over the whole
    batch divided by N (clock ticks, so +-10 ms over the batch), the client's is its p50."""
    bins = [a.binary] + ([a.pair] if a.pair else [])
    sizes = [int(s) for s in a.sizes.split(",")]
    n_calls = a.server_cpu
    names = ["SessionStart", "PreToolUse-Bash cargo test (unknown)", "PreToolUse-Bash echo (known)"]
    tmp = tempfile.mkdtemp(prefix="hookward-guarded-")
    sides = {b: Side(b, True) for b in bins}
    try:
        homes = {}
        for b in bins:
            for n in sizes:
                env, proj = lay_out(os.path.join(tmp, f"{n}-{bins.index(b)}"), n)
                cases = {k: json.dumps(v).encode() for k, v in payloads(proj, env["HOME"]).items()}
                sides[b].first(env, cases["SessionStart"])
                homes[(b, n)] = (env, cases)
        load = os.getloadavg()
        print(f"server CPU per call over {n_calls} calls in a row; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"{'binary':36} {'case':38} {'files':>6} {'srv ms':>7} {'cli p50':>7} {'wall p50':>8}")
        for c in names:
            for b in bins:
                for n in sizes:
                    env, cases = homes[(b, n)]
                    srv = sides[b].servers.ensure(env)
                    for _ in range(3):  # the watches arm at the second quiet check
                        sides[b].run(env, cases[c])
                    time.sleep(0.3)
                    t0 = WarmServers.cpu_ms(srv)
                    own, walls = [], []
                    for _ in range(n_calls):
                        dt, ms, _, out, code = sides[b].run(env, cases[c])
                        if code != 0:
                            raise SystemExit(f"{c} at {n} files exited {code}")
                        own.append(ms)
                        walls.append(dt)
                    time.sleep(0.3)  # the last call's record, after its reply
                    per = (WarmServers.cpu_ms(srv) - t0) / n_calls
                    print(f"{b[-36:]:36} {c:38} {n:>6} {per:>7.2f} {statistics.median(own):>7.2f} {statistics.median(walls):>8.2f}")
    finally:
        for side in sides.values():
            side.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def changing(a):
    """`--changing N` (with --client): a change before every other call, the case a watcher
    cannot help: per round one line appended to a guarded rule file, then a PostToolUse of
    `cargo test` (effects unknown: the full check finds and records the change), then its
    PreToolUse (an unchanged tree). Per binary (A, and B with --pair, in turn): p50 and p90
    wall ms of both calls."""
    bins = [a.binary] + ([a.pair] if a.pair else [])
    n = max(int(s) for s in a.sizes.split(","))
    tmp = tempfile.mkdtemp(prefix="hookward-guarded-")
    sides = {b: Side(b, True) for b in bins}
    try:
        homes = {}
        for i, b in enumerate(bins):
            env, proj = lay_out(os.path.join(tmp, f"{n}-{i}"), n)
            p = payloads(proj, env["HOME"])
            post = dict(p["PreToolUse-Bash cargo test (unknown)"], hook_event_name="PostToolUse",
                        tool_response={"stdout": "", "stderr": "", "interrupted": False, "isImage": False})
            cases = {"start": json.dumps(p["SessionStart"]).encode(),
                     "pre": json.dumps(p["PreToolUse-Bash cargo test (unknown)"]).encode(),
                     "post": json.dumps(post).encode()}
            sides[b].first(env, cases["start"])
            target = (os.path.join(env["HOME"], "proj/.claude/rules/r7.md") if n > 10
                      else os.path.join(proj, "CLAUDE.md"))
            homes[b] = (env, cases, target)
        res = {b: ([], []) for b in bins}
        for r in range(a.changing + 2):  # two warm-up rounds
            for b in (bins if r % 2 else bins[::-1]):
                env, cases, target = homes[b]
                with open(target, "a") as f:
                    f.write(f"- rule line {r}\n")
                dt, _, _, _, code = sides[b].run(env, cases["post"])
                dt2, _, _, _, code2 = sides[b].run(env, cases["pre"])
                if code or code2:
                    raise SystemExit(f"{b}: exit {code} / {code2}")
                if r >= 2:
                    res[b][0].append(dt)
                    res[b][1].append(dt2)
        load = os.getloadavg()
        print(f"a change before every other call, {n} guarded files; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        for b in bins:
            post, pre = res[b]
            print(f"{b}: PostToolUse after a change p50 {statistics.median(post):.2f} p90 {pct(post, 90):.2f} ms; "
                  f"the PreToolUse after it p50 {statistics.median(pre):.2f} p90 {pct(pre, 90):.2f} ms")
    finally:
        for side in sides.values():
            side.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--sizes", default="10,1000,5000")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--pair", help="a second binary (B) run in turn with BINARY (A), each on its own homes")
    ap.add_argument("--client", action="store_true",
                    help="through the warm helper: hookward-hook next to each binary, a hook-server per home")
    ap.add_argument("--stop", action="store_true", help="also time Stop (a full check that stats every file)")
    ap.add_argument("--server-cpu", type=int, metavar="N",
                    help="with --client: the server's CPU per call over N calls of each case in a row")
    ap.add_argument("--changing", type=int, metavar="N",
                    help="with --client: N rounds of a change before every other call (largest size)")
    a = ap.parse_args()
    if a.server_cpu:
        return server_cpu(a)
    if a.changing:
        return changing(a)
    if a.pair:
        return paired(a)
    sizes = [10, 600] if a.smoke else [int(s) for s in a.sizes.split(",")]
    runs = 2 if a.smoke else a.runs
    side = Side(a.binary, a.client)
    tmp = tempfile.mkdtemp(prefix="hookward-guarded-")
    try:
        homes, firsts = {}, {}
        for n in sizes:
            env, proj = lay_out(os.path.join(tmp, str(n)), n)
            cases = {k: json.dumps(v).encode() for k, v in payloads(proj, env["HOME"]).items()}
            dt, _, out, code = side.first(env, cases["SessionStart"])
            firsts[n] = dt
            homes[n] = (env, cases)
        env0 = homes[sizes[0]][0]
        names = case_names(a, env0["CLAUDE_PROJECT_DIR"], env0["HOME"])
        times = {(n, c): [] for n in sizes for c in names}
        cpus = {(n, c): [] for n in sizes for c in names}
        srvs = {(n, c): [] for n in sizes for c in names}
        for r in range(runs + 1):  # the first round is a warm-up
            for n in sizes:
                env, cases = homes[n]
                for c in names:
                    dt, ms, sms, out, code = side.run(env, cases[c])
                    if out.strip():
                        json.loads(out)  # every reply is one JSON document
                    if code != 0:
                        raise SystemExit(f"{c} at {n} files exited {code}")
                    if r:
                        times[(n, c)].append(dt)
                        cpus[(n, c)].append(ms)
                        srvs[(n, c)].append(sms)
        rows = []
        for (n, c), ts in times.items():
            rows.append({"files": n, "case": c, "p50_ms": statistics.median(ts), "p90_ms": pct(ts, 90),
                         "cpu_p50_ms": cpu_of(cpus[(n, c)], srvs[(n, c)] if a.client else [])})
        base = {r["case"]: r for r in rows if r["files"] == sizes[0]}
        for r in rows:
            r["ratio_to_smallest"] = r["p50_ms"] / base[r["case"]]["p50_ms"]
            r["cpu_ratio_to_smallest"] = r["cpu_p50_ms"] / base[r["case"]]["cpu_p50_ms"] if base[r["case"]]["cpu_p50_ms"] else float("nan")
        load = os.getloadavg()
        if a.json:
            print(json.dumps({"first_session_start_ms": firsts, "client": a.client, "loadavg": load,
                              "rows": rows}, indent=2))
            return
        print(f"{'warm client + server' if a.client else 'in-process'}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"first SessionStart (baseline scan, in-process): " + ", ".join(f"{n} files {firsts[n]:.0f} ms" for n in sizes))
        print(f"{'case':40} {'files':>6} {'p50 ms':>8} {'p90 ms':>8} {'x smallest':>10} {'cpu p50':>8} {'cpu x':>6}")
        for r in sorted(rows, key=lambda r: (r["case"], r["files"])):
            print(f"{r['case']:40} {r['files']:>6} {r['p50_ms']:>8.2f} {r['p90_ms']:>8.2f} {r['ratio_to_smallest']:>10.2f} "
                  f"{r['cpu_p50_ms']:>8.2f} {r['cpu_ratio_to_smallest']:>6.2f}")
    finally:
        side.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
