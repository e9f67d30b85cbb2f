//! A read-only view of a whole file: memory-mapped on Unix (only the pages a lookup touches
//! are read: the lessons prefilter file is about 1.2 MB at 10,000 lessons, and a hook reads a
//! few dozen of its pages), read into memory elsewhere.
//!
//! The prefilter file is replaced by rename, never rewritten in place, so a mapping stays
//! valid while the writer replaces the file. (A file cut short in place by something else
//! while mapped would fault on access; hookward never does that.)

use std::path::Path;

/// The bytes of a file, mapped or read.
pub(crate) enum Mapped {
    #[cfg(unix)]
    Map {
        ptr: *mut libc::c_void,
        len: usize,
    },
    Owned(Vec<u8>),
}

// The mapping is read-only and private to this value.
unsafe impl Send for Mapped {}

impl Mapped {
    /// The whole file at `path`, mapped (Unix) or read.
    pub(crate) fn open(path: &Path) -> std::io::Result<Mapped> {
        #[cfg(unix)]
        {
            use std::os::unix::io::AsRawFd;
            let f = std::fs::File::open(path)?;
            let len = usize::try_from(f.metadata()?.len())
                .map_err(|_| std::io::Error::other("file too large to map"))?;
            if len == 0 {
                return Ok(Mapped::Owned(Vec::new()));
            }
            // SAFETY: a fresh read-only private mapping of `len` bytes of an open file; the
            // pointer is checked for MAP_FAILED and unmapped once, in Drop.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    len,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE,
                    f.as_raw_fd(),
                    0,
                )
            };
            if ptr == libc::MAP_FAILED {
                return Err(std::io::Error::last_os_error());
            }
            Ok(Mapped::Map { ptr, len })
        }
        #[cfg(not(unix))]
        {
            std::fs::read(path).map(Mapped::Owned)
        }
    }

    /// The file's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            #[cfg(unix)]
            // SAFETY: `ptr` maps `len` readable bytes for as long as `self` lives.
            Mapped::Map { ptr, len } => unsafe {
                std::slice::from_raw_parts(ptr.cast::<u8>().cast_const(), *len)
            },
            Mapped::Owned(v) => v,
        }
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Mapped::Map { ptr, len } = self {
            // SAFETY: the mapping made in `open`, unmapped once.
            unsafe {
                libc::munmap(*ptr, *len);
            }
        }
    }
}
