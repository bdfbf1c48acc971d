//! `cadb uci16 decode HEX [--fen FEN] [--allow-null]` and
//! `cadb uci16 encode [--fen FEN] [--allow-null] < uci moves`.

use std::process::ExitCode;

use cadb::game::{self, Ply};
use cadb::uci16::{self, Uci16Options};
use shakmaty::{CastlingMode, uci::UciMove};

use crate::{
    hex::{Hex, to_hex},
    stdin::stdin_text,
};

#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct Uci16Args {
    #[command(subcommand)]
    cmd: Uci16Cmd,
    /// The start position [default: the standard one]
    #[arg(long, value_name = "FEN", global = true)]
    fen: Option<String>,
    /// Allow null moves (0000 in UCI, the word 0x0000 in UCI16)
    #[arg(long, global = true)]
    allow_null: bool,
}

#[derive(clap::Subcommand)]
enum Uci16Cmd {
    /// Print the UCI moves of a UCI16 move list.
    Decode {
        /// The move list
        #[arg(value_name = "HEX")]
        hex: Hex,
    },
    /// Read UCI moves on stdin; print their UCI16 move list as hex.
    Encode,
}

pub fn run(args: Uci16Args) -> Result<ExitCode, String> {
    let opts = Uci16Options {
        allow_null: args.allow_null,
    };
    let start = game::start_position(args.fen.as_deref()).map_err(|e| e.to_string())?;
    match args.cmd {
        Uci16Cmd::Decode { hex } => {
            let plies = uci16::decode_moves(&hex.0, &start, opts).map_err(|e| e.to_string())?;
            let words: Vec<String> = plies
                .iter()
                .map(|p| match p {
                    Ply::Move(m) => m.to_uci(CastlingMode::Standard).to_string(),
                    Ply::Null => "0000".into(),
                })
                .collect();
            say!("{}", words.join(" "));
        }
        Uci16Cmd::Encode => {
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
            say!("{}", to_hex(&bytes));
        }
    }
    Ok(ExitCode::SUCCESS)
}
