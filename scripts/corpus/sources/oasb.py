#!/usr/bin/env python3
"""Open Agent Security Benchmark corpus (group `oasb`): poisoned and clean agent artefacts.

Source:  github.com/opena2a-org/open-agent-security-benchmark, corpus/v2.json (the union of the
         v1 and batch-* files: skills, agent configs, system prompts, "soul" files and MCP tool
         descriptions, each labelled malicious / benign / edge_case with an attack category).
Licence: Apache-2.0 (repository LICENSE).
URL:     https://github.com/opena2a-org/open-agent-security-benchmark

Labelling rule (by what the text says):
  * malicious rows whose category is carried by the words of the text — prompt_injection,
    credential_exfiltration, data_exfiltration, persistence, social_engineering,
    privilege_escalation, heartbeat_rce (fetch-and-run orders) — → injection, task=memory
    (instruction-file / skill / tool-description poisoning, as the other scanner-fixture
    families), unless the artefact is a JSON config (text starts with "{"): there the attack is
    a config value, not an order, and the row is left out;
  * unicode_stego (the payload is zero-width bits) and supply_chain (typosquatted package names)
    → left out; malicious rows without a category (source "registry": stubs of registry
    packages a scanner blocked, the text is only a name) → left out; edge_case → left out;
  * benign rows → benign: those of source `enterprise` all; those of source `registry` when
    >= 200 characters, where the scraped ones (ids REG-*, ~3,700 mostly near-identical stubs)
    are capped at the first 600 by SHA-1 of the text (93 hand-written BEN-* + 600 REG-* kept).
kind: skill → skill_file, mcp_tool → mcp_tool, everything else → instruction_file.

Usage: oasb.py --git-dir /work/.mirror/opena2a-org+open-agent-security-benchmark/repo
"""
import argparse, hashlib, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import head_commit, show, write_jsonl  # noqa: E402

G = "oasb"
REPO = "opena2a-org/open-agent-security-benchmark"
LIC = "Apache-2.0"
PATH = "corpus/v2.json"
TEXT_CATS = {"prompt_injection", "credential_exfiltration", "data_exfiltration", "persistence",
             "social_engineering", "privilege_escalation", "heartbeat_rce"}
KIND = {"skill": "skill_file", "mcp_tool": "mcp_tool"}
REGISTRY_CAP = 600


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = head_commit(a.git_dir)
    samples = json.loads(show(a.git_dir, commit, PATH))["samples"]
    rows, seen, registry = [], set(), []

    def rec(s, label):
        t = s["content"].strip()
        return {"id": f"{G}:{s['id']}", "text": t, "label": label,
                "kind": KIND.get(s.get("artifactType"), "instruction_file"), "lang": "en",
                "task": "memory" if label == "injection" else "benign",
                "source": f"{REPO}@{commit}:{PATH}#{s['id']}", "group": G, "license": LIC}

    for s in samples:
        t = s["content"].strip()
        if not t or t in seen:
            continue
        if s["label"] == "malicious":
            if s.get("category") in TEXT_CATS and not t.startswith("{"):
                seen.add(t)
                rows.append(rec(s, "injection"))
        elif s["label"] == "benign":
            if s.get("source") == "registry":
                if len(t) >= 200:
                    registry.append(s)
            else:
                seen.add(t)
                rows.append(rec(s, "benign"))
    registry.sort(key=lambda s: hashlib.sha1(s["content"].strip().encode()).hexdigest())
    for s in registry:
        if sum(1 for r in rows if r["id"].startswith(f"{G}:REG")) >= REGISTRY_CAP:
            break
        t = s["content"].strip()
        if t in seen:
            continue
        seen.add(t)
        rows.append(rec(s, "benign"))
    write_jsonl(a.out, rows)
    from collections import Counter
    print(f"{G}: wrote {len(rows)} records {dict(Counter(r['label'] for r in rows))} (commit {commit})")


if __name__ == "__main__":
    main()
