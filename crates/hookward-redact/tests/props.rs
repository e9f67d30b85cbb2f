//! Property tests: never panics, injected secrets never survive, idempotent, spans well formed.

use hookward_redact::{find_secrets, redact_json, redact_str};
use proptest::prelude::*;

/// Random prose-like text that cannot glue itself onto an injected secret (the secret is
/// always surrounded by a space or newline).
fn filler() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ,.;:!?()\n/_-]{0,60}"
}

/// (text to inject, the part that must not survive)
fn secret() -> impl Strategy<Value = (String, String)> {
    fn whole(s: String) -> (String, String) {
        (s.clone(), s)
    }
    prop_oneof![
        "sk-ant-api03-[A-Za-z0-9_-]{80,95}AA".prop_map(whole),
        "sk-proj-A1b[A-Za-z0-9]{20,60}".prop_map(whole),
        "gh[pousr]_[A-Za-z0-9]{36}".prop_map(whole),
        "github_pat_[A-Za-z0-9_]{82}".prop_map(whole),
        "xoxb-[0-9]{10,12}-[0-9]{10,12}-[A-Za-z0-9]{24}".prop_map(whole),
        "(AKIA|ASIA)[A-Z2-7]{16}".prop_map(whole),
        "AIza[0-9A-Za-z_-]{35}".prop_map(whole),
        "glpat-[0-9A-Za-z_-]{20}".prop_map(whole),
        "npm_[A-Za-z0-9]{36}".prop_map(whole),
        "hf_[A-Za-z]{34}".prop_map(whole),
        "(sk|rk)_live_[A-Za-z0-9]{24}".prop_map(whole),
        "[A-Za-z0-9/+]{40}".prop_map(|k| (format!("AWS_SECRET_ACCESS_KEY={k}"), k)),
        "eyJ[A-Za-z0-9_-]{20,40}".prop_map(|t| (format!("Authorization: Bearer {t}"), t)),
        "[A-Za-z0-9!*]{6,20}[0-9]{2}"
            .prop_map(|p| (format!("https://deploy:{p}@host.example/x"), p)),
        (
            prop::sample::select(vec![
                "export API_TOKEN=",
                "DB_PASSWORD=",
                "--password=",
                "--token ",
                "\"api_key\": \"",
                "client_secret = '",
            ]),
            "[A-Za-z0-9!^*]{8,24}",
        )
            .prop_map(|(name, v)| {
                let close = if name.ends_with('"') {
                    "\""
                } else if name.ends_with('\'') {
                    "'"
                } else {
                    ""
                };
                (format!("{name}{v}{close}"), v)
            }),
        "[A-Za-z0-9+/]{64}".prop_map(|b| (
            format!("-----BEGIN EC PRIVATE KEY-----\n{b}\n-----END EC PRIVATE KEY-----"),
            b
        )),
    ]
}

/// Text built from pieces that exercise the rules' edges, for idempotence.
fn tricky() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("sk-".to_string()),
        Just("sk-ant-".to_string()),
        Just("ghp_".to_string()),
        Just("TOKEN=".to_string()),
        Just("password: ".to_string()),
        Just("\"api_key\": ".to_string()),
        Just("--token ".to_string()),
        Just("curl -u a:".to_string()),
        Just("https://".to_string()),
        Just("u:".to_string()),
        Just("@h".to_string()),
        Just("Authorization: ".to_string()),
        Just("Bearer ".to_string()),
        Just("[REDACTED:github]".to_string()),
        Just("[REDACTED:".to_string()),
        Just("]".to_string()),
        Just("-----BEGIN PRIVATE KEY-----".to_string()),
        Just("-----END PRIVATE KEY-----".to_string()),
        Just("|\n   ".to_string()),
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just("\"".to_string()),
        Just("'".to_string()),
        Just("\\\"".to_string()),
        Just("=".to_string()),
        Just("é".to_string()),
        Just("$".to_string()),
        "[A-Za-z0-9]{1,40}",
        "[A-Za-z0-9_/+=-]{30,50}",
    ];
    prop::collection::vec(piece, 0..16).prop_map(|v| v.concat())
}

proptest! {
    // 512 cases by default; `PROPTEST_CASES=20000` for a longer hunt.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)
    ))]

    #[test]
    fn never_panics_and_spans_are_well_formed(s in any::<String>()) {
        let spans = find_secrets(&s);
        let mut last = 0;
        for sp in &spans {
            prop_assert!(sp.start >= last && sp.start < sp.end && sp.end <= s.len());
            prop_assert!(s.is_char_boundary(sp.start) && s.is_char_boundary(sp.end));
            last = sp.end;
        }
        let _ = redact_str(&s);
    }

    #[test]
    fn injected_secret_never_survives(
        before in filler(),
        (text, sensitive) in secret(),
        after in filler(),
        sep in prop::sample::select(vec![" ", "\n", "\t"]),
    ) {
        let input = format!("{before}{sep}{text}{sep}{after}");
        let out = redact_str(&input);
        prop_assert!(!out.contains(&sensitive), "{:?} survived in {:?}", sensitive, out);
        prop_assert!(out.contains("[REDACTED:"));
        // Text outside the secret is kept.
        prop_assert!(out.starts_with(&before), "{:?} vs {:?}", out, before);
        prop_assert!(out.ends_with(&after));
    }

    #[test]
    fn redact_str_is_idempotent(s in tricky()) {
        let once = redact_str(&s).into_owned();
        let twice = redact_str(&once).into_owned();
        prop_assert_eq!(&twice, &once, "input {:?}", s);
    }

    #[test]
    fn redact_str_is_idempotent_on_any_string(s in any::<String>()) {
        let once = redact_str(&s).into_owned();
        let twice = redact_str(&once).into_owned();
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn clean_filler_is_borrowed(s in filler()) {
        // Prose-like text from this alphabet has no secret shape long enough to match.
        prop_assert!(matches!(redact_str(&s), std::borrow::Cow::Borrowed(_)), "{:?}", s);
    }

    #[test]
    fn redact_json_hides_injected_secrets_and_is_idempotent(
        (text, sensitive) in secret(),
        key in prop::sample::select(vec!["command", "DB_PASSWORD", "content", "apiKey"]),
    ) {
        let mut v = serde_json::json!({"tool_input": {key: text, "n": [1, {"s": format!("x {text} y")}]}});
        redact_json(&mut v);
        let rendered = v.to_string();
        prop_assert!(!rendered.contains(&sensitive), "{}", rendered);
        let once = v.clone();
        redact_json(&mut v);
        prop_assert_eq!(v, once);
    }
}
