#!/usr/bin/env python3
"""Where a warm request's work goes in `hookward hook-server` (issue 15), counted, not timed.

Usage: scripts/server_phases.py BIN [--runs N] [--warmup N] [--cases WORD,...] [--top N]

For each case (the homes and payloads of `bench_hook.py`), one `BIN hook-server` runs under
`valgrind --tool=callgrind` in that case's hookward home; the script sends it `--warmup`
requests (the client's wire format, `crates/hookward/src/warm_proto.rs`, spoken from Python:
under valgrind the server's /proc/PID/exe is valgrind's, which the real client refuses), then
zeroes the counters (`callgrind_control -z`), sends `--runs` more and dumps
(`callgrind_control -d`). Printed per case: the server's instructions (Ir) per request in
all, and per phase the inclusive Ir per request of the function that runs it (threads
summed; a phase whose function was inlined away shows `-`). The phases are the steps of
`hookward_pipeline::HookRun::main` and the server's own work around them.

Nothing outside the temporary homes is touched; nothing is timed against a threshold.
"""
import argparse, os, re, shutil, socket, struct, subprocess, sys, tempfile, time, types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_hook  # noqa: E402

# (phase, regex on callgrind_annotate's demangled function name); the first function that
# matches is the phase's.
PHASES = [
    ("connection thread (all of one call)", r"hookward::hook_server::serve_one\b"),
    ("pipeline (run_hook_served)", r"hookward_pipeline::run_hook_served"),
    ("request decode", r"hookward::warm_proto::Request::read_from(::<.*>)?"),
    ("HookEnv from the request", r"hookward_pipeline::HookEnv::from_parts"),
    ("active.json read (HookRun::new)", r"hookward_pipeline::HookRun::new\b"),
    ("payload parse + adapter", r"hookward_pipeline::HookRun::parse\b"),
    ("config load", r"hookward_pipeline::load_config_from\b"),
    ("  config resolve (TOML parse)", r"hookward_config::Config::resolve\b"),
    ("decide (facts + policy)", r"hookward_pipeline::decide\b"),
    ("  facts (worker thread)", r"hookward_facts::compute_with_cap\b"),
    ("  thread start", r"std::thread::Builder::spawn_unchecked.*"),
    ("  policy load", r"hookward_policy::Policy::from_sources\b"),
    ("    policy cache key (BLAKE3)", r"hookward_policy::cache_key\b"),
    ("    user policy files read", r"hookward_policy::user_sources\b"),
    ("  policy input document", r"hookward_pipeline::policy_input\b"),
    ("  policy eval", r"hookward_policy::Policy::evaluate\b"),
    ("context guard", r"hookward_context::hook::run\b"),
    ("store open (first call only)", r"hookward_store::Store::open\b"),
    ("lessons deliver", r"hookward_pipeline::lessons::deliver\b"),
    ("lessons learn", r"hookward_pipeline::lessons::learn\b"),
    ("render", r"hookward_pipeline::render\b"),
    ("record step (journal, reply, learn, record)", r"hookward_pipeline::HookRun::record"),
    ("journal write", r"hookward_pipeline::journal::write\b"),
    ("reply write", r"hookward::warm_proto::Reply::write_to(::<.*>)?"),
    ("record (SQLite)", r"hookward_pipeline::record\b"),
    ("  decision insert", r"hookward_store::Store::record_decision\b"),
    ("  health insert", r"hookward_store::Store::record_health\b"),
    ("store back to the pool", r"hookward_store::lazy::pool::put\b"),
]


def version(repo):
    with open(os.path.join(repo, "Cargo.toml")) as f:
        m = re.search(r'^\[workspace\.package\][^\[]*?^version\s*=\s*"([^"]+)"', f.read(), re.M | re.S)
    # the suffix of `warm_proto::VERSION`, read from the source so the two cannot drift
    with open(os.path.join(repo, "crates", "hookward", "src", "warm_proto.rs")) as f:
        suffix = re.search(r'CARGO_PKG_VERSION"\), "([^"]+)"', f.read()).group(1)
    return m.group(1) + suffix


def b(x):
    return x if isinstance(x, bytes) else x.encode()


def put_bytes(x):
    x = b(x)
    return struct.pack("<I", len(x)) + x


def put_opt(x):
    return b"\0" if x is None else b"\1" + put_bytes(x)


def put_pairs(pairs):
    return struct.pack("<I", len(pairs)) + b"".join(put_bytes(k) + put_bytes(v) for k, v in pairs)


def encode(ver, env, payload):
    project = [(k, v) for k, v in env.items() if k in ("CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR",
                                                        "CURSOR_PROJECT_DIR", "HOOKWARD_PROJECT_DIR")]
    hw = [(k, v) for k, v in env.items() if k.startswith("HOOKWARD_")]
    body = (put_bytes(ver) + put_bytes("claude-code") + put_opt(os.getcwd()) + put_opt(env["HOME"])
            + put_pairs(project) + put_pairs(hw) + struct.pack("<I", 0) + put_opt(None) + put_bytes(payload))
    return b"HWQ1" + struct.pack("<Q", len(body)) + body


def ask(sock_path, req):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(120)
    s.connect(sock_path)
    s.sendall(req)
    s.shutdown(socket.SHUT_WR)
    out = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        out += chunk
    s.close()
    if out[:4] == b"HWS1":  # the server's hello (`warm_proto::HELLO`), written before the reply
        out = out[4:]
    if out[:4] != b"HWR1" or out[4] != 0:
        raise RuntimeError(f"the server did not answer: {out[:16]!r}")
    return out


def annotate(path):
    p = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                       capture_output=True, text=True)
    rows = []
    for line in p.stdout.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?(.*)$", line)
        if m and ":" in m.group(2):
            rows.append((int(m.group(1).replace(",", "")), m.group(2)))
    total = 0
    m = re.search(r"^\s*([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?PROGRAM TOTALS", p.stdout, re.M)
    if m:
        total = int(m.group(1).replace(",", ""))
    return total, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--cases", default="PreToolUse-Bash,PreToolUse-Write,UserPromptSubmit,SessionStart,20 KB")
    ap.add_argument("--top", type=int, default=0, help="also print the N costliest functions per case")
    ap.add_argument("--keep", help="copy each case's callgrind dump into this folder (for callgrind_annotate)")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--payloads", default=os.path.join(here, "..", "..", "shared", "protocol", "payloads", "claude"))
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    ver = version(os.path.join(here, ".."))
    tmp = tempfile.mkdtemp(prefix="hookward-phases-")
    try:
        opts = types.SimpleNamespace(config=None, payloads=a.payloads, binary=binary, lessons=0,
                                     budget=False, cases=a.cases)
        _env, cases, _home = bench_hook.build(opts, os.path.join(tmp, "b"), 0)
        la = os.getloadavg()
        print(f"{binary}; {a.runs} requests per case after {a.warmup}; load average {la[0]:.2f}")
        for label, argv, data, env in cases:
            if argv[0] != binary:
                continue
            hw = env["HOOKWARD_HOME"]
            sock = os.path.join(hw, "run", "hook.sock")
            out = os.path.join(tmp, "cg.out")
            for f in os.listdir(tmp):
                if f.startswith("cg.out"):
                    os.remove(os.path.join(tmp, f))
            if os.path.exists(sock):
                os.remove(sock)  # the previous case's server, ended by SIGTERM, left it
            srv = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                                    binary, "hook-server"], env=env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            try:
                for _ in range(3000):
                    if os.path.exists(sock):
                        break
                    time.sleep(0.02)
                req = encode(ver, env, data)
                for _ in range(a.warmup):
                    ask(sock, req)
                subprocess.run(["callgrind_control", "-z", str(srv.pid)], capture_output=True)
                for _ in range(a.runs):
                    ask(sock, req)
                time.sleep(0.5)  # the last call's record, after its reply
                subprocess.run(["callgrind_control", "-d", str(srv.pid)], capture_output=True)
            finally:
                srv.terminate()
                try:
                    srv.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    srv.kill()
            dumps = sorted((f for f in os.listdir(tmp) if f.startswith("cg.out") and f != "cg.out"),
                           key=lambda f: os.path.getmtime(os.path.join(tmp, f)))
            if not dumps:
                print(f"{label}: no callgrind dump")
                continue
            total, rows = annotate(os.path.join(tmp, dumps[0]))
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
                shutil.copy(os.path.join(tmp, dumps[0]),
                            os.path.join(a.keep, "cg." + re.sub(r"[^A-Za-z0-9_.-]+", "_", label)))
            print(f"\n{label}: {total / a.runs:,.0f} Ir per request (the whole server, every thread)")
            print(f"| phase | Ir per request | function |\n| --- | --- | --- |")
            def name(fn):
                fn = fn.split(":", 1)[1] if fn.startswith("???:") else fn
                return re.sub(r" \[[^\]]*\]$", "", fn)
            for phase, pat in PHASES:
                hit = next(((ir, name(fn)) for ir, fn in rows
                            if re.fullmatch(pat.replace("\\b", ""), name(fn))), None)
                if hit:
                    print(f"| {phase} | {hit[0] / a.runs:,.0f} | `{hit[1][:70]}` |")
                else:
                    print(f"| {phase} | - | |")
            if a.top:
                print(f"costliest functions (inclusive Ir per request):")
                for ir, fn in rows[:a.top]:
                    print(f"  {ir / a.runs:12,.0f}  {fn[:110]}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
