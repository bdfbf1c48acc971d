//! An open database, built from its parts in the order each needs the
//! ones before: the [`HeaderTable`] (CDP and D00: how many games, each
//! one's header), the [`RecordIndex`] (A02: where each game's record lies
//! in D02), the [`Names`] (the EMB volume's name tables) and the
//! [`Readings`] (what the data says of the readings the spec leaves open).
//! Each part is whole once built; nothing is filled in later.

use alloc::{borrow::Cow, string::String, vec::Vec};

use super::{
    CdpInfo, Convention, DatabaseFiles, Detection, EcoZeroDetection, ListKind, NameTable,
    RawHeader, emb,
    header_table::HeaderTable,
    infer::Decoding,
    names::{Names, read_tables},
    readings::Readings,
    records::{InOrder, RecordIndex, RecordReader},
    symbols::SymbolDetection,
};
use crate::{
    bytes::ReadAt,
    error::Error,
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
    pub(super) files: DatabaseFiles<R>,
    pub(super) headers: HeaderTable,
    pub(super) records: RecordIndex,
    pub(super) names: Names,
    pub(super) readings: Readings,
    /// The caller's code page, or `None` for the guess
    /// ([`set_encoding`](Self::set_encoding) changes it); strings are
    /// decoded as [`text`](Self::text) says.
    pub(super) chosen: Option<TextEncoding>,
    /// Problems found on opening, in the order they were found.
    pub(super) warnings: Vec<Error>,
}

impl<R: ReadAt> Database<R> {
    /// Opens a database from its five files.
    pub fn open(files: DatabaseFiles<R>, options: OpenOptions) -> Result<Database<R>, Error> {
        let mut warnings = Vec::new();
        let (cdp, cdp_count) = CdpInfo::read_lenient(&files.cdp, &mut warnings);
        let volume = emb::Volume::open(&files.emb)?;
        let tables = read_tables(&volume, &files.emb, &mut warnings);
        let (records, sharing) = RecordIndex::read(&files.a02, files.d02.size())?;
        let headers = HeaderTable::new(cdp, cdp_count, files.d00.size(), &mut warnings);
        let names = Names::new(volume, tables, &headers, &files.d00);
        let reader = RecordReader {
            files: &files,
            headers: &headers,
            index: &records,
        };
        let readings = Readings::infer(&reader, &names, &sharing, options.encoding, &mut warnings);
        // Found with the names, said last (after the readings' warnings).
        warnings.extend(names.bulk_warnings());
        Ok(Database {
            chosen: options.encoding,
            files,
            headers,
            records,
            names,
            readings,
            warnings,
        })
    }

    /// This database over `files`, other handles on the same files (for
    /// another thread: a `Database` reads through its own handles): what
    /// opening found is kept, and nothing is read, checked or inferred
    /// again. Files that are not this database's bytes give wrong answers
    /// wherever they differ, so they must be the same files.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer};
    /// let games = cadb::game::import::read_pgn("1. e4 e5 *").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files.clone(), OpenOptions::default()).unwrap();
    /// let other = db.reopened(files);
    /// assert_eq!(other.pgn(0).unwrap(), db.pgn(0).unwrap());
    /// assert_eq!(other.info(), db.info());
    /// ```
    pub fn reopened(&self, files: DatabaseFiles<R>) -> Database<R> {
        Database {
            files,
            headers: self.headers.clone(),
            records: self.records.clone(),
            names: self.names.clone(),
            readings: self.readings.clone(),
            chosen: self.chosen,
            warnings: self.warnings.clone(),
        }
    }

    /// The files the database reads.
    pub fn files(&self) -> &DatabaseFiles<R> {
        &self.files
    }

    /// Number of games.
    pub fn count(&self) -> u64 {
        self.headers.count
    }

    /// The convention used to decode moves.
    pub fn convention(&self) -> Convention {
        self.readings.convention
    }

    /// Problems found on opening that do not stop reading (missing name files, count mismatches).
    pub fn warnings(&self) -> &[Error] {
        &self.warnings
    }

    /// How strings and symbols are decoded.
    pub fn decoding(&self) -> Decoding {
        Decoding {
            text: self.text(),
            symbols: self.readings.symbols.reading,
        }
    }

    /// The one-byte symbol comments of the games sampled on opening, and
    /// how they are read (Q25).
    pub fn symbols(&self) -> &SymbolDetection {
        &self.readings.symbols
    }

    /// The code page in use.
    pub fn encoding(&self) -> TextEncoding {
        self.text().encoding
    }

    /// How strings are decoded: the code page, and whether single UTF-8
    /// strings read as UTF-8.
    pub fn text(&self) -> Text {
        self.readings.text(self.chosen)
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
        self.chosen = encoding;
    }

    /// A name table.
    pub fn list(&self, kind: ListKind) -> &NameTable {
        self.names.list(kind)
    }

    /// The EMB volume's directory.
    pub fn volume(&self) -> &emb::Volume {
        &self.names.volume
    }

    /// What the database says about itself.
    pub fn info(&self) -> DbInfo {
        let cdp = &self.headers.cdp;
        DbInfo {
            signature: cdp.signature.clone(),
            version: cdp.version.clone(),
            emb_signature: self.names.volume.header.signature.clone(),
            emb_version: self.names.volume.header.version.clone(),
            comment: String::from(self.text().decode(&cdp.comment)),
            cdp_count: cdp.game_count,
            d00_records: self.headers.d00_records,
            count: self.headers.count,
            list_sizes: core::array::from_fn(|k| self.names.lists[k].len()),
            convention: self.readings.convention,
            detection: self.readings.detection,
            eco_zero: self.readings.eco_zero,
            encoding: self.encoding(),
            encoding_chosen: self.chosen.is_some(),
            encoding_guess: self.readings.encoding.clone(),
        }
    }

    /// Checks a game index from a caller: past the end is a parameter error.
    pub fn check_index(&self, index: u64) -> Result<(), Error> {
        self.headers.check_index(index)
    }

    /// The D00 record of game `index`, as stored.
    pub fn raw_header(&self, index: u64) -> Result<RawHeader, Error> {
        self.headers.raw_header(&self.files.d00, index)
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
        f: impl FnMut(u64, &RawHeader),
    ) -> Result<(), Error> {
        self.headers.scan(&self.files.d00, start, end, f)
    }

    /// Reads records through the headers and the index.
    pub(super) fn reader(&self) -> RecordReader<'_, R> {
        RecordReader {
            files: &self.files,
            headers: &self.headers,
            index: &self.records,
        }
    }

    /// Offset in D02 of the record with `game_id`, through the A02 chain
    /// (resolved once, on opening).
    pub fn record_offset(&self, game_id: u32) -> Result<u64, Error> {
        self.records.offset(game_id)
    }

    /// The D02 record of game `index`: the body's offset in D02 and its bytes.
    pub fn record(&self, index: u64) -> Result<(u64, Cow<'_, [u8]>), Error> {
        self.reader().record(index)
    }

    /// [`record`](Self::record) for an entry of a pass in record order:
    /// from the offset the order found, when it did, without the game's
    /// D00 header or A02 entry.
    pub(crate) fn record_in_order(&self, entry: InOrder) -> Result<(u64, Cow<'_, [u8]>), Error> {
        self.reader().record_in_order(entry)
    }

    /// Where game `index`'s record starts in D02, from its header `raw`.
    pub(super) fn record_of(&self, index: u64, raw: &RawHeader) -> Result<u64, Error> {
        self.reader().record_of(index, raw)
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
        self.reader().ready(index)
    }

    /// Calls `f` with game `index`'s record (body offset in D02, bytes; its
    /// D00 header `raw` read already),
    /// lent by the D02 source ([`ReadAt::read_with`]) rather than copied:
    /// the passes over every game (export, opening tree) read this way.
    pub(super) fn with_record<T>(
        &self,
        index: u64,
        raw: &RawHeader,
        f: impl FnOnce(u64, &[u8]) -> T,
    ) -> Result<T, Error> {
        self.with_record_at(index, self.record_of(index, raw)?, f)
    }

    /// [`with_record`](Self::with_record) for the record at `at` in D02.
    pub(super) fn with_record_at<T>(
        &self,
        index: u64,
        at: u64,
        f: impl FnOnce(u64, &[u8]) -> T,
    ) -> Result<T, Error> {
        self.reader().with_record_at(index, at, f)
    }
}
