//! `cadb jose decode --bin HEX [--comments HEX] [--fen FEN]` (prints PGN movetext) and
//! `cadb jose encode [--fen FEN] < movetext` (prints `BIN_HEX<TAB>COMMENTS_HEX`, Jose's import).

use std::process::ExitCode;

use cadb::game::pgn::PgnWriter;

use crate::{
    args::Args,
    hex::{from_hex, to_hex},
    stdin::stdin_text,
};

pub fn run(args: &mut Args) -> Result<ExitCode, String> {
    let sub = args
        .next_positional()
        .ok_or("jose: expected encode or decode")?;
    let fen = args.option("fen")?;
    match sub.as_str() {
        "decode" => {
            let bin = from_hex(
                &args
                    .option("bin")?
                    .ok_or("jose decode: expected --bin HEX")?,
            )?;
            let comments = from_hex(&args.option("comments")?.unwrap_or_default())?;
            args.finish()?;
            println!("{}", decode_movetext(&bin, &comments, fen.as_deref())?);
        }
        "encode" => {
            args.finish()?;
            let (bin, comments) = cadb::jose::import_pgn(&stdin_text()?, fen.as_deref())
                .map_err(|e| e.to_string())?;
            println!("{}\t{}", to_hex(&bin), to_hex(&comments));
        }
        other => return Err(format!("jose: unknown subcommand {other:?}")),
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
