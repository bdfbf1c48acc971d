//! One flat error type for every decoder: what went wrong, and where.
//!
//! Errors are split by who is at fault ([`Fault`]), as image-png does: the
//! data (format), a limit this crate sets against hostile input, the caller
//! (a parameter: an unknown encoding, a game index past the end, a bad FEN),
//! or the byte source (I/O). Every error names the file and offset, and for
//! moves the game and ply; a caller's mistake names [`FileKind::Argument`].
//!
//! ```
//! use cadb::{Error, ErrorKind, FileKind};
//! let e = Error::new(ErrorKind::UnknownCode { code: 250 }, FileKind::D02).at(1234).in_game(17).at_ply(23);
//! assert_eq!(e.to_string(), "D02 offset 1234, game 17, ply 23: code 250 is not defined");
//! assert_eq!(e.code(), "unknown-code");
//! ```

use alloc::string::String;
use core::fmt;

/// Which file (or codec stream) an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    Cdp,
    Emb,
    D00,
    A02,
    D02,
    /// A file inside the EMB volume (its name is in the error kind).
    EmbInner,
    Jose,
    Uci16,
    Pgc,
    Mgc,
    Stats64,
    Pgn,
    /// Not a file: an argument the caller passed.
    Argument,
}

impl FileKind {
    /// Short name, as used in messages.
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Cdp => "CDP",
            FileKind::Emb => "EMB",
            FileKind::D00 => "D00",
            FileKind::A02 => "A02",
            FileKind::D02 => "D02",
            FileKind::EmbInner => "EMB inner file",
            FileKind::Jose => "Jose GameText",
            FileKind::Uci16 => "UCI16",
            FileKind::Pgc => "PGC",
            FileKind::Mgc => "MGC",
            FileKind::Stats64 => "stats64",
            FileKind::Pgn => "PGN",
            FileKind::Argument => "argument",
        }
    }
}

/// Who is at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The data does not follow the format.
    Format,
    /// The data asks for more than this crate allows (see [`crate::limits`]).
    Limits,
    /// The caller passed something this crate cannot use.
    Parameter,
    /// The byte source failed.
    Io,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file ends before `needed` bytes at the offset.
    Truncated { needed: u64, available: u64 },
    /// A signature or fixed field does not have the expected value.
    BadSignature { expected: &'static str },
    /// A code the format does not define.
    UnknownCode { code: u8 },
    /// A code's payload crosses the end of its record.
    RecordOverrun { code: u8, record_end: u64 },
    /// A move that is not legal in the position (under every convention tried).
    IllegalMove { code: u8 },
    /// A move given as text (SAN, UCI) that is not legal in its position.
    NotAMove { text: String },
    /// A move names a piece number that is not on the board.
    NoSuchPiece { code: u8, piece: u8 },
    /// A setup position that is not a legal chess position.
    BadSetup { reason: &'static str },
    /// A redirection chain (a01/A02) loops.
    ChainCycle { id: u32 },
    /// A redirection chain points outside its array.
    ChainOutOfRange { id: u32, len: u32 },
    /// `count` games' A02 entries store the address another game's stores.
    SharedRecords { count: u64 },
    /// `count` ids of a name list have no readable name, for `reason`.
    BadNames {
        list: &'static str,
        count: u64,
        reason: &'static str,
    },
    /// A reading of the format (spec §10, `point`) that the data could not
    /// settle, or contradicts: the reader went on with its choice.
    Uncertain { point: &'static str, detail: String },
    /// An inner file of the EMB could not be read (`cause`) and is left
    /// out; no game is lost by it. Its code is the cause's.
    DamagedInnerFile {
        name: String,
        cause: alloc::boxed::Box<ErrorKind>,
    },
    /// An inner file is missing from the EMB directory.
    MissingInnerFile { name: String },
    /// An EMB fragment list loops, overlaps or points outside the file.
    BadFragment { reason: &'static str },
    /// A length or count is over a limit.
    TooLarge {
        what: &'static str,
        size: u64,
        limit: u64,
    },
    /// Variations are nested deeper than the limit.
    TooDeep { limit: u32 },
    /// A game index past the end of the database.
    NoSuchGame { index: u64, count: u64 },
    /// An encoding name this crate does not know; `expected` lists the
    /// names it does (`text` writes it: an error names no text type).
    UnknownEncoding { name: String, expected: String },
    /// An argument of the wrong kind or out of range, described.
    BadArgument { what: String },
    /// A search expression ([`crate::find`]) that does not parse, or asks
    /// for the impossible: which field, the character offset (0-based) and
    /// text of the token at fault (empty at the end), and what was expected.
    Query {
        field: &'static str,
        at: u32,
        token: String,
        expected: String,
    },
    /// Something else that is malformed, described.
    Invalid { what: &'static str },
    /// The byte source failed.
    Io { message: String },
}

impl ErrorKind {
    /// Every [`code`](Self::code), once, in declaration order. The
    /// TypeScript `ErrorCode` union lists the same (tests/ts_types.rs);
    /// a test here checks that every kind's code is in it.
    pub const CODES: [&'static str; 22] = [
        "truncated",
        "bad-signature",
        "unknown-code",
        "record-overrun",
        "illegal-move",
        "no-such-piece",
        "bad-setup",
        "chain-cycle",
        "chain-out-of-range",
        "bad-names",
        "shared-records",
        "uncertain-reading",
        "missing-inner-file",
        "bad-fragment",
        "too-large",
        "too-deep",
        "no-such-game",
        "bad-encoding",
        "bad-argument",
        "query",
        "invalid",
        "io",
    ];

    /// A stable identifier for programs (and the JS `code` property).
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::Truncated { .. } => "truncated",
            ErrorKind::BadSignature { .. } => "bad-signature",
            ErrorKind::UnknownCode { .. } => "unknown-code",
            ErrorKind::RecordOverrun { .. } => "record-overrun",
            ErrorKind::IllegalMove { .. } | ErrorKind::NotAMove { .. } => "illegal-move",
            ErrorKind::NoSuchPiece { .. } => "no-such-piece",
            ErrorKind::BadSetup { .. } => "bad-setup",
            ErrorKind::ChainCycle { .. } => "chain-cycle",
            ErrorKind::ChainOutOfRange { .. } => "chain-out-of-range",
            ErrorKind::BadNames { .. } => "bad-names",
            ErrorKind::SharedRecords { .. } => "shared-records",
            ErrorKind::Uncertain { .. } => "uncertain-reading",
            ErrorKind::DamagedInnerFile { cause, .. } => cause.code(),
            ErrorKind::MissingInnerFile { .. } => "missing-inner-file",
            ErrorKind::BadFragment { .. } => "bad-fragment",
            ErrorKind::TooLarge { .. } => "too-large",
            ErrorKind::TooDeep { .. } => "too-deep",
            ErrorKind::NoSuchGame { .. } => "no-such-game",
            ErrorKind::UnknownEncoding { .. } => "bad-encoding",
            ErrorKind::BadArgument { .. } => "bad-argument",
            ErrorKind::Query { .. } => "query",
            ErrorKind::Invalid { .. } => "invalid",
            ErrorKind::Io { .. } => "io",
        }
    }

    /// Who is at fault for this kind of error.
    pub fn fault(&self) -> Fault {
        match self {
            ErrorKind::TooLarge { .. } | ErrorKind::TooDeep { .. } => Fault::Limits,
            ErrorKind::NoSuchGame { .. }
            | ErrorKind::UnknownEncoding { .. }
            | ErrorKind::BadArgument { .. }
            | ErrorKind::Query { .. } => Fault::Parameter,
            ErrorKind::Io { .. } => Fault::Io,
            _ => Fault::Format,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Truncated { needed, available } => {
                write!(f, "expected {needed} more bytes, only {available} left")
            }
            ErrorKind::BadSignature { expected } => write!(f, "expected {expected}"),
            ErrorKind::UnknownCode { code } => write!(f, "code {code} is not defined"),
            ErrorKind::RecordOverrun { code, record_end } => {
                write!(
                    f,
                    "code {code} runs past the end of its record at {record_end}"
                )
            }
            ErrorKind::IllegalMove { code } => write!(f, "code {code} gives an illegal move"),
            ErrorKind::NotAMove { text } => write!(f, "{text:?} is not a legal move here"),
            ErrorKind::NoSuchPiece { code, piece } => {
                write!(
                    f,
                    "code {code} moves piece number {piece}, which is not on the board"
                )
            }
            ErrorKind::BadSetup { reason } => write!(f, "bad setup position: {reason}"),
            ErrorKind::ChainCycle { id } => write!(f, "redirection chain from id {id} loops"),
            ErrorKind::ChainOutOfRange { id, len } => {
                write!(f, "id {id} is outside the array of {len} entries")
            }
            ErrorKind::BadNames {
                list,
                count,
                reason,
            } => write!(f, "{count} ids of the {list} list have no name: {reason}"),
            ErrorKind::SharedRecords { count } => write!(
                f,
                "{count} games store the D02 address another game stores: they show one record's moves"
            ),
            ErrorKind::Uncertain { point, detail } => write!(f, "{point}: {detail}"),
            ErrorKind::DamagedInnerFile { name, cause } => {
                let left = match name
                    .rsplit('.')
                    .next()
                    .map(str::to_ascii_lowercase)
                    .as_deref()
                {
                    Some("a01" | "d01") => "left out: its names show as #id",
                    Some("iii") => "left out: the list sorts by name",
                    Some("d00") => "left out: no ratings or FIDE ids",
                    _ => "left out",
                };
                write!(f, "inner file {name} is damaged ({cause}); {left}")
            }
            ErrorKind::MissingInnerFile { name } => write!(f, "inner file {name} is missing"),
            ErrorKind::BadFragment { reason } => write!(f, "bad fragment list: {reason}"),
            ErrorKind::TooLarge { what, size, limit } => {
                write!(f, "{what} of {size} is over the limit of {limit}")
            }
            ErrorKind::TooDeep { limit } => write!(f, "variations nested deeper than {limit}"),
            ErrorKind::NoSuchGame { index, count } => {
                write!(f, "game {index} does not exist (the database has {count})")
            }
            ErrorKind::UnknownEncoding { name, expected } => {
                write!(f, "unknown encoding {name:?} (expected {expected})")
            }
            ErrorKind::BadArgument { what } => f.write_str(what),
            ErrorKind::Query {
                field,
                at,
                token,
                expected,
            } => match token.is_empty() {
                true => write!(f, "{field}: unexpected end at {at}: expected {expected}"),
                false => write!(
                    f,
                    "{field}: unexpected `{token}` at {at}: expected {expected}"
                ),
            },
            ErrorKind::Invalid { what } => f.write_str(what),
            ErrorKind::Io { message } => write!(f, "read failed: {message}"),
        }
    }
}

/// An error with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What went wrong.
    pub kind: ErrorKind,
    /// In which file or stream.
    pub file: FileKind,
    /// Byte offset in that file, when known.
    pub offset: Option<u64>,
    /// Game index (0-based, in D00 order), when known.
    pub game: Option<u64>,
    /// Ply (0-based half-move index from the start of the record), when known.
    pub ply: Option<u32>,
}

impl Error {
    /// An error with no location beyond the file.
    pub fn new(kind: ErrorKind, file: FileKind) -> Error {
        Error {
            kind,
            file,
            offset: None,
            game: None,
            ply: None,
        }
    }

    /// A caller's mistake: an [`ErrorKind`] about an argument.
    ///
    /// ```
    /// use cadb::{Error, Fault};
    /// let e = Error::argument("`count` must be a number");
    /// assert_eq!((e.code(), e.fault()), ("bad-argument", Fault::Parameter));
    /// assert_eq!(e.to_string(), "argument: `count` must be a number");
    /// ```
    pub fn argument(what: impl Into<String>) -> Error {
        Error::new(
            ErrorKind::BadArgument { what: what.into() },
            FileKind::Argument,
        )
    }

    /// Sets the byte offset.
    pub fn at(mut self, offset: u64) -> Error {
        self.offset = Some(offset);
        self
    }

    /// Sets the game index.
    pub fn in_game(mut self, game: u64) -> Error {
        self.game = Some(game);
        self
    }

    /// Sets the ply.
    pub fn at_ply(mut self, ply: u32) -> Error {
        self.ply = Some(ply);
        self
    }

    /// A stable identifier of the kind (`"unknown-code"`, `"truncated"`, ...).
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// Who is at fault: an error about an argument is the caller's, whatever its kind.
    pub fn fault(&self) -> Fault {
        match self.file {
            FileKind::Argument => Fault::Parameter,
            _ => self.kind.fault(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.file.name())?;
        if let Some(o) = self.offset {
            write!(f, " offset {o}")?;
        }
        if let Some(g) = self.game {
            write!(f, ", game {g}")?;
        }
        if let Some(p) = self.ply {
            write!(f, ", ply {p}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl core::error::Error for Error {}

/// Results of this crate.
pub type Result<T, E = Error> = core::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use alloc::{boxed::Box, string::String, vec, vec::Vec};

    use super::ErrorKind::{self, *};

    /// How many kinds [`number`] numbers.
    const KINDS: usize = 24;

    /// Numbers the kinds 0..[`KINDS`]. No wildcard: a new kind does not
    /// compile until it is numbered here, and the test then fails until
    /// [`one_of_each`] has an example of it.
    fn number(kind: &ErrorKind) -> usize {
        match kind {
            Truncated { .. } => 0,
            BadSignature { .. } => 1,
            UnknownCode { .. } => 2,
            RecordOverrun { .. } => 3,
            IllegalMove { .. } => 4,
            NotAMove { .. } => 5,
            NoSuchPiece { .. } => 6,
            BadSetup { .. } => 7,
            ChainCycle { .. } => 8,
            ChainOutOfRange { .. } => 9,
            SharedRecords { .. } => 10,
            BadNames { .. } => 11,
            Uncertain { .. } => 12,
            DamagedInnerFile { .. } => 13,
            MissingInnerFile { .. } => 14,
            BadFragment { .. } => 15,
            TooLarge { .. } => 16,
            TooDeep { .. } => 17,
            NoSuchGame { .. } => 18,
            UnknownEncoding { .. } => 19,
            BadArgument { .. } => 20,
            Query { .. } => 21,
            Invalid { .. } => 22,
            Io { .. } => 23,
        }
    }

    /// An error of every kind, in [`number`] order.
    fn one_of_each() -> Vec<ErrorKind> {
        let text = String::new;
        vec![
            Truncated {
                needed: 1,
                available: 0,
            },
            BadSignature { expected: "" },
            UnknownCode { code: 0 },
            RecordOverrun {
                code: 0,
                record_end: 0,
            },
            IllegalMove { code: 0 },
            NotAMove { text: text() },
            NoSuchPiece { code: 0, piece: 0 },
            BadSetup { reason: "" },
            ChainCycle { id: 0 },
            ChainOutOfRange { id: 0, len: 0 },
            SharedRecords { count: 0 },
            BadNames {
                list: "",
                count: 0,
                reason: "",
            },
            Uncertain {
                point: "",
                detail: text(),
            },
            DamagedInnerFile {
                name: text(),
                cause: Box::new(Io { message: text() }),
            },
            MissingInnerFile { name: text() },
            BadFragment { reason: "" },
            TooLarge {
                what: "",
                size: 0,
                limit: 0,
            },
            TooDeep { limit: 0 },
            NoSuchGame { index: 0, count: 0 },
            UnknownEncoding {
                name: text(),
                expected: text(),
            },
            BadArgument { what: text() },
            Query {
                field: "",
                at: 0,
                token: text(),
                expected: text(),
            },
            Invalid { what: "" },
            Io { message: text() },
        ]
    }

    #[test]
    fn codes_are_every_kinds_code_once() {
        let kinds = one_of_each();
        let numbers: Vec<usize> = kinds.iter().map(number).collect();
        let all: Vec<usize> = (0..KINDS).collect();
        assert_eq!(
            numbers, all,
            "one_of_each has an error of every kind, in order"
        );
        let mut codes: Vec<&str> = kinds.iter().map(ErrorKind::code).collect();
        codes.sort_unstable();
        codes.dedup();
        let mut listed = ErrorKind::CODES.to_vec();
        listed.sort_unstable();
        assert_eq!(
            codes, listed,
            "ErrorKind::CODES lists every kind's code, once"
        );
    }
}
