//! A database whose D02 is read on demand, in ranges, as the browser reads
//! a big one. Include with `#[path = "support/lazy.rs"] mod lazy;`.

use cadb::{
    bytes::{RangeSource, ReadAt},
    ca::DatabaseFiles,
};

/// `files` with the D02 behind a [`RangeSource`]; `fetched(offset)` is
/// called for each range it fetches.
pub fn with_lazy_d02(
    files: DatabaseFiles<Vec<u8>>,
    fetched: impl Fn(u64) + 'static,
) -> DatabaseFiles<Box<dyn ReadAt>> {
    let d02 = files.d02;
    DatabaseFiles {
        cdp: Box::new(files.cdp),
        emb: Box::new(files.emb),
        d00: Box::new(files.d00),
        a02: Box::new(files.a02),
        d02: Box::new(RangeSource::new(d02.len() as u64, move |at, n| {
            fetched(at);
            Ok(d02[at as usize..at as usize + n].to_vec())
        })),
    }
}
