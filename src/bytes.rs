//! The trait between decoders and bytes, in the way of object's `ReadRef`.
//!
//! A decoder asks for "the bytes at offset..offset+len". An in-memory slice
//! answers with a borrow (zero copy); a [`RangeSource`] answers by calling a
//! function, such as a browser `File.slice` read in a Worker, so a huge D02
//! is never loaded whole.
//!
//! ```
//! use cadb::bytes::ReadAt;
//! let data: &[u8] = b"hello";
//! assert_eq!(&*data.read_at(1, 3).unwrap(), b"ell");
//! assert!(data.read_at(4, 3).is_err());
//! ```

use alloc::{borrow::Cow, boxed::Box, string::String, vec::Vec};

use crate::error::ErrorKind;

/// Random-access bytes.
pub trait ReadAt {
    /// Total size in bytes.
    fn size(&self) -> u64;

    /// Exactly `len` bytes at `offset`, or [`ErrorKind::Truncated`] if the source is shorter.
    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind>;

    /// Up to `len` bytes at `offset` (fewer at the end of the source).
    fn read_up_to(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        let avail = self.size().saturating_sub(offset);
        let n = usize::try_from(avail).unwrap_or(usize::MAX).min(len);
        self.read_at(offset, n)
    }
}

fn truncated(size: u64, offset: u64, len: usize) -> ErrorKind {
    ErrorKind::Truncated {
        needed: len as u64,
        available: size.saturating_sub(offset),
    }
}

impl ReadAt for [u8] {
    fn size(&self) -> u64 {
        self.len() as u64
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        let start = usize::try_from(offset).map_err(|_| truncated(self.size(), offset, len))?;
        start
            .checked_add(len)
            .and_then(|end| self.get(start..end))
            .map(Cow::Borrowed)
            .ok_or_else(|| truncated(self.size(), offset, len))
    }
}

impl ReadAt for Vec<u8> {
    fn size(&self) -> u64 {
        self.as_slice().size()
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        self.as_slice().read_at(offset, len)
    }
}

impl<T: ReadAt + ?Sized> ReadAt for &T {
    fn size(&self) -> u64 {
        (**self).size()
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        (**self).read_at(offset, len)
    }
}

impl<T: ReadAt + ?Sized> ReadAt for Box<T> {
    fn size(&self) -> u64 {
        (**self).size()
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        (**self).read_at(offset, len)
    }
}

/// Bytes fetched on demand by a function `(offset, len) -> bytes`.
///
/// The function may return fewer bytes than asked only at the end of the source.
///
/// ```
/// use cadb::bytes::{RangeSource, ReadAt};
/// let data = b"abcdef".to_vec();
/// let src = RangeSource::new(6, move |o, n| Ok(data[o as usize..o as usize + n].to_vec()));
/// assert_eq!(&*src.read_at(2, 2).unwrap(), b"cd");
/// ```
pub struct RangeSource<F> {
    size: u64,
    fetch: F,
}

impl<F: Fn(u64, usize) -> Result<Vec<u8>, String>> RangeSource<F> {
    /// A source of `size` bytes read through `fetch`.
    pub fn new(size: u64, fetch: F) -> RangeSource<F> {
        RangeSource { size, fetch }
    }
}

impl<F: Fn(u64, usize) -> Result<Vec<u8>, String>> ReadAt for RangeSource<F> {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        if offset
            .checked_add(len as u64)
            .is_none_or(|end| end > self.size)
        {
            return Err(truncated(self.size, offset, len));
        }
        let bytes = (self.fetch)(offset, len).map_err(|message| ErrorKind::Io { message })?;
        if bytes.len() != len {
            return Err(ErrorKind::Io {
                message: alloc::format!("asked for {len} bytes at {offset}, got {}", bytes.len()),
            });
        }
        Ok(Cow::Owned(bytes))
    }
}

/// `N` bytes at `at`, zeros past the end of `b`. Callers check lengths
/// first; a slip reads zeros rather than panicking.
pub(crate) fn array_at<const N: usize>(b: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    if let Some(s) = at.checked_add(N).and_then(|end| b.get(at..end)) {
        out.copy_from_slice(s);
    }
    out
}

/// Little-endian reads from a slice, for fixed-size records.
pub(crate) fn u16le(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(array_at(b, at))
}

pub(crate) fn u24le(b: &[u8], at: usize) -> u32 {
    let [x, y, z] = array_at(b, at);
    u32::from_le_bytes([x, y, z, 0])
}

pub(crate) fn u32le(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(array_at(b, at))
}

pub(crate) fn u64le(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(array_at(b, at))
}
