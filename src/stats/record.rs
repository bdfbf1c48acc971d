//! The 64-bit move-statistics record: one move and what happened after it.
//!
//! Layout (spec `move-stats64.md` §4, best reading Q1): the nine fields are
//! packed from the least significant bit in table order, and a record is
//! stored in files as a little-endian `u64`.
//!
//! | Field | Bits | Here |
//! |---|---|---|
//! | Move From | 0–5 | [`MoveStats::from`] |
//! | Move To | 6–11 | [`MoveStats::to`] |
//! | Promotion Type | 12–14 | [`MoveStats::promotion`] |
//! | White Elo | 15–25 | [`MoveStats::white_elo`] (average White Elo − 1000) |
//! | Elo Diff | 26–33 | [`MoveStats::elo_diff`] |
//! | Elo Diff Neg | 34 | [`MoveStats::elo_diff_neg`] |
//! | %WDL | 35–43 | [`MoveStats::wdl`] |
//! | Count | 44–55 | [`MoveStats::count`] |
//! | Weight | 56–63 | [`MoveStats::weight`] |
//!
//! ```
//! use cadb::stats::{MoveStats, Promotion, Wdl};
//! use shakmaty::Square;
//! let r = MoveStats {
//!     from: Square::E2, to: Square::E4, promotion: Promotion::None,
//!     white_elo: 1400, elo_diff: 50, elo_diff_neg: false,
//!     wdl: Wdl::Win(45), count: 100, weight: 128,
//! };
//! assert_eq!(r.encode(), 0x8006_4168_CABC_070C); // the spec's §4 example
//! assert_eq!(MoveStats::decode(0x8006_4168_CABC_070C).unwrap(), r);
//! ```

use alloc::{format, string::String, vec::Vec};
use shakmaty::{CastlingMode, Chess, Move, Role, Square, uci::UciMove};

use crate::error::{Error, ErrorKind, FileKind};

/// Bit offsets and widths of the fields, LSB first in table order.
const FROM_SHIFT: u32 = 0;
const TO_SHIFT: u32 = 6;
const PROMO_SHIFT: u32 = 12;
const WHITE_ELO_SHIFT: u32 = 15;
const ELO_DIFF_SHIFT: u32 = 26;
const ELO_NEG_SHIFT: u32 = 34;
const WDL_SHIFT: u32 = 35;
const COUNT_SHIFT: u32 = 44;
const WEIGHT_SHIFT: u32 = 56;

/// Largest stored White Elo (11 bits): an average of 3047.
pub const MAX_WHITE_ELO: u16 = 2047;
/// Largest Elo difference magnitude (8 bits).
pub const MAX_ELO_DIFF: u8 = 255;
/// Largest count (12 bits); the source's "4096" is off by one (Q6).
pub const MAX_COUNT: u16 = 4095;
/// Neutral weight: no rating evidence either way (Q7, offset binary).
pub const NEUTRAL_WEIGHT: u8 = 128;

/// The promotion field (3 bits); codes 5–7 are not defined and do not decode.
///
/// ```
/// use cadb::stats::Promotion;
/// use shakmaty::Role;
/// assert_eq!(Promotion::from_role(Some(Role::Queen)), Some(Promotion::Queen));
/// assert_eq!(Promotion::Queen.code(), 4);
/// assert!(Promotion::from_code(5).is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promotion {
    /// `000`: not a promotion.
    #[default]
    None = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
}

impl Promotion {
    /// The 3-bit code.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The promotion for a code, `None` for the undefined codes 5–7.
    pub fn from_code(code: u8) -> Option<Promotion> {
        Some(match code {
            0 => Promotion::None,
            1 => Promotion::Knight,
            2 => Promotion::Bishop,
            3 => Promotion::Rook,
            4 => Promotion::Queen,
            _ => return None,
        })
    }

    /// The piece promoted to (`None` for no promotion).
    pub fn role(self) -> Option<Role> {
        match self {
            Promotion::None => None,
            Promotion::Knight => Some(Role::Knight),
            Promotion::Bishop => Some(Role::Bishop),
            Promotion::Rook => Some(Role::Rook),
            Promotion::Queen => Some(Role::Queen),
        }
    }

    /// From a shakmaty promotion role; `None` for roles a pawn cannot become.
    pub fn from_role(role: Option<Role>) -> Option<Promotion> {
        Some(match role {
            None => Promotion::None,
            Some(Role::Knight) => Promotion::Knight,
            Some(Role::Bishop) => Promotion::Bishop,
            Some(Role::Rook) => Promotion::Rook,
            Some(Role::Queen) => Promotion::Queen,
            Some(_) => return None,
        })
    }
}

/// The 9-bit %WDL field: **one** outcome and its percentage (Q5 best reading,
/// `value = 100·category + percent`), from White's point of view.
///
/// The field cannot hold all three percentages; this crate stores the most
/// frequent outcome (ties: win, then draw, then loss). The other two are lost.
/// Percentages are 0–99: 100 % is stored as 99.
///
/// ```
/// use cadb::stats::Wdl;
/// assert_eq!(Wdl::Draw(30).code(), 130);
/// assert_eq!(Wdl::from_code(245).unwrap(), Wdl::Loss(45));
/// assert!(Wdl::from_code(300).is_err());
/// assert_eq!(Wdl::from_counts(6, 3, 1), Wdl::Win(60));
/// assert_eq!(Wdl::from_counts(0, 2, 0), Wdl::Draw(99)); // 100 % saturates
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// White won this percentage of the games (codes 0–99).
    Win(u8),
    /// This percentage were drawn (codes 100–199).
    Draw(u8),
    /// White lost this percentage (codes 200–299).
    Loss(u8),
}

impl Default for Wdl {
    fn default() -> Wdl {
        Wdl::Win(0)
    }
}

impl Wdl {
    /// The 9-bit code; a percentage over 99 is stored as 99.
    pub fn code(self) -> u16 {
        let (base, p) = match self {
            Wdl::Win(p) => (0, p),
            Wdl::Draw(p) => (100, p),
            Wdl::Loss(p) => (200, p),
        };
        base + u16::from(p.min(99))
    }

    /// Decodes a code; 300–511 are not defined.
    pub fn from_code(code: u16) -> Result<Wdl, Error> {
        let p = (code % 100) as u8;
        match code / 100 {
            0 => Ok(Wdl::Win(p)),
            1 => Ok(Wdl::Draw(p)),
            2 => Ok(Wdl::Loss(p)),
            _ => Err(Error::new(
                ErrorKind::Invalid {
                    what: "%WDL value 300-511 is not defined",
                },
                FileKind::Stats64,
            )),
        }
    }

    /// The percentage (0–99).
    pub fn percent(self) -> u8 {
        match self {
            Wdl::Win(p) | Wdl::Draw(p) | Wdl::Loss(p) => p.min(99),
        }
    }

    /// The field for these counts: the most frequent outcome and its rounded
    /// percentage (so at least 33). No games with a known result gives
    /// `Win(0)` (code 0), which therefore also reads as "no known results".
    pub fn from_counts(wins: u64, draws: u64, losses: u64) -> Wdl {
        let total = u128::from(wins) + u128::from(draws) + u128::from(losses);
        if total == 0 {
            return Wdl::Win(0);
        }
        let pct = |k: u64| ((u128::from(k) * 200 + total) / (2 * total)).min(99) as u8;
        if wins >= draws && wins >= losses {
            Wdl::Win(pct(wins))
        } else if draws >= losses {
            Wdl::Draw(pct(draws))
        } else {
            Wdl::Loss(pct(losses))
        }
    }
}

/// One 64-bit record, field by field, as stored (see the module table).
///
/// Out-of-range values are saturated by [`MoveStats::encode`]; to fill the
/// Elo fields from real ratings use [`MoveStats::set_elos`].
///
/// ```
/// use cadb::stats::MoveStats;
/// use shakmaty::{Chess, Square};
/// let pos = Chess::default();
/// let mut r = MoveStats::default();
/// r.set_move(&"g1f3".parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap()).unwrap();
/// r.set_elos(2400, 2450);
/// assert_eq!((r.from, r.to), (Square::G1, Square::F3));
/// assert_eq!((r.white_elo, r.elo_diff, r.elo_diff_neg), (1400, 50, true));
/// assert_eq!(r.black_elo_rating(), 2450);
/// let back = MoveStats::from_bytes(r.to_bytes()).unwrap();
/// assert_eq!(back.to_move(&pos).unwrap().to_string(), "Ng1-f3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveStats {
    /// From-square (A1 = 0 … H8 = 63). Castling: the king's square.
    pub from: Square,
    /// To-square. Castling: the king's target (e1g1); en passant: the pawn's target.
    pub to: Square,
    /// Promotion piece.
    pub promotion: Promotion,
    /// Average White Elo − 1000, 0–2047 (0 also means "unknown or ≤ 1000", Q4).
    pub white_elo: u16,
    /// |White − Black| average Elo, 0–255 (clamped, Q3).
    pub elo_diff: u8,
    /// `true` when Black is rated higher: Black = White + `elo_diff` (Q3).
    pub elo_diff_neg: bool,
    /// One outcome and its percentage (Q5).
    pub wdl: Wdl,
    /// Games with this move, saturating at 4095 (Q6).
    pub count: u16,
    /// Rating-based weight, offset binary: 128 neutral, below favours White (Q7/Q8).
    pub weight: u8,
}

impl Default for MoveStats {
    fn default() -> MoveStats {
        MoveStats {
            from: Square::A1,
            to: Square::A1,
            promotion: Promotion::None,
            white_elo: 0,
            elo_diff: 0,
            elo_diff_neg: false,
            wdl: Wdl::Win(0),
            count: 0,
            weight: NEUTRAL_WEIGHT,
        }
    }
}

impl MoveStats {
    /// Packs the fields, LSB first in table order (count and White Elo saturate).
    pub fn encode(&self) -> u64 {
        u64::from(self.from as u8) << FROM_SHIFT
            | u64::from(self.to as u8) << TO_SHIFT
            | u64::from(self.promotion.code()) << PROMO_SHIFT
            | u64::from(self.white_elo.min(MAX_WHITE_ELO)) << WHITE_ELO_SHIFT
            | u64::from(self.elo_diff) << ELO_DIFF_SHIFT
            | u64::from(self.elo_diff_neg) << ELO_NEG_SHIFT
            | u64::from(self.wdl.code()) << WDL_SHIFT
            | u64::from(self.count.min(MAX_COUNT)) << COUNT_SHIFT
            | u64::from(self.weight) << WEIGHT_SHIFT
    }

    /// Unpacks a record; promotion codes 5–7 and %WDL values 300–511 are errors.
    pub fn decode(v: u64) -> Result<MoveStats, Error> {
        let bits = |shift: u32, width: u32| (v >> shift) & ((1u64 << width) - 1);
        let promo = bits(PROMO_SHIFT, 3) as u8;
        let promotion = Promotion::from_code(promo)
            .ok_or_else(|| Error::new(ErrorKind::UnknownCode { code: promo }, FileKind::Stats64))?;
        Ok(MoveStats {
            from: square(bits(FROM_SHIFT, 6)),
            to: square(bits(TO_SHIFT, 6)),
            promotion,
            white_elo: bits(WHITE_ELO_SHIFT, 11) as u16,
            elo_diff: bits(ELO_DIFF_SHIFT, 8) as u8,
            elo_diff_neg: bits(ELO_NEG_SHIFT, 1) == 1,
            wdl: Wdl::from_code(bits(WDL_SHIFT, 9) as u16)?,
            count: bits(COUNT_SHIFT, 12) as u16,
            weight: bits(WEIGHT_SHIFT, 8) as u8,
        })
    }

    /// The record as stored in files: a little-endian `u64`.
    pub fn to_bytes(&self) -> [u8; 8] {
        self.encode().to_le_bytes()
    }

    /// Reads a little-endian record.
    pub fn from_bytes(bytes: [u8; 8]) -> Result<MoveStats, Error> {
        MoveStats::decode(u64::from_le_bytes(bytes))
    }

    /// The low 15 bits (from, to, promotion): the move's identity in a position.
    pub fn move_code(&self) -> u16 {
        (self.encode() & 0x7fff) as u16
    }

    /// Sets from/to/promotion from a move (castling as the king's move e1g1).
    pub fn set_move(&mut self, m: &Move) -> Result<(), Error> {
        let (from, to, promotion) = move_fields(m)?;
        self.from = from;
        self.to = to;
        self.promotion = promotion;
        Ok(())
    }

    /// The legal move these fields name in `pos` (castling and en passant
    /// recognised from the position); an error if it is not legal there.
    pub fn to_move(&self, pos: &Chess) -> Result<Move, Error> {
        fields_to_move(pos, self.from, self.to, self.promotion)
    }

    /// Sets the three Elo fields from average ratings, clamping (Q3, Q4):
    /// White below 1000 stores 0, above 3047 stores 2047; |difference| over 255 stores 255.
    pub fn set_elos(&mut self, white: u16, black: u16) {
        self.white_elo = white.saturating_sub(1000).min(MAX_WHITE_ELO);
        let d = i32::from(white) - i32::from(black);
        self.elo_diff = d.unsigned_abs().min(u32::from(MAX_ELO_DIFF)) as u8;
        self.elo_diff_neg = d < 0;
    }

    /// The average White rating (stored value + 1000).
    pub fn white_elo_rating(&self) -> u16 {
        self.white_elo.min(MAX_WHITE_ELO) + 1000
    }

    /// White − Black, signed (sign-magnitude, Q3).
    pub fn elo_difference(&self) -> i16 {
        let d = i16::from(self.elo_diff);
        if self.elo_diff_neg { -d } else { d }
    }

    /// The average Black rating: White − difference.
    pub fn black_elo_rating(&self) -> i32 {
        i32::from(self.white_elo_rating()) - i32::from(self.elo_difference())
    }
}

fn square(v: u64) -> Square {
    // `v` is masked to 6 bits by the caller, so it is always 0..=63.
    Square::new((v & 63) as u32)
}

/// The record's (from, to, promotion) for a move: castling as the king's
/// standard move (e1g1, e1c1, e8g8, e8c8), en passant as the pawn's diagonal.
///
/// ```
/// use cadb::stats::{move_fields, Promotion};
/// use shakmaty::{Move, Square};
/// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
/// assert_eq!(move_fields(&castle).unwrap(), (Square::E1, Square::G1, Promotion::None));
/// ```
pub fn move_fields(m: &Move) -> Result<(Square, Square, Promotion), Error> {
    match m.to_uci(CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => {
            let p =
                Promotion::from_role(promotion).ok_or_else(|| invalid("bad promotion piece"))?;
            Ok((from, to, p))
        }
        _ => Err(invalid("only board moves fit a record")),
    }
}

/// The legal move named by the fields in `pos`, or an `IllegalMove` error.
///
/// ```
/// use cadb::stats::{fields_to_move, Promotion};
/// use shakmaty::{Chess, Move, Square};
/// let pos = Chess::default();
/// let m = fields_to_move(&pos, Square::E2, Square::E4, Promotion::None).unwrap();
/// assert_eq!(m.to(), Square::E4);
/// assert!(fields_to_move(&pos, Square::E2, Square::E5, Promotion::None).is_err());
/// ```
pub fn fields_to_move(
    pos: &Chess,
    from: Square,
    to: Square,
    promotion: Promotion,
) -> Result<Move, Error> {
    let code = from as u8;
    if from == to {
        return Err(Error::new(
            ErrorKind::IllegalMove { code },
            FileKind::Stats64,
        ));
    }
    UciMove::Normal {
        from,
        to,
        promotion: promotion.role(),
    }
    .to_move(pos)
    .map_err(|_| Error::new(ErrorKind::IllegalMove { code }, FileKind::Stats64))
}

/// The record's move as UCI text (castling as e1g1).
pub(crate) fn uci_of(m: &Move) -> String {
    format!("{}", m.to_uci(CastlingMode::Standard))
}

fn invalid(what: &'static str) -> Error {
    Error::new(ErrorKind::Invalid { what }, FileKind::Stats64)
}

/// The source's default weight increment for one game (§3, Q8), reading
/// `rating1` as White and `rating2` as Black:
/// `p = 1 / (1 + 10^((r1 − r2)/400))`; White higher: `−(1 − p)/20`;
/// Black higher: `+p/20`; equal: 0. Negative favours White.
/// The magnitude lies in (0.025, 0.05); computed without `std` (own `10^x`).
///
/// ```
/// let w = cadb::stats::elo_weight_increment(2000, 1800);
/// assert!((w + 0.0380).abs() < 1e-4);
/// assert_eq!(cadb::stats::elo_weight_increment(1800, 1800), 0.0);
/// ```
pub fn elo_weight_increment(rating1: i32, rating2: i32) -> f64 {
    let white_probability = 1.0 / (1.0 + pow10_400(rating1.saturating_sub(rating2)));
    let black_probability = 1.0 - white_probability;
    match rating1.cmp(&rating2) {
        core::cmp::Ordering::Greater => -black_probability / 20.0,
        core::cmp::Ordering::Less => white_probability / 20.0,
        core::cmp::Ordering::Equal => 0.0,
    }
}

/// [`elo_weight_increment`] in millionths, rounded: exact integer sums keep
/// the tree's weight independent of the order games are added.
pub(crate) fn weight_micros(white: u16, black: u16) -> i64 {
    let w = elo_weight_increment(i32::from(white), i32::from(black)) * 1e6;
    // Round half away from zero without `f64::round` (std only).
    if w >= 0.0 {
        (w + 0.5) as i64
    } else {
        -((-w + 0.5) as i64)
    }
}

/// [`weight_micros`] remembered by rating difference, the only thing it
/// depends on (clamped to ±4000 by `pow10_400`): a tree sums it for every
/// observation, and the series behind it costs about 60 instructions.
pub(crate) struct WeightMemo {
    /// Indexed by difference + 4000; `i32::MIN` not computed yet.
    by_diff: Vec<i32>,
}

impl WeightMemo {
    pub(crate) fn new() -> WeightMemo {
        WeightMemo {
            by_diff: Vec::new(),
        }
    }

    pub(crate) fn get(&mut self, white: u16, black: u16) -> i64 {
        let d = (i32::from(white) - i32::from(black)).clamp(-4000, 4000);
        if self.by_diff.is_empty() {
            self.by_diff = alloc::vec![i32::MIN; 8001];
        }
        let slot = &mut self.by_diff[(d + 4000) as usize];
        if *slot == i32::MIN {
            // |w| < 50,000: it fits.
            *slot = weight_micros(white, black) as i32;
        }
        i64::from(*slot)
    }
}

/// The 8-bit weight from the summed increments (Q7/Q8 reading): the mean
/// increment over `games` mapped by `128 + round(mean × 2560)`, clamped to
/// 0–255, so the formula's range (−0.05, 0.05) spans the byte; no games: 128.
///
/// ```
/// use cadb::stats::weight_byte;
/// assert_eq!(weight_byte(0, 0), 128);
/// assert_eq!(weight_byte(-37_985, 1), 31); // one game, White 2000 v Black 1800
/// ```
pub fn weight_byte(sum_micros: i64, games: u64) -> u8 {
    if games == 0 {
        return NEUTRAL_WEIGHT;
    }
    // mean × 2560 = sum_micros × 2560 / (games × 1e6) = sum × 32 / (games × 12500)
    let num = i128::from(sum_micros) * 32;
    let den = i128::from(games) * 12_500;
    let q = if num >= 0 {
        (num + den / 2) / den
    } else {
        -((-num + den / 2) / den)
    };
    (q + 128).clamp(0, 255) as u8
}

/// `10^(d/400)` for an integer rating difference, in pure `core` arithmetic.
/// |d| is clamped to 4000: beyond, the expected score differs from 0/1 by < 1e-10.
fn pow10_400(d: i32) -> f64 {
    let d = d.clamp(-4000, 4000);
    let q = d.div_euclid(400);
    let r = d.rem_euclid(400);
    // exp(x) by its Taylor series; x ∈ [0, ln 10) converges well in 30 terms.
    let x = f64::from(r) / 400.0 * core::f64::consts::LN_10;
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    for i in 1..30 {
        term *= x / f64::from(i);
        sum += term;
    }
    for _ in 0..q.unsigned_abs() {
        if q > 0 {
            sum *= 10.0;
        } else {
            sum /= 10.0;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_memo_equals_the_formula() {
        let mut memo = WeightMemo::new();
        // Every difference twice, from different rating pairs, and the extremes.
        for (w, b) in (0..=9000u16)
            .map(|w| (w, 4500))
            .chain((0..=9000).map(|b| (5000, b)))
            .chain([(0, 65535), (65535, 0), (65535, 65535), (1, 0)])
        {
            assert_eq!(memo.get(w, b), weight_micros(w, b), "{w} v {b}");
        }
    }
}
