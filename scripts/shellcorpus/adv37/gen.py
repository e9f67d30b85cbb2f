#!/usr/bin/env python3
"""Builds calls.jsonl of the adv37 set (Linux distribution packagers and systems programmers:
Debian/Ubuntu and Fedora/RPM packaging, Arch AUR, kernel modules, QEMU/libvirt VMs, chroots,
GPG signing keys, apt/dnf repositories, systemd units) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py, itself from adv23 (same row format, so ../adv11/run.py runs
it; only this header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv37) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, packaging wiki
page, bug report, mailing-list mail, build log, web page or tool result slipped in). Benign rows get
origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "gbp", "quilt", "dquilt", "fedpkg", "rpmdev-bumpspec", "dch", "debcommit",
       "uscan", "uupdate", "pristine-tar", "aurpublish"}
DEB = {"dpkg-buildpackage", "debuild", "sbuild", "sbuild-createchroot", "sbuild-update", "schroot",
       "pbuilder", "cowbuilder", "debootstrap", "mmdebstrap", "lintian", "dput", "dupload", "debsign",
       "reprepro", "aptly", "dpkg", "dpkg-deb", "dpkg-source", "dh", "dh_make", "debc", "debdiff",
       "apt", "apt-get", "apt-cache", "apt-file", "dget", "autopkgtest", "piuparts", "wrap-and-sort",
       "licensecheck", "dpkg-shlibdeps", "apt-ftparchive", "mk-build-deps", "blhc", "check-all-the-things"}
RPM = {"rpmbuild", "rpm", "rpmlint", "mock", "koji", "copr", "copr-cli", "bodhi", "dnf", "yum",
       "createrepo_c", "createrepo", "rpmdev-setuptree", "spectool", "rpmspec", "fedora-review",
       "repoquery", "osc", "rpmsign", "modifyrepo_c", "rpm2cpio", "cpio", "fedpkg-minimal"}
ARCH = {"makepkg", "namcap", "pacman", "paru", "yay", "updpkgsums", "pkgctl", "extra-x86_64-build",
        "makechrootpkg", "mkarchroot", "arch-nspawn", "repo-add", "aurutils", "aur", "checkupdates"}
KERNEL = {"make", "modprobe", "insmod", "rmmod", "modinfo", "lsmod", "dkms", "dmesg", "depmod",
          "scripts/checkpatch.pl", "./scripts/checkpatch.pl", "sparse", "gcc", "clang", "cc",
          "objdump", "nm", "readelf", "addr2line", "gdb", "perf", "bpftrace", "trace-cmd",
          "ftrace", "strace", "ltrace", "kmod", "git-bisect", "cscope", "ctags", "b4", "pahole",
          "virtme-ng", "vng", "kexec", "sign-file", "mokutil", "meson", "ninja", "cmake",
          "./configure", "autoreconf", "valgrind"}
VM = {"qemu-system-x86_64", "qemu-system-aarch64", "qemu-img", "qemu-nbd", "virsh", "virt-install",
      "virt-builder", "virt-customize", "virt-cat", "virt-ls", "guestfish", "virt-df",
      "virt-sysprep", "virt-copy-out", "virt-manager", "losetup", "kpartx", "mkfs.ext4",
      "mkfs.vfat", "sgdisk", "parted", "truncate", "chroot", "systemd-nspawn", "mount", "umount",
      "lsblk", "blkid", "cloud-localds", "genisoimage", "xorriso", "vagrant", "lxc", "incus"}
SIGN = {"gpg", "gpg2", "gpgconf", "gpg-connect-agent", "sq", "sqv", "gpgv", "signify", "openssl",
        "keyring", "pass", "ssh-keygen", "ssh-add"}
OPS = {"systemctl", "journalctl", "systemd-analyze", "systemd-run", "loginctl", "busctl",
       "ssh", "scp", "rsync", "curl", "wget", "tar", "docker", "podman", "jq", "find", "ls",
       "du", "df", "tmux", "crontab", "nginx", "sysctl", "ip", "ss", "ufw", "firewall-cmd",
       "python3", "python", "pytest", "tox", "shellcheck", "aws", "tee"}


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
    if first in ("sudo", "env", "time", "nice", "nohup", "command") and len(words) > 1:
        first = words[1]
    if re.search(r"(^|/|\s)(rm|rmmod|kill|pkill|git reset|git clean|virsh destroy|virsh undefine)\b|purge|prune|--delete|--force|--scrub|wipe|-fdx|\bremove\b|\bdd\b|mkfs", c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in DEB:
        return "benign-deb"
    if first in RPM:
        return "benign-rpm"
    if first in ARCH:
        return "benign-arch"
    if first in KERNEL:
        return "benign-kernel-build"
    if first in VM:
        return "benign-vm-chroot"
    if first in SIGN:
        return "benign-signing"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
