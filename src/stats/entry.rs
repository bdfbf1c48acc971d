//! One move's statistics in a position, as the opening tree and its file
//! both answer a query.

use alloc::string::String;

use super::record::{MoveStats, Wdl};

/// One move's statistics in a position, from the tree or from its file.
///
/// ```
/// use cadb::stats::OpeningTree;
/// let tree = OpeningTree::new();
/// assert!(tree.query(&shakmaty::Chess::default()).is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// The move, legal in the queried position.
    pub mv: shakmaty::Move,
    /// SAN with check marks (`Nf3`, `O-O`).
    pub san: String,
    /// UCI, castling as the king's move (`e1g1`).
    pub uci: String,
    /// Games with the move (a file saturates at 4095).
    pub count: u64,
    /// Exact [White wins, draws, Black wins]; `None` from a file (Q5).
    pub results: Option<[u64; 3]>,
    /// The 9-bit %WDL reading: most frequent outcome and its percentage.
    pub wdl: Wdl,
    /// Average White rating over games with both ratings; `None` if none
    /// (from a file: also when the stored average is ≤ 1000).
    pub white_elo: Option<u16>,
    /// Average Black rating, same games.
    pub black_elo: Option<i32>,
    /// White − Black average (a file clamps it to ±255).
    pub elo_diff: Option<i32>,
    /// The 8-bit weight (128 neutral, lower favours White).
    pub weight: u8,
    /// The earliest and latest year of the games with a known year;
    /// `None` if none (and always from a file, which keeps no dates).
    pub years: Option<(u16, u16)>,
    /// The record as written to a file.
    pub record: MoveStats,
}

/// Most played first, ties by UCI.
pub(super) fn sort_entries(v: &mut [MoveEntry]) {
    v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.uci.cmp(&b.uci)));
}
