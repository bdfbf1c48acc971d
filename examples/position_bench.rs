//! Position search beside a full replay of the same games, alternated
//! round by round in one run (the machine is noisy): prints each median
//! and its ratio to the replay; then the same positions searched in turn
//! with one `SearchMemo`, each after the ones before it.
//!
//! `cargo run --release --example position_bench -- DB.CDP [ROUNDS] [FEN | ply:N ...]`
//! (`ply:N`: game 0's position after N plies)
//!
//! Without FENs it searches three positions drawn from the database: the
//! position after 1. e4 (or the first game's first move), one at ply 12 of
//! game 0 (an opening position) and one at ply 40 of game 0 (a middlegame
//! position reached by few games). The replay is the main line of every
//! game, no text, through the same reader (`Database::for_each_ply`).

use std::{ops::ControlFlow, path::PathBuf, time::Instant};

use cadb::{
    bytes::FileBytes,
    ca::{
        Database, DatabaseFiles, OpenOptions,
        position::{SearchMemo, SearchOptions},
    },
    reach::Target,
};
use shakmaty::{Chess, Position, fen::Fen};

fn open(cdp: &str) -> Database<FileBytes> {
    let stem = PathBuf::from(cdp).with_extension("");
    // Whole in memory: this times decoding, not the disk.
    let files =
        DatabaseFiles::try_from_fn(|ext| FileBytes::open(&stem.with_extension(ext), u64::MAX))
            .expect("the five files");
    Database::open(files, OpenOptions::default()).expect("the database opens")
}

/// The FEN of game 0's main line after `ply` plies (or its last).
fn fen_at(db: &Database<FileBytes>, ply: usize) -> String {
    let mut pos = Chess::default();
    let mut k = 0;
    let _ = db.for_each_ply(0, |before, p| {
        if k == ply {
            return ControlFlow::Break(());
        }
        pos = before.clone();
        if let cadb::game::Ply::Move(m) = p {
            pos.play_unchecked(*m);
        }
        k += 1;
        ControlFlow::Continue(())
    });
    Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let db = open(
        args.first()
            .expect("usage: position_bench DB.CDP [ROUNDS] [FEN...]"),
    );
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(5);
    // `ply:N` stands for game 0's position after N plies.
    let mut fens: Vec<String> = args
        .iter()
        .skip(2)
        .map(|a| match a.strip_prefix("ply:") {
            Some(n) => fen_at(&db, n.parse().expect("ply:N")),
            None => a.clone(),
        })
        .collect();
    if fens.is_empty() {
        fens = vec![fen_at(&db, 1), fen_at(&db, 12), fen_at(&db, 40)];
    }
    let targets: Vec<Target> = fens.iter().map(|f| f.parse().expect("a FEN")).collect();
    println!("{} games, {} rounds", db.count(), rounds);

    let mut replay = Vec::new();
    let mut search: Vec<Vec<f64>> = vec![Vec::new(); targets.len()];
    let mut found = vec![(0usize, 0u64); targets.len()];
    let mut remembered: Vec<Vec<f64>> = vec![Vec::new(); targets.len()];
    let mut read = vec![0u64; targets.len()];
    for _ in 0..rounds {
        let t = Instant::now();
        let mut plies = 0u64;
        for i in 0..db.count() {
            let _ = db.for_each_ply(i, |_, _| {
                plies += 1;
                ControlFlow::Continue(())
            });
        }
        replay.push(t.elapsed().as_secs_f64());
        std::hint::black_box(plies);
        for (k, target) in targets.iter().enumerate() {
            let t = Instant::now();
            let r = db
                .position_search(target, &SearchOptions::default(), |_, _| {
                    ControlFlow::Continue(())
                })
                .expect("the search runs");
            search[k].push(t.elapsed().as_secs_f64());
            found[k] = (r.hits.len(), r.damaged);
        }
        // The same positions in turn with one memo: each after the ones
        // before it, as a user's clicks come.
        let mut memo = SearchMemo::default();
        for (k, target) in targets.iter().enumerate() {
            let t = Instant::now();
            let r = db
                .position_search_with(
                    target,
                    &SearchOptions::default(),
                    None,
                    &mut memo,
                    |_, _| ControlFlow::Continue(()),
                )
                .expect("the search runs");
            remembered[k].push(t.elapsed().as_secs_f64());
            assert_eq!(r.hits.len(), found[k].0, "the memo changed the hits");
            read[k] = r.read;
        }
    }
    let base = median(replay);
    println!("full replay (main lines)      {:8.3} s   1.00x", base);
    for (k, fen) in fens.iter().enumerate() {
        let m = median(search[k].clone());
        println!(
            "search {:<70} {:8.3} s  {:5.3}x of the replay  ({} games reach it, {} damaged)",
            fen,
            m,
            m / base,
            found[k].0,
            found[k].1
        );
    }
    for (k, fen) in fens.iter().enumerate() {
        let m = median(remembered[k].clone());
        println!(
            "with the memo of the ones before {:<50} {:8.3} s  {:5.3}x of the replay  ({} games read)",
            fen,
            m,
            m / base,
            read[k]
        );
    }
}
