//! The name lists (§4.6–§4.10): their ids and the 7 inner files of each.

use alloc::{collections::BTreeMap, string::String, vec::Vec};

use super::{
    layout::{Frame, Sink},
    links::{self, Slot},
    options::{Tricks, WriteReport, cdp_file, too_large},
    rng::{Rng, TrickRngs},
};
use crate::ca::format::{
    d00::{NAME_IDS, encode_date},
    emb::{ListKind, PLAYER_DATA_LEN, PlayerData},
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
    /// Heads of `long_chains` chains ending here.
    heads: Vec<u32>,
    /// Times referenced from D00, to alternate between the real id and an alias.
    uses: u32,
}

/// One list: entries in first-use order; entry 0 is the empty name.
#[derive(Default)]
pub(crate) struct List {
    entries: Vec<Entry>,
    by_name: BTreeMap<String, usize>,
    /// The real id of each entry.
    ids: Vec<u32>,
    /// What each id of the `.a01` holds (addresses are filled in with `.d01`).
    slots: Vec<Slot>,
}

pub(crate) struct Lists {
    encoding: TextEncoding,
    pub(crate) lists: [List; 4],
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
    /// (whose negation would read as address 0, Q6). `long_chains` and
    /// `unused_ids` add their ids, then move every id but 0 (the empty
    /// name, which D00 stores for "none") to a random position.
    pub(crate) fn assign_ids(
        &mut self,
        tricks: &Tricks,
        rng: &mut Rng,
        rngs: &mut TrickRngs,
        report: &mut WriteReport,
    ) -> Result<(), Error> {
        for list in &mut self.lists {
            for (i, e) in list.entries.iter_mut().enumerate() {
                let id = list.slots.len() as u32;
                list.ids.push(id);
                list.slots.push(Slot::Real(i));
                if tricks.redirect_chains && i % 3 == 1 {
                    let head = links::chain(&mut list.slots, id, 1 + rng.below(3) as usize);
                    e.aliases.extend(id + 1..=head);
                }
            }
            let n = list.entries.len();
            if tricks.long_chains && n > 1 {
                let long = rngs.chains.range(1, n - 1);
                for (i, steps) in links::plan_chains(1..n, long, true, &mut rngs.chains) {
                    let head = links::chain(&mut list.slots, list.ids[i], steps);
                    list.entries[i].heads.push(head);
                }
            }
            if tricks.unused_ids {
                report.unused_ids += links::add_unused(&mut list.slots, &mut rngs.unused);
            }
            if tricks.long_chains || tricks.unused_ids {
                let new_of = links::scatter(&mut list.slots, true, &mut rngs.chains);
                for id in list.ids.iter_mut().chain(
                    list.entries
                        .iter_mut()
                        .flat_map(|e| e.aliases.iter_mut().chain(&mut e.heads)),
                ) {
                    *id = new_of[*id as usize];
                }
            }
            report.name_redirections += links::redirections(&list.slots);
            report.longest_chain = report.longest_chain.max(links::longest_chain(&list.slots));
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
    /// every other use goes through the head of its redirection chain. An
    /// entry with `long_chains` heads is reached through each head in turn
    /// first, then as above.
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
        // Each long-chain head in turn, then the real id, then the short chain's head.
        let heads = e.heads.len();
        let turn = (e.uses - 1) as usize % (heads + 1 + usize::from(!e.aliases.is_empty()));
        let id = match turn.cmp(&heads) {
            core::cmp::Ordering::Less => e.heads[turn],
            core::cmp::Ordering::Equal => list.ids[i],
            core::cmp::Ordering::Greater => e.aliases[e.aliases.len() - 1],
        };
        report.redirected_references += usize::from(id != list.ids[i]);
        id
    }
}

/// The inner files of one list: cdp, iii, axx, dxx, d00, a01, d01.
pub(crate) fn list_files(
    list: &List,
    kind: ListKind,
    tricks: &Tricks,
    rng: &mut Rng,
    rngs: &mut TrickRngs,
    report: &mut WriteReport,
) -> [Vec<u8>; 7] {
    // .d01: blocks in shuffled order with junk between them when asked (§4.7).
    let n = list.entries.len();
    let mut order: Vec<usize> = (0..n).collect();
    if tricks.junk_between_records {
        rng.shuffle(&mut order);
    }
    if tricks.shuffled_records {
        rngs.order.shuffle(&mut order);
    }
    let head_len = 1 + usize::from(kind.has_titles());
    let mut d01 = Sink::new(
        Frame::Name {
            titles: kind.has_titles(),
        },
        n,
    );
    for (k, &i) in order.iter().enumerate() {
        if tricks.junk_between_records {
            report.junk_bytes += d01.junk(|b| rng.junk(b, 0, 5));
        }
        if tricks.lookalike_junk && k > 0 && rngs.junk.one_in(2) {
            report.lookalike_junk_bytes += d01.lookalike_gap(&mut rngs.junk);
        }
        let e = &list.entries[i];
        let record = kind.name_record(&e.name, &e.title);
        d01.record(i, &record[..head_len], &record[head_len..]);
    }
    if tricks.lookalike_junk {
        report.lookalike_junk_bytes += d01.lookalike_head(&mut rngs.junk);
    }
    let address: Vec<u32> = (0..n).map(|i| d01.start(i) as u32).collect();
    report.out_of_order_files += usize::from(links::out_of_order(&list.slots, &address));
    // .a01: addresses of real ids, redirections for aliases (§4.6), unused ids.
    let a01 = links::array_bytes(&list.slots, &address, &d01, &mut rngs.unused);
    let d01 = d01.into_bytes();
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
    // repeat their entry's data, unused ids are zeros); for the others
    // (undescribed) the count.
    let d00: Vec<u8> = if kind == ListKind::Players {
        list.slots
            .iter()
            .flat_map(|s| {
                let mut s = *s;
                // Follow aliases to the entry (chains are acyclic by construction).
                let e = loop {
                    match s {
                        Slot::Real(i) => break Some(&list.entries[i]),
                        Slot::Alias(t) => s = list.slots[t as usize],
                        Slot::Empty | Slot::Unused(_) => break None,
                    }
                };
                e.map_or([0; PLAYER_DATA_LEN], |e| {
                    PlayerData::to_bytes(e.rating, e.fide_id, e.birthday, e.gender)
                })
            })
            .collect()
    } else {
        (list.entries.len() as u32).to_le_bytes().to_vec()
    };
    // .axx/.dxx: bit masks, one bit per element (§4.2; purpose unknown), all
    // clear. Like .cdp and the other .d00, they count entries, not ids.
    let mask = alloc::vec![0u8; list.entries.len().div_ceil(8)];
    // .cdp: format unknown (Q34); written like the main CDP header with the element count.
    let cdp = cdp_file(list.entries.len() as u32, &[]);
    [cdp, iii, mask.clone(), mask, d00, a01, d01]
}

impl List {
    /// A `.d01` as an older version of the list might have held it: up to 64
    /// of its records in a random order, each non-empty name with one byte
    /// changed.
    pub(crate) fn stale_d01(&self, kind: ListKind, rng: &mut Rng) -> Vec<u8> {
        let mut order: Vec<usize> = (0..self.entries.len()).collect();
        rng.shuffle(&mut order);
        let mut out = Vec::new();
        for &i in order.iter().take(64) {
            let e = &self.entries[i];
            let mut name = e.name.clone();
            if !name.is_empty() {
                let k = rng.below(name.len() as u64) as usize;
                let old = name[k];
                while name[k] == old {
                    name[k] = b'A' + rng.below(58) as u8;
                }
            }
            out.extend_from_slice(&kind.name_record(&name, &e.title));
        }
        out
    }
}
