//! The warm helper's wire format (issue 15): one request and one reply per connection on the
//! unix socket `<hookward home>/run/hook.sock`, between the client `hookward-hook` and the
//! server `hookward hook-server`. Built into both binaries from this one file (`#[path]`), so
//! it uses std only.
//!
//! A request carries everything a hook process would read of its own environment (the hook's
//! arguments, working directory, `HOME`, the agents' project variables, every `HOOKWARD_*`
//! variable, the payload and why reading it was cut short), so the server answers exactly as
//! `hookward hook` would in the client's place. Shapes (all integers little-endian):
//!
//! ```text
//! request: "HWQ1" u64:body-length body
//!   body:  str:version str:agent opt:cwd opt:home
//!          u32:n (str:name str:value)*n      -- project variables (PROJECT_VARS that are set)
//!          u32:n (str:name str:value)*n      -- HOOKWARD_* variables
//!          u32:n (str:policy-dir)*n
//!          opt:cut bytes:payload
//! hello:   "HWS1"                         -- the server's first bytes on every connection
//! reply:   "HWR1" u8:status u8:exit-code opt:stdout opt:stderr
//! str/bytes: u32:length then the bytes; opt: u8 0 (none) or 1 then bytes
//! ```
//!
//! `status` is [`STATUS_ANSWER`] (print the reply, exit with the code), [`STATUS_FAILED`] (the
//! server could not answer: the client runs the hook in-process) or [`STATUS_REFUSED`] (another
//! version: the client runs the hook in-process and the server exits).
//!
//! The server speaks first ([`HELLO`]), and the client sends the request only after it has
//! checked who wrote the hello: with `SO_PASSCRED` on its socket ([`connect_checked`]) the kernel
//! tells it the pid of the process that wrote each piece it reads ([`recv_with_sender`]), and
//! that process must run the `hookward` next to the client, for the hello and for every piece
//! of the reply. `SO_PEERCRED` alone names the process that called `listen()`, which a program
//! can make a real `hookward` by `exec` after handing the socket to a child that answers.

#![allow(dead_code)] // each binary uses its half

use std::io::{Read, Write};

/// The protocol and build this file belongs to: a server answers only a client whose request
/// names exactly this (the package version and the protocol number).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+warm2");

/// The agents' project variables (`AgentProfile::project_var`), sent when set; a test in the
/// `hookward` binary checks every profile's variable is listed.
pub const PROJECT_VARS: &[&str] = &[
    "CLAUDE_PROJECT_DIR",
    "GEMINI_PROJECT_DIR",
    "CURSOR_PROJECT_DIR",
    "HOOKWARD_PROJECT_DIR",
];

/// The reply is the hook's answer.
pub const STATUS_ANSWER: u8 = 0;
/// The server could not answer this request (the client runs the hook in-process).
pub const STATUS_FAILED: u8 = 1;
/// The request is from another version (the client runs the hook in-process; the server exits).
pub const STATUS_REFUSED: u8 = 2;

/// The largest request body a server reads: the payload limit and 16 MiB for the rest.
pub const MAX_BODY: u64 = crate::stdin_read::MAX_STDIN + (16 << 20);

const REQUEST_MAGIC: &[u8; 4] = b"HWQ1";
/// The server's first bytes on a connection; the client checks their writer before it sends
/// anything (see the module docs).
pub const HELLO: &[u8; 4] = b"HWS1";
const REPLY_MAGIC: &[u8; 4] = b"HWR1";

/// One hook call as the client saw it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// [`VERSION`] of the client.
    pub version: String,
    /// The agent word (`claude-code`, ...), as given to `hookward hook`.
    pub agent: String,
    /// The client's working directory (bytes of the path).
    pub cwd: Option<Vec<u8>>,
    /// `HOME` (bytes).
    pub home: Option<Vec<u8>>,
    /// The [`PROJECT_VARS`] that are set, with their values.
    pub project_vars: Vec<(String, String)>,
    /// Every `HOOKWARD_*` variable.
    pub vars: Vec<(String, String)>,
    /// `--policy-dir` values (bytes of the paths), in order.
    pub policy_dirs: Vec<Vec<u8>>,
    /// Why reading stdin was cut short, if it was.
    pub cut: Option<String>,
    /// The payload as read.
    pub payload: Vec<u8>,
}

/// The server's answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// [`STATUS_ANSWER`], [`STATUS_FAILED`] or [`STATUS_REFUSED`].
    pub status: u8,
    /// The hook's exit code.
    pub exit_code: u8,
    /// What the hook prints on stdout (a newline follows).
    pub stdout: Option<String>,
    /// What the hook prints on stderr (a newline follows).
    pub stderr: Option<String>,
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&(b.len() as u32).to_le_bytes());
    out.extend_from_slice(b);
}

fn put_opt(out: &mut Vec<u8>, b: Option<&[u8]>) {
    match b {
        None => out.push(0),
        Some(b) => {
            out.push(1);
            put_bytes(out, b);
        }
    }
}

fn put_pairs(out: &mut Vec<u8>, pairs: &[(String, String)]) {
    out.extend_from_slice(&(pairs.len() as u32).to_le_bytes());
    for (k, v) in pairs {
        put_bytes(out, k.as_bytes());
        put_bytes(out, v.as_bytes());
    }
}

/// A cursor over a received body; every read is bounds-checked.
struct Take<'a>(&'a [u8]);

impl<'a> Take<'a> {
    fn n(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Some(a)
    }
    fn u8(&mut self) -> Option<u8> {
        self.n(1).map(|b| b[0])
    }
    fn u32(&mut self) -> Option<usize> {
        let b = self.n(4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }
    fn bytes(&mut self) -> Option<Vec<u8>> {
        let n = self.u32()?;
        self.n(n).map(<[u8]>::to_vec)
    }
    fn str(&mut self) -> Option<String> {
        String::from_utf8(self.bytes()?).ok()
    }
    fn opt(&mut self) -> Option<Option<Vec<u8>>> {
        match self.u8()? {
            0 => Some(None),
            1 => self.bytes().map(Some),
            _ => None,
        }
    }
    fn pairs(&mut self) -> Option<Vec<(String, String)>> {
        let n = self.u32()?;
        let mut v = Vec::new();
        for _ in 0..n {
            v.push((self.str()?, self.str()?));
        }
        Some(v)
    }
    fn list(&mut self) -> Option<Vec<Vec<u8>>> {
        let n = self.u32()?;
        let mut v = Vec::new();
        for _ in 0..n {
            v.push(self.bytes()?);
        }
        Some(v)
    }
}

impl Request {
    /// The framed request.
    pub fn encode(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.payload.len() + 512);
        put_bytes(&mut body, self.version.as_bytes());
        put_bytes(&mut body, self.agent.as_bytes());
        put_opt(&mut body, self.cwd.as_deref());
        put_opt(&mut body, self.home.as_deref());
        put_pairs(&mut body, &self.project_vars);
        put_pairs(&mut body, &self.vars);
        body.extend_from_slice(&(self.policy_dirs.len() as u32).to_le_bytes());
        for d in &self.policy_dirs {
            put_bytes(&mut body, d);
        }
        put_opt(&mut body, self.cut.as_deref().map(str::as_bytes));
        put_bytes(&mut body, &self.payload);
        let mut out = Vec::with_capacity(body.len() + 12);
        out.extend_from_slice(REQUEST_MAGIC);
        out.extend_from_slice(&(body.len() as u64).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads one framed request (at most [`MAX_BODY`] bytes of body). `None` when the frame
    /// is not a request of this shape (the server answers [`STATUS_FAILED`]).
    pub fn read_from(r: &mut impl Read) -> Option<Request> {
        let mut head = [0u8; 12];
        r.read_exact(&mut head).ok()?;
        if &head[..4] != REQUEST_MAGIC {
            return None;
        }
        let mut len = [0u8; 8];
        len.copy_from_slice(&head[4..]);
        let len = u64::from_le_bytes(len);
        if len > MAX_BODY {
            return None;
        }
        let mut body = Vec::new();
        r.take(len).read_to_end(&mut body).ok()?;
        if body.len() as u64 != len {
            return None;
        }
        Request::decode(&body)
    }

    /// The version a request's body names, read before anything else is trusted.
    pub fn decode(body: &[u8]) -> Option<Request> {
        let mut t = Take(body);
        let req = Request {
            version: t.str()?,
            agent: t.str()?,
            cwd: t.opt()?,
            home: t.opt()?,
            project_vars: t.pairs()?,
            vars: t.pairs()?,
            policy_dirs: t.list()?,
            cut: match t.opt()? {
                None => None,
                Some(b) => Some(String::from_utf8(b).ok()?),
            },
            payload: t.bytes()?,
        };
        t.0.is_empty().then_some(req)
    }
}

impl Reply {
    /// The framed reply.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(REPLY_MAGIC);
        out.push(self.status);
        out.push(self.exit_code);
        put_opt(&mut out, self.stdout.as_deref().map(str::as_bytes));
        put_opt(&mut out, self.stderr.as_deref().map(str::as_bytes));
        out
    }

    /// Reads one framed reply to its end. `None` on anything short or malformed (the client
    /// then runs the hook in-process).
    pub fn read_from(r: &mut impl Read) -> Option<Reply> {
        let mut all = Vec::new();
        r.take(MAX_BODY).read_to_end(&mut all).ok()?;
        let mut t = Take(&all);
        if t.n(4)? != REPLY_MAGIC {
            return None;
        }
        let status = t.u8()?;
        let exit_code = t.u8()?;
        let text = |b: Option<Vec<u8>>| b.map(|b| String::from_utf8(b).ok());
        let stdout = text(t.opt()?);
        let stderr = text(t.opt()?);
        let reply = Reply {
            status,
            exit_code,
            stdout: match stdout {
                Some(None) => return None,
                Some(Some(s)) => Some(s),
                None => None,
            },
            stderr: match stderr {
                Some(None) => return None,
                Some(Some(s)) => Some(s),
                None => None,
            },
        };
        t.0.is_empty().then_some(reply)
    }

    /// Writes the reply and flushes.
    pub fn write_to(&self, w: &mut impl Write) -> std::io::Result<()> {
        w.write_all(&self.encode())?;
        w.flush()
    }
}

/// The socket's path under hookward's home.
pub fn socket_path(hookward_home: &std::path::Path) -> std::path::PathBuf {
    hookward_home.join("run").join("hook.sock")
}

/// The uid and pid of the process at the other end of a connected unix socket
/// (`SO_PEERCRED`), Linux only; `None` elsewhere or on failure.
#[cfg(target_os = "linux")]
pub fn peer_cred(fd: std::os::fd::RawFd) -> Option<(u32, i32)> {
    let mut cred = libc::ucred {
        pid: 0,
        uid: 0,
        gid: 0,
    };
    let mut len = std::mem::size_of::<libc::ucred>() as libc::socklen_t;
    // SAFETY: `cred` is a valid ucred of `len` bytes; the kernel writes at most `len`.
    let rc = unsafe {
        libc::getsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_PEERCRED,
            (&mut cred as *mut libc::ucred).cast(),
            &mut len,
        )
    };
    (rc == 0).then_some((cred.uid, cred.pid))
}

/// See the Linux version: elsewhere the peer cannot be checked, so the warm helper is off.
#[cfg(not(target_os = "linux"))]
pub fn peer_cred(_fd: i32) -> Option<(u32, i32)> {
    None
}

/// A unix stream connected to `path`, with `SO_PASSCRED` on (so every read can name its
/// writer: [`recv_with_sender`]), whose `connect` waits at most `timeout` (`SO_SNDTIMEO` set
/// before it: a listener whose queue is full, or that never accepts, cannot hold the caller).
#[cfg(target_os = "linux")]
pub fn connect_checked(
    path: &std::path::Path,
    timeout: std::time::Duration,
) -> std::io::Result<std::os::unix::net::UnixStream> {
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    // SAFETY: an all-zero sockaddr_un is valid; we fill family and path below.
    let mut addr: libc::sockaddr_un = unsafe { std::mem::zeroed() };
    if bytes.len() >= addr.sun_path.len() || bytes.contains(&0) {
        return Err(std::io::Error::from(std::io::ErrorKind::InvalidInput));
    }
    addr.sun_family = libc::AF_UNIX as libc::sa_family_t;
    for (d, s) in addr.sun_path.iter_mut().zip(bytes) {
        *d = *s as libc::c_char;
    }
    // SAFETY: plain socket(2); the fd is owned right away.
    let fd = unsafe { libc::socket(libc::AF_UNIX, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `fd` is a fresh descriptor of ours.
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    let one: libc::c_int = 1;
    let tv = libc::timeval {
        tv_sec: timeout.as_secs() as libc::time_t,
        tv_usec: timeout.subsec_micros() as libc::suseconds_t,
    };
    // SAFETY: setsockopt/connect with valid pointers and lengths of the values they name.
    let rc = unsafe {
        if libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_PASSCRED,
            (&one as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        ) != 0
            || libc::setsockopt(
                fd,
                libc::SOL_SOCKET,
                libc::SO_SNDTIMEO,
                (&tv as *const libc::timeval).cast(),
                std::mem::size_of::<libc::timeval>() as libc::socklen_t,
            ) != 0
        {
            -1
        } else {
            libc::connect(
                fd,
                (&addr as *const libc::sockaddr_un).cast(),
                std::mem::size_of::<libc::sockaddr_un>() as libc::socklen_t,
            )
        }
    };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(std::os::unix::net::UnixStream::from(owned))
}

/// See the Linux version: elsewhere the writer cannot be checked, so the warm helper is off.
#[cfg(not(target_os = "linux"))]
pub fn connect_checked(
    _path: &std::path::Path,
    _timeout: std::time::Duration,
) -> std::io::Result<std::os::unix::net::UnixStream> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

/// One `recvmsg` on a socket with `SO_PASSCRED` on ([`connect_checked`]): the bytes read and
/// the pid of the process that wrote them (`SCM_CREDENTIALS`, filled in by the kernel; one
/// read never mixes two writers' bytes). `Ok((0, None))` at the end of the stream; a read
/// without credentials gives `pid` `None`.
#[cfg(target_os = "linux")]
pub fn recv_with_sender(
    fd: std::os::fd::RawFd,
    buf: &mut [u8],
) -> std::io::Result<(usize, Option<i32>)> {
    // u64 words keep the control buffer aligned for cmsghdr.
    let mut control = [0u64; 8];
    let mut iov = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: buf.len(),
    };
    // SAFETY: an all-zero msghdr is valid; the pointers set below outlive the call.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = std::mem::size_of_val(&control) as _;
    // SAFETY: recvmsg into buffers we own, of the lengths given.
    let n = unsafe { libc::recvmsg(fd, &mut msg, libc::MSG_CMSG_CLOEXEC) };
    if n < 0 {
        return Err(std::io::Error::last_os_error());
    }
    let mut pid = None;
    // SAFETY: walking the control messages the kernel wrote, with the libc macros.
    unsafe {
        let mut c = libc::CMSG_FIRSTHDR(&msg);
        while !c.is_null() {
            if (*c).cmsg_level == libc::SOL_SOCKET && (*c).cmsg_type == libc::SCM_CREDENTIALS {
                let cred: libc::ucred = std::ptr::read_unaligned(libc::CMSG_DATA(c).cast());
                pid = Some(cred.pid);
            }
            c = libc::CMSG_NXTHDR(&msg, c);
        }
    }
    Ok((n as usize, pid))
}

/// See the Linux version.
#[cfg(not(target_os = "linux"))]
pub fn recv_with_sender(_fd: i32, _buf: &mut [u8]) -> std::io::Result<(usize, Option<i32>)> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

/// This process's effective uid.
pub fn my_uid() -> u32 {
    // SAFETY: geteuid has no failure mode.
    unsafe { libc::geteuid() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_and_reply_round_trip_and_reject_garbage() {
        let req = Request {
            version: VERSION.into(),
            agent: "claude-code".into(),
            cwd: Some(b"/p".to_vec()),
            home: None,
            project_vars: vec![("CLAUDE_PROJECT_DIR".into(), "/p".into())],
            vars: vec![("HOOKWARD_HOME".into(), "/h".into())],
            policy_dirs: vec![b"/d".to_vec()],
            cut: Some("late".into()),
            payload: b"{}".to_vec(),
        };
        let bytes = req.encode();
        assert_eq!(Request::read_from(&mut &bytes[..]), Some(req));
        assert_eq!(Request::read_from(&mut &bytes[..bytes.len() - 1]), None);
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert_eq!(Request::read_from(&mut &bad[..]), None);
        let reply = Reply {
            status: STATUS_ANSWER,
            exit_code: 2,
            stdout: Some("{}".into()),
            stderr: None,
        };
        let bytes = reply.encode();
        assert_eq!(Reply::read_from(&mut &bytes[..]), Some(reply));
        assert_eq!(Reply::read_from(&mut &bytes[..bytes.len() - 1]), None);
        assert_eq!(Reply::read_from(&mut &b""[..]), None);
    }
}
