#!/usr/bin/env python3
"""ai-skill-audit example skill and role files (group `ai-skill-audit`).

Source:  PyPI sdist ai-skill-audit==0.10.4 (ai_skill_audit-0.10.4.tar.gz, sha256-checked),
         examples/{malicious-skill,evil-deploy,clean-skill,clean-role}.md
Licence: MIT (PKG-INFO License-Expression / LICENSE file in the sdist)
URL:     https://pypi.org/project/ai-skill-audit/0.10.4/

Labelling rule, by what the text says:
  * injection/memory, skill_file: malicious-skill.md (hidden <IMPORTANT> block: read
    ~/.aws/credentials and ~/.ssh/id_rsa into the reply, curl them out, "ignore all
    previous instructions"), evil-deploy.md (steps that cat SSH/AWS keys, post .env to a
    webhook, open a reverse shell, add an authorized_keys backdoor, run a miner).
  * benign: clean-skill.md (skill_file), clean-role.md (a role/agent prompt,
    instruction_file).
  * skipped: remote-audits.md (scanner output report), mcp.json.
Both malicious files open with an "<!-- EXAMPLE FILE: This is a FAKE malicious
skill ... -->" disclosure; that leading comment is removed (a real poisoned file would
not announce itself), the rest is verbatim.

Usage: ai_skill_audit.py [--cache DIR] [--out FILE]   (stdlib only; downloads the sdist)
"""
G = "ai-skill-audit"
PKG, VERSION, SDIST, ROOT = "ai-skill-audit", "0.10.4", "ai_skill_audit-0.10.4.tar.gz", "ai_skill_audit-0.10.4"
LIC = "MIT"
ITEMS = [
    ("examples/malicious-skill.md", "injection", "skill_file"),
    ("examples/evil-deploy.md", "injection", "skill_file"),
    ("examples/clean-skill.md", "benign", "skill_file"),
    ("examples/clean-role.md", "benign", "instruction_file"),
]
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _pypi_fixtures  # noqa: E402

if __name__ == "__main__":
    _pypi_fixtures.main_files(G, PKG, VERSION, SDIST, ROOT, LIC, ITEMS)
