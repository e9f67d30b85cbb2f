//! One TLS connection for a syslog batch (RFC 5425): rustls with the `ring` provider, the
//! server's certificate checked against the Mozilla roots (`webpki-roots`) plus an optional
//! PEM file of extra CA certificates, the name checked against the host of `host:port`.

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Writes `bytes` over TLS to `addr` (resolved from `hostport`), ends the stream
/// (`close_notify`, then our TCP side), and waits for the receiver to close its side.
///
/// Errors: a one-line message (connection, certificate, handshake, write, or the CA file).
pub(crate) fn send(
    hostport: &str,
    addr: SocketAddr,
    ca: Option<&Path>,
    bytes: &[u8],
    timeout: Duration,
) -> Result<(), String> {
    let mut roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    if let Some(ca) = ca {
        let certs = CertificateDer::pem_file_iter(ca)
            .map_err(|e| format!("export.syslog_ca {}: {e}", ca.display()))?;
        let mut n = 0;
        for c in certs {
            let c = c.map_err(|e| format!("export.syslog_ca {}: {e}", ca.display()))?;
            roots
                .add(c)
                .map_err(|e| format!("export.syslog_ca {}: {e}", ca.display()))?;
            n += 1;
        }
        if n == 0 {
            return Err(format!(
                "export.syslog_ca {}: no PEM certificate in the file",
                ca.display()
            ));
        }
    }
    // The ring provider, which ureq already brings into this build (aws-lc-rs needs a C/cmake
    // build); rustls marks it deprecated only for lacking post-quantum key exchange.
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let host = hostport
        .rsplit_once(':')
        .map_or(hostport, |(h, _)| h)
        .trim_start_matches('[')
        .trim_end_matches(']');
    let name = ServerName::try_from(host.to_string())
        .map_err(|e| format!("{host:?} is not a TLS server name: {e}"))?;
    let conn = rustls::ClientConnection::new(Arc::new(config), name).map_err(|e| e.to_string())?;
    let tcp = TcpStream::connect_timeout(&addr, timeout).map_err(|e| e.to_string())?;
    tcp.set_write_timeout(Some(timeout))
        .map_err(|e| e.to_string())?;
    tcp.set_read_timeout(Some(timeout))
        .map_err(|e| e.to_string())?;
    let mut tls = rustls::StreamOwned::new(conn, tcp);
    tls.write_all(bytes).map_err(|e| e.to_string())?;
    tls.flush().map_err(|e| e.to_string())?;
    tls.conn.send_close_notify();
    while tls.conn.wants_write() {
        tls.conn
            .write_tls(&mut tls.sock)
            .map_err(|e| e.to_string())?;
    }
    tls.sock
        .shutdown(Shutdown::Write)
        .map_err(|e| e.to_string())?;
    let mut sink = [0u8; 512];
    loop {
        match tls.read(&mut sink) {
            Ok(0) => return Ok(()),
            Ok(_) => continue,
            // rsyslog closes its side without close_notify once it read our end of stream.
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(e.to_string()),
        }
    }
}
