//! The readings part of a database: what the data says of the readings
//! the spec leaves open, each with its evidence, inferred once on opening
//! from samples of the games: the file direction (Q17, `convention.rs`),
//! the symbol bytes (Q25, `symbols.rs`), ECO 0 and the game-type field
//! (Q11, Q9, `infer.rs`) and the code page (Q33, `encoding.rs`).

use alloc::vec::Vec;

use super::{
    convention::{self, Detection},
    encoding,
    format::{Convention, d00},
    infer::{self, Decoding, EcoZero, EcoZeroDetection, GameTypeDetection, GameTypes},
    names::Names,
    records::RecordReader,
    symbols::{SymbolDetection, Symbols},
};
use crate::{
    bytes::ReadAt,
    error::Error,
    text::{EncodingGuess, Text, TextEncoding},
};

/// The bit that marks a game-type code as a bit set even at 30 or below
/// (bit 30 names no type): [`decode_game_type`](d00::decode_game_type)
/// reads every value above 30 as a set of bits 0–29.
const BIT_SET_MARK: u32 = 1 << 30;

/// Each reading the data settled, with its evidence.
#[derive(Clone, Debug)]
pub(crate) struct Readings {
    /// The file direction of move offsets (Q17).
    pub(crate) convention: Convention,
    pub(crate) detection: Detection,
    /// How symbol bytes read (Q25).
    pub(crate) symbols: SymbolDetection,
    /// What a stored ECO of 0 means (Q11).
    pub(crate) eco_zero: EcoZeroDetection,
    /// What the game-type field holds (Q9).
    pub(crate) game_types: GameTypeDetection,
    /// The code page the texts sampled point to (Q33).
    pub(crate) encoding: EncodingGuess,
}

impl Readings {
    /// Infers every reading, in the order each needs the ones before: the
    /// readings that need no text first (the games sampled for the file
    /// direction also give the symbols and comments; the headers sampled
    /// then, read under that direction, ECO 0, game types and the names
    /// games use), then the code page from the names and comments.
    /// `sharing`: the A02 entries that store one address
    /// ([`RecordIndex::read`](super::records::RecordIndex::read)); the
    /// sampled games that use one are a warning. `chosen`: the caller's
    /// code page, which the replays sampled decode with.
    pub(crate) fn infer<R: ReadAt>(
        reader: &RecordReader<'_, R>,
        names: &Names,
        sharing: &[u32],
        chosen: Option<TextEncoding>,
        warnings: &mut Vec<Error>,
    ) -> Readings {
        let decoding = Decoding {
            text: Text::from(chosen.unwrap_or_default()),
            symbols: Symbols::default(),
        };
        let sample = convention::detect(reader, decoding, warnings);
        warnings.extend(sample.symbols.warning());
        let headers =
            infer::sample_headers(reader, &names.lists, sharing, sample.convention, warnings);
        warnings.extend(headers.names.warnings(&names.lists));
        let encoding = encoding::guess(
            &headers.names,
            &sample.comments,
            &names.lists,
            &reader.headers.cdp.comment,
        );
        Readings {
            convention: sample.convention,
            detection: sample.detection,
            symbols: sample.symbols,
            eco_zero: headers.eco_zero,
            game_types: headers.game_types,
            encoding,
        }
    }

    /// How strings are decoded: the caller's code page for every string,
    /// or (`None`) the guess, single UTF-8 strings read as UTF-8.
    pub(crate) fn text(&self, chosen: Option<TextEncoding>) -> Text {
        match chosen {
            Some(e) => Text::from(e),
            None => Text {
                encoding: self.encoding.encoding,
                utf8_strings: true,
            },
        }
    }

    /// A stored ECO as the database reads it (Q11): a 0 read as "none"
    /// becomes [`d00::ECO_UNKNOWN`].
    pub(crate) fn eco_code(&self, stored: u16) -> u16 {
        if stored == 0 && self.eco_zero.reading == EcoZero::None {
            d00::ECO_UNKNOWN
        } else {
            stored
        }
    }

    /// A stored game type as the database reads it (Q9): under
    /// [`GameTypes::BitSet`] a value of 30 or below is marked so that it
    /// decodes as a bit set too.
    pub(crate) fn game_type_code(&self, stored: u32) -> u32 {
        match self.game_types.reading {
            GameTypes::BitSet if (1..=30).contains(&stored) => stored | BIT_SET_MARK,
            _ => stored,
        }
    }
}
