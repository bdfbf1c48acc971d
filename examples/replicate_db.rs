//! Makes a big database for benchmarks by repeating a small one: D02 is
//! repeated, each copy's A02 entries shifted to its records, and each D00
//! header copied with its GameID moved to the copy. Names are shared.
//!
//! `cargo run --release --example replicate_db -- IN_STEM OUT_STEM GAMES [SHUFFLE_SEED]`
//! (IN must be written with `cadb write --plain`: A02 holds plain offsets).
//! With a seed, D02's records are written in a random order (the writer's
//! `shuffled_records` freedom), each A02 entry following its record.

use std::fs;

use cadb::ca::DatabaseFiles;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (input, output, games, seed) = match &args[..] {
        [_, i, o, g] => (i, o, g, None),
        [_, i, o, g, s] => (
            i,
            o,
            g,
            Some(s.parse::<u64>().expect("SHUFFLE_SEED is a number")),
        ),
        _ => {
            eprintln!("usage: replicate_db IN_STEM OUT_STEM GAMES [SHUFFLE_SEED]");
            std::process::exit(2);
        }
    };
    let want: u64 = games.parse().expect("GAMES is a number");
    let read = |ext: &str| {
        fs::read(format!("{input}.{ext}")).unwrap_or_else(|e| panic!("{input}.{ext}: {e}"))
    };
    let DatabaseFiles {
        mut cdp,
        emb,
        d00,
        a02,
        d02,
    } = DatabaseFiles::try_from_fn(|ext| Ok::<_, ()>(read(ext))).unwrap();
    let base_games = (d00.len() / 38) as u64;
    let ids = (a02.len() / 4) as u32;
    let copies = want.div_ceil(base_games);
    assert!(
        copies * d02.len() as u64 <= i32::MAX as u64,
        "D02 would pass 2 GB"
    );
    let mut out_d00 = Vec::with_capacity((want * 38) as usize);
    let mut out_a02 = Vec::with_capacity(a02.len() * copies as usize);
    let mut out_d02 = Vec::with_capacity(d02.len() * copies as usize);
    for k in 0..copies {
        let shift = out_d02.len() as i32;
        out_d02.extend_from_slice(&d02);
        for e in a02.chunks_exact(4) {
            let v = i32::from_le_bytes(e.try_into().unwrap());
            assert!(
                v >= 0,
                "IN must be written with --plain (no A02 redirections)"
            );
            out_a02.extend_from_slice(&(v + shift).to_le_bytes());
        }
        for h in d00.chunks_exact(38) {
            if out_d00.len() as u64 / 38 == want {
                break;
            }
            let mut h = h.to_vec();
            let id = u32::from_le_bytes(h[24..28].try_into().unwrap()) + k as u32 * ids;
            h[24..28].copy_from_slice(&id.to_le_bytes());
            out_d00.extend_from_slice(&h);
        }
    }
    if let Some(seed) = seed {
        (out_a02, out_d02) = shuffle(&out_a02, &out_d02, seed);
    }
    let n = (out_d00.len() / 38) as u32;
    cdp[104..108].copy_from_slice(&n.to_le_bytes());
    let out = DatabaseFiles {
        cdp,
        emb,
        d00: out_d00,
        a02: out_a02,
        d02: out_d02,
    };
    for (ext, bytes) in out.named() {
        fs::write(format!("{output}.{ext}"), bytes).unwrap();
    }
    println!(
        "{n} games: D00 {} bytes, D02 {} bytes",
        out.d00.len(),
        out.d02.len()
    );
}

/// D02's records (each from its offset to the next one's) in a random
/// order, bytes before the first record kept in place, and A02's entries
/// moved with their records.
fn shuffle(a02: &[u8], d02: &[u8], seed: u64) -> (Vec<u8>, Vec<u8>) {
    let entries: Vec<usize> = a02
        .chunks_exact(4)
        .map(|e| i32::from_le_bytes(e.try_into().unwrap()) as usize)
        .collect();
    let mut starts = entries.clone();
    starts.sort_unstable();
    starts.dedup();
    let end = |k: usize| starts.get(k + 1).copied().unwrap_or(d02.len());
    // xorshift64*: no dependency for a benchmark's database.
    let mut x = seed | 1;
    let mut next = |bound: usize| {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % bound
    };
    let mut order: Vec<usize> = (0..starts.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, next(i + 1));
    }
    let mut out = d02[..starts[0]].to_vec();
    let mut moved = std::collections::HashMap::with_capacity(starts.len());
    for k in order {
        moved.insert(starts[k], out.len());
        out.extend_from_slice(&d02[starts[k]..end(k)]);
    }
    let a02 = entries
        .iter()
        .flat_map(|e| (moved[e] as i32).to_le_bytes())
        .collect();
    (a02, out)
}
