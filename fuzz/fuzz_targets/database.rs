#![no_main]
//! A whole database cut out of one input (five files, lengths from the first
//! 16 bytes), opened, with every game read, exported and added to an opening
//! tree straight from the decoder.
use cadb::ca::{Database, DatabaseFiles, OpenOptions};
use libfuzzer_sys::fuzz_target;

pub fn split(data: &[u8]) -> Option<DatabaseFiles<Vec<u8>>> {
    let (head, mut rest) = (data.get(..16)?, data.get(16..)?);
    let mut parts = Vec::new();
    for i in 0..4 {
        let n = (u32::from(u16::from_le_bytes([head[4 * i], head[4 * i + 1]])) as usize).min(rest.len());
        parts.push(rest[..n].to_vec());
        rest = &rest[n..];
    }
    parts.push(rest.to_vec());
    let mut it = parts.into_iter();
    Some(DatabaseFiles { cdp: it.next()?, emb: it.next()?, d00: it.next()?, a02: it.next()?, d02: it.next()? })
}

fuzz_target!(|data: &[u8]| {
    let Some(files) = split(data) else { return };
    let Ok(db) = Database::open(files, OpenOptions::default()) else { return };
    let _ = db.info();
    let mut tree = cadb::stats::OpeningTree::new();
    for i in 0..db.count().min(256) {
        let _ = db.headers(i);
        let (pgn, _) = db.pgn_lenient(i);
        let _ = pgn.len();
        let _ = tree.add_ca_game(&db, i);
    }
    let _ = tree.query(&shakmaty::Chess::default());
});
