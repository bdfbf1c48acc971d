//! What the fuzz targets share: cutting one input into a database's files,
//! or wrapping it as the only record of an empty database.

use cadb::ca::{DatabaseFiles, writer};

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

/// The files of a database holding one game whose D02 record body is
/// `body` (its first 32,767 bytes) and whose D00 outcome byte is `outcome`:
/// the writer's empty database, with one record, one A02 entry and one
/// D00 header added.
pub fn one_record(body: &[u8], outcome: u8) -> Option<DatabaseFiles<Vec<u8>>> {
    let (mut files, _) = writer::write_database(&[], &writer::WriterOptions::default()).ok()?;
    let body = &body[..body.len().min(32767)];
    let (p, n) = cadb::ca::format::d02::length_prefix(body.len())?;
    files.d02 = [&p[..n], body].concat();
    files.a02 = 0i32.to_le_bytes().to_vec();
    let mut d00 = vec![0u8; 38];
    d00[10] = outcome;
    files.d00 = d00;
    files.cdp[104..108].copy_from_slice(&1u32.to_le_bytes());
    Some(files)
}
