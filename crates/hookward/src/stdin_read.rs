//! Reading a hook's payload from stdin, with the limits and deadline every hook entry point
//! shares: `hookward hook` (in-process) and the warm helper's client `hookward-hook`, which is
//! built from this same file (`#[path]`), so both cut and wait exactly alike. std + libc only.

use std::io::Read;
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Duration;

/// The most bytes read from stdin (64 MiB). Larger payloads are cut here and then fail to
/// parse, which follows the fail mode; issue budgets ask for at least 10 MB.
pub const MAX_STDIN: u64 = 64 << 20;

/// How long the hook waits for stdin to reach its end (3 s): below the installer's default
/// `hook_timeout` of 10 s (and the agents' shortest, Codex's 5 s in REPORT.md), so that a hook
/// whose stdin stays open with no data answers per the fail mode instead of being killed — a
/// killed hook is a pass for every agent. Real payloads arrive in well under a millisecond.
pub const STDIN_DEADLINE: Duration = Duration::from_secs(3);

/// Reads stdin up to [`MAX_STDIN`] bytes, waiting at most `deadline` for its end. Returns the
/// bytes read and, when the deadline passed first, why the reading was cut.
///
/// On unix this is `poll(2)` and `read(2)` on the calling thread (issue 15: no reader thread
/// to start per hook call); elsewhere, or when `poll` fails, [`read_stdin_thread`].
pub fn read_stdin(deadline: Duration) -> (Vec<u8>, Option<String>) {
    #[cfg(unix)]
    {
        if let Some(read) = read_stdin_polled(deadline) {
            return read;
        }
    }
    read_stdin_thread(deadline)
}

/// [`read_stdin`] with `poll(2)`: waits for stdin to be readable with what is left of
/// `deadline`, reads what is there, until end of input, [`MAX_STDIN`] bytes, or the deadline.
/// `None` (nothing read yet) when `poll` itself fails, so the caller falls back to the
/// thread.
#[cfg(unix)]
fn read_stdin_polled(deadline: Duration) -> Option<(Vec<u8>, Option<String>)> {
    let end = std::time::Instant::now() + deadline;
    let mut input = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let left = end.saturating_duration_since(std::time::Instant::now());
        let mut fds = libc::pollfd {
            fd: 0,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = libc::c_int::try_from(left.as_millis()).unwrap_or(libc::c_int::MAX);
        // SAFETY: one valid pollfd, count 1.
        let ready = unsafe { libc::poll(&mut fds, 1, ms) };
        if ready < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return if input.is_empty() {
                None
            } else {
                Some((input, None))
            };
        }
        if ready == 0 {
            let why = format!(
                "stdin stayed open with no end of input after {} s",
                deadline.as_secs_f32()
            );
            return Some((input, Some(why)));
        }
        if fds.revents & libc::POLLNVAL != 0 {
            return Some((input, None)); // no stdin at all: an empty payload
        }
        let room = (MAX_STDIN as usize)
            .saturating_sub(input.len())
            .min(chunk.len());
        if room == 0 {
            return Some((input, None));
        }
        // SAFETY: reads at most `room` bytes into `chunk`, which has at least that many.
        let n = unsafe { libc::read(0, chunk.as_mut_ptr().cast(), room) };
        match n {
            0 => return Some((input, None)),
            n if n > 0 => input.extend_from_slice(&chunk[..n as usize]),
            _ => {
                let kind = std::io::Error::last_os_error().kind();
                if matches!(
                    kind,
                    std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock
                ) {
                    continue; // a non-blocking stdin with nothing yet: poll again
                }
                return Some((input, None)); // a read error ends the input, as before
            }
        }
    }
}

/// [`read_stdin`] with a reader thread, for platforms without `poll`: the thread is left
/// blocked when the deadline passes; the process exits after the reply.
fn read_stdin_thread(deadline: Duration) -> (Vec<u8>, Option<String>) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let (tx, rx) = mpsc::channel();
    let shared = Arc::clone(&buf);
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut stdin = std::io::stdin().lock().take(MAX_STDIN);
            let mut chunk = vec![0u8; 1 << 16];
            loop {
                match stdin.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => shared
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .extend_from_slice(&chunk[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
            }
            let _ = tx.send(());
        });
    let cut = match spawned {
        Ok(_) => match rx.recv_timeout(deadline) {
            Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => Some(format!(
                "stdin stayed open with no end of input after {} s",
                deadline.as_secs_f32()
            )),
        },
        // No thread: read in place (no deadline then, as before).
        Err(_) => {
            let mut input = Vec::new();
            let _ = std::io::stdin()
                .lock()
                .take(MAX_STDIN)
                .read_to_end(&mut input);
            return (input, None);
        }
    };
    let input = std::mem::take(&mut *buf.lock().unwrap_or_else(PoisonError::into_inner));
    (input, cut)
}
