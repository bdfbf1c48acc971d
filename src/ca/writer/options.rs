//! What a write is asked for ([`WriterOptions`], with its [`Tricks`]) and
//! what it reports ([`WriteReport`]), and the two small pieces every file's
//! writer shares: the CDP form and the over-the-bound error.

use alloc::{string::String, vec::Vec};

use crate::{
    ca::format::{Convention, cdp},
    error::{Error, ErrorKind, FileKind},
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

/// A file or record over the format's bound, as an error.
pub(super) fn too_large(file: FileKind, what: &'static str, size: usize, limit: u32) -> Error {
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
pub(super) fn cdp_file(count: u32, comment: &[u8]) -> Vec<u8> {
    let mut out = cdp::header(count, comment.len() as u32).to_vec();
    out.extend_from_slice(comment);
    out
}
