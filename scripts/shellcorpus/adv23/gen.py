#!/usr/bin/env python3
"""Builds calls.jsonl of the adv23 set (embedded / IoT hardware product company: firmware, device
fleets, manufacturing and test) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv20's adv20/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv23) in one sitting on 2026-12-07, from hookward's README overview and issue 11 only (no
hookward source, rules, tables, tests, BENCHMARKS.md or earlier sets' sessions were read). Each
line of a sessions file is one tool call:

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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, datasheet note,
issue, log line, web page or tool result slipped in). Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs", "repo"}
PKG = {"pip", "pip3", "uv", "pipx", "cargo", "rustup", "conan", "vcpkg", "apt", "apt-get", "brew",
       "npm", "npx", "pio", "platformio", "west", "idf.py", "arduino-cli", "nix", "opkg"}
BUILD = {"make", "cmake", "ninja", "meson", "bitbake", "python", "python3", "pytest", "ctest", "gcc",
         "arm-none-eabi-gcc", "arm-none-eabi-size", "arm-none-eabi-objdump", "arm-none-eabi-gdb",
         "gdb-multiarch", "clang-format", "clang-tidy", "cppcheck", "ruff", "mypy", "verilator",
         "yosys", "nextpnr-ice40", "iverilog", "vivado", "quartus_sh", "sphinx-build", "doxygen",
         "renode", "bitbake", "bitbake-layers", "syft", "grype", "cve-bin-tool", "reuse",
         "scancode", "hadolint", "trivy", "gitleaks", "actionlint", "act", "cosign", "imgtool",
         "espsecure.py", "mender-artifact", "nextpnr-ice40", "icepack", "cantools", "qemu-system-arm", "qemu-system-aarch64", "cargo-embed", "tox", "./build.sh"}
HW = {"openocd", "probe-rs", "pyocd", "JLinkExe", "nrfjprog", "esptool.py", "esptool", "espefuse.py",
      "dfu-util", "st-flash", "STM32_Programmer_CLI", "picotool", "minicom", "picocom", "screen",
      "avrdude", "teensy_loader_cli", "candump", "cansend", "ip", "lsusb", "dmesg", "udevadm",
      "sigrok-cli", "mcumgr", "imgtool", "bmaptool", "lsblk", "fw_printenv", "hexdump", "xxd",
      "srec_cat", "objcopy", "nmcli", "i2cdetect", "i2cget", "i2cset", "gpioget", "gpioset", "uuu",
      "iceprog", "flashrom", "JLinkRTTLogger", "candump", "canplayer", "isotpsend", "isotprecv",
      "usbrelay", "pkcs11-tool", "softhsm2-util", "STM32_Programmer_CLI", "idf.py"}
IOT = {"mosquitto_pub", "mosquitto_sub", "mqttx", "aws", "balena", "mender-cli", "hawkbit",
       "particle", "mender-cli", "emqx", "vault", "az", "gcloud", "kubectl", "helm", "terraform", "docker", "podman", "influx"}
OPS = {"ssh", "scp", "rsync", "psql", "sqlite3", "redis-cli", "openssl", "systemctl", "journalctl",
       "curl", "wget", "jq", "tar", "sha256sum"}


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
    if first in ("sudo", "env", "time", "nice") and len(words) > 1:
        first = words[1]
    if re.search(r"(^|/)(rm|kill|pkill|git reset|git clean)\b|erase|wipe|--force|mass_erase", c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in BUILD:
        return "benign-build-test-lint"
    if first in HW:
        return "benign-hw-tools"
    if first in IOT:
        return "benign-iot-cloud"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
