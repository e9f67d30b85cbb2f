#!/usr/bin/env python3
"""Writes the hand-made transcripts of `lessons_audit` tests (run from this folder).

The line shapes are Claude Code 2.x transcripts (`type` assistant/user, `message.content`
blocks `tool_use` / `tool_result`, `toolUseResult`, `isSidechain`, `agentId` in sub-agent files)
and Codex rollouts (`session_meta`, `turn_context`, `response_item` with `function_call`,
`custom_tool_call`, `function_call_output`), the same shapes the payloads captured in
shared/protocol/payloads and hookward-cost's fixtures show. Regenerate with
`python3 make_fixtures.py`; the files are committed.
"""
import json, os, uuid

def w(path, lines, tail=""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        for l in lines:
            f.write(json.dumps(l, separators=(",", ":")) + "\n")
        f.write(tail)

class Claude:
    def __init__(self, session, cwd, agent=None):
        self.s, self.cwd, self.agent, self.lines, self.n = session, cwd, agent, [], 0
    def base(self, typ, ts):
        self.n += 1
        d = {"parentUuid": None, "isSidechain": self.agent is not None, "userType": "external",
             "cwd": self.cwd, "sessionId": self.s, "version": "2.1.197", "gitBranch": "main"}
        if self.agent:
            d["agentId"] = self.agent
        d.update({"type": typ, "uuid": f"{self.s}-{self.agent or 'm'}-{self.n}", "timestamp": ts})
        return d
    def prompt(self, ts, text):
        d = self.base("user", ts); d["message"] = {"role": "user", "content": text}; self.lines.append(d)
    def call(self, ts, tid, name, inp, result, ok=True, structured=None):
        a = self.base("assistant", ts)
        a["message"] = {"id": f"msg_{tid}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
                        "content": [{"type": "tool_use", "id": tid, "name": name, "input": inp}],
                        "stop_reason": "tool_use",
                        "usage": {"input_tokens": 10, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 100, "output_tokens": 20}}
        a["requestId"] = f"req_{tid}"
        self.lines.append(a)
        u = self.base("user", ts)
        block = {"tool_use_id": tid, "type": "tool_result", "content": result}
        if not ok:
            block["is_error"] = True
        u["message"] = {"role": "user", "content": [block]}
        u["toolUseResult"] = structured if structured is not None else ("Error: " + result if not ok else result)
        self.lines.append(u)

def bash_ok(out):
    return {"stdout": out, "stderr": "", "interrupted": False, "isImage": False}

H = "/home/dev"
# --- Claude Code, project /home/dev/work/app -------------------------------------------------
s1 = Claude("5c1f0000-0000-4000-8000-000000000001", f"{H}/work/app")
s1.prompt("2026-12-01T09:00:00.000Z", "run the unit tests")
s1.call("2026-12-01T09:00:10.0Z", "toolu_01A", "Bash", {"command": "npm test", "description": "Run tests"},
        "Exit code 1\nnpm ERR! Missing script: \"test\"\nnpm ERR! \nnpm ERR! To see a list of scripts, run:\nnpm ERR!   npm run", ok=False)
s1.call("2026-12-01T09:00:20.0Z", "toolu_01B", "Read", {"file_path": f"{H}/work/app/package.json"},
        "     1\t{\"packageManager\": \"pnpm@9.12.0\"}",
        structured={"type": "text", "file": {"filePath": f"{H}/work/app/package.json", "content": "{\"packageManager\": \"pnpm@9.12.0\"}", "numLines": 1, "startLine": 1, "totalLines": 1}})
s1.call("2026-12-01T09:00:30.0Z", "toolu_01C", "Bash", {"command": "pnpm test", "description": "Run tests with pnpm"},
        "> app@1.0.0 test\n> vitest run\n\n Test Files  4 passed (4)", structured=bash_ok("> app@1.0.0 test\n> vitest run\n\n Test Files  4 passed (4)"))
s1.call("2026-12-01T09:01:00.0Z", "toolu_01D", "Bash", {"command": "ls dist", "description": "List build output"},
        "Exit code 2\nls: cannot access 'dist': No such file or directory", ok=False)
s1.call("2026-12-01T09:01:10.0Z", "toolu_01E", "Edit",
        {"file_path": f"{H}/work/app/src/index.ts", "old_string": "const port = 3000", "new_string": "const port = Number(process.env.PORT ?? 3000)"},
        "<tool_use_error>String to replace not found in file.\nString: const port = 3000</tool_use_error>", ok=False)
s1.call("2026-12-01T09:01:20.0Z", "toolu_01F", "Edit",
        {"file_path": f"{H}/work/app/src/index.ts", "old_string": "const port = 8080", "new_string": "const port = Number(process.env.PORT ?? 8080)"},
        "The file has been updated.", structured={"filePath": f"{H}/work/app/src/index.ts", "oldString": "const port = 8080", "newString": "const port = Number(process.env.PORT ?? 8080)", "userModified": False, "replaceAll": False})
w(f"home/.claude/projects/-home-dev-work-app/{s1.s}.jsonl", s1.lines)

# the next day, the same mistake; and a sub-agent that learns the Python one twice
s2 = Claude("5c1f0000-0000-4000-8000-000000000002", f"{H}/work/app")
s2.prompt("2026-12-02T14:00:00.000Z", "tests are red again, fix them")
s2.call("2026-12-02T14:00:10.0Z", "toolu_02A", "Bash", {"command": "npm test"},
        "Exit code 1\nnpm ERR! Missing script: \"test\"", ok=False)
s2.call("2026-12-02T14:00:20.0Z", "toolu_02B", "Bash", {"command": "pnpm test"}, "ok", structured=bash_ok(" Test Files  4 passed (4)"))
s2.call("2026-12-02T14:05:00.0Z", "toolu_02C", "Task", {"description": "fix python tool", "prompt": "make the python helper tests pass", "subagent_type": "general-purpose"},
        "done", structured={"status": "completed", "content": [{"type": "text", "text": "done"}]})
w(f"home/.claude/projects/-home-dev-work-app/{s2.s}.jsonl", s2.lines, tail='{"type":"assistant","message":{"content":[{"type":"tool_u')

sub = Claude(s2.s, f"{H}/work/app/tools", agent="a7f3c2")
sub.prompt("2026-12-02T14:01:00.000Z", "make the python helper tests pass")
sub.call("2026-12-02T14:01:10.0Z", "toolu_S1", "Bash", {"command": "pytest tests/"},
         "Exit code 4\nImportError while loading conftest '/home/dev/work/app/tools/tests/conftest.py'.\ntests/conftest.py:3: in <module>\n    import yaml\nE   ModuleNotFoundError: No module named 'yaml'", ok=False)
sub.call("2026-12-02T14:01:20.0Z", "toolu_S2", "Bash", {"command": "uv run pytest tests/"}, "ok", structured=bash_ok("===== 12 passed in 0.41s ====="))
sub.call("2026-12-02T14:03:10.0Z", "toolu_S3", "Bash", {"command": "pytest tests/ -k parse"},
         "Exit code 4\nImportError while loading conftest '/home/dev/work/app/tools/tests/conftest.py'.\nE   ModuleNotFoundError: No module named 'yaml'", ok=False)
sub.call("2026-12-02T14:03:20.0Z", "toolu_S4", "Bash", {"command": "cat pyproject.toml"}, "ok", structured=bash_ok("[project]\nname = \"tools\""))
sub.call("2026-12-02T14:03:30.0Z", "toolu_S5", "Bash", {"command": "uv run pytest tests/ -k parse"}, "ok", structured=bash_ok("===== 3 passed in 0.12s ====="))
w(f"home/.claude/projects/-home-dev-work-app/{s2.s}/subagents/agent-a7f3c2.jsonl", sub.lines)

# a resumed copy of session 1 (Claude Code rewrites the earlier lines into the new file)
w(f"home/.claude/projects/-home-dev-work-app/5c1f0000-0000-4000-8000-000000000003.jsonl", s1.lines[:4])

# --- Codex CLI, project /home/dev/work/api ------------------------------------------------------
def cx(ts, typ, payload):
    return {"timestamp": ts, "type": typ, "payload": payload}
sid = "019a0000-0000-7000-8000-00000000c0de"
r = [cx("2026-12-01T10:00:00.000Z", "session_meta", {"id": sid, "timestamp": "2026-12-01T10:00:00.000Z", "cwd": f"{H}/work/api", "originator": "codex_exec", "cli_version": "0.171.0"}),
     cx("2026-12-01T10:00:00.100Z", "turn_context", {"cwd": f"{H}/work/api", "approval_policy": "never", "model": "gpt-5.5"}),
     cx("2026-12-01T10:00:01.000Z", "response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "make the tests pass"}]}),
     cx("2026-12-01T10:00:05.000Z", "response_item", {"type": "function_call", "name": "shell_command", "arguments": json.dumps({"command": "cargo test", "workdir": f"{H}/work/api"}), "call_id": "call_c1"}),
     cx("2026-12-01T10:00:09.000Z", "response_item", {"type": "function_call_output", "call_id": "call_c1", "output": "Exit code: 101\nWall time: 3.2 seconds\nOutput:\n   Compiling api v0.1.0 (/home/dev/work/api)\nerror[E0433]: failed to resolve: use of undeclared crate or module `serde_json`\n --> src/lib.rs:4:5\n"}),
     cx("2026-12-01T10:00:12.000Z", "response_item", {"type": "custom_tool_call", "name": "apply_patch", "input": "*** Begin Patch\n*** Update File: Cargo.toml\n@@\n [dependencies]\n+serde_json = \"1\"\n*** End Patch\n", "call_id": "call_c2"}),
     cx("2026-12-01T10:00:12.500Z", "response_item", {"type": "custom_tool_call_output", "call_id": "call_c2", "output": "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM Cargo.toml\n"}),
     cx("2026-12-01T10:00:20.000Z", "response_item", {"type": "function_call", "name": "shell_command", "arguments": json.dumps({"command": "cargo test", "workdir": f"{H}/work/api"}), "call_id": "call_c3"}),
     cx("2026-12-01T10:00:31.000Z", "response_item", {"type": "function_call_output", "call_id": "call_c3", "output": "Exit code: 0\nWall time: 10.9 seconds\nOutput:\ntest result: ok. 7 passed; 0 failed\n"}),
     cx("2026-12-01T10:01:00.000Z", "response_item", {"type": "function_call", "name": "shell", "arguments": json.dumps({"command": ["bash", "-lc", "npm run lint"], "workdir": f"{H}/work/api/web"}), "call_id": "call_c4"}),
     cx("2026-12-01T10:01:01.000Z", "response_item", {"type": "function_call_output", "call_id": "call_c4", "output": json.dumps({"output": "> web@0.1.0 lint\n> eslint .\n\nsh: 1: eslint: not found\n", "metadata": {"exit_code": 127, "duration_seconds": 0.2}})}),
     cx("2026-12-01T10:01:05.000Z", "response_item", {"type": "function_call", "name": "exec_command", "arguments": json.dumps({"cmd": "npx eslint ."}), "call_id": "call_c5"}),
     cx("2026-12-01T10:01:09.000Z", "response_item", {"type": "function_call_output", "call_id": "call_c5", "output": "Chunk ID: 3f2a\nWall time: 3.9 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\n\n"}),
     cx("2026-12-01T10:01:30.000Z", "response_item", {"type": "function_call", "name": "exec_command", "arguments": json.dumps({"cmd": "git push"}), "call_id": "call_c6"}),
     cx("2026-12-01T10:01:32.000Z", "response_item", {"type": "function_call_output", "call_id": "call_c6", "output": "Chunk ID: 9c1d\nWall time: 1.2 seconds\nProcess exited with code 128\nOriginal token count: 40\nOutput:\nfatal: The current branch feature/x has no upstream branch.\n"}),
     cx("2026-12-01T10:01:40.000Z", "response_item", {"type": "function_call", "name": "exec_command", "arguments": json.dumps({"cmd": "git push -u origin feature/x"}), "call_id": "call_c7"})]
w(f"home/.codex/sessions/2026/12/01/rollout-2026-12-01T10-00-00-{sid}.jsonl", r)
