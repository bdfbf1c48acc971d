//! `cadb mgc|pgc encode [--ordering san|seed|best] [--fen FEN] < moves` and
//! `cadb mgc|pgc decode HEX [--ordering ...] [--fen FEN]`.
//!
//! Encode reads SAN or UCI moves, or PGN movetext (move numbers, comments,
//! glyphs, variations and results are skipped; a PGN with tags is read with
//! the PGN importer, and its FEN tag is used unless `--fen` is given).
//! Decode prints SAN. The main line only.

use std::process::ExitCode;

use cadb::game::{self, Ply, import::read_pgn};
use cadb::ordinal::{Format, Ordering};
use shakmaty::{Chess, Position, san::SanPlus, uci::UciMove};

use crate::{
    hex::{Hex, to_hex},
    stdin::stdin_text,
    values,
};

#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct OrdinalArgs {
    #[command(subcommand)]
    cmd: OrdinalCmd,
    /// The ordering of the legal moves (not stored: decode with the encoder's)
    #[arg(long, value_name = "NAME", value_parser = values::ordering(),
          default_value = Ordering::default().name(), global = true)]
    ordering: Ordering,
    /// The start position [default: the standard one, or the PGN's FEN tag]
    #[arg(long, value_name = "FEN", global = true)]
    fen: Option<String>,
}

#[derive(clap::Subcommand)]
enum OrdinalCmd {
    /// Print the main line coded in HEX, as SAN.
    Decode {
        /// The coded moves
        #[arg(value_name = "HEX")]
        hex: Hex,
    },
    /// Read SAN or UCI moves, or PGN, on stdin; print the main line's code as hex.
    Encode,
}

/// `cadb mgc` or `cadb pgc`, as `format` says.
pub fn run(format: Format, args: OrdinalArgs) -> Result<ExitCode, String> {
    let (ordering, fen) = (args.ordering, args.fen.as_deref());
    match args.cmd {
        OrdinalCmd::Decode { hex } => {
            let start = game::start_position(fen).map_err(|e| e.to_string())?;
            let plies = format
                .decode(&hex.0, &start, ordering)
                .map_err(|e| e.to_string())?;
            let mut pos = start;
            let mut sans = Vec::with_capacity(plies.len());
            for p in &plies {
                if let Ply::Move(m) = p {
                    sans.push(SanPlus::from_move_and_play_unchecked(&mut pos, *m).to_string());
                }
            }
            say!("{}", sans.join(" "));
        }
        OrdinalCmd::Encode => {
            let text = stdin_text()?;
            let (start, plies) = read_moves(&text, fen)?;
            let bytes = format
                .encode(&start, &plies, ordering)
                .map_err(|e| e.to_string())?;
            say!("{}", to_hex(&bytes));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The start position and main line from SAN/UCI tokens or PGN.
fn read_moves(text: &str, fen: Option<&str>) -> Result<(Chess, Vec<Ply>), String> {
    if text.trim_start().starts_with('[') {
        let games = read_pgn(text).map_err(|e| e.to_string())?;
        let g = games.first().ok_or("no game in the PGN")?;
        let start =
            game::start_position(fen.or(g.start_fen.as_deref())).map_err(|e| e.to_string())?;
        if fen.is_some() {
            // Re-read the moves from the given position.
            return read_tokens(text, start);
        }
        return Ok((start, g.moves.iter().map(|n| n.mv.clone()).collect()));
    }
    let start = game::start_position(fen).map_err(|e| e.to_string())?;
    read_tokens(text, start)
}

fn read_tokens(text: &str, start: Chess) -> Result<(Chess, Vec<Ply>), String> {
    let mut pos = start.clone();
    let mut plies = Vec::new();
    for tok in movetext_tokens(text) {
        let m = match tok.parse::<SanPlus>() {
            Ok(san) => san.san.to_move(&pos).ok(),
            Err(_) => None,
        }
        .or_else(|| {
            tok.parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
        })
        .ok_or_else(|| {
            format!(
                "move {}: {tok:?} is not a legal SAN or UCI move",
                plies.len() + 1
            )
        })?;
        pos.play_unchecked(m);
        plies.push(Ply::Move(m));
    }
    Ok((start, plies))
}

/// Move tokens of PGN movetext: skips tag lines, `{comments}`, `;` comments,
/// `(variations)`, move numbers, `$n` glyphs, `!?` marks and results.
fn movetext_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0u32;
    let mut in_brace = false;
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        // A move number ("12." or "12...") may be glued to the move.
        let t = match cur.rfind('.') {
            Some(i) if cur[..=i].chars().all(|c| c.is_ascii_digit() || c == '.') => &cur[i + 1..],
            _ => cur.as_str(),
        };
        let t = t.trim_end_matches(['!', '?']);
        let skip = t.is_empty()
            || t.starts_with('$')
            || t.chars().all(|c| c.is_ascii_digit())
            || matches!(t, "*" | "1-0" | "0-1" | "1/2-1/2");
        if !skip {
            // Zeros for castling are common in the wild.
            out.push(t.replace("0-0-0", "O-O-O").replace("0-0", "O-O"));
        }
        cur.clear();
    };
    for line in text.lines() {
        if !in_brace && line.trim_start().starts_with('[') {
            continue;
        }
        for c in line.chars() {
            if in_brace {
                in_brace = c != '}';
                continue;
            }
            match c {
                '{' => {
                    flush(&mut cur, &mut out);
                    in_brace = true;
                }
                ';' => {
                    flush(&mut cur, &mut out);
                    break;
                }
                '(' => {
                    flush(&mut cur, &mut out);
                    depth += 1;
                }
                ')' => {
                    cur.clear();
                    depth = depth.saturating_sub(1);
                }
                c if c.is_whitespace() => {
                    if depth == 0 {
                        flush(&mut cur, &mut out);
                    } else {
                        cur.clear();
                    }
                }
                c if depth == 0 => cur.push(c),
                _ => {}
            }
        }
        if depth == 0 {
            flush(&mut cur, &mut out);
        } else {
            cur.clear();
        }
    }
    flush(&mut cur, &mut out);
    out
}
