//! The Chess Assistant writer: games to the five files CDP, EMB, D00, A02, D02.
//!
//! No real Chess Assistant database was available, so this writer follows
//! the specification (`chess-assistant.md`, with the readings of its §0 and
//! §10) and nothing else. It exists to give the reader honest test data: by
//! default it also plays every trick the format allows (fragmented and
//! shuffled EMB files, redirection chains, junk between records, long
//! comment codes, extended moves), so a reader that takes a shortcut fails.
//!
//! Readings made where the spec is silent (each is also noted where it is
//! implemented):
//! * **Unknown names.** Every name list has entry 0 with the empty name; a
//!   game without a White player, event, site, source or annotator stores id 0.
//! * **ECO.** `A00`..`E99` → 0..499; a missing or unreadable ECO is `0xFFFF`
//!   ([`ECO_UNKNOWN`]); a sub-code (`C42a`) is dropped (`C42` = 242).
//! * **Round.** `"3"` → 6; `"3.5"`, `"3.1"`, `"3a"` (any suffix) → 7; none,
//!   non-numeric or over 127 → 0.
//! * **Outcome.** 1 draw, 2 White won, 3 Black won, 4 `*`; `*` with an
//!   [`Assessment`](crate::game::Assessment) stores its code 5–16.
//! * **Date.** Unknown parts are 0 (§7); a year over 40329 is stored as 0.
//! * **Game type.** [`Headers::game_type`](crate::game::Headers) matched by
//!   the English label of §5.2 ([`GAME_TYPES`], case-insensitive) or by its
//!   number; otherwise 0.
//! * **Item order in D02.** For each move: its variations (231 … 232, §8.13),
//!   then the items placed before it (types 5, 3, 9), the move, then the items
//!   after it (symbols type 2, text type 4, evaluations 29/6, diagram 8, raw
//!   items). Comments that belong to no move ([`Game::comments`]) are type-4
//!   comments at the start of the record.
//!
//! ```
//! use cadb::ca::writer::{write_database, WriterOptions};
//! let games = cadb::game::import::read_pgn("[White \"Anna\"]\n\n1. e4 d5 2. exd5 *").unwrap();
//! let (files, report) = write_database(&games, &WriterOptions::plain()).unwrap();
//! assert_eq!(report.games, 1);
//! // Plain mode: GameID 0 at D02 offset 0, a 3-byte record: 1.e4 d5 2.exd5.
//! assert_eq!(files.d02, [3, 19, 15, 17]);
//! ```

mod d02;
mod emb;
mod rng;

use alloc::{string::String, vec::Vec};

use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{Date, Game, GameResult, Headers},
    text::TextEncoding,
};

use self::{
    emb::{ListKind, Lists},
    rng::Rng,
};
pub use d02::encode_length;

/// ECO stored when a game has none or it is not `A00`..`E99` (the spec leaves this open, Q11).
pub const ECO_UNKNOWN: u16 = 0xFFFF;

/// The game types of §5.2, code 1 first (English labels as given in the source).
pub const GAME_TYPES: [&str; 30] = [
    "my own games",
    "historic games",
    "model games",
    "annotated games from books",
    "computer games",
    "opening theory/plans",
    "middlegames",
    "endgames",
    "strategy",
    "tactics",
    "tests",
    "blunders",
    "kingside attack",
    "queenside attack",
    "counter attack",
    "typical pawn structure",
    "piece play",
    "positional sacrifice",
    "material imbalance",
    "endgame transition",
    "opposite coloured bishops",
    "space",
    "defence",
    "prophylaxis",
    "drawing methods",
    "my analysis",
    "computer analysis",
    "tablebase analysis",
    "psychology",
    "miscellaneous",
];

/// The CDP signature (§3), also the EMB signature (§4.3).
pub const SIGNATURE: &str = "Chess Assistant 3.0 database.";
/// The CDP format version; `\n` is one 0x0A byte (Q7).
pub const CDP_VERSION: &str = "\nChess Data Pro format. Version 1.3";
/// The EMB format version (§4.3).
pub const EMB_VERSION: &str = "\nData Pro Volume format. Version 1.1";

/// Which way the `x` of a move offset `<y><x>` counts (§0, Q17).
///
/// ```
/// use cadb::ca::writer::FileDirection;
/// assert_eq!(FileDirection::default(), FileDirection::Right);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FileDirection {
    /// The chosen reading: new file = (file + x) mod 8 (1.Nf3 = 43).
    #[default]
    Right,
    /// The literal "left" reading: new file = (file − x) mod 8 (1.Nf3 = 44).
    /// The extended-move byte of §8.11 still counts right, as the source says there.
    Left,
}

/// Legal but unusual ways of writing, each exercising a reader path.
///
/// ```
/// use cadb::ca::writer::Tricks;
/// assert!(Tricks::default().fragment_emb);
/// assert!(!Tricks::none().fragment_emb);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tricks {
    /// Split EMB inner files (and the root directory) into small fragments
    /// placed in shuffled order with junk bytes between them (§4.4). Off:
    /// fragments of up to 1024 bytes, in order, right after their descriptor list.
    pub fragment_emb: bool,
    /// Give some names (a01) and games (A02) extra ids that redirect, in 1–3
    /// steps, to the real entry (§4.6, §6), and use those ids in D00 for some
    /// games; also shuffle GameIDs so they differ from the D00 index.
    pub redirect_chains: bool,
    /// Random junk bytes before and between D02 records and `.d01` blocks
    /// (§4.7, §8); D02 records are also written in GameID order, not D00 order.
    pub junk_between_records: bool,
    /// Write some short comments with the long code 236 (a u32 length).
    pub long_comments: bool,
    /// A promoted piece takes a free fixed number of its type (a captured
    /// knight's 8, ...) before 16/17. Off: 16/17 first, then a fixed one.
    pub prefer_fixed_promotion_slots: bool,
    /// Every third promotion keeps the pawn's own number and moves with the
    /// extended codes 212–219 (§8.11, Q19), even when a number is free. Chess
    /// Assistant does this only when it runs out of numbers; this exercises
    /// the path, which ordinary games never reach.
    pub extended_promotions: bool,
}

impl Default for Tricks {
    fn default() -> Tricks {
        Tricks {
            fragment_emb: true,
            redirect_chains: true,
            junk_between_records: true,
            long_comments: true,
            prefer_fixed_promotion_slots: true,
            extended_promotions: true,
        }
    }
}

impl Tricks {
    /// No tricks: the most straightforward files.
    pub fn none() -> Tricks {
        Tricks {
            fragment_emb: false,
            redirect_chains: false,
            junk_between_records: false,
            long_comments: false,
            prefer_fixed_promotion_slots: false,
            extended_promotions: false,
        }
    }
}

/// How to write a database.
///
/// ```
/// use cadb::ca::writer::{FileDirection, WriterOptions};
/// let o = WriterOptions { file_direction: FileDirection::Left, ..WriterOptions::default() };
/// assert!(o.tricks.redirect_chains);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriterOptions {
    /// Encoding of names and comments (Windows-1251 by default).
    pub encoding: TextEncoding,
    /// The file direction of move offsets.
    pub file_direction: FileDirection,
    /// Which tricks to play.
    pub tricks: Tricks,
    /// Seed of the random choices the tricks make (the output is deterministic).
    pub seed: u64,
    /// The database comment stored in the CDP (§3).
    pub comment: String,
}

impl Default for WriterOptions {
    fn default() -> WriterOptions {
        WriterOptions {
            encoding: TextEncoding::Cp1251,
            file_direction: FileDirection::Right,
            tricks: Tricks::default(),
            seed: 0x00CA_DB00_1997_0315,
            comment: String::new(),
        }
    }
}

impl WriterOptions {
    /// The defaults without any tricks.
    pub fn plain() -> WriterOptions {
        WriterOptions {
            tricks: Tricks::none(),
            ..WriterOptions::default()
        }
    }
}

/// What was written, and which features the data exercises.
///
/// ```
/// let games = cadb::game::import::read_pgn("1. e4 {good} e5 $1 *").unwrap();
/// let (_, r) = cadb::ca::writer::write_database(&games, &Default::default()).unwrap();
/// assert_eq!((r.games, r.text_comments, r.symbols), (1, 1, 1));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WriteReport {
    /// Games written.
    pub games: usize,
    /// Games not written: index in the input and why.
    pub skipped: Vec<(usize, Error)>,
    /// Plies written, variations included.
    pub plies: usize,
    /// Fragments over all EMB inner files and the root directory.
    pub fragments: usize,
    /// Junk bytes in the EMB between fragments.
    pub emb_junk_bytes: usize,
    /// Redirecting a01 entries (over the four lists).
    pub name_redirections: usize,
    /// Redirecting A02 entries.
    pub game_redirections: usize,
    /// D00 ids that go through a redirection (names and GameIDs).
    pub redirected_references: usize,
    /// Junk bytes in D02 and in the `.d01` files.
    pub junk_bytes: usize,
    /// Records with a 2-byte length prefix.
    pub two_byte_lengths: usize,
    /// Comments written with code 236.
    pub long_comments: usize,
    /// Records starting with a setup position (230).
    pub setups: usize,
    /// Castling moves (207/208).
    pub castles: usize,
    /// Promotions (209).
    pub promotions: usize,
    /// Promotions whose piece keeps the pawn's number (extended format).
    pub extended_promotions: usize,
    /// Moves written with codes 212–219.
    pub extended_moves: usize,
    /// En passant captures (210).
    pub en_passant: usize,
    /// Null moves (211).
    pub null_moves: usize,
    /// Variations (231 … 232).
    pub variations: usize,
    /// Text comments (types 4 and 5).
    pub text_comments: usize,
    /// Symbol comments (234).
    pub symbols: usize,
    /// Evaluations (types 29 and 6).
    pub evals: usize,
    /// Diagram markers (types 8 and 9).
    pub diagrams: usize,
    /// Raw Chess Assistant items written back (233 and comments of other types).
    pub raw_items: usize,
    /// Items with no Chess Assistant form, dropped (Jose error records).
    pub dropped_items: usize,
    /// Header values that do not fit their D00 field and were stored as unknown
    /// (round over 127, year over 40329, ECO sub-code, assessment with a decisive result).
    pub dropped_header_values: usize,
    /// Names or titles cut to 255 bytes.
    pub truncated_names: usize,
}

/// Writes `games` as a Chess Assistant database.
///
/// A game the format cannot hold (a record over 32767 bytes, more pieces in
/// a setup than numbers can describe, an illegal move, variations nested
/// deeper than [`crate::limits::MAX_VARIATION_DEPTH`]) is left out and
/// listed in [`WriteReport::skipped`]; the others are written. Errors are
/// returned only when the whole database would not fit its offsets.
///
/// ```
/// use cadb::ca::writer::{write_database, WriterOptions};
/// let games = cadb::game::import::read_pgn("1. Nf3 Nf6 *\n\n1. Nc3 Nc6 *").unwrap();
/// let (files, report) = write_database(&games, &WriterOptions::plain()).unwrap();
/// assert_eq!(report.games, 2);
/// assert_eq!(files.d00.len(), 2 * 38);
/// assert_eq!(files.d02, [2, 43, 40, 2, 36, 39]);
/// ```
pub fn write_database(
    games: &[Game],
    options: &WriterOptions,
) -> Result<(crate::ca::DatabaseFiles<Vec<u8>>, WriteReport), Error> {
    let tricks = options.tricks;
    let mut rng = Rng::new(options.seed);
    let mut report = WriteReport::default();
    let rec_opts = d02::RecordOptions {
        direction: options.file_direction,
        encoding: options.encoding,
        long_comments: tricks.long_comments,
        prefer_fixed: tricks.prefer_fixed_promotion_slots,
        extended_promotions: tricks.extended_promotions,
    };

    // 1. Encode every record; keep the games that fit.
    let mut written: Vec<(&Game, Vec<u8>)> = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let mut game_rng =
            Rng::new(options.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut stats = d02::Stats::default();
        match d02::encode_record(game, &rec_opts, &mut game_rng, &mut stats) {
            Ok(body) => {
                stats.add_to(&mut report);
                written.push((game, body));
            }
            Err(e) => report.skipped.push((index, e.in_game(index as u64))),
        }
    }
    report.games = written.len();
    let count = u32::try_from(written.len())
        .map_err(|_| too_large(FileKind::Cdp, "game count", written.len(), u32::MAX))?;

    // 2. Name lists.
    let mut lists = Lists::new(options.encoding);
    for (game, _) in &written {
        lists.collect(&game.headers, &mut report);
    }
    lists.assign_ids(tricks.redirect_chains, &mut rng, &mut report)?;

    // 3. GameIDs: plain = D00 index; with redirections, shuffled and offset,
    // some reached through alias ids.
    let n = written.len();
    let mut real_ids: Vec<u32> = (0..count).collect();
    let mut base = 0u32;
    if tricks.redirect_chains {
        rng.shuffle(&mut real_ids);
        base = 1 + rng.below(4) as u32;
    }
    let mut a02_len = base as usize + n;
    let mut d00_ids: Vec<u32> = Vec::with_capacity(n);
    let mut aliases: Vec<(u32, u32)> = Vec::new(); // (alias id, id it redirects to)
    for (i, id) in real_ids.iter_mut().enumerate() {
        *id += base;
        let mut head = *id;
        if tricks.redirect_chains && i % 3 == 1 {
            for _ in 0..1 + rng.below(3) {
                let alias = u32::try_from(a02_len)
                    .map_err(|_| too_large(FileKind::A02, "A02 entries", a02_len, u32::MAX))?;
                aliases.push((alias, head));
                head = alias;
                a02_len += 1;
            }
            report.redirected_references += 1;
        }
        d00_ids.push(head);
    }
    report.game_redirections = aliases.len();

    // 4. D02: records in GameID order with junk, or in D00 order.
    let mut order: Vec<usize> = (0..n).collect();
    if tricks.junk_between_records {
        order.sort_by_key(|&i| real_ids[i]);
    }
    let mut d02 = Vec::new();
    let mut offsets = alloc::vec![0u32; n];
    for &i in &order {
        if tricks.junk_between_records {
            report.junk_bytes += rng.junk(&mut d02, 0, 7);
        }
        let at = u32::try_from(d02.len())
            .ok()
            .filter(|&o| o <= i32::MAX as u32)
            .ok_or_else(|| too_large(FileKind::D02, "D02 size", d02.len(), i32::MAX as u32))?;
        offsets[i] = at;
        let body = &written[i].1;
        let prefix = encode_length(body.len())
            .ok_or_else(|| too_large(FileKind::D02, "record", body.len(), 32767))?;
        report.two_byte_lengths += usize::from(prefix.len() == 2);
        d02.extend_from_slice(&prefix);
        d02.extend_from_slice(body);
    }
    if tricks.junk_between_records {
        report.junk_bytes += rng.junk(&mut d02, 1, 7);
    }

    // 5. A02: real entries hold offsets; aliases are negated ids; unused entries 0.
    let mut a02 = alloc::vec![0i32; a02_len];
    for i in 0..n {
        a02[real_ids[i] as usize] = offsets[i] as i32;
    }
    for &(alias, target) in &aliases {
        a02[alias as usize] = -(target as i32);
    }
    let a02: Vec<u8> = a02.iter().flat_map(|v| v.to_le_bytes()).collect();

    // 6. D00.
    let mut d00 = Vec::with_capacity(n * 38);
    for (i, (game, _)) in written.iter().enumerate() {
        let rec = header_record(&game.headers, d00_ids[i], &mut lists, &mut report);
        d00.extend_from_slice(&rec);
    }

    // 7. CDP and EMB.
    let cdp = cdp_file(count, &options.encoding.encode(&options.comment));
    let emb = emb::build(&lists, &tricks, &mut rng, &mut report)?;

    Ok((
        crate::ca::DatabaseFiles {
            cdp,
            emb,
            d00,
            a02,
            d02,
        },
        report,
    ))
}

fn too_large(file: FileKind, what: &'static str, size: usize, limit: u32) -> Error {
    Error::new(
        ErrorKind::TooLarge {
            what,
            size: size as u64,
            limit: u64::from(limit),
        },
        file,
    )
}

/// Copies `text` into a zero-filled field of `width` bytes (cut if longer).
fn fixed_field(out: &mut Vec<u8>, text: &[u8], width: usize) {
    let n = text.len().min(width);
    out.extend_from_slice(&text[..n]);
    out.resize(out.len() + width - n, 0);
}

/// The CDP file (§3): signature, version, 4 undescribed zero bytes, count, comment.
fn cdp_file(count: u32, comment: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(112 + comment.len());
    fixed_field(&mut out, SIGNATURE.as_bytes(), 50);
    fixed_field(&mut out, CDP_VERSION.as_bytes(), 50);
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&(comment.len() as u32).to_le_bytes());
    out.extend_from_slice(comment);
    out
}

fn u24(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes()[..3]);
}

/// The 3-byte date of §7: (year·13 + month)·32 + day, unknown parts 0.
///
/// ```
/// use cadb::{ca::writer::encode_date, game::Date};
/// let d = Date { year: Some(1997), month: Some(3), day: Some(15) };
/// assert_eq!(encode_date(&d), Some(0x0C_AD_8F));
/// ```
///
/// `None` when a part does not fit (year over 40329, month over 12, day over 31).
pub fn encode_date(date: &Date) -> Option<u32> {
    let year = u32::from(date.year.unwrap_or(0));
    let month = u32::from(date.month.unwrap_or(0));
    let day = u32::from(date.day.unwrap_or(0));
    (year <= 40329 && month <= 12 && day <= 31).then_some((year * 13 + month) * 32 + day)
}

/// The ECO field of §5.3: `"C42"` → 242, sub-codes dropped; `None` if unreadable.
///
/// ```
/// use cadb::ca::writer::encode_eco;
/// assert_eq!(encode_eco("C42"), Some(242));
/// assert_eq!(encode_eco("e99"), Some(499));
/// assert_eq!(encode_eco("Z00"), None);
/// ```
pub fn encode_eco(eco: &str) -> Option<u16> {
    let b = eco.trim().as_bytes();
    let letter = match b.first()?.to_ascii_uppercase() {
        c @ b'A'..=b'E' => u16::from(c - b'A'),
        _ => return None,
    };
    let (d1, d2) = (*b.get(1)?, *b.get(2)?);
    if !d1.is_ascii_digit() || !d2.is_ascii_digit() {
        return None;
    }
    Some(letter * 100 + u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0'))
}

/// The round × 2 byte (§5, Q10): `"3"` → 6, `"3.5"` → 7; `None` if not a number up to 127.
///
/// ```
/// use cadb::ca::writer::encode_round;
/// assert_eq!(encode_round("3"), Some(6));
/// assert_eq!(encode_round("3.5"), Some(7));
/// assert_eq!(encode_round("?"), None);
/// ```
pub fn encode_round(round: &str) -> Option<u8> {
    let r = round.trim();
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let n: u8 = r[..digits].parse().ok().filter(|&n| n <= 127)?;
    Some(n * 2 + u8::from(digits < r.len()))
}

/// The outcome byte (§5.1): 1 draw, 2 White, 3 Black, 4 unknown, 5–16 an assessment with `*`.
///
/// ```
/// use cadb::{ca::writer::encode_outcome, game::{Assessment, GameResult}};
/// assert_eq!(encode_outcome(GameResult::WhiteWins, None), 2);
/// assert_eq!(encode_outcome(GameResult::Unknown, Assessment::from_code(12)), 12);
/// ```
pub fn encode_outcome(result: GameResult, assessment: Option<crate::game::Assessment>) -> u8 {
    match result {
        GameResult::Draw => 1,
        GameResult::WhiteWins => 2,
        GameResult::BlackWins => 3,
        GameResult::Unknown => assessment.map_or(4, |a| a.code()),
    }
}

/// The game type (§5.2) from its English label or number; 0 if none or unknown.
///
/// ```
/// assert_eq!(cadb::ca::writer::encode_game_type("Endgames"), 8);
/// assert_eq!(cadb::ca::writer::encode_game_type("27"), 27);
/// ```
pub fn encode_game_type(name: &str) -> u32 {
    let name = name.trim();
    if let Ok(n) = name.parse::<u32>() {
        return if (1..=30).contains(&n) { n } else { 0 };
    }
    GAME_TYPES
        .iter()
        .position(|t| t.eq_ignore_ascii_case(name))
        .map_or(0, |i| i as u32 + 1)
}

/// One 38-byte D00 record (§5).
fn header_record(
    h: &Headers,
    game_id: u32,
    lists: &mut Lists,
    report: &mut WriteReport,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(38);
    let white = lists.reference(ListKind::Players, h.white.as_deref(), report);
    let black = lists.reference(ListKind::Players, h.black.as_deref(), report);
    u24(&mut out, white);
    u24(&mut out, black);
    out.extend_from_slice(&h.white_elo.unwrap_or(0).to_le_bytes());
    out.extend_from_slice(&h.black_elo.unwrap_or(0).to_le_bytes());
    if h.assessment.is_some() && h.result != GameResult::Unknown {
        report.dropped_header_values += 1;
    }
    out.push(encode_outcome(h.result, h.assessment));
    let date = encode_date(&h.date).unwrap_or_else(|| {
        report.dropped_header_values += 1;
        let fixed = Date {
            year: h.date.year.filter(|&y| y <= 40329),
            month: h.date.month.filter(|&m| m <= 12),
            day: h.date.day.filter(|&d| d <= 31),
        };
        encode_date(&fixed).unwrap_or(0)
    });
    u24(&mut out, date);
    let event = lists.reference(ListKind::Events, h.event.as_deref(), report);
    let site = lists.reference(ListKind::Places, h.site.as_deref(), report);
    u24(&mut out, event);
    u24(&mut out, site);
    let game_type = h.game_type.as_deref().map_or(0, encode_game_type);
    out.extend_from_slice(&game_type.to_le_bytes());
    out.extend_from_slice(&game_id.to_le_bytes());
    out.push(0); // offset 28: unknown byte (Q14)
    let round = match h.round.as_deref() {
        None => 0,
        Some(r) => encode_round(r).unwrap_or_else(|| {
            report.dropped_header_values += usize::from(r.trim() != "?" && r.trim() != "-");
            0
        }),
    };
    out.push(round);
    let eco = match h.eco.as_deref() {
        None => ECO_UNKNOWN,
        Some(e) => {
            let v = encode_eco(e);
            report.dropped_header_values += usize::from(v.is_none() || e.trim().len() > 3);
            v.unwrap_or(ECO_UNKNOWN)
        }
    };
    out.extend_from_slice(&eco.to_le_bytes());
    let annotator = lists.reference(ListKind::Players, h.annotator.as_deref(), report);
    let source = lists.reference(ListKind::Sources, h.source.as_deref(), report);
    u24(&mut out, annotator);
    u24(&mut out, source);
    out
}
