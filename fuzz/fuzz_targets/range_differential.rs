#![no_main]
//! Differential (image-png style): a database whose D00, A02 and D02 are read
//! through ranges fetched on demand behind the core's read-ahead
//! (`ReadCache`, as the wasm source and the CLI read them), each range
//! assembled from pieces of a fuzzer-chosen size, gives the same games and
//! errors as reading it in memory; and so does the export's pass in game
//! order (`Database::in_game_order`), whose windows hold their records
//! (`ReadAt::hold`), in a fuzzer-chosen order and window size, D02 read
//! through gaps of a fuzzer-chosen size; and in two calls with the spans
//! found once (`in_game_order_with`, as `cadb pgn` reads a chunk). The
//! layout check before it (`records_in_game_order`) answers alike.
use cadb::{
    bytes::{RangeSource, ReadAt, ReadCache},
    ca::{Database, DatabaseFiles, OpenOptions, writer},
    game::import::read_pgn,
};
use libfuzzer_sys::fuzz_target;

const GAMES: &str = "1. e4 e5 2. Nf3 {c} (2. Nc3 Nf6) Nc6 3. Bb5 a6 *\n\n1. d4 d5 2. c4 $1 dxc4 1/2-1/2\n\n1. Nf3 *\n";

/// A lazy source over `data` that fetches each range in `piece`-byte
/// parts, reading through gaps up to `gap` bytes.
fn pieces(data: Vec<u8>, piece: usize, gap: u64) -> Box<dyn ReadAt> {
    let size = data.len() as u64;
    Box::new(
        ReadCache::new(RangeSource::new(size, move |o: u64, n: usize| {
            let mut out = Vec::with_capacity(n);
            let mut at = o as usize;
            while out.len() < n {
                let k = piece.min(n - out.len());
                out.extend_from_slice(data.get(at..at + k).ok_or("past the end")?);
                at += k;
            }
            Ok(out)
        }))
        .reading_through(gap),
    )
}

fuzz_target!(|data: &[u8]| {
    let [seed, piece, rest @ ..] = data else {
        return;
    };
    let games = read_pgn(GAMES).unwrap();
    let options = writer::WriterOptions {
        seed: u64::from(*seed),
        ..Default::default()
    };
    let Ok((mut files, _)) = writer::write_database(&games, &options) else {
        return;
    };
    // Damage D02 with the input so that errors happen at many places.
    let n = files.d02.len().max(1);
    for (i, b) in rest.iter().enumerate().take(64) {
        if let Some(x) = files.d02.get_mut(*b as usize * 7 % n) {
            *x ^= (i as u8).wrapping_mul(31) | 1;
        }
    }
    let piece = usize::from(*piece).max(1);
    let mem = Database::open(files.clone(), OpenOptions::default());
    let lazy_files = DatabaseFiles {
        cdp: Box::new(files.cdp) as Box<dyn ReadAt>,
        emb: Box::new(files.emb),
        d00: pieces(files.d00, piece, 512 << 10),
        a02: pieces(files.a02, piece, 512 << 10),
        d02: pieces(files.d02, piece, [0, 40, 512 << 10][piece % 3]),
    };
    let lazy = Database::open(lazy_files, OpenOptions::default());
    match (mem, lazy) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.count(), b.count());
            for i in 0..a.count() {
                assert_eq!(a.headers(i), b.headers(i));
                let (ga, ea) = a.game_lenient(i);
                let (gb, eb) = b.game_lenient(i);
                assert_eq!(ga, gb);
                assert_eq!(ea, eb);
            }
            // The layout check (`cadb pgn`'s sample) reads alike.
            assert_eq!(
                a.records_in_game_order(0..a.count()),
                b.records_in_game_order(0..b.count())
            );
            // Games in an order the input gives (repeats, one past the end),
            // held a window at a time: what each gives alone.
            let order: Vec<u32> = rest
                .iter()
                .take(16)
                .map(|&b| u32::from(b) % (a.count() as u32 + 1))
                .collect();
            let budget = piece * 37;
            let (mut alone, mut held) = (String::new(), String::new());
            for &i in &order {
                if i < a.count() as u32 {
                    a.write_pgn(u64::from(i), &mut alone);
                }
            }
            b.in_game_order::<()>(Some(&order), budget, |_, i| {
                if i < b.count() {
                    b.write_pgn(i, &mut held);
                }
                Ok(())
            })
            .unwrap();
            assert_eq!(alone, held);
            // The same in two calls, the spans found once.
            let (spans, mut twice) = (b.record_spans(), String::new());
            for half in order.chunks(order.len().div_ceil(2).max(1)) {
                b.in_game_order_with::<()>(spans.as_ref(), Some(half), budget, |_, i| {
                    if i < b.count() {
                        b.write_pgn(i, &mut twice);
                    }
                    Ok(())
                })
                .unwrap();
            }
            assert_eq!(alone, twice);
        }
        (a, b) => assert_eq!(a.err(), b.err()),
    }
});
