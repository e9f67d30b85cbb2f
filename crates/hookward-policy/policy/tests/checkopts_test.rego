package hookward.rules.checkopts_test

import data.hookward.rules.checkopts

cmd(program, argv) := {"facts": {"shell": {"commands": [{"program": program, "argv": argv, "evidence": concat(" ", argv)}]}}}

asked(program, argv) if {
	some d in checkopts.decision with input as cmd(program, argv)
	d.id == "shell/check-skipped"
	d.decision == "ask"
}

test_checksums_ignored_asks if asked("choco", ["choco", "install", "7zip", "-y", "--ignore-checksums"])

test_hooks_skipped_asks if asked("git", ["git", "commit", "--no-verify", "-m", "wip"])

test_glued_gpgcheck_asks if asked("zypper", ["zypper", "--nogpgcheck", "install", "x"])

test_option_with_value_asks if asked("mytool", ["mytool", "sync", "--skip-tls-verify=true"])

test_middle_word_asks if asked("aws", ["aws", "s3", "cp", "a", "s3://b/a", "--no-verify-ssl"])

test_insecure_asks if asked("kubectl", ["kubectl", "--insecure-skip-tls-verify", "apply", "-f", "x.yaml"])

test_powershell_parameter_asks if asked("pwsh", ["pwsh", "-NoProfile", "-c", "Install-Module -Name Foo -Force -SkipPublisherCheck"])

not_asked(program, argv) if {
	ids := {d.id | some d in checkopts.decision} with input as cmd(program, argv)
	not ids["shell/check-skipped"]
}

test_http_client_left_to_download_rules if not_asked("curl", ["curl", "-k", "--insecure", "https://x.example/a"])

test_bare_check_is_the_test_suite if not_asked("dpkg-buildpackage", ["dpkg-buildpackage", "--no-check-builddeps", "--nocheck"])

test_build_without_tls_feature if not_asked("./configure", ["./configure", "--without-ssl", "--disable-tls"])

test_public_bucket_and_openssl_output if {
	not_asked("aws", ["aws", "s3", "ls", "s3://open-data/", "--no-sign-request"])
	not_asked("openssl", ["openssl", "pkcs12", "-in", "a.p12", "-nocerts"])
	not_asked("pip-audit", ["pip-audit", "--no-hashes"])
	not_asked("pip", ["pip", "--disable-pip-version-check", "install", "x"])
}

test_local_dev_server if not_asked("stripe", ["stripe", "listen", "--forward-to", "https://shop.ddev.site/hook", "--skip-verify"])

test_help if not_asked("git", ["git", "commit", "--no-verify", "--help"])

test_powershell_ordinary_parameters if not_asked("pwsh", ["pwsh", "-c", "Install-Module -Name Foo -Scope CurrentUser -Force"])
