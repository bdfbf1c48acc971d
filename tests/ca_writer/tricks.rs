//! The writer's layout tricks, each alone and all at once, checked without
//! the cadb reader: the trick happened (in the report and in the bytes),
//! and every game reads the same names, player data and moves as the plain
//! database through the independent reassembler and chain follower.

use std::collections::HashSet;

use super::*;
use cadb::ca::{DatabaseFiles, writer::Tricks};
use emb::Emb;

type Files = DatabaseFiles<Vec<u8>>;

const LISTS: [&str; 4] = ["Players", "Events", "Places", "Sources"];
/// The D00 name fields: list and offset (§5).
const NAME_FIELDS: [(&str, usize); 6] = [
    ("Players", 0),
    ("Players", 3),
    ("Events", 14),
    ("Places", 17),
    ("Players", 32),
    ("Sources", 35),
];

fn with(set: impl Fn(&mut Tricks)) -> WriterOptions {
    let mut o = WriterOptions::plain();
    set(&mut o.tricks);
    o
}

fn games_count(f: &Files) -> usize {
    f.d00.len() / 38
}

/// The ids D00 stores for `list` (or GameIDs, for `None`).
fn refs(f: &Files, list: Option<&str>) -> Vec<u32> {
    let mut out = Vec::new();
    for i in 0..games_count(f) {
        let d = &f.d00[38 * i..38 * i + 38];
        match list {
            None => out.push(u32_at(d, 24)),
            Some(l) => out.extend(
                NAME_FIELDS
                    .iter()
                    .filter(|(n, _)| *n == l)
                    .map(|&(_, at)| u24_at(d, at)),
            ),
        }
    }
    out
}

/// Every id on the chain from one of `refs`.
fn used_ids(arr: &[u8], refs: &[u32]) -> HashSet<u32> {
    let mut used = HashSet::new();
    for &r in refs {
        let mut id = r;
        while used.insert(id) {
            let v = i32_at(arr, 4 * id as usize);
            if v >= 0 {
                break;
            }
            id = (-v) as u32;
        }
    }
    used
}

/// The id a chain from `id` ends at.
fn end_of(arr: &[u8], mut id: u32) -> u32 {
    while i32_at(arr, 4 * id as usize) < 0 {
        id = (-i32_at(arr, 4 * id as usize)) as u32;
    }
    id
}

/// (start, body start, end) of the record at `at`: a `.d01` name record
/// (§4.7, §4.8) or, for `list` `None`, a D02 record (§8.1).
fn record_at(list: Option<&str>, data: &[u8], at: usize) -> (usize, usize, usize) {
    match list {
        Some("Players") => (
            at,
            at + 2,
            at + 2 + data[at] as usize + data[at + 1] as usize,
        ),
        Some(_) => (at, at + 1, at + 1 + data[at] as usize),
        None => {
            let (len, prefix) = length(data, at);
            (at, at + prefix, at + prefix + len)
        }
    }
}

/// One array (`.a01` or A02) with its data file and what D00 uses of it.
struct Array<'a> {
    list: Option<&'a str>,
    arr: &'a [u8],
    data: &'a [u8],
    used: HashSet<u32>,
    /// (start, body start, end) of each real record, by address.
    records: Vec<(usize, usize, usize)>,
}

fn arrays<'a>(f: &'a Files, emb: &'a Emb) -> Vec<Array<'a>> {
    let mut out = Vec::new();
    for list in LISTS.map(Some).into_iter().chain([None]) {
        let (arr, data) = match list {
            Some(l) => (emb.file(&format!("{l}.a01")), emb.file(&format!("{l}.d01"))),
            None => (&f.a02[..], &f.d02[..]),
        };
        let used = used_ids(arr, &refs(f, list));
        // The records of used ids, and of every real id of a list (.iii).
        let mut real: HashSet<u32> = used.iter().map(|&id| end_of(arr, id)).collect();
        if let Some(l) = list {
            let iii = emb.file(&format!("{l}.iii"));
            real.extend(
                iii.chunks(4)
                    .map(|c| u32::from_le_bytes(c.try_into().unwrap())),
            );
        }
        let mut records: Vec<_> = real
            .iter()
            .map(|&id| i32_at(arr, 4 * id as usize) as usize)
            .collect::<HashSet<_>>()
            .into_iter()
            .map(|a| record_at(list, data, a))
            .collect();
        records.sort_unstable();
        out.push(Array {
            list,
            arr,
            data,
            used,
            records,
        });
    }
    out
}

impl Array<'_> {
    fn ids(&self) -> u32 {
        (self.arr.len() / 4) as u32
    }

    fn value(&self, id: u32) -> i32 {
        i32_at(self.arr, 4 * id as usize)
    }

    /// Ids no game reaches (id 0 of a list is the empty name, used or not).
    fn unused(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.ids()).filter(|id| !self.used.contains(id) && (self.list.is_none() || *id != 0))
    }

    fn name(&self) -> &str {
        self.list.unwrap_or("A02")
    }
}

/// What one game reads: its names (with titles), White's Players.d00
/// block, its record body.
type Reading = (Vec<(String, String)>, Vec<u8>, Vec<u8>);

fn reading(f: &Files) -> Vec<Reading> {
    let emb = read_emb(&f.emb);
    let p = emb.file("Players.d00");
    (0..games_count(f))
        .map(|i| {
            let d = &f.d00[38 * i..38 * i + 38];
            let names = NAME_FIELDS
                .iter()
                .map(|&(l, at)| emb.name(l, u24_at(d, at)))
                .collect();
            let w = 10 * u24_at(d, 0) as usize;
            let (at, _) = follow(&f.a02, u32_at(d, 24));
            let (_, body, end) = record_at(None, &f.d02, at as usize);
            (names, p[w..w + 10].to_vec(), f.d02[body..end].to_vec())
        })
        .collect()
}

/// Writes the fixtures with `o`, checks they read as in the plain database
/// (record bytes too, unless a trick that changes them is on), and returns
/// the files and the report.
fn written(o: &WriterOptions) -> (Files, WriteReport) {
    written_games(&fixtures(), o)
}

fn written_games(games: &[Game], o: &WriterOptions) -> (Files, WriteReport) {
    let (plain, _) = write_database(games, &WriterOptions::plain()).unwrap();
    let (f, report) = write_database(games, o).unwrap();
    assert!(report.skipped.is_empty());
    let (want, got) = (reading(&plain), reading(&f));
    assert_eq!(got.len(), want.len());
    let same_records = Tricks {
        lookalike_junk: false,
        shuffled_records: false,
        long_chains: false,
        unused_ids: false,
        stale_fragments: false,
        ..o.tricks
    } == Tricks::none();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!((&g.0, &g.1), (&w.0, &w.1), "game {i}: names or player data");
        if same_records {
            assert_eq!(g.2, w.2, "game {i}: record");
        }
    }
    check_all(games, o);
    (f, report)
}

fn check_lookalike(f: &Files, report: &WriteReport) {
    assert!(report.lookalike_junk_bytes > 0);
    let emb = read_emb(&f.emb);
    for a in arrays(f, &emb) {
        let first = a.records[0].0;
        assert!(first > 0, "{}: a record at 0", a.name());
        // Read as a record, the block at 0 runs into the first real one.
        let (_, _, end) = record_at(a.list, a.data, 0);
        assert!(
            end > first,
            "{}: block at 0 ends at {end}, first record at {first}",
            a.name()
        );
        if a.records.len() > 20 {
            let gaps = a.records.windows(2).filter(|w| w[1].0 > w[0].2).count();
            assert!(gaps > 0, "{}: no junk between records", a.name());
        }
    }
}

/// Whether the records of the real ids, in id order, lie out of address order.
fn out_of_id_order(a: &Array) -> bool {
    let mut ends: Vec<u32> = a.used.iter().map(|&id| end_of(a.arr, id)).collect();
    ends.sort_unstable();
    ends.dedup();
    let addr: Vec<i32> = ends.iter().map(|&id| a.value(id)).collect();
    addr.windows(2).any(|w| w[1] < w[0])
}

fn check_shuffled(f: &Files, report: &WriteReport) {
    assert!(report.out_of_order_files >= 2);
    let emb = read_emb(&f.emb);
    let all = arrays(f, &emb);
    for a in all
        .iter()
        .filter(|a| matches!(a.list, None | Some("Players")))
    {
        assert!(out_of_id_order(a), "{}: records in id order", a.name());
    }
    // D02 is not in D00 order either.
    let offsets: Vec<u32> = refs(f, None)
        .iter()
        .map(|&id| follow(&f.a02, id).0)
        .collect();
    assert!(offsets.windows(2).any(|w| w[1] < w[0]));
}

fn check_long_chains(f: &Files, report: &WriteReport) {
    assert!(report.longest_chain >= 20);
    let emb = read_emb(&f.emb);
    for a in arrays(f, &emb) {
        let ends: HashSet<u32> = a.used.iter().map(|&id| end_of(a.arr, id)).collect();
        if a.list.is_some() && ends.iter().all(|&e| e == 0) {
            continue; // only the empty name
        }
        let n = a.name();
        // D00 goes through a chain of 20–60 steps.
        let refs = refs(f, a.list);
        let longest = refs
            .iter()
            .map(|&id| follow(a.arr, id).1)
            .max()
            .unwrap_or(0);
        assert!(
            (20..=60).contains(&longest),
            "{n}: longest chain D00 uses {longest}"
        );
        // Chains of 1 and of 2–10 steps too, from their heads (ids no other redirects to).
        let targets: HashSet<u32> = (0..a.ids())
            .filter(|&id| a.value(id) < 0)
            .map(|id| (-a.value(id)) as u32)
            .collect();
        let heads: Vec<u32> = (0..a.ids())
            .filter(|id| a.value(*id) < 0 && !targets.contains(id))
            .map(|id| follow(a.arr, id).1)
            .collect();
        assert!(heads.contains(&1), "{n}: no 1-step chain");
        assert!(
            heads.iter().any(|s| (2..=10).contains(s)),
            "{n}: no 2–10-step chain"
        );
        // Alias ids lie anywhere, not only after the id they redirect to.
        let before = (0..a.ids()).any(|id| a.value(id) < 0 && ((-a.value(id)) as u32) > id);
        assert!(before, "{n}: every alias after its target");
    }
}

fn check_unused(f: &Files, report: &WriteReport, junk: bool) {
    assert!(report.unused_ids > 0);
    let emb = read_emb(&f.emb);
    for a in arrays(f, &emb) {
        let (mut zero, mut past, mut inside, mut in_junk, mut chain) = (0, 0, 0, 0, 0);
        for id in a.unused() {
            let v = a.value(id);
            if v < 0 {
                chain += usize::from(!a.used.contains(&end_of(a.arr, id)));
                continue;
            }
            let at = v as usize;
            if at == 0 {
                zero += 1;
            } else if at >= a.data.len() {
                past += 1;
            } else if a.records.iter().any(|r| r.1 <= at && at < r.2) {
                inside += 1;
            } else if !a.records.iter().any(|r| r.0 <= at && at < r.2) {
                in_junk += 1;
            }
        }
        let n = a.name();
        assert!(
            zero > 0 && past > 0 && chain > 0,
            "{n}: {zero} {past} {chain}"
        );
        // A list with only the empty name (in Events, a 1-byte record) has no inside.
        assert!(
            inside > 0 || a.records.iter().all(|r| r.2 == r.1),
            "{n}: none inside"
        );
        assert!(!junk || in_junk > 0, "{n}: none in junk");
        let Some(list) = a.list else { continue };
        // .iii lists exactly the real ids, as many as .cdp counts.
        let iii: Vec<u32> = emb
            .file(&format!("{list}.iii"))
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(
            iii.len(),
            u32_at(emb.file(&format!("{list}.cdp")), 104) as usize
        );
        assert!(
            iii.iter()
                .all(|&id| a.value(id) >= 0 && (id == 0 || a.used.contains(&id)))
        );
        assert!(a.used.iter().all(|&id| iii.contains(&end_of(a.arr, id))));
        assert!(iii.len() < a.ids() as usize);
        if list == "Players" {
            let p = emb.file("Players.d00");
            assert_eq!(p.len(), 10 * a.ids() as usize);
            // Zeros for ids that reach no entry (an alias nobody uses repeats its entry's).
            for id in a.unused().filter(|&id| !iii.contains(&end_of(a.arr, id))) {
                let b = &p[10 * id as usize..10 * id as usize + 10];
                assert!(b.iter().all(|&x| x == 0), "Players.d00 block {id}");
            }
        }
    }
}

/// Bytes of the EMB in no file's fragments or descriptor lists.
fn unclaimed(f: &Files) -> usize {
    let emb = read_emb(&f.emb);
    let mut spans: Vec<(usize, usize)> = emb.fragments.iter().flatten().copied().collect();
    spans.extend(emb.lists.iter().copied());
    spans.sort_unstable();
    // No two files share bytes, and no file reads a byte twice.
    for w in spans.windows(2) {
        assert!(w[0].0 + w[0].1 <= w[1].0, "overlap {w:?}");
    }
    f.emb.len() - 144 - spans.iter().map(|s| s.1).sum::<usize>()
}

fn check_stale(f: &Files, report: &WriteReport) {
    assert!(report.stale_fragments > 0);
    assert!(report.zero_length_fragments > 0 && report.overlong_fragments > 0);
    let emb = read_emb(&f.emb);
    assert_eq!(emb.zero_length, report.zero_length_fragments);
    assert_eq!(emb.overshoots, report.overlong_fragments);
    assert!(unclaimed(f) > report.emb_junk_bytes);
}

#[test]
fn lookalike_junk_alone() {
    let (f, r) = written(&with(|t| t.lookalike_junk = true));
    check_lookalike(&f, &r);
    assert_eq!((r.junk_bytes, r.unused_ids, r.stale_fragments), (0, 0, 0));
}

#[test]
fn shuffled_records_alone() {
    let (f, r) = written(&with(|t| t.shuffled_records = true));
    check_shuffled(&f, &r);
    assert_eq!(
        (r.junk_bytes, r.lookalike_junk_bytes, r.game_redirections),
        (0, 0, 0)
    );
}

#[test]
fn long_chains_alone() {
    let (f, r) = written(&with(|t| t.long_chains = true));
    check_long_chains(&f, &r);
    assert!(r.name_redirections > 0 && r.game_redirections > 0 && r.redirected_references > 0);
    assert_eq!(r.unused_ids, 0);
}

#[test]
fn unused_ids_alone() {
    let (f, r) = written(&with(|t| t.unused_ids = true));
    check_unused(&f, &r, false);
}

#[test]
fn stale_fragments_alone_and_with_fragmented_emb() {
    let (f, r) = written(&with(|t| t.stale_fragments = true));
    check_stale(&f, &r);
    let (f, r) = written(&with(|t| {
        t.stale_fragments = true;
        t.fragment_emb = true;
    }));
    check_stale(&f, &r);
}

#[test]
fn all_tricks_at_once() {
    for seed in [1, 2, 0x00CA_DB00_1997_0315] {
        let o = WriterOptions {
            tricks: Tricks::all(),
            seed,
            ..WriterOptions::default()
        };
        let (f, r) = written(&o);
        check_lookalike(&f, &r);
        check_shuffled(&f, &r);
        check_long_chains(&f, &r);
        check_unused(&f, &r, true);
        check_stale(&f, &r);
        assert!(r.junk_bytes > 0 && r.emb_junk_bytes > 0);
    }
}

#[test]
fn new_tricks_are_off_by_default_and_in_none() {
    for t in [Tricks::default(), Tricks::none()] {
        assert!(!t.lookalike_junk && !t.shuffled_records && !t.long_chains);
        assert!(!t.unused_ids && !t.stale_fragments);
    }
    let r = check_all(&fixtures(), &WriterOptions::default());
    assert_eq!(
        (r.lookalike_junk_bytes, r.unused_ids, r.stale_fragments),
        (0, 0, 0)
    );
    assert_eq!((r.zero_length_fragments, r.overlong_fragments), (0, 0));
    assert!(r.longest_chain <= 3);
}

#[test]
fn tiny_databases_under_every_new_trick() {
    let pgn = "[White \"Ann\"]\n[Black \"Bob\"]\n[Event \"E\"]\n\n1. e4 *\n\n\
               [White \"Bob\"]\n[Site \"S\"]\n[Source \"B\"]\n\n*\n\n1. d4 *";
    let three = read_pgn(pgn).unwrap();
    let sets: [fn(&mut Tricks); 6] = [
        |t| t.lookalike_junk = true,
        |t| t.shuffled_records = true,
        |t| t.long_chains = true,
        |t| t.unused_ids = true,
        |t| t.stale_fragments = true,
        |t| *t = Tricks::all(),
    ];
    for n in 0..=3 {
        for set in sets {
            for seed in 0..16 {
                let o = WriterOptions { seed, ..with(set) };
                written_games(&three[..n], &o);
            }
        }
    }
}
