//! Where a database's bytes come from in the browser: memory, or a JS
//! callback that reads a range on demand (a `File` too big to load).

use alloc::{borrow::Cow, format, vec::Vec};

use wasm_bindgen::{JsCast, JsValue};

use crate::{bytes::ReadAt, error::ErrorKind};

/// The bytes of one file.
pub enum Source {
    Memory(Vec<u8>),
    /// `read(file, offset, length)` returns a `Uint8Array` of `length` bytes.
    Callback {
        file: &'static str,
        size: u64,
        read: js_sys::Function,
    },
}

impl ReadAt for Source {
    fn size(&self) -> u64 {
        match self {
            Source::Memory(v) => v.size(),
            Source::Callback { size, .. } => *size,
        }
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        match self {
            Source::Memory(v) => v.read_at(offset, len),
            Source::Callback { file, size, read } => {
                if offset.checked_add(len as u64).is_none_or(|end| end > *size) {
                    return Err(ErrorKind::Truncated {
                        needed: len as u64,
                        available: size.saturating_sub(offset),
                    });
                }
                let io = |message| ErrorKind::Io { message };
                let got = read
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
                Ok(Cow::Owned(bytes))
            }
        }
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
