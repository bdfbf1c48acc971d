//! Chess Assistant databases: CDP, EMB, D00, A02 and D02.
//!
//! The spec is `chess-assistant.md` (see its §0 for the readings followed).
//! Opening reads CDP, EMB, D00 and A02; a game's D02 record is read only
//! when asked for.

pub mod cdp;
pub mod columns;
mod convention;
pub mod diagnose;
pub mod emb;
mod encoding;
mod export;
pub mod format;
pub mod infer;
pub mod names;
pub mod player;
pub mod position;
pub mod record;
pub mod replay;
pub mod search;
pub mod writer;

use alloc::{borrow::Cow, string::String, vec::Vec};
use core::ops::ControlFlow;

use shakmaty::Chess;

use self::format::{d00, d02};
use self::position::InOrder;
pub use self::{
    cdp::CdpInfo,
    convention::{Certainty, Detection, Reading},
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
    game::{Game, GameVisitor, Headers, Ply, TreeBuilder},
    limits::MAX_A02_BYTES,
    text::{EncodingGuess, Text, TextEncoding},
};

/// The five files of a database, each any byte source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DatabaseFiles<R> {
    pub cdp: R,
    pub emb: R,
    pub d00: R,
    pub a02: R,
    pub d02: R,
}

impl<R> DatabaseFiles<R> {
    /// The files' extensions, in field order, as the writer names them
    /// (DOS-era names come in any case).
    pub const EXTENSIONS: [&'static str; 5] = ["CDP", "EMB", "D00", "A02", "D02"];

    /// The five files made by `f(extension)`, in field order; the first
    /// error stops.
    ///
    /// ```
    /// use cadb::ca::DatabaseFiles;
    /// let names = DatabaseFiles::try_from_fn(|ext| Ok::<_, ()>(format!("GAMES.{ext}"))).unwrap();
    /// assert_eq!(names.a02, "GAMES.A02");
    /// ```
    pub fn try_from_fn<E>(mut f: impl FnMut(&'static str) -> Result<R, E>) -> Result<Self, E> {
        let [cdp, emb, d00, a02, d02] = Self::EXTENSIONS;
        Ok(DatabaseFiles {
            cdp: f(cdp)?,
            emb: f(emb)?,
            d00: f(d00)?,
            a02: f(a02)?,
            d02: f(d02)?,
        })
    }

    /// Each file with its extension, in field order.
    ///
    /// ```
    /// use cadb::ca::DatabaseFiles;
    /// let files = DatabaseFiles { cdp: 1, emb: 2, d00: 3, a02: 4, d02: 5 };
    /// assert_eq!(files.named()[3], ("A02", &4));
    /// ```
    pub fn named(&self) -> [(&'static str, &R); 5] {
        let [cdp, emb, d00, a02, d02] = Self::EXTENSIONS;
        [
            (cdp, &self.cdp),
            (emb, &self.emb),
            (d00, &self.d00),
            (a02, &self.a02),
            (d02, &self.d02),
        ]
    }
}

impl DatabaseFiles<alloc::vec::Vec<u8>> {
    /// Borrowed views of in-memory files.
    pub fn as_slices(&self) -> DatabaseFiles<&[u8]> {
        DatabaseFiles {
            cdp: &self.cdp,
            emb: &self.emb,
            d00: &self.d00,
            a02: &self.a02,
            d02: &self.d02,
        }
    }
}

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

    /// Offset in D02 of the record with `game_id`, through the A02 chain
    /// (resolved once, on opening).
    pub fn record_offset(&self, game_id: u32) -> Result<u64, Error> {
        let len = self.a02.len() as u32;
        let err = |k| Error::new(k, FileKind::A02).at(u64::from(game_id) * 4);
        let v = *self
            .a02
            .get(game_id as usize)
            .ok_or_else(|| err(ErrorKind::ChainOutOfRange { id: game_id, len }))?;
        emb::Resolved::of(v)
            .address(game_id, len)
            .map(u64::from)
            .map_err(err)
    }

    /// The D02 record of game `index`: the body's offset in D02 and its bytes.
    pub fn record(&self, index: u64) -> Result<(u64, Cow<'_, [u8]>), Error> {
        self.record_in_order(InOrder::new(index, None))
    }

    /// [`record`](Self::record) for an entry of a pass in record order:
    /// from the offset the order found, when it did, without the game's
    /// D00 header or A02 entry.
    pub(crate) fn record_in_order(&self, entry: InOrder) -> Result<(u64, Cow<'_, [u8]>), Error> {
        let index = entry.index();
        let (base, len) = match entry.record() {
            Some(at) => self.record_span_at(index, at)?,
            None => self.record_span_at(index, self.record_of(index, &self.raw_header(index)?)?)?,
        };
        let err = |k| Error::new(k, FileKind::D02).at(base).in_game(index);
        let body = self.files.d02.read_at(base, len).map_err(err)?;
        Ok((base, body))
    }

    /// Where game `index`'s record starts in D02, from its header `raw`.
    fn record_of(&self, index: u64, raw: &RawHeader) -> Result<u64, Error> {
        self.record_offset(raw.game_id)
            .map_err(|e| e.in_game(index))
    }

    /// The span of the record whose length prefix is at `at` in D02.
    fn record_span_at(&self, index: u64, at: u64) -> Result<(u64, usize), Error> {
        let err = |k| Error::new(k, FileKind::D02).at(at).in_game(index);
        let head = self.files.d02.read_up_to(at, 2).map_err(err)?;
        let (len, prefix) = d02::read_length(&head).map_err(err)?;
        Ok((at + prefix as u64, len))
    }

    /// Whether game `index`'s record is in memory now, so reading it calls
    /// no source ([`ReadAt::ready`]): the opening tree built in steps stops
    /// before a game whose record is not, so its caller can fetch the block
    /// meanwhile. A record that cannot be located counts as ready (reading
    /// it reports the damage).
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer::{WriterOptions, write_database}};
    /// let games = cadb::game::import::read_pgn("1. e4 e5 *\n").unwrap();
    /// let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// assert!(db.record_ready(0)); // in memory
    /// ```
    pub fn record_ready(&self, index: u64) -> bool {
        let Ok(raw) = self.raw_header(index) else {
            return true;
        };
        let Ok(at) = self.record_offset(raw.game_id) else {
            return true;
        };
        let src = &self.files.d02;
        // Its length prefix first: finding the span reads it.
        if !src.ready(at, src.size().saturating_sub(at).min(2) as usize) {
            return false;
        }
        match self.record_span_at(index, at) {
            Ok((base, len)) => src.ready(base, len),
            Err(_) => true,
        }
    }

    /// Calls `f` with game `index`'s record (body offset in D02, bytes; its
    /// D00 header `raw` read already),
    /// lent by the D02 source ([`ReadAt::read_with`]) rather than copied:
    /// the passes over every game (export, opening tree) read this way.
    fn with_record<T>(
        &self,
        index: u64,
        raw: &RawHeader,
        f: impl FnOnce(u64, &[u8]) -> T,
    ) -> Result<T, Error> {
        self.with_record_at(index, self.record_of(index, raw)?, f)
    }

    /// [`with_record`](Self::with_record) for the record at `at` in D02.
    fn with_record_at<T>(
        &self,
        index: u64,
        at: u64,
        f: impl FnOnce(u64, &[u8]) -> T,
    ) -> Result<T, Error> {
        let (base, len) = self.record_span_at(index, at)?;
        let mut f = Some(f);
        let mut out = None;
        self.files
            .d02
            .read_with(base, len, &mut |body| {
                out = f.take().map(|f| f(base, body));
            })
            .map_err(|k| Error::new(k, FileKind::D02).at(base).in_game(index))?;
        out.ok_or_else(|| {
            let k = ErrorKind::Invalid {
                what: "a D02 source did not lend the bytes it read",
            };
            Error::new(k, FileKind::D02).at(base).in_game(index)
        })
    }

    /// Streams game `index` through a visitor, under a chosen convention.
    /// The visitor sees every event up to an error; `end_game` is always called.
    pub fn read_game_with<V: GameVisitor>(
        &self,
        index: u64,
        convention: Convention,
        v: &mut V,
    ) -> (V::Output, Option<Error>) {
        let error = self.game_events(index, None, convention, v);
        (v.end_game(), error)
    }

    /// [`read_game_with`](Self::read_game_with) for an entry of
    /// [`record_order`](Self::record_order): a visitor that wants no text
    /// then needs neither the game's D00 header nor its A02 entry, which
    /// the order's scan has read already. In record order those reads
    /// jump around D00 when the records are out of game order (shuffled
    /// GameIDs): 100,000 fixture games written so replayed in 146 ms with
    /// them, 128 ms without (BENCHMARKS.md §14).
    pub(crate) fn read_game_in_order<V: GameVisitor>(
        &self,
        entry: InOrder,
        convention: Convention,
        v: &mut V,
    ) -> (V::Output, Option<Error>) {
        let error = self.game_events(entry.index(), entry.record(), convention, v);
        (v.end_game(), error)
    }

    /// Every event of game `index` but `end_game`: the headers (to a
    /// visitor that wants text), then the replay, up to an error. `known`
    /// is the record's offset in D02 when the caller has found it.
    fn game_events<V: GameVisitor>(
        &self,
        index: u64,
        known: Option<u64>,
        convention: Convention,
        v: &mut V,
    ) -> Option<Error> {
        let at = match known {
            Some(at) if !v.wants_text() => at,
            _ => {
                let raw = match self.raw_header(index) {
                    Ok(raw) => raw,
                    Err(e) => return Some(e),
                };
                if v.wants_text() {
                    v.headers(&self.game_headers(index, &raw));
                }
                match self.record_of(index, &raw) {
                    Ok(at) => at,
                    Err(e) => return Some(e),
                }
            }
        };
        let decoding = self.decoding();
        let replay = |base, body: &[u8]| {
            // A dedicated copy of the replayer for a hot visitor, else the
            // shared one (`GameVisitor::INLINE_IN_DECODER`).
            if V::INLINE_IN_DECODER {
                replay::Replay::new(body, base, index, convention, decoding, v).run()
            } else {
                let v = crate::game::Events::as_dyn(v);
                replay::Replay::new(body, base, index, convention, decoding, v).run()
            }
            .err()
        };

        self.with_record_at(index, at, replay).unwrap_or_else(Some)
    }

    /// Streams game `index` through a visitor (the database's convention).
    pub fn read_game<V: GameVisitor>(&self, index: u64, v: &mut V) -> (V::Output, Option<Error>) {
        self.read_game_with(index, self.convention, v)
    }

    /// Streams game `index` through a visitor; any error is returned instead of the output.
    pub fn visit<V: GameVisitor>(&self, index: u64, v: &mut V) -> Result<V::Output, Error> {
        match self.read_game(index, v) {
            (out, None) => Ok(out),
            (_, Some(e)) => Err(e),
        }
    }

    /// Game `index` as a tree, with whatever decoded before an error.
    ///
    /// Read under the convention policy ([`Database::read_retrying`]): a
    /// game that replays only under the other convention is returned decoded
    /// that way, marked with a `CAConvention` tag; one that replays under
    /// neither returns what decoded under the database's and that error.
    pub fn game_lenient(&self, index: u64) -> (Game, Option<Error>) {
        let r = self.read_retrying(|c| self.read_game_with(index, c, &mut TreeBuilder::new()));
        let rescued = r.rescued(self);
        let mut game = r.output;
        if rescued {
            let tag = (
                String::from("CAConvention"),
                String::from(r.convention.name()),
            );
            game.headers.other.push(tag);
        }
        (game, r.error)
    }

    /// Game `index` as a tree.
    pub fn game(&self, index: u64) -> Result<Game, Error> {
        match self.game_lenient(index) {
            (g, None) => Ok(g),
            (_, Some(e)) => Err(e),
        }
    }

    /// The plies of game `index`'s main line; for a damaged game, those that
    /// decoded before the damage.
    ///
    /// ```
    /// # use cadb::ca::{Database, OpenOptions, writer};
    /// # let games = cadb::game::import::read_pgn("1. e4 e5 (1... c5) 2. Nf3 *").unwrap();
    /// # let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// assert_eq!(db.main_line_plies(0), 3);
    /// ```
    pub fn main_line_plies(&self, index: u64) -> u32 {
        self.read_game(index, &mut PlyCount::main_line()).0
    }

    /// Replays the main line of game `index` with the position before each ply
    /// (a cheap pass for statistics and benchmarks: no text is decoded and
    /// variations are skipped). `Break` from `f` stops the game.
    pub fn for_each_ply(
        &self,
        index: u64,
        f: impl FnMut(&Chess, &Ply) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        self.for_each_ply_with(index, self.convention, f)
    }

    /// [`for_each_ply`](Self::for_each_ply) under a chosen convention.
    pub fn for_each_ply_with(
        &self,
        index: u64,
        convention: Convention,
        f: impl FnMut(&Chess, &Ply) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        struct MainLine<F>(F);
        impl<F: FnMut(&Chess, &Ply) -> ControlFlow<()>> GameVisitor for MainLine<F> {
            type Output = ();
            // A whole-database pass: its own copy of the replayer.
            const INLINE_IN_DECODER: bool = true;
            fn wants_text(&self) -> bool {
                false
            }
            fn wants_annotations(&self) -> bool {
                false
            }
            fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()> {
                (self.0)(before, ply)
            }
            fn begin_variation(&mut self) -> crate::game::Skip {
                crate::game::Skip(true)
            }
            fn end_game(&mut self) {}
        }
        match self.read_game_with(index, convention, &mut MainLine(f)) {
            (_, None) => Ok(()),
            (_, Some(e)) => Err(e),
        }
    }
}

/// Reads A02 whole and resolves its chains (§6), one step per game id;
/// also the ids of entries storing one address (`sharing_ids`).
fn resolve_a02<R: ReadAt>(a02: &R, d02_size: u64) -> Result<(Vec<u32>, Vec<u32>), Error> {
    // At most 2^30 entries, as resolve_links needs (a game id is 32-bit,
    // but no database has a billion games).
    let size = a02.size() - a02.size() % 4;
    let limit = MAX_A02_BYTES.min(usize::MAX as u64);
    let len = usize::try_from(size)
        .ok()
        .filter(|_| size <= limit)
        .ok_or_else(|| {
            let k = ErrorKind::TooLarge {
                what: "A02 size",
                size,
                limit,
            };
            Error::new(k, FileKind::A02)
        })?;
    // In blocks: the raw bytes are never held whole beside the values.
    const BLOCK: usize = 1 << 16;
    let mut links = Vec::with_capacity(len / 4);
    for at in (0..len).step_by(BLOCK) {
        let n = BLOCK.min(len - at);
        let bytes = a02
            .read_at(at as u64, n)
            .map_err(|k| Error::new(k, FileKind::A02).at(at as u64))?;
        links.extend(emb::u32_values(&bytes));
    }
    // Entries no game uses may share an address (a writer may zero them):
    // only games that share one are damage, counted on the D00 headers
    // (`detect_from_headers`).
    let shared = sharing_ids(&links, d02_size);
    emb::resolve_links(&mut links);
    Ok((links, shared))
}

/// At most this many A02 entries are kept as sharing an address (a zeroed
/// A02 has as many as it has entries): 256 KiB.
const MAX_SHARING_IDS: usize = 1 << 16;

/// The ids (sorted) of the A02 entries that store, directly, an address
/// another entry stores too; at most `MAX_SHARING_IDS`. Entries that
/// redirect share their target's record by design, and an address past
/// D02 is no record (its game fails on reading).
fn sharing_ids(links: &[u32], d02_size: u64) -> Vec<u32> {
    let direct = |v: u32| (v as i32) >= 0 && u64::from(v) < d02_size;
    let mut sorted: Vec<u32> = links.iter().copied().filter(|&v| direct(v)).collect();
    sorted.sort_unstable();
    let mut twice: Vec<u32> = sorted
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    if twice.is_empty() {
        return twice;
    }
    twice.dedup();
    (0..links.len() as u32)
        .filter(|&id| {
            direct(links[id as usize]) && twice.binary_search(&links[id as usize]).is_ok()
        })
        .take(MAX_SHARING_IDS)
        .collect()
}

/// Counts plies and reads nothing else: the cheapest visitor. One type
/// serves every count (each visitor type is one more copy of the replayer
/// in the wasm module).
pub(crate) struct PlyCount {
    plies: u32,
    variations: bool,
}

impl PlyCount {
    /// The plies counted so far.
    pub(crate) fn plies(&self) -> u32 {
        self.plies
    }

    /// Counts the main line, skipping variations.
    pub(crate) fn main_line() -> PlyCount {
        PlyCount {
            plies: 0,
            variations: false,
        }
    }

    /// Counts every ply, variations included.
    pub(crate) fn all() -> PlyCount {
        PlyCount {
            plies: 0,
            variations: true,
        }
    }
}

impl GameVisitor for PlyCount {
    type Output = u32;
    fn wants_text(&self) -> bool {
        false
    }
    fn wants_annotations(&self) -> bool {
        false
    }
    fn ply(&mut self, _: &Chess, _: &Ply) -> ControlFlow<()> {
        self.plies += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self) -> crate::game::Skip {
        crate::game::Skip(!self.variations)
    }
    fn end_game(&mut self) -> u32 {
        self.plies
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sharing_ids_are_the_entries_storing_one_address() {
        // 0 and 10 stored twice; -3 redirects (shares by design); 500 lies
        // past a D02 of 100 bytes.
        let links = [0u32, 10, 10, (-3i32) as u32, 20, 0, 500, 500];
        assert_eq!(super::sharing_ids(&links, 100), [0, 1, 2, 5]);
        assert_eq!(super::sharing_ids(&links, 1000), [0, 1, 2, 5, 6, 7]);
        assert!(super::sharing_ids(&links[..2], 100).is_empty());
    }
}
