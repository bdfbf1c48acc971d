//! An independent EMB reassembler (§4), and the name lists read through it.

use super::*;

const INNER: [&str; 7] = ["cdp", "iii", "axx", "dxx", "d00", "a01", "d01"];

/// An EMB read back through the fragment lists, keeping where every fragment lay.
pub(crate) struct Emb {
    pub(crate) files: Vec<(String, Vec<u8>)>,
    /// Per file (root directory last): (offset, length used) of each
    /// fragment, in list order; zero-length ones left out.
    pub(crate) fragments: Vec<Vec<(usize, usize)>>,
    /// Per file (root directory last): (offset, length) of its descriptor list.
    pub(crate) lists: Vec<(usize, usize)>,
    /// Zero-length descriptors read (GetFile adds nothing for them).
    pub(crate) zero_length: usize,
    /// Last fragments longer than their file needs (Q2: only what the
    /// length needs is kept).
    pub(crate) overshoots: usize,
}

/// GetFile (§4.4): the file, its fragments, the descriptors read, the
/// zero-length ones among them, and whether the last fragment overshoots.
fn get_file(
    emb: &[u8],
    length: usize,
    offset: usize,
) -> (Vec<u8>, Vec<(usize, usize)>, usize, usize, bool) {
    let mut out = Vec::new();
    let mut frags = Vec::new();
    let (mut at, mut zeros, mut over) = (offset, 0, false);
    while out.len() < length {
        let (l, o) = (u32_at(emb, at) as usize, u32_at(emb, at + 4) as usize);
        at += 8;
        assert!(
            at - offset <= 8 * (length + 2),
            "descriptor list does not end"
        );
        if l == 0 {
            zeros += 1;
            continue;
        }
        assert!(o + l <= emb.len(), "fragment {l}@{o}");
        let take = l.min(length - out.len());
        over = take < l;
        out.extend_from_slice(&emb[o..o + take]);
        frags.push((o, take));
    }
    assert_eq!(out.len(), length);
    (out, frags, (at - offset) / 8, zeros, over)
}

pub(crate) fn read_emb(emb: &[u8]) -> Emb {
    assert_eq!(&emb[..29], b"Chess Assistant 3.0 database.");
    assert_eq!(&emb[64..100], b"\nData Pro Volume format. Version 1.1");
    assert!(emb[128..136].iter().all(|&b| b == 0));
    let (root_len, root_at) = (u32_at(emb, 136) as usize, u32_at(emb, 140) as usize);
    let (dir, root_frags, root_desc, mut zero_length, root_over) = get_file(emb, root_len, root_at);
    assert_eq!(dir.len(), 28 * 256);
    let mut files = Vec::new();
    let mut fragments = Vec::new();
    let mut lists = Vec::new();
    let mut overshoots = usize::from(root_over);
    for e in dir.chunks(256) {
        assert_eq!((u32_at(e, 0), u32_at(e, 4)), (0, 2));
        let name_end = 28 + e[28..].iter().position(|&b| b == 0).unwrap();
        let name = String::from_utf8(e[28..name_end].to_vec()).unwrap();
        let (len, at) = (u32_at(e, 8) as usize, u32_at(e, 12) as usize);
        let (data, frags, desc, zeros, over) = get_file(emb, len, at);
        files.push((name, data));
        fragments.push(frags);
        lists.push((at, 8 * desc));
        zero_length += zeros;
        overshoots += usize::from(over);
    }
    fragments.push(root_frags);
    lists.push((root_at, 8 * root_desc));
    Emb {
        files,
        fragments,
        lists,
        zero_length,
        overshoots,
    }
}

impl Emb {
    pub(crate) fn file(&self, name: &str) -> &[u8] {
        &self.files.iter().find(|(n, _)| n == name).unwrap().1
    }

    /// Name (and title for players) of `id` in a list.
    pub(crate) fn name(&self, list: &str, id: u32) -> (String, String) {
        let (addr, _) = follow(self.file(&format!("{list}.a01")), id);
        let d01 = self.file(&format!("{list}.d01"));
        let a = addr as usize;
        let dec = |b: &[u8]| cadb::text::TextEncoding::Cp1251.decode(b).into_owned();
        if list == "Players" {
            let (n, t) = (d01[a] as usize, d01[a + 1] as usize);
            (
                dec(&d01[a + 2..a + 2 + n]),
                dec(&d01[a + 2 + n..a + 2 + n + t]),
            )
        } else {
            let n = d01[a] as usize;
            (dec(&d01[a + 1..a + 1 + n]), String::new())
        }
    }
}

fn check_names(games: &[Game], f: &cadb::ca::DatabaseFiles<Vec<u8>>, emb: &Emb) {
    for (i, g) in games.iter().enumerate() {
        let d = &f.d00[38 * i..38 * i + 38];
        let h = &g.headers;
        // What the text encoding can carry (cp1251 writes emoji as `&#NNN;`).
        let cp = cadb::text::TextEncoding::Cp1251;
        let want = |s: &Option<String>| {
            cp.decode(&cp.encode(s.as_deref().unwrap_or("")))
                .into_owned()
        };
        assert_eq!(emb.name("Players", u24_at(d, 0)).0, want(&h.white));
        assert_eq!(emb.name("Players", u24_at(d, 3)).0, want(&h.black));
        assert_eq!(emb.name("Events", u24_at(d, 14)).0, want(&h.event));
        assert_eq!(emb.name("Places", u24_at(d, 17)).0, want(&h.site));
        assert_eq!(emb.name("Players", u24_at(d, 32)).0, want(&h.annotator));
        assert_eq!(emb.name("Sources", u24_at(d, 35)).0, want(&h.source));
        if let Some(e) = h.white_elo {
            let p = emb.file("Players.d00");
            let at = 10 * u24_at(d, 0) as usize;
            assert!(u16::from_le_bytes([p[at], p[at + 1]]) >= e);
        }
    }
    // .iii: every real id once, in name order.
    for list in ["Players", "Events", "Places", "Sources"] {
        let iii = emb.file(&format!("{list}.iii"));
        let names: Vec<(String, String)> = iii
            .chunks(4)
            .map(|c| emb.name(list, u32::from_le_bytes(c.try_into().unwrap())))
            .collect();
        let enc = |s: &(String, String)| {
            (
                cadb::text::TextEncoding::Cp1251.encode(&s.0),
                cadb::text::TextEncoding::Cp1251.encode(&s.1),
            )
        };
        assert!(
            names.windows(2).all(|w| enc(&w[0]) <= enc(&w[1])),
            "{list}.iii unsorted"
        );
        let a01 = emb.file(&format!("{list}.a01"));
        let reals = (0..a01.len() / 4)
            .filter(|&k| i32_at(a01, 4 * k) >= 0)
            .count();
        assert_eq!(iii.len() / 4, reals);
        let p = emb.file(&format!("{list}.cdp"));
        assert_eq!(u32_at(p, 104) as usize, reals);
    }
}

#[test]
fn emb_plain_is_in_order_and_tricks_are_shuffled() {
    let games = fixtures();
    for (o, tricky) in [
        (WriterOptions::plain(), false),
        (WriterOptions::default(), true),
    ] {
        let (f, report) = write_database(&games, &o).unwrap();
        let emb = read_emb(&f.emb);
        let names: Vec<String> = ["Players", "Events", "Places", "Sources"]
            .iter()
            .flat_map(|l| INNER.iter().map(move |e| format!("{l}.{e}")))
            .collect();
        assert_eq!(
            emb.files.iter().map(|f| f.0.clone()).collect::<Vec<_>>(),
            names
        );
        check_names(&games, &f, &emb);
        let total: usize = emb.fragments.iter().map(Vec::len).sum();
        assert_eq!(total, report.fragments);
        // Every byte of the EMB after the header belongs to one fragment, list or junk.
        let out_of_order = emb
            .fragments
            .iter()
            .filter(|fr| fr.windows(2).any(|w| w[1].0 < w[0].0))
            .count();
        let gaps = emb
            .fragments
            .iter()
            .filter(|fr| fr.windows(2).any(|w| w[1].0 != w[0].0 + w[0].1))
            .count();
        let multi = emb.fragments.iter().filter(|fr| fr.len() > 1).count();
        if tricky {
            assert!(multi > 4);
            assert_eq!(
                out_of_order, multi,
                "every multi-fragment file has one out of order"
            );
            assert_eq!(gaps, multi);
            assert!(report.emb_junk_bytes > 0 && report.name_redirections > 0);
        } else {
            assert_eq!((out_of_order, gaps, report.emb_junk_bytes), (0, 0, 0));
            assert_eq!(report.name_redirections, 0);
        }
    }
}
