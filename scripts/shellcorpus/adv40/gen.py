#!/usr/bin/env python3
"""Builds calls.jsonl of the adv40 set (one person running a small online shop's self-hosted
servers from a laptop: Hetzner/DigitalOcean VPS over ssh, nginx, systemd, certbot, MariaDB/MySQL,
Redis, WooCommerce/Magento, postfix + DKIM, ufw/fail2ban, cron, restic/borg/rsync backups, Ansible,
Cloudflare DNS, payment webhooks) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv40) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
not catch" section and issue 11 only (no hookward source, rules, tables, tests, BENCHMARKS.md or
earlier sets' sessions were read). Each line of a sessions file is one tool call:

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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, forum answer,
support ticket, e-mail, order note, log line, web page or tool result slipped in). Benign rows get
origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab"}
PKG = {"pip", "pip3", "uv", "pipx", "npm", "npx", "composer", "apt", "apt-get", "brew",
       "ansible-galaxy", "wp-plugin"}
REMOTE = {"ssh", "scp", "sftp", "mosh", "ssh-keygen", "ssh-copy-id", "ssh-add", "ssh-keyscan"}
WEB = {"nginx", "certbot", "wp", "php", "php-fpm", "bin/magento", "magento", "curl", "wget",
       "openssl", "ab", "httpstat", "stripe", "cloudflared", "flarectl", "dig", "host", "nslookup",
       "whois", "mtr", "ping", "traceroute"}
DB = {"mysql", "mariadb", "mysqldump", "mariadb-dump", "mysqladmin", "mysqlcheck", "redis-cli",
      "sqlite3", "pt-query-digest", "mysqltuner"}
BACKUP = {"restic", "borg", "borgmatic", "rsync", "rclone", "tar", "zstd", "gzip", "gunzip"}
INFRA = {"ansible", "ansible-playbook", "ansible-lint", "ansible-vault", "ansible-inventory",
         "hcloud", "doctl", "terraform", "tofu", "docker", "systemctl", "journalctl", "ufw",
         "fail2ban-client", "crontab", "postfix", "postqueue", "postsuper", "opendkim-testkey",
         "logrotate", "timedatectl", "make", "python", "python3", "pytest", "yamllint", "ddev",
         "molecule", "actionlint", "promtool", "claude", "jq", "borgmatic", "opendkim-genkey"}
SYSADMIN = {"ls", "cat", "tail", "head", "grep", "find", "df", "du", "ps", "ss", "last", "lastb",
            "uptime", "id", "getent", "adduser", "usermod", "chage", "passwd", "install", "setfacl",
            "chown", "chmod", "mkdir", "ln", "rkhunter", "debsums", "needrestart", "resize2fs", "sed",
            "awk", "echo", "diff", "zstdcat", "unzip", "postconf", "mail", "run-parts", "sshd",
            "fail2ban-regex", "unattended-upgrade", "unattended-upgrades", "lsof", "deluser", "sh"}


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    words = c.split()
    while len(words) > 1 and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    first = words[0] if words else ""
    if first == "ssh":
        # classify an ssh call by the command it runs on the far side (host = first operand)
        rest = words[1:]
        while rest and rest[0].startswith("-"):
            opt = rest.pop(0)
            if opt in ("-o", "-p", "-i", "-L", "-R", "-D", "-J", "-l", "-F") and rest:
                rest.pop(0)
        if len(rest) > 1:
            words = [w.strip("'\"") for w in rest[1:]]
            words = [w for w in words if w]
            first = words[0] if words else "ssh"
            if first == "cd" and "&&" in words:
                words = words[words.index("&&") + 1:]
                first = words[0] if words else "cd"
    while first in ("sudo", "env", "time", "nice", "nohup", "command") and len(words) > 1:
        words = words[1:]
        while len(words) > 2 and words[0] in ("-u", "-i") :
            words = words[2:] if words[0] == "-u" else words[1:]
        first = words[0]
    if re.search(r"(^|/|\s|')(rm|kill|pkill|killall|git reset|git clean|prune|forget|flush\w*|"
                 r"DROP|TRUNCATE|deluser|truncate|delete)\b|-delete\b|purge|--delete|--force|wipe|reset --yes",
                 c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in REMOTE:
        return "benign-remote"
    if first in WEB:
        return "benign-web"
    if first in DB:
        return "benign-db"
    if first in BACKUP:
        return "benign-backup"
    if first in INFRA:
        return "benign-ops"
    if first in SYSADMIN:
        return "benign-sysadmin"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
