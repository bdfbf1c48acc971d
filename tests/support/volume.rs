//! EMB volumes made by hand for hostile fixtures (tests/hostile.rs and the
//! browser tests). Include with `#[path = "support/volume.rs"] mod volume;`.

// Each test binary uses a part of this.
#![allow(dead_code)]

use cadb::ca::{
    ListKind,
    format::emb::{DIR_ENTRY_LEN, dir_entry, fragment_bytes, header},
};

/// An EMB volume whose inner files are `(name, bytes)`; a file whose bytes
/// equal an earlier one's shares its fragment (the same span).
pub fn volume(files: &[(String, &[u8])]) -> Vec<u8> {
    let mut data: Vec<u8> = Vec::new();
    let mut spans: Vec<(u32, u32)> = Vec::new();
    let base = 144 + 8 + files.len() * (DIR_ENTRY_LEN + 8);
    for (i, (_, bytes)) in files.iter().enumerate() {
        let same = files[..i].iter().position(|(_, b)| b == bytes);
        spans.push(match same {
            Some(j) => spans[j],
            None => {
                let at = (base + data.len()) as u32;
                data.extend_from_slice(bytes);
                (bytes.len() as u32, at)
            }
        });
    }
    let dir_len = (files.len() * DIR_ENTRY_LEN) as u32;
    let mut emb = header(dir_len, 144).to_vec();
    let dir_at = (144 + 8) as u32;
    emb.extend_from_slice(&fragment_bytes(dir_len, dir_at + (files.len() * 8) as u32));
    // Descriptor lists first (one fragment each), then the directory.
    let desc_at = |i: usize| dir_at + (i * 8) as u32;
    for &(len, at) in &spans {
        emb.extend_from_slice(&fragment_bytes(len, at));
    }
    for (i, (name, bytes)) in files.iter().enumerate() {
        emb.extend_from_slice(&dir_entry(name, bytes.len() as u32, desc_at(i)));
    }
    assert_eq!(emb.len(), base);
    emb.extend_from_slice(&data);
    emb
}

/// The four lists' `.a01` and `.d01` given, no `.iii`.
pub fn names(a01: &[u8], d01: &[u8]) -> Vec<u8> {
    let files: Vec<(String, &[u8])> = ListKind::ALL
        .iter()
        .flat_map(|k| [(k.inner_name("a01"), a01), (k.inner_name("d01"), d01)])
        .collect();
    volume(&files)
}
