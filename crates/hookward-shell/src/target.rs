//! Where a URL points (issue 11, item 5): cloud metadata endpoints, link-local, loopback and
//! private addresses, credential-bearing metadata paths, and host names that imitate well-known
//! hosts (IDN homographs). Pure string work: nothing is resolved.
//!
//! ```
//! use hookward_shell::target::{net_target, TargetClass};
//! let t = net_target("http://2852039166/latest/meta-data/iam/security-credentials/role").unwrap();
//! assert_eq!(t.class, TargetClass::Metadata);
//! assert!(t.credentials);
//! let t = net_target("https://gіthub.com/a/b.git").unwrap(); // Cyrillic і
//! assert_eq!(t.lookalike.as_deref(), Some("github.com"));
//! assert_eq!(net_target("http://localhost:3000/").unwrap().class, TargetClass::Loopback);
//! ```

use serde::{Deserialize, Serialize};
use std::net::{Ipv4Addr, Ipv6Addr};

/// What kind of address a host is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetClass {
    /// A cloud instance-metadata endpoint (AWS, GCP, Azure, Alibaba, ECS, Tencent), also spelled
    /// as a number (`2852039166`, `0xa9fea9fe`) or through a wildcard-DNS name that embeds it
    /// (`169.254.169.254.nip.io`).
    Metadata,
    /// Link-local (169.254.0.0/16, fe80::/10; RFC 3927, RFC 4291).
    LinkLocal,
    /// This machine (127.0.0.0/8, ::1, `localhost`, `*.localhost`, 0.0.0.0; RFC 1122, RFC 6761).
    Loopback,
    /// Private networks (10/8, 172.16/12, 192.168/16 — RFC 1918; 100.64/10 — RFC 6598;
    /// fc00::/7 — RFC 4193).
    Private,
    /// Anything else.
    Public,
}

/// Where one URL points.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NetTarget {
    /// The host, lower-cased; numeric IPv4 spellings in dotted form; `xn--` labels decoded.
    pub host: String,
    /// The port when one is written.
    pub port: Option<u16>,
    /// What kind of address the host is.
    pub class: TargetClass,
    /// The path asks a metadata service for credentials ([`CREDENTIAL_PATHS`]).
    pub credentials: bool,
    /// The well-known host this one imitates with look-alike letters or punycode
    /// (`gіthub.com` with a Cyrillic `і`, `xn--gthub-n4a.com`), when it does.
    pub lookalike: Option<String>,
    /// A label mixes ASCII letters with letters of another script (`pаypal` with a Cyrillic `а`).
    pub mixed_script: bool,
}

/// Metadata paths that hand out credentials (lower-case prefixes of the path). Sources: AWS EC2
/// "Retrieve security credentials from instance metadata" and ECS task IAM roles
/// (`/v2/credentials`), GCP "Access service account tokens" (`/computeMetadata/v1/instance/
/// service-accounts/…/token`, `…/identity`), Azure "Managed identities: get a token"
/// (`/metadata/identity/oauth2/token`), Alibaba Cloud RAM roles (`/latest/meta-data/ram/
/// security-credentials`), OpenStack/Tencent CAM (`/latest/meta-data/cam/security-credentials`).
pub const CREDENTIAL_PATHS: &[&str] = &[
    "/latest/meta-data/iam/security-credentials",
    "/latest/meta-data/identity-credentials",
    "/latest/meta-data/ram/security-credentials",
    "/latest/meta-data/cam/security-credentials",
    "/v2/credentials",
    "/computemetadata/v1/instance/service-accounts",
    "/computemetadata/v1beta1/instance/service-accounts",
    "/metadata/identity/oauth2/token",
    "/metadata/identity",
    // Instance start-up data: where deploy secrets are passed (AWS "Work with instance user
    // data" warns against it for that reason), GCP instance and project attributes
    // (`kube-env`, `startup-script`, `ssh-keys`), Azure `userData`, DigitalOcean and
    // OpenStack user data and the OpenStack admin password.
    "/latest/user-data",
    "/latest/api/token",
    "/computemetadata/v1/instance/attributes",
    "/computemetadata/v1/project/attributes",
    "/metadata/instance/compute/userdata",
    "/metadata/v1/user-data",
    "/openstack/latest/user_data",
    "/openstack/latest/password",
    "/openstack/latest/vendor_data",
    "/latest/meta-data/iam",
    // The keys the instance accepts for log-in and the legacy GCP endpoint (`v1beta1`, no
    // `Metadata-Flavor` header needed: the one SSRF reaches) of the same attributes.
    "/latest/meta-data/public-keys",
    "/computemetadata/v1beta1/instance/attributes",
    "/computemetadata/v1beta1/project/attributes",
    // The signed instance identity document authenticates the instance to Vault's AWS auth
    // method and similar services (AWS "Instance identity documents").
    "/latest/dynamic/instance-identity",
];

/// Hosts whose look-alikes are worth an ask: code hosting, package registries, the big cloud
/// and AI providers, mail and payment sites (the usual homograph targets).
pub const WELL_KNOWN_HOSTS: &[&str] = &[
    "github.com",
    "githubusercontent.com",
    "gitlab.com",
    "bitbucket.org",
    "pypi.org",
    "pythonhosted.org",
    "npmjs.com",
    "npmjs.org",
    "yarnpkg.com",
    "crates.io",
    "rubygems.org",
    "golang.org",
    "docker.com",
    "docker.io",
    "huggingface.co",
    "google.com",
    "googleapis.com",
    "amazonaws.com",
    "amazon.com",
    "microsoft.com",
    "azure.com",
    "apple.com",
    "anthropic.com",
    "openai.com",
    "cloudflare.com",
    "paypal.com",
    "gmail.com",
    "slack.com",
];

/// Wildcard-DNS services that resolve a name embedding an address to that address.
const WILDCARD_DNS: &[&str] = &["nip.io", "sslip.io", "xip.io", "localtest.me", "lvh.me"];

/// The ECS task endpoint's addresses (AWS "Amazon ECS task IAM role": 169.254.170.2, IPv6
/// `fd00:ec2::23`). It serves the task role's credentials under a path only the task knows
/// (`$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`), so any path there but the task metadata ones
/// ([`ECS_METADATA_PATHS`]) is a credential request.
pub const ECS_HOSTS: &[&str] = &["169.254.170.2", "fd00:ec2::23"];

/// Task metadata paths of the ECS endpoint (ECS "task metadata endpoint" v2: `/v2/metadata`,
/// `/v2/stats`; v3/v4 under `/v3/`, `/v4/`): no credentials.
const ECS_METADATA_PATHS: &[&str] = &["/v2/metadata", "/v2/stats", "/v3/", "/v4/"];

/// Lower-case prefix of the variables that hold the ECS credential path or URL
/// (`AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`, `…_FULL_URI`): a URL spelled with one asks the
/// metadata service for credentials.
const ECS_CREDENTIAL_VARIABLE: &str = "aws_container_credentials_";

/// URLs carried inside `url`'s path or query, percent-decoded (a redirector's
/// `…/go/http://169.254.169.254/…`, `…?url=http%3A%2F%2F…`): whoever serves `url` may fetch
/// them. At most 4.
pub fn nested_urls(url: &str) -> Vec<String> {
    if url.len() >= 4096 {
        return Vec::new();
    }
    let mut out: Vec<String> = if url.matches("http").count() > 1 || url.contains("http%3") {
        crate::decode::nested_urls(url)
            .into_iter()
            .filter(|u| u.len() < url.len())
            .collect()
    } else {
        Vec::new()
    };
    // A metadata address written bare in the path or query, without a scheme
    // (`https://r.example/301-http-169.254.169.254:80-.json`, `?target=169.254.169.254`): a
    // redirector or proxy that builds its target from the request reaches it.
    if let Some(addr) = bare_metadata_address(url) {
        if out.len() < 4 && !out.iter().any(|u| u.contains(&addr)) {
            out.push(format!("http://{addr}/"));
        }
    }
    out
}

/// The first metadata address ([`crate::decode::classify_host`]) written as a word of `url`
/// after its host: words split at anything but letters, digits, `.` and `:`, a `:port` cut;
/// only dotted or colon-separated words count (a path word `metadata` is not the host
/// `metadata`).
fn bare_metadata_address(url: &str) -> Option<String> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let tail = rest.get(rest.find(['/', '?', '#'])?..)?;
    let tail = crate::decode::percent_decode(tail);
    tail.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == ':'))
        .filter(|w| w.contains('.') || w.contains("::"))
        .find_map(|w| {
            let w = w.trim_matches(|c| c == '.' || c == ':');
            // `169.254.169.254:80`: the port goes; an IPv6 address keeps its colons.
            let host = match w.rsplit_once(':') {
                Some((h, port)) if !h.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => {
                    h
                }
                _ => w,
            };
            crate::decode::classify_host(host)
                .metadata
                .then(|| host.to_ascii_lowercase())
        })
}

/// Where `url` points; `None` when it names no plausible host.
pub fn net_target(url: &str) -> Option<NetTarget> {
    // `169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`, `http://h${P}`: the host ends
    // where the run-time part starts.
    let host_part = match url.find(['$', '`']) {
        Some(i) if i > 0 => url.get(..i).unwrap_or(url),
        _ => url,
    };
    let h = crate::decode::url_host(host_part)?;
    let port = port_of(url);
    let path = path_of(url).to_ascii_lowercase();
    let decoded = decode_host(&h.host);
    let mut class = if h.metadata {
        TargetClass::Metadata
    } else {
        address_class(&decoded)
    };
    // `169.254.169.254.nip.io`: the embedded address is what the name resolves to.
    if class == TargetClass::Public {
        if let Some(inner) = WILDCARD_DNS
            .iter()
            .find_map(|d| decoded.strip_suffix(d).and_then(|r| r.strip_suffix('.')))
        {
            let inner = inner.rsplit(['.', '-']).take(4).collect::<Vec<_>>();
            let ip: Vec<&str> = inner.into_iter().rev().collect();
            let ip = ip.join(".");
            let inner_host = crate::decode::classify_host(&ip);
            class = if inner_host.metadata {
                TargetClass::Metadata
            } else {
                address_class(&inner_host.host)
            };
        }
    }
    let credentials = matches!(class, TargetClass::Metadata)
        && (CREDENTIAL_PATHS.iter().any(|p| path.starts_with(p))
            || url.to_ascii_lowercase().contains(ECS_CREDENTIAL_VARIABLE)
            || (ECS_HOSTS.contains(&decoded.as_str())
                && !ECS_METADATA_PATHS.iter().any(|p| path.starts_with(p))));
    let (lookalike, mixed_script) = homograph(&decoded);
    Some(NetTarget {
        host: decoded,
        port,
        class,
        credentials,
        lookalike,
        mixed_script,
    })
}

fn authority(url: &str) -> &str {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let auth = rest.split(['/', '?', '#']).next().unwrap_or("");
    auth.rsplit('@').next().unwrap_or("")
}

fn port_of(url: &str) -> Option<u16> {
    let a = authority(url);
    let after = match a.rfind(']') {
        Some(i) => a.get(i + 1..)?,
        None => a,
    };
    after.rsplit_once(':').and_then(|(_, p)| p.parse().ok())
}

fn path_of(url: &str) -> &str {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    match rest.find('/') {
        Some(i) => rest.get(i..).unwrap_or(""),
        None => "",
    }
}

/// The class of a host that is not a metadata endpoint.
fn address_class(host: &str) -> TargetClass {
    if let Ok(v4) = host.parse::<Ipv4Addr>() {
        let o = v4.octets();
        return if v4.is_loopback() || v4.is_unspecified() {
            TargetClass::Loopback
        } else if v4.is_link_local() {
            TargetClass::LinkLocal
        } else if v4.is_private() || (o[0] == 100 && (64..128).contains(&o[1])) {
            TargetClass::Private
        } else {
            TargetClass::Public
        };
    }
    if let Ok(v6) = host.parse::<Ipv6Addr>() {
        let first = v6.segments()[0];
        return if v6.is_loopback() || v6.is_unspecified() {
            TargetClass::Loopback
        } else if first & 0xffc0 == 0xfe80 {
            TargetClass::LinkLocal
        } else if first & 0xfe00 == 0xfc00 {
            TargetClass::Private
        } else {
            TargetClass::Public
        };
    }
    if host == "localhost" || host.ends_with(".localhost") {
        return TargetClass::Loopback;
    }
    TargetClass::Public
}

/// The host with `xn--` labels decoded (RFC 3492); labels that do not decode are kept.
fn decode_host(host: &str) -> String {
    if !host.contains("xn--") {
        return host.to_string();
    }
    host.split('.')
        .map(|l| match l.strip_prefix("xn--").and_then(punycode_decode) {
            Some(d) => d,
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// RFC 3492 §6.2 decoding of one label (without its `xn--` prefix).
fn punycode_decode(input: &str) -> Option<String> {
    const BASE: u32 = 36;
    const TMIN: u32 = 1;
    const TMAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    fn adapt(mut delta: u32, num: u32, first: bool) -> u32 {
        delta /= if first { DAMP } else { 2 };
        delta += delta / num;
        let mut k = 0;
        while delta > ((BASE - TMIN) * TMAX) / 2 {
            delta /= BASE - TMIN;
            k += BASE;
        }
        k + (BASE - TMIN + 1) * delta / (delta + SKEW)
    }
    let (basic, ext) = match input.rfind('-') {
        Some(i) => (input.get(..i)?, input.get(i + 1..)?),
        None => ("", input),
    };
    let mut out: Vec<char> = basic.chars().collect();
    if out.iter().any(|c| !c.is_ascii()) || input.len() > 63 {
        return None;
    }
    let (mut n, mut i, mut bias) = (128u32, 0u32, 72u32);
    let mut it = ext.bytes().peekable();
    while it.peek().is_some() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let b = it.next()?;
            let digit = match b {
                b'a'..=b'z' => u32::from(b - b'a'),
                b'A'..=b'Z' => u32::from(b - b'A'),
                b'0'..=b'9' => u32::from(b - b'0') + 26,
                _ => return None,
            };
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = if k <= bias {
                TMIN
            } else if k >= bias + TMAX {
                TMAX
            } else {
                k - bias
            };
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = out.len() as u32 + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        n = n.checked_add(i / len)?;
        i %= len;
        out.insert(i as usize, char::from_u32(n)?);
        i += 1;
    }
    Some(out.into_iter().collect())
}

/// The writing system of a letter, by Unicode block (the scripts whose letters are confused
/// with Latin ones, and the East Asian ones UTS #39 lets mix with Latin). `None` for digits,
/// `-` and other non-letters; [`Script::Other`] for letters of any other block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    LatinRare,
    Greek,
    Cyrillic,
    Armenian,
    Cherokee,
    Han,
    Hiragana,
    Katakana,
    Hangul,
    Bopomofo,
    Other(u32),
}

fn script(c: char) -> Option<Script> {
    if !c.is_alphabetic() {
        return None;
    }
    let u = c as u32;
    Some(match u {
        // The letters languages write: ASCII, Latin-1, Latin Extended-A (European
        // languages) and Latin Extended Additional (Vietnamese).
        0x41..=0x5A | 0x61..=0x7A | 0xAA | 0xBA | 0xC0..=0x17F | 0x1E00..=0x1EFF => Script::Latin,
        // Latin letters no orthography of a host name needs, the usual look-alike sources
        // (`githuƃ`: U+0183): Latin Extended-B, IPA, Extended-C/D/E, fullwidth forms.
        0x180..=0x2AF
        | 0x2C60..=0x2C7F
        | 0xA720..=0xA7FF
        | 0xAB30..=0xAB6F
        | 0xFF21..=0xFF3A
        | 0xFF41..=0xFF5A => Script::LatinRare,
        0x370..=0x3FF | 0x1F00..=0x1FFF => Script::Greek,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
        0x530..=0x58F => Script::Armenian,
        0x13A0..=0x13FF | 0xAB70..=0xABBF => Script::Cherokee,
        0x2E80..=0x2FDF
        | 0x3005
        | 0x3007
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF
        | 0x20000..=0x3FFFF => Script::Han,
        0x3040..=0x309F => Script::Hiragana,
        0x30A0..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Script::Katakana,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Script::Hangul,
        0x3100..=0x312F | 0x31A0..=0x31BF => Script::Bopomofo,
        _ => Script::Other(u >> 7),
    })
}

/// Whether one label of a host name mixes writing systems the way a homograph does (UTS #39
/// "Highly Restrictive": one script, or Latin with Han and Japanese kana, with Han and Bopomofo,
/// or with Han and Hangul). Accented Latin letters of written languages are Latin (`münchen`,
/// `café`, `ørsted`, Vietnamese): not a mix; Latin with Cyrillic or Greek letters (`gіthub`,
/// `pаypal`) or with Latin letters no language writes (`githuƃ`, Latin Extended-B) is.
fn mixed_scripts(label: &str) -> bool {
    let mut seen: Vec<Script> = Vec::new();
    for s in label.chars().filter_map(script) {
        if !seen.contains(&s) {
            seen.push(s);
        }
    }
    if seen.len() <= 1 {
        return false;
    }
    let allowed = |set: &[Script]| seen.iter().all(|s| set.contains(s));
    !(allowed(&[
        Script::Latin,
        Script::Han,
        Script::Hiragana,
        Script::Katakana,
    ]) || allowed(&[Script::Latin, Script::Han, Script::Bopomofo])
        || allowed(&[Script::Latin, Script::Han, Script::Hangul]))
}

/// The well-known host an ASCII host begins with as whole labels, in front of another
/// registered domain (`github.com.parsekit-mirror.example.net`, `pypi.org.files-cdn.io`): the
/// name a reader skims is the well-known one ("combosquatting", Kintis et al., CCS 2017). A
/// country's own domain of the same company (`google.com.au`: one label after) is not one.
fn prefixed_imitation(host: &str) -> Option<String> {
    let h = host.to_ascii_lowercase();
    WELL_KNOWN_HOSTS
        .iter()
        .find(|k| {
            h.strip_prefix(**k)
                .and_then(|r| r.strip_prefix('.'))
                .is_some_and(|rest| rest.split('.').filter(|l| !l.is_empty()).count() >= 2)
        })
        .map(|k| k.to_string())
}

/// (the well-known host `host` imitates, whether a label mixes scripts). A host that *is* a
/// well-known host (or below one) imitates nothing.
fn homograph(host: &str) -> (Option<String>, bool) {
    if host.is_ascii() {
        return (prefixed_imitation(host), false);
    }
    let mixed = host.split('.').any(mixed_scripts);
    let skeleton: String = host
        .chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_ascii_lowercase()
            } else {
                crate::unicode::ascii_reading(c).unwrap_or(c)
            }
        })
        .collect();
    let known = WELL_KNOWN_HOSTS
        .iter()
        .find(|k| skeleton == **k || skeleton.strip_suffix(**k).is_some_and(|r| r.ends_with('.')));
    (known.map(|k| k.to_string()), mixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(u: &str) -> TargetClass {
        net_target(u)
            .map(|t| t.class)
            .unwrap_or(TargetClass::Public)
    }

    #[test]
    fn bare_metadata_address_in_a_path_or_query() {
        // h-cmd9: a redirector or proxy that takes its target from the path or query.
        for (prefix, suffix) in [
            ("https://r.example/csv-with-body/301-http-", ":80-.c.csv"),
            ("https://r.example/img/302-https-", "-.i.jpg"),
            ("https://r.example/go?target=", ""),
            ("https://r.example/go?target=", ":80&x=1"),
            ("https://r.example/p/", "/latest/meta-data/"),
            ("http://proxy.example:8080/fetch/", ""),
            ("https://r.example/go?t=%5B", "%5D"),
        ] {
            for addr in [
                "169.254.169.254",
                "metadata.google.internal",
                "100.100.100.200",
            ] {
                let u = format!("{prefix}{addr}{suffix}");
                let got = nested_urls(&u);
                assert!(
                    got.iter().any(|n| class(n) == TargetClass::Metadata),
                    "{u}: {got:?}"
                );
            }
        }
        for u in [
            "https://pypi.org/pypi/requests/json",
            "https://example.com/metadata/v1/items",
            "https://example.com/docs/instance-data/overview",
            "https://example.com/releases/v1.2.3/169.254.tar.gz",
            "https://169.254.169.254/latest/meta-data/",
            "https://example.com/a?ip=10.0.0.1:80",
        ] {
            assert!(
                nested_urls(u)
                    .iter()
                    .all(|n| class(n) != TargetClass::Metadata),
                "{u}: {:?}",
                nested_urls(u)
            );
        }
    }

    #[test]
    fn metadata_in_every_spelling() {
        for u in [
            "http://169.254.169.254/latest/meta-data/",
            "http://2852039166/",
            "http://0xa9fea9fe/",
            "http://0251.0376.0251.0376/",
            "http://[fd00:ec2::254]/latest/meta-data/",
            "http://metadata.google.internal/computeMetadata/v1/",
            "http://metadata/computeMetadata/v1/",
            "http://100.100.100.200/latest/meta-data/",
            "http://169.254.170.2/v2/credentials/x",
            "http://169.254.169.254.nip.io/latest/meta-data/",
        ] {
            assert_eq!(class(u), TargetClass::Metadata, "{u}");
        }
    }

    #[test]
    fn credential_paths() {
        for u in [
            "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
            "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token",
            "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01",
            "http://100.100.100.200/latest/meta-data/ram/security-credentials/r",
            "http://169.254.169.254/latest/user-data",
            "http://169.254.169.254/latest/api/token",
            "http://[fd00:ec2::254]/latest/dynamic/instance-identity/pkcs7",
            "http://metadata.google.internal/computeMetadata/v1/instance/attributes/kube-env",
            "http://169.254.169.254/metadata/instance/compute/userData?api-version=2021-01-01",
            "169.254.170.2/v2/credentials/0f1e",
            "169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
            "http://169.254.170.2${AWS_CONTAINER_CREDENTIALS_RELATIVE_URI}",
            "http://169.254.170.2/",
            "http://[fd00:ec2::23]/x",
        ] {
            assert!(net_target(u).is_some_and(|t| t.credentials), "{u}");
        }
        assert!(
            !net_target("http://169.254.169.254/latest/meta-data/instance-id")
                .is_some_and(|t| t.credentials)
        );
        assert!(!net_target("http://169.254.170.2/v2/metadata").is_some_and(|t| t.credentials));
        assert!(
            !net_target("https://example.com/latest/meta-data/iam/security-credentials/")
                .is_some_and(|t| t.credentials)
        );
    }

    #[test]
    fn address_classes() {
        assert_eq!(class("http://169.254.1.2/"), TargetClass::LinkLocal);
        assert_eq!(class("http://[fe80::1]/"), TargetClass::LinkLocal);
        assert_eq!(class("http://127.0.0.1:8080/health"), TargetClass::Loopback);
        assert_eq!(class("localhost:3000"), TargetClass::Loopback);
        assert_eq!(class("http://[::1]:9000/"), TargetClass::Loopback);
        assert_eq!(class("http://10.0.0.5/"), TargetClass::Private);
        assert_eq!(class("http://172.20.1.1/"), TargetClass::Private);
        assert_eq!(class("http://192.168.1.10:8080/"), TargetClass::Private);
        assert_eq!(class("http://[fd12::1]/"), TargetClass::Private);
        assert_eq!(class("https://example.com/"), TargetClass::Public);
        assert_eq!(class("http://172.32.0.1/"), TargetClass::Public);
        assert_eq!(
            net_target("http://127.0.0.1:8080/x").and_then(|t| t.port),
            Some(8080)
        );
    }

    #[test]
    fn homographs() {
        let t = net_target("https://gіthub.com/a/b.git").unwrap();
        assert_eq!(t.lookalike.as_deref(), Some("github.com"));
        assert!(t.mixed_script);
        // Punycode of the same name (xn--gthub-n4a.com = gіthub.com).
        let t = net_target("https://xn--gthub-n4a.com/a").unwrap();
        assert_eq!(t.lookalike.as_deref(), Some("github.com"), "{t:?}");
        let t = net_target("https://pаypal.com/").unwrap();
        assert_eq!(t.lookalike.as_deref(), Some("paypal.com"));
        // A well-known host's labels in front of another domain.
        let t = net_target("https://github.com.parsekit-mirror.example.net/a/b.git").unwrap();
        assert_eq!(t.lookalike.as_deref(), Some("github.com"));
        assert!(!t.mixed_script);
        // The real hosts and plain IDNs imitate nothing.
        for u in [
            "https://github.com/a",
            "https://api.github.com/",
            "https://münchen.de/",
            "https://пример.рф/",
        ] {
            assert_eq!(net_target(u).and_then(|t| t.lookalike), None, "{u}");
        }
        assert!(!net_target("https://пример.рф/").unwrap().mixed_script);
        // Accented Latin and the East Asian mixes UTS #39 allows are one writing system.
        for u in [
            "https://münchen.de/",
            "https://xn--mnchen-3ya.de/",
            "https://café.example/",
            "https://ørsted.dk/",
            "https://smörgås.se/",
            "https://日本語ドメイン.jp/",
            "https://abc日本.jp/",
            "https://한국abc.kr/",
        ] {
            assert!(!net_target(u).unwrap().mixed_script, "{u}");
        }
        // Latin with Cyrillic, Greek or Armenian letters in one label is a mix, as are two
        // non-Latin look-alike scripts together.
        for u in [
            "https://gіthub.example/",
            "https://pаypal-login.example/",
            "https://bαnk.example/",
            "https://gооgle-docs.example/",
            "https://аpple.example/",
            "https://օrange.example/",
            "https://mюnchen-ü.example/",
            "https://аβ.example/",
            "https://githuƃ.com/acme/x.git",
            "https://ɡithub.example/",
        ] {
            assert!(net_target(u).unwrap().mixed_script, "{u}");
        }
    }

    #[test]
    fn punycode_vectors() {
        // RFC 3492 §7.1 (B) and a German IDN.
        assert_eq!(punycode_decode("mnchen-3ya").as_deref(), Some("münchen"));
        assert_eq!(punycode_decode("e1afmkfd").as_deref(), Some("пример"));
        assert_eq!(punycode_decode("!!"), None);
    }
}
