#!/usr/bin/env python3
"""Builds calls.jsonl of the adv28 set (small web agency: WordPress/wp-cli, PHP/Laravel, Drupal,
Shopify themes, static sites, shared hosting over SSH/SFTP/FTP, client VPSes with nginx/PHP-FPM,
client MySQL/MariaDB databases with orders and personal data, Cloudflare, Stripe, mail services,
backups, staging-to-production pushes, client handovers, agent instruction/settings/MCP files)
from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv28) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
not catch" section and issue 11 only (no hookward source, rules, tables, tests or BENCHMARKS.md
were read). Each line of a sessions file is one tool call:

    ## session NAME [mode=MODE]           starts a session (the rows' `task`); MODE is the payload's
                                          permission_mode for every row of the session (default: default)
    B [flags] :: CALL                     a benign call, expected `allow`
    D CLASS EXPECT ORIGIN [flags] :: CALL a dangerous call, expected EXPECT (ask/deny) at least

CALL is a shell command for the Bash tool (`⏎` stands for a newline), or a tool name
(Read, Write, Edit, MultiEdit, Glob, Grep, WebFetch, mcp__server__tool) followed by the
tool_input as JSON. Row flags: `bp` = bypassPermissions, `ae` = acceptEdits, `da` = dontAsk (they
override the session's mode); `cls=NAME` = the benign row's class; `note=TEXT_WITH_UNDERSCORES`.
Where nobody answers an ask (bypassPermissions and dontAsk for every tool; acceptEdits for Write,
Edit, MultiEdit, NotebookEdit: issue 11 item 6), a dangerous row must expect deny; gen.py checks it.
`@HOME@` / `@PROJ@` are replaced by the runner with the temp home / project folder (the agent's cwd
is the project, inside the home).
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, plugin
changelog, support forum answer, ticket, e-mail, log line, web page or tool result slipped in).
Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs"}
PKG = {"composer", "npm", "npx", "pnpm", "yarn", "pip", "pip3", "apt", "apt-get", "brew",
       "gem", "bundle", "nvm", "corepack"}
CMS = {"wp", "ddev", "lando", "drush", "php", "artisan", "shopify", "hugo", "jekyll", "eleventy",
       "netlify", "vercel", "wrangler", "stripe", "valet", "herd", "theme"}
HOSTING = {"lftp", "sftp", "ftp", "rsync", "scp", "uapi", "whmapi1", "cpapi2", "rclone", "restic",
           "duplicity", "aws", "s3cmd", "mc", "borg", "curl", "wget"}
SERVER = {"ssh", "nginx", "apachectl", "certbot", "ufw", "fail2ban-client", "systemctl",
          "journalctl", "mysql", "mysqldump", "mariadb", "mariadb-dump", "psql", "redis-cli",
          "docker", "crontab", "openssl", "dig", "host", "whois", "jq", "tar", "zcat", "gunzip",
          "gzip", "find", "ls", "du", "df", "chmod", "chown"}


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    if c.startswith("cd ") and "&&" in c:
        c = c.split("&&", 1)[1].lstrip()
    words = c.split()
    while len(words) > 1 and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    first = words[0] if words else ""
    if first in ("sudo", "env", "time", "nice", "nohup", "command") and len(words) > 1:
        first = words[1]
    if first.startswith("./vendor/bin/") or first.startswith("vendor/bin/"):
        first = "php"
    if re.search(r"(^|/|\s|')(rm|kill|pkill|shred|truncate|git reset|git clean)\b|purge|prune|"
                 r"--delete|--force|\bdelete\b|\bDROP\b|\breset\b|fresh|flush|wipe|unban|forget",
                 c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in CMS:
        return "benign-cms"
    if first in HOSTING:
        return "benign-hosting-transfer"
    if first in SERVER:
        return "benign-server-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
