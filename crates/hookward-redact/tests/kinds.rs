//! One positive and at least one near-miss negative per kind, with exact expected output.

use hookward_redact::{find_secrets, redact_json, redact_str, KINDS};
use serde_json::json;

const GH: &str = "ghp_0123456789abcdefghijABCDEFGHIJ012345";

/// (input, expected output)
const POSITIVE: &[(&str, &str, &str)] = &[
    // (kind, input, expected)
    (
        "pem",
        "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7V\nq3Zx==\n-----END RSA PRIVATE KEY-----\ndone",
        "key:\n[REDACTED:pem]\ndone",
    ),
    (
        "pem",
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n(cut)",
        "[REDACTED:pem](cut)",
    ),
    (
        "anthropic",
        "x-api-key sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUvWxYz_0123456789-AA here",
        "x-api-key [REDACTED:anthropic] here",
    ),
    (
        "openai",
        "key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv end",
        "key [REDACTED:openai] end",
    ),
    (
        "openai",
        "legacy sk-Ab3dEf6hIj9kLm2nOp5qRs8tUvWxYz0123456789abcd.",
        "legacy [REDACTED:openai].",
    ),
    (
        "github",
        "git push https://ghp_0123456789abcdefghijABCDEFGHIJ012345@github.com/o/r",
        "git push https://[REDACTED:github]@github.com/o/r",
    ),
    (
        "github",
        "gh auth login --with-token <<< github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
        "gh auth login --with-token <<< [REDACTED:github]",
    ),
    (
        "slack",
        "post with xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx ok",
        "post with [REDACTED:slack] ok",
    ),
    (
        "aws-access-key",
        "id=AKIAIOSFODNN7EXAMPLE;",
        "id=[REDACTED:aws-access-key];",
    ),
    (
        "google",
        "maps?key=AIzaSyA-1234567890abcdefghijklmnopqrstu&q=x",
        "maps?key=[REDACTED:google]&q=x",
    ),
    (
        "gitlab",
        "PRIVATE-TOKEN glpat-Ab3dEf6hIj9kLm2nOp5q",
        "PRIVATE-TOKEN [REDACTED:gitlab]",
    ),
    (
        "npm",
        "//registry.npmjs.org/:_authToken npm_Ab3dEf6hIj9kLm2nOp5qRs8tUvWxYz012345",
        "//registry.npmjs.org/:_authToken [REDACTED:npm]",
    ),
    (
        "huggingface",
        "login hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh",
        "login [REDACTED:huggingface]",
    ),
    (
        "stripe",
        "charge with sk_live_51Hb3dEf6hIj9kLm2nOp5qRs",
        "charge with [REDACTED:stripe]",
    ),
    (
        "aws-secret-key",
        "aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "aws configure set aws_secret_access_key [REDACTED:aws-secret-key]",
    ),
    (
        "aws-secret-key",
        "[default]\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n",
        "[default]\naws_secret_access_key = [REDACTED:aws-secret-key]\n",
    ),
    (
        "registry",
        "password: pypi-AgEIcHlwaS5vcmcCJGM3ZjE5ZTQ4LWQ2YTItNDk1Yy1iOGUxLTJmNGQ5YzA3YTExNQACKlsz\n",
        "password: [REDACTED:registry]\n",
    ),
    (
        "registry",
        "docker login -u me -p dckr_pat_Ab3dEf6hIj9kLm2nOp5qRs8tU now",
        "docker login -u me -p [REDACTED:registry] now",
    ),
    (
        "cloud",
        "DIGITALOCEAN_TOKEN dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef;",
        "DIGITALOCEAN_TOKEN [REDACTED:cloud];",
    ),
    (
        "cloud",
        "vault token hvs.CAESIAb3dEf6hIj9kLm2nOp5qRs8tUvWxYz0123456789_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMn end",
        "vault token [REDACTED:cloud] end",
    ),
    (
        "saas",
        "SHOPIFY shpat_0123456789abcdef0123456789abcdef ok",
        "SHOPIFY [REDACTED:saas] ok",
    ),
    (
        "saas",
        "signing whsec_Ab3dEf6hIj9kLm2nOp5qRs8tUvWxYz0123 ok",
        "signing [REDACTED:saas] ok",
    ),
    (
        "ai-service",
        "key gsk_Ab3dEf6hIj9kLm2nOp5qRs8tUvWxYz0123456789AbCd ok",
        "key [REDACTED:ai-service] ok",
    ),
    (
        "age",
        "# secret\nAGE-SECRET-KEY-1QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE\n",
        "# secret\n[REDACTED:age]\n",
    ),
    (
        "bearer",
        "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.Zm9v' https://x",
        "curl -H 'Authorization: Bearer [REDACTED:bearer]' https://x",
    ),
    (
        "bearer",
        "Authorization: Basic dXNlcjpwYXNzd29yZA==\r\nHost: x",
        "Authorization: Basic [REDACTED:bearer]\r\nHost: x",
    ),
    (
        "bearer",
        "send token Bearer eyJhbGciOiJIUzI1NiJ9xyz then",
        "send token Bearer [REDACTED:bearer] then",
    ),
    (
        "url-password",
        "psql postgres://app:hunter2@db.internal:5432/prod",
        "psql postgres://app:[REDACTED:url-password]@db.internal:5432/prod",
    ),
    (
        "url-password",
        "redis://:p@ss:w0rd@cache/0",
        "redis://:[REDACTED:url-password]@cache/0",
    ),
    (
        "url-password",
        "curl -sS -u admin:hunter2 https://x",
        "curl -sS -u admin:[REDACTED:url-password] https://x",
    ),
    (
        "secret-var",
        "export DB_PASSWORD=hunter2 && ./run",
        "export DB_PASSWORD=[REDACTED:secret-var] && ./run",
    ),
    (
        "secret-var",
        "MY_TOKEN='a b c' make deploy",
        "MY_TOKEN='[REDACTED:secret-var]' make deploy",
    ),
    (
        "secret-var",
        "mysql --password=hunter2 --user root",
        "mysql --password=[REDACTED:secret-var] --user root",
    ),
    (
        "secret-var",
        "{\"publishers\":[{\"name\":\"acme\",\"pat\":\"x7kq2m9vlw3p5r8t1zq4n6b0c2d8\"}]}",
        "{\"publishers\":[{\"name\":\"acme\",\"pat\":\"[REDACTED:secret-var]\"}]}",
    ),
    (
        "secret-var",
        "VSCE_PAT=x7kq2m9vlw3p5r8t1zq4 npx @vscode/vsce publish",
        "VSCE_PAT=[REDACTED:secret-var] npx @vscode/vsce publish",
    ),
    (
        "secret-var",
        "vault login --token s.hunter2 -method=token",
        "vault login --token [REDACTED:secret-var] -method=token",
    ),
    (
        "secret-var",
        "# .env\nAPI_KEY=abc123\nDEBUG=1\n",
        "# .env\nAPI_KEY=[REDACTED:secret-var]\nDEBUG=1\n",
    ),
    (
        "secret-var",
        "{\"api_key\": \"abc123\", \"model\": \"x\"}",
        "{\"api_key\": \"[REDACTED:secret-var]\", \"model\": \"x\"}",
    ),
    (
        "secret-var",
        "db:\n  password: correct horse battery  # rotate me\n  host: x\n",
        "db:\n  password: [REDACTED:secret-var]  # rotate me\n  host: x\n",
    ),
    (
        "secret-var",
        "curl -H 'X-Api-Key: abc123def' https://x",
        "curl -H 'X-Api-Key: [REDACTED:secret-var]' https://x",
    ),
    (
        "secret-var",
        "GET /cb?access_token=abc123def&state=1",
        "GET /cb?access_token=[REDACTED:secret-var]&state=1",
    ),
];

/// Near misses: must come back unchanged (and borrowed).
const NEGATIVE: &[(&str, &str)] = &[
    ("secret-var", "{\"file_path\": \"src/pat.rs\", \"pattern\": \"*.rs\", \"patch\": \"x\"}"),
    ("pem", "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----"),
    ("pem", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"),
    ("anthropic", "the sk-ant- prefix marks Anthropic keys"),
    ("openai", "keys start with sk- and are long"),
    ("openai", "git checkout sk-fix-the-parser-module-for-good"),
    ("github", "ghp_ tokens are 40 characters; ghp_short is not one"),
    ("slack", "xoxb-is-the-bot-token-prefix-for-slack"),
    ("aws-access-key", "AKIA1234 is too short, AKIAIOSFODNN7EXAMPLEX too long"),
    ("google", "AIzaSy is how Google keys begin"),
    ("gitlab", "glpat-short"),
    ("npm", "npm_config_registry=https://registry.npmjs.org"),
    ("huggingface", "from huggingface_hub import hf_hub_download"),
    ("stripe", "def sk_test_helpers(): pass"),
    ("aws-secret-key", "aws_secret_access_key is read from ~/.aws/credentials"),
    ("registry", "pip install pypi-AgEI; rubygems_ is a prefix; dckr_pat_ short"),
    ("cloud", "dop_v1_ tokens; hvs.short; glc_ is Grafana's prefix; dapi is a word"),
    ("saas", "shpat_ tokens hold 32 hex; whsec_short; lin_api_x"),
    ("ai-service", "gsk_ keys, r8_ keys and pplx- keys; xai-grok"),
    ("age", "AGE-SECRET-KEY-1 starts an age key"),
    ("bearer", "the bearer of bad news; Authorization: required"),
    ("bearer", "curl -H \"Authorization: Bearer $TOKEN\" https://x"),
    ("url-password", "open https://example.com:8443/path and git@github.com:o/r.git"),
    ("url-password", "postgres://app:${PGPASSWORD}@db/prod"),
    ("url-password", "docker run -u 1000:1000 img; curl -u \"$USER:$PASS\" https://x"),
    ("secret-var", "max_tokens=4096 input_tokens: 12 author=Ann TOKEN_COUNT=3"),
    ("secret-var", "export GITHUB_TOKEN=$(gh auth token)"),
    ("secret-var", "if token == expected: pass"),
    ("secret-var", "token = get_token()"),
    ("secret-var", "struct Login {\n    password: String,\n}"),
    ("secret-var", "PASSWORD_FILE=/run/secrets/db"),
    ("secret-var", "\"auth_required\": true, \"tokenizer\": \"bpe\""),
    ("sha", "git show 3f2c1a9e8b7d6c5f4e3a2b1c0d9e8f7a6b5c4d3e"),
    ("uuid", "session 0b6f2c9e-4b1d-4c3a-9f1e-2d7a8c5b3e10 started"),
    ("prose", "Use a token, a password or a secret manager; never commit credentials."),
];

#[test]
fn positives_are_redacted_exactly() {
    for (kind, input, expected) in POSITIVE {
        assert!(KINDS.contains(kind), "unknown kind {kind}");
        let got = redact_str(input);
        assert_eq!(&got, expected, "kind {kind}, input {input:?}");
        assert!(
            got.contains(&format!("[REDACTED:{kind}]")),
            "kind {kind} not named in {got:?}"
        );
    }
}

#[test]
fn every_kind_has_a_positive_case() {
    for k in KINDS {
        assert!(
            POSITIVE.iter().any(|(kind, ..)| kind == k),
            "no positive case for {k}"
        );
        assert!(
            NEGATIVE.iter().any(|(kind, _)| kind == k),
            "no negative case for {k}"
        );
    }
}

#[test]
fn near_misses_are_untouched() {
    for (what, input) in NEGATIVE {
        let got = redact_str(input);
        assert!(
            matches!(got, std::borrow::Cow::Borrowed(_)),
            "{what}: {input:?} became {got:?}"
        );
        assert!(find_secrets(input).is_empty(), "{what}: {input:?}");
    }
}

#[test]
fn overlapping_spans_merge_under_the_most_specific_kind() {
    assert_eq!(
        redact_str("export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345"),
        "export GITHUB_TOKEN=[REDACTED:github]"
    );
    assert_eq!(
        redact_str("Authorization: token ghp_0123456789abcdefghijABCDEFGHIJ012345"),
        "Authorization: token [REDACTED:github]"
    );
}

#[test]
fn existing_placeholders_are_kept_and_not_nested() {
    let once = redact_str("TOKEN=x[REDACTED:github] and password: [REDACTED:pem] tail");
    assert_eq!(
        once,
        "TOKEN=x[REDACTED:github] and password: [REDACTED:pem] tail"
    );
    assert_eq!(redact_str(&once), once);
}

#[test]
fn yaml_block_scalar_value_is_redacted() {
    let input = "auth:\n  client_secret: |\n    line-one\n    line-two\n  client_id: abc\n";
    assert_eq!(
        redact_str(input),
        "auth:\n  client_secret: |\n[REDACTED:secret-var]\n  client_id: abc\n"
    );
}

#[test]
fn escaped_json_inside_text_is_redacted() {
    let input = r#"{"cmd": "echo {\"api_key\": \"abc123\"}"}"#;
    assert_eq!(
        redact_str(input),
        r#"{"cmd": "echo {\"api_key\": \"[REDACTED:secret-var]\"}"}"#
    );
}

#[test]
fn spans_are_sorted_disjoint_and_on_char_boundaries() {
    let s = "é TOKEN=ünïcode-sëcret ü postgres://u:pässword@h/ ghp_0123456789abcdefghijABCDEFGHIJ012345";
    let spans = find_secrets(s);
    assert_eq!(spans.len(), 3, "{spans:?}");
    for w in spans.windows(2) {
        assert!(w[0].end < w[1].start);
    }
    for sp in &spans {
        assert!(s.is_char_boundary(sp.start) && s.is_char_boundary(sp.end));
    }
    assert_eq!(&s[spans[0].start..spans[0].end], "ünïcode-sëcret");
    assert_eq!(&s[spans[1].start..spans[1].end], "pässword");
    assert_eq!(&s[spans[2].start..spans[2].end], GH);
}

#[test]
fn json_strings_and_secret_keys_are_redacted() {
    let mut v = json!({
        "tool_input": {
            "command": format!("GH_TOKEN={GH} gh pr list"),
            "env": {"API_KEY": "plain", "apiKey": "x1", "PATH": "/usr/bin", "SECRET": ""},
            "list": ["ok", format!("token {GH}")],
        },
        "password": "$DB_PASSWORD",
        "max_tokens": 4096,
        "auth": {"type": "oauth"},
        GH: 1,
    });
    redact_json(&mut v);
    let expected = json!({
        "tool_input": {
            "command": "GH_TOKEN=[REDACTED:github] gh pr list",
            "env": {"API_KEY": "[REDACTED:secret-var]", "apiKey": "[REDACTED:secret-var]", "PATH": "/usr/bin", "SECRET": ""},
            "list": ["ok", "token [REDACTED:github]"],
        },
        "password": "$DB_PASSWORD",
        "max_tokens": 4096,
        "auth": {"type": "oauth"},
        "[REDACTED:github]": 1,
    });
    assert_eq!(v, expected);
    // Key order is preserved (serde_json `preserve_order`).
    let keys: Vec<&String> = v
        .as_object()
        .map(|m| m.keys().collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "tool_input",
            "password",
            "max_tokens",
            "auth",
            "[REDACTED:github]"
        ]
    );
    let again = v.clone();
    redact_json(&mut v);
    assert_eq!(v, again, "redact_json is idempotent");
}

#[test]
fn realistic_commands_snapshot() {
    let inputs = [
        "ANTHROPIC_API_KEY=sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUvWxYz_0123456789-AA claude -p 'hi'",
        "curl -sS -u admin:hunter2 -H \"x-api-key: $KEY\" https://api.example/v1 -d '{\"password\":\"s3cr3t!\"}'",
        "git remote set-url origin https://oauth2:glpat-Ab3dEf6hIj9kLm2nOp5q@gitlab.com/o/r.git",
        "docker run -e POSTGRES_PASSWORD=example -e PGDATA=/var/lib/pg postgres:16",
        "kubectl create secret generic db --from-literal=password='p@ss word'",
        "npm config set //registry.npmjs.org/:_authToken=npm_Ab3dEf6hIj9kLm2nOp5qRs8tUvWxYz012345",
        "echo 'done in 3.2s; commit 3f2c1a9e8b7d6c5f4e3a2b1c0d9e8f7a6b5c4d3e'",
    ];
    let out: Vec<String> = inputs.iter().map(|s| redact_str(s).into_owned()).collect();
    insta::assert_snapshot!(out.join("\n"));
}

/// A text of one long run of name bytes with a keyword every few bytes (`api-key-a1…`), or of
/// one long line of assignments, is scanned in linear time: each keyword reads its own name
/// and the lead of its line, not the whole text before it (a 400 KB Write took minutes, past
/// the agent's hook timeout, 2026-12-07). Names still read as before.
#[test]
fn long_runs_of_keywords_stay_linear() {
    let run = "api-key-a1".repeat(40_000);
    let line = "api_key=1 ".repeat(40_000);
    let started = std::time::Instant::now();
    let _ = find_secrets(&run);
    let _ = find_secrets(&line);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    // Leads of a line: blanks, or a YAML list dash between blanks.
    assert_eq!(
        redact_str("  - api_key: s3cr3tVALUE99\n"),
        "  - api_key: [REDACTED:secret-var]\n"
    );
    assert_eq!(
        redact_str("x\napi_token: s3cr3tVALUE99\n"),
        "x\napi_token: [REDACTED:secret-var]\n"
    );
    assert_eq!(
        redact_str("text api_token: s3cr3tVALUE99\n"),
        "text api_token: s3cr3tVALUE99\n"
    );
}
