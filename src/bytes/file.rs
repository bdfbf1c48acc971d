//! Files on disk as [`ReadAt`] sources (feature `std`): a file read piece
//! by piece ([`FileSource`]), and a file read whole or lazily by its size
//! ([`FileBytes`], what the CLI opens a database's files as).

use alloc::{borrow::Cow, string::String, sync::Arc, vec::Vec};
use core::cell::RefCell;
use std::path::{Path, PathBuf};

use super::{ReadAt, ReadCache, truncated};
use crate::error::ErrorKind;

/// A file read piece by piece (feature `std`); behind a [`ReadCache`],
/// what a large file of [`FileBytes`] reads through.
pub struct FileSource {
    file: RefCell<std::fs::File>,
    size: u64,
    path: PathBuf,
}

impl FileSource {
    /// Opens `path` for reading.
    pub fn open(path: &Path) -> std::io::Result<FileSource> {
        let file = std::fs::File::open(path)?;
        let size = file.metadata()?.len();
        Ok(FileSource {
            file: RefCell::new(file),
            size,
            path: path.to_path_buf(),
        })
    }

    /// The same file opened again (for another thread: a handle of its
    /// own, whose reads never move this one's position); an error if its
    /// size changed since this one was opened.
    pub fn again(&self) -> std::io::Result<FileSource> {
        let again = FileSource::open(&self.path)?;
        if again.size != self.size {
            return Err(std::io::Error::other(alloc::format!(
                "{} changed size ({} bytes, then {}) while it was open",
                self.path.display(),
                self.size,
                again.size
            )));
        }
        Ok(again)
    }
}

impl ReadAt for FileSource {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        let mut out = Vec::new();
        self.read_into(offset, len, &mut out)?;
        Ok(Cow::Owned(out))
    }

    fn read_into(&self, offset: u64, len: usize, out: &mut Vec<u8>) -> Result<(), ErrorKind> {
        if offset.checked_add(len as u64).is_none_or(|e| e > self.size) {
            out.clear();
            return Err(truncated(self.size, offset, len));
        }
        let io = |e: std::io::Error| ErrorKind::Io {
            message: alloc::format!("reading {len} bytes at {offset}: {e}"),
        };
        let Ok(mut file) = self.file.try_borrow_mut() else {
            out.clear();
            return Err(ErrorKind::Io {
                message: String::from("the file is being read already"),
            });
        };
        if let Err(e) = read_span(&mut file, offset, len, out) {
            out.clear();
            return Err(io(e));
        }
        if out.len() != len {
            out.clear();
            return Err(ErrorKind::Io {
                message: alloc::format!("reading {len} bytes at {offset}: the file ended"),
            });
        }
        Ok(())
    }

    fn ready(&self, _offset: u64, _len: usize) -> bool {
        false
    }
}

/// Makes `out` the `len` bytes of `file` at `offset` (fewer if it ends).
/// On Unix one `pread` a read, not a seek and a read: a shuffled D02 is
/// read once a game, and the seeks were 46% of `cadb pgn`'s system calls.
/// `out`'s old bytes are overwritten in place, only its growth zeroed
/// (elsewhere it is read into spare capacity): zeroing a whole 256 KB
/// block each read cost more than the copy out of the kernel.
fn read_span(
    file: &mut std::fs::File,
    offset: u64,
    len: usize,
    out: &mut Vec<u8>,
) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        out.resize(len, 0);
        let mut done = 0;
        while done < len {
            match file.read_at(&mut out[done..], offset + done as u64) {
                Ok(0) => break,
                Ok(n) => done += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        out.truncate(done);
        Ok(())
    }
    #[cfg(not(unix))]
    {
        use std::io::{Read, Seek, SeekFrom};
        out.clear();
        out.reserve_exact(len);
        file.seek(SeekFrom::Start(offset))?;
        file.take(len as u64).read_to_end(out).map(|_| ())
    }
}

/// The longest block read ahead from a file on disk. A read costs a
/// microsecond here, not the millisecond of a `File` in a Worker; a block
/// this short stays in the processor's cache from the kernel's copy to
/// the decoder's reads (8 MB blocks made `cadb pgn` about 5% slower).
const AHEAD: usize = 512 << 10;

/// The longest gap read through on a file on disk. A read costs about
/// 2 µs here and the kernel's copy about as much for 4 KB, so a record a
/// few KB past the block is cheaper to read alone: opening read 12 MB of
/// a 75 MB D02 for a sample of 256 records with the 512 KB a Worker
/// reads through.
const READ_THROUGH: u64 = 8 << 10;

/// A file's bytes (feature `std`): held whole when it is no larger than a
/// threshold, else read piece by piece behind a [`ReadCache`]. Small files
/// read whole are faster to read at random (no call per read); large ones
/// never load whole. What the CLI opens a database through.
///
/// ```
/// use cadb::bytes::{FileBytes, ReadAt};
/// let path = std::env::temp_dir().join(format!("cadb-doc-{}", std::process::id()));
/// std::fs::write(&path, b"abcdef").unwrap();
/// for whole_up_to in [0, 1 << 20] {
///     let f = FileBytes::open(&path, whole_up_to).unwrap();
///     assert_eq!(&*f.read_at(2, 3).unwrap(), b"cde");
///     assert_eq!(matches!(f, FileBytes::Whole(_)), whole_up_to > 0);
/// }
/// std::fs::remove_file(&path).unwrap();
/// ```
pub enum FileBytes {
    /// The whole file in memory (shared by the handles [`again`](Self::again) makes).
    Whole(Arc<Vec<u8>>),
    /// Read as needed.
    Lazy(ReadCache<FileSource>),
}

impl FileBytes {
    /// Opens `path`: read whole if it has at most `whole_up_to` bytes.
    pub fn open(path: &Path, whole_up_to: u64) -> std::io::Result<FileBytes> {
        let source = FileSource::open(path)?;
        if source.size > whole_up_to {
            return Ok(FileBytes::lazy(source));
        }
        let mut whole = Vec::with_capacity(source.size as usize);
        std::io::Read::read_to_end(&mut *source.file.borrow_mut(), &mut whole)?;
        Ok(FileBytes::Whole(Arc::new(whole)))
    }

    /// The same file for another thread: a file read whole is shared, not
    /// read again; one read as needed is opened again, with a read-ahead of
    /// its own.
    ///
    /// ```
    /// use cadb::bytes::{FileBytes, ReadAt};
    /// let path = std::env::temp_dir().join(format!("cadb-doc-again-{}", std::process::id()));
    /// std::fs::write(&path, b"abcdef").unwrap();
    /// for whole_up_to in [0, 1 << 20] {
    ///     let f = FileBytes::open(&path, whole_up_to).unwrap();
    ///     let other = f.again().unwrap();
    ///     let read = std::thread::spawn(move || other.read_at(1, 2).unwrap().into_owned());
    ///     assert_eq!(read.join().unwrap(), b"bc");
    /// }
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn again(&self) -> std::io::Result<FileBytes> {
        Ok(match self {
            FileBytes::Whole(bytes) => FileBytes::Whole(Arc::clone(bytes)),
            FileBytes::Lazy(c) => FileBytes::lazy(c.inner().again()?),
        })
    }

    fn lazy(source: FileSource) -> FileBytes {
        FileBytes::Lazy(ReadCache::with_max_ahead(source, AHEAD).reading_through(READ_THROUGH))
    }
}

impl ReadAt for FileBytes {
    fn size(&self) -> u64 {
        match self {
            FileBytes::Whole(v) => v.size(),
            FileBytes::Lazy(c) => c.size(),
        }
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        match self {
            FileBytes::Whole(v) => v.read_at(offset, len),
            FileBytes::Lazy(c) => c.read_at(offset, len),
        }
    }

    fn read_with(
        &self,
        offset: u64,
        len: usize,
        f: &mut dyn FnMut(&[u8]),
    ) -> Result<(), ErrorKind> {
        match self {
            FileBytes::Whole(v) => v.read_with(offset, len, f),
            FileBytes::Lazy(c) => c.read_with(offset, len, f),
        }
    }

    fn ready(&self, offset: u64, len: usize) -> bool {
        match self {
            FileBytes::Whole(v) => v.ready(offset, len),
            FileBytes::Lazy(c) => c.ready(offset, len),
        }
    }

    fn hold(&self, spans: &[(u64, u64)]) -> u64 {
        match self {
            FileBytes::Whole(_) => 0,
            FileBytes::Lazy(c) => c.hold(spans),
        }
    }
}
