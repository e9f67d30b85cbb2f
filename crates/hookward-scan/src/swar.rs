//! Byte classification eight bytes at a time ("SIMD within a register").
//!
//! Each function takes eight bytes as a little-endian `u64` and returns a mask with bit 7 of
//! each byte set where the byte is in the class. No operation carries from one byte into the
//! next, so the result is exact for every byte; bytes ≥ 0x80 (UTF-8 continuation and lead
//! bytes) are never in an ASCII class. [`pack`] turns such a mask into one bit per byte.

const LO7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HI: u64 = 0x8080_8080_8080_8080;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Bytes `b` with `lo <= b <= hi` (both ASCII).
#[inline]
pub(crate) fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let x7 = x & LO7;
    let ge_lo = (x7 | HI).wrapping_sub(ONES * u64::from(lo)) & HI;
    let le_hi = ((ONES * u64::from(hi)) | HI).wrapping_sub(x7) & HI;
    ge_lo & le_hi & !x & HI
}

/// Bytes equal to `c`.
#[inline]
pub(crate) fn eq(x: u64, c: u8) -> u64 {
    let y = x ^ (ONES * u64::from(c));
    let nonzero = ((y & LO7).wrapping_add(LO7) | y) & HI;
    !nonzero & HI
}

/// ASCII letters and digits.
#[inline]
pub(crate) fn alnum(x: u64) -> u64 {
    in_range(x | (ONES * 0x20), b'a', b'z') | in_range(x, b'0', b'9')
}

/// One bit per byte (bit k for byte k) from a bit-7-per-byte mask.
#[inline]
pub(crate) fn pack(m: u64) -> u64 {
    ((m & HI) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Eight bytes of `b` starting at `i` as a little-endian `u64` (missing bytes are zero).
#[inline]
pub(crate) fn load(b: &[u8], i: usize) -> u64 {
    if let Some(eight) = b.get(i..i + 8).and_then(|x| <[u8; 8]>::try_from(x).ok()) {
        return u64::from_le_bytes(eight);
    }
    let mut buf = [0u8; 8];
    let tail = b.get(i..).unwrap_or(&[]);
    let n = tail.len().min(8);
    if let (Some(dst), Some(src)) = (buf.get_mut(..n), tail.get(..n)) {
        dst.copy_from_slice(src);
    }
    u64::from_le_bytes(buf)
}

/// A 64-bit mask (bit k = byte `start + k`) of the bytes for which `class` sets bit 7.
#[inline]
pub(crate) fn mask64(b: &[u8], start: usize, class: impl Fn(u64) -> u64) -> u64 {
    let mut m = 0u64;
    for w in 0..8 {
        m |= pack(class(load(b, start + 8 * w))) << (8 * w);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(b: &[u8], f: impl Fn(u8) -> bool) -> u64 {
        b.iter()
            .enumerate()
            .fold(0, |m, (k, &c)| m | (u64::from(f(c)) << k))
    }

    #[test]
    fn classes_match_byte_by_byte_definitions() {
        let all: Vec<u8> = (0..=255u8).collect();
        for chunk in all.chunks(8) {
            let x = load(chunk, 0);
            assert_eq!(
                pack(alnum(x)),
                naive(chunk, |c| c.is_ascii_alphanumeric()),
                "{chunk:?}"
            );
            assert_eq!(pack(eq(x, b'[')), naive(chunk, |c| c == b'['), "{chunk:?}");
            assert_eq!(
                pack(in_range(x, b'0', b'9')),
                naive(chunk, |c| c.is_ascii_digit())
            );
        }
        let text = "Hello, wörld! [x] 0-9_z";
        let b = text.as_bytes();
        assert_eq!(mask64(b, 0, alnum), naive(b, |c| c.is_ascii_alphanumeric()));
    }
}
