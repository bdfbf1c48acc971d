//! The EMB volume (§4.3–§4.5): the 28 inner files and the root directory,
//! each stored through a fragment-descriptor list.

use alloc::{string::String, vec, vec::Vec};

use super::{
    emb::{Lists, list_files},
    options::{Tricks, WriteReport, too_large},
    rng::{Rng, TrickRngs},
};
use crate::{
    ca::format::emb::{self as layout, FRAGMENT_LEN, INNER_FILES, ListKind},
    error::{Error, FileKind},
};

/// A piece of the EMB heap.
#[derive(Clone, Copy)]
enum Blob {
    /// The descriptor list of file `f`.
    Desc(usize),
    /// Fragment `i` of file `f`.
    Frag(usize, usize),
    /// Stale bytes no file uses.
    Stale(usize),
    /// A descriptor list no file uses.
    StaleDesc(usize),
}

/// What `stale_fragments` adds (§4.4, Q2); nothing without it.
struct Stale {
    /// Regions no file uses: stale copies of parts of inner files.
    blobs: Vec<Vec<u8>>,
    /// Descriptor lists no file uses: the pieces (stale or real) each names.
    lists: Vec<Vec<Blob>>,
    /// Per file: the real fragments a zero-length descriptor comes before
    /// (never after the last, where GetFile has stopped reading).
    zeros: Vec<Vec<usize>>,
    /// Per file: bytes after its last fragment, counted in that fragment's
    /// length but past the file's.
    over: Vec<Vec<u8>>,
}

impl Stale {
    fn none(files: usize) -> Stale {
        Stale {
            blobs: Vec::new(),
            lists: Vec::new(),
            zeros: vec![Vec::new(); files],
            over: vec![Vec::new(); files],
        }
    }

    /// Plans the stale pieces for `files` (the inner files, in order) cut
    /// into `frags` (the root directory's last).
    fn plan(files: &[Vec<u8>], frags: &[Vec<usize>], lists: &Lists, rng: &mut Rng) -> Stale {
        let mut st = Stale::none(frags.len());
        for (f, sizes) in frags.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
            for _ in 0..rng.below(3) {
                st.zeros[f].push(rng.below(sizes.len() as u64) as usize);
            }
            st.zeros[f].sort_unstable();
            if !rng.one_in(3) {
                st.over[f] = copy_of(files, rng.range(1, 64), rng);
            }
        }
        // At least one of each, on the root directory (read first).
        let root = frags.len() - 1;
        if st.zeros.iter().all(Vec::is_empty) {
            st.zeros[root].push(0);
        }
        if st.over.iter().all(Vec::is_empty) {
            st.over[root] = copy_of(files, rng.range(1, 64), rng);
        }
        // Old versions of `.d01` files (one list at least), each in 1–3
        // pieces with a descriptor list of its own.
        let forced = rng.below(4) as usize;
        for (k, (list, kind)) in lists.lists.iter().zip(ListKind::ALL).enumerate() {
            if k != forced && !rng.one_in(3) {
                continue;
            }
            let mut old = list.stale_d01(kind, rng);
            let first = st.blobs.len();
            for _ in 1..rng.range(1, 3) {
                if old.len() < 2 {
                    break;
                }
                let rest = old.split_off(rng.range(1, old.len() - 1));
                st.blobs.push(old);
                old = rest;
            }
            st.blobs.push(old);
            st.lists
                .push((first..st.blobs.len()).map(Blob::Stale).collect());
        }
        // Copies of parts of inner files.
        for _ in 0..rng.range(1, 3) {
            let n = rng.range(1, 200);
            st.blobs.push(copy_of(files, n, rng));
        }
        // An outdated descriptor list of a real file: its fragments reversed.
        let f = rng.below(frags.len() as u64) as usize;
        st.lists.push(
            (0..frags[f].len())
                .rev()
                .map(|i| Blob::Frag(f, i))
                .collect(),
        );
        st
    }
}

/// `n` bytes copied from a random place of a random inner file (random
/// values where it is shorter).
fn copy_of(files: &[Vec<u8>], n: usize, rng: &mut Rng) -> Vec<u8> {
    let file = &files[rng.below(files.len() as u64) as usize];
    let from = rng.below(file.len().saturating_sub(n) as u64 + 1) as usize;
    let mut out: Vec<u8> = file[from..].iter().copied().take(n).collect();
    while out.len() < n {
        out.push(rng.next() as u8);
    }
    out
}

/// Builds the EMB file (§4.3–§4.5).
pub(crate) fn build(
    lists: &Lists,
    tricks: &Tricks,
    rng: &mut Rng,
    rngs: &mut TrickRngs,
    report: &mut WriteReport,
) -> Result<Vec<u8>, Error> {
    // The 28 inner files, then the root directory (index 28).
    let mut names: Vec<String> = Vec::new();
    let mut files: Vec<Vec<u8>> = Vec::new();
    for (kind, list) in ListKind::ALL.into_iter().zip(&lists.lists) {
        for (ext, data) in INNER_FILES
            .iter()
            .zip(list_files(list, kind, tricks, rng, rngs, report))
        {
            names.push(kind.inner_name(ext));
            files.push(data);
        }
    }
    let root = names.len();
    let root_len = layout::DIR_ENTRY_LEN * root;
    // Fragment sizes: small and random with the trick, else up to 1024 bytes.
    let mut frags: Vec<Vec<usize>> = Vec::new();
    for len in files.iter().map(Vec::len).chain([root_len]) {
        let mut sizes = Vec::new();
        let mut left = len;
        while left > 0 {
            let s = if tricks.fragment_emb {
                rng.range(1, 200)
            } else {
                1024
            }
            .min(left);
            sizes.push(s);
            left -= s;
        }
        frags.push(sizes);
    }
    report.fragments += frags.iter().map(Vec::len).sum::<usize>();
    let stale = if tricks.stale_fragments {
        Stale::plan(&files, &frags, lists, &mut rngs.stale)
    } else {
        Stale::none(frags.len())
    };
    report.zero_length_fragments += stale.zeros.iter().map(Vec::len).sum::<usize>();
    report.overlong_fragments += stale.over.iter().filter(|o| !o.is_empty()).count();
    report.stale_fragments += stale.blobs.len() + stale.lists.len();
    // Placement order: each file's list then its fragments, stale pieces
    // anywhere between; with the trick, shuffled.
    let mut blobs: Vec<Blob> = Vec::new();
    for (f, sizes) in frags.iter().enumerate() {
        blobs.push(Blob::Desc(f));
        blobs.extend((0..sizes.len()).map(|i| Blob::Frag(f, i)));
    }
    let stale_blobs = (0..stale.blobs.len()).map(Blob::Stale);
    for b in stale_blobs.chain((0..stale.lists.len()).map(Blob::StaleDesc)) {
        let at = rngs.stale.range(0, blobs.len());
        blobs.insert(at, b);
    }
    if tricks.fragment_emb {
        rng.shuffle(&mut blobs);
        // Make sure every file of several fragments has at least one out of order.
        let mut pos: Vec<Vec<usize>> = frags.iter().map(|s| vec![0; s.len()]).collect();
        for (k, b) in blobs.iter().enumerate() {
            if let Blob::Frag(f, i) = *b {
                pos[f][i] = k;
            }
        }
        for p in pos.iter().filter(|p| p.len() >= 2) {
            if p.windows(2).all(|w| w[0] < w[1]) {
                blobs.swap(p[0], p[1]);
            }
        }
    }
    // A fragment's stored length: the last one takes its overshoot too.
    let frag_len = |f: usize, i: usize| {
        frags[f][i]
            + if i + 1 == frags[f].len() {
                stale.over[f].len()
            } else {
                0
            }
    };
    // Assign offsets (junk before each blob with the trick).
    let mut junk: Vec<Vec<u8>> = Vec::with_capacity(blobs.len());
    let mut at = layout::HEADER_LEN;
    let mut desc_at = vec![0usize; frags.len()];
    let mut frag_at: Vec<Vec<usize>> = frags.iter().map(|s| vec![0; s.len()]).collect();
    let mut stale_at = vec![0usize; stale.blobs.len()];
    for b in &blobs {
        let mut j = Vec::new();
        if tricks.fragment_emb {
            report.emb_junk_bytes += rng.junk(&mut j, 1, 24);
        }
        at += j.len();
        junk.push(j);
        match *b {
            Blob::Desc(f) => {
                desc_at[f] = at;
                at += FRAGMENT_LEN * (frags[f].len() + stale.zeros[f].len());
            }
            Blob::Frag(f, i) => {
                frag_at[f][i] = at;
                at += frag_len(f, i);
            }
            Blob::Stale(k) => {
                stale_at[k] = at;
                at += stale.blobs[k].len();
            }
            Blob::StaleDesc(k) => at += FRAGMENT_LEN * stale.lists[k].len(),
        }
    }
    if at > u32::MAX as usize {
        return Err(too_large(FileKind::Emb, "EMB size", at, u32::MAX));
    }
    // The root directory (§4.5): 256-byte entries.
    let mut dir = Vec::with_capacity(root_len);
    for (f, name) in names.iter().enumerate() {
        dir.extend_from_slice(&layout::dir_entry(
            name,
            files[f].len() as u32,
            desc_at[f] as u32,
        ));
    }
    files.push(dir);
    // Write.
    let descriptor = |b: Blob| match b {
        Blob::Frag(f, i) => layout::fragment_bytes(frag_len(f, i) as u32, frag_at[f][i] as u32),
        Blob::Stale(k) => layout::fragment_bytes(stale.blobs[k].len() as u32, stale_at[k] as u32),
        Blob::Desc(_) | Blob::StaleDesc(_) => unreachable!("descriptors name fragments"),
    };
    let mut out = Vec::with_capacity(at);
    out.extend_from_slice(&layout::header(root_len as u32, desc_at[root] as u32));
    for (b, j) in blobs.iter().zip(&junk) {
        out.extend_from_slice(j);
        match *b {
            Blob::Desc(f) => {
                let mut zeros = stale.zeros[f].iter().peekable();
                for i in 0..frags[f].len() {
                    // A zero-length descriptor may point anywhere.
                    while zeros.next_if(|&&k| k == i).is_some() {
                        let anywhere = rngs.stale.below(at as u64) as u32;
                        out.extend_from_slice(&layout::fragment_bytes(0, anywhere));
                    }
                    out.extend_from_slice(&descriptor(Blob::Frag(f, i)));
                }
            }
            Blob::Frag(f, i) => {
                let start: usize = frags[f][..i].iter().sum();
                out.extend_from_slice(&files[f][start..start + frags[f][i]]);
                if i + 1 == frags[f].len() {
                    out.extend_from_slice(&stale.over[f]);
                }
            }
            Blob::Stale(k) => out.extend_from_slice(&stale.blobs[k]),
            Blob::StaleDesc(k) => {
                for &piece in &stale.lists[k] {
                    out.extend_from_slice(&descriptor(piece));
                }
            }
        }
    }
    Ok(out)
}
