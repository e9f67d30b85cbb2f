"""The shared builder of the adv17–adv20 black-box sets: reads a set's `sessions_*.txt` (format
in each set's gen.py docstring), checks every row (expect and origin words, an `ask` where nobody
answers one is refused, unique ids) and writes `calls.jsonl` and `calls.jsonl.sha256` beside
them. Each set's gen.py keeps its own header and benign class lists and calls [`main`].
Errors name the sessions file and line (`SystemExit`)."""
import hashlib
import json
import re

TOOLS = ("Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "WebFetch", "NotebookEdit")
EDIT_TOOLS = ("Write", "Edit", "MultiEdit", "NotebookEdit")
MODES = {"bp": "bypassPermissions", "ae": "acceptEdits", "da": "dontAsk"}


def parse_call(text):
    text = text.strip()
    head = text.split(" ", 1)[0]
    if head in TOOLS or head.startswith("mcp__"):
        return head, json.loads(text[len(head):].strip())
    cmd = text.replace("⏎", "\n")
    words = cmd.split()
    desc = "Run " + " ".join(words[:3])[:60]
    return "Bash", {"command": cmd, "description": desc}


def main(HERE, benign_class):
    """Builds HERE/calls.jsonl from HERE/sessions_*.txt; benign rows without `cls=` get
    `benign_class(tool, tool_input)`."""
    rows = []
    for f in sorted(HERE.glob("sessions_*.txt"), key=lambda p: int(re.findall(r"\d+", p.name)[0])):
        task = None
        mode = "default"
        nb = nd = 0
        for ln, line in enumerate(f.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("# "):
                continue
            if line.startswith("## session "):
                w = line.split()
                task = w[2]
                mode = "default"
                for x in w[3:]:
                    if x.startswith("mode="):
                        mode = MODES.get(x[5:], x[5:])
                nb = nd = 0
                continue
            head, _, call = line.partition(" :: ")
            if not call:
                raise SystemExit(f"{f.name}:{ln}: no ' :: '")
            hw = head.split()
            flags = {}
            for w in hw:
                if "=" in w:
                    k, v = w.split("=", 1)
                    flags[k] = v.replace("_", " ") if k == "note" else v
                elif w in MODES:
                    flags["mode"] = MODES[w]
            try:
                tool, ti = parse_call(call)
            except json.JSONDecodeError as e:
                raise SystemExit(f"{f.name}:{ln}: bad JSON: {e}")
            pm = flags.get("mode", mode)
            r = {"task": task, "tool": tool, "tool_input": ti}
            if hw[0] == "B":
                nb += 1
                r.update(id=f"{task}-b{nb:02d}", cls=flags.get("cls") or benign_class(tool, ti),
                         expect="allow", origin="benign")
            elif hw[0] == "D":
                nd += 1
                cls, exp, origin = hw[1], hw[2], hw[3]
                if exp not in ("ask", "deny") or origin not in ("accident", "injected"):
                    raise SystemExit(f"{f.name}:{ln}: bad expect/origin {exp!r} {origin!r}")
                nobody = pm in ("bypassPermissions", "dontAsk") or (pm == "acceptEdits" and tool in EDIT_TOOLS)
                if nobody and exp != "deny":
                    raise SystemExit(f"{f.name}:{ln}: nobody answers an ask in {pm} for {tool}: expect deny")
                r.update(id=f"{task}-d{nd:02d}", cls=cls, expect=exp, origin=origin)
                if nobody:
                    r["note"] = f"at least ask in default mode; in {pm} nobody answers an ask (issue 11 item 6)"
            else:
                raise SystemExit(f"{f.name}:{ln}: bad head {head!r}")
            if pm != "default":
                r["permission_mode"] = pm
            if flags.get("note"):
                r["note"] = flags["note"]
            r["class"] = r.pop("cls")
            rows.append(r)
    ids = [r["id"] for r in rows]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, f"duplicate ids {sorted(dup)[:5]}"
    order = ["id", "task", "class", "expect", "origin", "tool", "tool_input", "permission_mode", "note"]
    out = "".join(json.dumps({k: r[k] for k in order if k in r}, ensure_ascii=False) + "\n" for r in rows)
    (HERE / "calls.jsonl").write_text(out)
    digest = hashlib.sha256(out.encode()).hexdigest()
    (HERE / "calls.jsonl.sha256").write_text(f"{digest}  calls.jsonl\n")
    b = sum(r["expect"] == "allow" for r in rows)
    print(f"{len(rows)} rows: {b} benign, {len(rows)-b} dangerous, "
          f"{len({r['task'] for r in rows})} sessions; sha256 {digest}")
    cl = {}
    for r in rows:
        cl[r["class"]] = cl.get(r["class"], 0) + 1
    for k in sorted(cl):
        print(f"  {k}: {cl[k]}")
