//! Unit tests of the search's read order.
use alloc::{borrow::Cow, format, string::String, vec::Vec};
use core::{cell::Cell, ops::ControlFlow};

use shakmaty::Chess;

use crate::{
    bytes::ReadAt,
    ca::{Database, DatabaseFiles, OpenOptions, format::d00, writer},
    error::ErrorKind,
    game::{GameVisitor, Ply},
};

/// `n` games of `movetext`, each with its own Round tag, in the
/// writer's default layout: records shuffled against game order,
/// GameIDs redirected.
fn shuffled(n: usize, movetext: &str) -> DatabaseFiles<Vec<u8>> {
    let pgn: String = (0..n)
        .map(|i| format!("[Round \"{i}\"]\n{movetext} *\n\n"))
        .collect();
    let games = crate::game::import::read_pgn(&pgn).unwrap();
    writer::write_database(&games, &Default::default())
        .unwrap()
        .0
}

/// The writer's default layout shuffles the records against game order;
/// read in record order, every game comes once, its record after the last.
#[test]
fn record_order_is_every_game_once_front_to_back() {
    let files = shuffled(200, "1. e4 e5 2. Nf3");
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let order: Vec<u64> = db.indices_in_record_order();
    let offsets: Vec<u64> = order
        .iter()
        .map(|&i| db.record_offset(db.raw_header(i).unwrap().game_id).unwrap())
        .collect();
    assert!(offsets.windows(2).all(|w| w[0] < w[1]), "{offsets:?}");
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..200).collect::<Vec<u64>>());
    // Not game order, or the test shows nothing.
    assert_ne!(order, sorted);
}

/// Bytes that count the reads made of them.
struct Counted {
    bytes: Vec<u8>,
    reads: Cell<u32>,
}

impl ReadAt for Counted {
    fn size(&self) -> u64 {
        self.bytes.len() as u64
    }
    fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
        self.reads.set(self.reads.get() + 1);
        self.bytes.read_at(offset, len)
    }
}

/// Every ply of a game, variations included, and no text.
struct Plies(Vec<Ply>);

impl GameVisitor for Plies {
    type Output = Vec<Ply>;
    fn wants_text(&self) -> bool {
        false
    }
    fn ply(&mut self, _: &Chess, ply: &Ply) -> ControlFlow<()> {
        self.0.push(ply.clone());
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) -> Vec<Ply> {
        core::mem::take(&mut self.0)
    }
}

/// A game read from its entry in record order gives what it gives read
/// by index, its record's bytes too, errors included (a damaged record; a header naming no
/// game, which the order cannot locate), on the writer's shuffled and
/// redirected layout; and it reads D00 only for the game not located.
#[test]
fn reading_in_record_order_equals_reading_by_index_without_d00() {
    let mut files = shuffled(120, "1. e4 e5 2. Nf3 (2. Bc4 Nf6 {c}) 2... Nc6 3. Bb5 a6");
    // Game 7's header names a GameID past A02: the order cannot
    // locate it. Game 30's record gets an unknown code.
    let db = Database::open(files.clone(), OpenOptions::default()).unwrap();
    let mut h = db.raw_header(7).unwrap();
    h.game_id = 1_000_000;
    files.d00[7 * d00::RECORD_LEN..8 * d00::RECORD_LEN].copy_from_slice(&h.to_bytes());
    let (base, body) = db.record(30).unwrap();
    let last = base as usize + body.len() - 1;
    files.d02[last] = 0xfe;
    let counted = |b: &Vec<u8>| Counted {
        bytes: b.clone(),
        reads: Cell::new(0),
    };
    let db = Database::open(
        DatabaseFiles {
            cdp: counted(&files.cdp),
            emb: counted(&files.emb),
            d00: counted(&files.d00),
            a02: counted(&files.a02),
            d02: counted(&files.d02),
        },
        OpenOptions::default(),
    )
    .unwrap();
    let order = db.records_in_order();
    assert_eq!(order.len(), 120);
    let mut errors = 0;
    for &entry in &order {
        let index = entry.index();
        let before = db.files.d00.reads.get();
        let (plies, error) = db.read_game_in_order(entry, db.convention(), &mut Plies(Vec::new()));
        // The record's bytes too, as the doctor's scan reads them.
        let record = db.record_in_order(entry);
        let d00_reads = db.files.d00.reads.get() - before;
        let (want, want_error) = db.read_game(index, &mut Plies(Vec::new()));
        assert_eq!(plies, want, "game {index}");
        assert_eq!(error, want_error, "game {index}");
        assert_eq!(record, db.record(index), "game {index}");
        errors += usize::from(error.is_some());
        assert_eq!(d00_reads, 2 * u32::from(index == 7), "game {index}");
        if index != 7 && index != 30 {
            assert_eq!(plies.len(), 8, "game {index}");
        }
    }
    // Both damaged games fail, so the test sees the error paths.
    assert_eq!(errors, 2);
}
