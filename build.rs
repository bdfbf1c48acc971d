//! The one generator of the openings table: reads the vendored lichess
//! chess-openings TSVs (src/openings/data/, CC0) and writes
//! `$OUT_DIR/openings.bin` in the format of src/openings/table.rs (included
//! here, so the format has one home). Each line's SAN is played by shakmaty
//! from the start position and packed; a line that does not play fails the
//! build, naming the file and line.
//!
//! The crate includes the table (`cadb::openings::TABLE`) for the native CLI;
//! the wasm module does not use it, and the viewer gets the same bytes from
//! `cadb openings --table pkg/openings.bin` (scripts/build.sh).

extern crate alloc;

use std::{env, fs, path::PathBuf};

use shakmaty::{Chess, Position, Role, san::San};

#[allow(dead_code)]
#[path = "src/openings/table.rs"]
mod table;

const FILES: [&str; 5] = ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"];

fn main() {
    let dir = PathBuf::from("src/openings/data");
    println!("cargo::rerun-if-changed=src/openings/table.rs");
    let mut entries: Vec<([u8; 3], String, Vec<u16>)> = Vec::new();
    for file in FILES {
        let path = dir.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: cannot read: {e}", path.display()));
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, "eco\tname\tpgn")) => {}
            other => panic!(
                "{}: expected the header eco<TAB>name<TAB>pgn, found {other:?}",
                path.display()
            ),
        }
        for (n, line) in lines {
            let at = || format!("{}:{}", path.display(), n + 1);
            let mut cols = line.split('\t');
            let (Some(eco), Some(name), Some(pgn), None) =
                (cols.next(), cols.next(), cols.next(), cols.next())
            else {
                panic!("{}: expected three tab-separated columns", at());
            };
            let eco: [u8; 3] = eco
                .as_bytes()
                .try_into()
                .unwrap_or_else(|_| panic!("{}: an ECO code of 3 characters", at()));
            entries.push((
                eco,
                name.to_owned(),
                moves(pgn).unwrap_or_else(|e| panic!("{}: {e}", at())),
            ));
        }
    }
    let count = u16::try_from(entries.len()).expect("at most 65535 openings");
    let mut out = table::TableWriter::new(count);
    for (eco, name, moves) in &entries {
        out.entry(*eco, name, moves)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let out = out.finish();
    let path =
        PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("openings.bin");
    fs::write(&path, out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// A line's SAN moves (`1. e4 c5 2. Nf3`), played and packed.
fn moves(pgn: &str) -> Result<Vec<u16>, String> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for token in pgn.split_whitespace() {
        if token.ends_with('.') && token[..token.len() - 1].bytes().all(|b| b.is_ascii_digit()) {
            continue; // a move number
        }
        let san: San = token.parse().map_err(|_| format!("{token:?} is not SAN"))?;
        let m = san
            .to_move(&pos)
            .map_err(|_| format!("{token:?} is not legal here"))?;
        let (from, to) = match m {
            // The king's two-square move (standard UCI), not king-takes-rook.
            shakmaty::Move::Castle { king, rook } => {
                let to = if rook.file() > king.file() {
                    king.offset(2)
                } else {
                    king.offset(-2)
                };
                (king, to.expect("a castling king stays on the board"))
            }
            _ => (m.from().expect("not a drop"), m.to()),
        };
        let promotion = m.promotion().map_or(0, |r: Role| r as u8);
        out.push(table::pack_move(from as u8, to as u8, promotion));
        pos.play_unchecked(m);
    }
    Ok(out)
}
