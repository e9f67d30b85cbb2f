#!/usr/bin/env python3
"""Rebuild hookward's source-disjoint injection corpus (issue 10).

Each source has its own extractor in scripts/corpus/sources/ (stdlib-only Python; the docstring of
each names the upstream, its licence, the commit or package version and the labelling rule).
Registry sources (PyPI, Debian) are downloaded by the extractor itself; GitHub sources are read from
bare git mirrors (`--mirrors DIR`, one `DIR/<owner>+<repo>/repo` per repository, as the session's
`fetch` tool lays them out). Nothing here runs code from a source.

    python3 scripts/corpus/build.py --mirrors /work/.mirror --out /work/data/raw
    python3 scripts/corpus/authored/generate.py          # the project's own written examples

Then train and evaluate (scripts/train_model.sh). The built corpus is not committed: most of it
comes from repositories whose data we may use but not redistribute here; the small committed
fixture is crates/hookward-train/tests/data/.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# script → [(option, owner/repo)]; an empty list means the script downloads from a registry.
SOURCES = {
    "bipia.py": [("--git-dir", "microsoft/BIPIA")],
    "injecagent.py": [("--git-dir", "enkryptai/xInjectAgent")],
    "sep.py": [("--git-dir", "egozverev/Should-It-Be-Executed-Or-Processed")],
    "purplellama.py": [("--git-dir", "meta-llama/PurpleLlama")],
    "cyberseceval-ml.py": [("--git-dir", "meta-llama/PurpleLlama")],
    "tensortrust.py": [("--git-dir", "HumanCompatibleAI/tensor-trust-data")],
    "wasp.py": [("--git-dir", "facebookresearch/wasp")],
    "llmail.py": [("--git-dir", "priyaradhakrishnan0/llmail-inject-challenge-1")],
    "promptmap.py": [("--git-dir", "utkusen/promptmap")],
    "xsafety.py": [("--git-dir", "Jarviswang94/Multilingual_safety_benchmark")],
    "multijail.py": [("--git-dir", "DAMO-NLP-SG/multilingual-safety-for-LLMs")],
    "tldr-l10n.py": [("--git-dir", "tldr-pages/tldr")],
    "ciu-readme-l10n.py": [("--git-dir", "jwasham/coding-interview-university")],
    "taocl-readme-l10n.py": [("--git-dir", "jlevy/the-art-of-command-line")],
    "deb-manpages-l10n.py": [],
    "deb-handbook-l10n.py": [],
    "deb-install-guide-l10n.py": [],
    "poisonedrag.py": [("--git-dir", "sleeepeer/PoisonedRAG")],
    "amemguard_bench.py": [("--git-dir", "cky332/AMemGuard")],
    "aws_memory_poisoning.py": [("--git-dir", "aws-samples/sample-agent-memory-poisoning-defense")],
    "cisco_skill_scanner.py": [("--git-dir", "cisco-ai-defense/skill-scanner")],
    "mcp_injection_experiments.py": [("--git-dir", "johannhartmann/mcp-injection-experiments")],
    "memory_poisoning_labs.py": [
        ("--hindsight-git-dir", "mindisolutions/hindsight-memory-poison"),
        ("--laura-git-dir", "LauraVerghote/memory-poisoning"),
    ],
    "awesome_cursorrules.py": [("--git-dir", "PatrickJS/awesome-cursorrules")],
    "anthropics_skills.py": [("--git-dir", "anthropics/skills")],
    "wshobson_agents.py": [("--git-dir", "wshobson/agents")],
    "owasp_llm_top10.py": [("--git-dir", "OWASP/www-project-top-10-for-large-language-model-applications")],
    "agentscanner.py": [],
    "skillscan.py": [],
    "ai_skill_audit.py": [],
    "agentsec_scanner.py": [],
    "skill_scanner_pypi.py": [],
    "agentseal.py": [],
    # added 2026-12-04 (branch h-corpus): new families, each its own LOSO group
    "notinject.py": [("--git-dir", "leolee99/InjecGuard")],
    "wildguard_benign.py": [("--git-dir", "leolee99/InjecGuard")],
    "oasb.py": [("--git-dir", "opena2a-org/open-agent-security-benchmark")],
    "email_grpo.py": [("--git-dir", "CatarinaSeigward/Email-Agent-Prompt-Injection-and-GRPO-Defense")],
    "greshake_llm_security.py": [("--git-dir", "greshake/llm-security")],
    "prompt_injection_zoo.py": [("--git-dir", "danzaio/prompt-injection-zoo")],
    "awesome_chatgpt_prompts_zh.py": [("--git-dir", "PlexPt/awesome-chatgpt-prompts-zh")],
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirrors", required=True, help="folder of <owner>+<repo>/repo bare git mirrors")
    ap.add_argument("--out", default="/work/data/raw", help="where the <group>.jsonl files go")
    ap.add_argument("--only", action="append", default=[], help="run only this script (repeatable)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    failed = []
    for script, repos in SOURCES.items():
        if a.only and script not in a.only:
            continue
        cmd = [sys.executable, os.path.join(HERE, "sources", script)]
        missing = False
        for opt, repo in repos:
            d = os.path.join(a.mirrors, repo.replace("/", "+"), "repo")
            if not os.path.isdir(d):
                print(f"skip {script}: no mirror of {repo} at {d}", file=sys.stderr)
                missing = True
            cmd += [opt, d]
        if missing:
            failed.append(script)
            continue
        group = script[:-3].replace("_", "-")
        cmd += ["--out", os.path.join(a.out, f"{group}.jsonl")]
        print("+", " ".join(cmd), file=sys.stderr)
        if subprocess.run(cmd).returncode != 0:
            failed.append(script)
    # agent instruction files from many repositories: the argument list is kept beside this file
    args_file = os.path.join(HERE, "agent_files_github.args")
    if (not a.only or "agent_files_github.py" in a.only) and os.path.exists(args_file):
        extra = open(args_file).read().split()
        extra = [x.replace("/work/.mirror", a.mirrors) for x in extra]
        cmd = [sys.executable, os.path.join(HERE, "sources", "agent_files_github.py"), *extra,
               "--out", os.path.join(a.out, "agent-files-github.jsonl")]
        if subprocess.run(cmd).returncode != 0:
            failed.append("agent_files_github.py")
    if failed:
        print("not rebuilt: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
