//! The trait between decoders and bytes, in the way of object's `ReadRef`.
//!
//! A decoder asks for "the bytes at offset..offset+len". An in-memory slice
//! answers with a borrow (zero copy); a [`RangeSource`] answers by calling a
//! function, such as a browser `File.slice` read in a Worker, and a
//! [`FileSource`] by reading a file, so a huge D02 is never loaded whole.
//! [`ReadCache`] puts read-ahead in front of either (object's `ReadCache`):
//! a pass in file order makes one read a block, not one a record.
//!
//! ```
//! use cadb::bytes::ReadAt;
//! let data: &[u8] = b"hello";
//! assert_eq!(&*data.read_at(1, 3).unwrap(), b"ell");
//! assert!(data.read_at(4, 3).is_err());
//! ```

use alloc::{borrow::Cow, boxed::Box, string::String, vec::Vec};
use core::cell::RefCell;

use crate::error::ErrorKind;

#[cfg(feature = "std")]
mod file;
mod held;
#[cfg(feature = "std")]
pub use file::{FileBytes, FileSource};
use held::Held;

/// Random-access bytes.
pub trait ReadAt {
    /// Total size in bytes.
    fn size(&self) -> u64;

    /// Exactly `len` bytes at `offset`, or [`ErrorKind::Truncated`] if the source is shorter.
    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind>;

    /// Exactly `len` bytes at `offset` into `out` (its bytes replaced), for
    /// a caller that keeps one buffer for its reads ([`ReadCache`]'s block).
    /// A file reads into the buffer's memory as it is: a fresh 8 MB block a
    /// read cost a page fault every 4 KB. On an error `out` is left empty.
    ///
    /// ```
    /// use cadb::bytes::ReadAt;
    /// let mut out = vec![9; 4];
    /// b"abcdef".to_vec().read_into(1, 3, &mut out).unwrap();
    /// assert_eq!(out, b"bcd");
    /// ```
    fn read_into(&self, offset: u64, len: usize, out: &mut Vec<u8>) -> Result<(), ErrorKind> {
        out.clear();
        *out = self.read_at(offset, len)?.into_owned();
        Ok(())
    }

    /// Up to `len` bytes at `offset` (fewer at the end of the source).
    fn read_up_to(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        let avail = self.size().saturating_sub(offset);
        let n = usize::try_from(avail).unwrap_or(usize::MAX).min(len);
        self.read_at(offset, n)
    }

    /// Lends exactly `len` bytes at `offset` to `f`: what [`read_at`](Self::read_at)
    /// gives, without a copy from a source that keeps the bytes behind a
    /// borrow ([`ReadCache`] lends from its block). A whole-database pass
    /// reads every record this way.
    ///
    /// ```
    /// use cadb::bytes::ReadAt;
    /// let mut sum = 0;
    /// b"abc".to_vec().read_with(1, 2, &mut |b| sum = b.len()).unwrap();
    /// assert_eq!(sum, 2);
    /// ```
    fn read_with(
        &self,
        offset: u64,
        len: usize,
        f: &mut dyn FnMut(&[u8]),
    ) -> Result<(), ErrorKind> {
        f(&self.read_at(offset, len)?);
        Ok(())
    }

    /// Whether `offset..offset + len` is in memory now, so reading it calls
    /// no source: a pass that can pause (the opening tree built in steps)
    /// stops before a record that is not, and its caller fetches the bytes
    /// meanwhile. Bytes in memory always are (the default); a
    /// [`ReadCache`] is when the range lies in its block.
    ///
    /// ```
    /// use cadb::bytes::{RangeSource, ReadAt, ReadCache};
    /// let data = vec![7u8; 100_000];
    /// let lazy = ReadCache::new(RangeSource::new(100_000, |o, n| Ok(vec![7; n])));
    /// assert!(data.ready(0, 10) && !lazy.ready(0, 10));
    /// lazy.read_at(0, 10).unwrap();
    /// assert!(lazy.ready(5, 10) && !lazy.ready(90_000, 10));
    /// ```
    fn ready(&self, offset: u64, len: usize) -> bool {
        let _ = (offset, len);
        true
    }

    /// Reads `spans` (`start..end`, any order) now, in file order and few
    /// reads, and keeps them in memory until the next call (`&[]` lets them
    /// go): a pass that reads in an order of its own (the PGN export, in
    /// game order) asks first for what it will read. Returns the bytes
    /// held; bytes in memory need no holding (the default holds nothing).
    /// A [`ReadCache`] holds them.
    ///
    /// ```
    /// use cadb::bytes::{RangeSource, ReadAt, ReadCache};
    /// use std::cell::Cell;
    /// let calls = Cell::new(0);
    /// let lazy = ReadCache::new(RangeSource::new(1 << 30, |_, n| {
    ///     calls.set(calls.get() + 1);
    ///     Ok(vec![7; n])
    /// }));
    /// assert_eq!(lazy.hold(&[(900_000_000, 900_000_100), (1_000, 1_100)]), 200);
    /// assert_eq!(calls.get(), 2);
    /// lazy.read_at(900_000_050, 10).unwrap();
    /// lazy.read_at(1_000, 100).unwrap();
    /// assert_eq!(calls.get(), 2);
    /// lazy.hold(&[]);
    /// lazy.read_at(1_000, 100).unwrap();
    /// assert_eq!(calls.get(), 3);
    /// ```
    fn hold(&self, spans: &[(u64, u64)]) -> u64 {
        let _ = spans;
        0
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

/// `ReadAt` through a pointer: a reference or a box reads as what it points to.
macro_rules! forward_read_at {
    ($($ptr:ty),*) => {$(
        impl<T: ReadAt + ?Sized> ReadAt for $ptr {
            fn size(&self) -> u64 {
                (**self).size()
            }

            fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
                (**self).read_at(offset, len)
            }

            fn read_into(&self, offset: u64, len: usize, out: &mut Vec<u8>) -> Result<(), ErrorKind> {
                (**self).read_into(offset, len, out)
            }

            fn read_with(
                &self,
                offset: u64,
                len: usize,
                f: &mut dyn FnMut(&[u8]),
            ) -> Result<(), ErrorKind> {
                (**self).read_with(offset, len, f)
            }

            fn ready(&self, offset: u64, len: usize) -> bool {
                (**self).ready(offset, len)
            }

            fn hold(&self, spans: &[(u64, u64)]) -> u64 {
                (**self).hold(spans)
            }
        }
    )*};
}
forward_read_at!(&T, Box<T>);

/// Bytes fetched on demand by a function `(offset, len) -> bytes`.
///
/// The function is never asked for bytes past `size` (such a read is
/// `Truncated` before it is called), and must return exactly `len` bytes: a
/// shorter or longer answer, or an `Err`, is an [`ErrorKind::Io`].
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

    fn ready(&self, _offset: u64, _len: usize) -> bool {
        false
    }
}

/// Read-ahead in front of a source whose reads cost more than their bytes
/// (a JS callback, a file). A read shorter than [`MAX_AHEAD`](Self::MAX_AHEAD)
/// fetches a block from its offset (rounded down to 4 KB when it reads on
/// from the block before) and is served from
/// it, as are the reads after it that fall inside. The block grows while
/// reads follow on from it, after it or within a short gap
/// (up to 512 KB, or what [`reading_through`](Self::reading_through) sets)
/// (4 KB, 16, 64, 256 KB, 1, 4, then
/// 8 MB) and starts small again after a jump, so a pass in file order (an export, the
/// opening tree, a search over D00) makes one read a block while a random
/// read (one game, a page of the list) fetches little. In the viewer's
/// Worker each read costs about 2 ms whatever its size (a `FileReaderSync`
/// over `File.slice`): 757 MB of D02 took 5.7 s in 256 KB blocks and 1.2 s
/// in 16 MB ones. The block is the only copy kept, with the spans a pass
/// asked to [hold](ReadAt::hold); longer reads go straight through.
///
/// ```
/// use cadb::bytes::{RangeSource, ReadAt, ReadCache};
/// use std::cell::Cell;
/// let data: Vec<u8> = (0..=255).cycle().take(100_000).collect();
/// let calls = Cell::new(0);
/// let src = ReadCache::new(RangeSource::new(data.len() as u64, |o, n| {
///     calls.set(calls.get() + 1);
///     Ok(data[o as usize..o as usize + n].to_vec())
/// }));
/// for at in (0..50_000).step_by(10) {
///     assert_eq!(src.read_at(at, 10).unwrap()[0], (at % 256) as u8);
/// }
/// assert!(calls.get() < 10, "{} reads for 5,000", calls.get());
/// ```
pub struct ReadCache<R> {
    inner: R,
    /// The longest block ([`MAX_AHEAD`](Self::MAX_AHEAD) unless set).
    max_ahead: usize,
    /// The longest gap read through ([`READ_THROUGH`](Self::READ_THROUGH)
    /// unless set).
    read_through: u64,
    block: RefCell<Block>,
    held: RefCell<Held>,
}

/// The last bytes read, and how far to read ahead next time.
struct Block {
    start: u64,
    bytes: Vec<u8>,
    ahead: usize,
}

impl<R: ReadAt> ReadCache<R> {
    /// The most read at once: reads at least this long bypass the block.
    pub const MAX_AHEAD: usize = 8 << 20;
    /// Read-ahead after a jump.
    const MIN_AHEAD: usize = 4 << 10;
    /// The longest gap ahead of the block that still counts as reading on.
    /// In a Worker a read costs about 1 ms, and 512 KB of a `File` about
    /// as much: a search that reads one record in a few hundred (a repeated
    /// position search) reads through the gaps in growing blocks instead
    /// of one read a record (4,630 records 164 KB apart took 4.3 s).
    pub const READ_THROUGH: u64 = 512 << 10;

    /// Read-ahead over `inner`.
    pub fn new(inner: R) -> ReadCache<R> {
        Self::with_max_ahead(inner, Self::MAX_AHEAD)
    }

    /// Read-ahead over `inner` in blocks of at most `max_ahead` bytes (at
    /// least 4 KB): shorter than [`MAX_AHEAD`](Self::MAX_AHEAD) for a
    /// source whose reads cost little, so that the block stays in the
    /// processor's cache between its copy in and the reads from it.
    pub fn with_max_ahead(inner: R, max_ahead: usize) -> ReadCache<R> {
        ReadCache {
            inner,
            max_ahead: max_ahead.max(Self::MIN_AHEAD),
            read_through: Self::READ_THROUGH,
            block: RefCell::new(Block {
                start: 0,
                bytes: Vec::new(),
                ahead: Self::MIN_AHEAD,
            }),
            held: RefCell::default(),
        }
    }

    /// The same read-ahead, reading through gaps of at most `gap` bytes
    /// ([`READ_THROUGH`](Self::READ_THROUGH) unless set): shorter for a
    /// source whose reads cost about what a few KB of bytes cost, so that
    /// records read a few in a block (the samples taken on opening) are
    /// read one by one, not with everything between them.
    ///
    /// ```
    /// use cadb::bytes::{RangeSource, ReadAt, ReadCache};
    /// use std::cell::Cell;
    /// // 40 records 30,000 bytes apart: the bytes read for them.
    /// let bytes_read = |gap| {
    ///     let read = Cell::new(0);
    ///     let source = RangeSource::new(2 << 20, |_, n| {
    ///         read.set(read.get() + n);
    ///         Ok(vec![0; n])
    ///     });
    ///     let src = ReadCache::with_max_ahead(source, 512 << 10).reading_through(gap);
    ///     for at in (0..40).map(|k| k * 30_000) {
    ///         src.read_at(at, 100).unwrap();
    ///     }
    ///     read.get()
    /// };
    /// assert!(bytes_read(8 << 10) < 200_000);
    /// assert!(bytes_read(ReadCache::<Vec<u8>>::READ_THROUGH) > 800_000);
    /// ```
    pub fn reading_through(mut self, gap: u64) -> ReadCache<R> {
        self.read_through = gap;
        self
    }

    /// The source read through.
    ///
    /// ```
    /// use cadb::bytes::{ReadAt, ReadCache};
    /// assert_eq!(ReadCache::new(vec![1u8, 2, 3]).inner().size(), 3);
    /// ```
    pub fn inner(&self) -> &R {
        &self.inner
    }
}

impl<R: ReadAt> ReadCache<R> {
    /// The block, filled so that it holds `offset..offset + len` (a read
    /// shorter than the longest block); `None` when the read
    /// goes straight through: too long, or the block is busy (a source that
    /// calls back into its reader while the block is being filled, as a JS
    /// callback can, or a read from inside `read_with`).
    fn block_for(
        &self,
        offset: u64,
        len: usize,
    ) -> Result<Option<core::cell::RefMut<'_, Block>>, ErrorKind> {
        let size = self.size();
        let end = offset
            .checked_add(len as u64)
            .filter(|&e| e <= size)
            .ok_or_else(|| truncated(size, offset, len))?;
        let (true, Ok(mut b)) = (len < self.max_ahead, self.block.try_borrow_mut()) else {
            return Ok(None);
        };
        let block_end = b.start + b.bytes.len() as u64;
        if offset < b.start || end > block_end {
            // Reading on from the block (a record across its end, or the
            // next one after a gap it is cheaper to read through than to
            // make another read for) grows the read-ahead; a jump resets it.
            let follows = offset >= b.start && offset <= block_end + self.read_through;
            b.ahead = if follows {
                (b.ahead * 4).min(self.max_ahead)
            } else {
                Self::MIN_AHEAD
            };
            // To `end` at least, never past the source. From `offset`
            // itself after a jump: from a 4 KB boundary before it, a
            // record whose body fits 4 KB often crossed the block's end
            // and was read again (18% more reads of a shuffled D02).
            let at = if follows { offset & !0xfff } else { offset };
            let n = (size - at).min((end - at).max(b.ahead as u64)) as usize;
            if let Err(e) = self.inner.read_into(at, n, &mut b.bytes) {
                // An empty block holds nothing: the next read reads again.
                b.bytes.clear();
                return Err(e);
            }
            b.start = at;
        }
        Ok(Some(b))
    }
}

impl<R: ReadAt> ReadAt for ReadCache<R> {
    fn size(&self) -> u64 {
        self.inner.size()
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        if let Some(b) = self
            .held
            .try_borrow()
            .ok()
            .and_then(|h| h.get(offset, len).map(<[u8]>::to_vec))
        {
            return Ok(Cow::Owned(b));
        }
        match self.block_for(offset, len)? {
            Some(b) => {
                let at = (offset - b.start) as usize;
                Ok(Cow::Owned(b.bytes[at..at + len].to_vec()))
            }
            None => Ok(Cow::Owned(self.inner.read_at(offset, len)?.into_owned())),
        }
    }

    fn read_with(
        &self,
        offset: u64,
        len: usize,
        f: &mut dyn FnMut(&[u8]),
    ) -> Result<(), ErrorKind> {
        if let Ok(h) = self.held.try_borrow()
            && let Some(b) = h.get(offset, len)
        {
            f(b);
            return Ok(());
        }
        match self.block_for(offset, len)? {
            Some(b) => {
                let at = (offset - b.start) as usize;
                f(&b.bytes[at..at + len]);
            }
            None => f(&self.inner.read_at(offset, len)?),
        }
        Ok(())
    }

    fn ready(&self, offset: u64, len: usize) -> bool {
        if self
            .held
            .try_borrow()
            .is_ok_and(|h| h.get(offset, len).is_some())
        {
            return true;
        }
        let Ok(b) = self.block.try_borrow() else {
            return false;
        };
        let end = b.start + b.bytes.len() as u64;
        offset >= b.start && offset.checked_add(len as u64).is_some_and(|e| e <= end)
    }

    fn hold(&self, spans: &[(u64, u64)]) -> u64 {
        let Ok(mut held) = self.held.try_borrow_mut() else {
            return 0;
        };
        // What the block holds already is read from it (a small file is
        // often all in it).
        let outside: Vec<(u64, u64)> = match self.block.try_borrow() {
            Ok(b) => {
                let end = b.start + b.bytes.len() as u64;
                spans
                    .iter()
                    .copied()
                    .filter(|&(s, e)| s < b.start || e > end)
                    .collect()
            }
            Err(_) => spans.to_vec(),
        };
        let size = self.size();
        held.fill(&outside, size, self.read_through, |offset, len| {
            self.inner.read_at(offset, len)
        })
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
