//! Chess Assistant databases: CDP, EMB, D00, A02 and D02.
//!
//! The spec is `chess-assistant.md` (see its §0 for the readings followed).
//! Opening reads CDP, EMB, D00 and A02; a game's D02 record is read only
//! when asked for.
//!
//! This file opens a database and reads its headers; `files.rs` holds the
//! five files, `records.rs` where a game's record lies (A02), `games.rs`
//! reading a game through the replayer, and the readings decided on
//! opening are `convention.rs`, `infer.rs`, `encoding.rs` and `names/`.

mod annotation;
pub mod cdp;
pub mod columns;
mod convention;
pub mod diagnose;
pub mod emb;
mod encoding;
mod export;
mod files;
pub mod format;
mod games;
pub mod infer;
pub mod names;
pub mod player;
pub mod position;
pub mod record;
mod records;
pub mod replay;
pub mod search;
pub mod writer;

use alloc::{string::String, vec::Vec};

use self::format::d00;
pub(crate) use self::games::PlyCount;
use self::records::resolve_a02;
pub use self::{
    cdp::CdpInfo,
    convention::{Certainty, Detection, Reading},
    files::DatabaseFiles,
    format::{
        Convention,
        d00::RawHeader,
        emb::{ListKind, PlayerData},
    },
    infer::{
        Decoding, EcoZero, EcoZeroDetection, GameTypeDetection, GameTypes, Opening,
        SymbolDetection, Symbols,
    },
    names::{NameEntry, NameTable, NameUse},
};
use crate::{
    bytes::ReadAt,
    error::{Error, ErrorKind, FileKind},
    game::Headers,
    text::{EncodingGuess, Text, TextEncoding},
};

/// How to open a database.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenOptions {
    /// Encoding of names and comments; `None` (the default) guesses it
    /// from the name tables, reading single UTF-8 strings as UTF-8 (Q33).
    pub encoding: Option<TextEncoding>,
}

/// What a database says about itself.
#[derive(Clone, Debug, PartialEq)]
pub struct DbInfo {
    pub signature: String,
    pub version: String,
    /// The EMB volume's own signature and version.
    pub emb_signature: String,
    pub emb_version: String,
    pub comment: String,
    /// Games the CDP announces.
    pub cdp_count: u32,
    /// Records in D00.
    pub d00_records: u64,
    /// Games readable (the smaller of the two).
    pub count: u64,
    /// Entries in each name table (players, events, places, sources).
    pub list_sizes: [u32; 4],
    pub convention: Convention,
    pub detection: Detection,
    /// What a stored ECO of 0 was read as, and why.
    pub eco_zero: EcoZeroDetection,
    /// The code page in use.
    pub encoding: TextEncoding,
    /// Whether it was chosen by the caller rather than guessed.
    pub encoding_chosen: bool,
    /// The guess from the name tables, whether or not it is in use.
    pub encoding_guess: EncodingGuess,
}

/// An open Chess Assistant database.
///
/// Opening reads CDP, EMB (name tables) and checks D00/A02; game records are
/// read from D02 only when asked for, so `R` can fetch ranges on demand.
///
/// ```
/// use cadb::ca::{Database, OpenOptions, writer};
/// let games = cadb::game::import::read_pgn("1. d4 Nf6 2. c4 e6 1/2-1/2").unwrap();
/// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
/// let db = Database::open(files, OpenOptions::default()).unwrap();
/// assert_eq!(db.count(), 1);
/// assert!(db.pgn(0).unwrap().contains("1. d4 Nf6 2. c4 e6 1/2-1/2"));
/// ```
pub struct Database<R> {
    files: DatabaseFiles<R>,
    /// How strings are decoded: the caller's code page, or the guess.
    text: Text,
    encoding_chosen: bool,
    encoding_guess: EncodingGuess,
    cdp: CdpInfo,
    volume: emb::Volume,
    lists: [NameTable; 4],
    /// A02 resolved: per game id, its record's address in D02 (or why none).
    a02: Vec<u32>,
    count: u64,
    d00_records: u64,
    convention: Convention,
    detection: Detection,
    eco_zero: EcoZeroDetection,
    symbols: SymbolDetection,
    game_types: GameTypeDetection,
    warnings: Vec<Error>,
}

impl<R: ReadAt> Database<R> {
    /// Opens a database from its five files.
    pub fn open(files: DatabaseFiles<R>, options: OpenOptions) -> Result<Database<R>, Error> {
        let mut warnings = Vec::new();
        let (mut cdp, cdp_count) = CdpInfo::read_lenient(&files.cdp, &mut warnings);
        let volume = emb::Volume::open(&files.emb)?;
        let mut lists: [NameTable; 4] = Default::default();
        let mut claims = volume.claims();
        for (slot, kind) in lists.iter_mut().zip(ListKind::ALL) {
            *slot = NameTable::read(&volume, &files.emb, kind, &mut claims, &mut warnings);
        }
        let (a02, sharing) = resolve_a02(&files.a02, files.d02.size())?;
        let d00_records = files.d00.size() / d00::RECORD_LEN as u64;
        // A CDP too short to say: D00's count stands.
        cdp.game_count = cdp_count.unwrap_or(u32::try_from(d00_records).unwrap_or(u32::MAX));
        if !files.d00.size().is_multiple_of(d00::RECORD_LEN as u64) {
            let k = ErrorKind::Invalid {
                what: "D00 size is not a multiple of 38; the partial record is ignored",
            };
            warnings.push(Error::new(k, FileKind::D00).at(d00_records * d00::RECORD_LEN as u64));
        }
        let count = u64::from(cdp.game_count).min(d00_records);
        if u64::from(cdp.game_count) != d00_records {
            let k = ErrorKind::Invalid {
                what: "the CDP game count and the D00 record count differ; the smaller is used",
            };
            warnings.push(Error::new(k, FileKind::D00));
        }
        let text = Text::from(options.encoding.unwrap_or_default());
        let mut db = Database {
            files,
            text,
            encoding_chosen: options.encoding.is_some(),
            encoding_guess: EncodingGuess::default(),
            cdp,
            volume,
            lists,
            a02,
            count,
            d00_records,
            convention: Convention::Right,
            detection: Detection::default(),
            eco_zero: EcoZeroDetection::default(),
            symbols: SymbolDetection::default(),
            game_types: GameTypeDetection::default(),
            warnings,
        };
        // The readings that need no text first: the code page is guessed
        // from what they sample (the names games use, their comments).
        let comments = db.detect_convention();
        db.warn_symbols();
        let used = db.detect_from_headers(&sharing);
        let bad_names = used.warnings(&db.lists);
        db.warnings.extend(bad_names);
        db.bound_bulk_names();
        db.guess_text(&used, &comments, options.encoding);
        Ok(db)
    }

    /// Number of games.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The convention used to decode moves.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Problems found on opening that do not stop reading (missing name files, count mismatches).
    pub fn warnings(&self) -> &[Error] {
        &self.warnings
    }

    /// How strings and symbols are decoded.
    pub fn decoding(&self) -> Decoding {
        Decoding {
            text: self.text,
            symbols: self.symbols.reading,
        }
    }

    /// The one-byte symbol comments of the games sampled on opening, and
    /// how they are read (Q25).
    pub fn symbols(&self) -> &SymbolDetection {
        &self.symbols
    }

    /// The code page in use.
    pub fn encoding(&self) -> TextEncoding {
        self.text.encoding
    }

    /// How strings are decoded: the code page, and whether single UTF-8
    /// strings read as UTF-8.
    pub fn text(&self) -> Text {
        self.text
    }

    /// Changes the text encoding (names and comments are decoded on each
    /// read): a caller's code page for every string, or `None` for the
    /// guess made on opening.
    ///
    /// ```
    /// # use cadb::{ca::{Database, OpenOptions, writer}, text::TextEncoding};
    /// # let games = cadb::game::import::read_pgn("[White \"Таль\"] 1. e4 *").unwrap();
    /// # let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let mut db = Database::open(files, OpenOptions::default()).unwrap();
    /// db.set_encoding(Some(TextEncoding::Cp866));
    /// assert_ne!(db.headers(0).unwrap().white.unwrap(), "Таль");
    /// db.set_encoding(None);
    /// assert_eq!(db.headers(0).unwrap().white.unwrap(), "Таль");
    /// ```
    pub fn set_encoding(&mut self, encoding: Option<TextEncoding>) {
        self.encoding_chosen = encoding.is_some();
        self.text = match encoding {
            Some(e) => Text::from(e),
            None => Text {
                encoding: self.encoding_guess.encoding,
                utf8_strings: true,
            },
        };
    }

    /// A name table.
    pub fn list(&self, kind: ListKind) -> &NameTable {
        &self.lists[kind as usize]
    }

    /// The EMB volume's directory.
    pub fn volume(&self) -> &emb::Volume {
        &self.volume
    }

    /// What the database says about itself.
    pub fn info(&self) -> DbInfo {
        DbInfo {
            signature: self.cdp.signature.clone(),
            version: self.cdp.version.clone(),
            emb_signature: self.volume.header.signature.clone(),
            emb_version: self.volume.header.version.clone(),
            comment: String::from(self.text.decode(&self.cdp.comment)),
            cdp_count: self.cdp.game_count,
            d00_records: self.d00_records,
            count: self.count,
            list_sizes: core::array::from_fn(|k| self.lists[k].len()),
            convention: self.convention,
            detection: self.detection,
            eco_zero: self.eco_zero,
            encoding: self.text.encoding,
            encoding_chosen: self.encoding_chosen,
            encoding_guess: self.encoding_guess.clone(),
        }
    }

    /// Checks a game index from a caller: past the end is a parameter error.
    pub fn check_index(&self, index: u64) -> Result<(), Error> {
        if index < self.count {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::NoSuchGame {
                    index,
                    count: self.count,
                },
                FileKind::Argument,
            ))
        }
    }

    /// The D00 record of game `index`, as stored.
    pub fn raw_header(&self, index: u64) -> Result<RawHeader, Error> {
        self.check_index(index)?;
        let at = index * d00::RECORD_LEN as u64;
        let b = self
            .files
            .d00
            .read_at(at, d00::RECORD_LEN)
            .map_err(|k| Error::new(k, FileKind::D00).at(at))?;
        let b: &[u8; d00::RECORD_LEN] = (&*b)
            .try_into()
            .map_err(|_| Error::new(ErrorKind::Invalid { what: "short read" }, FileKind::D00))?;
        Ok(RawHeader::parse(b))
    }

    /// Calls `f(index, header)` for the D00 records of games `start..end`
    /// (clipped to the count), reading D00 in blocks of 1024 records: a
    /// million-header scan makes a thousand reads, not a million (each one a
    /// JS call for a lazily read D00).
    ///
    /// ```
    /// # use cadb::ca::{Database, OpenOptions, writer};
    /// # let games = cadb::game::import::read_pgn("[WhiteElo \"2400\"]\n1. e4 *\n\n1. d4 *\n").unwrap();
    /// # let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut elos = Vec::new();
    /// db.scan_raw_headers(0, u64::MAX, |_, h| elos.push(h.white_elo)).unwrap();
    /// assert_eq!(elos, [2400, 0]);
    /// ```
    pub fn scan_raw_headers(
        &self,
        start: u64,
        end: u64,
        mut f: impl FnMut(u64, &RawHeader),
    ) -> Result<(), Error> {
        const BLOCK: u64 = 1024;
        let end = end.min(self.count);
        let mut i = start;
        while i < end {
            let n = (end - i).min(BLOCK);
            let at = i * d00::RECORD_LEN as u64;
            let len = (n as usize) * d00::RECORD_LEN;
            let b = self
                .files
                .d00
                .read_at(at, len)
                .map_err(|k| Error::new(k, FileKind::D00).at(at))?;
            if b.len() != len {
                return Err(
                    Error::new(ErrorKind::Invalid { what: "short read" }, FileKind::D00).at(at),
                );
            }
            for (k, rec) in b.chunks_exact(d00::RECORD_LEN).enumerate() {
                if let Ok(rec) = <&[u8; d00::RECORD_LEN]>::try_from(rec) {
                    f(i + k as u64, &RawHeader::parse(rec));
                }
            }
            i += n;
        }
        Ok(())
    }

    /// The headers of game `index`, with names resolved.
    pub fn headers(&self, index: u64) -> Result<Headers, Error> {
        Ok(self.game_headers(index, &self.raw_header(index)?))
    }

    /// [`decode_headers`](Self::decode_headers), and no ECO for a stored 0
    /// in a game that cannot be A00 (Q11: its opening is read).
    fn game_headers(&self, index: u64, raw: &RawHeader) -> Headers {
        let mut h = self.decode_headers(raw);
        if h.eco.is_some() && self.eco_of(index, raw).is_none() {
            h.eco = None;
        }
        h
    }

    /// Resolves a raw header's ids and codes.
    pub fn decode_headers(&self, raw: &RawHeader) -> Headers {
        let enc = self.text;
        let players = self.list(ListKind::Players);
        let (result, assessment) = d00::decode_outcome(raw.outcome);
        let mut other = Vec::new();
        if raw.outcome == 0 || raw.outcome > 16 {
            other.push((String::from("CAOutcome"), alloc::format!("{}", raw.outcome)));
        }
        // Players.d00 (Q35): the FIDE id, and the list rating where it is
        // not the game's Elo; the annotator's title.
        for (side, id, elo) in [
            ("White", raw.white_id, raw.white_elo),
            ("Black", raw.black_id, raw.black_elo),
        ] {
            if let Some(p) = players.player_data(id) {
                if p.fide_id != 0 {
                    other.push((
                        alloc::format!("{side}FideId"),
                        alloc::format!("{}", p.fide_id),
                    ));
                }
                if p.rating != 0 && p.rating != elo {
                    other.push((
                        alloc::format!("{side}CARating"),
                        alloc::format!("{}", p.rating),
                    ));
                }
            }
        }
        if let Some(t) = players.title(raw.annotator_id, enc) {
            other.push((String::from("AnnotatorTitle"), t));
        }
        Headers {
            event: self.list(ListKind::Events).display_name(raw.event_id, enc),
            site: self.list(ListKind::Places).display_name(raw.site_id, enc),
            date: d00::decode_date(raw.date),
            round: d00::decode_round(raw.round2),
            white: players.display_name(raw.white_id, enc),
            black: players.display_name(raw.black_id, enc),
            result,
            white_elo: (raw.white_elo != 0).then_some(raw.white_elo),
            black_elo: (raw.black_elo != 0).then_some(raw.black_elo),
            white_title: players.title(raw.white_id, enc),
            black_title: players.title(raw.black_id, enc),
            eco: d00::decode_eco(self.eco_code(raw.eco)),
            annotator: players.display_name(raw.annotator_id, enc),
            source: self
                .list(ListKind::Sources)
                .display_name(raw.source_id, enc),
            game_type: d00::decode_game_type(self.game_type_code(raw.game_type)),
            assessment,
            other,
        }
    }

    /// A stored ECO as the database reads it (Q11): a 0 read as "none"
    /// becomes [`d00::ECO_UNKNOWN`]. Per game, [`eco_of`](Self::eco_of)
    /// also reads the opening; lists, sorting and search over every game
    /// take this database-wide reading.
    pub fn eco_code(&self, stored: u16) -> u16 {
        if stored == 0 && self.eco_zero.reading == EcoZero::None {
            d00::ECO_UNKNOWN
        } else {
            stored
        }
    }
}
