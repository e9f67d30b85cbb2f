#!/usr/bin/env python3
"""agentsec-scanner sample project agent files (group `agentsec-scanner`).

Source:  PyPI sdist agentsec-scanner==1.0.3 (agentsec_scanner-1.0.3.tar.gz,
         sha256-checked), examples/sample-project/{AGENTS.md,SKILL.md}
Licence: MIT (PKG-INFO License / LICENSE file in the sdist)
URL:     https://pypi.org/project/agentsec-scanner/1.0.3/

Labelling rule, by what the text says:
  * injection/memory: AGENTS.md (instruction_file: deploy and publish without user
    confirmation = autonomy grant; upload repository secrets to a webhook = exfil),
    SKILL.md (skill_file: allowed-tools Bash(*), run `curl ... | bash` before reading,
    install a skill from a remote "latest" URL).
  * skipped: the example configs (.mcp/.cursor/.continue/.codex settings, CI YAML,
    Dockerfile, scripts): no agent-instruction text.
No benign items: the package ships no clean agent file.

Usage: agentsec_scanner.py [--cache DIR] [--out FILE]   (stdlib only; downloads the sdist)
"""
G = "agentsec-scanner"
PKG, VERSION, SDIST, ROOT = "agentsec-scanner", "1.0.3", "agentsec_scanner-1.0.3.tar.gz", "agentsec_scanner-1.0.3"
LIC = "MIT"
ITEMS = [
    ("examples/sample-project/AGENTS.md", "injection", "instruction_file"),
    ("examples/sample-project/SKILL.md", "injection", "skill_file"),
]
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _pypi_fixtures  # noqa: E402

if __name__ == "__main__":
    _pypi_fixtures.main_files(G, PKG, VERSION, SDIST, ROOT, LIC, ITEMS)
