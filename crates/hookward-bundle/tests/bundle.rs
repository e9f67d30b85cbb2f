//! Bundles built and signed here (RS256 and ES256 with the test keys in `tests/data`, made
//! with `openssl genrsa` / `openssl ecparam`), read from folders, `.tar.gz` files and a
//! loopback HTTP server, verified, activated; tampered ones rejected with the last good one
//! kept.

use hookward_bundle::{active, hash, pull, Bundle, Outcome, PullConfig, VerifyKey};

use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use serde_json::json;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::Path;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn pem(name: &str) -> String {
    std::fs::read_to_string(Path::new(DATA).join(name)).unwrap()
}

const RULE: &str = r#"package hookward.rules.org.base

import rego.v1

# @rule org/no-terraform-destroy deny
# Terraform destroy is run by the pipeline, never by an agent.
decision contains {"id": "org/no-terraform-destroy", "decision": "deny", "reason": "terraform destroy is not run by agents here"} if {
    input.event.tool.kind == "shell"
    contains(input.event.tool.input.command, "terraform destroy")
}
"#;

/// The files of a small bundle: a rule, its data, a manifest with managed metadata.
fn files(revision: &str) -> BTreeMap<String, Vec<u8>> {
    let mut f = BTreeMap::new();
    f.insert("org/base.rego".to_string(), RULE.as_bytes().to_vec());
    f.insert(
        "org/data.json".to_string(),
        br#"{"blocked_hosts": ["paste.example"]}"#.to_vec(),
    );
    f.insert(
        ".manifest".to_string(),
        serde_json::to_vec_pretty(&json!({
            "revision": revision,
            "roots": ["hookward/rules/org", "org"],
            "metadata": {"hookward": {
                "locked_rules": ["org/*", "shell/recursive-delete-home"],
                "config": {"fail_mode": "closed", "ask_fallback": "deny"}
            }}
        }))
        .unwrap(),
    );
    f
}

/// Signs `files` as `opa sign` does: one JWT listing every file's SHA-256 digest.
fn sign(files: &mut BTreeMap<String, Vec<u8>>, alg: Algorithm, key_pem: &str, scope: Option<&str>) {
    let list: Vec<_> = files
        .iter()
        .map(|(name, bytes)| {
            json!({"name": name, "hash": hash::file_digest(name, bytes, "SHA-256").unwrap(), "algorithm": "SHA-256"})
        })
        .collect();
    let mut claims = json!({"files": list, "iss": "policy-ci", "iat": 1_764_806_400});
    if let Some(s) = scope {
        claims["scope"] = json!(s);
    }
    let key = match alg {
        Algorithm::ES256 => EncodingKey::from_ec_pem(key_pem.as_bytes()).unwrap(),
        _ => EncodingKey::from_rsa_pem(key_pem.as_bytes()).unwrap(),
    };
    let mut header = Header::new(alg);
    header.kid = Some("org-2026".into());
    let token = encode(&header, &claims, &key).unwrap();
    files.insert(
        ".signatures.json".to_string(),
        serde_json::to_vec(&json!({"signatures": [token]})).unwrap(),
    );
}

fn write_dir(dir: &Path, files: &BTreeMap<String, Vec<u8>>) {
    for (name, bytes) in files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
}

fn tar_gz(files: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let mut t = tar::Builder::new(gz);
    for (name, bytes) in files {
        let mut h = tar::Header::new_gnu();
        h.set_size(bytes.len() as u64);
        h.set_mode(0o644);
        // `opa build` writes paths with a leading slash, which the tar crate will not set.
        let raw = format!("/{name}");
        h.as_gnu_mut().unwrap().name[..raw.len()].copy_from_slice(raw.as_bytes());
        h.set_cksum();
        t.append(&h, bytes.as_slice()).unwrap();
    }
    t.into_inner().unwrap().finish().unwrap()
}

fn rsa_key() -> VerifyKey {
    VerifyKey {
        key: pem("rsa-public.pem"),
        algorithm: "RS256".into(),
        key_id: Some("org-2026".into()),
        scope: String::new(),
    }
}

fn cfg(source: &Path, key: Option<VerifyKey>) -> PullConfig {
    PullConfig {
        source: source.display().to_string(),
        key,
        allow_unsigned: false,
    }
}

#[test]
fn a_signed_folder_bundle_is_accepted_and_activated() {
    let t = tempfile::tempdir().unwrap();
    let (home, src) = (t.path().join("home"), t.path().join("src"));
    let mut f = files("r1");
    sign(&mut f, Algorithm::RS256, &pem("rsa-private.pem"), None);
    write_dir(&src, &f);
    let out = pull(&home, &cfg(&src, Some(rsa_key())), 1_000, &|_| Ok(())).unwrap();
    let Outcome::Activated(a) = out else {
        panic!("not activated: {out:?}")
    };
    assert_eq!(a.revision, "r1");
    let signer = a.signer.clone().unwrap();
    assert_eq!(signer.key_id.as_deref(), Some("org-2026"));
    assert_eq!(signer.issuer.as_deref(), Some("policy-ci"));
    assert_eq!(a.locked_rules, vec!["org/*", "shell/recursive-delete-home"]);
    let toml = a.managed_toml.clone().unwrap();
    assert!(toml.contains("fail_mode = \"closed\""), "{toml}");
    // What the hook reads: the record, the flattened Rego folder, the merged data.
    assert_eq!(active::active(&home).unwrap().unwrap(), a);
    let rego = std::fs::read_to_string(a.policy_dir(&home).join("org__base.rego")).unwrap();
    assert_eq!(rego, RULE);
    assert_eq!(
        a.data(&home).unwrap(),
        json!({"org": {"blocked_hosts": ["paste.example"]}})
    );
    assert_eq!(active::last_attempt(&home).unwrap().outcome, "activated");
    // The same bundle again changes nothing.
    assert!(matches!(
        pull(&home, &cfg(&src, Some(rsa_key())), 2_000, &|_| Ok(())).unwrap(),
        Outcome::Unchanged(_)
    ));
}

#[test]
fn a_signed_tar_gz_over_loopback_http_is_accepted() {
    let t = tempfile::tempdir().unwrap();
    let home = t.path().join("home");
    let mut f = files("r-http");
    sign(
        &mut f,
        Algorithm::ES256,
        &pem("ec-private.pem"),
        Some("team-a"),
    );
    let body = tar_gz(&f);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        for _ in 0..2 {
            let (mut s, _) = listener.accept().unwrap();
            let mut buf = [0u8; 4096];
            let n = s.read(&mut buf).unwrap();
            let req = String::from_utf8_lossy(&buf[..n]).to_string();
            if req.starts_with("GET /bundle.tar.gz ") {
                write!(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                )
                .unwrap();
                s.write_all(&body).unwrap();
            } else {
                s.write_all(
                    b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                )
                .unwrap();
            }
        }
    });
    let key = VerifyKey {
        key: pem("ec-public.pem"),
        algorithm: "ES256".into(),
        key_id: None,
        scope: "team-a".into(),
    };
    let url = |p: &str| PullConfig {
        source: format!("http://127.0.0.1:{port}/{p}"),
        key: Some(key.clone()),
        allow_unsigned: false,
    };
    let out = pull(&home, &url("bundle.tar.gz"), 5, &|_| Ok(())).unwrap();
    assert!(
        matches!(out, Outcome::Activated(ref a) if a.revision == "r-http"),
        "{out:?}"
    );
    let err = pull(&home, &url("missing.tar.gz"), 6, &|_| Ok(())).unwrap_err();
    assert!(err.to_string().contains("404"), "{err}");
    server.join().unwrap();
    // The failed pull left the good bundle in force and says why it failed.
    assert_eq!(active::active(&home).unwrap().unwrap().revision, "r-http");
    let last = active::last_attempt(&home).unwrap();
    assert_eq!(last.outcome, "rejected");
    assert!(last.error.unwrap().contains("404"));
}

#[test]
fn tampered_bundles_are_rejected_and_the_last_good_one_stays() {
    let t = tempfile::tempdir().unwrap();
    let home = t.path().join("home");
    let good = t.path().join("good.tar.gz");
    let mut f = files("good");
    sign(&mut f, Algorithm::RS256, &pem("rsa-private.pem"), None);
    std::fs::write(&good, tar_gz(&f)).unwrap();
    pull(&home, &cfg(&good, Some(rsa_key())), 1, &|_| Ok(())).unwrap();

    type Case = (&'static str, BTreeMap<String, Vec<u8>>, &'static str);
    let mut cases: Vec<Case> = Vec::new();
    // A signed file changed after signing.
    let mut changed = files("evil");
    sign(
        &mut changed,
        Algorithm::RS256,
        &pem("rsa-private.pem"),
        None,
    );
    changed.insert(
        "org/base.rego".into(),
        b"package hookward.rules.org.base\n".to_vec(),
    );
    cases.push(("changed rule", changed, "digest mismatch"));
    // A file added that the signature does not list.
    let mut added = files("evil");
    sign(&mut added, Algorithm::RS256, &pem("rsa-private.pem"), None);
    added.insert("extra.rego".into(), b"package x\n".to_vec());
    cases.push(("added file", added, "not included in the bundle signature"));
    // A signed file removed.
    let mut removed = files("evil");
    sign(
        &mut removed,
        Algorithm::RS256,
        &pem("rsa-private.pem"),
        None,
    );
    removed.remove("org/data.json");
    cases.push(("removed file", removed, "missing from the bundle"));
    // Signed by another key.
    let mut other = files("evil");
    sign(
        &mut other,
        Algorithm::RS256,
        &pem("rsa-other-private.pem"),
        None,
    );
    cases.push(("other key", other, "does not verify"));
    // Not signed at all.
    cases.push(("unsigned", files("evil"), "not signed"));
    // Signed for another scope.
    let mut scoped = files("evil");
    sign(
        &mut scoped,
        Algorithm::RS256,
        &pem("rsa-private.pem"),
        Some("team-b"),
    );
    cases.push(("other scope", scoped, "scope mismatch"));
    // The manifest's data changed (a structured file: whitespace would not matter, values do).
    let mut manifest = files("evil");
    sign(
        &mut manifest,
        Algorithm::RS256,
        &pem("rsa-private.pem"),
        None,
    );
    manifest.insert(
        ".manifest".into(),
        br#"{"revision": "evil", "metadata": {}}"#.to_vec(),
    );
    cases.push(("manifest without locks", manifest, "digest mismatch"));

    for (i, (what, f, why)) in cases.into_iter().enumerate() {
        let p = t.path().join(format!("bad{i}.tar.gz"));
        std::fs::write(&p, tar_gz(&f)).unwrap();
        let err = pull(&home, &cfg(&p, Some(rsa_key())), 10 + i as i64, &|_| Ok(())).unwrap_err();
        assert!(err.to_string().contains(why), "{what}: {err}");
        let a = active::active(&home).unwrap().unwrap();
        assert_eq!(
            a.revision, "good",
            "{what}: the last good bundle must stay in force"
        );
        assert_eq!(
            active::last_attempt(&home).unwrap().outcome,
            "rejected",
            "{what}"
        );
    }
    // A key for another algorithm is refused, not tried.
    let wrong_alg = VerifyKey {
        algorithm: "ES256".into(),
        key: pem("ec-public.pem"),
        ..rsa_key()
    };
    let err = pull(&home, &cfg(&good, Some(wrong_alg)), 99, &|_| Ok(())).unwrap_err();
    assert!(err.to_string().contains("expects"), "{err}");
}

#[test]
fn without_a_key_only_allow_unsigned_accepts() {
    let t = tempfile::tempdir().unwrap();
    let (home, src) = (t.path().join("home"), t.path().join("src"));
    write_dir(&src, &files("plain"));
    let err = pull(&home, &cfg(&src, None), 1, &|_| Ok(())).unwrap_err();
    assert!(err.to_string().contains("no verification key"), "{err}");
    assert!(active::active(&home).unwrap().is_none());
    let mut c = cfg(&src, None);
    c.allow_unsigned = true;
    let Outcome::Activated(a) = pull(&home, &c, 2, &|_| Ok(())).unwrap() else {
        panic!()
    };
    assert!(a.signer.is_none());
}

#[test]
fn only_the_revision_in_force_and_the_one_before_are_kept() {
    let t = tempfile::tempdir().unwrap();
    let home = t.path().join("home");
    for (i, rev) in ["a", "b", "c", "d"].iter().enumerate() {
        let src = t.path().join(rev);
        let mut f = files(rev);
        sign(&mut f, Algorithm::RS256, &pem("rsa-private.pem"), None);
        write_dir(&src, &f);
        pull(&home, &cfg(&src, Some(rsa_key())), i as i64, &|_| Ok(())).unwrap();
    }
    let a = active::active(&home).unwrap().unwrap();
    assert_eq!(a.revision, "d");
    let kept: Vec<_> = std::fs::read_dir(home.join("bundle/revs"))
        .unwrap()
        .collect();
    assert_eq!(kept.len(), 2);
    assert!(home.join("bundle/revs").join(a.previous.unwrap()).is_dir());
}

#[test]
fn archives_with_links_or_parent_paths_are_refused() {
    // A symlink entry.
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let mut t = tar::Builder::new(gz);
    let mut h = tar::Header::new_gnu();
    h.set_entry_type(tar::EntryType::Symlink);
    h.set_size(0);
    t.append_link(&mut h, "data.json", "/etc/passwd").unwrap();
    let bytes = t.into_inner().unwrap().finish().unwrap();
    let err = Bundle::from_tar_gz(&bytes, "links.tar.gz").unwrap_err();
    assert!(err.to_string().contains("links"), "{err}");
    // A `..` path, written raw (the tar crate refuses to build one).
    let mut h = tar::Header::new_gnu();
    h.as_gnu_mut().unwrap().name[..13].copy_from_slice(b"../evil.rego\0");
    h.set_size(1);
    h.set_mode(0o644);
    h.set_cksum();
    let mut raw = h.as_bytes().to_vec();
    raw.extend_from_slice(b"x");
    raw.resize(1024 + 1024, 0);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&raw).unwrap();
    let err = Bundle::from_tar_gz(&gz.finish().unwrap(), "up.tar.gz").unwrap_err();
    assert!(err.to_string().contains(".."), "{err}");
    // Not an archive at all.
    assert!(Bundle::from_tar_gz(b"hello", "x.tar.gz").is_err());
}

#[test]
fn a_bundle_that_fails_the_check_is_not_activated() {
    let t = tempfile::tempdir().unwrap();
    let home = t.path().join("home");
    let (a, b) = (t.path().join("a"), t.path().join("b"));
    for (dir, rev) in [(&a, "ok"), (&b, "broken")] {
        let mut f = files(rev);
        sign(&mut f, Algorithm::RS256, &pem("rsa-private.pem"), None);
        write_dir(dir, &f);
    }
    pull(&home, &cfg(&a, Some(rsa_key())), 1, &|_| Ok(())).unwrap();
    let err = pull(&home, &cfg(&b, Some(rsa_key())), 2, &|b: &Bundle| {
        Err(format!("{} does not compile", b.manifest.revision))
    })
    .unwrap_err();
    assert_eq!(err.to_string(), "bundle check: broken does not compile");
    assert_eq!(active::active(&home).unwrap().unwrap().revision, "ok");
}
