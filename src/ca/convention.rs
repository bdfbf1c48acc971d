//! The file-direction convention (§0, Q17): which reading of a move
//! offset's `x` a database uses, detected from a sample of its games. (The
//! policy every reader follows for a game that fails under it is
//! `retry.rs`.)

use alloc::vec::Vec;

use super::{
    encoding::CommentSample, format::Convention, infer::Decoding, ply_count::PlyCount,
    records::RecordReader, replay, symbols::SymbolDetection,
};
use crate::{
    bytes::ReadAt,
    error::{Error, ErrorKind, FileKind},
};

/// Most games (with moves) the detection replays.
const DETECTION_MAX: u32 = 512;
/// Games that replay under one reading only, with none for the other,
/// after which sampling stops.
const DECISIVE: u32 = 32;
/// Fewer deciding games than this leave the reading weak.
const STRONG: u32 = 4;

/// How sure the detection is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Certainty {
    /// No sampled game replays under one reading only (or there are no moves).
    #[default]
    Undecided,
    /// Few games decide, or some decide the other way.
    Weak,
    /// At least 4 games decide, and no more than 1 in 20 the other way.
    Strong,
}

impl Certainty {
    /// `"undecided"`, `"weak"` or `"strong"`.
    pub fn name(self) -> &'static str {
        match self {
            Certainty::Undecided => "undecided",
            Certainty::Weak => "weak",
            Certainty::Strong => "strong",
        }
    }
}

/// How the file-direction convention was chosen (§0, Q17): games sampled
/// from across the file, each replayed under both readings. A game legal
/// under both says nothing (its moves differ, but both are chess); one
/// legal under one reading only decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detection {
    /// Games with moves sampled.
    pub sampled: u32,
    /// Plies in them (variations included, under the reading that worked).
    pub plies: u64,
    /// Of the sampled games, how many replay legally under [`Convention::Right`].
    pub right_ok: u32,
    /// ... and under [`Convention::Left`].
    pub left_ok: u32,
    /// Games legal under right only (evidence for right).
    pub right_only: u32,
    /// Games legal under left only.
    pub left_only: u32,
    /// Games legal under neither (damaged, or another reading altogether).
    pub neither: u32,
    /// How sure the choice is.
    pub certainty: Certainty,
}

impl Detection {
    /// The games deciding for `c`.
    pub fn only(&self, c: Convention) -> u32 {
        match c {
            Convention::Right => self.right_only,
            Convention::Left => self.left_only,
        }
    }
}

/// The `k`-th game index to sample of `count`: every game when they are
/// few, else a low-discrepancy walk (multiples of the golden ratio), so
/// any prefix of the sample is spread over the whole file.
fn sample_index(k: u64, count: u64) -> u64 {
    if count <= u64::from(DETECTION_MAX) {
        return k;
    }
    const STEP: u64 = 0x9e37_79b9_7f4a_7c15;
    ((u128::from(k.wrapping_mul(STEP)) * u128::from(count)) >> 64) as u64
}

/// What the games sampled for the file direction gave.
pub(crate) struct ConventionSample {
    pub(crate) convention: Convention,
    pub(crate) detection: Detection,
    /// Their one-byte symbol comments, the reading decided.
    pub(crate) symbols: SymbolDetection,
    /// Their text comments, for the code-page guess.
    pub(crate) comments: CommentSample,
}

/// Samples games from across the file under both conventions until the
/// evidence decides (32 games for one reading, none for the other) or 512
/// games are seen, and keeps the reading that more games need; a weak or
/// undecided choice is a warning. The games are replayed with `decoding`.
pub(crate) fn detect<R: ReadAt>(
    reader: &RecordReader<'_, R>,
    decoding: Decoding,
    warnings: &mut Vec<Error>,
) -> ConventionSample {
    let count = reader.headers.count;
    let mut d = Detection::default();
    let mut comments = CommentSample::default();
    let mut symbols = SymbolDetection::default();
    let tries = count.min(u64::from(DETECTION_MAX) * 4);
    let mut k = 0;
    while k < tries
        && d.sampled < DETECTION_MAX
        && !(d.right_only.max(d.left_only) >= DECISIVE && d.right_only.min(d.left_only) == 0)
    {
        let i = sample_index(k, count);
        k += 1;
        let Ok((base, body)) = reader.record(i) else {
            continue;
        };
        if body.is_empty() {
            continue;
        }
        d.sampled += 1;
        symbols.add(&body);
        comments.add(&body);
        let mut ok = [false; 2];
        let mut plies = 0;
        for (slot, conv) in ok.iter_mut().zip(Convention::ALL) {
            // Variations too: a move in one is evidence as much as in the main line.
            let mut probe = PlyCount::all();
            let dynamic = crate::game::Events::as_dyn(&mut probe);
            let mut r = replay::Replay::new(&body, base, i, conv, decoding, dynamic);
            *slot = r.run().is_ok();
            if *slot {
                plies = probe.plies();
            }
        }
        d.plies += u64::from(plies);
        let [right, left] = ok;
        d.right_ok += u32::from(right);
        d.left_ok += u32::from(left);
        d.right_only += u32::from(right && !left);
        d.left_only += u32::from(left && !right);
        d.neither += u32::from(!right && !left);
    }
    let convention = if d.left_only > d.right_only {
        Convention::Left
    } else {
        Convention::Right
    };
    let (win, lose) = (d.only(convention), d.only(convention.other()));
    d.certainty = if win == 0 {
        Certainty::Undecided
    } else if win >= STRONG && lose * 20 <= win {
        Certainty::Strong
    } else {
        Certainty::Weak
    };
    symbols.decide();
    if d.certainty != Certainty::Strong && d.sampled > 0 {
        let detail = alloc::format!(
            "{} of {} sampled games replay under one reading only ({} right, {} left); read as {}, \
             a game that fails is tried under the other",
            d.right_only + d.left_only,
            d.sampled,
            d.right_only,
            d.left_only,
            convention.name()
        );
        let k = ErrorKind::Uncertain {
            point: "file direction of move offsets (Q17)",
            detail,
        };
        warnings.push(Error::new(k, FileKind::D02));
    }
    ConventionSample {
        convention,
        detection: d,
        symbols,
        comments,
    }
}
