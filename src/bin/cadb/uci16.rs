//! `cadb uci16 decode HEX [--fen FEN] [--allow-null]` and
//! `cadb uci16 encode [--fen FEN] [--allow-null] < uci moves`.

use std::process::ExitCode;

use cadb::game::{self, Ply};
use cadb::uci16::{self, Uci16Options};
use shakmaty::{CastlingMode, uci::UciMove};

use crate::{
    args::Args,
    hex::{from_hex, to_hex},
    stdin::stdin_text,
};

pub fn run(args: &mut Args) -> Result<ExitCode, String> {
    let sub = args
        .next_positional()
        .ok_or("uci16: expected encode or decode")?;
    let fen = args.option("fen")?;
    let opts = Uci16Options {
        allow_null: args.flag("allow-null"),
    };
    let start = game::start_position(fen.as_deref()).map_err(|e| e.to_string())?;
    match sub.as_str() {
        "decode" => {
            let hex = args.next_positional().ok_or("uci16 decode: expected HEX")?;
            args.finish()?;
            let bytes = from_hex(&hex)?;
            let plies = uci16::decode_moves(&bytes, &start, opts).map_err(|e| e.to_string())?;
            let words: Vec<String> = plies
                .iter()
                .map(|p| match p {
                    Ply::Move(m) => m.to_uci(CastlingMode::Standard).to_string(),
                    Ply::Null => "0000".into(),
                })
                .collect();
            println!("{}", words.join(" "));
        }
        "encode" => {
            args.finish()?;
            let text = stdin_text()?;
            let mut pos = start.clone();
            let mut plies = Vec::new();
            for (i, tok) in text.split_whitespace().enumerate() {
                let uci: UciMove = tok
                    .parse()
                    .map_err(|_| format!("move {}: {tok:?} is not a UCI move", i + 1))?;
                let ply = if uci == UciMove::Null {
                    Ply::Null
                } else {
                    Ply::Move(
                        uci.to_move(&pos)
                            .map_err(|_| format!("move {}: {tok} is not legal", i + 1))?,
                    )
                };
                game::play_ply(&mut pos, &ply).map_err(|e| format!("move {}: {e}", i + 1))?;
                plies.push(ply);
            }
            let bytes =
                uci16::encode_moves_with(&start, &plies, opts).map_err(|e| e.to_string())?;
            println!("{}", to_hex(&bytes));
        }
        other => return Err(format!("uci16: unknown subcommand {other:?}")),
    }
    Ok(ExitCode::SUCCESS)
}
