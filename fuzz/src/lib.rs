//! What the fuzz targets share: cutting one input into a database's files.

use cadb::ca::DatabaseFiles;

/// A whole database cut out of one input: four u32 lengths (CDP, EMB, D00,
/// A02; each clipped to what is left), then the files back to back, D02
/// taking the rest. `examples/fuzz_seeds.rs` writes seeds in this form.
pub fn split(data: &[u8]) -> Option<DatabaseFiles<Vec<u8>>> {
    let (head, mut rest) = (data.get(..16)?, data.get(16..)?);
    let mut parts = Vec::new();
    for i in 0..4 {
        let n = u32::from_le_bytes(head[4 * i..4 * i + 4].try_into().ok()?);
        let n = usize::try_from(n).unwrap_or(usize::MAX).min(rest.len());
        parts.push(rest[..n].to_vec());
        rest = &rest[n..];
    }
    parts.push(rest.to_vec());
    let mut it = parts.into_iter();
    Some(DatabaseFiles {
        cdp: it.next()?,
        emb: it.next()?,
        d00: it.next()?,
        a02: it.next()?,
        d02: it.next()?,
    })
}
