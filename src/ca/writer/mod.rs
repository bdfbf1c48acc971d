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
mod options;
mod rng;
mod volume;

pub use options::{Tricks, WriteReport, WriterOptions};

use alloc::{string::String, vec::Vec};

use self::{
    emb::Lists,
    options::{cdp_file, too_large},
    rng::{Rng, TrickRngs},
};
use super::format::{
    d00::{
        self, ECO_UNKNOWN, RawHeader, encode_date, encode_eco, encode_game_type, encode_outcome,
        encode_round,
    },
    emb::ListKind,
};
use crate::{
    error::{Error, FileKind},
    game::{Date, Game, GameResult, Headers},
};

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
