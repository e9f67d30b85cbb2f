//! Static decoders: the escape languages of `$'…'`, `echo -e` and `printf`, base64, hex, and
//! URL host extraction (with numeric-IPv4 normalisation and cloud-metadata detection).
//!
//! Sources: bash(1) "QUOTING" (ANSI-C quoting) and the `echo`/`printf` builtins; POSIX
//! `printf` (XCU); RFC 4648 (base64, base64url); xxd(1) `-r -p`; RFC 3986 (URI authority);
//! inet_aton(3) (numeric IPv4 forms).

use std::net::{Ipv4Addr, Ipv6Addr};

/// Decodes the body of `$'…'`. Returns the text and whether an escape spelled a printable,
/// non-space ASCII character (the mark of obfuscation, as opposed to `$'\n'` or `$'\t'`).
pub(crate) fn ansi_c(body: &str) -> (String, bool) {
    decode_escapes(body, EscapeDialect::AnsiC)
}

/// Decodes `echo -e` / `printf %b` escapes. `\c` stops the output.
pub(crate) fn echo_escapes(body: &str) -> (String, bool) {
    decode_escapes(body, EscapeDialect::Echo)
}

/// Decodes the escapes of a `printf` format string (octal is `\NNN`, no leading 0 needed).
fn printf_escapes(body: &str) -> (String, bool) {
    decode_escapes(body, EscapeDialect::Printf)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum EscapeDialect {
    AnsiC,
    Echo,
    Printf,
}

fn decode_escapes(body: &str, dialect: EscapeDialect) -> (String, bool) {
    let chars: Vec<char> = body.chars().collect();
    let mut out = String::with_capacity(body.len());
    let mut printable = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' || i + 1 >= chars.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let e = chars[i + 1];
        i += 2;
        let simple = match e {
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'e' | 'E' => Some('\u{1b}'),
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            '\\' => Some('\\'),
            '\'' if dialect == EscapeDialect::AnsiC => Some('\''),
            '"' if dialect != EscapeDialect::Echo => Some('"'),
            '?' if dialect == EscapeDialect::AnsiC => Some('?'),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(s);
            continue;
        }
        let (radix, max, min_start) = match e {
            'x' => (16, 2, 0),
            'u' => (16, 4, 0),
            'U' => (16, 8, 0),
            '0' if dialect == EscapeDialect::Echo => (8, 3, 0),
            '0'..='7' if dialect != EscapeDialect::Echo => (8, 3, 1),
            'c' if dialect == EscapeDialect::Echo => return (out, printable),
            'c' if dialect == EscapeDialect::AnsiC => {
                if let Some(&n) = chars.get(i) {
                    out.push(char::from_u32((n as u32) & 0x1f).unwrap_or(n));
                    i += 1;
                }
                continue;
            }
            _ => {
                out.push('\\');
                out.push(e);
                continue;
            }
        };
        // Octal forms written without the leading 0 consume the escape letter as a digit.
        let mut digits = String::new();
        if min_start == 1 {
            digits.push(e);
        }
        while digits.len() < max {
            match chars.get(i) {
                Some(d) if d.is_digit(radix) => {
                    digits.push(*d);
                    i += 1;
                }
                _ => break,
            }
        }
        if digits.is_empty() {
            out.push('\\');
            out.push(e);
            continue;
        }
        let value = u32::from_str_radix(&digits, radix).unwrap_or(0);
        // Bytes above 0x7f from \x/octal are raw bytes in bash; show them as Latin-1.
        let ch = char::from_u32(value).unwrap_or('\u{fffd}');
        if ch.is_ascii_graphic() {
            printable = true;
        }
        out.push(ch);
    }
    (out, printable)
}

/// Output of `printf FORMAT ARGS…` (bash builtin semantics, simplified: flags/width are ignored,
/// numeric conversions print the argument as given). Returns the text and whether escapes in the
/// format or a `%b` argument spelled printable characters.
pub(crate) fn printf(format: &str, args: &[String]) -> (String, bool) {
    let (fmt, mut printable) = printf_escapes(format);
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut next = 0usize;
    // The format is reused while arguments remain (at most a few rounds; bounded by args).
    loop {
        let mut consumed_any = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c != '%' {
                out.push(c);
                i += 1;
                continue;
            }
            i += 1;
            // Skip flags, width, precision.
            while i < chars.len() && "-+ #0123456789.*".contains(chars[i]) {
                i += 1;
            }
            let Some(&conv) = chars.get(i) else { break };
            i += 1;
            if conv == '%' {
                out.push('%');
                continue;
            }
            let arg = args.get(next).cloned().unwrap_or_default();
            if next < args.len() {
                consumed_any = true;
            }
            next += 1;
            match conv {
                'b' => {
                    let (s, p) = echo_escapes(&arg);
                    printable |= p;
                    out.push_str(&s);
                }
                'c' => {
                    if let Some(ch) = arg.chars().next() {
                        out.push(ch);
                    }
                }
                _ => out.push_str(&arg),
            }
        }
        if !consumed_any || next >= args.len() || out.len() > 1 << 16 {
            break;
        }
    }
    (out, printable)
}

/// Decodes base64 (RFC 4648 standard or URL-safe alphabet), ignoring whitespace and tolerating
/// missing padding. `None` when other characters appear.
pub(crate) fn base64(input: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(input.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0u32;
    for c in input.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            b' ' | b'\n' | b'\r' | b'\t' => continue,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xff) as u8);
        }
    }
    Some(out)
}

/// Decodes plain hex (`xxd -r -p`): pairs of hex digits, whitespace ignored. `None` when other
/// characters appear.
pub(crate) fn hex_plain(input: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut hi: Option<u8> = None;
    for c in input.chars() {
        if c.is_whitespace() {
            continue;
        }
        let d = c.to_digit(16)? as u8;
        match hi.take() {
            Some(h) => out.push((h << 4) | d),
            None => hi = Some(d),
        }
    }
    Some(out)
}

/// Decodes an `xxd` dump (`xxd -r` without `-p`): per line, the hex groups after `OFFSET:`.
pub(crate) fn hex_dump(input: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for line in input.lines() {
        let rest = match line.find(':') {
            Some(i) => line.get(i + 1..).unwrap_or(""),
            None => line,
        };
        // The hex part ends at the first double space (the ASCII column follows).
        let hex_part = match rest.trim_start().find("  ") {
            Some(i) => rest.trim_start().get(..i).unwrap_or(""),
            None => rest.trim_start(),
        };
        out.extend(hex_plain(hex_part)?);
    }
    Some(out)
}

/// Bytes to text for analysis (invalid UTF-8 replaced).
pub(crate) fn bytes_to_text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A URL's host, as far as it can be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Host {
    /// Lower-case host; numeric IPv4 forms and wildcard-DNS names (`a9fea9fe.nip.io`) converted to
    /// dotted decimal.
    pub host: String,
    /// The host was an IPv4 address written in a non-canonical numeric form.
    pub ip_encoded: bool,
    /// The host is a cloud metadata endpoint.
    pub metadata: bool,
}

/// Cloud instance-metadata hosts. Sources: AWS EC2 user guide "Instance metadata" (IPv4
/// 169.254.169.254, IPv6 fd00:ec2::254, `instance-data`), ECS task metadata and credentials (169.254.170.2, IPv6 fd00:ec2::23),
/// GCP "About VM metadata" (`metadata.google.internal`, `metadata`), Equinix Metal (formerly
/// Packet) metadata (`metadata.packet.net`, `metadata.platformequinix.com`), Azure IMDS
/// (169.254.169.254), Alibaba Cloud ECS metadata (100.100.100.200), Tencent Cloud
/// (`metadata.tencentyun.com`).
const METADATA_HOSTS: &[&str] = &[
    "169.254.169.254",
    "fd00:ec2::254",
    "169.254.170.2",
    "fd00:ec2::23",
    "100.100.100.200",
    "metadata.google.internal",
    "metadata",
    "instance-data",
    "instance-data.ec2.internal",
    "metadata.tencentyun.com",
    "metadata.packet.net",
    "metadata.platformequinix.com",
];

/// Extracts the host of a URL (`https://user@host:443/x`, `host/x` for curl's scheme-less form,
/// `[fd00:ec2::254]`). `None` when no plausible host is present.
pub(crate) fn url_host(url: &str) -> Option<Host> {
    let rest = match url.find("://") {
        Some(i) => url.get(i + 3..)?,
        None => {
            // Scheme-less: curl and wget accept `host/path` and `host:port/path`.
            let first = url.split(['/', '?', '#']).next().unwrap_or("");
            let hostish = first.rsplit('@').next().unwrap_or("");
            let h = hostish.split(':').next().unwrap_or("");
            if hostish.starts_with('[')
                || h.contains('.')
                || h == "localhost"
                || METADATA_HOSTS.contains(&h)
                || (!h.is_empty() && h.bytes().all(|b| b.is_ascii_digit()) && h.len() > 6)
            {
                url
            } else {
                return None;
            }
        }
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let hostport = authority.rsplit('@').next().unwrap_or("");
    let host = if let Some(stripped) = hostport.strip_prefix('[') {
        stripped.split(']').next().unwrap_or("").to_string()
    } else {
        hostport.split(':').next().unwrap_or("").to_string()
    };
    // The WHATWG URL parser percent-decodes the host before anything else
    // (`http://169%2e254%2e169%2e254/` reaches 169.254.169.254).
    let host = if host.contains('%') {
        percent_decode_host(&host)
    } else {
        host
    };
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    if host.is_empty() {
        return None;
    }
    Some(classify_host(&host))
}

/// `%XX` escapes of a URL host decoded (invalid escapes and non-UTF-8 results kept as written).
fn percent_decode_host(host: &str) -> String {
    let b = host.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b'%' {
            let hex = b
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            if let Some(v) = hex {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| host.to_string())
}

/// Normalises and classifies a bare host name or address.
pub(crate) fn classify_host(host: &str) -> Host {
    let mut h = host.trim_end_matches('.').to_ascii_lowercase();
    let mut ip_encoded = false;
    if let Ok(v6) = h.parse::<Ipv6Addr>() {
        h = match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => v6.to_string(),
        };
    } else if h.parse::<Ipv4Addr>().is_err() {
        if let Some(v4) = inet_aton(&h) {
            ip_encoded = true;
            h = v4.to_string();
        } else if let Some(v4) = wildcard_dns(&h) {
            // A name, not a hidden number: local development uses these every day
            // (`app.127.0.0.1.nip.io`), so it is judged as the address, not as obfuscation.
            h = v4.to_string();
        }
    }
    let metadata = METADATA_HOSTS.contains(&h.as_str());
    Host {
        host: h,
        ip_encoded,
        metadata,
    }
}

/// Public wildcard-DNS services that answer a name with the IPv4 address written in it.
const WILDCARD_DNS: &[&str] = &[".nip.io", ".sslip.io", ".xip.io", ".nip.direct"];

/// The address a wildcard-DNS name resolves to (nip.io and sslip.io docs: the address as the
/// name's last four dot-separated labels `10.0.0.1.nip.io`, dashed in its last label
/// `app-10-0-0-1.nip.io`, or as eight hex digits `0a000001.nip.io`, any labels before it).
fn wildcard_dns(h: &str) -> Option<Ipv4Addr> {
    let name = WILDCARD_DNS.iter().find_map(|s| h.strip_suffix(s))?;
    let labels: Vec<&str> = name.split('.').collect();
    if labels.len() >= 4 {
        let dotted = labels[labels.len() - 4..].join(".");
        if let Ok(ip) = dotted.parse::<Ipv4Addr>() {
            return Some(ip);
        }
    }
    let last = labels.last()?;
    let dashed: Vec<&str> = last.split('-').collect();
    if dashed.len() >= 4 {
        if let Ok(ip) = dashed[dashed.len() - 4..].join(".").parse::<Ipv4Addr>() {
            return Some(ip);
        }
    }
    let hex = last.rsplit('-').next()?;
    if hex.len() == 8 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return u32::from_str_radix(hex, 16).ok().map(Ipv4Addr::from);
    }
    None
}

/// inet_aton(3): 1–4 parts, each decimal, `0x` hex or `0` octal; the last part fills the
/// remaining bytes. Only accepts strings made of digits, dots and `x`.
fn inet_aton(s: &str) -> Option<Ipv4Addr> {
    if s.is_empty()
        || !s
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b'.' || b == b'x')
    {
        return None;
    }
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut nums = Vec::with_capacity(parts.len());
    for p in &parts {
        let n = if let Some(hex) = p.strip_prefix("0x") {
            u64::from_str_radix(hex, 16).ok()?
        } else if p.len() > 1 && p.starts_with('0') {
            u64::from_str_radix(p, 8).ok()?
        } else {
            p.parse::<u64>().ok()?
        };
        nums.push(n);
    }
    let (last, init) = nums.split_last()?;
    let mut value: u64 = 0;
    for (i, n) in init.iter().enumerate() {
        if *n > 255 {
            return None;
        }
        value |= n << (24 - 8 * i);
    }
    let remaining_bits = 32 - 8 * init.len() as u32;
    if remaining_bits < 64 && *last >= (1u64 << remaining_bits) {
        return None;
    }
    value |= last;
    u32::try_from(value).ok().map(Ipv4Addr::from)
}

/// `%XX` escapes of a URL decoded (invalid escapes kept as written; `+` is a space, as in a
/// query string).
pub(crate) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match b[i] {
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// URLs carried inside another URL's path or query (`/fetch?url=http://169.254.169.254/…`,
/// percent-encoded or not): what a proxy or a server-side fetch at the outer URL reaches.
/// At most 4.
pub(crate) fn nested_urls(url: &str) -> Vec<String> {
    let Some(start) = url.find("://").map(|i| i + 3) else {
        return Vec::new();
    };
    let rest = percent_decode(url.get(start..).unwrap_or(""));
    let mut out = Vec::new();
    let mut from = 0;
    while out.len() < 4 {
        let Some(i) = rest.get(from..).and_then(|r| r.find("http")) else {
            break;
        };
        let at = from + i;
        let tail = rest.get(at..).unwrap_or("");
        if tail.starts_with("http://") || tail.starts_with("https://") {
            let end = tail
                .find(|c: char| {
                    c.is_whitespace() || matches!(c, '&' | '\'' | '"' | '<' | '>' | '$')
                })
                .unwrap_or(tail.len());
            out.push(tail[..end].to_string());
        }
        from = at + 4;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcard_dns_names_are_their_addresses() {
        for h in [
            "169.254.169.254.nip.io",
            "a9fea9fe.nip.io",
            "169-254-169-254.sslip.io",
            "app.169.254.169.254.sslip.io",
            "app-169-254-169-254.nip.io",
            "x-a9fea9fe.sslip.io",
        ] {
            let c = classify_host(h);
            assert!(c.metadata && !c.ip_encoded, "{h}: {c:?}");
        }
        for h in [
            "nip.io",
            "app.nip.io",
            "example.com",
            "10.0.0.1.example.com",
        ] {
            assert!(!classify_host(h).metadata, "{h}");
        }
        assert_eq!(classify_host("10-0-0-1.nip.io").host, "10.0.0.1");
    }

    #[test]
    fn ansi_c_decodes_hex_and_flags_printable() {
        assert_eq!(ansi_c(r"\x72\x6d"), ("rm".to_string(), true));
        assert_eq!(ansi_c(r"a\tb"), ("a\tb".to_string(), false));
        assert_eq!(ansi_c(r"\162\155"), ("rm".to_string(), true));
    }

    #[test]
    fn printf_formats() {
        let (s, p) = printf(r"\x63url %s\n", &["x".to_string()]);
        assert_eq!(s, "curl x\n");
        assert!(p);
    }

    #[test]
    fn base64_and_hex() {
        assert_eq!(
            base64("Y3VybA==").map(|b| bytes_to_text(&b)),
            Some("curl".into())
        );
        assert_eq!(
            hex_plain("726d20").map(|b| bytes_to_text(&b)),
            Some("rm ".into())
        );
        assert_eq!(base64("not base64!"), None);
    }

    #[test]
    fn hosts() {
        let h = url_host("http://169.254.169.254/latest/meta-data").unwrap_or_else(|| panic!());
        assert!(h.metadata);
        let h = url_host("http://2852039166/").unwrap_or_else(|| panic!());
        assert_eq!(h.host, "169.254.169.254");
        assert!(h.ip_encoded && h.metadata);
        let h = url_host("http://[fd00:ec2::254]/latest").unwrap_or_else(|| panic!());
        assert!(h.metadata);
        assert_eq!(
            url_host("https://u:p@Example.COM:8443/x").map(|h| h.host),
            Some("example.com".into())
        );
        assert_eq!(
            url_host("notes.txt").map(|h| h.host),
            Some("notes.txt".into())
        );
        assert_eq!(url_host("-o"), None);
    }

    #[test]
    fn urls_inside_urls_are_found_encoded_or_not() {
        let v =
            nested_urls("http://10.0.0.9/fetch?url=http%3A%2F%2F169.254.169.254%2Flatest%2F&x=1");
        assert_eq!(v, vec!["http://169.254.169.254/latest/".to_string()]);
        let v = nested_urls("https://p.example/go?to=https://q.example/a b");
        assert_eq!(v, vec!["https://q.example/a".to_string()]);
        assert!(nested_urls("https://example.com/http-client/docs").is_empty());
        assert_eq!(percent_decode("a%20b+c%zz"), "a b c%zz");
    }
}
