//! Readings the spec leaves open that the data can settle on opening: what
//! ECO 0 means (Q11) and what the game-type field holds (Q9), from D00
//! headers sampled across the file. (The file direction, Q17, is
//! `convention.rs`; the symbol bytes, Q25, `symbols.rs`; the code page,
//! Q33, `encoding.rs` and `text::guess`.)

use alloc::vec::Vec;

use shakmaty::{File, Rank, Role, Square};

pub use super::symbols::{SymbolDetection, Symbols};
use super::{
    format::{
        Convention,
        d02::{FIXED_ROLES, STANDARD_BACK_RANK, apply_offset, decode_piece_code},
    },
    names::{NameTable, NameUse},
    record::{Item, Items, skip_variation},
    records::RecordReader,
};
use crate::{
    bytes::ReadAt,
    error::{Error, ErrorKind, FileKind},
    text::Text,
};

/// ECO-0 games whose opening the detection looks at, at most.
const ECO_ZERO_SAMPLE: u32 = 256;
/// D00 blocks (of 1024 records) scanned for ECO-0 games, spread over the file.
const ECO_ZERO_BLOCKS: u64 = 16;

/// What a stored ECO of 0 means (Q11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EcoZero {
    /// `A00`, except in a game that cannot be A00 (a set-up, or a first
    /// move of another code).
    #[default]
    A00,
    /// No ECO: at least a tenth of the ECO-0 games sampled cannot be A00.
    None,
}

impl EcoZero {
    /// `"A00"` or `"none"`.
    pub fn name(self) -> &'static str {
        match self {
            EcoZero::A00 => "A00",
            EcoZero::None => "none",
        }
    }
}

/// What the game-type field holds (Q9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameTypes {
    /// One type, 1–30 (the spec's reading); a larger value, which this
    /// reading cannot explain, is read as a bit set.
    #[default]
    Enum,
    /// A bit set (bit k−1 = type k) for every value: sampled values above
    /// 30 are possible only so.
    BitSet,
}

impl GameTypes {
    /// `"enum"` or `"bit set"`.
    pub fn name(self) -> &'static str {
        match self {
            GameTypes::Enum => "enum",
            GameTypes::BitSet => "bit set",
        }
    }
}

/// The game-type values of the sampled D00 records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameTypeDetection {
    /// Records with 0 (none), 1–30, and above 30.
    pub zero: u64,
    pub small: u64,
    pub large: u64,
    pub reading: GameTypes,
}

/// How the ECO-0 reading was chosen: ECO-0 games sampled from D00 blocks
/// spread over the file, and how many of them cannot be A00.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EcoZeroDetection {
    /// D00 records scanned.
    pub scanned: u64,
    /// Of those, ECO-0 games whose opening was looked at.
    pub sampled: u32,
    /// Of those, games from a set-up position.
    pub setups: u32,
    /// ... and games whose first move belongs to another code (1.e4, 1.d4, ...).
    pub other_openings: u32,
    pub reading: EcoZero,
}

/// How a game starts, as far as ECO goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// From a set-up position.
    Setup,
    /// The first move from the standard position (`None`: no moves).
    First(Option<(Role, Square, Square)>),
}

impl Opening {
    /// Whether a game that starts this way cannot be A00: a set-up, or
    /// 1.e4 (B, C), 1.d4 (A40+, D, E), 1.c4 (A10–A39), 1.Nf3 (A04–A09),
    /// 1.f4 (A02–A03), 1.b3 (A01).
    ///
    /// ```
    /// use cadb::ca::Opening;
    /// use shakmaty::{Role, Square};
    /// assert!(Opening::First(Some((Role::Pawn, Square::E2, Square::E4))).rules_out_a00());
    /// assert!(!Opening::First(Some((Role::Pawn, Square::G2, Square::G4))).rules_out_a00());
    /// assert!(Opening::Setup.rules_out_a00());
    /// ```
    pub fn rules_out_a00(self) -> bool {
        use Square as S;
        match self {
            Opening::Setup => true,
            Opening::First(None) => false,
            Opening::First(Some((role, from, to))) => matches!(
                (role, from, to),
                (Role::Pawn, S::E2, S::E4)
                    | (Role::Pawn, S::D2, S::D4)
                    | (Role::Pawn, S::C2, S::C4)
                    | (Role::Pawn, S::F2, S::F4)
                    | (Role::Pawn, S::B2, S::B3)
                    | (Role::Knight, S::G1, S::F3)
            ),
        }
    }
}

impl Opening {
    /// How a record body starts: read from its first codes, not replayed
    /// (the first move is made from the standard position, where every
    /// piece number stands on its home square), so no other copy of the
    /// replayer is built for it. A record whose first move is not a plain
    /// piece move has no first move here.
    pub(crate) fn of_record(body: &[u8], convention: Convention) -> Opening {
        let mut items = Items::new(body);
        while let Some(Ok((_, item))) = items.next_cold() {
            match item {
                Item::Setup(_) => return Opening::Setup,
                // A variation before the first move holds other first moves.
                Item::VariationStart => {
                    if skip_variation(&mut items).is_err() {
                        break;
                    }
                }
                Item::Piece { code } => {
                    let (n, white_offset, _) = decode_piece_code(code);
                    let from = match n {
                        0..=7 => Square::from_coords(File::new(u32::from(n)), Rank::Second),
                        _ => match STANDARD_BACK_RANK.iter().position(|&b| b == n) {
                            Some(file) => Square::from_coords(File::new(file as u32), Rank::First),
                            None => break,
                        },
                    };
                    let to = apply_offset(from, white_offset, convention);
                    return Opening::First(Some((FIXED_ROLES[usize::from(n.min(15))], from, to)));
                }
                Item::Comment { .. } | Item::EmptyComment { .. } | Item::Opaque233(_) => {}
                _ => break,
            }
        }
        Opening::First(None)
    }

    /// How game `index` starts ([`of_record`](Self::of_record)); a record
    /// that cannot be read has no first move.
    pub(crate) fn of_game<R: ReadAt>(
        reader: &RecordReader<'_, R>,
        index: u64,
        convention: Convention,
    ) -> Opening {
        match reader.record(index) {
            Ok((_, body)) => Opening::of_record(&body, convention),
            Err(_) => Opening::First(None),
        }
    }
}

/// What the D00 headers sampled on opening say.
pub(crate) struct HeaderSample {
    pub(crate) eco_zero: EcoZeroDetection,
    pub(crate) game_types: GameTypeDetection,
    /// The names the sampled headers use.
    pub(crate) names: NameUse,
}

/// Scans D00 blocks spread over the file: the game types (Q9), and the
/// ECO-0 games, each read up to its first move under `convention` (Q11).
/// `sharing`: the A02 entries that store one address; the games of the
/// headers scanned that use one are a warning.
pub(crate) fn sample_headers<R: ReadAt>(
    reader: &RecordReader<'_, R>,
    lists: &[NameTable; 4],
    sharing: &[u32],
    convention: Convention,
    warnings: &mut Vec<Error>,
) -> HeaderSample {
    const BLOCK: u64 = 1024;
    let headers = reader.headers;
    let mut d = EcoZeroDetection::default();
    let blocks = headers.count.div_ceil(BLOCK);
    let step = blocks.div_ceil(ECO_ZERO_BLOCKS).max(1);
    let mut zeros = Vec::new();
    let mut types = GameTypeDetection::default();
    let mut shared = Vec::new();
    let mut names = NameUse::default();
    for b in (0..blocks).step_by(step as usize) {
        let _ = headers.scan(&reader.files.d00, b * BLOCK, (b + 1) * BLOCK, |i, h| {
            d.scanned += 1;
            names.add(lists, h);
            if sharing.binary_search(&h.game_id).is_ok() {
                shared.extend(reader.index.resolved(h.game_id));
            }
            match h.game_type {
                0 => types.zero += 1,
                1..=30 => types.small += 1,
                _ => types.large += 1,
            }
            if h.eco == 0 && zeros.len() < ECO_ZERO_SAMPLE as usize {
                zeros.push(i);
            }
        });
    }
    // Games beyond the first on each shared record.
    let games = shared.len();
    shared.sort_unstable();
    shared.dedup();
    if games > shared.len() {
        let count = (games - shared.len()) as u64;
        warnings.push(Error::new(
            ErrorKind::SharedRecords { count },
            FileKind::A02,
        ));
    }
    for i in zeros {
        d.sampled += 1;
        match Opening::of_game(reader, i, convention) {
            Opening::Setup => d.setups += 1,
            o if o.rules_out_a00() => d.other_openings += 1,
            _ => {}
        }
    }
    let not_a00 = d.setups + d.other_openings;
    d.reading = if not_a00 > 0 && not_a00 * 10 >= d.sampled {
        EcoZero::None
    } else {
        EcoZero::A00
    };
    types.reading = if types.large > 0 {
        GameTypes::BitSet
    } else {
        GameTypes::Enum
    };
    names.finish();
    HeaderSample {
        eco_zero: d,
        game_types: types,
        names,
    }
}

/// How a database's strings and symbols are decoded: what the replayer
/// needs of the readings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Decoding {
    pub text: Text,
    pub symbols: Symbols,
}
