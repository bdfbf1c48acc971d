//! A pass in an order the caller gives (game order for the PGN export),
//! over records that may lie in D02 in any other: a window of games at a
//! time, each window's records read first in file order and held
//! ([`ReadAt::hold`]), then the games visited from memory. Passes whose
//! result does not depend on the order read in record order instead
//! (`position::record_order`).

use alloc::{vec, vec::Vec};

use super::{Database, format::d02};
use crate::bytes::ReadAt;

/// Where a record's span is not known: its game is read as it comes.
const NOWHERE: u32 = u32::MAX;

impl<R: ReadAt> Database<R> {
    /// Calls `f(k, index)` for each game of `games` (all, in game order,
    /// when `None`), the `k`-th being game `index`, in that order, with its
    /// record held in memory (up to about `budget` bytes of records at a
    /// time: the window's records read in file order first). A window
    /// whose records already follow each other in D02 is read as it comes
    /// (the read-ahead serves it); so is every game when D00 cannot be
    /// scanned. An index past the end is passed on as it is (the caller
    /// reports it). Stops at the first error `f` returns.
    ///
    /// Holding changes what is read when, never what is read: each game
    /// reads its record as it would alone, served from memory when held.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer};
    /// let games = cadb::game::import::read_pgn("1. e4 *\n\n1. d4 *\n\n1. c4 *\n").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut pgn = String::new();
    /// db.in_game_order::<()>(Some(&[2, 0]), 1 << 20, |_, i| {
    ///     db.write_pgn(i, &mut pgn);
    ///     Ok(())
    /// })
    /// .unwrap();
    /// assert!(pgn.find("1. c4").unwrap() < pgn.find("1. e4").unwrap());
    /// ```
    pub fn in_game_order<E>(
        &self,
        games: Option<&[u32]>,
        budget: usize,
        f: impl FnMut(u64, u64) -> Result<(), E>,
    ) -> Result<(), E> {
        self.in_game_order_with(self.record_spans().as_ref(), games, budget, f)
    }

    /// [`in_game_order`](Self::in_game_order) with the records' spans
    /// found before ([`record_spans`](Self::record_spans)): a pass made of
    /// many calls, a chunk of games each (`cadb pgn`), finds them once.
    /// Spans that are wrong (another database's) change only what is held
    /// ahead, never what a game reads.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer};
    /// let games = cadb::game::import::read_pgn("1. e4 *\n\n1. d4 *\n\n1. c4 *\n").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let spans = db.record_spans();
    /// let mut seen = Vec::new();
    /// for chunk in [[2u32, 1], [0, 2]] {
    ///     db.in_game_order_with::<()>(spans.as_ref(), Some(&chunk), 1 << 20, |_, i| {
    ///         seen.push(i);
    ///         Ok(())
    ///     })
    ///     .unwrap();
    /// }
    /// assert_eq!(seen, [2, 1, 0, 2]);
    /// ```
    pub fn in_game_order_with<E>(
        &self,
        spans: Option<&RecordSpans>,
        games: Option<&[u32]>,
        budget: usize,
        mut f: impl FnMut(u64, u64) -> Result<(), E>,
    ) -> Result<(), E> {
        let total = games.map_or(self.count(), |g| g.len() as u64);
        let index = |k: u64| games.map_or(k, |g| u64::from(g[k as usize]));
        let Some(spans) = spans else {
            return (0..total).try_for_each(|k| f(k, index(k)));
        };
        let d02 = &self.files.d02;
        let mut k = 0;
        let mut window = Vec::new();
        while k < total {
            // The window: games while their records fit the budget (one at least).
            let (start, mut bytes, mut in_file_order, mut last) = (k, 0u64, true, 0u64);
            window.clear();
            while k < total && (k == start || bytes < budget as u64) {
                if let Some((s, e)) = spans.of(index(k)) {
                    bytes += e - s;
                    in_file_order &= s >= last;
                    last = s;
                    window.push((s, e));
                }
                k += 1;
            }
            let held = !in_file_order && d02.hold(&window) > 0;
            let visited = (start..k).try_for_each(|j| f(j, index(j)));
            if held {
                d02.hold(&[]);
            }
            visited?;
        }
        Ok(())
    }

    /// Whether the records of `games` follow each other in D02 in game
    /// order (as far as their headers and A02 tell): a pass over them in
    /// game order reads front to back without holding. For a sample: a
    /// database's first games, which tell a caller whether its layout is
    /// worth [`record_spans`](Self::record_spans).
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer::{WriterOptions, write_database}};
    /// let games = cadb::game::import::read_pgn(&"1. e4 *\n\n".repeat(50)).unwrap();
    /// let plain = write_database(&games, &WriterOptions::plain()).unwrap().0;
    /// let shuffled = write_database(&games, &WriterOptions::default()).unwrap().0;
    /// let in_order = |files| Database::open(files, OpenOptions::default()).unwrap().records_in_game_order(0..50);
    /// assert_eq!((in_order(plain), in_order(shuffled)), (true, false));
    /// ```
    pub fn records_in_game_order(&self, games: core::ops::Range<u64>) -> bool {
        let (mut last, mut ordered) = (0, true);
        let scanned = self.scan_raw_headers(games.start, games.end, |_, h| {
            if let Ok(at) = self.record_offset(h.game_id) {
                ordered &= at >= last;
                last = at;
            }
        });
        scanned.is_ok() && ordered
    }

    /// Each game's record span in D02, as far as the headers and A02 tell
    /// it: from its length prefix to the next record's start (or the
    /// longest a record can be), for [`in_game_order_with`](Self::in_game_order_with).
    /// `None` when D00 does not scan.
    pub fn record_spans(&self) -> Option<RecordSpans> {
        // The order the passes in record order read in: every located
        // record's start, sorted; the games not located last.
        let order = self.record_order(None).ok()?;
        let start_of = |k: usize| order.get(k).and_then(|g| g.record());
        let size = self.files.d02.size();
        // Each span ends where the next record starts: found here, in
        // record order, not looked up a game at a time in game order (a
        // search of every start a game: 8% of a million shuffled games'
        // export).
        let mut by_game = vec![(NOWHERE, NOWHERE); order.len()];
        let mut next = 0;
        for g in &order {
            let Some(start) = g.record() else { continue };
            while start_of(next).is_some_and(|s| s <= start) {
                next += 1;
            }
            let end = start_of(next).unwrap_or(size);
            let end = end.min(start + RecordSpans::MAX_SPAN).min(size);
            let span = (u32::try_from(start), u32::try_from(end));
            // A record past the end of D02 (damage), or past 4 GB: read as
            // it comes.
            if let ((Ok(s), Ok(e)), Some(slot)) = (span, by_game.get_mut(g.index() as usize))
                && s < e
            {
                *slot = (s, e);
            }
        }
        Some(RecordSpans { by_game })
    }
}

/// Where each game's record lies in D02 ([`Database::record_spans`]): from
/// its length prefix to the next record's start (or the longest a record
/// can be), by game.
#[derive(Clone)]
pub struct RecordSpans {
    by_game: Vec<(u32, u32)>,
}

impl RecordSpans {
    /// The longest a record is: its length prefix and body.
    const MAX_SPAN: u64 = d02::MAX_RECORD as u64 + 2;

    /// Game `index`'s span, if its record was located.
    fn of(&self, index: u64) -> Option<(u64, u64)> {
        let (s, e) = *self.by_game.get(usize::try_from(index).ok()?)?;
        (s != NOWHERE).then_some((u64::from(s), u64::from(e)))
    }
}

#[cfg(test)]
mod tests {
    use alloc::{boxed::Box, format, rc::Rc, string::String, vec::Vec};
    use core::cell::Cell;

    use crate::{
        bytes::{RangeSource, ReadAt, ReadCache},
        ca::{
            Database, DatabaseFiles, OpenOptions,
            writer::{self, Tricks, WriterOptions},
        },
    };

    type Fetch = Box<dyn Fn(u64, usize) -> Result<Vec<u8>, String>>;
    type Lazy = ReadCache<RangeSource<Fetch>>;

    /// `n` games, each its own, written with `tricks` (the default ones
    /// store the records shuffled against game order).
    fn files(n: usize, tricks: Tricks, seed: u64) -> DatabaseFiles<Vec<u8>> {
        // A comment as long as a real game's moves: records of about 400 bytes.
        let pad = "a comment ".repeat(40);
        let pgn: String = (0..n)
            .map(|i| {
                format!("[Round \"{i}\"]\n1. e4 e5 2. Nf3 {{game {i} {pad}}} Nc6 3. Bb5 a6 *\n\n")
            })
            .collect();
        let games = crate::game::import::read_pgn(&pgn).unwrap();
        let options = WriterOptions {
            tricks,
            seed,
            ..Default::default()
        };
        writer::write_database(&games, &options).unwrap().0
    }

    /// `files` read through the read-ahead, as the viewer's Worker reads a
    /// `File`; D02's reads counted in `reads`.
    fn lazy(files: &DatabaseFiles<Vec<u8>>, reads: &Rc<Cell<u32>>) -> DatabaseFiles<Lazy> {
        let one = |bytes: &Vec<u8>, count: Option<Rc<Cell<u32>>>| -> Lazy {
            let bytes = bytes.clone();
            let size = bytes.len() as u64;
            let fetch: Fetch = Box::new(move |o, n| {
                if let Some(c) = &count {
                    c.set(c.get() + 1);
                }
                Ok(bytes[o as usize..o as usize + n].to_vec())
            });
            ReadCache::new(RangeSource::new(size, fetch))
        };
        DatabaseFiles {
            cdp: one(&files.cdp, None),
            emb: one(&files.emb, None),
            d00: one(&files.d00, None),
            a02: one(&files.a02, None),
            d02: one(&files.d02, Some(reads.clone())),
        }
    }

    /// The PGN of `games` one by one, straight.
    fn one_by_one<R: ReadAt>(db: &Database<R>, games: &[u64]) -> String {
        let mut out = String::new();
        for &i in games {
            db.write_pgn(i, &mut out);
        }
        out
    }

    fn in_order<R: ReadAt>(db: &Database<R>, games: Option<&[u32]>, budget: usize) -> String {
        let mut out = String::new();
        let mut seen = 0;
        db.in_game_order::<()>(games, budget, |k, i| {
            assert_eq!(k, seen);
            seen += 1;
            db.write_pgn(i, &mut out);
            Ok(())
        })
        .unwrap();
        out
    }

    /// A shuffled database read lazily in game order makes a few large
    /// reads, not one or two a game (316 s for 100,000 games in the page),
    /// and writes what the games give one by one from memory.
    #[test]
    fn shuffled_records_are_read_in_a_few_reads_and_give_the_same_games() {
        let mem = files(300, Tricks::default(), 1);
        let straight = Database::open(mem.clone(), OpenOptions::default()).unwrap();
        let all: Vec<u64> = (0..300).collect();
        let expected = one_by_one(&straight, &all);
        assert_eq!(expected.matches("[Round ").count(), 300);

        let reads = Rc::new(Cell::new(0));
        let db = Database::open(lazy(&mem, &reads), OpenOptions::default()).unwrap();
        let opening = reads.get();
        assert_eq!(one_by_one(&db, &all), expected);
        let alone = reads.get() - opening;
        // Checks the test: read one by one, the shuffled records cost a read each, or near.
        assert!(alone > 150, "{alone} reads one by one");

        for budget in [1 << 20, 4 << 10, 1] {
            reads.set(0);
            assert_eq!(in_order(&db, None, budget), expected, "budget {budget}");
            let n = reads.get();
            if budget == 1 << 20 {
                assert!(n <= 3, "{n} reads in game order");
            }
        }
    }

    /// A subset in any order, repeats and an index past the end included,
    /// comes in that order; every layout trick, and the plain layout.
    #[test]
    fn any_subset_under_every_layout_comes_in_its_order() {
        for (tricks, seed) in [
            (Tricks::all(), 7),
            (Tricks::none(), 8),
            (Tricks::default(), 9),
        ] {
            let mem = files(120, tricks, seed);
            let straight = Database::open(mem.clone(), OpenOptions::default()).unwrap();
            let reads = Rc::new(Cell::new(0));
            let db = Database::open(lazy(&mem, &reads), OpenOptions::default()).unwrap();
            let subset: Vec<u32> = [5, 119, 0, 5, 64, 3, 118, 2]
                .into_iter()
                .chain((20..60).rev())
                .collect();
            let wide: Vec<u64> = subset.iter().map(|&i| u64::from(i)).collect();
            for budget in [1, 2_000, 1 << 20] {
                assert_eq!(
                    in_order(&db, Some(&subset), budget),
                    one_by_one(&straight, &wide)
                );
            }
            let mut visited = Vec::new();
            db.in_game_order::<()>(Some(&[1, 500, 2]), 1 << 20, |_, i| {
                visited.push(i);
                Ok(())
            })
            .unwrap();
            assert_eq!(visited, [1, 500, 2]);
        }
    }

    /// A D02 cut short: records past its end are read as they come, and
    /// each says its damage as it would alone.
    #[test]
    fn records_past_the_end_are_read_as_they_come() {
        let mut mem = files(60, Tricks::default(), 5);
        let half = mem.d02.len() / 2;
        mem.d02.truncate(half);
        let straight = Database::open(mem.clone(), OpenOptions::default()).unwrap();
        let all: Vec<u64> = (0..60).collect();
        let expected = one_by_one(&straight, &all);
        assert!(
            expected.contains("cadb: decoding stopped"),
            "nothing was damaged"
        );
        let db =
            Database::open(lazy(&mem, &Rc::new(Cell::new(0))), OpenOptions::default()).unwrap();
        for budget in [1, 1 << 20] {
            assert_eq!(in_order(&db, None, budget), expected);
        }
    }

    /// The layout check reads the sample's headers and A02 only: the plain
    /// layout is in order, the default one is not; damaged or hostile
    /// bytes in any file (a D00 cut mid-header, an A02 of 0xff, D02 cut
    /// short, a range past the games) give an answer, never a panic, and
    /// the pass in game order with the spans found stays the games one by
    /// one whatever the answer.
    #[test]
    fn the_layout_check_answers_on_damaged_files() {
        let plain = files(40, Tricks::none(), 1);
        let shuffled = files(40, Tricks::default(), 2);
        let check = |f: &DatabaseFiles<Vec<u8>>, games: core::ops::Range<u64>| {
            let db = Database::open(f.clone(), OpenOptions::default()).ok()?;
            let ordered = db.records_in_game_order(games);
            let spans = db.record_spans();
            let all: Vec<u32> = (0..db.count() as u32).collect();
            let mut out = String::new();
            db.in_game_order_with::<()>(spans.as_ref(), Some(&all), 2_000, |_, i| {
                db.write_pgn(i, &mut out);
                Ok(())
            })
            .unwrap();
            let wide: Vec<u64> = all.iter().map(|&i| u64::from(i)).collect();
            assert_eq!(out, one_by_one(&db, &wide));
            Some(ordered)
        };
        assert_eq!(check(&plain, 0..40), Some(true));
        assert_eq!(check(&shuffled, 0..40), Some(false));
        // A range past the games: the games there are.
        assert_eq!(check(&plain, 0..u64::MAX), Some(true));
        assert_eq!(check(&shuffled, 30..u64::MAX), Some(false));
        for f in [&plain, &shuffled] {
            let mut d00 = f.clone();
            d00.d00.truncate(d00.d00.len() - 7);
            let mut a02 = f.clone();
            a02.a02.iter_mut().skip(8).for_each(|b| *b = 0xff);
            let mut d02 = f.clone();
            d02.d02.truncate(d02.d02.len() / 3);
            for damaged in [d00, a02, d02] {
                let _ = check(&damaged, 0..40);
            }
        }
    }

    /// An error from the visitor stops the pass, and lets the held records go.
    #[test]
    fn an_error_stops_the_pass() {
        let mem = files(50, Tricks::default(), 3);
        let reads = Rc::new(Cell::new(0));
        let db = Database::open(lazy(&mem, &reads), OpenOptions::default()).unwrap();
        let mut visited = 0;
        let got = db.in_game_order(None, 1 << 20, |k, _| {
            visited += 1;
            if k == 9 { Err(k) } else { Ok(()) }
        });
        assert_eq!((got, visited), (Err(9), 10));
        assert_eq!(db.files.d02.hold(&[]), 0);
    }

    // proptest does not build for wasm32 (getrandom).
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// Any subset, budget and seed: the games one by one.
        #[test]
        fn the_pass_equals_the_games_one_by_one(
            seed in 0u64..1_000,
            subset in proptest::collection::vec(0u32..45, 0..60),
            budget in 1usize..20_000,
        ) {
            let mem = files(40, Tricks::all(), seed);
            let straight = Database::open(mem.clone(), OpenOptions::default()).unwrap();
            let db = Database::open(lazy(&mem, &Rc::new(Cell::new(0))), OpenOptions::default()).unwrap();
            let wide: Vec<u64> = subset.iter().map(|&i| u64::from(i)).collect();
            proptest::prop_assert_eq!(in_order(&db, Some(&subset), budget), one_by_one(&straight, &wide));
        }
    }
}
