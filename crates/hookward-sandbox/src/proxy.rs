//! The host allowlist of `hookward run`: an HTTP proxy on 127.0.0.1 that the sandboxed
//! command's `HTTPS_PROXY`/`HTTP_PROXY` point at and that opens a connection only to a
//! `HOST:PORT` on the list.
//!
//! **Where it runs.** In the `hookward run` process, which stays outside the sandbox: with an
//! allowlist, `hookward run` does not `exec` the command but starts it as a child that
//! restricts itself between `fork` and `exec` (`apply::Prepared::pre_exec`), and serves the
//! proxy from threads of the unconfined parent. The child's Landlock domain allows TCP connect
//! only to the proxy's port (and the `:PORT` entries), so where the kernel has TCP rules
//! (Landlock ABI 4) a program that ignores `HTTPS_PROXY` cannot reach any host directly. The
//! child cannot signal or trace the parent (Landlock scopes signals in `standard` and
//! `strict`, and a sandboxed process can never `ptrace` one outside its domain).
//!
//! **What it speaks.** `CONNECT host:port` (HTTPS and any TLS: the bytes are relayed, never
//! decrypted) and absolute-form plain HTTP (`GET http://host:port/path`), forwarded once to
//! the named host with the `Proxy-*` headers removed. A refused request gets `403` with a
//! one-line reason, and the refusal is printed on `hookward run`'s stderr.
//!
//! **Names and addresses.** Entries are matched on the name the client asks for (case
//! insensitive; `*.example.com` matches every name below `example.com`, not `example.com`
//! itself). A name is resolved by the proxy; an address in the link-local ranges
//! (`169.254.0.0/16`, where cloud metadata services answer, and `fe80::/10`) is refused unless
//! the entry names that address literally, so a name pointed at the metadata service does not
//! reach it.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Longest request head the proxy reads (request line and headers): 16 KiB. Longer heads are
/// refused with `431`.
pub const MAX_HEAD: usize = 16 * 1024;

/// Most connections served at once: 256. More wait in the listen queue.
pub const MAX_CONNECTIONS: usize = 256;

/// How long the proxy waits for a request head or an upstream connection: 30 s.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// The host part of an allowlist entry.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Host {
    /// Exactly this name or address (lower case; an IPv6 address without brackets).
    Exact(String),
    /// Every name ending in `.` + this (from `*.example.com`; lower case).
    Below(String),
}

/// One allowlist entry: a host and a port.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Allow {
    /// The host.
    pub host: Host,
    /// The TCP port (1–65535).
    pub port: u16,
}

impl std::fmt::Display for Allow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.host {
            Host::Exact(h) if h.contains(':') => write!(f, "[{h}]:{}", self.port),
            Host::Exact(h) => write!(f, "{h}:{}", self.port),
            Host::Below(h) => write!(f, "*.{h}:{}", self.port),
        }
    }
}

/// Whether `s` is a DNS name as the allowlist accepts it: labels of ASCII letters, digits and
/// `-` (not at either end), 1–63 bytes each, 253 bytes in all.
fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// Splits `HOST:PORT` (`[v6]:PORT` for IPv6) into the host text and the port.
fn split_host_port(spec: &str) -> Option<(&str, u16)> {
    let (host, port) = if let Some(rest) = spec.strip_prefix('[') {
        let (h, p) = rest.split_once("]:")?;
        (h, p)
    } else {
        spec.rsplit_once(':')?
    };
    match port.parse::<u16>() {
        Ok(p) if p > 0 => Some((host, p)),
        _ => None,
    }
}

/// Parses one allowlist entry: `name:port`, `*.domain:port`, `1.2.3.4:port` or `[v6]:port`.
/// `None` for anything else (an empty host, a port-only `:PORT`, a bad name or port): the
/// caller refuses to start (fail closed).
pub fn parse_allow(spec: &str) -> Option<Allow> {
    let (host, port) = split_host_port(spec.trim())?;
    let host = host.to_ascii_lowercase();
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Some(Allow {
            host: Host::Exact(ip.to_string()),
            port,
        });
    }
    if let Some(d) = host.strip_prefix("*.") {
        return is_name(d).then(|| Allow {
            host: Host::Below(d.to_string()),
            port,
        });
    }
    is_name(&host).then_some(Allow {
        host: Host::Exact(host),
        port,
    })
}

/// Whether `host:port` (as a client asked for it) is on `list`.
pub fn allowed(list: &[Allow], host: &str, port: u16) -> bool {
    let host = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim_end_matches('.')
        .to_ascii_lowercase();
    let host = host
        .parse::<IpAddr>()
        .map(|ip| ip.to_string())
        .unwrap_or(host);
    list.iter().any(|a| {
        a.port == port
            && match &a.host {
                Host::Exact(h) => *h == host,
                Host::Below(d) => host.len() > d.len() + 1 && host.ends_with(&format!(".{d}")),
            }
    })
}

/// Whether `ip` is link-local (`169.254.0.0/16`, `fe80::/10`), where cloud metadata services
/// answer.
pub fn link_local(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_link_local(),
        IpAddr::V6(v6) => (v6.segments()[0] & 0xffc0) == 0xfe80,
    }
}

/// A running proxy: its address. The listener thread lives as long as the process.
#[derive(Debug, Clone, Copy)]
pub struct Running {
    /// Where it listens (127.0.0.1 and a port the kernel chose).
    pub addr: SocketAddr,
}

/// What the proxy reports about each request: `(allowed, "CONNECT host:port", reason)`.
pub type Report = Arc<dyn Fn(bool, &str, &str) + Send + Sync>;

/// Binds 127.0.0.1 on a port the kernel chooses and serves the allowlist from a thread.
///
/// # Errors
/// The bind error.
pub fn start(list: Vec<Allow>, report: Report) -> io::Result<Running> {
    let listener = TcpListener::bind(("127.0.0.1", 0))?;
    let addr = listener.local_addr()?;
    let list = Arc::new(list);
    let active = Arc::new(AtomicUsize::new(0));
    std::thread::Builder::new()
        .name("hookward-proxy".into())
        .spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                while active.load(Ordering::Acquire) >= MAX_CONNECTIONS {
                    std::thread::sleep(Duration::from_millis(20));
                }
                active.fetch_add(1, Ordering::AcqRel);
                let (list, report, active) = (list.clone(), report.clone(), active.clone());
                let spawned = std::thread::Builder::new()
                    .name("hookward-proxy-conn".into())
                    .spawn(move || {
                        let _ = serve(stream, &list, &report);
                        active.fetch_sub(1, Ordering::AcqRel);
                    });
                if spawned.is_err() {
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        })?;
    Ok(Running { addr })
}

/// Writes a short error response and closes.
fn refuse(mut s: &TcpStream, status: &str, why: &str) -> io::Result<()> {
    let body = format!("hookward run: {why}\n");
    write!(
        s,
        "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    s.flush()
}

/// Reads the request head (through the blank line), bounded by [`MAX_HEAD`]. Returns the
/// head's lines and any bytes read past it.
fn read_head(r: &mut BufReader<TcpStream>) -> io::Result<Option<Vec<String>>> {
    let mut lines = Vec::new();
    let mut total = 0usize;
    loop {
        let mut line = Vec::new();
        let n = r
            .by_ref()
            .take((MAX_HEAD - total) as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(None);
        }
        total += n;
        if total > MAX_HEAD {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "head too long"));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']).to_string();
        if text.is_empty() {
            if lines.is_empty() {
                continue; // a stray empty line before the request line
            }
            return Ok(Some(lines));
        }
        lines.push(text);
    }
}

/// Connects to `host:port`, refusing link-local addresses unless the entry names one.
fn connect(host: &str, port: u16) -> Result<TcpStream, String> {
    let literal = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
        .ok();
    let addrs: Vec<SocketAddr> = match literal {
        Some(ip) => vec![SocketAddr::new(ip, port)],
        None => (host, port)
            .to_socket_addrs()
            .map_err(|e| format!("cannot resolve {host}: {e}"))?
            .collect(),
    };
    let mut last = format!("{host} has no address");
    for a in addrs {
        if literal.is_none() && link_local(a.ip()) {
            last = format!(
                "{host} resolves to the link-local address {} (refused unless allowed by address)",
                a.ip()
            );
            continue;
        }
        match TcpStream::connect_timeout(&a, TIMEOUT) {
            Ok(s) => return Ok(s),
            Err(e) => last = format!("{a}: {e}"),
        }
    }
    Err(last)
}

/// Relays bytes both ways until either side closes.
fn relay(client: TcpStream, upstream: TcpStream) {
    let (Ok(c2), Ok(u2)) = (client.try_clone(), upstream.try_clone()) else {
        return;
    };
    let _ = client.set_read_timeout(None);
    let up = std::thread::Builder::new().spawn(move || {
        let (mut from, mut to) = (c2, u2);
        let _ = io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Write);
    });
    let (mut from, mut to) = (upstream, client);
    let _ = io::copy(&mut from, &mut to);
    let _ = to.shutdown(Shutdown::Write);
    if let Ok(h) = up {
        let _ = h.join();
    }
}

/// Serves one client connection.
fn serve(stream: TcpStream, list: &[Allow], report: &Report) -> io::Result<()> {
    stream.set_read_timeout(Some(TIMEOUT))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let head = match read_head(&mut reader) {
        Ok(Some(h)) => h,
        Ok(None) => return Ok(()),
        Err(_) => {
            return refuse(
                &stream,
                "431 Request Header Fields Too Large",
                "request head too long",
            )
        }
    };
    let mut parts = head[0].split_whitespace();
    let (method, target, version) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or("HTTP/1.1"),
    );
    let buffered = reader.buffer().to_vec();
    if method.eq_ignore_ascii_case("CONNECT") {
        let what = format!("CONNECT {target}");
        let Some((host, port)) = split_host_port(target) else {
            report(false, &what, "not HOST:PORT");
            return refuse(&stream, "400 Bad Request", "CONNECT needs HOST:PORT");
        };
        if !allowed(list, host, port) {
            report(false, &what, "not in the allowlist");
            return refuse(
                &stream,
                "403 Forbidden",
                &format!("{host}:{port} is not in the sandbox's allowlist (--allow-net)"),
            );
        }
        let upstream = match connect(host, port) {
            Ok(u) => u,
            Err(e) => {
                report(false, &what, &e);
                return refuse(&stream, "502 Bad Gateway", &e);
            }
        };
        report(true, &what, "allowed");
        (&stream).write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")?;
        if !buffered.is_empty() {
            (&upstream).write_all(&buffered)?;
        }
        relay(stream, upstream);
        return Ok(());
    }
    // Plain HTTP in absolute form: http://host[:port]/path
    let Some(rest) = target
        .strip_prefix("http://")
        .or_else(|| target.strip_prefix("HTTP://"))
    else {
        report(false, &format!("{method} {target}"), "not a proxy request");
        return refuse(
            &stream,
            "400 Bad Request",
            "this proxy takes CONNECT host:port or an absolute http:// URL",
        );
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let authority = authority.rsplit_once('@').map_or(authority, |(_, a)| a);
    let (host, port) = match split_host_port(authority) {
        Some(hp) => hp,
        None if !authority.contains(':') || authority.ends_with(']') => (authority, 80),
        None => {
            report(false, &format!("{method} http://{authority}"), "bad port");
            return refuse(&stream, "400 Bad Request", "bad port");
        }
    };
    let what = format!("{method} http://{host}:{port}");
    if !allowed(list, host, port) {
        report(false, &what, "not in the allowlist");
        return refuse(
            &stream,
            "403 Forbidden",
            &format!("{host}:{port} is not in the sandbox's allowlist (--allow-net)"),
        );
    }
    let upstream = match connect(host, port) {
        Ok(u) => u,
        Err(e) => {
            report(false, &what, &e);
            return refuse(&stream, "502 Bad Gateway", &e);
        }
    };
    report(true, &what, "allowed");
    let mut out = format!("{method} {path} {version}\r\n");
    for h in &head[1..] {
        let name = h.split(':').next().unwrap_or("").trim();
        if name.to_ascii_lowercase().starts_with("proxy-") {
            continue;
        }
        out.push_str(h);
        out.push_str("\r\n");
    }
    out.push_str("\r\n");
    (&upstream).write_all(out.as_bytes())?;
    if !buffered.is_empty() {
        (&upstream).write_all(&buffered)?;
    }
    relay(stream, upstream);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_parse_or_are_refused() {
        let a = parse_allow("API.Example.com:443").unwrap();
        assert_eq!(a.host, Host::Exact("api.example.com".into()));
        assert_eq!(a.port, 443);
        assert_eq!(a.to_string(), "api.example.com:443");
        assert_eq!(
            parse_allow("*.example.com:443").unwrap().host,
            Host::Below("example.com".into())
        );
        assert_eq!(parse_allow("[::1]:8080").unwrap().to_string(), "[::1]:8080");
        assert_eq!(
            parse_allow("127.0.0.1:80").unwrap().to_string(),
            "127.0.0.1:80"
        );
        for bad in [
            "",
            ":443",
            "example.com",
            "example.com:0",
            "example.com:70000",
            "ex ample.com:1",
            "*.:1",
            "-a.com:1",
            "a..b:1",
            "*example.com:1",
            "a.com:https",
            "[::1:80",
        ] {
            assert!(parse_allow(bad).is_none(), "{bad:?} parsed");
        }
    }

    #[test]
    fn matching_is_by_name_port_and_wildcard() {
        let list: Vec<Allow> = [
            "api.example.com:443",
            "*.pkg.dev:443",
            "127.0.0.1:8080",
            "[::1]:9",
        ]
        .iter()
        .map(|s| parse_allow(s).unwrap())
        .collect();
        assert!(allowed(&list, "API.example.com", 443));
        assert!(allowed(&list, "api.example.com.", 443));
        assert!(!allowed(&list, "api.example.com", 80));
        assert!(!allowed(&list, "evil-api.example.com", 443));
        assert!(allowed(&list, "eu.pkg.dev", 443));
        assert!(!allowed(&list, "pkg.dev", 443));
        assert!(!allowed(&list, "pkg.dev.evil.com", 443));
        assert!(allowed(&list, "127.0.0.1", 8080));
        assert!(!allowed(&list, "127.0.0.2", 8080));
        assert!(allowed(&list, "[::1]", 9));
        assert!(allowed(&list, "0:0:0:0:0:0:0:1", 9));
    }

    #[test]
    fn link_local_ranges() {
        assert!(link_local("169.254.169.254".parse().unwrap()));
        assert!(link_local("fe80::1".parse().unwrap()));
        assert!(!link_local("10.0.0.1".parse().unwrap()));
        assert!(!link_local("::1".parse().unwrap()));
    }

    /// A one-shot HTTP server on 127.0.0.1 answering `body`.
    fn server(body: &'static str) -> u16 {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        std::thread::spawn(move || {
            for s in l.incoming().flatten() {
                let mut r = BufReader::new(s.try_clone().unwrap());
                let _ = read_head(&mut r);
                let mut s = s;
                let _ = write!(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        });
        port
    }

    fn ask(proxy: SocketAddr, req: &str) -> String {
        let mut s = TcpStream::connect(proxy).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(req.as_bytes()).unwrap();
        let mut out = String::new();
        let _ = s.read_to_string(&mut out);
        out
    }

    #[test]
    fn proxy_relays_allowed_and_refuses_the_rest() {
        let a = server("from-a");
        let b = server("from-b");
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen2 = seen.clone();
        let report: Report = Arc::new(move |ok, what, _why| {
            seen2.lock().unwrap().push((ok, what.to_string()));
        });
        let p = start(
            vec![parse_allow(&format!("127.0.0.1:{a}")).unwrap()],
            report,
        )
        .unwrap();
        // Plain HTTP, absolute form.
        let r = ask(p.addr, &format!("GET http://127.0.0.1:{a}/x HTTP/1.1\r\nHost: 127.0.0.1\r\nProxy-Connection: keep-alive\r\n\r\n"));
        assert!(
            r.starts_with("HTTP/1.1 200 OK") && r.ends_with("from-a"),
            "{r}"
        );
        let r = ask(
            p.addr,
            &format!("GET http://127.0.0.1:{b}/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
        );
        assert!(
            r.starts_with("HTTP/1.1 403") && !r.contains("from-b"),
            "{r}"
        );
        // CONNECT, then a request inside the tunnel.
        let r = ask(
            p.addr,
            &format!("CONNECT 127.0.0.1:{a} HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"),
        );
        assert!(
            r.starts_with("HTTP/1.1 200 Connection established") && r.ends_with("from-a"),
            "{r}"
        );
        let r = ask(p.addr, &format!("CONNECT localhost:{b} HTTP/1.1\r\n\r\n"));
        assert!(r.starts_with("HTTP/1.1 403"), "{r}");
        let r = ask(p.addr, "GET /relative HTTP/1.1\r\n\r\n");
        assert!(r.starts_with("HTTP/1.1 400"), "{r}");
        let seen = seen.lock().unwrap().clone();
        assert_eq!(seen.iter().filter(|(ok, _)| *ok).count(), 2, "{seen:?}");
        assert!(
            seen.contains(&(false, format!("CONNECT localhost:{b}"))),
            "{seen:?}"
        );
    }
}
