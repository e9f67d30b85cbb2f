#!/usr/bin/env python3
"""Records the cost fixtures (issue 21): the files the pinned agent CLIs write when the e2e fake
models serve known token counts.

Usage: python3 scripts/record_cost_fixtures.py [claude|codex|gemini ...]   (default: all three)

For each agent, in a fresh temporary folder (`mktemp -d`; HOME is its `home/`, the session runs in
its `proj/`), it starts the e2e fake model server (e2e/fake/fake_*.py, 127.0.0.1, port 0) with a
script whose `"usage"` map gives every reply a chosen usage (`USAGE` below), runs the pinned CLI
(e2e/lib/clis.sh: the npm cache of the e2e suite) headless with one prompt — the model asks for
one shell command, then answers; Claude Code's model also starts a sub-agent (Agent tool), which
runs one shell command of its own — stops the server by its PID, and copies what the CLI wrote:

  Claude Code  home/.claude/projects/**           Codex  home/.codex/sessions/**
  Gemini CLI   home/.gemini/tmp/**  (<project>/.project_root, <project>/chats/session-*.jsonl)

into crates/hookward-cost/tests/data/recorded/<agent>/home/…, with the temporary folder's path
replaced by /tmp/rec (in file contents and names; Claude's dashed project folder name too), and
`served.json`: what the fake served, one entry per model reply in order (reply kind, the reply's
message/response id, the requested model, the usage object exactly as sent). Nothing there is
secret: the API keys are the word `dummy`. The real ~/.claude, ~/.codex, ~/.gemini are never
read or written. No hookward is installed: the files are the CLIs' own.

RECORD_KEEP=1 keeps the temporary folder (requests.jsonl: every request the fake got).
crates/hookward-cost/tests/recorded.rs asserts that the index reads exactly these figures.
Needs: python3, node + npm (or the e2e cache already filled), git.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
E2E = os.path.join(ROOT, "e2e")
OUT = os.path.join(ROOT, "crates", "hookward-cost", "tests", "data", "recorded")
PROMPT = "Print the word cost-fixture with the shell, then say done."
CMD = "echo cost-fixture"
SYS_PATH = "/usr/local/bin:/usr/bin:/bin"

# Every reply's usage, by reply kind (fake server's `reply_kind`): the first model request
# (answered with the shell call), the final answer after the tool result, and side calls
# (Claude Code's and Gemini CLI's small helper requests without the main tool set).
USAGE = {
    "claude": {
        "step0": {"input_tokens": 1203, "cache_creation_input_tokens": 3000,
                  "cache_creation": {"ephemeral_5m_input_tokens": 1000, "ephemeral_1h_input_tokens": 2000},
                  "cache_read_input_tokens": 40001, "output_tokens": 311},
        "final": {"input_tokens": 7, "cache_creation_input_tokens": 450,
                  "cache_creation": {"ephemeral_5m_input_tokens": 450, "ephemeral_1h_input_tokens": 0},
                  "cache_read_input_tokens": 43005, "output_tokens": 97},
        "step1": {"input_tokens": 5, "cache_creation_input_tokens": 120, "cache_read_input_tokens": 43100,
                  "output_tokens": 141},
        "side": {"input_tokens": 81, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                 "output_tokens": 13},
        # the sub-agent's own requests (its transcript is <session>/subagents/agent-*.jsonl)
        "SUBAGENT-COST-FIXTURE:step0": {"input_tokens": 2001, "cache_creation_input_tokens": 0,
                                        "cache_read_input_tokens": 9000, "output_tokens": 57},
        "SUBAGENT-COST-FIXTURE:final": {"input_tokens": 3, "cache_creation_input_tokens": 700,
                                        "cache_read_input_tokens": 11000, "output_tokens": 23},
    },
    "codex": {
        "step0": {"input_tokens": 5003, "input_tokens_details": {"cached_tokens": 3001}, "output_tokens": 401,
                  "output_tokens_details": {"reasoning_tokens": 121}, "total_tokens": 5404},
        "final": {"input_tokens": 5609, "input_tokens_details": {"cached_tokens": 4807}, "output_tokens": 61,
                  "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 5670},
    },
    "gemini": {
        "step0": {"promptTokenCount": 3005, "cachedContentTokenCount": 1001, "candidatesTokenCount": 203,
                  "thoughtsTokenCount": 51, "toolUsePromptTokenCount": 17, "totalTokenCount": 3276},
        "final": {"promptTokenCount": 3311, "cachedContentTokenCount": 2999, "candidatesTokenCount": 29,
                  "thoughtsTokenCount": 0, "totalTokenCount": 3340},
        "side": {"promptTokenCount": 91, "candidatesTokenCount": 11, "totalTokenCount": 102},
    },
}

MODEL = {"claude": "claude-sonnet-4-5-20250929", "codex": "gpt-5-codex", "gemini": "gemini-2.5-pro"}


def steps(agent):
    if agent == "claude":
        return [[{"type": "text", "text": "Running it."},
                 {"type": "tool_use", "name": "Bash", "input": {"command": CMD, "description": "cost fixture"}}],
                [{"type": "tool_use", "name": "Agent",
                  "input": {"description": "Echo sub fixture", "subagent_type": "general-purpose",
                            "prompt": "SUBAGENT-COST-FIXTURE: print sub-fixture with the shell."}}]]
    if agent == "codex":
        return [[{"type": "function_call", "name": "exec_command", "arguments": {"cmd": CMD}}]]
    return [[{"functionCall": {"name": "run_shell_command", "args": {"command": CMD, "description": "cost fixture"}}}]]


def cli_path(agent):
    """The pinned CLI's binary, installed into the e2e cache when missing (e2e/lib/clis.sh)."""
    out = subprocess.run(["bash", "-c", 'source "$1" && ensure_cli "$2"', "clis", os.path.join(E2E, "lib", "clis.sh"),
                          agent], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit("record: cannot install the %s CLI: %s" % (agent, out.stderr.strip()))
    return out.stdout.strip().splitlines()[-1]


def start_server(kind, tmp):
    portfile = os.path.join(tmp, "port")
    srv = subprocess.Popen([sys.executable, os.path.join(E2E, "fake", "fake_%s.py" % kind), "--port", "0",
                            "--script", os.path.join(tmp, "script.json"), "--log", os.path.join(tmp, "requests.jsonl"),
                            "--portfile", portfile],
                           stdout=open(os.path.join(tmp, "server.out"), "w"), stderr=subprocess.STDOUT,
                           env=dict(os.environ, SCENARIO_CWD=os.path.join(tmp, "proj")))
    for _ in range(200):
        if os.path.exists(portfile) and open(portfile).read().strip():
            return srv, int(open(portfile).read())
        time.sleep(0.05)
    srv.kill()
    srv.wait()
    sys.exit("record: the fake %s server did not start" % kind)


def prepare(agent, home, port):
    if agent == "codex":
        os.makedirs(os.path.join(home, ".codex"))
        with open(os.path.join(home, ".codex", "config.toml"), "w") as f:
            f.write('model = "%s"\nmodel_provider = "fake"\napproval_policy = "never"\n'
                    'sandbox_mode = "danger-full-access"\ncheck_for_update_on_startup = false\n\n'
                    '[model_providers.fake]\nname = "Fake"\nbase_url = "http://127.0.0.1:%d/v1"\n'
                    'env_key = "OPENAI_API_KEY"\nwire_api = "responses"\nrequest_max_retries = 0\n'
                    'stream_max_retries = 0\n\n[analytics]\nenabled = false\n' % (MODEL["codex"], port))
    if agent == "gemini":
        os.makedirs(os.path.join(home, ".gemini"))
        with open(os.path.join(home, ".gemini", "settings.json"), "w") as f:
            json.dump({"security": {"folderTrust": {"enabled": False}, "auth": {"selectedType": "gemini-api-key"}},
                       "privacy": {"usageStatisticsEnabled": False}, "telemetry": {"enabled": False},
                       "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False}}, f, indent=2)


def command(agent, cli, home, port):
    base = ["env", "-i", "PATH=" + SYS_PATH, "HOME=" + home, "TERM=dumb", "LANG=C.UTF-8"]
    if agent == "claude":
        return base + ["IS_SANDBOX=1", "ANTHROPIC_BASE_URL=http://127.0.0.1:%d" % port, "ANTHROPIC_API_KEY=dummy",
                       "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1",
                       "DISABLE_ERROR_REPORTING=1", "timeout", "180", cli, "-p", PROMPT, "--model", MODEL["claude"],
                       "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions"]
    if agent == "codex":
        return base + ["OPENAI_API_KEY=dummy", "timeout", "180", cli, "exec", "--skip-git-repo-check", "--json", PROMPT]
    return base + ["GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:%d" % port, "GEMINI_API_KEY=dummy",
                   "GEMINI_CLI_NO_RELAUNCH=true", "timeout", "180", cli, "-p", PROMPT, "-m", MODEL["gemini"],
                   "--output-format", "stream-json", "--yolo"]


def kept_files(agent, home):
    pat = {"claude": ".claude/projects/**/*", "codex": ".codex/sessions/**/*", "gemini": ".gemini/tmp/**/*"}[agent]
    return sorted(p for p in glob.glob(os.path.join(home, pat), recursive=True, include_hidden=True)
                  if os.path.isfile(p))


def record(agent):
    cli = cli_path(agent)
    tmp = tempfile.mkdtemp(prefix="hookward-cost-rec.")
    try:
        home, proj = os.path.join(tmp, "home"), os.path.join(tmp, "proj")
        os.makedirs(home)
        os.makedirs(proj)
        subprocess.run(["git", "init", "-q", proj], check=True)
        with open(os.path.join(tmp, "script.json"), "w") as f:
            script = {"steps": steps(agent), "final_text": "done", "usage": USAGE[agent]}
            if agent == "claude":  # the sub-agent's conversation (fake_anthropic.py branches)
                script["branches"] = [{"match": "SUBAGENT-COST-FIXTURE", "final_text": "sub done", "steps": [
                    [{"type": "tool_use", "name": "Bash", "input": {"command": "echo sub-fixture",
                                                                 "description": "sub fixture"}}]]}]
            json.dump(script, f)
        srv, port = start_server({"claude": "anthropic", "codex": "openai", "gemini": "gemini"}[agent], tmp)
        try:
            prepare(agent, home, port)
            run = subprocess.run(command(agent, cli, home, port), cwd=proj, capture_output=True, text=True,
                                 stdin=subprocess.DEVNULL, check=False)
        finally:
            srv.kill()
            srv.wait()
        if run.returncode != 0:
            sys.exit("record: %s exited %d: %s" % (agent, run.returncode, (run.stderr or run.stdout)[-2000:]))
        served = []
        for line in open(os.path.join(tmp, "requests.jsonl")):
            r = json.loads(line)
            if "usage" in r:
                # Gemini names the model in the path: /v1beta/models/<model>:streamGenerateContent
                m = re.search(r"/models/([^/:?]+):", r["path"])
                model = (r.get("body") or {}).get("model") or (m.group(1) if m else None)
                served.append({"kind": r["reply_kind"], "reply_id": r["reply_id"],
                               "request_id": r.get("request_id"), "model": model, "usage": r["usage"]})
        dest = os.path.join(OUT, agent)
        if os.path.isdir(dest):
            shutil.rmtree(dest)
        dashed = re.sub(r"[^A-Za-z0-9]", "-", tmp)
        files = kept_files(agent, home)
        if not files:
            sys.exit("record: %s wrote no files under its home" % agent)
        for p in files:
            rel = os.path.relpath(p, tmp).replace(dashed, "-tmp-rec")
            text = open(p, encoding="utf-8").read().replace(tmp, "/tmp/rec").replace(dashed, "-tmp-rec")
            os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
            with open(os.path.join(dest, rel), "w", encoding="utf-8") as f:
                f.write(text)
            print("  %s/%s (%d bytes)" % (agent, rel, len(text)))
        with open(os.path.join(dest, "served.json"), "w") as f:
            json.dump(served, f, indent=1)
            f.write("\n")
        print("%s: %d replies served, %d files kept" % (agent, len(served), len(files)))
    finally:
        if os.environ.get("RECORD_KEEP"):
            print("record: kept %s" % tmp)
        else:
            shutil.rmtree(tmp)


def main():
    agents = sys.argv[1:] or ["claude", "codex", "gemini"]
    for a in agents:
        if a not in USAGE:
            sys.exit("usage: record_cost_fixtures.py [claude|codex|gemini ...]")
        record(a)


if __name__ == "__main__":
    main()
