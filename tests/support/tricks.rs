//! Writer tricks from a bit mask, one bit each, for proptests over layouts.
//! Include with `#[path = "support/tricks.rs"] mod tricks;`.

use cadb::ca::{
    Database, OpenOptions,
    writer::{self, Tricks},
};

/// How many tricks a mask holds (masks run over `0..1 << TRICK_BITS`).
pub const TRICK_BITS: u32 = 11;

/// The tricks of `mask`: the ones that change only where bytes lie, and the
/// three that change a record's bytes (long comments, promotion slots,
/// extended promotions); the games read the same under every one.
pub fn tricks(mask: u32) -> Tricks {
    let on = |bit: u32| mask & (1 << bit) != 0;
    Tricks {
        fragment_emb: on(0),
        redirect_chains: on(1),
        junk_between_records: on(2),
        long_comments: on(3),
        prefer_fixed_promotion_slots: on(4),
        extended_promotions: on(5),
        lookalike_junk: on(6),
        shuffled_records: on(7),
        long_chains: on(8),
        unused_ids: on(9),
        stale_fragments: on(10),
    }
}

/// `pgn`'s games as a database written with `mask`'s tricks (seeded by it).
#[allow(dead_code)] // not every file that picks masks opens databases so
pub fn database(pgn: &str, mask: u32) -> Database<Vec<u8>> {
    let games = cadb::game::import::read_pgn(pgn).unwrap();
    let o = writer::WriterOptions {
        tricks: tricks(mask),
        seed: u64::from(mask),
        ..writer::WriterOptions::plain()
    };
    let (files, _) = writer::write_database(&games, &o).unwrap();
    Database::open(files, OpenOptions::default()).unwrap()
}
