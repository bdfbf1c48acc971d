//! `cadb`: the command-line face of the library (feature `cli`).
//!
//! Clap reads the arguments; each command family lives in its own file, and
//! this one only names the commands and dispatches.

#[macro_use]
mod terminal;
mod annotate;
mod bench;
mod ca_cmds;
mod dbfiles;
mod doctor;
mod filters;
mod hex;
mod jose;
mod mgc;
mod opening;
mod pgn;
mod pgn_validate;
mod player;
mod reader;
mod search;
mod stats;
mod stdin;
mod threads;
mod tree;
mod uci16;
mod values;
mod write;

use std::process::ExitCode;

use cadb::ordinal::Format;
use clap::{Parser, Subcommand};

/// Read Chess Assistant databases and compact chess move codecs.
#[derive(Parser)]
#[command(
    name = "cadb",
    version,
    arg_required_else_help = true,
    after_help = "\
DB is a .CDP path or a folder; the five files (CDP, EMB, D00, A02, D02) are
found by stem, ignoring case. Hex is printed lowercase without spaces, and read
in either case, spaces ignored."
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Summary of a database: game count, lists, convention, encoding, warnings.
    Info(ca_cmds::InfoArgs),
    /// Every reading the reader inferred, with its evidence, and every warning
    /// (counts only: safe to paste into a problem report).
    Doctor(doctor::DoctorArgs),
    /// A database's games as PGN (exit 1 if some could not be fully decoded).
    Pgn(pgn::PgnArgs),
    /// One game of a database as JSON.
    Json(ca_cmds::JsonArgs),
    /// PGN on stdin to a new database OUT_DIR/STEM.CDP, .EMB, .D00, .A02, .D02.
    Write(write::WriteArgs),
    /// Jose GameText bytecode: decode to PGN movetext, or encode it.
    Jose(jose::JoseArgs),
    /// UCI16 move lists (16 bits a move): decode to UCI moves, or encode them.
    Uci16(uci16::Uci16Args),
    /// MGC, Mallett's nibble-coded move ordinals: decode to SAN, or encode moves.
    Mgc(mgc::OrdinalArgs),
    /// PGC, move ordinals a byte each (PGN standard §20): decode to SAN, or encode.
    Pgc(mgc::OrdinalArgs),
    /// The games that reach a position, or whose material, patterns, maneuvers or annotations match: game index and ply, one line each.
    Search(Box<search::SearchArgs>),
    /// A player's card: score as White and Black, by year, by opening, against opponents.
    Player(player::PlayerArgs),
    /// Each game's opening by position (lichess's names), beside its stored ECO;
    /// or, with --table, the openings table as a file.
    Opening(opening::OpeningArgs),
    /// The games whose headers match (every option given): one index a line.
    Find(Box<player::FindArgs>),
    /// An opening tree from a database, PGN or a saved tree, for one position.
    Tree(tree::TreeArgs),
    /// The compactness table: every game transcoded into every format.
    Stats(stats::StatsArgs),
    /// Every game analysed by a UCI engine, as PGN with [%eval] and the
    /// marks ?!, ?, ?? (lichess's rule); resumes a stopped run from its output.
    Annotate(annotate::AnnotateArgs),
    /// Decoding speed of a database, beside pgn-reader on the same games.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    // Usage errors: clap's message and exit 2; help and version: exit 0.
    let result = match Cli::parse().command {
        Cmd::Info(a) => ca_cmds::info(a),
        Cmd::Doctor(a) => doctor::run(a),
        Cmd::Pgn(a) => pgn::pgn(a),
        Cmd::Json(a) => ca_cmds::json(a),
        Cmd::Write(a) => write::run(a),
        Cmd::Jose(a) => jose::run(a),
        Cmd::Uci16(a) => uci16::run(a),
        Cmd::Mgc(a) => mgc::run(Format::Mgc, a),
        Cmd::Pgc(a) => mgc::run(Format::Pgc, a),
        Cmd::Search(a) => search::run(*a),
        Cmd::Player(a) => player::player(a),
        Cmd::Opening(a) => opening::run(a),
        Cmd::Find(a) => player::find(*a),
        Cmd::Tree(a) => tree::run(a),
        Cmd::Stats(a) => stats::run(a),
        Cmd::Annotate(a) => annotate::run(a),
        Cmd::Bench(a) => bench::run_bench(a),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            warn!("cadb: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Clap's own consistency checks (names, defaults, value parsers).
    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
