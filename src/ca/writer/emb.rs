//! The EMB volume (§4): name lists and their 28 inner files, stored through
//! fragment-descriptor lists.

use alloc::{collections::BTreeMap, string::String, vec::Vec};

use super::{Tricks, WriteReport, cdp_file, rng::Rng, too_large};
use crate::ca::format::{
    d00::{NAME_IDS, encode_date},
    emb::{self as layout, INNER_FILES, Link, ListKind, PlayerData},
};
use crate::{
    error::{Error, FileKind},
    game::{Date, Headers},
    text::TextEncoding,
};

/// A list entry: the name and, for players, the title and Players.d00 data.
#[derive(Clone, Debug, Default)]
struct Entry {
    name: Vec<u8>,
    title: Vec<u8>,
    rating: u16,
    fide_id: u32,
    birthday: u32,
    gender: u8,
    /// Ids that redirect here (the chain's head is last).
    aliases: Vec<u32>,
    /// Times referenced from D00, to alternate between the real id and an alias.
    uses: u32,
}

/// One list: entries in first-use order; entry 0 is the empty name.
#[derive(Default)]
struct List {
    entries: Vec<Entry>,
    by_name: BTreeMap<String, usize>,
    /// The real id of each entry.
    ids: Vec<u32>,
    /// a01 as i32 values once ids are assigned (redirections negative, addresses filled later).
    slots: Vec<Slot>,
}

#[derive(Clone, Copy)]
enum Slot {
    Real(usize),
    Alias(u32),
}

pub(crate) struct Lists {
    encoding: TextEncoding,
    lists: [List; 4],
}

/// Cuts encoded text to `max` bytes on a character boundary of `text`.
fn encode_capped(enc: TextEncoding, text: &str, max: usize, report: &mut WriteReport) -> Vec<u8> {
    let full = enc.encode(text);
    if full.len() <= max {
        return full;
    }
    report.truncated_names += 1;
    // Every character takes at least one byte, so a fitting prefix has at most
    // `max` characters (at most 4·max UTF-8 bytes): start there, not at the end.
    let mut end = text.floor_char_boundary(4 * max + 4);
    loop {
        end = text.floor_char_boundary(end.saturating_sub(1));
        let b = enc.encode(&text[..end]);
        if b.len() <= max || end == 0 {
            return b;
        }
    }
}

fn tag<'a>(h: &'a Headers, name: &str) -> Option<&'a str> {
    h.other
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn gender(s: &str) -> u8 {
    match s.trim().to_ascii_lowercase().as_str() {
        "1" | "m" | "male" => 1,
        "2" | "f" | "w" | "female" => 2,
        _ => 0,
    }
}

impl Lists {
    pub(crate) fn new(encoding: TextEncoding) -> Lists {
        let mut lists: [List; 4] = Default::default();
        for l in &mut lists {
            l.entries.push(Entry::default());
            l.by_name.insert(String::new(), 0);
        }
        Lists { encoding, lists }
    }

    fn entry(
        &mut self,
        kind: ListKind,
        name: Option<&str>,
        report: &mut WriteReport,
    ) -> Option<&mut Entry> {
        let name = name?;
        let list = &mut self.lists[kind as usize];
        let i = match list.by_name.get(name) {
            Some(&i) => i,
            None => {
                let bytes = encode_capped(self.encoding, name, 255, report);
                list.entries.push(Entry {
                    name: bytes,
                    ..Entry::default()
                });
                list.by_name
                    .insert(String::from(name), list.entries.len() - 1);
                list.entries.len() - 1
            }
        };
        Some(&mut list.entries[i])
    }

    /// Records the names a game uses (ratings, titles and personal data of players too).
    pub(crate) fn collect(&mut self, h: &Headers, report: &mut WriteReport) {
        let enc = self.encoding;
        for (name, title, elo, prefix) in [
            (&h.white, &h.white_title, h.white_elo, "White"),
            (&h.black, &h.black_title, h.black_elo, "Black"),
        ] {
            let Some(e) = self.entry(ListKind::Players, name.as_deref(), report) else {
                continue;
            };
            if let Some(t) = title
                && e.title.is_empty()
            {
                e.title = encode_capped(enc, t, 255, report);
            }
            e.rating = e.rating.max(elo.unwrap_or(0));
            let t = |suffix: &str| tag(h, &alloc::format!("{prefix}{suffix}"));
            // The list rating a reader exported where it was not the game's Elo.
            if let Some(r) = t("CARating").and_then(|v| v.trim().parse::<u16>().ok()) {
                e.rating = e.rating.max(r);
            }
            if let Some(id) = t("FideId").and_then(|v| v.trim().parse().ok()) {
                e.fide_id = id;
            }
            if let Some(d) = t("Birthday").or_else(|| t("BirthDate")) {
                e.birthday = encode_date(&Date::from_pgn(d)).unwrap_or(0);
            }
            if let Some(g) = t("Gender").or_else(|| t("Sex")) {
                e.gender = gender(g);
            }
        }
        self.entry(ListKind::Players, h.annotator.as_deref(), report);
        self.entry(ListKind::Events, h.event.as_deref(), report);
        self.entry(ListKind::Places, h.site.as_deref(), report);
        self.entry(ListKind::Sources, h.source.as_deref(), report);
    }

    /// Gives every entry its id. With redirections, every third entry (not
    /// entry 0) gets 1–3 alias ids placed right after it, each redirecting to
    /// the previous one, so chains are 1–3 steps long and never point at id 0
    /// (whose negation would read as address 0, Q6).
    pub(crate) fn assign_ids(
        &mut self,
        redirect: bool,
        rng: &mut Rng,
        report: &mut WriteReport,
    ) -> Result<(), Error> {
        for list in &mut self.lists {
            for (i, e) in list.entries.iter_mut().enumerate() {
                let id = list.slots.len() as u32;
                list.ids.push(id);
                list.slots.push(Slot::Real(i));
                if redirect && i % 3 == 1 {
                    let mut target = id;
                    for _ in 0..1 + rng.below(3) {
                        let alias = list.slots.len() as u32;
                        list.slots.push(Slot::Alias(target));
                        e.aliases.push(alias);
                        target = alias;
                        report.name_redirections += 1;
                    }
                }
            }
            if list.slots.len() >= NAME_IDS as usize {
                return Err(too_large(
                    FileKind::D00,
                    "name ids (3 bytes in D00)",
                    list.slots.len(),
                    NAME_IDS,
                ));
            }
        }
        Ok(())
    }

    /// The id D00 stores for a name: 0 for none; for an entry with aliases,
    /// every other use goes through the head of its redirection chain.
    pub(crate) fn reference(
        &mut self,
        kind: ListKind,
        name: Option<&str>,
        report: &mut WriteReport,
    ) -> u32 {
        let list = &mut self.lists[kind as usize];
        let Some(&i) = name.and_then(|n| list.by_name.get(n)) else {
            return 0;
        };
        let e = &mut list.entries[i];
        e.uses += 1;
        match e.aliases.last() {
            Some(&head) if e.uses.is_multiple_of(2) => {
                report.redirected_references += 1;
                head
            }
            _ => list.ids[i],
        }
    }
}

/// The inner files of one list: cdp, iii, axx, dxx, d00, a01, d01.
fn list_files(
    list: &List,
    kind: ListKind,
    tricks: &Tricks,
    rng: &mut Rng,
    report: &mut WriteReport,
) -> [Vec<u8>; 7] {
    // .d01: blocks in shuffled order with junk between them when asked (§4.7).
    let mut order: Vec<usize> = (0..list.entries.len()).collect();
    if tricks.junk_between_records {
        rng.shuffle(&mut order);
    }
    let mut d01 = Vec::new();
    let mut address = alloc::vec![0u32; list.entries.len()];
    for &i in &order {
        if tricks.junk_between_records {
            report.junk_bytes += rng.junk(&mut d01, 0, 5);
        }
        let e = &list.entries[i];
        address[i] = d01.len() as u32;
        d01.extend_from_slice(&kind.name_record(&e.name, &e.title));
    }
    // .a01: addresses of real ids, redirections for aliases (§4.6).
    let a01: Vec<u8> = list
        .slots
        .iter()
        .flat_map(|s| {
            match *s {
                Slot::Real(i) => Link::Address(address[i]),
                Slot::Alias(t) => Link::Redirect(t),
            }
            .to_i32()
            .to_le_bytes()
        })
        .collect();
    // .iii: real ids sorted by their stored name (and title), ties by id (§4.9).
    let mut sorted: Vec<usize> = (0..list.entries.len()).collect();
    sorted.sort_by(|&a, &b| {
        let (ea, eb) = (&list.entries[a], &list.entries[b]);
        (&ea.name, &ea.title, list.ids[a]).cmp(&(&eb.name, &eb.title, list.ids[b]))
    });
    let iii: Vec<u8> = sorted
        .iter()
        .flat_map(|&i| list.ids[i].to_le_bytes())
        .collect();
    // .d00: for players the 10-byte blocks of §4.10, one per id (aliases
    // repeat their entry's data); for the others (undescribed) the count.
    let d00: Vec<u8> = if kind == ListKind::Players {
        list.slots
            .iter()
            .flat_map(|s| {
                let mut s = *s;
                // Follow aliases to the entry (chains are short and acyclic by construction).
                let e = loop {
                    match s {
                        Slot::Real(i) => break &list.entries[i],
                        Slot::Alias(t) => s = list.slots[t as usize],
                    }
                };
                PlayerData::to_bytes(e.rating, e.fide_id, e.birthday, e.gender)
            })
            .collect()
    } else {
        (list.entries.len() as u32).to_le_bytes().to_vec()
    };
    // .axx/.dxx: bit masks, one bit per element (§4.2; purpose unknown), all clear.
    let mask = alloc::vec![0u8; list.entries.len().div_ceil(8)];
    // .cdp: format unknown (Q34); written like the main CDP header with the element count.
    let cdp = cdp_file(list.entries.len() as u32, &[]);
    [cdp, iii, mask.clone(), mask, d00, a01, d01]
}

/// A piece of the EMB heap: a file's fragment or its descriptor list.
#[derive(Clone, Copy)]
enum Blob {
    Desc(usize),
    Frag(usize, usize),
}

/// Builds the EMB file (§4.3–§4.5).
pub(crate) fn build(
    lists: &Lists,
    tricks: &Tricks,
    rng: &mut Rng,
    report: &mut WriteReport,
) -> Result<Vec<u8>, Error> {
    // The 28 inner files, then the root directory (index 28).
    let mut names: Vec<String> = Vec::new();
    let mut files: Vec<Vec<u8>> = Vec::new();
    for (kind, list) in ListKind::ALL.into_iter().zip(&lists.lists) {
        for (ext, data) in INNER_FILES
            .iter()
            .zip(list_files(list, kind, tricks, rng, report))
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
    // Placement order: each file's list then its fragments; with the trick, shuffled.
    let mut blobs: Vec<Blob> = Vec::new();
    for (f, sizes) in frags.iter().enumerate() {
        blobs.push(Blob::Desc(f));
        blobs.extend((0..sizes.len()).map(|i| Blob::Frag(f, i)));
    }
    if tricks.fragment_emb {
        rng.shuffle(&mut blobs);
        // Make sure every file of several fragments has at least one out of order.
        let mut pos: Vec<Vec<usize>> = frags.iter().map(|s| alloc::vec![0; s.len()]).collect();
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
    // Assign offsets (junk before each blob with the trick).
    let mut junk: Vec<Vec<u8>> = Vec::with_capacity(blobs.len());
    let mut at = layout::HEADER_LEN;
    let mut desc_at = alloc::vec![0usize; frags.len()];
    let mut frag_at: Vec<Vec<usize>> = frags.iter().map(|s| alloc::vec![0; s.len()]).collect();
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
                at += layout::FRAGMENT_LEN * frags[f].len();
            }
            Blob::Frag(f, i) => {
                frag_at[f][i] = at;
                at += frags[f][i];
            }
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
    let mut out = Vec::with_capacity(at);
    out.extend_from_slice(&layout::header(root_len as u32, desc_at[root] as u32));
    for (b, j) in blobs.iter().zip(&junk) {
        out.extend_from_slice(j);
        match *b {
            Blob::Desc(f) => {
                for (i, &s) in frags[f].iter().enumerate() {
                    out.extend_from_slice(&layout::fragment_bytes(s as u32, frag_at[f][i] as u32));
                }
            }
            Blob::Frag(f, i) => {
                let start: usize = frags[f][..i].iter().sum();
                out.extend_from_slice(&files[f][start..start + frags[f][i]]);
            }
        }
    }
    Ok(out)
}
