//! What a header search needs of each game's D02 record, read from its
//! items once per database: main-line plies, and whether it is annotated.

use alloc::vec::Vec;

use crate::{
    bits::Bits,
    bytes::ReadAt,
    ca::{
        Database,
        record::{Item, Items},
    },
    error::Error,
};

/// What a header search needs of each game's D02 record: its main-line
/// plies and whether it is annotated. Read from the record's items
/// ([`summarize`]), never by replaying the game, once per database and
/// only when a query asks ([`HeaderIndex::summaries`](super::HeaderIndex::summaries)).
///
/// Memory: 2 bytes and 1 bit a game, about 2.1 MB for a million games.
#[derive(Clone, Debug, Default)]
pub struct GameSummaries {
    /// Plies by game, at most `u16::MAX - 1`; [`UNKNOWN_PLIES`] when the
    /// record could not be read at all.
    plies: Vec<u16>,
    /// Bit `i`: game `i` is annotated.
    annotated: Bits,
}

/// [`GameSummaries`]' mark for a record that could not be read: it matches
/// no plies range.
const UNKNOWN_PLIES: u16 = u16::MAX;

/// A record body's main-line move items and whether it holds a comment, a
/// symbol or a variation, counted without replaying it.
///
/// A damaged record (an unknown code, a payload past its end) counts the
/// items before the damage: a game shows those moves too, so a plies range
/// sees it as the list does. Only a record that cannot be read at all has
/// no count.
///
/// ```
/// use cadb::ca::search::summarize;
/// // 1. e4 (1. d4) 1... e5 {!}: two plies, annotated.
/// let body = [231u8, 20, 232, 19, 60, 234, 2, 1];
/// assert_eq!(summarize(&body), (2, true));
/// assert_eq!(summarize(&[19, 60, 250, 19]), (2, false));
/// ```
pub fn summarize(body: &[u8]) -> (u32, bool) {
    let mut items = Items::new(body);
    let (mut plies, mut annotated, mut depth) = (0u32, false, 0u32);
    // One cold item parser for it all (no copy of skip_variation's).
    while let Some(Ok((_, item))) = items.next_cold() {
        match item {
            Item::VariationStart => {
                annotated = true;
                depth += 1;
            }
            Item::VariationEnd => depth = depth.saturating_sub(1),
            Item::Comment { .. } => annotated = true,
            it if depth == 0 && it.is_move() => plies += 1,
            _ => {}
        }
    }
    (plies, annotated)
}

impl GameSummaries {
    /// Summarises every game's record; `progress(done, total)` now and then.
    pub fn build<R: ReadAt>(
        db: &Database<R>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<GameSummaries, Error> {
        let count = db.count();
        let mut out = GameSummaries {
            plies: Vec::with_capacity(count as usize),
            annotated: Bits::new(count as usize),
        };
        db.scan_raw_headers(0, count, |i, h| {
            let (plies, annotated) = db
                .with_record(i, h, |_, body| summarize(body))
                .map_or((u32::from(UNKNOWN_PLIES), false), |(p, a)| {
                    (p.min(u32::from(UNKNOWN_PLIES) - 1), a)
                });
            out.plies.push(plies as u16);
            if annotated {
                out.annotated.insert(i as usize);
            }
            if i % 4096 == 4095 {
                progress(i + 1, count);
            }
        })?;
        progress(count, count);
        Ok(out)
    }

    /// Main-line plies of game `i`; `None` when its record could not be read.
    pub fn plies(&self, i: u64) -> Option<u32> {
        let p = *self.plies.get(i as usize)?;
        (p != UNKNOWN_PLIES).then_some(u32::from(p))
    }

    /// Whether game `i` has a comment, a symbol or a variation.
    pub fn annotated(&self, i: u64) -> bool {
        self.annotated.get(i as usize)
    }
}
