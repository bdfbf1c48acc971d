//! Where a database's bytes come from in the browser: memory, or a JS
//! callback that reads a range on demand (a `File` too big to load).

use alloc::{borrow::Cow, format, rc::Rc, vec::Vec};
use core::cell::RefCell;

use wasm_bindgen::{JsCast, JsValue};

use crate::{bytes::ReadAt, error::ErrorKind};

/// The bytes of one file.
pub enum Source {
    Memory(Vec<u8>),
    /// A JS array read only while opening (the EMB: the name tables copy
    /// what they need out of it), so it is never copied whole into wasm
    /// memory, and released afterwards. A read after that is `Truncated`.
    OpenOnly(Rc<RefCell<JsWindow>>),
    /// `read(file, offset, length)` returns a `Uint8Array` of `length` bytes.
    Callback(Lazy),
}

/// A file read through a JS callback, with read-ahead: a whole-database
/// pass (export, opening tree, search) reads records in file order, and one
/// `read()` of 256 KB costs about what one of a few bytes does (in the
/// viewer's Worker, a `FileReaderSync` over `File.slice`), so a pass makes one
/// call a block instead of two a game. Read-ahead grows while reads follow
/// on from the block (4 KB, 16, 64, then 256 KB) and starts small again after
/// a jump, so a random read (one game, one page of headers) fetches little.
/// The block is the only copy kept.
pub struct Lazy {
    file: &'static str,
    size: u64,
    read: js_sys::Function,
    block: RefCell<Block>,
}

/// The last bytes read, and how far to read ahead next time.
struct Block {
    start: u64,
    bytes: Vec<u8>,
    ahead: usize,
}

impl Lazy {
    /// The most read at once: reads at least this long bypass the block.
    pub const MAX_AHEAD: usize = 256 << 10;
    /// Read-ahead after a jump.
    const MIN_AHEAD: usize = 4 << 10;

    pub fn new(file: &'static str, size: u64, read: js_sys::Function) -> Lazy {
        Lazy {
            file,
            size,
            read,
            block: RefCell::new(Block {
                start: 0,
                bytes: Vec::new(),
                ahead: Self::MIN_AHEAD,
            }),
        }
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>, ErrorKind> {
        let end = offset
            .checked_add(len as u64)
            .filter(|&e| e <= self.size)
            .ok_or(ErrorKind::Truncated {
                needed: len as u64,
                available: self.size.saturating_sub(offset),
            })?;
        // A `read()` that calls back into the database while the block is
        // being filled finds it borrowed: it reads directly, no panic.
        let (true, Ok(mut b)) = (len < Self::MAX_AHEAD, self.block.try_borrow_mut()) else {
            return self.call(offset, len);
        };
        let block_end = b.start + b.bytes.len() as u64;
        if offset < b.start || end > block_end {
            // Reading on from the block (a record across its end, or the
            // next one after a small gap) grows the read-ahead; a jump resets it.
            let follows = offset >= b.start && offset <= block_end + Self::MIN_AHEAD as u64;
            b.ahead = if follows {
                (b.ahead * 4).min(Self::MAX_AHEAD)
            } else {
                Self::MIN_AHEAD
            };
            // From `offset` rounded down to 4 KB, to `end` at least, never past the file.
            let at = offset & !0xfff;
            let n = (self.size - at).min((end - at).max(b.ahead as u64)) as usize;
            b.bytes = self.call(at, n)?;
            b.start = at;
        }
        let at = (offset - b.start) as usize;
        Ok(b.bytes[at..at + len].to_vec())
    }

    /// One `read()` call, its answer checked.
    fn call(&self, offset: u64, len: usize) -> Result<Vec<u8>, ErrorKind> {
        let file = self.file;
        let io = |message| ErrorKind::Io { message };
        let got = self
            .read
            .call3(
                &JsValue::NULL,
                &JsValue::from_str(file),
                &JsValue::from_f64(offset as f64),
                &JsValue::from_f64(len as f64),
            )
            .map_err(|e| io(format!("read({file}, {offset}, {len}) threw: {e:?}")))?;
        let bytes = bytes_of(&got).ok_or_else(|| {
            io(format!(
                "read({file}, {offset}, {len}) did not return a Uint8Array"
            ))
        })?;
        if bytes.len() != len {
            return Err(io(format!(
                "read({file}, {offset}, {len}) returned {} bytes",
                bytes.len()
            )));
        }
        Ok(bytes)
    }
}

impl ReadAt for Source {
    fn size(&self) -> u64 {
        match self {
            Source::Memory(v) => v.size(),
            Source::OpenOnly(w) => w.borrow().size(),
            Source::Callback(lazy) => lazy.size,
        }
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        match self {
            Source::Memory(v) => v.read_at(offset, len),
            Source::OpenOnly(w) => w.borrow_mut().read(offset, len).map(Cow::Owned),
            Source::Callback(lazy) => lazy.read_at(offset, len).map(Cow::Owned),
        }
    }
}

/// A JS array read piece by piece into wasm memory. Small reads (the EMB's
/// 8-byte fragment descriptors, one after the other) come from a 4 KB window,
/// the rest (fragment data, anywhere in the file) straight from the array.
pub struct JsWindow {
    array: Option<js_sys::Uint8Array>,
    start: u64,
    window: Vec<u8>,
}

impl JsWindow {
    const WINDOW: u64 = 4 << 10;
    const SMALL: usize = 64;

    pub fn new(array: js_sys::Uint8Array) -> JsWindow {
        JsWindow {
            array: Some(array),
            start: 0,
            window: Vec::new(),
        }
    }

    /// Lets go of the array and the window; later reads are `Truncated`.
    pub fn release(&mut self) {
        self.array = None;
        self.window = Vec::new();
    }

    fn size(&self) -> u64 {
        self.array.as_ref().map_or(0, |a| u64::from(a.length()))
    }

    fn read(&mut self, offset: u64, len: usize) -> Result<Vec<u8>, ErrorKind> {
        let size = self.size();
        let truncated = || ErrorKind::Truncated {
            needed: len as u64,
            available: size.saturating_sub(offset),
        };
        let end = offset
            .checked_add(len as u64)
            .filter(|&e| e <= size)
            .ok_or_else(truncated)?;
        let a = self.array.as_ref().ok_or_else(truncated)?;
        // `end` and `w_end` are <= the array's u32 length: the casts are exact.
        if len > Self::SMALL {
            return Ok(a.subarray(offset as u32, end as u32).to_vec());
        }
        if offset < self.start || end > self.start + self.window.len() as u64 {
            let w_end = (offset + Self::WINDOW).min(size);
            self.window = a.subarray(offset as u32, w_end as u32).to_vec();
            self.start = offset;
        }
        let at = (offset - self.start) as usize;
        self.window
            .get(at..at + len)
            .map(<[u8]>::to_vec)
            .ok_or_else(truncated)
    }
}

/// A `Uint8Array` or `ArrayBuffer` as a `Uint8Array` view (no copy).
pub fn array_of(v: &JsValue) -> Option<js_sys::Uint8Array> {
    if let Some(a) = v.dyn_ref::<js_sys::Uint8Array>() {
        Some(a.clone())
    } else {
        v.dyn_ref::<js_sys::ArrayBuffer>()
            .map(|b| js_sys::Uint8Array::new(b))
    }
}

/// The bytes of a `Uint8Array` or `ArrayBuffer`.
pub fn bytes_of(v: &JsValue) -> Option<Vec<u8>> {
    if let Some(a) = v.dyn_ref::<js_sys::Uint8Array>() {
        Some(a.to_vec())
    } else {
        v.dyn_ref::<js_sys::ArrayBuffer>()
            .map(|b| js_sys::Uint8Array::new(b).to_vec())
    }
}
