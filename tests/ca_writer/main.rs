//! The Chess Assistant writer checked against the spec, without the reader:
//! hand-computed bytes, an independent EMB reassembler, and a small
//! independent D02 decoder (written here from the spec's tables) that
//! replays every written record.

#![cfg(not(target_arch = "wasm32"))]

#[path = "../support/fixtures.rs"]
mod fixtures;

use cadb::{
    ca::{
        format::Convention,
        writer::{WriteReport, WriterOptions, write_database},
    },
    game::{Game, Ply, import::read_pgn},
};
use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square, fen::Fen};

mod emb;
mod headers;
mod moves;
mod oracle;
mod random_games;
mod records;
mod tricks;

use emb::read_emb;
use oracle::check_all;

fn opts(dir: Convention) -> WriterOptions {
    WriterOptions {
        convention: dir,
        ..WriterOptions::plain()
    }
}

/// Writes one game in plain mode and returns its D02 record body.
fn body_with(pgn: &str, o: &WriterOptions) -> Vec<u8> {
    let games = read_pgn(pgn).unwrap();
    let (files, report) = write_database(&games, o).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    let (len, prefix) = length(&files.d02, 0);
    assert_eq!(files.d02.len(), prefix + len);
    files.d02[prefix..].to_vec()
}

fn body(pgn: &str) -> Vec<u8> {
    body_with(pgn, &WriterOptions::plain())
}

/// The §8.1 length prefix at `at`: (length, prefix size).
fn length(d02: &[u8], at: usize) -> (usize, usize) {
    let b1 = d02[at] as usize;
    if b1 & 0x80 == 0 {
        (b1, 1)
    } else {
        ((b1 & 127) + d02[at + 1] as usize * 128, 2)
    }
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn i32_at(b: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn u24_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], 0])
}

/// GetD01Address / the A02 chain (§4.6, §6): follow negative values, ≥ 0 is
/// an address; returns it and the steps taken. Chains of any length are
/// legal; the bound only catches a cycle.
fn follow(arr: &[u8], mut id: u32) -> (u32, u32) {
    let mut steps = 0;
    loop {
        let v = i32_at(arr, id as usize * 4);
        if v >= 0 {
            return (v as u32, steps);
        }
        id = (-v) as u32;
        steps += 1;
        assert!(steps < 1000, "chain too long");
    }
}

fn fixtures() -> Vec<Game> {
    let mut games = Vec::new();
    for p in fixtures::paths() {
        let text = std::fs::read_to_string(&p).unwrap();
        for g in cadb::game::import::read_pgn_lenient(&text) {
            games.push(g.unwrap_or_else(|e| panic!("{}: {e}", p.display())));
        }
    }
    games
}
