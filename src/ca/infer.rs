//! Readings the spec leaves open that the data can settle on opening: what
//! ECO 0 means (Q11), how symbol bytes read (Q25), what the game-type field
//! holds (Q9). (The file direction, Q17, is `convention.rs`; the
//! code page, Q33, is `text::guess`.)

use shakmaty::{File, Rank, Role, Square};

use super::{
    Database,
    format::{
        d00::RawHeader,
        d02::{FIXED_ROLES, STANDARD_BACK_RANK, apply_offset, decode_piece_code},
    },
    record::{Item, Items, skip_variation},
};
use crate::bytes::ReadAt;

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

/// The bit that marks a game-type code as a bit set even at 30 or below
/// (bit 30 names no type): [`decode_game_type`](super::format::d00::decode_game_type)
/// reads every value above 30 as a set of bits 0–29.
const BIT_SET_MARK: u32 = 1 << 30;

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

impl<R: ReadAt> Database<R> {
    /// How game `index` starts: read from its first codes, not replayed
    /// (the first move is made from the standard position, where every
    /// piece number stands on its home square), so no other copy of the
    /// replayer is built for it. A record that cannot be read, or whose
    /// first move is not a plain piece move, has no first move here.
    pub fn opening(&self, index: u64) -> Opening {
        let Ok((_, body)) = self.record(index) else {
            return Opening::First(None);
        };
        let mut items = Items::new(&body);
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
                    let to = apply_offset(from, white_offset, self.convention);
                    return Opening::First(Some((FIXED_ROLES[usize::from(n.min(15))], from, to)));
                }
                Item::Comment { .. } | Item::EmptyComment { .. } | Item::Opaque233(_) => {}
                _ => break,
            }
        }
        Opening::First(None)
    }

    /// The ECO of a game: `None` for a stored 0 read as "none", or for a
    /// game that cannot be A00 (its opening is read for a stored 0 only).
    pub fn eco_of(&self, index: u64, raw: &RawHeader) -> Option<u16> {
        match raw.eco {
            0 if self.eco_zero.reading == EcoZero::None => None,
            0 if self.opening(index).rules_out_a00() => None,
            v => (v < 500).then_some(v),
        }
    }

    /// A stored game type as the database reads it (Q9): under
    /// [`GameTypes::BitSet`] a value of 30 or below is marked so that it
    /// decodes as a bit set too.
    pub fn game_type_code(&self, stored: u32) -> u32 {
        match self.game_types.reading {
            GameTypes::BitSet if (1..=30).contains(&stored) => stored | BIT_SET_MARK,
            _ => stored,
        }
    }

    /// What the game-type field was read as, and the sampled values.
    pub fn game_types(&self) -> GameTypeDetection {
        self.game_types
    }

    /// Scans D00 blocks spread over the file: the game types (Q9), and
    /// the ECO-0 games, each read up to its first move (Q11).
    /// `sharing`: the A02 entries that store one address (`resolve_a02`);
    /// the games of the headers scanned that use one are warned about.
    /// Returns the names the scanned headers use.
    pub(super) fn detect_from_headers(&mut self, sharing: &[u32]) -> super::NameUse {
        const BLOCK: u64 = 1024;
        let mut d = EcoZeroDetection::default();
        let blocks = self.count.div_ceil(BLOCK);
        let step = blocks.div_ceil(ECO_ZERO_BLOCKS).max(1);
        let mut zeros = alloc::vec::Vec::new();
        let mut types = GameTypeDetection::default();
        let mut shared = alloc::vec::Vec::new();
        let mut names = super::NameUse::default();
        for b in (0..blocks).step_by(step as usize) {
            let _ = self.scan_raw_headers(b * BLOCK, (b + 1) * BLOCK, |i, h| {
                d.scanned += 1;
                names.add(&self.lists, h);
                if sharing.binary_search(&h.game_id).is_ok() {
                    shared.push(self.a02[h.game_id as usize]);
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
            let k = crate::error::ErrorKind::SharedRecords { count };
            let e = crate::error::Error::new(k, crate::error::FileKind::A02);
            self.warnings.push(e);
        }
        for i in zeros {
            d.sampled += 1;
            match self.opening(i) {
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
        self.eco_zero = d;
        types.reading = if types.large > 0 {
            GameTypes::BitSet
        } else {
            GameTypes::Enum
        };
        self.game_types = types;
        names.finish();
        names
    }
}

/// How a database's strings and symbols are decoded: what the replayer
/// needs of the readings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Decoding {
    pub text: crate::text::Text,
    pub symbols: Symbols,
}

/// How a one-byte symbol comment (234, Q25) is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symbols {
    /// A PGN NAG number (`1` is `$1`, `!`).
    #[default]
    Nag,
    /// An ASCII mark: `!` is `$1`, `?` is `$2`, any other character is
    /// comment text.
    Ascii,
    /// Neither: kept as stored (`[%ca 234 …]` in PGN), never as a NAG.
    Raw,
}

impl Symbols {
    /// `"nag"`, `"ascii"` or `"raw"`.
    pub fn name(self) -> &'static str {
        match self {
            Symbols::Nag => "nag",
            Symbols::Ascii => "ascii",
            Symbols::Raw => "raw",
        }
    }
}

/// ASCII marks a symbol byte might be: `!`, `?`, `+`, `-`, `=`.
const ASCII_MARKS: [u8; 5] = [b'!', b'?', b'+', b'-', b'='];

/// Whether a symbol byte is a NAG-like number: 1–146 (PGN's 1–139 and
/// the common 140–146), other than the ASCII marks.
fn nag_like(b: u8) -> bool {
    (1..=146).contains(&b) && !ASCII_MARKS.contains(&b)
}

/// A symbol byte as `[any, NAG-like, ASCII mark, other]`.
pub(super) fn classify(b: u8) -> [bool; 4] {
    let nag = nag_like(b);
    let ascii = ASCII_MARKS.contains(&b);
    [true, nag, ascii, !nag && !ascii]
}

/// The one-byte symbol comments of the sampled games, by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolDetection {
    /// How many symbols had each byte value.
    pub histogram: [u32; 256],
    pub reading: Symbols,
}

impl Default for SymbolDetection {
    fn default() -> Self {
        SymbolDetection {
            histogram: [0; 256],
            reading: Symbols::Nag,
        }
    }
}

impl SymbolDetection {
    /// Counts the one-byte symbol comments of a record body (every item,
    /// variations included; the scan stops at the first bad code).
    pub(super) fn add(&mut self, body: &[u8]) {
        let mut items = super::record::Items::new(body);
        while let Some(item) = items.next_cold() {
            match item {
                Ok((
                    _,
                    super::record::Item::Comment {
                        code: 234,
                        text: &[b],
                        ..
                    },
                )) => {
                    self.histogram[usize::from(b)] += 1;
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    }

    /// Symbols seen, NAG-like, ASCII marks, and other values.
    pub fn counts(&self) -> [u32; 4] {
        let mut c = [0u32; 4];
        for (b, &n) in self.histogram.iter().enumerate() {
            for (c, hit) in c.iter_mut().zip(classify(b as u8)) {
                *c += n * u32::from(hit);
            }
        }
        c
    }

    /// The reading the counts support: ASCII when marks outnumber NAG-like
    /// numbers, raw when other values outnumber both, else NAG (also with
    /// no symbols at all).
    pub(super) fn decide(&mut self) {
        let [_, nag, ascii, other] = self.counts();
        self.reading = if ascii > nag && ascii >= other {
            Symbols::Ascii
        } else if other > nag && other > ascii {
            Symbols::Raw
        } else {
            Symbols::Nag
        };
    }
}

impl<R: ReadAt> Database<R> {
    /// Names a symbol reading other than NAG numbers in a warning, with
    /// the commonest values.
    pub(super) fn warn_symbols(&mut self) {
        let reading = self.symbols.reading;
        if reading == Symbols::Nag {
            return;
        }
        let [seen, nag, ascii, other] = self.symbols.counts();
        let hist: alloc::vec::Vec<u64> = self.symbols.histogram.iter().map(|&n| n.into()).collect();
        let top: alloc::vec::Vec<alloc::string::String> = super::diagnose::commonest(&hist, 5)
            .iter()
            .map(|(b, n)| alloc::format!("{b} ×{n}"))
            .collect();
        let how = match reading {
            Symbols::Ascii => "they look like ASCII marks: ! reads as $1, ? as $2, others as text",
            _ => "they are neither NAG numbers nor ASCII marks: kept as stored ([%ca 234 …])",
        };
        let detail = alloc::format!(
            "{seen} one-byte symbols in the sampled games ({nag} NAG-like, {ascii} ASCII marks, {other} other; commonest {}): {how}",
            top.join(", ")
        );
        let k = crate::error::ErrorKind::Uncertain {
            point: "symbol comments (Q25)",
            detail,
        };
        self.warnings
            .push(crate::error::Error::new(k, crate::error::FileKind::D02));
    }
}
