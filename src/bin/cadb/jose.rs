//! `cadb jose decode --bin HEX [--comments HEX] [--fen FEN]` (prints PGN movetext) and
//! `cadb jose encode [--fen FEN] < movetext` (prints `BIN_HEX<TAB>COMMENTS_HEX`, Jose's import).

use std::process::ExitCode;

use cadb::game::pgn::PgnWriter;

use crate::{
    hex::{Hex, to_hex},
    stdin::stdin_text,
};

#[derive(clap::Args)]
#[command(arg_required_else_help = true)]
pub struct JoseArgs {
    #[command(subcommand)]
    cmd: JoseCmd,
    /// The start position [default: the standard one]
    #[arg(long, value_name = "FEN", global = true)]
    fen: Option<String>,
}

#[derive(clap::Subcommand)]
enum JoseCmd {
    /// Print the PGN movetext of a GameText move stream and its comments.
    Decode {
        /// The move stream (Jose's bin column)
        #[arg(long, value_name = "HEX")]
        bin: Hex,
        /// The comment stream (Jose's comments column) [default: none]
        #[arg(long, value_name = "HEX")]
        comments: Option<Hex>,
    },
    /// Read PGN movetext on stdin; print BIN_HEX<TAB>COMMENTS_HEX, as Jose imports them.
    Encode,
}

pub fn run(args: JoseArgs) -> Result<ExitCode, String> {
    let fen = args.fen.as_deref();
    match args.cmd {
        JoseCmd::Decode { bin, comments } => {
            let comments = comments.unwrap_or_default();
            say!("{}", decode_movetext(&bin.0, &comments.0, fen)?);
        }
        JoseCmd::Encode => {
            let (bin, comments) =
                cadb::jose::import_pgn(&stdin_text()?, fen).map_err(|e| e.to_string())?;
            say!("{}\t{}", to_hex(&bin), to_hex(&comments));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The PGN movetext of a GameText stream: the PGN writer's output without its tag section.
fn decode_movetext(bin: &[u8], comments: &[u8], fen: Option<&str>) -> Result<String, String> {
    let mut out = String::new();
    cadb::jose::decode_with(bin, comments, fen, &mut PgnWriter::new(&mut out))
        .map_err(|e| e.to_string())?;
    let movetext = out.split_once("\n\n").map_or(out.as_str(), |(_, m)| m);
    Ok(movetext.trim_end().to_string())
}
