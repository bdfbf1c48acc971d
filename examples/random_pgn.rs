//! Random legal games as PGN, for benchmarks: typical-length games with
//! headers and no annotations, unlike the fixture puzzles. Deterministic
//! (xorshift seeded by the argument), so every run makes the same games.
//!
//! `cargo run --release --example random_pgn -- GAMES [SEED] > random.pgn`

use std::io::{BufWriter, Write};

use shakmaty::{Chess, Position, san::SanPlus};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const NAMES: [&str; 12] = [
    "Carlsen, Magnus",
    "Caruana, Fabiano",
    "Ding, Liren",
    "Nepomniachtchi, Ian",
    "Firouzja, Alireza",
    "Giri, Anish",
    "Aronian, Levon",
    "So, Wesley",
    "Nakamura, Hikaru",
    "Rapport, Richard",
    "Duda, Jan-Krzysztof",
    "Radjabov, Teimour",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for g in 0..games {
        // 20 to 139 plies, like most real games; captures are preferred a
        // little so material comes off the board as in real games.
        let target = 20 + rng.below(120);
        let mut pos = Chess::default();
        let mut text = String::new();
        let mut ply = 0;
        while ply < target {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut m = moves[rng.below(moves.len())];
            if !m.is_capture()
                && rng.below(3) == 0
                && let Some(c) = moves.iter().find(|m| m.is_capture())
            {
                m = *c;
            }
            if ply % 2 == 0 {
                text += &format!("{}. ", ply / 2 + 1);
            }
            text += &SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
            text.push(' ');
            ply += 1;
        }
        let result = match pos.outcome() {
            shakmaty::Outcome::Known(o) => o.to_string(),
            shakmaty::Outcome::Unknown => ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)].to_string(),
        };
        let w = NAMES[rng.below(NAMES.len())];
        let b = NAMES[rng.below(NAMES.len())];
        let _ = write!(
            out,
            "[Event \"Random {}\"]\n[Site \"Bench\"]\n[Date \"20{:02}.{:02}.{:02}\"]\n[Round \"{}\"]\n[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"{result}\"]\n[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n\n{text}{result}\n\n",
            g / 100,
            rng.below(25),
            1 + rng.below(12),
            1 + rng.below(28),
            g % 100 + 1,
            2000 + rng.below(800),
            2000 + rng.below(800),
        );
    }
}
