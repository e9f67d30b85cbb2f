#!/usr/bin/env python3
"""codex_trust.py CODEX_HOME : append Codex hook-trust entries for every handler in CODEX_HOME/hooks.json
to CODEX_HOME/config.toml, unless config.toml already has trust entries (`[hooks.state.`).

TODO(issue #6): remove once `hookward install codex --apply` writes the trust entries itself; the
suite prints a NOTE whenever this fallback is used. Formula (REPORT.md §2, verified on Codex 0.171.0):
key "<abs hooks.json>:<event_snake>:<group idx>:<handler idx>", trusted_hash = "sha256:" + sha256 of
compact sorted-key JSON {"event_name", "hooks": [{"async": false, "command", "timeout", "type"}],
"matcher"?} with Codex's defaults (timeout 600 s, SessionEnd 1 s).
"""
import hashlib
import json
import os
import sys


def snake(ev):
    return "".join("_" + c.lower() if c.isupper() else c for c in ev).lstrip("_")


def main():
    home = sys.argv[1]
    cfg = os.path.join(home, "config.toml")
    text = open(cfg).read() if os.path.exists(cfg) else ""
    if "[hooks.state." in text:
        print("present")
        return 0
    hooks_path = os.path.join(home, "hooks.json")
    hooks = json.load(open(hooks_path)).get("hooks", {})
    out = []
    for ev, groups in hooks.items():
        for gi, g in enumerate(groups):
            for hi, h in enumerate(g.get("hooks", [])):
                hh = {"async": bool(h.get("async", False)), "command": h["command"], "type": h.get("type", "command"),
                      "timeout": h.get("timeout", 1 if ev == "SessionEnd" else 600)}
                ident = {"event_name": snake(ev), "hooks": [hh]}
                if "matcher" in g:
                    ident["matcher"] = g["matcher"]
                digest = hashlib.sha256(json.dumps(ident, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
                key = "%s:%s:%d:%d" % (hooks_path, snake(ev), gi, hi)
                out.append('[hooks.state."%s"]\ntrusted_hash = "sha256:%s"\n' % (key, digest))
    with open(cfg, "a") as f:
        f.write("\n# written by hookward e2e (TODO: hookward install codex should do this)\n" + "\n".join(out))
    print("appended %d" % len(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
