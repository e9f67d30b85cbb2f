#!/usr/bin/env python3
"""Builds calls.jsonl of the adv46 set (network engineers and a small-office / homelab
infrastructure admin: Cisco/Juniper/Arista gear driven by Ansible, netmiko, napalm and Nornir;
pfSense/OPNsense, nftables/iptables; Proxmox VE, TrueNAS and ZFS; Unifi; WireGuard and Tailscale;
BIND/Unbound/Pi-hole, DHCP; SNMP and LibreNMS; tcpdump/tshark; nmap of their own ranges;
acme.sh/certbot; Oxidized/RANCID config backups in git; serial consoles; the netops repository's
agent files) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv42's adv42/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv46) in one sitting on 2026-12-07/08, from hookward's README overview, its "What hookward
does not catch" section and issue 11 only (no hookward source, rules, tables, tests, BENCHMARKS.md
or earlier sets' sessions were read). Each line of a sessions file is one tool call:

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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, vendor KB page,
forum post, ticket, e-mail, syslog line, alert text, device description, NetBox field, MCP tool
result or web page slipped in). Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes (the author's own, simple split). A line run on a remote host through
# `ssh [opts] user@host 'CMD'` is classed `benign-remote-ssh`; local lines by their first program.
VCS = {"git", "gh"}
PKG = {"apt", "apt-get", "dpkg", "pip", "pipx", "uv", "brew", "ansible-galaxy", "npm", "cargo",
       "python3 -m pip"}
AUTOMATION = {"ansible", "ansible-playbook", "ansible-inventory", "ansible-lint", "ansible-doc",
              "ansible-vault", "napalm", "nornir", ".venv/bin/python", ".venv/bin/pytest", "pytest",
              "netbox", "pynetbox", "batfish", "yamllint", "j2lint", "make", "tox"}
NETDIAG = {"dig", "host", "nslookup", "drill", "ping", "ping6", "traceroute", "mtr", "tracepath",
           "nmap", "snmpwalk", "snmpget", "snmpbulkwalk", "snmptranslate", "tcpdump", "tshark",
           "capinfos", "editcap", "mergecap", "iperf3", "ip", "ss", "arp", "arping", "whois",
           "nc", "openssl", "curl", "wget", "fping", "ipcalc", "sipcalc", "named-checkzone",
           "named-checkconf", "rndc", "kea-dhcp4", "keactrl", "unbound-checkconf", "wg", "wg-quick",
           "tailscale", "nft", "iptables-save", "minicom", "picocom", "screen", "socat", "kdig",
           "certbot", "acme.sh", "step", "lnms", "docker", "docker-compose", "systemctl",
           "journalctl", "zpool", "zfs", "midclt", "unifi-os"}
OPS = {"ssh", "scp", "rsync", "jq", "yq", "xmllint", "column", "sha256sum", "ssh-keygen",
       "ssh-keyscan", "ssh-copy-id", "python3", "chmod", "tar", "gzip", "awk", "sed", "sort",
       "diff", "shellcheck", "install", "cp", "mv", "mkdir", "touch", "ln"}


def first_word(c):
    words = c.split()
    while len(words) > 1 and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    first = words[0] if words else ""
    if first in ("sudo", "env", "time", "nice", "nohup", "command", "timeout") and len(words) > 1:
        first = words[1]
    return first


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    first = first_word(c)
    line1 = c.split("\n")[0]
    if re.search(r"(^|/|\s|[;{(\"'])(rm|kill|killall|pkill|shred|git clean|destroy|delete|"
                 r"flush|shutdown|reload|reboot|prune|revoke|no vlan|clear)\b|--delete|--force|--purge|"
                 r"wipe|\sdown\b", line1):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first == "ssh" and not re.search(r"\s-[LRD]\s", line1):
        return "benign-remote-ssh"
    if first in AUTOMATION or first.startswith(".venv/"):
        return "benign-automation"
    if first in NETDIAG:
        return "benign-net-tools"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
