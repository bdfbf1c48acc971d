//! The Chess Assistant writer: games to the five files CDP, EMB, D00, A02, D02.
//!
//! No real Chess Assistant database was available, so this writer follows
//! the specification (`chess-assistant.md`, with the readings of its §0 and
//! §10) and nothing else. It exists to give the reader honest test data: by
//! default it also plays tricks the format allows (fragmented and shuffled
//! EMB files, redirection chains, junk between records, long comment codes,
//! extended moves), so a reader that takes a shortcut fails; [`Tricks::all`]
//! adds the rest (junk that looks like records, shuffled records, long
//! chains, ids no game uses, stale EMB fragments).
//!
//! Readings made where the spec is silent (each is also noted where it is
//! implemented):
//! * **Unknown names.** Every name list has entry 0 with the empty name; a
//!   game without a White player, event, site, source or annotator stores id 0.
//! * **ECO.** `A00`..`E99` → 0..499; a missing or unreadable ECO is `0xFFFF`
//!   ([`ECO_UNKNOWN`]); a sub-code
//!   (`C42a`) is dropped (`C42` = 242).
//! * **Round.** `"3"` → 6; `"3.5"`, `"3.1"`, `"3a"` (any suffix) → 7; none,
//!   non-numeric or over 127 → 0.
//! * **Outcome.** 1 draw, 2 White won, 3 Black won, 4 `*`; `*` with an
//!   [`Assessment`](crate::game::Assessment) stores its code 5–16.
//! * **Date.** Unknown parts are 0 (§7); a year over 40329 is stored as 0.
//! * **Game type.** [`Headers::game_type`](crate::game::Headers) matched by
//!   the English label of §5.2
//!   ([`GAME_TYPES`](crate::ca::format::d00::GAME_TYPES), case-insensitive)
//!   or by its number; otherwise 0.
//! * **Item order in D02.** For each move: its variations (231 … 232, §8.13),
//!   then the items placed before it (types 5, 3, 9), the move, then the items
//!   after it (symbols type 2, text type 4, evaluations 29/6, diagram 8, raw
//!   items). Comments that belong to no move ([`Game::comments`]) are type-4
//!   comments at the start of the record.
//!
//! Every layout, code and table comes from [`crate::ca::format`], which the
//! reader uses too.
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
mod games;
mod layout;
mod links;
mod rng;
mod volume;

use alloc::{string::String, vec::Vec};

use self::{
    emb::Lists,
    rng::{Rng, TrickRngs},
};
use super::format::{
    Convention, cdp,
    d00::{
        self, ECO_UNKNOWN, RawHeader, encode_date, encode_eco, encode_game_type, encode_outcome,
        encode_round,
    },
    emb::ListKind,
};
use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{Date, Game, GameResult, Headers},
    text::TextEncoding,
};

/// Legal but unusual ways of writing, each exercising a reader path.
/// None changes what a correct reader reads: the same games, headers and
/// names.
///
/// ```
/// use cadb::ca::writer::Tricks;
/// assert!(Tricks::default().fragment_emb);
/// assert!(!Tricks::none().fragment_emb);
/// assert!(!Tricks::default().long_chains && Tricks::all().long_chains);
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
    /// Unused bytes that look like a record's length (§4.7, §4.8: blocks
    /// "need not be contiguous"; §8: garbage between D02 records). Every
    /// `.d01` and D02 starts with a block whose length byte(s) (§4.7/§4.8
    /// name and title lengths, the §8.1 prefix), read as a record at
    /// address 0, cover the first real record or more; about every other
    /// gap between records holds 1–40 bytes: a lookalike length, random
    /// values, 0xFF runs, or high bytes that read as CP1251/CP866 text.
    pub lookalike_junk: bool,
    /// Records of each `.d01` and of D02 in a random order, unrelated to
    /// their ids and to D00 order (§4.6, §6: only the address arrays say
    /// where a record lies).
    pub shuffled_records: bool,
    /// Redirection chains of any length in every `.a01` and in A02 (§4.6,
    /// §6; Q6: never to id 0, whose negation reads as address 0): in each
    /// list one name gets a chain of 20–60 steps (and one of 1 and one of
    /// 2–10), about a third of the others one of 1 or 2–10; one game gets
    /// 20–60 steps, a third of the others 1 or 2–10 more. D00 stores the
    /// heads; alias ids lie at random positions of the array.
    pub long_chains: bool,
    /// Ids no game uses in every `.a01` and in A02 (§4.6, §6 give an id's
    /// address and nothing more): one holding 0, one pointing into unused
    /// bytes (when there are any), one inside a used record, one past the
    /// end of the data file, a few more, and chains to two of them.
    /// `.iii` (§4.9) does not list them; `Players.d00` (§4.10) has a zero
    /// block for each.
    pub unused_ids: bool,
    /// Unused fragments in the EMB (§4.4 reads only what descriptor lists
    /// name): stale copies of parts of inner files (an old `.d01` with other
    /// names, with its own descriptor list) and descriptor lists no file
    /// uses; zero-length descriptors inside files' lists (GetFile adds
    /// nothing for them); last fragments longer than the file needs (Q2).
    pub stale_fragments: bool,
}

impl Default for Tricks {
    /// The tricks of the first writer: the layout freedoms added for
    /// issue 32 are off, so the default files stay what they were.
    fn default() -> Tricks {
        Tricks {
            lookalike_junk: false,
            shuffled_records: false,
            long_chains: false,
            unused_ids: false,
            stale_fragments: false,
            ..Tricks::all()
        }
    }
}

impl Tricks {
    /// No tricks: the most straightforward files.
    pub fn none() -> Tricks {
        Tricks::every(false)
    }

    /// Every trick.
    pub fn all() -> Tricks {
        Tricks::every(true)
    }

    fn every(on: bool) -> Tricks {
        Tricks {
            fragment_emb: on,
            redirect_chains: on,
            junk_between_records: on,
            long_comments: on,
            prefer_fixed_promotion_slots: on,
            extended_promotions: on,
            lookalike_junk: on,
            shuffled_records: on,
            long_chains: on,
            unused_ids: on,
            stale_fragments: on,
        }
    }
}

/// How to write a database.
///
/// ```
/// use cadb::ca::{format::Convention, writer::WriterOptions};
/// let o = WriterOptions { convention: Convention::Left, ..WriterOptions::default() };
/// assert!(o.tricks.redirect_chains);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriterOptions {
    /// Encoding of names and comments (Windows-1251 by default).
    pub encoding: TextEncoding,
    /// The file direction of move offsets.
    pub convention: Convention,
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
            convention: Convention::Right,
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
    /// Zero-length fragment descriptors inside files' lists.
    pub zero_length_fragments: usize,
    /// Last fragments longer than their file needs.
    pub overlong_fragments: usize,
    /// Stale regions and descriptor lists in the EMB that no file uses.
    pub stale_fragments: usize,
    /// Redirecting a01 entries (over the four lists), unused ones included.
    pub name_redirections: usize,
    /// Redirecting A02 entries, unused ones included.
    pub game_redirections: usize,
    /// D00 ids that go through a redirection (names and GameIDs).
    pub redirected_references: usize,
    /// Steps of the longest redirection chain (a01 and A02).
    pub longest_chain: usize,
    /// Ids `unused_ids` added, which no game uses directly or through a
    /// chain (a01 and A02).
    pub unused_ids: usize,
    /// Junk bytes in D02 and in the `.d01` files (`junk_between_records`).
    pub junk_bytes: usize,
    /// Junk bytes of `lookalike_junk` in D02 and in the `.d01` files.
    pub lookalike_junk_bytes: usize,
    /// `.d01` files and D02 whose records are not in the order of their ids.
    pub out_of_order_files: usize,
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
    /// Raw items with no Chess Assistant form, dropped (other codecs' items, such as Jose error records).
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
    let mut rngs = TrickRngs::new(options.seed);
    let mut report = WriteReport::default();

    // 1. Encode every record; keep the games that fit.
    let mut written: Vec<(&Game, Vec<u8>)> = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let mut stats = d02::Stats::default();
        match encode_game(game, index, options, &mut stats) {
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
    lists.assign_ids(&tricks, &mut rng, &mut rngs, &mut report)?;

    // 3. GameIDs, D02 and A02.
    let bodies: Vec<&[u8]> = written.iter().map(|(_, b)| b.as_slice()).collect();
    let g = games::write(&bodies, &tricks, &mut rng, &mut rngs, &mut report)?;

    // 4. D00.
    let mut d00 = Vec::with_capacity(written.len() * d00::RECORD_LEN);
    for (i, (game, _)) in written.iter().enumerate() {
        let rec = header_record(&game.headers, g.d00_ids[i], &mut lists, &mut report);
        d00.extend_from_slice(&rec.to_bytes());
    }

    // 5. CDP and EMB.
    let cdp = cdp_file(count, &options.encoding.encode(&options.comment));
    let emb = volume::build(&lists, &tricks, &mut rng, &mut rngs, &mut report)?;

    Ok((
        crate::ca::DatabaseFiles {
            cdp,
            emb,
            d00,
            a02: g.a02,
            d02: g.d02,
        },
        report,
    ))
}

/// Game `index`'s D02 record body as [`write_database`] writes it: its
/// random choices come from the seed and its index alone.
fn encode_game(
    game: &Game,
    index: usize,
    options: &WriterOptions,
    stats: &mut d02::Stats,
) -> Result<Vec<u8>, Error> {
    let tricks = options.tricks;
    let rec_opts = d02::RecordOptions {
        convention: options.convention,
        encoding: options.encoding,
        long_comments: tricks.long_comments,
        prefer_fixed: tricks.prefer_fixed_promotion_slots,
        extended_promotions: tricks.extended_promotions,
    };
    let mut rng = Rng::new(options.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    d02::encode_record(game, &rec_opts, &mut rng, stats)
}

/// The size of `game`'s D02 record, length prefix included, as the plain
/// writer writes it alone in a database (what the compactness report
/// counts), without making the other files; a game the format cannot hold
/// is its error, as [`WriteReport::skipped`] lists it.
///
/// ```
/// let games = cadb::game::import::read_pgn("1. Nf3 Nf6 *").unwrap();
/// assert_eq!(cadb::ca::writer::record_size(&games[0]).unwrap(), 3);
/// ```
pub fn record_size(game: &Game) -> Result<usize, Error> {
    let body = encode_game(game, 0, &WriterOptions::plain(), &mut d02::Stats::default())
        .map_err(|e| e.in_game(0))?;
    use crate::ca::format::d02::{MAX_RECORD, length_prefix};
    let (_, prefix) = length_prefix(body.len())
        .ok_or_else(|| too_large(FileKind::D02, "record", body.len(), MAX_RECORD as u32))?;
    Ok(prefix + body.len())
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

/// A CDP file (§3): the fixed header, then the comment. The name lists'
/// `.cdp` inner files take the same form with their element count.
fn cdp_file(count: u32, comment: &[u8]) -> Vec<u8> {
    let mut out = cdp::header(count, comment.len() as u32).to_vec();
    out.extend_from_slice(comment);
    out
}

/// One D00 record (§5).
fn header_record(
    h: &Headers,
    game_id: u32,
    lists: &mut Lists,
    report: &mut WriteReport,
) -> RawHeader {
    if h.assessment.is_some() && h.result != GameResult::Unknown {
        report.dropped_header_values += 1;
    }
    let date = encode_date(&h.date).unwrap_or_else(|| {
        report.dropped_header_values += 1;
        let fixed = Date {
            year: h.date.year.filter(|&y| y <= 40329),
            month: h.date.month.filter(|&m| m <= 12),
            day: h.date.day.filter(|&d| d <= 31),
        };
        encode_date(&fixed).unwrap_or(0)
    });
    let round2 = match h.round.as_deref() {
        None => 0,
        Some(r) => encode_round(r).unwrap_or_else(|| {
            report.dropped_header_values += usize::from(r.trim() != "?" && r.trim() != "-");
            0
        }),
    };
    let eco = match h.eco.as_deref() {
        None => ECO_UNKNOWN,
        Some(e) => {
            let v = encode_eco(e);
            report.dropped_header_values += usize::from(v.is_none() || e.trim().len() > 3);
            v.unwrap_or(ECO_UNKNOWN)
        }
    };
    let mut name = |kind, name: &Option<String>| lists.reference(kind, name.as_deref(), report);
    RawHeader {
        white_id: name(ListKind::Players, &h.white),
        black_id: name(ListKind::Players, &h.black),
        white_elo: h.white_elo.unwrap_or(0),
        black_elo: h.black_elo.unwrap_or(0),
        outcome: encode_outcome(h.result, h.assessment),
        date,
        event_id: name(ListKind::Events, &h.event),
        site_id: name(ListKind::Places, &h.site),
        game_type: h.game_type.as_deref().map_or(0, encode_game_type),
        game_id,
        unknown: 0, // offset 28: not described (Q14)
        round2,
        eco,
        annotator_id: name(ListKind::Players, &h.annotator),
        source_id: name(ListKind::Sources, &h.source),
    }
}
