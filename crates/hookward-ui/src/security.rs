//! The checks every request passes before a handler runs (the crate's security model): the
//! `Host` header, the start token or the session cookie, and for a state-changing request its
//! `Origin`, its CSRF token and the server's read-only mode. Plus the headers every response
//! carries.

use crate::App;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, Response, StatusCode};
use axum::middleware::Next;
use std::net::SocketAddr;
use std::sync::Arc;

/// The session cookie's name.
pub const COOKIE: &str = "hookward_ui";
/// The request header that carries the CSRF token on a state-changing request.
pub const CSRF_HEADER: &str = "x-hookward-csrf";

/// The random values of one start and the names the server answers to.
#[derive(Debug, Clone)]
pub struct Secrets {
    /// The start token the printed URL carries (64 hex characters).
    pub token: String,
    /// The session cookie's value, given for the token (64 hex characters).
    pub session: String,
    /// The CSRF token the page sends back on state-changing requests (64 hex characters).
    pub csrf: String,
    /// Accepted `Host` header values (lowercase): `127.0.0.1`, `localhost`, `[::1]`, each bare
    /// and with the port; and the bound address itself under `--unsafe-bind`.
    pub hosts: Vec<String>,
}

impl Secrets {
    /// Draws the three random values from the OS source and lists the accepted hosts for a
    /// server bound at `addr`.
    ///
    /// # Errors
    /// The OS random source failed.
    pub fn new(addr: SocketAddr, unsafe_bind: bool) -> Result<Secrets, String> {
        let port = addr.port();
        let mut hosts = Vec::new();
        for h in ["127.0.0.1", "localhost", "[::1]"] {
            hosts.push(h.to_string());
            hosts.push(format!("{h}:{port}"));
        }
        if unsafe_bind {
            hosts.push(addr.to_string().to_ascii_lowercase());
            hosts.push(addr.ip().to_string().to_ascii_lowercase());
        }
        Ok(Secrets {
            token: random_hex()?,
            session: random_hex()?,
            csrf: random_hex()?,
            hosts,
        })
    }

    /// Whether `host` (a `Host` header value) names this server.
    pub fn host_ok(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        self.hosts.contains(&host)
    }

    /// Whether `origin` (an `Origin` header value) is this server's own origin as reached
    /// through `host` (already checked by [`Secrets::host_ok`]).
    pub fn origin_ok(&self, origin: &str, host: &str) -> bool {
        let origin = origin.trim().to_ascii_lowercase();
        origin == format!("http://{}", host.trim().to_ascii_lowercase())
    }
}

/// 32 random bytes from the OS, as 64 lowercase hex characters.
fn random_hex() -> Result<String, String> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).map_err(|e| format!("the OS random source failed: {e}"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Compares two secrets in time independent of where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The value of cookie `name` in the request's `Cookie` headers.
fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// The `token` parameter of a query string.
fn query_token(query: Option<&str>) -> Option<&str> {
    query?
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == "token")
        .map(|(_, v)| v)
}

fn plain(status: StatusCode, text: &str) -> Response<Body> {
    let mut r = Response::new(Body::from(format!("{text}\n")));
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

/// The headers every response carries: a Content-Security-Policy allowing only the page's
/// own script, style and requests; no framing; no referrer (the first URL carries the
/// token); no caching; no MIME sniffing. No CORS header is ever added.
fn harden(r: &mut Response<Body>) {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
}

/// The middleware in front of every route, in this order:
/// 1. `Host` not this server → 403 (DNS rebinding);
/// 2. `GET /?token=T`: the right token → 303 to `/` with the session cookie
///    (`HttpOnly; SameSite=Strict; Path=/`), a wrong one → 401;
/// 3. no valid session cookie → 401;
/// 4. a method other than GET/HEAD: `Origin` missing or foreign → 403, CSRF header missing or
///    wrong → 403, read-only server → 403.
pub(crate) async fn guard(State(app): State<Arc<App>>, req: Request, next: Next) -> Response<Body> {
    let mut r = check(&app, req, next).await;
    harden(&mut r);
    r
}

async fn check(app: &App, req: Request, next: Next) -> Response<Body> {
    let s = &app.secrets;
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    if !s.host_ok(&host) {
        return plain(
            StatusCode::FORBIDDEN,
            "forbidden: this page answers to 127.0.0.1 or localhost only",
        );
    }
    if req.method() == Method::GET && req.uri().path() == "/" {
        if let Some(t) = query_token(req.uri().query()) {
            if !same_secret(t, &s.token) {
                return plain(
                    StatusCode::UNAUTHORIZED,
                    "unauthorized: wrong token; open the URL `hookward ui` printed",
                );
            }
            let mut r = Response::new(Body::empty());
            *r.status_mut() = StatusCode::SEE_OTHER;
            r.headers_mut()
                .insert(header::LOCATION, HeaderValue::from_static("/"));
            let cookie = format!("{COOKIE}={}; HttpOnly; SameSite=Strict; Path=/", s.session);
            if let Ok(v) = HeaderValue::from_str(&cookie) {
                r.headers_mut().insert(header::SET_COOKIE, v);
            }
            return r;
        }
    }
    match cookie(req.headers(), COOKIE) {
        Some(c) if same_secret(c, &s.session) => {}
        _ => {
            return plain(
                StatusCode::UNAUTHORIZED,
                "unauthorized: open the URL with the token that `hookward ui` printed",
            )
        }
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let origin = req
            .headers()
            .get(header::ORIGIN)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !s.origin_ok(origin, &host) {
            return plain(
                StatusCode::FORBIDDEN,
                "forbidden: a state-changing request must come from this page (Origin)",
            );
        }
        let csrf = req
            .headers()
            .get(CSRF_HEADER)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !same_secret(csrf, &s.csrf) {
            return plain(
                StatusCode::FORBIDDEN,
                "forbidden: missing or wrong CSRF token",
            );
        }
        if !app.allow_actions {
            return plain(
                StatusCode::FORBIDDEN,
                "forbidden: the page is read-only; start `hookward ui --allow-actions` to act from it",
            );
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_loopback_names_with_or_without_the_port() {
        let s = Secrets::new("127.0.0.1:4242".parse().unwrap(), false).unwrap();
        for ok in [
            "127.0.0.1:4242",
            "LOCALHOST:4242",
            "localhost",
            "[::1]:4242",
        ] {
            assert!(s.host_ok(ok), "{ok}");
        }
        for bad in [
            "evil.example:4242",
            "127.0.0.1:4243",
            "127.0.0.1.nip.io:4242",
            "",
            "localhost.:4242",
        ] {
            assert!(!s.host_ok(bad), "{bad}");
        }
        assert!(s.origin_ok("http://localhost:4242", "localhost:4242"));
        assert!(!s.origin_ok("http://evil.example", "localhost:4242"));
        assert!(!s.origin_ok("null", "localhost:4242"));
        assert_ne!(s.token, s.session);
        assert_eq!(s.token.len(), 64);
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
        assert!(!same_secret("", "a"));
    }
}
