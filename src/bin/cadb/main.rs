//! `cadb`: the command-line face of the library (feature `cli`).
//!
//! Each command family lives in its own file; this one only dispatches.

mod args;
mod bench;
mod ca_cmds;
mod dbfiles;
mod hex;
mod jose;
mod mgc;
mod pgn_validate;
mod stats;
mod stdin;
mod tree;
mod uci16;
mod write;

use std::process::ExitCode;

use args::Args;

const USAGE: &str = "\
cadb: read Chess Assistant databases and compact chess move codecs

USAGE:
  cadb info DB [--encoding NAME]
  cadb pgn DB [--game N] [--encoding NAME]
  cadb json DB --game N [--encoding NAME]
  cadb write OUT_DIR/STEM < games.pgn
  cadb jose decode --bin HEX [--comments HEX] [--fen FEN]
  cadb jose encode [--fen FEN] < movetext
  cadb uci16 decode HEX [--fen FEN]
  cadb uci16 encode [--fen FEN] < uci moves
  cadb mgc encode|decode [--ordering san|seed|best] [--fen FEN]
  cadb pgc encode|decode [--ordering san|seed|best] [--fen FEN]
  cadb tree DB|games.pgn --fen FEN [--out FILE]
  cadb stats DB|games.pgn [--markdown]
  cadb bench DB [--vs-pgn PGN] [--rounds N] [--json]

DB is a .CDP path or a folder; the five files (CDP, EMB, D00, A02, D02) are
found by stem, ignoring case. Encodings: cp1251 (default), cp866, latin1, utf-8.
Hex is lowercase without spaces.
";

fn main() -> ExitCode {
    let mut args = Args::from_env();
    let Some(cmd) = args.next_positional() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "info" | "pgn" | "json" => ca_cmds::run(&cmd, &mut args),
        "write" => write::run(&mut args),
        "jose" => jose::run(&mut args),
        "uci16" => uci16::run(&mut args),
        "mgc" | "pgc" => mgc::run(&cmd, &mut args),
        "tree" => tree::run(&mut args),
        "stats" => stats::run(&mut args),
        "bench" => bench::run_bench(&mut args),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("cadb: {message}");
            ExitCode::from(2)
        }
    }
}
