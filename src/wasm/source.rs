//! Where a database's bytes come from in the browser: memory, or a JS
//! callback that reads a range on demand (a `File` too big to load).

use alloc::{borrow::Cow, boxed::Box, format, rc::Rc, string::String, vec::Vec};
use core::cell::RefCell;

use wasm_bindgen::{JsCast, JsValue};

use crate::{
    bytes::{RangeSource, ReadAt, ReadCache},
    error::ErrorKind,
};

/// The bytes of one file.
pub enum Source {
    Memory(Vec<u8>),
    /// A JS array read only while opening (the EMB, whose name tables are
    /// copied out, and the A02, resolved into one u32 a game id), so it is
    /// never copied whole into wasm memory, and released afterwards (set to
    /// `None`). A read after that is `Truncated`.
    OpenOnly(Rc<RefCell<Option<Lazy>>>),
    /// `read(file, offset, length)` returns a `Uint8Array` of `length` bytes.
    Callback(Lazy),
}

/// A file read through a JS `read(file, offset, length)` callback, with
/// the core's read-ahead in front ([`ReadCache`]): one `read()` of megabytes
/// costs about what one of a few bytes does (in the viewer's Worker, a
/// `FileReaderSync` over `File.slice`), so a whole-database pass makes one
/// call a block instead of two a game.
pub type Lazy = ReadCache<RangeSource<Box<dyn Fn(u64, usize) -> Result<Vec<u8>, String>>>>;

/// A lazily read file of `size` bytes named `file` in the callback's first argument.
pub fn lazy(file: &'static str, size: u64, read: js_sys::Function) -> Lazy {
    let fetch = move |offset: u64, len: usize| -> Result<Vec<u8>, String> {
        let got = read
            .call3(
                &JsValue::NULL,
                &JsValue::from_str(file),
                &JsValue::from_f64(offset as f64),
                &JsValue::from_f64(len as f64),
            )
            .map_err(|e| format!("read({file}, {offset}, {len}) threw: {e:?}"))?;
        let bytes = bytes_of(&got)
            .ok_or_else(|| format!("read({file}, {offset}, {len}) did not return a Uint8Array"))?;
        if bytes.len() != len {
            return Err(format!(
                "read({file}, {offset}, {len}) returned {} bytes",
                bytes.len()
            ));
        }
        Ok(bytes)
    };
    ReadCache::new(RangeSource::new(size, Box::new(fetch)))
}

impl ReadAt for Source {
    fn size(&self) -> u64 {
        match self {
            Source::Memory(v) => v.size(),
            Source::OpenOnly(w) => w.borrow().as_ref().map_or(0, |w| w.size()),
            Source::Callback(lazy) => lazy.size(),
        }
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        match self {
            Source::Memory(v) => v.read_at(offset, len),
            Source::OpenOnly(w) => match &*w.borrow() {
                Some(w) => w.read_at(offset, len).map(|b| Cow::Owned(b.into_owned())),
                None => Err(ErrorKind::Truncated {
                    needed: len as u64,
                    available: 0,
                }),
            },
            Source::Callback(lazy) => lazy.read_at(offset, len),
        }
    }

    fn read_with(
        &self,
        offset: u64,
        len: usize,
        f: &mut dyn FnMut(&[u8]),
    ) -> Result<(), ErrorKind> {
        match self {
            Source::Callback(lazy) => lazy.read_with(offset, len, f),
            Source::Memory(v) => v.read_with(offset, len, f),
            Source::OpenOnly(_) => {
                f(&self.read_at(offset, len)?);
                Ok(())
            }
        }
    }

    fn ready(&self, offset: u64, len: usize) -> bool {
        match self {
            Source::Memory(v) => v.ready(offset, len),
            Source::OpenOnly(_) => false,
            Source::Callback(lazy) => lazy.ready(offset, len),
        }
    }

    fn hold(&self, spans: &[(u64, u64)]) -> u64 {
        match self {
            Source::Callback(lazy) => lazy.hold(spans),
            Source::Memory(_) | Source::OpenOnly(_) => 0,
        }
    }
}

/// A JS array read piece by piece into wasm memory through the core's
/// read-ahead, never copied whole.
pub fn window(array: js_sys::Uint8Array) -> Lazy {
    let size = u64::from(array.length());
    // `offset + len` is at most the array's u32 length (RangeSource checks
    // it first): the casts are exact.
    let fetch = move |offset: u64, len: usize| -> Result<Vec<u8>, String> {
        Ok(array
            .subarray(offset as u32, (offset + len as u64) as u32)
            .to_vec())
    };
    ReadCache::new(RangeSource::new(size, Box::new(fetch)))
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
