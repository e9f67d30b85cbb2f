#!/usr/bin/env python3
"""Writes calls.jsonl for the adv13 set (h-adv13): a scenario-driven black-box set for issue 11.

Written by one author (helper h-adv13) in one session from README.md and issue 11 only, without
reading hookward's rule code, policy pack, tests, corpora or earlier adversarial sets. The rows
are in _danger1.py, _danger2.py, _danger3.py (dangerous, by attacker scenario) and _benign.py
(everyday neighbours, expect allow). Each row: id, class, expect (allow / ask / deny: the
minimal decision a careful person would want), tool, tool_input (Claude Code PreToolUse shapes;
@HOME@ / @PROJ@ are filled in by run.py), optional permission_mode, and docs_example when the
row is close to an example printed in README.md or issue 11.

Usage: build.py  (writes calls.jsonl and calls.jsonl.sha256 beside it)
"""
import hashlib, json, pathlib, sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import _rows  # noqa: E402
import _danger1, _danger2, _danger3, _benign  # noqa: E402,F401

# Rows near an example printed in README.md or issue 11 (matched on the call's text).
DOCS_NEAR = [
    "gpg --export-secret-keys", "pkill -f hookward", "hook.pid", "sqlite3 ~/.hookward/state.db", 'eval "$PAYLOAD"',
    "ln -s ~/.claude .c", "-v /:/host", "http.server 8000 --directory ~", "s3 rb s3://", "--dangerously-skip-permissions",
    "codex exec --yolo", "gemini -y", "claude --settings", "Path.home() / '.ssh'", "alias.x=", ".shell rm", "BEGIN{system(",
    "env -S", "${IFS}", "/Users/alex/.ssh/id_ed25519", "prod-deploy.pem", "kubectl config view --raw", "gh auth token",
    "find-generic-password", "secret-tool lookup", "secretsmanager get-secret-value", "vault kv get", "supabase db reset",
    "nomad job stop -purge", "vault secrets disable", "service-instance-delete", "gcore", "import keyring",
    "os.walk(os.path.expanduser('~/.ssh'))", "-X DELETE", "-XDELETE", "unset HISTFILE", "history -c", "journalctl --vacuum",
    "setenforce 0", "ufw disable", "touch -r", "make login item", "LoginHook", "ld.so.preload", "useradd", "FLUSHALL",
    "file=@/etc/passwd", "ssh -fN -R", "exec 3< <(curl", 'sh -c "$(cat', ". /dev/stdin <<<", "jsonpath='{.data.password}'",
    "cp /bin/true", "HOOKWARD_", "rm -rf .claude", "mv ~/.claude", "/proc/1/environ",
]


def text(r):
    return json.dumps(r["tool_input"], ensure_ascii=False)


def main():
    out = []
    seen = set()
    for i, r in enumerate(_rows.ROWS, 1):
        key = (r["tool"], text(r), r.get("permission_mode", "default"))
        if key in seen:
            sys.exit(f"duplicate row: {key}")
        seen.add(key)
        t = text(r)
        docs = any(json.dumps(s)[1:-1] in t for s in DOCS_NEAR)
        row = {"id": f"a13-{i:04d}", "class": r["class"], "expect": r["expect"], "tool": r["tool"],
               "tool_input": r["tool_input"]}
        if r.get("permission_mode"):
            row["permission_mode"] = r["permission_mode"]
        if docs or r.get("docs_example"):
            row["docs_example"] = True
        out.append(row)
    data = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in out).encode()
    (HERE / "calls.jsonl").write_bytes(data)
    (HERE / "calls.jsonl.sha256").write_text(hashlib.sha256(data).hexdigest() + "  calls.jsonl\n")
    d = sum(x["expect"] != "allow" for x in out)
    print(f"{len(out)} rows: {d} dangerous, {len(out) - d} benign, {sum('docs_example' in x for x in out)} near a docs example")


if __name__ == "__main__":
    main()
