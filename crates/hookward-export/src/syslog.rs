//! RFC 5424 syslog messages, sent over UDP (one message per datagram, RFC 5426), TCP
//! (octet-counting framing, RFC 6587 §3.4.1: `LEN SP MSG`) or TLS (the same frames, RFC 5425;
//! rustls, the server's certificate checked against the Mozilla roots of `webpki-roots` plus
//! the CA file given with [`Target::with_ca`], `export.syslog_ca`).
//!
//! A message: `<PRI>1 TIMESTAMP HOSTNAME hookward PROCID MSGID [hookward@32473 id="D12"
//! type="decision" decision="deny"] {json}`: facility [`FACILITY`] (local0), the record's
//! severity, its time (RFC 3339, ms, UTC), MSGID `decision`/`health`/`audit`, one
//! structured-data element for filtering, and the record's [`document`](crate::document) as
//! the MSG. hookward has no IANA private enterprise number, so the SD-ID uses 32473, the
//! number RFC 5424 itself uses in its examples (RFC 5612 reserves it for documentation).
//!
//! Delivery: over TCP and TLS a batch counts as delivered once every byte is written, our side
//! is shut down (after TLS `close_notify`) and the receiver closed its side too (it read up to
//! our end of stream; a TLS receiver that closes without `close_notify`, as rsyslog does, counts); a
//! refused, reset or timed-out connection leaves the batch to be sent again. UDP has no
//! acknowledgement: a datagram sent is counted as delivered (use TCP for at-least-once).

use crate::{document, ExportError, Record, Shape};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream, ToSocketAddrs, UdpSocket};
use std::time::Duration;

/// The syslog facility of every message: 16, local0 (RFC 5424 §6.2.1).
pub const FACILITY: u8 = 16;

/// The largest UDP message sent: 8,192 bytes (rsyslog's default `maxMessageSize`; RFC 5426
/// requires receivers to take at least 480 and recommends 2,048). A longer MSG is cut at a
/// character boundary.
pub const UDP_MAX: usize = 8192;

/// How long connecting, writing and waiting for the receiver's close may take: 10 s each.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The structured-data ID (see the module docs for the number).
pub const SD_ID: &str = "hookward@32473";

/// A PARAM-VALUE escaped as RFC 5424 §6.3.3 asks (`"`, `\` and `]` get a backslash).
fn sd_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '"' | '\\' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A header field: printable US-ASCII without spaces, at most `max` characters, `-` when
/// empty (RFC 5424 §6.2).
fn header_field(s: &str, max: usize) -> String {
    let v: String = s
        .chars()
        .filter(|c| c.is_ascii_graphic())
        .take(max)
        .collect();
    if v.is_empty() {
        "-".into()
    } else {
        v
    }
}

/// The RFC 5424 message of `record` (without transport framing).
pub fn message(record: &Record<'_>, shape: Shape, host: &str, procid: u32) -> String {
    let pri = u16::from(FACILITY) * 8 + u16::from(record.level().syslog());
    let mut sd = format!(
        "[{SD_ID} id=\"{}\" type=\"{}\"",
        sd_escape(&record.id()),
        record.kind()
    );
    if let Record::Decision(d) = record {
        sd.push_str(&format!(
            " agent=\"{}\" decision=\"{}\" rules=\"{}\"",
            sd_escape(&d.record.agent),
            sd_escape(d.record.decision.as_deref().unwrap_or("none")),
            sd_escape(&d.record.rule_ids.join(","))
        ));
    }
    sd.push(']');
    format!(
        "<{pri}>1 {} {} hookward {procid} {} {sd} {}",
        crate::rfc3339_ms(record.ts_ms()),
        header_field(host, 255),
        record.kind(),
        document(record, shape, host)
    )
}

/// Where to send: `udp://host:port` or `tcp://host:port` (config key `export.syslog`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One datagram per message.
    Udp(String),
    /// Octet-counted frames on one connection per batch.
    Tcp(String),
    /// Octet-counted frames over TLS, one connection per batch; `ca` is an extra PEM file of
    /// CA certificates to trust beside the Mozilla roots.
    Tls {
        /// `host:port`.
        addr: String,
        /// Extra trusted CA certificates (PEM), if any.
        ca: Option<std::path::PathBuf>,
    },
}

impl Target {
    /// Parses `export.syslog`.
    ///
    /// Errors: [`ExportError::BadTarget`] for another scheme or a missing port.
    pub fn parse(s: &str) -> Result<Target, ExportError> {
        let bad = || {
            ExportError::BadTarget(format!(
                "export.syslog {s:?}: expected udp://host:port, tcp://host:port or tls://host:port"
            ))
        };
        let tls = |a: String| Target::Tls { addr: a, ca: None };
        let (ctor, rest): (&dyn Fn(String) -> Target, &str) =
            if let Some(r) = s.strip_prefix("udp://") {
                (&Target::Udp, r)
            } else if let Some(r) = s.strip_prefix("tcp://") {
                (&Target::Tcp, r)
            } else if let Some(r) = s.strip_prefix("tls://") {
                (&tls, r)
            } else {
                return Err(bad());
            };
        let rest = rest.trim_end_matches('/');
        match rest.rsplit_once(':') {
            Some((h, p)) if !h.is_empty() && p.parse::<u16>().is_ok() => Ok(ctor(rest.into())),
            _ => Err(bad()),
        }
    }

    /// The same target trusting the CA certificates in `ca` (a PEM file) too; only TLS uses it.
    pub fn with_ca(self, ca: Option<std::path::PathBuf>) -> Target {
        match self {
            Target::Tls { addr, .. } => Target::Tls { addr, ca },
            other => other,
        }
    }

    fn addr(&self) -> &str {
        match self {
            Target::Udp(a) | Target::Tcp(a) | Target::Tls { addr: a, .. } => a,
        }
    }

    fn resolve(&self) -> Result<SocketAddr, ExportError> {
        self.addr()
            .to_socket_addrs()
            .ok()
            .and_then(|mut a| a.next())
            .ok_or_else(|| ExportError::Unreachable {
                target: self.to_string(),
                message: "the host does not resolve".into(),
            })
    }

    /// Sends `messages` ([`message`]) as one batch; `Ok` when delivered as the module docs
    /// define it.
    ///
    /// Errors: [`ExportError::Unreachable`].
    pub fn send(&self, messages: &[String]) -> Result<(), ExportError> {
        let addr = self.resolve()?;
        let fail = |e: std::io::Error| ExportError::Unreachable {
            target: self.to_string(),
            message: e.to_string(),
        };
        match self {
            Target::Udp(_) => {
                let local = if addr.is_ipv4() {
                    "0.0.0.0:0"
                } else {
                    "[::]:0"
                };
                let sock = UdpSocket::bind(local).map_err(fail)?;
                sock.connect(addr).map_err(fail)?;
                for m in messages {
                    let mut end = m.len().min(UDP_MAX);
                    while !m.is_char_boundary(end) {
                        end -= 1;
                    }
                    sock.send(&m.as_bytes()[..end]).map_err(fail)?;
                }
                Ok(())
            }
            Target::Tls { addr: hostport, ca } => {
                let frames = frames(messages);
                crate::tls::send(hostport, addr, ca.as_deref(), &frames, TIMEOUT).map_err(
                    |message| ExportError::Unreachable {
                        target: self.to_string(),
                        message,
                    },
                )
            }
            Target::Tcp(_) => {
                let mut s = TcpStream::connect_timeout(&addr, TIMEOUT).map_err(fail)?;
                s.set_write_timeout(Some(TIMEOUT)).map_err(fail)?;
                s.set_read_timeout(Some(TIMEOUT)).map_err(fail)?;
                s.write_all(&frames(messages)).map_err(fail)?;
                s.flush().map_err(fail)?;
                s.shutdown(Shutdown::Write).map_err(fail)?;
                // The receiver closes its side after reading our end of stream: then it has
                // read every frame.
                let mut sink = [0u8; 512];
                loop {
                    match s.read(&mut sink) {
                        Ok(0) => return Ok(()),
                        Ok(_) => continue,
                        Err(e) => return Err(fail(e)),
                    }
                }
            }
        }
    }
}

/// Octet-counted frames (RFC 6587 §3.4.1) of `messages`, one buffer.
fn frames(messages: &[String]) -> Vec<u8> {
    let mut buf = Vec::new();
    for m in messages {
        buf.extend_from_slice(format!("{} ", m.len()).as_bytes());
        buf.extend_from_slice(m.as_bytes());
    }
    buf
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Udp(a) => write!(f, "udp://{a}"),
            Target::Tcp(a) => write!(f, "tcp://{a}"),
            Target::Tls { addr, .. } => write!(f, "tls://{addr}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hookward_store::{DecisionRecord, DecisionRow};

    fn row() -> DecisionRow {
        DecisionRow {
            id: 12,
            record: DecisionRecord {
                ts_ms: 1_796_409_852_123,
                agent: "claude-code".into(),
                event: "PreToolUse".into(),
                tool: Some("Bash".into()),
                tool_kind: Some("shell".into()),
                session: Some("s1".into()),
                cwd: Some("/p".into()),
                input: serde_json::json!({"command": "rm -rf ~"}),
                facts: serde_json::json!({}),
                decision: Some("deny".into()),
                reply: "deny".into(),
                rule_ids: vec!["path/home-delete".into(), "x\"]".into()],
                reasons: vec!["would delete your home".into()],
                elapsed_us: 1500,
                agent_id: None,
                agent_type: None,
            },
        }
    }

    #[test]
    fn message_shape() {
        let r = row();
        let m = message(&Record::Decision(&r), Shape::Hookward, "box one", 42);
        let head = "<132>1 2026-12-04T18:44:12.123Z boxone hookward 42 decision [hookward@32473 id=\"D12\" type=\"decision\" agent=\"claude-code\" decision=\"deny\" rules=\"path/home-delete,x\\\"\\]\"] {";
        assert!(m.starts_with(head), "{m}");
        let json: serde_json::Value =
            serde_json::from_str(&m[m.find("] {").unwrap() + 2..]).unwrap();
        assert_eq!(json["id"], "D12");
        assert!(
            json.get("input").is_none(),
            "hookward's shape leaves the input out"
        );
    }

    #[test]
    fn targets() {
        assert_eq!(
            Target::parse("udp://127.0.0.1:514").unwrap(),
            Target::Udp("127.0.0.1:514".into())
        );
        assert_eq!(
            Target::parse("tcp://logs.example:6514").unwrap(),
            Target::Tcp("logs.example:6514".into())
        );
        assert_eq!(
            Target::parse("tls://logs.example:6514")
                .unwrap()
                .with_ca(Some("/etc/ca.pem".into())),
            Target::Tls {
                addr: "logs.example:6514".into(),
                ca: Some("/etc/ca.pem".into())
            }
        );
        for bad in [
            "127.0.0.1:514",
            "tcp://host",
            "tls://h",
            "ssl://h:1",
            "udp://:514",
        ] {
            assert!(Target::parse(bad).is_err(), "{bad}");
        }
    }
}
