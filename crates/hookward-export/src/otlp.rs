//! OTLP logs over HTTP with the JSON encoding (OTLP specification 1.x, "OTLP/HTTP": a POST of
//! an `ExportLogsServiceRequest` with `Content-Type: application/json` to `/v1/logs`; field
//! names lowerCamelCase, 64-bit integers as decimal strings, enums as numbers).
//!
//! One request per batch: one `ResourceLogs` (`service.name` = `hookward`, `host.name`), one
//! `ScopeLogs` (scope `hookward`), one `LogRecord` per record with its time, severity, the
//! record's [`document`](crate::document) as a structured `kvlistValue` body, and attributes
//! for filtering (`hookward.id`, `hookward.type`, and for decisions `hookward.decision`,
//! `hookward.agent`, `hookward.rule_ids`). The batch counts as delivered on a 2xx answer;
//! anything else leaves it to be sent again.

use crate::{document, ExportError, Record, Shape};
use serde_json::{json, Value};
use std::time::Duration;

/// How long one request may take, connection included: 10 s.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The OTLP/HTTP logs path a collector listens on.
pub const LOGS_PATH: &str = "/v1/logs";

/// The URL to POST to for `configured` (`export.otlp_url`): as written when it has a path,
/// else with [`LOGS_PATH`] (`http://127.0.0.1:4318` → `http://127.0.0.1:4318/v1/logs`, as the
/// OpenTelemetry SDKs treat a base endpoint). `https://` collectors are reached over TLS
/// (rustls, certificates checked against the Mozilla roots of `webpki-roots`).
///
/// Errors: [`ExportError::BadTarget`] for a URL that is not `http://` or `https://`, or names
/// no host.
pub fn endpoint(configured: &str) -> Result<String, ExportError> {
    let (scheme, rest) = match configured.split_once("://") {
        Some((s @ ("http" | "https"), rest)) => (s, rest),
        _ => {
            return Err(ExportError::BadTarget(format!(
                "export.otlp_url {configured:?} is not an http:// or https:// URL"
            )))
        }
    };
    if rest.is_empty() || rest.starts_with('/') {
        return Err(ExportError::BadTarget(format!(
            "export.otlp_url {configured:?} names no host"
        )));
    }
    Ok(match rest.find('/') {
        Some(i) if rest.len() > i + 1 => configured.to_string(),
        Some(_) => format!("{scheme}://{}{LOGS_PATH}", rest.trim_end_matches('/')),
        None => format!("{scheme}://{rest}{LOGS_PATH}"),
    })
}

/// A JSON value as an OTLP `AnyValue` (JSON encoding): strings, booleans, integers (as
/// decimal strings), doubles, arrays (`arrayValue`), objects (`kvlistValue`); `null` is the
/// empty `AnyValue`.
pub fn any_value(v: &Value) -> Value {
    match v {
        Value::Null => json!({}),
        Value::Bool(b) => json!({"boolValue": b}),
        Value::Number(n) => match n.as_i64() {
            Some(i) => json!({"intValue": i.to_string()}),
            None => json!({"doubleValue": n.as_f64().unwrap_or(0.0)}),
        },
        Value::String(s) => json!({"stringValue": s}),
        Value::Array(a) => {
            json!({"arrayValue": {"values": a.iter().map(any_value).collect::<Vec<_>>()}})
        }
        Value::Object(m) => {
            json!({"kvlistValue": {"values": m.iter().map(|(k, v)| json!({"key": k, "value": any_value(v)})).collect::<Vec<_>>()}})
        }
    }
}

fn attr(key: &str, v: Value) -> Value {
    json!({"key": key, "value": any_value(&v)})
}

/// The `LogRecord` of one record.
pub fn log_record(record: &Record<'_>, shape: Shape, host: &str, observed_ms: i64) -> Value {
    let level = record.level();
    let mut attributes = vec![
        attr("hookward.id", json!(record.id())),
        attr("hookward.type", json!(record.kind())),
    ];
    if let Record::Decision(d) = record {
        attributes.push(attr("hookward.agent", json!(d.record.agent)));
        attributes.push(attr("hookward.event", json!(d.record.event)));
        attributes.push(attr(
            "hookward.decision",
            json!(d.record.decision.as_deref().unwrap_or("none")),
        ));
        attributes.push(attr("hookward.rule_ids", json!(d.record.rule_ids)));
        if let Some(t) = &d.record.tool {
            attributes.push(attr("hookward.tool", json!(t)));
        }
        if let Some(s) = &d.record.session {
            attributes.push(attr("session.id", json!(s)));
        }
    }
    let nanos = |ms: i64| (i128::from(ms) * 1_000_000).to_string();
    json!({
        "timeUnixNano": nanos(record.ts_ms()),
        "observedTimeUnixNano": nanos(observed_ms),
        "severityNumber": level.otlp_number(),
        "severityText": level.otlp_text(),
        "body": any_value(&document(record, shape, host)),
        "attributes": attributes,
    })
}

/// The `ExportLogsServiceRequest` of `records` (JSON encoding).
pub fn request(records: &[Record<'_>], shape: Shape, host: &str, observed_ms: i64) -> Value {
    json!({
        "resourceLogs": [{
            "resource": {"attributes": [
                attr("service.name", json!("hookward")),
                attr("service.version", json!(env!("CARGO_PKG_VERSION"))),
                attr("host.name", json!(host)),
            ]},
            "scopeLogs": [{
                "scope": {"name": "hookward", "version": env!("CARGO_PKG_VERSION")},
                "logRecords": records.iter().map(|r| log_record(r, shape, host, observed_ms)).collect::<Vec<_>>(),
            }],
        }],
    })
}

/// What the collector said about a delivered batch.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Delivered {
    /// `partialSuccess.rejectedLogRecords`: records the collector accepted the request for but
    /// dropped as invalid (OTLP says not to send them again).
    pub rejected: u64,
    /// `partialSuccess.errorMessage`, when given.
    pub message: Option<String>,
}

/// POSTs `body` (an [`request`]) to `url` ([`endpoint`]). `Ok` only on a 2xx answer.
///
/// Errors: [`ExportError::Unreachable`] (connection refused, reset, timed out),
/// [`ExportError::Rejected`] (any other status, with the start of the body).
pub fn send(url: &str, body: &Value) -> Result<Delivered, ExportError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(TIMEOUT))
        .http_status_as_error(false)
        .build()
        .into();
    let unreachable = |e: ureq::Error| ExportError::Unreachable {
        target: url.to_string(),
        message: e.to_string(),
    };
    let mut resp = agent
        .post(url)
        .header("Content-Type", "application/json")
        .send(body.to_string())
        .map_err(unreachable)?;
    let status = resp.status().as_u16();
    let text = resp
        .body_mut()
        .with_config()
        .limit(64 * 1024)
        .read_to_string()
        .unwrap_or_default();
    if !(200..300).contains(&status) {
        return Err(ExportError::Rejected {
            target: url.to_string(),
            status,
            body: text.chars().take(300).collect(),
        });
    }
    let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let partial = &parsed["partialSuccess"];
    let rejected = match &partial["rejectedLogRecords"] {
        Value::String(s) => s.parse().unwrap_or(0),
        Value::Number(n) => n.as_u64().unwrap_or(0),
        _ => 0,
    };
    Ok(Delivered {
        rejected,
        message: partial["errorMessage"]
            .as_str()
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints() {
        assert_eq!(
            endpoint("http://127.0.0.1:4318").unwrap(),
            "http://127.0.0.1:4318/v1/logs"
        );
        assert_eq!(
            endpoint("http://127.0.0.1:4318/").unwrap(),
            "http://127.0.0.1:4318/v1/logs"
        );
        assert_eq!(
            endpoint("http://c:4318/custom/logs").unwrap(),
            "http://c:4318/custom/logs"
        );
        assert_eq!(
            endpoint("https://otel.example:4318").unwrap(),
            "https://otel.example:4318/v1/logs"
        );
        assert!(endpoint("ftp://c:4318").is_err());
        assert!(endpoint("https:///v1/logs").is_err());
        assert!(endpoint("ftp://c").is_err());
        assert!(endpoint("http:///v1/logs").is_err());
    }

    #[test]
    fn any_values() {
        let v = any_value(&json!({"a": [1, 2.5, "x", true, null]}));
        assert_eq!(
            v,
            json!({"kvlistValue": {"values": [{"key": "a", "value": {"arrayValue": {"values": [
                {"intValue": "1"}, {"doubleValue": 2.5}, {"stringValue": "x"}, {"boolValue": true}, {}
            ]}}}]}})
        );
    }

    /// An `https://` collector is spoken to over TLS: a plain-HTTP listener on 127.0.0.1 never
    /// receives the request in clear (it sees a TLS ClientHello) and the send fails.
    #[test]
    fn https_is_spoken_over_tls() {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            let mut buf = [0u8; 5];
            let n = s.read(&mut buf).unwrap_or(0);
            let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
            buf[..n].to_vec()
        });
        let err = send(
            &format!("https://127.0.0.1:{port}/v1/logs"),
            &json!({"resourceLogs": []}),
        )
        .unwrap_err();
        assert!(matches!(err, ExportError::Unreachable { .. }), "{err}");
        let first = server.join().unwrap();
        // 0x16 0x03: a TLS handshake record, not "POST ".
        assert_eq!(&first[..2], &[0x16, 0x03], "{first:?}");
    }
}
