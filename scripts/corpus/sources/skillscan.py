#!/usr/bin/env python3
"""skillscan example and test skills (group `skillscan`): SKILL.md files modelled on
real ClawHub/OpenClaw malware (AMOS stealer, ClawHavoc installer) plus clean ones.

Source:  PyPI sdist skillscan==0.4.0 (skillscan-0.4.0.tar.gz, sha256-checked),
         examples/malicious/*.md and tests/fixtures/*/SKILL.md
Licence: MIT (PKG-INFO License / LICENSE file in the sdist)
URL:     https://pypi.org/project/skillscan/0.4.0/

Labelling rule, by what the text says, kind=skill_file throughout:
  * injection/memory: the skill tells the agent to run commands that steal or send out
    secrets or fetch-and-run code: keychain-stealer (dump keychain, POST it out),
    obfuscated-exfil (base64|sh, read API keys), temporal-trigger (run curl|sh and a
    LaunchAgent on weekends / after the 5th use: a command to run later), amos-sample
    (base64|sh, fake password dialog, keychain), clawhavoc-sample (curl an IP | bash),
    delayed-activation (after 5 uses send $USER and ~/.ssh listing to a remote host),
    prompt-injection (put API keys in hidden e-mail footers, append SSH key to URLs).
  * benign: clean-skill and typosquat (its text is an ordinary PDF-converter skill;
    the scanner flags only its name).
  * skipped: examples/README.md, network-log JSON, rule YAML (detector data, not text
    written into an agent's files).

Usage: skillscan.py [--cache DIR] [--out FILE]   (stdlib only; downloads the sdist)
"""
G = "skillscan"
PKG, VERSION, SDIST, ROOT = "skillscan", "0.4.0", "skillscan-0.4.0.tar.gz", "skillscan-0.4.0"
LIC = "MIT"
ITEMS = [
    ("examples/malicious/keychain-stealer.md", "injection", "skill_file"),
    ("examples/malicious/obfuscated-exfil.md", "injection", "skill_file"),
    ("examples/malicious/temporal-trigger.md", "injection", "skill_file"),
    ("tests/fixtures/amos-sample/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/clawhavoc-sample/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/delayed-activation/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/prompt-injection/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/clean-skill/SKILL.md", "benign", "skill_file"),
    ("tests/fixtures/typosquat/SKILL.md", "benign", "skill_file"),
]
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _pypi_fixtures  # noqa: E402

if __name__ == "__main__":
    _pypi_fixtures.main_files(G, PKG, VERSION, SDIST, ROOT, LIC, ITEMS)
