"""Atomic Red Team: the Linux and macOS atomic tests (sh/bash executors), `#{args}` replaced by
their defaults; the whole `executor.command` is one tool call.

upstream: https://github.com/redcanaryco/atomic-red-team atomics/T*/T*.yaml. Licence: MIT.
labelling: `_label.label` on the command (category from the rule, the ATT&CK technique in the
id); tests it cannot decide (most discovery techniques) are skipped.
"""

import re

from _common import blob_url, danger_row, head, ls, show, yaml_load

SOURCE = "atomic-red-team"
REPO = "redcanaryco/atomic-red-team"
SIDE = "dangerous"


def rows():
    commit = head(REPO)
    for path in ls(REPO, "atomics"):
        if not re.match(r"atomics/T[0-9.]+/T[0-9.]+\.yaml$", path):
            continue
        try:
            doc = yaml_load(show(REPO, path)) or {}
        except Exception:
            continue
        for t in doc.get("atomic_tests") or []:
            if not isinstance(t, dict):
                continue
            plats = t.get("supported_platforms") or []
            if not any(p in ("linux", "macos") for p in plats):
                continue
            ex = t.get("executor") or {}
            if not isinstance(ex, dict) or ex.get("name") not in ("sh", "bash"):
                continue
            cmd = ex.get("command") or ""
            args = t.get("input_arguments") or {}
            for k, v in args.items() if isinstance(args, dict) else []:
                d = v.get("default") if isinstance(v, dict) else None
                if d is not None:
                    cmd = cmd.replace("#{%s}" % k, str(d))
            cmd = cmd.replace("PathToAtomicsFolder", "/tmp/atomics").strip()
            if "#{" in cmd or not cmd:
                continue
            r = danger_row(SOURCE, cmd, blob_url(REPO, commit, path))
            if r:
                r["technique"] = doc.get("attack_technique")
                yield r
