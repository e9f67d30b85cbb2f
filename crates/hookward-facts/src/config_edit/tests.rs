//! Variants written for the mechanism (not the public sets' rows): each shape with a dangerous
//! and a quiet neighbour.
use super::*;

fn pair(path: &str, old: &str, new: &str) -> Vec<ConfigEditFact> {
    judge_tool(path, &[(old.to_string(), new.to_string())], None)
}

fn kinds(v: &[ConfigEditFact]) -> Vec<&str> {
    v.iter().map(|f| f.kind.as_str()).collect()
}

#[test]
fn key_names_say_check_or_weakening() {
    for k in [
        "verifyupdatecodesignature",
        "sslverify",
        "stricthostkeychecking",
        "strictssl",
        "gpgcheck",
        "validatecerts",
        "sha512sums",
        "checksumpolicy",
        "enableembeddedasarintegrityvalidation",
        "requiresignature",
    ] {
        assert!(names_a_check(k), "{k}");
    }
    for k in [
        "allowinsecureprotocol",
        "dangerousinsecuretransportprotocol",
        "insecureskipverify",
        "skipverify",
        "allowunsigned",
        "ignorecertificateerrors",
        "nodeintegration",
        "nodeintegrationinworker",
        "runasnode",
        "disablesslverification",
    ] {
        assert!(names_a_weakening(k), "{k}");
        assert!(!names_a_check(k), "{k}");
    }
    for k in [
        "strict",
        "skiplibcheck",
        "secure",
        "ssl",
        "checkjs",
        "sandbox",
        "healthcheck",
    ] {
        assert!(!names_a_check(k) && !names_a_weakening(k), "{k}");
    }
}

#[test]
fn a_verification_turned_off_in_an_edit() {
    let f = pair(
        "/p/app-update.yml",
        "verifyUpdateCodeSignature: true",
        "verifyUpdateCodeSignature: false",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    assert_eq!(f[0].before, "true");
    let f = pair(
        "/p/.yarnrc.yml",
        "enableStrictSsl: true",
        "enableStrictSsl: false",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/home/u/.ssh/config",
        "Host build\n  HostName b.example.net",
        "Host build\n  HostName b.example.net\n  StrictHostKeyChecking no",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair("/p/.npmrc", "strict-ssl=true", "strict-ssl=false");
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/playbook.yml",
        "validate_certs: yes",
        "validate_certs: no",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/PKGBUILD",
        "sha256sums=('9f2c4e7a0b1d')",
        "sha256sums=('SKIP')",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/pom.xml",
        "<checksumPolicy>fail</checksumPolicy>",
        "<checksumPolicy>ignore</checksumPolicy>",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
}

#[test]
fn a_check_turned_on_or_left_alone_is_quiet() {
    assert!(pair(
        "/p/a.yml",
        "verifySignature: false",
        "verifySignature: true"
    )
    .is_empty());
    assert!(pair(
        "/p/.npmrc",
        "strict-ssl=false",
        "strict-ssl=false\nfund=false"
    )
    .is_empty());
    assert!(pair("/p/tsconfig.json", "\"strict\": true", "\"strict\": false").is_empty());
    assert!(pair(
        "/p/tsconfig.json",
        "\"skipLibCheck\": false",
        "\"skipLibCheck\": true"
    )
    .is_empty());
    assert!(pair("/p/mail.json", "\"secure\": true", "\"secure\": false").is_empty());
    assert!(pair("/p/README.md", "verify: true", "verify: false").is_empty());
    assert!(pair("/p/a.yml", "checksum: sha256", "checksum: sha512").is_empty());
}

#[test]
fn weaker_choices_turned_on() {
    let f = pair(
        "/p/src-tauri/tauri.conf.json",
        "\"active\": true,",
        "\"active\": true,\n\"dangerousInsecureTransportProtocol\": true,",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/main.js",
        "nodeIntegration: false",
        "nodeIntegration: true",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/forge.config.js",
        "[FuseV1Options.RunAsNode]: false,",
        "[FuseV1Options.RunAsNode]: true,",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/forge.config.js",
        "[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,",
        "[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: false,",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    assert!(pair(
        "/p/main.js",
        "nodeIntegration: true",
        "nodeIntegration: false"
    )
    .is_empty());
    assert!(pair(
        "/p/a.gradle",
        "allowInsecureProtocol = true",
        "allowInsecureProtocol = false"
    )
    .is_empty());
}

#[test]
fn electron_protections_only_from_true_to_false() {
    let f = pair(
        "/p/src/main/window.ts",
        "webPreferences: { sandbox: true, webSecurity: true }",
        "webPreferences: { sandbox: false, webSecurity: false }",
    );
    assert_eq!(f.len(), 2);
    assert!(pair("/p/src/main/window.ts", "sandbox: false,", "sandbox: true,").is_empty());
    // no old value: other stacks' `sandbox` (a payment SDK's test mode) is not read
    assert!(pair(
        "/p/config/pay.yml",
        "mode: live",
        "mode: live\nsandbox: false"
    )
    .is_empty());
    assert!(judge_tool(
        "/p/win.ts",
        &[],
        Some("new BrowserWindow({ contextIsolation: false })")
    )
    .is_empty());
}

#[test]
fn a_write_sets_a_check_weak() {
    let f = judge_tool(
        "/p/.yarnrc.yml",
        &[],
        Some("enableStrictSsl: false\nnodeLinker: pnp\n"),
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    assert!(judge_tool("/p/.yarnrc.yml", &[], Some("enableStrictSsl: true\n")).is_empty());
}

#[test]
fn csp_script_src_gains_unsafe_or_a_host() {
    let f = pair(
        "/p/manifest.json",
        "\"content_security_policy\": {\"extension_pages\": \"script-src 'self'; object-src 'self'\"}",
        "\"content_security_policy\": {\"extension_pages\": \"script-src 'self' 'wasm-unsafe-eval' https://cdn.widgets.example; object-src 'self'\"}",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/index.html.tmpl",
        "script-src 'self'",
        "script-src 'self' 'unsafe-inline'",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    // connect-src for the project's API, or a script-src that only narrows
    assert!(pair(
        "/p/tauri.conf.json",
        "\"csp\": \"default-src 'self'; script-src 'self'; connect-src 'self'\"",
        "\"csp\": \"default-src 'self'; script-src 'self'; connect-src 'self' https://api.acme.example\""
    )
    .is_empty());
    assert!(pair(
        "/p/a.json",
        "script-src 'self' 'unsafe-inline'",
        "script-src 'self'"
    )
    .is_empty());
}

#[test]
fn an_update_feed_moved_to_another_domain_or_to_http() {
    let f = pair(
        "/p/electron-builder.yml",
        "publish:\n  provider: generic\n  url: https://dl.example-notes.com/releases/",
        "publish:\n  provider: generic\n  url: https://example-notes.fastcdn-mirror.io/releases/",
    );
    assert_eq!(kinds(&f), ["source_moved"]);
    assert!(f[0].detail.contains("fastcdn-mirror.io"));
    let f = pair(
        "/p/app/build.gradle",
        "maven { url 'https://repo.example.org/maven2' }",
        "maven { url 'http://repo.example.org/maven2' }",
    );
    assert_eq!(kinds(&f), ["source_moved"]);
    assert_eq!(f[0].detail, "https → http");
    let f = pair(
        "/p/gradle/wrapper/gradle-wrapper.properties",
        "distributionUrl=https\\://services.gradle.org/distributions/gradle-8.9-bin.zip",
        "distributionUrl=https\\://gradle.example-cache.net/gradle-8.9-bin.zip",
    );
    assert_eq!(kinds(&f), ["source_moved"]);
    let f = pair(
        "/p/flake.nix",
        "inputs.nixpkgs.url = \"github:NixOS/nixpkgs/nixos-unstable\";",
        "inputs.nixpkgs.url = \"github:nix-pkgs-fast/nixpkgs/nixos-unstable\";",
    );
    assert_eq!(kinds(&f), ["source_moved"]);
    let f = pair(
        "/p/buf.gen.yaml",
        "plugins:\n  - remote: buf.build/grpc/go",
        "plugins:\n  - remote: plugins.example-gen.dev/grpc/go",
    );
    assert_eq!(kinds(&f), ["source_moved"]);
    let f = pair(
        "/p/.goreleaser.yaml",
        "scoops:\n  - bucket:\n      owner: kite-dev\n      name: scoop-bucket",
        "scoops:\n  - bucket:\n      owner: kite-dev-builds\n      name: scoop-bucket",
    );
    assert_eq!(kinds(&f), ["source_moved"]);
}

#[test]
fn same_origin_version_bumps_local_servers_and_code_stay_quiet() {
    assert!(pair(
        "/p/Formula/kite.rb",
        "url \"https://github.com/kite-dev/kite/archive/refs/tags/v2.0.1.tar.gz\"",
        "url \"https://github.com/kite-dev/kite/archive/refs/tags/v2.1.0.tar.gz\"",
    )
    .is_empty());
    assert!(pair(
        "/p/pip.conf",
        "index-url = http://pypi.corp.example.com/simple",
        "index-url = https://pypi.corp.example.com/simple",
    )
    .is_empty());
    assert!(pair(
        "/p/settings.xml",
        "<url>https://nexus1.build.example.co.uk/repo</url>",
        "<url>https://nexus2.build.example.co.uk/repo</url>",
    )
    .is_empty());
    assert!(pair(
        "/p/dev-app-update.yml",
        "url: https://updates.example-notes.com/",
        "url: http://localhost:8080/",
    )
    .is_empty());
    assert!(pair(
        "/p/src/api.ts",
        "const cfg = { url: 'https://api.one.example' }",
        "const cfg = { url: 'https://api.two.example' }",
    )
    .is_empty());
    assert!(pair(
        "/p/hugo.toml",
        "baseURL = 'https://preview.site-host.example/'",
        "baseURL = 'https://www.bakery.example/'",
    )
    .is_empty());
    let f = pair(
        "/p/packaging/extra.repo",
        "baseurl=https://rpm.example.org/el9/",
        "baseurl=http://rpm.fastmirror.example/el9/",
    );
    assert_eq!(kinds(&f), ["source_moved"]);
    // a new source beside the old one is an addition, not a move
    assert!(pair(
        "/p/Package.resolved.json",
        "\"location\": \"x\",\n\"url\": \"https://github.com/apple/swift-log.git\"",
        "\"url\": \"https://github.com/apple/swift-log.git\",\n\"url\": \"https://github.com/vapor/vapor.git\"",
    )
    .is_empty());
    // owner in a file with no release or tap context
    assert!(pair(
        "/p/service.yaml",
        "labels:\n  owner: team-a",
        "labels:\n  owner: team-b"
    )
    .is_empty());
}

#[test]
fn origins() {
    assert_eq!(origin("dl.example.co.uk", ""), "example.co.uk");
    assert_eq!(origin("a.b.example.com", "x"), "example.com");
    assert_eq!(origin("github.com", "Acme/tool/archive"), "github.com/acme");
    assert_eq!(
        origin("raw.githubusercontent.com", "acme/x/main/f"),
        "github.com/acme"
    );
}

fn cmd(program: &str, argv: &[&str]) -> hookward_shell::CommandFact {
    hookward_shell::CommandFact {
        program: program.into(),
        argv: argv.iter().map(|s| s.to_string()).collect(),
        cwd: "/p".into(),
        evidence: argv.join(" "),
        wrappers: Vec::new(),
        depth: 0,
    }
}

#[test]
fn shell_forms() {
    let f = from_commands(&[cmd(
        "sed",
        &[
            "sed",
            "-i",
            "s#https://repo1.maven.org/maven2#http://maven.cache-fast.example/m2#",
            ".mvn/wrapper/maven-wrapper.properties",
        ],
    )]);
    assert_eq!(
        kinds(&f),
        ["source_moved"],
        "a bare URL swapped in a settings file"
    );
    // the same swap in a document, or within one origin, is quiet
    assert!(from_commands(&[cmd(
        "sed",
        &[
            "sed",
            "-i",
            "s#https://a.example.com/x#https://b.example.com/x#",
            "settings.properties"
        ]
    )])
    .is_empty());
    assert!(from_commands(&[cmd(
        "sed",
        &[
            "sed",
            "-i",
            "s#https://a.example.com#https://b.example.net#",
            "README.md"
        ]
    )])
    .is_empty());
    let f = from_commands(&[cmd(
        "sed",
        &["sed", "-i", "s#distributionUrl=https://repo.maven.apache.org#distributionUrl=http://maven.cache-fast.example#", ".mvn/wrapper/maven-wrapper.properties"],
    )]);
    assert_eq!(kinds(&f), ["source_moved"]);
    assert_eq!(f[0].via, "shell");
    let f = from_commands(&[cmd(
        "sed",
        &[
            "sed",
            "-i",
            "",
            "s/verifySignatures: true/verifySignatures: false/",
            "ci/release.yml",
        ],
    )]);
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = from_commands(&[cmd(
        "yq",
        &[
            "yq",
            "-i",
            ".publish.verifyUpdateCodeSignature = false",
            "electron-builder.yml",
        ],
    )]);
    assert_eq!(kinds(&f), ["check_weakened"]);
    assert!(from_commands(&[cmd(
        "sed",
        &["sed", "s/strict-ssl=true/strict-ssl=false/", ".npmrc"]
    )])
    .is_empty());
    assert!(from_commands(&[cmd(
        "sed",
        &["sed", "-i", "s/version: 1.2/version: 1.3/", "app.yml"]
    )])
    .is_empty());
}

#[test]
fn an_enforcing_check_relaxed_and_a_signing_plugin_skipped() {
    let f = pair(
        "/p/quality/rules.yaml",
        "pii_scan_check: fail",
        "pii_scan_check: off",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    let f = pair(
        "/p/policy.yaml",
        "admission_policy: enforce",
        "admission_policy: warn",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    // a check whose old value did not enforce, or is made stricter, is quiet
    assert!(pair("/p/a.yaml", "lint_check: warn", "lint_check: off").is_empty());
    assert!(pair("/p/a.yaml", "lint_check: off", "lint_check: fail").is_empty());
    let f = pair(
        "/p/pom.xml",
        "<artifactId>maven-jarsigner-plugin</artifactId>",
        "<artifactId>maven-jarsigner-plugin</artifactId>\n<configuration><skip>true</skip></configuration>",
    );
    assert_eq!(kinds(&f), ["check_weakened"]);
    // skipping a plugin that signs or verifies nothing is quiet
    assert!(pair(
        "/p/pom.xml",
        "<artifactId>maven-javadoc-plugin</artifactId>",
        "<artifactId>maven-javadoc-plugin</artifactId>\n<configuration><skip>true</skip></configuration>",
    )
    .is_empty());
}

#[test]
fn content_checks_are_told_from_transport_checks() {
    let f = pair("/p/PKGBUILD", "sha512sums=('ab12')", "sha512sums=('SKIP')");
    assert!(f[0].content_check);
    let f = pair(
        "/p/app-update.yml",
        "verifyUpdateCodeSignature: true",
        "verifyUpdateCodeSignature: false",
    );
    assert!(f[0].content_check);
    let f = pair(
        "/p/tauri.conf.json",
        "\"a\": 1",
        "\"dangerousInsecureTransportProtocol\": true",
    );
    assert!(!f[0].content_check);
    let f = pair("/p/.npmrc", "strict-ssl=true", "strict-ssl=false");
    assert!(!f[0].content_check);
}
