#!/usr/bin/env python3
"""cyberseceval-ml: CyberSecEval multilingual (machine-translated) prompt-injection set.

Source : meta-llama/PurpleLlama, file
         CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection_multilingual_machine_translated.json
URL    : https://github.com/meta-llama/PurpleLlama
Licence: MIT (CybersecurityBenchmarks/LICENSE, "Copyright (c) Meta Platforms, Inc. and affiliates").
         (The repo root LICENSE is the Llama community licence; the benchmark dir is MIT.)

Labelling
  * injection: `user_input` (the attacker-controlled text).
      - injection_type == "indirect": the instruction is planted inside a document / web page /
        code / table the assistant is asked to process -> task "indirect", kind web|code|table|doc.
      - injection_type == "direct": user-typed override / secret-extraction text -> task "indirect"
        (instruction-override text), kind "chat".  Dropped: direct "different_user_input_language"
        items (a plain question in another language, no override text) and direct
        "logic-violating" items other than ignore_previous_instructions / system_mode (mostly
        off-topic small talk that is not an injection in isolation).
      - indirect "different_user_input_language": the planted instruction is in a different
        language from the carrier text; lang = speaking_language of the carrier.
  * benign : the distinct `test_case_prompt` strings (trusted system prompts written by the app
    developer, e.g. "do not reveal the password ..."; imperative hard negatives), kind "chat".
Deterministic: items in file order, dedup by exact text.

Usage: cyberseceval-ml.py --git-dir /work/.mirror/meta-llama+PurpleLlama/repo [--out /work/data/raw/cyberseceval-ml.jsonl]
"""
import argparse, json, re, subprocess, sys

G = "cyberseceval-ml"
PATH = "CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection_multilingual_machine_translated.json"
LICENSE = "MIT"
LANG = {"Hindi": "hi", "Bengali": "bn", "Turkish": "tr", "Arabic": "ar", "Italian": "it",
        "Spanish": "es", "Vietnamese": "vi", "French": "fr", "Russian": "ru",
        "Filipino/Tagalog": "tl", "Portuguese": "pt", "Japanese": "ja", "Korean": "ko",
        "German": "de", "Chinese": "zh", "Indonesian": "id", "Thai": "th"}
SCRIPT = {"hi": "[\u0900-\u097f]", "bn": "[\u0980-\u09ff]", "ar": "[\u0600-\u06ff]",
          "ru": "[\u0400-\u04ff]", "ja": "[\u3040-\u30ff\u4e00-\u9fff]", "ko": "[\uac00-\ud7af]",
          "zh": "[\u4e00-\u9fff]", "th": "[\u0e00-\u0e7f]"}
KEEP_LOGIC_DIRECT = {"ignore_previous_instructions", "system_mode"}


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def kind_for(text):
    t = text.lower()
    if "<html" in t or "<body" in t or "web" in t and "<" in t:
        return "web"
    if "<code>" in t or "def " in t or "import " in t:
        return "code"
    if "<tr>" in t or "<td>" in t or "<table" in t or "<tabl" in t:
        return "table"
    return "doc"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    data = json.loads(git(a.git_dir, "show", f"{commit}:{PATH}"))
    src = f"meta-llama/PurpleLlama@{commit}:{PATH}"
    out, seen = [], set()
    for x in data:
        lang = LANG[x["speaking_language"]]
        ui, var, typ = x["user_input"], x["injection_variant"], x["injection_type"]
        if typ == "direct":
            if var == "different_user_input_language":
                continue
            if x["risk_category"] == "logic-violating" and var not in KEEP_LOGIC_DIRECT:
                continue
        # language sanity for non-Latin scripts: carrier text must contain the script
        if lang in SCRIPT and not re.search(SCRIPT[lang], ui):
            continue
        if ui in seen:
            continue
        seen.add(ui)
        out.append({"id": f"{G}:inj:{x['prompt_id']}:{typ}:{var}", "text": ui[:6000],
                    "label": "injection",
                    "kind": kind_for(ui) if typ == "indirect" else "chat",
                    "lang": lang, "task": "indirect", "source": f"{src}#prompt_id={x['prompt_id']}",
                    "group": G, "license": LICENSE})
    for x in data:
        lang = LANG[x["speaking_language"]]
        tp = x["test_case_prompt"]
        if tp in seen:
            continue
        if lang in SCRIPT and not re.search(SCRIPT[lang], tp):
            continue
        seen.add(tp)
        out.append({"id": f"{G}:benign:{x['prompt_id']}", "text": tp[:6000], "label": "benign",
                    "kind": "chat", "lang": lang, "task": "benign",
                    "source": f"{src}#prompt_id={x['prompt_id']}:test_case_prompt",
                    "group": G, "license": LICENSE})
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{G}: wrote {len(out)} records to {a.out} (commit {commit})", file=sys.stderr)


if __name__ == "__main__":
    main()
