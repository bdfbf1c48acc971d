//! Readings the spec leaves open that the data can settle on opening: what
//! ECO 0 means (Q11). (The file direction, Q17, is `convention.rs`; the
//! code page, Q33, is `text::guess`.)

use core::ops::ControlFlow;

use shakmaty::{Chess, Role, Square};

use super::{Database, format::d00::RawHeader};
use crate::{
    bytes::ReadAt,
    game::{GameVisitor, Ply, Skip},
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

/// Reads a game up to its first move.
#[derive(Default)]
struct FirstMove {
    setup: bool,
    first: Option<(Role, Square, Square)>,
}

impl GameVisitor for FirstMove {
    type Output = Opening;
    fn wants_text(&self) -> bool {
        false
    }
    fn setup(&mut self, _fen: &str, _pos: &Chess) {
        self.setup = true;
    }
    fn ply(&mut self, _: &Chess, ply: &Ply) -> ControlFlow<()> {
        if let Ply::Move(m) = ply {
            self.first = Some((m.role(), m.from().unwrap_or(m.to()), m.to()));
        }
        ControlFlow::Break(())
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }
    fn end_game(&mut self) -> Opening {
        if self.setup {
            Opening::Setup
        } else {
            Opening::First(self.first.take())
        }
    }
}

impl<R: ReadAt> Database<R> {
    /// How game `index` starts (under the convention policy; a game that
    /// does not decode counts as having no moves).
    pub fn opening(&self, index: u64) -> Opening {
        let r = self.read_retrying(|c| self.read_game_with(index, c, &mut FirstMove::default()));
        r.output
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

    /// Samples ECO-0 games across D00 and reads how each starts.
    pub(super) fn detect_eco_zero(&mut self) {
        const BLOCK: u64 = 1024;
        let mut d = EcoZeroDetection::default();
        let blocks = self.count.div_ceil(BLOCK);
        let step = blocks.div_ceil(ECO_ZERO_BLOCKS).max(1);
        let mut zeros = alloc::vec::Vec::new();
        for b in (0..blocks).step_by(step as usize) {
            let _ = self.scan_raw_headers(b * BLOCK, (b + 1) * BLOCK, |i, h| {
                d.scanned += 1;
                if h.eco == 0 && zeros.len() < ECO_ZERO_SAMPLE as usize {
                    zeros.push(i);
                }
            });
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
    }
}
